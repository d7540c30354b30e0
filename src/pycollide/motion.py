"""Swept circles and motion: time of impact, and moving balls through a tile world."""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

import numpy as np

from ._native import check_rc, double_ptr, ffi, lib, number, resolve_threads
from .overlap import _check_shapes
from .shapes import Circles, Shapes
from .tiles import TileMap, _vectors, as_circles, operands

__all__ = ["Sweep", "sweep", "advance"]


class Sweep(NamedTuple):
    """What :func:`sweep` found for each moving circle."""

    time: np.ndarray
    """float in [0, 1]: the fraction of the displacement at first touch (1 if none)."""
    normal: np.ndarray
    """(..., 2): unit normal from the circle toward the target at impact (NaN if none)."""
    point: np.ndarray
    """(..., 2): the touching point on the target (NaN if none)."""


def sweep(circles: Any, displacement: Any, target: Any, *, threads: Optional[int] = None) -> Sweep:
    """When a circle moving by ``displacement`` first touches ``target``.

    The circle's centre moves along ``center + t * displacement`` for t in
    [0, 1]; ``time`` is the first t at which it touches the target (1, with
    NaN normal and point, when it never does).  This is continuous collision
    detection: however fast the circle moves, it cannot pass through a thin
    wall unseen.

    A hit is the first time the circle touches the target while moving
    toward it.  So a circle that already touches the target at t = 0 is hit
    at time 0 only if the displacement moves its centre toward the nearest
    point of the target (or, centred on the target's boundary, into it across
    every face it lies on); touching and moving away, or sliding along a face,
    is not a hit.  A circle that starts apart hits only if its path comes
    within its radius of the target and the path's line would take it
    strictly inside: a graze, which only touches, is not a hit, even at the
    very end of the displacement; arriving head-on exactly at the end is.

    Whether a circle hits is exact, for the path from the centre to the rounded
    ``center + displacement`` (the end a motion reaches), except when its
    centre starts strictly inside a polygon (then the nearest face is chosen
    in floating point).  Against a TileMap the target is the union of its
    solid tiles, at any origin and tile size, and the first hit over them is
    reported: a circle sliding along a floor of many tiles meets no seam.
    Times, normals and points are rounded.

    Parameters
    ----------
    circles : Circles (or Points)
    displacement : array_like, layout (..., 2)
    target : TileMap, Points, Circles, Boxes, Segments or Triangles
        Against a TileMap the target is the solid region, through its merged
        boundary edges (no bump at the seams between tiles).  Otherwise circles,
        displacement and target broadcast together.

    Returns
    -------
    Sweep(time, normal, point)
        ``normal`` points from the moving circle toward the target (the
        convention of :func:`contact`): reflect a velocity about it with
        :func:`reflect`.

    Examples
    --------
    >>> import pycollide as pc
    >>> ball = pc.Circles([0.0, 0.0, 0.5])
    >>> wall = pc.Boxes([3, -1, 4, 1])
    >>> s = pc.sweep(ball, [10.0, 0.0], wall)   # reaches x = 2.5 at t = 0.25
    >>> float(s.time), s.normal.tolist(), s.point.tolist()
    (0.25, [1.0, 0.0], [3.0, 0.0])
    >>> float(pc.sweep(ball, [-10.0, 0.0], wall).time)     # moving away
    1.0
    """
    verb = "sweep"
    circles = as_circles(verb, "circles", circles)
    d = np.ascontiguousarray(_vectors(verb, "displacement", displacement))
    operands_named = [("circles", circles._data), ("displacement", d)]
    if not isinstance(target, TileMap):
        if not isinstance(target, Shapes):
            raise TypeError(f"{verb}: `target` must be a TileMap or a shape array (Points, Circles, Boxes, "
                            f"Segments or Triangles), got {type(target).__name__}")
        target = _check_shapes(verb, "target", target)
        operands_named.append(("target", target._data))
    try:
        shape = np.broadcast_shapes(*(array.shape[:-1] for _, array in operands_named))
    except ValueError:
        listed = ", ".join(f"`{name}` {array.shape[:-1]}" for name, array in operands_named)
        raise ValueError(f"{verb}: the shapes of {listed} do not broadcast together") from None
    out = np.empty(shape + (5,), dtype=np.float64)
    if out.size:
        args, ndim, dims = operands(shape, [array for _, array in operands_named] + [out])
        nthreads = resolve_threads(verb, threads, out.size // 5)
        if isinstance(target, TileMap):
            rc = lib.pc_tilemap_sweep(target._c, *args, ndim, dims, nthreads)
        else:
            rc = lib.pc_sweep_batch(*args[:4], target.kind, *args[4:], ndim, dims, nthreads)
        check_rc(verb, rc)
    time = out[..., 0]
    return Sweep(time[()] if time.ndim == 0 else time, out[..., 1:3], out[..., 3:5])


def _motion_threads(verb: str, threads: Any, n: int) -> int:
    # a circle's motion costs microseconds: threads pay off from two chunks of PC_MOTION_CHUNK circles
    return resolve_threads(verb, threads, n * lib.PC_PARALLEL_CHUNK // lib.PC_MOTION_CHUNK)


def advance(circles: Any, velocity: Any, world: TileMap, dt: float, restitution: float = 1.0,
            friction: float = 0.0, max_bounces: int = 16, *, return_bounces: bool = False,
            threads: Optional[int] = None):
    """Move circles through a tile world for a time ``dt``, bouncing off walls.

    Each circle moves with its velocity until its first impact (a swept test
    against the merged boundary, so it never tunnels through a wall however
    fast it goes), stops there, has its velocity reflected, and goes on for
    the rest of ``dt``; all in C, one batch for all circles.

    At an impact with unit normal n the normal part of the velocity v_n is
    reversed and scaled by ``restitution``; the tangential part v_t loses
    ``min(friction * (1 + restitution) * |v_n|, |v_t|)`` (Coulomb friction
    with the impulse of the bounce; a ball has no spin here).

    Guarantees, exactly (not up to an epsilon): a circle whose interior does
    not overlap the solid at the start does not at the end (checked with the
    exact overlap test; a move that rounding would end inside is shortened);
    no circle's speed grows (squared speeds compared exactly).  A circle
    touching a flat floor or wall and moving along it keeps its velocity bit
    for bit: there is no seam between tiles to catch on.

    Parameters
    ----------
    circles : Circles (or Points), any leading shape
    velocity : array_like, layout (..., 2), broadcastable to the circles
    world : TileMap
    dt : float >= 0
    restitution : float in [0, 1], default 1 (elastic)
        As for :func:`reflect`: more than 1 would add energy at every bounce.
    friction : float >= 0, default 0
        The Coulomb coefficient (it may exceed 1).
    max_bounces : int >= 1, default 16
        After this many impacts within one call a circle stays where it is for
        the rest of ``dt`` (its velocity is already reflected).
    return_bounces : bool, default False
        Also return the number of impacts of each circle.
    threads : int, optional
        As for :func:`overlaps`, but threads share batches from 2,048 circles on.
        The result never depends on it.

    Returns
    -------
    (Circles, ndarray) or (Circles, ndarray, ndarray of int64)
        The moved circles, their new velocities and, with ``return_bounces``,
        the impacts.

    Raises
    ------
    ValueError
        When a circle's interior overlaps the solid at the start, or when a
        circle's move (velocity times the time left) would leave the range of
        the doubles (naming the first such circle), or for bad parameters.
        The caller's arrays are never changed.

    Examples
    --------
    >>> import pycollide as pc
    >>> box = pc.TileMap.from_text('''
    ... #####
    ... #...#
    ... #####
    ... ''')
    >>> ball = pc.Circles([1.5, 1.5, 0.5])            # resting on the floor
    >>> moved, v = pc.advance(ball, [2.0, 0.0], box, 1.5)
    >>> moved.center.tolist(), v.tolist()           # off the east wall, back again
    ([2.5, 1.5], [-2.0, 0.0])
    """
    verb = "advance"
    circles = as_circles(verb, "circles", circles)
    if not isinstance(world, TileMap):
        raise TypeError(f"{verb}: `world` must be a TileMap, got {type(world).__name__}")
    v = _vectors(verb, "velocity", velocity)
    try:
        if v.shape[:-1] != circles.shape:
            v = np.broadcast_to(v, circles.shape + (2,))
    except ValueError:
        raise ValueError(f"{verb}: `velocity` {v.shape[:-1]} does not broadcast to the circles' shape "
                         f"{circles.shape}") from None
    dt = number(verb, "dt", dt, 0.0)
    restitution = number(verb, "restitution", restitution, 0.0)
    if restitution > 1.0:
        raise ValueError(f"{verb}: `restitution` must be in [0, 1], got {restitution}")
    friction = number(verb, "friction", friction, 0.0)
    if isinstance(max_bounces, (bool, np.bool_)) or not isinstance(max_bounces, (int, np.integer)):
        raise TypeError(f"{verb}: `max_bounces` must be an integer, got {max_bounces!r}")
    if not 1 <= max_bounces <= 2**31 - 1:
        raise ValueError(f"{verb}: `max_bounces` must be >= 1, got {max_bounces}")
    c = np.array(circles._data, dtype=np.float64, order="C").reshape(-1, 3)
    vel = np.array(v, dtype=np.float64, order="C").reshape(-1, 2)
    n = len(c)
    bounces = np.zeros(n, dtype=np.int64)
    if n:
        rc = lib.pc_tilemap_advance(world._c, double_ptr(c), double_ptr(vel),
                                    ffi.cast("int64_t *", ffi.from_buffer(bounces)), n, dt, restitution,
                                    friction, int(max_bounces), _motion_threads(verb, threads, n))
        check_rc(verb, rc)
        if bounces.min() < 0:  # the results are discarded: nothing the caller holds has changed
            first = int(np.flatnonzero(bounces < 0)[0])
            index = tuple(int(k) for k in np.unravel_index(first, circles.shape))
            if bounces[first] == -1:
                raise ValueError(f"{verb}: circle {index} starts inside the solid (its interior overlaps a tile)")
            raise ValueError(f"{verb}: circle {index} would move beyond the range of the doubles (velocity "
                             f"{tuple(float(x) for x in np.reshape(v, (-1, 2))[first])} over the time left overflows)")
    # the moved circles are valid by construction (advance keeps them finite):
    # only their magnitude is needed, which validation reports
    magnitude, bad = ffi.new("double *"), ffi.new("int64_t *")
    check_rc(verb, lib.pc_validate(lib.PC_CIRCLE, double_ptr(c) if n else ffi.NULL, n, bad, magnitude))
    c.flags.writeable = False
    moved = Circles._trusted(c.reshape(circles.shape + (3,)), float(magnitude[0]))
    vel = vel.reshape(circles.shape + (2,))
    if return_bounces:
        return moved, vel, bounces.reshape(circles.shape)
    return moved, vel
