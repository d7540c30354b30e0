"""Hypothesis strategies for outlines (issue 43): regions and polylines.

A region is drawn as ``(shell, holes)``: lists of ``(x, y)`` float tuples,
valid by construction (the OGC rules of :mod:`reference.outlines`):

* :func:`star_rings` - star-shaped rings: points sorted by their exact angle
  about a centre, no two on one ray, every angle between neighbours below a
  half turn (any coordinates, full-mantissa ones too);
* :func:`comb_rings` - combs: a spine with teeth of any heights, deeply concave;
* :func:`spiral_rings` - square spirals, a corridor one cell wide;
* :func:`grid_cells` and :func:`polyomino_region` - polyominoes: 4-connected
  cells with no two meeting only at a corner, their holes being the
  enclosed empty cells;
* :func:`convex_rings` - convex rings of 3 to 8 vertices;
* :func:`regions` - any of these, given holes (generic, touching the shell at
  a convex vertex, or two touching each other at a point), collinear runs and
  repeated vertices, then moved by exact maps: integer linear maps of nonzero
  determinant, integer translations, scalings by 2**k, or (rectilinear shapes
  without added holes) strictly monotone maps of each axis onto
  full-mantissa doubles.

Each construction is valid for a stated reason, independent of
:func:`reference.outlines.region_problem`, which the tests check it against.
:func:`invalid_regions` draws ``(shell, holes, ring)`` with one rule broken
in the ring it names.  :func:`polylines` draws open and closed polylines,
with revisited and repeated vertices and collinear runs.
:func:`crossing_classify` is a point-in-region test written apart from the
reference (a ray's crossings, by division), for the tests to compare.
"""

import functools
import math
from fractions import Fraction

from hypothesis import strategies as st
from reference.geometry import _segment_dist2, convex_hull
from reference.outlines import _angle_order, ring_edges, signed_area2
from strategies import grid_coords, half_grid_coords, random_coords

F = Fraction


# ----------------------------------------------------------- exact helpers


def _exact_point(p):
    return (F(p[0]), F(p[1]))


def _as_floats(ring):
    """Exact points to float tuples, checking that they are doubles."""
    out = []
    for x, y in ring:
        fx, fy = float(x), float(y)
        assert F(fx) == x and F(fy) == y, (x, y)
        out.append((fx, fy))
    return out


def crossing_classify(shell, holes, p):
    """Where p is ("inside", "boundary" or "outside") by the even-odd rule,
    written apart from the reference: on a ring when in an edge's bounding
    box and collinear with it; otherwise the parity of the edges (of every
    ring) that a ray from p toward +x crosses, each edge taken with its
    lower end and not its upper one, the crossing's x found by division."""
    px, py = F(p[0]), F(p[1])
    crossings = 0
    for ring in (shell, *holes):
        pts = [_exact_point(q) for q in ring]
        for k in range(len(pts)):
            (ax, ay), (bx, by) = pts[k], pts[(k + 1) % len(pts)]
            in_box = min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)
            if in_box and (bx - ax) * (py - ay) == (by - ay) * (px - ax):
                return "boundary"
            if (ay > py) != (by > py):
                x = ax + (py - ay) * (bx - ax) / (by - ay)
                if x > px:
                    crossings += 1
    return "inside" if crossings % 2 else "outside"


def exact_scales(values):
    """The range (kmin, kmax) of k for which every value times 2**k is a
    double, exactly (normal or subnormal, finite)."""
    lo, hi = -2000, 2000
    for v in values:
        if v == 0:
            continue
        mantissa, exponent = math.frexp(abs(v))  # |v| = m 2**e, 0.5 <= m < 1
        hi = min(hi, 1024 - exponent - 1)
        n, d = F(v).numerator, F(v).denominator
        low_bit = (n & -n).bit_length() - 1 - (d.bit_length() - 1)  # v = odd * 2**low_bit
        lo = max(lo, -1074 - low_bit)
    return lo, hi


def _numbers(obj):
    if isinstance(obj, (int, float, F)):
        yield obj
    else:
        for item in obj:
            yield from _numbers(item)


def scaled(obj, k):
    """Every number of a nested tuple/list structure times 2**k (as floats,
    or Fractions for Fractions), keeping the structure."""
    if isinstance(obj, F):
        return obj * F(2) ** k
    if isinstance(obj, (int, float)):
        return math.ldexp(float(obj), k)
    return type(obj)(scaled(item, k) for item in obj)


def powers_of_two(*objs):
    """Strategy for a k that scales every number of the objects exactly: the
    extremes of the range, 0, or any k in it."""
    lo, hi = exact_scales([v for obj in objs for v in _numbers(obj)])
    return st.one_of(st.sampled_from([lo, hi, 0, max(lo, -60), min(hi, 60)]), st.integers(lo, hi))


# ---------------------------------------------------------------- shells


def _sort_by_angle(centre, points):
    """The points ordered by their exact angle about centre, one per ray (the
    first drawn), with the directions."""
    rays = {}
    for p in points:
        w = (F(p[0]) - centre[0], F(p[1]) - centre[1])
        if w != (0, 0):
            rays.setdefault(p, w)
    order = sorted(rays.items(), key=functools.cmp_to_key(lambda a, b: _angle_order(a[1], b[1])))
    out = []
    for p, w in order:
        if not out or _angle_order(out[-1][1], w) != 0:
            out.append((p, w))
    return out


def _gaps_below_half_turn(order):
    n = len(order)
    return n >= 3 and all(
        order[k][1][0] * order[(k + 1) % n][1][1] - order[k][1][1] * order[(k + 1) % n][1][0] > 0 for k in range(n)
    )


@st.composite
def star_rings(draw, coords=None):
    """A star-shaped ring about a drawn centre, in any coordinates.

    Valid because the vertices are in strictly increasing angle about the
    centre with every step below a half turn: each edge stays in its own
    sector (a wedge below a half turn, the centre not on the edge), and the
    sectors meet only along their rays, where the edges meet only at their
    shared vertex.  When the drawn points leave a gap of a half turn or more,
    four points on the axes through the centre are added (the gaps are then
    at most a quarter turn)."""
    coords = st.one_of(grid_coords(8), half_grid_coords(), random_coords()) if coords is None else coords
    cx, cy = draw(coords), draw(coords)
    offsets = draw(st.lists(st.tuples(coords, coords), min_size=3, max_size=14))
    centre = (F(cx), F(cy))
    points = [(cx + dx, cy + dy) for dx, dy in offsets]
    order = _sort_by_angle(centre, points)
    if not _gaps_below_half_turn(order):
        reach = max([1.0] + [abs(v) for xy in offsets for v in xy])
        points += [(cx + reach, cy), (cx, cy + reach), (cx - reach, cy), (cx, cy - reach)]
        order = _sort_by_angle(centre, points)
        assert _gaps_below_half_turn(order)
    return [p for p, _ in order]


@st.composite
def comb_rings(draw, teeth=None):
    """A comb on the integer grid: a spine [x0, xlast] x [0, base] and teeth
    [x2i, x2i+1] x [base, base + hi] over distinct increasing xs, walked
    round counter-clockwise (valid: a rectilinear staircase of disjoint
    teeth).  Collinear runs come from :func:`regions`."""
    n = draw(teeth or st.integers(1, 6))
    xs = sorted(draw(st.sets(st.integers(0, 4 * n + 2), min_size=2 * n, max_size=2 * n)))
    base = draw(st.integers(1, 3))
    heights = draw(st.lists(st.integers(1, 12), min_size=n, max_size=n))
    ring = [(xs[0], 0), (xs[-1], 0)]
    for i in range(n - 1, -1, -1):
        top = base + heights[i]
        ring += [(xs[2 * i + 1], top), (xs[2 * i], top)]
        if i > 0:
            ring += [(xs[2 * i], base), (xs[2 * i - 1], base)]
    return ring


def cell_rings(cells):
    """The boundary of a union of unit cells (cell (i, j) is [i, i+1] x [j, j+1])
    as rings of integer points: the cells' counter-clockwise sides not shared
    with a neighbour, chained.  None where two boundary sides leave one
    corner (cells meeting only at a corner).  The outer ring is
    counter-clockwise, the holes clockwise; unit steps, so collinear runs."""
    directed = set()
    for i, j in cells:
        c = [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)]
        directed.update((c[k], c[(k + 1) % 4]) for k in range(4))
    successor = {}
    for a, b in directed:
        if (b, a) in directed:
            continue
        if a in successor:
            return None
        successor[a] = b
    rings = []
    while successor:
        start = min(successor)
        ring, p = [start], successor.pop(start)
        while p != start:
            ring.append(p)
            p = successor.pop(p)
        rings.append(ring)
    return rings


def _pinches(cells):
    """Corners where two cells meet only diagonally."""
    out = []
    corners = {(i + di, j + dj) for i, j in cells for di in (0, 1) for dj in (0, 1)}
    for x, y in sorted(corners):
        around = [(x - 1, y - 1), (x, y - 1), (x, y), (x - 1, y)]
        filled = [c in cells for c in around]
        if filled in ([True, False, True, False], [False, True, False, True]):
            out.append((x, y))
    return out


def _component(cells, start):
    seen, todo = {start}, [start]
    while todo:
        i, j = todo.pop()
        for n in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def polyomino_region(cells):
    """(shell, holes) of a 4-connected set of cells with no pinch: valid,
    since its boundary rings are disjoint simple rectilinear rings (no corner
    has two boundary sides leaving it), the holes inside the outer one, and
    the interior of 4-connected cells is connected."""
    rings = cell_rings(cells)
    assert rings is not None
    outer = [r for r in rings if signed_area2([_exact_point(p) for p in r]) > 0]
    assert len(outer) == 1
    return outer[0], [r for r in rings if r is not outer[0]]


@st.composite
def grid_cells(draw, max_side=6):
    """A 4-connected set of cells with no pinch: the component of a drawn
    cell in a drawn boolean grid, each pinch filled in with one of its two
    empty cells (which joins the two diagonal cells) until none is left."""
    w, h = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    filled = draw(st.lists(st.booleans(), min_size=w * h, max_size=w * h))
    cells = {(k % w, k // w) for k, f in enumerate(filled) if f} | {(0, 0)}
    cells = _component(cells, (0, 0))
    while pinches := _pinches(cells):
        x, y = pinches[0]
        cells.add(next(c for c in ((x, y - 1), (x - 1, y - 1)) if c not in cells))
    return cells


def spiral_cells(legs):
    """The cells of a square spiral walked east, north, west, south with legs
    of 2, 2, 4, 4, 6, 6, ... cells: each arm one empty cell from the next."""
    cells, p = {(0, 0)}, (0, 0)
    steps = ((1, 0), (0, 1), (-1, 0), (0, -1))
    for k in range(legs):
        dx, dy = steps[k % 4]
        for _ in range(2 * (k // 2 + 1)):
            p = (p[0] + dx, p[1] + dy)
            cells.add(p)
    return cells


def spiral_rings():
    """The outline of a square spiral of 2 to 8 legs."""
    return st.integers(2, 8).map(lambda legs: polyomino_region(spiral_cells(legs))[0])


def convex_rings(coords=None, max_vertices=8):
    """Convex rings of 3 to ``max_vertices`` vertices: the hulls of drawn points."""
    coords = grid_coords(6) if coords is None else coords
    points = st.lists(st.tuples(coords, coords), min_size=3, max_size=max_vertices)
    return points.map(lambda ps: [(float(x), float(y)) for x, y in convex_hull([_exact_point(p) for p in ps])]).filter(
        lambda ring: len(ring) >= 3
    )


# ------------------------------------------------------------------ holes


def _dist2_to_rings(p, rings):
    return min(_segment_dist2(p, a, b) for ring in rings for a, b in ring_edges([_exact_point(q) for q in ring]))


def _disks_apart(c1, r1sq, c2, r2sq):
    """|c1 - c2| > r1 + r2, exactly (r1, r2 given squared)."""
    d2 = (c1[0] - c2[0]) ** 2 + (c1[1] - c2[1]) ** 2
    s = d2 - r1sq - r2sq
    return s > 0 and s * s > 4 * r1sq * r2sq


_HOLE_SHAPES = (
    [(1, 1), (-1, 1), (-1, -1), (1, -1)],  # a square
    [(2, 0), (0, 1), (-2, 0), (0, -1)],  # a diamond
    [(2, -1), (0, 2), (-2, -1)],  # a triangle
    [(2, 0), (1, 0), (1, 1), (0, 1), (-2, 1), (-2, -2)],  # concave, with a collinear run
)


def _fit(centre, radius2, shell, disks):
    """The largest 2**-e (e in 1..12) for which a disk of squared radius
    radius2 * 4**-e about centre keeps off the shell and the other holes'
    disks; None if none does."""
    room2 = _dist2_to_rings(centre, [shell])
    for e in range(1, 13):
        r2 = radius2 / F(4) ** e
        if r2 < room2 and all(_disks_apart(centre, r2, c, s) for c, s in disks):
            return F(1, 2**e), r2
    return None


@st.composite
def _holes(draw, shell, touching=True):
    """Holes for a shell with small dyadic coordinates, each valid by
    construction:

    * a small copy of a hole shape at a point strictly inside the shell,
      scaled by 2**-e until the disk holding it keeps off the shell and the
      disks of the holes before it (disjoint disks: the holes are apart);
    * (``touching``) a triangle v, v + t (2 u1 + u2), v + t (u1 + 2 u2) at a
      convex vertex v of the shell with edges along u1, u2 to its
      neighbours: inside the angle at v, in a disk about v clear of every
      other edge of the shell, so it touches the shell at v alone;
    * (``touching``) two triangles meeting at one point inside the shell,
      pointing away from each other.
    """
    ccw = signed_area2([_exact_point(p) for p in shell]) > 0
    xs = [p[0] for p in shell]
    ys = [p[1] for p in shell]
    holes, disks = [], []
    for _ in range(draw(st.integers(0, 3))):
        what = draw(st.sampled_from(["inside", "vertex", "pair"] if touching else ["inside"]))
        if what == "vertex":
            n = len(shell)
            k = draw(st.integers(0, n - 1))
            v, u, w = (_exact_point(shell[k]), _exact_point(shell[k - 1]), _exact_point(shell[(k + 1) % n]))
            u1, u2 = (u[0] - v[0], u[1] - v[1]), (w[0] - v[0], w[1] - v[1])
            turn = u2[0] * u1[1] - u2[1] * u1[0]  # > 0 where a CCW ring turns left at v
            if (turn > 0) != ccw or turn == 0:
                continue  # not a convex vertex
            others = [
                (_exact_point(shell[j]), _exact_point(shell[(j + 1) % n]))
                for j in range(n)
                if j not in (k, k - 1, (k - 1) % n)
            ]
            room2 = min(_segment_dist2(v, a, b) for a, b in others)
            reach2 = 9 * max(u1[0] ** 2 + u1[1] ** 2, u2[0] ** 2 + u2[1] ** 2)
            t = F(1, 2)
            while t * t * reach2 >= room2 or not all(_disks_apart(v, t * t * reach2, c, s) for c, s in disks):
                t /= 2
                if t < F(1, 2**12):
                    break
            else:
                a = (v[0] + t * (2 * u1[0] + u2[0]), v[1] + t * (2 * u1[1] + u2[1]))
                b = (v[0] + t * (u1[0] + 2 * u2[0]), v[1] + t * (u1[1] + 2 * u2[1]))
                holes.append(_as_floats([v, a, b]))
                disks.append((v, t * t * reach2))
            continue
        centre = (
            F(draw(st.integers(2 * int(min(xs)), 2 * int(max(xs)))), 2),
            F(draw(st.integers(2 * int(min(ys)), 2 * int(max(ys)))), 2),
        )
        if crossing_classify(shell, [], centre) != "inside":
            continue
        if what == "pair":
            fitted = _fit(centre, F(5), shell, disks)
            if fitted:
                t, r2 = fitted
                for side in (1, -1):
                    ring = [centre] + [(centre[0] + side * 2 * t, centre[1] + s * t) for s in (1, -1)]
                    holes.append(_as_floats(ring))
                disks.append((centre, r2))
            continue
        shape = draw(st.sampled_from(_HOLE_SHAPES))
        fitted = _fit(centre, F(max(x * x + y * y for x, y in shape)), shell, disks)
        if fitted:
            t, r2 = fitted
            holes.append(_as_floats([(centre[0] + t * x, centre[1] + t * y) for x, y in shape]))
            disks.append((centre, r2))
    return holes


# --------------------------------------------------------- exact moves


@st.composite
def _with_runs_and_repeats(draw, ring):
    """The ring with exact points inserted on edges (collinear runs), some
    vertices repeated, maybe its first point repeated at the end, turned to
    start elsewhere, maybe reversed: the same set, the same validity."""
    out = []
    for k, p in enumerate(ring):
        out.append(p)
        if draw(st.integers(0, 3)) == 0:
            out.append(p)  # a repeated vertex
        q = ring[(k + 1) % len(ring)]
        if draw(st.integers(0, 2)) == 0:
            for t in (F(1, 2), F(1, 4), F(3, 4)):
                m = (F(p[0]) + t * (F(q[0]) - F(p[0])), F(p[1]) + t * (F(q[1]) - F(p[1])))
                if F(float(m[0])) == m[0] and F(float(m[1])) == m[1]:
                    out.append((float(m[0]), float(m[1])))  # exactly on the edge
                    break
    start = draw(st.integers(0, len(out) - 1))
    out = out[start:] + out[:start]
    if draw(st.booleans()):
        out.reverse()
    if draw(st.booleans()):
        out.append(out[0])
    return out


@st.composite
def _linear_map(draw):
    """An integer 2x2 matrix of nonzero determinant (an exact affine
    bijection on integers keeps every ring relation) and an integer shift."""
    m = draw(
        st.one_of(
            st.sampled_from([(1, 0, 0, 1), (0, 1, 1, 0), (-1, 0, 0, 1), (0, -1, 1, 0), (1, 1, 0, 1), (2, 1, 1, 1)]),
            st.tuples(*[st.integers(-3, 3)] * 4),
        ).filter(lambda m: m[0] * m[3] - m[1] * m[2] != 0)
    )
    shift = draw(st.tuples(st.integers(-50, 50), st.integers(-50, 50)))
    return m, shift


def _apply(region, m, shift):
    def move(ring):
        return _as_floats(
            [(m[0] * F(x) + m[1] * F(y) + shift[0], m[2] * F(x) + m[3] * F(y) + shift[1]) for x, y in ring]
        )

    shell, holes = region
    return move(shell), [move(h) for h in holes]


@st.composite
def _monotone_axes(draw, region):
    """Each axis mapped by x -> fl(s x + o) with a full-mantissa s > 0 and o,
    when that is strictly increasing on the coordinates used (kept as they
    are otherwise): a rectilinear region keeps every relation, since its
    edges' order along each axis is kept."""
    shell, holes = region
    maps = []
    for axis in (0, 1):
        values = sorted({p[axis] for ring in (shell, *holes) for p in ring})
        s = draw(st.floats(0.01, 100, allow_nan=False))
        o = draw(random_coords())
        image = {v: s * v + o for v in values}
        increasing = all(image[a] < image[b] for a, b in zip(values, values[1:]))
        maps.append(image if increasing else {v: v for v in values})

    def move(ring):
        return [(maps[0][x], maps[1][y]) for x, y in ring]

    return move(shell), [move(h) for h in holes]


def _scale(region, k):
    shell, holes = region
    return scaled(shell, k), [scaled(h, k) for h in holes]


@st.composite
def regions(draw, family=None, holes=True, moves=True, star_coords=None):
    """A valid region ``(shell, holes)`` of a drawn family (see the module
    docstring), with holes (a polyomino keeps only its own), runs and
    repeats, then (``moves``) moved exactly.  ``family`` picks one of
    "star", "comb", "spiral", "grid", "convex"; ``star_coords`` is the
    coordinate strategy of the stars (by default, any)."""
    family = family or draw(st.sampled_from(["star", "comb", "spiral", "grid", "convex"]))
    own_holes = []
    if family == "star":
        shell = draw(star_rings(star_coords))
    elif family == "comb":
        shell = draw(comb_rings())
    elif family == "spiral":
        shell = draw(spiral_rings())
    elif family == "grid":
        shell, own_holes = polyomino_region(draw(grid_cells()))
    else:
        shell = draw(convex_rings())
    shell = [(float(x), float(y)) for x, y in shell]
    own_holes = [[(float(x), float(y)) for x, y in h] for h in own_holes]
    rectilinear = family in ("comb", "spiral", "grid")
    small = family != "star" or all(float(v).is_integer() and abs(v) <= 64 for p in shell for v in p)
    added = draw(_holes(shell)) if holes and small and not own_holes else []
    region = (shell, own_holes + added)
    if moves:
        how = draw(st.sampled_from(["none", "linear", "monotone"] if rectilinear and not added else ["none", "linear"]))
        if how == "linear" and small:
            region = _apply(region, *draw(_linear_map()))
        elif how == "monotone":
            region = draw(_monotone_axes(region))
    shell, hs = region
    region = (draw(_with_runs_and_repeats(shell)), [draw(_with_runs_and_repeats(h)) for h in hs])
    if moves and draw(st.booleans()):
        region = _scale(region, draw(powers_of_two(region)))
    return region


# --------------------------------------------------------- invalid ones


@st.composite
def invalid_regions(draw):
    """``(shell, holes, ring)``: a region breaking one rule, and the ring
    ("shell" or "hole k") the reason must name.  On a box [0, W] x [0, H]
    (W, H even, >= 6), moved by an exact integer affine map, which keeps
    every relation."""
    w, h = 2 * draw(st.integers(3, 6)), 2 * draw(st.integers(3, 6))
    box = [(0, 0), (w, 0), (w, h), (0, h)]
    small = [(0.25, 0.25), (0.5, 0.25), (0.5, 0.5)]  # a valid hole, apart from every case's
    case = draw(
        st.sampled_from(
            [
                "few points",
                "bowtie",
                "self touch",
                "spike",
                "bad hole",
                "hole outside",
                "hole across a vertex",
                "hole on an edge",
                "hole touching twice",
                "holes crossing",
                "holes nested",
                "holes touching twice",
                "not finite",
            ]
        )
    )
    lead = [small] if draw(st.booleans()) and case.startswith("hole") else []
    name = f"hole {len(lead)}"
    if case == "few points":
        p, q = (0, 0), draw(st.sampled_from([(0, 0), (w, 0), (w, h)]))
        shell, holes, name = draw(st.permutations([p, q, p, q]))[: draw(st.integers(1, 4))], [], "shell"
    elif case == "bowtie":
        shell, holes, name = [(0, 0), (w, h), (w, 0), (0, h)], [], "shell"
    elif case == "self touch":  # back to a point of its first edge
        shell, holes, name = [(0, 0), (w, 0), (w, h), (w // 2, 0), (0, h)], [], "shell"
    elif case == "spike":  # out along the bottom and back
        shell, holes, name = [(0, 0), (w, 0), (w // 2, 0), (w // 2, h)], [], "shell"
    elif case == "bad hole":
        shell, holes, name = box, [[(1, 1), (3, 3), (3, 1), (1, 3)]], "hole 0"
    elif case == "hole outside":
        shell, holes = box, lead + [[(w + 1, 1), (w + 2, 1), (w + 2, 2)]]
    elif case == "hole across a vertex":
        shell, holes = box, lead + [[(w - 1, h - 1), (w + 1, h - 1), (w + 1, h + 1), (w - 1, h + 1)]]
    elif case == "hole on an edge":
        shell, holes = box, lead + [[(w // 2, 0), (w, 0), (w, h // 2)]]
    elif case == "hole touching twice":
        shell, holes = box, lead + [[(w // 2, 0), (w - 1, h // 2), (w // 2, h), (1, h // 2)]]
    elif case == "holes crossing":
        shell, holes, name = box, [[(1, 1), (3, 1), (3, 3), (1, 3)], [(2, 2), (w - 1, 2), (w - 1, h - 1)]], "hole 1"
    elif case == "holes nested":
        big = [(1, 1), (w - 1, 1), (w - 1, h - 1), (1, h - 1)]
        inner = [(2, 2), (3, 2), (3, 3)]
        shell, holes, name = box, draw(st.permutations([big, inner])), "hole 1"
    elif case == "holes touching twice":
        left = [(1, h // 2), (w // 2, 1), (w // 2, h - 1)]  # its right side straight, x = w / 2
        right = [(w // 2, 1), (w - 1, h // 2), (w // 2, h - 1), (w // 2 + 1, h // 2)]  # its left side bent
        shell, holes, name = box, [left, right], "hole 1"
    else:
        k = draw(st.integers(0, 3))
        shell, holes, name = list(box), [], "shell"
        shell[k] = (math.inf if draw(st.booleans()) else math.nan, shell[k][1])
        return shell, holes, name
    shell, holes = _apply((shell, holes), *draw(_linear_map()))
    return shell, holes, name


# ------------------------------------------------------------- polylines


@st.composite
def polylines(draw, coords=None, min_points=1, max_points=10):
    """A polyline as a list of points: drawn points (on a small grid, so
    that it often crosses itself and others), with some earlier vertices
    revisited, some repeated, exact points inserted on segments (collinear
    runs), and maybe closed (its first point repeated at the end)."""
    coords = st.one_of(grid_coords(3), half_grid_coords(), random_coords()) if coords is None else coords
    points = draw(st.lists(st.tuples(coords, coords), min_size=min_points, max_size=max_points))
    out = []
    for p in points:
        if out and draw(st.integers(0, 4)) == 0:
            out.append(out[draw(st.integers(0, len(out) - 1))])  # back to an earlier vertex
        out.append(p)
        if draw(st.integers(0, 5)) == 0:
            out.append(p)
        if len(out) >= 2 and draw(st.integers(0, 3)) == 0:
            a, b = out[-2], out[-1]
            m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            if F(m[0]) == (F(a[0]) + F(b[0])) / 2 and F(m[1]) == (F(a[1]) + F(b[1])) / 2:
                out.insert(len(out) - 1, m)
    if len(out) >= 3 and draw(st.booleans()):
        out.append(out[0])
    return [(float(x), float(y)) for x, y in out]


# ----------------------------------------------------------------- points


@st.composite
def points_near(draw, shell, holes=()):
    """A point near the region, exactly (Fractions where need be): one of its
    vertices, an exact point on one of its edges, a vertex nudged by one
    ulp, or any point of its bounding box (on its grid or not)."""
    rings = [r for r in (shell, *holes) if r]
    ring = draw(st.sampled_from(rings))
    k = draw(st.integers(0, len(ring) - 1))
    p, q = _exact_point(ring[k]), _exact_point(ring[(k + 1) % len(ring)])
    how = draw(st.sampled_from(["vertex", "edge", "nudge", "box", "box"]))
    if how == "vertex":
        return p
    if how == "edge":
        t = F(draw(st.integers(0, 16)), 16)
        return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
    if how == "nudge":
        x, y = float(p[0]), float(p[1])
        toward = draw(st.sampled_from([math.inf, -math.inf]))
        return (math.nextafter(x, toward), y) if draw(st.booleans()) else (x, math.nextafter(y, toward))
    xs = [F(v[0]) for r in rings for v in r]
    ys = [F(v[1]) for r in rings for v in r]
    tx, ty = F(draw(st.integers(-4, 68)), 64), F(draw(st.integers(-4, 68)), 64)
    return (min(xs) + tx * (max(xs) - min(xs)), min(ys) + ty * (max(ys) - min(ys)))
