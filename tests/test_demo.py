"""`python -m pycollide demo`: the mini-golf demo, its course files, its report and its PNG."""

import json
import struct
import subprocess
import sys
import tempfile
import zlib

import numpy as np
import pytest

import pycollide as pc
from pycollide.__main__ import main
from pycollide.demos import drawing, golf, golf_course, golf_picture, physics
from pycollide.demos.png import Canvas, encode_png, read_png

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


def decode_png(data):
    """An independent reading of an 8-bit RGB PNG: (width, height, pixels)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "bad signature"
    pos, chunks = 8, []
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF, f"bad CRC in {kind}"
        chunks.append((kind, body))
        pos += 12 + length
    kinds = [k for k, _ in chunks]
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND" and b"IDAT" in kinds
    width, height, depth, color, comp, filt, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (depth, color, comp, filt, interlace) == (8, 2, 0, 0, 0)
    raw = zlib.decompress(b"".join(b for k, b in chunks if k == b"IDAT"))
    assert len(raw) == height * (1 + 3 * width)
    rows = np.frombuffer(raw, np.uint8).reshape(height, 1 + 3 * width)
    assert (rows[:, 0] == 0).all()  # filter type 0 on every row
    return width, height, rows[:, 1:].reshape(height, width, 3)


def run_demo(tmp_path, *args, name="golf"):
    out, js = tmp_path / f"{name}.png", tmp_path / f"{name}.json"
    rc = main(["demo", *SMALL, "--out", str(out), "--json", str(js), *args])
    assert rc == 0
    return json.loads(js.read_text()), out.read_bytes()


def test_demo_report_and_picture(tmp_path, capsys):
    rep, png = run_demo(tmp_path, "--seed", "3")
    captured = capsys.readouterr()
    width, height, pixels = decode_png(png)
    assert [width, height] == rep["image_size"] and width > 300 and height > 100
    colours = {tuple(c) for c in pixels.reshape(-1, 3)[::7].tolist()}
    assert len(colours) > 5
    for colour in (
        golf_picture.LAWN,
        golf_picture.WALL,
        golf_picture.HOLE,
        golf_picture.TEE,
        golf_picture.TRAIL,
        golf_picture.EDGE,
    ):
        assert (pixels == colour).all(axis=2).any(), colour
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
    assert strip(a) == strip(b) and png_a == png_b
    assert strip(a) != strip(c) and png_a != png_c


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
    width, height, _ = decode_png(png)
    # the map and a half-tile margin (at least 480 pixels wide), with the title and legend bars
    assert width >= 480 and height > 2 * drawing.BAR + 9 * 16
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


def test_canvas_and_png_roundtrip():
    c = Canvas(20, 10, background=(0, 0, 0))
    c.fill_polygon([(2, 2), (6, 2), (6, 5), (2, 5)], (255, 0, 0))  # 4 x 3 pixels, edges on pixel borders
    assert (c.pixels == (255, 0, 0)).all(axis=2).sum() == 12
    assert (c.pixels[:, :, 0] > 0).sum() == 12  # nothing bleeds past an edge on a pixel border
    c.fill_circle((15, 5), 2.0, (0, 255, 0))
    inner = (c.pixels == (0, 255, 0)).all(axis=2).sum()
    touched = (c.pixels[:, :, 1] > 0).sum()
    assert 4 <= inner <= 16 and touched > inner  # anti-aliased: a soft rim around a solid core
    c.polylines([np.array([[0.5, 8.5], [19.5, 8.5]])], (0, 0, 255), width=1)
    assert (c.pixels[8] == (0, 0, 255)).all()
    w, h = c.text(0, 0, "Hi", (255, 255, 255), scale=1)
    assert (w, h) == (11, 7) and (c.pixels[:7, :11] == 255).all(axis=2).sum() > 10
    data = encode_png(c.pixels)
    w, h, pixels = decode_png(data)
    assert (w, h) == (20, 10) and np.array_equal(pixels, c.pixels) and np.array_equal(read_png(data), c.pixels)


@pytest.mark.slow  # whole demo runs: the full profile
def test_picture_has_a_title_a_legend_and_paths_that_end_in_the_hole(tmp_path):
    course = golf_course.load_course(None)
    params = golf.GolfParams(balls=400, seed=2)
    res = golf.simulate(course, params, trail_count=400)
    sunk = [k for k in range(len(res.trail_ids)) if res.state[res.trail_ids[k]] == golf.SUNK]
    assert sunk, "some sample ball sinks"
    for k in sunk:  # a sunk ball's path ends at the hole's centre
        assert tuple(res.trails[k][-1]) == pytest.approx(course.hole)
    pixels = golf_picture.render(course, res, params, title="TITLE")
    top, bottom = pixels[: drawing.BAR], pixels[-drawing.BAR :]
    assert (top == drawing.INK).all(axis=2).any() and (bottom == drawing.INK).all(axis=2).any()
    foot = pixels[-2 * drawing.BAR :]
    for colour in (golf_picture.TEE, golf_picture.TRAIL_SUNK, golf_picture.WALL):  # the legend's swatches
        assert (foot == colour).all(axis=2).any(), colour
    # anti-aliased: edges blend into their background (colours between the flat ones)
    assert len({tuple(c) for c in pixels.reshape(-1, 3).tolist()}) > 200


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
