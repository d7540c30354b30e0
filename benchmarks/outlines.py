"""Points in a large region, one thread: pycollide's Regions beside shapely 2's prepared polygon.

    python benchmarks/outlines.py [--points 1000000] [--vertices 10000] [--comb-points 200000]
                                  [--big-comb-points 2000] [--repeats 5] [--seed S]

The region: a seven-lobed star of ``--vertices`` vertices (radius 1 + 0.3 sin
7t, each radius jittered by up to half the vertices' spacing), a hole in its middle, and points uniform in
its bounding box (about 40% inside).  Also: a comb of as many vertices (a
spine and thin teeth, the horizontal lines crossing many edges; fewer points,
``--comb-points``, as both take longer there), and the same
star with 10^6 vertices (the index keeps a point query short however large
the region), and a comb of 10^6 vertices with teeth of random heights (every
horizontal line crosses tens of thousands of teeth: the region's tree over
its edges answers a point in O(log^2 n); ``--big-comb-points`` points).

What is timed, best of --repeats, each on one thread:

* shapely: ``shapely.contains_xy(polygon, x, y)`` on the polygon after
  ``shapely.prepare(polygon)`` (what shapely's documentation recommends for
  many points against one polygon), and ``shapely.intersects_xy`` (the
  boundary counts: pycollide's default mode);
* pycollide: ``pc.contains(regions, points, touching=False)`` (strictly
  inside: ``contains_xy``'s meaning) and ``pc.contains(regions, points)``
  (the closed region), ``threads=1``, on a ``Regions`` built once (its edge
  index is built on the first query: the build, index included, is timed on
  its own).

The answers are compared: they must agree point for point.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def star(n: int, rng: np.random.Generator) -> tuple:
    t = np.linspace(0.0, 2.0 * np.pi, n, endpoint=False)
    r = 1.0 + 0.3 * np.sin(7.0 * t) + (0.5 * 2.0 * np.pi / n) * rng.uniform(-1.0, 1.0, n)
    shell = np.c_[r * np.cos(t), r * np.sin(t)]
    k = np.linspace(0.0, 2.0 * np.pi, 64, endpoint=False)
    hole = np.c_[0.3 * np.cos(k), 0.3 * np.sin(k)]
    return shell, [hole]


def comb(n: int, rng: "np.random.Generator | None" = None) -> tuple:
    """A spine [0, T] x [0, 1] with T teeth [i, i + 1/2] x [1, h_i]: 4T + 3
    vertices; h_i = 10, or with ``rng`` drawn from [2, 10]."""
    teeth = max(2, (n - 3) // 4)
    tops = np.full(teeth, 10.0) if rng is None else rng.uniform(2.0, 10.0, teeth)
    i = np.arange(teeth - 1, -1, -1, dtype=float)
    h = tops[::-1]
    teeth_xy = np.stack([np.c_[i + 0.5, np.ones(teeth)], np.c_[i + 0.5, h], np.c_[i, h], np.c_[i, np.ones(teeth)]], 1)
    ring = np.concatenate([[[0.0, 0.0], [float(teeth), 0.0], [float(teeth), 1.0]], teeth_xy.reshape(-1, 2)])
    return ring, []


def best(repeats: int, fn) -> tuple:
    times, out = [], None
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), max(times), out


def run(name: str, shell: np.ndarray, holes: list, points: np.ndarray, repeats: int) -> None:
    import shapely

    import pycollide as pc

    t0 = time.perf_counter()
    regions = pc.Regions([shell], [holes])
    regions._c()  # the index, built on the first query otherwise
    build = time.perf_counter() - t0
    polygon = shapely.Polygon(shell, holes)
    assert polygon.is_valid, name
    t0 = time.perf_counter()
    shapely.prepare(polygon)
    prep = time.perf_counter() - t0
    x, y = points[:, 0].copy(), points[:, 1].copy()
    rows = []
    s_in = best(repeats, lambda: shapely.contains_xy(polygon, x, y))
    p_in = best(repeats, lambda: pc.contains(regions, points, touching=False, threads=1))
    s_on = best(repeats, lambda: shapely.intersects_xy(polygon, x, y))
    p_on = best(repeats, lambda: pc.contains(regions, points, threads=1))
    assert np.array_equal(s_in[2], p_in[2]) and np.array_equal(s_on[2], p_on[2]), name
    rows.append(("strictly inside", s_in, p_in))
    rows.append(("closed (boundary counts)", s_on, p_on))
    n = len(points)
    print(f"\n{name}: {len(shell)} + {sum(len(h) for h in holes)} vertices, {n:,} points, {p_on[2].mean():.0%} in")
    print(f"  build: pycollide Regions + index {build * 1e3:.1f} ms; shapely Polygon prepare {prep * 1e3:.1f} ms")
    print(f"  {'query':<26} {'shapely (s)':>17} {'pycollide (s)':>17} {'speed-up':>9} {'pycollide/point':>16}")
    for label, s, p in rows:
        per = p[0] / n * 1e9
        print(f"  {label:<26} {s[0]:>7.3f} ({s[1]:.3f}) {p[0]:>7.3f} ({p[1]:.3f}) {s[0] / p[0]:>8.1f}x {per:>13.0f} ns")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--points", type=int, default=1_000_000)
    ap.add_argument("--vertices", type=int, default=10_000)
    ap.add_argument("--comb-points", type=int, default=200_000, help="points against the comb (slow for both)")
    ap.add_argument("--big-comb-points", type=int, default=2_000, help="points against the comb of 10^6 vertices")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    shell, holes = star(args.vertices, rng)
    pts = rng.uniform(-1.4, 1.4, (args.points, 2))
    print("best (worst) of", args.repeats, "runs, one thread each; answers identical point for point")
    run("star", shell, holes, pts, args.repeats)
    shell, holes = comb(args.vertices)
    cpts = rng.uniform(0.0, 1.0, (args.comb_points, 2)) * [shell[:, 0].max(), 10.5]
    run("comb", shell, holes, cpts, args.repeats)
    shell, holes = star(1_000_000, rng)
    run("star of 10^6 vertices", shell, holes, pts, args.repeats)
    shell, holes = comb(1_000_000, rng)
    bpts = rng.uniform(0.0, 1.0, (args.big_comb_points, 2)) * [shell[:, 0].max(), 10.5]
    run("comb of 10^6 vertices, random tooth heights", shell, holes, bpts, args.repeats)


if __name__ == "__main__":
    main()
