"""Tile maps: TileMap and Tile, from_text, and overlaps, contains and contact against tile maps (see tilecases.py for the tolerances)."""

import math
import re

import numpy as np
import pytest
from hypothesis import given, strategies as st

import pycollide as pc
from reference import tiles as RT
from tilecases import *  # noqa: F401,F403  (shared maps, cases and checks)


def test_tile_enum():
    assert issubclass(pc.Tile, int)
    assert [(t.name, int(t)) for t in pc.Tile] == [
        ("EMPTY", 0), ("SOLID", 1), ("CUT_NE", 2), ("CUT_NW", 3), ("CUT_SE", 4), ("CUT_SW", 5)]


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


@pytest.mark.parametrize("rows,count", [
    ([[S, S], [S, S]], 4),  # faces between solid tiles are removed
    ([[S, S, S], [S, E, S], [S, S, S]], 8),  # a ring: outside and hole
    ([[S, E], [E, S]], 8),  # meeting at a corner only
    ([[E, E, NW], [E, NW, E], [NW, E, E]], 7),  # a ramp: one diagonal, three steps of two legs
    ([[NW, S]], 4),  # the triangle's leg against the solid tile disappears
    ([[SW, SE]], 3),  # a V notch
])
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
    (seg, normal), = diagonal
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
    want = np.array([
        [E, NE, NE, NW, SE, SW],  # last line = bottom row (i = 0)
        [SE, S, SW, E, E, E],  # short line padded with EMPTY
        [S, E, E, NW, E, E],  # first line = top row
    ], dtype=np.int8)
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


@pytest.mark.parametrize("text,line,column", [
    ("x", 1, 1),
    ("##\n##x", 2, 3),
    ("#..\n...\n..2", 3, 3),
    ("#\t#", 1, 2),
    ("##\u25b2", 1, 3),
])
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
            assert not bad, (f"touching={touching}: circle {tuple(C[bad[0]])} on map {tm.kinds.tolist()} "
                             f"(s={s}, origin={origin}): got {bool(got[bad[0]])}, reference {want[bad[0]]}")
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
    C = pc.Circles([
        [1.5, 1.5, 0.5],  # resting on the floor: touching only
        [1.0, 1.5, 0.5],  # resting on a seam
        [1.0, 0.5, 0.0],  # a point on the face between two solid tiles: interior
        [1.0, 1.0, 0.0],  # a point on the top: touching only
        [3.5, 1.5, 0.7071],  # the corner (3, 1) is sqrt(0.5) away
        [3.5, 1.5, 0.7072],
        [-5.0, -5.0, 1.0],
    ])
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


@pytest.mark.parametrize("circle,sep,normal,pb", [
    ((1.5, 3.0, 1.0), 1.0, (0, -1), (1.5, 1.0)),  # above the floor
    ((1.5, 0.75, 0.25), -0.5, (0, -1), (1.5, 1.0)),  # centre inside, nearest the top
    ((1.1, 0.5, 0.0), -0.5, None, None),  # the face x = 1 between solid tiles is not boundary
    ((4.0, 2.0, 0.0), math.sqrt(2), (-math.sqrt(0.5), -math.sqrt(0.5)), (3.0, 1.0)),
    ((1.5, 1.0, 0.5), -0.5, (0, -1), (1.5, 1.0)),  # centre on the top face: normal into the solid
])
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
