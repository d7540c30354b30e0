"""Polygons of every vertex count, capsules and pc.transform: against the
exact reference, and their bad input.  (The pair matrices elsewhere run the
polygons as K = 4 and K = 8; here every K meets every kind.)"""

import math
from fractions import Fraction

import numpy as np
import pytest
import reference as ref
from strategies import KINDS, POLYGON_KINDS, TYPES, seeded_grid_shapes

import pycollide as pc

OTHERS = [k for k in KINDS if not k.startswith("polygon")]


@pytest.mark.sample(2)
@pytest.mark.parametrize("touching", [True, False], ids=["touching", "strict"])
@pytest.mark.parametrize("kp", POLYGON_KINDS)
def test_every_vertex_count_against_every_kind(kp, touching):
    rng = np.random.default_rng(POLYGON_KINDS.index(kp))
    n = 120
    A = seeded_grid_shapes(rng, kp, n, 3)
    for kb in OTHERS + [kp]:
        B = seeded_grid_shapes(rng, kb, n, 3)
        got = pc.overlaps(TYPES[kp](A), TYPES[kb](B), touching=touching).tolist()
        back = pc.overlaps(TYPES[kb](B), TYPES[kp](A), touching=touching).tolist()
        want = [ref.overlaps(kp, tuple(a), kb, tuple(b), touching=touching) for a, b in zip(A, B)]
        assert got == want and back == want, (
            f"{kp} vs {kb}: first mismatch at {[g != w for g, w in zip(got, want)].index(True)}"
        )
        sep = pc.contact(TYPES[kp](A), TYPES[kb](B)).separation
        if touching:  # contact agrees with the exact answer
            assert ((sep <= 0) == np.array(want)).all(), f"{kp} vs {kb}: contact disagrees with overlaps"


def _exact_round(c, s, x, y, t):
    """c x - s y + t in Fractions, rounded once to the nearest double."""
    return float(Fraction(c) * Fraction(x) - Fraction(s) * Fraction(y) + Fraction(t))


def test_transform_rounds_each_coordinate_once():
    rng = np.random.default_rng(5)
    pts = rng.normal(0, 1, (400, 2)) * np.ldexp(1.0, rng.integers(-30, 30, (400, 1)))
    move = rng.normal(0, 1, (400, 2)) * np.ldexp(1.0, rng.integers(-30, 30, (400, 1)))
    angle = rng.uniform(-7, 7, 400)
    out = np.asarray(pc.transform(pc.Points(pts), move, angle))
    for k in range(400):
        c, s = math.cos(angle[k]), math.sin(angle[k])
        x, y = pts[k]
        assert out[k, 0] == _exact_round(c, s, x, y, move[k, 0])
        assert out[k, 1] == _exact_round(s, -c, x, y, move[k, 1])


def test_quarter_turns_are_exact_and_boxes_stay_boxes():
    box = pc.Boxes([1.0, 2.0, 3.0, 5.0])
    quad = pc.Polygons([[1.0, 2.0], [3.0, 2.0], [3.0, 5.0], [1.0, 5.0]])  # its corners, as transform turned them
    for k, corners in [
        (1, [[-2, 1], [-2, 3], [-5, 3], [-5, 1]]),
        (2, [[-1, -2], [-3, -2], [-3, -5], [-1, -5]]),
        (-1, [[2, -1], [2, -3], [5, -3], [5, -1]]),
    ]:
        for angle in (np.pi / 2 * k, np.radians(90.0 * k)):
            p = pc.transform(quad, angle=angle)
            assert p.vertices.tolist() == corners
            b = pc.transform(box, angle=angle)
            assert type(b) is pc.Boxes and np.asarray(b).tolist() == p.bounds().tolist()
    p = pc.transform(box, angle=0.5)  # not a quarter turn: a 4-gon, corners counter-clockwise from (xmin, ymin)
    assert isinstance(p, pc.Polygons) and p.vertex_count == 4
    c = pc.transform(pc.Capsules([1, 0, 2, 0, 0.5]), translation=[0.25, 0], angle=np.pi)
    assert type(c) is pc.Capsules and np.asarray(c).tolist() == [-0.75, 0, -1.75, 0, 0.5]


def test_transform_keeps_polygons_convex_and_broadcasts():
    # collinear vertices: a rounded rotation bends them by an ulp; the result is still valid
    poly = pc.Polygons([[0, 0], [0.7, 0], [1.3, 0], [3, 0], [3, 1], [0, 1], [0, 1], [0, 1]])
    turned = pc.transform(poly[None], translation=np.zeros((3, 1, 2)), angle=np.linspace(0.1, 3, 7))
    assert turned.shape == (3, 7) and turned.vertex_count == 8
    pc.Polygons(np.asarray(turned))  # validates again
    boxes = pc.Polygons.from_box(np.zeros((4, 2)), [[1, 2]], angle=np.arange(4) * 0.3)
    assert boxes.shape == (4,)
    # each corner is the centre plus the rotated half sizes, rounded once
    v = boxes.vertices[1]
    c, s = math.cos(0.3), math.sin(0.3)
    assert v[0].tolist() == [_exact_round(c, s, -1, -2, 0), _exact_round(s, -c, -1, -2, 0)]


@pytest.mark.parametrize(
    "bad,match",
    [
        ([[0, 0], [2, 0], [1, 1], [2, 2], [0, 2]], r"convex.*vertices\[1\]"),
        ([[0, 0], [1, 0], [0, 1], [1, 1]], r"convex.*vertices\[1\]"),
        ([[0, 0], [1, 0], [1, 1], [0, 0], [1, 0], [1, 1]], r"wind around once.*vertices\[1\]"),
        ([[0, 0], [1, 0], [0, 0], [0, 1]], r"convex.*vertices\[1\]"),  # a spike: straight back
    ],
)
def test_bad_polygons_name_the_first_bad_one(bad, match):
    good = np.array(bad, dtype=float)
    good[:] = [[0, 0], [1, 0], [1, 1]] + [[1, 1]] * (len(bad) - 3)
    with pytest.raises(ValueError, match=match):
        pc.Polygons(np.stack([good, np.array(bad, dtype=float)]))


def test_polygon_shape_errors():
    with pytest.raises(ValueError, match="3 to 8 vertices"):
        pc.Polygons(np.zeros((2, 9, 2)))
    with pytest.raises(ValueError, match="3 to 8 vertices"):
        pc.Polygons(np.zeros((2, 2, 2)))
    with pytest.raises(ValueError, match=r"shape \(\.\.\., K, 2\)"):
        pc.Polygons(np.zeros((2, 4, 3)))
    with pytest.raises(ValueError, match="finite"):
        pc.Polygons([[0, 0], [1, 0], [np.nan, 1]])
    with pytest.raises(ValueError, match="radius must be >= 0"):
        pc.Capsules([0, 0, 1, 1, -1])
    with pytest.raises(ValueError, match="half_size"):
        pc.Polygons.from_box([0, 0], [-1, 1])
    out = np.zeros(2, dtype=bool)
    with pytest.raises(ValueError):
        pc.overlaps(pc.Polygons(np.zeros((2, 3, 2))), pc.Polygons([[[0, 0], [1, 0], [0, 1], [1, 1]]] * 2), out=out)
    assert not out.any()
