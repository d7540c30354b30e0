"""Overlap throughput per pair of shape types beside the copy floor, numpy,
shapely and a Python loop; threads 1 vs all (same as `python -m pycollide bench`).

    python benchmarks/overlap_throughput.py [--n N] [--repeat R] [--shapely-n M] [--json FILE]
"""

import sys

from pycollide.__main__ import main

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
