"""mass_properties against the exact reference (tests/reference/mass.py)."""

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference.mass import core, mass
from strategies import KINDS, TYPES, examples, shape

import pycollide as pc

BOUND = Fraction(1, 2**96)


def _ulp(x):
    return Fraction(math.ulp(float(x)))


def _close(got, exact, scale):
    """got (a float) is the exact value rounded once, after an error of at
    most 2**-96 of the value's scale (the documented bound)."""
    half = _ulp(exact) if abs(exact) < Fraction(2.0**-1022) else _ulp(exact) / 2  # subnormal: rounded twice
    return abs(Fraction(float(got)) - exact) <= half + BOUND * scale


def _extremes(kind, row):
    """The segment between a polygon's extreme vertices (lexicographic), as a layout row."""
    vertices, _ = core(kind, row)
    lo, hi = min(vertices), max(vertices)
    return [float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])]


def _check(kind, row, density):
    m = pc.mass_properties(TYPES[kind](np.array(row, dtype=float)), density)
    area, cx, cy, inertia = mass(kind, row)
    coords = [Fraction(x) for x in row]
    size = max(coords) - min(coords) if coords else Fraction(0)  # bounds the diameter and radius, whatever the layout
    size = 2 * size
    magnitude = max(abs(x) for x in coords)
    rho = Fraction(density)
    if 0 < area < Fraction(2.0**-90) * size**2 and kind not in ("circle", "capsule"):
        # a sliver: computed (each axis scaled on its own keeps one along an
        # axis exact), or, where its area is lost in double-double arithmetic,
        # documented as taken as flat (its length)
        if float(m.area) == float(mass("segment", _extremes(kind, row))[0]):
            return
    is_area = kind not in ("point", "segment") and (area != 0)
    power = 2 if is_area else 1
    assert _close(m.area, area, size**power), (kind, row)
    assert _close(m.mass, rho * area, rho * size**power), (kind, row)
    assert _close(m.centroid[0], cx, magnitude + size) and _close(m.centroid[1], cy, magnitude + size), (kind, row)
    assert _close(m.inertia, rho * inertia, rho * size ** (power + 2)), (kind, row)


@settings(max_examples=examples(400))
@given(st.sampled_from(KINDS).flatmap(lambda k: st.tuples(st.just(k), shape(k, turned=True))), st.integers(-60, 60))
def test_against_the_exact_reference(kind_row, k):
    kind, row = kind_row
    row = [math.ldexp(x, k) for x in row]
    _check(kind, row, 1.0)


@settings(max_examples=examples(200))
@given(
    st.sampled_from(KINDS).flatmap(lambda k: st.tuples(st.just(k), shape(k, turned=True))),
    st.floats(0, 1e6, allow_nan=False),
)
def test_densities(kind_row, density):
    _check(*kind_row, density)


@pytest.mark.parametrize(
    "kind, row, expected",
    [
        ("box", [0, 0, 2, 1], (2.0, 1.0, 0.5, 2.5 / 3)),
        ("polygon4", [0, 0, 1, 0, 1, 1, 0, 1], (1.0, 0.5, 0.5, 1 / 6)),
        ("triangle", [0, 0, 3, 0, 0, 3], (4.5, 1.0, 1.0, 4.5)),
        ("segment", [0, 0, 3, 4], (5.0, 1.5, 2.0, 125 / 12)),
        ("point", [3, 4], (0.0, 3.0, 4.0, 0.0)),
        ("circle", [1, 2, 1], (math.pi, 1.0, 2.0, math.pi / 2)),
        ("circle", [1, 2, 0], (0.0, 1.0, 2.0, 0.0)),
        ("capsule", [0, 0, 2, 0, 0], (2.0, 1.0, 0.0, 8 / 12)),
        ("triangle", [0, 0, 1, 1, 3, 3], (math.sqrt(18), 1.5, 1.5, float(mass("segment", [0, 0, 3, 3])[3]))),  # flat
        ("box", [1, 1, 1, 1], (0.0, 1.0, 1.0, 0.0)),
        ("box", [0, 1, 4, 1], (4.0, 2.0, 1.0, 64 / 12)),
    ],
)
def test_closed_forms_worked_by_hand(kind, row, expected):
    m = pc.mass_properties(TYPES[kind](np.array(row, dtype=float)))
    assert (float(m.area), *m.centroid.tolist(), float(m.inertia)) == expected
    assert float(m.mass) == expected[0]


def test_every_kind_at_every_scale_is_the_same_bits_times_powers_of_two():
    rows = {
        "circle": [0.1, 0.3, 0.7],
        "capsule": [0.1, 0.2, 0.9, -0.4, 0.3],
        "segment": [0.1, 0.2, 0.9, -0.4],
        "triangle": [0.1, 0.2, 0.9, -0.4, 0.3, 0.8],
        "polygon5": [0, 0, 1, 0.1, 1.3, 0.7, 0.6, 1.1, -0.2, 0.6],
    }
    for kind, row in rows.items():
        base = pc.mass_properties(TYPES[kind](np.array(row)))
        for k in (-1000, -300, -7, 9, 200, 240):
            m = pc.mass_properties(TYPES[kind](np.ldexp(np.array(row), k)))
            p = 2 if kind != "segment" else 1
            assert float(m.area) == math.ldexp(float(base.area), p * k), (kind, k)
            assert m.centroid.tolist() == np.ldexp(base.centroid, k).tolist(), (kind, k)
            assert float(m.inertia) == math.ldexp(float(base.inertia), (p + 2) * k), (kind, k)


def test_results_beyond_the_doubles_are_inf_not_nan():
    m = pc.mass_properties(pc.Boxes([0, 0, 1e80, 1e80]))
    assert float(m.area) == 1e160 and float(m.inertia) == math.inf
    m = pc.mass_properties(pc.Boxes([-1e308, -1e308, 1e308, 1e308]))
    assert float(m.area) == math.inf and m.centroid.tolist() == [0.0, 0.0]
    m = pc.mass_properties(pc.Circles([1e300, -1e300, 1e300]))
    assert m.centroid.tolist() == [1e300, -1e300] and float(m.area) == math.inf


def test_broadcasts_density_over_shapes():
    boxes = pc.Boxes([[0, 0, 1, 1], [0, 0, 2, 2]])
    m = pc.mass_properties(boxes[:, None], [1.0, 2.0, 0.5])
    assert m.mass.shape == (2, 3) and m.centroid.shape == (2, 3, 2)
    assert m.mass.tolist() == [[1.0, 2.0, 0.5], [4.0, 8.0, 2.0]]
    assert m.area.tolist() == [[1.0] * 3, [4.0] * 3]


def test_compounds_sum_their_parts():
    # an L of two boxes: the same as the reference of its two parts summed by hand
    parts = pc.Boxes([[0, 0, 3, 1], [0, 1, 1, 3]])
    body = pc.Compound(parts)
    placed = body.at([[0.0, 0.0], [10.0, -4.0]])
    m = pc.mass_properties(placed, density=[2.0, 1.0])
    a = [mass("box", [0, 0, 3, 1]), mass("box", [0, 1, 1, 3])]
    area = a[0][0] + a[1][0]
    cx = (a[0][0] * a[0][1] + a[1][0] * a[1][1]) / area
    cy = (a[0][0] * a[0][2] + a[1][0] * a[1][2]) / area
    inertia = sum(p[3] + p[0] * ((p[1] - cx) ** 2 + (p[2] - cy) ** 2) for p in a)
    assert m.area.tolist() == [float(area)] * 2
    assert m.mass.tolist() == [float(2 * area), float(area)]
    assert np.allclose(m.centroid, [[float(cx), float(cy)], [float(cx) + 10, float(cy) - 4]], rtol=1e-15)
    assert np.allclose(m.inertia, [2 * float(inertia), float(inertia)], rtol=1e-14)
    # two halves of a box make the box
    halves = pc.Compound(pc.Boxes([[0, 0, 1, 2], [1, 0, 2, 2]]))
    whole = pc.mass_properties(pc.Boxes([0, 0, 2, 2]))
    mh = pc.mass_properties(halves)
    assert float(mh.area) == float(whole.area) and mh.centroid.tolist() == whole.centroid.tolist()
    assert math.isclose(float(mh.inertia), float(whole.inertia), rel_tol=1e-15)
    # parts without area count only where there is none with area
    rod = pc.Compound([pc.Segments([[0, 0, 2, 0], [2, 0, 2, 2]])])
    assert float(pc.mass_properties(rod).area) == 4.0
    mixed = pc.Compound([pc.Boxes([0, 0, 1, 1]), pc.Segments([5, 5, 9, 5])])
    mm = pc.mass_properties(mixed)
    assert float(mm.area) == 1.0 and mm.centroid.tolist() == [0.5, 0.5]


@pytest.mark.parametrize("density", [-1.0, np.nan, np.inf, [1.0, -0.5]])
def test_bad_density_names_the_argument_and_index(density):
    with pytest.raises(ValueError, match="density") as exc:
        pc.mass_properties(pc.Circles([[0, 0, 1], [1, 1, 1]]), density)
    if isinstance(density, list):
        assert "index (1,)" in str(exc.value)


def test_bad_shapes_and_shapes_that_do_not_broadcast():
    with pytest.raises(TypeError, match="mass_properties"):
        pc.mass_properties(np.zeros((3, 3)))
    with pytest.raises(TypeError, match="mass_properties"):
        pc.mass_properties(pc.Lines([0, 0, 1, 1]))
    with pytest.raises(ValueError, match="mass_properties"):
        pc.mass_properties(pc.Circles(np.zeros((3, 3))), [1.0, 2.0])
    with pytest.raises(TypeError, match="density"):
        pc.mass_properties(pc.Circles([0, 0, 1]), "heavy")


def test_empty():
    m = pc.mass_properties(pc.Circles(np.zeros((0, 3))))
    assert m.area.shape == (0,) and m.centroid.shape == (0, 2)


def test_slivers_and_extreme_aspect_ratios():
    # a triangle whose area underflows the doubles: taken as flat (its length)
    m = pc.mass_properties(pc.Triangles([0, 0, 1, 0, 0, 5e-324]))
    assert float(m.area) == 1.0 and m.centroid.tolist() == [0.5, 0.0]
    # a capsule whose radius is 2^-1000 of its length: the rectangle 2 r L
    m = pc.mass_properties(pc.Capsules([-1e300, 0, 1e300, 0, 1e-30]))
    assert math.isclose(float(m.area), 4e270, rel_tol=4e-16) and m.centroid.tolist() == [0.0, 0.0]
    assert float(m.inertia) == math.inf
    # a valid triangle of a tiny height is not flat
    m = pc.mass_properties(pc.Triangles([0, 0, 1, 0, 0, 2.0**-600]))
    assert float(m.area) == 2.0**-601
