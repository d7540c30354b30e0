"""Mass properties: area, mass, centroid and moment of inertia of shapes."""

from __future__ import annotations

from typing import Any, NamedTuple, Union

import numpy as np
from numpy.typing import ArrayLike

from . import _dispatch as d
from ._native import check_rc, double_ptr, lib
from .compound import Compound, Placed
from .shapes import Shapes

__all__ = ["MassProperties", "mass_properties"]


class MassProperties(NamedTuple):
    """What :func:`mass_properties` finds for each shape."""

    area: np.ndarray
    """float: the area; for a shape of zero area (a point, a segment, a
    flat polygon, a circle or capsule of radius 0) its length (0 for a point)."""
    mass: np.ndarray
    """float: ``density * area``."""
    centroid: np.ndarray
    """(..., 2): the centre of mass."""
    inertia: np.ndarray
    """float: the moment of inertia about the centroid (``density`` times
    the polar second moment of the area, or of the length)."""


def mass_properties(shapes: Union[Shapes, Placed, Compound], density: ArrayLike = 1.0) -> MassProperties:
    """Area, mass, centroid and moment of inertia about the centroid.

    In the closed forms, for a body of uniform ``density`` (finite, >= 0;
    broadcast with the shapes' leading shape):

    - a polygon, triangle or box: the polygon's area, centroid and polar
      second moment, summed over the triangles of a fan;
    - a circle of radius r: ``pi r**2`` and ``mass * r**2 / 2``;
    - a capsule of axis length L and radius r: ``2 r L + pi r**2``, the axis'
      middle, and ``density * (2 r L (L**2 + 4 r**2) / 12 + pi r**2 (r**2 / 2
      + L**2 / 4) + 4 L r**3 / 3)`` (the rectangle, the two half discs moved
      out to the ends);
    - a shape of zero area has its length as ``area`` (a line density):
      a segment, ``mass * L**2 / 12``; a polygon, triangle or box whose
      vertices are all on one line (decided exactly), the segment between its
      extreme vertices; a circle or capsule of radius 0, its point or
      segment; a point, area 0, mass 0, inertia 0.

    A :class:`Placed` compound (or a :class:`Compound`, in its own
    coordinates) sums its parts: its mass is theirs, its centroid their
    centroids weighted by mass (by area where the density is 0), its
    inertia theirs moved to that centroid (parallel axes).  Parts without
    area count only in a compound that has none with area.

    Rounding.  Each value of a shape is evaluated in double-double
    arithmetic (about 104 bits) and rounded once.  For polygons, triangles
    and boxes (rational values: every vertex is a rational number) the
    error before that rounding is at most ``2**-96 * D**2`` for the area
    (``D`` the diameter), ``2**-96 * D`` for the centroid and ``2**-96 * D**4
    * density`` for the inertia, so every value is the correctly rounded
    exact rational except within that distance of a rounding boundary,
    where it is one of the two doubles around it; where the exact value is
    a double (a box of integer sides, a unit square's ``1/6``... rounded
    alike) it is returned.  Where pi or a square root enters (circles,
    capsules, segments' lengths) the same holds relative to the value's
    scale (``r**2``, ``(L + r)**2``, ...).  Results that leave the doubles are
    inf (a square of side 1e80 has an inertia beyond 1e308); each is
    computed on the shape scaled by a power of two, so the same shape times
    ``2**k`` gives the area times ``4**k``, the centroid times ``2**k`` and
    the inertia times ``16**k`` exactly.  A result in the subnormal range
    (below ``2**-1022``) is rounded twice, so within one unit in its last
    place.  A polygon so thin that its area is lost in double-double
    arithmetic (below about ``2**-100`` of its squared diameter: a sliver,
    not a flat one) is taken as flat (its length), and a capsule whose radius is below ``2**-1000`` of its length
    is the rectangle ``2 r L`` in plain floating point.  Compounds' sums are
    rounded floating-point sums of these.

    >>> import pycollide as pc
    >>> m = pc.mass_properties(pc.Boxes([0, 0, 2, 1]), density=3)
    >>> float(m.area), float(m.mass), m.centroid.tolist(), float(m.inertia)
    (2.0, 6.0, [1.0, 0.5], 2.5)
    >>> float(pc.mass_properties(pc.Segments([0, 0, 3, 4])).area)
    5.0

    Raises
    ------
    TypeError
        For anything but a shape array (Lines, Polylines and Regions have no
        mass here), a placed compound or a compound.
    ValueError
        For a density that is negative or not finite (naming the first
        index), or one that does not broadcast with the shapes.
    """
    verb = "mass_properties"
    if isinstance(shapes, Compound):
        shapes = shapes.at([0.0, 0.0])
    if isinstance(shapes, Placed):
        return _compound(verb, shapes, density)
    shapes = d.shapes_arg(verb, "shapes", shapes)
    out = _raw(verb, shapes, _density(verb, density))
    return MassProperties(out[..., 0], out[..., 1], out[..., 2:4], out[..., 4])


def _density(verb: str, density: Any) -> np.ndarray:
    try:
        rho = np.asarray(density)
    except ValueError:
        raise ValueError(f"{verb}: `density` is not a rectangular array of numbers") from None
    if rho.dtype.kind not in "iuf":
        raise TypeError(f"{verb}: `density` must be a number or an array of numbers, got dtype {rho.dtype}")
    rho = rho.astype(np.float64)
    bad = ~(np.isfinite(rho) & (rho >= 0))
    if bad.any():
        first = tuple(int(i) for i in np.argwhere(bad)[0]) if rho.ndim else ()
        where = f" at index {first}" if rho.ndim else ""
        raise ValueError(f"{verb}: `density` must be finite and >= 0; got {float(rho[first])!r}{where}")
    return rho


def _compound(verb: str, placed: Placed, density: Any) -> MassProperties:
    """A placed compound's sums over its parts (see mass_properties)."""
    rho = _density(verb, density)
    shape = d.broadcast(verb, [("shapes", placed.shape), ("density", rho.shape)])
    rho = np.broadcast_to(rho, shape)[..., None]  # against each copy's parts axis
    raw = [_raw(verb, p, rho) for p in placed.parts.values()]
    out = np.concatenate([np.broadcast_to(r, shape + r.shape[-2:]) for r in raw], axis=-2)
    measure, mass, centre, inertia, has_area = out[..., 0], out[..., 1], out[..., 2:4], out[..., 4], out[..., 5]
    # parts without area count only where no part has any
    counted = (has_area == 1) | ~(has_area == 1).any(axis=-1, keepdims=True)
    measure, mass, inertia = (np.where(counted, v, 0.0) for v in (measure, mass, inertia))
    total, area = mass.sum(axis=-1), measure.sum(axis=-1)
    weight = np.where((total > 0)[..., None], mass, np.where((area > 0)[..., None], measure, counted * 1.0))
    with np.errstate(invalid="ignore", divide="ignore"):
        c = (weight[..., None] * centre).sum(axis=-2) / weight.sum(axis=-1)[..., None]
    arm = ((centre - c[..., None, :]) ** 2).sum(axis=-1)
    return MassProperties(area, total, c, (inertia + mass * arm).sum(axis=-1))


def _raw(verb: str, shapes: Shapes, density: np.ndarray) -> np.ndarray:
    """The C core's six values per shape (measure, mass, centroid, inertia,
    1 for an area), over the broadcast of the shapes and the densities."""
    lead = shapes._data.shape[:-1]
    shape = d.broadcast(verb, [("shapes", lead), ("density", density.shape)])
    rows = np.ascontiguousarray(np.broadcast_to(shapes._data, shape + (shapes.width,))).reshape(-1, shapes.width)
    dens = np.ascontiguousarray(np.broadcast_to(density, shape), dtype=np.float64).ravel()
    out = np.empty((len(rows), 6), dtype=np.float64)
    check_rc(verb, lib.pc_mass_properties(shapes.kind, double_ptr(rows), len(rows), double_ptr(dens), double_ptr(out)))
    return out.reshape(shape + (6,))
