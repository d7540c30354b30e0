"""Rigid motions of shape arrays: rotate about the origin, then translate."""

from __future__ import annotations

from typing import Any, Optional, Tuple, Type, TypeVar, Union, overload

import numpy as np
from numpy.typing import ArrayLike

from . import _dispatch as d
from ._native import call, check_rc, double_ptr, int8_ptr, lib, resolve_threads
from .shapes import Boxes, Polygons, Shapes, as_float_array

__all__ = ["transform", "from_box"]


S = TypeVar("S", bound=Shapes)


@overload
def transform(shapes: Boxes, translation: ArrayLike = (0.0, 0.0), *, threads: Optional[int] = None) -> Boxes: ...
@overload
def transform(
    shapes: Boxes, translation: ArrayLike = (0.0, 0.0), angle: ArrayLike = 0.0, *, threads: Optional[int] = None
) -> Union[Boxes, Polygons]: ...
@overload
def transform(
    shapes: S, translation: ArrayLike = (0.0, 0.0), angle: ArrayLike = 0.0, *, threads: Optional[int] = None
) -> S: ...


def transform(
    shapes: Shapes, translation: ArrayLike = (0.0, 0.0), angle: ArrayLike = 0.0, *, threads: Optional[int] = None
) -> Shapes:
    """The shapes rotated by ``angle`` (radians, counter-clockwise) about the
    origin, then moved by ``translation``.

    ``shapes``, ``translation`` (layout ``(..., 2)``) and ``angle`` (``(...)``)
    broadcast over their leading axes like the queries.  Points, circles,
    segments, capsules, triangles and polygons keep their type (radii are
    kept).  Boxes stay :class:`Boxes` when every angle is a quarter turn (see
    below; a zero angle is one): their corners are turned and moved, and min
    and max reordered.  Otherwise they become 4-gons (:class:`Polygons`,
    corners counter-clockwise from (xmin, ymin)), all of them, as one array
    holds one type.

    Rounding: every output coordinate is ``c x - s y + tx`` (``s x + c y + ty``)
    rounded once to the nearest double, with ``c, s = cos(angle), sin(angle)``
    as the C library rounds them (it reduces an angle of any size in full),
    and exactly 0 and +-1 when ``angle`` is a quarter turn: the double nearest
    ``k * pi / 2`` for an integer k, or one of its two neighbours (which takes
    in ``np.pi / 2 * k`` and ``k * np.pi / 2`` as numpy rounds them, and
    ``np.radians(90 * k)`` for ``|k| < 10**14``), for any k with ``|angle| <
    2**52``; from 2**52 to 2**53 only the nearest double; from 2**53 on, where
    the doubles are further apart than pi/2, no angle is a quarter turn.  A polygon whose
    rounded vertices are no longer convex (collinear vertices can bend inward
    by an ulp) becomes the convex hull of them.  The result is a new shape
    array, validated as any other, and every answer about it is exact for
    these rounded coordinates, as for :meth:`Compound.at`.

    >>> import pycollide as pc
    >>> t = pc.transform(pc.Boxes([0, 0, 2, 1]), translation=[10, 0], angle=np.pi / 2)
    >>> type(t).__name__, np.asarray(t).tolist()
    ('Boxes', [9.0, 0.0, 10.0, 2.0])
    >>> t = pc.transform(pc.Boxes([0, 0, 2, 1]), translation=[10, 0], angle=np.pi / 4)
    >>> type(t).__name__, t.vertex_count
    ('Polygons', 4)
    >>> pc.transform(pc.Capsules([1, 0, 2, 0, 0.5]), angle=np.pi)
    Capsules([-1. ,  0. , -2. ,  0. ,  0.5])
    """
    verb = "transform"
    shapes = d.shapes_arg(verb, "shapes", shapes)
    move = d.vectors(verb, "translation", translation)
    turn = _angles(verb, "angle", angle)
    return _moved(verb, ("shapes", "translation", "angle"), shapes, move, turn, True, threads)


def _angles(verb: str, name: str, angle: Any) -> np.ndarray:
    """``angle`` as a finite, C-contiguous float64 array, or the error naming it."""
    turn = np.array(as_float_array(angle, verb, name), dtype=np.float64, order="C")
    if not np.isfinite(turn).all():
        bad = tuple(int(i) for i in np.argwhere(~np.isfinite(turn))[0]) if turn.ndim else ()
        raise ValueError(f"{verb}: `{name}` must be finite; {name}{list(bad) if bad else ''} is {turn[bad]}")
    return turn


def _quarter_turns(angle: np.ndarray) -> np.ndarray:
    """For each angle (a float64 array), the quarter turn k mod 4 (0 to 3)
    that :func:`transform` makes of it, or -1 for any other angle.  Exact."""
    flat = np.ascontiguousarray(angle, dtype=np.float64).ravel()
    turns = np.empty(flat.shape, dtype=np.int8)
    check_rc("transform", lib.pc_quarter_turns(double_ptr(flat), len(flat), int8_ptr(turns)))
    return turns.reshape(np.shape(angle))


def _moved(
    verb: str,
    names: Tuple[str, str, str],
    shapes: Shapes,
    move: np.ndarray,
    turn: np.ndarray,
    keep_boxes: bool,
    threads: Any,
) -> Shapes:
    """The core of :func:`transform` and :func:`from_box`, on checked arguments
    (``names``: what the caller calls the shapes, translations and angles)."""
    named = [(names[0], shapes._data.shape[:-1]), (names[1], move.shape[:-1]), (names[2], turn.shape)]
    shape = d.broadcast(verb, named)
    kind = shapes.kind
    cls: Type[Shapes]
    boxes = kind == lib.PC_BOX and keep_boxes and bool((_quarter_turns(turn) >= 0).all())
    if boxes:  # (xmin, ymin) and (xmax, ymax) turned as a segment's ends, then reordered
        kind, cls = lib.PC_SEGMENT, Boxes
    elif kind == lib.PC_BOX:
        cls = Polygons._by_count[4]
    else:
        cls = type(shapes)
    out = np.empty(shape + (shapes.width if boxes else cls.width,), dtype=np.float64)
    if out.size:
        src = np.ascontiguousarray(shapes._data)
        args, ndim, dims = d.arrays(shape, [src, move, turn[..., None], out])
        count = int(np.prod(shape, dtype=np.int64))
        check_rc(verb, call(count, lib.pc_transform, kind, *args, ndim, dims, resolve_threads(verb, threads, count)))
    if boxes:
        out = np.concatenate([np.minimum(out[..., :2], out[..., 2:]), np.maximum(out[..., :2], out[..., 2:])], axis=-1)
    elif issubclass(cls, Polygons):
        out = out.reshape(shape + (cls.vertex_count, 2))
    try:
        return cls(out, copy=False)
    except ValueError as exc:  # only non-finite results: a move beyond the doubles
        raise ValueError(f"{verb}: the result leaves the doubles ({exc})") from None


def from_box(center: ArrayLike, half_size: ArrayLike, angle: ArrayLike = 0.0) -> Polygons:
    """Oriented boxes as 4-gons: the box of the given half sizes (>= 0),
    rotated by ``angle`` (radians, counter-clockwise) about its centre and
    moved there.  The arguments broadcast; each corner is
    ``center + R(angle) (+-hx, +-hy)`` rounded once (see :func:`transform`:
    quarter turns are exact), counter-clockwise from the corner at
    (-hx, -hy).  Always :class:`Polygons`, whatever the angle.  Also
    ``Polygons.from_box``.

    >>> import pycollide as pc
    >>> pc.Polygons.from_box([0, 0], [2, 1]).vertices.tolist()
    [[-2.0, -1.0], [2.0, -1.0], [2.0, 1.0], [-2.0, 1.0]]
    >>> pc.Polygons.from_box([0, 0], [2, 1], angle=17 * np.pi / 2).vertices.tolist()
    [[1.0, -2.0], [1.0, 2.0], [-1.0, 2.0], [-1.0, -2.0]]
    """
    verb = "Polygons.from_box"
    h = as_float_array(half_size, verb, "half_size")
    if h.ndim == 0 or h.shape[-1] != 2:
        raise ValueError(f"{verb}: `half_size` must have shape (..., 2); got shape {h.shape}")
    bad = ~(h >= 0) | ~np.isfinite(h)
    if bad.any():
        first = tuple(int(i) for i in np.argwhere(bad.any(axis=-1))[0]) if h.ndim > 1 else ()
        raise ValueError(
            f"{verb}: `half_size` must be >= 0 and finite; the first bad one is "
            f"half_size[{', '.join(map(str, first))}] = {h[first].tolist()}"
        )
    move = d.vectors(verb, "center", center)
    turn = _angles(verb, "angle", angle)
    out = _moved(
        verb, ("half_size", "center", "angle"), Boxes(np.concatenate([-h, h], axis=-1)), move, turn, False, None
    )
    assert isinstance(out, Polygons)
    return out


# Polygons.from_box lives here, above the shapes layer (it is a transform)
Polygons.from_box = staticmethod(from_box)
