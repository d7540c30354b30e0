"""pycollide.plotting: every kind, TileMap, World, compound and result type
drawn, and the artists checked: how many, where (against the shapes' own
coordinates) and in which colour (per label, in the legend too)."""

import subprocess
import sys

import numpy as np
import pytest
from strategies import REGISTRY, seeded_grid_shapes

import pycollide as pc

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import to_rgba  # noqa: E402

from pycollide import plotting  # noqa: E402
from pycollide.plotting import (  # noqa: E402
    COLOURS,
    FACE_ALPHA,
    plot,
    plot_contact,
    plot_depenetrate,
    plot_intersections,
    plot_manifold,
    plot_nearest,
    plot_pairs,
    plot_paths,
    plot_raycast,
    plot_sweep,
)

ALL_KINDS = tuple(REGISTRY)  # every kind, each polygon K and the lines


@pytest.fixture
def ax():
    fig, ax = plt.subplots()
    yield ax
    plt.close(fig)


def kind_colour(cls):
    return COLOURS["polygon" if cls.name.startswith("polygon") else cls.name]


def make(kind, n=7, seed=0):
    rng = np.random.default_rng(seed)
    if kind == "line":
        data = rng.integers(-5, 6, size=(n, 4)).astype(float)
        data[:, 2] = data[:, 0] + 1 + np.abs(data[:, 2])  # two distinct points
        return pc.Lines(data)
    return REGISTRY[kind](seeded_grid_shapes(rng, kind, n, 6))


def outline(cls, data):
    """The vertices a polygonal kind's path must start with, (n, K, 2)."""
    if cls is pc.Boxes:
        x0, y0, x1, y1 = data.T
        return np.stack([np.stack(p, axis=-1) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))], axis=1)
    return data.reshape(len(data), -1, 2)


def legend_colours(ax):
    legend = ax.legend()
    out = {}
    for text, handle in zip(legend.get_texts(), legend.legend_handles):
        if hasattr(handle, "get_facecolor"):
            colour = handle.get_facecolor()
        else:
            colour = handle.get_color()
        out[text.get_text()] = to_rgba(np.asarray(colour).reshape(-1, 4)[0] if np.ndim(colour) else colour)
    return out


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_every_kind_draws_every_shape_where_it_is(ax, kind):
    shapes = make(kind)
    cls = type(shapes)
    data = np.asarray(shapes, dtype=float).reshape(len(shapes), -1)
    artists = plot(shapes, ax, label=kind)
    if kind == "line":
        assert len(artists) == len(shapes)
        for line, row in zip(artists, data):
            assert np.array_equal(np.r_[line._xy1, line._xy2], row)
            assert to_rgba(line.get_color()) == to_rgba(COLOURS["line"])
        assert [a.get_label() for a in artists].count(kind) == 1
        return
    [artist] = artists
    assert artist.get_label() == kind
    if kind == "point":
        assert np.array_equal(artist.get_offsets(), data)
        assert to_rgba(artist.get_facecolor()[0]) == to_rgba(COLOURS["point"])
        return
    if kind == "segment":
        assert len(artist.get_segments()) == len(shapes)
        assert np.array_equal(np.array(artist.get_segments()).reshape(-1, 4), data)
        assert to_rgba(artist.get_color()[0]) == to_rgba(COLOURS["segment"])
        return
    paths = artist.get_paths()
    assert len(paths) == len(shapes)
    bounds = shapes.bounds()
    for path, row, box in zip(paths, data, bounds):
        v = path.vertices
        if kind == "circle":
            on = v[:-1:3]  # the Bezier segments' ends: on the circle
            assert np.allclose(np.hypot(*(on - row[:2]).T), row[2], rtol=1e-12, atol=1e-12)
            assert np.allclose([v[:, 0].min(), v[:, 1].min(), v[:, 0].max(), v[:, 1].max()], box, atol=1e-9)
        elif kind == "capsule":
            half = len(v) // 2
            for on, end in ((v[:half:3], row[2:4]), (v[half:-1:3], row[0:2])):  # each half circle's on-curve points
                assert np.allclose(np.hypot(*(on - end).T), row[4], rtol=1e-12, atol=1e-12)
            ext = path.get_extents()
            assert np.allclose([ext.x0, ext.y0, ext.x1, ext.y1], box, rtol=0, atol=1e-5 * (1 + row[4]))  # Bezier arcs
        else:
            k = len(outline(cls, row[None])[0])
            assert np.array_equal(v[:k], outline(cls, row[None])[0])
    assert to_rgba(artist.get_facecolor()[0]) == to_rgba(kind_colour(cls), FACE_ALPHA)
    assert to_rgba(artist.get_edgecolor()[0]) == to_rgba(kind_colour(cls))
    assert legend_colours(ax) == {kind: to_rgba(kind_colour(cls), FACE_ALPHA)}


@pytest.mark.parametrize("kind", ["circle", "box", "polygon5", "capsule"])
def test_leading_axes_are_flattened_and_colours_follow_the_style(ax, kind):
    shapes = make(kind, n=6)
    grid = REGISTRY[kind](np.asarray(shapes).reshape((2, 3) + np.asarray(shapes).shape[1:]))
    [artist] = plot(grid, ax, color="tab:green", label="green")
    assert len(artist.get_paths()) == 6
    assert to_rgba(artist.get_facecolor()[0]) == to_rgba("tab:green", FACE_ALPHA)
    assert to_rgba(artist.get_edgecolor()[0]) == to_rgba("tab:green")
    [other] = plot(shapes, ax, facecolor="gold", edgecolor="black", alpha=0.8, label="gold")
    assert to_rgba(other.get_facecolor()[0]) == to_rgba("gold", 0.8)
    assert to_rgba(other.get_edgecolor()[0]) == to_rgba("black")
    assert legend_colours(ax) == {"green": to_rgba("tab:green", FACE_ALPHA), "gold": to_rgba("gold", 0.8)}


def test_axes_get_an_equal_aspect_with_y_up_and_hold_the_shapes(ax):
    plot(pc.Boxes([[0, 0, 10, 1], [3, 5, 4, 40]]), ax)
    assert ax.get_aspect() == 1.0 and not ax.yaxis_inverted()
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    assert x0 <= 0 and x1 >= 10 and y0 <= 0 and y1 >= 40


def test_a_tilemap_draws_its_solid_tiles_and_its_merged_edges(ax):
    tm = pc.TileMap.from_text("######\n#....#\n#.#3.#\n#7..1#\n######", tile_size=0.5, origin=(2, -1))
    tiles = tm.tiles()
    solid, edges = plot(tm, ax, edges=True, label="level")
    boxes, triangles = np.asarray(tiles.boxes), np.asarray(tiles.triangles)
    paths = solid.get_paths()
    assert len(paths) == len(boxes) + len(triangles)
    for path, box in zip(paths, boxes):
        assert np.array_equal(path.vertices[:4], outline(pc.Boxes, box[None])[0])
    for path, tri in zip(paths[len(boxes) :], triangles):
        assert np.array_equal(path.vertices[:3], tri.reshape(3, 2))
    assert np.array_equal(np.array(edges.get_segments()).reshape(-1, 4), np.asarray(tm.edges))
    assert to_rgba(solid.get_facecolor()[0]) == to_rgba(COLOURS["tile"], FACE_ALPHA)
    assert to_rgba(edges.get_color()[0]) == to_rgba(COLOURS["edge"])
    assert list(legend_colours(ax)) == ["level"]
    assert len(plot(tm, ax)) == 1  # the edges on request only


def test_a_world_draws_every_part(ax):
    tm = pc.TileMap.from_text("####\n#..#\n####")
    balls, walls = make("circle", 5), make("segment", 4)
    world = pc.World(tm, balls, walls)
    artists = plot(world, ax, label="world")
    assert len(artists) == 3
    assert len(artists[0].get_paths()) == len(tm.tiles().boxes)
    assert len(artists[1].get_paths()) == 5 and len(artists[2].get_segments()) == 4
    assert [a.get_label() for a in artists].count("world") == 1
    assert len(plot(world, ax, edges=True)) == 4


def test_a_compound_and_its_placed_copies_draw_every_part(ax):
    body = pc.Compound([pc.Boxes([[-1, -1, 1, 1]]), pc.Circles([[0, 1, 0.5], [0, -1, 0.5]])])
    assert sorted(len(a.get_paths()) for a in plot(body, ax)) == [1, 2]
    placed = body.at([[0, 0], [5, 0], [10, 2]])
    artists = plot(placed, ax, label="bodies")
    assert sorted(len(a.get_paths()) for a in artists) == [3, 6]
    [boxes] = [a for a in artists if len(a.get_paths()) == 3]
    assert np.array_equal(boxes.get_paths()[2].vertices[:4], [[9, 1], [11, 1], [11, 3], [9, 3]])


def test_a_contact_draws_its_witness_points_separation_and_normals(ax):
    a = pc.Circles([[0, 0, 1], [4, 0, 1]])
    b = pc.Boxes([[1.5, -1, 2.5, 1], [4.5, -0.5, 6, 0.5]])
    c = pc.contact(a, b)
    pa, pb, gap, normals = plot(c, ax, normal_length=0.5, label="contact")
    assert np.array_equal(pa.get_offsets(), c.point_a) and np.array_equal(pb.get_offsets(), c.point_b)
    assert np.array_equal(np.array(gap.get_segments()), np.stack([c.point_a, c.point_b], axis=1))
    assert gap.get_linestyles()[0][1] is not None and gap.get_linestyles()[1][1] is None  # apart: dashed
    assert np.allclose(np.column_stack([normals.U, normals.V]), c.normal * 0.5)
    assert np.array_equal(normals.X, c.point_a[:, 0]) and np.array_equal(normals.Y, c.point_a[:, 1])
    assert list(legend_colours(ax)) == ["contact"]
    assert to_rgba(pa.get_facecolor()[0]) == to_rgba(COLOURS["contact"])
    assert to_rgba(normals.get_facecolor()[0]) == to_rgba(COLOURS["normal"])
    *_, green = plot_contact(c, ax, color="tab:green")  # one colour styles every mark of the call, normals too
    assert to_rgba(green.get_facecolor()[0]) == to_rgba("tab:green")


def test_a_world_contact_leaves_out_what_meets_nothing(ax):
    world = pc.World(pc.Circles(np.zeros((0, 3))))
    c = pc.contact(pc.Points([[0, 0], [1, 1]]), world)
    assert not np.isfinite(c.separation).any()
    pa, pb, gap, normals = plot(c, ax)
    assert len(pa.get_offsets()) == 0 and len(gap.get_segments()) == 0
    world = pc.World(pc.TileMap.from_text("#..\n..."), pc.Circles([[2, 2, 0.25]]))
    c = pc.contact(pc.Points([[0.5, 1.5], [2, 1.5]]), world)
    pa, _, _, _ = plot_contact(c, ax)
    assert np.array_equal(pa.get_offsets(), c.point_a)


def test_a_manifold_draws_count_points_and_the_separation_across_each(ax):
    a = pc.Boxes([[0, 0, 2, 1], [5, 0, 6, 1]])
    b = pc.Boxes([[0.5, 0.75, 1.5, 2], [5.5, 3, 7, 4]])
    m = pc.manifold(a, b, margin=3.0)
    assert m.count.tolist() == [2, 2]
    points, spans, normals = plot(m, ax, label="manifold")
    assert np.array_equal(points.get_offsets(), m.points.reshape(-1, 2))
    seg = np.array(spans.get_segments())
    sep = m.separations.reshape(-1)
    n = np.repeat(m.normal, 2, axis=0)
    assert np.allclose(seg[:, 1] - seg[:, 0], sep[:, None] * n)
    assert np.allclose(seg.mean(axis=1), m.points.reshape(-1, 2))
    assert len(normals.X) == 4
    m1 = pc.manifold(pc.Circles([0, 0, 1]), pc.Circles([[1.5, 0, 1], [9, 0, 1]]))
    assert m1.count.tolist() == [1, 0]
    points, _, _ = plot_manifold(m1, ax)
    assert np.array_equal(points.get_offsets(), m1.points[0, :1])


def test_a_world_manifold_draws_as_a_manifold(ax):
    floor = pc.TileMap.from_text("....\n####")
    w = pc.manifold(pc.Boxes([[0.5, 1, 1.5, 2]]), pc.World(floor))
    assert type(w) is pc.WorldManifold and w.count.tolist() == [2]
    points, spans, normals = plot(w, ax)
    assert np.array_equal(points.get_offsets(), w.points.reshape(-1, 2)) and len(normals.X) == 2


@pytest.mark.parametrize("target", ["tilemap", "shapes", "world"])
def test_a_raycast_draws_hits_misses_points_and_normals(ax, target):
    tm = pc.TileMap.from_text(".....\n....#\n....#")
    walls = pc.Boxes([[4, 0, 5, 2]])
    world = {"tilemap": tm, "shapes": walls, "world": pc.World(walls)}[target]
    origins = np.array([[0.5, 0.5], [0.5, 1.5], [0.5, 2.5]])
    r = pc.raycast(origins, [2.0, 0.0], world)
    assert r.hit.tolist() == [True, True, False]
    hits, misses, points, normals = plot_raycast(r, origins, [2.0, 0.0], ax, label="rays")
    seg = np.array(hits.get_segments())
    assert np.array_equal(seg[:, 0], origins[:2]) and np.array_equal(seg[:, 1], [[4, 0.5], [4, 1.5]])
    assert np.array_equal(points.get_offsets(), [[4, 0.5], [4, 1.5]])
    assert len(misses.get_segments()) == 1 and np.array_equal(misses.get_segments()[0][0], origins[2])
    assert misses.get_segments()[0][1][0] > 5  # beyond what the axes hold
    assert np.allclose(np.column_stack([normals.U, normals.V]) / np.hypot(normals.U, normals.V)[:, None], [-1, 0])
    assert list(legend_colours(ax)) == ["rays"]
    _, misses, _, _ = plot_raycast(
        pc.raycast(origins, [2.0, 0.0], world, max_distance=1.0), origins, [2, 0], ax, max_distance=1.0
    )
    assert np.array_equal(np.array(misses.get_segments())[:, 1], origins + [1, 0])


@pytest.mark.parametrize("kind", ["circle", "box", "capsule", "polygon4", "triangle", "segment", "point"])
def test_a_sweep_draws_the_shape_at_its_time_of_impact(ax, kind):
    moving = make(kind, n=4, seed=3)
    moving = pc.transform(moving, [-20.0, 0.0])
    wall = pc.Boxes([[0, -30, 1, 30]])
    d = np.array([[40.0, 0.0], [10.0, 0.0], [40.0, 5.0], [0.0, 1.0]])
    s = pc.sweep(moving, d, wall)
    artists = plot_sweep(s, moving, d, ax, label="sweep")
    at_impact, start, travelled, rest, points, normals = artists
    expected = pc.transform(moving, d * s.time[:, None])
    if kind == "point":
        assert np.array_equal(at_impact.get_offsets(), np.asarray(expected))
    elif kind == "segment":
        assert np.array_equal(np.array(at_impact.get_segments()).reshape(-1, 4), np.asarray(expected))
    else:
        assert len(at_impact.get_paths()) == 4
        first = plot(expected, ax)[0].get_paths()
        for p, q in zip(at_impact.get_paths(), first):
            assert np.array_equal(p.vertices, q.vertices)
    hit = s.time < 1
    assert len(points.get_offsets()) == hit.sum() and np.array_equal(points.get_offsets(), s.point[hit])
    seg = np.array(travelled.get_segments())
    assert np.allclose(seg[:, 1] - seg[:, 0], d * s.time[:, None])
    assert list(legend_colours(ax)) == ["sweep"]


def test_a_world_sweep_draws_too(ax):
    world = pc.World(pc.TileMap.from_text("..#\n..#"), pc.Circles([[0.5, 5, 0.5]]))
    moving = pc.Circles([[0.5, 0.5, 0.25], [0.5, 3, 0.25]])
    s = pc.sweep(moving, [5.0, 0.0], world)
    artists = plot_sweep(s, moving, [5.0, 0.0], ax)
    assert len(artists[0].get_paths()) == 2 and len(artists[4].get_offsets()) == 1


def test_pairs_draw_a_line_per_pair_and_highlight_the_shapes(ax):
    a = pc.Circles([[0, 0, 1], [1.5, 0, 1], [9, 9, 1], [3, 0, 1]])
    p = pc.pairs(a)
    lines, highlighted = plot_pairs(p, a, ax=ax, label="pairs")
    assert len(lines.get_segments()) == p.shape[1] == 2
    assert np.array_equal(np.array(lines.get_segments()), [[[0, 0], [1.5, 0]], [[1.5, 0], [3, 0]]])
    assert len(highlighted.get_paths()) == 3
    b = pc.Boxes([[0.5, -2, 1, -0.5], [20, 20, 21, 21]])
    p2 = pc.pairs(a, b)
    lines, ha, hb = plot_pairs(p2, a, b, ax)
    assert len(lines.get_segments()) == p2.shape[1] and len(hb.get_paths()) == 1
    assert to_rgba(lines.get_color()[0]) == to_rgba(COLOURS["pair"])
    body = pc.Compound(pc.Boxes([[-1, -1, 1, 1]])).at([[0, 0], [1.5, 0], [7, 7]])
    lines, *parts = plot_pairs(pc.pairs(body), body, ax=ax)
    assert len(lines.get_segments()) == 1 and len(parts[0].get_paths()) == 2
    with pytest.raises(ValueError, match="outside"):
        plot_pairs(np.array([[0], [7]]), a, ax=ax)
    with pytest.raises(ValueError, match=r"\(2, K\)"):
        plot_pairs(np.array([0, 1]), a, ax=ax)


@pytest.mark.filterwarnings("ignore:pc.slide is deprecated:DeprecationWarning")
def test_nearest_intersections_depenetrate_slide_and_paths(ax):
    a, b = pc.Points([[0, 0], [10, 10]]), pc.Circles([[3, 0, 1], [10, 13, 1]])
    [lines] = plot_nearest(pc.nearest(a, b), a, b, ax)
    assert np.array_equal(np.array(lines.get_segments()), [[[0, 0], [3, 0]], [[10, 10], [10, 13]]])
    found = pc.intersections(pc.Segments([[0, 0, 2, 2], [5, 5, 6, 5]]), pc.Segments([[0, 2, 2, 0], [0, 9, 1, 9]]))
    [marks] = plot_intersections(found, ax, label="crossings")
    assert np.array_equal(marks.get_offsets(), [[1, 1]])
    tm = pc.TileMap.from_text("...\n###")
    inside = pc.Circles([[1.5, 1.1, 0.25]])
    out = pc.depenetrate(inside, tm)
    moved, before, arrows = plot_depenetrate(out, inside, ax)
    assert np.allclose(arrows.V, out.translation[:, 1]) and len(moved.get_paths()) == 1
    slid = pc.slide(pc.Boxes([[0.2, 1.0, 0.8, 1.6]]), [[1.0, -1.0]], tm, 0.5)
    [box] = plot(slid, ax)
    assert np.array_equal(box.get_paths()[0].vertices[:1], np.asarray(slid.boxes)[:, :2])
    ragged = [np.array([[0, 0], [1, 1], [2, 1]]), np.array([[5, 5], [np.nan, np.nan], [6, 6], [7, 6]])]
    paths, ends = plot_paths(ragged, ax, label="paths")
    assert len(paths.get_segments()) == 2 and np.array_equal(ends.get_offsets(), [[2, 1], [7, 6]])
    paths, ends = plot_paths(np.zeros((3, 10, 2)), ax)
    assert len(paths.get_segments()) == 3 and len(ends.get_offsets()) == 3


def test_bad_input_is_named(ax):
    with pytest.raises(TypeError, match="plot_raycast"):
        plot(pc.raycast([[0, 0]], [1, 0], pc.Circles([[5, 0, 1]])), ax)
    with pytest.raises(TypeError, match="plot_sweep"):
        plot(pc.sweep(pc.Points([0, 0]), [1, 0], pc.Circles([[5, 0, 1]])), ax)
    with pytest.raises(TypeError, match="plot_pairs"):
        plot(np.zeros((2, 3), dtype=np.int64), ax)
    with pytest.raises(TypeError, match="got str"):
        plot("circle", ax)
    with pytest.raises(TypeError, match="Axes"):
        plot(pc.Points([0, 0]), ax="nope")
    with pytest.raises(TypeError, match="edges"):
        plot(pc.Points([0, 0]), ax, edges="yes")
    c = pc.contact(pc.Points([0, 0]), pc.Circles([2, 0, 1]))
    for bad in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="normal_length"):
            plot_contact(c, ax, normal_length=bad)
    r = pc.raycast([[0, 0], [1, 1]], [1, 0], pc.Circles([[5, 0, 1]]))
    with pytest.raises(ValueError, match="broadcast"):
        plot_raycast(r, np.zeros((3, 2)), [1, 0], ax)
    with pytest.raises(ValueError, match="result's"):
        s = pc.sweep(pc.Points([[0, 0], [1, 1]]), [1, 0], pc.Circles([[5, 0, 1]]))
        plot_sweep(s, pc.Points([[0, 0], [1, 1], [2, 2]]), [1, 0], ax)
    with pytest.raises(ValueError, match="shape"):
        plot_paths(np.zeros((2, 3, 3)), ax)


@pytest.mark.parametrize("suffix", ["png", "svg", "pdf"])
def test_figures_save_by_extension(tmp_path, suffix):
    fig, ax = plt.subplots()
    for kind in ALL_KINDS:
        plot(make(kind, n=3), ax, label=kind)
    ax.legend()
    fig.savefig(tmp_path / f"all.{suffix}")
    plt.close(fig)
    head = (tmp_path / f"all.{suffix}").read_bytes()[:8]
    assert head.startswith({"png": b"\x89PNG", "svg": b"<?xml", "pdf": b"%PDF"}[suffix])


def test_the_current_axes_by_default():
    fig = plt.figure()
    try:
        [artist] = plot(pc.Circles([0, 0, 1]))
        assert artist.axes is fig.gca()
    finally:
        plt.close(fig)


def test_importing_pycollide_imports_no_matplotlib():
    code = "import sys, pycollide; assert not any(m.startswith('matplotlib') for m in sys.modules), 'imported'"
    subprocess.run([sys.executable, "-c", code], check=True)
    assert plotting.__name__ == "pycollide.plotting"


def test_a_result_may_come_after_the_verbs_arguments(ax):
    """plot_<verb>(result, *arguments) or plot_<verb>(*arguments, result): the same drawing."""
    balls = pc.Circles([[0, 0, 1], [1.5, 0, 1], [9, 9, 1]])
    boxes = pc.Boxes([[0.5, -2, 1, -0.5]])
    p, p2 = pc.pairs(balls), pc.pairs(balls, boxes)
    for first, last in (
        (plot_pairs(p, balls, ax=ax), plot_pairs(balls, p, ax=ax)),
        (plot_pairs(p2, balls, boxes, ax), plot_pairs(balls, boxes, p2, ax)),
    ):
        assert len(first) == len(last)
        assert np.array_equal(np.array(first[0].get_segments()), np.array(last[0].get_segments()))
    origins = [[0, 5], [0, 0]]
    r = pc.raycast(origins, [1, 0], balls)
    a, b = plot_raycast(r, origins, [1, 0], ax), plot_raycast(origins, [1, 0], r, ax)
    assert np.array_equal(a[2].get_offsets(), b[2].get_offsets())
    s = pc.sweep(pc.Points([[-5, 0]]), [[10, 0]], balls)
    a, b = plot_sweep(s, pc.Points([[-5, 0]]), [[10, 0]], ax), plot_sweep(pc.Points([[-5, 0]]), [[10, 0]], s, ax)
    assert np.array_equal(a[0].get_offsets(), b[0].get_offsets())
    pts = pc.Points([[0, 3]])
    n = pc.nearest(pts, balls)
    a, b = plot_nearest(n, pts, balls, ax), plot_nearest(pts, balls, n, ax)
    assert np.array_equal(np.array(a[0].get_segments()), np.array(b[0].get_segments()))


def test_pairs_draw_lines_or_highlights_on_request(ax):
    balls = pc.Circles([[0, 0, 1], [1.5, 0, 1], [9, 9, 1]])
    p = pc.pairs(balls)
    [lines] = plot_pairs(p, balls, ax=ax, highlight=False)
    assert len(lines.get_segments()) == 1
    [marked] = plot_pairs(p, balls, ax=ax, lines=False)
    assert len(marked.get_paths()) == 2


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_empty_arrays_draw_nothing(ax, kind):
    cls = REGISTRY[kind]
    artists = plot(cls(np.zeros((0, cls.width))), ax, label="none")
    for a in artists:
        if kind == "point":
            assert len(a.get_offsets()) == 0
        elif kind == "segment":
            assert len(a.get_segments()) == 0
        elif kind != "line":
            assert len(a.get_paths()) == 0
    ax.figure.canvas.draw()


def test_extreme_magnitudes_draw_or_say_why(ax):
    [big] = plot(pc.Circles([[1e300, -1e300, 1e299]]), ax)
    on = big.get_paths()[0].vertices[:-1:3]
    assert np.allclose(np.hypot(on[:, 0] - 1e300, on[:, 1] + 1e300), 1e299, rtol=1e-12)
    ax.figure.canvas.draw()
    before = len(ax.collections)
    with pytest.raises(ValueError, match="overflows"):
        plot(pc.Boxes([[-1e308, -1e308, 1e308, 1e308]]), ax)
    assert len(ax.collections) == before  # nothing half-drawn
    tiny = plot(pc.Polygons([[0, 0], [5e-324, 0], [0, 5e-324]]), ax)
    assert np.array_equal(tiny[0].get_paths()[0].vertices[:3], [[0, 0], [5e-324, 0], [0, 5e-324]])


def test_a_world_draws_one_way_parts_dashed_and_a_move_its_shapes(ax):
    world = pc.World(pc.TileMap.from_text("....\n####"), pc.OneWay(pc.Boxes([[0, 2, 2, 2.25]])))
    tiles, ledge = plot(world, ax)
    assert len(ledge.get_paths()) == 1 and ledge.get_linestyle()[0][1] is not None  # dashed
    assert tiles.get_linestyle()[0][1] is None
    m = pc.move(pc.Boxes([[0.5, 1, 1, 1.5]]), [1, 0], world)
    [box] = plot(m, ax)
    assert np.array_equal(box.get_paths()[0].vertices[:1], [[1.5, 1.0]])
