"""Exact reference for the relations of two shapes as shapely's predicates
read them (Index.query's contains, within, covers, covered_by, touches).

Derived from the definitions, in exact rational arithmetic:

- a shape is a convex core (the hull of its vertices) grown by a radius
  R >= 0; its dimension is 2 when R > 0 or the core has area, else 1 (a
  segment) or 0 (a point).  Its interior: the open area; a segment without
  its ends; a point itself.
- covers(A, B): no point of B outside A.  Both are convex; with support
  functions h, B lies in A exactly when h_B <= h_A in every direction, and
  h of a core grown by R is h_core + R.  So for RB <= RA: the core of B lies
  in the core of A grown by RA - RB (convex: its vertices suffice), i.e. each
  vertex of B's core is at most RA - RB from A's core.  For RB > RA: the
  core of B grown by RB - RA lies in A's core, which then needs area (so RA
  = 0: only polygons have area cores, and they have no radius): each vertex
  is inside every edge's line by at least RB - RA.
- interiors meet: with an area on either side, the shapes overlap strictly
  (the strict overlap reference); two segments, a common point inside both
  (solved for the parameters); a point and a segment, the point at a
  parameter strictly between the ends; two points, equal.
- contains = covers and interiors meet; touches = they meet (closed) and
  their interiors do not.
"""

from fractions import Fraction

from .geometry import _cross, _edges, convex_hull, origin_dist2, overlaps, shape_core


def _shape(kind, shape):
    core, radius = shape_core(kind, shape)
    return convex_hull(core), Fraction(radius)


def dimension(hull, radius):
    return 2 if radius > 0 or len(hull) >= 3 else len(hull) - 1


def _dist2_to(hull, p):
    """Squared distance from p to the closed hull."""
    return origin_dist2([(x - p[0], y - p[1]) for x, y in hull])


def covers(kind_a, a, kind_b, b):
    ha, ra = _shape(kind_a, a)
    hb, rb = _shape(kind_b, b)
    if rb <= ra:
        return all(_dist2_to(ha, v) <= (ra - rb) ** 2 for v in hb)
    if len(ha) < 3:
        return False
    need = rb - ra
    for v in hb:
        for p, q in _edges(ha):
            c = _cross(p, q, v)
            if c <= 0 or c * c < need * need * ((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2):
                return False
    return True


def _params(a0, a1, b0, b1):
    """(s, t) with a0 + s (a1 - a0) = b0 + t (b1 - b0), or None when parallel."""
    dx, dy = a1[0] - a0[0], a1[1] - a0[1]
    ex, ey = b1[0] - b0[0], b1[1] - b0[1]
    den = dx * ey - dy * ex
    if den == 0:
        return None
    wx, wy = b0[0] - a0[0], b0[1] - a0[1]
    return Fraction(wx * ey - wy * ex) / den, Fraction(wx * dy - wy * dx) / den


def _open_segments_meet(a, b):
    a0, a1 = a
    b0, b1 = b
    st = _params(a0, a1, b0, b1)
    if st is not None:
        s, t = st
        return 0 < s < 1 and 0 < t < 1
    if _cross(a0, a1, b0) != 0:  # parallel, apart
        return False
    # collinear: positions along a's direction; a positive-length overlap
    d = (a1[0] - a0[0], a1[1] - a0[1])

    def at(p):
        return (p[0] - a0[0]) * d[0] + (p[1] - a0[1]) * d[1]

    lo_a, hi_a = sorted((at(a0), at(a1)))
    lo_b, hi_b = sorted((at(b0), at(b1)))
    return max(lo_a, lo_b) < min(hi_a, hi_b)


def _inside_open_segment(seg, p):
    a0, a1 = seg
    if _cross(a0, a1, p) != 0:
        return False
    d = (a1[0] - a0[0], a1[1] - a0[1])
    s = Fraction((p[0] - a0[0]) * d[0] + (p[1] - a0[1]) * d[1]) / (d[0] * d[0] + d[1] * d[1])
    return 0 < s < 1


def interiors_meet(kind_a, a, kind_b, b):
    ha, ra = _shape(kind_a, a)
    hb, rb = _shape(kind_b, b)
    da, db = dimension(ha, ra), dimension(hb, rb)
    if da == 2 or db == 2:
        return overlaps(kind_a, a, kind_b, b, touching=False)
    if da == 1 and db == 1:
        return _open_segments_meet(ha, hb)
    if da == 1:
        return _inside_open_segment(ha, hb[0])
    if db == 1:
        return _inside_open_segment(hb, ha[0])
    return ha[0] == hb[0]


def relate(predicate, kind_a, a, kind_b, b):
    """predicate(A, B) for one of Index.query's relations."""
    if predicate == "covers":
        return covers(kind_a, a, kind_b, b)
    if predicate == "covered_by":
        return covers(kind_b, b, kind_a, a)
    if predicate == "contains":
        return covers(kind_a, a, kind_b, b) and interiors_meet(kind_a, a, kind_b, b)
    if predicate == "within":
        return covers(kind_b, b, kind_a, a) and interiors_meet(kind_a, a, kind_b, b)
    if predicate == "touches":
        return overlaps(kind_a, a, kind_b, b) and not interiors_meet(kind_a, a, kind_b, b)
    if predicate == "intersects":
        return overlaps(kind_a, a, kind_b, b)
    raise ValueError(predicate)
