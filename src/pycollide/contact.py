"""Contacts and distances: how far apart or how deep, which way, and where."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ._native import check_rc, double_ptr, lib, resolve_threads
from . import compound, tiles
from .overlap import _check_shapes, broadcast_shape, element_strides, index_space, shape_operands

__all__ = ["Contact", "contact", "distance"]


class Contact:
    """The contact between two shape arrays, from :func:`contact`.

    Attributes (float64 arrays over the broadcast shape ``S``)
    ----------------------------------------------------------
    separation : (S)
        Signed distance: > 0 the gap, < 0 minus the penetration depth (the
        length of the minimum translation that separates the shapes), 0 when
        they touch.  ``separation <= 0`` exactly where :func:`overlaps` is true.
    normal : (S, 2)
        Unit vector from ``a`` toward ``b``.  Moving ``b`` by
        ``-separation * normal`` makes the shapes exactly touch: for separated
        shapes it is the direction of closest approach, for overlapping ones the
        direction of the minimum translation.  When no direction exists (two
        coincident points, concentric circles, a circle centred on a point) it
        is ``(0, 1)`` in either order: the one place where ``contact(b, a)``
        does not negate the normal of ``contact(a, b)``.
    point_a, point_b : (S, 2)
        Witness points on ``a`` and on ``b``: the closest points when apart,
        the deepest points when overlapping, with
        ``point_b - point_a == separation * normal``.
    """

    __slots__ = ("_data",)

    def __init__(self, data: np.ndarray) -> None:
        self._data = data

    @property
    def separation(self) -> np.ndarray:
        return self._data[..., 0]

    @property
    def normal(self) -> np.ndarray:
        return self._data[..., 1:3]

    @property
    def point_a(self) -> np.ndarray:
        return self._data[..., 3:5]

    @property
    def point_b(self) -> np.ndarray:
        return self._data[..., 5:7]

    @property
    def shape(self):
        return self._data.shape[:-1]

    def __repr__(self) -> str:
        return (f"Contact(separation={self.separation!r}, normal={self.normal!r}, "
                f"point_a={self.point_a!r}, point_b={self.point_b!r})")


def _contact_data(verb: str, a: Any, b: Any, threads: Any) -> np.ndarray:
    if isinstance(b, tiles.TileMap):
        return tiles.contact_map(verb, a, b, threads, "a")
    if isinstance(a, tiles.TileMap):  # the mirror image: normal negated, points swapped
        data = tiles.contact_map(verb, b, a, threads, "b")
        return np.concatenate([data[..., :1], 0.0 - data[..., 1:3], data[..., 5:7], data[..., 3:5]], axis=-1)
    if isinstance(a, compound.Placed) or isinstance(b, compound.Placed):
        return compound.contact_data(a, b, threads, _contact_data)
    a = _check_shapes(verb, "a", a)
    b = _check_shapes(verb, "b", b)
    shape = broadcast_shape(verb, a, b)
    out = np.empty(shape + (7,), dtype=np.float64)
    size = out.size // 7
    nthreads = resolve_threads(verb, threads, size)
    if size:
        out_strides, ndim, dims = index_space(shape, element_strides(out))
        check_rc(verb, lib.pc_contact_batch(
            *shape_operands(a, b, shape), double_ptr(out), out_strides,
            ndim, dims, max(a._magnitude, b._magnitude), nthreads))
    return out


def contact(a: Any, b: Any, *, threads: Optional[int] = None) -> Contact:
    """The contact between ``a`` and ``b``: signed separation, normal, witness points.

    Any two shape types in either order; the leading axes broadcast like
    :func:`overlaps`.  ``contact(b, a)`` is ``contact(a, b)`` with the normal
    negated and the points swapped (except for two identical shapes, where no
    direction can be both).  ``threads`` as for :func:`overlaps`.

    Against a :class:`TileMap` (with circles or points on the other side)
    the contact is with its solid region, the union of its solid tiles: the
    deepest contact of each circle, measured to the merged boundary.  With no
    solid tile at all the separation is inf.

    Placed compounds (:meth:`Compound.at`) are accepted on either side: their
    contact is that of the pair of parts with the smallest separation (the
    nearest parts when apart, the deepest-penetrating pair when overlapping;
    not the minimum translation of the whole body).

    Examples
    --------
    Push a ball out of a wall (seed 001's resolution vector):

    >>> import pycollide as pc
    >>> ball = pc.Circles([0.5, 1.2, 0.5])
    >>> floor = pc.Boxes([0, 0, 2, 1])
    >>> c = pc.contact(floor, ball)
    >>> round(float(c.separation), 12), c.normal.tolist()
    (-0.3, [0.0, 1.0])
    >>> (ball.center - c.separation * c.normal).tolist()   # moved out: touching
    [0.5, 1.5]
    >>> float(pc.contact(pc.Circles([0, 0, 1]), pc.Circles([3, 4, 1])).separation)
    3.0
    """
    return Contact(_contact_data("contact", a, b, threads))


def distance(a: Any, b: Any, *, threads: Optional[int] = None) -> np.ndarray:
    """The gap between ``a`` and ``b``: 0 where they overlap (exactly where
    :func:`overlaps` is true), else the shortest distance between them.

    >>> import pycollide as pc
    >>> pc.distance(pc.Points([[0, 3], [1, 1]]), pc.Boxes([0, 0, 2, 2])).tolist()
    [1.0, 0.0]
    """
    sep = _contact_data("distance", a, b, threads)[..., 0]
    result = np.maximum(sep, 0.0)
    return result[()] if result.ndim == 0 else result
