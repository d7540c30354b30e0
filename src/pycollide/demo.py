"""Mini-golf on a tile map: ``python -m pycollide demo``.

Shoots many balls from the tee of a mini-golf course built of square and
45-degree tiles, moves them all as one batch per time step with
:func:`pycollide.advance` (exact continuous collision against the tile map:
no ball ever tunnels through a wall or ends inside one), slows them with
rolling friction, sinks the slow ones that roll over the hole, and draws the
course and a sample of the trajectories as a PNG.

Course files (``--course FILE``)
--------------------------------
A course is a text map, one character per tile, the first line the NORTH-most
(top) row; every tile is 1 x 1 and the bottom-left corner of the map is (0, 0):

    ``#``           solid wall tile
    ``.`` or space  empty (lawn)
    ``1 3 7 9``     45-degree triangles, named like the numeric keypad by the
                    corner that stays SOLID: ``1`` south-west half, ``3``
                    south-east, ``7`` north-west, ``9`` north-east (the Unicode
                    triangles ``◣ ◢ ◤ ◥`` are accepted for ``1 3 7 9``)
    ``T``           the tee: where every ball starts (an empty tile)
    ``H``           the hole (an empty tile)

Exactly one ``T`` and one ``H``.  Short lines are padded with empty tiles;
leading and trailing blank lines are ignored.  Outside the map is empty, so a
course should be closed by walls (a ball that leaves the map is counted as
escaped).  Any other character, or a missing or second ``T`` or ``H``, is an
error that names the file, line and column.  Example (the hole behind a diamond)::

    ##########
    #7......9#
    #...31...#
    #T.3##1.H#
    #..9##7..#
    #...97...#
    #1......3#
    ##########

The physics (units: tiles and seconds)
--------------------------------------
Balls of radius 0.2 start at the tee's centre, aimed uniformly within
``--aim-spread`` degrees (default 60) of the line from the tee to the hole, with
speeds uniform in ``--speed MIN MAX`` (default 2 to 10), drawn from a numpy
Generator seeded with ``--seed``; they do not collide with each other.
Each step of ``dt`` seconds: :func:`pycollide.advance` moves the balls that
are still rolling, bouncing off the walls with the given restitution and
Coulomb wall friction; a ball whose centre's straight path over the step (old
centre to new centre) meets the hole's circle (radius 0.5) while its speed at
the end of the step is at most the sink speed drops in and leaves the
simulation; then rolling friction takes ``rolling * dt`` off every speed,
stopping a ball exactly (velocity 0) when its speed is no more than that.  The
run ends when every ball is sunk, at rest or escaped, or at ``--max-time``.
"""

from __future__ import annotations

import json
import math
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Callable, List, Optional, TextIO, Tuple

import numpy as np

from .overlap import overlaps
from .png import Canvas, write_png
from .shapes import Circles, Points, Segments

__all__ = ["BUILTIN_COURSE", "Course", "CourseError", "GolfParams", "parse_course", "load_course",
           "shoot", "simulate", "render", "run", "format_report", "point_in_solid", "tile_polygons"]

#: The built-in course: a dog-leg around a wall hanging from the north side,
#: a bump on the south wall, and the hole behind a diamond.
BUILTIN_COURSE = """\
############################
#7............9##7........9#
#..............##..........#
#..............97..........#
#..........................#
#..................31......#
#..T..............3##1...H.#
#.................9##7.....#
#..................97......#
#.......31.................#
#1.....3##1...............3#
############################
"""

TILE_CHARS = ".# 1379\u25e3\u25e2\u25e4\u25e5"
MARKERS = "TH"

# Tile kinds (pycollide.Tile values): the kept corners (dx, dy) of each kind,
# counter-clockwise; named by the corner cut away.
_EMPTY, _SOLID, _CUT_NE, _CUT_NW, _CUT_SE, _CUT_SW = range(6)
_KEPT = {_SOLID: ((0, 0), (1, 0), (1, 1), (0, 1)), _CUT_NE: ((0, 0), (1, 0), (0, 1)),
         _CUT_NW: ((0, 0), (1, 0), (1, 1)), _CUT_SE: ((0, 0), (1, 1), (0, 1)),
         _CUT_SW: ((1, 0), (1, 1), (0, 1))}

# ball states
MOVING, SUNK, AT_REST, ESCAPED = 0, 1, 2, 3


class CourseError(ValueError):
    """A course text that is not a valid course; the message names the file,
    and the line and column where there is one."""


@dataclass
class Course:
    name: str
    text: str  # the map as given (with T and H)
    tilemap: object  # pycollide.TileMap
    tee: Tuple[float, float]
    hole: Tuple[float, float]


@dataclass
class GolfParams:
    """Everything that decides the simulation (lengths in tiles, times in s)."""
    balls: int = 2000
    seed: int = 1
    dt: float = 0.01
    max_time: float = 25.0
    ball_radius: float = 0.2
    hole_radius: float = 0.5
    sink_speed: float = 4.0  # the fastest a ball may roll over the hole and still drop in
    aim_spread: float = 60.0  # shot directions: uniform within this many degrees of the tee-to-hole line
    speed_min: float = 2.0  # shot speeds: uniform in [speed_min, speed_max]
    speed_max: float = 10.0
    restitution: float = 0.8
    wall_friction: float = 0.1  # Coulomb friction at the walls (advance's `friction`)
    rolling: float = 0.5  # rolling friction: speed lost per second of rolling
    max_bounces: int = 16


def parse_course(text: str, name: str = "<course>") -> Course:
    """A :class:`Course` from a course text (see the module docstring).
    Errors are :class:`CourseError` naming ``name``, the line and the column."""
    from . import TileMap

    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    first = 0  # leading and trailing blank lines are not rows (as in TileMap.from_text)
    while first < len(lines) and not lines[first].strip():
        first += 1
    while len(lines) > first and not lines[-1].strip():
        lines.pop()
    if first == len(lines):
        raise CourseError(f"{name}: the course is empty")
    found = {}
    clean = []
    for li, line in enumerate(lines[first:], first + 1):  # li: the line number in the file
        for ci, ch in enumerate(line, 1):
            if ch in MARKERS:
                what = "tee 'T'" if ch == "T" else "hole 'H'"
                if ch in found:
                    raise CourseError(f"{name}: line {li}, column {ci}: a second {what} "
                                      f"(the first is at line {found[ch][0]}, column {found[ch][1]}); "
                                      "a course has exactly one")
                found[ch] = (li, ci)
            elif ch not in TILE_CHARS:
                raise CourseError(f"{name}: line {li}, column {ci}: unknown tile character {ch!r} "
                                  "(expected one of: # . space 1 3 7 9 T H)")
        clean.append(line.replace("T", ".").replace("H", "."))
    for ch, what in (("T", "tee 'T'"), ("H", "hole 'H'")):
        if ch not in found:
            raise CourseError(f"{name}: no {what} in the course; a course has exactly one")
    try:
        tilemap = TileMap.from_text("\n".join(clean))
    except ValueError as exc:
        raise CourseError(f"{name}: {exc}") from None
    rows = len(clean)
    if tilemap.shape[0] != rows:  # pragma: no cover - TileMap.from_text reads the rows otherwise
        raise CourseError(f"{name}: the tile map has {tilemap.shape[0]} rows, the text {rows}")

    def centre(li, ci):
        i = rows - (li - first)  # file line li (first + 1 = top) is tile row rows - (li - first)
        s = float(tilemap.tile_size)
        ox, oy = (float(v) for v in tilemap.origin)
        return (ox + (ci - 0.5) * s, oy + (i + 0.5) * s)

    return Course(name=name, text="\n".join(lines[first:]) + "\n", tilemap=tilemap,
                  tee=centre(*found["T"]), hole=centre(*found["H"]))


def load_course(path: Optional[str] = None) -> Course:
    """The course in the text file ``path``, or the built-in one if None."""
    if path is None:
        return parse_course(BUILTIN_COURSE, "<built-in course>")
    try:
        with open(path, encoding="utf-8-sig") as fh:  # a byte-order mark is not a tile
            text = fh.read()
    except OSError as exc:
        raise CourseError(f"{path}: cannot read the course: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise CourseError(f"{path}: not a UTF-8 text file ({exc.reason} at byte {exc.start})") from None
    return parse_course(text, path)


def shoot(course: Course, params: GolfParams) -> Tuple[np.ndarray, np.ndarray]:
    """The balls' start positions (all at the tee) and velocities: directions
    uniform within ``aim_spread`` degrees of the tee-to-hole line, speeds
    uniform in [speed_min, speed_max], from a numpy Generator seeded with
    ``params.seed`` (angles drawn first, then speeds)."""
    rng = np.random.default_rng(params.seed)
    n = params.balls
    aim = math.atan2(course.hole[1] - course.tee[1], course.hole[0] - course.tee[0])
    spread = math.radians(min(max(params.aim_spread, 0.0), 180.0))
    angle = aim + rng.uniform(-spread, spread, n)
    speed = rng.uniform(params.speed_min, params.speed_max, n)
    pos = np.empty((n, 2))
    pos[:] = course.tee
    vel = np.column_stack([speed * np.cos(angle), speed * np.sin(angle)])
    return pos, vel


def rolling_friction(vel: np.ndarray, loss: float, speed: Optional[np.ndarray] = None) -> np.ndarray:
    """The velocities with ``loss`` taken off each speed; exactly 0 where the
    speed is no more than ``loss`` (never negative, never reversed).
    ``speed``: the velocities' lengths, if already known."""
    if speed is None:
        speed = np.hypot(vel[:, 0], vel[:, 1])
    keep = speed > loss
    scale = np.zeros_like(speed)
    np.divide(speed - loss, speed, out=scale, where=keep)
    return vel * scale[:, None] + 0.0  # scale 0 where stopped: exactly +0 (-0 + 0 is +0)


def sink_test(old: np.ndarray, new: np.ndarray, speed: np.ndarray, course: Course,
              params: GolfParams) -> np.ndarray:
    """Which balls drop in: slow enough, and the straight path of the centre
    over the step meets the hole's circle (exact test, after a cheap one on
    the path's bounding box)."""
    hx, hy, hr = course.hole[0], course.hole[1], params.hole_radius
    near = ((speed <= params.sink_speed)
            & (np.minimum(old[:, 0], new[:, 0]) <= hx + hr) & (np.maximum(old[:, 0], new[:, 0]) >= hx - hr)
            & (np.minimum(old[:, 1], new[:, 1]) <= hy + hr) & (np.maximum(old[:, 1], new[:, 1]) >= hy - hr))
    if not near.any():
        return near
    sunk = np.zeros(len(old), dtype=bool)
    path = Segments(np.concatenate([old[near], new[near]], axis=1))
    sunk[near] = overlaps(path, Circles([hx, hy, hr]))
    return sunk


@dataclass
class Result:
    state: np.ndarray  # per ball: MOVING (still at max time), SUNK, AT_REST, ESCAPED
    position: np.ndarray  # final centres (where sunk balls dropped in)
    velocity: np.ndarray
    bounces: np.ndarray  # wall impacts per ball
    steps: int
    ball_steps: int  # sum over steps of the balls moved in that step
    sim_seconds: float  # the whole step loop
    advance_seconds: float  # the advance calls alone
    trails: List[np.ndarray] = field(default_factory=list)  # recorded centre paths
    trail_ids: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))


class _Progress:
    """Progress on stderr in bench's style: one status line rewritten in place
    on a terminal; elsewhere a line per stage and one every ``every`` seconds."""

    def __init__(self, stream: Optional[TextIO], total: int, every: float = 5.0):
        self.stream, self.total, self.step, self.every = stream, total, 0, every
        self.tty = stream is not None and hasattr(stream, "isatty") and stream.isatty()
        self.last = 0.0
        self.width = 0

    def _show(self, line: str) -> None:
        if self.tty:
            pad = max(self.width - len(line), 0)
            print("\r" + line + " " * pad, end="", file=self.stream, flush=True)
            self.width = len(line)
        else:
            print(line, file=self.stream, flush=True)
        self.last = time.perf_counter()

    def stage(self, what: str) -> None:
        if self.stream is None:
            return
        self.step += 1
        self.prefix = f"[{self.step}/{self.total}] {what}"
        self._show(self.prefix)

    def update(self, what: str) -> None:
        if self.stream is None:
            return
        if time.perf_counter() - self.last >= (0.1 if self.tty else self.every):
            self._show(f"{self.prefix}: {what}")

    def done(self) -> None:
        if self.tty:
            print("\r" + " " * self.width + "\r", end="", file=self.stream, flush=True)


def simulate(course: Course, params: GolfParams, pos: Optional[np.ndarray] = None,
             vel: Optional[np.ndarray] = None, trail_count: int = 400,
             progress: Optional[_Progress] = None,
             on_step: Optional[Callable[[np.ndarray, np.ndarray, np.ndarray], None]] = None,
             threads: Optional[int] = None) -> Result:
    """Roll the balls (default: :func:`shoot`) until all are sunk, at rest or
    escaped, or ``params.max_time`` has passed.  Records the centre paths of
    the first ``trail_count`` balls.  ``on_step(ids, old, new)``, if given, is
    called after each step with the indices of the balls moved and their
    centres before and after (its time is not counted in ``sim_seconds``).
    ``threads``: passed to :func:`pycollide.advance` (default: its own choice)."""
    from . import advance

    if pos is None or vel is None:
        pos, vel = shoot(course, params)
    pos = np.array(pos, dtype=float)
    vel = np.array(vel, dtype=float)
    n = len(pos)
    state = np.full(n, MOVING, dtype=np.int8)
    state[np.hypot(vel[:, 0], vel[:, 1]) == 0] = AT_REST
    bounces = np.zeros(n, dtype=np.int64)
    tm = course.tilemap
    xmin, ymin, xmax, ymax = (float(v) for v in tm.bounds)
    dt = float(params.dt)
    max_steps = max(int(round(params.max_time / dt)), 1)
    loss = params.rolling * dt
    r = params.ball_radius

    trail_ids = np.arange(min(max(trail_count, 0), n))  # the first balls
    trail = np.empty((max_steps + 1, len(trail_ids), 2), dtype=np.float32)
    trail[0] = pos[trail_ids]
    trail_len = np.ones(len(trail_ids), dtype=np.int64)  # points recorded while moving

    # the rolling balls, compacted: their indices, centres, velocities, bounces
    ids = np.flatnonzero(state == MOVING)
    p, v, bc = pos[ids], vel[ids], np.zeros(ids.size, dtype=np.int64)
    layout = np.empty((ids.size, 3))
    layout[:, 2] = r
    n_sunk = 0
    ball_steps = 0
    t_advance = 0.0
    t_hook = 0.0
    steps = 0
    t_start = time.perf_counter()
    for step in range(max_steps):
        if ids.size == 0:
            break
        steps = step + 1
        layout[:ids.size, :2] = p
        circles = Circles(layout[:ids.size])
        t0 = time.perf_counter()
        moved, v_new, b = advance(circles, v, tm, dt, restitution=params.restitution,
                                  friction=params.wall_friction, max_bounces=params.max_bounces,
                                  return_bounces=True, threads=threads)
        t_advance += time.perf_counter() - t0
        new = np.asarray(moved)[:, :2]
        ball_steps += ids.size
        bc += b
        speed = np.hypot(v_new[:, 0], v_new[:, 1])
        sunk = sink_test(p, new, speed, course, params)
        v_new = rolling_friction(v_new, loss, speed)
        escaped = ~((new[:, 0] >= xmin) & (new[:, 0] <= xmax) & (new[:, 1] >= ymin) & (new[:, 1] <= ymax))
        done = sunk | escaped | (speed <= loss)  # stopped: rolling_friction zeroed exactly these
        if on_step is not None:
            t0 = time.perf_counter()
            on_step(ids, p, new)
            t_hook += time.perf_counter() - t0
        if trail_ids.size:
            trail[step + 1] = trail[step]
            mine = ids < trail_ids.size
            trail[step + 1, ids[mine]] = new[mine]
            trail_len[ids[mine]] = step + 2  # moved in this step
        if done.any():
            gone = ids[done]
            pos[gone], vel[gone], bounces[gone] = new[done], v_new[done], bc[done]
            state[gone] = np.where(sunk[done], SUNK, np.where(escaped[done], ESCAPED, AT_REST))
            n_sunk += int(np.count_nonzero(sunk))
            keep = ~done
            ids, p, v, bc = ids[keep], new[keep], v_new[keep], bc[keep]
        else:
            p, v = new, v_new
        if progress is not None:
            progress.update(f"t={steps * dt:.2f} s, {ids.size:,} rolling, {n_sunk:,} sunk")
    pos[ids], vel[ids], bounces[ids] = p, v, bc  # still rolling at max_time
    sim_seconds = time.perf_counter() - t_start - t_hook
    trails = [trail[:trail_len[k], k].astype(float) for k in range(len(trail_ids))]
    return Result(state=state, position=pos, velocity=vel, bounces=bounces, steps=steps,
                  ball_steps=ball_steps, sim_seconds=sim_seconds, advance_seconds=t_advance,
                  trails=trails, trail_ids=trail_ids)


def tile_polygons(tilemap) -> List[np.ndarray]:
    """The solid part of every non-empty tile as a counter-clockwise convex
    polygon ((3 or 4, 2) array of world coordinates)."""
    kinds = np.asarray(tilemap.kinds)
    s = float(tilemap.tile_size)
    ox, oy = (float(v) for v in tilemap.origin)
    out = []
    for i, j in zip(*np.nonzero(kinds)):
        corners = _KEPT[int(kinds[i, j])]
        out.append(np.array([(ox + (j + dx) * s, oy + (i + dy) * s) for dx, dy in corners]))
    return out


def point_in_solid(tilemap, xy: np.ndarray) -> np.ndarray:
    """Whether each point (..., 2) lies in the closed solid region of the map (exact)."""
    return np.asarray(overlaps(Points(np.asarray(xy, dtype=float)), tilemap))


# picture colours (RGB)
OUTSIDE = (48, 58, 52)
LAWN = (86, 160, 72)
WALL = (140, 98, 60)
EDGE = (60, 38, 20)
RIM = (235, 235, 235)
HOLE = (16, 16, 16)
TEE = (220, 40, 40)
TRAIL = (245, 245, 235)
TRAIL_SUNK = (255, 196, 0)
BALL = (255, 255, 255)


def render(course: Course, result: Result, params: GolfParams, trails: int = 50,
           scale: Optional[int] = None) -> np.ndarray:
    """The picture as uint8 pixels (height, width, 3): the course, the hole,
    the tee and up to ``trails`` recorded trajectories (up to half of them
    sunk ones, drawn in yellow on top; the others white, ending in a dot)."""
    tm = course.tilemap
    xmin, ymin, xmax, ymax = (float(v) for v in tm.bounds)
    s = float(tm.tile_size)
    margin = 0.5 * s
    span = max(xmax - xmin, ymax - ymin) + 2 * margin
    if scale is None:  # pixels per tile: about 900 pixels on the long side, 4 to 32 per tile
        scale = int(min(32, max(4, 900 * s // span)))
    ppu = scale / s  # pixels per world unit
    width = int(math.ceil((xmax - xmin + 2 * margin) * ppu))
    height = int(math.ceil((ymax - ymin + 2 * margin) * ppu))

    def px(p):
        p = np.asarray(p, dtype=float)
        return np.stack([(p[..., 0] - xmin + margin) * ppu, (ymax + margin - p[..., 1]) * ppu], axis=-1)

    canvas = Canvas(width, height, OUTSIDE)
    canvas.fill_polygon(px([(xmin, ymin), (xmax, ymin), (xmax, ymax), (xmin, ymax)]), LAWN)
    for poly in tile_polygons(tm):
        canvas.fill_polygon(px(poly), WALL)
    edges = np.asarray(tm.edges).reshape(-1, 2, 2)
    canvas.polylines([px(e) for e in edges], EDGE, width=max(1.0, scale / 12))
    hole = px(course.hole)
    canvas.fill_circle(hole, params.hole_radius * ppu + max(1.0, scale / 16), RIM)
    canvas.fill_circle(hole, params.hole_radius * ppu, HOLE)
    tee = px(course.tee)
    h = 0.22 * ppu * s
    canvas.fill_polygon([(tee[0] - h, tee[1] - h), (tee[0] + h, tee[1] - h), (tee[0] + h, tee[1] + h),
                         (tee[0] - h, tee[1] + h)], TEE)

    ids = result.trail_ids
    sunk = [k for k in range(len(ids)) if result.state[ids[k]] == SUNK][:trails // 2]
    other = [k for k in range(len(ids)) if result.state[ids[k]] != SUNK][:trails - len(sunk)]
    line = max(1.0, scale / 14)
    canvas.polylines([px(result.trails[k]) for k in other], TRAIL, width=line)
    for k in other:
        canvas.fill_circle(px(result.trails[k][-1]), params.ball_radius * ppu, BALL)
    canvas.polylines([px(result.trails[k]) for k in sunk], TRAIL_SUNK, width=line * 1.5)
    canvas.fill_polygon([(tee[0] - h, tee[1] - h), (tee[0] + h, tee[1] - h), (tee[0] + h, tee[1] + h),
                         (tee[0] - h, tee[1] + h)], TEE)
    return canvas.pixels


def run(params: GolfParams, course_path: Optional[str] = None, out: Optional[str] = "golf.png",
        trails: int = 50, progress: Optional[TextIO] = None, threads: Optional[int] = None) -> dict:
    """Load the course, shoot, simulate and draw; return the report as a dict."""
    from . import __version__

    t_wall = time.perf_counter()
    step = _Progress(progress, 3 if out else 2)
    course = load_course(course_path)
    tm = course.tilemap
    rows, cols = np.asarray(tm.kinds).shape
    n_edges = len(np.asarray(tm.edges))
    step.stage(f"course {course.name}: {cols}x{rows} tiles, {n_edges} edges")
    pos, vel = shoot(course, params)
    from . import overlaps as overlaps_any  # the package's, which takes tile maps

    r = params.ball_radius
    if overlaps_any(Circles(list(course.tee) + [r]), tm, touching=False):
        raise CourseError(f"{course.name}: a ball on the tee overlaps a wall")
    step.stage(f"rolling {params.balls:,} balls")
    result = simulate(course, params, pos, vel, trail_count=min(params.balls, max(8 * trails, 0)),
                      progress=step, threads=threads)
    state = result.state
    on_course = state != SUNK
    inside = 0
    if on_course.any():
        finals = Circles(np.column_stack([result.position[on_course], np.full(int(on_course.sum()), r)]))
        inside = int(np.count_nonzero(overlaps_any(finals, tm, touching=False)))
    image_size = None
    if out:
        step.stage(f"drawing {out}")
        pixels = render(course, result, params, trails=trails)
        write_png(out, pixels)
        image_size = [int(pixels.shape[1]), int(pixels.shape[0])]
    step.done()
    n = params.balls
    sunk = int(np.count_nonzero(state == SUNK))
    report = {
        "pycollide": __version__,
        "course": course.name, "tiles": [int(cols), int(rows)], "edges": n_edges,
        "tee": list(course.tee), "hole": list(course.hole),
        "params": asdict(params),
        "balls": n, "sunk": sunk, "at_rest": int(np.count_nonzero(state == AT_REST)),
        "escaped": int(np.count_nonzero(state == ESCAPED)),
        "rolling_at_max_time": int(np.count_nonzero(state == MOVING)),
        "inside_wall": inside,
        "sunk_rate": sunk / n if n else 0.0,
        "bounces": int(result.bounces.sum()),
        "mean_bounces": float(result.bounces.mean()) if n else 0.0,
        "steps": result.steps, "simulated_time": result.steps * params.dt,
        "ball_steps": result.ball_steps,
        "sim_seconds": result.sim_seconds, "advance_seconds": result.advance_seconds,
        "ball_steps_per_s": result.ball_steps / result.sim_seconds if result.sim_seconds > 0 else 0.0,
        "advance_ball_steps_per_s": (result.ball_steps / result.advance_seconds
                                     if result.advance_seconds > 0 else 0.0),
        "threads": threads,
        "out": out, "image_size": image_size,
        "wall_seconds": time.perf_counter() - t_wall,
    }
    return report


def format_report(rep: dict) -> str:
    p = rep["params"]
    lines = [
        f"pycollide {rep['pycollide']} mini-golf: course {rep['course']} ({rep['tiles'][0]}x{rep['tiles'][1]} "
        f"tiles, {rep['edges']} wall edges), {rep['balls']:,} balls from the tee, seed {p['seed']}, "
        f"dt {p['dt']:g} s, advance threads {rep['threads'] or 'auto'}",
        f"balls {rep['balls']:,}: sunk {rep['sunk']:,}, at rest {rep['at_rest']:,}, escaped {rep['escaped']:,}, "
        f"still rolling at {p['max_time']:g} s {rep['rolling_at_max_time']:,}; "
        f"ending inside a wall {rep['inside_wall']}",
        f"sunk (hole-in-one) rate {rep['sunk_rate']:.1%}",
        f"mean bounces per ball {rep['mean_bounces']:.2f} ({rep['bounces']:,} wall impacts)",
        f"simulated {rep['ball_steps']:,} ball-steps in {rep['steps']:,} steps ({rep['simulated_time']:.2f} s "
        f"of play) in {rep['sim_seconds']:.2f} s: {rep['ball_steps_per_s'] / 1e6:.2f} M ball-steps/s "
        f"(advance alone {rep['advance_seconds']:.2f} s, {rep['advance_ball_steps_per_s'] / 1e6:.2f} M/s)",
    ]
    tail = f"wall time {rep['wall_seconds']:.2f} s"
    if rep["out"]:
        tail += f"; picture {rep['out']} ({rep['image_size'][0]}x{rep['image_size'][1]})"
    lines.append(tail)
    return "\n".join(lines)


def add_arguments(parser) -> None:
    """The demo's command-line options (for ``python -m pycollide demo``)."""
    d = GolfParams()

    def positive_int(text):
        value = int(float(text))
        if value < 1:
            import argparse
            raise argparse.ArgumentTypeError(f"must be a positive integer, got {text}")
        return value

    def positive_float(text):
        value = float(text)
        if not (value > 0 and math.isfinite(value)):
            import argparse
            raise argparse.ArgumentTypeError(f"must be a positive number, got {text}")
        return value

    def nonnegative(text):
        value = float(text)
        if not (value >= 0 and math.isfinite(value)):
            import argparse
            raise argparse.ArgumentTypeError(f"must be a finite number >= 0, got {text}")
        return value

    def spread(text):
        value = float(text)
        if not 0 <= value <= 180:
            import argparse
            raise argparse.ArgumentTypeError(f"must be in [0, 180] degrees, got {text}")
        return value

    def fraction(text):
        value = float(text)
        if not 0 <= value <= 1:
            import argparse
            raise argparse.ArgumentTypeError(f"must be in [0, 1], got {text}")
        return value

    parser.add_argument("--balls", type=positive_int, default=d.balls, help=f"balls to shoot (default {d.balls})")
    parser.add_argument("--seed", type=int, default=d.seed, help=f"seed of the shots (default {d.seed})")
    parser.add_argument("--out", default="golf.png", metavar="FILE",
                        help="the PNG picture to write (default golf.png; '' for none)")
    parser.add_argument("--course", metavar="FILE", help="a course text file (format below; "
                        "default: the built-in course)")
    parser.add_argument("--dt", type=positive_float, default=d.dt, help=f"time step in s (default {d.dt:g})")
    parser.add_argument("--max-time", type=positive_float, default=d.max_time,
                        help=f"stop after this much simulated time in s (default {d.max_time:g})")
    parser.add_argument("--restitution", type=fraction, default=d.restitution,
                        help=f"wall restitution (default {d.restitution:g})")
    parser.add_argument("--wall-friction", type=nonnegative, default=d.wall_friction,
                        help=f"Coulomb friction at the walls (default {d.wall_friction:g})")
    parser.add_argument("--rolling", type=nonnegative, default=d.rolling,
                        help=f"rolling friction: speed lost per second, tiles/s^2 (default {d.rolling:g})")
    parser.add_argument("--sink-speed", type=nonnegative, default=d.sink_speed,
                        help=f"the fastest a ball can roll over the hole and drop in (default {d.sink_speed:g})")
    parser.add_argument("--aim-spread", type=spread, default=d.aim_spread, metavar="DEG",
                        help=f"aim within this many degrees of the tee-to-hole line (default {d.aim_spread:g}; "
                        "180: any direction)")
    parser.add_argument("--speed", type=positive_float, nargs=2, default=[d.speed_min, d.speed_max],
                        metavar=("MIN", "MAX"), help=f"shot speeds, uniform in [MIN, MAX] tiles/s "
                        f"(default {d.speed_min:g} {d.speed_max:g})")
    parser.add_argument("--trails", type=lambda t: int(nonnegative(t)), default=50,
                        help="trajectories drawn (default 50)")
    parser.add_argument("--threads", type=positive_int, metavar="N",
                        help="at most N threads for advance (default: PYCOLLIDE_NUM_THREADS, else every "
                        "core; small batches use one); the results never depend on it")
    parser.add_argument("--json", metavar="FILE", help="also write the report as JSON to FILE")


def params_from_args(args) -> GolfParams:
    return GolfParams(balls=args.balls, seed=args.seed, dt=args.dt, max_time=args.max_time,
                      restitution=args.restitution, wall_friction=args.wall_friction,
                      rolling=args.rolling, sink_speed=args.sink_speed, aim_spread=args.aim_spread,
                      speed_min=min(args.speed), speed_max=max(args.speed))


def main(args, parser=None) -> int:
    """Run the demo for parsed arguments; print the report; 0 on success."""
    params = params_from_args(args)
    try:
        report = run(params, course_path=args.course, out=args.out or None, trails=args.trails,
                     progress=sys.stderr, threads=args.threads)
    except CourseError as exc:
        msg = f"error: {exc}\n"
        if parser is not None:
            parser.exit(2, f"{parser.prog}: {msg}")
        print(msg, end="", file=sys.stderr)
        return 2
    print(format_report(report), flush=True)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(report, fh, indent=2)
    return 0
