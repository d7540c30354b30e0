"""A World: static geometry made of tile maps and collections of shapes, built once."""

from __future__ import annotations

from typing import Any, List, Tuple, Union

import numpy as np

from ._native import check_rc, double_ptr, ffi, lib
from .shapes import Lines, Shapes, kind_names
from .tiles import TileMap

__all__ = ["World", "OneWay", "c_parts"]


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


Part = Union[TileMap, Shapes, Any]  # Any: Polylines, Regions (outlines.py imports this module's users)


def _is_outline(p: Any) -> bool:
    return getattr(type(p), "is_outline", False) is True


class OneWay:
    r"""A one-way part of a :class:`World`: a tile map or a 1-D collection of
    shapes that :func:`move` lets movers pass from one side, as a platform a
    platformer's hero jumps up through and lands on.

    ``OneWay(part, up=(0, 1))``: for a mover of :func:`move` the part is
    solid only for a sweep that moves against ``up`` (its displacement's dot
    product with ``up`` is negative) from where the mover does not strictly
    overlap it: a mover jumping up through it, or still inside it, passes;
    one landing on it from above stands on it.  Every other query (overlaps,
    contact, raycast, sweep, advance, slide) treats it as solid.

    >>> import pycollide as pc
    >>> ledge = pc.OneWay(pc.Boxes([[2, 2, 6, 2.25]]))
    >>> level = pc.World(pc.TileMap.from_text("........\n........\n########"), ledge)
    >>> hero = pc.Boxes([3, 1, 3.5, 1.5])                   # under the ledge, on the floor
    >>> up = pc.move(hero, [0, 2], level)                   # jumps up through it
    >>> up.shapes, bool(up.on_ceiling)
    (Boxes([3. , 3. , 3.5, 3.5]), False)
    >>> down = pc.move(up.shapes, [0, -2], level)            # and lands on it
    >>> down.shapes, bool(down.on_floor), int(down.ground_part)
    (Boxes([3.  , 2.25, 3.5 , 2.75]), True, 1)
    """

    __slots__ = ("part", "up")

    def __init__(self, part: Part, up: Any = (0.0, 1.0)) -> None:
        if not (isinstance(part, (TileMap, Shapes)) or _is_outline(part)) or isinstance(part, Lines):
            raise TypeError(
                "OneWay: `part` must be a TileMap, Polylines, Regions or a 1-D collection of shapes, "
                f"got {type(part).__name__}"
            )
        try:
            u = np.array(up, dtype=np.float64)
        except (TypeError, ValueError):
            raise TypeError(f"OneWay: `up` must be two numbers, got {up!r}") from None
        if u.shape != (2,) or not np.isfinite(u).all() or not u.any():
            raise ValueError(f"OneWay: `up` must be two finite numbers, not both 0, got {up!r}")
        self.part: Part = part
        self.up: Tuple[float, float] = (float(u[0]), float(u[1]))

    def __repr__(self) -> str:
        return f"OneWay({self.part!r}, up={self.up})"

    def __reduce__(self) -> Tuple[Any, ...]:
        return (OneWay, (self.part, self.up))


class World:
    """Static geometry: tile maps, outlines and 1-D collections of shapes of any kinds.

    ``World(*parts)`` builds each collection's broad-phase tree once (the one
    :func:`pairs` uses), so that every later :func:`raycast` against the world
    walks trees instead of testing every shape.  A :class:`Polylines` or
    :class:`Regions` part is a level's outline (a floor, terrain, a concave
    wall with holes): a polyline is its closed edges, a region its closed
    area; shapes slide along them without catching on their vertices (the
    face's normal at every joint where the boundary runs straight on or
    turns away).  Part ``k`` is ``parts[k]``;
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

    __slots__ = ("_parts", "_trees", "_up")

    def __init__(self, *parts: Union[Part, OneWay]) -> None:
        verb = "World"
        if not parts:
            raise ValueError(f"{verb}: give at least one part (a TileMap or a 1-D collection of shapes)")
        kept: List[Part] = []
        trees: List[Union[ShapeTree, None]] = []
        ups: List[Union[Tuple[float, float], None]] = []
        for k, p in enumerate(parts):
            ups.append(p.up if isinstance(p, OneWay) else None)
            if isinstance(p, OneWay):
                p = p.part
            if isinstance(p, TileMap) or _is_outline(p):
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
                    f"{verb}: part {k} must be a TileMap, Polylines, Regions or a 1-D collection of shapes "
                    f"({kind_names()}), "
                    f"got {type(p).__name__}"
                )
        self._parts: Tuple[Part, ...] = tuple(kept)
        self._trees = tuple(trees)
        self._up = tuple(ups)

    @property
    def parts(self) -> Tuple[Part, ...]:
        """The parts, in the order given (a :class:`OneWay` part's own tile map or shapes)."""
        return self._parts

    @property
    def one_way(self) -> Tuple[Union[Tuple[float, float], None], ...]:
        """Per part: its ``up`` when it is one-way (:class:`OneWay`), else None."""
        return self._up

    def __len__(self) -> int:
        return len(self._parts)

    def __reduce__(self) -> Tuple[Any, ...]:
        # rebuilt from its parts: each tree is rebuilt where it is unpickled
        return (World, tuple(p if u is None else OneWay(p, u) for p, u in zip(self._parts, self._up)))

    def __repr__(self) -> str:
        names = [
            f"TileMap({p.shape[0]}x{p.shape[1]})" if isinstance(p, TileMap) else f"{type(p).__name__}[{len(p)}]"
            for p in self._parts
        ]
        inner = ", ".join(name if u is None else f"OneWay({name}, up={u})" for name, u in zip(names, self._up))
        return f"World({inner})"


def c_parts(verb: str, world: Union[TileMap, World]) -> Tuple[Any, list]:
    """The C description of a world's parts (a TileMap is a world of one),
    and what keeps it alive."""
    if isinstance(world, TileMap):
        pieces: list = [(world, None)]
        ups: Tuple[Any, ...] = (None,)
    else:
        pieces = list(zip(world._parts, world._trees))
        ups = world._up
    if len(pieces) > lib.PC_WORLD_MAX_PARTS:
        raise ValueError(f"{verb}: a World may have at most {lib.PC_WORLD_MAX_PARTS} parts here, got {len(pieces)}")
    parts = ffi.new("pc_world_part[]", len(pieces))
    for k, (p, tree) in enumerate(pieces):
        if _is_outline(p):
            parts[k].map = ffi.NULL
            parts[k].outlines = p._c()
        elif tree is None:
            parts[k].map = p._c
        else:
            parts[k].map = ffi.NULL
            parts[k].work = tree.ptr
            parts[k].work_bytes = tree.work.size
            parts[k].magnitude = tree.shapes._magnitude
        if ups[k] is not None:
            parts[k].one_way = 1
            parts[k].up = ups[k]
    return parts, pieces
