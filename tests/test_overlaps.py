"""overlaps and contains against the exact reference, and their array behaviour."""

import itertools

import numpy as np
import pytest
import reference as ref
from hypothesis import given
from hypothesis import strategies as st
from strategies import (
    KINDS,
    TYPES,
    WIDTH,
    grid_coords,
    half_grid_coords,
    random_coords,
    seeded_grid_shapes,
    shape_arrays,
)

import pycollide as pc

ORDERED_PAIRS = list(itertools.product(KINDS, KINDS))
COORDS = {"grid": grid_coords, "half-grid": half_grid_coords, "random": random_coords}


def reference_answers(ka, A, kb, B, touching=True):
    return [ref.overlaps(ka, tuple(map(float, a)), kb, tuple(map(float, b)), touching=touching) for a, b in zip(A, B)]


@pytest.mark.sample(3)
@pytest.mark.parametrize("coords", list(COORDS))
@pytest.mark.parametrize("ka,kb", ORDERED_PAIRS)
@given(data=st.data())
def test_overlaps_agrees_with_reference(ka, kb, coords, data):
    n = data.draw(st.integers(1, 8), label="n")
    turned = coords == "random"  # polygons also as turned boxes and regular polygons
    A = data.draw(shape_arrays(ka, COORDS[coords](), st.just(n), turned), label="a")
    B = data.draw(shape_arrays(kb, COORDS[coords](), st.just(n), turned), label="b")
    got = pc.overlaps(TYPES[ka](A), TYPES[kb](B))
    assert got.dtype == np.bool_ and got.shape == (n,)
    assert got.tolist() == reference_answers(ka, A, kb, B)


@pytest.mark.sample(32)
@pytest.mark.parametrize("touching", [True, False], ids=["touching", "strict"])
@pytest.mark.parametrize("ka,kb", ORDERED_PAIRS)
def test_dense_integer_grid_against_reference(ka, kb, touching):
    """Many small-grid pairs per ordered pair of kinds (seeded, deterministic)."""
    rng = np.random.default_rng(KINDS.index(ka) * 5 + KINDS.index(kb))
    n = 1500
    A = seeded_grid_shapes(rng, ka, n, 3)
    B = seeded_grid_shapes(rng, kb, n, 3)
    got = pc.overlaps(TYPES[ka](A), TYPES[kb](B), touching=touching).tolist()
    want = reference_answers(ka, A, kb, B, touching)
    mismatches = [i for i in range(n) if got[i] != want[i]]
    assert not mismatches, (
        f"first mismatch: {ka} {A[mismatches[0]]} vs {kb} {B[mismatches[0]]}: want {want[mismatches[0]]}"
    )
    # the grid must actually exercise both answers (a point never strictly
    # overlaps a point or a segment)
    never = not touching and {ka, kb} in ({"point"}, {"point", "segment"})
    assert sum(want) == 0 if never else 0 < sum(want) < n


@pytest.mark.parametrize("ka,kb", ORDERED_PAIRS)
@pytest.mark.slow  # (by default test_exactness's strict_implies_touching_and_is_symmetric checks symmetry)
@given(data=st.data())
def test_symmetry(ka, kb, data):
    n = data.draw(st.integers(0, 10))
    A = TYPES[ka](data.draw(shape_arrays(ka, grid_coords(3), st.just(n))))
    B = TYPES[kb](data.draw(shape_arrays(kb, grid_coords(3), st.just(n))))
    np.testing.assert_array_equal(pc.overlaps(A, B), pc.overlaps(B, A))


@pytest.mark.parametrize("ka,kb", [("circle", "box"), ("segment", "triangle"), ("point", "circle")])
def test_broadcasting_equals_elementwise(ka, kb):
    rng = np.random.default_rng(7)
    A = TYPES[ka](seeded_grid_shapes(rng, ka, 12, 4).reshape(3, 4, WIDTH[ka]))
    B = TYPES[kb](seeded_grid_shapes(rng, kb, 5, 4))
    got = pc.overlaps(A[:, :, None], B[None, None, :])
    assert got.shape == (3, 4, 5)
    for i, j, k in itertools.product(range(3), range(4), range(5)):
        assert got[i, j, k] == pc.overlaps(A[i, j], B[k])
    # a broadcast against a single shape, and a transposed (non-contiguous) view
    np.testing.assert_array_equal(
        pc.overlaps(A, B[2]), [[pc.overlaps(A[i, j], B[2]) for j in range(4)] for i in range(3)]
    )
    V = A[:, ::2]  # a strided view, no copy
    assert not np.asarray(V).flags.c_contiguous
    C = TYPES[ka](np.asarray(V).copy())
    np.testing.assert_array_equal(pc.overlaps(V[:, :, None], B), pc.overlaps(C[:, :, None], B))


def test_scalar_pair_returns_a_0d_array():
    r = pc.overlaps(pc.Circles([0, 0, 1]), pc.Points([1, 0]))
    assert isinstance(r, np.ndarray) and r.shape == () and r.dtype == np.bool_ and bool(r)
    r[()] = False  # a fresh array of the caller's, writeable
    assert bool(pc.overlaps(pc.Circles([0, 0, 1]), pc.Points([1, 0])))


@pytest.mark.sample(8)
@pytest.mark.parametrize("touching", [True, False], ids=["touching", "strict"])
@pytest.mark.parametrize("ka,kb", ORDERED_PAIRS)
def test_one_pair_equals_the_batch(ka, kb, touching):
    """Two single shapes take the scalar kernel (no batch set-up): every answer
    equals the batch's, rows taken from a strided view included, on the first
    call with a shape (nothing cached for the core yet) and the next, and with
    ``touching`` given as a numpy bool (the general way)."""
    rng = np.random.default_rng(KINDS.index(ka) * 13 + KINDS.index(kb))
    A = TYPES[ka](seeded_grid_shapes(rng, ka, 80, 3))[::2]
    B = TYPES[kb](seeded_grid_shapes(rng, kb, 80, 3))[1::2]
    batch = pc.overlaps(A, B, touching=touching)
    singles = [(A[i], B[i]) for i in range(len(A))]
    for flag in (touching, touching, np.bool_(touching)):
        one = [pc.overlaps(a, b, touching=flag) for a, b in singles]
        assert all(isinstance(r, np.ndarray) and r.shape == () and r.dtype == np.bool_ for r in one)
        np.testing.assert_array_equal(np.array(one), batch)


def test_out_is_filled_and_returned():
    c = pc.Circles([[0, 0, 1], [5, 0, 1]])
    p = pc.Points([[1, 0], [0, 0], [9, 9]])
    out = np.zeros((2, 3), dtype=bool)
    res = pc.overlaps(c[:, None], p[None, :], out=out)
    assert res is out
    np.testing.assert_array_equal(out, [[True, True, False], [False, False, False]])
    # a non-contiguous out
    big = np.ones((2, 6), dtype=bool)
    pc.overlaps(c[:, None], p[None, :], out=big[:, ::2])
    np.testing.assert_array_equal(big[:, ::2], out)
    assert big[:, 1::2].all()
    # a 0-d out
    o = np.zeros((), dtype=bool)
    assert pc.overlaps(c[0], p[0], out=o) is o and o[()]


def test_empty_inputs_give_empty_results():
    e = pc.Circles(np.zeros((0, 3)))
    assert pc.overlaps(e, pc.Boxes([0, 0, 1, 1])).shape == (0,)
    assert pc.overlaps(e[:, None], pc.Points(np.zeros((4, 2)))[None, :]).shape == (0, 4)
    assert pc.contains(pc.Triangles(np.zeros((0, 6))), np.zeros((0, 2))).shape == (0,)


@pytest.mark.parametrize("verb", [pc.overlaps, pc.contains])
def test_bad_arguments_leave_out_untouched(verb):
    c = pc.Circles([[0, 0, 1], [5, 0, 1]])
    p = pc.Points([[1, 0], [0, 0], [9, 9]])
    name = verb.__name__
    sentinel = np.ones((2, 3), dtype=bool)
    with pytest.raises(ValueError, match=rf"{name}: `out` must have shape \(2, 3\)"):
        verb(c[:, None], p[None, :], out=np.ones((3, 2), dtype=bool))
    with pytest.raises(TypeError, match=rf"{name}: `out` must have dtype bool"):
        verb(c[:, None], p[None, :], out=np.ones((2, 3), dtype=np.uint8))
    with pytest.raises(TypeError, match=rf"{name}: `out` must be a numpy array"):
        verb(c[:, None], p[None, :], out=[[0] * 3] * 2)
    ro = np.ones((2, 3), dtype=bool)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match=rf"{name}: `out` is read-only"):
        verb(c[:, None], p[None, :], out=ro)
    with pytest.raises(ValueError, match=rf"{name}: the shapes of .* \(2,\) and .* \(3,\) do not broadcast"):
        verb(c, p, out=sentinel)
    assert sentinel.all()


def test_type_errors():
    with pytest.raises(TypeError, match=r"overlaps: `a` must be a shape array .* got ndarray"):
        pc.overlaps(np.zeros((2, 3)), pc.Points([0, 0]))
    with pytest.raises(TypeError, match=r"overlaps: `b` must be a shape array .* got list"):
        pc.overlaps(pc.Points([0, 0]), [0, 0])
    with pytest.raises(TypeError, match=r"contains: `shape` must be a shape array"):
        pc.contains([0, 0, 1], [0, 0])
    with pytest.raises(TypeError, match=r"contains: `points` must be Points"):
        pc.contains(pc.Circles([0, 0, 1]), pc.Circles([0, 0, 1]))
    with pytest.raises(ValueError, match=r"contains: `points`: Points: `data`: coordinates must be finite"):
        pc.contains(pc.Circles([0, 0, 1]), [[0, 0], [np.nan, 1]])
    with pytest.raises(ValueError, match=r"contains: `points`: Points: `data` must have shape"):
        pc.contains(pc.Circles([0, 0, 1]), [[0, 0, 0]])


@pytest.mark.parametrize("kind", KINDS)
@given(data=st.data())
def test_contains_is_overlaps_with_points_and_matches_reference(kind, data):
    n = data.draw(st.integers(1, 8))
    S = data.draw(shape_arrays(kind, grid_coords(3), st.just(n)))
    P = data.draw(shape_arrays("point", grid_coords(3), st.just(n)))
    got = pc.contains(TYPES[kind](S), P)
    np.testing.assert_array_equal(got, pc.overlaps(TYPES[kind](S), pc.Points(P)))
    assert got.tolist() == [ref.contains(kind, tuple(s), tuple(p)) for s, p in zip(S, P)]


def test_seed_examples():
    """The seeds' own cases: circle vs rectangle (000/001), point tests (003/004)."""
    ball = pc.Circles([5.0, 5.0, 1.0])
    tiles = pc.Boxes([[6, 0, 7, 10], [6.5, 0, 7, 10], [0, 6, 10, 7], [5.6, 5.6, 7, 7]])
    np.testing.assert_array_equal(pc.overlaps(ball, tiles), [True, False, True, True])
    # corner regions: (5.6, 5.6) is sqrt(0.72) < 1 away; (6, 6) is sqrt(2) > 1 away
    assert not pc.overlaps(ball, pc.Boxes([6, 6, 7, 7]))
    # point on a rectangle's edge and corner counts (closed), just outside does not
    np.testing.assert_array_equal(
        pc.contains(pc.Boxes([-1, -2, 1, 2]), [[1, 2], [0, -2], [1.0000000000000002, 0]]), [True, True, False]
    )
