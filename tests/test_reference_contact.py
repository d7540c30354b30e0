"""Self-checks of the contact reference (tests/reference/contact.py).

The reference derives the signed distance from the Minkowski difference of
the cores.  Here it is checked against hand-worked values, against the exact
overlap predicates (the sign, with no tolerance), and against a second,
independently derived oracle that never forms the Minkowski difference:

* cores apart: the distance between two disjoint convex sets is attained
  between a vertex of one and an edge of the other, so it is the smallest
  vertex-to-segment distance over the vertices of one core and the segments
  joining any two vertices of the other (those segments lie in the core, so
  no candidate is too small);
* cores meeting: the penetration depth is the smallest overlap of the two
  projections onto the normal of an edge of either core (separating axis
  theorem); every candidate axis gives an overlap >= the depth, so the
  normals of all vertex pairs may be used, and the minimum is exact.
"""

import itertools
import math
from fractions import Fraction

import pytest
import reference as ref
from hypothesis import given
from hypothesis import strategies as st
from strategies import KINDS, WIDTH, any_shape, grid_coords, half_grid_coords, random_coords

COORDS = {"grid": lambda: grid_coords(3), "half-grid": half_grid_coords, "random": random_coords}


# ------------------------------------------------------------ the oracle


def _vertices_and_radius(kind, s):
    s = [Fraction(v) for v in s]
    if kind == "circle":
        return [(s[0], s[1])], s[2]
    if kind == "capsule":
        return [(s[0], s[1]), (s[2], s[3])], s[4]
    if kind == "box":
        return [(s[0], s[1]), (s[2], s[1]), (s[2], s[3]), (s[0], s[3])], Fraction(0)
    return [(s[i], s[i + 1]) for i in range(0, len(s), 2)], Fraction(0)


def _point_segment_dist2(p, a, b):
    ab = (b[0] - a[0], b[1] - a[1])
    ap = (p[0] - a[0], p[1] - a[1])
    length2 = ab[0] ** 2 + ab[1] ** 2
    t = Fraction(0) if length2 == 0 else min(Fraction(1), max(Fraction(0), (ap[0] * ab[0] + ap[1] * ab[1]) / length2))
    return (ap[0] - t * ab[0]) ** 2 + (ap[1] - t * ab[1]) ** 2


def _segments(vertices):
    """Every segment joining two vertices (a vertex with itself: the point)."""
    return list(itertools.combinations_with_replacement(vertices, 2))


def _axes(vertices):
    """The normals of every segment joining two distinct vertices."""
    return {(p[1] - q[1], q[0] - p[0]) for p, q in itertools.combinations(vertices, 2) if p != q}


def _projection_overlap(va, vb, u):
    """Overlap of the projections of va and vb onto u, in units of |u| (< 0: apart)."""
    pa = [x * u[0] + y * u[1] for x, y in va]
    pb = [x * u[0] + y * u[1] for x, y in vb]
    return min(max(pa) - min(pb), max(pb) - min(pa))


def oracle_separation(kind_a, a, kind_b, b):
    """The signed distance by separating axes and vertex-edge distances, in floats
    only at the very end (math.sqrt of a float: a few ulps of error)."""
    va, ra = _vertices_and_radius(kind_a, a)
    vb, rb = _vertices_and_radius(kind_b, b)
    axes = _axes(va + vb) | {(Fraction(1), Fraction(0)), (Fraction(0), Fraction(1))}
    if any(_projection_overlap(va, vb, u) < 0 for u in axes):  # a separating axis: the cores are apart
        d2 = min(
            min(_point_segment_dist2(p, *seg) for p in va for seg in _segments(vb)),
            min(_point_segment_dist2(p, *seg) for p in vb for seg in _segments(va)),
        )
        return math.sqrt(float(d2)) - float(ra + rb)
    # no axis at all: both cores are single points, and (not apart) the same one
    depth2 = min(
        (_projection_overlap(va, vb, u) ** 2 / (u[0] ** 2 + u[1] ** 2) for u in _axes(va) | _axes(vb)),
        default=Fraction(0),
    )
    return -(math.sqrt(float(depth2)) + float(ra + rb))


def _scale(a, b):
    return 1 + max(abs(float(v)) for v in tuple(a) + tuple(b))


# ------------------------------------------------------- hand-worked values

HAND = [
    # kind_a, a, kind_b, b, separation
    ("circle", (0, 0, 1), "circle", (3, 0, 1), 1.0),  # gap 3 - 2
    ("box", (0, 0, 2, 2), "box", (1, 0, 3, 2), -1.0),  # x-overlap 1 < y-overlap 2
    ("circle", (0, 0, 1), "box", (0.5, -1, 3, 1), -0.5),  # the circle reaches x = 1, the box starts at 0.5
    ("point", (1, 1), "box", (0, 0, 3, 3), -1.0),  # 1 from the left and the bottom edge
    ("point", (1, 1.5), "box", (0, 0, 3, 3), -1.0),
    ("point", (5, 7), "box", (0, 0, 2, 3), 5.0),  # (3, 4) from the corner (2, 3)
    ("segment", (0, 0, 2, 2), "segment", (0, 2, 2, 0), -math.sqrt(2)),  # crossing: push b half its length
    ("segment", (0, 0, 2, 0), "segment", (1, 0, 1, 2), 0.0),  # T-junction
    ("segment", (0, 0, 2, 0), "segment", (1, 0, 3, 0), 0.0),  # collinear overlap: no area, depth 0
    ("segment", (0, 0, 2, 0), "segment", (0, 1, 2, 1), 1.0),  # parallel
    ("circle", (0, 0, 1), "circle", (0, 0, 2), -3.0),  # concentric: push b by 1 + 2
    ("point", (2, 3), "point", (2, 3), 0.0),
    ("point", (0, 0), "point", (3, 4), 5.0),
    ("circle", (0.5, 1.25, 0.5), "box", (0, 0, 2, 1), -0.25),  # circle bottom at 0.75 < 1
    ("triangle", (0, 0, 4, 0, 0, 4), "point", (3, 3), math.sqrt(2)),  # (6 - 4) / sqrt 2
    ("triangle", (0, 0, 6, 0, 0, 6), "point", (1, 2), -1.0),  # nearest edge y = 0
    (
        "triangle",
        (0, 0, 4, 0, 0, 4),
        "triangle",
        (0, 0, 4, 0, 0, 4),
        -2 * math.sqrt(2),
    ),  # the height onto the hypotenuse
    ("box", (0, 0, 4, 4), "circle", (1, 2, 0.5), -1.5),  # centre 1 from the left edge, plus r
    ("segment", (0, 0, 4, 0), "circle", (1, 0, 1), -1.0),  # centre on the segment: r
    ("circle", (0, 0, 1), "box", (1, 1, 2, 2), math.sqrt(2) - 1),
]


@pytest.mark.parametrize("ka,a,kb,b,want", HAND)
def test_hand_worked_separation(ka, a, kb, b, want):
    assert ref.separation(ka, a, kb, b) == pytest.approx(want, rel=1e-15, abs=1e-15)
    assert ref.separation(kb, b, ka, a) == pytest.approx(want, rel=1e-15, abs=1e-15)
    assert oracle_separation(ka, a, kb, b) == pytest.approx(want, rel=1e-15, abs=1e-15)


def test_separation_rounds_once_and_keeps_the_exact_sign():
    # 1.2 is not a double: the exact value is 1.2's double - 0.5 - 1
    assert ref.separation("circle", (0.5, 1.2, 0.5), "box", (0, 0, 2, 1)) == float(Fraction(1.2) - 1 - Fraction(0.5))
    # a gap of one ulp of 1 and a gap far below the smallest double
    assert ref.separation("point", (0, 0), "circle", (math.nextafter(1, 2), 0, 1)) == 2.0**-52
    assert ref.separation("point", (0, 0), "point", (5e-324, 0)) == 5e-324
    tiny = ref.separation("circle", (0, 0, 1), "point", (1, 5e-324))  # sqrt(1 + 2**-2148) - 1 > 0
    assert tiny == 5e-324
    assert ref.separation("circle", (0, 0, 1), "point", (1, 0)) == 0.0


def test_point_and_boundary_distance_by_hand():
    box = (0, 0, 3, 3)
    assert ref.point_distance("box", box, (1, 1.5)) == 0.0
    assert ref.boundary_distance("box", box, (1, 1.5)) == 1.0
    assert ref.point_distance("box", box, (7, 6)) == 5.0
    assert ref.boundary_distance("box", box, (7, 6)) == 5.0
    assert ref.boundary_distance("box", box, (3, 2)) == 0.0
    assert ref.boundary_distance("circle", (0, 0, 2), (0, 0.5)) == 1.5
    assert ref.boundary_distance("circle", (0, 0, 2), (0, 3)) == 1.0
    assert ref.point_distance("circle", (0, 0, 2), (0, 3)) == 1.0
    assert ref.point_distance("circle", (0, 0, 2), (0, 1)) == 0.0
    assert ref.boundary_distance("circle", (1, 1, 0), (4, 5)) == 5.0
    assert ref.boundary_distance("segment", (0, 0, 4, 0), (2, 0)) == 0.0  # its own boundary
    assert ref.boundary_distance("segment", (0, 0, 4, 0), (2, 1)) == 1.0
    assert ref.boundary_distance("box", (0, 0, 4, 0), (1, -2)) == 2.0  # flat box: a segment
    assert ref.boundary_distance("triangle", (0, 0, 1, 1, 2, 2), (1, 1)) == 0.0  # flat triangle
    assert ref.boundary_distance("triangle", (0, 0, 6, 0, 0, 6), (1, 2)) == 1.0
    assert ref.boundary_distance("point", (1, 1), (4, 5)) == 5.0
    assert ref.point_distance("triangle", (0, 0, 4, 0, 0, 4), (3, 3)) == math.sqrt(2)


def test_projection_gap_and_no_direction_by_hand():
    assert ref.projection_gap("circle", (0, 0, 1), "circle", (3, 0, 1), (2, 0)) == 1.0
    assert (
        ref.projection_gap("circle", (0, 0, 1), "circle", (3, 0, 1), (-1, 0)) == -5.0
    )  # min over b of -x: -4; max over a: 1
    assert ref.projection_gap("box", (0, 0, 2, 2), "box", (1, 0, 3, 2), (1, 0)) == -1.0
    assert ref.projection_gap("box", (0, 0, 2, 2), "box", (1, 0, 3, 2), (0, 1)) == -2.0
    assert ref.projection_gap("point", (0, 0), "point", (3, 4), (0.6, 0.8)) == 5.0
    assert ref.projection_gap("point", (0, 0), "point", (3, 4), (1, 0)) == 3.0
    with pytest.raises(ValueError):
        ref.projection_gap("point", (0, 0), "point", (3, 4), (0, 0))
    assert ref.no_direction("circle", (0, 0, 1), "circle", (0, 0, 2))
    assert ref.no_direction("point", (2, 3), "point", (2, 3))
    assert ref.no_direction("point", (1, 1), "box", (1, 1, 1, 1))
    assert not ref.no_direction("point", (1, 1), "point", (1, 2))
    assert not ref.no_direction("box", (0, 0, 1, 1), "box", (0, 0, 1, 1))
    assert not ref.no_direction("circle", (1, 0, 1), "segment", (0, 0, 2, 0))


# ------------------------------------------------------------ properties


def _pair(coords):
    return st.tuples(any_shape(COORDS[coords]()), any_shape(COORDS[coords]()))


@pytest.mark.parametrize("coords", list(COORDS))
@given(data=st.data())
def test_sign_is_exactly_the_overlap_predicates(coords, data):
    (ka, a), (kb, b) = data.draw(_pair(coords))
    sep = ref.separation(ka, a, kb, b)
    assert (sep <= 0) is ref.overlaps(ka, a, kb, b, touching=True)
    assert (sep < 0) is ref.overlaps(ka, a, kb, b, touching=False)
    assert ref.separation(kb, b, ka, a) == sep  # A - B and B - A are mirror images


@pytest.mark.parametrize("coords", list(COORDS))
@given(data=st.data())
def test_agrees_with_the_separating_axis_oracle(coords, data):
    (ka, a), (kb, b) = data.draw(_pair(coords))
    tol = 1e-12 * _scale(a, b)
    assert abs(ref.separation(ka, a, kb, b) - oracle_separation(ka, a, kb, b)) <= tol


@pytest.mark.parametrize("coords", list(COORDS))
@given(data=st.data())
def test_point_and_boundary_distance_agree_with_the_oracle(coords, data):
    kind, s = data.draw(any_shape(COORDS[coords]()))
    xy = data.draw(st.tuples(COORDS[coords](), COORDS[coords]()))
    tol = 1e-12 * _scale(s, xy)
    signed = oracle_separation(kind, s, "point", xy)
    assert (ref.point_distance(kind, s, xy) == 0) is ref.contains(kind, s, xy)
    assert abs(ref.point_distance(kind, s, xy) - max(signed, 0.0)) <= tol
    # a convex set: the distance to its boundary is |signed distance| (a set
    # without area is its own boundary, and the depth in it is 0)
    assert abs(ref.boundary_distance(kind, s, xy) - abs(signed)) <= tol


@pytest.mark.parametrize("coords", ["grid", "random"])
@given(data=st.data())
def test_no_direction_beats_the_separation(coords, data):
    (ka, a), (kb, b) = data.draw(_pair(coords))
    u = data.draw(st.tuples(COORDS[coords](), COORDS[coords]()).filter(lambda v: v != (0, 0)))
    assert ref.projection_gap(ka, a, kb, b, u) <= ref.separation(ka, a, kb, b) + 1e-12 * _scale(a, b)


@pytest.mark.parametrize("kind", KINDS)
def test_identical_shapes_and_coincident_cores(kind):
    s = {
        "point": (1, 2),
        "circle": (1, 2, 3),
        "box": (1, 2, 1, 2),
        "segment": (1, 2, 1, 2),
        "triangle": (1, 2, 1, 2, 1, 2),
        "capsule": (1, 2, 1, 2, 3),
    }.get(kind, (1, 2) * (WIDTH[kind] // 2))
    # every core here is the single point (1, 2)
    assert ref.no_direction(kind, s, "circle", (1, 2, 0.5))
    assert ref.separation(kind, s, "circle", (1, 2, 0.5)) == -(0.5 + (3 if kind in ("circle", "capsule") else 0))
