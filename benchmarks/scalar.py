"""One call on one pair: pycollide's scalar C kernels beside cute_c2's scalar functions.

    python benchmarks/scalar.py [--cute DIR] [--n 1000000] [--repeats 7] [--cc gcc]

--cute (or the environment variable PYCOLLIDE_CUTE) is a checkout of
RandyGaul/cute_headers holding cute_c2.h; it is not part of this repository
(benchmarks/peers.md says how to fetch it).  Without it, pycollide's kernels
are timed alone and the peer's column says "skipped".

The driver compiles pycollide's C core (c/src/*.c), cute_c2's implementation
and benchmarks/peers/scalar.c, each in a translation unit of its own, with the
flags pycollide's extension gets (-O3 and c/flags.mk), in a temporary
directory, and runs the harness twice: with the caller's thread in the standard
floating-point mode, and with flush-to-zero and denormals-are-zero set (the
guarantee that the caller's mode cannot change an answer has its cost there).
What is timed is a loop of calls ``hits += f(a[i], b[i])`` over n pairs of
shapes built beforehand, best of --repeats; "differ" counts cute_c2's answers
that are not pycollide's exact ones (cute_c2 computes in float).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
HARNESS = HERE / "peers" / "scalar.c"
sys.path.insert(0, str(HERE))
from peers import compile_flags  # noqa: E402  (the flags pycollide's extension gets)


def build(work: Path, cc: str, cute: Path | None) -> Path:
    flags = compile_flags()
    inc = ["-I", str(ROOT / "c" / "include")]
    sources = sorted((ROOT / "c" / "src").glob("*.c"))
    jobs = [([*flags, *inc, "-c", str(s)], work / f"pc_{s.stem}.o") for s in sources]
    harness_flags = [*flags, *inc]
    if cute is not None:
        impl = work / "cute_c2_impl.c"
        impl.write_text("#define CUTE_C2_IMPLEMENTATION\n#include \"cute_c2.h\"\n")
        jobs.append(([*flags, "-I", str(cute), "-c", str(impl)], work / "cute_c2_impl.o"))
        harness_flags += ["-DWITH_CUTE_C2", "-I", str(cute)]
    jobs.append(([*harness_flags, "-c", str(HARNESS)], work / "scalar.o"))

    def run(job):
        args, obj = job
        subprocess.run([cc, *args, "-o", str(obj)], check=True)
        return obj

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        objs = list(pool.map(run, jobs))
    exe = work / "scalar"
    subprocess.run([cc, *flags, *map(str, objs), "-lm", "-pthread", "-o", str(exe)], check=True)
    return exe


def run(exe: Path, n: int, repeats: int, ftz: bool) -> dict:
    args = [str(exe), str(n), str(repeats)] + (["ftz"] if ftz else [])
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    rows = {}
    for line in out.splitlines():
        obj = json.loads(line)
        rows[(obj["pair"], obj["lib"])] = obj
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--cute",
        type=Path,
        default=os.environ.get("PYCOLLIDE_CUTE"),
        help="a checkout of RandyGaul/cute_headers (outside this repository)",
    )
    ap.add_argument("--n", type=int, default=1_000_000, help="pairs per pair kind")
    ap.add_argument("--repeats", type=int, default=7, help="timed loops; the best is kept")
    ap.add_argument("--cc", default=os.environ.get("CC", "gcc"))
    args = ap.parse_args(argv)
    if args.n <= 0 or args.repeats <= 0:
        ap.error("--n and --repeats must be positive")
    cute = args.cute
    if cute is not None and not (Path(cute) / "cute_c2.h").is_file():
        ap.error(f"--cute {cute}: no cute_c2.h there (a checkout of RandyGaul/cute_headers)")
    if cute is None:
        print("cute_c2 not given (--cute DIR or PYCOLLIDE_CUTE): timing pycollide alone", file=sys.stderr)

    with tempfile.TemporaryDirectory(prefix="pc_scalar_") as tmp:
        exe = build(Path(tmp), args.cc, Path(cute) if cute else None)
        std = run(exe, args.n, args.repeats, ftz=False)
        ftz = run(exe, args.n, args.repeats, ftz=True) if platform.machine() in ("x86_64", "AMD64") else {}

    print(
        f"# scalar calls, ns/call, best of {args.repeats} loops over {args.n} pairs "
        f"({platform.machine()}, {args.cc}, -O3, one translation unit per library)"
    )
    print()
    print(
        "| pair | pycollide | pycollide, caller in FTZ/DAZ | cute_c2 | pycollide / cute_c2 "
        "| cute_c2 answers not exact |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    pairs = list(dict.fromkeys(p for p, _ in std))
    for pair in pairs:
        pc = std[(pair, "pycollide")]
        pcf = ftz.get((pair, "pycollide"))
        c2 = std.get((pair, "cute_c2"))
        if pcf is not None and pcf["hits"] != pc["hits"]:
            print(
                f"ERROR: {pair}: {pcf['hits']} overlaps in FTZ/DAZ mode, {pc['hits']} in the standard mode",
                file=sys.stderr,
            )
            return 1
        cells = [pair, f"{pc['ns']:.2f}", f"{pcf['ns']:.2f}" if pcf else "n/a"]
        if c2 is None:
            cells += ["skipped", "", ""]
        else:
            cells += [f"{c2['ns']:.2f}", f"{pc['ns'] / c2['ns']:.2f}", f"{c2['differ']} of {args.n}"]
        print("| " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
