"""Contacts, pair by pair, one thread: pycollide beside Box2D v3's manifold functions.

    python benchmarks/contact.py [--box2d DIR] [--n 1000000] [--repeats 7]
                                 [--pairs circle-circle,circle-box,...] [--seed S]

Shapes within contact range: A anywhere in a 100 x 100 world, B at 0.3 to 1.6
units from it in a random direction, shapes about 1 unit across (about half
the pairs overlap; the rest are near misses).  Every coordinate is a float32
value, so Box2D (which computes in float) sees the same shapes.

What is timed, best of --repeats: for pycollide, ``pc.contact(a, b,
threads=1)`` and ``pc.manifold(a, b, threads=1)`` (up to two points, the
Box2D functions' counterpart) on shapes already built (the call a user makes,
its result arrays included; "out=" and "m out=": the same calls writing into
one buffer reused from call to call, as a game's every frame can, without the
first touch of new memory); for Box2D (with --box2d, a checkout of
erincatto/box2d v3 outside this repository: benchmarks/peers.md), the loop over
the pairs calling the manifold function named in the table
(benchmarks/peers/contact.c, built in a temporary directory with the flags
pycollide's extension uses).  Without --box2d only pycollide's column is
printed.

Every repeat of a call that makes a new result first hands the memory the
process has freed back to the system (glibc's malloc_trim), so that each one
pays the new result's first touch (its page faults).  Without it, whether a
repeat reused memory touched before, and skipped them, depended on what the
process had allocated and freed earlier: on the pairs run before it, and on
every allocation of the package and of numpy.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import json
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import peers  # noqa: E402  (the Box2D build and the flags)

HARNESS = HERE / "peers" / "contact.c"
WORLD = 100.0
# pair name -> (harness number, kind of A, kind of B)
PAIRS = {
    "circle-circle": (1, "circle", "circle"),
    "circle-box": (2, "circle", "box"),
    "box-box": (3, "box", "box"),
    "circle-segment": (4, "circle", "segment"),
    "circle-triangle": (5, "circle", "triangle"),
    "triangle-triangle": (6, "triangle", "triangle"),
    "box-triangle": (7, "box", "triangle"),
    "segment-segment": (8, "segment", "segment"),
    "capsule-capsule": (9, "capsule", "capsule"),
    "circle-capsule": (10, "circle", "capsule"),
    "polygon8-polygon8": (11, "polygon8", "polygon8"),
    "circle-polygon8": (12, "circle", "polygon8"),
}


def _ring(centre: np.ndarray, radius: np.ndarray, angles: np.ndarray) -> np.ndarray:
    """Vertices at the given angles (counter-clockwise) around each centre."""
    x = centre[:, :1] + radius[:, None] * np.cos(angles)
    y = centre[:, 1:] + radius[:, None] * np.sin(angles)
    return np.stack([x, y], axis=-1).reshape(len(centre), -1)


def shapes_at(kind: str, centre: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One shape of ``kind`` about 1 unit across around each centre (float32 values)."""
    n = len(centre)
    size = rng.uniform(0.3, 0.6, n)
    if kind == "circle":
        rows = np.column_stack([centre, size])
    elif kind == "box":
        half = np.column_stack([size, rng.uniform(0.3, 0.6, n)])
        rows = np.column_stack([centre - half, centre + half])
    elif kind in ("segment", "capsule"):
        t = rng.uniform(0, 2 * np.pi, n)
        d = np.column_stack([np.cos(t), np.sin(t)]) * size[:, None]
        rows = np.column_stack([centre - d, centre + d])
        if kind == "capsule":
            rows = np.column_stack([rows, rng.uniform(0.1, 0.3, n)])
    elif kind == "triangle":  # three angles a third of a turn apart, jittered: never flat
        base = rng.uniform(0, 2 * np.pi, (n, 1)) + np.arange(3) * (2 * np.pi / 3)
        rows = _ring(centre, size, base + rng.uniform(-0.5, 0.5, (n, 3)))
    elif kind == "polygon8":
        rows = _ring(centre, size, rng.uniform(0, 2 * np.pi, (n, 1)) + np.arange(8) * (np.pi / 4))
    else:
        raise ValueError(kind)
    return rows.astype(np.float32).astype(np.float64)


def scene(pair: str, n: int, rng: np.random.Generator):
    _, ka, kb = PAIRS[pair]
    ca = rng.uniform(5, WORLD - 5, (n, 2))
    t = rng.uniform(0, 2 * np.pi, n)
    cb = ca + rng.uniform(0.3, 1.6, n)[:, None] * np.column_stack([np.cos(t), np.sin(t)])
    return shapes_at(ka, ca, rng), shapes_at(kb, cb, rng)


def make(pc, kind: str, rows: np.ndarray):
    if kind == "polygon8":
        return pc.Polygons(rows.reshape(len(rows), 8, 2))
    return {
        "circle": pc.Circles,
        "box": pc.Boxes,
        "segment": pc.Segments,
        "triangle": pc.Triangles,
        "capsule": pc.Capsules,
    }[kind](rows)


def _malloc_trim():
    """glibc's malloc_trim, or None (another C library)."""
    try:
        return ctypes.CDLL(ctypes.util.find_library("c")).malloc_trim
    except (OSError, AttributeError, TypeError):
        return None


MALLOC_TRIM = _malloc_trim()


def time_pycollide(verb, a, b, repeats: int, **kw):
    best, c = float("inf"), None
    for _ in range(repeats):
        if MALLOC_TRIM is not None:
            MALLOC_TRIM(0)  # free memory back to the system: this repeat's new result is new memory
        t0 = time.perf_counter()
        c = verb(a, b, threads=1, **kw)
        best = min(best, time.perf_counter() - t0)
    return best, c


def time_box2d(exe: Path, work: Path, pair: str, a: np.ndarray, b: np.ndarray, repeats: int) -> dict:
    path = work / "pairs.bin"
    with open(path, "wb") as f:
        f.write(b"PCCONTA1" + struct.pack("<iiq", PAIRS[pair][0], 0, len(a)))
        f.write(np.ascontiguousarray(a, "<f8").tobytes())
        f.write(np.ascontiguousarray(b, "<f8").tobytes())
    out = subprocess.run([str(exe), str(path), str(repeats)], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--box2d", type=Path, help="a checkout of erincatto/box2d v3 (outside this repository)")
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--pairs", default=",".join(PAIRS))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    pairs = args.pairs.split(",")
    unknown = [p for p in pairs if p not in PAIRS]
    if unknown:
        ap.error(f"unknown pairs {unknown}; choose from {list(PAIRS)}")
    if args.n < 1 or args.repeats < 1:
        ap.error("--n and --repeats must be at least 1")
    import pycollide as pc

    work = exe = None
    if args.box2d is not None:
        box2d = args.box2d.resolve()
        if not (box2d / "include" / "box2d" / "box2d.h").is_file():
            sys.exit(
                f"contact.py: --box2d {box2d}: no include/box2d/box2d.h there (a checkout of erincatto/box2d v3; "
                "benchmarks/peers.md says how to fetch it)"
            )
        work = Path(tempfile.mkdtemp(prefix="pc_contact_"))
        exe = peers.build_box2d_harness(box2d, work, HARNESS)
    try:
        rng = np.random.default_rng(args.seed)
        print(f"n = {args.n} pairs within contact range, best of {args.repeats}, one thread, ns/pair")
        print(
            f"{'pair':<20}{'overlap':>8}{'2 points':>9}{'contact':>9}{'out=':>7}{'manifold':>9}{'m out=':>7}"
            f"{'Box2D':>9}"
            f"{'contact/Box2D':>14}{'manifold/Box2D':>15}  Box2D call"
        )
        for pair in pairs:
            a_rows, b_rows = scene(pair, args.n, rng)
            _, ka, kb = PAIRS[pair]
            a, b = make(pc, ka, a_rows), make(pc, kb, b_rows)
            t, c = time_pycollide(pc.contact, a, b, args.repeats)
            reused = np.empty((args.n, 7))  # a buffer a game reuses frame after frame
            to, _ = time_pycollide(pc.contact, a, b, args.repeats, out=reused)
            tm, m = time_pycollide(pc.manifold, a, b, args.repeats)
            tmo, _ = time_pycollide(pc.manifold, a, b, args.repeats, out=np.empty((args.n, 9)))
            ns, ns_o, ns_m, ns_mo = (1e9 * x / args.n for x in (t, to, tm, tmo))
            frac = float(np.mean(np.asarray(c.separation) <= 0))
            two = float(np.mean(np.asarray(m.count) == 2))
            line = f"{pair:<20}{frac:>8.2f}{two:>9.2f}{ns:>9.1f}{ns_o:>7.1f}{ns_m:>9.1f}{ns_mo:>7.1f}"
            if exe is not None:
                peer = time_box2d(exe, work, pair, a_rows, b_rows, args.repeats)
                box = peer['ns_per_pair']
                line += f"{box:>9.1f}{ns / box:>14.2f}{ns_m / box:>15.2f}  {peer['call']}"
            print(line, flush=True)
    finally:
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
