"""The broad phase: every overlapping pair among many shapes, in one call."""

from __future__ import annotations

import math
from typing import Optional

import numpy as np

from . import _dispatch as d
from ._types import ArrayLike, Body
from .compound import Placed
from .index import Index, Nearest, _broadcast_shapes, _outline_nearest, _outline_pairs
from .shapes import Shapes
from .tiles import TileMap

__all__ = ["pairs", "Nearest", "nearest"]


def pairs(
    a: Body,
    b: Optional[Body] = None,
    *,
    distance: Optional[ArrayLike] = None,
    touching: bool = True,
    threads: Optional[int] = None,
) -> np.ndarray:
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

    Against a :class:`TileMap` (on either side, shapes on the other) the pairs
    are the shapes and the solid tiles they overlap (or come within
    ``distance`` of): ``(i, cell)``, the tile's flat cell ``row * cols +
    col`` as :class:`WorldHit` names it, exactly as with the tiles given as
    :meth:`TileMap.tiles`' boxes and triangles (strictly, a tile counts when
    the shape meets its own interior).

    :class:`Polylines` and :class:`Regions` pair with shapes (either order),
    alone and with each other, in both modes and within a distance, each
    candidate whose bounding boxes meet decided by the exact test (see the
    outlines page of the docs).

    Parameters
    ----------
    a : Points, Circles, Boxes, Segments, Triangles, Capsules, Polygons, placed compounds, Polylines or Regions, 1-D
    b : the same, or a TileMap (with shapes as ``a``), optional
        Without it, the pairs ``i < j`` within ``a``.  Placed compounds
        (:meth:`Compound.at`) pair by their bounding boxes first, then by their
        parts.
    distance : float or array_like, optional
        Finite, >= 0.  The pairs whose shapes are at most this far apart (the
        distance between overlapping shapes is 0), as shapely's ``dwithin``.
        ``distance=0`` is the overlapping pairs, touching included.  With
        ``b``, an array gives each shape of ``a`` its own distance (it
        broadcasts to ``a``'s shape, as shapely's ``STRtree.query`` takes one
        distance per input geometry): the pairs ``(i, j)`` within
        ``distance[i]``.  Within one collection the distance is one number
        (for each shape's own reach, pair the collection with itself:
        ``pairs(a, a, distance=d)`` gives both orders and ``i == j``).
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
    >>> pc.pairs(pc.Points([[0, 0], [10, 0]]), balls, distance=[0.5, 1.0])   # a reach per point
    array([[0, 0, 1],
           [0, 1, 3]])
    >>> pc.pairs(balls, distance=4.5, touching=False)
    array([[0, 0, 1],
           [1, 2, 2]])
    """
    mode = d.mode("pairs", touching)
    if isinstance(b, Index):
        if not touching:
            raise TypeError("pairs: an Index as `b` answers the touching pairs (touching=True)")
        return b.query(a, "intersects" if distance is None else "dwithin", distance, threads=threads)
    if getattr(type(a), "is_outline", False) or getattr(type(b), "is_outline", False):
        return _outline_pairs(a, b, distance, mode, threads)
    if isinstance(a, TileMap) or isinstance(b, TileMap):
        return _tile_pairs(a, b, distance, touching, threads)
    a = d.collection("pairs", "a", a)
    b = None if b is None else d.collection("pairs", "b", b)
    if distance is not None:
        if isinstance(a, Placed) or isinstance(b, Placed):
            raise TypeError("pairs: `distance` takes shape arrays, not placed compounds")
        if np.ndim(distance) and not isinstance(distance, (str, bytes)):
            if b is None:
                raise TypeError(
                    "pairs: `distance` must be one number within one collection (for a distance per "
                    "shape, pair the collection with itself: pairs(a, a, distance=d))"
                )
            each = d.nonnegative_each("pairs", "distance", distance, a.shape, True)
            return d.pair_indices("pairs", a, b, mode, threads, float(each.max(initial=0.0)), each)
        within = d.nonnegative("pairs", "distance", distance, True)
        if within == 0 and not touching:  # less than 0 apart: none
            return np.empty((2, 0), dtype=np.int64)
        return d.pair_indices("pairs", a, b, mode, threads, within)
    if isinstance(a, Placed) or isinstance(b, Placed):
        return d.placed_pairs("pairs", a, b, mode, threads)
    return d.pair_indices("pairs", a, b, mode, threads)


def _tile_pairs(a: Body, b: Optional[Body], distance: Optional[ArrayLike], touching: bool, threads: Optional[int]):
    """pairs with a TileMap on one side: (shape, cell) or (cell, shape)."""
    if b is None or (isinstance(a, TileMap) and isinstance(b, TileMap)):
        raise TypeError("pairs: a TileMap pairs with shapes (pairs(shapes, tilemap)), not alone or with another map")
    swap = isinstance(a, TileMap)
    tm, shapes = (a, b) if swap else (b, a)
    assert isinstance(tm, TileMap)
    if swap and distance is not None and np.ndim(distance):
        raise TypeError("pairs: a distance per shape applies to `a`: give the shapes first, pairs(shapes, tilemap)")
    shapes = d.collection("pairs", "b" if swap else "a", shapes)
    if isinstance(shapes, Placed):
        raise TypeError("pairs: a TileMap pairs with shape arrays, not placed compounds")
    tiles = tm.tiles()
    cols = tm.shape[1]
    found = []
    for part, ij in ((tiles.boxes, tiles.box_tiles), (tiles.triangles, tiles.triangle_tiles)):
        if len(part):
            p = pairs(shapes, part, distance=distance, touching=touching, threads=threads)
            found.append(np.stack([p[0], ij[p[1], 0] * cols + ij[p[1], 1]]))
    res = np.concatenate(found, axis=1) if found else np.empty((2, 0), dtype=np.int64)
    if swap:
        res = res[::-1]
    return np.ascontiguousarray(res[:, np.lexsort((res[1], res[0]))])


def nearest(a: Shapes, b: Shapes, *, max_distance: ArrayLike = math.inf, threads: Optional[int] = None) -> Nearest:
    """For each shape of ``a``, the nearest shape of ``b`` and the distance to it.

    Like scipy's ``cKDTree.query`` (k=1) or shapely's ``STRtree.query_nearest``,
    for shapes of any kinds: a branch-and-bound walk of the broad-phase tree
    over ``b``, which prunes every node whose bounding box is farther than
    the best distance found so far.

    What is exact: a distance of 0 means the shapes touch or overlap, and
    every touching or overlapping shape has distance 0 (the sign of their
    separation is exact, as in :func:`contact`).  A positive distance is the
    separation as :func:`contact` rounds it.  Ties, at 0 or at equal rounded
    distances, go to the lowest index of ``b``; so where several shapes of
    ``b`` overlap ``a[i]``, ``index[i]`` is the lowest of them.

    Parameters
    ----------
    a : shape array (any leading shape), or Polylines or Regions
        Polylines or Regions as ``a`` (one axis; ``b`` shapes or outlines):
        the nearest shape of ``b`` to each outline shape, its distance 0
        where they meet, else the least distance of ``b``'s shape to an
        edge (found through the tree over ``b``, edge by edge).
    b : shape array, 1-D, or Polylines or Regions
        Against Polylines or Regions the distance is :func:`distance`'s to
        the outline shape (a polyline's edges, a region's closed area), bit
        for bit: 0 exactly where :func:`overlaps` (touching) holds.  The
        outline shapes are pruned by their bounding boxes (a scan of the
        boxes per shape of ``a``), the near ones measured.
    max_distance : float or array, default inf
        Only shapes at most this far (by the computed distance) count; none
        within it gives index -1 and distance inf.  >= 0; an array gives
        each shape of ``a`` its own (it broadcasts with ``a``'s leading
        shape, and may extend it, as a ufunc's arguments do).
    threads : int, optional
        As for :func:`overlaps`; the result never depends on it.

    Returns
    -------
    Nearest(index, distance)
        Arrays of ``a``'s leading shape (broadcast with ``max_distance``'s).

    Examples
    --------
    >>> import pycollide as pc
    >>> pegs = pc.Circles([[0, 0, 1], [10, 0, 1], [4, 0, 1]])
    >>> r = pc.nearest(pc.Points([[6, 0], [9.5, 0], [50, 0]]), pegs, max_distance=20)
    >>> r.index.tolist(), r.distance.tolist()
    ([2, 1, -1], [1.0, 0.0, inf])
    >>> rooms = pc.Regions([[[0, 0], [4, 0], [4, 4], [0, 4]], [[10, 0], [14, 0], [14, 4], [10, 4]]])
    >>> r = pc.nearest(pc.Circles([[7, 2, 1], [9, 2, 1], [2, 2, 5]]), rooms)
    >>> r.index.tolist(), r.distance.tolist()    # a tie goes to the lower index
    ([0, 1, 0], [2.0, 0.0, 0.0])
    """
    verb = "nearest"
    index = b if isinstance(b, Index) else None
    if index is not None:
        b = index.geometries
    if getattr(type(a), "is_outline", False) or getattr(type(b), "is_outline", False):
        return _outline_nearest(a, b, max_distance, threads)
    a = d.shapes_arg(verb, "a", a)
    b = d.shapes_arg(verb, "b", b)
    d.collection(verb, "b", b)
    limit = d.nonnegatives(verb, "max_distance", max_distance, " (inf for no limit)")
    shape = d.broadcast(verb, [("a", a.shape), ("max_distance", limit.shape)])
    n = int(np.prod(shape, dtype=np.int64))
    if n == 0:
        return Nearest(np.full(shape, -1, dtype=np.int64), np.full(shape, np.inf))
    if index is None:
        index = Index(b)
    limits = np.ascontiguousarray(np.broadcast_to(limit, shape), dtype=np.float64).reshape(-1)
    dist, idx = index._nearest_k(_broadcast_shapes(a, shape), limits, 1, False, threads)
    return Nearest(idx[:, 0].reshape(shape), dist[:, 0].reshape(shape))
