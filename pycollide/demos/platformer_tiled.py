"""The platformer demo's levels drawn in the Tiled editor: a map (``.tmj``,
``.json`` or ``.tmx``) read by :func:`pycollide.load_tiled` and turned into a
:class:`~pycollide.demos.platformer.Level`.

* The tiles: the one tile layer whose tiles collide, by their custom property
  ``collision`` (``"solid"``, ``"cut_ne"``, ``"cut_nw"``, ``"cut_se"``,
  ``"cut_sw"``; flipped tiles turn their cut), square tiles of any size.
* The objects, by their type (class), or by their name when they have none:
  ``hero`` (one) and ``crate`` start where their feet are, at a point
  object's position or at the bottom middle of another shape; ``ledge``, a
  rectangle, is a one-way ledge; ``platform``, a rectangle, is a moving
  platform, with the custom properties ``way`` (``"east"``, ``"west"``,
  ``"north"`` or ``"south"``, the way it sets off), ``tiles`` (how far it
  travels, default 4) and ``speed`` (tiles a second, default 2).
* The ground drawn as objects: concave polygons (and polygons of more than 8
  vertices) and polylines of any other type are solid ground, the world's
  :class:`~pycollide.Regions` and :class:`~pycollide.Polylines` parts: slopes
  of any angle and shape that the hero runs over as over the tiles.

The world's unit is the tile, as in the text levels: Tiled's pixels are
divided by the tile's side, and y points up (pixel ``(x, y)`` is ``(x / s,
(H - y) / s)``, ``H`` the map's height in pixels and ``s`` the tile's
side).  :data:`TILED_LEVEL` is the level shipped with the package.
"""

from __future__ import annotations

import os
from typing import Any, Dict, List, Sequence, Tuple, Union

import numpy as np

from .. import Boxes, Points, Polylines, Regions, TileMap
from .platformer import ARROWS, Level, LevelError

__all__ = ["TILED_LEVEL", "TILED_SUFFIXES", "WAYS", "OBJECT_TYPES", "is_tiled", "load_level"]

#: the Tiled map shipped with the package (its tileset's picture beside it)
TILED_LEVEL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "platformer.tmj")

#: the file names read as Tiled maps (others are text levels)
TILED_SUFFIXES = (".tmj", ".json", ".tmx")

#: a platform's ``way`` property -> its arrow in the text levels
WAYS: Dict[str, str] = {"east": ">", "west": "<", "north": "^", "south": "v"}

#: the object types the demo plays
OBJECT_TYPES = ("hero", "crate", "ledge", "platform")


def is_tiled(path: str) -> bool:
    """Whether a level file is a Tiled map, by its extension."""
    return os.path.splitext(path)[1].lower() in TILED_SUFFIXES


def _property(where: str, props: Dict[str, Any], name: str, default: float) -> float:
    value = props.get(name, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (np.isfinite(value) and value > 0):
        raise LevelError(f"{where}: its property {name!r} must be a number > 0, got {value!r}")
    return float(value)


def _feet(shapes: Any, k: int) -> Tuple[float, float]:
    """Where an object's feet are: a point, or the bottom middle of a shape's bounds."""
    if isinstance(shapes, Points):
        x, y = np.asarray(shapes)[k]
        return float(x), float(y)
    bounds = shapes.bounds if isinstance(shapes, (Regions, Polylines)) else shapes.bounds()
    xmin, ymin, xmax, _ = np.asarray(bounds)[k]
    return float(0.5 * (xmin + xmax)), float(ymin)


def load_level(path: str) -> Level:
    """The :class:`~pycollide.demos.platformer.Level` of a Tiled map (see the
    module's notes); a LevelError naming the file and the layer or object
    for a map the demo cannot play."""
    from ..tiled import LevelShapes, LevelTiles, load_tiled  # only when a Tiled level is played

    name = os.path.basename(path)
    try:
        level = load_tiled(path)
    except OSError as exc:
        raise LevelError(f"{path}: {exc.strerror}") from None
    except ValueError as exc:
        raise LevelError(str(exc)) from None
    grids = [p for p in level.parts if isinstance(p, LevelTiles)]
    if len(grids) != 1:
        found = ", ".join(repr(p.layer) for p in grids) or "none"
        raise LevelError(
            f"{path}: the demo plays one tile layer with colliding tiles (tiles with the property "
            f"'collision'), the map has {len(grids)}: {found}"
        )
    grid = grids[0].tilemap
    s = grid.tile_size
    tilemap = TileMap(grid.kinds, 1.0, (grid.origin[0] / s, grid.origin[1] / s))
    hero: List[Tuple[float, float]] = []
    crates: List[Tuple[float, float]] = []
    ledges: List[np.ndarray] = []
    platforms: List[np.ndarray] = []
    paths: List[Tuple[float, float]] = []
    speeds: List[float] = []
    outlines: List[Union[Regions, Polylines]] = []
    for part in level.parts:
        if not isinstance(part, LevelShapes):
            continue
        outline = part.shapes if isinstance(part.shapes, (Regions, Polylines)) else None
        ground: List[int] = []  # of an outline part: the objects that are the ground
        for k, obj in enumerate(part.objects):
            kind = obj.type or obj.name
            where = f"{path}: layer {part.layer!r}: object {obj.id}" + (f" ({obj.name!r})" if obj.name else "")
            if outline is not None and kind not in OBJECT_TYPES:
                ground.append(k)
                continue
            if kind in ("hero", "crate"):
                x, y = _feet(part.shapes, k)
                (hero if kind == "hero" else crates).append((x / s, y / s))
                continue
            if kind not in ("ledge", "platform"):
                raise LevelError(
                    f"{where}: its type is {kind!r}; the demo plays the objects of types "
                    f"{', '.join(map(repr, OBJECT_TYPES))} (the type, else the name)"
                )
            if not isinstance(part.shapes, Boxes):
                article = "an" if obj.shape[0] in "aeiou" else "a"
                drawn = f"turned by {obj.rotation:g} degrees" if obj.shape == "rectangle" else f"{article} {obj.shape}"
                raise LevelError(f"{where}: a {kind} must be a rectangle, not turned; this one is {drawn}")
            box = np.asarray(part.shapes)[k] / s
            if kind == "ledge":
                ledges.append(box)
                continue
            way = obj.properties.get("way")
            if way not in WAYS:
                raise LevelError(
                    f"{where}: a platform needs the property 'way', one of {', '.join(map(repr, WAYS))}, got {way!r}"
                )
            travel = _property(where, obj.properties, "tiles", 4.0)
            platforms.append(box)
            dx, dy = ARROWS[WAYS[way]]
            paths.append((dx * travel, dy * travel))
            speeds.append(_property(where, obj.properties, "speed", 2.0))
        if outline is not None and ground:  # in tiles, as the rest (exact for tiles of a power-of-two side)
            kept = outline[np.array(ground)]
            try:
                outlines.append(type(kept).from_ragged(kept.coords / s, kept.offsets))
            except ValueError as exc:  # a region that rounding to tiles made touch itself
                raise LevelError(f"{path}: layer {part.layer!r}: in tiles, {exc}") from None
    if len(hero) != 1:
        raise LevelError(f"{path}: the level needs one object of type 'hero' (its start), it has {len(hero)}")
    return Level(
        name,
        tilemap,
        Boxes(_rows(ledges, 4)),
        Boxes(_rows(platforms, 4)),
        _rows(paths, 2),
        np.array(speeds, dtype=float),
        hero[0],
        _rows(crates, 2),
        tuple(outlines),
    )


def _rows(rows: Sequence[Any], width: int) -> np.ndarray:
    """Rows of numbers as a (n, width) float64 array, (0, width) for none."""
    return np.array(rows, dtype=float).reshape(-1, width)
