"""Exact reference mass properties, for testing :func:`pycollide.mass_properties`.

Derived from the integrals, independently of the C core (which sums a fan of
triangles from the first vertex in double-double arithmetic): a polygon's
area, first and second moments by Green's theorem over its boundary, in
Fractions (every double is a dyadic rational, so these are exact); where pi
or a square root enters (circles, capsules, a segment's length) the values
are rationals within 2**-190 of the true ones, relative to their scale.
Each function returns ``(measure, cx, cy, inertia)`` per unit density:
``measure`` is the area, or for a shape of zero area its length.
"""

from fractions import Fraction
from math import isqrt

# pi to 80 digits: a rational within 1e-80 of it
PI = Fraction("3.1415926535897932384626433827950288419716939937510582097494459230781640628620899863")
_BITS = 200


def sqrt(x):
    """A rational within 2**-200 (relative) of the square root of x >= 0."""
    x = Fraction(x)
    if x == 0:
        return Fraction(0)
    p, q = x.numerator, x.denominator
    return Fraction(isqrt(p * q << (2 * _BITS)), q << _BITS)


def core(kind, row):
    """The core's vertices as Fractions (in the layout's order) and the radius."""
    v = [Fraction(x) for x in row]
    if kind == "point":
        return [(v[0], v[1])], Fraction(0)
    if kind == "circle":
        return [(v[0], v[1])], v[2]
    if kind == "box":
        return [(v[0], v[1]), (v[2], v[1]), (v[2], v[3]), (v[0], v[3])], Fraction(0)
    if kind in ("segment", "capsule"):
        return [(v[0], v[1]), (v[2], v[3])], v[4] if kind == "capsule" else Fraction(0)
    return [(v[2 * k], v[2 * k + 1]) for k in range(len(v) // 2)], Fraction(0)


def polygon(vertices):
    """Area, centroid and polar moment about the centroid of a convex
    polygon of nonzero area (either winding), by Green's theorem."""
    n = len(vertices)
    a = sx = sy = jo = Fraction(0)
    for i in range(n):
        (x0, y0), (x1, y1) = vertices[i], vertices[(i + 1) % n]
        c = x0 * y1 - x1 * y0
        a += c
        sx += (x0 + x1) * c
        sy += (y0 + y1) * c
        jo += c * (x0 * x0 + x0 * x1 + x1 * x1 + y0 * y0 + y0 * y1 + y1 * y1)
    area = a / 2
    if a == 0:
        return area, None, None, None
    cx, cy = sx / (3 * a), sy / (3 * a)
    inertia = jo / 12
    if area < 0:
        area, inertia = -area, -inertia
    return area, cx, cy, inertia - area * (cx * cx + cy * cy)


def segment_of(vertices):
    """The two extreme points of collinear vertices."""
    return min(vertices), max(vertices)


def mass(kind, row):
    """(measure, cx, cy, inertia per unit density) of one shape (a layout row)."""
    vertices, r = core(kind, row)
    distinct = sorted(set(vertices))
    if len(distinct) >= 3:
        props = polygon(vertices)
        if props[0] != 0:
            return props
    if len(distinct) == 1:
        (x, y), rr = distinct[0], r * r
        return (PI * rr, x, y, PI * rr * rr / 2) if r > 0 else (Fraction(0), x, y, Fraction(0))
    (x0, y0), (x1, y1) = segment_of(distinct)
    ll = (x1 - x0) ** 2 + (y1 - y0) ** 2
    length = sqrt(ll)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if r == 0:
        return length, cx, cy, length * ll / 12
    rr = r * r
    area = 2 * r * length + PI * rr
    # the rectangle 2r x L about its middle; the two half discs, a disc's
    # moment r^2/2 about their flat sides' middles moved out by L/2 (their
    # centroids 4r/(3 pi) from the flat sides: the parallel-axis terms)
    rect = 2 * r * length * (ll + 4 * rr) / 12
    half_disc_centroid = 4 * r / (3 * PI)
    half = PI * rr / 2
    d = length / 2 + half_disc_centroid
    discs = 2 * (half * rr / 2 - half * half_disc_centroid**2 + half * d * d)
    return area, cx, cy, rect + discs
