"""Exact reference geometry for testing pycollide.

Everything here is exact rational arithmetic: input floats are converted
with ``Fraction(x)`` (exact: every double is a dyadic rational), and no float
arithmetic, square root or epsilon is used in any yes/no answer.  The yes/no
predicate :func:`overlaps` puts the coordinates of the two shapes on their
common grid first (each value times the least common denominator, an exact
integer) and works on Python integers: the same rational arithmetic with the
common denominator factored out, several times faster than Fractions (the
suite calls it hundreds of thousands of times); ``overlaps_by_fractions`` is
the same predicate on Fractions, and the reference's own tests check that the
two agree.

The model (deliberately *not* organised per pair of kinds, unlike the C core):

* Every shape is a pair ``(core, radius)``.  The core is the convex hull of
  1 to 8 vertices (a point; a circle's centre; a segment's or a capsule's two
  ends; a box's four corners; a triangle's or a polygon's vertices) and the
  radius is ``r`` for a circle or a capsule and 0 otherwise.  The shape is the closed set ``core ⊕ disk(radius)``.
* Shapes ``A = Ca ⊕ D(ra)`` and ``B = Cb ⊕ D(rb)`` intersect iff the origin
  lies in ``A ⊖ B = M ⊕ D(R)`` where ``M = hull{p - q : p ∈ Ca, q ∈ Cb}`` (the
  Minkowski difference of the cores, spanned by vertex differences) and
  ``R = ra + rb``.  That is iff ``dist²(0, M) <= R²``.
* Strict overlap ("the minimum translation separating them is positive")
  means the origin is in the *interior* of ``M ⊕ D(R)``: for ``R > 0`` that
  is ``dist²(0, M) < R²``; for ``R == 0`` the hull ``M`` must be a proper
  polygon with the origin strictly left of every edge of its CCW boundary.
"""

import math
import numbers
from fractions import Fraction

# The kinds' names and layouts come from the package's kind registry; what
# each kind IS (its core and radius, shape_core below) is derived here, from
# the math, independently of the C core.
from pycollide.shapes import solid_kinds

KINDS = tuple(cls.name for cls in solid_kinds())
WIDTH = {cls.name: cls.width for cls in solid_kinds()}

ZERO = Fraction(0)


def _exact(value):
    """Convert one coordinate to an exact Fraction (floats convert exactly)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"coordinate must be a real number, got {value!r}")
    if isinstance(value, numbers.Rational):
        return Fraction(value)
    try:
        return Fraction(float(value))  # exact: every double is a dyadic rational
    except (OverflowError, ValueError):
        raise ValueError(f"coordinate must be finite, got {value!r}") from None


def _polygon_from(values, k):
    """K vertices of a convex polygon from 2K numbers: the convex hull of the
    points they give, collinear edge midpoints added while they are exact (on
    the inputs' grid) and there is room, the last vertex repeated to K, clockwise when the first
    number is negative."""
    points = [(values[2 * i], values[2 * i + 1]) for i in range(k)]
    hull = convex_hull([(_exact(x), _exact(y)) for x, y in points])
    # a midpoint is added only on the inputs' own grid (no finer power of two
    # than theirs), so that scaling the polygon by 2**k stays exact
    unit = max(_exact(v).denominator for v in values)
    i = 0
    while len(hull) < k and len(hull) >= 2 and i < len(hull):
        p, q = hull[i], hull[(i + 1) % len(hull)]
        mid = ((float(p[0]) + float(q[0])) / 2, (float(p[1]) + float(q[1])) / 2)
        m = (_exact(mid[0]), _exact(mid[1]))
        on_grid = (m[0] * unit).denominator == 1 and (m[1] * unit).denominator == 1
        if on_grid and m not in (p, q) and _cross(p, q, m) == 0 and len(hull) > 2:
            hull.insert(i + 1, m)
            i += 2
        else:
            i += 1
    if values[0] < 0:
        hull.reverse()
    hull = hull + [hull[-1]] * (k - len(hull))
    return tuple(float(c) for p in hull for c in p)


def make_valid(kind, values):
    """A row of ``kind`` made a valid shape (for generated test data): a
    radius made non-negative, a box's min and max put in order, a polygon's
    points replaced by their convex hull (see _polygon_from); other kinds'
    rows are valid as they are."""
    values = list(values)
    if kind in ("circle", "capsule"):
        values[-1] = abs(values[-1])
    elif kind.startswith("polygon"):
        return _polygon_from(values, len(values) // 2)
    elif kind == "box":
        x0, y0, x1, y1 = values
        values = [min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)]
    return tuple(values)


def _checked_width(kind, shape):
    if kind not in WIDTH:
        raise ValueError(f"unknown shape kind {kind!r}; expected one of {KINDS}")
    try:
        n = len(shape)
    except TypeError:
        raise ValueError(f"{kind} must be a sequence of {WIDTH[kind]} numbers, got {shape!r}") from None
    if n != WIDTH[kind]:
        raise ValueError(f"{kind} needs {WIDTH[kind]} numbers, got {n}: {shape!r}")
    return n


def shape_core(kind, shape):
    """Validate a shape tuple and return ``(core_vertices, radius)`` exactly.

    ``core_vertices`` is a list of 1-8 ``(Fraction, Fraction)`` points whose
    convex hull is the core; ``radius`` is a Fraction >= 0.
    """
    _checked_width(kind, shape)
    return _core(kind, shape, [_exact(v) for v in shape])


def _core(kind, shape, c):
    """The core and radius of ``shape`` from its coordinates ``c``, exact
    numbers of any type (Fractions, or integers on a common grid: the model is
    invariant under scaling by a positive number)."""
    n = len(c)
    if kind == "circle":
        if c[2] < 0:
            raise ValueError(f"circle radius must be >= 0, got {shape[2]!r}")
        return [(c[0], c[1])], c[2]
    if kind == "box":
        xmin, ymin, xmax, ymax = c
        if xmin > xmax or ymin > ymax:
            raise ValueError(f"box needs xmin <= xmax and ymin <= ymax, got {shape!r}")
        return [(xmin, ymin), (xmax, ymin), (xmax, ymax), (xmin, ymax)], xmin - xmin
    if kind == "capsule":
        if c[4] < 0:
            raise ValueError(f"capsule radius must be >= 0, got {shape[4]!r}")
        return [(c[0], c[1]), (c[2], c[3])], c[4]
    vertices = [(c[i], c[i + 1]) for i in range(0, n, 2)]
    if kind.startswith("polygon") and not polygon_is_convex(vertices):
        raise ValueError(f"{kind} is not a convex polygon winding once: {shape!r}")
    # point, segment, triangle, polygon: the core is the hull of the vertices
    return vertices, c[0] - c[0]


def _ratio(value):
    """One coordinate as an exact ``(numerator, denominator)``."""
    if isinstance(value, float):
        try:
            return value.as_integer_ratio()  # exact: every double is a dyadic rational
        except (OverflowError, ValueError):
            raise ValueError(f"coordinate must be finite, got {value!r}") from None
    f = _exact(value)
    return f.numerator, f.denominator


def _on_grid(*shapes, unit=False):
    """The coordinates of the shapes as integers on their common grid: each
    value times the least common multiple of their denominators (exact); with
    ``unit=True`` that multiple too."""
    ratios = [[_ratio(v) for v in shape] for shape in shapes]
    lcm = math.lcm(*(d for r in ratios for _, d in r))
    grid = [[n * (lcm // d) for n, d in r] for r in ratios]
    return (grid, lcm) if unit else grid


def polygon_is_convex(vertices):
    """Is the closed polygon through the vertices (in order) convex, winding
    once?  Repeated consecutive vertices are ignored; all-collinear vertices
    (a segment or a point) are allowed.  Otherwise the vertices where the
    boundary turns must be exactly the convex hull's, in its cyclic order (one
    way round or the other), and where it goes straight on it must not
    double back."""
    pts = []
    for p in vertices:
        if not pts or pts[-1] != p:
            pts.append(p)
    while len(pts) > 1 and pts[-1] == pts[0]:
        pts.pop()
    n = len(pts)
    if n < 3 or all(_cross(pts[0], pts[1], p) == 0 for p in pts):
        return True
    corners = []
    for j in range(n):
        i, l = pts[j - 1], pts[(j + 1) % n]
        turn = _cross(i, pts[j], l)
        if turn != 0:
            corners.append(pts[j])
        elif (i[0] - pts[j][0]) * (l[0] - pts[j][0]) + (i[1] - pts[j][1]) * (l[1] - pts[j][1]) >= 0:
            return False  # straight on, but back the way it came
    hull = convex_hull(pts)
    if len(corners) != len(hull):
        return False
    for order in (hull, hull[::-1]):
        start = order.index(corners[0]) if corners[0] in order else None
        if start is not None and order[start:] + order[:start] == corners:
            return True
    return False


def _cross(o, a, b):
    """z-component of (a - o) x (b - o): > 0 iff o, a, b turn counter-clockwise."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def convex_hull(points):
    """Exact convex hull (Andrew's monotone chain), counter-clockwise.

    Duplicate and collinear points are dropped, so the result is a single
    point, the two ends of a segment, or a proper polygon (>= 3 vertices,
    every consecutive triple turning strictly left).
    """
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def chain(seq):
        out = []
        for p in seq:
            while len(out) >= 2 and _cross(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = chain(pts), chain(reversed(pts))
    return lower[:-1] + upper[:-1]  # all-collinear input gives [first, last]


def minkowski_difference(kind_a, a, kind_b, b):
    """Return ``(M, R)``: the hull of ``core_a - core_b`` and ``ra + rb``
    (Fractions; the hull is found on the pair's integer grid)."""
    _checked_width(kind_a, a)
    _checked_width(kind_b, b)
    (ca, cb), unit = _on_grid(a, b, unit=True)
    core_a, ra = _core(kind_a, a, ca)
    core_b, rb = _core(kind_b, b, cb)
    hull = convex_hull([(p[0] - q[0], p[1] - q[1]) for p in core_a for q in core_b])
    return [(Fraction(x, unit), Fraction(y, unit)) for x, y in hull], Fraction(ra + rb, unit)


def _segment_dist2(p, a, b):
    """Exact squared distance from point p to the closed segment [a, b].

    The projection parameter t = (p - a)·(b - a) / |b - a|² is clamped to
    [0, 1]; a zero-length segment is just the point a.
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    px, py = p[0] - a[0], p[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return px * px + py * py
    t = min(max((px * dx + py * dy) / length2, ZERO), Fraction(1))
    ex, ey = px - t * dx, py - t * dy
    return ex * ex + ey * ey


def _edges(hull):
    return [(hull[i], hull[(i + 1) % len(hull)]) for i in range(len(hull))]


def origin_dist2(hull):
    """Exact squared distance from the origin to a hull from :func:`convex_hull`.

    0 if the origin is in the closed hull (on or left of every CCW edge),
    otherwise the minimum squared distance to a boundary edge.
    """
    origin = (ZERO, ZERO)
    if len(hull) == 1:
        return hull[0][0] ** 2 + hull[0][1] ** 2
    if len(hull) == 2:
        return _segment_dist2(origin, hull[0], hull[1])
    if all(_cross(p, q, origin) >= 0 for p, q in _edges(hull)):
        return ZERO
    return min(_segment_dist2(origin, p, q) for p, q in _edges(hull))


def _origin_strictly_inside(hull):
    """True iff the hull has area and the origin is strictly inside it."""
    origin = (0, 0)
    return len(hull) >= 3 and all(_cross(p, q, origin) > 0 for p, q in _edges(hull))


def core_distance_squared(kind_a, a, kind_b, b):
    """Exact squared distance between the two shapes' cores: dist²(0, M)."""
    hull, _ = minkowski_difference(kind_a, a, kind_b, b)
    return origin_dist2(hull)


def radius_sum(kind_a, a, kind_b, b):
    """R = ra + rb (circle and capsule radii; 0 for every other kind), as a Fraction."""
    return shape_core(kind_a, a)[1] + shape_core(kind_b, b)[1]


def within(kind_a, a, kind_b, b, distance, touching=True):
    """Is the distance between the closed shapes at most ``distance``
    (``touching=False``: below it)?

    The distance is max(0, |core_a - core_b| - R), so it is at most d >= 0
    exactly when |core_a - core_b|² <= (R + d)², and below d exactly when
    d > 0 and |core_a - core_b|² < (R + d)² (cores that meet are at 0).
    """
    d = _exact(distance)
    if d < 0:
        raise ValueError(f"distance must be >= 0, got {distance!r}")
    reach2 = (radius_sum(kind_a, a, kind_b, b) + d) ** 2
    dist2 = core_distance_squared(kind_a, a, kind_b, b)
    return dist2 <= reach2 if touching else (d > 0 and dist2 < reach2)


def overlaps(kind_a, a, kind_b, b, touching=True):
    """Do the closed shapes a and b intersect?

    ``touching=True``: boundary contact counts; True iff dist²(0, M) <= R².
    ``touching=False``: True iff the origin is in the interior of M ⊕ D(R),
    i.e. the minimum translation separating the shapes is positive.

    Computed on the pair's common integer grid (see the module docstring);
    :func:`overlaps_by_fractions` is the same predicate on Fractions.
    """
    _checked_width(kind_a, a)
    _checked_width(kind_b, b)
    ca, cb = _on_grid(a, b)
    core_a, ra = _core(kind_a, a, ca)
    core_b, rb = _core(kind_b, b, cb)
    hull = convex_hull([(p[0] - q[0], p[1] - q[1]) for p in core_a for q in core_b])
    radius = ra + rb
    if not touching and radius == 0:
        return _origin_strictly_inside(hull)
    return _origin_within(hull, radius * radius, strict=not touching)


def _origin_within(hull, r2, strict):
    """dist²(0, hull) < r2 (strict) or <= r2, in integer arithmetic: the
    squared distance to an edge's line is cross² / |edge|², so it is compared
    as cross² against r2 |edge|²."""

    def near(d2, scale=1):
        return d2 < r2 * scale if strict else d2 <= r2 * scale

    def edge_near(a, b):
        ax, ay = -a[0], -a[1]  # the origin seen from a
        dx, dy = b[0] - a[0], b[1] - a[1]
        length2 = dx * dx + dy * dy
        dot = ax * dx + ay * dy
        if length2 == 0 or dot <= 0:
            return near(ax * ax + ay * ay)
        if dot >= length2:
            return near(b[0] * b[0] + b[1] * b[1])
        cross = ax * dy - ay * dx
        return near(cross * cross, length2)

    if len(hull) == 1:
        return near(hull[0][0] ** 2 + hull[0][1] ** 2)
    if len(hull) == 2:
        return edge_near(hull[0], hull[1])
    origin = (0, 0)
    if all(_cross(p, q, origin) >= 0 for p, q in _edges(hull)):
        return near(0)
    return any(edge_near(p, q) for p, q in _edges(hull))


def overlaps_by_fractions(kind_a, a, kind_b, b, touching=True):
    """:func:`overlaps` on Fractions, from the distance itself (no common
    grid): the definition the faster predicate is checked against."""
    hull, radius = minkowski_difference(kind_a, a, kind_b, b)
    if touching:
        return origin_dist2(hull) <= radius * radius
    if radius > 0:
        return origin_dist2(hull) < radius * radius
    return _origin_strictly_inside(hull)


def contains(kind, shape, point_xy):
    """Is point_xy in the closed shape (boundary included)?"""
    return overlaps(kind, shape, "point", point_xy)
