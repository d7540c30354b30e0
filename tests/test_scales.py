"""Floating-point results at every scale: contact, manifold, distance,
nearest, sweeps, raycasts (against collections and a World with a tile map),
slide and crossing points.  Scaling the inputs by a power of 2 scales the
results, up to rounding, from 2^-900 to 2^900.  Squares of coordinates, and
squares of cross products, overflow or vanish far from 1, so each computation
must stay within range (the yes/no answers are exact at every scale and are
tested elsewhere)."""

import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import KINDS, TYPES, grid_coords, random_coords, shape

import pycollide as pc

SCALES = [-900, -600, -300, -220, -150, 150, 245, 300, 600, 900]

MOVERS = {
    "circle": pc.Circles([[3, 5, 0.5]]),
    "point": pc.Points([[4.2, 5]]),
    "box": pc.Boxes([[2.5, 4.5, 3.5, 5.5]]),
    "capsule": pc.Capsules([[2.5, 5, 3.5, 5.2, 0.3]]),
    "triangle": pc.Triangles([[2, 4, 4, 4, 3, 5]]),
}
NEAR = {  # within contact range of the targets below, some overlapping
    "circle": pc.Circles([[3, 0.3, 0.5]]),
    "box": pc.Boxes([[2.5, -0.2, 3.5, 0.8]]),
    "capsule": pc.Capsules([[2.5, 1.2, 3.5, 1.4, 0.3]]),
    "triangle": pc.Triangles([[2, 2, 4, 2, 3, 3]]),
    "polygon": pc.Polygons([[[2, -0.1], [4, -0.1], [4, 1], [2, 1]]]),
}
TARGETS = {
    "segment": pc.Segments([[0, 0, 10, 0]]),
    "circle": pc.Circles([[5, 0, 1]]),
    "capsule": pc.Capsules([[4, 0, 6, 0.5, 0.7]]),
    "triangle": pc.Triangles([[3, -1, 7, -1, 5, 1]]),
    "box": pc.Boxes([[0, -2, 10, 0]]),
}


def scaled(shapes, s):
    return type(shapes)(np.asarray(shapes) * s)


# A box resting on a box's face touches it along a segment: any point of it
# is a witness (the fast path takes the middle, the general path an end), so
# only the separation and normal are compared there, and the witnesses'
# consistency with them.
FACE_ON_FACE = {("box", "box")}


def close(x, y):
    np.testing.assert_allclose(np.asarray(x, dtype=float), np.asarray(y, dtype=float), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("a", NEAR)
@pytest.mark.parametrize("b", TARGETS)
def test_contact_at_every_scale(a, b):
    ref = pc.contact(NEAR[a], TARGETS[b])
    for k in SCALES:
        s = 2.0**k
        got = pc.contact(scaled(NEAR[a], s), scaled(TARGETS[b], s))
        close(got.separation / s, ref.separation)
        close(got.normal, ref.normal)
        close((got.point_b - got.point_a) / s, ref.separation[..., None] * ref.normal)
        if (a, b) not in FACE_ON_FACE:
            close(got.point_a / s, ref.point_a)
            close(got.point_b / s, ref.point_b)


@pytest.mark.parametrize("a", NEAR)
@pytest.mark.parametrize("b", TARGETS)
def test_manifold_at_every_scale(a, b):
    ref = pc.manifold(NEAR[a], TARGETS[b], margin=0.5)
    for k in SCALES:
        s = 2.0**k
        got = pc.manifold(scaled(NEAR[a], s), scaled(TARGETS[b], s), margin=0.5 * s)
        np.testing.assert_array_equal(got.count, ref.count)
        close(got.normal, ref.normal)
        np.testing.assert_array_equal(np.isnan(got.points), np.isnan(ref.points))
        close(np.nan_to_num(got.points / s), np.nan_to_num(ref.points))
        close(np.nan_to_num(got.separations / s), np.nan_to_num(ref.separations))


# Pairs whose least depth is reached along several axes or faces at once (a
# point at a box's centre, equal boxes, crossing segments, a ball in the
# middle of a regular polygon ...): which of them gives the normal must not
# depend on the scale.  Rows as layout rows; polygons flattened.
TIES = [
    ("box", [0, 0, 2, 2], "point", [1, 1]),
    ("box", [0, 0, 2, 2], "circle", [1, 1, 0.5]),
    ("circle", [0, 0, 1], "box", [-1, -1, 1, 1]),
    ("box", [0, 0, 4, 4], "box", [1, 1, 3, 3]),
    ("box", [0, 0, 4, 2], "box", [1, -1, 3, 3]),
    ("box", [0, 0, 2, 2], "box", [0, 0, 2, 2]),
    ("box", [0, 0, 2, 2], "segment", [0.5, 1, 1.5, 1]),
    ("box", [0, 0, 2, 2], "triangle", [0.5, 0.5, 1.5, 0.5, 1, 1.5]),
    ("box", [0, 0, 2, 2], "polygon4", [0, 0, 2, 0, 2, 2, 0, 2]),
    ("capsule", [0, 0, 2, 0, 1], "box", [0, -1, 2, 1]),
    ("polygon4", [0, 0, 2, 0, 2, 2, 0, 2], "point", [1, 1]),
    ("polygon4", [1, 0, 2, 1, 1, 2, 0, 1], "circle", [1, 1, 0.25]),
    ("triangle", [0, 0, 2, 0, 0, 2], "circle", [0.5, 0.5, 0.25]),
    ("triangle", [0, 0, 2, 0, 1, 2], "triangle", [0, 2, 2, 2, 1, 0]),
    ("segment", [0, 0, 2, 2], "segment", [0, 2, 2, 0]),
    ("segment", [-1, 0, 1, 0], "point", [0, 0]),
    ("capsule", [-1, 0, 1, 0, 0.5], "capsule", [0, -1, 0, 1, 0.5]),
    ("polygon8", [2, 1, 1, 2, -1, 2, -2, 1, -2, -1, -1, -2, 1, -2, 2, -1], "circle", [0, 0, 0.5]),
    ("polygon8", [2, 1, 1, 2, -1, 2, -2, 1, -2, -1, -1, -2, 1, -2, 2, -1], "box", [-1, -1, 1, 1]),
    ("polygon6", [2, 0, 1, 2, -1, 2, -2, 0, -1, -2, 1, -2], "polygon6", [2, 0, 1, 2, -1, 2, -2, 0, -1, -2, 1, -2]),
    (
        "polygon5",
        [np.cos(2 * np.pi * k / 5) if i == 0 else np.sin(2 * np.pi * k / 5) for k in range(5) for i in (0, 1)],
        "point",
        [0, 0],
    ),
]
WIDE = list(range(-1070, 1020, 29)) + [-201, -200, -121, -120, -1, 0, 1, 149, 150, 239, 240, 499, 500, 501]


def as_shapes(kind, rows):
    rows = np.asarray(rows, dtype=np.float64)
    return TYPES[kind](rows.reshape(rows.shape[:-1] + (-1, 2)) if kind.startswith("polygon") else rows)


def representable(rows, k):
    """Is rows * 2^k exact (no bit lost below the normal range, finite)?"""
    rows = np.asarray(rows, dtype=np.float64)
    up = np.ldexp(rows, k)
    return bool(np.isfinite(up).all() and (np.ldexp(up, -k) == rows).all())


def same_up_to_scale(got, ref, k):
    """contact(a 2^k, b 2^k) is contact(a, b) scaled: the normal bit for bit,
    the separation and witnesses times 2^k where that is exact; a gap too
    small to compute (its separation the least double, at either scale) is
    a gap at both."""
    np.testing.assert_array_equal(got.normal, ref.normal)
    tiny = (ref.separation == np.nextafter(0, 1)) & (got.separation > 0)
    for name in ("separation", "point_a", "point_b"):
        want, have = getattr(ref, name), getattr(got, name)
        exact = np.ldexp(np.ldexp(want, k), -k) == want
        keep = exact & ~(tiny if name == "separation" else tiny[..., None])
        np.testing.assert_array_equal(have[keep], np.ldexp(want, k)[keep])


@pytest.mark.parametrize("ka,a,kb,b", TIES, ids=[f"{t[0]}-{t[2]}-{i}" for i, t in enumerate(TIES)])
def test_contact_ties_at_every_scale(ka, a, kb, b):
    """Equal depths along several axes: the same one wins at every power of
    two from 2^-1070 to 2^1019, in both orders.  A point at a box's centre
    had the normal (-1, 0) at scale 1 and (0, -1) at 2^300: each path of the
    C core broke such ties its own way, and which path runs depended on the
    magnitude."""
    for x, kx, y, ky in ((a, ka, b, kb), (b, kb, a, ka)):
        ref = pc.contact(as_shapes(kx, [x]), as_shapes(ky, [y]))
        for k in WIDE:
            if representable(x, k) and representable(y, k):
                same_up_to_scale(pc.contact(as_shapes(kx, np.ldexp([x], k)), as_shapes(ky, np.ldexp([y], k))), ref, k)


@given(data=st.data(), k=st.integers(-1000, 1000))
def test_contact_is_the_same_at_every_power_of_two(data, k):
    """Any pair scaled by any power of two that keeps it exact: the same
    contact, scaled, and the same manifold, bit for bit.  (Values far below
    the others, 2^-900 of them, are left out: their last bits would be lost
    to the subnormals at some scales and not at others.)"""
    ka, kb = data.draw(st.sampled_from(KINDS)), data.draw(st.sampled_from(KINDS))
    coords = data.draw(st.sampled_from([grid_coords(3), random_coords()]))
    a = data.draw(shape(ka, coords, turned=True), label="a")
    b = data.draw(shape(kb, coords, turned=True), label="b")
    assume(all(v == 0 or abs(v) >= 2.0**-900 for v in a + b))
    assume(representable(a, k) and representable(b, k))
    ref = pc.contact(as_shapes(ka, [a]), as_shapes(kb, [b]))
    same_up_to_scale(pc.contact(as_shapes(ka, np.ldexp([a], k)), as_shapes(kb, np.ldexp([b], k))), ref, k)
    m_ref = pc.manifold(as_shapes(ka, [a]), as_shapes(kb, [b]), margin=0.5)
    m = pc.manifold(as_shapes(ka, np.ldexp([a], k)), as_shapes(kb, np.ldexp([b], k)), margin=math.ldexp(0.5, k))
    np.testing.assert_array_equal(m.count, m_ref.count)
    np.testing.assert_array_equal(m.normal, m_ref.normal)
    for got, want in ((m.points, m_ref.points), (m.separations, m_ref.separations)):
        exact = np.isnan(want) | (np.ldexp(np.ldexp(want, k), -k) == want)
        np.testing.assert_array_equal(got[exact], np.ldexp(want, k)[exact])


@pytest.mark.parametrize("m", MOVERS)
@pytest.mark.parametrize("b", TARGETS)
def test_sweep_at_every_scale(m, b):
    d = np.array([1.0, -8.0])
    ref = pc.sweep(MOVERS[m], d, TARGETS[b])
    assert bool(np.asarray(ref[0]).all()), "every mover hits every target"
    for k in SCALES:
        s = 2.0**k
        got = pc.sweep(scaled(MOVERS[m], s), d * s, scaled(TARGETS[b], s))
        close(got[0], ref[0])  # the time, a fraction of D
        close(got[1], ref[1])  # the normal
        if (m, b) not in FACE_ON_FACE:
            close(np.asarray(got[2]) / s, ref[2])  # the point


@pytest.mark.parametrize("b", TARGETS)
def test_raycast_at_every_scale(b):
    o, d = np.array([[3.0, 5.0], [9.5, 3.0]]), np.array([[0.2, -1.0], [-1.0, -0.7]])
    ref = pc.raycast(o, d, TARGETS[b])
    assert ref.hit.all()
    for k in SCALES:
        s = 2.0**k
        got = pc.raycast(o * s, d * (2.0**-k), scaled(TARGETS[b], s))  # any direction's length
        np.testing.assert_array_equal(got.hit, ref.hit)
        close(got.distance / s, ref.distance)
        close(got.normal, ref.normal)


@pytest.mark.parametrize("b", TARGETS)
def test_distance_and_nearest_at_every_scale(b):
    """nearest prunes the tree by the boxes' Euclidean gap: its square
    overflowed beyond 2^511 and pruned every box but the first visited (at
    2^900 among three equal shapes the last one was named, not the lowest)."""
    pts = np.random.default_rng(1).uniform(-2, 12, (40, 2))
    three = type(TARGETS[b])(np.repeat(np.asarray(TARGETS[b]), 3, axis=0))
    near = [pc.Segments([[1, 1, 6, -0.5]]), pc.Points([[3.3, 0.4]]), NEAR["triangle"], NEAR["capsule"]]
    ref_d = [pc.distance(a, TARGETS[b]) for a in near]
    ref_n = pc.nearest(pc.Points(pts), three)
    assert (ref_n.index == 0).all()
    for k in SCALES:
        s = 2.0**k
        for a, d in zip(near, ref_d):
            close(pc.distance(scaled(a, s), scaled(TARGETS[b], s)) / s, d)
        got = pc.nearest(pc.Points(pts * s), scaled(three, s))
        np.testing.assert_array_equal(got.index, ref_n.index)
        close(got.distance / s, ref_n.distance)


@pytest.mark.filterwarnings("ignore:pc.slide is deprecated:DeprecationWarning")
def test_slide_at_every_scale():
    """A box resting on a floor of tiles and pushed into a wall: at 2^-600 and
    below the faces' products vanished and the box stopped dead where it
    stood (the corner of a floor tile taken for a wall)."""
    text = "#......\n#......\n#######"
    box = pc.Boxes([[3.0, 1.0, 4.0, 2.0]])
    ref = pc.slide(box, [[-5.0, -3.0]], pc.TileMap.from_text(text), 0.5)
    assert ref.on_floor.all() and ref.on_wall.all()
    for k in SCALES:
        s = 2.0**k
        got = pc.slide(scaled(box, s), [[-5.0 * s, -3.0 * s]], pc.TileMap.from_text(text, tile_size=s), 0.5)
        close(np.asarray(got.boxes) / s, np.asarray(ref.boxes))
        close(got.velocity / s, ref.velocity)
        for x, y in zip(got[2:], ref[2:]):
            np.testing.assert_array_equal(x, y)


def _world(s):
    return pc.World(
        pc.Segments(np.array([[0, 0, 10, 0]]) * s),
        pc.Circles(np.array([[5, 3, 1]]) * s),
        pc.TileMap.from_text("#...#\n#####", tile_size=s, origin=(20 * s, 0)),
    )


def test_world_raycast_and_sweeps_at_every_scale():
    """Against a World of a collection, bumpers and a tile map.  (Below 2^-500
    a tile map's raycast measured products of two tiny lengths, which
    vanished: distance 0.)"""
    o, d = np.array([[3.0, 5.0], [21.5, 3.0], [4.0, 6.0]]), np.array([[0.2, -1.0], [0.1, -1.0], [0.3, -1.0]])
    circles = pc.Circles([[3, 5, 0.5], [21.5, 3, 0.3], [4, 6, 0.2]])
    boxes = pc.Boxes([[2.5, 4.5, 3.5, 5.5], [21.2, 2.5, 21.8, 3.2], [3.8, 5.8, 4.2, 6.2]])
    ref_ray = pc.raycast(o, d, _world(1.0))
    ref_sweeps = [pc.sweep(m, d * 6, _world(1.0)) for m in (circles, boxes)]
    assert ref_ray.hit.all() and all(np.asarray(h[0]).max() < 1 for h in ref_sweeps)
    for k in SCALES:
        s = 2.0**k
        ray = pc.raycast(o * s, d, _world(s))
        np.testing.assert_array_equal(ray.hit, ref_ray.hit)
        np.testing.assert_array_equal(ray.part, ref_ray.part)
        close(ray.distance / s, ref_ray.distance)
        close(ray.normal, ref_ray.normal)
        for m, ref in zip((circles, boxes), ref_sweeps):
            got = pc.sweep(scaled(m, s), d * 6 * s, _world(s))
            close(got[0], ref[0])
            close(got[1], ref[1])


@pytest.mark.parametrize(
    "a, b",
    [
        (pc.Segments([[1, 1, 6, -0.5]]), pc.Segments([[3, -2, 3.2, 5]])),
        (pc.Segments([[1, 1, 6, -0.5]]), pc.Circles([[5, 0, 1]])),
        (pc.Circles([[3, 0.3, 1.5]]), pc.Circles([[5, 0, 1]])),
        (pc.Segments([[1, 1, 6, -0.5]]), pc.Boxes([[0, -2, 10, 0]])),
    ],
)
def test_crossing_points_at_every_scale(a, b):
    ref_points, ref_count = pc.intersections(a, b)
    assert ref_count.sum() > 0
    for k in SCALES:
        s = 2.0**k
        points, count = pc.intersections(scaled(a, s), scaled(b, s))
        np.testing.assert_array_equal(count, ref_count)
        close(np.nan_to_num(points / s), np.nan_to_num(ref_points))
