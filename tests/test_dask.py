"""pycollide.dask: the lazy shape types, the blockwise verbs and the partitioned pairs.

Every result is compared with the numpy verbs on the same (computed) input:
element for element, bit for bit (the same C kernel decides each element),
and for pairs with :func:`pycollide.pairs` on the concatenated input, on
random, clustered and skewed collections cut into blocks and partitions of
every size, with shapes spanning several partitions; on small integer layouts
also with the exact reference.  The distributed tests run a LocalCluster of
worker processes, started and closed here.
"""

import pickle
import threading
import time

import dask
import dask.array as da
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import KINDS, TYPES, WIDTH, shape_arrays, valid_rows
from test_pairs import LAYOUTS, reference_pairs, scene

import pycollide as pc
import pycollide.dask as pcd

LAZY = {name: (pcd.Polygons if name.startswith("polygon") else getattr(pcd, TYPES[name].__name__)) for name in KINDS}


def lazy(kind, data, chunks):
    return LAZY[kind](da.from_array(np.asarray(data, dtype=float), chunks=(chunks, -1)))


def crowd(rng, n, layout, r=(0.5, 1.5)):
    """n circles: 'uniform' in a square, 'clustered' in a few tight groups, or
    'skewed' (a few hundred times larger ones among them, spanning many partitions)."""
    side = np.sqrt(n / 0.3)
    if layout == "clustered":
        centres = rng.uniform(0, side * 4, (12, 2))
        xy = centres[rng.integers(0, 12, n)] + rng.normal(0, side / 40, (n, 2))
    else:
        xy = rng.uniform(0, side, (n, 2))
    radius = rng.uniform(*r, n)
    if layout == "skewed":
        big = rng.random(n) < 0.003
        radius[big] *= side / 6
    return np.column_stack([xy, radius])


# ---- lazy shape types ----------------------------------------------------------


def test_lazy_types_mirror_the_numpy_ones():
    rng = np.random.default_rng(0)
    for kind in KINDS:
        data = valid_rows(kind, rng.integers(-5, 6, (23, WIDTH[kind])))
        s = lazy(kind, data, 5)
        assert s.shape == (23,) and s.ndim == 1 and len(s) == 23 and s.chunks == ((5, 5, 5, 5, 3),)
        assert s.kind_name == kind
        computed = s.compute()
        assert type(computed) is TYPES[kind] and np.array_equal(computed._data, TYPES[kind](data)._data)
        assert np.array_equal(s.bounds().compute(), TYPES[kind](data).bounds())
        assert np.array_equal(s[3:9].compute()._data, TYPES[kind](data)[3:9]._data)
        assert np.array_equal(s.data.compute(), TYPES[kind](data)._data)
        again = pickle.loads(pickle.dumps(s))
        assert type(again) is type(s) and np.array_equal(again.compute()._data, computed._data)


def test_construction_from_numpy_shapes_and_arrays():
    circles = pc.Circles([[0, 0, 1], [3, 0, 1], [5, 5, 2]])
    s = pcd.Circles(circles, chunks=2)
    assert s.chunks == ((2, 1),)
    assert np.array_equal(s.compute()._data, circles._data)
    assert pcd.Circles(np.asarray(circles), chunks=1).numblocks == (3,)
    quads = pc.Polygons.from_box(center=[[0, 0], [4, 4]], half_size=[1, 2], angle=0.3)
    for source in (
        quads,
        da.from_array(quads.vertices, chunks=(1, 4, 2)),
        da.from_array(np.asarray(quads._data), chunks=(1, 8)),
    ):
        lazy_quads = pcd.Polygons(source)
        assert lazy_quads.vertex_count == 4 and lazy_quads.shape == (2,)
        assert np.array_equal(lazy_quads.compute().vertices, quads.vertices)
    # the trailing axis is kept in one chunk whatever the input's chunks
    split = pcd.Boxes(da.from_array(np.array([[0, 0, 1, 1.0]] * 6), chunks=(2, 2)))
    assert split._raw.chunks[-1] == (4,) and split.chunks == ((2, 2, 2),)


def test_bad_layouts_and_dtypes_fail_at_construction():
    with pytest.raises(ValueError, match=r"shape \(\.\.\., 3\)"):
        pcd.Circles(da.zeros((5, 4), chunks=2))
    with pytest.raises(TypeError, match="real numbers"):
        pcd.Circles(da.zeros((5, 3), dtype=bool, chunks=2))
    with pytest.raises(TypeError, match="real numbers"):
        pcd.Circles(da.zeros((5, 3), dtype=complex, chunks=2))
    with pytest.raises(ValueError, match="3 <= K <= 8"):
        pcd.Polygons(da.zeros((5, 9, 2), chunks=2))
    with pytest.raises(ValueError, match="3 <= K <= 8"):
        pcd.Polygons(da.zeros((5, 5), chunks=2))
    with pytest.raises(TypeError, match="abstract"):
        pcd.Shapes(da.zeros((5, 3), chunks=2))
    with pytest.raises(TypeError, match="numpy Boxes"):
        pcd.Circles(pc.Boxes([0, 0, 1, 1]))


def test_bad_values_fail_inside_the_tasks():
    data = np.array([[0, 0, 1], [1, 1, 1], [2, 2, -1], [3, 3, 1]], dtype=float)
    s = pcd.Circles(da.from_array(data, chunks=(2, 3)))  # nothing is read yet
    for result in (s.bounds(), pcd.overlaps(s, pc.Circles([0, 0, 1]))):
        with pytest.raises(ValueError, match="radius"):
            result.compute()
    with pytest.raises(ValueError, match="radius"):
        s.compute()
    # the error names the shape's index in the whole array, not in its block
    with pytest.raises(ValueError, match=r"radius .* data\[2\] with r = -1"):
        s.data.compute()
    with pytest.raises(ValueError, match=r"radius .* data\[2\] with r = -1"):
        pcd.pairs(s)  # pairs reads the input while it plans
    nan = pcd.Boxes(da.from_array(np.array([[0, 0, 1, 1], [0, 0, np.nan, 1.0]]), chunks=(1, 4)))
    with pytest.raises(ValueError):
        pcd.distance(nan, pc.Points([0, 0])).compute()


def _bad_at(index, shape, chunks):
    """Lazy circles of the given leading shape, chunked, with one negative radius at ``index``."""
    data = np.zeros(shape + (3,))
    data[..., 0] = np.arange(int(np.prod(shape))).reshape(shape) * 3.0
    data[..., 2] = 1.0
    data[index + (2,)] = -1.0
    return pcd.Circles(da.from_array(data, chunks=chunks + (3,)))


@pytest.mark.parametrize("verb", ["overlaps", "contains", "distance", "contact", "bounds", "data", "pairs", "compute"])
def test_bad_values_are_named_by_their_index_in_the_whole_array(verb):
    lazy = _bad_at((57,), (100,), (25,))
    other = pc.Circles([0.0, 0.0, 1.0])
    run = {
        "overlaps": lambda: pcd.overlaps(lazy, other).compute(),
        "contains": lambda: pcd.contains(lazy, pc.Points([0.0, 0.0])).compute(),
        "distance": lambda: pcd.distance(other, lazy).compute(),
        "contact": lambda: pcd.contact(lazy, other).separation.compute(),
        "bounds": lambda: lazy.bounds().compute(),
        "data": lambda: lazy.data.compute(),
        "pairs": lambda: pcd.pairs(lazy).compute(),
        "compute": lambda: lazy.compute(),
    }[verb]
    with pytest.raises(ValueError, match=r"radius must be >= 0; the first bad shape is data\[57\] with r = -1"):
        run()


def test_bad_values_are_named_by_their_index_when_broadcast():
    lazy = _bad_at((2, 17), (4, 30), (2, 10))
    with pytest.raises(ValueError, match=r"data\[2, 17\]"):
        pcd.overlaps(lazy, pcd.Circles(da.from_array(np.ones((1, 30, 3)), chunks=(1, 10, 3)))).compute()
    with pytest.raises(ValueError, match=r"data\[2, 17\]"):
        pcd.distance(pcd.Circles(da.from_array(np.ones((30, 3)), chunks=(7, 3))), lazy).compute()
    points = np.zeros((40, 2))
    points[33, 1] = np.nan
    with pytest.raises(ValueError, match=r"Points: .* data\[33\] with y = nan"):
        pcd.contains(pc.Circles([0.0, 0.0, 1.0]), da.from_array(points, chunks=(8, 2))).compute()


def test_module_exports():
    assert sorted(pcd.__all__) == sorted(
        [
            "Shapes",
            "Points",
            "Circles",
            "Boxes",
            "Segments",
            "Triangles",
            "Capsules",
            "Polygons",
            "overlaps",
            "contains",
            "contact",
            "distance",
            "pairs",
            "nearest",
            "raycast",
            "query",
            "query_nearest",
        ]
    )
    assert all(hasattr(pcd, name) for name in pcd.__all__)
    namespace: dict = {}
    exec("from pycollide.dask import *", namespace)
    assert {"overlaps", "pairs", "Circles"} <= namespace.keys() and "KINDS" not in namespace and "da" not in namespace


# ---- blockwise verbs -------------------------------------------------------------


@pytest.mark.parametrize("ka", KINDS)
def test_verbs_match_numpy_with_broadcasting(ka):
    rng = np.random.default_rng([KINDS.index(ka), 7])
    kb = KINDS[(KINDS.index(ka) * 3 + 1) % len(KINDS)]
    A = scene(ka, 30, rng, "grid").reshape(6, 5, -1)
    B = scene(kb, 5, rng, "grid")
    la = LAZY[ka](da.from_array(A, chunks=(4, 2, -1)))
    lb = LAZY[kb](da.from_array(B, chunks=(3, -1)))
    na, nb = TYPES[ka](A), TYPES[kb](B)
    for x, y, nx, ny in (
        (la, lb, na, nb),
        (lb, la, nb, na),
        (la[:, :1], lb, na[:, :1], nb),
        (la[:, None, :], lb[None, :, None], na[:, None, :], nb[None, :, None]),
    ):
        for touching in (True, False):
            got = pcd.overlaps(x, y, touching=touching)
            assert got.dtype == bool
            assert np.array_equal(got.compute(), pc.overlaps(nx, ny, touching=touching))
        c, want = pcd.contact(x, y), pc.contact(nx, ny)
        for field, expected in zip(c, want):
            assert np.array_equal(field.compute(), expected)
        assert np.array_equal(pcd.distance(x, y).compute(), pc.distance(nx, ny))
    # a numpy shape array on either side
    assert np.array_equal(pcd.overlaps(la, nb[2]).compute(), pc.overlaps(na, nb[2]))
    assert np.array_equal(pcd.distance(nb[:, None, None], la).compute(), pc.distance(nb[:, None, None], na))


def test_contains_matches_numpy():
    rng = np.random.default_rng(3)
    tris = valid_rows("triangle", rng.integers(-4, 5, (12, 6)))
    pts = rng.integers(-4, 5, (40, 2)).astype(float)
    lt = pcd.Triangles(da.from_array(tris, chunks=(5, 6)))
    for points in (da.from_array(pts, chunks=(7, 2)), pcd.Points(da.from_array(pts, chunks=(9, 2))), pts):
        for touching in (True, False):
            got = pcd.contains(lt[:, None], points, touching=touching).compute()
            assert np.array_equal(got, pc.contains(pc.Triangles(tris)[:, None], pts, touching=touching))


def test_tile_maps_and_worlds_as_operands():
    rng = np.random.default_rng(4)
    tiles = pc.TileMap([[1, 0, 2], [0, 3, 1], [4, 0, 0]], tile_size=2.0)
    world = pc.World(tiles, pc.Boxes([[6, 0, 7, 3]]), pc.Segments([[0, 7, 7, 7]]))
    balls = np.column_stack([rng.uniform(-1, 8, 300), rng.uniform(-1, 8, 300), rng.uniform(0, 0.6, 300)])
    lb = pcd.Circles(da.from_array(balls, chunks=(70, 3)))
    nb = pc.Circles(balls)
    for target in (tiles, world):
        assert np.array_equal(pcd.overlaps(lb, target).compute(), pc.overlaps(nb, target))
        assert np.array_equal(pcd.overlaps(target, lb).compute(), pc.overlaps(target, nb))
        got, want = pcd.contact(lb, target), pc.contact(nb, target)
        assert type(got) is type(want)
        for field, expected in zip(got, want):
            assert np.array_equal(field.compute(), expected)
        assert np.array_equal(pcd.contains(target, lb.compute().center).compute(), pc.contains(target, nb.center))


def test_verb_errors():
    s = pcd.Circles(da.zeros((4, 3), chunks=2))
    with pytest.raises(ValueError, match="broadcast"):
        pcd.overlaps(s, pcd.Circles(da.zeros((3, 3), chunks=2)))
    with pytest.raises(TypeError, match="lazy shape"):
        pcd.overlaps(s, [[0, 0, 1]])
    with pytest.raises(TypeError, match="one side"):
        pcd.overlaps(pc.TileMap([[1]]), pc.TileMap([[1]]))
    two = pcd.overlaps(pc.Circles([[0, 0, 1], [5, 0, 1]]), pc.Circles([2, 0, 1]))  # numpy on both sides: still lazy
    assert isinstance(two, da.Array) and two.compute().tolist() == [True, False]
    with pytest.raises(TypeError):
        pcd.overlaps(s, s, touching="yes")
    with pytest.raises(ValueError, match="threads"):
        pcd.distance(s, s, threads=0)
    for not_points in (s, pc.Circles([0, 0, 1]), pc.TileMap([[1]])):
        with pytest.raises(TypeError, match="points"):
            pcd.contains(s, not_points)


# ---- pairs -----------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["uniform", "clustered", "skewed"])
@pytest.mark.parametrize(
    "chunks,partitions", [(1000, None), (777, 3), (2500, 40), (4000, 1), pytest.param(300, 200, marks=pytest.mark.slow)]
)
def test_pairs_equal_the_in_memory_pairs(layout, chunks, partitions):
    rng = np.random.default_rng([["uniform", "clustered", "skewed"].index(layout), chunks])
    data = crowd(rng, 4000, layout)
    got = pcd.pairs(lazy("circle", data, chunks), partitions=partitions)
    assert got.dtype == np.int64 and got.ndim == 2
    computed = got.compute()
    want = pc.pairs(pc.Circles(data))
    assert want.shape[1] > 1000  # many pairs, many of them across partition borders
    assert computed.dtype == np.int64 and np.array_equal(computed, want)


@pytest.mark.parametrize("layout", ["uniform", "clustered", "skewed"])
def test_bipartite_pairs_equal_the_in_memory_pairs(layout):
    rng = np.random.default_rng(["uniform", "clustered", "skewed"].index(layout) + 10)
    a = crowd(rng, 3000, layout)
    b = crowd(rng, 2000, layout, r=(0.2, 0.6))
    boxes = np.column_stack([b[:, :2] - b[:, 2:], b[:, :2] + b[:, 2:]])
    for partitions in (None, 1, 17):
        got = pcd.pairs(lazy("circle", a, 700), lazy("box", boxes, 450), partitions=partitions).compute()
        assert np.array_equal(got, pc.pairs(pc.Circles(a), pc.Boxes(boxes)))


def test_shapes_spanning_every_partition_are_counted_once():
    rng = np.random.default_rng(5)
    data = crowd(rng, 3000, "uniform")
    side = np.sqrt(3000 / 0.3)
    data[::500] = [[side / 2, side / 2, side]] * 6  # six equal circles covering everything
    got = pcd.pairs(lazy("circle", data, 400), partitions=30).compute()
    want = pc.pairs(pc.Circles(data))
    assert np.array_equal(got, want)
    assert len(np.unique(got, axis=1)[0]) == got.shape[1]  # no pair twice


@pytest.mark.parametrize("scale", [2.0**-1070, 2.0**-520, 1.0, 3.0, 2.0**600, 2.0**1015])
@pytest.mark.parametrize("partitions", [2, 3, 7, 16])
def test_pairs_on_the_cells_seams(scale, partitions):
    """Shapes on a lattice put many centres exactly on the cells' cuts (the
    cuts are the centres' quantiles), circles of radius 1 two apart touch
    exactly across them, and at 2^-1070 the coordinates are subnormal, at
    2^1015 the boxes near the greatest double: every pair found once, as in
    memory, with and without touching, within a distance of exactly one
    lattice step and of a hair less."""
    k = np.arange(13.0)
    x, y = np.meshgrid(k, k)
    centres = np.column_stack([x.ravel(), y.ravel()]) * 2
    circles = np.column_stack([centres, np.ones(len(centres))]) * scale
    points = np.repeat(centres, 2, axis=0) * scale
    for data, kind in ((circles, "circle"), (points, "point")):
        shapes = TYPES[kind](data)
        for touching in (True, False):
            got = pcd.pairs(lazy(kind, data, 50), touching=touching, partitions=partitions).compute()
            assert np.array_equal(got, pc.pairs(shapes, touching=touching))
        for within in (2 * scale, np.nextafter(2 * scale, 0)):
            got = pcd.pairs(lazy(kind, data, 37), distance=within, partitions=partitions).compute()
            assert np.array_equal(got, pc.pairs(shapes, distance=within))
    got = pcd.pairs(lazy("point", points, 40), lazy("circle", circles, 60), partitions=partitions).compute()
    assert np.array_equal(got, pc.pairs(pc.Points(points), pc.Circles(circles)))
    assert got.shape[1] == 2 * len(circles)  # each point in its circle, and none in a neighbour's


def test_pairs_of_hostile_collections():
    """An empty block among others; centres so far apart in x and so close in
    y that the cells' aspect overflows; a capsule whose box lies beyond the
    doubles (its centre not a number): each as in memory."""
    rows = np.array([[0, 0, 1], [1, 0, 1], [5, 5, 1], [6, 5, 1.5]])
    gappy = pcd.Circles(da.from_array(rows, chunks=((2, 0, 2), 3)))
    for partitions in (None, 1, 3):
        assert np.array_equal(pcd.pairs(gappy, partitions=partitions).compute(), pc.pairs(pc.Circles(rows)))
    flat = np.array([[0, 0], [1e300, 1e-300], [1e300, 1e-300], [0, 0]])
    assert pcd.pairs(lazy("point", flat, 1), partitions=4).compute().tolist() == [[0, 1], [3, 2]]
    big = np.finfo(float).max
    caps = np.array([[0, -big, 0, big, 1], [0.5, 0, 3, 0, 0.25], [9, 9, 10, 9, 0.5]])
    for partitions in (2, 3):
        got = pcd.pairs(lazy("capsule", caps, 1), partitions=partitions).compute()
        assert np.array_equal(got, pc.pairs(pc.Capsules(caps)))
    # a circle whose box passes the greatest double, its centre left of a cut that its box's (infinite) centre is not
    huge = np.array(
        [[1.7e308, 0, 1e308], [0.72e308, 0, 1e300], [1.75e308, 10, 1], [1.75e308, 20, 1], [1.75e308, 30, 1]]
    )
    for partitions in (2, 3):
        got = pcd.pairs(lazy("circle", huge, 1), partitions=partitions).compute()
        assert np.array_equal(got, pc.pairs(pc.Circles(huge)))


def test_pairs_with_sizes_far_apart():
    """A few shapes far larger than the rest make every cell reach every
    other (the cells' boxes grow by the largest shape): still each pair once;
    and the same against a second collection of tiny shapes."""
    rng = np.random.default_rng(12)
    data = crowd(rng, 3000, "clustered")
    data[7] = [data[:, 0].mean(), data[:, 1].mean(), 1e6]
    data[1500, 2] = 40.0
    tiny = np.column_stack([data[::3, :2] + 0.5, data[::3, :2] + 0.5 + 1e-9])
    for partitions in (4, 9):
        got = pcd.pairs(lazy("circle", data, 400), partitions=partitions).compute()
        assert np.array_equal(got, pc.pairs(pc.Circles(data)))
        got = pcd.pairs(lazy("box", tiny, 300), lazy("circle", data, 700), partitions=partitions).compute()
        assert np.array_equal(got, pc.pairs(pc.Boxes(tiny), pc.Circles(data)))


@pytest.mark.parametrize("distance", [0.0, 0.5, 3.0])
@pytest.mark.parametrize("touching", [True, False])
def test_pairs_within_a_distance(distance, touching):
    rng = np.random.default_rng(6)
    data = crowd(rng, 2500, "clustered")
    caps = np.column_stack([data[:, :2], data[:, :2] + rng.uniform(-2, 2, (2500, 2)), data[:, 2] / 3])
    got = pcd.pairs(lazy("capsule", caps, 600), distance=distance, touching=touching, partitions=9).compute()
    assert np.array_equal(got, pc.pairs(pc.Capsules(caps), distance=distance, touching=touching))
    boxes = np.column_stack([data[:1000, :2], data[:1000, :2] + 1])
    got = pcd.pairs(lazy("capsule", caps, 600), lazy("box", boxes, 300), distance=distance, touching=touching).compute()
    assert np.array_equal(got, pc.pairs(pc.Capsules(caps), pc.Boxes(boxes), distance=distance, touching=touching))


@pytest.mark.sample(4)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("kind", KINDS)
def test_pairs_of_every_kind_against_the_reference(kind, layout):
    rng = np.random.default_rng([KINDS.index(kind), LAYOUTS.index(layout), 20])
    A = scene(kind, 40, rng, layout)
    B = scene(KINDS[-1 - KINDS.index(kind)], 25, rng, layout)
    kb = KINDS[-1 - KINDS.index(kind)]
    for touching in (True, False):
        got = pcd.pairs(lazy(kind, A, 7), touching=touching, partitions=5).compute()
        assert np.array_equal(got, reference_pairs(kind, A, touching=touching))
        got = pcd.pairs(lazy(kind, A, 11), lazy(kb, B, 6), touching=touching, partitions=4).compute()
        assert np.array_equal(got, reference_pairs(kind, A, kb, B, touching))


@given(data=st.data())
def test_pairs_under_any_chunking(data):
    kind = data.draw(st.sampled_from(KINDS))
    A = data.draw(shape_arrays(kind, n=40))
    chunk = data.draw(st.integers(1, 41))
    partitions = data.draw(st.integers(1, 12))
    got = pcd.pairs(lazy(kind, A, chunk), partitions=partitions).compute()
    assert np.array_equal(got, pc.pairs(TYPES[kind](A)))
    unsorted = pcd.pairs(lazy(kind, A, chunk), partitions=partitions, sort=False).compute()
    assert unsorted.shape == got.shape
    assert np.array_equal(unsorted[:, np.lexsort(unsorted[::-1])], got)


def test_pairs_edge_cases_and_errors():
    empty = lazy("circle", np.empty((0, 3)), 5)
    one = lazy("circle", [[0, 0, 1]], 5)
    for result in (pcd.pairs(empty), pcd.pairs(one), pcd.pairs(empty, one), pcd.pairs(one, empty)):
        assert result.compute().shape == (2, 0) and result.dtype == np.int64
    assert pcd.pairs(one, one).compute().tolist() == [[0], [0]]
    far = lazy("point", [[1e308, -1e308], [-1e308, 1e308], [1e308, -1e308], [0, 0]], 1)
    assert pcd.pairs(far, partitions=3).compute().tolist() == [[0], [2]]
    s = lazy("circle", np.zeros((4, 3)), 2)
    with pytest.raises(ValueError, match="1-D"):
        pcd.pairs(pcd.Circles(da.zeros((2, 2, 3), chunks=1)))
    unknown = pcd.Circles(da.zeros((4, 3), chunks=2)[da.arange(4, chunks=2) < 3])
    with pytest.raises(ValueError, match="unknown size"):
        pcd.pairs(unknown)
    with pytest.raises(ValueError, match="partitions"):
        pcd.pairs(s, partitions=0)
    with pytest.raises(TypeError, match="partitions"):
        pcd.pairs(s, partitions=2.5)
    with pytest.raises(ValueError, match="distance"):
        pcd.pairs(s, distance=-1)
    with pytest.raises(TypeError, match="sort"):
        pcd.pairs(s, sort="yes")
    with pytest.raises(TypeError, match="lazy shape"):
        pcd.pairs(np.zeros((4, 3)))


# ---- pickling, the GIL, a distributed cluster --------------------------------------


def test_shapes_tile_maps_and_worlds_pickle():
    tiles = pc.TileMap([[1, 0], [2, 1]], tile_size=1.5, origin=(2, 3))
    world = pc.World(tiles, pc.Circles([[0, 0, 1], [5, 5, 1]]))
    for thing in (pc.Circles([[0, 0, 1]]), pc.Polygons.from_box(center=[0, 0], half_size=[1, 1], angle=0.2), tiles):
        again = pickle.loads(pickle.dumps(thing))
        assert (
            np.array_equal(np.asarray(again), np.asarray(thing))
            if not isinstance(thing, pc.TileMap)
            else again == thing
        )
    again = pickle.loads(pickle.dumps(world))
    assert len(again) == 2 and again.parts[0] == tiles
    probe = pc.Circles([[0.5, 0.5, 0.2], [2.5, 3.5, 0.1], [9, 9, 0.1]])
    assert np.array_equal(pc.overlaps(probe, again), pc.overlaps(probe, world))
    assert pc.raycast([[-3, 0]], [1, 0], again).index.tolist() == [0]


def test_the_gil_is_released_inside_the_c_calls():
    """A thread inside a long C call must leave the interpreter to others: the
    main thread keeps running Python while the call lasts."""
    rng = np.random.default_rng(9)
    data = pc.Circles(crowd(rng, 1_200_000, "uniform"))
    start = time.perf_counter()
    pc.pairs(data, threads=1)
    alone = time.perf_counter() - start
    done = threading.Event()
    ticks = []

    def work():
        for _ in range(3):
            pc.pairs(data, threads=1)
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    while not done.is_set():
        ticks.append(time.perf_counter())
        time.sleep(0.0005)
    worker.join()
    gaps = np.diff(ticks)
    # holding the GIL would stall the main thread for a whole call (>= `alone`)
    assert len(ticks) > 20 and gaps.max() < 0.5 * alone, (gaps.max(), alone)


def test_threaded_scheduler_gives_the_same_pairs():
    rng = np.random.default_rng(10)
    data = crowd(rng, 20000, "skewed")
    lz = lazy("circle", data, 2500)
    want = pc.pairs(pc.Circles(data))
    for scheduler in ("threads", "sync"):
        with dask.config.set(scheduler=scheduler):
            assert np.array_equal(pcd.pairs(lz).compute(), want)
    # planning reads the input in threads too: every plan must agree with the join
    # (a temporary freed under a C call once gave partitions their wrong boxes)
    small = lazy("triangle", valid_rows("triangle", rng.integers(-6, 7, (12, 6))), 1)
    expected = pc.pairs(small.compute())
    for _ in range(40):
        assert np.array_equal(pcd.pairs(small, partitions=5).compute(), expected)


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, memory_limit="2GiB"
        ) as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


@pytest.mark.slow  # starting worker processes takes seconds
def test_on_a_local_cluster_of_processes(client):
    rng = np.random.default_rng(11)
    data = crowd(rng, 30000, "clustered")
    lz = lazy("circle", data, 4000)
    nb = pc.Circles(data)
    pids = set(client.run(lambda: __import__("os").getpid()).values())
    assert len(pids) == 2 and __import__("os").getpid() not in pids  # worker processes, not this one
    assert np.array_equal(pcd.pairs(lz).compute(), pc.pairs(nb))
    boxes = lazy("box", np.column_stack([data[:5000, :2] - 1, data[:5000, :2] + 1]), 1000)
    assert np.array_equal(pcd.pairs(lz, boxes, partitions=6).compute(), pc.pairs(nb, boxes.compute()))
    tiles = pc.TileMap(rng.integers(0, 5, (40, 40)), tile_size=data[:, :2].max() / 40)
    world = pc.World(tiles, pc.Boxes([[0, 0, 10, 10]]))
    for target in (tiles, world):  # pickled to the workers
        assert np.array_equal(pcd.overlaps(lz, target).compute(), pc.overlaps(nb, target))
    got = pcd.contact(lz[:, None], lz[None, :20])
    assert np.array_equal(got.separation.compute(), pc.contact(nb[:, None], nb[None, :20]).separation)
    bad = pcd.Circles(da.from_array(np.array([[0, 0, 1], [0, 0, -1.0]]), chunks=(1, 3)))
    with pytest.raises(ValueError, match="radius"):
        pcd.overlaps(bad, bad).compute()


# ---- an index on every block: query, query_nearest, nearest; raycast ----------------------


def _lazy(shapes, chunk):
    return pcd.__dict__[type(shapes).__name__](da.from_array(np.asarray(shapes._data), chunks=(chunk, -1)))


@pytest.mark.parametrize("predicate", [None, "intersects", "within", "contains", "touches", "dwithin"])
def test_query_equals_the_in_memory_index(predicate):
    rng = np.random.default_rng(4)
    boxes = pc.Boxes(np.concatenate([(lo := np.floor(rng.random((60, 2)) * 20)), lo + rng.integers(1, 4, (60, 2))], 1))
    pts = pc.Points(np.floor(rng.random((500, 2)) * 40) / 2)
    index = pc.Index(boxes)
    distance = 0.75 if predicate == "dwithin" else None
    want = index.query(pts, predicate, distance)
    got = pcd.query(index, _lazy(pts, 64), predicate, distance)
    assert np.array_equal(got.compute(), want)
    assert np.array_equal(pcd.query(boxes, _lazy(pts, 500), predicate, distance).compute(), want)


@pytest.mark.parametrize("k", [1, 3])
def test_query_nearest_equals_the_in_memory_index(k):
    rng = np.random.default_rng(6)
    index = pc.Index(pc.Circles(np.column_stack([rng.random((300, 2)) * 50, rng.random(300)])))
    q = pc.Points(rng.random((700, 2)) * 50)
    want, wd = index.query_nearest(q, k=k, max_distance=3.0, return_distance=True)
    got, gd = pcd.query_nearest(index, _lazy(q, 100), k=k, max_distance=3.0, return_distance=True)
    assert np.array_equal(got.compute(), want) and np.array_equal(gd.compute(), wd)
    assert np.array_equal(pcd.query_nearest(index, _lazy(q, 128), k=k).compute(), index.query_nearest(q, k=k))


@pytest.mark.parametrize("lazy_target", [False, True])
def test_nearest_equals_the_in_memory_nearest(lazy_target):
    rng = np.random.default_rng(8)
    b = pc.Boxes(np.concatenate([(lo := np.floor(rng.random((400, 2)) * 30)), lo + 1], 1))  # ties at the seams
    a = pc.Circles(np.column_stack([np.floor(rng.random((900, 2)) * 60) / 2, rng.random(900) * 0.5]))
    want = pc.nearest(a, b, max_distance=4.0)
    target = _lazy(b, 70) if lazy_target else b
    got = pcd.nearest(_lazy(a, 128), target, max_distance=4.0)
    assert np.array_equal(got.index.compute(), want.index)
    assert np.array_equal(got.distance.compute(), want.distance)
    if not lazy_target:
        limits = rng.random(900) * 3
        got = pcd.nearest(_lazy(a, 200), pc.Index(b), max_distance=limits)
        assert np.array_equal(got.index.compute(), pc.nearest(a, b, max_distance=limits).index)


@pytest.mark.parametrize("target", ["shapes", "tilemap", "world"])
def test_raycast_equals_the_in_memory_raycast(target):
    rng = np.random.default_rng(10)
    walls = pc.Boxes([[5, -1, 6, 1], [0, 5, 1, 6], [-8, -8, -7, 8]])
    t = {
        "shapes": walls,
        "tilemap": pc.TileMap.from_text("#....\n..#..\n....#"),
        "world": pc.World(walls, pc.Circles([[3, 3, 1]])),
    }[target]
    o = rng.random((300, 2)) * 4 - 2
    v = rng.random((300, 2)) * 2 - 1
    want = pc.raycast(o, v, t, 20.0)
    got = pcd.raycast(da.from_array(o, chunks=(64, 1)), da.from_array(v, chunks=(50, 2)), t, 20.0)
    assert type(got) is type(want)
    for g, w in zip(got, want):
        assert np.array_equal(np.asarray(g.compute()), np.asarray(w), equal_nan=np.asarray(w).dtype.kind == "f")


def test_index_verbs_refuse_bad_arguments():
    pts = _lazy(pc.Points(np.zeros((4, 2))), 2)
    with pytest.raises(ValueError, match="predicate"):
        pcd.query(pc.Boxes([[0, 0, 1, 1]]), pts, "overlap")
    with pytest.raises(ValueError, match="`k`"):
        pcd.query_nearest(pc.Boxes([[0, 0, 1, 1]]), pts, k=0)
    with pytest.raises(TypeError, match="index"):
        pcd.query([[0, 0, 1, 1]], pts)
    with pytest.raises(TypeError, match="in memory"):
        pcd.raycast(np.zeros((2, 2)), np.ones((2, 2)), pts)
