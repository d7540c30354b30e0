"""Shape arrays: validated float64 arrays with a fixed trailing layout.

Every shape type holds one read-only, C-contiguous float64 array of shape
``(..., width)``.  The leading axes index shapes; the trailing axis holds one
shape's coordinates.  A shape array is validated once, when it is built, and
trusted by every query after that, so it owns its data: building one copies the
caller's array (the copy, the validation and the largest magnitude, which the
exact predicates' first filter needs, are one threaded pass in C).

``copy=False`` skips the copy where the input allows it (C-contiguous, aligned,
native-endian float64): the shape array then wraps the caller's array, and the
caller promises not to write to it while the shape array or anything built from
it is in use.  Writing to it anyway voids every guarantee (answers may be
wrong, not merely different).  Any other input is copied whatever ``copy``
says.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Dict, List, Optional, Tuple, Type, TypeVar, overload

import numpy as np
from numpy.typing import ArrayLike

from ._native import call, check_rc, ffi, int64_array, lib, resolve_threads

__all__ = ["Shapes", "Points", "Circles", "Boxes", "Segments", "Triangles", "Capsules", "Polygons", "Lines", "KINDS"]

#: The kind registry: kind name -> shape type, in kind-number order.  Every
#: Shapes subclass that names a kind registers itself here; shapes, compounds,
#: the verbs, the tests, the strategies, the reference and bench read it.
KINDS: Dict[str, "Type[Shapes]"] = {}

S = TypeVar("S", bound="Shapes")

_RULES = {
    lib.PC_RULE_NONFINITE: "coordinates must be finite (no NaN or infinity)",
    lib.PC_RULE_RADIUS: "radius must be >= 0",
    lib.PC_RULE_XORDER: "xmin must be <= xmax",
    lib.PC_RULE_YORDER: "ymin must be <= ymax",
    lib.PC_RULE_LINE_POINTS: "the two points of a line coincide",
    lib.PC_RULE_NOT_CONVEX: "a polygon must be convex (it turns both ways, or doubles back on itself)",
    lib.PC_RULE_WINDING: "a polygon must wind around once (its vertices go round more than once)",
}


def as_float_array(obj: Any, owner: str, name: str) -> np.ndarray:
    """``obj`` as a float64 ndarray, or a TypeError naming the argument."""
    if isinstance(obj, Shapes):
        raise TypeError(f"{owner}: `{name}` must be an array of numbers, got {type(obj).__name__}")
    try:
        arr = np.asarray(obj)
        if arr.dtype == object and isinstance(obj, (list, tuple)):
            np.array(obj, dtype=np.float64)  # ragged: numpy < 1.24 made an object array (with a warning)
    except ValueError as exc:  # ragged nested sequences
        raise ValueError(f"{owner}: `{name}` is not a rectangular array of numbers ({exc})") from None
    except TypeError:  # objects that are not numbers: the dtype check below names them
        pass
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"{owner}: `{name}` must hold real numbers (int or float), got dtype {arr.dtype}")
    if arr.dtype.kind == "b":
        raise TypeError(f"{owner}: `{name}` must hold real numbers, got booleans")
    return arr


class Shapes:
    """Base class of the shape arrays.  Use a concrete type (Points, Circles, ...).

    Every concrete type is built as ``Type(data, *, copy=True)`` from an array
    of its layout, or from its named fields (``Circles(center=..., radius=...)``);
    see the module docstring for ``copy``.  The fields broadcast against each
    other like numpy arrays, but only to as many shapes as the largest field
    holds: ``Circles(center=np.zeros((1000, 2)), radius=np.ones((1000, 1)))``
    (a column of radii, where ``(1000,)`` was meant) would make a million
    circles, and is a ``ValueError``; pass ``broadcast=True`` to build every
    combination on purpose.
    """

    # _c caches what the C core is handed: (pointer, leading strides in doubles)
    __slots__ = ("_data", "_magnitude", "_c")
    _data: np.ndarray
    _magnitude: float
    _c: Any
    #: the kind's name in the registry, e.g. "circle"
    name: ClassVar[str]
    #: the C core's kind number (stable: new kinds take new numbers)
    kind: ClassVar[int]
    #: doubles per shape
    width: ClassVar[int]
    #: layout column names, e.g. ("x", "y", "r")
    columns: ClassVar[Tuple[str, ...]]
    #: named fields: (name, number of columns); a field of 1 column has no trailing axis
    fields: ClassVar[Tuple[Tuple[str, int], ...]]
    #: whether the kind is a shape the queries take (Lines are for intersections only)
    solid: ClassVar[bool]

    def __init_subclass__(
        cls,
        *,
        name: Optional[str] = None,
        kind: int = -1,
        columns: Tuple[str, ...] = (),
        fields: Tuple[Tuple[str, int], ...] = (),
        solid: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        if name is None:
            return
        width = lib.pc_kind_width(kind)
        if width != len(columns) or width != sum(n for _, n in fields) or name in KINDS:
            raise TypeError(f"{cls.__name__}: kind {name!r} ({kind}) does not match the C core's layout")
        cls.name, cls.kind, cls.width, cls.columns, cls.fields, cls.solid = name, kind, width, columns, fields, solid
        KINDS[name] = cls

    def __init__(self, *args: Any, copy: bool = True, broadcast: bool = False, **kwargs: Any) -> None:
        cls = type(self)
        name = cls.__name__
        if "name" not in cls.__dict__:
            raise TypeError(
                f"{name} is the abstract base of the shape arrays; build {kind_names()} (or Lines, for intersections)"
            )
        if not isinstance(copy, (bool, np.bool_)):
            raise TypeError(f"{name}: `copy` must be True or False, got {copy!r}")
        if not isinstance(broadcast, (bool, np.bool_)):
            raise TypeError(f"{name}: `broadcast` must be True or False, got {broadcast!r}")
        if broadcast and not kwargs and len(args) == 1:
            raise TypeError(
                f"{name}: `broadcast` applies to the fields ({', '.join(f for f, _ in cls.fields)}), "
                "not to one array of the layout"
            )
        if len(args) == 1 and not kwargs:
            source = args[0]
            if isinstance(source, cls):  # already validated: share its read-only buffer
                self._data, self._magnitude, self._c = source._data, source._magnitude, None
                return
            arr, labels, fresh = self._from_layout(source), None, False
        elif args or kwargs:
            (arr, labels), fresh = self._from_fields(args, kwargs, bool(broadcast)), True
        else:
            raise TypeError(
                f"{name}() needs an array of layout (..., {cls.width}) "
                f"or the fields {', '.join(f for f, _ in cls.fields)}"
            )
        self._data, self._magnitude = _validated(cls, arr, labels, fresh or not copy)
        self._c = None

    # -- construction ---------------------------------------------------------
    @classmethod
    def _from_layout(cls, obj: Any) -> np.ndarray:
        if isinstance(obj, Shapes):
            raise TypeError(
                f"{cls.__name__}: `data` must be an array of layout (..., {cls.width}), got {type(obj).__name__}"
            )
        arr = as_float_array(obj, cls.__name__, "data")
        if arr.ndim == 0 or arr.shape[-1] != cls.width:
            raise ValueError(
                f"{cls.__name__}: `data` must have shape (..., {cls.width}) with columns "
                f"({', '.join(cls.columns)}); got shape {arr.shape}"
            )
        return arr

    @classmethod
    def _from_fields(cls, args: tuple, kwargs: dict, outer: bool = False) -> Tuple[np.ndarray, list]:
        name = cls.__name__
        names = [f for f, _ in cls.fields]
        if len(args) > len(names):
            raise TypeError(f"{name}() takes the fields {', '.join(names)}; got {len(args)} arguments")
        values = dict(zip(names, args))
        for key, value in kwargs.items():
            if key not in names:
                raise TypeError(f"{name}() got an unexpected field `{key}`; fields: {', '.join(names)}")
            if key in values:
                raise TypeError(f"{name}() got field `{key}` twice")
            values[key] = value
        missing = [f for f in names if f not in values]
        if missing:
            raise TypeError(f"{name}() is missing the field(s) {', '.join(missing)}")
        parts, leading = [], []
        for field, ncols in cls.fields:
            arr = as_float_array(values[field], name, field)
            if ncols == 1:
                arr = arr[..., None]
            elif arr.ndim == 0 or arr.shape[-1] != ncols:
                raise ValueError(f"{name}: `{field}` must have shape (..., {ncols}); got shape {arr.shape}")
            parts.append(arr)
            leading.append(arr.shape[:-1])
        try:
            shape = np.broadcast_shapes(*leading)
        except ValueError:
            raise ValueError(
                f"{name}: the fields' shapes {', '.join(map(str, leading))} do not broadcast together"
            ) from None
        count = int(np.prod(shape, dtype=np.int64))
        if not outer and count > max(int(np.prod(s, dtype=np.int64)) for s in leading):
            # (1000, 2) centres and (1000, 1) radii broadcast to a million circles: almost
            # always a mistake (a column vector for a 1-D field), so only on request
            given = ", ".join(f"`{f}` {a.shape[:-1] if n == 1 else a.shape}" for (f, n), a in zip(cls.fields, parts))
            raise ValueError(
                f"{name}: the fields ({given}) broadcast to {shape}, {count} shapes, more than any field holds; "
                "a field of one column (like `radius`) takes the leading shape alone, without a trailing axis of 1. "
                "To build every combination on purpose, pass broadcast=True"
            )
        data = np.empty(shape + (cls.width,), dtype=np.float64)
        start = 0
        for p in parts:  # one fresh, native, contiguous array: validated in place
            data[..., start : start + p.shape[-1]] = p
            start += p.shape[-1]
        labels = [(field, j) for field, ncols in cls.fields for j in range(ncols)]
        return data, labels

    @classmethod
    def _trusted(cls: Type[S], data: np.ndarray, magnitude: float) -> S:
        """Wrap an array that is already a valid, read-only float64 layout whose
        values are all at most ``magnitude`` in absolute value."""
        self = cls.__new__(cls)
        self._data = data
        self._magnitude = magnitude
        self._c = None
        return self

    # -- array behaviour ------------------------------------------------------
    @property
    def shape(self) -> Tuple[int, ...]:
        """The leading shape: how many shapes along each axis."""
        return self._data.shape[:-1]

    @property
    def ndim(self) -> int:
        return self._data.ndim - 1

    @property
    def size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))

    def __len__(self) -> int:
        if self.ndim == 0:
            raise TypeError(f"len() of a single {type(self).__name__[:-1].lower()} (shape ())")
        return self._data.shape[0]

    def __getitem__(self: S, key: Any) -> S:
        if not isinstance(key, tuple):
            key = (key,)
        # index the leading axes only: the trailing (coordinate) axis stays whole
        # a subset keeps the parent's magnitude: still an upper bound
        return type(self)._trusted(self._data[key + (slice(None),)], self._magnitude)

    def __reduce__(self):
        # pickled as the layout array, validated again on loading (the cached
        # C pointer must not travel)
        return (type(self), (np.array(self._data),))

    def to_shapely(self) -> np.ndarray:
        """The shapes as an array of shapely geometries, of the array's shape,
        exactly (see :func:`pycollide.from_shapely`, which reads them back):
        points, two-point line strings, and polygons for boxes, triangles and
        polygons.  Circles, capsules and lines raise TypeError."""
        import shapely

        data = np.array(self._data)
        if isinstance(self, Points):
            return np.asarray(shapely.points(data))
        if isinstance(self, Segments):
            return np.asarray(shapely.linestrings(data.reshape(self.shape + (2, 2))))
        if isinstance(self, Boxes):
            return np.asarray(shapely.box(data[..., 0], data[..., 1], data[..., 2], data[..., 3], ccw=True))
        if isinstance(self, (Triangles, Polygons)):
            return np.asarray(shapely.polygons(data.reshape(self.shape + (data.shape[-1] // 2, 2))))
        raise TypeError(
            f"to_shapely: {type(self).__name__} have no exact shapely geometry "
            "(shapely.buffer of their centres or segments approximates circles and capsules)"
        )

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        if copy:
            return np.array(self._data, dtype=dtype, copy=True)
        return self._data if dtype is None else self._data.astype(dtype, copy=False)

    def __repr__(self) -> str:
        body = np.array2string(self._data, separator=", ", prefix=type(self).__name__ + "(")
        return f"{type(self).__name__}({body})"

    def bounds(self) -> np.ndarray:
        """The closed axis-aligned box of each shape, layout ``(..., 4)``: xmin,
        ymin, xmax, ymax.  Each is the shape's exact extreme where that is a
        double (a vertex's or a box's own coordinate; a circle's ``x - r``
        where that difference is one), else the double next to it outward,
        so that the box holds the shape (inf beyond the doubles).

        >>> import pycollide as pc
        >>> pc.Triangles([0, 0, 2, 1, 1, 3]).bounds()
        array([0., 0., 2., 3.])
        """
        if not type(self).solid:
            raise TypeError(f"{type(self).__name__} have no bounds (they are infinite)")
        data = np.ascontiguousarray(self._data).reshape(-1, self.width)
        out = np.empty((len(data), 4))
        if len(data):
            check_rc(
                "bounds",
                call(
                    len(data),
                    lib.pc_bounds,
                    self.kind,
                    ffi.cast("double *", ffi.from_buffer(data)),
                    len(data),
                    ffi.cast("double *", ffi.from_buffer(out)),
                    resolve_threads("bounds", None, len(data)),
                ),
            )
        return out.reshape(self.shape + (4,))

    def __dir__(self) -> List[str]:
        # the named fields (center, radius, ...) are read through __getattr__
        return sorted(set(super().__dir__()) | {field for field, _ in type(self).fields})

    def __getattr__(self, attr: str) -> np.ndarray:
        start = 0
        for field, ncols in type(self).fields:
            if field == attr:
                view = self._data[..., start : start + ncols]
                return view[..., 0] if ncols == 1 else view
            start += ncols
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {attr!r}")


def block_of(cls: "Type[S]", block: Any, start: Tuple[int, ...]) -> S:
    """The shapes of ``cls`` in ``block``, a block of a larger array whose first
    shape sits at index ``start`` there (one entry per leading axis): as
    ``cls(block, copy=False)``, except that a validation error names the bad
    shape by its index in the larger array (pycollide.dask's blocks)."""
    self = cls.__new__(cls)
    self._data, self._magnitude = _validated(cls, cls._from_layout(block), None, True, tuple(start))
    self._c = None
    return self


def _validated(
    cls: "Type[Shapes]", arr: np.ndarray, labels: Any, in_place: bool, start: Tuple[int, ...] = ()
) -> Tuple[np.ndarray, float]:
    """The shapes as a read-only C-contiguous float64 array of their own (or,
    with ``in_place``, ``arr`` itself where it is already contiguous, aligned
    and native float64) and the largest absolute value in it, which the exact
    predicates' first filter uses.  The copy, the validation and the magnitude
    are one threaded pass in C.  ``start``: where ``arr`` begins in a larger
    array, for the index an error names (see :func:`block_of`)."""
    width = cls.width
    wrap = in_place and arr.dtype == np.float64 and arr.flags.c_contiguous and arr.flags.aligned and arr.dtype.isnative
    if wrap:
        data = arr
    elif arr.dtype.kind != "f" or arr.dtype.itemsize != 8:
        data = arr = arr.astype(np.float64, order="C")  # a conversion is a private copy already
    else:
        data = np.empty(arr.shape, dtype=np.float64)
    n = data.size // width
    magnitude = 0.0
    if n:
        if arr.flags.c_contiguous:  # any alignment or byte order: one flat run
            ndim, dims, strides = 1, _SIZES(n), _SIZES(8 * width)
            src = ffi.from_buffer(arr)
        else:
            ndim = arr.ndim - 1
            dims, strides = int64_array(arr.shape[:-1]), int64_array(arr.strides[:-1])
            src = ffi.cast("void *", arr.__array_interface__["data"][0])
        dst = src if data is arr else ffi.from_buffer(data)
        bad, mag = ffi.new("int64_t *"), ffi.new("double *")
        rule = call(
            n,
            lib.pc_validate_copy,
            cls.kind,
            src,
            ndim,
            dims,
            strides,
            arr.strides[-1],
            not arr.dtype.isnative,
            ffi.cast("double *", dst),
            bad,
            mag,
            resolve_threads(cls.__name__, None, n),
        )
        if rule != lib.PC_RULE_OK:
            check_rc(cls.__name__, min(rule, 0))
            raise ValueError(_describe(cls, arr, labels, rule, int(bad[0]), start))
        magnitude = float(mag[0])
    if data.flags.writeable:  # read-only, through a view: a wrapped caller's array stays writeable
        data = data.view()
        data.flags.writeable = False
    return data, magnitude


def _SIZES(value: int):
    return ffi.new("int64_t[1]", [value])


def _describe(
    cls: "Type[Shapes]", data: np.ndarray, labels: Any, rule: int, flat_index: int, start: Tuple[int, ...] = ()
) -> str:
    leading = data.shape[:-1]
    local = np.unravel_index(flat_index, leading) if leading else ()
    row = data[local]
    index = tuple(int(i) + int(o) for i, o in zip(local, start)) if start else local  # in the larger array
    if rule in (lib.PC_RULE_NOT_CONVEX, lib.PC_RULE_WINDING):
        where = ", ".join(str(int(i)) for i in index)
        arg = "vertices" if labels is not None or cls.name.startswith("polygon") else "data"
        return (
            f"{cls.__name__}: `{arg}`: {_RULES[rule]}; the first bad polygon is {arg}{f'[{where}]' if where else ''} "
            f"with vertices {np.asarray(row, dtype=np.float64).reshape(-1, 2).tolist()}"
        )
    col = {
        lib.PC_RULE_RADIUS: cls.width - 1,
        lib.PC_RULE_XORDER: 0,
        lib.PC_RULE_YORDER: 1,
        lib.PC_RULE_LINE_POINTS: 0,
    }.get(rule)
    if col is None:
        col = int(np.flatnonzero(~np.isfinite(row))[0])
    where = ", ".join(str(int(i)) for i in index)
    arg = "data" if labels is None else labels[col][0]
    at = f"{arg}[{where}]" if where else arg
    value = f"{cls.columns[col]} = {float(row[col])!r}"
    if rule in (lib.PC_RULE_XORDER, lib.PC_RULE_YORDER):
        lo, hi = (0, 2) if rule == lib.PC_RULE_XORDER else (1, 3)
        value = f"{cls.columns[lo]} = {float(row[lo])!r} > {cls.columns[hi]} = {float(row[hi])!r}"
        if labels is not None:
            arg, at = "mins/maxs", f"shape {where or '()'}"
    if rule == lib.PC_RULE_LINE_POINTS:
        value = f"(x0, y0) = (x1, y1) = ({float(row[0])!r}, {float(row[1])!r})"
        if labels is not None:
            arg, at = "start/end", f"shape {where or '()'}"
    return f"{cls.__name__}: `{arg}`: {_RULES[rule]}; the first bad shape is {at} with {value}"


class Points(Shapes, name="point", kind=lib.PC_POINT, columns=("x", "y"), fields=(("xy", 2),)):
    """Points, layout ``(..., 2)``: x, y.

    >>> import pycollide as pc
    >>> p = pc.Points([[0, 0], [1, 2]])
    >>> p.shape, len(p)
    ((2,), 2)
    >>> p[1]
    Points([1., 2.])
    """

    __slots__ = ()

    @overload
    def __init__(self, data: ArrayLike, /, *, copy: bool = True) -> None: ...
    @overload
    def __init__(self, *, xy: ArrayLike, copy: bool = True, broadcast: bool = False) -> None: ...

    def __init__(self, *args: Any, copy: bool = True, broadcast: bool = False, **fields: Any) -> None:
        super().__init__(*args, copy=copy, broadcast=broadcast, **fields)


class Circles(
    Shapes, name="circle", kind=lib.PC_CIRCLE, columns=("x", "y", "r"), fields=(("center", 2), ("radius", 1))
):
    """Closed disks, layout ``(..., 3)``: x, y, r with r >= 0 (r = 0 is a point).

    Build from one array or from fields ``Circles(center, radius)``.

    >>> import pycollide as pc
    >>> c = pc.Circles(center=[[0, 0], [3, 4]], radius=1)
    >>> np.asarray(c)
    array([[0., 0., 1.],
           [3., 4., 1.]])
    >>> c.radius
    array([1., 1.])
    """

    __slots__ = ()

    @overload
    def __init__(self, data: ArrayLike, /, *, copy: bool = True) -> None: ...
    @overload
    def __init__(self, *, center: ArrayLike, radius: ArrayLike, copy: bool = True, broadcast: bool = False) -> None: ...

    def __init__(self, *args: Any, copy: bool = True, broadcast: bool = False, **fields: Any) -> None:
        super().__init__(*args, copy=copy, broadcast=broadcast, **fields)


class Boxes(
    Shapes, name="box", kind=lib.PC_BOX, columns=("xmin", "ymin", "xmax", "ymax"), fields=(("mins", 2), ("maxs", 2))
):
    """Closed axis-aligned boxes, layout ``(..., 4)``: xmin, ymin, xmax, ymax.

    min <= max on each axis; zero width or height is allowed.  Build from one
    array or from fields ``Boxes(mins, maxs)``.

    >>> import pycollide as pc
    >>> pc.Boxes(mins=[0, 0], maxs=[2, 1])
    Boxes([0., 0., 2., 1.])
    """

    __slots__ = ()

    @overload
    def __init__(self, data: ArrayLike, /, *, copy: bool = True) -> None: ...
    @overload
    def __init__(self, *, mins: ArrayLike, maxs: ArrayLike, copy: bool = True, broadcast: bool = False) -> None: ...

    def __init__(self, *args: Any, copy: bool = True, broadcast: bool = False, **fields: Any) -> None:
        super().__init__(*args, copy=copy, broadcast=broadcast, **fields)


class Segments(
    Shapes, name="segment", kind=lib.PC_SEGMENT, columns=("x0", "y0", "x1", "y1"), fields=(("start", 2), ("end", 2))
):
    """Closed line segments, layout ``(..., 4)``: x0, y0, x1, y1 (zero length allowed).

    Build from one array or from fields ``Segments(start, end)``.
    """

    __slots__ = ()

    @overload
    def __init__(self, data: ArrayLike, /, *, copy: bool = True) -> None: ...
    @overload
    def __init__(self, *, start: ArrayLike, end: ArrayLike, copy: bool = True, broadcast: bool = False) -> None: ...

    def __init__(self, *args: Any, copy: bool = True, broadcast: bool = False, **fields: Any) -> None:
        super().__init__(*args, copy=copy, broadcast=broadcast, **fields)


class Triangles(
    Shapes,
    name="triangle",
    kind=lib.PC_TRIANGLE,
    columns=("x0", "y0", "x1", "y1", "x2", "y2"),
    fields=(("p0", 2), ("p1", 2), ("p2", 2)),
):
    """Closed triangles, layout ``(..., 6)``: x0, y0, x1, y1, x2, y2.

    Either winding.  Collinear or coincident vertices are allowed: such a
    triangle is the union of its edges.  Build from one array or from fields
    ``Triangles(p0, p1, p2)``.
    """

    __slots__ = ()

    @overload
    def __init__(self, data: ArrayLike, /, *, copy: bool = True) -> None: ...
    @overload
    def __init__(
        self, *, p0: ArrayLike, p1: ArrayLike, p2: ArrayLike, copy: bool = True, broadcast: bool = False
    ) -> None: ...

    def __init__(self, *args: Any, copy: bool = True, broadcast: bool = False, **fields: Any) -> None:
        super().__init__(*args, copy=copy, broadcast=broadcast, **fields)


class Capsules(
    Shapes,
    name="capsule",
    kind=lib.PC_CAPSULE,
    columns=("x0", "y0", "x1", "y1", "r"),
    fields=(("start", 2), ("end", 2), ("radius", 1)),
):
    """Closed capsules (stadiums), layout ``(..., 5)``: x0, y0, x1, y1, r: every
    point within r >= 0 of the segment from (x0, y0) to (x1, y1).  A capsule of
    zero length is a circle, one of radius 0 a segment.  Build from one array
    or from fields ``Capsules(start, end, radius)``.

    >>> import pycollide as pc
    >>> body = pc.Capsules(start=[0, 1], end=[0, 2], radius=0.5)   # a standing character
    >>> bool(pc.overlaps(body, pc.Boxes([-1, 0, 1, 0.5])))          # feet on the floor
    True
    """

    __slots__ = ()

    @overload
    def __init__(self, data: ArrayLike, /, *, copy: bool = True) -> None: ...
    @overload
    def __init__(
        self, *, start: ArrayLike, end: ArrayLike, radius: ArrayLike, copy: bool = True, broadcast: bool = False
    ) -> None: ...

    def __init__(self, *args: Any, copy: bool = True, broadcast: bool = False, **fields: Any) -> None:
        super().__init__(*args, copy=copy, broadcast=broadcast, **fields)


class Polygons(Shapes):
    """Closed convex polygons of K vertices (3 <= K <= 8), built from an array
    of shape ``(..., K, 2)`` (one K per array; the K is in the type: ``Polygons``
    of different K are different kinds to the core, ``vertex_count`` says which).

    Either winding.  Repeated consecutive vertices are allowed, so polygons with
    fewer distinct vertices fit in one array (repeat the last one); collinear
    vertices and zero area are allowed too (an all-collinear polygon is the
    segment its vertices span).  Validation is exact: a polygon that is not
    convex or that winds around more than once is a ``ValueError`` naming the
    first bad one.  ``np.asarray(polygons)`` and ``polygons.vertices`` have
    shape ``(..., K, 2)``.

    >>> import pycollide as pc
    >>> crate = pc.Polygons.from_box(center=[0, 1], half_size=[1, 1], angle=np.pi / 4)
    >>> crate.vertex_count, crate.vertices.shape
    (4, (4, 2))
    >>> pc.Polygons([[0, 0], [2, 0], [2, 1], [0, 2]]).shape
    ()
    """

    __slots__ = ()
    #: K, the number of vertices of every polygon of the type
    vertex_count: ClassVar[int]
    #: oriented boxes as 4-gons: pycollide.transform.from_box (set there: it is a transform)
    from_box: ClassVar[Callable[..., "Polygons"]]
    _by_count: ClassVar[Dict[int, "Type[Polygons]"]] = {}

    def __new__(cls, *args: Any, copy: bool = True, **fields: Any) -> "Polygons":
        if cls is not Polygons:
            return super().__new__(cls)
        source = args[0] if len(args) == 1 and not fields else fields.get("vertices")
        if len(args) + len(fields) != 1 or source is None:
            raise TypeError("Polygons() takes one array of vertices, of shape (..., K, 2) with 3 <= K <= 8")
        if isinstance(source, Polygons):
            return super().__new__(type(source))
        arr = as_float_array(source, "Polygons", "vertices")
        if arr.ndim < 2 or arr.shape[-1] != 2:
            raise ValueError(
                f"Polygons: `vertices` must have shape (..., K, 2), x and y of K vertices; got shape {arr.shape}"
            )
        k = arr.shape[-2]
        if k not in Polygons._by_count:
            raise ValueError(
                f"Polygons: `vertices` must have 3 to 8 vertices per polygon (shape (..., K, 2), "
                f"3 <= K <= 8); got K = {k}"
            )
        return super().__new__(Polygons._by_count[k])

    def __init__(self, *args: Any, copy: bool = True, **fields: Any) -> None:
        if "vertices" in fields and not args:
            args, fields = (fields.pop("vertices"),), fields
        if fields:
            raise TypeError(f"Polygons() got unexpected argument(s) {', '.join(fields)}")
        super().__init__(*args, copy=copy)

    @classmethod
    def _from_layout(cls, obj: Any) -> np.ndarray:
        # (..., K, 2); the type of one K also takes its flat layout (..., 2K),
        # as every kind in the registry does
        arr = as_float_array(obj, "Polygons", "vertices")
        k = cls.vertex_count
        if arr.ndim >= 1 and arr.shape[-1] == 2 * k:
            return arr
        if arr.ndim < 2 or arr.shape[-2:] != (k, 2):
            raise ValueError(f"Polygons: `vertices` must have shape (..., {k}, 2); got shape {arr.shape}")
        return arr.reshape(arr.shape[:-2] + (2 * k,))

    @property
    def vertices(self) -> np.ndarray:
        """The vertices, shape ``(..., K, 2)`` (read-only)."""
        return self._data.reshape(self._data.shape[:-1] + (self.vertex_count, 2))

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        v = self.vertices
        if copy:
            return np.array(v, dtype=dtype, copy=True)
        return v if dtype is None else v.astype(dtype, copy=False)

    def __reduce__(self):
        return (Polygons, (np.array(self.vertices),))

    def __repr__(self) -> str:
        body = np.array2string(self.vertices, separator=", ", prefix="Polygons(")
        return f"Polygons({body})"


def _polygon_kind(k: int) -> "Type[Polygons]":
    sub = type(
        f"Polygons{k}",
        (Polygons,),
        {
            "__slots__": (),
            "vertex_count": k,
            "__module__": __name__,
            "__doc__": f"Convex polygons of {k} vertices (see Polygons).",
        },
        name=f"polygon{k}",
        kind=lib.PC_POLYGON + k - 3,
        columns=tuple(f"{a}{i}" for i in range(k) for a in "xy"),
        fields=(("vertices", 2 * k),),
    )
    sub.__name__ = "Polygons"
    Polygons._by_count[k] = sub
    return sub


Polygons3, Polygons4, Polygons5, Polygons6, Polygons7, Polygons8 = (_polygon_kind(k) for k in range(3, 9))


class Lines(
    Shapes,
    name="line",
    kind=lib.PC_LINE,
    columns=("x0", "y0", "x1", "y1"),
    fields=(("start", 2), ("end", 2)),
    solid=False,
):
    """Infinite lines, each through two distinct points, layout ``(..., 4)``:
    x0, y0, x1, y1.  The direction from the first point (``start``) to the
    second (``end``) orders the points :func:`pycollide.intersections` reports.

    Lines are accepted only by :func:`pycollide.intersections`; ``overlaps``
    and ``contains`` reject them.  Build from one array or from fields
    ``Lines(start, end)``.

    >>> import pycollide as pc
    >>> pc.Lines(start=[0, 0], end=[[1, 0], [0, 1]])
    Lines([[0., 0., 1., 0.],
           [0., 0., 0., 1.]])
    """

    __slots__ = ()

    @overload
    def __init__(self, data: ArrayLike, /, *, copy: bool = True) -> None: ...
    @overload
    def __init__(self, *, start: ArrayLike, end: ArrayLike, copy: bool = True, broadcast: bool = False) -> None: ...

    def __init__(self, *args: Any, copy: bool = True, broadcast: bool = False, **fields: Any) -> None:
        super().__init__(*args, copy=copy, broadcast=broadcast, **fields)


def solid_kinds() -> Tuple["Type[Shapes]", ...]:
    """The shape types the queries take (every registered kind but Lines), in kind order."""
    return tuple(cls for cls in KINDS.values() if cls.solid)


def kind_names() -> str:
    """The shape types the queries take, each named once, for messages:
    "Points, Circles, ..., Capsules or Polygons" (one Polygons for every K)."""
    names = list(dict.fromkeys(cls.__name__ for cls in solid_kinds()))
    return ", ".join(names[:-1]) + " or " + names[-1]
