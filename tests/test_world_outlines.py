"""Polylines and Regions as World parts (issue 43): overlaps, sweeps,
contacts and the mover against outlines, checked against the exact
references (tests/reference/outlines.py, sweeps.py)."""

import math
from fractions import Fraction as F

import numpy as np
import outline_strategies as OS
import pytest
import strategies as S
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import outlines as O
from reference import sweeps as RS
from reference.outlines import ring_edges
from strategies import TYPES, examples
from test_outlines import FAMILIES, as_regions, kinds_and_shapes, near_shapes

import pycollide as pc


def region_edges(shell, holes):
    return [e for ring in [shell, *holes] for e in ring_edges([(F(x), F(y)) for x, y in ring])]


def has_interior(kind, row):
    """A mover with area or a radius: entering a region means crossing an edge."""
    if kind == "point":
        return False
    if kind == "circle":
        return row[2] > 0
    if kind == "capsule":
        return row[4] > 0
    if kind == "segment":
        return False
    mine = TYPES[kind]([row])
    return bool(pc.overlaps(mine, mine, touching=False)[0])


# ---- overlaps ------------------------------------------------------------------------------


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=examples(60))
@given(data=st.data())
def test_world_overlaps_with_regions_agree_with_the_reference(family, data):
    shell, holes = data.draw(OS.regions(family))
    world = pc.World(pc.Boxes([[1e6, 1e6, 1e6 + 1, 1e6 + 1]]), as_regions(shell, holes))
    cases = near_shapes(data, shell, holes)
    cases += [data.draw(kinds_and_shapes(st.integers(-8, 40).map(lambda i: i / 4))) for _ in range(3)]
    for kind, row in cases:
        one = TYPES[kind]([row])
        for touching in (True, False):
            want = O.overlaps_region(kind, tuple(row), (shell, holes), touching)
            assert pc.overlaps(one, world, touching=touching).tolist() == [want], (kind, row, touching)


@settings(max_examples=examples(100))
@given(data=st.data())
def test_world_overlaps_with_polylines_agree_with_the_reference(data):
    line = data.draw(OS.polylines(coords=st.integers(-2, 14).map(float)))
    world = pc.World(pc.Polylines([np.array(line, dtype=float)]))
    for _ in range(6):
        kind, row = data.draw(kinds_and_shapes(st.integers(-4, 28).map(lambda i: i / 2)))
        one = TYPES[kind]([row])
        for touching in (True, False):
            want = O.overlaps_polyline(kind, tuple(row), line, touching)
            assert pc.overlaps(one, world, touching=touching).tolist() == [want], (kind, row, touching)


# ---- sweeps --------------------------------------------------------------------------------


def first_edge_hit(kind, row, D, edges):
    """The reference's first hit over the edges, each a segment: a shape that
    does not strictly overlap a region enters it only across its boundary."""
    best = None
    for (x0, y0), (x1, y1) in edges:
        status, t = RS.shape_sweep(kind, tuple(row), D, "segment", (x0, y0, x1, y1))
        if status == "penetrating":
            return "penetrating", None
        if status == "hit" and (best is None or t < best):
            best = t
    return ("hit", best) if best is not None else ("miss", None)


def ends_exact(kind, row, D):
    """Does every vertex (or centre) plus D land on a double exactly?  (The
    reference sweeps the exact motion; the C core its rounded ends.)"""
    xy = list(row[:-1]) if kind in ("circle", "capsule") else list(row)
    return all(F(v + D[i % 2]) == F(v) + F(D[i % 2]) for i, v in enumerate(xy))


@pytest.mark.parametrize("family", ["star", "comb", "grid", "spiral"])
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_sweeps_against_regions_agree_with_the_reference(family, data):
    shell, holes = data.draw(OS.regions(family))
    regions = as_regions(shell, holes)
    world = pc.World(regions)
    edges = region_edges(shell, holes)
    span = max(max(abs(v) for v in p) for p in shell) + 1
    unit = 2.0 ** min(max(0, math.frexp(span)[1] - 4), 1000)  # about a sixteenth of the region, dyadic
    cases = near_shapes(data, shell, holes, n=4)
    cases += [data.draw(kinds_and_shapes(st.integers(-8, 40).map(lambda i: i * unit / 4))) for _ in range(6)]
    for kind, row in cases:
        if not has_interior(kind, row) or O.overlaps_region(kind, tuple(row), (shell, holes), False):
            continue
        D = data.draw(st.tuples(*[st.integers(-32, 32).map(lambda i: i * unit / 4)] * 2))
        if not all(map(math.isfinite, D)) or not ends_exact(kind, row, D):
            continue
        status, t_ref = first_edge_hit(kind, row, D, edges)
        if status == "penetrating":
            continue
        s = pc.sweep(TYPES[kind]([row]), D, world)
        hit = bool(s.part[0] == 0)
        assert hit == (status == "hit"), (kind, row, D, status, s)
        placed = pc.transform(TYPES[kind]([row]), translation=s.time[..., None] * np.array(D))
        assert not pc.overlaps(placed, regions, touching=False)[0], (kind, row, D, s.time)
        if hit:
            assert abs(float(s.time[0]) - t_ref) <= 1e-9 * (1 + span), (kind, row, D, s.time, t_ref)
            assert float(s.normal[0] @ np.array(D)) <= 1e-9 * span  # back at the mover


def flat_entry(p, D, shell, holes):
    """The reference's entry of a point moving from p by D into the region's
    interior: the least t in [0, 1] after which it would be inside (at t = 1:
    were it to go on; a sweep hits what it reaches at its end moving into
    it), from the times where its path meets the boundary and the places
    between them (exact: Fractions), or None."""
    region = O.Region(shell, holes)
    p = (F(p[0]), F(p[1]))
    q = (p[0] + 2 * F(D[0]), p[1] + 2 * F(D[1]))  # the path, and as far again
    axis = 0 if D[0] != 0 else 1
    times = {F(0), F(2)}
    for a, b in region.edges:
        _, pts = O.segment_relation(p, q, a, b)
        times.update(2 * (x[axis] - p[axis]) / (q[axis] - p[axis]) for x in pts)
    times = sorted(times)
    for t0, t1 in zip(times, times[1:]):
        if t0 > 1:
            break
        mid = (t0 + t1) / 4
        if region.classify((p[0] + mid * (q[0] - p[0]), p[1] + mid * (q[1] - p[1]))) == O.INSIDE:
            return t0
    return None


@pytest.mark.parametrize("family", ["grid", "spiral", "star", "comb"])
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_points_and_segments_enter_regions_through_vertices(family, data):
    """A point, or a segment moving along its own line, sweeps no area: it
    enters a region across an edge or through a vertex where the boundary
    runs on straight (a collinear vertex), turns (a corner met head on) or
    leaves the path (a reflex corner after sliding along an edge).  The hit
    is the reference's entry, and the mover placed there is not inside."""
    shell, holes = data.draw(OS.regions(family))
    regions = as_regions(shell, holes)
    span = max(max(abs(v) for v in p) for p in shell) + 1
    unit = 2.0 ** min(max(0, math.frexp(span)[1] - 4), 1000)
    rings = [shell, *holes]
    ring = data.draw(st.sampled_from(rings))
    v = data.draw(st.sampled_from(ring))
    D = data.draw(st.tuples(*[st.integers(-32, 32).map(lambda i: i * unit / 4)] * 2).filter(lambda d: d != (0.0, 0.0)))
    back = data.draw(st.sampled_from([F(1, 4), F(1, 2), F(3, 4), F(1)]))
    p = (F(v[0]) - back * F(D[0]), F(v[1]) - back * F(D[1]))  # its path passes through the vertex
    if float(p[0]) != p[0] or float(p[1]) != p[1] or not all(map(math.isfinite, D)):
        return
    p = (float(p[0]), float(p[1]))
    if not ends_exact("point", list(p), D):
        return
    length = data.draw(st.sampled_from([0, 1, 2]))  # a point, or a segment behind it along the motion
    tail = (p[0] - length * D[0] / 4, p[1] - length * D[1] / 4)
    if length and (F(tail[0]) != F(p[0]) - length * F(D[0]) / 4 or F(tail[1]) != F(p[1]) - length * F(D[1]) / 4):
        return
    mover = pc.Points([p]) if not length else pc.Segments([[*tail, *p]])
    if pc.overlaps(mover, regions, touching=False)[0]:
        return
    want = flat_entry(p, D, shell, holes)
    s = pc.sweep(mover, D, pc.World(regions))
    assert bool(s.part[0] == 0) == (want is not None), (p, D, length, want, s)
    placed = pc.transform(mover, translation=s.time[..., None] * np.array(D))
    assert not pc.overlaps(placed, regions, touching=False)[0], (p, D, s.time)
    if want is not None:
        tol = 1e-9 * (1 + span)
        assert float(s.time[0]) <= float(want) + tol, (p, D, s.time, want)  # never later than the entry
        at_want = pc.transform(mover, translation=float(want) * np.array(D))
        if not pc.overlaps(at_want, regions, touching=False)[0]:  # (a path along a knife edge may need earlier)
            assert abs(float(s.time[0]) - float(want)) <= tol, (p, D, s.time, want)
        assert float(s.normal[0] @ np.array(D)) <= 0.0  # back at the mover


def test_a_shape_sliding_along_a_polyline_is_not_hit_at_its_vertices():
    xs = np.arange(0.0, 101.0)
    floor = pc.World(pc.Polylines([np.c_[xs, np.zeros_like(xs)]]))
    for mover in (pc.Boxes([[0.5, 0, 1.5, 1]]), pc.Capsules([[1, 0.5, 1, 1.5, 0.5]]), pc.Circles([[3, 1, 1]])):
        s = pc.sweep(mover, [90.0, 0.0], floor)
        assert s.time.tolist() == [1.0] and s.part.tolist() == [-1], (mover, s)
        down = pc.sweep(mover, [0.0, -1.0], floor)  # pressing into the floor at a vertex: the face's normal
        assert down.time.tolist() == [0.0] and down.normal.tolist() == [[0.0, 1.0]], (mover, down)


def test_a_shape_inside_a_region_is_hit_at_once():
    room = pc.Regions([[[0, 0], [10, 0], [10, 10], [0, 10]]])
    s = pc.sweep(pc.Circles([[5, 3, 1]]), [0.0, -1.0], pc.World(room))
    assert s.time.tolist() == [0.0] and s.part.tolist() == [0]


# ---- contacts ------------------------------------------------------------------------------


@pytest.mark.parametrize("family", ["star", "comb", "grid"])
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_world_contact_signs_are_exact_and_match_the_direct_contact(family, data):
    shell, holes = data.draw(OS.regions(family))
    regions = as_regions(shell, holes)
    world = pc.World(regions)
    for kind, row in near_shapes(data, shell, holes, n=4):
        one = TYPES[kind]([row])
        c = pc.contact(one, world)
        sep = float(c.separation[0])
        strict = O.overlaps_region(kind, tuple(row), (shell, holes), False)
        touch = O.overlaps_region(kind, tuple(row), (shell, holes), True)
        if strict:
            assert sep < 0 or sep == -math.inf, (kind, row, c)
            continue
        assert (sep == 0) == touch and sep >= 0, (kind, row, c)
        direct = pc.contact(one, regions)
        assert sep == float(direct.separation[0])
        assert c.normal.tolist() == direct.normal.tolist()


def test_a_box_across_a_polyline_vertex_gets_the_floors_normal():
    xs = np.arange(0.0, 11.0)
    world = pc.World(pc.Polylines([np.c_[xs, np.zeros_like(xs)]]))
    crate = pc.Boxes([[2.5, 0, 3.5, 1]])
    c = pc.contact(crate, world)
    assert c.separation.tolist() == [0.0] and c.normal.tolist() == [[0.0, -1.0]]
    m = pc.manifold(crate, world)
    assert int(m.count[0]) == 2 and m.normal.tolist() == [[0.0, -1.0]]
    sunk = pc.Boxes([[2.5, -0.25, 3.5, 0.75]])
    ground = pc.Regions([[[0, -5], [10, -5], [10, 0], [0, 0]]])
    out = pc.depenetrate(sunk, pc.World(ground))
    assert out.translation.tolist() == [[0.0, 0.25]]
    assert not pc.overlaps(out.shapes, ground, touching=False)[0]
    inside = pc.contact(sunk, pc.World(ground))
    assert inside.separation.tolist() == [-0.25] and inside.normal.tolist() == [[0.0, -1.0]]


def test_raycasts_through_a_world_hit_its_outlines():
    floor = pc.Polylines([[[0, 0], [4, 0], [8, 2]]])
    hill = pc.Regions([[[10, 0], [14, 0], [12, 3]]])
    world = pc.World(floor, hill)
    origins, directions = [[2, 5], [12, 10], [20, 1], [-5, -5]], [[0, -1], [0, -1], [-1, 0], [0, -1]]
    r = pc.raycast(origins, directions, world)
    assert r.hit.tolist() == [True, True, True, False]
    assert r.distance[:2].tolist() == [5.0, 7.0]
    assert r.part.tolist() == [0, 1, 1, -1] and r.index.tolist() == [0, 0, 0, -1]
    direct = pc.raycast(origins[2:3], directions[2:3], hill)
    assert r.distance[2] == direct.distance[0] and r.normal[2].tolist() == direct.normal[0].tolist()


# ---- the mover -----------------------------------------------------------------------------


def test_a_capsule_runs_along_a_polyline_floor_of_1000_vertices_keeping_its_speed():
    xs = np.linspace(0.0, 250.0, 1001)  # 1,000 edges of 0.25
    world = pc.World(pc.Polylines([np.c_[xs, np.zeros_like(xs)]]))
    hero = pc.Capsules([[1.0, 0.5, 1.0, 1.5, 0.5]])
    step = np.array([0.3, -0.1])  # running and falling a little: pressed into the floor every frame
    for frame in range(800):
        r = pc.move(hero, step, world, snap_distance=0.25)
        assert r.displacement.tolist() == [[0.3, 0.0]], frame  # the speed bit for bit, no seam caught
        assert bool(r.on_floor[0]) and r.ground_normal.tolist() == [[0.0, 1.0]], frame  # no ghost normal
        assert r.ground_part.tolist() == [0] and r.ground_index.tolist() == [0]
        hero = r.shapes
    assert np.asarray(hero)[0].tolist() == pytest.approx([241.0, 0.5, 241.0, 1.5, 0.5])


@pytest.mark.parametrize("kind", ["box", "polygon", "circle"])
def test_every_kind_slides_along_a_polyline_across_its_vertices(kind):
    xs = np.arange(0.0, 201.0)
    world = pc.World(pc.Polylines([np.c_[xs, np.zeros_like(xs)]]))
    mover = {
        "box": pc.Boxes([[0.5, 0, 1.5, 1]]),
        "polygon": pc.Polygons([[[0.5, 0], [1.5, 0], [1, 1]]]),
        "circle": pc.Circles([[1, 0.5, 0.5]]),
    }[kind]
    for frame in range(300):
        r = pc.move(mover, [0.5, -0.25], world)
        assert r.displacement.tolist() == [[0.5, 0.0]] and r.ground_normal.tolist() == [[0.0, 1.0]], frame
        mover = r.shapes


def test_running_down_a_polyline_slope_with_snapping_keeps_the_floor():
    xs = np.arange(0.0, 401.0)
    slope = pc.World(pc.Polylines([np.c_[xs, -xs]]))  # 45 degrees down, a vertex at every unit
    hero = pc.Capsules([[1.0, -1.0 + 0.5 * math.sqrt(2) + 0.5, 1.0, 0.5 * math.sqrt(2) + 0.5, 0.5]])
    hero = pc.depenetrate(hero, slope).shapes
    hero = pc.move(hero, [0, -1], slope).shapes
    normals = set()
    for frame in range(300):
        r = pc.move(hero, [0.4, 0.0], slope, snap_distance=1.0)
        assert bool(r.on_floor[0]), frame
        normals.add(tuple(r.ground_normal[0]))
        hero = r.shapes
    assert len(normals) == 1  # the same normal bit for bit at every vertex
    (n,) = normals
    assert n[0] == pytest.approx(math.sqrt(0.5)) and n[1] == pytest.approx(math.sqrt(0.5))


@pytest.mark.parametrize("family", ["star", "comb", "grid", "spiral"])
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_movers_never_end_inside_regions_or_pass_through(family, data):
    shell, holes = data.draw(OS.regions(family))
    regions = as_regions(shell, holes)
    line = pc.Polylines([np.array(shell, dtype=float)])
    world = pc.World(regions, line)
    span = max(max(abs(v) for v in p) for p in shell) + 1
    for kind, row in near_shapes(data, shell, holes, n=4):
        if kind == "point" or O.overlaps_region(kind, tuple(row), (shell, holes), False):
            continue
        one = TYPES[kind]([row])
        D = data.draw(st.tuples(*[st.sampled_from([-1e6, -3.0, -0.5, 0.0, 0.25, 1.0, 7.0, 1e6])] * 2))
        scale = min(span, 2.0**100) / 8  # a step of the region's size, or far beyond it
        r = pc.move(one, [v * scale for v in D], world, step_height=0.5)
        moved = tuple(float(v) for v in r.shapes._data[0])
        assert not O.overlaps_region(kind, moved, (shell, holes), False), (kind, row, D, moved)


def test_a_fast_mover_never_passes_a_polyline_wall():
    wall = pc.World(pc.Polylines([[[10, -5], [10, 0], [10, 5]]]))
    for mover in (pc.Circles([[0, 0, 0.5]]), pc.Boxes([[0, -0.5, 1, 0.5]]), pc.Capsules([[0, 0, 0, 0, 0.25]])):
        r = pc.move(mover, [1e9, 0.0], wall)
        assert r.shapes.bounds()[0, 2] <= 10.0 and bool(r.on_wall[0]), mover
        s = pc.sweep(mover, [1e9, 0.0], wall)
        assert s.part.tolist() == [0] and s.normal.tolist() == [[-1.0, 0.0]]


def test_a_world_with_outlines_draws(tmp_path):
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from pycollide.plotting import plot

    world = pc.World(pc.Polylines([[[0, 0], [4, 0], [8, 2]]]), pc.Regions([[[10, 0], [14, 0], [12, 3]]]))
    artists = plot(world)
    assert len(artists) == 2


def test_outline_parts_in_worlds_repr_and_pickle():
    import pickle

    world = pc.World(pc.Regions([[[10, 0], [14, 0], [12, 3]]]), pc.OneWay(pc.Polylines([[[0, 0], [4, 0]]])))
    assert repr(world) == "World(Regions[1], OneWay(Polylines[1], up=(0.0, 1.0)))"
    again = pickle.loads(pickle.dumps(world))
    assert pc.overlaps(pc.Points([[12, 1]]), again).tolist() == [True]


def test_balls_bounce_inside_a_polyline_room_and_stay_in_it():
    ring = [[0, 0], [10, 0], [10, 10], [5, 12], [0, 10], [0, 0]]
    world = pc.World(pc.Polylines([ring]))
    room = pc.Regions([ring])
    rng = np.random.default_rng(7)
    n = 300
    balls = pc.Circles(np.c_[rng.uniform(1, 9, n), rng.uniform(1, 9, n), np.full(n, 0.2)])
    v = rng.normal(size=(n, 2)) * 40  # many bounces a step
    for _ in range(5):
        balls, v = pc.advance(balls, v, world, 1.0, restitution=1.0)
        assert not pc.overlaps(balls, world, touching=False).any()
        assert pc.contains(room, pc.Points(np.asarray(balls)[:, :2])).all()  # none escaped through a corner


def test_manifolds_with_outlines_both_orders():
    xs = np.arange(0.0, 11.0)
    floor = pc.Polylines([np.c_[xs, np.zeros_like(xs)]])
    crate = pc.Boxes([[2.5, 0, 3.5, 1]])  # across the vertex at x = 3
    m = pc.manifold(crate, floor)
    assert int(m.count[0]) == 2 and m.normal.tolist() == [[0.0, -1.0]]
    assert sorted(m.points[0].tolist()) == [[2.5, 0.0], [3.5, 0.0]] and m.separations.tolist() == [[0.0, 0.0]]
    back = pc.manifold(floor, crate)
    assert back.normal.tolist() == [[0.0, 1.0]] and back.points.tolist() == m.points.tolist()
    ground = pc.Regions([[[0, -5], [10, -5], [10, 0], [0, 0]]])
    sunk = pc.manifold(pc.Boxes([[2.5, -0.25, 3.5, 0.75]]), ground)  # a quarter deep: two points, the floor's normal
    assert int(sunk.count[0]) == 2 and sunk.normal.tolist() == [[0.0, -1.0]]
    assert sunk.separations[0].tolist() == [-0.25, -0.25]
    apart = pc.manifold(pc.Boxes([[2.5, 0.5, 3.5, 1.5]]), floor, margin=0.25)
    assert apart.count.tolist() == [0]
    assert pc.manifold(pc.Boxes([[2.5, 0.5, 3.5, 1.5]]), floor, margin=0.5).count.tolist() == [2]


@pytest.mark.parametrize("family", ["star", "comb", "grid"])
@settings(max_examples=examples(30), deadline=None)
@given(data=st.data())
def test_manifold_counts_are_exact_against_regions(family, data):
    shell, holes = data.draw(OS.regions(family))
    regions = as_regions(shell, holes)
    for kind, row in near_shapes(data, shell, holes, n=4):
        one = TYPES[kind]([row])
        m = pc.manifold(one, regions)
        touch = O.overlaps_region(kind, tuple(row), (shell, holes), True)
        assert (int(m.count[0]) > 0) == touch, (kind, row, m)
        assert pc.manifold(regions, one).count.tolist() == m.count.tolist()


# ---- outlines against outlines -------------------------------------------------------------


def _moved_ring(ring, dx, dy):
    return [(x + dx, y + dy) for x, y in ring]


@pytest.mark.parametrize("family", ["star", "comb", "grid", "spiral"])
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_outlines_against_outlines_agree_with_the_reference(family, data):
    shell, holes = data.draw(OS.regions(family))
    unit = 2.0 ** min(max(0, math.frexp(max(max(abs(v) for v in p) for p in shell) + 1)[1] - 3), 1000)
    dx, dy = (data.draw(st.integers(-8, 8)) * unit / 4 for _ in range(2))
    other_shell, other_holes = data.draw(OS.regions(data.draw(st.sampled_from(FAMILIES))))
    first = (shell, holes)
    cases = [(first, (other_shell, other_holes))]
    exact = all(
        math.isfinite(p[0] + dx) and F(p[0] + dx) == F(p[0]) + F(dx) and F(p[1] + dy) == F(p[1]) + F(dy)
        for ring in [shell, *holes]
        for p in ring
    )
    if exact:  # the region moved exactly: touching it, overlapping it, apart
        cases.append((first, (_moved_ring(shell, dx, dy), [_moved_ring(h, dx, dy) for h in holes])))
    for r1, r2 in cases:
        a, b = as_regions(*r1), as_regions(*r2)
        want = O.overlaps_regions(r1, r2, True)
        assert pc.overlaps(a, b).tolist() == [want] and pc.overlaps(b, a).tolist() == [want], (r1, r2)
        line = [tuple(p) for p in r2[0][: max(2, len(r2[0]) // 2)]]  # an open part of the other shell
        pl = pc.Polylines([np.array(line, dtype=float)])
        for touching in (True, False):
            want = O.overlaps_polyline_region(line, r1, touching)
            assert pc.overlaps(pl, a, touching=touching).tolist() == [want], (line, r1, touching)
            assert pc.overlaps(a, pl, touching=touching).tolist() == [want], (line, r1, touching)
        ring = [tuple(p) for p in r1[0]]
        want = O.overlaps_polylines(line, ring, True)
        assert pc.overlaps(pl, pc.Polylines([np.array(ring, dtype=float)])).tolist() == [want]


def _regions_of(pairs):
    return pc.Regions(
        [np.array(s, dtype=float) for s, _ in pairs], holes=[[np.array(h, dtype=float) for h in hs] for _, hs in pairs]
    )


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_two_regions_overlap_strictly_where_the_reference_says(family, data):
    """Interiors meeting: a region against another, itself, a plug filling
    one of its holes, and itself moved by quarter units (sharing edges,
    overlapping, apart), every pair in one batch, both orders."""
    shell, holes = data.draw(OS.regions(family))
    first = (shell, holes)
    unit = 2.0 ** min(max(0, math.frexp(max(max(abs(v) for v in p) for p in shell) + 1)[1] - 3), 1000)
    dx, dy = (data.draw(st.integers(-8, 8)) * unit / 4 for _ in range(2))
    others = [data.draw(OS.regions(data.draw(st.sampled_from(FAMILIES)))), first]
    others += [(h, []) for h in holes[:2]]
    moved = [[(x + dx, y + dy) for x, y in ring] for ring in [shell, *holes]]
    if all(
        F(p[0]) + F(dx) == F(q[0]) and F(p[1]) + F(dy) == F(q[1])
        for r, m in zip([shell, *holes], moved)
        for p, q in zip(r, m)
    ):
        others.append((moved[0], moved[1:]))
    a, b = _regions_of([first] * len(others)), _regions_of(others)
    for touching in (True, False):
        want = [O.overlaps_regions(first, other, touching) for other in others]
        assert pc.overlaps(a, b, touching=touching).tolist() == want, (touching, first, others)
        assert pc.overlaps(b, a, touching=touching).tolist() == want, (touching, first, others)


@settings(max_examples=examples(300), deadline=None)
@given(data=st.data())
def test_two_polylines_cross_where_the_reference_says(data):
    """Stars crossing: polylines on small grids (crossing, sharing vertices
    and runs, revisiting points), scaled by 2**k, in one batch, both orders."""
    coords = data.draw(st.sampled_from([S.grid_coords(2), S.half_grid_coords(), S.grid_coords(1)]))
    firsts = data.draw(st.lists(OS.polylines(coords=coords, max_points=6), min_size=1, max_size=4))
    seconds = [data.draw(OS.polylines(coords=coords, max_points=6)) for _ in firsts]
    k = data.draw(OS.powers_of_two(firsts, seconds))
    firsts, seconds = OS.scaled(firsts, k), OS.scaled(seconds, k)
    a = pc.Polylines([np.array(p, dtype=float).reshape(-1, 2) for p in firsts])
    b = pc.Polylines([np.array(p, dtype=float).reshape(-1, 2) for p in seconds])
    for touching in (True, False):
        want = [O.overlaps_polylines(p, q, touching) for p, q in zip(firsts, seconds)]
        assert pc.overlaps(a, b, touching=touching).tolist() == want, (touching, firsts, seconds)
        assert pc.overlaps(b, a, touching=touching).tolist() == want, (touching, firsts, seconds)


def test_polylines_with_many_edges_through_one_point_cross_as_the_reference_says():
    """Fans of spokes out from the origin and back: more rays at the common
    point than the C code holds at once (it reads them again from the index)."""
    spokes = [(math.cos(2 * math.pi * i / 13), math.sin(2 * math.pi * i / 13)) for i in range(13)]
    fan = [(0.0, 0.0)]
    for p in spokes:
        fan += [p, (0.0, 0.0)]
    half = [(0.0, 0.0)]
    for p in spokes[:6]:
        half += [p, (0.0, 0.0)]
    post = [(0.0, -1.0), (0.0, 1.0)]
    v = [(-1.0, 1.0), (0.0, 0.0), (1.0, 1.0)]
    cases = [
        (fan, post),
        (fan, v),
        (half, v),
        (half, [(-1.0, -1.0), (0.0, 0.0), (1.0, -1.0)]),
        (fan, fan),
        (half, half),
    ]
    a = pc.Polylines([np.array(p) for p, _ in cases])
    b = pc.Polylines([np.array(q) for _, q in cases])
    want = [O.overlaps_polylines(p, q, touching=False) for p, q in cases]
    assert pc.overlaps(a, b, touching=False).tolist() == want
    assert pc.overlaps(b, a, touching=False).tolist() == want
    assert want[:2] == [True, True] and False in want  # the fan crosses a post or a V; a half fan misses one
