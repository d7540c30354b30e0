"""Overlap throughput, per pair of shape types, beside plain-numpy expressions.

Run as ``python -m pycollide bench``.  Inputs are uniform random scenes of
realistic size; every timing is the best of ``repeat`` runs measured in this
process, so the ratios compare like with like on the user's machine.
"""

from __future__ import annotations

import itertools
import sys
import time
from typing import Callable, Dict, List, Optional, TextIO

import numpy as np

from .overlap import overlaps
from .shapes import Boxes, Circles, Points, Segments, Triangles

KINDS = ("point", "circle", "box", "segment", "triangle")
TYPES = {"point": Points, "circle": Circles, "box": Boxes, "segment": Segments, "triangle": Triangles}


def random_scene(kind: str, n: int, rng: np.random.Generator, world: float = 100.0) -> np.ndarray:
    """n shapes of one kind scattered over a world x world square, sized so that
    a few percent to a few tens of percent of random pairs overlap."""
    if kind == "point":
        return rng.uniform(0, world, (n, 2))
    if kind == "circle":
        return np.column_stack([rng.uniform(0, world, (n, 2)), rng.uniform(1, 8, n)])
    if kind == "box":
        lo = rng.uniform(0, world, (n, 2))
        return np.column_stack([lo, lo + rng.uniform(1, 12, (n, 2))])
    if kind == "segment":
        p = rng.uniform(0, world, (n, 2))
        return np.column_stack([p, p + rng.uniform(-15, 15, (n, 2))])
    if kind == "triangle":
        p = rng.uniform(0, world, (n, 2))
        return np.column_stack([p, p + rng.uniform(-12, 12, (n, 2)), p + rng.uniform(-12, 12, (n, 2))])
    raise ValueError(f"unknown kind {kind!r}")


def _cross(ax, ay, bx, by, cx, cy):
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


# What a numpy user writes for the pairs where one expression is natural (float
# arithmetic, so answers near the boundary may differ from pycollide's exact ones).
NUMPY_EXPRESSIONS: Dict[tuple, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    ("point", "point"): lambda a, b: (a[:, 0] == b[:, 0]) & (a[:, 1] == b[:, 1]),
    ("point", "circle"): lambda a, b: (a[:, 0] - b[:, 0]) ** 2 + (a[:, 1] - b[:, 1]) ** 2 <= b[:, 2] ** 2,
    ("point", "box"): lambda a, b: ((b[:, 0] <= a[:, 0]) & (a[:, 0] <= b[:, 2])
                                    & (b[:, 1] <= a[:, 1]) & (a[:, 1] <= b[:, 3])),
    ("circle", "circle"): lambda a, b: ((a[:, 0] - b[:, 0]) ** 2 + (a[:, 1] - b[:, 1]) ** 2
                                        <= (a[:, 2] + b[:, 2]) ** 2),
    ("circle", "box"): lambda a, b: ((a[:, 0] - np.clip(a[:, 0], b[:, 0], b[:, 2])) ** 2
                                     + (a[:, 1] - np.clip(a[:, 1], b[:, 1], b[:, 3])) ** 2 <= a[:, 2] ** 2),
    ("box", "box"): lambda a, b: ((a[:, 0] <= b[:, 2]) & (b[:, 0] <= a[:, 2])
                                  & (a[:, 1] <= b[:, 3]) & (b[:, 1] <= a[:, 3])),
    # the textbook orientation test (proper crossings only: collinear touching is missed)
    ("segment", "segment"): lambda a, b: (
        (_cross(*a.T[:2], *a.T[2:], *b.T[:2]) * _cross(*a.T[:2], *a.T[2:], *b.T[2:]) <= 0)
        & (_cross(*b.T[:2], *b.T[2:], *a.T[:2]) * _cross(*b.T[:2], *b.T[2:], *a.T[2:]) <= 0)),
}


def _best_time(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def run(n: int = 1_000_000, repeat: int = 3, seed: int = 1, pairs: Optional[List[tuple]] = None,
        progress: Optional[TextIO] = sys.stderr) -> List[dict]:
    """Measure every unordered pair; return one row per pair."""
    rng = np.random.default_rng(seed)
    # independent scenes for the two sides, so a kind is never tested against itself
    raw = {(side, k): random_scene(k, n, rng) for side in "ab" for k in KINDS}
    shapes = {key: TYPES[key[1]](v) for key, v in raw.items()}
    tty = progress is not None and progress.isatty()
    pairs = pairs or list(itertools.combinations_with_replacement(KINDS, 2))
    out = np.empty(n, dtype=bool)
    rows = []
    for i, (ka, kb) in enumerate(pairs, 1):
        if progress is not None:
            line = f"[{i}/{len(pairs)}] {ka}-{kb}"
            print(f"\r{line:<40}" if tty else line, end="" if tty else "\n", file=progress, flush=True)
        a, b = shapes["a", ka], shapes["b", kb]
        t_pc = _best_time(lambda: overlaps(a, b, out=out), repeat)
        hits = int(out.sum())
        row = {"pair": f"{ka}-{kb}", "n": n, "overlap_fraction": hits / n,
               "pycollide_pairs_per_s": n / t_pc, "numpy_pairs_per_s": None, "speedup": None}
        expr = NUMPY_EXPRESSIONS.get((ka, kb))
        if expr is not None:
            t_np = _best_time(lambda: expr(raw["a", ka], raw["b", kb]), repeat)
            row["numpy_pairs_per_s"] = n / t_np
            row["speedup"] = t_np / t_pc
        rows.append(row)
    if tty:
        print("\r" + " " * 40 + "\r", end="", file=progress, flush=True)
    return rows


def format_table(rows: List[dict]) -> str:
    head = f"{'pair':<20}{'overlap':>9}{'pycollide Mpairs/s':>20}{'numpy Mpairs/s':>16}{'speedup':>9}"
    lines = [head, "-" * len(head)]
    for r in rows:
        np_rate = f"{r['numpy_pairs_per_s'] / 1e6:16.1f}" if r["numpy_pairs_per_s"] else f"{'-':>16}"
        speed = f"{r['speedup']:8.1f}x" if r["speedup"] else f"{'-':>9}"
        lines.append(f"{r['pair']:<20}{r['overlap_fraction']:9.1%}{r['pycollide_pairs_per_s'] / 1e6:20.1f}"
                     f"{np_rate}{speed}")
    return "\n".join(lines)
