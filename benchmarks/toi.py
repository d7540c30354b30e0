"""Turning sweeps: pycollide's ``pc.sweep(..., rotation=)`` beside Box2D v3's
``b2TimeOfImpact``, per sweep on one thread, and the misses of each against a
dense exact check.

    python benchmarks/toi.py --box2d DIR [--n 10000] [--repeats 5] [--samples 257] [--seed S]

--box2d is a checkout of erincatto/box2d v3 (include/ and src/), outside this
repository (benchmarks/peers.md says how to fetch it).  The driver writes the
sweeps to a temporary directory, compiles benchmarks/peers/toi.c with Box2D's
sources there (peers.py's flags), runs it and times pycollide on the same
sweeps.  Without --box2d only pycollide runs (and is checked).

The sweeps: a moving 4-gon (an oriented box) or 8-gon, of size about 1,
moving by up to 6 units while turning by up to a quarter turn either way
about its centroid, against
- "polygons": a target 4-gon near its path (one sweep per pair; about half
  hit);
- "tiles": a tile map of 24 x 12 unit tiles (a floor and scattered blocks),
  for Box2D its solid tiles as boxes, every sweep against those whose boxes
  meet the sweep's box (what a user's broad phase gives it), the first hit.
Every value is rounded to a float32 value, so both see the same shapes.

What is timed: Box2D, the loop over the sweeps calling b2TimeOfImpact (the
proxies and sweeps built before it); pycollide, ``pc.sweep(moving, d, target,
rotation=r, pivot=p, threads=1)`` on shape arrays built before it.  Best of
--repeats each.

The dense exact check: each tool's own motion (pycollide: position and angle
linear in t, ``pc.sweep_transform``; Box2D: b2GetSweepTransform, the
rotation's cosine and sine interpolated linearly and normalised) placed at
--samples times in [0, 1] and tested with the exact ``pc.overlaps``
(touching counts).  A miss: the tool reports no hit (Box2D: separated or
failed) although a sampled placement touches the target.  Late: a reported
time after the first sampled touch (placed there, the shape is inside).
"""

from __future__ import annotations

import argparse
import json
import os

# numpy's OpenBLAS threads spin for a while after a BLAS call, on the cores
# the timed loop runs on: one thread, as the timing is of one thread
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from peers import build_box2d_harness  # noqa: E402

import pycollide as pc  # noqa: E402

HARNESS = HERE / "peers" / "toi.c"


def f32(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, dtype=np.float32).astype(np.float64)


def polygon_local(k: int, n: int, rng: np.random.Generator) -> np.ndarray:
    """n convex k-gons about the origin (their centroid near it), size about 1."""
    if k == 4:
        half = rng.uniform(0.2, 0.6, (n, 2))
        turn = rng.uniform(0, np.pi, n)
        return np.asarray(pc.Polygons.from_box(np.zeros((n, 2)), half, turn), dtype=float).reshape(n, 4, 2)
    angles = np.linspace(0, 2 * np.pi, k, endpoint=False)[None, :] + rng.uniform(-0.25, 0.25, (n, k))
    radius = rng.uniform(0.3, 0.6, (n, 1))
    return np.stack([radius * np.cos(angles), radius * np.sin(angles)], axis=-1)


def scene(which: str, k: int, n: int, rng: np.random.Generator):
    local = f32(polygon_local(k, n, rng))
    local -= local.mean(axis=1, keepdims=True)
    local = f32(local)
    turn = f32(rng.uniform(-np.pi / 2, np.pi / 2, n))
    if which == "polygons":
        target = f32(polygon_local(4, n, rng) * 2.5)
        start = rng.uniform(-6, 6, (n, 2))
        goal = rng.uniform(-1.5, 1.5, (n, 2))
        disp = f32((goal - start) * rng.uniform(0.3, 1.3, (n, 1)))
        pivot = f32(start)
        return local, pivot, disp, turn, target
    kinds = np.zeros((12, 24), dtype=np.int8)
    kinds[0] = 1
    kinds[rng.integers(1, 8, 20), rng.integers(0, 24, 20)] = 1
    tiles = pc.TileMap(kinds, tile_size=1.0)
    free = np.argwhere(kinds == 0)
    cells = free[rng.integers(0, len(free), n)]
    pivot = f32(cells[:, ::-1] + 0.5)
    disp = f32(rng.uniform(-4, 4, (n, 2)) + [0.0, -2.0])
    return local, pivot, disp, turn, tiles


def shapes_of(local: np.ndarray, pivot: np.ndarray) -> pc.Polygons:
    return pc.Polygons(local + pivot[:, None, :])


def box2d_place(local, pivot, disp, turn, t):
    """Box2D's b2GetSweepTransform at time t: nlerp of the rotation."""
    c, s = (1 - t) + t * np.cos(turn), t * np.sin(turn)
    norm = np.hypot(c, s)
    c, s = c / norm, s / norm
    x = c[:, None] * local[..., 0] - s[:, None] * local[..., 1]
    y = s[:, None] * local[..., 0] + c[:, None] * local[..., 1]
    centre = pivot + t * disp
    pts = np.stack([x, y], axis=-1) + centre[:, None, :]
    return pc.Polygons(pts)


def first_touch(place, target, samples: int, n: int) -> np.ndarray:
    """The first sampled time at which the placed shape touches the target (inf if none)."""
    first = np.full(n, np.inf)
    for t in np.linspace(0.0, 1.0, samples):
        touching = np.asarray(pc.overlaps(place(t), target))
        first = np.where(touching & (first == np.inf), t, first)
    return first


def run_box2d(exe: Path, work: Path, local, pivot, disp, turn, target, repeats: int):
    n, k = local.shape[:2]
    inp, out = work / "toi.in", work / "toi.out"
    with open(inp, "wb") as f:
        tiles = None if isinstance(target, np.ndarray) else _tile_boxes(target)
        m = target.shape[1] if isinstance(target, np.ndarray) else 0
        np.array([n, k, m, 0 if tiles is None else len(tiles)], dtype=np.int64).tofile(f)
        rows = [local.reshape(n, -1), pivot, disp, turn[:, None]]
        if tiles is None:
            rows.append(target.reshape(n, -1))
        np.concatenate(rows, axis=1).astype(np.float64).tofile(f)
        if tiles is not None:
            tiles.astype(np.float64).tofile(f)
    res = subprocess.run([str(exe), str(inp), str(out), str(repeats)], check=True, capture_output=True, text=True)
    ns = json.loads(res.stdout.strip().splitlines()[-1])["ns_per_sweep"]
    data = np.fromfile(out, dtype=np.float64).reshape(n, 2)
    return ns, data[:, 0].astype(int), data[:, 1]


def _tile_boxes(tiles: pc.TileMap) -> np.ndarray:
    """The solid tiles of a map of full tiles, as boxes."""
    kinds = np.asarray(tiles.kinds)
    rows, cols = np.nonzero(kinds)
    s = tiles.tile_size
    ox, oy = tiles.origin
    return np.column_stack([ox + cols * s, oy + rows * s, ox + (cols + 1) * s, oy + (rows + 1) * s])


def time_pycollide(moving, disp, target, turn, pivot, repeats: int):
    best, s = np.inf, None
    for _ in range(repeats):
        t0 = time.perf_counter()
        s = pc.sweep(moving, disp, target, rotation=turn, pivot=pivot, threads=1)
        best = min(best, time.perf_counter() - t0)
    return best / len(turn) * 1e9, s


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--box2d", type=Path)
    ap.add_argument("--n", type=int, default=10000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--samples", type=int, default=257)
    ap.add_argument("--seed", type=int, default=45)
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        exe = build_box2d_harness(args.box2d, work, HARNESS) if args.box2d else None
        print(f"{'scene':<10}{'mover':<7}{'hits':>6}{'pycollide ns':>14}{'Box2D ns':>10}{'ratio':>7}"
              f"{'pc misses':>11}{'pc late':>9}{'B2 misses':>11}{'B2 late':>9}{'B2 failed':>11}")  # fmt: skip
        for which in ("polygons", "tiles"):
            for k in (4, 8):
                local, pivot, disp, turn, target = scene(which, k, args.n, rng)
                moving = shapes_of(local, pivot)
                tgt = pc.Polygons(target) if isinstance(target, np.ndarray) else target
                ns_pc, s = time_pycollide(moving, disp, tgt, turn, pivot, args.repeats)
                hit = ~np.isnan(s.normal[:, 0])
                first = first_touch(
                    lambda t: pc.sweep_transform(moving, disp, np.full(args.n, t), rotation=turn, pivot=pivot),
                    tgt,
                    args.samples,
                    args.n,
                )
                pc_miss = int((~hit & (first < np.inf)).sum())
                pc_late = int((hit & (s.time > first)).sum())
                row = f"{which:<10}{k:<7}{int(hit.sum()):>6}{ns_pc:>14.0f}"
                if exe is None:
                    print(row + f"{'-':>10}{'-':>7}{pc_miss:>11}{pc_late:>9}")
                    continue
                ns_b2, state, frac = run_box2d(exe, work, local, pivot, disp, turn, target, args.repeats)
                b2_hit = (state == 3) | (state == 2)
                b2_first = first_touch(lambda t: box2d_place(local, pivot, disp, turn, t), tgt, args.samples, args.n)
                b2_miss = int((~b2_hit & (b2_first < np.inf)).sum())
                b2_late = int((b2_hit & (frac > b2_first)).sum())
                b2_failed = int((state == 1).sum())
                print(row + f"{ns_b2:>10.0f}{ns_pc / ns_b2:>7.2f}{pc_miss:>11}{pc_late:>9}{b2_miss:>11}{b2_late:>9}"
                      f"{b2_failed:>11}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
