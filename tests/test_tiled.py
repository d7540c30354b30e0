"""Levels from Tiled (issue 43, item 4): pycollide.tiled reads Tiled maps in
both formats (JSON and TMX) and turns them into TileMaps and shapes.

Every map here is written by the tests: a map is described once in the
structure of Tiled's JSON format, and written as a .tmj file (``write_tmj``)
or as a .tmx file (``write_tmx``, an XML writer of its own, following Tiled's
TMX documentation), with the tile data in the encoding asked for."""

import base64
import dataclasses
import gzip
import importlib.util
import json
import math
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path
from xml.sax.saxutils import quoteattr

import numpy as np
import pytest

import pycollide as pc
from pycollide.tiled import (
    FLIPPED_DIAGONALLY,
    FLIPPED_HORIZONTALLY,
    FLIPPED_VERTICALLY,
    LevelShapes,
    LevelTiles,
    TiledObjectLayer,
    TiledTileLayer,
    load_tiled,
    read_tiled,
)

H_BIT, V_BIT, D_BIT = 0x80000000, 0x40000000, 0x20000000
HAVE_ZSTD = (
    importlib.util.find_spec("compression") is not None and importlib.util.find_spec("compression.zstd") is not None
)

# ---------------------------------------------------------------------------
# Writing maps


def pack(gids, compression=None):
    """Tile ids as Tiled's base64 data: little-endian uint32, maybe compressed."""
    raw = struct.pack(f"<{len(gids)}I", *gids)
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        raw = gzip.compress(raw)
    elif compression == "zstd":
        raw = importlib.import_module("compression.zstd").compress(raw)
    return base64.b64encode(raw).decode()


def encoded_layers(layers, encoding, compression):
    """The layers with their tile data as a list (csv) or base64 (the JSON format's fields)."""
    out = []
    for layer in layers:
        layer = dict(layer)
        if layer["type"] == "group":
            layer["layers"] = encoded_layers(layer["layers"], encoding, compression)
        elif layer["type"] == "tilelayer" and encoding == "base64" and isinstance(layer.get("data"), list):
            layer["data"] = pack(layer["data"], compression)
            layer["encoding"] = "base64"
            if compression:
                layer["compression"] = compression
        out.append(layer)
    return out


def write_tmj(folder, spec, name="map.tmj", encoding="csv", compression=None):
    spec = dict(spec, layers=encoded_layers(spec["layers"], encoding, compression))
    path = Path(folder) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(spec, indent=1))
    return path


def attrs(d, keys):
    return "".join(
        f" {k}={quoteattr(str(d[k]).lower() if isinstance(d[k], bool) else str(d[k]))}" for k in keys if k in d
    )


def xml_properties(props):
    if not props:
        return ""
    rows = []
    for p in props:
        kind, value = p.get("type", "string"), p["value"]
        if kind == "class":
            inner = [
                {"name": k, "type": "int" if isinstance(v, int) else "string", "value": v} for k, v in value.items()
            ]
            rows.append(f'<property name={quoteattr(p["name"])} type="class">{xml_properties(inner)}</property>')
            continue
        text = str(value).lower() if isinstance(value, bool) else str(value)
        rows.append(f"<property name={quoteattr(p['name'])} type={quoteattr(kind)} value={quoteattr(text)}/>")
    return "<properties>" + "".join(rows) + "</properties>"


def xml_tileset(ts, root=False):
    head = "" if root else attrs(ts, ["firstgid"])
    if "source" in ts and not root:
        return f"<tileset{head}{attrs(ts, ['source'])}/>"
    keys = ["name", "tilewidth", "tileheight", "tilecount", "columns", "objectalignment"]
    tiles = "".join(
        f"<tile{attrs(t, ['id', 'type'])}>{xml_properties(t.get('properties'))}</tile>" for t in ts.get("tiles", [])
    )
    return f"<tileset{head}{attrs(ts, keys)}>{xml_properties(ts.get('properties'))}{tiles}</tileset>"


def xml_data(layer, encoding, compression):
    gids = layer["data"]
    if encoding == "xml":
        return "<data>" + "".join("<tile/>" if g == 0 else f'<tile gid="{g}"/>' for g in gids) + "</data>"
    if encoding == "csv":
        w = layer["width"]
        rows = [",".join(map(str, gids[i : i + w])) for i in range(0, len(gids), w)]
        return '<data encoding="csv">\n' + ",\n".join(rows) + "\n</data>"
    c = f' compression="{compression}"' if compression else ""
    return f'<data encoding="base64"{c}>\n   {pack(gids, compression)}\n  </data>'


def xml_object(o):
    keys = ["id", "name", "type", "x", "y", "width", "height", "rotation", "gid", "visible", "template"]
    o2 = dict(o)
    if "visible" in o2:
        o2["visible"] = int(o2["visible"])
    inner = xml_properties(o.get("properties"))
    for tag in ("ellipse", "point", "capsule"):
        if o.get(tag):
            inner += f"<{tag}/>"
    for tag in ("polygon", "polyline"):
        if tag in o:
            points = " ".join(f"{p['x']},{p['y']}" for p in o[tag])
            inner += f"<{tag} points={quoteattr(points)}/>"
    if "text" in o:
        inner += f"<text wrap=\"1\">{o['text']['text']}</text>"
    return f"<object{attrs(o2, keys)}>{inner}</object>"


def xml_layers(layers, encoding, compression):
    out = []
    for layer in layers:
        common = dict(layer)
        if "visible" in common:
            common["visible"] = int(common["visible"])
        head = attrs(common, ["id", "name", "offsetx", "offsety", "visible"])
        props = xml_properties(layer.get("properties"))
        if layer["type"] == "tilelayer":
            size = attrs(layer, ["width", "height"])
            data = xml_data(layer, encoding, compression) if "data" in layer else ""
            out.append(f"<layer{head}{size}>{props}{data}</layer>")
        elif layer["type"] == "objectgroup":
            objects = "".join(xml_object(o) for o in layer["objects"])
            out.append(f"<objectgroup{head}>{props}{objects}</objectgroup>")
        elif layer["type"] == "group":
            out.append(f"<group{head}>{props}{xml_layers(layer['layers'], encoding, compression)}</group>")
        elif layer["type"] == "imagelayer":
            out.append(f'<imagelayer{head}><image source="{layer["image"]}"/></imagelayer>')
    return "\n ".join(out)


def tmx_text(spec, encoding="csv", compression=None):
    m = dict(spec)
    if "infinite" in m:
        m["infinite"] = int(m["infinite"])
    keys = ["orientation", "renderorder", "width", "height", "tilewidth", "tileheight", "infinite"]
    tilesets = "".join(xml_tileset(ts) for ts in spec.get("tilesets", []))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.11.0"{attrs(m, keys)} nextobjectid="99">\n '
        f"{xml_properties(spec.get('properties'))}{tilesets}\n "
        f"{xml_layers(spec['layers'], encoding, compression)}\n</map>\n"
    )


def write_tmx(folder, spec, name="map.tmx", encoding="csv", compression=None):
    path = Path(folder) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tmx_text(spec, encoding, compression))
    return path


def write_tsx(folder, ts, name):
    path = Path(folder) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + xml_tileset(ts, root=True))
    return path


def write_tsj(folder, ts, name):
    path = Path(folder) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(dict(ts, type="tileset")))
    return path


# ---------------------------------------------------------------------------
# The maps


def collision(kind, **more):
    props = [{"name": "collision", "type": "string", "value": kind}]
    for name, value in more.items():
        kind_name = "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else "float"
        props.append({"name": name, "type": kind_name, "value": value})
    return props


def pts(*xy):
    return [{"x": x, "y": y} for x, y in xy]


BLOCKS = {
    "firstgid": 1,
    "name": "blocks",
    "tilewidth": 16,
    "tileheight": 16,
    "tilecount": 8,
    "columns": 4,
    "tiles": [
        {"id": 0, "type": "rock", "properties": collision("solid")},
        {"id": 1, "properties": collision("cut_ne")},
        {"id": 2, "properties": collision("cut_sw", friction=0.5)},
        {"id": 3, "properties": [{"name": "deco", "type": "bool", "value": True}]},
        {"id": 5, "properties": collision("empty")},
    ],
}
ITEMS = {
    "firstgid": 9,
    "name": "items",
    "tilewidth": 8,
    "tileheight": 8,
    "tilecount": 4,
    "columns": 2,
    "objectalignment": "center",
}

RICH_OBJECTS = [
    {"id": 1, "name": "crate", "type": "box", "x": 16, "y": 32, "width": 16, "height": 16},
    {"id": 2, "name": "coin", "type": "pickup", "x": 40, "y": 8, "width": 6, "height": 6, "ellipse": True},
    {"id": 3, "name": "log", "x": 48, "y": 40, "width": 20, "height": 8, "capsule": True},
    {"id": 4, "name": "pole", "x": 80, "y": 0, "width": 4, "height": 30, "capsule": True},
    {"id": 5, "name": "spawn", "type": "start", "x": 24, "y": 12, "point": True},
    {"id": 6, "name": "rock", "x": 64, "y": 48, "polygon": pts((0, 0), (8, 0), (12, 6), (6, 12), (-2, 6))},
    {"id": 7, "name": "notch", "x": 8, "y": 48, "polygon": pts((0, 0), (10, 0), (5, 4), (10, 10), (0, 10))},
    {"id": 8, "name": "rope", "x": 0, "y": 4, "polyline": pts((0, 0), (16, 8), (32, 0))},
    {"id": 9, "name": "sign", "x": 4, "y": 4, "width": 40, "height": 10, "text": {"text": "Hello"}},
    {"id": 10, "name": "gem", "x": 30, "y": 20, "width": 8, "height": 8, "gid": 10 | H_BIT},
    {"id": 11, "name": "door", "x": 90, "y": 10, "width": 10, "height": 4, "rotation": 90},
    {"id": 12, "name": "ramp", "x": 90, "y": 40, "width": 10, "height": 4, "rotation": 30},
    {"id": 13, "name": "wedge", "x": 70, "y": 20, "rotation": 180, "polygon": pts((0, 0), (6, 0), (0, 6))},
    {
        "id": 14,
        "name": "ring",
        "x": 50,
        "y": 50,
        "polygon": pts(
            *[(round(6 * math.cos(k * math.pi / 5), 3), round(6 * math.sin(k * math.pi / 5), 3)) for k in range(10)]
        ),
    },
    {"id": 15, "name": "hidden", "x": 0, "y": 60, "width": 4, "height": 4, "visible": False},
]

RICH = {
    "type": "map",
    "orientation": "orthogonal",
    "renderorder": "right-down",
    "width": 6,
    "height": 4,
    "tilewidth": 16,
    "tileheight": 16,
    "infinite": False,
    "properties": [
        {"name": "title", "type": "string", "value": "cave"},
        {"name": "gravity", "type": "float", "value": 9.5},
        {"name": "lives", "type": "int", "value": 3},
        {"name": "secret", "type": "bool", "value": True},
        {"name": "boss", "type": "class", "value": {"hp": 12, "name": "mole"}},
    ],
    "tilesets": [BLOCKS, ITEMS],
    "layers": [
        {
            "type": "tilelayer",
            "id": 1,
            "name": "ground",
            "width": 6,
            "height": 4,
            "properties": [{"name": "solid", "type": "bool", "value": True}],
            # row 0 is the top row
            "data": [
                1,
                0,
                0,
                0,
                4,
                1,
                1,
                0,
                0,
                0,
                0,
                1,
                1,
                2,
                0,
                0,
                3 | H_BIT,
                1,
                1,
                1,
                1,
                1,
                1,
                1 | V_BIT,
            ],  # fmt: skip
        },
        {
            "type": "group",
            "id": 2,
            "name": "stuff",
            "offsetx": 8,
            "offsety": -4,
            "visible": False,
            "layers": [
                {
                    "type": "tilelayer",
                    "id": 3,
                    "name": "ledges",
                    "width": 6,
                    "height": 4,
                    "offsety": 2,
                    "data": [0] * 8 + [2 | D_BIT, 6, 3 | H_BIT | V_BIT] + [0] * 13,
                },
                {"type": "objectgroup", "id": 4, "name": "things", "offsetx": 2, "objects": RICH_OBJECTS},
            ],
        },
        {
            "type": "objectgroup",
            "id": 5,
            "name": "walls",
            "objects": [{"id": 20, "name": "left", "x": 0, "y": 0, "width": 16, "height": 64}],
        },
        {"type": "imagelayer", "id": 6, "name": "sky", "image": "sky.png"},
    ],
}


def small_map(data, width=3, height=2, tiles=(("solid",), ("cut_ne",)), tilesize=(16, 16), objects=()):
    """A one-tileset map with one tile layer (and an object layer when objects are given)."""
    tw, th = tilesize
    layers = [{"type": "tilelayer", "id": 1, "name": "ground", "width": width, "height": height, "data": list(data)}]
    if objects:
        layers.append({"type": "objectgroup", "id": 2, "name": "things", "objects": list(objects)})
    return {
        "orientation": "orthogonal",
        "width": width,
        "height": height,
        "tilewidth": tw,
        "tileheight": th,
        "tilesets": [
            {
                "firstgid": 1,
                "name": "blocks",
                "tilewidth": tw,
                "tileheight": th,
                "tilecount": 8,
                "tiles": [{"id": k, "properties": collision(t[0])} for k, t in enumerate(tiles)],
            }
        ],
        "layers": layers,
    }


# ---------------------------------------------------------------------------
# Comparing what was read


def plain(obj):
    """What read_tiled or load_tiled gives, as plain values to compare: every
    field of every dataclass (file paths left out), arrays as lists, shape
    collections as their type and coordinates."""
    if dataclasses.is_dataclass(obj):
        return {
            f.name: plain(getattr(obj, f.name)) for f in dataclasses.fields(obj) if f.name not in ("path", "source")
        }
    if isinstance(obj, pc.Shapes):
        return (type(obj).__name__, np.asarray(obj).tolist())
    if isinstance(obj, np.ndarray):
        return (obj.dtype.str, obj.tolist())
    if isinstance(obj, (tuple, list)):
        return [plain(x) for x in obj]
    if isinstance(obj, dict):
        return {k: plain(v) for k, v in obj.items()}
    return obj  # numbers, strings, TileMaps (compared by their tiles, size and origin)


def part(level, layer, kind):
    (found,) = [
        p
        for p in level.parts
        if p.layer == layer
        and (kind == "tiles" if isinstance(p, LevelTiles) else type(p.shapes).__name__.startswith(kind))
    ]
    return found


# ---------------------------------------------------------------------------
# Both formats, every encoding

ENCODINGS = [
    ("tmj", "csv", None),
    ("tmj", "base64", None),
    ("tmj", "base64", "zlib"),
    ("tmj", "base64", "gzip"),
    ("tmx", "xml", None),
    ("tmx", "csv", None),
    ("tmx", "base64", None),
    ("tmx", "base64", "zlib"),
    ("tmx", "base64", "gzip"),
]


def write(folder, spec, fmt, encoding="csv", compression=None, name="map"):
    if fmt == "tmj":
        return write_tmj(folder, spec, f"{name}.tmj", encoding, compression)
    return write_tmx(folder, spec, f"{name}.tmx", encoding, compression)


def test_the_same_map_in_both_formats_reads_and_loads_the_same(tmp_path):
    tmj = write(tmp_path, RICH, "tmj")
    tmx = write(tmp_path, RICH, "tmx")
    assert plain(read_tiled(tmj)) == plain(read_tiled(tmx))
    assert plain(load_tiled(tmj)) == plain(load_tiled(tmx))


@pytest.mark.parametrize("fmt,encoding,compression", ENCODINGS, ids=["-".join(filter(None, e)) for e in ENCODINGS])
def test_every_tile_data_encoding_gives_the_same_layers(tmp_path, fmt, encoding, compression):
    expected = plain(read_tiled(write(tmp_path, RICH, "tmj", name="plain")))
    got = read_tiled(write(tmp_path, RICH, fmt, encoding, compression))
    assert plain(got) == expected
    assert got.layers[0].name == "ground" and got.layers[0].gids[3].tolist() == [1, 1, 1, 1, 1, 1]


@pytest.mark.skipif(not HAVE_ZSTD, reason="zstd data needs the standard library's compression.zstd (Python 3.14)")
@pytest.mark.parametrize("fmt", ["tmj", "tmx"])
def test_zstd_data_is_read_where_the_standard_library_has_it(tmp_path, fmt):
    expected = plain(read_tiled(write(tmp_path, RICH, "tmj", name="plain")))
    assert plain(read_tiled(write(tmp_path, RICH, fmt, "base64", "zstd"))) == expected


@pytest.mark.skipif(HAVE_ZSTD, reason="this Python's standard library reads zstd")
@pytest.mark.parametrize("fmt", ["tmj", "tmx"])
def test_zstd_data_without_compression_zstd_is_refused_by_name(tmp_path, fmt):
    spec = small_map([1, 0, 0, 1, 1, 1])
    spec["layers"][0]["data"] = "KLUv/SAYwQAAAQAAAAAAAAEAAAAB"  # (never decoded: the module is missing)
    spec["layers"][0].update(encoding="base64", compression="zstd")
    path = write_tmj(tmp_path, spec) if fmt == "tmj" else write_tmx_raw(tmp_path, spec)
    with pytest.raises(ValueError, match=r"map\.tm[jx]: layer 'ground': .*zstd.*compression\.zstd"):
        read_tiled(path)


def write_tmx_raw(folder, spec):
    """A TMX file whose first tile layer's data is written as the spec gives it (encoding, compression, text)."""
    layer = spec["layers"][0]
    text = tmx_text(dict(spec, layers=[dict(layer, data=[0] * layer["width"] * layer["height"])]))
    c = f' compression="{layer["compression"]}"' if layer.get("compression") else ""
    e = f' encoding="{layer["encoding"]}"' if layer.get("encoding") else ""
    start, end = text.index("<data"), text.index("</data>") + len("</data>")
    path = Path(folder) / "map.tmx"
    path.write_text(text[:start] + f"<data{e}{c}>{layer['data']}</data>" + text[end:])
    return path


def test_the_parsed_map_holds_what_the_file_says(tmp_path):
    m = read_tiled(write(tmp_path, RICH, "tmx"))
    assert (m.orientation, m.width, m.height, m.tilewidth, m.tileheight) == ("orthogonal", 6, 4, 16, 16)
    assert m.properties == {
        "title": "cave",
        "gravity": 9.5,
        "lives": 3,
        "secret": True,
        "boss": {"hp": 12, "name": "mole"},
    }
    blocks, items = m.tilesets
    assert (blocks.name, blocks.firstgid, blocks.tilecount, items.firstgid, items.objectalignment) == (
        "blocks",
        1,
        8,
        9,
        "center",
    )
    assert blocks.tiles[0].type == "rock" and blocks.tiles[2].properties == {"collision": "cut_sw", "friction": 0.5}
    assert m.tile(3).properties == {"collision": "cut_sw", "friction": 0.5} and m.tile(5) is None and m.tile(0) is None
    assert m.tileset(12) is items and m.tileset(8) is blocks
    assert [layer.name for layer in m.layers] == [
        "ground",
        "stuff/ledges",
        "stuff/things",
        "walls",
    ]  # the image layer left out
    ground, ledges, things, walls = m.layers
    assert isinstance(ground, TiledTileLayer) and isinstance(things, TiledObjectLayer)
    assert ground.properties == {"solid": True} and ground.visible and not ledges.visible and not things.visible
    assert ground.gids.dtype == np.uint32 and ground.flips.dtype == np.uint8
    assert not ground.gids.flags.writeable and not ground.flips.flags.writeable
    assert [o.shape for o in things.objects] == [
        "rectangle", "ellipse", "capsule", "capsule", "point", "polygon", "polygon",
        "polyline", "text", "tile", "rectangle", "rectangle", "polygon", "polygon", "rectangle",
    ]  # fmt: skip
    crate = things.objects[0]
    assert (crate.id, crate.name, crate.type, crate.x, crate.y, crate.width, crate.height) == (
        1,
        "crate",
        "box",
        16,
        32,
        16,
        16,
    )
    # the objects' points: the group's offset (8, -4) and the layer's (2, 0) added
    assert crate.points.tolist() == [[26, 28], [42, 28], [42, 44], [26, 44]]
    assert things.objects[4].points.tolist() == [[34, 8]]
    assert things.objects[5].points.tolist() == [[74, 44], [82, 44], [86, 50], [80, 56], [72, 50]]
    gem = things.objects[9]  # a tile object of the "center"-aligned tileset, flipped
    assert (gem.gid, gem.flips, gem.points.tolist()) == (
        10,
        FLIPPED_HORIZONTALLY,
        [[36, 12], [44, 12], [44, 20], [36, 20]],
    )
    assert things.objects[14].visible is False and crate.visible is True
    assert things.objects[8].shape == "text"


def test_flip_flags_are_stripped_and_reported(tmp_path):
    flags = [0, H_BIT, V_BIT, D_BIT, H_BIT | V_BIT, H_BIT | D_BIT, V_BIT | D_BIT, H_BIT | V_BIT | D_BIT, 0x10000000]
    data = [2 | f for f in flags] + [0, 0, 0]
    for fmt, encoding, compression in ENCODINGS:
        m = read_tiled(write(tmp_path, small_map(data, width=4, height=3), fmt, encoding, compression))
        (layer,) = m.layers
        assert layer.gids.ravel().tolist() == [2] * 9 + [0] * 3
        assert layer.flips.ravel().tolist() == [f >> 28 for f in flags] + [0, 0, 0]
    assert (FLIPPED_HORIZONTALLY, FLIPPED_VERTICALLY, FLIPPED_DIAGONALLY) == (H_BIT >> 28, V_BIT >> 28, D_BIT >> 28)


# ---------------------------------------------------------------------------
# External tilesets


@pytest.mark.parametrize("map_fmt", ["tmj", "tmx"])
@pytest.mark.parametrize("tileset_fmt", ["tsj", "tsx"])
def test_external_tilesets_are_read_relative_to_the_map(tmp_path, map_fmt, tileset_fmt):
    embedded = load_tiled(write(tmp_path, RICH, "tmj", name="embedded"))
    writer = write_tsj if tileset_fmt == "tsj" else write_tsx
    writer(tmp_path / "art", {k: v for k, v in BLOCKS.items() if k != "firstgid"}, f"blocks.{tileset_fmt}")
    writer(tmp_path / "art" / "more", {k: v for k, v in ITEMS.items() if k != "firstgid"}, f"items.{tileset_fmt}")
    spec = dict(
        RICH,
        tilesets=[
            {"firstgid": 1, "source": f"../art/blocks.{tileset_fmt}"},
            {"firstgid": 9, "source": f"../art/more/items.{tileset_fmt}"},
        ],
    )
    path = write(tmp_path / "maps", spec, map_fmt)
    m = read_tiled(path)
    assert m.tilesets[0].source.endswith(f"blocks.{tileset_fmt}") and m.tilesets[1].firstgid == 9
    assert m.tilesets[0].tiles[2].properties == {"collision": "cut_sw", "friction": 0.5}
    assert plain(load_tiled(path)) == plain(embedded)


# ---------------------------------------------------------------------------
# Groups and offsets


def test_groups_flatten_with_path_names_and_summed_offsets(tmp_path):
    spec = small_map([1, 0, 0, 0, 0, 1])
    inner = {
        "type": "tilelayer",
        "id": 3,
        "name": "walls",
        "width": 3,
        "height": 2,
        "offsetx": 0.5,
        "offsety": 3,
        "data": [0, 1, 0, 0, 0, 0],
    }
    objects = {
        "type": "objectgroup",
        "id": 4,
        "name": "doors",
        "offsety": -1,
        "objects": [{"id": 1, "x": 1, "y": 2, "width": 3, "height": 4}],
    }
    group = {"type": "group", "id": 5, "name": "inner", "offsetx": 2, "offsety": 0.25, "layers": [inner, objects]}
    spec["layers"].append(
        {"type": "group", "id": 6, "name": "outer", "offsetx": -10, "offsety": 4, "visible": False, "layers": [group]}
    )
    for fmt in ("tmj", "tmx"):
        m = read_tiled(write(tmp_path, spec, fmt))
        assert [(layer.name, layer.offset, layer.visible) for layer in m.layers] == [
            ("ground", (0, 0), True),
            ("outer/inner/walls", (-7.5, 7.25), False),
            ("outer/inner/doors", (-8, 3.25), False),
        ]
        assert m.layers[2].objects[0].points.tolist() == [[-7, 5.25], [-4, 5.25], [-4, 9.25], [-7, 9.25]]
        level = load_tiled(write(tmp_path, spec, fmt))
        walls = part(level, "outer/inner/walls", "tiles")
        assert walls.tilemap.origin == (-7.5, -7.25) and walls.tilemap.tile_size == 16
        # pixel rows 7.25..23.25 of the map 32 pixels high: y from 8.75 to 24.75, x from 8.5 to 24.5
        assert np.asarray(walls.tilemap.tiles().boxes).tolist() == [[8.5, 8.75, 24.5, 24.75]]
        assert np.asarray(part(level, "outer/inner/doors", "Boxes").shapes).tolist() == [[-7, 22.75, -4, 26.75]]


# ---------------------------------------------------------------------------
# The coordinate rule


@pytest.mark.parametrize("fmt", ["tmj", "tmx"])
@pytest.mark.parametrize("offset", [(0, 0), (8, -4), (0.5, -0.25), (-3.75, 20)])
def test_a_rectangle_drawn_over_a_solid_tile_is_that_tile(tmp_path, fmt, offset):
    """Objects drawn in Tiled exactly over the tiles (in layers with the same
    offsets) coincide with them bit for bit in pycollide's coordinates."""
    rows = ["#..3#", "#.1##", "#####"]
    code = {".": 0, "#": 1, "1": 2, "3": 2 | H_BIT}  # tile 2 is cut_ne; flipped left to right it is cut_nw ('3')
    data = [code[c] for row in rows for c in row]
    objects = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "#":
                objects.append(
                    {"id": len(objects) + 1, "name": f"{r},{c}", "x": 16 * c, "y": 16 * r, "width": 16, "height": 16}
                )
    # the cut tiles as triangles: their solid corners (pixels, y down)
    objects.append({"id": 90, "x": 16 * 2, "y": 16, "polygon": pts((0, 0), (0, 16), (16, 16))})  # '1': keeps NW, SW, SE
    objects.append({"id": 91, "x": 16 * 3, "y": 0, "polygon": pts((16, 0), (16, 16), (0, 16))})  # '3': keeps NE, SE, SW
    spec = small_map(data, width=5, height=3, objects=objects)
    spec["layers"] = [
        {"type": "group", "name": "level", "offsetx": offset[0], "offsety": offset[1], "layers": spec["layers"]}
    ]
    level = load_tiled(write(tmp_path, spec, fmt))
    tiles = part(level, "level/ground", "tiles").tilemap
    assert tiles.to_text() == "\n".join(rows)
    assert level.height == 48 and tiles.origin == (offset[0], 0.0 - offset[1])
    boxes = part(level, "level/things", "Boxes")
    shown = tiles.tiles()
    by_cell = {(r, c): box for (r, c), box in zip(shown.box_tiles.tolist(), np.asarray(shown.boxes).tolist())}
    assert len(by_cell) == len(boxes.ids) == 10
    for name, box in zip(boxes.names, np.asarray(boxes.shapes).tolist()):
        r, c = map(int, name.split(","))
        assert box == by_cell[(len(rows) - 1 - r, c)]  # TileMap row 0 is the bottom row
    polygons = part(level, "level/things", "Polygons")
    assert polygons.ids.tolist() == [90, 91]
    triangles = dict(zip(map(tuple, shown.triangle_tiles.tolist()), np.asarray(shown.triangles).reshape(-1, 3, 2)))
    for vertices, cell in zip(np.asarray(polygons.shapes), [(1, 2), (2, 3)]):  # '1' and '3', TileMap rows
        assert sorted(map(tuple, vertices.tolist())) == sorted(map(tuple, triangles[cell].tolist()))
    # the same answers: a point on the face of the slope '1', one just above it
    ox, oy = offset
    on, above = pc.Points([40 + ox, 24 - oy]), pc.Points([41 + ox, 25 - oy])
    assert bool(pc.overlaps(on, tiles)) and not bool(pc.overlaps(above, tiles))
    assert bool(pc.overlaps(on, level.world())) and not bool(pc.overlaps(above, level.world()))


def test_pixel_y_flips_about_the_map_height(tmp_path):
    spec = small_map([0] * 12, width=4, height=3, tilesize=(16, 10), objects=[
        {"id": 1, "x": 5, "y": 0, "point": True},
        {"id": 2, "x": 5, "y": 30, "point": True},
        {"id": 3, "x": 7, "y": 12.5, "point": True},
    ])  # fmt: skip
    level = load_tiled(write_tmj(tmp_path, spec))
    assert level.height == 30  # 3 rows of 10 pixels (non-square tiles are fine without colliding tiles)
    assert np.asarray(part(level, "things", "Points").shapes).tolist() == [[5, 30], [5, 0], [7, 17.5]]
    assert [p for p in level.parts if isinstance(p, LevelTiles)] == []


# ---------------------------------------------------------------------------
# Tile kinds


def corner_kind_reference(kind, flips):
    """The solid corners of a cut tile drawn with flip bits, in pixels of a
    16-pixel tile with y up: Tiled's transforms on the corners (y down,
    unit square): the diagonal flip swaps x and y, then the horizontal
    flip mirrors x, then the vertical mirrors y."""
    cut = {"cut_ne": (1, 0), "cut_nw": (0, 0), "cut_se": (1, 1), "cut_sw": (0, 1)}[kind]
    corners = [c for c in [(0, 0), (1, 0), (1, 1), (0, 1)] if c != cut]
    out = []
    for u, v in corners:
        if flips & FLIPPED_DIAGONALLY:
            u, v = v, u
        if flips & FLIPPED_HORIZONTALLY:
            u = 1 - u
        if flips & FLIPPED_VERTICALLY:
            v = 1 - v
        out.append((16.0 * u, 16.0 - 16.0 * v))
    return sorted(out)


@pytest.mark.parametrize("kind", ["cut_ne", "cut_nw", "cut_se", "cut_sw"])
@pytest.mark.parametrize("fmt", ["tmj", "tmx"])
def test_flipped_and_rotated_slopes_turn_with_their_tile(tmp_path, kind, fmt):
    for flips in range(0, 16, 2):
        spec = small_map([1 | (flips << 28)], width=1, height=1, tiles=[(kind,)])
        level = load_tiled(write(tmp_path, spec, fmt))
        (tiles,) = level.parts
        triangles = np.asarray(tiles.tilemap.tiles().triangles).reshape(-1, 3, 2)
        assert len(triangles) == 1, flips
        assert sorted(map(tuple, triangles[0].tolist())) == corner_kind_reference(kind, flips), flips
    # and a solid tile flipped any way is solid
    level = load_tiled(write(tmp_path, small_map([1 | H_BIT | D_BIT], width=1, height=1), fmt))
    assert level.parts[0].tilemap.to_text() == "#"


def test_tile_kinds_from_a_mapping_take_precedence(tmp_path):
    spec = small_map([1, 2, 3, 4, 5, 0], tiles=[("solid",), ("cut_ne",), ("empty",)])
    path = write_tmj(tmp_path, spec)
    assert load_tiled(path).parts[0].tilemap.to_text() == "#1.\n..."
    kinds = {1: "empty", ("blocks", 2): pc.Tile.CUT_SW, 4: 1, 5: "cut_se"}
    assert load_tiled(path, kinds).parts[0].tilemap.to_text() == ".19\n#7."
    assert load_tiled(path, {4: "solid"}, tile_property=None).parts[0].tilemap.to_text() == "...\n#.."
    # another property name
    spec["tilesets"][0]["tiles"] = [{"id": 3, "properties": [{"name": "shape", "type": "string", "value": "cut_nw"}]}]
    path = write_tmx(tmp_path, spec)
    assert load_tiled(path, tile_property="shape").parts[0].tilemap.to_text() == "...\n3.."
    assert load_tiled(path).parts == ()


def test_a_tile_part_keeps_its_cells_tile_ids_in_the_tilemap_s_rows(tmp_path):
    level = load_tiled(write_tmx(tmp_path, RICH))
    ground = part(level, "ground", "tiles")
    assert ground.gids.tolist() == [[1, 1, 1, 1, 1, 1], [1, 2, 0, 0, 3, 1], [1, 0, 0, 0, 0, 1], [1, 0, 0, 0, 4, 1]]
    assert not ground.gids.flags.writeable
    # tile 4 has no kind; 3 (cut_sw) is flipped left to right: cut_se ('7')
    assert ground.tilemap.to_text() == "#....#\n#....#\n#1..7#\n######"
    hit = pc.raycast([[70, 70]], [0, -1], level.world())  # down past the empty tile 4 onto the cut tile below it
    assert int(hit.part[0]) == 0 and ground.gids.flat[int(hit.index[0])] == 3 and float(hit.distance[0]) == 70 - 32


# ---------------------------------------------------------------------------
# Objects


def test_objects_become_shapes_of_their_kind(tmp_path):
    path = write_tmj(tmp_path, RICH)
    level = load_tiled(path)
    H = 64.0
    things = [p for p in level.parts if p.layer == "stuff/things"]
    assert [type(p.shapes).__name__ for p in things] == [
        "Boxes",
        "Circles",
        "Capsules",
        "Polygons",
        "Points",
        "Regions",
        "Polylines",
    ]
    boxes, circles, capsules, polygons, points, regions, polylines = things
    assert polygons.shapes.vertex_count == 5
    # group offset (8, -4) and layer offset (2, 0): pixel (x, y) -> (x + 10, H - (y - 4))
    assert boxes.ids.tolist() == [1, 10, 11, 15] and boxes.names == ("crate", "gem", "door", "hidden")
    assert boxes.types == ("box", "", "", "")
    assert np.asarray(boxes.shapes).tolist() == [
        [26, H - 44, 42, H - 28],  # crate
        [36, H - 20, 44, H - 12],  # gem: a tile object centred on (x, y) (the tileset's alignment)
        [96, H - 16, 100, H - 6],  # door: 10x4 turned 90 degrees clockwise about (100, 6)
        [10, H - 60, 14, H - 56],  # hidden, loaded all the same
    ]
    assert np.asarray(circles.shapes).tolist() == [[53, H - 7, 3]] and circles.types == ("pickup",)
    assert np.asarray(capsules.shapes).tolist() == [[62, H - 40, 74, H - 40, 4], [92, H + 4 - 2, 92, H + 4 - 28, 2]]
    assert polygons.ids.tolist() == [6, 12, 13]
    rock, ramp, wedge = np.asarray(polygons.shapes)
    assert rock.tolist() == [[74, H - 44], [82, H - 44], [86, H - 50], [80, H - 56], [72, H - 50]]
    # ramp: 10x4 turned 30 degrees (cos, sin rounded), padded to 5 vertices by its last
    c, s = math.cos(math.radians(30)), math.sin(math.radians(30))
    corners = [
        (100 + dx * c - dy * s, H - (36 + dx * s + dy * c)) for dx, dy in [(0, 0), (10, 0), (10, 4), (0, 4), (0, 4)]
    ]
    np.testing.assert_allclose(ramp, corners, rtol=0, atol=1e-12 * 100)
    assert wedge.tolist() == [
        [80, H - 16],
        [74, H - 16],
        [80, H - 10],
        [80, H - 10],
        [80, H - 10],
    ]  # turned 180 degrees
    assert np.asarray(points.shapes).tolist() == [[34, H - 8]] and points.types == ("start",)
    # the concave polygon and the ten-vertex one: Regions (each ring closed by
    # its first vertex repeated); the polyline: Polylines, open as drawn
    assert regions.ids.tolist() == [7, 14] and regions.names == ("notch", "ring")
    assert [o.shape for o in regions.objects] == ["polygon", "polygon"] and len(regions.shapes) == 2
    notch = [[18, H - 44], [28, H - 44], [23, H - 48], [28, H - 54], [18, H - 54]]
    assert regions.shapes.offsets[0].tolist() == [0, 6, 17] and regions.shapes.offsets[1].tolist() == [0, 1, 2]
    assert regions.shapes.coords[:6].tolist() == notch + notch[:1]
    ring = RICH_OBJECTS[13]["polygon"]
    assert regions.shapes.coords[6:16].tolist() == [[60 + v["x"], H - (46 + v["y"])] for v in ring]
    assert polylines.ids.tolist() == [8] and polylines.names == ("rope",)
    assert polylines.shapes.coords.tolist() == [[10, H - 0], [26, H - 8], [42, H - 0]]
    assert [p.layer for p in level.parts] == ["ground", "stuff/ledges"] + ["stuff/things"] * 7 + ["walls"]
    # the world answers against them (the objects' layer alone: the tiles
    # would cover the notch), and a hit maps back to its object
    alone = load_tiled(path, layers=["stuff/things"])
    world = alone.world()
    assert len(world) == 7 and alone.parts[5].shapes == regions.shapes and alone.parts[6].shapes == polylines.shapes
    in_notch, in_the_cut, on_rope, on_the_notch_s_cut = [20, H - 50], [26, H - 49], [18, H - 4], [23, H - 48]
    assert pc.overlaps(world, pc.Points([in_notch, in_the_cut, on_rope, on_the_notch_s_cut])).tolist() == [
        True,
        False,
        True,
        True,
    ]
    assert not pc.overlaps(world, pc.Points([on_the_notch_s_cut]), touching=False)[0]
    # left into the notch's cut, down onto the rope, up onto the ring (centred on (60, H - 46), its
    # lowest edge 5.706 below)
    found = pc.raycast([[29, H - 51], [18, H + 10], [60, -10]], [[-1, 0], [0, -1], [0, 1]], world)
    assert found.part.tolist() == [5, 6, 5] and found.index.tolist() == [0, 0, 1]
    expected = [29 - 25.5, 14, 10 + H - 46 - 5.706]
    np.testing.assert_allclose(found.distance, expected, rtol=0, atol=1e-12 * H)
    assert [alone.object(p, i).name for p, i in zip(found.part, found.index)] == ["notch", "rope", "ring"]
    assert alone.object_ids(found.part, found.index).tolist() == [7, 8, 14]


@pytest.mark.parametrize("fmt", ["tmj", "tmx"])
def test_quarter_turns_are_exact(tmp_path, fmt):
    """Rotations by multiples of 90 degrees turn the points exactly (cos 90
    degrees as a double is 6e-17, not 0: at the origin that would show), and
    a rectangle so turned stays a box."""
    turns = [90, 180, 270, -90, 450, 360]
    objects = [{"id": k + 1, "x": 0, "y": 0, "width": 10, "height": 4, "rotation": r} for k, r in enumerate(turns)]
    objects.append({"id": 9, "x": 0, "y": 0, "rotation": -270, "polyline": pts((0, 0), (3, 0), (3, 1e-300))})
    m = read_tiled(write(tmp_path, small_map([0] * 6, objects=objects), fmt))
    corners = {
        90: [[0, 0], [0, 10], [-4, 10], [-4, 0]],
        180: [[0, 0], [-10, 0], [-10, -4], [0, -4]],
        270: [[0, 0], [0, -10], [4, -10], [4, 0]],
    }
    corners.update({-90: corners[270], 450: corners[90], 360: [[0, 0], [10, 0], [10, 4], [0, 4]]})
    for obj, r in zip(m.layers[1].objects, turns):
        assert obj.points.tolist() == corners[r], r
    assert m.layers[1].objects[-1].points.tolist() == [[0, 0], [0, 3], [-1e-300, 3]]
    level = load_tiled(write(tmp_path, small_map([0] * 6, objects=objects), fmt))
    H = 32
    assert np.asarray(part(level, "things", "Boxes").shapes).tolist() == [
        [-4, H - 10, 0, H],
        [-10, H, 0, H + 4],
        [0, H, 4, H + 10],
        [0, H, 4, H + 10],
        [-4, H - 10, 0, H],
        [0, H - 4, 10, H],
    ]


@pytest.mark.parametrize("fmt", ["tmj", "tmx"])
def test_tile_objects_sit_on_their_tileset_s_alignment_point(tmp_path, fmt):
    """A tile object's (x, y) is its bottom-left corner in an orthogonal map
    unless its tileset says otherwise (objectalignment, Tiled 1.4)."""
    gem = {"id": 1, "x": 10, "y": 20, "width": 16, "height": 8, "gid": 1}
    expected = {
        None: [[10, 12], [26, 12], [26, 20], [10, 20]],
        "unspecified": [[10, 12], [26, 12], [26, 20], [10, 20]],
        "topleft": [[10, 20], [26, 20], [26, 28], [10, 28]],
        "bottomright": [[-6, 12], [10, 12], [10, 20], [-6, 20]],
        "top": [[2, 20], [18, 20], [18, 28], [2, 28]],
        "right": [[-6, 16], [10, 16], [10, 24], [-6, 24]],
    }
    for alignment, corners in expected.items():
        spec = small_map([0] * 6, objects=[gem])
        if alignment:
            spec["tilesets"][0]["objectalignment"] = alignment
        (obj,) = read_tiled(write(tmp_path, spec, fmt)).layers[1].objects
        assert (obj.shape, obj.points.tolist()) == ("tile", corners), alignment


def test_a_world_hit_maps_back_to_its_object(tmp_path):
    level = load_tiled(write_tmx(tmp_path, RICH))
    world = level.world()
    assert len(world) == len(level.parts) == 10
    hit = pc.raycast([[53, 100]], [0, -1], world)  # down onto the coin
    shapes = level.parts[int(hit.part[0])]
    assert isinstance(shapes, LevelShapes)
    k = int(hit.index[0])
    assert (int(shapes.ids[k]), shapes.names[k], shapes.types[k]) == (2, "coin", "pickup")
    assert float(hit.distance[0]) == 100 - (64 - 7 + 3)


TAGGED_OBJECTS = [
    {"id": 31, "name": "crate", "type": "pushable", "x": 0, "y": 16, "width": 16, "height": 16,
     "properties": [{"name": "weight", "type": "int", "value": 3}, {"name": "wet", "type": "bool", "value": True}]},
    {"id": 32, "name": "", "type": "coin", "x": 36, "y": 20, "width": 8, "height": 8, "ellipse": True,
     "properties": [{"name": "value", "type": "float", "value": 2.5}]},
    {"id": 33, "name": "crate", "type": "pushable", "x": 48, "y": 16, "width": 16, "height": 16},
    {"id": 34, "name": "spike", "type": "hazard", "x": 72, "y": 32, "polygon": pts((0, 0), (8, -16), (16, 0)),
     "properties": [{"name": "label", "type": "string", "value": "ouch"}]},
    {"id": 35, "name": "spawn", "type": "hero", "x": 100, "y": 30, "point": True},
]  # fmt: skip


@pytest.mark.parametrize("fmt", ["tmj", "tmx"])
def test_objects_keep_their_id_name_type_and_properties_beside_their_shapes(tmp_path, fmt):
    """Each shape of a part is its object: ids, names, types, properties and
    the object itself in parallel with the shapes, and a world query's part
    and index lead back to it (TiledLevel.object, TiledLevel.object_ids)."""
    spec = small_map([0] * 8 + [1, 1], width=10, height=1, objects=TAGGED_OBJECTS)
    level = pc.load_tiled(write(tmp_path, spec, fmt))
    tiles, boxes, circles, polygons, points = level.parts
    assert isinstance(tiles, LevelTiles)
    for p, kind in zip(level.parts[1:], (pc.Boxes, pc.Circles, pc.Polygons, pc.Points)):
        assert isinstance(p, LevelShapes) and isinstance(p.shapes, kind)
    assert boxes.ids.tolist() == [31, 33] and not boxes.ids.flags.writeable
    assert boxes.names == ("crate", "crate") and boxes.types == ("pushable", "pushable")
    assert boxes.properties == ({"weight": 3, "wet": True}, {})
    assert [o.id for o in boxes.objects] == [31, 33] and boxes.objects[0].shape == "rectangle"
    assert (circles.ids.tolist(), circles.names, circles.types) == ([32], ("",), ("coin",))
    assert circles.properties == ({"value": 2.5},) and circles.objects[0].shape == "ellipse"
    assert polygons.properties == ({"label": "ouch"},) and polygons.objects[0].name == "spike"
    assert points.types == ("hero",) and points.objects[0].points.tolist() == [[100, 30]]
    # rays straight down (the map is 16 pixels high, y up): onto each object, a tile, nothing
    world = level.world()
    xs = [8, 56, 40, 80, 100, 136, 200]
    hits = pc.raycast(np.column_stack([xs, np.full(len(xs), 40.0)]), [0, -1], world)
    assert hits.part.tolist() == [1, 1, 2, 3, 4, 0, -1]
    assert level.object_ids(hits.part, hits.index).tolist() == [31, 33, 32, 34, 35, -1, -1]
    found = [level.object(p, i) for p, i in zip(hits.part, hits.index)]
    assert [(o.id, o.type) if o else None for o in found] == [
        (31, "pushable"),
        (33, "pushable"),
        (32, "coin"),
        (34, "hazard"),
        (35, "hero"),
        None,  # a tile
        None,  # no hit
    ]
    assert found[0] is boxes.objects[0] and found[3].properties == {"label": "ouch"}
    # any shape of ids: the answer has the hits' shape
    grid = level.object_ids(hits.part.reshape(1, 7), hits.index.reshape(1, 7))
    assert grid.shape == (1, 7) and grid.dtype == np.int64 and grid[0, 1] == 33
    assert level.object_ids(1, [1, 0]).tolist() == [33, 31] and level.object_ids(-1, -1).tolist() == -1
    assert level.object(np.int64(2), np.array(0)).id == 32


def test_object_lookups_refuse_parts_and_indexes_out_of_range(tmp_path):
    level = pc.load_tiled(write_tmj(tmp_path, small_map([0, 1], width=2, height=1, objects=TAGGED_OBJECTS[:1])))
    with pytest.raises(ValueError, match=r"TiledLevel.object: `part` is 2: the level has parts 0 to 1 \(or -1"):
        level.object(2, 0)
    with pytest.raises(ValueError, match=r"`index` is 1: part 1 \('things'\) has 1 shapes or cells"):
        level.object(1, 1)
    with pytest.raises(ValueError, match=r"`index` is 2: part 0 \('ground'\) has 2 shapes or cells"):
        level.object(0, 2)
    with pytest.raises(ValueError, match=r"TiledLevel.object_ids: `index`\[2\] is -3"):
        level.object_ids([1, -1, 0], [0, 5, -3])
    with pytest.raises(ValueError, match=r"`part` and `index` must broadcast together"):
        level.object_ids([1, 1], [0, 0, 0])
    with pytest.raises(TypeError, match=r"`part` must be an integer, got 1.0"):
        level.object(1.0, 0)
    with pytest.raises(TypeError, match=r"`index` must be an integer, got True"):
        level.object(1, True)
    with pytest.raises(TypeError, match=r"`part` must hold integers, got dtype float64"):
        level.object_ids([1.0], [0])


def test_the_tiled_names_are_exported_and_imported_on_first_use():
    """pycollide exports the reader's public names; `import pycollide` loads
    neither pycollide.tiled nor the XML reader (they cost import time)."""
    import pycollide.tiled as tiled

    for name in ("load_tiled", "read_tiled", "TiledLevel", "TiledMap", "LevelTiles", "LevelShapes"):
        assert name in pc.__all__ and getattr(pc, name) is getattr(tiled, name) and name in dir(pc)
    assert {n for n in tiled.__all__ if not n.isupper()} == set(pc.__all__[pc.__all__.index("load_tiled") :])
    code = (
        "import sys, pycollide as pc\n"
        "assert 'pycollide.tiled' not in sys.modules and 'xml.etree.ElementTree' not in sys.modules\n"
        "from pycollide import *\n"
        "assert load_tiled is pc.tiled.load_tiled and TiledLevel.__module__ == 'pycollide.tiled'\n"
        "try:\n    pc.load_tiles\nexcept AttributeError as e:\n    print(e)\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tempfile.gettempdir())
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "module 'pycollide' has no attribute 'load_tiles'"


def test_layers_can_be_chosen(tmp_path):
    path = write_tmj(tmp_path, RICH)
    level = load_tiled(path, layers=["walls", "stuff/ledges"])
    assert [p.layer for p in level.parts] == ["stuff/ledges", "walls"]
    assert load_tiled(path, layers=[]).parts == ()
    with pytest.raises(ValueError, match="no part|at least one part"):
        load_tiled(path, layers=[]).world()


# ---------------------------------------------------------------------------
# Bad input


def change(spec, path, value):
    """A deep copy of spec with spec[path...] set to value (or deleted when value is DELETE)."""
    spec = json.loads(json.dumps(spec))
    target = spec
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return spec


DELETE = object()
BASE = small_map([1, 0, 0, 1, 1, 2], objects=[{"id": 4, "name": "door", "x": 1, "y": 2, "width": 3, "height": 3}])
OBJ = ("layers", 1, "objects", 0)

BAD = {
    "isometric": (change(BASE, ("orientation",), "isometric"), r"map\.tm[jx]: the map's orientation is 'isometric'"),
    "hexagonal": (change(BASE, ("orientation",), "hexagonal"), r"orientation is 'hexagonal': only orthogonal"),
    "staggered": (change(BASE, ("orientation",), "staggered"), r"orientation is 'staggered'"),
    "infinite": (change(BASE, ("infinite",), True), r"map\.tm[jx]: the map is infinite"),
    "no width": (change(BASE, ("width",), DELETE), r"'width' is missing"),
    "zero tile size": (change(BASE, ("tilewidth",), 0), r"'tilewidth' must be > 0"),
    "short data": (
        change(BASE, ("layers", 0, "data"), [1, 0, 0]),
        r"layer 'ground': the tile data holds 3 tile ids, expected 6",
    ),
    "no data": (change(BASE, ("layers", 0, "data"), DELETE), r"layer 'ground': the tile layer has no data"),
    "unknown tile": (
        change(BASE, ("layers", 0, "data", 4), 9),
        r"layer 'ground': the cell at row 1, column 1 .* tile id 9",
    ),
    "narrow layer": (change(BASE, ("layers", 0, "width"), 2), r"layer 'ground': the layer is 2x2 tiles"),
    "template": (
        change(BASE, OBJ + ("template",), "door.tx"),
        r"layer 'things': object 4 \('door'\): .*template 'door.tx'",
    ),
    "two shapes": (
        change(change(BASE, OBJ + ("ellipse",), True), OBJ + ("point",), True),
        r"object 4 .*more than one shape",
    ),
    "short polygon": (
        change(BASE, OBJ + ("polygon",), pts((0, 0), (1, 1))),
        r"object 4 \('door'\): a polygon needs at least 3 points, got 2",
    ),
    "short polyline": (
        change(BASE, OBJ + ("polyline",), pts((0, 0))),
        r"object 4 \('door'\): a polyline needs at least 2 points",
    ),
    "negative width": (change(BASE, OBJ + ("width",), -1), r"object 4 \('door'\): its width and height must be >= 0"),
    "nan x": (change(BASE, OBJ + ("x",), float("nan")), r"object 4 \('door'\): 'x' must be finite"),
    "infinite y": (change(BASE, OBJ + ("y",), float("inf")), r"object 4 \('door'\): 'y' must be finite"),
    "nan vertex": (
        change(BASE, OBJ + ("polygon",), pts((0, 0), (1, float("nan")), (0, 1))),
        r"object 4 \('door'\): point 1: 'y' must be finite",
    ),
    "overflow": (
        change(change(BASE, OBJ + ("x",), 1.7e308), OBJ + ("width",), 1.7e308),
        r"object 4 \('door'\): its points overflow",
    ),
    "firstgid order": (
        change(BASE, ("tilesets",), [dict(BASE["tilesets"][0], firstgid=k) for k in (5, 2)]),
        r"tileset 1 has 2 after 5",
    ),
    "missing tileset file": (
        change(BASE, ("tilesets", 0), {"firstgid": 1, "source": "nowhere.tsx"}),
        r"map\.tm[jx]: tileset 0: its file 'nowhere.tsx' cannot be read",
    ),
    "object alignment": (
        change(BASE, ("tilesets", 0, "objectalignment"), "middle"),
        r"tileset 0: unknown 'objectalignment' 'middle'",
    ),
}
JSON_ONLY = {
    "layer type": (change(BASE, ("layers", 1, "type"), "hexlayer"), r"layer 'things': unknown layer type 'hexlayer'"),
    "string id": (change(BASE, OBJ + ("id",), "four"), r"layer 'things': 'id' must be an integer"),
    "float tile": (change(BASE, ("layers", 0, "data", 2), 1.5), r"layer 'ground': tile data item 2 is 1.5"),
    "huge tile": (
        change(BASE, ("layers", 0, "data", 2), 2**32),
        r"layer 'ground': tile data item 2 is 4294967296, outside",
    ),
    "chunks": (
        change(BASE, ("layers", 0, "chunks"), [{"x": 0, "y": 0, "width": 16, "height": 16, "data": []}]),
        r"layer 'ground': its tile data is in chunks",
    ),
    "base64 as csv": (
        change(BASE, ("layers", 0, "data"), "AQAAAA=="),
        r"layer 'ground': the tile data is a string, so its encoding must be base64",
    ),
}


def tmx_or_tmj(tmp_path, fmt, spec):
    return write_tmj(tmp_path, spec) if fmt == "tmj" else write_tmx(tmp_path, spec)


@pytest.mark.parametrize("fmt", ["tmj", "tmx"])
@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_maps_are_refused_naming_the_file_layer_or_object(tmp_path, fmt, case):
    spec, message = BAD[case]
    with pytest.raises(ValueError, match=message) as info:
        read_tiled(tmx_or_tmj(tmp_path, fmt, spec))
    assert str(info.value).startswith(f"read_tiled: {tmp_path / ('map.' + fmt)}")
    with pytest.raises(ValueError, match=message):  # load_tiled reads the same way
        load_tiled(tmx_or_tmj(tmp_path, fmt, spec))


@pytest.mark.parametrize("case", sorted(JSON_ONLY))
def test_bad_json_maps_are_refused(tmp_path, case):
    spec, message = JSON_ONLY[case]
    with pytest.raises(ValueError, match=message):
        read_tiled(write_tmj(tmp_path, spec))


TMX_DATA = {
    "unknown encoding": ("base32", None, "AQAAAA", r"layer 'ground': unknown tile data encoding 'base32'"),
    "unknown compression": ("base64", "lzma", pack([1] * 6), r"layer 'ground': unknown tile data compression 'lzma'"),
    "bad base64": ("base64", None, "A*AA", r"layer 'ground': the base64 tile data is not valid base64"),
    "bad zlib": (
        "base64",
        "zlib",
        pack([1] * 6),
        r"layer 'ground': the zlib-compressed tile data cannot be decompressed",
    ),
    "bad gzip": (
        "base64",
        "gzip",
        pack([1] * 6, "zlib"),
        r"layer 'ground': the gzip-compressed tile data cannot be decompressed",
    ),
    "wrong bytes": (
        "base64",
        "zlib",
        pack([1] * 5, "zlib"),
        r"layer 'ground': the tile data holds 20 bytes, expected 24",
    ),
    "bad csv": ("csv", None, "1,0,x,1,1,1", r"layer 'ground': the CSV tile data holds 'x'"),
    "compressed csv": ("csv", "zlib", "1,0,0,1,1,1", r"layer 'ground': compression 'zlib' with the csv encoding"),
}


@pytest.mark.parametrize("case", sorted(TMX_DATA))
def test_bad_tile_data_is_refused_naming_the_layer(tmp_path, case):
    encoding, compression, text, message = TMX_DATA[case]
    spec = change(BASE, ("layers", 0, "encoding"), encoding)
    spec["layers"][0]["data"] = text
    if compression:
        spec["layers"][0]["compression"] = compression
    with pytest.raises(ValueError, match=message):
        read_tiled(write_tmx_raw(tmp_path, spec))
    if encoding == "base64":  # the same data in the JSON format
        with pytest.raises(ValueError, match=message):
            read_tiled(write_tmj(tmp_path, spec))


MAP_1X1 = '<map orientation="orthogonal" width="1" height="1" tilewidth="1" tileheight="1">'


@pytest.mark.parametrize(
    "text,message",
    [
        ('{"orientation": "orthogonal", ', r"not valid JSON"),
        ("<map orientation='orthogonal'><layer></map>", r"not well-formed XML"),
        ("orthogonal", r"neither a Tiled JSON file"),
        ("[1, 2]", r"neither a Tiled JSON file"),
        ('{"type": "tileset", "name": "x"}', r"holds a 'tileset', not a map"),
        ("<tileset name='x'/>", r"the root element is <tileset>, not <map>"),
        (
            '<map orientation="orthogonal" width="two" height="2" tilewidth="16" tileheight="16"/>',
            r"attribute width='two' of <map> is not an integer",
        ),
        (
            '<map orientation="orthogonal" width="2" height="2" tilewidth="16" tileheight="16" infinite="yes"/>',
            r"attribute infinite='yes' of <map> must be 0 or 1",
        ),
        (
            MAP_1X1
            + '<objectgroup name="o"><object id="3" x="1"><polygon points="0,0 1 2,2"/></object></objectgroup></map>',
            r"layer 'o': object 3: the point '1' is not 'x,y'",
        ),
        (
            MAP_1X1 + '<properties><property name="n" type="int" value="many"/></properties></map>',
            r"property 'n' of type int has the value 'many'",
        ),
        (
            MAP_1X1 + '<properties><property name="b" type="bool" value="yes"/></properties></map>',
            r"property 'b' of type bool has the value 'yes'",
        ),
    ],
)
def test_malformed_files_are_refused_naming_the_file(tmp_path, text, message):
    path = tmp_path / "broken.tmx"
    path.write_text(text)
    with pytest.raises(ValueError, match=message) as info:
        read_tiled(path)
    assert str(info.value).startswith(f"read_tiled: {path}")


def test_a_missing_map_or_a_bad_path_argument(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_tiled(tmp_path / "nothing.tmj")
    with pytest.raises(TypeError, match="`path` must be a file path"):
        read_tiled(42)
    with pytest.raises(TypeError, match="`path` must be a file path"):
        load_tiled(None)


@pytest.mark.parametrize("fmt", ["tmj", "tmx"])
def test_load_refuses_what_it_cannot_turn_into_shapes(tmp_path, fmt):
    # an ellipse that is not a circle
    spec = change(change(BASE, OBJ + ("ellipse",), True), OBJ + ("width",), 4)
    with pytest.raises(
        ValueError,
        match=r"load_tiled: .*map\.tm[jx]: layer 'things': object 4 \('door'\): an ellipse of 4.0x3.0 pixels",
    ):
        load_tiled(tmx_or_tmj(tmp_path, fmt, spec))
    assert read_tiled(tmx_or_tmj(tmp_path, fmt, spec)).layers[1].objects[0].shape == "ellipse"  # read all the same
    # a tile property naming no kind
    spec = change(BASE, ("tilesets", 0, "tiles", 1, "properties", 0, "value"), "slope-ne")
    with pytest.raises(
        ValueError,
        match=r"tileset 'blocks', tile 1 \(global id 2\): property 'collision': 'slope-ne' is not a tile kind",
    ):
        load_tiled(tmx_or_tmj(tmp_path, fmt, spec))
    spec = change(
        BASE, ("tilesets", 0, "tiles", 1, "properties", 0), {"name": "collision", "type": "bool", "value": True}
    )
    with pytest.raises(ValueError, match=r"tile 1 \(global id 2\): property 'collision': True is not a tile kind"):
        load_tiled(tmx_or_tmj(tmp_path, fmt, spec))
    # non-square tiles in a layer with colliding tiles
    spec = change(change(BASE, ("tileheight",), 8), ("tilesets", 0, "tileheight"), 8)
    with pytest.raises(ValueError, match=r"layer 'ground': its tiles are 16x8 pixels: a TileMap's tiles are square"):
        load_tiled(tmx_or_tmj(tmp_path, fmt, spec))
    assert load_tiled(tmx_or_tmj(tmp_path, fmt, spec), tile_property=None).parts[0].shapes.shape == (1,)


@pytest.mark.parametrize("fmt", ["tmj", "tmx"])
def test_a_polygon_that_is_not_a_region_is_refused_naming_its_object(tmp_path, fmt):
    """A concave polygon becomes a region; one whose ring crosses itself (a
    bow tie) or doubles back on itself is refused by name, after the valid
    regions of its layer, not deep inside Regions."""
    good = {"id": 5, "name": "notch", "x": 0, "y": 0, "polygon": pts((0, 0), (8, 0), (4, 2), (8, 8), (0, 8))}
    bow = {"id": 6, "name": "bow", "x": 10, "y": 0, "polygon": pts((0, 0), (8, 8), (8, 0), (0, 8))}
    spike = {"id": 7, "x": 30, "y": 0, "polygon": pts((0, 0), (8, 0), (4, 0), (4, 6))}
    for obj, why in [
        (bow, r"object 6 \('bow'\): the polygon is not a valid region: .*cross"),
        (spike, r"object 7: the polygon is not a valid region: "),
    ]:
        spec = change(BASE, ("layers", 1, "objects"), [good, obj])
        with pytest.raises(ValueError, match=r"load_tiled: .*map\.tm[jx]: layer 'things': " + why) as info:
            load_tiled(tmx_or_tmj(tmp_path, fmt, spec))
        assert "region 0" not in str(info.value)  # the object is named, not Regions' index
    spec = change(BASE, ("layers", 1, "objects"), [good])
    assert type(load_tiled(tmx_or_tmj(tmp_path, fmt, spec)).parts[-1].shapes) is pc.Regions


@pytest.mark.parametrize("fmt", ["tmj", "tmx"])
def test_a_polyline_closed_by_its_points_stays_a_polyline(tmp_path, fmt):
    """Tiled closes a polyline by repeating its first point: it stays a
    polyline (a loop of segments, its inside empty), not a region."""
    loop = {"id": 5, "name": "loop", "x": 0, "y": 0, "polyline": pts((0, 0), (16, 0), (16, 16), (0, 16), (0, 0))}
    level = load_tiled(tmx_or_tmj(tmp_path, fmt, change(BASE, ("layers", 1, "objects"), [loop])))
    lines = level.parts[-1]
    assert type(lines.shapes) is pc.Polylines and lines.ids.tolist() == [5]
    H = 32
    assert lines.shapes.coords.tolist() == [[0, H], [16, H], [16, H - 16], [0, H - 16], [0, H]]
    inside, on_edge = [8, H - 8], [16, H - 8]
    assert pc.overlaps(pc.World(lines.shapes), pc.Points([inside, on_edge])).tolist() == [False, True]


def test_bad_kinds_and_layers_arguments(tmp_path):
    path = write_tmj(tmp_path, BASE)
    with pytest.raises(ValueError, match=r"`kinds`\[2\]: 'slope' is not a tile kind"):
        load_tiled(path, {2: "slope"})
    with pytest.raises(ValueError, match=r"`kinds`\[1\]: 7 is not a tile kind"):
        load_tiled(path, {1: 7})
    with pytest.raises(ValueError, match=r"`kinds`\[\('terrain', 0\)\]: the map has no tileset named 'terrain'"):
        load_tiled(path, {("terrain", 0): "solid"})
    with pytest.raises(ValueError, match=r"`kinds`\[0\]: global tile id 0 is in no tileset"):
        load_tiled(path, {0: "solid"})
    with pytest.raises(ValueError, match=r"`kinds`\[\('blocks', -1\)\]: a tile's id within its tileset is >= 0"):
        load_tiled(path, {("blocks", -1): "solid"})
    with pytest.raises(TypeError, match=r"`kinds`\['1'\]: a key must be a global tile id"):
        load_tiled(path, {"1": "solid"})
    with pytest.raises(TypeError, match=r"`kinds` must be a mapping"):
        load_tiled(path, [(1, "solid")])
    with pytest.raises(TypeError, match=r"`tile_property` must be a property name"):
        load_tiled(path, tile_property=3)
    with pytest.raises(
        ValueError,
        match=r"`layers` names 'walls', which is not a tile or object layer of the map \(it has 'ground', 'things'\)",
    ):
        load_tiled(path, layers=["walls"])
    with pytest.raises(TypeError, match=r"`layers` must be an iterable of layer names, got a str"):
        load_tiled(path, layers="ground")
    with pytest.raises(TypeError, match=r"`layers` must hold layer names"):
        load_tiled(path, layers=[1])


def test_the_class_of_tiled_1_9_is_read_as_the_type(tmp_path):
    """Tiled 1.9 wrote an object's and a tile's type as "class" (1.10 went back to "type")."""
    spec = change(BASE, OBJ + ("class",), "portal")
    spec["tilesets"][0]["tiles"][0]["class"] = "rock"
    m = read_tiled(write_tmj(tmp_path, spec))
    assert m.layers[1].objects[0].type == "portal" and m.tile(1).type == "rock"
    text = (
        tmx_text(BASE)
        .replace('<object id="4"', '<object id="4" class="portal"')
        .replace('<tile id="0"', '<tile id="0" class="rock"')
    )
    (tmp_path / "map.tmx").write_text(text)
    m = read_tiled(tmp_path / "map.tmx")
    assert m.layers[1].objects[0].type == "portal" and m.tile(1).type == "rock"
