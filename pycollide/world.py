"""A World: static geometry made of tile maps and collections of shapes, built once."""

from __future__ import annotations

from typing import Any, List, Tuple, Union

import numpy as np

from ._native import check_rc, double_ptr, ffi, lib
from .shapes import Lines, Shapes, kind_names
from .tiles import TileMap

__all__ = ["World", "c_parts"]


class ShapeTree:
    """The broad-phase tree over one 1-D collection (the workspace of
    ``pc_pairs_prepare``), built once and read by any number of queries."""

    __slots__ = ("shapes", "work", "ptr")

    def __init__(self, verb: str, shapes: Shapes):
        self.shapes = shapes
        data = np.ascontiguousarray(shapes._data)  # read once: the workspace keeps its own sorted copy
        n = len(shapes)
        self.work = np.empty(lib.pc_pairs_workspace(shapes.kind, n, shapes.kind, 0), dtype=np.uint8)
        self.ptr = ffi.from_buffer(self.work)
        check_rc(
            verb,
            lib.pc_pairs_prepare(shapes.kind, double_ptr(data), n, shapes.kind, ffi.NULL, 0, self.ptr, self.work.size),
        )


Part = Union[TileMap, Shapes]


class World:
    """Static geometry: tile maps and 1-D collections of shapes of any kinds.

    ``World(*parts)`` builds each collection's broad-phase tree once (the one
    :func:`pairs` uses), so that every later :func:`raycast` against the world
    walks trees instead of testing every shape.  Part ``k`` is ``parts[k]``;
    results name the part hit and the index within it (for a tile map, the
    flat cell ``row * cols + col``).  The parts are kept as given: shapes are
    immutable, so the world cannot go stale.

    A world must have at least one part; a part may be empty.

    Examples
    --------
    >>> import pycollide as pc
    >>> table = pc.World(pc.Segments([[0, 0, 10, 0], [0, 5, 10, 5]]), pc.Circles([[5, 2.5, 0.5]]))
    >>> r = pc.raycast([[1, 2.5], [1, 1]], [1, 0], table)
    >>> r.hit.tolist(), r.distance.tolist(), r.part.tolist(), r.index.tolist()
    ([True, False], [3.5, inf], [1, -1], [0, -1])
    """

    __slots__ = ("_parts", "_trees")

    def __init__(self, *parts: Union[TileMap, Shapes]) -> None:
        verb = "World"
        if not parts:
            raise ValueError(f"{verb}: give at least one part (a TileMap or a 1-D collection of shapes)")
        kept: List[Part] = []
        trees: List[Union[ShapeTree, None]] = []
        for k, p in enumerate(parts):
            if isinstance(p, TileMap):
                kept.append(p)
                trees.append(None)
            elif isinstance(p, Shapes) and not isinstance(p, Lines):
                if p.ndim != 1:
                    raise ValueError(
                        f"{verb}: part {k} must be a 1-D collection of shapes, got leading shape {p.shape}"
                    )
                if len(p) >= 2**31:
                    raise ValueError(f"{verb}: part {k} holds {len(p)} shapes; at most {2**31 - 1} are supported")
                kept.append(p)
                trees.append(ShapeTree(verb, p))
            else:
                raise TypeError(
                    f"{verb}: part {k} must be a TileMap or a 1-D collection of shapes "
                    f"({kind_names()}), "
                    f"got {type(p).__name__}"
                )
        self._parts: Tuple[Part, ...] = tuple(kept)
        self._trees = tuple(trees)

    @property
    def parts(self) -> Tuple[Part, ...]:
        """The parts, in the order given."""
        return self._parts

    def __len__(self) -> int:
        return len(self._parts)

    def __reduce__(self) -> Tuple[Any, ...]:
        # rebuilt from its parts: each tree is rebuilt where it is unpickled
        return (World, self._parts)

    def __repr__(self) -> str:
        inner = ", ".join(
            f"TileMap({p.shape[0]}x{p.shape[1]})" if isinstance(p, TileMap) else f"{type(p).__name__}[{len(p)}]"
            for p in self._parts
        )
        return f"World({inner})"


def c_parts(verb: str, world: Union[TileMap, World]) -> Tuple[Any, list]:
    """The C description of a world's parts (a TileMap is a world of one),
    and what keeps it alive."""
    if isinstance(world, TileMap):
        pieces: list = [(world, None)]
    else:
        pieces = list(zip(world._parts, world._trees))
    if len(pieces) > lib.PC_WORLD_MAX_PARTS:
        raise ValueError(f"{verb}: a World may have at most {lib.PC_WORLD_MAX_PARTS} parts here, got {len(pieces)}")
    parts = ffi.new("pc_world_part[]", len(pieces))
    for k, (p, tree) in enumerate(pieces):
        if tree is None:
            parts[k].map = p._c
        else:
            parts[k].map = ffi.NULL
            parts[k].work = tree.ptr
            parts[k].work_bytes = tree.work.size
            parts[k].magnitude = tree.shapes._magnitude
    return parts, pieces
