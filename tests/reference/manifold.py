"""Exact reference for contact manifolds (``pc.manifold``, the rules in its docstring).

Built on the model of :mod:`reference.geometry`: a shape is a convex core (the
exact reduced hull of its vertices: one point, a segment's two ends, or a
proper polygon, counter-clockwise) grown by a radius ``r`` (a circle's or a
capsule's; 0 otherwise).  Nothing here comes from the C core.

The rules of the specification, in order:

1. ``c = contact(a, b)``; ``c.separation > margin``: count 0.
2. Either core a single point: count 1, the point and separation of ``c``.
3. Otherwise *faces*.  A face is an edge ``p0 -> p1`` of a core with its
   outward normal: each edge of a polygon core (counter-clockwise, so the
   outward normal is the right-hand perpendicular ``(dy, -dx)`` of
   ``t = p1 - p0``), and the two directions of a segment core (``h0 -> h1``
   and ``h1 -> h0``: the segment with either normal).  For a face ``F`` of
   shape ``X`` (``Y`` the other one), with unit outward normal ``u``,

       s_F = min over the core vertices v of Y of (v - p0) . u.

   The reference face is a face (of either shape) with the greatest ``s_F``;
   the manifold normal is ``u`` if ``X`` is ``a``, ``-u`` if ``X`` is ``b``.  The
   incident face is the face of ``Y`` whose unit normal ``w`` has the smallest
   ``w . u``.  The incident edge ``q0 -> q1`` is clipped to the slab over the
   reference face, ``0 <= (q - p0) . t <= t . t``; each end ``c`` of the kept
   part has ``separation = (c - p0) . u - (rX + rY)`` and is reported at
   ``c + u (rX - rY - (c - p0) . u) / 2`` (midway between the two surfaces along
   ``u``).  The ends with ``separation <= margin`` are kept; an empty clip or
   no end kept falls back to rule 2.

What is exact here, and where the tolerances are:

* Every core, face, slab parameter and clipped point is an exact Fraction:
  ``(q - p0) . t`` is rational, so the clip's parameter along the incident
  edge is a ratio of rationals and its ends are rational points.
* The only irrational quantities are the lengths ``|t|`` of the edges (unit
  normals, face separations, the dots ``w . u``, a point's separation and its
  reported point).  They use :func:`reference.contact._sqrt` (``math.isqrt``,
  a relative 2**-100) and are rounded to floats once at the end.
* Whether an end is kept (``separation <= margin``) is decided exactly:
  ``N / |t| <= margin + rX + rY`` with ``N = (c - p0) . (dy, -dx)`` rational,
  compared with signs and squares.  An end whose separation is within ``tol``
  of ``margin`` is marked *either* (``kept is None``): the implementation
  decides on a rounded separation, so both answers are acceptable.  (With
  ``tol == 0`` every decision is the exact one.)
* The specification lets the implementation choose among near-ties.  A
  reference face is *admissible* when its ``s_F`` is within ``tol`` of the
  greatest; an incident face when its ``w . u`` is within ``dot_tol``
  (dimensionless) of the smallest.  :func:`manifold_candidates` returns a
  :class:`Candidate` for every admissible (reference face, incident face).
* The slab test of the clip is a rounded decision in any float
  implementation too (an incident vertex exactly on the slab's side, a
  touching corner).  Each candidate therefore also clips to the slab widened
  and narrowed by ``slab_tol`` (a distance along the face) and accepts the
  outcomes of all three clips.  Where the three clips' ends are more than
  ``tol`` apart (an incident edge nearly along ``u`` with an end on the slab's
  side: the cut is ill-conditioned, any point of that stretch is within
  rounding) the candidate is *unstable*, and :meth:`Candidate.accepts` only
  asks the reported points to lie on the stretch the widened clip reports,
  with their separations, kept at ``margin``.

An *outcome* is either :data:`FALLBACK` (rule 2's single point) or a tuple
of 1 or 2 ``(point, separation)`` pairs, floats; outcomes are compared as
sets (:func:`same_points`: every point of each within ``tol`` of a point of
the other, with its separation within ``tol``), so a clip that is one point
in exact arithmetic matches two coincident points and back.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional, Tuple

from .contact import _sqrt, separation
from .geometry import convex_hull, shape_core

__all__ = [
    "FALLBACK",
    "ClipEnd",
    "Candidate",
    "Reference",
    "faces",
    "manifold_candidates",
    "manifold_reference",
    "same_points",
]

#: the outcome "rule 2's single point" (an empty clip, or no end kept)
FALLBACK = "fallback"

Point = Tuple[Fraction, Fraction]


def _sub(p, q):
    return (p[0] - q[0], p[1] - q[1])


def _dot(p, q):
    return p[0] * q[0] + p[1] * q[1]


def _right(t):
    """The right-hand perpendicular (dy, -dx): outward for a counter-clockwise edge."""
    return (t[1], -t[0])


def _le_root(n, m, t2):
    """Exactly n <= m * sqrt(t2), for rationals n, m >= 0, t2 > 0."""
    if n <= 0:
        return True
    return n * n <= m * m * t2


def faces(hull):
    """The faces ``(p0, p1)`` of a core hull (counter-clockwise, from
    :func:`convex_hull`) whose outward normal is the right-hand perpendicular
    of ``p1 - p0``: a polygon's edges; a segment both ways; a point none."""
    if len(hull) < 2:
        return []
    if len(hull) == 2:
        return [(hull[0], hull[1]), (hull[1], hull[0])]
    return [(hull[i], hull[(i + 1) % len(hull)]) for i in range(len(hull))]


@dataclass(frozen=True)
class ClipEnd:
    """One end of the clipped part of the incident edge."""

    lam: Fraction
    """its parameter on the incident edge, q0 + lam (q1 - q0), 0 <= lam <= 1"""
    c: Point
    """the exact point on the incident edge"""
    separation: float
    """(c - p0) . u - (rX + rY), to a relative 2**-100, then rounded"""
    point: Tuple[float, float]
    """the reported point c + u (rX - rY - (c - p0) . u) / 2"""
    kept: Optional[bool]
    """separation <= margin, exactly; None where it is within tol of margin (either)"""


def _kept_subsets(ends):
    """Every set of ends the implementation may keep (the ends marked
    *either* in or out), in edge order."""
    choices = [[True] if e.kept is True else [False] if e.kept is False else [True, False] for e in ends]
    for pick in itertools.product(*choices):
        yield tuple(e for e, keep in zip(ends, pick) if keep)


def _outcomes(ends):
    """The outcomes of one clip: the kept subsets, an empty one as FALLBACK."""
    out = []
    for kept in _kept_subsets(ends):
        o = FALLBACK if not kept else tuple((e.point, e.separation) for e in kept)
        if o not in out:
            out.append(o)
    return out


def same_points(got, want, tol):
    """Two collections of ``(point, separation)`` (floats) as sets within tol:
    every one of each is within ``tol`` (point and separation) of one of the
    other."""

    def near(x, y):
        (p, s), (q, r) = x, y
        return math.hypot(p[0] - q[0], p[1] - q[1]) <= tol and abs(s - r) <= tol

    return all(any(near(x, y) for y in want) for x in got) and all(any(near(x, y) for x in got) for y in want)


@dataclass(frozen=True)
class Candidate:
    """One admissible (reference face, incident face) of rule 3 and what it gives."""

    reference: str
    """which shape holds the reference face: 'a' or 'b'"""
    face: Tuple[Point, Point]
    """the reference face p0 -> p1 (exact), its outward normal (dy, -dx) of p1 - p0"""
    incident: Tuple[Point, Point]
    """the incident edge q0 -> q1 (exact), of the other shape"""
    face_separation: float
    """s_F of the reference face"""
    normal: Tuple[float, float]
    """the manifold normal, unit, from a toward b (u or -u), from a 2**-100 computation"""
    radii: Tuple[Fraction, Fraction]
    """(rX, rY): the reference shape's radius and the incident shape's"""
    margin: Fraction
    ends: Tuple[ClipEnd, ...]
    """the exact clip's ends, in the incident edge's order: none (empty), one (a single point) or two"""
    outcomes: Tuple[object, ...]
    """every acceptable outcome: FALLBACK or a tuple of (point, separation), the
    exact clip's and those of the slab widened and narrowed by slab_tol"""
    stable: bool
    """False when the clip's ends move by more than tol between the narrowed and
    the widened slab (then :meth:`accepts` checks only the stretch, see the module)"""
    wide: Tuple[ClipEnd, ...]
    """the ends of the clip to the widened slab"""

    @property
    def empty(self):
        """The exact clip is empty (the expected answer is rule 2's)."""
        return not self.ends

    @property
    def none_kept(self):
        """The clip is not empty but no end is surely kept: none is, or every
        kept one is only *either* (then rule 2's answer is acceptable)."""
        return bool(self.ends) and all(e.kept is not True for e in self.ends)

    @property
    def fallback(self):
        """Rule 2's single point is an acceptable answer for this candidate."""
        return FALLBACK in self.outcomes

    def accepts(self, normal, points, separations, tol, normal_tol=1e-12):
        """Is the rule-3 result (a unit normal; 1 or 2 points and their
        separations, floats) one this candidate gives?  Rule 2's fallback is
        not checked here (see :attr:`fallback`)."""
        if math.hypot(normal[0] - self.normal[0], normal[1] - self.normal[1]) > normal_tol:
            return False
        got = [((float(p[0]), float(p[1])), float(s)) for p, s in zip(points, separations)]
        if any(o != FALLBACK and same_points(got, o, tol) for o in self.outcomes):
            return True
        if self.stable or not self.wide:
            return False
        # unstable: each point on the stretch of the widened clip, with its separation, kept at margin
        return all(self._on_stretch(p, s, tol) for p, s in got)

    def _on_stretch(self, p, s, tol):
        e0, e1 = self.wide[0], self.wide[-1]
        a, b = e0.point, e1.point
        d = (b[0] - a[0], b[1] - a[1])
        length2 = d[0] ** 2 + d[1] ** 2
        k = 0.0 if length2 == 0 else min(1.0, max(0.0, ((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / length2))
        foot = (a[0] + k * d[0], a[1] + k * d[1])
        sep = e0.separation + k * (e1.separation - e0.separation)  # affine along the edge
        return (
            math.hypot(p[0] - foot[0], p[1] - foot[1]) <= tol and abs(s - sep) <= tol and s <= float(self.margin) + tol
        )


@dataclass(frozen=True)
class Reference:
    """What the specification asks of manifold(a, b, margin)."""

    separation: float
    """the exact signed distance, correctly rounded (reference.contact.separation)"""
    rule: str
    """'apart' (count 0), 'point' (rule 2: a single-point core) or 'faces' (rule 3)"""
    candidates: Tuple[Candidate, ...]
    """rule 3's admissible candidates (empty unless rule == 'faces')"""


def _clip(f0, f1, lo, hi):
    """The parameters [l0, l1] in [0, 1] where lo <= f0 + l (f1 - f0) <= hi, or None."""
    if f0 == f1:
        return (Fraction(0), Fraction(1)) if lo <= f0 <= hi else None
    l_lo, l_hi = (lo - f0) / (f1 - f0), (hi - f0) / (f1 - f0)
    l0, l1 = max(Fraction(0), min(l_lo, l_hi)), min(Fraction(1), max(l_lo, l_hi))
    return (l0, l1) if l0 <= l1 else None


def _ends(face, incident, radii, margin, tol, lo, hi):
    """The ends of the incident edge clipped to lo <= (q - p0) . t <= hi."""
    (p0, p1), (q0, q1) = face, incident
    t = _sub(p1, p0)
    t2 = _dot(t, t)
    perp = _right(t)
    root = _sqrt(t2)
    ux, uy = perp[0] / root, perp[1] / root
    rx, ry = radii
    span = _clip(_dot(_sub(q0, p0), t), _dot(_sub(q1, p0), t), lo, hi)
    if span is None:
        return ()
    out = []
    for lam in sorted(set(span)):
        c = (q0[0] + lam * (q1[0] - q0[0]), q0[1] + lam * (q1[1] - q0[1]))
        n = _dot(_sub(c, p0), perp)  # (c - p0) . u = n / |t|, n exact
        depth = n / root
        sep = depth - (rx + ry)
        kept = _le_root(n, margin + rx + ry, t2)
        if tol > 0 and abs(sep - margin) <= tol:
            kept = None
        half = (rx - ry - depth) / 2
        point = (float(c[0] + ux * half), float(c[1] + uy * half))
        out.append(ClipEnd(lam, c, float(sep), point, kept))
    return tuple(out)


def _candidate(which, face, incident, s_f, radii, margin, tol, slab_tol):
    (p0, p1) = face
    t = _sub(p1, p0)
    t2 = _dot(t, t)
    root = _sqrt(t2)
    perp = _right(t)
    sign = 1 if which == "a" else -1
    normal = (float(sign * perp[0] / root), float(sign * perp[1] / root))
    delta = Fraction(slab_tol) * root  # slab_tol along the face, in units of (q - p0) . t
    exact = _ends(face, incident, radii, margin, tol, 0, t2)
    wide = _ends(face, incident, radii, margin, tol, -delta, t2 + delta)
    narrow = _ends(face, incident, radii, margin, tol, delta, t2 - delta) if 2 * delta < t2 else ()
    outcomes = _outcomes(exact)
    for ends in (narrow, wide):  # what rounding in the slab test may give besides
        for o in _outcomes(ends):
            if o == FALLBACK and o not in outcomes:
                outcomes.append(o)
            elif o != FALLBACK and not any(p != FALLBACK and same_points(o, p, tol) for p in outcomes):
                outcomes.append(o)
    stable = _close(narrow, wide, tol) and _close(exact, wide, tol)
    return Candidate(which, face, incident, float(s_f), normal, radii, margin, exact, tuple(outcomes), stable, wide)


def _close(inner, outer, tol):
    """Do two clips (the inner one within the outer one) give ends within tol
    of each other, or is the outer one no longer than tol where the inner one
    is empty?"""

    def dist(x, y):
        return math.hypot(x.point[0] - y.point[0], x.point[1] - y.point[1])

    if not outer:
        return not inner
    if not inner:
        return dist(outer[0], outer[-1]) <= tol
    return dist(inner[0], outer[0]) <= tol and dist(inner[-1], outer[-1]) <= tol


def _face_separation(face, others):
    """s_F = min over the vertices v of the other core of (v - p0) . u, to 2**-100."""
    p0, p1 = face
    t = _sub(p1, p0)
    perp = _right(t)
    return min(_dot(_sub(v, p0), perp) for v in others) / _sqrt(_dot(t, t))


def _unit_dot(f, g):
    """w . u for the outward unit normals of faces f and g, to 2**-100."""
    t, s = _sub(f[1], f[0]), _sub(g[1], g[0])
    return _dot(t, s) / (_sqrt(_dot(t, t)) * _sqrt(_dot(s, s)))  # right-perps dot as the edges do


def _fraction(value):
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"margin must be finite, got {value!r}")
        return Fraction(value)
    return Fraction(value)


def manifold_candidates(kind_a, a, kind_b, b, margin, tol, dot_tol=1e-12, slab_tol=None):
    """Every admissible rule-3 manifold of a and b at ``margin``.

    For every reference face whose s_F is within ``tol`` of the greatest and
    every incident face whose w . u is within ``dot_tol`` of the smallest, a
    :class:`Candidate`: its normal, the exact clip's ends (each with its
    separation, reported point and whether it is kept at margin: True, False
    or None for either), whether the clip is empty or keeps no end (then rule
    2's point is the answer), and every outcome the implementation may give.
    ``slab_tol`` (default tol / 1024) is the rounding allowed in the slab test.

    Only meaningful where rule 3 applies (both cores have faces); an empty
    list where a core is a single point.  Does not apply rule 1.
    """
    margin = _fraction(margin)
    tol = Fraction(tol)
    slab_tol = tol / 1024 if slab_tol is None else Fraction(slab_tol)
    core_a, ra = shape_core(kind_a, a)
    core_b, rb = shape_core(kind_b, b)
    hull_a, hull_b = convex_hull(core_a), convex_hull(core_b)
    faces_a, faces_b = faces(hull_a), faces(hull_b)
    if not faces_a or not faces_b:
        return []
    sides = {"a": (faces_a, hull_b, faces_b, (ra, rb)), "b": (faces_b, hull_a, faces_a, (rb, ra))}
    scored = [(which, f, _face_separation(f, sides[which][1])) for which in "ab" for f in sides[which][0]]
    best = max(s for _, _, s in scored)
    out = []
    for which, face, s_f in scored:
        if s_f < best - tol:
            continue
        _, _, incident_faces, radii = sides[which]
        dots = [(g, _unit_dot(face, g)) for g in incident_faces]
        least = min(d for _, d in dots)
        for g, d in dots:
            if d <= least + Fraction(dot_tol):
                out.append(_candidate(which, face, g, s_f, radii, margin, tol, slab_tol))
    return out


def manifold_reference(kind_a, a, kind_b, b, margin, tol, **options):
    """Which rule applies to manifold(a, b, margin), and rule 3's candidates.

    The rule is decided on the exact separation (correctly rounded): 'apart'
    where it is > margin, 'point' where a core is a single point, else
    'faces'.  (The implementation decides rule 1 on its own rounded
    separation; the tests ask that of pc.contact's.)
    """
    sep = separation(kind_a, a, kind_b, b)
    if sep > _fraction(margin):
        return Reference(sep, "apart", ())
    if any(len(convex_hull(shape_core(k, s)[0])) == 1 for k, s in ((kind_a, a), (kind_b, b))):
        return Reference(sep, "point", ())
    return Reference(sep, "faces", tuple(manifold_candidates(kind_a, a, kind_b, b, margin, tol, **options)))
