"""nearest(a, b): for each shape of a, the nearest shape of b and the distance.

Against brute force over the exact reference: a distance of 0 exactly when
some shape of b touches or overlaps (then the lowest such index), otherwise
the least distance (the reference's exact distance, rounded), ties to the
lowest index, and max_distance honoured.
"""

import math
from fractions import Fraction

import numpy as np
import pytest
import reference as ref
from hypothesis import given
from hypothesis import strategies as st
from strategies import KINDS, TYPES, grid_coords, random_coords, shape_arrays
from test_pairs import scene

import pycollide as pc


def exact_distance(ka, a, kb, b):
    """max(0, |core_a - core_b| - R) from the exact reference, as a float."""
    d2 = ref.core_distance_squared(ka, a, kb, b)
    return max(0.0, math.sqrt(Fraction(d2)) - float(ref.radius_sum(ka, a, kb, b)))


def check(ka, A, kb, B, got, max_distance=math.inf):
    rows_b = [tuple(map(float, r)) for r in B]
    for i, row in enumerate(A):
        a = tuple(map(float, row))
        touching = [j for j, b in enumerate(rows_b) if ref.overlaps(ka, a, kb, b)]
        if touching:
            assert got.index[i] == touching[0] and got.distance[i] == 0.0, (i, touching)
            continue
        dist = [exact_distance(ka, a, kb, b) for b in rows_b]
        best = min(dist, default=math.inf)
        if best > max_distance * (1 + 1e-9):
            assert got.index[i] == -1 and got.distance[i] == math.inf
            continue
        if got.index[i] == -1:  # only at the boundary, where rounding decides
            assert best >= max_distance * (1 - 1e-9)
            continue
        j = got.index[i]
        assert got.distance[i] > 0
        assert math.isclose(got.distance[i], dist[j], rel_tol=1e-9, abs_tol=1e-300)
        assert dist[j] <= best * (1 + 1e-9) + 1e-300
        # no lower index at the same computed distance
        same = [k for k in range(j) if math.isclose(dist[k], dist[j], rel_tol=1e-13, abs_tol=0)]
        for k in same:
            assert pc.distance(TYPES[ka](np.asarray(row)), TYPES[kb](np.asarray(B[k]))) >= got.distance[i]


@pytest.mark.sample(30)
@pytest.mark.parametrize("layout", ["random", "grid", "clustered"])
@pytest.mark.parametrize("kb", KINDS)
@pytest.mark.parametrize("ka", KINDS)
def test_nearest_against_reference(ka, kb, layout):
    rng = np.random.default_rng([KINDS.index(ka), KINDS.index(kb), 17])
    A, B = scene(ka, 12, rng, layout), scene(kb, 30, rng, layout)
    got = pc.nearest(TYPES[ka](A), TYPES[kb](B))
    assert got.index.dtype == np.int64 and got.index.shape == (12,) and got.distance.shape == (12,)
    check(ka, A, kb, B, got)
    limit = float(np.median(got.distance))
    check(ka, A, kb, B, pc.nearest(TYPES[ka](A), TYPES[kb](B), max_distance=limit), limit)


@given(data=st.data())
def test_nearest_hypothesis(data):
    ka, kb = data.draw(st.sampled_from(KINDS)), data.draw(st.sampled_from(KINDS))
    coords = data.draw(st.sampled_from([grid_coords, random_coords]))()
    A = data.draw(shape_arrays(ka, coords, 6), label="a")
    B = data.draw(shape_arrays(kb, coords, 10), label="b")
    if len(A) and len(B):
        check(ka, A, kb, B, pc.nearest(TYPES[ka](A), TYPES[kb](B)))


def test_ties_go_to_the_lowest_index():
    pts = pc.Points([[0, 0], [2, 0], [-2, 0], [0, 2], [0, -2]])
    got = pc.nearest(pc.Points([[0, 0.0], [1, 0], [0, 1], [5, 5]]), pts[1:])
    assert got.index.tolist() == [0, 0, 2, 0]
    # sqrt(34) correctly rounded, as the library gives it: math.sqrt of an exact
    # integer is (IEEE 754), math.hypot(3, 5) is 1 ulp off before Python 3.10
    assert got.distance.tolist() == [2.0, 1.0, 1.0, math.sqrt(34)]
    # several overlapping: the lowest, at 0
    discs = pc.Circles([[5, 0, 1], [0, 0, 3], [1, 0, 3], [0, 0, 1]])
    assert pc.nearest(pc.Points([0.5, 0]), discs) == (1, 0.0)


def test_points_against_kd_tree():
    scipy = pytest.importorskip("scipy.spatial")
    rng = np.random.default_rng(8)
    p, q = rng.uniform(0, 100, (2000, 2)), rng.uniform(0, 100, (3000, 2))
    got = pc.nearest(pc.Points(p), pc.Points(q), threads=2)
    dist, index = scipy.cKDTree(q).query(p)
    assert np.array_equal(got.index, index)
    assert np.allclose(got.distance, dist, rtol=1e-14, atol=0)


def test_batches_and_empty():
    pegs = pc.Circles([[0, 0, 1], [10, 0, 1]])
    got = pc.nearest(pc.Points(np.zeros((2, 3, 2))), pegs)
    assert got.index.shape == (2, 3) and (got.index == 0).all() and (got.distance == 0).all()
    none = pc.nearest(pc.Points([[1, 1]]), pc.Circles(np.empty((0, 3))))
    assert none.index.tolist() == [-1] and none.distance.tolist() == [math.inf]
    assert pc.nearest(pc.Points(np.empty((0, 2))), pegs).index.shape == (0,)


def test_max_distance_broadcasts_with_a():
    """One limit a shape of ``a`` (and the limits may extend a's shape): each
    gets what a call with its own scalar limit gives."""
    rng = np.random.default_rng(31)
    pegs = pc.Circles(np.column_stack([rng.uniform(0, 30, (80, 2)), rng.uniform(0.1, 1.0, 80)]))
    a = pc.Capsules(np.column_stack([rng.uniform(0, 30, (6, 4)), rng.uniform(0, 0.5, 6)]))
    limits = rng.choice([0.0, 0.3, 1.0, 3.0, math.inf], size=(4, 6))
    got = pc.nearest(a, pegs, max_distance=limits)
    assert got.index.shape == (4, 6)
    for i in range(4):
        for j in range(6):
            one = pc.nearest(a[j], pegs, max_distance=float(limits[i, j]))
            assert got.index[i, j] == one.index and got.distance[i, j] == one.distance
    free = pc.nearest(a, pegs)
    kept = free.distance <= limits
    assert np.array_equal(got.index, np.where(kept, free.index, -1))
    with pytest.raises(ValueError, match=r"max_distance\[0, 2\] is -0.5"):
        pc.nearest(a, pegs, max_distance=[[1.0, 1.0, -0.5]])
    with pytest.raises(ValueError, match=r"the shapes of `a` \(6,\) and `max_distance` \(4,\)"):
        pc.nearest(a, pegs, max_distance=np.ones(4))


def test_bad_input():
    pegs = pc.Circles([[0, 0, 1], [10, 0, 1]])
    with pytest.raises(ValueError, match="max_distance"):
        pc.nearest(pc.Points([0, 0]), pegs, max_distance=-1)
    with pytest.raises(ValueError, match="max_distance"):
        pc.nearest(pc.Points([0, 0]), pegs, max_distance=math.nan)
    with pytest.raises(TypeError, match="max_distance"):
        pc.nearest(pc.Points([0, 0]), pegs, max_distance="far")
    with pytest.raises(ValueError, match="1-D"):
        pc.nearest(pc.Points([0, 0]), pc.Circles(np.zeros((2, 2, 3))))
    with pytest.raises(TypeError, match="`b`"):
        pc.nearest(pc.Points([0, 0]), [[0, 0, 1]])
    with pytest.raises(TypeError, match="`a`"):
        pc.nearest(pc.Lines([[0, 0, 1, 1]]), pegs)
