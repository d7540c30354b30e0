"""Tile maps: raycast against tile maps (see tilecases.py for the tolerances)."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference import tiles as RT
from tilecases import *  # noqa: F401,F403  (shared maps, cases and checks)

import pycollide as pc


@pytest.mark.sample(3)
@pytest.mark.parametrize("s,origin", LAYOUTS, ids=LAYOUT_IDS)
def test_raycast_against_reference_seeded(s, origin):
    rng = np.random.default_rng(300 + LAYOUTS.index((s, origin)))
    hits = 0
    for _ in range(4):
        tm, g = both(random_kinds(rng, int(rng.integers(1, 6)), int(rng.integers(1, 7))), s, origin)
        O, D = corner_rays(rng, g, 100)
        ray_batch(tm, g, O, D)
        hits += sum(RT.raycast(tuple(o), tuple(d), g).hit for o, d in zip(O, D))
    assert hits > 50


@given(data=st.data())
def test_raycast_against_reference_lattice(data):
    kinds, s, origin = data.draw(small_maps(), label="map")
    tm, g = both(kinds, s, origin)
    n = data.draw(st.integers(1, 6))
    O = [
        (
            g.ox + data.draw(st.integers(-4, 4 * g.cols + 4)) * s / 4,
            g.oy + data.draw(st.integers(-4, 4 * g.rows + 4)) * s / 4,
        )
        for _ in range(n)
    ]
    D = [data.draw(st.sampled_from(DIRECTIONS)) for _ in range(n)]
    ray_batch(tm, g, np.array(O, dtype=float), np.array(D, dtype=float))


@pytest.mark.parametrize(
    "o,d,hit,distance,normal,tiles",
    [
        ((1.5, 5), (0, -1), True, 4.0, (0, 1), {(0, 1)}),  # straight down onto the floor
        ((1.0, 5), (0, -2), True, 4.0, (0, 1), {(0, 0), (0, 1)}),  # onto a seam
        ((-5, 1), (1, 0), True, 5.0, (-1, 0), {(0, 0)}),  # along the top face: touches the corner (0, 1)
        ((-5, 0.5), (1, 0), True, 5.0, (-1, 0), {(0, 0)}),
        ((1, 3), (1, -1), True, 2 * math.sqrt(2), (0, 1), {(0, 2)}),  # grazes only the corner (3, 1)
        ((-5, math.nextafter(1, 2)), (1, 0), False, None, None, None),  # one ulp above the top
        ((4, 0.5), (1, 0), False, None, None, None),  # pointing away
        ((1.5, 0.5), (0, 1), True, 0.0, (0, -1), {(0, 1)}),  # inside: distance 0, normal -d
        ((1.5, 1.0), (0, 1), True, 0.0, (0, -1), {(0, 1)}),  # on the boundary counts as inside
        ((3.0, 1.0), (1, 1), True, 0.0, (-math.sqrt(0.5), -math.sqrt(0.5)), {(0, 2)}),  # on a corner
    ],
)
def test_raycast_hand_cases(o, d, hit, distance, normal, tiles):
    tm, g = both(picture([[S, S, S]]))
    h = pc.raycast(np.array(o, float), np.array(d, float), tm)
    assert bool(h.hit) is hit
    if hit:
        assert float(h.distance) == pytest.approx(distance, abs=1e-12)
        assert close2(h.normal, normal, 1e-12)
        assert tuple(map(int, h.tile)) in tiles
    check_ray(o, d, g, h.hit, h.distance, h.normal, h.tile)


def test_raycast_slope_and_concave_corner():
    tm, g = both(picture([[E, E, NW], [E, NW, S], [NW, S, S]]))  # a ramp y = x over a filled base
    h = pc.raycast([[0.25, 5.0], [2.5, 5.0], [1.0, 5.0]], [[0, -1], [0, -1], [0, -1]], tm)
    assert h.hit.all()
    np.testing.assert_allclose(h.distance, [4.75, 2.5, 4.0], rtol=0, atol=1e-12)
    for k in range(3):  # every point of the ramp face, including the joint (1, 1), has the ramp normal
        assert close2(h.normal[k], (-math.sqrt(0.5), math.sqrt(0.5)), 1e-12)
    L = both(picture([[S, E, E], [S, E, E], [S, S, S]]))
    corner = pc.raycast([2.0, 2.0], [-1.0, -1.0], L[0])  # into the concave corner (1, 1)
    assert bool(corner.hit) and float(corner.distance) == pytest.approx(math.sqrt(2), abs=1e-12)
    assert any(close2(corner.normal, n, 1e-12) for n in [(1, 0), (0, 1)])
    check_ray((2.0, 2.0), (-1.0, -1.0), L[1], corner.hit, corner.distance, corner.normal, corner.tile)


def test_raycast_broadcasts_and_misses():
    tm = pc.TileMap([[1]])
    h = pc.raycast(np.zeros((3, 1, 2)) + [-1.0, 0.5], np.array([[1.0, 0.0], [-1.0, 0.0]]), tm)
    assert h.hit.shape == (3, 2) and h.normal.shape == (3, 2, 2) and h.tile.shape == (3, 2, 2)
    assert h.hit[:, 0].all() and not h.hit[:, 1].any()
    assert (h.distance[:, 1] == np.inf).all() and np.isnan(h.normal[:, 1]).all() and (h.tile[:, 1] == -1).all()
    np.testing.assert_array_equal(h.tile[:, 0], [[0, 0]] * 3)
