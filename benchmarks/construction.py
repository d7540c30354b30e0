"""Building shape arrays, beside copying the same bytes once (issue 14).

A shape array owns a validated copy of the caller's data: one threaded pass in
C copies the bytes, checks every rule and records the largest magnitude.  This
measures, on 1e7 circle-box pairs by default:

* ``copy``: numpy copying both input arrays once (``np.copy``; one thread, as
  numpy does it), ``copy, all cores``: the same bytes copied into fresh arrays
  by as many Python threads as the machine has cores, each one slice (numpy
  releases the GIL while it copies), and ``copy into existing``:
  ``np.copyto`` into arrays allocated beforehand (no page is mapped during the
  timing, which no constructor can avoid: a shape array's memory is new);
* ``query``: ``pc.overlaps(C, B)`` on shapes built beforehand;
* ``build``: ``pc.Circles(c), pc.Boxes(b)``;
* ``build + query``: ``pc.overlaps(pc.Circles(c), pc.Boxes(b))``, the call a
  user writes on fresh arrays, and the ratio the issue sets (at most 1.6x the
  copy);
* ``wrap + query``: the same with ``copy=False``, for reference.

Every timing allocates its output afresh, as a user's call does.  Run:

    python benchmarks/construction.py [--n 10000000] [--repeat 7] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np

import pycollide as pc
from pycollide.bench import random_scene


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def threaded_copy(arrays, pool, workers):
    """Fresh copies of the arrays, each copied by ``workers`` threads in slices."""
    outs = [np.empty_like(a) for a in arrays]
    jobs = []
    for a, o in zip(arrays, outs):
        bounds = np.linspace(0, len(a), workers + 1).astype(int)
        for lo, hi in zip(bounds[:-1], bounds[1:]):
            jobs.append(pool.submit(np.copyto, o[lo:hi], a[lo:hi]))
    for j in jobs:
        j.result()
    return outs


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=10_000_000, help="pairs (default 1e7)")
    parser.add_argument("--repeat", type=int, default=7, help="best of this many runs (default 7)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    if args.n < 1 or args.repeat < 1:
        parser.error("--n and --repeat must be positive")
    rng = np.random.default_rng(args.seed)
    c = random_scene("circle", args.n, rng)
    b = random_scene("box", args.n, rng)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    mb = (c.nbytes + b.nbytes) / 1e6
    print(
        f"pycollide {pc.__version__}: {args.n:,} circle-box pairs ({mb:,.0f} MB of input), best of "
        f"{args.repeat}, {cores} core(s); numpy {np.__version__}, Python {platform.python_version()}",
        flush=True,
    )
    C, B = pc.Circles(c), pc.Boxes(b)
    cc, bb = np.zeros_like(c), np.zeros_like(b)
    rows = {}
    steps = [
        ("copy", lambda: (np.copy(c), np.copy(b))),
        ("copy, all cores", None),
        ("copy into existing", lambda: (np.copyto(cc, c), np.copyto(bb, b))),
        ("query", lambda: pc.overlaps(C, B)),
        ("build", lambda: (pc.Circles(c), pc.Boxes(b))),
        ("build + query", lambda: pc.overlaps(pc.Circles(c), pc.Boxes(b))),
        ("wrap + query", lambda: pc.overlaps(pc.Circles(c, copy=False), pc.Boxes(b, copy=False))),
    ]
    with ThreadPoolExecutor(max_workers=cores) as pool:
        for k, (name, fn) in enumerate(steps, 1):
            print(f"[{k}/{len(steps)}] {name}", file=sys.stderr, flush=True)
            if fn is None:
                fn = lambda: threaded_copy((c, b), pool, cores)  # noqa: E731
            rows[name] = best(fn, args.repeat)
    copy, copy_all = rows["copy"], rows["copy, all cores"]
    width = max(map(len, rows))
    print(f"\n{'':<{width}}  {'ms':>8}  {'/ copy':>7}  {'/ copy, all cores':>17}")
    for name, t in rows.items():
        print(f"{name:<{width}}  {t * 1e3:8.1f}  {t / copy:6.2f}x  {t / copy_all:16.2f}x")
    ratio = rows["build + query"] / copy
    print(
        f"\noverlaps(pc.Circles(c), pc.Boxes(b)) takes {ratio:.2f}x the time to copy the input bytes once "
        f"(target: at most 1.6x); {rows['build + query'] / copy_all:.2f}x a copy on all cores."
    )
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(
                {
                    "n": args.n,
                    "cores": cores,
                    "seconds": rows,
                    "ratio_to_copy": ratio,
                    "ratio_to_copy_all_cores": rows["build + query"] / copy_all,
                },
                fh,
                indent=2,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
