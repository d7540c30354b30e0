"""pycollide: exact 2D collision detection for numpy.

Shapes are validated float64 arrays (``Points``, ``Circles``, ``Boxes``,
``Segments``, ``Triangles``); queries are functions that broadcast over them
like numpy ufuncs and answer every yes/no question exactly.
"""

from .overlap import contains, overlaps
from .shapes import Boxes, Circles, Points, Segments, Shapes, Triangles

__all__ = ["Shapes", "Points", "Circles", "Boxes", "Segments", "Triangles", "overlaps", "contains"]
__version__ = "0.1.0"
