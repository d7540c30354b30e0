"""Issue 44's benchmark: nearest neighbours and an index's queries against
scipy's cKDTree and shapely's STRtree, one thread each.

    python benchmarks/nearest.py [--sizes 100000,1000000] [--repeat 3] [--shapely-n 100000]
                                 [--no-shapely]

Nearest (k = 1 and k = 4), n queries against n targets:
  points    uniform or clustered (200 Gaussian clusters) points.
            pycollide: pc.nearest(queries, targets) (k = 1) and
            pc.Index(targets).query_nearest(queries, k=4), each building its
            index inside the timing.  cKDTree: cKDTree(targets).query(queries,
            k), build plus query, as a scipy user writes it.
  circles   small circles (radius up to 1/10 of the spacing) against small
            circles, exact.  cKDTree: the centres' k nearest, then the radii
            taken off (what a kd-tree user writes; not exact when radii vary,
            so only the timings are compared).
  boxes     points against boxes: pc.nearest against STRtree(boxes) build plus
            query_nearest (all_matches=False), on --shapely-n queries.
Every pycollide answer is checked against the baseline's outside the timing:
the same indices wherever the baseline's distances are not tied, the same
distances to 1e-14 relative (pycollide's are the contact's, rounded once per
operation; cKDTree rounds its own way).

Index.query against STRtree.query with a predicate (both built once, outside
the timing): points within boxes and boxes intersecting boxes, the pairs
checked equal.
"""

import argparse
import time

import numpy as np

import pycollide as pc


def best(fn, repeat):
    t, result = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        t = min(t, time.perf_counter() - t0)
    return t, result


def points(kind, n, rng):
    world = np.sqrt(n) * 10.0
    if kind == "clustered":
        centres = rng.uniform(0, world, (200, 2))
        return centres[rng.integers(0, 200, n)] + rng.normal(0, world / 40, (n, 2))
    return rng.uniform(0, world, (n, 2))


def check_nearest(idx, dist, kd_idx, kd_dist):
    """Same distances (to rounding) and the same indices where cKDTree's are untied."""
    assert np.allclose(dist, kd_dist, rtol=1e-14, atol=0), "distances differ"
    d = np.atleast_2d(kd_dist.T).T if kd_dist.ndim == 1 else kd_dist
    tied = np.zeros(d.shape, bool)
    if d.shape[1] > 1:
        tied[:, 1:] |= d[:, 1:] == d[:, :-1]
        tied[:, :-1] |= d[:, 1:] == d[:, :-1]
    i1 = np.atleast_2d(idx.T).T if idx.ndim == 1 else idx
    k1 = np.atleast_2d(kd_idx.T).T if kd_idx.ndim == 1 else kd_idx
    assert np.array_equal(i1[~tied], k1[~tied]), "indices differ"


def nearest_points(sizes, repeat):
    from scipy.spatial import cKDTree

    print(f"\nnearest points, n queries against n points, one thread each, best of {repeat}:")
    print(f"{'scene':<10} {'n':>10} {'k':>2} {'pycollide':>10} {'cKDTree':>9}  {'speed-up':>8}")
    for scene in ("uniform", "clustered"):
        for n in sizes:
            rng = np.random.default_rng(3)
            data, queries = points(scene, n, rng), points(scene, n, rng)
            tgt, qry = pc.Points(data), pc.Points(queries)
            for k in (1, 4):
                if k == 1:
                    t_pc, r = best(lambda: pc.nearest(qry, tgt, threads=1), repeat)
                    idx, dist = r.index, r.distance
                else:

                    def run():
                        return pc.Index(tgt).query_nearest(qry, k=k, return_distance=True, threads=1)

                    t_pc, (pairs_, dist) = best(run, repeat)
                    idx, dist = pairs_[1].reshape(n, k), dist.reshape(n, k)
                t_kd, (kd_dist, kd_idx) = best(lambda: cKDTree(data).query(queries, k), repeat)
                check_nearest(idx, dist, kd_idx, kd_dist)
                print(f"{scene:<10} {n:>10,} {k:>2} {t_pc:>9.3f}s {t_kd:>8.3f}s  {t_kd / t_pc:>7.2f}x", flush=True)


def nearest_circles(sizes, repeat):
    from scipy.spatial import cKDTree

    print(f"\nnearest small circles, n against n, one thread each, best of {repeat}:")
    for n in sizes:
        rng = np.random.default_rng(5)
        data, queries = points("uniform", n, rng), points("uniform", n, rng)
        rd, rq = rng.uniform(0, 1.0, n), rng.uniform(0, 1.0, n)  # spacing is about 10
        tgt, qry = pc.Circles(center=data, radius=rd), pc.Circles(center=queries, radius=rq)
        t_pc, r = best(lambda: pc.nearest(qry, tgt, threads=1), repeat)

        def kd():
            dist, idx = cKDTree(data).query(queries)
            return np.maximum(dist - rd[idx] - rq, 0), idx

        t_kd, _ = best(kd, repeat)
        # exact check on a sample, by brute force
        pick = rng.integers(0, n, 200)
        want = pc.distance(qry[pick][:, None], tgt[None, :])
        assert np.array_equal(r.distance[pick], want.min(axis=1))
        print(
            f"  {n:>10,} circles: pycollide {t_pc:.3f}s   cKDTree (centres, radii off) {t_kd:.3f}s   "
            f"{t_kd / t_pc:.2f}x",
            flush=True,
        )


def shapely_side(n, repeat):
    import shapely

    rng = np.random.default_rng(11)
    print(f"\nagainst shapely 2's STRtree, one thread each, best of {repeat}:")
    m = 10 * n
    lo = rng.uniform(0, 1000, (m, 2))
    boxes = np.concatenate([lo, lo + rng.uniform(0.1, 2.0, (m, 2))], axis=1)
    queries = rng.uniform(0, 1000, (n, 2))
    pcb, qp = pc.Boxes(boxes), pc.Points(queries)
    geoms, qgeoms = shapely.box(*boxes.T), shapely.points(queries)
    t_pc, got = best(lambda: pc.nearest(qp, pcb, threads=1), repeat)

    def strtree():
        return shapely.STRtree(geoms).query_nearest(qgeoms, return_distance=True, all_matches=False)

    t_sh, ((_, index), dist) = best(strtree, repeat)
    assert np.allclose(got.distance, dist, rtol=1e-12, atol=1e-12)
    print(
        f"  nearest: {n:,} points, {m:,} boxes   pycollide {t_pc:.3f}s   STRtree (build + query_nearest) "
        f"{t_sh:.3f}s   {t_sh / t_pc:.2f}x",
        flush=True,
    )
    index, tree = pc.Index(pcb), shapely.STRtree(geoms)
    big = 10 * n
    many = pc.Points(rng.uniform(0, 1000, (big, 2)))
    many_geoms = shapely.points(many._data)
    t_pc, got = best(lambda: index.query(many, "within", threads=1), repeat)
    t_sh, want = best(lambda: tree.query(many_geoms, predicate="within"), repeat)
    want = want[:, np.lexsort((want[1], want[0]))]
    assert np.array_equal(got, want)
    print(
        f"  query within: {big:,} points in {m:,} boxes (built)   pycollide {t_pc:.3f}s   "
        f"STRtree.query {t_sh:.3f}s   {t_sh / t_pc:.2f}x   ({got.shape[1]:,} pairs)",
        flush=True,
    )
    other = pc.Boxes(np.concatenate([lo[:n], lo[:n] + 3.0], axis=1) + 0.5)
    other_geoms = shapely.box(*other._data.T)
    for predicate in ("intersects", "contains", "touches"):
        t_pc, got = best(lambda: index.query(other, predicate, threads=1), repeat)
        t_sh, want = best(lambda: tree.query(other_geoms, predicate=predicate), repeat)
        want = want[:, np.lexsort((want[1], want[0]))]
        assert np.array_equal(got, want), predicate
        print(
            f"  query {predicate}: {n:,} boxes against {m:,} (built)   pycollide {t_pc:.3f}s   "
            f"STRtree.query {t_sh:.3f}s   {t_sh / t_pc:.2f}x   ({got.shape[1]:,} pairs)",
            flush=True,
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--shapely-n", type=int, default=100_000)
    parser.add_argument("--no-shapely", action="store_true")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    nearest_points(sizes, args.repeat)
    nearest_circles(sizes, args.repeat)
    if not args.no_shapely:
        shapely_side(args.shapely_n, args.repeat)


if __name__ == "__main__":
    main()
