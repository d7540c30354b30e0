"""overlaps, contains, contact and distance against a World (tile maps and
shape collections of any kinds): exact answers against the reference and
brute force over the parts."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import KINDS, TYPES, examples, shape
from tilecases import QUARTER, levels, map_overlaps_ref

import pycollide as pc


@settings(max_examples=examples(80), deadline=None)
@given(
    levels(),
    st.sampled_from(KINDS).flatmap(
        lambda k: st.tuples(st.just(k), st.lists(shape(k, QUARTER), min_size=1, max_size=5))
    ),
    st.booleans(),
)
def test_overlaps_against_a_tile_map_in_a_world(level, drawn, touching):
    """Every kind against a tile map's solid region, exact (seams included)."""
    kind, rows = drawn
    shapes = TYPES[kind](np.array(rows, dtype=float))
    got = pc.overlaps(shapes, pc.World(level), touching=touching)
    for k, row in enumerate(rows):
        assert bool(got[k]) == map_overlaps_ref(level, kind, row, touching), (kind, row, level.to_text())


@pytest.mark.parametrize("touching", [True, False])
def test_seams_and_corners_of_a_tile_map(touching):
    """Shapes without an interior lying on faces between solid tiles are
    strictly inside the solid; on its exposed faces they are not."""
    level = pc.TileMap.from_text("""
......
.###..
.###..
......
""")
    w = pc.World(level)
    inside = pc.Segments([[2, 1.2, 2, 2.8], [1.5, 2, 3.5, 2], [2, 1, 2, 3], [1, 2, 4, 2]])
    boundary = pc.Segments([[1, 1, 1, 3], [1.5, 3, 3.5, 3], [4, 1, 5, 1], [3.5, 3, 4.5, 3]])
    assert pc.overlaps(inside, w, touching=touching).tolist() == [True] * 4
    assert pc.overlaps(boundary, w, touching=touching).tolist() == [touching] * 4
    assert pc.overlaps(pc.Boxes([[2, 1.5, 2, 2.5], [2, 2, 3, 2]]), w, touching=False).tolist() == [True, True]
    assert pc.contains(w, [[2, 2], [3, 2], [1, 1], [0, 0]], touching=touching).tolist() == [True, True, touching, False]
    capsule = pc.Capsules([[2, 1, 2, 3, 0.0], [1, 0, 1, 4, 0.0], [1, 0, 1, 4, 0.25]])
    assert pc.overlaps(capsule, w, touching=touching).tolist() == [True, touching, True]


def collection_world(rng):
    walls = pc.Segments(rng.integers(-20, 20, (30, 4)).astype(float))
    balls = pc.Circles(np.column_stack([rng.integers(-20, 20, (25, 2)), rng.integers(0, 4, 25)]).astype(float))
    lo = rng.integers(-20, 20, (20, 2))
    blocks = pc.Boxes(np.column_stack([lo, lo + rng.integers(0, 5, (20, 2))]).astype(float))
    return pc.World(walls, balls, blocks)


@pytest.mark.parametrize("kind", KINDS)
def test_overlaps_and_contact_against_collections_equal_brute_force(kind):
    """Against a World of collections: overlaps is the OR over every shape,
    contact the least separation over every shape (bit for bit the pair's
    contact), with its part and index (the lowest at equal separations)."""
    rng = np.random.default_rng(11)
    world = collection_world(rng)
    from strategies import seeded_grid_shapes

    q = TYPES[kind](seeded_grid_shapes(rng, kind, 60, 22))
    for touching in (True, False):
        brute = np.zeros(len(q), dtype=bool)
        for part in world.parts:
            brute |= pc.overlaps(q[:, None], part[None, :], touching=touching).any(axis=1)
        assert pc.overlaps(q, world, touching=touching).tolist() == brute.tolist()
        assert pc.overlaps(world, q, touching=touching).tolist() == brute.tolist()
    c = pc.contact(q, world)
    seps = [pc.contact(q[:, None], part[None, :]).separation for part in world.parts]
    for k in range(len(q)):
        best = min((float(s[k, i]), p, i) for p, s in enumerate(seps) for i in range(s.shape[1]))
        assert (float(c.separation[k]), int(c.part[k]), int(c.index[k])) == best
        pair = pc.contact(q[k], world.parts[best[1]][best[2]])
        assert np.array_equal(
            np.r_[pair.normal, pair.point_a, pair.point_b], np.r_[c.normal[k], c.point_a[k], c.point_b[k]]
        )
    assert ((c.separation <= 0) == pc.overlaps(q, world)).all()
    m = pc.contact(world, q)  # mirrored
    assert np.array_equal(m.separation, c.separation) and np.array_equal(m.normal, -c.normal)
    assert np.array_equal(m.point_a, c.point_b) and np.array_equal(m.part, c.part)
    assert np.array_equal(pc.distance(q, world), np.maximum(c.separation, 0))


def test_contact_of_circles_with_a_mixed_world():
    """Circles against a tile map and collections: the least separation of
    the map's contact and the collections' (part -1-free, index -1 for the map)."""
    level = pc.TileMap.from_text("""
######
#....#
#....#
######
""")
    bumper = pc.Circles([[3, 2, 0.5]])
    w = pc.World(level, bumper)
    balls = pc.Circles([[1.5, 1.5, 0.5], [3, 2.9, 0.2], [2.2, 2.0, 0.25], [10, 10, 1]])
    c = pc.contact(balls, w)
    on_map = pc.contact(balls, level)
    on_bumper = pc.contact(balls, bumper)
    for k in range(len(balls)):
        assert float(c.separation[k]) == min(float(on_map.separation[k]), float(on_bumper.separation[k]))
    assert c.part.tolist() == [0, 0, 1, 0] and c.index.tolist() == [-1, -1, 0, -1]
    assert pc.overlaps(balls, w).tolist() == [True, True, False, False]


def test_empty_parts_and_bad_input():
    w = pc.World(pc.Circles(np.empty((0, 3))))
    c = pc.contact(pc.Circles([[0, 0, 1]]), w)
    assert c.separation.tolist() == [np.inf] and c.part.tolist() == [-1] and c.index.tolist() == [-1]
    assert pc.overlaps(pc.Boxes([0, 0, 1, 1]), w).tolist() is False
    level = pc.World(pc.TileMap.from_text("#"))
    c = pc.contact(pc.Boxes([0, 0, 1, 1]), level)  # every kind takes a tile map: a box on its one tile
    assert c.separation.tolist() == -1.0 and c.part.tolist() == 0 and c.index.tolist() == -1
    with pytest.raises(TypeError, match="shape array"):
        pc.overlaps(pc.Lines([0, 0, 1, 1]), level)
    with pytest.raises(TypeError, match="shape array"):
        pc.overlaps(level, level)
    out = np.zeros(2, dtype=bool)
    assert pc.overlaps(pc.Circles([[0.5, 0.5, 0.1], [5, 5, 1]]), level, out) is out
    assert out.tolist() == [True, False]
