"""Issue 6's benchmark: every overlapping pair among many circles, in one call,
against what a scipy or shapely user writes for the same answer.

    python benchmarks/pairs.py [--n N] [--repeat R] [--scenes uniform,skewed,clustered]
                               [--no-shapely]

Scenes (all circles, self pairs, about two neighbours each on average):
  uniform    radii 0.5-1.5, uniform positions;
  skewed     the same, plus 0.1% of the circles 30x larger (uneven sizes);
  clustered  positions drawn around 200 Gaussian cluster centres.

Baselines, each giving the same exact pairs (checked):
  kd-tree    scipy's cKDTree.query_pairs at the largest reach two ordinary
             circles can have (twice their largest radius), plus one
             query_ball_point per large circle (radius over 4x the median: at
             their reach query_pairs would be quadratic), then the
             exact-radius filter a user must add, sorted like pycollide's output;
  STRtree    shapely 2's STRtree.query(points, predicate="dwithin") in the same
             two steps, then the same filter (on a smaller n: it is far slower).
pycollide is measured on one thread and on all threads; ratios are baseline time
over pycollide time, all measured in this one process.
"""

import argparse
import time

import numpy as np

import pycollide as pc
from pycollide._native import resolve_threads


def scene(kind, n, rng):
    r = rng.uniform(0.5, 1.5, n)
    if kind == "skewed":
        big = rng.random(n) < 0.001
        r[big] *= 30
    # a square world where a circle has about two neighbours on average
    mean_reach2 = np.mean((r[:, None] + r[None, :1000]) ** 2)
    world = np.sqrt(n * np.pi * mean_reach2 / 2)
    if kind == "clustered":
        centres = rng.uniform(0, world, (200, 2))
        xy = centres[rng.integers(0, 200, n)] + rng.normal(0, world / 40, (n, 2))
    else:
        xy = rng.uniform(0, world, (n, 2))
    return xy, r


def exact_filter(xy, r, i, j):
    """Keep the candidate pairs whose circles overlap (touching counts), sorted."""
    d2 = ((xy[i] - xy[j]) ** 2).sum(axis=1)
    keep = d2 <= (r[i] + r[j]) ** 2
    i, j = i[keep], j[keep]
    order = np.lexsort((j, i))
    return np.stack([i[order], j[order]])


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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scenes", default="uniform,skewed,clustered")
    parser.add_argument("--shapely-n", type=int, default=100_000)
    parser.add_argument("--no-shapely", action="store_true")
    args = parser.parse_args()
    threads = resolve_threads("bench", None, 2**20)
    print(f"self pairs among n circles, best of {args.repeat}; {threads} thread(s) available")
    print(f"{'scene':<10}{'n':>10}{'pairs':>10}{'pycollide':>11}{f'x{threads} thr':>10}"
          f"{'kd-tree':>10}{'ratio':>7}{'ratio x' + str(threads):>9}")
    for kind in args.scenes.split(","):
        rng = np.random.default_rng(7)
        xy, r = scene(kind, args.n, rng)
        circles = pc.Circles(center=xy, radius=r)
        t_one, got = best(lambda: pc.pairs(circles, threads=1), args.repeat)
        t_all, got_all = best(lambda: pc.pairs(circles, threads=threads), args.repeat)
        t_kd, want = best(lambda: kdtree_pairs(xy, r), max(1, args.repeat - 1))
        assert np.array_equal(got, want) and np.array_equal(got_all, want), "results differ"
        print(f"{kind:<10}{args.n:>10,}{got.shape[1]:>10,}{t_one:>10.3f}s{t_all:>9.3f}s"
              f"{t_kd:>9.3f}s{t_kd / t_one:>6.1f}x{t_kd / t_all:>8.1f}x", flush=True)
        if not args.no_shapely:
            m = min(args.n, args.shapely_n)
            xs, rs = scene(kind, m, np.random.default_rng(7))
            small = pc.Circles(center=xs, radius=rs)
            t_sub, got = best(lambda: pc.pairs(small, threads=1), args.repeat)
            t_sh, want = best(lambda: strtree_pairs(xs, rs), 1)
            assert np.array_equal(got, want), "results differ"
            print(f"{'':<10}{m:>10,}{got.shape[1]:>10,}{t_sub:>10.3f}s{'':>10}{t_sh:>9.3f}s"
                  f"{t_sh / t_sub:>6.1f}x  <- shapely STRtree", flush=True)


if __name__ == "__main__":
    main()
