"""Shared cases and checks for the tile-map tests (test_tilemap, test_raycast,
test_sweep, test_advance): maps, random and lattice circles, and each verb's
comparison with the exact reference tests/reference/tiles.py.

Tolerances (chosen up front, never widened to pass):

* ``tol = 1e-9 * (1 + scale)`` for every length, where ``scale`` is the
  largest |coordinate| involved (the circle, the displacement or ray, the
  target or the map's bounds), as in tests/test_contact.py.  Every yes/no
  answer (overlap, hit or miss, the sign of a separation, the t = 0 rule) is
  compared exactly.
* A time or ray distance is compared as a length along the motion and scaled
  by its condition number: ``|t - t_ref| * |D| * cos <= tol``, where ``cos``
  is the approach speed over the speed at the hit (a grazing approach makes
  the time ill-conditioned in any floating-point method).
* Unit normals: ``1e-12`` (a float unit vector is good to a few ulps).
* advance: squared speeds compared exactly (Fractions); an elastic frictionless
  bounce keeps the speed to ``1e-12`` relative; slopes and corners give the
  exact reflected velocity to ``1e-12 * v`` (a reflection off a fixed normal
  is a handful of roundings), or to ``1e-9`` relative where the normal comes
  from the impact position (a corner).
"""

import math
from fractions import Fraction as F

import numpy as np
from hypothesis import strategies as st
from reference import geometry as ref
from reference import tiles as RT
from reference.contact import boundary_distance
from reference.geometry import make_valid
from strategies import TYPES, WIDTH

import pycollide as pc

E, S, NE, NW, SE, SW = RT.TILE_KINDS


LAYOUTS = [(1.0, (0.0, 0.0)), (0.5, (0.0, 0.0)), (0.5, (-1.25, 0.75)), (2.0, (-3.0, 1.0)), (0.1, (0.3, -0.7))]


LAYOUT_IDS = [f"s{s}@{o[0]},{o[1]}" for s, o in LAYOUTS]


DYADIC = LAYOUTS[:4]  # corners exact on a quarter-tile lattice: exact touching is frequent


def picture(rows_top_first):
    """Rows written as a picture (top row first) -> kinds with row 0 south-most."""
    return np.array(rows_top_first[::-1], dtype=np.int8)


def both(kinds, s=1.0, origin=(0.0, 0.0)):
    kinds = np.asarray(kinds, dtype=np.int8)
    return pc.TileMap(kinds, tile_size=s, origin=origin), RT.Grid(kinds.tolist(), s, origin)


def random_kinds(rng, rows, cols, empty=0.45):
    p = [empty, (1 - empty) * 0.5] + [(1 - empty) * 0.125] * 4
    return rng.choice(6, size=(rows, cols), p=p).astype(np.int8)


def map_scale(g):
    xs = [g.ox, g.ox + g.cols * g.s]
    ys = [g.oy, g.oy + g.rows * g.s]
    return max(abs(v) for v in xs + ys)


def tolerance(*scales):
    return 1e-9 * (1 + max(abs(float(v)) for v in scales))


def cx(g, j):
    """The x of the tile corner column j (the float64 ox + j*s rounded once)."""
    return float(RT.corner(g.ox, j, g.s))


def cy(g, i):
    return float(RT.corner(g.oy, i, g.s))


def random_point(rng, g, margin=2):
    s, ox, oy = g.s, g.ox, g.oy
    mode = rng.integers(4)
    if mode == 0:  # a quarter-tile lattice
        kx = int(rng.integers(-4 * margin, 4 * (g.cols + margin) + 1))
        ky = int(rng.integers(-4 * margin, 4 * (g.rows + margin) + 1))
        return ox + kx * (s / 4), oy + ky * (s / 4)
    if mode == 1:  # exact tile corners
        return cx(g, int(rng.integers(-1, g.cols + 2))), cy(g, int(rng.integers(-1, g.rows + 2)))
    return (
        float(rng.uniform(ox - margin * s, ox + (g.cols + margin) * s)),
        float(rng.uniform(oy - margin * s, oy + (g.rows + margin) * s)),
    )


def random_radius(rng, s):
    if rng.integers(3):
        return float(s * rng.choice([0.0, 0.25, 0.5, 0.75, 1.0, 1.5]))
    return float(rng.uniform(0, 1.5 * s))


def random_circles(rng, g, n):
    return np.array([random_point(rng, g) + (random_radius(rng, g.s),) for _ in range(n)])


def as_array(shapes):
    return np.asarray(shapes, dtype=np.float64)


def unit_f(v):
    return RT.unit(v)


def close2(a, b, tol):
    return math.hypot(a[0] - b[0], a[1] - b[1]) <= tol


def speed2(v):
    return F(float(v[0])) ** 2 + F(float(v[1])) ** 2


def edge_list(tm):
    e = as_array(tm.edges)
    n = np.asarray(tm.normals, dtype=np.float64)
    assert isinstance(tm.edges, pc.Segments)
    assert e.ndim == 2 and e.shape[1] == 4 and n.shape == (len(e), 2)
    return e, n


def check_edges(tm, g, exact=True):
    """tm.edges split exactly into the reference's unmerged boundary edges
    (contiguous, the same grid direction, and collinear when ``exact``: where
    corners are rounded, the diagonals of a ramp are not exactly collinear),
    cover each exactly once, are merged maximally, and carry the outward unit
    normal (solid on the left)."""
    e, n = edge_list(tm)
    starting = {}
    for a, b, _ in g.boundary:
        starting.setdefault(a, []).append((a, b))
    used = []
    for row, normal in zip(e, n):
        a, b = (F(row[0]), F(row[1])), (F(row[2]), F(row[3]))
        d = (b[0] - a[0], b[1] - a[1])
        assert d != (0, 0), f"zero-length edge {row}"
        way = RT.direction_class(d)
        p, parts = a, []
        while p != b:
            nxt = [
                q
                for q in starting.get(p, [])
                if RT.direction_class(RT._sub(q[1], q[0])) == way and q not in used + parts
            ]
            assert len(nxt) == 1, f"edge {row} is not a chain of boundary edges (at {tuple(map(float, p))})"
            parts.append(nxt[0])
            p = nxt[0][1]
            assert RT._dot(RT._sub(p, a), d) <= RT._dot(d, d), f"edge {row} does not end at a boundary vertex"
        if exact:
            assert all(RT._on_segment(q, a, b) for pq in parts for q in pq), f"edge {row} is not straight"
        used += parts
        want = unit_f(RT.Grid.outward(a, b))
        assert close2(normal, want, 1e-12), f"edge {row}: normal {normal} != outward {want}"
    assert sorted(used) == sorted((a, b) for a, b, _ in g.boundary), "the edges must cover the boundary exactly once"
    assert len(e) == len(g.merged_edges(by_grid=not exact)), "edges must be maximal (neighbours merged)"


def reference_overlaps(C, g, touching):
    return [RT.circle_overlaps_map(tuple(c), g, touching) for c in C]


@st.composite
def small_maps(draw):
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    kinds = draw(st.lists(st.lists(st.integers(0, 5), min_size=cols, max_size=cols), min_size=rows, max_size=rows))
    s, origin = draw(st.sampled_from(DYADIC))
    return np.array(kinds, dtype=np.int8), s, origin


@st.composite
def lattice_circles(draw, g, n=8):
    out = []
    for _ in range(draw(st.integers(1, n))):
        kx = draw(st.integers(-4, 4 * g.cols + 4))
        ky = draw(st.integers(-4, 4 * g.rows + 4))
        r = draw(st.integers(0, 6)) * g.s / 4
        out.append((g.ox + kx * g.s / 4, g.oy + ky * g.s / 4, r))
    return np.array(out)


def check_contact(circle, g, sep, normal, pa, pb):
    circle = tuple(map(float, circle))
    sep, normal, pa, pb = float(sep), tuple(map(float, normal)), tuple(map(float, pa)), tuple(map(float, pb))
    want = RT.signed_distance(circle, g)
    where = (
        f"circle {circle}, map {g.kinds} s={g.s} origin={(g.ox, g.oy)}: separation {sep!r} "
        f"(reference {want!r}), normal {normal}, point_a {pa}, point_b {pb}"
    )
    if want == math.inf:
        assert sep == math.inf and all(map(math.isnan, normal + pa + pb)), where
        return
    tol = tolerance(*circle, map_scale(g))
    assert (sep <= 0) == (want <= 0), "the sign must be exact: " + where
    assert (sep < 0) == (want < 0), "the sign must be exact: " + where
    assert abs(sep - want) <= tol, where
    assert abs(math.hypot(*normal) - 1) <= 1e-12, where
    c, r = circle[:2], circle[2]
    assert close2(pa, (c[0] + r * normal[0], c[1] + r * normal[1]), tol), "point_a != centre + r*normal: " + where
    assert close2(pb, (pa[0] + sep * normal[0], pa[1] + sep * normal[1]), tol), (
        "point_b - point_a != sep*normal: " + where
    )
    assert g.boundary_dist2(pb) <= F(tol) ** 2, "point_b is not on the boundary of the solid: " + where


def check_ray(o, d, g, hit, distance, normal, tile):
    o, d = tuple(map(float, o)), tuple(map(float, d))
    ref = RT.raycast(o, d, g)
    hit, distance, normal, tile = bool(hit), float(distance), tuple(map(float, normal)), tuple(int(v) for v in tile)
    where = (
        f"ray {o} + t {d} on map {g.kinds} s={g.s} origin={(g.ox, g.oy)}: "
        f"got {hit}, {distance!r}, {normal}, {tile}; reference {ref}"
    )
    assert hit == ref.hit, where
    if not ref.hit:
        assert distance == math.inf and all(map(math.isnan, normal)) and tile == (-1, -1), where
        return
    assert tile in g.by_tile, "tile is not a solid tile: " + where
    dn = math.hypot(*d)
    if ref.inside:
        assert distance == 0.0, where
        assert close2(normal, (-d[0] / dn, -d[1] / dn), 1e-12), where
        assert tile in ref.tiles, "the origin is not in that tile: " + where
        return
    tol = tolerance(*o, *d, map_scale(g), ref.distance)
    tol2 = F(tol) ** 2
    faces = [RT.Grid.outward(a, b) for a, b, _ in g.boundary_edges_near(ref.point, tol2)]
    faces = [f for f in faces if RT._dot(f, RT._pt(d)) < 0]
    cos = max((-(f[0] * d[0] + f[1] * d[1]) / (math.hypot(*f) * dn) for f in faces), default=1.0)
    assert abs(distance - ref.distance) * cos <= tol, where
    assert abs(math.hypot(*normal) - 1) <= 1e-12, where
    if faces:  # (no face has an outward side where every tile there was rounded flat)
        assert any(close2(normal, unit_f(f), 1e-12) for f in faces), "not the normal of a face the ray enters: " + where
    assert RT._poly_dist2(g.by_tile[tile], ref.point) <= tol2, "the hit point is not in that tile: " + where


def ray_batch(tm, g, O, D):
    h = pc.raycast(O, D, tm)
    n = len(O)
    assert h.hit.shape == (n,) and h.hit.dtype == np.bool_
    assert h.distance.shape == (n,) and h.normal.shape == (n, 2) and h.tile.shape == (n, 2)
    assert h.tile.dtype == np.int64
    for k in range(n):
        check_ray(O[k], D[k], g, h.hit[k], h.distance[k], h.normal[k], h.tile[k])


DIRECTIONS = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
    (2, 1),
    (1, 2),
    (-2, 1),
    (1, -3),
    (3, -1),
]


def corner_rays(rng, g, n):
    """Rays through exact tile corners (from outside or inside), along grid lines
    and diagonals, and random ones."""
    O, D = [], []
    for _ in range(n):
        mode = rng.integers(4)
        dx, dy = DIRECTIONS[rng.integers(len(DIRECTIONS))]
        if mode == 3:
            ang = rng.uniform(0, 2 * math.pi)
            dx, dy = math.cos(ang), math.sin(ang)
        if mode in (0, 3):  # through a corner, from k steps back
            px = cx(g, int(rng.integers(0, g.cols + 1)))
            py = cy(g, int(rng.integers(0, g.rows + 1)))
            k = float(rng.choice([0.5, 1, 2, 3]) * g.s)
            O.append((px - k * dx, py - k * dy))
        elif mode == 1:  # along a grid line
            if rng.integers(2):
                O.append((cx(g, -1), cy(g, int(rng.integers(0, g.rows + 1)))))
                dx, dy = 1.0, 0.0
            else:
                O.append((cx(g, int(rng.integers(0, g.cols + 1))), cy(g, g.rows + 1)))
                dx, dy = 0.0, -1.0
        else:
            O.append(random_point(rng, g))
        scale = float(rng.choice([1.0, 0.5, 3.0, 1e-3, 1e3]))
        D.append((dx * scale, dy * scale))
    return np.array(O, dtype=float), np.array(D, dtype=float)


TARGET_TYPES = {name: cls for name, cls in TYPES.items() if name != "point"}  # the sweep targets tested here


def target_radius(kind, target):
    return abs(float(target[2])) if kind == "circle" else 0.0


def check_sweep(circle, D, kind, target, time, normal, point, scale):
    """One sweep result against the reference (see the module docstring).

    The reference's hit is the first time the circle touches while moving
    toward the target; a miss never does (a graze or a slide is no hit).
    Whether it hits must be the reference's answer, exactly; a hit's time
    must be the reference's to the conditioning tolerance and keep the
    placement contract (placed_ok), and its normal (the surface normal of
    what was hit, pointing back at the circle) and point must describe the
    contact at that time."""
    circle, D = tuple(map(float, circle)), tuple(map(float, D))
    time, normal, point = float(time), tuple(map(float, normal)), tuple(map(float, point))
    # the documented path runs from the centre to the rounded centre + D
    moved = tuple(F(circle[k] + D[k]) - F(circle[k]) for k in range(2))
    ref = RT.sweep_toi(circle, moved, kind, target)
    shown = target if kind != "tilemap" else f"map {target.kinds} s={target.s} origin={(target.ox, target.oy)}"
    where = (
        f"circle {circle} moving {D} against {kind} {shown}: "
        f"got time {time!r}, normal {normal}, point {point}; reference {ref}"
    )
    assert 0 <= time <= 1, where
    if ref.status == "ambiguous":
        return ref
    tol = tolerance(*circle, *D, scale)
    missed = all(map(math.isnan, normal + point))
    if missed:
        assert time == 1.0 and ref.status == "miss", "expected a hit: " + where
        return ref
    assert not any(map(math.isnan, normal + point)), where
    dn = math.hypot(*D)
    assert ref.status == "hit", "expected no hit: " + where
    assert abs(time - float(ref.t)) * dn * float(ref.cos) <= tol, "time: " + where
    assert abs(math.hypot(*normal) - 1) <= 1e-12, where
    solid = (
        pc.TileMap(np.array(target.kinds, dtype=np.int8), tile_size=target.s, origin=(target.ox, target.oy))
        if kind == "tilemap"
        else TARGET_TYPES[kind](np.array(target, dtype=float))
    )
    if not bool(pc.overlaps(pc.Circles(circle), solid, touching=False)):  # else hit at 0, already inside
        assert placed_ok(pc.Circles(circle), D, time, solid), "the placement contract: " + where
    # normal and point describe the contact at the reported time
    gap = float(RT.sweep_separation(circle, D, time, kind, target))
    c = (circle[0] + time * D[0], circle[1] + time * D[1])
    reach = circle[2] + gap
    assert close2(point, (c[0] - reach * normal[0], c[1] - reach * normal[1]), tol), (
        "point != centre - (r + gap)*normal: " + where
    )
    if kind == "tilemap":
        assert target.boundary_dist2(point) <= F(tol) ** 2, "point not on the solid's boundary: " + where
    else:
        assert boundary_distance(kind, target, point) <= tol, "point not on the target's boundary: " + where
    assert normal[0] * D[0] + normal[1] * D[1] <= tol, "a hit must not move away from the target: " + where
    return ref


def placed_ok(moving, D, time, target):
    """The placement contract of pc.sweep for one sweep: the moving shape
    placed at the time, as pc.transform places it (numpy rounds t * d, each
    coordinate plus that rounded once), does not penetrate the target."""
    placed = pc.transform(moving, translation=np.float64(time) * np.asarray(D, dtype=float))
    if isinstance(target, pc.TileMap) and not isinstance(moving, (pc.Circles, pc.Points)):
        target = pc.World(target)  # overlaps takes circles and points against a bare TileMap
    return not bool(pc.overlaps(placed, target, touching=False))


def convex_cases(rng, kind, n, coords):
    def value():
        if coords == "grid":
            return float(rng.integers(-3, 4))
        return float(rng.uniform(-10, 10))

    C = [(value(), value(), abs(value()) / 2 + (0.25 if coords == "grid" and rng.integers(2) else 0)) for _ in range(n)]
    Dv = [(value() * 2, value() * 2) for _ in range(n)]
    T = []
    for _ in range(n):
        v = [value() for _ in range(6)]
        if kind == "circle":
            T.append((v[0], v[1], abs(v[2]) / 2))
        elif kind == "box":
            T.append((min(v[0], v[2]), min(v[1], v[3]), max(v[0], v[2]), max(v[1], v[3])))
        elif kind == "segment":
            T.append(tuple(v[:4]))
        elif kind == "capsule":
            T.append((v[0], v[1], v[2], v[3], abs(v[4]) / 2))
        elif kind.startswith("polygon"):  # the hull of random points (grid: with collinear vertices)
            T.append(make_valid(kind, [value() for _ in range(WIDTH[kind])]))
        else:
            T.append(tuple(v))
    return np.array(C), np.array(Dv), np.array(T)


LATTICE_MAPS = [[[2], [1]], [[3], [1]], [[1, 0], [0, 1]], [[4, 5], [2, 3]], [[1, 1], [2, 0]]]


LATTICE_MOVES = [
    (0, 0.75),
    (0, -0.75),
    (0.75, 0),
    (-0.75, 0),
    (0.75, 0.75),
    (-0.75, 0.75),
    (0.75, -0.75),
    (-0.75, -0.75),
    (0, 1.5),
    (0, -1.5),
    (1.5, 0),
    (-1.5, 0),
]


T0_FLOOR = picture([[E, E, E, E, E, S], [S, S, S, S, S, S]])  # a floor of 6 tiles, a wall tile at x in [5, 6]


def step(circles, velocity, tm, dt, **kw):
    out = pc.advance(pc.Circles(circles), np.asarray(velocity, dtype=float), tm, dt, **kw)
    assert len(out) == (3 if kw.get("return_bounces") else 2)
    c, v = as_array(out[0]), np.asarray(out[1], dtype=np.float64)
    assert c.shape == np.shape(circles) and v.shape == np.shape(velocity)
    np.testing.assert_array_equal(c[..., 2], np.asarray(circles)[..., 2])  # radii unchanged
    return (c, v, np.asarray(out[2])) if kw.get("return_bounces") else (c, v)


def assert_never_inside(C, tm, g, where=""):
    strict = pc.overlaps(pc.Circles(C), tm, touching=False)
    assert not strict.any(), f"{where}: ball(s) inside the solid per overlaps: {C[strict][:3]}"
    for c in C:
        assert not RT.circle_overlaps_map(tuple(c), g, touching=False), (
            f"{where}: ball {tuple(c)} ends inside the solid"
        )


def place_balls(rng, g, n, radii):
    out = []
    while len(out) < n:
        c = random_point(rng, g, margin=0) + (float(rng.choice(radii)),)
        if not RT.circle_overlaps_map(c, g, touching=False):
            out.append(c)
    return np.array(out)


# ---- shapes of any kind against a tile map (test_world_queries, test_depenetrate) ----

QUARTER = st.integers(-8, 28).map(lambda i: i / 4)  # a quarter grid over a 6 x 5 map and around it


def levels():
    kinds = st.sampled_from([".", ".", "#", "#", "1", "3", "7", "9"])
    return st.lists(st.lists(kinds, min_size=6, max_size=6), min_size=5, max_size=5).map(
        lambda rows: pc.TileMap.from_text("\n".join("".join(r) for r in rows))
    )


def tile_rows(m):
    """(kind name, row) of every solid tile, from the reference's polygons."""
    out = []
    for _, poly in RT.solid_polygons(m.kinds, m.tile_size, *m.origin):
        flat = [float(c) for p in poly for c in p]
        out.append(("box", [flat[0], flat[1], flat[4], flat[5]]) if len(poly) == 4 else ("triangle", flat))
    return out


def _crossings(p, q, lines):
    """Parameters t in (0, 1) where p + t (q - p) crosses the lines a x + b y = c."""
    ts = set()
    for a, b, c in lines:
        den = a * (q[0] - p[0]) + b * (q[1] - p[1])
        if den:
            t = (c - a * p[0] - b * p[1]) / den
            if 0 < t < 1:
                ts.add(t)
    return sorted(ts)


def map_overlaps_ref(m, kind, row, touching):
    """Reference: does the shape meet the tile map's solid region (closed), or
    strictly (its interior meets the region's, or, without an interior, it
    has a point in the region's interior: a face between two solid tiles
    counts)?"""
    if touching or ref.shape_core(kind, tuple(row))[1] > 0:
        return any(ref.overlaps(kind, row, k, r, touching=touching) for k, r in tile_rows(m))
    if any(ref.overlaps(kind, row, k, r, touching=False) for k, r in tile_rows(m)):
        return True
    core, _ = ref.shape_core(kind, tuple(row))
    hull = ref.convex_hull([tuple(F(c) for c in v) for v in core])
    if len(hull) >= 3:
        return False  # an interior: decided by the tiles above
    grid = RT.make_grid(m.kinds, m.tile_size, m.origin)
    if len(hull) == 1:
        return grid.interior_contains(hull[0])
    # a segment: membership of the open interior only changes where it
    # crosses a grid line or a tile's diagonal; test a point between each two
    p, q = hull
    rows, cols = m.shape
    lines = [(1, 0, RT.corner(m.origin[0], j, m.tile_size)) for j in range(cols + 1)]
    lines += [(0, 1, RT.corner(m.origin[1], i, m.tile_size)) for i in range(rows + 1)]
    for _, poly in RT.solid_polygons(m.kinds, m.tile_size, *m.origin):
        for a, b in zip(poly, poly[1:] + poly[:1]):
            if a[0] != b[0] and a[1] != b[1]:  # the diagonal
                lines.append((b[1] - a[1], a[0] - b[0], (b[1] - a[1]) * a[0] + (a[0] - b[0]) * a[1]))
    ts = [F(0)] + _crossings(p, q, lines) + [F(1)]
    return any(
        grid.interior_contains((p[0] + (t0 + t1) / 2 * (q[0] - p[0]), p[1] + (t0 + t1) / 2 * (q[1] - p[1])))
        for t0, t1 in zip(ts, ts[1:])
    )


# ---- starts a few ulps into a wall (test_slide, test_advance) ----

ROOM = """
##########
#........#
#...##..3#
#........#
##########
"""


def into(value, way, steps):
    """value moved `steps` ulps toward -inf (way < 0) or +inf (way > 0)."""
    for _ in range(steps if way else 0):
        value = np.nextafter(value, way * np.inf)
    return float(value)
