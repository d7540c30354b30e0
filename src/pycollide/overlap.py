"""Overlap and containment: exact yes/no answers for closed shapes."""

from __future__ import annotations

from typing import Any, Optional, Tuple

import numpy as np

from ._native import broadcast_strides, byte_ptr, check_rc, double_ptr, ffi, int64_array, lib, resolve_threads
from . import compound, tiles
from .shapes import Lines, Points, Shapes

__all__ = ["overlaps", "contains"]


def _check_shapes(verb: str, name: str, value: Any) -> Shapes:
    if not isinstance(value, Shapes) or isinstance(value, Lines):
        only = " (Lines are accepted only by intersections)" if isinstance(value, Lines) else ""
        raise TypeError(
            f"{verb}: `{name}` must be a shape array (Points, Circles, Boxes, Segments or "
            f"Triangles), got {type(value).__name__}{only}")
    return value


def _prepare_out(verb: str, out: Optional[np.ndarray], shape: Tuple[int, ...]) -> np.ndarray:
    if out is None:
        return np.empty(shape, dtype=bool)
    if not isinstance(out, np.ndarray):
        raise TypeError(f"{verb}: `out` must be a numpy array, got {type(out).__name__}")
    if out.dtype != np.bool_:
        raise TypeError(f"{verb}: `out` must have dtype bool, got {out.dtype}")
    if out.shape != shape:
        raise ValueError(f"{verb}: `out` must have shape {shape} (the broadcast shape), got {out.shape}")
    if not out.flags.writeable:
        raise ValueError(f"{verb}: `out` is read-only")
    return out


def _mode(verb: str, touching: Any) -> int:
    if not isinstance(touching, (bool, np.bool_)):
        raise TypeError(f"{verb}: `touching` must be True or False, got {touching!r}")
    return lib.PC_TOUCHING if touching else lib.PC_STRICT


def broadcast_shape(verb: str, a: Shapes, b: Shapes, names=("a", "b")) -> Tuple[int, ...]:
    """The broadcast leading shape of ``a`` and ``b``, or a ValueError naming both."""
    sa, sb = a._data.shape[:-1], b._data.shape[:-1]
    if sa == sb:
        return sa
    try:
        return np.broadcast_shapes(sa, sb)
    except ValueError:
        raise ValueError(f"{verb}: the shapes of `{names[0]}` {sa} and `{names[1]}` {sb} "
                         "do not broadcast together") from None


def element_strides(view: np.ndarray, trailing: int = 1) -> list:
    """The strides of the leading axes of a float64 array whose last ``trailing``
    axes are contiguous, in whole doubles (the unit the C batch drivers take)."""
    return [s // 8 for s in view.strides[:view.ndim - trailing]]


def _operand(s: Shapes, shape: Tuple[int, ...]) -> tuple:
    """The pointer and the strides (in doubles) of ``s`` broadcast to ``shape``,
    without building a broadcast view: broadcast axes get stride 0."""
    cached = s._c
    if cached is None:
        cached = s._c = (double_ptr(s._data), tuple(element_strides(s._data)))
    pointer, strides = cached
    return pointer, broadcast_strides(s._data.shape[:-1], strides, shape)


def shape_operands(a: Shapes, b: Shapes, shape: Tuple[int, ...]) -> tuple:
    """The C batch drivers' first six arguments for ``a`` and ``b`` broadcast to
    ``shape``: kind, pointer and strides (in doubles) of each.  The pointers
    stay valid while ``a`` and ``b`` live."""
    pa, sa = _operand(a, shape)
    pb, sb = _operand(b, shape)
    if not shape:  # one pair: the C core reads no strides
        return a.kind, pa, ffi.NULL, b.kind, pb, ffi.NULL
    return a.kind, pa, int64_array(sa), b.kind, pb, int64_array(sb)


def index_space(shape: Tuple[int, ...], strides: Tuple[int, ...]) -> tuple:
    """The C batch drivers' (strides, ndim, shape) arguments for an output."""
    if not shape:
        return ffi.NULL, 0, ffi.NULL
    return int64_array(strides), len(shape), int64_array(shape)


def _batch(verb: str, a: Shapes, b: Shapes, out: Optional[np.ndarray], mode: int, threads: Any,
           names=("a", "b")):
    shape = broadcast_shape(verb, a, b, names)
    result = _prepare_out(verb, out, shape)
    size = result.size
    nthreads = resolve_threads(verb, threads, size)
    if size:
        out_strides, ndim, dims = index_space(shape, result.strides)
        check_rc(verb, lib.pc_overlaps_batch(
            *shape_operands(a, b, shape), byte_ptr(result), out_strides,
            ndim, dims, mode, max(a._magnitude, b._magnitude), nthreads))
    if out is None and result.ndim == 0:
        return result[()]
    return result


def overlaps(a: Shapes, b: Shapes, out: Optional[np.ndarray] = None, *, touching: bool = True,
             threads: Optional[int] = None):
    """Whether the shapes ``a`` and ``b`` overlap.

    Exact: the answer is the true one for the real numbers the doubles
    represent, at every magnitude.  Any two shape types, in either order; the
    leading axes broadcast like a numpy ufunc.

    Parameters
    ----------
    a, b : Points, Circles, Boxes, Segments, Triangles, or placed compounds
        (:meth:`Compound.at`: their bounding boxes are tested first, then
        their parts); or circles (or points) and a :class:`TileMap` (its solid
        tiles), in either order
    out : ndarray of bool, optional
        Filled with the result and returned; must have the broadcast shape.
        Untouched if an error is raised.
    touching : bool, default True
        True: the shapes are closed sets and touching counts.  False: only
        overlaps whose minimum separating translation is positive count (the
        shapes "really" interpenetrate): two boxes sharing an edge do not
        overlap, a segment properly crossing another does, two collinear
        overlapping segments do not, a point never overlaps a segment, and a
        circle of radius 0 overlaps a box only strictly inside it.
    threads : int, optional
        At most this many threads (the calling one included) share a large
        batch; default: the environment variable ``PYCOLLIDE_NUM_THREADS``, else
        every core the process may use.  Batches of fewer than 65,536 pairs
        always run on the calling thread.  The result never depends on it.

    Returns
    -------
    ndarray of bool (a numpy bool for two single shapes)

    Examples
    --------
    >>> import pycollide as pc
    >>> ball = pc.Circles([0.0, 0.0, 1.0])
    >>> walls = pc.Boxes([[1, -1, 2, 1], [1.5, -1, 2, 1]])
    >>> pc.overlaps(ball, walls)          # the first wall touches the ball
    array([ True, False])
    >>> pc.overlaps(walls[:, None], walls[None, :]).astype(int)   # all pairs
    array([[1, 1],
           [1, 1]])
    >>> floor = pc.Boxes([[0, 0, 1, 1], [1, 0, 2, 1]])
    >>> crate = pc.Boxes([0.5, 1, 1.5, 2])               # resting on the floor
    >>> pc.overlaps(crate, floor), pc.overlaps(crate, floor, touching=False)
    (array([ True,  True]), array([False, False]))
    """
    mode = _mode("overlaps", touching)
    if isinstance(b, tiles.TileMap):
        return tiles.overlaps_map("overlaps", a, b, out, mode, threads, _prepare_out, "a")
    if isinstance(a, tiles.TileMap):
        return tiles.overlaps_map("overlaps", b, a, out, mode, threads, _prepare_out, "b")
    if isinstance(a, compound.Placed) or isinstance(b, compound.Placed):
        return compound.overlaps(a, b, out, touching, threads, _prepare_out)
    a = _check_shapes("overlaps", "a", a)
    b = _check_shapes("overlaps", "b", b)
    return _batch("overlaps", a, b, out, mode, threads)


def contains(shape: Shapes, points: Any, out: Optional[np.ndarray] = None, *, touching: bool = True,
             threads: Optional[int] = None):
    """Whether each point lies in ``shape``: in the closed shape (the boundary
    counts), or with ``touching=False`` strictly inside it.

    ``points`` is a Points array or anything of layout ``(..., 2)``.  Broadcasts
    like :func:`overlaps`; ``contains(s, p, touching=t)`` equals
    ``overlaps(s, Points(p), touching=t)``.  ``shape`` may also be a
    :class:`TileMap`: then each point is tested against its solid region (a
    point on a face between two solid tiles is strictly inside).

    Examples
    --------
    >>> import pycollide as pc
    >>> tri = pc.Triangles([0, 0, 4, 0, 0, 4])
    >>> pc.contains(tri, [[1, 1], [2, 2], [3, 3]])
    array([ True,  True, False])
    >>> pc.contains(tri, [[1, 1], [2, 2], [3, 3]], touching=False)
    array([ True, False, False])
    """
    mode = _mode("contains", touching)
    if isinstance(shape, tiles.TileMap):
        if isinstance(points, Shapes) and not isinstance(points, Points):
            raise TypeError(f"contains: `points` must be Points or an array of layout (..., 2), "
                            f"got {type(points).__name__}")
        try:
            points = points if isinstance(points, Points) else Points(points)
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"contains: `points`: {exc}") from None
        return tiles.overlaps_map("contains", points, shape, out, mode, threads, _prepare_out, "points")
    shape = _check_shapes("contains", "shape", shape)
    if not isinstance(points, Points):
        if isinstance(points, Shapes):
            raise TypeError(f"contains: `points` must be Points or an array of layout (..., 2), "
                            f"got {type(points).__name__}")
        try:
            points = Points(points)
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"contains: `points`: {exc}") from None
    return _batch("contains", shape, points, out, mode, threads, names=("shape", "points"))
