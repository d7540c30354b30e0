"""Exact reference for signed distance (separation) and witness-point checks.

Built on the model of :mod:`reference.geometry`: shape ``A = Ca ⊕ D(ra)``,
shape ``B = Cb ⊕ D(rb)``, ``M = hull(Ca - Cb)``, ``R = ra + rb``, and
``A - B = M ⊕ D(R)``.  Translating ``b`` by ``t`` turns ``M`` into ``M - t``, so
the shapes are apart, touching or overlapping as the origin is outside, on
the boundary of, or inside ``M ⊕ D(R)``.  The signed distance is therefore the
signed distance from the origin to the convex set ``M ⊕ D(R)``:

* origin outside ``M``: ``separation = dist(0, M) - R``;
* origin in the closed ``M`` (``M`` possibly just a point or a segment):
  ``separation = -(dist(0, ∂M) + R)``, the length of the shortest translation
  that moves the origin out of ``M ⊕ D(R)`` (the penetration depth).  For a
  proper polygon ``dist(0, ∂M)`` is the smallest distance from the origin to
  an edge's line; a point or a segment is its own boundary, so it is 0.

Every squared quantity is an exact :class:`fractions.Fraction`.  The one
square root is taken with :func:`math.isqrt` to a relative 2**-100 and the
result is rounded to a float once, so it is the correctly rounded value
(barring a tie within 2**-100); in particular its sign is the exact sign.
"""

import math
from fractions import Fraction

from .geometry import ZERO, _cross, _edges, _segment_dist2, convex_hull, minkowski_difference, origin_dist2, shape_core

__all__ = ["separation", "point_distance", "boundary_distance", "projection_gap", "no_direction"]


def _sqrt(q):
    """sqrt(q) for a Fraction q >= 0, as a Fraction within a relative 2**-100."""
    if q == 0:
        return ZERO
    n, d = q.numerator, q.denominator
    k = max(0, (220 - n.bit_length() + d.bit_length()) // 2 + 1)  # q * 4**k >= 2**218
    return Fraction(math.isqrt((n << 2 * k) // d), 1 << k)


def _round(x):
    """A Fraction to the nearest float, except that a nonzero x never becomes 0
    (it becomes the smallest double of its sign): the float's sign is exact."""
    f = float(x)
    if f == 0 and x != 0:
        return 5e-324 if x > 0 else -5e-324
    return f


def _root_minus(d2, r):
    """sqrt(d2) - r for Fractions d2 > 0, r >= 0, written as
    (d2 - r²) / (sqrt(d2) + r): the numerator is exact, so the sign is exact
    and the error relative, with no cancellation."""
    return (d2 - r * r) / (_sqrt(d2) + r)


def _boundary_dist2(hull):
    """Exact squared distance from the origin (in the closed hull) to the hull's
    boundary: the smallest squared distance to an edge's line, cross² / |e|².
    A point or a segment is its own boundary: 0."""
    if len(hull) <= 2:
        return ZERO
    origin = (ZERO, ZERO)
    return min(_cross(p, q, origin) ** 2 / ((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2) for p, q in _edges(hull))


def separation(kind_a, a, kind_b, b):
    """Signed distance between shapes a and b, as a float.

    > 0: the gap; 0: touching; < 0: minus the penetration depth (the length of
    the shortest translation of b that leaves the shapes only touching).
    ``separation <= 0`` exactly when :func:`reference.overlaps` is True.
    """
    hull, radius = minkowski_difference(kind_a, a, kind_b, b)
    d2 = origin_dist2(hull)
    if d2 > 0:
        return _round(_root_minus(d2, radius))
    return _round(-(_sqrt(_boundary_dist2(hull)) + radius))


def _exact_point(xy):
    return shape_core("point", xy)[0][0]


def point_distance(kind, shape, xy):
    """Distance from the point xy to the closed shape (0 on or inside it)."""
    hull, radius = minkowski_difference(kind, shape, "point", xy)
    d2 = origin_dist2(hull)
    if d2 <= radius * radius:
        return 0.0
    return _round(_root_minus(d2, radius))


def boundary_distance(kind, shape, xy):
    """Distance from the point xy to the boundary of the shape.

    A circle's boundary is its circle (a radius-0 circle: its centre); a
    polygonal shape's boundary is its hull's edges, and a shape with no area
    (a point, a segment, a flat box or triangle) is its own boundary.
    """
    core, radius = shape_core(kind, shape)
    p = _exact_point(xy)
    if radius > 0:  # a circle or a capsule: |dist(p, core) - r|
        hull = convex_hull(core)
        d2 = min(_segment_dist2(p, q, s) for q, s in _edges(hull))
        return _round(abs(_root_minus(d2, radius)))
    hull = convex_hull(core)
    # for a hull of 1 or 2 vertices the "edges" are the point or the segment itself
    return _round(_sqrt(min(_segment_dist2(p, q, s) for q, s in _edges(hull))))


def projection_gap(kind_a, a, kind_b, b, direction):
    """How far apart a and b are along ``direction`` (any nonzero vector):
    min over b of x·u minus max over a of x·u, u = direction / |direction|.

    This is <= separation for every direction, with equality exactly for the
    directions of a minimum translation (or of closest approach).
    """
    core_a, ra = shape_core(kind_a, a)
    core_b, rb = shape_core(kind_b, b)
    ux, uy = _exact_point(direction)
    norm2 = ux * ux + uy * uy
    if norm2 == 0:
        raise ValueError(f"direction must be nonzero, got {direction!r}")
    low_b = min(x * ux + y * uy for x, y in core_b)
    high_a = max(x * ux + y * uy for x, y in core_a)
    return _round((low_b - high_a) / _sqrt(norm2) - (ra + rb))


def no_direction(kind_a, a, kind_b, b):
    """True when the two cores are one and the same single point (M = {0}):
    coincident points, concentric circles, a centre on a zero-size shape.
    Every direction is then a minimum-translation direction."""
    core_a, core_b = set(shape_core(kind_a, a)[0]), set(shape_core(kind_b, b)[0])
    return len(core_a) == 1 and core_a == core_b
