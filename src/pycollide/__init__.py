"""pycollide: exact 2D collision detection for numpy.

Shapes are validated float64 arrays (``Points``, ``Circles``, ``Boxes``,
``Segments``, ``Triangles``, and ``Lines`` for :func:`intersections` only);
queries are functions that broadcast over them like numpy ufuncs and answer
every yes/no question exactly.
"""

from .intersect import intersections
from .overlap import contains, overlaps
from .shapes import Boxes, Circles, Lines, Points, Segments, Shapes, Triangles

__all__ = ["Shapes", "Points", "Circles", "Boxes", "Segments", "Triangles", "Lines",
           "overlaps", "contains", "intersections"]
__version__ = "0.1.0"
