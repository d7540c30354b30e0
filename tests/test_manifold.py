"""manifold against the exact reference (tests/reference/manifold.py) and the
rules in the docstring of pycollide.manifold.

For shapes a, b, a margin >= 0, ``m = manifold(a, b, margin)`` and
``c = contact(a, b)``, every element must satisfy, with
``tol = 1e-9 * (1 + the largest |coordinate| of a and b)``:

* ``count`` is 0, 1 or 2; ``count > 0`` exactly where ``c.separation <=
  margin`` (rule 1), which at margin 0 is exactly ``overlaps(a, b)``; the
  normal is a unit vector; the slots k >= count of ``points`` and
  ``separations`` are NaN, the others finite;
* count 0: ``normal == c.normal`` (bit for bit);
* a single-point core (rule 2): count 1 and rule 2's point from ``c`` bit
  for bit: ``separations[0] == c.separation``, ``points[0] == (c.point_a +
  c.point_b) / 2`` in float64, ``normal == c.normal``;
* both cores with faces (rule 3): the result is one of an admissible
  reference candidate's (see the reference's docstring: its normal within
  1e-12, its kept ends as a set of points within tol with their separations
  within tol), or rule 2's point bit for bit where a candidate's clip is
  empty or keeps no end;
* ``manifold(b, a)`` is ``manifold(a, b)`` with the normal negated, the
  points and separations the same as sets (within tol; not for two identical
  shapes, where no normal can be both, nor for the normal where no direction
  exists: (0, 1) both ways, as for contact, which gives the points too).
"""

import functools
import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
import reference as ref
from hypothesis import given
from hypothesis import strategies as st
from reference.manifold import FALLBACK, manifold_candidates, same_points
from reference.test_manifold_reference import HAND, HAND_IDS
from strategies import KINDS, TYPES, grid_coords, random_coords, seeded_grid_shapes, shape

import pycollide as pc

COORDS = {"grid": lambda: grid_coords(3), "random": random_coords}
MARGINS = {"grid": st.sampled_from([0.5, 1.0, 2.5]), "random": st.sampled_from([0.5, 4.0, 20.0])}
UP = (0.0, 1.0)  # contact's normal where no direction exists


def tolerance(a, b):
    """The absolute tolerance for shapes a, b: 1e-9 of their coordinate scale."""
    return 1e-9 * (1 + max(abs(v) for v in tuple(a) + tuple(b)))


def _interleaved():
    """Every (ka, kb, coords), ordered so that every 4th one (the cases the
    default profile runs, see conftest's ``sample``) still covers each kind
    on each side and both coordinate kinds: the group (i + j + coords) % 4
    of a case is its position within a block of 4."""
    cases = [
        (ka, kb, coords)
        for (i, ka), (j, kb), (k, coords) in itertools.product(enumerate(KINDS), enumerate(KINDS), enumerate(COORDS))
    ]
    groups = [
        [c for c in cases if (KINDS.index(c[0]) + KINDS.index(c[1]) + list(COORDS).index(c[2])) % 4 == g]
        for g in range(4)
    ]
    return [c for block in itertools.zip_longest(*groups) for c in block if c is not None]


CASES = _interleaved()


def rule2(c, i=()):
    """Rule 2's (normal, point, separation) from contact ``c`` at index i."""
    return c.normal[i], (c.point_a[i] + c.point_b[i]) / 2, c.separation[i]


def _describe(cands):
    return "; ".join(
        f"{c.reference}-face normal {c.normal}: {list(c.outcomes)}" + ("" if c.stable else " (unstable)") for c in cands
    )


def check_element(ka, a, kb, b, margin, count, normal, points, separations, c_normal, c_point, c_sep):
    """One manifold result against the rules and the reference.  ``c_*`` is
    rule 2's answer computed from pc.contact (see :func:`rule2`)."""
    a, b = tuple(map(float, a)), tuple(map(float, b))
    tol = tolerance(a, b)
    k = int(count)
    where = (
        f"{ka} {a} vs {kb} {b} at margin {margin!r}: count {k}, normal {normal.tolist()}, "
        f"points {points.tolist()}, separations {separations.tolist()} "
        f"(contact: separation {float(c_sep)!r}, normal {c_normal.tolist()}); tol {tol:.3g}"
    )
    assert k in (0, 1, 2), where
    assert abs(math.hypot(*normal) - 1) <= 1e-12, "normal not unit: " + where
    assert np.isnan(points[k:]).all() and np.isnan(separations[k:]).all(), "unused slots not NaN: " + where
    assert np.isfinite(points[:k]).all() and np.isfinite(separations[:k]).all(), where
    if margin == 0:
        assert (k > 0) == ref.overlaps(ka, a, kb, b), "count > 0 is not overlaps at margin 0: " + where
    assert (k > 0) == (c_sep <= margin), "count > 0 is not contact's separation <= margin: " + where
    if k == 0:
        np.testing.assert_array_equal(normal, c_normal, err_msg="count 0: the normal is contact's: " + where)
        return
    is_rule2 = (
        k == 1 and separations[0] == c_sep and np.array_equal(points[0], c_point) and np.array_equal(normal, c_normal)
    )
    cands = manifold_candidates(ka, a, kb, b, margin, tol)
    if not cands:  # a single-point core
        assert is_rule2, "a single-point core: rule 2's point from contact, bit for bit: " + where
        return
    if is_rule2 and any(c.fallback for c in cands):
        return
    got = [(tuple(p), s) for p, s in zip(points[:k].tolist(), separations[:k].tolist())]
    assert any(c.accepts(normal.tolist(), [p for p, _ in got], [s for _, s in got], tol) for c in cands), (
        f"not a reference manifold{' (nor an allowed rule-2 fallback)' if is_rule2 else ''}: {where}; "
        f"the reference's candidates: {_describe(cands)}"
    )


def check_batch(ka, kb, A, B, margin):
    """manifold of two equally long arrays of shapes, element by element."""
    a, b = TYPES[ka](A), TYPES[kb](B)
    m = pc.manifold(a, b, margin=margin)
    n = len(A)
    assert type(m).__name__ == "Manifold" and m._fields == ("count", "normal", "points", "separations")
    assert m.features.shape == (len(A), 2, 2)
    for name, shape_, dtype in [
        ("count", (n,), np.int8),
        ("normal", (n, 2), np.float64),
        ("points", (n, 2, 2), np.float64),
        ("separations", (n, 2), np.float64),
    ]:
        value = getattr(m, name)
        assert isinstance(value, np.ndarray) and value.dtype == dtype and value.shape == shape_, (name, value)
    c = pc.contact(a, b)
    if margin == 0:
        np.testing.assert_array_equal(m.count > 0, pc.overlaps(a, b))
    np.testing.assert_array_equal(m.count > 0, c.separation <= margin)
    for i in range(n):
        check_element(ka, A[i], kb, B[i], margin, m.count[i], m.normal[i], m.points[i], m.separations[i], *rule2(c, i))
    return m


def check_mirrored(ka, kb, A, B, margin, ab):
    """manifold(b, a) is manifold(a, b) with the normal negated, the points
    and separations the same as sets (within tol)."""
    ba = pc.manifold(TYPES[kb](B), TYPES[ka](A), margin=margin)
    np.testing.assert_array_equal(ba.count, ab.count)
    for i in range(len(A)):
        if ka == kb and np.array_equal(A[i], B[i]):
            continue  # identical shapes: no normal is both n and -n
        where = (
            f"{ka} {tuple(A[i])} vs {kb} {tuple(B[i])} at margin {margin!r}: (a, b) gives normal "
            f"{ab.normal[i].tolist()}, points {ab.points[i].tolist()}, separations {ab.separations[i].tolist()}; "
            f"(b, a) gives normal {ba.normal[i].tolist()}, points {ba.points[i].tolist()}, "
            f"separations {ba.separations[i].tolist()}"
        )
        if ref.no_direction(ka, tuple(A[i]), kb, tuple(B[i])):
            # no direction: contact's documented exception (the normal is (0, 1) in either order, so
            # its points are not swapped either); rule 2 takes the points from it
            assert ab.normal[i].tolist() == list(UP) and ba.normal[i].tolist() == list(UP), where
            continue
        assert np.abs(ba.normal[i] + ab.normal[i]).max() <= 1e-12, "normal not negated: " + where
        k = int(ab.count[i])
        x = [(tuple(p), s) for p, s in zip(ab.points[i, :k].tolist(), ab.separations[i, :k].tolist())]
        y = [(tuple(p), s) for p, s in zip(ba.points[i, :k].tolist(), ba.separations[i, :k].tolist())]
        assert same_points(x, y, tolerance(A[i], B[i])), "points differ: " + where


@functools.lru_cache(maxsize=None)
def batches(ka, kb, coords):
    """1 to 3 pairs (a, b) as two float64 arrays, and a positive margin (built
    once: hypothesis strategies are costly to construct)."""
    turned = coords == "random"  # polygons also as turned boxes and regular polygons
    pair = st.tuples(shape(ka, COORDS[coords](), turned), shape(kb, COORDS[coords](), turned))
    arrays = st.lists(pair, min_size=1, max_size=3).map(
        lambda pairs: (
            np.array([p for p, _ in pairs], dtype=np.float64),
            np.array([q for _, q in pairs], dtype=np.float64),
        )
    )
    return st.tuples(arrays, MARGINS[coords])


@pytest.mark.sample(4)
@pytest.mark.parametrize("ka,kb,coords", CASES)
@given(data=st.data())
def test_manifold_against_reference(ka, kb, coords, data):
    (A, B), margin = data.draw(batches(ka, kb, coords), label="(a, b), margin")
    for m in (0.0, margin):
        ab = check_batch(ka, kb, A, B, m)
        check_mirrored(ka, kb, A, B, m, ab)


FACE_KINDS = ("box", "segment", "triangle", "capsule", "polygon4", "polygon8")


@pytest.mark.slow
@pytest.mark.parametrize("margin", [0.0, 1.0])
@pytest.mark.parametrize("ka,kb", list(itertools.combinations_with_replacement(FACE_KINDS, 2)))
def test_seeded_small_grid(ka, kb, margin):
    """Rule 3's hard cases, seeded: small-integer shapes, where shared
    edges, touching corners, tied faces and separations equal to the margin
    are common."""
    rng = np.random.default_rng(17 + FACE_KINDS.index(ka) * 7 + FACE_KINDS.index(kb))
    A, B = seeded_grid_shapes(rng, ka, 120, 2), seeded_grid_shapes(rng, kb, 120, 2)
    ab = check_batch(ka, kb, A, B, margin)
    check_mirrored(ka, kb, A, B, margin, ab)


# ---------------------------------------------------------------- by hand


def _dyadic(*shapes):
    return all(Fraction(v).denominator <= 1024 for s in shapes for v in s)


@pytest.mark.parametrize("name,ka,a,kb,b,margin,expected", HAND, ids=HAND_IDS)
def test_hand_worked_manifolds(name, ka, a, kb, b, margin, expected):
    """The reference's hand-worked cases (tests/reference/test_manifold_reference.py)
    through pc.manifold: exact floats where the inputs are dyadic."""
    m = pc.manifold(TYPES[ka](a), TYPES[kb](b), margin=margin)
    assert np.shape(m.count) == () and np.asarray(m.count).dtype == np.int8
    assert m.normal.shape == (2,) and m.points.shape == (2, 2) and m.separations.shape == (2,)
    c = pc.contact(TYPES[ka](a), TYPES[kb](b))
    normal, point, sep = rule2(c)
    check_element(ka, a, kb, b, margin, m.count, m.normal, m.points, m.separations, normal, point, sep)
    if expected == 0:
        assert m.count == 0
        np.testing.assert_array_equal(m.normal, c.normal)
        return
    if expected in ("point", FALLBACK):
        assert m.count == 1 and m.separations[0] == sep
        np.testing.assert_array_equal(m.points[0], point)
        np.testing.assert_array_equal(m.normal, normal)
        return
    want_normal, want = expected
    k = int(m.count)
    assert k == len(want), m
    got = {(tuple(p), s) for p, s in zip(m.points[:k].tolist(), m.separations[:k].tolist())}
    want = {((float(p[0]), float(p[1])), float(s)) for p, s in want}
    if _dyadic(a, b):
        assert m.normal.tolist() == list(map(float, want_normal))
        assert got == want
    else:
        assert m.normal.tolist() == pytest.approx(list(map(float, want_normal)), abs=1e-15)
        assert same_points(got, want, 1e-15), (got, want)
    np.testing.assert_array_equal(m.points[k:], np.nan)
    np.testing.assert_array_equal(m.separations[k:], np.nan)


def test_margin_moves_count():
    """Two boxes 1 apart: nothing at margins 0 and 0.5; both ends, separation 1,
    from margin 1 on (the separation is exact in floats, so kept at 1)."""
    a, b = pc.Boxes([0, 0, 2, 2]), pc.Boxes([0, 3, 2, 5])
    assert [int(pc.manifold(a, b, margin=m).count) for m in (0.0, 0.5, 1.0, 1.5)] == [0, 0, 2, 2]
    m = pc.manifold(a, b, margin=1.5)
    assert m.separations.tolist() == [1.0, 1.0] and m.normal.tolist() == [0.0, 1.0]
    assert sorted(m.points.tolist()) == [[0.0, 2.5], [2.0, 2.5]]


# ----------------------------------------------------- arrays and errors


@pytest.mark.parametrize("ka,kb", list(itertools.product(KINDS, KINDS)))
def test_broadcasting_equals_elementwise(ka, kb):
    rng = np.random.default_rng(300 + KINDS.index(ka) * 8 + KINDS.index(kb))
    a, b = TYPES[ka](seeded_grid_shapes(rng, ka, 3, 3)), TYPES[kb](seeded_grid_shapes(rng, kb, 4, 3))
    m = pc.manifold(a[:, None], b[None, :], margin=1.0)
    assert m.count.shape == (3, 4) and m.count.dtype == np.int8
    assert m.normal.shape == (3, 4, 2) and m.points.shape == (3, 4, 2, 2) and m.separations.shape == (3, 4, 2)
    for i, j in itertools.product(range(3), range(4)):
        one = pc.manifold(a[i], b[j], margin=1.0)
        assert np.shape(one.count) == () and one.count == m.count[i, j]
        assert one.normal.shape == (2,) and one.points.shape == (2, 2) and one.separations.shape == (2,)
        for name in ("normal", "points", "separations"):
            np.testing.assert_array_equal(getattr(one, name), getattr(m, name)[i, j])
    row = pc.manifold(a, b[1], margin=1.0)  # an array against a single shape
    for name in m._fields:
        np.testing.assert_array_equal(getattr(row, name), getattr(m, name)[:, 1])
    threaded = pc.manifold(a[:, None], b[None, :], margin=1.0, threads=2)
    for name in m._fields:
        np.testing.assert_array_equal(getattr(threaded, name), getattr(m, name))


def test_default_margin_is_zero():
    a, b = pc.Boxes([[0, 0, 2, 2], [0, 0, 2, 2]]), pc.Boxes([[-5, -1, 5, 0.25], [0, 2.5, 2, 5]])
    m, z = pc.manifold(a, b), pc.manifold(a, b, margin=0.0)
    for name in m._fields:
        np.testing.assert_array_equal(getattr(m, name), getattr(z, name))
    assert m.count.tolist() == [2, 0]


def test_empty_results():
    e = pc.manifold(pc.Circles(np.zeros((0, 3))), pc.Boxes([0, 0, 1, 1]))
    assert e.count.shape == (0,) and e.count.dtype == np.int8
    assert e.normal.shape == (0, 2) and e.points.shape == (0, 2, 2) and e.separations.shape == (0, 2)
    for v in (e.normal, e.points, e.separations):
        assert v.dtype == np.float64
    e = pc.manifold(pc.Polygons(np.zeros((0, 4, 2)))[:, None], pc.Points(np.zeros((4, 2)))[None, :], margin=1.0)
    assert e.count.shape == (0, 4) and e.normal.shape == (0, 4, 2)
    assert e.points.shape == (0, 4, 2, 2) and e.separations.shape == (0, 4, 2)


@pytest.mark.parametrize("margin", [-1.0, -1e-300, math.nan, math.inf, -math.inf])
def test_bad_margin_value(margin):
    with pytest.raises(ValueError, match="margin"):
        pc.manifold(pc.Boxes([0, 0, 1, 1]), pc.Boxes([0, 0, 1, 1]), margin=margin)


@pytest.mark.parametrize("margin", ["1", None, [1.0], object()])
def test_bad_margin_type(margin):
    with pytest.raises((TypeError, ValueError), match="margin"):
        pc.manifold(pc.Boxes([0, 0, 1, 1]), pc.Boxes([0, 0, 1, 1]), margin=margin)


def test_type_errors():
    with pytest.raises(TypeError, match=r"manifold: `a` must be a shape array .* got ndarray"):
        pc.manifold(np.zeros((2, 3)), pc.Points([0, 0]))
    with pytest.raises(TypeError, match=r"manifold: `b` must be a shape array .* got list"):
        pc.manifold(pc.Points([0, 0]), [0, 0])
    with pytest.raises(TypeError, match=r"manifold: `b`"):
        pc.manifold(pc.Points([0, 0]), pc.Lines([0, 0, 1, 1]))
    with pytest.raises(ValueError, match=r"manifold: .*broadcast"):
        pc.manifold(pc.Circles([[0, 0, 1], [5, 0, 1]]), pc.Points([[1, 0], [0, 0], [9, 9]]))


def test_out_receives_the_manifold():
    """``out`` gets the raw result a new manifold holds (NaN where a point
    is unused), bit for bit, through its own strides, and is checked."""
    rng = np.random.default_rng(23)
    for ka, kb in [("box", "box"), ("triangle", "capsule"), ("circle", "polygon4")]:
        a = TYPES[ka](seeded_grid_shapes(rng, ka, 6, 3))
        b = TYPES[kb](seeded_grid_shapes(rng, kb, 6, 3))
        fresh = pc.manifold(a, b, 0.25)
        big = np.full((6, 3, 9), 7.0)
        got = pc.manifold(a, b, 0.25, out=big[:, 2])
        for f in fresh._fields:
            assert np.array_equal(getattr(got, f), getattr(fresh, f), equal_nan=True)
        assert np.shares_memory(got.normal, big) and (big[:, :2] == 7.0).all()
        with pytest.raises(ValueError, match="shape"):
            pc.manifold(a, b, out=np.empty((6, 7)))


# ---- features: which vertex or edge made each point ------------------------------------------------------------


def _layout_vertices(kind, row):
    row = np.asarray(row, dtype=float)
    if kind == "box":
        return np.array([[row[0], row[1]], [row[2], row[1]], [row[2], row[3]], [row[0], row[3]]])
    if kind in ("point", "circle"):
        return row[None, :2]
    if kind in ("segment", "capsule"):
        return row[:4].reshape(2, 2)
    return row.reshape(-1, 2)


def _feature_distance(kind, row, code, p):
    """How far p is from the feature (a vertex or an edge of the layout)."""
    v = _layout_vertices(kind, row)
    i = code // 2
    if code % 2 == 0:
        return float(np.hypot(*(p - v[i])))
    a, b = v[i], v[(i + 1) % len(v)]
    e = b - a
    t = np.clip(np.dot(p - a, e) / max(np.dot(e, e), 1e-300), 0, 1)
    return float(np.hypot(*(p - (a + t * e))))


def _radius(kind, row):
    return row[2] if kind == "circle" else row[4] if kind == "capsule" else 0.0


@pytest.mark.parametrize("ka", KINDS)
@pytest.mark.parametrize("kb", KINDS)
def test_features_name_a_vertex_or_edge_at_each_point(ka, kb):
    rng = np.random.default_rng(KINDS.index(ka) * 31 + KINDS.index(kb))
    n = 200
    A = seeded_grid_shapes(rng, ka, n, 3) * 0.5
    B = seeded_grid_shapes(rng, kb, n, 3) * 0.5
    m = pc.manifold(TYPES[ka](A), TYPES[kb](B), margin=0.5)
    assert m.features.shape == (n, 2, 2) and m.features.dtype == np.int16
    count_a = len(_layout_vertices(ka, A[0]))
    count_b = len(_layout_vertices(kb, B[0]))
    for i in range(n):
        k = int(m.count[i])
        assert (m.features[i, k:] == -1).all()
        reach = _radius(ka, A[i]) + _radius(kb, B[i])
        for j in range(k):
            fa, fb = (int(x) for x in m.features[i, j])
            assert 0 <= fa < 2 * count_a and 0 <= fb < 2 * count_b, (i, j, fa, fb)
            p = m.points[i, j]
            slack = reach + abs(m.separations[i, j]) + 1e-9
            assert _feature_distance(ka, A[i], fa, p) <= slack, (i, j, fa, A[i], p)
            assert _feature_distance(kb, B[i], fb, p) <= slack, (i, j, fb, B[i], p)
    # either order: the same features, each side's its own
    r = pc.manifold(TYPES[kb](B), TYPES[ka](A), margin=0.5)
    same = (r.count == m.count) & ((r.points == m.points) | np.isnan(m.points)).all(axis=(1, 2))
    assert same.mean() > 0.9
    assert (r.features[same] == m.features[same][..., ::-1]).all()


def test_features_worked_by_hand():
    floor = pc.Boxes([-5, -1, 5, 0])  # its top edge is edge 2, from corner 2 (5, 0) to corner 3 (-5, 0)
    m = pc.manifold(floor, pc.Boxes([0, -0.25, 2, 1.75]))
    assert m.features.tolist() == [[5, 0], [5, 2]]  # the floor's face under the crate's corners 0 and 1
    m = pc.manifold(floor, pc.Boxes([4, -0.25, 6, 1.75]))  # overhanging: the floor's corner 2 cuts the crate's edge 0
    assert m.points[:, 0].tolist() == [4.0, 5.0] and m.features.tolist() == [[5, 0], [4, 1]]
    m = pc.manifold(floor, pc.Circles([1, 0.5, 1]))  # a ball on the face
    assert m.features.tolist() == [[5, 0], [-1, -1]]
    m = pc.manifold(pc.Circles([5.5, 0.5, 1]), floor)  # a ball at the corner: the floor's vertex 2
    assert m.features.tolist() == [[0, 4], [-1, -1]]
    tri = pc.Triangles([4, -0.25, 4, 1.75, 6, -0.25])  # clockwise: its bottom edge is edge 2, from vertex 2 to 0
    assert pc.manifold(floor, tri).features.tolist() == [[5, 0], [4, 5]]
    cap = pc.Capsules([1, 0.5, 3, 0.5, 0.75])  # lying on the floor: its edge 0 against the floor's face
    m = pc.manifold(floor, cap)
    assert int(m.count) == 2 and m.features.tolist() == [[5, 0], [5, 2]]


@pytest.mark.parametrize(
    "floor",
    [
        pc.Boxes([-20.0, -1.0, 20.0, 0.0]),
        pc.Polygons([[[-20.0, -1.0], [20.0, -1.0], [20.0, 0.0], [-20.0, 0.0]]]),
        pc.Polygons([[[-20.0, 0.0], [-20.0, -1.0], [20.0, -1.0], [20.0, 0.0]]]),
        pc.Segments([20.0, 0.0, -20.0, 0.0]),
        pc.TileMap(np.ones((1, 40), dtype=np.int8), tile_size=1.0, origin=(-20.0, -1.0)),  # seams under the box
        pc.World(pc.Boxes([[-20.0, -1.0, 20.0, 0.0]])),
    ],
    ids=["box", "polygon", "polygon-rolled", "segment", "tilemap", "world"],
)
def test_a_box_resting_on_a_floor_keeps_its_two_ids_over_1000_frames_of_jitter(floor):
    rng = np.random.default_rng(45)
    frames = 1000
    centre = np.column_stack([0.3 + rng.uniform(-1e-3, 1e-3, frames), 0.5 - 1e-3 + rng.uniform(-2e-4, 2e-4, frames)])
    angle = rng.uniform(-1e-4, 1e-4, frames)
    angle[::10] = 0.0  # some frames exactly level: the faces parallel
    box = pc.Polygons.from_box(centre, [0.5, 0.5], angle)
    for a, b in ((floor, box), (box, floor)):
        m = pc.manifold(a, b)
        assert (m.count == 2).all()
        first = m.features[0]
        assert (first >= 0).all() and first[0, 0] != first[1, 0] or first[0, 1] != first[1, 1]
        assert (m.features == first).all(), np.flatnonzero((m.features != first).any(axis=(1, 2)))[:5]
    # with a margin for speculative points, resting a hair above it: the same
    lifted = pc.Polygons.from_box(centre + [0.0, 2e-3], [0.5, 0.5], angle)
    m = pc.manifold(floor, lifted, margin=0.01)
    assert (m.count == 2).all() and (m.features == m.features[0]).all()


def test_features_against_tile_maps_and_worlds():
    floor = pc.TileMap.from_text("....\n####")  # its top: one merged edge across the seams
    top = int(np.flatnonzero((np.asarray(floor.normals) == [0.0, 1.0]).all(axis=1))[0])
    m = pc.manifold(pc.Boxes([0.5, 1, 1.5, 2]), floor)
    assert int(m.count) == 2 and sorted(m.features.tolist()) == [[0, 2 * top + 1], [2, 2 * top + 1]]
    back = pc.manifold(floor, pc.Boxes([0.5, 1, 1.5, 2]))
    assert back.features.tolist() == [f[::-1] for f in m.features.tolist()]
    world = pc.World(floor, pc.Boxes([[5, 0, 9, 1]]))
    crates = pc.Boxes([[0.5, 1, 1.5, 2], [6, 1, 7, 2]])
    w = pc.manifold(crates, world)
    assert w.features[0].tolist() == m.features.tolist()  # the tile map's, as alone
    pair = pc.manifold(crates[1], pc.Boxes([5, 0, 9, 1]))  # the collection's shape's own features
    assert w.features[1].tolist() == pair.features.tolist() and w.part.tolist() == [0, 1]
    assert pc.manifold(world, crates).features.tolist() == [[f[::-1] for f in g] for g in w.features.tolist()]
    ball = pc.manifold(pc.Circles([2, 1.5, 0.5]), floor)  # one point: the ball's centre; the map's side unknown
    assert ball.features.tolist() == [[0, -1], [-1, -1]]
    outline = pc.manifold(pc.Boxes([0.5, 1, 1.5, 2]), pc.Polylines([[[0, 1], [4, 1]]]))
    assert (outline.features == -1).all()  # not reported against outlines yet


def test_a_segments_edge_is_edge_0_whatever_its_slope():
    floor = pc.Segments([-1.0, -0.3, 7.0, 1.1])  # slanted: both of its layout edges lie along it
    boxes = pc.Polygons.from_box([[1.0, 0.4], [3.3, 0.8], [5.2, 1.05]], [0.4, 0.3], np.arctan2(1.4, 8.0))
    m = pc.manifold(boxes, floor, margin=0.5)
    kept = m.features[..., 1][m.features[..., 1] >= 0]
    assert len(kept) >= 2 and set(kept.tolist()) <= {0, 1, 2}  # a vertex (0 or 2) or the edge (1), never edge 1 (3)
