"""Issue 5's headline target: circle-box overlaps on 1e7 contiguous pairs against
the copy floor and the numpy expression, all measured in this one process.

    python benchmarks/circle_box_floor.py [--n N] [--repeat R]

T is the time to copy the input bytes (24 + 32 bytes per pair) once into
preallocated arrays.  Prints pycollide's time on one thread and on all threads
in units of T, and the numpy expression's; and R, the time only to read the
input bytes once, the floor of any kernel: numpy's time over R is the most any
one-thread kernel could beat numpy by on this machine.
"""

import argparse

import numpy as np

import pycollide as pc
from pycollide._native import resolve_threads
from pycollide.bench import NUMPY_EXPRESSIONS, random_scene, read_once
from pycollide.bench import best_time as best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=10_000_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    rng = np.random.default_rng(1)
    a, b = random_scene("circle", args.n, rng), random_scene("box", args.n, rng)
    circles, boxes, out = pc.Circles(a), pc.Boxes(b), np.empty(args.n, dtype=bool)
    ca, cb = np.empty_like(a), np.empty_like(b)
    threads = resolve_threads("bench", None, args.n)
    t_copy = best(lambda: (np.copyto(ca, a), np.copyto(cb, b)), args.repeat)
    t_read = best(read_once(a, b), args.repeat)
    t_one = best(lambda: pc.overlaps(circles, boxes, out=out, threads=1), args.repeat)
    t_all = best(lambda: pc.overlaps(circles, boxes, out=out, threads=threads), args.repeat)
    t_np = best(lambda: NUMPY_EXPRESSIONS["circle", "box"](a, b), max(1, args.repeat // 2))
    print(
        f"circle-box, {args.n:,} contiguous pairs, best of {args.repeat}; T = copy of the inputs = "
        f"{t_copy * 1e3:.1f} ms"
    )
    print(f"read of the inputs (R):{t_read * 1e3:7.1f} ms = {t_read / t_copy:.2f} T")
    print(f"pycollide, 1 thread:   {t_one * 1e3:7.1f} ms = {t_one / t_copy:.2f} T")
    print(f"pycollide, {threads} threads:  {t_all * 1e3:7.1f} ms = {t_all / t_copy:.2f} T")
    print(
        f"numpy expression:      {t_np * 1e3:7.1f} ms = {t_np / t_copy:.2f} T "
        f"({t_np / t_one:.1f}x pycollide's one-thread time, "
        f"{t_np / t_all:.1f}x all threads'; at most {t_np / t_read:.1f}x for any one-thread kernel)"
    )


if __name__ == "__main__":
    main()
