"""advance(..., events=True): every impact of a step as AdvanceEvents, checked
against the bounces, the exact overlap tests, sweep's and move's names for
what was hit, the velocities (the impulses) and threads and batches."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import examples
from test_advance_world import pinball_world, scatter

import pycollide as pc

ROOM = pc.TileMap.from_text("""
##########
#........#
#..7##9..#
#........#
#1......3#
##########
""")


def touches(world, circles, touching=True):
    """Exact: does each circle overlap some part of the world?"""
    return np.asarray(pc.overlaps(circles, world, touching=touching))


def crowd(collide, seed=3, n=200):
    """n balls in the pinball world, fast enough for several impacts each."""
    world = pinball_world()
    rng = np.random.default_rng(seed + 10 * collide)
    balls = scatter(rng, world, n, 0.4, (0.5, 9.0), (19.5, 29.5))
    return world, balls, rng.normal(0, 40, (n, 2))


def check_events(ev, bounces, dt, n):
    """What every AdvanceEvents promises: the types, an entry per counted
    impact, by ball then in time, times in [0, dt], names that say a ball
    or a part, unit normals, impulses >= 0."""
    assert isinstance(ev, pc.AdvanceEvents)
    k = len(ev.ball)
    for name in ("ball", "other", "part", "index"):
        assert getattr(ev, name).dtype == np.int64 and getattr(ev, name).shape == (k,), name
    assert ev.time.shape == ev.impulse.shape == (k,) and ev.point.shape == ev.normal.shape == (k, 2)
    np.testing.assert_array_equal(np.bincount(ev.ball, minlength=n), bounces.reshape(-1))
    order = np.lexsort((ev.time, ev.ball))
    np.testing.assert_array_equal(order, np.arange(k))  # by ball, then in time (no ties reordered)
    assert ((ev.time >= 0) & (ev.time <= dt)).all()
    wall = ev.other < 0
    assert ((ev.part >= 0) & (ev.index >= 0))[wall].all() and ((ev.part == -1) & (ev.index == -1))[~wall].all()
    assert ((ev.other >= 0) & (ev.other < n) & (ev.other != ev.ball))[~wall].all()
    np.testing.assert_allclose(np.hypot(*ev.normal.T), 1.0, rtol=0, atol=4e-16)
    assert (ev.impulse >= 0).all()


@pytest.mark.parametrize("collide", [False, True])
def test_events_are_the_bounces_in_time_order(collide):
    world, balls, v = crowd(collide)
    moved, v_new, bounces, ev = pc.advance(balls, v, world, 0.3, 0.8, collide=collide, return_bounces=True, events=True)
    check_events(ev, bounces, 0.3, len(balls))
    assert bounces.sum() > len(balls) and (bounces > 2).any()  # several impacts per ball
    assert (ev.other >= 0).any() == collide


@pytest.mark.parametrize("collide", [False, True])
def test_events_change_nothing_else_bit_for_bit(collide):
    world, balls, v = crowd(collide)
    plain = pc.advance(balls, v, world, 0.1, 0.8, 0.2, collide=collide, return_bounces=True)
    with_events = pc.advance(balls, v, world, 0.1, 0.8, 0.2, collide=collide, return_bounces=True, events=True)
    assert len(plain) == 3 and len(with_events) == 4
    for a, b in zip(plain, with_events[:3]):
        np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
    moved, vel, ev = pc.advance(balls, v, world, 0.1, 0.8, 0.2, collide=collide, events=True)
    np.testing.assert_array_equal(np.asarray(moved), np.asarray(plain[0]))
    for a, b in zip(ev, with_events[3]):
        np.testing.assert_array_equal(a, b)  # and the events themselves, call after call


@pytest.mark.parametrize("collide", [False, True])
def test_each_wall_events_point_and_normal_place_the_ball_touching_the_world(collide):
    """The ball placed at point + r * normal (its centre when it hit) with
    its radius grown by a rounding error touches the world, and shrunk by
    one does not (exact overlap tests): the point lies on the world and on
    the ball's circle at its time, and the normal is the surface's."""
    world, balls, v = crowd(collide)
    _, _, ev = pc.advance(balls, v, world, 0.3, 0.8, collide=collide, events=True)
    wall = ev.other < 0
    r = np.asarray(balls)[ev.ball[wall], 2]
    centre = ev.point[wall] + r[:, None] * ev.normal[wall]
    tol = 2.0**-30 * np.maximum(np.abs(centre).max(axis=1), r)
    assert touches(world, pc.Circles(np.column_stack([centre, r + tol]))).all()
    assert not touches(world, pc.Circles(np.column_stack([centre, r - tol]))).any()
    assert wall.sum() > len(balls)


def test_the_first_impact_is_sweeps_hit_bit_for_bit():
    """A ball's first event names what pc.sweep of its whole move finds, with
    the same point and normal bit for bit, at the same time (the event in
    dt's unit, the sweep a fraction of the move); against a tile map, the
    index is the flat cell sweep and move name too."""
    for world in (pinball_world(), pc.World(ROOM, pc.Circles([[5.0, 3.5, 0.25]]))):
        rng = np.random.default_rng(8)
        lo, hi = ((0.5, 9.0), (19.5, 29.5)) if len(world) == 4 else ((1.3, 1.3), (8.7, 4.7))
        balls = scatter(rng, world, 60, 0.2, lo, hi)
        v = rng.normal(0, 30, (60, 2))
        dt = 0.25
        _, _, bounces, ev = pc.advance(balls, v, world, dt, return_bounces=True, events=True)
        s = pc.sweep(balls, v * dt, world)
        first = np.searchsorted(ev.ball, np.arange(60))
        hit = bounces > 0
        np.testing.assert_array_equal(hit, s.time < 1)
        k = first[hit]
        np.testing.assert_array_equal(ev.part[k], s.part[hit])
        np.testing.assert_array_equal(ev.index[k], s.index[hit])
        np.testing.assert_array_equal(ev.point[k], s.point[hit])
        np.testing.assert_array_equal(ev.normal[k], s.normal[hit])
        np.testing.assert_allclose(ev.time[k], s.time[hit] * dt, rtol=0, atol=2.0**-52 * dt)  # dt - dt (1 - t)
        if len(world) == 2:
            m = pc.move(balls, v * dt, ROOM, events=True).events
            on_map = hit & (s.part == 0)
            mk = np.searchsorted(m.mover, np.flatnonzero(on_map))
            np.testing.assert_array_equal(m.index[mk], ev.index[first[on_map]])
            assert on_map.sum() > 10


def test_a_tile_maps_index_is_its_flat_cell():
    ball = pc.Circles([2.5, 1.5, 0.25])  # under the top wall's tile (row 5, column 2), over the floor's
    _, _, ev = pc.advance(ball, [0, 8], ROOM, 1.0, events=True)
    assert ev.index.tolist() == [5 * 10 + 2, 0 * 10 + 2] and ev.part.tolist() == [0, 0]
    assert ev.time.tolist() == [0.40625, 0.84375] and ev.point.tolist() == [[2.5, 5.0], [2.5, 1.0]]
    assert ev.normal.tolist() == [[0.0, -1.0], [0.0, 1.0]] and ev.other.tolist() == [-1, -1]
    assert ev.impulse.tolist() == [1.0, 1.0]  # r**2 = 1/16 times 8 - -8


def test_a_collision_is_an_event_of_each_ball():
    """Same time, point and impulse, opposite normals (each pointing from the
    other ball toward this one), bit for bit; the impulse exchanged by the
    masses given or r**2."""
    table = pc.World(pc.Segments([[0, 0, 10, 0], [10, 0, 10, 4], [10, 4, 0, 4], [0, 4, 0, 0]]))
    balls = pc.Circles([[2.0, 2.0, 0.5], [8.0, 2.0, 1.0]])
    v = [[1.0, 0.0], [-1.0, 0.0]]
    _, _, ev = pc.advance(balls, v, table, 3.0, collide=True, events=True)
    assert ev.ball.tolist() == [0, 1] and ev.other.tolist() == [1, 0] and ev.time.tolist() == [2.25, 2.25]
    assert ev.point.tolist() == [[4.75, 2.0]] * 2 and ev.normal.tolist() == [[-1.0, 0.0], [1.0, 0.0]]
    assert ev.impulse.tolist() == [0.8] * 2  # (1 + 1) 2 / (1 / 0.25 + 1 / 1)
    _, v_new, ev = pc.advance(balls, v, table, 3.0, collide=True, masses=[3.0, 1.0], events=True)
    assert ev.impulse.tolist() == [3.0, 3.0] and v_new.tolist() == [[0.0, 0.0], [2.0, 0.0]]


@pytest.mark.parametrize("collide", [False, True])
def test_the_impulses_are_the_velocity_changes(collide):
    """Without friction every velocity change is an impulse along a normal:
    each ball's new velocity is its old one plus the sum of its events'
    impulse * normal / mass (to rounding), with the default masses r**2 and
    with masses given."""
    world, balls, v = crowd(collide, seed=5)
    r = np.asarray(balls)[:, 2]
    for masses in (None, np.linspace(0.5, 4.0, len(balls))):
        m = r**2 if masses is None else masses
        _, v_new, ev = pc.advance(balls, v, world, 0.1, 0.7, collide=collide, masses=masses, events=True)
        dv = np.zeros_like(v)
        np.add.at(dv, ev.ball, ev.impulse[:, None] * ev.normal / m[ev.ball, None])
        scale = np.abs(v).max() + np.abs(dv).max()
        np.testing.assert_allclose(v_new - v, dv, rtol=0, atol=1e-12 * scale)
        assert ev.impulse.max() > 0


def test_a_ball_stopped_by_max_bounces_has_no_more_events():
    """Ball 1 stops at its one bounce (the floor); ball 0 then hits it as a
    wall: an event of ball 0 naming ball 1, none of ball 1."""
    floor = pc.World(pc.Segments([[0, 0, 40, 0]]))
    balls = pc.Circles([[16.0, 1.0, 1.0], [20.0, 2.0, 1.0]])
    _, v, b, ev = pc.advance(
        balls, [[2.0, 0.0], [0.0, -2.0]], floor, 2.0, max_bounces=1, collide=True, return_bounces=True, events=True
    )
    assert b.tolist() == [1, 1] and ev.ball.tolist() == [0, 1] and ev.other.tolist() == [1, -1]
    assert ev.time.tolist() == [1.0, 0.5] and ev.normal.tolist() == [[-1.0, 0.0], [0.0, 1.0]]
    assert ev.impulse.tolist() == [4.0, 4.0] and v.tolist() == [[-2.0, 0.0], [0.0, 2.0]]


def test_events_do_not_depend_on_threads_or_the_batch():
    world = pc.World(ROOM, pinball_world().parts[1])
    rng = np.random.default_rng(4)
    n = 3000  # several chunks of the motion's batch
    balls = pc.Circles(np.column_stack([rng.uniform(1.3, 8.7, n), rng.uniform(1.3, 2.7, n), np.full(n, 0.2)]))
    balls = balls[~touches(world, balls)]
    n = len(balls)
    v = rng.normal(0, 40, (n, 2))
    one = pc.advance(balls, v, world, 0.2, 0.9, 0.1, events=True, threads=1)[2]
    two = pc.advance(balls, v, world, 0.2, 0.9, 0.1, events=True, threads=2)[2]
    for a, b in zip(one, two):
        np.testing.assert_array_equal(a, b)
    assert len(one.ball) > n
    some = np.arange(5, n, 7)
    part = pc.advance(balls[some], v[some], world, 0.2, 0.9, 0.1, events=True, threads=2)[2]
    rows = np.isin(one.ball, some)
    np.testing.assert_array_equal(some[part.ball], one.ball[rows])
    for name in ("time", "other", "part", "index", "point", "normal", "impulse"):
        np.testing.assert_array_equal(getattr(part, name), getattr(one, name)[rows])


def test_events_of_any_leading_shape_and_none():
    balls = pc.Circles(np.array([[[2.5, 1.5, 0.25], [6.5, 1.5, 0.25]], [[2.5, 2.5, 0.2], [7.5, 4.5, 0.2]]]))
    v = np.array([[[0, 8], [3, 0]], [[-5, 0], [0, 0]]], dtype=float)
    _, _, b, ev = pc.advance(balls, v, ROOM, 1.0, return_bounces=True, events=True)
    assert b.shape == (2, 2)
    np.testing.assert_array_equal(np.bincount(ev.ball, minlength=4), b.reshape(-1))
    _, _, ev = pc.advance(balls[:0], v[:0], ROOM, 1.0, collide=True, events=True)
    assert ev.ball.shape == (0,) and ev.point.shape == ev.normal.shape == (0, 2)
    _, _, ev = pc.advance(balls, np.zeros(2), ROOM, 1.0, events=True)  # at rest: no impacts
    assert len(ev.ball) == 0


def test_points_have_events_with_the_masses_given():
    p = pc.Points([[2.5, 1.5], [5.0, 2.5]])
    _, _, ev = pc.advance(p, [[0.0, -1.0], [8.0, 0.0]], ROOM, 1.0, events=True)
    assert ev.ball.tolist() == [0, 1] and ev.impulse.tolist() == [0.0, 0.0]  # r**2 = 0: no mass
    _, _, ev = pc.advance(p, [[0.0, -1.0], [8.0, 0.0]], ROOM, 1.0, masses=[1.0, 2.0], events=True)
    assert ev.point.tolist() == [[2.5, 1.0], [9.0, 2.5]] and ev.impulse.tolist() == [2.0, 32.0]
    assert ev.time.tolist() == [0.5, 0.5] and ev.normal.tolist() == [[0.0, 1.0], [-1.0, 0.0]]


def test_bad_input_is_named():
    ball = pc.Circles([2.5, 1.5, 0.25])
    for bad in (1, "yes", None, [True]):
        with pytest.raises(TypeError, match=r"advance: `events` must be True or False"):
            pc.advance(ball, [0, 8], ROOM, 1.0, events=bad)
    with pytest.raises(ValueError, match=r"`masses` matter only .*collide=True.*events=True"):
        pc.advance(ball, [0, 8], ROOM, 1.0, masses=2.0)
    for bad, error in ((0.0, ValueError), (np.inf, ValueError), ([[1.0, 2.0]], ValueError), ("x", TypeError)):
        with pytest.raises(error, match="masses"):
            pc.advance(ball, [0, 8], ROOM, 1.0, masses=bad, events=True)
    assert len(pc.advance(ball, [0, 8], ROOM, 1.0, masses=2.0, events=True)[2].ball) == 2


@settings(max_examples=examples(40), deadline=None)
@given(k=st.sampled_from([-1000, -300, -40, 0, 40, 300, 900]), seed=st.integers(0, 2**16), collide=st.booleans())
def test_events_scale_with_the_world_by_powers_of_two(k, seed, collide):
    """Scaling the world, the balls and their velocities by 2**k leaves the
    times bit for bit, scales the points by 2**k, keeps the normals, and
    scales the impulses (mass r**2 times velocity) by 2**(3 k), to inf or 0
    where that leaves the doubles.  (Not collide's step at 2**-1000: its
    velocities' products fall below the normal doubles, and the step itself
    is then not scale-exact, with or without events.)"""
    assume(not (collide and k < -300))
    rng = np.random.default_rng(seed)
    walls = np.array([[0, 0, 16, 0], [16, 0, 16, 8], [16, 8, 0, 8], [0, 8, 0, 0], [4, 2, 9, 5]], dtype=float)
    n = 12
    centres = np.column_stack([rng.integers(1, 15, n) + 0.5, rng.integers(1, 7, n) + 0.5])
    keep = np.unique(centres, axis=0, return_index=True)[1]
    rows = np.column_stack([centres, np.full(n, 0.25)])[np.sort(keep)]
    world = pc.World(pc.Segments(walls))
    rows = rows[~touches(world, pc.Circles(rows))]
    v = np.round(rng.normal(0, 8, (len(rows), 2)), 3)
    f = np.ldexp(1.0, k)
    base = pc.advance(pc.Circles(rows), v, world, 1.0, 0.9, collide=collide, events=True)[2]
    big = pc.advance(
        pc.Circles(rows * f), v * f, pc.World(pc.Segments(walls * f)), 1.0, 0.9, collide=collide, events=True
    )[2]
    for name in ("ball", "time", "other", "part", "index", "normal"):
        np.testing.assert_array_equal(getattr(big, name), getattr(base, name), err_msg=name)
    np.testing.assert_array_equal(big.point, base.point * f)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(big.impulse, np.ldexp(base.impulse, 3 * k))  # overflowing to inf, or to 0
