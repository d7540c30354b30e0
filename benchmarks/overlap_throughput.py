"""Overlap throughput per pair of shape types vs plain numpy (same as `python -m pycollide bench`).

    python benchmarks/overlap_throughput.py [--n N] [--repeat R] [--json FILE]
"""

import sys

from pycollide.__main__ import main

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
