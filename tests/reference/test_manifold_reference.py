"""Self-tests of the manifold reference (tests/reference/manifold.py).

Hand-worked cases (shared with tests/test_manifold.py, which runs them
through ``pc.manifold``), the exact clip and kept decisions, and properties
of the model: the best face separation is the signed distance of the cores
where they meet (the separating axis theorem: the edges of the Minkowski
difference are the faces of the two cores) and a lower bound where they are
apart, and the reference is symmetric in a and b.
"""

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .contact import separation
from .geometry import WIDTH, convex_hull, core_distance_squared, make_valid, radius_sum, shape_core
from .manifold import FALLBACK, manifold_candidates, manifold_reference, same_points

TOL = 1e-9

# (name, kind_a, a, kind_b, b, margin, expected); expected is
#   0          count 0 (rule 1);
#   "point"    rule 2 (a single-point core): contact's point;
#   FALLBACK   rule 3 falls back to rule 2 (an empty clip, or no end kept);
#   (normal, {(point, separation), ...})   rule 3's points, every one dyadic
#              (exact floats) unless the inputs are not.
# The normal runs from a toward b.
DIAMOND = (1, -0.5, 2, 0.5, 1, 1.5, 0, 0.5)  # a box turned by 45 degrees, its lowest corner (1, -0.5)
# a square turned by atan(1/2), its lowest corner (1, -0.5): its edge (1, -0.5) -> (3, 0.5) is the
# incident face on a floor (normal (1, -2)/sqrt5, against (-2, -1)/sqrt5 of the other lower edge)
TURNED = (1, -0.5, 3, 0.5, 2, 2.5, 0, 1.5)
LIFTED = (1, 0.5, 3, 1.5, 2, 3.5, 0, 2.5)  # the same 1 higher: its lowest corner 0.5 above the floor
FLOOR = (-5, -1, 5, 0)
HAND = [
    # a box resting on a floor box, 0.25 deep: both ends of the overlap, midway between the surfaces
    (
        "box on floor",
        "box",
        (0, 0, 2, 2),
        "box",
        (-5, -1, 5, 0.25),
        0.0,
        ((0, -1), {((0, 0.125), -0.25), ((2, 0.125), -0.25)}),
    ),
    (
        "box on floor 0.1",
        "box",
        (0, 0, 2, 2),
        "box",
        (-5, -1, 5, 0.1),
        0.0,
        ((0, -1), {((0, 0.05), -0.1), ((2, 0.05), -0.1)}),
    ),
    (
        "floor under box",
        "box",
        (-5, -1, 5, 0.25),
        "box",
        (0, 0, 2, 2),
        0.0,
        ((0, 1), {((0, 0.125), -0.25), ((2, 0.125), -0.25)}),
    ),
    # a box turned 45 degrees, its corner 0.5 into the floor: one point (the other end of the
    # incident edge, (2, 0.5), is 0.5 above the floor)
    # (both lower edges are incident faces, tied: the same point either way)
    ("tilted box on floor", "polygon4", DIAMOND, "box", FLOOR, 0.0, ((0, -1), {((1, -0.25), -0.5)})),
    ("turned square on floor", "polygon4", TURNED, "box", FLOOR, 0.0, ((0, -1), {((1, -0.25), -0.5)})),
    # margin 1 keeps the incident edge's other end (3, 0.5) too, 0.5 above the floor
    (
        "turned square on floor, margin 1",
        "polygon4",
        TURNED,
        "box",
        FLOOR,
        1.0,
        ((0, -1), {((1, -0.25), -0.5), ((3, 0.25), 0.5)}),
    ),
    # a capsule (bottom at y = 1.5) lying across a box (top at y = 2): the box's width
    (
        "capsule on box",
        "capsule",
        (0, 2.5, 4, 2.5, 1),
        "box",
        (1, 0, 3, 2),
        0.0,
        ((0, -1), {((1, 1.75), -0.5), ((3, 1.75), -0.5)}),
    ),
    # two parallel capsules, axes 1.5 apart, radii 1: the stretch where the axes overlap
    (
        "parallel capsules",
        "capsule",
        (0, 0, 4, 0, 1),
        "capsule",
        (2, 1.5, 6, 1.5, 1),
        0.0,
        ((0, 1), {((2, 0.75), -0.5), ((4, 0.75), -0.5)}),
    ),
    # a triangle's vertex 0.5 into a box's top: one point
    (
        "triangle vertex in box",
        "triangle",
        (1, 1.5, 2, 3, 0, 3),
        "box",
        (0, 0, 2, 2),
        0.0,
        ((0, -1), {((1, 1.75), -0.5)}),
    ),
    # two boxes 1 apart: nothing within margin 0 or 0.5; both ends at margin 1.5
    ("apart", "box", (0, 0, 2, 2), "box", (0, 3, 2, 5), 0.0, 0),
    ("apart beyond margin", "box", (0, 0, 2, 2), "box", (0, 3, 2, 5), 0.5, 0),
    ("within margin", "box", (0, 0, 2, 2), "box", (0, 3, 2, 5), 1.5, ((0, 1), {((0, 2.5), 1.0), ((2, 2.5), 1.0)})),
    # a turned box 0.5 above the floor: margin 1 keeps its lowest corner, margin 2 the next one too
    ("lifted square, margin 1", "polygon4", LIFTED, "box", FLOOR, 1.0, ((0, -1), {((1, 0.25), 0.5)})),
    ("lifted square, margin 2", "polygon4", LIFTED, "box", FLOOR, 2.0, ((0, -1), {((1, 0.25), 0.5), ((3, 0.75), 1.5)})),
    # diagonal boxes: every face's clip is empty -> rule 2 (contact's corner-to-corner)
    ("diagonal boxes", "box", (0, 0, 1, 1), "box", (2, 2, 3, 3), 2.0, FALLBACK),
    # the closest points are beyond the reference face's end: the clipped end (3.7083.., 0) is
    # 0.83 from b's line, more than the margin 0.6, while the cores are 0.559 apart
    ("no end kept", "segment", (0, 0, 4, 0), "segment", (3, 5, 4.5, 0.25), 0.6, FALLBACK),
    # a single-point core: rule 2
    ("circle on box", "circle", (1, 2.5, 1), "box", (0, 0, 2, 2), 0.0, "point"),
    ("zero-size box in box", "box", (1, 1, 1, 1), "box", (0, 0, 2, 2), 0.0, "point"),
    ("point in capsule", "point", (1, 0.5), "capsule", (0, 0, 4, 0, 1), 0.0, "point"),
]
HAND_IDS = [case[0] for case in HAND]


def _negated(normal):
    return tuple(0.0 - v for v in normal)


def _outcome_set(outcome):
    return frozenset((tuple(map(float, p)), float(s)) for p, s in outcome)


def _expected_set(points):
    return frozenset(((float(p[0]), float(p[1])), float(s)) for p, s in points)


@pytest.mark.parametrize("name,ka,a,kb,b,margin,expected", HAND, ids=HAND_IDS)
def test_hand_worked(name, ka, a, kb, b, margin, expected):
    r = manifold_reference(ka, a, kb, b, margin, TOL)
    if expected == 0:
        assert r.rule == "apart" and r.separation > margin and not r.candidates
        return
    if expected == "point":
        assert r.rule == "point" and not r.candidates
        return
    assert r.rule == "faces" and r.candidates
    if expected == FALLBACK:
        for c in r.candidates:
            assert c.fallback and c.outcomes == (FALLBACK,), c
            assert c.empty or c.none_kept
        return
    normal, points = expected
    want = _expected_set(points)
    for c in r.candidates:
        assert c.normal == tuple(map(float, normal)), c
        assert c.stable and not c.empty and not c.none_kept and not c.fallback, c
        assert all(e.kept is not None for e in c.ends), c  # no end within tol of the margin
        assert _outcome_set(c.outcomes[0]) == want, c  # exact floats
        assert c.accepts(c.normal, [p for p, _ in want], [s for _, s in want], TOL)


@pytest.mark.parametrize("name,ka,a,kb,b,margin,expected", HAND, ids=HAND_IDS)
def test_hand_worked_swapped(name, ka, a, kb, b, margin, expected):
    ab = manifold_reference(ka, a, kb, b, margin, TOL)
    ba = manifold_reference(kb, b, ka, a, margin, TOL)
    assert ab.rule == ba.rule and ab.separation == ba.separation
    assert _summary(ba) == {(_negated(n), o) for n, o in _summary(ab)}


def _summary(r):
    return {(c.normal, frozenset(o if o == FALLBACK else _outcome_set(o) for o in c.outcomes)) for c in r.candidates}


def test_the_ties_of_the_box_on_the_floor():
    """Both the box's bottom (clipping the floor's top to the box) and the
    floor's top (clipping the box's bottom to the floor) are reference faces;
    the exact clips, in the incident edge's order."""
    cands = manifold_candidates("box", (0, 0, 2, 2), "box", (-5, -1, 5, 0.25), 0.0, TOL)
    assert sorted(c.reference for c in cands) == ["a", "b"]
    by = {c.reference: c for c in cands}
    F = Fraction
    a_ref, b_ref = by["a"], by["b"]
    assert a_ref.face == ((0, 0), (2, 0)) and a_ref.incident == ((5, F(1, 4)), (-5, F(1, 4)))
    assert [e.lam for e in a_ref.ends] == [F(3, 10), F(1, 2)]
    assert [e.c for e in a_ref.ends] == [(2, F(1, 4)), (0, F(1, 4))]
    assert b_ref.face == ((5, F(1, 4)), (-5, F(1, 4))) and b_ref.incident == ((0, 0), (2, 0))
    assert [e.lam for e in b_ref.ends] == [0, 1]
    for c in cands:
        assert c.face_separation == -0.25 and c.normal == (0.0, -1.0) and c.radii == (0, 0)
        assert [e.separation for e in c.ends] == [-0.25, -0.25] and all(e.kept for e in c.ends)


def test_margin_at_a_separation_is_either():
    """Boxes 1 apart: at margin 1 the ends (separation 1) may be kept or not;
    with tol 0 the exact decision: kept at 1, not kept just below."""
    args = ("box", (0, 0, 2, 2), "box", (0, 3, 2, 5))
    for c in manifold_candidates(*args, 1.0, TOL):
        assert [e.kept for e in c.ends] == [None, None]
        assert FALLBACK in c.outcomes and c.fallback and c.none_kept and len(c.outcomes) == 4
    for c in manifold_candidates(*args, 1.0, 0):
        assert [e.kept for e in c.ends] == [True, True] and c.outcomes[0] != FALLBACK and not c.fallback
    for c in manifold_candidates(*args, math.nextafter(1.0, 0), 0):
        assert [e.kept for e in c.ends] == [False, False] and c.outcomes == (FALLBACK,)


@pytest.mark.parametrize("step", [-1, 0, 1])
def test_kept_is_decided_exactly_on_an_irrational_separation(step):
    """Two parallel diagonal segments 1/sqrt(2) apart: an end is kept at
    margin m exactly when 1/2 <= m² (no rounding of the square root)."""
    m = math.sqrt(0.5)
    for _ in range(abs(step)):
        m = math.nextafter(m, math.copysign(math.inf, step))
    cands = manifold_candidates("segment", (0, 0, 1, 1), "segment", (0, 1, 1, 2), m, 0)
    assert cands
    kept = Fraction(m) ** 2 >= Fraction(1, 2)
    for c in cands:
        assert c.normal == pytest.approx((-m, m), abs=1e-15)
        assert [e.kept for e in c.ends] == [kept, kept]


def test_fallback_and_point_rules():
    r = manifold_reference("segment", (0, 0, 4, 0), "segment", (3, 5, 4.5, 0.25), 0.6, TOL)
    assert r.separation == pytest.approx(0.5590169943749475, abs=1e-15)  # sqrt(0.3125), (4, 0) to b's end
    (c,) = r.candidates
    assert c.reference == "b" and not c.empty and c.none_kept
    assert [e.kept for e in c.ends] == [False, False]
    assert min(e.separation for e in c.ends) > 0.6
    # the same at a margin that keeps the nearer end (0.830..)
    (c,) = manifold_candidates("segment", (0, 0, 4, 0), "segment", (3, 5, 4.5, 0.25), 1.0, TOL)
    assert [e.kept for e in c.ends] == [True, False] and not c.fallback
    assert manifold_candidates("circle", (0, 0, 1), "box", (0, 0, 1, 1), 0.0, TOL) == []


def test_unstable_clip_accepts_the_stretch():
    """A segment along the reference face's normal with its line on the slab's
    side: where rounding cuts it is ill-conditioned; the whole stretch the
    widened slab reports is accepted, the rest not."""
    # b stands on a's corner (2, 2), going up: against a's top face (u = (0, 1)) it is the
    # incident edge, along u, exactly on the slab's side x = 2
    cands = manifold_candidates("box", (0, 0, 2, 2), "segment", (2, 2, 2, 3), 2.0, TOL)
    unstable = [c for c in cands if not c.stable]
    assert unstable and all(c.normal == (0, 1) for c in unstable)
    for c in unstable:
        assert c.fallback  # the narrowed slab misses it
        assert sorted(e.separation for e in c.ends) == [0, 1]
        # (2, 2.5) on the edge: separation 0.5, reported at (2, 2.25)
        assert c.accepts((0.0, 1.0), [(2.0, 2.25)], [0.5], TOL)
        assert c.accepts((0.0, 1.0), [(2.0, 2.25), (2.0, 2.5)], [0.5, 1.0], TOL)
        assert not c.accepts((0.0, 1.0), [(2.0, 2.25)], [0.7], TOL)
        assert not c.accepts((0.0, 1.0), [(1.0, 2.25)], [0.5], TOL)
        assert not c.accepts((1.0, 0.0), [(2.0, 2.25)], [0.5], TOL)
    for c in cands:
        if c.stable:  # a's right face: the single point (2, 2)
            assert not c.accepts(c.normal, [(2.0, 2.25)], [0.5], TOL)


# --------------------------------------------------------- properties

GRID = st.integers(-3, 3)
FACE_KINDS = ("box", "segment", "triangle", "capsule", "polygon4", "polygon8")


@st.composite
def grid_shapes(draw, kinds=FACE_KINDS):
    kind = draw(st.sampled_from(kinds))
    scale = draw(st.sampled_from([1, 0.5]))
    return kind, make_valid(kind, [draw(GRID) * scale for _ in range(WIDTH[kind])])


MARGINS = st.sampled_from([0.0, 0.5, 2.0])


def _has_faces(kind, s):
    return len(convex_hull(shape_core(kind, s)[0])) >= 2


@given(grid_shapes(), grid_shapes(), MARGINS)
def test_best_face_is_the_separating_axis(sa, sb, margin):
    """max s_F - (ra + rb) is the separation where the cores meet (the edges of
    the Minkowski difference are the cores' faces), and at most the separation
    where they are apart."""
    if not (_has_faces(*sa) and _has_faces(*sb)):
        return
    cands = manifold_candidates(*sa, *sb, margin, TOL)
    assert cands
    best = max(c.face_separation for c in cands)
    grown = best - float(radius_sum(*sa, *sb))
    sep = separation(*sa, *sb)
    if core_distance_squared(*sa, *sb) == 0:
        assert grown == pytest.approx(sep, abs=1e-12)
    else:
        assert grown <= sep + 1e-12


@given(grid_shapes(), grid_shapes(), MARGINS)
def test_clip_invariants(sa, sb, margin):
    """Each candidate: a unit normal; its ends on the incident edge, in its
    order, inside the slab, each either a vertex of the incident edge or on a
    side of the slab; separations and reported points by the formulas; kept
    as separation <= margin."""
    if not (_has_faces(*sa) and _has_faces(*sb)):
        return
    for c in manifold_candidates(*sa, *sb, margin, TOL):
        assert math.hypot(*c.normal) == pytest.approx(1, abs=1e-15)
        (p0, p1), (q0, q1) = c.face, c.incident
        t = (p1[0] - p0[0], p1[1] - p0[1])
        t2 = t[0] ** 2 + t[1] ** 2
        lams = [e.lam for e in c.ends]
        assert lams == sorted(set(lams)) and all(0 <= x <= 1 for x in lams)
        for e in c.ends:
            assert e.c == (q0[0] + e.lam * (q1[0] - q0[0]), q0[1] + e.lam * (q1[1] - q0[1]))
            f = (e.c[0] - p0[0]) * t[0] + (e.c[1] - p0[1]) * t[1]
            assert 0 <= f <= t2
            assert e.lam in (0, 1) or f in (0, t2)
            # separation along u, and the reported point midway between the surfaces
            sign = 1 if c.reference == "a" else -1
            u = (sign * c.normal[0], sign * c.normal[1])
            depth = (float(e.c[0]) - float(p0[0])) * u[0] + (float(e.c[1]) - float(p0[1])) * u[1]
            rx, ry = map(float, c.radii)
            assert e.separation == pytest.approx(depth - rx - ry, abs=1e-12)
            half = (rx - ry - depth) / 2
            assert e.point == pytest.approx((float(e.c[0]) + u[0] * half, float(e.c[1]) + u[1] * half), abs=1e-12)
            if e.kept is not None:
                assert e.kept is (e.separation <= margin)
            else:
                assert abs(e.separation - margin) <= TOL
        assert c.empty is (not c.ends)
        assert c.fallback is (FALLBACK in c.outcomes)


@given(grid_shapes(), grid_shapes(), MARGINS)
def test_reference_is_symmetric(sa, sb, margin):
    ab = manifold_reference(*sa, *sb, margin, TOL)
    ba = manifold_reference(*sb, *sa, margin, TOL)
    assert ab.rule == ba.rule
    assert _summary(ba) == {(_negated(n), o) for n, o in _summary(ab)}


def test_same_points():
    one = [((0.0, 0.0), 1.0)]
    assert same_points(one, [((1e-10, 0.0), 1.0)], 1e-9)
    assert same_points(one, [((0.0, 0.0), 1.0), ((1e-10, 0.0), 1.0)], 1e-9)  # coincident ends
    assert not same_points(one, [((0.0, 0.0), 1.0), ((1.0, 0.0), 1.0)], 1e-9)
    assert not same_points(one, [((0.0, 0.0), 1.1)], 1e-9)
