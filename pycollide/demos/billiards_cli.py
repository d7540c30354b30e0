"""``python -m pycollide demo billiards``: the command line, the run (simulate,
check, draw, animate) and the report of the billiards demo in
:mod:`pycollide.demos.billiards`."""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import asdict
from typing import Any, Dict, Optional, TextIO

import numpy as np

from .. import __version__
from .billiards import MAX_STEP_TRAVEL, POCKET_NAMES, BilliardsParams, build_table, check_params, final_checks, simulate
from .cli import (
    OutputError,
    Progress,
    SetupError,
    add_table_options,
    add_time_options,
    animate,
    check_output,
    output_args,
    positive_float,
    rate,
    report_main,
    save_picture,
    spread,
    wall_time_line,
)
from .figure import check_movie, check_picture

__all__ = ["HELP", "run", "format_report", "add_arguments", "params_from_args", "main"]


HELP = """\
Billiards: the break on a pool table.  Fifteen balls racked in a triangle and
the cue ball shot at them; pycollide.advance moves all sixteen as one batch
per time step with collide=True (exact continuous collision: the balls hit
the cushions and each other in time order, and never pass through a cushion
or end a step overlapping), rolling resistance slows them between steps,
and a ball whose centre reaches a pocket drops in.  Prints a report (balls
pocketed, when and where; ball-ball collisions and cushion impacts; kinetic
energy at the start and the end and where it went; steps per second) and
draws the table and every ball's path into a PNG picture.

The physics (metres, seconds, kilograms): a 2.54 x 1.27 m playing surface
inside six cushions (convex 4-gons with angled jaws) and six pockets, four
corner and two middle, with mouths 0.125 and 0.13 m wide.  Balls of radius
0.028575 m and mass 0.17 kg.  The rack's apex is on the foot spot, its
neighbours --rack-gap apart (0 would be exactly touching, which advance
allows, but rounding the triangle's coordinates can make neighbours overlap,
which it refuses).  The cue ball starts on the head spot and moves at
--speed towards the apex, turned by an angle uniform within +-ANGLE degrees
(--angle) drawn from a generator seeded with --seed.  Each step of --dt
seconds moves the balls; advance takes one restitution for every impact, so
--restitution (default 0.9) stands for both ball-ball impacts (about 0.93 to
0.95 on a real table) and cushions (about 0.75 to 0.85), with Coulomb
--friction at every impact.  A ball drops when its centre's straight path
over the step meets a pocket's circle, or its centre passes the cushions'
noses (only a pocket's mouth lets it).  Rolling resistance then takes
--rolling x dt off each speed, stopping a ball exactly when its speed is no
more than that.  The run ends when every ball is at rest or pocketed, or at
--max-time.  advance's events (events=True) say what each ball hit in a
step, and when: a cushion or the rail, or another ball; the report counts
them."""


def run(
    params: BilliardsParams,
    out: Optional[str] = "billiards.png",
    progress: Optional[TextIO] = None,
    json_path: Optional[str] = None,
    movie_path: Optional[str] = None,
    fps: int = 15,
    movie_length: float = 12.0,
) -> Dict[str, Any]:
    """Build the table, break, simulate and draw (and with ``movie_path``
    animate); return the report as a dict.  The output paths and the
    parameters are checked before any work (OutputError, SetupError)."""
    check_picture(out)
    check_movie(movie_path)
    check_output(json_path, "report")
    check_params(params)
    if out or movie_path:  # matplotlib, imported only to draw
        from . import billiards_picture as picture
    t_wall = time.perf_counter()
    step = Progress(progress, 2 + bool(out) + bool(movie_path))
    table = build_table(params)
    step.stage(f"table {params.length:g} x {params.width:g} m, 6 cushions, 6 pockets, 16 balls")
    step.stage(f"the break at {params.speed:g} m/s")
    result = simulate(params, table, progress=step)
    checks = final_checks(table, result, params)
    image_size = save_picture(step, out, lambda: picture.render(table, result, params))
    movie = animate(
        step, movie_path, lambda: picture.movie(table, result, params, str(movie_path), fps, movie_length, step)
    )
    step.done()
    dt = params.dt
    order = [int(k) for k in np.argsort(result.pocket_time, kind="stable") if result.pocket[k] >= 0]
    on = result.on_table
    moving = int(np.count_nonzero(result.velocity[on].any(axis=1)))
    ball_steps = int(result.ball_steps)
    e = result
    return {
        "pycollide": __version__,
        "table": "billiards",
        "params": asdict(params),
        "size": [params.length, params.width],
        "pockets": [
            {"name": name, "x": float(x), "y": float(y), "r": float(pr)}
            for name, (x, y, pr) in zip(POCKET_NAMES, table.pockets)
        ],
        "turn_degrees": result.turn,
        "balls": 16,
        "pocketed": [
            {"ball": k, "time": float(result.pocket_time[k]), "pocket": POCKET_NAMES[result.pocket[k]]} for k in order
        ],
        "pocketed_count": len(order),
        "scratch": bool(result.pocket[0] >= 0),
        "on_table": int(np.count_nonzero(on)),
        "rolling_at_max_time": moving,
        "ball_collisions": result.ball_collisions,
        "cushion_impacts": result.cushion_impacts,
        "impacts": result.impacts,
        "ball_impacts": int(result.bounces.sum()),
        "energy": {
            "start": e.energy_start,
            "end": e.energy_end,
            "impacts": e.energy_impacts,
            "rolling": e.energy_rolling,
            "pockets": e.energy_pockets,
            "lost_fraction": (1.0 - e.energy_end / e.energy_start) if e.energy_start > 0 else 0.0,
            "max_step_gain": e.max_step_gain,
        },
        **checks,
        "final": [[int(k), float(result.position[k, 0]), float(result.position[k, 1])] for k in np.flatnonzero(on)],
        "steps": result.steps,
        "simulated_time": result.steps * dt,
        "ball_steps": ball_steps,
        "sim_seconds": result.sim_seconds,
        "advance_seconds": result.advance_seconds,
        "steps_per_s": rate(result.steps, result.sim_seconds),
        "ball_steps_per_s": rate(ball_steps, result.sim_seconds),
        "out": out,
        "image_size": image_size,
        **movie,
        "wall_seconds": time.perf_counter() - t_wall,
    }


def format_report(rep: Dict[str, Any]) -> str:
    p, en = rep["params"], rep["energy"]
    drops = ", ".join(
        f"{'the cue ball' if d['ball'] == 0 else d['ball']} ({d['pocket']}, {d['time']:.2f} s)" for d in rep["pocketed"]
    )
    rest = (
        "all at rest"
        if rep["rolling_at_max_time"] == 0
        else f"{rep['rolling_at_max_time']} still rolling at {p['max_time']:g} s"
    )
    lines = [
        f"pycollide {rep['pycollide']} billiards: the break on a {rep['size'][0]:g} x {rep['size'][1]:g} m table "
        f"with 6 pockets; the cue ball at {p['speed']:g} m/s, turned {rep['turn_degrees']:+.3f} deg (seed "
        f"{p['seed']}); restitution {p['restitution']:g}, friction {p['friction']:g}, rolling {p['rolling']:g} "
        f"m/s^2, dt {p['dt']:g} s",
        f"pocketed {rep['pocketed_count']} of 16: {drops or 'none'}" + ("; a scratch" if rep["scratch"] else ""),
        f"on the table {rep['on_table']}, {rest} after {rep['simulated_time']:.2f} s",
        f"impacts {rep['impacts']:,}: {rep['ball_collisions']:,} ball-ball collisions, {rep['cushion_impacts']:,} "
        f"cushion impacts",
        f"kinetic energy {en['start']:.3f} J at the start, {en['end']:.3f} J at the end ({en['lost_fraction']:.1%} "
        f"lost): {en['impacts']:.3f} J at impacts, {en['rolling']:.3f} J to rolling resistance, "
        f"{en['pockets']:.3f} J into the pockets; the most a step gained {en['max_step_gain']:.3g} J",
        f"at the end: overlapping pairs {rep['overlapping_pairs']}, balls in a cushion {rep['inside_cushion']}, "
        f"balls off the table {rep['off_table']}",
        f"simulated {rep['steps']:,} steps ({rep['ball_steps']:,} ball-steps) in {rep['sim_seconds']:.2f} s: "
        f"{rep['steps_per_s']:,.0f} steps/s, "
        f"{rep['ball_steps_per_s']:,.0f} ball-steps/s (advance alone {rep['advance_seconds']:.2f} s)",
        wall_time_line(rep),
    ]
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The billiards demo's command-line options."""
    d = BilliardsParams()
    parser.add_argument("--seed", type=int, default=d.seed, help=f"seed of the shot's turn (default {d.seed})")
    parser.add_argument(
        "--speed",
        type=positive_float,
        default=d.speed,
        metavar="V",
        help=f"the cue ball's speed, m/s (default {d.speed:g}; a hard break is 10 to 14)",
    )
    parser.add_argument(
        "--angle",
        type=spread,
        default=d.angle,
        metavar="DEG",
        help=f"the shot turns from the line to the apex by an angle uniform in +-DEG degrees "
        f"(default {d.angle:g}; 0: dead straight)",
    )
    add_time_options(parser, d.dt, d.max_time, f"; speed x dt may be at most {MAX_STEP_TRAVEL:g} m")
    parser.add_argument(
        "--rack-gap",
        type=positive_float,
        default=d.rack_gap,
        metavar="M",
        help=f"gap between neighbours in the rack, m (default {d.rack_gap:g})",
    )
    add_table_options(parser, "billiards.png", d, ", ball-ball and cushion alike", ", m/s^2")


def params_from_args(args: argparse.Namespace) -> BilliardsParams:
    return BilliardsParams(
        seed=args.seed,
        speed=args.speed,
        angle=args.angle,
        dt=args.dt,
        max_time=args.max_time,
        restitution=args.restitution,
        friction=args.friction,
        rolling=args.rolling,
        rack_gap=args.rack_gap,
    )


def main(args: argparse.Namespace, parser: Optional[argparse.ArgumentParser] = None) -> int:
    """Run the demo for parsed arguments; print the report; 0 on success, 2
    on options that cannot be simulated or an output path that cannot be
    written (through ``parser`` when given: its usage and the error)."""
    params = params_from_args(args)
    return report_main(
        lambda: run(
            params,
            progress=sys.stderr,
            **output_args(args),
        ),
        format_report,
        args.json,
        (SetupError, OutputError),
        parser,
    )
