"""Sweeps of every kind of moving shape (translation) against every kind, a
TileMap and a World, checked against the exact reference
(tests/reference/sweeps.py) and against the exact overlap test at the time
of impact."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import sweeps as RS
from strategies import KINDS, TYPES, examples, grid_coords, shape
from tilecases import placed_ok

import pycollide as pc

MOVING = tuple(k for k in KINDS if k not in ("point", "circle"))


def check_sweep(kind_a, a, D, kind_b, b, s):
    """One sweep result s = (time, normal, point) against the reference and
    the placement contract (tilecases.placed_ok)."""
    time, normal, point = float(s[0]), np.asarray(s[1]), np.asarray(s[2])
    status, t_ref = RS.shape_sweep(kind_a, tuple(a), D, kind_b, tuple(b))
    hit = not np.isnan(normal).any()
    if status == "penetrating":
        return status
    assert hit == (status == "hit"), (kind_a, a, D, kind_b, b, status, time)
    if not hit:
        assert time == 1.0 and np.isnan(point).all()
        return status
    scale = 1.0 + max(abs(v) for v in list(a) + list(b) + list(D))
    assert abs(time - t_ref) <= 1e-9 * scale, (kind_a, a, D, kind_b, b, time, t_ref)
    assert abs(math.hypot(*normal) - 1.0) < 1e-9
    assert normal[0] * D[0] + normal[1] * D[1] <= 1e-9 * scale, (kind_a, a, D, kind_b, b, normal)  # back at the mover
    assert placed_ok(TYPES[kind_a](np.array(a, float)), D, time, TYPES[kind_b](np.array(b, float))), (
        kind_a,
        a,
        D,
        kind_b,
        b,
        time,
    )
    return status


@pytest.mark.parametrize("kind_a", MOVING)
@pytest.mark.parametrize("kind_b", KINDS)
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_sweep_on_the_grid_against_the_reference(kind_a, kind_b, data):
    """Small integer coordinates: sliding along faces, corner against corner,
    arriving exactly at the end, starting in contact: the hard cases."""
    n = data.draw(st.integers(1, 4))
    A = [data.draw(shape(kind_a, grid_coords(3)), label="moving") for _ in range(n)]
    B = [data.draw(shape(kind_b, grid_coords(4)), label="target") for _ in range(n)]
    D = [
        data.draw(st.tuples(st.integers(-6, 6), st.integers(-6, 6)).map(lambda v: (float(v[0]), float(v[1]))))
        for _ in range(n)
    ]
    s = pc.sweep(TYPES[kind_a](np.array(A, float)), np.array(D), TYPES[kind_b](np.array(B, float)))
    for k in range(n):
        check_sweep(kind_a, A[k], D[k], kind_b, B[k], (s.time[k], s.normal[k], s.point[k]))


@pytest.mark.parametrize("kind_a", MOVING)
def test_sweep_many_random_grid_cases(kind_a):
    """Enough cases of each outcome to mean something, across every target kind."""
    rng = np.random.default_rng(1800 + MOVING.index(kind_a))
    counts = {"hit": 0, "miss": 0, "penetrating": 0}
    for kind_b in KINDS:
        A = np.array([_grid_row(rng, kind_a) for _ in range(40)])
        B = np.array([_grid_row(rng, kind_b, rng.integers(-6, 7, size=2)) for _ in range(40)])
        D = rng.integers(-16, 17, size=(40, 2)).astype(float) / 2
        s = pc.sweep(TYPES[kind_a](A), D, TYPES[kind_b](B))
        for k in range(40):
            counts[check_sweep(kind_a, A[k], tuple(D[k]), kind_b, B[k], (s.time[k], s.normal[k], s.point[k]))] += 1
    assert counts["hit"] > 30 and counts["miss"] > 30, counts


def _grid_row(rng, kind, offset=(0, 0)):
    """A valid row of kind on the half grid (polygons: hulls of lattice
    points), its positions moved by the integer offset."""
    row = _grid_row_at_origin(rng, kind)
    positions = len(row) - (1 if kind in ("circle", "capsule") else 0)
    return [v + float(offset[k % 2]) if k < positions else v for k, v in enumerate(row)]


def _grid_row_at_origin(rng, kind):
    c = lambda n: rng.integers(-5, 6, size=n) / 2.0  # noqa: E731
    if kind == "box":
        x, y = np.sort(c(2)), np.sort(c(2))
        return [x[0], y[0], x[1], y[1]]
    if kind == "capsule":
        return list(c(4)) + [abs(c(1)[0]) / 2]
    if kind == "circle":
        return list(c(2)) + [abs(c(1)[0])]
    if kind.startswith("polygon"):
        K = int(kind[len("polygon") :])
        from reference.geometry import convex_hull

        while True:
            h = convex_hull([tuple(p) for p in c(2 * K).reshape(K, 2)])
            if len(h) >= 3:
                break
        h = [(float(x), float(y)) for x, y in h] + [tuple(map(float, h[-1]))] * (K - len(h))
        return [v for p in h for v in p]
    return list(c(TYPES[kind].width))


@pytest.mark.parametrize(
    "a,D,b,time",
    [
        ([0, 0, 1, 1], (4, 0), [3, -1, 4, 1], 0.5),  # face to face
        ([0, 1, 1, 2], (5, 0), [-9, 0, 9, 1], 1.0),  # sliding along a floor: no hit
        ([0, 1, 1, 2], (5, -1), [-9, 0, 9, 1], 0.0),  # resting on it, pushed into it
        ([0, 1, 1, 2], (5, 1), [-9, 0, 9, 1], 1.0),  # lifting off it
        ([0, 0, 1, 1], (1, 1), [1, 1, 2, 2], 0.0),  # corner on corner, diagonally in
        ([0, 0, 1, 1], (1, 0), [1, 1, 2, 2], 1.0),  # corner on corner, along a face
        ([0, 0, 1, 1], (2, 2), [2, 2, 3, 3], 0.5),  # corner meets corner, then they overlap
        ([0, 0, 1, 1], (2, 0), [1, 1, 3, 2], 1.0),  # top face slides under the box's bottom face
    ],
)
def test_sweep_boxes_by_hand(a, D, b, time):
    s = pc.sweep(pc.Boxes(a), D, pc.Boxes(b))
    assert float(s.time) == time
    assert np.isnan(s.normal).all() == (time == 1.0)


def test_corner_against_corner_with_crossing_edges():
    """Two triangles whose first contact is corner on corner, after which
    their edges cross with neither corner inside the other: still a hit."""
    a = [0, 0, -2, 1, -2, -1]  # corner at the origin, opening left
    b = [4, -1, 5, 1, 3, 1]  # corner at (4, -1), opening up
    D = (4, -1)  # corner meets corner at t = 1; the edges then cross
    s = pc.sweep(pc.Triangles(a), D, pc.Triangles(b))
    status, t = RS.shape_sweep("triangle", tuple(a), D, "triangle", tuple(b))
    assert status == "hit"
    assert float(s.time) == t
    D2 = (8, -2)
    s2 = pc.sweep(pc.Triangles(a), D2, pc.Triangles(b))
    assert RS.shape_sweep("triangle", tuple(a), D2, "triangle", tuple(b)) == ("hit", 0.5)
    assert float(s2.time) == 0.5


def test_moving_points_are_circles_of_radius_zero():
    rng = np.random.default_rng(7)
    C = np.c_[rng.uniform(-5, 5, (200, 2)), rng.uniform(0, 1, 200)]
    D = rng.uniform(-8, 8, (200, 2))
    T = pc.Capsules(np.c_[rng.uniform(-5, 5, (200, 4)), rng.uniform(0, 1, 200)])
    a = pc.sweep(pc.Circles(C), D, T)
    b = pc.sweep(pc.Points(C[:, :2]), D, T)
    c = pc.sweep(pc.Circles(np.c_[C[:, :2], np.zeros(200)]), D, T)
    np.testing.assert_array_equal(b.time, c.time)
    assert (a.time < 1).sum() > 20


def test_sweep_against_a_tilemap_slides_without_catching():
    room = pc.TileMap.from_text("""
##########
#........#
#........#
##########
""")
    crate = pc.Boxes([1.0, 1.0, 2.0, 2.0])  # on the floor, against the west wall
    s = pc.sweep(crate, [20.0, 0.0], room)  # along the floor of many tiles, into the east wall
    assert float(s.time) == (9.0 - 2.0) / 20.0 and s.normal.tolist() == [-1.0, 0.0]
    s = pc.sweep(crate, [5.0, 0.0], room)  # along the floor, short of the wall
    assert float(s.time) == 1.0
    s = pc.sweep(crate, [-1.0, 0.0], room)  # into the west wall it touches
    assert float(s.time) == 0.0
    tri = pc.Triangles([3.0, 2.5, 4.0, 2.5, 3.5, 3.0])  # up into the ceiling at y = 3
    assert float(pc.sweep(tri, [0.0, 1.0], room).time) == 0.0
    assert float(pc.sweep(tri, [0.0, -1.0], room).time) == 1.0  # down: still in the air at the end
    assert float(pc.sweep(tri, [0.0, -3.0], room).time) == 0.5


@pytest.mark.parametrize("kind_a", MOVING)
def test_sweep_world_is_the_first_hit_over_every_shape(kind_a):
    rng = np.random.default_rng(2600 + MOVING.index(kind_a))
    boxes = pc.Boxes(np.array([_grid_row(rng, "box") for _ in range(30)]))
    caps = pc.Capsules(np.array([_grid_row(rng, "capsule") for _ in range(30)]))
    world = pc.World(boxes, caps)
    A = np.array([_grid_row(rng, kind_a) for _ in range(50)])
    D = rng.integers(-16, 17, size=(50, 2)).astype(float)
    w = pc.sweep(TYPES[kind_a](A), D, world)
    for k in range(50):
        hits = [(1.0, -1, -1)]
        for p, part in enumerate(world.parts):
            s = pc.sweep(TYPES[kind_a](A[k]), D[k], part)
            hits += [(float(s.time[i]), p, int(i)) for i in np.flatnonzero(~np.isnan(s.normal[:, 0]))]
        best = min(hits[1:]) if len(hits) > 1 else hits[0]
        assert (float(w.time[k]), int(w.part[k]), int(w.index[k])) == best, (A[k], D[k])


def test_sweep_bad_input():
    crate = pc.Boxes([0, 0, 1, 1])
    with pytest.raises(ValueError, match="finite"):
        pc.sweep(crate, [math.inf, 0.0], crate)
    with pytest.raises(TypeError, match="Lines"):
        pc.sweep(pc.Lines([0, 0, 1, 1]), [1.0, 0.0], crate)
    with pytest.raises(TypeError, match="target"):
        pc.sweep(crate, [1.0, 0.0], [0, 0, 1, 1])
    with pytest.raises(ValueError, match="broadcast|shape"):
        pc.sweep(pc.Boxes([[0, 0, 1, 1]] * 3), [[1.0, 0.0]] * 2, crate)
    s = pc.sweep(crate, [0.0, 0.0], pc.Boxes([0.5, 0.5, 2, 2]))  # no motion: no hit, even overlapping
    assert float(s.time) == 1.0 and np.isnan(s.normal).all()
