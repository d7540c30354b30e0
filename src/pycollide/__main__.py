"""Command line: ``python -m pycollide bench [--n N] [--repeat R] [--seed S] [--json FILE]``."""

from __future__ import annotations

import argparse
import json
import platform
import sys
from typing import List, Optional


def _positive(text: str) -> int:
    value = int(float(text))
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text}")
    return value


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pycollide", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    bench = sub.add_parser("bench", help="overlap throughput per pair of shape types, beside plain numpy")
    bench.add_argument("--n", type=_positive, default=1_000_000, help="pairs per measurement (default 1e6)")
    bench.add_argument("--repeat", type=_positive, default=3, help="best of this many runs (default 3)")
    bench.add_argument("--seed", type=int, default=1, help="seed of the random scenes (default 1)")
    bench.add_argument("--json", metavar="FILE", help="also write the rows as JSON to FILE")
    args = parser.parse_args(argv)

    if args.command == "bench":
        from . import __version__, bench as bench_module

        import numpy as np

        print(f"pycollide {__version__} overlap throughput: {args.n:,} random pairs per row, best of "
              f"{args.repeat}; numpy {np.__version__}, Python {platform.python_version()}, {platform.machine()}")
        rows = bench_module.run(n=args.n, repeat=args.repeat, seed=args.seed)
        print(bench_module.format_table(rows))
        print("speedup = numpy time / pycollide time for the same pairs; numpy's float expressions are not exact.")
        if args.json:
            with open(args.json, "w") as fh:
                json.dump(rows, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
