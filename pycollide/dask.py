"""pycollide on dask: the same exact queries over dask arrays, out of core and across workers.

An optional extra (``pip install "pycollide[dask]"``).  The lazy shape types
mirror the numpy ones: ``pycollide.dask.Circles(darr)`` wraps a dask array of
the layout ``(..., 3)``, chunked along its leading axes; the trailing
(coordinate) axis is kept whole, in one chunk.  Nothing is read or checked
when a lazy shape is built, except the dtype and the layout: every block is
validated inside the task that uses it, by the numpy type's own validation,
so a bad value raises its ``ValueError`` when the result is computed (naming
the shape by its index in the whole array, as the numpy type would).

The verbs return dask arrays and run blockwise: :func:`overlaps`,
:func:`contains`, :func:`contact` and :func:`distance` broadcast the leading
axes exactly as the numpy verbs do, each task calling the numpy verb on one
block of each side, so no data moves except what broadcasting needs.  A
numpy shape array, a :class:`~pycollide.TileMap` or a :class:`~pycollide.World`
may stand on either side; tile maps and worlds travel to the workers pickled.

:func:`pairs` finds every overlapping pair of one or two large collections,
partitioned spatially (see its docstring).  Every answer is the numpy verb's
answer, so every yes/no is exact.

Inside a task the C core runs on one thread (``threads=1`` by default): dask
schedules the tasks on its own threads or worker processes, and the C calls
release the GIL, so the threaded scheduler runs them in parallel.
"""

from __future__ import annotations

import math
import operator
from typing import Any, ClassVar, Dict, List, Optional, Tuple, Type, Union

import numpy as np

try:
    import dask
    import dask.array as da
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError('pycollide.dask needs dask: pip install "pycollide[dask]"') from exc

from . import _dispatch as d
from ._native import check_rc, double_ptr, ffi, lib
from .contact import Contact, WorldContact
from .contact import distance as _np_distance
from .index import Index, Nearest
from .overlap import contains as _np_contains
from .overlap import overlaps as _np_overlaps
from .pairs import nearest as _np_nearest
from .pairs import pairs as _np_pairs
from .raycast import RayHit, ShapeHit, WorldHit
from .raycast import raycast as _np_raycast
from .shapes import KINDS, block_of, kind_names
from .shapes import Polygons as _PolygonsNumpy
from .shapes import Shapes as _NumpyShapes
from .tiles import TileMap
from .world import World

__all__ = [
    "Shapes",
    "Points",
    "Circles",
    "Boxes",
    "Segments",
    "Triangles",
    "Capsules",
    "Polygons",
    "overlaps",
    "contains",
    "contact",
    "distance",
    "pairs",
    "nearest",
    "raycast",
    "query",
    "query_nearest",
]


# ---- lazy shape types ---------------------------------------------------------------


class Shapes:
    """Base of the lazy shape types: a dask array of one kind's layout.

    Build a concrete type, ``Circles(darr)``, ``Boxes(darr)``, ... from a dask
    array (or from anything numpy takes, or a numpy shape array, with
    ``chunks=``, the leading axes' chunks as ``dask.array.from_array`` takes
    them).  Polygons take ``(..., K, 2)`` or their flat layout ``(..., 2K)``.
    """

    __slots__ = ("_raw",)
    _raw: Any
    #: the numpy shape type this lazy type mirrors (pycollide.Circles, ...)
    numpy_type: ClassVar[Type[_NumpyShapes]]

    def __init__(self, data: Union[da.Array, np.ndarray, _NumpyShapes, "Shapes"], /, *, chunks: Any = "auto") -> None:
        name = type(self).__name__
        if "numpy_type" not in type(self).__dict__ and type(self) is not Polygons:
            raise TypeError(f"pycollide.dask.Shapes is the abstract base; build {kind_names()}")
        if isinstance(data, Shapes):
            if type(data) is not type(self) and not (isinstance(self, Polygons) and isinstance(data, Polygons)):
                raise TypeError(f"pycollide.dask.{name}: got lazy {type(data).__name__}")
            self._raw = data._raw
            return
        raw: Any = data  # a dask array once checked
        if isinstance(data, _NumpyShapes):
            if not isinstance(data, self.numpy_type_of(data)):
                raise TypeError(f"pycollide.dask.{name}: got numpy {type(data).__name__}")
            raw = np.asarray(data._data)
        if not isinstance(raw, da.Array):
            data = raw = np.asarray(raw)
            if data.dtype == object:
                raise TypeError(f"pycollide.dask.{name}: `data` must be an array of real numbers")
            lead = data.ndim - (2 if isinstance(self, Polygons) and data.ndim >= 2 and data.shape[-1] == 2 else 1)
            if isinstance(chunks, (int, str)):
                chunks = (chunks,) * max(lead, 0) + (-1,) * (data.ndim - max(lead, 0))
            raw = da.from_array(raw, chunks=chunks)
        if raw.dtype == bool or not (np.issubdtype(raw.dtype, np.integer) or np.issubdtype(raw.dtype, np.floating)):
            raise TypeError(f"pycollide.dask.{name}: `data` must hold real numbers, got dtype {raw.dtype}")
        self._raw = self._layout(raw)

    @classmethod
    def numpy_type_of(cls, data: Any) -> Type[_NumpyShapes]:
        return cls.numpy_type

    @classmethod
    def _layout(cls, arr: Any) -> Any:
        width = cls.numpy_type.width
        if arr.ndim == 0 or arr.shape[-1] != width:
            raise ValueError(
                f"pycollide.dask.{cls.__name__}: `data` must have shape (..., {width}) with columns "
                f"({', '.join(cls.numpy_type.columns)}); got shape {arr.shape}"
            )
        return _whole_trailing(arr.astype(np.float64), 1)

    @classmethod
    def _wrap(cls, raw: Any) -> "Shapes":
        self = cls.__new__(cls)
        self._raw = raw
        return self

    # -- array behaviour ------------------------------------------------------
    @property
    def kind_name(self) -> str:
        return self.numpy_type.name

    @property
    def shape(self) -> Tuple[float, ...]:
        """The leading shape (``nan`` where dask does not know a chunk's size)."""
        return tuple(self._raw.shape[:-1])

    @property
    def ndim(self) -> int:
        return self._raw.ndim - 1

    @property
    def chunks(self) -> Tuple[Tuple[float, ...], ...]:
        """The chunks of the leading axes."""
        return self._raw.chunks[:-1]

    @property
    def numblocks(self) -> Tuple[int, ...]:
        return self._raw.numblocks[:-1]

    def __len__(self) -> int:
        if self.ndim == 0:
            raise TypeError(f"len() of a single {self.kind_name} (shape ())")
        return int(self._raw.shape[0])

    def __getitem__(self, key: Any) -> "Shapes":
        if not isinstance(key, tuple):
            key = (key,)
        if any(k is Ellipsis for k in key):
            raise IndexError(f"pycollide.dask.{type(self).__name__}: index the leading axes without `...`")
        return type(self)._wrap(self._raw[key + (slice(None),)])

    def rechunk(self, chunks: Union[int, str, Tuple[Any, ...]]) -> "Shapes":
        """The same shapes with the leading axes rechunked (the trailing axis stays whole)."""
        if not isinstance(chunks, (tuple, dict)):
            chunks = (chunks,) * self.ndim
        if isinstance(chunks, tuple):
            chunks = chunks + (-1,)
        return type(self)._wrap(self._raw.rechunk(chunks))

    @property
    def data(self) -> Any:
        """The layout as a dask array, each block validated when it is computed."""
        return self._raw.map_blocks(
            _validate_block, kind=self.kind_name, dtype=np.float64, meta=np.empty((0,) * self._raw.ndim)
        )

    def bounds(self) -> da.Array:
        """The closed bounding boxes as a dask array of layout ``(..., 4)`` (see
        :meth:`pycollide.Shapes.bounds`)."""
        return self._raw.map_blocks(
            _bounds_block, kind=self.kind_name, dtype=np.float64, chunks=self._raw.chunks[:-1] + ((4,),)
        )

    def compute(self, **kwargs: Any) -> _NumpyShapes:
        """The numpy shape array (validated), computed with ``dask.compute``'s options."""
        (arr,) = dask.compute(self._raw, **kwargs)
        return _numpy_shapes(self.kind_name, arr)

    def persist(self, **kwargs: Any) -> "Shapes":
        """The same shapes, their blocks computed and kept (``dask.persist``)."""
        (raw,) = dask.persist(self._raw, **kwargs)
        return type(self)._wrap(raw)

    def __repr__(self) -> str:
        return f"pycollide.dask.{type(self).__name__}<{self.kind_name}, shape={self.shape}, chunks={self.chunks}>"

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self)._wrap, (self._raw,))


def _whole_trailing(arr: Any, trailing: int) -> Any:
    """``arr`` with its trailing axes in one chunk each (the leading chunks kept)."""
    if all(len(c) == 1 for c in arr.chunks[arr.ndim - trailing :]):
        return arr
    return arr.rechunk({axis: -1 for axis in range(arr.ndim - trailing, arr.ndim)})


def _lazy_type(numpy_type: Type[_NumpyShapes], doc: str) -> Type[Shapes]:
    name = numpy_type.__name__
    cls = type(
        name,
        (Shapes,),
        {
            "__slots__": (),
            "numpy_type": numpy_type,
            "__module__": __name__,
            "__doc__": f"Lazy {name} over a dask array of layout (..., {numpy_type.width}): "
            f"{doc}.  See :class:`pycollide.dask.Shapes`.",
        },
    )
    return cls


from .shapes import Boxes as _B  # noqa: E402  (after _lazy_type, which they feed)
from .shapes import Capsules as _Ca  # noqa: E402
from .shapes import Circles as _C  # noqa: E402
from .shapes import Points as _P  # noqa: E402
from .shapes import Segments as _S  # noqa: E402
from .shapes import Triangles as _T  # noqa: E402

Points = _lazy_type(_P, "x, y")
Circles = _lazy_type(_C, "x, y, r")
Boxes = _lazy_type(_B, "xmin, ymin, xmax, ymax")
Segments = _lazy_type(_S, "x0, y0, x1, y1")
Triangles = _lazy_type(_T, "x0, y0, x1, y1, x2, y2")
Capsules = _lazy_type(_Ca, "x0, y0, x1, y1, r")


class Polygons(Shapes):
    """Lazy convex polygons of K vertices (3 <= K <= 8) over a dask array of
    shape ``(..., K, 2)`` or ``(..., 2K)``, chunked on the leading axes (see
    :class:`pycollide.Polygons`).  The K is read from the array."""

    __slots__ = ("_k",)
    _k: int

    def __init__(self, data: Any, /, *, chunks: Any = "auto") -> None:
        if isinstance(data, Polygons):
            self._k = data._k
        elif isinstance(data, _PolygonsNumpy):
            self._k = data.vertex_count
        else:
            shape = getattr(data, "shape", None)
            if shape is None:
                shape = np.shape(data)
            if len(shape) >= 2 and shape[-1] == 2 and 3 <= shape[-2] <= 8:
                self._k = int(shape[-2])
            elif len(shape) >= 1 and shape[-1] in range(6, 17, 2):  # the flat layout
                self._k = int(shape[-1]) // 2
            else:
                raise ValueError(
                    f"pycollide.dask.Polygons: `data` must have shape (..., K, 2) or (..., 2K), "
                    f"3 <= K <= 8; got shape {tuple(shape)}"
                )
        super().__init__(data, chunks=chunks)

    @property
    def numpy_type(self) -> Type[_NumpyShapes]:  # type: ignore[override]
        return _PolygonsNumpy._by_count[self._k]

    def numpy_type_of(self, data: Any) -> Type[_NumpyShapes]:  # type: ignore[override]
        return _PolygonsNumpy

    def _layout(self, arr: Any) -> Any:  # type: ignore[override]
        k = self._k
        if arr.ndim >= 2 and arr.shape[-2:] == (k, 2):
            arr = _whole_trailing(arr.astype(np.float64), 2)
            arr = arr.reshape(arr.shape[:-2] + (2 * k,))
        return _whole_trailing(arr.astype(np.float64), 1)

    @classmethod
    def _wrap(cls, raw: Any) -> "Shapes":
        self = cls.__new__(cls)
        self._raw = raw
        self._k = raw.shape[-1] // 2
        return self

    @property
    def vertex_count(self) -> int:
        return self._k


_LAZY: Dict[str, Type[Shapes]] = {c.numpy_type.name: c for c in (Points, Circles, Boxes, Segments, Triangles, Capsules)}


def _lazy_of(s: _NumpyShapes) -> Type[Shapes]:
    if isinstance(s, _PolygonsNumpy):
        return Polygons
    if s.name not in _LAZY:  # a kind without its lazy type below
        raise TypeError(f"pycollide.dask has no lazy type for {type(s).__name__}")
    return _LAZY[s.name]


# ---- inside the tasks ----------------------------------------------------------------


def _numpy_shapes(kind: str, block: np.ndarray, start: Any = None) -> _NumpyShapes:
    """The numpy shape array of one block, validated (in place: no copy when
    the block is contiguous).  ``start``, the block's first index in the whole
    array where the task knows it: a validation error then names the bad
    shape by its index in the whole array."""
    if start is None:
        return KINDS[kind](block, copy=False)
    return block_of(KINDS[kind], block, tuple(start))


def _block_start(block_info: Any) -> Any:
    """The first index of a map_blocks block in the whole array (its leading axes)."""
    return None if not block_info else tuple(lo for lo, _ in block_info[0]["array-location"][:-1])


def _validate_block(block: np.ndarray, kind: str, block_info: Any = None) -> np.ndarray:
    return np.asarray(_numpy_shapes(kind, block, _block_start(block_info))._data)


def _bounds_block(block: np.ndarray, kind: str, block_info: Any = None) -> np.ndarray:
    return _numpy_shapes(kind, block, _block_start(block_info)).bounds()


def _operand(value: Any, kind: Optional[str], positions: Any) -> Any:
    """A side of a blockwise task: passed through, or a block of lazy shapes
    made numpy shapes; ``positions`` holds, for each leading axis, the block's
    slice of that axis' indices (its first is where the block starts), or is
    None where they are unknown."""
    if kind is None:
        return value
    start = None if positions is None else tuple(int(p[0]) if len(p) else 0 for p in positions)
    return _numpy_shapes(kind, value, start)


def _verb_block(
    a: Any,
    b: Any,
    *positions: Any,
    verb: str,
    kinds: Tuple[Optional[str], Optional[str]],
    axes: Tuple[int, int],
    touching: bool,
    threads: int,
) -> np.ndarray:
    where_a = positions[: axes[0]] if axes[0] >= 0 else None
    where_b = positions[max(axes[0], 0) :][: axes[1]] if axes[1] >= 0 else None
    x, y = _operand(a, kinds[0], where_a), _operand(b, kinds[1], where_b)
    if verb == "overlaps":
        return _np_overlaps(x, y, touching=touching, threads=threads)
    if verb == "contains":
        return _np_contains(x, y, touching=touching, threads=threads)
    if verb == "distance":
        return _np_distance(x, y, threads=threads)
    return np.asarray(d.contact_any("contact", x, y, threads))


# ---- the blockwise verbs ------------------------------------------------------------

_Operand = Union[Shapes, TileMap, World]
#: what a blockwise verb takes on either side: lazy shapes, numpy shapes, a tile map or a world
Side = Union[Shapes, _NumpyShapes, TileMap, World]
#: what contains takes as points: lazy or numpy Points, or a dask or numpy array of layout (..., 2)
PointsLike = Union[Shapes, _NumpyShapes, "da.Array", np.ndarray]


def _as_lazy(verb: str, name: str, value: Any, points: bool = False) -> _Operand:
    if points and isinstance(value, (Shapes, TileMap, World)) and not isinstance(value, Points):
        raise TypeError(f"{verb}: `{name}` must be points, got {type(value).__name__}")
    if points and isinstance(value, _NumpyShapes):
        value = d.points_arg(verb, name, value)
    if isinstance(value, (Shapes, TileMap, World)):
        return value
    if isinstance(value, _NumpyShapes):
        if not value.solid:
            raise TypeError(f"{verb}: `{name}` must be a shape array, got {type(value).__name__}")
        return _lazy_of(value)(value, chunks=-1)
    if points and isinstance(value, da.Array):
        return Points(value)
    if points:
        return Points(d.points_arg(verb, name, value), chunks=-1)
    raise TypeError(
        f"{verb}: `{name}` must be a lazy shape array (pycollide.dask.Circles, ...), a numpy shape "
        f"array, a TileMap or a World; got {type(value).__name__}"
    )


def _blockwise(
    verb: str,
    names: Tuple[str, str],
    a: _Operand,
    b: _Operand,
    extra: int,
    dtype: Any,
    touching: bool = True,
    threads: int = 1,
) -> Any:
    lazy = [s for s in (a, b) if isinstance(s, Shapes)]
    if not lazy:
        raise TypeError(f"{verb}: one side must be a lazy shape array (pycollide.dask.Circles, ...)")
    shapes = [s.shape for s in lazy]
    if not any(math.isnan(n) for s in shapes for n in s):
        d.broadcast(verb, [(n, tuple(int(k) for k in s.shape)) for n, s in zip(names, (a, b)) if isinstance(s, Shapes)])
    ndim = max(s.ndim for s in lazy)
    out_ind = tuple(f"i{k}" for k in range(ndim))
    args: List[Any] = []
    for side, s in zip("ab", (a, b)):
        if isinstance(s, Shapes):
            args += [s._raw, out_ind[ndim - s.ndim :] + (f"t{side}",)]
        else:
            args += [s, None]
    kinds = tuple(s.kind_name if isinstance(s, Shapes) else None for s in (a, b))
    # each lazy side's indices along its leading axes, chunked as it is: a task
    # reads where its blocks start, so that an error names the whole array's index
    axes = []
    for s in (a, b):
        if isinstance(s, Shapes) and not any(math.isnan(n) for c in s.chunks for n in c):
            axes.append(s.ndim)
            for k in range(s.ndim):
                args += [da.arange(int(s._raw.shape[k]), chunks=(s.chunks[k],)), (out_ind[ndim - s.ndim + k],)]
        else:
            axes.append(-1)
    new_axes = {f"o{k}": n for k, n in enumerate((extra,) if extra else ())}
    return da.blockwise(
        _verb_block,
        out_ind + tuple(new_axes),
        *args,
        new_axes=new_axes,
        concatenate=True,
        dtype=dtype,
        meta=np.empty((0,) * (ndim + len(new_axes)), dtype=dtype),
        kinds=kinds,
        axes=tuple(axes),
        touching=touching,
        threads=threads,
        verb=verb.rsplit(".", 1)[-1],
    )


def _threads(verb: str, threads: Any) -> int:
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 1:
        raise ValueError(f"{verb}: `threads` must be a positive integer, got {threads!r}")
    return int(threads)


def overlaps(a: Side, b: Side, *, touching: bool = True, threads: int = 1) -> da.Array:
    """Whether ``a`` and ``b`` overlap, as a lazy bool dask array of the
    broadcast shape: :func:`pycollide.overlaps` on each pair of blocks.

    ``a`` and ``b`` are lazy shape arrays, or one of them a numpy shape array,
    a TileMap or a World.  ``threads`` is the C core's threads per task.

    >>> import dask.array as da, numpy as np, pycollide as pc, pycollide.dask as pcd
    >>> balls = pcd.Circles(da.from_array(np.array([[0, 0, 1], [5, 0, 1], [9, 0, 1]]), chunks=(2, 3)))
    >>> pcd.overlaps(balls, pc.Boxes([1, -1, 4, 1])).compute()
    array([ True,  True, False])
    """
    verb = "pycollide.dask.overlaps"
    d.mode(verb, touching)
    return _blockwise(
        verb,
        ("a", "b"),
        _as_lazy(verb, "a", a),
        _as_lazy(verb, "b", b),
        0,
        bool,
        touching=bool(touching),
        threads=_threads(verb, threads),
    )


def contains(shape: Side, points: PointsLike, *, touching: bool = True, threads: int = 1) -> da.Array:
    """Whether each point lies in ``shape`` (lazy bool dask array), as
    :func:`pycollide.contains`: ``points`` is lazy Points, a dask or numpy array
    of layout ``(..., 2)``; ``shape`` lazy shapes, numpy shapes, a TileMap or a World."""
    verb = "pycollide.dask.contains"
    d.mode(verb, touching)
    return _blockwise(
        verb,
        ("shape", "points"),
        _as_lazy(verb, "shape", shape),
        _as_lazy(verb, "points", points, points=True),
        0,
        bool,
        touching=bool(touching),
        threads=_threads(verb, threads),
    )


def contact(a: Side, b: Side, *, threads: int = 1) -> Union[Contact, WorldContact]:
    """:func:`pycollide.contact` blockwise: a :class:`~pycollide.Contact` (or
    :class:`~pycollide.WorldContact` against a World) whose fields are lazy dask
    arrays, all slices of one computation per block."""
    verb = "pycollide.dask.contact"
    world = isinstance(a, World) or isinstance(b, World)
    packed = _blockwise(
        verb,
        ("a", "b"),
        _as_lazy(verb, "a", a),
        _as_lazy(verb, "b", b),
        9 if world else 7,
        np.float64,
        threads=_threads(verb, threads),
    )
    return WorldContact._of(packed) if world else Contact._of(packed)


def distance(a: Side, b: Side, *, threads: int = 1) -> da.Array:
    """:func:`pycollide.distance` blockwise, as a lazy float64 dask array."""
    verb = "pycollide.dask.distance"
    return _blockwise(
        verb, ("a", "b"), _as_lazy(verb, "a", a), _as_lazy(verb, "b", b), 0, np.float64, threads=_threads(verb, threads)
    )


# ---- pairs: a spatial join over a grid of balanced cells ------------------------------------

_SAMPLE = 1 << 16  # at most this many sampled shapes choose the cells' cuts
_PARTITION_SHAPES = 2_000_000  # the default partition's greatest size
_SMALLEST_PARTITION = 1 << 16  # and least, where the input is small
_SLACK = 2.0**-20  # the conservative boxes' margin relative to the magnitudes: far above any rounding
_TINY = 2.0**-1000  # and absolute, for magnitudes near zero


def _centres(bounds: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    return bounds[:, 0] * 0.5 + bounds[:, 2] * 0.5, bounds[:, 1] * 0.5 + bounds[:, 3] * 0.5


def survey_block(block: np.ndarray, kind: str, m: int, offset: int) -> Tuple[np.ndarray, ...]:
    """Pass 1 of pairs: the box around the block's centres, the greatest half
    width and half height of its shapes' boxes, and the centres of ``m``
    evenly spaced shapes.  Points and circles give their centres and radii
    directly; the other kinds are bounded."""
    shapes = _numpy_shapes(kind, block, (offset,))
    n = len(shapes)
    if not n:
        return np.full(2, np.inf), np.full(2, -np.inf), np.zeros(2), np.empty((0, 2))
    rows = np.asarray(shapes._data).reshape(n, -1)
    with np.errstate(all="ignore"):
        pick = np.unique(np.linspace(0, n - 1, max(1, min(m, n))).astype(np.int64))
        if kind in ("point", "circle"):  # centres and radii as they are
            x, y = rows[:, 0], rows[:, 1]
            r = float(rows[:, 2].max()) if kind == "circle" else 0.0
            return np.array([x.min(), y.min()]), np.array([x.max(), y.max()]), np.array([r, r]), rows[pick, :2]
        bounds = shapes.bounds().reshape(-1, 4)
        x, y = _centres(bounds)
        half = np.array([((bounds[:, 2] - bounds[:, 0]) * 0.5).max(), ((bounds[:, 3] - bounds[:, 1]) * 0.5).max()])
    return np.array([x.min(), y.min()]), np.array([x.max(), y.max()]), half, np.stack([x[pick], y[pick]], axis=1)


class _Grid:
    """The partition of the plane into ``count`` cells: columns cut at the
    sample's x quantiles, each column cut into rows at its y quantiles, so
    that each cell holds about as many shapes (C: ``pc_grid_group``).  The
    cells tile the plane; ``cells`` are their rectangles (infinite at the
    edges), ``rects`` the same clipped to the box around every centre."""

    __slots__ = ("xcuts", "first", "ycuts", "cells", "rects")

    def __init__(self, sample: np.ndarray, count: int, lo: np.ndarray, hi: np.ndarray):
        with np.errstate(all="ignore"):
            span = np.where(np.isfinite(hi - lo), hi - lo, 0.0)
            if span[0] > 0 and span[1] > 0:  # about square cells
                ratio = min(float(count) * count, count * span[0] / span[1])  # overflow: a column a cell
                cols = int(min(count, max(1, round(math.sqrt(ratio)))))
            else:
                cols = count if span[0] > 0 else 1
        sample = sample[np.isfinite(sample).all(axis=1)]  # a centre beyond the doubles cuts nothing
        per = [count // cols + (c < count % cols) for c in range(cols)]
        self.first = np.concatenate([[0], np.cumsum(per)]).astype(np.int64)
        xs = np.sort(sample[:, 0])
        fallback = [float(v) if np.isfinite(v) else 0.0 for v in lo]
        if len(xs):
            self.xcuts = xs[(self.first[1:-1] * len(xs)) // count].astype(np.float64)
        else:
            self.xcuts = np.full(cols - 1, fallback[0])
        column = np.searchsorted(self.xcuts, sample[:, 0], side="right")  # as the C: cuts at most x
        ycuts = []
        for c, r in enumerate(per):
            ys = np.sort(sample[column == c, 1])
            ycuts.append(ys[(np.arange(1, r) * len(ys)) // r] if len(ys) else np.full(r - 1, fallback[1]))
        self.ycuts = np.concatenate(ycuts).astype(np.float64) if ycuts else np.empty(0)
        cells = np.empty((count, 4))
        xe = np.concatenate([[-np.inf], self.xcuts, [np.inf]])
        for c in range(cols):
            ye = np.concatenate([[-np.inf], self.ycuts[self.first[c] - c : self.first[c + 1] - c - 1], [np.inf]])
            at = slice(self.first[c], self.first[c + 1])
            cells[at, 0], cells[at, 2] = xe[c], xe[c + 1]
            cells[at, 1], cells[at, 3] = ye[:-1], ye[1:]
        self.cells = cells
        self.rects = np.concatenate([np.maximum(cells[:, :2], lo), np.minimum(cells[:, 2:], hi)], axis=1)

    def group(
        self, shapes: _NumpyShapes, edges: Optional[np.ndarray], gap: float
    ) -> Tuple[np.ndarray, np.ndarray, Optional[np.ndarray]]:
        """The order grouping the shapes by cell, where each cell starts, and
        (with ``edges``) which shapes come within ``gap`` of their cell's edges."""
        data = np.ascontiguousarray(shapes._data, dtype=np.float64)
        n = len(shapes)
        cell = np.empty(n, dtype=np.int32)
        order = np.empty(n, dtype=np.int64)
        starts = np.empty(len(self.cells) + 1, dtype=np.int64)
        near = None if edges is None else np.empty(n, dtype=np.uint8)
        i64 = lambda a: ffi.cast("int64_t *", ffi.from_buffer(a))  # noqa: E731
        check_rc(
            "pairs",
            lib.pc_grid_group(
                shapes.kind,
                double_ptr(data),
                n,
                double_ptr(self.xcuts),
                len(self.first) - 1,
                i64(self.first),
                double_ptr(self.ycuts),
                ffi.NULL if edges is None else double_ptr(edges),
                gap,
                ffi.cast("int32_t *", ffi.from_buffer(cell)),
                i64(order),
                i64(starts),
                ffi.NULL if near is None else ffi.cast("uint8_t *", ffi.from_buffer(near)),
            ),
        )
        return order, starts, near


def _reach(half: np.ndarray, magnitude: float) -> float:
    """How far beyond its cell a shape's box may reach: the greatest half
    extent, grown far beyond the rounding of the centres and extents
    (infinite where those are not finite; and where a box passes the
    greatest double, r + magnitude overflows too)."""
    r = float(np.max(half))
    if not (math.isfinite(r) and math.isfinite(magnitude)):
        return math.inf
    return r * (1 + _SLACK) + (r + magnitude) * _SLACK + _TINY


class _Plan:
    """What a block's split cuts out for one side: its cell pieces, and the
    strips of cells facing another cell's conservative box (a cell of the
    same collection, or of the other one): ``strips`` maps a cell to the
    boxes it faces, in the order the split cuts them."""

    __slots__ = ("grid", "edges", "strips", "gap")

    def __init__(self, grid: _Grid, reach_other: float, strips: Dict[int, List[np.ndarray]], gap: float):
        self.grid, self.strips, self.gap = grid, strips, gap
        # a conservative box of another cell reaches at most this far into a cell, past each edge (left, bottom,
        # right, top): only a shape within the gap of these can meet one; a cell facing none flags nothing
        with np.errstate(all="ignore"):
            c = grid.cells
            edges = np.concatenate([c[:, :2] + reach_other, c[:, 2:] - reach_other], axis=1)
        edges[:, :2][np.isnan(edges[:, :2])] = np.inf  # -inf + inf: an unbounded reach, every shape near
        edges[:, 2:][np.isnan(edges[:, 2:])] = -np.inf
        facing = np.zeros(len(c), dtype=bool)
        facing[list(strips)] = True
        edges[~facing] = [-np.inf, -np.inf, np.inf, np.inf]
        self.edges = edges


def split_block(block: np.ndarray, kind: str, plan: _Plan, offset: int) -> List[Tuple[np.ndarray, np.ndarray]]:
    """Pass 2 of pairs, the only other pass over the input: the block
    validated, grouped by cell, and cut into pieces of (rows, global
    indices), each an array of its own (so that a worker spilling or freeing
    one piece frees its memory): one piece a cell, then the strips the plan
    asks for, in its order.  The joins trust these rows."""
    shapes = _numpy_shapes(kind, block, (offset,))
    data = np.asarray(shapes._data).reshape(len(shapes), shapes.width)
    order, starts, near = plan.grid.group(shapes, plan.edges if plan.strips else None, plan.gap)
    out = []
    for p in range(len(starts) - 1):
        rows = order[starts[p] : starts[p + 1]]
        out.append((np.take(data, rows, axis=0), rows + offset))
    for p, targets in plan.strips.items():
        rows = order[starts[p] : starts[p + 1]]
        assert near is not None
        rows = rows[near[rows].view(bool)]  # the shapes that may meet a box beyond the cell: their boxes
        bounds = KINDS[kind]._trusted(np.take(data, rows, axis=0), shapes._magnitude).bounds().reshape(-1, 4)
        for box in targets:
            found = rows[_bounds_meet(box, bounds, plan.gap)]
            out.append((np.take(data, found, axis=0), found + offset))
    return out


def _stacked(pieces: List[Tuple[np.ndarray, np.ndarray]]) -> Tuple[np.ndarray, np.ndarray]:
    """Pieces from every block, as one set of rows and global indices (ascending, as the blocks)."""
    if len(pieces) == 1:
        return pieces[0]
    return np.concatenate([p[0] for p in pieces]), np.concatenate([p[1] for p in pieces])


def _trusted(kind: str, rows: np.ndarray) -> _NumpyShapes:
    """Rows validated when their block was split: no second validation."""
    data = np.ascontiguousarray(rows, dtype=np.float64)
    data.flags.writeable = False
    return KINDS[kind]._trusted(data, float(np.abs(data).max(initial=0.0)))


_NO_PAIRS = np.empty((2, 0), np.int64)


def join_cell(
    kind: str, touching: bool, within: Optional[float], pieces: List[Tuple[np.ndarray, np.ndarray]]
) -> np.ndarray:
    """The pairs within one cell of one collection, in global indices (i < j:
    the rows are in ascending global order, and pairs within one collection
    come as i < j)."""
    rows, index = _stacked(pieces)
    if len(rows) < 2:
        return _NO_PAIRS
    local = _np_pairs(_trusted(kind, rows), distance=within, touching=touching, threads=1)
    return np.stack([index[local[0]], index[local[1]]])


def join_across(
    kinds: Tuple[str, str],
    touching: bool,
    within: Optional[float],
    orient: bool,
    left: List[Tuple[np.ndarray, np.ndarray]],
    right: List[Tuple[np.ndarray, np.ndarray]],
) -> np.ndarray:
    """The pairs between the shapes of two sets of pieces (two strips facing
    each other, or one cell of each collection), in global indices; (i, j)
    with i < j when ``orient`` (within one collection).  Two sets of one
    kind go through the one-collection grid together, their cross pairs kept
    (the grid is faster than the two-collection tree)."""
    (rows_a, ia), (rows_b, ib) = _stacked(left), _stacked(right)
    if not len(rows_a) or not len(rows_b):
        return _NO_PAIRS
    if kinds[0] == kinds[1] and rows_a.shape[1:] == rows_b.shape[1:]:
        both = _trusted(kinds[0], np.concatenate([rows_a, rows_b]))
        local = _np_pairs(both, distance=within, touching=touching, threads=1)
        na = len(rows_a)
        cross = (local[0] < na) & (local[1] >= na)  # a's rows come first: a cross pair is (a, b)
        i, j = ia[local[0, cross]], ib[local[1, cross] - na]
    else:
        local = _np_pairs(
            _trusted(kinds[0], rows_a), _trusted(kinds[1], rows_b), distance=within, touching=touching, threads=1
        )
        i, j = ia[local[0]], ib[local[1]]
    if orient:
        i, j = np.minimum(i, j), np.maximum(i, j)
    return np.stack([i, j])


def _grown(rects: np.ndarray, reach: float) -> np.ndarray:
    """Boxes grown by ``reach`` on every side (an undefined side: unbounded)."""
    with np.errstate(invalid="ignore", over="ignore"):
        out = np.concatenate([rects[:, :2] - reach, rects[:, 2:] + reach], axis=1)
    out[:, :2][np.isnan(out[:, :2])] = -np.inf
    out[:, 2:][np.isnan(out[:, 2:])] = np.inf
    return out


def _sorted(found: np.ndarray) -> np.ndarray:
    """Pairs sorted by i then j."""
    if found.shape[1] < 2:
        return found
    if found.max() < (1 << 31):
        key = (found[0] << 32) | found[1]
        key.sort()
        return np.stack([key >> 32, key & 0xFFFFFFFF])
    return found[:, np.lexsort((found[1], found[0]))]


def _joined(*found: np.ndarray) -> np.ndarray:
    """A partition's pairs, unsorted (the routing sorts each output chunk)."""
    return np.concatenate(found, axis=1) if found else np.empty((2, 0), np.int64)


def collect_pairs(*found: np.ndarray) -> np.ndarray:
    return _sorted(np.concatenate(found, axis=1) if found else np.empty((2, 0), np.int64))


def route_pairs(found: np.ndarray, edges: np.ndarray) -> List[np.ndarray]:
    """Pairs (in any order) cut by the block of ``a`` holding ``i``
    (``edges``: where each block's global indices start), each piece an
    array of its own (the chunk they go to sorts them)."""
    block = np.searchsorted(edges, found[0], side="right") - 1
    small = block.astype(np.uint16) if len(edges) <= (1 << 16) else block  # a radix sort for 16-bit keys
    order = np.argsort(small, kind="stable")
    at = np.searchsorted(block[order], np.arange(len(edges)))
    grouped = found[:, order]
    return [grouped[:, at[k] : at[k + 1]].copy() for k in range(len(edges) - 1)]


def _bounds_meet(box: np.ndarray, boxes: np.ndarray, within: float) -> np.ndarray:
    """Whether ``box`` comes within ``within`` of each of ``boxes`` (closed; empty boxes never meet).
    Each difference rounds monotonically, so boxes truly within the distance are never missed."""
    with np.errstate(invalid="ignore", over="ignore"):  # inf - inf: an empty box; overflow: far apart
        return (
            (box[0] - boxes[:, 2] <= within)
            & (boxes[:, 0] - box[2] <= within)
            & (box[1] - boxes[:, 3] <= within)
            & (boxes[:, 1] - box[3] <= within)
        )


def _collection(verb: str, name: str, value: Any) -> Shapes:
    if not isinstance(value, Shapes):
        if isinstance(value, _NumpyShapes):
            value = _as_lazy(verb, name, value)
        else:
            raise TypeError(
                f"{verb}: `{name}` must be a lazy shape array (pycollide.dask.Circles, ...), got {type(value).__name__}"
            )
    assert isinstance(value, Shapes)
    if value.ndim != 1:
        raise ValueError(f"{verb}: `{name}` must be a 1-D collection of shapes, got leading shape {value.shape}")
    if any(math.isnan(c) for c in value.chunks[0]):
        raise ValueError(
            f"{verb}: `{name}` has chunks of unknown size; call `.compute_chunk_sizes()` on its dask array first"
        )
    return value


def pairs(
    a: Union[Shapes, _NumpyShapes],
    b: Optional[Union[Shapes, _NumpyShapes]] = None,
    *,
    distance: Optional[float] = None,
    touching: bool = True,
    partitions: Optional[int] = None,
    sort: bool = True,
) -> da.Array:
    """Every overlapping pair ``(i, j)`` of two large collections (``i < j``
    within one), as a lazy ``(2, k)`` int64 dask array whose computed value
    equals :func:`pycollide.pairs` on the concatenated input: the same pairs,
    each exactly once, in global indices, sorted by ``i`` then ``j``.

    How: the plane is cut into ``partitions`` cells holding about equal
    numbers of shapes (columns at the quantiles of a sample of the boxes'
    centres, each column cut into rows at its own quantiles).  Each shape
    belongs to the one cell of its box's centre, however many cells its box
    spans.  Every box lies within its cell grown by the largest shape's half
    extent (with a margin far beyond rounding), so the plan knows before any
    join which cells may share pairs: each cell is joined with itself (with
    the other collection's same cell), and two cells whose grown boxes meet
    (come within ``distance``) through their strips, the shapes of each
    whose boxes reach the other's grown box.  Each join is one task running
    the C :func:`pycollide.pairs`; a pair is found in the one join of its
    two shapes' cells, so exactly once.  With ``sort`` the pairs are then
    routed to the output chunk of ``a``'s block that holds ``i`` and sorted
    there; without it each chunk holds one cell's joins (sorted within the
    chunk, the chunks in no particular order).

    Two passes over the input: one computation before ``pairs`` returns (the
    box around the centres, the largest extent and a sample, to choose the
    cuts), then the lazy graph of the join, whose first task on each block
    validates it, groups it by cell (C) and cuts out its pieces and strips.
    Persist the input first if computing it is expensive.  Memory per task
    is about a cell and its pairs; the pieces and pairs spill to disk on a
    distributed cluster with a memory limit, so the input may exceed memory.
    A few shapes far larger than the rest grow every cell's box: the answer
    stays exact, the join slower (many cells meet, and the strips widen).

    Parameters
    ----------
    a, b : 1-D lazy shape arrays (or numpy shape arrays), chunk sizes known
    distance, touching : as :func:`pycollide.pairs`
    partitions : int, optional
        How many cells; default: at most about 2,000,000 shapes a cell, the
        cells a multiple of the cores (``dask.system.CPU_COUNT``) so that the
        joins balance, and at most one cell per 65,536 shapes.
    sort : bool, default True
        Sort the result globally (as :func:`pycollide.pairs`) or leave it in join order.

    Examples
    --------
    >>> import dask.array as da, numpy as np, pycollide as pc, pycollide.dask as pcd
    >>> xy = np.array([[0, 0, 1], [1.5, 0, 1], [3.5, 0, 1], [10, 0, 1]])
    >>> balls = pcd.Circles(da.from_array(xy, chunks=(2, 3)))
    >>> pcd.pairs(balls).compute()
    array([[0, 1],
           [1, 2]])
    """
    verb = "pycollide.dask.pairs"
    d.mode(verb, touching)
    within = None if distance is None else d.nonnegative(verb, "distance", distance, True)
    if not isinstance(sort, (bool, np.bool_)):
        raise TypeError(f"{verb}: `sort` must be True or False, got {sort!r}")
    sides = [_collection(verb, "a", a)] + ([] if b is None else [_collection(verb, "b", b)])
    blocks = [list(s._raw.to_delayed().ravel()) for s in sides]
    sizes = [[int(c) for c in s.chunks[0]] for s in sides]
    total = sum(map(sum, sizes))
    if partitions is None:  # about _PARTITION_SHAPES a cell, a multiple of the cores (balanced joins)
        cores = dask.system.CPU_COUNT or 1
        least = -(-total // _PARTITION_SHAPES)  # ceilings
        partitions = max(1, min(-(-least // cores) * cores, -(-total // _SMALLEST_PARTITION)))
    elif isinstance(partitions, bool) or not isinstance(partitions, (int, np.integer)):
        raise TypeError(f"{verb}: `partitions` must be an integer from 1 to 2**20, got {partitions!r}")
    elif not 1 <= partitions <= 1 << 20:
        raise ValueError(f"{verb}: `partitions` must be an integer from 1 to 2**20, got {partitions!r}")
    count = int(partitions)
    if total == 0 or (b is not None and min(map(sum, sizes)) == 0):
        return da.zeros((2, 0), dtype=np.int64)
    kinds = tuple(s.kind_name for s in sides)
    task = lambda f: dask.delayed(f, pure=True)  # noqa: E731

    offsets = [np.concatenate([[0], np.cumsum(szs)]).tolist() for szs in sizes]

    # pass 1: the centres' box, the shapes' greatest extents and a sample, for the cells' cuts
    want = min(total, max(_SAMPLE // 4, 64 * count), _SAMPLE)
    survey = dask.compute(
        *[
            [task(survey_block)(blk, kind, -(-n * want // total), off) for blk, n, off in zip(side, szs, offs)]
            for side, kind, szs, offs in zip(blocks, kinds, sizes, offsets)
        ]
    )
    found_blocks = [s for side in survey for s in side]
    lo = np.min([s[0] for s in found_blocks], axis=0)
    hi = np.max([s[1] for s in found_blocks], axis=0)
    with np.errstate(all="ignore"):
        magnitude = float(np.max(np.abs(np.concatenate([lo, hi]))))
    grid = _Grid(np.concatenate([s[3] for s in found_blocks]), count, lo, hi)
    reach = [_reach(np.max([s[2] for s in side], axis=0), magnitude) for side in survey]
    # every shape's box lies in its cell's conservative box: the cell (clipped to the centres) grown by the reach
    boxes = [_grown(grid.rects, r) for r in reach]

    # the joins: each cell with itself (with the other collection's same cell); each two cells whose
    # conservative boxes meet, through the strips of each facing the other's box
    gap = 0.0 if within is None else within
    other = [0] if b is None else [1, 0]
    strips: List[List[Tuple[int, int]]] = [[] for _ in sides]  # (cell, facing cell of the other side)
    borders: Dict[int, List[int]] = {}
    for p in range(count):
        near = np.flatnonzero(_bounds_meet(boxes[0][p], boxes[other[0]], gap)).tolist()
        borders[p] = [q for q in near if (q > p if b is None else q != p)]
        for q in borders[p]:
            strips[0].append((p, q))
            strips[-1].append((q, p))
    place: List[Dict[Tuple[int, int], int]] = []
    splits = []
    for s, (side, kind, offs) in enumerate(zip(blocks, kinds, offsets)):
        wanted = sorted(strips[s])  # the split cuts them in this order, after the cells
        place.append({pq: count + k for k, pq in enumerate(wanted)})
        facing: Dict[int, List[np.ndarray]] = {}
        for p, q in wanted:
            facing.setdefault(p, []).append(boxes[other[s]][q])
        plan = _Plan(grid, reach[other[s]], facing, gap)
        splits.append([task(split_block)(blk, kind, plan, off) for blk, off in zip(side, offs)])

    def pieces(s: int, k: int) -> List[Any]:
        return [task(operator.getitem)(split, k) for split in splits[s]]

    joined = []
    for p in range(count):
        if b is None:
            found = [task(join_cell)(kinds[0], bool(touching), within, pieces(0, p))]
        else:
            found = [task(join_across)(kinds, bool(touching), within, False, pieces(0, p), pieces(1, p))]
        for q in borders[p]:
            left, right = pieces(0, place[0][(p, q)]), pieces(len(sides) - 1, place[-1][(q, p)])
            found.append(
                task(join_across)(kinds if b is not None else kinds * 2, bool(touching), within, b is None, left, right)
            )
        # sorted here only when no routing sorts them later
        joined.append(task(collect_pairs if not sort else _joined)(*found))
    if sort:
        edges = np.array(offsets[0], dtype=np.int64)
        routes = [task(route_pairs)(j, edges) for j in joined]
        chunks = [task(collect_pairs)(*[task(operator.getitem)(r, k) for r in routes]) for k in range(len(sizes[0]))]
    else:
        chunks = joined
    if not chunks:
        return da.zeros((2, 0), dtype=np.int64)
    return da.concatenate([da.from_delayed(c, shape=(2, np.nan), dtype=np.int64) for c in chunks], axis=1)


# ---- an index broadcast to the blocks: query, query_nearest, nearest; raycast ---------------


def _index_arg(verb: str, index: Any) -> Index:
    if isinstance(index, Index):
        return index
    if isinstance(index, _NumpyShapes) or getattr(type(index), "is_outline", False):
        return Index(index)
    raise TypeError(
        f"{verb}: `index` must be a pycollide.Index or an in-memory shape array (numpy shapes, Polylines, "
        f"Regions), got {type(index).__name__}"
    )


def _block_query(block: np.ndarray, kind: str, start: int, index: Index, options: Dict[str, Any]) -> Any:
    """One block's Index.query or query_nearest, rows shifted to global indices."""
    shapes = _numpy_shapes(kind, block, (start,))
    kwargs = {key: value for key, value in options.items() if key != "nearest"}  # shared between tasks: not changed
    if options["nearest"]:
        found = index.query_nearest(shapes, **kwargs)
        pairs_, dist = found if options.get("return_distance") else (found, None)
        pairs_ = pairs_ + np.array([[start], [0]], dtype=np.int64)
        return np.concatenate([pairs_.astype(np.float64), dist[None, :]]) if dist is not None else pairs_
    pairs_ = index.query(shapes, **kwargs)
    return pairs_ + np.array([[start], [0]], dtype=np.int64)


def _per_block(verb: str, geometry: Any, index: Index, options: Dict[str, Any], rows: int, dtype: Any) -> da.Array:
    """(rows, k) lazy: the blocks' answers side by side, each block one task."""
    shapes = _collection(verb, "geometry", geometry)
    blocks = list(shapes._raw.to_delayed().ravel())
    starts = np.concatenate([[0], np.cumsum(shapes.chunks[0])[:-1]]).astype(np.int64)
    task = dask.delayed(_block_query, pure=True)
    parts = [
        da.from_delayed(task(blk, shapes.kind_name, int(s), index, options), shape=(rows, np.nan), dtype=dtype)
        for blk, s in zip(blocks, starts)
    ]
    return da.concatenate(parts, axis=1) if parts else da.zeros((rows, 0), dtype=dtype)


def query(
    index: Any,
    geometry: Any,
    predicate: Optional[str] = None,
    distance: Optional[float] = None,
    *,
    threads: int = 1,
) -> da.Array:
    """:meth:`pycollide.Index.query` of a large lazy collection against an
    in-memory index: the index travels to every task (pickled to worker
    processes, shared by the threaded scheduler), one task per block of
    ``geometry``.  A lazy ``(2, k)`` int64 array whose computed value equals
    ``index.query`` on the concatenated input: global indices, sorted.

    >>> import dask.array as da, numpy as np, pycollide as pc, pycollide.dask as pcd
    >>> rooms = pc.Index(pc.Boxes([[0, 0, 4, 4], [5, 0, 9, 4]]))
    >>> people = pcd.Points(da.from_array(np.array([[1, 1], [6, 2], [4.5, 2], [8, 3]]), chunks=(2, 2)))
    >>> pcd.query(rooms, people, "within").compute()
    array([[0, 1, 3],
           [0, 1, 1]])
    """
    verb = "pycollide.dask.query"
    index = _index_arg(verb, index)
    if distance is not None and np.ndim(distance):
        raise TypeError(f"{verb}: `distance` must be one number here (a distance per shape: query each block)")
    lazy = _collection(verb, "geometry", geometry)
    index.query(_numpy_shapes(lazy.kind_name, np.zeros((0, lazy._raw.shape[-1]))), predicate, distance)  # the checks
    options = {"predicate": predicate, "distance": distance, "threads": _threads(verb, threads), "nearest": False}
    return _per_block(verb, geometry, index, options, 2, np.int64)


def query_nearest(
    index: Any,
    geometry: Any,
    k: int = 1,
    max_distance: Optional[float] = None,
    return_distance: bool = False,
    all_matches: bool = False,
    exclusive: bool = False,
    *,
    threads: int = 1,
) -> Union[da.Array, Tuple[da.Array, da.Array]]:
    """:meth:`pycollide.Index.query_nearest` of a large lazy collection
    against an in-memory index, one task per block (as :func:`query`): the
    lazy ``(2, m)`` pairs, and with ``return_distance`` the lazy distances."""
    verb = "pycollide.dask.query_nearest"
    index = _index_arg(verb, index)
    if max_distance is not None and np.ndim(max_distance):
        raise TypeError(f"{verb}: `max_distance` must be one number here")
    shapes = _collection(verb, "geometry", geometry)
    empty = _numpy_shapes(shapes.kind_name, np.zeros((0, shapes._raw.shape[-1])))
    index.query_nearest(empty, k, max_distance, return_distance, all_matches, exclusive)  # the arguments' checks
    options = {
        "k": k,
        "max_distance": max_distance,
        "return_distance": bool(return_distance),
        "all_matches": bool(all_matches),
        "exclusive": bool(exclusive),
        "threads": _threads(verb, threads),
        "nearest": True,
    }
    if not return_distance:
        return _per_block(verb, shapes, index, options, 2, np.int64)
    packed = _per_block(verb, shapes, index, options, 3, np.float64)
    return packed[:2].astype(np.int64), packed[2]


def _nearest_block(block: np.ndarray, limit: Any, kind: str, start: Any, target: Any, threads: int) -> np.ndarray:
    r = _np_nearest(_numpy_shapes(kind, block, start), target, max_distance=limit, threads=threads)
    return np.stack([r.distance, r.index.astype(np.float64)], axis=-1)


def _nearest_merge(*found: np.ndarray) -> np.ndarray:
    """The nearest over the target's blocks (in order, indices already
    global): the least distance, the earlier block at a tie (its indices are
    the lower)."""
    best = found[0].copy()
    for f in found[1:]:
        better = f[..., 0] < best[..., 0]
        best[better] = f[better]
    return best


def _shift_index(found: np.ndarray, offset: int) -> np.ndarray:
    out = found.copy()
    out[..., 1] = np.where(out[..., 1] >= 0, out[..., 1] + offset, -1)
    return out


def nearest(a: Any, b: Any, *, max_distance: Any = math.inf, threads: int = 1) -> Nearest:
    """:func:`pycollide.nearest` for a large lazy ``a``: a
    :class:`~pycollide.Nearest` of lazy arrays (``a``'s leading shape).

    ``b`` in memory (numpy shapes, Polylines, Regions, or a
    :class:`~pycollide.Index` over them): its index is built once and goes
    to every task, one task per block of ``a``.  ``b`` lazy (1-D, chunk sizes
    known): each of its blocks is indexed once, each block of ``a`` meets
    every one, and the answers merge (the least distance, the lower index at
    a tie), equal to :func:`pycollide.nearest` on the concatenated ``b``.
    ``max_distance``: a number, or (with ``b`` in memory) an array that
    broadcasts to ``a``'s leading shape.

    >>> import dask.array as da, numpy as np, pycollide as pc, pycollide.dask as pcd
    >>> pegs = pc.Circles([[0, 0, 1], [10, 0, 1], [4, 0, 1]])
    >>> probes = pcd.Points(da.from_array(np.array([[6, 0], [9.5, 0], [50, 0]]), chunks=(2, 2)))
    >>> r = pcd.nearest(probes, pegs, max_distance=20)
    >>> r.index.compute().tolist(), r.distance.compute().tolist()
    ([2, 1, -1], [1.0, 0.0, inf])
    """
    verb = "pycollide.dask.nearest"
    lazy = _as_lazy(verb, "a", a)
    if not isinstance(lazy, Shapes):
        raise TypeError(f"{verb}: `a` must be shapes, got {type(a).__name__}")
    threads = _threads(verb, threads)
    limit = d.nonnegatives(verb, "max_distance", max_distance, " (inf for no limit)")
    raw = lazy._raw
    if isinstance(b, Shapes):  # lazy target: every pair of blocks, merged
        if limit.ndim:
            raise TypeError(f"{verb}: against a lazy `b`, `max_distance` must be one number")
        target = _collection(verb, "b", b)
        starts = np.concatenate([[0], np.cumsum(target.chunks[0])[:-1]]).astype(np.int64)
        indexes = [
            dask.delayed(Index, pure=True)(dask.delayed(_numpy_shapes, pure=True)(target.kind_name, blk, (int(s),)))
            for blk, s in zip(target._raw.to_delayed().ravel(), starts)
        ]
        pieces = [
            raw.map_blocks(
                lambda blk, ix, s, block_info=None: _shift_index(
                    _nearest_block(blk, float(limit), lazy.kind_name, _block_start(block_info), ix, threads), s
                ),
                ix,
                int(s),
                drop_axis=raw.ndim - 1,
                new_axis=raw.ndim - 1,
                chunks=raw.chunks[:-1] + ((2,),),
                dtype=np.float64,
                meta=np.empty((0,) * raw.ndim),
            )
            for ix, s in zip(indexes, starts)
        ]
        packed = da.map_blocks(_nearest_merge, *pieces, dtype=np.float64) if pieces else None
        if packed is None:
            shape = raw.shape[:-1]
            return Nearest(da.full(shape, -1, dtype=np.int64), da.full(shape, np.inf))
    else:
        index = b if isinstance(b, Index) else Index(b) if isinstance(b, _NumpyShapes) else b
        if not isinstance(index, Index) and not getattr(type(index), "is_outline", False):
            raise TypeError(f"{verb}: `b` must be shapes (lazy or in memory), outlines or an Index")
        limits = da.from_array(np.broadcast_to(limit, raw.shape[:-1]), chunks=raw.chunks[:-1]) if limit.ndim else None
        fn = lambda blk, *lim, block_info=None: _nearest_block(  # noqa: E731
            blk, lim[0][..., 0] if lim else float(limit), lazy.kind_name, _block_start(block_info), index, threads
        )
        args = [raw] + ([limits[..., None]] if limits is not None else [])
        packed = da.map_blocks(
            fn,
            *args,
            chunks=raw.chunks[:-1] + ((2,),),
            dtype=np.float64,
            meta=np.empty((0,) * raw.ndim),
        )
    return Nearest(packed[..., 1].astype(np.int64), packed[..., 0])


def _ray_block(origins: np.ndarray, directions: np.ndarray, limits: np.ndarray, target: Any, threads: int):
    hit = _np_raycast(origins, directions, target, limits[..., 0], threads=threads)
    cols = [hit.hit.astype(np.float64)[..., None], hit.distance[..., None], hit.normal]
    for field in hit._fields[3:]:
        value = np.asarray(getattr(hit, field), dtype=np.float64)
        cols.append(value if value.ndim == origins.ndim else value[..., None])
    return np.concatenate(cols, axis=-1)


def raycast(
    origins: Any, directions: Any, target: Any, max_distance: Any = math.inf, *, threads: int = 1
) -> Union[RayHit, ShapeHit, WorldHit]:
    """:func:`pycollide.raycast` blockwise: lazy origins and directions
    (dask or numpy arrays of layout ``(..., 2)``, broadcast together, and a
    ``max_distance`` number or array) against an in-memory target (a
    TileMap, a World, shapes or outlines), which travels to every task.  The
    result's fields are lazy dask arrays, slices of one computation per block.

    >>> import dask.array as da, numpy as np, pycollide as pc, pycollide.dask as pcd
    >>> walls = pc.Boxes([[5, -1, 6, 1], [0, 5, 1, 6]])
    >>> o = da.zeros((4, 2), chunks=(2, 2))
    >>> dirs = da.from_array(np.array([[1, 0], [0, 1], [-1, 0], [1, 0]]), chunks=(2, 2))
    >>> r = pcd.raycast(o, dirs, walls)
    >>> r.distance.compute().tolist(), r.index.compute().tolist()
    ([5.0, 5.0, inf, 5.0], [0, 1, -1, 0])
    """
    verb = "pycollide.dask.raycast"
    threads = _threads(verb, threads)
    if isinstance(target, (Shapes, da.Array)):
        raise TypeError(f"{verb}: `target` must be in memory (a TileMap, a World, shapes or outlines)")
    o = origins if isinstance(origins, da.Array) else da.from_array(np.asarray(origins, dtype=np.float64))
    v = directions if isinstance(directions, da.Array) else da.from_array(np.asarray(directions, dtype=np.float64))
    for name, arr in (("origins", o), ("directions", v)):
        if arr.ndim < 1 or arr.shape[-1] != 2:
            raise ValueError(f"{verb}: `{name}` must have layout (..., 2), got shape {arr.shape}")
    limit = max_distance if isinstance(max_distance, da.Array) else da.from_array(np.asarray(max_distance, float))
    shape = tuple(np.broadcast_shapes(o.shape[:-1], v.shape[:-1], limit.shape))
    o = da.broadcast_to(o.astype(np.float64), shape + (2,)).rechunk({o.ndim - 1: -1})
    v = da.broadcast_to(v.astype(np.float64), shape + (2,)).rechunk(o.chunks)
    lim = da.broadcast_to(limit.astype(np.float64), shape)[..., None].rechunk(o.chunks[:-1] + ((1,),))
    probe = _np_raycast(np.zeros((1, 2)), np.ones((1, 2)), target, threads=threads)
    width = 4 + sum(np.asarray(getattr(probe, f)).reshape(1, -1).shape[1] for f in probe._fields[3:])
    packed = da.map_blocks(
        _ray_block,
        o,
        v,
        lim,
        target,
        threads,
        chunks=o.chunks[:-1] + ((width,),),
        dtype=np.float64,
        meta=np.empty((0,) * o.ndim),
    )
    hit = packed[..., 0].astype(bool)
    distance = packed[..., 1]
    normal = packed[..., 2:4]
    if isinstance(probe, RayHit):
        return RayHit(hit, distance, normal, packed[..., 4:6].astype(np.int64))
    if isinstance(probe, WorldHit):
        return WorldHit(hit, distance, normal, packed[..., 4].astype(np.int64), packed[..., 5].astype(np.int64))
    return ShapeHit(hit, distance, normal, packed[..., 4].astype(np.int64))
