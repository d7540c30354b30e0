"""Tile maps: advance: balls moving through tile maps (see tilecases.py for the tolerances)."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import tiles as RT
from strategies import examples
from tilecases import *  # noqa: F401,F403  (shared maps, cases and checks)

import pycollide as pc


def test_advance_free_flight():
    tm = pc.TileMap([[1]])
    C = np.array([[5.0, 5.0, 0.5], [-3.0, 2.0, 0.0]])
    V = np.array([[1.5, -0.25], [0.0, 0.0]])
    c, v, b = step(C, V, tm, 2.0, return_bounces=True)
    np.testing.assert_array_equal(v, V)
    np.testing.assert_allclose(c[:, :2], C[:, :2] + 2.0 * V, rtol=0, atol=1e-12)
    assert b.shape == (2,) and (b == 0).all()


@pytest.mark.parametrize("points", [False, True], ids=["balls", "points"])
@pytest.mark.parametrize("seed", range(6))
def test_advance_no_tunnelling(seed, points):
    """Very fast balls (or zero-radius points) against a one-tile-thick wall
    never end beyond it, and bounce back."""
    rng = np.random.default_rng(600 + seed + 10 * points)
    s, origin = [(1.0, (0.0, -20.0)), (0.5, (0.25, -10.0)), (0.1, (0.3, -2.0))][seed % 3]
    kind = [S, NW, NE][seed % 3]  # a solid wall, or a saw of triangles
    kinds = np.zeros((40, 3), dtype=np.int8)
    kinds[:, 1] = kind
    tm, g = both(kinds, s, origin)
    wall_x1 = float(RT.corner(origin[0], 2, s))
    n = 300
    r = np.zeros(n) if points else s * rng.choice([0.01, 0.1, 0.3, 0.49], size=n)
    x = origin[0] + s * rng.uniform(0, 1, size=n)
    y = origin[1] + s * rng.uniform(15, 25, size=n)
    C = np.stack([x, y, r], axis=1)
    C = C[[not RT.circle_overlaps_map(tuple(c), g, False) for c in C]]
    speed = 10.0 ** rng.uniform(3, 12, size=len(C))
    ang = rng.uniform(-1.2, 1.2, size=len(C))
    V = np.stack([speed * np.cos(ang), speed * np.sin(ang)], axis=1)  # the wall is met within 3 tiles of y
    for dt in (1.0, 1e-3):
        c, v = step(C, V, tm, dt)
        beyond = c[:, 0] > wall_x1
        assert not beyond.any(), f"tunnelled: start {C[beyond][0]} velocity {V[beyond][0]} dt {dt} -> {c[beyond][0]}"
        reached = V[:, 0] * dt > 2 * s
        back = v[reached, 0] <= 0
        assert back.all(), (
            f"did not bounce back: {C[reached][~back][0]} velocity {V[reached][~back][0]} -> {c[reached][~back][0]}"
        )
        assert_never_inside(c, tm, g, "tunnelling")


@pytest.mark.parametrize("s,origin", DYADIC, ids=LAYOUT_IDS[:4])
@pytest.mark.parametrize("restitution,friction", [(1.0, 0.0), (0.5, 0.3)])
def test_advance_seams_floor(s, origin, restitution, friction):
    """A ball resting on a floor of many separate SOLID tiles and moving exactly
    along +x never bumps on the seams: y is bit-identical and vy stays 0."""
    kinds = np.zeros((2, 60), dtype=np.int8)
    kinds[0, :] = S
    tm, _ = both(kinds, s, origin)
    top = origin[1] + s
    C = np.array([[origin[0] + k * s / 4, top + r, r] for k in range(1, 9) for r in (s / 4, s / 2, s * 0.375)])
    V = np.array([[s * v, 0.0] for v in (0.1, 0.25, 1.0, 1 / 3) for _ in range(6)])
    for _ in range(80):
        c, v = step(C, V, tm, 0.5, restitution=restitution, friction=friction)
        np.testing.assert_array_equal(c[:, 1], C[:, 1])
        np.testing.assert_array_equal(v, V)
        assert (c[:, 0] > C[:, 0]).all()
        C = c


@pytest.mark.parametrize("s,origin", DYADIC, ids=LAYOUT_IDS[:4])
def test_advance_seams_wall_and_ceiling(s, origin):
    kinds = np.zeros((60, 60), dtype=np.int8)
    kinds[:, 0] = S  # a wall of separate tiles along x = ox + s
    kinds[59, :] = S  # a ceiling along y = oy + 59 s
    tm, _ = both(kinds, s, origin)
    r = s / 2
    x_wall = origin[0] + s + r
    y_ceiling = origin[1] + 59 * s - r
    C = np.array([[x_wall, origin[1] + 2 * s, r], [origin[0] + 3 * s, y_ceiling, r]])
    V = np.array([[0.0, s], [s, 0.0]])
    for _ in range(60):
        c, v = step(C, V, tm, 0.75)
        assert c[0, 0] == x_wall and c[1, 1] == y_ceiling
        np.testing.assert_array_equal(v, V)
        C = c


@pytest.mark.parametrize(
    "kind,vy,want",
    [
        (NW, -1, (-1, 0)),  # falling onto a slope facing up-left: leaves to the left
        (NE, -1, (1, 0)),  # facing up-right: leaves to the right
        (SE, 1, (1, 0)),  # rising into a ceiling slope facing down-right
        (SW, 1, (-1, 0)),
    ],
)
@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
@pytest.mark.parametrize("radius", [0.0, 0.05, 0.2])
def test_advance_slopes(kind, vy, want, s, origin, radius):
    """A ball moving straight up or down onto a 45-degree face leaves sideways
    with the same speed, whatever the speed, size and position on the face."""
    kinds = np.zeros((5, 5), dtype=np.int8)
    for k in range(5):  # a ramp along the diagonal of the right orientation: one merged face
        kinds[k, k if kind in (NW, SE) else 4 - k] = kind
    tm, g = both(kinds, s, origin)
    rng = np.random.default_rng(700 + kind)
    C, V = [], []
    for v in (1.0, 7.5, 1e3, 1e6):
        for _ in range(4):
            r = s * radius
            x = origin[0] + s * float(rng.uniform(1.3, 3.7))  # over the ramp's middle tiles
            y = origin[1] + (-2 * s - r if vy > 0 else 7 * s + r)  # below or above the map
            C.append((x, y, r))
            V.append((0.0, vy * v))
    C, V = np.array(C), np.array(V)
    dt = 8 * s / np.abs(V[:, 1])
    for k in range(len(C)):
        c, v = step(C[k : k + 1], V[k : k + 1], tm, float(dt[k]))
        speed = abs(V[k, 1])
        where = f"ball {C[k]} velocity {V[k]} on {kind} (s={s}, origin={origin}) -> {c[0]}, {v[0]}"
        assert abs(v[0, 1]) <= 1e-12 * speed, where
        assert abs(v[0, 0] - want[0] * speed) <= 1e-12 * speed, where
        assert speed2(v[0]) <= speed2(V[k]), where
        assert_never_inside(c, tm, g, where)


@pytest.mark.sample(4)
@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
@pytest.mark.parametrize("restitution,friction", [(1.0, 0.0), (0.8, 0.0), (1.0, 0.5), (0.3, 1.0), (0.0, 0.2)])
def test_advance_energy_and_never_inside(s, origin, restitution, friction):
    """Random balls in a random map, many steps: never inside the solid, never
    faster (exact squared speeds); elastic and frictionless keeps the speed."""
    rng = np.random.default_rng(800 + LAYOUTS.index((s, origin)) + int(10 * restitution) + int(100 * friction))
    kinds = random_kinds(rng, 7, 7, empty=0.6)
    kinds[0, :] = kinds[-1, :] = kinds[:, 0] = kinds[:, -1] = S  # a closed box
    tm, g = both(kinds, s, origin)
    C = place_balls(rng, g, 30, [0.0, s * 0.1, s * 0.25, s * 0.4])
    speed = s * 10.0 ** rng.uniform(-1, 1.5, size=len(C))
    ang = rng.uniform(0, 2 * np.pi, size=len(C))
    V = np.stack([speed * np.cos(ang), speed * np.sin(ang)], axis=1)
    for n in range(12):
        c, v, b = step(C, V, tm, 0.37, restitution=restitution, friction=friction, return_bounces=True)
        assert b.shape == (len(C),) and (b >= 0).all() and (b <= 16).all()
        assert_never_inside(c, tm, g, f"step {n}")
        for k in range(len(C)):
            where = f"ball {C[k]} velocity {V[k]} -> {c[k]}, {v[k]} (step {n}, bounces {b[k]})"
            assert speed2(v[k]) <= speed2(V[k]), "gained speed: " + where
            if restitution == 1.0 and friction == 0.0:
                assert abs(math.hypot(*v[k]) - math.hypot(*V[k])) <= 1e-12 * math.hypot(*V[k]), where
            if b[k] == 0:
                np.testing.assert_array_equal(v[k], V[k])
        C, V = c, v


@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
@pytest.mark.parametrize("radius", [0.0, 0.1, 0.25])
def test_advance_concave_corner(s, origin, radius):
    """Into a 90-degree concave corner and out again reversed (elastic,
    frictionless), and where the unfolded straight path says."""
    tm, g = both(picture([[S, E, E, E, E, E]] * 5 + [[S] * 6]), s, origin)
    cx, cy = float(RT.corner(origin[0], 1, s)), float(RT.corner(origin[1], 1, s))  # the corner
    rng = np.random.default_rng(900)
    for k in range(10):
        r = s * radius
        x0, y0 = cx + s * float(rng.uniform(2, 3)), cy + s * float(rng.uniform(2, 3))
        if k == 0:  # exactly into the corner along the diagonal: both faces at once
            x0, y0 = cx + 2 * s, cy + 2 * s
            vel = (-s, -s)
        else:
            a = float(rng.uniform(0.45, 1.1))  # both faces are reached within dt
            vel = (-s * math.cos(a), -s * math.sin(a))
        dt = 8.0
        c, v, b = step(np.array([[x0, y0, r]]), np.array([vel]), tm, dt, return_bounces=True)
        where = f"ball {(x0, y0, r)} velocity {vel} -> {c[0]}, {v[0]}, bounces {b[0]}"
        assert b[0] in (1, 2) if k == 0 else b[0] == 2, where
        assert close2(v[0], (-vel[0], -vel[1]), 1e-12 * s), where
        ux, uy = x0 + vel[0] * dt, y0 + vel[1] * dt  # the unfolded position, mirrored in both faces
        want = (2 * (cx + r) - ux, 2 * (cy + r) - uy)
        assert close2(c[0], want, 1e-9 * (1 + abs(x0) + abs(y0) + s * dt)), where
        assert_never_inside(c, tm, g, where)


@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
def test_advance_convex_corner(s, origin):
    """Onto the convex corner of a block: reflected about the normal from the
    corner to the centre at impact (exactly back along the diagonal when aimed
    at it); the impact is located with the reference sweep."""
    tm, g = both(np.ones((2, 2), dtype=np.int8), s, origin)
    px, py = float(RT.corner(origin[0], 2, s)), float(RT.corner(origin[1], 2, s))  # top-right corner
    rng = np.random.default_rng(1000)
    for k in range(16):
        r = s * float(rng.choice([0.1, 0.25, 0.5]))
        offset = 0.0 if k < 3 else float(rng.uniform(-0.5, 0.5)) * r / math.sqrt(2)  # hits the vertex, not a face
        x0, y0 = px + 2 * s + offset, py + 2 * s - offset
        vel = (-s, -s)
        D = (vel[0] * 4.0, vel[1] * 4.0)
        ref = RT.sweep_toi((x0, y0, r), D, "tilemap", g)
        assert ref.hit
        t = float(ref.t)
        hx, hy = x0 + t * D[0], y0 + t * D[1]
        n = ((hx - px) / r, (hy - py) / r)
        vn = vel[0] * n[0] + vel[1] * n[1]
        want = (vel[0] - 2 * vn * n[0], vel[1] - 2 * vn * n[1])
        c, v, b = step(np.array([[x0, y0, r]]), np.array([vel]), tm, 4.0, return_bounces=True)
        where = f"ball {(x0, y0, r)} velocity {vel} -> {c[0]}, {v[0]}; expected velocity {want}"
        assert b[0] == 1, where
        assert close2(v[0], want, 1e-9 * s), where
        if offset == 0.0:
            assert close2(v[0], (s, s), 1e-12 * s), where
        assert_never_inside(c, tm, g, where)


def test_advance_friction_and_restitution():
    """Tangential speed loses min(friction*(1+e)*|vn|, |vt|); vn -> -e*vn."""
    tm = pc.TileMap(np.ones((1, 20), dtype=np.int8))  # floor y <= 1
    C = np.array([[2.0, 3.0, 0.5]] * 4)
    V = np.array([[3.0, -4.0]] * 4)
    for e, mu, want in [
        (1.0, 0.0, (3.0, 4.0)),
        (0.5, 0.25, (1.5, 2.0)),
        (0.5, 1.0, (0.0, 2.0)),
        (0.0, 0.1, (2.6, 0.0)),
    ]:
        c, v = step(C[:1], V[:1], tm, 1.0, restitution=e, friction=mu)
        assert close2(v[0], want, 1e-12 * 5), (e, mu, v[0])
        assert speed2(v[0]) <= speed2(V[0])


def test_advance_max_bounces():
    kinds = np.zeros((3, 12), dtype=np.int8)
    kinds[:, 0] = kinds[:, 11] = S  # a corridor between x = 1 and x = 11
    tm, g = both(kinds)
    C = np.array([[6.0, 1.5, 0.5]])
    V = np.array([[1000.0, 0.0]])
    c, v, b = step(C, V, tm, 1.0, max_bounces=3, return_bounces=True)
    assert b[0] == 3
    assert c[0, 0] == pytest.approx(10.5, abs=1e-9) and c[0, 1] == 1.5  # stopped at the 3rd impact, on the right wall
    assert v[0, 1] == 0 and abs(v[0, 0]) == 1000.0
    assert_never_inside(c, tm, g, "max_bounces")
    c, v, b = step(C, V, tm, 1.0, return_bounces=True)
    assert b[0] == 16 and c[0, 0] == pytest.approx(1.5, abs=1e-9)  # the 16th impact is on the left wall
    c, v, b = step(C, V, tm, 0.0047, return_bounces=True)  # 4.7 units: one bounce, 0.2 back
    assert b[0] == 1 and c[0, 0] == pytest.approx(10.3, abs=1e-9) and v[0, 0] == -1000.0


def test_advance_rejects_balls_inside():
    tm = pc.TileMap(np.ones((1, 3), dtype=np.int8))
    with pytest.raises(ValueError):
        pc.advance(pc.Circles([[1.5, 1.25, 0.5]]), np.array([[1.0, 0.0]]), tm, 1.0)
    with pytest.raises(ValueError):
        pc.advance(pc.Circles([[1.5, 0.5, 0.0]]), np.array([[1.0, 0.0]]), tm, 1.0)  # a point inside
    c, v = step(np.array([[1.5, 1.5, 0.5]]), np.array([[1.0, 0.0]]), tm, 1.0)  # touching is fine
    np.testing.assert_array_equal(c, [[2.5, 1.5, 0.5]])


def test_advance_rejects_a_point_on_a_face_between_solid_tiles():
    """That point is in the interior of the solid (a zero-radius circle
    overlaps with touching=False, as a point strictly inside a box does)."""
    tm = pc.TileMap(np.ones((1, 3), dtype=np.int8))
    with pytest.raises(ValueError):
        pc.advance(pc.Circles([[1.0, 0.5, 0.0]]), np.array([[0.0, 1.0]]), tm, 1.0)


def test_advance_points_on_a_surface_leave_it():
    """A zero-radius circle touching the solid and moving away or along moves freely."""
    tm = pc.TileMap(np.ones((1, 3), dtype=np.int8))
    C = np.array([[1.0, 1.0, 0.0], [0.5, 1.0, 0.0], [3.0, 0.5, 0.0], [0.0, 0.0, 0.0]])
    V = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [-1.0, -1.0]])
    c, v, b = step(C, V, tm, 1.0, return_bounces=True)
    np.testing.assert_array_equal(c[:, :2], C[:, :2] + V)
    np.testing.assert_array_equal(v, V)
    np.testing.assert_array_equal(b, 0)


def test_advance_sliding_off_a_ledge_is_not_a_bounce():
    """Touching a face and moving along it to its end (a ledge, a wall's top
    corner) is a tangential contact, not an impact: no bounce is counted."""
    tm = pc.TileMap(picture([[E, E, E, E, E, S], [S, S, S, S, S, S]]))
    C = np.array([[0.5, 1.5, 0.5], [4.5, 1.5, 0.5], [6.0, 2.5, 0.5]])
    V = np.array([[-3.0, 0.0], [0.0, 1.0], [-4.0, 0.0]])
    c, v, b = step(C, V, tm, 1.0, return_bounces=True)
    np.testing.assert_array_equal(v, V)
    np.testing.assert_array_equal(c[:, :2], C[:, :2] + V)
    np.testing.assert_array_equal(b, 0)


def test_advance_broadcast_shapes():
    tm = pc.TileMap(np.ones((1, 3), dtype=np.int8))
    C = np.zeros((2, 3, 3)) + [1.5, 3.0, 0.5]
    V = np.zeros((2, 3, 2)) + [0.0, -1.0]
    c, v, b = step(C, V, tm, 2.0, return_bounces=True)
    assert b.shape == (2, 3) and (b == 1).all()
    np.testing.assert_allclose(c[..., 1], 2.0, atol=1e-12)
    np.testing.assert_array_equal(v, np.zeros((2, 3, 2)) + [0.0, 1.0])


# ---- a start that touches or is a rounding error deep (issue 39) ----------------


def test_advance_starts_an_ulp_deep():
    """A ball an ulp into the floor, into a wall, or into both at a corner
    raised "starts inside the solid"; it is moved out first, then bounces
    (in the corner off both)."""
    tm = pc.TileMap(picture([[S, E, E, E, E], [S, S, S, S, S]]))
    C = np.array([[3.0, 1.5 - 2**-52, 0.5], [1.5 - 2**-52, 1.75, 0.5], [1.25 - 2**-52, 1.25 - 2**-52, 0.25]])
    V = np.array([[0.0, -1.0], [-1.0, 0.0], [-1.0, -1.0]])
    c, v, b = step(C, V, tm, 0.25, return_bounces=True)
    np.testing.assert_array_equal(b, [1, 1, 2])
    np.testing.assert_array_equal(v, -V)
    np.testing.assert_array_equal(c[:, :2], [[3.0, 1.75], [1.75, 1.75], [1.5, 1.5]])


def test_advance_deeper_than_its_tolerance_raises():
    """The tolerance of a ball of radius 0.5 at coordinates up to 3: 2^-3 of
    its diameter plus 2^-40 * 3.  A start 2^-4 deep is moved out; 2^-2 deep
    raises, naming the ball."""
    tm = pc.TileMap(picture([[E, E, E, E, E], [S, S, S, S, S]]))
    c, v = step(np.array([[3.0, 1.5 - 2**-4, 0.5]]), np.array([[1.0, 0.0]]), tm, 1.0)
    np.testing.assert_array_equal(c, [[4.0, 1.5, 0.5]])
    with pytest.raises(ValueError, match=r"circle \(1,\) starts inside the solid"):
        pc.advance(pc.Circles([[3.0, 1.5, 0.5], [3.0, 1.5 - 2**-2, 0.5]]), [1.0, 0.0], tm, 1.0)


def test_advance_from_where_sweeps_say_they_hit():
    """Balls swept at a slope and a floor and placed at the time returned
    (strictly inside by rounding now and then): advance never raises, and no
    ball ends strictly inside."""
    rng = np.random.default_rng(39)
    tm = pc.TileMap.from_text("#......\n#...3..\n#######")
    g = RT.make_grid(tm.kinds, tm.tile_size, tm.origin)
    C = np.c_[rng.uniform(1.5, 5, 400), rng.uniform(1.6, 3, 400), rng.uniform(0.1, 0.5, 400)]
    C = C[~pc.overlaps(pc.Circles(C), tm, touching=False)]
    D = np.c_[rng.uniform(-3, 3, len(C)), rng.uniform(-3, 0, len(C))]
    t = pc.sweep(pc.Circles(C), D, tm).time
    placed = C + np.c_[t[:, None] * D, np.zeros(len(C))]
    c, v = step(placed, D, tm, 1.0)
    assert_never_inside(c, tm, g, "after sweeps")


R2 = math.sqrt(0.5)
# ball centre (x, y) touching a wall of ROOM at radius r, and the way into the wall
TOUCHING = {
    "floor": (lambda r: (3.0, 1.0 + r), (0, -1)),
    "wall": (lambda r: (1.0 + r, 2.5), (-1, 0)),
    "ceiling": (lambda r: (6.5, 4.0 - r), (0, 1)),
    "corner": (lambda r: (9.0 - r, 1.0 + r), (1, -1)),
    "slope": (lambda r: (8.5 - r * R2, 2.5 + r * R2), (1, -1)),
    "seam": (lambda r: (5.0, 3.0 + r), (0, -1)),  # on the block, over the face between its tiles
}


@settings(max_examples=examples(60), deadline=None)
@given(
    st.integers(-80, 80),
    st.sampled_from([0.0, 2.0**20, -3.0]),
    st.sampled_from(sorted(TOUCHING)),
    st.sampled_from([0.0, 0.25, 0.5]),
    st.integers(0, 64),
    st.tuples(st.integers(-40, 40), st.integers(-40, 40)),
    st.booleans(),
)
def test_advance_starts_ulps_into_walls_at_every_scale(k, origin, where, r, ulps, vel, collide):
    """tilecases.ROOM scaled by 2^k and moved by (origin, origin) tiles: a ball
    (or a point) touching a floor, a wall, the ceiling, a corner, a slope or
    over a seam, then moved a few ulps into it: advance (with collide too)
    never raises and no ball ends strictly inside (exact reference); moved
    into it by four times its tolerance, it raises."""
    s = 2.0**k
    tm = pc.TileMap.from_text(ROOM, tile_size=s, origin=(origin * s, origin * s))
    g = RT.make_grid(tm.kinds, tm.tile_size, tm.origin)
    centre, (wx, wy) = TOUCHING[where]
    x, y = ((c + origin) * s for c in centre(r))
    start = np.array([[into(x, wx, ulps), into(y, wy, ulps), r * s]])
    V = np.array([vel], dtype=float) * s
    kw = dict(collide=True, masses=[1.0]) if collide else {}
    c, v = step(start, V, tm, 0.25, **kw)
    assert_never_inside(c, tm, g, (where, start.tolist()))
    deep = 4 * (2**-3 * 2 * r * s + 2**-40 * max(abs(x), abs(y), r * s))
    with pytest.raises(ValueError, match=r"circle \(0,\) starts inside the solid"):
        pc.advance(pc.Circles([[x + wx * deep, y + wy * deep, r * s]]), V, tm, 0.25, **kw)


# ---- restitution and friction per circle ------------------------------------------


def test_advance_restitution_and_friction_per_circle_bit_for_bit():
    """Per-circle restitution and friction (arrays broadcast with the
    circles) give each circle what a call with its own values gives, bit
    for bit; one value broadcast to all is the scalar call."""
    rng = np.random.default_rng(3)
    tm, g = both(random_kinds(rng, 8, 10), 1.0)
    C = place_balls(rng, g, 40, [0.1, 0.25, 0.4])
    V = rng.uniform(-8, 8, (40, 2))
    e, mu = rng.uniform(0, 1, 40), rng.choice([0.0, 0.3, 2.5], 40)
    c, v, b = step(C, V, tm, 1.0, restitution=e, friction=mu, return_bounces=True)
    assert b.sum() > 40  # plenty of bounces
    for k in range(40):
        ck, vk, bk = step(
            C[k : k + 1], V[k : k + 1], tm, 1.0, restitution=float(e[k]), friction=float(mu[k]), return_bounces=True
        )
        assert ck.tolist() == c[k : k + 1].tolist() and vk.tolist() == v[k : k + 1].tolist() and bk[0] == b[k]
    grid = step(
        C.reshape(4, 10, 3), V.reshape(4, 10, 2), tm, 1.0, restitution=e.reshape(4, 10), friction=mu[:10]
    )  # friction broadcast along the first axis
    one = step(C, V, tm, 1.0, restitution=e, friction=np.tile(mu[:10], 4))
    assert grid[0].reshape(40, 3).tolist() == one[0].tolist() and grid[1].reshape(40, 2).tolist() == one[1].tolist()
    same = step(C, V, tm, 1.0, restitution=np.full((1,), 0.75), friction=np.array(0.3))
    scalar = step(C, V, tm, 1.0, restitution=0.75, friction=0.3)
    assert same[0].tolist() == scalar[0].tolist() and same[1].tolist() == scalar[1].tolist()


def test_advance_restitution_and_friction_checks():
    tm = pc.TileMap(np.ones((1, 3), dtype=np.int8))
    balls = pc.Circles(np.array([[[0.5, 3.0, 0.5]] * 3] * 2))
    with pytest.raises(ValueError, match=r"`restitution` must be in \[0, 1\]; restitution\[1, 2\] is 1.5"):
        pc.advance(balls, [0, -1], tm, 1.0, restitution=[[1, 1, 1], [1, 0.5, 1.5]])
    with pytest.raises(ValueError, match=r"`friction` must be finite and >= 0; friction\[0, 1\] is nan"):
        pc.advance(balls, [0, -1], tm, 1.0, friction=[0, math.nan, 0])
    with pytest.raises(ValueError, match=r"`friction` must be >= 0, got -1.0"):
        pc.advance(balls, [0, -1], tm, 1.0, friction=-1.0)
    with pytest.raises(ValueError, match=r"`restitution` must be in \[0, 1\], got 2.0"):
        pc.advance(balls, [0, -1], tm, 1.0, restitution=2.0)
    with pytest.raises(ValueError, match=r"`restitution` \(4,\) does not broadcast to the circles' shape \(2, 3\)"):
        pc.advance(balls, [0, -1], tm, 1.0, restitution=[1, 1, 1, 1])
    with pytest.raises(TypeError, match="`friction` must be a number or an array of real numbers, got dtype <U4"):
        pc.advance(balls, [0, -1], tm, 1.0, friction="high")
    with pytest.raises(TypeError, match="`restitution` must be a number"):
        pc.advance(balls, [0, -1], tm, 1.0, restitution=True)
