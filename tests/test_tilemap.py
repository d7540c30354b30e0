"""Tile maps: TileMap and Tile, from_text, and overlaps, contains and contact against tile maps
(see tilecases.py for the tolerances)."""

import math
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference import tiles as RT
from tilecases import *  # noqa: F401,F403  (shared maps, cases and checks)

import pycollide as pc


def test_tile_enum():
    assert issubclass(pc.Tile, int)
    assert [(t.name, int(t)) for t in pc.Tile] == [
        ("EMPTY", 0),
        ("SOLID", 1),
        ("CUT_NE", 2),
        ("CUT_NW", 3),
        ("CUT_SE", 4),
        ("CUT_SW", 5),
    ]


@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
def test_tilemap_attributes(s, origin):
    kinds = picture([[S, E, NW], [SE, S, E]])
    tm = pc.TileMap(kinds, tile_size=s, origin=origin)
    assert tm.kinds.dtype == np.int8 and tm.kinds.shape == (2, 3)
    np.testing.assert_array_equal(tm.kinds, kinds)
    with pytest.raises((ValueError, TypeError)):
        tm.kinds[0, 0] = 0
    kinds[0, 0] = E  # the map keeps its own copy
    assert tm.kinds[0, 0] == SE
    assert tuple(tm.shape) == (2, 3)
    assert tm.tile_size == s
    assert tuple(map(float, tm.origin)) == origin
    ox, oy = origin
    # float64, rounded once: the exact ox + 3*s rounded (0.3 + 3*0.1 -> 0.6, not 0.6000000000000001)
    assert tuple(map(float, tm.bounds)) == (ox, oy, float(RT.corner(ox, 3, s)), float(RT.corner(oy, 2, s)))


def test_tilemap_accepts_tile_values_and_rejects_others():
    tm = pc.TileMap([[pc.Tile.SOLID, pc.Tile.CUT_NE]])
    np.testing.assert_array_equal(tm.kinds, [[1, 2]])
    for bad in ([[6]], [[-1]], [[1, 7, 0]]):
        with pytest.raises(ValueError):
            pc.TileMap(np.array(bad))
    with pytest.raises((ValueError, TypeError)):
        pc.TileMap(np.array([1, 1, 1]))  # not 2-D
    for size in (0.0, -1.0, math.nan, math.inf):
        with pytest.raises(ValueError):
            pc.TileMap([[1]], tile_size=size)


def test_edges_of_a_row_of_solid_tiles():
    tm = pc.TileMap(np.ones((1, 10), dtype=np.int8))
    e, n = edge_list(tm)
    assert len(e) == 4
    rects = {tuple(map(float, row)) for row in e}
    assert rects == {(0, 0, 10, 0), (10, 0, 10, 1), (10, 1, 0, 1), (0, 1, 0, 0)}
    assert {tuple(map(float, v)) for v in n} == {(0, -1), (1, 0), (0, 1), (-1, 0)}


@pytest.mark.parametrize(
    "rows,count",
    [
        ([[S, S], [S, S]], 4),  # faces between solid tiles are removed
        ([[S, S, S], [S, E, S], [S, S, S]], 8),  # a ring: outside and hole
        ([[S, E], [E, S]], 8),  # meeting at a corner only
        ([[E, E, NW], [E, NW, E], [NW, E, E]], 7),  # a ramp: one diagonal, three steps of two legs
        ([[NW, S]], 4),  # the triangle's leg against the solid tile disappears
        ([[SW, SE]], 3),  # a V notch
    ],
)
def test_edges_small_examples(rows, count):
    tm, g = both(picture(rows))
    e, _ = edge_list(tm)
    assert len(e) == count
    check_edges(tm, g)


def test_ramp_diagonal_is_one_edge():
    tm, _ = both(picture([[E, E, NW], [E, NW, E], [NW, E, E]]))
    e, n = edge_list(tm)
    diagonal = [(tuple(map(float, row)), tuple(v)) for row, v in zip(e, n) if row[0] != row[2] and row[1] != row[3]]
    assert len(diagonal) == 1
    ((seg, normal),) = diagonal
    assert seg == (3.0, 3.0, 0.0, 0.0)  # solid (below-right) on the left going down the ramp
    assert close2(normal, (-math.sqrt(0.5), math.sqrt(0.5)), 1e-12)


@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
def test_edges_against_reference_random_maps(s, origin):
    rng = np.random.default_rng(7 + LAYOUTS.index((s, origin)))
    for _ in range(12):
        tm, g = both(random_kinds(rng, int(rng.integers(1, 7)), int(rng.integers(1, 7))), s, origin)
        check_edges(tm, g, exact=(s, origin) in DYADIC)


def test_edges_empty_map():
    tm = pc.TileMap(np.zeros((3, 4), dtype=np.int8))
    e, n = edge_list(tm)
    assert e.shape == (0, 4) and n.shape == (0, 2)


def test_from_text_characters_and_rows():
    text = "#..3\n7#9\n 1\u25e3\u25e2\u25e4\u25e5"
    tm = pc.TileMap.from_text(text)
    want = np.array(
        [
            [E, NE, NE, NW, SE, SW],  # last line = bottom row (i = 0)
            [SE, S, SW, E, E, E],  # short line padded with EMPTY
            [S, E, E, NW, E, E],  # first line = top row
        ],
        dtype=np.int8,
    )
    np.testing.assert_array_equal(tm.kinds, want)
    assert tm.tile_size == 1.0 and tuple(map(float, tm.origin)) == (0.0, 0.0)


def test_from_text_numpad_triangles_keep_the_named_corner():
    # '1' keeps the south-west half: a point near the SW corner is solid, near NE is not
    for ch, solid_corner in [("1", (0.1, 0.1)), ("3", (0.9, 0.1)), ("7", (0.1, 0.9)), ("9", (0.9, 0.9))]:
        tm = pc.TileMap.from_text(ch)
        opposite = (1 - solid_corner[0], 1 - solid_corner[1])
        got = pc.overlaps(pc.Circles([[*solid_corner, 0.0], [*opposite, 0.0]]), tm)
        assert got.tolist() == [True, False], ch


def test_from_text_size_and_origin():
    tm = pc.TileMap.from_text("##\n#.", tile_size=0.5, origin=(2, -1))
    np.testing.assert_array_equal(tm.kinds, [[S, E], [S, S]])
    assert tm.tile_size == 0.5 and tuple(map(float, tm.origin)) == (2.0, -1.0)
    assert tuple(map(float, tm.bounds)) == (2.0, -1.0, 3.0, 0.0)


@pytest.mark.parametrize(
    "text,line,column",
    [
        ("x", 1, 1),
        ("##\n##x", 2, 3),
        ("#..\n...\n..2", 3, 3),
        ("#\t#", 1, 2),
        ("##\u25b2", 1, 3),
    ],
)
def test_from_text_errors_name_line_and_column(text, line, column):
    """Line and column are counted from 1, as an editor shows them."""
    with pytest.raises(ValueError) as info:
        pc.TileMap.from_text(text)
    msg = str(info.value)
    assert re.search(rf"line\D{{0,3}}{line}\b", msg), msg
    assert re.search(rf"col(umn)?\D{{0,3}}{column}\b", msg), msg


@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
def test_overlaps_against_reference_seeded(s, origin):
    rng = np.random.default_rng(100 + LAYOUTS.index((s, origin)))
    totals = {True: 0, False: 0}
    for _ in range(4):
        tm, g = both(random_kinds(rng, int(rng.integers(1, 6)), int(rng.integers(1, 7))), s, origin)
        C = random_circles(rng, g, 150)
        for touching in (True, False):
            got = pc.overlaps(pc.Circles(C), tm, touching=touching)
            assert got.dtype == np.bool_ and got.shape == (len(C),)
            want = reference_overlaps(C, g, touching)
            bad = [k for k in range(len(C)) if bool(got[k]) != want[k]]
            assert not bad, (
                f"touching={touching}: circle {tuple(C[bad[0]])} on map {tm.kinds.tolist()} "
                f"(s={s}, origin={origin}): got {bool(got[bad[0]])}, reference {want[bad[0]]}"
            )
            totals[touching] += sum(want)
    assert totals[True] > totals[False] > 0  # both answers and exact touching occur


@given(data=st.data())
def test_overlaps_against_reference_lattice(data):
    kinds, s, origin = data.draw(small_maps(), label="map")
    tm, g = both(kinds, s, origin)
    C = data.draw(lattice_circles(g), label="circles")
    for touching in (True, False):
        got = pc.overlaps(pc.Circles(C), tm, touching=touching).tolist()
        assert got == reference_overlaps(C, g, touching), touching


def test_overlaps_hand_cases():
    tm = pc.TileMap(picture([[E, E, E], [S, S, S]]))  # floor y in [0, 1], x in [0, 3]
    C = pc.Circles(
        [
            [1.5, 1.5, 0.5],  # resting on the floor: touching only
            [1.0, 1.5, 0.5],  # resting on a seam
            [1.0, 0.5, 0.0],  # a point on the face between two solid tiles: interior
            [1.0, 1.0, 0.0],  # a point on the top: touching only
            [3.5, 1.5, 0.7071],  # the corner (3, 1) is sqrt(0.5) away
            [3.5, 1.5, 0.7072],
            [-5.0, -5.0, 1.0],
        ]
    )
    assert pc.overlaps(C, tm).tolist() == [True, True, True, True, False, True, False]
    assert pc.overlaps(C, tm, touching=False).tolist() == [False, False, True, False, False, True, False]


def test_overlaps_shapes():
    tm = pc.TileMap([[1]])
    C = pc.Circles(np.zeros((2, 3, 3)) + [0.5, 0.5, 0.1])
    got = pc.overlaps(C, tm)
    assert got.shape == (2, 3) and got.all()
    one = pc.overlaps(pc.Circles([5.0, 5.0, 1.0]), tm)
    assert np.shape(one) == () and not one
    assert pc.overlaps(pc.Circles(np.zeros((0, 3))), tm).shape == (0,)


@pytest.mark.sample(2)
@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
def test_contact_against_reference_seeded(s, origin):
    rng = np.random.default_rng(200 + LAYOUTS.index((s, origin)))
    for _ in range(3):
        tm, g = both(random_kinds(rng, int(rng.integers(1, 6)), int(rng.integers(1, 7))), s, origin)
        C = random_circles(rng, g, 80)
        c = pc.contact(pc.Circles(C), tm)
        assert c.separation.shape == (len(C),) and c.normal.shape == c.point_a.shape == c.point_b.shape == (len(C), 2)
        for k in range(len(C)):
            check_contact(C[k], g, c.separation[k], c.normal[k], c.point_a[k], c.point_b[k])


@given(data=st.data())
def test_contact_against_reference_lattice(data):
    kinds, s, origin = data.draw(small_maps(), label="map")
    tm, g = both(kinds, s, origin)
    C = data.draw(lattice_circles(g), label="circles")
    c = pc.contact(pc.Circles(C), tm)
    for k in range(len(C)):
        check_contact(C[k], g, c.separation[k], c.normal[k], c.point_a[k], c.point_b[k])


@pytest.mark.parametrize(
    "circle,sep,normal,pb",
    [
        ((1.5, 3.0, 1.0), 1.0, (0, -1), (1.5, 1.0)),  # above the floor
        ((1.5, 0.75, 0.25), -0.5, (0, -1), (1.5, 1.0)),  # centre inside, nearest the top
        ((1.1, 0.5, 0.0), -0.5, None, None),  # the face x = 1 between solid tiles is not boundary
        ((4.0, 2.0, 0.0), math.sqrt(2), (-math.sqrt(0.5), -math.sqrt(0.5)), (3.0, 1.0)),
        ((1.5, 1.0, 0.5), -0.5, (0, -1), (1.5, 1.0)),  # centre on the top face: normal into the solid
    ],
)
def test_contact_hand_cases(circle, sep, normal, pb):
    tm, g = both(picture([[S, S, S]]))
    c = pc.contact(pc.Circles(circle), tm)
    assert float(c.separation) == pytest.approx(sep, abs=1e-12)
    if normal is not None:
        assert close2(c.normal, normal, 1e-12) and close2(c.point_b, pb, 1e-12)
    check_contact(circle, g, c.separation, c.normal, c.point_a, c.point_b)


def test_contact_without_solid_tiles():
    tm = pc.TileMap(np.zeros((2, 2), dtype=np.int8))
    c = pc.contact(pc.Circles([[0.5, 0.5, 1.0], [9, 9, 0]]), tm)
    assert (c.separation == np.inf).all()
    assert np.isnan(c.normal).all() and np.isnan(c.point_a).all() and np.isnan(c.point_b).all()


# Faces of a long floor, a tall wall and a ramp: tile sizes and origins whose
# corners round (seams anywhere in a double's last bits).
FACE_LAYOUTS = [
    (0.3, (0.1, -0.7)),
    (0.7, (-3.3, 12.1)),
    (1 / 3, (1000.1, -0.2)),
    (0.1, (0.3, -0.7)),
    (2.5, (-10000 / 3, 7 / 3)),
    (1.0, (0.0, 0.0)),
]


def floor_wall_ramp():
    """kinds: a floor (row 0, 64 tiles), a wall (column 63) and a ramp of 20
    CUT_NW tiles rising east from column 30 (one diagonal edge), solid
    under it."""
    kinds = np.zeros((40, 64), dtype=np.int8)
    kinds[0, :] = S
    kinds[:, 63] = S
    for t in range(20):
        kinds[1 : 1 + t, 30 + t] = S
        kinds[1 + t, 30 + t] = NW
    return kinds


@pytest.mark.parametrize("s,origin", FACE_LAYOUTS, ids=[f"s{s:.3g}@{o[0]:.6g},{o[1]:.6g}" for s, o in FACE_LAYOUTS])
def test_contact_normals_on_faces_are_the_faces(s, origin):
    """Circles and points resting on, a hair into, a hair above and sunk
    into a long floor (at every seam between its tiles and between seams), a
    tall wall and a 45-degree ramp: where the nearest feature is a face of the
    merged boundary, the contact's normal is that face's (TileMap.normals),
    negated (from the circle toward the map), bit for bit: exactly (0, -1) on
    the floor, (1, 0) on the wall, the same on every point of the ramp; the
    same through a World and (not negated) in the other order.  The normals
    had been the directions to the rounded feet: off the floor's by up to
    7.8e-14 at 42 of 79 seams."""
    tm = pc.TileMap(floor_wall_ramp(), tile_size=s, origin=origin)
    edges, normals = np.asarray(tm.edges), np.asarray(tm.normals)
    g = RT.Grid(floor_wall_ramp().tolist(), s, origin)
    floor = next(k for k in range(len(edges)) if normals[k].tolist() == [0.0, 1.0] and edges[k, 1] == cy(g, 1))
    wall = next(k for k in range(len(edges)) if normals[k].tolist() == [-1.0, 0.0] and edges[k, 0] == cx(g, 63))
    ramp = next(k for k in range(len(edges)) if normals[k, 0] != 0 and normals[k, 1] != 0)
    rows, faces, offsets = [], [], []
    for r in (0.0, 0.25 * s, 0.5 * s):
        for off in (0.0, 1e-3 * s, -1e-3 * s, 1e-12 * s, -1e-12 * s, -0.3 * s):  # resting, above, into, sunk
            for j in range(2, 29):  # the floor: at each seam and half way between seams
                for x in (cx(g, j), 0.5 * (cx(g, j) + cx(g, j + 1))):
                    rows.append((x, cy(g, 1) + (r + off), r))
                    faces.append(floor)
                    offsets.append(off)
            for i in range(24, 39):  # the wall, above the ramp
                for y in (cy(g, i), 0.5 * (cy(g, i) + cy(g, i + 1))):
                    rows.append((cx(g, 63) - (r + off), y, r))
                    faces.append(wall)
                    offsets.append(off)
            x0, y0, x1, y1 = edges[ramp, :4]
            for t in np.linspace(0.15, 0.85, 29):  # the ramp, between its ends
                rows.append(
                    (
                        x0 + t * (x1 - x0) + (r + off) * normals[ramp, 0],
                        y0 + t * (y1 - y0) + (r + off) * normals[ramp, 1],
                        r,
                    )
                )
                faces.append(ramp)
                offsets.append(off)
    circles, faces = pc.Circles(rows), np.array(faces)
    want = -normals[faces]
    for c in (pc.contact(circles, tm), pc.contact(circles, pc.World(tm))):
        np.testing.assert_array_equal(c.normal, want)
        np.testing.assert_array_equal(c.separation <= 0, pc.overlaps(circles, tm))
        assert np.abs(c.separation - offsets).max() <= tolerance(*tm.bounds)  # the offset from resting
    np.testing.assert_array_equal(pc.contact(tm, circles).normal, -want)
    points = pc.Points(np.asarray(circles)[:, :2])
    np.testing.assert_array_equal(pc.contact(points, tm).normal, want)


@given(
    s=st.floats(0.01, 10),
    ox=st.floats(-1e6, 1e6),
    oy=st.floats(-1e6, 1e6),
    j=st.integers(2, 28),
    t=st.sampled_from([0.0, 0.5]) | st.floats(0, 1),
    r=st.sampled_from([0.0, 0.25, 0.5]),
    off=st.sampled_from([0.0, 1e-3, -1e-3, -0.3]) | st.floats(-0.3, 0.3),
)
def test_contact_normal_on_a_floor_at_any_seam(s, ox, oy, j, t, r, off):
    """Any tile size and origin, a circle over any point of the floor's tile
    j (a seam at t = 0), resting, above or sunk (off, in tiles): the normal
    is exactly (0, -1)."""
    tm = pc.TileMap(floor_wall_ramp(), tile_size=s, origin=(ox, oy))
    g = RT.Grid([[1]], s, (ox, oy))
    x = cx(g, j) + t * (cx(g, j + 1) - cx(g, j))
    c = pc.contact(pc.Circles([x, cy(g, 1) + (r + off) * s, r * s]), tm)
    assert c.normal.tolist() == [0.0, -1.0]


@given(
    s=st.floats(0.01, 10),
    ox=st.floats(-1e6, 1e6),
    oy=st.floats(-1e6, 1e6),
    j=st.integers(2, 28),
    r=st.sampled_from([0.0, 0.25, 0.5]),
    slant=st.floats(-2.0, 2.0),
)
def test_a_sweep_onto_a_seam_gets_the_floors_normal(s, ox, oy, j, r, slant):
    """A ball or capsule coming down exactly onto the corner where two floor
    tiles meet (a seam of the merged floor) hits the floor: its normal is
    exactly (0, 1), as anywhere else on the floor (it was the direction to
    the tiles' corner, up to 8e-14 off), directly and through a World, and
    so is advance's bounce."""
    tm = pc.TileMap(floor_wall_ramp(), tile_size=s, origin=(ox, oy))
    g = RT.Grid([[1]], s, (ox, oy))
    x, top = cx(g, j), cy(g, 1)
    d = np.array([slant * s, -2.0 * s])
    start = np.array([x, top + r * s]) - d * 0.5  # the path reaches (x, top + r s) at t = 1/2
    for mover in (
        pc.Circles([start[0], start[1], r * s]),
        pc.Capsules([start[0], start[1], start[0], start[1] + s, r * s]),
    ):
        for target in (tm, pc.World(tm)):
            hit = pc.sweep(mover, d, target)
            late = 2.0**-48 * float(np.abs(start).max()) / s  # the start's rounding, in time
            assert 0.0 <= float(hit.time) <= 0.5 + late
            if hit.point[0] == x:  # it met the floor at the seam's corner
                assert hit.normal.tolist() == [0.0, 1.0]
            elif not np.isnan(hit.time):
                assert abs(float(hit.normal[1]) - 1.0) <= 1e-12
    if r > 0:
        _, v = pc.advance(pc.Circles([start[0], start[1], r * s]), d / 0.75, tm, 0.75 * 0.75)
        assert v[1] == 2.0 * s / 0.75 or v[1] == pytest.approx(2.0 * s / 0.75, rel=1e-12)
