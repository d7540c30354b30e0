"""Tests of the exact outline reference (tests/reference/outlines.py) and of
the outline strategies (tests/outline_strategies.py), before the kinds exist.

Each property compares the reference with something computed apart: the
strategies' own reasons for validity, shapely (GEOS) on small integer
coordinates, a ray-crossing point-in-region test written separately, the
convex reference on the shapes a polyline or a region reduces to, the tile
map reference on polyominoes, a second rule for a segment crossing a
polyline, and scalings by 2**k, which change no answer.
"""

import math
from fractions import Fraction

import outline_strategies as OS
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from reference import geometry as G
from reference import outlines as O
from reference import tiles as RT
from strategies import KINDS, examples, grid_coords, shape

F = Fraction
BOTH = (True, False)
FAMILIES = ("star", "comb", "spiral", "grid", "convex")


def region_of(drawn):
    shell, holes = drawn
    return O.Region(shell, holes)


def scaled_shape(kind, row, k):
    """A shape tuple times 2**k, radius included (exact when the caller's k is)."""
    return tuple(math.ldexp(v, k) for v in row)


def _shapely():
    return pytest.importorskip("shapely")


# ---------------------------------------------------------------- validity


@pytest.mark.parametrize("family", FAMILIES)
@given(data=st.data())
def test_generated_regions_are_valid(family, data):
    shell, holes = data.draw(OS.regions(family))
    assert O.region_problem(shell, holes) is None
    region = O.Region(shell, holes)
    assert region.classify(region.interior_point()) == O.INSIDE


@given(OS.invalid_regions())
def test_invalid_regions_are_refused_naming_the_ring(case):
    shell, holes, ring = case
    problem = O.region_problem(shell, holes)
    assert problem is not None and problem.startswith(ring + ": "), (problem, ring)
    with pytest.raises(ValueError, match="^" + ring):
        O.Region(shell, holes)


def shapely_valid(shell, holes):
    shapely = _shapely()
    try:
        polygon = shapely.Polygon(shell, holes)
    except (ValueError, shapely.errors.GEOSException):
        return False  # too few points for a ring
    return bool(shapely.is_valid(polygon))


small_ring = st.lists(st.tuples(grid_coords(3), grid_coords(3)), min_size=1, max_size=7)


@settings(max_examples=examples(200))
@given(shell=small_ring, holes=st.lists(small_ring, max_size=2))
def test_validity_agrees_with_shapely_on_any_small_rings(shell, holes):
    """Any rings on a small integer grid (mostly invalid): GEOS decides these
    exactly, and its rules are OGC's, the ones the reference implements."""
    assert (O.region_problem(shell, holes) is None) == shapely_valid(shell, holes), O.region_problem(shell, holes)


@given(data=st.data())
def test_validity_agrees_with_shapely_on_the_strategies(data):
    """The strategies' shapes before any move (integer and small dyadic
    coordinates), valid and invalid."""
    shell, holes = data.draw(OS.regions(moves=False, star_coords=grid_coords(8)))
    assert shapely_valid(shell, holes)
    shell, holes, ring = data.draw(OS.invalid_regions())
    if all(math.isfinite(v) for p in shell for v in p):
        assert not shapely_valid(shell, holes)


@given(data=st.data())
def test_validation_is_unchanged_by_scalings(data):
    shell, holes = data.draw(st.one_of(OS.regions(moves=False), OS.invalid_regions().map(lambda c: c[:2])))
    assume(all(math.isfinite(v) for ring in (shell, *holes) for p in ring for v in p))
    k = data.draw(OS.powers_of_two(shell, holes))
    assert O.region_problem(OS.scaled(shell, k), OS.scaled(holes, k)) == O.region_problem(shell, holes)


@given(shell=small_ring)
def test_a_ring_and_its_reverse_are_alike(shell):
    assert (O.region_problem(shell) is None) == (O.region_problem(shell[::-1]) is None)


# ------------------------------------------------------------------ points


@given(data=st.data())
def test_classification_agrees_with_ray_crossings(data):
    shell, holes = data.draw(OS.regions())
    region = O.Region(shell, holes)
    for _ in range(8):
        p = data.draw(OS.points_near(shell, holes))
        assert region.classify(p) == OS.crossing_classify(shell, holes, p), p


@given(data=st.data())
def test_classification_agrees_with_shapely(data):
    shapely = _shapely()
    shell, holes = data.draw(OS.regions(moves=False, star_coords=grid_coords(8)))
    region = O.Region(shell, holes)
    polygon = shapely.Polygon(shell, holes)
    for _ in range(8):
        p = data.draw(OS.points_near(shell, holes))
        x, y = float(p[0]), float(p[1])
        if F(x) != p[0] or F(y) != p[1]:
            continue  # not a pair of doubles
        if any(0 < abs(v) < 2.0**-500 for v in (x, y)):
            continue  # GEOS's filtered predicates are not exact for such tiny numbers (the reference is)
        where = region.classify((x, y))
        assert bool(shapely.contains_xy(polygon, x, y)) == (where == O.INSIDE), (x, y, where)
        assert bool(shapely.intersects_xy(polygon, x, y)) == (where != O.OUTSIDE), (x, y, where)


@given(data=st.data())
def test_points_on_rings_are_on_the_boundary(data):
    shell, holes = data.draw(OS.regions())
    region = O.Region(shell, holes)
    ring = data.draw(st.sampled_from([shell, *holes]))
    k = data.draw(st.integers(0, len(ring) - 1))
    a, b = tuple(map(F, ring[k])), tuple(map(F, ring[(k + 1) % len(ring)]))
    t = F(data.draw(st.integers(0, 64)), 64)
    p = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
    assert region.classify(p) == O.BOUNDARY
    assert O.boundary_dist2(region, p) == 0 and O.signed_boundary_dist2(region, p) == 0
    assert O.contains(region, p) and not O.contains(region, p, touching=False)


@given(data=st.data())
def test_point_distances_agree_with_the_classification(data):
    shell, holes = data.draw(OS.regions())
    region = O.Region(shell, holes)
    for _ in range(4):
        p = data.draw(OS.points_near(shell, holes))
        where, d2 = region.classify(p), O.boundary_dist2(region, p)
        assert (d2 == 0) == (where == O.BOUNDARY)
        signed = O.signed_boundary_dist2(region, p)
        assert abs(signed) == d2 and (signed < 0) == (where == O.INSIDE)
        assert O.region_dist2(region, p) == (d2 if where == O.OUTSIDE else 0)
        # the convex reference's own distance, edge by edge (a hull, not a projection)
        edges = region.edges
        want = min(G.core_distance_squared("point", p, "segment", (*e[0], *e[1])) for e in edges)
        assert d2 == want


@given(data=st.data())
def test_polyline_points_and_distances(data):
    line = data.draw(OS.polylines())
    polyline = O.Polyline(line)
    k = data.draw(st.integers(0, len(line) - 1))
    a = tuple(F(v) for v in line[k])
    b = tuple(F(v) for v in line[min(k + 1, len(line) - 1)])
    t = F(data.draw(st.integers(0, 8)), 8)
    on = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
    assert O.on_polyline(polyline, on) and O.polyline_dist2(polyline, on) == 0
    assert O.contains(polyline, on) and not O.contains(polyline, on, touching=False)
    p = (data.draw(grid_coords(4)), data.draw(grid_coords(4)))
    d2 = O.polyline_dist2(polyline, p)
    assert (d2 == 0) == O.on_polyline(polyline, p)
    want = min(G.core_distance_squared("point", p, "segment", (*s[0], *s[1])) for s in polyline.segments)
    assert d2 == want


@given(data=st.data())
def test_point_answers_are_unchanged_by_scalings_and_symmetries(data):
    shell, holes = data.draw(OS.regions())
    line = data.draw(OS.polylines())
    p = data.draw(OS.points_near(shell, holes))
    k = data.draw(OS.powers_of_two(shell, holes, line, p))
    region = O.Region(shell, holes)
    where = region.classify(p)
    d2 = O.boundary_dist2(region, p)
    on, e2 = O.on_polyline(line, p), O.polyline_dist2(line, p)
    s = 4 ** F(k)
    scaled = O.Region(OS.scaled(shell, k), OS.scaled(holes, k))
    q = OS.scaled(p, k)
    assert scaled.classify(q) == where and O.boundary_dist2(scaled, q) == d2 * s
    assert O.on_polyline(OS.scaled(line, k), q) == on and O.polyline_dist2(OS.scaled(line, k), q) == e2 * s

    def mirror(obj):  # (x, y) -> (y, -x)... as exact maps of every point
        if isinstance(obj, tuple) and len(obj) == 2 and not isinstance(obj[0], (tuple, list)):
            return (obj[1], -obj[0])
        return type(obj)(mirror(item) for item in obj)

    turned = O.Region(mirror(shell), mirror(holes))
    assert turned.classify(mirror(p)) == where
    assert O.on_polyline(mirror(line), mirror(p)) == on


# -------------------------------------------------- overlaps: reductions


def kinds_and_shapes(coords=None):
    coords = st.one_of(grid_coords(4), st.integers(-8, 8).map(lambda i: i / 2)) if coords is None else coords
    return st.sampled_from(KINDS).flatmap(lambda kind: shape(kind, coords).map(lambda row: (kind, row)))


@settings(max_examples=examples(200))
@given(shape_=kinds_and_shapes(), seg=st.tuples(*[grid_coords(4)] * 4))
def test_a_polyline_of_one_segment_is_the_segment_kind(shape_, seg):
    kind, row = shape_
    line = [seg[:2], seg[2:]]
    other = ("segment", seg) if seg[:2] != seg[2:] else ("point", seg[:2])
    for touching in BOTH:
        want = G.overlaps(kind, row, *other, touching)
        assert O.overlaps_polyline(kind, row, line, touching) == want, (kind, row, line, touching)
        assert O.overlaps_polyline(kind, row, [seg[:2]], touching) == G.overlaps(kind, row, "point", seg[:2], touching)


def polygon8(ring):
    """A convex ring as the polygon8 kind (Fractions): its hull, the last
    vertex repeated to 8."""
    hull = G.convex_hull([(F(x), F(y)) for x, y in ring])
    hull += [hull[-1]] * (8 - len(hull))
    return tuple(v for p in hull for v in p)


@settings(max_examples=examples(200))
@given(data=st.data(), shape_=kinds_and_shapes())
def test_a_convex_region_is_the_polygon_kind(data, shape_):
    kind, row = shape_
    shell, holes = data.draw(OS.regions("convex", holes=False, moves=False))
    region = O.Region(shell)
    polygon = polygon8(shell)
    for touching in BOTH:
        want = G.overlaps(kind, row, "polygon8", polygon, touching)
        assert O.overlaps_region(kind, row, region, touching) == want, (kind, row, shell, touching)
        assert O.covers(region, kind, row, touching) == covered_by_convex(shell, kind, row, touching)


def covered_by_convex(ring, kind, row, touching):
    """Is the convex shape in the convex ring (``touching=False``: in its
    interior)?  Every core vertex at a distance of at least the radius
    (more, strictly) inside every edge's line."""
    core, r = G.shape_core(kind, row)
    hull = G.convex_hull([(F(x), F(y)) for x, y in ring])
    for k in range(len(hull)):
        a, b = hull[k], hull[(k + 1) % len(hull)]
        length2 = (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2
        for v in core:
            c = G._cross(a, b, v)
            if c < 0 or c * c < r * r * length2 or (not touching and (c == 0 or c * c == r * r * length2)):
                return False
    return True


@given(data=st.data())
def test_a_polyomino_is_its_tile_map(data):
    """A grid region against the tile map of the same cells: its points,
    circles in both modes, every kind touching, and every shape with an
    interior strictly (the tiles' own strict overlap, cell by cell)."""
    cells = data.draw(OS.grid_cells())
    shell, holes = OS.polyomino_region(cells)
    region = O.Region(shell, holes)
    w, h = max(x for x, _ in cells) + 1, max(y for _, y in cells) + 1
    grid = RT.Grid([[int((x, y) in cells) for x in range(w)] for y in range(h)])
    coords = st.one_of(st.integers(-2, 2 * w + 2).map(lambda i: i / 2), st.floats(-1, w + 1))
    for _ in range(4):
        p = (data.draw(coords), data.draw(coords))
        assert (region.classify(p) != O.OUTSIDE) == grid.contains(p)
        assert (region.classify(p) == O.INSIDE) == grid.interior_contains(p)
        circle = (*p, abs(data.draw(coords)) / 2)
        for touching in BOTH:
            assert O.overlaps_region("circle", circle, region, touching) == RT.circle_overlaps_map(
                circle, grid, touching
            )
        kind, row = data.draw(kinds_and_shapes(coords))
        boxes = [(x, y, x + 1, y + 1) for x, y in cells]
        assert O.overlaps_region(kind, row, region) == any(G.overlaps(kind, row, "box", b) for b in boxes)
        if O._Convex(kind, row).solid:
            strict = any(G.overlaps(kind, row, "box", b, touching=False) for b in boxes)
            assert O.overlaps_region(kind, row, region, touching=False) == strict


@settings(max_examples=examples(200))
@given(line=OS.polylines(), seg=st.tuples(*[grid_coords(3)] * 4))
def test_a_segment_crossing_a_polyline_two_ways(line, seg):
    """The segment's own rule (points of the polyline on both sides near a
    point of the segment) and the rule for any two polylines (the cones of
    translations at a common point cover every direction) agree."""
    assume(seg[:2] != seg[2:])
    one = O.overlaps_polyline("segment", seg, line, touching=False)
    assert one == O.overlaps_polylines([seg[:2], seg[2:]], line, touching=False)
    assert one == O.overlaps_polylines(line, [seg[2:], seg[:2]], touching=False)


@given(data=st.data())
def test_outline_pairs_reduce_to_the_convex_kinds(data):
    """A polyline of one segment against a polyline or a region is the
    segment kind against it, and a convex region against a region is the
    polygon kind, in both modes and either order (other code paths: segment
    pairs, star cones, a region's interior point).  The points are drawn on
    and about the region, so that they touch and cross it often."""
    shell, holes = data.draw(OS.regions(moves=False))
    region = O.Region(shell, holes)
    half = st.integers(-8, 32).map(lambda i: F(i, 2))
    anywhere = st.one_of(OS.points_near(shell, holes), st.tuples(half, half))
    a, b, *rest = data.draw(st.lists(anywhere, min_size=3, max_size=7))
    assume(a != b)
    seg, line = (*a, *b), [b, *rest]
    hull = G.convex_hull(data.draw(st.lists(anywhere, min_size=3, max_size=8)))
    assume(len(hull) >= 3)
    for touching in BOTH:
        want = O.overlaps_polyline("segment", seg, line, touching)
        assert O.overlaps_polylines([a, b], line, touching) == want
        assert O.overlaps_polylines(line, [b, a], touching) == want
        want = O.overlaps_region("segment", seg, region, touching)
        assert O.overlaps_polyline_region([a, b], region, touching) == want
        want = O.overlaps_region("polygon8", polygon8(hull), region, touching)
        assert O.overlaps_regions((hull, []), region, touching) == want
        assert O.overlaps_regions(region, (hull, []), touching) == want


@given(data=st.data())
def test_overlaps_agree_with_distances(data):
    """Touching is a core distance of at most the radius; strict implies
    touching; a polyline vertex strictly inside the shape is a strict
    overlap."""
    shell, holes = data.draw(OS.regions(moves=False))
    line = data.draw(OS.polylines(coords=st.integers(-2, 14).map(float)))
    kind, row = data.draw(kinds_and_shapes(st.integers(-4, 28).map(lambda i: i / 2)))
    region = O.Region(shell, holes)
    r = G.shape_core(kind, row)[1]
    touch = O.overlaps_region(kind, row, region)
    assert touch == (O.region_core_dist2(kind, row, region) <= r * r)
    assert touch or not O.overlaps_region(kind, row, region, touching=False)
    touch = O.overlaps_polyline(kind, row, line)
    assert touch == (O.polyline_core_dist2(kind, row, line) <= r * r)
    strict = O.overlaps_polyline(kind, row, line, touching=False)
    assert touch or not strict
    if any(G.overlaps(kind, row, "point", v, touching=False) for v in line):
        assert strict


@given(data=st.data())
def test_overlaps_are_unchanged_by_scalings(data):
    shell, holes = data.draw(OS.regions(moves=False))
    line = data.draw(OS.polylines(coords=st.integers(-2, 14).map(float)))
    kind, row = data.draw(kinds_and_shapes(st.integers(-4, 28).map(lambda i: i / 2)))
    k = data.draw(OS.powers_of_two(shell, holes, line, row))
    region = O.Region(shell, holes)
    big = O.Region(OS.scaled(shell, k), OS.scaled(holes, k))
    big_row, big_line = scaled_shape(kind, row, k), OS.scaled(line, k)
    for touching in BOTH:
        assert O.overlaps_region(kind, big_row, big, touching) == O.overlaps_region(kind, row, region, touching)
        assert O.overlaps_polyline(kind, big_row, big_line, touching) == O.overlaps_polyline(kind, row, line, touching)
        assert O.covers(big, kind, big_row, touching) == O.covers(region, kind, row, touching)
        assert O.overlaps_polyline_region(big_line, big, touching) == O.overlaps_polyline_region(line, region, touching)


# ------------------------------------------------------------- hand cases


COMB = [(0, 0), (7, 0), (7, 4), (6, 4), (6, 1), (5, 1), (5, 4), (4, 4), (4, 1), (3, 1), (3, 4), (2, 4), (2, 1)]
COMB += [(1, 1), (1, 4), (0, 4)]  # a spine y in [0, 1] and teeth x in [0,1], [2,3], [4,5], [6,7] up to y = 4
SQUARE = [(0, 0), (4, 0), (4, 4), (0, 4)]
HOLE = [(1, 1), (3, 1), (3, 3), (1, 3)]
CORNER_HOLE = [(0, 0), (2, 1), (1, 2)]  # touches the square's corner (0, 0)
TOUCH, STRICT, APART = (True, False), (True, True), (False, False)


@pytest.mark.parametrize(
    "p, where",
    [((1.5, 2), "outside"), ((0.5, 2), "inside"), ((1, 2), "boundary"), ((1.5, 1), "boundary"), ((1.5, 0.5), "inside")],
)
def test_comb_points(p, where):
    assert O.classify_point((COMB, []), p) == where


@pytest.mark.parametrize(
    "kind, row, want",
    [
        ("box", (1, 1, 2, 3), TOUCH),  # snug in a notch: touching both teeth and its floor
        ("box", (1, 0.5, 2, 3), STRICT),  # down into the spine
        ("segment", (1, 4, 2, 4), TOUCH),  # across a notch's mouth, tooth tip to tooth tip
        ("segment", (0.5, 2, 2.5, 2), STRICT),  # through two teeth
        ("segment", (1, 1, 2, 1), TOUCH),  # along a notch's floor
        ("segment", (0.5, 1, 2.5, 1), STRICT),  # a tooth stands on the spine: y = 1 is inside it
        ("circle", (1.5, 2.5, 0.5), TOUCH),  # a ball in a notch as wide as it
        ("capsule", (1.5, 2, 1.5, 5, 0.5), TOUCH),
        ("point", (1.5, 2), APART),
        ("point", (0.5, 2), STRICT),
        ("triangle", (1, 4, 2, 4, 1.5, 5), TOUCH),  # resting on two tooth tips
    ],
)
def test_comb_overlaps(kind, row, want):
    assert (O.overlaps_region(kind, row, (COMB, [])), O.overlaps_region(kind, row, (COMB, []), False)) == want


@pytest.mark.parametrize(
    "p, where",
    [((2, 2), "outside"), ((1, 2), "boundary"), ((0.5, 0.5), "inside"), ((4, 4), "boundary"), ((5, 5), "outside")],
)
def test_square_with_a_hole_points(p, where):
    assert O.classify_point((SQUARE, [HOLE]), p) == where


@pytest.mark.parametrize(
    "kind, row, want, covered",
    [
        ("box", (1, 1, 3, 3), TOUCH, APART),  # fills the hole exactly
        ("box", (0.5, 1, 3, 3), STRICT, APART),
        ("box", (0.25, 0.25, 0.75, 3.75), STRICT, STRICT),
        ("box", (0, 0, 1, 4), STRICT, TOUCH),  # in it, along its outer and inner sides
        ("circle", (2, 2, 1), TOUCH, APART),  # inscribed in the hole
        ("circle", (2, 2, 0.875), APART, APART),
        ("segment", (1, 1, 3, 3), TOUCH, APART),  # the hole's diagonal: corners only
        ("segment", (0, 0, 4, 4), STRICT, APART),
        ("segment", (1, 1, 3, 1), TOUCH, TOUCH),  # along the hole's side
        ("point", (2, 2), APART, APART),
        ("point", (1, 2), TOUCH, TOUCH),
    ],
)
def test_square_with_a_hole_overlaps(kind, row, want, covered):
    region = (SQUARE, [HOLE])
    assert (O.overlaps_region(kind, row, region), O.overlaps_region(kind, row, region, False)) == want
    assert (O.covers(region, kind, row), O.covers(region, kind, row, False)) == covered


@pytest.mark.parametrize(
    "shell, holes, reason",
    [
        ([(0, 0), (1, 0), (0, 0), (1, 0)], [], "shell: fewer than 3 distinct points"),
        ([(0, 0), (4, 0), (2, 0), (2, 2)], [], "shell: doubles back on itself at vertex 1"),
        (
            [(0, 0), (4, 4), (4, 0), (0, 4)],
            [],
            "shell: crosses or touches itself (its edges from vertices 0 and 2 meet)",
        ),
        (
            [(0, 0), (4, 0), (4, 4), (2, 0), (0, 4)],
            [],
            "shell: crosses or touches itself (its edges from vertices 0 and 2 meet)",
        ),
        ([(0, 0), (1, math.inf), (2, 0)], [], "shell: coordinate must be finite, got inf"),
        (
            SQUARE,
            [[(1, 1), (3, 3), (3, 1), (1, 3)]],
            "hole 0: crosses or touches itself (its edges from vertices 0 and 2 meet)",
        ),
        (SQUARE, [[(5, 5), (6, 5), (6, 6)]], "hole 0: lies outside the shell"),
        (SQUARE, [[(3, 3), (5, 3), (5, 5)]], "hole 0: crosses the shell"),
        (SQUARE, [[(4, 4), (3, 3), (4, 2), (5, 3)]], "hole 0: crosses the shell"),  # through a shell edge at its vertex
        (SQUARE, [[(2, 0), (4, 0), (4, 2)]], "hole 0: shares a segment with the shell"),
        (SQUARE, [[(0, 0), (4, 2), (2, 4)]], "hole 0: touches the other rings so that the interior is cut in two"),
        (SQUARE, [HOLE, [(1.5, 1.5), (2, 1.5), (2, 2)]], "hole 1: lies inside hole 0"),
        (SQUARE, [[(1.5, 1.5), (2, 1.5), (2, 2)], HOLE], "hole 1: holds hole 0 inside it"),
        (SQUARE, [HOLE, [(2, 2), (3.5, 2), (3.5, 3.5)]], "hole 1: crosses hole 0"),
        (SQUARE, [HOLE, [(3, 1), (3, 3), (3.5, 2)]], "hole 1: shares a segment with hole 0"),
        (
            SQUARE,
            [HOLE, [(3, 1), (3.5, 2), (3, 3), (3.25, 2)]],
            "hole 1: touches the other rings so that the interior is cut in two",
        ),
        (
            SQUARE,
            [[(0, 0), (1, 1), (1, 0.5)], [(1, 1), (4, 4), (2, 1)]],
            "hole 1: touches the other rings so that the interior is cut in two",
        ),
    ],
)
def test_reasons(shell, holes, reason):
    assert O.region_problem(shell, holes) == reason


def test_a_hole_touching_the_shell_at_a_vertex():
    assert O.region_problem(SQUARE, [CORNER_HOLE]) is None
    region = O.Region(SQUARE, [CORNER_HOLE])
    assert [region.classify(p) for p in [(0, 0), (1, 1), (0.5, 0), (3, 3), (2, 1)]] == [
        "boundary",
        "outside",
        "boundary",
        "inside",
        "boundary",
    ]
    seg = O.overlaps_region
    assert (seg("segment", (-1, -1, 0.5, 0.5), region), seg("segment", (-1, -1, 0.5, 0.5), region, False)) == TOUCH
    assert seg("segment", (-1, -1, 3, 3), region, False)  # through the hole and out into the region
    assert (seg("segment", (-1, 1, 1, -1), region), seg("segment", (-1, 1, 1, -1), region, False)) == TOUCH  # the pinch
    assert not O.contains(region, (0, 0), touching=False) and O.contains(region, (0, 0))
    # touching the shell at a second point cuts the interior in two
    assert O.region_problem(SQUARE, [[(0, 0), (4, 2), (2, 4)]]) == (
        "hole 0: touches the other rings so that the interior is cut in two"
    )
    # two holes touching at a point are valid; touching at two, they enclose a piece
    assert O.region_problem(SQUARE, [[(1, 1), (2, 2), (1, 3)], [(2, 2), (3, 1), (3, 3)]]) is None
    left, right = [(1, 2), (2, 1), (2, 3)], [(2, 1), (3, 2), (2, 3), (2.5, 2)]  # x = 2 straight, and bent
    assert O.region_problem(SQUARE, [left, right]).startswith("hole 1: touches the other rings")


@pytest.mark.parametrize(
    "line, kind, row, want",
    [
        ([(-1, 0), (0, 0), (1, 0)], "segment", (0, -1, 0, 1), STRICT),  # across a straight joint: no ghost
        ([(-1, 0), (0, 0), (1, 0)], "box", (-0.5, -0.5, 0.5, 0.5), STRICT),
        ([(-1, 1), (0, 0), (1, 1)], "segment", (-1, 0, 1, 0), TOUCH),  # a V's tip on it
        ([(-1, 1), (0, 0), (1, -2)], "segment", (-1, 0, 1, 0), STRICT),  # from above to below at a joint
        ([(0, 0), (2, 0)], "segment", (0.5, 0, 1.5, 0), TOUCH),  # lying along
        ([(0, 0), (2, 0)], "box", (0, 0, 1, 1), TOUCH),
        ([(0, 1), (0, 0), (1, 0), (1, 1)], "box", (0, 0, 1, 1), TOUCH),  # in a channel of its width
        ([(0, 1), (0, 0), (1, 0), (1, 1)], "box", (0, 0, 1.5, 1), STRICT),
        ([(0, 1), (0, 0), (1, 0), (1, 1)], "segment", (0, 0.5, 1, 0.5), TOUCH),  # wall to wall
        ([(0, 1), (0, 0), (1, 0), (1, 1)], "segment", (-1, 0.5, 2, 0.5), STRICT),
        ([(0, 1), (0, 0), (1, 0), (1, 1)], "circle", (0.5, 1, 0.5), TOUCH),
        ([(0, 0), (1, 0)], "point", (0.5, 0), TOUCH),  # a point never crosses
        ([(0, 0), (2, 2), (2, 0), (0, 2)], "point", (1, 1), TOUCH),  # where it crosses itself
        ([(0, 0), (2, 2), (2, 0), (0, 2), (0, 0)], "capsule", (1, -1, 1, 3, 0), STRICT),  # r = 0: a segment
        ([(0, 0), (0, 0)], "circle", (0, 1, 1), TOUCH),  # a polyline that is a point
        ([(0, 0), (4, 0)], "triangle", (1, 1, 2, 1, 1.5, 2), APART),
    ],
)
def test_polyline_overlaps(line, kind, row, want):
    assert (O.overlaps_polyline(kind, row, line), O.overlaps_polyline(kind, row, line, False)) == want


def test_outlines_against_outlines():
    cross = [(-1, 0), (0, 0), (1, 0)]
    assert O.overlaps_polylines(cross, [(0, -1), (0, 0), (0, 1)], touching=False)
    assert not O.overlaps_polylines(cross, [(0, 1), (0, 0), (1, 1)], touching=False)  # a V from above
    assert O.overlaps_polylines(cross, [(0, 1), (0, 0), (1, 1)])
    assert not O.overlaps_polylines(cross, cross, touching=False)  # along each other
    assert O.overlaps_polylines([(0, 0), (1, 0)], [(1, 0), (2, 0)])  # end to end, in line
    assert not O.overlaps_polylines([(0, 0), (1, 0)], [(1, 0), (2, 0)], touching=False)
    assert O.overlaps_polyline_region([(-1, 0), (0, 0)], (SQUARE, []))
    region = (SQUARE, [HOLE])
    assert O.overlaps_polyline_region([(0, 0), (4, 0), (4, 4)], region)
    assert not O.overlaps_polyline_region([(0, 0), (4, 0), (4, 4)], region, touching=False)  # along its side
    assert not O.overlaps_polyline_region(HOLE + [HOLE[0]], region, touching=False)
    assert O.overlaps_polyline_region([(1, 1), (0, 0)], region, touching=False)
    assert not O.overlaps_polyline_region([(1.5, 1.5), (2.5, 2.5)], region)  # in the hole
    right = ([(4, 0), (8, 0), (8, 4), (4, 4)], [])
    assert O.overlaps_regions((SQUARE, []), right) and not O.overlaps_regions((SQUARE, []), right, touching=False)
    assert O.overlaps_regions(region, region, touching=False)
    plug = (HOLE, [])
    assert O.overlaps_regions(region, plug) and not O.overlaps_regions(region, plug, touching=False)
    inner = ([(1.5, 1.5), (2.5, 1.5), (2.5, 2.5)], [])
    assert not O.overlaps_regions(region, inner) and O.overlaps_regions((SQUARE, []), inner, touching=False)


def test_ragged_details():
    """Closing repeats and repeated vertices change nothing; a polyline may be
    closed by a flag or by repeating its first point."""
    assert O.clean_ring([(0, 0), (0, 0), (1, 0), (1, 1), (0, 0)]) == ([(0, 0), (1, 0), (1, 1)], [0, 2, 3])
    closed = O.Polyline([(0, 0), (2, 0), (2, 2)], closed=True)
    assert O.on_polyline(closed, (1, 1)) and O.on_polyline([(0, 0), (2, 0), (2, 2), (0, 0)], (1, 1))
    assert not O.on_polyline([(0, 0), (2, 0), (2, 2)], (1, 1))
    with pytest.raises(ValueError, match="finite"):
        O.Polyline([(0, math.nan)])
    with pytest.raises(ValueError, match="at least one point"):
        O.Polyline([])
