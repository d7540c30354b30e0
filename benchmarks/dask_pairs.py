"""Issue 20's benchmark: every overlapping pair among 10^8 circles with
pycollide.dask on a LocalCluster of this machine whose workers have less
memory than the data, beside in-memory pycollide.pairs on the largest size
that fits the same memory.

    python benchmarks/dask_pairs.py [--n 100000000] [--chunk 2000000] [--workers 2]
                                    [--memory-limit 1GiB] [--in-memory-n N] [--spill-dir DIR]

The circles (radii 0.5-1.5, uniform in a square sized for about one pair a
circle) are generated inside the tasks, block by block from a seed, so the
input is never held whole anywhere: the 10^8 circles are 2.4 GB of doubles
(3.2 GB with the global indices the partitions carry), and the pairs about
1.6 GB more, against 1 GiB per worker.  Workers spill to --spill-dir when
they pass their limit (dask's own out-of-core mechanism).

Steps (each prints its figures):
  1. in memory: pycollide.pairs on --in-memory-n circles (default: the largest
     size whose pairs call fits the cluster's total memory limit, at about
     90 bytes a circle), best of 3, on every core;
  1b. the same array through pycollide.dask.pairs on dask's threaded
     scheduler (no data moves between processes), best of 3: planning and
     join times, the same pairs, the ratio to in memory;
  2. the same circles through pycollide.dask.pairs on the cluster, generated
     inside the tasks, best of 3 (the first run, which also warms the
     workers, is reported too): the same count and checksum of the pairs,
     and the time ratio;
  3. --n circles through pycollide.dask.pairs, with dask's progress bar:
     time (planning: the pass that chooses the cells, then the join), pairs,
     peak memory (RSS) of each worker process, and the most any worker held
     spilled on disk.
The pairs are summarised where they are (a count and a checksum per chunk),
never gathered into this process.
"""

import argparse
import os
import resource
import tempfile
import threading
import time

import numpy as np

import pycollide as pc

BYTES_PER_CIRCLE_IN_MEMORY = 90  # data 24 + the grid's workspace ~36 + ~1.9 pairs of 16 bytes


def side_for(n):
    # about one overlapping pair a circle: n/2 pairs of reach E[(ri + rj)^2] = 4 + 1/6
    return float(np.sqrt(n * np.pi * (4 + 1 / 6)))


def circles_block(block_info=None, *, side, seed):
    """One block of the scene: the same circles wherever and however often it is computed."""
    start, stop = block_info[None]["array-location"][0]
    rng = np.random.default_rng([seed, start])
    out = np.empty((stop - start, 3))
    out[:, :2] = rng.random((stop - start, 2)) * side
    out[:, 2] = 0.5 + rng.random(stop - start)
    return out


def lazy_circles(n, chunk, seed):
    import dask.array as da

    chunks = (tuple([chunk] * (n // chunk) + ([n % chunk] if n % chunk else [])), (3,))
    return da.map_blocks(
        circles_block, chunks=chunks, dtype=np.float64, side=side_for(n), seed=seed, meta=np.empty((0, 3))
    )


def summary_block(found):
    """(count, checksum) of a chunk of pairs: the checksum is order-independent (a wrapping sum)."""
    i, j = found.astype(np.uint64)
    with np.errstate(over="ignore"):
        mixed = i * np.uint64(0x9E3779B97F4A7C15) + j * np.uint64(0xC2B2AE3D27D4EB4F)
    return np.array([[found.shape[1], int(mixed.sum(dtype=np.uint64))]], dtype=np.uint64)


def summarise(found):
    """Numpy pairs (2, k) or a dask array of them, as (count, checksum)."""
    if isinstance(found, np.ndarray):
        count, check = summary_block(found)[0]
        return int(count), int(check)
    import dask

    return [dask.delayed(summary_block, pure=True)(block) for block in found.to_delayed().ravel()]


def fold(rows):
    rows = np.asarray(rows, dtype=np.uint64).reshape(-1, 2)
    return int(rows[:, 0].sum()), int(rows[:, 1].sum(dtype=np.uint64))


def parse_bytes(text):
    from dask.utils import parse_bytes as dask_parse

    return dask_parse(text)


def peak_rss():
    """This process's peak resident memory (bytes): VmHWM, the high-water mark
    of its own address space.  (getrusage's ru_maxrss would not do: Linux keeps
    it across exec, so a worker spawned by this process would inherit the
    parent's peak.)"""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # elsewhere: an upper bound


def worker_peaks(client):
    """Each worker's peak RSS (bytes) since its process started."""
    return client.run(peak_rss)


class SpillWatch:
    """Polls the workers' bytes spilled to disk; keeps the largest seen."""

    def __init__(self, client, every=1.0):
        self.client, self.every, self.peak, self._stop = client, every, 0, threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        while not self._stop.is_set():
            try:
                spilled = self.client.run(lambda dask_worker: int(dask_worker.data.spilled_total.disk))
                self.peak = max([self.peak] + list(spilled.values()))
            except Exception:  # the cluster is busy or restarting: try again
                pass
            self._stop.wait(self.every)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()


def gb(x):
    return f"{x / 1e9:.2f} GB"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=float, default=1e8, help="circles for the out-of-core run (default 1e8)")
    parser.add_argument("--chunk", type=float, default=2e6, help="circles per block (default 2e6)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes, one thread each (default 2)")
    parser.add_argument("--memory-limit", default="1GiB", help="memory limit per worker (default 1GiB)")
    parser.add_argument(
        "--in-memory-n",
        type=float,
        default=None,
        help="circles for the in-memory comparison (default: what fits the total memory limit)",
    )
    parser.add_argument("--spill-dir", default=None, help="where workers spill (default: a temporary folder)")
    parser.add_argument("--seed", type=int, default=20)
    args = parser.parse_args(argv)
    try:
        import dask
        from distributed import Client, LocalCluster, progress
    except ImportError as exc:
        raise SystemExit('dask_pairs.py needs the dask extra: pip install "pycollide[dask]"') from exc
    import pycollide.dask as pcd

    n, chunk = int(args.n), int(args.chunk)
    limit = parse_bytes(args.memory_limit)
    fit = int(args.in_memory_n) if args.in_memory_n else min(n, args.workers * limit // BYTES_PER_CIRCLE_IN_MEMORY)
    fit_chunk = min(chunk, max(1, fit // 8))
    print(
        f"pairs among circles, radii 0.5-1.5, about one pair a circle; {args.workers} workers x "
        f"{args.memory_limit}, one thread each; {os.cpu_count()} cores"
    )

    # 1. in memory
    data = lazy_circles(fit, fit_chunk, args.seed).compute(scheduler="sync")
    circles = pc.Circles(data)
    best = np.inf
    for _ in range(3):
        start = time.perf_counter()
        found = pc.pairs(circles)
        best = min(best, time.perf_counter() - start)
    memory_summary = summarise(found)
    print(
        f"\n1. in memory, pycollide.pairs on {fit:,} circles ({gb(data.nbytes)}): {best:.2f} s "
        f"(best of 3, {os.cpu_count()} threads), {memory_summary[0]:,} pairs"
    )
    del circles, found

    # 1b. the same array through pycollide.dask.pairs on the threaded scheduler (no data moves)
    import dask.array as da

    lazy_in_memory = pcd.Circles(da.from_array(data, chunks=(fit_chunk, 3)))
    threaded, plan_t = np.inf, np.inf
    for _ in range(3):
        with dask.config.set(scheduler="threads"):
            start = time.perf_counter()
            lazy = pcd.pairs(lazy_in_memory)
            plan = time.perf_counter() - start
            got = fold(dask.compute(*summarise(lazy)))
            took = time.perf_counter() - start
        if took < threaded:
            threaded, plan_t = took, plan
    if got != memory_summary:
        raise SystemExit("the threaded scheduler's pairs differ from the in-memory pairs")
    print(
        f"1b. pycollide.dask.pairs on the same array, threaded scheduler: {threaded:.2f} s (best of 3; "
        f"{plan_t:.2f} s planning, {threaded - plan_t:.2f} s the join), the same pairs; "
        f"{threaded / best:.2f}x in memory"
    )
    del data

    spill = args.spill_dir or tempfile.mkdtemp(prefix="pycollide-dask-")
    with (
        dask.config.set({"distributed.worker.memory.target": 0.5, "distributed.worker.memory.spill": 0.6}),
        LocalCluster(
            n_workers=args.workers,
            threads_per_worker=1,
            processes=True,
            memory_limit=limit,
            local_directory=spill,
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,
    ):
        # 2. the same circles on the cluster, best of 3 as the in-memory call (the first run also warms
        #    the workers: their imports and first allocations), the circles generated inside the tasks
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            lazy = pcd.pairs(pcd.Circles(lazy_circles(fit, fit_chunk, args.seed)))
            planned_small = time.perf_counter() - start
            got = fold(dask.compute(*summarise(lazy)))
            runs.append((time.perf_counter() - start, planned_small))
            if got != memory_summary:
                raise SystemExit("the cluster's pairs differ from the in-memory pairs")
        small, planned_small = min(runs)
        print(
            f"2. pycollide.dask.pairs on the same {fit:,} circles, generated in the tasks: {small:.2f} s (best of 3; "
            f"{planned_small:.2f} s planning, {small - planned_small:.2f} s the join; "
            f"the first run {runs[0][0]:.2f} s), "
            f"{got[0]:,} pairs, the same pairs (count and checksum); {small / best:.2f}x in memory"
        )

        # 3. out of core
        client.restart()  # fresh worker processes: their peak memory is this run's alone
        print(
            f"3. pycollide.dask.pairs on {n:,} circles ({gb(24 * n)} of doubles, {gb(32 * n)} with their "
            f"indices; {args.workers} x {args.memory_limit} of workers), spilling to {spill}"
        )
        with SpillWatch(client) as watch:
            start = time.perf_counter()
            lazy = pcd.pairs(pcd.Circles(lazy_circles(n, chunk, args.seed)))
            planned = time.perf_counter() - start
            print(f"   planned in {planned:.1f} s (a pass over the input); joining ({len(lazy.dask):,} tasks):")
            future = client.compute(summarise(lazy))
            progress(future)
            count, _ = fold(client.gather(future))
            total = time.perf_counter() - start
        peaks = worker_peaks(client)
        print(
            f"\n   done in {total:.1f} s ({n / total / 1e6:.2f} M circles/s; in memory "
            f"{fit / best / 1e6:.2f} M circles/s on {fit:,}): {count:,} pairs"
        )
        print(
            "   peak memory per worker: "
            + ", ".join(gb(v) for v in peaks.values())
            + f" (limit {args.memory_limit}); most spilled to disk by one worker: {gb(watch.peak)}"
        )


if __name__ == "__main__":
    main()
