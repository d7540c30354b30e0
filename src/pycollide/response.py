"""Collision response: bounce velocities off a contact normal.

Plain vector algebra on numpy arrays (no geometry decisions), broadcasting
over leading axes; vectors have a trailing axis of length 2.
"""

from __future__ import annotations

from typing import Any, Tuple

import numpy as np

__all__ = ["reflect", "impulse"]


def _vectors(verb: str, name: str, value: Any) -> np.ndarray:
    try:
        arr = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"{verb}: `{name}` must be an array of 2-vectors, got {type(value).__name__}") from None
    if arr.ndim == 0 or arr.shape[-1] != 2:
        raise ValueError(f"{verb}: `{name}` must have shape (..., 2), got {arr.shape}")
    return arr


def _scalars(verb: str, name: str, value: Any, lo: float, hi: float) -> np.ndarray:
    try:
        arr = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"{verb}: `{name}` must be a number or an array, got {type(value).__name__}") from None
    bad = ~((arr >= lo) & (arr <= hi))
    if bad.any():
        first = np.argwhere(bad)[0] if arr.ndim else ()
        value = arr[tuple(first)]
        raise ValueError(f"{verb}: `{name}` must be in [{lo}, {hi}]; got {float(value)!r}"
                         + (f" at index {tuple(int(i) for i in first)}" if arr.ndim else ""))
    return arr


def _unit(verb: str, normal: np.ndarray) -> np.ndarray:
    length = np.hypot(normal[..., 0], normal[..., 1])
    if not (length > 0).all() or not np.isfinite(length).all():
        raise ValueError(f"{verb}: every `normal` must be a finite nonzero vector")
    return normal / length[..., None]


def reflect(velocity: Any, normal: Any, restitution: Any = 1.0, friction: Any = 0.0) -> np.ndarray:
    """The velocity after bouncing off a surface with the given normal.

    The normal component is reversed and scaled by ``restitution`` (1: elastic,
    0: no bounce) and the tangential component is scaled by ``1 - friction``.
    Only velocities moving into the surface (``velocity . n < 0`` with ``n``
    pointing out of the surface toward the mover) bounce; others are returned
    unchanged.  The normal need not be unit length.  Everything broadcasts.

    >>> import pycollide as pc
    >>> pc.reflect([3.0, -4.0], [0, 1]).tolist()
    [3.0, 4.0]
    >>> pc.reflect([3.0, -4.0], [0, 1], restitution=0.5, friction=0.5).tolist()
    [1.5, 2.0]
    """
    v = _vectors("reflect", "velocity", velocity)
    n = _unit("reflect", _vectors("reflect", "normal", normal))
    e = _scalars("reflect", "restitution", restitution, 0.0, 1.0)[..., None]
    mu = _scalars("reflect", "friction", friction, 0.0, 1.0)[..., None]
    vn = np.sum(v * n, axis=-1, keepdims=True)
    tangential = v - vn * n
    bounced = (1.0 - mu) * tangential - e * vn * n
    return np.where(vn < 0, bounced, v + 0.0 * bounced)


def impulse(va: Any, vb: Any, ma: Any, mb: Any, normal: Any, restitution: Any = 1.0) -> Tuple[np.ndarray, np.ndarray]:
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
    va = _vectors("impulse", "va", va)
    vb = _vectors("impulse", "vb", vb)
    ma = _scalars("impulse", "ma", ma, 0.0, np.inf)
    mb = _scalars("impulse", "mb", mb, 0.0, np.inf)
    if ((ma <= 0) | (mb <= 0)).any():
        raise ValueError("impulse: masses must be positive (np.inf for a static body)")
    if (np.isinf(ma) & np.isinf(mb)).any():
        raise ValueError("impulse: at most one of two colliding bodies can have infinite mass")
    n = _unit("impulse", _vectors("impulse", "normal", normal))
    e = _scalars("impulse", "restitution", restitution, 0.0, 1.0)[..., None]
    inv_a = (1.0 / ma)[..., None]
    inv_b = (1.0 / mb)[..., None]
    closing = np.sum((vb - va) * n, axis=-1, keepdims=True)  # < 0: approaching
    j = np.where(closing < 0, -(1.0 + e) * closing / (inv_a + inv_b), 0.0)
    return va - j * inv_a * n, vb + j * inv_b * n
