"""Overlap throughput per pair of shape types, beside the baselines a user has.

Run as ``python -m pycollide bench``.  Inputs are uniform random scenes of
realistic size; every timing is the best of ``repeat`` runs measured in this
process, side by side, so the ratios compare like with like on the user's
machine.  Per pair of types it measures pycollide on one thread and on all
threads, the copy floor (copying the input bytes once), the plain numpy
expression where one exists and shapely 2's vectorised predicates on the
equivalent geometries (if shapely is installed); and, for one pair, the cost of
a call and where a batch call overtakes a plain Python loop.
"""

from __future__ import annotations

import itertools
import sys
import time
from typing import Callable, Dict, List, Optional, TextIO

import numpy as np

from ._native import resolve_threads
from .overlap import overlaps
from .shapes import Boxes, Circles, Polygons, solid_kinds
from .transform import transform

TYPES = {cls.name: cls for cls in solid_kinds()}  # the kind registry
#: the kinds bench runs: every kind, the polygons as oriented boxes (K = 4) and 8-gons
KINDS = tuple(k for k in TYPES if not k.startswith("polygon")) + ("polygon4", "polygon8")


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
    if kind == "capsule":
        p = rng.uniform(0, world, (n, 2))
        return np.column_stack([p, p + rng.uniform(-10, 10, (n, 2)), rng.uniform(0.5, 3, n)])
    if kind == "polygon4":  # oriented boxes
        boxes = Polygons.from_box(
            rng.uniform(0, world, (n, 2)), rng.uniform(1, 6, (n, 2)), rng.uniform(-np.pi, np.pi, n)
        )
        return np.asarray(boxes).reshape(n, 8)
    if kind == "polygon8":  # regular 8-gons of radius 2 to 8, turned
        t = np.arange(8) * (np.pi / 4)
        unit = Polygons(np.column_stack([np.cos(t), np.sin(t)]))
        r = rng.uniform(2, 8, (n, 1, 1))
        scaled = Polygons(np.asarray(unit)[None] * r)
        turned = transform(scaled, rng.uniform(0, world, (n, 2)), rng.uniform(-np.pi, np.pi, n))
        return np.asarray(turned).reshape(n, 16)
    raise ValueError(f"unknown kind {kind!r}")


def _cross(ax, ay, bx, by, cx, cy):
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


# What a numpy user writes for the pairs where one expression is natural (float
# arithmetic, so answers near the boundary may differ from pycollide's exact ones).
NUMPY_EXPRESSIONS: Dict[tuple, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    ("point", "point"): lambda a, b: (a[:, 0] == b[:, 0]) & (a[:, 1] == b[:, 1]),
    ("point", "circle"): lambda a, b: (a[:, 0] - b[:, 0]) ** 2 + (a[:, 1] - b[:, 1]) ** 2 <= b[:, 2] ** 2,
    ("point", "box"): lambda a, b: (
        (b[:, 0] <= a[:, 0]) & (a[:, 0] <= b[:, 2]) & (b[:, 1] <= a[:, 1]) & (a[:, 1] <= b[:, 3])
    ),
    ("circle", "circle"): lambda a, b: (a[:, 0] - b[:, 0]) ** 2 + (a[:, 1] - b[:, 1]) ** 2 <= (a[:, 2] + b[:, 2]) ** 2,
    ("circle", "box"): lambda a, b: (
        (a[:, 0] - np.clip(a[:, 0], b[:, 0], b[:, 2])) ** 2 + (a[:, 1] - np.clip(a[:, 1], b[:, 1], b[:, 3])) ** 2
        <= a[:, 2] ** 2
    ),
    ("box", "box"): lambda a, b: (
        (a[:, 0] <= b[:, 2]) & (b[:, 0] <= a[:, 2]) & (a[:, 1] <= b[:, 3]) & (b[:, 1] <= a[:, 3])
    ),
    # the textbook orientation test (proper crossings only: collinear touching is missed)
    ("segment", "segment"): lambda a, b: (
        (_cross(*a.T[:2], *a.T[2:], *b.T[:2]) * _cross(*a.T[:2], *a.T[2:], *b.T[2:]) <= 0)
        & (_cross(*b.T[:2], *b.T[2:], *a.T[:2]) * _cross(*b.T[:2], *b.T[2:], *a.T[2:]) <= 0)
    ),
}


def _shapely_case(ka: str, kb: str, a: np.ndarray, b: np.ndarray):
    """shapely 2's vectorised predicate on the geometries equivalent to the
    shapes (circles as points within their radius), as (function, args), or
    None when shapely is not installed.  The geometries are built here, outside
    the timing."""
    try:
        import shapely
    except ImportError:
        return None

    def geometry(kind, v):
        if kind in ("point", "circle"):
            return shapely.points(v[:, :2])
        if kind == "capsule":  # its segment, within its radius
            return shapely.linestrings(v[:, :4].reshape(-1, 2, 2))
        if kind.startswith("polygon"):
            ring = np.concatenate([v, v[:, :2]], axis=1).reshape(len(v), -1, 2)
            return shapely.polygons(ring)
        if kind == "box":
            return shapely.box(v[:, 0], v[:, 1], v[:, 2], v[:, 3])
        if kind == "segment":
            return shapely.linestrings(v.reshape(-1, 2, 2))
        ring = np.concatenate([v, v[:, :2]], axis=1).reshape(-1, 4, 2)
        return shapely.polygons(ring)

    ga, gb = geometry(ka, a), geometry(kb, b)
    rounded = ("circle", "capsule")
    radius = (a[:, -1] if ka in rounded else 0.0) + (b[:, -1] if kb in rounded else 0.0)
    if ka in rounded or kb in rounded:
        return shapely.dwithin, (ga, gb, radius)
    return shapely.intersects, (ga, gb)


def read_once(*arrays: np.ndarray) -> Callable[[], object]:
    """A function that reads every byte of the (contiguous) arrays once and
    does almost nothing else (an OR over them as 64-bit words, which numpy
    vectorises): the time no kernel reading those inputs can beat."""
    words = [np.ascontiguousarray(x).view(np.uint64).ravel() for x in arrays]
    return lambda: [np.bitwise_or.reduce(w) for w in words]


def best_time(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


class _Progress:
    """One status line on stderr: rewritten in place on a terminal, else one line per step."""

    def __init__(self, stream: Optional[TextIO], total: int):
        self.stream, self.total, self.step = stream, total, 0
        self.tty = stream is not None and stream.isatty()

    def __call__(self, what: str) -> None:
        if self.stream is None:
            return
        self.step += 1
        line = f"[{self.step}/{self.total}] {what}"
        print(f"\r{line:<48}" if self.tty else line, end="" if self.tty else "\n", file=self.stream, flush=True)

    def done(self) -> None:
        if self.tty:
            print("\r" + " " * 48 + "\r", end="", file=self.stream, flush=True)


def run(
    n: int = 1_000_000,
    repeat: int = 3,
    seed: int = 1,
    pairs: Optional[List[tuple]] = None,
    progress: Optional[TextIO] = sys.stderr,
    shapely_n: int = 100_000,
) -> List[dict]:
    """Measure every unordered pair of kinds; return one row per pair.

    Rates are pairs per second.  ``copy_ratio`` and ``read_ratio`` are
    pycollide's one-thread time over the time to copy the pair's input bytes
    once and to read them once; ``numpy_speedup`` and ``shapely_speedup`` are
    the baseline's time over pycollide's one-thread time on the same pairs
    (shapely on the first ``shapely_n`` of them, as it is far slower);
    ``numpy_ceiling`` is the numpy time over the read time: the largest
    ``numpy_speedup`` any one-thread kernel could reach on this machine."""
    rng = np.random.default_rng(seed)
    # independent scenes for the two sides, so a kind is never tested against itself
    raw = {(side, k): random_scene(k, n, rng) for side in "ab" for k in KINDS}
    shapes = {key: TYPES[key[1]](v) for key, v in raw.items()}
    pairs = pairs or list(itertools.combinations_with_replacement(KINDS, 2))
    threads = resolve_threads("bench", None, 2 * n + 2**20)  # what a large call would use
    out = np.empty(n, dtype=bool)
    step = _Progress(progress, len(pairs))
    rows = []
    for ka, kb in pairs:
        step(f"{ka}-{kb}")
        a, b = shapes["a", ka], shapes["b", kb]
        ra, rb = raw["a", ka], raw["b", kb]
        t_one = best_time(lambda: overlaps(a, b, out=out, threads=1), repeat)
        t_all = best_time(lambda: overlaps(a, b, out=out, threads=threads), repeat)
        ta, tb = TYPES[ka], TYPES[kb]
        t_built = best_time(lambda: overlaps(ta(ra), tb(rb), out=out, threads=threads), repeat)
        hits = int(out.sum())
        ca, cb = np.empty_like(ra), np.empty_like(rb)

        def copy_both() -> None:
            np.copyto(ca, ra)
            np.copyto(cb, rb)

        t_copy = best_time(copy_both, repeat)
        t_read = best_time(read_once(ra, rb), repeat)
        row = {
            "pair": f"{ka}-{kb}",
            "n": n,
            "overlap_fraction": hits / n,
            "threads": threads,
            "pycollide_pairs_per_s": n / t_one,
            "pycollide_all_threads_pairs_per_s": n / t_all,
            "thread_scaling": t_one / t_all,
            "copy_ratio": t_one / t_copy,
            "with_construction_ratio": t_built / t_all,
            "read_ratio": t_one / t_read,
            "numpy_pairs_per_s": None,
            "numpy_speedup": None,
            "numpy_ceiling": None,
            "shapely_pairs_per_s": None,
            "shapely_speedup": None,
        }
        expr = NUMPY_EXPRESSIONS.get((ka, kb))
        if expr is not None:
            t_np = best_time(lambda: expr(ra, rb), repeat)
            row["numpy_pairs_per_s"] = n / t_np
            row["numpy_speedup"] = t_np / t_one
            row["numpy_ceiling"] = t_np / t_read
        m = min(n, shapely_n)
        case = _shapely_case(ka, kb, ra[:m], rb[:m])
        if case is not None:
            fn, args = case
            t_sh = best_time(lambda: fn(*args), max(1, min(repeat, 2)))
            sub_a, sub_b, sub_out = a[:m], b[:m], out[:m]
            t_sub = best_time(lambda: overlaps(sub_a, sub_b, out=sub_out, threads=1), repeat)
            row["shapely_pairs_per_s"] = m / t_sh
            row["shapely_speedup"] = t_sh / t_sub
        rows.append(row)
    step.done()
    return rows


def construction(
    n: int = 1_000_000, repeat: int = 3, seed: int = 1, progress: Optional[TextIO] = sys.stderr
) -> List[dict]:
    """The cost of building each shape type from a caller's float64 array (one
    copy, validation and magnitude pass, on all threads), beside copying the
    same bytes once with numpy and beside an overlap query on the built
    shapes (each against a circle batch of the same size)."""
    rng = np.random.default_rng(seed)
    threads = resolve_threads("bench", None, 2 * n + 2**20)
    circles = Circles(random_scene("circle", n, rng))
    out = np.empty(n, dtype=bool)
    step = _Progress(progress, len(KINDS))
    rows = []
    for kind in KINDS:
        step(f"building {kind}s")
        raw = random_scene(kind, n, rng)
        cls = TYPES[kind]
        t_build = best_time(lambda: cls(raw), repeat)
        t_copy = best_time(lambda: np.copy(raw), repeat)
        built = cls(raw)
        t_query = best_time(lambda: overlaps(built, circles, out=out, threads=threads), repeat)
        rows.append(
            {
                "type": cls.__name__,
                "n": n,
                "threads": threads,
                "build_seconds": t_build,
                "copy_seconds": t_copy,
                "query_seconds": t_query,
                "build_per_copy": t_build / t_copy,
                "build_per_query": t_build / t_query,
            }
        )
    step.done()
    return rows


def format_construction(rows: List[dict]) -> str:
    head = f"{'type':<12}{'build ms':>10}{'copy ms':>10}{'query ms':>10}{'build/copy':>12}{'build/query':>13}"
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(
            f"{r['type']:<12}{r['build_seconds'] * 1e3:10.1f}{r['copy_seconds'] * 1e3:10.1f}"
            f"{r['query_seconds'] * 1e3:10.1f}{r['build_per_copy']:11.2f}x{r['build_per_query']:12.2f}x"
        )
    return "\n".join(lines)


def _circle_box_python(cx: float, cy: float, r: float, x0: float, y0: float, x1: float, y1: float) -> bool:
    """The overlap test a Python user writes for one circle and one box."""
    dx = cx - min(max(cx, x0), x1)
    dy = cy - min(max(cy, y0), y1)
    return dx * dx + dy * dy <= r * r


def call_overhead(seed: int = 1, max_n: int = 4096) -> dict:
    """The time of one pycollide call on one circle-box pair, and the smallest
    batch (a power of two) where one batch call beats a plain Python loop of
    :func:`_circle_box_python` over the same pairs (Python floats, already
    unpacked)."""
    rng = np.random.default_rng(seed)
    a_raw, b_raw = random_scene("circle", max_n, rng), random_scene("box", max_n, rng)
    a, b = Circles(a_raw), Boxes(b_raw)
    one_a, one_b = a[0], b[0]
    calls = 2000
    t_call = best_time(lambda: [overlaps(one_a, one_b) for _ in range(calls)], 5) / calls
    rows = [tuple(x) + tuple(y) for x, y in zip(a_raw.tolist(), b_raw.tolist())]
    crossover = None
    size = 1
    while size <= max_n:
        sub_a, sub_b, sub_rows = a[:size], b[:size], rows[:size]
        reps = max(1, 2000 // size)
        t_batch = best_time(lambda: [overlaps(sub_a, sub_b) for _ in range(reps)], 5) / reps
        t_loop = best_time(lambda: [[_circle_box_python(*r) for r in sub_rows] for _ in range(reps)], 5) / reps
        if t_batch < t_loop:
            crossover = size
            break
        size *= 2
    return {"call_seconds": t_call, "crossover_pairs": crossover}


def format_table(rows: List[dict]) -> str:
    all_threads = f"x{rows[0]['threads']} thr" if rows else ""
    head = (
        f"{'pair':<18}{'overlap':>8}{'Mpairs/s':>10}{all_threads:>10}"
        f"{'scaling':>8}{'+build':>8}{'vs copy':>8}{'vs read':>8}{'numpy':>8}{'ceiling':>8}{'shapely':>9}"
    )
    lines = [head, "-" * len(head)]

    def ratio(v, width, digits=1):
        return f"{v:{width - 1}.{digits}f}x" if v is not None else f"{'-':>{width}}"

    for r in rows:
        lines.append(
            f"{r['pair']:<18}{r['overlap_fraction']:8.1%}{r['pycollide_pairs_per_s'] / 1e6:10.1f}"
            f"{r['pycollide_all_threads_pairs_per_s'] / 1e6:10.1f}{ratio(r['thread_scaling'], 8, 2)}"
            f"{ratio(r['with_construction_ratio'], 8, 2)}"
            f"{ratio(r['copy_ratio'], 8, 2)}{ratio(r['read_ratio'], 8, 2)}{ratio(r['numpy_speedup'], 8)}"
            f"{ratio(r['numpy_ceiling'], 8)}{ratio(r['shapely_speedup'], 9)}"
        )
    return "\n".join(lines)


LEGEND = """\
Mpairs/s: millions of pairs per second on one thread, then on all threads; scaling = their ratio.
+build: the all-thread query with both shape arrays built from the raw arrays in the call, over the
query on prebuilt shapes (building copies, validates and measures the inputs, threaded).
vs copy, vs read: one-thread time / time to copy, or only to read, the pair's input bytes once
(reading is the memory floor of any kernel; lower is better).
numpy, shapely: their time / pycollide's one-thread time on the same pairs (higher is better);
ceiling: numpy's time / the read time, the most any one-thread kernel could beat numpy by here; numpy's
float expressions are not exact, shapely (GEOS) uses its own predicates; circles are points within r."""
