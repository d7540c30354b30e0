"""Raycasts against Polylines and Regions, checked against the exact
reference (tests/reference/outline_rays.py): whether a ray hits, exactly;
the distance bit for bit (the exact entry rounded once, as for every other
target); the shape index (lowest at equal distances); the normal within
1e-12 (a unit vector)."""

import math

import numpy as np
import outline_strategies as OS
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from reference import outline_rays as R
from reference import outlines as O
from strategies import grid_coords

import pycollide as pc

FAMILIES = ("star", "comb", "spiral", "grid", "convex")


def regions_of(drawn):
    """(pc.Regions, reference Regions) of a list of (shell, holes)."""
    return pc.Regions([s for s, _ in drawn], holes=[h for _, h in drawn]), [O.Region(s, h) for s, h in drawn]


def polylines_of(lines, closed):
    return pc.Polylines(lines, closed=closed), [O.Polyline(line, closed) for line in lines]


def check(target, refs, origins, directions, max_distance=math.inf):
    """Every ray against the collection, field by field, as the reference says."""
    r = pc.raycast(np.array(origins, float), np.array(directions, float), target, max_distance)
    edges = R.stored_shapes(target)
    for k, (o, d) in enumerate(zip(origins, directions)):
        hit, dist, normal, index = R.first_hit(refs, edges, o, d, max_distance)
        got = (bool(r.hit[k]), float(r.distance[k]), int(r.index[k]))
        assert got == (hit, dist, index), (o, d, got, (hit, dist, index))
        if hit:
            assert np.allclose(r.normal[k], normal, rtol=0, atol=1e-12), (o, d, r.normal[k], normal)
        else:
            assert np.isnan(r.normal[k]).all()
    return r


def ray_through(data, points, lo, hi):
    """An origin and a direction: from a grid point near the shapes or one of
    their vertices, towards a vertex (through it), along an edge's
    direction, or any small integer direction."""
    vertex = st.sampled_from(points)
    origin = data.draw(
        st.one_of(vertex, st.tuples(st.integers(lo - 2, hi + 2), st.integers(lo - 2, hi + 2)).map(tuple))
    )
    origin = (float(origin[0]), float(origin[1]))
    how = data.draw(st.sampled_from(["vertex", "edge", "any"]))
    if how == "vertex":
        v = data.draw(vertex)
        direction = (v[0] - origin[0], v[1] - origin[1])
    elif how == "edge":
        i = data.draw(st.integers(0, len(points) - 1))
        a, b = points[i], points[(i + 1) % len(points)]
        direction = (b[0] - a[0], b[1] - a[1])
    else:
        direction = data.draw(st.tuples(grid_coords(3), grid_coords(3)))
    if direction == (0, 0):
        direction = (1.0, 0.0)
    return origin, (float(direction[0]), float(direction[1]))


def _points(drawn):
    return [p for shell, holes in drawn for ring in [shell, *holes] for p in ring]


@pytest.mark.parametrize("family", FAMILIES)
@given(data=st.data())
def test_raycast_regions_matches_the_reference(family, data):
    """Regions of every family (holes, runs, repeats, linear maps, 2**k
    scalings), rays from near them and from their vertices, through
    vertices and along edges."""
    drawn = [data.draw(OS.regions(family)) for _ in range(data.draw(st.integers(1, 2)))]
    target, refs = regions_of(drawn)
    pts = _points(drawn)
    lo = math.floor(min(min(p) for p in pts))
    hi = math.ceil(max(max(p) for p in pts))
    if hi - lo > 1 << 20:  # scaled: rays from the vertices only
        lo = hi = 0
    rays = [ray_through(data, pts, lo, hi) for _ in range(6)]
    check(target, refs, [o for o, _ in rays], [d for _, d in rays])


@given(
    lines=st.lists(st.lists(st.tuples(grid_coords(), grid_coords()), min_size=1, max_size=7), min_size=1, max_size=3),
    closed=st.booleans(),
    data=st.data(),
)
def test_raycast_polylines_matches_the_reference(lines, closed, data):
    """Polylines on a small grid (repeated points, collinear runs, closed or
    open, single points): rays through their vertices, along their edges."""
    target, refs = polylines_of(lines, closed)
    pts = [p for line in lines for p in line]
    rays = [ray_through(data, pts, -4, 4) for _ in range(6)]
    check(target, refs, [o for o, _ in rays], [d for _, d in rays])


@given(
    line=st.lists(st.tuples(grid_coords(), grid_coords()), min_size=2, max_size=7),
    origin=st.tuples(grid_coords(6), grid_coords(6)),
    direction=st.tuples(grid_coords(3), grid_coords(3)).filter(lambda v: v != (0.0, 0.0)),
)
def test_raycast_polyline_is_its_segments(line, origin, direction):
    """A polyline hits as the Segments of its edges do, at the same distance
    (both the exact entry rounded once)."""
    edges = pc.Segments([[*a, *b] for a, b in zip(line, line[1:])])
    p = pc.raycast(origin, direction, pc.Polylines([line]))
    s = pc.raycast(origin, direction, edges)
    assert bool(p.hit) == bool(s.hit) and float(p.distance) == float(s.distance)


@pytest.mark.parametrize("k", [-1070, -1040, -600, -40, 0, 37, 600, 1000])
def test_raycast_regions_scaled_by_powers_of_two(k):
    """The holed square and the U, every coordinate times 2**k (subnormal to
    huge): each ray hits as at scale 1 and at exactly 2**k times the
    distance where that is a normal double, and matches the reference."""
    shells = [[(0, 0), (4, 0), (4, 4), (0, 4)], [(6, 0), (9, 0), (9, 3), (8, 3), (8, 1), (7, 1), (7, 3), (6, 3)]]
    holes = [[[(1, 1), (1, 3), (3, 3), (3, 1)]], []]
    origins = [(-2, 2), (2, 2), (0.5, 2), (7.5, 5), (5, 5), (-1, -1), (5, 0), (4, 4), (10, 0.5)]
    directions = [(1, 0), (1, 0), (1, 0), (0, -1), (1, -1), (1, 1), (1, 0), (1, 1), (-1, 0)]

    def s(p):
        return (math.ldexp(p[0], k), math.ldexp(p[1], k))

    drawn = [([s(p) for p in sh], [[s(p) for p in h] for h in hs]) for sh, hs in zip(shells, holes)]
    target, refs = regions_of(drawn)
    r = check(target, refs, [s(o) for o in origins], directions)
    base = pc.raycast(origins, directions, pc.Regions(shells, holes=holes))
    assert r.hit.tolist() == base.hit.tolist() and r.index.tolist() == base.index.tolist()
    for got, want in zip(r.distance, base.distance):
        scaled = math.ldexp(want, k)
        if scaled == 0 or abs(scaled) >= 2.0**-1022:
            assert got == scaled
    assert np.allclose(r.normal, base.normal, rtol=0, atol=1e-12)


def test_raycast_region_cases():
    """Hand-checked rays against the holed square (0) and the U (1)."""
    target = pc.Regions(
        [[(0, 0), (4, 0), (4, 4), (0, 4)], [(6, 0), (9, 0), (9, 3), (8, 3), (8, 1), (7, 1), (7, 3), (6, 3)]],
        holes=[[[(1, 1), (1, 3), (3, 3), (3, 1)]], []],
    )
    cases = [
        # origin, direction, distance, normal, index
        ((-2, 2), (1, 0), 2.0, (-1, 0), 0),  # from outside through the left edge
        ((2, 2), (0, 3), 1.0, (0, -1), 0),  # from the hole up into its top edge
        ((0.5, 2), (1, 0), 0.0, (-1, 0), 0),  # from inside: distance 0, -d / |d|
        ((0, 2), (-1, 0), 0.0, (1, 0), 0),  # from the boundary: distance 0
        ((7.5, 5), (0, -1), 4.0, (0, 1), 1),  # down into the U's notch, onto its floor
        ((-1, 0), (1, 0), 1.0, (-1, 0), 0),  # along the bottom edge's line: enters at the corner
        ((-1, 1), (1, -1), math.sqrt(2), (-1, 0), 0),  # grazes the corner (0, 0): the face facing it
        ((5, 5), (1, -1), 2 * math.sqrt(2), (0, 1), 1),  # grazes the U's corner (7, 3): its top faces the ray
        ((5, 3), (1, 0), 1.0, (-1, 0), 1),  # along the U's top line: its corner (6, 3)
        ((10, 3), (-1, 0), 1.0, (1, 0), 1),  # along the top line from the right: corner (9, 3)
        ((7.5, 3), (1, 0), 0.5, (-1, 0), 1),  # from the notch's mouth along the top: its wall's top
        ((5, -1), (0, 1), math.inf, (math.nan, math.nan), -1),  # between the two: a miss
    ]
    o = [c[0] for c in cases]
    d = [c[1] for c in cases]
    r = pc.raycast(o, d, target)
    for k, (_, _, dist, normal, index) in enumerate(cases):
        assert bool(r.hit[k]) == (index >= 0), cases[k]
        assert math.isclose(r.distance[k], dist, rel_tol=1e-15) or r.distance[k] == dist, (cases[k], r.distance[k])
        assert int(r.index[k]) == index, cases[k]
        assert np.allclose(r.normal[k], normal, rtol=0, atol=1e-15, equal_nan=True), (cases[k], r.normal[k])


def test_raycast_polyline_cases():
    """A floor of three collinear edges and a wall: the floor's joints give the
    floor's normal, a ray along the floor meets the wall's face or the floor's
    end (-d / |d|: it only runs along it), one from a vertex starts on it."""
    floor = pc.Polylines([[(0, 0), (1, 0), (2, 0), (3, 0), (3, 2)]])
    cases = [
        ((1, 3), (0, -1), 3.0, (0, 1)),  # onto the joint (1, 0)
        ((-1, 0), (1, 0), 1.0, (-1, 0)),  # along the floor: its end, -d
        ((1.5, 1), (1, 0), 1.5, (-1, 0)),  # into the wall
        ((4, -1), (-1, 1), math.sqrt(2), (0, -1)),  # under the corner (3, 0): the floor crosses it first
        ((2, 0), (0, 1), 0.0, (0, -1)),  # from a vertex
        ((5, 1), (1, 0), math.inf, (math.nan, math.nan)),  # away
    ]
    r = pc.raycast([c[0] for c in cases], [c[1] for c in cases], floor)
    for k, (_, _, dist, normal) in enumerate(cases):
        assert math.isclose(r.distance[k], dist, rel_tol=1e-15) or r.distance[k] == dist, (cases[k], r.distance[k])
        assert np.allclose(r.normal[k], normal, rtol=0, atol=1e-15, equal_nan=True), (cases[k], r.normal[k])
    check(floor, [O.Polyline([(0, 0), (1, 0), (2, 0), (3, 0), (3, 2)])], [c[0] for c in cases], [c[1] for c in cases])


def test_raycast_outlines_ties_max_distance_and_broadcasting():
    """Two squares sharing the face x = 2: a ray entering there names the
    lower index; max_distance cuts (an array broadcast with the rays); huge
    and tiny directions give the same hit; results do not depend on threads."""
    squares = pc.Regions([[(2, 0), (4, 0), (4, 2), (2, 2)], [(0, 0), (2, 0), (2, 2), (0, 2)]])
    r = pc.raycast([5, 1], [-1, 0], squares)
    assert (bool(r.hit), float(r.distance), int(r.index)) == (True, 1.0, 0)
    r = pc.raycast([[-1, 1], [5, 1]], [[1, 0], [-1e-300, 0]], squares, max_distance=[[0.5], [1.0]])
    assert r.hit.tolist() == [[False, False], [True, True]]
    assert r.distance.tolist() == [[math.inf, math.inf], [1.0, 1.0]] and r.index.tolist() == [[-1, -1], [1, 0]]
    rng = np.random.default_rng(5)
    o = rng.uniform(-3, 7, (3000, 2))
    d = rng.normal(size=(3000, 2))
    one, two = pc.raycast(o, d, squares, threads=1), pc.raycast(o, d, squares, threads=2)
    for a, b in zip(one, two):
        assert np.array_equal(a, b, equal_nan=True)


def test_raycast_outlines_bad_input():
    square = pc.Regions([[(0, 0), (1, 0), (1, 1)]])
    with pytest.raises(ValueError, match="directions"):
        pc.raycast([[2, 2], [3, 3]], [[1, 0], [0, 0]], square)
    with pytest.raises(ValueError, match="max_distance"):
        pc.raycast([2, 2], [1, 0], square, max_distance=-1)
    with pytest.raises(TypeError, match="Polylines, Regions"):
        pc.raycast([2, 2], [1, 0], "square")
    empty = pc.raycast([[0, 0]], [[1, 0]], pc.Polylines([]))
    assert empty.hit.tolist() == [False] and empty.index.tolist() == [-1]


@pytest.mark.parametrize("family", FAMILIES)
@given(data=st.data())
def test_raycast_regions_ulp_nudged_along_edges(family, data):
    """A ray along an edge's line, from a point on that line beyond the edge,
    its origin then nudged by a few ulps off the line: it runs along the
    edge, grazes its end, or just misses or crosses it; exactly as the
    reference says, with the distance bit for bit."""
    drawn = [data.draw(OS.regions(family, holes=data.draw(st.booleans())))]
    target, refs = regions_of(drawn)
    ring = drawn[0][0]
    i = data.draw(st.integers(0, len(ring) - 1))
    a, b = ring[i], ring[(i + 1) % len(ring)]
    assume(a != b)
    back = data.draw(st.sampled_from([1.0, 0.5, 2.0]))
    origin = [a[0] - back * (b[0] - a[0]), a[1] - back * (b[1] - a[1])]
    for axis in (0, 1):
        for _ in range(data.draw(st.integers(0, 3))):
            origin[axis] = np.nextafter(origin[axis], data.draw(st.sampled_from([-math.inf, math.inf])))
    direction = (b[0] - a[0], b[1] - a[1])
    assume(all(math.isfinite(v) for v in origin + list(direction)))
    check(target, refs, [tuple(origin)], [direction])


@given(
    origins=st.lists(st.tuples(st.integers(-20, 420), st.integers(-20, 120)), min_size=8, max_size=8),
    directions=st.lists(
        st.tuples(st.integers(-60, 60), st.integers(-60, 60)).filter(lambda v: v != (0, 0)), min_size=8, max_size=8
    ),
)
def test_raycast_many_bands(origins, directions):
    """A polyline of 400 edges spread over 101 heights (many bands): shallow
    and steep rays read only the bands their y-range reaches, and still find
    the first edge, as the reference says."""
    line = [(float(i), float(i * 37 % 101)) for i in range(401)]
    target, refs = polylines_of([line], False)
    check(target, refs, [tuple(map(float, o)) for o in origins], [tuple(map(float, d)) for d in directions])
