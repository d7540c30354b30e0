"""Contacts and distances: how far apart or how deep, which way, and where."""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

import numpy as np

from . import _dispatch as d

__all__ = ["Contact", "contact", "distance"]


class Contact(NamedTuple):
    """The contact between two shape arrays, from :func:`contact`.  A named
    tuple, so it unpacks: ``sep, normal, pa, pb = pc.contact(a, b)``.

    Fields are float64 arrays over the broadcast shape ``S``.
    """

    separation: np.ndarray
    """(S): signed distance: > 0 the gap, < 0 minus the penetration depth (the
    length of the minimum translation that separates the shapes), 0 when they
    touch.  ``separation <= 0`` exactly where :func:`overlaps` is true."""
    normal: np.ndarray
    """(S, 2): unit vector from ``a`` toward ``b``.  Moving ``b`` by
    ``-separation * normal`` makes the shapes exactly touch.  When no direction
    exists (two coincident points, concentric circles, a circle centred on a
    point) it is ``(0, 1)`` in either order: the one place where
    ``contact(b, a)`` does not negate the normal of ``contact(a, b)``."""
    point_a: np.ndarray
    """(S, 2): the witness point on ``a`` (the closest point when apart, the
    deepest when overlapping)."""
    point_b: np.ndarray
    """(S, 2): the witness point on ``b``; ``point_b - point_a == separation * normal``."""

    @classmethod
    def _of(cls, data: np.ndarray) -> "Contact":
        return cls(data[..., 0], data[..., 1:3], data[..., 3:5], data[..., 5:7])


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
    return Contact._of(d.contact_any("contact", a, b, threads))


def distance(a: Any, b: Any, *, threads: Optional[int] = None) -> np.ndarray:
    """The gap between ``a`` and ``b``: 0 where they overlap (exactly where
    :func:`overlaps` is true), else the shortest distance between them (an
    ndarray of the broadcast shape, 0-d for two single shapes).

    >>> import pycollide as pc
    >>> pc.distance(pc.Points([[0, 3], [1, 1]]), pc.Boxes([0, 0, 2, 2])).tolist()
    [1.0, 0.0]
    """
    gap = np.array(d.contact_any("distance", a, b, threads)[..., 0])
    return np.maximum(gap, 0.0, out=gap)
