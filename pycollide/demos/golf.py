"""Mini-golf on a tile map: shooting, rolling and sinking balls with
:func:`pycollide.advance` (the simulation behind ``python -m pycollide demo``).

The physics (units: tiles and seconds)
--------------------------------------
Balls of radius 0.2 start at the tee's centre, aimed uniformly within
``--aim-spread`` degrees (default 60) of the line from the tee to the hole, with
speeds uniform in ``--speed MIN MAX`` (default 2 to 10), drawn from a numpy
Generator seeded with ``--seed``; they do not collide with each other.
Each step of ``dt`` seconds: :func:`pycollide.advance` moves the balls that
are still rolling, bouncing off the walls with the given restitution and
Coulomb wall friction; a ball whose centre's straight path over the step (old
centre to new centre) meets the hole's circle (radius 0.5) while its speed at
the end of the step is at most the sink speed drops in and leaves the
simulation; then rolling friction takes ``rolling * dt`` off every speed,
stopping a ball exactly (velocity 0) when its speed is no more than that.  The
run ends when every ball is sunk, at rest or escaped, or at ``--max-time``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, List, Optional, Tuple

import numpy as np

from .. import Circles, Segments, advance, overlaps
from .cli import Progress
from .golf_course import Course
from .physics import rolling_friction

__all__ = ["GolfParams", "Result", "MOVING", "SUNK", "AT_REST", "ESCAPED", "shoot", "sink_test", "simulate"]

# ball states
MOVING, SUNK, AT_REST, ESCAPED = 0, 1, 2, 3


@dataclass
class GolfParams:
    """Everything that decides the simulation (lengths in tiles, times in s)."""

    balls: int = 2000
    seed: int = 1
    dt: float = 0.01
    max_time: float = 25.0
    ball_radius: float = 0.2
    hole_radius: float = 0.5
    sink_speed: float = 4.0  # the fastest a ball may roll over the hole and still drop in
    aim_spread: float = 60.0  # shot directions: uniform within this many degrees of the tee-to-hole line
    speed_min: float = 2.0  # shot speeds: uniform in [speed_min, speed_max]
    speed_max: float = 10.0
    restitution: float = 0.8
    wall_friction: float = 0.1  # Coulomb friction at the walls (advance's `friction`)
    rolling: float = 0.5  # rolling friction: speed lost per second of rolling
    max_bounces: int = 16


def shoot(course: Course, params: GolfParams) -> Tuple[np.ndarray, np.ndarray]:
    """The balls' start positions (all at the tee) and velocities: directions
    uniform within ``aim_spread`` degrees of the tee-to-hole line, speeds
    uniform in [speed_min, speed_max], from a numpy Generator seeded with
    ``params.seed`` (angles drawn first, then speeds)."""
    rng = np.random.default_rng(params.seed)
    n = params.balls
    aim = math.atan2(course.hole[1] - course.tee[1], course.hole[0] - course.tee[0])
    spread = math.radians(min(max(params.aim_spread, 0.0), 180.0))
    angle = aim + rng.uniform(-spread, spread, n)
    speed = rng.uniform(params.speed_min, params.speed_max, n)
    pos = np.empty((n, 2))
    pos[:] = course.tee
    vel = np.column_stack([speed * np.cos(angle), speed * np.sin(angle)])
    return pos, vel


def sink_test(old: np.ndarray, new: np.ndarray, speed: np.ndarray, course: Course, params: GolfParams) -> np.ndarray:
    """Which balls drop in: slow enough, and the straight path of the centre
    over the step meets the hole's circle (exact test, after a cheap one on
    the path's bounding box)."""
    hx, hy, hr = course.hole[0], course.hole[1], params.hole_radius
    near = (
        (speed <= params.sink_speed)
        & (np.minimum(old[:, 0], new[:, 0]) <= hx + hr)
        & (np.maximum(old[:, 0], new[:, 0]) >= hx - hr)
        & (np.minimum(old[:, 1], new[:, 1]) <= hy + hr)
        & (np.maximum(old[:, 1], new[:, 1]) >= hy - hr)
    )
    if not near.any():
        return near
    sunk = np.zeros(len(old), dtype=bool)
    path = Segments(np.concatenate([old[near], new[near]], axis=1))
    sunk[near] = overlaps(path, Circles([hx, hy, hr]))
    return sunk


@dataclass
class Result:
    state: np.ndarray  # per ball: MOVING (still at max time), SUNK, AT_REST, ESCAPED
    position: np.ndarray  # final centres (where sunk balls dropped in)
    velocity: np.ndarray
    bounces: np.ndarray  # wall impacts per ball
    steps: int
    ball_steps: int  # sum over steps of the balls moved in that step
    sim_seconds: float  # the whole step loop
    advance_seconds: float  # the advance calls alone
    trails: List[np.ndarray] = field(default_factory=list)  # recorded centre paths
    trail_ids: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))


def simulate(
    course: Course,
    params: GolfParams,
    pos: Optional[np.ndarray] = None,
    vel: Optional[np.ndarray] = None,
    trail_count: int = 400,
    progress: Optional[Progress] = None,
    on_step: Optional[Callable[[np.ndarray, np.ndarray, np.ndarray], None]] = None,
    threads: Optional[int] = None,
) -> Result:
    """Roll the balls (default: :func:`shoot`) until all are sunk, at rest or
    escaped, or ``params.max_time`` has passed.  Records the centre paths of
    the first ``trail_count`` balls.  ``on_step(ids, old, new)``, if given, is
    called after each step with the indices of the balls moved and their
    centres before and after (its time is not counted in ``sim_seconds``).
    ``threads``: passed to :func:`pycollide.advance` (default: its own choice).
    A sunk ball's path ends at the hole's centre, where it drops in."""
    if pos is None or vel is None:
        pos, vel = shoot(course, params)
    pos = np.array(pos, dtype=float)
    vel = np.array(vel, dtype=float)
    n = len(pos)
    state = np.full(n, MOVING, dtype=np.int8)
    state[np.hypot(vel[:, 0], vel[:, 1]) == 0] = AT_REST
    bounces = np.zeros(n, dtype=np.int64)
    tm = course.tilemap
    xmin, ymin, xmax, ymax = (float(v) for v in tm.bounds)
    dt = float(params.dt)
    max_steps = max(int(round(params.max_time / dt)), 1)
    loss = params.rolling * dt
    r = params.ball_radius

    trail_ids = np.arange(min(max(trail_count, 0), n))  # the first balls
    trail = np.empty((max_steps + 1, len(trail_ids), 2), dtype=np.float32)
    trail[0] = pos[trail_ids]
    trail_len = np.ones(len(trail_ids), dtype=np.int64)  # points recorded while moving

    # the rolling balls, compacted: their indices, centres, velocities, bounces
    ids = np.flatnonzero(state == MOVING)
    p, v, bc = pos[ids], vel[ids], np.zeros(ids.size, dtype=np.int64)
    layout = np.empty((ids.size, 3))
    layout[:, 2] = r
    n_sunk = 0
    ball_steps = 0
    t_advance = 0.0
    t_hook = 0.0
    steps = 0
    t_start = time.perf_counter()
    for step in range(max_steps):
        if ids.size == 0:
            break
        steps = step + 1
        layout[: ids.size, :2] = p
        circles = Circles(layout[: ids.size])
        t0 = time.perf_counter()
        moved, v_new, b = advance(
            circles,
            v,
            tm,
            dt,
            restitution=params.restitution,
            friction=params.wall_friction,
            max_bounces=params.max_bounces,
            return_bounces=True,
            threads=threads,
        )
        t_advance += time.perf_counter() - t0
        new = np.asarray(moved)[:, :2]
        ball_steps += ids.size
        bc += b
        speed = np.hypot(v_new[:, 0], v_new[:, 1])
        sunk = sink_test(p, new, speed, course, params)
        v_new = rolling_friction(v_new, loss, speed)
        escaped = ~((new[:, 0] >= xmin) & (new[:, 0] <= xmax) & (new[:, 1] >= ymin) & (new[:, 1] <= ymax))
        done = sunk | escaped | (speed <= loss)  # stopped: rolling_friction zeroed exactly these
        if on_step is not None:
            t0 = time.perf_counter()
            on_step(ids, p, new)
            t_hook += time.perf_counter() - t0
        if trail_ids.size:
            trail[step + 1] = trail[step]
            mine = ids < trail_ids.size
            trail[step + 1, ids[mine]] = np.where(sunk[mine, None], np.asarray(course.hole), new[mine])
            trail_len[ids[mine]] = step + 2  # moved in this step
        if done.any():
            gone = ids[done]
            pos[gone], vel[gone], bounces[gone] = new[done], v_new[done], bc[done]
            state[gone] = np.where(sunk[done], SUNK, np.where(escaped[done], ESCAPED, AT_REST))
            n_sunk += int(np.count_nonzero(sunk))
            keep = ~done
            ids, p, v, bc = ids[keep], new[keep], v_new[keep], bc[keep]
        else:
            p, v = new, v_new
        if progress is not None:
            progress.update(f"t={steps * dt:.2f} s, {ids.size:,} rolling, {n_sunk:,} sunk")
    pos[ids], vel[ids], bounces[ids] = p, v, bc  # still rolling at max_time
    sim_seconds = time.perf_counter() - t_start - t_hook
    trails = [trail[: trail_len[k], k].astype(float) for k in range(len(trail_ids))]
    return Result(
        state=state,
        position=pos,
        velocity=vel,
        bounces=bounces,
        steps=steps,
        ball_steps=ball_steps,
        sim_seconds=sim_seconds,
        advance_seconds=t_advance,
        trails=trails,
        trail_ids=trail_ids,
    )
