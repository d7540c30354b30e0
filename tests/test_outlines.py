"""Polylines and Regions (issue 43): construction, validation and points,
against the exact reference (tests/reference/outlines.py)."""

import contextlib
import math
from fractions import Fraction as F

import numpy as np
import outline_strategies as OS
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from reference import geometry as G
from reference import outlines as O
from strategies import examples

import pycollide as pc

FAMILIES = ["star", "comb", "spiral", "grid", "convex"]


def as_regions(shell, holes):
    return pc.Regions([np.array(shell, dtype=float)], [[np.array(h, dtype=float) for h in holes]])


def double_point(p):
    x, y = float(p[0]), float(p[1])
    return (x, y) if F(x) == p[0] and F(y) == p[1] else None


# ---- validation ----------------------------------------------------------------------------


@pytest.mark.parametrize("family", FAMILIES)
@given(data=st.data())
def test_valid_regions_are_taken(family, data):
    shell, holes = data.draw(OS.regions(family))
    r = as_regions(shell, holes)
    assert len(r) == 1 and r.offsets[1].tolist() == [0, 1 + len(holes)]


@settings(max_examples=examples(200))
@given(OS.invalid_regions())
def test_invalid_regions_are_refused_naming_the_region_and_ring(case):
    shell, holes, ring = case
    with pytest.raises(ValueError, match=f"^Regions: region 0, {ring}: "):
        as_regions(shell, holes)
    # the same region after a valid one: named by its index
    ok = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]
    with pytest.raises(ValueError, match=f"^Regions: region 1, {ring}: "):
        pc.Regions([ok, np.array(shell, dtype=float)], [[], [np.array(h, dtype=float) for h in holes]])


small_ring = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=7)


@settings(max_examples=examples(300))
@given(shell=small_ring, holes=st.lists(small_ring, max_size=2))
def test_validity_agrees_with_the_reference_on_any_small_rings(shell, holes):
    """Rings on a 4 x 4 grid, mostly invalid: refused exactly when the
    reference finds a problem, naming the same ring."""
    problem = O.region_problem(shell, holes)
    shell_f = np.array(shell, dtype=float).reshape(-1, 2)
    holes_f = [np.array(h, dtype=float).reshape(-1, 2) for h in holes]
    if problem is None:
        pc.Regions([shell_f], [holes_f])
    else:
        ring = problem.split(":")[0]
        with pytest.raises(ValueError, match=f"^Regions: region 0, {ring}: "):
            pc.Regions([shell_f], [holes_f])


@pytest.mark.parametrize(
    "shell, holes, match",
    [
        ([[0, 0], [4, 4], [4, 0], [0, 4]], [], "region 0, shell: the ring is not simple"),
        ([[0, 0], [4, 0], [4, 4], [2, 0], [0, 4]], [], "region 0, shell: the ring is not simple"),  # touches itself
        ([[0, 0], [4, 0], [2, 0], [2, 4]], [], "region 0, shell: the ring is not simple"),  # a spike
        ([[0, 0], [4, 0], [4, 4], [0, 4]], [[[1, 1], [5, 1], [3, 3]]], "region 0, hole 0: crosses the shell"),
        ([[0, 0], [4, 0], [4, 4], [0, 4]], [[[5, 5], [6, 5], [6, 6]]], "region 0, hole 0: lies outside the shell"),
        ([[0, 0], [4, 0], [4, 4], [0, 4]], [[[0, 2], [2, 1], [4, 2], [2, 3]]], "interior is not connected"),
        ([[0, 0], [4, 0], [4, 4], [0, 4]], [[[0, 1], [0, 3], [2, 2]]], "hole 0: shares a segment with the shell"),
        ([[0, 0], [1, 0], [1, 1]], [], None),  # a triangle
        ([[0, 0], [4, 0], [4, 4], [0, 4]], [[[0, 2], [2, 1], [2, 3]]], None),  # a hole touching the shell at a point
        ([[0, 0], [1, 0], [1, 1], [1, 1], [0, 0]], [], None),  # repeats and a closing vertex
        ([[0, 0], [1, 0], [2, 0], [2, 2]], [], None),  # a collinear run
    ],
)
def test_validation_cases(shell, holes, match):
    if match is None:
        pc.Regions([shell], [holes])
    else:
        with pytest.raises(ValueError, match=match):
            pc.Regions([shell], [holes])


def test_bad_input_names_the_shape_and_ring():
    with pytest.raises(ValueError, match=r"region 1, hole 0: a ring needs at least 3 distinct vertices, got 2"):
        pc.Regions([[[0, 0], [1, 0], [0, 1]], [[0, 0], [1, 0], [0, 1]]], [[], [[[0, 0], [0.5, 0], [0, 0]]]])
    with pytest.raises(ValueError, match=r"region 0, shell: coordinates must be finite, vertex 1"):
        pc.Regions([[[0, 0], [np.nan, 0], [0, 1]]])
    with pytest.raises(ValueError, match=r"polyline 1: coordinates must be finite, vertex 0"):
        pc.Polylines([[[0, 0], [1, 1]], [[np.inf, 0]]])
    with pytest.raises(ValueError, match=r"2 shells but 1 lists of holes"):
        pc.Regions([[[0, 0], [1, 0], [0, 1]]] * 2, [[]])
    xy = np.array([[0, 0], [1, 0], [0, 1], [0, 0.0]])
    with pytest.raises(ValueError, match=r"`ring_offsets` must not decrease|ring_offsets. must not decrease"):
        pc.Regions.from_ragged(xy, (np.array([0, 3, 2, 4]), np.array([0, 3])))
    with pytest.raises(ValueError, match=r"ring_offsets. must end at 4"):
        pc.Regions.from_ragged(xy, (np.array([0, 5]), np.array([0, 1])))
    with pytest.raises(ValueError, match=r"offsets. must start at 0"):
        pc.Polylines.from_ragged(xy, np.array([1, 4]))
    with pytest.raises(TypeError, match=r"integer offsets"):
        pc.Polylines.from_ragged(xy, np.array([0.0, 4.0]))
    with pytest.raises(ValueError, match=r"layout \(k, 2\)"):
        pc.Polylines([[0, 0, 1]])


# ---- points ----------------------------------------------------------------------------


@pytest.mark.parametrize("family", FAMILIES)
@given(data=st.data())
def test_points_in_regions_agree_with_the_reference(family, data):
    shell, holes = data.draw(OS.regions(family))
    region = O.Region(shell, holes)
    r = as_regions(shell, holes)
    pts = [q for q in (double_point(data.draw(OS.points_near(shell, holes))) for _ in range(24)) if q]
    if not pts:
        return
    closed = pc.contains(r, pts)
    strict = pc.contains(r, pts, touching=False)
    for p, c, s in zip(pts, closed.tolist(), strict.tolist()):
        where = region.classify(p)
        assert c == (where != O.OUTSIDE) and s == (where == O.INSIDE), (p, where)


@given(data=st.data())
def test_points_on_polylines_agree_with_the_reference(data):
    line = data.draw(OS.polylines())
    poly = pc.Polylines([np.array(line, dtype=float)])
    ref = O.as_polyline(line)
    pts = [tuple(map(float, p)) for p in line]
    for _ in range(12):
        pts.append(tuple(float(v) for v in data.draw(st.tuples(st.integers(-2, 10), st.integers(-2, 10)))))
    nudged = [(math.nextafter(x, math.inf), y) for x, y in pts[: len(line)]]
    pts += nudged
    got = pc.contains(poly, pts)
    for p, g in zip(pts, got.tolist()):
        assert g == O.on_polyline(ref, p), p
    assert not pc.contains(poly, pts, touching=False).any()  # a point never lies in a polyline's interior


@pytest.mark.parametrize("k", [-1074 + 40, -600, -40, 0, 40, 600, 1000 - 40])
def test_points_scaled_by_powers_of_two(k):
    """A comb with a hole touching it, points on its edges, at its vertices
    and an ulp off them: the same answers at every scale 2^k."""
    shell = [[0, 0], [8, 0], [8, 4], [7, 4], [7, 1], [5, 1], [5, 4], [3, 4], [3, 1], [1, 1], [1, 4], [0, 4]]
    hole = [[5, 0.5], [6, 0.25], [7, 0.5], [6, 0.75]]
    base = pc.Regions([shell], [[hole]])
    rng = np.random.default_rng(3)
    pts = np.concatenate(
        [np.array(shell + hole, float), rng.integers(-1, 18, (400, 2)) / 2.0, rng.uniform(-1, 9, (400, 2))]
    )
    pts = np.concatenate([pts, np.nextafter(pts, np.inf), np.nextafter(pts, -np.inf)])
    want = (pc.contains(base, pts), pc.contains(base, pts, touching=False))
    s = 2.0**k
    scaled = pc.Regions([np.array(shell) * s], [[np.array(hole) * s]])
    got = (pc.contains(scaled, pts * s), pc.contains(scaled, pts * s, touching=False))
    exact = ((pts * s) / s == pts).all(axis=1)  # an ulp off 0 is subnormal: scaling it down rounds
    assert exact.sum() >= 400  # at 2^-1034 only the grid's points stay doubles
    assert np.array_equal(got[0][exact], want[0][exact]) and np.array_equal(got[1][exact], want[1][exact])
    region = O.Region([tuple(v) for v in np.array(shell) * s], [[tuple(v) for v in np.array(hole) * s]])
    for p, c, t in zip((pts * s)[::7].tolist(), got[0][::7].tolist(), got[1][::7].tolist()):
        where = region.classify(p)
        assert c == (where != O.OUTSIDE) and t == (where == O.INSIDE), (p, where)


def test_a_large_region_answers_points_through_its_index():
    """A star of 200,000 vertices: points agree with shapely's answers, and
    the index lists each edge a few times (the bands fit the shape)."""
    shapely = pytest.importorskip("shapely")
    n = 200_000
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    r = 1 + 0.3 * np.sin(7 * t)
    shell = np.c_[r * np.cos(t), r * np.sin(t)]
    reg = pc.Regions([shell])
    rng = np.random.default_rng(0)
    pts = np.concatenate([rng.uniform(-1.5, 1.5, (20_000, 2)), shell[::97]])
    poly = shapely.Polygon(shell)
    shapely.prepare(poly)  # shapely 2.0 does not prepare on its own: 20,000 points would read every edge each
    assert np.array_equal(pc.contains(reg, pts, touching=False), shapely.contains_xy(poly, pts[:, 0], pts[:, 1]))
    assert np.array_equal(pc.contains(reg, pts), shapely.intersects_xy(poly, pts[:, 0], pts[:, 1]))
    reg._c()
    assert reg._index[1][6].shape[0] <= 4 * n  # listings (ids): at most four per edge


@contextlib.contextmanager
def every_region_with_a_tree():
    """Regions built here get a tree over their edges whatever their bands
    (pycollide.outlines.TREE_THRESHOLD 0), so that the tree answers."""
    saved = pc.outlines.TREE_THRESHOLD
    pc.outlines.TREE_THRESHOLD = 0
    try:
        yield
    finally:
        pc.outlines.TREE_THRESHOLD = saved


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_trees_answer_points_and_shapes_as_the_reference(family, data):
    """Through the tree: points on, at and about the region (vertices,
    edges, levels, ulp nudges) in both modes, and shapes against it."""
    shell, holes = data.draw(OS.regions(family))
    region = O.Region(shell, holes)
    with every_region_with_a_tree():
        r = as_regions(shell, holes)
        assert r._c().tree != pc._native.ffi.NULL
    pts = [q for q in (double_point(data.draw(OS.points_near(shell, holes))) for _ in range(24)) if q]
    pts += [(math.nextafter(x, math.inf), y) for x, y in pts[:6]] + [
        (x, math.nextafter(y, -math.inf)) for x, y in pts[:6]
    ]
    closed = pc.contains(r, pts)
    strict = pc.contains(r, pts, touching=False)
    for p, c, t in zip(pts, closed.tolist(), strict.tolist()):
        where = region.classify(p)
        assert c == (where != O.OUTSIDE) and t == (where == O.INSIDE), (p, where)
    for kind, row in near_shapes(data, shell, holes, n=4):
        for touching in (True, False):
            want = O.overlaps_region(kind, tuple(row), (shell, holes), touching)
            assert pc.overlaps(TYPES[kind]([row]), r, touching=touching).tolist() == [want], (kind, row, touching)


@pytest.mark.parametrize("k", [-1074 + 40, -40, 0, 600, 1000 - 40])
def test_a_tree_answers_the_same_at_every_scale(k):
    """A comb with a hole touching it, points on its levels, at its vertices
    and an ulp off them: the tree's answers are the band index's, at 2^k."""
    shell = [[0, 0], [8, 0], [8, 4], [7, 4], [7, 1], [5, 1], [5, 4], [3, 4], [3, 1], [1, 1], [1, 4], [0, 4]]
    hole = [[5, 0.5], [6, 0.25], [7, 0.5], [6, 0.75]]
    rng = np.random.default_rng(4)
    pts = np.concatenate([np.array(shell + hole, float), rng.integers(-1, 18, (400, 2)) / 2.0])
    pts = np.concatenate([pts, np.nextafter(pts, np.inf), np.nextafter(pts, -np.inf)]) * 2.0**k
    banded = pc.Regions([np.array(shell) * 2.0**k], [[np.array(hole) * 2.0**k]])
    with every_region_with_a_tree():
        treed = pc.Regions([np.array(shell) * 2.0**k], [[np.array(hole) * 2.0**k]])
    for touching in (True, False):
        assert np.array_equal(pc.contains(treed, pts, touching=touching), pc.contains(banded, pts, touching=touching))


def test_a_comb_of_many_teeth_answers_through_its_tree():
    """A comb of 4,000 teeth of random heights (every tooth crosses the
    middle band): it gets a tree, and its answers are shapely's, on random
    points, its vertices and points an ulp off them."""
    shapely = pytest.importorskip("shapely")
    rng = np.random.default_rng(5)
    teeth = 4_000
    tops = rng.integers(2, 1000, teeth).astype(float)
    x = np.arange(teeth, dtype=float) * 2
    teeth_xy = np.stack([np.c_[x + 1, np.ones(teeth)], np.c_[x + 1, tops], np.c_[x, tops], np.c_[x, np.ones(teeth)]], 1)
    shell = np.concatenate([[[0.0, 0.0], [2.0 * teeth, 0.0]], teeth_xy[::-1].reshape(-1, 2)])
    comb = pc.Regions([shell])
    assert comb._c().tree != pc._native.ffi.NULL
    pts = np.concatenate([rng.uniform([0, 0], [2 * teeth, 1000], (6_000, 2)), shell[::7]])
    pts = np.concatenate([pts, np.nextafter(pts, np.inf)])
    poly = shapely.Polygon(shell)
    shapely.prepare(poly)
    assert np.array_equal(pc.contains(comb, pts, touching=False), shapely.contains_xy(poly, pts[:, 0], pts[:, 1]))
    assert np.array_equal(pc.contains(comb, pts), shapely.intersects_xy(poly, pts[:, 0], pts[:, 1]))


# ---- layout and shapely ----------------------------------------------------------------------


def test_ragged_layout_round_trips_through_shapely():
    shapely = pytest.importorskip("shapely")
    geoms = np.array(
        [
            shapely.Polygon([(0, 0), (4, 0), (4, 4), (0, 4)], [[(1, 1), (1, 2), (2, 2), (2, 1)]]),
            shapely.Polygon([(5, 5), (7, 5), (6, 8)]),
        ]
    )
    r = pc.Regions.from_shapely(geoms)
    assert len(r) == 2 and r.offsets[1].tolist() == [0, 2, 3]
    back = r.to_shapely()
    assert all(shapely.equals(back, geoms))
    _, coords, offsets = shapely.to_ragged_array(geoms)
    same = pc.Regions.from_ragged(coords, offsets)
    assert same == r
    assert np.array_equal(pc.contains(r, [[0.5, 0.5], [6, 6]]), [True, True])
    lines = np.array([shapely.LineString([(0, 0), (1, 1), (2, 0)]), shapely.LinearRing([(0, 0), (1, 0), (0, 1)])])
    p = pc.Polylines.from_shapely(lines)
    assert len(p) == 2 and p.offsets[0].tolist() == [0, 3, 7]
    assert all(shapely.equals(p.to_shapely(), [shapely.LineString(g.coords) for g in lines]))
    with pytest.raises(TypeError, match="geometry 0 is a LineString, not a Polygon"):
        pc.Regions.from_shapely(lines)


def test_collections_index_pickle_and_compare():
    import pickle

    r = pc.Regions([[[0, 0], [2, 0], [2, 2]], [[5, 5], [6, 5], [6, 6], [5, 6]]])
    assert repr(r) == "Regions(2 regions, 9 vertices)"
    assert r[1] == pc.Regions([[[5, 5], [6, 5], [6, 6], [5, 6]]])
    assert r.bounds.tolist() == [[0, 0, 2, 2], [5, 5, 6, 6]]
    back = pickle.loads(pickle.dumps(r))
    assert back == r and np.array_equal(pc.contains(back, [[1.5, 1], [5.5, 5.5]]), [True, True])


# ---- shapes against outlines -------------------------------------------------------------------

from strategies import KINDS, TYPES, shape  # noqa: E402


def kinds_and_shapes(coords):
    return st.sampled_from(KINDS).flatmap(lambda kind: shape(kind, coords).map(lambda row: (kind, row)))


def near_shapes(data, shell, holes, n=6):
    """Shapes drawn on and about the region (its vertices, points on its
    edges, its box) so that they touch and cross it often."""
    out = []
    for _ in range(n):
        kind = data.draw(st.sampled_from(KINDS))
        width = TYPES[kind].width
        pts = [double_point(data.draw(OS.points_near(shell, holes))) for _ in range(4)]
        pts = [p for p in pts if p]
        if len(pts) < 1:
            continue
        if kind in ("circle", "capsule"):
            r = data.draw(st.sampled_from([0.0, 0.25, 0.5, 1.0, 2.0]))
            row = [*pts[0], r] if kind == "circle" else [*pts[0], *pts[-1], r]
        elif kind == "box":
            xs, ys = sorted({pts[0][0], pts[-1][0]}), sorted({pts[0][1], pts[-1][1]})
            row = [xs[0], ys[0], xs[-1], ys[-1]]
        elif kind == "point":
            row = list(pts[0])
        elif kind == "segment":
            row = [*pts[0], *pts[-1]]
        else:  # a triangle, or a polygon: the points' hull, its last vertex repeated
            hull = G.convex_hull([(F(x), F(y)) for x, y in pts]) if kind != "triangle" else [F(0)] and pts[:3]
            hull = [tuple(map(float, v)) for v in hull]
            if kind == "triangle" and len(hull) < 3:
                hull += [hull[-1]] * (3 - len(hull))
            k = width // 2
            if len(hull) > k:
                continue
            row = [v for q in hull + [hull[-1]] * (k - len(hull)) for v in q]
        out.append((kind, [float(v) for v in row]))
    return out


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=examples(100))
@given(data=st.data())
def test_shapes_against_regions_agree_with_the_reference(family, data):
    shell, holes = data.draw(OS.regions(family))
    r = as_regions(shell, holes)
    cases = near_shapes(data, shell, holes)
    cases += [data.draw(kinds_and_shapes(st.integers(-8, 40).map(lambda i: i / 4))) for _ in range(3)]
    region = (shell, holes)
    for kind, row in cases:
        one = TYPES[kind]([row])
        for touching in (True, False):
            want = O.overlaps_region(kind, tuple(row), region, touching)
            assert pc.overlaps(one, r, touching=touching).tolist() == [want], (kind, row, touching)
            assert pc.overlaps(r, one, touching=touching).tolist() == [want]


@settings(max_examples=examples(200))
@given(data=st.data())
def test_shapes_against_polylines_agree_with_the_reference(data):
    line = data.draw(OS.polylines(coords=st.integers(-2, 14).map(float)))
    p = pc.Polylines([np.array(line, dtype=float)])
    cases = [data.draw(kinds_and_shapes(st.integers(-4, 28).map(lambda i: i / 2))) for _ in range(6)]
    for v in line[:3]:  # segments through the polyline's vertices
        cases.append(("segment", (v[0] - 1.0, v[1] - 0.5, v[0] + 1.0, v[1] + 0.5)))
        cases.append(("segment", (v[0] - 1.0, v[1], v[0] + 2.0, v[1])))
    for kind, row in cases:
        one = TYPES[kind]([row])
        for touching in (True, False):
            want = O.overlaps_polyline(kind, tuple(row), line, touching)
            assert pc.overlaps(one, p, touching=touching).tolist() == [want], (kind, row, touching)


COMB = [(0, 0), (7, 0), (7, 4), (6, 4), (6, 1), (5, 1), (5, 4), (4, 4), (4, 1), (3, 1), (3, 4), (2, 4), (2, 1)]
COMB += [(1, 1), (1, 4), (0, 4)]


@pytest.mark.parametrize(
    "kind, row, want",
    [
        ("box", (1, 1, 2, 3), (True, False)),  # snug in a notch
        ("box", (1, 0.5, 2, 3), (True, True)),
        ("box", (0, 0, 1, 4), (True, True)),  # a tooth exactly: every corner on the boundary
        ("box", (1, 1, 2, 4), (True, False)),  # a notch exactly
        ("segment", (1, 4, 2, 4), (True, False)),
        ("segment", (0.5, 2, 2.5, 2), (True, True)),
        ("segment", (1, 1, 2, 1), (True, False)),
        ("segment", (0.5, 1, 2.5, 1), (True, True)),
        ("segment", (1, 2, 1, 3), (True, False)),  # along a tooth's side
        ("segment", (1, 4, 0, 4), (True, False)),  # along a tooth's top
        ("segment", (0, 0, 1, 1), (True, True)),  # a tooth's diagonal: corner to corner inside
        ("segment", (2, 1, 3, 0), (True, True)),  # from a notch's corner down into the spine
        ("circle", (1.5, 2.5, 0.5), (True, False)),
        ("point", (1, 2), (True, False)),
        ("triangle", (1, 4, 2, 4, 1.5, 5), (True, False)),
    ],
)
def test_comb_cases(kind, row, want):
    comb = pc.Regions([COMB])
    one = TYPES[kind]([row])
    got = (pc.overlaps(one, comb).item(), pc.overlaps(one, comb, touching=False).item())
    assert got == want
    assert (O.overlaps_region(kind, row, (COMB, [])), O.overlaps_region(kind, row, (COMB, []), False)) == want


def test_plotting_draws_regions_with_holes_and_polylines(tmp_path):
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt
    from matplotlib.path import Path

    from pycollide.plotting import COLOURS, plot

    frame = pc.Regions(
        [[[0, 0], [4, 0], [4, 4], [0, 4]], [[5, 0], [6, 0], [6, 1]]], [[[[1, 1], [3, 1], [3, 3], [1, 3]]], []]
    )
    line = pc.Polylines([[[0, -1], [3, -2], [6, -1]], [[7, 0]]])
    fig, ax = plt.subplots()
    try:
        [faces] = plot(frame, ax, label="walls")
        [lines] = plot(line, ax)
        paths = faces.get_paths()
        assert len(paths) == 2  # a path per region
        codes = paths[0].codes.tolist()
        assert codes.count(Path.MOVETO) == 2 and codes.count(Path.CLOSEPOLY) == 2  # the shell and the hole
        assert len(lines.get_segments()) == 2
        assert np.allclose(faces.get_facecolor()[0][:3], matplotlib_rgb(COLOURS["region"]))
        x0, x1 = ax.get_xlim()
        y0, y1 = ax.get_ylim()
        assert x0 <= 0 and x1 >= 7 and y0 <= -2 and y1 >= 4
        fig.savefig(tmp_path / "outlines.png")
    finally:
        plt.close(fig)


def matplotlib_rgb(colour):
    from matplotlib import colors

    return colors.to_rgb(colour)


def test_verbs_that_do_not_take_outlines_yet_say_so():
    r = pc.Regions([[[0, 0], [1, 0], [0, 1]]])
    ball = pc.Circles([0.0, 0.0, 1.0])
    for call in (lambda: pc.sweep(r, [1, 0], ball),):
        with pytest.raises(TypeError, match="Polylines and Regions are taken by overlaps, contains, pairs, distance, "):
            call()
    with pytest.raises(TypeError, match="not as `moving` of sweep yet"):
        pc.sweep(r, [1, 0], pc.World(r))


@pytest.mark.parametrize("family", ["star", "comb", "grid"])
@settings(max_examples=examples(30))
@given(data=st.data())
def test_pairs_with_outlines_are_the_overlapping_pairs(family, data):
    """pairs(shapes, outlines) is every (i, j) with overlaps(shapes[i],
    outlines[j]), in both modes, sorted; the other order swaps the rows and
    sorts by the outline."""
    shell, holes = data.draw(OS.regions(family, moves=False))
    other = data.draw(OS.regions("convex", moves=False, holes=False))
    regions = pc.Regions([np.array(shell, float), np.array(other[0], float)], [[np.array(h, float) for h in holes], []])
    line = pc.Polylines([np.array(shell, float)[::2], np.array(other[0], float)])
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    lo, hi = regions.bounds[:, :2].min(axis=0), regions.bounds[:, 2:].max(axis=0)
    for kind in ("point", "circle", "box", "segment", "capsule", "polygon8"):
        n = 40
        c = lo + (hi - lo) * rng.uniform(-0.1, 1.1, (n, 2))
        size = float((hi - lo).max()) * 0.1
        if kind == "point":
            shapes = pc.Points(np.round(c * 4) / 4)
        elif kind == "circle":
            shapes = pc.Circles(np.c_[c, rng.uniform(0, size, n)])
        elif kind == "box":
            shapes = pc.Boxes(np.c_[c, c + rng.uniform(0, size, (n, 2))])
        elif kind == "segment":
            shapes = pc.Segments(np.c_[c, c + rng.uniform(-size, size, (n, 2))])
        elif kind == "capsule":
            shapes = pc.Capsules(np.c_[c, c + rng.uniform(-size, size, (n, 2)), rng.uniform(0, size / 2, n)])
        else:
            t = np.linspace(0, 2 * np.pi, 8, endpoint=False)
            shapes = pc.Polygons(c[:, None, :] + size * np.stack([np.cos(t), np.sin(t)], axis=-1)[None])
        for target in (regions, line):
            for touching in (True, False):
                full = pc.overlaps(shapes[:, None], target, touching=touching)
                want = np.array(np.nonzero(full))
                got = pc.pairs(shapes, target, touching=touching)
                assert got.dtype == np.int64 and np.array_equal(got, want), (kind, type(target).__name__, touching)
                back = pc.pairs(target, shapes, touching=touching)
                assert np.array_equal(back, want[::-1][:, np.lexsort((want[0], want[1]))])


def _fsqrt(x):
    """sqrt of an exact non-negative number, as a float, without overflow."""
    if x == 0:
        return 0.0
    k = (x.numerator.bit_length() - x.denominator.bit_length()) // 2
    y = x / F(4) ** k if k >= 0 else x * F(4) ** -k
    return math.ldexp(math.sqrt(float(y)), k)


def _within(d2_core, radius, d, touching):
    """Exact: a shape whose core is sqrt(d2_core) from a target, grown by
    radius, lies within d of it (touching: at most d; else less)."""
    reach = F(radius) + F(d)
    return d2_core <= reach * reach if touching else (d > 0 and d2_core < reach * reach)


def _outline_dist2(first, second, touching_meets):
    """The squared distance of two outlines (each ("region", (shell, holes))
    or ("polyline", points)): 0 where they meet, else the least over their
    edges, both from the reference."""
    if touching_meets:
        return F(0)
    edges = []
    for how, outline in (first, second):
        edges.append(O.as_region(outline).edges if how == "region" else O.as_polyline(outline).segments)
    out = None
    for a, b in edges[0]:
        seg = O._Convex("segment", (*a, *b)) if a != b else O._Convex("point", a)
        for c, dd in edges[1]:
            d2 = seg.core_dist2(c, dd)
            out = d2 if out is None or d2 < out else out
    return out


@pytest.mark.parametrize("family", ["star", "comb", "grid"])
@settings(max_examples=examples(25), deadline=None)
@given(data=st.data())
def test_pairs_within_a_distance_of_outlines_agree_with_the_reference(family, data):
    """pairs(shapes, outlines, distance=d), one d or one per shape, both
    modes, either order: every (i, j) the reference puts within d."""
    shell, holes = data.draw(OS.regions(family, moves=False))
    line = [tuple(p) for p in shell[: max(2, len(shell) // 2)]]
    regions = as_regions(shell, holes)
    polylines = pc.Polylines([np.array(line, dtype=float)])
    shapes = near_shapes(data, shell, holes, n=8)
    assume(shapes)
    unit = max(max(abs(v) for v in p) for p in shell) or 1.0
    reach = [data.draw(st.sampled_from([0.0, 0.125, 0.5, 1.0])) * unit for _ in shapes]
    for kind in sorted({k for k, _ in shapes}):
        rows = [(i, row) for i, (k, row) in enumerate(shapes) if k == kind]
        arr = TYPES[kind]([row for _, row in rows])
        dist = np.array([reach[i] for i, _ in rows])
        radius = [O._Convex(kind, tuple(row)).radius for _, row in rows]
        for target, how, outline in ((regions, "region", (shell, holes)), (polylines, "polyline", line)):
            if how == "region":
                d2 = [O.region_core_dist2(kind, tuple(row), outline) for _, row in rows]
            else:
                d2 = [O.polyline_core_dist2(kind, tuple(row), outline) for _, row in rows]
            for touching in (True, False):
                want = [k for k in range(len(rows)) if _within(d2[k], radius[k], dist[k], touching)]
                got = pc.pairs(arr, target, distance=dist, touching=touching)
                assert got.tolist() == [want, [0] * len(want)], (kind, how, touching, rows, dist)
                one = float(dist[0])
                want1 = [k for k in range(len(rows)) if _within(d2[k], radius[k], one, touching)]
                assert pc.pairs(arr, target, distance=one, touching=touching).tolist() == [want1, [0] * len(want1)]
                assert pc.pairs(target, arr, distance=one, touching=touching).tolist() == [[0] * len(want1), want1]


@pytest.mark.parametrize("family", ["star", "comb", "grid", "convex"])
@settings(max_examples=examples(25), deadline=None)
@given(data=st.data())
def test_pairs_among_outlines_agree_with_the_reference(family, data):
    """pairs of outline collections alone and with each other, overlapping
    in both modes or within a distance: every pair the reference gives."""
    drawn = [data.draw(OS.regions(family)) for _ in range(3)]
    lines = [[tuple(p) for p in sh[: max(2, len(sh) // 2 + 1)]] for sh, _ in drawn]
    regions = pc.Regions(
        [np.array(sh, float) for sh, _ in drawn], [[np.array(h, float) for h in hs] for _, hs in drawn]
    )
    polylines = pc.Polylines([np.array(ln, float) for ln in lines])
    unit = max(max(abs(v) for v in p) for sh, _ in drawn for p in sh) or 1.0
    distance = data.draw(st.sampled_from([0.0, 0.25, 1.0])) * unit
    outlines = {"region": drawn, "polyline": lines}
    coll = {"region": regions, "polyline": polylines}

    def meets(ka, x, kb, y, touching):
        if ka == kb == "region":
            return O.overlaps_regions(x, y, touching)
        if ka == kb == "polyline":
            return O.overlaps_polylines(x, y, touching)
        line, region = (x, y) if ka == "polyline" else (y, x)
        return O.overlaps_polyline_region(line, region, touching)

    for ka, kb in (("region", "region"), ("polyline", "polyline"), ("region", "polyline"), ("polyline", "region")):
        for touching in (True, False):
            table = [[meets(ka, x, kb, y, touching) for y in outlines[kb]] for x in outlines[ka]]
            want = [[i, j] for i in range(3) for j in range(3) if table[i][j]]
            assert pc.pairs(coll[ka], coll[kb], touching=touching).T.tolist() == want, (ka, kb, touching)
            if ka == kb:
                assert pc.pairs(coll[ka], touching=touching).T.tolist() == [p for p in want if p[0] < p[1]]
            near = [
                [i, j]
                for i, x in enumerate(outlines[ka])
                for j, y in enumerate(outlines[kb])
                if _within(_outline_dist2((ka, x), (kb, y), meets(ka, x, kb, y, True)), 0, distance, touching)
            ]
            got = pc.pairs(coll[ka], coll[kb], distance=distance, touching=touching)
            assert got.T.tolist() == near, (ka, kb, touching, distance)


def test_pairs_with_outlines_refuse_what_they_do_not_take():
    r = pc.Regions([[[0, 0], [1, 0], [0, 1]]])
    balls = pc.Circles([[0, 0, 1]])
    with pytest.raises(TypeError, match="a distance per shape applies to shapes of `a`"):
        pc.pairs(r, balls, distance=[1.0])
    with pytest.raises(TypeError, match="a distance per shape applies to shapes of `a`"):
        pc.pairs(r, r, distance=[1.0])
    with pytest.raises(ValueError, match="`distance` must be finite and >= 0"):
        pc.pairs(balls, r, distance=-1.0)
    with pytest.raises(ValueError, match=r"distance\[0\] is nan"):
        pc.pairs(balls, r, distance=[np.nan])


@pytest.mark.parametrize("family", ["star", "comb", "grid", "convex"])
@settings(max_examples=examples(20), deadline=None)
@given(data=st.data())
def test_nearest_and_distance_from_outlines(family, data):
    """Outlines as `a` of nearest, against shapes and outlines: the least of
    distance's values over b (bit for bit), ties to the lowest index, the
    limit honoured; distance between outlines 0 exactly where they meet,
    else the reference's to rounding."""
    drawn = [data.draw(OS.regions(family)) for _ in range(3)]
    lines = [[tuple(p) for p in sh[: max(2, len(sh) // 2 + 1)]] for sh, _ in drawn]
    regions = pc.Regions(
        [np.array(sh, float) for sh, _ in drawn], [[np.array(h, float) for h in hs] for _, hs in drawn]
    )
    polylines = pc.Polylines([np.array(ln, float) for ln in lines])
    shell, holes = drawn[0]
    shapes = near_shapes(data, shell, holes, n=6)
    assume(shapes)
    kind = shapes[0][0]
    arr = TYPES[kind]([row for k, row in shapes if k == kind])
    exact = {"region": drawn, "polyline": lines}
    tol = 1e-9 * (1 + max(abs(float(v)) for v in OS._numbers(drawn)))  # as test_outlines_near's distances
    for ka, a in (("region", regions), ("polyline", polylines)):
        for kb, b in (("region", regions), ("polyline", polylines), ("shapes", arr)):
            table = np.array([[pc.distance(a[i : i + 1], b[j : j + 1])[0] for j in range(len(b))] for i in range(3)])
            limit = data.draw(st.sampled_from([np.inf, float(np.median(table))]))
            got = pc.nearest(a, b, max_distance=limit)
            for i in range(3):
                within = np.flatnonzero(table[i] <= limit)
                if not len(within):
                    assert got.index[i] == -1 and got.distance[i] == np.inf
                    continue
                best = table[i][within].min()
                assert got.distance[i] == best and got.index[i] == within[table[i][within] == best][0], (i, table[i])
            if kb == "shapes":
                continue
            for i in range(3):
                for j in range(3):
                    x, y = exact[ka][i], exact[kb][j]
                    if ka == kb == "region":
                        meets = O.overlaps_regions(x, y)
                    elif ka == kb == "polyline":
                        meets = O.overlaps_polylines(x, y)
                    else:
                        meets = O.overlaps_polyline_region(*((x, y) if ka == "polyline" else (y, x)))
                    want = _fsqrt(_outline_dist2((ka, x), (kb, y), meets))
                    assert (table[i, j] == 0) == meets and abs(table[i, j] - want) <= tol, (
                        ka,
                        kb,
                        i,
                        j,
                    )
