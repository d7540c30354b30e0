"""Every kind against a TileMap (issue 42, part 1): overlaps, directly and
inside a World, in either order and both touching modes, against the exact
reference: the solid region is the union of the tiles, so touching it is
touching some tile, and a shape meets its interior when it meets a tile's
interior, or (a shape without an interior: a point, a segment, radius 0)
lies on a face between two solid tiles."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import geometry as ref
from reference import tiles as RT
from strategies import KINDS, TYPES, examples, shape
from tilecases import DYADIC, small_maps

import pycollide as pc


def as_polygon(hull):
    """A convex hull of Fraction points as a polygon8 row (the last vertex repeated)."""
    pts = list(hull) + [hull[-1]] * (8 - len(hull))
    return tuple(v for p in pts for v in p)


def reference_overlaps(kind, row, grid, touching):
    """The exact answer: the closed shape against the closed solid region
    (touching), or against its interior (not touching)."""
    tiles = [as_polygon(poly) for _, poly in grid.polygons if len(poly) >= 3]
    if touching:
        return any(ref.overlaps(kind, row, "polygon8", t, True) for t in tiles)
    if any(ref.overlaps(kind, row, "polygon8", t, False) for t in tiles):
        return True
    core, radius = ref.shape_core(kind, row)
    hull = ref.convex_hull(core)
    if radius > 0 or len(hull) > 2:
        return False  # a shape with an interior meets U's interior only where it meets a tile's
    if len(hull) == 1:
        return grid.interior_contains(hull[0])
    # a segment: on a face between two solid tiles (their union is convex, and the face inside it)
    return any(ref.overlaps(kind, row, "polygon8", as_polygon(union), False) for _, union in grid.pairs)


def eighths():
    """Coordinates on an eighth-unit lattice: the tiles' corners, edges and seams of every DYADIC layout."""
    return st.integers(-24, 48).map(lambda k: k / 8)


@settings(max_examples=examples(200))
@given(data=st.data(), kind=st.sampled_from(KINDS), touching=st.booleans())
def test_every_kind_overlaps_a_tilemap_exactly(data, kind, touching):
    kinds, s, origin = data.draw(small_maps())
    tm = pc.TileMap(kinds, tile_size=s, origin=origin)
    grid = RT.Grid(kinds.tolist(), s, origin)
    rows = data.draw(st.lists(shape(kind, eighths()), min_size=1, max_size=6))
    shapes = TYPES[kind](np.array(rows, dtype=float))
    want = [reference_overlaps(kind, row, grid, touching) for row in rows]
    assert pc.overlaps(shapes, tm, touching=touching).tolist() == want
    assert pc.overlaps(tm, shapes, touching=touching).tolist() == want  # either order
    assert pc.overlaps(shapes, pc.World(tm), touching=touching).tolist() == want
    assert pc.overlaps(pc.World(pc.Points(np.zeros((0, 2))), tm), shapes, touching=touching).tolist() == want


@pytest.mark.parametrize("kind", KINDS)
def test_touching_a_tilemap_is_touching_its_tiles(kind):
    """The same answers as the tiles given as Boxes and Triangles (touching counts)."""
    rng = np.random.default_rng(7)
    for s, origin in DYADIC:
        kinds = rng.choice(6, size=(5, 6), p=[0.45, 0.275] + [0.06875] * 4).astype(np.int8)
        tm = pc.TileMap(kinds, tile_size=s, origin=origin)
        tiles = tm.tiles()
        lo, hi = np.array(origin) - s, np.array(origin) + s * np.array([7, 6])
        from strategies import valid_rows

        data = rng.integers(0, 8 * 9, size=(60, TYPES[kind].width)) / 8
        data[:, 0::2] = lo[0] + data[:, 0::2] * (hi[0] - lo[0]) / 9
        data[:, 1::2] = lo[1] + data[:, 1::2] * (hi[1] - lo[1]) / 9
        if kind in ("circle", "capsule"):
            data[:, -1] = rng.integers(0, 9, size=60) * s / 8
        shapes = TYPES[kind](valid_rows(kind, data))
        want = pc.overlaps(shapes[:, None], tiles.boxes[None, :]).any(axis=1) | pc.overlaps(
            shapes[:, None], tiles.triangles[None, :]
        ).any(axis=1)
        assert np.array_equal(pc.overlaps(shapes, tm), want)
        world = pc.World(tiles.boxes, tiles.triangles)
        assert np.array_equal(pc.overlaps(shapes, world), want)


def test_degenerate_shapes_on_a_seam_are_inside_strictly():
    """A segment or point on the face between two solid tiles is in the
    region's interior (its tiles, given as boxes, each only touch it)."""
    tm = pc.TileMap.from_text("##\n..")  # two solid tiles side by side on top: the seam x = 1, y in [1, 2]
    seam = pc.Segments([[1, 1.25, 1, 1.75], [1, 1, 1, 2], [0.5, 1, 1.5, 1], [1, 2, 1, 2.5]])
    assert pc.overlaps(seam, tm, touching=False).tolist() == [True, True, False, False]
    assert pc.overlaps(seam, tm.tiles().boxes[:, None], touching=False).any(axis=0).tolist() == [False] * 4
    points = pc.Points([[1, 1.5], [1, 1], [1, 2], [0.5, 1.5]])
    assert pc.overlaps(points, tm, touching=False).tolist() == [True, False, False, True]
    box = pc.Boxes([[0.25, 1.25, 1.75, 1.5]])  # across the seam, inside both tiles
    assert pc.overlaps(box, tm, touching=False).tolist() == [True]


def test_non_shapes_against_a_tilemap_are_named():
    tm = pc.TileMap.from_text("#.")
    with pytest.raises(TypeError, match="shape array"):
        pc.overlaps(tm, tm)
    with pytest.raises(TypeError, match="Lines"):
        pc.overlaps(pc.Lines([0, 0, 1, 1]), tm)


# ---- contact and distance ----------------------------------------------------------------


def reference_gap(kind, row, grid):
    """The exact distance from the closed shape to the solid region (0 when they meet), as a float."""
    best = None
    for _, poly in grid.polygons:
        if len(poly) < 3:
            continue
        d2 = ref.core_distance_squared(kind, row, "polygon8", as_polygon(poly))
        r = ref.radius_sum(kind, row, "polygon8", as_polygon(poly))
        gap = RT.to_float(RT._sqrt(d2)) - float(r)
        best = gap if best is None else min(best, gap)
    return max(best, 0.0) if best is not None else float("inf")


@settings(max_examples=examples(200))
@given(data=st.data(), kind=st.sampled_from(KINDS))
def test_every_kind_has_a_contact_with_a_tilemap(data, kind):
    kinds, s, origin = data.draw(small_maps())
    tm = pc.TileMap(kinds, tile_size=s, origin=origin)
    grid = RT.Grid(kinds.tolist(), s, origin)
    rows = data.draw(st.lists(shape(kind, eighths()), min_size=1, max_size=4))
    shapes = TYPES[kind](np.array(rows, dtype=float))
    c = pc.contact(shapes, tm)
    touching = pc.overlaps(shapes, tm)
    strict = pc.overlaps(shapes, tm, touching=False)
    if not grid.polygons:
        assert np.isinf(c.separation).all() and (c.separation > 0).all()
        return
    assert np.array_equal(c.separation <= 0, touching)  # the sign is exact
    assert np.array_equal(c.separation < 0, strict)
    assert np.allclose(np.hypot(*c.normal.T), 1.0, rtol=0, atol=1e-12)
    assert np.allclose(c.point_b - c.point_a, c.separation[:, None] * c.normal, rtol=0, atol=1e-9 * (1 + 8 * s))
    np.testing.assert_array_equal(pc.distance(shapes, tm), np.maximum(c.separation, 0.0))
    flipped = pc.contact(tm, shapes)  # the other order: the normal reversed, the points swapped
    assert np.array_equal(flipped.separation, c.separation) and np.array_equal(flipped.normal, -c.normal + 0.0)
    assert np.array_equal(flipped.point_a, c.point_b) and np.array_equal(flipped.point_b, c.point_a)
    for k, row in enumerate(rows):
        if not touching[k]:  # apart: the distance to the region, exactly derived
            want = reference_gap(kind, row, grid)
            assert abs(c.separation[k] - want) <= 1e-9 * (1 + 8 * s), (row, c.separation[k], want)
    if strict.any() and kind not in ("circle", "point"):
        # inside: the least translation out, as depenetrate finds it (a ball's
        # depth is its centre's signed distance to the boundary less its
        # radius, checked against the reference in test_tilemap.py)
        out = pc.depenetrate(shapes[strict], tm)
        assert np.array_equal(-c.separation[strict], out.depth)
        assert np.allclose(
            out.translation, -c.separation[strict, None] * -c.normal[strict], rtol=0, atol=1e-12 * (1 + 8 * s)
        )
        assert not pc.overlaps(out.shapes, tm, touching=False).any()
    world = pc.contact(shapes, pc.World(tm))
    assert np.array_equal(world.separation, c.separation) and (world.part == 0).all() and (world.index == -1).all()


def test_a_box_across_a_seam_gets_the_floors_normal():
    """The floor is one merged edge: resting on it, sunk into it or above it,
    across the seams between its tiles, the normal is the floor's, exactly."""
    floor = pc.TileMap.from_text("........\n........\n########")
    boxes = pc.Boxes([[0.5, 1.0, 2.5, 1.5], [1.5, 0.75, 3.5, 1.25], [2.0, 1.25, 3.0, 2.0], [0.0, 1.0, 8.0, 1.1]])
    c = pc.contact(boxes, floor)
    assert c.separation.tolist() == [0.0, -0.25, 0.25, 0.0]
    assert c.normal.tolist() == [[0.0, -1.0]] * 4
    crate = pc.Polygons.from_box(center=[[3.0, 1.5], [5.0, 1.4]], half_size=[0.5, 0.5], angle=[0.0, 0.0])
    assert pc.contact(crate, floor).normal.tolist() == [[0.0, -1.0]] * 2
    pill = pc.Capsules([[1.0, 1.25, 4.0, 1.25, 0.25]])  # resting along the floor across three seams
    c = pc.contact(pill, floor)
    assert c.separation.tolist() == [0.0] and c.normal.tolist() == [[0.0, -1.0]]
    slope = pc.TileMap.from_text("....\n.1..\n####")  # a 45-degree slope: its face's own normal
    [diagonal] = [n for n in slope.normals if n[0] > 0 and n[1] > 0]
    c = pc.contact(pc.Boxes([[1.75, 1.75, 2.25, 2.25]]), slope)
    assert c.normal.tolist() == [(-diagonal + 0.0).tolist()]
    assert abs(c.separation[0] - 0.5 / np.sqrt(2)) <= 1e-15


def test_a_segment_touching_a_tile_corner_is_touching():
    """Touching the solid region and no more (the exact tests), the contact's
    separation is 0: a segment ending on a tile's corner, whose contact with
    either edge there is a rounding error below 0, is not inside."""
    tm = pc.TileMap(np.array([[0, 1]], dtype=np.int8))
    seg = pc.Segments([[-0.25, 0.5, 1.0, 0.0]])
    assert pc.overlaps(seg, tm).tolist() == [True] and pc.overlaps(seg, tm, touching=False).tolist() == [False]
    assert pc.contact(seg, tm).separation.tolist() == [0.0]


# ---- pairs -----------------------------------------------------------------------------------


def tile_pairs_by_hand(shapes, tm, touching=True, distance=None):
    """(i, cell) for every shape and solid tile that meet (or are within distance), row by row."""
    tiles = tm.tiles()
    cols = tm.shape[1]
    out = []
    for part, ij in ((tiles.boxes, tiles.box_tiles), (tiles.triangles, tiles.triangle_tiles)):
        for t in range(len(part)):
            if distance is None:
                hit = pc.overlaps(shapes, part[t], touching=touching)
            else:
                gap = pc.distance(shapes, part[t])
                hit = gap <= distance if touching else gap < distance
            for i in np.flatnonzero(hit):
                out.append((int(i), int(ij[t, 0] * cols + ij[t, 1])))
    return sorted(out)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("touching", [True, False])
def test_pairs_with_a_tilemap_are_the_tiles_each_shape_meets(kind, touching):
    rng = np.random.default_rng(11)
    from strategies import valid_rows

    kinds = rng.choice(6, size=(4, 5), p=[0.45, 0.275] + [0.06875] * 4).astype(np.int8)
    tm = pc.TileMap(kinds, tile_size=0.5, origin=(-1.25, 0.75))
    data = -1.5 + rng.integers(0, 8 * 4, size=(40, TYPES[kind].width)) / 8
    if kind in ("circle", "capsule"):
        data[:, -1] = rng.integers(0, 5, size=40) / 8
    shapes = TYPES[kind](valid_rows(kind, data))
    p = pc.pairs(shapes, tm, touching=touching)
    assert p.dtype == np.int64 and p.shape[0] == 2
    assert list(map(tuple, p.T.tolist())) == tile_pairs_by_hand(shapes, tm, touching)
    q = pc.pairs(tm, shapes, touching=touching)  # the other order: (cell, shape), sorted by cell
    assert sorted(map(tuple, q[::-1].T.tolist())) == sorted(map(tuple, p.T.tolist()))
    assert np.array_equal(q, q[:, np.lexsort((q[1], q[0]))])
    within = pc.pairs(shapes, tm, distance=0.25, touching=touching)
    assert list(map(tuple, within.T.tolist())) == tile_pairs_by_hand(shapes, tm, touching, 0.25)


def test_pairs_with_a_tilemap_name_their_cells_and_refuse_nonsense():
    tm = pc.TileMap.from_text("#.3\n...")  # row 1 (north): a box at column 0, a triangle at column 2
    balls = pc.Circles([[0.5, 1.5, 0.25], [2.5, 1.25, 0.5], [1.5, 0.5, 0.1]])
    assert pc.pairs(balls, tm).tolist() == [[0, 1], [3, 5]]
    assert pc.pairs(tm, balls).tolist() == [[3, 5], [0, 1]]
    with pytest.raises(TypeError, match="TileMap pairs with shapes"):
        pc.pairs(tm)
    with pytest.raises(TypeError, match="give the shapes first"):
        pc.pairs(tm, balls, distance=[1, 2, 3])
    # ball 2 is sqrt(0.5) - 0.1 = 0.607 from the box's and the triangle's nearest corners
    assert pc.pairs(balls, tm, distance=[0, 0, 0.6]).tolist() == [[0, 1], [3, 5]]
    assert pc.pairs(balls, tm, distance=[0, 0, 0.61]).tolist() == [[0, 1, 2, 2], [3, 5, 3, 5]]
