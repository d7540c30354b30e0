"""Many balls hitting each other in a closed room: pycollide.advance(collide=True) beside pymunk.

    .venv/bin/pip install pymunk        # benchmark-only dependency
    .venv/bin/python benchmarks/balls_pymunk.py [--balls 10000] [--steps 60] [--dt 0.0166667] [--speed 5]
                                                [--seed 1]

The scene: a square room of four static segments; the balls (radius 0.3, one
per unit cell of a square grid filling the room, so every ball starts apart)
get normal random velocities of the given spread.  No gravity, restitution 1,
friction 0, masses proportional to area (equal radii: equal masses).

* pycollide: ``advance(balls, v, World(walls), dt, collide=True)`` once per
  step (event-driven, one thread).
* pymunk: one ``Space`` (no gravity, no damping, a spatial hash of cells 2.5
  ball radii across, as its docs advise for many objects of one size); walls
  as static ``Segment`` shapes, each ball a ``Body`` (mass 1, moment inf: no
  spin, as in advance) with a ``Circle`` of elasticity 1 and friction 0;
  ``collision_slop`` 0.005; ``space.step(dt)`` once per step.  pymunk is the
  iterative solver a Python user would reach for; it allows overlaps by design.

Timings are of the stepping alone (best of the run's per-step throughput is
not used: the whole run is timed).  Checks, outside the timings, after every
step: "overlapping" = pairs of balls whose interiors overlap (exact:
``pycollide.pairs(..., touching=False)``), summed over the steps; "tunnelled" =
balls whose centre is outside the room; kinetic energy drift from the start.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import pycollide as pc


def scene(balls: int, speed: float, seed: int):
    side = int(np.ceil(np.sqrt(balls)))
    xs, ys = np.meshgrid(np.arange(side) + 0.5, np.arange(side) + 0.5)
    c = np.c_[xs.ravel()[:balls], ys.ravel()[:balls], np.full(balls, 0.3)]
    v = np.random.default_rng(seed).normal(0.0, speed, (balls, 2))
    return float(side), c, v


def checks(side: float, c: np.ndarray) -> tuple:
    over = pc.pairs(pc.Circles(c), touching=False).shape[1]
    x, y = c[:, 0], c[:, 1]
    out = int((~((x > 0) & (x < side) & (y > 0) & (y < side))).sum())
    return over, out


def run_pycollide(side, c, v, steps, dt):
    walls = pc.Segments([[0, 0, side, 0], [side, 0, side, side], [side, side, 0, side], [0, side, 0, 0]])
    world = pc.World(walls)
    balls, vel = pc.Circles(c), v.copy()
    over = out = 0
    spent = 0.0
    for _ in range(steps):
        t0 = time.perf_counter()
        balls, vel = pc.advance(balls, vel, world, dt, collide=True)
        spent += time.perf_counter() - t0
        o, e = checks(side, np.asarray(balls))
        over += o
        out += e
    return spent, over, out, float((vel * vel).sum())


def run_pymunk(side, c, v, steps, dt):
    import pymunk

    space = pymunk.Space()
    space.use_spatial_hash(2.5 * 0.3, len(c) * 2)
    space.collision_slop = 0.005
    for a, b in [((0, 0), (side, 0)), ((side, 0), (side, side)), ((side, side), (0, side)), ((0, side), (0, 0))]:
        seg = pymunk.Segment(space.static_body, a, b, 0.0)
        seg.elasticity, seg.friction = 1.0, 0.0
        space.add(seg)
    bodies = []
    for (x, y, r), (vx, vy) in zip(c, v):
        body = pymunk.Body(1.0, float("inf"))
        body.position, body.velocity = (float(x), float(y)), (float(vx), float(vy))
        shape = pymunk.Circle(body, float(r))
        shape.elasticity, shape.friction = 1.0, 0.0
        space.add(body, shape)
        bodies.append(body)
    over = out = 0
    spent = 0.0
    pos = np.empty_like(c)
    pos[:, 2] = c[:, 2]
    for _ in range(steps):
        t0 = time.perf_counter()
        space.step(dt)
        spent += time.perf_counter() - t0
        pos[:, :2] = [b.position for b in bodies]
        o, e = checks(side, pos)
        over += o
        out += e
    ke = sum(b.velocity.x**2 + b.velocity.y**2 for b in bodies)
    return spent, over, out, float(ke)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--balls", type=int, default=10_000)
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--dt", type=float, default=1 / 60)
    ap.add_argument("--speed", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    side, c, v = scene(a.balls, a.speed, a.seed)
    ke0 = float((v * v).sum())
    print(
        f"{a.balls} balls (r 0.3) in a {side:g} x {side:g} room, speed spread {a.speed}, {a.steps} steps of "
        f"{a.dt:g} s, restitution 1, friction 0"
    )
    rows = [("pycollide advance(collide=True)", run_pycollide(side, c, v, a.steps, a.dt))]
    try:
        rows.append(("pymunk Space.step (spatial hash)", run_pymunk(side, c, v, a.steps, a.dt)))
    except ImportError:
        print("pymunk not installed: pip install pymunk to compare")
    print(f"{'engine':34s} {'ball-steps/s':>14s} {'overlapping':>12s} {'tunnelled':>10s} {'energy drift':>13s}")
    for name, (spent, over, out, ke) in rows:
        print(f"{name:34s} {a.balls * a.steps / spent:14,.0f} {over:12,d} {out:10,d} {(ke - ke0) / ke0:13.2e}")
    if len(rows) == 2:
        print(f"ratio (pycollide / pymunk ball-steps per second): {rows[1][1][0] / rows[0][1][0]:.2f}")


if __name__ == "__main__":
    main()
