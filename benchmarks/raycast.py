"""Raycasts against many shapes: pycollide beside what a Python user would write otherwise.

    .venv/bin/pip install pymunk shapely      # benchmark-only dependencies
    .venv/bin/python benchmarks/raycast.py [--shapes 100000] [--rays 1000000] [--peer-rays 100000]
                                           [--length 50] [--seed 1]

Scenes: ``--shapes`` circles (radii 0.5-2) or segments (length 1-4, any
direction) uniform in a 1000 x 1000 world; ``--rays`` rays from uniform
origins in random directions, each up to ``--length`` long.

* pycollide: ``pc.raycast(origins, directions, shapes, max_distance=length)``
  (the tree is built inside the call, and timed), one thread and every core;
  and against a ``pc.World`` built once (build time reported apart).
* pymunk: static ``Circle`` / ``Segment`` shapes in one ``Space`` (its default
  bounding-box tree index), then ``space.segment_query_first(o, o + length *
  unit, 0, ShapeFilter())`` per ray: pymunk's ray query, one Python call a ray.
* shapely (segments only): an ``STRtree`` of the segments, ``tree.query(rays,
  predicate="intersects")`` for all ray segments at once, then the distance
  from each origin to each crossing (``shapely.intersection`` and
  ``shapely.distance``, vectorised) and the least per ray with numpy.

The peers run on the first ``--peer-rays`` rays (a Python loop over 10^6 pymunk
queries takes long); times are reported per ray and the ratio is per ray.  Hits
are compared on those rays: ``agree`` counts rays on which the peer's hit/miss
equals pycollide's (pymunk and shapely decide in floating point; pymunk's
circles are exact circles, shapely's segments exact segments).
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numpy as np

WORLD = 1000.0


def scene(kind: str, n: int, rng: np.random.Generator) -> np.ndarray:
    c = rng.uniform(0, WORLD, (n, 2))
    if kind == "circles":
        return np.column_stack([c, rng.uniform(0.5, 2.0, n)])
    t = rng.uniform(0, 2 * np.pi, n)
    h = rng.uniform(0.5, 2.0, n)[:, None] * np.column_stack([np.cos(t), np.sin(t)])
    return np.column_stack([c - h, c + h])


def best(fn, repeat: int = 3):
    t, out = math.inf, None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        t = min(t, time.perf_counter() - t0)
    return t, out


def pymunk_space(pymunk, kind: str, rows: np.ndarray):
    """The static shapes in one pymunk Space (its default tree index), and
    each shape's index."""
    space = pymunk.Space()
    body = space.static_body
    if kind == "circles":
        shapes = [pymunk.Circle(body, float(r), (float(x), float(y))) for x, y, r in rows]
    else:
        shapes = [pymunk.Segment(body, (float(a), float(b)), (float(c), float(d)), 0.0) for a, b, c, d in rows]
    space.add(*shapes)
    space.reindex_static()
    return space, {s: i for i, s in enumerate(shapes)}


def run_pymunk(kind: str, rows: np.ndarray, o: np.ndarray, u: np.ndarray, length: float):
    import pymunk

    space, index = pymunk_space(pymunk, kind, rows)
    flt = pymunk.ShapeFilter()
    ends = o + length * u

    def query():
        hit = np.zeros(len(o), dtype=bool)
        dist = np.full(len(o), np.inf)
        which = np.full(len(o), -1)
        q = space.segment_query_first
        for k in range(len(o)):
            r = q((o[k, 0], o[k, 1]), (ends[k, 0], ends[k, 1]), 0.0, flt)
            if r is not None:
                hit[k] = True
                dist[k] = r.alpha * length
                which[k] = index[r.shape]
        return hit, dist, which

    return query


def run_shapely(rows: np.ndarray, o: np.ndarray, u: np.ndarray, length: float):
    import shapely

    segs = shapely.linestrings(rows.reshape(-1, 2, 2))
    tree = shapely.STRtree(segs)

    def query():
        rays = shapely.linestrings(np.stack([o, o + length * u], axis=1))
        i, j = tree.query(rays, predicate="intersects")
        d = shapely.distance(shapely.points(o[i]), shapely.intersection(rays[i], segs[j]))
        dist = np.full(len(o), np.inf)
        np.minimum.at(dist, i, d)
        return np.isfinite(dist), dist

    return query


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", type=int, default=100_000)
    ap.add_argument("--rays", type=int, default=1_000_000)
    ap.add_argument("--peer-rays", type=int, default=100_000)
    ap.add_argument("--length", type=float, default=50.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    import pycollide as pc

    rng = np.random.default_rng(args.seed)
    o = rng.uniform(0, WORLD, (args.rays, 2))
    d = rng.normal(size=(args.rays, 2))
    u = d / np.hypot(d[:, 0], d[:, 1])[:, None]
    m = min(args.peer_rays, args.rays)
    print(
        f"{args.shapes} shapes in a {WORLD:g} x {WORLD:g} world, {args.rays} rays up to {args.length:g} long; "
        f"peers on the first {m} rays; best of 3"
    )
    print(f"{'scene':9} {'who':34} {'total s':>9} {'ns/ray':>9} {'hits':>7} {'agree':>8} {'pycollide faster':>17}")
    for kind in ("circles", "segments"):
        rows = scene(kind, args.shapes, rng)
        shapes = pc.Circles(rows) if kind == "circles" else pc.Segments(rows)
        t1, r1 = best(lambda: pc.raycast(o, u, shapes, args.length, threads=1))
        tn, rn = best(lambda: pc.raycast(o, u, shapes, args.length))
        assert np.array_equal(r1.distance, rn.distance) and np.array_equal(r1.index, rn.index)
        tb, world = best(lambda: pc.World(shapes))
        tw, rw = best(lambda: pc.raycast(o, u, world, args.length, threads=1))
        per = t1 / args.rays
        rows_out = [
            ("pycollide, 1 thread", t1, r1.hit),
            ("pycollide, every core", tn, rn.hit),
            (f"pycollide World, 1 thread (+{tb * 1e3:.1f} ms build)", tw, rw.hit),
        ]
        for who, t, hit in rows_out:
            print(f"{kind:9} {who:34} {t:9.3f} {t / args.rays * 1e9:9.0f} {hit.mean():7.3f} {'':>8} {'':>17}")
        peers = []
        try:
            peers.append(("pymunk segment_query_first", run_pymunk(kind, rows, o[:m], u[:m], args.length)))
        except ImportError:
            print(f"{kind:9} pymunk: not installed (pip install pymunk), skipped")
        if kind == "segments":
            try:
                peers.append(("shapely STRtree + intersection", run_shapely(rows, o[:m], u[:m], args.length)))
            except ImportError:
                print(f"{kind:9} shapely: not installed, skipped")
        for who, fn in peers:
            t, res = best(fn, repeat=1 if "pymunk" in who else 3)
            agree = int((res[0] == r1.hit[:m]).sum())
            print(
                f"{kind:9} {who:34} {t:9.3f} {t / m * 1e9:9.0f} {res[0].mean():7.3f} {agree:>8} {(t / m) / per:16.1f}x"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
