"""Check that the C test calls every public function (`make -C c test` runs it).

Usage: check_coverage.py HEADER TEST.c...

Every `pc_*` function the public header declares (in its CDEF block or
outside it) must appear as a call, `name(`, in the code of the test files
(comments do not count); and every group of tests a test file defines,
`void group_x(void) {`, must be named again, in the runner's table of groups
(a group left out of it would compile and never run).  Exits 1 and names
what is missing otherwise.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
# a declaration: a return type, the name, its parameter list (a macro or a
# typedef's function pointer would not match `type name(` at a line's start)
DECLARED = re.compile(r"^[ \t]*(?:const[ \t]+)?[A-Za-z_][A-Za-z0-9_]*[ \t*]+(pc_[A-Za-z0-9_]+)[ \t]*\(", re.M)


def code(path: str) -> str:
    """The file's text without its comments."""
    return COMMENT.sub(" ", Path(path).read_text())


def declared(header: str) -> list:
    """The public functions the header declares, in order."""
    return list(dict.fromkeys(DECLARED.findall(code(header))))


def called(name: str, text: str) -> bool:
    return re.search(r"(?<![A-Za-z0-9_])" + re.escape(name) + r"\s*\(", text) is not None


GROUP = re.compile(r"^void[ \t]+(group_[A-Za-z0-9_]+)[ \t]*\([ \t]*void[ \t]*\)\s*\{", re.M)


def unrun_groups(text: str) -> list:
    """The groups defined in the test code and named nowhere else (not in the runner's table)."""
    return [g for g in GROUP.findall(text) if len(re.findall(r"(?<![A-Za-z0-9_])" + g + r"(?![A-Za-z0-9_])", text)) < 2]


def main(argv: list) -> int:
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    header, tests = argv[1], argv[2:]
    names = declared(header)
    if not names:
        print(f"{header}: no pc_* function declarations found", file=sys.stderr)
        return 1
    text = "\n".join(code(t) for t in tests)
    missing = [n for n in names if not called(n, text)]
    if missing:
        print(
            f"check_coverage: {len(missing)} of the {len(names)} public functions of {header} are never called by"
            f" the C test ({' '.join(tests)}):",
            file=sys.stderr,
        )
        for n in missing:
            print(f"  {n}", file=sys.stderr)
        return 1
    unrun = unrun_groups(text)
    if unrun:
        print(f"check_coverage: groups of tests the runner never runs: {' '.join(unrun)}", file=sys.stderr)
        return 1
    groups = len(GROUP.findall(text))
    print(f"check_coverage: the C test calls all {len(names)} public functions of {header}", end="")
    print(f"; the runner runs all {groups} groups")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
