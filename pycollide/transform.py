"""Rigid motions of shape arrays: rotate about the origin, then translate."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from . import _dispatch as d
from ._native import call, check_rc, lib, resolve_threads
from .shapes import KINDS, Boxes, Polygons, Shapes, as_float_array

__all__ = ["transform", "from_box"]


def transform(shapes: Shapes, translation: Any = (0.0, 0.0), angle: Any = 0.0, *,
              threads: Optional[int] = None) -> Shapes:
    """The shapes rotated by ``angle`` (radians, counter-clockwise) about the
    origin, then moved by ``translation``.

    ``shapes``, ``translation`` (layout ``(..., 2)``) and ``angle`` (``(...)``)
    broadcast over their leading axes like the queries.  Points, circles,
    segments, capsules, triangles and polygons keep their type (radii are
    kept); boxes become 4-gons (:class:`Polygons`, corners counter-clockwise
    from (xmin, ymin)).

    Rounding: every output coordinate is ``c x - s y + tx`` (``s x + c y + ty``)
    rounded once to the nearest double, with ``c, s = cos(angle), sin(angle)``
    as doubles, and exactly 0 and +-1 when ``angle`` is a double nearest a
    multiple of pi/2 (``np.pi / 2 * k``, ``np.radians(90 * k)``): quarter
    turns are exact.  A polygon whose rounded vertices are no longer convex
    (collinear vertices can bend inward by an ulp) becomes the convex hull of
    them.  The result is a new shape array, validated as any other, and every
    answer about it is exact for these rounded coordinates, as for
    :meth:`Compound.at`.

    >>> import pycollide as pc
    >>> t = pc.transform(pc.Boxes([0, 0, 2, 1]), translation=[10, 0], angle=np.pi / 2)
    >>> type(t).__name__, t.vertices.tolist()
    ('Polygons', [[10.0, 0.0], [10.0, 2.0], [9.0, 2.0], [9.0, 0.0]])
    >>> pc.transform(pc.Capsules([1, 0, 2, 0, 0.5]), angle=np.pi)
    Capsules([-1. ,  0. , -2. ,  0. ,  0.5])
    """
    verb = "transform"
    shapes = d.shapes_arg(verb, "shapes", shapes)
    move = d.vectors(verb, "translation", translation)
    turn = np.array(as_float_array(angle, verb, "angle"), dtype=np.float64, order="C")
    if not np.isfinite(turn).all():
        bad = tuple(int(i) for i in np.argwhere(~np.isfinite(turn))[0]) if turn.ndim else ()
        raise ValueError(f"{verb}: `angle` must be finite; angle{list(bad) if bad else ''} is {turn[bad]}")
    turn = turn[..., None]
    named = [("shapes", shapes._data.shape[:-1]), ("translation", move.shape[:-1]), ("angle", turn.shape[:-1])]
    shape = d.broadcast(verb, named)
    kind_out = lib.PC_POLYGON + 1 if shapes.kind == lib.PC_BOX else shapes.kind
    cls = next(c for c in KINDS.values() if c.kind == kind_out)
    out = np.empty(shape + (cls.width,), dtype=np.float64)
    if out.size:
        src = np.ascontiguousarray(shapes._data)
        args, ndim, dims = d.arrays(shape, [src, move, turn, out])
        check_rc(verb, call(out.size // cls.width, lib.pc_transform, shapes.kind, *args, ndim, dims,
                            resolve_threads(verb, threads, out.size // cls.width)))
    if issubclass(cls, Polygons):
        out = out.reshape(shape + (cls.vertex_count, 2))
    try:
        return cls(out, copy=False)
    except ValueError as exc:  # only non-finite results: a move beyond the doubles
        raise ValueError(f"{verb}: the result leaves the doubles ({exc})") from None


def from_box(center: Any, half_size: Any, angle: Any = 0.0) -> Polygons:
    """Oriented boxes as 4-gons: the box of the given half sizes (>= 0),
    rotated by ``angle`` (radians, counter-clockwise) about its centre and
    moved there.  The arguments broadcast; each corner is
    ``center + R(angle) (+-hx, +-hy)`` rounded once (see :func:`transform`),
    counter-clockwise from the corner at (-hx, -hy).  Also
    ``Polygons.from_box``.

    >>> import pycollide as pc
    >>> pc.Polygons.from_box([0, 0], [2, 1]).vertices.tolist()
    [[-2.0, -1.0], [2.0, -1.0], [2.0, 1.0], [-2.0, 1.0]]
    """
    h = as_float_array(half_size, "Polygons.from_box", "half_size")
    if h.ndim == 0 or h.shape[-1] != 2:
        raise ValueError(f"Polygons.from_box: `half_size` must have shape (..., 2); got shape {h.shape}")
    bad = ~(h >= 0) | ~np.isfinite(h)
    if bad.any():
        first = tuple(int(i) for i in np.argwhere(bad.any(axis=-1))[0]) if h.ndim > 1 else ()
        raise ValueError(f"Polygons.from_box: `half_size` must be >= 0 and finite; the first bad one is "
                         f"half_size[{', '.join(map(str, first))}] = {h[first].tolist()}")
    out = transform(Boxes(np.concatenate([-h, h], axis=-1)), translation=center, angle=angle)
    assert isinstance(out, Polygons)
    return out


# Polygons.from_box lives here, above the shapes layer (it is a transform)
Polygons.from_box = staticmethod(from_box)
