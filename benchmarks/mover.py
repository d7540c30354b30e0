"""Character movers on a tile level: pycollide's ``move`` beside Box2D v3's mover.

    python benchmarks/mover.py [--box2d DIR] [--movers 10000] [--frames 60]
                               [--repeats 5] [--segments 12] [--layers 12]
                               [--seed S] [--json FILE]

The level is a tile map of ``--layers`` storeys, each ``--segments`` copies of
a 48-tile room wide (hills of 45-degree slope tiles, a step, a wall too high to
jump, a floating platform with sloped undersides, long floors of many tiles),
walled all round.  Capsule movers (Box2D's sample's capsule: radius 0.3, its
segment from -0.5 to +0.5 about the mover's position) start dropped onto its
floors, 1/64 above them, and every frame each gets the same desired
displacement in both engines: a run of 6 units/s left or right (each mover
turns, or not, every 20 frames), plus a vertical speed that gravity (30
units/s^2) takes down to a fall of 3 units/s and a jump (8 units/s) sometimes
resets, times dt = 1/60.  The displacements come from the seeded generator
alone, never from an engine's answers, so both engines are asked the very same
moves; every number is a float32 value, so Box2D (which computes in float)
gets them unchanged.

What is timed, per frame, summed over the frames: pycollide's one
``pc.move(capsules, displacement, level, threads=T)`` call for all movers
(T = 1, then the default: every core); Box2D's loop over the movers
(benchmarks/peers/mover.c: per mover, the rounds of b2World_CollideMover,
b2SolvePlanes and b2World_CastMover of Box2D's own sample, then b2ClipVector
on its velocity), one thread.  With --box2d, a checkout of erincatto/box2d v3
outside this repository (benchmarks/peers.md says how to fetch it), the harness
and Box2D's sources are compiled in a temporary directory with the flags
pycollide's extension uses; without it, Box2D is skipped and says so.  Box2D's
level is the tile map's merged boundary (``TileMap.edges``, one closed chain
per loop, the solid on its left as Box2D's winding wants), and, as a second
row, the same loops with a chain point at every tile corner along them (the
seams a tile editor's outline keeps).

Counted, for every mover after every frame, untimed: "ends inside", the
movers that strictly overlap the level (``pc.overlaps(capsules, level,
touching=False)``, exact, on each engine's positions: Box2D's float positions
are exact doubles), with how deep (``pc.depenetrate``'s depth); and "ghost
normals": among the movers within 0.02 of exactly one face of the merged
boundary, a flat floor or a 45-degree slope (so standing on it, away from its
ends), the ones whose reported normal is not that face's: pycollide's
``ground_normal`` (when ``on_floor``), Box2D's planes from
b2World_CollideMover at the mover's final position; counted beyond 1e-9 and
beyond 1e-4 (a float's rounding of a unit normal is about 1e-7).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
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

HARNESS = HERE / "peers" / "mover.c"

# One room of a storey, top row first; every storey stands on a full floor row.
ROOM = [
    "................................................",
    "................................................",
    "................................................",
    "....9###7..................9##7.................",
    "................................................",
    "......................#.........................",
    "...3#1................#..............3#1........",
    "..3###1........#......#.....3#1.....3###1.......",
    ".3#####1......###.....#....3###1...3#####1......",
]
CAPSULE = (0.0, -0.5, 0.0, 0.5, 0.3)  # Box2D's sample's mover: center1, center2 (about the position), radius
DT = 1.0 / 60.0
RUN, GRAVITY, FALL, JUMP = 6.0, 30.0, 3.0, 8.0  # units/s, units/s^2, units/s, units/s
TURN_EVERY, JUMP_CHANCE = 20, 1.0 / 40.0  # frames between a mover's turns; a mover's chance to jump in a frame
NEAR = 0.02  # a mover within this of exactly one face stands on it (Box2D's movers rest up to its slop inside)
FLOORISH = 0.7  # a normal with y at least this is a floor (Box2D's sample's minimum ground normal y)
MAX_OUT = 4  # Box2D planes written per mover and frame (mover.c)


def level_text(segments: int, layers: int) -> str:
    """The level as TileMap.from_text reads it: storeys of rooms, walled all round."""
    width = segments * len(ROOM[0]) + 2
    rows = ["#" * width]
    for layer in range(layers):
        shift = (17 * layer) % len(ROOM[0])  # each storey's rooms shifted: the storeys differ
        rows += ["#" + (row[shift:] + row[:shift]) * segments + "#" for row in ROOM]
        rows.append("#" * width)
    return "\n".join(rows)


def chains(level, seams: bool) -> list:
    """The merged boundary as closed loops of points, each in the edges' order
    (the solid on its left); with ``seams``, a point at every tile corner too."""
    edges = np.asarray(level.edges).reshape(-1, 4)
    start = {}
    for k, (x0, y0, _, _) in enumerate(edges):
        if (x0, y0) in start:
            raise ValueError(f"two loops meet at ({x0}, {y0}): the level must have no pinch point")
        start[(x0, y0)] = k
    seen = np.zeros(len(edges), dtype=bool)
    loops = []
    for first in range(len(edges)):
        k, points = first, []
        while not seen[k]:
            seen[k] = True
            x0, y0, x1, y1 = edges[k]
            pieces = max(1, round(max(abs(x1 - x0), abs(y1 - y0)) / level.tile_size)) if seams else 1
            points += [(x0 + (x1 - x0) * j / pieces, y0 + (y1 - y0) * j / pieces) for j in range(pieces)]
            k = start[(x1, y1)]
        if points:
            loops.append(np.array(points))
    return loops


def capsules(pc, position: np.ndarray):
    """The movers at these positions (exact: the offsets are halves)."""
    x, y = position[:, 0], position[:, 1]
    c = CAPSULE
    return pc.Capsules(np.column_stack([x + c[0], y + c[1], x + c[2], y + c[3], np.full(len(x), c[4])]))


def f32(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, dtype=np.float32).astype(np.float64)


def spawn(pc, level, n: int, rng: np.random.Generator) -> np.ndarray:
    """n positions, float32 values, each 1/64 above a floor (dropped onto it)."""
    xmin, ymin, xmax, ymax = level.bounds
    rows = len(ROOM) + 1
    pos = np.empty((n, 2))
    todo = np.arange(n)
    while len(todo):  # a random place in a storey's air, dropped; again wherever it touches the level
        layer = rng.integers(0, (level.shape[0] - 1) // rows, len(todo))
        x = f32(rng.uniform(xmin + 1.5, xmax - 1.5, len(todo)))
        y = f32(ymin + layer * rows + rng.uniform(2.0, rows - 1.0, len(todo)))
        free = ~pc.overlaps(capsules(pc, np.column_stack([x, y])), level)
        landed = pc.move(capsules(pc, np.column_stack([x, y])[free]), [0.0, -2.0 * rows], level).shapes.start
        at = np.column_stack([landed[:, 0] - CAPSULE[0], f32(landed[:, 1] - CAPSULE[1] + 2.0**-6)])
        fits = ~pc.overlaps(capsules(pc, at), level)
        pos[todo[free][fits]] = at[fits]
        todo = np.concatenate([todo[~free], todo[free][~fits]])
    return pos


def displacements(n: int, frames: int, rng: np.random.Generator) -> np.ndarray:
    """(frames, n, 2) desired moves, float32 values."""
    direction = rng.choice([-1.0, 1.0], n)
    phase = rng.integers(0, TURN_EVERY, n)
    vy = np.zeros(n)
    out = np.empty((frames, n, 2))
    for frame in range(frames):
        turn = phase == frame % TURN_EVERY
        direction[turn] = rng.choice([-1.0, 1.0], int(turn.sum()))
        jump = rng.random(n) < JUMP_CHANCE
        vy = np.where(jump, JUMP, np.maximum(vy - GRAVITY * DT, -FALL))
        out[frame, :, 0] = f32(direction * RUN * DT)
        out[frame, :, 1] = f32(vy * DT)
    return out


# ---- pycollide -------------------------------------------------------------------


def run_pycollide(pc, level, start: np.ndarray, disp: np.ndarray, threads, repeats: int) -> dict:
    """Each repeat's seconds in the move calls, and the first repeat's
    capsules, on_floor and ground_normal after each frame (the later repeats
    must end every frame with the same capsules, bit for bit)."""
    frames, n = disp.shape[:2]
    rows = np.empty((frames, n, 5))
    on_floor = np.empty((frames, n), dtype=bool)
    normal = np.empty((frames, n, 2))
    seconds = []
    for r in range(repeats):
        caps, total = capsules(pc, start), 0.0
        for frame in range(frames):
            t0 = time.perf_counter()
            m = pc.move(caps, disp[frame], level, threads=threads)
            total += time.perf_counter() - t0
            caps = m.shapes
            if r == 0:
                rows[frame], on_floor[frame], normal[frame] = np.asarray(caps), m.on_floor, m.ground_normal
            elif not np.array_equal(np.asarray(caps), rows[frame]):
                raise AssertionError(f"pycollide threads={threads}: repeat {r} differs at frame {frame}")
        seconds.append(total)
    return {"seconds": seconds, "rows": rows, "on_floor": on_floor, "normal": normal}


# ---- the counts ------------------------------------------------------------------


def standing_face(pc, level, caps) -> np.ndarray:
    """Per mover, the face (an index into level.edges) it stands on away from
    the face's ends: the only face within NEAR of it, a floor; else -1."""
    near = pc.pairs(caps, level.edges, distance=NEAR)
    count = np.bincount(near[0], minlength=len(caps))
    face = np.full(len(caps), -1)
    face[near[0]] = near[1]
    face[count != 1] = -1
    face[(face >= 0) & (level.normals[np.maximum(face, 0), 1] < FLOORISH)] = -1
    return face


def count_frames(pc, level, caps_of, frames: int, normals_of) -> dict:
    """Ends inside (with pc.depenetrate's depth) and ghost normals over
    every frame; ``normals_of(frame, face)`` gives per mover the largest
    deviation of its reported normals from its face's (NaN where it reports
    none) for the movers with a face."""
    counts = {"ends_inside": 0, "movers_inside": 0, "median_depth": 0.0, "deepest": 0.0, "on_one_face": 0}
    counts.update({"ghost_1e-9": 0, "ghost_1e-4": 0, "worst_ghost": 0.0})
    depths, movers = [], set()
    for frame in range(frames):
        caps = caps_of(frame)
        deep = pc.overlaps(caps, level, touching=False)  # exact
        if deep.any():
            depths.append(pc.depenetrate(caps[deep], level).depth)
            movers.update(np.flatnonzero(deep).tolist())
        face = standing_face(pc, level, caps)
        deviation = normals_of(frame, face)
        reported = ~np.isnan(deviation)
        counts["on_one_face"] += int(reported.sum())
        counts["ghost_1e-9"] += int((deviation[reported] > 1e-9).sum())
        counts["ghost_1e-4"] += int((deviation[reported] > 1e-4).sum())
        counts["worst_ghost"] = max(counts["worst_ghost"], float(deviation[reported].max(initial=0.0)))
    if depths:
        every = np.concatenate(depths)
        counts.update(ends_inside=len(every), median_depth=float(np.median(every)), deepest=float(every.max()))
    counts["movers_inside"] = len(movers)
    return counts


def pycollide_counts(pc, level, run: dict) -> dict:
    def normals_of(frame, face):
        deviation = np.full(len(face), np.nan)
        mine = (face >= 0) & run["on_floor"][frame]
        wanted = level.normals[face[mine]]
        deviation[mine] = np.abs(run["normal"][frame][mine] - wanted).max(axis=1)
        return deviation

    return count_frames(pc, level, lambda frame: pc.Capsules(run["rows"][frame]), len(run["rows"]), normals_of)


def box2d_counts(pc, level, run: dict) -> dict:
    def normals_of(frame, face):
        deviation = np.full(len(face), np.nan)
        planes = np.minimum(run["planes"][frame], MAX_OUT)
        mine = (face >= 0) & (planes > 0)
        got = run["normal"][frame][mine]  # (k, MAX_OUT, 2)
        off = np.abs(got - level.normals[face[mine]][:, None, :]).max(axis=2)
        off[np.arange(MAX_OUT)[None, :] >= planes[mine][:, None]] = 0.0  # the planes not reported
        deviation[mine] = off.max(axis=1)
        return deviation

    position = run["position"]
    return count_frames(pc, level, lambda frame: capsules(pc, position[frame]), len(position), normals_of)


# ---- Box2D -----------------------------------------------------------------------


def write_input(path: Path, loops: list, start: np.ndarray, disp: np.ndarray) -> None:
    frames, n = disp.shape[:2]
    with open(path, "wb") as f:
        f.write(b"PCMOVER1" + struct.pack("<iiii", n, frames, len(loops), 0))
        f.write(struct.pack("<6d", *CAPSULE, DT))
        f.write(np.array([len(p) for p in loops], dtype="<i4").tobytes())
        for p in loops:
            f.write(np.ascontiguousarray(p, "<f8").tobytes())
        f.write(np.ascontiguousarray(start, "<f8").tobytes())
        f.write(np.ascontiguousarray(disp, "<f8").tobytes())


def run_box2d(exe: Path, work: Path, loops: list, start: np.ndarray, disp: np.ndarray, repeats: int) -> dict:
    frames, n = disp.shape[:2]
    inp, out = work / "movers.bin", work / "moved.bin"
    write_input(inp, loops, start, disp)
    res = subprocess.run([str(exe), str(inp), str(out), str(repeats)], check=True, capture_output=True, text=True)
    run = json.loads(res.stdout)
    record = np.dtype([("position", "<f4", (n, 2)), ("planes", "<i4", (n,)), ("normal", "<f4", (n, MAX_OUT, 2))])
    data = np.fromfile(out, dtype=record)
    assert len(data) == frames, "short Box2D output"
    run["position"] = data["position"].astype(np.float64)
    run["planes"] = data["planes"]
    run["normal"] = data["normal"].astype(np.float64)
    return run


# ---- main ------------------------------------------------------------------------


def spread(seconds: list, mover_frames: int) -> dict:
    rates = sorted(mover_frames / s for s in seconds)
    return {"best": rates[-1], "median": statistics.median(rates), "worst": rates[0]}


def row(name: str, rates: dict, counts: dict) -> str:
    return (
        f"| {name} | {rates['best']:,.0f} | {rates['median']:,.0f} | {rates['worst']:,.0f} "
        f"| {counts['ghost_1e-9']} | {counts['ghost_1e-4']} | {counts['worst_ghost']:.2g} | {counts['on_one_face']} "
        f"| {counts['ends_inside']} ({counts['movers_inside']} movers) "
        f"| {counts['median_depth']:.2g} / {counts['deepest']:.2g} |"
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--box2d", type=Path, help="a checkout of erincatto/box2d v3 (outside this repository)")
    ap.add_argument("--movers", type=int, default=10_000)
    ap.add_argument("--frames", type=int, default=60)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--segments", type=int, default=12, help="rooms per storey")
    ap.add_argument("--layers", type=int, default=12, help="storeys")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path, help="write the figures here too")
    args = ap.parse_args(argv)
    if min(args.movers, args.frames, args.repeats, args.segments, args.layers) < 1:
        ap.error("--movers, --frames, --repeats, --segments and --layers must be at least 1")
    box2d = None
    if args.box2d is not None:
        box2d = args.box2d.resolve()
        if not (box2d / "include" / "box2d" / "box2d.h").is_file() or not (box2d / "src" / "mover.c").is_file():
            sys.exit(
                f"mover.py: --box2d {box2d}: no include/box2d/box2d.h and src/mover.c there (a checkout of "
                "erincatto/box2d v3 with its mover; benchmarks/peers.md says how to fetch it)"
            )
    import pycollide as pc

    rng = np.random.default_rng(args.seed)
    level = pc.TileMap.from_text(level_text(args.segments, args.layers))
    start = spawn(pc, level, args.movers, rng)
    disp = displacements(args.movers, args.frames, rng)
    mover_frames = args.movers * args.frames
    print(
        f"level {level.shape[1]} x {level.shape[0]} tiles, {len(level.edges)} merged faces; {args.movers} capsule "
        f"movers x {args.frames} frames; {args.repeats} repeats; {platform.machine()}, {os.cpu_count()} cores, "
        f"pycollide {pc.__version__}"
    )
    results, notes = {}, {}
    one_thread = run_pycollide(pc, level, start, disp, 1, args.repeats)
    counts = pycollide_counts(pc, level, one_thread)
    results["pycollide, 1 thread"] = (spread(one_thread["seconds"], mover_frames), counts)
    every_core = run_pycollide(pc, level, start, disp, None, args.repeats)
    if not np.array_equal(every_core["rows"], one_thread["rows"]):
        raise AssertionError("pycollide: the default threads moved the movers elsewhere than one thread")
    results["pycollide, default threads"] = (spread(every_core["seconds"], mover_frames), counts)  # the same moves
    del one_thread, every_core
    if box2d is None:
        print("Box2D skipped: no --box2d DIR (a checkout of erincatto/box2d v3; benchmarks/peers.md)", file=sys.stderr)
    else:
        work = Path(tempfile.mkdtemp(prefix="pc_mover_"))
        try:
            exe = peers.build_box2d_harness(box2d, work, HARNESS)
            for name, seams in (("Box2D, merged chains", False), ("Box2D, chains with tile seams", True)):
                loops = chains(level, seams)
                run = run_box2d(exe, work, loops, start, disp, args.repeats)
                if not run["repeats_agree"]:
                    raise AssertionError(f"{name}: the repeats moved the movers differently")
                results[name] = (spread(run["seconds"], mover_frames), box2d_counts(pc, level, run))
                notes[name] = {
                    "chains": len(loops),
                    "segments": sum(len(p) for p in loops),
                    "rounds_per_move": run["rounds"] / mover_frames,
                    "solver_iterations_per_move": run["solver_iterations"] / mover_frames,
                    "more_planes_than_written": run["more_planes_than_written"],  # their normals not checked
                }
        finally:
            shutil.rmtree(work, ignore_errors=True)
    print(
        "| engine | movers/s best | median | worst | ghost normals > 1e-9 | > 1e-4 | largest | on one face "
        "| ends inside: mover-frames | depth: median / deepest |"
    )
    print("| --- " * 10 + "|")
    for name, (rates, counts) in results.items():
        print(row(name, rates, counts))
    one = results["pycollide, 1 thread"][0]["median"]
    for name, note in notes.items():
        print(
            f"{name}: {note['chains']} chains of {note['segments']} segments; {note['rounds_per_move']:.2f} rounds "
            f"and {note['solver_iterations_per_move']:.2f} b2SolvePlanes iterations per mover and frame; "
            f"{results[name][0]['median'] / one:.1f} x pycollide's one thread (medians)"
        )
    if args.json is not None:
        figures = {k: {"movers_per_s": r, **c, **notes.get(k, {})} for k, (r, c) in results.items()}
        args.json.write_text(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
