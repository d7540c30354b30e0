"""pycollide: exact 2D collision detection for numpy.

Shapes are validated float64 arrays (``Points``, ``Circles``, ``Boxes``,
``Segments``, ``Triangles``, ``Capsules``, convex ``Polygons`` of up to 8
vertices, and ``Lines`` for :func:`intersections` only); ``transform`` rotates
and moves them;
queries are functions that broadcast over them like numpy ufuncs and answer
every yes/no question exactly.  ``contact`` and ``distance`` say how far apart
or how deep, which way and where; ``intersections`` where the boundaries
cross; ``reflect`` and ``impulse`` turn a contact normal into new velocities.
``TileMap`` is a tile world (square and 45-degree tiles with a merged
boundary); ``raycast``, ``sweep`` (time of impact), ``advance`` (move and
bounce balls, with no tunnelling), ``slide`` (boxes, restitution 0) and
``depenetrate`` (move shapes out of it) work against it.  ``load_tiled``
reads a level drawn in the Tiled editor into tile maps and shapes.
"""

from pkgutil import extend_path
from typing import TYPE_CHECKING, Any, List

# Imported from a source checkout (``python -m pycollide demo`` in the
# repository's root puts the root first on sys.path), the package is this
# folder, but the compiled core (_core) exists only in the installed copy:
# extend the package's path with the other ``pycollide`` folders on sys.path.
__path__ = extend_path(__path__, __name__)

from .compound import Compound, Placed  # noqa: E402
from .contact import Contact, Manifold, WorldContact, WorldManifold, contact, distance, manifold
from .index import Index
from .interop import from_shapely
from .intersect import intersections
from .mass import MassProperties, mass_properties
from .motion import AdvanceEvents, Depenetration, Slide, advance, depenetrate, slide
from .mover import Move, MoveEvents, move
from .outlines import Polylines, Regions
from .overlap import contains, overlaps
from .pairs import Nearest, nearest, pairs
from .raycast import RayHit, ShapeHit, WorldHit, raycast
from .response import impulse, reflect
from .shapes import Boxes, Capsules, Circles, Lines, Points, Polygons, Segments, Shapes, Triangles
from .sweep import Sweep, WorldSweep, sweep, sweep_transform
from .tiles import Tile, TileMap
from .transform import transform
from .world import OneWay, World

if TYPE_CHECKING:  # loaded on first use (below): the XML and JSON readers cost import time
    from .tiled import (
        LevelShapes,
        LevelTiles,
        TiledLevel,
        TiledMap,
        TiledObject,
        TiledObjectLayer,
        TiledTile,
        TiledTileLayer,
        TiledTileset,
        load_tiled,
        read_tiled,
    )


__all__ = [
    "Shapes",
    "Points",
    "Circles",
    "Boxes",
    "Segments",
    "Triangles",
    "Capsules",
    "Polygons",
    "Lines",
    "Polylines",
    "Regions",
    "transform",
    "overlaps",
    "contains",
    "pairs",
    "Nearest",
    "nearest",
    "Index",
    "Contact",
    "WorldContact",
    "contact",
    "distance",
    "Manifold",
    "WorldManifold",
    "manifold",
    "intersections",
    "from_shapely",
    "reflect",
    "impulse",
    "MassProperties",
    "mass_properties",
    "Compound",
    "Placed",
    "Tile",
    "TileMap",
    "World",
    "OneWay",
    "raycast",
    "RayHit",
    "ShapeHit",
    "WorldHit",
    "sweep",
    "sweep_transform",
    "Sweep",
    "WorldSweep",
    "advance",
    "AdvanceEvents",
    "slide",
    "Slide",
    "move",
    "Move",
    "MoveEvents",
    "depenetrate",
    "Depenetration",
    # pycollide.tiled's, imported on first use (__getattr__); these last in the list
    "load_tiled",
    "read_tiled",
    "TiledLevel",
    "LevelTiles",
    "LevelShapes",
    "TiledMap",
    "TiledTileset",
    "TiledTile",
    "TiledTileLayer",
    "TiledObjectLayer",
    "TiledObject",
]
__version__ = "0.1.0"
_TILED = frozenset(__all__[__all__.index("load_tiled") :])


def __getattr__(name: str) -> Any:
    """The Tiled reader's names, imported from pycollide.tiled on first use
    (``import pycollide`` does not load it)."""
    if name in _TILED:
        from . import tiled

        value = getattr(tiled, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(__all__))
