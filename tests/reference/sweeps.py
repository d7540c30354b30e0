"""Exact reference for sweeps of any shape against any shape (translation).

A shape A = Ca + disk(ra) moving by t D touches B = Cb + disk(rb) exactly when
the point t D lies in M + disk(R), M = hull{q - p : p in Ca, q in Cb} and
R = ra + rb (geometry.minkowski_difference with the roles swapped): a moving
shape is a moving point against M.  The rules are those a point (a circle of
radius 0) follows against a core grown by R, written here from the math in
Fractions, for the motion A + t D itself (the tests put every a + D on the
doubles' grid, where the C core's rounded ends are exact):

* interiors overlapping at the start (0 inside M + disk(R)): "penetrating";
  the C core decides those in floating point.
* touching at the start: for R > 0, a hit at 0 iff D . p > 0 with p the point
  of M nearest the origin; for R = 0, iff M has area and D points strictly
  into M across every edge of M holding the origin.
* apart: a hit iff the segment [0, D] comes within R of M and the line
  {s D} comes strictly within R of M (for R = 0: crosses M's interior, or a
  segment M transversally).  The time of the hit is the least t in [0, 1]
  with dist(t D, M) <= R, found by bisection on that exact test.
"""

from __future__ import annotations

from fractions import Fraction

from .geometry import _segment_dist2, minkowski_difference

ZERO = Fraction(0)


def _cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def _edges(h):
    return (
        [(h[i], h[(i + 1) % len(h)]) for i in range(len(h))] if len(h) >= 3 else ([(h[0], h[1])] if len(h) == 2 else [])
    )


def point_dist2(h, p):
    """Squared distance from p to the hull h (0 inside a polygon)."""
    if len(h) >= 3 and all(_cross((q[0] - s[0], q[1] - s[1]), (p[0] - s[0], p[1] - s[1])) >= 0 for s, q in _edges(h)):
        return ZERO
    if len(h) == 1:
        return (p[0] - h[0][0]) ** 2 + (p[1] - h[0][1]) ** 2
    return min(_segment_dist2(p, s, q) for s, q in _edges(h))


def _segments_cross(a, b, c, d):
    """Do the closed segments [a, b] and [c, d] meet?"""

    def orient(p, q, r):
        v = _cross((q[0] - p[0], q[1] - p[1]), (r[0] - p[0], r[1] - p[1]))
        return (v > 0) - (v < 0)

    def on(p, q, r):
        return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])

    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return (
        (o1 == 0 and on(a, b, c)) or (o2 == 0 and on(a, b, d)) or (o3 == 0 and on(c, d, a)) or (o4 == 0 and on(c, d, b))
    )


def segment_dist2(h, a, b):
    """Squared distance between the segment [a, b] and the hull h."""
    if point_dist2(h, a) == 0 or any(_segments_cross(a, b, s, q) for s, q in _edges(h)):
        return ZERO
    cands = [point_dist2(h, a), point_dist2(h, b)] + [_segment_dist2(v, a, b) for v in h]
    return min(cands)


def _nearest_point(h):
    """The point of the hull h nearest the origin (the origin outside h)."""
    o = (ZERO, ZERO)
    best, bp = None, None
    cands = list(h)
    for s, q in _edges(h):
        dx, dy = q[0] - s[0], q[1] - s[1]
        l2 = dx * dx + dy * dy
        t = min(max(-(s[0] * dx + s[1] * dy) / l2, ZERO), Fraction(1))
        cands.append((s[0] + t * dx, s[1] + t * dy))
    for p in cands:
        d2 = (p[0] - o[0]) ** 2 + (p[1] - o[1]) ** 2
        if best is None or d2 < best:
            best, bp = d2, p
    return bp


def shape_sweep(kind_a, a, D, kind_b, b):
    """("hit", t) with t a float within rounding of the exact first time,
    ("miss", None) or ("penetrating", None)."""
    M, R = minkowski_difference(kind_b, b, kind_a, a)
    D = (Fraction(D[0]), Fraction(D[1]))
    R2 = R * R
    d0 = point_dist2(M, (ZERO, ZERO))
    area = len(M) >= 3
    inside = area and all(_cross((q[0] - s[0], q[1] - s[1]), (-s[0], -s[1])) > 0 for s, q in _edges(M))
    if (R > 0 and d0 < R2) or (R == 0 and inside):
        return "penetrating", None
    if D == (ZERO, ZERO):
        return "miss", None
    if d0 <= R2:  # touching
        if R > 0:
            p = _nearest_point(M)
            return ("hit", 0.0) if D[0] * p[0] + D[1] * p[1] > 0 else ("miss", None)
        if not area:
            return "miss", None
        faces = [(s, q) for s, q in _edges(M) if _cross((q[0] - s[0], q[1] - s[1]), (-s[0], -s[1])) == 0]
        ok = bool(faces) and all(_cross((q[0] - s[0], q[1] - s[1]), D) > 0 for s, q in faces)
        return ("hit", 0.0) if ok else ("miss", None)
    if segment_dist2(M, (ZERO, ZERO), D) > R2:
        return "miss", None
    P = [_cross(D, v) for v in M]
    lo, hi = min(P), max(P)
    if R > 0:
        DD = D[0] ** 2 + D[1] ** 2
        ok = (hi >= 0 or hi * hi < R2 * DD) and (lo <= 0 or lo * lo < R2 * DD)
    else:
        ok = lo < 0 < hi
    if not ok:
        return "miss", None

    # the first time: bisection on the exact test, from a time within reach
    def within(t):
        t = Fraction(t)
        return point_dist2(M, (t * D[0], t * D[1])) <= R2

    top = 1.0
    if not within(top):  # the path's nearest approach lies inside [0, 1]: ternary search on the distance
        x, y = 0.0, 1.0
        for _ in range(100):
            m1, m2 = x + (y - x) / 3, y - (y - x) / 3
            f1 = point_dist2(M, (Fraction(m1) * D[0], Fraction(m1) * D[1]))
            f2 = point_dist2(M, (Fraction(m2) * D[0], Fraction(m2) * D[1]))
            if f1 <= f2:
                y = m2
            else:
                x = m1
            if within(x):
                top = x
                break
            if within(y):
                top = y
                break
        else:
            top = (x + y) / 2  # a graze within rounding: where they come nearest
    low = 0.0
    for _ in range(80):
        mid = (low + top) / 2
        if mid <= low or mid >= top:
            break
        if within(mid):
            top = mid
        else:
            low = mid
    return "hit", top
