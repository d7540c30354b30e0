"""contact, distance and manifold beside edges and at vertices (issue 39).

The promise: ``contact(a, b).separation <= 0``, ``distance(a, b) == 0`` and
``manifold(a, b).count > 0`` (margin 0) each hold exactly where
``overlaps(a, b)`` does, for every pair of shapes; and the sizes are right: a
shape a few ulps from touching another is that close to it, not a vertex's
distance away.  The hard inputs are those where a rounded side test (which
side of an edge's line a point lies) can be wrong: shapes touching at a
slanted edge or at a vertex, moved by a few ulps, so that some overlap and
some do not.  Here every ordered pair of kinds (polygons of 3 to 8 vertices
each) is built touching that way, at many power-of-two scales, and checked in
both orders; the sign oracle is ``overlaps`` (exact; tested against the
Fraction reference elsewhere, and here on the hypothesis examples too).
"""

import itertools
import math

import numpy as np
import pytest
import reference as ref
from hypothesis import given
from hypothesis import strategies as st
from strategies import TYPES

import pycollide as pc

#: every kind, the polygons with each vertex count
ALL_KINDS = tuple(TYPES)
ORDERED_PAIRS = list(itertools.product(ALL_KINDS, ALL_KINDS))
ROUND = ("circle", "capsule")  # the kinds with a radius
#: scales: inside the fast paths' range, beside its ends, far outside it
SCALES = [0, -3, 5, -130, 160, -250, 300, -700, 700]


def corners(kind):
    """The vertex count of a polygon kind's core (0: not a polygon)."""
    return 3 if kind == "triangle" else int(kind[len("polygon") :]) if kind.startswith("polygon") else 0


def direction(angle):
    return np.array([math.cos(angle), math.sin(angle)])


def core(kind, rng, centre):
    """A random core of ``kind`` about ``centre`` (counter-clockwise) and a radius."""
    r = rng.uniform(0.1, 1.0) if kind in ROUND else 0.0
    if kind in ("point", "circle"):
        return centre[None, :], r
    if kind == "box":
        h = rng.uniform(0.3, 2.0, 2)
        return centre + np.array([[-h[0], -h[1]], [h[0], -h[1]], [h[0], h[1]], [-h[0], h[1]]]), r
    if kind in ("segment", "capsule"):
        half = rng.uniform(0.3, 2.0) * direction(rng.uniform(0, 2 * math.pi))
        return np.array([centre - half, centre + half]), r
    k = corners(kind)  # vertices on a circle, at well separated angles
    angle = rng.uniform(0, 2 * math.pi) + 2 * math.pi * np.arange(k) / k + rng.uniform(-0.3, 0.3, k) * math.pi / k
    return centre + rng.uniform(0.5, 2.0) * np.column_stack([np.cos(angle), np.sin(angle)]), r


def row(kind, vertices, r, clockwise):
    """The layout row of a shape of ``kind`` with that core and radius."""
    if kind == "point":
        return vertices[0].copy()
    if kind == "circle":
        return np.array([vertices[0, 0], vertices[0, 1], r])
    if kind == "box":
        return np.concatenate([vertices.min(axis=0), vertices.max(axis=0)])
    if kind == "segment":
        return vertices.reshape(4).copy()
    if kind == "capsule":
        return np.append(vertices.reshape(4), r)
    return (vertices[::-1] if clockwise else vertices).reshape(-1).copy()


def feature(vertices, rng):
    """A point p of the core's boundary and an outward unit normal u there:
    inside an edge (at its middle or a hair from an end) or at a vertex (u
    anywhere in its normal cone)."""
    if len(vertices) == 1:
        return vertices[0].copy(), direction(rng.uniform(0, 2 * math.pi))
    if len(vertices) == 2:
        d = vertices[1] - vertices[0]
        n = np.array([d[1], -d[0]]) / math.hypot(*d)
        if rng.random() < 0.5:
            return vertices[0] + rng.uniform(0.05, 0.95) * d, n if rng.random() < 0.5 else -n
        end = rng.integers(2)
        out = d if end else -d
        return vertices[end].copy(), direction(math.atan2(out[1], out[0]) + rng.uniform(-math.pi / 2, math.pi / 2))
    i = rng.integers(len(vertices))
    d = vertices[(i + 1) % len(vertices)] - vertices[i]
    n = np.array([d[1], -d[0]]) / math.hypot(*d)  # outward: the core is counter-clockwise
    if rng.random() < 0.6:
        s = rng.uniform(0.05, 0.95) if rng.random() < 0.8 else rng.choice([1e-9, 1 - 1e-9])
        return vertices[i] + s * d, n
    before = vertices[i] - vertices[i - 1]
    m = np.array([before[1], -before[0]]) / math.hypot(*before)
    w = rng.uniform(0, 1)
    u = (1 - w) * m + w * n
    return vertices[i].copy(), u / math.hypot(*u)


def placed(kind, rng, p, u):
    """A core of ``kind`` on the +u side of the line through p across u,
    touching it at p (a vertex of it there, or its only point)."""
    vertices, r = core(kind, rng, np.zeros(2))
    if kind == "box":  # the corner farthest along -u
        h = (vertices[2] - vertices[0]) / 2
        return vertices + p - np.array([-h[0] if u[0] >= 0 else h[0], -h[1] if u[1] >= 0 else h[1]]), r
    if len(vertices) == 1:
        return vertices + p, r
    if len(vertices) == 2:  # from p, at any angle from along the line to straight across it
        length = math.hypot(*(vertices[1] - vertices[0]))
        turn = rng.choice([-math.pi / 2, math.pi / 2]) if rng.random() < 0.1 else rng.uniform(-math.pi / 2, math.pi / 2)
        return np.array([p, p + length * direction(math.atan2(u[1], u[0]) + turn)]), r
    return vertices - vertices[np.argmin(vertices @ u)] + p, r


def touching_pairs(ka, kb, n, rng, scales=SCALES):
    """n pairs (rows of a, rows of b) touching at a feature of a's core (an
    edge or a vertex): b's core from outside (wanted separation -(ra + rb):
    the cores touch) or b moved on by ra + rb (wanted 0: the shapes touch),
    then b moved by 0 to 2 ulps along each axis; pair k times 2^scales[k % ..].
    Also the wanted separations and each pair's scale."""
    A, B, want, scale = [], [], [], []
    for k in range(n):
        centre = rng.uniform(-6, 6, 2) * rng.choice([0.0, 0.1, 1.0])  # near the origin too: no long offsets
        ca, ra = core(ka, rng, centre)
        p, u = feature(ca, rng)
        cb, rb = placed(kb, rng, p, u)
        shapes_touch = rng.integers(2)
        cb = cb + shapes_touch * (ra + rb) * u
        a, b = row(ka, ca, ra, rng.random() < 0.5), row(kb, cb, rb, rng.random() < 0.5)
        positions = len(b) - (kb in ROUND)
        b[:positions] += np.tile(
            rng.choice([-2, -1, 0, 0, 0, 0, 1, 2], 2) * np.spacing(max(np.abs(p).max(), 0.01)), positions // 2
        )
        e = scales[k % len(scales)]
        A.append(np.ldexp(a, e))
        B.append(np.ldexp(b, e))
        want.append(math.ldexp(-(ra + rb) * (1 - shapes_touch), e))
        scale.append(math.ldexp(1.0, e))
    return np.array(A), np.array(B), np.array(want), np.array(scale)


def shapes(kind, rows):
    rows = np.asarray(rows, dtype=np.float64)
    return TYPES[kind](rows.reshape(len(rows), -1, 2) if kind.startswith("polygon") else rows)


def check_promise(ka, A, kb, B, want, scale):
    """contact, distance and manifold against overlaps, in both orders, and
    the separations within 1e-12 of the pair's size of the wanted ones."""
    a, b = shapes(ka, A), shapes(kb, B)
    size = np.maximum(np.maximum(np.abs(A).max(axis=1), np.abs(B).max(axis=1)), scale)
    for x, y in ((a, b), (b, a)):
        touching = pc.overlaps(x, y)
        c = pc.contact(x, y)
        for name, got in (
            ("contact(...).separation <= 0", c.separation <= 0),
            ("distance(...) == 0", pc.distance(x, y) == 0),
            ("manifold(...).count > 0", pc.manifold(x, y).count > 0),
        ):
            bad = np.flatnonzero(got != touching)
            assert not len(bad), (
                f"{name} disagrees with overlaps on {len(bad)} of {len(A)} pairs, e.g. "
                f"{ka} {A[bad[0]].tolist()} and {kb} {B[bad[0]].tolist()}"
            )
        bad = np.flatnonzero(np.abs(c.separation - want) > 1e-12 * size)
        assert not len(bad), (
            f"{len(bad)} separations off by more than 1e-12 of the size, e.g. "
            f"{ka} {A[bad[0]].tolist()} and {kb} {B[bad[0]].tolist()}: "
            f"{c.separation[bad[0]]!r}, not {want[bad[0]]!r}"
        )


# ------------------------------------------------------------ reproducers


@pytest.mark.parametrize("kind", ["triangle", "polygon3"])
def test_point_and_circle_beside_a_slanted_edge(kind):
    """(2, 0.7) lies 3e-17 outside the hypotenuse of the triangle: its
    distance had been 1.414 (a vertex's), and the circle of radius 0.5 about
    it, which overlaps the triangle, had a separation of +0.914 and no
    manifold point."""
    tri = [1, -0.3, 3, 1.7, 1, 1.7]
    t = pc.Triangles([tri]) if kind == "triangle" else pc.Polygons([np.reshape(tri, (3, 2))])
    p, c = pc.Points([[2.0, 0.7]]), pc.Circles([[2.0, 0.7, 0.5]])
    assert not pc.overlaps(p, t)[0]
    assert 0 < pc.distance(p, t)[0] <= 1e-15 and 0 < pc.distance(t, p)[0] <= 1e-15
    assert pc.overlaps(c, t, touching=False)[0]
    for x, y in ((c, t), (t, c)):
        sep = pc.contact(x, y).separation[0]
        assert sep == pytest.approx(-0.5, abs=1e-15)
        assert pc.manifold(x, y).count[0] == 1 and pc.distance(x, y)[0] == 0


@pytest.mark.parametrize(
    "kind,row",
    [("box", [-2e211, 0, -(2.0**-380), 1.7e211]), ("triangle", [-(2.0**-380), 0, -2e211, 1e211, -2e211, -1e211])],
)
def test_a_gap_below_the_scales_precision_is_tiny(kind, row):
    """A point 2^-380 beside a shape 1e211 across: the float geometry works
    on coordinates scaled into (-1, 1), where that gap is lost (the shape's
    corner lands on the point), and the distance had been taken to the next
    nearest vertex, 1.7e211 away.  Not overlapping, the gap is a tiny
    positive, in both orders; a circle over that corner overlaps."""
    shape, point = TYPES[kind]([row]), pc.Points([[0.0, 0.0]])
    assert not pc.overlaps(point, shape)[0]
    for x, y in ((point, shape), (shape, point)):
        assert 0 < pc.contact(x, y).separation[0] <= 2.0**-380
        assert 0 < pc.distance(x, y)[0] <= 2.0**-380 and pc.manifold(x, y).count[0] == 0
    ball = pc.Circles([[0.0, 0.0, 1e200]])
    assert pc.contact(ball, shape).separation[0] == pytest.approx(-1e200, rel=1e-12)


def test_points_and_circles_jittered_about_a_slanted_edge():
    """The hostile round's stream: points along that hypotenuse moved by up
    to 1e-15 either way (about half of them outside), and circles of radius
    0.5 about them (all overlapping): no distance above 2e-15 (the centres
    are at most sqrt(2) 1e-15 from the edge, up to their rounding) and every sign
    as overlaps says.  10,446 of 200,000 points had had distances above 1e-6,
    and 7,455 circles a separation of the wrong sign."""
    rng = np.random.default_rng(39)
    n = 20000
    s = rng.uniform(0, 1, n)
    centres = np.column_stack([1 + 2 * s, -0.3 + 2 * s]) + rng.uniform(-1e-15, 1e-15, (n, 2))
    for t in (pc.Triangles([[1, -0.3, 3, 1.7, 1, 1.7]]), pc.Polygons([[[1, -0.3], [3, 1.7], [1, 1.7]]])):
        p = pc.Points(centres)
        touching = pc.overlaps(p, t)
        assert 0 < touching.sum() < n
        d = pc.distance(p, t)
        assert np.array_equal(d == 0, touching) and d.max() <= 2e-15
        c = pc.Circles(np.column_stack([centres, np.full(n, 0.5)]))
        assert pc.overlaps(c, t).all()
        assert (pc.contact(c, t).separation <= -0.5 + 2e-15).all() and (pc.manifold(c, t).count == 1).all()


# ------------------------------------------------------------ streams


@pytest.mark.sample(3)
@pytest.mark.parametrize("ka,kb", ORDERED_PAIRS)
def test_touching_at_edges_and_vertices(ka, kb):
    """Every ordered pair of kinds built touching, at a slanted edge or a
    vertex of a's core, then moved by up to 2 ulps, at nine scales from 2^-700
    to 2^700 (the fast paths' range, its ends and the general path beyond),
    in both orders: the promise holds and the separations are the touching
    ones (within 1e-12 of the size), not a farther feature's."""
    rng = np.random.default_rng([ALL_KINDS.index(ka), ALL_KINDS.index(kb), 39])
    A, B, want, scale = touching_pairs(ka, kb, 360, rng)
    check_promise(ka, A, kb, B, want, scale)


@given(
    ka=st.sampled_from(ALL_KINDS),
    kb=st.sampled_from(ALL_KINDS),
    seed=st.integers(0, 2**32 - 1),
    e=st.sampled_from(SCALES + [-1060, -40, 40, 960]),
)
def test_touching_pairs_against_the_reference(ka, kb, seed, e):
    """One touching pair of any two kinds at a scale 2^e (from the
    subnormals to near the largest doubles): the separation's sign is the
    exact reference's (Fractions), and its size the reference's within 1e-12
    of the pair's size (and a few subnormal steps), in both orders."""
    A, B, _, scale = touching_pairs(ka, kb, 1, np.random.default_rng(seed), [e])
    a, b = tuple(A[0]), tuple(B[0])
    want = ref.separation(ka, a, kb, b)
    tol = 1e-12 * max(max(map(abs, a + b)), scale[0]) + 4 * math.ulp(0.0)
    for x, kx, y, ky in ((A, ka, B, kb), (B, kb, A, ka)):
        got = pc.contact(shapes(kx, x), shapes(ky, y)).separation[0]
        where = f"{kx} {x[0].tolist()} and {ky} {y[0].tolist()}: {got!r}, reference {want!r}"
        assert (got <= 0) == (want <= 0), where
        assert abs(got - want) <= tol, where
