"""Shape types: construction, layouts, zero-copy, indexing, validation errors."""

import math
import sys
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference.geometry import shape_core as ref_shape_core
from strategies import TYPES as STRATEGY_TYPES
from strategies import any_coords, examples, shape, valid_rows

import pycollide as pc

TYPES = list(STRATEGY_TYPES.values())  # every shape kind in the registry
VALID = {
    pc.Points: [1.0, 2.0],
    pc.Circles: [1.0, 2.0, 0.5],
    pc.Boxes: [0.0, 0.0, 1.0, 2.0],
    pc.Segments: [0.0, 0.0, 3.0, 4.0],
    pc.Triangles: [0.0, 0.0, 1.0, 0.0, 0.0, 1.0],
    pc.Capsules: [0.0, 0.0, 3.0, 4.0, 0.5],
}
for _cls in TYPES:  # polygons: a unit square, its last corner repeated up to K
    if issubclass(_cls, pc.Polygons):
        _k = _cls.vertex_count
        VALID[_cls] = [0.0, 0.0, 1.0, 0.0, 1.0, 1.0] + [0.0, 1.0] * (_k - 3)


@pytest.mark.parametrize("cls", TYPES)
def test_layout_shape_len_and_asarray(cls):
    data = np.array([VALID[cls]] * 6).reshape(2, 3, cls.width)
    s = cls(data)
    assert s.shape == (2, 3) and s.ndim == 2 and len(s) == 2 and s.size == 6
    # a polygon's array is (..., K, 2): its vertices
    np.testing.assert_array_equal(np.asarray(s).reshape(data.shape), data)
    assert np.asarray(s).dtype == np.float64


@pytest.mark.parametrize("cls", TYPES)
def test_shapes_own_their_data(cls):
    data = np.array([VALID[cls]] * 4)
    s = cls(data)
    assert not np.shares_memory(np.asarray(s), data), "a shape array keeps its own copy"
    assert data.flags.writeable, "the caller's array stays writeable"
    assert not np.asarray(s).flags.writeable
    with pytest.raises(ValueError):
        np.asarray(s)[0, 0] = 5.0
    data[:] = 0.0  # writing into the caller's array changes nothing
    np.testing.assert_array_equal(np.asarray(s).reshape(4, -1), [VALID[cls]] * 4)


@pytest.mark.parametrize("cls", TYPES)
def test_copy_false_wraps_contiguous_float64(cls):
    data = np.array([VALID[cls]] * 4)
    s = cls(data, copy=False)
    assert np.shares_memory(np.asarray(s), data)
    assert data.flags.writeable and not np.asarray(s).flags.writeable
    # anything else is copied whatever copy says
    for other in (
        data[::2],
        data.astype(data.dtype.newbyteorder()),
        data.astype(np.float32),
        np.asfortranarray(np.array([VALID[cls]] * 4)),
    ):
        assert not np.shares_memory(np.asarray(cls(other, copy=False)), other)
    with pytest.raises(TypeError, match="copy"):
        cls(data, copy="no")


def test_other_inputs_are_copied_to_float64():
    s = pc.Points([[1, 2], [3, 4]])  # a list of ints
    assert np.asarray(s).dtype == np.float64
    f32 = np.array([[1, 2, 3]], dtype=np.float32)
    assert not np.shares_memory(np.asarray(pc.Circles(f32)), f32)
    strided = np.zeros((4, 6))[::2, :4]
    assert np.asarray(pc.Boxes(strided)).flags.c_contiguous


def test_writing_into_the_callers_array_changes_no_answer():
    """Issue 14's reproducer: points built from an array the caller then fills
    with near-degenerate points (on and beside the triangles' edges).  The
    shape array kept its own copy (zeros), so the answers stay those of zeros."""
    rng = np.random.default_rng(3)
    n = 20000
    tri = pc.Triangles(
        np.column_stack([rng.uniform(-1, 1, (n, 2)), rng.uniform(-1, 1, (n, 2)), rng.uniform(-1, 1, (n, 2))])
    )
    P = np.zeros((n, 2))
    pts = pc.Points(P)
    before = pc.overlaps(pts, tri)
    t = np.asarray(tri)
    w = rng.uniform(0, 1, (n, 1))
    P[:] = np.nextafter(t[:, 0:2] * w + t[:, 2:4] * (1 - w), 0)  # a hair from an edge: where filters matter
    np.testing.assert_array_equal(pc.overlaps(pts, tri), before)
    np.testing.assert_array_equal(pc.overlaps(pc.Points(np.zeros((n, 2))), tri), before)
    # and a radius written negative after construction stays what it was
    arr = np.array([[0.0, 0.0, 1.0]])
    c = pc.Circles(arr)
    arr[0, 2] = -5.0
    assert float(c.radius[0]) == 1.0
    room = pc.TileMap.from_text("#####\n#...#\n#####")
    moved, v = pc.advance(pc.Circles([2.5, 1.5, 0.25]), [1.0, 0.0], room, 1.0)
    assert np.isfinite(np.asarray(moved)).all()


def _unaligned(values, dtype=np.float64):
    """A float64 view one byte off alignment holding ``values`` (in the byte
    order of ``dtype``)."""
    raw = np.zeros(values.size * 8 + 1, dtype=np.uint8)
    view = raw[1:].view(dtype).reshape(values.shape)
    view[...] = values
    assert not view.flags.aligned
    return view


@pytest.mark.parametrize("cls", TYPES)
def test_unaligned_byteswapped_and_strided_inputs(cls):
    """Inputs numpy allows but C must not read as plain double arrays: one
    byte off alignment, big-endian, strided, negative strides, Fortran order.
    Each is copied (also with copy=False) and gives the answers of the
    aligned native array."""
    rng = np.random.default_rng(7)
    base = valid_rows(cls.name, np.array([VALID[cls]] * 50) + rng.integers(-3, 4, size=(50, cls.width)))
    ref = cls(base)
    probe = pc.Circles(np.column_stack([rng.integers(-4, 5, (50, 2)), np.ones(50)]))
    want = pc.overlaps(ref[:, None], probe[None, :])
    wide = np.zeros((50, 2 * cls.width))
    wide[:, ::2] = base
    variants = {
        "unaligned": _unaligned(base),
        "big-endian": base.astype(">f8"),
        "unaligned big-endian": _unaligned(base, ">f8"),
        "column-strided": wide[:, ::2],
        "reversed": base[::-1][::-1],
        "fortran": np.asfortranarray(base),
        "3-d strided": np.repeat(base[:, None, :], 3, axis=1)[:, 1],
    }
    for name, arr in variants.items():
        for copy in (True, False):
            s = cls(arr, copy=copy)
            data = np.asarray(s)
            assert data.flags.c_contiguous and data.flags.aligned and data.dtype == np.dtype("=f8"), name
            np.testing.assert_array_equal(data.reshape(base.shape), base, err_msg=name)
            np.testing.assert_array_equal(pc.overlaps(s[:, None], probe[None, :]), want, err_msg=name)
    bad = base.copy()
    bad[31, -1] = np.nan
    for arr in (_unaligned(bad), bad.astype(">f8")):
        with pytest.raises(ValueError, match=r"data\[31\]"):
            cls(arr)


def test_validation_is_threaded_and_independent_of_threads(monkeypatch):
    n = 300_000
    rng = np.random.default_rng(11)
    data = np.column_stack([rng.uniform(-10, 10, (n, 2)), rng.uniform(0, 1, n)])
    data[250_001, 2] = -1.0
    data[120_007, 0] = np.inf  # the first bad shape, in another chunk
    for threads in ("1", "2", "5"):
        monkeypatch.setenv("PYCOLLIDE_NUM_THREADS", threads)
        with pytest.raises(ValueError, match=r"data\[120007\] with x = inf"):
            pc.Circles(data)
        good = pc.Circles(data[:120_000])
        assert good._magnitude == np.abs(data[:120_000]).max()


@pytest.mark.parametrize("cls", TYPES)
def test_indexing_returns_the_same_type(cls):
    s = cls(np.array([VALID[cls]] * 12).reshape(3, 4, cls.width))
    assert type(s[0]) is cls and s[0].shape == (4,)
    assert type(s[1, 2]) is cls and s[1, 2].shape == ()
    assert s[:, ::2].shape == (3, 2)
    assert s[..., 1].shape == (3,)
    assert s[None].shape == (1, 3, 4)
    assert s[np.array([True, False, True])].shape == (2, 4)
    np.testing.assert_array_equal(np.asarray(s[1, 2]).reshape(-1), VALID[cls])
    with pytest.raises(IndexError):
        s[0, 0, 0]  # would index the coordinate axis
    with pytest.raises(TypeError, match="len"):
        len(s[0, 0])


def test_fields():
    c = pc.Circles(center=[[0, 0], [3, 4]], radius=[1, 2])
    np.testing.assert_array_equal(np.asarray(c), [[0, 0, 1], [3, 4, 2]])
    np.testing.assert_array_equal(c.center, [[0, 0], [3, 4]])
    np.testing.assert_array_equal(c.radius, [1, 2])
    assert pc.Circles([0, 0], 1).shape == ()
    b = pc.Boxes(mins=[[0, 0]] * 3, maxs=[1, 1])  # broadcasting fields
    assert b.shape == (3,)
    np.testing.assert_array_equal(b.maxs, [[1, 1]] * 3)
    s = pc.Segments(start=[0, 0], end=[[1, 1], [2, 2]])
    np.testing.assert_array_equal(np.asarray(s), [[0, 0, 1, 1], [0, 0, 2, 2]])
    t = pc.Triangles([0, 0], [1, 0], p2=[0, 1])
    np.testing.assert_array_equal(np.asarray(t), [0, 0, 1, 0, 0, 1])
    np.testing.assert_array_equal(pc.Points(xy=[[1, 2]]), [[1, 2]])


def test_empty_arrays():
    for cls in TYPES:
        s = cls(np.zeros((0, cls.width)))
        assert s.shape == (0,) and len(s) == 0


def test_degenerate_shapes_are_valid():
    pc.Circles([0, 0, 0])
    pc.Boxes([1, 1, 1, 1])
    pc.Segments([2, 2, 2, 2])
    pc.Triangles([0, 0, 1, 1, 2, 2])
    pc.Triangles([5, 5, 5, 5, 5, 5])


# ---- bounds ------------------------------------------------------------------


def _rounded_outward(value, down):
    """The Fraction ``value`` itself where it is a double, else the double next
    to it outward (down for a minimum, up for a maximum; inf beyond the doubles)."""
    top = Fraction(sys.float_info.max)
    if abs(value) > top:
        sign = 1.0 if value > 0 else -1.0
        return sign * (math.inf if (value > 0) != down else sys.float_info.max)
    f = float(value)  # the nearest double
    if Fraction(f) == value or (Fraction(f) < value) == down:
        return f
    return math.nextafter(f, -math.inf if down else math.inf)


def _exact_bounds(kind, row):
    core, r = ref_shape_core(kind, tuple(row))
    xs, ys = [p[0] for p in core], [p[1] for p in core]
    return [
        _rounded_outward(min(xs) - r, True),
        _rounded_outward(min(ys) - r, True),
        _rounded_outward(max(xs) + r, False),
        _rounded_outward(max(ys) + r, False),
    ]


def test_bounds_are_exact_where_the_extremes_are_doubles():
    assert pc.Boxes([0.1, 0.2, 0.3, 0.7]).bounds().tolist() == [0.1, 0.2, 0.3, 0.7]
    assert pc.Circles([1.0, 1.0, 1.0]).bounds().tolist() == [0.0, 0.0, 2.0, 2.0]  # was one ulp below 0
    assert pc.Circles([0.5, 3.0, 0.25]).bounds().tolist() == [0.25, 2.75, 0.75, 3.25]
    assert pc.Capsules([0.0, 1.0, 4.0, -2.0, 0.5]).bounds().tolist() == [-0.5, -2.5, 4.5, 1.5]
    x, y, r = 1.0, 0.0, 2.0**-60  # 1 -+ 2^-60 are no doubles: the doubles next to them outward
    lo, hi = pc.Circles([x, y, r]).bounds()[[0, 2]]
    assert (lo, hi) == (math.nextafter(1.0, 0.0), math.nextafter(1.0, 2.0))
    assert Fraction(lo) < Fraction(x) - Fraction(r) < Fraction(math.nextafter(lo, 1))
    assert Fraction(math.nextafter(hi, 0)) < Fraction(x) + Fraction(r) < Fraction(hi)
    assert pc.Circles([1e308, 0.0, 1e308]).bounds().tolist() == [0.0, -1e308, math.inf, 1e308]


@settings(max_examples=examples(60))
@given(st.sampled_from(sorted(STRATEGY_TYPES)), st.data())
def test_bounds_of_every_kind_against_the_exact_extremes(kind, data):
    rows = data.draw(st.lists(shape(kind, any_coords()), min_size=1, max_size=6))
    scale = data.draw(st.sampled_from([1.0, 2.0**-1000, 2.0**1000]))  # exact: whole shapes to the far scales
    rows = np.array(rows, dtype=float) * scale
    got = STRATEGY_TYPES[kind](rows).bounds().tolist()
    assert got == [_exact_bounds(kind, row) for row in rows]


@given(st.sampled_from(["circle", "capsule"]), st.data())
def test_bounds_of_round_kinds_beyond_the_doubles(kind, data):
    big = st.sampled_from([1e308, -1.7e308, 1.7976931348623157e308, 8.98846567431158e307, 5e-324, 0.0])
    rows = data.draw(
        st.lists(st.tuples(*[big] * (STRATEGY_TYPES[kind].width - 1), big.map(abs)), min_size=1, max_size=6)
    )
    got = STRATEGY_TYPES[kind](np.array(rows, dtype=float)).bounds().tolist()
    assert got == [_exact_bounds(kind, row) for row in rows]


# ---- bad input ---------------------------------------------------------------


@pytest.mark.parametrize("cls", TYPES)
def test_wrong_width(cls):
    if issubclass(cls, pc.Polygons):
        k = cls.vertex_count
        with pytest.raises(
            ValueError, match=rf"Polygons: `vertices` must have shape \(\.\.\., {k}, 2\).*got shape \(2, {k + 1}, 2\)"
        ):
            cls(np.zeros((2, k + 1, 2)))
        return
    with pytest.raises(
        ValueError,
        match=rf"{cls.__name__}: `data` must have shape \(\.\.\., {cls.width}\).*got shape \(2, {cls.width + 1}\)",
    ):
        cls(np.zeros((2, cls.width + 1)))
    with pytest.raises(ValueError, match="got shape ()"):
        cls(1.0)


@pytest.mark.parametrize(
    "bad", [np.array([["a", "b"]]), np.array([[1j, 2]]), np.array([[True, False]]), np.array([[None, 1]], dtype=object)]
)
def test_wrong_dtype(bad):
    with pytest.raises(TypeError, match="Points: `data` must hold real numbers"):
        pc.Points(bad)


def test_ragged_input():
    with pytest.raises(ValueError, match="Points: `data` is not a rectangular array"):
        pc.Points([[1, 2], [3]])


@pytest.mark.parametrize("value", [np.nan, np.inf, -np.inf])
@pytest.mark.parametrize("cls", TYPES)
def test_nonfinite(cls, value):
    data = np.array([VALID[cls]] * 5)
    data[3, 1] = value
    with pytest.raises(
        ValueError, match=rf"{cls.__name__}: `data`: coordinates must be finite.*data\[3\] with {cls.columns[1]} = "
    ):
        cls(data)


def test_nonfinite_names_the_field_and_multi_index():
    center = np.zeros((2, 3, 2))
    center[1, 2, 0] = np.nan
    with pytest.raises(ValueError, match=r"`center`: coordinates must be finite.*center\[1, 2\] with x = nan"):
        pc.Circles(center, 1.0)
    with pytest.raises(ValueError, match=r"`radius`: coordinates must be finite.*radius\[1\] with r = inf"):
        pc.Circles([[0, 0], [0, 0]], [1, np.inf])


def test_negative_radius():
    with pytest.raises(ValueError, match=r"Circles: `data`: radius must be >= 0.*data\[2\] with r = -0.5"):
        pc.Circles([[0, 0, 1], [0, 0, 0], [0, 0, -0.5], [0, 0, -1]])
    with pytest.raises(ValueError, match=r"`radius`: radius must be >= 0.*radius\[1\]"):
        pc.Circles([[0, 0], [1, 1]], [1, -1])


def test_min_greater_than_max():
    with pytest.raises(
        ValueError, match=r"Boxes: `data`: xmin must be <= xmax.*data\[1\] with xmin = 2.0 > xmax = 1.0"
    ):
        pc.Boxes([[0, 0, 1, 1], [2, 0, 1, 1]])
    with pytest.raises(
        ValueError,
        match=r"Boxes: `data`: ymin must be <= ymax; the first bad shape is data with ymin = 3.0 > ymax = 1.0",
    ):
        pc.Boxes([0, 3, 1, 1])
    with pytest.raises(ValueError, match=r"`mins/maxs`: xmin must be <= xmax.*shape 1"):
        pc.Boxes(mins=[[0, 0], [5, 0]], maxs=[1, 1])


def test_field_errors():
    with pytest.raises(TypeError, match="missing the field"):
        pc.Circles(center=[0, 0])
    with pytest.raises(TypeError, match="unexpected field `middle`"):
        pc.Circles(middle=[0, 0], radius=1)
    with pytest.raises(ValueError, match=r"Circles: `center` must have shape \(\.\.\., 2\)"):
        pc.Circles([0, 0, 0], 1)
    with pytest.raises(ValueError, match="do not broadcast"):
        pc.Circles(np.zeros((3, 2)), np.ones(4))
    with pytest.raises(TypeError, match="needs an array"):
        pc.Circles()
    with pytest.raises(TypeError, match="`data` must be an array of layout"):
        pc.Segments(pc.Boxes([0, 0, 1, 1]))


def test_fields_that_broadcast_beyond_every_field_are_an_error():
    """Circles(center=(1000, 2), radius=(1000, 1)) broadcast silently to a
    million circles (at 1e5, a 224 GiB MemoryError): only on request now."""
    with pytest.raises(ValueError, match=r"broadcast to \(1000, 1000\), 1000000 shapes, more than any field holds"):
        pc.Circles(center=np.zeros((1000, 2)), radius=np.ones((1000, 1)))
    with pytest.raises(ValueError, match="pass broadcast=True"):
        pc.Boxes(mins=np.zeros((3, 1, 2)), maxs=np.ones((1, 4, 2)))
    with pytest.raises(ValueError, match="more than any field holds"):
        pc.Capsules(start=np.zeros((5, 2)), end=np.ones((5, 1, 2)), radius=1)
    every = pc.Circles(center=np.zeros((3, 2)), radius=np.arange(4.0)[:, None], broadcast=True)
    assert every.shape == (4, 3)
    np.testing.assert_array_equal(every.radius, np.repeat(np.arange(4.0)[:, None], 3, axis=1))
    # broadcasting up to the largest field is what fields are for, and stays as it was
    assert pc.Circles(center=np.zeros((3, 2)), radius=1).shape == (3,)
    assert pc.Circles(center=[0, 0], radius=[1, 2, 3]).shape == (3,)
    assert pc.Segments(start=np.zeros((2, 1, 2)), end=np.ones((2, 5, 2))).shape == (2, 5)
    with pytest.raises(TypeError, match="`broadcast` must be True or False"):
        pc.Circles(center=[0, 0], radius=1, broadcast="yes")
    with pytest.raises(TypeError, match="`broadcast` applies to the fields"):
        pc.Circles([0, 0, 1], broadcast=True)


def test_fields_appear_in_dir():
    for cls in TYPES:
        shapes = cls(np.asarray(VALID[cls]))
        listed = dir(shapes)
        for field, _ in cls.fields:
            assert field in listed
            getattr(shapes, field)
    assert "radius" in dir(pc.Circles([0, 0, 1])) and "bounds" in dir(pc.Circles([0, 0, 1]))


def test_the_accepted_types_are_named_once_each():
    """The TypeError listing the accepted shape types named Polygons six times
    (once per vertex count); it names every kind once."""
    messages = []
    for call in (
        lambda: pc.overlaps(1, pc.Circles([0, 0, 1])),
        lambda: pc.pairs([1, 2]),
        lambda: pc.Compound([np.zeros(3)]),
        lambda: pc.shapes.Shapes([0, 0]),
    ):
        with pytest.raises(TypeError) as info:
            call()
        messages.append(str(info.value))
    for text in messages:
        for name in ("Points", "Circles", "Boxes", "Segments", "Triangles", "Capsules", "Polygons"):
            assert text.count(name) == 1, text
