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
``depenetrate`` (move shapes out of it) work against it.
"""

from pkgutil import extend_path

# Imported from a source checkout (``python -m pycollide demo`` in the
# repository's root puts the root first on sys.path), the package is this
# folder, but the compiled core (_core) exists only in the installed copy:
# extend the package's path with the other ``pycollide`` folders on sys.path.
__path__ = extend_path(__path__, __name__)

from .compound import Compound, Placed  # noqa: E402
from .contact import Contact, Manifold, WorldContact, WorldManifold, contact, distance, manifold
from .intersect import intersections
from .motion import AdvanceEvents, Depenetration, Slide, advance, depenetrate, slide
from .mover import Move, MoveEvents, move
from .outlines import Polylines, Regions
from .overlap import contains, overlaps
from .pairs import Nearest, nearest, pairs
from .raycast import RayHit, ShapeHit, WorldHit, raycast
from .response import impulse, reflect
from .shapes import Boxes, Capsules, Circles, Lines, Points, Polygons, Segments, Shapes, Triangles
from .sweep import Sweep, WorldSweep, sweep
from .tiles import Tile, TileMap
from .transform import transform
from .world import OneWay, World

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
    "Contact",
    "WorldContact",
    "contact",
    "distance",
    "Manifold",
    "WorldManifold",
    "manifold",
    "intersections",
    "reflect",
    "impulse",
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
]
__version__ = "0.1.0"
