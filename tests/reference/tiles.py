"""Exact reference for tile maps: the solid region, overlaps, signed distance,
raycasts and swept circles (time of first touch).

Derived from the geometry only (issue 7 spec, /work/notes/tiles_spec.md), with
:class:`fractions.Fraction` arithmetic throughout; no float is used in any
yes/no answer.

The model
---------
* Tile ``(i, j)`` of a map with tile size ``s`` and origin ``(ox, oy)`` is the
  cell ``[x0, x1] x [y0, y1]`` whose corners are the float64 values
  ``x0 = ox + j*s``, ``x1 = ox + (j+1)*s``, ``y0 = oy + i*s``,
  ``y1 = oy + (i+1)*s``, each "rounded once" as the spec says: the exact
  value ``ox + j*s`` rounded to the nearest double (what ``fma(j, s, ox)``
  gives; NOT ``ox + j*s`` in two float operations, which rounds the product
  first: 0.3 + 3*0.1 is 0.6000000000000001 that way but 0.6 rounded once).
  The corner is then taken exactly as a Fraction.  A solid tile is a closed convex polygon: the cell (SOLID) or the
  half of it that keeps three corners (CUT_*, named by the corner cut away).
* The solid region ``U`` is the union of the closed tile polygons.  Its
  boundary ``∂U`` is the union of the tile edges that are NOT shared, with the
  opposite orientation, by a neighbouring solid tile (a face between two solid
  tiles has solid on both sides, so it is interior).  A diagonal is never
  shared.  ``int U = U \\ ∂U``.
* Shapes are the ``(core, radius)`` model of :mod:`reference.geometry`: the
  moving circle is its centre inflated by ``r``; a target circle, box,
  segment or triangle is a convex core ``K`` inflated by ``R``.

Precision
---------
Every yes/no answer (overlap, hit or miss, hit at t = 0, which tiles contain
a point, which faces are incident) is exact.  Quantities that are irrational
(a distance, a sweep time through a circular arc or past an edge of
irrational length) are computed with :func:`_sqrt`, an integer square root
to a relative ``2**-200`` (about 60 decimal digits), so a returned
``Fraction`` time is within ``~2**-190`` of the true one; distances returned
as floats are the correctly rounded value (up to a tie within ``2**-200``)
with an exact sign.  Raycast times and the sweep times of a zero-radius
circle against polygons are exact rationals.
"""

import math
from fractions import Fraction

from .geometry import ZERO, _cross, _exact, _segment_dist2, convex_hull, origin_dist2, shape_core

ONE = Fraction(1)
EMPTY, SOLID, CUT_NE, CUT_NW, CUT_SE, CUT_SW = range(6)
TILE_KINDS = (EMPTY, SOLID, CUT_NE, CUT_NW, CUT_SE, CUT_SW)


# ----------------------------------------------------------------- numbers


def _sqrt(q, bits=200):
    """sqrt(q) for a Fraction q >= 0, as a Fraction within a relative 2**-bits
    (rounded down)."""
    q = Fraction(q)
    if q < 0:
        raise ValueError("negative")
    if q == 0:
        return ZERO
    n, d = q.numerator, q.denominator
    k = max(0, (2 * bits + 20 - n.bit_length() + d.bit_length()) // 2 + 1)
    return Fraction(math.isqrt((n << 2 * k) // d), 1 << k)


def to_float(x):
    """A Fraction to the nearest float, except that a nonzero x never becomes 0
    (it becomes the smallest double of its sign): the sign is exact."""
    f = float(x)
    if f == 0 and x != 0:
        return 5e-324 if x > 0 else -5e-324
    return f


def _root_minus(d2, r):
    """sqrt(d2) - r with an exact sign: (d2 - r^2) / (sqrt(d2) + r)."""
    if d2 == 0 and r == 0:
        return ZERO
    return (d2 - r * r) / (_sqrt(d2) + r)


def _pt(xy):
    return (_exact(xy[0]), _exact(xy[1]))


def _sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


def _dot(a, b):
    return a[0] * b[0] + a[1] * b[1]


def _det(a, b):
    return a[0] * b[1] - a[1] * b[0]


def _at(c, d, t):
    return (c[0] + t * d[0], c[1] + t * d[1])


def _poly_edges(poly):
    return [(poly[k], poly[(k + 1) % len(poly)]) for k in range(len(poly))]


# ------------------------------------------------------------------ tiles


def corner(o, k, s):
    """The float64 value o + k*s (k an int) rounded once (the exact sum rounded
    to nearest, as fma(k, s, o) computes it), as a Fraction."""
    return Fraction(float(Fraction(float(o)) + k * Fraction(float(s))))


def tile_polygon(kind, i, j, s, ox, oy):
    """The closed convex polygon of tile (i, j) of the given kind, as a list of
    Fraction points in counter-clockwise order; None for EMPTY."""
    kind = int(kind)
    if kind not in TILE_KINDS:
        raise ValueError(f"unknown tile kind {kind!r}")
    if kind == EMPTY:
        return None
    x0, x1 = corner(ox, j, s), corner(ox, j + 1, s)
    y0, y1 = corner(oy, i, s), corner(oy, i + 1, s)
    sw, se, ne, nw = (x0, y0), (x1, y0), (x1, y1), (x0, y1)
    return {
        SOLID: [sw, se, ne, nw],
        CUT_NE: [sw, se, nw],
        CUT_NW: [sw, se, ne],
        CUT_SE: [sw, ne, nw],
        CUT_SW: [se, ne, nw],
    }[kind]


def solid_polygons(kinds, s=1.0, ox=0.0, oy=0.0):
    """[((i, j), polygon)] for every solid tile, row by row."""
    out = []
    for i, row in enumerate(kinds):
        for j, kind in enumerate(row):
            poly = tile_polygon(kind, i, j, s, ox, oy)
            if poly is not None:
                out.append(((i, j), poly))
    return out


def _poly_contains(poly, p):
    """p in the closed convex hull ``poly`` (CCW; a hull of one point or of a
    segment's two ends is that point or segment)."""
    if len(poly) == 1:
        return p == poly[0]
    if len(poly) == 2:
        return _segment_dist2(p, poly[0], poly[1]) == 0
    return all(_cross(a, b, p) >= 0 for a, b in _poly_edges(poly))


def _poly_dist2(poly, p):
    """Squared distance from p to the closed convex hull (0 inside)."""
    if _poly_contains(poly, p):
        return ZERO
    if len(poly) == 1:
        return _dot(_sub(p, poly[0]), _sub(p, poly[0]))
    return min(_segment_dist2(p, a, b) for a, b in _poly_edges(poly))


def _nearest_on_segment(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dy * dy
    if l2 == 0:
        return a
    t = min(max(((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2, ZERO), ONE)
    return (a[0] + t * dx, a[1] + t * dy)


def _on_segment(p, a, b):
    """p on the closed segment [a, b]."""
    return _segment_dist2(p, a, b) == 0


class Grid:
    """A tile map as an exact region.  ``kinds[i][j]`` (row 0 = south-most)."""

    def __init__(self, kinds, tile_size=1.0, origin=(0.0, 0.0)):
        self.kinds = [[int(k) for k in row] for row in kinds]
        self.rows = len(self.kinds)
        self.cols = max((len(row) for row in self.kinds), default=0)
        self.s = float(tile_size)
        self.ox, self.oy = float(origin[0]), float(origin[1])
        # the tiles as drawn (corners rounded once; a tile small beside its
        # coordinates may round flat, or to a point), and as exact convex hulls
        self.raw = solid_polygons(self.kinds, self.s, self.ox, self.oy)
        self.polygons = [(ij, convex_hull(poly)) for ij, poly in self.raw]
        self.by_tile = dict(self.polygons)
        # cell bounds, for quick exact rejection
        self._bounds = {
            ij: (min(p[0] for p in poly), min(p[1] for p in poly), max(p[0] for p in poly), max(p[1] for p in poly))
            for ij, poly in self.polygons
        }
        directed = {}
        for ij, poly in self.raw:
            for a, b in _poly_edges(poly):
                directed.setdefault((a, b), []).append(ij)
        #: the unmerged boundary edges (a, b), solid on the left, with their tile
        self.boundary = [(a, b, owners[0]) for (a, b), owners in directed.items() if (b, a) not in directed]
        #: pairs of tiles across a shared edge (a face inside U), as their
        #: union: convex (at either end of the face the two tiles' angles are
        #: right or acute), so its hull; a zero-radius circle moving along
        #: such a face enters int U, which neither tile alone shows
        self.pairs = []
        for (a, b), owners in directed.items():
            for other in directed.get((b, a), []):
                for ij in owners:
                    if ij < other and a != b:
                        union = convex_hull(list(self.by_tile[ij]) + list(self.by_tile[other]))
                        self.pairs.append(((ij, other), union))

    # -- edges
    def merged_edges(self, by_grid=False):
        """The boundary merged into maximal straight pieces: consecutive
        collinear edges with the same direction joined.  [(a, b)].

        by_grid=True joins consecutive edges of the same grid direction (the
        same signs of dx and dy: a cell side or a cell diagonal), even where
        rounded corners make two diagonals not exactly collinear."""
        edges = [(a, b) for a, b, _ in self.boundary]
        starting = {}
        for e in edges:
            starting.setdefault(e[0], []).append(e)

        def same_way(d, f):
            if by_grid:
                return direction_class(d) == direction_class(f)
            return _det(d, f) == 0 and _dot(d, f) > 0

        def successor(e):
            d = _sub(e[1], e[0])
            nxt = [f for f in starting.get(e[1], []) if same_way(d, _sub(f[1], f[0]))]
            assert len(nxt) <= 1
            return nxt[0] if nxt else None

        has_pred = {successor(e) for e in edges} - {None}
        out = []
        for e in edges:
            if e in has_pred:
                continue
            end = e
            while (f := successor(end)) is not None:
                end = f
            out.append((e[0], end[1]))
        assert sum(1 for e in edges if e not in has_pred) == len(out)
        return out

    @staticmethod
    def outward(a, b):
        """The outward (non-unit) normal of the boundary edge a -> b (solid on
        its left): the edge direction turned clockwise."""
        d = _sub(b, a)
        return (d[1], -d[0])

    # -- points
    def _near_tiles(self, p, r=ZERO):
        """The solid tiles whose cell meets the closed square of half-side r about p."""
        for ij, poly in self.polygons:
            x0, y0, x1, y1 = self._bounds[ij]
            if x0 - r <= p[0] <= x1 + r and y0 - r <= p[1] <= y1 + r:
                yield ij, poly

    def tiles_containing(self, p):
        """The set of solid tiles (i, j) whose closed polygon contains p."""
        p = _pt(p)
        return {ij for ij, poly in self._near_tiles(p) if _poly_contains(poly, p)}

    def contains(self, p):
        """p in the closed solid region."""
        return bool(self.tiles_containing(p))

    def on_boundary(self, p):
        p = _pt(p)
        return any(_on_segment(p, a, b) for a, b, _ in self.boundary)

    def interior_contains(self, p):
        """p in the interior of the solid region: some disk around p lies in it.

        Near p every tile holding p is its tangent cone (the tile's edges
        through p bound it; edges away from p do not matter close enough to
        p).  The directions from p along those edges cut the circle of
        directions into open sectors; coverage is the same all through a
        sector, so p is interior iff a direction strictly inside each sector
        is in some tile's cone (the closed tiles then cover the cutting
        directions too).  A tile of zero area is never needed: it cannot cover
        a sector.  A face between two solid tiles is interior; the boundary
        edges are not consulted, so tiles rounded flat are decided alike."""
        p = _pt(p)
        holding = [poly for _, poly in self._near_tiles(p) if _poly_contains(poly, p)]
        if not holding:
            return False
        cones = []  # per tile with area: the edges through p, as direction pairs
        cuts = []
        for poly in holding:
            if len(poly) < 3:
                continue
            through = [(a, b) for a, b in _poly_edges(poly) if _cross(a, b, p) == 0]
            if not through:
                return True  # strictly inside a tile
            cones.append(through)
            for a, b in through:
                for q in (a, b):
                    if q != p:
                        cuts.append(_sub(q, p))
        if not cones:
            return False

        def angle_key(w):  # exact order of directions by angle, from +x counter-clockwise
            upper = w[1] > 0 or (w[1] == 0 and w[0] > 0)
            return (0 if upper else 1, w)

        # the distinct cut directions in angular order (exact, by a comparison sort)
        import functools

        def compare(u, v):
            hu, hv = angle_key(u)[0], angle_key(v)[0]
            if hu != hv:
                return hu - hv
            c = _det(u, v)
            return -1 if c > 0 else (1 if c < 0 else 0)

        cuts = sorted(cuts, key=functools.cmp_to_key(compare))
        distinct = []
        for w in cuts:
            if not distinct or compare(distinct[-1], w) != 0:
                distinct.append(w)
        if len(distinct) == 1:
            distinct.append((-distinct[0][0], -distinct[0][1]))
        for k, u in enumerate(distinct):
            v = distinct[(k + 1) % len(distinct)]
            # a direction strictly inside the sector from u counter-clockwise to v
            if _det(u, v) > 0:
                w = (
                    u[0] / max(abs(u[0]), abs(u[1])) + v[0] / max(abs(v[0]), abs(v[1])),
                    u[1] / max(abs(u[0]), abs(u[1])) + v[1] / max(abs(v[0]), abs(v[1])),
                )
            else:  # a half turn or more: u turned a quarter counter-clockwise is inside
                w = (-u[1], u[0])
            covered = any(all(_det(_sub(b, a), w) >= 0 for a, b in through) for through in cones)
            if not covered:
                return False
        return True

    def dist2(self, p):
        """Exact squared distance from p to the solid region (0 in it); None if
        there is no solid tile."""
        p = _pt(p)
        if not self.polygons:
            return None
        return min(_poly_dist2(poly, p) for _, poly in self.polygons)

    def boundary_dist2(self, p):
        """Exact squared distance from p to the boundary of the solid region."""
        p = _pt(p)
        if not self.boundary:
            return None
        return min(_segment_dist2(p, a, b) for a, b, _ in self.boundary)

    def boundary_edges_near(self, p, tol2=ZERO):
        """Boundary edges (a, b, tile) within squared distance tol2 of p."""
        p = _pt(p)
        return [(a, b, ij) for a, b, ij in self.boundary if _segment_dist2(p, a, b) <= tol2]


def direction_class(d):
    """(sign dx, sign dy): the grid direction of a cell side or diagonal."""
    return ((d[0] > 0) - (d[0] < 0), (d[1] > 0) - (d[1] < 0))


def make_grid(kinds, tile_size=1.0, origin=(0.0, 0.0)):
    return Grid(kinds, tile_size, origin)


def point_in_solid(p, grid):
    """Is the point p in the closed solid region?"""
    return grid.contains(p)


# --------------------------------------------------------- circles vs map


def _circle(circle):
    core, r = shape_core("circle", tuple(circle))
    return core[0], r


def circle_overlaps_map(circle, grid, touching=True):
    """Does the closed circle (x, y, r) meet the solid region?

    touching=True: dist(centre, U) <= r.  touching=False (the interiors
    overlap: the shortest translation separating them is positive, as in
    :func:`reference.geometry.overlaps`): dist(centre, U) < r for r > 0, and
    for r == 0 the centre must be in the interior of U (a face between two
    solid tiles is interior)."""
    c, r = _circle(circle)
    if not grid.polygons:
        return False
    if touching:
        return any(_poly_dist2(poly, c) <= r * r for _, poly in grid._near_tiles(c, r))
    if r > 0:
        return any(_poly_dist2(poly, c) < r * r for _, poly in grid._near_tiles(c, r))
    return grid.interior_contains(c)


def signed_distance_exact(circle, grid):
    """("outside", d2) with d2 = dist^2(centre, U) > 0, or ("inside", b2) with
    b2 = dist^2(centre, ∂U) for a centre in the closed U; None without solid."""
    c, _ = _circle(circle)
    d2 = grid.dist2(c)
    if d2 is None:
        return None
    if d2 > 0:
        return ("outside", d2)
    return ("inside", grid.boundary_dist2(c))


def signed_distance(circle, grid):
    """Signed distance (separation) from the circle to the solid region, as a
    float with an exact sign: dist(centre, U) - r outside U, and
    -(dist(centre, ∂U) + r) for a centre in the closed U; +inf without solid."""
    _, r = _circle(circle)
    sd = signed_distance_exact(circle, grid)
    if sd is None:
        return math.inf
    where, q = sd
    if where == "outside":
        return to_float(_root_minus(q, r))
    return to_float(-(_sqrt(q) + r))


def signed_distance_fraction(circle, grid):
    """As :func:`signed_distance`, as a Fraction (within 2**-200 relative)."""
    _, r = _circle(circle)
    sd = signed_distance_exact(circle, grid)
    if sd is None:
        return None
    where, q = sd
    return _root_minus(q, r) if where == "outside" else -(_sqrt(q) + r)


# ---------------------------------------------------------------- raycast


def _clip(constraints, lo=None, hi=None):
    """The interval of t with alpha + beta*t >= 0 for every (alpha, beta),
    intersected with [lo, hi] (None: unbounded).  Returns (lo, hi) or None."""
    for alpha, beta in constraints:
        if beta == 0:
            if alpha < 0:
                return None
            continue
        t = -alpha / beta
        if beta > 0:  # t >= -alpha/beta
            if lo is None or t > lo:
                lo = t
        else:
            if hi is None or t < hi:
                hi = t
    if lo is not None and hi is not None and lo > hi:
        return None
    return lo, hi


def _poly_constraints(poly, c, d):
    """p = c + t d in the closed CCW polygon <=> alpha + beta t >= 0 for each edge."""
    return [(_cross(a, b, c), _det(_sub(b, a), d)) for a, b in _poly_edges(poly)]


def _ray_entry(hull, o, d):
    """The least t >= 0 with o + t d in the closed hull, or None (exact)."""
    if len(hull) >= 3:
        iv = _clip(_poly_constraints(hull, o, d), lo=ZERO)
        return None if iv is None else iv[0]
    if len(hull) == 1:  # a point: on the ray's line, ahead of the origin
        w = _sub(hull[0], o)
        if _det(d, w) != 0:
            return None
        t = _dot(w, d) / _dot(d, d)
        return t if t >= 0 else None
    a, b = hull
    e = _sub(b, a)
    den = _det(d, e)
    if den != 0:  # crossing lines: where, on both
        w = _sub(a, o)
        t, u = _det(w, e) / den, _det(w, d) / den
        return t if t >= 0 and 0 <= u <= 1 else None
    if _det(d, _sub(a, o)) != 0:
        return None  # parallel, apart
    ts = [_dot(_sub(q, o), d) / _dot(d, d) for q in (a, b)]  # on one line: the span of the ends
    lo, hi = min(ts), max(ts)
    if hi < 0:
        return None
    return max(lo, ZERO)


class RayResult:
    """hit; t (exact Fraction, ray parameter); point (exact); distance (float);
    tiles (set of solid tiles containing the hit point); normals (list of exact
    outward normals, non-unit, of the boundary faces at the hit point that face
    the ray, n . d < 0); inside (origin in the closed solid)."""

    def __init__(self, hit, t=None, point=None, distance=math.inf, tiles=(), normals=(), inside=False):
        self.hit, self.t, self.point, self.distance = hit, t, point, distance
        self.tiles, self.normals, self.inside = set(tiles), list(normals), inside

    def __repr__(self):
        return (
            f"RayResult(hit={self.hit}, t={self.t}, distance={self.distance!r}, "
            f"tiles={sorted(self.tiles)}, normals={self.normals}, inside={self.inside})"
        )


def raycast(o, d, grid):
    """Exact brute force: the ray {o + t d, t >= 0} against every solid tile's
    closed polygon.  t_min is exact; distance = t_min*|d| rounded once."""
    o, d = _pt(o), _pt(d)
    if d == (ZERO, ZERO):
        raise ValueError("direction must be nonzero")
    best = None
    for _, poly in grid.polygons:
        t = _ray_entry(poly, o, d)
        if t is not None and (best is None or t < best):
            best = t
    if best is None:
        return RayResult(False)
    p = _at(o, d, best)
    tiles = grid.tiles_containing(p)
    assert tiles
    distance = to_float(_sqrt(best * best * _dot(d, d)))
    if best == 0:
        return RayResult(True, best, p, 0.0, tiles, [], inside=True)
    normals = []
    for a, b, _ in grid.boundary_edges_near(p):
        n = Grid.outward(a, b)
        if _dot(n, d) < 0 and n not in normals:
            normals.append(n)
    # a ray entering from outside crosses a face that faces it, unless every
    # tile there was rounded flat (then no face has an outward side): normals
    # is then empty and any unit normal is acceptable
    return RayResult(True, best, p, distance, tiles, normals)


def unit(v):
    """A non-unit exact vector as a float unit vector (for comparisons only)."""
    n = _sqrt(_dot(v, v))
    return (float(v[0] / n), float(v[1] / n))


# ------------------------------------------------------------------ sweep


class SweepResult:
    """The reference answer for a sweep.

    status: "hit" (t is the first time the moving circle touches the target
    while moving toward it), "miss" (never), or "ambiguous" (the spec leaves
    the answer open: the t = 0 contact normal is not unique).
    t: Fraction (exact when rational, else within 2**-190), 1 for a miss.
    cos: at the hit, the largest component of the unit displacement along a
    contact normal of the hit (speed of approach / |D|, in (0, 1]); the
    condition number of the time is 1/cos.
    touches_before: True if the circle touches the target without approaching
    it (sliding or grazing) at some time in [0, t).
    touch: for a miss, the first time of such a non-approaching contact (or
    None)."""

    def __init__(self, status, t=ONE, cos=None, touches_before=False, detail="", touch=None):
        self.status, self.t, self.cos, self.touches_before, self.detail = status, t, cos, touches_before, detail
        self.touch = touch

    @property
    def hit(self):
        return self.status == "hit"

    def __repr__(self):
        cos = None if self.cos is None else float(self.cos)
        return (
            f"SweepResult({self.status}, t={float(self.t)!r}, cos={cos}, "
            f"touches_before={self.touches_before}, {self.detail})"
        )


def _hull_dist2_to_point(hull, p):
    return origin_dist2([_sub(v, p) for v in hull])


def _hull_nearest(hull, p):
    """The nearest point of the convex hull (1, 2 or >= 3 CCW vertices) to p."""
    if len(hull) == 1:
        return hull[0]
    if len(hull) >= 3 and _poly_contains(hull, p):
        return p
    edges = [(hull[0], hull[1])] if len(hull) == 2 else _poly_edges(hull)
    return min((_nearest_on_segment(p, a, b) for a, b in edges), key=lambda q: _dot(_sub(q, p), _sub(q, p)))


def _segment_hull_dist2(p0, p1, hull):
    """Exact squared distance between the segment [p0, p1] and a hull."""
    return origin_dist2(convex_hull([_sub(p, v) for p in (p0, p1) for v in hull]))


def _side(c, d, v):
    """Which side of the line c + t d the point v lies on (sign of d x (v - c))."""
    x = _det(d, _sub(v, c))
    return (x > 0) - (x < 0)


def _entry_time(c, d, hull, rho):
    """The first t (over all reals) at which c + t d is in hull ⊕ disk(rho),
    approximately (see the module docstring), or None.  Called only when the
    path is known to reach the set."""
    best = None

    def consider(iv):
        nonlocal best
        if iv is not None and iv[0] is not None and (best is None or iv[0] < best):
            best = iv[0]

    if len(hull) >= 3:
        consider(_clip(_poly_constraints(hull, c, d)))
    edges = [(hull[0], hull[1])] if len(hull) == 2 else (_poly_edges(hull) if len(hull) >= 3 else [])
    for a, b in edges:
        e = _sub(b, a)
        w = _sub(c, a)
        width = _sqrt(rho * rho * _dot(e, e))  # rho*|e|
        cr, cd = _det(e, w), _det(e, d)
        consider(
            _clip(
                [(_dot(w, e), _dot(d, e)), (_dot(e, e) - _dot(w, e), -_dot(d, e)), (width - cr, -cd), (width + cr, cd)]
            )
        )
    A = _dot(d, d)
    for v in hull:
        w = _sub(c, v)
        B = _dot(w, d)
        C = _dot(w, w) - rho * rho
        disc = B * B - A * C
        if disc >= 0:
            root = _sqrt(disc)
            consider(((-B - root) / A, (-B + root) / A))
    return best


def _convex_sweep(c, r, d, hull, R):
    """SweepResult of the circle (c, r) moving by d against hull ⊕ disk(R).

    Definition (the spec's rule made precise): let g(t) be the signed
    distance from the centre c + t d to the core K (negative inside: minus the
    distance to K's boundary); g is convex.  The circle touches the target
    when g <= rho = r + R and moves toward it when g decreases right after t.
    The hit time is the first t in [0, 1] where both hold.  At t = 0 with the
    centre outside K this is D . n > 0 for the contact normal n (toward the
    nearest point of K); with the centre in K it is D . n > 0 for the contact
    normal of every nearest face of K.  A graze (g touches rho at one
    instant) or a slide (g stays at rho) is not a hit."""
    rho = r + R
    if d == (ZERO, ZERO):
        return SweepResult("miss", detail="no motion")
    d2 = _hull_dist2_to_point(hull, c)
    if d2 <= rho * rho:  # touching or overlapping at t = 0
        if d2 > 0:
            q = _hull_nearest(hull, c)
            n = _sub(q, c)
            toward = _dot(d, n)
            if toward > 0:
                return SweepResult("hit", ZERO, cos=toward / _sqrt(_dot(d, d) * _dot(n, n)), detail="t=0")
            return SweepResult("miss", touches_before=True, touch=ZERO, detail="t=0 contact, moving away or along")
        if len(hull) < 3:
            return SweepResult("ambiguous", ZERO, detail="centre on a core without area")
        # centre in the closed polygon K: the nearest faces
        dists = [(_cross(a, b, c) ** 2 / _dot(_sub(b, a), _sub(b, a)), a, b) for a, b in _poly_edges(hull)]
        least = min(x for x, _, _ in dists)
        inward = [_det(_sub(b, a), d) for x, a, b in dists if x == least]  # > 0: D . n > 0 (n into K)
        if all(v > 0 for v in inward):
            best = max(
                v / _sqrt(_dot(d, d) * _dot(_sub(b, a), _sub(b, a)))
                for (x, a, b), v in zip([t for t in dists if t[0] == least], inward)
            )
            return SweepResult("hit", ZERO, cos=best, detail="t=0, centre in the core")
        if all(v <= 0 for v in inward):
            return SweepResult(
                "miss", touches_before=True, touch=ZERO, detail="t=0 centre in the core, moving out or along"
            )
        return SweepResult("ambiguous", ZERO, detail="tied nearest faces disagree")
    # apart at t = 0: does the path [0, 1] reach the target at all?
    if _segment_hull_dist2(c, _at(c, d, ONE), hull) > rho * rho:
        return SweepResult("miss", detail="path misses")
    # graze test over the whole line: min g == rho exactly?
    sides = {_side(c, d, v) for v in hull}
    meets = (1 in sides and -1 in sides) or 0 in sides
    if rho > 0:
        graze = (not meets) and min(_det(d, _sub(v, c)) ** 2 for v in hull) == rho * rho * _dot(d, d)
    elif len(hull) >= 3:
        graze = not (1 in sides and -1 in sides)  # a supporting line: touches, never enters
    elif len(hull) == 2 and sides == {1, -1}:
        graze = False  # a point crossing a segment transversally
    else:
        return SweepResult("ambiguous", detail="zero-radius sweep along or onto a core without area")
    t = _entry_time(c, d, hull, rho)
    if t is None or t < -Fraction(1, 1 << 150):
        raise AssertionError(f"entry time {t} for a path known to reach the target")
    t = max(t, ZERO)
    t = min(t, ONE)
    if graze:
        return SweepResult("miss", touches_before=True, touch=t, detail=f"graze at t={float(t)}")
    # the approach speed at the hit
    p = _at(c, d, t)
    if rho > 0:
        q = _hull_nearest(hull, p)
        n = _sub(q, p)
        nn = _dot(n, n)
        cos = _dot(d, n) / _sqrt(_dot(d, d) * nn) if nn > 0 else ONE
    else:
        cands = [
            _det(_sub(b, a), d) / _sqrt(_dot(d, d) * _dot(_sub(b, a), _sub(b, a)))
            for a, b in (_poly_edges(hull) if len(hull) >= 3 else [(hull[0], hull[1])])
            if _on_segment(p, a, b)
        ]
        cos = max((abs(x) for x in cands), default=ONE)
    return SweepResult("hit", t, cos=cos)


def target_core(kind, target):
    """(hull, R) of a convex target of kind circle, box, segment, triangle, point."""
    core, R = shape_core(kind, tuple(target))
    return convex_hull(core), R


def sweep_toi(circle, displacement, kind, target):
    """The time of first touch of the circle (x, y, r) moving by displacement D
    (centre c + t D, t in [0, 1]) against a target: kind "circle", "box",
    "segment", "triangle" (tuples as in :mod:`reference.geometry`) or
    "tilemap" (a :class:`Grid`).  Returns a :class:`SweepResult`.

    For a tile map the target is the union of the tile polygons; the hit time
    is the earliest hit over the tiles (the circle touches a tile while moving
    toward it) and, for a zero-radius circle, over the unions of two tiles
    across a shared face (Grid.pairs: moving along such a face it enters the
    interior of the union, which no single tile shows).  A contact at t = 0 with the centre in a tile is reported as
    "ambiguous" unless every tile's answer agrees: the spec's t = 0 normal is
    that of the union there, which these tests avoid."""
    c, r = _circle(circle)
    d = _pt(displacement)
    if kind != "tilemap":
        hull, R = target_core(kind, target)
        return _convex_sweep(c, r, d, hull, R)
    grid = target
    if circle_overlaps_map(circle, grid, touching=False):
        return SweepResult("ambiguous", ZERO, detail="starts with interiors overlapping the solid")
    results = [(ij, _convex_sweep(c, r, d, poly, ZERO)) for ij, poly in grid._near_tiles(c, r + abs(d[0]) + abs(d[1]))]
    if r == 0:  # a point also enters U across the faces between two solid tiles
        results += [(ij, _convex_sweep(c, r, d, union, ZERO)) for ij, union in grid.pairs]
    if any(res.status == "ambiguous" for _, res in results):
        return SweepResult("ambiguous", ZERO, detail="ambiguous tile contact")
    hits = [res for _, res in results if res.hit]
    touches = [res.touch for _, res in results if res.touch is not None]
    if not hits:
        return SweepResult("miss", touches_before=bool(touches), touch=min(touches, default=None))
    t = min(res.t for res in hits)
    same = [res for res in hits if abs(res.t - t) <= Fraction(1, 1 << 150)]
    cos = max(res.cos for res in same)
    before = any(x < t - Fraction(1, 1 << 150) for x in touches)
    return SweepResult("hit", t, cos=cos, touches_before=before, detail=f"{len(same)} tile(s) hit at once")


def sweep_separation(circle, displacement, t, kind, target):
    """The reference separation (Fraction) of the circle moved to c + t D from
    the target, with t converted exactly."""
    c, r = _circle(circle)
    d = _pt(displacement)
    p = _at(c, d, _exact(t))
    if kind == "tilemap":
        return signed_distance_fraction((p[0], p[1], r), target)
    hull, R = target_core(kind, target)
    d2 = _hull_dist2_to_point(hull, p)
    if d2 > 0:
        return _root_minus(d2, r + R)
    if len(hull) < 3:
        return -(r + R)
    return -(_sqrt(min(_cross(a, b, p) ** 2 / _dot(_sub(b, a), _sub(b, a)) for a, b in _poly_edges(hull))) + r + R)


def path_clearance2(circle, displacement, t, kind, target):
    """Exact squared distance from the centre's path [c, c + t D] to the target's
    core(s): the circle never penetrates deeper than x on [0, t] iff this is
    >= (rho - x)^2 (for rho - x >= 0)."""
    c, r = _circle(circle)
    d = _pt(displacement)
    p1 = _at(c, d, _exact(t))
    if kind == "tilemap":
        return min((_segment_hull_dist2(c, p1, poly) for _, poly in target.polygons), default=None)
    hull, _ = target_core(kind, target)
    return _segment_hull_dist2(c, p1, hull)
