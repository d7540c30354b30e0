"""Boundary intersections: where the boundaries of two shapes cross."""

from __future__ import annotations

from typing import Any, Optional, Tuple

import numpy as np

from . import _dispatch as d
from .outlines import _Outlines, intersections_with
from .shapes import Boxes, Capsules, Circles, Lines, Polygons, Segments, Shapes, Triangles

__all__ = ["intersections"]

#: the supported pairs (either order), as the C core's table has them
SUPPORTED = (
    (Segments, Segments),
    (Circles, Segments),
    (Circles, Circles),
    (Boxes, Segments),
    (Circles, Lines),
    (Segments, Lines),
    (Triangles, Segments),
    (Triangles, Lines),
    (Capsules, Segments),
    (Capsules, Lines),
    (Polygons, Segments),
    (Polygons, Lines),
)
_SUPPORTED_TEXT = ", ".join(f"{a.__name__}-{b.__name__}" for a, b in SUPPORTED)
_SUPPORTED_KINDS = ", ".join(sorted({cls.__name__ for pair in SUPPORTED for cls in pair}))


def _check(name: str, value: Any) -> Shapes:
    if not isinstance(value, Shapes):
        raise TypeError(
            f"intersections: `{name}` must be a shape array ({_SUPPORTED_KINDS}), got {type(value).__name__}"
        )
    return value


def intersections(a: Shapes, b: Shapes, *, threads: Optional[int] = None) -> Tuple[np.ndarray, np.ndarray]:
    """Where the BOUNDARIES of the shapes ``a`` and ``b`` cross.

    The leading axes broadcast like :func:`pycollide.overlaps`.  Supported
    pairs, in either order (the reversed order gives the same points in the
    same order):

    * Segments-Segments: the crossing point (count 1).  Collinear segments that
      share a part give its two ends in lexicographic order (x, then y), or
      count 1 when the shared part is a single point.
    * Circles-Segments: the 0, 1 or 2 points where the segment meets the
      circumference, ordered along the segment from its start (a tangent gives
      1; a segment strictly inside the circle gives 0).
    * Circles-Circles: 0, 1 (tangent, inside or outside) or 2 points; the point
      to the right of the direction from one centre to the other comes first,
      the direction taken from the circle that is smaller in (x, y, r) order.
      Concentric equal circles of positive radius meet in infinitely many
      points: reported as count 0, with no points.  (Two equal radius-0
      circles are one point: count 1.)
    * Boxes-Segments: like pygame's ``Rect.clipline``: the ends of the part of
      the segment inside the (closed) box, in segment order.  That part's ends
      include segment ends lying inside the box, so they are not only boundary
      crossings.  Count 2 when the part has positive length, 1 when it is a
      single point, 0 when the segment misses the box.
    * Circles-Lines: 0, 1 (tangent) or 2 points, ordered along the line's
      direction (start to end).
    * Segments-Lines: the crossing point; a segment lying on the line gives its
      two ends, ordered along the line's direction (one point if it has zero
      length).
    * Triangles, Polygons and Capsules against Segments and Lines: where the
      segment or line meets the shape's boundary (a capsule's boundary is two
      straight sides and two half-circle arcs), ordered along the segment
      from its start or along the line's direction.  A line crossing the
      shape gives 2 points, one touching it 1 (a vertex, a tangent arc).  A
      segment gives the ends of its part in the shape that are not interior
      points: a segment with both ends strictly inside gives 0, one end inside
      1.  Where the boundary is straight and the segment or line runs along it
      (a polygon's edge, a capsule's flat side), the ends of the shared part.
      A zero-area polygon (all vertices collinear) is its own boundary.  (Boxes
      keep the clipping rule above; a box that ``pc.transform`` turns into a
      4-gon follows this one.)

    Segments or Lines against :class:`Polylines` or :class:`Regions` (either
    order, the same result) give a ragged result instead, in GeoArrow's
    layout: ``(points, offsets)``, ``points`` of shape (m, 2) and
    ``offsets`` of length pairs + 1, pair ``k`` (the broadcast pairs in C
    order, the outline collection one axis as for :func:`overlaps`) owning
    ``points[offsets[k]:offsets[k + 1]]``: where the segment or line meets
    the edges (a polyline's, every ring of a region's), in order along it
    from its start.  A point where it passes through a vertex is one point;
    where it runs along edges, the two ends of that run (a point inside a
    run is none).  The count and the points that are edges' or segments'
    ends are exact; the others are rounded as Segments-Segments rounds them.
    Two edges crossing each other exactly on the segment away from their
    ends (a polyline crossing itself there) give one point each.

    Whether the boundaries meet and the count are exact (decided by the same
    exact predicates as ``overlaps``: e.g. two segments have count > 0 exactly
    when they overlap).  The coordinates are rounded floating-point results,
    accurate to a few ulps of the pair's largest coordinate except where the
    point itself is ill-conditioned (near-tangent or nearly parallel inputs);
    a point that is an input vertex (a segment end, a box corner) is exact.
    ``threads`` as for :func:`pycollide.overlaps`.

    Returns
    -------
    points : ndarray of float64, shape (..., 2, 2)
        Up to two (x, y) points per pair; unused slots are NaN.
    count : ndarray of int8, shape (...) (0-d for two single shapes)
        0, 1 or 2.

    Examples
    --------
    >>> import pycollide as pc
    >>> points, count = pc.intersections(pc.Segments([0, 0, 2, 2]), pc.Segments([0, 2, 2, 0]))
    >>> points, int(count)
    (array([[ 1.,  1.],
           [nan, nan]]), 1)
    >>> circle = pc.Circles([0, 0, 5])
    >>> points, count = pc.intersections(circle, pc.Lines([[-10, 3, 10, 3], [5, -1, 5, 1], [0, 6, 1, 6]]))
    >>> count
    array([2, 1, 0], dtype=int8)
    >>> points[0], points[1]
    (array([[-4.,  3.],
           [ 4.,  3.]]), array([[ 5.,  0.],
           [nan, nan]]))
    >>> diamond = pc.Polygons([[0, -2], [2, 0], [0, 2], [-2, 0]])
    >>> points, count = pc.intersections(diamond, pc.Lines([[3, 1, -3, 1], [2, -5, 2, 5]]))
    >>> count                           # across; touching a vertex
    array([2, 1], dtype=int8)
    >>> points[0]                       # in the line's direction
    array([[ 1.,  1.],
           [-1.,  1.]])
    >>> pill = pc.Capsules([0, 0, 4, 0, 1])
    >>> points, count = pc.intersections(pill, pc.Segments([[2, -3, 2, 0], [-2, 1, 6, 1], [1, 0, 2, 0]]))
    >>> count                           # in through a side; along a flat side; all inside
    array([1, 2, 0], dtype=int8)
    >>> points[1]
    array([[0., 1.],
           [4., 1.]])
    >>> frame = pc.Regions([[[0, 0], [4, 0], [4, 4], [0, 4]]], holes=[[[[1, 1], [3, 1], [3, 3], [1, 3]]]])
    >>> points, offsets = pc.intersections(pc.Segments([[-1, 2, 5, 2], [-1, 1, 5, 1], [2, 2, 2, 2]]), frame)
    >>> offsets                         # across the frame and its hole; along the hole's edge; in the hole
    array([0, 4, 8, 8])
    >>> points[4:8]                     # the shell's sides, the ends of the run along the hole
    array([[0., 1.],
           [1., 1.],
           [3., 1.],
           [4., 1.]])
    >>> box = pc.Boxes([0, 0, 4, 4])
    >>> points, count = pc.intersections(pc.Segments([[-2, 1, 6, 1], [1, 1, 6, 1]]), box)
    >>> points
    array([[[0., 1.],
            [4., 1.]],
    <BLANKLINE>
           [[1., 1.],
            [4., 1.]]])
    """
    if isinstance(a, _Outlines) or isinstance(b, _Outlines):
        return intersections_with("intersections", a, b, threads)
    a, b = _check("a", a), _check("b", b)
    if not any(isinstance(a, p) and isinstance(b, q) or isinstance(a, q) and isinstance(b, p) for p, q in SUPPORTED):
        raise TypeError(
            f"intersections: {type(a).__name__} and {type(b).__name__} are not a "
            f"supported pair; supported (either order): {_SUPPORTED_TEXT}"
        )
    return d.intersections("intersections", a, b, threads)
