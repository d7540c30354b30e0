"""advance against a World (tile maps and shape collections), and circles
hitting each other (collide=True): the promises checked exactly."""

import math

import numpy as np
import pytest

import pycollide as pc

BOX = pc.Segments([[0, 0, 20, 0], [20, 0, 20, 10], [20, 10, 0, 10], [0, 10, 0, 0]])


def pinball_world():
    walls = pc.Segments([[0, 0, 20, 0], [20, 0, 20, 30], [20, 30, 0, 30], [0, 30, 0, 0], [0, 8, 8, 2], [20, 8, 12, 2]])
    bumpers = pc.Circles([[5, 20, 1.5], [15, 20, 1.5], [10, 14, 1.0]])
    slants = pc.Capsules([[3, 25, 8, 23, 0.3], [17, 25, 12, 23, 0.3]])
    block = pc.Polygons([[[9, 6], [11, 6], [11.5, 8], [10, 9], [8.5, 8]]])
    return pc.World(walls, bumpers, slants, block)


def inside_any(world, circles):
    """Exact: does each circle's interior overlap some part of the world?"""
    hit = np.zeros(circles.shape, dtype=bool)
    for part in world.parts:
        if isinstance(part, pc.TileMap):
            hit |= pc.overlaps(circles, part, touching=False)
        else:
            hit |= pc.overlaps(circles[:, None], part[None, :], touching=False).any(axis=1)
    return hit


def scatter(rng, world, n, r, lo, hi):
    """n circles of radius r in [lo, hi]^2, apart from each other and the world."""
    out = []
    for _ in range(100 * n):
        if len(out) == n:
            break
        c = np.r_[rng.uniform(lo[0], hi[0]), rng.uniform(lo[1], hi[1]), r]
        if inside_any(world, pc.Circles([c]))[0]:
            continue
        if out and (np.hypot(*(np.array(out)[:, :2] - c[:2]).T) < 2 * r).any():
            continue
        out.append(c)
    assert len(out) == n, "no room for the circles"
    return pc.Circles(np.array(out))


def test_world_of_one_tilemap_is_the_tilemap():
    room = pc.TileMap.from_text("""
##########
#........#
#...##...#
#........#
##########
""")
    rng = np.random.default_rng(5)
    c = scatter(rng, pc.World(room), 60, 0.2, (1.2, 1.2), (8.8, 3.8))
    v = rng.normal(0, 20, (60, 2))
    a = pc.advance(c, v, room, 0.7, restitution=0.8, friction=0.1, return_bounces=True)
    b = pc.advance(c, v, pc.World(room), 0.7, restitution=0.8, friction=0.1, return_bounces=True)
    for x, y in zip(a, b):
        np.testing.assert_array_equal(np.asarray(x), np.asarray(y))


@pytest.mark.parametrize("collide", [False, True])
def test_no_circle_ends_inside_the_world_or_escapes(collide):
    world = pinball_world()
    rng = np.random.default_rng(11 + collide)
    c = scatter(rng, world, 300, 0.25, (0.5, 9.0), (19.5, 29.5))
    v = rng.normal(0, 60, (300, 2))  # fast: many wall lengths per step
    for _ in range(12):
        c, v, b = pc.advance(c, v, world, 0.1, collide=collide, return_bounces=True)
        assert not inside_any(world, c).any()
        x, y = c.center.T
        assert ((x > 0) & (x < 20) & (y > 0) & (y < 30)).all(), "a circle tunnelled out of the table"
        if collide:
            assert pc.pairs(c, touching=False).shape[1] == 0, "two circles overlap"
    assert b.sum() > 0


def test_speed_never_grows_off_walls():
    world = pinball_world()
    rng = np.random.default_rng(3)
    c = scatter(rng, world, 300, 0.25, (0.5, 9.0), (19.5, 29.5))
    v = rng.normal(0, 30, (300, 2))
    speed2 = (v * v).sum(1)
    c2, v2 = pc.advance(c, v, world, 0.5, restitution=0.9, friction=0.3)
    assert ((v2 * v2).sum(1) <= speed2).all()


def test_elastic_collisions_keep_energy_and_momentum():
    rng = np.random.default_rng(8)
    far = pc.World(pc.Segments([[-1e3, -1e3, 1e3, -1e3]]))
    c = scatter(rng, far, 200, 0.3, (0, 0), (14, 14))
    m = rng.uniform(0.5, 3.0, 200)
    v = rng.normal(0, 5, (200, 2))
    c2, v2, b = pc.advance(c, v, far, 0.5, collide=True, masses=m, max_bounces=1000, return_bounces=True)
    assert b.sum() > 50  # plenty of collisions, no wall within reach
    p0, p1 = (m[:, None] * v).sum(0), (m[:, None] * v2).sum(0)
    e0, e1 = (m * (v * v).sum(1)).sum(), (m * (v2 * v2).sum(1)).sum()
    scale = (m * np.hypot(*v.T)).sum()
    assert np.abs(p1 - p0).max() <= 1e-12 * scale
    assert abs(e1 - e0) <= 1e-12 * e0


def test_head_on_equal_masses_swap_velocities():
    balls = pc.Circles([[2.0, 5.0, 0.5], [8.0, 5.0, 0.5]])
    moved, v = pc.advance(balls, [[1.0, 0.0], [-1.0, 0.0]], pc.World(BOX), 4.0, collide=True)
    assert v.tolist() == [[-1.0, 0.0], [1.0, 0.0]]
    assert moved.center.tolist() == [[3.0, 5.0], [7.0, 5.0]]


def test_newtons_cradle():
    """A row of touching balls hit at one end: the impacts go through the row
    in time order and the far ball leaves with the speed."""
    n = 6
    row = pc.Circles([[3.0 + 1.0 * k, 5.0, 0.5] for k in range(n)])
    v = np.zeros((n, 2))
    v[0] = [2.0, 0.0]
    striker = pc.Circles([[1.0, 5.0, 0.5]])
    balls = pc.Circles(np.r_[np.asarray(striker), np.asarray(row)])
    vel = np.r_[[[2.0, 0.0]], np.zeros((n, 2))]
    moved, w = pc.advance(balls, vel, pc.World(BOX), 1.0, collide=True)
    np.testing.assert_allclose(w[-1], [2.0, 0.0], atol=1e-12)
    np.testing.assert_allclose(w[:-1], 0.0, atol=1e-12)


def test_heavy_and_light_one_dimensional():
    m1, m2, u1, u2 = 4.0, 1.0, 1.0, -1.0
    balls = pc.Circles([[4.0, 5.0, 0.5], [8.0, 5.0, 0.5]])
    _, v = pc.advance(balls, [[u1, 0.0], [u2, 0.0]], pc.World(BOX), 2.0, collide=True, masses=[m1, m2])
    w1 = ((m1 - m2) * u1 + 2 * m2 * u2) / (m1 + m2)
    w2 = ((m2 - m1) * u2 + 2 * m1 * u1) / (m1 + m2)
    np.testing.assert_allclose(v[:, 0], [w1, w2], rtol=1e-14)


def test_inelastic_pair_moves_together():
    balls = pc.Circles([[4.0, 5.0, 0.5], [8.0, 5.0, 0.5]])
    _, v = pc.advance(balls, [[2.0, 0.0], [0.0, 0.0]], pc.World(BOX), 3.0, collide=True, restitution=0.0)
    np.testing.assert_allclose(v, [[1.0, 0.0], [1.0, 0.0]], atol=1e-15)


def test_results_are_deterministic():
    world = pinball_world()
    rng = np.random.default_rng(21)
    c = scatter(rng, world, 200, 0.3, (0.5, 9.0), (19.5, 29.5))
    v = rng.normal(0, 20, (200, 2))
    a = pc.advance(c, v, world, 0.3, collide=True, restitution=0.9, friction=0.2, return_bounces=True)
    b = pc.advance(c, v, world, 0.3, collide=True, restitution=0.9, friction=0.2, return_bounces=True)
    for x, y in zip(a, b):
        np.testing.assert_array_equal(np.asarray(x), np.asarray(y))


def test_bad_input():
    world = pc.World(BOX)
    two = pc.Circles([[2.0, 5.0, 0.5], [2.5, 5.0, 0.5]])
    with pytest.raises(ValueError, match=r"circles \(0,\) and \(1,\) overlap"):
        pc.advance(two, [1.0, 0.0], world, 1.0, collide=True)
    pc.advance(two, [1.0, 0.0], world, 1.0)  # without collide the balls pass through each other
    touching = pc.Circles([[2.0, 5.0, 0.5], [3.0, 5.0, 0.5]])
    pc.advance(touching, [1.0, 0.0], world, 1.0, collide=True)  # touching is allowed
    with pytest.raises(ValueError, match="masses"):
        pc.advance(touching, [1.0, 0.0], world, 1.0, collide=True, masses=[1.0, 0.0])
    with pytest.raises(ValueError, match="masses"):
        pc.advance(touching, [1.0, 0.0], world, 1.0, collide=True, masses=[1.0, math.nan])
    with pytest.raises(ValueError, match="collide=True"):
        pc.advance(touching, [1.0, 0.0], world, 1.0, masses=[1.0, 2.0])
    with pytest.raises(ValueError, match="radius 0"):
        pc.advance(pc.Circles([[2.0, 5.0, 0.0], [5.0, 5.0, 0.5]]), [1.0, 0.0], world, 1.0, collide=True)
    with pytest.raises(TypeError, match="World"):
        pc.advance(touching, [1.0, 0.0], BOX, 1.0)
    with pytest.raises(ValueError, match="at least one part"):
        pc.World()
    with pytest.raises(ValueError, match="inside"):
        pc.advance(pc.Circles([[0.1, 5.0, 0.5]]), [1.0, 0.0], world, 1.0, collide=True)
    with pytest.raises(TypeError, match="collide"):
        pc.advance(touching, [1.0, 0.0], world, 1.0, collide=1)


def test_overlap_at_the_start_names_the_first_pair():
    """Among many circles the first pair overlapping deeper than a rounding
    error (lexicographic, exact test, by their multi-index) is named and
    nothing is moved; pairs that only touch are fine, and a pair an ulp
    into each other is pushed apart first (issue 39: it raised)."""
    world = pc.World(pc.Segments([[0, 0, 40, 0], [40, 0, 40, 40], [40, 40, 0, 40], [0, 40, 0, 0]]))
    xs, ys = np.meshgrid(np.arange(20) * 2.0 + 1, np.arange(20) * 2.0 + 1)
    c = np.stack([xs, ys, np.full_like(xs, 0.5)], axis=-1)
    grid = c.copy()
    c[17, 18, :2] = c[3, 6, :2] + [0.5, 0.5]  # overlaps (3, 6)
    c[15, 2, :2] = c[9, 9, :2] + [0.5, 0.0]  # overlaps (9, 9), a later pair
    c[0, 1, :2] = c[0, 0, :2] + [1.0, 0.0]  # touches (0, 0): allowed
    before = c.copy()
    balls = pc.Circles(c)
    with pytest.raises(ValueError, match=r"circles \(3, 6\) and \(17, 18\) overlap at the start"):
        pc.advance(balls, [1.0, 0.0], world, 1.0, collide=True)
    assert np.array_equal(c, before) and np.array_equal(np.asarray(balls._data), before)
    c[15, 2] = grid[15, 2]
    c[17, 18, :2] = [14.0, 7.0]  # between (3, 6) and (3, 7), touching both
    moved, _ = pc.advance(pc.Circles(c), [1.0, 0.0], world, 0.1, collide=True)
    assert pc.pairs(pc.Circles(np.asarray(moved._data).reshape(-1, 3)), touching=False).shape[1] == 0
    c[17, 18, 0] = np.nextafter(14.0, 0.0)  # a ulp nearer (3, 6): overlapping by a rounding error
    moved, _ = pc.advance(pc.Circles(c), [1.0, 0.0], world, 0.1, collide=True)
    assert pc.pairs(pc.Circles(np.asarray(moved._data).reshape(-1, 3)), touching=False).shape[1] == 0
    c[17, 18, 0] = 14.0 - 2**-10  # deeper than the pair's tolerance (2^-20 + 2^-40 * 14)
    with pytest.raises(ValueError, match=r"circles \(3, 6\) and \(17, 18\) overlap"):
        pc.advance(pc.Circles(c), [1.0, 0.0], world, 0.1, collide=True)


def test_collide_starts_a_rounding_error_deep():
    """With collide=True: a ball an ulp into a wall of the world, and a
    cluster of balls each an ulp into the next (pushed apart, then pushing
    their neighbours): moved out first, never strictly inside the world or
    each other at the end; a ball deeper into the wall than its tolerance
    raises, naming it."""
    world = pc.World(BOX)
    row = [[0.5 - 2**-52, 5.0, 0.5]] + [[2.0 + k * np.nextafter(1.0, 0.0), 5.0, 0.5] for k in range(8)]
    c = np.array(row)
    moved, v = pc.advance(pc.Circles(c), np.tile([0.0, -1.0], (9, 1)), world, 1.0, collide=True)
    m = np.asarray(moved._data)
    assert not inside_any(world, moved).any()
    assert pc.pairs(moved, touching=False).shape[1] == 0
    assert m[0, 0] == 0.5 and v[0].tolist() == [0.0, -1.0]
    with pytest.raises(ValueError, match=r"circle \(1,\) starts inside the solid"):
        pc.advance(pc.Circles([[5.0, 5.0, 0.5], [0.5 - 2**-2, 5.0, 0.5]]), [1.0, 0.0], world, 1.0, collide=True)


def test_collide_mixes_restitution_and_friction_per_pair():
    """Per-circle values with collide=True: between two circles the larger
    restitution and the geometric mean of the frictions (equal values are
    that value, bit for bit), at a wall the circle's own."""
    table = pc.World(pc.Segments([[0, 0, 40, 0], [40, 0, 40, 40], [40, 40, 0, 40], [0, 40, 0, 0]]))
    balls = pc.Circles([[10.0, 20.0, 1.0], [20.0, 21.5, 1.0]])
    v = np.array([[3.0, 0.0], [-3.0, 0.0]])

    def run(e, mu):
        moved, vel = pc.advance(balls, v, table, 3.0, restitution=e, friction=mu, collide=True)
        return np.asarray(moved._data).tolist(), vel.tolist()

    assert run([1.0, 0.0], 0.2) == run(1.0, 0.2)  # the larger restitution
    assert run(0.5, [0.3, 0.3]) == run(0.5, 0.3)  # equal frictions: that one
    assert run(0.5, [0.0, 2.0]) == run(0.5, 0.0)  # sqrt(0 * 2) = 0
    assert run(0.5, [0.0625, 0.25]) == run(0.5, 0.125)  # sqrt(0.0625 * 0.25) = 0.125, exactly
    assert run(0.5, [0.0625, 0.25]) != run(0.5, 0.0625)  # (the cap binds)
    wall = pc.advance(
        pc.Circles([[1.5, 5.0, 0.5], [30.0, 5.0, 0.5]]),
        [[-1.0, -1.0], [0.0, 1.0]],
        table,
        1.0,
        restitution=[0.5, 1.0],
        friction=[1.0, 0.0],
        collide=True,
    )
    alone = pc.advance(pc.Circles([1.5, 5.0, 0.5]), [-1.0, -1.0], table, 1.0, restitution=0.5, friction=1.0)
    assert np.asarray(wall[0]._data)[0].tolist() == np.asarray(alone[0]._data).tolist()
    assert wall[1][0].tolist() == alone[1].tolist()


def _room_scene(seed, n=40, side=12.0):
    rng = np.random.default_rng(seed)
    walls = pc.Segments([[0, 0, side, 0], [side, 0, side, side], [side, side, 0, side], [0, side, 0, 0]])
    pegs = pc.Circles(np.c_[rng.uniform(1, side - 1, (30, 2)), np.full(30, 0.2)])
    c = scatter(rng, pc.World(walls, pegs), n, 0.25, (0.3, 0.3), (side - 0.3, side - 0.3))
    return rng, walls, pegs, c


@pytest.mark.parametrize("extra", ["many far shapes", "long diagonals"])
def test_world_found_near_by_cells_or_by_trees_alike(extra):
    """Whether a circle's path comes near the world is found from the grid
    cells the world's shapes cover, or (a world of many shapes, or of shapes
    covering many cells) from the trees: the results are the same bit for bit,
    and the promises hold either way."""
    rng, walls, pegs, c = _room_scene(4)
    v = rng.normal(0, 15, (len(c), 2))
    if extra == "many far shapes":  # more shapes than a few per circle, none within reach
        far = pc.Circles(np.c_[rng.uniform(100, 200, (400, 2)), np.full(400, 0.5)])
    else:  # each box covers the whole room, the segments beyond its far corner
        far = pc.Segments([[-1 - k, 30 + k, 30 + k, -1 - k] for k in range(12)])
    one = pc.World(walls, pegs)
    two = pc.World(walls, pegs, far)
    a, b = (c, v), (c, v)
    for _ in range(15):
        a = pc.advance(a[0], a[1], one, 0.05, collide=True, restitution=0.95, return_bounces=True)
        b = pc.advance(b[0], b[1], two, 0.05, collide=True, restitution=0.95, return_bounces=True)
        for x, y in zip(a, b):
            np.testing.assert_array_equal(np.asarray(x), np.asarray(y))
        assert not inside_any(two, a[0]).any()
        assert pc.pairs(a[0], touching=False).shape[1] == 0
    assert a[2].sum() > 0


def test_a_step_that_overfills_its_workspace_is_retried(monkeypatch):
    """With almost no room at first (a few entries and events per circle,
    where fast circles cover many cells and queue many impacts), the step is
    retried from copies with more room: the same results bit for bit, every
    promise kept, the caller's arrays unchanged."""
    from pycollide import motion

    rng, walls, pegs, c = _room_scene(9, n=120)
    world = pc.World(walls, pegs)
    v = rng.normal(0, 3, (len(c), 2))
    v[:6] = rng.normal(0, 400, (6, 2))  # across the room several times a step
    runs = []
    for room in [motion._COLLIDE_ROOM, (-8, -8)]:  # -8: 1024 - 8 n = 64 entries and events for 120 circles
        monkeypatch.setattr(motion, "_COLLIDE_ROOM", room)
        cc, vv, v0 = c, v, v.copy()
        steps = []
        for _ in range(3):
            cc, vv, b = pc.advance(cc, vv, world, 0.05, collide=True, max_bounces=64, return_bounces=True)
            assert not inside_any(world, cc).any()
            assert pc.pairs(cc, touching=False).shape[1] == 0
            x, y = cc.center.T
            assert ((x > 0) & (x < 12) & (y > 0) & (y < 12)).all()
            steps.append((np.asarray(cc), vv, b))
        assert np.array_equal(v, v0)
        assert steps[-1][2][:6].min() > 0
        runs.append(steps)
    for one, two in zip(*runs):
        for x, y in zip(one, two):
            np.testing.assert_array_equal(x, y)


def _reference_step(c, v, dt):
    """Circles in open space for dt, by events in time order: brute force
    over every pair at every impact, equal masses, restitution 1, no
    friction, the impulse along the line of centres.  The circles and
    velocities at dt, and the impacts of each circle."""
    n = len(c)
    x, r = c[:, :2].astype(float).copy(), c[:, 2].astype(float)
    v, tau, hits = v.astype(float).copy(), np.zeros(n), np.zeros(n, dtype=np.int64)
    upper = np.triu(np.ones((n, n), dtype=bool), 1)
    now = 0.0
    while True:
        at = x + v * (now - tau)[:, None]  # every centre at `now`
        p, u = at[None, :, :] - at[:, None, :], v[None, :, :] - v[:, None, :]
        b, a = (p * u).sum(-1), (u * u).sum(-1)
        cc = (p * p).sum(-1) - (r[:, None] + r[None, :]) ** 2
        disc = b * b - a * cc
        with np.errstate(divide="ignore", invalid="ignore"):
            t = np.where(cc <= 0, now, now + cc / (-b + np.sqrt(np.maximum(disc, 0))))
        t = np.where(upper & (b < 0) & ((cc <= 0) | (disc > 0)), t, np.inf)
        k = int(np.argmin(t))  # the first (i, j) at the earliest time
        i, j = divmod(k, n)
        if not t[i, j] <= dt:
            break
        now = float(t[i, j])
        for m in (i, j):
            x[m] += v[m] * (now - tau[m])
            tau[m] = now
        nrm = (x[j] - x[i]) / math.hypot(*(x[j] - x[i]))
        vn = (v[j] - v[i]) @ nrm
        if vn < 0:
            v[i] += vn * nrm
            v[j] -= vn * nrm
            hits[i] += 1
            hits[j] += 1
    x += v * (dt - tau)[:, None]
    return np.c_[x, r], v, hits


@pytest.mark.parametrize("seed", range(4))
def test_impacts_match_a_brute_force_reference(seed):
    """A few fast circles among slow ones (paths across several of the
    grid's cells, so some are listed apart and the cells may grow): in each
    step every circle has the impacts a brute-force event reference finds
    (all pairs tested at every impact), and ends where it does, up to
    rounding (the times are found by other sums: 5e-11 at most over these
    seeds, ~260-350 impacts each; the bound is 1e-9)."""
    rng = np.random.default_rng(40 + seed)
    far = pc.World(pc.Segments([[-1e3, -1e3, 1e3, -1e3]]))  # only the circles meet
    c = np.array(scatter(rng, far, 80, 0.3, (0, 0), (10, 10)))
    v = rng.normal(0, 2, (80, 2))
    v[:12] *= 40
    balls = pc.Circles(c)
    total = 0
    for _ in range(8):
        want_c, want_v, want_hits = _reference_step(np.asarray(balls), v, 0.05)
        balls, v, hits = pc.advance(balls, v, far, 0.05, collide=True, max_bounces=1000, return_bounces=True)
        assert hits.tolist() == want_hits.tolist()
        np.testing.assert_allclose(np.asarray(balls), want_c, rtol=0, atol=1e-9)
        np.testing.assert_allclose(v, want_v, rtol=0, atol=1e-9)
        total += int(hits.sum())
    assert total > 0


@pytest.mark.parametrize("fast", [0.02, 0.3])
def test_many_fast_circles_among_slow_ones(fast):
    """Paths wider than the grid's cells: a few are listed apart and read by
    every query, many make the cells grow (both ways of the broad phase):
    every impact is still found (no two interiors overlap after any step,
    no circle in a wall or out of the room), and the fast circles bounce."""
    rng, walls, pegs, c = _room_scene(12, n=300, side=20.0)
    world = pc.World(walls, pegs)
    v = rng.normal(0, 2, (len(c), 2))
    quick = rng.random(len(c)) < fast
    v[quick] *= 60  # across several cells a step
    balls, bounced = c, np.zeros(len(c), dtype=np.int64)
    for _ in range(8):
        balls, v, b = pc.advance(balls, v, world, 0.05, collide=True, max_bounces=64, return_bounces=True)
        bounced += b
        assert not inside_any(world, balls).any()
        assert pc.pairs(balls, touching=False).shape[1] == 0
        x, y = balls.center.T
        assert ((x > 0) & (x < 20) & (y > 0) & (y < 20)).all()
    assert bounced[quick].min() > 0


@pytest.mark.parametrize("scale", [1e-200, 1e-30, 1e30, 1e200])
def test_many_balls_at_extreme_scales(scale):
    """The broad phase keeps its boxes in floats rounded outward: beyond the
    floats' range (1e+-200) and near its ends the balls still hit each other
    and the walls, and every promise holds."""
    rng, walls, pegs, c = _room_scene(6, n=60)
    world = pc.World(pc.Segments(np.asarray(walls) * scale), pc.Circles(np.asarray(pegs) * scale))
    balls, v = pc.Circles(np.asarray(c) * scale), rng.normal(0, 20, (len(c), 2)) * scale
    total = 0
    for _ in range(6):
        balls, v, b = pc.advance(balls, v, world, 0.05, collide=True, return_bounces=True)
        total += int(b.sum())
        assert not inside_any(world, balls).any()
        assert pc.pairs(balls, touching=False).shape[1] == 0
        x, y = balls.center.T / scale
        assert ((x > 0) & (x < 12) & (y > 0) & (y < 12)).all()
    assert total > 20


@pytest.mark.parametrize("given_masses", [False, True])
def test_collisions_are_the_same_at_every_scale(given_masses):
    """Scaling positions and velocities by a power of 2 scales every
    collision's result exactly, down to 2^-900 and up to 2^900 (the times of
    impact are found on scaled values where squares would overflow or vanish,
    and the default masses, r^2, on radii scaled to about 1)."""
    rng = np.random.default_rng(8)
    far = np.array([[-1e3, -1e3, 1e3, -1e3]])  # a world out of reach: only the balls meet
    c = np.array(scatter(rng, pc.World(pc.Segments(far)), 150, 0.3, (0, 0), (12, 12)))
    c[::3, 2] = 0.1  # mixed radii: masses differ
    masses = rng.uniform(0.5, 3.0, 150) if given_masses else None
    v0 = rng.normal(0, 5, (150, 2))

    def run(k):
        s = 2.0**k
        world, balls, v = pc.World(pc.Segments(far * s)), pc.Circles(c * s), v0 * s
        out = []
        for _ in range(4):
            balls, v, b = pc.advance(
                balls, v, world, 0.1, collide=True, masses=masses, max_bounces=1000, return_bounces=True
            )
            out.append((np.asarray(balls) / s, v / s, b))
        return out

    ref = run(0)
    assert sum(int(b.sum()) for _, _, b in ref) > 300
    for k in (-900, -300, 300, 900):
        for one, two in zip(ref, run(k)):
            for x, y in zip(one, two):
                np.testing.assert_array_equal(x, y)
