"""pairs(a, b, distance=d): every pair within distance d, decided exactly.

Against brute force over the exact reference (``reference.within``): every
ordered pair of kinds in both touching modes, distances that put many pairs
exactly at d (integer layouts), the grid (one collection) and the tree (two),
hypothesis-drawn shapes, and bad input.
"""

import itertools

import numpy as np
import pytest
import reference as ref
from hypothesis import given
from hypothesis import strategies as st
from strategies import KINDS, TYPES, grid_coords, random_coords, shape_arrays
from test_pairs import LAYOUTS, scene

import pycollide as pc

ORDERED_PAIRS = list(itertools.product(KINDS, KINDS))


def reference_within(ka, A, kb, B, distance, touching=True):
    rows_a = [tuple(map(float, r)) for r in A]
    if B is None:
        found = [
            (i, j)
            for i, j in itertools.combinations(range(len(A)), 2)
            if ref.within(ka, rows_a[i], ka, rows_a[j], distance, touching)
        ]
    else:
        rows_b = [tuple(map(float, r)) for r in B]
        found = [
            (i, j)
            for i in range(len(A))
            for j in range(len(B))
            if ref.within(ka, rows_a[i], kb, rows_b[j], distance, touching)
        ]
    return np.array(found, dtype=np.int64).reshape(-1, 2).T


def distances_for(layout):
    """Distances at the scene's scale; on the integer grid 1 and 2 are often exact."""
    return {
        "grid": [0.0, 1.0, 2.0],
        "random": [0.0, 0.75, 3.0],
        "clustered": [0.0, 1e-4, 3e-4],
        "extreme": [0.0, 1.0, 2.0**500],
    }[layout]


@pytest.mark.sample(40)
@pytest.mark.parametrize("touching", [True, False], ids=["touching", "strict"])
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("ka,kb", ORDERED_PAIRS)
def test_bipartite_within_against_reference(ka, kb, layout, touching):
    rng = np.random.default_rng([KINDS.index(ka), KINDS.index(kb), LAYOUTS.index(layout), 5])
    A, B = scene(ka, 14, rng, layout), scene(kb, 11, rng, layout)
    for distance in distances_for(layout):
        got = pc.pairs(TYPES[ka](A), TYPES[kb](B), distance=distance, touching=touching)
        assert got.dtype == np.int64
        assert np.array_equal(got, reference_within(ka, A, kb, B, distance, touching)), distance


@pytest.mark.sample(20)
@pytest.mark.parametrize("touching", [True, False], ids=["touching", "strict"])
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("kind", KINDS)
def test_self_within_against_reference(kind, layout, touching):
    rng = np.random.default_rng([KINDS.index(kind), LAYOUTS.index(layout), 55])
    A = scene(kind, 30, rng, layout)
    for distance in distances_for(layout):
        got = pc.pairs(TYPES[kind](A), distance=distance, touching=touching)
        assert np.array_equal(got, reference_within(kind, A, None, None, distance, touching)), distance


@given(data=st.data())
def test_within_hypothesis_against_reference(data):
    ka, kb = data.draw(st.sampled_from(KINDS)), data.draw(st.sampled_from(KINDS))
    coords = data.draw(st.sampled_from([grid_coords, random_coords]))()
    A = data.draw(shape_arrays(ka, coords, 8), label="a")
    B = data.draw(shape_arrays(kb, coords, 8), label="b")
    distance = data.draw(
        st.one_of(st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.0]), st.floats(0, 1e6, allow_nan=False)), label="distance"
    )
    touching = data.draw(st.booleans())
    got = pc.pairs(TYPES[ka](A), TYPES[kb](B), distance=distance, touching=touching)
    assert np.array_equal(got, reference_within(ka, A, kb, B, distance, touching))
    got = pc.pairs(TYPES[ka](A), distance=distance, touching=touching)
    assert np.array_equal(got, reference_within(ka, A, None, None, distance, touching))


def test_circles_exactly_at_the_distance():
    """Centres 5 apart, radii 1: the shapes are 3 apart, and 3 is exact both ways."""
    balls = pc.Circles([[0, 0, 1], [5, 0, 1], [0, 5, 1], [3, 4, 1], [100, 100, 0]])
    got = pc.pairs(balls, distance=3)
    assert got.tolist() == [[0, 0, 0, 1, 2], [1, 2, 3, 3, 3]]
    assert pc.pairs(balls, distance=3, touching=False).tolist() == [[1, 2], [3, 3]]
    assert pc.pairs(balls, distance=np.nextafter(3, 0)).tolist() == [[1, 2], [3, 3]]
    # a distance no double holds: sqrt(2) - 1 between these circles' edges.  The
    # doubles within 8 ulps of it straddle it: each answer as the reference's
    pair = pc.Circles([[0, 0, 0.5], [1, 1, 0.5]])
    step = np.spacing(np.sqrt(2) - 1)
    answers = []
    for k in range(-8, 9):
        d = float(np.sqrt(2) - 1 + k * step)
        want = ref.within("circle", (0.0, 0.0, 0.5), "circle", (1.0, 1.0, 0.5), d)
        assert pc.pairs(pair, distance=d).shape[1] == int(want), k
        answers.append(want)
    assert answers[0] is False and answers[-1] is True  # the boundary lies inside the window
    # a pair where the plain float test |c1 - c2|^2 <= (r1 + r2 + d)^2 says yes, wrongly
    far = pc.Circles([[-33657963.0, -25255555.0, 0.375], [-33657094.0, -25255132.0, 0.125]])
    d = 965.9833159449779
    assert (869.0**2 + 423.0**2) - (0.5 + d) ** 2 <= 0  # what floats say
    assert not ref.within("circle", tuple(far._data[0]), "circle", tuple(far._data[1]), d)
    assert pc.pairs(far, distance=d).shape == (2, 0)
    assert pc.pairs(far, far, distance=d).tolist() == [[0, 1], [0, 1]]  # the tree: each with itself only


def test_large_collections_grid_and_tree_agree():
    """Many shapes, several sizes: the grid (one collection) and the tree (a
    against itself, i < j kept) find the same pairs, equal to brute force."""
    rng = np.random.default_rng(3)
    n = 3000
    r = rng.uniform(0.2, 1.0, n)
    r[rng.random(n) < 0.01] *= 25
    xy = np.round(rng.uniform(0, 80, (n, 2)) * 4) / 4
    c = pc.Circles(center=xy, radius=r)
    for distance in (0.5, 2.0):
        for touching in (True, False):
            grid = pc.pairs(c, distance=distance, touching=touching, threads=2)
            tree = pc.pairs(c, c, distance=distance, touching=touching)
            tree = tree[:, tree[0] < tree[1]]
            assert np.array_equal(grid, tree)
            gap = np.hypot(*(xy[grid[0]] - xy[grid[1]]).T) - r[grid[0]] - r[grid[1]]
            assert (gap <= distance + 1e-9).all()
    # against brute force in floats, away from the boundary
    d2 = ((xy[:, None] - xy[None]) ** 2).sum(-1)
    reach = (r[:, None] + r[None] + 2.0) ** 2
    i, j = np.nonzero(np.triu(d2 < reach * (1 - 1e-12), 1))
    got = pc.pairs(c, distance=2.0)
    got_set = set(zip(*got.tolist()))
    assert set(zip(i.tolist(), j.tolist())) <= got_set
    far = np.triu(d2 > reach * (1 + 1e-12), 1)
    assert not any(far[a, b] for a, b in got_set)


def test_distance_zero_is_overlaps():
    rng = np.random.default_rng(4)
    corner = rng.integers(0, 20, (300, 2))
    boxes = pc.Boxes(np.concatenate([corner, corner + rng.integers(0, 5, (300, 2))], axis=1) * 1.0)
    assert np.array_equal(pc.pairs(boxes, distance=0), pc.pairs(boxes))
    assert pc.pairs(boxes, distance=0, touching=False).shape == (2, 0)
    segs = pc.Segments(rng.integers(0, 20, (200, 4)) * 1.0)
    assert np.array_equal(pc.pairs(boxes, segs, distance=0.0), pc.pairs(boxes, segs))


@pytest.mark.parametrize(
    "bad,error",
    [
        (-1.0, ValueError),
        (np.nan, ValueError),
        (np.inf, ValueError),
        ("1", TypeError),
        (True, TypeError),
        ([1.0], TypeError),
    ],
)
def test_bad_distance(bad, error):
    balls = pc.Circles([[0, 0, 1], [3, 0, 1]])
    with pytest.raises(error, match="distance"):
        pc.pairs(balls, distance=bad)


def test_placed_compounds_take_no_distance():
    part = pc.Compound([pc.Circles([[0, 0, 1]])])
    with pytest.raises(TypeError, match="distance"):
        pc.pairs(part.at([[0, 0], [5, 0]]), distance=1.0)


@pytest.mark.sample(8)
@pytest.mark.parametrize("touching", [True, False], ids=["touching", "strict"])
@pytest.mark.parametrize(
    "ka,kb",
    [
        ("circle", "box"),
        ("point", "circle"),
        ("segment", "triangle"),
        ("capsule", "polygon8"),
        ("box", "point"),
        ("polygon4", "segment"),
    ],
)
@pytest.mark.parametrize("layout", ["grid", "random"])
def test_a_distance_per_shape_is_each_shapes_own_query(ka, kb, layout, touching):
    """pairs(a, b, distance=array): the pairs (i, j) within distance[i], the
    same as one query per shape of a with its scalar distance; either side
    may hold the tree (the larger shapes query it)."""
    rng = np.random.default_rng([KINDS.index(ka), KINDS.index(kb), 77])
    for scale_a, scale_b in ((1.0, 4.0), (4.0, 1.0)):  # the tree holds the side of the smaller shapes
        A, B = scene(ka, 40, rng, layout) * scale_a, scene(kb, 30, rng, layout) * scale_b
        each = rng.choice(distances_for(layout) + [0.25], size=len(A))
        a, b = TYPES[ka](A), TYPES[kb](B)
        got = pc.pairs(a, b, distance=each, touching=touching)
        expected = [
            pc.pairs(a[i : i + 1], b, distance=float(each[i]), touching=touching) + [[i], [0]] for i in range(len(A))
        ]
        assert np.array_equal(got, np.concatenate(expected, axis=1))
        assert np.array_equal(
            pc.pairs(a, b, distance=np.full(len(A), 1.0), touching=touching),
            pc.pairs(a, b, distance=1.0, touching=touching),
        )
        assert np.array_equal(
            pc.pairs(a, b, distance=0.5, touching=touching), pc.pairs(a, b, distance=[0.5], touching=touching)
        )  # broadcast


def test_bad_distance_per_shape():
    balls, walls = pc.Circles([[0, 0, 1], [3, 0, 1]]), pc.Boxes([[0, 0, 1, 1]])
    with pytest.raises(ValueError, match=r"`distance` must be finite and >= 0; distance\[1\] is -1.0"):
        pc.pairs(balls, walls, distance=[0.5, -1.0])
    with pytest.raises(ValueError, match=r"distance\[0\] is nan"):
        pc.pairs(balls, walls, distance=[np.nan, 1.0])
    with pytest.raises(ValueError, match="does not broadcast"):
        pc.pairs(balls, walls, distance=[0.5, 1.0, 2.0])
    with pytest.raises(TypeError, match="one number within one collection"):
        pc.pairs(balls, distance=[0.5, 1.0])
    with pytest.raises(TypeError, match="distance"):
        pc.pairs(balls, walls, distance=[True, False])
