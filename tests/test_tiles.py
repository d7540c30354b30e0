"""Tile maps (issue 7): TileMap, overlaps, contact, raycast, sweep and advance,
against the exact reference tests/reference/tiles.py and physical properties.

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
import re
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, strategies as st

import pycollide as pc
from reference import tiles as RT
from reference.contact import boundary_distance

E, S, NE, NW, SE, SW = RT.TILE_KINDS
LAYOUTS = [(1.0, (0.0, 0.0)), (0.5, (0.0, 0.0)), (0.5, (-1.25, 0.75)), (2.0, (-3.0, 1.0)), (0.1, (0.3, -0.7))]
LAYOUT_IDS = [f"s{s}@{o[0]},{o[1]}" for s, o in LAYOUTS]
DYADIC = LAYOUTS[:4]  # corners exact on a quarter-tile lattice: exact touching is frequent


# --------------------------------------------------------------- helpers


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
    return (float(rng.uniform(ox - margin * s, ox + (g.cols + margin) * s)),
            float(rng.uniform(oy - margin * s, oy + (g.rows + margin) * s)))


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


# ================================================================ Tile, TileMap


def test_tile_enum():
    assert issubclass(pc.Tile, int)
    assert [(t.name, int(t)) for t in pc.Tile] == [
        ("EMPTY", 0), ("SOLID", 1), ("CUT_NE", 2), ("CUT_NW", 3), ("CUT_SE", 4), ("CUT_SW", 5)]


@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
def test_tilemap_attributes(s, origin):
    kinds = picture([[S, E, NW], [SE, S, E]])
    tm = pc.TileMap(kinds, tile_size=s, origin=origin)
    assert tm.kinds.dtype == np.int8 and tm.kinds.shape == (2, 3)
    np.testing.assert_array_equal(tm.kinds, kinds)
    with pytest.raises((ValueError, TypeError)):
        tm.kinds[0, 0] = 0
    kinds[0, 0] = E  # the map keeps its own copy
    assert tm.kinds[0, 0] == SE
    assert tuple(tm.shape) == (2, 3)
    assert tm.tile_size == s
    assert tuple(map(float, tm.origin)) == origin
    ox, oy = origin
    # float64, rounded once: the exact ox + 3*s rounded (0.3 + 3*0.1 -> 0.6, not 0.6000000000000001)
    assert tuple(map(float, tm.bounds)) == (ox, oy, float(RT.corner(ox, 3, s)), float(RT.corner(oy, 2, s)))


def test_tilemap_accepts_tile_values_and_rejects_others():
    tm = pc.TileMap([[pc.Tile.SOLID, pc.Tile.CUT_NE]])
    np.testing.assert_array_equal(tm.kinds, [[1, 2]])
    for bad in ([[6]], [[-1]], [[1, 7, 0]]):
        with pytest.raises(ValueError):
            pc.TileMap(np.array(bad))
    with pytest.raises((ValueError, TypeError)):
        pc.TileMap(np.array([1, 1, 1]))  # not 2-D
    for size in (0.0, -1.0, math.nan, math.inf):
        with pytest.raises(ValueError):
            pc.TileMap([[1]], tile_size=size)


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
            nxt = [q for q in starting.get(p, []) if RT.direction_class(RT._sub(q[1], q[0])) == way and q not in used + parts]
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


def test_edges_of_a_row_of_solid_tiles():
    tm = pc.TileMap(np.ones((1, 10), dtype=np.int8))
    e, n = edge_list(tm)
    assert len(e) == 4
    rects = {tuple(map(float, row)) for row in e}
    assert rects == {(0, 0, 10, 0), (10, 0, 10, 1), (10, 1, 0, 1), (0, 1, 0, 0)}
    assert {tuple(map(float, v)) for v in n} == {(0, -1), (1, 0), (0, 1), (-1, 0)}


@pytest.mark.parametrize("rows,count", [
    ([[S, S], [S, S]], 4),  # faces between solid tiles are removed
    ([[S, S, S], [S, E, S], [S, S, S]], 8),  # a ring: outside and hole
    ([[S, E], [E, S]], 8),  # meeting at a corner only
    ([[E, E, NW], [E, NW, E], [NW, E, E]], 7),  # a ramp: one diagonal, three steps of two legs
    ([[NW, S]], 4),  # the triangle's leg against the solid tile disappears
    ([[SW, SE]], 3),  # a V notch
])
def test_edges_small_examples(rows, count):
    tm, g = both(picture(rows))
    e, _ = edge_list(tm)
    assert len(e) == count
    check_edges(tm, g)


def test_ramp_diagonal_is_one_edge():
    tm, _ = both(picture([[E, E, NW], [E, NW, E], [NW, E, E]]))
    e, n = edge_list(tm)
    diagonal = [(tuple(map(float, row)), tuple(v)) for row, v in zip(e, n) if row[0] != row[2] and row[1] != row[3]]
    assert len(diagonal) == 1
    (seg, normal), = diagonal
    assert seg == (3.0, 3.0, 0.0, 0.0)  # solid (below-right) on the left going down the ramp
    assert close2(normal, (-math.sqrt(0.5), math.sqrt(0.5)), 1e-12)


@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
def test_edges_against_reference_random_maps(s, origin):
    rng = np.random.default_rng(7 + LAYOUTS.index((s, origin)))
    for _ in range(12):
        tm, g = both(random_kinds(rng, int(rng.integers(1, 7)), int(rng.integers(1, 7))), s, origin)
        check_edges(tm, g, exact=(s, origin) in DYADIC)


def test_edges_empty_map():
    tm = pc.TileMap(np.zeros((3, 4), dtype=np.int8))
    e, n = edge_list(tm)
    assert e.shape == (0, 4) and n.shape == (0, 2)


# ------------------------------------------------------------ from_text


def test_from_text_characters_and_rows():
    text = "#..3\n7#9\n 1\u25e3\u25e2\u25e4\u25e5"
    tm = pc.TileMap.from_text(text)
    want = np.array([
        [E, NE, NE, NW, SE, SW],  # last line = bottom row (i = 0)
        [SE, S, SW, E, E, E],  # short line padded with EMPTY
        [S, E, E, NW, E, E],  # first line = top row
    ], dtype=np.int8)
    np.testing.assert_array_equal(tm.kinds, want)
    assert tm.tile_size == 1.0 and tuple(map(float, tm.origin)) == (0.0, 0.0)


def test_from_text_numpad_triangles_keep_the_named_corner():
    # '1' keeps the south-west half: a point near the SW corner is solid, near NE is not
    for ch, solid_corner in [("1", (0.1, 0.1)), ("3", (0.9, 0.1)), ("7", (0.1, 0.9)), ("9", (0.9, 0.9))]:
        tm = pc.TileMap.from_text(ch)
        opposite = (1 - solid_corner[0], 1 - solid_corner[1])
        got = pc.overlaps(pc.Circles([[*solid_corner, 0.0], [*opposite, 0.0]]), tm)
        assert got.tolist() == [True, False], ch


def test_from_text_size_and_origin():
    tm = pc.TileMap.from_text("##\n#.", tile_size=0.5, origin=(2, -1))
    np.testing.assert_array_equal(tm.kinds, [[S, E], [S, S]])
    assert tm.tile_size == 0.5 and tuple(map(float, tm.origin)) == (2.0, -1.0)
    assert tuple(map(float, tm.bounds)) == (2.0, -1.0, 3.0, 0.0)


@pytest.mark.parametrize("text,line,column", [
    ("x", 1, 1),
    ("##\n##x", 2, 3),
    ("#..\n...\n..2", 3, 3),
    ("#\t#", 1, 2),
    ("##\u25b2", 1, 3),
])
def test_from_text_errors_name_line_and_column(text, line, column):
    """Line and column are counted from 1, as an editor shows them."""
    with pytest.raises(ValueError) as info:
        pc.TileMap.from_text(text)
    msg = str(info.value)
    assert re.search(rf"line\D{{0,3}}{line}\b", msg), msg
    assert re.search(rf"col(umn)?\D{{0,3}}{column}\b", msg), msg


# ================================================================ overlaps


def reference_overlaps(C, g, touching):
    return [RT.circle_overlaps_map(tuple(c), g, touching) for c in C]


@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
def test_overlaps_against_reference_seeded(s, origin):
    rng = np.random.default_rng(100 + LAYOUTS.index((s, origin)))
    totals = {True: 0, False: 0}
    for _ in range(4):
        tm, g = both(random_kinds(rng, int(rng.integers(1, 6)), int(rng.integers(1, 7))), s, origin)
        C = random_circles(rng, g, 150)
        for touching in (True, False):
            got = pc.overlaps(pc.Circles(C), tm, touching=touching)
            assert got.dtype == np.bool_ and got.shape == (len(C),)
            want = reference_overlaps(C, g, touching)
            bad = [k for k in range(len(C)) if bool(got[k]) != want[k]]
            assert not bad, (f"touching={touching}: circle {tuple(C[bad[0]])} on map {tm.kinds.tolist()} "
                             f"(s={s}, origin={origin}): got {bool(got[bad[0]])}, reference {want[bad[0]]}")
            totals[touching] += sum(want)
    assert totals[True] > totals[False] > 0  # both answers and exact touching occur


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


@given(data=st.data())
def test_overlaps_against_reference_lattice(data):
    kinds, s, origin = data.draw(small_maps(), label="map")
    tm, g = both(kinds, s, origin)
    C = data.draw(lattice_circles(g), label="circles")
    for touching in (True, False):
        got = pc.overlaps(pc.Circles(C), tm, touching=touching).tolist()
        assert got == reference_overlaps(C, g, touching), touching


def test_overlaps_hand_cases():
    tm = pc.TileMap(picture([[E, E, E], [S, S, S]]))  # floor y in [0, 1], x in [0, 3]
    C = pc.Circles([
        [1.5, 1.5, 0.5],  # resting on the floor: touching only
        [1.0, 1.5, 0.5],  # resting on a seam
        [1.0, 0.5, 0.0],  # a point on the face between two solid tiles: interior
        [1.0, 1.0, 0.0],  # a point on the top: touching only
        [3.5, 1.5, 0.7071],  # the corner (3, 1) is sqrt(0.5) away
        [3.5, 1.5, 0.7072],
        [-5.0, -5.0, 1.0],
    ])
    assert pc.overlaps(C, tm).tolist() == [True, True, True, True, False, True, False]
    assert pc.overlaps(C, tm, touching=False).tolist() == [False, False, True, False, False, True, False]


def test_overlaps_shapes():
    tm = pc.TileMap([[1]])
    C = pc.Circles(np.zeros((2, 3, 3)) + [0.5, 0.5, 0.1])
    got = pc.overlaps(C, tm)
    assert got.shape == (2, 3) and got.all()
    one = pc.overlaps(pc.Circles([5.0, 5.0, 1.0]), tm)
    assert np.shape(one) == () and not one
    assert pc.overlaps(pc.Circles(np.zeros((0, 3))), tm).shape == (0,)


# ================================================================ contact


def check_contact(circle, g, sep, normal, pa, pb):
    circle = tuple(map(float, circle))
    sep, normal, pa, pb = float(sep), tuple(map(float, normal)), tuple(map(float, pa)), tuple(map(float, pb))
    want = RT.signed_distance(circle, g)
    where = (f"circle {circle}, map {g.kinds} s={g.s} origin={(g.ox, g.oy)}: separation {sep!r} "
             f"(reference {want!r}), normal {normal}, point_a {pa}, point_b {pb}")
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
    assert close2(pb, (pa[0] + sep * normal[0], pa[1] + sep * normal[1]), tol), "point_b - point_a != sep*normal: " + where
    assert g.boundary_dist2(pb) <= F(tol) ** 2, "point_b is not on the boundary of the solid: " + where


@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
def test_contact_against_reference_seeded(s, origin):
    rng = np.random.default_rng(200 + LAYOUTS.index((s, origin)))
    for _ in range(3):
        tm, g = both(random_kinds(rng, int(rng.integers(1, 6)), int(rng.integers(1, 7))), s, origin)
        C = random_circles(rng, g, 80)
        c = pc.contact(pc.Circles(C), tm)
        assert c.separation.shape == (len(C),) and c.normal.shape == c.point_a.shape == c.point_b.shape == (len(C), 2)
        for k in range(len(C)):
            check_contact(C[k], g, c.separation[k], c.normal[k], c.point_a[k], c.point_b[k])


@given(data=st.data())
def test_contact_against_reference_lattice(data):
    kinds, s, origin = data.draw(small_maps(), label="map")
    tm, g = both(kinds, s, origin)
    C = data.draw(lattice_circles(g), label="circles")
    c = pc.contact(pc.Circles(C), tm)
    for k in range(len(C)):
        check_contact(C[k], g, c.separation[k], c.normal[k], c.point_a[k], c.point_b[k])


@pytest.mark.parametrize("circle,sep,normal,pb", [
    ((1.5, 3.0, 1.0), 1.0, (0, -1), (1.5, 1.0)),  # above the floor
    ((1.5, 0.75, 0.25), -0.5, (0, -1), (1.5, 1.0)),  # centre inside, nearest the top
    ((1.1, 0.5, 0.0), -0.5, None, None),  # the face x = 1 between solid tiles is not boundary
    ((4.0, 2.0, 0.0), math.sqrt(2), (-math.sqrt(0.5), -math.sqrt(0.5)), (3.0, 1.0)),
    ((1.5, 1.0, 0.5), -0.5, (0, -1), (1.5, 1.0)),  # centre on the top face: normal into the solid
])
def test_contact_hand_cases(circle, sep, normal, pb):
    tm, g = both(picture([[S, S, S]]))
    c = pc.contact(pc.Circles(circle), tm)
    assert float(c.separation) == pytest.approx(sep, abs=1e-12)
    if normal is not None:
        assert close2(c.normal, normal, 1e-12) and close2(c.point_b, pb, 1e-12)
    check_contact(circle, g, c.separation, c.normal, c.point_a, c.point_b)


def test_contact_without_solid_tiles():
    tm = pc.TileMap(np.zeros((2, 2), dtype=np.int8))
    c = pc.contact(pc.Circles([[0.5, 0.5, 1.0], [9, 9, 0]]), tm)
    assert (c.separation == np.inf).all()
    assert np.isnan(c.normal).all() and np.isnan(c.point_a).all() and np.isnan(c.point_b).all()


# ================================================================ raycast


def check_ray(o, d, g, hit, distance, normal, tile):
    o, d = tuple(map(float, o)), tuple(map(float, d))
    ref = RT.raycast(o, d, g)
    hit, distance, normal, tile = bool(hit), float(distance), tuple(map(float, normal)), tuple(int(v) for v in tile)
    where = f"ray {o} + t {d} on map {g.kinds} s={g.s} origin={(g.ox, g.oy)}: got {hit}, {distance!r}, {normal}, {tile}; reference {ref}"
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


DIRECTIONS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1), (2, 1), (1, 2), (-2, 1), (1, -3), (3, -1)]


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


@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
def test_raycast_against_reference_seeded(s, origin):
    rng = np.random.default_rng(300 + LAYOUTS.index((s, origin)))
    hits = 0
    for _ in range(4):
        tm, g = both(random_kinds(rng, int(rng.integers(1, 6)), int(rng.integers(1, 7))), s, origin)
        O, D = corner_rays(rng, g, 100)
        ray_batch(tm, g, O, D)
        hits += sum(RT.raycast(tuple(o), tuple(d), g).hit for o, d in zip(O, D))
    assert hits > 50


@given(data=st.data())
def test_raycast_against_reference_lattice(data):
    kinds, s, origin = data.draw(small_maps(), label="map")
    tm, g = both(kinds, s, origin)
    n = data.draw(st.integers(1, 6))
    O = [(g.ox + data.draw(st.integers(-4, 4 * g.cols + 4)) * s / 4, g.oy + data.draw(st.integers(-4, 4 * g.rows + 4)) * s / 4)
         for _ in range(n)]
    D = [data.draw(st.sampled_from(DIRECTIONS)) for _ in range(n)]
    ray_batch(tm, g, np.array(O, dtype=float), np.array(D, dtype=float))


@pytest.mark.parametrize("o,d,hit,distance,normal,tiles", [
    ((1.5, 5), (0, -1), True, 4.0, (0, 1), {(0, 1)}),  # straight down onto the floor
    ((1.0, 5), (0, -2), True, 4.0, (0, 1), {(0, 0), (0, 1)}),  # onto a seam
    ((-5, 1), (1, 0), True, 5.0, (-1, 0), {(0, 0)}),  # along the top face: touches the corner (0, 1)
    ((-5, 0.5), (1, 0), True, 5.0, (-1, 0), {(0, 0)}),
    ((1, 3), (1, -1), True, 2 * math.sqrt(2), (0, 1), {(0, 2)}),  # grazes only the corner (3, 1)
    ((-5, math.nextafter(1, 2)), (1, 0), False, None, None, None),  # one ulp above the top
    ((4, 0.5), (1, 0), False, None, None, None),  # pointing away
    ((1.5, 0.5), (0, 1), True, 0.0, (0, -1), {(0, 1)}),  # inside: distance 0, normal -d
    ((1.5, 1.0), (0, 1), True, 0.0, (0, -1), {(0, 1)}),  # on the boundary counts as inside
    ((3.0, 1.0), (1, 1), True, 0.0, (-math.sqrt(0.5), -math.sqrt(0.5)), {(0, 2)}),  # on a corner
])
def test_raycast_hand_cases(o, d, hit, distance, normal, tiles):
    tm, g = both(picture([[S, S, S]]))
    h = pc.raycast(np.array(o, float), np.array(d, float), tm)
    assert bool(h.hit) is hit
    if hit:
        assert float(h.distance) == pytest.approx(distance, abs=1e-12)
        assert close2(h.normal, normal, 1e-12)
        assert tuple(map(int, h.tile)) in tiles
    check_ray(o, d, g, h.hit, h.distance, h.normal, h.tile)


def test_raycast_slope_and_concave_corner():
    tm, g = both(picture([[E, E, NW], [E, NW, S], [NW, S, S]]))  # a ramp y = x over a filled base
    h = pc.raycast([[0.25, 5.0], [2.5, 5.0], [1.0, 5.0]], [[0, -1], [0, -1], [0, -1]], tm)
    assert h.hit.all()
    np.testing.assert_allclose(h.distance, [4.75, 2.5, 4.0], rtol=0, atol=1e-12)
    for k in range(3):  # every point of the ramp face, including the joint (1, 1), has the ramp normal
        assert close2(h.normal[k], (-math.sqrt(0.5), math.sqrt(0.5)), 1e-12)
    L = both(picture([[S, E, E], [S, E, E], [S, S, S]]))
    corner = pc.raycast([2.0, 2.0], [-1.0, -1.0], L[0])  # into the concave corner (1, 1)
    assert bool(corner.hit) and float(corner.distance) == pytest.approx(math.sqrt(2), abs=1e-12)
    assert any(close2(corner.normal, n, 1e-12) for n in [(1, 0), (0, 1)])
    check_ray((2.0, 2.0), (-1.0, -1.0), L[1], corner.hit, corner.distance, corner.normal, corner.tile)


def test_raycast_broadcasts_and_misses():
    tm = pc.TileMap([[1]])
    h = pc.raycast(np.zeros((3, 1, 2)) + [-1.0, 0.5], np.array([[1.0, 0.0], [-1.0, 0.0]]), tm)
    assert h.hit.shape == (3, 2) and h.normal.shape == (3, 2, 2) and h.tile.shape == (3, 2, 2)
    assert h.hit[:, 0].all() and not h.hit[:, 1].any()
    assert (h.distance[:, 1] == np.inf).all() and np.isnan(h.normal[:, 1]).all() and (h.tile[:, 1] == -1).all()
    np.testing.assert_array_equal(h.tile[:, 0], [[0, 0]] * 3)


# ================================================================ sweep

TARGET_TYPES = {"circle": pc.Circles, "box": pc.Boxes, "segment": pc.Segments, "triangle": pc.Triangles}


def target_radius(kind, target):
    return abs(float(target[2])) if kind == "circle" else 0.0


def check_sweep(circle, D, kind, target, time, normal, point, scale):
    """One sweep result against the reference (see the module docstring).

    The reference's hit is the first time the circle touches while moving
    toward the target; a miss never does (a graze or a slide is no hit).
    Whether it hits must be the reference's answer, exactly; a hit's time
    must be the reference's to the conditioning tolerance, and its normal and
    point must describe the contact at that time."""
    circle, D = tuple(map(float, circle)), tuple(map(float, D))
    time, normal, point = float(time), tuple(map(float, normal)), tuple(map(float, point))
    # the documented path runs from the centre to the rounded centre + D
    moved = tuple(F(circle[k] + D[k]) - F(circle[k]) for k in range(2))
    ref = RT.sweep_toi(circle, moved, kind, target)
    shown = target if kind != "tilemap" else f"map {target.kinds} s={target.s} origin={(target.ox, target.oy)}"
    where = f"circle {circle} moving {D} against {kind} {shown}: got time {time!r}, normal {normal}, point {point}; reference {ref}"
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
    # normal and point describe the contact at the reported time
    gap = float(RT.sweep_separation(circle, D, time, kind, target))
    c = (circle[0] + time * D[0], circle[1] + time * D[1])
    reach = circle[2] + gap
    assert close2(point, (c[0] + reach * normal[0], c[1] + reach * normal[1]), tol), "point != centre + (r + gap)*normal: " + where
    if kind == "tilemap":
        assert target.boundary_dist2(point) <= F(tol) ** 2, "point not on the solid's boundary: " + where
    else:
        assert boundary_distance(kind, target, point) <= tol, "point not on the target's boundary: " + where
    assert normal[0] * D[0] + normal[1] * D[1] >= -tol, "a hit must not move away from the target: " + where
    return ref


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
        else:
            T.append(tuple(v))
    return np.array(C), np.array(Dv), np.array(T)


@pytest.mark.parametrize("coords", ["grid", "random"])
@pytest.mark.parametrize("kind", ["circle", "box", "segment", "triangle"])
def test_sweep_convex_targets_against_reference(kind, coords):
    rng = np.random.default_rng(400 + 10 * list(TARGET_TYPES).index(kind) + (coords == "random"))
    C, Dv, T = convex_cases(rng, kind, 400, coords)
    sw = pc.sweep(pc.Circles(C), Dv, TARGET_TYPES[kind](T))
    assert sw.time.shape == (len(C),) and sw.normal.shape == sw.point.shape == (len(C), 2)
    statuses = []
    for k in range(len(C)):
        scale = max(abs(v) for v in T[k])
        statuses.append(check_sweep(C[k], Dv[k], kind, tuple(T[k]), sw.time[k], sw.normal[k], sw.point[k], scale).status)
    assert statuses.count("hit") > 40 and statuses.count("miss") > 40
    if coords == "grid":
        assert any(t == 0 for t, st_ in zip(sw.time, statuses) if st_ == "hit")


@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
def test_sweep_tilemap_against_reference(s, origin):
    rng = np.random.default_rng(500 + LAYOUTS.index((s, origin)))
    count = {"hit": 0, "miss": 0, "ambiguous": 0}
    for _ in range(3):
        tm, g = both(random_kinds(rng, int(rng.integers(1, 6)), int(rng.integers(1, 7))), s, origin)
        C, Dv = [], []
        while len(C) < 60:
            c = random_point(rng, g) + (float(s * rng.choice([0.0, 0.25, 0.5, 0.75])),)
            if RT.circle_overlaps_map(c, g, touching=False):
                continue
            if rng.integers(2):
                D = (int(rng.integers(-12, 13)) * s / 4, int(rng.integers(-12, 13)) * s / 4)
            else:
                D = tuple(rng.uniform(-4 * s, 4 * s, size=2))
            C.append(c)
            Dv.append(D)
        C, Dv = np.array(C), np.array(Dv)
        sw = pc.sweep(pc.Circles(C), Dv, tm)
        for k in range(len(C)):
            ref = check_sweep(C[k], Dv[k], "tilemap", g, sw.time[k], sw.normal[k], sw.point[k], map_scale(g))
            count[ref.status] += 1
    assert count["hit"] > 20 and count["miss"] > 20, count


@given(data=st.data())
def test_sweep_tilemap_against_reference_lattice(data):
    kinds, s, origin = data.draw(small_maps(), label="map")
    tm, g = both(kinds, s, origin)
    C = [c for c in data.draw(lattice_circles(g), label="circles") if not RT.circle_overlaps_map(tuple(c), g, False)]
    if not C:
        return
    Dv = [(data.draw(st.integers(-12, 12)) * s / 4, data.draw(st.integers(-12, 12)) * s / 4) for _ in C]
    sw = pc.sweep(pc.Circles(np.array(C)), np.array(Dv), tm)
    for k in range(len(C)):
        check_sweep(C[k], Dv[k], "tilemap", g, sw.time[k], sw.normal[k], sw.point[k], map_scale(g))


# The small lattice, enumerated (not sampled): centres on the half-tile
# lattice around small maps, a point and a half-tile circle, twelve moves.
# This reaches every run the configurations random sampling meets only now
# and then, such as a point sliding along a merged face onto the corner of the
# next tile (test_reproducers.py), and circles resting on seams and corners.
LATTICE_MAPS = [[[2], [1]], [[3], [1]], [[1, 0], [0, 1]], [[4, 5], [2, 3]], [[1, 1], [2, 0]]]
LATTICE_MOVES = [(0, 0.75), (0, -0.75), (0.75, 0), (-0.75, 0), (0.75, 0.75), (-0.75, 0.75), (0.75, -0.75),
                 (-0.75, -0.75), (0, 1.5), (0, -1.5), (1.5, 0), (-1.5, 0)]


@pytest.mark.parametrize("kinds", LATTICE_MAPS, ids=[str(k) for k in LATTICE_MAPS])
def test_sweep_tilemap_lattice_enumerated(kinds):
    tm, g = both(kinds)
    rows, cols = len(kinds), len(kinds[0])
    C, Dv = [], []
    for kx in range(-1, 2 * cols + 2):
        for ky in range(-1, 2 * rows + 2):
            for r in (0.0, 0.5):
                c = (kx / 2, ky / 2, r)
                if RT.circle_overlaps_map(c, g, touching=False):
                    continue
                for D in LATTICE_MOVES:
                    C.append(c)
                    Dv.append(D)
    sw = pc.sweep(pc.Circles(np.array(C)), np.array(Dv, dtype=float), tm)
    statuses = {"hit": 0, "miss": 0, "ambiguous": 0}
    for k in range(len(C)):
        statuses[check_sweep(C[k], Dv[k], "tilemap", g, sw.time[k], sw.normal[k], sw.point[k], 4).status] += 1
    assert statuses["hit"] > 50 and statuses["miss"] > 50, statuses


T0_FLOOR = picture([[E, E, E, E, E, S], [S, S, S, S, S, S]])  # a floor of 6 tiles, a wall tile at x in [5, 6]


@pytest.mark.parametrize("circle,D,time", [
    ((0.5, 1.5, 0.5), (0, 1), 1.0),  # touching, moving away
    ((0.5, 1.5, 0.5), (1, 1), 1.0),
    ((0.5, 1.5, 0.5), (3, 0), 1.0),  # touching, moving along over three seams
    ((0.5, 1.5, 0.5), (-3, 0), 1.0),
    ((0.5, 1.5, 0.5), (0, -1), 0.0),  # touching, moving toward
    ((0.5, 1.5, 0.5), (1, -1), 0.0),
    ((1.0, 1.5, 0.5), (0, -1), 0.0),  # on a seam
    ((0.5, 1.5, 0.5), (8, 0), 0.5),  # slides, then meets the wall at x = 4.5
    ((4.5, 1.5, 0.5), (1, 0), 0.0),  # touching floor and wall, moving into the wall
    ((4.5, 1.5, 0.5), (-1, 0), 1.0),  # ... away from both
    ((4.5, 1.5, 0.5), (0, 1), 1.0),  # ... along the wall
    ((4.5, 2.5, 0.5), (0, -4), 0.25),  # slides along the wall from its corner (5, 2) at 0.125, then the floor
    ((6.0, 2.5, 0.5), (-4, 0), 1.0),  # resting on the wall's top corner, sliding along it and off
])
def test_sweep_tilemap_touching_rule(circle, D, time):
    tm, g = both(T0_FLOOR)
    sw = pc.sweep(pc.Circles(circle), np.array(D, float), tm)
    assert float(sw.time) in np.atleast_1d(time), (circle, D, sw)
    assert np.isnan(sw.normal).all() == (time == 1.0), (circle, D, sw)
    check_sweep(circle, D, "tilemap", g, sw.time, sw.normal, sw.point, 6)


@pytest.mark.parametrize("kind,target", [
    ("circle", (2.0, 0.0, 1.0)),
    ("box", (1.0, -1.0, 3.0, 1.0)),
    ("segment", (1.0, -1.0, 1.0, 1.0)),
    ("triangle", (1.0, -1.0, 3.0, 0.0, 1.0, 1.0)),
])
@pytest.mark.parametrize("D,time", [
    ((1.0, 0.0), 0.0),  # toward
    ((1.0, 5.0), 0.0),
    ((-1.0, 0.0), 1.0),  # away
    ((-1.0, 3.0), 1.0),
    ((0.0, 0.5), 1.0),  # tangential
    ((0.0, -0.5), 1.0),
])
def test_sweep_touching_rule_convex(kind, target, D, time):
    """A unit circle at the origin touching a target at (1, 0) on its right."""
    circle = (0.0, 0.0, 1.0)
    sw = pc.sweep(pc.Circles(circle), np.array(D), TARGET_TYPES[kind](target))
    assert float(sw.time) == time, (kind, target, D, sw)
    check_sweep(circle, D, kind, target, sw.time, sw.normal, sw.point, 3)
    if time == 0.0:
        assert close2(sw.normal, (1, 0), 1e-12) and close2(sw.point, (1, 0), 1e-12)


@pytest.mark.parametrize("circle,D,time", [
    ((0.0, 0.0, 1.5), (1.0, 0.0), 0.0),  # overlapping 0.5 deep, moving in
    ((0.0, 0.0, 1.5), (-1.0, 0.0), 1.0),  # moving out
    ((0.0, 0.0, 1.5), (0.0, 1.0), 1.0),  # sideways
])
def test_sweep_overlapping_rule_convex(circle, D, time):
    for kind, target in [("box", (1.0, -1.0, 3.0, 1.0)), ("segment", (1.0, -1.0, 1.0, 1.0))]:
        sw = pc.sweep(pc.Circles(circle), np.array(D), TARGET_TYPES[kind](target))
        assert float(sw.time) == time, (kind, D, sw)
        check_sweep(circle, D, kind, target, sw.time, sw.normal, sw.point, 3)


def test_sweep_hand_times():
    tm = pc.TileMap(picture([[E, E, E, S], [E, E, E, S]]))  # a wall x in [3, 4], y in [0, 2]
    sw = pc.sweep(pc.Circles([[0, 0.5, 0.5], [0, 0.5, 0.5], [0, 0.5, 0.5]]), [[10, 0], [2, 0], [2.5, 0]], tm)
    np.testing.assert_array_equal(sw.time, [0.25, 1.0, 1.0])
    assert close2(sw.normal[0], (1, 0), 1e-12) and close2(sw.point[0], (3, 0.5), 1e-12)
    assert np.isnan(sw.normal[1]).all() and close2(sw.normal[2], (1, 0), 1e-12)  # a hit exactly at t = 1
    slope = pc.sweep(pc.Circles([0.25, 3.0, 0.0]), [0.0, -4.0], pc.TileMap([[NW]]))
    assert float(slope.time) == 11 / 16 and close2(slope.point, (0.25, 0.25), 1e-12)
    assert close2(slope.normal, (math.sqrt(0.5), -math.sqrt(0.5)), 1e-12)  # into the slope
    corner = pc.sweep(pc.Circles([4.0, 3.0, 1.0]), [-2.0, -2.0], pc.TileMap([[S, S]]))  # at the corner (2, 1)
    assert float(corner.time) == pytest.approx((2 * math.sqrt(2) - 1) / (2 * math.sqrt(2)), abs=1e-12)
    assert close2(corner.normal, (-math.sqrt(0.5), -math.sqrt(0.5)), 1e-12) and close2(corner.point, (2, 1), 1e-12)


def test_sweep_broadcasting():
    tm = pc.TileMap([[1]])
    C = pc.Circles(np.zeros((2, 1, 3)) + [-2.0, 0.5, 0.5])
    D = np.array([[3.0, 0.0], [-3.0, 0.0], [0.0, 3.0]])
    sw = pc.sweep(C, D, tm)
    assert sw.time.shape == (2, 3) and sw.normal.shape == sw.point.shape == (2, 3, 2)
    np.testing.assert_array_equal(sw.time, [[0.5, 1.0, 1.0]] * 2)
    targets = pc.Circles([[2.0, 0.0, 1.0], [0.0, 5.0, 1.0]])
    sw = pc.sweep(pc.Circles([0.0, 0.0, 1.0]), [[4.0, 0.0]], targets)
    assert sw.time.shape == (2,)
    np.testing.assert_array_equal(sw.time, [0.0, 1.0])


# ================================================================ advance


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
        assert not RT.circle_overlaps_map(tuple(c), g, touching=False), f"{where}: ball {tuple(c)} ends inside the solid"


def place_balls(rng, g, n, radii):
    out = []
    while len(out) < n:
        c = random_point(rng, g, margin=0) + (float(rng.choice(radii)),)
        if not RT.circle_overlaps_map(c, g, touching=False):
            out.append(c)
    return np.array(out)


def test_advance_free_flight():
    tm = pc.TileMap([[1]])
    C = np.array([[5.0, 5.0, 0.5], [-3.0, 2.0, 0.0]])
    V = np.array([[1.5, -0.25], [0.0, 0.0]])
    c, v, b = step(C, V, tm, 2.0, return_bounces=True)
    np.testing.assert_array_equal(v, V)
    np.testing.assert_allclose(c[:, :2], C[:, :2] + 2.0 * V, rtol=0, atol=1e-12)
    assert b.shape == (2,) and (b == 0).all()


@pytest.mark.parametrize("points", [False, True], ids=["balls", "points"])
@pytest.mark.parametrize("seed", range(6))
def test_advance_no_tunnelling(seed, points):
    """Very fast balls (or zero-radius points) against a one-tile-thick wall
    never end beyond it, and bounce back."""
    rng = np.random.default_rng(600 + seed + 10 * points)
    s, origin = [(1.0, (0.0, -20.0)), (0.5, (0.25, -10.0)), (0.1, (0.3, -2.0))][seed % 3]
    kind = [S, NW, NE][seed % 3]  # a solid wall, or a saw of triangles
    kinds = np.zeros((40, 3), dtype=np.int8)
    kinds[:, 1] = kind
    tm, g = both(kinds, s, origin)
    wall_x1 = float(RT.corner(origin[0], 2, s))
    n = 300
    r = np.zeros(n) if points else s * rng.choice([0.01, 0.1, 0.3, 0.49], size=n)
    x = origin[0] + s * rng.uniform(0, 1, size=n)
    y = origin[1] + s * rng.uniform(15, 25, size=n)
    C = np.stack([x, y, r], axis=1)
    C = C[[not RT.circle_overlaps_map(tuple(c), g, False) for c in C]]
    speed = 10.0 ** rng.uniform(3, 12, size=len(C))
    ang = rng.uniform(-1.2, 1.2, size=len(C))
    V = np.stack([speed * np.cos(ang), speed * np.sin(ang)], axis=1)  # the wall is met within 3 tiles of y
    for dt in (1.0, 1e-3):
        c, v = step(C, V, tm, dt)
        beyond = c[:, 0] > wall_x1
        assert not beyond.any(), f"tunnelled: start {C[beyond][0]} velocity {V[beyond][0]} dt {dt} -> {c[beyond][0]}"
        reached = V[:, 0] * dt > 2 * s
        back = v[reached, 0] <= 0
        assert back.all(), f"did not bounce back: {C[reached][~back][0]} velocity {V[reached][~back][0]} -> {c[reached][~back][0]}"
        assert_never_inside(c, tm, g, "tunnelling")


@pytest.mark.parametrize("s,origin", DYADIC, ids=LAYOUT_IDS[:4])
@pytest.mark.parametrize("restitution,friction", [(1.0, 0.0), (0.5, 0.3)])
def test_advance_seams_floor(s, origin, restitution, friction):
    """A ball resting on a floor of many separate SOLID tiles and moving exactly
    along +x never bumps on the seams: y is bit-identical and vy stays 0."""
    kinds = np.zeros((2, 60), dtype=np.int8)
    kinds[0, :] = S
    tm, _ = both(kinds, s, origin)
    top = origin[1] + s
    C = np.array([[origin[0] + k * s / 4, top + r, r] for k in range(1, 9) for r in (s / 4, s / 2, s * 0.375)])
    V = np.array([[s * v, 0.0] for v in (0.1, 0.25, 1.0, 1 / 3) for _ in range(6)])
    for _ in range(80):
        c, v = step(C, V, tm, 0.5, restitution=restitution, friction=friction)
        np.testing.assert_array_equal(c[:, 1], C[:, 1])
        np.testing.assert_array_equal(v, V)
        assert (c[:, 0] > C[:, 0]).all()
        C = c


@pytest.mark.parametrize("s,origin", DYADIC, ids=LAYOUT_IDS[:4])
def test_advance_seams_wall_and_ceiling(s, origin):
    kinds = np.zeros((60, 60), dtype=np.int8)
    kinds[:, 0] = S  # a wall of separate tiles along x = ox + s
    kinds[59, :] = S  # a ceiling along y = oy + 59 s
    tm, _ = both(kinds, s, origin)
    r = s / 2
    x_wall = origin[0] + s + r
    y_ceiling = origin[1] + 59 * s - r
    C = np.array([[x_wall, origin[1] + 2 * s, r], [origin[0] + 3 * s, y_ceiling, r]])
    V = np.array([[0.0, s], [s, 0.0]])
    for _ in range(60):
        c, v = step(C, V, tm, 0.75)
        assert c[0, 0] == x_wall and c[1, 1] == y_ceiling
        np.testing.assert_array_equal(v, V)
        C = c


@pytest.mark.parametrize("kind,vy,want", [
    (NW, -1, (-1, 0)),  # falling onto a slope facing up-left: leaves to the left
    (NE, -1, (1, 0)),  # facing up-right: leaves to the right
    (SE, 1, (1, 0)),  # rising into a ceiling slope facing down-right
    (SW, 1, (-1, 0)),
])
@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
@pytest.mark.parametrize("radius", [0.0, 0.05, 0.2])
def test_advance_slopes(kind, vy, want, s, origin, radius):
    """A ball moving straight up or down onto a 45-degree face leaves sideways
    with the same speed, whatever the speed, size and position on the face."""
    kinds = np.zeros((5, 5), dtype=np.int8)
    for k in range(5):  # a ramp along the diagonal of the right orientation: one merged face
        kinds[k, k if kind in (NW, SE) else 4 - k] = kind
    tm, g = both(kinds, s, origin)
    rng = np.random.default_rng(700 + kind)
    C, V = [], []
    for v in (1.0, 7.5, 1e3, 1e6):
        for _ in range(4):
            r = s * radius
            x = origin[0] + s * float(rng.uniform(1.3, 3.7))  # over the ramp's middle tiles
            y = origin[1] + (-2 * s - r if vy > 0 else 7 * s + r)  # below or above the map
            C.append((x, y, r))
            V.append((0.0, vy * v))
    C, V = np.array(C), np.array(V)
    dt = 8 * s / np.abs(V[:, 1])
    for k in range(len(C)):
        c, v = step(C[k:k + 1], V[k:k + 1], tm, float(dt[k]))
        speed = abs(V[k, 1])
        where = f"ball {C[k]} velocity {V[k]} on {kind} (s={s}, origin={origin}) -> {c[0]}, {v[0]}"
        assert abs(v[0, 1]) <= 1e-12 * speed, where
        assert abs(v[0, 0] - want[0] * speed) <= 1e-12 * speed, where
        assert speed2(v[0]) <= speed2(V[k]), where
        assert_never_inside(c, tm, g, where)


@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
@pytest.mark.parametrize("restitution,friction", [(1.0, 0.0), (0.8, 0.0), (1.0, 0.5), (0.3, 1.0), (0.0, 0.2)])
def test_advance_energy_and_never_inside(s, origin, restitution, friction):
    """Random balls in a random map, many steps: never inside the solid, never
    faster (exact squared speeds); elastic and frictionless keeps the speed."""
    rng = np.random.default_rng(800 + LAYOUTS.index((s, origin)) + int(10 * restitution) + int(100 * friction))
    kinds = random_kinds(rng, 7, 7, empty=0.6)
    kinds[0, :] = kinds[-1, :] = kinds[:, 0] = kinds[:, -1] = S  # a closed box
    tm, g = both(kinds, s, origin)
    C = place_balls(rng, g, 30, [0.0, s * 0.1, s * 0.25, s * 0.4])
    speed = s * 10.0 ** rng.uniform(-1, 1.5, size=len(C))
    ang = rng.uniform(0, 2 * np.pi, size=len(C))
    V = np.stack([speed * np.cos(ang), speed * np.sin(ang)], axis=1)
    for n in range(12):
        c, v, b = step(C, V, tm, 0.37, restitution=restitution, friction=friction, return_bounces=True)
        assert b.shape == (len(C),) and (b >= 0).all() and (b <= 16).all()
        assert_never_inside(c, tm, g, f"step {n}")
        for k in range(len(C)):
            where = f"ball {C[k]} velocity {V[k]} -> {c[k]}, {v[k]} (step {n}, bounces {b[k]})"
            assert speed2(v[k]) <= speed2(V[k]), "gained speed: " + where
            if restitution == 1.0 and friction == 0.0:
                assert abs(math.hypot(*v[k]) - math.hypot(*V[k])) <= 1e-12 * math.hypot(*V[k]), where
            if b[k] == 0:
                np.testing.assert_array_equal(v[k], V[k])
        C, V = c, v


@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
@pytest.mark.parametrize("radius", [0.0, 0.1, 0.25])
def test_advance_concave_corner(s, origin, radius):
    """Into a 90-degree concave corner and out again reversed (elastic,
    frictionless), and where the unfolded straight path says."""
    tm, g = both(picture([[S, E, E, E, E, E]] * 5 + [[S] * 6]), s, origin)
    cx, cy = float(RT.corner(origin[0], 1, s)), float(RT.corner(origin[1], 1, s))  # the corner
    rng = np.random.default_rng(900)
    for k in range(10):
        r = s * radius
        x0, y0 = cx + s * float(rng.uniform(2, 3)), cy + s * float(rng.uniform(2, 3))
        if k == 0:  # exactly into the corner along the diagonal: both faces at once
            x0, y0 = cx + 2 * s, cy + 2 * s
            vel = (-s, -s)
        else:
            a = float(rng.uniform(0.45, 1.1))  # both faces are reached within dt
            vel = (-s * math.cos(a), -s * math.sin(a))
        dt = 8.0
        c, v, b = step(np.array([[x0, y0, r]]), np.array([vel]), tm, dt, return_bounces=True)
        where = f"ball {(x0, y0, r)} velocity {vel} -> {c[0]}, {v[0]}, bounces {b[0]}"
        assert b[0] in (1, 2) if k == 0 else b[0] == 2, where
        assert close2(v[0], (-vel[0], -vel[1]), 1e-12 * s), where
        ux, uy = x0 + vel[0] * dt, y0 + vel[1] * dt  # the unfolded position, mirrored in both faces
        want = (2 * (cx + r) - ux, 2 * (cy + r) - uy)
        assert close2(c[0], want, 1e-9 * (1 + abs(x0) + abs(y0) + s * dt)), where
        assert_never_inside(c, tm, g, where)


@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
def test_advance_convex_corner(s, origin):
    """Onto the convex corner of a block: reflected about the normal from the
    corner to the centre at impact (exactly back along the diagonal when aimed
    at it); the impact is located with the reference sweep."""
    tm, g = both(np.ones((2, 2), dtype=np.int8), s, origin)
    px, py = float(RT.corner(origin[0], 2, s)), float(RT.corner(origin[1], 2, s))  # top-right corner
    rng = np.random.default_rng(1000)
    for k in range(16):
        r = s * float(rng.choice([0.1, 0.25, 0.5]))
        offset = 0.0 if k < 3 else float(rng.uniform(-0.5, 0.5)) * r / math.sqrt(2)  # hits the vertex, not a face
        x0, y0 = px + 2 * s + offset, py + 2 * s - offset
        vel = (-s, -s)
        D = (vel[0] * 4.0, vel[1] * 4.0)
        ref = RT.sweep_toi((x0, y0, r), D, "tilemap", g)
        assert ref.hit
        t = float(ref.t)
        hx, hy = x0 + t * D[0], y0 + t * D[1]
        n = ((hx - px) / r, (hy - py) / r)
        vn = vel[0] * n[0] + vel[1] * n[1]
        want = (vel[0] - 2 * vn * n[0], vel[1] - 2 * vn * n[1])
        c, v, b = step(np.array([[x0, y0, r]]), np.array([vel]), tm, 4.0, return_bounces=True)
        where = f"ball {(x0, y0, r)} velocity {vel} -> {c[0]}, {v[0]}; expected velocity {want}"
        assert b[0] == 1, where
        assert close2(v[0], want, 1e-9 * s), where
        if offset == 0.0:
            assert close2(v[0], (s, s), 1e-12 * s), where
        assert_never_inside(c, tm, g, where)


def test_advance_friction_and_restitution():
    """Tangential speed loses min(friction*(1+e)*|vn|, |vt|); vn -> -e*vn."""
    tm = pc.TileMap(np.ones((1, 20), dtype=np.int8))  # floor y <= 1
    C = np.array([[2.0, 3.0, 0.5]] * 4)
    V = np.array([[3.0, -4.0]] * 4)
    for e, mu, want in [(1.0, 0.0, (3.0, 4.0)), (0.5, 0.25, (1.5, 2.0)), (0.5, 1.0, (0.0, 2.0)), (0.0, 0.1, (2.6, 0.0))]:
        c, v = step(C[:1], V[:1], tm, 1.0, restitution=e, friction=mu)
        assert close2(v[0], want, 1e-12 * 5), (e, mu, v[0])
        assert speed2(v[0]) <= speed2(V[0])


def test_advance_max_bounces():
    kinds = np.zeros((3, 12), dtype=np.int8)
    kinds[:, 0] = kinds[:, 11] = S  # a corridor between x = 1 and x = 11
    tm, g = both(kinds)
    C = np.array([[6.0, 1.5, 0.5]])
    V = np.array([[1000.0, 0.0]])
    c, v, b = step(C, V, tm, 1.0, max_bounces=3, return_bounces=True)
    assert b[0] == 3
    assert c[0, 0] == pytest.approx(10.5, abs=1e-9) and c[0, 1] == 1.5  # stopped at the 3rd impact, on the right wall
    assert v[0, 1] == 0 and abs(v[0, 0]) == 1000.0
    assert_never_inside(c, tm, g, "max_bounces")
    c, v, b = step(C, V, tm, 1.0, return_bounces=True)
    assert b[0] == 16 and c[0, 0] == pytest.approx(1.5, abs=1e-9)  # the 16th impact is on the left wall
    c, v, b = step(C, V, tm, 0.0047, return_bounces=True)  # 4.7 units: one bounce, 0.2 back
    assert b[0] == 1 and c[0, 0] == pytest.approx(10.3, abs=1e-9) and v[0, 0] == -1000.0


def test_advance_rejects_balls_inside():
    tm = pc.TileMap(np.ones((1, 3), dtype=np.int8))
    with pytest.raises(ValueError):
        pc.advance(pc.Circles([[1.5, 1.25, 0.5]]), np.array([[1.0, 0.0]]), tm, 1.0)
    with pytest.raises(ValueError):
        pc.advance(pc.Circles([[1.5, 0.5, 0.0]]), np.array([[1.0, 0.0]]), tm, 1.0)  # a point inside
    c, v = step(np.array([[1.5, 1.5, 0.5]]), np.array([[1.0, 0.0]]), tm, 1.0)  # touching is fine
    np.testing.assert_array_equal(c, [[2.5, 1.5, 0.5]])


def test_advance_rejects_a_point_on_a_face_between_solid_tiles():
    """That point is in the interior of the solid (a zero-radius circle
    overlaps with touching=False, as a point strictly inside a box does)."""
    tm = pc.TileMap(np.ones((1, 3), dtype=np.int8))
    with pytest.raises(ValueError):
        pc.advance(pc.Circles([[1.0, 0.5, 0.0]]), np.array([[0.0, 1.0]]), tm, 1.0)


def test_advance_points_on_a_surface_leave_it():
    """A zero-radius circle touching the solid and moving away or along moves freely."""
    tm = pc.TileMap(np.ones((1, 3), dtype=np.int8))
    C = np.array([[1.0, 1.0, 0.0], [0.5, 1.0, 0.0], [3.0, 0.5, 0.0], [0.0, 0.0, 0.0]])
    V = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [-1.0, -1.0]])
    c, v, b = step(C, V, tm, 1.0, return_bounces=True)
    np.testing.assert_array_equal(c[:, :2], C[:, :2] + V)
    np.testing.assert_array_equal(v, V)
    np.testing.assert_array_equal(b, 0)


def test_advance_sliding_off_a_ledge_is_not_a_bounce():
    """Touching a face and moving along it to its end (a ledge, a wall's top
    corner) is a tangential contact, not an impact: no bounce is counted."""
    tm = pc.TileMap(picture([[E, E, E, E, E, S], [S, S, S, S, S, S]]))
    C = np.array([[0.5, 1.5, 0.5], [4.5, 1.5, 0.5], [6.0, 2.5, 0.5]])
    V = np.array([[-3.0, 0.0], [0.0, 1.0], [-4.0, 0.0]])
    c, v, b = step(C, V, tm, 1.0, return_bounces=True)
    np.testing.assert_array_equal(v, V)
    np.testing.assert_array_equal(c[:, :2], C[:, :2] + V)
    np.testing.assert_array_equal(b, 0)


def test_advance_broadcast_shapes():
    tm = pc.TileMap(np.ones((1, 3), dtype=np.int8))
    C = np.zeros((2, 3, 3)) + [1.5, 3.0, 0.5]
    V = np.zeros((2, 3, 2)) + [0.0, -1.0]
    c, v, b = step(C, V, tm, 2.0, return_bounces=True)
    assert b.shape == (2, 3) and (b == 1).all()
    np.testing.assert_allclose(c[..., 1], 2.0, atol=1e-12)
    np.testing.assert_array_equal(v, np.zeros((2, 3, 2)) + [0.0, 1.0])
