"""Tile maps: sweep: circles against convex shapes and tile maps (see tilecases.py for the tolerances)."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference import tiles as RT
from tilecases import *  # noqa: F401,F403  (shared maps, cases and checks)

import pycollide as pc


@pytest.mark.parametrize("coords", ["grid", "random"])
@pytest.mark.parametrize("kind", ["circle", "box", "segment", "triangle", "capsule", "polygon4", "polygon8"])
@pytest.mark.sample(2)
def test_sweep_convex_targets_against_reference(kind, coords):
    rng = np.random.default_rng(400 + 10 * list(TARGET_TYPES).index(kind) + (coords == "random"))
    C, Dv, T = convex_cases(rng, kind, 400, coords)
    sw = pc.sweep(pc.Circles(C), Dv, TARGET_TYPES[kind](T))
    assert sw.time.shape == (len(C),) and sw.normal.shape == sw.point.shape == (len(C), 2)
    statuses = []
    for k in range(len(C)):
        scale = max(abs(v) for v in T[k])
        statuses.append(
            check_sweep(C[k], Dv[k], kind, tuple(T[k]), sw.time[k], sw.normal[k], sw.point[k], scale).status
        )
    assert statuses.count("hit") > 40 and statuses.count("miss") > 40
    if coords == "grid":
        assert any(t == 0 for t, st_ in zip(sw.time, statuses) if st_ == "hit")


@pytest.mark.sample(3)
@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
def test_sweep_tilemap_against_reference(s, origin):
    rng = np.random.default_rng(500 + LAYOUTS.index((s, origin)))
    count = {"hit": 0, "miss": 0, "ambiguous": 0}
    for _ in range(3):
        tm, g = both(random_kinds(rng, int(rng.integers(1, 6)), int(rng.integers(1, 7))), s, origin)
        C, Dv = [], []
        while len(C) < 60:
            c = random_point(rng, g) + (float(s * rng.choice([0.0, 0.25, 0.5, 0.75])),)
            if RT.circle_overlaps_map(c, g, touching=False):
                continue
            if rng.integers(2):
                D = (int(rng.integers(-12, 13)) * s / 4, int(rng.integers(-12, 13)) * s / 4)
            else:
                D = tuple(rng.uniform(-4 * s, 4 * s, size=2))
            C.append(c)
            Dv.append(D)
        C, Dv = np.array(C), np.array(Dv)
        sw = pc.sweep(pc.Circles(C), Dv, tm)
        for k in range(len(C)):
            ref = check_sweep(C[k], Dv[k], "tilemap", g, sw.time[k], sw.normal[k], sw.point[k], map_scale(g))
            count[ref.status] += 1
    assert count["hit"] > 20 and count["miss"] > 20, count


@given(data=st.data())
def test_sweep_tilemap_against_reference_lattice(data):
    kinds, s, origin = data.draw(small_maps(), label="map")
    tm, g = both(kinds, s, origin)
    C = [c for c in data.draw(lattice_circles(g), label="circles") if not RT.circle_overlaps_map(tuple(c), g, False)]
    if not C:
        return
    Dv = [(data.draw(st.integers(-12, 12)) * s / 4, data.draw(st.integers(-12, 12)) * s / 4) for _ in C]
    sw = pc.sweep(pc.Circles(np.array(C)), np.array(Dv), tm)
    for k in range(len(C)):
        check_sweep(C[k], Dv[k], "tilemap", g, sw.time[k], sw.normal[k], sw.point[k], map_scale(g))


@pytest.mark.sample(3)
@pytest.mark.parametrize("kinds", LATTICE_MAPS, ids=[str(k) for k in LATTICE_MAPS])
def test_sweep_tilemap_lattice_enumerated(kinds):
    tm, g = both(kinds)
    rows, cols = len(kinds), len(kinds[0])
    C, Dv = [], []
    for kx in range(-1, 2 * cols + 2):
        for ky in range(-1, 2 * rows + 2):
            for r in (0.0, 0.5):
                c = (kx / 2, ky / 2, r)
                if RT.circle_overlaps_map(c, g, touching=False):
                    continue
                for D in LATTICE_MOVES:
                    C.append(c)
                    Dv.append(D)
    sw = pc.sweep(pc.Circles(np.array(C)), np.array(Dv, dtype=float), tm)
    statuses = {"hit": 0, "miss": 0, "ambiguous": 0}
    for k in range(len(C)):
        statuses[check_sweep(C[k], Dv[k], "tilemap", g, sw.time[k], sw.normal[k], sw.point[k], 4).status] += 1
    assert statuses["hit"] > 50 and statuses["miss"] > 50, statuses


@pytest.mark.parametrize(
    "circle,D,time",
    [
        ((0.5, 1.5, 0.5), (0, 1), 1.0),  # touching, moving away
        ((0.5, 1.5, 0.5), (1, 1), 1.0),
        ((0.5, 1.5, 0.5), (3, 0), 1.0),  # touching, moving along over three seams
        ((0.5, 1.5, 0.5), (-3, 0), 1.0),
        ((0.5, 1.5, 0.5), (0, -1), 0.0),  # touching, moving toward
        ((0.5, 1.5, 0.5), (1, -1), 0.0),
        ((1.0, 1.5, 0.5), (0, -1), 0.0),  # on a seam
        ((0.5, 1.5, 0.5), (8, 0), 0.5),  # slides, then meets the wall at x = 4.5
        ((4.5, 1.5, 0.5), (1, 0), 0.0),  # touching floor and wall, moving into the wall
        ((4.5, 1.5, 0.5), (-1, 0), 1.0),  # ... away from both
        ((4.5, 1.5, 0.5), (0, 1), 1.0),  # ... along the wall
        ((4.5, 2.5, 0.5), (0, -4), 0.25),  # slides along the wall from its corner (5, 2) at 0.125, then the floor
        ((6.0, 2.5, 0.5), (-4, 0), 1.0),  # resting on the wall's top corner, sliding along it and off
    ],
)
def test_sweep_tilemap_touching_rule(circle, D, time):
    tm, g = both(T0_FLOOR)
    sw = pc.sweep(pc.Circles(circle), np.array(D, float), tm)
    assert float(sw.time) in np.atleast_1d(time), (circle, D, sw)
    assert np.isnan(sw.normal).all() == (time == 1.0), (circle, D, sw)
    check_sweep(circle, D, "tilemap", g, sw.time, sw.normal, sw.point, 6)


@pytest.mark.parametrize(
    "kind,target",
    [
        ("circle", (2.0, 0.0, 1.0)),
        ("box", (1.0, -1.0, 3.0, 1.0)),
        ("segment", (1.0, -1.0, 1.0, 1.0)),
        ("triangle", (1.0, -1.0, 3.0, 0.0, 1.0, 1.0)),
    ],
)
@pytest.mark.parametrize(
    "D,time",
    [
        ((1.0, 0.0), 0.0),  # toward
        ((1.0, 5.0), 0.0),
        ((-1.0, 0.0), 1.0),  # away
        ((-1.0, 3.0), 1.0),
        ((0.0, 0.5), 1.0),  # tangential
        ((0.0, -0.5), 1.0),
    ],
)
def test_sweep_touching_rule_convex(kind, target, D, time):
    """A unit circle at the origin touching a target at (1, 0) on its right."""
    circle = (0.0, 0.0, 1.0)
    sw = pc.sweep(pc.Circles(circle), np.array(D), TARGET_TYPES[kind](target))
    assert float(sw.time) == time, (kind, target, D, sw)
    check_sweep(circle, D, kind, target, sw.time, sw.normal, sw.point, 3)
    if time == 0.0:  # the surface normal of what was hit, pointing back at the circle
        assert close2(sw.normal, (-1, 0), 1e-12) and close2(sw.point, (1, 0), 1e-12)


@pytest.mark.parametrize(
    "circle,D,time",
    [
        ((0.0, 0.0, 1.5), (1.0, 0.0), 0.0),  # overlapping 0.5 deep, moving in
        ((0.0, 0.0, 1.5), (-1.0, 0.0), 1.0),  # moving out
        ((0.0, 0.0, 1.5), (0.0, 1.0), 1.0),  # sideways
    ],
)
def test_sweep_overlapping_rule_convex(circle, D, time):
    for kind, target in [("box", (1.0, -1.0, 3.0, 1.0)), ("segment", (1.0, -1.0, 1.0, 1.0))]:
        sw = pc.sweep(pc.Circles(circle), np.array(D), TARGET_TYPES[kind](target))
        assert float(sw.time) == time, (kind, D, sw)
        check_sweep(circle, D, kind, target, sw.time, sw.normal, sw.point, 3)


def test_sweep_hand_times():
    tm = pc.TileMap(picture([[E, E, E, S], [E, E, E, S]]))  # a wall x in [3, 4], y in [0, 2]
    sw = pc.sweep(pc.Circles([[0, 0.5, 0.5], [0, 0.5, 0.5], [0, 0.5, 0.5]]), [[10, 0], [2, 0], [2.5, 0]], tm)
    np.testing.assert_array_equal(sw.time, [0.25, 1.0, 1.0])
    assert close2(sw.normal[0], (-1, 0), 1e-12) and close2(sw.point[0], (3, 0.5), 1e-12)
    assert np.isnan(sw.normal[1]).all() and close2(sw.normal[2], (-1, 0), 1e-12)  # a hit exactly at t = 1
    slope = pc.sweep(pc.Circles([0.25, 3.0, 0.0]), [0.0, -4.0], pc.TileMap([[NW]]))
    assert float(slope.time) == 11 / 16 and close2(slope.point, (0.25, 0.25), 1e-12)
    assert close2(slope.normal, (-math.sqrt(0.5), math.sqrt(0.5)), 1e-12)  # out of the slope
    corner = pc.sweep(pc.Circles([4.0, 3.0, 1.0]), [-2.0, -2.0], pc.TileMap([[S, S]]))  # at the corner (2, 1)
    assert float(corner.time) == pytest.approx((2 * math.sqrt(2) - 1) / (2 * math.sqrt(2)), abs=1e-12)
    assert close2(corner.normal, (math.sqrt(0.5), math.sqrt(0.5)), 1e-12) and close2(corner.point, (2, 1), 1e-12)


def test_sweep_broadcasting():
    tm = pc.TileMap([[1]])
    C = pc.Circles(np.zeros((2, 1, 3)) + [-2.0, 0.5, 0.5])
    D = np.array([[3.0, 0.0], [-3.0, 0.0], [0.0, 3.0]])
    sw = pc.sweep(C, D, tm)
    assert sw.time.shape == (2, 3) and sw.normal.shape == sw.point.shape == (2, 3, 2)
    np.testing.assert_array_equal(sw.time, [[0.5, 1.0, 1.0]] * 2)
    targets = pc.Circles([[2.0, 0.0, 1.0], [0.0, 5.0, 1.0]])
    sw = pc.sweep(pc.Circles([0.0, 0.0, 1.0]), [[4.0, 0.0]], targets)
    assert sw.time.shape == (2,)
    np.testing.assert_array_equal(sw.time, [0.0, 1.0])
