"""Motion: moving balls through a tile world, bouncing off its walls."""

from __future__ import annotations

from typing import Any, Literal, Optional, Tuple, Union, overload

import numpy as np

from . import _dispatch as d
from ._native import check_rc, double_ptr, ffi, lib, number, resolve_threads
from .shapes import Circles
from .tiles import TileMap

__all__ = ["advance"]


def _motion_threads(verb: str, threads: Any, n: int) -> int:
    # a circle's motion costs microseconds: threads pay off from two chunks of PC_MOTION_CHUNK circles
    return resolve_threads(verb, threads, n * lib.PC_PARALLEL_CHUNK // lib.PC_MOTION_CHUNK)


@overload
def advance(circles: Any, velocity: Any, world: TileMap, dt: float, restitution: float = 1.0,
            friction: float = 0.0, max_bounces: int = 16, *, return_bounces: Literal[False] = False,
            threads: Optional[int] = None) -> Tuple[Circles, np.ndarray]: ...
@overload
def advance(circles: Any, velocity: Any, world: TileMap, dt: float, restitution: float = 1.0,
            friction: float = 0.0, max_bounces: int = 16, *, return_bounces: Literal[True],
            threads: Optional[int] = None) -> Tuple[Circles, np.ndarray, np.ndarray]: ...


def advance(circles: Any, velocity: Any, world: TileMap, dt: float, restitution: float = 1.0,
            friction: float = 0.0, max_bounces: int = 16, *, return_bounces: bool = False,
            threads: Optional[int] = None) -> Union[Tuple[Circles, np.ndarray], Tuple[Circles, np.ndarray, np.ndarray]]:
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
    circles = d.circles_arg(verb, "circles", circles)
    if not isinstance(world, TileMap):
        raise TypeError(f"{verb}: `world` must be a TileMap, got {type(world).__name__}")
    v = d.vectors(verb, "velocity", velocity)
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
