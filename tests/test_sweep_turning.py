"""Sweeps of shapes that turn as they move: the no-miss promise against a
dense exact check (the shape placed at many times, each tested with the exact
overlaps), for every kind pair and against tile maps, worlds and outlines."""

import math

import numpy as np
import pytest
from strategies import KINDS, TYPES, seeded_grid_shapes

import pycollide as pc
from pycollide.turning import TOLERANCE

SAMPLES = 257  # times 0, 1/256, ..., 1


def _reach(moving, pivot):
    verts, radius = pc.turning._core(moving)
    return np.sqrt(((verts - pivot[:, None, :]) ** 2).sum(-1)).max(-1) + radius


def _dense_check(moving, disp, target, rotation, pivot=None):
    """Every promise of a turning sweep, row by row, against the placements at
    SAMPLES times and at the reported time (moving, disp, rotation, pivot: flat)."""
    s = pc.sweep(moving, disp, target, rotation=rotation, pivot=pivot)
    n = len(moving)
    piv = np.asarray(pc.mass_properties(moving).centroid) if pivot is None else np.broadcast_to(pivot, (n, 2))
    reach = _reach(moving, piv)
    length = np.hypot(disp[:, 0], disp[:, 1])
    pairwise = isinstance(target, pc.Shapes)
    other = target if pairwise else target
    times = np.linspace(0.0, 1.0, SAMPLES)
    first = np.full(n, np.inf)  # the first sampled time at which it touches
    for t in times:
        placed = pc.sweep_transform(moving, disp, np.full(n, t), rotation=rotation, pivot=piv)
        touching = np.asarray(pc.overlaps(placed, other))
        first = np.where(touching & (first == np.inf), t, first)
    hit = ~np.isnan(s.normal[:, 0])
    # no miss: wherever a sampled placement touches, a hit at or before it
    assert (hit | (first == np.inf)).all(), np.flatnonzero(~hit & (first < np.inf))
    assert (s.time <= first).all()
    assert ((s.time == 1.0) | hit).all()
    # placed at the time: no penetration (exact), and within the tolerance of touching
    placed = pc.sweep_transform(moving, disp, s.time, rotation=rotation, pivot=piv)
    started_inside = np.asarray(
        pc.overlaps(pc.sweep_transform(moving, disp, np.zeros(n), rotation=rotation, pivot=piv), other, touching=False)
    )
    inside = np.asarray(pc.overlaps(placed, other, touching=False))
    assert not (inside & ~started_inside).any(), np.flatnonzero(inside & ~started_inside)
    magnitude = np.abs(np.asarray(moving._data)).max(-1) + np.abs(piv).max(-1) + reach + length
    if pairwise:  # the distances err by the units in the last place of both shapes
        magnitude = np.maximum(magnitude, np.abs(np.asarray(target._data)).max(-1))
    elif isinstance(target, pc.TileMap):
        magnitude = np.maximum(magnitude, np.abs(np.asarray(target.bounds)).max())
    bound = TOLERANCE * (reach + length) * (1 + 2.0**-30) + 2.0**-40 * magnitude
    gap = np.asarray(pc.distance(placed, other))
    assert (gap[hit] <= bound[hit]).all(), (gap[hit] - bound[hit]).max()
    # before the time, every sampled placement is apart
    return s, hit


@pytest.mark.parametrize("mover", KINDS)
@pytest.mark.parametrize("target_kind", KINDS)
def test_every_kind_pair_against_a_dense_exact_check(mover, target_kind):
    rng = np.random.default_rng(KINDS.index(mover) * 100 + KINDS.index(target_kind))
    n = 24
    moving = TYPES[mover](seeded_grid_shapes(rng, mover, n, 3) * 0.5)
    target = TYPES[target_kind](seeded_grid_shapes(rng, target_kind, n, 3) * 0.5)
    disp = rng.integers(-8, 9, size=(n, 2)) * 0.5
    rotation = rng.uniform(-2 * np.pi, 2 * np.pi, n)
    rotation[::6] = np.pi / 2  # quarter turns: boxes stay boxes
    _dense_check(moving, disp, target, rotation)


@pytest.mark.parametrize("k", [-40, -3, 0, 7, 60])
def test_scalings_by_powers_of_two(k):
    rng = np.random.default_rng(k + 100)
    n = 40
    moving = pc.Polygons(np.ldexp(seeded_grid_shapes(rng, "polygon4", n, 4) * 0.25, k).reshape(n, 4, 2))
    target = pc.Triangles(np.ldexp(seeded_grid_shapes(rng, "triangle", n, 4) * 0.5, k))
    disp = np.ldexp(rng.uniform(-3, 3, (n, 2)), k)
    s, hit = _dense_check(moving, disp, target, rng.uniform(-3, 3, n))
    assert hit.sum() > 5


def test_grazes_and_near_parallel_edges():
    # a bar over a floor turning so that its end just grazes it, or just misses, or lands flat
    floor = pc.Boxes([-10.0, -1.0, 10.0, 0.0])
    rows, rots, disps = [], [], []
    for h in (0.0, 2.0**-30, 2.0**-10, 0.01, 0.1):
        for turn in (np.pi / 2, -np.pi / 2, 1e-9, np.nextafter(np.pi / 2, 0), 3.0):
            rows.append([-2.0, 2.0 + h, 2.0, 2.2 + h])  # its end sweeps down to y = h
            rots.append(turn)
            disps.append([0.0, 0.0])
            rows.append([-2.0, 0.5 + h, 2.0, 0.7 + h])  # landing flat, nearly parallel, after sinking by 0.5
            rots.append(turn * 1e-6)
            disps.append([0.3, -0.5])
    moving = pc.Boxes(np.array(rows))
    s, hit = _dense_check(moving, np.array(disps), floor, np.array(rots))
    assert hit.any() and not hit.all()


def test_every_target_kind_of_container():
    rng = np.random.default_rng(5)
    kinds = rng.choice([0, 1], size=(12, 16), p=[0.7, 0.3]).astype(np.int8)
    tiles = pc.TileMap(kinds, tile_size=0.5, origin=(-4.0, -3.0))
    region = pc.Regions([[[-3, -3], [3, -3], [3, 3], [0, 0.5], [-3, 3]]])
    line = pc.Polylines([[[-4, -1], [-1, 1], [1, -1], [4, 1]]])
    world = pc.World(pc.Boxes([[-3, -3, -2, 3], [2, -3, 3, 3]]), pc.Circles([[0, 2, 0.5]]))
    for target in (tiles, region, line, world):
        for mover in ("polygon4", "capsule", "segment", "circle", "point"):
            n = 30
            moving = TYPES[mover](seeded_grid_shapes(rng, mover, n, 2) * 0.25)
            _dense_check(moving, rng.uniform(-3, 3, (n, 2)), target, rng.uniform(-3, 3, n))


def test_world_results_name_the_part_and_shape():
    world = pc.World(pc.Segments([[5, -5, 5, 5], [8, -5, 8, 5]]), pc.Boxes([[-10, -3, 10, -2]]))
    s = pc.sweep(pc.Boxes([0, 0, 1, 1]), [10.0, 0.0], world, rotation=0.5)
    assert int(s.part) == 0 and int(s.index) == 0 and 0.38 < float(s.time) < 0.45
    assert s.normal.tolist()[0] == -1.0
    assert pc.sweep(pc.Boxes([0, 0, 1, 1]), [10.0, 0.0], world, rotation=0.0).time == 0.4


def test_rotation_zero_is_todays_sweep_bit_for_bit():
    rng = np.random.default_rng(9)
    for mover in KINDS:
        n = 50
        moving = TYPES[mover](seeded_grid_shapes(rng, mover, n, 4) * 0.5)
        target = pc.Polygons((seeded_grid_shapes(rng, "polygon8", n, 4) * 0.5).reshape(n, 8, 2))
        disp = rng.uniform(-4, 4, (n, 2))
        plain = pc.sweep(moving, disp, target)
        zero = pc.sweep(moving, disp, target, rotation=0.0, pivot=[3.0, 1.0])
        mixed_rot = np.where(np.arange(n) % 2 == 0, 0.0, 1.0)
        mixed = pc.sweep(moving, disp, target, rotation=mixed_rot)
        for a, b in ((plain, zero), (plain, mixed)):
            same = slice(None) if b is zero else slice(0, None, 2)
            np.testing.assert_array_equal(a.time[same], b.time[same])
            np.testing.assert_array_equal(a.normal[same], b.normal[same])
            np.testing.assert_array_equal(a.point[same], b.point[same])


def test_broadcasting_and_the_pivot():
    ring = pc.Circles([[0.0, 3.0, 0.5], [0.0, -3.0, 0.5]])
    arm = pc.Segments([0.0, 0.0, 2.9, 0.0])
    # an arm turning about its end sweeps a quarter of a disc: it meets the ball above
    s = pc.sweep(arm, [0.0, 0.0], ring, rotation=np.pi / 2, pivot=[0.0, 0.0])
    assert s.time.shape == (2,) and s.time[0] < 1 and s.time[1] == 1.0
    # the arm's end reaches the ball's rim: 2.9^2 + 3^2 - 2 * 2.9 * 3 * cos(phi) = 0.5^2
    expected = (np.pi / 2 - math.acos((2.9**2 + 9 - 0.25) / (2 * 2.9 * 3))) / (np.pi / 2)
    assert abs(s.time[0] - expected) < 1e-5
    grid = pc.sweep(arm, np.zeros((3, 1, 2)), ring, rotation=[np.pi / 2, -np.pi / 2], pivot=[0.0, 0.0])
    assert grid.time.shape == (3, 2) and (grid.time == s.time[0]).all()  # each turning toward its ball: mirror images


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(rotation=np.nan), ValueError, "`rotation` must be finite"),
        (dict(rotation=[0.0, np.inf]), ValueError, r"`rotation` must be finite.*index \(1,\)"),
        (dict(rotation=[1.0, 7.0]), ValueError, r"full turn.*index \(1,\)"),
        (dict(rotation=1.0, pivot=[0.0, np.nan]), ValueError, "pivot"),
        (dict(rotation=1.0, pivot=[0.0, 1.0, 2.0]), ValueError, "pivot"),
        (dict(rotation=1.0, pivot=np.zeros((3, 2))), ValueError, "do not broadcast|broadcast"),
        (dict(rotation=np.ones(3)), ValueError, "broadcast"),
        (dict(rotation="fast"), TypeError, "rotation"),
    ],
)
def test_bad_rotation_and_pivot(kwargs, error, match):
    with pytest.raises(error, match=match):
        pc.sweep(pc.Boxes([[0, 0, 1, 1], [2, 2, 3, 3]]), [1.0, 0.0], pc.Boxes([5, 0, 6, 1]), **kwargs)


def test_sweep_transform():
    box = pc.Boxes([0, 0, 2, 1])
    assert np.asarray(pc.sweep_transform(box, [4.0, 0.0], 0.5)).tolist() == [2.0, 0.0, 4.0, 1.0]
    turned = pc.sweep_transform(box, [0.0, 0.0], 1.0, rotation=np.pi / 2)  # about its centre (1, 0.5), exactly
    assert np.asarray(turned).tolist() == [[1.5, -0.5], [1.5, 1.5], [0.5, 1.5], [0.5, -0.5]]
    with pytest.raises(ValueError, match="time"):
        pc.sweep_transform(box, [1.0, 0.0], 1.5)


def test_targets_far_larger_than_the_moving_shape():
    # a unit box turning toward slanted polygons whose vertices reach 1e9: the
    # distances err by the target's units in the last place, which the steps allow for
    rng = np.random.default_rng(11)
    n = 60
    big = 1e9
    centre = rng.uniform(-3, 3, (n, 2))
    moving = pc.Polygons.from_box(centre, [0.5, 0.3], rng.uniform(0, 3, n))
    target = pc.Polygons(np.array([[[-big, -big - 4.0], [big, big - 4.0], [big, big - 2e9], [-big, -big - 2e9]]] * n))
    disp = np.column_stack([rng.uniform(-2, 2, n), rng.uniform(-6, 0, n)])
    s, hit = _dense_check(moving, disp, target, rng.uniform(-3, 3, n))
    assert hit.any()


def test_an_array_of_zero_turns_broadcasts():
    box = pc.Boxes([0, 0, 1, 1])
    wall = pc.Boxes([3, -1, 4, 2])
    s = pc.sweep(box, [4.0, 0.0], wall, rotation=np.zeros(5))
    assert s.time.shape == (5,) and (s.time == 0.5).all()
    mixed = pc.sweep(box, [4.0, 0.0], wall, rotation=[0.0, 0.1, 0.0, 0.0, 0.0])
    assert mixed.time.shape == (5,) and mixed.time[0] == 0.5 and mixed.time[1] < 0.5
    with pytest.raises(ValueError, match="broadcast"):
        pc.sweep(pc.Boxes([[0, 0, 1, 1]] * 3), [4.0, 0.0], wall, rotation=np.zeros(5))


def test_a_move_beyond_the_doubles_is_an_error():
    with pytest.raises(ValueError, match="beyond the range of the doubles"):
        pc.sweep(pc.Boxes([0, 0, 1, 1]), [1.7e308, 1.7e308], pc.Boxes([3, -1, 4, 2]), rotation=0.5, pivot=[1e308, 0])


def test_a_shape_that_does_not_move_against_a_world():
    world = pc.World(pc.Boxes([[3, -1, 4, 2]]))
    with np.errstate(all="raise"):
        s = pc.sweep(pc.Points([0.0, 0.0]), [0.0, 0.0], world, rotation=1.0)
    assert float(s.time) == 1.0 and int(s.part) == -1
