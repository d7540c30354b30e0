"""Raycasts: where rays first meet a tile map's solid region."""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

import numpy as np

from . import _dispatch as d
from ._native import check_rc, lib, resolve_threads
from .tiles import TileMap

__all__ = ["RayHit", "raycast"]


class RayHit(NamedTuple):
    """What :func:`raycast` found for each ray."""

    hit: np.ndarray
    """bool: whether the ray meets the solid (exact)."""
    distance: np.ndarray
    """float: distance from the origin to the first solid point along the
    direction (inf if none; also inf for a hit farther than the largest double,
    which ``hit`` still reports)."""
    normal: np.ndarray
    """(..., 2): outward unit normal of the face entered (NaN if none)."""
    tile: np.ndarray
    """(..., 2) int64: row and column of a solid tile holding the hit point ((-1, -1) if none)."""


def raycast(origins: Any, directions: Any, tilemap: TileMap, *, threads: Optional[int] = None) -> RayHit:
    """Cast rays through a tile map: where each first meets the solid.

    A ray is ``origin + t * direction`` for t >= 0 (the direction need not be
    a unit vector, but not zero).  It walks the grid cell by cell, looking only
    at the tiles of the cells it crosses.  Whether a ray hits is
    exact for every finite origin and direction, however tiny or huge; the
    solid is closed, so grazing a corner or running along a face counts.  A
    ray starting in the solid hits at distance 0 with normal
    ``-direction / |direction|``.  The distance is rounded; one beyond the
    largest double is inf, with ``hit`` still True.  Origins and directions
    broadcast.

    Returns
    -------
    RayHit(hit, distance, normal, tile)

    Examples
    --------
    >>> import pycollide as pc
    >>> room = pc.TileMap.from_text('''
    ... #####
    ... #...#
    ... #..3#
    ... #####
    ... ''')
    >>> r = pc.raycast([1.5, 2.5], [[0, -1], [2, -1]], room)   # down; onto the slope
    >>> r.hit.tolist(), r.distance.round(6).tolist()
    ([True, True], [1.5, 2.236068])
    >>> r.normal.round(6).tolist(), r.tile.tolist()
    ([[0.0, 1.0], [-0.707107, 0.707107]], [[0, 1], [1, 3]])
    """
    verb = "raycast"
    if not isinstance(tilemap, TileMap):
        raise TypeError(f"{verb}: `tilemap` must be a TileMap, got {type(tilemap).__name__}")
    o = d.vectors(verb, "origins", origins)
    v = d.vectors(verb, "directions", directions)
    shape = d.broadcast(verb, [("origins", o.shape[:-1]), ("directions", v.shape[:-1])])
    out = np.empty(shape + (6,), dtype=np.float64)
    if out.size:
        args, ndim, dims = d.arrays(shape, [o, v, out])
        check_rc(verb, lib.pc_tilemap_raycast(tilemap._c, *args, ndim, dims,
                                              resolve_threads(verb, threads, out.size // 6)))
        if np.isnan(out[..., 1]).any():  # the core's answer to a zero direction; out is discarded
            zero = np.argwhere((v == 0).all(axis=-1))[0]
            raise ValueError(f"{verb}: `directions` must be nonzero; zero at index {tuple(int(k) for k in zero)}")
    return RayHit(np.not_equal(out[..., 0], 0, out=np.empty(shape, dtype=bool)), out[..., 1], out[..., 2:4],
                  out[..., 4:6].astype(np.int64))
