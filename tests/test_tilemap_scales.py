"""Tile maps are exact at every origin and tile size (issue 14).

The geometry is the tiles whose corners are the rounded grid coordinates
fl(o + k s) (what ``TileMap.edges`` shows).  When the tile is small beside its
coordinates those corners round far from o + k s (0.3 at 1e15, where doubles
are 0.125 apart), and tiny tiles round flat or to a point.  Every answer is
compared, on points and circles a few ulps either side of tile corners, faces
and diagonals, with the same tiles given as Boxes and Triangles (whose kernels
are exact) or with the exact Fraction reference (tests/reference/tiles.py):

* overlaps and contains, both modes; contact's sign, and its separation
  against the tiles' own contacts for circles outside;
* raycasts from those points (hit or miss exact; distance, normal and tile);
* sweeps (hit or miss exact against the reference, the time within the
  reference's conditioning tolerance);
* advance: no ball ends a step with its interior overlapping a tile.
"""

import math
from fractions import Fraction as F

import numpy as np
import pytest
from reference import tiles as RT

import pycollide as pc

KINDS = np.array(
    [[1, 2, 3, 0, 1], [4, 1, 5, 1, 0], [0, 1, 1, 2, 3]], dtype=np.int8
)  # row 0 is the south row: every tile kind
# (origin scale, tile size): from exact small grids to tiles far below the origin's ulp
SCALES = [
    (0.0, 1.0),
    (0.0, 1e-7),
    (1e3, 1e-7),
    (1e3, 0.3),
    (1e9, 0.1),
    (1e9, 1e-7),
    (1e12, 0.3),
    (1e15, 0.3),
    (1e15, 1e-7),
    (1e15, 1e3),
    (0.0, 1e3),
    (-4.2e14, 0.37),
]
IDS = [f"o{o:g}-s{s:g}" for o, s in SCALES]


def layout(o, s):
    return (o, -o / 3), s  # different magnitudes on the two axes


def corner(o, k, s):
    """o + k s rounded once (fma)."""
    return float(F(o) + k * F(s))


def tile_shapes(kinds, s, origin):
    """The solid tiles as Boxes and Triangles (their corners rounded once)."""
    boxes, tris = [], []
    for _, poly in RT.solid_polygons(kinds.tolist(), s, *origin):
        pts = [(float(x), float(y)) for x, y in poly]
        if len(pts) == 4:
            boxes.append([pts[0][0], pts[0][1], pts[2][0], pts[2][1]])
        else:
            tris.append([v for p in pts for v in p])
    return pc.Boxes(np.array(boxes).reshape(-1, 4)), pc.Triangles(np.array(tris).reshape(-1, 6))


def nudge(v, k):
    for _ in range(abs(k)):
        v = math.nextafter(v, math.inf if k > 0 else -math.inf)
    return v


def probe_points(kinds, s, origin):
    """Tile corners, face midpoints and diagonal midpoints, each moved 0, 1 or
    2 ulps either way in x and in y."""
    rows, cols = kinds.shape
    ox, oy = origin
    xs = [corner(ox, j, s) for j in range(-1, cols + 2)]
    ys = [corner(oy, i, s) for i in range(-1, rows + 2)]
    base = [(x, y) for x in xs for y in ys]
    base += [(x, 0.5 * ys[i] + 0.5 * ys[i + 1]) for x in xs for i in range(len(ys) - 1)]
    base += [(0.5 * xs[j] + 0.5 * xs[j + 1], y) for y in ys for j in range(len(xs) - 1)]
    base += [
        (0.5 * xs[j] + 0.5 * xs[j + 1], 0.5 * ys[i] + 0.5 * ys[i + 1])
        for j in range(len(xs) - 1)
        for i in range(len(ys) - 1)
    ]
    out = {(nudge(x, a), nudge(y, b)) for x, y in base for a in (-2, -1, 0, 1, 2) for b in (-2, -1, 0, 1, 2)}
    return np.array(sorted(out))


@pytest.fixture(scope="module", params=SCALES, ids=IDS)
def scene(request):
    o, s = request.param
    origin, s = layout(o, s)
    tm = pc.TileMap(KINDS, tile_size=s, origin=origin)
    g = RT.Grid(KINDS.tolist(), s, origin)
    boxes, tris = tile_shapes(KINDS, s, origin)
    return tm, g, boxes, tris, probe_points(KINDS, s, origin), s, origin


def any_tile(shapes_a, boxes, tris, touching):
    hit = np.zeros(shapes_a.shape, dtype=bool)
    for t in (boxes, tris):
        if len(t):
            hit |= pc.overlaps(shapes_a[:, None], t[None, :], touching=touching).any(axis=1)
    return hit


def test_points_against_the_tiles_as_shapes(scene):
    tm, g, boxes, tris, P, s, origin = scene
    pts = pc.Points(P)
    want = any_tile(pts, boxes, tris, True)
    assert 0 < want.sum() < len(P)
    np.testing.assert_array_equal(pc.overlaps(pts, tm), want)
    np.testing.assert_array_equal(pc.overlaps(tm, pts), want)
    np.testing.assert_array_equal(pc.contains(tm, P), want)
    # strictly: in the interior of the union (a face between solid tiles counts)
    strict = pc.contains(tm, P, touching=False)
    sample = np.flatnonzero(want)[::3]
    for k in sample:
        assert bool(strict[k]) == RT.Grid.interior_contains(g, tuple(P[k])), P[k]
    assert not strict[~want].any()


@pytest.mark.parametrize("radius", ["ulps", "third"])
def test_circles_against_the_tiles_as_shapes(scene, radius):
    tm, g, boxes, tris, P, s, origin = scene
    r = 3 * math.ulp(max(abs(origin[0]), abs(origin[1]), s)) if radius == "ulps" else s / 3
    C = pc.Circles(np.column_stack([P, np.full(len(P), r)]))
    for touching in (True, False):
        want = any_tile(C, boxes, tris, touching)
        np.testing.assert_array_equal(pc.overlaps(C, tm, touching=touching), want)
    # contact: its sign is exact; outside, its separation is the nearest tile's
    con = pc.contact(C, tm)
    hit = pc.overlaps(C, tm)
    np.testing.assert_array_equal(con.separation <= 0, hit)
    assert np.isfinite(con.separation).all() and np.isfinite(con.normal).all()
    seps = [pc.contact(C[:, None], t[None, :]).separation.min(axis=1) for t in (boxes, tris) if len(t)]
    nearest = np.minimum.reduce(seps)
    tol = 1e-9 * (abs(origin[0]) + abs(origin[1]) + 6 * s)
    out = ~hit
    assert np.all(np.abs(con.separation[out] - nearest[out]) <= tol)


@pytest.mark.sample(4)
def test_raycasts_from_the_probes(scene):
    tm, g, boxes, tris, P, s, origin = scene
    rng = np.random.default_rng(14)
    pick = P[rng.choice(len(P), min(60, len(P)), replace=False)]
    dirs = np.array([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (2, -1), (-1, -3)], dtype=float)
    O = np.repeat(pick, len(dirs), axis=0)
    D = np.tile(dirs, (len(pick), 1)) * rng.choice([1e-300, 1.0, 1e300], size=(len(O), 1))
    h = pc.raycast(O, D, tm)
    tol = 1e-9 * (abs(origin[0]) + abs(origin[1]) + 6 * s)
    for k in range(len(O)):
        ref = RT.raycast(tuple(O[k]), tuple(D[k]), g)
        where = f"ray {tuple(O[k])} + t {tuple(D[k])}: got {h.hit[k]}, {h.distance[k]!r}, {h.tile[k]}; {ref}"
        assert bool(h.hit[k]) == ref.hit, where
        if ref.hit:
            assert abs(h.distance[k] - ref.distance) <= tol, where
            assert (int(h.tile[k][0]), int(h.tile[k][1])) in g.by_tile, where
            point = RT._at(RT._pt(O[k]), RT._pt(D[k]), ref.t)
            assert RT._poly_dist2(g.by_tile[tuple(int(v) for v in h.tile[k])], point) <= F(tol) ** 2, where
        else:
            assert h.distance[k] == math.inf and (h.tile[k] == -1).all(), where


@pytest.mark.sample(12)
def test_sweeps_from_the_probes(scene):
    tm, g, boxes, tris, P, s, origin = scene
    rng = np.random.default_rng(140)
    C, D = [], []
    for p in P[rng.choice(len(P), min(400, len(P)), replace=False)]:
        r = float(rng.choice([0.0, s / 4]))
        c = (float(p[0]), float(p[1]), r)
        if RT.circle_overlaps_map(c, g, touching=False):
            continue
        C.append(c)
        D.append(tuple(float(v) * s for v in rng.choice([-3.0, -1.5, -0.5, 0.0, 0.5, 1.5, 3.0], size=2)))
    C, D = np.array(C), np.array(D)
    sw = pc.sweep(pc.Circles(C), D, tm)
    tol = 1e-9 * (abs(origin[0]) + abs(origin[1]) + 6 * s)
    counts = {"hit": 0, "miss": 0, "ambiguous": 0}
    for k in range(len(C)):
        # the documented path: from the centre to the rounded centre + D
        end = (C[k, 0] + D[k, 0], C[k, 1] + D[k, 1])
        moved = (F(float(end[0])) - F(float(C[k, 0])), F(float(end[1])) - F(float(C[k, 1])))
        ref = RT.sweep_toi(tuple(C[k]), moved, "tilemap", g)
        counts[ref.status] += 1
        if ref.status == "ambiguous":
            continue
        where = f"circle {tuple(C[k])} moving {tuple(D[k])}: got {sw.time[k]!r}, {sw.normal[k]}; {ref}"
        got_hit = not np.isnan(sw.normal[k]).all()
        assert got_hit == ref.hit, where
        if ref.hit:
            assert abs(sw.time[k] - float(ref.t)) * math.hypot(*map(float, moved)) * float(ref.cos) <= tol, where
    flat = s < 1e3 * math.ulp(max(abs(origin[0]), abs(origin[1])))  # tiles rounded to points
    assert counts["miss"] > 10 and (flat or counts["hit"] > 10), counts


def test_advance_never_ends_inside(scene):
    tm, g, boxes, tris, P, s, origin = scene
    rng = np.random.default_rng(1400)
    C = np.column_stack([P, np.full(len(P), s / 5)])
    free = ~pc.overlaps(pc.Circles(C), tm, touching=False)
    C = C[free]
    v = rng.normal(size=(len(C), 2)) * s * rng.choice([0.1, 1.0, 30.0], size=(len(C), 1))
    moved = pc.Circles(C)
    for _ in range(3):
        moved, v, bounces = pc.advance(moved, v, tm, 1.0, restitution=0.9, return_bounces=True)
        assert not pc.overlaps(moved, tm, touching=False).any()
        assert not any_tile(moved, boxes, tris, False).any()
