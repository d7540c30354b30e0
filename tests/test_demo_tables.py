"""`python -m pycollide demo billiards` and `demo pinball`: the command lines,
their reports and pictures, and the pieces behind them (pockets, the rack,
the split of impacts into ball-ball collisions and wall impacts, energy)."""

import json
import math
import subprocess
import sys
import tempfile

import numpy as np
import pytest

import pycollide as pc

pytest.importorskip("matplotlib")  # the demos draw with it
from pictures import colour_present, gif_frames, read_png  # noqa: E402

CWD = tempfile.gettempdir()  # the installed package, not the source folder

from pycollide.demos import billiards, billiards_picture, cli, physics, pinball, pinball_picture  # noqa: E402

R = billiards.BilliardsParams().ball_radius


def demo(*args, cwd=CWD):
    return subprocess.run(
        [sys.executable, "-m", "pycollide", "demo", *args], capture_output=True, text=True, timeout=120, cwd=cwd
    )


def run_table(tmp_path, table, *args):
    out, js = tmp_path / f"{table}.png", tmp_path / f"{table}.json"
    res = demo(table, "--out", str(out), "--json", str(js), *args)
    assert res.returncode == 0, res.stderr
    return json.loads(js.read_text()), read_png(out), res


# ---- billiards -------------------------------------------------------------------------


def test_billiards_command_report_and_picture(tmp_path):
    rep, pixels, res = run_table(tmp_path, "billiards", "--seed", "2", "--max-time", "3")
    assert list(pixels.shape) == [rep["image_size"][1], rep["image_size"][0], 3]
    bp = billiards_picture
    for colour in (bp.FELT, bp.CUSHION, bp.RAIL, bp.POCKET):
        assert colour_present(pixels, colour), colour
    assert colour_present(pixels, bp.BALL_COLOURS[0])  # the cue ball and its path
    # the counts add up
    assert rep["balls"] == 16 and rep["pocketed_count"] == len(rep["pocketed"]) <= 16
    assert rep["on_table"] + rep["pocketed_count"] == 16 == len(rep["final"]) + rep["pocketed_count"]
    dropped = [d["ball"] for d in rep["pocketed"]]
    assert len(set(dropped)) == len(dropped) and set(dropped) <= set(range(16))
    assert rep["scratch"] == (0 in dropped)
    assert all(0 < d["time"] <= rep["simulated_time"] + 1e-9 for d in rep["pocketed"])
    assert all(d["pocket"] in billiards.POCKET_NAMES for d in rep["pocketed"])
    assert [d["time"] for d in rep["pocketed"]] == sorted(d["time"] for d in rep["pocketed"])
    assert rep["ball_collisions"] >= 15  # the break: the cue ball into the rack, the rack's balls on each other
    assert rep["cushion_impacts"] >= 1 and rep["impacts"] == rep["ball_collisions"] + rep["cushion_impacts"]
    assert rep["ball_impacts"] == 2 * rep["ball_collisions"] + rep["cushion_impacts"]
    assert rep["steps"] <= round(3 / 0.002) and rep["simulated_time"] == pytest.approx(rep["steps"] * 0.002)
    assert "advance_calls" not in rep and rep["ball_steps"] <= 16 * rep["steps"]
    assert rep["steps_per_s"] == pytest.approx(rep["steps"] / rep["sim_seconds"])
    assert rep["advance_seconds"] <= rep["sim_seconds"] <= rep["wall_seconds"]
    # energy: finite, not gained (restitution <= 1, no gravity), every joule accounted for
    e = rep["energy"]
    assert all(math.isfinite(v) for v in e.values())
    assert e["start"] == pytest.approx(0.5 * 0.17 * 10.0**2)
    assert 0 <= e["end"] <= e["start"] and e["impacts"] >= 0 and e["rolling"] >= 0 and e["pockets"] >= 0
    assert e["start"] == pytest.approx(e["end"] + e["impacts"] + e["rolling"] + e["pockets"], rel=1e-9)
    assert e["max_step_gain"] <= 1e-12 * e["start"]
    assert e["lost_fraction"] == pytest.approx(1 - e["end"] / e["start"])
    # the end: no two balls overlap, none in a cushion, none off the playing surface
    assert rep["overlapping_pairs"] == rep["inside_cushion"] == rep["off_table"] == 0
    final = np.array([row[1:] for row in rep["final"]])
    balls = pc.Circles(np.column_stack([final, np.full(len(final), R)]))
    assert pc.pairs(balls, touching=False).shape[1] == 0
    table = billiards.build_table(billiards.BilliardsParams())
    assert not pc.overlaps(balls[:, None], table.cushions[None, :], touching=False).any()
    assert ((final >= 0) & (final <= [2.54, 1.27])).all()
    # the printed report says the same; progress on stderr
    assert f"pocketed {rep['pocketed_count']} of 16" in res.stdout
    assert f"{rep['ball_collisions']:,} ball-ball collisions, {rep['cushion_impacts']:,} cushion impacts" in res.stdout
    assert "steps/s" in res.stdout and "wall time" in res.stdout
    assert "[2/3] the break at 10 m/s" in res.stderr and "[3/3] drawing" in res.stderr


def test_billiards_is_reproducible_and_seeded():
    def outcome(seed):
        r = billiards.simulate(billiards.BilliardsParams(seed=seed, max_time=1.0))
        return r.position.tolist(), r.pocket.tolist(), r.ball_collisions, r.cushion_impacts, r.turn

    a, b, c = outcome(4), outcome(4), outcome(5)
    assert a == b and a != c and abs(a[-1]) <= 1.0


def test_billiards_conserves_energy_when_elastic():
    """Restitution 1, no friction, no rolling resistance: advance neither
    gains nor loses kinetic energy, up to rounding."""
    params = billiards.BilliardsParams(restitution=1.0, friction=0.0, rolling=0.0, max_time=1.5)
    r = billiards.simulate(params)
    assert r.ball_collisions >= 15 and r.cushion_impacts >= 1
    assert r.energy_rolling == 0
    assert r.energy_end + r.energy_pockets == pytest.approx(r.energy_start, rel=1e-9)
    assert abs(r.energy_impacts) <= 1e-9 * r.energy_start and r.max_step_gain <= 1e-9 * r.energy_start


def test_rack_and_table():
    params = billiards.BilliardsParams(angle=0.0)
    pos, vel, turn = billiards.rack(params)
    assert turn == 0.0 and vel[0].tolist() == [params.speed, 0.0] and not vel[1:].any()
    balls = pc.Circles(np.column_stack([pos, np.full(16, R)]))
    assert pc.pairs(balls, touching=False).shape[1] == 0
    assert pc.pairs(pc.Circles(np.column_stack([pos, np.full(16, R + params.rack_gap)]))).shape[1] == 30
    assert pos[1].tolist() == [0.75 * 2.54, 0.635] and pos[8, 1] == pytest.approx(0.635)  # apex, the 8 mid-rack
    table = billiards.build_table(params)
    assert not pc.overlaps(balls[:, None], table.cushions[None, :]).any()
    with pytest.raises(cli.SetupError, match="rack-gap"):
        billiards.check_params(billiards.BilliardsParams(rack_gap=0.0))
    with pytest.raises(cli.SetupError, match="lower --dt"):
        billiards.check_params(billiards.BilliardsParams(speed=10.0, dt=0.01))


def test_pocket_test():
    table = billiards.build_table(billiards.BilliardsParams())
    old = np.array([[0.2, 0.2], [1.27, 0.1], [1.0, 0.6], [0.05, 1.0], [2.0, 0.3], [2.48, 1.265]])
    new = np.array([[0.02, 0.02], [1.27, 0.02], [1.1, 0.6], [-0.01, 1.0], [2.0, 0.3], [2.535, 1.21]])
    got = billiards.pocket_test(old, new, table)
    assert got[0] == 0  # into the bottom left corner's circle
    assert got[1] == 1  # into the bottom middle pocket's circle
    assert got[2] == -1 and got[4] == -1  # on the felt; at rest
    assert got[3] == 3  # beyond a cushion's nose: the nearest pocket (top left)
    assert got[5] == 5  # both ends on the felt, outside the circle, but the path crosses it
    assert billiards.pocket_test(old[5:] - [0.0, 0.03], new[5:] - [0.0, 0.03], table)[0] == -1  # passes by


# ---- counting collisions -----------------------------------------------------------------


def test_advance_balls_tells_balls_from_walls():
    walls = pc.Segments([[0, 0, 10, 0], [10, 0, 10, 10], [10, 10, 0, 10], [0, 10, 0, 0]])
    world = pc.World(walls)
    centres = np.array([[2.0, 5.0], [4.0, 5.0], [9.0, 2.0]])
    velocity = np.array([[1.0, 0.0], [-1.0, 0.0], [2.0, 0.0]])
    step = physics.advance_balls(centres, velocity, 0.5, world, 1.0, 1.0, 0.0, 16)
    assert step.bounces.tolist() == [1, 1, 1]  # one head-on collision, one wall
    assert step.pairs.tolist() == [[0], [1]] and step.wall_impacts == 1
    assert step.events.other.tolist() == [1, 0, -1] and step.events.part.tolist() == [-1, -1, 0]
    assert step.velocity == pytest.approx(np.array([[-1.0, 0.0], [1.0, 0.0], [-2.0, 0.0]]))


def test_advance_balls_counts_every_collision_of_a_step():
    """Newton's cradle: the first ball hits the second, which hits the
    third, in one step: the events name both collisions (the halving of
    steps that this replaced needed several advance calls to tell them)."""
    floor = pc.Segments([[0, 0, 100, 0]])
    world = pc.World(floor)
    gap = 0.01
    centres = np.array([[1.0, 5.0], [2.0 + gap, 5.0], [3.0 + 2 * gap, 5.0], [50.0, 5.0]])
    velocity = np.array([[1.0, 0.0], [0.0, 0.0], [0.0, 0.0], [0.0, -1.0]])
    step = physics.advance_balls(centres, velocity, 0.5, world, 4.6, 1.0, 0.0, 16)
    assert step.bounces.tolist() == [1, 2, 1, 1]
    assert step.pairs.T.tolist() == [[0, 1], [1, 2]] and step.wall_impacts == 1
    assert step.velocity[:3, 0] == pytest.approx([0.0, 0.0, 1.0]) and step.velocity[3].tolist() == [0.0, 1.0]


def test_collisions_counts_one_sided_impacts_once():
    """A ball stopped by max_bounces counts no more impacts: a ball that
    hits it has an event naming it, it none; that collision is counted once,
    as is one with an event on each side."""
    walls = pc.World(pc.Segments([[0, 0, 40, 0]]))
    balls = pc.Circles([[16.0, 1.0, 1.0], [20.0, 2.0, 1.0], [30.0, 5.0, 1.0], [34.0, 5.0, 1.0]])
    v = [[2.0, 0.0], [0.0, -2.0], [1.0, 0.0], [-1.0, 0.0]]
    _, _, bounces, ev = pc.advance(balls, v, walls, 2.0, max_bounces=1, collide=True, return_bounces=True, events=True)
    assert bounces.tolist() == [1, 1, 1, 1] and ev.other.tolist() == [1, -1, 3, 2]  # ball 1: the floor only
    assert physics.collisions(ev).T.tolist() == [[0, 1], [2, 3]]


# ---- pinball -----------------------------------------------------------------------------


def test_pinball_command_report_and_picture(tmp_path):
    rep, pixels, res = run_table(tmp_path, "pinball", "--balls", "40", "--max-time", "4", "--seed", "3")
    assert list(pixels.shape) == [rep["image_size"][1], rep["image_size"][0], 3]
    pp = pinball_picture
    for colour in (pp.PLAYFIELD, pp.WALL, pp.BUMPER, pp.PEG, pp.PATH_COLOURS[0]):
        assert colour_present(pixels, colour), colour
    n = rep["balls"]
    assert n == 40 and rep["drained"] <= rep["launched"] <= n
    assert rep["drained"] + rep["in_play_at_max_time"] == rep["launched"] == len(rep["final"]) + rep["drained"]
    assert rep["launched"] == n  # 50 a second: all out within a second
    assert rep["impacts"] == rep["ball_collisions"] + rep["table_impacts"]
    assert rep["ball_impacts"] == 2 * rep["ball_collisions"] + rep["table_impacts"]
    assert rep["table_impacts"] > 0 and rep["ball_collisions"] > 0 and rep["bumper_kicks"] >= 0
    e = rep["energy"]
    assert all(math.isfinite(v) for v in e.values())
    assert e["max_step_gain"] <= 1e-9 * (e["launched"] + e["gravity"])
    balance = e["launched"] + e["gravity"] + e["kicks"] - e["impacts"] - e["rolling"] - e["drained"]
    assert balance == pytest.approx(e["kinetic_end"], abs=1e-9 * (e["launched"] + e["gravity"] + e["kicks"]))
    assert rep["overlapping_pairs"] == rep["inside_wall"] == rep["off_table"] == 0
    if rep["final"]:
        final = np.array([row[1:] for row in rep["final"]])
        balls = pc.Circles(np.column_stack([final, np.full(len(final), 0.15)]))
        assert pc.pairs(balls, touching=False).shape[1] == 0
        table = pinball.build_table()
        for part in table.parts:
            assert not pc.overlaps(balls[:, None], part[None, :], touching=False).any()
        assert ((final >= [0, pinball.DRAIN_Y]) & (final <= [pinball.WIDTH, pinball.HEIGHT])).all()
    assert f"balls 40: launched {rep['launched']}, drained {rep['drained']}," in res.stdout
    assert "between balls" in res.stdout and "steps/s" in res.stdout
    assert "[2/3] launching 40 balls" in res.stderr


@pytest.mark.slow  # whole demo runs: the full profile
def test_pinball_drains_everything_given_time():
    params = pinball.PinballParams(balls=30, seed=2, max_time=30.0)
    r = pinball.simulate(params)
    assert (~np.isnan(r.drain_time)).all() and r.on_table.sum() == 0
    assert (r.drain_time > r.launch_time).all() and (r.position[:, 1] < pinball.DRAIN_Y).all()
    assert r.steps * params.dt < params.max_time  # it stopped when the last ball drained


def test_pinball_launches_and_kicks():
    params = pinball.PinballParams(balls=300)
    table = pinball.build_table()
    spots, vel = pinball.launch_plan(params, table)
    balls = pc.Circles(np.column_stack([spots, np.full(len(spots), params.ball_radius)]))
    for part in table.parts:  # no spot starts in the table's walls
        assert not pc.overlaps(balls[:, None], part[None, :]).any()
    assert (np.hypot(*vel.T) <= params.speed).all()
    # balls dropped on the bumper at (5, 12): the one that hits it leaves slowly along its normal and is
    # kicked to 5; one beside it that hits only the other ball (near the bumper) is not kicked
    bx, by, br = np.asarray(table.bumpers)[2]
    balls = pc.Circles([[bx, by + br + 0.2, 0.15], [bx + br + 0.2, by + 0.3, 0.15], [bx + br + 0.5, by + 0.3, 0.15]])
    v = np.array([[0.0, -1.0], [0.3, 0.0], [-0.3, 0.0]])
    _, v_new, ev = pc.advance(balls, v, table.world, 0.1, restitution=0.5, collide=True, events=True)
    hit, normal = pinball.bumper_hits(ev, 3)
    assert hit.tolist() == [True, False, False] and normal[0].tolist() == [0.0, 1.0]
    assert ev.part.tolist() == [pinball.BUMPERS, -1, -1] and ev.other.tolist() == [-1, 2, 1]
    out, kicked = pinball.kick(v_new, hit, normal, 5.0)
    assert kicked.tolist() == [True, False, False]
    assert out[0].tolist() == [0.0, 5.0] and out[1:].tolist() == v_new[1:].tolist()
    fast = np.array([[0.0, 9.0], [0.0, 0.0], [0.0, 0.0]])
    out, kicked = pinball.kick(fast, hit, normal, 5.0)
    assert not kicked.any() and out.tolist() == fast.tolist()  # leaving faster than the kick: left alone


# ---- the command line ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, message",
    [
        (["billiards", "--speed", "-1"], "argument --speed: must be a number > 0"),
        (["billiards", "--angle", "200"], "argument --angle: must be in [0, 180]"),
        (["billiards", "--restitution", "1.5"], "argument --restitution: must be in [0, 1]"),
        (["billiards", "--speed", "20", "--dt", "0.01"], "lower --dt"),
        (["billiards", "--rack-gap", "0"], "argument --rack-gap: must be a number > 0"),
        (["pinball", "--balls", "0"], "argument --balls: must be a whole number >= 1"),
        (["pinball", "--gravity", "-9"], "argument --gravity: must be a number >= 0"),
        (["--balls", "10", "pinball"], "put pinball's options after its name"),
        (["snooker"], "invalid choice: 'snooker'"),
    ],
)
def test_bad_options_are_clean_errors(tmp_path, args, message):
    out = tmp_path / "x.png"
    res = demo(*args, "--out", str(out))
    assert res.returncode == 2 and message in res.stderr and "Traceback" not in res.stderr
    assert not out.exists()


def test_unwritable_output_fails_before_any_work(tmp_path):
    res = demo("billiards", "--out", str(tmp_path / "missing" / "b.png"))
    assert res.returncode == 2 and "does not exist" in res.stderr and "[2/3]" not in res.stderr


@pytest.mark.slow  # whole demo runs: the full profile
def test_help_lists_the_tables_and_golf_stays_the_default(tmp_path):
    res = demo("--help")
    assert res.returncode == 0 and "billiards" in res.stdout and "pinball" in res.stdout
    assert "--course FILE" in res.stdout  # mini-golf's options are still demo's own
    res = demo("billiards", "--help")
    assert res.returncode == 0 and "--rack-gap" in res.stdout and "restitution" in res.stdout
    res = demo("pinball", "--help")
    assert res.returncode == 0 and "--kick" in res.stdout and "drain" in res.stdout
    out = tmp_path / "g.png"
    for args in ([], ["golf"]):  # `demo` and `demo golf`: the same mini-golf run
        res = demo(*args, "--balls", "20", "--max-time", "2", "--out", str(out))
        assert res.returncode == 0, res.stderr
        assert "sunk (hole-in-one) rate" in res.stdout and read_png(out).shape[2] == 3


# ---- movies ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "table, args",
    [("billiards", ["--max-time", "1"]), ("pinball", ["--balls", "20", "--max-time", "1.5"])],
)
def test_each_table_writes_a_movie(tmp_path, table, args):
    movie, js = tmp_path / f"{table}.gif", tmp_path / f"{table}.json"
    res = demo(table, *args, "--out", "", "--movie", str(movie), "--fps", "6", "--json", str(js))
    assert res.returncode == 0, res.stderr
    rep = json.loads(js.read_text())
    frames, size = gif_frames(movie)
    assert frames == rep["movie_frames"] >= 2 and 300 < size[0] <= 640  # 640 pixels, or narrower for a tall table
    assert "animating" in res.stderr and f"frame {frames}/{frames}" in res.stderr
    assert f"movie {movie}" in res.stdout


def test_the_pictures_name_every_mark(tmp_path):
    params = pinball.PinballParams(balls=30, max_time=3.0)
    table = pinball.build_table()
    result = pinball.simulate(params, table)
    scene = pinball_picture.render(table, result, params)
    try:
        labels = [t.get_text() for t in scene.legend.get_texts()]
        assert "launch band" in labels and "drain" in labels and "a ball's path (8 of 30 balls)" in labels
    finally:
        scene.close()
    bparams = billiards.BilliardsParams(max_time=3.0)
    btable = billiards.build_table(bparams)
    bresult = billiards.simulate(bparams, btable)
    scene = billiards_picture.render(btable, bresult, bparams)
    try:
        labels = [t.get_text() for t in scene.legend.get_texts()]
        dropped = int(np.count_nonzero(bresult.pocket >= 0))
        assert sum("pocketed at" in label for label in labels) == dropped and "pocket" in labels
    finally:
        scene.close()


# ---- platformer ------------------------------------------------------------------------


def test_platformer_command_report_picture_and_movie(tmp_path):
    movie = tmp_path / "platformer.gif"
    rep, pixels, res = run_table(
        tmp_path, "platformer", "--seconds", "3", "--movie", str(movie), "--fps", "5", "--movie-length", "2"
    )
    from pycollide.demos import platformer_picture as pp

    assert list(pixels.shape) == [rep["image_size"][1], rep["image_size"][0], 3]
    for colour in (pp.WALL, pp.SKY, pp.HERO, pp.CRATE, pp.LEDGE, pp.PLATFORM, pp.PLATFORM_PATH):
        assert colour_present(pixels, colour), colour
    assert rep["frames"] == 180 and 0 < rep["hero_floor_fraction"] <= 1 and rep["jumps"] >= 1
    assert rep["ghost_normals"] == 0 and rep["ends_inside"] == 0  # the promises, checked every frame
    assert rep["moves"] == 180 * (1 + rep["crates"]) and rep["movers_per_s"] > 0
    assert rep["platforms"] == 2 and rep["crates"] >= 24
    frames, size = gif_frames(movie)
    assert frames == rep["movie_frames"] >= 2
    assert "ghost normals 0, movers ending inside the tiles, a platform or a region 0" in res.stdout
    assert rep["outlines"] == rep["outline_frames"] == 0 and "outlines" not in res.stdout  # a text level has none


def test_platformer_levels_from_files(tmp_path):
    level = tmp_path / "level.txt"
    level.write_text("##########\n#........#\n#H..==..C#\n#...3##..#\n##########\n")
    js = tmp_path / "p.json"
    res = demo("platformer", "--level", str(level), "--seconds", "1", "--out", "", "--json", str(js))
    assert res.returncode == 0, res.stderr
    rep = json.loads(js.read_text())
    assert rep["tiles"] == [10, 5] and rep["ledges"] == 2 and rep["crates"] == 1 and rep["ends_inside"] == 0
    # a ferry across a trench, with its legend: the hero waits for it, rides it and runs on
    level.write_text("############\n#..........#\n#H.....C...#\n###>>..#####\n############\n> 2 1\n")
    res = demo("platformer", "--level", str(level), "--seconds", "4", "--out", "", "--json", str(js))
    assert res.returncode == 0, res.stderr
    rep = json.loads(js.read_text())
    assert rep["platforms"] == 1 and rep["rides"] >= 1 and rep["platform_frames"] >= 60
    assert rep["ends_inside"] == 0 and rep["ghost_normals"] == 0
    level.write_text("#####\n#...#\n#####\n")
    res = demo("platformer", "--level", str(level), "--out", "")
    assert res.returncode == 2 and "no hero (H)" in res.stderr
    level.write_text("#####\n#H.H#\n#####\n")
    res = demo("platformer", "--level", str(level), "--out", "")
    assert res.returncode == 2 and "a second hero" in res.stderr
    for legend, message in (
        ("> 3", "line 6: the legend line must read '> TILES SPEED' (two numbers)"),
        ("> x 2", "line 6: the legend line must read '> TILES SPEED'"),
        ("> 3 0", "line 6: a platform's tiles and speed must be finite and > 0"),
        ("^ 3 1", "a legend line for '^', but no such platform"),
        ("Q 3 1", "line 6: a legend line names a platform arrow"),
        ("> 3 1\n> 2 1", "line 7: a second legend line for '>'"),
    ):
        level.write_text("#######\n#.....#\n#H....#\n##>>###\n#######\n" + legend + "\n")
        res = demo("platformer", "--level", str(level), "--out", "")
        assert res.returncode == 2 and message in res.stderr, (legend, res.stderr)


def test_platformer_levels_parse_platforms_and_their_paths():
    """Runs of one arrow along a row are one platform, a box of its cells;
    the legend gives each arrow's travel and speed (default 4 tiles at 2
    tiles a second); the platform rests, travels, rests, comes back."""
    from pycollide.demos import platformer as pl

    level = pl.parse_level("##########\n#H.^^....#\n#..vv<<<.#\n##########\n< 2 4\n\n^ 1 0.5\n")
    assert np.asarray(level.platforms).tolist() == [[3, 2, 5, 3], [3, 1, 5, 2], [5, 1, 8, 2]]
    assert level.platform_paths.tolist() == [[0, 1], [0, -4], [-2, 0]]
    assert level.platform_speeds.tolist() == [0.5, 2.0, 4.0]
    assert level.platform_part == 1 and len(level.world()) == 2  # no ledges: the tiles, the platforms
    assert np.asarray(level.platform_bands()).tolist() == [[3, 2, 5, 4], [3, -3, 5, 2], [3, 1, 8, 2]]
    # the ferry (2 tiles at 4 tiles a second, 0.5 s a trip) with a dwell of 0.25 s
    t = np.array([0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75])
    x = [float(pl.platform_offsets(level, s, 0.25)[2, 0]) for s in t]
    assert x == [0.0, 0.0, -1.0, -2.0, -2.0, -1.0, 0.0, 0.0]
    with pytest.raises(pl.LevelError, match="line 3: a map line after the legend"):
        pl.parse_level("###\n> 1 1\n#H#\n")


def test_platformer_hero_rides_the_platforms():
    """The built-in level played 13 s: the hero waits for the ferry, rides it
    across the trench (standing on it, its x moving with the ferry's, bit for
    bit: pc.move's displacement is the carry) and then the lift up to the
    plateau; the ferry pushes crates out of its way; never a mover inside,
    never a ghost normal."""
    from pycollide.demos import platformer as pl

    level = pl.parse_level(pl.LEVEL)
    params = pl.PlatformerParams()
    result = pl.simulate(level, params)
    assert result.ends_inside == 0 and result.ghost_normals == 0
    assert result.rides == 2 and result.pushes >= 1
    k = level.platform_part
    ferry, lift = 1, 0  # the lift's row is read first
    assert level.platform_paths[ferry].tolist() == [-6.0, 0.0] and level.platform_paths[lift].tolist() == [0.0, -3.0]
    on = result.hero_on_floor & (result.hero_ground[:, 0] == k)
    assert result.platform_frames == int(np.count_nonzero(on)) >= 120
    standing = on & ~result.hero_running
    for which, axis in ((ferry, 0), (lift, 1)):
        carried = standing & (result.hero_ground[:, 1] == which)
        carried &= result.platform_moved[:, which, axis] != 0.0
        assert np.count_nonzero(carried) >= 60, which  # a second or more carried
        # the hero's place moves with the platform, up to the rounding of each frame's additions
        # (and of its own fall onto the lift, taken by the lift)
        path = np.diff(result.hero_path[:, axis])[carried]
        assert np.allclose(path, result.platform_moved[carried, which, axis], rtol=0, atol=2.0**-40)
        if axis == 0:  # across the ferry's way the hero's own move is nothing: its displacement is the carry
            assert np.array_equal(result.hero_moved[carried, 0], result.platform_moved[carried, which, 0])
    across = result.hero_path[1:][on & (result.hero_ground[:, 1] == ferry), 0]
    assert across.max() - across.min() >= 6.0  # the whole trench, riding
    up = result.hero_path[1:][on & (result.hero_ground[:, 1] == lift), 1]
    assert up.max() - up.min() == pytest.approx(3.0, abs=1e-9)  # from the low ground to the plateau
