"""pc.Index: query with shapely's predicates against the exact reference and
against shapely's STRtree; query_nearest (k, limits, ties, exclusive) against
brute force; nearest's point path against the general one."""

import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference.relate import relate
from strategies import KINDS, TYPES, examples, grid_coords, half_grid_coords, shape_arrays

import pycollide as pc

RELATIONS = ("intersects", "within", "contains", "touches", "covers", "covered_by")


def _brute_query(a_kind, a, b_kind, b, predicate):
    return [(i, j) for i in range(len(a)) for j in range(len(b)) if relate(predicate, a_kind, a[i], b_kind, b[j])]


@pytest.mark.parametrize("predicate", RELATIONS)
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_query_agrees_with_the_exact_reference(predicate, data):
    """Every kind against every kind, on grids where touching, shared edges,
    collinear segments and shapes inside shapes are common."""
    ka, kb = data.draw(st.sampled_from(KINDS)), data.draw(st.sampled_from(KINDS))
    coords = data.draw(st.sampled_from([grid_coords(2), half_grid_coords(), grid_coords(4)]))
    a = data.draw(shape_arrays(ka, coords, n=6))
    b = data.draw(shape_arrays(kb, coords, n=6))
    index = pc.Index(TYPES[kb](b))
    got = index.query(TYPES[ka](a), predicate=predicate)
    want = _brute_query(ka, a, kb, b, predicate)
    assert got.dtype == np.int64 and got.shape == (2, len(want))
    assert list(map(tuple, got.T)) == want


@pytest.mark.parametrize("scale", [2.0**-1000, 2.0**-30, 1.0, 2.0**40, 2.0**900])
@pytest.mark.parametrize("predicate", ["within", "contains", "touches"])
def test_query_at_every_scale(predicate, scale):
    """The same grids scaled by 2^k: the answers do not change (the exact
    stages take over where the float filters cannot decide)."""
    rng = np.random.default_rng(7)
    from strategies import seeded_grid_shapes

    for ka in ("point", "circle", "segment", "capsule"):
        for kb in ("box", "circle", "capsule", "polygon4", "segment"):
            a = seeded_grid_shapes(rng, ka, 12, 3)
            b = seeded_grid_shapes(rng, kb, 12, 3)
            base = pc.Index(TYPES[kb](b)).query(TYPES[ka](a), predicate=predicate)
            scaled = pc.Index(TYPES[kb](b * scale)).query(TYPES[ka](a * scale), predicate=predicate)
            assert np.array_equal(base, scaled)
            assert list(map(tuple, base.T)) == _brute_query(ka, a, kb, b, predicate)


def test_relations_of_radii_against_radii():
    """Circles in circles and capsules, decided against RA - RB exactly."""
    big = pc.Circles([[0, 0, 5]])
    index = pc.Index(big)
    inner = pc.Circles([[3, 4, 0], [2, 0, 3], [2.5, 0, 2.5], [0, 0, 5], [3, 0, 2.0000000000000004]])
    # (3, 4) lies on the rim; r 3 at 2 touches the rim inside; 2.5 at 2.5 too; equal; a hair out
    assert index.query(inner, "within").tolist() == [[1, 2, 3], [0, 0, 0]]
    assert index.query(inner, "covered_by").tolist() == [[0, 1, 2, 3], [0, 0, 0, 0]]
    assert index.query(inner, "touches").tolist() == [[0], [0]]
    capsule = pc.Index(pc.Capsules([[0, 0, 10, 0, 2]]))
    probes = pc.Circles([[5, 1, 1], [5, 1.5, 1], [-1, 0, 1], [11.5, 0, 0.5]])
    assert capsule.query(probes, "within").tolist() == [[0, 2, 3], [0, 0, 0]]
    box = pc.Index(pc.Boxes([[0, 0, 4, 4]]))
    assert box.query(pc.Circles([[2, 2, 2], [2, 2, 2.0000000000000004], [1, 1, 1]]), "within").tolist() == [
        [0, 2],
        [0, 0],
    ]


def test_points_and_segments_follow_shapely_interiors():
    """A point's interior is itself, a segment's excludes its ends."""
    segs = pc.Index(pc.Segments([[0, 0, 4, 0]]))
    pts = pc.Points([[0, 0], [2, 0], [4, 0], [5, 0]])
    assert segs.query(pts, "touches").tolist() == [[0, 2], [0, 0]]
    assert segs.query(pts, "within").tolist() == [[1], [0]]
    others = pc.Segments([[2, 0, 6, 0], [4, 0, 4, 3], [2, -1, 2, 1], [1, 0, 3, 0], [4, 0, 8, 0], [2, 0, 2, 3]])
    # collinear overlap: interiors meet; end to end: touch; crossing: no; inside: within; T on the interior: touch
    assert segs.query(others, "touches").tolist() == [[1, 4, 5], [0, 0, 0]]
    assert segs.query(others, "within").tolist() == [[3], [0]]
    assert pc.Index(pc.Points([[1, 1]])).query(pc.Points([[1, 1], [2, 1]]), "touches").tolist() == [[], []]
    assert pc.Index(pc.Points([[1, 1]])).query(pc.Points([[1, 1], [2, 1]]), "within").tolist() == [[0], [0]]


shapely = None


def _shapely():
    return pytest.importorskip("shapely")


@pytest.mark.parametrize("predicate", RELATIONS + ("dwithin", None))
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_query_agrees_with_shapely_strtree(predicate, data):
    """On integer grids (where shapely's float predicates are exact) the pairs
    are STRtree.query's, for every kind shapely holds."""
    shp = _shapely()
    exact = ["point", "segment", "box", "triangle", "polygon4", "polygon8"]
    ka, kb = data.draw(st.sampled_from(exact)), data.draw(st.sampled_from(exact))
    a = TYPES[ka](data.draw(shape_arrays(ka, grid_coords(3), n=8)))
    b = TYPES[kb](data.draw(shape_arrays(kb, grid_coords(3), n=8)))
    ga, gb = a.to_shapely(), b.to_shapely()
    valid = np.asarray(shp.is_valid(ga), bool) & ~np.asarray(shp.is_empty(ga), bool)
    valid_b = np.asarray(shp.is_valid(gb), bool)
    # degenerate polygons (no area) are invalid in shapely: compare the valid ones
    if ka in ("box", "triangle", "polygon4", "polygon8"):
        valid &= np.asarray(shp.area(ga)) > 0
    if kb in ("box", "triangle", "polygon4", "polygon8"):
        valid_b &= np.asarray(shp.area(gb)) > 0
    if ka == "segment":
        valid &= np.asarray(shp.length(ga)) > 0
    if kb == "segment":
        valid_b &= np.asarray(shp.length(gb)) > 0
    a, ga = a[np.nonzero(valid)[0]], ga[valid]
    b, gb = b[np.nonzero(valid_b)[0]], gb[valid_b]
    distance = 1.5 if predicate == "dwithin" else None
    got = pc.Index(b).query(a, predicate=predicate, distance=distance)
    want = shp.STRtree(gb).query(ga, predicate=predicate, distance=distance)
    want = want[:, np.lexsort((want[1], want[0]))]
    assert got.tolist() == want.tolist()


def _brute_nearest(a, b, k, limit=np.inf, exclusive=False):
    """Every (i, j) by (distance, j), the first k within the limit."""
    out_i, out_j, out_d = [], [], []
    for i in range(len(a)):
        dist = pc.distance(a[i : i + 1], b).reshape(-1)
        js = np.lexsort((np.arange(len(b)), dist))
        taken = 0
        for j in js:
            if taken == k or not dist[j] <= (limit[i] if np.ndim(limit) else limit):
                break
            if exclusive and np.array_equal(a._data[i], b._data[j]):
                continue
            out_i.append(i)
            out_j.append(j)
            out_d.append(dist[j])
            taken += 1
    return np.array([out_i, out_j], dtype=np.int64).reshape(2, -1), np.array(out_d)


@pytest.mark.parametrize("k", [1, 2, 4])
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_query_nearest_is_brute_force(k, data):
    """The first k by (distance, index), every kind, limits included; the
    distances those of pc.distance, bit for bit."""
    ka, kb = data.draw(st.sampled_from(KINDS)), data.draw(st.sampled_from(KINDS))
    coords = data.draw(st.sampled_from([grid_coords(3), half_grid_coords(), None]))
    a = TYPES[ka](data.draw(shape_arrays(ka, coords, n=6)))
    b = TYPES[kb](data.draw(shape_arrays(kb, coords, n=10)))
    limit = data.draw(st.sampled_from([np.inf, 0.0, 1.0, 2.5]))
    got, dist = pc.Index(b).query_nearest(a, k=k, max_distance=limit, return_distance=True)
    want, wdist = _brute_nearest(a, b, k, limit)
    assert got.tolist() == want.tolist()
    assert dist.tolist() == wdist.tolist()


@pytest.mark.parametrize("k", [1, 4])
@pytest.mark.parametrize("kinds", [("point", "point"), ("circle", "point"), ("point", "circle"), ("circle", "circle")])
@pytest.mark.parametrize("scale", [2.0**-1060, 2.0**-40, 1.0, 2.0**60, 2.0**600])
def test_point_path_is_brute_force_at_every_scale(kinds, k, scale):
    """The filtered point and circle path: crowded, duplicated and tied
    points, at scales where the filter works and where it must step aside."""
    rng = np.random.default_rng(11)
    ka, kb = kinds
    q = np.round(rng.random((300, 2)) * 8) / 2
    p = np.round(rng.random((200, 2)) * 8) / 2
    if ka == "circle":
        q = np.column_stack([q, rng.integers(0, 3, len(q)) / 4])
    if kb == "circle":
        p = np.column_stack([p, rng.integers(0, 3, len(p)) / 4])
    a, b = TYPES[ka](q * scale), TYPES[kb](p * scale)
    got, dist = pc.Index(b).query_nearest(a, k=k, return_distance=True)
    want, wdist = _brute_nearest(a, b, k)
    assert got.tolist() == want.tolist()
    assert dist.tolist() == wdist.tolist()
    r = pc.nearest(a, b)
    first = np.searchsorted(want[0], np.arange(len(a)))
    assert r.index.tolist() == want[1, first].tolist()


def test_nearest_distances_need_the_contact_near_ties():
    """Two points whose float distances tie but whose contact distances do
    not (and the converse) are ranked as the contact ranks them."""
    rng = np.random.default_rng(3)
    base = rng.random((2000, 2)) * 1e6
    b = pc.Points(np.concatenate([base, base + [[0, 1e-9]]]))
    a = pc.Points(base[:500] + rng.random((500, 2)) * 1e-6)
    got, dist = pc.Index(b).query_nearest(a, k=3, return_distance=True)
    want, wdist = _brute_nearest(a, b, 3)
    assert got.tolist() == want.tolist() and dist.tolist() == wdist.tolist()


def test_query_nearest_all_matches_and_exclusive():
    grid = pc.Points([[x, y] for x in range(4) for y in range(4)])
    index = pc.Index(grid)
    centre = pc.Points([[1.5, 1.5]])
    assert index.query_nearest(centre).tolist() == [[0], [5]]
    assert index.query_nearest(centre, all_matches=True).tolist() == [[0, 0, 0, 0], [5, 6, 9, 10]]
    assert index.query_nearest(centre, k=5, all_matches=True)[1].tolist() == [5, 6, 9, 10, 1, 2, 4, 7, 8, 11, 13, 14]
    # each point's nearest other point: itself excluded
    got, dist = index.query_nearest(grid, exclusive=True, return_distance=True)
    assert (dist == 1).all() and (got[0] != got[1]).all()
    assert index.query_nearest(pc.Points([1, 1])).tolist() == [5]  # a single shape: the index's indices
    single = index.query_nearest(pc.Points([1, 1]), k=2, exclusive=True, return_distance=True)
    assert single[0].tolist() == [1, 4] and single[1].tolist() == [1.0, 1.0]


def test_query_nearest_limits_broadcast_and_none_within():
    index = pc.Index(pc.Circles([[0, 0, 1], [10, 0, 1]]))
    q = pc.Points([[3, 0], [5, 0], [20, 0]])
    got, dist = index.query_nearest(q, max_distance=[2.0, 4.0, 9.0], return_distance=True)
    assert got.tolist() == [[0, 1, 2], [0, 0, 1]] and dist.tolist() == [2.0, 4.0, 9.0]  # (5, 0): a tie, the lower
    assert index.query_nearest(q, max_distance=0.5).shape == (2, 0)


def test_nearest_reuses_an_index_and_agrees():
    rng = np.random.default_rng(5)
    b = pc.Boxes(np.sort(rng.random((300, 4)) * 50, axis=1)[:, [0, 1, 2, 3]])
    b = pc.Boxes(np.column_stack([b._data[:, 0], b._data[:, 1], b._data[:, 0] + 1, b._data[:, 1] + 2]))
    a = pc.Circles(np.column_stack([rng.random((400, 2)) * 50, rng.random(400)]))
    index = pc.Index(b)
    r1, r2 = pc.nearest(a, b), pc.nearest(a, index)
    assert np.array_equal(r1.index, r2.index) and np.array_equal(r1.distance, r2.distance)
    assert np.array_equal(pc.pairs(a, b), pc.pairs(a, index))
    assert np.array_equal(pc.pairs(a, b, distance=0.5), pc.pairs(a, index, distance=0.5))


def test_index_pickles_and_answers_across_threads():
    from concurrent.futures import ThreadPoolExecutor

    rng = np.random.default_rng(9)
    index = pc.Index(pc.Circles(np.column_stack([rng.random((5000, 2)) * 100, rng.random(5000)])))
    copy = pickle.loads(pickle.dumps(index))
    q = pc.Points(rng.random((3000, 2)) * 100)
    want = index.query(q, "within")
    assert np.array_equal(copy.query(q, "within"), want)
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda t: index.query_nearest(q, k=2, threads=t), [1, 2, 3, 4]))
    for r in results[1:]:
        assert np.array_equal(r, results[0])


def test_outlines_in_an_index():
    rooms = pc.Regions([[[0, 0], [4, 0], [4, 4], [0, 4]], [[10, 0], [14, 0], [14, 4], [10, 4]]])
    index = pc.Index(rooms)
    pts = pc.Points([[1, 1], [4, 2], [7, 2], [12, 2]])
    assert index.query(pts, "intersects").tolist() == [[0, 1, 3], [0, 0, 1]]
    assert index.query(pts, "within").tolist() == [[0, 3], [0, 1]]
    assert index.query(pts, "touches").tolist() == [[1], [0]]
    assert index.query(pts, "dwithin", distance=3).tolist() == [[0, 1, 2, 2, 3], [0, 0, 0, 1, 1]]
    got, dist = index.query_nearest(pts, k=2, return_distance=True)
    assert got.tolist() == [[0, 0, 1, 1, 2, 2, 3, 3], [0, 1, 0, 1, 0, 1, 1, 0]]
    assert dist.tolist() == [0.0, 9.0, 0.0, 6.0, 3.0, 3.0, 0.0, 8.0]
    assert index.query(pc.Circles([[1, 1, 1], [3.5, 2, 1], [12, 2, 2]]), "within").tolist() == [[0, 2], [0, 1]]
    segments = pc.Segments([[1, 1, 2, 2], [1, 1, 1, 1], [0, 0, 1, 1], [3, 2, 6, 2], [0, 0, 4, 0]])
    assert index.query(segments, "within").tolist() == [[0, 1, 2], [0, 0, 0]]
    assert index.query(segments, "covered_by").tolist() == [[0, 1, 2, 4], [0, 0, 0, 0]]
    assert index.query(segments, "touches").tolist() == [[4], [0]]
    assert index.query(segments, "contains").tolist() == [[], []]
    with pytest.raises(TypeError, match=r"geometry\[0\] has none"):
        index.query(pc.Triangles([[1, 1, 2, 2, 3, 3], [1, 1, 2, 1, 1, 2]]), "within")


@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda i: i.query(pc.Points([[0, 0]]), predicate="overlap"), ValueError, "predicate"),
        (lambda i: i.query(pc.Points([[0, 0]]), predicate="dwithin"), ValueError, "needs `distance`"),
        (lambda i: i.query(pc.Points([[0, 0]]), predicate="within", distance=1), ValueError, "distance"),
        (lambda i: i.query(pc.Points([[0, 0]]), predicate="dwithin", distance=-1), ValueError, "distance"),
        (lambda i: i.query(pc.Points([[0, 0], [1, 1]]), "dwithin", distance=[1, np.nan]), ValueError, r"distance\[1\]"),
        (lambda i: i.query_nearest(pc.Points([[0, 0]]), k=0), ValueError, "`k`"),
        (lambda i: i.query_nearest(pc.Points([[0, 0]]), k=1.5), TypeError, "`k`"),
        (lambda i: i.query_nearest(pc.Points([[0, 0]]), max_distance=-1), ValueError, "max_distance"),
        (lambda i: i.query([[0, 0]]), TypeError, "geometry"),
    ],
)
def test_bad_arguments_are_named(call, error, match):
    index = pc.Index(pc.Boxes([[0, 0, 1, 1]]))
    with pytest.raises(error, match=match):
        call(index)


def test_an_index_of_a_2d_array_is_refused():
    with pytest.raises(ValueError, match="1-D"):
        pc.Index(pc.Points(np.zeros((2, 3, 2))))
    with pytest.raises(TypeError, match="geometries"):
        pc.Index([[0, 0]])


@pytest.mark.parametrize("kind", ["point", "circle"])
@pytest.mark.parametrize("scene", ["uniform", "clustered", "line", "one place"])
def test_grid_of_points_agrees_with_brute_force(kind, scene):
    """Points and circles go in a grid for the nearest queries: any layout,
    queries inside and far outside it, k = 1 and 3, limits."""
    rng = np.random.default_rng(21)
    n = 3000
    if scene == "uniform":
        xy = rng.random((n, 2)) * 100
    elif scene == "clustered":
        xy = rng.normal(0, 0.5, (n, 2)) + rng.integers(0, 5, (n, 1)) * 20
    elif scene == "line":
        xy = np.column_stack([rng.random(n) * 100, np.full(n, 3.0)])
    else:
        xy = np.full((n, 2), 7.0)
    data = xy if kind == "point" else np.column_stack([xy, rng.random(n) * 0.3])
    b = TYPES[kind](data)
    index = pc.Index(b)
    q = pc.Points(np.concatenate([rng.random((150, 2)) * 100, rng.random((50, 2)) * 1000 - 500]))
    for k, limit in ((1, np.inf), (3, np.inf), (3, 2.0)):
        got, dist = index.query_nearest(q, k=k, max_distance=limit, return_distance=True)
        want, wdist = _brute_nearest(q, b, k, limit)
        assert got.tolist() == want.tolist()
        assert dist.tolist() == wdist.tolist()


def _draw_regions(data):
    """One to three polyomino regions (holes included) on the unit grid: their
    rings (the shell first) and the Regions."""
    from outline_strategies import grid_cells, polyomino_region

    rings = []
    for _ in range(data.draw(st.integers(1, 3))):
        shell, holes = polyomino_region(data.draw(grid_cells(5)))
        dx, dy = data.draw(st.integers(-3, 3)), data.draw(st.integers(-3, 3))
        rings.append([[(x + dx, y + dy) for x, y in ring] for ring in [shell] + holes])
    return rings, pc.Regions([r[0] for r in rings], holes=[r[1:] for r in rings])


def _outlines_and_shapes(data, shp):
    """Polyomino regions (holes included) or polylines on the unit grid, and
    valid boxes, triangles, polygons (with area) or points on the half grid."""
    _, outlines = _draw_regions(data)
    if data.draw(st.booleans()):
        paths = data.draw(
            st.lists(
                st.lists(st.tuples(grid_coords(4), grid_coords(4)), min_size=2, max_size=5), min_size=1, max_size=3
            )
        )
        paths = [p for p in paths if len({tuple(v) for v in p}) > 1]
        if paths:
            outlines = pc.Polylines(paths)
    kind = data.draw(st.sampled_from(["point", "segment", "box", "triangle", "polygon4"]))
    shapes = TYPES[kind](data.draw(shape_arrays(kind, half_grid_coords(), n=10)))
    geoms = shapes.to_shapely()
    keep = np.asarray(shp.is_valid(geoms), bool)
    if kind == "segment":
        keep &= np.asarray(shp.length(geoms)) > 0
    elif kind != "point":
        keep &= np.asarray(shp.area(geoms)) > 0
    return outlines, shapes[np.nonzero(keep)[0]], geoms[keep]


def _sorted_pairs(found):
    return found[:, np.lexsort((found[1], found[0]))].tolist()


@pytest.mark.parametrize("predicate", ["within", "contains", "touches", "covers", "covered_by"])
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_shapes_against_regions_and_polylines_agree_with_shapely(predicate, data):
    """Shapes querying an index of outlines: STRtree.query's pairs,
    predicate for predicate."""
    shp = _shapely()
    outlines, shapes, geoms = _outlines_and_shapes(data, shp)
    got = pc.Index(outlines).query(shapes, predicate)
    want = shp.STRtree(outlines.to_shapely()).query(geoms, predicate=predicate)
    assert got.tolist() == _sorted_pairs(want)


@pytest.mark.parametrize("predicate", list(RELATIONS) + ["dwithin", None])
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_regions_and_polylines_query_an_index_of_shapes_as_shapely(predicate, data):
    """The other way round: outlines as the geometry querying an index of
    shapes (points in concave polygons, the commonest spatial join), and an
    index of outlines queried by outlines (intersects, dwithin)."""
    shp = _shapely()
    outlines, shapes, geoms = _outlines_and_shapes(data, shp)
    distance = 0.5 if predicate == "dwithin" else None
    got = pc.Index(shapes).query(outlines, predicate, distance)
    want = shp.STRtree(geoms).query(outlines.to_shapely(), predicate=predicate, distance=distance)
    assert got.tolist() == _sorted_pairs(want)
    if predicate in ("intersects", "dwithin", None):
        again = pc.Index(outlines)
        got = again.query(outlines, predicate, distance)
        want = shp.STRtree(outlines.to_shapely()).query(outlines.to_shapely(), predicate=predicate, distance=distance)
        assert got.tolist() == _sorted_pairs(want)


@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_segments_against_outlines_agree_with_the_reference(data):
    """Segments on the half grid against polyomino regions (holes included)
    and polylines on the grid, self-crossing ones too (where shapely nodes
    their crossings at rounded points and may differ): every relation by the
    exact reference, from both sides of the query."""
    from reference import outlines as ref_outlines

    if data.draw(st.booleans()):
        rings, outlines = _draw_regions(data)
        exact = [ref_outlines.as_region((r[0], r[1:])) for r in rings]

        def holds(j, a, b):
            return ref_outlines.covers(exact[j], "segment", [*a, *b]) if a != b else exact[j].classify(a) != "outside"

        def inner(j, a, b):
            return (
                ref_outlines.overlaps_region("segment", [*a, *b], exact[j], touching=False)
                if a != b
                else (exact[j].classify(a) == "inside")
            )

        contains_ok = False
    else:
        paths = data.draw(
            st.lists(
                st.lists(st.tuples(grid_coords(4), grid_coords(4)), min_size=2, max_size=6), min_size=1, max_size=3
            )
        )
        paths = [p for p in paths if len({tuple(v) for v in p}) > 1]
        if not paths:
            return
        outlines = pc.Polylines(paths)

        def holds(j, a, b):
            return ref_outlines.polyline_holds_segment(paths[j], a, b)

        def inner(j, a, b):
            return ref_outlines.polyline_interiors_meet(paths[j], a, b)

        contains_ok = True
    rows = np.asarray(data.draw(shape_arrays("segment", half_grid_coords(), n=12)), dtype=float).reshape(-1, 4)
    segments = pc.Segments(rows)
    meet = pc.Index(outlines).query(segments, "intersects")
    for predicate in ("within", "covered_by", "touches", "contains", "covers"):
        want = []
        for i, j in meet.T:
            a, b = tuple(rows[i, :2]), tuple(rows[i, 2:])
            if predicate == "touches":
                ok = not inner(j, a, b)
            elif predicate in ("within", "covered_by"):
                ok = holds(j, a, b) and (predicate == "covered_by" or inner(j, a, b))
            else:  # the outline shape in the segment: every vertex on it
                verts = paths[j] if contains_ok else []
                ok = contains_ok and all(ref_outlines.on_polyline([a, b], v) for v in verts)
                ok = ok and (predicate == "covers" or inner(j, a, b))
            if ok:
                want.append((int(i), int(j)))
        got = pc.Index(outlines).query(segments, predicate)
        assert [tuple(c) for c in got.T.tolist()] == want, predicate
        converse = {"within": "contains", "covered_by": "covers", "touches": "touches"}.get(predicate)
        if converse:
            back = pc.Index(segments).query(outlines, converse)
            assert [tuple(c) for c in back.T.tolist()] == sorted((j, i) for i, j in want)


def test_a_polyline_of_one_place_inside_a_segment():
    """A one-vertex polyline is its point, its own interior: a segment
    through it contains it (and so does not touch it), one ending at it
    covers it and touches it; either side of the query."""
    dot = pc.Polylines([[[1, 0]]])
    segments = pc.Segments([[0, 0, 2, 0], [1, 0, 3, 0], [0, 1, 2, 1]])
    index = pc.Index(dot)
    assert index.query(segments, "contains").tolist() == [[0], [0]]
    assert index.query(segments, "covers").tolist() == [[0, 1], [0, 0]]
    assert index.query(segments, "touches").tolist() == [[1], [0]]
    assert pc.Index(segments).query(dot, "within").tolist() == [[0], [0]]
    assert pc.Index(segments).query(dot, "touches").tolist() == [[0], [1]]


def test_outlines_as_the_geometry_refuse_what_they_cannot_answer():
    rooms = pc.Regions([[[0, 0], [4, 0], [4, 4], [0, 4]]])
    with pytest.raises(TypeError, match=r"index\[0\] has none"):
        pc.Index(pc.Triangles([[5, 5, 6, 6, 7, 7], [1, 1, 2, 1, 1, 2]])).query(rooms, "contains")
    assert pc.Index(pc.Segments([[5, 5, 6, 6], [1, 1, 2, 2], [0, 0, 4, 0]])).query(rooms, "contains").tolist() == [
        [0],
        [1],
    ]
    with pytest.raises(TypeError, match="one number"):
        pc.Index(pc.Points([[1, 1]])).query(rooms, "dwithin", distance=[1.0])
    with pytest.raises(TypeError, match="not supported yet"):
        pc.Index(rooms).query(rooms, "within")
    assert pc.Index(pc.Points([[1, 1], [4, 2], [9, 9]])).query(rooms, "contains").tolist() == [[0], [0]]
    assert pc.Index(pc.Points([[1, 1], [4, 2], [9, 9]])).query(rooms, "touches").tolist() == [[0], [1]]


def test_shapely_geometries_in_and_out():
    """An index and its queries take shapely arrays as they come (through
    from_shapely), as an STRtree user would hand them over."""
    shp = _shapely()
    boxes = shp.box([0, 5], [0, 0], [4, 9], [4, 4])
    index = pc.Index(boxes)
    assert isinstance(index.geometries, pc.Polygons)
    pts = shp.points([[1, 1], [4, 2], [6, 1]])
    assert index.query(pts, "within").tolist() == shp.STRtree(boxes).query(pts, predicate="within").tolist()
    assert index.query_nearest(shp.points([[4.5, 2]]), k=2).tolist() == [[0, 0], [0, 1]]


def test_nearest_never_prunes_what_the_contact_measures_below_the_box_gap():
    """The contact's separation can fall below the true distance (so below a
    node's box gap) by its rounding: nodes within that error of the bound are
    still read, ties to the lower index (general and filtered paths, with and
    without a limit).  Found by review."""
    far = [[50 + i, 0, 1] for i in range(7)] + [[-50 - i, -50, 1] for i in range(6)]
    far += [[100, 100 + i, 1] for i in range(20)]
    items = pc.Circles([[1 + 2**-20, 0, 1], [0, -(1 + 2**-20), 1], [-0.8, -0.8, 1]] + far)
    query = pc.Capsules([[0, 0, 0, 0, 0.75 * 2**-52]])
    want, wdist = _brute_nearest(query, items, 1)
    assert pc.nearest(query, items).index.tolist() == want[1].tolist() == [0]
    assert pc.Index(items).query_nearest(query).tolist() == [[0], [0]]
    crowd = pc.Circles([[1 + 2**-20, 0, 1]] + 40 * [[100, 0, 1]])
    q = pc.Circles([[0, 0, 0.75 * 2**-52]])
    limit = float(pc.distance(q, crowd[:1])[0])
    assert pc.Index(crowd).query_nearest(q, max_distance=limit).tolist() == [[0], [0]]
    zero = pc.Capsules([[0, 0, 0, 0, 0.75 * 2**-52]])
    assert pc.Index(crowd).query_nearest(zero, max_distance=limit).tolist() == [[0], [0]]


def test_a_polyline_of_one_place_contains_that_point():
    index = pc.Index(pc.Polylines([[[1, 1]], [[0, 0], [2, 0]]]))
    pts = pc.Points([[1, 1], [1, 0]])
    assert index.query(pts, "contains").tolist() == [[0], [0]]
    assert index.query(pts, "covers").tolist() == [[0], [0]]
    assert index.query(pts, "within").tolist() == [[0, 1], [0, 1]]
