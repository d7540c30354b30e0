"""Many balls in a closed room, scenes harder for the broad phase than the
uniform one of balls_pymunk.py: pycollide.advance(collide=True) alone.

    .venv/bin/python benchmarks/balls_mixed.py [--balls 10000] [--steps 20]

The room and balls of balls_pymunk.py (radius 0.3 on a unit grid, normal
random velocities of spread 5, restitution 1), changed three ways:

* "bimodal radii": every other ball of radius 0.1, the others 0.45;
* "10% fast": every tenth ball 12 times faster (paths a few cells long);
* "1% very fast": every hundredth ball 100 times faster (paths across many
  cells, bouncing off the walls many times a step).

Printed: milliseconds per step (dt 1/60, max_bounces 64), the mean of the
run.  To compare two builds, run it under each (for example a build of an
older commit installed with ``pip install --target DIR .`` and put first
on PYTHONPATH).
"""

from __future__ import annotations

import argparse
import time

from balls_pymunk import scene

import pycollide as pc

SCENES = ("bimodal radii", "10% fast", "1% very fast")


def run(name: str, balls: int, steps: int) -> float:
    side, c, v = scene(balls, 5.0, 1)
    if name == "bimodal radii":
        c[::2, 2], c[1::2, 2] = 0.1, 0.45
    elif name == "10% fast":
        v[::10] *= 12
    else:
        v[::100] *= 100
    walls = pc.Segments([[0, 0, side, 0], [side, 0, side, side], [side, side, 0, side], [0, side, 0, 0]])
    world = pc.World(walls)
    circles, vel = pc.Circles(c), v.copy()
    t0 = time.perf_counter()
    for _ in range(steps):
        circles, vel = pc.advance(circles, vel, world, 1 / 60, collide=True, max_bounces=64)
    return (time.perf_counter() - t0) / steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--balls", type=int, default=10_000)
    ap.add_argument("--steps", type=int, default=20)
    a = ap.parse_args()
    print(f"{a.balls} balls, {a.steps} steps of 1/60 s ({pc.__file__})")
    for name in SCENES:
        print(f"{name:16s} {run(name, a.balls, a.steps) * 1e3:8.2f} ms/step")


if __name__ == "__main__":
    main()
