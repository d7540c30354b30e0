"""Every kind against a TileMap (issue 42, part 1): overlaps, directly and
inside a World, in either order and both touching modes, against the exact
reference: the solid region is the union of the tiles, so touching it is
touching some tile, and a shape meets its interior when it meets a tile's
interior, or (a shape without an interior: a point, a segment, radius 0)
lies on a face between two solid tiles.  Then contacts, manifolds (measured
to the merged boundary: the points on both surfaces, the face's normal
across seams) and pairs."""

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


def draw_case(data, kind, most):
    """A small map (the TileMap, its exact reference and its tile size) and 1
    to ``most`` shapes of a kind on the eighth-unit lattice (their rows and
    the shape array)."""
    kinds, s, origin = data.draw(small_maps())
    rows = data.draw(st.lists(shape(kind, eighths()), min_size=1, max_size=most))
    tm, grid = pc.TileMap(kinds, tile_size=s, origin=origin), RT.Grid(kinds.tolist(), s, origin)
    return tm, grid, s, rows, TYPES[kind](np.array(rows, dtype=float))


@settings(max_examples=examples(200))
@given(data=st.data(), kind=st.sampled_from(KINDS), touching=st.booleans())
def test_every_kind_overlaps_a_tilemap_exactly(data, kind, touching):
    tm, grid, s, rows, shapes = draw_case(data, kind, 6)
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
    tm, grid, s, rows, shapes = draw_case(data, kind, 4)
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


# ---- manifolds -----------------------------------------------------------------------------


def core_of(kind, row):
    """The core of a shape (its boundary, as Segments: a point core as a
    segment of length 0) and its radius."""
    row = [float(v) for v in row]
    if kind in ("point", "circle"):
        return pc.Segments([row[:2] * 2]), row[2] if kind == "circle" else 0.0
    if kind in ("segment", "capsule"):
        return pc.Segments([row[:4]]), row[4] if kind == "capsule" else 0.0
    if kind == "box":
        x0, y0, x1, y1 = row
        xs, ys = [x0, x1, x1, x0], [y0, y0, y1, y1]
    else:
        xs, ys = row[0::2], row[1::2]
    n = len(xs)
    return pc.Segments([[xs[k], ys[k], xs[(k + 1) % n], ys[(k + 1) % n]] for k in range(n)]), 0.0


def check_manifold_points(kind, row, tm, count, normal, points, separations, tol, inside):
    """Each point midway between the surfaces along the normal: the region's
    at ``p + s/2 n`` on the merged boundary, the shape's at ``p - s/2 n`` on
    its surface (r from its core), or, where a face of the shape's core was
    clipped (rule 3, a capsule's), r along the normal from that face.  Inside
    the region a round shape's single point is the contact's, whose least
    translation out may cut its rim by a small fraction of the radius
    (depenetrate's tangents): 2% is allowed there."""
    segments, r = core_of(kind, row)
    for k in range(count):
        p, s = points[k], separations[k]
        where = (kind, row, k, p, s, normal)
        region = pc.Points(p + 0.5 * s * normal)
        assert pc.distance(region, tm.edges).min() <= tol, where
        surface = pc.distance(pc.Points(p - 0.5 * s * normal), segments).min()
        core = pc.distance(pc.Points(p - (r + 0.5 * s) * normal), segments).min()
        assert abs(surface - r) <= tol + (0.02 * r if inside else 0.0) or core <= tol, where


def on_a_face(tm, point_a, point_b, normal, tol):
    """Is the contact with a face, away from its ends (the foot of the
    shape's witness point more than tol inside the edge that point_b lies on,
    the normal that edge's negated)?"""
    edges, normals = np.asarray(tm.edges, dtype=float), np.asarray(tm.normals, dtype=float)
    for (x0, y0, x1, y1), n in zip(edges, normals):
        if not np.array_equal(normal, -n + 0.0):
            continue
        e = np.array([x1 - x0, y1 - y0])
        length = np.hypot(*e)
        u = np.dot(point_a - [x0, y0], e) / length
        if tol < u < length - tol and pc.distance(pc.Points(point_b), pc.Segments([x0, y0, x1, y1])) <= tol:
            return True
    return False


@settings(max_examples=examples(200))
@given(data=st.data(), kind=st.sampled_from(KINDS), margin=st.sampled_from([0.0, 0.25, 1.0]))
def test_every_kind_has_a_manifold_with_a_tilemap(data, kind, margin):
    tm, grid, s, rows, shapes = draw_case(data, kind, 4)
    m = pc.manifold(shapes, tm, margin=margin)
    c = pc.contact(shapes, tm)
    gap = pc.distance(shapes, tm)
    assert type(m) is pc.Manifold and m.count.dtype == np.int8 and m.points.shape == (len(rows), 2, 2)
    np.testing.assert_array_equal(m.count > 0, gap <= margin)  # the count is 0 exactly where farther than margin
    if margin == 0:
        want = [reference_overlaps(kind, row, grid, True) for row in rows]
        assert (m.count > 0).tolist() == want
    tol = 1e-9 * (1 + 8 * s + max(abs(v) for row in rows for v in row))
    faces = [(-n + 0.0).tolist() for n in np.asarray(tm.normals)]
    for i, row in enumerate(rows):
        k, sep = int(m.count[i]), c.separation[i]
        assert np.isnan(m.points[i, k:]).all() and np.isnan(m.separations[i, k:]).all()
        if k == 0 or on_a_face(tm, c.point_a[i], c.point_b[i], c.normal[i], tol):
            np.testing.assert_array_equal(m.normal[i], c.normal[i])  # none, or with a face: the contact's
        if k == 0 or sep == -np.inf:  # not resolved: the contact's NaN point
            continue
        assert np.isfinite(m.points[i, :k]).all() and abs(np.hypot(*m.normal[i]) - 1) <= 1e-12
        deepest = m.separations[i, :k].min()
        assert (m.separations[i, :k] <= margin).all()
        if sep < 0:  # inside: the face it leaves through, or the contact's point; never deeper than it
            assert np.array_equal(m.normal[i], c.normal[i]) or m.normal[i].tolist() in faces
            assert deepest >= sep - tol
            if np.array_equal(m.normal[i], c.normal[i]):
                assert abs(deepest - sep) <= tol
        check_manifold_points(kind, row, tm, k, m.normal[i], m.points[i], m.separations[i], tol, sep < 0)
    flipped = pc.manifold(tm, shapes, margin=margin)  # the other order: the normal negated
    np.testing.assert_array_equal(flipped.normal, 0.0 - m.normal)
    for f in ("count", "points", "separations"):
        np.testing.assert_array_equal(getattr(flipped, f), getattr(m, f))
    w = pc.manifold(shapes, pc.World(tm), margin=margin)
    assert type(w) is pc.WorldManifold
    for f in m._fields:
        np.testing.assert_array_equal(getattr(w, f), getattr(m, f))
    assert (w.part == np.where(np.isinf(c.separation), -1, 0)).all() and (w.index == -1).all()


FLOOR = "........\n........\n########"  # a floor of 8 tiles, its top y = 1: seams at x = 1, 2, ..., 7


def resting_shapes(dy=0.0):
    """A box, a crate (a polygon) and a capsule across the floor's seams, moved by dy; a ball."""
    box = pc.Boxes([[0.5, 1.0 + dy, 2.5, 1.5 + dy]])
    crate = pc.Polygons([[[2.5, 1.0 + dy], [3.5, 1.0 + dy], [3.5, 2.0 + dy], [2.5, 2.0 + dy]]])
    pill = pc.Capsules([[4.0, 1.25 + dy, 7.0, 1.25 + dy, 0.25]])
    return box, crate, pill


def test_a_crate_across_seams_gets_two_points_and_the_floors_normal():
    """Resting on a floor of several tiles, across the seams between them:
    two points at the shape's ends, normal exactly (0, -1), separations 0;
    the same points wherever the seams are (the floor as one box, the map
    moved half a tile), and the other order negated."""
    floor = pc.TileMap.from_text(FLOOR)
    moved = pc.TileMap(floor.kinds, origin=(-0.5, 0.0))  # the seams at x = 0.5, 1.5, ...
    slab = pc.Boxes([[-1.0, 0.0, 9.0, 1.0]])
    for body, ends in zip(resting_shapes(), [(0.5, 2.5), (2.5, 3.5), (4.0, 7.0)]):
        m = pc.manifold(body, floor)
        assert m.count.tolist() == [2] and m.normal.tolist() == [[0.0, -1.0]]
        assert m.separations.tolist() == [[0.0, 0.0]]
        assert sorted(m.points[0].tolist()) == [[ends[0], 1.0], [ends[1], 1.0]]
        for other in (pc.manifold(body, moved), pc.manifold(body, slab)):
            assert other.count.tolist() == [2] and other.normal.tolist() == [[0.0, -1.0]]
            assert sorted(other.points[0].tolist()) == sorted(m.points[0].tolist())
        back = pc.manifold(floor, body)
        assert back.normal.tolist() == [[0.0, 1.0]] and np.array_equal(back.points, m.points)
    ball = pc.Circles([[2.0, 1.5, 0.5]])  # on the seam at x = 2: one point, its contact's
    m = pc.manifold(ball, floor)
    assert m.count.tolist() == [1] and m.normal.tolist() == [[0.0, -1.0]] and m.points[0, 0].tolist() == [2.0, 1.0]


def test_a_crate_sunk_into_a_floor_gets_its_depth_at_both_points():
    floor = pc.TileMap.from_text(FLOOR)
    for body in resting_shapes(-0.25):
        m = pc.manifold(body, floor)
        assert m.count.tolist() == [2] and m.normal.tolist() == [[0.0, -1.0]]
        assert m.separations.tolist() == [[-0.25, -0.25]]
        assert m.points[0, :, 1].tolist() == [0.875, 0.875]  # midway between the floor and the shape's bottom
        assert pc.contact(body, floor).separation.tolist() == [-0.25]
    deep = pc.Boxes([[0.5, 0.375, 1.5, 0.75], [0.5, 0.125, 1.5, 0.5]])  # inside the floor: out through the nearer face
    m = pc.manifold(deep, floor)
    assert m.count.tolist() == [2, 2] and m.normal.tolist() == [[0.0, -1.0], [0.0, 1.0]]
    assert m.separations.tolist() == [[-0.625] * 2, [-0.5] * 2]


def test_a_crate_on_a_slope_gets_the_slopes_normal():
    slope = pc.TileMap.from_text("....\n.1..\n####")  # the slope's face on x + y = 3, from (2, 1) to (1, 2)
    [face] = [n for n in slope.normals if n[0] > 0 and n[1] > 0]
    crate = pc.Polygons([[[1.25, 1.75], [1.75, 1.25], [2.25, 1.75], [1.75, 2.25]]])  # a face on the slope's
    m = pc.manifold(crate, slope)
    assert m.count.tolist() == [2] and m.normal.tolist() == [(-face + 0.0).tolist()]
    assert m.separations.tolist() == [[0.0, 0.0]]
    assert sorted(m.points[0].tolist()) == [[1.25, 1.75], [1.75, 1.25]]
    sunk = pc.Polygons(np.asarray(crate) - 0.125)  # 0.125 sqrt(2) into the slope
    m = pc.manifold(sunk, slope)
    assert m.count.tolist() == [2] and m.normal.tolist() == [(-face + 0.0).tolist()]
    assert np.allclose(m.separations, -0.125 * np.sqrt(2), rtol=0, atol=1e-15)


def test_a_manifold_with_a_world_names_its_part():
    floor = pc.TileMap.from_text(FLOOR)
    crates = pc.Boxes([[0.5, 0.75, 2.5, 1.5], [5.25, 1.75, 5.75, 2.5]])  # sunk in the floor; in box 0 of part 1
    world = pc.World(floor, pc.Boxes([[5.0, 1.0, 6.0, 2.0]]))
    w = pc.manifold(crates, world, margin=0.125)
    assert type(w) is pc.WorldManifold and w._fields == pc.Manifold._fields + ("part", "index")
    assert w.part.tolist() == [0, 1] and w.index.tolist() == [-1, 0]
    on_floor = pc.manifold(crates[:1], floor, margin=0.125)
    with_box = pc.manifold(crates[1:], pc.Boxes([[5.0, 1.0, 6.0, 2.0]]), margin=0.125)
    for f in on_floor._fields:
        np.testing.assert_array_equal(getattr(w, f)[:1], getattr(on_floor, f))
        np.testing.assert_array_equal(getattr(w, f)[1:], getattr(with_box, f))
    back = pc.manifold(world, crates, margin=0.125)  # the other order: the normal negated
    assert type(back) is pc.WorldManifold and np.array_equal(back.normal, 0.0 - w.normal)
    assert np.array_equal(back.points, w.points) and np.array_equal(back.part, w.part)
    empty = pc.manifold(crates, pc.World(pc.TileMap.from_text("..")))
    assert empty.count.tolist() == [0, 0] and empty.part.tolist() == [-1, -1] and np.isnan(empty.normal).all()


def test_manifold_with_a_tilemap_refuses_what_manifold_refuses():
    tm = pc.TileMap.from_text(FLOOR)
    box = pc.Boxes([0, 0, 1, 1])
    with pytest.raises(TypeError, match=r"manifold: `a` must be a shape array"):
        pc.manifold(np.zeros((2, 4)), tm)
    with pytest.raises(TypeError, match=r"manifold: `b` must be a shape array"):
        pc.manifold(tm, [0, 0])
    with pytest.raises(TypeError, match=r"manifold: `a` must be a shape array"):
        pc.manifold(tm, tm)
    with pytest.raises(TypeError, match="Lines"):
        pc.manifold(pc.Lines([0, 0, 1, 1]), tm)
    with pytest.raises(TypeError, match="Lines"):
        pc.manifold(pc.World(tm), pc.Lines([0, 0, 1, 1]))
    for margin in (-1.0, np.nan, np.inf):
        with pytest.raises(ValueError, match="margin"):
            pc.manifold(box, tm, margin=margin)
    with pytest.raises(TypeError, match="margin"):
        pc.manifold(tm, box, margin="1")
    with pytest.raises(TypeError, match="`out` is for two shape arrays"):
        pc.manifold(box, tm, out=np.empty(9))


SLOPE_CHAIN = """
.......
.....3#
....3##
...3###
..3####
.3#####
3######
"""


@pytest.mark.parametrize("kind", ["box", "polygon", "capsule"])
def test_a_sweep_meeting_a_slope_at_a_seam_gets_the_slopes_normal(kind):
    """A chain of 45-degree tiles is one face of the merged boundary: a shape
    whose corner meets it at a corner of two of its tiles, moving a hair
    steeper than across the slope, gets the slope's normal, never that of
    a face two solid tiles share (the vertical x = 2 under the seam (2, 2))."""
    level = pc.TileMap.from_text(SLOPE_CHAIN)
    edges, normals = np.asarray(level.edges), np.asarray(level.normals)
    [k] = [k for k in range(len(normals)) if normals[k][0] < 0 < normals[k][1]]
    slope, normal = edges[k], normals[k].tolist()  # from (0, 0) to (6, 6)
    box = [1.25, 2.25, 1.75, 2.75]  # its corner (1.75, 2.25) heads for the seam (2, 2)
    mover = {
        "box": pc.Boxes(box),
        "polygon": pc.Polygons.from_box(center=[1.5, 2.5], half_size=[0.25, 0.25], angle=0.0),
        "capsule": pc.Capsules([1.5, 2.5, 1.5, 2.5, 0.25]),
    }[kind]
    met = 0
    for d in (0.5, 2.4877079874447956, 2.9643368825284546):
        for steeper in (0.0, 1e-15, 2e-15, -1e-15):
            hit = pc.sweep(mover, [d, -d - steeper], level)
            assert float(hit.time) < 1.0
            px, py = (float(v) for v in hit.point)
            inside_face = min(px, py) > min(slope) and max(px, py) < max(slope)
            if inside_face:
                met += 1
                assert hit.normal.tolist() == normal, (d, steeper, hit)
    assert met >= 6
