"""Compound bodies: several parts of any shape types moving as one (seed 004's "areas").

A :class:`Compound` holds its parts in local coordinates and their bounding
box.  :meth:`Compound.at` places copies of it (:class:`Placed`), which
:func:`~pycollide.overlaps`, :func:`~pycollide.contact` and
:func:`~pycollide.pairs` accept against each other and against plain shapes:
the bounding boxes are tested first, and the parts only where those meet.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from .shapes import Boxes, Circles, Lines, Points, Segments, Shapes, Triangles, as_float_array

__all__ = ["Compound", "Placed"]

_ORDER = (Points, Circles, Boxes, Segments, Triangles)  # part groups, in kind order


def _part_bounds(cls: type, data: np.ndarray) -> np.ndarray:
    """(..., 4) closed bounding boxes of shapes of one type (a circle's rounded
    outward, so that the box holds the circle exactly)."""
    if cls is Circles:
        x, y, r = data[..., 0], data[..., 1], data[..., 2]
        with np.errstate(over="ignore"):
            return np.stack([np.nextafter(x - r, -np.inf), np.nextafter(y - r, -np.inf),
                             np.nextafter(x + r, np.inf), np.nextafter(y + r, np.inf)], axis=-1)
    if cls is Boxes:
        return data
    xs, ys = data[..., 0::2], data[..., 1::2]
    return np.stack([xs.min(-1), ys.min(-1), xs.max(-1), ys.max(-1)], axis=-1)


def _union(boxes: List[np.ndarray]) -> np.ndarray:
    """The bounding box of boxes (..., k, 4) over their k axis, concatenated."""
    allb = np.concatenate(boxes, axis=-2)
    return np.concatenate([allb[..., :2].min(-2), allb[..., 2:].max(-2)], axis=-1)


class Compound:
    """A body made of parts of any shape types, in local coordinates.

    Parameters
    ----------
    parts : a shape array, or a sequence of them
        Points, Circles, Boxes, Segments or Triangles of any leading shape (all
        their shapes are parts), relative to the body's origin.

    Attributes
    ----------
    parts : dict
        The parts grouped by type: ``{Boxes: Boxes(...), ...}``, each 1-D.
    bounds : Boxes
        The parts' bounding box (one box), in local coordinates.

    Examples
    --------
    Seed 004's two plus-shaped areas: their bounding boxes overlap, their parts
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

    def __init__(self, parts: Any) -> None:
        if isinstance(parts, Shapes):
            parts = [parts]
        if not isinstance(parts, (list, tuple)) or not parts:
            raise TypeError("Compound: `parts` must be a shape array or a non-empty sequence of them, "
                            f"got {type(parts).__name__}")
        groups: Dict[type, List[np.ndarray]] = {}
        for k, p in enumerate(parts):
            if not isinstance(p, Shapes) or isinstance(p, Lines):
                raise TypeError(f"Compound: `parts[{k}]` must be Points, Circles, Boxes, Segments or "
                                f"Triangles, got {type(p).__name__}")
            groups.setdefault(type(p), []).append(np.asarray(p).reshape(-1, p.width))
        self.parts: Dict[type, Shapes] = {
            cls: cls(np.concatenate(groups[cls])) for cls in _ORDER if cls in groups}
        if not any(len(p) for p in self.parts.values()):
            raise ValueError("Compound: `parts` holds no shape")
        boxes = [_part_bounds(cls, np.asarray(p)) for cls, p in self.parts.items()]
        for (cls, p), b in zip(self.parts.items(), boxes):
            bad = ~np.isfinite(b).all(axis=-1)
            if bad.any():
                k = int(np.flatnonzero(bad)[0])
                raise ValueError(f"Compound: `parts`: the bounding box of a part overflows the doubles: "
                                 f"{cls.__name__[:-1].lower()} {np.asarray(p)[k].tolist()} reaches beyond "
                                 "+-1.8e308")
        self.bounds = Boxes(_union(boxes))

    def __repr__(self) -> str:
        counts = ", ".join(f"{len(p)} {cls.__name__.lower()}" for cls, p in self.parts.items())
        return f"Compound({counts}; bounds {np.asarray(self.bounds).tolist()})"

    def at(self, positions: Any, flip_x: Any = False, flip_y: Any = False) -> "Placed":
        """Copies of the body with their origins at ``positions``.

        Parameters
        ----------
        positions : array of shape (n, 2), or (2,) for one copy
        flip_x, flip_y : bool or array of n bools
            Mirror the parts about the body's origin: ``flip_x`` maps local x to
            -x (the body faces the other way), per copy if arrays are given.

        Placing a part adds the position to its coordinates in float64, so a
        placed part is that rounded sum; every answer about it is then exact.
        """
        pos = as_float_array(positions, "Compound.at", "positions")
        if pos.ndim not in (1, 2) or pos.shape[-1] != 2:
            raise ValueError(f"Compound.at: `positions` must have shape (n, 2) or (2,); got {pos.shape}")
        if not np.all(np.isfinite(pos)):
            raise ValueError("Compound.at: `positions` must be finite")
        lead = pos.shape[:-1]
        pos = pos.reshape(-1, 2).astype(np.float64)
        n = len(pos)
        sx = self._signs(flip_x, "flip_x", n)
        sy = self._signs(flip_y, "flip_y", n)
        placed = {}
        for cls, part in self.parts.items():
            local = np.asarray(part)[None, :, :]  # (1, p, w)
            world = np.array(np.broadcast_to(local, (n,) + local.shape[1:]))
            ncoord = 2 if cls is Circles else cls.width
            with np.errstate(over="ignore"):  # an overflow is reported by the validation below
                world[..., 0:ncoord:2] = pos[:, None, 0:1] + sx[:, None, None] * local[..., 0:ncoord:2]
                world[..., 1:ncoord:2] = pos[:, None, 1:2] + sy[:, None, None] * local[..., 1:ncoord:2]
            if cls is Boxes:  # a mirrored box swaps its min and max
                world[..., [0, 2]] = np.sort(world[..., [0, 2]], axis=-1)
                world[..., [1, 3]] = np.sort(world[..., [1, 3]], axis=-1)
            try:
                placed[cls] = cls(world)
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

    def __init__(self, compound: Compound, positions: np.ndarray, sx: np.ndarray, sy: np.ndarray,
                 parts: Dict[type, Shapes]) -> None:
        self.compound, self.positions, self._sx, self._sy = compound, positions, sx, sy
        self.parts = parts
        # the copies' boxes, from the placed parts themselves (so they hold them exactly)
        bounds = _union([_part_bounds(cls, np.asarray(p)) for cls, p in parts.items()])
        if not np.isfinite(bounds).all():
            raise ValueError("Compound.at: a placed copy's bounding box overflows the doubles (a part reaches "
                             "beyond +-1.8e308)")
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
        parts = {cls: type(p)._trusted(np.asarray(p).reshape(n, p.shape[-1], p.width), p._magnitude)
                 for cls, p in self.parts.items()}
        return Placed(self.compound, self.positions.reshape(n, 2), self._sx.reshape(n), self._sy.reshape(n),
                      parts)

    def __repr__(self) -> str:
        return f"Placed({self.compound!r}, shape {self.shape})"


# ---- the verbs on placed compounds -------------------------------------------

def _flat(value: Any) -> Tuple[Tuple[int, ...], Any]:
    """(leading shape, value with one flat leading axis)."""
    if isinstance(value, Placed):
        return value.shape, value.flat()
    return value.shape, value[(None,)] if value.ndim == 0 else type(value)._trusted(
        np.asarray(value).reshape(-1, value.width), value._magnitude)


def _pieces(value: Any) -> List[Tuple[Shapes, bool]]:
    """The shape arrays a side is made of, each (m, p): the placed parts of each
    type, or a plain array as one part per element."""
    if isinstance(value, Placed):
        return list(value.parts.values())
    return [value[:, None]]


def _bounds(value: Any) -> Shapes:
    return value.bounds if isinstance(value, Placed) else value


def _broadcast(verb: str, a: Any, b: Any) -> Tuple[Tuple[int, ...], np.ndarray, np.ndarray, Any, Any]:
    """The broadcast shape S of a and b and, for every element of S (flat), the
    index of its a and of its b (a and b flattened)."""
    sa, fa = _flat(a)
    sb, fb = _flat(b)
    try:
        shape = np.broadcast_shapes(sa, sb)
    except ValueError:
        raise ValueError(f"{verb}: the shapes of `a` {sa} and `b` {sb} do not broadcast together") from None
    ia = np.broadcast_to(np.arange(int(np.prod(sa))).reshape(sa), shape).ravel()
    ib = np.broadcast_to(np.arange(int(np.prod(sb))).reshape(sb), shape).ravel()
    return shape, ia, ib, fa, fb


def check_side(verb: str, name: str, value: Any) -> Any:
    """A placed compound or a plain shape array, else the verb's TypeError."""
    if isinstance(value, Placed):
        return value
    from .overlap import _check_shapes
    return _check_shapes(verb, name, value)


def overlaps(a: Any, b: Any, out: Optional[np.ndarray], touching: bool, threads: Any,
             prepare_out) -> Any:
    from .overlap import overlaps as plain_overlaps
    a, b = check_side("overlaps", "a", a), check_side("overlaps", "b", b)
    shape, ia, ib, fa, fb = _broadcast("overlaps", a, b)
    result = prepare_out("overlaps", out, shape)
    hit = np.zeros(len(ia), dtype=bool)
    # bounds first (closed: they contain the parts, so this never loses a pair) ...
    near = np.flatnonzero(plain_overlaps(_bounds(fa)[ia], _bounds(fb)[ib], threads=threads))
    # ... then every part of one against every part of the other, where the bounds meet
    for pa in _pieces(fa):
        for pb in _pieces(fb):
            todo = near[~hit[near]]
            if len(todo):
                m = plain_overlaps(pa[ia[todo]][:, :, None], pb[ib[todo]][:, None, :],
                                   touching=touching, threads=threads)
                hit[todo] = m.reshape(len(todo), -1).any(axis=1)
    result[...] = hit.reshape(shape)
    if out is None and result.ndim == 0:
        return result[()]
    return result


def contact_data(a: Any, b: Any, threads: Any, plain_contact_data) -> np.ndarray:
    """(S, 7) contact data: of the pair of parts with the smallest separation."""
    a, b = check_side("contact", "a", a), check_side("contact", "b", b)
    shape, ia, ib, fa, fb = _broadcast("contact", a, b)
    best = np.full((len(ia), 7), np.inf)
    for pa in _pieces(fa):
        for pb in _pieces(fb):
            if not len(ia):
                continue
            d = plain_contact_data("contact", pa[ia][:, :, None], pb[ib][:, None, :], threads)
            d = d.reshape(len(ia), -1, 7)
            k = np.argmin(d[..., 0], axis=1)
            cand = d[np.arange(len(ia)), k]
            better = cand[:, 0] < best[:, 0]
            best[better] = cand[better]
    return best.reshape(shape + (7,))


def pairs(a: Any, b: Any, touching: bool, threads: Any, pair_indices) -> np.ndarray:
    """Bounds first (the broad phase over the copies' bounding boxes), then parts."""
    from .pairs import _collection
    for name, v in (("a", a), ("b", b)):
        if v is None:
            continue
        if isinstance(check_side("pairs", name, v), Placed):
            if v.ndim != 1:
                raise ValueError(f"pairs: `{name}` must be a 1-D collection of shapes, got leading shape "
                                 f"{v.shape}")
        else:
            _collection("pairs", name, v)
    from ._native import lib
    cand = pair_indices("pairs", _bounds(a), None if b is None else _bounds(b), lib.PC_TOUCHING, threads)
    if not cand.shape[1]:
        return cand
    keep = overlaps(a[cand[0]], (a if b is None else b)[cand[1]], None, touching, threads,
                    lambda verb, out, shape: np.empty(shape, dtype=bool))
    return np.ascontiguousarray(cand[:, keep])
