"""Shapely arrays in and out: pc.from_shapely and Shapes.to_shapely."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import TYPES, examples, shape_arrays

import pycollide as pc

shapely = pytest.importorskip("shapely")


@pytest.mark.parametrize("kind", ["point", "segment", "box", "triangle", "polygon4", "polygon8"])
@settings(max_examples=examples(30), deadline=None)
@given(data=st.data())
def test_exact_kinds_round_trip_through_shapely(kind, data):
    """to_shapely then from_shapely gives the same coordinates, bit for bit
    (boxes with boxes=True; triangles come back as Polygons of 3)."""
    shapes = TYPES[kind](data.draw(shape_arrays(kind)))
    geoms = shapes.to_shapely()
    assert np.shape(geoms) == shapes.shape
    if shapes.size == 0:
        return
    back = pc.from_shapely(geoms, boxes=kind == "box")
    if kind == "box":
        flat = np.asarray(shapes._data)
        if ((flat[..., 0] < flat[..., 2]) & (flat[..., 1] < flat[..., 3])).all():
            assert isinstance(back, pc.Boxes) and np.array_equal(back._data, shapes._data)
        return  # a box of no width is a degenerate polygon in shapely
    assert back.shape == shapes.shape
    k_in, k_out = shapes._data.shape[-1] // 2, back._data.shape[-1] // 2
    kept = np.asarray(shapely.get_num_coordinates(geoms)) == k_in + 1
    if kind in ("point", "segment") or kept.all():
        assert np.array_equal(np.asarray(back._data), np.asarray(shapes._data))
        return
    # a ring whose last vertex is its first: shapely keeps it one vertex shorter;
    # the same vertices come back
    for a, b in zip(np.asarray(shapes._data).reshape(-1, k_in, 2), np.asarray(back._data).reshape(-1, k_out, 2)):
        assert {tuple(p) for p in a} == {tuple(p) for p in b}


def test_each_family_becomes_the_narrowest_kind():
    assert isinstance(pc.from_shapely(shapely.points([[0, 0], [1, 2]])), pc.Points)
    assert isinstance(pc.from_shapely([shapely.LineString([(0, 0), (1, 1)])]), pc.Segments)
    lines = pc.from_shapely([shapely.LineString([(0, 0), (1, 1), (2, 0)]), shapely.LineString([(0, 0), (1, 1)])])
    assert isinstance(lines, pc.Polylines) and len(lines) == 2
    ring = pc.from_shapely([shapely.LinearRing([(0, 0), (1, 0), (0, 1)])])
    assert isinstance(ring, pc.Polylines)
    square, tri = shapely.box(0, 0, 2, 1), shapely.Polygon([(0, 0), (1, 0), (0, 1)])
    assert isinstance(pc.from_shapely([square], boxes=True), pc.Boxes)
    polys = pc.from_shapely([square, tri])  # padded to 4 vertices, the triangle's last repeated
    assert isinstance(polys, pc.Polygons) and polys.vertex_count == 4
    assert polys.vertices[1].tolist() == [[0, 0], [1, 0], [0, 1], [0, 1]]
    assert isinstance(pc.from_shapely([square, tri], boxes=True), pc.Polygons)  # not every one a box
    diamond = shapely.Polygon([(1, 0), (2, 1), (1, 2), (0, 1)])
    assert isinstance(pc.from_shapely([diamond], boxes=True), pc.Polygons)  # a square, not axis-aligned
    notch = shapely.Polygon([(0, 0), (4, 0), (4, 4), (2, 1), (0, 4)])
    assert isinstance(pc.from_shapely([square, notch]), pc.Regions)  # one concave: every one a region
    holed = shapely.Polygon([(0, 0), (4, 0), (4, 4), (0, 4)], [[(1, 1), (2, 1), (2, 2)]])
    regions = pc.from_shapely([holed])
    assert isinstance(regions, pc.Regions) and pc.contains(regions, [[1.75, 1.5]]).tolist() == [False]
    nine = shapely.Polygon([(np.cos(t), np.sin(t)) for t in np.linspace(0, 2 * np.pi, 9, endpoint=False)])
    assert isinstance(pc.from_shapely([nine]), pc.Regions)  # more than 8 vertices


def test_answers_agree_with_shapely_after_conversion():
    rng = np.random.default_rng(7)
    centres = rng.uniform(0, 10, (200, 2))
    boxes = shapely.box(centres[:, 0], centres[:, 1], centres[:, 0] + 1, centres[:, 1] + 0.5)
    points = shapely.points(rng.uniform(0, 11, (300, 2)))
    mine = pc.from_shapely(boxes, boxes=True)
    pts = pc.from_shapely(points)
    want = shapely.intersects(boxes[None, :], points[:, None])
    assert np.array_equal(pc.overlaps(pts[:, None], mine), want)


def test_bad_geometries_are_named():
    with pytest.raises(TypeError, match=r"geoms\[1\] is a MultiPolygon, a kind pycollide has not"):
        pc.from_shapely([shapely.box(0, 0, 1, 1), shapely.MultiPolygon([shapely.box(0, 0, 1, 1)])])
    with pytest.raises(TypeError, match=r"geoms\[2\] is a Polygon, but geoms\[0\] is a Point"):
        pc.from_shapely([shapely.Point(0, 0), shapely.Point(1, 1), shapely.box(0, 0, 1, 1)])
    with pytest.raises(ValueError, match=r"geoms\[1\] is empty"):
        pc.from_shapely([shapely.Point(0, 0), shapely.Point()])
    with pytest.raises(ValueError, match=r"geoms\[1\] has a coordinate that is not finite"):
        pc.from_shapely([shapely.Point(0, 0), shapely.Point(np.nan, 1)])
    with pytest.raises(TypeError, match=r"geoms\[0\] is not a shapely geometry"):
        pc.from_shapely([None])
    with pytest.raises(TypeError, match="must be an array of shapely geometries"):
        pc.from_shapely([[0, 1]])
    with pytest.raises(ValueError, match="is empty: the kind of its shapes cannot be told"):
        pc.from_shapely([])
    for shapes in (pc.Circles([0, 0, 1]), pc.Capsules([0, 0, 1, 1, 0.5]), pc.Lines([0, 0, 1, 1])):
        with pytest.raises(TypeError, match="have no exact shapely geometry"):
            shapes.to_shapely()
