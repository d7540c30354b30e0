"""pairs(): every overlapping pair, against brute force.

Two tiers: small collections against brute force over the exact reference
(every pair of kinds, both modes, random / clustered / grid / extreme inputs,
self and bipartite); large collections (deep trees, several threads) against
brute force over pycollide's own overlaps(), which the other test files check
against the reference.
"""

import itertools

import numpy as np
import pytest
import reference as ref
from hypothesis import given
from hypothesis import strategies as st
from strategies import (
    KINDS,
    POSITIONS,
    TYPES,
    WIDTH,
    grid_coords,
    random_coords,
    seeded_grid_shapes,
    shape_arrays,
    valid_rows,
)

import pycollide as pc

ORDERED_PAIRS = list(itertools.product(KINDS, KINDS))


def scene(kind, n, rng, layout):
    """n shapes of one kind: 'random' (spread, sized for some overlaps),
    'clustered' (tight groups far apart), 'grid' (small integers: touching is
    common) or 'extreme' (huge and tiny magnitudes side by side)."""
    w = WIDTH[kind]
    if layout == "grid":  # small integers, about 8 shapes per unit square
        shapes = seeded_grid_shapes(rng, kind, n, 1)
        spread = int(np.sqrt(n / 8))
        offset = rng.integers(-spread, spread + 1, (n, 2)).astype(float)
        cols = POSITIONS[kind]  # a radius stays
        shapes[:, :cols] += np.tile(offset, cols // 2)
        return shapes
    if layout == "random":
        base = rng.uniform(0, 20, (n, 1, 2))
        data = (base + rng.uniform(-2, 2, (n, w // 2, 2))).reshape(n, -1)
        if POSITIONS[kind] < w:  # a radius
            data = np.column_stack([data[:, : POSITIONS[kind]], rng.uniform(0, 2, n)])
        return valid_rows(kind, data[:, :w])
    if layout == "clustered":
        centres = np.array([[0.0, 0.0], [1e6, -1e6], [1e-3, 5e-4]])
        base = centres[rng.integers(0, 3, n)][:, None, :] + rng.normal(0, 1e-4, (n, 1, 2))
        data = (base + rng.normal(0, 1e-4, (n, w // 2, 2))).reshape(n, -1)
        if POSITIONS[kind] < w:
            data = np.column_stack([data[:, : POSITIONS[kind]], rng.uniform(0, 2e-4, n)])
        return valid_rows(kind, data[:, :w])
    # extreme: grid shapes scaled by huge or tiny powers of two, mixed
    scale = np.ldexp(1.0, rng.choice([-1060, -500, 0, 500, 1015], n))
    return valid_rows(kind, seeded_grid_shapes(rng, kind, n, 3) * scale[:, None])


def reference_pairs(ka, A, kb=None, B=None, touching=True):
    rows_a = [tuple(map(float, r)) for r in A]
    if B is None:
        found = [
            (i, j)
            for i, j in itertools.combinations(range(len(A)), 2)
            if ref.overlaps(ka, rows_a[i], ka, rows_a[j], touching=touching)
        ]
    else:
        rows_b = [tuple(map(float, r)) for r in B]
        found = [
            (i, j)
            for i in range(len(A))
            for j in range(len(B))
            if ref.overlaps(ka, rows_a[i], kb, rows_b[j], touching=touching)
        ]
    return np.array(found, dtype=np.int64).reshape(-1, 2).T


def brute_pairs(a, b=None, touching=True):
    if b is None:
        m = pc.overlaps(a[:, None], a[None, :], touching=touching)
        i, j = np.nonzero(np.triu(m, 1))
    else:
        i, j = np.nonzero(pc.overlaps(a[:, None], b[None, :], touching=touching))
    return np.stack([i, j]).astype(np.int64)


LAYOUTS = ["random", "clustered", "grid", "extreme"]


@pytest.mark.sample(40)
@pytest.mark.parametrize("touching", [True, False], ids=["touching", "strict"])
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("ka,kb", ORDERED_PAIRS)
def test_bipartite_pairs_against_reference(ka, kb, layout, touching):
    rng = np.random.default_rng([KINDS.index(ka), KINDS.index(kb), LAYOUTS.index(layout)])
    A, B = scene(ka, 24, rng, layout), scene(kb, 19, rng, layout)
    got = pc.pairs(TYPES[ka](A), TYPES[kb](B), touching=touching)
    want = reference_pairs(ka, A, kb, B, touching)
    assert got.dtype == np.int64 and got.shape == want.shape
    assert np.array_equal(got, want)


@pytest.mark.sample(20)
@pytest.mark.parametrize("touching", [True, False], ids=["touching", "strict"])
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("kind", KINDS)
def test_self_pairs_against_reference(kind, layout, touching):
    rng = np.random.default_rng([KINDS.index(kind), LAYOUTS.index(layout), 99])
    A = scene(kind, 40, rng, layout)
    got = pc.pairs(TYPES[kind](A), touching=touching)
    assert np.array_equal(got, reference_pairs(kind, A, touching=touching))


@given(data=st.data())
def test_pairs_hypothesis_against_reference(data):
    ka, kb = data.draw(st.sampled_from(KINDS)), data.draw(st.sampled_from(KINDS))
    coords = data.draw(st.sampled_from([grid_coords, random_coords]))()
    A = data.draw(shape_arrays(ka, coords, 10), label="a")
    B = data.draw(shape_arrays(kb, coords, 10), label="b")
    touching = data.draw(st.booleans())
    got = pc.pairs(TYPES[ka](A), TYPES[kb](B), touching=touching)
    assert np.array_equal(got, reference_pairs(ka, A, kb, B, touching))
    got = pc.pairs(TYPES[ka](A), touching=touching)
    assert np.array_equal(got, reference_pairs(ka, A, touching=touching))


@pytest.mark.parametrize("layout", ["random", "clustered", "grid"])
@pytest.mark.parametrize(
    "ka,kb",
    [("circle", "circle"), ("box", "segment"), ("triangle", "circle"), ("segment", "segment"), ("point", "triangle")],
)
@pytest.mark.sample(8)
def test_large_collections_against_brute_force(ka, kb, layout):
    """Deep trees, chunked threads: the same pairs as the all-pairs matrix."""
    rng = np.random.default_rng([KINDS.index(ka), KINDS.index(kb), 7])
    a = TYPES[ka](scene(ka, 1500, rng, layout))
    b = TYPES[kb](scene(kb, 1200, rng, layout))
    for touching in (True, False):
        want = brute_pairs(a, b, touching)
        for threads in (1, 2, 3):
            assert np.array_equal(pc.pairs(a, b, touching=touching, threads=threads), want)
        assert np.array_equal(pc.pairs(a, touching=touching, threads=2), brute_pairs(a, None, touching))


def test_many_pairs_and_thread_count_independence():
    """A dense scene (the output sized from a sample of the queries), identical
    for every thread count; 70,000 queries make several chunks."""
    rng = np.random.default_rng(5)
    n = 70_000
    circles = pc.Circles(center=rng.uniform(0, 60, (n, 2)), radius=rng.uniform(0, 1, n))
    one = pc.pairs(circles, threads=1)
    assert one.shape[1] > 4 * n  # dense: far more pairs than shapes
    for threads in (2, 5):
        assert np.array_equal(pc.pairs(circles, threads=threads), one)
    # spot-check against overlaps on a sample of rows
    i = one[0]
    sample = rng.choice(n, 300, replace=False)
    m = pc.overlaps(circles[sample][:, None], circles[None, :])
    for row, s in enumerate(sample):
        js = np.flatnonzero(m[row])
        js = js[js != s]
        partners = np.concatenate([one[1][i == s], one[0][one[1] == s]])
        assert np.array_equal(np.sort(partners), js)


def test_uneven_sizes_and_identical_shapes():
    rng = np.random.default_rng(11)
    small = rng.uniform(0, 100, (4000, 2))
    lo = rng.uniform(0, 100, (300, 2))
    boxes = np.column_stack([lo, lo + rng.uniform(0, 2, (300, 2))])
    boxes[:3] = [[-1e3, -1e3, 1e3, 1e3], [10, 10, 90, 11], [50, -5, 51, 200]]
    circles, huge = pc.Circles(center=small, radius=0.3), pc.Boxes(boxes)
    assert np.array_equal(pc.pairs(circles, huge), brute_pairs(circles, huge))
    assert np.array_equal(pc.pairs(huge, circles), brute_pairs(huge, circles))
    same = pc.Points(np.ones((200, 2)))
    got = pc.pairs(same)
    assert got.shape == (2, 200 * 199 // 2) and np.all(got[0] < got[1])
    assert pc.pairs(same, touching=False).shape == (2, 0)  # points never overlap strictly


def test_overflowing_bounds_are_handled():
    """A circle's box past DBL_MAX (x + r overflows) and subnormal neighbours."""
    big = np.finfo(float).max
    c = pc.Circles([[big, 0, big], [-big, 0, big], [0, 0, 0], [5e-324, 0, 0], [0, 5e-324, 5e-324]])
    assert np.array_equal(pc.pairs(c), brute_pairs(c))
    assert np.array_equal(pc.pairs(c, c), brute_pairs(c, c))


@pytest.mark.parametrize("k", [-1070, -1050, -1000, -940, -890, 0, 1000])
def test_lattices_at_every_scale_against_brute_force(k):
    """Circles of radius 1 two apart (each touching four), and boxes between
    them, scaled by 2^k: near the subnormals the grid's cells would be too
    small for its error bound (and 1 / size overflows), so the tree serves;
    the same pairs at every scale."""
    x, y = np.meshgrid(np.arange(13.0), np.arange(7.0))
    centres = np.column_stack([x.ravel(), y.ravel()]) * 2
    s = np.ldexp(1.0, k)
    circles = pc.Circles(np.column_stack([centres, np.ones(len(centres))]) * s)
    boxes = pc.Boxes(np.column_stack([centres + 0.5, centres + 1.5]) * s)
    for touching in (True, False):
        got = pc.pairs(circles, touching=touching)
        assert np.array_equal(got, brute_pairs(circles, None, touching))
        assert got.shape[1] == (7 * 12 + 13 * 6 if touching else 0)
        assert np.array_equal(pc.pairs(boxes, circles, touching=touching), brute_pairs(boxes, circles, touching))


def test_empty_and_single():
    c = pc.Circles(np.empty((0, 3)))
    one = pc.Circles([[0, 0, 1]])
    assert pc.pairs(c).shape == (2, 0) and pc.pairs(c, one).shape == (2, 0)
    assert pc.pairs(one).shape == (2, 0)
    assert np.array_equal(pc.pairs(one, one), [[0], [0]])
    assert np.array_equal(pc.pairs(pc.Points([[0, 0]]), one), [[0], [0]])


def test_strided_input_is_accepted():
    data = np.arange(60, dtype=float).reshape(20, 3) % 7
    data[:, 2] = 1.5
    c = pc.Circles(data)
    assert np.array_equal(pc.pairs(c[::2]), brute_pairs(c[::2]))


def test_bad_arguments():
    c = pc.Circles([[0, 0, 1], [1, 0, 1]])
    with pytest.raises(TypeError, match="pairs: `a` must be a shape array"):
        pc.pairs(np.zeros((3, 3)))
    with pytest.raises(TypeError, match="pairs: `b` must be a shape array"):
        pc.pairs(c, [1, 2])
    with pytest.raises(ValueError, match="1-D collection"):
        pc.pairs(pc.Circles(np.zeros((2, 2, 3))))
    with pytest.raises(ValueError, match="1-D collection"):
        pc.pairs(c, c[0])
    with pytest.raises(TypeError, match="touching"):
        pc.pairs(c, touching="yes")
    with pytest.raises(ValueError, match="threads"):
        pc.pairs(c, threads=0)
