"""c/README.md's kind-by-verb table, made from src/matrix.h.

    python c/tools/kind_table.py            print the table
    python c/tools/kind_table.py --check    exit 1 unless README's table is it,
                                            and each switch matrix.h names
                                            has the cases it says
    python c/tools/kind_table.py --write    rewrite README's table

The facts come from compiling tools/kind_table.c against matrix.h (with the
C compiler of $CC, else cc) and running it: the table shows what the
header's pair lists and predicates say, not a copy of them.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

C = Path(__file__).resolve().parents[1]
README = C / "README.md"
BEGIN = "<!-- kind table: made by tools/kind_table.py from src/matrix.h -->"
END = "<!-- end of the kind table -->"

# the switches whose cases a predicate of matrix.h names: (source, function,
# predicate); the cases are the function's "case PC_X:" labels and, for
# sse_rows, its "kind == PC_X" tests
SWITCHES = [
    ("src/grid.c", "corner", "grid_corner_case"),
    ("src/validate.c", "kind_rule_broken", "validate_rule_case"),
    ("src/validate.c", "sse_rows", "validate_rule_case"),
]


def facts() -> list[list[str]]:
    """The lines kind_table.c prints, split."""
    cc = shlex.split(os.environ.get("CC", "cc"))
    with tempfile.TemporaryDirectory() as tmp:
        exe = Path(tmp) / "kind_table"
        cmd = [*cc, "-std=c11", "-I", str(C / "include"), "-I", str(C / "src")]
        subprocess.run([*cmd, str(C / "tools" / "kind_table.c"), "-o", str(exe), "-lm"], check=True)
        out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout
    return [line.split() for line in out.splitlines()]


class Matrix:
    """matrix.h's facts: names, per-kind predicates, per-pair paths."""

    def __init__(self, lines: list[list[str]]):
        self.names: dict[int, str] = {}
        self.kind: dict[str, dict[int, str]] = defaultdict(dict)
        self.pair: dict[str, dict[tuple[int, int], str]] = defaultdict(dict)
        for fact, *rest in lines:
            if fact == "name":
                self.names[int(rest[0])] = rest[1]
            elif fact == "polygon":
                for k in range(int(rest[0]), int(rest[1]) + 1):
                    self.names[k] = f"{k - int(rest[0]) + 3}-gon"
            elif len(rest) == 2:
                self.kind[fact][int(rest[0])] = rest[1]
            else:
                self.pair[fact][int(rest[0]), int(rest[1])] = rest[2]
        self.shapes = sorted(k for k in self.names if self.names[k] != "line")
        self.line = next(k for k in self.names if self.names[k] == "line")

    def on(self, fact: str, k: int) -> bool:
        return self.kind[fact].get(k) == "1"

    def names_of(self, kinds: list[int]) -> str:
        """Kinds by name, a run of three or more polygons as "3- to 8-gon"."""
        out: list[str] = []
        run: list[int] = []

        def flush() -> None:
            if len(run) >= 3:
                out.append(f"{self.names[run[0]][:-4]}- to {self.names[run[-1]]}")
            else:
                out.extend(self.names[k] for k in run)
            run.clear()

        for k in kinds:
            if self.names[k].endswith("-gon") and (not run or k == run[-1] + 1):
                run.append(k)
            else:
                flush()
                if self.names[k].endswith("-gon"):
                    run.append(k)
                else:
                    out.append(self.names[k])
        flush()
        return ", ".join(out)

    def partners(self, fact: str, a: int, labels: dict[str, str], others: list[int]) -> str:
        """a's partners grouped by the path of the pair, in labels' order."""
        groups: dict[str, list[int]] = defaultdict(list)
        for b in others:
            path = self.pair[fact][a, b]
            if path in labels:
                groups[labels[path]].append(b)
        parts = [
            f"{label}: {self.names_of(sorted(groups[label]))}"
            for label in dict.fromkeys(labels.values())
            if groups[label]
        ]
        return "; ".join(parts) if parts else "—"


COLUMNS = [
    "kind",
    "overlaps",
    "contacts",
    "intersections",
    "validation",
    "broad phase",
    "sweeps",
    "tile maps, worlds",
]


def row(m: Matrix, k: int) -> list[str]:
    if k == m.line:
        ix = m.partners("intersections", k, {"kernel": "kernel", "views": "views"}, m.shapes)
        return ["line", "—", "—", ix, validation(m, k), "—", "—", "—"]
    kernels = [b for b in m.shapes if m.pair["overlap"][k, b] == "kernel"]
    overlap = f"kernel: {m.names_of(kernels)}; views otherwise" if kernels else "views"
    scalar = [b for b in m.shapes if m.pair["scalar"][k, b] == "fast"]
    if scalar:
        overlap += f" (pc_overlap_*: mode-free test first with {m.names_of(scalar)})"
    contact = m.partners(
        "contact",
        k,
        {
            "box-box": "closed form",
            "ball-box": "closed form",
            "ball": "ball",
            "ngon": "ball-polygon (SSE2, AVX2)",
            "small-constant": "small polygons (AVX2, a loop of its own)",
            "small": "small polygons (AVX2)",
            "seg-constant": "segment cores (AVX2, a loop of its own)",
            "seg": "segment cores (AVX2)",
            "cores": "cores",
        },
        m.shapes,
    )
    if m.on("contact_polygon_hull", k):
        contact += "; its core from one orientation test"
    ix = m.partners("intersections", k, {"kernel": "kernel", "views": "views"}, [*m.shapes, m.line])
    grid_facts = [("grid_columns", "columns x, y, r"), ("grid_corner_case", "box from the row")]
    grid = [part for fact, part in grid_facts if m.on(fact, k)]
    broad = [f"grid: {', '.join(grid)}"] if grid else []
    if m.on("pairs_prune", k):
        broad.append("tree: nodes pruned by the shape")
    sweep = "swept circle" if m.on("sweep_ball", k) else "cores"
    maps = ["overlap: " + ("circle test" if m.on("map_ball", k) else "tile by tile")]
    if m.on("world_map_circle", k):
        maps.append("world sweep: the tile map's circle sweep")
    maps.append("world contact with a tile map: " + ("yes" if m.on("world_map_contact", k) else "no"))
    if m.on("polygon_kind", k):
        maps.append("placed: its hull where it turns both ways")
    return [
        m.names[k],
        overlap,
        contact,
        ix,
        validation(m, k),
        "; ".join(broad) or "generic",
        sweep,
        "; ".join(maps),
    ]


def validation(m: Matrix, k: int) -> str:
    cell = "fused SSE2 loop" if m.on("validate_fused", k) else "row by row"
    if m.on("validate_rule_case", k):
        cell += ", its rule in a loop of its own"
    return cell


def table(m: Matrix) -> str:
    rows = [row(m, k) for k in m.shapes]
    # consecutive polygons with the same cells share a row
    merged: list[tuple[list[int], list[str]]] = []
    for k, r in zip(m.shapes, rows):
        if merged and merged[-1][1][1:] == r[1:] and m.names[k].endswith("-gon"):
            merged[-1][0].append(k)
        else:
            merged.append(([k], r))
    lines = [
        "| " + " | ".join(COLUMNS) + " |",
        "| " + " | ".join("---" for _ in COLUMNS) + " |",
    ]
    for kinds, r in merged:
        lines.append("| " + " | ".join([m.names_of(kinds), *r[1:]]) + " |")
    lines.append("| " + " | ".join(row(m, m.line)) + " |")
    return "\n".join(lines)


def readme_table() -> str | None:
    text = README.read_text()
    match = re.search(re.escape(BEGIN) + r"\n(.*?)" + re.escape(END), text, re.S)
    return match.group(1).rstrip("\n") if match else None


def switch_problems(m: Matrix) -> list[str]:
    """Each switch of SWITCHES against the predicate naming its cases."""
    problems = []
    for source, function, fact in SWITCHES:
        text = (C / source).read_text()
        start = re.search(r"^[^\n;]*\b" + function + r"\(.*?\n\{\n", text, re.M | re.S)
        if not start:
            problems.append(f"{source}: no function {function}")
            continue
        body = text[start.end() : text.index("\n}\n", start.end())]
        labels = set(re.findall(r"case (PC_[A-Z]+):", body)) | set(re.findall(r"\bkind == (PC_[A-Z]+)\b", body))
        cases = sorted(m.names[k] for k in [*m.shapes, m.line] if m.on(fact, k))
        found = sorted(label[3:].lower() for label in labels)
        if cases != found:
            problems.append(f"{source}: {function} has the cases {found}, matrix.h's {fact} says {cases}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    m = Matrix(facts())
    made = table(m)
    if args.write:
        text = README.read_text()
        if readme_table() is None:
            print(f"{README}: no {BEGIN} ... {END} section", file=sys.stderr)
            return 1
        pattern = re.escape(BEGIN) + r"\n.*?" + re.escape(END)
        README.write_text(re.sub(pattern, lambda _: f"{BEGIN}\n{made}\n{END}", text, flags=re.S))
        return 0
    if args.check:
        problems = switch_problems(m)
        if readme_table() != made:
            problems.append(f"{README}: the kind table is not matrix.h's (python c/tools/kind_table.py --write)")
        for p in problems:
            print(p, file=sys.stderr)
        return 1 if problems else 0
    print(made)
    return 0


if __name__ == "__main__":
    sys.exit(main())
