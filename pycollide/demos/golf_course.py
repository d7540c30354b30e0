"""Mini-golf courses: text maps with a tee and a hole, read into tile maps.

Course files (``--course FILE``)
--------------------------------
A course is a text map, one character per tile, the first line the NORTH-most
(top) row; every tile is 1 x 1 and the bottom-left corner of the map is (0, 0):

    ``#``           solid wall tile
    ``.`` or space  empty (lawn)
    ``1 3 7 9``     45-degree triangles, named like the numeric keypad by the
                    corner that stays SOLID: ``1`` south-west half, ``3``
                    south-east, ``7`` north-west, ``9`` north-east (the Unicode
                    triangles ``◣ ◢ ◤ ◥`` are accepted for ``1 3 7 9``)
    ``T``           the tee: where every ball starts (an empty tile)
    ``H``           the hole (an empty tile)

Exactly one ``T`` and one ``H``.  Short lines are padded with empty tiles;
leading and trailing blank lines are ignored.  Outside the map is empty, so a
course should be closed by walls (a ball that leaves the map is counted as
escaped).  Any other character, or a missing or second ``T`` or ``H``, is an
error that names the file, line and column.  Example (the hole behind a diamond)::

    ##########
    #7......9#
    #...31...#
    #T.3##1.H#
    #..9##7..#
    #...97...#
    #1......3#
    ##########
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional, Tuple

from ..tiles import TileMap

__all__ = ["BUILTIN_COURSE", "Course", "CourseError", "parse_course", "load_course"]

#: The built-in course: a dog-leg around a wall hanging from the north side,
#: a bump on the south wall, and the hole behind a diamond.
BUILTIN_COURSE = """\
############################
#7............9##7........9#
#..............##..........#
#..............97..........#
#..........................#
#..................31......#
#..T..............3##1...H.#
#.................9##7.....#
#..................97......#
#.......31.................#
#1.....3##1...............3#
############################
"""

TILE_CHARS = ".# 1379\u25e3\u25e2\u25e4\u25e5"
MARKERS = "TH"


class CourseError(ValueError):
    """A course text that is not a valid course; the message names the file,
    and the line and column where there is one."""


@dataclass
class Course:
    name: str
    text: str  # the map as given (with T and H)
    tilemap: TileMap
    tee: Tuple[float, float]
    hole: Tuple[float, float]


def parse_course(text: str, name: str = "<course>") -> Course:
    """A :class:`Course` from a course text (see the module docstring).
    Errors are :class:`CourseError` naming ``name``, the line and the column."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    first = 0  # leading and trailing blank lines are not rows (as in TileMap.from_text)
    while first < len(lines) and not lines[first].strip():
        first += 1
    while len(lines) > first and not lines[-1].strip():
        lines.pop()
    if first == len(lines):
        raise CourseError(f"{name}: the course is empty")
    found: Dict[str, Tuple[int, int]] = {}
    clean = []
    for li, line in enumerate(lines[first:], first + 1):  # li: the line number in the file
        for ci, ch in enumerate(line, 1):
            if ch in MARKERS:
                what = "tee 'T'" if ch == "T" else "hole 'H'"
                if ch in found:
                    raise CourseError(
                        f"{name}: line {li}, column {ci}: a second {what} "
                        f"(the first is at line {found[ch][0]}, column {found[ch][1]}); "
                        "a course has exactly one"
                    )
                found[ch] = (li, ci)
            elif ch not in TILE_CHARS:
                raise CourseError(
                    f"{name}: line {li}, column {ci}: unknown tile character {ch!r} "
                    "(expected one of: # . space 1 3 7 9 T H)"
                )
        clean.append(line.replace("T", ".").replace("H", "."))
    for ch, what in (("T", "tee 'T'"), ("H", "hole 'H'")):
        if ch not in found:
            raise CourseError(f"{name}: no {what} in the course; a course has exactly one")
    try:
        tilemap = TileMap.from_text("\n".join(clean))
    except ValueError as exc:
        raise CourseError(f"{name}: {exc}") from None
    rows = len(clean)
    if tilemap.shape[0] != rows:  # pragma: no cover - TileMap.from_text reads the rows otherwise
        raise CourseError(f"{name}: the tile map has {tilemap.shape[0]} rows, the text {rows}")

    def centre(li, ci):
        i = rows - (li - first)  # file line li (first + 1 = top) is tile row rows - (li - first)
        s = float(tilemap.tile_size)
        ox, oy = (float(v) for v in tilemap.origin)
        return (ox + (ci - 0.5) * s, oy + (i + 0.5) * s)

    return Course(
        name=name,
        text="\n".join(lines[first:]) + "\n",
        tilemap=tilemap,
        tee=centre(*found["T"]),
        hole=centre(*found["H"]),
    )


def load_course(path: Optional[str] = None) -> Course:
    """The course in the text file ``path``, or the built-in one if None."""
    if path is None:
        return parse_course(BUILTIN_COURSE, "<built-in course>")
    try:
        with open(path, encoding="utf-8-sig") as fh:  # a byte-order mark is not a tile
            text = fh.read()
    except OSError as exc:
        raise CourseError(f"{path}: cannot read the course: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise CourseError(f"{path}: not a UTF-8 text file ({exc.reason} at byte {exc.start})") from None
    return parse_course(text, path)
