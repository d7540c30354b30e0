"""The compute-bound overlap pairs, one thread, per pair in the batch.

    python benchmarks/compute_bound.py [--n 1000000] [--repeats 7] [--seed 1]

Times ``pc.overlaps(a, b, out=out, threads=1)`` on shapes already built, best of
--repeats, for the pairs whose exact kernels cost tens of nanoseconds
(circle-triangle, triangle-triangle, segment-triangle, circle-segment,
segment-segment) and two cheap ones for scale, on two scenes: "scattered" is
``python -m pycollide bench``'s (shapes over a 100 x 100 world, a few percent
overlap), "crowded" packs the same shapes into an 8 x 8 world (20-90%
overlap, most pairs' bounding boxes meet).  To compare two builds, run it
under each (for example with PYTHONPATH pointing at another installation).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

import pycollide as pc
from pycollide.bench import random_scene

PAIRS = [
    ("circle", "triangle"),
    ("triangle", "triangle"),
    ("segment", "triangle"),
    ("circle", "segment"),
    ("segment", "segment"),
    ("circle", "circle"),
    ("box", "triangle"),
]
TYPES = {"circle": pc.Circles, "triangle": pc.Triangles, "segment": pc.Segments, "box": pc.Boxes}
SCENES = {"scattered": 100.0, "crowded": 8.0}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.n <= 0 or args.repeats <= 0:
        ap.error("--n and --repeats must be positive")
    print(f"# pycollide from {pc.__file__}; ns/pair, one thread, best of {args.repeats}, n = {args.n}")
    print("| scene | pair | ns/pair | overlapping |")
    print("| --- | --- | ---: | ---: |")
    for scene, world in SCENES.items():
        rng = np.random.default_rng(args.seed)
        for ka, kb in PAIRS:
            a = TYPES[ka](random_scene(ka, args.n, rng, world))
            b = TYPES[kb](random_scene(kb, args.n, rng, world))
            out = np.empty(args.n, bool)
            best = float("inf")
            for _ in range(args.repeats):
                t0 = time.perf_counter()
                pc.overlaps(a, b, out=out, threads=1)
                best = min(best, time.perf_counter() - t0)
            print(f"| {scene} | {ka}-{kb} | {best / args.n * 1e9:.1f} | {out.mean() * 100:.1f}% |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
