"""Swept circles: the time of impact of a moving circle (continuous collision detection)."""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

import numpy as np

from . import _dispatch as d
from ._native import check_rc, lib, resolve_threads
from .shapes import Shapes
from .tiles import TileMap

__all__ = ["Sweep", "sweep"]


class Sweep(NamedTuple):
    """What :func:`sweep` found for each moving circle."""

    time: np.ndarray
    """float in [0, 1]: the fraction of the displacement at first touch (1 if none)."""
    normal: np.ndarray
    """(..., 2): unit normal from the circle toward the target at impact (NaN if none)."""
    point: np.ndarray
    """(..., 2): the touching point on the target (NaN if none)."""


def sweep(circles: Any, displacement: Any, target: Any, *, threads: Optional[int] = None) -> Sweep:
    """When a circle moving by ``displacement`` first touches ``target``.

    The circle's centre moves along ``center + t * displacement`` for t in
    [0, 1]; ``time`` is the first t at which it touches the target (1, with
    NaN normal and point, when it never does).  This is continuous collision
    detection: however fast the circle moves, it cannot pass through a thin
    wall unseen.

    A hit is the first time the circle touches the target while moving
    toward it.  So a circle that already touches the target at t = 0 is hit
    at time 0 only if the displacement moves its centre toward the nearest
    point of the target (or, centred on the target's boundary, into it across
    every face it lies on); touching and moving away, or sliding along a face,
    is not a hit.  A circle that starts apart hits only if its path comes
    within its radius of the target and the path's line would take it
    strictly inside: a graze, which only touches, is not a hit, even at the
    very end of the displacement; arriving head-on exactly at the end is.

    Whether a circle hits is exact, for the path from the centre to the rounded
    ``center + displacement`` (the end a motion reaches), except when its
    centre starts strictly inside a polygon (then the nearest face is chosen
    in floating point).  Against a TileMap the target is the union of its
    solid tiles, at any origin and tile size, and the first hit over them is
    reported: a circle sliding along a floor of many tiles meets no seam.
    Times, normals and points are rounded.

    Parameters
    ----------
    circles : Circles (or Points)
    displacement : array_like, layout (..., 2)
    target : TileMap, Points, Circles, Boxes, Segments or Triangles
        Against a TileMap the target is the solid region, through its merged
        boundary edges (no bump at the seams between tiles).  Otherwise circles,
        displacement and target broadcast together.

    Returns
    -------
    Sweep(time, normal, point)
        ``normal`` points from the moving circle toward the target (the
        convention of :func:`contact`): reflect a velocity about it with
        :func:`reflect`.

    Examples
    --------
    >>> import pycollide as pc
    >>> ball = pc.Circles([0.0, 0.0, 0.5])
    >>> wall = pc.Boxes([3, -1, 4, 1])
    >>> s = pc.sweep(ball, [10.0, 0.0], wall)   # reaches x = 2.5 at t = 0.25
    >>> float(s.time), s.normal.tolist(), s.point.tolist()
    (0.25, [1.0, 0.0], [3.0, 0.0])
    >>> float(pc.sweep(ball, [-10.0, 0.0], wall).time)     # moving away
    1.0
    """
    verb = "sweep"
    circles = d.circles_arg(verb, "circles", circles)
    disp = d.vectors(verb, "displacement", displacement)
    named = [("circles", circles._data), ("displacement", disp)]
    if not isinstance(target, TileMap):
        if not isinstance(target, Shapes):
            raise TypeError(f"{verb}: `target` must be a TileMap or a shape array, got {type(target).__name__}")
        named.append(("target", d.shapes_arg(verb, "target", target)._data))
    shape = d.broadcast(verb, [(name, array.shape[:-1]) for name, array in named])
    out = np.empty(shape + (5,), dtype=np.float64)
    if out.size:
        args, ndim, dims = d.arrays(shape, [array for _, array in named] + [out])
        nthreads = resolve_threads(verb, threads, out.size // 5)
        if isinstance(target, TileMap):
            rc = lib.pc_tilemap_sweep(target._c, *args, ndim, dims, nthreads)
        else:
            rc = lib.pc_sweep_batch(*args[:4], target.kind, *args[4:], ndim, dims, nthreads)
        check_rc(verb, rc)
    return Sweep(out[..., 0], out[..., 1:3], out[..., 3:5])
