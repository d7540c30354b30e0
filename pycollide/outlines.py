"""Outlines: polylines and regions of any number of vertices.

:class:`Polylines` is a collection of polylines, each the union of its closed
segments; :class:`Regions` a collection of polygons with holes, concave
allowed, each the closed area (its boundary included, its holes' open areas
excluded).  Both are ragged, held in the layout of
``shapely.to_ragged_array`` and GeoArrow: one ``(N, 2)`` array of vertices,
ring offsets into it and, for regions, shape offsets into the rings (a
region's first ring is its shell, the rest its holes).  A region's rings are
stored closed (the first vertex repeated last) and without consecutive
repeats; a polyline is stored as given (closed when its last vertex is its
first).

Each collection builds, once and when first queried, an index of its edges:
per shape, horizontal bands of equal height, each listing the edges that
meet it, so that a point query reads one band (the edges crossing the
point's horizontal line and those ending near it), whatever the shape's
size.
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from . import _dispatch as d
from ._native import broadcast_strides, call, check_rc, ffi, int64_array, lib, resolve_threads

__all__ = ["Polylines", "Regions"]


def _ring_array(owner: str, what: str, ring: Any) -> np.ndarray:
    try:
        arr = np.asarray(ring, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"{owner}: {what} must be an array of (x, y) vertices") from None
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ValueError(f"{owner}: {what} must have the layout (k, 2), got shape {arr.shape}")
    return arr


def _offsets(owner: str, name: str, offsets: Any, end: int) -> np.ndarray:
    arr = np.asarray(offsets)
    if arr.dtype.kind not in "iu" or arr.ndim != 1 or arr.size < 1:
        raise TypeError(f"{owner}: `{name}` must be a 1-D array of integer offsets")
    arr = arr.astype(np.int64)
    if arr[0] != 0:
        raise ValueError(f"{owner}: `{name}` must start at 0, got {arr[0]}")
    steps = np.diff(arr)
    if (steps < 0).any():
        k = int(np.flatnonzero(steps < 0)[0])
        raise ValueError(f"{owner}: `{name}` must not decrease: entry {k + 1} ({arr[k + 1]}) < entry {k} ({arr[k]})")
    if arr[-1] != end:
        raise ValueError(f"{owner}: `{name}` must end at {end} (the length of what it indexes), got {arr[-1]}")
    return arr


#: A region gets a tree over its edges (point location in O(log^2 n)) when
#: its busiest band lists more than this many edges (see c/src/outline_tree.c;
#: benchmarks/outlines.md measures the choice).
TREE_THRESHOLD = 24


class _Outlines:
    """The shared layout and index of :class:`Polylines` and :class:`Regions`."""

    __slots__ = ("_xy", "_rings", "_shapes", "_magnitude", "_index")
    _closed = 0
    is_outline = True
    name = ""

    def _set(self, xy: np.ndarray, rings: np.ndarray, shapes: np.ndarray) -> None:
        self._xy = np.ascontiguousarray(xy, dtype=np.float64)
        self._xy.setflags(write=False)
        self._rings = np.ascontiguousarray(rings, dtype=np.int64)
        self._shapes = np.ascontiguousarray(shapes, dtype=np.int64)
        self._rings.setflags(write=False)
        self._shapes.setflags(write=False)
        self._magnitude = float(np.abs(self._xy).max()) if self._xy.size else 0.0
        self._index: Any = None

    @classmethod
    def _trusted(cls, xy: np.ndarray, rings: np.ndarray, shapes: np.ndarray) -> Any:
        self = cls.__new__(cls)
        self._set(xy, rings, shapes)
        return self

    # ---- the collection ----------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._shapes) - 1

    @property
    def coords(self) -> np.ndarray:
        """The vertices, ``(N, 2)`` float64 (read-only), ring after ring."""
        return self._xy

    @property
    def offsets(self) -> Tuple[np.ndarray, ...]:
        """The offsets as ``shapely.to_ragged_array`` gives them."""
        raise NotImplementedError  # each subclass gives its own layout

    def _edge_rows(self) -> Tuple[np.ndarray, np.ndarray]:
        """Every edge as a segment row ``(x0, y0, x1, y1)``, ring after ring
        (a ring of one point: that point, as a segment of length 0), and the
        shape each belongs to."""
        counts = np.diff(self._rings)
        ring_of = np.repeat(np.arange(len(counts)), counts)
        shape_of_ring = np.repeat(np.arange(len(self)), np.diff(self._shapes))
        v = np.flatnonzero(ring_of[:-1] == ring_of[1:]) if len(ring_of) > 1 else np.empty(0, dtype=np.int64)
        lone = self._rings[:-1][counts == 1]
        first = np.concatenate([v, lone])
        last = np.concatenate([v + 1, lone])
        order = np.argsort(first, kind="stable")
        first, last = first[order], last[order]
        rows = np.concatenate([self._xy[first], self._xy[last]], axis=1)
        return rows, shape_of_ring[ring_of[first]] if len(first) else np.empty(0, dtype=np.int64)

    @property
    def bounds(self) -> np.ndarray:
        """``(n, 4)``: each shape's ``xmin, ymin, xmax, ymax``."""
        out = np.empty((len(self), 4))
        starts = self._rings[self._shapes]
        if len(self):
            x, y = self._xy[:, 0], self._xy[:, 1]
            out[:, 0] = np.minimum.reduceat(x, starts[:-1])
            out[:, 1] = np.minimum.reduceat(y, starts[:-1])
            out[:, 2] = np.maximum.reduceat(x, starts[:-1])
            out[:, 3] = np.maximum.reduceat(y, starts[:-1])
        return out

    def _ring_list(self, s: int) -> List[np.ndarray]:
        r0, r1 = self._shapes[s], self._shapes[s + 1]
        return [self._xy[self._rings[r] : self._rings[r + 1]] for r in range(r0, r1)]

    def __getitem__(self, key: Any) -> Any:
        picked = np.arange(len(self))[key]
        if np.ndim(picked) == 0:
            picked = np.array([picked])
        r0, r1 = self._shapes[picked], self._shapes[picked + 1]
        ring_ids = np.concatenate([np.arange(a, b) for a, b in zip(r0, r1)]) if len(picked) else np.zeros(0, int)
        v0, v1 = self._rings[ring_ids], self._rings[ring_ids + 1]
        xy = np.concatenate([self._xy[a:b] for a, b in zip(v0, v1)]) if len(ring_ids) else np.zeros((0, 2))
        rings = np.concatenate([[0], np.cumsum(v1 - v0)])
        shapes = np.concatenate([[0], np.cumsum(r1 - r0)])
        return type(self)._trusted(xy, rings, shapes)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return (
            np.array_equal(self._xy, other._xy)
            and np.array_equal(self._rings, other._rings)
            and np.array_equal(self._shapes, other._shapes)
        )

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self)._trusted, (np.array(self._xy), np.array(self._rings), np.array(self._shapes)))

    def __repr__(self) -> str:
        n, v = len(self), len(self._xy)
        return f"{type(self).__name__}({n} {self.name}{'s' if n != 1 else ''}, {v} vertices)"

    # ---- the C core's view and the index --------------------------------------------------

    def _c(self) -> Any:
        """The pc_outlines struct with its index (built on first use), and what
        keeps its memory alive."""
        if self._index is None:
            o = ffi.new("pc_outlines *")
            keep = [self._xy, self._rings, self._shapes]
            o.xy = ffi.cast("const double *", self._xy.ctypes.data)
            o.ring_start = ffi.cast("const int64_t *", self._rings.ctypes.data)
            o.shape_start = ffi.cast("const int64_t *", self._shapes.ctypes.data)
            o.n = len(self)
            o.closed = self._closed
            o.magnitude = self._magnitude
            nb, nl = ffi.new("int64_t *"), ffi.new("int64_t *")
            check_rc("index", lib.pc_outlines_index(o, ffi.NULL, ffi.NULL, 0, ffi.NULL, ffi.NULL, ffi.NULL, 0, nb, nl))
            shapes = np.empty((len(self), 7))
            bands = np.empty(nb[0], dtype=np.int64)
            edges = np.empty((nl[0], 4))
            ids = np.empty(nl[0], dtype=np.int64)
            left = np.empty(len(self._rings) - 1, dtype=np.int8)
            check_rc(
                "index",
                lib.pc_outlines_index(
                    o,
                    ffi.cast("double *", shapes.ctypes.data),
                    ffi.cast("int64_t *", bands.ctypes.data),
                    len(bands),
                    ffi.cast("double *", edges.ctypes.data),
                    ffi.cast("int64_t *", ids.ctypes.data),
                    ffi.cast("int8_t *", left.ctypes.data),
                    len(edges),
                    nb,
                    nl,
                ),
            )
            keep += [shapes, bands, edges, ids, left]  # type: ignore[list-item]
            o.shapes = ffi.cast("const double *", shapes.ctypes.data)
            o.band_start = ffi.cast("const int64_t *", bands.ctypes.data)
            o.edges = ffi.cast("const double *", edges.ctypes.data)
            o.ids = ffi.cast("const int64_t *", ids.ctypes.data)
            o.left = ffi.cast("const int8_t *", left.ctypes.data)
            if self._closed:
                keep += self._trees(o)
            self._index = (o, keep)
        return self._index[0]

    def _trees(self, o: Any) -> list:
        """The trees over the edges of regions whose bands are crowded
        (pc_outlines_tree), set into ``o``; the arrays to keep alive."""
        scratch = np.empty(3 * max(len(self._xy), 1))
        nt, nl = ffi.new("int64_t *"), ffi.new("int64_t *")
        sp = ffi.cast("double *", scratch.ctypes.data)
        null = ffi.NULL
        check_rc("index", lib.pc_outlines_tree(o, TREE_THRESHOLD, sp, null, null, 0, null, 0, nt, nl))
        if nt[0] == 0:
            return []
        tree_at = np.empty(len(self), dtype=np.int64)
        tree = np.empty(nt[0], dtype=np.int64)
        levels = np.empty(nl[0])
        rc = lib.pc_outlines_tree(
            o,
            TREE_THRESHOLD,
            sp,
            ffi.cast("int64_t *", tree_at.ctypes.data),
            ffi.cast("int64_t *", tree.ctypes.data),
            len(tree),
            ffi.cast("double *", levels.ctypes.data),
            len(levels),
            nt,
            nl,
        )
        check_rc("index", rc)
        o.tree_at = ffi.cast("const int64_t *", tree_at.ctypes.data)
        o.tree = ffi.cast("const int64_t *", tree.ctypes.data)
        o.levels = ffi.cast("const double *", levels.ctypes.data)
        return [tree_at, tree, levels]

    def contains(self, points: Any, *, touching: bool = True, threads: Optional[int] = None) -> np.ndarray:
        """Whether each point lies in each shape; see :func:`pycollide.contains`."""
        return contains_points("contains", self, points, touching, threads)


def _batch(
    verb: str, outlines: _Outlines, data: np.ndarray, threads: Any, width: int = 0
) -> Tuple[np.ndarray, Any, tuple]:
    """The result array and the core's (which, strides, ..., ndim, shape)
    arguments for shapes of layout ``data`` (``(..., k)``) against the
    collection, its one axis broadcast against their leading axes: a bool
    per pair (width 0, strides in bytes), or ``width`` doubles (strides in
    doubles)."""
    which = np.arange(len(outlines), dtype=np.int64)
    shape = d.broadcast(verb, [("outlines", which.shape), ("shapes", data.shape[:-1])])
    res = np.empty(shape + ((width,) if width else ()), dtype=np.float64 if width else bool)
    pairs = res.size // max(width, 1)
    nthreads = resolve_threads(verb, threads, pairs)
    out_strides = [st // 8 for st in res.strides[:-1]] if width else list(res.strides)
    args = (
        ffi.cast("const int64_t *", which.ctypes.data),
        int64_array(broadcast_strides(which.shape, which.strides, shape)),
        ffi.cast("const double *", data.ctypes.data),
        int64_array(broadcast_strides(data.shape[:-1], [st // 8 for st in data.strides[:-1]], shape)),
        ffi.cast("double *" if width else "uint8_t *", res.ctypes.data),
        int64_array(out_strides),
        len(shape),
        int64_array(shape),
    )
    return res, (which, args), (nthreads,)


def contains_points(verb: str, outlines: _Outlines, points: Any, touching: Any, threads: Any) -> np.ndarray:
    """Each point against each shape of the collection, broadcast: the shapes
    along the collection's one axis, the points' leading axes against it."""
    mode = d.mode(verb, touching)
    data = d.points_arg(verb, "points", points)._data
    res, (_, args), (nthreads,) = _batch(verb, outlines, data, threads)
    if res.size:
        check_rc(verb, call(res.size * 8, lib.pc_outlines_contains, outlines._c(), *args, mode, nthreads))
    return res


def _overlaps_call(
    verb: str, outlines: _Outlines, shapes: Any, args: tuple, size: int, mode: int, nthreads: int
) -> None:
    """pc_outlines_overlaps over ``args`` (which, its strides, then the
    shapes', the output's, ndim and the shape, as _batch makes them)."""
    rc = call(
        size * 64,
        lib.pc_outlines_overlaps,
        outlines._c(),
        args[0],
        args[1],
        shapes.kind,
        *args[2:],
        mode,
        float(shapes._magnitude),
        nthreads,
    )
    check_rc(verb, rc)


def _at(which: np.ndarray, data: np.ndarray, res: np.ndarray) -> Tuple[Any, ...]:
    """The core's 1-D arguments for shape k (rows ``data``) against outline
    shape which[k]: which, its strides, the rows, theirs, and the result,
    its strides (bytes for bools, doubles otherwise), ndim, shape."""
    return (
        ffi.cast("const int64_t *", which.ctypes.data),
        int64_array([8]),
        ffi.cast("const double *", data.ctypes.data),
        int64_array([data.shape[-1]]),
        ffi.cast("uint8_t *" if res.dtype == bool else "double *", res.ctypes.data),
        int64_array([1 if res.dtype == bool else res.shape[-1]]),
        1,
        int64_array([len(which)]),
    )


def overlaps_at(verb: str, outlines: _Outlines, which: np.ndarray, shapes: Any, mode: int, threads: Any) -> np.ndarray:
    """Shape k (a 1-D collection) against outline shape which[k], exactly."""
    data = np.ascontiguousarray(shapes._data)
    which = np.ascontiguousarray(which, dtype=np.int64)
    res = np.empty(len(which), dtype=bool)
    if len(which):
        args = _at(which, data, res)
        _overlaps_call(verb, outlines, shapes, args, len(which), mode, resolve_threads(verb, threads, len(which)))
    return res


def segments_at(verb: str, outlines: _Outlines, which: np.ndarray, segments: Any, threads: Any) -> np.ndarray:
    """Segment k (a 1-D Segments) against outline shape which[k]
    (pc_outlines_relate_segments): bit 1 the shape holds the segment, bit 2
    their interiors meet."""
    data = np.ascontiguousarray(segments._data)
    which = np.ascontiguousarray(which, dtype=np.int64)
    res = np.zeros(len(which), dtype=np.uint8)
    if len(which):
        args = _at(which, data, res.view(bool))
        rc = call(
            len(which) * 64,
            lib.pc_outlines_relate_segments,
            outlines._c(),
            *args,
            float(segments._magnitude),
            resolve_threads(verb, threads, len(which)),
        )
        check_rc(verb, rc)
    return res


def near_at(verb: str, outlines: _Outlines, which: np.ndarray, shapes: Any, threads: Any) -> np.ndarray:
    """The distance of shape k (a 1-D collection) to outline shape which[k],
    as :func:`distance` measures it (pc_outlines_near)."""
    data = np.ascontiguousarray(shapes._data)
    which = np.ascontiguousarray(which, dtype=np.int64)
    res = np.empty((len(which), 1))
    if len(which):
        args = _at(which, data, res)
        rc = call(
            len(which) * 64,
            lib.pc_outlines_near,
            outlines._c(),
            args[0],
            args[1],
            shapes.kind,
            *args[2:],
            0,
            float(shapes._magnitude),
            resolve_threads(verb, threads, len(which)),
        )
        check_rc(verb, rc)
    return res[:, 0]


def within_at(
    verb: str, outlines: _Outlines, which: np.ndarray, shapes: Any, distances: np.ndarray, mode: int, threads: Any
) -> np.ndarray:
    """Is shape k (a 1-D collection) within distances[k] of outline shape
    which[k] (strict: less than it apart)?  Exact (pc_outlines_within)."""
    data = np.ascontiguousarray(shapes._data)
    which = np.ascontiguousarray(which, dtype=np.int64)
    dist = np.ascontiguousarray(distances, dtype=np.float64)
    res = np.empty(len(which), dtype=bool)
    if len(which):
        args = _at(which, data, res)
        rc = call(
            len(which) * 64,
            lib.pc_outlines_within,
            outlines._c(),
            args[0],
            args[1],
            shapes.kind,
            *args[2:4],
            ffi.cast("const double *", dist.ctypes.data),
            int64_array([1]),
            *args[4:],
            mode,
            float(shapes._magnitude),
            resolve_threads(verb, threads, len(which)),
        )
        check_rc(verb, rc)
    return res


def outlines_at(
    verb: str,
    a: _Outlines,
    which_a: np.ndarray,
    b: _Outlines,
    which_b: np.ndarray,
    mode: int,
    distance: float,
    threads: Any,
) -> np.ndarray:
    """Does shape which_a[k] of ``a`` meet (with ``distance`` > 0: lie
    within it of) shape which_b[k] of ``b``?  Exact, in the mode."""
    wa = np.ascontiguousarray(which_a, dtype=np.int64)
    wb = np.ascontiguousarray(which_b, dtype=np.int64)
    res = np.empty(len(wa), dtype=bool)
    if len(wa):
        head = (
            a._c(),
            ffi.cast("const int64_t *", wa.ctypes.data),
            int64_array([8]),
            b._c(),
            ffi.cast("const int64_t *", wb.ctypes.data),
            int64_array([8]),
        )
        tail = (ffi.cast("uint8_t *", res.ctypes.data), int64_array([1]), 1, int64_array([len(wa)]), mode)
        nthreads = resolve_threads(verb, threads, len(wa))
        if distance > 0:
            rc = call(len(wa) * 64, lib.pc_outlines_within_outlines, *head, float(distance), *tail, nthreads)
        else:
            rc = call(len(wa) * 64, lib.pc_outlines_overlaps_outlines, *head, *tail, nthreads)
        check_rc(verb, rc)
    return res


def overlaps_shapes(verb: str, outlines: _Outlines, shapes: Any, touching: Any, threads: Any) -> np.ndarray:
    """Each shape against each outline shape, broadcast as contains_points."""
    mode = d.mode(verb, touching)
    res, (_, args), (nthreads,) = _batch(verb, outlines, shapes._data, threads)
    if res.size:
        _overlaps_call(verb, outlines, shapes, args, res.size, mode, nthreads)
    return res


def overlaps_outlines(verb: str, a: _Outlines, b: _Outlines, touching: Any, threads: Any) -> np.ndarray:
    """Each shape of ``a`` against each of ``b``, their one axes broadcast
    (as two shape arrays broadcast).  Strict: a polyline meets a region's
    interior; two regions' interiors meet; two polylines cross (no small
    translation parts them)."""
    mode = d.mode(verb, touching)
    wa, wb = np.arange(len(a), dtype=np.int64), np.arange(len(b), dtype=np.int64)
    shape = d.broadcast(verb, [("a", wa.shape), ("b", wb.shape)])
    res = np.empty(shape, dtype=bool)
    if res.size:
        rc = call(
            res.size * 64,
            lib.pc_outlines_overlaps_outlines,
            a._c(),
            ffi.cast("const int64_t *", wa.ctypes.data),
            int64_array(broadcast_strides(wa.shape, wa.strides, shape)),
            b._c(),
            ffi.cast("const int64_t *", wb.ctypes.data),
            int64_array(broadcast_strides(wb.shape, wb.strides, shape)),
            ffi.cast("uint8_t *", res.ctypes.data),
            int64_array(res.strides),
            len(shape),
            int64_array(shape),
            mode,
            resolve_threads(verb, threads, res.size),
        )
        check_rc(verb, rc)
    return res


def _sides(verb: str, a: Any, b: Any) -> Tuple[_Outlines, Any]:
    """(the outlines, the shape array) of two arguments, in either order."""
    outlines, other = (a, b) if isinstance(a, _Outlines) else (b, a)
    if isinstance(other, _Outlines):
        raise TypeError(
            f"{verb}: Polylines or Regions against each other take distance, overlaps, pairs and nearest; "
            f"not {verb} yet"
        )
    return outlines, d.shapes_arg(verb, "b" if outlines is a else "a", other)


def _outline_distances(verb: str, a: _Outlines, b: _Outlines, threads: Any) -> np.ndarray:
    """(S, 1): the distance of each outline shape of ``a`` to its shape of
    ``b``, their one axes broadcast: 0 where they meet, else the least
    distance of an edge of ``a``'s shape to ``b``'s shape (each as
    pc_outlines_near measures a segment)."""
    shape = d.broadcast(verb, [("a", (len(a),)), ("b", (len(b),))])
    ia = np.ascontiguousarray(np.broadcast_to(np.arange(len(a)), shape)).ravel()
    ib = np.ascontiguousarray(np.broadcast_to(np.arange(len(b)), shape)).ravel()
    res = np.zeros(shape + (1,))
    if not ia.size:
        return res
    rows, owner = a._edge_rows()
    per = np.bincount(owner, minlength=len(a))
    first = np.zeros(len(a) + 1, dtype=np.int64)
    np.cumsum(per, out=first[1:])
    counts = per[ia]
    pair = np.repeat(np.arange(len(ia)), counts)
    edge = first[ia][pair] + (np.arange(len(pair)) - np.repeat(np.cumsum(counts) - counts, counts))
    from .shapes import Segments

    gaps = near_at(verb, b, ib[pair], Segments._trusted(np.ascontiguousarray(rows[edge]), a._magnitude), threads)
    least = np.full(len(ia), np.inf)
    np.minimum.at(least, pair, gaps)
    meet = outlines_at(verb, a, ia, b, ib, int(lib.PC_TOUCHING), 0.0, threads)
    least[meet] = 0.0
    res[..., 0] = least.reshape(shape)
    return res


def near_shapes(verb: str, a: Any, b: Any, contact: bool, threads: Any) -> np.ndarray:
    """The distance ((S, 1): ``contact`` false) or the contact data ((S, 7),
    as ``pc_contact_batch``, from ``a`` toward ``b``) of shapes and outlines
    in either order, broadcast as :func:`overlaps_shapes`.  A shape that
    strictly overlaps its outline gets the least translation out."""
    if not contact and isinstance(a, _Outlines) and isinstance(b, _Outlines):
        return _outline_distances(verb, a, b, threads)
    outlines, shapes = _sides(verb, a, b)
    res, (_, args), (nthreads,) = _batch(verb, outlines, shapes._data, threads, 7 if contact else 1)
    if res.size:
        rc = call(
            res.size * 64,
            lib.pc_outlines_near,
            outlines._c(),
            args[0],
            args[1],
            shapes.kind,
            *args[2:],
            int(contact),
            float(shapes._magnitude),
            nthreads,
        )
        check_rc(verb, rc)
    return d.mirror_contact(res) if contact and outlines is a else res


def manifold_shapes(verb: str, a: Any, b: Any, margin: float, threads: Any) -> np.ndarray:
    """(S, 9) manifold data (as ``pc_manifold_batch``, from ``a`` toward
    ``b``) of shapes and outlines in either order, broadcast as
    :func:`overlaps_shapes`."""
    outlines, shapes = _sides(verb, a, b)
    res, (_, args), (nthreads,) = _batch(verb, outlines, shapes._data, threads, 9)
    if res.size:
        rc = call(
            res.size * 64,
            lib.pc_outlines_manifold,
            outlines._c(),
            args[0],
            args[1],
            shapes.kind,
            args[2],
            args[3],
            float(margin),
            *args[4:],
            nthreads,
        )
        check_rc(verb, rc)
    return d.mirror_manifold(res) if outlines is a else res


class Polylines(_Outlines):
    """A collection of polylines of any lengths, each the union of its closed
    segments (a polyline of one vertex is that point, stored as a segment of
    length 0: the vertex twice).

    Parameters
    ----------
    lines : sequence of (k, 2) arrays
        Each polyline's vertices, k >= 1.
    closed : bool, default False
        Join each polyline's last vertex back to its first (unless it already
        repeats it).

    Examples
    --------
    >>> import pycollide as pc
    >>> terrain = pc.Polylines([[[0, 0], [2, 1], [4, 0]], [[5, 0], [6, 0]]])
    >>> terrain
    Polylines(2 polylines, 5 vertices)
    >>> pc.contains(terrain, [[1, 0.5], [5.5, 0.25]])       # polyline k, point k
    array([ True, False])
    >>> pc.contains(terrain, [[[1, 0.5]], [[5.5, 0]]]).astype(int)   # every point (rows), every polyline
    array([[1, 0],
           [0, 1]])
    """

    __slots__ = ()
    name = "polyline"

    def __init__(self, lines: Iterable[Any], *, closed: bool = False) -> None:
        owner = "Polylines"
        arrays = []
        for k, line in enumerate(lines):
            arr = _ring_array(owner, f"polyline {k}", line)
            if len(arr) < 1:
                raise ValueError(f"{owner}: polyline {k} has no vertices")
            if closed and len(arr) > 1 and not np.array_equal(arr[0], arr[-1]):
                arr = np.concatenate([arr, arr[:1]])
            arrays.append(arr)
        self._build(owner, arrays)

    def _build(self, owner: str, arrays: Sequence[np.ndarray]) -> None:
        arrays = [np.concatenate([a, a]) if len(a) == 1 else a for a in arrays]  # a point: a segment of length 0
        xy = np.concatenate(arrays) if arrays else np.zeros((0, 2))
        bad = ~np.isfinite(xy).all(axis=1)
        lengths = np.array([len(a) for a in arrays], dtype=np.int64)
        rings = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
        if bad.any():
            v = int(np.flatnonzero(bad)[0])
            k = int(np.searchsorted(rings, v, side="right") - 1)
            raise ValueError(f"{owner}: polyline {k}: coordinates must be finite, vertex {v - rings[k]} is {xy[v]}")
        self._set(xy, rings, np.arange(len(arrays) + 1, dtype=np.int64))

    @classmethod
    def from_ragged(cls, coords: Any, offsets: Any) -> "Polylines":
        """From flat vertices and the offsets of each polyline into them (the
        layout of ``shapely.to_ragged_array`` for linestrings)."""
        xy = _ring_array("Polylines.from_ragged", "`coords`", coords)
        if isinstance(offsets, tuple):
            if len(offsets) != 1:
                raise ValueError("Polylines.from_ragged: `offsets` for linestrings is one array")
            (offsets,) = offsets
        off = _offsets("Polylines.from_ragged", "offsets", offsets, len(xy))
        if (np.diff(off) < 1).any():
            k = int(np.flatnonzero(np.diff(off) < 1)[0])
            raise ValueError(f"Polylines.from_ragged: polyline {k} has no vertices")
        self = cls.__new__(cls)
        self._build("Polylines.from_ragged", [xy[a:b] for a, b in zip(off[:-1], off[1:])])
        return self

    @property
    def offsets(self) -> Tuple[np.ndarray, ...]:
        return (self._rings,)

    def to_shapely(self) -> np.ndarray:
        """An array of shapely LineStrings (a polyline of one vertex is a Point)."""
        import shapely

        lengths = np.diff(self._rings)
        if (lengths >= 2).all():
            # writable copies: shapely 2.0's from_ragged_array refuses read-only arrays
            return shapely.from_ragged_array(
                shapely.GeometryType.LINESTRING, np.array(self._xy), (np.array(self._rings),)
            )
        return np.array(
            [
                shapely.Point(r[0]) if len(r) == 1 else shapely.LineString(r)
                for s in range(len(self))
                for r in self._ring_list(s)
            ],
            dtype=object,
        )

    @classmethod
    def from_shapely(cls, geoms: Any) -> "Polylines":
        """From a shapely array of LineStrings and LinearRings, without a Python loop."""
        import shapely

        arr = np.asarray(geoms, dtype=object).ravel()
        kinds = shapely.get_type_id(arr)
        if not np.isin(kinds, [1, 2]).all():
            k = int(np.flatnonzero(~np.isin(kinds, [1, 2]))[0])
            raise TypeError(
                f"Polylines.from_shapely: geometry {k} is a {arr[k].geom_type}, not a LineString or LinearRing"
            )
        coords, counts = shapely.get_coordinates(arr), shapely.get_num_coordinates(arr)
        return cls.from_ragged(coords, np.concatenate([[0], np.cumsum(counts)]))


class Regions(_Outlines):
    """A collection of polygons with holes, concave allowed: each the closed
    area its shell bounds less its holes' open areas.

    Parameters
    ----------
    shells : sequence of (k, 2) arrays
        Each region's outer ring, either way round, closed or not (a last
        vertex equal to the first is dropped, as are consecutive repeats).
    holes : sequence of sequences of (k, 2) arrays, optional
        Each region's holes.

    Validation is exact (the OGC rule shapely follows): each ring simple with
    at least 3 distinct vertices, holes inside the shell, rings touching at
    points only, never crossing; a ``ValueError`` names the first bad region
    and ring.

    Examples
    --------
    >>> import pycollide as pc
    >>> frame = pc.Regions([[[0, 0], [4, 0], [4, 4], [0, 4]]], holes=[[[[1, 1], [3, 1], [3, 3], [1, 3]]]])
    >>> pc.contains(frame, [[0.5, 0.5], [2, 2], [1, 2]])   # in the frame, in the hole, on the hole's edge
    array([ True, False,  True])
    >>> pc.contains(frame, [[0.5, 0.5], [2, 2], [1, 2]], touching=False)
    array([ True, False, False])
    """

    __slots__ = ()
    name = "region"
    _closed = 1

    def __init__(self, shells: Iterable[Any], holes: Optional[Iterable[Iterable[Any]]] = None) -> None:
        owner = "Regions"
        shells = list(shells)
        hole_lists: List[List[Any]] = [list(h) for h in holes] if holes is not None else [[] for _ in shells]
        if len(hole_lists) != len(shells):
            raise ValueError(f"{owner}: {len(shells)} shells but {len(hole_lists)} lists of holes")
        rings, per_shape = [], []
        for k, (shell, hs) in enumerate(zip(shells, hole_lists)):
            rs = [_ring_array(owner, f"region {k}, shell", shell)]
            rs += [_ring_array(owner, f"region {k}, hole {j}", h) for j, h in enumerate(hs)]
            rings += rs
            per_shape.append(len(rs))
        self._build(owner, rings, np.concatenate([[0], np.cumsum(per_shape)]).astype(np.int64))

    def _build(self, owner: str, rings: Sequence[np.ndarray], shapes: np.ndarray) -> None:
        cleaned: List[np.ndarray] = []
        for r, ring in enumerate(rings):
            problem = _clean_ring(ring)
            if isinstance(problem, str):
                s = int(np.searchsorted(shapes, r, side="right") - 1)
                # the first problem in the reference's order: every earlier region whole, then this
                # region's earlier rings alone
                earlier = _first_problem(cleaned[: shapes[s]], shapes[: s + 1])
                if earlier is None:
                    alone = cleaned[shapes[s] :]
                    found = _first_problem(alone, np.arange(len(alone) + 1))
                    if found is not None:
                        k = int(found.split(",")[0].split()[-1])
                        earlier = found.replace(f"region {k}, shell", f"region {s}, {_ring_name(k)}", 1)
                raise ValueError(f"{owner}: {earlier or f'region {s}, {_ring_name(r - shapes[s])}: {problem}'}")
            cleaned.append(problem)
        xy = np.concatenate(cleaned) if cleaned else np.zeros((0, 2))
        starts = np.concatenate([[0], np.cumsum([len(r) for r in cleaned])]).astype(np.int64)
        self._set(xy, starts, shapes)
        problem = _region_problem(self)
        if problem is not None:
            raise ValueError(f"{owner}: {problem}")

    @classmethod
    def from_ragged(cls, coords: Any, offsets: Any) -> "Regions":
        """From flat vertices and ``(ring_offsets, geom_offsets)``: the layout
        of ``shapely.to_ragged_array`` for polygons (GeoArrow)."""
        owner = "Regions.from_ragged"
        xy = _ring_array(owner, "`coords`", coords)
        if not isinstance(offsets, (tuple, list)) or len(offsets) != 2:
            raise TypeError(f"{owner}: `offsets` must be (ring_offsets, geom_offsets)")
        rings = _offsets(owner, "ring_offsets", offsets[0], len(xy))
        shapes = _offsets(owner, "geom_offsets", offsets[1], len(rings) - 1)
        if (np.diff(shapes) < 1).any():
            k = int(np.flatnonzero(np.diff(shapes) < 1)[0])
            raise ValueError(f"{owner}: region {k} has no shell")
        self = cls.__new__(cls)
        self._build(owner, [xy[a:b] for a, b in zip(rings[:-1], rings[1:])], shapes)
        return self

    @property
    def offsets(self) -> Tuple[np.ndarray, ...]:
        return (self._rings, self._shapes)

    def to_shapely(self) -> np.ndarray:
        """An array of shapely Polygons, without a Python loop."""
        import shapely

        # writable copies: shapely 2.0's from_ragged_array refuses read-only arrays
        offsets = (np.array(self._rings), np.array(self._shapes))
        return shapely.from_ragged_array(shapely.GeometryType.POLYGON, np.array(self._xy), offsets)

    @classmethod
    def from_shapely(cls, geoms: Any) -> "Regions":
        """From a shapely array of Polygons, without a Python loop."""
        import shapely

        arr = np.asarray(geoms, dtype=object).ravel()
        kinds = shapely.get_type_id(arr)
        if not (kinds == 3).all():
            k = int(np.flatnonzero(kinds != 3)[0])
            raise TypeError(f"Regions.from_shapely: geometry {k} is a {arr[k].geom_type}, not a Polygon")
        _, coords, offsets = shapely.to_ragged_array(arr)
        return cls.from_ragged(coords, offsets)


_PROBLEMS = {
    lib.PC_OUTLINE_SELF: "the ring is not simple (it crosses or touches itself, or doubles back)",
    lib.PC_OUTLINE_CROSS: "crosses {other}",
    lib.PC_OUTLINE_SHARE: "shares a segment with {other}",
    lib.PC_OUTLINE_OUTSIDE: "lies outside the shell",
    lib.PC_OUTLINE_NESTED: "nests with {other} (a hole inside another hole)",
    lib.PC_OUTLINE_ON: "lies on the shell (every vertex on it)",
}


def _clean_ring(ring: np.ndarray) -> Any:
    """The ring without consecutive repeats, closed (its first vertex repeated
    last), or the reason it is refused."""
    if not np.isfinite(ring).all():
        v = int(np.flatnonzero(~np.isfinite(ring).all(axis=1))[0])
        return f"coordinates must be finite, vertex {v} is {ring[v]}"
    distinct = 0
    if len(ring):  # 1, 2, or at least 3 distinct vertices
        off0 = (ring != ring[0]).any(axis=1)
        distinct = 1
        if off0.any():
            second = ring[int(np.argmax(off0))]
            distinct = 3 if (off0 & (ring != second).any(axis=1)).any() else 2
    if distinct < 3:
        return f"a ring needs at least 3 distinct vertices, got {distinct}"
    keep = np.ones(len(ring), dtype=bool)
    keep[1:] = (ring[1:] != ring[:-1]).any(axis=1)
    ring = ring[keep]
    if np.array_equal(ring[0], ring[-1]):
        ring = ring[:-1]
    return np.concatenate([ring, ring[:1]])


def _first_problem(cleaned: List[np.ndarray], shapes: np.ndarray) -> Optional[str]:
    """_region_problem of regions made of cleaned rings (a ring that is a
    region of its own is judged for its simplicity alone)."""
    if not cleaned:
        return None
    xy = np.concatenate(cleaned)
    starts = np.concatenate([[0], np.cumsum([len(r) for r in cleaned])]).astype(np.int64)
    return _region_problem(Regions._trusted(xy, starts, np.asarray(shapes, dtype=np.int64)))


def _ring_name(k: int) -> str:
    return "shell" if k == 0 else f"hole {k - 1}"


def _region_problem(regions: Regions) -> Optional[str]:
    """The first broken rule of the OGC validity of a region (exact), or None:
    rings simple, holes inside the shell and outside each other, rings that
    touch at points only and never cross, and a connected interior (no cycle
    of rings through their touching points)."""
    o = regions._c()
    report = ffi.new("int64_t[4]")
    count = ffi.new("int64_t *")
    capacity = 64
    while True:
        touches = np.empty((capacity, 4), dtype=np.int64)
        check_rc(
            "Regions", lib.pc_outlines_problem(o, report, ffi.cast("int64_t *", touches.ctypes.data), capacity, count)
        )
        if count[0] <= capacity:
            break
        capacity = int(count[0])
    if report[3] != lib.PC_OUTLINE_OK:
        s, ring, other = int(report[0]), int(report[1]), int(report[2])
        text = _PROBLEMS[report[3]].format(other=_ring_name(other) if other >= 0 else "the shell")
        return f"region {s}, {_ring_name(ring)}: {text}"
    if count[0] == 0:
        return None
    touches = touches[: count[0]]
    xy = regions._xy[touches[:, 3]]
    # one node per (region, ring) and per (region, point): a link from each
    # touching point to each ring through it; a second path between two nodes
    # is a cycle, which cuts the interior
    parent: dict = {}

    def root(node: Any) -> Any:
        while parent.get(node, node) != node:
            node = parent[node]
        return node

    links = set()
    for (s, a, b, _), (x, y) in zip(touches.tolist(), xy.tolist()):
        for ring in (a, b):
            links.add((s, ring, x, y))
    for s, ring, x, y in sorted(links):
        u, v = root(("ring", s, ring)), root(("point", s, x, y))
        if u == v:
            return (
                f"region {s}, {_ring_name(ring)}: the interior is not connected (this ring and those it "
                f"touches close a loop through ({x!r}, {y!r}))"
            )
        parent[u] = v
    return None


def intersections_with(verb: str, a: Any, b: Any, threads: Any) -> Tuple[np.ndarray, np.ndarray]:
    """Where segments or lines meet the boundaries of outline shapes, in
    either order, broadcast as :func:`overlaps_shapes`: the points (m, 2) and
    the offsets (pairs + 1) into them, pair after pair in C order."""
    from .shapes import Lines, Segments

    outlines, other = (a, b) if isinstance(a, _Outlines) else (b, a)
    if not isinstance(other, (Segments, Lines)):
        raise TypeError(
            f"{verb}: Polylines and Regions meet Segments or Lines (either order), not {type(other).__name__}"
        )
    data = other._data
    which = np.arange(len(outlines), dtype=np.int64)
    shape = d.broadcast(verb, [("outlines", which.shape), ("segments", data.shape[:-1])])
    count = np.zeros(shape, dtype=np.int64)
    nthreads = resolve_threads(verb, threads, count.size)
    if not count.size:
        return np.empty((0, 2)), np.zeros(1, dtype=np.int64)
    head = (
        outlines._c(),
        ffi.cast("const int64_t *", which.ctypes.data),
        int64_array(broadcast_strides(which.shape, which.strides, shape)),
        other.kind,
        ffi.cast("const double *", data.ctypes.data),
        int64_array(broadcast_strides(data.shape[:-1], [st // 8 for st in data.strides[:-1]], shape)),
        ffi.cast("int64_t *", count.ctypes.data),
        int64_array(count.strides),
    )
    tail = (len(shape), int64_array(shape), float(other._magnitude), nthreads)
    null = ffi.NULL
    check_rc(verb, call(count.size * 64, lib.pc_outlines_intersections, *head, null, null, null, null, *tail))
    bound = count.ravel().copy()
    start = np.zeros(count.size + 1, dtype=np.int64)
    np.cumsum(bound, out=start[1:])
    offsets = np.ascontiguousarray(start[:-1].reshape(shape))
    points = np.empty((int(start[-1]), 2))
    work = np.empty((int(start[-1]), 5))
    rc = call(
        count.size * 64,
        lib.pc_outlines_intersections,
        *head,
        ffi.cast("const int64_t *", offsets.ctypes.data),
        int64_array(offsets.strides),
        ffi.cast("double *", points.ctypes.data),
        ffi.cast("double *", work.ctypes.data),
        *tail,
    )
    check_rc(verb, rc)
    found = count.ravel()
    keep = np.arange(len(points)) - np.repeat(start[:-1], bound) < np.repeat(found, bound)
    out = np.zeros(count.size + 1, dtype=np.int64)
    np.cumsum(found, out=out[1:])
    return np.ascontiguousarray(points[keep]), out
