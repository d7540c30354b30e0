"""A spatial index built once and queried many times, in shapely's vocabulary."""

from __future__ import annotations

import math
from typing import Any, NamedTuple, Optional, Tuple, Union

import numpy as np

from . import _dispatch as d
from ._native import COSTLY, byte_ptr, call, check_rc, double_ptr, ffi, lib, resolve_threads
from ._types import ArrayLike
from .compound import Placed
from .outlines import near_at, outlines_at, overlaps_at, segments_at, within_at
from .overlap import overlaps
from .shapes import Boxes, Points, Segments, Shapes
from .tiles import TileMap
from .world import ShapeTree

__all__ = ["Index", "Nearest", "PREDICATES"]

#: The predicates of :meth:`Index.query`, each ``predicate(geometry[i], index[j])``.
PREDICATES = ("intersects", "within", "contains", "touches", "covers", "covered_by", "dwithin")

# predicate -> (relation of pc_relate, whether the index's shape is its first argument)
_RELATIONS = {
    "contains": ("PC_RELATE_CONTAINS", False),
    "within": ("PC_RELATE_CONTAINS", True),
    "covers": ("PC_RELATE_COVERS", False),
    "covered_by": ("PC_RELATE_COVERS", True),
    "touches": ("PC_RELATE_TOUCHES", False),
}
# predicate(a, b) == _CONVERSE[predicate](b, a)
_CONVERSE = {"contains": "within", "within": "contains", "covers": "covered_by", "covered_by": "covers"}
_CONVERSE["touches"] = "touches"

_CURVE_ORDER = 16
_ORDER_LEAST = 64  # fewer queries than this go in their own order


def _flat(shapes: Shapes) -> np.ndarray:
    """The rows of a shape array as one contiguous (n, width) block."""
    data = shapes._data
    return np.ascontiguousarray(data.reshape(-1, data.shape[-1]))


def curve_order(kind: int, rows: np.ndarray, threads: int = 1) -> np.ndarray:
    """The rows' indices sorted along a Hilbert curve over their boxes'
    centres (queries that follow it are near one another, so they share what
    they read).  Only an order: no answer depends on it."""
    n = len(rows)
    if n < _ORDER_LEAST:
        return np.arange(n, dtype=np.int64)
    bounds = np.empty((n, 4))
    check_rc("query", lib.pc_bounds(kind, double_ptr(rows), n, double_ptr(bounds), threads, ffi.NULL))
    with np.errstate(all="ignore"):
        cx = bounds[:, 0] * 0.5 + bounds[:, 2] * 0.5
        cy = bounds[:, 1] * 0.5 + bounds[:, 3] * 0.5
        lo = [float(np.min(cx)), float(np.min(cy))]
        hi = [float(np.max(cx)), float(np.max(cy))]
        cells = float(1 << _CURVE_ORDER)
        scale = [cells / (h - l) if math.isfinite(h - l) and h > l else 0.0 for l, h in zip(lo, hi)]
    frame = np.array([lo[0] if math.isfinite(lo[0]) else 0.0, lo[1] if math.isfinite(lo[1]) else 0.0] + scale)
    keys = np.empty(n, dtype=np.uint64)
    check_rc(
        "query",
        lib.pc_curve_keys(
            double_ptr(bounds), n, double_ptr(frame), _CURVE_ORDER, ffi.cast("uint64_t *", ffi.from_buffer(keys))
        ),
    )
    return np.argsort(keys).astype(np.int64, copy=False)


class Index:
    """A spatial index over a 1-D collection of shapes, built once and queried
    any number of times, from any number of threads: shapely's ``STRtree``
    for pycollide's shapes, with exact answers.

    ``Index(geometries)`` sorts the shapes along a Z-order curve and builds a
    bounding-volume tree over them (the broad phase of :func:`pairs`), in
    O(n log n).  :meth:`query` returns the pairs a predicate holds for,
    :meth:`query_nearest` the nearest shapes (k of them if asked), as
    shapely's ``STRtree.query`` and ``query_nearest`` do for array input.  An
    index pickles (by its shapes; it is rebuilt where it is loaded).

    :func:`pairs` and :func:`nearest` take an index as ``b`` and reuse it.

    Parameters
    ----------
    geometries : shape array, 1-D, or Polylines or Regions
        Any kind; an array of shapely geometries is taken through
        :func:`from_shapely` (so is ``geometry`` in the queries).  Polylines
        and Regions answer ``intersects``, ``dwithin`` and the nearest
        queries for every kind, and the other predicates for points and
        shapes with area (not yet for segments).

    Examples
    --------
    >>> import pycollide as pc
    >>> index = pc.Index(pc.Boxes([[0, 0, 4, 4], [5, 0, 9, 4], [0, 5, 9, 9]]))
    >>> index.query(pc.Points([[1, 1], [5, 2], [20, 20]]), predicate="within")
    array([[0],
           [0]])
    >>> index.query(pc.Points([[1, 1], [5, 2], [20, 20]]), predicate="intersects")
    array([[0, 1],
           [0, 1]])
    >>> index.query(pc.Points([[1, 1], [5, 2]]), predicate="touches")   # (5, 2) lies on box 1's side
    array([[1],
           [1]])
    >>> index.query_nearest(pc.Points([[4.5, 2], [20, 7]]), return_distance=True)
    (array([[0, 1],
           [0, 2]]), array([ 0.5, 11. ]))
    >>> index.query_nearest(pc.Points([[4.5, 2]]), k=3)
    array([[0, 0, 0],
           [0, 1, 2]])
    """

    __slots__ = ("_shapes", "_tree", "_boxes", "_grid", "__weakref__")

    def __init__(self, geometries: Any):
        verb = "Index"
        geometries = _shapely_in(geometries)
        self._boxes: Optional[Index] = None
        self._grid: Any = None  # points and circles: a grid for the nearest queries, built on first use (False: none)
        if getattr(type(geometries), "is_outline", False):
            self._shapes = geometries
            self._tree = None
            return
        if not isinstance(geometries, Shapes):
            raise TypeError(
                f"Index: `geometries` must be a 1-D shape array, Polylines or Regions, got {type(geometries).__name__}"
            )
        shapes = d.shapes_arg(verb, "geometries", geometries)
        d.collection(verb, "geometries", shapes)
        self._shapes = shapes
        self._tree = ShapeTree(verb, shapes)

    @property
    def geometries(self) -> Any:
        """The shapes the index holds, in their order (indices refer to it)."""
        return self._shapes

    def __len__(self) -> int:
        return len(self._shapes)

    def __repr__(self) -> str:
        return f"Index({type(self._shapes).__name__}, {len(self)} shapes)"

    def __reduce__(self) -> Tuple[Any, Tuple[Any]]:
        return (Index, (self._shapes,))

    # ---- queries ---------------------------------------------------------------

    def query(
        self,
        geometry: Any,
        predicate: Optional[str] = None,
        distance: Optional[ArrayLike] = None,
        *,
        threads: Optional[int] = None,
    ) -> np.ndarray:
        """The pairs ``(i, j)`` for which ``predicate(geometry[i], index[j])``
        holds, as shapely's ``STRtree.query`` returns them for an array.

        Exact: every pair is decided by an exact test of the shapes'
        point sets, not by floating-point geometry (where shapely's rounding
        disagrees with the exact answer, this is the exact one).  A shape's
        interior is its open area; for a segment (or a shape degenerate to
        one), the segment without its ends; for a point, the point.

        Parameters
        ----------
        geometry : shape array (any leading shape), Polylines or Regions
            Each shape queries the index; a single shape (leading shape
            ``()``) gives a 1-D array of the index's shapes.  Outlines
            answer every predicate against an index of shapes, and
            intersects and dwithin (``distance`` one number) against an
            index of outlines.
        predicate : str, optional
            ``None``: the bounding boxes meet (shapely's default, a coarse
            filter).  ``"intersects"``: the closed shapes meet, as
            :func:`overlaps`.  ``"within"``: ``geometry[i]`` lies in
            ``index[j]`` (no point outside it) and their interiors meet;
            ``"contains"`` the converse.  ``"covers"`` / ``"covered_by"``:
            no point of the one outside the other.  ``"touches"``: they
            meet, their interiors do not.  ``"dwithin"``: at most
            ``distance`` apart, as :func:`pairs` with ``distance``.
        distance : float or array_like, only with ``"dwithin"``
            Finite, >= 0; an array gives each shape of ``geometry`` its own.
        threads : int, optional
            As for :func:`overlaps`; the result never depends on it.

        Returns
        -------
        ndarray of int64, shape (2, k), or (k,) for a single shape
            Row 0 the indices into ``geometry``, row 1 into the index,
            sorted by row 0 then row 1.
        """
        verb = "query"
        if predicate is not None and predicate not in PREDICATES:
            raise ValueError(f"query: `predicate` must be one of {', '.join(PREDICATES)} or None, got {predicate!r}")
        if predicate == "dwithin" and distance is None:
            raise ValueError("query: predicate 'dwithin' needs `distance`")
        if predicate != "dwithin" and distance is not None:
            raise ValueError(f"query: `distance` is taken only with predicate 'dwithin', not {predicate!r}")
        geometry = _shapely_in(geometry)
        if getattr(type(geometry), "is_outline", False):
            return self._query_by_outlines(geometry, predicate, distance, threads)
        shapes = d.shapes_arg(verb, "geometry", geometry)
        single = shapes.ndim == 0
        flat = _broadcast_shapes(shapes, shapes.shape)
        if getattr(type(self._shapes), "is_outline", False):
            found = self._query_outlines(flat, predicate, distance, threads)
        elif predicate is None:
            found = self._bounding_boxes().query(Boxes(flat.bounds()), "intersects", threads=threads)
        else:
            each = None
            reach = 0.0
            if predicate == "dwithin":
                assert distance is not None
                if np.ndim(distance):
                    each = np.ascontiguousarray(
                        np.broadcast_to(
                            d.nonnegative_each(verb, "distance", distance, shapes.shape, True), shapes.shape
                        )
                    ).reshape(-1)
                    reach = float(each.max(initial=0.0))
                else:
                    reach = d.nonnegative(verb, "distance", distance, True)
            found = self._pairs(flat, reach, each, threads)
            if predicate in _RELATIONS:
                found = found[:, self._relate(flat, found, predicate, threads)]
        return np.ascontiguousarray(found[1]) if single else np.ascontiguousarray(found)

    def _bounding_boxes(self) -> "Index":
        if self._boxes is None:
            mine = self._shapes
            self._boxes = Index(Boxes(mine.bounds if getattr(type(mine), "is_outline", False) else mine.bounds()))
        return self._boxes

    def _pairs(self, flat: Shapes, reach: float, each: Optional[np.ndarray], threads: Optional[int]) -> np.ndarray:
        """(2, k): every (i, j) whose shapes meet (reach 0) or lie within reach
        (or each[i]) of each other, exactly, through the built tree."""
        verb = "query"
        assert self._tree is not None
        n = len(flat)
        if n == 0 or len(self._shapes) == 0:
            return np.empty((2, 0), dtype=np.int64)
        rows = _flat(flat)
        nthreads = resolve_threads(verb, threads, n)
        order = curve_order(flat.kind, rows, nthreads)
        magnitude = max(flat._magnitude, self._shapes._magnitude)
        found = ffi.new("int64_t *")
        tree = self._tree
        each_ptr = ffi.NULL if each is None else double_ptr(each)

        def find(sample: int, out: Any, capacity: int) -> None:
            check_rc(
                verb,
                call(
                    n * COSTLY // sample,
                    lib.pc_pairs_query,
                    tree.ptr,
                    tree.work.size,
                    flat.kind,
                    double_ptr(rows),
                    n,
                    ffi.cast("int64_t *", ffi.from_buffer(order)),
                    reach,
                    each_ptr,
                    int(lib.PC_TOUCHING),
                    magnitude,
                    nthreads,
                    sample,
                    out,
                    capacity,
                    found,
                ),
            )

        return d.sized_pairs(find, found, n + len(self._shapes))

    def _relate(self, flat: Shapes, found: np.ndarray, predicate: str, threads: Optional[int]) -> np.ndarray:
        """Which of the meeting pairs ``found`` the predicate holds for (pc_relate)."""
        relation, swap = _RELATIONS[predicate]
        mine = self._shapes
        a, b = (mine, flat) if swap else (flat, mine)
        ia, ib = (found[1], found[0]) if swap else (found[0], found[1])
        return relate(a, np.ascontiguousarray(ia), b, np.ascontiguousarray(ib), relation, threads)

    def _query_by_outlines(
        self, outlines: Any, predicate: Optional[str], distance: Optional[ArrayLike], threads: Optional[int]
    ) -> np.ndarray:
        """Polylines or Regions as the geometry.  ``intersects`` and
        ``dwithin`` pair them directly (with shapes or outlines); the other
        predicates against shapes are their converses seen from the outlines
        (an index over them queried by this index's shapes), the pairs
        turned round."""
        verb = "query"
        mine = self._shapes
        if predicate is None:
            return self._bounding_boxes().query(Boxes(outlines.bounds), "intersects", threads=threads)
        if predicate in ("intersects", "dwithin"):
            within = None
            if predicate == "dwithin":
                if distance is not None and np.ndim(distance):
                    raise TypeError(
                        "query: with Polylines or Regions as `geometry`, `distance` is one number (an array of "
                        "distances applies to shapes)"
                    )
                within = d.nonnegative(verb, "distance", distance, True)
            return _outline_pairs(outlines, mine, within, int(lib.PC_TOUCHING), threads)
        if getattr(type(mine), "is_outline", False):
            raise TypeError(
                f"query: predicate {predicate!r} between Polylines or Regions and an index of them is not "
                f"supported yet (intersects and dwithin are)"
            )
        found = Index(outlines)._query_outlines(mine, _CONVERSE[predicate], None, threads, "index")
        found = found[::-1]
        return np.ascontiguousarray(found[:, np.lexsort((found[1], found[0]))])

    def _query_outlines(
        self,
        flat: Shapes,
        predicate: Optional[str],
        distance: Optional[ArrayLike],
        threads: Optional[int],
        label: str = "geometry",
    ) -> np.ndarray:
        outlines = self._shapes
        if predicate is None:
            return self._bounding_boxes().query(Boxes(flat.bounds()), "intersects", threads=threads)
        if predicate in ("intersects", "dwithin"):
            dist = None if predicate == "intersects" else distance
            return _outline_pairs(flat, outlines, dist, int(lib.PC_TOUCHING), threads)
        touching, strict = int(lib.PC_TOUCHING), int(lib.PC_STRICT)
        meet = _outline_pairs(flat, outlines, None, touching, threads)
        if isinstance(flat, Points):
            return meet[:, _point_relation(flat, outlines, meet, predicate, threads)]
        if isinstance(flat, Segments):
            return meet[:, self._segment_relation(flat, meet, predicate, threads)]
        area = np.asarray(_overlaps_self(flat, threads))
        flat_ = ~area
        if flat_.any():
            raise TypeError(
                f"query: predicate {predicate!r} between Polylines or Regions and shapes takes points, "
                f"segments and shapes with area so far; {label}[{int(np.argmax(flat_))}] has none (a "
                f"{type(flat).__name__[:-1].lower()} degenerate to a segment or a point): intersects and "
                f"dwithin take it"
            )
        inner = _member(meet, _outline_pairs(flat, outlines, None, strict, threads))  # the interiors meet
        is_region = type(outlines).__name__ == "Regions"
        if predicate == "touches":
            return meet[:, ~inner]
        if predicate in ("within", "covered_by"):  # a shape with area in a region: no edge through its interior
            if not is_region:
                return np.empty((2, 0), dtype=np.int64)
            rows, owner = outlines._edge_rows()
            edges = Segments._trusted(np.ascontiguousarray(rows), outlines._magnitude)
            crossed = Index(edges).query(flat, "intersects", threads=threads)
            crossed = crossed[:, relate(flat, crossed[0], edges, crossed[1], "PC_RELATE_INTERIORS", threads)]
            cut = np.unique(np.stack([crossed[0], owner[crossed[1]]]), axis=1)
            return meet[:, inner & ~_member(meet, cut)]
        # contains, covers: the outline shape within the convex shape, so every vertex of it
        every = self._vertices_in(flat, meet, threads)
        return meet[:, every & inner] if predicate == "contains" else meet[:, every]

    def _segment_relation(self, segments: Segments, meet: np.ndarray, predicate: str, threads: Optional[int]):
        """Which of the pairs ``meet`` (segment i meets outline shape j) the
        predicate holds for: whether the shape holds the segment and whether
        their interiors meet (pc_outlines_relate_segments); the converse
        (the shape in the segment), every vertex of it on the segment."""
        outlines = self._shapes
        rel = segments_at("query", outlines, meet[1], segments[meet[0]], threads)
        held, inner = (rel & 1).astype(bool), (rel & 2).astype(bool)
        if predicate == "touches":
            return ~inner
        if predicate in ("within", "covered_by"):
            return held & inner if predicate == "within" else held
        if type(outlines).__name__ == "Regions":  # an area never lies in a segment
            return np.zeros(meet.shape[1], dtype=bool)
        every = self._vertices_in(segments, meet, threads)
        return every & inner if predicate == "contains" else every

    def _vertices_in(self, flat: Shapes, meet: np.ndarray, threads: Optional[int]) -> np.ndarray:
        """Whether every vertex of outline shape meet[1] lies in convex shape meet[0]."""
        outlines = self._shapes
        starts = outlines._rings[outlines._shapes]
        count = np.diff(starts)[meet[1]]
        rep = np.repeat(np.arange(meet.shape[1]), count)
        vertex = starts[meet[1]][rep] + (np.arange(len(rep)) - np.repeat(np.cumsum(count) - count, count))
        points = Points._trusted(np.ascontiguousarray(outlines._xy), outlines._magnitude)
        inside = relate(flat, np.ascontiguousarray(meet[0][rep]), points, vertex, "PC_RELATE_COVERS", threads)
        every = np.ones(meet.shape[1], dtype=bool)
        np.logical_and.at(every, rep, inside)
        return every

    def query_nearest(
        self,
        geometry: Any,
        k: int = 1,
        max_distance: Optional[ArrayLike] = None,
        return_distance: bool = False,
        all_matches: bool = False,
        exclusive: bool = False,
        *,
        threads: Optional[int] = None,
    ) -> Union[np.ndarray, Tuple[np.ndarray, np.ndarray]]:
        """The ``k`` nearest shapes of the index to each shape of ``geometry``,
        as shapely's ``STRtree.query_nearest`` (plus ``k``, as scipy's
        ``cKDTree.query``).

        Distances are :func:`nearest`'s: 0 exactly where the shapes touch or
        overlap, else the separation as :func:`contact` rounds it; of shapes
        at equal distances the lower index comes first.  So the answer is
        the first ``k`` of a brute-force sort by (distance, index).

        Parameters
        ----------
        geometry : shape array (any leading shape)
        k : int, default 1
            How many nearest shapes, nearest first (fewer where fewer lie
            within ``max_distance``).
        max_distance : float or array_like, optional
            Only shapes at most this far count (>= 0; an array gives each
            shape of ``geometry`` its own).  None: no limit.
        return_distance : bool, default False
            Also return the distances.
        all_matches : bool, default False
            Also return every shape tied with the k-th nearest (at its
            distance), so ties are not cut at k.  (shapely's default is
            True; pass it for shapely's answer.)
        exclusive : bool, default False
            Skip shapes equal to the query (the same point set), as for a
            collection queried against itself.
        threads : int, optional
            As for :func:`overlaps`; the result never depends on it.

        Returns
        -------
        ndarray of int64, shape (2, m) (or (m,) for a single shape), and with
        ``return_distance`` the float64 distances (m,)
            Row 0 the indices into ``geometry`` (ascending), row 1 into the
            index; each shape's nearest first.  A shape with none within
            ``max_distance`` has no column.
        """
        verb = "query_nearest"
        geometry = _shapely_in(geometry)
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
            raise TypeError(f"query_nearest: `k` must be an integer >= 1, got {k!r}")
        if k < 1:
            raise ValueError(f"query_nearest: `k` must be >= 1, got {k}")
        shapes = d.shapes_arg(verb, "geometry", geometry)
        single = shapes.ndim == 0
        limit = (
            np.full(1, np.inf)
            if max_distance is None
            else d.nonnegatives(verb, "max_distance", max_distance, " (None for no limit)")
        )
        shape = d.broadcast(verb, [("geometry", shapes.shape), ("max_distance", limit.shape)])
        n = int(np.prod(shape, dtype=np.int64))
        flat = _broadcast_shapes(shapes, shape)
        limits = np.ascontiguousarray(np.broadcast_to(limit, shape), dtype=np.float64).reshape(-1)
        kk = min(int(k), max(len(self._shapes), 1))
        dist, idx = self._nearest_k(flat, limits, kk, bool(exclusive), threads)
        if all_matches:
            dist, idx = self._ties(flat, limits, dist, idx, bool(exclusive), threads)
        found = idx >= 0
        rows = np.broadcast_to(np.arange(n, dtype=np.int64)[:, None], idx.shape)[found]
        pairs_ = np.stack([rows, idx[found]])
        if single:
            pairs_ = pairs_[1]
        pairs_ = np.ascontiguousarray(pairs_)
        return (pairs_, np.ascontiguousarray(dist[found])) if return_distance else pairs_

    def _ties(
        self,
        flat: Shapes,
        limits: np.ndarray,
        dist: np.ndarray,
        idx: np.ndarray,
        exclusive: bool,
        threads: Optional[int],
    ) -> Tuple[np.ndarray, np.ndarray]:
        """all_matches: widen k for the queries whose k-th answer may tie with
        the next, until every tie is in (each widening doubles k)."""
        k = idx.shape[1]
        while k < len(self._shapes):
            last = idx[:, -1] >= 0
            if not last.any():
                break
            k2 = min(2 * k, len(self._shapes))
            which = np.nonzero(last)[0]
            sub = flat[which]
            d2, i2 = self._nearest_k(sub, limits[which], k2, exclusive, threads)
            tied = d2 <= dist[which, -1][:, None]
            d2 = np.where(tied, d2, np.inf)
            i2 = np.where(tied, i2, -1)
            grown_d = np.full((len(flat), k2), np.inf)
            grown_i = np.full((len(flat), k2), -1, dtype=np.int64)
            grown_d[:, :k] = dist
            grown_i[:, :k] = idx
            grown_d[which] = d2
            grown_i[which] = i2
            dist, idx = grown_d, grown_i
            if not (i2[:, -1] >= 0).any():
                break
            k = k2
        return dist, idx

    def _nearest_k(
        self, flat: Shapes, limits: np.ndarray, k: int, exclusive: bool, threads: Optional[int]
    ) -> Tuple[np.ndarray, np.ndarray]:
        """(n, k) distances and indices, nearest first (inf and -1 past the found)."""
        n = len(flat)
        if getattr(type(self._shapes), "is_outline", False):
            return self._nearest_outlines(flat, limits, k, exclusive, threads)
        verb = "query_nearest"
        dist = np.full((n, k), np.inf)
        idx = np.full((n, k), -1, dtype=np.int64)
        if n == 0 or len(self._shapes) == 0:
            return dist, idx
        assert self._tree is not None
        rows = _flat(flat)
        nthreads = resolve_threads(verb, threads, n)
        order = curve_order(flat.kind, rows, nthreads)
        tree = self._tree
        grid = self._point_grid()
        check_rc(
            verb,
            call(
                n * COSTLY,
                lib.pc_nearest_k,
                tree.ptr,
                tree.work.size,
                ffi.NULL if grid is None else ffi.from_buffer(grid),
                0 if grid is None else grid.size,
                self._shapes._magnitude,
                flat.kind,
                double_ptr(rows),
                n,
                ffi.cast("int64_t *", ffi.from_buffer(order)),
                double_ptr(limits),
                k,
                int(exclusive),
                double_ptr(dist),
                ffi.cast("int64_t *", ffi.from_buffer(idx)),
                nthreads,
            ),
        )
        return dist, idx

    def _point_grid(self) -> Optional[np.ndarray]:
        """The grid over points or circles (pc_point_grid_build), built on
        first use; None where it does not suit them (then the tree serves)."""
        if self._grid is None:
            self._grid = False
            shapes = self._shapes
            if shapes.kind in (int(lib.PC_POINT), int(lib.PC_CIRCLE)) and len(shapes):
                rows = _flat(shapes)
                grid = np.empty(lib.pc_point_grid_workspace(shapes.kind, len(shapes)), dtype=np.uint8)
                built = lib.pc_point_grid_build(
                    shapes.kind, double_ptr(rows), len(shapes), shapes._magnitude, ffi.from_buffer(grid), grid.size
                )
                if built < 0:
                    check_rc("query_nearest", built)
                if built == 1:
                    self._grid = grid
        return self._grid if self._grid is not False else None

    def _nearest_outlines(
        self, flat: Shapes, limits: np.ndarray, k: int, exclusive: bool, threads: Optional[int]
    ) -> Tuple[np.ndarray, np.ndarray]:
        """Nearest outline shapes: k = 1 by pc_outlines_nearest; more by the
        distances to the outline shapes within reach, sorted."""

        n = len(flat)
        if exclusive:
            raise TypeError("query_nearest: `exclusive` is not supported for Polylines and Regions yet")
        if k == 1:
            r = _outline_nearest(flat, self._shapes, limits, threads)
            return r.distance[:, None], r.index[:, None]
        dist = np.full((n, k), np.inf)
        idx = np.full((n, k), -1, dtype=np.int64)
        # every outline shape within the limit (or all, for an infinite one), measured and sorted
        finite = np.isfinite(limits)
        reach = np.where(finite, limits, 0.0)
        cand = []
        if finite.any():
            p = _outline_pairs(flat[np.nonzero(finite)[0]], self._shapes, reach[finite], int(lib.PC_TOUCHING), threads)
            cand.append(np.stack([np.nonzero(finite)[0][p[0]], p[1]]))
        if (~finite).any():
            rows_ = np.nonzero(~finite)[0]
            m = len(self._shapes)
            cand.append(np.stack([np.repeat(rows_, m), np.tile(np.arange(m), len(rows_))]))
        c = np.concatenate(cand, axis=1) if cand else np.empty((2, 0), dtype=np.int64)
        dd = near_at("query_nearest", self._shapes, c[1], flat[c[0]], threads)
        order = np.lexsort((c[1], dd, c[0]))
        c, dd = c[:, order], dd[order]
        start = np.searchsorted(c[0], np.arange(n))
        rank = np.arange(c.shape[1]) - start[c[0]]
        keep = rank < k
        dist[c[0, keep], rank[keep]] = dd[keep]
        idx[c[0, keep], rank[keep]] = c[1, keep]
        return dist, idx


class Nearest(NamedTuple):
    """:func:`nearest`'s result, one entry per shape of ``a``."""

    #: int64: the nearest shape of ``b`` (-1 when none within max_distance)
    index: np.ndarray  # type: ignore[assignment]  # shadows tuple.index (see ShapeHit)
    distance: np.ndarray  #: float64: the distance to it (inf when none)


def _outline_pairs(a: Any, b: Any, distance: Any, mode: int, threads: Optional[int]) -> np.ndarray:
    """pairs with Polylines or Regions: the candidates whose bounding boxes
    meet (or lie within the distance: a superset in both modes), each decided
    by the exact test of overlaps (or of the distance), then sorted."""
    a_out, b_out = getattr(type(a), "is_outline", False), getattr(type(b), "is_outline", False)
    if distance is not None and np.ndim(distance) and not isinstance(distance, (str, bytes)):
        if a_out or b is None:
            raise TypeError(
                "pairs: a distance per shape applies to shapes of `a` against outlines "
                "(pairs(shapes, regions, distance=d)); between outlines the distance is one number"
            )
        within = None
    else:
        within = None if distance is None else d.nonnegative("pairs", "distance", distance, True)
    if within == 0 and mode == int(lib.PC_STRICT):  # less than 0 apart: none
        return np.empty((2, 0), dtype=np.int64)
    if a_out and (b is None or b_out):  # outlines alone or with each other
        reach = 0.0 if within is None else within
        boxes_b = None if b is None else Boxes(b.bounds)
        cand = d.pair_indices("pairs", Boxes(a.bounds), boxes_b, int(lib.PC_TOUCHING), threads, reach)
        keep = outlines_at("pairs", a, cand[0], a if b is None else b, cand[1], mode, reach, threads)
        return np.ascontiguousarray(cand[:, keep])
    swap = a_out
    outlines, other = (a, b) if swap else (b, a)
    shapes = d.collection("pairs", "b" if swap else "a", other)
    if isinstance(shapes, Placed):
        raise TypeError("pairs: Polylines and Regions pair with shape arrays, not yet with placed compounds")
    boxes = Boxes(outlines.bounds)
    if distance is None:
        cand = d.pair_indices("pairs", shapes, boxes, int(lib.PC_TOUCHING), threads)
        keep = overlaps_at("pairs", outlines, cand[1], shapes[cand[0]], mode, threads)
    else:
        each = (
            np.full(len(shapes), within)
            if within is not None
            else d.nonnegative_each("pairs", "distance", distance, shapes.shape, True)
        )
        cand = d.pair_indices("pairs", shapes, boxes, int(lib.PC_TOUCHING), threads, float(each.max(initial=0.0)), each)
        keep = within_at("pairs", outlines, cand[1], shapes[cand[0]], each[cand[0]], mode, threads)
    found = cand[:, keep]
    if swap:
        found = found[::-1]
        found = found[:, np.lexsort((found[1], found[0]))]
    return np.ascontiguousarray(found)


def _nearest_from_outlines(a: Any, b: Any, max_distance: ArrayLike, threads: Optional[int]) -> Nearest:
    """nearest with Polylines or Regions as ``a``: the distance of an outline
    shape to a shape is 0 where they meet, else the least over its edges.  So
    the nearest shape of ``b`` to each edge (as a segment, within the shape's
    limit) and the shapes each outline shape meets, the least distance, then
    the lowest index, per outline shape."""
    verb = "nearest"
    if b is None or isinstance(b, TileMap):
        raise TypeError("nearest: Polylines and Regions as `a` need shapes or outlines as `b`")
    if not getattr(type(b), "is_outline", False):
        b = d.shapes_arg(verb, "b", b)
    limit = d.nonnegatives(verb, "max_distance", max_distance, " (inf for no limit)")
    n = len(a)
    d.broadcast(verb, [("a", (n,)), ("max_distance", limit.shape)])
    limit = np.broadcast_to(limit, (n,))
    rows, owner = a._edge_rows()
    edges = Segments._trusted(np.ascontiguousarray(rows), a._magnitude)
    if getattr(type(b), "is_outline", False):
        edge = _outline_nearest(edges, b, limit[owner], threads)
    else:
        edge = tree_nearest(edges, Index(b), limit[owner], threads)
    meet = _outline_pairs(a, b, None, int(lib.PC_TOUCHING), threads)
    who = np.concatenate([owner, meet[0]])
    dist = np.concatenate([edge.distance, np.zeros(meet.shape[1])])
    idx = np.concatenate([edge.index, meet[1]])
    found = idx >= 0
    who, dist, idx = who[found], dist[found], idx[found]
    order = np.lexsort((idx, dist, who))
    who, dist, idx = who[order], dist[order], idx[order]
    first = np.ones(len(who), dtype=bool)
    first[1:] = who[1:] != who[:-1]
    index = np.full(n, -1, dtype=np.int64)
    distance = np.full(n, np.inf)
    index[who[first]] = idx[first]
    distance[who[first]] = dist[first]
    return Nearest(index, distance)


def _outline_nearest(a: Any, b: Any, max_distance: ArrayLike, threads: Optional[int]) -> Nearest:
    """nearest with Polylines or Regions as ``b``: the outline shapes pruned by
    their bounds, the candidates measured as :func:`distance` measures them
    (pc_outlines_nearest)."""
    verb = "nearest"
    if getattr(type(a), "is_outline", False):
        return _nearest_from_outlines(a, b, max_distance, threads)
    a = d.shapes_arg(verb, "a", a)
    limit = d.nonnegatives(verb, "max_distance", max_distance, " (inf for no limit)")
    shape = d.broadcast(verb, [("a", a.shape), ("max_distance", limit.shape)])
    out = np.empty(shape + (2,), dtype=np.float64)
    if out.size:
        args, ndim, dims = d.arrays(shape, [a._data, limit[..., None], out])
        rc = call(
            out.size // 2 * COSTLY,
            lib.pc_outlines_nearest,
            b._c(),
            a.kind,
            *args,
            ndim,
            dims,
            float(a._magnitude),
            resolve_threads(verb, threads, out.size // 2),
        )
        check_rc(verb, rc)
    return Nearest(out[..., 1].astype(np.int64), out[..., 0])


def tree_nearest(flat: Shapes, index: "Index", limits: np.ndarray, threads: Optional[int]) -> Nearest:
    """The nearest shape of the index to each shape of a 1-D collection."""
    dist, idx = index._nearest_k(flat, limits, 1, False, threads)
    return Nearest(idx[:, 0], dist[:, 0])


def _shapely_in(value: Any) -> Any:
    """A numpy array (or list) of shapely geometries as pycollide shapes
    (from_shapely); anything else as it is."""
    module = type(value).__module__
    if module.startswith("shapely") or (isinstance(value, (np.ndarray, list, tuple)) and _holds_shapely(value)):
        from .interop import from_shapely

        return from_shapely(value)
    return value


def _holds_shapely(value: Any) -> bool:
    arr = np.asarray(value, dtype=object) if not isinstance(value, np.ndarray) else value
    if arr.dtype != object or arr.size == 0:
        return False
    return type(arr.flat[0]).__module__.startswith("shapely")


def _overlaps_self(flat: Shapes, threads: Optional[int]) -> np.ndarray:
    """Which shapes have area: a shape strictly overlaps itself exactly then
    (a point or a segment has no interior to share)."""
    return np.asarray(overlaps(flat, flat, touching=False, threads=threads))


def _point_relation(
    points: Points, outlines: Any, meet: np.ndarray, predicate: str, threads: Optional[int]
) -> np.ndarray:
    """Which of the pairs ``meet`` (point i on or in outline shape j) the
    predicate holds for.  A region's interior is its open area; a
    polyline's, the polyline without its two ends (none when it closes on
    itself); a point's, the point."""
    if predicate in ("contains", "covers"):  # only a polyline of one place: every vertex the point
        if type(outlines).__name__ == "Regions":
            return np.zeros(meet.shape[1], dtype=bool)
        xy = outlines._xy
        starts = outlines._rings[outlines._shapes]
        lo = np.minimum.reduceat(xy, starts[:-1]) if len(xy) else np.zeros((0, 2))
        hi = np.maximum.reduceat(xy, starts[:-1]) if len(xy) else np.zeros((0, 2))
        j = meet[1]
        one_place = (lo[j] == hi[j]).all(axis=1)  # it meets the point, so that place is the point
        return one_place
    if predicate == "covered_by":
        return np.ones(meet.shape[1], dtype=bool)
    if type(outlines).__name__ == "Regions":
        inner = _member(meet, _outline_pairs(points, outlines, None, int(lib.PC_STRICT), threads))
    else:
        first = outlines._xy[outlines._rings[outlines._shapes[:-1]]]
        last = outlines._xy[outlines._rings[outlines._shapes[1:]] - 1]
        closed = (first == last).all(axis=1)
        xy = points._data.reshape(-1, 2)[meet[0]]
        j = meet[1]
        at_end = ~closed[j] & ((xy == first[j]).all(axis=1) | (xy == last[j]).all(axis=1))
        inner = ~at_end
    return inner if predicate == "within" else ~inner


def _member(pairs_: np.ndarray, subset: np.ndarray) -> np.ndarray:
    """Which columns of ``pairs_`` (sorted) are in ``subset`` (sorted, a subset)."""
    if not subset.shape[1]:
        return np.zeros(pairs_.shape[1], dtype=bool)
    key = pairs_[0] * (int(pairs_[1].max(initial=0)) + 1) + pairs_[1]
    sub = subset[0] * (int(pairs_[1].max(initial=0)) + 1) + subset[1]
    return np.isin(key, sub)


def _broadcast_shapes(shapes: Shapes, shape: Tuple[int, ...]) -> Shapes:
    """The shapes broadcast to the leading shape ``shape``, as one axis."""
    data = np.broadcast_to(shapes._data, shape + shapes._data.shape[-1:])
    return type(shapes)._trusted(np.ascontiguousarray(data).reshape(-1, data.shape[-1]), shapes._magnitude)


def relate(
    a: Shapes, ia: np.ndarray, b: Shapes, ib: np.ndarray, relation: str, threads: Optional[int] = None
) -> np.ndarray:
    """bool per k: the relation (a PC_RELATE_* name) of a[ia[k]] to b[ib[k]] (pc_relate)."""
    verb = "query"
    n = len(ia)
    out = np.zeros(n, dtype=np.uint8)
    if n:
        ra, rb = _flat(a), _flat(b)
        check_rc(
            verb,
            call(
                n * COSTLY,
                lib.pc_relate,
                a.kind,
                double_ptr(ra),
                ffi.cast("int64_t *", ffi.from_buffer(ia)),
                b.kind,
                double_ptr(rb),
                ffi.cast("int64_t *", ffi.from_buffer(ib)),
                n,
                int(getattr(lib, relation)),
                max(a._magnitude, b._magnitude),
                byte_ptr(out),
                resolve_threads(verb, threads, n),
            ),
        )
    return out.view(bool)
