"""What pc.sweep promises beyond hit or miss (issue 39, items 1-2, and its
hostile round): the surface normal convention, the placement contract (the
shape placed at the time returned does not penetrate the target), seams
between solid tiles, sweeps near the top of the range and beyond it,
power-of-2 scalings, and hits without NaN."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import KINDS, TYPES, any_coords, examples, grid_coords, shape
from tilecases import placed_ok

import pycollide as pc

#: every moving kind (KINDS holds points and circles too)
MOVING = KINDS
#: every target kind a sweep meets with an area or a face (a point target is met by few movers)
TARGETS = tuple(k for k in KINDS if k != "point")


def rows(kind, data):
    return TYPES[kind](np.array(data, dtype=float))


# ---- 1. the normal: the surface normal of what was hit, pointing back at the mover

#: one shape of each kind about the origin, symmetric about the x axis
MOVERS = {
    "point": [0.0, 0.0],
    "circle": [0.0, 0.0, 0.5],
    "box": [-0.5, -0.5, 0.5, 0.5],
    "segment": [0.0, -0.5, 0.0, 0.5],
    "triangle": [-0.5, -0.5, 0.5, 0.0, -0.5, 0.5],
    "capsule": [0.0, -0.5, 0.0, 0.5, 0.25],
    "polygon4": [-0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5, 0.5],
    "polygon8": [-0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5, 0.5] + [-0.5, 0.5] * 4,
}
#: targets whose face toward the movers is the line x = 3 (a circle: its leftmost point)
WALLS = {
    "box": [3.0, -5.0, 4.0, 5.0],
    "segment": [3.0, -5.0, 3.0, 5.0],
    "triangle": [3.0, -5.0, 4.0, 0.0, 3.0, 5.0],
    "capsule": [3.5, -5.0, 3.5, 5.0, 0.5],
    "circle": [103.0, 0.0, 100.0],
    "polygon4": [3.0, -5.0, 4.0, -5.0, 4.0, 5.0, 3.0, 5.0],
    "polygon8": [3.0, -5.0, 4.0, -5.0, 4.0, 5.0, 3.0, 5.0] + [3.0, 5.0] * 4,
}


def test_a_ball_swept_into_a_wall_bounces_off_the_normal():
    """The docstring's use: reflecting the velocity about the sweep's normal bounces."""
    s = pc.sweep(pc.Circles([0, 0, 0.5]), [10.0, 0], pc.Boxes([3, -1, 4, 1]))
    assert s.normal.tolist() == [-1.0, 0.0]
    assert pc.reflect([10.0, 0], s.normal).tolist() == [-10.0, 0.0]


@pytest.mark.parametrize("kind_a", MOVING)
def test_sweep_normals_point_back_at_the_mover_for_every_target(kind_a):
    """Against every kind, a TileMap and a World: the wall's outward normal (-1, 0)."""
    a = rows(kind_a, MOVERS[kind_a])
    D = np.array([10.0, 0.0])
    targets = [rows(k, w) for k, w in WALLS.items()]
    targets.append(pc.TileMap(np.ones((10, 1), dtype=np.int8), tile_size=1.0, origin=(3.0, -5.0)))
    targets.append(pc.World(pc.Segments([[3.0, -5.0, 3.0, 5.0]])))
    for target in targets:
        s = pc.sweep(a, D, target)
        offset = {"point": 3.0, "segment": 3.0, "capsule": 2.75}.get(kind_a, 2.5)
        assert float(s.time) == pytest.approx(offset / 10.0, abs=1e-15), (kind_a, target)
        assert np.allclose(s.normal, [-1.0, 0.0], atol=1e-12), (kind_a, target, s)
        assert np.allclose(pc.reflect(D, s.normal), [-10.0, 0.0], atol=1e-11)


@pytest.mark.parametrize("kind_b", ["box", "capsule", "circle", "triangle", "segment"])
def test_a_swept_point_meets_what_a_ray_meets(kind_b):
    """A moving point is a ray: the same distance, the same normal."""
    rng = np.random.default_rng(3900 + TARGETS.index(kind_b))
    n = 1000
    data = {
        "box": lambda: np.c_[rng.uniform(-3, 0, (n, 2)), rng.uniform(0.5, 3, (n, 2))],
        "capsule": lambda: np.c_[rng.uniform(-3, 3, (n, 4)), rng.uniform(0.1, 1, n)],
        "circle": lambda: np.c_[rng.uniform(-3, 3, (n, 2)), rng.uniform(0.1, 2, n)],
        "triangle": lambda: rng.uniform(-3, 3, (n, 6)),
        "segment": lambda: rng.uniform(-3, 3, (n, 4)),
    }[kind_b]()
    if kind_b == "box":
        data[:, 2:] += data[:, :2]
    T = rows(kind_b, data)
    O, D = rng.uniform(-8, 8, (n, 2)), rng.uniform(-10, 10, (n, 2))
    s = pc.sweep(pc.Points(O), D, T)
    met = 0
    for k in np.flatnonzero((s.time > 0) & (s.time < 1)):
        r = pc.raycast(O[k], D[k], T[k : k + 1])
        length = math.hypot(*D[k])
        assert bool(r.hit) and abs(float(r.distance) - s.time[k] * length) <= 1e-9 * (1 + length)
        assert np.abs(r.normal - s.normal[k]).max() <= 1e-9, (O[k], D[k], T[k], s.normal[k], r.normal)
        met += 1
    assert met > 40


# ---- 2. the placement contract


def test_a_ball_placed_at_its_time_of_impact_is_not_inside():
    """Computed directly and rounded, the time placed this ball 1.2e-14 inside the box."""
    ball = pc.Circles([0.9918737534611903, -9.448817735138633, 0.7555241316486533])
    D = np.array([7.718990472505091, 17.113367224819484])
    box = pc.Boxes([0.862207517439427, -1.2697599490248712, 4.264859597111601, 0.6578338489270821])
    s = pc.sweep(ball, D, box)
    assert abs(float(s.time) - 0.4340166670839652) < 1e-14
    placed = pc.transform(ball, translation=s.time[..., None] * D)
    assert not bool(pc.overlaps(placed, box, touching=False))
    assert bool(pc.overlaps(placed, box)) or bool(
        pc.overlaps(pc.transform(ball, translation=np.nextafter(s.time, 2.0)[..., None] * D), box, touching=False)
    )


def test_a_box_onto_a_point_keeps_its_time_where_it_touches():
    """The estimate 1/3 places the box's side on the point: kept, touching, not penetrating."""
    box, D, point = pc.Boxes([0, 0, 1, 1]), np.array([3.0, 0.0]), pc.Points([2.0, 0.5])
    s = pc.sweep(box, D, point)
    assert float(s.time) == 0.3333333333333333 and s.normal.tolist() == [-1.0, 0.0]
    placed = pc.transform(box, translation=s.time[..., None] * D)
    assert bool(pc.overlaps(placed, point)) and not bool(pc.overlaps(placed, point, touching=False))


def _scaled(row, s):
    """A row with every coordinate and radius times s."""
    return [v * s for v in row]


def _nudged(v, k):
    """v moved by k ulps."""
    for _ in range(abs(k)):
        v = float(np.nextafter(v, math.copysign(math.inf, k)))
    return v


def _one_sweep(data, kinds_b, coords, scaled=True):
    kind_a = data.draw(st.sampled_from(MOVING), label="moving kind")
    kind_b = data.draw(st.sampled_from(kinds_b), label="target kind")
    a = list(data.draw(shape(kind_a, coords), label="moving"))
    b = list(data.draw(shape(kind_b, coords), label="target"))
    D = [data.draw(coords, label="dx") * 2, data.draw(coords, label="dy") * 2]
    nudge = data.draw(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), label="ulps")
    D = [_nudged(D[0], nudge[0]), _nudged(D[1], nudge[1])]
    k = data.draw(st.sampled_from([0, 0, 1, -3, 40, -40, 300, -300]), label="2**k") if scaled else 0
    s = 2.0**k
    return kind_a, _scaled(a, s), [D[0] * s, D[1] * s], kind_b, _scaled(b, s)


@settings(max_examples=examples(60))
@given(data=st.data())
def test_the_placed_shape_never_penetrates_the_target(data):
    """Every moving kind against every target kind, on the grid (touching,
    sliding, corners) and off it, scaled by 2**k, the displacement nudged by
    ulps: placed at the time, the shape does not penetrate the target."""
    coords = data.draw(st.sampled_from([grid_coords(4), any_coords()]), label="coordinates")
    kind_a, a, D, kind_b, b = _one_sweep(data, KINDS, coords)
    A, B = rows(kind_a, a), rows(kind_b, b)
    s = pc.sweep(A, D, B)
    assert np.isnan(s.normal).all() == (float(s.time) == 1.0 and np.isnan(s.point).all())
    if not bool(pc.overlaps(A, B, touching=False)):
        assert placed_ok(A, D, s.time, B), (kind_a, a, D, kind_b, b, float(s.time))


def _small_map(data):
    rows_, cols = data.draw(st.integers(1, 3), label="rows"), data.draw(st.integers(1, 4), label="cols")
    kinds = np.array(
        data.draw(
            st.lists(st.sampled_from([0, 1, 1, 1, 2, 3, 4, 5]), min_size=rows_ * cols, max_size=rows_ * cols),
            label="tiles",
        ),
        dtype=np.int8,
    ).reshape(rows_, cols)
    k = data.draw(st.sampled_from([0, 0, -1, 2, -30, 30]), label="2**k")
    s = 2.0**k
    return pc.TileMap(kinds, tile_size=s, origin=(-1.0 * s, -1.0 * s)), s


@settings(max_examples=examples(40))
@given(data=st.data())
def test_the_placed_shape_never_penetrates_a_tilemap_or_a_world(data):
    """The same against a TileMap's solid region (seams inside it) and a
    World of the map and a collection: the union of the parts."""
    tm, s = _small_map(data)
    kind_a = data.draw(st.sampled_from(MOVING), label="moving kind")
    moving = [data.draw(shape(kind_a, st.integers(-4, 12).map(lambda v: v / 2.0)), label="moving") for _ in range(6)]
    A = rows(kind_a, [_scaled(m, s) for m in moving])
    D = np.array(
        [[data.draw(st.integers(-12, 12)) / 2.0 * s, data.draw(st.integers(-12, 12)) / 2.0 * s] for _ in range(6)]
    )
    D[:, 0] = [_nudged(v, data.draw(st.integers(-2, 2), label="ulps")) for v in D[:, 0]]
    posts = pc.Capsules(np.array([[1.5, 5.0, 2.5, 6.0, 0.5], [5.0, 0.0, 5.0, 3.0, 0.0]]) * s)
    for target in (tm, pc.World(tm, posts)):
        sw = pc.sweep(A, D, target)
        inside = pc.overlaps(A, target if isinstance(target, pc.World) else pc.World(target), touching=False)
        for k in np.flatnonzero(~inside):
            assert placed_ok(A[k], D[k], sw.time[k], target), (kind_a, np.asarray(A[k]), D[k], float(sw.time[k]))


# ---- 3. seams: a face between two solid tiles is inside the solid

#: movers without an interior, on the line x = 1, 2 to 3 above the floor "####" (tops at y = 1)
ON_A_SEAM = {
    "point": pc.Points([1.0, 3.0]),
    "ball of radius 0": pc.Circles([1.0, 3.0, 0.0]),
    "zero-width box": pc.Boxes([1.0, 3.0, 1.0, 4.0]),
    "segment": pc.Segments([1.0, 3.0, 1.0, 4.0]),
    "capsule of radius 0": pc.Capsules([1.0, 4.0, 1.0, 3.0, 0.0]),
    "flat triangle": pc.Triangles([1.0, 3.0, 1.0, 4.0, 1.0, 3.5]),
    "flat polygon": pc.Polygons([[1.0, 3.0], [1.0, 3.5], [1.0, 4.0]]),
}


def _across(shapes):
    """The shapes mirrored, (x, y) -> (1 - y, x): from the line x = 1 above
    the floor to the line y = 1, 2 left of x = 0."""
    flat = np.asarray(shapes).reshape(-1).copy()
    if isinstance(shapes, pc.Boxes):
        return pc.Boxes([1.0 - flat[3], flat[0], 1.0 - flat[1], flat[2]])
    positions = flat.size - (1 if isinstance(shapes, (pc.Circles, pc.Capsules)) else 0)
    xy = flat[:positions].reshape(-1, 2)
    flat[:positions] = np.c_[1.0 - xy[:, 1], xy[:, 0]].reshape(-1)
    return type(shapes)(flat.reshape(np.asarray(shapes).shape))


@pytest.mark.parametrize("name", list(ON_A_SEAM))
@pytest.mark.parametrize("world", [False, True])
def test_a_flat_shape_moving_along_a_seam_hits_where_it_enters_the_solid(name, world):
    """Down the seam x = 1 of a floor of tiles, and along the seam y = 1 of
    a wall two tiles high: the hit where it enters, as a ray's."""
    floor = pc.TileMap.from_text("####")
    wall = pc.TileMap(np.ones((2, 1), dtype=np.int8))  # x in [0, 1], y in [0, 2]: a seam at y = 1
    mover = ON_A_SEAM[name]
    for solid, moving, D, normal in [
        (floor, mover, [0.0, -5.0], [0.0, 1.0]),
        (wall, _across(mover), [5.0, 0.0], [-1.0, 0.0]),
    ]:
        target = pc.World(solid) if world else solid
        s = pc.sweep(moving, D, target)
        start = [1.0, 3.0] if D[0] == 0 else [-2.0, 1.0]  # the mover's front point
        ray = pc.raycast(start, D, solid)
        assert bool(ray.hit) and float(ray.distance) == 2.0
        assert float(s.time) == 0.4 and s.normal.tolist() == normal, (name, solid, s)
        assert placed_ok(moving, D, s.time, target)


@pytest.mark.filterwarnings("ignore:pc.slide is deprecated:DeprecationWarning")
def test_advance_and_slide_stop_on_a_seam():
    """The brief's three: a sweep, a ball of radius 0 and a flat box moving
    down the seam between two floor tiles, and the same along a seam of a
    wall; in a World too."""
    floor = pc.TileMap.from_text("####")
    wall = pc.TileMap(np.ones((2, 1), dtype=np.int8))
    for world in (floor, pc.World(floor)):
        moved, v = pc.advance(pc.Circles([1.0, 3.0, 0.0]), [0.0, -5.0], world, 1.0)
        assert moved.center.tolist() == [1.0, 4.0] and v.tolist() == [0.0, 5.0]  # bounced at y = 1
        moved, v = pc.advance(pc.Circles([[1.0, 3.0, 0.0]]), [0.0, -5.0], world, 1.0, collide=True, masses=[1.0])
        assert moved.center.tolist() == [[1.0, 4.0]] and v.tolist() == [[0.0, 5.0]]
        s = pc.slide(pc.Boxes([1.0, 3.0, 1.0, 4.0]), [0.0, -5.0], world, 1.0)
        assert np.asarray(s.boxes).tolist() == [1.0, 1.0, 1.0, 2.0] and bool(s.on_floor)
    for world in (wall, pc.World(wall, pc.Circles([[9.0, 9.0, 1.0]]))):
        moved, v = pc.advance(pc.Points([-3.0, 1.0]), [5.0, 0.0], world, 1.0)
        assert moved.center.tolist() == [-2.0, 1.0] and v.tolist() == [-5.0, 0.0]
        s = pc.slide(pc.Boxes([-3.0, 1.0, -2.0, 1.0]), [5.0, 0.0], world, 1.0)
        assert np.asarray(s.boxes).tolist() == [-1.0, 1.0, 0.0, 1.0] and bool(s.on_wall)


def test_moving_along_an_open_face_is_still_no_hit():
    """Beside a single wall tile, or along the outside of the floor, no seam: a slide."""
    floor = pc.TileMap.from_text("####")
    assert float(pc.sweep(pc.Points([4.0, 3.0]), [0.0, -5.0], floor).time) == 1.0  # down the east face
    assert float(pc.sweep(pc.Points([-1.0, 1.0]), [6.0, 0.0], floor).time) == 1.0  # along the top
    assert float(pc.sweep(pc.Segments([1.0, 1.0, 1.0, 3.0]), [0.0, 3.0], floor).time) == 1.0  # up, away


# ---- 4. near the top of the range

U = 2.0**1021


def test_a_point_swept_onto_a_triangle_near_the_top_of_the_range():
    s = pc.sweep(pc.Points([4 * U, 3 * U]), [-U, -3.5 * U], pc.Triangles(np.array([4, 1, -4, 3, 3, 3.0]) * U))
    assert float(s.time) == pytest.approx(4 / 11, rel=1e-15)
    assert np.isfinite(s.normal).all() and np.isfinite(s.point).all()
    assert float(s.time) == float(pc.sweep(pc.Points([4, 3.0]), [-1, -3.5], pc.Triangles([4, 1, -4, 3, 3, 3.0])).time)


@pytest.mark.parametrize(
    "circle,D,polygon",
    [
        ([-4, 0, 0.5], [7, 0], [[-2.5, -1], [4, -2], [4, 2]]),
        ([-4, 0, 0.5], [7, 0.5], [[-2.5, -1], [4, -2], [4, 2]]),
        ([-4, 0.25, 0.25], [6.5, 0], [[-2.5, -1], [4, -2], [4, 2]]),
        ([-4, 0, 0.5], [7, 0], [[-2.5, 0], [3, -4], [4, 4]]),
        ([-4, 0.25, 0.25], [6.5, 0], [[-2.5, 0], [3, -4], [4, 4]]),
    ],
)
def test_a_circle_swept_onto_a_polygon_at_2_to_1021_is_the_sweep_at_1(circle, D, polygon):
    """Where distances overflow (8 * 2^1021): missed, or an ulp off 1/7, before."""
    s = pc.sweep(pc.Circles(np.array(circle) * U), np.array(D) * U, pc.Polygons(np.array(polygon) * U))
    one = pc.sweep(pc.Circles(circle), np.array(D, dtype=float), pc.Polygons(polygon))
    assert 0 < float(one.time) < 1 and float(s.time) == float(one.time)
    assert np.allclose(s.normal, one.normal, atol=1e-12) and np.allclose(s.point / U, one.point, atol=1e-12)


@settings(max_examples=examples(40))
@given(data=st.data())
def test_sweeps_near_the_top_of_the_range_are_the_sweeps_at_1(data):
    """Every moving kind against every kind, coordinates <= 4 * 2^1021 and
    every end finite: the same hit and time as at scale 1."""
    coords = st.integers(-8, 8).map(lambda v: v / 2.0)
    kind_a = data.draw(st.sampled_from(MOVING), label="moving kind")
    kind_b = data.draw(st.sampled_from(KINDS), label="target kind")
    a, b = list(data.draw(shape(kind_a, coords))), list(data.draw(shape(kind_b, coords)))
    D = [data.draw(coords), data.draw(coords)]
    n = len(a) - (1 if kind_a in ("circle", "capsule") else 0)
    if any(abs(a[i] + D[i % 2]) > 4 for i in range(n)):
        return
    one = pc.sweep(rows(kind_a, a), D, rows(kind_b, b))
    top = pc.sweep(rows(kind_a, _scaled(a, U)), np.array(D) * U, rows(kind_b, _scaled(b, U)))
    assert float(top.time) == float(one.time), (kind_a, a, D, kind_b, b)
    assert np.isnan(top.normal).all() == np.isnan(one.normal).all()
    assert np.isfinite(top.point).all() == np.isfinite(one.point).all()


# ---- 5. moves beyond the doubles

BEYOND = pc.Polygons([[1.6e308, -1], [1.7e308, -1], [1.7e308, 1], [1.6e308, 1]])
BEYOND_WORLD = pc.World(pc.Polygons([[[1.6e308, -1], [1.7e308, -1], [1.7e308, 1], [1.6e308, 1]]]))


@pytest.mark.parametrize(
    "moving",
    [
        pc.Points([1e308, 0.0]),
        pc.Circles([1e308, 0.0, 0.5]),
        pc.Capsules([1e308, 0.0, 1e308, 0.5, 0.25]),
        pc.Boxes([1e308, 0, 1e308, 1]),
    ],
)
def test_a_sweep_whose_end_overflows_is_a_value_error(moving):
    """It gave time 0 and a NaN point, a miss, or a wrong normal; advance and slide raise."""
    for target in (BEYOND, pc.TileMap.from_text("#"), BEYOND_WORLD):
        with pytest.raises(ValueError, match=r"sweep: moving shape \(\) would move beyond the range of the doubles"):
            pc.sweep(moving, [1e308, 0.0], target)
    many = type(moving)(np.stack([np.asarray(moving) * 0] * 2 + [np.asarray(moving)]))
    with pytest.raises(ValueError, match=r"moving shape \(2,\)"):  # the first such element, named
        pc.sweep(many, [1e308, 0.0], BEYOND)


def test_a_sweep_near_the_top_whose_end_is_finite_is_exact():
    """Arriving head on at the end, exactly at the polygon's face: a hit at 1."""
    s = pc.sweep(pc.Points([1e308, 0.0]), [6e307, 0.0], BEYOND)
    assert float(s.time) == 1.0 and s.normal.tolist() == [-1.0, 0.0] and s.point.tolist() == [1.6e308, 0.0]
    assert float(pc.sweep(pc.Circles([1e308, 0.0, 0.5]), [5e307, 0.0], BEYOND).time) == 1.0  # short of it


# ---- 6. the same at every power-of-2 scale

SCALES = [2.0**k for k in (0, 511, -511, 600, -600, 900, -900)]


@pytest.mark.parametrize(
    "moving,D,target",
    [
        (pc.Segments([0, 2, 0, 4]), [4.5, 2.0], pc.Segments([3, -1, 3, 4])),
        (pc.Boxes([0, 2, 0, 4]), [4.5, 2.0], pc.Segments([3, -1, 3, 4])),
        (pc.Triangles([0, 2, 0, 4, 0, 3]), [4.5, 2.0], pc.Segments([3, -1, 3, 4])),
        (pc.Boxes([0, 2, 0, 4]), [4.5, 2.0], pc.Boxes([3, -1, 3, 4])),
    ],
)
def test_degenerate_sweeps_are_the_same_at_every_scale(moving, D, target):
    """A flat shape crossing a flat one: 0.6666666666666666 at 1, an ulp late
    (and not touching) at 2^511 and 2^-600, before."""
    times = []
    for s in SCALES:
        m = type(moving)(np.asarray(moving) * s)
        t = type(target)(np.asarray(target) * s)
        sw = pc.sweep(m, np.array(D) * s, t)
        times.append(float(sw.time))
        assert placed_ok(m, np.array(D) * s, sw.time, t)
        assert np.isfinite(sw.normal).all() and abs(math.hypot(*sw.normal) - 1) < 1e-12
    assert times == [times[0]] * len(SCALES) and 0.66 < times[0] < 0.67, times


@settings(max_examples=examples(40))
@given(data=st.data())
def test_the_same_sweep_at_every_power_of_2_scale_gives_the_same_time(data):
    """Every moving kind against every kind: the time bit for bit, normals
    and points finite, normals unit, at 2^k for k from -900 to 900."""
    coords = data.draw(st.sampled_from([grid_coords(4), any_coords()]), label="coordinates")
    kind_a, a, D, kind_b, b = _one_sweep(data, KINDS, coords, scaled=False)
    if any(0 < abs(v) < 2.0**-100 for v in a + b + D):  # (a nudge off 0) scaled by 2^-900: subnormal
        return
    base = pc.sweep(rows(kind_a, a), D, rows(kind_b, b))
    for s in SCALES[1:]:
        sw = pc.sweep(rows(kind_a, _scaled(a, s)), np.array(D) * s, rows(kind_b, _scaled(b, s)))
        assert float(sw.time) == float(base.time), (kind_a, a, D, kind_b, b, s)
        hit = not np.isnan(sw.normal).any()
        assert hit == (not np.isnan(base.normal).any())
        if hit:
            assert np.isfinite(sw.point).all() and abs(math.hypot(*sw.normal) - 1) < 1e-12


@settings(max_examples=examples(20))
@given(data=st.data())
def test_tilemap_sweeps_are_the_same_at_every_power_of_2_scale(data):
    kinds = np.array(
        data.draw(st.lists(st.sampled_from([0, 1, 2, 3, 4, 5]), min_size=6, max_size=6)), dtype=np.int8
    ).reshape(2, 3)
    kind_a = data.draw(st.sampled_from(MOVING), label="moving kind")
    a = list(data.draw(shape(kind_a, st.integers(-2, 8).map(lambda v: v / 2.0)), label="moving"))
    D = [data.draw(st.integers(-8, 8)) / 2.0, data.draw(st.integers(-8, 8)) / 2.0]
    base = pc.sweep(rows(kind_a, a), D, pc.TileMap(kinds))
    for s in SCALES[1:]:
        sw = pc.sweep(rows(kind_a, _scaled(a, s)), np.array(D) * s, pc.TileMap(kinds, tile_size=s))
        assert float(sw.time) == float(base.time), (kind_a, a, D, kinds.tolist(), s)


# ---- 7. no NaN in a hit


def test_no_nan_in_hits_at_large_scales():
    s = 2.0**600
    hit = pc.sweep(pc.Points(np.array([0, 3.0]) * s), np.array([5, -7.0]) * s, pc.Boxes(np.array([-1, 2, 2, 3.0]) * s))
    assert float(hit.time) == 0.0 and hit.normal.tolist() == [0.0, 1.0] and (hit.point / s).tolist() == [0.0, 3.0]
    cap = pc.sweep(pc.Circles(np.array([1, 2, 1.0]) * U), [0, -U], pc.Capsules(np.array([0, 0, 2, 0, 1.0]) * U))
    assert float(cap.time) == 0.0 and cap.normal.tolist() == [0.0, 1.0] and (cap.point / U).tolist() == [1.0, 1.0]
