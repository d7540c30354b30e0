"""Collision response: bounce velocities off a contact normal.

Plain vector algebra on numpy arrays (no geometry decisions), broadcasting
over leading axes; vectors have a trailing axis of length 2.
"""

from __future__ import annotations

from typing import Any, Tuple

import numpy as np

from . import _dispatch as d

__all__ = ["reflect", "impulse"]


def _scalars(verb: str, name: str, value: Any, lo: float, hi: float) -> np.ndarray:
    try:
        arr = np.asarray(value)
    except ValueError:
        raise ValueError(f"{verb}: `{name}` is not a rectangular array of numbers") from None
    if arr.dtype.kind not in "iuf":
        raise TypeError(f"{verb}: `{name}` must be a number or an array of numbers, got "
                        f"{type(value).__name__ if arr.dtype == object else f'dtype {arr.dtype}'}")
    arr = arr.astype(np.float64, copy=False)
    bad = ~((arr >= lo) & (arr <= hi))
    if bad.any():
        first = np.argwhere(bad)[0] if arr.ndim else ()
        value = arr[tuple(first)]
        raise ValueError(f"{verb}: `{name}` must be in [{lo}, {hi}]; got {float(value)!r}"
                         + (f" at index {tuple(int(i) for i in first)}" if arr.ndim else ""))
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


def _unit(verb: str, normal: np.ndarray) -> np.ndarray:
    """Unit vectors along the (finite) normals, scaled first so that no length
    overflows or underflows; a zero normal is an error."""
    big = np.max(np.abs(normal), axis=-1, keepdims=True)
    if not (big > 0).all():
        bad = tuple(int(i) for i in np.argwhere(~(big[..., 0] > 0))[0])
        raise ValueError(f"{verb}: every `normal` must be a nonzero vector; normal{list(bad) if bad else ''} "
                         "is (0, 0)")
    scaled = normal / big
    return scaled / np.hypot(scaled[..., 0], scaled[..., 1])[..., None]


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
    v = d.vectors("reflect", "velocity", velocity)
    normal = d.vectors("reflect", "normal", normal)
    e = _scalars("reflect", "restitution", restitution, 0.0, 1.0)
    mu = _scalars("reflect", "friction", friction, 0.0, 1.0)
    _broadcast("reflect", velocity=v, normal=normal, restitution=e, friction=mu)
    n = _unit("reflect", normal)
    e, mu = e[..., None], mu[..., None]
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
