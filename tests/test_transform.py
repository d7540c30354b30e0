"""pc.transform and Polygons.from_box: quarter turns exact for every k (against
the exact reference of tests/reference/turns.py), boxes kept as boxes where
the turn allows it, and the arguments' errors named as the caller named them."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference.turns import nearest_multiple_double, quarter_turn

import pycollide as pc

UNIT = pc.Points([[1.0, 0.0], [0.0, 1.0]])
QUARTER = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)]  # (cos, sin) of k pi/2 by k mod 4


def _expected_cos_sin(angle):
    """(c, s) as transform must use them: exact for a quarter turn, else the C library's."""
    k = quarter_turn(angle)
    return QUARTER[k] if k >= 0 else (math.cos(angle), math.sin(angle))


def _check_turn(angle):
    """transform turns (1, 0) to (c, s) and (0, 1) to (-s, c), each rounded once:
    with these inputs c x - s y is c or -s itself."""
    c, s = _expected_cos_sin(angle)
    got = np.asarray(pc.transform(UNIT, angle=angle)).tolist()
    assert got == [[c, s], [-s, c]], (angle.hex(), got, (c, s))


def _angles_near(k):
    """(label, angle): the double nearest k pi/2, its neighbours two ulps
    either way, and the ways numpy computes k quarter turns."""
    n = nearest_multiple_double(k)
    near = [("nearest", n)]
    for sign, direction in (("-", -math.inf), ("+", math.inf)):
        x = n
        for step in (1, 2):
            x = math.nextafter(x, direction)
            near.append((f"{sign}{step} ulp", x))
    return near + [
        ("k * np.pi / 2", k * np.pi / 2),
        ("np.pi / 2 * k", np.pi / 2 * k),
        ("np.radians(90 * k)", float(np.radians(90.0 * k))),
        ("k / 2 * np.pi", (k / 2) * np.pi),
    ]


def test_quarter_turn_reproducers():
    # 17 pi/2 and 10 pi: beyond the |k| <= 16 the rule had held for
    assert np.asarray(pc.transform(pc.Points([3.0, 1.0]), angle=17 * np.pi / 2)).tolist() == [-1.0, 3.0]
    turned = pc.transform(pc.Boxes([0, 0, 2, 1]), angle=10 * np.pi)
    assert type(turned) is pc.Boxes and np.asarray(turned).tolist() == [0.0, 0.0, 2.0, 1.0]
    box = pc.Polygons.from_box([0, 0], [2, 1], angle=10 * np.pi)
    assert box.vertices.tolist() == [[-2.0, -1.0], [2.0, -1.0], [2.0, 1.0], [-2.0, 1.0]]


@pytest.mark.parametrize(
    "k",
    [
        0,
        1,
        -1,
        2,
        3,
        16,
        17,
        -17,
        20,
        99,
        10**6 + 1,
        -(10**9),
        2**40 + 3,
        -(2**45) - 1,
        2**51,
        2**52 - 7,
        2**53,
        -(2**53) - 5,
        3 * 2**52,
        10**17,
        -(10**20),
    ],
)
def test_quarter_turns_at_every_scale(k):
    for label, angle in _angles_near(k):
        _check_turn(angle)
        if abs(k) < 2**51:  # |k pi/2| < 2^52: the nearest double, its neighbours and numpy's angles
            assert quarter_turn(angle) == (-1 if label.startswith(("-2", "+2")) else k % 4), label


@given(st.integers(-(2**60), 2**60), st.integers(0, 63))
def test_quarter_turns_property(k, shift):
    k >>= shift  # every scale of k, small ones as often as large ones
    for _, angle in _angles_near(k):
        _check_turn(angle)


@given(st.floats(-1e300, 1e300, allow_nan=False))
def test_other_angles_use_the_c_library(angle):
    _check_turn(angle)


@pytest.mark.filterwarnings("ignore:pc.slide is deprecated:DeprecationWarning")
def test_boxes_stay_boxes_when_every_angle_is_a_quarter_turn():
    boxes = pc.Boxes([[0.0, 0.0, 2.0, 1.0], [-1.0, 3.0, 0.5, 4.0]])
    moved = pc.transform(boxes, translation=[10.25, -3.0])
    assert type(moved) is pc.Boxes
    assert np.asarray(moved).tolist() == [[10.25, -3.0, 12.25, -2.0], [9.25, 0.0, 10.75, 1.0]]
    # a quarter turn: min and max reordered
    turned = pc.transform(boxes, translation=[1.0, 0.0], angle=np.pi / 2)
    assert type(turned) is pc.Boxes
    assert np.asarray(turned).tolist() == [[0.0, 0.0, 1.0, 2.0], [-3.0, -1.0, -2.0, 0.5]]
    # per element: boxes only when every angle is a quarter turn
    angles = np.array([0.0, np.pi, -np.pi / 2, 7 * np.pi / 2])
    every = pc.transform(boxes[:, None], angle=angles)
    assert type(every) is pc.Boxes and every.shape == (2, 4)
    as_polygons = pc.transform(boxes[:, None], angle=np.append(angles, 0.1))
    assert isinstance(as_polygons, pc.Polygons) and as_polygons.vertex_count == 4
    # the same region either way: the 4-gon's bounds are the box
    assert np.array_equal(as_polygons[:, :4].bounds(), np.asarray(every))
    # a box the turn leaves a box moves on through slide (which takes boxes only)
    floor = pc.World(pc.Boxes([[-100.0, -10.0, 100.0, 0.0]]))
    r = pc.slide(pc.transform(pc.Boxes([0, 0, 1, 1]), translation=[0, 0.5]), [0, -1], floor, 1.0)
    assert r.on_floor.all()


@given(
    st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=4, max_size=4),
    st.integers(-40, 40),
    st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=2, max_size=2),
)
def test_boxes_turned_by_quarter_turns_match_the_polygons(xs, k, move):
    lo, hi = np.minimum(xs[:2], xs[2:]), np.maximum(xs[:2], xs[2:])
    box = pc.Boxes(np.concatenate([lo, hi]))
    angle = k * np.pi / 2
    kept = pc.transform(box, translation=move, angle=angle)
    corners = pc.transform(
        pc.Polygons(np.asarray(box)[[0, 1, 2, 1, 2, 3, 0, 3]].reshape(4, 2)), translation=move, angle=angle
    )
    assert type(kept) is pc.Boxes
    assert np.asarray(kept).tolist() == corners.bounds().tolist()


def test_from_box_always_gives_polygons():
    for angle in (0.0, np.pi / 2, 0.3):
        p = pc.Polygons.from_box([1.0, 2.0], [2.0, 1.0], angle=angle)
        assert isinstance(p, pc.Polygons) and p.vertex_count == 4
    p = pc.Polygons.from_box([1.0, 2.0], [2.0, 1.0], angle=-np.pi / 2)
    assert p.vertices.tolist() == [[0.0, 4.0], [0.0, 0.0], [2.0, 0.0], [2.0, 4.0]]


@pytest.mark.parametrize(
    "kwargs,error,match",
    [
        (dict(center=[np.inf, 0], half_size=[1, 1]), ValueError, r"from_box: `center` must be finite"),
        (dict(center=[[0, 0], [np.nan, 1]], half_size=[1, 1]), ValueError, r"`center` must be finite; center\[1\]"),
        (dict(center=[0, 0, 0], half_size=[1, 1]), ValueError, r"`center` must have shape \(\.\.\., 2\)"),
        (dict(center="ab", half_size=[1, 1]), TypeError, r"from_box: `center` must be an array"),
        (dict(center=[0, 0], half_size=[1, 1], angle=np.nan), ValueError, r"from_box: `angle` must be finite"),
        (dict(center=[0, 0], half_size=[1, 1], angle="x"), TypeError, r"from_box: `angle` must hold real numbers"),
        (
            dict(center=np.zeros((3, 2)), half_size=np.ones((2, 2))),
            ValueError,
            r"from_box: the shapes of `half_size` \(2,\), `center` \(3,\) and `angle` \(\) do not broadcast",
        ),
        (dict(center=[0, 0], half_size=[-1, 1]), ValueError, r"from_box: `half_size` must be >= 0"),
    ],
)
def test_from_box_errors_name_its_own_arguments(kwargs, error, match):
    with pytest.raises(error, match=match) as info:
        pc.Polygons.from_box(**kwargs)
    assert "translation" not in str(info.value) and "transform" not in str(info.value)


def test_transform_errors_name_its_arguments():
    with pytest.raises(ValueError, match=r"transform: `translation` must be finite"):
        pc.transform(pc.Points([0, 0]), translation=[np.inf, 0])
    with pytest.raises(ValueError, match=r"transform: `angle` must be finite; angle\[1\]"):
        pc.transform(pc.Points([0, 0]), angle=[0.0, np.inf])
    with pytest.raises(ValueError, match=r"the shapes of `shapes` \(2,\), `translation` \(3,\) and `angle`"):
        pc.transform(pc.Points(np.zeros((2, 2))), translation=np.zeros((3, 2)))
