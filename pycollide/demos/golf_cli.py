"""``python -m pycollide demo`` (and ``demo golf``): the mini-golf demo from
the command line: load a course (:mod:`pycollide.demos.golf_course`), roll the
balls (:mod:`pycollide.demos.golf`), draw them
(:mod:`pycollide.demos.golf_picture`) and report."""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import asdict
from typing import Any, Dict, Optional, TextIO

import numpy as np

from .. import Circles, __version__, overlaps
from .cli import (
    OutputError,
    Progress,
    add_output_options,
    add_time_options,
    animate,
    check_output,
    fraction,
    nonnegative,
    nonnegative_int,
    output_args,
    positive_float,
    positive_int,
    rate,
    report_main,
    save_picture,
    spread,
    wall_time_line,
)
from .figure import check_movie, check_picture
from .golf import AT_REST, ESCAPED, MOVING, SUNK, GolfParams, shoot, simulate
from .golf_course import CourseError, load_course

__all__ = ["HELP", "run", "format_report", "add_arguments", "params_from_args", "main"]

HELP = """\
Mini-golf on a tile map.  Shoots many balls from the tee of a course built of
square and 45-degree tiles, moves them all as one batch per time step with
pycollide.advance (exact continuous collision against the walls: no ball ever
passes through a wall or ends inside one), slows them by rolling friction,
sinks the slow ones that roll over the hole, prints a report and draws the
course and a sample of the balls' paths into a PNG picture.

Course files (--course FILE) are text maps, one character per tile, the first
line the north (top) row; tiles are 1 x 1 and the map's bottom-left corner is
(0, 0):
  #            a solid wall tile
  . or space   empty lawn
  1 3 7 9      a 45-degree half tile, named like the number keypad by the
               corner that stays solid: 1 south-west, 3 south-east, 7 north-west,
               9 north-east (the triangles \u25e3 \u25e2 \u25e4 \u25e5 mean the same)
  T            the tee, where every ball starts (an empty tile)
  H            the hole (an empty tile)
Exactly one T and one H.  Short lines are padded with lawn; blank lines before
and after the map are ignored.  Outside the map is empty, so close the course
with walls (a ball that leaves the map counts as escaped).  Any other
character, or a missing or second T or H, is an error naming the file, line
and column.  Example, the hole behind a diamond:

  ##########
  #7......9#
  #...31...#
  #T.3##1.H#
  #..9##7..#
  #...97...#
  #1......3#
  ##########

The physics (lengths in tiles, times in seconds): balls of radius 0.2 start at
the tee's centre, aimed within --aim-spread degrees of the line to the hole,
with speeds uniform in --speed MIN MAX, from a generator seeded with --seed;
they do not hit each other.  Each step of --dt seconds moves the rolling balls,
bouncing off walls with --restitution and Coulomb --wall-friction; a ball whose
path over the step crosses the hole (radius 0.5) and that is then no faster
than --sink-speed drops in; rolling friction then takes --rolling x dt off each
speed.  The run ends when every ball is sunk, at rest or escaped, or at
--max-time."""


def run(
    params: GolfParams,
    course_path: Optional[str] = None,
    out: Optional[str] = "golf.png",
    trails: int = 50,
    progress: Optional[TextIO] = None,
    threads: Optional[int] = None,
    json_path: Optional[str] = None,
    movie_path: Optional[str] = None,
    fps: int = 15,
    movie_length: float = 12.0,
) -> Dict[str, Any]:
    """Load the course, shoot, simulate and draw (and with ``movie_path``
    animate); return the report as a dict.  The output paths are checked
    before any work (OutputError)."""
    check_picture(out)
    check_movie(movie_path)
    check_output(json_path, "report")
    if out or movie_path:  # matplotlib, imported only to draw
        from .golf_picture import Frames, movie, render
    t_wall = time.perf_counter()
    step = Progress(progress, 2 + bool(out) + bool(movie_path))
    course = load_course(course_path)
    tm = course.tilemap
    rows, cols = tm.shape
    n_edges = len(tm.edges)
    step.stage(f"course {course.name}: {cols}x{rows} tiles, {n_edges} edges")
    pos, vel = shoot(course, params)
    r = params.ball_radius
    if overlaps(Circles(list(course.tee) + [r]), tm, touching=False):
        raise CourseError(f"{course.name}: a ball on the tee overlaps a wall")
    step.stage(f"rolling {params.balls:,} balls")
    # the movie's frames: every ball every `every` steps, about 2 frames per movie frame
    every = max(1, int(1.0 / (2 * fps * params.dt)))
    frames = Frames(pos, every) if movie_path else None
    result = simulate(
        course,
        params,
        pos,
        vel,
        trail_count=min(params.balls, max(8 * trails, 0)),
        progress=step,
        on_step=frames,
        threads=threads,
    )
    state = result.state
    on_course = state != SUNK
    inside = 0
    if on_course.any():
        finals = Circles(np.column_stack([result.position[on_course], np.full(int(on_course.sum()), r)]))
        inside = int(np.count_nonzero(overlaps(finals, tm, touching=False)))
    image_size = save_picture(step, out, lambda: render(course, result, params, trails=trails))

    def write_movie() -> int:
        assert frames is not None and movie_path
        xy = frames.finish(result)
        return movie(course, result, params, xy, every, movie_path, fps=fps, length=movie_length, step=step)

    movie_entries = animate(step, movie_path, write_movie)
    step.done()
    n = params.balls
    sunk = int(np.count_nonzero(state == SUNK))
    return {
        "pycollide": __version__,
        "course": course.name,
        "tiles": [int(cols), int(rows)],
        "edges": n_edges,
        "tee": list(course.tee),
        "hole": list(course.hole),
        "params": asdict(params),
        "balls": n,
        "sunk": sunk,
        "at_rest": int(np.count_nonzero(state == AT_REST)),
        "escaped": int(np.count_nonzero(state == ESCAPED)),
        "rolling_at_max_time": int(np.count_nonzero(state == MOVING)),
        "inside_wall": inside,
        "sunk_rate": sunk / n if n else 0.0,
        "bounces": int(result.bounces.sum()),
        "mean_bounces": float(result.bounces.mean()) if n else 0.0,
        "steps": result.steps,
        "simulated_time": result.steps * params.dt,
        "ball_steps": result.ball_steps,
        "sim_seconds": result.sim_seconds,
        "advance_seconds": result.advance_seconds,
        "ball_steps_per_s": rate(result.ball_steps, result.sim_seconds),
        "advance_ball_steps_per_s": rate(result.ball_steps, result.advance_seconds),
        "threads": threads,
        "out": out,
        "image_size": image_size,
        **movie_entries,
        "wall_seconds": time.perf_counter() - t_wall,
    }


def format_report(rep: Dict[str, Any]) -> str:
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
        wall_time_line(rep),
    ]
    return "\n".join(lines)


# ---- the command line ----------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The demo's command-line options."""
    d = GolfParams()
    parser.add_argument("--balls", type=positive_int, default=d.balls, help=f"balls to shoot (default {d.balls})")
    parser.add_argument("--seed", type=int, default=d.seed, help=f"seed of the shots (default {d.seed})")
    add_output_options(parser, "golf.png")
    parser.add_argument(
        "--course", metavar="FILE", help="a course text file (format above; default: the built-in course)"
    )
    add_time_options(parser, d.dt, d.max_time)
    parser.add_argument(
        "--restitution",
        type=fraction,
        default=d.restitution,
        help=f"bounciness of the walls, 0 to 1 (default {d.restitution:g})",
    )
    parser.add_argument(
        "--wall-friction",
        type=nonnegative,
        default=d.wall_friction,
        help=f"Coulomb friction at the walls (default {d.wall_friction:g})",
    )
    parser.add_argument(
        "--rolling",
        type=nonnegative,
        default=d.rolling,
        help=f"rolling friction: speed lost per second, tiles/s^2 (default {d.rolling:g})",
    )
    parser.add_argument(
        "--sink-speed",
        type=nonnegative,
        default=d.sink_speed,
        help=f"the fastest a ball can roll over the hole and drop in (default {d.sink_speed:g})",
    )
    parser.add_argument(
        "--aim-spread",
        type=spread,
        default=d.aim_spread,
        metavar="DEG",
        help=f"aim within this many degrees of the tee-to-hole line (default {d.aim_spread:g}; 180: any direction)",
    )
    parser.add_argument(
        "--speed",
        type=positive_float,
        nargs=2,
        default=[d.speed_min, d.speed_max],
        metavar=("MIN", "MAX"),
        help=f"shot speeds, uniform in [MIN, MAX] tiles/s (default {d.speed_min:g} {d.speed_max:g})",
    )
    parser.add_argument("--trails", type=nonnegative_int, default=50, help="paths drawn (default 50)")
    parser.add_argument(
        "--threads",
        type=positive_int,
        metavar="N",
        help="at most N threads for advance (default: PYCOLLIDE_NUM_THREADS, else every "
        "core; small batches use one); the results never depend on it",
    )
    parser.add_argument("--json", metavar="FILE", help="also write the report as JSON to FILE")


def params_from_args(args: argparse.Namespace) -> GolfParams:
    return GolfParams(
        balls=args.balls,
        seed=args.seed,
        dt=args.dt,
        max_time=args.max_time,
        restitution=args.restitution,
        wall_friction=args.wall_friction,
        rolling=args.rolling,
        sink_speed=args.sink_speed,
        aim_spread=args.aim_spread,
        speed_min=min(args.speed),
        speed_max=max(args.speed),
    )


def main(args: argparse.Namespace, parser: Optional[argparse.ArgumentParser] = None) -> int:
    """Run the demo for parsed arguments; print the report; 0 on success, 2 on a
    bad course or output path."""
    params = params_from_args(args)
    return report_main(
        lambda: run(
            params,
            course_path=args.course,
            trails=args.trails,
            progress=sys.stderr,
            threads=args.threads,
            **output_args(args),
        ),
        format_report,
        args.json,
        (CourseError, OutputError),
        parser,
    )
