"""Self-tests of the exact reference against hand-worked cases.

Each case is ``(kind_a, a, kind_b, b, expected)`` where ``expected`` is the
pair ``(overlaps with touching=True, overlaps with touching=False)``.  Every
case is checked in both argument orders.
"""

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from . import KINDS, WIDTH, contains, core_distance_squared, overlaps, radius_sum
from .geometry import make_valid, overlaps_by_fractions

OVERLAP = (True, True)  # clearly overlapping: interiors meet
TOUCH = (True, False)  # closed sets meet, but zero-depth contact
APART = (False, False)  # disjoint

TRI = (0, 0, 4, 0, 0, 4)  # right triangle, legs 4, hypotenuse x + y = 4
BOX = (0, 0, 2, 2)

# every pair of these kinds has a hand-checked case of each outcome below;
# capsules and polygons have a few (the same model: a core plus a radius), and
# the property tests here and the package's tests cover every pair of them
HAND_KINDS = ("point", "circle", "box", "segment", "triangle")

CASES = [
    # a capsule: the segment (0, 0)-(4, 0) grown by 1
    ("capsule", (0, 0, 4, 0, 1), "point", (2, 0.5), OVERLAP),
    ("capsule", (0, 0, 4, 0, 1), "point", (5, 0), TOUCH),
    ("capsule", (0, 0, 4, 0, 1), "point", (5, 1), APART),
    ("capsule", (0, 0, 4, 0, 1), "capsule", (2, 2, 2, 5, 1), TOUCH),
    ("capsule", (0, 0, 4, 0, 1), "capsule", (2, 1.5, 2, 5, 1), OVERLAP),
    ("capsule", (0, 0, 4, 0, 1), "box", (5, 0, 6, 1), TOUCH),
    ("capsule", (0, 0, 4, 0, 0), "segment", (2, 0, 6, 0), TOUCH),  # r = 0: collinear segments
    # a diamond, its vertex (0, 0) repeated
    ("polygon4", (0, 0, 0, 0, 2, 2, 0, 4), "point", (0, 2), TOUCH),
    ("polygon4", (0, -2, 2, 0, 0, 2, -2, 0), "point", (0.5, 0.5), OVERLAP),
    ("polygon4", (0, -2, 2, 0, 0, 2, -2, 0), "box", (1, 1, 3, 3), TOUCH),
    ("polygon4", (0, -2, 2, 0, 0, 2, -2, 0), "circle", (2, 2, 1), APART),
    ("polygon4", (0, -2, 2, 0, 0, 2, -2, 0), "capsule", (2, 2, 4, 4, 2**0.5), OVERLAP),
    # ---- point / point
    ("point", (1, 2), "point", (1, 2), TOUCH),  # same point: no interior
    ("point", (0, 0), "point", (1, 0), APART),
    ("point", (0, 0), "point", (0, 1e-300), APART),
    # ---- point / circle
    ("point", (0, 0), "circle", (1, 0, 2), OVERLAP),
    ("point", (3, 0), "circle", (0, 0, 1), APART),
    ("point", (3, 4), "circle", (0, 0, 5), TOUCH),
    ("point", (1, 1), "circle", (1, 1, 0), TOUCH),  # r = 0 circle is a point
    ("point", (1, 1), "circle", (1, 2, 0), APART),
    # ---- point / box
    ("point", (1, 1), "box", BOX, OVERLAP),
    ("point", (3, 1), "box", BOX, APART),
    ("point", (2, 1), "box", BOX, TOUCH),  # on an edge
    ("point", (2, 2), "box", BOX, TOUCH),  # on a corner
    ("point", (1, 1), "box", (1, 1, 1, 1), TOUCH),  # zero-size box
    ("point", (1, 1.5), "box", (1, 0, 1, 2), TOUCH),  # zero-width box
    ("point", (1, 3), "box", (1, 0, 1, 2), APART),
    # ---- point / segment (a point never strictly overlaps a segment)
    ("point", (1, 1), "segment", (0, 0, 2, 2), TOUCH),
    ("point", (1, 0), "segment", (0, 0, 2, 2), APART),
    ("point", (2, 2), "segment", (0, 0, 2, 2), TOUCH),  # endpoint
    ("point", (3, 3), "segment", (0, 0, 2, 2), APART),  # collinear, beyond
    ("point", (1, 1), "segment", (1, 1, 1, 1), TOUCH),  # zero-length segment
    ("point", (1, 2), "segment", (1, 1, 1, 1), APART),
    # ---- point / triangle
    ("point", (1, 1), "triangle", TRI, OVERLAP),
    ("point", (1, 1), "triangle", (0, 0, 0, 4, 4, 0), OVERLAP),  # clockwise
    ("point", (3, 3), "triangle", TRI, APART),
    ("point", (2, 2), "triangle", TRI, TOUCH),  # on the hypotenuse
    ("point", (4, 0), "triangle", TRI, TOUCH),  # on a vertex
    ("point", (1, 1), "triangle", (0, 0, 1, 1, 2, 2), TOUCH),  # collinear
    ("point", (1, 1), "triangle", (2, 2, 0, 0, 1, 1), TOUCH),  # collinear, shuffled
    ("point", (3, 3), "triangle", (0, 0, 1, 1, 2, 2), APART),
    ("point", (1, 1), "triangle", (1, 1, 1, 1, 1, 1), TOUCH),  # coincident
    ("point", (1, 0), "triangle", (1, 1, 1, 1, 1, 1), APART),
    # ---- circle / circle
    ("circle", (0, 0, 1), "circle", (1, 0, 1), OVERLAP),
    ("circle", (0, 0, 1), "circle", (3, 0, 1), APART),
    ("circle", (0, 0, 1), "circle", (2, 0, 1), TOUCH),
    ("circle", (0, 0, 2), "circle", (3, 4, 3), TOUCH),  # |d| = 5 = 2 + 3
    ("circle", (0, 0, 1), "circle", (0.5, 0, 0.25), OVERLAP),  # one inside the other
    ("circle", (0, 0, 0), "circle", (0, 0, 0), TOUCH),
    ("circle", (0, 0, 0), "circle", (1, 0, 1), TOUCH),
    ("circle", (0, 0, 0), "circle", (0.5, 0, 1), OVERLAP),
    ("circle", (0, 0, 0), "circle", (1, 1, 0), APART),
    # ---- circle / box
    ("circle", (1, 1, 1), "box", BOX, OVERLAP),
    ("circle", (5, 5, 1), "box", BOX, APART),
    ("circle", (3, 1, 1), "box", BOX, TOUCH),  # tangent to an edge
    ("circle", (5, 6, 5), "box", BOX, TOUCH),  # through the corner (2, 2)
    ("circle", (3, 3, 1), "box", BOX, APART),  # bounding boxes touch, shapes don't
    ("circle", (1, 1, 0), "box", BOX, OVERLAP),  # r = 0 strictly inside
    ("circle", (2, 1, 0), "box", BOX, TOUCH),  # r = 0 on an edge
    ("circle", (0, 0, 0), "box", BOX, TOUCH),  # r = 0 on a corner
    ("circle", (0, 0, 1), "box", (1, 1, 1, 1), APART),  # zero-size box, sqrt2 > 1
    ("circle", (0, 0, 2), "box", (1, 1, 1, 1), OVERLAP),
    ("circle", (1, 0, 1), "box", (1, 1, 1, 1), TOUCH),
    ("circle", (0, 1, 1), "box", (1, 0, 1, 2), TOUCH),  # zero-width box
    ("circle", (1, 1, 0.5), "box", (1, 0, 1, 2), OVERLAP),
    # ---- circle / segment
    ("circle", (1, 0.5, 1), "segment", (0, 0, 2, 0), OVERLAP),
    ("circle", (1, 2, 1), "segment", (0, 0, 2, 0), APART),
    ("circle", (1, 1, 1), "segment", (0, 0, 2, 0), TOUCH),
    ("circle", (3, 0, 1), "segment", (0, 0, 2, 0), TOUCH),  # at an endpoint
    ("circle", (3, 1, 1), "segment", (0, 0, 2, 0), APART),  # line dist 1, segment dist sqrt2
    ("circle", (3, 4, 5), "segment", (0, 0, 0, 0), TOUCH),  # zero-length segment
    ("circle", (1, 0, 0), "segment", (0, 0, 2, 0), TOUCH),  # r = 0 on the segment
    ("circle", (1, 0, 0.5), "segment", (0, 0, 0, 0), APART),
    # ---- circle / triangle
    ("circle", (1, 1, 1), "triangle", TRI, OVERLAP),
    ("circle", (5, 5, 1), "triangle", TRI, APART),
    ("circle", (-1, 1, 1), "triangle", TRI, TOUCH),  # tangent to the edge x = 0
    ("circle", (7, -4, 5), "triangle", TRI, TOUCH),  # through the vertex (4, 0)
    ("circle", (10, 10, 1), "triangle", (0, 0, 20, 0, 0, 20), OVERLAP),  # centre on hypotenuse
    ("circle", (1, 1, 0), "triangle", TRI, OVERLAP),  # r = 0 strictly inside
    ("circle", (2, 2, 0), "triangle", TRI, TOUCH),
    ("circle", (1, 1, 1), "triangle", (0, 0, 1, 0, 2, 0), TOUCH),  # collinear
    ("circle", (1, 0.5, 1), "triangle", (2, 0, 0, 0, 1, 0), OVERLAP),
    ("circle", (1, 3, 1), "triangle", (0, 0, 1, 0, 2, 0), APART),
    ("circle", (0, 0, 1), "triangle", (1, 1, 1, 1, 1, 1), APART),  # coincident, sqrt2 > 1
    ("circle", (1, 0, 1), "triangle", (1, 1, 1, 1, 1, 1), TOUCH),
    # ---- box / box
    ("box", (0, 0, 2, 2), "box", (1, 1, 3, 3), OVERLAP),
    ("box", (0, 0, 1, 1), "box", (2, 2, 3, 3), APART),
    ("box", (0, 0, 1, 1), "box", (2, 0, 3, 1), APART),
    ("box", (0, 0, 1, 1), "box", (1, 0, 2, 1), TOUCH),  # shared edge
    ("box", (0, 0, 1, 1), "box", (1, 1, 2, 2), TOUCH),  # shared corner
    ("box", (0, 0, 4, 4), "box", (1, 1, 2, 2), OVERLAP),  # containment
    ("box", (0, 0, 2, 2), "box", (0, 0, 2, 2), OVERLAP),  # identical
    ("box", (1, 1, 1, 1), "box", BOX, OVERLAP),  # zero-size box strictly inside
    ("box", (2, 2, 2, 2), "box", BOX, TOUCH),  # zero-size box on a corner
    ("box", (1, 1, 1, 1), "box", (1, 1, 1, 1), TOUCH),
    ("box", (1, -1, 1, 3), "box", BOX, OVERLAP),  # zero-width box crossing
    ("box", (1, 0, 1, 2), "box", (1, 1, 1, 3), TOUCH),  # collinear zero-width boxes
    ("box", (1, -1, 1, 3), "box", (0, 0, 1, 1), TOUCH),  # zero-width box on an edge
    ("box", (-1, 1, 3, 1), "box", (1, -1, 1, 3), OVERLAP),  # two crossing flat boxes
    # ---- box / segment
    ("box", BOX, "segment", (-1, 1, 3, 1), OVERLAP),
    ("box", BOX, "segment", (0.5, 0.5, 1.5, 1.5), OVERLAP),  # inside
    ("box", BOX, "segment", (3, 0, 4, 4), APART),
    ("box", BOX, "segment", (2, 0, 2, 2), TOUCH),  # along an edge
    ("box", BOX, "segment", (2, -5, 2, 5), TOUCH),  # along an edge, longer
    ("box", BOX, "segment", (1, 3, 3, 1), TOUCH),  # through the corner (2, 2)
    ("box", BOX, "segment", (2, 3, 3, 2), APART),  # bounding boxes touch only
    ("box", BOX, "segment", (1, 1, 1, 1), OVERLAP),  # zero-length, inside
    ("box", BOX, "segment", (2, 1, 2, 1), TOUCH),  # zero-length, on an edge
    ("box", (1, 1, 1, 1), "segment", (0, 0, 2, 2), TOUCH),  # zero-size box on it
    ("box", (1, 0, 1, 2), "segment", (0, 1, 2, 1), OVERLAP),  # proper crossing
    # ---- box / triangle
    ("box", BOX, "triangle", (1, 1, 3, 1, 1, 3), OVERLAP),
    ("box", BOX, "triangle", (3, 0, 0, 3, 3, 3), OVERLAP),  # cuts a corner off
    ("box", BOX, "triangle", (3, 3, 4, 3, 3, 4), APART),
    ("box", BOX, "triangle", (5, 0, 0, 5, 5, 5), APART),  # bounding boxes overlap
    ("box", BOX, "triangle", (4, 0, 0, 4, 4, 4), TOUCH),  # hypotenuse meets corner
    ("box", BOX, "triangle", (2, 2, 3, 2, 2, 3), TOUCH),  # vertex on corner
    ("box", BOX, "triangle", (2, 0, 3, 0, 2, 2), TOUCH),  # shared edge
    ("box", BOX, "triangle", (-1, 1, 1, 1, 3, 1), OVERLAP),  # collinear, crossing
    ("box", BOX, "triangle", (2, -1, 2, 0, 2, 3), TOUCH),  # collinear, along edge
    ("box", BOX, "triangle", (1, 1, 1, 1, 1, 1), OVERLAP),  # coincident, inside
    ("box", (0, 0, 0, 0), "triangle", TRI, TOUCH),  # zero-size box on a vertex
    # ---- segment / segment
    ("segment", (0, 0, 2, 2), "segment", (0, 2, 2, 0), OVERLAP),  # proper crossing
    ("segment", (0, 0, 2, 0), "segment", (0, 1, 2, 1), APART),  # parallel
    ("segment", (0, 0, 2, 0), "segment", (1, 0, 1, 2), TOUCH),  # T-junction
    ("segment", (0, 0, 1, 1), "segment", (1, 1, 2, 0), TOUCH),  # shared endpoint
    ("segment", (0, 0, 2, 0), "segment", (1, 0, 3, 0), TOUCH),  # collinear overlap
    ("segment", (0, 0, 2, 0), "segment", (0, 0, 2, 0), TOUCH),  # identical
    ("segment", (0, 0, 1, 0), "segment", (2, 0, 3, 0), APART),  # collinear apart
    ("segment", (0, 0, 1, 1), "segment", (3, 0, 2, 1), APART),  # lines cross outside
    ("segment", (1, 1, 1, 1), "segment", (0, 0, 2, 2), TOUCH),  # zero-length on it
    ("segment", (1, 1, 1, 1), "segment", (0, 2, 2, 0), TOUCH),
    ("segment", (1, 1, 1, 1), "segment", (1, 1, 1, 1), TOUCH),
    ("segment", (1, 1, 1, 1), "segment", (2, 2, 2, 2), APART),
    # ---- segment / triangle
    ("segment", (-1, 1, 5, 1), "triangle", TRI, OVERLAP),  # crossing
    ("segment", (1, 1, 2, 1), "triangle", TRI, OVERLAP),  # inside
    ("segment", (3, 3, 5, 5), "triangle", TRI, APART),
    ("segment", (0, 0, 4, 0), "triangle", TRI, TOUCH),  # along an edge
    ("segment", (4, 0, 5, 0), "triangle", TRI, TOUCH),  # collinear with edge, at vertex
    ("segment", (2, 2, 4, 4), "triangle", TRI, TOUCH),  # endpoint on hypotenuse
    ("segment", (0, 5, 5, 0), "triangle", TRI, APART),  # parallel to hypotenuse
    ("segment", (0, 2, 2, 0), "triangle", (0, 0, 1, 1, 2, 2), OVERLAP),  # collinear tri
    ("segment", (0, 2, 1, 1), "triangle", (0, 0, 1, 1, 2, 2), TOUCH),
    ("segment", (0, 0, 2, 2), "triangle", (1, 1, 1, 1, 1, 1), TOUCH),  # coincident tri
    ("segment", (0, 1, 2, 1), "triangle", (1, 1, 1, 1, 1, 1), TOUCH),
    ("segment", (1, 1, 1, 1), "triangle", TRI, OVERLAP),  # zero-length inside
    # ---- triangle / triangle
    ("triangle", TRI, "triangle", (1, 1, 5, 1, 1, 5), OVERLAP),
    ("triangle", (0, 0, 1, 0, 0, 1), "triangle", (2, 2, 3, 2, 2, 3), APART),
    ("triangle", (0, 0, 2, 0, 0, 2), "triangle", (2, 0, 0, 2, 2, 2), TOUCH),  # shared edge
    ("triangle", (0, 0, 1, 0, 0, 1), "triangle", (1, 0, 2, 0, 2, 1), TOUCH),  # shared vertex
    ("triangle", (0, 0, 4, 0, 2, 3), "triangle", (0, 2, 4, 2, 2, -1), OVERLAP),  # star
    ("triangle", (0, 0, 1, 0, 2, 0), "triangle", (1, 0, 3, 0, 2, 0), TOUCH),  # collinear
    ("triangle", (0, 0, 1, 1, 2, 2), "triangle", (0, 2, 1, 1, 2, 0), OVERLAP),  # collinear X
    ("triangle", (1, 1, 1, 1, 1, 1), "triangle", TRI, OVERLAP),  # coincident inside
    ("triangle", (0, 0, 0, 0, 0, 0), "triangle", TRI, TOUCH),  # coincident on vertex
    ("triangle", (5, 5, 5, 5, 5, 5), "triangle", TRI, APART),
    ("triangle", (0, 0, 0, 4, 4, 0), "triangle", TRI, OVERLAP),  # same, other winding
]


def _case_id(case):
    kind_a, a, kind_b, b, expected = case
    tag = {OVERLAP: "overlap", TOUCH: "touch", APART: "apart"}[expected]
    return f"{kind_a}{a}-{kind_b}{b}-{tag}"


def test_cases_cover_every_pair_with_every_outcome():
    seen = {}
    for kind_a, _, kind_b, _, expected in CASES:
        seen.setdefault(frozenset((kind_a, kind_b)), set()).add(expected)
    for kind_a, kind_b in itertools.combinations_with_replacement(HAND_KINDS, 2):
        outcomes = seen.get(frozenset((kind_a, kind_b)), set())
        wanted = {TOUCH, APART} if {kind_a, kind_b} in ({"point"}, {"point", "segment"}) else {OVERLAP, TOUCH, APART}
        assert wanted <= outcomes, (kind_a, kind_b, outcomes)


@pytest.mark.parametrize("case", CASES, ids=_case_id)
@pytest.mark.parametrize("swap", [False, True], ids=["ab", "ba"])
def test_hand_worked(case, swap):
    kind_a, a, kind_b, b, (touch, strict) = case
    if swap:
        kind_a, a, kind_b, b = kind_b, b, kind_a, a
    assert overlaps(kind_a, a, kind_b, b) is touch
    assert overlaps(kind_a, a, kind_b, b, touching=True) is touch
    assert overlaps(kind_a, a, kind_b, b, touching=False) is strict


# ---------------------------------------------------------------- exactness


def test_float_inputs_are_exact():
    assert overlaps("point", (0.1, 0), "circle", (0, 0, 0.1))
    assert not overlaps("point", (0.1, 0), "circle", (0, 0, 0.1), touching=False)
    above = math.nextafter(0.1, 1)
    assert not overlaps("point", (above, 0), "circle", (0, 0, 0.1))
    below = math.nextafter(0.1, 0)
    assert overlaps("point", (below, 0), "circle", (0, 0, 0.1), touching=False)
    # 0.1 + 0.2 is the double 0.30000000000000004, just past the double 0.3
    assert not contains("segment", (0, 0, 0.3, 0), (0.1 + 0.2, 0))
    assert contains("segment", (0, 0, 0.1 + 0.2, 0), (0.3, 0))
    assert not contains("box", (0, 0, 0.3, 1), (0.1 + 0.2, 0.5))
    assert contains("box", (0.1, 0.1, 0.2, 0.2), (0.1, 0.2))
    # two circles touching exactly at float-valued positions: 0.5 + 0.25 = 0.75
    assert overlaps("circle", (0, 0, 0.5), "circle", (0.75, 0, 0.25))
    assert not overlaps("circle", (0, 0, 0.5), "circle", (0.75, 0, 0.25), touching=False)
    assert not overlaps("circle", (0, 0, 0.5), "circle", (math.nextafter(0.75, 1), 0, 0.25))


def test_tiny_and_huge_values():
    assert not overlaps("point", (0, 0), "point", (5e-324, 0))
    assert overlaps("point", (5e-324, 0), "circle", (0, 0, 5e-324))
    big = 1e300
    assert overlaps("box", (-big, -big, big, big), "point", (big, -big))
    assert not overlaps("box", (-big, -big, big, big), "point", (math.nextafter(big, math.inf), 0))


def test_distance_helpers():
    assert core_distance_squared("point", (0, 0), "point", (3, 4)) == 25
    assert core_distance_squared("box", BOX, "point", (5, 6)) == 25
    assert core_distance_squared("segment", (0, 0, 2, 0), "circle", (3, 1, 7)) == 2
    assert core_distance_squared("triangle", TRI, "point", (3, 3)) == 2  # ((6-4)/sqrt2)²
    assert core_distance_squared("triangle", TRI, "point", (1, 1)) == 0
    assert core_distance_squared("point", (0.1, 0), "point", (0, 0)) == Fraction(0.1) ** 2
    assert radius_sum("circle", (0, 0, 1.5), "circle", (9, 9, 0.25)) == Fraction(7, 4)
    assert radius_sum("box", BOX, "segment", (0, 0, 1, 1)) == 0
    assert isinstance(core_distance_squared("point", (0, 0), "point", (1, 1)), Fraction)
    assert isinstance(radius_sum("point", (0, 0), "point", (1, 1)), Fraction)


def test_contains():
    assert contains("circle", (0, 0, 5), (3, 4))
    assert not contains("circle", (0, 0, 5), (3, 4.5))
    assert contains("triangle", TRI, (2, 2))
    assert not contains("triangle", TRI, (2.5, 2))
    assert contains("point", (1, 1), (1, 1))


@pytest.mark.parametrize(
    "kind, shape",
    [
        ("hexagon", (0, 0)),
        ("point", (0, 0, 0)),
        ("circle", (0, 0)),
        ("box", (0, 0, 1)),
        ("segment", (0, 0, 1, 1, 2)),
        ("triangle", (0, 0, 1, 1)),
        ("point", 3),
        ("circle", (0, 0, -1)),
        ("box", (1, 0, 0, 1)),
        ("box", (0, 1, 1, 0)),
        ("point", (float("nan"), 0)),
        ("point", (float("inf"), 0)),
    ],
)
def test_invalid_shapes_raise_value_error(kind, shape):
    with pytest.raises(ValueError):
        overlaps(kind, shape, "point", (0, 0))
    with pytest.raises(ValueError):
        overlaps("point", (0, 0), kind, shape)


# --------------------------------------------------------- property tests

GRID = st.integers(-3, 3)


@st.composite
def small_shapes(draw, kinds=KINDS):
    """(kind, shape) with small-integer (and sometimes half-integer) coordinates."""
    kind = draw(st.sampled_from(kinds))
    scale = draw(st.sampled_from([1, 0.5]))
    c = [draw(GRID) * scale for _ in range(WIDTH[kind])]
    return kind, make_valid(kind, c)


@pytest.mark.slow
@given(small_shapes(), small_shapes())
@settings(max_examples=600)
def test_symmetric_and_strict_implies_touching(sa, sb):
    touch = overlaps(*sa, *sb)
    strict = overlaps(*sa, *sb, touching=False)
    assert overlaps(*sb, *sa) is touch
    assert overlaps(*sb, *sa, touching=False) is strict
    assert touch or not strict
    assert core_distance_squared(*sa, *sb) == core_distance_squared(*sb, *sa)
    assert touch is (core_distance_squared(*sa, *sb) <= radius_sum(*sa, *sb) ** 2)


@st.composite
def scattered_shapes(draw):
    """(kind, shape) on grids from 2**-60 to 2**60, sometimes with a 0.1
    spacing (not dyadic: rounded) and single coordinates nudged by one ulp."""
    kind, s = draw(small_shapes())
    scale = draw(st.sampled_from([1.0, 0.1, 2.0**-60, 2.0**60, 3.0 * 2.0**-30]))
    s = [v * scale for v in s]
    for i in draw(st.lists(st.integers(0, len(s) - 1), max_size=2)):
        s[i] = math.nextafter(s[i], draw(st.sampled_from([-math.inf, math.inf])))
    return kind, make_valid(kind, s)


@given(scattered_shapes(), scattered_shapes())
def test_integer_grid_predicate_equals_the_fraction_one(sa, sb):
    """overlaps (on the pair's common integer grid) is the Fraction-based
    definition exactly, at every scale and with one-ulp nudges."""
    for touching in (True, False):
        assert overlaps(*sa, *sb, touching=touching) is overlaps_by_fractions(*sa, *sb, touching=touching)


@given(small_shapes(), small_shapes(), GRID, GRID)
def test_translation_invariant(sa, sb, dx, dy):
    def moved(kind, s):
        s = list(s)
        for i in range(0, len(s) - (1 if kind in ("circle", "capsule") else 0), 2):  # not a radius
            s[i] += dx
            s[i + 1] += dy
        return kind, tuple(s)

    for touching in (True, False):
        assert overlaps(*moved(*sa), *moved(*sb), touching=touching) is overlaps(*sa, *sb, touching=touching)


@given(GRID, GRID, GRID, GRID, GRID, GRID)
def test_point_never_strictly_overlaps_segment(px, py, x0, y0, x1, y1):
    assert not overlaps("point", (px, py), "segment", (x0, y0, x1, y1), touching=False)
    on_line = (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0) == 0
    in_range = min(x0, x1) <= px <= max(x0, x1) and min(y0, y1) <= py <= max(y0, y1)
    assert overlaps("point", (px, py), "segment", (x0, y0, x1, y1)) is (on_line and in_range)


@given(GRID, GRID, small_shapes(kinds=("box",)))
def test_zero_radius_circle_vs_box(cx, cy, sb):
    _, (x0, y0, x1, y1) = sb
    inside = x0 <= cx <= x1 and y0 <= cy <= y1
    strictly = x0 < cx < x1 and y0 < cy < y1
    assert overlaps("circle", (cx, cy, 0), "box", sb[1]) is inside
    assert overlaps("circle", (cx, cy, 0), "box", sb[1], touching=False) is strictly


# An independent oracle for radius-0 shapes: the separating axis test.  Two
# compact convex polygons (possibly degenerate) are disjoint iff some axis
# separates their projections; it suffices to try every difference of two
# vertices and its perpendicular (covering edge normals and closest-pair
# directions).  Likewise they fail to overlap strictly iff on some such axis
# the projections overlap in at most a single point.


def _vertices(kind, s):
    s = [Fraction(v) for v in s]
    if kind == "circle":
        return [(s[0], s[1])]
    if kind == "box":
        return [(s[0], s[1]), (s[2], s[1]), (s[2], s[3]), (s[0], s[3])]
    return [(s[i], s[i + 1]) for i in range(0, len(s), 2)]


def _sat(va, vb, touching):
    pts = va + vb
    axes = {(Fraction(1), Fraction(0)), (Fraction(0), Fraction(1))}
    for p, q in itertools.combinations(pts, 2):
        d = (q[0] - p[0], q[1] - p[1])
        if d != (0, 0):
            axes.update({d, (-d[1], d[0])})
    for ax in axes:
        pa = [ax[0] * x + ax[1] * y for x, y in va]
        pb = [ax[0] * x + ax[1] * y for x, y in vb]
        if touching and (max(pa) < min(pb) or max(pb) < min(pa)):
            return False
        if not touching and (max(pa) <= min(pb) or max(pb) <= min(pa)):
            return False
    return True


RADIUS0 = ("point", "box", "segment", "triangle")


@pytest.mark.slow
@given(small_shapes(kinds=RADIUS0 + ("circle",)), small_shapes(kinds=RADIUS0 + ("circle",)))
@settings(max_examples=1000)
def test_matches_separating_axis_oracle_for_radius_zero(sa, sb):
    if sa[0] == "circle":
        sa = ("circle", sa[1][:2] + (0,))
    if sb[0] == "circle":
        sb = ("circle", sb[1][:2] + (0,))
    va, vb = _vertices(*sa), _vertices(*sb)
    for touching in (True, False):
        assert overlaps(*sa, *sb, touching=touching) is _sat(va, vb, touching)
