"""Exactness at every magnitude, in both modes, for every ordered pair of kinds.

Strategies aim at the boundary: integer-grid cases (touching, collinear and
shared corners are frequent) scaled by 2**k across the whole exponent range,
nudged by a few ulps, moved far away with tiny features, shrunk into the
subnormal range, or mapped through a rounded affine map (near misses where plain
float evaluation gets signs wrong); and full-mantissa doubles at extreme
magnitudes.  Every answer
is compared with the exact Fraction reference on the very doubles tested.
"""

import itertools
import math

import numpy as np
import pytest
import reference as ref
from hypothesis import given
from hypothesis import strategies as st
from reference.geometry import make_valid
from strategies import KINDS, POSITIONS, TYPES, WIDTH, grid_coords, shape

import pycollide as pc

ORDERED_PAIRS = list(itertools.product(KINDS, KINDS))
MODES = [True, False]


def _fix(kind, values):
    """Restore a kind's rules after a transform (radius >= 0, min <= max, a
    polygon convex: the reference's make_valid)."""
    return make_valid(kind, values)


@st.composite
def grid_pair(draw, ka, kb, n=3):
    return draw(shape(ka, grid_coords(n))), draw(shape(kb, grid_coords(n)))


@st.composite
def scaled(draw, ka, kb):
    """A grid case times 2**k for any k that keeps it exact and finite."""
    a, b = draw(grid_pair(ka, kb))
    k = draw(st.integers(-1074, 1019))
    return (_fix(ka, [math.ldexp(x, k) for x in a]), _fix(kb, [math.ldexp(x, k) for x in b]))


@st.composite
def subnormal(draw, ka, kb):
    a, b = draw(grid_pair(ka, kb))
    k = draw(st.integers(-1074, -1060))
    return (_fix(ka, [math.ldexp(x, k) for x in a]), _fix(kb, [math.ldexp(x, k) for x in b]))


@st.composite
def nudged(draw, ka, kb):
    """A grid case (optionally scaled) with one coordinate moved by 1-3 ulps."""
    a, b = draw(grid_pair(ka, kb))
    k = draw(st.sampled_from([0, 0, -1060, -40, 40, 900]))
    coords = [math.ldexp(x, k) for x in a + b]
    i = draw(st.integers(0, len(coords) - 1))
    direction = draw(st.sampled_from([-math.inf, math.inf]))
    for _ in range(draw(st.integers(1, 3))):
        coords[i] = math.nextafter(coords[i], direction)
    return _fix(ka, coords[: len(a)]), _fix(kb, coords[len(a) :])


@st.composite
def far_offset(draw, ka, kb):
    """Tiny features (grid * 2**-j) far from the origin: cancellation everywhere."""
    a, b = draw(grid_pair(ka, kb))
    j = draw(st.integers(0, 40))
    ox = draw(st.floats(2.0**20, 2.0**70)) * draw(st.sampled_from([-1, 1]))
    oy = draw(st.floats(2.0**20, 2.0**70)) * draw(st.sampled_from([-1, 1]))

    def move(kind, s):
        out = [math.ldexp(x, -j) for x in s]
        for idx in range(len(out)):
            if idx >= POSITIONS[kind]:
                continue  # a radius is a length, not a position
            out[idx] += ox if idx % 2 == 0 else oy
        return _fix(kind, out)

    return move(ka, a), move(kb, b)


@st.composite
def rounded_affine(draw, ka, kb):
    """A grid case under x -> fl(s x + o) with full-mantissa s and o: touching,
    collinear and tangent cases become near misses by a few rounding errors,
    where plain float evaluation often gets the sign wrong."""
    a, b = draw(grid_pair(ka, kb))
    scale = draw(st.floats(0.25, 4.0))
    # offsets of the features' own size: the rounding of the coordinates is then
    # as large as the predicates' own rounding error, which is where naive signs fail
    ox, oy = draw(st.floats(-4.0, 4.0)), draw(st.floats(-4.0, 4.0))

    def move(kind, s):
        out = []
        for idx, x in enumerate(s):
            if idx >= POSITIONS[kind]:
                out.append(x * scale)
            else:
                out.append(x * scale + (ox if idx % 2 == 0 else oy))
        return _fix(kind, out)

    return move(ka, a), move(kb, b)


@st.composite
def extreme_random(draw, ka, kb):
    """Full-mantissa coordinates, all scaled by one 2**k near the ends of the range."""
    mant = st.integers(1 << 52, (1 << 53) - 1)
    k = draw(st.sampled_from([-1074, -1030, -600, 500, 900, 965]))

    def one(kind):
        vals = [
            math.ldexp(draw(mant) * draw(st.sampled_from([-1, 1])), k - 52 + draw(st.integers(-3, 3)))
            for _ in range(WIDTH[kind])
        ]
        return _fix(kind, vals)

    return one(ka), one(kb)


HARD = {
    "scaled": scaled,
    "subnormal": subnormal,
    "nudged": nudged,
    "far-offset": far_offset,
    "extreme-random": extreme_random,
    "rounded-affine": rounded_affine,
}


def _check(ka, kb, cases, touching):
    """All cases in one batch (its magnitude bound is the largest case's, so
    small cases reach the per-element filter), and each case in a batch of its
    own (a tight magnitude: the semi-static filter decides or passes it on)."""
    A = np.array([a for a, _ in cases], dtype=float)
    B = np.array([b for _, b in cases], dtype=float)
    got = pc.overlaps(TYPES[ka](A), TYPES[kb](B), touching=touching).tolist()
    alone = [bool(pc.overlaps(TYPES[ka](a), TYPES[kb](b), touching=touching)) for a, b in cases]
    want = [ref.overlaps(ka, a, kb, b, touching=touching) for a, b in cases]
    for (a, b), g, g1, w in zip(cases, got, alone, want):
        assert g == w, f"{ka} {a!r} vs {kb} {b!r} touching={touching}: got {g}, exact answer {w}"
        assert g1 == w, f"{ka} {a!r} vs {kb} {b!r} touching={touching}, alone: got {g1}, exact answer {w}"


@pytest.mark.sample(2)
@pytest.mark.parametrize("touching", MODES, ids=["touching", "strict"])
@pytest.mark.parametrize("ka,kb", ORDERED_PAIRS)
@given(data=st.data())
def test_hard_cases_agree_with_reference(ka, kb, touching, data):
    kind = data.draw(st.sampled_from(sorted(HARD)), label="strategy")
    cases = data.draw(st.lists(HARD[kind](ka, kb), min_size=1, max_size=4), label="cases")
    _check(ka, kb, cases, touching)


@pytest.mark.sample(2)
@pytest.mark.parametrize("touching", MODES, ids=["touching", "strict"])
@pytest.mark.parametrize("ka,kb", ORDERED_PAIRS)
@given(data=st.data())
def test_scaling_by_powers_of_two_changes_nothing(ka, kb, touching, data):
    """2**k scale invariance: the grid answer (checked against the reference)
    survives every exact scaling, where naive squares overflow or underflow."""
    a, b = data.draw(grid_pair(ka, kb))
    want = ref.overlaps(ka, a, kb, b, touching=touching)
    ks = np.arange(-1074, 1020, 37)
    A = np.array([[math.ldexp(x, int(k)) for x in a] for k in ks])
    B = np.array([[math.ldexp(x, int(k)) for x in b] for k in ks])
    got = pc.overlaps(TYPES[ka](A), TYPES[kb](B), touching=touching)
    bad = ks[got != want]
    assert bad.size == 0, f"{ka} {a} vs {kb} {b}: wrong after scaling by 2**k for k in {bad[:5]}"
    # a few scales alone, where the batch's magnitude bound is tight
    for i in data.draw(st.lists(st.integers(0, len(ks) - 1), min_size=1, max_size=3), label="alone"):
        alone = pc.overlaps(TYPES[ka](A[i]), TYPES[kb](B[i]), touching=touching)
        assert alone == want, f"{ka} {a} vs {kb} {b}: wrong alone after scaling by 2**{ks[i]}"


@pytest.mark.sample(2)
@pytest.mark.parametrize("ka,kb", ORDERED_PAIRS)
@given(data=st.data())
def test_strict_implies_touching_and_is_symmetric(ka, kb, data):
    cases = data.draw(st.lists(grid_pair(ka, kb), min_size=1, max_size=6))
    A = TYPES[ka](np.array([a for a, _ in cases], dtype=float))
    B = TYPES[kb](np.array([b for _, b in cases], dtype=float))
    strict = pc.overlaps(A, B, touching=False)
    np.testing.assert_array_equal(strict, pc.overlaps(B, A, touching=False))
    assert not (strict & ~pc.overlaps(A, B)).any()


def test_issue_examples_for_strict_mode():
    boxes = pc.Boxes([[0, 0, 1, 1], [1, 0, 2, 1]])
    assert pc.overlaps(boxes[0], boxes[1]) and not pc.overlaps(boxes[0], boxes[1], touching=False)
    s = pc.Segments([[0, 0, 2, 2], [0, 2, 2, 0], [1, 1, 3, 3]])
    assert pc.overlaps(s[0], s[1], touching=False)  # a proper crossing
    assert not pc.overlaps(s[0], s[2], touching=False)  # collinear overlap
    assert not pc.overlaps(pc.Points([1, 1]), s[0], touching=False)
    r0 = pc.Circles([[0.5, 0.5, 0], [1, 0.5, 0]])
    np.testing.assert_array_equal(pc.overlaps(r0, boxes[0], touching=False), [True, False])
    np.testing.assert_array_equal(pc.contains(boxes[0], [[0.5, 0.5], [1, 0.5]], touching=False), [True, False])


def test_touching_must_be_a_bool():
    with pytest.raises(TypeError, match="overlaps: `touching` must be True or False"):
        pc.overlaps(pc.Points([0, 0]), pc.Points([0, 0]), touching="no")
    with pytest.raises(TypeError, match="contains: `touching` must be True or False"):
        pc.contains(pc.Boxes([0, 0, 1, 1]), [0, 0], touching=None)


def test_magnitude_extremes_by_hand():
    big = 2.0**1000
    # |(3, 4) * 2**1000| = 5 * 2**1000 exactly; squares overflow in naive code
    c = pc.Circles([0, 0, 5 * big])
    assert pc.contains(c, [3 * big, 4 * big]) and not pc.contains(c, [3 * big, 4 * big], touching=False)
    assert not pc.contains(c, [3 * big, math.nextafter(4 * big, math.inf)])
    tiny = 2.0**-1074
    c = pc.Circles([0, 0, 5 * tiny])
    assert pc.contains(c, [3 * tiny, 4 * tiny]) and not pc.contains(c, [3 * tiny, 5 * tiny])
    # a far offset: a point one ulp off a long diagonal segment
    off = 2.0**60
    seg = pc.Segments([off, off, off + 2**12, off + 2**12])
    assert pc.contains(seg, [off + 2**11, off + 2**11])
    assert not pc.contains(seg, [off + 2**11, math.nextafter(off + 2**11, math.inf)])
