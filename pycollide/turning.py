"""Sweeps of shapes that turn as they move: conservative advancement with a
rigorous bound on how fast any point of the shape moves (see
:func:`pycollide.sweep`)."""

from __future__ import annotations

import math
from typing import Any, Callable, Optional, Tuple, Union

import numpy as np
from numpy.typing import ArrayLike

from . import _dispatch as d
from ._native import COSTLY, call, check_rc, double_ptr, ffi, lib, resolve_threads
from .shapes import Boxes, Polygons, Shapes, as_float_array
from .tiles import TileMap
from .world import World

#: the largest turn of one sweep (radians): a full turn
MAX_ROTATION = 2 * math.pi
#: a sweep is hit where the placed shape comes within this fraction of its
#: scale (its reach from the pivot plus the length of its displacement)
TOLERANCE = 2.0**-20
#: steps of conservative advancement before a sweep gives up closing in and
#: reports the last safe time as a hit
MAX_STEPS = 10_000


def rotation_arg(verb: str, rotation: Any) -> np.ndarray:
    """``rotation`` as a float64 array: finite, at most a full turn, or the
    error naming the first bad index."""
    rot = np.array(as_float_array(rotation, verb, "rotation"), dtype=np.float64)
    bad = ~(np.abs(rot) <= MAX_ROTATION)
    if bad.any():
        first = tuple(int(i) for i in np.argwhere(bad)[0]) if rot.ndim else ()
        where = f" at index {first}" if rot.ndim else ""
        what = "finite" if not np.isfinite(rot[first]) else "at most a full turn (2 pi) in magnitude per sweep"
        raise ValueError(f"{verb}: `rotation` must be {what}; got {float(rot[first])!r}{where} (split a larger turn)")
    return rot


def pivot_arg(verb: str, pivot: Any) -> Optional[np.ndarray]:
    return None if pivot is None else d.vectors(verb, "pivot", pivot)


def _core(shapes: Shapes) -> Tuple[np.ndarray, np.ndarray]:
    """Each shape's core vertices (n, k, 2) and radius (n,), of flat shapes."""
    data = shapes._data
    name = type(shapes).name
    if name in ("point", "circle"):
        return data[:, None, :2], (data[:, 2] if name == "circle" else np.zeros(len(data)))
    if name == "box":
        x0, y0, x1, y1 = data.T
        return np.stack([np.stack([x0, y0], -1), np.stack([x1, y0], -1), np.stack([x1, y1], -1),
                         np.stack([x0, y1], -1)], axis=1), np.zeros(len(data))  # fmt: skip
    if name in ("segment", "capsule"):
        return data[:, :4].reshape(-1, 2, 2), (data[:, 4] if name == "capsule" else np.zeros(len(data)))
    return data.reshape(len(data), -1, 2), np.zeros(len(data))


def placement(
    moving: Shapes, displacement: np.ndarray, time: np.ndarray, rotation: np.ndarray, pivot: np.ndarray
) -> Shapes:
    """The moving shapes at ``time`` (all arrays broadcast alike, over the
    shapes' leading shape or beyond): turned by ``rotation * time`` about
    ``pivot`` and moved by ``time * displacement``, every coordinate rounded
    once as :func:`transform` rounds (C ``pc_sweep_place``); boxes become
    4-gons."""
    shape = np.broadcast_shapes(
        moving.shape, displacement.shape[:-1], np.shape(time), np.shape(rotation), pivot.shape[:-1]
    )
    n = int(np.prod(shape, dtype=np.int64))

    def flat(array: Any, tail: Tuple[int, ...]) -> np.ndarray:
        return np.ascontiguousarray(np.broadcast_to(np.asarray(array, dtype=np.float64), shape + tail)).reshape(
            (n,) + tail
        )

    rows = flat(moving._data, (moving.width,))
    cls: Any = Polygons._by_count[4] if isinstance(moving, Boxes) else type(moving)
    out = np.empty((n, cls.width), dtype=np.float64)
    D, T, R, P = flat(displacement, (2,)), flat(time, ()), flat(rotation, ()), flat(pivot, (2,))
    check_rc(
        "sweep_transform",
        lib.pc_sweep_place(
            moving.kind,
            double_ptr(rows),
            double_ptr(D),
            double_ptr(R),
            double_ptr(P),
            double_ptr(T),
            n,
            double_ptr(out),
        ),
    )
    if not np.isfinite(out).all():
        first = int(np.argwhere(~np.isfinite(out).all(axis=-1))[0][0])
        raise ValueError(f"sweep: moving shape {first} would move beyond the range of the doubles")
    out = out.reshape(shape + (cls.width,))
    return cls._trusted(out, float(np.abs(out).max()) if out.size else 0.0)


def sweep_turning(
    verb: str,
    moving: Shapes,
    disp: np.ndarray,
    target: Union[Shapes, TileMap, World],
    rot: np.ndarray,
    piv: Optional[np.ndarray],
    threads: Any,
    sweep: Callable[..., Any],
) -> Tuple[np.ndarray, ...]:
    """(time, normal, point, part, index) of the turning sweeps, over the
    broadcast shape (part and index -1 except against a World); ``sweep``
    is the translation's, for the rows that do not turn."""
    from .contact import contact, distance
    from .mass import mass_properties
    from .overlap import overlaps

    lead = [("moving", moving.shape), ("displacement", disp.shape[:-1]), ("rotation", rot.shape)]
    if piv is not None:
        lead.append(("pivot", piv.shape[:-1]))
    pairwise = isinstance(target, Shapes)
    if isinstance(target, Shapes):
        lead.append(("target", target.shape))
    shape = d.broadcast(verb, lead)
    n = int(np.prod(shape, dtype=np.int64))

    def flat(array: np.ndarray, width: Optional[int]) -> np.ndarray:
        tail = () if width is None else (width,)
        return np.ascontiguousarray(np.broadcast_to(array, shape + tail)).reshape((n,) + tail)

    mov = type(moving)._trusted(flat(moving._data, moving.width), moving._magnitude)
    tgt: Any = target
    if isinstance(target, Shapes):
        tgt = type(target)._trusted(flat(target._data, target.width), target._magnitude)
    D, R = flat(disp, 2), flat(rot, None)
    P = flat(piv, 2) if piv is not None else np.asarray(mass_properties(mov).centroid).reshape(n, 2)
    time = np.ones(n)
    normal = np.full((n, 2), np.nan)
    point = np.full((n, 2), np.nan)
    part = np.full(n, -1, dtype=np.int64)
    index = np.full(n, -1, dtype=np.int64)
    still = R == 0
    if still.any():  # today's sweep, bit for bit
        rows = np.flatnonzero(still)
        s = sweep(mov[rows], D[rows], tgt[rows] if pairwise else tgt, threads=threads)
        time[rows], normal[rows], point[rows] = s.time, s.normal, s.point
        if isinstance(target, World):
            part[rows], index[rows] = s.part, s.index

    def shaped() -> Tuple[np.ndarray, ...]:
        return (time.reshape(shape), normal.reshape(shape + (2,)), point.reshape(shape + (2,)), part.reshape(shape),
                index.reshape(shape))  # fmt: skip

    rows = np.flatnonzero(~still)
    if not len(rows):
        return shaped()
    with np.errstate(over="ignore"):
        far = ~(np.isfinite(P[rows] + D[rows]).all(axis=-1) & np.isfinite(np.hypot(D[rows, 0], D[rows, 1])))
    if far.any():
        first = int(rows[np.flatnonzero(far)[0]])
        raise ValueError(
            f"{verb}: moving shape {np.unravel_index(first, shape) if shape else ()} would move beyond the range of "
            f"the doubles (its pivot plus the displacement {D[first].tolist()} overflows)"
        )
    if not isinstance(target, World):  # one C call: pc_sweep_turning
        res = np.empty((len(rows), 5), dtype=np.float64)
        m = np.ascontiguousarray(mov._data[rows])
        d_, r_, p_ = (np.ascontiguousarray(x[rows]) for x in (D, R, P))
        tgt_rows = np.ascontiguousarray(tgt._data[rows]) if pairwise else np.zeros(0)  # kept alive for the call
        tgt_ptr = double_ptr(tgt_rows) if pairwise else ffi.NULL
        nthreads = resolve_threads(verb, threads, len(rows))
        check_rc(
            verb,
            call(
                len(rows) * COSTLY, lib.pc_sweep_turning, mov.kind, double_ptr(m), double_ptr(d_), double_ptr(r_),
                double_ptr(p_), len(rows), tgt.kind if pairwise else 0,
                tgt_ptr, ffi.NULL if pairwise else tgt._c, double_ptr(res),
                nthreads,
            ),
        )  # fmt: skip
        time[rows], normal[rows], point[rows] = res[:, 0], res[:, 1:3], res[:, 3:5]
        return shaped()
    # how fast any point of a shape can move: |D| + |rotation| * reach, its
    # reach the farthest point of it from the pivot (rounded up)
    verts, radius = _core(mov[rows])
    reach = np.sqrt(((verts - P[rows][:, None, :]) ** 2).sum(axis=-1)).max(axis=-1) + radius
    up = 1.0 + 2.0**-40
    reach = reach * up
    length = np.hypot(D[rows, 0], D[rows, 1]) * up
    speed = (length + np.abs(R[rows]) * reach) * up
    # rounding: of the placement (every coordinate rounded once, the
    # translation's few roundings, cos and sin) and of the distance
    magnitude = np.maximum(np.abs(verts).max(axis=(1, 2)) + radius, np.abs(P[rows]).max(axis=-1)) + reach + length
    slack = 2.0**-44 * magnitude
    tol = TOLERANCE * (reach + length) + 4 * slack
    t = np.zeros(len(rows))
    safe = np.zeros(len(rows))  # the last time known apart by more than tol
    done = np.zeros(len(rows), dtype=bool)
    hit = np.zeros(len(rows), dtype=bool)
    live = np.arange(len(rows))
    for _ in range(MAX_STEPS):
        if not len(live):
            break
        g = rows[live]
        placed = placement(mov[g], D[g], t[live], R[g], P[g])
        gap = distance(placed, tgt[g] if pairwise else tgt, threads=threads)
        close = gap <= tol[live]
        hit[live[close]] = True
        done[live[close]] = True
        at_end = t[live] >= 1.0
        done[live[at_end]] = True  # the end reached apart: no hit
        going = ~close & ~at_end
        safe[live[going]] = t[live[going]]
        with np.errstate(divide="ignore"):  # a shape that does not move: speed 0, a step of inf
            step = (gap[going] - slack[live[going]]) / speed[live[going]]
        nxt = t[live[going]] + step
        t[live[going]] = np.minimum(nxt, 1.0)
        live = live[going]
    else:  # still closing in: the last safe time, conservatively a hit
        hit[live] = True
    found = np.flatnonzero(hit)
    if len(found):
        g = rows[found]
        placed = placement(mov[g], D[g], t[found], R[g], P[g])
        other = tgt[g] if pairwise else tgt
        inside = np.asarray(overlaps(placed, other, touching=False)) & (t[found] > 0)
        if inside.any():  # never: the steps keep a margin of the rounding; should it, the last safe time
            t[found[inside]] = safe[found[inside]]
            placed = placement(mov[g], D[g], t[found], R[g], P[g])
        c = contact(placed, other, threads=threads)
        time[g] = t[found]
        normal[g] = 0.0 - np.asarray(c.normal)  # back at the moving shape (+0.0, never -0.0)
        point[g] = c.point_b
        buried = ~np.isfinite(normal[g, 0])  # no way out of the solid (a tile map's): against the motion
        if buried.any():
            b = g[buried]
            back = 0.0 - D[b]
            size = np.hypot(back[:, 0], back[:, 1])
            normal[b] = np.where((size > 0)[:, None], back / np.where(size > 0, size, 1.0)[:, None], [0.0, 1.0])
            point[b] = P[b] + t[found[buried], None] * D[b]  # where the pivot is
        if isinstance(target, World):
            part[g], index[g] = c.part, c.index
    return shaped()


def sweep_transform(
    moving: Shapes,
    displacement: ArrayLike,
    time: ArrayLike,
    *,
    rotation: ArrayLike = 0.0,
    pivot: Optional[ArrayLike] = None,
) -> Shapes:
    """The moving shapes of a :func:`sweep` placed at ``time`` (in [0, 1]):
    turned by ``rotation * time`` radians about ``pivot`` (default: each
    shape's centroid, :func:`mass_properties`) and moved by ``time *
    displacement``, through :func:`transform` with ``angle = rotation *
    time`` and ``translation = time * displacement + (pivot - turn(pivot))``
    as numpy rounds them (``time * displacement`` exactly where the angle is
    0, so a sweep without rotation places shapes as it always has).  Box2D
    calls this ``b2GetSweepTransform``.  Boxes that end at other than a
    quarter turn become 4-gons, as with :func:`transform`.

    >>> import pycollide as pc
    >>> half = pc.sweep_transform(pc.Boxes([0, 0, 2, 1]), [4.0, 0.0], 0.5, rotation=np.pi)
    >>> np.asarray(half).tolist()     # half way, and a quarter turn about its centre (exactly)
    [[3.5, -0.5], [3.5, 1.5], [2.5, 1.5], [2.5, -0.5]]
    """
    verb = "sweep_transform"
    moving = d.shapes_arg(verb, "moving", moving)
    disp = d.vectors(verb, "displacement", displacement)
    t = np.array(as_float_array(time, verb, "time"), dtype=np.float64)
    if not ((t >= 0) & (t <= 1)).all():
        first = tuple(int(i) for i in np.argwhere(~((t >= 0) & (t <= 1)))[0]) if t.ndim else ()
        raise ValueError(
            f"{verb}: `time` must be in [0, 1]; got {float(t[first])!r}" + (f" at index {first}" if t.ndim else "")
        )
    rot = rotation_arg(verb, rotation)
    piv = pivot_arg(verb, pivot)
    if piv is None:
        from .mass import mass_properties

        piv = np.asarray(mass_properties(moving).centroid)
    d.broadcast(verb, [("moving", moving.shape), ("displacement", disp.shape[:-1]), ("time", t.shape),
                       ("rotation", rot.shape), ("pivot", piv.shape[:-1])])  # fmt: skip
    if not np.any(rot):  # no turn: today's placement (boxes stay boxes)
        from .transform import transform

        return transform(moving, translation=t[..., None] * disp)
    return placement(moving, disp, t, rot, piv)
