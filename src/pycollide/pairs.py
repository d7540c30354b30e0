"""The broad phase: every overlapping pair among many shapes, in one call."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ._native import check_rc, double_ptr, ffi, lib, resolve_threads
from . import compound
from .overlap import _check_shapes, _mode
from .shapes import Shapes

__all__ = ["pairs"]

_LIMIT = 2**31  # shapes per side (the C core packs a pair into one 62-bit key)
_SAMPLE = 32  # one query in this many sizes the output


def _collection(verb: str, name: str, value: Any) -> Shapes:
    value = _check_shapes(verb, name, value)
    if value.ndim != 1:
        raise ValueError(f"{verb}: `{name}` must be a 1-D collection of shapes, got leading shape "
                         f"{value.shape}")
    if len(value) >= _LIMIT:
        raise ValueError(f"{verb}: `{name}` holds {len(value)} shapes; at most {_LIMIT - 1} are supported")
    return value


def pair_indices(verb: str, a: Shapes, b: Optional[Shapes], mode: int, threads: Any) -> np.ndarray:
    """(2, k) int64: every overlapping (i, j), sorted (within ``a`` when ``b`` is None)."""
    na, nb = len(a), (0 if b is None else len(b))
    if na == 0 or (b is not None and nb == 0):
        return np.empty((2, 0), dtype=np.int64)
    da = np.ascontiguousarray(a._data)
    db = None if b is None else np.ascontiguousarray(b._data)
    magnitude = a._magnitude if b is None else max(a._magnitude, b._magnitude)
    nthreads = resolve_threads(verb, threads, na + nb)
    work = np.empty(lib.pc_pairs_workspace(a.kind, na, a.kind if b is None else b.kind, nb),
                    dtype=np.uint8)
    wptr = ffi.from_buffer(work)
    check_rc(verb, lib.pc_pairs_prepare(a.kind, double_ptr(da), na, a.kind if b is None else b.kind,
                                        ffi.NULL if db is None else double_ptr(db), nb, wptr, work.size))
    found = ffi.new("int64_t *")
    capacity = 2 * (na + nb) + 1024
    if na + nb > 16 * _SAMPLE:  # size the output from the pairs of a sample of the queries
        check_rc(verb, lib.pc_pairs_find(wptr, work.size, mode, magnitude, nthreads, _SAMPLE,
                                         ffi.NULL, 0, found))
        capacity = max(capacity // 4, found[0] * _SAMPLE * 5 // 4 + 1024)
    while True:  # twice at most: a second run when the estimate fell short
        out = np.empty((2, capacity), dtype=np.int64)
        check_rc(verb, lib.pc_pairs_find(wptr, work.size, mode, magnitude, nthreads, 1,
                                         ffi.cast("int64_t *", ffi.from_buffer(out)), capacity, found))
        if found[0] <= capacity:
            break
        capacity = found[0]
    k = found[0]
    return out[:, :k] if k == capacity else out[:, :k].copy()


def pairs(a: Shapes, b: Optional[Shapes] = None, *, touching: bool = True,
          threads: Optional[int] = None) -> np.ndarray:
    """Every overlapping pair: the indices ``(i, j)`` with ``overlaps(a[i], b[j])``.

    Exact: each candidate the broad phase finds is decided by the same exact
    test as :func:`overlaps`, in the same mode.  Any of the shape types on
    either side, as 1-D collections.

    The broad phase is a bounding-volume tree over one side, built by sorting
    the shapes along a Z-order curve, and queried by every shape of the other
    (see ``benchmarks/pairs.md`` for the measurements behind the choice). It
    adapts to clustered positions and uneven sizes, takes
    O((n + m) log(n + m) + k) time on ordinary data, and memory proportional
    to n + m + k.

    Parameters
    ----------
    a : Points, Circles, Boxes, Segments, Triangles or placed compounds, 1-D
    b : the same, optional
        Without it, the pairs ``i < j`` within ``a``.  Placed compounds
        (:meth:`Compound.at`) pair by their bounding boxes first, then by their
        parts.
    touching : bool, default True
        As for :func:`overlaps`: False counts only real interpenetration.
    threads : int, optional
        As for :func:`overlaps`; the result never depends on it.

    Returns
    -------
    ndarray of int64, shape (2, k)
        Row 0 the indices into ``a``, row 1 into ``b`` (or ``a``), sorted by
        ``i`` then ``j``.

    Examples
    --------
    >>> import pycollide as pc
    >>> balls = pc.Circles([[0, 0, 1], [1.5, 0, 1], [3.5, 0, 1], [10, 0, 1]])
    >>> pc.pairs(balls)                      # 0-1 overlap, 1-2 touch
    array([[0, 1],
           [1, 2]])
    >>> pc.pairs(balls, touching=False)
    array([[0],
           [1]])
    >>> walls = pc.Boxes([[2, -1, 3, 1], [9, 1, 11, 2]])
    >>> pc.pairs(balls, walls)               # balls 1, 2 meet wall 0; ball 3 touches wall 1
    array([[1, 2, 3],
           [0, 0, 1]])
    """
    mode = _mode("pairs", touching)
    if isinstance(a, compound.Placed) or isinstance(b, compound.Placed):
        return compound.pairs(a, b, touching, threads, pair_indices)
    a = _collection("pairs", "a", a)
    b = None if b is None else _collection("pairs", "b", b)
    return pair_indices("pairs", a, b, mode, threads)
