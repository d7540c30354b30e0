"""Issue 19's benchmark: every overlapping pair among many circles, in one
call, against what a scipy or shapely user writes for the same answer; small
inputs per call; nearest shapes against scipy and shapely.

    python benchmarks/pairs.py [--n N] [--repeat R] [--scenes uniform,spread,skewed,clustered]
                               [--shapely-n M] [--no-shapely] [--no-small] [--no-nearest]
                               [--large-n 10000000]

Scenes (all circles, self pairs, a few neighbours each):
  uniform    radii 0.5-1.5 (3x), uniform positions;
  spread     radii 0.2-1.0 (5x), uniform positions;
  skewed     radii 0.5-1.5, plus 0.1% of the circles 30x larger;
  clustered  radii 0.5-1.5, positions around 200 Gaussian cluster centres.

Baselines, each giving the same pairs (checked, outside the timing):
  kd-tree    scipy's cKDTree.query_pairs at the largest reach two ordinary
             circles can have (twice their largest radius), plus one
             query_ball_point per large circle (radius over 4x the median: at
             their reach query_pairs would be quadratic), then the
             exact-radius filter a user must add.  Not sorted: a kd-tree user
             rarely sorts (pycollide's output is sorted by i then j).
  STRtree    shapely 2's STRtree.query(points, predicate="dwithin") in the same
             two steps, then the same filter (on a smaller n: it is far slower).
Ratios are thread for thread: the baselines run on one thread, and so does
pycollide in the "ratio" column; "x2 thr" is pycollide on every core.
"""

import argparse
import time

import numpy as np

import pycollide as pc
from pycollide._native import resolve_threads


def scene(kind, n, rng):
    r = rng.uniform(0.2, 1.0, n) if kind == "spread" else rng.uniform(0.5, 1.5, n)
    if kind == "skewed":
        big = rng.random(n) < 0.001
        r[big] *= 30
    # a square world where a circle has about two neighbours on average
    mean_reach2 = np.mean((r[:1000, None] + r[None, :1000]) ** 2)
    world = np.sqrt(n * np.pi * mean_reach2 / 2)
    if kind == "clustered":
        centres = rng.uniform(0, world, (200, 2))
        xy = centres[rng.integers(0, 200, n)] + rng.normal(0, world / 40, (n, 2))
    else:
        xy = rng.uniform(0, world, (n, 2))
    return xy, r


def exact_filter(xy, r, i, j):
    """Keep the candidate pairs whose circles overlap (touching counts)."""
    d2 = ((xy[i] - xy[j]) ** 2).sum(axis=1)
    keep = d2 <= (r[i] + r[j]) ** 2
    return np.stack([i[keep], j[keep]])


def same_pairs(got, unsorted):
    """pycollide's sorted pairs equal the baseline's, once those are sorted (i < j)."""
    i, j = np.minimum(*unsorted), np.maximum(*unsorted)
    order = np.lexsort((j, i))
    return np.array_equal(got, np.stack([i[order], j[order]]))


def split_sizes(r):
    """The large circles (radius over 4x the median) and the reach of two of
    the others: querying every circle at the large ones' reach would be
    quadratic, so each baseline queries the large ones on their own."""
    big = r > 4 * np.median(r)
    return big, 2 * r[~big].max()


def merge_large(r, big, small_reach, i, j, big_idx, near):
    """Add the pairs (b, near[b]) of each large circle b that the small-reach
    query could not see, each once, and return all candidate pairs."""
    counts = np.array([len(x) for x in near], dtype=np.int64)
    b = np.repeat(big_idx, counts)
    other = np.concatenate([np.asarray(x, dtype=np.int64) for x in near]) if len(near) else b
    keep = (other != b) & ((r[other] + r[b] > small_reach) | big[other])  # else already found
    lo, hi = np.minimum(other[keep], b[keep]), np.maximum(other[keep], b[keep])
    key = np.unique(np.concatenate([i * len(r) + j, lo * len(r) + hi]))  # two large: met twice
    return key // len(r), key % len(r)


def kdtree_pairs(xy, r):
    from scipy.spatial import cKDTree

    big, small_reach = split_sizes(r)
    tree = cKDTree(xy)
    p = tree.query_pairs(small_reach, output_type="ndarray")
    i, j = p[:, 0], p[:, 1]
    if big.any():
        big_idx = np.flatnonzero(big)
        near = tree.query_ball_point(xy[big_idx], r[big_idx] + r.max())
        i, j = merge_large(r, big, small_reach, i, j, big_idx, near)
    return exact_filter(xy, r, i, j)


def strtree_pairs(xy, r):
    import shapely

    big, small_reach = split_sizes(r)
    points = shapely.points(xy)
    tree = shapely.STRtree(points)
    i, j = tree.query(points, predicate="dwithin", distance=small_reach)
    keep = i < j
    i, j = i[keep], j[keep]
    if big.any():
        big_idx = np.flatnonzero(big)
        q, t = tree.query(points[big_idx], predicate="dwithin", distance=r[big_idx] + r.max())
        near = np.split(t, np.searchsorted(q, np.arange(1, len(big_idx))))
        i, j = merge_large(r, big, small_reach, i, j, big_idx, near)
    return exact_filter(xy, r, i, j)


def best(fn, repeat):
    t, result = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        t = min(t, time.perf_counter() - t0)
    return t, result


def small_inputs(repeat):
    """pairs per call on the sizes a game calls every frame (one thread)."""
    import timeit

    print(f"\nsmall inputs, uniform scene, one call (best of {repeat} runs of many calls, one thread):")
    for n, budget in ((1_000, 50e-6), (10_000, 500e-6)):
        xy, r = scene("uniform", n, np.random.default_rng(7))
        circles = pc.Circles(center=xy, radius=r)
        calls = max(1, int(0.2 / budget))
        t = min(timeit.repeat(lambda: pc.pairs(circles, threads=1), number=calls, repeat=repeat)) / calls
        print(
            f"  n = {n:>6,}: {t * 1e6:8.1f} us a call ({pc.pairs(circles).shape[1]:,} pairs); "
            f"target < {budget * 1e6:.0f} us",
            flush=True,
        )


def nearest_vs_peers(n, m, shapely_n, repeat, use_shapely):
    """nearest against cKDTree.query (points) and STRtree.query_nearest (boxes)."""
    from scipy.spatial import cKDTree

    rng = np.random.default_rng(11)
    print(f"\nnearest, one thread each (best of {repeat}):")
    data, queries = rng.uniform(0, 1000, (m, 2)), rng.uniform(0, 1000, (n, 2))
    pts, qpts = pc.Points(data), pc.Points(queries)
    t_pc, got = best(lambda: pc.nearest(qpts, pts, threads=1), repeat)
    t_kd, (dist, index) = best(lambda: cKDTree(data).query(queries), repeat)
    assert np.array_equal(got.index, index) and np.allclose(got.distance, dist, rtol=1e-14, atol=0)
    print(
        f"  points:  {n:,} queries, {m:,} points   pycollide {t_pc:.3f}s   cKDTree (build + query) {t_kd:.3f}s"
        f"   ratio {t_kd / t_pc:.2f}x",
        flush=True,
    )
    if not use_shapely:
        return
    import shapely

    k = min(n, shapely_n)
    lo = rng.uniform(0, 1000, (m, 2))
    boxes = np.concatenate([lo, lo + rng.uniform(0.1, 2.0, (m, 2))], axis=1)
    pcb, qp = pc.Boxes(boxes), pc.Points(queries[:k])
    geoms, qgeoms = shapely.box(*boxes.T), shapely.points(queries[:k])
    t_pc, got = best(lambda: pc.nearest(qp, pcb, threads=1), repeat)

    def strtree():
        tree = shapely.STRtree(geoms)
        return tree.query_nearest(qgeoms, return_distance=True, all_matches=False)

    t_sh, ((_, index), dist) = best(strtree, max(1, repeat - 1))
    assert np.allclose(got.distance, dist, rtol=1e-12, atol=1e-12)
    print(
        f"  boxes:   {k:,} point queries, {m:,} boxes  pycollide {t_pc:.3f}s   STRtree (build + query_nearest) "
        f"{t_sh:.3f}s   ratio {t_sh / t_pc:.2f}x",
        flush=True,
    )


def large_input(n):
    """pairs on n circles (uniform scene) on every core: time, pairs, peak memory."""
    import resource

    xy, r = scene("uniform", n, np.random.default_rng(7))
    circles = pc.Circles(center=xy, radius=r)
    del xy, r
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    t0 = time.perf_counter()
    got = pc.pairs(circles)
    t = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(
        f"\nlarge input: {n:,} circles ({circles._data.nbytes / 1e9:.2f} GB): {t:.2f}s on every core, "
        f"{got.shape[1]:,} pairs ({got.nbytes / 1e9:.2f} GB); peak RSS {peak / 1e9:.2f} GB "
        f"({before / 1e9:.2f} GB before the call)",
        flush=True,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scenes", default="uniform,spread,skewed,clustered")
    parser.add_argument("--shapely-n", type=int, default=100_000)
    parser.add_argument("--no-shapely", action="store_true")
    parser.add_argument("--no-small", action="store_true")
    parser.add_argument("--no-nearest", action="store_true")
    parser.add_argument("--large-n", type=int, default=0, help="also time pairs on this many circles (e.g. 10000000)")
    args = parser.parse_args()
    threads = resolve_threads("bench", None, 2**20)
    print(f"self pairs among n circles, best of {args.repeat}; {threads} thread(s) available")
    print(f"{'scene':<10}{'n':>10}{'pairs':>11}{'pycollide':>11}{f'x{threads} thr':>10}{'kd-tree':>10}{'ratio':>8}")
    for kind in args.scenes.split(","):
        rng = np.random.default_rng(7)
        xy, r = scene(kind, args.n, rng)
        circles = pc.Circles(center=xy, radius=r)
        t_one, got = best(lambda: pc.pairs(circles, threads=1), args.repeat)
        t_all, got_all = best(lambda: pc.pairs(circles, threads=threads), args.repeat)
        t_kd, want = best(lambda: kdtree_pairs(xy, r), max(1, args.repeat - 1))
        assert same_pairs(got, want) and np.array_equal(got_all, got), "results differ"
        print(
            f"{kind:<10}{args.n:>10,}{got.shape[1]:>11,}{t_one:>10.3f}s{t_all:>9.3f}s"
            f"{t_kd:>9.3f}s{t_kd / t_one:>7.1f}x",
            flush=True,
        )
        if not args.no_shapely:
            m = min(args.n, args.shapely_n)
            xs, rs = scene(kind, m, np.random.default_rng(7))
            small = pc.Circles(center=xs, radius=rs)
            t_sub, got = best(lambda: pc.pairs(small, threads=1), args.repeat)
            t_sh, want = best(lambda: strtree_pairs(xs, rs), 1)
            assert same_pairs(got, want), "results differ"
            print(
                f"{'':<10}{m:>10,}{got.shape[1]:>11,}{t_sub:>10.3f}s{'':>10}{t_sh:>9.3f}s"
                f"{t_sh / t_sub:>7.1f}x  <- shapely STRtree",
                flush=True,
            )
    if not args.no_small:
        small_inputs(max(3, args.repeat))
    if args.large_n:
        large_input(args.large_n)
    if not args.no_nearest:
        nearest_vs_peers(min(args.n, 1_000_000), args.n, args.shapely_n, args.repeat, not args.no_shapely)


if __name__ == "__main__":
    main()
