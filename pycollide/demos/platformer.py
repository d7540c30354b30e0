"""``python -m pycollide demo platformer``: a platformer level played with
:func:`pycollide.move`, the character mover.

The level is a text map (:func:`parse_level`): the tiles of
:meth:`pycollide.TileMap.from_text` (``#`` solid, ``.`` empty, ``1 3 7 9``
45-degree slopes), ``=`` a one-way ledge (:class:`pycollide.OneWay`, a thin
box at the top of its cell: jumped up through, stood on from above), ``H``
the hero's start and ``C`` a crate's.  The hero is a capsule driven by a
scripted input: it runs east and jumps every ``jump_every`` seconds (and
when a wall stops it), turning back at the level's east and west ends.
Crates (boxes and polygons, every other one turned) fall under gravity,
slide along floors with a little friction, and are pushed by nothing but
gravity.  Every frame moves the hero and every crate with one
:func:`pycollide.move` call each (steps, snapping to floors, slopes up to 45
degrees walkable).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import List, Optional, Tuple

import numpy as np

from .. import Boxes, Capsules, OneWay, Polygons, TileMap, World, contact, move, overlaps
from .cli import Progress

__all__ = [
    "LEVEL",
    "Level",
    "LevelError",
    "parse_level",
    "PlatformerParams",
    "Result",
    "simulate",
]

#: the built-in level: slopes, steps, one-way ledges, a pit, crates
LEVEL = """\
########################################
#......................................#
#......................................#
#......................................#
#......................................#
#..C.C.......C..C............C...C.....#
#....====.............###...====.......#
#H.........3##1.......####.....3#1.....#
#####....3######1...########..3###1....#
#####..3##########..##########........C#
#####################..#################
########################################
"""


class LevelError(ValueError):
    """A level text that is not a valid level (the message says where)."""


@dataclass
class Level:
    name: str
    tilemap: TileMap
    ledges: Boxes  # the one-way ledges (thin boxes at the top of their cells)
    world: World
    hero: Tuple[float, float]  # the hero's start: the centre of the bottom of its cell
    crates: np.ndarray  # (n, 2) the crates' starts


def parse_level(text: str, name: str = "<level>") -> Level:
    """A :class:`Level` from a level text (see the module docstring)."""
    lines = [line.rstrip("\n") for line in text.strip("\n").split("\n")]
    if not lines or not any(lines):
        raise LevelError(f"{name}: the level is empty")
    rows = len(lines)
    hero: Optional[Tuple[float, float]] = None
    crates: List[Tuple[float, float]] = []
    ledges: List[List[float]] = []
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
            out.append(ch)
        tiles.append("".join(out))
    if hero is None:
        raise LevelError(f"{name}: no hero (H)")
    try:
        tm = TileMap.from_text("\n".join(tiles))
    except ValueError as exc:
        raise LevelError(f"{name}: {exc}") from None
    boxes = Boxes(np.array(ledges, dtype=float).reshape(-1, 4))
    world = World(tm, OneWay(boxes)) if len(boxes) else World(tm)
    return Level(name, tm, boxes, world, hero, np.array(crates, dtype=float).reshape(-1, 2))


@dataclass
class PlatformerParams:
    seconds: float = 10.0  # of play
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
    seed: int = 1


@dataclass
class Result:
    frames: int
    hero_path: np.ndarray  # (frames + 1, 2) the hero's feet
    hero_on_floor: np.ndarray  # (frames,) bool
    hero_shapes: List[Capsules] = field(repr=False, default_factory=list)  # every frame's hero
    crate_boxes: List[Boxes] = field(repr=False, default_factory=list)  # every frame's box crates
    crate_polygons: List[Polygons] = field(repr=False, default_factory=list)  # and polygon crates
    jumps: int = 0
    wall_hits: int = 0  # frames the hero met a wall
    ceiling_hits: int = 0
    landings: int = 0  # frames the hero came down onto a floor
    ghost_normals: int = 0  # frames on a face of the tiles whose ground normal is not the face's (0: none)
    ends_inside: int = 0  # mover-frames that ended strictly inside the level's tiles (0: none)
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


def simulate(level: Level, params: PlatformerParams, progress: Optional[Progress] = None) -> Result:
    """Play the level for ``params.seconds`` at ``params.fps``."""
    p = params
    dt = 1.0 / p.fps
    frames = int(round(p.seconds * p.fps))
    hero = _hero(level.hero[0], level.hero[1], p)
    boxes, polys = _crates(level, p)
    vx, vy = p.run, 0.0
    rng = np.random.default_rng(p.seed)
    box_v = np.column_stack([rng.uniform(-2, 2, len(boxes)), np.zeros(len(boxes))])
    poly_v = np.column_stack([rng.uniform(-2, 2, len(polys)), np.zeros(len(polys))])
    xmin, _, xmax, _ = level.tilemap.bounds
    faces = {tuple(n) for n in np.asarray(level.tilemap.normals).tolist()} | {(0.0, 1.0)}
    res = Result(frames, np.zeros((frames + 1, 2)), np.zeros(frames, dtype=bool))
    res.hero_path[0] = level.hero
    res.hero_shapes.append(hero)
    res.crate_boxes.append(boxes)
    res.crate_polygons.append(polys)
    on_floor = True
    next_jump = p.jump_every
    snap = p.snap_distance
    for f in range(frames):
        t = f * dt
        if on_floor and t >= next_jump:
            vy = p.jump
            next_jump = t + p.jump_every
            res.jumps += 1
        vy -= p.gravity * dt
        t0 = time.perf_counter()
        # snapping to the floor only when not moving up (a jump leaves it)
        m = move(hero, [vx * dt, vy * dt], level.world, step_height=p.step_height, snap_distance=snap if vy <= 0 else 0)
        mb = move(boxes, box_v * dt, level.world, step_height=p.step_height, snap_distance=snap) if len(boxes) else None
        mp = (
            move(polys, poly_v * dt, level.world, step_height=p.step_height, snap_distance=snap) if len(polys) else None
        )
        res.move_seconds += time.perf_counter() - t0
        res.moves += 1 + len(boxes) + len(polys)
        was = on_floor
        on_floor = bool(m.on_floor)
        res.hero_on_floor[f] = on_floor
        res.landings += int(on_floor and not was)
        if bool(m.on_wall):
            res.wall_hits += 1
            if on_floor:  # a wall in the way: jump it
                vy = p.jump
                res.jumps += 1
        if bool(m.on_ceiling) and vy > 0:
            vy = 0.0
            res.ceiling_hits += 1
        if on_floor and vy < 0:
            vy = 0.0
        if on_floor and int(m.ground_part) == 0 and tuple(m.ground_normal.tolist()) not in faces:
            # standing on the tiles with a normal that is no face's: a ghost, unless it stands on a corner
            c = contact(m.shapes, level.tilemap)
            res.ghost_normals += int(tuple((-c.normal + 0.0).tolist()) in faces)
        hero = Capsules(m.shapes)
        x = float(np.asarray(hero)[0])
        if (vx > 0 and x > xmax - 2.0) or (vx < 0 and x < xmin + 2.0):
            vx = -vx
        res.hero_path[f + 1] = (x, float(np.asarray(hero)[1]) - p.radius)
        for mm, v in ((mb, box_v), (mp, poly_v)):
            if mm is None:
                continue
            v[:, 1] = np.where(mm.on_floor, 0.0, v[:, 1] - p.gravity * dt)
            slow = np.maximum(np.abs(v[:, 0]) - p.friction * dt * mm.on_floor, 0.0)
            v[:, 0] = np.where(mm.on_wall, 0.0, np.sign(v[:, 0]) * slow)
        if mb is not None:
            boxes = Boxes(mb.shapes)
        if mp is not None:
            polys = Polygons(mp.shapes)
        # the promise, checked exactly every frame: no mover inside the tiles
        res.ends_inside += int(overlaps(hero, level.tilemap, touching=False))
        for group in (boxes, polys):
            if len(group):
                res.ends_inside += int(np.count_nonzero(overlaps(group, level.tilemap, touching=False)))
        res.hero_shapes.append(hero)
        res.crate_boxes.append(boxes)
        res.crate_polygons.append(polys)
        if progress is not None:
            progress.update(f"frame {f + 1:,}/{frames:,}")
    return res
