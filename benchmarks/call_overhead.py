"""What one Python call costs: ``pc.overlaps`` on prebuilt shapes, one pair and batches.

    python benchmarks/call_overhead.py [--repeats 7]

Prints, best of --repeats, the time of one call on two single shapes (the
scalar kernel: no batch set-up) for a few pairs of kinds, then the time per
call and per pair of batches of 1 to 1e6 pairs (circle against box, one
thread).  For scale, in the same run: ``np.add`` on two 0-d arrays, the
cheapest numpy call a user makes.
"""

from __future__ import annotations

import argparse
import sys
import timeit

import numpy as np


def best(stmt, names, number, repeats):
    return min(timeit.repeat(stmt, globals=names, number=number, repeat=repeats)) / number


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=7)
    args = ap.parse_args(argv)
    if args.repeats < 1:
        ap.error("--repeats must be at least 1")
    import pycollide as pc

    singles = {
        "circle-box": (pc.Circles([0, 0, 1]), pc.Boxes([0.5, 0.5, 2, 2])),
        "triangle-polygon4": (pc.Triangles([0, 0, 4, 0, 0, 4]), pc.Polygons.from_box([1, 1], [1, 2], angle=0.3)),
        "capsule-capsule": (pc.Capsules([0, 0, 2, 0, 0.5]), pc.Capsules([1, 1, 1, 3, 0.4])),
    }
    x, y = np.array(1.0), np.array(2.0)
    base = best("np.add(x, y)", {"np": np, "x": x, "y": y}, 100_000, args.repeats)
    print(f"np.add on two 0-d arrays: {base * 1e6:.2f} us  (for scale)")
    print("one pair, pc.overlaps(a, b):")
    for name, (a, b) in singles.items():
        t = best("pc.overlaps(a, b)", {"pc": pc, "a": a, "b": b}, 50_000, args.repeats)
        print(f"  {name:<20}{t * 1e6:>8.2f} us  ({t / base:.1f}x np.add)")
    print("batches, circle-box, threads=1:   us/call   ns/pair")
    rng = np.random.default_rng(1)
    for n in [1, 10, 100, 10_000, 1_000_000]:
        c = rng.uniform(0, 100, (n, 2))
        a = pc.Circles(np.column_stack([c, rng.uniform(0.5, 2, n)]))
        lo = rng.uniform(0, 100, (n, 2))
        b = pc.Boxes(np.column_stack([lo, lo + rng.uniform(0.5, 3, (n, 2))]))
        number = max(1, 200_000 // n)
        t = best("pc.overlaps(a, b, threads=1)", {"pc": pc, "a": a, "b": b}, number, args.repeats)
        print(f"  n = {n:<10}{t * 1e6:>18.2f}{t * 1e9 / n:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
