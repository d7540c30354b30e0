"""pycollide beside the peers cute_c2 and Box2D v3, pair by pair, one thread.

    python benchmarks/peers.py --cute DIR --box2d DIR [--n 1000000] [--repeats 7]
                               [--pairs box,octagon,capsule,circle-capsule,triangle]
                               [--scenes sparse,dense] [--seed S] [--json FILE]

--cute is a checkout of RandyGaul/cute_headers (with cute_c2.h), --box2d one of
erincatto/box2d v3 (include/ and src/).  Neither is part of this repository:
benchmarks/peers.md says how to fetch them.  The driver writes the pairs to
binary files in a temporary directory, compiles benchmarks/peers/peers.c with
the peers' sources there (outside the repository, with the flags pycollide's
extension uses), runs it, then times pycollide on the same pairs and prints:
per pair kind, scene and peer method, the peer's ns/pair, pycollide's, the
ratio and how many of the peer's answers differ from pycollide's exact ones
(touching counts), as "total (peer yes where exact no / peer no where exact yes)".

What is timed: for a peer, the loop over the n pairs that a user of it writes,
the shapes already built (c2MakePoly, b2ComputeHull + b2MakePolygon, proxies);
for pycollide, ``pc.overlaps(a, b, out=out, threads=1)`` on shapes already
built.  Each figure is the best of --repeats runs.  Scenes: "sparse" scatters
both shapes of a pair over a 100 x 100 world (as ``python -m pycollide bench``
does: a few percent overlap); "dense" puts the second shape near the first so
that about half of the pairs overlap.  Every coordinate is rounded to a float32
value (the peers compute in float), so the peers and pycollide see the same
shapes and a differing answer is the peer's arithmetic, not its input.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
HARNESS = HERE / "peers" / "peers.c"
FLAGS_MK = HERE.parent / "c" / "flags.mk"

# The optimisation pycollide's extension gets from Python's build flags
# (sysconfig CFLAGS: -DNDEBUG -fwrapv -O3 here), then c/flags.mk's PC_STD_FLAGS
# and PC_EXACT_FLAGS; the fallback is what flags.mk says today.
OPT_FLAGS = ["-O3", "-DNDEBUG", "-fwrapv"]
FALLBACK_FLAGS = [
    "-std=c11",
    "-pthread",
    "-fno-strict-aliasing",
    "-fno-semantic-interposition",
    "-ffp-contract=off",
    "-fno-fast-math",
    "-fno-math-errno",
]

KIND_POLY, KIND_CAPSULE, KIND_CIRCLE_CAPSULE = 1, 2, 3
WORLD = 100.0

# pair name -> (harness kind, shape kind of A, shape kind of B)
PAIRS = {
    "box": (KIND_POLY, "box", "box"),  # oriented boxes (4-gons)
    "octagon": (KIND_POLY, "octagon", "octagon"),  # 8-gons
    "capsule": (KIND_CAPSULE, "capsule", "capsule"),
    "circle-capsule": (KIND_CIRCLE_CAPSULE, "circle", "capsule"),
    "triangle": (KIND_POLY, "triangle", "triangle"),
}
VERTICES = {"box": 4, "octagon": 8, "triangle": 3}
# dense scenes: the second shape's centre is the first's plus a uniform offset
# in [-s, s]^2, s chosen so that about half of the pairs overlap
DENSE_SPREAD = {"box": 9.6, "octagon": 8.5, "capsule": 9.3, "circle-capsule": 10.5, "triangle": 6.7}

METHOD_ORDER = [
    "cute_c2",
    "box2d_manifold",
    "box2d_manifold_sep",
    "box2d_gjk",
    "box2d_gjk_sensor_rule",
    "box2d_gjk_zero",
]


# ---- scenes ----------------------------------------------------------------


def f32(x: np.ndarray) -> np.ndarray:
    """The nearest float32 values, as float64 (exactly representable in both)."""
    return np.asarray(x, dtype=np.float64).astype(np.float32).astype(np.float64)


def shape_at_origin(kind: str, n: int, rng: np.random.Generator) -> np.ndarray:
    """n shapes of a kind around the origin: polygons as (n, K, 2) vertices,
    capsules (n, 5) x0 y0 x1 y1 r, circles (n, 3) x y r.  Sizes as in
    pycollide's bench (shapes 1 to about 12 across).  Polygons are kept well
    shaped (no vertex within 0.05 of a neighbour's line) so that every peer's
    hull keeps all the vertices and no answer differs because a peer's shape
    builder changed the shape."""
    if kind == "circle":
        return np.column_stack([np.zeros((n, 2)), rng.uniform(1, 8, n)])
    if kind == "capsule":
        half = rng.uniform(-5, 5, (n, 2))
        short = np.hypot(half[:, 0], half[:, 1]) < 0.1
        while short.any():
            half[short] = rng.uniform(-5, 5, (int(short.sum()), 2))
            short = np.hypot(half[:, 0], half[:, 1]) < 0.1
        return np.column_stack([-half, half, rng.uniform(0.5, 3, n)])
    if kind in VERTICES:
        poly = _polygons(kind, n, rng)
        bad = ~_well_shaped(poly)
        while bad.any():
            poly[bad] = _polygons(kind, int(bad.sum()), rng)
            bad = ~_well_shaped(poly)
        return poly
    raise ValueError(kind)


def _polygons(kind: str, n: int, rng: np.random.Generator) -> np.ndarray:
    if kind == "box":
        h = rng.uniform(0.5, 6, (n, 2))
        t = rng.uniform(0, np.pi, n)
        c, s = np.cos(t)[:, None], np.sin(t)[:, None]
        local = np.stack([-h, h * [1, -1], h, h * [-1, 1]], axis=1)  # (n, 4, 2) counter-clockwise
        return np.stack([c * local[..., 0] - s * local[..., 1], s * local[..., 0] + c * local[..., 1]], axis=-1)
    if kind == "octagon":
        # 8 points on an ellipse (so in convex position), angles jittered, rotated
        step = 2 * np.pi / 8
        ang = rng.uniform(0, 2 * np.pi, (n, 1)) + step * np.arange(8) + rng.uniform(-0.3, 0.3, (n, 8)) * step
        radius = rng.uniform(1, 7, (n, 1))
        squash = rng.uniform(0.5, 1.0, (n, 1))
        x, y = radius * np.cos(ang), radius * squash * np.sin(ang)
        t = rng.uniform(0, np.pi, (n, 1))
        c, s = np.cos(t), np.sin(t)
        return np.stack([c * x - s * y, s * x + c * y], axis=-1)
    # triangles as in pycollide's bench: two vertices within 12 of the first
    tri = np.zeros((n, 3, 2))
    tri[:, 1:] = rng.uniform(-12, 12, (n, 2, 2))
    return tri


def _well_shaped(poly: np.ndarray, margin: float = 0.05) -> np.ndarray:
    """Every edge longer than margin and every vertex farther than margin from
    the line through its two neighbours."""
    prev, nxt = np.roll(poly, 1, axis=1), np.roll(poly, -1, axis=1)
    e = nxt - prev
    cross = e[..., 0] * (poly[..., 1] - prev[..., 1]) - e[..., 1] * (poly[..., 0] - prev[..., 0])
    elen = np.hypot(e[..., 0], e[..., 1])
    edge = np.hypot(*(nxt - poly).transpose(2, 0, 1))
    return ((np.abs(cross) > margin * elen) & (edge > margin)).all(axis=1)


def translate(kind: str, shapes: np.ndarray, centre: np.ndarray) -> np.ndarray:
    if kind == "circle":
        out = shapes.copy()
        out[:, :2] += centre
        return out
    if kind == "capsule":
        out = shapes.copy()
        out[:, 0:2] += centre
        out[:, 2:4] += centre
        return out
    return shapes + centre[:, None, :]


def scene(pair: str, which: str, n: int, rng: np.random.Generator):
    _, ka, kb = PAIRS[pair]
    a0, b0 = shape_at_origin(ka, n, rng), shape_at_origin(kb, n, rng)
    ca = rng.uniform(0, WORLD, (n, 2))
    if which == "sparse":
        cb = rng.uniform(0, WORLD, (n, 2))
    else:
        s = DENSE_SPREAD[pair]
        cb = ca + rng.uniform(-s, s, (n, 2))
    a, b = f32(translate(ka, a0, ca)), f32(translate(kb, b0, cb))
    for kind, arr in ((ka, a), (kb, b)):
        if kind in VERTICES and not _well_shaped(arr).all():
            raise RuntimeError("a polygon lost its shape when rounded to float32")  # not with these margins
    return a, b


def write_input(path: Path, pair: str, a: np.ndarray, b: np.ndarray) -> None:
    kind, sa, sb = PAIRS[pair]
    ka, kb = (VERTICES[sa], VERTICES[sb]) if kind == KIND_POLY else (0, 0)
    with open(path, "wb") as f:
        f.write(struct.pack("<8siiiq", b"PCPEERS1", kind, ka, kb, len(a)))
        f.write(np.ascontiguousarray(a, dtype="<f8").tobytes())
        f.write(np.ascontiguousarray(b, dtype="<f8").tobytes())


# ---- building the harness ----------------------------------------------------


def compile_flags() -> list:
    values = {}
    if FLAGS_MK.exists():
        for line in FLAGS_MK.read_text().splitlines():
            m = re.match(r"\s*(PC_[A-Z_]+)\s*=\s*(.*)$", line)
            if m:
                values[m.group(1)] = m.group(2).split()
    if {"PC_STD_FLAGS", "PC_EXACT_FLAGS"} <= values.keys():
        return OPT_FLAGS + values["PC_STD_FLAGS"] + values["PC_EXACT_FLAGS"]
    return OPT_FLAGS + FALLBACK_FLAGS


def check_peers(cute: Path, box2d: Path) -> None:
    missing = []
    if not (cute / "cute_c2.h").is_file():
        missing.append(f"--cute {cute}: no cute_c2.h there (a checkout of RandyGaul/cute_headers)")
    if not (box2d / "include" / "box2d" / "box2d.h").is_file() or not list((box2d / "src").glob("*.c")):
        missing.append(
            f"--box2d {box2d}: no include/box2d/box2d.h and src/*.c there (a checkout of erincatto/box2d v3)"
        )
    if not HARNESS.is_file():
        missing.append(f"the harness {HARNESS} is missing")
    if missing:
        sys.exit(
            "peers.py: the peers' sources are not where you pointed:\n  "
            + "\n  ".join(missing)
            + "\nThey are not part of this repository; benchmarks/peers.md says how to fetch them."
        )


def build(cute: Path, box2d: Path, work: Path, cc: str, flags: list) -> Path:
    lib = build_box2d(box2d, work, cc, flags)
    exe = work / "peers"
    subprocess.run(
        [cc, *flags, "-I", str(cute), "-I", str(box2d / "include"), str(HARNESS), str(lib), "-lm", "-o", str(exe)],
        check=True,
    )
    return exe


def build_box2d(box2d: Path, work: Path, cc: str, flags: list) -> Path:
    """Box2D's src/*.c compiled into work/libbox2d.a with the given flags."""
    objdir = work / "box2d_obj"
    objdir.mkdir()
    sources = sorted((box2d / "src").glob("*.c"))

    def compile_one(src: Path) -> Path:
        obj = objdir / (src.stem + ".o")
        subprocess.run(
            [cc, *flags, "-I", str(box2d / "include"), "-I", str(box2d / "src"), "-c", str(src), "-o", str(obj)],
            check=True,
        )
        return obj

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        objs = list(pool.map(compile_one, sources))
    lib = work / "libbox2d.a"
    subprocess.run(["ar", "rcs", str(lib), *map(str, objs)], check=True)
    return lib


def build_box2d_harness(box2d: Path, work: Path, harness: Path) -> Path:
    """Box2D built in work (build_box2d, with gcc or cc and compile_flags),
    and the harness linked against it: the executable's path."""
    cc, flags = shutil.which("gcc") or "cc", compile_flags()
    print(f"building Box2D with {cc} {' '.join(flags)} ...", file=sys.stderr)
    lib = build_box2d(box2d, work, cc, flags)
    exe = work / harness.stem
    subprocess.run(
        [cc, *flags, "-I", str(box2d / "include"), str(harness), str(lib), "-lm", "-o", str(exe)], check=True
    )
    return exe


def run_harness(exe: Path, inp: Path, outdir: Path, repeats: int, n: int):
    outdir.mkdir()
    res = subprocess.run([str(exe), str(inp), str(outdir), str(repeats)], check=True, capture_output=True, text=True)
    methods, notes = {}, {}
    for line in res.stdout.splitlines():
        obj = json.loads(line)
        if "note" in obj:
            notes[obj["note"]] = obj["value"]
        else:
            obj["answers"] = np.fromfile(outdir / f"{obj['method']}.u8", dtype=np.uint8).astype(bool)
            assert obj["answers"].size == n
            methods[obj["method"]] = obj
    return methods, notes


# ---- pycollide ---------------------------------------------------------------


def pycollide_shapes(pc, pair: str, a: np.ndarray, b: np.ndarray):
    _, ka, kb = PAIRS[pair]

    def make(kind, arr):
        if kind == "circle":
            return pc.Circles(arr)
        if kind == "capsule":
            return pc.Capsules(arr)
        if kind == "triangle":
            return pc.Triangles(arr.reshape(len(arr), 6))
        # oriented boxes and 8-gons: the same float32 corners the peers get
        # (Polygons.from_box would compute its own corners from centre, half
        # sizes and angle, which would not be the peers' shapes)
        return pc.Polygons(arr)

    return make(ka, a), make(kb, b)


def time_pycollide(pc, sa, sb, n: int, repeats: int):
    out = np.empty(n, dtype=bool)
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        pc.overlaps(sa, sb, out=out, threads=1)
        best = min(best, time.perf_counter() - t0)
    return 1e9 * best / n, out.copy()


# ---- main ----------------------------------------------------------------------


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--cute", required=True, type=Path, help="checkout of RandyGaul/cute_headers")
    ap.add_argument("--box2d", required=True, type=Path, help="checkout of erincatto/box2d (v3)")
    ap.add_argument("--n", type=int, default=1_000_000, help="pairs per pair kind and scene")
    ap.add_argument("--repeats", type=int, default=7, help="timed runs; the best is kept")
    ap.add_argument("--pairs", default=",".join(PAIRS), help="comma-separated subset of " + ",".join(PAIRS))
    ap.add_argument("--scenes", default="sparse,dense", help="sparse, dense or both")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cc", default=os.environ.get("CC", "gcc"))
    ap.add_argument("--json", type=Path, help="also write the rows as JSON here")
    args = ap.parse_args(argv)

    cute, box2d = args.cute.expanduser().resolve(), args.box2d.expanduser().resolve()
    check_peers(cute, box2d)
    pairs = [p for p in args.pairs.split(",") if p]
    scenes = [s for s in args.scenes.split(",") if s]
    for p in pairs:
        if p not in PAIRS:
            sys.exit(f"peers.py: unknown pair {p!r}; choose from {', '.join(PAIRS)}")
    for s in scenes:
        if s not in ("sparse", "dense"):
            sys.exit(f"peers.py: unknown scene {s!r}; choose sparse or dense")
    if args.n < 1 or args.repeats < 1:
        sys.exit("peers.py: --n and --repeats must be >= 1")

    try:
        import pycollide as pc
    except ImportError as exc:  # the peers still run
        pc = None
        print(f"pycollide not importable ({exc}): peer columns only", file=sys.stderr)

    flags = compile_flags()
    work = Path(tempfile.mkdtemp(prefix="pycollide_peers_"))
    rows = []
    try:
        print(f"building the harness in {work} with {args.cc} {' '.join(flags)}", file=sys.stderr)
        t0 = time.perf_counter()
        exe = build(cute, box2d, work, args.cc, flags)
        print(
            f"built in {time.perf_counter() - t0:.0f} s; timing starts now (nothing else is compiled)", file=sys.stderr
        )
        rng = np.random.default_rng(args.seed)
        for sc in scenes:
            for pair in pairs:
                a, b = scene(pair, sc, args.n, rng)
                inp = work / f"{sc}_{pair}.bin"
                write_input(inp, pair, a, b)
                print(f"[{sc} {pair}] peers ...", file=sys.stderr, flush=True)
                methods, notes = run_harness(exe, inp, work / f"{sc}_{pair}_out", args.repeats, args.n)
                inp.unlink()
                pc_ns, exact, pc_note = None, None, ""
                if pc is not None:
                    print(f"[{sc} {pair}] pycollide ...", file=sys.stderr, flush=True)
                    try:
                        sa, sb = pycollide_shapes(pc, pair, a, b)
                        pc_ns, exact = time_pycollide(pc, sa, sb, args.n, args.repeats)
                    except (AttributeError, NotImplementedError) as exc:
                        pc_note = f"pycollide cannot run this pair yet ({type(exc).__name__}: {exc})"
                        print(f"  {pc_note}", file=sys.stderr)
                for name in sorted(methods, key=METHOD_ORDER.index):
                    m = methods[name]
                    row = {
                        "scene": sc,
                        "pair": pair,
                        "n": args.n,
                        "method": name,
                        "call": m["call"],
                        "timed": m["timed"],
                        "peer_ns_per_pair": m.get("ns_per_pair"),
                        "pycollide_ns_per_pair": pc_ns,
                        "peer_yes_fraction": m["yes"] / args.n,
                        "notes": notes,
                        "pycollide_note": pc_note,
                    }
                    if exact is not None:
                        ans = m["answers"]
                        row["exact_yes_fraction"] = float(exact.mean())
                        row["differ"] = int((ans != exact).sum())
                        row["peer_yes_exact_no"] = int((ans & ~exact).sum())
                        row["peer_no_exact_yes"] = int((~ans & exact).sum())
                    rows.append(row)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print_table(rows, args, flags, cute, box2d, pc)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


def print_table(rows, args, flags, cute, box2d, pc) -> None:
    print(f"pairs: n = {args.n} per row, best of {args.repeats}, one thread; seed {args.seed}")
    print(f"peers: cute_c2 from {cute}, Box2D from {box2d}; flags: {args.cc} {' '.join(flags)}")
    print(f"pycollide: {pc.__file__ if pc is not None else 'not importable'}")
    head = (
        f"{'scene':<7}{'pair':<15}{'overlap':>8}  {'method':<22}{'peer ns':>8}{'pc ns':>8}{'peer/pc':>8}"
        f"  {'differ (peer yes/no where exact no/yes)':<28}"
    )
    print(head)
    print("-" * len(head))
    for r in rows:
        frac = r.get("exact_yes_fraction", None)
        overlap = f"{frac:8.1%}" if frac is not None else f"{'~' + format(r['peer_yes_fraction'], '.1%'):>8}"
        peer = f"{r['peer_ns_per_pair']:8.1f}" if r["peer_ns_per_pair"] is not None else f"{'(same)':>8}"
        pcns = r["pycollide_ns_per_pair"]
        pcs = f"{pcns:8.1f}" if pcns is not None else f"{'-':>8}"
        ratio = f"{r['peer_ns_per_pair'] / pcns:7.2f}x" if pcns and r["peer_ns_per_pair"] is not None else f"{'-':>8}"
        differ = f"{r['differ']} ({r['peer_yes_exact_no']}/{r['peer_no_exact_yes']})" if "differ" in r else "-"
        print(f"{r['scene']:<7}{r['pair']:<15}{overlap}  {r['method']:<22}{peer}{pcs}{ratio}  {differ}")
    seen, nonzero, pc_notes = set(), [], []
    for r in rows:
        key = (r["scene"], r["pair"])
        if key in seen:
            continue
        seen.add(key)
        nonzero += [f"{r['scene']} {r['pair']}: {k} = {v}" for k, v in r["notes"].items() if v]
        if r["pycollide_note"]:
            pc_notes.append(f"{r['scene']} {r['pair']}: {r['pycollide_note']}")
    print(
        "harness checks (inexact float inputs, hulls that changed a polygon's vertex count): "
        + ("; ".join(nonzero) if nonzero else "all zero")
    )
    for line in pc_notes:
        print(line)
    print(
        "overlap: the exact fraction (pycollide), or ~ the peer's own yes fraction when pycollide cannot run.\n"
        "(same): an untimed yes/no read off the timed box2d_gjk call with another threshold.\n"
        "peer/pc > 1: pycollide is faster.  Box2D's manifold yes includes speculative contacts up to\n"
        "0.02 apart; see benchmarks/peers.md for what each method's yes means."
    )


if __name__ == "__main__":
    sys.exit(main())
