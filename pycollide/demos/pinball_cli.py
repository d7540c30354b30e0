"""``python -m pycollide demo pinball``: the command line, the run (simulate,
check, draw, animate) and the report of the pinball demo in
:mod:`pycollide.demos.pinball`."""

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
    add_table_options,
    add_time_options,
    animate,
    check_output,
    nonnegative,
    nonnegative_int,
    output_args,
    positive_float,
    positive_int,
    rate,
    report_main,
    save_picture,
    wall_time_line,
)
from .figure import check_movie, check_picture
from .pinball import HEIGHT, WIDTH, PinballParams, build_table, final_checks, simulate

__all__ = ["HELP", "run", "format_report", "add_arguments", "params_from_args", "main"]


HELP = """\
Pinball: many balls dropped on a tilted table.  Balls are launched from the
top at random spots with random velocities and fall under gravity through
slanted guide rails, three round bumpers that kick them away, two rows of
pegs, two slingshot triangles, a diamond and a hexagon, into a funnel and
out through the drain.  pycollide.advance moves every ball on the table as
one batch per time step with collide=True (exact continuous collision: the
balls hit the table and each other in time order, and never pass through a
wall or end a step overlapping).  Prints a report (launched, drained,
impacts with the table, collisions between balls, bumper kicks, energy,
steps per second) and draws the table and the balls' paths into a PNG.

The physics (table units, seconds; every ball has mass 1): the table is
10 x 20 units, gravity --gravity pulls along -y.  Balls of radius 0.15 are
launched --rate per second, in order, each at a random spot of the launch
band (y from 18 to 19.4) with a velocity uniform in direction and in speed
up to --speed, from a generator seeded with --seed; a ball whose spot
another ball still covers waits.  Each step of --dt seconds: gravity adds
-gravity x dt to the vertical velocities; advance moves the balls, with one
--restitution for every impact (advance takes one value: walls, pegs,
bumpers and balls alike) and Coulomb --friction; a ball that hit a bumper
in the step and leaves it slower than --kick along the bumper's normal
where it hit is kicked to that speed; rolling resistance takes --rolling
x dt off each speed; a ball whose centre is below the drain line (y = 0,
in the chute under the funnel) drains.  The run ends when every ball has
been launched and has drained, or at --max-time.  advance's events
(events=True) say what each ball hit in a step, and when: the table (which
part of it), or another ball; the report counts them."""


def run(
    params: PinballParams,
    out: Optional[str] = "pinball.png",
    trails: int = 8,
    progress: Optional[TextIO] = None,
    json_path: Optional[str] = None,
    movie_path: Optional[str] = None,
    fps: int = 15,
    movie_length: float = 12.0,
) -> Dict[str, Any]:
    """Build the table, launch, simulate and draw (and with ``movie_path``
    animate); return the report as a dict.  The output paths are checked
    before any work (OutputError)."""
    check_picture(out)
    check_movie(movie_path)
    check_output(json_path, "report")
    if out or movie_path:  # matplotlib, imported only to draw
        from . import pinball_picture as picture
    t_wall = time.perf_counter()
    step = Progress(progress, 2 + bool(out) + bool(movie_path))
    table = build_table()
    counts = {
        name: len(part)
        for name, part in zip(("walls", "rails", "bumpers", "pegs", "slingshots", "polygons"), table.parts)
    }
    step.stage(f"table {WIDTH:g} x {HEIGHT:g}: " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    step.stage(f"launching {params.balls:,} balls, {params.rate:g} a second")
    result = simulate(params, table, progress=step)
    checks = final_checks(table, result, params)
    image_size = save_picture(step, out, lambda: picture.render(table, result, params, trails=trails))
    movie = animate(
        step, movie_path, lambda: picture.movie(table, result, params, str(movie_path), fps, movie_length, trails, step)
    )
    step.done()
    n = params.balls
    launched = ~np.isnan(result.launch_time)
    drained = ~np.isnan(result.drain_time)
    on = result.on_table
    times = result.drain_time[drained]
    e = result
    return {
        "pycollide": __version__,
        "table": "pinball",
        "params": asdict(params),
        "size": [WIDTH, HEIGHT],
        "parts": counts,
        "balls": n,
        "launched": int(np.count_nonzero(launched)),
        "drained": int(np.count_nonzero(drained)),
        "in_play_at_max_time": int(np.count_nonzero(on)),
        "drain_median_time": float(np.median(times)) if times.size else None,
        "last_drain_time": float(times.max()) if times.size else None,
        "ball_collisions": result.ball_collisions,
        "table_impacts": result.table_impacts,
        "impacts": result.ball_collisions + result.table_impacts,
        "ball_impacts": int(result.bounces.sum()),
        "bumper_kicks": result.bumper_kicks,
        "energy": {
            "launched": e.energy_launched,
            "gravity": e.energy_gravity,
            "kicks": e.energy_kicks,
            "impacts": e.energy_impacts,
            "rolling": e.energy_rolling,
            "drained": e.energy_drained,
            "kinetic_end": e.energy_end,
            "potential_end": e.potential_end,
            "max_step_gain": e.max_step_gain,
        },
        **checks,
        "final": [[int(k), float(result.position[k, 0]), float(result.position[k, 1])] for k in np.flatnonzero(on)],
        "steps": result.steps,
        "simulated_time": result.steps * params.dt,
        "ball_steps": result.ball_steps,
        "sim_seconds": result.sim_seconds,
        "advance_seconds": result.advance_seconds,
        "steps_per_s": rate(result.steps, result.sim_seconds),
        "ball_steps_per_s": rate(result.ball_steps, result.sim_seconds),
        "out": out,
        "image_size": image_size,
        **movie,
        "wall_seconds": time.perf_counter() - t_wall,
    }


def format_report(rep: Dict[str, Any]) -> str:
    p, en = rep["params"], rep["energy"]
    parts = ", ".join(f"{v} {k}" for k, v in rep["parts"].items())
    drains = (
        f"; half had drained by {rep['drain_median_time']:.2f} s, the last at {rep['last_drain_time']:.2f} s"
        if rep["drained"]
        else ""
    )
    per_ball = rep["ball_impacts"] / rep["launched"] if rep["launched"] else 0.0
    lines = [
        f"pycollide {rep['pycollide']} pinball: a {rep['size'][0]:g} x {rep['size'][1]:g} table ({parts}), "
        f"{rep['balls']:,} balls launched {p['rate']:g} a second at up to {p['speed']:g} units/s (seed {p['seed']}); "
        f"gravity {p['gravity']:g}, restitution {p['restitution']:g}, friction {p['friction']:g}, rolling "
        f"{p['rolling']:g}, bumper kick {p['kick']:g}, dt {p['dt']:g} s",
        f"balls {rep['balls']:,}: launched {rep['launched']:,}, drained {rep['drained']:,}, still in play at "
        f"{p['max_time']:g} s {rep['in_play_at_max_time']:,}{drains}",
        f"impacts {rep['impacts']:,}: {rep['table_impacts']:,} with the table, {rep['ball_collisions']:,} between "
        f"balls; {per_ball:.1f} per ball launched (a collision counts for both balls); bumper kicks "
        f"{rep['bumper_kicks']:,}",
        f"kinetic energy (mass 1 per ball): {en['launched']:.1f} given at launch, {en['gravity']:.1f} by gravity, "
        f"{en['kicks']:.1f} by the bumpers; {en['impacts']:.1f} lost at impacts, {en['rolling']:.1f} to rolling "
        f"resistance, {en['drained']:.1f} carried out through the drain; {en['kinetic_end']:.2f} kinetic and "
        f"{en['potential_end']:.2f} potential (above the drain line) left in play; the most an advance step "
        f"gained {en['max_step_gain']:.3g}",
        f"at the end: overlapping pairs {rep['overlapping_pairs']}, balls in a wall {rep['inside_wall']}, "
        f"balls off the table {rep['off_table']}",
        f"simulated {rep['steps']:,} steps ({rep['simulated_time']:.2f} s of play, {rep['ball_steps']:,} ball-steps) "
        f"in {rep['sim_seconds']:.2f} s: {rep['steps_per_s']:,.0f} steps/s, "
        f"{rep['ball_steps_per_s'] / 1e3:,.1f} k ball-steps/s (advance alone {rep['advance_seconds']:.2f} s)",
        wall_time_line(rep),
    ]
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The pinball demo's command-line options."""
    d = PinballParams()
    parser.add_argument("--balls", type=positive_int, default=d.balls, help=f"balls to launch (default {d.balls})")
    parser.add_argument("--seed", type=int, default=d.seed, help=f"seed of the launches (default {d.seed})")
    parser.add_argument("--rate", type=positive_float, default=d.rate, help=f"launches per second (default {d.rate:g})")
    parser.add_argument(
        "--speed",
        type=nonnegative,
        default=d.speed,
        metavar="V",
        help=f"launch speeds uniform in [0, V] units/s (default {d.speed:g})",
    )
    parser.add_argument(
        "--gravity", type=nonnegative, default=d.gravity, help=f"along -y, units/s^2 (default {d.gravity:g})"
    )
    add_time_options(parser, d.dt, d.max_time)
    parser.add_argument(
        "--kick",
        type=nonnegative,
        default=d.kick,
        help=f"the least normal speed a bumper sends a ball off at (default {d.kick:g}; 0: none)",
    )
    parser.add_argument(
        "--trails", type=nonnegative_int, default=8, help="paths drawn, each in its own colour (default 8, at most 8)"
    )
    add_table_options(parser, "pinball.png", d, "", "")


def params_from_args(args: argparse.Namespace) -> PinballParams:
    return PinballParams(
        balls=args.balls,
        seed=args.seed,
        rate=args.rate,
        speed=args.speed,
        gravity=args.gravity,
        dt=args.dt,
        max_time=args.max_time,
        restitution=args.restitution,
        friction=args.friction,
        rolling=args.rolling,
        kick=args.kick,
    )


def main(args: argparse.Namespace, parser: Optional[argparse.ArgumentParser] = None) -> int:
    """Run the demo for parsed arguments; print the report; 0 on success, 2
    on an output path that cannot be written."""
    params = params_from_args(args)
    return report_main(
        lambda: run(
            params,
            trails=args.trails,
            progress=sys.stderr,
            **output_args(args),
        ),
        format_report,
        args.json,
        (OutputError,),
        parser,
    )
