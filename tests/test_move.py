"""pc.move, the character mover (issue 42, part 2): its promises checked
with the exact predicates: never ends inside, never passes through a wall,
runs along floors and slopes of tiles across every seam with the floor's
normal and the displacement asked bit for bit, keeps to a slope going down,
climbs steps, never climbs a slope too steep, and starts touching (or a
rounding error deep) without being hit by what it leaves."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import KINDS, TYPES, examples, shape, valid_rows
from tilecases import small_maps

import pycollide as pc

MOVERS = [k for k in KINDS]  # every kind moves


def eighths(lo=-24, hi=48):
    return st.integers(lo, hi).map(lambda k: k / 8)


@settings(max_examples=examples(200))
@given(
    data=st.data(),
    kind=st.sampled_from(MOVERS),
    step=st.sampled_from([0.0, 0.25, 0.5]),
    snap=st.sampled_from([0.0, 0.25]),
    walkable=st.sampled_from([math.pi / 4, math.pi / 6, math.pi / 2]),
)
def test_no_mover_ends_inside_the_world(data, kind, step, snap, walkable):
    kinds, s, origin = data.draw(small_maps())
    tm = pc.TileMap(kinds, tile_size=s, origin=origin)
    rows = data.draw(st.lists(shape(kind, eighths()), min_size=1, max_size=6))
    shapes = TYPES[kind](np.array(rows, dtype=float))
    free = ~pc.overlaps(shapes, tm, touching=False)
    if not free.any():
        return
    shapes = shapes[free]
    big = st.one_of(eighths(-80, 80), st.floats(-1e6, 1e6, allow_nan=False))
    d = np.array(data.draw(st.lists(st.tuples(big, big), min_size=len(shapes), max_size=len(shapes))))
    m = pc.move(shapes, d, tm, step_height=step, snap_distance=snap, walkable=walkable)
    assert not pc.overlaps(m.shapes, tm, touching=False).any()
    # a mover standing on a floor touches it, or hovers above it by a hair (the
    # probe: 2**-20 of its size, 2**-40 of its coordinates); its ground names a solid tile
    standing = m.shapes[m.on_floor]
    box = standing.bounds()
    hair = 2.0**-20 * np.maximum(box[:, 2] - box[:, 0], box[:, 3] - box[:, 1]) + 2.0**-40 * np.abs(box).max(axis=1)
    assert (pc.distance(standing, tm) <= hair * (1 + 2.0**-20)).all()
    cells = m.ground_index[m.on_floor]
    assert (kinds.reshape(-1)[cells] != 0).all() and (m.ground_part[m.on_floor] == 0).all()
    assert (m.ground_index[~m.on_floor] == -1).all() and np.isnan(m.ground_normal[~m.on_floor]).all()
    again = pc.move(shapes, d, pc.World(tm), step_height=step, snap_distance=snap, walkable=walkable)
    assert np.array_equal(np.asarray(again.shapes), np.asarray(m.shapes))


@pytest.mark.parametrize("kind", MOVERS)
def test_a_mover_never_passes_through_a_wall_however_fast(kind):
    """A closed room with a wall one tile thick across it: every mover in the
    west half stays there, at any speed and angle."""
    rows = ["#" * 13] + ["#.....#.....#"] * 6 + ["#" * 13]
    tm = pc.TileMap.from_text("\n".join(rows), tile_size=0.5)
    rng = np.random.default_rng(3)
    data = rng.uniform(0.6, 2.9, size=(200, TYPES[kind].width))
    if kind in ("circle", "capsule"):
        data[:, -1] = rng.uniform(0, 0.1, size=200)
    shapes = TYPES[kind](valid_rows(kind, data))
    shapes = shapes[~pc.overlaps(shapes, tm, touching=False)]
    speed = 10.0 ** rng.uniform(-3, 8, size=len(shapes))
    angle = rng.uniform(-math.pi, math.pi, size=len(shapes))
    d = np.column_stack([speed * np.cos(angle), speed * np.sin(angle)])
    m = pc.move(shapes, d, tm, max_iterations=8)
    box = m.shapes.bounds()
    assert (box[:, 0] >= 0.5).all() and (box[:, 2] <= 3.0).all()  # between the west wall and the middle one
    assert (box[:, 1] >= 0.5).all() and (box[:, 3] <= 3.5).all()  # between the floor and the ceiling
    assert not pc.overlaps(m.shapes, tm, touching=False).any()


FLOOR = "\n".join(["." * 24] * 3 + ["#" * 24])


@pytest.mark.parametrize(
    "mover",
    [
        pc.Boxes([1.0, 1.0, 2.0, 2.0]),
        pc.Capsules([1.5, 1.25, 2.5, 1.25, 0.25]),
        pc.Polygons.from_box(center=[1.5, 1.5], half_size=[0.5, 0.5], angle=0.0),
        pc.Circles([1.5, 1.5, 0.5]),
        pc.Segments([1.0, 1.0, 2.0, 1.0]),
    ],
    ids=["box", "capsule", "crate", "ball", "plank"],
)
@pytest.mark.parametrize("dx", [0.1, 0.3, 0.37, 1.0 / 3.0])
def test_running_along_a_floor_of_tiles_keeps_the_speed_and_the_floors_normal(mover, dx):
    """Across every seam: the displacement asked, bit for bit; the floor's
    normal exactly; no wall; gravity's part taken by the floor."""
    floor = pc.TileMap.from_text(FLOOR)
    x = float(np.asarray(mover).reshape(-1)[0])
    for frame in range(40):
        m = pc.move(mover, [dx, -0.25], floor)
        assert m.displacement.tolist() == [dx, 0.0], frame
        assert bool(m.on_floor) and not bool(m.on_wall) and not bool(m.on_ceiling)
        assert m.ground_normal.tolist() == [0.0, 1.0] and int(m.ground_part) == 0
        x = x + dx
        assert float(np.asarray(m.shapes).reshape(-1)[0]) == x
        mover = m.shapes


def test_along_a_chain_of_equal_slope_tiles_the_slopes_normal_at_every_seam():
    ramp = pc.TileMap.from_text(
        """
..........
.......3##
......3###
.....3####
....3#####
##########
"""
    )
    [normal] = {tuple(n) for n in ramp.normals if n[0] < 0 < n[1]}
    hero = pc.Boxes([4.0, 1.5, 4.5, 2.0])  # its corner (4.5, 1.5) on the slope y = x - 3
    for _ in range(10):
        m = pc.move(hero, [0.25, 0.25], ramp)  # along the slope, exactly
        assert m.displacement.tolist() == [0.25, 0.25]
        assert bool(m.on_floor) and m.ground_normal.tolist() == list(normal) and not bool(m.on_wall)
        hero = m.shapes


def test_running_down_a_45_degree_slope_with_snapping_stays_on_the_floor():
    ramp = pc.TileMap.from_text(
        """
..........
##1.......
###1......
####1.....
#####1....
##########
"""
    )  # a plateau at y = 5 up to x = 2, a slope down to y = 1 at x = 6
    hero = pc.Capsules([1.0, 5.3, 1.0, 5.7, 0.3])  # standing on the plateau
    on = []
    for _ in range(40):
        m = pc.move(hero, [0.2, -0.05], ramp, snap_distance=0.3)
        on.append(bool(m.on_floor))
        hero = m.shapes
    assert all(on)
    assert float(np.asarray(hero)[1]) < 2.0  # it came down the slope
    without = pc.Capsules([1.0, 5.3, 1.0, 5.7, 0.3])
    air = [bool(pc.move(without, [0.2, -0.05], ramp).on_floor)]
    for _ in range(40):
        m = pc.move(without, [0.2, -0.05], ramp)
        air.append(bool(m.on_floor))
        without = m.shapes
    assert not all(air)  # without snapping it leaves the slope at times


def test_steps_are_climbed_up_to_step_height():
    steps = pc.TileMap.from_text(
        """
...........
.....######
...########
###########
""",
        tile_size=0.25,
    )  # two steps, each 0.25 high
    box = pc.Boxes([0.0, 0.25, 0.2, 0.6])
    low = pc.move(box, [1.0, -0.01], steps, step_height=0.2)
    assert float(np.asarray(low.shapes)[2]) == 0.75 and bool(low.on_wall)  # stopped at the first riser
    high = box
    for _ in range(10):
        m = pc.move(high, [0.2, -0.01], steps, step_height=0.3, max_iterations=8)
        assert bool(m.on_floor)
        high = m.shapes
    assert float(np.asarray(high)[1]) == 0.75  # up both steps
    assert not pc.overlaps(high, steps, touching=False)


def test_a_slope_steeper_than_walkable_is_never_climbed():
    ramp = pc.TileMap.from_text("....3###\n########")
    box = pc.Boxes([3.0, 1.0, 3.5, 1.5])
    steep = pc.move(box, [2.0, 0.0], ramp, walkable=math.radians(30))
    assert float(np.asarray(steep.shapes)[1]) == 1.0 and bool(steep.on_wall)  # against the slope's foot
    walk = pc.move(box, [2.0, 0.0], ramp)  # 45 degrees is walkable by default: up it
    assert float(np.asarray(walk.shapes)[1]) > 1.0
    falling = pc.Boxes([4.2, 2.5, 4.6, 2.9])  # above the slope, falling: it slides down it, to the west
    m = pc.move(falling, [0.0, -2.0], ramp, walkable=math.radians(30))
    assert float(np.asarray(m.shapes)[0]) < 4.2 and not bool(m.on_floor) and bool(m.on_wall)


def test_a_start_touching_or_a_rounding_error_deep_is_no_hit():
    floor = pc.TileMap.from_text(FLOOR)
    for y0 in (1.0, np.nextafter(1.0, 0.0)):
        box = pc.Boxes([2.0, y0, 3.0, y0 + 1.0])
        jump = pc.move(box, [0.0, 0.5], floor)  # moving away from the floor it rests on
        assert not bool(jump.on_floor) and not bool(jump.on_wall) and not bool(jump.on_ceiling)
        assert float(np.asarray(jump.shapes)[1]) == 1.5
        walk = pc.move(box, [0.5, 0.0], floor)
        assert bool(walk.on_floor) and not bool(walk.on_wall) and walk.displacement[0] == 0.5
    inner = pc.TileMap.from_text("#....\n#....\n#####")
    corner = pc.Boxes([1.0, 1.0, 2.0, 2.0])  # in the corner, touching the wall and the floor
    m = pc.move(corner, [1.0, 0.0], inner)  # away from the wall
    assert m.displacement.tolist() == [1.0, 0.0] and not bool(m.on_wall) and bool(m.on_floor)


def test_results_do_not_depend_on_threads():
    rng = np.random.default_rng(5)
    level = pc.TileMap(rng.choice([0, 0, 0, 1, 2, 3, 4, 5], size=(20, 40)).astype(np.int8), tile_size=0.5)
    caps = pc.Capsules(
        np.column_stack([rng.uniform(0, 20, (3000, 2)), np.zeros((3000, 2)), np.full(3000, 0.1)])
        @ np.array([[1, 0, 1, 0, 0], [0, 1, 0, 1, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 1]])
        + np.array([0, 0, 0, 0.2, 0])
    )
    caps = caps[~pc.overlaps(caps, level, touching=False)]
    d = rng.normal(0, 1, (len(caps), 2))
    one = pc.move(caps, d, level, step_height=0.2, snap_distance=0.2, threads=1)
    two = pc.move(caps, d, level, step_height=0.2, snap_distance=0.2, threads=2)
    assert one.events is None and two.events is None
    for a, b in zip(one[:-1], two[:-1]):
        assert np.array_equal(np.asarray(a), np.asarray(b), equal_nan=True)


def test_bad_input_is_named():
    floor = pc.TileMap.from_text(FLOOR)
    boxes = pc.Boxes([[2, 1, 3, 2], [5, 0.25, 6, 1.25]])
    with pytest.raises(ValueError, match=r"shape \(1,\) starts inside"):
        pc.move(boxes, [1, 0], floor)
    with pytest.raises(ValueError, match="must be finite"):
        pc.move(boxes[:1], [np.inf, 0], floor)
    for name, bad in (("step_height", -1.0), ("snap_distance", np.nan), ("walkable", 2.0), ("walkable", -0.1)):
        with pytest.raises(ValueError, match=name):
            pc.move(boxes[:1], [1, 0], floor, **{name: bad})
    with pytest.raises(ValueError, match="max_iterations"):
        pc.move(boxes[:1], [1, 0], floor, max_iterations=0)
    with pytest.raises(TypeError, match="Lines"):
        pc.move(pc.Lines([0, 0, 1, 1]), [1, 0], floor)
    with pytest.raises(TypeError, match="TileMap or a World"):
        pc.move(boxes, [1, 0], pc.Boxes([0, 0, 1, 1]))
    with pytest.raises(ValueError, match="broadcast"):
        pc.move(boxes, np.zeros((3, 2)), floor)


# ---- one-way parts ---------------------------------------------------------------------


def one_way_level():
    floor = pc.TileMap.from_text("\n".join(["." * 12] * 5 + ["#" * 12]))
    ledges = pc.OneWay(pc.Boxes([[2, 2, 6, 2.25], [7, 3, 10, 3.25]]))
    return pc.World(floor, ledges)


@pytest.mark.parametrize(
    "hero",
    [pc.Boxes([3, 1, 3.5, 1.5]), pc.Capsules([3.25, 1.25, 3.25, 1.5, 0.25]), pc.Circles([3.25, 1.25, 0.25])],
    ids=["box", "capsule", "ball"],
)
def test_a_one_way_ledge_is_passed_from_below_and_stood_on_from_above(hero):
    level = one_way_level()
    y0 = float(hero.bounds()[1])
    up = pc.move(hero, [0.0, 2.0], level)  # up through the ledge
    assert up.displacement.tolist() == [0.0, 2.0] and not bool(up.on_ceiling) and not bool(up.on_floor)
    mid = pc.move(hero, [0.0, 1.0], level)  # ends inside the ledge: no error, and it falls out through it
    assert pc.overlaps(mid.shapes, level.parts[1]).any()
    down = pc.move(mid.shapes, [0.0, -0.5], level)
    assert down.displacement.tolist() == [0.0, -0.5]
    land = pc.move(up.shapes, [0.0, -3.0], level)  # from above: it lands on the ledge
    assert bool(land.on_floor) and int(land.ground_part) == 1 and int(land.ground_index) == 0
    assert float(land.shapes.bounds()[1]) == 2.25 and land.ground_normal.tolist() == [0.0, 1.0]
    walk = pc.move(land.shapes, [0.5, -0.1], level)  # and walks along it
    assert walk.displacement.tolist() == [0.5, 0.0] and bool(walk.on_floor)
    side = pc.move(hero, [5.0, 0.0], level)  # under it, sideways: the floor only
    assert side.displacement.tolist() == [5.0, 0.0] and float(side.shapes.bounds()[1]) == y0
    # every other query sees the ledge as solid
    assert bool(pc.overlaps(mid.shapes, level)) and pc.raycast([3.25, 1.5], [0, 1], level).part.tolist() == 1


def test_one_way_parts_keep_the_exact_promises():
    level = one_way_level()
    rng = np.random.default_rng(9)
    caps = pc.Capsules(
        np.column_stack(
            [rng.uniform(0.5, 11.5, 500), rng.uniform(1.3, 4.5, 500), np.zeros(500), np.zeros(500), np.full(500, 0.2)]
        )
    )
    caps = pc.Capsules(
        np.column_stack([np.asarray(caps)[:, :2], np.asarray(caps)[:, :2] + [0, 0.3], np.full(500, 0.2)])
    )
    floor_only = pc.World(level.parts[0])
    caps = caps[~pc.overlaps(caps, floor_only, touching=False)]
    for _ in range(20):
        d = rng.normal(0, 1.0, (len(caps), 2))
        m = pc.move(caps, d, level, snap_distance=0.2)
        assert not pc.overlaps(m.shapes, floor_only, touching=False).any()
        # one that lands on a ledge does not sink into it
        landed = m.on_floor & (m.ground_part == 1)
        assert not pc.overlaps(m.shapes[landed], pc.World(level.parts[1]), touching=False).any()
        caps = m.shapes


def test_one_way_parts_are_checked_and_kept():
    import pickle

    with pytest.raises(ValueError, match="up"):
        pc.OneWay(pc.Boxes([0, 0, 1, 1]), up=(0, 0))
    with pytest.raises(ValueError, match="up"):
        pc.OneWay(pc.Boxes([0, 0, 1, 1]), up=(np.nan, 1))
    with pytest.raises(TypeError, match="part"):
        pc.OneWay(pc.Lines([0, 0, 1, 1]))
    level = one_way_level()
    assert level.one_way == (None, (0.0, 1.0)) and "OneWay" in repr(level)
    again = pickle.loads(pickle.dumps(level))
    assert again.one_way == level.one_way
    hero = pc.Boxes([3, 1, 3.5, 1.5])
    assert np.array_equal(
        np.asarray(pc.move(hero, [0, 2], again).shapes), np.asarray(pc.move(hero, [0, 2], level).shapes)
    )
    sideways = pc.World(pc.OneWay(pc.Boxes([[5, 0, 5.25, 4]]), up=(-1, 0)))  # a wall passable from the east
    box = pc.Boxes([3, 1, 4, 2])
    assert float(pc.move(box, [3, 0], sideways).shapes.bounds()[2]) == 5.0  # from the west: stopped
    through = pc.move(pc.Boxes([6, 1, 7, 2]), [-3, 0], sideways)  # from the east: through
    assert through.displacement.tolist() == [-3.0, 0.0]


# ---- moving platforms --------------------------------------------------------------------


def lift_world():
    floor = pc.TileMap.from_text("\n".join(["." * 20] * 8 + ["#" * 20]))
    return pc.World(floor, pc.Boxes([[5, 2, 8, 2.5], [12, 1, 14, 1.5]]))


def test_a_platform_carries_what_stands_on_it_and_pushes_what_is_in_its_way():
    w = lift_world()
    hero = pc.Boxes([6, 2.5, 6.5, 3])  # on lift 0
    crate = pc.Boxes([14, 1, 15, 2])  # on the floor, east of platform 1
    movers = pc.Boxes(np.vstack([np.asarray(hero), np.asarray(crate)]))
    m = pc.move(movers, [[0.25, -0.1], [0, -0.1]], w, platforms={1: [[0.0, 0.0], [0.5, 0.0]]})
    # the hero does not stand on a moving part: it walks; the crate is pushed east by platform 1
    assert np.asarray(m.shapes)[0].tolist() == [6.25, 2.5, 6.75, 3.0]
    assert np.asarray(m.shapes)[1][0] == 14.5 and m.displacement[1].tolist() == [0.5, 0.0]
    m = pc.move(movers, [[0.0, -0.1], [0.0, -0.1]], w, platforms={1: [[2.0, 0.5], [0.0, 0.0]]})
    assert np.asarray(m.shapes)[0].tolist() == [8.0, 3.0, 8.5, 3.5]  # carried by lift 0, then standing
    assert m.displacement[0].tolist() == [2.0, 0.5] and bool(m.on_floor[0]) and int(m.ground_part[0]) == 1
    moved = pc.World(w.parts[0], pc.transform(w.parts[1], [[2.0, 0.5], [0.0, 0.0]]))
    assert not pc.overlaps(m.shapes, moved, touching=False).any()


def test_platforms_never_leave_a_mover_inside():
    rng = np.random.default_rng(12)
    w = lift_world()
    boxes = rng.uniform(0, 18, (300, 1)) + np.array([[0.0, 0.0, 0.5, 0.0]])
    boxes[:, 1] = rng.uniform(1, 6, 300)
    boxes[:, 3] = boxes[:, 1] + 0.5
    movers = pc.Boxes(boxes)
    movers = movers[~pc.overlaps(movers, w, touching=False)]
    for frame in range(15):
        lift = rng.normal(0, 0.3, (2, 2))
        m = pc.move(movers, rng.normal(0, 0.3, (len(movers), 2)), w, platforms={1: lift})
        w = pc.World(w.parts[0], pc.transform(w.parts[1], lift))
        assert not pc.overlaps(m.shapes, w, touching=False).any(), frame
        movers = m.shapes


def test_platforms_are_checked():
    w = lift_world()
    hero = pc.Boxes([6, 2.5, 6.5, 3])
    with pytest.raises(ValueError, match="parts 0 to 1"):
        pc.move(hero, [0, 0], w, platforms={2: [0, 1]})
    with pytest.raises(ValueError, match="only shape collections move"):
        pc.move(hero, [0, 0], w, platforms={0: [0, 1]})
    with pytest.raises(ValueError, match="holds 2 shapes"):
        pc.move(hero, [0, 0], w, platforms={1: np.zeros((3, 2))})
    with pytest.raises(ValueError, match="finite"):
        pc.move(hero, [0, 0], w, platforms={1: [np.nan, 0]})
    with pytest.raises(TypeError, match="parts of a World"):
        pc.move(hero, [0, 0], w.parts[0], platforms={0: [0, 1]})


@pytest.mark.parametrize("k", [-1060, -1000, -500, 0, 500, 1000])
def test_running_along_a_floor_at_every_scale(k):
    """Scaled by 2**k (down to subnormal tiles, up to 2**1000): the same run, exactly."""
    s = 2.0**k
    floor = pc.TileMap.from_text(FLOOR, tile_size=s)
    hero = pc.Capsules(np.array([1.5, 1.25, 2.5, 1.25, 0.25]) * s)
    for _ in range(20):
        m = pc.move(hero, [0.3 * s, -0.25 * s], floor)
        assert m.displacement.tolist() == [0.3 * s, 0.0] and bool(m.on_floor)
        assert m.ground_normal.tolist() == [0.0, 1.0]
        hero = m.shapes
    assert not pc.overlaps(hero, floor, touching=False)


# ---- impacts as events -------------------------------------------------------------------


def test_move_reports_each_impact_as_an_event():
    room = pc.TileMap.from_text("#.....\n#.....\n######")
    boxes = pc.Boxes([[2, 1, 3, 2], [4, 1, 5, 2]])
    m = pc.move(boxes, [[-4, -0.5], [1, 0]], room, events=True)
    e = m.events
    # box 0 meets the floor at once (its fall taken), then the wall a quarter of the way on
    assert e.mover.tolist() == [0, 0] and e.time.tolist() == [0.0, 0.25]
    assert e.part.tolist() == [0, 0] and e.normal.tolist() == [[0.0, 1.0], [1.0, 0.0]]
    assert e.lost.tolist() == [0.5, 3.0] and e.point[1].tolist() == [1.0, 1.5]
    cols = room.shape[1]
    assert e.index[0] in (1, 2, 3) and e.index[1] == 1 * cols + 0  # a floor tile under it; the wall's tile
    assert pc.move(boxes, [[-4, -0.5], [1, 0]], room).events is None
    # box 1 runs along the floor: no impact; the same moves with or without events
    assert np.array_equal(np.asarray(m.shapes), np.asarray(pc.move(boxes, [[-4, -0.5], [1, 0]], room).shapes))
    with pytest.raises(TypeError, match="events"):
        pc.move(boxes, [0, 0], room, events="yes")


def test_events_do_not_depend_on_threads_and_follow_platforms():
    rng = np.random.default_rng(2)
    level = pc.TileMap(rng.choice([0, 0, 0, 1, 2, 3, 4, 5], size=(20, 40)).astype(np.int8), tile_size=0.5)
    boxes = pc.Boxes(
        np.column_stack([rng.uniform(0, 19, 3000), rng.uniform(0, 9, 3000)]) @ [[1, 0, 1, 0], [0, 1, 0, 1]]
        + [0, 0, 0.3, 0.3]
    )
    boxes = boxes[~pc.overlaps(boxes, level, touching=False)]
    d = rng.normal(0, 1, (len(boxes), 2))
    one = pc.move(boxes, d, level, events=True, threads=1).events
    two = pc.move(boxes, d, level, events=True, threads=2).events
    for a, b in zip(one, two):
        assert np.array_equal(a, b)
    assert len(one.mover) > 100 and (np.diff(one.mover) >= 0).all() and ((one.time >= 0) & (one.time <= 1)).all()
    w = lift_world()
    m = pc.move(pc.Boxes([6, 2.5, 6.5, 3]), [0, -5], w, platforms={1: [[0.0, 0.0], [0.0, 0.0]]}, events=True)
    e = m.events  # standing on lift 0 and pushed down into it: one impact, at once, 5 taken
    assert e.part.tolist() == [1] and e.index.tolist() == [0] and e.time.tolist() == [0.0] and e.lost.tolist() == [5.0]


# ---- what is left of a move after an impact: its part along the surface --------------------


@settings(max_examples=examples(100), deadline=None)
@given(st.floats(1.25, 4.75), st.floats(0.3, 3.0), st.floats(-0.3, 0.3), st.integers(-3, 3))
def test_a_mover_landing_steeply_on_a_slope_slides_along_it(x, into, along, k):
    """A box whose move runs mostly into a 45-degree slope (the long face
    y = x of a triangle) keeps, after the impact, the part of the rest
    along the slope.  It stopped dead: the rounded projection of the rest
    pointed into the slope by a few ulps of the rest (the tilt away from it
    was 2**-50 of the projection, far shorter), so the plane solver kept
    nothing; and slide spent its second sweep on meeting the slope again."""
    s = 2.0**k
    slope = pc.World(pc.Triangles([[0.0, 0.0, 100.0 * s, 0.0, 100.0 * s, 100.0 * s]]))
    box = pc.Boxes([(x - 0.5) * s, (x + 0.5) * s, x * s, (x + 1.0) * s])  # its lower right corner 0.5 above the face
    d = np.array([into + along, -into + along]) * s
    m = pc.move(box, d, slope, max_iterations=2, events=True)
    assert m.events.time.size == 1
    t = float(m.events.time[0])
    tangent = np.array([1.0, 1.0]) / math.sqrt(2.0)
    want = t * d + (((1.0 - t) * d) @ tangent) * tangent
    assert np.allclose(m.displacement, want, rtol=0, atol=2.0**-40 * s)
    assert not pc.overlaps(m.shapes, slope, touching=False)
    with pytest.warns(DeprecationWarning):
        slid = pc.slide(box, d, slope, 1.0, max_slides=2)
    assert np.allclose(np.asarray(slid.boxes) - np.asarray(box), np.tile(want, 2), rtol=0, atol=2.0**-40 * s)


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(["circle", "capsule"]), st.integers(0, 4), st.integers(0, 2**32 - 1))
def test_a_round_mover_a_rounding_error_above_a_floor_runs_on(kind, ulps, seed):
    """Circles or capsules standing on a box's top, or a few ulps above it,
    running along it with gravity pulling them down: each runs the whole
    way.  The contact's normal of a round shape may be an ulp short of unit,
    (0, 0.9999999999999999): the floor's part of the move then left an ulp
    pointing into the floor, and the plane solver kept nothing (one capsule
    in fifteen of these stopped dead, as the platformer's hero on its
    ferry).  Places, sizes and moves are drawn with every bit of their
    mantissas (hypothesis's own floats favour round values, whose products
    are exact), 32 movers an example, each over its own box."""
    rng = np.random.default_rng(seed)
    n = 32
    x = rng.uniform(1.0, 12.0, n) + 30.0 * np.arange(n)
    top, r = rng.uniform(0.5, 4.0, n), rng.uniform(0.05, 1.0, n)
    west, east = rng.uniform(0.5, 3.0, n), rng.uniform(0.5, 3.0, n)
    d = np.column_stack([rng.uniform(0.01, 0.5, n), -rng.uniform(1e-4, 0.05, n)])
    y = top + r
    for _ in range(ulps):
        y = np.nextafter(y, np.inf)
    floor = pc.World(pc.Boxes(np.column_stack([x - west, top - 1.0, x + east, top])))
    movers = (
        pc.Circles(np.column_stack([x, y, r]))
        if kind == "circle"
        else pc.Capsules(np.column_stack([x, y, x, y + 2 * r, r]))
    )
    free = ~pc.overlaps(movers, floor, touching=False)  # top + r rounded down: a start inside is depenetrate's case
    m = pc.move(movers[free], d[free], floor)
    assert np.allclose(m.displacement[:, 0], d[free, 0], rtol=2.0**-40, atol=0) and m.on_floor.all()
    assert not pc.overlaps(m.shapes, floor, touching=False).any()


def test_the_platformers_hero_runs_off_its_ferry():
    """The reproducer, from the platformer demo: its hero, 2.8e-16 above the
    ferry's top after the carrying additions, ran east 2.7e-15 of its 0.1."""
    hero = pc.Capsules([10.600000000000023, 2.3000000000000003, 10.600000000000023, 2.900000000000001, 0.3])
    ferry = pc.World(pc.Boxes([[10.0, 1.0, 13.000000000000028, 2.0]]))
    m = pc.move(hero, [0.1, -0.5 / 60], ferry, events=True)
    assert m.events.normal.tolist() == [[0.0, 0.9999999999999999]]  # an ulp short of unit
    assert m.displacement[0] == pytest.approx(0.1, rel=2.0**-40) and bool(m.on_floor)


def test_a_mover_that_slides_past_the_end_of_a_face_runs_on():
    """The planes a step solves against are those of the surfaces the mover
    still touches: a box sliding down the underside of a slope, past its end,
    onto the floor runs on along the floor (the slope's plane, left behind,
    would make a corner with the floor's and stop it where it lands)."""
    level = pc.TileMap.from_text(".9..........\n............\n............\n############")
    m = pc.move(pc.Boxes([0.0, 2.5, 1.0, 3.0]), [8.0, 2.0], level, events=True)
    # up to the slope at t = 1/10, down along it by (2.7, -2.7): the floor after 1.7 of that, at x = 2.5,
    # then what is left of it, (1, -1), along the floor: (1, 0)
    assert np.allclose(np.asarray(m.shapes), [3.5, 1.0, 4.5, 1.5], rtol=0, atol=1e-12)
    assert bool(m.on_floor) and bool(m.on_ceiling) and not bool(m.on_wall)
    assert m.events.normal.round(12).tolist() == [[-0.707106781187, -0.707106781187], [0.0, 1.0]]
    assert not pc.overlaps(m.shapes, level, touching=False)
    # a real corner still stops it: into the wedge of a wall and a floor it touches both of
    wedge = pc.TileMap.from_text("#...\n#...\n####")
    w = pc.move(pc.Boxes([1.5, 1.5, 2.0, 2.0]), [-3.0, -3.0], wedge)
    assert np.asarray(w.shapes).tolist() == [1.0, 1.0, 1.5, 1.5] and bool(w.on_floor) and bool(w.on_wall)
