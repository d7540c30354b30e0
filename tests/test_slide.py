"""slide: axis-aligned boxes moving and sliding through a world with
restitution 0 (platformers), its promises checked exactly against the
reference: no box ends strictly inside a wall, none passes through one, none
catches on the seams between tiles.  slide is deprecated for pc.move (it
warns); its contract holds until it is removed."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import geometry as ref
from reference import tiles as tref
from strategies import examples
from tilecases import ROOM, into

import pycollide as pc

pytestmark = pytest.mark.filterwarnings("ignore:pc.slide is deprecated:DeprecationWarning")

LEVEL = """
#..................#
#..................#
#.......###........#
#..................#
#...1..........9...#
#..##..........##..#
#..................#
####################
"""


def box_inside_world(box, world):
    """Exact (reference): does the box strictly overlap a part of the world?"""
    parts = world.parts if isinstance(world, pc.World) else (world,)
    b = [float(x) for x in np.asarray(box._data).reshape(4)]
    for part in parts:
        if isinstance(part, pc.TileMap):
            polys = tref.solid_polygons(part.kinds, part.tile_size, *part.origin)
            for _, poly in polys:
                flat = [float(c) for p in poly for c in p]
                kind = "box" if len(poly) == 4 else "triangle"
                row = [flat[0], flat[1], flat[4], flat[5]] if kind == "box" else flat
                if ref.overlaps("box", b, kind, row, touching=False):
                    return True
        else:
            kind = type(part).name
            for row in np.asarray(part._data):
                if ref.overlaps("box", b, kind, [float(x) for x in row], touching=False):
                    return True
    return False


def test_resting_box_walks_over_seams_bit_for_bit():
    """A box on a floor of tiles, pulled down by gravity every frame and
    walking left and right with its edges exactly on the seams: it moves by
    exactly v dt each frame, keeps its speed, and stands on the floor."""
    level = pc.TileMap.from_text(LEVEL)
    box = pc.Boxes([5.0, 1.0, 6.0, 2.0])
    for vx in (4.0, -4.0):
        b = box
        for _ in range(3):  # the wall is 4 tiles away
            s = pc.slide(b, [vx, -9.75 * 0.25], level, 0.25)
            assert s.velocity.tolist() == [vx, 0.0]
            assert bool(s.on_floor) and not bool(s.on_wall) and not bool(s.on_ceiling)
            lo = np.asarray(b._data)
            assert np.asarray(s.boxes._data).tolist() == [lo[0] + vx / 4, 1.0, lo[2] + vx / 4, 2.0]
            b = s.boxes


def test_falls_onto_seam_keeping_its_run():
    """Landing exactly on the corner where two floor tiles meet is landing on
    the floor: the horizontal speed stays, whichever way the box runs."""
    level = pc.TileMap.from_text(LEVEL)
    for vx, x0 in ((2.0, 5.0), (-2.0, 13.0)):
        s = pc.slide(pc.Boxes([x0, 3.0, x0 + 1, 4.0]), [vx, -4.0], level, 1.0)  # lands at t = 1/2
        assert np.asarray(s.boxes._data).tolist() == [x0 + vx, 1.0, x0 + 1 + vx, 2.0]
        assert s.velocity.tolist() == [vx, 0.0] and bool(s.on_floor)


def test_inner_corner_and_ceiling():
    level = pc.TileMap.from_text(LEVEL)
    s = pc.slide(pc.Boxes([2.0, 2.0, 3.0, 3.0]), [-10.0, -10.0], level, 1.0)
    assert np.asarray(s.boxes._data).tolist() == [1.0, 1.0, 2.0, 2.0]
    assert s.velocity.tolist() == [0.0, 0.0] and bool(s.on_floor) and bool(s.on_wall)
    s = pc.slide(pc.Boxes([8.5, 3.0, 9.5, 4.0]), [1.0, 8.0], level, 1.0)  # jumps into the block above
    assert np.asarray(s.boxes._data).tolist() == [9.5, 4.0, 10.5, 5.0]
    assert s.velocity.tolist() == [1.0, 0.0] and bool(s.on_ceiling) and not bool(s.on_floor)


def test_slides_down_a_slope():
    """A 45-degree tile is a floor; the box slides along it, never into it."""
    level = pc.TileMap.from_text(LEVEL)
    s = pc.slide(pc.Boxes([4.5, 4.0, 5.5, 5.0]), [0.0, -10.0], level, 1.0)
    assert bool(s.on_floor)
    assert not box_inside_world(s.boxes, level)


def test_no_tunnelling_through_a_thin_wall():
    """However fast, a box never passes a wall of zero thickness, corner-on
    included."""
    wall = pc.World(pc.Segments([[10, -5, 10, 5]]), pc.Boxes([[20, 0, 21, 1]]))
    rng = np.random.default_rng(3)
    x0 = rng.uniform(-50, 8, 500)
    y0 = rng.uniform(-8, 7, 500)
    boxes = pc.Boxes(np.column_stack([x0, y0, x0 + 1, y0 + 1]))
    v = np.column_stack([rng.uniform(1e3, 1e7, 500), rng.uniform(-1e3, 1e3, 500)])
    s = pc.slide(boxes, v, wall, 1.0)
    b = np.asarray(s.boxes._data)
    crossed = (b[:, 2] > 10) & (b[:, 1] < 5) & (b[:, 3] > -5)
    started_level = (y0 < 5) & (y0 + 1 > -5)
    assert not (crossed & started_level).any()


def grid_levels():
    kinds = st.sampled_from([".", ".", ".", "#", "#", "1", "3", "7", "9"])
    return st.lists(st.lists(kinds, min_size=6, max_size=6), min_size=5, max_size=5)


@settings(max_examples=examples(60), deadline=None)
@given(
    grid_levels(),
    st.lists(
        st.tuples(st.integers(-4, 28), st.integers(-4, 24), st.integers(1, 8), st.integers(1, 8)),
        min_size=1,
        max_size=6,
    ),
    st.lists(st.tuples(st.integers(-40, 40), st.integers(-40, 40)), min_size=1, max_size=6),
    st.sampled_from([0.25, 1.0, 0.1]),
    st.booleans(),
)
def test_never_ends_inside_and_never_gains_speed(rows, boxes, vels, dt, with_shapes):
    """Random tile levels (with a slanted segment and a capsule when
    with_shapes), boxes on a quarter-tile grid (often exactly touching
    walls): no box that starts outside ends strictly inside (exact
    reference), and no speed grows (a slope may turn falling into running)."""
    level = pc.TileMap.from_text("\n".join("".join(r) for r in rows), tile_size=1.0)
    parts = [level]
    if with_shapes:
        parts += [pc.Segments([[0, 6, 6, 3]]), pc.Capsules([[1, 1, 5, 2, 0.25]])]
    world = pc.World(*parts)
    rows_ = []
    for x, y, w, h in boxes:
        b = pc.Boxes([x / 4, y / 4, (x + w) / 4, (y + h) / 4])
        if not box_inside_world(b, world):
            rows_.append(np.asarray(b._data))
    if not rows_:
        return
    start = pc.Boxes(np.array(rows_))
    v = np.resize(np.array(vels, dtype=float), (len(rows_), 2))
    s = pc.slide(start, v, world, dt)
    for k in range(len(rows_)):
        assert not box_inside_world(s.boxes[k], world), (rows_[k], v[k])
    for k in range(len(rows_)):  # speeds compared exactly
        old = sum(Fraction(float(x)) ** 2 for x in v[k])
        assert sum(Fraction(float(x)) ** 2 for x in s.velocity[k]) <= old


def test_one_slide_is_the_sweep():
    """With one impact allowed, the box stops where pc.sweep says it first
    touches, and the velocity loses exactly its normal part."""
    world = pc.World(pc.Boxes([[5, 0, 6, 4]]))
    box = pc.Boxes([0.0, 1.0, 1.0, 2.0])
    hit = pc.sweep(box, [8.0, 0.0], world)
    s = pc.slide(box, [8.0, 0.0], world, 1.0, max_slides=1)
    assert float(hit.time) == 0.5
    assert np.asarray(s.boxes._data).tolist() == [4.0, 1.0, 5.0, 2.0]
    assert s.velocity.tolist() == [0.0, 0.0] and bool(s.on_wall)


def test_shapes_broadcast_and_keep_inputs():
    level = pc.TileMap.from_text(LEVEL)
    boxes = pc.Boxes(np.array([[[3.0, 1.0, 4.0, 2.0]] * 3] * 2))
    v = np.array([1.0, -1.0])
    s = pc.slide(boxes, v, level, 0.5)
    assert s.boxes.shape == (2, 3) and s.velocity.shape == (2, 3, 2) and s.on_floor.shape == (2, 3)
    assert v.tolist() == [1.0, -1.0] and np.asarray(boxes._data)[0, 0].tolist() == [3.0, 1.0, 4.0, 2.0]
    one = pc.slide(boxes, v, level, 0.5, threads=1)
    assert np.array_equal(np.asarray(one.boxes._data), np.asarray(s.boxes._data))
    empty = pc.slide(pc.Boxes(np.empty((0, 4))), v, level, 0.5)
    assert empty.boxes.shape == (0,) and empty.on_floor.shape == (0,)


def test_bad_input():
    level = pc.TileMap.from_text(LEVEL)
    box = pc.Boxes([3.0, 1.0, 4.0, 2.0])
    with pytest.raises(TypeError, match="Boxes"):
        pc.slide(pc.Circles([3, 3, 1]), [1, 0], level, 1.0)
    with pytest.raises(TypeError, match="TileMap or a World"):
        pc.slide(box, [1, 0], pc.Boxes([0, 0, 1, 1]), 1.0)
    with pytest.raises(ValueError, match="dt"):
        pc.slide(box, [1, 0], level, -1.0)
    with pytest.raises(ValueError, match="dt"):
        pc.slide(box, [1, 0], level, float("nan"))
    with pytest.raises(ValueError, match="max_slides"):
        pc.slide(box, [1, 0], level, 1.0, max_slides=0)
    with pytest.raises(TypeError, match="max_slides"):
        pc.slide(box, [1, 0], level, 1.0, max_slides=2.5)
    with pytest.raises(ValueError, match="velocity"):
        pc.slide(box, [[1, 0], [2, 0]], level, 1.0)
    with pytest.raises(ValueError):
        pc.slide(box, [float("inf"), 0], level, 1.0)
    with pytest.raises(ValueError, match=r"box \(1,\) starts inside the solid"):
        pc.slide(pc.Boxes([[3.0, 1.0, 4.0, 2.0], [0.5, 0.5, 1.5, 1.5]]), [1, 0], level, 1.0)
    with pytest.raises(ValueError, match="beyond the range"):
        pc.slide(box, [1e308, 0], level, 1e10)


def test_walks_up_a_slope_from_its_foot():
    """Running into the foot of a 45-degree tile (box corner on the slope's
    corner) turns the run up the slope instead of stopping dead; gravity
    brings the box back down onto the floor, never into the tiles."""
    course = pc.TileMap.from_text("""
##########
#........#
#........#
#.......3#
##########
""")
    s = pc.slide(pc.Boxes([6.0, 1.0, 7.0, 2.0]), [20.0, -3.0], course, 0.1)
    # up the slope, its direction up to the rounding of the projection
    assert np.allclose(np.asarray(s.boxes._data), [7.5, 1.5, 8.5, 2.5], rtol=0, atol=1e-12)
    assert np.allclose(s.velocity, [10.0, 10.0], rtol=0, atol=1e-12) and bool(s.on_floor)
    b, v = s.boxes, s.velocity
    for _ in range(30):
        s = pc.slide(b, v + [0.0, -3.0], course, 0.1)
        assert not box_inside_world(s.boxes, course)
        b, v = s.boxes, s.velocity
    assert np.asarray(b._data)[1] == 1.0 and bool(s.on_floor)


# ---- a start that touches or is a rounding error deep (issue 39) ----------------

DOC_LEVEL = "#......\n#......\n#######"  # slide's docstring's level


def test_slide_starts_an_ulp_deep_in_the_floor():
    """The docstring's player an ulp into the floor raised "starts inside the
    solid"; it is moved out first (by that ulp) and runs on the floor."""
    level = pc.TileMap.from_text(DOC_LEVEL)
    s = pc.slide(pc.Boxes([3.0, 1.0 - 2**-52, 4.0, 2.0]), [1, -0.5], level, 1 / 60)
    assert np.asarray(s.boxes._data).tolist() == [3.0 + 1 / 60, 1.0, 4.0 + 1 / 60, 2.0]
    assert s.velocity.tolist() == [1.0, 0.0] and bool(s.on_floor)


def test_slide_from_where_sweep_said_it_hits():
    """A box placed where a sweep against a slope said it hits (the sweep's
    time times its displacement, as a game would) is strictly inside by
    rounding: slide raised.  It slides on, never strictly inside."""
    world = pc.World(pc.TileMap.from_text("#......\n#...3..\n#######"))
    placed = pc.Boxes([3.7840406842152143, 1.0769400410350403, 4.076940041035041, 1.3698393978548662])
    assert bool(pc.overlaps(placed, world, touching=False))
    s = pc.slide(placed, [0.46733772285641173, -0.5601855842146426], world, 1.0)
    assert not box_inside_world(s.boxes, world) and bool(s.on_floor)


def test_slide_from_where_sweeps_say_they_hit():
    """Boxes swept at a slope and a floor and placed at the time returned
    (often strictly inside by rounding): slide never raises, and no box
    ends strictly inside."""
    rng = np.random.default_rng(39)
    world = pc.World(pc.TileMap.from_text("#......\n#...3..\n#######"))
    x, y, w = rng.uniform(1.5, 5, 400), rng.uniform(1.2, 3, 400), rng.uniform(0.2, 1.0, 400)
    boxes = pc.Boxes(np.c_[x, y, x + w, y + w])
    d = np.c_[rng.uniform(-3, 3, 400), rng.uniform(-3, 0, 400)]
    keep = ~pc.overlaps(boxes, world, touching=False)
    t = pc.sweep(boxes[keep], d[keep], world).time
    placed = pc.Boxes(np.asarray(boxes._data)[keep] + np.tile(t[:, None] * d[keep], 2))
    s = pc.slide(placed, d[keep], world, 1.0)
    assert not pc.overlaps(s.boxes, world, touching=False).any()
    for k in range(0, len(placed), 7):
        assert not box_inside_world(s.boxes[k], world)


def test_slide_rider_of_a_platform_placed_from_the_clock():
    """A box riding a platform: the game places the platform from the clock
    and carries the box by the platform's step each frame; by frame 2 the
    two roundings leave the box an ulp inside the platform, where slide
    raised.  It is moved out and stands on the platform."""
    dt, rise = 1 / 60, 0.3 / 60
    box = np.array([1.0, 1.0, 2.0, 2.0])
    for k in (1, 2):
        top = 1.0 + 0.3 * (k * dt)
        platform = pc.World(pc.Boxes([[0.0, top - 1.0, 4.0, top]]))
        box = box + [0.0, rise, 0.0, rise]
        s = pc.slide(pc.Boxes(box), [0.5, -9.8 * dt], platform, dt)
        box = np.asarray(s.boxes._data)
        assert bool(s.on_floor) and box[1] == top and not box_inside_world(s.boxes, platform)
    assert top - (1.0 + rise + rise) > 0  # the carried box was inside at the start of frame 2


def test_slide_deeper_than_its_tolerance_raises():
    """The tolerance of a box of side 1 at coordinates up to 4: 2^-3 plus
    2^-40 * 4.  A start 2^-4 deep is moved out; 2^-2 deep raises, naming
    the box."""
    level = pc.TileMap.from_text(DOC_LEVEL)
    ok = pc.slide(pc.Boxes([3.0, 1.0 - 2**-4, 4.0, 2.0 - 2**-4]), [0.0, 0.0], level, 1.0)
    assert np.asarray(ok.boxes._data).tolist() == [3.0, 1.0, 4.0, 2.0]
    with pytest.raises(ValueError, match=r"box \(1,\) starts inside the solid"):
        pc.slide(pc.Boxes([[3.0, 1.0, 4.0, 2.0], [3.0, 1.0 - 2**-2, 4.0, 2.0 - 2**-2]]), [1, 0], level, 1.0)


def test_slide_a_crate_on_a_platform_that_stepped_up_into_it():
    """A moving platform (a collection in the World, moved by the game)
    steps up 0.05 into the crate resting on it: slide moves the crate out,
    onto the platform, and on with its velocity; it used to raise "starts
    inside the solid"."""
    crate = pc.Boxes([2.0, 1.0, 3.0, 2.0])
    velocity = np.array([1.5, -0.5])
    for step in (0.05, 1 / 60, 0.1):
        platform = pc.Boxes([[0.0, 0.0 + step, 6.0, 1.0 + step]])
        world = pc.World(platform)
        out = pc.slide(crate, velocity, world, 1 / 60)
        assert not bool(pc.overlaps(out.boxes, world, touching=False))
        assert float(out.boxes.mins[1]) == 1.0 + step  # on the platform's top, exactly
        assert bool(out.on_floor) and out.velocity[0] == 1.5


# box (x0, y0, x1, y1) touching a wall of ROOM (tile size 1), and the way into it
TOUCHING = {
    "floor": ((2.5, 1.0, 3.25, 1.75), (0, -1)),
    "wall": ((1.0, 2.0, 1.5, 2.5), (-1, 0)),
    "ceiling": ((6.5, 3.5, 7.5, 4.0), (0, 1)),
    "corner": ((8.25, 1.0, 9.0, 1.75), (1, -1)),
    "seam": ((4.5, 3.0, 5.5, 3.5), (0, -1)),  # on the block, across the face between its tiles
}


@settings(max_examples=examples(60), deadline=None)
@given(
    st.integers(-80, 80),
    st.sampled_from([0.0, 2.0**20, -3.0]),
    st.sampled_from(sorted(TOUCHING)),
    st.integers(0, 64),
    st.tuples(st.integers(-40, 40), st.integers(-40, 40)),
)
def test_slide_starts_ulps_into_walls_at_every_scale(k, origin, where, ulps, vel):
    """ROOM scaled by 2^k and moved by (origin, origin) tiles: a box touching
    a floor, a wall, the ceiling, a corner or across a seam, then moved a few
    ulps into it: slide never raises, no box ends strictly inside (exact
    reference), none gains speed; moved into it by four times its tolerance,
    it raises."""
    s = 2.0**k
    level = pc.TileMap.from_text(ROOM, tile_size=s, origin=(origin * s, origin * s))
    (x0, y0, x1, y1), (wx, wy) = TOUCHING[where]
    row = [(x0 + origin) * s, (y0 + origin) * s, (x1 + origin) * s, (y1 + origin) * s]
    start = pc.Boxes([into(row[0], wx, ulps), into(row[1], wy, ulps), into(row[2], wx, ulps), into(row[3], wy, ulps)])
    v = np.array(vel, dtype=float) * s
    out = pc.slide(start, v, level, 0.25)
    assert not box_inside_world(out.boxes, level), (start, v)
    assert sum(Fraction(float(x)) ** 2 for x in out.velocity) <= sum(Fraction(float(x)) ** 2 for x in v)
    size, mag = (x1 - x0) * s, max(abs(c) for c in row)
    deep = 4 * (2**-3 * size + 2**-40 * mag)
    sunk = pc.Boxes([row[0] + wx * deep, row[1] + wy * deep, row[2] + wx * deep, row[3] + wy * deep])
    with pytest.raises(ValueError, match=r"box \(\) starts inside the solid"):
        pc.slide(sunk, v, level, 0.25)


# ---- deprecated for pc.move (issue 42) --------------------------------------------


def test_slide_is_deprecated_for_move():
    """slide warns, naming the call that replaces it, and still moves as
    documented; the replacement stops the docstring's player at the wall too."""
    level = pc.TileMap.from_text(DOC_LEVEL)
    player = pc.Boxes([3.0, 1.0, 4.0, 2.0])
    with pytest.warns(DeprecationWarning, match=r"use pc\.move\(boxes, velocity \* dt, world, max_iterations"):
        s = pc.slide(player, [-40.0, 0.0], level, 0.1)
    m = pc.move(player, [-40.0 * 0.1, 0.0], level, max_iterations=4)
    assert np.asarray(s.boxes).tolist() == np.asarray(m.shapes).tolist() == [1.0, 1.0, 2.0, 2.0]
    assert bool(s.on_wall) and bool(m.on_wall)


def test_slide_runs_on_after_leaving_a_face_behind():
    """slide's contract: at each impact only the part of the rest pointing
    into *that* wall is dropped.  A box sliding down the underside of a
    slope, past its end, onto the floor runs on along the floor with what is
    left (as pc.move does: test_move.py)."""
    level = pc.TileMap.from_text(".9..........\n............\n............\n############")
    s = pc.slide(pc.Boxes([0.0, 2.5, 1.0, 3.0]), [8.0, 2.0], level, 1.0)
    # up to the slope at t = 1/10, down along it by (2.7, -2.7) onto the floor, then (1, 0) along it
    assert np.allclose(np.asarray(s.boxes), [3.5, 1.0, 4.5, 1.5], rtol=0, atol=1e-12)
    assert np.allclose(s.velocity, [3.0, 0.0], rtol=0, atol=1e-12)
    assert bool(s.on_ceiling) and bool(s.on_floor) and not bool(s.on_wall)
