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
    va: ArrayLike, vb: ArrayLike, ma: ArrayLike, mb: ArrayLike, normal: ArrayLike, restitution: ArrayLike = 1.0
) -> Tuple[np.ndarray, np.ndarray]:
    """New velocities of two colliding bodies after a frictionless impulse.

    ``normal`` points from body a toward body b (as :func:`contact` returns
    it).  Masses may be ``np.inf`` for a static body (not both).  Bodies that
    are already separating along the normal are left unchanged.  Momentum is
    conserved, and kinetic energy never grows for ``restitution <= 1``.
    Returns ``(va_new, vb_new)``; everything broadcasts.

    >>> import pycollide as pc
    >>> va, vb = pc.impulse([1.0, 0.0], [-1.0, 0.0], 1.0, 1.0, [1, 0])
    >>> va.tolist(), vb.tolist()
    ([-1.0, 0.0], [1.0, 0.0])
    >>> va, vb = pc.impulse([2.0, 0.0], [0.0, 0.0], 1.0, float("inf"), [1, 0], restitution=0.5)
    >>> va.tolist(), vb.tolist()
    ([-1.0, 0.0], [0.0, 0.0])
    """
    va = d.vectors("impulse", "va", va)
    vb = d.vectors("impulse", "vb", vb)
    ma = _scalars("impulse", "ma", ma, 0.0, np.inf)
    mb = _scalars("impulse", "mb", mb, 0.0, np.inf)
    if ((ma <= 0) | (mb <= 0)).any():
        raise ValueError("impulse: masses must be positive (np.inf for a static body)")
    if (np.isinf(ma) & np.isinf(mb)).any():
        raise ValueError("impulse: at most one of two colliding bodies can have infinite mass")
    normal = d.vectors("impulse", "normal", normal)
    e = _scalars("impulse", "restitution", restitution, 0.0, 1.0)
    _broadcast("impulse", va=va, vb=vb, ma=ma, mb=mb, normal=normal, restitution=e)
    n = _unit("impulse", normal)
    e = e[..., None]
    # each body's share of the exchange, mb / (ma + mb) and ma / (ma + mb), as ratios:
    # no 1 / m that overflows for a tiny mass, no inf / inf for a static one
    with np.errstate(over="ignore", divide="ignore"):
        wa = (1.0 / (1.0 + ma / mb))[..., None]
        wb = (1.0 / (1.0 + mb / ma))[..., None]
    closing = np.sum((vb - va) * n, axis=-1, keepdims=True)  # < 0: approaching
    k = np.where(closing < 0, (1.0 + e) * closing, 0.0)
    return va + k * wa * n, vb - k * wb * n
