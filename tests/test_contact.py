"""contact and distance against the exact reference (tests/reference/contact.py).

For shapes a, b with ``c = contact(a, b)`` and the reference signed distance
``s`` (> 0 gap, < 0 minus the penetration depth), every element must satisfy,
with ``tol = 1e-9 * (1 + the largest |coordinate| of a and b)``:

* ``|c.separation - s| <= tol``, and ``c.separation <= 0`` exactly when the
  shapes overlap (no tolerance: the reference's sign is exact);
* ``| |c.normal| - 1 | <= 1e-12``; ``|c.point_b - c.point_a - c.separation * c.normal| <= tol``;
* the witness points lie on the boundaries of their shapes, within tol.
  (Asked only for separated shapes, but it holds for all: the projections of
  a and b onto the normal are exactly ``separation`` apart - see below - so
  two points of a and b that far apart along the normal are extreme points of
  their shapes along it, which lie on the boundary);
* moving b by ``-c.separation * c.normal`` leaves a and b touching: the
  reference separation of a and the moved b is within tol of 0;
* the projections of a and b onto the normal are ``separation`` apart
  (``|projection_gap(a, b, normal) - s| <= tol``): the normal is a direction
  of closest approach or of a minimum translation.  Moving b by the MTV says
  the same only for separation != 0; this also pins the normal of touching
  shapes (e.g. two segments meeting in a T: the normal is perpendicular to
  the top bar, not any unit vector);
* where the two cores are one single point (no direction): normal == (0, 1);
* ``distance == max(separation, 0)`` exactly, and 0 exactly where they overlap.
"""

import functools
import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
import reference as ref
from hypothesis import given
from hypothesis import strategies as st
from strategies import KINDS, POSITIONS, TYPES, WIDTH, grid_coords, random_coords, seeded_grid_shapes, shape, valid_rows

import pycollide as pc

ORDERED_PAIRS = list(itertools.product(KINDS, KINDS))
COORDS = {"grid": lambda: grid_coords(3), "random": random_coords}
UP = (0.0, 1.0)  # the normal where no direction exists


def tolerance(a, b):
    """The absolute tolerance for shapes a, b: 1e-9 of their coordinate scale."""
    return 1e-9 * (1 + max(abs(v) for v in tuple(a) + tuple(b)))


def translated(kind, s, t):
    """Shape s moved by the vector t exactly, in Fractions (a radius is not a
    position; a rounded move could bend a polygon's collinear vertices)."""
    n = POSITIONS[kind]
    return tuple(Fraction(v) + Fraction(t[i % 2]) if i < n else v for i, v in enumerate(s))


def check_contact(ka, a, kb, b, sep, normal, point_a, point_b):
    """Every property of one contact result against the reference."""
    sep, normal, point_a, point_b = (
        float(sep),
        tuple(map(float, normal)),
        tuple(map(float, point_a)),
        tuple(map(float, point_b)),
    )
    tol = tolerance(a, b)
    want = ref.separation(ka, a, kb, b)
    where = (
        f"{ka} {a} vs {kb} {b}: separation {sep!r} (reference {want!r}), normal {normal!r}, "
        f"point_a {point_a!r}, point_b {point_b!r}, tol {tol:.3g}"
    )
    assert (sep <= 0) == (want <= 0), "the sign must be exact: " + where
    assert abs(sep - want) <= tol, where
    assert abs(math.hypot(*normal) - 1) <= 1e-12, where
    if ref.no_direction(ka, a, kb, b):
        assert normal == UP, where
    gap = (point_b[0] - point_a[0] - sep * normal[0], point_b[1] - point_a[1] - sep * normal[1])
    assert math.hypot(*gap) <= tol, "point_b - point_a != separation * normal: " + where
    assert ref.point_distance(ka, a, point_a) <= tol, "point_a is not on a: " + where
    assert ref.point_distance(kb, b, point_b) <= tol, "point_b is not on b: " + where
    assert ref.boundary_distance(ka, a, point_a) <= tol, "point_a is not on a's boundary: " + where
    assert ref.boundary_distance(kb, b, point_b) <= tol, "point_b is not on b's boundary: " + where
    moved = translated(kb, b, (-sep * normal[0], -sep * normal[1]))
    assert abs(ref.separation(ka, a, kb, moved)) <= tol, f"b moved by -separation*normal to {moved}: " + where
    assert abs(ref.projection_gap(ka, a, kb, b, normal) - want) <= tol, "not a minimum-translation direction: " + where


def check_batch(ka, kb, A, B):
    """contact and distance of two equally long arrays of shapes, element by element."""
    a, b = TYPES[ka](A), TYPES[kb](B)
    c = pc.contact(a, b)
    n = len(A)
    for name, want in [("separation", (n,)), ("normal", (n, 2)), ("point_a", (n, 2)), ("point_b", (n, 2))]:
        value = getattr(c, name)
        assert isinstance(value, np.ndarray) and value.dtype == np.float64 and value.shape == want, name
    touching = pc.overlaps(a, b)
    np.testing.assert_array_equal(c.separation <= 0, touching)
    d = pc.distance(a, b)
    assert d.dtype == np.float64 and d.shape == (n,)
    np.testing.assert_array_equal(d, np.maximum(c.separation, 0))
    assert not d[touching].any() and (d[~touching] > 0).all()
    for i in range(n):
        check_contact(ka, tuple(A[i]), kb, tuple(B[i]), c.separation[i], c.normal[i], c.point_a[i], c.point_b[i])
    return c


def check_mirrored(ka, kb, A, B, ab):
    """contact(b, a) is contact(a, b) = ``ab`` with the normal negated and the
    points swapped, bit for bit - except for identical shapes, and where no
    direction exists (the normal is (0, 1) both ways; check_contact checks
    that).  The separation is equal for every pair."""
    ba = pc.contact(TYPES[kb](B), TYPES[ka](A))
    np.testing.assert_array_equal(ba.separation, ab.separation)
    both_up = (ab.normal == UP).all(axis=-1) & (ba.normal == UP).all(axis=-1)
    exempt = [
        (ka == kb and np.array_equal(x, y)) or (up and ref.no_direction(ka, tuple(x), kb, tuple(y)))
        for x, y, up in zip(A, B, both_up)
    ]
    mirrored = ~np.array(exempt, dtype=bool)
    np.testing.assert_array_equal(ba.normal[mirrored], -ab.normal[mirrored])
    np.testing.assert_array_equal(ba.point_a[mirrored], ab.point_b[mirrored])
    np.testing.assert_array_equal(ba.point_b[mirrored], ab.point_a[mirrored])


@functools.lru_cache(maxsize=None)
def batches(ka, kb, coords):
    """1 to 4 pairs (a, b) as two float64 arrays (built once: hypothesis
    strategies are costly to construct)."""
    turned = coords == "random"  # polygons also as turned boxes and regular polygons
    pair = st.tuples(shape(ka, COORDS[coords](), turned), shape(kb, COORDS[coords](), turned))
    return st.lists(pair, min_size=1, max_size=4).map(
        lambda pairs: (
            np.array([p for p, _ in pairs], dtype=np.float64),
            np.array([q for _, q in pairs], dtype=np.float64),
        )
    )


@pytest.mark.sample(2)
@pytest.mark.parametrize("coords", list(COORDS))
@pytest.mark.parametrize("ka,kb", ORDERED_PAIRS)
@given(data=st.data())
def test_contact_against_reference(ka, kb, coords, data):
    A, B = data.draw(batches(ka, kb, coords), label="a, b")
    ab = check_batch(ka, kb, A, B)
    check_mirrored(ka, kb, A, B, ab)


@pytest.mark.sample(4)
@pytest.mark.parametrize("kb", KINDS)
@pytest.mark.parametrize("ka", ["point", "circle"])
def test_balls_near_and_inside_every_kind(ka, kb):
    """The common contact (a ball or a point near a shape, or inside its core:
    the fast path of the C core) against the reference, seeded: centres on a
    fine grid around shapes of every kind, so that some lie inside, some
    beside an edge's interior, some nearest a vertex, some on the boundary
    (where the general path takes over)."""
    rng = np.random.default_rng(100 + KINDS.index(kb) + 10 * (ka == "circle"))
    B = seeded_grid_shapes(rng, kb, 150, 3)
    centres = rng.integers(-16, 17, (150, 2)) / 4
    A = centres if ka == "point" else np.column_stack([centres, rng.integers(0, 5, 150) / 4])
    ab = check_batch(ka, kb, A, B)
    check_mirrored(ka, kb, A, B, ab)


@pytest.mark.parametrize("kb", ["point", "circle", "segment", "capsule"])
@pytest.mark.parametrize("ka", ["point", "circle"])
def test_balls_at_the_features_of_points_and_segments(ka, kb):
    """The C core's specialised paths for a ball against a point, a circle, a
    segment or a capsule (no exact test of the cores: a gap too small for
    squares goes to the general path), against the reference and mirrored:
    centres along the segment's line (on it, at its ends, beyond them), on
    the perpendiculars through its ends and its middle, each also moved off
    by 0, 2^-45, 2^-30 and 1/2 of the scale either side; a segment with both
    ends one point too."""
    x0, y0, x1, y1 = 1.0, 1.0, 3.0, 2.0
    ex, ey = x1 - x0, y1 - y0
    rows = {
        "point": [[x0, y0]],
        "circle": [[x0, y0, 0.5]],
        "segment": [[x0, y0, x1, y1], [x0, y0, x0, y0]],
        "capsule": [[x0, y0, x1, y1, 0.5], [x0, y0, x0, y0, 0.25]],
    }
    centres = []
    for t in (-0.5, 0.0, 0.25, 0.5, 1.0, 1.5):
        for off in (0.0, 2.0**-45, 2.0**-30, 0.5):
            for sign in (1.0, -1.0):
                centres.append((x0 + t * ex - sign * off * ey, y0 + t * ey + sign * off * ex))
    A, B = [], []
    for row in rows[kb]:
        for c in centres:
            for r in (0.0,) if ka == "point" else (0.0, 0.25):
                A.append(c if ka == "point" else c + (r,))
                B.append(row)
    A, B = np.array(A), np.array(B, dtype=np.float64)
    ab = check_batch(ka, kb, A, B)
    check_mirrored(ka, kb, A, B, ab)


@pytest.mark.sample(2)  # the straight vertex by default (the harder case), both in the full profile
@pytest.mark.parametrize(
    "poly",
    [
        [(0, 0), (2, 0), (4, 0), (4, 2), (2, 4), (0, 2)],  # straight on through (2, 0)
        [(0, 0), (4, 0), (4, 2), (2, 4), (0, 2)],
    ],
    ids=["straight-vertex", "pentagon"],
)
def test_balls_on_the_borders_of_a_polygons_regions(poly):
    """A ball outside a polygon takes its nearest feature from the Voronoi
    region its centre lies in (the foot on an edge, or a vertex), with no
    search over every feature; the borders between regions are where
    rounding could pick the wrong one.  Centres exactly on every border of a
    polygon with integer corners (v + t n for each edge's normal n at both
    its ends), a quarter unit either side of it, and inside near the corners,
    in both orders and both windings, against the reference.  Where the
    polygon runs straight on through a vertex, that vertex's borders are one
    line through it, which crosses the inside too: centres beyond the far
    side on that line (and on the axis lines through every vertex) must not
    be taken for that vertex's."""
    k = len(poly)
    kind = f"polygon{k}"
    centres = []
    for i, (x0, y0) in enumerate(poly):
        x1, y1 = poly[(i + 1) % k]
        nx, ny = y1 - y0, x0 - x1  # outward (counter-clockwise), integer
        for vx, vy in ((x0, y0), (x1, y1)):
            for t in (0.25, 0.5, 1, 3):
                for sx, sy in ((0, 0), (0.25, 0), (0, 0.25), (-0.25, 0), (0, -0.25)):
                    centres.append((vx + t * nx + sx, vy + t * ny + sy))
                    centres.append((vx - 0.125 * t * nx + sx, vy - 0.125 * t * ny + sy))
        for d in (-6, -5, 5, 6):  # on the axis lines through each vertex, outside
            centres += [(x0 + d, y0), (x0, y0 + d)]
    centres = np.array(centres, dtype=float)
    n = len(centres)
    for ka, radius in (("point", None), ("circle", 0.5), ("circle", 2.0)):
        A = centres if radius is None else np.column_stack([centres, np.full(n, radius)])
        for winding in (poly, poly[::-1]):
            B = np.tile(np.array(winding, dtype=float).reshape(1, 2 * k), (n, 1))
            ab = check_batch(ka, kind, A, B)
            check_mirrored(ka, kind, A, B, ab)


@pytest.mark.sample(3)
@pytest.mark.parametrize("kb", ["segment", "triangle", "box", "polygon5", "polygon6", "polygon8"])
@pytest.mark.parametrize("ka", ["segment", "capsule", "triangle", "polygon5", "polygon7", "polygon8"])
def test_polygons_apart_at_their_corners(ka, kb):
    """Two polygons (or segments, capsules) apart, corner towards corner or
    edge, at every angle: the fast path finds each face's deepest vertex by
    walking round the other polygon (five or more vertices) and, where that
    vertex is off the best face, takes the nearest pair at the corner with a
    proof; against the reference, in both orders.  Regular polygons turned by
    random angles (vertices off every grid), some with a vertex repeated or
    lying straight on; shapes reach at most 1.5 from their centres, and the
    centres are 2 + (1e-3 to 2) apart, so most pairs are apart, some by very
    little."""
    rng = np.random.default_rng(sum(map(ord, ka + "/" + kb)))

    def rows(kind, centres):
        n = len(centres)
        if kind == "box":
            half = rng.uniform(0.2, 1.0, (n, 2))
            return np.column_stack([centres - half, centres + half])
        if kind in ("segment", "capsule"):
            turn = rng.uniform(0, 2 * np.pi, n)
            half = rng.uniform(0.2, 1.0, (n, 1)) * np.column_stack([np.cos(turn), np.sin(turn)])
            ends = np.column_stack([centres - half, centres + half])
            return ends if kind == "segment" else np.column_stack([ends, rng.uniform(0.05, 0.3, n)])
        k = 3 if kind == "triangle" else int(kind[len("polygon") :])
        turn = rng.uniform(0, 2 * np.pi, (n, 1)) + np.arange(k) * (2 * np.pi / k)
        radius = rng.uniform(0.3, 1.0, (n, 1))
        ring = np.stack([centres[:, :1] + radius * np.cos(turn), centres[:, 1:] + radius * np.sin(turn)], -1)
        pick = rng.random(n)
        if k > 3:  # a third with the last vertex repeated, a third with it straight on between its neighbours
            ring[pick < 1 / 3, -1] = ring[pick < 1 / 3, -2]
            mid = (pick >= 1 / 3) & (pick < 2 / 3)
            ring[mid, -1] = (ring[mid, -2] + ring[mid, 0]) / 2
        return ring.reshape(n, 2 * k)

    n = 60
    ca = rng.uniform(-5, 5, (n, 2))
    angle = rng.uniform(0, 2 * np.pi, n)
    gap = 2.0 + np.exp(rng.uniform(np.log(1e-3), np.log(2.0), n))  # centre distance beyond the sizes
    cb = ca + gap[:, None] * np.column_stack([np.cos(angle), np.sin(angle)])
    A, B = valid_rows(ka, rows(ka, ca)), valid_rows(kb, rows(kb, cb))
    ab = check_batch(ka, kb, A, B)
    check_mirrored(ka, kb, A, B, ab)


# ---------------------------------------------------------------- by hand

R2 = math.sqrt(0.5)
CROSS = {(R2, R2), (-R2, -R2), (R2, -R2), (-R2, R2)}
HAND = [
    # kind_a, a, kind_b, b, separation, the possible normals, point_a, point_b (None: not unique)
    # the seed's circle pushed out of a box: its bottom (y = 0.7) is 0.3 below the box's top,
    # the box lies below the circle, and lowering the box by 0.3 leaves them touching
    ("circle", (0.5, 1.2, 0.5), "box", (0, 0, 2, 1), -0.3, {(0, -1)}, (0.5, 0.7), (0.5, 1)),
    ("box", (0, 0, 2, 1), "circle", (0.5, 1.2, 0.5), -0.3, {(0, 1)}, (0.5, 1), (0.5, 0.7)),
    ("circle", (0, 0, 1), "circle", (3, 0, 1), 1, {(1, 0)}, (1, 0), (2, 0)),
    # the circle reaches x = 1 and the box starts at x = 0.5: move the box right by 0.5
    ("circle", (0, 0, 1), "box", (0.5, -1, 3, 1), -0.5, {(1, 0)}, (1, 0), (0.5, 0)),
    # (1, 1.5) is 1 from the box's left edge (1.5 and 2 from the others): move the box right by 1
    ("point", (1, 1.5), "box", (0, 0, 3, 3), -1, {(1, 0)}, (1, 1.5), (0, 1.5)),
    # the circle's centre is 1 from the box's left edge: move the circle left by 1 + 0.5
    ("box", (0, 0, 4, 4), "circle", (1, 2, 0.5), -1.5, {(-1, 0)}, (0, 2), (1.5, 2)),
    ("box", (0, 0, 2, 2), "box", (1, 0, 3, 2), -1, {(1, 0)}, None, None),  # the x-overlap, 1 < 2
    ("point", (5, 7), "box", (0, 0, 2, 3), 5, {(-0.6, -0.8)}, (5, 7), (2, 3)),  # to the corner (2, 3)
    ("circle", (0, 0, 1), "box", (1, 1, 2, 2), math.sqrt(2) - 1, {(R2, R2)}, (R2, R2), (1, 1)),
    ("triangle", (0, 0, 4, 0, 0, 4), "point", (3, 3), math.sqrt(2), {(R2, R2)}, (2, 2), (3, 3)),
    # no direction: (0, 1) in either order; the points are the extreme points along it
    ("circle", (0, 0, 1), "circle", (0, 0, 2), -3, {(0, 1)}, (0, 1), (0, -2)),
    ("point", (2, 3), "point", (2, 3), 0, {(0, 1)}, (2, 3), (2, 3)),
    ("box", (2, 3, 2, 3), "box", (2, 3, 2, 3), 0, {(0, 1)}, (2, 3), (2, 3)),
    ("point", (1, 1), "circle", (1, 1, 2), -2, {(0, 1)}, (1, 1), (1, -1)),
    ("circle", (1, 1, 2), "point", (1, 1), -2, {(0, 1)}, (1, 3), (1, 1)),
    # touching: the normal is the one direction in which they part at once
    ("segment", (0, 0, 2, 0), "segment", (1, 0, 1, 2), 0, {(0, 1)}, (1, 0), (1, 0)),  # T-junction
    ("segment", (0, 0, 2, 0), "segment", (1, 0, 3, 0), 0, {(0, 1), (0, -1)}, None, None),  # collinear
    # crossing segments: push b half its own length along either segment
    ("segment", (0, 0, 2, 2), "segment", (0, 2, 2, 0), -math.sqrt(2), CROSS, None, None),
    ("segment", (0, 0, 4, 0), "circle", (1, 0, 1), -1, {(0, 1), (0, -1)}, None, None),  # centre on it
]


@pytest.mark.parametrize("ka,a,kb,b,sep,normals,point_a,point_b", HAND)
def test_hand_worked_contacts(ka, a, kb, b, sep, normals, point_a, point_b):
    c = pc.contact(TYPES[ka](a), TYPES[kb](b))
    assert np.shape(c.separation) == () and c.normal.shape == c.point_a.shape == c.point_b.shape == (2,)
    assert c.separation == pytest.approx(sep, abs=1e-12)
    assert any(c.normal.tolist() == pytest.approx(n, abs=1e-12) for n in normals), c.normal
    if point_a is not None:
        assert c.point_a.tolist() == pytest.approx(point_a, abs=1e-12)
        assert c.point_b.tolist() == pytest.approx(point_b, abs=1e-12)
    check_contact(ka, a, kb, b, c.separation, c.normal, c.point_a, c.point_b)
    assert pc.distance(TYPES[ka](a), TYPES[kb](b)) == max(c.separation, 0)


# ----------------------------------------------------- arrays and errors


@pytest.mark.parametrize("ka,kb", ORDERED_PAIRS)
def test_broadcasting_equals_elementwise(ka, kb):
    rng = np.random.default_rng(KINDS.index(ka) * 5 + KINDS.index(kb))
    a, b = TYPES[ka](seeded_grid_shapes(rng, ka, 3, 3)), TYPES[kb](seeded_grid_shapes(rng, kb, 4, 3))
    c = pc.contact(a[:, None], b[None, :])
    d = pc.distance(a[:, None], b[None, :])
    assert c.separation.shape == d.shape == (3, 4)
    assert c.normal.shape == c.point_a.shape == c.point_b.shape == (3, 4, 2)
    for i, j in itertools.product(range(3), range(4)):
        one = pc.contact(a[i], b[j])
        assert np.shape(one.separation) == () and np.shape(pc.distance(a[i], b[j])) == ()
        assert one.normal.shape == one.point_a.shape == one.point_b.shape == (2,)
        assert one.separation == c.separation[i, j] and pc.distance(a[i], b[j]) == d[i, j]
        for name in ("normal", "point_a", "point_b"):
            np.testing.assert_array_equal(getattr(one, name), getattr(c, name)[i, j])
    row = pc.contact(a, b[1])  # against a single shape
    np.testing.assert_array_equal(row.separation, c.separation[:, 1])
    np.testing.assert_array_equal(row.normal, c.normal[:, 1])


def test_scalar_and_empty_results():
    c = pc.contact(pc.Circles([0, 0, 1]), pc.Circles([3, 0, 1]))
    assert type(c).__name__ == "Contact"
    assert np.shape(c.separation) == () and np.asarray(c.separation).dtype == np.float64
    for v in (c.normal, c.point_a, c.point_b):
        assert isinstance(v, np.ndarray) and v.dtype == np.float64 and v.shape == (2,)
    d = pc.distance(pc.Circles([0, 0, 1]), pc.Circles([3, 0, 1]))
    assert np.shape(d) == () and d == 1.0
    e = pc.contact(pc.Circles(np.zeros((0, 3))), pc.Boxes([0, 0, 1, 1]))
    assert e.separation.shape == (0,) and e.normal.shape == e.point_a.shape == e.point_b.shape == (0, 2)
    assert pc.distance(pc.Circles(np.zeros((0, 3)))[:, None], pc.Points(np.zeros((4, 2)))[None, :]).shape == (0, 4)


@pytest.mark.parametrize("verb", ["contact", "distance"])
def test_type_errors(verb):
    f = getattr(pc, verb)
    with pytest.raises(TypeError, match=rf"{verb}: `a` must be a shape array .* got ndarray"):
        f(np.zeros((2, 3)), pc.Points([0, 0]))
    with pytest.raises(TypeError, match=rf"{verb}: `b` must be a shape array .* got list"):
        f(pc.Points([0, 0]), [0, 0])
    with pytest.raises(ValueError, match=rf"{verb}: .*broadcast"):
        f(pc.Circles([[0, 0, 1], [5, 0, 1]]), pc.Points([[1, 0], [0, 0], [9, 9]]))


def test_out_receives_the_contact():
    """``out`` gets the values a new result holds, bit for bit, through its
    own strides (here every other pair's slot of a larger buffer), and the
    fields returned are views of it; the rest of the buffer is untouched."""
    rng = np.random.default_rng(17)
    for ka, kb in [("circle", "box"), ("triangle", "triangle"), ("segment", "capsule"), ("point", "polygon5")]:
        a = TYPES[ka](seeded_grid_shapes(rng, ka, 5, 4).reshape(5, 1, WIDTH[ka]))
        b = TYPES[kb](seeded_grid_shapes(rng, kb, 4, 4).reshape(1, 4, WIDTH[kb]))
        fresh = pc.contact(a, b)
        big = np.full((5, 4, 2, 7), 7.0)
        got = pc.contact(a, b, out=big[:, :, 1])
        for f in ("separation", "normal", "point_a", "point_b"):
            assert np.array_equal(getattr(got, f), getattr(fresh, f))
            assert np.shares_memory(getattr(got, f), big)
        assert (big[:, :, 0] == 7.0).all()


@pytest.mark.parametrize(
    "bad, error",
    [
        (np.empty((3, 7), np.float32), TypeError),
        (np.empty((2, 7)), ValueError),
        (np.empty((3, 14))[:, ::2], ValueError),
        ([[0.0] * 7] * 3, TypeError),
        (np.empty((3, 8)), ValueError),
    ],
)
def test_out_is_checked(bad, error):
    a, b = pc.Circles([[0, 0, 1], [3, 0, 1], [6, 0, 1]]), pc.Boxes([1, -1, 2, 1])
    with pytest.raises(error, match="out"):
        pc.contact(a, b, out=bad)
    frozen = np.empty((3, 7))
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        pc.contact(a, b, out=frozen)
    with pytest.raises(TypeError, match="World"):
        pc.contact(a, pc.World(pc.Boxes([[1, -1, 2, 1]])), out=np.empty((3, 7)))
