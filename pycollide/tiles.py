"""Tile worlds: a grid of square and right-triangle tiles (the queries on them
live with the verbs: overlaps, contains, contact, raycast, sweep, advance)."""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Any, NamedTuple, Tuple

import numpy as np
from numpy.typing import ArrayLike

from ._native import check_rc, double_ptr, ffi, lib, number
from .shapes import Boxes, Segments, Triangles

__all__ = ["Tile", "TileMap", "TileShapes"]


class TileShapes(NamedTuple):
    """The solid tiles of a map as shape arrays (from :meth:`TileMap.tiles`)."""

    boxes: Boxes
    """The solid tiles."""
    box_tiles: np.ndarray
    """(n, 2) int64: the row and column of each box."""
    triangles: Triangles
    """The triangle tiles, counter-clockwise."""
    triangle_tiles: np.ndarray
    """(m, 2) int64: the row and column of each triangle."""


class Tile(enum.IntEnum):
    """The kinds of tile.  A triangle is named by the corner that is CUT AWAY
    (north = +y, east = +x): ``CUT_NW`` keeps the corners (xmin, ymin),
    (xmax, ymin) and (xmax, ymax), so its slanted face looks north-west."""

    EMPTY = 0
    SOLID = 1
    CUT_NE = 2
    CUT_NW = 3
    CUT_SE = 4
    CUT_SW = 5


# TileMap.from_text: one character per tile.  Triangles are drawn by the
# corner that stays solid, as on a numeric keypad (1 = south-west, 3 =
# south-east, 7 = north-west, 9 = north-east), or with the matching Unicode
# triangle.
_CHARS = {
    ".": Tile.EMPTY,
    " ": Tile.EMPTY,
    "#": Tile.SOLID,
    "1": Tile.CUT_NE,
    "3": Tile.CUT_NW,
    "7": Tile.CUT_SE,
    "9": Tile.CUT_SW,
    "\u25e3": Tile.CUT_NE,
    "\u25e2": Tile.CUT_NW,
    "\u25e4": Tile.CUT_SE,
    "\u25e5": Tile.CUT_SW,
}
_TO_CHAR = {Tile.EMPTY: ".", Tile.SOLID: "#", Tile.CUT_NE: "1", Tile.CUT_NW: "3", Tile.CUT_SE: "7", Tile.CUT_SW: "9"}


class TileMap:
    """A grid of tiles: the static world of a tile game.

    ``kinds[i, j]`` (a :class:`Tile`) covers x in [x_j, x_(j+1)] and y in
    [y_i, y_(i+1)], where x_j is ox + j s and y_i is oy + i s, each rounded once
    to a double: row 0 is the southmost (y grows with i).  Outside the grid is
    empty.  Those rounded corners are the geometry, as :attr:`edges` shows
    it, and every query (``overlaps``, ``contains``, ``contact``,
    :func:`raycast`, :func:`sweep`, :func:`advance`) is exact against it at
    any origin and tile size: the same tiles given as ``Boxes`` and
    ``Triangles`` give the same yes/no answers.  When the tile size is tiny
    beside the origin (0.3 at 1e15, where doubles are 0.125 apart), corners
    round far from ox + j s, and several may round to one double: such tiles
    have zero width.

    At construction the boundary of the solid tiles is built once as merged
    edges: faces between two solid tiles are dropped and collinear faces that
    continue each other are joined, so a floor or wall made of many tiles is
    one flat segment, with no seam for a rolling ball to bump on.

    Parameters
    ----------
    kinds : array_like of int, shape (rows, cols)
        Tile values (0-5, see :class:`Tile`).
    tile_size : float, default 1.0
        The side of a tile, > 0.
    origin : (float, float), default (0, 0)
        The south-west corner of tile (0, 0).

    Attributes
    ----------
    kinds : ndarray of int8, read-only
    tile_size : float
    origin : tuple of float
    shape : (rows, cols)
    bounds : (xmin, ymin, xmax, ymax) of the grid
    edges : Segments, shape (m,)
        The merged boundary; the solid lies left of each segment's direction.
    normals : ndarray, shape (m, 2)
        The outward unit normal of each edge.

    Examples
    --------
    >>> import pycollide as pc
    >>> course = pc.TileMap.from_text('''
    ... #####
    ... #..3#
    ... #####
    ... ''')
    >>> course.shape, len(course.edges)
    ((3, 5), 8)
    >>> bool(pc.overlaps(pc.Circles([1.5, 1.5, 0.5]), course))   # touches the floor
    True
    """

    def __init__(self, kinds: ArrayLike, tile_size: float = 1.0, origin: Tuple[float, float] = (0.0, 0.0)) -> None:
        verb = "TileMap"
        if isinstance(kinds, TileMap):
            kinds = kinds.kinds
        try:
            array = np.asarray(kinds)
        except (ValueError, TypeError):  # ragged nested lists
            raise ValueError(
                f"{verb}: `kinds` must be a rectangular 2-D array of tile kinds (rows of equal length)"
            ) from None
        if array.ndim != 2:
            raise ValueError(f"{verb}: `kinds` must be 2-D (rows, cols), got shape {array.shape}")
        if array.size and not (np.issubdtype(array.dtype, np.integer) or array.dtype == np.bool_):
            raise TypeError(f"{verb}: `kinds` must hold integer tile kinds, got dtype {array.dtype}")
        bad = np.argwhere((array < 0) | (array > 5)) if array.size else np.empty((0, 2), int)
        if len(bad):
            i, j = (int(v) for v in bad[0])
            raise ValueError(f"{verb}: `kinds` values must be Tile kinds 0-5, got {array[i, j]} at [{i}, {j}]")
        self._kinds = np.ascontiguousarray(array, dtype=np.int8).copy()
        self._kinds.flags.writeable = False
        self._tile_size = number(verb, "tile_size", tile_size, 0.0, inclusive=False)
        try:
            ox, oy = origin
        except (TypeError, ValueError):
            raise TypeError(f"{verb}: `origin` must be a pair (x, y), got {origin!r}") from None
        self._origin = (number(verb, "origin[0]", ox), number(verb, "origin[1]", oy))
        rows, cols = self._kinds.shape
        n_edges, n_refs, magnitude = ffi.new("int64_t *"), ffi.new("int64_t *"), ffi.new("double *")
        kptr = ffi.cast("int8_t *", ffi.from_buffer(self._kinds)) if self._kinds.size else ffi.new("int8_t[1]")
        args = (kptr, rows, cols, self._tile_size, *self._origin)
        rc = lib.pc_tilemap_build(*args, ffi.NULL, 0, ffi.NULL, ffi.NULL, 0, n_edges, n_refs, magnitude)
        if rc != lib.PC_OK:
            raise ValueError(
                f"{verb}: the grid's corners overflow: tile_size {self._tile_size} and "
                f"origin {self._origin} put a corner beyond the largest double"
            )
        self._edges = np.empty((n_edges[0], 6), dtype=np.float64)
        self._cell_start = np.zeros(rows * cols + 1, dtype=np.int64)
        self._refs = np.empty(max(n_refs[0], 1), dtype=np.int64)
        rc = lib.pc_tilemap_build(
            *args,
            double_ptr(self._edges) if len(self._edges) else ffi.new("double[6]"),
            len(self._edges),
            ffi.cast("int64_t *", ffi.from_buffer(self._cell_start)),
            ffi.cast("int64_t *", ffi.from_buffer(self._refs)),
            len(self._refs),
            n_edges,
            n_refs,
            magnitude,
        )
        check_rc(verb, rc)  # the first call checked the same arguments
        self._edges.flags.writeable = False
        self._magnitude = float(magnitude[0])
        self._c = ffi.new(
            "pc_tilemap *",
            {
                "kinds": kptr,
                "rows": rows,
                "cols": cols,
                "tile_size": self._tile_size,
                "ox": self._origin[0],
                "oy": self._origin[1],
                "magnitude": self._magnitude,
                "edges": double_ptr(self._edges) if len(self._edges) else ffi.NULL,
                "n_edges": len(self._edges),
                "cell_start": ffi.cast("int64_t *", ffi.from_buffer(self._cell_start)),
                "refs": ffi.cast("int64_t *", ffi.from_buffer(self._refs)),
            },
        )
        self._keep = kptr  # the struct points into these buffers

    @classmethod
    def from_text(cls, text: str, tile_size: float = 1.0, origin: Tuple[float, float] = (0.0, 0.0)) -> "TileMap":
        """A map drawn as text, one character per tile; the first non-blank
        line is the top (northmost) row.

        ``#`` solid, ``.`` or space empty; a triangle by the corner that stays
        solid, as on a numeric keypad: ``1`` south-west, ``3`` south-east,
        ``7`` north-west, ``9`` north-east (``Tile.CUT_NE``, ``CUT_NW``,
        ``CUT_SE``, ``CUT_SW``); the Unicode triangles \u25e3 \u25e2 \u25e4 \u25e5 are
        accepted for the same four.  Leading and trailing blank lines are
        ignored; shorter lines are padded with empty tiles.

        >>> import pycollide as pc
        >>> m = pc.TileMap.from_text('''
        ... 7..
        ... ##3
        ... ''')
        >>> m.kinds.tolist()            # row 0 is the bottom line
        [[1, 1, 3], [4, 0, 0]]
        >>> print(m.to_text())
        7..
        ##3
        """
        if not isinstance(text, str):
            raise TypeError(f"TileMap.from_text: `text` must be a str, got {type(text).__name__}")
        lines = text.splitlines()
        skipped = 0  # leading blank lines, so errors name the line of the text
        while lines and not lines[0].strip():
            lines.pop(0)
            skipped += 1
        while lines and not lines[-1].strip():
            lines.pop()
        width = max((len(line) for line in lines), default=0)
        kinds = np.zeros((len(lines), width), dtype=np.int8)
        for lineno, line in enumerate(lines):
            for column, char in enumerate(line):
                if char not in _CHARS:
                    raise ValueError(
                        f"TileMap.from_text: unknown tile character {char!r} at line "
                        f"{skipped + lineno + 1}, column {column + 1} (expected one of "
                        f"'#', '.', ' ', '1', '3', '7', '9')"
                    )
                kinds[len(lines) - 1 - lineno, column] = _CHARS[char]
        return cls(kinds, tile_size, origin)

    def to_text(self) -> str:
        """The map as :meth:`from_text` reads it (top row first)."""
        return "\n".join("".join(_TO_CHAR[Tile(int(k))] for k in row) for row in self._kinds[::-1])

    @property
    def kinds(self) -> np.ndarray:
        return self._kinds

    @property
    def tile_size(self) -> float:
        return self._tile_size

    @property
    def origin(self) -> Tuple[float, float]:
        return self._origin

    @property
    def shape(self) -> Tuple[int, int]:
        return self._kinds.shape

    @property
    def bounds(self) -> Tuple[float, float, float, float]:
        rows, cols = self._kinds.shape
        ox, oy = self._origin
        s = Fraction(self._tile_size)
        # the far corners, rounded once as the tiles' are (the exact sum, then one rounding)
        return (ox, oy, float(Fraction(ox) + cols * s), float(Fraction(oy) + rows * s))

    @property
    def edges(self) -> Segments:
        return Segments(self._edges[:, :4])

    @property
    def normals(self) -> np.ndarray:
        return self._edges[:, 4:]

    def __repr__(self) -> str:
        return (
            f"TileMap(shape={self.shape}, tile_size={self._tile_size}, origin={self._origin}, edges={len(self._edges)})"
        )

    def tiles(self) -> TileShapes:
        """The solid tiles as Boxes and Triangles, with their corners rounded
        once exactly as every query sees them: ``overlaps(c, tilemap)`` is
        ``overlaps(c, boxes).any() or overlaps(c, triangles).any()``.

        >>> import pycollide as pc
        >>> t = pc.TileMap.from_text("#3").tiles()
        >>> np.asarray(t.boxes).tolist(), t.triangle_tiles.tolist()
        ([[0.0, 0.0, 1.0, 1.0]], [[0, 1]])
        """
        count = ffi.new("int64_t *")
        check_rc("TileMap.tiles", lib.pc_tilemap_tiles(self._c, ffi.NULL, ffi.NULL, ffi.NULL, 0, count))
        n = count[0]
        cells = np.empty(n, dtype=np.int64)
        kinds = np.empty(n, dtype=np.int8)
        rows = np.empty((n, 6))
        if n:
            check_rc(
                "TileMap.tiles",
                lib.pc_tilemap_tiles(
                    self._c,
                    ffi.cast("int64_t *", ffi.from_buffer(cells)),
                    ffi.cast("int8_t *", ffi.from_buffer(kinds)),
                    double_ptr(rows),
                    n,
                    count,
                ),
            )
        ij = np.column_stack(np.divmod(cells, max(self.shape[1], 1))).astype(np.int64)
        box = kinds == lib.PC_BOX
        return TileShapes(Boxes(rows[box, :4]), ij[box], Triangles(rows[~box]), ij[~box])

    def __reduce__(self) -> Tuple[Any, ...]:
        # rebuilt from its definition (the C struct points into this process's buffers)
        return (TileMap, (np.array(self._kinds), self._tile_size, self._origin))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TileMap):
            return NotImplemented
        return (
            self._tile_size == other._tile_size
            and self._origin == other._origin
            and np.array_equal(self._kinds, other._kinds)
        )

    def __hash__(self) -> int:
        return hash((self._tile_size, self._origin, self._kinds.shape, self._kinds.tobytes()))
