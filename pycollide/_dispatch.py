"""The marshalling layer below the verbs.

Every verb module is a thin function over this one: it checks arguments
(naming them in its errors), broadcasts leading axes, prepares ``out``, turns
shape arrays, tile maps and placed compounds into what the C core takes, and
calls the core.  It imports no verb module (the package's layers are
_native -> shapes -> tiles, compound -> _dispatch -> verbs), so there is no
import cycle and no callback passed around to dodge one.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Sequence, Tuple, Union

import numpy as np

from ._native import (
    COSTLY,
    broadcast_strides,
    byte_ptr,
    call,
    check_rc,
    double_ptr,
    ffi,
    int8_ptr,
    int64_array,
    lib,
    long_call,
    resolve_threads,
)
from .compound import Placed
from .shapes import Circles, Points, Shapes, kind_names
from .tiles import TileMap
from .world import World, c_parts

Shape = Tuple[int, ...]
Side = Union[Shapes, Placed]

#: the verbs that take the outline kinds (Polylines, Regions) so far
OUTLINE_VERBS = (
    "overlaps, contains, pairs, distance, contact, manifold, raycast, sweep, depenetrate, nearest, "
    "intersections, plot and World (move, advance)"
)

# ---- arguments -----------------------------------------------------------------


def shapes_arg(verb: str, name: str, value: Any) -> Shapes:
    """A shape array a query takes (not Lines), else the verb's TypeError."""
    if not isinstance(value, Shapes) or not type(value).solid:
        only = " (Lines are accepted only by intersections)" if isinstance(value, Shapes) else ""
        if getattr(type(value), "is_outline", False) is True:  # Polylines, Regions (outlines.py imports this module)
            only = f" (Polylines and Regions are taken by {OUTLINE_VERBS} so far; not as `{name}` of {verb} yet)"
        raise TypeError(f"{verb}: `{name}` must be a shape array ({kind_names()}), got {type(value).__name__}{only}")
    return value


def side_arg(verb: str, name: str, value: Any) -> Side:
    """A placed compound or a shape array."""
    return value if isinstance(value, Placed) else shapes_arg(verb, name, value)


def points_arg(verb: str, name: str, value: Any) -> Points:
    """Points, or anything of layout (..., 2) made Points."""
    if isinstance(value, Points):
        return value
    if isinstance(value, Shapes):
        raise TypeError(f"{verb}: `{name}` must be Points or an array of layout (..., 2), got {type(value).__name__}")
    try:
        return Points(value)
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"{verb}: `{name}`: {exc}") from None


def circles_arg(verb: str, name: str, value: Any) -> Circles:
    """Circles, or Points as circles of radius 0; a TypeError otherwise."""
    if isinstance(value, Circles):
        return value
    if isinstance(value, Points):
        data = np.asarray(value)
        return Circles(np.concatenate([data, np.zeros(data.shape[:-1] + (1,))], axis=-1))
    raise TypeError(f"{verb}: `{name}` must be Circles (or Points), got {type(value).__name__}")


def _reals(verb: str, name: str, value: Any, items: str, wanted: str) -> np.ndarray:
    """``value`` as a C-contiguous float64 array (of any shape, 0-d kept) of
    real numbers, or the TypeError (a shape array, a string, booleans, other
    dtypes: ``wanted`` names what it must be) or the ValueError (ragged
    sequences of ``items``) naming ``name``."""
    if isinstance(value, (Shapes, str, bytes)):
        raise TypeError(f"{verb}: `{name}` must be {wanted}, got {type(value).__name__}")
    try:
        arr = np.asarray(value)
    except ValueError:  # ragged nested sequences
        raise ValueError(f"{verb}: `{name}` is not a rectangular array of {items}") from None
    if arr.dtype.kind not in "iuf":
        what = type(value).__name__ if arr.dtype == object else f"dtype {arr.dtype}"
        raise TypeError(f"{verb}: `{name}` must be {wanted}, got {what}")
    return np.asarray(arr, dtype=np.float64, order="C")  # (ascontiguousarray would make a 0-d array 1-d)


def vectors(verb: str, name: str, value: Any, missing: bool = False) -> np.ndarray:
    """A finite float64 array of layout (..., 2), C-contiguous, or the error
    naming ``name``; with ``missing``, (NaN, NaN) is allowed too (no vector:
    a normal where nothing was hit)."""
    if isinstance(value, Shapes):
        raise TypeError(f"{verb}: `{name}` must be an array of layout (..., 2), got {type(value).__name__}")
    arr = _reals(verb, name, value, "2-vectors", "an array of real 2-vectors")
    if arr.ndim == 0 or arr.shape[-1] != 2:
        raise ValueError(f"{verb}: `{name}` must have shape (..., 2), got {arr.shape}")
    if not np.isfinite(arr).all():  # one flat reduction: over the axis of length 2 it is far slower
        finite = np.isfinite(arr).all(axis=-1)
        if missing:
            finite |= np.isnan(arr).all(axis=-1)
            if finite.all():
                return arr
        bad = tuple(int(i) for i in np.argwhere(~finite)[0])
        raise ValueError(f"{verb}: `{name}` must be finite; {name}{list(bad) if bad else ''} is {arr[bad].tolist()}")
    return arr


def mode(verb: str, touching: Any) -> int:
    if not isinstance(touching, (bool, np.bool_)):
        raise TypeError(f"{verb}: `touching` must be True or False, got {touching!r}")
    return int(lib.PC_TOUCHING if touching else lib.PC_STRICT)


def nonnegative(verb: str, name: str, value: Any, finite: bool, hint: str = "") -> float:
    """A number >= 0 (NaN rejected; inf too unless not ``finite``)."""
    if isinstance(value, (bool, np.bool_, str, bytes)):
        raise TypeError(f"{verb}: `{name}` must be a number, got {value!r}")
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{verb}: `{name}` must be a number, got {type(value).__name__}") from None
    if not v >= 0 or (finite and v == np.inf):  # NaN too
        rule = "finite and >= 0" if finite else "a number >= 0"
        raise ValueError(f"{verb}: `{name}` must be {rule}{hint}, got {value!r}")
    return v


def nonnegative_each(verb: str, name: str, value: Any, shape: Shape, finite: bool) -> np.ndarray:
    """Numbers >= 0 (NaN rejected; inf too when ``finite``) broadcast to
    ``shape``, as a C-contiguous float64 array: a parameter given per element."""
    arr = _reals(verb, name, value, "numbers", "a number or an array of numbers")
    try:
        arr = np.ascontiguousarray(np.broadcast_to(arr, shape))
    except ValueError:
        raise ValueError(f"{verb}: `{name}` of shape {arr.shape} does not broadcast to {shape}") from None
    bad = ~(arr >= 0) | (np.isinf(arr) if finite else False)
    if bad.any():
        first = tuple(int(i) for i in np.argwhere(bad)[0])
        rule = "finite and >= 0" if finite else "a number >= 0"
        raise ValueError(f"{verb}: `{name}` must be {rule}; {name}{list(first)} is {float(arr[first])!r}")
    return arr


def nonnegatives(verb: str, name: str, value: Any, hint: str = "") -> np.ndarray:
    """Numbers >= 0 (inf allowed, NaN not) as a C-contiguous float64 array of
    any shape, for a parameter that varies per element and broadcasts with
    the others like a ufunc's; errors name the argument and its first bad
    index."""
    arr = _reals(verb, name, value, "numbers", "a number or an array of numbers")
    bad = ~(arr >= 0)  # NaN too
    if bad.any():
        at = tuple(int(i) for i in np.argwhere(bad)[0])
        where = f"{name}{list(at)}" if at else name
        raise ValueError(f"{verb}: `{name}` must be >= 0{hint}; {where} is {float(arr[at])!r}")
    return arr


def broadcast(verb: str, named: Sequence[Tuple[str, Shape]]) -> Shape:
    """The broadcast of the leading shapes, or a ValueError naming them all."""
    shapes = [s for _, s in named]
    if all(s == shapes[0] for s in shapes):
        return shapes[0]
    try:
        return tuple(np.broadcast_shapes(*shapes))
    except ValueError:
        items = [f"`{n}` {s}" for n, s in named]
        listed = ", ".join(items[:-1]) + " and " + items[-1]
        raise ValueError(f"{verb}: the shapes of {listed} do not broadcast together") from None


def _checked_out(verb: str, out: Any, shape: Shape, dtype: Any, what: str) -> np.ndarray:
    """``out`` as a writeable ndarray of the given dtype and shape (``what``
    names the shape in the message)."""
    if not isinstance(out, np.ndarray):
        raise TypeError(f"{verb}: `out` must be a numpy array, got {type(out).__name__}")
    if out.dtype != dtype:
        raise TypeError(f"{verb}: `out` must have dtype {np.dtype(dtype)}, got {out.dtype}")
    if out.shape != shape:
        raise ValueError(f"{verb}: `out` must have shape {shape} ({what}), got {out.shape}")
    if not out.flags.writeable:
        raise ValueError(f"{verb}: `out` is read-only")
    return out


def prepare_out(verb: str, out: Optional[np.ndarray], shape: Shape) -> np.ndarray:
    """A bool result of the given shape: ``out`` checked, or a new array."""
    if out is None:
        return np.empty(shape, dtype=bool)
    return _checked_out(verb, out, shape, np.bool_, "the broadcast shape")


def staging(out: Optional[np.ndarray], res: np.ndarray, work: int) -> np.ndarray:
    """Where the core is to write ``res``: ``res`` itself, or, when it is the
    caller's ``out`` and the call is interruptible (an interrupted call leaves
    its output partly written), a new array to copy into ``res`` on success,
    so that ``out`` is untouched by an interrupted call."""
    return np.empty(res.shape, res.dtype) if out is not None and long_call(work) else res


def collection(verb: str, name: str, value: Any) -> Side:
    """A 1-D collection of shapes (or of placed compounds)."""
    value = side_arg(verb, name, value)
    if value.ndim != 1:
        raise ValueError(f"{verb}: `{name}` must be a 1-D collection of shapes, got leading shape {value.shape}")
    if len(value) >= 2**31:
        raise ValueError(f"{verb}: `{name}` holds {len(value)} shapes; at most {2**31 - 1} are supported")
    return value


# ---- operands ------------------------------------------------------------------


def _operand(s: Shapes, shape: Shape) -> Tuple[Any, Any]:
    """The pointer and the strides (in doubles) of ``s`` broadcast to ``shape``,
    without a broadcast view: broadcast axes get stride 0."""
    cached = s._c
    if cached is None:
        cached = s._c = (double_ptr(s._data), tuple(st // 8 for st in s._data.strides[:-1]))
    pointer, strides = cached
    if not shape:  # one element: the core reads no strides
        return pointer, ffi.NULL
    return pointer, int64_array(broadcast_strides(s._data.shape[:-1], strides, shape))


def arrays(shape: Shape, operands: Sequence[np.ndarray]) -> Tuple[List[Any], int, Any]:
    """The core's (pointer, strides in doubles) for C-contiguous float64 arrays
    of layout (..., k) broadcast to ``shape``, then ndim and the shape."""
    if not shape:
        return [arg for a in operands for arg in (double_ptr(a), ffi.NULL)], 0, ffi.NULL
    args: List[Any] = []
    for a in operands:
        args += [double_ptr(a), int64_array(broadcast_strides(a.shape[:-1], [st // 8 for st in a.strides[:-1]], shape))]
    return args, len(shape), int64_array(shape)


def _index_space(shape: Shape, strides: Sequence[int]) -> Tuple[Any, int, Any]:
    """The core's (output strides, ndim, shape) for an output."""
    if not shape:
        return ffi.NULL, 0, ffi.NULL
    return int64_array(strides), len(shape), int64_array(shape)


def _magnitude(*shapes: Shapes) -> float:
    return max(s._magnitude for s in shapes)


# ---- plain shapes ----------------------------------------------------------------


def one_pair(verb: str, a: Shapes, b: Shapes, mode_: int) -> np.ndarray:
    """Two single shapes (one each): the scalar kernel, without the batch's
    set-up, as a 0-d bool array (pycollide.overlaps calls it directly)."""
    rc = lib.pc_overlap(a.kind, (a._c or _operand(a, ()))[0], b.kind, (b._c or _operand(b, ()))[0], mode_)
    if rc < 0:
        check_rc(verb, rc)
    return np.array(rc == 1)


def overlap(
    verb: str,
    a: Shapes,
    b: Shapes,
    out: Optional[np.ndarray],
    mode_: int,
    threads: Any,
    names: Tuple[str, str] = ("a", "b"),
) -> np.ndarray:
    if out is None and a._data.ndim == 1 and b._data.ndim == 1:
        if threads is not None:
            resolve_threads(verb, threads, 1)  # checked all the same
        return one_pair(verb, a, b, mode_)
    shape = broadcast(verb, [(names[0], a.shape), (names[1], b.shape)])
    res = prepare_out(verb, out, shape)
    nthreads = resolve_threads(verb, threads, res.size)
    if res.size:
        pa, sa = _operand(a, shape)
        pb, sb = _operand(b, shape)
        target = staging(out, res, res.size)
        so, ndim, dims = _index_space(shape, target.strides)
        check_rc(
            verb,
            call(
                res.size,
                lib.pc_overlaps_batch,
                a.kind,
                pa,
                sa,
                b.kind,
                pb,
                sb,
                byte_ptr(target),
                so,
                ndim,
                dims,
                mode_,
                _magnitude(a, b),
                nthreads,
            ),
        )
        if target is not res:
            res[...] = target
    return res


def per_pair_out(verb: str, out: Any, shape: Shape, width: int, sides: Sequence[Shapes]) -> np.ndarray:
    """``out`` checked as the (S, width) float64 result of a per-pair batch:
    its rows' values adjacent (the core writes them as one), every stride a
    whole number of doubles, writeable, and sharing no memory with the
    shapes' rows."""
    _checked_out(verb, out, shape + (width,), np.float64, f"the broadcast shape and {width} values a pair")
    if out.strides[-1] != 8 or any(st % 8 for st in out.strides):
        raise ValueError(
            f"{verb}: `out` must hold each pair's {width} values side by side, its strides whole "
            f"doubles (got strides {out.strides})"
        )
    if any(np.may_share_memory(out, side._data) for side in sides):
        raise ValueError(f"{verb}: `out` shares memory with a shape array")
    return out


def _per_pair(
    verb: str, a: Shapes, b: Shapes, threads: Any, width: int, run: Any, out: Optional[np.ndarray] = None
) -> np.ndarray:
    """(S, width) doubles per pair from a batch call ``run(pa, sa, pb, sb, out,
    strides_out, ndim, shape, magnitude, threads, cancel)``, into ``out`` if
    given."""
    shape = broadcast(verb, [("a", a.shape), ("b", b.shape)])
    res = np.empty(shape + (width,)) if out is None else per_pair_out(verb, out, shape, width, (a, b))
    size = res.size // width
    nthreads = resolve_threads(verb, threads, size)
    if size:
        pa, sa = _operand(a, shape)
        pb, sb = _operand(b, shape)
        target = staging(out, res, size)
        so, ndim, dims = _index_space(shape, [st // 8 for st in target.strides[:-1]])
        check_rc(verb, call(size, run, pa, sa, pb, sb, double_ptr(target), so, ndim, dims, _magnitude(a, b), nthreads))
        if target is not res:
            res[...] = target
    return res


def contact(verb: str, a: Shapes, b: Shapes, threads: Any, out: Optional[np.ndarray] = None) -> np.ndarray:
    """(S, 7): separation, normal, point_a, point_b."""
    return _per_pair(
        verb,
        a,
        b,
        threads,
        7,
        lambda pa, sa, pb, sb, *rest: lib.pc_contact_batch(a.kind, pa, sa, b.kind, pb, sb, *rest),
        out,
    )


def manifold(
    verb: str,
    a: Shapes,
    b: Shapes,
    margin: float,
    threads: Any,
    out: Optional[np.ndarray] = None,
    features: Optional[np.ndarray] = None,
) -> np.ndarray:
    """(S, 9): count, normal, then x, y, separation of two points (NaN
    unused); with ``features`` (an int16 array (S, 4)), each point's features too."""
    if features is None:
        fp, fs = ffi.NULL, ffi.NULL
    else:
        fp = ffi.cast("int16_t *", ffi.from_buffer(features))
        fs = int64_array(features.strides[:-1]) if features.ndim > 1 else ffi.NULL

    def run(pa: Any, sa: Any, pb: Any, sb: Any, po: Any, so: Any, *rest: Any) -> int:
        return lib.pc_manifold_batch(a.kind, pa, sa, b.kind, pb, sb, margin, po, so, fp, fs, *rest)

    return _per_pair(verb, a, b, threads, 9, run, out)


def intersections(verb: str, a: Shapes, b: Shapes, threads: Any) -> Tuple[np.ndarray, np.ndarray]:
    shape = broadcast(verb, [("a", a.shape), ("b", b.shape)])
    points = np.empty(shape + (2, 2))
    count = np.empty(shape, dtype=np.int8)
    nthreads = resolve_threads(verb, threads, count.size)
    if count.size:
        pa, sa = _operand(a, shape)
        pb, sb = _operand(b, shape)
        sp, ndim, dims = _index_space(shape, [st // 8 for st in points.strides[:-2]])
        sc = ffi.NULL if not shape else int64_array(count.strides)
        check_rc(
            verb,
            call(
                count.size,
                lib.pc_intersections_batch,
                a.kind,
                pa,
                sa,
                b.kind,
                pb,
                sb,
                double_ptr(points),
                sp,
                int8_ptr(count),
                sc,
                ndim,
                dims,
                _magnitude(a, b),
                nthreads,
            ),
        )
    return points, count


_SAMPLE = 32  # one query in this many sizes the pairs' output


def pair_indices(
    verb: str,
    a: Shapes,
    b: Optional[Shapes],
    mode_: int,
    threads: Any,
    distance: float = 0.0,
    each: Optional[np.ndarray] = None,
) -> np.ndarray:
    """(2, k) int64: every overlapping (i, j), or with ``distance`` > 0 every
    (i, j) within it, sorted (within ``a`` when ``b`` is None); with ``each``
    (one distance per shape of ``a``, at most ``distance``; ``b`` given) every
    (i, j) within ``each[i]``."""
    na, nb = len(a), (0 if b is None else len(b))
    if na == 0 or (b is not None and nb == 0):
        return np.empty((2, 0), dtype=np.int64)
    da = np.ascontiguousarray(a._data)
    db = None if b is None else np.ascontiguousarray(b._data)
    magnitude = a._magnitude if b is None else max(a._magnitude, b._magnitude)
    kind_b = a.kind if b is None else b.kind
    nthreads = resolve_threads(verb, threads, na + nb)
    work = np.empty(lib.pc_pairs_workspace(a.kind, na, kind_b, nb), dtype=np.uint8)
    wptr = ffi.from_buffer(work)
    check_rc(
        verb,
        lib.pc_pairs_prepare_any(
            a.kind,
            double_ptr(da),
            na,
            kind_b,
            ffi.NULL if db is None else double_ptr(db),
            nb,
            distance,
            wptr,
            work.size,
        ),
    )
    found = ffi.new("int64_t *")
    cost = (na + nb) * COSTLY  # the queries' work (building the tree before them is not interruptible)
    if each is None:

        def find(sample: int, out: Any, capacity: int) -> None:
            check_rc(
                verb,
                call(
                    cost // sample,
                    lib.pc_pairs_find,
                    wptr,
                    work.size,
                    mode_,
                    magnitude,
                    nthreads,
                    sample,
                    out,
                    capacity,
                    found,
                ),
            )
    else:
        eptr = double_ptr(each)

        def find(sample: int, out: Any, capacity: int) -> None:
            check_rc(
                verb,
                call(
                    cost // sample,
                    lib.pc_pairs_find_each,
                    wptr,
                    work.size,
                    mode_,
                    magnitude,
                    eptr,
                    nthreads,
                    sample,
                    out,
                    capacity,
                    found,
                ),
            )

    return sized_pairs(find, found, na + nb)


def sized_pairs(find: Callable[[int, Any, int], None], found: Any, items: int) -> np.ndarray:
    """(2, k) pairs from a finder of the pc_pairs_find protocol
    (``find(sample, out, capacity)`` setting ``found[0]``), its output sized
    from the pairs of a sample of the queries first when there are many."""
    capacity = 2 * items + 1024
    if items > 16 * _SAMPLE:
        find(_SAMPLE, ffi.NULL, 0)
        capacity = max(capacity // 4, found[0] * _SAMPLE * 5 // 4 + 1024)
    while True:  # twice at most: a second run when the estimate fell short
        out = np.empty(2 * capacity, dtype=np.int64)
        find(1, ffi.cast("int64_t *", ffi.from_buffer(out)), capacity)
        if found[0] <= capacity:
            break
        capacity = found[0]
    k = found[0]
    # i then j, packed at the front; a copy only when most of the buffer is unused
    return out[: 2 * k].reshape(2, k) if 2 * k >= capacity else out[: 2 * k].reshape(2, k).copy()


# ---- tile maps -------------------------------------------------------------------


def mirror_contact(data: np.ndarray) -> np.ndarray:
    """contact(b, a) from contact(a, b): the normal negated, the points swapped
    (a World's part and index, columns 7 and 8, kept)."""
    return np.concatenate([data[..., :1], 0.0 - data[..., 1:3], data[..., 5:7], data[..., 3:5], data[..., 7:]], axis=-1)


# ---- worlds ------------------------------------------------------------------------


def world_shapes_arg(verb: str, name: str, value: Any) -> Shapes:
    if isinstance(value, (Placed, TileMap, World)):
        raise TypeError(
            f"{verb}: `{name}` must be a shape array to test against a World or a TileMap, got {type(value).__name__}"
        )
    return shapes_arg(verb, name, value)


def world_overlap(
    verb: str, shapes: Shapes, world: Union[TileMap, World], out: Optional[np.ndarray], mode_: int, threads: Any
) -> np.ndarray:
    """Each shape against a world (a TileMap is a world of one part)."""
    data = shapes._data
    shape = data.shape[:-1]
    res = prepare_out(verb, out, shape)
    if res.size:
        parts, keep = c_parts(verb, world)
        args, ndim, dims = arrays(shape, [data])
        target = staging(out, res, res.size * COSTLY)
        so = int64_array(target.strides) if shape else ffi.NULL  # bytes
        check_rc(
            verb,
            call(
                res.size * COSTLY,
                lib.pc_world_overlaps,
                parts,
                len(keep),
                shapes.kind,
                *args,
                byte_ptr(target),
                so,
                ndim,
                dims,
                mode_,
                resolve_threads(verb, threads, res.size),
            ),
        )
        if target is not res:
            res[...] = target
    return res


def _world_rows(
    verb: str, shapes: Shapes, world: Union[TileMap, World], width: int, entry: Callable[..., int], threads: Any
) -> np.ndarray:
    """(S, width): ``entry(parts, nparts, kind, a, strides_a, out, strides_out,
    ndim, dims, threads)`` on each shape against a world (a TileMap is a world
    of one part)."""
    data = shapes._data
    shape = data.shape[:-1]
    out = np.empty(shape + (width,))
    if out.size:
        parts, keep = c_parts(verb, world)
        args, ndim, dims = arrays(shape, [data, out])
        n = out.size // width
        check_rc(
            verb,
            call(
                n * COSTLY, entry, parts, len(keep), shapes.kind, *args, ndim, dims, resolve_threads(verb, threads, n)
            ),
        )
    return out


def world_contact(verb: str, shapes: Shapes, world: Union[TileMap, World], threads: Any) -> np.ndarray:
    """(S, 9): the contact of least separation over the parts, then the part
    and the index (a TileMap is a world of one part)."""
    return _world_rows(verb, shapes, world, 9, lib.pc_world_contact, threads)


def world_manifold(verb: str, shapes: Shapes, world: Union[TileMap, World], margin: float, threads: Any) -> np.ndarray:
    """(S, 15): the manifold (9 columns as :func:`manifold`) with the part of
    least separation, then the part and the index, then the four features
    (the shape's and the world's of each point, as floats)."""
    features = np.full(shapes.shape + (4,), -1, dtype=np.int16)
    fp = ffi.cast("int16_t *", ffi.from_buffer(features)) if features.size else ffi.NULL
    fs = int64_array(features.strides[:-1]) if features.ndim > 1 else ffi.NULL

    def entry(parts: Any, nparts: int, kind: int, a: Any, sa: Any, po: Any, so: Any, *rest: Any) -> int:
        return int(lib.pc_world_manifold(parts, nparts, kind, a, sa, margin, po, so, fp, fs, *rest))

    rows = _world_rows(verb, shapes, world, 11, entry, threads)
    return np.concatenate([rows, features.astype(np.float64)], axis=-1)


def mirror_manifold(data: np.ndarray) -> np.ndarray:
    """manifold(b, a) from manifold(a, b): the normal negated (the points,
    their separations, and a World's part and index kept); where the data
    ends with the four features (13 or 15 columns), each point's two swapped."""
    out = data.copy()
    out[..., 1:3] = 0.0 - data[..., 1:3]
    if data.shape[-1] in (13, 15):
        f = data[..., -4:]
        out[..., -4:] = f[..., [1, 0, 3, 2]]
    return out


def manifold_any(verb: str, a: Any, b: Any, margin: float, threads: Any, out: Optional[np.ndarray]) -> np.ndarray:
    """(S, 9) manifold data for two shape arrays; (S, 13) for shapes and a
    TileMap, in either order (the features last); (S, 15) against a World."""
    if out is not None and (isinstance(a, (World, TileMap)) or isinstance(b, (World, TileMap))):
        raise TypeError(
            f"{verb}: `out` is for two shape arrays; against a World or a TileMap the result is a new array"
        )
    if isinstance(b, World):
        return world_manifold(verb, world_shapes_arg(verb, "a", a), b, margin, threads)
    if isinstance(a, World):
        return mirror_manifold(world_manifold(verb, world_shapes_arg(verb, "b", b), a, margin, threads))
    keep = list(range(9)) + list(range(11, 15))  # a tile map's manifold: no part or index, the features kept
    if isinstance(b, TileMap):
        return world_manifold(verb, world_shapes_arg(verb, "a", a), b, margin, threads)[..., keep]
    if isinstance(a, TileMap):
        return mirror_manifold(world_manifold(verb, world_shapes_arg(verb, "b", b), a, margin, threads)[..., keep])
    return manifold(verb, shapes_arg(verb, "a", a), shapes_arg(verb, "b", b), margin, threads, out)


# ---- placed compounds --------------------------------------------------------------


def _flat(value: Side) -> Tuple[Shape, Side]:
    """(leading shape, value with one flat leading axis)."""
    if isinstance(value, Placed):
        return value.shape, value.flat()
    if value.ndim == 0:
        return value.shape, value[None]
    return value.shape, type(value)._trusted(np.asarray(value).reshape(-1, value.width), value._magnitude)


def _pieces(value: Side) -> List[Shapes]:
    """The shape arrays a side is made of, each (m, p): the placed parts of each
    type, or a plain array as one part per element."""
    if isinstance(value, Placed):
        return list(value.parts.values())
    return [value[:, None]]


def _bounds(value: Side) -> Shapes:
    return value.bounds if isinstance(value, Placed) else value


def _broadcast_sides(verb: str, a: Side, b: Side) -> Tuple[Shape, np.ndarray, np.ndarray, Side, Side]:
    """The broadcast shape S of a and b and, for every element of S (flat), the
    index of its a and of its b (a and b flattened)."""
    sa, fa = _flat(a)
    sb, fb = _flat(b)
    shape = broadcast(verb, [("a", sa), ("b", sb)])
    ia = np.broadcast_to(np.arange(int(np.prod(sa))).reshape(sa), shape).ravel()
    ib = np.broadcast_to(np.arange(int(np.prod(sb))).reshape(sb), shape).ravel()
    return shape, ia, ib, fa, fb


def placed_overlap(verb: str, a: Side, b: Side, out: Optional[np.ndarray], mode_: int, threads: Any) -> np.ndarray:
    """Bounds first (closed, they hold the parts: no pair is lost), then every
    part of one against every part of the other where the bounds meet."""
    shape, ia, ib, fa, fb = _broadcast_sides(verb, a, b)
    res = prepare_out(verb, out, shape)
    hit = np.zeros(len(ia), dtype=bool)
    if len(ia):
        near = np.flatnonzero(overlap(verb, _bounds(fa)[ia], _bounds(fb)[ib], None, int(lib.PC_TOUCHING), threads))
        for pa in _pieces(fa):
            for pb in _pieces(fb):
                todo = near[~hit[near]]
                if len(todo):
                    m = overlap(verb, pa[ia[todo]][:, :, None], pb[ib[todo]][:, None, :], None, mode_, threads)
                    hit[todo] = m.reshape(len(todo), -1).any(axis=1)
    res[...] = hit.reshape(shape)
    return res


def placed_contact(verb: str, a: Side, b: Side, threads: Any) -> np.ndarray:
    """(S, 7) contact data: of the pair of parts with the smallest separation."""
    shape, ia, ib, fa, fb = _broadcast_sides(verb, a, b)
    best = np.full((len(ia), 7), np.inf)
    if len(ia):
        for pa in _pieces(fa):
            for pb in _pieces(fb):
                d = contact(verb, pa[ia][:, :, None], pb[ib][:, None, :], threads).reshape(len(ia), -1, 7)
                cand = d[np.arange(len(ia)), np.argmin(d[..., 0], axis=1)]
                better = cand[:, 0] < best[:, 0]
                best[better] = cand[better]
    return best.reshape(shape + (7,))


def placed_pairs(verb: str, a: Side, b: Optional[Side], mode_: int, threads: Any) -> np.ndarray:
    """Bounds first (the broad phase over the copies' bounding boxes), then parts."""
    cand = pair_indices(verb, _bounds(a), None if b is None else _bounds(b), int(lib.PC_TOUCHING), threads)
    if not cand.shape[1]:
        return cand
    keep = placed_overlap(verb, a[cand[0]], (a if b is None else b)[cand[1]], None, mode_, threads)
    return np.ascontiguousarray(cand[:, keep])


# ---- any side ----------------------------------------------------------------------


def overlap_any(verb: str, a: Any, b: Any, out: Optional[np.ndarray], mode_: int, threads: Any) -> np.ndarray:
    """overlaps for every accepted side: shapes, placed compounds, tile maps, worlds."""
    if isinstance(b, World):
        return world_overlap(verb, world_shapes_arg(verb, "a", a), b, out, mode_, threads)
    if isinstance(a, World):
        return world_overlap(verb, world_shapes_arg(verb, "b", b), a, out, mode_, threads)
    if isinstance(b, TileMap):
        return world_overlap(verb, world_shapes_arg(verb, "a", a), b, out, mode_, threads)
    if isinstance(a, TileMap):
        return world_overlap(verb, world_shapes_arg(verb, "b", b), a, out, mode_, threads)
    if isinstance(a, Placed) or isinstance(b, Placed):
        return placed_overlap(verb, side_arg(verb, "a", a), side_arg(verb, "b", b), out, mode_, threads)
    return overlap(verb, shapes_arg(verb, "a", a), shapes_arg(verb, "b", b), out, mode_, threads)


def contact_any(verb: str, a: Any, b: Any, threads: Any, out: Optional[np.ndarray] = None) -> np.ndarray:
    """(S, 7) contact data for every accepted side; (S, 9) against a World.
    ``out`` (shape arrays on both sides only) receives the (S, 7) data."""
    if out is not None and (isinstance(a, (World, TileMap, Placed)) or isinstance(b, (World, TileMap, Placed))):
        raise TypeError(
            f"{verb}: `out` is for two shape arrays; against a World, a TileMap or a compound the result is a new array"
        )
    if isinstance(b, World):
        return world_contact(verb, world_shapes_arg(verb, "a", a), b, threads)
    if isinstance(a, World):
        return mirror_contact(world_contact(verb, world_shapes_arg(verb, "b", b), a, threads))
    if isinstance(b, TileMap):
        return world_contact(verb, world_shapes_arg(verb, "a", a), b, threads)[..., :7]
    if isinstance(a, TileMap):
        return mirror_contact(world_contact(verb, world_shapes_arg(verb, "b", b), a, threads)[..., :7])
    if isinstance(a, Placed) or isinstance(b, Placed):
        return placed_contact(verb, side_arg(verb, "a", a), side_arg(verb, "b", b), threads)
    return contact(verb, shapes_arg(verb, "a", a), shapes_arg(verb, "b", b), threads, out)


__all__ = [
    "shapes_arg",
    "side_arg",
    "points_arg",
    "circles_arg",
    "vectors",
    "mode",
    "nonnegatives",
    "broadcast",
    "prepare_out",
    "per_pair_out",
    "collection",
    "arrays",
    "one_pair",
    "overlap",
    "contact",
    "intersections",
    "pair_indices",
    "manifold",
    "world_overlap",
    "world_contact",
    "world_manifold",
    "mirror_manifold",
    "placed_overlap",
    "placed_contact",
    "placed_pairs",
    "overlap_any",
    "contact_any",
    "manifold_any",
]
