"""`python -m pycollide demo platformer --tiled`: the platformer demo plays
levels drawn in the Tiled editor (pycollide.load_tiled), the one shipped
with the package and maps written here, in Tiled's XML format (.tmx)."""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest

import pycollide as pc
from pycollide.demos import platformer as pl
from pycollide.demos import platformer_tiled as pt

CWD = tempfile.gettempdir()  # the installed package, not the source folder


def demo(*args):
    return subprocess.run(
        [sys.executable, "-m", "pycollide", "demo", "platformer", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=CWD,
    )


def test_the_shipped_tiled_level_is_installed_with_the_package():
    shipped = Path(pt.TILED_LEVEL)
    assert shipped.parent == Path(pc.__file__).resolve().parent / "demos" and shipped.is_file()
    m = pc.read_tiled(shipped)
    (tileset,) = m.tilesets
    assert (Path(shipped.parent) / "platformer_tiles.png").is_file()  # the tileset's picture, for the editor
    assert {t.properties["collision"] for t in tileset.tiles.values()} == {"solid", "cut_nw", "cut_se"}


def test_the_demo_plays_the_shipped_tiled_level(tmp_path):
    """--tiled alone plays the shipped map, from any folder: the hero runs
    east down its chute (a polyline: a Polylines part of the world), over its
    hill and ledge, never ends inside the tiles or the ferry, and never
    stands on a ghost normal; --level with the map's path plays the
    same level (the file is told by its extension)."""
    js = tmp_path / "tiled.json"
    res = demo("--tiled", "--seconds", "3", "--out", "", "--json", str(js))
    assert res.returncode == 0, res.stderr
    rep = json.loads(js.read_text())
    assert rep["level"] == "platformer.tmj" and rep["tiles"] == [40, 13]
    assert (rep["ledges"], rep["platforms"], rep["crates"], rep["outlines"]) == (3, 1, 9, 1)
    assert rep["outline_frames"] >= 10  # running down the chute
    assert rep["frames"] == 180 and rep["jumps"] >= 1 and rep["landings"] >= 1
    assert rep["ends_inside"] == 0 and rep["ghost_normals"] == 0
    assert rep["hero_end"][0] - 1.5 >= 10  # from its start at x 1.5, over the hill and off the ledge
    res = demo("--level", pt.TILED_LEVEL, "--seconds", "3", "--out", "", "--json", str(js))
    assert res.returncode == 0, res.stderr
    again = json.loads(js.read_text())
    assert again["hero_end"] == rep["hero_end"] and again["landings"] == rep["landings"]
    # --tiled reads any file name as a Tiled map
    named = tmp_path / "level.txt"
    named.write_bytes(Path(pt.TILED_LEVEL).read_bytes())
    res = demo("--tiled", str(named), "--seconds", "3", "--out", "", "--json", str(js))
    assert res.returncode == 0, res.stderr
    assert json.loads(js.read_text())["hero_end"] == rep["hero_end"]
    res = demo("--tiled", pt.TILED_LEVEL, "--level", "other.txt")
    assert res.returncode == 2 and "not allowed with argument" in res.stderr


# A 12x6 room of 32-pixel tiles in Tiled's XML format: a bump of two slopes
# (the second the first drawn flipped left to right), a one-way ledge (named,
# not typed), a crate drawn as a rectangle, a lift going up; a sky layer of a
# tile without a collision property; and the same level as a text level.
TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down"
     width="12" height="6" tilewidth="32" tileheight="32" infinite="0" nextlayerid="4" nextobjectid="5">
 <tileset firstgid="1" name="blocks" tilewidth="32" tileheight="32" tilecount="3" columns="3">
  <tile id="0" type="rock"><properties><property name="collision" value="solid"/></properties></tile>
  <tile id="1" type="slope"><properties><property name="collision" value="cut_nw"/></properties></tile>
 </tileset>
 <layer id="1" name="sky" width="12" height="6">
  <data encoding="csv">{sky}</data>
 </layer>
 <layer id="2" name="ground" width="12" height="6">
  <data encoding="csv">
1,1,1,1,1,1,1,1,1,1,1,1,
1,0,0,0,0,0,0,0,0,0,0,1,
1,0,0,0,0,0,0,0,0,0,0,1,
1,0,0,0,0,0,0,0,0,0,0,1,
1,0,0,0,2,2147483650,0,0,0,0,0,1,
1,1,1,1,1,1,1,1,1,1,1,1
</data>
 </layer>
 <objectgroup id="3" name="things">
  <object id="1" name="spawn" type="hero" x="48" y="160"><point/></object>
  <object id="2" type="crate" x="68" y="136" width="24" height="24"/>
  <object id="3" name="ledge" x="128" y="64" width="64" height="8"/>
  <object id="4" name="lift" type="platform" x="256" y="128" width="64" height="32">
   <properties>
    <property name="way" value="north"/>
    <property name="tiles" type="float" value="2"/>
    <property name="speed" type="int" value="1"/>
   </properties>
  </object>
 </objectgroup>
</map>
""".replace("{sky}", ",".join(["3"] * 72))
TEXT = """\
############
#..........#
#...==.....#
#..........#
#HC.31..^^.#
############
^ 2 1
"""


def write_tmx(folder, text=TMX, name="room.tmx"):
    path = Path(folder) / name
    path.write_text(text)
    return str(path)


def test_a_tmx_level_is_the_text_level_drawn_alike(tmp_path):
    """The Tiled map and the text level are one level: the same tiles (the
    flipped slope turned), hero, crate, lift and its path; the ledge is the
    rectangle drawn, one box where the text has one per cell; a tile is the
    world's unit at any tile size (32 pixels here)."""
    tiled = pt.load_level(write_tmx(tmp_path))
    text = pl.parse_level(TEXT, "room")
    assert tiled.name == "room.tmx"
    assert tiled.tilemap == text.tilemap and tiled.tilemap.tile_size == 1.0
    assert tiled.hero == text.hero == (1.5, 1.0)
    assert tiled.crates.tolist() == text.crates.tolist() == [[2.5, 1.0]]
    assert np.asarray(tiled.platforms).tolist() == np.asarray(text.platforms).tolist() == [[8, 1, 10, 2]]
    assert tiled.platform_paths.tolist() == text.platform_paths.tolist() == [[0, 2]]
    assert tiled.platform_speeds.tolist() == text.platform_speeds.tolist() == [1.0]
    assert np.asarray(tiled.ledges).tolist() == [[4, 3.75, 6, 4]]
    assert np.asarray(text.ledges).tolist() == [[4, 3.75, 5, 4], [5, 3.75, 6, 4]]


def test_the_demo_plays_a_tmx_level(tmp_path):
    """--level FILE.tmx: the hero runs from its start over the bump and
    rides the lift up, is never inside the tiles or the lift, never on a
    ghost normal."""
    js = tmp_path / "room.json"
    res = demo("--level", write_tmx(tmp_path), "--seconds", "2", "--out", "", "--json", str(js))
    assert res.returncode == 0, res.stderr
    rep = json.loads(js.read_text())
    assert rep["level"] == "room.tmx" and rep["tiles"] == [12, 6] and rep["frames"] == 120
    assert (rep["ledges"], rep["platforms"], rep["crates"]) == (1, 1, 1)
    assert rep["ends_inside"] == 0 and rep["ghost_normals"] == 0
    result = pl.simulate(pt.load_level(write_tmx(tmp_path)), pl.PlatformerParams(seconds=2))
    assert result.hero_path[:, 0].max() >= 8  # past the bump (x 4 to 6), onto the lift (x 8 to 10)
    assert result.rides == 1 and result.hero_path[:, 1].max() >= 3  # the lift carries it up from y 2
    assert result.ends_inside == 0 and result.ghost_normals == 0
    assert rep["hero_end"] == result.hero_path[-1].tolist()


def objects_changed(old, new):
    assert old in TMX, old
    return TMX.replace(old, new)


LIFT = '<object id="4" name="lift" type="platform" x="256" y="128" width="64" height="32">'
BAD_LEVELS = {
    "no hero": (
        objects_changed('name="spawn" type="hero"', 'name="spawn" type="crate"'),
        r"room\.tmx: the level needs one object of type 'hero' \(its start\), it has 0",
    ),
    "two heroes": (
        objects_changed('type="crate"', 'type="hero"'),
        r"it has 2",
    ),
    "an unknown type": (
        objects_changed('name="ledge"', 'name="lava"'),
        r"room\.tmx: layer 'things': object 3 \('lava'\): its type is 'lava'; the demo plays the objects of types "
        r"'hero', 'crate', 'ledge', 'platform'",
    ),
    "a round ledge": (
        objects_changed(
            'name="ledge" x="128" y="64" width="64" height="8"/>',
            'name="ledge" x="128" y="64" width="8" height="8"><ellipse/></object>',
        ),  # fmt: skip
        r"object 3 \('ledge'\): a ledge must be a rectangle, not turned; this one is an ellipse",
    ),
    "a turned platform": (
        objects_changed(LIFT, LIFT.replace('height="32"', 'height="32" rotation="30"')),
        r"object 4 \('lift'\): a platform must be a rectangle, not turned; this one is turned by 30 degrees",
    ),
    "a platform with no way": (
        objects_changed('<property name="way" value="north"/>', ""),
        r"object 4 \('lift'\): a platform needs the property 'way', one of 'east', 'west', 'north', 'south', "
        r"got None",
    ),
    "a platform that does not move": (
        objects_changed('name="tiles" type="float" value="2"', 'name="tiles" type="float" value="0"'),
        r"object 4 \('lift'\): its property 'tiles' must be a number > 0, got 0.0",
    ),
    "a ledge drawn as a polyline": (
        objects_changed(
            'name="ledge" x="128" y="64" width="64" height="8"/>',
            'name="ledge" x="128" y="64"><polyline points="0,0 64,0"/></object>',
        ),  # fmt: skip
        r"object 3 \('ledge'\): a ledge must be a rectangle, not turned; this one is a polyline",
    ),
    "no colliding tiles": (
        TMX.replace('name="collision" value="solid"', 'name="colour" value="grey"').replace(
            'name="collision" value="cut_nw"', 'name="colour" value="grey"'
        ),
        r"the demo plays one tile layer with colliding tiles \(tiles with the property 'collision'\), the map has "
        r"0: none",
    ),
    "two tile layers that collide": (
        TMX.replace(
            '<tile id="1" type="slope">',
            '<tile id="2"><properties><property name="collision" '
            'value="solid"/></properties></tile><tile id="1" type="slope">',
        ),  # fmt: skip
        r"the map has 2: 'sky', 'ground'",
    ),
    "an unknown tile kind": (
        objects_changed('value="cut_nw"', 'value="ramp"'),
        r"load_tiled: .*room\.tmx: tileset 'blocks', tile 1 \(global id 2\): property 'collision': 'ramp' is not "
        r"a tile kind",
    ),
    "an isometric map": (objects_changed('orientation="orthogonal"', 'orientation="isometric"'), r"isometric"),
}


@pytest.mark.parametrize("case", sorted(BAD_LEVELS))
def test_tiled_levels_the_demo_cannot_play_are_refused_by_name(tmp_path, case):
    text, message = BAD_LEVELS[case]
    with pytest.raises(pl.LevelError, match=message):
        pt.load_level(write_tmx(tmp_path, text))


# a ramp drawn as a polyline over the bump, a concave notched
# block in the room's north-east corner, and a crate drawn as a concave polygon
OUTLINES = (
    '<object id="9" name="ramp" x="96" y="160"><polyline points="0,0 64,-40 128,0"/></object>'
    '<object id="10" name="notch" x="320" y="32"><polygon points="0,0 32,0 16,16 32,32 0,32"/></object>'
    '<object id="11" type="crate" x="200" y="128"><polygon points="0,0 16,0 8,8 16,16 0,16"/></object>'
)


def test_concave_polygons_and_polylines_are_the_demo_s_ground(tmp_path):
    """A Tiled level's concave polygons and polylines of no demo type are
    ground (Regions and Polylines parts of the level's world, in tiles); of a
    demo type (a crate here) they are that object.  The hero runs up and down
    the ramp drawn over the tiles' bump, never inside the notched block."""
    path = write_tmx(tmp_path, objects_changed(LIFT, OUTLINES + LIFT))
    level = pt.load_level(path)
    notch, ramp = level.outlines  # a layer's regions, then its polylines
    assert type(ramp) is pc.Polylines and ramp.coords.tolist() == [[3, 1], [5, 2.25], [7, 1]]
    assert type(notch) is pc.Regions and notch.coords.tolist() == [
        [10, 5],
        [11, 5],
        [10.5, 4.5],
        [11, 4],
        [10, 4],
        [10, 5],
    ]
    assert level.crates.tolist() == [[2.5, 1.0], [6.5, 1.5]]  # the polygon's crate: the middle of its bottom
    world = level.world()
    assert len(world) == 3 + 2 and list(level.outline_parts) == [3, 4]
    hit = pc.raycast([[10.75, 4.5], [10.25, 3]], [0, 1], world)  # up from in the notch, up onto the block
    assert hit.part.tolist() == [3, 3] and hit.distance.tolist() == [0.25, 1.0]
    result = pl.simulate(level, pl.PlatformerParams(seconds=2))
    assert result.outline_frames >= 5 and result.ends_inside == 0 and result.ghost_normals == 0
    assert result.hero_path[:, 0].max() >= 6  # over the ramp


def test_a_bad_tiled_level_on_the_command_line(tmp_path):
    res = demo("--tiled", str(tmp_path / "missing.tmj"), "--out", "")
    assert res.returncode == 2 and "missing.tmj: No such file or directory" in res.stderr
    res = demo("--level", write_tmx(tmp_path, BAD_LEVELS["an unknown type"][0]), "--out", "")
    assert res.returncode == 2 and "object 3 ('lava'): its type is 'lava'" in res.stderr
    assert "Traceback" not in res.stderr
