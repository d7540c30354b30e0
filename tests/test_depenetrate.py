"""depenetrate: shapes moved out of a world by the least translation.

The promise checked exactly against the reference: the moved shape does not
strictly overlap the world.  The least translation: against one piece it is
the contact's depth (to 1e-9 of the shapes' scale); against several, no
shorter translation in any sampled direction frees the shape (the
translation is tried shorter by a relative 1e-7, well above its rounding)."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import geometry as ref
from strategies import KINDS, TYPES, examples, shape, valid_rows
from tilecases import QUARTER, levels, map_overlaps_ref

import pycollide as pc

LEVEL = pc.TileMap.from_text("""
#..........#
#...1..9...#
#..##..##..#
#.....3....#
#....7#9...#
############
""")
PEG, RAIL = pc.Circles([[8, 3, 0.6]]), pc.Capsules([[2, 4.5, 5, 5, 0.3]])


def inside_ref(kind, row, world):
    """Exact (reference): does the shape strictly overlap some part of the world?"""
    for part in world.parts if isinstance(world, pc.World) else (world,):
        if isinstance(part, pc.TileMap):
            if map_overlaps_ref(part, kind, row, False):
                return True
        elif any(
            ref.overlaps(kind, row, type(part).name, [float(x) for x in np.ravel(r)], touching=False)
            for r in np.asarray(part)
        ):
            return True
    return False


def small_shapes(rng, kind, n, lo=0.0, hi=12.0):
    """n valid shapes of a kind about a tenth of a tile across, anywhere in [lo, hi]^2."""
    cls = TYPES[kind]
    rows = rng.uniform(lo, hi, size=(n, cls.width))
    if kind == "circle":
        rows[:, 2] = rng.uniform(0.05, 1.0, n)
    elif kind == "capsule":
        rows[:, :4] = rows[:, [0, 1, 0, 1]] + rng.uniform(-0.5, 0.5, (n, 4))
        rows[:, 4] = rng.uniform(0.05, 0.6, n)
    elif kind != "point":
        pos = rows[:, [0, 1] * (cls.width // 2)]
        rows = pos + (rows - pos) * 0.1
    return cls(valid_rows(kind, rows))


def test_floor_wall_and_corner():
    """The docstring's crates: out of the floor, the wall, and the corner
    between them (the crossing of both, not either alone); a ball in the
    corner likewise; one already touching stays, bit for bit."""
    level = pc.TileMap.from_text("#......\n#......\n#######")
    crates = pc.Boxes([[3.0, 0.75, 4.0, 1.75], [0.5, 1.5, 1.5, 2.5], [0.75, 0.75, 1.75, 1.75], [3.0, 1.0, 4.0, 2.0]])
    out = pc.depenetrate(crates, level)
    assert out.translation.tolist() == [[0.0, 0.25], [0.5, 0.0], [0.25, 0.25], [0.0, 0.0]]
    assert out.depth.tolist() == [0.25, 0.5, math.hypot(0.25, 0.25), 0.0]
    assert np.asarray(out.shapes).tolist() == [
        [3.0, 1.0, 4.0, 2.0],
        [1.0, 1.5, 2.0, 2.5],
        [1.0, 1.0, 2.0, 2.0],
        [3.0, 1.0, 4.0, 2.0],
    ]
    assert out.resolved.all() and out.shapes.shape == (4,)
    ball = pc.depenetrate(pc.Circles([1.25, 1.25, 0.5]), level)
    assert ball.translation.tolist() == [0.25, 0.25] and np.asarray(ball.shapes).tolist() == [1.5, 1.5, 0.5]


@pytest.mark.parametrize("width", [0.5, 0.25, 2**-10, 2**-40, 2**-52])
def test_a_box_sunk_across_a_seam_comes_out_along_the_floor_normal(width):
    """A box sunk 0.25 into a floor, over the face between two floor tiles by
    `width` (less than the depth, so that the face between them would be
    the shorter way out of the first tile alone): straight up, bit for bit,
    in a tile map and in a floor of two boxes meeting there."""
    level = pc.TileMap.from_text("#......\n#......\n#######")
    shelf = pc.World(pc.Boxes([[0.0, 0.0, 3.0, 1.0], [3.0, 0.0, 7.0, 1.0]]))
    x0 = 3.0 - width
    box = pc.Boxes([x0, 0.75, x0 + 1.0, 1.75])
    for world in (level, pc.World(level), shelf):
        out = pc.depenetrate(box, world)
        assert out.translation.tolist() == [0.0, 0.25], world
        assert np.asarray(out.shapes).tolist() == [x0, 1.0, x0 + 1.0, 2.0]
    ball = pc.depenetrate(pc.Circles([3.0 - width, 1.25, 0.5]), level)
    assert ball.translation.tolist() == [0.0, 0.25]


def test_a_rounding_error_deep_comes_out_by_an_ulp():
    level = pc.TileMap.from_text("#......\n#......\n#######")
    out = pc.depenetrate(pc.Boxes([[3.0, 1.0 - 2**-52, 4.0, 2.0], [3.0, 1.0 - 2**-53, 4.0, 2.0]]), level)
    assert out.translation.tolist() == [[0.0, 2**-52], [0.0, 2**-53]]
    assert np.asarray(out.shapes)[:, 1].tolist() == [1.0, 1.0]


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(KINDS).flatmap(lambda k: st.tuples(st.just(k), shape(k, QUARTER))),
    st.sampled_from(KINDS).flatmap(lambda k: st.tuples(st.just(k), shape(k, QUARTER))),
)
def test_out_of_one_piece_by_its_contact_depth(a, b):
    """Against a single shape the least translation is the contact's depth
    (the minimum translation of the pair), for every pair of kinds."""
    (ka, ra), (kb, rb) = a, b
    shape_a, piece = TYPES[ka](np.array(ra)), TYPES[kb](np.array([rb]))
    out = pc.depenetrate(shape_a, pc.World(piece))
    assert bool(out.resolved)
    assert not inside_ref(ka, [float(x) for x in np.asarray(out.shapes).reshape(-1)], pc.World(piece))
    if pc.overlaps(shape_a, piece[0], touching=False):
        depth = -float(pc.contact(shape_a, piece[0]).separation)
        scale = max(np.abs(ra).max(), np.abs(rb).max(), 1.0)
        assert abs(float(out.depth) - depth) <= 1e-9 * scale, (ka, ra, kb, rb, float(out.depth), depth)
    else:
        assert out.translation.tolist() == [0.0, 0.0] and np.asarray(out.shapes).reshape(-1).tolist() == list(ra)


@settings(max_examples=examples(30), deadline=None)
@given(
    levels(),
    st.sampled_from(KINDS).flatmap(
        lambda k: st.tuples(st.just(k), st.lists(shape(k, QUARTER), min_size=1, max_size=6))
    ),
    st.booleans(),
)
def test_every_kind_out_of_random_levels(level, drawn, with_shapes):
    """Random tile levels (with a peg, a rail and a wedge when with_shapes),
    shapes of every kind on a quarter grid (often exactly on faces, seams
    and corners): none ends strictly inside (exact reference), and one that
    did not strictly overlap has not moved.  Every one is resolved but for
    shapes about as large as the level, whose way out may pass more pieces
    than the search holds: those are flagged and left as they were."""
    kind, rows = drawn
    world = pc.World(level, PEG, RAIL, pc.Triangles([[0, 4, 2, 5, 0, 5]])) if with_shapes else level
    shapes = TYPES[kind](np.array(rows, dtype=float))
    out = pc.depenetrate(shapes, world)
    for k, row in enumerate(rows):
        if not out.resolved[k]:
            bounds = shapes[k].bounds()
            assert max(bounds[2] - bounds[0], bounds[3] - bounds[1]) > 3, (kind, row, level.to_text())
            assert out.depth[k] == np.inf and out.translation[k].tolist() == [0.0, 0.0]
            assert np.array_equal(np.asarray(out.shapes)[k], np.asarray(shapes)[k])
            continue
        moved = [float(x) for x in np.asarray(out.shapes)[k].reshape(-1)]
        assert not inside_ref(kind, moved, world), (kind, row, moved, level.to_text())
        if not inside_ref(kind, row, world):
            assert moved == list(row) and out.translation[k].tolist() == [0.0, 0.0] and out.depth[k] == 0.0


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("round_parts", [False, True], ids=["polygonal", "with a peg and a rail"])
def test_no_shorter_translation_frees_it(kind, round_parts):
    """Seeded shapes of a tenth of a tile (circles and capsules up to a
    tile), scattered over a level of slopes, blocks and pockets: for each
    one moved, 64 translations in random directions shorter by a relative
    1e-7 (and 64 shorter still) all leave it strictly inside (exact test),
    so none shorter gets it out (the least, up to that, for polygonal and
    for round pieces alike in these scenes)."""
    rng = np.random.default_rng(sum(map(ord, kind)) + round_parts)
    world = pc.World(LEVEL, PEG, RAIL) if round_parts else pc.World(LEVEL, pc.Segments([[2, 4.5, 5, 5]]))
    shapes = small_shapes(rng, kind, 60)
    out = pc.depenetrate(shapes, world)
    assert out.resolved.all()
    assert not pc.overlaps(out.shapes, world, touching=False).any()
    for k in np.flatnonzero(out.depth > 0):
        d = float(out.depth[k])
        theta = rng.uniform(0, 2 * np.pi, 128)
        r = d * (1 - 1e-7) * np.r_[np.ones(64), np.sqrt(rng.uniform(0, 1, 64))]
        moved = pc.transform(shapes[int(k)], np.c_[r * np.cos(theta), r * np.sin(theta)])
        assert pc.overlaps(moved, world, touching=False).all(), (kind, np.asarray(shapes[int(k)]).tolist(), d)


@pytest.mark.parametrize("k", [-1000, -600, -40, -1, 1, 40, 600, 1000])
def test_scaled_by_powers_of_two_bit_for_bit(k):
    """The world and the shapes scaled by 2^k: the translations are 2^k
    times those at scale 1, bit for bit (the search runs in a frame scaled
    by a power of 2), and the moved shapes too."""
    s = 2.0**k
    rng = np.random.default_rng(5)
    text = LEVEL.to_text()
    base = pc.World(LEVEL, PEG, RAIL)
    scaled = pc.World(
        pc.TileMap.from_text(text, tile_size=s), pc.Circles(np.asarray(PEG) * s), pc.Capsules(np.asarray(RAIL) * s)
    )
    for kind in ("point", "circle", "box", "capsule", "polygon8"):
        shapes = small_shapes(rng, kind, 40)
        one = pc.depenetrate(shapes, base)
        two = pc.depenetrate(type(shapes)(np.asarray(shapes) * s), scaled)
        assert np.array_equal(two.translation, one.translation * s), kind
        assert np.array_equal(np.asarray(two.shapes), np.asarray(one.shapes) * s), kind


def test_leading_shapes_threads_and_batches():
    """Any leading shape (0-d, 2-d, empty); the result of each shape does not
    depend on the batch it is in or on the thread count, bit for bit."""
    rng = np.random.default_rng(9)
    world = pc.World(LEVEL, PEG, RAIL)
    shapes = small_shapes(rng, "circle", 4200)
    every = pc.depenetrate(shapes, world, threads=2)
    one = pc.depenetrate(shapes, world, threads=1)
    for a, b in zip(every, one):
        assert np.array_equal(np.asarray(a), np.asarray(b))
    grid = pc.depenetrate(pc.Circles(np.asarray(shapes)[:12].reshape(3, 4, 3)), world)
    assert grid.shapes.shape == (3, 4) and grid.translation.shape == (3, 4, 2) and grid.resolved.shape == (3, 4)
    assert np.array_equal(grid.translation.reshape(12, 2), one.translation[:12])
    single = pc.depenetrate(shapes[7], world)
    assert single.shapes.shape == () and single.translation.shape == (2,) and single.depth.shape == ()
    assert single.translation.tolist() == one.translation[7].tolist()
    empty = pc.depenetrate(pc.Boxes(np.empty((0, 4))), LEVEL)
    assert empty.shapes.shape == (0,) and empty.translation.shape == (0, 2) and empty.resolved.shape == (0,)
    before = np.asarray(shapes).copy()
    assert np.array_equal(np.asarray(shapes), before)  # the caller's shapes are never changed


def test_deeper_than_the_search_reaches_is_flagged():
    """A small box in the middle of a block of 1,600 small boxes: the way out
    passes more pieces than the search holds, so it is returned where it was,
    with resolved False and depth inf; a box beside the block is resolved."""
    x, y = np.meshgrid(np.arange(40) * 0.1, np.arange(40) * 0.1)
    block = pc.Boxes(np.column_stack([x.ravel(), y.ravel(), x.ravel() + 0.1, y.ravel() + 0.1]))
    boxes = pc.Boxes([[1.96, 1.96, 2.04, 2.04], [3.95, 1.0, 4.5, 1.5]])
    out = pc.depenetrate(boxes, pc.World(block))
    assert out.resolved.tolist() == [False, True]
    assert out.depth[0] == np.inf and out.translation[0].tolist() == [0.0, 0.0]
    assert np.asarray(out.shapes)[0].tolist() == [1.96, 1.96, 2.04, 2.04]
    assert out.translation[1].tolist() == [4.0 - 3.95, 0.0] and np.asarray(out.shapes)[1, 0] == 4.0


def test_bad_input():
    box = pc.Boxes([3.0, 0.75, 4.0, 1.75])
    with pytest.raises(TypeError, match="`shapes` must be a shape array"):
        pc.depenetrate(np.array([3.0, 0.75, 4.0, 1.75]), LEVEL)
    with pytest.raises(TypeError, match="Lines"):
        pc.depenetrate(pc.Lines([0, 0, 1, 1]), LEVEL)
    with pytest.raises(TypeError, match="TileMap or a World"):
        pc.depenetrate(box, pc.Boxes([0, 0, 1, 1]))
    with pytest.raises(TypeError, match="`shapes` must be a shape array to test against a World"):
        pc.depenetrate(LEVEL, box)
    with pytest.raises(ValueError, match="threads"):
        pc.depenetrate(box, LEVEL, threads=0)
    with pytest.raises(TypeError, match="threads"):
        pc.depenetrate(box, LEVEL, threads=1.5)


def test_a_round_shape_walks_a_corners_rim_to_the_least_translation():
    """A capsule (radius 1.75) pushed up into a row of 45-degree tiles
    between the tiles' corners at (1, 1) and (3, 1): the first way out found
    lies around the far side of a corner's rim, and the walk along the rims
    takes a dozen passes of tangents to where the capsule's top end sits
    1.75 from both corners, x = 2 and y = 1 - sqrt(1.75^2 - 1).  (With eight
    passes it stopped 0.035 short of touching anything, 6% too far.)"""
    tm = pc.TileMap(np.array([[0, 5, 5, 4]], dtype=np.int8), 2.0, (-3.0, 1.0))
    cap = pc.Capsules([[2.125, -1.0, 2.375, 1.25, 1.75]])
    out = pc.depenetrate(cap, tm)
    want = np.array([2.0 - 2.375, 1.0 - math.sqrt(1.75**2 - 1.0) - 1.25])
    assert out.resolved.all() and np.abs(out.translation[0] - want).max() <= 1e-15
    assert not pc.overlaps(out.shapes, tm, touching=False).any()
    assert pc.distance(out.shapes, tm)[0] <= 1e-15
    assert pc.contact(cap, tm).separation[0] == -out.depth[0]
