"""Raycasts against collections of shapes of every kind and against a World,
checked against the exact reference (tests/reference/rays.py)."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import rays as RR
from strategies import KINDS, TYPES, any_coords, examples, grid_coords, shape

import pycollide as pc
from pycollide import _native


def _collection(kind, rows):
    return TYPES[kind](np.array(rows, dtype=float).reshape(len(rows), -1))


def check_rays(kind, rows, origins, directions, max_distance=math.inf):
    """Every ray against the collection: hit exactly as the reference says,
    the shape named among the nearest, its distance and normal sound."""
    target = _collection(kind, rows)
    r = pc.raycast(np.array(origins, float), np.array(directions, float), target, max_distance)
    for k, (o, d) in enumerate(zip(origins, directions)):
        dists = [RR.entry_distance(kind, tuple(row), o, d) for row in rows]
        hits = [t for t in dists if t is not None and t <= max_distance]
        reach = [t for t in dists if t is not None]
        if max_distance == math.inf:
            assert bool(r.hit[k]) == bool(reach), (o, d, rows)
        if not r.hit[k]:
            # beyond max_distance only by rounding, or no hit at all
            assert not hits or min(hits) >= max_distance * (1 - 1e-9), (o, d, rows)
            assert r.index[k] == -1 and r.distance[k] == math.inf and np.isnan(r.normal[k]).all()
            continue
        assert reach, (o, d, rows)
        i = int(r.index[k])
        assert dists[i] is not None, ("the shape named is not hit", o, d, rows[i])
        scale = 1.0 + max(abs(v) for v in list(o) + [x for row in rows for x in row])
        # the distance is rounded; a tangent entry is ill-conditioned (sqrt of the rounding)
        tol = 1e-6 * scale
        assert abs(r.distance[k] - dists[i]) <= tol, (o, d, rows[i], r.distance[k], dists[i])
        assert dists[i] <= min(reach) + tol, ("not the first shape hit", o, d)
        assert r.distance[k] <= max_distance
        assert abs(math.hypot(*r.normal[k]) - 1.0) < 1e-12
        if r.distance[k] > tol:  # entering from outside: the normal does not point along the ray
            assert r.normal[k] @ np.array(d, float) <= 1e-9 * math.hypot(*d)


def draw_grid_scene(data, kind, extent, shapes, rays):
    """Shapes of a kind on the integer grid [-extent, extent] (``shapes``: the
    least and most), and rays from grid points a little beyond it with small
    integer directions (up to ``rays`` of them)."""
    rows = [data.draw(shape(kind, grid_coords(extent)), label="shape") for _ in range(data.draw(st.integers(*shapes)))]
    n = data.draw(st.integers(1, rays))
    reach = extent + 2
    origins = [(data.draw(st.integers(-reach, reach)), data.draw(st.integers(-reach, reach))) for _ in range(n)]
    directions = [
        data.draw(st.tuples(st.integers(-3, 3), st.integers(-3, 3)).filter(lambda v: v != (0, 0))) for _ in range(n)
    ]
    return rows, origins, directions


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_rays_on_the_grid_against_the_reference(kind, data):
    """Small integer coordinates: rays through corners, along faces, tangent
    to circles: the hard cases of an exact yes/no."""
    check_rays(kind, *draw_grid_scene(data, kind, 4, (1, 3), 6))


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=examples(25), deadline=None)
@given(data=st.data())
def test_rays_anywhere_against_the_reference(kind, data):
    rows = [data.draw(shape(kind, any_coords()), label="shape") for _ in range(data.draw(st.integers(1, 3)))]
    n = data.draw(st.integers(1, 4))
    origins = [data.draw(st.tuples(any_coords(), any_coords())) for _ in range(n)]
    directions = [data.draw(st.tuples(any_coords(), any_coords()).filter(lambda v: v != (0.0, 0.0))) for _ in range(n)]
    check_rays(kind, rows, origins, directions)


# ---- the first shape hit: exact entries, ties to the lowest index -----------------


def expected_hit(kind, rows, o, d, max_distance=math.inf):
    """(distance, index) as the contract says: each shape's distance is its
    exact entry rounded once (reference.rays.distance_rounded); the least
    distance wins, the lowest index among equal ones; (inf, -1) for none."""
    best = (math.inf, -1)
    for i, row in enumerate(rows):
        dist = RR.distance_rounded(kind, tuple(row), o, d)
        if dist is not None and dist <= max_distance and dist < best[0]:
            best = (dist, i)
    return best


def check_first_hits(kind, rows, origins, directions):
    target = _collection(kind, rows)
    r = pc.raycast(np.array(origins, float), np.array(directions, float), target)
    for k, (o, d) in enumerate(zip(origins, directions)):
        want = expected_hit(kind, rows, o, d)
        assert (float(r.distance[k]), int(r.index[k])) == want, (kind, rows, o, d, r.distance[k], r.index[k], want)


def test_raycast_tie_goes_to_the_lowest_index():
    """Both top faces are entered at (0.6, 5): the same distance, and the lower
    index (the first box's face rounded its entry one ulp further before)."""
    boxes = pc.Boxes([[-3.0, -7.0, 3.0, 5.0], [-5.0, 4.0, 4.0, 5.0]])
    r = pc.raycast([0.0, 8.0], [1.0, -5.0], boxes)
    assert r.index == 0
    alone = [float(pc.raycast([0.0, 8.0], [1.0, -5.0], boxes[i : i + 1]).distance) for i in range(2)]
    assert alone[0] == alone[1] == float(r.distance)
    assert (float(r.distance), 0) == expected_hit("box", np.asarray(boxes).tolist(), (0.0, 8.0), (1.0, -5.0))
    flipped = pc.raycast([0.0, 8.0], [1.0, -5.0], boxes[::-1])
    assert flipped.index == 0 and flipped.distance == r.distance


@pytest.mark.parametrize(
    "kinds,rows,o,d",
    [
        # a circle and a box sharing the point (2, 0) the ray enters them at
        (("circle", "box"), ([2.0, 3.0, 3.0], [1.0, 0.0, 3.0, 5.0]), [12.5, -1.5], [-7.0, 1.0]),
        # a triangle and a segment along its edge, entered through that edge at (1, 0)
        (
            ("triangle", "segment"),
            ([0.0, 0.0, 4.0, 0.0, 2.0, 3.0], [-1.0, 0.0, 5.0, 0.0]),
            [22.875, -6.25],
            [-7.0, 2.0],
        ),
        # a capsule's flat side on a box's face (y = 0)
        (("capsule", "box"), ([1.0, 1.0, 3.0, 1.0, 1.0], [0.0, 0.0, 4.0, 2.0]), [2.2, -0.1], [-7.0, 1.0]),
        # a capsule's round end touching a box's face at (2, 0)
        (("capsule", "box"), ([2.0, 2.0, 2.0, 5.0, 2.0], [1.0, 0.0, 3.0, 4.0]), [12.5, -1.5], [-7.0, 1.0]),
        # a point on a polygon's face
        (("point", "polygon4"), ([2.0, 0.0], [0.0, 0.0, 4.0, 0.0, 4.0, 4.0, 0.0, 4.0]), [12.5, -1.5], [-7.0, 1.0]),
    ],
)
def test_shapes_of_any_kinds_entered_at_one_point_tie(kinds, rows, o, d):
    """The same exact entry gives the same distance whatever the kinds (each
    kind's float formula rounded its own way before), so in a World the lower
    part wins, in either order."""
    parts = [TYPES[k](np.array([row])) for k, row in zip(kinds, rows)]
    alone = [pc.raycast(o, d, p) for p in parts]
    assert alone[0].hit and alone[1].hit and alone[0].distance == alone[1].distance
    for order in ((0, 1), (1, 0)):
        w = pc.raycast(o, d, pc.World(*[parts[i] for i in order]))
        assert w.part == 0 and w.index == 0 and w.distance == alone[0].distance


@pytest.mark.parametrize(
    "o,d", [([11.0, 4.0], [-7.0, -2.0]), ([22.375, 10.375], [-7.0, -3.0]), ([0.5, 5.0], [0.0, -1.0])]
)
def test_a_tile_and_a_box_entered_at_one_point_tie(o, d):
    """A tile and a box sharing the face the ray enters through (at (0.5, 1)):
    the same distance from a tile map as from shapes, so in a World the lower
    part wins."""
    room = pc.TileMap.from_text("..\n#.")  # the solid tile is [0, 1] x [0, 1]
    box = pc.Boxes([[0.0, -2.0, 1.0, 1.0]])
    a, b = pc.raycast(o, d, room), pc.raycast(o, d, box)
    assert a.hit and b.hit and a.distance == b.distance
    assert pc.raycast(o, d, pc.World(room, box)).part == 0
    assert pc.raycast(o, d, pc.World(box, room)).part == 0


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_first_hits_on_the_grid_tie_to_the_lowest_index(kind, data):
    """Shapes on a small integer grid share faces, corners and entry points
    all the time: each ray's distance is the exact entry rounded once, and of
    the shapes at that distance the lowest index wins."""
    check_first_hits(kind, *draw_grid_scene(data, kind, 3, (2, 6), 4))


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=examples(20), deadline=None)
@given(data=st.data(), scale=st.sampled_from([1.0, 2.0**-600, 2.0**600, 2.0**-1000, 2.0**1000]))
def test_distances_are_the_exact_entries_rounded_once(kind, data, scale):
    """Any coordinates, at any scale (the exact search in big integers where
    the double-double arithmetic cannot decide): the distance is the
    reference's, bit for bit."""
    rows = [data.draw(shape(kind, any_coords()), label="shape") for _ in range(data.draw(st.integers(1, 3)))]
    n = data.draw(st.integers(1, 3))
    origins = [data.draw(st.tuples(any_coords(), any_coords())) for _ in range(n)]
    directions = [data.draw(st.tuples(any_coords(), any_coords()).filter(lambda v: v != (0.0, 0.0))) for _ in range(n)]
    rows = (np.array(rows) * scale).tolist()
    origins = (np.array(origins) * scale).tolist()
    check_first_hits(kind, rows, origins, directions)


@pytest.mark.parametrize(
    "kind,row,o,d",
    [
        ("circle", [2.0, 0.0, 1 - 3 * 2.0**-53], [0.0, 0.0], [1.0, 0.0]),
        ("circle", [-2.0, 0.0, 1 - 3 * 2.0**-53], [0.0, 0.0], [-3.0, 0.0]),
        ("capsule", [-1.0, 2.0, 1.0, 2.0, 1 - 3 * 2.0**-53], [0.0, 0.0], [0.0, 1.0]),  # its flat side
        ("capsule", [0.0, 2.0, 0.0, 5.0, 1 - 3 * 2.0**-53], [0.0, 0.0], [0.0, 0.5]),  # its round end
        ("triangle", [1.0, -1.0, 2.0, 0.0, 1.0, 1.0], [-3 * 2.0**-53, 0.0], [1.0, 0.0]),
        ("segment", [1.0, -1.0, 1.0, 1.0], [-3 * 2.0**-53, 0.0], [7.0, 0.0]),
    ],
)
def test_an_entry_halfway_between_doubles_rounds_to_even(kind, row, o, d):
    """The exact entry 1 + 3 2^-53 lies halfway between 1 + 2^-52 and 1 + 2^-51:
    it rounds to the even one, decided in big integers (no double-double
    bound can tell a value from 0)."""
    r = pc.raycast(o, d, TYPES[kind](np.array([row])))
    assert float(r.distance) == 1 + 2.0**-51 == RR.distance_rounded(kind, row, o, d)


def test_the_tree_never_prunes_a_lower_index_at_the_same_distance():
    """3000 boxes scattered over a wide field, 40 of them sharing the face y =
    5 the rays enter through (in no particular place in the tree's order):
    every ray names the lowest of those that hold its entry point."""
    rng = np.random.default_rng(41)
    far = rng.uniform(-1000, 1000, (3000, 2))
    boxes = np.column_stack([far, far + rng.uniform(0.5, 3.0, (3000, 2))])
    shared = rng.choice(3000, 40, replace=False)
    lo = rng.uniform(-4.0, 0.0, 40)
    boxes[shared] = np.column_stack([lo, rng.uniform(-8.0, 4.0, 40), lo + rng.uniform(0.5, 8.0, 40), np.full(40, 5.0)])
    keep = ~((boxes[:, 3] > 5.0) & (boxes[:, 1] < 12.0) & (boxes[:, 0] < 8.0) & (boxes[:, 2] > -8.0))
    keep[shared] = True  # nothing else above the face where the rays come down
    target = pc.Boxes(boxes[keep])
    index = np.flatnonzero(keep)
    rows = boxes[keep]
    xs = np.linspace(-3.9, 3.9, 25)
    o = np.column_stack([xs, np.full(25, 11.0)])
    d = np.column_stack([rng.uniform(-0.2, 0.2, 25), np.full(25, -1.0)])
    r = pc.raycast(o, d, target)
    for k in range(25):
        x = o[k, 0] + d[k, 0] * 6.0  # where the ray meets y = 5
        holders = [i for i in range(len(rows)) if rows[i, 3] == 5.0 and rows[i, 0] <= x <= rows[i, 2]]
        if holders:
            assert r.index[k] == min(holders), (k, index[r.index[k]], [index[i] for i in holders])


def test_a_tile_map_reports_the_distances_of_its_tiles():
    """A tile map's distance is that of the tile shapes cast as shapes, bit for
    bit (the same exact entries, rounded once)."""
    rng = np.random.default_rng(42)
    kinds = rng.choice([0, 0, 1, 2, 3, 4, 5], size=(12, 15))
    room = pc.TileMap(kinds, tile_size=0.7, origin=(-3.1, 2.3))
    tiles = room.tiles()
    o = rng.uniform(-4, 8, (300, 2)) + [0, 3]
    d = rng.normal(size=(300, 2))
    d[:40, 1] = 0.0  # along the rows: faces shared by whole rows of tiles
    a = pc.raycast(o, d, room)
    b = pc.raycast(o, d, pc.World(tiles.boxes, tiles.triangles))
    assert np.array_equal(a.hit, b.hit)
    assert np.array_equal(a.distance, b.distance)


@pytest.mark.parametrize(
    "o,d,hit",
    [
        ((0.0, 1.0), (1.0, 0.0), True),  # tangent to the circle at its top, (2, 1)
        ((0.0, math.nextafter(1.0, 2.0)), (1.0, 0.0), False),  # one ulp above the tangent
        ((2.0, 5.0), (0.0, -1.0), True),  # straight down onto it
        ((3.0, 0.0), (1.0, 0.0), True),  # from its rightmost point, away: starts on it
        ((math.nextafter(3.0, 4.0), 0.0), (1.0, 0.0), False),  # one ulp outside, away
    ],
)
def test_tangents_to_a_circle(o, d, hit):
    r = pc.raycast(o, d, pc.Circles([[2.0, 0.0, 1.0]]))
    assert bool(r.hit) == hit
    assert RR.ray_hits("circle", (2.0, 0.0, 1.0), o, d) == hit


def test_a_grazing_capsule_and_a_corner_of_a_triangle():
    cap = pc.Capsules([[0.0, 0.0, 4.0, 0.0, 1.0]])
    along = pc.raycast([-3.0, 1.0], [1.0, 0.0], cap)  # along its flat top: hits the end's round first
    assert along.hit and along.distance == pytest.approx(3.0)
    above = pc.raycast([-3.0, math.nextafter(1.0, 2.0)], [1.0, 0.0], cap)
    assert not above.hit
    tri = pc.Triangles([[0.0, 0.0, 2.0, 0.0, 0.0, 2.0]])
    corner = pc.raycast([4.0, -2.0], [-1.0, 1.0], tri)  # through the corner (2, 0) and along the edge
    assert corner.hit and corner.distance == pytest.approx(2 * math.sqrt(2))


def test_a_ray_through_a_sliver_enters_where_it_crosses():
    """A triangle thinner than rounding (one corner 4.5e-235 off the line of
    the other two): the ray crosses it at one place, which the float entry
    and exit put in the wrong order; the distance is still the crossing's,
    not the closest approach to a corner (found by hypothesis)."""
    row = (0.0, 0.0, 0.0, 1.0, -4.474334816702771e-235, -3.0)
    o, d = (1.0, 0.0), (-3.125, 3.0)
    check_rays("triangle", [row], [o], [d])
    r = pc.raycast(np.array([o]), np.array([d]), pc.Triangles([row]))
    assert abs(r.distance[0] - RR.entry_distance("triangle", row, o, d)) <= 1e-12


def test_huge_and_tiny_coordinates():
    for s in (2.0**-1000, 2.0**-520, 1.0, 2.0**520, 2.0**1000):
        balls = pc.Circles(np.array([[4.0, 0.0, 1.0], [8.0, 0.0, 2.0]]) * s)
        r = pc.raycast(np.array([0.0, 0.0]), [1.0, 0.0], balls)
        assert r.hit and r.index == 0 and r.distance == pytest.approx(3.0 * s, rel=1e-12)
        tangent = pc.raycast(np.array([0.0, 1.0]) * s, [1.0, 0.0], balls)
        assert tangent.hit and tangent.index == 0
        above = pc.raycast(np.array([0.0, math.nextafter(1.0, 2.0)]) * s, [1.0, 0.0], balls)
        assert above.hit and above.index == 1  # misses the small ball, meets the big one


def test_many_rays_match_each_shape_alone():
    """The tree never loses a hit: the nearest over 2,000 shapes equals the
    least distance over each shape cast alone."""
    rng = np.random.default_rng(5)
    rows = np.column_stack([rng.uniform(0, 100, (2000, 2)), rng.uniform(0.1, 2.0, 2000)])
    balls = pc.Circles(rows)
    o = rng.uniform(-10, 110, (500, 2))
    d = rng.normal(size=(500, 2))
    r = pc.raycast(o, d, balls)
    # each shape alone, through the same code but without a tree worth the name
    alone = np.full(500, np.inf)
    for i in range(len(rows)):
        one = pc.raycast(o, d, balls[i : i + 1])
        alone = np.minimum(alone, one.distance)
    assert np.array_equal(r.hit, np.isfinite(alone))
    assert np.array_equal(r.distance, alone)


def test_max_distance():
    balls = pc.Circles([[4.0, 0.0, 1.0], [10.0, 0.0, 1.0]])
    assert pc.raycast([0, 0], [1, 0], balls, max_distance=3.0).hit
    far = pc.raycast([0, 0], [1, 0], balls, max_distance=2.5)
    assert not far.hit and far.index == -1 and far.distance == math.inf
    behind = pc.raycast([7, 0], [1, 0], balls, max_distance=2.0)  # the next ball at 2: included
    assert behind.hit and behind.index == 1
    room = pc.TileMap.from_text("#####\n#...#\n#####")
    assert pc.raycast([1.5, 1.5], [1, 0], room, max_distance=2.5).hit
    miss = pc.raycast([1.5, 1.5], [1, 0], room, max_distance=2.4)
    assert not miss.hit and (miss.tile == -1).all()


def _targets():
    """A collection, a tile map and a World of both (with a second collection)."""
    rng = np.random.default_rng(21)
    balls = pc.Circles(np.column_stack([rng.uniform(0, 20, (60, 2)), rng.uniform(0.2, 1.5, 60)]))
    corners = rng.uniform(0, 20, (40, 2, 2))
    boxes = pc.Boxes(np.concatenate([corners.min(axis=1), corners.max(axis=1)], axis=1))
    room = pc.TileMap.from_text("#####\n#...#\n#.3.#\n#####", tile_size=5.0)
    return {"shapes": balls, "tilemap": room, "world": pc.World(balls, room, boxes)}


@pytest.mark.parametrize("target", ["shapes", "tilemap", "world"])
def test_max_distance_broadcasts_one_limit_a_ray(target):
    """An array of limits, broadcast with the origins and directions: each ray
    gets what a call with its own scalar limit gives, bit for bit."""
    goal = _targets()[target]
    rng = np.random.default_rng(22)
    o = rng.uniform(1, 19, (7, 1, 2))
    d = rng.normal(size=(1, 5, 2))
    limits = rng.choice([0.0, 0.5, 2.0, 4.0, 8.0, math.inf], size=(7, 5))
    limits[0, 0] = 3.0
    got = pc.raycast(o, d, goal, max_distance=limits)
    assert got.hit.shape == (7, 5)
    for i in range(7):
        for j in range(5):
            one = pc.raycast(o[i, 0], d[0, j], goal, max_distance=float(limits[i, j]))
            for a, b in zip(got, one):
                assert np.array_equal(a[i, j], b, equal_nan=True), (i, j, a[i, j], b)
    # the limits alone may set the shape: one ray, three limits
    three = pc.raycast(o[0, 0], d[0, 0], goal, max_distance=[0.0, 3.0, math.inf])
    assert three.hit.shape == (3,)
    assert np.array_equal(three.distance[2:], pc.raycast(o[0, 0], d[0, 0], goal).distance[None])


def test_max_distance_per_ray_in_a_large_batch():
    """The batch cast in curve order takes its limits ray by ray: a limit only
    hides the hits beyond it (the first hit is the first, whatever the limit)."""
    rng = np.random.default_rng(23)
    balls = pc.Circles(np.column_stack([rng.uniform(0, 100, (500, 2)), rng.uniform(0.2, 2.0, 500)]))
    n = 1 << 15
    o = rng.uniform(-5, 105, (n, 2))
    d = rng.normal(size=(n, 2))
    limits = rng.uniform(0, 30, n)
    limits[::7] = math.inf
    free = pc.raycast(o, d, balls)
    got = pc.raycast(o, d, balls, max_distance=limits)
    kept = free.distance <= limits
    assert np.array_equal(got.hit, free.hit & kept)
    assert np.array_equal(got.distance, np.where(kept, free.distance, math.inf))
    assert np.array_equal(got.index, np.where(kept, free.index, -1))
    for k in rng.integers(0, n, 20):  # and single rays agree
        one = pc.raycast(o[k], d[k], balls, max_distance=limits[k])
        assert one.index == got.index[k] and one.distance == got.distance[k]


@pytest.mark.parametrize(
    "limits,error,match",
    [
        ([1.0, -1.0, 2.0], ValueError, r"`max_distance` must be >= 0 \(inf for no limit\); max_distance\[1\] is -1.0"),
        ([[1.0, 2.0], [3.0, math.nan]], ValueError, r"max_distance\[1, 1\] is nan"),
        ("far", TypeError, r"`max_distance` must be a number or an array of numbers"),
        ([True, False], TypeError, r"`max_distance`"),
        (np.ones(4), ValueError, r"the shapes of `origins` \(3,\), `directions` \(\) and `max_distance` \(4,\)"),
    ],
)
def test_bad_max_distances_are_named(limits, error, match):
    for goal in _targets().values():
        with pytest.raises(error, match=match):
            pc.raycast(np.zeros((3, 2)), [1.0, 0.0], goal, max_distance=limits)


@pytest.mark.parametrize(
    "bad,err",
    [
        (dict(directions=[0.0, 0.0]), "nonzero"),
        (dict(directions=[math.inf, 0.0]), "finite"),
        (dict(origins=[math.nan, 0.0]), "finite"),
        (dict(max_distance=-1.0), "max_distance"),
        (dict(max_distance=math.nan), "max_distance"),
        (dict(max_distance="far"), "max_distance"),
    ],
)
def test_bad_input(bad, err):
    args = dict(origins=[0.0, 0.0], directions=[1.0, 0.0], max_distance=math.inf)
    args.update(bad)
    for target in (pc.Circles([[4.0, 0.0, 1.0]]), pc.World(pc.Circles([[4.0, 0.0, 1.0]]))):
        with pytest.raises((ValueError, TypeError), match=err):
            pc.raycast(args["origins"], args["directions"], target, args["max_distance"])


def test_bad_targets_and_worlds():
    with pytest.raises(TypeError, match="target"):
        pc.raycast([0, 0], [1, 0], [[4.0, 0.0, 1.0]])
    with pytest.raises(ValueError, match="1-D"):
        pc.raycast([0, 0], [1, 0], pc.Circles(np.zeros((2, 2, 3))))
    with pytest.raises(ValueError, match="at least one part"):
        pc.World()
    with pytest.raises(TypeError, match="part 1"):
        pc.World(pc.Circles([[0, 0, 1]]), "wall")
    with pytest.raises(TypeError, match="part 0"):
        pc.World(pc.Lines([[0, 0, 1, 1]]))


def test_empty_collections_and_worlds():
    none = pc.raycast([[0, 0], [1, 1]], [1, 0], pc.Circles(np.empty((0, 3))))
    assert not none.hit.any() and (none.index == -1).all()
    w = pc.raycast([0, 0], [1, 0], pc.World(pc.Segments(np.empty((0, 4)))))
    assert not w.hit and w.part == -1 and w.index == -1


def test_world_picks_the_nearest_part():
    room = pc.TileMap.from_text("#######\n#.....#\n#.....#\n#######")
    bumpers = pc.Circles([[3.5, 2.0, 0.5]])
    walls = pc.Segments([[5.0, 1.0, 5.0, 3.0]])
    world = pc.World(room, bumpers, walls)
    r = pc.raycast([[1.5, 2.0], [1.5, 1.5], [1.5, 1.2], [5.5, 2.0]], [1, 0], world)
    assert r.hit.all()
    assert r.part.tolist() == [1, 1, 2, 0]
    assert r.index.tolist()[:3] == [0, 0, 0]
    assert r.index[3] in (1 * 7 + 6, 2 * 7 + 6)  # a tile holding the hit point on the seam, as a flat cell
    assert r.distance[0] == pytest.approx(1.5)
    assert r.distance[3] == pytest.approx(0.5)
    assert np.allclose(r.normal[0], [-1, 0]) and np.allclose(r.normal[2], [-1, 0])
    # World parts agree with each part cast alone
    for k, part in enumerate(world.parts):
        alone = pc.raycast([[1.5, 2.0], [5.5, 2.0]], [1, 0], part)
        mine = r.part[[0, 3]] == k
        assert np.array_equal(alone.distance[mine], r.distance[[0, 3]][mine])


@pytest.mark.parametrize("ordered", [False, True])
def test_threads_do_not_change_the_answer(ordered):
    """Enough rays for several chunks of parallel work (a batch of fewer
    than two chunks stays on the calling thread), in one row (cast in curve
    order) or in a grid of rows (in the given order)."""
    rng = np.random.default_rng(9)
    corners = rng.uniform(0, 50, (3000, 1, 2)) + rng.uniform(-1.5, 1.5, (3000, 3, 2))
    tris = pc.Triangles(corners.reshape(3000, 6))
    n = 3 * _native.lib.PC_PARALLEL_CHUNK
    o = rng.uniform(-5, 55, (n, 2))
    d = rng.normal(size=(n, 2))
    if not ordered:
        o, d = o.reshape(3, -1, 2), d.reshape(3, -1, 2)
    one = pc.raycast(o, d, tris, threads=1)
    two = pc.raycast(o, d, tris, threads=2)
    assert one.hit.mean() > 0.3
    for a, b in zip(one, two):
        assert np.array_equal(a, b, equal_nan=True)


@pytest.mark.sample(2)
@pytest.mark.parametrize("kind", ["circle", "segment", "triangle", "capsule"])
def test_a_large_batch_cast_in_curve_order_gives_each_ray_its_own_answer(kind):
    """From 2^14 rays in one row on, the rays are cast in the order of their
    origins along a curve: every ray's answer is the one it gets in a small
    batch (cast in the given order), bit for bit, whatever the origins (a
    point repeated, all on one line, huge and tiny values mixed)."""
    rng = np.random.default_rng(11)
    n = 20000
    if kind == "circle":
        rows = np.column_stack([rng.uniform(0, 200, (3000, 2)), rng.uniform(0.2, 3.0, 3000)])
    elif kind == "capsule":
        rows = np.column_stack(
            [rng.uniform(0, 200, (3000, 4)) * 0.02 + rng.uniform(0, 200, (3000, 1)), rng.uniform(0.1, 1.0, 3000)]
        )
    else:
        rows = np.repeat(rng.uniform(0, 200, (3000, 2)), 3 if kind == "triangle" else 2, axis=1)
        rows = rows + rng.uniform(-2, 2, rows.shape)
    target = TYPES[kind](rows)
    o = rng.uniform(-20, 220, (n, 2))
    o[:500] = o[0]  # one origin many times
    o[500:1500, 1] = 100.0  # a line of origins
    o[1500:1600] *= 1e-300  # tiny
    o[1600:1700] = [[1e300, -1e300]] * 100  # far away
    d = rng.normal(size=(n, 2))
    whole = pc.raycast(o, d, target, max_distance=150.0)
    pieces = [pc.raycast(o[k : k + 1000], d[k : k + 1000], target, max_distance=150.0) for k in range(0, n, 1000)]
    for f, field in enumerate(whole):
        assert np.array_equal(field, np.concatenate([p[f] for p in pieces]), equal_nan=True), whole._fields[f]
    assert whole.hit.sum() > 2000
