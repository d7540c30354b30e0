"""Self-tests of the exact tile-map reference (tests/reference/tiles.py) against
hand-worked cases and against its own definitions checked independently."""

import math
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from . import tiles as T
from .geometry import overlaps as shape_overlaps

E, S, NE, NW, SE, SW = range(6)


def grid(rows_top_first, s=1.0, origin=(0.0, 0.0)):
    """A Grid from rows written top row first (as a picture)."""
    return T.Grid(list(reversed(rows_top_first)), s, origin)


# ------------------------------------------------------------ polygons


@pytest.mark.parametrize(
    "kind,corners",
    [
        (S, [(0, 0), (1, 0), (1, 1), (0, 1)]),
        (NE, [(0, 0), (1, 0), (0, 1)]),
        (NW, [(0, 0), (1, 0), (1, 1)]),
        (SE, [(0, 0), (1, 1), (0, 1)]),
        (SW, [(1, 0), (1, 1), (0, 1)]),
    ],
)
def test_tile_polygons_keep_the_named_corners_ccw(kind, corners):
    poly = T.tile_polygon(kind, 0, 0, 1.0, 0.0, 0.0)
    assert poly == [(F(x), F(y)) for x, y in corners]
    area2 = sum(a[0] * b[1] - a[1] * b[0] for a, b in T._poly_edges(poly))
    assert area2 > 0  # counter-clockwise
    assert T.tile_polygon(E, 0, 0, 1.0, 0.0, 0.0) is None


def test_tile_corners_are_float64_values_rounded_once():
    poly = T.tile_polygon(S, 2, 3, 0.2, 0.1, -0.3)
    xs = sorted({p[0] for p in poly})
    ys = sorted({p[1] for p in poly})
    assert xs == [F(float(F(0.1) + 3 * F(0.2))), F(float(F(0.1) + 4 * F(0.2)))]
    assert ys == [F(float(F(-0.3) + 2 * F(0.2))), F(float(F(-0.3) + 3 * F(0.2)))]
    assert xs[0] == F(0.7000000000000001) != F(7, 10)  # a double, not the decimal value
    # rounded once: the exact 0.3 + 3 * 0.1 rounds to 0.6; two float operations give 0.6000000000000001
    assert T.corner(0.3, 3, 0.1) == F(0.6) != F(0.3 + 3 * 0.1)
    assert T.corner(-0.7, 2, 0.1) == F(-0.49999999999999994)
    with pytest.raises(ValueError):
        T.tile_polygon(6, 0, 0, 1.0, 0.0, 0.0)


def test_solid_polygons_rows_go_north():
    polys = T.solid_polygons([[S, E], [E, NW]], 2.0, 1.0, 1.0)
    assert [ij for ij, _ in polys] == [(0, 0), (1, 1)]
    assert polys[1][1] == [(F(3), F(3)), (F(5), F(3)), (F(5), F(5))]


# ------------------------------------------------------------ boundary


@pytest.mark.parametrize(
    "rows,unit,merged",
    [
        ([[S] * 10], 22, 4),
        ([[S, S], [S, S]], 8, 4),
        ([[S, E], [E, S]], 8, 8),  # two tiles meeting at a corner: nothing merges through it
        ([[E, E, NW], [E, NW, E], [NW, E, E]], 9, 7),  # a 45-degree ramp: one diagonal
        ([[NW, S]], 5, 4),  # the triangle's right leg is shared with the solid tile
        ([[NE, NW]], 6, 5),  # the halves touch only at (1, 0): the bottoms merge through it
        ([[SW, SE]], 4, 3),  # a V notch: the legs on x = 1 are shared; the tops merge
        ([[S, S, S], [S, E, S], [S, S, S]], 16, 8),  # a ring: outer 4 + inner 4
    ],
)
def test_boundary_edges(rows, unit, merged):
    g = grid(rows)
    assert len(g.boundary) == unit
    assert len(g.merged_edges()) == merged


def test_boundary_orientation_and_normals():
    g = T.Grid([[S]])
    for a, b, _ in g.boundary:
        n = T.Grid.outward(a, b)
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        outside = (mid[0] + n[0] / 10, mid[1] + n[1] / 10)
        inside = (mid[0] - n[0] / 10, mid[1] - n[1] / 10)
        assert not g.contains(outside) and g.contains(inside)
    ramp = T.Grid([[NW]])
    diag = [(a, b) for a, b, _ in ramp.boundary if a[0] != b[0] and a[1] != b[1]]
    assert diag == [((F(1), F(1)), (F(0), F(0)))]
    assert T.unit(T.Grid.outward(*diag[0])) == pytest.approx((-math.sqrt(0.5), math.sqrt(0.5)))


def test_interior_and_boundary_points():
    g = T.Grid([[S, S], [S, S], [E, E]])  # rows 0 and 1 solid
    assert g.interior_contains((1, 1))  # the centre of the 2x2 block
    assert g.interior_contains((1, 0.5))  # on the face between (0,0) and (0,1)
    assert not g.interior_contains((1, 2))  # top boundary
    assert g.contains((1, 2)) and not g.contains((1, 2.5))
    corner = T.Grid([[S, E], [E, S]])
    assert corner.contains((1, 1)) and not corner.interior_contains((1, 1))
    tri = T.Grid([[NW]])
    assert tri.contains((0.5, 0.5)) and not tri.interior_contains((0.5, 0.5))
    assert tri.interior_contains((0.75, 0.5))


# ------------------------------------------------------------ overlaps, distance


@pytest.mark.parametrize(
    "circle,touch,strict",
    [
        ((1.5, 1.5, 0.5), True, False),  # resting on the floor y <= 1
        ((1.5, 1.25, 0.5), True, True),
        ((1.5, 2.0, 0.5), False, False),
        ((1.0, 0.5, 0.0), True, True),  # r = 0 on a face between two solid tiles: interior
        ((1.0, 1.0, 0.0), True, False),  # r = 0 on the top boundary
        ((3.5, 1.5, 0.7071), False, False),  # the corner (3, 1) is sqrt(0.5) away
        ((3.5, 1.5, 0.7072), True, True),
        ((-1.0, 2.0, math.sqrt(2) * 1.0000001), True, True),
    ],
)
def test_circle_overlaps_map(circle, touch, strict):
    g = T.Grid([[S, S, S]])
    assert T.circle_overlaps_map(circle, g, True) is touch
    assert T.circle_overlaps_map(circle, g, False) is strict


def test_circle_overlap_through_a_corner_is_exact():
    g = T.Grid([[S]])
    # distance from (4, 5) to the corner (1, 1) is exactly 5
    assert T.circle_overlaps_map((4, 5, 5), g, True)
    assert not T.circle_overlaps_map((4, 5, 5), g, False)
    assert not T.circle_overlaps_map((4, 5, math.nextafter(5, 0)), g, True)
    assert T.signed_distance((4, 5, 5), g) == 0


@pytest.mark.parametrize(
    "rows,circle,want",
    [
        ([[S, S, S]], (1.5, 3.0, 1.0), 1.0),
        ([[S, S, S]], (4.0, 2.0, 0.0), math.sqrt(2)),
        ([[S, S, S]], (1.5, 0.5, 0.25), -0.75),  # inside: 0.5 to the top/bottom, the faces x=1, x=2 are interior
        ([[S, S, S]], (1.5, 0.25, 0.0), -0.25),
        ([[S, S, S]], (1.1, 0.5, 0.0), -0.5),  # 0.1 from the interior face x = 1 does not count
        ([[S, S, S], [S, S, S], [S, S, S]], (1.5, 1.5, 1.0), -2.5),
        ([[NW]], (0.0, 1.0, 0.5), math.sqrt(0.5) - 0.5),  # to the diagonal y = x
        ([[NW]], (0.75, 0.5, 0.0), -math.sqrt(2) / 8),  # inside, nearest the diagonal
        ([[E]], (0.0, 0.0, 1.0), math.inf),
    ],
)
def test_signed_distance(rows, circle, want):
    got = T.signed_distance(circle, T.Grid(rows))
    assert got == pytest.approx(want, rel=1e-15, abs=1e-15)


@given(
    x=st.integers(-4, 16).map(lambda v: v / 4),
    y=st.integers(-4, 16).map(lambda v: v / 4),
    r=st.integers(0, 6).map(lambda v: v / 4),
)
def test_overlap_matches_per_tile_shapes(x, y, r):
    """Closed overlap of the union == any tile overlaps (reference.geometry),
    and strict overlap for r > 0 == any tile strictly overlaps."""
    rows = [[S, NE, E], [NW, E, SW], [E, SE, S]]
    g = T.Grid(rows)
    per_tile = []
    for _, poly in g.polygons:
        tri = [c for p in poly for c in p]
        kind, shape = (
            ("box", (poly[0][0], poly[0][1], poly[2][0], poly[2][1])) if len(poly) == 4 else ("triangle", tuple(tri))
        )
        per_tile.append((kind, shape))
    touch = any(shape_overlaps("circle", (x, y, r), k, s) for k, s in per_tile)
    assert T.circle_overlaps_map((x, y, r), g, True) is touch
    if r > 0:
        strict = any(shape_overlaps("circle", (x, y, r), k, s, touching=False) for k, s in per_tile)
        assert T.circle_overlaps_map((x, y, r), g, False) is strict
    assert (T.signed_distance((x, y, r), g) <= 0) is touch


# ------------------------------------------------------------ raycast


def test_ray_straight_down_onto_a_floor():
    g = T.Grid([[S, S, S]])
    hit = T.raycast((1.5, 5), (0, -2), g)
    assert hit.hit and hit.t == F(2) and hit.distance == 4.0
    assert hit.tiles == {(0, 1)} and hit.normals == [(0, 1)]
    seam = T.raycast((1.0, 5), (0, -1), g)
    assert seam.tiles == {(0, 0), (0, 1)} and [T.unit(n) for n in seam.normals] == [(0.0, 1.0)]


def test_ray_onto_a_45_degree_slope():
    g = T.Grid([[NW]])  # diagonal y = x, solid below-right
    hit = T.raycast((0.25, 3), (0, -1), g)
    assert hit.t == F(11, 4) and hit.point == (F(1, 4), F(1, 4))
    assert [T.unit(n) for n in hit.normals] == [pytest.approx((-math.sqrt(0.5), math.sqrt(0.5)))]


def test_ray_grazing_faces_and_corners():
    g = T.Grid([[S, S]])
    along = T.raycast((-5, 1), (1, 0), g)  # along the top face: touches the corner (0, 1)
    assert along.t == 5 and along.tiles == {(0, 0)} and along.normals == [(-1, 0)]
    corner = T.raycast((0, 3), (1, -1), g)  # touches only the corner (2, 1)
    assert corner.t == 2 and corner.point == (2, 1) and corner.normals == [(0, 1)]
    miss = T.raycast((-5, math.nextafter(1, 2)), (1, 0), g)
    assert not miss.hit
    away = T.raycast((3, 0.5), (1, 0), g)
    assert not away.hit
    both = T.raycast((-1, 2), (1, -1), g)  # exactly onto the convex corner (0, 1): either face
    assert both.t == 1 and sorted(both.normals) == [(-1, 0), (0, 1)]


def test_ray_from_inside_or_on_the_boundary():
    g = T.Grid([[S]])
    for o in [(0.5, 0.5), (0.5, 1), (1, 1)]:
        hit = T.raycast(o, (0, 1), g)
        assert hit.hit and hit.inside and hit.t == 0 and hit.distance == 0.0


def test_ray_into_a_concave_corner():
    g = grid([[S, E], [S, S]])  # an L: (0,0), (0,1), (1,0)
    hit = T.raycast((2, 2), (-1, -1), g)
    assert hit.point == (1, 1) and hit.tiles == {(0, 0), (0, 1), (1, 0)}
    assert sorted(hit.normals) == [(0, 1), (1, 0)]


@given(
    ox=st.integers(-8, 8).map(lambda v: v / 2),
    oy=st.integers(-8, 8).map(lambda v: v / 2),
    dx=st.integers(-3, 3),
    dy=st.integers(-3, 3),
)
def test_raycast_first_point_property(ox, oy, dx, dy):
    """The hit point is in U and on ∂U (unless the origin is inside), and the ray
    before it misses U: checked with the exact segment-polygon distance."""
    if dx == dy == 0:
        return
    g = T.Grid([[S, NE, E], [NW, E, SW], [E, SE, S]])
    hit = T.raycast((ox, oy), (dx, dy), g)
    o, d = (F(ox), F(oy)), (F(dx), F(dy))
    if not hit.hit:
        far = (o[0] + 100 * d[0], o[1] + 100 * d[1])
        assert all(T._segment_hull_dist2(o, far, poly) > 0 for _, poly in g.polygons)
        return
    assert g.contains(hit.point)
    if hit.inside:
        assert g.contains(o)
        return
    assert g.on_boundary(hit.point)
    before = (o[0] + (hit.t - F(1, 10**9)) * d[0], o[1] + (hit.t - F(1, 10**9)) * d[1])
    assert all(T._segment_hull_dist2(o, before, poly) > 0 for _, poly in g.polygons)


# ------------------------------------------------------------ sweep


def test_sweep_into_a_wall_at_a_known_time():
    g = T.Grid([[E, E, E, S], [E, E, E, S]])
    res = T.sweep_toi((0, 0.5, 0.5), (10, 0), "tilemap", g)
    assert res.hit and res.t == F(1, 4) and res.cos == 1
    miss = T.sweep_toi((0, 0.5, 0.5), (2, 0), "tilemap", g)
    assert miss.status == "miss"
    exact = T.sweep_toi((0, 0.5, 0.5), (2.5, 0), "tilemap", g)
    assert exact.hit and exact.t == 1


def test_sweep_onto_a_floor_corner_and_slope():
    floor = T.Grid([[S, S]])
    res = T.sweep_toi((1.0, 3.0, 0.5), (0, -3), "tilemap", floor)  # onto the seam x = 1
    assert res.hit and res.t == F(1, 2) and not res.touches_before
    corner = T.sweep_toi((4.0, 3.0, 1.0), (-2, -2), "tilemap", floor)  # at the convex corner (2, 1)
    want = (2 * math.sqrt(2) - 1) / (2 * math.sqrt(2))  # centre travels 2*sqrt(2) - 1 along the diagonal
    assert corner.hit and float(corner.t) == pytest.approx(want, rel=1e-15) and corner.cos == pytest.approx(1)
    slope = T.sweep_toi((0.25, 3.0, 0.0), (0, -4), "tilemap", T.Grid([[NW]]))
    assert slope.hit and slope.t == F(11, 16) and float(slope.cos) == pytest.approx(math.sqrt(0.5))


def test_sweep_sliding_and_the_t0_rule():
    floor = T.Grid([[S] * 6])
    slide = T.sweep_toi((0.5, 1.5, 0.5), (4, 0), "tilemap", floor)  # along the floor over 4 seams
    assert slide.status == "miss" and slide.touches_before
    away = T.sweep_toi((0.5, 1.5, 0.5), (1, 1), "tilemap", floor)
    assert away.status == "miss"
    toward = T.sweep_toi((0.5, 1.5, 0.5), (1, -1), "tilemap", floor)
    assert toward.hit and toward.t == 0 and float(toward.cos) == pytest.approx(math.sqrt(0.5))
    walled = grid([[E] * 5 + [S], [S] * 6])
    into = T.sweep_toi((0.5, 1.5, 0.5), (8, 0), "tilemap", walled)  # slides, then meets the wall x = 5
    assert into.hit and into.t == F(4, 8) and into.touches_before
    overlapping = T.sweep_toi((0.5, 1.25, 0.5), (1, 0), "tilemap", floor)
    assert overlapping.status == "ambiguous"


@pytest.mark.parametrize(
    "circle,d,kind,target,status,t",
    [
        ((0, 0, 1), (10, 0), "circle", (5, 0, 1), "hit", F(3, 10)),
        ((0, 0, 1), (10, 0), "circle", (5, 2, 1), "miss", None),  # graze: passes at distance 2 = 1 + 1
        ((0, 0, 1), (10, 0), "circle", (5, 1.5, 1), "hit", None),
        ((0, 0, 1), (10, 0), "circle", (2, 0, 1), "hit", F(0)),  # touching, moving toward
        ((0, 0, 1), (-10, 0), "circle", (2, 0, 1), "miss", None),  # touching, moving away
        ((0, 0, 1), (0, 10), "circle", (2, 0, 1), "miss", None),  # touching, moving along
        ((0, 0, 1), (0, 1), "circle", (1, 0, 1), "miss", None),  # overlapping, moving sideways: D . n = 0
        ((0, 0, 1), (1, 1), "circle", (1, 0, 1), "hit", F(0)),
        ((0, 0, 1), (10, 0), "box", (4, -3, 6, 3), "hit", F(3, 10)),
        ((0, 0, 1), (10, 0), "box", (4, 1, 6, 3), "miss", None),  # slides along the bottom face
        ((0, 0, 1), (10, 0), "box", (4, 0.5, 6, 3), "hit", None),  # hits the corner (4, 0.5)
        ((0, 0, 0), (10, 0), "box", (4, 0, 6, 3), "miss", None),  # a point along the face: tangential
        ((0, 0, 0), (10, 0), "box", (4, -1, 6, 3), "hit", F(4, 10)),
        ((0, 0, 1), (0, -10), "segment", (-5, -3, 5, -3), "hit", F(2, 10)),
        ((0, 0, 1), (10, 0), "segment", (3, -2, 3, 2), "hit", F(2, 10)),
        ((0, 0, 1), (10, 0), "segment", (3, 1, 3, 2), "miss", None),  # graze of the end (3, 1)
        ((0, 0, 1), (10, 0), "triangle", (4, -1, 8, -1, 4, 3), "hit", F(3, 10)),
        ((0, 0, 0.5), (2, 0), "box", (0, -1, 1, 1), "hit", F(0)),  # centre on the left face, moving in
        ((0, 0, 0.5), (-2, 0), "box", (0, -1, 1, 1), "miss", None),  # ... moving out
        ((0, 0, 0.5), (2, 0), "segment", (0, -1, 0, 1), "ambiguous", None),  # centre on a segment: normal +-x
    ],
)
def test_sweep_convex_targets(circle, d, kind, target, status, t):
    res = T.sweep_toi(circle, d, kind, target)
    assert res.status == status, res
    if t is not None:
        assert res.t == t, res


def test_sweep_circle_corner_time():
    # ball r = 1 along y = 0 toward the corner (4, 0.5): touches when (x - 4)^2 + 0.25 = 1
    res = T.sweep_toi((0, 0, 1), (10, 0), "box", (4, 0.5, 6, 3))
    assert float(res.t) == pytest.approx((4 - math.sqrt(0.75)) / 10, rel=1e-15)
    assert float(res.cos) == pytest.approx(math.sqrt(0.75), rel=1e-15)


def test_sweep_deep_overlap_with_tied_faces_is_ambiguous():
    res = T.sweep_toi((1, 1, 0.5), (1, 0), "box", (0, 0, 2, 2))  # the centre of the box
    assert res.status == "ambiguous"
    res = T.sweep_toi((1, 0.5, 0.5), (0, -1), "box", (0, 0, 2, 2))  # nearest the bottom, moving toward it
    assert res.status == "miss"
    res = T.sweep_toi((1, 0.5, 0.5), (0, 1), "box", (0, 0, 2, 2))  # deeper: hit at 0
    assert res.hit and res.t == 0


coords = st.integers(-6, 6).map(lambda v: v / 2)


@given(
    cx=coords,
    cy=coords,
    r=st.integers(1, 4).map(lambda v: v / 2),
    dx=st.integers(-12, 12),
    dy=st.integers(-12, 12),
    kind=st.sampled_from(["circle", "box", "segment", "triangle", "tilemap"]),
    target=st.lists(coords, min_size=6, max_size=6),
)
def test_sweep_time_properties(cx, cy, r, dx, dy, kind, target):
    """At a reported hit the circle touches (separation 0 to 2**-100), just
    before it (if it did not already touch without approaching) it was apart,
    and just after it is overlapping; a miss never enters the target's interior."""
    g = T.Grid([[S, NE, E], [NW, E, SW], [E, SE, S]], 1.0, (-1.5, -1.5))
    tgt = {
        "circle": (target[0], target[1], abs(target[2])),
        "box": (
            min(target[0], target[2]),
            min(target[1], target[3]),
            max(target[0], target[2]),
            max(target[1], target[3]),
        ),
        "segment": tuple(target[:4]),
        "triangle": tuple(target),
        "tilemap": g,
    }[kind]
    circle, d = (cx, cy, r), (dx, dy)
    res = T.sweep_toi(circle, d, kind, tgt)
    if res.status == "ambiguous":
        return
    eps = F(1, 2**100)
    if res.status == "miss":
        # the whole path never penetrates (the interior is never entered while approaching:
        # a convex target is entered only by approaching it)
        clearance = T.path_clearance2(circle, d, 1, kind, tgt)
        rho = r + (abs(tgt[2]) if kind == "circle" else 0)
        if (dx, dy) != (0, 0):
            assert clearance >= rho * rho or res.touches_before
            if not res.touches_before:
                assert clearance > rho * rho
        return
    sep = T.sweep_separation(circle, d, res.t, kind, tgt)
    assert abs(sep) <= eps if res.t > 0 else sep <= eps
    delta = F(1, 10**6)
    if res.t > delta and not res.touches_before:
        assert T.sweep_separation(circle, d, res.t - delta, kind, tgt) > 0
        rho = r + (abs(tgt[2]) if kind == "circle" else 0)
        assert T.path_clearance2(circle, d, res.t - delta, kind, tgt) > rho * rho  # apart all along
    if res.t + delta <= 1:
        assert T.sweep_separation(circle, d, res.t + delta, kind, tgt) < 0
