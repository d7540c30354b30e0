"""Exact reference for boundary intersections (``pycollide.intersections``).

Every yes/no decision and every count is exact: inputs become
:class:`fractions.Fraction` (exact for doubles) and all rational quantities
stay rational.  Segment-segment, line-segment and segment-box points are
rational and returned exactly.  Circle cases solve for the parameter along the
segment/line (or, for two circles, the offset from the radical line) exactly
up to one final square root: the discriminant is a Fraction whose exact sign
gives the count, the position of each root relative to the segment's ends is
decided exactly, and only the last step takes a float square root (exact when
the discriminant is the square of a rational).

Each function returns the list of points (0, 1 or 2 ``(x, y)`` tuples of
Fractions or floats) in the order pycollide documents.  Shapes are tuples in
the pycollide layouts; a line is ``(x0, y0, x1, y1)`` with distinct points.
"""

import math
from fractions import Fraction


def _q(values):
    return [Fraction(float(v)) for v in values]


def _cross(ax, ay, bx, by):
    return ax * by - ay * bx


def _sqrt(d):
    """sqrt of a Fraction d >= 0: exact when d is a rational square, else a float."""
    n, m = d.numerator, d.denominator
    rn, rm = math.isqrt(n), math.isqrt(m)
    if rn * rn == n and rm * rm == m:
        return Fraction(rn, rm)
    return math.sqrt(n / m) if n < 1 << 1000 else math.sqrt(float(d))


def _sign_plus_sqrt(a, s, d):
    """The exact sign of a + s sqrt(d) for a Fraction a, s = +1 or -1, d >= 0."""
    if s < 0:
        return -_sign_plus_sqrt(-a, 1, d)
    if a >= 0:
        return 1 if (a > 0 or d > 0) else 0
    diff = d - a * a  # a < 0: compare sqrt(d) with -a
    return (diff > 0) - (diff < 0)


def segment_segment(a, b):
    """Crossing point, or the ends of a collinear shared part (x-then-y order)."""
    px, py, ex, ey = _q(a)
    qx, qy, fx, fy = _q(b)
    rx, ry, sx, sy = ex - px, ey - py, fx - qx, fy - qy
    wx, wy = qx - px, qy - py
    if rx == ry == 0 and sx == sy == 0:
        return [(px, py)] if (px, py) == (qx, qy) else []
    if rx == ry == 0:  # a is a point: on b?
        return [(px, py)] if _on_segment(px, py, qx, qy, sx, sy) else []
    if sx == sy == 0:
        return [(qx, qy)] if _on_segment(qx, qy, px, py, rx, ry) else []
    denom = _cross(rx, ry, sx, sy)
    if denom != 0:
        t = _cross(wx, wy, sx, sy) / denom
        u = _cross(wx, wy, rx, ry) / denom
        return [(px + t * rx, py + t * ry)] if 0 <= t <= 1 and 0 <= u <= 1 else []
    if _cross(wx, wy, rx, ry) != 0:
        return []  # parallel, apart
    # collinear: the parameters of b's ends along a
    rr = rx * rx + ry * ry
    t0 = (wx * rx + wy * ry) / rr
    t1 = ((fx - px) * rx + (fy - py) * ry) / rr
    lo, hi = max(Fraction(0), min(t0, t1)), min(Fraction(1), max(t0, t1))
    if lo > hi:
        return []
    pts = sorted({(px + t * rx, py + t * ry) for t in (lo, hi)})
    return pts


def _on_segment(x, y, qx, qy, sx, sy):
    """Is (x, y) on the segment q + u s, u in [0, 1] (s != 0)?"""
    wx, wy = x - qx, y - qy
    if _cross(sx, sy, wx, wy) != 0:
        return False
    u = (wx * sx + wy * sy) / (sx * sx + sy * sy)
    return 0 <= u <= 1


def segment_line(s, line):
    """Crossing point; a segment on the line gives its ends along the line's direction."""
    qx, qy, fx, fy = _q(s)
    px, py, ex, ey = _q(line)
    rx, ry = ex - px, ey - py
    sx, sy = fx - qx, fy - qy
    c0 = _cross(rx, ry, qx - px, qy - py)
    c1 = _cross(rx, ry, fx - px, fy - py)
    if c0 == 0 and c1 == 0:
        if sx == sy == 0:
            return [(qx, qy)]
        ends = [(qx, qy), (fx, fy)]
        return sorted(ends, key=lambda p: (p[0] - px) * rx + (p[1] - py) * ry)
    denom = _cross(sx, sy, rx, ry)
    if denom == 0:
        return []  # parallel, off the line
    u = _cross(px - qx, py - qy, rx, ry) / denom
    return [(qx + u * sx, qy + u * sy)] if 0 <= u <= 1 else []


def _circle_along(circle, px, py, dx, dy, bounded):
    """Points p + t d on the circle, ascending t; t in [0, 1] when bounded."""
    cx, cy, r = _q(circle)
    a = dx * dx + dy * dy
    b = dx * (px - cx) + dy * (py - cy)
    c = (px - cx) ** 2 + (py - cy) ** 2 - r * r
    if a == 0:
        return [(px, py)] if c == 0 else []
    disc = b * b - a * c  # the quadratic a t^2 + 2 b t + c
    if disc < 0:
        return []
    if disc == 0:
        t = -b / a
        return [(px + t * dx, py + t * dy)] if not bounded or 0 <= t <= 1 else []
    pts = []
    root = _sqrt(disc)
    for s in (-1, 1):  # t = (-b + s sqrt(disc)) / a, a > 0
        if bounded and (_sign_plus_sqrt(-b, s, disc) < 0 or _sign_plus_sqrt(-b - a, s, disc) > 0):
            continue
        if isinstance(root, Fraction):
            t = (-b + s * root) / a
            pts.append((px + t * dx, py + t * dy))
        else:  # the rational part exactly, the square root term (s sqrt(disc) / a) d last
            tr = -b / a
            ox = s * math.copysign(_sqrt(disc * dx * dx / (a * a)), dx)
            oy = s * math.copysign(_sqrt(disc * dy * dy / (a * a)), dy)
            pts.append((float(px + tr * dx) + ox, float(py + tr * dy) + oy))
    return pts


def circle_segment(circle, s):
    """Where the segment meets the circumference, in segment order."""
    px, py, ex, ey = _q(s)
    return _circle_along(circle, px, py, ex - px, ey - py, bounded=True)


def circle_line(circle, line):
    """Where the line meets the circle, in the line's direction."""
    px, py, ex, ey = _q(line)
    return _circle_along(circle, px, py, ex - px, ey - py, bounded=False)


def circle_circle(c1, c2):
    """0, 1 or 2 points; right of the direction from the (x, y, r)-smaller circle first."""
    a, b = sorted([tuple(_q(c1)), tuple(_q(c2))])
    (ax, ay, ra), (bx, by, rb) = a, b
    dx, dy = bx - ax, by - ay
    d2 = dx * dx + dy * dy
    if d2 == 0:
        return [(ax, ay)] if ra == rb == 0 else []  # concentric: none, or infinitely many
    if d2 > (ra + rb) ** 2 or d2 < (ra - rb) ** 2:
        return []
    # the radical line crosses the centre line at a + m d; the points are offset
    # from there by k (dy, -dx) with k^2 = (ra^2 - m^2 d2) / d2
    m = (d2 + ra * ra - rb * rb) / (2 * d2)
    mx, my = ax + m * dx, ay + m * dy
    k2 = (ra * ra - m * m * d2) / d2
    if k2 == 0:
        return [(mx, my)]
    k = _sqrt(k2)
    if isinstance(k, Fraction):
        return [(mx + k * dy, my - k * dx), (mx - k * dy, my + k * dx)]
    fx, fy, fdx, fdy = float(mx), float(my), float(dx), float(dy)
    return [(fx + k * fdy, fy - k * fdx), (fx - k * fdy, fy + k * fdx)]


def box_segment(box, s):
    """The ends of the part of the segment inside the closed box, in segment order."""
    xmin, ymin, xmax, ymax = _q(box)
    px, py, ex, ey = _q(s)
    d = (ex - px, ey - py)
    lo, hi = Fraction(0), Fraction(1)
    for p, dp, bmin, bmax in ((px, d[0], xmin, xmax), (py, d[1], ymin, ymax)):
        if dp == 0:
            if not bmin <= p <= bmax:
                return []
            continue
        t0, t1 = sorted(((bmin - p) / dp, (bmax - p) / dp))
        lo, hi = max(lo, t0), min(hi, t1)
    if lo > hi:
        return []
    ts = [lo] if lo == hi or d == (0, 0) else [lo, hi]
    return [(px + t * d[0], py + t * d[1]) for t in ts]


# ---- convex shapes (triangles, polygons, capsules) against segments and lines
#
# Along X(t) = p + t d (t in [0, 1] for a segment, any t for a line) the points
# of a shape's BOUNDARY are found directly from its definition:
#  * a convex polygon (the hull of its vertices) is the set where every edge
#    function g_i(t) = (q_i - p_i) x (X(t) - p_i) is >= 0 (counter-clockwise
#    hull); X(t) is on the boundary when it is in the polygon and some g_i is 0.
#    The t where all g_i >= 0 form an interval (exact half-plane clipping), whose
#    inner points are either all interior or all on one edge, so the boundary
#    points are the interval's ends that have some g_i = 0.  A hull of one or
#    two points is its own boundary.
#  * a capsule of core c0-c1 and radius r is the set where f(t) = dist²(X(t),
#    core) <= r²; its boundary is f(t) = r².  f is a quadratic on each of three
#    pieces of the line (closest to c0, to the inside of the core, to c1), so
#    the boundary points are the roots of three quadratics in their pieces, or
#    a whole piece where f is the constant r² (a flat side): its ends.


def _in_span(t, lo, hi):
    return (lo is None or t >= lo) and (hi is None or t <= hi)


def _polygon_along(vertices, px, py, dx, dy, bounded):
    from .geometry import convex_hull

    hull = convex_hull(vertices)
    if len(hull) <= 2:  # a point or a segment: its own boundary
        seg = tuple(hull[0] + hull[-1])
        if bounded:
            pts = segment_segment((px, py, px + dx, py + dy), seg)
        else:
            pts = segment_line(seg, (px, py, px + dx, py + dy))
        return sorted(pts, key=lambda q: (q[0] - px) * dx + (q[1] - py) * dy)
    lo, hi = (Fraction(0), Fraction(1)) if bounded else (None, None)
    edges = [(hull[i], hull[(i + 1) % len(hull)]) for i in range(len(hull))]
    g = [
        (_cross(q[0] - a[0], q[1] - a[1], px - a[0], py - a[1]), _cross(q[0] - a[0], q[1] - a[1], dx, dy))
        for a, q in edges
    ]
    for g0, g1 in g:
        if g1 == 0:
            if g0 < 0:
                return []
            continue
        t = -g0 / g1
        if g1 > 0:
            lo = t if lo is None else max(lo, t)
        else:
            hi = t if hi is None else min(hi, t)
    if lo > hi:
        return []
    ts = [lo] if lo == hi or dx == dy == 0 else [lo, hi]
    return [(px + t * dx, py + t * dy) for t in ts if any(g0 + g1 * t == 0 for g0, g1 in g)]


def _capsule_along(capsule, px, py, dx, dy, bounded):
    x0, y0, x1, y1, r = _q(capsule)
    ex, ey = x1 - x0, y1 - y0
    ee = ex * ex + ey * ey
    span = (Fraction(0), Fraction(1)) if bounded else (None, None)
    if dx == dy == 0:  # a point: on the boundary when exactly r from the core
        from .geometry import core_distance_squared

        d2 = core_distance_squared("point", (px, py), "segment", (x0, y0, x1, y1))
        return [(px, py)] if d2 == r * r else []

    # the pieces, in order of t: (lo, hi, A, B, C) with f(t) - r² ∝ A t² + 2 B t + C
    def disk(cx, cy):
        wx, wy = px - cx, py - cy
        return dx * dx + dy * dy, dx * wx + dy * wy, wx * wx + wy * wy - r * r

    if ee == 0:
        pieces = [(None, None) + disk(x0, y0)]
    else:
        u0 = ((px - x0) * ex + (py - y0) * ey) / ee  # the core parameter of X(t): u0 + u1 t
        u1 = (dx * ex + dy * ey) / ee
        g0, g1 = _cross(ex, ey, px - x0, py - y0), _cross(ex, ey, dx, dy)
        middle = (g1 * g1, g0 * g1, g0 * g0 - r * r * ee)
        if u1 == 0:
            pick = disk(x0, y0) if u0 <= 0 else disk(x1, y1) if u0 >= 1 else middle
            pieces = [(None, None) + pick]
        else:
            a, b = -u0 / u1, (1 - u0) / u1  # where u = 0 and u = 1
            first, last = (disk(x0, y0), disk(x1, y1)) if u1 > 0 else (disk(x1, y1), disk(x0, y0))
            lo, hi = min(a, b), max(a, b)
            pieces = [(None, lo) + first, (lo, hi) + middle, (hi, None) + last]
    found = []  # (t, None) rational, or (tr, s, disc, A) for tr + s sqrt(disc) / A

    def cut(lo, hi):
        if span[0] is not None:
            lo = span[0] if lo is None else max(lo, span[0])
            hi = span[1] if hi is None else min(hi, span[1])
        return lo, hi

    for lo, hi, A, B, C in pieces:
        lo, hi = cut(lo, hi)
        if lo is not None and hi is not None and lo > hi:
            continue
        if A == 0:  # f constant on the piece: r² along all of it (a flat side), or never
            if C == 0:
                found += [(t, None) for t in (lo, hi)]
            continue
        disc = B * B - A * C
        if disc < 0:
            continue
        root = _sqrt(disc)
        for s in (0,) if disc == 0 else (-1, 1):
            if isinstance(root, Fraction):
                t = (-B + s * root) / A
                if _in_span(t, lo, hi):
                    found.append((t, None))
                continue
            if (lo is None or _sign_plus_sqrt(-B - A * lo, s, disc) >= 0) and (
                hi is None or _sign_plus_sqrt(-B - A * hi, s, disc) <= 0
            ):
                found.append((-B / A, s, disc, A))  # irrational: strictly inside its piece
    pts, seen = [], set()
    for item in found:
        if item[1] is None:  # rational: the same t from two pieces (their shared end) is one point
            if item[0] in seen:
                continue
            seen.add(item[0])
            pts.append((px + item[0] * dx, py + item[0] * dy))
        else:  # distinct from every other root, even where the rounded points coincide
            tr, s, disc, A = item
            ox = s * math.copysign(_sqrt(disc * dx * dx / (A * A)), dx)
            oy = s * math.copysign(_sqrt(disc * dy * dy / (A * A)), dy)
            pts.append((float(px + tr * dx) + ox, float(py + tr * dy) + oy))
    return pts


def _convex_along(kind, shape, px, py, dx, dy, bounded):
    if kind == "capsule":
        return _capsule_along(shape, px, py, dx, dy, bounded)
    c = _q(shape)
    return _polygon_along([(c[i], c[i + 1]) for i in range(0, len(c), 2)], px, py, dx, dy, bounded)


def convex_segment(kind):
    """Where a segment meets the boundary of a triangle, polygon or capsule, in segment order."""

    def points(shape, s):
        px, py, ex, ey = _q(s)
        return _convex_along(kind, shape, px, py, ex - px, ey - py, bounded=True)

    return points


def convex_line(kind):
    """Where a line meets the boundary of a triangle, polygon or capsule, in the line's direction."""

    def points(shape, line):
        px, py, ex, ey = _q(line)
        return _convex_along(kind, shape, px, py, ex - px, ey - py, bounded=False)

    return points


#: reference function per (kind_a, kind_b) in pycollide's supported pairs
PAIRS = {
    ("segment", "segment"): segment_segment,
    ("circle", "segment"): circle_segment,
    ("circle", "circle"): circle_circle,
    ("box", "segment"): box_segment,
    ("circle", "line"): circle_line,
    ("segment", "line"): segment_line,
}
for _kind in ("triangle", "capsule", "polygon4", "polygon8"):
    PAIRS[_kind, "segment"] = convex_segment(_kind)
    PAIRS[_kind, "line"] = convex_line(_kind)


def intersections(kind_a, a, kind_b, b):
    """The reference points for any supported pair, in either order."""
    if (kind_a, kind_b) in PAIRS:
        return PAIRS[kind_a, kind_b](a, b)
    return PAIRS[kind_b, kind_a](b, a)
