"""reflect and impulse: the bounce of seed 001, checked against the physics."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from reference.impulse import energy
from reference.impulse import impulse as ref_impulse
from strategies import examples

import pycollide as pc

finite = st.floats(-1e3, 1e3, allow_nan=False)
vec = arrays(np.float64, (2,), elements=finite)
unit_angle = st.floats(0, 2 * np.pi)
mass = st.one_of(st.floats(1e-3, 1e3), st.just(np.inf))
coef = st.floats(0.0, 1.0)


def _normal(theta):
    return np.array([np.cos(theta), np.sin(theta)])


def _tol(*vs):
    return 1e-9 * (1.0 + max(float(np.abs(v).max()) for v in vs))


friction = st.one_of(coef, st.floats(1.0, 10.0))


@given(v=vec, theta=unit_angle, e=coef, mu=friction)
def test_reflect_reverses_the_normal_part_and_applies_coulomb_friction(v, theta, e, mu):
    n = _normal(theta)
    out = pc.reflect(v, n, restitution=e, friction=mu)
    vn, tol = float(v @ n), _tol(v)
    if vn < 0:
        assert abs(float(out @ n) - (-e * vn)) <= tol
        tangent = v - vn * n
        vt = float(np.hypot(*tangent))
        kept = max(0.0, vt - mu * (1 + e) * abs(vn))  # Coulomb: the tangential speed loses mu * the impulse
        expected = tangent * (kept / vt) if vt > 0 else tangent
        np.testing.assert_allclose(out - float(out @ n) * n, expected, atol=tol)
        assert out @ out <= v @ v  # never gains speed (exactly: the core compares squared lengths exactly)
    else:
        np.testing.assert_array_equal(out, v)  # moving away: untouched


def test_reflect_is_the_bounce_advance_applies():
    """One friction model: a ball bouncing once off a wall in advance() leaves
    with reflect()'s velocity, bit for bit, for any restitution and friction."""
    rng = np.random.default_rng(5)
    wall = pc.TileMap.from_text("#" * 40)  # a floor, y <= 1; the ball comes down onto it
    for _ in range(200):
        v = np.array([rng.uniform(-5, 5), -rng.uniform(0.5, 5)])
        e, mu = rng.uniform(0, 1), rng.choice([0.0, rng.uniform(0, 2)])
        ball = pc.Circles([20.0, 1.5, 0.25])
        _, after, bounces = pc.advance(
            ball, v, wall, 0.26 / -v[1], restitution=e, friction=mu, return_bounces=True, max_bounces=1
        )
        assert int(bounces) == 1
        np.testing.assert_array_equal(after, pc.reflect(v, [0, 1], restitution=e, friction=mu))


def test_reflect_examples_and_broadcasting():
    v = np.array([[3.0, -4.0], [3.0, 4.0], [-2.0, 0.0]])
    np.testing.assert_allclose(pc.reflect(v, [0, 2]), [[3, 4], [3, 4], [-2, 0]])
    np.testing.assert_allclose(pc.reflect(v[:, None], [[0, 1], [1, 0]]).shape, (3, 2, 2))
    np.testing.assert_allclose(pc.reflect([-1.0, -1.0], [1, 1], restitution=0.0), [0.0, 0.0], atol=1e-15)
    # restitution and friction broadcast like a ufunc's arguments
    out = pc.reflect(v[0], [0, 1], restitution=[[1.0], [0.5]], friction=[0.0, 0.25, 2.0])
    assert out.shape == (2, 3, 2)
    for i, e in enumerate([1.0, 0.5]):
        for j, mu in enumerate([0.0, 0.25, 2.0]):
            np.testing.assert_array_equal(out[i, j], pc.reflect(v[0], [0, 1], restitution=e, friction=mu))


def test_reflect_rejects_bad_coefficients():
    with pytest.raises(ValueError, match="`friction` must be finite and >= 0"):
        pc.reflect([1.0, -1.0], [0, 1], friction=[0.5, -0.1])
    with pytest.raises(ValueError, match="`friction` must be finite"):
        pc.reflect([1.0, -1.0], [0, 1], friction=np.inf)
    with pytest.raises(ValueError, match=r"`restitution` must be in \[0.0, 1.0\]"):
        pc.reflect([1.0, -1.0], [0, 1], restitution=1.5)
    with pytest.raises(ValueError, match="do not broadcast"):
        pc.reflect([[1.0, -1.0]] * 3, [0, 1], friction=[0.1, 0.2])


@given(va=vec, vb=vec, ma=mass, mb=mass, theta=unit_angle, e=coef)
def test_impulse_conserves_momentum_and_never_adds_energy(va, vb, ma, mb, theta, e):
    if np.isinf(ma) and np.isinf(mb):
        return
    n = _normal(theta)
    na, nb = pc.impulse(va, vb, ma, mb, n, restitution=e)
    tol = _tol(va, vb)
    # a static body never moves; otherwise momentum is conserved
    if np.isinf(ma):
        np.testing.assert_array_equal(na, va)
    elif np.isinf(mb):
        np.testing.assert_array_equal(nb, vb)
    else:
        np.testing.assert_allclose(ma * na + mb * nb, ma * va + mb * vb, atol=tol * (ma + mb))
    # tangential velocities unchanged (frictionless)
    t = np.array([-n[1], n[0]])
    assert abs(float(na @ t - va @ t)) <= tol and abs(float(nb @ t - vb @ t)) <= tol
    closing = float((vb - va) @ n)
    if closing < 0:  # approaching: the relative normal speed is reversed and scaled by e
        assert abs(float((nb - na) @ n) - (-e * closing)) <= 4 * tol
    else:
        np.testing.assert_array_equal(na, va)
        np.testing.assert_array_equal(nb, vb)
    # energy in the rest frame of an infinite mass (a moving wall may add energy
    # in the ground frame; Galilean invariance of the change holds otherwise)
    frame = va if np.isinf(ma) else vb if np.isinf(mb) else np.zeros(2)
    va, vb, na, nb = va - frame, vb - frame, na - frame, nb - frame

    def energy(m, v):
        return 0.0 if np.isinf(m) else 0.5 * m * float(v @ v)

    before = energy(ma, va) + energy(mb, vb)
    after = energy(ma, na) + energy(mb, nb)
    assert after <= before * (1 + 1e-9) + 1e-9


def test_impulse_static_wall_and_errors():
    va, vb = pc.impulse([[2.0, 0.0], [2.0, 1.0]], [0.0, 0.0], 1.0, np.inf, [1, 0], restitution=1.0)
    np.testing.assert_allclose(va, [[-2, 0], [-2, 1]])
    with pytest.raises(ValueError, match="at most one"):
        pc.impulse([1, 0], [0, 0], np.inf, np.inf, [1, 0])
    with pytest.raises(ValueError, match="masses must be positive"):
        pc.impulse([1, 0], [0, 0], 0.0, 1.0, [1, 0])
    with pytest.raises(ValueError, match="restitution"):
        pc.reflect([1, 0], [1, 0], restitution=1.5)
    with pytest.raises(ValueError, match="nonzero"):
        pc.reflect([1, 0], [0, 0])
    with pytest.raises(ValueError, match=r"\(\.\.\., 2\)"):
        pc.reflect([1, 0, 0], [1, 0])


def test_reflect_leaves_velocities_without_a_surface_alone():
    """A sweep or raycast that hits nothing reports a NaN normal: reflect
    leaves those velocities unchanged, so one call bounces a whole batch."""
    v = np.array([[10.0, 0.0], [10.0, 0.0], [0.0, -3.0]])
    n = np.array([[-1.0, 0.0], [np.nan, np.nan], [0.0, 1.0]])
    np.testing.assert_array_equal(pc.reflect(v, n), [[-10.0, 0.0], [10.0, 0.0], [0.0, 3.0]])
    with pytest.raises(ValueError, match="`normal` must be finite"):
        pc.reflect([1.0, 1.0], [np.nan, 1.0])  # half a normal is a bad value, not a miss
    with pytest.raises(ValueError, match="`velocity` must be finite"):
        pc.reflect([np.nan, np.nan], [0.0, 1.0])


# ---- the rotational form ---------------------------------------------------------------------------------------

_UNITS = [(1, 0), (0, 1), (-1, 0), (0, -1), (Fraction(3, 5), Fraction(4, 5)), (Fraction(-5, 13), Fraction(12, 13))]


def _small():
    return st.fractions(-4, 4, max_denominator=8)


@st.composite
def _bodies(draw):
    """Two bodies in contact, with rational values exact as doubles."""
    v = lambda: (draw(_small()), draw(_small()))  # noqa: E731
    ma = draw(st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(3), None]))
    mb = draw(st.sampled_from([Fraction(1), Fraction(2), Fraction(5, 4)] + ([] if ma is None else [None])))
    ia = None if ma is None else draw(st.sampled_from([Fraction(1, 12), Fraction(1), Fraction(3, 2), None]))
    ib = None if mb is None else draw(st.sampled_from([Fraction(1, 6), Fraction(2), None]))
    wa = Fraction(0) if ia is None else draw(_small())  # a body that cannot turn does not turn
    wb = Fraction(0) if ib is None else draw(_small())
    va = (Fraction(0), Fraction(0)) if ma is None else v()
    vb = (Fraction(0), Fraction(0)) if mb is None else v()
    return dict(
        va=va, wa=wa, ma=ma, ia=ia, ca=v(), vb=vb, wb=wb, mb=mb, ib=ib, cb=v(), point=v(),
        n=draw(st.sampled_from(_UNITS)),
        e=draw(st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)])),
        mu=draw(st.sampled_from([Fraction(0), Fraction(1, 4), Fraction(1), Fraction(10)])),
    )  # fmt: skip


def _call(b):
    f = lambda x: np.inf if x is None else float(x)  # noqa: E731
    vec = lambda v: [float(v[0]), float(v[1])]  # noqa: E731
    return pc.impulse(
        vec(b["va"]), vec(b["vb"]), f(b["ma"]), f(b["mb"]), vec(b["n"]), float(b["e"]),
        friction=float(b["mu"]), point=vec(b["point"]), ca=vec(b["ca"]), cb=vec(b["cb"]),
        wa=float(b["wa"]), wb=float(b["wb"]), ia=f(b["ia"]), ib=f(b["ib"]),
    )  # fmt: skip


@settings(max_examples=examples(400))
@given(_bodies())
def test_rotational_impulse_never_adds_energy_and_agrees_with_the_exact_reference(b):
    va, wa, vb, wb = ref_impulse(**b)
    before = energy(b["va"], b["wa"], b["ma"], b["ia"]) + energy(b["vb"], b["wb"], b["mb"], b["ib"])
    after = energy(va, wa, b["ma"], b["ia"]) + energy(vb, wb, b["mb"], b["ib"])
    assert after <= before  # exactly, on rational inputs
    if b["e"] == 1 and b["mu"] == 0:
        assert after == before  # elastic and frictionless: conserved
    # momentum: linear (static bodies aside) exactly
    if b["ma"] is not None and b["mb"] is not None:
        for k in (0, 1):
            assert b["ma"] * va[k] + b["mb"] * vb[k] == b["ma"] * b["va"][k] + b["mb"] * b["vb"][k]
    got = _call(b)
    scale = 1 + max(abs(float(x)) for x in (*b["va"], *b["vb"], b["wa"], b["wb"])) * 64
    for g, r in zip((got[0][0], got[0][1], got[1], got[2][0], got[2][1], got[3]), (*va, wa, *vb, wb)):
        assert abs(Fraction(float(g)) - r) <= Fraction(2.0**-44) * Fraction(scale), (g, float(r))


def test_rotational_impulse_worked_by_hand():
    # a rod of mass 1 and inertia 1/12 falling flat on a static floor, hitting with its right end
    va, wa, vb, wb = pc.impulse(
        [0.0, -1.0],
        [0.0, 0.0],
        1.0,
        np.inf,
        [0, -1],
        0.0,
        point=[0.5, 0.0],
        ca=[0, 0],
        cb=[0, -1],
        ia=1 / 12,
        ib=np.inf,
    )
    assert va.tolist() == [0.0, -0.75] and float(wa) == 1.5 and vb.tolist() == [0.0, 0.0] and float(wb) == 0.0
    # at the centre of mass, the rotational form is the linear one
    lin = pc.impulse([1.0, 0.5], [-1.0, 0.0], 2.0, 1.0, [1, 0], 0.5)
    rot = pc.impulse([1.0, 0.5], [-1.0, 0.0], 2.0, 1.0, [1, 0], 0.5, point=[0, 0], ca=[0, 0], cb=[0, 0], ia=1, ib=1)
    assert rot[0].tolist() == lin[0].tolist() and rot[2].tolist() == lin[1].tolist()
    assert float(rot[1]) == 0.0 and float(rot[3]) == 0.0
    # separating: unchanged; friction on a sliding box stops it within mu * jn
    out = pc.impulse(
        [0.0, 1.0], [0.0, 0.0], 1.0, np.inf, [0, -1], point=[0, -1], ca=[0, 0], cb=[0, -2], ia=1, ib=np.inf
    )
    assert out[0].tolist() == [0.0, 1.0] and float(out[1]) == 0.0
    slide = pc.impulse([3.0, -1.0], [0.0, 0.0], 1.0, np.inf, [0, -1], 0.0, friction=0.5)
    assert slide[0].tolist() == [2.5, 0.0]
    stop = pc.impulse([0.25, -1.0], [0.0, 0.0], 1.0, np.inf, [0, -1], 0.0, friction=0.5)
    assert stop[0].tolist() == [0.0, 0.0]


def test_rotational_impulse_broadcasts():
    va, wa, vb, wb = pc.impulse(
        np.zeros((5, 1, 2)) + [0, -1], [0.0, 0.0], 1.0, np.inf, [0, -1], 0.5,
        point=np.array([[0.5, 0.0], [-0.5, 0.0], [0.0, 0.0]]), ca=[0, 0], cb=[0, -1], ia=[1.0, 2.0, 3.0], ib=np.inf,
    )  # fmt: skip
    assert va.shape == (5, 3, 2) and wa.shape == (5, 3) and wb.shape == (5, 3)
    assert wa[0, 2] == 0.0 and wa[0, 0] > 0 > wa[0, 1] and (wa == wa[0]).all()


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(point=[0, 0], ca=[0, 0], cb=[0, 0], ia=0.0, ib=1.0), ValueError, "`ia` must be positive"),
        (dict(point=[0, 0], ca=[0, 0], cb=[0, 0], ia=1.0, ib=[1.0, -1.0]), ValueError, r"`ib`.*index \(1,\)"),
        (dict(point=[0, 0], ca=[0, 0], ia=1.0, ib=1.0), TypeError, "`cb` is needed"),
        (dict(point=[0, np.nan], ca=[0, 0], cb=[0, 0], ia=1.0, ib=1.0), ValueError, "point"),
        (dict(point=[0, 0], ca=[0, 0], cb=[0, 0], ia=1.0, ib=1.0, wa=np.inf), ValueError, "wa"),
        (dict(ia=1.0), TypeError, "give the contact `point`"),
        (dict(wa=1.0), TypeError, "give the contact `point`"),
        (dict(friction=-1.0), ValueError, "friction"),
        (dict(point=[[0, 0]] * 3, ca=[0, 0], cb=[0, 0], ia=1.0, ib=[1.0, 2.0]), ValueError, "do not broadcast"),
    ],
)
def test_rotational_impulse_bad_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        pc.impulse([0.0, -1.0], [0.0, 0.0], 1.0, 1.0, [0, -1], **kwargs)
