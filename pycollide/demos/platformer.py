"""``python -m pycollide demo platformer``: a platformer level played with
:func:`pycollide.move`, the character mover.

The level is a text map (:func:`parse_level`): the tiles of
:meth:`pycollide.TileMap.from_text` (``#`` solid, ``.`` empty, ``1 3 7 9``
45-degree slopes), ``=`` a one-way ledge (:class:`pycollide.OneWay`, a thin
box at the top of its cell: jumped up through, stood on from above), ``H``
the hero's start, ``C`` a crate's, and ``>`` ``<`` ``^`` ``v`` the cells of a
moving platform (a run of one arrow along a row is one platform, a solid box
of those cells) that sets off the arrow's way.  A legend line after the map,
``> 6 3``, gives the platforms of that arrow their path: how many tiles they
travel (default 4) and how fast, in tiles a second (default 2).  A platform
rests ``dwell`` seconds at each end of its path, travels, rests, comes back,
and so on.

The hero is a capsule driven by a scripted input: it runs east, jumps every
``jump_every`` seconds (and when a wall stops it), turns back at the level's
east and west ends, and rides the platforms: at the edge of a gap that a
platform crosses it waits until the platform rests there, steps on, stands
while the platform carries it (up, or across the gap) and runs on when it
rests at the other end.  Crates (boxes and polygons, every other one turned)
fall under gravity, slide along floors with a little friction, ride the
platforms and are pushed by them.  Every frame moves the hero and every
crate with one :func:`pycollide.move` call per group (steps, snapping to
floors, slopes up to 45 degrees walkable), the platforms passed as
``platforms={part: displacement}``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Set, Tuple, Union

import numpy as np

from .. import (
    Boxes,
    Capsules,
    OneWay,
    Polygons,
    Polylines,
    Regions,
    Shapes,
    TileMap,
    World,
    contact,
    move,
    overlaps,
    raycast,
    transform,
)
from .cli import Progress

__all__ = [
    "LEVEL",
    "ARROWS",
    "Level",
    "LevelError",
    "parse_level",
    "PlatformerParams",
    "Result",
    "platform_offsets",
    "simulate",
]

#: the built-in level: a ferry across a trench and a lift up to a plateau,
#: then slopes, steps, one-way ledges, a pit; crates everywhere
LEVEL = """\
############################################################
#..........................................................#
#......C..C...C.....C...C..C...C....C....C..C..........C...#
#.................C.......C................................#
#..........................................................#
#..C.C.......C..C............C...C.........................#
#....====.............###...====......................C..C.#
#H.........3##1.......####.....3#1...............vvv########
#####....3######1...########..3###1.................########
#####..3##########..##########..............C..C....########
#####################..##############...C..<<<###...########
############################################################
< 6 4
v 3 2.5
"""

#: the platform letters and the way each sets off
ARROWS: Dict[str, Tuple[float, float]] = {">": (1.0, 0.0), "<": (-1.0, 0.0), "^": (0.0, 1.0), "v": (0.0, -1.0)}


class LevelError(ValueError):
    """A level text that is not a valid level (the message says where)."""


@dataclass
class Level:
    name: str
    tilemap: TileMap
    ledges: Boxes  # the one-way ledges (thin boxes at the top of their cells)
    platforms: Boxes  # the moving platforms where they start
    platform_paths: np.ndarray  # (p, 2) each platform's whole travel (the arrow's way times the tiles)
    platform_speeds: np.ndarray  # (p,) tiles a second
    hero: Tuple[float, float]  # the hero's start: the centre of the bottom of its cell
    crates: np.ndarray  # (n, 2) the crates' starts
    outlines: Tuple[Union[Regions, Polylines], ...] = ()  # ground drawn as outlines (a Tiled level's)

    @property
    def outline_parts(self) -> range:
        """The outlines' parts in :meth:`world` (after the platforms)."""
        first = 1 + (len(self.ledges) > 0) + (len(self.platforms) > 0)
        return range(first, first + len(self.outlines))

    @property
    def platform_part(self) -> int:
        """The platforms' part in :meth:`world` (-1 when the level has none)."""
        return 1 + (len(self.ledges) > 0) if len(self.platforms) else -1

    def platform_bands(self) -> Boxes:
        """The band each platform sweeps: from where it starts to the far end
        of its path."""
        start = np.asarray(self.platforms, dtype=float).reshape(-1, 4)
        end = start + np.tile(self.platform_paths, 2)
        return Boxes(np.concatenate([np.minimum(start, end)[:, :2], np.maximum(start, end)[:, 2:]], axis=1))

    def world(self, platforms: Optional[Boxes] = None) -> World:
        """The level as a World: the tiles, the one-way ledges, the platforms
        (where given, else where they start), the outlines; the parts without
        shapes left out."""
        parts: List[Union[TileMap, OneWay, Boxes, Regions, Polylines]] = [self.tilemap]
        if len(self.ledges):
            parts.append(OneWay(self.ledges))
        if len(self.platforms):
            parts.append(self.platforms if platforms is None else platforms)
        return World(*parts, *self.outlines)


def _legend(lines: Sequence[str], name: str) -> Tuple[List[str], Dict[str, Tuple[float, float]]]:
    """The map's lines and the legend's paths (arrow: tiles, speed).  A map
    line is one word; a line of several is a legend line."""
    rows: List[str] = []
    paths: Dict[str, Tuple[float, float]] = {}
    for r, line in enumerate(lines):
        words = line.split()
        where = f"{name}: line {r + 1}"
        if len(words) < 2:
            if paths and words:
                raise LevelError(f"{where}: a map line after the legend")
            if words or not paths:
                rows.append(line)
            continue
        arrow = words[0]
        if arrow not in ARROWS:
            raise LevelError(
                f"{where}: a legend line names a platform arrow (one of {' '.join(ARROWS)}), got {arrow!r}"
            )
        if arrow in paths:
            raise LevelError(f"{where}: a second legend line for {arrow!r}")
        try:
            travel, rate = float(words[1]), float(words[2])
        except (ValueError, IndexError):
            travel = rate = math.nan
        if len(words) != 3 or math.isnan(travel) or math.isnan(rate):
            raise LevelError(
                f"{where}: the legend line must read '{arrow} TILES SPEED' (two numbers), got {line.strip()!r}"
            )
        if not (math.isfinite(travel) and travel > 0 and math.isfinite(rate) and rate > 0):
            raise LevelError(f"{where}: a platform's tiles and speed must be finite and > 0, got {line.strip()!r}")
        paths[arrow] = (travel, rate)
    return rows, paths


def parse_level(text: str, name: str = "<level>") -> Level:
    """A :class:`Level` from a level text (see the module docstring)."""
    lines = [line.rstrip("\n") for line in text.strip("\n").split("\n")]
    lines, paths = _legend(lines, name)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines or not any(lines):
        raise LevelError(f"{name}: the level is empty")
    rows = len(lines)
    hero: Optional[Tuple[float, float]] = None
    crates: List[Tuple[float, float]] = []
    ledges: List[List[float]] = []
    platforms: List[List[float]] = []
    arrows: List[str] = []
    used: Set[str] = set()
    tiles = []
    for r, line in enumerate(lines):
        y = rows - 1 - r  # row 0 is the southmost
        out = []
        for c, ch in enumerate(line):
            if ch == "H":
                if hero is not None:
                    raise LevelError(f"{name}: line {r + 1}, column {c + 1}: a second hero (H)")
                hero = (c + 0.5, float(y))
                ch = "."
            elif ch == "C":
                crates.append((c + 0.5, float(y)))
                ch = "."
            elif ch == "=":
                ledges.append([c, y + 0.75, c + 1.0, y + 1.0])
                ch = "."
            elif ch in ARROWS:
                used.add(ch)
                if c and line[c - 1] == ch:  # the run goes on: one platform
                    platforms[-1][2] = c + 1.0
                else:
                    platforms.append([c, y, c + 1.0, y + 1.0])
                    arrows.append(ch)
                ch = "."
            out.append(ch)
        tiles.append("".join(out))
    if hero is None:
        raise LevelError(f"{name}: no hero (H)")
    unused = sorted(set(paths) - used)
    if unused:
        raise LevelError(f"{name}: a legend line for {unused[0]!r}, but no such platform in the map")
    try:
        tm = TileMap.from_text("\n".join(tiles))
    except ValueError as exc:
        raise LevelError(f"{name}: {exc}") from None
    travel = np.array([paths.get(a, (4.0, 2.0))[0] for a in arrows]).reshape(-1, 1)
    return Level(
        name,
        tm,
        Boxes(np.array(ledges, dtype=float).reshape(-1, 4)),
        Boxes(np.array(platforms, dtype=float).reshape(-1, 4)),
        np.array([ARROWS[a] for a in arrows], dtype=float).reshape(-1, 2) * travel,
        np.array([paths.get(a, (4.0, 2.0))[1] for a in arrows], dtype=float),
        hero,
        np.array(crates, dtype=float).reshape(-1, 2),
    )


def platform_offsets(level: Level, t: float, dwell: float) -> np.ndarray:
    """(p, 2): where each platform is at time ``t``, from where it starts: it
    rests ``dwell`` seconds, travels its path, rests, comes back, and so on."""
    length = np.hypot(level.platform_paths[:, 0], level.platform_paths[:, 1])
    trip = length / level.platform_speeds
    phase = np.mod(t, 2.0 * (dwell + trip))
    out = np.clip((phase - dwell) / trip, 0.0, 1.0)
    back = np.clip((phase - 2.0 * dwell - trip) / trip, 0.0, 1.0)
    return (out - back)[:, None] * level.platform_paths


@dataclass
class PlatformerParams:
    seconds: float = 13.0  # of play
    fps: int = 60  # frames a second (each one move per mover)
    gravity: float = 30.0  # units/s^2, down
    run: float = 6.0  # the hero's running speed
    jump: float = 11.0  # the hero's take-off speed
    jump_every: float = 1.5  # seconds between scripted jumps
    radius: float = 0.3  # the hero capsule's radius
    height: float = 1.2  # and height
    crate: float = 0.7  # a crate's side
    friction: float = 3.0  # a crate's sliding friction, speed lost per second on a floor
    step_height: float = 0.35
    snap_distance: float = 0.25
    dwell: float = 0.75  # seconds a platform rests at each end of its path
    seed: int = 1


@dataclass
class Result:
    frames: int
    hero_path: np.ndarray  # (frames + 1, 2) the hero's feet
    hero_on_floor: np.ndarray  # (frames,) bool
    hero_ground: np.ndarray  # (frames, 2) int64: the part and index the hero stands on after each frame (-1: none)
    hero_moved: np.ndarray  # (frames, 2) the hero's displacement each frame (pc.move's, carrying included)
    hero_running: np.ndarray  # (frames,) bool: the script ran (False: it waited or stood riding)
    platform_moved: np.ndarray  # (frames, p, 2) each platform's displacement each frame
    hero_shapes: List[Capsules] = field(repr=False, default_factory=list)  # every frame's hero
    crate_boxes: List[Boxes] = field(repr=False, default_factory=list)  # every frame's box crates
    crate_polygons: List[Polygons] = field(repr=False, default_factory=list)  # and polygon crates
    platforms: List[Boxes] = field(repr=False, default_factory=list)  # every frame's platforms
    jumps: int = 0
    wall_hits: int = 0  # frames the hero met a wall
    ceiling_hits: int = 0
    landings: int = 0  # frames the hero came down onto a floor
    rides: int = 0  # times the hero stepped onto a platform to ride it
    platform_frames: int = 0  # frames the hero ended standing on a platform
    outline_frames: int = 0  # frames the hero ended standing on an outline (a region or a polyline)
    pushes: int = 0  # mover-frames a platform moved into a mover that did not stand on it (pushed out)
    ghost_normals: int = 0  # frames on a face whose ground normal is not the face's (0: none)
    ends_inside: int = 0  # mover-frames that ended strictly inside the tiles, a platform or a region (0: none)
    moves: int = 0  # mover-frames moved
    move_seconds: float = 0.0  # in pc.move


def _hero(x: float, y: float, p: PlatformerParams) -> Capsules:
    r = p.radius
    return Capsules([x, y + r, x, y + p.height - r, r])


def _crates(level: Level, p: PlatformerParams) -> Tuple[Boxes, Polygons]:
    h = 0.5 * p.crate
    starts = level.crates
    boxes = Boxes(np.column_stack([starts[0::2, 0] - h, starts[0::2, 1], starts[0::2, 0] + h, starts[0::2, 1] + 2 * h]))
    turned = starts[1::2]
    polys = Polygons.from_box(
        center=turned + [0.0, h * math.sqrt(2.0) + 0.05], half_size=[h, h], angle=np.full(len(turned), math.pi / 8)
    )
    return boxes, polys


_BOX_FACES = {(0.0, 1.0), (0.0, -1.0), (1.0, 0.0), (-1.0, 0.0)}


def _ghost(shape: Shapes, normal: np.ndarray, against: Union[TileMap, Boxes], faces: Set[Tuple[float, float]]) -> bool:
    """Standing with a ground normal that is no face's, while the contact
    normal is a face's: a ghost (on a corner, neither is a face's: none)."""
    if tuple(normal.tolist()) in faces:
        return False
    c = contact(shape, against)
    return tuple((-c.normal + 0.0).tolist()) in faces


def _pushed(group: Shapes, ground: Tuple[np.ndarray, np.ndarray], k: int, step: np.ndarray, moved: Boxes) -> int:
    """How many of a group of movers the platforms (part ``k``, moving by
    ``step`` to ``moved``) move into this frame: the movers that do not stand
    on one (those it carries), which pc.move pushes out."""
    if not group.size or k < 0:
        return 0
    part, index = ground
    on = part == k
    carry = np.zeros(part.shape + (2,))
    carry[on] = step[index[on]]
    hit = np.asarray(overlaps(transform(group, carry), World(moved), touching=False)).reshape(-1)
    return int(np.count_nonzero(hit & ~on.reshape(-1)))


class _Script:
    """The hero's input: run, jump, wait at a platform's gap, ride."""

    def __init__(self, level: Level, p: PlatformerParams) -> None:
        self.p = p
        self.level = level
        self.direction = 1.0
        self.state = "run"  # run, board (walking onto a platform), ride (standing on it)
        self.platform = -1  # the one boarded
        self.carried = False
        self.left = -1  # the one just left: not boarded again before standing elsewhere
        self.next_jump = p.jump_every
        bands = level.platform_bands()
        self.bands = np.column_stack([bands.mins[:, 0], bands.maxs[:, 0]])  # the x each platform's path spans

    def _gap_ahead(self, x: float, feet: float, world: World, resting: np.ndarray, reach: float) -> bool:
        """Is the floor ahead of the hero (``reach`` ahead) a gap that a
        platform crosses, with no platform resting there to step on?"""
        ahead = x + self.direction * reach
        if not ((self.bands[:, 0] <= ahead) & (ahead <= self.bands[:, 1])).any():
            return False
        ray = raycast([ahead, feet + 0.25], [0.0, -1.0], world, max_distance=0.75)
        if not bool(ray.hit):
            return True
        return int(ray.part) == self.level.platform_part and not bool(resting[int(ray.index)])

    def velocity(
        self, x: float, feet: float, on_floor: bool, world: World, resting: np.ndarray, platforms: Boxes
    ) -> Tuple[float, bool]:
        """The hero's run this frame (0: waiting or riding) and whether it
        may take a scripted jump."""
        p = self.p
        if self.state == "ride" and self.carried and resting[self.platform]:
            self.state, self.left = "run", self.platform
        if self.state == "board":
            lo, hi = float(platforms.mins[self.platform, 0]), float(platforms.maxs[self.platform, 0])
            margin = p.radius + 0.25
            if lo + margin <= x <= hi - margin or hi - lo < 2 * margin:
                self.state = "ride"
        if self.state == "ride":
            return 0.0, False
        if self.state == "run":
            xmin, _, xmax, _ = self.level.tilemap.bounds
            if (self.direction > 0 and x > xmax - 2.0) or (self.direction < 0 and x < xmin + 2.0):
                self.direction = -self.direction
            if on_floor and self._gap_ahead(x, feet, world, resting, p.radius + p.run / p.fps + 0.05):
                return 0.0, False
        # no scripted jump that would land in a platform's gap
        flight = p.run * 2.0 * p.jump / p.gravity + 1.0
        near = (self.bands[:, 1] >= min(x, x + self.direction * flight)) & (
            self.bands[:, 0] <= max(x, x + self.direction * flight)
        )
        return self.direction * p.run, self.state == "run" and not near.any()

    def landed(self, on_floor: bool, part: int, index: int, platform_moved: np.ndarray) -> bool:
        """After the frame's move: boarding, riding, leaving.  True when the
        hero stepped onto a platform."""
        on = on_floor and part == self.level.platform_part and part >= 0
        if not on:
            self.state, self.left = "run", -1
            return False
        if self.state == "ride" and np.any(platform_moved[self.platform] != 0.0):
            self.carried = True
        if self.state == "run" and index != self.left:
            self.state, self.platform, self.carried = "board", index, False
            return True
        return False


def simulate(level: Level, params: PlatformerParams, progress: Optional[Progress] = None) -> Result:
    """Play the level for ``params.seconds`` at ``params.fps``."""
    p = params
    dt = 1.0 / p.fps
    frames = int(round(p.seconds * p.fps))
    hero = _hero(level.hero[0], level.hero[1], p)
    boxes, polys = _crates(level, p)
    plats = level.platforms
    pk = level.platform_part
    vy = 0.0
    rng = np.random.default_rng(p.seed)
    box_v = np.column_stack([rng.uniform(-2, 2, len(boxes)), np.zeros(len(boxes))])
    poly_v = np.column_stack([rng.uniform(-2, 2, len(polys)), np.zeros(len(polys))])
    faces = {tuple(n) for n in np.asarray(level.tilemap.normals).tolist()} | {(0.0, 1.0)}
    res = Result(
        frames,
        np.zeros((frames + 1, 2)),
        np.zeros(frames, dtype=bool),
        np.full((frames, 2), -1, dtype=np.int64),
        np.zeros((frames, 2)),
        np.zeros(frames, dtype=bool),
        np.zeros((frames, len(plats), 2)),
    )
    res.hero_path[0] = level.hero
    script = _Script(level, p)
    world = level.world()
    # what each group of movers stands on (at the start: a move of nothing, the probe)
    still = [move(g, np.zeros(2), world, max_iterations=1) for g in (hero, boxes, polys)]
    ground = [(m.ground_part, m.ground_index) for m in still]
    on_floor = bool(still[0].on_floor)
    sh, snap = p.step_height, p.snap_distance
    regions = [o for o in level.outlines if isinstance(o, Regions)]  # solid: polylines have no inside
    for f in range(frames):
        res.hero_shapes.append(hero)
        res.crate_boxes.append(boxes)
        res.crate_polygons.append(polys)
        res.platforms.append(plats)
        t = f * dt
        at, then = platform_offsets(level, t, p.dwell), platform_offsets(level, t + dt, p.dwell)
        step = level.platforms.mins + then - plats.mins  # where the clock puts them, from where they are
        resting = np.all(then == at, axis=1)
        x, feet = float(np.asarray(hero)[0]), float(np.asarray(hero)[1]) - p.radius
        vx, may_jump = script.velocity(x, feet, on_floor, world, resting, plats)
        res.hero_running[f] = vx != 0.0
        if on_floor and may_jump and t >= script.next_jump:
            vy = p.jump
            script.next_jump = t + p.jump_every
            res.jumps += 1
        vy -= p.gravity * dt
        moved = transform(plats, step)
        res.pushes += sum(_pushed(g, gr, pk, step, moved) for g, gr in zip((hero, boxes, polys), ground))
        moving = {pk: step} if len(plats) else None
        t0 = time.perf_counter()
        # snapping to the floor only when not moving up (a jump leaves it)
        m = move(
            hero, [vx * dt, vy * dt], world, step_height=sh, snap_distance=snap if vy <= 0 else 0, platforms=moving
        )
        mb = move(boxes, box_v * dt, world, step_height=sh, snap_distance=snap, platforms=moving)
        mp = move(polys, poly_v * dt, world, step_height=sh, snap_distance=snap, platforms=moving)
        res.move_seconds += time.perf_counter() - t0
        res.moves += 1 + len(boxes) + len(polys)
        plats = moved
        world = level.world(plats)
        was = on_floor
        on_floor = bool(m.on_floor)
        part, index = int(m.ground_part), int(m.ground_index)
        res.hero_on_floor[f] = on_floor
        res.hero_ground[f] = (part, index)
        res.hero_moved[f] = m.displacement
        res.platform_moved[f] = step
        res.landings += int(on_floor and not was)
        if bool(m.on_wall):
            res.wall_hits += 1
            if on_floor and vx != 0.0:  # a wall in the way: jump it
                vy = p.jump
                res.jumps += 1
        if bool(m.on_ceiling) and vy > 0:
            vy = 0.0
            res.ceiling_hits += 1
        if on_floor and vy < 0:
            vy = 0.0
        res.rides += int(script.landed(on_floor, part, index, step))
        on_platform = on_floor and part == pk >= 0
        res.platform_frames += int(on_platform)
        res.outline_frames += int(on_floor and part in level.outline_parts)
        if on_floor and part == 0:
            res.ghost_normals += int(_ghost(m.shapes, m.ground_normal, level.tilemap, faces))
        elif on_platform:
            res.ghost_normals += int(_ghost(m.shapes, m.ground_normal, plats[index], _BOX_FACES))
        hero = Capsules(m.shapes)
        res.hero_path[f + 1] = (float(np.asarray(hero)[0]), float(np.asarray(hero)[1]) - p.radius)
        for mm, v in ((mb, box_v), (mp, poly_v)):
            v[:, 1] = np.where(mm.on_floor, 0.0, v[:, 1] - p.gravity * dt)
            slow = np.maximum(np.abs(v[:, 0]) - p.friction * dt * mm.on_floor, 0.0)
            v[:, 0] = np.where(mm.on_wall, 0.0, np.sign(v[:, 0]) * slow)
        boxes, polys = Boxes(mb.shapes), Polygons(mp.shapes)
        ground = [(mm.ground_part, mm.ground_index) for mm in (m, mb, mp)]
        # the promise, checked exactly every frame: no mover inside the tiles, a platform or a region where
        # it moved to
        solid = World(level.tilemap, *([plats] if len(plats) else []), *regions)
        for group in (hero, boxes, polys):
            res.ends_inside += int(np.count_nonzero(overlaps(group, solid, touching=False)))
        if progress is not None:
            progress.update(f"frame {f + 1:,}/{frames:,}")
    res.hero_shapes.append(hero)
    res.crate_boxes.append(boxes)
    res.crate_polygons.append(polys)
    res.platforms.append(plats)
    return res
