"""Collision response: bounce velocities off a contact normal.

Plain vector algebra on numpy arrays (no geometry decisions), broadcasting
over leading axes; vectors have a trailing axis of length 2.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

import numpy as np
from numpy.typing import ArrayLike

from . import _dispatch as d
from ._native import call, check_rc, lib, resolve_threads

__all__ = ["reflect", "impulse"]


def _scalars(verb: str, name: str, value: Any, lo: float, hi: float, finite: bool = False) -> np.ndarray:
    try:
        arr = np.asarray(value)
    except ValueError:
        raise ValueError(f"{verb}: `{name}` is not a rectangular array of numbers") from None
    if arr.dtype.kind not in "iuf":
        raise TypeError(
            f"{verb}: `{name}` must be a number or an array of numbers, got "
            f"{type(value).__name__ if arr.dtype == object else f'dtype {arr.dtype}'}"
        )
    arr = arr.astype(np.float64, copy=False)
    bad = ~((arr >= lo) & (arr <= hi))
    if finite:
        bad |= ~np.isfinite(arr)
    if bad.any():
        first = np.argwhere(bad)[0] if arr.ndim else ()
        value = arr[tuple(first)]
        rule = f"finite and >= {lo}" if finite else (f">= {lo}" if hi == np.inf else f"in [{lo}, {hi}]")
        raise ValueError(
            f"{verb}: `{name}` must be {rule}; got {float(value)!r}"
            + (f" at index {tuple(int(i) for i in first)}" if arr.ndim else "")
        )
    return arr


def _broadcast(verb: str, **named: np.ndarray) -> None:
    """A ValueError naming the arguments whose leading shapes do not broadcast."""
    shapes = {name: (a.shape[:-1] if name in _VECTOR_ARGS else a.shape) for name, a in named.items()}
    try:
        np.broadcast_shapes(*shapes.values())
    except ValueError:
        listed = ", ".join(f"`{name}` {shape}" for name, shape in shapes.items())
        raise ValueError(f"{verb}: the shapes of {listed} do not broadcast together") from None


_VECTOR_ARGS = ("velocity", "normal", "va", "vb")


def _unit(verb: str, normal: np.ndarray, missing: bool = False) -> np.ndarray:
    """Unit vectors along the (finite) normals, scaled first so that no length
    overflows or underflows; a zero normal is an error.  With ``missing``, a
    normal (NaN, NaN) (no surface: what a missed raycast or sweep reports)
    stays NaN."""
    big = np.max(np.abs(normal), axis=-1, keepdims=True)
    if missing:
        big = np.where(np.isnan(normal).all(axis=-1, keepdims=True), 1.0, big)
    if not (big > 0).all():
        bad = tuple(int(i) for i in np.argwhere(~(big[..., 0] > 0))[0])
        raise ValueError(f"{verb}: every `normal` must be a nonzero vector; normal{list(bad) if bad else ''} is (0, 0)")
    scaled = normal / big
    return scaled / np.hypot(scaled[..., 0], scaled[..., 1])[..., None]


def reflect(
    velocity: ArrayLike,
    normal: ArrayLike,
    restitution: ArrayLike = 1.0,
    friction: ArrayLike = 0.0,
    *,
    threads: Optional[int] = None,
) -> np.ndarray:
    """The velocity after bouncing off a surface with the given normal.

    ``normal`` is the surface's normal pointing out of it toward the mover:
    what :func:`raycast`, :func:`sweep` and the world queries report for what
    they hit (for a :func:`contact` of a mover ``a`` with an obstacle ``b``,
    whose normal points from a toward b, pass ``-normal``).  It need not be
    unit length.  Only a velocity moving into the surface (``velocity . n <
    0``) bounces; any other is returned unchanged, and so is a velocity whose
    normal is (NaN, NaN), what a raycast or sweep that hit nothing reports:
    ``v = pc.reflect(v, pc.sweep(...).normal)`` bounces the movers that hit
    and leaves the others alone.

    The bounce is the one :func:`advance` applies at every impact: the normal
    part ``v_n`` of the velocity is reversed and scaled by ``restitution`` (1:
    elastic, 0: no bounce), and the tangential part ``v_t`` loses
    ``min(friction * (1 + restitution) * |v_n|, |v_t|)``: Coulomb friction
    with the impulse of the bounce (a ball without spin).  ``friction`` is
    the Coulomb coefficient, >= 0 (it may exceed 1: the tangential motion
    then stops whenever the bounce is hard enough).  The result is never
    longer than ``velocity`` (squared lengths compared exactly).
    Everything broadcasts like a numpy ufunc's arguments.

    >>> import pycollide as pc
    >>> pc.reflect([3.0, -4.0], [0, 1]).tolist()
    [3.0, 4.0]
    >>> pc.reflect([3.0, -4.0], [0, 1], restitution=0.5).tolist()
    [3.0, 2.0]
    >>> pc.reflect([3.0, -4.0], [0, 1], restitution=0.5, friction=0.25).tolist()   # v_t loses 0.25 * 1.5 * 4
    [1.5, 2.0]
    >>> pc.reflect([3.0, 4.0], [0, 1]).tolist()                    # moving away: unchanged
    [3.0, 4.0]
    >>> pc.reflect([3.0, -4.0], [np.nan, np.nan]).tolist()        # no surface: unchanged
    [3.0, -4.0]
    """
    verb = "reflect"
    v = d.vectors(verb, "velocity", velocity)
    normal = d.vectors(verb, "normal", normal, missing=True)
    e = _scalars(verb, "restitution", restitution, 0.0, 1.0)
    mu = _scalars(verb, "friction", friction, 0.0, np.inf, finite=True)
    _broadcast(verb, velocity=v, normal=normal, restitution=e, friction=mu)
    n = np.ascontiguousarray(_unit(verb, normal, missing=True))
    shape = d.broadcast(
        verb, [("velocity", v.shape[:-1]), ("normal", n.shape[:-1]), ("restitution", e.shape), ("friction", mu.shape)]
    )
    e = np.ascontiguousarray(e, dtype=np.float64)[..., None]
    mu = np.ascontiguousarray(mu, dtype=np.float64)[..., None]
    out = np.empty(shape + (2,))
    if out.size:
        args, ndim, dims = d.arrays(shape, [v, n, e, mu, out])
        check_rc(
            verb,
            call(out.size // 2, lib.pc_reflect_batch, *args, ndim, dims, resolve_threads(verb, threads, out.size // 2)),
        )
    return out


def impulse(
    va: ArrayLike,
    vb: ArrayLike,
    ma: ArrayLike,
    mb: ArrayLike,
    normal: ArrayLike,
    restitution: ArrayLike = 1.0,
    *,
    friction: ArrayLike = 0.0,
    point: Optional[ArrayLike] = None,
    ca: Optional[ArrayLike] = None,
    cb: Optional[ArrayLike] = None,
    wa: ArrayLike = 0.0,
    wb: ArrayLike = 0.0,
    ia: Optional[ArrayLike] = None,
    ib: Optional[ArrayLike] = None,
) -> Tuple[np.ndarray, ...]:
    """New velocities of two colliding bodies after an impulse at their contact.

    ``normal`` points from body a toward body b (as :func:`contact` returns
    it).  Masses may be ``np.inf`` for a static body (not both).  Bodies that
    are already separating along the normal are left unchanged.  Momentum is
    conserved, and kinetic energy never grows for ``restitution <= 1``.
    Returns ``(va_new, vb_new)``; everything broadcasts.

    **Rotating bodies.**  Given the contact ``point`` (layout ``(..., 2)``),
    each body's centre of mass ``ca``, ``cb`` (:func:`mass_properties`'s
    centroid), angular velocity ``wa``, ``wb`` (radians per unit time,
    counter-clockwise; default 0) and moment of inertia about its centre
    ``ia``, ``ib`` (> 0; ``np.inf`` for a body that cannot turn, and for a
    static one), the impulse acts at the point: the velocity of each body
    there is ``v + w * perp(point - c)`` (``perp(x, y) = (-y, x)``), and the
    result is ``(va_new, wa_new, vb_new, wb_new)``.  The normal impulse is
    ``jn = -(1 + restitution) * vn / kn`` where the point's relative velocity
    ``vn = (vb_p - va_p) . n`` is negative (approaching; else 0), with the
    effective inverse mass ``kn = 1/ma + 1/mb + (ra x n)**2 / ia + (rb x n)**2
    / ib`` (``ra = point - ca``); ``-jn n`` goes to a and ``jn n`` to b, the
    angular velocities changing by ``-(ra x jn n) / ia`` and ``(rb x jn n) /
    ib``.  Then Coulomb friction: with the tangent ``t = perp(n)`` and the
    point's relative tangential velocity ``vt`` after the normal impulse, the
    tangential impulse ``jt = -vt / kt`` (``kt`` as ``kn`` with ``t``),
    clamped to ``|jt| <= friction * jn``: sliding stops where friction
    suffices, else it slows.  Each of the two impulses alone never adds
    kinetic energy (the normal one takes ``(1 - e**2) vn**2 / (2 kn)`` away;
    the tangential one ``vt**2 / kt * (lam - lam**2 / 2)`` for the fraction
    ``lam`` in [0, 1] of the full stop it applies), so the energy
    ``m v.v / 2 + i w**2 / 2`` summed over both bodies never grows with
    ``restitution <= 1``, in exact arithmetic; the results are rounded
    floating-point evaluations of these formulas.  ``friction`` (>= 0,
    default 0) works without ``point`` too (on bodies that do not turn).

    >>> import pycollide as pc
    >>> va, vb = pc.impulse([1.0, 0.0], [-1.0, 0.0], 1.0, 1.0, [1, 0])
    >>> va.tolist(), vb.tolist()
    ([-1.0, 0.0], [1.0, 0.0])
    >>> va, vb = pc.impulse([2.0, 0.0], [0.0, 0.0], 1.0, float("inf"), [1, 0], restitution=0.5)
    >>> va.tolist(), vb.tolist()
    ([-1.0, 0.0], [0.0, 0.0])

    A rod (mass 1, inertia 1/12 about its middle) falling flat onto a
    static floor at its end spins up as it bounces:

    >>> va, wa, vb, wb = pc.impulse([0.0, -1.0], [0.0, 0.0], 1.0, float("inf"), [0, -1], 0.0,
    ...                             point=[0.5, 0.0], ca=[0.0, 0.0], cb=[0.0, -1.0], ia=1 / 12, ib=float("inf"))
    >>> va.tolist(), float(wa)
    ([0.0, -0.75], 1.5)
    """
    verb = "impulse"
    ua = d.vectors(verb, "va", va)
    ub = d.vectors(verb, "vb", vb)
    ma = _scalars(verb, "ma", ma, 0.0, np.inf)
    mb = _scalars(verb, "mb", mb, 0.0, np.inf)
    if ((ma <= 0) | (mb <= 0)).any():
        raise ValueError("impulse: masses must be positive (np.inf for a static body)")
    if (np.isinf(ma) & np.isinf(mb)).any():
        raise ValueError("impulse: at most one of two colliding bodies can have infinite mass")
    normal = d.vectors(verb, "normal", normal)
    e = _scalars(verb, "restitution", restitution, 0.0, 1.0)
    mu = _scalars(verb, "friction", friction, 0.0, np.inf, finite=True)
    rotating = point is not None
    if not rotating:
        for name, value in (("ca", ca), ("cb", cb), ("ia", ia), ("ib", ib)):
            if value is not None:
                raise TypeError(f"impulse: `{name}` is for rotating bodies: give the contact `point` too")
        if np.any(np.asarray(wa) != 0) or np.any(np.asarray(wb) != 0):
            raise TypeError("impulse: `wa` and `wb` are for rotating bodies: give the contact `point` too")
        _broadcast(verb, va=ua, vb=ub, ma=ma, mb=mb, normal=normal, restitution=e, friction=mu)
        n = _unit(verb, normal)
        e = e[..., None]
        # each body's share of the exchange, mb / (ma + mb) and ma / (ma + mb), as ratios:
        # no 1 / m that overflows for a tiny mass, no inf / inf for a static one
        with np.errstate(over="ignore", divide="ignore"):
            wa_ = (1.0 / (1.0 + ma / mb))[..., None]
            wb_ = (1.0 / (1.0 + mb / ma))[..., None]
        closing = np.sum((ub - ua) * n, axis=-1, keepdims=True)  # < 0: approaching
        k = np.where(closing < 0, (1.0 + e) * closing, 0.0)
        ua, ub = ua + k * wa_ * n, ub - k * wb_ * n
        if not np.any(mu):
            return ua, ub
        t = np.stack([-n[..., 1], n[..., 0]], axis=-1)
        slip = np.sum((ub - ua) * t, axis=-1, keepdims=True)
        bound = mu[..., None] * np.abs(k)  # the normal impulse per reduced mass
        s = np.clip(slip, -bound, bound)
        return ua + s * wa_ * t, ub - s * wb_ * t
    for name, value in (("ca", ca), ("cb", cb), ("ia", ia), ("ib", ib)):
        if value is None:
            raise TypeError(
                f"impulse: `{name}` is needed with `point` (the centres of mass and inertias of both bodies)"
            )
    p = d.vectors(verb, "point", point)
    ca_ = d.vectors(verb, "ca", ca)
    cb_ = d.vectors(verb, "cb", cb)
    wa_ = _scalars(verb, "wa", wa, -np.inf, np.inf, finite=True)
    wb_ = _scalars(verb, "wb", wb, -np.inf, np.inf, finite=True)
    ia_ = _scalars(verb, "ia", ia, 0.0, np.inf)
    ib_ = _scalars(verb, "ib", ib, 0.0, np.inf)
    for name, value in (("ia", ia_), ("ib", ib_)):
        if (value <= 0).any():
            first = tuple(int(i) for i in np.argwhere(value <= 0)[0]) if value.ndim else ()
            where = f" at index {first}" if value.ndim else ""
            raise ValueError(f"impulse: `{name}` must be positive (np.inf for a body that cannot turn){where}")
    _broadcast(
        verb, va=ua, vb=ub, ma=ma, mb=mb, normal=normal, restitution=e, friction=mu,
        point=p[..., 0], ca=ca_[..., 0], cb=cb_[..., 0], wa=wa_, wb=wb_, ia=ia_, ib=ib_,
    )  # fmt: skip
    n = _unit(verb, normal)
    inv_ma, inv_mb, inv_ia, inv_ib = 1.0 / ma, 1.0 / mb, 1.0 / ia_, 1.0 / ib_
    ra, rb = p - ca_, p - cb_

    def cross(r: np.ndarray, u: np.ndarray) -> np.ndarray:
        return r[..., 0] * u[..., 1] - r[..., 1] * u[..., 0]

    def at_point(v: np.ndarray, w: np.ndarray, r: np.ndarray) -> np.ndarray:
        return v + w[..., None] * np.stack([-r[..., 1], r[..., 0]], axis=-1)

    def push(
        j: np.ndarray, u: np.ndarray, va: np.ndarray, wa: np.ndarray, vb: np.ndarray, wb: np.ndarray
    ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The impulse j u onto b, and -j u onto a."""
        return (
            va - (j * inv_ma)[..., None] * u,
            wa - cross(ra, u) * j * inv_ia,
            vb + (j * inv_mb)[..., None] * u,
            wb + cross(rb, u) * j * inv_ib,
        )

    def inverse_mass(u: np.ndarray) -> np.ndarray:
        return inv_ma + inv_mb + cross(ra, u) ** 2 * inv_ia + cross(rb, u) ** 2 * inv_ib

    vn = np.sum((at_point(ub, wb_, rb) - at_point(ua, wa_, ra)) * n, axis=-1)
    jn = np.where(vn < 0, -(1.0 + e) * vn / inverse_mass(n), 0.0)
    ua, wa_, ub, wb_ = push(jn, n, ua, wa_, ub, wb_)
    if np.any(mu):
        t = np.stack([-n[..., 1], n[..., 0]], axis=-1)
        vt = np.sum((at_point(ub, wb_, rb) - at_point(ua, wa_, ra)) * t, axis=-1)
        bound = mu * jn
        jt = np.clip(-vt / inverse_mass(t), -bound, bound)
        ua, wa_, ub, wb_ = push(jt, t, ua, wa_, ub, wb_)
    shape = np.broadcast_shapes(ua.shape[:-1], ub.shape[:-1])
    return ua, np.broadcast_to(wa_, shape).copy(), ub, np.broadcast_to(wb_, shape).copy()
