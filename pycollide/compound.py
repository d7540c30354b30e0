"""Compound bodies: several parts of any shape types moving as one.

A :class:`Compound` holds its parts in local coordinates and their bounding
box.  :meth:`Compound.at` places copies of it (:class:`Placed`), which
:func:`~pycollide.overlaps`, :func:`~pycollide.contact` and
:func:`~pycollide.pairs` accept against each other and against plain shapes:
the bounding boxes are tested first, and the parts only where those meet.
"""

from __future__ import annotations

from typing import Any, Dict, List, Sequence, Tuple, Type, Union

import numpy as np
from numpy.typing import ArrayLike

from ._native import check_rc, double_ptr, lib
from .shapes import Boxes, Shapes, as_float_array, kind_names, solid_kinds

__all__ = ["Compound", "Placed"]


def _part_bounds(parts: Shapes) -> np.ndarray:
    """(..., 4) closed bounding boxes of shapes (each holds its shape exactly)."""
    return parts.bounds()


def _union(boxes: List[np.ndarray]) -> np.ndarray:
    """The bounding box of boxes (..., k, 4) over their k axis, concatenated."""
    allb = np.concatenate(boxes, axis=-2)
    return np.concatenate([allb[..., :2].min(-2), allb[..., 2:].max(-2)], axis=-1)


class Compound:
    """A body made of parts of any shape types, in local coordinates.

    Parameters
    ----------
    parts : a shape array, or a sequence of them
        Points, Circles, Boxes, Segments, Triangles, Capsules or Polygons of
        any leading shape (all their shapes are parts), relative to the
        body's origin.

    Attributes
    ----------
    parts : dict
        The parts grouped by type: ``{Boxes: Boxes(...), ...}``, each 1-D.
    bounds : Boxes
        The parts' bounding box (one box), in local coordinates.

    Examples
    --------
    Two plus-shaped bodies: their bounding boxes overlap, their parts
    only touch along y = 4.

    >>> import pycollide as pc
    >>> plus_a = pc.Compound(pc.Boxes([[-3, -1, 3, 1], [-1, -3, 1, 3]]))
    >>> plus_b = pc.Compound(pc.Boxes([[-2, -1, 0, 1], [0, -2, 2, 2]]))
    >>> a, b = plus_a.at([3, 3]), plus_b.at([7, 5])
    >>> bool(pc.overlaps(a.bounds, b.bounds, touching=False))
    True
    >>> bool(pc.overlaps(a, b)), bool(pc.overlaps(a, b, touching=False))
    (True, False)
    """

    def __init__(self, parts: Union[Shapes, Sequence[Shapes]]) -> None:
        if isinstance(parts, Shapes):
            parts = [parts]
        if not isinstance(parts, (list, tuple)) or not parts:
            raise TypeError(
                f"Compound: `parts` must be a shape array or a non-empty sequence of them, got {type(parts).__name__}"
            )
        groups: Dict[Type[Shapes], List[np.ndarray]] = {}
        for k, p in enumerate(parts):
            if not isinstance(p, Shapes) or not type(p).solid:
                raise TypeError(
                    f"Compound: `parts[{k}]` must be a shape array ({kind_names()}), got {type(p).__name__}"
                )
            groups.setdefault(type(p), []).append(np.asarray(p).reshape(-1, p.width))
        self.parts: Dict[Type[Shapes], Shapes] = {
            cls: cls(np.concatenate(groups[cls])) for cls in solid_kinds() if cls in groups
        }
        if not any(len(p) for p in self.parts.values()):
            raise ValueError("Compound: `parts` holds no shape")
        boxes = [_part_bounds(p) for p in self.parts.values()]
        for (cls, p), b in zip(self.parts.items(), boxes):
            bad = ~np.isfinite(b).all(axis=-1)
            if bad.any():
                k = int(np.flatnonzero(bad)[0])
                raise ValueError(
                    f"Compound: `parts`: the bounding box of a part overflows the doubles: "
                    f"{cls.__name__[:-1].lower()} {np.asarray(p)[k].tolist()} reaches beyond "
                    "+-1.8e308"
                )
        self.bounds = Boxes(_union(boxes))

    def __repr__(self) -> str:
        counts = ", ".join(f"{len(p)} {cls.__name__.lower()}" for cls, p in self.parts.items())
        return f"Compound({counts}; bounds {np.asarray(self.bounds).tolist()})"

    def at(self, positions: ArrayLike, flip_x: ArrayLike = False, flip_y: ArrayLike = False) -> "Placed":
        """Copies of the body with their origins at ``positions``.

        Parameters
        ----------
        positions : array of shape (n, 2), or (2,) for one copy
        flip_x, flip_y : bool or array of n bools
            Mirror the parts about the body's origin: ``flip_x`` maps local x to
            -x (the body faces the other way), per copy if arrays are given.

        Placing a part adds the position to its (mirrored) coordinates, each
        sum rounded once to a double (in C, whatever floating-point mode the
        caller has set); every answer about the placed part is then exact.
        """
        pos = as_float_array(positions, "Compound.at", "positions")
        if pos.ndim not in (1, 2) or pos.shape[-1] != 2:
            raise ValueError(f"Compound.at: `positions` must have shape (n, 2) or (2,); got {pos.shape}")
        if not np.all(np.isfinite(pos)):
            raise ValueError("Compound.at: `positions` must be finite")
        lead = pos.shape[:-1]
        pos = np.ascontiguousarray(pos.reshape(-1, 2), dtype=np.float64)
        n = len(pos)
        sx = self._signs(flip_x, "flip_x", n)
        sy = self._signs(flip_y, "flip_y", n)
        placed = {}
        for cls, part in self.parts.items():
            local = np.ascontiguousarray(part._data)
            world = np.empty((n,) + local.shape)
            if n and len(local):  # in C, each coordinate rounded once, whatever the caller's FP mode
                check_rc(
                    "Compound.at",
                    lib.pc_place(
                        cls.kind,
                        double_ptr(local),
                        len(local),
                        double_ptr(sx),
                        double_ptr(sy),
                        double_ptr(pos),
                        n,
                        double_ptr(world),
                    ),
                )
            try:
                placed[cls] = cls(world, copy=False)
            except ValueError as exc:
                raise ValueError(f"Compound.at: a placed part is out of range ({exc})") from None
        if not lead:  # one copy: drop the copies' axis
            return Placed(self, pos[0], sx[0, ...], sy[0, ...], {cls: p[0] for cls, p in placed.items()})
        return Placed(self, pos, sx, sy, placed)

    @staticmethod
    def _signs(flip: Any, name: str, n: int) -> np.ndarray:
        f = np.asarray(flip)
        if f.dtype != np.bool_:
            raise TypeError(f"Compound.at: `{name}` must be a bool or an array of bools, got dtype {f.dtype}")
        if f.ndim > 1 or (f.ndim == 1 and len(f) != n):
            raise ValueError(f"Compound.at: `{name}` must be one bool or {n} of them; got shape {f.shape}")
        return np.where(np.broadcast_to(f, (n,)), -1.0, 1.0)


class Placed:
    """Copies of a :class:`Compound` placed in the world (from :meth:`Compound.at`).

    ``shape`` is the copies' leading shape, like a shape array's: ``(n,)`` from
    n positions, ``()`` for one.  ``parts[cls]`` holds each copy's parts of
    that type (leading shape ``shape + (p,)``); ``bounds`` each copy's bounding
    box (Boxes of leading shape ``shape``).  Indexing acts on the leading axes
    (``placed[:, None]`` broadcasts against other shapes like a shape array),
    and ``len()`` works as for shape arrays.
    """

    __slots__ = ("compound", "positions", "_sx", "_sy", "parts", "bounds")

    def __init__(
        self,
        compound: Compound,
        positions: np.ndarray,
        sx: np.ndarray,
        sy: np.ndarray,
        parts: Dict[Type[Shapes], Shapes],
    ) -> None:
        self.compound, self.positions, self._sx, self._sy = compound, positions, sx, sy
        self.parts = parts
        # the copies' boxes, from the placed parts themselves (so they hold them exactly)
        bounds = _union([_part_bounds(p) for p in parts.values()])
        if not np.isfinite(bounds).all():
            raise ValueError(
                "Compound.at: a placed copy's bounding box overflows the doubles (a part reaches beyond +-1.8e308)"
            )
        self.bounds = Boxes(bounds)

    @property
    def shape(self) -> Tuple[int, ...]:
        return self.positions.shape[:-1]

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of a single placed compound (shape ())")
        return self.shape[0]

    def __getitem__(self, key: Any) -> "Placed":
        if not isinstance(key, tuple):
            key = (key,)
        if any(k is Ellipsis for k in key):
            raise IndexError("placed compounds do not take ... in an index")
        positions = self.positions[key + (slice(None),)]
        parts = {cls: p[key] for cls, p in self.parts.items()}  # the parts' own axis stays last
        return Placed(self.compound, positions, self._sx[key], self._sy[key], parts)

    def flat(self) -> "Placed":
        """The copies along one axis (a view of the same placements)."""
        n = int(np.prod(self.shape))
        parts = {
            cls: type(p)._trusted(np.asarray(p).reshape(n, p.shape[-1], p.width), p._magnitude)
            for cls, p in self.parts.items()
        }
        return Placed(self.compound, self.positions.reshape(n, 2), self._sx.reshape(n), self._sy.reshape(n), parts)

    def __repr__(self) -> str:
        return f"Placed({self.compound!r}, shape {self.shape})"
