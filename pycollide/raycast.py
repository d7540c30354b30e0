"""Raycasts: where rays first meet a tile map, a collection of shapes or a World."""

from __future__ import annotations

import math
from typing import Any, NamedTuple, Optional, Tuple, Union, overload

import numpy as np
from numpy.typing import ArrayLike

from . import _dispatch as d
from ._native import COSTLY, call, check_rc, double_ptr, ffi, lib, resolve_threads
from .outlines import Polylines, Regions, _Outlines
from .shapes import Lines, Shapes
from .tiles import TileMap
from .world import ShapeTree, World

__all__ = ["RayHit", "ShapeHit", "WorldHit", "raycast"]


class RayHit(NamedTuple):
    """What :func:`raycast` found for each ray against a :class:`TileMap`."""

    hit: np.ndarray
    """bool: whether the ray meets the solid (exact)."""
    distance: np.ndarray
    """float: the Euclidean distance from the origin to the first solid point,
    ``t * |direction|`` (inf if none; also inf for a hit farther than the
    largest double, which ``hit`` still reports)."""
    normal: np.ndarray
    """(..., 2): outward unit normal of the face entered (NaN if none)."""
    tile: np.ndarray
    """(..., 2) int64: row and column of a solid tile holding the hit point ((-1, -1) if none)."""


class ShapeHit(NamedTuple):
    """What :func:`raycast` found for each ray against a collection of shapes."""

    hit: np.ndarray
    """bool: whether the ray meets some shape (exact)."""
    distance: np.ndarray
    """float: the Euclidean distance from the origin to the first point of the
    shapes, ``t * |direction|`` (inf if none)."""
    normal: np.ndarray
    """(..., 2): outward unit normal of the shape there (NaN if none)."""
    index: np.ndarray  # type: ignore[assignment]  # shadows tuple.index, as Manifold.count does tuple.count
    """int64: the index of the shape hit first (-1 if none)."""


class WorldHit(NamedTuple):
    """What :func:`raycast` found for each ray against a :class:`World`."""

    hit: np.ndarray
    """bool: whether the ray meets some part (exact)."""
    distance: np.ndarray
    """float: the Euclidean distance from the origin to the first point hit,
    ``t * |direction|`` (inf if none)."""
    normal: np.ndarray
    """(..., 2): outward unit normal there (NaN if none)."""
    part: np.ndarray
    """int64: the part hit first (-1 if none)."""
    index: np.ndarray  # type: ignore[assignment]  # shadows tuple.index (see ShapeHit)
    """int64: the shape's index within that part, or for a tile map the flat
    cell ``row * cols + col`` (-1 if none)."""


def _max_distances(verb: str, value: Any) -> np.ndarray:
    return d.nonnegatives(verb, "max_distance", value, " (inf for no limit)")


def _zero_direction(verb: str, v: np.ndarray, distance: np.ndarray) -> None:
    """The core's answer to a zero direction is a NaN distance (decided in C:
    numpy here may run in the caller's flush-to-zero mode, which would read a
    subnormal direction as zero)."""
    if np.isnan(distance).any():
        zero = np.argwhere((v == 0).all(axis=-1))
        at = tuple(int(k) for k in zero[0]) if len(zero) else "?"
        raise ValueError(f"{verb}: `directions` must be nonzero; zero at index {at}")


def _tilemap(
    verb: str,
    o: np.ndarray,
    v: np.ndarray,
    shape: Tuple[int, ...],
    tilemap: TileMap,
    max_distance: np.ndarray,
    threads: Any,
) -> RayHit:
    out = np.empty(shape + (6,), dtype=np.float64)
    if out.size:
        args, ndim, dims = d.arrays(shape, [o, v, out])
        check_rc(
            verb,
            call(
                out.size // 6 * COSTLY,
                lib.pc_tilemap_raycast,
                tilemap._c,
                *args,
                ndim,
                dims,
                resolve_threads(verb, threads, out.size // 6),
            ),
        )
        _zero_direction(verb, v, out[..., 1])
    far = out[..., 1] > max_distance
    if far.any():
        out[far] = [0.0, math.inf, math.nan, math.nan, -1.0, -1.0]
    return RayHit(
        np.not_equal(out[..., 0], 0, out=np.empty(shape, dtype=bool)),
        out[..., 1],
        out[..., 2:4],
        out[..., 4:6].astype(np.int64),
    )


def _shape_hit(out: np.ndarray, shape: Tuple[int, ...]) -> ShapeHit:
    """The ShapeHit of the core's rows of 5 (hit, distance, normal, index)."""
    return ShapeHit(
        np.not_equal(out[..., 0], 0, out=np.empty(shape, dtype=bool)),
        out[..., 1],
        out[..., 2:4],
        out[..., 4].astype(np.int64),
    )


# From this many rays in one row on, they are cast in the order of their
# origins along a Z curve (pc_ray_order), so that rays cast one after another
# read the same parts of the tree: a large batch is faster so, the ordering
# included (benchmarks/casts.md, design history).
_ORDERED_RAYS = 1 << 14


def _shapes(
    verb: str,
    o: np.ndarray,
    v: np.ndarray,
    shape: Tuple[int, ...],
    tree: ShapeTree,
    max_distance: np.ndarray,
    threads: Any,
) -> ShapeHit:
    out = np.empty(shape + (5,), dtype=np.float64)
    nthreads = resolve_threads(verb, threads, out.size // 5)
    if len(shape) == 1 and shape[0] >= _ORDERED_RAYS:
        n = shape[0]
        oc = np.ascontiguousarray(np.broadcast_to(o, (n, 2)), dtype=np.float64)
        vc = np.ascontiguousarray(np.broadcast_to(v, (n, 2)), dtype=np.float64)
        mc = np.ascontiguousarray(np.broadcast_to(max_distance, (n,)), dtype=np.float64)
        order = np.empty(n, dtype=np.int64)
        scratch = np.empty(2 * n, dtype=np.uint64)
        check_rc(
            verb,
            lib.pc_ray_order(
                double_ptr(oc),
                n,
                ffi.cast("int64_t *", ffi.from_buffer(order)),
                ffi.cast("uint64_t *", ffi.from_buffer(scratch)),
            ),
        )
        check_rc(
            verb,
            call(
                n * COSTLY,
                lib.pc_raycast_shapes_ordered,
                tree.ptr,
                tree.work.size,
                tree.shapes._magnitude,
                double_ptr(oc),
                double_ptr(vc),
                double_ptr(mc),
                double_ptr(out),
                n,
                ffi.cast("int64_t *", ffi.from_buffer(order)),
                nthreads,
            ),
        )
        _zero_direction(verb, v, out[..., 1])
    elif out.size:
        args, ndim, dims = d.arrays(shape, [o, v, max_distance[..., None], out])
        check_rc(
            verb,
            call(
                out.size // 5 * COSTLY,
                lib.pc_raycast_shapes,
                tree.ptr,
                tree.work.size,
                tree.shapes._magnitude,
                *args,
                ndim,
                dims,
                nthreads,
            ),
        )
        _zero_direction(verb, v, out[..., 1])
    return _shape_hit(out, shape)


def _outlines(
    verb: str,
    o: np.ndarray,
    v: np.ndarray,
    shape: Tuple[int, ...],
    outlines: _Outlines,
    max_distance: np.ndarray,
    threads: Any,
) -> ShapeHit:
    """Every shape of a Polylines or Regions collection, its edges found
    through its band index (pc_outlines_raycast)."""
    out = np.empty(shape + (5,), dtype=np.float64)
    if out.size:
        args, ndim, dims = d.arrays(shape, [o, v, max_distance[..., None], out])
        nthreads = resolve_threads(verb, threads, out.size // 5)
        check_rc(
            verb, call(out.size // 5 * COSTLY, lib.pc_outlines_raycast, outlines._c(), *args, ndim, dims, nthreads)
        )
        _zero_direction(verb, v, out[..., 1])
    return _shape_hit(out, shape)


def _world(
    verb: str,
    o: np.ndarray,
    v: np.ndarray,
    shape: Tuple[int, ...],
    world: World,
    max_distance: np.ndarray,
    threads: Any,
) -> WorldHit:
    """The nearest hit over the parts; at equal distances the lower part (every
    part rounds a distance from the exact point hit alone, so a tile and a
    shape entered at one point tie exactly)."""
    distance = np.full(shape, math.inf)
    normal = np.full(shape + (2,), math.nan)
    part = np.full(shape, -1, dtype=np.int64)
    index = np.full(shape, -1, dtype=np.int64)
    hit = np.zeros(shape, dtype=bool)
    for k, (p, tree) in enumerate(zip(world._parts, world._trees)):
        r: Any
        if isinstance(p, _Outlines):
            r = _outlines(verb, o, v, shape, p, max_distance, threads)
            which = r.index
        elif tree is None:
            assert isinstance(p, TileMap)
            r = _tilemap(verb, o, v, shape, p, max_distance, threads)
            which = np.where(r.hit, r.tile[..., 0] * p.shape[1] + r.tile[..., 1], -1)
        else:
            r = _shapes(verb, o, v, shape, tree, max_distance, threads)
            which = r.index
        better = r.hit & (~hit | (r.distance < distance))
        hit |= r.hit
        distance = np.where(better, r.distance, distance)
        normal = np.where(better[..., None], r.normal, normal)
        part = np.where(better, k, part)
        index = np.where(better, which, index)
    return WorldHit(hit, distance, normal, part, index)


@overload
def raycast(
    origins: ArrayLike,
    directions: ArrayLike,
    target: TileMap,
    max_distance: ArrayLike = math.inf,
    *,
    threads: Optional[int] = None,
) -> RayHit: ...
@overload
def raycast(
    origins: ArrayLike,
    directions: ArrayLike,
    target: World,
    max_distance: ArrayLike = math.inf,
    *,
    threads: Optional[int] = None,
) -> WorldHit: ...
@overload
def raycast(
    origins: ArrayLike,
    directions: ArrayLike,
    target: Union[Shapes, Polylines, Regions],
    max_distance: ArrayLike = math.inf,
    *,
    threads: Optional[int] = None,
) -> ShapeHit: ...


def raycast(
    origins: ArrayLike,
    directions: ArrayLike,
    target: Union[TileMap, World, Shapes, Polylines, Regions],
    max_distance: ArrayLike = math.inf,
    *,
    threads: Optional[int] = None,
) -> Union[RayHit, ShapeHit, WorldHit]:
    """Cast rays: where each first meets a tile map, a collection of shapes or outlines, or a World.

    A ray is ``origin + t * direction`` for t >= 0 (the direction need not be
    a unit vector, but must be nonzero and finite).  Whether a ray meets the
    target is exact for every finite origin and direction, however tiny or
    huge: shapes and solid tiles are closed, so grazing a corner, touching a
    circle or running along a face counts.  A ray starting inside hits at
    distance 0 with normal ``-direction / |direction|``.

    The distance is Euclidean, a length in the shapes' units: ``t *
    |direction|`` from the origin to the point hit, the same for a direction
    of any length (doubling the direction halves t, not the distance).  It is
    rounded as a function of the exact point hit alone (how far along the
    ray's major axis, rounded once, times the direction's length per unit of
    that axis): shapes the ray enters at the same point, of any kinds (a
    shared face, a corner on a face), are at the same distance, and the one
    entered first is never farther; a ray along an axis gets the exact
    distance whenever that is a double.  Of shapes at the same distance the
    lower index wins (in a World the lower part, then the lower index).  A
    hit whose distance exceeds ``max_distance`` is reported as no hit.
    ``max_distance`` is a number or an array (>= 0, inf for no limit): one
    limit a ray, broadcast with the origins and directions as a ufunc's
    arguments are.

    Targets:

    * a :class:`TileMap`: the grid is walked cell by cell along the ray.
      Returns ``RayHit(hit, distance, normal, tile)``; a hit farther than the
      largest double has distance inf with ``hit`` still True.
    * a 1-D collection of shapes of any kind (``Circles``, ``Boxes``,
      ``Segments``, ``Triangles``, ``Capsules``, ``Polygons``, ``Points``):
      the collection's broad-phase tree (the one :func:`pairs` builds) is
      walked nearest box first.  Returns ``ShapeHit(hit, distance, normal,
      index)``: the first shape hit, the lower index at equal distances.
    * :class:`Polylines` or :class:`Regions`: a polyline is its closed
      edges, a region its closed area (a ray starting inside a region, or
      on a polyline, hits at distance 0 with normal ``-direction /
      |direction|``).  Each shape's band index finds the edges the ray may
      meet.  Returns ``ShapeHit(hit, distance, normal, index)`` as for
      shapes; the normal is the unit normal of the edge hit, on its side
      facing the origin: of the edges hit at that distance (at a vertex),
      the lowest-indexed one facing the ray (a region's edge whose outward
      side faces it, as for a polygon's face entered; a polyline's edge the
      ray crosses), and ``-direction / |direction|`` where none does (the
      ray only runs along edges there).
    * a :class:`World`: its trees are built once, when the World is.
      Returns ``WorldHit(hit, distance, normal, part, index)``; at equal
      distances the lower part.

    The normal is the outward unit normal of the face (or the round side)
    entered; for a ray that only grazes a shape, ``-direction / |direction|``.

    Examples
    --------
    >>> import pycollide as pc
    >>> room = pc.TileMap.from_text('''
    ... #####
    ... #...#
    ... #..3#
    ... #####
    ... ''')
    >>> r = pc.raycast([1.5, 2.5], [[0, -1], [2, -1]], room)   # down; onto the slope
    >>> r.hit.tolist(), r.distance.round(6).tolist()
    ([True, True], [1.5, 2.236068])
    >>> r.normal.round(6).tolist(), r.tile.tolist()
    ([[0.0, 1.0], [-0.707107, 0.707107]], [[0, 1], [1, 3]])
    >>> bumpers = pc.Circles([[4, 0, 1], [8, 0, 2]])
    >>> s = pc.raycast([0, 0], [[1, 0], [1, 1]], bumpers)
    >>> s.hit.tolist(), s.distance.tolist(), s.index.tolist(), s.normal[0].tolist()
    ([True, False], [3.0, inf], [0, -1], [-1.0, 0.0])
    >>> ring = pc.Regions([[[0, 0], [4, 0], [4, 4], [0, 4]]], holes=[[[[1, 1], [1, 3], [3, 3], [3, 1]]]])
    >>> r = pc.raycast([[-2, 2], [2, 2], [0.5, 2]], [1, 0], ring)   # from outside, in the hole, inside
    >>> r.distance.tolist(), r.normal.tolist(), r.index.tolist()
    ([2.0, 1.0, 0.0], [[-1.0, 0.0], [-1.0, 0.0], [-1.0, 0.0]], [0, 0, 0])
    """
    verb = "raycast"
    if isinstance(target, Shapes) and not isinstance(target, Lines):
        d.collection(verb, "target", target)
    elif not isinstance(target, (TileMap, World, _Outlines)):
        raise TypeError(
            f"{verb}: `target` must be a TileMap, a World, Polylines, Regions or a 1-D collection of shapes, "
            f"got {type(target).__name__}"
        )
    o = d.vectors(verb, "origins", origins)
    v = d.vectors(verb, "directions", directions)
    limit = _max_distances(verb, max_distance)
    shape = d.broadcast(verb, [("origins", o.shape[:-1]), ("directions", v.shape[:-1]), ("max_distance", limit.shape)])
    if isinstance(target, TileMap):
        return _tilemap(verb, o, v, shape, target, limit, threads)
    if isinstance(target, World):
        return _world(verb, o, v, shape, target, limit, threads)
    if isinstance(target, _Outlines):
        return _outlines(verb, o, v, shape, target, limit, threads)
    return _shapes(verb, o, v, shape, ShapeTree(verb, target), limit, threads)
