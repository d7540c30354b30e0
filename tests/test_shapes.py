"""Shape types: construction, layouts, zero-copy, indexing, validation errors."""

import numpy as np
import pytest

import pycollide as pc

TYPES = [pc.Points, pc.Circles, pc.Boxes, pc.Segments, pc.Triangles]
VALID = {
    pc.Points: [1.0, 2.0],
    pc.Circles: [1.0, 2.0, 0.5],
    pc.Boxes: [0.0, 0.0, 1.0, 2.0],
    pc.Segments: [0.0, 0.0, 3.0, 4.0],
    pc.Triangles: [0.0, 0.0, 1.0, 0.0, 0.0, 1.0],
}


@pytest.mark.parametrize("cls", TYPES)
def test_layout_shape_len_and_asarray(cls):
    data = np.array([VALID[cls]] * 6).reshape(2, 3, cls.width)
    s = cls(data)
    assert s.shape == (2, 3) and s.ndim == 2 and len(s) == 2 and s.size == 6
    np.testing.assert_array_equal(np.asarray(s), data)
    assert np.asarray(s).dtype == np.float64


@pytest.mark.parametrize("cls", TYPES)
def test_zero_copy_for_contiguous_float64(cls):
    data = np.array([VALID[cls]] * 4)
    s = cls(data)
    assert np.shares_memory(np.asarray(s), data)
    assert data.flags.writeable, "the caller's array must stay writeable"
    assert not np.asarray(s).flags.writeable


def test_other_inputs_are_copied_to_float64():
    s = pc.Points([[1, 2], [3, 4]])  # a list of ints
    assert np.asarray(s).dtype == np.float64
    f32 = np.array([[1, 2, 3]], dtype=np.float32)
    assert not np.shares_memory(np.asarray(pc.Circles(f32)), f32)
    strided = np.zeros((4, 6))[::2, :4]
    assert np.asarray(pc.Boxes(strided)).flags.c_contiguous


@pytest.mark.parametrize("cls", TYPES)
def test_indexing_returns_the_same_type(cls):
    s = cls(np.array([VALID[cls]] * 12).reshape(3, 4, cls.width))
    assert type(s[0]) is cls and s[0].shape == (4,)
    assert type(s[1, 2]) is cls and s[1, 2].shape == ()
    assert s[:, ::2].shape == (3, 2)
    assert s[..., 1].shape == (3,)
    assert s[None].shape == (1, 3, 4)
    assert s[np.array([True, False, True])].shape == (2, 4)
    np.testing.assert_array_equal(np.asarray(s[1, 2]), VALID[cls])
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


# ---- bad input ---------------------------------------------------------------

@pytest.mark.parametrize("cls", TYPES)
def test_wrong_width(cls):
    with pytest.raises(ValueError, match=rf"{cls.__name__}: `data` must have shape \(\.\.\., {cls.width}\).*got shape \(2, {cls.width + 1}\)"):
        cls(np.zeros((2, cls.width + 1)))
    with pytest.raises(ValueError, match="got shape ()"):
        cls(1.0)


@pytest.mark.parametrize("bad", [np.array([["a", "b"]]), np.array([[1j, 2]]), np.array([[True, False]]),
                                 np.array([[None, 1]], dtype=object)])
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
    with pytest.raises(ValueError, match=rf"{cls.__name__}: `data`: coordinates must be finite.*data\[3\] with {cls.columns[1]} = "):
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
    with pytest.raises(ValueError, match=r"Boxes: `data`: xmin must be <= xmax.*data\[1\] with xmin = 2.0 > xmax = 1.0"):
        pc.Boxes([[0, 0, 1, 1], [2, 0, 1, 1]])
    with pytest.raises(ValueError, match=r"Boxes: `data`: ymin must be <= ymax; the first bad shape is data with ymin = 3.0 > ymax = 1.0"):
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
