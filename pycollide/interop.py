"""Shapely arrays in and out, without a Python loop over the geometries.

:func:`from_shapely` takes an array of shapely geometries of one family
(points, line strings, polygons) and returns the narrowest pycollide
collection that holds every one of them exactly; ``Shapes.to_shapely`` (on
every kind shapely can hold exactly) gives the geometries back.  shapely
stays an optional dependency: it is imported here on first use.
"""

from __future__ import annotations

from typing import Any

import numpy as np

# shapely's type ids (shapely.GeometryType)
_POINT, _LINESTRING, _LINEARRING, _POLYGON = 0, 1, 2, 3
_NAMES = {4: "MultiPoint", 5: "MultiLineString", 6: "MultiPolygon", 7: "GeometryCollection"}
_FAMILY = {_POINT: "point", _LINESTRING: "line", _LINEARRING: "line", _POLYGON: "polygon"}


def _first(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask.ravel())[0])


def from_shapely(geoms: Any, *, boxes: bool = False) -> Any:
    """pycollide shapes from an array of shapely geometries of one family.

    Parameters
    ----------
    geoms : array_like of shapely geometries
        Points, LineStrings (and LinearRings) or Polygons, one family in an
        array (any shape; Polylines and Regions are 1-D).
    boxes : bool, default False
        Polygons that are all axis-aligned rectangles become :class:`Boxes`.

    Returns
    -------
    Points, Segments, Polylines, Boxes, Polygons or Regions
        Points: :class:`Points`.  Line strings of two points each:
        :class:`Segments`; else :class:`Polylines`.  Polygons without holes
        of at most 8 vertices, every one convex: :class:`Polygons` (each
        padded to the largest vertex count by repeating its last vertex); with
        ``boxes=True`` and every one an axis-aligned rectangle: :class:`Boxes`;
        otherwise :class:`Regions`.  Coordinates are taken as they are
        (exactly), through ``shapely.get_coordinates``.

    Raises
    ------
    TypeError
        A geometry of a kind pycollide has not (multi-part geometries and
        collections: split them with ``shapely.get_parts``), or of another
        family than the first geometry's, naming the first such index.
    ValueError
        An empty geometry, or non-finite coordinates, naming the first.

    Examples
    --------
    >>> import shapely, pycollide as pc
    >>> pc.from_shapely(shapely.points([[0, 0], [1, 2]]))
    Points([[0., 0.],
            [1., 2.]])
    >>> pc.from_shapely([shapely.box(0, 0, 2, 1)], boxes=True)
    Boxes([[0., 0., 2., 1.]])
    >>> type(pc.from_shapely([shapely.Polygon([(0, 0), (4, 0), (4, 4), (2, 1), (0, 4)])])).__name__
    'Regions'
    """
    import shapely

    from .outlines import Polylines, Regions
    from .shapes import Boxes, Points, Polygons, Segments

    try:
        arr = np.asarray(geoms, dtype=object)
        kinds = np.asarray(shapely.get_type_id(arr))
    except (TypeError, ValueError):
        raise TypeError("from_shapely: `geoms` must be an array of shapely geometries") from None
    if arr.size == 0:
        raise ValueError("from_shapely: `geoms` is empty: the kind of its shapes cannot be told")
    if (kinds < 0).any():
        raise TypeError(f"from_shapely: geoms[{_first(kinds < 0)}] is not a shapely geometry (None?)")
    other = kinds > _POLYGON
    if other.any():
        k = _first(other)
        raise TypeError(
            f"from_shapely: geoms[{k}] is a {_NAMES[int(kinds.ravel()[k])]}, a kind pycollide has not "
            "(split it into its parts with shapely.get_parts)"
        )
    empty = np.asarray(shapely.is_empty(arr))
    if empty.any():
        raise ValueError(f"from_shapely: geoms[{_first(empty)}] is empty")
    family = _FAMILY[int(kinds.ravel()[0])]
    fams = np.vectorize(lambda t: _FAMILY[int(t)], otypes=[object])(kinds)
    off = fams != family
    if off.any():
        k = _first(off)
        raise TypeError(
            f"from_shapely: geoms[{k}] is a {arr.ravel()[k].geom_type}, but geoms[0] is a "
            f"{arr.ravel()[0].geom_type}: one family (points, lines or polygons) an array"
        )
    coords = shapely.get_coordinates(arr)
    bad = ~np.isfinite(coords).all(axis=1)
    if bad.any():
        counts = shapely.get_num_coordinates(arr).ravel()
        owner = np.repeat(np.arange(arr.size), counts)
        raise ValueError(f"from_shapely: geoms[{int(owner[_first(bad)])}] has a coordinate that is not finite")
    if family == "point":
        return Points(coords.reshape(arr.shape + (2,)))
    counts = np.asarray(shapely.get_num_coordinates(arr))
    if family == "line":
        if (counts == 2).all() and (kinds == _LINESTRING).all():
            return Segments(coords.reshape(arr.shape + (4,)))
        if arr.ndim != 1:
            raise ValueError("from_shapely: line strings of other than two points become Polylines, which are 1-D")
        return Polylines.from_shapely(arr)
    holes = np.asarray(shapely.get_num_interior_rings(arr))
    sides = counts - 1  # a ring repeats its first vertex last
    if not holes.any() and (sides <= 8).all():
        start = np.concatenate([[0], np.cumsum(counts.ravel())[:-1]])
        k = int(sides.max())
        pick = start[:, None] + np.minimum(np.arange(max(k, 3)), sides.ravel()[:, None] - 1)
        verts = coords[pick].reshape(arr.shape + (max(k, 3), 2))
        if boxes and (sides == 4).all():
            xs, ys = verts[..., 0], verts[..., 1]
            lo = np.stack([xs.min(-1), ys.min(-1)], -1)
            hi = np.stack([xs.max(-1), ys.max(-1)], -1)
            # each vertex a corner (code: bit 1 at x max, bit 0 at y max), the four
            # corners once each, walked round (neighbours differ in one coordinate)
            at_x = (xs == lo[..., :1]) | (xs == hi[..., :1])
            at_y = (ys == lo[..., 1:]) | (ys == hi[..., 1:])
            code = 2 * (xs == hi[..., :1]) + (ys == hi[..., 1:])
            turns = code ^ np.roll(code, 1, axis=-1)
            if (
                at_x.all()
                and at_y.all()
                and (lo < hi).all()
                and (np.sort(code, axis=-1) == np.arange(4)).all()
                and (turns != 3).all()
            ):
                return Boxes(np.concatenate([lo, hi], -1))
        try:
            return Polygons(verts)
        except ValueError:  # some polygon is not convex: every one goes to Regions
            pass
    if arr.ndim != 1:
        raise ValueError("from_shapely: these polygons become Regions, which are 1-D: give a 1-D array")
    return Regions.from_shapely(arr)
