"""intersections against the exact reference (tests/reference/intersections.py).

Counts must equal the reference's EXACTLY.  Points must match within
TOL * (1 + the pair's largest |coordinate|) and lie on both boundaries within
the same tolerance; unused slots are NaN.
"""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference import intersections as ref
from reference.geometry import make_valid
from strategies import TYPES as KIND_TYPES
from strategies import WIDTH, grid_coords, random_coords, shape_arrays

import pycollide as pc

TOL = 1e-9
TYPES = dict(KIND_TYPES, line=pc.Lines)
CONVEX = ("triangle", "capsule", "polygon4", "polygon8")
PAIRS = list(ref.PAIRS)
COORDS = {"grid": lambda: grid_coords(4), "random": random_coords}


def _lines(coords, n):
    """Line arrays: segments whose two points are made distinct."""

    def fix(arr):
        same = (arr[:, 0] == arr[:, 2]) & (arr[:, 1] == arr[:, 3])
        arr[same, 2] += 1.0
        return arr

    return shape_arrays("segment", coords, st.just(n)).map(fix)


def _arrays(kind, coords, n):
    return _lines(coords, n) if kind == "line" else shape_arrays(kind, coords, st.just(n))


def _distance(kind, shape, x, y):
    """Distance from (x, y) to the boundary of a shape (to a box: to the closed
    box, since a clipped segment's ends may lie inside it)."""
    if kind == "circle":
        cx, cy, r = shape
        return abs(math.hypot(x - cx, y - cy) - r)
    if kind == "box":
        x0, y0, x1, y1 = shape
        return math.hypot(max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1))
    if kind == "capsule":
        return abs(_distance("segment", shape[:4], x, y) - shape[4])
    if kind in CONVEX:  # a polygon's boundary: its edges
        n = len(shape) // 2
        return min(
            _distance(
                "segment", shape[2 * i : 2 * i + 2] + shape[2 * (i + 1) % (2 * n) : 2 * (i + 1) % (2 * n) + 2], x, y
            )
            for i in range(n)
        )
    x0, y0, x1, y1 = shape
    length = math.hypot(x1 - x0, y1 - y0)  # no underflow, unlike a squared length
    if length == 0:
        return math.hypot(x - x0, y - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    along = (x - x0) * ux + (y - y0) * uy
    if kind == "segment":
        along = min(max(along, 0.0), length)
    return math.hypot(x - x0 - along * ux, y - y0 - along * uy)


def check_against_reference(ka, A, kb, B, points, count):
    for i in range(len(A)):
        a, b = tuple(A[i]), tuple(B[i])
        want = ref.intersections(ka, a, kb, b)
        where = f"{ka} {a} vs {kb} {b}: want {[tuple(map(float, p)) for p in want]}, got {points[i].tolist()}"
        assert count[i] == len(want), where
        tol = TOL * (1 + max(map(abs, a + b)))
        for j, (x, y) in enumerate(want):
            assert abs(points[i, j, 0] - float(x)) <= tol and abs(points[i, j, 1] - float(y)) <= tol, where
            for kind, shape in ((ka, a), (kb, b)):
                assert _distance(kind, shape, *points[i, j]) <= tol, where
        assert np.isnan(points[i, len(want) :]).all(), where


@pytest.mark.parametrize("coords", list(COORDS))
@pytest.mark.parametrize("ka,kb", PAIRS)
@given(data=st.data())
def test_agrees_with_reference(ka, kb, coords, data):
    """Both argument orders: (a, b) against the reference, (b, a) identical."""
    if data.draw(st.booleans(), label="reverse"):
        ka, kb = kb, ka
    n = data.draw(st.integers(1, 4), label="n")
    A = data.draw(_arrays(ka, COORDS[coords](), n), label="a")
    B = data.draw(_arrays(kb, COORDS[coords](), n), label="b")
    points, count = pc.intersections(TYPES[ka](A), TYPES[kb](B))
    assert points.shape == (n, 2, 2) and points.dtype == np.float64
    assert count.shape == (n,) and count.dtype.kind == "i"
    check_against_reference(ka, A, kb, B, points, count)
    # the reversed order gives the same points, bit for bit
    rpoints, rcount = pc.intersections(TYPES[kb](B), TYPES[ka](A))
    np.testing.assert_array_equal(rcount, count)
    np.testing.assert_array_equal(rpoints, points)


def _grid(rng, kind, n, extent=3):
    data = rng.integers(-extent, extent + 1, size=(n, WIDTH.get(kind, 4))).astype(float)
    if kind in CONVEX:
        return np.array([make_valid(kind, row) for row in data])
    if kind == "circle":
        data[:, 2] = np.abs(data[:, 2])
    if kind == "box":
        data[:, [0, 2]] = np.sort(data[:, [0, 2]], axis=1)
        data[:, [1, 3]] = np.sort(data[:, [1, 3]], axis=1)
    if kind == "line":
        same = (data[:, 0] == data[:, 2]) & (data[:, 1] == data[:, 3])
        data[same, 2] += 1
    return data


@pytest.mark.parametrize("ka,kb", PAIRS)
@pytest.mark.sample(2)
def test_dense_grid_counts_cover_every_case(ka, kb):
    """Many small-grid pairs (seeded): tangent, collinear and corner cases are
    common.  Every count 0, 1 and 2 must occur and agree with the reference."""
    rng = np.random.default_rng(PAIRS.index((ka, kb)))
    A, B = _grid(rng, ka, 600), _grid(rng, kb, 600)
    points, count = pc.intersections(TYPES[ka](A), TYPES[kb](B))
    check_against_reference(ka, A, kb, B, points, count)
    assert set(count.tolist()) == {0, 1, 2}


@pytest.mark.parametrize("ka,kb", [("segment", "segment"), ("box", "segment")])
@given(data=st.data())
def test_count_positive_iff_overlaps(ka, kb, data):
    n = data.draw(st.integers(1, 8))
    A = TYPES[ka](data.draw(shape_arrays(ka, grid_coords(3), st.just(n))))
    B = TYPES[kb](data.draw(shape_arrays(kb, grid_coords(3), st.just(n))))
    _, count = pc.intersections(A, B)
    np.testing.assert_array_equal(count > 0, pc.overlaps(A, B))


@given(data=st.data())
def test_circle_segment_count_positive_iff_meets_circumference(data):
    """The disk overlaps the segment, and the segment is not strictly inside."""
    n = data.draw(st.integers(1, 8))
    C = pc.Circles(data.draw(shape_arrays("circle", grid_coords(3), st.just(n))))
    S = pc.Segments(data.draw(shape_arrays("segment", grid_coords(3), st.just(n))))
    _, count = pc.intersections(C, S)
    inside = pc.contains(C, S.start, touching=False) & pc.contains(C, S.end, touching=False)
    np.testing.assert_array_equal(count > 0, pc.overlaps(C, S) & ~inside)


@pytest.mark.parametrize("kind", CONVEX)
@given(data=st.data())
def test_convex_count_positive_iff_the_segment_reaches_the_boundary(kind, data):
    """A segment meets a convex shape's boundary exactly when it meets the
    shape and its ends are not both interior points (decided by overlaps and
    contains, independently of the intersection kernels)."""
    n = data.draw(st.integers(1, 8))
    A = TYPES[kind](data.draw(shape_arrays(kind, grid_coords(3), st.just(n))))
    S = pc.Segments(data.draw(shape_arrays("segment", grid_coords(3), st.just(n))))
    _, count = pc.intersections(A, S)
    inside = pc.contains(A, S.start, touching=False) & pc.contains(A, S.end, touching=False)
    np.testing.assert_array_equal(count > 0, pc.overlaps(A, S) & ~inside)


def test_polygon_and_capsule_examples():
    """Hand-worked cases on the diamond |x| + |y| <= 2 and the capsule around
    (0, 0)-(4, 0) of radius 1, in segment order or the line's direction."""
    diamond = pc.Polygons([[0, -2], [2, 0], [0, 2], [-2, 0]])
    cases = [
        (pc.Segments([-3, 1, 3, 1]), [[-1, 1], [1, 1]]),  # through
        (pc.Segments([3, 1, -3, 1]), [[1, 1], [-1, 1]]),  # the other way
        (pc.Segments([0, 0, 3, 0]), [[2, 0]]),  # from inside out: one crossing
        (pc.Segments([-1, 0, 1, 0]), []),  # inside
        (pc.Segments([1, 1, 3, 1]), [[1, 1]]),  # starts on an edge, leaves
        (pc.Segments([3, -1, -1, 3]), [[2, 0], [0, 2]]),  # along an edge: the shared part
        (pc.Segments([1, 1, 0, 2]), [[1, 1], [0, 2]]),  # on an edge
        (pc.Segments([2, -3, 2, 3]), [[2, 0]]),  # touches a vertex
        (pc.Segments([3, 0, 4, 0]), []),  # misses
        (pc.Lines([2, -3, 2, 3]), [[2, 0]]),
        (pc.Lines([-3, 1, 3, 1]), [[-1, 1], [1, 1]]),
        (pc.Lines([-1, 3, 3, -1]), [[0, 2], [2, 0]]),  # along an edge: the edge
    ]
    for other, want in cases:
        for a, b in ((diamond, other), (other, diamond)):
            points, count = pc.intersections(a, b)
            assert count == len(want) and points[: len(want)].tolist() == want, (other, points)
            assert np.isnan(points[len(want) :]).all()
    pill = pc.Capsules([0, 0, 4, 0, 1])
    cases = [
        (pc.Segments([2, -3, 2, 3]), [[2, -1], [2, 1]]),  # across the sides
        (pc.Segments([-3, 0, 7, 0]), [[-1, 0], [5, 0]]),  # along the core: the arcs
        (pc.Segments([-2, 1, 6, 1]), [[0, 1], [4, 1]]),  # along a flat side
        (pc.Segments([1, 1, 2, 1]), [[1, 1], [2, 1]]),  # on a flat side
        (pc.Segments([-2, -1, -2, 1]), []),  # beyond the end: misses
        (pc.Segments([-1, -1, -1, 1]), [[-1, 0]]),  # tangent to an arc
        (pc.Segments([2, 0, 2, 5]), [[2, 1]]),  # from inside out
        (pc.Segments([5, 0, 5, 0]), [[5, 0]]),  # a point on the boundary
        (pc.Lines([-1, 5, -1, -5]), [[-1, 0]]),  # tangent line
        (pc.Lines([6, 1, 5, 1]), [[4, 1], [0, 1]]),  # along a flat side, reversed
    ]
    for other, want in cases:
        points, count = pc.intersections(pill, other)
        assert count == len(want) and points[: len(want)].tolist() == want, (other, points)
    # a flat polygon (all vertices collinear) is its own boundary; a capsule of radius 0 a segment
    flat = pc.Polygons([[0, 0], [1, 1], [2, 2], [2, 2]])
    assert pc.intersections(pc.Segments([3, 3, -1, -1]), flat)[0].tolist() == [[2, 2], [0, 0]]
    assert pc.intersections(pc.Capsules([0, 0, 2, 2, 0]), pc.Segments([0, 2, 2, 0]))[0][0].tolist() == [1, 1]


@pytest.mark.parametrize("ka,kb", PAIRS)
def test_broadcasting_equals_elementwise(ka, kb):
    rng = np.random.default_rng(11)
    A, B = TYPES[ka](_grid(rng, ka, 5)), TYPES[kb](_grid(rng, kb, 4))
    points, count = pc.intersections(A[:, None], B[None, :])
    assert points.shape == (5, 4, 2, 2) and count.shape == (5, 4)
    for i in range(5):
        for j in range(4):
            p, c = pc.intersections(A[i], B[j])
            assert count[i, j] == c and p.shape == (2, 2)
            np.testing.assert_array_equal(points[i, j], p)
    # a strided view (no copy) gives what its copy gives
    V = A[::2]
    p1, c1 = pc.intersections(V[:, None], B)
    p2, c2 = pc.intersections(TYPES[ka](np.asarray(V).copy())[:, None], B)
    np.testing.assert_array_equal(c1, c2)
    np.testing.assert_array_equal(p1, p2)


def test_empty_inputs_give_empty_results():
    points, count = pc.intersections(pc.Segments(np.zeros((0, 4))), pc.Circles([0, 0, 1]))
    assert points.shape == (0, 2, 2) and count.shape == (0,)


@pytest.mark.parametrize("j", [-1000, -300, -20, 0, 20, 300, 900])
@pytest.mark.parametrize("ka,kb", PAIRS)
@pytest.mark.sample(2)
def test_scaling_by_a_power_of_two_scales_the_points_exactly(ka, kb, j):
    """Counts stay exact and points scale exactly from subnormal-adjacent to huge
    magnitudes (no overflow or underflow in the computation)."""
    rng = np.random.default_rng(3)
    A, B = _grid(rng, ka, 200), _grid(rng, kb, 200)
    s = math.ldexp(1.0, j)
    points, count = pc.intersections(TYPES[ka](A), TYPES[kb](B))
    spoints, scount = pc.intersections(TYPES[ka](A * s), TYPES[kb](B * s))
    np.testing.assert_array_equal(scount, count)
    np.testing.assert_array_equal(spoints, points * s)


def test_segment_crossing_and_line_circle_examples():
    """The seed-002 style cases: a crossing point; a line meeting a circle in 0, 1, 2 points."""
    points, count = pc.intersections(pc.Segments([0, 0, 4, 2]), pc.Segments([0, 2, 4, 0]))
    assert count == 1 and points[0].tolist() == [2.0, 1.0] and np.isnan(points[1]).all()
    points, count = pc.intersections(pc.Segments([0, 0, 1, 1]), pc.Segments([2, 0, 3, -1]))
    assert count == 0 and np.isnan(points).all()
    circle = pc.Circles([1, 1, 5])
    lines = pc.Lines(start=[[-9, 4], [6, -3], [0, 7]], end=[[11, 4], [6, 3], [1, 7]])
    points, count = pc.intersections(lines, circle)
    assert count.tolist() == [2, 1, 0]
    assert points[0].tolist() == [[-3.0, 4.0], [5.0, 4.0]]  # along the line's direction
    assert points[1, 0].tolist() == [6.0, 1.0]  # tangent
    reverse = pc.Lines(start=[11, 4], end=[-9, 4])
    assert pc.intersections(circle, reverse)[0].tolist() == [[5.0, 4.0], [-3.0, 4.0]]
    # a segment on a line: its two ends in the line's direction
    points, count = pc.intersections(pc.Lines([0, 0, -1, -1]), pc.Segments([1, 1, 3, 3]))
    assert count == 2 and points.tolist() == [[3.0, 3.0], [1.0, 1.0]]


def test_clipline_examples():
    """Like pygame's Rect.clipline, on the closed box [0, 4] x [0, 4]."""
    box = pc.Boxes([0, 0, 4, 4])
    cases = [
        ([-2, 1, 6, 1], [[0, 1], [4, 1]]),  # straight through
        ([6, 1, -2, 1], [[4, 1], [0, 1]]),  # the other way: segment order
        ([1, 1, 3, 2], [[1, 1], [3, 2]]),  # inside: the segment itself
        ([2, 2, 8, 5], [[2, 2], [4, 3]]),  # from inside out
        ([-1, -1, 5, 5], [[0, 0], [4, 4]]),  # corner to corner
        ([0, -1, 0, 9], [[0, 0], [0, 4]]),  # along an edge
        ([3, 5, 5, 3], [[4, 4]]),  # touches a corner
        ([4, 2, 6, 2], [[4, 2]]),  # starts on the edge, leaves
        ([5, 5, 5, 5], []),  # a point outside
        ([2, 2, 2, 2], [[2, 2]]),  # a point inside
        ([-1, 5, 5, 5], []),  # misses
    ]
    segs = pc.Segments([s for s, _ in cases])
    points, count = pc.intersections(segs, box)
    for i, (s, want) in enumerate(cases):
        assert count[i] == len(want), s
        assert points[i, : len(want)].tolist() == want, s
        assert np.isnan(points[i, len(want) :]).all(), s
    # a zero-width box crossed by a segment: one point
    points, count = pc.intersections(pc.Boxes([1, 0, 1, 4]), pc.Segments([0, 0, 2, 2]))
    assert count == 1 and points[0].tolist() == [1.0, 1.0]


def test_circle_circle_examples():
    a, b = pc.Circles([0, 0, 5]), pc.Circles([[6, 0, 5], [10, 0, 5], [2, 0, 3], [0, 0, 5], [0, 0, 2], [20, 0, 1]])
    points, count = pc.intersections(a, b)
    assert count.tolist() == [2, 1, 1, 0, 0, 0]  # two, touching outside, inside, equal, concentric, apart
    assert points[0].tolist() == [[3.0, -4.0], [3.0, 4.0]]  # right of the direction (0,0) -> (6,0) first
    assert points[1, 0].tolist() == [5.0, 0.0] and points[2, 0].tolist() == [5.0, 0.0]
    points, count = pc.intersections(pc.Circles([1, 1, 0]), pc.Circles([1, 1, 0]))
    assert count == 1 and points[0].tolist() == [1.0, 1.0]  # two equal points meet in one


def test_errors():
    seg, box, line = pc.Segments([0, 0, 1, 1]), pc.Boxes([0, 0, 1, 1]), pc.Lines([0, 0, 1, 1])
    with pytest.raises(
        TypeError,
        match=r"intersections: Boxes and Boxes are not a supported pair; "
        r"supported \(either order\): Segments-Segments, .*Segments-Lines",
    ):
        pc.intersections(box, box)
    for a, b in [
        (pc.Points([0, 0]), seg),
        (line, line),
        (line, box),
        (pc.Triangles([0, 0, 1, 0, 0, 1]), box),
        (pc.Capsules([0, 0, 1, 0, 1]), pc.Circles([0, 0, 1])),
    ]:
        with pytest.raises(TypeError, match=rf"{type(a).__name__} and {type(b).__name__} are not a supported"):
            pc.intersections(a, b)
    with pytest.raises(TypeError, match=r"intersections: `b` must be a shape array .* got list"):
        pc.intersections(seg, [0, 0, 1, 1])
    with pytest.raises(ValueError, match=r"intersections: the shapes of `a` \(2,\) and `b` \(3,\) do not broadcast"):
        pc.intersections(pc.Segments(np.zeros((2, 4))), pc.Circles(np.ones((3, 3))))
    for verb in (pc.overlaps, pc.contains):
        with pytest.raises(
            TypeError,
            match=rf"{verb.__name__}: `(a|shape)` must be a shape array .* got Lines "
            r"\(Lines are accepted only by intersections\)",
        ):
            verb(line, pc.Points([0, 0]))
    with pytest.raises(TypeError, match=r"overlaps: `b` .* got Lines"):
        pc.overlaps(seg, line)
    with pytest.raises(
        ValueError,
        match=r"Lines: `data`: the two points of a line coincide; the first bad shape "
        r"is data\[1\] with \(x0, y0\) = \(x1, y1\) = \(2.0, 3.0\)",
    ):
        pc.Lines([[0, 0, 1, 1], [2, 3, 2, 3]])
    with pytest.raises(ValueError, match=r"Lines: `start/end`: the two points of a line coincide"):
        pc.Lines(start=[[0, 0], [1, 1]], end=[1, 1])
    with pytest.raises(ValueError, match=r"Lines: `data`: coordinates must be finite"):
        pc.Lines([0, 0, np.inf, 1])


def test_a_line_of_subnormal_direction_crosses_where_it_should():
    # the line y = 0.125 given by two points 5e-324 apart: its direction, scaled
    # with the segment's magnitude, used to vanish and put the crossing at (0, 0)
    pts, count = pc.intersections(pc.Segments([0, 0, 0, 0.5]), pc.Lines([-3e-323, 0.125, -2.5e-323, 0.125]))
    assert int(count) == 1 and pts[0].tolist() == [0.0, 0.125]
    pts, count = pc.intersections(pc.Segments([-1, 0.5, 1, 0.5]), pc.Lines([0.0, 0.0, 5e-324, -5e-324]))
    assert int(count) == 1 and pts[0].tolist() == [-0.5, 0.5]  # y = -x
