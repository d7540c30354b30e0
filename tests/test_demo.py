"""`python -m pycollide demo`: the mini-golf demo, its course files, its report, its picture and its movie."""

import json
import subprocess
import sys
import tempfile

import numpy as np
import pytest

import pycollide as pc
from pycollide.__main__ import main
from pycollide.demos import golf, golf_course, physics

golf_picture = pytest.importorskip("pycollide.demos.golf_picture")  # needs matplotlib
from pictures import colour_present, fits, gif_frames, read_png  # noqa: E402

SMALL = ["--balls", "150", "--max-time", "12"]

# the docstring's example: the hole behind a diamond
DIAMOND = """\
##########
#7......9#
#...31...#
#T.3##1.H#
#..9##7..#
#...97...#
#1......3#
##########
"""


def run_demo(tmp_path, *args, name="golf"):
    out, js = tmp_path / f"{name}.png", tmp_path / f"{name}.json"
    rc = main(["demo", *SMALL, "--out", str(out), "--json", str(js), *args])
    assert rc == 0
    return json.loads(js.read_text()), out


def test_demo_report_and_picture(tmp_path, capsys):
    rep, png = run_demo(tmp_path, "--seed", "3")
    captured = capsys.readouterr()
    pixels = read_png(png)
    height, width, _ = pixels.shape
    assert [width, height] == rep["image_size"] and width > 300 and height > 100
    # anti-aliased: edges blend into their background (colours between the flat ones)
    assert len({tuple(c) for c in pixels.reshape(-1, 3)[::7].tolist()}) > 200
    for colour in (
        golf_picture.LAWN,
        golf_picture.WALL,
        golf_picture.HOLE,
        golf_picture.TEE,
        golf_picture.TRAIL,
        golf_picture.EDGE,
    ):
        assert colour_present(pixels, colour), colour
    # the counts add up
    n = rep["balls"]
    assert n == 150
    assert rep["sunk"] + rep["at_rest"] + rep["escaped"] + rep["rolling_at_max_time"] == n
    assert rep["escaped"] == 0 and rep["inside_wall"] == 0
    assert rep["sunk_rate"] == pytest.approx(rep["sunk"] / n)
    assert rep["mean_bounces"] == pytest.approx(rep["bounces"] / n) and rep["bounces"] > 0
    assert rep["steps"] <= round(12 / 0.01) and rep["simulated_time"] == pytest.approx(rep["steps"] * 0.01)
    assert rep["steps"] <= rep["ball_steps"] <= n * rep["steps"]
    assert rep["ball_steps_per_s"] == pytest.approx(rep["ball_steps"] / rep["sim_seconds"])
    assert rep["advance_seconds"] <= rep["sim_seconds"] <= rep["wall_seconds"]
    assert rep["course"] == "<built-in course>" and rep["tiles"] == [28, 12] and rep["edges"] > 4
    # the printed report says the same
    text = captured.out
    assert f"balls 150: sunk {rep['sunk']}, at rest {rep['at_rest']}," in text
    assert f"sunk (hole-in-one) rate {rep['sunk_rate']:.1%}" in text
    assert f"mean bounces per ball {rep['mean_bounces']:.2f}" in text
    assert f"simulated {rep['ball_steps']:,} ball-steps in {rep['steps']:,} steps" in text
    assert "M ball-steps/s" in text and "wall time" in text
    # progress on stderr (not a terminal here: one line per stage)
    assert "[1/3] course <built-in course>" in captured.err and "[3/3] drawing" in captured.err


@pytest.mark.slow  # whole demo runs: the full profile
def test_same_seed_same_run_other_seed_other_run(tmp_path):
    timing = {"sim_seconds", "advance_seconds", "ball_steps_per_s", "advance_ball_steps_per_s", "wall_seconds", "out"}
    a, png_a = run_demo(tmp_path, "--seed", "7", name="a")
    b, png_b = run_demo(tmp_path, "--seed", "7", name="b")
    c, png_c = run_demo(tmp_path, "--seed", "8", name="c")
    strip = lambda r: {k: v for k, v in r.items() if k not in timing}  # noqa: E731
    assert strip(a) == strip(b) and np.array_equal(read_png(png_a), read_png(png_b))
    assert strip(a) != strip(c) and not np.array_equal(read_png(png_a), read_png(png_c))


def test_results_do_not_depend_on_threads():
    course = golf_course.load_course(None)
    params = golf.GolfParams(balls=1500, max_time=2.0)  # batches big enough for advance to use threads
    one = golf.simulate(course, params, threads=1)
    two = golf.simulate(course, params, threads=2)
    assert one.ball_steps == two.ball_steps and one.steps == two.steps
    for name in ("state", "position", "velocity", "bounces"):
        assert np.array_equal(getattr(one, name), getattr(two, name)), name


def test_course_file(tmp_path, capsys):
    course = tmp_path / "diamond.txt"
    course.write_text(DIAMOND)
    rep, png = run_demo(tmp_path, "--course", str(course), "--balls", "200")
    assert rep["course"] == str(course) and rep["tiles"] == [10, 8]
    assert rep["tee"] == [1.5, 4.5] and rep["hole"] == [8.5, 4.5]  # line 4 of 8 is row 4 (from 0 at the south)
    assert rep["escaped"] == 0 and rep["inside_wall"] == 0
    assert rep["sunk"] > 0  # a small course: some balls find the hole
    height, width, _ = read_png(png).shape
    assert width >= 480 and height > 9 * 16  # the map and a half-tile margin, the title and the legend
    assert str(course) in capsys.readouterr().err


def test_blank_lines_around_a_course():
    """Leading and trailing blank lines are not rows; errors give the file's line numbers."""
    c = golf_course.parse_course("\n  \n" + DIAMOND + "\n\n", "x")
    assert c.tee == (1.5, 4.5) and c.hole == (8.5, 4.5) and c.tilemap.shape == (8, 10)
    with pytest.raises(golf_course.CourseError, match=r"^x: line 4, column 2: unknown tile character 'x'"):
        golf_course.parse_course("\n\n###\n#x#\n###\n", "x")


def test_course_tiles_match_the_tilemap():
    c = golf_course.parse_course(DIAMOND, "x")
    expected = pc.TileMap.from_text(DIAMOND.replace("T", ".").replace("H", "."))
    assert np.array_equal(c.tilemap.kinds, expected.kinds)
    assert np.asarray(c.tilemap.kinds)[4, 1] == pc.Tile.EMPTY and np.asarray(c.tilemap.kinds)[6, 1] == pc.Tile.CUT_SE
    # the built-in course: rectangular, closed, one tee and one hole
    lines = golf_course.BUILTIN_COURSE.splitlines()
    assert len({len(line) for line in lines}) == 1
    assert golf_course.BUILTIN_COURSE.count("T") == 1 and golf_course.BUILTIN_COURSE.count("H") == 1
    assert set(lines[0]) == set(lines[-1]) == {"#"} and all(line[0] == line[-1] == "#" for line in lines)


@pytest.mark.parametrize(
    "text, message",
    [
        ("#####\n#T..#\n#####\n", "no hole 'H'"),
        ("#####\n#..H#\n#####\n", "no tee 'T'"),
        ("#######\n#T.H.T#\n#######\n", "line 2, column 6: a second tee 'T' (the first is at line 2, column 2)"),
        ("#####\n#T.H#\n#.H.#\n#####\n", "line 3, column 3: a second hole 'H'"),
        ("#####\n#T.H#\n#.x.#\n#####\n", "line 3, column 3: unknown tile character 'x'"),
        ("#####\n#T.H#\n#\t..#\n", "line 3, column 2: unknown tile character '\\t'"),
        ("\n\n", "the course is empty"),
    ],
)
def test_bad_course_files(tmp_path, capsys, text, message):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises(SystemExit) as exc:
        main(["demo", "--balls", "10", "--out", str(tmp_path / "x.png"), "--course", str(path)])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert f"error: {path}: {message}" in err
    assert not (tmp_path / "x.png").exists()


def test_unreadable_course_and_bad_options(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["demo", "--course", str(tmp_path / "missing.txt")])
    assert exc.value.code == 2
    assert f"{tmp_path / 'missing.txt'}: cannot read the course" in capsys.readouterr().err
    for bad in (
        ["--balls", "0"],
        ["--restitution", "1.5"],
        ["--dt", "-1"],
        ["--rolling", "-2"],
        ["--aim-spread", "200"],
    ):
        with pytest.raises(SystemExit) as exc:
            main(["demo", *bad])
        assert exc.value.code == 2
        assert "error: argument" in capsys.readouterr().err


def test_help_documents_the_course_format(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["demo", "--help"])
    assert exc.value.code == 0
    text = capsys.readouterr().out
    for needle in (
        "--course FILE",
        "--balls",
        "--seed",
        "--out",
        "--dt",
        "Exactly one T and one H",
        "1 3 7 9",
        "the first\nline the north (top) row",
    ):
        assert needle in text
    assert "``" not in text and ":func:" not in text  # plain words, not reST


def test_corridor_physics():
    """Straight shots along a corridor: slow balls stop short, the right speeds
    sink on the first pass, the others come back off the end wall."""
    course = golf_course.parse_course("#########\n#T.....H#\n#########\n", "corridor")
    params = golf.GolfParams(
        balls=400,
        aim_spread=0.0,
        speed_min=1.0,
        speed_max=9.0,
        dt=0.01,
        max_time=20,
        rolling=0.5,
        sink_speed=4.0,
        restitution=0.8,
    )
    pos, vel = golf.shoot(course, params)
    assert np.allclose(vel[:, 1], 0) and (vel[:, 0] > 0).all()
    res = golf.simulate(course, params, pos, vel)
    v0 = vel[:, 0]
    gap = 6 - 0.5  # tee centre to the near edge of the hole
    reach = v0**2 / (2 * 0.5)  # rolling distance
    short = reach < gap - 0.05
    assert (res.state[short] == golf.AT_REST).all()
    assert np.allclose(res.position[short, 0], 1.5 + reach[short], atol=0.05)
    arrive = np.sqrt(np.maximum(v0**2 - 2 * 0.5 * (gap + 0.05), 0))  # speed over the hole's near half
    assert (res.state[(reach > gap + 0.05) & (arrive < 3.9)] == golf.SUNK).all()
    assert (res.state != golf.ESCAPED).all() and (res.state != golf.MOVING).all()
    assert res.bounces[short].sum() == 0 and res.bounces.max() >= 1


def test_rolling_friction_stops_exactly():
    v = np.array([[3.0, 4.0], [0.3, -0.4], [0.0, 0.0], [-1e-9, 0.0], [0.6, 0.8]])
    out = physics.rolling_friction(v, 0.5)
    assert out[0] == pytest.approx([2.7, 3.6]) and out[4] == pytest.approx([0.3, 0.4])
    assert (out[1:4] == 0).all()
    assert (np.hypot(*out.T) <= np.hypot(*v.T)).all()


@pytest.mark.slow  # whole demo runs: the full profile
def test_picture_has_a_title_a_legend_and_paths_that_end_in_the_hole(tmp_path):
    course = golf_course.load_course(None)
    params = golf.GolfParams(balls=400, seed=2)
    res = golf.simulate(course, params, trail_count=400)
    sunk = [k for k in range(len(res.trail_ids)) if res.state[res.trail_ids[k]] == golf.SUNK]
    assert sunk, "some sample ball sinks"
    for k in sunk:  # a sunk ball's path ends at the hole's centre
        assert tuple(res.trails[k][-1]) == pytest.approx(course.hole)
    scene = golf_picture.render(course, res, params, title="TITLE")
    try:
        assert scene.title.get_text() == "TITLE" and fits(scene)
        labels = [t.get_text() for t in scene.legend.get_texts()]
        shown = len(golf_picture._sample(res, 50)[0]) + len(golf_picture._sample(res, 50)[1])
        assert f"a ball's path ({shown} of 400 balls)" in labels and "tee" in labels and "hole" in labels
        assert any(label.startswith("path of a sunk ball (") for label in labels)
        scene.save(tmp_path / "golf.png")
        pixels = read_png(tmp_path / "golf.png")
        foot = pixels[-60:]
        for colour in (golf_picture.TEE, golf_picture.TRAIL_SUNK, golf_picture.WALL):  # the legend's swatches
            assert colour_present(foot, colour), colour
    finally:
        scene.close()


def test_a_long_title_on_a_small_course_fits(tmp_path):
    """A custom course's title was once cut at "77 sunk" on a narrow picture: it wraps now."""
    course = golf_course.parse_course(DIAMOND, "a-course-with-a-long-name-for-its-file.txt")
    params = golf.GolfParams(balls=30, max_time=2.0)
    res = golf.simulate(course, params, trail_count=30)
    title = "pycollide mini-golf on a-course-with-a-long-name-for-its-file.txt: 2,000 balls, 77 sunk (3.9%)" * 2
    scene = golf_picture.render(course, res, params, title=title)
    try:
        assert fits(scene)
    finally:
        scene.close()


@pytest.mark.parametrize("suffix", ["svg", "pdf"])
def test_the_picture_format_follows_the_extension(tmp_path, suffix):
    out = tmp_path / f"golf.{suffix}"
    assert main(["demo", "--balls", "20", "--max-time", "1", "--out", str(out)]) == 0
    assert out.read_bytes()[:5] == {"svg": b"<?xml", "pdf": b"%PDF-"}[suffix]
    if suffix == "svg":  # its text stays text: the legend says what the sample is
        assert "of 20 balls)" in out.read_text() and "pycollide mini-golf" in out.read_text()


def test_the_demo_writes_a_movie(tmp_path, capsys):
    movie, js = tmp_path / "golf.gif", tmp_path / "golf.json"
    args = ["demo", "--balls", "40", "--max-time", "2", "--out", "", "--movie", str(movie), "--fps", "5"]
    assert main(args + ["--json", str(js)]) == 0
    rep = json.loads(js.read_text())
    frames, size = gif_frames(movie)
    assert frames == rep["movie_frames"] >= 2 and size[0] == 640
    assert rep["movie"] == str(movie) and rep["movie_seconds"] > 0
    captured = capsys.readouterr()
    assert f"animating {movie}" in captured.err and "frame" in captured.err and "[" in captured.err
    assert f"movie {movie} ({frames} frames" in captured.out


def test_bad_output_names_fail_before_any_work(tmp_path, capsys):
    for args, message in (
        (["--out", str(tmp_path / "golf.jpg")], "must end in .png, .svg, .pdf"),
        (["--movie", str(tmp_path / "golf.avi")], "must end in .gif, .mp4"),
        (["--movie", str(tmp_path / "no" / "golf.gif")], "does not exist"),
    ):
        with pytest.raises(SystemExit) as exc:
            main(["demo", "--balls", "5", *args])
        assert exc.value.code == 2
        assert message in capsys.readouterr().err


def test_bad_command_lines_fail_before_any_work(tmp_path, capsys):
    for args in (
        ["--balls", "1.5"],
        ["--balls", "0"],
        ["--trails", "-1"],
        ["--dt", "nan"],
        ["--speed", "1"],
        ["--restitution", "2"],
    ):
        with pytest.raises(SystemExit) as exc:
            main(["demo", *args])
        assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        main(["demo", "--out", str(tmp_path / "missing" / "g.png")])
    assert exc.value.code == 2 and "does not exist" in capsys.readouterr().err


def test_command_line_subprocess(tmp_path):
    """The real entry point, with bench still there beside demo."""
    out = tmp_path / "g.png"
    res = subprocess.run(
        [sys.executable, "-m", "pycollide", "demo", "--balls", "50", "--max-time", "5", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tempfile.gettempdir(),
    )
    assert res.returncode == 0, res.stderr
    assert "sunk (hole-in-one) rate" in res.stdout and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    res = subprocess.run(
        [sys.executable, "-m", "pycollide", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tempfile.gettempdir(),
    )
    assert res.returncode == 0 and "bench" in res.stdout and "demo" in res.stdout


def test_the_demo_runs_without_matplotlib_when_it_draws_nothing(tmp_path):
    """`pip install .` (no plot extra) runs `demo --out ''`; asking for a picture says what to install."""
    block = "import sys; sys.modules['matplotlib'] = None; from pycollide.__main__ import main; "
    run = lambda *args: subprocess.run(  # noqa: E731
        [sys.executable, "-c", block + f"sys.exit(main({list(args)!r}))"],
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    )
    res = run("demo", "--balls", "5", "--max-time", "0.5", "--out", "")
    assert res.returncode == 0, res.stderr
    assert "sunk (hole-in-one) rate" in res.stdout
    res = run("demo", "billiards", "--max-time", "0.5", "--out", str(tmp_path / "b.png"))
    assert res.returncode == 2 and 'pip install "pycollide[plot]"' in res.stderr


def test_an_mp4_needs_ffmpeg(tmp_path, capsys):
    """MP4 goes through ffmpeg: written when it is installed, else a clear error before any work."""
    from matplotlib import animation

    out = tmp_path / "golf.mp4"
    args = ["demo", "--balls", "10", "--max-time", "1", "--out", "", "--movie", str(out), "--fps", "5"]
    if animation.writers.is_available("ffmpeg"):
        assert main(args) == 0
        assert out.read_bytes()[4:8] == b"ftyp"  # an MP4 (ISO base media) file
    else:
        with pytest.raises(SystemExit) as exc:
            main(args)
        assert exc.value.code == 2 and "needs ffmpeg" in capsys.readouterr().err
