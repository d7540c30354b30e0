"""Command line: ``python -m pycollide bench`` (overlap throughput) and ``python -m pycollide demo``
(mini-golf, or the billiards, pinball and platformer tables).

``bench [--n N] [--repeat R] [--seed S] [--shapely-n M] [--json FILE]``;
``demo [--balls N] [--seed S] [--out FILE] [--course FILE] [--dt DT] [--max-time T] ... [--json FILE]``
(mini-golf, the default; ``python -m pycollide demo --help`` describes the course file format);
``demo golf [...]`` (the same);
``demo billiards [--seed S] [--speed V] [--angle DEG] [--out FILE] ... [--json FILE]`` (the break on a pool
table: pockets, cushions, sixteen balls hitting each other; writes billiards.png);
``demo pinball [--balls N] [--seed S] [--out FILE] ... [--json FILE]`` (balls dropped on a tilted table with
bumpers, pegs, slanted walls and a drain; writes pinball.png);
``demo platformer [--level FILE] [--seconds S] [--out FILE] ... [--json FILE]`` (a capsule hero and crates
through slopes, steps, one-way ledges and moving platforms with pc.move; writes platformer.png).
The mini-golf options go after ``demo`` (or after ``demo golf``); a table's options go after its name.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from typing import List, Optional

DESCRIPTION = """\
pycollide: exact 2D collision detection for numpy.  Two commands:
  demo   mini-golf: thousands of balls rolled over a tile-map course; a report
         and a picture (the project's main job).  Three more:
         `demo billiards` (the break on a pool table: 16 balls hitting each
         other, cushions and pockets; billiards.png), `demo pinball` (balls
         dropped on a tilted table with bumpers, pegs and a drain; pinball.png)
         and `demo platformer` (a hero and crates moved by pc.move through
         slopes, steps, one-way ledges and moving platforms; platformer.png)
  bench  overlap throughput for every pair of shape types, beside numpy,
         shapely and the time to copy the inputs; the cost of building shapes
Run `python -m pycollide demo --help`, `... demo billiards --help`,
`... demo pinball --help`, `... demo platformer --help` or `... bench --help`
for their options."""


def main(argv: Optional[List[str]] = None) -> int:
    from .demos import billiards_cli as billiards
    from .demos import pinball_cli as pinball
    from .demos import platformer_cli as platformer
    from .demos.cli import positive_int
    from .demos.golf_cli import HELP, add_arguments
    from .demos.golf_cli import main as demo_main

    parser = argparse.ArgumentParser(
        prog="python -m pycollide", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    bench = sub.add_parser(
        "bench",
        help="overlap throughput per pair of shape types, beside numpy, "
        "shapely and the copy floor; threads; per-call cost",
    )
    bench.add_argument("--n", type=positive_int, default=1_000_000, help="pairs per measurement (default 1e6)")
    bench.add_argument("--repeat", type=positive_int, default=3, help="best of this many runs (default 3)")
    bench.add_argument("--seed", type=int, default=1, help="seed of the random scenes (default 1)")
    bench.add_argument(
        "--shapely-n",
        type=positive_int,
        default=100_000,
        help="pairs for the (much slower) shapely comparison (default 1e5)",
    )
    bench.add_argument("--json", metavar="FILE", help="also write the rows as JSON to FILE")
    demo = sub.add_parser(
        "demo",
        help="mini-golf: thousands of balls rolled over a tile-map course; report and picture",
        description=HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        usage="%(prog)s [mini-golf options]\n       %(prog)s {golf,billiards,pinball,platformer} [its options]",
    )
    add_arguments(demo)
    tables = demo.add_subparsers(
        dest="table",
        metavar="TABLE",
        title="tables (optional; default golf)",
        description="each takes its own options after its name, e.g. `demo billiards "
        "--seed 3`; `demo TABLE --help` lists them",
    )
    golf = tables.add_parser(
        "golf",
        help="mini-golf, as `demo` alone (the options above)",
        description=HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_arguments(golf)
    pool = tables.add_parser(
        "billiards",
        help="the break on a pool table: 16 balls, cushions, 6 pockets; report and billiards.png",
        description=billiards.HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    billiards.add_arguments(pool)
    flipper = tables.add_parser(
        "pinball",
        help="balls dropped on a tilted table with bumpers, pegs, slanted walls and a drain; report and pinball.png",
        description=pinball.HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    pinball.add_arguments(flipper)
    level = tables.add_parser(
        "platformer",
        help="a capsule hero and crates through slopes, steps and one-way ledges with pc.move; report and picture",
        description=platformer.HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    platformer.add_arguments(level)
    args = parser.parse_args(argv)

    if args.command == "demo":
        table = getattr(args, "table", None)
        if table is not None:
            given = list(sys.argv[1:] if argv is None else argv)
            before = given[given.index("demo") + 1 :]
            before = before[: before.index(table)] if table in before else []
            if before:  # the golf options (parsed by `demo`) would be dropped silently
                demo.error(
                    f"{' '.join(before)}: mini-golf's options go after `demo` alone or after `demo golf`; "
                    f"put {table}'s options after its name"
                )
        if table == "billiards":
            return billiards.main(args, pool)
        if table == "pinball":
            return pinball.main(args, flipper)
        if table == "platformer":
            return platformer.main(args, level)
        return demo_main(args, golf if table == "golf" else demo)

    if args.command == "bench":
        import numpy as np

        from . import __version__
        from . import bench as bench_module
        from ._native import resolve_threads

        threads = resolve_threads("bench", None, 2**40)
        try:
            import shapely

            shapely_text = f"shapely {shapely.__version__}"
        except ImportError:
            shapely_text = "shapely not installed (pip install shapely>=2 to compare)"
        print(
            f"pycollide {__version__} overlap throughput: {args.n:,} random pairs per row, best of "
            f"{args.repeat}, {threads} thread(s) available; numpy {np.__version__}, {shapely_text}, "
            f"Python {platform.python_version()}, {platform.machine()}",
            flush=True,
        )
        rows = bench_module.run(n=args.n, repeat=args.repeat, seed=args.seed, shapely_n=args.shapely_n)
        print(bench_module.format_table(rows))
        print(bench_module.LEGEND)
        built = bench_module.construction(n=args.n, repeat=args.repeat, seed=args.seed)
        print(f"\nbuilding shape arrays from {args.n:,} float64 rows each, on all threads:")
        print(bench_module.format_construction(built))
        print(
            "build: Type(array) (copy, validation and magnitude in one pass); copy: numpy.copy of the same "
            "bytes;\nquery: overlaps of the built shapes with as many circles, on all threads."
        )
        overhead = bench_module.call_overhead(seed=args.seed)
        cross = overhead["crossover_pairs"]
        cross_text = (
            f"a batch call beats a plain Python loop from {cross} pair(s) on"
            if cross
            else "a plain Python loop stayed faster up to 4096 pairs"
        )
        print(f"one call on one circle-box pair: {overhead['call_seconds'] * 1e6:.1f} us; {cross_text}.")
        if args.json:
            with open(args.json, "w") as fh:
                json.dump({"pairs": rows, "construction": built, "call_overhead": overhead}, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
