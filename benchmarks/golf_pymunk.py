"""Mini-golf: pycollide.advance against pymunk on the same course and the same shots.

    .venv/bin/pip install pymunk        # benchmark-only dependency
    .venv/bin/python benchmarks/golf_pymunk.py [--balls 2000] [--seed 1] [--dt 0.01 0.05 0.1]
                                               [--course FILE] [--repeat R] [--no-bbtree]

Both engines get the demo's course (``python -m pycollide demo``), the same
balls (radius, start point, initial velocities from the same seed) and the same
rules, applied by the same numpy code after each step: the sink test (path of
the centre over the step meets the hole while slow), rolling friction (a
constant deceleration, stopping exactly), removal of sunk, stopped and escaped
balls (so ball-steps = the balls still rolling, summed over the steps).

* pycollide: ``pycollide.demos.golf.simulate``, i.e. ``pycollide.advance`` on all
  rolling balls as one batch per step (continuous collision, restitution,
  Coulomb wall friction); run with advance's default threads (every core) and
  with one thread (pymunk's ``Space.step`` uses one).
* pymunk: one ``Space`` without gravity or damping; the walls are static
  ``Segment`` shapes (radius 0) along ``TileMap.edges`` (the merged boundary
  edges), elasticity 1 and friction 1; each ball a ``Body(mass 1, moment
  inf)`` (no spin: friction acts on the tangential velocity as in advance)
  with a ``Circle`` of elasticity = restitution and friction = wall friction
  (pymunk multiplies the two sides' values), all in one ``ShapeFilter`` group
  so they never collide with each other; ``collision_slop`` 0.005 (tiles;
  the default 0.1 is meant for pixels).  Velocities are read and written in
  batches with ``pymunk.batch``; ``space.step(dt)`` once per step.  Run twice:
  with a spatial hash of cells 2.5 ball radii across (what pymunk's docs
  advise for many objects of one size) and with pymunk's default index (a
  bounding-box tree).  pymunk cannot be told that balls never meet: its
  broadphase still finds every pair of balls whose boxes overlap, and only
  then drops it by the filter; that is most of its cost while the balls are
  crowded (at the tee).  pycollide never looks at ball pairs.

Timings: "step" is advance or space.step alone; "loop" is the whole step loop
(the engine, the batch reads/writes, the numpy rules, removals).  The checks
are outside both: after every step each moved ball's centre is tested against
the solid (the demo's exact point-in-tile test) and the map's bounds, and its
depth into the walls is measured with ``pycollide.contact``.  "tunnelled" =
balls whose centre ended some step inside a wall or off the map; "escaped" =
off the map; "max depth" = the deepest penetration of a ball into a wall at the
end of a step, in ball radii.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import numpy as np

import pycollide
from pycollide.demos import golf as demo
from pycollide.demos import golf_course as demo_course
from pycollide.demos.physics import rolling_friction


class Checker:
    """Per-step, untimed: which balls ever had their centre in a wall or off
    the map, and the deepest penetration."""

    def __init__(self, course, params, n):
        self.tm, self.r = course.tilemap, params.ball_radius
        self.bounds = tuple(float(v) for v in self.tm.bounds)
        self.tunnelled = np.zeros(n, dtype=bool)
        self.max_depth = 0.0

    def __call__(self, ids, old, new):
        xmin, ymin, xmax, ymax = self.bounds
        off = ~((new[:, 0] >= xmin) & (new[:, 0] <= xmax) & (new[:, 1] >= ymin) & (new[:, 1] <= ymax))
        inside = np.asarray(pycollide.contains(self.tm, new))
        self.tunnelled[ids[off | inside]] = True
        on = ~off
        if on.any():
            c = pycollide.contact(
                pycollide.Circles(np.column_stack([new[on], np.full(int(on.sum()), self.r)])), self.tm
            )
            sep = np.asarray(c.separation)
            self.max_depth = max(self.max_depth, float(-sep.min()))


def run_pycollide(course, params, pos, vel, threads=None):
    check = Checker(course, params, len(pos))
    res = demo.simulate(course, params, pos, vel, trail_count=0, on_step=check, threads=threads)
    return {
        "engine": f"pycollide {pycollide.__version__}, {threads or 'all'} thread{'' if threads == 1 else 's'}",
        "ball_steps": res.ball_steps,
        "steps": res.steps,
        "step_s": res.advance_seconds,
        "loop_s": res.sim_seconds,
        "sunk": int((res.state == demo.SUNK).sum()),
        "at_rest": int((res.state == demo.AT_REST).sum()),
        "escaped": int((res.state == demo.ESCAPED).sum()),
        "rolling": int((res.state == demo.MOVING).sum()),
        "tunnelled": int(check.tunnelled.sum()),
        "max_depth": check.max_depth / params.ball_radius,
    }


def run_pymunk(course, params, pos, vel, spatial_hash=False):
    import pymunk
    import pymunk.batch as batch

    n = len(pos)
    dt = float(params.dt)
    space = pymunk.Space()
    space.gravity = (0.0, 0.0)
    space.damping = 1.0
    space.collision_slop = 0.005
    if spatial_hash:  # cells of 2.5 ball radii, as pymunk's docs advise for many same-sized shapes
        space.use_spatial_hash(2.5 * params.ball_radius, 10 * n + 1000)
    for x0, y0, x1, y1 in np.asarray(course.tilemap.edges).tolist():
        seg = pymunk.Segment(space.static_body, (x0, y0), (x1, y1), 0.0)
        seg.elasticity, seg.friction = 1.0, 1.0
        space.add(seg)
    balls_filter = pymunk.ShapeFilter(group=1)
    bodies, shapes = [], []
    for k in range(n):
        body = pymunk.Body(1.0, float("inf"))
        body.position = tuple(pos[k])
        body.velocity = tuple(vel[k])
        shape = pymunk.Circle(body, params.ball_radius)
        shape.elasticity, shape.friction = params.restitution, params.wall_friction
        shape.filter = balls_filter
        bodies.append(body)
        shapes.append(shape)
    state = np.full(n, demo.MOVING, dtype=np.int8)
    still = np.hypot(vel[:, 0], vel[:, 1]) == 0
    state[still] = demo.AT_REST
    for k in np.flatnonzero(~still):
        space.add(bodies[k], shapes[k])
    body_ids = np.array([b.id for b in bodies], dtype=np.uintp)
    id_order = np.argsort(body_ids)
    sorted_ids = body_ids[id_order]
    pos = np.array(pos, dtype=float)
    check = Checker(course, params, n)
    xmin, ymin, xmax, ymax = (float(v) for v in course.tilemap.bounds)
    loss = params.rolling * dt
    max_steps = max(int(round(params.max_time / dt)), 1)
    fields = batch.BodyFields.BODY_ID | batch.BodyFields.POSITION | batch.BodyFields.VELOCITY
    buf, vbuf = batch.Buffer(), batch.Buffer()
    ball_steps, steps, t_step, t_check = 0, 0, 0.0, 0.0
    t_start = time.perf_counter()
    for step in range(max_steps):
        if not len(space.bodies):
            break
        steps = step + 1
        t0 = time.perf_counter()
        space.step(dt)
        t_step += time.perf_counter() - t0
        buf.clear()
        batch.get_space_bodies(space, fields, buf)
        ids = np.frombuffer(buf.int_buf(), dtype=np.uintp)
        data = np.frombuffer(buf.float_buf(), dtype=np.float64).reshape(-1, 4)  # x, y, vx, vy
        # the iteration also visits the static body (the walls'): keep its rows as they are
        at = np.minimum(np.searchsorted(sorted_ids, ids), n - 1)
        which = np.where(sorted_ids[at] == ids, id_order[at], -1)
        ball_rows = which >= 0
        active = which[ball_rows]
        old, new, v = pos[active], data[ball_rows, :2].copy(), data[ball_rows, 2:].copy()
        ball_steps += len(active)
        speed = np.hypot(v[:, 0], v[:, 1])
        sunk = demo.sink_test(old, new, speed, course, params)
        v = rolling_friction(v, loss)
        escaped = ~((new[:, 0] >= xmin) & (new[:, 0] <= xmax) & (new[:, 1] >= ymin) & (new[:, 1] <= ymax))
        stopped = (v[:, 0] == 0) & (v[:, 1] == 0)
        pos[active] = new
        new_state = np.where(
            sunk, demo.SUNK, np.where(escaped, demo.ESCAPED, np.where(stopped, demo.AT_REST, demo.MOVING))
        )
        state[active] = new_state
        vout = np.ascontiguousarray(data[:, 2:])  # a copy: rows in the iteration order
        vout[ball_rows] = v
        vbuf.set_float_buf(vout.ravel())
        batch.set_space_bodies(space, batch.BodyFields.VELOCITY, vbuf)
        for k in active[new_state != demo.MOVING].tolist():
            space.remove(bodies[k], shapes[k])
        t0 = time.perf_counter()
        check(active, old, new)
        t_check += time.perf_counter() - t0
    loop = time.perf_counter() - t_start - t_check
    index = f"spatial hash {2.5 * params.ball_radius:g}" if spatial_hash else "BB tree"
    return {
        "engine": f"pymunk {pymunk.version}, {index}",
        "ball_steps": ball_steps,
        "steps": steps,
        "step_s": t_step,
        "loop_s": loop,
        "sunk": int((state == demo.SUNK).sum()),
        "at_rest": int((state == demo.AT_REST).sum()),
        "escaped": int((state == demo.ESCAPED).sum()),
        "rolling": int((state == demo.MOVING).sum()),
        "tunnelled": int(check.tunnelled.sum()),
        "max_depth": check.max_depth / params.ball_radius,
    }


def table(rows):
    head = (
        "| dt (s) | engine | ball-steps | step: M ball-steps/s | loop: M ball-steps/s | sunk | at rest "
        "| escaped | tunnelled | max depth (radii) |"
    )
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for r in rows:
        lines.append(
            f"| {r['dt']:g} | {r['engine']} | {r['ball_steps']:,} | {r['ball_steps'] / r['step_s'] / 1e6:.2f} "
            f"| {r['ball_steps'] / r['loop_s'] / 1e6:.2f} | {r['sunk']} | {r['at_rest']} | {r['escaped']} "
            f"| {r['tunnelled']} | {r['max_depth']:.3f} |"
        )
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--balls", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dt", type=float, nargs="+", default=[0.01, 0.05, 0.1])
    ap.add_argument("--course", help="a course file (default: the demo's built-in course)")
    ap.add_argument("--repeat", type=int, default=3, help="best of this many runs per engine (default 3)")
    ap.add_argument(
        "--no-bbtree",
        action="store_true",
        help="skip pymunk with its default index (a BB tree; slow with many crowded balls)",
    )
    args = ap.parse_args(argv)
    try:
        import pymunk  # noqa: F401
    except ImportError as exc:
        sys.exit(f"pymunk is not installed ({exc}); pip install pymunk")
    course = demo_course.load_course(args.course)
    print(
        f"course {course.name}: {course.tilemap.shape[1]}x{course.tilemap.shape[0]} tiles, "
        f"{len(np.asarray(course.tilemap.edges))} merged edges; {args.balls} balls, seed {args.seed}; "
        f"numpy {np.__version__}, Python {platform.python_version()}, {platform.machine()}",
        flush=True,
    )
    rows = []
    for dt in args.dt:
        params = demo.GolfParams(balls=args.balls, seed=args.seed, dt=dt)
        pos, vel = demo.shoot(course, params)
        runners = [run_pycollide, lambda *a: run_pycollide(*a, threads=1), lambda *a: run_pymunk(*a, spatial_hash=True)]
        if not args.no_bbtree:
            runners.append(run_pymunk)
        best = [None] * len(runners)
        for _ in range(args.repeat):  # the engines take turns, so a busy spell hits all of them
            for k, runner in enumerate(runners):
                r = runner(course, params, pos, vel)
                print(
                    f"dt {dt:g}: {r['engine']}: {r['ball_steps']:,} ball-steps in {r['steps']} steps, "
                    f"step {r['step_s']:.2f} s, loop {r['loop_s']:.2f} s",
                    file=sys.stderr,
                    flush=True,
                )
                if best[k] is None:
                    best[k] = r
                else:  # the runs are deterministic: only the times differ; keep the best of each
                    best[k]["step_s"] = min(best[k]["step_s"], r["step_s"])
                    best[k]["loop_s"] = min(best[k]["loop_s"], r["loop_s"])
        for r in best:
            r["dt"] = dt
            rows.append(r)
    print(table(rows))
    print("\nball-steps/s ratios, pycollide / pymunk (step | loop):")
    for dt in args.dt:
        here = [r for r in rows if r["dt"] == dt]
        for a in [r for r in here if r["engine"].startswith("pycollide")]:
            for b in [r for r in here if r["engine"].startswith("pymunk")]:
                step = (a["ball_steps"] / a["step_s"]) / (b["ball_steps"] / b["step_s"])
                loop = (a["ball_steps"] / a["loop_s"]) / (b["ball_steps"] / b["loop_s"])
                print(f"dt {dt:g}: {a['engine']} / {b['engine']}: {step:.1f}x | {loop:.1f}x")


if __name__ == "__main__":
    main()
