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

import math
import struct
from decimal import Decimal, getcontext
from fractions import Fraction

from .geometry import convex_hull as _hull
from .geometry import shape_core

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


# ---- the entry rounded once, exactly ------------------------------------------
#
# pycollide reports the distance to the first point hit as a function of the
# exact entry alone (c/src/entry.h): the entry measured along the ray's major
# axis (the larger component of d, y when they are equal in size), L t* with
# L = |d| there, rounded once to the nearest double (ties to even), times
# |d| / L as doubles compute it.  Here t* is found exactly: a rational for a
# core without radius, else the least of numbers p + q sqrt(r) (rationals p,
# q, r) over the disks about the core's points and the sides of a capsule
# moved out by the radius; such a number is rounded by comparing it exactly
# with the midpoints between doubles around a 60-digit estimate of it.


def _sign_root(p, q, r):
    """sign(p + q sqrt(r)), exactly (r >= 0)."""
    if q == 0 or r == 0:
        return (p > 0) - (p < 0)
    sq = (q > 0) - (q < 0)
    if p == 0 or (p > 0) == (sq > 0):
        return sq if p == 0 else (1 if p > 0 else -1)
    # opposite signs: compare p^2 with q^2 r
    diff = p * p - q * q * r
    return ((p > 0) - (p < 0)) * ((diff > 0) - (diff < 0))


def _round_root(p, q, r):
    """p + q sqrt(r) (>= 0) rounded once to the nearest double, ties to even."""
    getcontext().prec = 80
    approx = Decimal(p.numerator) / Decimal(p.denominator)
    if q != 0 and r != 0:
        approx += Decimal(q.numerator) / Decimal(q.denominator) * (Decimal(r.numerator) / Decimal(r.denominator)).sqrt()
    t = float(approx)
    while True:  # the midpoints around t bracket the value (a step or two at most)
        lo, hi = math.nextafter(t, -math.inf), math.nextafter(t, math.inf)
        below = (Fraction(t) + Fraction(lo)) / 2 if t > 0 else None
        above = (Fraction(t) + Fraction(hi)) / 2
        s_hi = _sign_root(p - above, q, r)
        if s_hi > 0 or (s_hi == 0 and int.from_bytes(struct.pack("<d", t), "little") & 1):
            t = hi
            continue
        if below is not None:
            s_lo = _sign_root(p - below, q, r)
            if s_lo < 0 or (s_lo == 0 and int.from_bytes(struct.pack("<d", t), "little") & 1):
                t = lo
                continue
        return t


def _stretch(d):
    major = 1 if abs(d[1]) > abs(d[0]) else 0
    q = float(d[1 - major]) / float(d[major])
    return major, math.sqrt(1.0 + q * q)


def entry_rounded(kind, shape, o, d):
    """The entry along the ray's major axis rounded once (0.0 when the origin
    lies in the shape, None when the ray misses), exactly."""
    if not ray_hits(kind, shape, o, d):
        return None
    major, _ = _stretch(d)
    o, d = _pt(o), _pt(d)
    L = abs(d[major])
    core, r = shape_core(kind, shape)
    core = _hull(core)
    if _inside(core, o) or min(_seg_dist2(o, a, b) for a, b in _edges(core)) <= r * r:
        return 0.0
    if r == 0:  # the first crossing of an edge: rational
        return float(L * min(t for a, b in _edges(core) for t in [_ray_crosses(o, d, a, b)] if t is not None))
    # the least over the disks about the core's points and (a segment core) its
    # sides moved out by r, each p + q sqrt(s) in t; compared exactly
    dd = _dot(d, d)
    roots = []
    for v in core:
        w = _sub(v, o)
        b, c = _dot(w, d), _dot(w, w) - r * r
        disc = b * b - dd * c
        if disc >= 0 and b > 0:
            roots.append((b / dd, -1 / dd, disc))  # (b - sqrt(disc)) / |d|^2
    if len(core) == 2:
        a, bb = core
        e = _sub(bb, a)
        ee = _dot(e, e)
        n = (e[1], -e[0])  # |n| = |e|
        nd = _dot(n, d)
        for side in (1, -1):
            if nd == 0:
                continue
            # n . (o + t d - a) = side r |e|: t = (side r sqrt(ee) - n . (o - a)) / (n . d)
            p0, q0 = -_dot(n, _sub(o, a)) / nd, side * r / nd
            if _sign_root(p0, q0, ee) < 0:
                continue
            # the crossing projects onto the segment: 0 <= (o + t d - a) . e <= ee
            s0, s1 = _dot(_sub(o, a), e), _dot(d, e)
            lo = _sign_root(s0 + s1 * p0, s1 * q0, ee)
            hi = _sign_root(s0 + s1 * p0 - ee, s1 * q0, ee)
            if lo >= 0 and hi <= 0:
                roots.append((p0, q0, ee))
    return min(_round_root(L * p, L * q, s) for p, q, s in roots)


def distance_rounded(kind, shape, o, d):
    """The distance pycollide reports for the shape alone (None: a miss)."""
    t = entry_rounded(kind, shape, o, d)
    return None if t is None else t * _stretch(d)[1]
