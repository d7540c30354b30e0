"""Every reproducer of issue 14, one test each: the exact answer or the
documented error, the same whatever the batch size."""

import math

import numpy as np
import pytest

import pycollide as pc

ROOM = pc.TileMap.from_text("""
#####
#...#
#...#
#####
""")


def test_tile_small_beside_its_origin():
    m = pc.TileMap([[0, 1, 0]], tile_size=0.3, origin=(1e15, 0.0))
    x0, x1 = np.asarray(m.edges)[:, 0].min(), np.asarray(m.edges)[:, 0].max()
    box = pc.Boxes([x0, 0.0, x1, 0.3])  # the solid tile, corners rounded once
    assert (x0, x1) == (1e15 + 0.25, 1e15 + 0.625)
    c = pc.Circles([1e15 + 0.125, 0.15, 0.17])  # reaches 0.045 into the tile
    assert bool(pc.overlaps(c, m)) and bool(pc.overlaps(c, box))
    sep = float(pc.contact(c, m).separation)
    assert sep == pytest.approx(float(pc.contact(c, box).separation), abs=1e-12)
    assert sep == pytest.approx(-0.045, abs=1e-12)


def test_point_on_an_east_face_at_origin_1e9():
    m = pc.TileMap([[1, 0]], tile_size=0.1, origin=(1e9, 0.0))
    east = float(np.asarray(m.edges)[np.argmax(np.asarray(m.normals)[:, 0]), 0])  # the face with normal +x
    assert bool(pc.contains(m, [east, 0.05]))
    assert not bool(pc.contains(m, [math.nextafter(east, math.inf), 0.05]))
    r = pc.raycast([east, -1.0], [0.0, 1.0], m)  # along that face
    assert bool(r.hit) and float(r.distance) == 1.0 and r.tile.tolist() == [0, 0]
    r = pc.raycast([math.nextafter(east, math.inf), -1.0], [0.0, 1.0], m)
    assert not bool(r.hit)


def test_rays_with_extreme_finite_inputs():
    r = pc.raycast([2.5, 1.5], [1e-308, 0.0], ROOM)  # a tiny direction hits what (1, 0) hits
    s = pc.raycast([2.5, 1.5], [1.0, 0.0], ROOM)
    assert bool(r.hit) and float(r.distance) == float(s.distance) == 1.5
    assert r.tile.tolist() == s.tile.tolist() == [1, 4]
    r = pc.raycast([1e308, 2.5], [-1.0, 0.0], ROOM)  # from near the largest double back to the room
    assert bool(r.hit) and float(r.distance) == 1e308 - 4.0 and r.normal.tolist() == [1.0, 0.0]
    assert r.tile.tolist() == [2, 4]
    r = pc.raycast([-1e308, 1.5], [1e308, 0.0], ROOM)
    assert bool(r.hit) and float(r.distance) == 1e308 + 1.0 and r.tile.tolist() == [1, 0]
    # a hit farther than the largest double: hit, distance inf (documented)
    far = pc.TileMap([[1]], tile_size=1e300, origin=(1.7e308, 0.0))
    r = pc.raycast([-1.7e308, 0.5e300], [1.0, 0.0], far)
    assert bool(r.hit) and float(r.distance) == math.inf and r.tile.tolist() == [0, 0]
    r = pc.raycast([-1.7e308, 0.5e300], [-1.0, 0.0], far)
    assert not bool(r.hit) and float(r.distance) == math.inf


def test_advance_rejects_an_overflowing_move_and_restitution_above_one():
    ball = pc.Circles([2.5, 1.5, 0.25])
    with pytest.raises(ValueError, match="beyond the range of the doubles"):
        pc.advance(ball, [1e308, 0.0], ROOM, 2.0)
    with pytest.raises(ValueError, match="restitution"):
        pc.advance(ball, [1.0, 0.0], ROOM, 1.0, restitution=1e10)
    with pytest.raises(ValueError, match=r"circle \(1,\) would move"):
        pc.advance(pc.Circles([[2.5, 1.5, 0.25], [2.5, 2.5, 0.25]]), [[1.0, 0.0], [-1e308, 0.0]], ROOM, 2.0)


def test_response_validates_its_inputs():
    with pytest.raises(ValueError, match="velocity"):
        pc.reflect([np.nan, 1.0], [0.0, 1.0])
    with pytest.raises(ValueError, match="normal"):
        pc.reflect([1.0, 1.0], [np.inf, 1.0])
    with pytest.raises(ValueError, match=r"`va` \(3,\).*`vb` \(4,\)"):
        pc.impulse(np.zeros((3, 2)), np.zeros((4, 2)), 1.0, 1.0, [0.0, 1.0])
    va, vb = pc.impulse([1.0, 0.0], [-1.0, 0.0], 5e-324, 1.0, [1.0, 0.0])
    assert np.isfinite(va).all() and np.isfinite(vb).all()
    assert va.tolist() == [-3.0, 0.0] and vb.tolist() == [-1.0, 0.0]  # the feather bounces off
    va, vb = pc.impulse([1.0, 0.0], [-1.0, 0.0], 1.0, 1e308, [1.0, 0.0])
    assert va.tolist() == [-3.0, 0.0] and vb.tolist() == [-1.0, 0.0]
    # a huge normal is still a direction
    assert pc.reflect([0.0, -1.0], [1e308, 1e308]).tolist() == pytest.approx([1.0, 0.0])


def test_bad_arguments_name_themselves():
    with pytest.raises(TypeError, match="abstract"):
        pc.Shapes([0, 0])
    with pytest.raises(ValueError, match="`kinds`"):
        pc.TileMap([[1, 0], [1]])
    with pytest.raises(ValueError, match=r"Compound: `parts`.*circle"):
        pc.Compound(pc.Circles([1e308, 0.0, 1e308]))
    for threads in (2**31, 10**20):  # "at most that many": capped, not an OverflowError
        assert pc.overlaps(pc.Circles([0, 0, 1]), pc.Boxes([0, 0, 1, 1]), threads=threads)


def test_empty_placed_compounds_give_empty_results():
    body = pc.Compound([pc.Boxes([-1, -1, 1, 1]), pc.Circles([0, 2, 1])])
    none = body.at(np.empty((0, 2)))
    ball = pc.Circles([0.0, 0.0, 1.0])
    assert pc.overlaps(none, ball).shape == (0,)
    assert pc.overlaps(ball, none, touching=False).shape == (0,)
    assert pc.contact(none, ball).separation.shape == (0,)
    assert pc.distance(ball, none).shape == (0,)
    assert pc.overlaps(none[:, None], body.at([[0, 0], [5, 5]])[None, :]).shape == (0, 2)
    assert pc.pairs(none).shape == (2, 0) and pc.pairs(none, body.at([[0, 0]])).shape == (2, 0)


def test_contact_with_a_far_tile_map_is_finite():
    c = pc.Circles([1e308, -1e308, 1.0])
    got = pc.contact(c, ROOM)
    box = pc.contact(c, pc.Boxes([1, 1, 4, 3]))
    assert math.isfinite(float(got.separation)) and np.isfinite(got.normal).all()
    assert float(got.separation) == pytest.approx(float(box.separation), rel=1e-12)
    assert got.normal.tolist() == pytest.approx(box.normal.tolist())


def test_a_sweep_sliding_along_a_face_onto_a_corner_is_no_hit():
    """Found by the suite itself in the random profile: a point on the west face
    of a triangle tile slides up that face (the merged west edge of the map) and
    ends on the corner of the solid tile above.  It touches the map all along
    and never moves into it: no hit (the reference's answer), not a hit at t = 1."""
    m = pc.TileMap([[2], [1]])
    s = pc.sweep(pc.Circles([0.0, 0.25, 0.0]), [0.0, 0.75], m)
    assert float(s.time) == 1.0 and np.isnan(s.normal).all()
    # approached from outside along the supporting line: a graze, no hit
    s = pc.sweep(pc.Circles([0.0, -5.0, 0.0]), [0.0, 7.0], pc.TileMap([[0], [1]]))
    assert float(s.time) == 1.0 and np.isnan(s.normal).all()
    # but head-on into the corner it is
    s = pc.sweep(pc.Circles([-1.0, 0.0, 0.0]), [2.0, 2.0], pc.TileMap([[0], [1]]))
    assert float(s.time) == 0.5 and not np.isnan(s.normal).any()


def test_unaligned_float64_is_copied_not_read_in_place():
    b = np.frombuffer(bytes(8 * 6 + 1), np.uint8)[1:].view(np.float64).reshape(3, 2)
    assert not b.flags.aligned
    p = pc.Points(b, copy=False)
    assert np.asarray(p).flags.aligned and not np.shares_memory(np.asarray(p), b)
