"""Exact reference for rays against shapes of every kind.

A shape is its core (the convex hull of 1-8 points) grown by a radius R
(geometry.shape_core).  The ray {o + t d : t >= 0} meets it exactly when the
squared distance between the ray and the core is at most R^2, computed here
in Fractions:
  - 0 when the origin lies in the core or the ray crosses one of its edges;
  - otherwise the least of: the origin to each edge, and each vertex of the
    core to the ray (two disjoint convex sets are nearest at a vertex of one
    of them; the ray's only vertex is its origin).
The entry distance is the least t >= 0 at which o + t d is within R of the
core: for R = 0 the least crossing of an edge (exact), otherwise the least
over the disks around the vertices and the edges moved out by R (a quadratic
in t, solved here with 60-digit decimals; only the yes/no answers are exact).
"""

from __future__ import annotations

from decimal import Decimal, getcontext
from fractions import Fraction

from .geometry import convex_hull as _hull, shape_core

ZERO = Fraction(0)


def _pt(p):
    return (Fraction(p[0]), Fraction(p[1]))


def _cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def _dot(a, b):
    return a[0] * b[0] + a[1] * b[1]


def _sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


def _seg_dist2(p, a, b):
    e, w = _sub(b, a), _sub(p, a)
    ee = _dot(e, e)
    t = ZERO if ee == 0 else min(max(_dot(w, e) / ee, ZERO), Fraction(1))
    q = (a[0] + t * e[0] - p[0], a[1] + t * e[1] - p[1])
    return _dot(q, q)


def _ray_dist2(p, o, d):
    t = max(_dot(_sub(p, o), d) / _dot(d, d), ZERO)
    q = (o[0] + t * d[0] - p[0], o[1] + t * d[1] - p[1])
    return _dot(q, q)


def _ray_crosses(o, d, a, b):
    """The least t >= 0 at which the ray meets the closed segment [a, b], or None."""
    e = _sub(b, a)
    den = _cross(d, e)
    w = _sub(a, o)
    if den != 0:
        t, s = _cross(w, e) / den, _cross(w, d) / den
        return t if t >= 0 and 0 <= s <= 1 else None
    if _cross(w, d) != 0:  # parallel, apart
        return None
    ta, tb = _dot(_sub(a, o), d) / _dot(d, d), _dot(_sub(b, o), d) / _dot(d, d)
    lo, hi = min(ta, tb), max(ta, tb)
    if hi < 0:
        return None
    return max(lo, ZERO)


def _edges(core):
    if len(core) == 1:
        return [(core[0], core[0])]
    if len(core) == 2:
        return [(core[0], core[1])]
    return [(core[i], core[(i + 1) % len(core)]) for i in range(len(core))]


def _inside(core, p):
    if len(core) == 1:
        return core[0] == p
    if len(core) == 2:
        return _seg_dist2(p, core[0], core[1]) == 0
    return all(_cross(_sub(b, a), _sub(p, a)) >= 0 for a, b in _edges(core))


def ray_core_dist2(core, o, d):
    """Exact squared distance between the ray and the core."""
    if _inside(core, o):
        return ZERO
    if any(_ray_crosses(o, d, a, b) is not None for a, b in _edges(core)):
        return ZERO
    best = min(_seg_dist2(o, a, b) for a, b in _edges(core))
    return min([best] + [_ray_dist2(v, o, d) for v in core])


def ray_hits(kind, shape, o, d):
    """Does the ray o + t d (t >= 0, d != 0) meet the closed shape?  Exact."""
    o, d = _pt(o), _pt(d)
    if d == (ZERO, ZERO):
        raise ValueError("direction must be nonzero")
    core, r = shape_core(kind, shape)
    return ray_core_dist2(_hull(core), o, d) <= r * r


def _sqrt(x):
    getcontext().prec = 60
    return Fraction(Decimal(x.numerator).sqrt() / Decimal(x.denominator).sqrt()) if x > 0 else ZERO


def _enter_disk(o, d, c, r):
    """The least t >= 0 with |o + t d - c| <= r, or None (nearly exact)."""
    w = _sub(o, c)
    a, b, cc = _dot(d, d), 2 * _dot(w, d), _dot(w, w) - r * r
    if cc <= 0:
        return ZERO
    disc = b * b - 4 * a * cc
    if disc < 0 or b > 0:
        return None
    return (-b - _sqrt(disc)) / (2 * a)


def entry_distance(kind, shape, o, d):
    """The distance along the unit direction to the first point of the shape
    (None: a miss), as a float."""
    if not ray_hits(kind, shape, o, d):
        return None
    o, d = _pt(o), _pt(d)
    core, r = shape_core(kind, shape)
    core = _hull(core)
    if _inside(core, o) or min(_seg_dist2(o, a, b) for a, b in _edges(core)) <= r * r:
        return 0.0  # the origin is in the shape
    ts = []
    if r == 0:
        ts = [t for a, b in _edges(core) for t in [_ray_crosses(o, d, a, b)] if t is not None]
    else:
        for v in core:
            t = _enter_disk(o, d, v, r)
            if t is not None:
                ts.append(t)
        for a, b in _edges(core):
            e = _sub(b, a)
            ee = _dot(e, e)
            if ee == 0:
                continue
            ln = _sqrt(ee)
            n = (e[1] / ln, -e[0] / ln)
            for s in (1, -1):  # the edge moved out by r on either side
                off = (s * r * n[0], s * r * n[1])
                t = _ray_crosses(o, d, (a[0] + off[0], a[1] + off[1]), (b[0] + off[0], b[1] + off[1]))
                if t is not None:
                    ts.append(t)
    if not ts:  # a graze along the boundary: the closest approach
        ts = [max(_dot(_sub(v, o), d) / _dot(d, d), ZERO) for v in core]
    t = min(ts)
    return float(t * _sqrt(_dot(d, d)))
