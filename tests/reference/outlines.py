"""Exact reference for outlines (issue 43): polylines and regions.

Everything is exact rational arithmetic, as in :mod:`reference.geometry`:
input numbers become :class:`fractions.Fraction` (exact for every finite
double; Fractions are taken as they are), and no float, square root or
epsilon enters a yes/no answer.  It is written from the definitions below, not
from the C code: a point's winding number, exact orientation and betweenness,
segment intersection on rationals, and the convex kinds' own reference
predicates (:func:`reference.geometry.overlaps`) for each convex shape against
one segment.

The sets
--------
* A **polyline** is a sequence of points ``p0, p1, ..., pn-1`` (n >= 1).  Its
  set is the union of the closed segments ``[pi, pi+1]``; a single point is
  that point.  It is closed when its last point repeats its first (the layout
  of shapely and GeoArrow), or with ``Polyline(points, closed=True)``, which
  adds the segment from the last point back to the first.  Repeated points,
  collinear runs, self-crossings and revisited vertices are all allowed: the
  set is what it is.
* A **region** is one polygon with holes: a shell ring and hole rings, each a
  sequence of points, closed implicitly (a last point equal to the first is
  dropped, as are consecutive repeats).  Its set is the closed area: the
  closed shell area minus the open hole areas, boundary included.  Its
  interior ``int R`` is that minus the rings.

Validity (:func:`region_problem`): the OGC Simple Features rule
---------------------------------------------------------------
shapely (GEOS) follows the OGC SFS definition of a valid polygon: rings are
simple; "no two rings in the boundary cross, and the rings may intersect at a
point but only as a tangent"; no cut lines, spikes or punctures; the interior
is connected.  It is the rule implemented here, exactly, with orientation
free (either way round for any ring).  After consecutive repeats (and a
closing repeat) are dropped:

1. Every coordinate is finite.
2. A ring has at least 3 distinct points.
3. A ring is simple: two consecutive edges meet only at their shared vertex
   (so a collinear run is fine, but a spike that doubles back is not), and two
   non-consecutive edges do not meet at all (a ring touching itself at a
   point, an "inverted hole", is invalid, as in OGC and GEOS's default).  A
   simple ring bounds a positive area.
4. A hole lies inside its shell: the hole's ring, away from the points where
   it touches the shell, is in the shell's open area.
5. Rings do not cross and do not share a segment of positive length; two
   rings may touch at isolated points (a vertex of one on the other: "a hole
   touching the shell at a vertex", or on an edge).  Holes are not nested: a
   hole's ring, away from its touching points, is outside every other hole's
   closed area.
6. The interior is connected: in the graph whose nodes are the rings and the
   touching points, with an edge from each touching point to each ring
   through it, there is no cycle (a hole touching the shell at two points, or
   two holes touching each other at two points, or a chain of holes closing
   on the shell, cuts the interior).

:func:`region_problem` reports the first rule broken, checking the shell,
then each hole alone, then each hole against the shell, then each pair of
holes, then connectivity; the reason starts with the ring it names
(``"shell: ..."``, ``"hole 2: ..."``).

Overlaps (:func:`overlaps_polyline`, :func:`overlaps_region`)
-------------------------------------------------------------
A convex shape ``A`` is the closed set of :mod:`reference.geometry` (a core
and a radius).  ``touching=True``: the closed sets meet.  ``touching=False``
(the project's strict mode; see ``docs/queries.rst`` and, for a non-convex
target, the tile maps of ``docs/worlds.rst``: "meets the interior of the
union"):

* **Region**: ``A`` meets ``int R``.  For ``A`` with an interior this is
  ``int A`` meeting ``int R`` (a box resting on the region, or snug in a notch
  of exactly its width, does not overlap it); for a point, the point is in
  ``int R``; for a segment (or a shape flat as one), some point of it is in
  ``int R`` (a segment along a boundary edge, or through a vertex where a hole
  touches the shell, does not).
* **Polyline**: the polyline has no interior, so the rule is local: ``A`` and
  the polyline overlap strictly when at some common point no translation,
  however small, separates them near that point.  For ``A`` with an interior
  this is exactly "the polyline meets ``int A``" (lying along ``A``'s side,
  or in a channel ``A`` fills, is touching only).  A point never does (as a
  point never overlaps a segment strictly).  A segment does when, at some
  point of its relative interior, the polyline has points strictly on both
  sides of the segment's line arbitrarily close to it: a proper crossing, or
  a vertex where the polyline passes from one side to the other, straight on
  or turning (so there is no ghost at a joint), but not a vertex where it
  turns back, nor a shared collinear stretch.  With a polyline of one segment
  all of this is the convex segment's own strict overlap.

Both rules are local.  Taken globally, the convex kinds' wording ("the least
translation separating them is positive") would make a box snug in a channel
exactly its width overlap: each contact alone is freed by a small move, but
no one move frees both.  The tile maps and the issue ("a shape lying along a
polyline does not penetrate it") say it does not, and so does this reference.

Between outlines: two polylines cross where no small translation separates
them near a common point (:func:`stars_cross`); a polyline overlaps a region
strictly where it meets ``int R``; two regions where their interiors meet.

``contains`` is the project's: ``contains(target, point)`` is
``overlaps(target, the point)`` in either mode.  :func:`covers` is a whole
shape inside a region (the closed region; ``touching=False``: its interior).

Distances are exact squared distances (rationals) from a point to a
polyline, to a region's boundary (signed: negative inside), to a region.
"""

import functools
from fractions import Fraction

from .geometry import ZERO, _cross, _exact, _segment_dist2, convex_hull, core_distance_squared, shape_core
from .geometry import overlaps as convex_overlaps
from .tiles import _det, _dot, _sub

INSIDE, BOUNDARY, OUTSIDE = "inside", "boundary", "outside"


# ----------------------------------------------------------------- helpers


def _sign(x):
    return (x > 0) - (x < 0)


def _point(xy):
    """An exact point from two numbers."""
    if len(xy) != 2:
        raise ValueError(f"a point needs 2 numbers, got {xy!r}")
    return (_exact(xy[0]), _exact(xy[1]))


def _on_segment(p, a, b):
    """p on the closed segment [a, b] (a == b allowed): collinear and between."""
    return _cross(a, b, p) == 0 and _dot(_sub(p, a), _sub(p, b)) <= 0


def _strictly_between(p, a, b):
    """p in the relative interior of the segment [a, b] (a != b)."""
    return _cross(a, b, p) == 0 and _dot(_sub(p, a), _sub(p, b)) < 0


def _seg_shape(a, b):
    """The segment [a, b] in the convex reference's layout."""
    return (a[0], a[1], b[0], b[1])


# --------------------------------------------------------- two segments


def segment_relation(a, b, c, d):
    """How the closed segments [a, b] and [c, d] (each of positive length) meet.

    Returns ``(how, points)``: ``("apart", [])``; ``("cross", [x])`` when they
    cross at a point interior to both, not collinear; ``("overlap", [p, q])``
    when they share a piece of positive length (collinear; its ends);
    ``("touch", [x])`` when they share exactly one point, which is then an end
    of one of them (or of both).
    """
    if (
        max(a[0], b[0]) < min(c[0], d[0])
        or max(c[0], d[0]) < min(a[0], b[0])
        or max(a[1], b[1]) < min(c[1], d[1])
        or max(c[1], d[1]) < min(a[1], b[1])
    ):
        return "apart", []  # their bounding boxes are apart
    d1, d2 = _cross(a, b, c), _cross(a, b, d)
    d3, d4 = _cross(c, d, a), _cross(c, d, b)
    if d1 == 0 and d2 == 0:  # collinear: compare the parameters along [a, b]
        u = _sub(b, a)
        length2 = _dot(u, u)
        lo = max(ZERO, min(_dot(_sub(c, a), u), _dot(_sub(d, a), u)) / length2)
        hi = min(Fraction(1), max(_dot(_sub(c, a), u), _dot(_sub(d, a), u)) / length2)
        if lo > hi:
            return "apart", []
        ends = [(a[0] + t * u[0], a[1] + t * u[1]) for t in (lo, hi)]
        return ("overlap", ends) if lo < hi else ("touch", ends[:1])
    if _sign(d1) * _sign(d2) < 0 and _sign(d3) * _sign(d4) < 0:
        t = d3 / (d3 - d4)  # where [a, b] meets the line of [c, d]
        return "cross", [(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))]
    for p, (s, e) in ((c, (a, b)), (d, (a, b)), (a, (c, d)), (b, (c, d))):
        if _on_segment(p, s, e):
            return "touch", [p]
    return "apart", []


def segments_meet(a, b, c, d):
    """Do the closed segments [a, b] and [c, d] share a point (any lengths)?"""
    if a == b:
        return _on_segment(a, c, d)
    if c == d:
        return _on_segment(c, a, b)
    return segment_relation(a, b, c, d)[0] != "apart"


# ------------------------------------------------------------------- rings


def clean_ring(ring):
    """The ring's exact points with consecutive repeats and a closing repeat
    dropped, and for each the index of the input vertex it comes from:
    ``(points, indices)``.  Raises ValueError for a non-finite coordinate."""
    points, indices = [], []
    for k, xy in enumerate(ring):
        p = _point(xy)
        if not points or points[-1] != p:
            points.append(p)
            indices.append(k)
    while len(points) > 1 and points[-1] == points[0]:
        points.pop()
        indices.pop()
    return points, indices


def ring_edges(points):
    """The closed ring's edges ``(points[i], points[i + 1])``, the last one back
    to the first."""
    n = len(points)
    return [(points[i], points[(i + 1) % n]) for i in range(n)]


def signed_area2(points):
    """Twice the signed area of the ring (> 0 counter-clockwise), shoelace."""
    return sum(_det(p, q) for p, q in ring_edges(points))


def winding_number(points, p):
    """The winding number of the closed ring around p (p not on the ring).

    Each edge that crosses the horizontal line through p upward, with p
    strictly left of it, counts +1; downward with p strictly right, -1 (an
    edge is taken as holding its lower end and not its upper one, so a vertex
    at p's height is counted once)."""
    wn = 0
    for a, b in ring_edges(points):
        if a[1] <= p[1] < b[1] and _cross(a, b, p) > 0:
            wn += 1
        elif b[1] <= p[1] < a[1] and _cross(a, b, p) < 0:
            wn -= 1
    return wn


def _ring_problem(points, indices):
    """Rules 2 and 3 for one cleaned ring: None, or what is wrong."""
    if len(set(points)) < 3:
        return "fewer than 3 distinct points"
    n = len(points)
    edges = ring_edges(points)
    for i in range(n):
        a, b = edges[i]
        # the next edge shares b: it must not double back along this one
        c = edges[(i + 1) % n][1]
        if _cross(a, b, c) == 0 and _dot(_sub(a, b), _sub(c, b)) > 0:
            return f"doubles back on itself at vertex {indices[(i + 1) % n]}"
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue  # the last edge and the first share the first vertex
            if segments_meet(a, b, *edges[j]):
                return f"crosses or touches itself (its edges from vertices {indices[i]} and {indices[j]} meet)"
    return None


class _RingPair:
    """How two valid rings A and B meet: ``problem`` (``"cross"`` or
    ``"overlap"``, or None) and ``touches``, the points where they touch
    (each a vertex of one of them)."""

    def __init__(self, ring_a, ring_b):
        self.problem = None
        self.touches = set()
        for a, b in ring_edges(ring_a):
            for c, d in ring_edges(ring_b):
                how, pts = segment_relation(a, b, c, d)
                if how in ("cross", "overlap"):
                    self.problem = how
                    return
                self.touches.update(pts)

    def pieces(self, ring):
        """The midpoints of ``ring``'s edges cut at the touching points: one
        point on each piece of the ring between touches (with neither ring
        crossing nor overlapping the other, a piece lies wholly on one side
        of the other ring)."""
        out = []
        for a, b in ring_edges(ring):
            u = _sub(b, a)
            cuts = sorted(
                {ZERO, Fraction(1)} | {_dot(_sub(t, a), u) / _dot(u, u) for t in self.touches if _on_segment(t, a, b)}
            )
            for t0, t1 in zip(cuts, cuts[1:]):
                m = (t0 + t1) / 2
                out.append((a[0] + m * u[0], a[1] + m * u[1]))
        return out


def _ring_name(k):
    return "shell" if k == 0 else f"hole {k - 1}"


def region_problem(shell, holes=()):
    """None if the polygon with these rings is valid (the module docstring's
    rules, OGC's), else a short reason naming the first bad ring."""
    rings = [shell, *holes]
    cleaned = []
    for k, ring in enumerate(rings):
        try:
            points, indices = clean_ring(ring)
        except ValueError as error:
            return f"{_ring_name(k)}: {error}"
        problem = _ring_problem(points, indices)
        if problem:
            return f"{_ring_name(k)}: {problem}"
        cleaned.append(points)
    touch_rings = {}  # touching point -> the rings through it
    pairs = [(0, k) for k in range(1, len(rings))]
    pairs += [(i, j) for i in range(1, len(rings)) for j in range(i + 1, len(rings))]
    for i, j in pairs:
        pair = _RingPair(cleaned[i], cleaned[j])
        name, other = _ring_name(j), _ring_name(i)
        if pair.problem == "cross":
            return f"{name}: crosses the {other}" if i == 0 else f"{name}: crosses {other}"
        if pair.problem == "overlap":
            return f"{name}: shares a segment with {'the ' if i == 0 else ''}{other}"
        inside_other = [winding_number(cleaned[i], m) != 0 for m in pair.pieces(cleaned[j])]
        if i == 0:
            if not all(inside_other):
                return f"{name}: crosses the shell" if any(inside_other) else f"{name}: lies outside the shell"
        else:
            inside_this = [winding_number(cleaned[j], m) != 0 for m in pair.pieces(cleaned[i])]
            if all(inside_other):
                return f"{name}: lies inside {other}"
            if all(inside_this):
                return f"{name}: holds {other} inside it"
            if any(inside_other) or any(inside_this):
                return f"{name}: crosses {other}"
        for t in pair.touches:
            touch_rings.setdefault(t, set()).update((i, j))
    # rule 6: the rings-and-touching-points graph is a forest
    parent = {}

    def root(x):
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for t in sorted(touch_rings):
        for k in sorted(touch_rings[t]):
            a, b = root(("ring", k)), root(("point", t))
            if a == b:
                return f"{_ring_name(k)}: touches the other rings so that the interior is cut in two"
            parent[a] = b
    return None


# ------------------------------------------------------------------ shapes


class Polyline:
    """A polyline's exact segments (see the module docstring).

    ``segments`` lists the closed segments ``(p, q)``; a polyline of one
    point gives the one segment ``(p, p)``.  Repeated points give zero-length
    segments, which add nothing to the set.
    """

    def __init__(self, points, closed=False):
        pts = [_point(xy) for xy in points]
        if not pts:
            raise ValueError("a polyline needs at least one point")
        if closed:
            pts.append(pts[0])
        self.points = pts
        self.segments = [(pts[i], pts[i + 1]) for i in range(len(pts) - 1)] or [(pts[0], pts[0])]

    def rays(self, x):
        """The directions from x along the polyline: for each segment through
        x, toward each of its ends other than x (x on the polyline)."""
        out = []
        for p, q in self.segments:
            if p != q and _on_segment(x, p, q):
                out += [_sub(e, x) for e in (p, q) if e != x]
        return out


class Region:
    """A valid polygon with holes, as exact rings (the shell first); raises
    ValueError with :func:`region_problem`'s reason if it is not valid."""

    def __init__(self, shell, holes=()):
        problem = region_problem(shell, holes)
        if problem:
            raise ValueError(problem)
        self.rings = [clean_ring(r)[0] for r in (shell, *holes)]
        self.edges = [e for ring in self.rings for e in ring_edges(ring)]

    def classify(self, p):
        """INSIDE (in int R), BOUNDARY (on a ring) or OUTSIDE, exactly: on a
        ring by collinearity and betweenness, else inside iff the shell winds
        around p and no hole does."""
        p = _point(p)
        if any(_on_segment(p, a, b) for a, b in self.edges):
            return BOUNDARY
        shell, *holes = self.rings
        if winding_number(shell, p) != 0 and all(winding_number(h, p) == 0 for h in holes):
            return INSIDE
        return OUTSIDE

    def interior_point(self):
        """An exact point of int R: a point m of a shell edge that no other
        edge comes to, moved toward the interior (left of a counter-clockwise
        shell) by less than the distance from m to every other edge."""
        shell = self.rings[0]
        ccw = signed_area2(shell) > 0
        for a, b in ring_edges(shell):
            others = [e for e in self.edges if e != (a, b)]
            for t in (Fraction(1, 2), Fraction(1, 3), Fraction(2, 3), Fraction(1, 4), Fraction(3, 4)):
                m = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                clear2 = min((_segment_dist2(m, c, d) for c, d in others), default=Fraction(1))
                if clear2 == 0:
                    continue
                u = _sub(b, a)
                n = (-u[1], u[0]) if ccw else (u[1], -u[0])
                step = Fraction(1)
                while step * step * _dot(n, n) * 4 >= clear2:
                    step /= 2
                return (m[0] + step * n[0], m[1] + step * n[1])
        raise AssertionError("a valid region has a shell edge with a free point")


def as_polyline(line):
    return line if isinstance(line, Polyline) else Polyline(line)


def as_region(region):
    """A Region from a Region or a ``(shell, holes)`` pair."""
    if isinstance(region, Region):
        return region
    shell, holes = region
    return Region(shell, holes)


# ----------------------------------------------------- points and regions


def classify_point(region, p):
    """INSIDE, BOUNDARY or OUTSIDE (see :meth:`Region.classify`)."""
    return as_region(region).classify(p)


def on_polyline(line, p):
    """Is p on the polyline (on one of its closed segments)?"""
    p = _point(p)
    return any(_on_segment(p, a, b) for a, b in as_polyline(line).segments)


def polyline_dist2(line, p):
    """The exact squared distance from p to the polyline."""
    p = _point(p)
    return min(_segment_dist2(p, a, b) for a, b in as_polyline(line).segments)


def boundary_dist2(region, p):
    """The exact squared distance from p to the region's boundary (its rings)."""
    p = _point(p)
    return min(_segment_dist2(p, a, b) for a, b in as_region(region).edges)


def signed_boundary_dist2(region, p):
    """The squared distance to the boundary, negated for p in int R (0 on it)."""
    region = as_region(region)
    d2 = boundary_dist2(region, p)
    return -d2 if region.classify(p) == INSIDE else d2


def region_dist2(region, p):
    """The exact squared distance from p to the closed region (0 in it)."""
    region = as_region(region)
    return boundary_dist2(region, p) if region.classify(p) == OUTSIDE else ZERO


def contains(target, p, touching=True):
    """The project's ``contains``: is the point in the target (a Polyline or a
    Region; ``touching=False``: in its interior, which a polyline has not)?"""
    if isinstance(target, Polyline):
        return touching and on_polyline(target, p)
    where = as_region(target).classify(p)
    return where != OUTSIDE if touching else where == INSIDE


# ------------------------------------------------------- convex shapes


class _Convex:
    """A convex shape of :mod:`reference.geometry` as the outlines need it:
    its hull (1 point, 2 ends of a segment, or a proper CCW polygon), radius,
    whether it has an interior, and a point of it (of its interior if any)."""

    def __init__(self, kind, shape):
        self.kind, self.shape = kind, tuple(shape)
        core, self.radius = shape_core(kind, self.shape)
        self.hull = convex_hull(core)
        self.solid = self.radius > 0 or len(self.hull) >= 3
        n = len(self.hull)
        self.inner = (sum(p[0] for p in self.hull) / n, sum(p[1] for p in self.hull) / n)

    def overlaps_segment(self, a, b, touching):
        """The convex reference's own predicate against the segment [a, b]."""
        if a == b:
            return convex_overlaps(self.kind, self.shape, "point", a, touching)
        return convex_overlaps(self.kind, self.shape, "segment", _seg_shape(a, b), touching)

    def core_dist2(self, a, b):
        if a == b:
            return core_distance_squared(self.kind, self.shape, "point", a)
        return core_distance_squared(self.kind, self.shape, "segment", _seg_shape(a, b))


def _cuts(a, b, edges):
    """The parameters t in [0, 1] at which the segment a + t (b - a) meets the
    edges (where it crosses or touches one, and the ends of a shared collinear
    piece), with 0 and 1, sorted."""
    u = _sub(b, a)
    cuts = {ZERO, Fraction(1)}
    if a != b:
        for c, d in edges:
            cuts.update(_dot(_sub(x, a), u) / _dot(u, u) for x in segment_relation(a, b, c, d)[1])
    return sorted(cuts)


def _segment_pieces(region, a, b):
    """Where the closed segment [a, b] lies: the classes of its ends and of the
    midpoints of its pieces between the points where it meets the boundary.
    Each open piece lies on the boundary, or wholly inside or outside, so
    these classes are all the segment's."""
    cuts = _cuts(a, b, region.edges)
    mids = [(t0 + t1) / 2 for t0, t1 in zip(cuts, cuts[1:])]
    points = [a, b] + [(a[0] + m * (b[0] - a[0]), a[1] + m * (b[1] - a[1])) for m in mids]
    return {region.classify(p) for p in points}


def _segment_meets_interior(region, a, b):
    """Does the closed segment [a, b] meet int R?"""
    return INSIDE in _segment_pieces(region, a, b)


def overlaps_region(kind, shape, region, touching=True):
    """Does the convex shape meet the region (``touching=False``: its
    interior; the module docstring)?

    Touching: ``A`` meets a boundary edge, or else (``A`` being connected)
    lies wholly inside or outside, as any one point of it says.  Strict, for
    ``A`` with an interior: ``int A`` meets ``R`` iff an edge meets ``int A``
    (the convex strict overlap with that edge) or else ``int A`` lies wholly
    in ``int R``, as its one point ``inner`` says; for a point or a segment,
    :func:`_segment_meets_interior`."""
    region = as_region(region)
    a = _Convex(kind, shape)
    if touching:
        return any(a.overlaps_segment(c, d, True) for c, d in region.edges) or region.classify(a.hull[0]) != OUTSIDE
    if a.solid:
        return any(a.overlaps_segment(c, d, False) for c, d in region.edges) or region.classify(a.inner) == INSIDE
    return _segment_meets_interior(region, a.hull[0], a.hull[-1])


def covers(region, kind, shape, touching=True):
    """Is the whole convex shape in the closed region (``touching=False``: in
    its interior)?

    ``A ⊂ int R`` iff ``A`` meets no edge and one point of it is inside.
    ``A ⊂ R``, for ``A`` with an interior, iff no edge meets ``int A`` and
    ``int A`` is not outside (its point ``inner``): ``int A`` then lies in
    ``R``, and so does its closure ``A``; for a point or a segment, every
    piece between boundary points is not outside."""
    region = as_region(region)
    a = _Convex(kind, shape)
    if not touching:
        return not any(a.overlaps_segment(c, d, True) for c, d in region.edges) and region.classify(a.hull[0]) == INSIDE
    if a.solid:
        return not any(a.overlaps_segment(c, d, False) for c, d in region.edges) and region.classify(a.inner) != OUTSIDE
    return OUTSIDE not in _segment_pieces(region, a.hull[0], a.hull[-1])


def polyline_crosses_segment(line, a, b):
    """Strict overlap of the segment [a, b] (a != b) and a polyline: at some
    point x of the segment's relative interior the polyline has points
    strictly on both sides of the segment's line, arbitrarily close to x.

    Such an x is where a polyline segment crosses [a, b] properly, or a
    polyline vertex (an end of one of its segments) inside [a, b]: elsewhere
    the polyline near x is one straight segment, crossing or not."""
    line = as_polyline(line)
    d = _sub(b, a)
    for p, q in line.segments:
        if p != q and segment_relation(a, b, p, q)[0] == "cross":
            return True
    for v in {e for seg in line.segments for e in seg}:
        if _strictly_between(v, a, b):
            sides = {_sign(_det(d, r)) for r in line.rays(v)}
            if 1 in sides and -1 in sides:
                return True
    return False


def overlaps_polyline(kind, shape, line, touching=True):
    """Does the convex shape meet the polyline (``touching=False``: cross it;
    the module docstring)?

    Touching: some segment of it meets ``A``.  Strict: for ``A`` with an
    interior, some segment meets ``int A`` (the convex strict overlap with
    that segment); a point never; a segment, :func:`polyline_crosses_segment`."""
    line = as_polyline(line)
    a = _Convex(kind, shape)
    if touching or a.solid:
        return any(a.overlaps_segment(p, q, touching) for p, q in line.segments)
    if len(a.hull) == 1:
        return False
    return polyline_crosses_segment(line, a.hull[0], a.hull[1])


def _pieces_points(a, b, edges):
    """The ends of the segment [a, b], the points where it meets the edges,
    and a point strictly inside each piece between those (its midpoint), as
    (point, whether it lies strictly inside [a, b]) pairs."""
    cuts = _cuts(a, b, edges)
    ts = cuts + [(t0 + t1) / 2 for t0, t1 in zip(cuts, cuts[1:])]
    return [((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])), ZERO < t < 1) for t in ts]


def polyline_holds_segment(line, a, b):
    """Is the closed segment [a, b] on the polyline?  Between the points
    where it meets the polyline's segments, each open piece lies on the
    polyline (along a segment) or off it as a whole: its midpoint says."""
    line = as_polyline(line)
    a, b = _point(a), _point(b)
    if a == b:
        return on_polyline(line, a)
    return all(on_polyline(line, p) for p, _ in _pieces_points(a, b, line.segments))


def polyline_interiors_meet(line, a, b):
    """Do the interiors of the segment [a, b] (without its ends; a point
    segment is its point) and of the polyline (without its two ends, the
    mod-2 boundary, unless it closes) meet?  A common point of the interiors
    is a point where they meet or a point of a piece between those, which
    its midpoint stands for."""
    line = as_polyline(line)
    a, b = _point(a), _point(b)
    pts = line.points
    ends = set() if pts[0] == pts[-1] else {pts[0], pts[-1]}
    if a == b:
        return on_polyline(line, a) and a not in ends
    return any(inside and p not in ends and on_polyline(line, p) for p, inside in _pieces_points(a, b, line.segments))


# ---------------------------------------------- outlines against outlines


def _angle_order(u, v):
    """-1, 0, 1 as the direction u comes before, with, after v counter-clockwise from +x."""
    hu = 0 if (u[1] > 0 or (u[1] == 0 and u[0] > 0)) else 1
    hv = 0 if (v[1] > 0 or (v[1] == 0 and v[0] > 0)) else 1
    if hu != hv:
        return hu - hv
    return -_sign(_det(u, v))


def stars_cross(rays_a, rays_b):
    """Do two sets, each near a common point x the rays from x in the given
    directions, fail to be separated by every small translation?

    Translated by t, a ray x + a r of the first meets a ray x + b s of the
    second iff t = b s - a r for some a, b >= 0: iff t is in the cone spanned
    by s and -r.  The sets cross iff these cones cover every direction.  Their
    sides cut the circle of directions into open sectors, each covered by a
    cone or not as a whole: each is tested at one direction strictly inside
    it."""
    cones = [(s, (-r[0], -r[1])) for r in rays_a for s in rays_b]
    cuts = sorted({c for cone in cones for c in cone}, key=functools.cmp_to_key(_angle_order))
    distinct = []
    for w in cuts:
        if not distinct or _angle_order(distinct[-1], w) != 0:
            distinct.append(w)
    if not distinct:
        return False
    if len(distinct) == 1:
        distinct.append((-distinct[0][0], -distinct[0][1]))

    def covers_direction(w):
        for u, v in cones:
            turn = _det(u, v)
            if turn > 0 and _det(u, w) >= 0 and _det(w, v) >= 0:
                return True
            if turn < 0 and _det(u, w) <= 0 and _det(w, v) <= 0:
                return True
        return False  # a cone of no angle (a ray, or a line) covers no open sector

    for k, u in enumerate(distinct):
        v = distinct[(k + 1) % len(distinct)]
        if _det(u, v) > 0:  # less than a half turn: the sum of the two, scaled alike, is inside
            su, sv = max(abs(u[0]), abs(u[1])), max(abs(v[0]), abs(v[1]))
            w = (u[0] / su + v[0] / sv, u[1] / su + v[1] / sv)
        else:  # a half turn or more: u turned a quarter counter-clockwise is inside
            w = (-u[1], u[0])
        if not covers_direction(w):
            return False
    return True


def _common_points(first, second):
    """The points where two polylines' segments cross properly, and their
    vertices lying on the other: every point where their stars can cross."""
    out = set()
    for a, b in first.segments:
        for c, d in second.segments:
            if a != b and c != d:
                how, pts = segment_relation(a, b, c, d)
                if how == "cross":
                    out.update(pts)
    out.update(v for seg in first.segments for v in seg if on_polyline(second, v))
    out.update(v for seg in second.segments for v in seg if on_polyline(first, v))
    return out


def polylines_cross(first, second):
    """Strict overlap of two polylines: at some common point their stars
    cross (:func:`stars_cross`)."""
    first, second = as_polyline(first), as_polyline(second)
    return any(stars_cross(first.rays(x), second.rays(x)) for x in _common_points(first, second))


def overlaps_polylines(first, second, touching=True):
    first, second = as_polyline(first), as_polyline(second)
    if not touching:
        return polylines_cross(first, second)
    return any(segments_meet(a, b, c, d) for a, b in first.segments for c, d in second.segments)


def overlaps_polyline_region(line, region, touching=True):
    """The polyline meets the closed region (``touching=False``: its interior)."""
    line, region = as_polyline(line), as_region(region)
    if not touching:
        return any(_segment_meets_interior(region, a, b) for a, b in line.segments)
    return any(segments_meet(a, b, c, d) for a, b in line.segments for c, d in region.edges) or (
        region.classify(line.points[0]) != OUTSIDE
    )


def overlaps_regions(first, second, touching=True):
    """Two regions meet (``touching=False``: their interiors do).

    Touching: two edges meet, or else one ring of either lies wholly in the
    other's interior, as its first vertex says.  Strict: a boundary of one
    meets the interior of the other, or else (the interior of the second is
    connected and misses the first's boundary) a point of int R2 is in int R1."""
    first, second = as_region(first), as_region(second)
    if not touching:
        return any(_segment_meets_interior(second, a, b) for a, b in first.edges) or (
            first.classify(second.interior_point()) == INSIDE
        )
    if any(segments_meet(a, b, c, d) for a, b in first.edges for c, d in second.edges):
        return True
    return any(second.classify(r[0]) != OUTSIDE for r in first.rings) or any(
        first.classify(r[0]) != OUTSIDE for r in second.rings
    )


# ------------------------------------------------------------ distances


def _core_kind(kind, shape):
    """The shape's core as a shape of radius 0: a circle's centre as a point,
    a capsule's segment; other kinds are their own core."""
    if kind == "circle":
        return "point", tuple(shape[:2])
    if kind == "capsule":
        return "segment", tuple(shape[:4])
    return kind, tuple(shape)


def polyline_core_dist2(kind, shape, line):
    """The exact squared distance from the shape's core to the polyline (the
    shape's own distance is that less its radius, never below 0)."""
    a = _Convex(kind, shape)
    return min(a.core_dist2(p, q) for p, q in as_polyline(line).segments)


def region_core_dist2(kind, shape, region):
    """The exact squared distance from the shape's core to the closed region."""
    region = as_region(region)
    if overlaps_region(*_core_kind(kind, shape), region):
        return ZERO
    a = _Convex(kind, shape)
    return min(a.core_dist2(c, d) for c, d in region.edges)
