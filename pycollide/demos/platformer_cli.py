"""``python -m pycollide demo platformer``: the command line, the run (play,
draw, animate) and the report of the platformer demo in
:mod:`pycollide.demos.platformer`."""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import asdict
from typing import Any, Dict, Optional, TextIO

import numpy as np

from .. import __version__
from .cli import (
    OutputError,
    Progress,
    add_output_options,
    animate,
    check_output,
    nonnegative,
    output_args,
    positive_float,
    positive_int,
    rate,
    report_main,
    save_picture,
    wall_time_line,
)
from .figure import check_movie, check_picture
from .platformer import LEVEL, LevelError, PlatformerParams, parse_level, simulate
from .platformer_tiled import TILED_LEVEL, TILED_SUFFIXES, is_tiled, load_level

__all__ = ["HELP", "run", "format_report", "add_arguments", "params_from_args", "main"]

HELP = """\
Platformer: a level of tiles (slopes, steps, a pit), one-way ledges, moving
platforms and crates, played with pycollide.move, the character mover.  A
capsule hero runs east and back, jumps every --jump-every seconds and when a
wall stops it, and rides the platforms (it waits at the edge of a gap a
platform crosses until the platform rests there, stands while it carries it
and runs on at the other end); crates (boxes and turned polygons) fall, slide
along the floors, ride the platforms and are pushed by them.  Every frame
moves each group of movers once (step_height, snap_distance, 45-degree
slopes walkable, the platforms' displacements).  Prints a report (frames,
the hero's time on the floor and on a platform, jumps, impacts, pushes,
movers moved per second, and two promises checked exactly every frame: ghost
normals, a ground normal that is not the face's the hero stands on, and
movers ending inside the tiles, a platform or a region: both 0) and draws the level,
the platforms' paths and the hero's path into a picture.

A level file is a text map: '#' solid, '.' empty, '1' '3' '7' '9' 45-degree
slopes (the corner that stays solid, as on a numeric keypad), '=' a one-way
ledge, 'H' the hero's start (one), 'C' a crate's, '>' '<' '^' 'v' a moving
platform's cells (a run of one arrow along a row is one platform) that sets
off the arrow's way.  A legend line after the map, '> 6 3', says how many
tiles the platforms of that arrow travel and how fast (tiles a second;
default 4 and 2); they rest --dwell seconds at each end of their path.

A level drawn in the Tiled map editor: --tiled plays the one shipped with
pycollide (pycollide/demos/platformer.tmj: open it in Tiled to change it);
--tiled FILE, or --level FILE ending in .tmj, .json or .tmx, plays a map in
Tiled's JSON or XML format, read by pycollide.load_tiled.  Its one tile
layer with colliding tiles is the level's tiles: a tile's custom property
'collision' says its kind, 'solid' or a 45-degree tile by the corner cut
away, 'cut_ne', 'cut_nw', 'cut_se' or 'cut_sw' (a flipped tile turns with
its picture); tiles must be square, and a tile is the world's unit.  Its
objects, by their type (class), else their name: a 'hero' (one) and each
'crate' start with their feet at a point object, or at the bottom middle of
another shape; a 'ledge' rectangle is a one-way ledge; a 'platform'
rectangle is a moving platform, with the custom properties 'way' ('east',
'west', 'north' or 'south'), 'tiles' (how far, default 4) and 'speed'
(tiles a second, default 2).  Its concave polygons and polylines of any
other type are ground, the world's Regions and Polylines parts (the shipped
level's chute is a polyline); the report counts the frames the hero stands
on one."""


def run(
    params: PlatformerParams,
    level_path: Optional[str] = None,
    out: Optional[str] = "platformer.png",
    progress: Optional[TextIO] = None,
    json_path: Optional[str] = None,
    movie_path: Optional[str] = None,
    fps: int = 15,
    movie_length: float = 12.0,
    tiled: bool = False,
) -> Dict[str, Any]:
    """Load the level (a text file, or a Tiled map when ``tiled`` or by its
    extension: see HELP; the built-in level when None), play, draw (and
    animate); the report as a dict.  The output paths are checked before any
    work (OutputError)."""
    check_picture(out)
    check_movie(movie_path)
    check_output(json_path, "report")
    if out or movie_path:  # matplotlib, imported only to draw
        from . import platformer_picture as picture
    t_wall = time.perf_counter()
    step = Progress(progress, 2 + bool(out) + bool(movie_path))
    if level_path and (tiled or is_tiled(level_path)):
        level = load_level(level_path)
    elif level_path:
        try:
            with open(level_path) as fh:
                text = fh.read()
        except OSError as exc:
            raise LevelError(f"{level_path}: {exc.strerror}") from None
        level = parse_level(text, level_path)
    else:
        level = parse_level(LEVEL, "<built-in level>")
    rows, cols = level.tilemap.shape
    outlines = sum(len(o) for o in level.outlines)  # regions and polylines (a Tiled level's)
    step.stage(
        f"level {level.name}: {cols}x{rows} tiles, {len(level.ledges)} ledges, "
        f"{len(level.platforms)} moving platforms, {len(level.crates)} crates, {outlines} outlines"
    )
    step.stage(f"playing {params.seconds:g} s at {params.fps} fps")
    result = simulate(level, params, progress=step)
    image_size = save_picture(step, out, lambda: picture.render(level, result, params))
    movie = animate(
        step, movie_path, lambda: picture.movie(level, result, params, str(movie_path), fps, movie_length, step)
    )
    step.done()
    return {
        "pycollide": __version__,
        "level": level.name,
        "tiles": [int(cols), int(rows)],
        "ledges": len(level.ledges),
        "platforms": len(level.platforms),
        "crates": len(level.crates),
        "outlines": outlines,
        "params": asdict(params),
        "frames": result.frames,
        "hero_floor_fraction": float(np.mean(result.hero_on_floor)) if result.frames else 0.0,
        "jumps": result.jumps,
        "landings": result.landings,
        "wall_hits": result.wall_hits,
        "ceiling_hits": result.ceiling_hits,
        "rides": result.rides,
        "platform_frames": result.platform_frames,
        "outline_frames": result.outline_frames,
        "pushes": result.pushes,
        "ghost_normals": result.ghost_normals,
        "ends_inside": result.ends_inside,
        "moves": result.moves,
        "move_seconds": result.move_seconds,
        "movers_per_s": rate(result.moves, result.move_seconds),
        "hero_end": [float(v) for v in result.hero_path[-1]],
        "out": out,
        "image_size": image_size,
        **movie,
        "wall_seconds": time.perf_counter() - t_wall,
    }


def format_report(rep: Dict[str, Any]) -> str:
    p = rep["params"]
    lines = [
        f"pycollide {rep['pycollide']} platformer: level {rep['level']} ({rep['tiles'][0]}x{rep['tiles'][1]} tiles, "
        f"{rep['ledges']} one-way ledges, {rep['platforms']} moving platforms, {rep['crates']} crates), "
        f"{p['seconds']:g} s at {p['fps']} fps",
        f"frames {rep['frames']:,}: the hero on the floor {rep['hero_floor_fraction']:.0%} of them, "
        f"{rep['jumps']} jumps, {rep['landings']} landings, {rep['wall_hits']} frames at a wall, "
        f"{rep['ceiling_hits']} at a ceiling",
        f"platforms: the hero rode {rep['rides']} times, {rep['platform_frames']:,} frames on one; "
        f"{rep['pushes']} mover-frames pushed by one",
        f"checked every frame, exactly: ghost normals {rep['ghost_normals']}, movers ending inside the tiles, "
        f"a platform or a region {rep['ends_inside']}",
        f"moved {rep['moves']:,} mover-frames in {rep['move_seconds']:.3f} s of pc.move: "
        f"{rep['movers_per_s']:,.0f} movers/s (one call per group of movers per frame)",
        wall_time_line(rep),
    ]
    if rep["outlines"]:  # a Tiled level's regions and polylines
        lines.insert(
            3, f"outlines (regions, polylines): {rep['outlines']}, the hero on one {rep['outline_frames']:,} frames"
        )
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    d = PlatformerParams()
    add_output_options(parser, "platformer.png")
    which = parser.add_mutually_exclusive_group()
    which.add_argument(
        "--level",
        metavar="FILE",
        help=f"a level text file (format above), or a Tiled map ({', '.join(TILED_SUFFIXES)}); "
        "default: the built-in level",
    )
    which.add_argument(
        "--tiled",
        metavar="FILE",
        nargs="?",
        const=TILED_LEVEL,
        help="a Tiled map (format above); alone, the one shipped with pycollide",
    )
    parser.add_argument("--seconds", type=positive_float, default=d.seconds, help=f"of play (default {d.seconds:g})")
    parser.add_argument("--frames-per-second", type=positive_int, default=d.fps, help=f"simulation (default {d.fps})")
    parser.add_argument("--gravity", type=nonnegative, default=d.gravity, help=f"down (default {d.gravity:g})")
    parser.add_argument("--run", type=nonnegative, default=d.run, help=f"the hero's speed (default {d.run:g})")
    parser.add_argument("--jump", type=nonnegative, default=d.jump, help=f"take-off speed (default {d.jump:g})")
    parser.add_argument(
        "--jump-every",
        type=positive_float,
        default=d.jump_every,
        help=f"seconds between jumps (default {d.jump_every:g})",
    )
    parser.add_argument("--step-height", type=nonnegative, default=d.step_height, help=f"(default {d.step_height:g})")
    parser.add_argument(
        "--snap-distance", type=nonnegative, default=d.snap_distance, help=f"(default {d.snap_distance:g})"
    )
    parser.add_argument(
        "--dwell",
        type=positive_float,
        default=d.dwell,
        help=f"seconds a platform rests at each end (default {d.dwell:g})",
    )
    parser.add_argument("--seed", type=int, default=d.seed, help="seed of the crates' pushes (default 1)")
    parser.add_argument("--json", metavar="FILE", help="also write the report as JSON to FILE")


def params_from_args(args: argparse.Namespace) -> PlatformerParams:
    return PlatformerParams(
        seconds=args.seconds,
        fps=args.frames_per_second,
        gravity=args.gravity,
        run=args.run,
        jump=args.jump,
        jump_every=args.jump_every,
        step_height=args.step_height,
        snap_distance=args.snap_distance,
        dwell=args.dwell,
        seed=args.seed,
    )


def main(args: argparse.Namespace, parser: Optional[argparse.ArgumentParser] = None) -> int:
    params = params_from_args(args)
    return report_main(
        lambda: run(
            params,
            level_path=args.tiled or args.level,
            tiled=args.tiled is not None,
            progress=sys.stderr,
            **output_args(args),
        ),
        format_report,
        args.json,
        (LevelError, OutputError),
        parser,
    )
