"""Exact reference for rays against outlines (polylines and regions).

Written from the math, in Fractions, apart from the C code:

* a polyline is the union of its closed edges, a region its closed area;
* a ray {o + t d : t >= 0} starting in the closed set hits it at t = 0;
  otherwise its first point in the set lies on an edge (the set is closed,
  the origin outside it), so the entry is the least t >= 0 at which the ray
  meets an edge (reference.rays._ray_crosses, exact);
* the distance pycollide reports is that entry along the ray's major axis,
  L t (L = |d| there), rounded once (``float`` of a Fraction rounds to
  nearest, ties to even), times the rounded stretch sqrt(1 + q^2)
  (reference.rays._stretch): bit for bit;
* of the shapes, the least distance wins, the lowest index at equal ones; of
  a shape's edges at its least distance, the normal is that of the lowest-
  indexed edge facing the ray, on the side facing the origin, else -d / |d|.
  A region's edge faces the ray when its outward normal n has n . d < 0 (the
  outward side: right of the edge in a counter-clockwise shell or a
  clockwise hole, by the shoelace sign of its stored ring); a polyline's
  when the ray crosses it, d x e != 0.

The edges are taken in the order the collection stores its vertices (the
order that names them), each ring's consecutive vertices joined.
"""

from __future__ import annotations

import math
from fractions import Fraction

from . import outlines as O
from .rays import _ray_crosses, _stretch


def _pt(p):
    return (Fraction(p[0]), Fraction(p[1]))


def stored_shapes(outlines):
    """Per shape, its edges ``(a, b, left)`` (exact points, in storage
    order; left +1 where a region's interior lies left of the edge, -1
    right, 0 for a polyline)."""
    xy = outlines.coords
    offsets = outlines.offsets
    rings = offsets[0]
    shapes = offsets[1] if len(offsets) > 1 else range(len(rings))
    out = []
    for s in range(len(outlines)):
        first, last = (shapes[s], shapes[s + 1]) if len(offsets) > 1 else (s, s + 1)
        edges = []
        for r in range(first, last):
            pts = [_pt(p) for p in xy[rings[r] : rings[r + 1]]]
            left = 0
            if len(offsets) > 1:  # a region: the shoelace sign of the closed ring
                area2 = sum(p[0] * q[1] - p[1] * q[0] for p, q in zip(pts, pts[1:]))
                left = 1 if (area2 > 0) == (r == first) else -1
            edges += [(p, q, left) for p, q in zip(pts, pts[1:])]
        out.append(edges)
    return out


def _contains(target, o):
    """Is the exact point o in shape s's closed set?"""
    if isinstance(target, O.Region):
        return target.classify(o) != O.OUTSIDE
    return O.on_polyline(target, o)


def _normal(a, b, d):
    """The unit normal of edge [a, b] facing against d, in floats (from the
    exact edge scaled to a largest component of 1)."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    m = max(abs(ex), abs(ey))
    x, y = float(ex / m), float(ey / m)
    length = math.hypot(x, y)
    n = (y / length, -x / length)
    if ey * d[0] - ex * d[1] > 0:
        n = (-n[0], -n[1])
    return n


def shape_hit(target, edges, o, d):
    """``(distance, normal)`` of the ray against one shape (``target`` the
    reference Region or Polyline giving its closed set, ``edges`` its stored
    edges), or None for a miss."""
    o, d = _pt(o), _pt(d)
    back = _back(d)
    if _contains(target, o):
        return 0.0, back
    major, stretch = _stretch(d)
    L = abs(d[major])
    best = None  # (distance, not facing, index, edge)
    for k, (a, b, left) in enumerate(edges):
        t = _ray_crosses(o, d, a, b)
        if t is None:
            continue
        dist = _rounded(L * t) * stretch
        cross = d[0] * (b[1] - a[1]) - d[1] * (b[0] - a[0])  # d x e
        facing = cross * left < 0 if left else cross != 0
        key = (dist, not facing, k)
        if best is None or key < best[:3]:
            best = (dist, not facing, k, (a, b))
    if best is None:
        return None
    dist, away, _, (a, b) = best
    return dist, (back if away else _normal(a, b, d))


def _rounded(x):
    """x rounded once to the nearest double (inf from the midpoint above the largest on)."""
    return float(x) if x < 2**1024 - 2**970 else math.inf


def _back(d):
    m = max(abs(d[0]), abs(d[1]))
    x, y = float(d[0] / m), float(d[1] / m)
    length = math.hypot(x, y)
    return (-x / length + 0.0, -y / length + 0.0)


def first_hit(targets, shapes_edges, o, d, max_distance=math.inf):
    """``(hit, distance, normal, index)`` of the ray against the collection,
    as the contract says (see the module docstring)."""
    best = (False, math.inf, (math.nan, math.nan), -1)
    for s, (target, edges) in enumerate(zip(targets, shapes_edges)):
        h = shape_hit(target, edges, o, d)
        if h is None or h[0] > max_distance:
            continue
        if best[3] < 0 or h[0] < best[1]:
            best = (True, h[0], h[1], s)
    return best
