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


#: reference function per (kind_a, kind_b) in pycollide's supported pairs
PAIRS = {
    ("segment", "segment"): segment_segment,
    ("circle", "segment"): circle_segment,
    ("circle", "circle"): circle_circle,
    ("box", "segment"): box_segment,
    ("circle", "line"): circle_line,
    ("segment", "line"): segment_line,
}


def intersections(kind_a, a, kind_b, b):
    """The reference points for any supported pair, in either order."""
    if (kind_a, kind_b) in PAIRS:
        return PAIRS[kind_a, kind_b](a, b)
    return PAIRS[kind_b, kind_a](b, a)
