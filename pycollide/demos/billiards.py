"""``python -m pycollide demo billiards``: the break on a pool table with six
pockets, simulated with :func:`pycollide.advance` (balls hit the cushions and
each other), reported and drawn.

The physics (units: metres, seconds, kilograms)
-----------------------------------------------
A 2.54 x 1.27 m playing surface (the cushions' noses) and sixteen balls of
radius 0.028575 m and mass 0.17 kg: fifteen racked in a triangle with its apex
on the foot spot (3/4 of the length), neighbours ``rack_gap`` apart (exactly
touching balls are allowed, overlapping ones are not, and a small gap keeps
rounding from making them overlap), and the cue ball on the head spot (1/4 of
the length), shot at ``speed`` towards the apex, turned by an angle uniform
within +-``angle`` degrees (from a numpy Generator seeded with ``seed``).

The cushions are six convex 4-gons (:class:`pycollide.Polygons`) with angled
jaws at the pockets; a rail (:class:`pycollide.Segments`) closes the table
behind the pockets.  Each step of ``dt`` seconds, :func:`pycollide.advance`
with ``collide=True`` moves every ball on the table, in time order, bouncing
off the cushions and off each other with one ``restitution`` (advance takes a
single value for every impact: real ball-ball impacts are about 0.93-0.95,
cushions about 0.75-0.85; the default 0.9 is between) and Coulomb
``friction``.  A ball drops into a pocket when its centre's straight path
over the step meets the pocket's circle, or its centre ends the step beyond
the cushions' noses (only a pocket's mouth lets it get there); it leaves the
simulation.  Then rolling resistance takes ``rolling * dt`` off every speed,
stopping a ball exactly when its speed is no more than that.  The run ends
when every ball is at rest or pocketed, or at ``max_time``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from .. import Circles, Polygons, Segments, World, overlaps, pairs
from .cli import (
    Progress,
    SetupError,
)
from .physics import Paths, advance_balls, kinetic_energy, rolling_friction

__all__ = [
    "BilliardsParams",
    "Table",
    "build_table",
    "rack",
    "Result",
    "pocket_test",
    "simulate",
    "check_params",
    "final_checks",
    "MAX_STEP_TRAVEL",
    "POCKET_NAMES",
]

POCKET_NAMES = ["bottom left", "bottom middle", "bottom right", "top left", "top middle", "top right"]

#: the rack, row by row from the apex: the 1 in front, the 8 in the middle, a solid and a stripe in the back corners
RACK_ORDER = [[1], [9, 2], [10, 8, 3], [11, 7, 14, 4], [5, 13, 15, 6, 12]]


@dataclass
class BilliardsParams:
    """Everything that decides the break (metres, seconds, kilograms)."""

    seed: int = 1
    speed: float = 10.0  # the cue ball's speed, m/s (a hard break)
    angle: float = 1.0  # the shot turns from the line to the apex by an angle uniform in +-angle degrees
    dt: float = 0.002
    max_time: float = 30.0
    restitution: float = 0.9  # one value for ball-ball and cushion impacts (advance takes one)
    friction: float = 0.05  # Coulomb friction at every impact
    rolling: float = 0.2  # rolling resistance: speed lost per second, m/s^2
    rack_gap: float = 1e-4  # between neighbours in the rack, m
    ball_radius: float = 0.028575
    ball_mass: float = 0.17
    length: float = 2.54  # the playing surface, cushion nose to cushion nose
    width: float = 1.27
    max_bounces: int = 64


@dataclass
class Table:
    """The table's geometry: the playing surface [0, length] x [0, width],
    the cushions, the rail behind the pockets, the pockets' circles (x, y, r)
    and the world advance moves the balls in."""

    length: float
    width: float
    depth: float  # of the cushions, nose to rail
    cushions: Polygons  # six 4-gons
    rail: Segments
    pockets: np.ndarray  # (6, 3)
    world: World

    @property
    def parts(self) -> List[Any]:
        """The world's parts: what a ball cannot enter."""
        return [self.cushions, self.rail]


def build_table(params: BilliardsParams) -> Table:
    """The six cushions (4-gons with angled jaws), the rail and the pockets:
    corner pockets with mouths 0.125 m wide at 45 degrees, middle pockets
    0.13 m wide."""
    L, W = params.length, params.width
    depth = 0.05
    jaw = 0.125 / math.sqrt(2.0)  # corner mouth: from the corner to each jaw's nose along the cushion
    mouth = 0.065  # middle pockets: half the mouth
    narrow = 0.012  # the middle pockets' jaws narrow the throat this much on each side
    # the bottom-left cushion (bottom left corner to bottom middle), then its mirror images
    bottom = np.array([[jaw, 0.0], [L / 2 - mouth, 0.0], [L / 2 - mouth + narrow, -depth], [jaw - depth, -depth]])
    left = np.array([[0.0, W - jaw], [0.0, jaw], [-depth, jaw - depth], [-depth, W - jaw + depth]])

    def mirror(poly: np.ndarray, x: bool, y: bool) -> np.ndarray:
        out = poly.copy()
        if x:
            out[:, 0] = L - out[:, 0]
        if y:
            out[:, 1] = W - out[:, 1]
        return out

    cushions = Polygons(
        np.stack(
            [
                bottom,
                mirror(bottom, True, False),
                mirror(bottom, False, True),
                mirror(bottom, True, True),
                left,
                mirror(left, True, False),
            ]
        )
    )
    x0, y0, x1, y1 = -depth, -depth, L + depth, W + depth
    rail = Segments([[x0, y0, x1, y0], [x1, y0, x1, y1], [x1, y1, x0, y1], [x0, y1, x0, y0]])
    c, cr = 0.012, 0.068  # corner pockets: centre beyond the corner along the diagonal, radius
    s, sr = 0.026, 0.064  # middle pockets: centre beyond the cushion line, radius
    pockets = np.array(
        [[-c, -c, cr], [L / 2, -s, sr], [L + c, -c, cr], [-c, W + c, cr], [L / 2, W + s, sr], [L + c, W + c, cr]]
    )
    return Table(
        length=L, width=W, depth=depth, cushions=cushions, rail=rail, pockets=pockets, world=World(cushions, rail)
    )


def rack(params: BilliardsParams) -> Tuple[np.ndarray, np.ndarray, float]:
    """The start: centres (16, 2) and velocities (16, 2) of the balls, row k
    being ball k (0: the cue ball), and the shot's turn in degrees.  The
    fifteen balls form a triangle of side ``2 r + rack_gap`` spacing with its
    apex on the foot spot; the cue ball, on the head spot, moves at ``speed``
    towards the apex turned by an angle uniform in +-``angle`` degrees."""
    L, W, r = params.length, params.width, params.ball_radius
    d = 2.0 * r + params.rack_gap
    apex = (0.75 * L, 0.5 * W)
    pos = np.empty((16, 2))
    for k, row in enumerate(RACK_ORDER):
        for j, ball in enumerate(row):
            pos[ball] = (apex[0] + k * d * math.sqrt(3.0) / 2.0, apex[1] + (j - k / 2.0) * d)
    pos[0] = (0.25 * L, 0.5 * W)
    rng = np.random.default_rng(params.seed)
    turn = float(rng.uniform(-params.angle, params.angle)) if params.angle > 0 else 0.0
    aim = math.atan2(apex[1] - pos[0, 1], apex[0] - pos[0, 0]) + math.radians(turn)
    vel = np.zeros((16, 2))
    vel[0] = (params.speed * math.cos(aim), params.speed * math.sin(aim))
    return pos, vel, turn


@dataclass
class Result:
    position: np.ndarray  # (16, 2): final centres (a pocketed ball: where it dropped in)
    velocity: np.ndarray  # (16, 2)
    pocket: np.ndarray  # (16,) the pocket a ball dropped into (index into POCKET_NAMES), -1 if on the table
    pocket_time: np.ndarray  # (16,) when, s (NaN if on the table)
    bounces: np.ndarray  # (16,) impacts of each ball (cushions and balls)
    ball_collisions: int  # ball-ball impacts (advance's events)
    pair_collisions: np.ndarray  # (16, 16) ball-ball impacts per pair (symmetric)
    impacts: int  # all impacts, a ball-ball impact counted once
    cushion_impacts: int
    energy_start: float  # J
    energy_end: float
    energy_impacts: float  # lost in advance's steps (restitution and friction at impacts)
    energy_rolling: float  # lost to rolling resistance
    energy_pockets: float  # carried into the pockets
    max_step_gain: float  # the most kinetic energy any advance step added (should be 0 up to rounding)
    steps: int
    ball_steps: int  # sum over steps of the balls on the table
    sim_seconds: float
    advance_seconds: float
    turn: float  # the shot's turn, degrees
    paths: Paths = field(repr=False, default_factory=lambda: Paths(0, 0))

    @property
    def on_table(self) -> np.ndarray:
        return self.pocket < 0


def pocket_test(old: np.ndarray, new: np.ndarray, table: Table) -> np.ndarray:
    """The pocket each ball drops into over a step (-1: none): the first
    pocket whose circle the straight path of the centre (old to new) meets,
    exactly; else, for a centre that ends beyond the cushions' noses, the
    nearest pocket."""
    n = len(new)
    out = np.full(n, -1, dtype=np.int64)
    if n == 0:
        return out
    paths = Segments(np.concatenate([old, new], axis=1))
    hit = overlaps(paths[:, None], Circles(table.pockets)[None, :])  # (n, 6)
    first = np.argmax(hit, axis=1)
    out[hit.any(axis=1)] = first[hit.any(axis=1)]
    off = (out < 0) & ~((new[:, 0] >= 0) & (new[:, 0] <= table.length) & (new[:, 1] >= 0) & (new[:, 1] <= table.width))
    if off.any():
        d = np.hypot(new[off, None, 0] - table.pockets[None, :, 0], new[off, None, 1] - table.pockets[None, :, 1])
        out[off] = np.argmin(d, axis=1)
    return out


def simulate(params: BilliardsParams, table: Optional[Table] = None, progress: Optional[Progress] = None) -> Result:
    """Break and roll until every ball rests or drops, or ``max_time``."""
    if table is None:
        table = build_table(params)
    pos, vel, turn = rack(params)
    n = len(pos)
    r, m, dt = params.ball_radius, params.ball_mass, float(params.dt)
    max_steps = max(int(round(params.max_time / dt)), 1)
    loss = params.rolling * dt
    pocket = np.full(n, -1, dtype=np.int64)
    pocket_time = np.full(n, np.nan)
    bounces = np.zeros(n, dtype=np.int64)
    pair_hits = np.zeros((n, n), dtype=np.int64)
    paths = Paths(n, max_steps)
    paths.record(np.arange(n), pos)
    e_start = kinetic_energy(vel, m)
    e_impacts = e_rolling = e_pockets = 0.0
    max_gain = 0.0
    ids = np.arange(n)  # the balls on the table
    p, v = pos.copy(), vel.copy()
    steps = ball_steps = cushion_hits = 0
    t_advance = 0.0
    t_start = time.perf_counter()
    for step in range(max_steps):
        if ids.size == 0 or not v.any():
            break
        steps = step + 1
        done = advance_balls(p, v, r, table.world, dt, params.restitution, params.friction, params.max_bounces)
        t_advance += done.seconds
        new, v_new, b = done.centres, done.velocity, done.bounces
        ball_steps += ids.size
        cushion_hits += done.wall_impacts
        before, after = kinetic_energy(v, m), kinetic_energy(v_new, m)
        e_impacts += before - after
        max_gain = max(max_gain, after - before)
        bounces[ids] += b
        np.add.at(pair_hits, (ids[done.pairs[0]], ids[done.pairs[1]]), 1)
        into = pocket_test(p, new, table)
        dropped = into >= 0
        if dropped.any():
            gone = ids[dropped]
            pocket[gone], pocket_time[gone] = into[dropped], steps * dt
            pos[gone], vel[gone] = table.pockets[into[dropped], :2], v_new[dropped]
            e_pockets += kinetic_energy(v_new[dropped], m)
            keep = ~dropped
            paths.record(ids, np.where(dropped[:, None], table.pockets[np.maximum(into, 0), :2], new), b > 0)
            ids, new, v_new = ids[keep], new[keep], v_new[keep]
        else:
            paths.record(ids, new, b > 0)
        rolled = rolling_friction(v_new, loss)
        e_rolling += kinetic_energy(v_new, m) - kinetic_energy(rolled, m)
        p, v = new, rolled
        if progress is not None:
            moving = int(np.count_nonzero(v.any(axis=1)))
            progress.update(f"t={steps * dt:.2f} s, {moving} of {ids.size} balls rolling, {n - ids.size} pocketed")
    pos[ids], vel[ids] = p, v
    sim_seconds = time.perf_counter() - t_start
    pair_hits = pair_hits + pair_hits.T
    ball_hits = int(pair_hits.sum() // 2)
    return Result(
        position=pos,
        velocity=vel,
        pocket=pocket,
        pocket_time=pocket_time,
        bounces=bounces,
        ball_collisions=ball_hits,
        pair_collisions=pair_hits,
        impacts=cushion_hits + ball_hits,
        cushion_impacts=cushion_hits,
        energy_start=e_start,
        energy_end=kinetic_energy(vel[ids], m),
        energy_impacts=e_impacts,
        energy_rolling=e_rolling,
        energy_pockets=e_pockets,
        max_step_gain=max_gain,
        steps=steps,
        ball_steps=ball_steps,
        sim_seconds=sim_seconds,
        advance_seconds=t_advance,
        turn=turn,
        paths=paths,
    )


# ---- checks -------------------------------------------------------------------------


#: the most a ball may move in one step, m: about a ball's radius, so that the
#: pocket test (the centre's straight path over a step) sees every drop
MAX_STEP_TRAVEL = 0.03


def check_params(params: BilliardsParams) -> None:
    """Raise SetupError for parameters that cannot be simulated: a step in
    which the cue ball (the fastest ball: no ball can gain more kinetic
    energy than the break gives) moves more than MAX_STEP_TRAVEL, or a rack
    whose balls overlap (a gap too small for the rounding of the triangle's
    coordinates: advance refuses overlapping balls)."""
    if params.speed * params.dt > MAX_STEP_TRAVEL:
        raise SetupError(
            f"--speed {params.speed:g} with --dt {params.dt:g} moves the cue ball "
            f"{params.speed * params.dt:g} m a step; at most {MAX_STEP_TRAVEL:g} m (about a ball's "
            "radius) lets the pocket test see every drop: lower --dt"
        )
    pos, _, _ = rack(params)
    over = pairs(Circles(np.column_stack([pos, np.full(len(pos), params.ball_radius)])), touching=False)
    if over.shape[1]:
        raise SetupError(
            f"--rack-gap {params.rack_gap:g}: balls {int(over[0, 0])} and {int(over[1, 0])} of the "
            "rack overlap after rounding; use a larger gap (1e-9 m is enough)"
        )


def final_checks(table: Table, result: Result, params: BilliardsParams) -> Dict[str, int]:
    """Exact checks of the end: pairs of balls on the table that overlap
    (interiors), balls overlapping a cushion or the rail, and balls whose
    centre is off the playing surface."""
    on = result.on_table
    centres = result.position[on]
    balls = Circles(np.column_stack([centres, np.full(len(centres), params.ball_radius)]))
    overlapping = int(pairs(balls, touching=False).shape[1]) if len(balls) > 1 else 0
    inside = 0
    if len(balls):
        stuck = overlaps(balls[:, None], table.cushions[None, :], touching=False).any(axis=1)
        stuck |= overlaps(balls[:, None], table.rail[None, :], touching=False).any(axis=1)
        inside = int(np.count_nonzero(stuck))
    off = int(
        np.count_nonzero(
            ~(
                (centres[:, 0] >= 0)
                & (centres[:, 0] <= table.length)
                & (centres[:, 1] >= 0)
                & (centres[:, 1] <= table.width)
            )
        )
    )
    return {"overlapping_pairs": overlapping, "inside_cushion": inside, "off_table": off}
