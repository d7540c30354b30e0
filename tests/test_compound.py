"""Compound bodies (seed 004): placing, and overlaps / contact / pairs against
the exact reference applied part by part."""

import numpy as np
import pytest
import reference as ref
from strategies import KINDS, POSITIONS, TYPES, seeded_grid_shapes

import pycollide as pc

KIND_OF = {cls: kind for kind, cls in TYPES.items()}


def seed_plus_shapes():
    plus_a = pc.Compound(pc.Boxes([[-3, -1, 3, 1], [-1, -3, 1, 3]]))
    plus_b = pc.Compound(pc.Boxes([[-2, -1, 0, 1], [0, -2, 2, 2]]))
    return plus_a, plus_b


def test_seed_004_example_in_both_modes():
    plus_a, plus_b = seed_plus_shapes()
    a, b = plus_a.at([3, 3]), plus_b.at([7, 5])
    assert pc.overlaps(a.bounds, b.bounds, touching=False)  # the bounds alone would say "hit"
    assert pc.overlaps(a, b) and pc.overlaps(b, a)  # the parts touch along y = 4
    assert not pc.overlaps(a, b, touching=False) and not pc.overlaps(b, a, touching=False)
    c = pc.contact(a, b)
    assert float(c.separation) == 0.0 and c.normal.tolist() == [0.0, 1.0]
    assert c.point_a[1] == 4.0 and 5.0 <= c.point_a[0] <= 6.0
    # half a unit higher: the parts no longer touch, while the bounds still overlap
    assert not pc.overlaps(a, plus_b.at([7, 5.5]))
    assert pc.overlaps(a.bounds, plus_b.at([7, 5.5]).bounds)


def test_bounds_and_placement_with_flips():
    body = pc.Compound([pc.Boxes([1, 0, 2, 1]), pc.Circles([3, 1, 0.5]), pc.Segments([0, 0, -1, 2])])
    bounds = np.asarray(body.bounds)
    assert bounds[:2].tolist() == [-1.0, 0.0] and bounds[2] >= 3.5 and bounds[3] >= 2.0
    placed = body.at([[10, 10], [10, 10], [0, 0]], flip_x=[False, True, True], flip_y=True)
    boxes = np.asarray(placed.parts[pc.Boxes])
    assert boxes[0, 0].tolist() == [11, 9, 12, 10]
    assert boxes[1, 0].tolist() == [8, 9, 9, 10]  # mirrored in x and y about (10, 10)
    assert np.asarray(placed.parts[pc.Circles])[1, 0].tolist() == [7, 9, 0.5]
    assert np.asarray(placed.parts[pc.Segments])[2, 0].tolist() == [0, 0, 1, -2]
    assert len(placed) == 3 and placed.shape == (3,) and len(placed[1:]) == 2
    for k in range(3):  # each copy's bounds hold its parts
        for parts in placed.parts.values():
            assert np.all(pc.overlaps(placed.bounds[k], parts[k]))


def random_compound(rng):
    parts = []
    for kind in rng.choice(KINDS, size=rng.integers(1, 4), replace=False):
        parts.append(TYPES[kind](seeded_grid_shapes(rng, kind, int(rng.integers(1, 4)), 2)))
    return pc.Compound(parts)


def world_parts(body, position, fx, fy):
    """The placed parts, computed here from the definition (mirror, then add)."""
    sx, sy = (-1.0 if fx else 1.0), (-1.0 if fy else 1.0)
    out = []
    for cls, parts in body.parts.items():
        for row in np.asarray(parts).reshape(-1, parts.width).tolist():
            row = list(row)
            ncoord = POSITIONS[cls.name]  # a radius is not a position
            for k in range(0, ncoord, 2):
                row[k], row[k + 1] = position[0] + sx * row[k], position[1] + sy * row[k + 1]
            if cls is pc.Boxes:
                row = [min(row[0], row[2]), min(row[1], row[3]), max(row[0], row[2]), max(row[1], row[3])]
            out.append((KIND_OF[cls], tuple(row)))
    return out


@pytest.mark.sample(6)
@pytest.mark.parametrize("touching", [True, False], ids=["touching", "strict"])
@pytest.mark.parametrize("seed", range(6))
def test_placed_against_reference_part_by_part(seed, touching):
    rng = np.random.default_rng(seed)
    body_a, body_b = random_compound(rng), random_compound(rng)
    n = 30
    pos_a = rng.integers(-4, 5, (n, 2)).astype(float)
    pos_b = rng.integers(-4, 5, (n, 2)).astype(float)
    fa, fb = rng.random(n) < 0.5, rng.random(n) < 0.5
    A = body_a.at(pos_a, flip_x=fa, flip_y=~fa)
    B = body_b.at(pos_b, flip_x=fb)
    wa = [world_parts(body_a, pos_a[i], fa[i], not fa[i]) for i in range(n)]
    wb = [world_parts(body_b, pos_b[i], fb[i], False) for i in range(n)]
    # placed compound against placed compound, element by element
    want = [
        any(ref.overlaps(ka, pa, kb, pb, touching=touching) for ka, pa in wa[i] for kb, pb in wb[i]) for i in range(n)
    ]
    assert pc.overlaps(A, B, touching=touching).tolist() == want
    assert pc.overlaps(B, A, touching=touching).tolist() == want
    # against plain shapes of every kind, broadcast to the all-pairs matrix
    for kind in KINDS:
        shapes = seeded_grid_shapes(rng, kind, 7, 5)
        got = pc.overlaps(A[:, None], TYPES[kind](shapes)[None, :], touching=touching)
        want = [
            [any(ref.overlaps(ka, pa, kind, tuple(s), touching=touching) for ka, pa in wa[i]) for s in shapes.tolist()]
            for i in range(n)
        ]
        assert got.tolist() == want
        assert (
            pc.overlaps(TYPES[kind](shapes)[:, None], A[None, :], touching=touching).tolist()
            == np.array(want).T.tolist()
        )
    # contact: the nearest (or deepest) pair of parts
    got = pc.contact(A, B)
    want = [min(ref.separation(ka, pa, kb, pb) for ka, pa in wa[i] for kb, pb in wb[i]) for i in range(n)]
    assert np.allclose(got.separation, want, rtol=0, atol=1e-9)
    assert np.array_equal(got.separation <= 0, pc.overlaps(A, B))


@pytest.mark.parametrize("touching", [True, False], ids=["touching", "strict"])
def test_pairs_of_placed_compounds_against_brute_force(touching):
    rng = np.random.default_rng(3)
    body_a, body_b = random_compound(rng), random_compound(rng)
    A = body_a.at(rng.integers(0, 12, (60, 2)).astype(float), flip_x=rng.random(60) < 0.5)
    B = body_b.at(rng.integers(0, 12, (45, 2)).astype(float))
    m = pc.overlaps(A[:, None], B[None, :], touching=touching)
    assert np.array_equal(pc.pairs(A, B, touching=touching), np.stack(np.nonzero(m)))
    m = pc.overlaps(A[:, None], A[None, :], touching=touching)
    assert np.array_equal(pc.pairs(A, touching=touching), np.stack(np.nonzero(np.triu(m, 1))))
    circles = pc.Circles(np.column_stack([rng.uniform(0, 12, (50, 2)), rng.uniform(0, 1, 50)]))
    m = pc.overlaps(A[:, None], circles[None, :], touching=touching)
    assert np.array_equal(pc.pairs(A, circles, touching=touching), np.stack(np.nonzero(m)))
    assert np.array_equal(pc.pairs(circles, A, touching=touching), np.stack(np.nonzero(m.T)))


def test_compound_errors():
    with pytest.raises(TypeError, match="Compound: `parts`"):
        pc.Compound([])
    with pytest.raises(TypeError, match=r"parts\[1\]"):
        pc.Compound([pc.Boxes([0, 0, 1, 1]), np.zeros(4)])
    with pytest.raises(ValueError, match="holds no shape"):
        pc.Compound(pc.Boxes(np.empty((0, 4))))
    body = pc.Compound(pc.Circles([0, 0, 1]))
    with pytest.raises(ValueError, match=r"positions.*\(n, 2\)"):
        body.at([1, 2, 3])
    with pytest.raises(ValueError, match="finite"):
        body.at([np.nan, 0])
    with pytest.raises(ValueError, match="flip_x"):
        body.at([[0, 0], [1, 1]], flip_x=[True, False, True])
    with pytest.raises(TypeError, match="flip_y"):
        body.at([0, 0], flip_y=1)
    with pytest.raises(ValueError, match="out of range"):
        pc.Compound(pc.Circles([1e308, 0, 1])).at([1e308, 0])  # 2e308 overflows
    placed = body.at([[0, 0], [1, 1]])
    with pytest.raises(TypeError, match="overlaps: `b` must be a shape array"):
        pc.overlaps(placed, [0, 0])
    with pytest.raises(ValueError, match="do not broadcast"):
        pc.overlaps(placed, pc.Circles(np.zeros((3, 3))))
    with pytest.raises(ValueError, match="1-D"):
        pc.pairs(body.at([0, 0]))
