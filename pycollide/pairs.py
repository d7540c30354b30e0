"""The broad phase: every overlapping pair among many shapes, in one call."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from . import _dispatch as d
from .compound import Placed

__all__ = ["pairs"]


def pairs(a: Any, b: Any = None, *, distance: Optional[float] = None, touching: bool = True,
          threads: Optional[int] = None) -> np.ndarray:
    """Every overlapping pair: the indices ``(i, j)`` with ``overlaps(a[i], b[j])``;
    with ``distance=d``, every pair within distance d.

    Exact: each candidate the broad phase finds is decided by the same exact
    test as :func:`overlaps`, in the same mode, or, with ``distance``, by an
    exact comparison of the distance between the shapes with d (the true
    distance, not :func:`distance`'s rounded value).  Any of the shape types on
    either side, as 1-D collections.

    Within one collection the broad phase is a hierarchical grid: shapes
    grouped by size into levels, one uniform grid a level with cells a little
    larger than the level's largest shape, filled by a counting sort.  Where
    the shapes suit no grid (small shapes crowded into a few cells, long thin
    ones across many), and across two collections, it is a bounding-volume tree
    over one side, built by sorting the shapes along a Z-order curve and
    queried by every shape of the other.  See ``benchmarks/pairs.md`` for the
    measurements behind the choice.  Time O(n + m + k) for the grid,
    O((n + m) log(n + m) + k) for the tree on ordinary data; memory
    proportional to n + m + k.

    Parameters
    ----------
    a : Points, Circles, Boxes, Segments, Triangles or placed compounds, 1-D
    b : the same, optional
        Without it, the pairs ``i < j`` within ``a``.  Placed compounds
        (:meth:`Compound.at`) pair by their bounding boxes first, then by their
        parts.
    distance : float, optional
        Finite, >= 0.  The pairs whose shapes are at most this far apart (the
        distance between overlapping shapes is 0), as shapely's ``dwithin``.
        ``distance=0`` is the overlapping pairs, touching included.
    touching : bool, default True
        As for :func:`overlaps`: False counts only real interpenetration.
        With ``distance``: False keeps the pairs less than ``distance`` apart
        (so none for ``distance=0``).
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
    >>> pc.pairs(balls, distance=4.5)        # ball 3 is 4.5 from ball 2: exactly within
    array([[0, 0, 1, 2],
           [1, 2, 2, 3]])
    >>> pc.pairs(balls, distance=4.5, touching=False)
    array([[0, 0, 1],
           [1, 2, 2]])
    """
    mode = d.mode("pairs", touching)
    a = d.collection("pairs", "a", a)
    b = None if b is None else d.collection("pairs", "b", b)
    if distance is not None:
        within = d.nonnegative("pairs", "distance", distance, True)
        if isinstance(a, Placed) or isinstance(b, Placed):
            raise TypeError("pairs: `distance` takes shape arrays, not placed compounds")
        if within == 0 and not touching:  # less than 0 apart: none
            return np.empty((2, 0), dtype=np.int64)
        return d.pair_indices("pairs", a, b, mode, threads, within)
    if isinstance(a, Placed) or isinstance(b, Placed):
        return d.placed_pairs("pairs", a, b, mode, threads)
    return d.pair_indices("pairs", a, b, mode, threads)
