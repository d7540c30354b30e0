"""reflect and impulse: the bounce of seed 001, checked against the physics."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

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
