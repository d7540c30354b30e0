"""``python -m pycollide demo pinball``: many balls dropped on a tilted
pinball table (slanted walls, a funnel, round bumpers that kick, pegs,
slingshots and two polygons), simulated with :func:`pycollide.advance`
(balls hit the table and each other), reported and drawn.

The physics (units: table units, seconds; every ball has mass 1)
----------------------------------------------------------------
The table is 10 x 20 units, tilted: gravity ``gravity`` pulls along -y.
Balls of radius 0.15 are launched from the top, ``rate`` per second in the
order drawn, each at a random free spot of the launch band (y from 18 to
19.4) with a velocity uniform in direction and in speed up to ``speed``,
from a numpy Generator seeded with ``seed``; a ball whose spot another ball
still covers waits for a later step.  Each step of ``dt`` seconds: gravity
adds ``-gravity * dt`` to every vertical velocity; :func:`pycollide.advance`
with ``collide=True`` moves every ball on the table in time order, bouncing
off the table and each other with one ``restitution`` and Coulomb
``friction``; a ball that hit a bumper (a round one: advance's events say
which balls did, and the bumper's normal where they hit) and leaves it
slower than ``kick`` along that normal is kicked to that speed; rolling
resistance takes ``rolling * dt`` off every speed; a ball whose centre is
below the drain line (y = 0, in the chute under the funnel) drains and
leaves the simulation.  The run ends when every ball has been launched and
has drained, or at ``max_time``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from .. import AdvanceEvents, Capsules, Circles, Polygons, Segments, Triangles, World, overlaps, pairs
from .cli import (
    Progress,
)
from .physics import Paths, advance_balls, kinetic_energy, rolling_friction

__all__ = [
    "PinballParams",
    "Table",
    "build_table",
    "launch_plan",
    "Result",
    "bumper_hits",
    "kick",
    "simulate",
    "final_checks",
    "WIDTH",
    "HEIGHT",
    "BUMPERS",
    "DRAIN_Y",
    "LAUNCH_BAND",
]

WIDTH, HEIGHT = 10.0, 20.0
BUMPERS = 2  # the bumpers' part of the table's world (Table.parts)
DRAIN_Y = 0.0  # a ball whose centre goes below this line has drained
LAUNCH_BAND = (1.2, 18.0, 8.8, 19.4)  # xmin, ymin, xmax, ymax of the launch spots' centres


@dataclass
class PinballParams:
    """Everything that decides the run (table units, seconds)."""

    balls: int = 200
    seed: int = 1
    rate: float = 50.0  # launches per second
    speed: float = 6.0  # launch speeds uniform in [0, speed]
    gravity: float = 9.0  # along -y, units/s^2
    dt: float = 0.004
    max_time: float = 30.0
    restitution: float = 0.6  # one value for every impact (advance takes one)
    friction: float = 0.0  # Coulomb friction at impacts
    rolling: float = 0.2  # rolling resistance: speed lost per second
    kick: float = 5.0  # the least speed a bumper sends a ball off at, along its normal (0: no kick)
    ball_radius: float = 0.15
    max_bounces: int = 16


@dataclass
class Table:
    """The table's parts (each a 1-D collection of one kind), the world made
    of them, and the round bumpers (x, y, r) that kick."""

    walls: Segments
    guides: Capsules
    bumpers: Circles  # the world's part BUMPERS
    pegs: Circles
    slings: Triangles
    blocks: Polygons
    world: World

    @property
    def parts(self) -> List[Any]:
        return [self.walls, self.guides, self.bumpers, self.pegs, self.slings, self.blocks]


def build_table() -> Table:
    """The table: outer walls with slanted top corners, a funnel to a drain
    chute, two slanted guide rails, three bumpers, two rows of pegs, two
    slingshot triangles, a diamond and a hexagon."""
    W, H = WIDTH, HEIGHT
    walls = Segments(
        [
            [0, 4, 0, 18.5],
            [0, 18.5, 1.5, H],
            [1.5, H, W - 1.5, H],
            [W - 1.5, H, W, 18.5],
            [W, 18.5, W, 4],
            [0, 4, 4.2, 1.5],
            [W, 4, 5.8, 1.5],  # the funnel
            [4.2, 1.5, 4.2, -1.5],
            [5.8, 1.5, 5.8, -1.5],
            [4.2, -1.5, 5.8, -1.5],  # the drain chute
        ]
    )
    guides = Capsules(
        [
            [0.0, 16.2, 1.9, 14.9, 0.12],
            [W, 16.2, W - 1.9, 14.9, 0.12],
            [0.0, 11.8, 1.4, 11.0, 0.12],
            [W, 11.8, W - 1.4, 11.0, 0.12],
        ]
    )
    bumpers = Circles([[3.2, 14.4, 0.7], [6.8, 14.4, 0.7], [5.0, 12.0, 0.7]])
    pegs = [[5.0 + 1.2 * k, 8.6, 0.1] for k in range(-3, 4)] + [[5.6 + 1.2 * k, 9.7, 0.1] for k in range(-3, 3)]
    slings = Triangles([[1.2, 5.6, 1.2, 7.6, 2.8, 4.7], [W - 1.2, 5.6, W - 1.2, 7.6, W - 2.8, 4.7]])
    diamond = np.asarray(Polygons.from_box([5.0, 6.4], [0.55, 0.55], math.pi / 4))
    hexagon = np.array(
        [[5.0 + 0.55 * math.sin(a), 16.6 + 0.55 * math.cos(a)] for a in np.arange(6) * math.pi / 3]
    )  # a vertex on top: nothing rests on it
    blocks = Polygons(np.stack([diamond[[0, 0, 1, 2, 3, 3]], hexagon]))  # one K per array: repeat vertices
    peg_circles = Circles(pegs)
    return Table(
        walls=walls,
        guides=guides,
        bumpers=bumpers,
        pegs=peg_circles,
        slings=slings,
        blocks=blocks,
        world=World(walls, guides, bumpers, peg_circles, slings, blocks),
    )


def launch_plan(params: PinballParams, table: Table) -> Tuple[np.ndarray, np.ndarray]:
    """The balls' launch spots (n, 2) and velocities (n, 2): spots uniform in
    the launch band, drawn again while one overlaps the table; directions
    uniform, speeds uniform in [0, speed]."""
    rng = np.random.default_rng(params.seed)
    n, r = params.balls, params.ball_radius
    x0, y0, x1, y1 = LAUNCH_BAND
    spots = np.empty((n, 2))
    todo = np.arange(n)
    while todo.size:
        spots[todo] = np.column_stack([rng.uniform(x0, x1, todo.size), rng.uniform(y0, y1, todo.size)])
        balls = Circles(np.column_stack([spots[todo], np.full(todo.size, r)]))
        bad = np.zeros(todo.size, dtype=bool)
        for part in table.parts:
            bad |= overlaps(balls[:, None], part[None, :]).any(axis=1)
        todo = todo[bad]
    angle = rng.uniform(0.0, 2.0 * math.pi, n)
    speed = rng.uniform(0.0, params.speed, n)
    return spots, np.column_stack([speed * np.cos(angle), speed * np.sin(angle)])


@dataclass
class Result:
    launch_time: np.ndarray  # (n,) NaN if never launched
    drain_time: np.ndarray  # (n,) NaN if not drained
    position: np.ndarray  # (n, 2) final centres (a drained ball: where it crossed the drain line)
    velocity: np.ndarray
    bounces: np.ndarray  # (n,) impacts of each ball (table and balls)
    ball_collisions: int  # ball-ball impacts (advance's events)
    table_impacts: int  # impacts with the table (walls, bumpers, pegs, ...)
    bumper_kicks: int
    energy_launched: float  # kinetic energy at launch, summed
    energy_gravity: float  # kinetic energy gravity added (its velocity updates)
    energy_impacts: float  # kinetic energy lost in advance's steps
    energy_kicks: float  # kinetic energy the bumpers added
    energy_rolling: float  # lost to rolling resistance
    energy_drained: float  # carried out through the drain
    energy_end: float  # kinetic energy of the balls on the table at the end
    potential_end: float  # their potential energy above the drain line, gravity * y
    max_step_gain: float  # the most kinetic energy an advance step added (should be 0 up to rounding)
    steps: int
    ball_steps: int
    sim_seconds: float
    advance_seconds: float
    paths: Paths = field(repr=False, default_factory=lambda: Paths(0, 0))

    @property
    def on_table(self) -> np.ndarray:
        return ~np.isnan(self.launch_time) & np.isnan(self.drain_time)


def bumper_hits(events: AdvanceEvents, n: int) -> Tuple[np.ndarray, np.ndarray]:
    """Of ``n`` balls, which hit a bumper in a step (advance's ``events``),
    and for those the bumper's unit normal where each last hit one (zeros
    for the others)."""
    hit = np.zeros(n, dtype=bool)
    normal = np.zeros((n, 2))
    on = events.part == BUMPERS
    ball = events.ball[on]
    last = np.ones(ball.size, dtype=bool)  # each ball's last hit: the events are by ball, then in time
    last[:-1] = ball[1:] != ball[:-1]
    hit[ball] = True
    normal[ball[last]] = events.normal[on][last]
    return hit, normal


def kick(velocity: np.ndarray, hit: np.ndarray, normal: np.ndarray, speed: float) -> Tuple[np.ndarray, np.ndarray]:
    """The velocities after the bumpers' kicks, and which balls were kicked:
    a ball that hit a bumper in the step (``hit``, the bumper's unit
    ``normal`` where it hit) and leaves it slower than ``speed`` along that
    normal gets that normal speed."""
    kicked = np.zeros(len(velocity), dtype=bool)
    if speed <= 0 or not hit.any():
        return velocity, kicked
    out = velocity.copy()
    rows = np.flatnonzero(hit)
    n = normal[rows]
    vn = np.einsum("ij,ij->i", out[rows], n)
    slow = vn < speed
    out[rows[slow]] += (speed - vn[slow])[:, None] * n[slow]
    kicked[rows[slow]] = True
    return out, kicked


def simulate(params: PinballParams, table: Optional[Table] = None, progress: Optional[Progress] = None) -> Result:
    """Launch, roll, kick and drain the balls until all have drained or ``max_time``."""
    if table is None:
        table = build_table()
    spots, launch_v = launch_plan(params, table)
    n, r, dt = params.balls, params.ball_radius, float(params.dt)
    max_steps = max(int(round(params.max_time / dt)), 1)
    g_dv = params.gravity * dt
    loss = params.rolling * dt
    launch_time = np.full(n, np.nan)
    drain_time = np.full(n, np.nan)
    pos, vel = spots.copy(), launch_v.copy()
    bounces = np.zeros(n, dtype=np.int64)
    paths = Paths(n, max_steps)
    ids = np.zeros(0, dtype=np.int64)  # the balls on the table
    p, v = np.zeros((0, 2)), np.zeros((0, 2))
    nxt = 0  # the next ball to launch
    e_launch = e_gravity = e_impacts = e_kicks = e_rolling = e_drained = max_gain = 0.0
    ball_hits = table_hits = kicks = steps = ball_steps = 0
    t_advance = 0.0
    t_start = time.perf_counter()
    for step in range(max_steps):
        t = step * dt
        # launches due by now, in order, each onto a spot no ball covers
        due = min(n, int(math.floor(t * params.rate + 1e-9)) + 1)
        while nxt < due:
            spot = Circles([spots[nxt, 0], spots[nxt, 1], r])
            if ids.size and overlaps(spot, Circles(np.column_stack([p, np.full(ids.size, r)])), touching=False).any():
                break
            ids = np.append(ids, nxt)
            p = np.vstack([p, spots[nxt]])
            v = np.vstack([v, launch_v[nxt]])
            launch_time[nxt] = t
            e_launch += kinetic_energy(launch_v[nxt], 1.0)
            nxt += 1
        if ids.size == 0:
            if nxt >= n:
                break
            paths.record(ids, p)
            steps = step + 1
            continue
        steps = step + 1
        before = kinetic_energy(v, 1.0)
        v = v.copy()
        v[:, 1] -= g_dv
        e_gravity += kinetic_energy(v, 1.0) - before
        done = advance_balls(p, v, r, table.world, dt, params.restitution, params.friction, params.max_bounces)
        t_advance += done.seconds
        new, v_new, b = done.centres, done.velocity, done.bounces
        ball_steps += ids.size
        ball_hits += done.pairs.shape[1]
        table_hits += done.wall_impacts
        before, after = kinetic_energy(v, 1.0), kinetic_energy(v_new, 1.0)
        e_impacts += before - after
        max_gain = max(max_gain, after - before)
        bounces[ids] += b
        kicked_v, kicked = kick(v_new, *bumper_hits(done.events, ids.size), params.kick)
        kicks += int(np.count_nonzero(kicked))
        e_kicks += kinetic_energy(kicked_v, 1.0) - after
        rolled = rolling_friction(kicked_v, loss)
        e_rolling += kinetic_energy(kicked_v, 1.0) - kinetic_energy(rolled, 1.0)
        paths.record(ids, new, b > 0)
        drained = new[:, 1] < DRAIN_Y
        if drained.any():
            gone = ids[drained]
            drain_time[gone] = (step + 1) * dt
            pos[gone], vel[gone] = new[drained], rolled[drained]
            e_drained += kinetic_energy(rolled[drained], 1.0)
            keep = ~drained
            ids, p, v = ids[keep], new[keep], rolled[keep]
        else:
            p, v = new, rolled
        if progress is not None:
            progress.update(
                f"t={steps * dt:.2f} s, {nxt:,} launched, {ids.size:,} on the table, "
                f"{int(np.count_nonzero(~np.isnan(drain_time))):,} drained"
            )
        if nxt >= n and ids.size == 0:
            break
    pos[ids], vel[ids] = p, v
    sim_seconds = time.perf_counter() - t_start
    return Result(
        launch_time=launch_time,
        drain_time=drain_time,
        position=pos,
        velocity=vel,
        bounces=bounces,
        ball_collisions=ball_hits,
        table_impacts=table_hits,
        bumper_kicks=kicks,
        energy_launched=e_launch,
        energy_gravity=e_gravity,
        energy_impacts=e_impacts,
        energy_kicks=e_kicks,
        energy_rolling=e_rolling,
        energy_drained=e_drained,
        energy_end=kinetic_energy(v, 1.0),
        potential_end=params.gravity * float((p[:, 1] - DRAIN_Y).sum()),
        max_step_gain=max_gain,
        steps=steps,
        ball_steps=ball_steps,
        sim_seconds=sim_seconds,
        advance_seconds=t_advance,
        paths=paths,
    )


# ---- checks -------------------------------------------------------------------------


def final_checks(table: Table, result: Result, params: PinballParams) -> Dict[str, int]:
    """Exact checks of the end: pairs of balls on the table that overlap
    (interiors), balls overlapping a part of the table, and balls whose
    centre is outside the table (its bounding box, drain chute included)."""
    on = result.on_table
    centres = result.position[on]
    balls = Circles(np.column_stack([centres, np.full(len(centres), params.ball_radius)]))
    overlapping = int(pairs(balls, touching=False).shape[1]) if len(balls) > 1 else 0
    stuck = np.zeros(len(balls), dtype=bool)
    if len(balls):
        for part in table.parts:
            stuck |= overlaps(balls[:, None], part[None, :], touching=False).any(axis=1)
    off = ~((centres[:, 0] >= 0) & (centres[:, 0] <= WIDTH) & (centres[:, 1] >= -1.5) & (centres[:, 1] <= HEIGHT))
    return {
        "overlapping_pairs": overlapping,
        "inside_wall": int(np.count_nonzero(stuck)),
        "off_table": int(np.count_nonzero(off)),
    }
