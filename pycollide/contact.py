"""Contacts and distances: how far apart or how deep, which way, and where."""

from __future__ import annotations

import math
from typing import NamedTuple, Optional, Union, overload

import numpy as np

from . import _dispatch as d
from ._types import Anything, Body, Solid
from .outlines import _Outlines, manifold_shapes, near_shapes
from .shapes import Shapes
from .world import World

__all__ = ["Contact", "WorldContact", "contact", "distance", "Manifold", "WorldManifold", "manifold"]


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
    ``contact(b, a)`` does not negate the normal of ``contact(a, b)``.  Shapes
    scaled by a power of two get the same normal (equal depths along several
    directions are broken alike at every scale)."""
    point_a: np.ndarray
    """(S, 2): the witness point on ``a`` (the closest point when apart, the
    deepest when overlapping)."""
    point_b: np.ndarray
    """(S, 2): the witness point on ``b``; ``point_b - point_a == separation * normal``."""

    @classmethod
    def _of(cls, data: np.ndarray) -> "Contact":
        return cls(data[..., 0], data[..., 1:3], data[..., 3:5], data[..., 5:7])


class WorldContact(NamedTuple):
    """The contact of shapes with a :class:`World`, from :func:`contact`: the
    fields of :class:`Contact` for the part and shape of least separation,
    and which they are."""

    separation: np.ndarray
    """(S): as :attr:`Contact.separation`, the least over the world's shapes
    (``<= 0`` exactly where :func:`overlaps` with the world is true; inf
    when the world has no shape at all)."""
    normal: np.ndarray
    """(S, 2): as :attr:`Contact.normal` (from the first argument toward the second)."""
    point_a: np.ndarray
    """(S, 2): the witness point on the first argument."""
    point_b: np.ndarray
    """(S, 2): the witness point on the second."""
    part: np.ndarray
    """(S) int64: the part of least separation (the lower at equal separations; -1 if none)."""
    index: np.ndarray  # type: ignore[assignment]  # the field shadows tuple.index, on purpose
    """(S) int64: the shape within that part (the lower at equal separations;
    -1 for a tile map, whose contact is with its merged boundary, and if none)."""

    @classmethod
    def _of(cls, data: np.ndarray) -> "WorldContact":
        return cls(
            data[..., 0],
            data[..., 1:3],
            data[..., 3:5],
            data[..., 5:7],
            data[..., 7].astype(np.int64),
            data[..., 8].astype(np.int64),
        )


@overload
def contact(a: World, b: Body, *, out: Optional[np.ndarray] = None, threads: Optional[int] = None) -> WorldContact: ...
@overload
def contact(a: Body, b: World, *, out: Optional[np.ndarray] = None, threads: Optional[int] = None) -> WorldContact: ...
@overload
def contact(a: Solid, b: Solid, *, out: Optional[np.ndarray] = None, threads: Optional[int] = None) -> Contact: ...


def contact(
    a: Anything, b: Anything, *, out: Optional[np.ndarray] = None, threads: Optional[int] = None
) -> Union[Contact, WorldContact]:
    """The contact between ``a`` and ``b``: signed separation, normal, witness points.

    Any two shape types in either order; the leading axes broadcast like
    :func:`overlaps`.  ``contact(b, a)`` is ``contact(a, b)`` with the normal
    negated and the points swapped (except for two identical shapes, where no
    direction can be both).  ``threads`` as for :func:`overlaps`.

    ``out`` (two shape arrays only): a float64 array of shape ``S + (7,)``
    to write the result into (separation, normal, point_a, point_b, as the
    fields' columns), each pair's seven values side by side, so that a game
    calling this every frame reuses one buffer; the fields returned are
    views of it.  A new result costs the memory's first touch
    (benchmarks/contact.md, design history).

    Against a :class:`TileMap` (a shape array of any kind on the other side)
    the contact is with its solid region, the union of its solid tiles,
    measured to the merged boundary (:attr:`TileMap.edges`), so that a shape
    across the seams between tiles meets one face, never a face between two
    solid tiles.  Apart or touching: the nearest point of the boundary.
    Overlapping: for a circle (or point), its centre's signed distance to the
    boundary less its radius; for any other kind, the least translation that
    leaves it touching the region at most (:func:`depenetrate`'s).  Where
    the nearest point lies on a face (not at an end of an edge), the normal is
    that face's (:attr:`TileMap.normals`) negated: exactly ``(0, -1)`` for a
    ball or a crate on a floor, across its seams.  With no solid tile at all
    the separation is inf.

    Against :class:`Polylines` or :class:`Regions` (a shape array of any
    kind on the other side, in either order; the collection's one axis of
    shapes broadcast against the shapes' leading axes) the contact is with
    the nearest edge, for a shape apart from the outline or touching it
    (separation 0): a region is its closed area, a polyline its edges.
    Where the shape's witness point lies over a face through the nearest
    point (its foot within the edge, ends included) the normal is that
    face's, exactly, toward the outline (into a region's interior): a shape
    beside a vertex where the boundary runs straight on or turns away gets
    the face's normal, never the joint's (docs/queries.rst).  A shape that
    strictly overlaps the outline (:func:`overlaps` with ``touching=False``)
    gets the least translation ``t`` out of that outline shape (as
    :func:`depenetrate` finds it against ``World(outline)``): separation
    ``-|t|``, normal ``-t / |t|``, ``point_b`` where it then touches the
    outline and ``point_a`` that point of the shape now.

    Against a :class:`World` (a shape array of any kind on the other side) the result is a
    :class:`WorldContact`: the contact with the part and shape of least
    separation (the nearest when apart, the deepest when overlapping), found
    through each collection's tree, with the part and index.

    Placed compounds (:meth:`Compound.at`) are accepted on either side: their
    contact is that of the pair of parts with the smallest separation (the
    nearest parts when apart, the deepest-penetrating pair when overlapping;
    not the minimum translation of the whole body).

    Examples
    --------
    Push a ball out of a wall (the resolution vector):

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
    if isinstance(a, _Outlines) or isinstance(b, _Outlines):
        if out is not None:
            raise TypeError("contact: `out` is not supported with Polylines or Regions yet")
        return Contact._of(near_shapes("contact", a, b, True, threads))
    data = d.contact_any("contact", a, b, threads, out)
    if isinstance(a, World) or isinstance(b, World):
        return WorldContact._of(data)
    return Contact._of(data)


def distance(a: Anything, b: Anything, *, threads: Optional[int] = None) -> np.ndarray:
    """The gap between ``a`` and ``b``: 0 where they overlap (exactly where
    :func:`overlaps` is true), else the shortest distance between them (an
    ndarray of the broadcast shape, 0-d for two single shapes).

    Any two shape arrays, or a shape array and a :class:`World`, a
    :class:`TileMap`, a compound, :class:`Polylines` or :class:`Regions`, in
    either order (:func:`contact`'s sides).  Against outlines a region is its
    closed area (0 for a shape inside it) and a polyline its edges; the
    nearest edge is found through the collection's index.

    >>> import pycollide as pc
    >>> pc.distance(pc.Points([[0, 3], [1, 1]]), pc.Boxes([0, 0, 2, 2])).tolist()
    [1.0, 0.0]
    >>> terrain = pc.Polylines([[[0, 0], [2, 1], [4, 0]]])
    >>> pc.distance(terrain, pc.Circles([[2, 3, 1], [2, 1.5, 0.5]])).tolist()
    [1.0, 0.0]
    """
    if isinstance(a, _Outlines) or isinstance(b, _Outlines):
        return np.array(near_shapes("distance", a, b, False, threads)[..., 0])
    gap = np.array(d.contact_any("distance", a, b, threads)[..., 0])
    # +0.0 wherever the separation is <= 0 (its sign is exact), on the bits: a
    # double's bits as an int64 are <= 0 exactly when it is -0.0, +0.0 or
    # negative.  Not np.maximum(gap, 0.0): -0.0 on some numpy versions, and
    # a positive subnormal compares as 0 in a denormals-are-zero mode.
    bits = gap.view(np.int64)
    np.maximum(bits, 0, out=bits)
    return gap


class _ManifoldFields(NamedTuple):
    count: np.ndarray  # type: ignore[assignment]  # the field shadows tuple.count, on purpose
    """(S) int8: how many points, 0, 1 or 2."""
    normal: np.ndarray
    """(S, 2): unit vector from ``a`` toward ``b`` (the contact's normal where
    the count is 0 or 1 from the contact; else the reference face's)."""
    points: np.ndarray
    """(S, 2, 2): ``points[..., k, :]`` is point ``k``, midway between the two
    surfaces along the normal; NaN where ``k >= count``."""
    separations: np.ndarray
    """(S, 2): the separation at each point (< 0: penetration); NaN where
    ``k >= count``."""


class Manifold(_ManifoldFields):
    """Contact manifolds from :func:`manifold`: up to two points per pair.
    Fields are arrays over the broadcast shape ``S``.

    Beside the four fields (which unpack as ever) an attribute,
    ``features``: (S, 2, 2) int16, ``features[..., k, 0]`` the feature of
    ``a`` that made point ``k`` and ``features[..., k, 1]`` that of ``b``
    (-1 where ``k >= count``): ``2 * i`` for vertex ``i``, ``2 * i + 1`` for
    edge ``i`` (from vertex ``i`` to ``i + 1``), numbered in the shape's
    layout (a box's vertices are its corners counter-clockwise from
    ``(xmin, ymin)``; a segment's or capsule's ends are 0 and 1, its edge 0;
    a point's or circle's centre is vertex 0).  A clipped point (rule 3 of
    :func:`manifold`) is an incident vertex against the reference face (that
    vertex, that face), or where a side of the reference face cuts the
    incident face (the reference face's vertex, the incident edge); a single
    point has the features nearest its witness points.  The pair is the
    point's id for warm starting a solver (Box2D's ``b2ManifoldPoint.id``):
    it does not change while the shapes move a little, and it is the same
    whichever of two parallel faces is the reference face (a crate on a
    floor: the crate's corner and the floor's face, either way).  Against a
    TileMap the map's side is its merged edge ``e`` (:attr:`TileMap.edges`)
    as ``2 e + 1``, so a crate across the seams of a floor keeps its ids
    (-1 for a circle's or point's single point, whose contact with the map
    names no edge), and a :class:`WorldManifold` gives a collection's
    shape's own;
    against :class:`Polylines` or :class:`Regions` the features are -1 (not
    reported there yet).  Between two shape arrays they are found on first
    use of ``features`` (the manifold's C call once more, with the
    features: a manifold that is not asked for them costs nothing more)."""

    @property
    def features(self) -> np.ndarray:
        """(S, 2, 2) int16: which vertex or edge of each shape made each point
        (see :class:`Manifold`); found on first use (the manifold's C call
        again, with the features), then kept."""
        found = self.__dict__.get("_features")
        if found is None:
            source = self.__dict__.get("_source")
            shape = self.count.shape
            found = np.full(shape + (4,), -1, dtype=np.int16)
            if source is not None:
                a, b, margin, threads = source
                d.manifold("manifold", a, b, margin, threads, None, found)
            found = found.reshape(shape + (2, 2))
            self.__dict__["_features"] = found
            self.__dict__.pop("_source", None)
        return found

    @classmethod
    def _of(cls, data: np.ndarray, source: Optional[tuple] = None) -> "Manifold":
        """From 9 columns (the features from ``source`` on first use) or 13
        (the features last)."""
        pts = data[..., 3:9].reshape(data.shape[:-1] + (2, 3))
        m = cls(data[..., 0].astype(np.int8), data[..., 1:3], pts[..., :2], pts[..., 2])
        if data.shape[-1] == 13:
            m.__dict__["_features"] = data[..., 9:13].astype(np.int16).reshape(data.shape[:-1] + (2, 2))
        elif source is not None:
            m.__dict__["_source"] = source
        return m


class _WorldManifoldFields(NamedTuple):
    count: np.ndarray  # type: ignore[assignment]  # the field shadows tuple.count, on purpose
    """(S) int8: how many points, 0, 1 or 2 (0 exactly where :func:`contact`'s
    separation with the world exceeds the margin)."""
    normal: np.ndarray
    """(S, 2): as :attr:`Manifold.normal` (from the first argument toward the second)."""
    points: np.ndarray
    """(S, 2, 2): as :attr:`Manifold.points`."""
    separations: np.ndarray
    """(S, 2): as :attr:`Manifold.separations`."""
    part: np.ndarray
    """(S) int64: the part of least separation, as :attr:`WorldContact.part` (-1 if none)."""
    index: np.ndarray  # type: ignore[assignment]  # the field shadows tuple.index, on purpose
    """(S) int64: the shape within that part, as :attr:`WorldContact.index`
    (-1 for a tile map, and if none)."""


class WorldManifold(_WorldManifoldFields):
    """The contact manifolds of shapes with a :class:`World`, from
    :func:`manifold`: the fields of :class:`Manifold` with the part and shape
    of least separation (:func:`contact`'s), and which they are;
    ``features`` as :class:`Manifold`'s (the world's side: a collection's
    shape's, a tile map's merged edge, -1 for an outline part)."""

    @property
    def features(self) -> np.ndarray:
        """(S, 2, 2) int16: as :class:`Manifold`'s; on the world's side the
        feature of a collection's shape (in its layout), or a tile map's
        merged edge ``e`` (:attr:`TileMap.edges`) as ``2 e + 1``, or -1 for
        an outline part."""
        return self.__dict__["_features"]

    @classmethod
    def _of(cls, data: np.ndarray) -> "WorldManifold":
        m = Manifold._of(data[..., :9])
        w = cls(*m, data[..., 9].astype(np.int64), data[..., 10].astype(np.int64))
        w.__dict__["_features"] = data[..., 11:15].astype(np.int16).reshape(data.shape[:-1] + (2, 2))
        return w


@overload
def manifold(
    a: World, b: Body, margin: float = 0.0, *, out: Optional[np.ndarray] = None, threads: Optional[int] = None
) -> WorldManifold: ...
@overload
def manifold(
    a: Body, b: World, margin: float = 0.0, *, out: Optional[np.ndarray] = None, threads: Optional[int] = None
) -> WorldManifold: ...
@overload
def manifold(
    a: Solid, b: Solid, margin: float = 0.0, *, out: Optional[np.ndarray] = None, threads: Optional[int] = None
) -> Manifold: ...


def manifold(
    a: Anything, b: Anything, margin: float = 0.0, *, out: Optional[np.ndarray] = None, threads: Optional[int] = None
) -> Union[Manifold, WorldManifold]:
    """Contact manifolds: up to two contact points per pair, as a physics
    solver needs for resting and stacking (a box on a floor gets two points,
    not the single deepest one).

    Any two shape arrays in either order, broadcasting like :func:`contact`;
    or shapes and a :class:`TileMap` or a :class:`World`, in either order
    (below).
    ``margin`` (finite, >= 0) keeps points up to that far apart, for
    speculative contacts.  How the points are chosen:

    1. With ``c = contact(a, b)``: where ``c.separation > margin`` the count
       is 0 (with ``margin = 0``, exactly where :func:`overlaps` is false).
    2. Where either shape is a point or a circle (its core is one point): one
       point, the middle of ``c.point_a`` and ``c.point_b``, with
       ``c.separation`` and ``c.normal``.
    3. Otherwise every shape is a core (a segment or a convex polygon) grown
       by its radius (a capsule's).  The *reference face* is the face of
       either core with the greatest separation along its outward normal
       ``u`` (a segment has a face on each side); the *incident face* is the
       other core's face most opposed to ``u``.  The incident face is clipped
       to the strip over the reference face, and each end of what remains is a
       point if its separation (its distance from the reference face along
       ``u``, minus both radii) is at most ``margin``.  Points lie midway
       between the two surfaces, in the order of the incident face; the
       normal is ``u`` (negated when the reference face is ``b``'s).  When
       nothing remains, rule 2's single point is used.

    ``manifold(b, a)`` is ``manifold(a, b)`` with the normal negated, except
    where :func:`contact` has no direction (both cores one and the same
    point: the normal is ``(0, 1)`` in either order).  The
    count's nonzero-ness is exact with ``margin = 0``; whether a second point
    within rounding of ``margin`` is kept is decided on its rounded
    separation.

    ``out`` (two shape arrays only): a float64 array of shape ``S + (9,)``
    to write the raw result into (count, normal, then x, y and separation of
    each point, NaN where unused), each pair's nine values side by side, as
    :func:`contact`'s.

    Against a :class:`TileMap` (a shape array of any kind on the other side,
    in either order) the manifold is with its solid region, measured to its
    merged boundary (:attr:`TileMap.edges`), so that where two solid tiles
    meet is never a face: a crate resting on a floor of several tiles gets a
    point under each corner, wherever the seams are.  The count is 0 exactly
    where :func:`contact`'s separation with the map exceeds ``margin`` (its
    sign is exact).  A circle or a point gets :func:`contact`'s single point.
    Apart or touching, any other shape gets its manifold with the nearest
    merged edge as a segment (rules 2 and 3), and where :func:`contact`'s
    point lies on that edge's face (not at its end) the normal is the face's
    (:attr:`TileMap.normals`) negated, exactly: ``(0, -1)`` on a floor.
    Overlapping, the reference face is the face the shape leaves through, the
    edge it touches once moved out by :func:`depenetrate`'s translation, its
    outward normal ``u``: the shape's face most opposed to ``u`` is clipped to
    the strip over the edge and to the part that, moved out, is over the edge
    and not behind it, its points kept as in rule 3, the normal ``-u``, so no
    point is deeper than the contact; where nothing remains (a corner of the
    boundary), :func:`contact`'s single point.

    Against :class:`Polylines` or :class:`Regions` (a shape array of any kind
    on the other side, in either order, broadcast as :func:`contact`) the
    manifold is with each outline shape as with a tile map's solid, measured
    to the edge :func:`contact` measures to (its ghost-free face normal):
    a crate resting across a vertex of a polyline floor gets a point under
    each corner and ``(0, -1)``.

    Against a :class:`World` (a shape array of any kind on the other side, in
    either order) the result is a :class:`WorldManifold`: the manifold with
    the part and shape of least separation (:func:`contact`'s, a tile map's
    as above), with the part and index.

    Examples
    --------
    A crate resting 0.1 deep in the floor gets a point under each corner:

    >>> import pycollide as pc
    >>> m = pc.manifold(pc.Boxes([-5, -1, 5, 0]), pc.Boxes([0, -0.1, 2, 1.9]))
    >>> int(m.count), m.normal.tolist()
    (2, [0.0, 1.0])
    >>> m.points.round(12).tolist(), m.separations.round(12).tolist()
    ([[0.0, -0.05], [2.0, -0.05]], [-0.1, -0.1])

    A ball gets one point:

    >>> int(pc.manifold(pc.Boxes([-5, -1, 5, 0]), pc.Circles([0, 0.9, 1])).count)
    1

    A crate resting across the seam between two floor tiles gets a point
    under each corner and the floor's normal, exactly:

    >>> floor = pc.TileMap.from_text("....\\n####")
    >>> m = pc.manifold(pc.Boxes([0.5, 1, 1.5, 2]), floor)
    >>> int(m.count), m.normal.tolist(), m.separations.tolist()
    (2, [0.0, -1.0], [0.0, 0.0])
    >>> sorted(m.points.tolist())
    [[0.5, 1.0], [1.5, 1.0]]
    """
    if isinstance(margin, (bool, np.bool_)) or not isinstance(margin, (int, float, np.integer, np.floating)):
        raise TypeError(f"manifold: `margin` must be a real number, got {type(margin).__name__}")
    margin = float(margin)
    if not (math.isfinite(margin) and margin >= 0):
        raise ValueError(f"manifold: `margin` must be finite and >= 0, got {margin}")
    if isinstance(a, _Outlines) or isinstance(b, _Outlines):
        if out is not None:
            raise TypeError("manifold: `out` is not supported with Polylines or Regions yet")
        return Manifold._of(manifold_shapes("manifold", a, b, margin, threads))
    data = d.manifold_any("manifold", a, b, margin, threads, out)
    if isinstance(a, Shapes) and isinstance(b, Shapes):  # features on first use, from the same call
        return Manifold._of(data, (a, b, margin, threads))
    if isinstance(a, World) or isinstance(b, World):
        return WorldManifold._of(data)
    return Manifold._of(data)
