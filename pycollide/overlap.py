"""Overlap and containment: exact yes/no answers for closed shapes."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from . import _dispatch as d
from ._native import lib
from ._types import Anything, ArrayLike
from .outlines import _Outlines, contains_points, overlaps_outlines, overlaps_shapes
from .shapes import solid_kinds
from .tiles import TileMap
from .world import World

__all__ = ["overlaps", "contains"]


def overlaps(
    a: Anything, b: Anything, out: Optional[np.ndarray] = None, *, touching: bool = True, threads: Optional[int] = None
) -> np.ndarray:
    """Whether the shapes ``a`` and ``b`` overlap.

    Exact: the answer is the true one for the real numbers the doubles
    represent, at every magnitude.  Any two shape types, in either order; the
    leading axes broadcast like a numpy ufunc.

    Parameters
    ----------
    a, b : Points, Circles, Boxes, Segments, Triangles, Capsules, Polygons, or placed compounds
        (:meth:`Compound.at`: their bounding boxes are tested first, then
        their parts); or shapes of any kind and a :class:`TileMap` (its solid
        region, the union of its tiles), in either order; or shapes of any kind and a :class:`World`,
        in either order (true where a shape overlaps some part: a tile map's
        solid region, the union of its tiles, or some shape of a collection)
    out : ndarray of bool, optional
        Filled with the result and returned; must have the broadcast shape.
        Untouched if an error is raised.
    touching : bool, default True
        True: the shapes are closed sets and touching counts.  False: only
        overlaps whose minimum separating translation is positive count (the
        shapes "really" interpenetrate): two boxes sharing an edge do not
        overlap, a segment properly crossing another does, two collinear
        overlapping segments do not, a point never overlaps a segment, and a
        circle of radius 0 overlaps a box only strictly inside it.
    threads : int, optional
        At most this many threads (the calling one included) share a large
        batch; default: the environment variable ``PYCOLLIDE_NUM_THREADS``, else
        every core the process may use.  Batches of fewer than 65,536 pairs
        always run on the calling thread.  The result never depends on it.

    Returns
    -------
    ndarray of bool, of the broadcast shape (0-d for two single shapes)

    Examples
    --------
    >>> import pycollide as pc
    >>> ball = pc.Circles([0.0, 0.0, 1.0])
    >>> walls = pc.Boxes([[1, -1, 2, 1], [1.5, -1, 2, 1]])
    >>> pc.overlaps(ball, walls)          # the first wall touches the ball
    array([ True, False])
    >>> pc.overlaps(walls[:, None], walls[None, :]).astype(int)   # all pairs
    array([[1, 1],
           [1, 1]])
    >>> floor = pc.Boxes([[0, 0, 1, 1], [1, 0, 2, 1]])
    >>> crate = pc.Boxes([0.5, 1, 1.5, 2])               # resting on the floor
    >>> pc.overlaps(crate, floor), pc.overlaps(crate, floor, touching=False)
    (array([ True,  True]), array([False, False]))
    """
    # Two single shapes, the commonest call of a game's logic, go straight to
    # the scalar kernel: no dispatch on the sides, no broadcast (it halved the
    # call's cost: benchmarks/throughput.md, design history).  Anything else,
    # and every error, takes the general way.
    # (the checker cannot see that `type(x) in _SOLID` means a shape array, and
    # a cast() would cost a call on the fastest path)
    if isinstance(a, _Outlines) or isinstance(b, _Outlines):
        return _outline_overlaps(a, b, out, touching, threads)
    if type(a) in _SOLID and type(b) in _SOLID and out is None and threads is None:
        if (touching is True or touching is False) and a._data.ndim == 1 and b._data.ndim == 1:  # type: ignore[union-attr]
            return d.one_pair("overlaps", a, b, _TOUCHING if touching else _STRICT)  # type: ignore[arg-type]
    return d.overlap_any("overlaps", a, b, out, d.mode("overlaps", touching), threads)


def _outline_overlaps(a: Anything, b: Anything, out: Optional[np.ndarray], touching: Any, threads: Any) -> np.ndarray:
    if out is not None:
        raise TypeError("overlaps: `out` is not supported with Polylines or Regions yet")
    outlines, other = (a, b) if isinstance(a, _Outlines) else (b, a)
    assert isinstance(outlines, _Outlines)
    if isinstance(other, _Outlines):
        return overlaps_outlines("overlaps", a, other, touching, threads)
    shapes = d.shapes_arg("overlaps", "b" if outlines is a else "a", other)
    return overlaps_shapes("overlaps", outlines, shapes, touching, threads)


# the fast way's types (every solid shape type; the types are final) and modes
_SOLID = frozenset(solid_kinds())
_TOUCHING, _STRICT = int(lib.PC_TOUCHING), int(lib.PC_STRICT)


def contains(
    shape: Anything,
    points: ArrayLike,
    out: Optional[np.ndarray] = None,
    *,
    touching: bool = True,
    threads: Optional[int] = None,
) -> np.ndarray:
    """Whether each point lies in ``shape``: in the closed shape (the boundary
    counts), or with ``touching=False`` strictly inside it.

    ``points`` is a Points array or anything of layout ``(..., 2)``.  Broadcasts
    like :func:`overlaps`; ``contains(s, p, touching=t)`` equals
    ``overlaps(s, Points(p), touching=t)``.  ``shape`` may also be a
    :class:`TileMap`: then each point is tested against its solid region (a
    point on a face between two solid tiles is strictly inside); or a
    :class:`World`: against every part.

    Examples
    --------
    >>> import pycollide as pc
    >>> tri = pc.Triangles([0, 0, 4, 0, 0, 4])
    >>> pc.contains(tri, [[1, 1], [2, 2], [3, 3]])
    array([ True,  True, False])
    >>> pc.contains(tri, [[1, 1], [2, 2], [3, 3]], touching=False)
    array([ True, False, False])
    """
    if isinstance(shape, _Outlines):
        if out is not None:
            raise TypeError("contains: `out` is not supported with outlines yet")
        return contains_points("contains", shape, points, touching, threads)
    mode = d.mode("contains", touching)
    if isinstance(shape, (World, TileMap)):
        return d.world_overlap("contains", d.points_arg("contains", "points", points), shape, out, mode, threads)
    shape = d.shapes_arg("contains", "shape", shape)
    return d.overlap(
        "contains", shape, d.points_arg("contains", "points", points), out, mode, threads, names=("shape", "points")
    )
