"""Swept shapes: the time of impact of a moving shape (continuous collision detection)."""

from __future__ import annotations

from typing import Any, NamedTuple, Optional, Tuple, Union, overload

import numpy as np
from numpy.typing import ArrayLike

from . import _dispatch as d
from ._native import COSTLY, call, check_rc, lib, resolve_threads
from .shapes import Lines, Shapes
from .tiles import TileMap
from .turning import pivot_arg, rotation_arg, sweep_transform, sweep_turning
from .world import World, c_parts

__all__ = ["Sweep", "WorldSweep", "sweep", "sweep_transform"]


class Sweep(NamedTuple):
    """What :func:`sweep` found for each moving shape."""

    time: np.ndarray
    """float in [0, 1]: the time of the first hit, as a fraction of the
    displacement (1 if none); placed there the shape does not penetrate the
    target (see :func:`sweep`)."""
    normal: np.ndarray
    """(..., 2): the unit surface normal of what was hit, pointing back at the
    moving shape (NaN if none): ``reflect(velocity, normal)`` bounces."""
    point: np.ndarray
    """(..., 2): the touching point on the target (NaN if none)."""


class WorldSweep(NamedTuple):
    """What :func:`sweep` found for each moving shape against a :class:`World`."""

    time: np.ndarray
    """float in [0, 1]: the time of the first hit, as a fraction of the
    displacement (1 if none); placed there the shape does not penetrate the
    world (see :func:`sweep`)."""
    normal: np.ndarray
    """(..., 2): the unit surface normal of what was hit, pointing back at the
    moving shape (NaN if none)."""
    point: np.ndarray
    """(..., 2): the touching point on what it hits (NaN if none)."""
    part: np.ndarray
    """int64: the part of the world hit first (-1 if none; the lower part at equal times)."""
    index: np.ndarray  # type: ignore[assignment]
    """int64: the shape within the part, or a tile map's flat cell ``row * cols + col`` (-1 if none)."""


@overload
def sweep(
    moving: Shapes,
    displacement: ArrayLike,
    target: World,
    *,
    rotation: ArrayLike = 0.0,
    pivot: Optional[ArrayLike] = None,
    threads: Optional[int] = None,
) -> WorldSweep: ...
@overload
def sweep(
    moving: Shapes,
    displacement: ArrayLike,
    target: Union[TileMap, Shapes],
    *,
    rotation: ArrayLike = 0.0,
    pivot: Optional[ArrayLike] = None,
    threads: Optional[int] = None,
) -> Sweep: ...


def sweep(
    moving: Shapes,
    displacement: ArrayLike,
    target: Union[TileMap, World, Shapes],
    *,
    rotation: ArrayLike = 0.0,
    pivot: Optional[ArrayLike] = None,
    threads: Optional[int] = None,
) -> Union[Sweep, WorldSweep]:
    """When a shape moving by ``displacement`` first hits ``target``.

    The moving shape (any kind: a circle, point, box, segment, triangle,
    capsule or polygon) is translated by ``t * displacement`` for t in
    [0, 1], without rotating; ``time`` is the first t at which it touches the
    target while moving toward it (1, with NaN normal and point, when it
    never does).  This is continuous collision detection: however fast a
    shape moves, it cannot pass through a thin wall unseen.

    A hit is the first time the shape touches the target while moving toward
    it.  So a shape that already touches the target at t = 0 is hit at time
    0 only if the displacement moves it toward the target (for a circle:
    toward the nearest point of the target, or, centred on the target's
    boundary, into it across every face it lies on; for other shapes: into
    the target across every face along which they touch); touching and moving
    away, or sliding along a face, is not a hit.  A shape that starts apart
    hits only if its path comes within reach and its line of motion would
    take it strictly inside: a graze, which only touches, is not a hit, even
    at the very end of the displacement; arriving head-on exactly at the end
    is.  Shapes whose interiors overlap at the start are hit at time 0 when
    the displacement has a positive component along the contact normal of
    :func:`contact` (decided in floating point).

    Whether a shape hits is exact, at every scale, for the paths its corners
    take to their rounded ends (``corner + displacement`` rounded, the end a
    motion reaches; for a circle its centre), except when it starts
    overlapping the target's interior (see above; for a circle whose centre
    starts strictly inside a polygon the nearest face is chosen in floating
    point).

    The time keeps one contract: the moving shape placed at it, as
    ``pc.transform(moving, translation=s.time[..., None] * displacement)``
    places it (numpy rounds ``t * d``, then every coordinate plus that is
    rounded once), does not penetrate the target:
    ``pc.overlaps(placed, target, touching=False)`` is False, unless their
    interiors overlapped at the start already.  The time is a
    floating-point estimate of the first touch, checked with the exact test
    of :func:`overlaps`: kept where the placed shape touches the target;
    where it penetrates it, stepped down to the last double at which it does
    not (it touches there, or, where it goes from apart to penetrating
    between two consecutive doubles, it is apart by less than the rounding of
    the placement); where it is apart, stepped up to the first double at
    which it touches (or the one before, should it penetrate there).  Where
    no double near the estimate places it touching (the exact path touches
    the target only at an instant between two doubles: a segment swept
    across a point, a near graze), the time is the estimate, where the placed
    shape is apart, so it does not penetrate there either.  The same sweep
    with every input scaled by a power of 2 gives the same time, bit for bit
    (short of subnormals).  The normal and point are rounded; for shapes
    other than circles and points they are those of :func:`contact` at the
    time.

    **Turning as it moves.**  With ``rotation`` (radians, counter-clockwise,
    at most a full turn in magnitude: split a larger turn into several
    sweeps) the shape also turns by ``t * rotation`` about ``pivot`` (default:
    its centroid, :func:`mass_properties`'s; the pivot moves with the
    displacement), position and angle linear in t; where ``t`` is the
    reported time, :func:`sweep_transform` places it.  The promise is no
    miss: if the placed shape touches the target at any time in [0, 1] the
    sweep reports a hit, at a time no later than the first touch; placed at
    the reported time the shape does not penetrate the target (the exact
    strict test of :func:`overlaps`), unless it did at time 0, and its
    distance to the target is at most ``2**-20 * (reach + |displacement|)``
    plus ``2**-40`` of the larger of its coordinates' magnitude and the
    target's (``reach``: how far the shape extends from the pivot; the
    distances the steps rest on err by units in the last place of both).  A path that comes that close without
    touching is reported as a hit too.  A shape that starts within that
    distance (or overlapping) is hit at time 0.  The method is conservative
    advancement (C ``pc_sweep_turning`` against shape arrays and tile maps,
    a tile map tile by tile; against a World the steps are driven from
    Python over the batched verbs): no point of the shape moves faster
    than the displacement's length plus the rotation's magnitude times the
    reach, so each step advances by the distance at the
    current time (less a margin for the rounding of the placement and the
    distance) over that speed and can never pass a contact (against a
    single convex shape a step may also go as far as the gap along the
    contact's normal allows, which shrinks no faster than the displacement
    along it plus the rotation times the reach).  A path that
    skims the target just outside the tolerance for a long way takes many
    steps; after 10,000 the last time known apart is reported as a hit
    (never a miss).  The normal and point are :func:`contact`'s at the time
    (the normal pointing back at the moving shape; against a tile map that
    the shape starts buried in, with no way out, the normal is against the
    displacement).  Where the rotation is 0 the sweep is the translation's
    above, bit for bit.  A turning sweep takes several steps, each a
    placement and a contact: several times the translation's cost.

    Parameters
    ----------
    moving : shape array of any kind but Lines
    displacement : array_like, layout (..., 2), finite
    rotation : array_like (...), finite, at most 2 pi in magnitude
        The turn over the sweep (0: none).
    pivot : array_like, layout (..., 2), finite, optional
        The point it turns about at time 0 (default: each shape's centroid).
    target : TileMap, World, Polylines, Regions, or a shape array of any kind but Lines
        A shape array broadcasts with ``moving`` and ``displacement``: one
        sweep per pair.  Against a TileMap the target is its solid region
        (the first hit over its tiles: a shape sliding along a floor of many
        tiles meets no seam, and one landing exactly on the corner where two
        floor tiles meet gets the floor's normal, never a face shared by two
        solid tiles; a face shared by two solid tiles is inside the solid, so
        a point or a flat shape moving exactly along one hits where it enters
        it).  Against a :class:`World` the first hit over all its parts
        (its trees are walked, not every shape tested), the target their
        union; to find the first hit among a collection, wrap it:
        ``World(shapes)``.  Against :class:`Polylines` or :class:`Regions`
        the first hit over the collection, as against ``World(target)``:
        a shape sliding along a polyline or a region's boundary meets no
        vertex where the boundary runs straight on or turns away, and a
        hit's normal is the face's (see :class:`World`).

    Returns
    -------
    Sweep(time, normal, point), or WorldSweep(time, normal, point, part, index) for a World, Polylines or Regions
        ``normal`` is the surface normal of what was hit, pointing back at the
        moving shape (as :func:`raycast`'s, Box2D's and pymunk's queries'):
        bounce a velocity off it with :func:`reflect`.

    Raises
    ------
    TypeError
        For a target that is not a shape array, a TileMap or a World, or
        Lines on either side.
    ValueError
        For a rotation that is not finite or more than a full turn, a pivot
        that is not finite or of the wrong shape (each naming the first bad
        index), a displacement that is not finite, a move that would take a
        coordinate of the moving shape beyond the range of the doubles
        (naming the first), shapes that do not broadcast, or a World of more
        than 64 parts.

    Examples
    --------
    >>> import pycollide as pc
    >>> ball = pc.Circles([0.0, 0.0, 0.5])
    >>> wall = pc.Boxes([3, -1, 4, 1])
    >>> s = pc.sweep(ball, [10.0, 0.0], wall)   # reaches x = 2.5 at t = 0.25
    >>> float(s.time), s.normal.tolist(), s.point.tolist()
    (0.25, [-1.0, 0.0], [3.0, 0.0])
    >>> pc.reflect([10.0, 0.0], s.normal).tolist()          # bounces back
    [-10.0, 0.0]
    >>> float(pc.sweep(ball, [-10.0, 0.0], wall).time)     # moving away
    1.0
    >>> crate = pc.Boxes([0, 0, 1, 1])
    >>> float(pc.sweep(crate, [4.0, 0.0], wall).time)      # its right side reaches x = 3
    0.5
    >>> float(pc.sweep(crate, [4.0, 0.0], pc.Boxes([1, -1, 9, 0])).time)   # sliding along a floor
    1.0
    >>> world = pc.World(pc.Segments([[5, -5, 5, 5], [8, -5, 8, 5]]))
    >>> w = pc.sweep(crate, [10.0, 0.0], world)
    >>> float(w.time), int(w.part), int(w.index)
    (0.4, 0, 0)
    """
    verb = "sweep"
    moving = d.shapes_arg(verb, "moving", moving)
    if isinstance(moving, Lines):
        raise TypeError(f"{verb}: `moving` must be a shape array other than Lines (lines cannot move into anything)")
    disp = d.vectors(verb, "displacement", displacement)
    rot = rotation_arg(verb, rotation)
    piv = pivot_arg(verb, pivot)
    if getattr(type(target), "is_outline", False) is True:  # Polylines, Regions: the first hit over the collection
        target = World(target)
    if np.any(rot) or rot.ndim > 0:  # an array of turns broadcasts, even all 0 (rows of 0 sweep as below)
        _target_arg(verb, target)
        time, normal, point, part, index = sweep_turning(verb, moving, disp, target, rot, piv, threads, sweep)
        if isinstance(target, World):
            return WorldSweep(time, normal, point, part, index)
        return Sweep(time, normal, point)
    if piv is not None:  # no turn: the pivot plays no part, but must broadcast
        named_pivot = [("moving", moving.shape), ("displacement", disp.shape[:-1]), ("rotation", rot.shape)]
        d.broadcast(verb, named_pivot + [("pivot", piv.shape[:-1])])
    if isinstance(target, World):
        return _world(verb, moving, disp, target, threads)
    named = [("moving", moving._data), ("displacement", disp)]
    _target_arg(verb, target)
    if not isinstance(target, TileMap):
        named.append(("target", target._data))
    shape = d.broadcast(verb, [(name, array.shape[:-1]) for name, array in named])
    width = 6 if isinstance(target, TileMap) else 5
    out = np.empty(shape + (width,), dtype=np.float64)
    if out.size:
        args, ndim, dims = d.arrays(shape, [array for _, array in named] + [out])
        nthreads = resolve_threads(verb, threads, out.size // width)
        work = out.size // width * COSTLY
        if isinstance(target, TileMap):
            rc = call(work, lib.pc_tilemap_sweep_shapes, target._c, moving.kind, *args, ndim, dims, nthreads)
        else:
            rc = call(work, lib.pc_sweep_shapes, moving.kind, *args[:4], target.kind, *args[4:], ndim, dims, nthreads)
        check_rc(verb, rc)
        _check_finite(verb, out, disp, shape)
    return Sweep(out[..., 0], out[..., 1:3], out[..., 3:5])


def _target_arg(verb: str, target: Any) -> None:
    """A TypeError for a target sweep does not take."""
    if isinstance(target, (TileMap, World)):
        return
    if not isinstance(target, Shapes):
        raise TypeError(f"{verb}: `target` must be a TileMap, a World or a shape array, got {type(target).__name__}")
    if isinstance(target, Lines):
        raise TypeError(f"{verb}: `target` must not be Lines (sweep against Segments instead)")


def _check_finite(verb: str, out: np.ndarray, disp: np.ndarray, shape: Tuple[int, ...]) -> None:
    """The C core writes NaN times for a move beyond the range of the doubles:
    a ValueError naming the first."""
    bad = np.isnan(out[..., 0])
    if not bad.any():
        return
    first = tuple(int(i) for i in np.argwhere(bad)[0])
    move = np.broadcast_to(disp, shape + (2,))[first].tolist()
    raise ValueError(
        f"{verb}: moving shape {first} would move beyond the range of the doubles (a coordinate plus "
        f"the displacement {move} overflows)"
    )


def _world(verb: str, moving: Shapes, disp: np.ndarray, world: World, threads: Any) -> WorldSweep:
    """The first hit over the parts, against their union (one C call)."""
    shape = d.broadcast(verb, [("moving", moving.shape), ("displacement", disp.shape[:-1])])
    out = np.empty(shape + (7,), dtype=np.float64)
    if out.size:
        parts, keep = c_parts(verb, world)
        args, ndim, dims = d.arrays(shape, [moving._data, disp, out])
        nthreads = resolve_threads(verb, threads, out.size // 7)
        check_rc(
            verb,
            call(
                out.size // 7 * COSTLY, lib.pc_world_sweep, parts, len(keep), moving.kind, *args, ndim, dims, nthreads
            ),
        )
        _check_finite(verb, out, disp, shape)
    return WorldSweep(
        out[..., 0], out[..., 1:3], out[..., 3:5], out[..., 5].astype(np.int64), out[..., 6].astype(np.int64)
    )
