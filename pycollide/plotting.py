"""Draw shapes, worlds and the queries' results with matplotlib.

An optional part of pycollide: it needs matplotlib (``pip install
"pycollide[plot]"``), and ``import pycollide`` never imports it; ``import
pycollide.plotting`` does.  Like ``shapely.plotting``, every function draws
into a matplotlib ``Axes`` (``ax``, by default the current one) and returns
the artists it added, so that a caller can restyle, count or remove them.

Two verbs, one convention:

* :func:`plot` draws anything that stands on its own: a shape array of any
  kind and leading shape, a :class:`~pycollide.TileMap` (its solid tiles and,
  with ``edges=True``, its merged boundary), a :class:`~pycollide.World`, a
  :class:`~pycollide.Compound` or its placed copies, and the results that
  carry their own coordinates (:class:`~pycollide.Contact`,
  :class:`~pycollide.WorldContact`, :class:`~pycollide.Manifold`,
  :class:`~pycollide.WorldManifold`).
* ``plot_<verb>(result, *arguments)`` draws a verb's result over what the verb
  was given, in the verb's own order (the result may also come last, after
  the arguments): :func:`plot_raycast`,
  :func:`plot_sweep`, :func:`plot_pairs`, :func:`plot_nearest`,
  :func:`plot_intersections`, :func:`plot_depenetrate`; :func:`plot_contact`
  and :func:`plot_manifold` are what :func:`plot` calls for those results, and
  :func:`plot_paths` draws recorded paths (a mover's positions, step by step).

Each call gives the axes an equal aspect (y up, one unit the same length on
both axes), rescales them to what they hold, and, when ``label=`` is given,
one legend entry (``ax.legend()`` shows it).  Each kind has its own default
colour (:data:`COLOURS`); ``color=`` sets a call's edges and faces at once,
and any other keyword (``facecolor``, ``edgecolor``, ``linewidth``,
``alpha``, ``zorder``, ...) goes to the main artist.  A filled kind is one
``PolyCollection`` holding one path per shape, in the shapes' own
coordinates (circles and capsules as Bezier arcs); segments are one
``LineCollection``, points one ``scatter``, and each infinite line an
``axline``.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import matplotlib.pyplot as plt
>>> import pycollide as pc
>>> from pycollide.plotting import plot, plot_contact
>>> fig, ax = plt.subplots()
>>> a = pc.Circles([[0, 0, 1], [3, 0, 1]])
>>> b = pc.Polygons.from_box(center=[1.5, 1.4], half_size=[1, 0.5], angle=0.3)
>>> [artist] = plot(a, ax, label="balls")
>>> len(artist.get_paths())
2
>>> artists = plot(b, ax, label="crate")
>>> artists = plot_contact(pc.contact(a, b), ax, label="contact")
>>> fig.savefig("contact.png")
>>> [t.get_text() for t in ax.legend().get_texts()]
['balls', 'crate', 'contact']
>>> plt.close(fig)
"""

from __future__ import annotations

import math
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
from numpy.typing import ArrayLike

try:
    from matplotlib import colors as mcolors
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.collections import LineCollection, PolyCollection
    from matplotlib.path import Path
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError(
        'pycollide.plotting needs matplotlib: pip install "pycollide[plot]" (or pip install matplotlib)'
    ) from exc

from .compound import Compound, Placed
from .contact import Contact, Manifold, WorldContact, WorldManifold
from .motion import Depenetration, Slide
from .mover import Move
from .outlines import Polylines, Regions, _Outlines
from .pairs import Nearest
from .raycast import RayHit, ShapeHit, WorldHit
from .shapes import Boxes, Capsules, Circles, Lines, Points, Polygons, Segments, Shapes, Triangles
from .sweep import Sweep, WorldSweep
from .tiles import TileMap
from .transform import transform
from .world import World

__all__ = [
    "COLOURS",
    "plot",
    "plot_contact",
    "plot_manifold",
    "plot_raycast",
    "plot_sweep",
    "plot_pairs",
    "plot_nearest",
    "plot_intersections",
    "plot_depenetrate",
    "plot_paths",
]

#: Default colours: one per shape kind (by the kind's name without its vertex
#: count: "polygon" for every Polygons) and per mark of the results.
COLOURS: Dict[str, str] = {
    "point": "#1a1a1a",
    "circle": "#1f77b4",
    "box": "#ff7f0e",
    "segment": "#2ca02c",
    "triangle": "#9467bd",
    "capsule": "#17becf",
    "polygon": "#d62728",
    "line": "#7f7f7f",
    "region": "#6b8e23",
    "polyline": "#4b3621",
    "tile": "#8c6d31",
    "edge": "#3b2a10",
    "contact": "#e6007e",
    "normal": "#c00000",
    "ray": "#555555",
    "path": "#1f4e9c",
    "pair": "#e6007e",
}

#: The faces' opacity: the shapes under a face stay visible.
FACE_ALPHA = 0.35

Drawable = Union[
    Shapes,
    Polylines,
    Regions,
    TileMap,
    World,
    Compound,
    Placed,
    Contact,
    WorldContact,
    Manifold,
    WorldManifold,
    Slide,
    Move,
    Depenetration,
]


# ---- styles, axes, collections ---------------------------------------------------------


def _axes(ax: Optional[Axes]) -> Axes:
    if ax is None:
        import matplotlib.pyplot as plt

        return plt.gca()
    if not isinstance(ax, Axes):
        raise TypeError(f"plotting: `ax` must be a matplotlib Axes, got {type(ax).__name__}")
    return ax


def _kind(shapes: Shapes) -> str:
    return "polygon" if isinstance(shapes, Polygons) else shapes.name


def _face_and_edge(colour: Any, style: Dict[str, Any]) -> Dict[str, Any]:
    """A filled artist's style: ``colour`` (or the caller's ``color``) for the
    edges and, at FACE_ALPHA unless ``alpha`` is given, for the faces."""
    style = dict(style)
    colour = style.pop("color", style.pop("c", colour))
    alpha = style.pop("alpha", None)
    face = style.pop("facecolor", style.pop("fc", None))
    edge = style.pop("edgecolor", style.pop("ec", colour))
    if face is None:
        face = mcolors.to_rgba(colour, FACE_ALPHA if alpha is None else alpha) if colour != "none" else "none"
    elif alpha is not None and not (isinstance(face, str) and face == "none"):
        face = mcolors.to_rgba(face, alpha)
    style.setdefault("linewidths", style.pop("linewidth", style.pop("lw", 1.2)))
    style["facecolors"], style["edgecolors"] = face, edge
    return style


def _line_style(colour: Any, style: Dict[str, Any], width: float = 1.5) -> Dict[str, Any]:
    style = dict(style)
    colour = style.pop("color", style.pop("c", colour))
    style["colors"] = style.pop("colors", colour)
    style.setdefault("linewidths", style.pop("linewidth", style.pop("lw", width)))
    style.setdefault("linestyles", style.pop("linestyle", style.pop("ls", "solid")))
    return style


def _labelled(artists: List[Artist], label: Optional[str]) -> List[Artist]:
    """One legend entry per call: the first artist carries ``label``, the
    others a name the legend skips."""
    for k, artist in enumerate(artists):
        artist.set_label(label if k == 0 and label is not None else f"_pycollide{k}")
    return artists


def _finish(ax: Axes, artists: List[Artist], label: Optional[str]) -> List[Artist]:
    ax.set_aspect("equal")
    ax.autoscale_view()
    return _labelled(artists, label)


def _extent(obj: Any) -> List[np.ndarray]:
    """The bounding boxes (n, 4) of what ``plot`` draws for ``obj``."""
    if isinstance(obj, Shapes):
        return [] if isinstance(obj, Lines) else [np.asarray(obj.bounds(), dtype=float).reshape(-1, 4)]
    if isinstance(obj, TileMap):
        return [np.asarray([obj.bounds], dtype=float)]
    if isinstance(obj, _Outlines):
        return [obj.bounds]
    if isinstance(obj, World):
        return [box for part in obj.parts for box in _extent(part)]
    if isinstance(obj, (Compound, Placed)):
        return [box for part in _placed_parts(obj) for box in _extent(part)]
    return []


def _check_extent(ax: Axes, obj: Any) -> None:
    """Before drawing: a ValueError when what the axes would hold spans more
    than the doubles do (matplotlib cannot draw it), so nothing is half drawn."""
    boxes = _extent(obj)
    if not boxes:
        return
    b = np.concatenate(boxes)
    if not len(b):
        return
    lim = ax.dataLim
    lo = np.array([b[:, 0].min(), b[:, 1].min()])
    hi = np.array([b[:, 2].max(), b[:, 3].max()])
    if lim.x0 <= lim.x1 and lim.y0 <= lim.y1:  # the axes hold something already (an empty box is (inf, -inf))
        lo, hi = np.minimum(lo, [lim.x0, lim.y0]), np.maximum(hi, [lim.x1, lim.y1])
    with np.errstate(over="ignore", invalid="ignore"):
        span = hi - lo
    if not (np.isfinite(span).all() and np.isfinite(lo).all() and np.isfinite(hi).all()):
        raise ValueError(
            "plot: the drawing would span more than the doubles hold (its width or height overflows to "
            "infinity), which matplotlib cannot draw; draw a part of it, or move it nearer the origin"
        )


def _add(ax: Axes, collection: Any) -> Any:
    ax.add_collection(collection, autolim=True)
    return collection


def _polygons(ax: Axes, verts: np.ndarray, colour: Any, style: Dict[str, Any]) -> PolyCollection:
    """Closed polygons (n, K, 2), one path each (K vertices and a closing one)."""
    return _add(ax, PolyCollection(list(verts), closed=True, **_face_and_edge(colour, style)))


def _curves(ax: Axes, verts: np.ndarray, codes: np.ndarray, colour: Any, style: Dict[str, Any]) -> PolyCollection:
    """Closed Bezier paths (n, m, 2) sharing one code sequence."""
    collection = PolyCollection([], **_face_and_edge(colour, style))
    collection.set_verts_and_codes(list(verts), [codes] * len(verts))  # type: ignore[list-item]
    return _add(ax, collection)


def _circle_paths(center: np.ndarray, radius: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    unit = Path.unit_circle()
    verts = center[:, None, :] + radius[:, None, None] * np.asarray(unit.vertices)[None, :, :]
    return verts, np.asarray(unit.codes)


def _capsule_paths(start: np.ndarray, end: np.ndarray, radius: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """Each capsule as one closed path: the half circle around its end, a
    straight side, the half circle around its start, the other side.  The
    halves are the two halves of matplotlib's unit circle (its 45-degree
    Beziers, from (0, -1) round to (0, 1) and back), turned to the capsule's
    axis: as close to the rims as a circle's path is to its circle."""
    d = end - start
    theta = np.arctan2(d[:, 1], d[:, 0])
    c, s = np.cos(theta)[:, None], np.sin(theta)[:, None]
    unit = Path.unit_circle()
    ring, ring_codes = np.asarray(unit.vertices), np.asarray(unit.codes)
    half = (len(ring) - 2) // 2  # the 8 Beziers' 24 points, after the MOVETO and before the CLOSEPOLY

    def place(points: np.ndarray, at: np.ndarray) -> np.ndarray:
        x, y = points[None, :, 0], points[None, :, 1]
        turned = np.stack([c * x - s * y, s * x + c * y], axis=-1)
        return at[:, None, :] + radius[:, None, None] * turned

    end_half, start_half = ring[: half + 1], ring[half : 2 * half + 1]
    verts = np.concatenate([place(end_half, end), place(start_half, start), start[:, None, :] * 0], axis=1)
    verts[:, -1] = verts[:, 0]
    codes = np.concatenate([ring_codes[: half + 1], ring_codes[half : 2 * half + 1], [Path.CLOSEPOLY]])
    codes = codes.astype(Path.code_type)
    codes[half + 1] = Path.LINETO  # the second half joins the first by a straight side
    return verts, codes


def _draw_shapes(ax: Axes, shapes: Shapes, style: Dict[str, Any]) -> List[Artist]:
    """One artist for a shape array of any kind (every shape, flattened)."""
    colour = COLOURS[_kind(shapes)]
    data = np.asarray(shapes, dtype=float).reshape(-1, shapes.width)
    if isinstance(shapes, Points):
        style = dict(style)
        colour = style.pop("color", style.pop("c", colour))
        style.setdefault("s", style.pop("markersize", 16))
        style.setdefault("zorder", 3)
        return [ax.scatter(data[:, 0], data[:, 1], color=colour, **style)]
    if isinstance(shapes, Segments):
        return [_add(ax, LineCollection(list(data.reshape(-1, 2, 2)), **_line_style(colour, style)))]
    if isinstance(shapes, Lines):
        style = dict(style)
        colour = style.pop("color", style.pop("c", colour))
        style.setdefault("linewidth", 1.0)
        style.setdefault("linestyle", "--")
        if len(data) and not ax.has_data():  # an axline alone does not give the axes limits
            ax.update_datalim(data.reshape(-1, 2))
        return [ax.axline(tuple(row[:2]), tuple(row[2:]), color=colour, **style) for row in data]
    if isinstance(shapes, Circles):
        return [_curves(ax, *_circle_paths(data[:, :2], data[:, 2]), colour, style)]
    if isinstance(shapes, Capsules):
        return [_curves(ax, *_capsule_paths(data[:, 0:2], data[:, 2:4], data[:, 4]), colour, style)]
    if isinstance(shapes, Boxes):
        x0, y0, x1, y1 = data.T
        verts = np.stack([np.stack(p, axis=-1) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))], axis=1)
        return [_polygons(ax, verts, colour, style)]
    if isinstance(shapes, (Triangles, Polygons)):
        return [_polygons(ax, data.reshape(len(data), shapes.width // 2, 2), colour, style)]
    raise TypeError(f"plot: no drawing for {type(shapes).__name__}")  # pragma: no cover - every kind has one


def _draw_outlines(ax: Axes, outlines: _Outlines, style: Dict[str, Any]) -> List[Artist]:
    """Regions: one PolyCollection, a path per region (its shell, then its
    holes: each ring a closed sub-path, so that the holes are left unfilled);
    Polylines: one LineCollection, a line per polyline."""
    xy, rings = outlines.coords, outlines.offsets[0]
    if isinstance(outlines, Polylines):
        lines = [xy[a:b] for a, b in zip(rings[:-1], rings[1:])]
        return [_add(ax, LineCollection(lines, **_line_style(COLOURS["polyline"], style)))]
    shapes = outlines.offsets[1]
    verts, codes = [], []
    for s in range(len(outlines)):
        r0, r1 = shapes[s], shapes[s + 1]
        v = xy[rings[r0] : rings[r1]]  # each ring closed: its first vertex repeated last
        c = np.full(len(v), Path.LINETO, dtype=Path.code_type)
        c[rings[r0:r1] - rings[r0]] = Path.MOVETO
        c[rings[r0 + 1 : r1 + 1] - rings[r0] - 1] = Path.CLOSEPOLY
        verts.append(v)
        codes.append(c)
    collection = PolyCollection([], **_face_and_edge(COLOURS["region"], style))
    collection.set_verts_and_codes(verts, codes)  # type: ignore[arg-type]
    return [_add(ax, collection)]


def _draw_tilemap(ax: Axes, tilemap: TileMap, edges: bool, style: Dict[str, Any]) -> List[Artist]:
    tiles = tilemap.tiles()
    boxes = np.asarray(tiles.boxes, dtype=float).reshape(-1, 4)
    x0, y0, x1, y1 = boxes.T
    verts: List[np.ndarray] = list(
        np.stack([np.stack(p, axis=-1) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))], axis=1)
    )
    verts += list(np.asarray(tiles.triangles, dtype=float).reshape(-1, 3, 2))
    face = dict(style)
    face.setdefault("linewidth", 0.5)
    edge_colour = COLOURS["edge"]
    if edges:  # `edgecolor` is the merged edges'; the faces are filled without outlines or anti-aliasing,
        # which would draw the seams between tiles: the merged edges, drawn over them, are the boundary
        edge_colour = face.pop("ec", face.pop("edgecolor", edge_colour))
        face["edgecolor"] = "none"
        face["linewidth"] = 0.0
        face.setdefault("antialiased", False)
    artists: List[Artist] = [_add(ax, PolyCollection(verts, closed=True, **_face_and_edge(COLOURS["tile"], face)))]
    if edges:
        lines = np.asarray(tilemap.edges, dtype=float).reshape(-1, 2, 2)
        zorder = artists[0].get_zorder() + 0.5
        artists.append(_add(ax, LineCollection(list(lines), colors=edge_colour, linewidths=1.5, zorder=zorder)))
    # the map's own rectangle, even where its border cells are empty
    bx0, by0, bx1, by1 = tilemap.bounds
    ax.update_datalim([(bx0, by0), (bx1, by1)])
    return artists


def _placed_parts(obj: Union[Compound, Placed]) -> List[Shapes]:
    return list(obj.parts.values())


# ---- plot: anything that stands on its own -------------------------------------------


def plot(
    obj: Drawable, ax: Optional[Axes] = None, *, label: Optional[str] = None, edges: bool = False, **style: Any
) -> List[Artist]:
    """Draw ``obj`` into ``ax`` (the current axes by default); return the artists added.

    Parameters
    ----------
    obj : shapes, TileMap, World, Compound, placed compounds, or a result that stands on its own
        A shape array of any kind and leading shape (every shape is drawn:
        a filled kind as one ``PolyCollection`` with a path per shape,
        ``Segments`` as one ``LineCollection``, ``Points`` as one scatter,
        each of ``Lines`` as an ``axline``); a ``TileMap`` (its solid tiles,
        boxes and triangles, as one ``PolyCollection``); a ``World`` (each
        part in turn); a ``Compound`` (its parts in local coordinates) or
        placed copies (``Compound.at``: every copy's parts, one artist per
        part type; a :class:`~pycollide.OneWay` part of a world dashed); a
        ``Slide`` (its moved boxes), a ``Move`` (its moved shapes) or a
        ``Depenetration`` (its moved shapes); ``Contact``, ``WorldContact``,
        ``Manifold`` and ``WorldManifold`` as :func:`plot_contact` and
        :func:`plot_manifold` draw them.
    ax : matplotlib Axes, optional
    label : str, optional
        The call's one legend entry.
    edges : bool, default False
        For a ``TileMap`` (alone or in a ``World``): also draw its merged
        boundary, the edges every query sees, as a ``LineCollection``.
    **style
        ``color`` (edges and faces), ``facecolor``, ``edgecolor``,
        ``linewidth``, ``alpha``, ``zorder``, ... for the main artist(s).

    Returns
    -------
    list of matplotlib artists

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> import pycollide as pc
    >>> from pycollide.plotting import plot
    >>> level = pc.TileMap.from_text('''
    ... ##########
    ... #........#
    ... #...#3...#
    ... ##########
    ... ''')
    >>> fig, ax = plt.subplots(figsize=(5, 2.5))
    >>> tiles, edges = plot(level, ax, edges=True, label="level")
    >>> len(tiles.get_paths()), len(edges.get_segments()) == len(level.edges)
    (26, True)
    >>> crates = plot(pc.Boxes([[1.2, 1, 2.2, 2], [6, 1, 6.8, 1.8]]), ax, label="crates")
    >>> fig.savefig("level.svg")
    >>> plt.close(fig)
    """
    ax = _axes(ax)
    if not isinstance(edges, (bool, np.bool_)):
        raise TypeError(f"plot: `edges` must be True or False, got {edges!r}")
    if isinstance(obj, (Contact, WorldContact)):
        return plot_contact(obj, ax, label=label, **style)
    if isinstance(obj, (Manifold, WorldManifold)):
        return plot_manifold(obj, ax, label=label, **style)
    if isinstance(obj, Slide):
        obj = obj.boxes
    elif isinstance(obj, Move):
        obj = obj.shapes
    elif isinstance(obj, Depenetration):
        obj = obj.shapes
    _check_extent(ax, obj)
    artists: List[Artist] = []
    if isinstance(obj, Shapes):
        artists = _draw_shapes(ax, obj, style)
    elif isinstance(obj, _Outlines):
        artists = _draw_outlines(ax, obj, style)
    elif isinstance(obj, TileMap):
        artists = _draw_tilemap(ax, obj, bool(edges), style)
    elif isinstance(obj, World):
        for part, up in zip(obj.parts, obj.one_way):
            own = style if up is None else {"linestyle": "--", **style}  # a one-way part: dashed outlines
            if isinstance(part, TileMap):
                artists += _draw_tilemap(ax, part, bool(edges), own)
            elif isinstance(part, _Outlines):
                artists += _draw_outlines(ax, part, own)
            else:
                artists += _draw_shapes(ax, part, own)
    elif isinstance(obj, (Compound, Placed)):
        for part in _placed_parts(obj):
            artists += _draw_shapes(ax, part, style)
    else:
        hint = ""
        if isinstance(obj, (RayHit, ShapeHit, WorldHit)):
            hint = ": draw a raycast's result with plot_raycast(result, origins, directions)"
        elif isinstance(obj, (Sweep, WorldSweep)):
            hint = ": draw a sweep's result with plot_sweep(result, moving, displacement)"
        elif isinstance(obj, Nearest):
            hint = ": draw nearest's result with plot_nearest(result, a, b)"
        elif isinstance(obj, np.ndarray):
            hint = ": draw pairs' result with plot_pairs(result, a, b), recorded paths with plot_paths(paths)"
        raise TypeError(
            "plot: takes shapes, Polylines or Regions, a TileMap, a World, a Compound or placed compounds, a Slide, a "
            f"Depenetration, a Contact, WorldContact, Manifold or WorldManifold; got {type(obj).__name__}{hint}"
        )
    return _finish(ax, artists, label)


# ---- the results -----------------------------------------------------------------------


def _vectors(verb: str, name: str, value: ArrayLike) -> np.ndarray:
    arr = np.asarray(value, dtype=float)
    if arr.ndim == 0 or arr.shape[-1] != 2:
        raise ValueError(f"{verb}: `{name}` must have shape (..., 2), got {arr.shape}")
    return arr


def _arrow_length(ax: Axes, points: np.ndarray, length: Optional[float], verb: str) -> float:
    """The normals' drawn length: ``length``, or a tenth of what the axes hold
    (of the points' extent on empty axes; 1 when that is a single point)."""
    if length is not None:
        if not (isinstance(length, (int, float, np.number)) and math.isfinite(length) and length > 0):
            raise ValueError(f"{verb}: `normal_length` must be a finite number > 0, got {length!r}")
        return float(length)
    spans = []
    if ax.has_data():
        lim = ax.dataLim
        spans.append(max(lim.width, lim.height))
    finite = points[np.isfinite(points).all(axis=-1)]
    if len(finite):
        spans.append(float(np.ptp(finite, axis=0).max()))
    span = max([s for s in spans if math.isfinite(s)] + [0.0])
    return 0.1 * span if span > 0 else 1.0


def _normals(ax: Axes, at: np.ndarray, normal: np.ndarray, length: float, colour: Any, zorder: float) -> Artist:
    """Arrows of ``length`` in data units from each point of ``at`` along ``normal``."""
    q = ax.quiver(
        at[:, 0] if len(at) else np.zeros(0),
        at[:, 1] if len(at) else np.zeros(0),
        normal[:, 0] * length if len(at) else np.zeros(0),
        normal[:, 1] * length if len(at) else np.zeros(0),
        angles="xy",
        scale_units="xy",
        scale=1.0,
        color=colour,
        width=0.004,
        zorder=zorder,
    )
    if len(at):
        ax.update_datalim(np.concatenate([at, at + normal * length]))
    return q


def _separations(
    ax: Axes, spans: np.ndarray, seps: np.ndarray, colour: Any, zorder: float, width: float, style: Dict[str, Any]
) -> Artist:
    """Segments (n, 2, 2) across separations: solid where the shapes overlap
    (separation <= 0), dashed where they are apart; one LineCollection."""
    return _add(
        ax,
        LineCollection(
            list(spans),
            colors=colour,
            linewidths=style.pop("linewidth", style.pop("lw", width)),
            linestyles=["solid" if v <= 0 else "dashed" for v in seps] or "solid",
            zorder=zorder,
            **style,
        ),
    )


def _marks(ax: Axes, points: np.ndarray, colour: Any, marker: str, size: float, zorder: float) -> Artist:
    pts = points.reshape(-1, 2)
    return ax.scatter(pts[:, 0], pts[:, 1], s=size, marker=marker, color=colour, zorder=zorder, linewidths=1.2)


def plot_contact(
    result: Union[Contact, WorldContact],
    ax: Optional[Axes] = None,
    *,
    normal_length: Optional[float] = None,
    label: Optional[str] = None,
    **style: Any,
) -> List[Artist]:
    """Draw contacts (from :func:`pycollide.contact`): the witness points, the
    separation between them and the normals.

    Artists, in order: the witness points on ``a`` (dots) and on ``b``
    (crosses), one scatter each; the separation, a segment from each point on
    ``a`` to its point on ``b`` (one ``LineCollection``, drawn dashed where the
    shapes are apart, solid where they overlap); the normals, arrows from the
    points on ``a`` toward ``b`` (one ``quiver``) of ``normal_length`` (by
    default a tenth of what the axes hold).  Contacts with no shape to meet
    (a world with no shape: separation inf) are left out.  ``color`` styles
    every mark of the call.
    """
    ax = _axes(ax)
    if not isinstance(result, (Contact, WorldContact)):
        raise TypeError(f"plot_contact: takes a Contact or WorldContact, got {type(result).__name__}")
    sep = np.asarray(result.separation, dtype=float).reshape(-1)
    keep = np.isfinite(sep)
    pa = np.asarray(result.point_a, dtype=float).reshape(-1, 2)[keep]
    pb = np.asarray(result.point_b, dtype=float).reshape(-1, 2)[keep]
    n = np.asarray(result.normal, dtype=float).reshape(-1, 2)[keep]
    sep = sep[keep]
    given = style.pop("color", style.pop("c", None))  # the caller's colour styles every mark, normals too
    colour = COLOURS["contact"] if given is None else given
    zorder = style.pop("zorder", 4)
    length = _arrow_length(ax, np.concatenate([pa, pb]), normal_length, "plot_contact")
    artists: List[Artist] = [
        _marks(ax, pa, colour, "o", 14, zorder),
        _marks(ax, pb, colour, "x", 24, zorder),
        _separations(ax, np.stack([pa, pb], axis=1), sep, colour, zorder, 1.5, style),
    ]
    artists.append(_normals(ax, pa, n, length, COLOURS["normal"] if given is None else given, zorder))
    return _finish(ax, artists, label)


def plot_manifold(
    result: Union[Manifold, WorldManifold],
    ax: Optional[Axes] = None,
    *,
    normal_length: Optional[float] = None,
    label: Optional[str] = None,
    **style: Any,
) -> List[Artist]:
    """Draw contact manifolds (from :func:`pycollide.manifold`: a ``Manifold`` or a ``WorldManifold``).

    Artists, in order: the manifold points (one scatter, ``count`` points per
    pair); the separation at each point, a segment along the normal centred
    on the point from one surface to the other (the points lie midway), one
    ``LineCollection``, solid where the shapes overlap there and dashed where
    they are apart; the normals, an arrow from each point (one ``quiver``).
    """
    ax = _axes(ax)
    if not isinstance(result, (Manifold, WorldManifold)):
        raise TypeError(f"plot_manifold: takes a Manifold or a WorldManifold, got {type(result).__name__}")
    count = np.asarray(result.count).reshape(-1)
    normal = np.asarray(result.normal, dtype=float).reshape(-1, 2)
    points = np.asarray(result.points, dtype=float).reshape(-1, 2, 2)
    seps = np.asarray(result.separations, dtype=float).reshape(-1, 2)
    used = np.arange(2)[None, :] < count[:, None]
    p = points[used]
    s = seps[used]
    n = np.repeat(normal, count.astype(np.int64), axis=0)
    given = style.pop("color", style.pop("c", None))  # the caller's colour styles every mark, normals too
    colour = COLOURS["contact"] if given is None else given
    zorder = style.pop("zorder", 4)
    length = _arrow_length(ax, p, normal_length, "plot_manifold")
    half = (0.5 * s)[:, None] * n
    artists: List[Artist] = [
        _marks(ax, p, colour, "o", 16, zorder),
        _separations(ax, np.stack([p - half, p + half], axis=1), s, colour, zorder, 2.0, style),
        _normals(ax, p, n, length, COLOURS["normal"] if given is None else given, zorder),
    ]
    return _finish(ax, artists, label)


def _broadcast_rays(verb: str, origins: ArrayLike, directions: ArrayLike, shape: Tuple[int, ...]) -> np.ndarray:
    o, v = _vectors(verb, "origins", origins), _vectors(verb, "directions", directions)
    try:
        o = np.broadcast_to(o, shape + (2,)).reshape(-1, 2)
        v = np.broadcast_to(v, shape + (2,)).reshape(-1, 2)
    except ValueError:
        raise ValueError(
            f"{verb}: `origins` {o.shape[:-1]} and `directions` {v.shape[:-1]} do not broadcast to the "
            f"result's shape {shape}"
        ) from None
    return np.stack([o, v], axis=1)


def plot_raycast(
    result: Union[RayHit, ShapeHit, WorldHit],
    origins: ArrayLike,
    directions: ArrayLike,
    ax: Optional[Axes] = None,
    *,
    max_distance: ArrayLike = math.inf,
    normal_length: Optional[float] = None,
    label: Optional[str] = None,
    **style: Any,
) -> List[Artist]:
    """Draw rays and what they hit (from :func:`pycollide.raycast`), given
    the result and the ``origins`` and ``directions`` the rays were cast with.

    Artists, in order: the rays that hit, each a segment from its origin to
    its hit point (one ``LineCollection``); the rays that miss, dashed, to
    ``max_distance`` or, when that is infinite, beyond what the axes hold
    (one ``LineCollection``); the hit points (one scatter); the surface
    normals there (one ``quiver``).
    """
    hits = (RayHit, ShapeHit, WorldHit)
    if not isinstance(result, hits) and isinstance(directions, hits):  # (origins, directions, result)
        result, origins, directions = directions, result, origins
    ax = _axes(ax)
    if not isinstance(result, hits):
        raise TypeError(f"plot_raycast: takes a raycast result, got {type(result).__name__}")
    hit = np.asarray(result.hit, dtype=bool)
    rays = _broadcast_rays("plot_raycast", origins, directions, hit.shape)
    o, v = rays[:, 0], rays[:, 1]
    dist = np.asarray(result.distance, dtype=float).reshape(-1)
    reach = np.broadcast_to(np.asarray(max_distance, dtype=float), hit.shape).reshape(-1)
    hit = hit.reshape(-1) & np.isfinite(dist)
    norm = np.hypot(v[:, 0], v[:, 1])
    unit = np.divide(v, norm[:, None], out=np.zeros_like(v), where=norm[:, None] > 0)
    colour = style.pop("color", style.pop("c", COLOURS["ray"]))
    zorder = style.pop("zorder", 3.5)
    width = style.pop("linewidth", style.pop("lw", 1.2))
    at = o[hit] + unit[hit] * dist[hit, None]
    if ax.has_data():
        lim = ax.dataLim
        extent = np.array([[lim.x0, lim.y0], [lim.x1, lim.y1]])
    else:
        extent = np.array([o.min(axis=0), o.max(axis=0)]) if len(o) else np.zeros((2, 2))
    far = float(np.hypot(*(extent[1] - extent[0]))) + 1.0
    miss_len = np.where(np.isfinite(reach), reach, far + np.hypot(*(o - extent[0]).T))[~hit]
    miss_end = o[~hit] + unit[~hit] * miss_len[:, None]
    artists: List[Artist] = [
        _add(ax, LineCollection(list(np.stack([o[hit], at], axis=1)), colors=colour, linewidths=width, zorder=zorder)),
    ]
    misses = LineCollection(
        list(np.stack([o[~hit], miss_end], axis=1)), colors=colour, linewidths=width, linestyles="dashed", zorder=zorder
    )
    ax.add_collection(misses, autolim=bool(np.isfinite(reach).all()))
    if len(o):
        ax.update_datalim(o)
    artists.append(misses)
    artists.append(_marks(ax, at, COLOURS["contact"], "o", 16, zorder + 0.1))
    n = np.asarray(result.normal, dtype=float).reshape(-1, 2)[hit]
    length = _arrow_length(ax, np.concatenate([o, at]), normal_length, "plot_raycast")
    artists.append(_normals(ax, at, n, length, COLOURS["normal"], zorder + 0.1))
    return _finish(ax, artists, label)


def _centres(shapes: Union[Shapes, Placed]) -> np.ndarray:
    """Each shape's bounding-box centre, (n, 2), over the flattened shapes."""
    b = np.asarray(shapes.bounds if isinstance(shapes, Placed) else shapes.bounds(), dtype=float).reshape(-1, 4)
    return 0.5 * (b[:, :2] + b[:, 2:])


def plot_sweep(
    result: Union[Sweep, WorldSweep],
    moving: Shapes,
    displacement: ArrayLike,
    ax: Optional[Axes] = None,
    *,
    normal_length: Optional[float] = None,
    label: Optional[str] = None,
    **style: Any,
) -> List[Artist]:
    """Draw sweeps (from :func:`pycollide.sweep`), given the result, the
    ``moving`` shapes and their ``displacement``.

    Artists, in order: the shapes at their time of impact (at the end of
    their displacement where nothing is hit), filled; the shapes where they
    start, outlined and dashed; the swept path of each shape's centre, solid
    up to the time of impact and dotted on to the end of the displacement
    (two ``LineCollection``); the touching points (one scatter) and the
    surface normals there (one ``quiver``).
    """
    if not isinstance(result, (Sweep, WorldSweep)) and isinstance(displacement, (Sweep, WorldSweep)):
        result, moving, displacement = displacement, result, moving  # (moving, d, result)
    ax = _axes(ax)
    if not isinstance(result, (Sweep, WorldSweep)):
        raise TypeError(f"plot_sweep: takes a sweep result, got {type(result).__name__}")
    if not isinstance(moving, Shapes) or isinstance(moving, Lines):
        raise TypeError(f"plot_sweep: `moving` must be shapes, got {type(moving).__name__}")
    time = np.asarray(result.time, dtype=float)
    d = _vectors("plot_sweep", "displacement", displacement)
    try:
        d = np.broadcast_to(d, time.shape + (2,))
        placed_at = transform(moving, d * time[..., None])
        if placed_at.shape != time.shape:
            raise ValueError
    except ValueError:
        raise ValueError(
            f"plot_sweep: `moving` {moving.shape} and `displacement` {d.shape[:-1]} do not give the result's "
            f"shape {time.shape}"
        ) from None
    kind = _kind(moving)
    colour = style.pop("color", style.pop("c", COLOURS[kind]))
    artists = _draw_shapes(ax, placed_at, {"color": colour, **style})
    start_style = {"facecolor": "none", "edgecolor": colour, "linestyle": "--", "linewidth": 1.0}
    if isinstance(moving, (Points, Segments)):
        start_style = {"color": colour, "alpha": 0.5}
    artists += _draw_shapes(ax, moving, start_style)
    c0 = np.broadcast_to(_centres(moving).reshape(moving.shape + (2,)), time.shape + (2,)).reshape(-1, 2)
    dd = d.reshape(-1, 2)
    t = time.reshape(-1, 1)
    c_hit, c_end = c0 + dd * t, c0 + dd
    artists.append(_add(ax, LineCollection(list(np.stack([c0, c_hit], axis=1)), colors=colour, linewidths=1.2)))
    artists.append(
        _add(ax, LineCollection(list(np.stack([c_hit, c_end], axis=1)), colors=colour, linewidths=1, linestyles=":"))
    )
    point = np.asarray(result.point, dtype=float).reshape(-1, 2)
    touched = np.isfinite(point).all(axis=1)
    artists.append(_marks(ax, point[touched], COLOURS["contact"], "o", 16, 4))
    normal = np.asarray(result.normal, dtype=float).reshape(-1, 2)[touched]
    length = _arrow_length(ax, np.concatenate([c0, c_end]), normal_length, "plot_sweep")
    artists.append(_normals(ax, point[touched], normal, length, COLOURS["normal"], 4))
    return _finish(ax, artists, label)


def _pair_indices(verb: str, result: ArrayLike) -> np.ndarray:
    idx = np.asarray(result)
    if idx.ndim != 2 or idx.shape[0] != 2 or idx.dtype.kind not in "iu":
        raise ValueError(f"{verb}: `result` must be pairs' (2, K) integer array of indices, got {idx.shape}")
    return idx.astype(np.int64)


def plot_pairs(
    result: ArrayLike,
    a: Union[Shapes, Placed],
    b: Optional[Union[Shapes, Placed]] = None,
    ax: Optional[Axes] = None,
    *,
    lines: bool = True,
    highlight: bool = True,
    label: Optional[str] = None,
    **style: Any,
) -> List[Artist]:
    """Draw the pairs (from :func:`pycollide.pairs`): ``result`` is its
    ``(2, K)`` array of indices into ``a`` and ``b`` (into ``a`` twice
    without ``b``).

    Artists, in order: with ``lines``, one line per pair between the two
    shapes' centres (their bounding boxes', one ``LineCollection`` of K
    segments); with ``highlight``, the shapes of ``a`` that are in some
    pair, filled in the pairs' colour, and those of ``b`` when given.  Draw
    the collections themselves with :func:`plot` first.
    """
    sides = (Shapes, Placed)
    if isinstance(result, sides):  # the verb's own order: (a, result), (a, b, result) or (a, None, result)
        if isinstance(a, sides):
            if b is None:
                raise TypeError("plot_pairs: give the pairs' (2, K) result with the shapes")
            result, a, b = b, result, a  # type: ignore[assignment]
        elif a is None:
            result, a, b = b, result, None
        else:
            result, a = a, result
    ax = _axes(ax)
    idx = _pair_indices("plot_pairs", result)
    other = a if b is None else b
    ca, cb = _centres(a), _centres(other)
    if idx.size and (idx[0].max() >= len(ca) or idx[1].max() >= len(cb) or idx.min() < 0):
        raise ValueError("plot_pairs: an index in `result` is outside the shapes given")
    colour = style.pop("color", style.pop("c", COLOURS["pair"]))
    segments = LineCollection(
        list(np.stack([ca[idx[0]], cb[idx[1]]], axis=1)),
        colors=colour,
        linewidths=style.pop("linewidth", style.pop("lw", 1.5)),
        zorder=style.pop("zorder", 3.5),
        **style,
    )
    artists: List[Artist] = [_add(ax, segments)] if lines else []
    if highlight:
        used = [(a, np.unique(idx[0]) if b is not None else np.unique(idx))]
        if b is not None:
            used.append((b, np.unique(idx[1])))
        for shapes, which in used:
            for part in _flat_parts(shapes, which):
                artists += _draw_shapes(ax, part, {"color": colour, "alpha": 0.5})
    return _finish(ax, artists, label)


def _flat_parts(shapes: Union[Shapes, Placed], used: np.ndarray) -> List[Shapes]:
    """The shapes at flat indices ``used`` (a placed compound's every part)."""
    if isinstance(shapes, Placed):
        flat = shapes.flat()[used]
        return list(flat.parts.values())
    return [type(shapes)(np.asarray(shapes, dtype=float).reshape(-1, shapes.width)[used])]


def plot_nearest(
    result: Nearest,
    a: Shapes,
    b: Shapes,
    ax: Optional[Axes] = None,
    *,
    label: Optional[str] = None,
    **style: Any,
) -> List[Artist]:
    """Draw :func:`pycollide.nearest`'s answer: a line from the centre of
    each shape of ``a`` to the centre of its nearest shape of ``b`` (one
    ``LineCollection``, one segment per shape of ``a`` that found one)."""
    if not isinstance(result, Nearest) and isinstance(b, Nearest):  # the verb's order: (a, b, result)
        result, a, b = b, result, a
    ax = _axes(ax)
    if not isinstance(result, Nearest):
        raise TypeError(f"plot_nearest: takes a Nearest, got {type(result).__name__}")
    index = np.asarray(result.index).reshape(-1)
    found = index >= 0
    ca, cb = _centres(a), _centres(b)
    if len(ca) != len(index):
        raise ValueError(f"plot_nearest: `a` holds {len(ca)} shapes, the result {len(index)}")
    colour = style.pop("color", style.pop("c", COLOURS["pair"]))
    segs = np.stack([ca[found], cb[index[found]]], axis=1)
    lines = LineCollection(
        list(segs), colors=colour, linewidths=style.pop("linewidth", style.pop("lw", 1.2)), zorder=3.5, **style
    )
    return _finish(ax, [_add(ax, lines)], label)


def plot_intersections(
    result: Tuple[np.ndarray, np.ndarray],
    ax: Optional[Axes] = None,
    *,
    label: Optional[str] = None,
    **style: Any,
) -> List[Artist]:
    """Draw :func:`pycollide.intersections`' points (the ``(points, count)``
    it returns) as one scatter of every point found."""
    ax = _axes(ax)
    try:
        points, count = result
    except (TypeError, ValueError):
        raise TypeError("plot_intersections: takes the (points, count) intersections returns") from None
    pts = np.asarray(points, dtype=float).reshape(-1, 2, 2)
    n = np.asarray(count).reshape(-1)
    used = pts[np.arange(2)[None, :] < n[:, None]]
    colour = style.pop("color", style.pop("c", COLOURS["contact"]))
    return _finish(ax, [_marks(ax, used, colour, style.pop("marker", "o"), style.pop("s", 20), 4)], label)


def plot_depenetrate(
    result: Depenetration,
    shapes: Shapes,
    ax: Optional[Axes] = None,
    *,
    label: Optional[str] = None,
    **style: Any,
) -> List[Artist]:
    """Draw :func:`pycollide.depenetrate`'s answer over the ``shapes`` it was
    given: the shapes moved out (filled), where they were (outlined, dashed)
    and each translation as an arrow from the old centre (one ``quiver``)."""
    if not isinstance(result, Depenetration) and isinstance(shapes, Depenetration):  # (shapes, result)
        result, shapes = shapes, result
    ax = _axes(ax)
    if not isinstance(result, Depenetration):
        raise TypeError(f"plot_depenetrate: takes a Depenetration, got {type(result).__name__}")
    colour = style.pop("color", style.pop("c", COLOURS[_kind(shapes)]))
    artists = _draw_shapes(ax, result.shapes, {"color": colour, **style})
    artists += _draw_shapes(ax, shapes, {"facecolor": "none", "edgecolor": colour, "linestyle": "--"})
    c0 = _centres(shapes)
    t = np.asarray(result.translation, dtype=float).reshape(-1, 2)
    q = ax.quiver(
        c0[:, 0], c0[:, 1], t[:, 0], t[:, 1], angles="xy", scale_units="xy", scale=1.0, color=COLOURS["normal"]
    )
    artists.append(q)
    return _finish(ax, artists, label)


def plot_paths(
    paths: Union[ArrayLike, Sequence[ArrayLike]],
    ax: Optional[Axes] = None,
    *,
    ends: bool = True,
    label: Optional[str] = None,
    **style: Any,
) -> List[Artist]:
    """Draw recorded paths: a mover's positions, step by step.

    ``paths`` is one path ``(T, 2)``, an array of paths ``(N, T, 2)``, or a
    sequence of ``(T_i, 2)`` arrays of different lengths (a NaN row breaks a
    path, as a ball that drops out of play).  Artists: the paths (one
    ``LineCollection``, one polyline per path) and, with ``ends``, a dot
    where each path ends (one scatter).
    """
    ax = _axes(ax)
    if isinstance(paths, np.ndarray) or (isinstance(paths, (list, tuple)) and paths and np.ndim(paths[0]) == 1):
        arr = np.asarray(paths, dtype=float)
        if arr.ndim == 2:
            arr = arr[None]
        if arr.ndim != 3 or arr.shape[-1] != 2:
            raise ValueError(f"plot_paths: `paths` must have shape (T, 2) or (N, T, 2), got {arr.shape}")
        lines = list(arr)
    else:
        lines = [np.asarray(p, dtype=float) for p in paths]  # type: ignore[union-attr]
        for k, p in enumerate(lines):
            if p.ndim != 2 or p.shape[-1] != 2:
                raise ValueError(f"plot_paths: path {k} must have shape (T, 2), got {p.shape}")
    colour = style.pop("color", style.pop("c", COLOURS["path"]))
    collection = LineCollection(
        lines,
        colors=colour,
        linewidths=style.pop("linewidth", style.pop("lw", 1.2)),
        zorder=style.pop("zorder", 2.5),
        **style,
    )
    artists: List[Artist] = [_add(ax, collection)]
    if ends:
        last = [p[np.isfinite(p).all(axis=1)][-1:] for p in lines]
        tips = np.concatenate(last) if last else np.zeros((0, 2))
        artists.append(_marks(ax, tips, colour, "o", 12, collection.get_zorder() + 0.1))
    return _finish(ax, artists, label)
