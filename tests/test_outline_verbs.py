"""nearest and intersections with Polylines and Regions (issue 43, item 2),
against the exact reference (tests/reference/outlines.py and
tests/reference/outline_crossings.py).

nearest: the zero/non-zero decision and the lowest index among the shapes
that meet are exact (the reference's); a positive distance is within the
tolerance of test_outlines_near.py of the reference's, and bit for bit the
least of :func:`pycollide.distance`'s row (the index its first least entry),
whatever the pruning by bounds, the batch or the threads.
"""

import math
from fractions import Fraction as F

import numpy as np
import outline_strategies as OS
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import outline_crossings as X
from reference import outlines as O
from strategies import TYPES, examples
from test_outlines import FAMILIES, kinds_and_shapes, near_shapes
from test_outlines_near import close, fsqrt, reference_distance, tolerance

import pycollide as pc

# ---- nearest ------------------------------------------------------------------------------------


def regions_of(rings):
    """Regions from (shell, holes) pairs."""
    return pc.Regions(
        [np.array(shell, dtype=float) for shell, _ in rings],
        [[np.array(h, dtype=float) for h in holes] for _, holes in rings],
    )


def check_nearest(cases, targets, outlines):
    """nearest of each shape (kind, row) to the collection: exact against the
    reference where the shape meets an outline shape, close where not, and
    bit for bit the first least entry of pc.distance's row."""
    for kind, row in cases:
        one = TYPES[kind]([row])
        got = pc.nearest(one, outlines)
        index, dist = int(got.index[0]), float(got.distance[0])
        row_d = pc.distance(one, outlines)
        assert dist == row_d.min() and index == int(np.argmin(row_d)), (kind, row)
        want = [reference_distance(kind, row, t) for t in targets]
        meets = [j for j, (_, m) in enumerate(want) if m]
        where = f"{kind} {row}: index {index}, distance {dist!r}"
        if meets:
            assert dist == 0.0 and math.copysign(1, dist) == 1 and index == meets[0], where
        else:
            assert dist > 0, where
            least = min(d for d, _ in want)
            assert close(dist, least, tolerance(row, targets)), f"{where}, want {least!r}"
            assert close(want[index][0], least, tolerance(row, targets)), where


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_nearest_region_agrees_with_the_reference(family, data):
    """A region, a convex one, and the first region again (a duplicate: never
    the answer, its twin always ties lower)."""
    first = data.draw(OS.regions(family))
    other = data.draw(OS.regions("convex", holes=False))
    targets = [first, other, first]
    cases = near_shapes(data, *first) + near_shapes(data, *other, n=2)
    cases += [data.draw(kinds_and_shapes(st.integers(-8, 40).map(lambda i: i / 4))) for _ in range(3)]
    check_nearest(cases, targets, regions_of(targets))
    shapes = [TYPES[k]([r]) for k, r in cases]
    for s in shapes:
        assert 2 not in pc.nearest(s, regions_of(targets)).index


@settings(max_examples=examples(100), deadline=None)
@given(data=st.data())
def test_nearest_polyline_agrees_with_the_reference(data):
    lines = [
        data.draw(OS.polylines(coords=st.integers(-2, 14).map(float))) for _ in range(data.draw(st.integers(1, 4)))
    ]
    p = pc.Polylines([np.array(line, dtype=float) for line in lines])
    cases = [data.draw(kinds_and_shapes(st.integers(-4, 28).map(lambda i: i / 2))) for _ in range(5)]
    check_nearest(cases, lines, p)


@pytest.mark.parametrize("k", [-1060, -1000, -500, -60, 0, 60, 500, 960])
def test_nearest_among_many_scaled_is_the_first_least_distance(k):
    """Many small outline shapes scattered, many shapes about them, scaled by
    2**k (the pruning's slack at every magnitude): nearest is, bit for bit,
    the first least entry of the full distance matrix, on any threads and
    with per-shape max distances."""
    rng = np.random.default_rng(2000 + k)
    s = math.ldexp(1.0, k)
    centres = np.round(rng.uniform(0, 64, (30, 2)))
    tri = np.array([[0, 0], [3, 0], [1, 2]], dtype=float)
    regions = pc.Regions([(c + tri * rng.integers(1, 3)) * s for c in centres])
    lines = pc.Polylines([(c + np.array([[0, 0], [2, 1], [4, 0], [4, 3]])) * s for c in centres[:20]])
    c = rng.uniform(-8, 72, (200, 2))
    for shapes in (
        pc.Circles(np.c_[c, rng.uniform(0, 2, 200)] * s),
        pc.Boxes(np.c_[c, c + rng.uniform(0, 3, (200, 2))] * s),
        pc.Points(np.round(c) * s),
        pc.Segments(np.c_[c, c + rng.uniform(-4, 4, (200, 2))] * s),
    ):
        for target in (regions, lines):
            full = pc.distance(shapes[:, None], target)
            got = pc.nearest(shapes, target)
            assert np.array_equal(got.distance, full.min(axis=1)), (type(shapes).__name__, k)
            assert np.array_equal(got.index, np.argmin(full, axis=1))
            two = pc.nearest(shapes, target, threads=2)
            assert np.array_equal(two.index, got.index) and np.array_equal(two.distance, got.distance)
            limit = got.distance[::-1].copy()  # some within (one at exactly its distance), some not
            capped = pc.nearest(shapes, target, max_distance=limit)
            within = got.distance <= limit
            assert np.array_equal(capped.index, np.where(within, got.index, -1))
            assert np.array_equal(capped.distance, np.where(within, got.distance, np.inf))


def test_nearest_outline_broadcasts_max_distance_and_keeps_leading_axes():
    rooms = pc.Regions([[[0, 0], [4, 0], [4, 4], [0, 4]], [[10, 0], [14, 0], [14, 4], [10, 4]]])
    balls = pc.Circles([[[7, 2, 1], [9, 2, 1]], [[2, 2, 5], [20, 2, 1]]])
    got = pc.nearest(balls, rooms)
    assert got.index.tolist() == [[0, 1], [0, 1]] and got.distance.tolist() == [[2.0, 0.0], [0.0, 5.0]]
    capped = pc.nearest(balls[0], rooms, max_distance=[[1.0], [2.0], [0.0]])
    assert capped.index.tolist() == [[-1, 1], [0, 1], [-1, 1]]
    assert capped.distance.tolist() == [[math.inf, 0.0], [2.0, 0.0], [math.inf, 0.0]]
    empty = pc.nearest(pc.Circles(np.empty((0, 3))), rooms)
    assert empty.index.shape == (0,) and empty.index.dtype == np.int64
    none = pc.nearest(pc.Circles([[0, 0, 1]]), pc.Regions([]))
    assert none.index.tolist() == [-1] and none.distance.tolist() == [math.inf]


def test_nearest_outline_refuses_what_it_does_not_take():
    rooms = pc.Regions([[[0, 0], [4, 0], [4, 4], [0, 4]]])
    balls = pc.Circles([[7, 2, 1]])
    with pytest.raises(TypeError, match="nearest: Polylines and Regions as `a` need shapes or outlines as `b`"):
        pc.nearest(rooms, pc.TileMap.from_text("#"))
    with pytest.raises(ValueError, match=r"nearest: `max_distance` must be >= 0 \(inf for no limit\)"):
        pc.nearest(rooms, balls, max_distance=-1.0)
    with pytest.raises(
        ValueError, match=r"nearest: `max_distance` must be >= 0 \(inf for no limit\); max_distance\[1\]"
    ):
        pc.nearest(balls, rooms, max_distance=[1.0, -1.0])
    with pytest.raises(TypeError, match="nearest: `a` must be a shape array"):
        pc.nearest(pc.Lines([0, 0, 1, 1]), rooms)


# ---- intersections --------------------------------------------------------------------------------


def outline_rings(target):
    """The rings of a polyline (a list of points) or a region ((shell, holes)),
    each closed ring with its first point repeated last."""
    if isinstance(target, tuple):
        shell, holes = target
        return [list(r) + [r[0]] if r[0] != r[-1] else list(r) for r in (shell, *holes)]
    return [target]


def line_key(a, b):
    """The line through the distinct exact points a and b, as a hashable key."""
    nx, ny = b[1] - a[1], a[0] - b[0]
    k = nx if nx != 0 else ny
    return (nx / k, ny / k, (nx * a[0] + ny * a[1]) / k)


def crossings_apart(kind, row, rings):
    """Whether one of the reference's points is a point of two edges on
    different lines, inside both (no edge's end there) and no end of the
    segment: a polyline crossing itself exactly on the segment, which
    pycollide reports once per edge (the points module docstring says why)."""
    ends = {O._point(v) for r in rings for v in r} | {O._point(row[:2]), O._point(row[2:])}
    for p in X.crossings(kind, row, rings):
        if p in ends:
            continue
        edges = [(O._point(a), O._point(b)) for r in rings for a, b in zip(r, r[1:])]
        lines = {line_key(a, b) for a, b in edges if a != b and O._on_segment(p, a, b)}
        if len(lines) > 1:
            return True
    return False


def check_crossings(kind, rows, targets, outlines, near_reference=True):
    """intersections of each segment (line) with each outline shape, both
    orders: the count exact, the points within tol of the reference's, in
    order, and exactly on an edge's end where the reference's is one."""
    if not rows:
        return
    shapes = (pc.Segments if kind == "segment" else pc.Lines)(rows)
    points, offsets = pc.intersections(shapes[:, None], outlines)
    back_points, back_offsets = pc.intersections(outlines, shapes[:, None])
    assert np.array_equal(points, back_points) and np.array_equal(offsets, back_offsets)
    assert offsets.shape == (len(rows) * len(targets) + 1,) and offsets[0] == 0 and offsets[-1] == len(points)
    for i, row in enumerate(rows):
        for j, target in enumerate(targets):
            rings = outline_rings(target)
            got = points[offsets[i * len(targets) + j] : offsets[i * len(targets) + j + 1]]
            want = X.crossings(kind, row, rings)
            where = f"{kind} {row} against {target}: want {[tuple(map(float, p)) for p in want]}, got {got.tolist()}"
            if len(got) != len(want) and crossings_apart(kind, row, rings):
                assert len(got) > len(want), where
                continue
            assert len(got) == len(want), where
            tol = tolerance(row, target)
            vertices = {O._point(v) for r in rings for v in r}
            if kind == "segment":  # a segment's ends are its own (a line's two points are not)
                vertices |= {O._point(row[:2]), O._point(row[2:])}
            for (x, y), (gx, gy) in zip(want, got.tolist()):
                if (x, y) in vertices:
                    assert (gx, gy) == (float(x), float(y)), where
                if near_reference:
                    assert abs(gx - float(x)) <= tol and abs(gy - float(y)) <= tol, where
                else:  # any scale: on both within tol (pc.intersections' accuracy where ill-conditioned)
                    q = (F(gx), F(gy))
                    assert fsqrt(min(O.polyline_dist2(r, q) for r in rings)) <= tol, where
                    assert fsqrt(line_dist2(kind, row, q)) <= tol, where


def line_dist2(kind, row, q):
    """The squared distance from q to the segment or line row, exactly."""
    a, b = O._point(row[:2]), O._point(row[2:])
    if kind == "segment" or a == b:
        return O.polyline_dist2([a, b], q)
    dx, dy = b[0] - a[0], b[1] - a[1]
    c = dx * (q[1] - a[1]) - dy * (q[0] - a[0])
    return c * c / (dx * dx + dy * dy)


def segment_rows(data, coords, n=4):
    rows = []
    for _ in range(n):
        a = data.draw(st.tuples(coords, coords))
        b = data.draw(st.one_of(st.tuples(coords, coords), st.just(a)))
        rows.append([*a, *b])
    return rows


def line_rows(data, coords, n=3):
    rows = []
    for _ in range(3 * n):  # bounded: shrinking draws the same points again and again
        if len(rows) == n:
            break
        row = [*data.draw(st.tuples(coords, coords)), *data.draw(st.tuples(coords, coords))]
        if row[:2] != row[2:]:  # a direction of a few subnormals included
            rows.append(row)
    return rows


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_intersections_with_regions_agree_with_the_reference(family, data):
    first = data.draw(OS.regions(family))
    other = data.draw(OS.regions("convex", holes=False))
    targets = [first, other]
    xs = list(OS._numbers(targets))
    lo, hi = min(xs), max(xs)
    grid = st.integers(0, 8).map(lambda i: lo * (1 - i / 8) + hi * (i / 8))
    near = st.sampled_from(sorted({float(v) for v in xs}))
    coords = st.one_of(grid, near)
    check_crossings("segment", segment_rows(data, coords), targets, regions_of(targets), False)
    check_crossings("line", line_rows(data, coords), targets, regions_of(targets), False)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.large_base_example])
@given(data=st.data())
def test_intersections_with_polylines_agree_with_the_reference(data):
    coords = st.integers(-2, 14).map(float)
    lines = [data.draw(OS.polylines(coords=coords, min_points=2)) for _ in range(data.draw(st.integers(1, 3)))]
    p = pc.Polylines([np.array(line, dtype=float) for line in lines])
    half = st.integers(-4, 28).map(lambda i: i / 2)
    check_crossings("segment", segment_rows(data, half), lines, p)
    check_crossings("line", line_rows(data, half), lines, p)
