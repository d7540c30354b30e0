"""Distance and contact between shapes and outlines (issue 43), against the
exact reference (tests/reference/outlines.py).

As for the convex kinds (tests/test_contact.py), with ``tol = 1e-9 * (1 + the
largest |coordinate|)``: the distance is within tol of the reference's, and
it is 0 exactly where the reference says the shape meets the outline (no
tolerance); the contact of a shape that does not overlap strictly has that
distance as its separation, a unit normal, ``point_b - point_a ==
separation * normal`` within tol, its points on the shape and on the
outline, and moving the shape by ``separation * normal`` leaves it touching
the outline within tol.  Normals on a face are the face's, exactly
(ghost-free), and scaling by 2**k keeps them bit for bit.
"""

import math
import time
from fractions import Fraction as F

import numpy as np
import outline_strategies as OS
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import contact as C
from reference import geometry as G
from reference import outlines as O
from strategies import TYPES, examples
from test_outlines import FAMILIES, as_regions, kinds_and_shapes, near_shapes

import pycollide as pc


def tolerance(*objs):
    return 1e-9 * (1 + max(abs(float(v)) for v in OS._numbers(objs)))


def fsqrt(x):
    """The square root of a nonnegative Fraction as a float (inf beyond the doubles)."""
    if x == 0:
        return 0.0
    k = (x.numerator.bit_length() - x.denominator.bit_length()) // 2
    y = x / F(4) ** k if k >= 0 else x * F(4) ** -k
    try:
        return math.ldexp(math.sqrt(float(y)), k)
    except OverflowError:
        return math.inf


def close(got, want, tol):
    return got == want or abs(got - want) <= tol


def reference_distance(kind, row, target):
    """The exact distance (as a float) from the shape to a polyline (a list
    of points) or a region ((shell, holes)), and whether they meet."""
    radius = G.shape_core(kind, tuple(row))[1]
    if isinstance(target, tuple):
        d2 = O.region_core_dist2(kind, tuple(row), target)
        meets = O.overlaps_region(kind, tuple(row), target)
    else:
        d2 = O.polyline_core_dist2(kind, tuple(row), target)
        meets = O.overlaps_polyline(kind, tuple(row), target)
    return max(0.0, fsqrt(d2) - float(radius)), meets


def outline_dist(target, p):
    """The exact distance from the point p to the outline's set (a region's
    boundary, a polyline's edges), as a float."""
    q = (F(p[0]), F(p[1]))
    d2 = O.boundary_dist2(target, q) if isinstance(target, tuple) else O.polyline_dist2(target, q)
    return fsqrt(d2)


def moved(kind, row, t):
    """The shape's row moved by the vector t (its positions, exactly: Fractions)."""
    n = len(row) - (1 if kind in ("circle", "capsule") else 0)
    return [F(v) + F(t[k % 2]) if k < n else F(v) for k, v in enumerate(row)]


def check_pair(kind, row, target, outline):
    """Distance and contact of one shape with one outline, both orders."""
    one = TYPES[kind]([row])
    want, meets = reference_distance(kind, row, target)
    tol = tolerance(row, target)
    where = f"{kind} {row} against {target}"
    for got in (pc.distance(one, outline), pc.distance(outline, one)):
        assert got.shape == (1,)
        assert (got[0] == 0.0) == meets, f"distance {got[0]!r}, meets {meets}: {where}"
        assert close(got[0], want, tol), f"distance {got[0]!r}, want {want!r}: {where}"
    strict = pc.overlaps(one, outline, touching=False).item()
    if strict:  # the least translation out: moved by it, the shape no longer overlaps strictly
        c, back = pc.contact(one, outline), pc.contact(outline, one)
        sep = float(c.separation[0])
        assert sep < 0 and back.separation.tolist() == [sep], where
        if sep == -math.inf:  # not resolved (deeper than the search goes): said so
            return
        n = c.normal[0]
        assert abs(math.hypot(*n) - 1) < 1e-12 and back.normal[0].tolist() == (-n).tolist(), where
        out = pc.depenetrate(one, outline)  # the same translation, and the shape moved by it is clear, exactly
        t = out.translation[0]
        assert -sep == math.hypot(*t) or -sep == pytest.approx(math.hypot(*t), rel=1e-15), where
        moved_row = tuple(float(v) for v in out.shapes._data[0])
        if isinstance(target, tuple):
            assert not O.overlaps_region(kind, moved_row, target, False), (where, t)
        else:
            assert not O.overlaps_polyline(kind, moved_row, target, False), (where, t)
        return
    c, back = pc.contact(one, outline), pc.contact(outline, one)
    sep = float(c.separation[0])
    assert sep == float(pc.distance(one, outline)[0]) and math.copysign(1, sep) == 1, where
    normal, pa, pb = c.normal[0].tolist(), c.point_a[0].tolist(), c.point_b[0].tolist()
    assert abs(math.hypot(*normal) - 1) <= 1e-12, where
    assert math.hypot(pb[0] - pa[0] - sep * normal[0], pb[1] - pa[1] - sep * normal[1]) <= tol, where
    assert C.point_distance(kind, tuple(row), pa) <= tol, f"point_a {pa} is not on the shape: {where}"
    assert outline_dist(target, pb) <= tol, f"point_b {pb} is not on the outline: {where}"
    gone, _ = reference_distance(kind, moved(kind, row, (sep * normal[0], sep * normal[1])), target)
    assert gone <= tol, f"moved by separation * normal, still {gone} apart: {where}"
    assert back.separation.tolist() == c.separation.tolist()
    assert back.normal.tolist() == (0.0 - c.normal).tolist()
    assert back.point_a.tolist() == c.point_b.tolist() and back.point_b.tolist() == c.point_a.tolist()


# ---- against the reference ------------------------------------------------------------------


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=examples(100), deadline=None)
@given(data=st.data())
def test_shapes_near_regions_agree_with_the_reference(family, data):
    shell, holes = data.draw(OS.regions(family))
    r = as_regions(shell, holes)
    cases = near_shapes(data, shell, holes)
    cases += [data.draw(kinds_and_shapes(st.integers(-8, 40).map(lambda i: i / 4))) for _ in range(3)]
    for kind, row in cases:
        check_pair(kind, row, (shell, holes), r)


@settings(max_examples=examples(200), deadline=None)
@given(data=st.data())
def test_shapes_near_polylines_agree_with_the_reference(data):
    line = data.draw(OS.polylines(coords=st.integers(-2, 14).map(float)))
    p = pc.Polylines([np.array(line, dtype=float)])
    cases = [data.draw(kinds_and_shapes(st.integers(-4, 28).map(lambda i: i / 2))) for _ in range(6)]
    for kind, row in cases:
        check_pair(kind, row, line, p)


@settings(max_examples=examples(100), deadline=None)
@given(data=st.data())
def test_shapes_near_polylines_of_any_coordinates(data):
    line = data.draw(OS.polylines())
    p = pc.Polylines([np.array(line, dtype=float)])
    xs = [v for q in line for v in q]
    lo, hi = min(xs), max(xs)
    coords = st.floats(lo - 1 - abs(lo), hi + 1 + abs(hi), allow_nan=False, allow_infinity=False)
    for _ in range(3):
        kind, row = data.draw(kinds_and_shapes(coords))
        check_pair(kind, row, line, p)


@settings(max_examples=examples(100), deadline=None)
@given(data=st.data())
def test_distances_and_normals_scale_by_powers_of_two(data):
    """Times 2**k: the distance times 2**k, the normal bit for bit, for every
    k that keeps the values normal doubles (pc_contact_batch's contract)."""
    shell, holes = data.draw(OS.regions(data.draw(st.sampled_from(FAMILIES)), moves=False))
    cases = near_shapes(data, shell, holes, n=3)
    if not cases:
        return
    values = [abs(v) for v in OS._numbers((shell, holes, [row for _, row in cases])) if v != 0]
    lo, hi = OS.exact_scales(values)
    lo = max(lo, -1021 - min(math.frexp(v)[1] for v in values))  # normal doubles (the kernels' contract)
    k = data.draw(st.one_of(st.sampled_from([lo, hi, 0]), st.integers(lo, hi)))
    base, big = as_regions(shell, holes), as_regions(OS.scaled(shell, k), OS.scaled(holes, k))
    for kind, row in cases:
        one, two = TYPES[kind]([row]), TYPES[kind]([OS.scaled(row, k)])
        d1, d2 = pc.distance(one, base)[0], pc.distance(two, big)[0]
        if d1 == 0 or abs(math.ldexp(d1, k)) >= 2**-1000:
            assert d2 == math.ldexp(d1, k), (kind, row, k)
        if pc.overlaps(one, base, touching=False).item():
            continue
        c1, c2 = pc.contact(one, base), pc.contact(two, big)
        assert c2.normal.tolist() == c1.normal.tolist(), (kind, row, k)


# ---- ghost-free normals -------------------------------------------------------------------------


def test_a_floor_of_many_vertices_gives_its_face_normal_everywhere():
    """Circles, boxes and capsules over a polyline floor of collinear
    segments (a vertex every 1/8), at and between its vertices: the normal is
    exactly (0, -1), as over a TileMap's merged floor."""
    xs = np.arange(0, 65) / 8
    floor = pc.Polylines([np.c_[xs, np.zeros_like(xs)]])
    ground = pc.Regions([np.r_[np.c_[xs, np.zeros_like(xs)], [[8, -1], [0, -1]]]])
    at = np.arange(8, 57) / 16  # on vertices and midway
    for gap in (0.25, 2.0**-30, 0.0):
        shapes = [
            pc.Circles(np.c_[at, np.full_like(at, 0.5 + gap), np.full_like(at, 0.5)]),
            pc.Boxes(np.c_[at - 0.25, np.full_like(at, gap), at + 0.25, np.full_like(at, 1.0)]),
            pc.Capsules(
                np.c_[at - 0.3, np.full_like(at, 0.5 + gap), at + 0.3, np.full_like(at, 0.5 + gap), at * 0 + 0.5]
            ),
            pc.Points(np.c_[at, np.full_like(at, gap)]),
        ]
        for outline in (floor, ground):
            # a point on a polyline has no side: its normal is the contact's (0, 1)
            for s in shapes[:3] if gap == 0 and outline is floor else shapes:
                c = pc.contact(s, outline)
                assert c.normal.tolist() == [[0.0, -1.0]] * len(at), (type(s).__name__, gap)
                assert np.array_equal(c.separation, np.full(len(at), gap))
                assert pc.contact(outline, s).normal.tolist() == [[0.0, 1.0]] * len(at)


def test_a_vertex_where_the_boundary_turns_away_gives_the_faces_normal():
    """A floor that bends down at (1, 0) (a convex corner toward the shapes):
    a shape over the floor's face, up to exactly over the vertex, gets (0, -1);
    one over the slope's face gets the slope's; only one beyond both faces
    (in the corner's own wedge) gets the direction toward the vertex."""
    line = pc.Polylines([[[-4, 0], [1, 0], [5, -4]]])
    region = pc.Regions([[[-4, 0], [1, 0], [5, -4], [-4, -4]]])
    s = math.sqrt(0.5)
    for outline in (line, region):
        c = pc.contact(pc.Circles([[1, 1, 0.5], [0.5, 1, 0.5], [3, -1, 0.5]]), outline)
        assert c.normal[:2].tolist() == [[0.0, -1.0], [0.0, -1.0]]
        assert c.normal[2].tolist() == pytest.approx([-s, -s], abs=1e-15)
        box = pc.Boxes([[0.5, 0.5, 1.5, 1.5], [0, 0.25, 1, 1]])  # its bottom over the vertex; its corner at it
        assert pc.contact(box, outline).normal.tolist() == [[0.0, -1.0], [0.0, -1.0]]
        wedge = pc.contact(pc.Circles([1.5, 1, 0.25]), outline)  # beyond both faces: toward the vertex
        assert wedge.normal[0].tolist() == pytest.approx([-0.5 / math.hypot(0.5, 1), -1 / math.hypot(0.5, 1)])
        assert wedge.point_b.tolist() == [[1.0, 0.0]]


def test_a_region_with_collinear_vertices_and_holes_normals():
    """A square with extra vertices on its sides and a hole: shapes outside
    get the outward faces' normals negated exactly, shapes in the hole the
    hole's faces', at the vertices too."""
    shell = [[0, 0], [2, 0], [4, 0], [4, 2], [4, 4], [2, 4], [0, 4], [0, 2]]
    hole = [[1, 1], [1, 2], [1, 3], [2, 3], [3, 3], [3, 1], [2, 1]]
    r = pc.Regions([shell], [[hole]])
    pts = pc.Points([[2, 5], [5, 2], [2, -1], [-1, 2], [2, 2.5], [1.5, 2]])
    c = pc.contact(pts, r)
    assert c.normal.tolist() == [[0, -1], [-1, 0], [0, 1], [1, 0], [0, 1], [-1, 0]]
    assert c.separation.tolist() == [1, 1, 1, 1, 0.5, 0.5]


def test_errors_and_layouts():
    r = pc.Regions([[[0, 0], [4, 0], [4, 4], [0, 4]], [[10, 0], [12, 0], [11, 1]]])
    inside = pc.Boxes([[1, 1, 2, 2], [20, 20, 21, 21]])
    sunk = pc.contact(inside[:, None], r)  # 2 from leaving the square, whichever side it leaves by
    assert sunk.separation[0, 0] == -2.0 and sunk.separation[0, 1] > 0
    assert pc.distance(inside[:, None], r).shape == (2, 2)
    assert pc.distance(inside[:, None], r)[0, 0] == 0.0
    with pytest.raises(TypeError, match="out"):
        pc.contact(pc.Circles([20, 20, 1]), r, out=np.empty((2, 7)))
    with pytest.raises(TypeError, match="against each other take distance, overlaps, pairs and nearest; not contact"):
        pc.contact(r, r)
    with pytest.raises(TypeError, match="shape array"):
        pc.distance(r, [[1, 2]])
    with pytest.raises(ValueError, match="broadcast"):
        pc.distance(pc.Circles(np.zeros((3, 3))), r)
    c = pc.contact(pc.Circles([[20, 20, 1]] * 2)[:, None], r)
    assert c.separation.shape == (2, 2) and c.normal.shape == (2, 2, 2)
    assert pc.distance(pc.Circles(np.zeros((0, 3))), r[:0]).shape == (0,)


def test_a_large_region_answers_through_its_index():
    """A star of 10^5 vertices: distances agree with the least over its
    edges taken as Segments, and shapes near its boundary are answered
    through the index (the bands within their distance, not every edge)."""
    n = 100_000
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    rad = 1 + 0.3 * np.sin(7 * t)
    shell = np.c_[rad * np.cos(t), rad * np.sin(t)]
    reg = pc.Regions([shell])
    edges = pc.Segments(np.c_[shell, np.roll(shell, -1, axis=0)])
    rng = np.random.default_rng(1)
    centres = np.r_[rng.uniform(-2, 2, (20, 2)), shell[rng.integers(0, n, 20)] * rng.uniform(0.98, 1.05, (20, 1))]
    circles = pc.Circles(np.c_[centres, rng.uniform(0, 0.01, 40)])
    got = pc.distance(circles, reg)
    brute = pc.distance(circles[:, None], edges[None, :]).min(axis=1)
    inside = pc.overlaps(circles, reg)
    assert np.array_equal(got == 0, inside) and 5 < inside.sum() < 35
    assert np.allclose(got[~inside], brute[~inside], rtol=0, atol=1e-12)
    near = shell[rng.integers(0, n, 2000)] * rng.uniform(1.002, 1.05, (2000, 1))
    start = time.perf_counter()
    c = pc.contact(pc.Circles(np.c_[near, np.full(2000, 0.0002)]), reg)
    # a scan of every edge would be 2 * 10^8 kernels; through the index a few
    # thousand listings per shape
    assert time.perf_counter() - start < 10
    assert (c.separation > 0).all()
