"""Levels from Tiled: read a map saved by the Tiled editor and turn it into
pycollide's static geometry.

Two layers, reading both formats with the standard library (json,
xml.etree, base64, zlib, gzip):

* :func:`~pycollide.read_tiled` reads the file as data (a
  :class:`~pycollide.TiledMap`): its JSON format (``.tmj``, ``.json``) or its
  XML format (``.tmx``), with external tilesets (``.tsj``/``.json`` or
  ``.tsx``) found relative to the map, tile layer data in CSV, in XML
  ``<tile>`` elements, or base64 (uncompressed, zlib or gzip; zstd where the
  interpreter's standard library has it, Python 3.14's
  ``compression.zstd``), group layers flattened, in Tiled's own coordinates
  (pixels, y down).
* :func:`~pycollide.load_tiled` turns it into pycollide parts (a
  :class:`~pycollide.TiledLevel`): a :class:`~pycollide.TileMap` per tile
  layer and shape collections per object layer, ready for a
  :class:`~pycollide.World`.

The coordinate rule
-------------------
World units are Tiled's pixels, and y points up: a point at pixel
``(x, y)`` of the map is at ``(x, H - y)`` in the world, where ``H`` is the
map's height in pixels (``height * tileheight``).  So the map spans
``[0, width * tilewidth] x [0, H]``, its top-left corner at ``(0, H)``, and a
tile layer becomes a :class:`~pycollide.TileMap` of ``tile_size`` = the
tile's side in pixels with its origin (the south-west corner) at ``(0, 0)``,
moved by the layer's offset (``origin = (offsetx, -offsety)``, group offsets
included).  A rectangle drawn over a tile is that tile's box exactly (for
coordinates that are integers or other doubles of few bits, as Tiled writes
them; in general each coordinate is computed as written below and rounded
once per operation).

An object's points are placed as Tiled places them: ``(x + offsetx) + dx``
and ``(y + offsety) + dy``, for the point's offset ``(dx, dy)`` from the
object's position turned by its ``rotation`` (degrees, clockwise on screen,
about ``(x, y)``); then y is flipped.  A rotation that is a multiple of 90
degrees turns the offsets exactly (a rotated rectangle stays a box); any
other rotation uses ``cos`` and ``sin`` of the angle, rounded, and a
rectangle so turned becomes a 4-vertex polygon.

Which tiles collide
-------------------
A tile's kind (a :class:`~pycollide.Tile`) comes from the tile's custom
property ``collision`` in its tileset (the name is ``load_tiled``'s
``tile_property``), a string naming the kind: ``"solid"``, ``"cut_ne"``,
``"cut_nw"``, ``"cut_se"``, ``"cut_sw"`` (the 45-degree tiles, named by the
corner cut away: ``"cut_ne"`` is solid below its diagonal from the north-west
to the south-east corner, as seen in Tiled) or ``"empty"``; or from the
mapping ``kinds`` passed to :func:`~pycollide.load_tiled`, which takes
precedence.  A tile with neither is empty.  A flipped or rotated tile in a layer (Tiled's flip
flags) turns its cut the same way, as it is drawn.

What is refused
---------------
A ``ValueError`` naming the file, and the layer or object where there is
one: orientations other than orthogonal (isometric, staggered, hexagonal,
oblique); infinite maps (tile data in chunks: set the map's size in Tiled,
Map > Map Properties > Infinite off); tile layers whose size or position
differ from the map's; unknown data encodings and compressions (and zstd
without ``compression.zstd``); data of the wrong length or with a tile id
that no tileset holds; objects that use a template (Tiled's export option
"Detach templates" writes them out), of negative size, or polygons of fewer
than 3 points and polylines of fewer than 2; non-finite numbers; malformed
files.
:func:`~pycollide.load_tiled` also refuses ellipses that are not circles,
polygons that are not valid regions (a ring that crosses itself), tile
kinds it does not know and non-square tiles in a tile layer that has
colliding tiles (a TileMap's tiles are square).
"""

from __future__ import annotations

import base64
import binascii
import gzip
import importlib
import json
import math
import operator
import os
import xml.etree.ElementTree as ET
import zlib
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from .outlines import Polylines, Regions
from .shapes import Boxes, Capsules, Circles, Points, Polygons, Shapes
from .tiles import Tile, TileMap
from .world import World

__all__ = [
    "read_tiled",
    "load_tiled",
    "TiledMap",
    "TiledTileset",
    "TiledTile",
    "TiledTileLayer",
    "TiledObjectLayer",
    "TiledObject",
    "TiledLevel",
    "LevelTiles",
    "LevelShapes",
    "FLIPPED_HORIZONTALLY",
    "FLIPPED_VERTICALLY",
    "FLIPPED_DIAGONALLY",
    "ROTATED_HEXAGONAL_120",
]

# The four high bits of a layer cell's 32-bit tile id, as kept in the flips
# arrays (the raw id shifted right by 28).
FLIPPED_HORIZONTALLY = 8
"""Flip bit: the tile is mirrored left to right."""
FLIPPED_VERTICALLY = 4
"""Flip bit: the tile is mirrored top to bottom."""
FLIPPED_DIAGONALLY = 2
"""Flip bit: the tile is mirrored about its top-left to bottom-right diagonal
(x and y swapped), before the other two flips."""
ROTATED_HEXAGONAL_120 = 1
"""Flip bit of hexagonal maps (a 120-degree turn); Tiled may keep it on tiles
of an orthogonal map, where it means nothing (:func:`~pycollide.load_tiled`
ignores it)."""

_GID_MASK = 0x0FFFFFFF
# Where a tile object's (x, y) sits on its box: fractions of (width, height) from the top-left corner
_ALIGN = {
    "topleft": (0.0, 0.0),
    "top": (0.5, 0.0),
    "topright": (1.0, 0.0),
    "left": (0.0, 0.5),
    "center": (0.5, 0.5),
    "right": (1.0, 0.5),
    "bottomleft": (0.0, 1.0),
    "bottom": (0.5, 1.0),
    "bottomright": (1.0, 1.0),
}

# ---------------------------------------------------------------------------
# The parsed map


@dataclass(frozen=True)
class TiledTile:
    """A tile of a tileset that has data of its own (a type or properties)."""

    id: int
    """Its id within its tileset (its global id is the tileset's firstgid + id)."""
    type: str
    """Its type (called class in Tiled 1.9), or ``""``."""
    properties: Dict[str, Any]
    """Its custom properties, name -> value."""


@dataclass(frozen=True)
class TiledTileset:
    """A tileset of a map, embedded in it or read from its own file."""

    name: str
    firstgid: int
    """The global id of its tile 0 in this map."""
    tilecount: int
    tilewidth: int
    tileheight: int
    objectalignment: str
    """Where a tile object's position sits on its image (``"unspecified"``
    means ``"bottomleft"`` in orthogonal maps)."""
    properties: Dict[str, Any]
    tiles: Dict[int, TiledTile]
    """The tiles that have a type or properties, by local id."""
    source: Optional[str]
    """The path of the external tileset file it was read from, or None when
    the map embeds it."""


@dataclass(frozen=True, eq=False)
class TiledTileLayer:
    """A tile layer, in Tiled's order: row 0 is the top row."""

    name: str
    """Its path: group names and its own name joined by ``/``."""
    id: int
    gids: np.ndarray
    """(rows, cols) uint32, read-only: the global tile id of each cell (0:
    empty), the flip bits cleared."""
    flips: np.ndarray
    """(rows, cols) uint8, read-only: the four flip bits of each cell
    (:data:`~pycollide.tiled.FLIPPED_HORIZONTALLY` 8,
    :data:`~pycollide.tiled.FLIPPED_VERTICALLY` 4,
    :data:`~pycollide.tiled.FLIPPED_DIAGONALLY` 2,
    :data:`~pycollide.tiled.ROTATED_HEXAGONAL_120` 1)."""
    offset: Tuple[float, float]
    """Its offset in pixels (x, y down), its groups' offsets added."""
    visible: bool
    """False when it or one of its groups is hidden."""
    properties: Dict[str, Any]


@dataclass(frozen=True, eq=False)
class TiledObject:
    """An object of an object layer, with its points placed in the map."""

    id: int
    name: str
    type: str
    """Its type (called class in Tiled 1.9), or ``""``."""
    shape: str
    """``"rectangle"``, ``"ellipse"``, ``"capsule"``, ``"point"``,
    ``"polygon"``, ``"polyline"``, ``"text"`` or ``"tile"`` (a tile object:
    ``gid`` is set)."""
    x: float
    """Its position as written in the file (pixels, y down)."""
    y: float
    width: float
    height: float
    rotation: float
    """Degrees, clockwise on screen, about (x, y)."""
    points: np.ndarray
    """(n, 2) float64, read-only: in map pixels (y down), the layer offsets
    added and the rotation applied: a polygon's or polyline's vertices, a
    point's position, or the four corners of the rectangle of the other
    shapes (the box an ellipse, capsule, text or tile is drawn in), in the
    order top-left, top-right, bottom-right, bottom-left before rotation."""
    gid: int
    """A tile object's global tile id (flip bits cleared); 0 for the others."""
    flips: int
    """A tile object's flip bits (see :class:`~pycollide.TiledTileLayer`)."""
    visible: bool
    properties: Dict[str, Any]


@dataclass(frozen=True, eq=False)
class TiledObjectLayer:
    """An object layer (object group)."""

    name: str
    """Its path: group names and its own name joined by ``/``."""
    id: int
    objects: Tuple[TiledObject, ...]
    offset: Tuple[float, float]
    """Its offset in pixels (x, y down), its groups' offsets added (already
    in its objects' points)."""
    visible: bool
    properties: Dict[str, Any]


@dataclass(frozen=True, eq=False)
class TiledMap:
    """A Tiled map as :func:`~pycollide.read_tiled` reads it (Tiled's
    coordinates: pixels, y down).  Image layers are left out; group layers
    are flattened into their tile and object layers, in drawing order."""

    path: str
    orientation: str
    width: int
    """In tiles."""
    height: int
    tilewidth: int
    """The grid's cell, in pixels."""
    tileheight: int
    tilesets: Tuple[TiledTileset, ...]
    layers: Tuple[Union[TiledTileLayer, TiledObjectLayer], ...]
    properties: Dict[str, Any]

    def tileset(self, gid: int) -> Optional[TiledTileset]:
        """The tileset that holds global tile id ``gid`` (flip bits cleared), or None for 0."""
        found = None
        for ts in self.tilesets:
            if ts.firstgid <= gid:
                found = ts
        return found if gid > 0 else None

    def tile(self, gid: int) -> Optional[TiledTile]:
        """The data of the tile of global id ``gid``, or None when it has none."""
        ts = self.tileset(gid)
        return None if ts is None else ts.tiles.get(gid - ts.firstgid)


# ---------------------------------------------------------------------------
# Reading: the XML format is first turned into the JSON format's structure


def _fail(where: str, message: str) -> ValueError:
    return ValueError(f"{where}: {message}")


def _load_document(verb: str, path: str) -> Tuple[str, Any]:
    """('json', dict) or ('xml', Element) for the file at ``path``, told apart
    by its first character."""
    with open(path, "rb") as f:
        raw = f.read()
    text_start = raw.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if text_start == b"{":
        try:
            doc = json.loads(raw.decode("utf-8-sig"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise _fail(f"{verb}: {path}", f"not valid JSON ({exc})") from None
        return "json", doc
    if text_start == b"<":
        try:
            return "xml", ET.fromstring(raw)
        except ET.ParseError as exc:
            raise _fail(f"{verb}: {path}", f"not well-formed XML ({exc})") from None
    raise _fail(f"{verb}: {path}", "neither a Tiled JSON file (starting with '{') nor an XML one (starting with '<')")


def _xml_number(where: str, el: ET.Element, key: str, out: Dict[str, Any], kind: type = float) -> None:
    text = el.get(key)
    if text is None:
        return
    try:
        out[key] = kind(text)
    except ValueError:
        expected = "an integer" if kind is int else "a number"
        raise _fail(where, f"attribute {key}={text!r} of <{el.tag}> is not {expected}") from None


def _xml_flag(where: str, el: ET.Element, key: str, out: Dict[str, Any]) -> None:
    text = el.get(key)
    if text is None:
        return
    if text not in ("0", "1"):
        raise _fail(where, f"attribute {key}={text!r} of <{el.tag}> must be 0 or 1")
    out[key] = text == "1"


def _xml_attrs(
    where: str,
    el: ET.Element,
    ints: Sequence[str] = (),
    floats: Sequence[str] = (),
    flags: Sequence[str] = (),
    strings: Sequence[str] = (),
) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for key in ints:
        _xml_number(where, el, key, out, int)
    for key in floats:
        _xml_number(where, el, key, out, float)
    for key in flags:
        _xml_flag(where, el, key, out)
    for key in strings:
        if el.get(key) is not None:
            out[key] = el.get(key)
    return out


def _xml_value(where: str, el: ET.Element) -> Any:
    """The value of a <property> or <item>, typed as in the JSON format."""
    kind = el.get("type", "string")
    if kind == "class":  # its members, nested
        return {p["name"]: p["value"] for p in _xml_properties(where, el)}
    if kind == "list":
        return [_xml_value(where, item) for item in el.findall("item")]
    text = el.get("value")
    if text is None:
        text = el.text or ""
    try:
        if kind == "int" or kind == "object":
            return int(text or "0")
        if kind == "float":
            return float(text or "0")
    except ValueError:
        raise _fail(where, f"property {el.get('name')!r} of type {kind} has the value {text!r}") from None
    if kind == "bool":
        if text not in ("true", "false"):
            raise _fail(where, f"property {el.get('name')!r} of type bool has the value {text!r}")
        return text == "true"
    return text


def _xml_properties(where: str, el: ET.Element) -> List[Dict[str, Any]]:
    props = el.find("properties")
    if props is None:
        return []
    return [
        {"name": p.get("name", ""), "type": p.get("type", "string"), "value": _xml_value(where, p)}
        for p in props.findall("property")
    ]


def _xml_csv(where: str, text: str) -> List[int]:
    tokens = [t.strip() for t in text.split(",")]
    if tokens and not tokens[-1]:
        tokens.pop()  # a trailing comma
    values = []
    for t in tokens:
        try:
            values.append(int(t))
        except ValueError:
            raise _fail(where, f"the CSV tile data holds {t!r}, not a tile id") from None
    return values


def _xml_tile_layer(where: str, el: ET.Element, prefix: str) -> Dict[str, Any]:
    out = _xml_attrs(
        where,
        el,
        ints=("id", "width", "height", "x", "y"),
        floats=("offsetx", "offsety"),
        flags=("visible",),
        strings=("name",),
    )
    out["type"] = "tilelayer"
    out["properties"] = _xml_properties(where, el)
    data = el.find("data")
    if data is None:
        return out  # the common reader names the missing data
    here = f"{where}: layer {prefix + out.get('name', '')!r}"
    encoding = data.get("encoding")
    compression = data.get("compression")
    if data.find("chunk") is not None:
        out["chunks"] = [{}]
        return out
    if encoding is None:
        if compression:
            raise _fail(here, f"compression {compression!r} without an encoding")
        gids: List[int] = []
        for tile in data.findall("tile"):
            value: Dict[str, Any] = {}
            _xml_number(here, tile, "gid", value, int)
            gids.append(value.get("gid", 0))
        out["data"] = gids
    elif encoding == "csv":
        if compression:
            raise _fail(here, f"compression {compression!r} with the csv encoding (only base64 data is compressed)")
        out["data"] = _xml_csv(here, data.text or "")
    else:
        out["encoding"] = encoding
        out["data"] = (data.text or "").strip()
        if compression is not None:
            out["compression"] = compression
    return out


def _xml_points(where: str, text: str) -> List[Dict[str, float]]:
    points = []
    for pair in text.split():
        try:
            x, y = pair.split(",")
            points.append({"x": float(x), "y": float(y)})
        except ValueError:
            raise _fail(where, f"the point {pair!r} is not 'x,y'") from None
    return points


def _xml_object(where: str, el: ET.Element) -> Dict[str, Any]:
    out = _xml_attrs(
        where,
        el,
        ints=("id", "gid"),
        floats=("x", "y", "width", "height", "rotation"),
        flags=("visible",),
        strings=("name", "template"),
    )
    kind = el.get("type", el.get("class"))  # the type was written as class by Tiled 1.9
    if kind is not None:
        out["type"] = kind
    here = f"{where}: object {out.get('id', '?')}"
    for tag in ("ellipse", "point", "capsule"):
        if el.find(tag) is not None:
            out[tag] = True
    for tag in ("polygon", "polyline"):
        child = el.find(tag)
        if child is not None:
            out[tag] = _xml_points(here, child.get("points", ""))
    text = el.find("text")
    if text is not None:
        out["text"] = {"text": text.text or ""}
    out["properties"] = _xml_properties(here, el)
    return out


def _xml_layers(where: str, el: ET.Element, prefix: str = "") -> List[Dict[str, Any]]:
    """The layers of a <map> or <group>; ``prefix``: the group's path, for messages."""
    layers: List[Dict[str, Any]] = []
    for child in el:
        if child.tag == "layer":
            layers.append(_xml_tile_layer(where, child, prefix))
        elif child.tag == "objectgroup":
            group = _xml_attrs(
                where, child, ints=("id",), floats=("offsetx", "offsety"), flags=("visible",), strings=("name",)
            )
            here = f"{where}: layer {prefix + group.get('name', '')!r}"
            group["type"] = "objectgroup"
            group["objects"] = [_xml_object(here, o) for o in child.findall("object")]
            group["properties"] = _xml_properties(here, child)
            layers.append(group)
        elif child.tag == "group":
            group = _xml_attrs(
                where, child, ints=("id",), floats=("offsetx", "offsety"), flags=("visible",), strings=("name",)
            )
            group["type"] = "group"
            group["layers"] = _xml_layers(where, child, prefix + group.get("name", "") + "/")
            group["properties"] = _xml_properties(where, child)
            layers.append(group)
        elif child.tag == "imagelayer":
            layers.append({"type": "imagelayer"})
    return layers


def _xml_tileset(where: str, el: ET.Element) -> Dict[str, Any]:
    out = _xml_attrs(
        where,
        el,
        ints=("firstgid", "tilewidth", "tileheight", "tilecount", "columns"),
        strings=("name", "source", "objectalignment"),
    )
    out["properties"] = _xml_properties(where, el)
    tiles = []
    for tile in el.findall("tile"):
        entry = _xml_attrs(where, tile, ints=("id",))
        kind = tile.get("type", tile.get("class"))
        if kind is not None:
            entry["type"] = kind
        entry["properties"] = _xml_properties(f"{where}: tile {entry.get('id', '?')}", tile)
        tiles.append(entry)
    out["tiles"] = tiles
    return out


def _xml_map(where: str, el: ET.Element) -> Dict[str, Any]:
    if el.tag != "map":
        raise _fail(where, f"the root element is <{el.tag}>, not <map>")
    out = _xml_attrs(
        where, el, ints=("width", "height", "tilewidth", "tileheight"), flags=("infinite",), strings=("orientation",)
    )
    out["properties"] = _xml_properties(where, el)
    out["tilesets"] = [_xml_tileset(where, ts) for ts in el.findall("tileset")]
    out["layers"] = _xml_layers(where, el)
    return out


# ---------------------------------------------------------------------------
# Reading: the common part, on the JSON format's structure


def _get(where: str, d: Mapping[str, Any], key: str, kind: str, default: Any = None) -> Any:
    """d[key] checked to be of kind 'int', 'number', 'str', 'bool', 'list' or
    'dict' (default when absent; required when default is None)."""
    if key not in d or d[key] is None:
        if default is None:
            raise _fail(where, f"{key!r} is missing")
        return default
    value = d[key]
    ok = {
        "int": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, (int, float)) and not isinstance(value, bool),
        "str": isinstance(value, str),
        "bool": isinstance(value, bool),
        "list": isinstance(value, list),
        "dict": isinstance(value, dict),
    }[kind]
    if not ok:
        expected = {"int": "an integer", "number": "a number", "str": "a string", "bool": "true or false"}
        raise _fail(where, f"{key!r} must be {expected.get(kind, 'a ' + kind)}, got {value!r}")
    if kind == "number":
        try:
            value = float(value)
        except OverflowError:  # an integer beyond the doubles
            value = math.copysign(math.inf, value)
        if not math.isfinite(value):
            raise _fail(where, f"{key!r} must be finite, got {value}")
    return value


def _type(where: str, d: Mapping[str, Any]) -> str:
    """An object's or tile's type (saved as its class by Tiled 1.9)."""
    kind: str = _get(where, d, "type", "str", "") if "type" in d else _get(where, d, "class", "str", "")
    return kind


def _properties(where: str, d: Mapping[str, Any]) -> Dict[str, Any]:
    props = d.get("properties")
    if props is None:
        return {}
    if isinstance(props, dict):  # the format before Tiled 1.2: name -> value
        return dict(props)
    if not isinstance(props, list):
        raise _fail(where, f"'properties' must be a list, got {props!r}")
    out: Dict[str, Any] = {}
    for p in props:
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise _fail(where, f"a property must be an object with a name, got {p!r}")
        value = p.get("value")
        if p.get("type") == "list" and isinstance(value, list):
            value = [item.get("value") if isinstance(item, dict) else item for item in value]
        out[p["name"]] = value
    return out


def _tileset(verb: str, where: str, entry: Mapping[str, Any], folder: str) -> TiledTileset:
    firstgid = _get(where, entry, "firstgid", "int")
    if firstgid < 1:
        raise _fail(where, f"'firstgid' must be >= 1, got {firstgid}")
    source = entry.get("source")
    data: Mapping[str, Any] = entry
    path = None
    if source is not None:
        if not isinstance(source, str):
            raise _fail(where, f"'source' must be a file name, got {source!r}")
        path = os.path.join(folder, source)
        try:
            fmt, doc = _load_document(verb, path)
        except OSError as exc:
            raise _fail(where, f"its file {source!r} cannot be read ({exc})") from None
        where = f"{verb}: {path}"
        if fmt == "xml":
            if doc.tag != "tileset":
                raise _fail(where, f"the root element is <{doc.tag}>, not <tileset>")
            doc = _xml_tileset(where, doc)
        elif not isinstance(doc, dict):
            raise _fail(where, "a tileset file must hold a JSON object")
        data = doc
    tiles: Dict[int, TiledTile] = {}
    for t in _get(where, data, "tiles", "list", []):
        if not isinstance(t, dict):
            raise _fail(where, f"a tile must be an object, got {t!r}")
        tid = _get(where, t, "id", "int")
        here = f"{where}: tile {tid}"
        tiles[tid] = TiledTile(tid, _type(here, t), _properties(here, t))
    alignment = _get(where, data, "objectalignment", "str", "unspecified")
    if alignment != "unspecified" and alignment not in _ALIGN:
        raise _fail(where, f"unknown 'objectalignment' {alignment!r}")
    return TiledTileset(
        name=_get(where, data, "name", "str", ""),
        firstgid=firstgid,
        tilecount=_get(where, data, "tilecount", "int", 0),
        tilewidth=_get(where, data, "tilewidth", "int", 0),
        tileheight=_get(where, data, "tileheight", "int", 0),
        objectalignment=alignment,
        properties=_properties(where, data),
        tiles=tiles,
        source=path,
    )


def _zstd_decompress(where: str, raw: bytes) -> bytes:
    try:
        zstd = importlib.import_module("compression.zstd")  # Python 3.14's standard library
    except ImportError:
        raise _fail(
            where,
            "the tile data is zstd-compressed, which needs the standard library's compression.zstd "
            "(Python 3.14 and later): save the map with zlib or gzip compression instead",
        ) from None
    out: bytes = zstd.decompress(raw)
    return out


def _layer_data(where: str, layer: Mapping[str, Any], count: int) -> np.ndarray:
    """The raw 32-bit cell values of a tile layer (flip bits included)."""
    data = layer.get("data")
    encoding = layer.get("encoding", "csv")
    compression = layer.get("compression", "")
    if data is None:
        raise _fail(where, "the tile layer has no data")
    if isinstance(data, list):
        if encoding != "csv":
            raise _fail(where, f"the data is a list of tile ids but the encoding says {encoding!r}")
        if compression:
            raise _fail(where, f"compression {compression!r} given for uncompressed data (a list of tile ids)")
        for k, v in enumerate(data):
            if not isinstance(v, int) or isinstance(v, bool):
                raise _fail(where, f"tile data item {k} is {v!r}, not an integer tile id")
            if not 0 <= v < 2**32:
                raise _fail(where, f"tile data item {k} is {v}, outside the 32-bit tile ids")
        raw = np.array(data, dtype=np.int64).astype(np.uint32)
    elif isinstance(data, str):
        if encoding == "csv":  # (the JSON format's default)
            raise _fail(where, "the tile data is a string, so its encoding must be base64, got 'csv'")
        if encoding != "base64":
            raise _fail(where, f"unknown tile data encoding {encoding!r} (expected csv or base64)")
        try:
            blob = base64.b64decode(data.strip(), validate=True)
        except (binascii.Error, ValueError):
            raise _fail(where, "the base64 tile data is not valid base64") from None
        try:
            if compression in ("", None):
                pass
            elif compression == "zlib":
                blob = zlib.decompress(blob)
            elif compression == "gzip":
                blob = gzip.decompress(blob)
            elif compression == "zstd":
                blob = _zstd_decompress(where, blob)
            else:
                raise _fail(where, f"unknown tile data compression {compression!r} (expected zlib, gzip or zstd)")
        except (zlib.error, OSError, EOFError) as exc:
            raise _fail(where, f"the {compression}-compressed tile data cannot be decompressed ({exc})") from None
        if len(blob) != 4 * count:
            raise _fail(where, f"the tile data holds {len(blob)} bytes, expected {4 * count} (4 per cell)")
        raw = np.frombuffer(blob, dtype="<u4").astype(np.uint32)
    else:
        raise _fail(where, f"'data' must be a list of tile ids or a base64 string, got {type(data).__name__}")
    if len(raw) != count:
        raise _fail(where, f"the tile data holds {len(raw)} tile ids, expected {count} (width x height)")
    return raw


def _check_gids(where: str, gids: np.ndarray, tilesets: Sequence[TiledTileset]) -> None:
    """Every nonzero id must fall in a tileset: at or past its firstgid and
    before the next one's (the last one's tiles end at its tilecount, or past
    its highest tile id)."""
    bad = np.zeros(gids.shape, dtype=bool)
    if not tilesets:
        bad = gids != 0
    else:
        bad |= (gids != 0) & (gids < tilesets[0].firstgid)
        last = tilesets[-1]
        if last.tilecount or last.tiles:  # (a tileset that says neither has no end)
            bad |= gids >= last.firstgid + max(last.tilecount, max(last.tiles, default=-1) + 1)
    where_bad = np.argwhere(bad)
    if len(where_bad):
        r, c = (int(v) for v in where_bad[0])
        raise _fail(
            where,
            f"the cell at row {r}, column {c} (from the top left) has tile id {int(gids[r, c])}, "
            "which no tileset holds",
        )


def _place(ox: float, oy: float, rotation: float, local: np.ndarray) -> np.ndarray:
    """Points at offsets ``local`` (n, 2) from (ox, oy), turned by ``rotation``
    degrees clockwise on screen (y down): exactly for multiples of 90."""
    quarter = round(rotation / 90.0)
    if rotation == 90.0 * quarter:
        c, s = ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))[quarter % 4]
    else:
        c, s = math.cos(math.radians(rotation)), math.sin(math.radians(rotation))
    dx, dy = local[:, 0], local[:, 1]
    with np.errstate(over="ignore", invalid="ignore"):  # the caller refuses what overflows
        if (c, s) == (1.0, 0.0):
            rx, ry = dx, dy
        elif (c, s) == (0.0, 1.0):
            rx, ry = -dy, dx
        elif (c, s) == (-1.0, 0.0):
            rx, ry = -dx, -dy
        elif (c, s) == (0.0, -1.0):
            rx, ry = dy, -dx
        else:
            rx, ry = dx * c - dy * s, dx * s + dy * c
        return np.column_stack([ox + rx, oy + ry]).astype(np.float64)


def _box_corners(w: float, h: float, ax: float = 0.0, ay: float = 0.0) -> np.ndarray:
    """The corners of a w x h box whose anchor (ax, ay fractions of w, h from
    the top-left corner) is at the origin: top-left, top-right, bottom-right,
    bottom-left (y down)."""
    x0, y0 = -ax * w, -ay * h
    return np.array([[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]], dtype=np.float64)


def _object(
    where: str, o: Mapping[str, Any], offset: Tuple[float, float], tilesets: Sequence[TiledTileset]
) -> TiledObject:
    oid = _get(where, o, "id", "int", 0)
    name = _get(where, o, "name", "str", "")
    here = f"{where}: object {oid}" + (f" ({name!r})" if name else "")
    if o.get("template") is not None:
        raise _fail(
            here,
            f"it is an instance of the template {o['template']!r}; templates are not read "
            "(export the map with Tiled's option 'Detach templates')",
        )
    x = _get(here, o, "x", "number", 0.0)
    y = _get(here, o, "y", "number", 0.0)
    w = _get(here, o, "width", "number", 0.0)
    h = _get(here, o, "height", "number", 0.0)
    rotation = _get(here, o, "rotation", "number", 0.0)
    if w < 0 or h < 0:
        raise _fail(here, f"its width and height must be >= 0, got {w} and {h}")
    raw_gid = _get(here, o, "gid", "int", 0)
    if not 0 <= raw_gid < 2**32:
        raise _fail(here, f"its tile id {raw_gid} is outside the 32-bit tile ids")
    gid, flips = raw_gid & _GID_MASK, raw_gid >> 28
    marks = [k for k in ("ellipse", "point", "capsule") if _get(here, o, k, "bool", False)]
    marks += [k for k in ("polygon", "polyline", "text") if o.get(k) is not None]
    if gid:
        marks.append("tile")
    if len(marks) > 1:
        raise _fail(here, f"it is marked as more than one shape: {', '.join(marks)}")
    shape = marks[0] if marks else "rectangle"
    ox, oy = offset[0] + x, offset[1] + y
    if shape in ("polygon", "polyline"):
        vertices = _get(here, o, shape, "list")
        least = 3 if shape == "polygon" else 2
        if len(vertices) < least:
            raise _fail(here, f"a {shape} needs at least {least} points, got {len(vertices)}")
        local = np.empty((len(vertices), 2))
        for k, p in enumerate(vertices):
            if not isinstance(p, dict):
                raise _fail(here, f"point {k} of the {shape} must be an object with x and y, got {p!r}")
            local[k] = (_get(f"{here}: point {k}", p, "x", "number"), _get(f"{here}: point {k}", p, "y", "number"))
    elif shape == "point":
        local = np.zeros((1, 2))
    elif shape == "tile":
        ts = None
        for candidate in tilesets:
            if candidate.firstgid <= gid:
                ts = candidate
        if ts is None:
            raise _fail(here, f"its tile id {gid} is in no tileset")
        alignment = "bottomleft" if ts.objectalignment == "unspecified" else ts.objectalignment
        local = _box_corners(w, h, *_ALIGN[alignment])
    else:
        local = _box_corners(w, h)
    points = _place(ox, oy, rotation, local)
    if not np.isfinite(points).all():
        raise _fail(here, "its points overflow to infinity")
    points.flags.writeable = False
    return TiledObject(
        id=oid,
        name=name,
        type=_type(here, o),
        shape=shape,
        x=x,
        y=y,
        width=w,
        height=h,
        rotation=rotation,
        points=points,
        gid=gid,
        flips=flips,
        visible=_get(here, o, "visible", "bool", True),
        properties=_properties(here, o),
    )


def _flatten(
    where: str,
    layers: Any,
    prefix: str,
    offset: Tuple[float, float],
    visible: bool,
    size: Tuple[int, int],
    tilesets: Sequence[TiledTileset],
    out: List[Union[TiledTileLayer, TiledObjectLayer]],
) -> None:
    if not isinstance(layers, list):
        raise _fail(where, f"'layers' must be a list, got {type(layers).__name__}")
    for layer in layers:
        if not isinstance(layer, dict):
            raise _fail(where, f"a layer must be an object, got {layer!r}")
        kind = _get(where, layer, "type", "str")
        name = prefix + _get(where, layer, "name", "str", "")
        here = f"{where}: layer {name!r}"
        if kind == "imagelayer":
            continue
        shift = (
            offset[0] + _get(here, layer, "offsetx", "number", 0.0),
            offset[1] + _get(here, layer, "offsety", "number", 0.0),
        )
        shown = visible and _get(here, layer, "visible", "bool", True)
        lid = _get(here, layer, "id", "int", 0)
        if kind == "group":
            _flatten(where, _get(here, layer, "layers", "list", []), name + "/", shift, shown, size, tilesets, out)
        elif kind == "tilelayer":
            if layer.get("chunks") is not None:
                raise _fail(here, "its tile data is in chunks (an infinite map's), which is not read")
            cols, rows = _get(here, layer, "width", "int", size[0]), _get(here, layer, "height", "int", size[1])
            if (cols, rows) != size or _get(here, layer, "x", "int", 0) or _get(here, layer, "y", "int", 0):
                raise _fail(
                    here,
                    f"the layer is {cols}x{rows} tiles at ({layer.get('x', 0)}, {layer.get('y', 0)}); "
                    f"only layers covering the {size[0]}x{size[1]} map are read",
                )
            raw = _layer_data(here, layer, rows * cols).reshape(rows, cols)
            gids = raw & np.uint32(_GID_MASK)
            _check_gids(here, gids, tilesets)
            flips = (raw >> np.uint32(28)).astype(np.uint8)
            gids.flags.writeable = False
            flips.flags.writeable = False
            out.append(TiledTileLayer(name, lid, gids, flips, shift, shown, _properties(here, layer)))
        elif kind == "objectgroup":
            objects = tuple(_object(here, o, shift, tilesets) for o in _get(here, layer, "objects", "list", []))
            out.append(TiledObjectLayer(name, lid, objects, shift, shown, _properties(here, layer)))
        else:
            raise _fail(here, f"unknown layer type {kind!r}")


def _read(verb: str, path: Any) -> TiledMap:
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"{verb}: `path` must be a file path (str or os.PathLike), got {type(path).__name__}")
    path = os.fspath(path)
    if not isinstance(path, str):
        path = os.fsdecode(path)
    where = f"{verb}: {path}"
    fmt, doc = _load_document(verb, path)
    if fmt == "xml":
        doc = _xml_map(where, doc)
    elif not isinstance(doc, dict):
        raise _fail(where, "a map file must hold a JSON object")
    if doc.get("type", "map") != "map":
        raise _fail(where, f"the file holds a {doc.get('type')!r}, not a map")
    orientation = _get(where, doc, "orientation", "str")
    if orientation != "orthogonal":
        raise _fail(where, f"the map's orientation is {orientation!r}: only orthogonal maps are read")
    if _get(where, doc, "infinite", "bool", False):
        raise _fail(
            where,
            "the map is infinite (its tile data is in chunks), which is not read: give it a fixed size "
            "in Tiled (Map > Map Properties, Infinite off)",
        )
    size = {}
    for key in ("width", "height", "tilewidth", "tileheight"):
        size[key] = _get(where, doc, key, "int")
        if size[key] <= 0:
            raise _fail(where, f"{key!r} must be > 0, got {size[key]}")
    for cells, pixels in (("width", "tilewidth"), ("height", "tileheight")):
        if size[cells] * size[pixels] > 2**53:  # (the pixel sizes are exact doubles)
            raise _fail(where, f"the map's {cells} is {size[cells]} tiles of {size[pixels]} pixels: over 2**53 pixels")
    folder = os.path.dirname(path)
    tilesets: List[TiledTileset] = []
    for k, entry in enumerate(_get(where, doc, "tilesets", "list", [])):
        if not isinstance(entry, dict):
            raise _fail(where, f"tileset {k} must be an object, got {entry!r}")
        ts = _tileset(verb, f"{where}: tileset {k}", entry, folder)
        if tilesets and ts.firstgid <= tilesets[-1].firstgid:
            raise _fail(
                where,
                f"the tilesets' firstgid must increase: tileset {k} has {ts.firstgid} after {tilesets[-1].firstgid}",
            )
        tilesets.append(ts)
    layers: List[Union[TiledTileLayer, TiledObjectLayer]] = []
    _flatten(
        where,
        _get(where, doc, "layers", "list"),
        "",
        (0.0, 0.0),
        True,
        (size["width"], size["height"]),
        tilesets,
        layers,
    )
    return TiledMap(
        path=path,
        orientation=orientation,
        width=size["width"],
        height=size["height"],
        tilewidth=size["tilewidth"],
        tileheight=size["tileheight"],
        tilesets=tuple(tilesets),
        layers=tuple(layers),
        properties=_properties(where, doc),
    )


def read_tiled(path: Union[str, "os.PathLike[str]"]) -> TiledMap:
    """Read a Tiled map as data, in Tiled's coordinates (pixels, y down).

    Parameters
    ----------
    path : str or os.PathLike
        A map in Tiled's JSON format (``.tmj``, ``.json``) or XML format
        (``.tmx``); the format is told by the file's first character.  Its
        external tilesets (``.tsj``/``.json`` or ``.tsx``) are read from their
        paths relative to the map's folder.

    Returns
    -------
    TiledMap
        The map's size, tilesets (with each tile's type and custom
        properties), and its tile and object layers in drawing order, group
        layers flattened (a layer's name is its path, ``group/layer``, and its
        offset includes its groups'); image layers are left out.  Each tile
        layer's cells are global tile ids with the flip bits cleared and
        reported apart; each object's points are placed in the map (layer
        offsets and rotation applied).

    Raises
    ------
    ValueError
        For a map that is not read (see the module's notes: orientations
        other than orthogonal, infinite maps, templates, unknown encodings or
        compressions) or is malformed, naming the file and the layer or
        object.
    TypeError
        When ``path`` is not a path.
    FileNotFoundError
        When the map's file does not exist (a missing tileset file is a
        ValueError naming the map).

    Examples
    --------
    >>> from pycollide.tiled import read_tiled
    >>> _ = open("room.tmx", "w").write('''<map orientation="orthogonal" width="3" height="2"
    ...      tilewidth="16" tileheight="16">
    ...  <tileset firstgid="1" name="walls" tilewidth="16" tileheight="16" tilecount="4"/>
    ...  <layer name="ground" width="3" height="2"><data encoding="csv">0,0,2147483649,1,1,1</data></layer>
    ...  <objectgroup name="things"><object id="1" name="door" x="8" y="4"><point/></object></objectgroup>
    ... </map>''')
    >>> room = read_tiled("room.tmx")
    >>> ground, things = room.layers
    >>> ground.gids.tolist(), ground.flips.tolist()      # row 0 is the top row
    ([[0, 0, 1], [1, 1, 1]], [[0, 0, 8], [0, 0, 0]])
    >>> door = things.objects[0]
    >>> door.name, door.shape, door.points.tolist()
    ('door', 'point', [[8.0, 4.0]])
    """
    return _read("read_tiled", path)


# ---------------------------------------------------------------------------
# Into pycollide


@dataclass(frozen=True, eq=False)
class LevelTiles:
    """A tile layer as a :class:`~pycollide.TileMap` (a part of the level's world)."""

    layer: str
    """The layer's path name."""
    tilemap: TileMap
    gids: np.ndarray
    """(rows, cols) uint32, read-only: each cell's global tile id, flip bits
    cleared, in the TileMap's row order (row 0 is the BOTTOM row), so that a
    world query's index into this part (the flat cell ``row * cols + col``)
    is ``gids.flat[index]``."""


@dataclass(frozen=True, eq=False)
class LevelShapes:
    """The objects of one kind of one object layer as a collection of shapes
    (a part of the level's world), with each shape's object."""

    layer: str
    """The layer's path name."""
    shapes: Union[Shapes, Regions, Polylines]
    """Boxes, Circles, Capsules, Polygons or Points (1-D), or Regions or
    Polylines (one shape per object)."""
    ids: np.ndarray
    """(n,) int64, read-only: shape ``k`` is the object of id ``ids[k]``."""
    names: Tuple[str, ...]
    """Shape ``k``'s object's name (``""`` when it has none)."""
    types: Tuple[str, ...]
    """Shape ``k``'s object's type (its class in Tiled 1.9 and later), or ``""``."""
    properties: Tuple[Dict[str, Any], ...]
    """Shape ``k``'s object's custom properties, name -> value."""
    objects: Tuple[TiledObject, ...]
    """Shape ``k``'s object as read (Tiled's coordinates: pixels, y down)."""


@dataclass(frozen=True, eq=False)
class TiledLevel:
    """A Tiled map as pycollide geometry (:func:`~pycollide.load_tiled`)."""

    map: TiledMap
    """The map as read (Tiled's coordinates)."""
    parts: Tuple[Union[LevelTiles, LevelShapes], ...]
    """The world's parts, in the order of :meth:`world`."""
    height: float
    """H, the map's height in pixels: pixel (x, y) is (x, H - y) in the world."""

    def world(self) -> World:
        """A :class:`~pycollide.World` of :attr:`parts` (part ``k`` of a
        query's answer is ``parts[k]``); a ValueError when there are none."""
        return World(*(p.tilemap if isinstance(p, LevelTiles) else p.shapes for p in self.parts))

    def object(self, part: int, index: int) -> Optional[TiledObject]:
        """The Tiled object that shape ``index`` of part ``part`` of
        :meth:`world` is: a world query's ``part`` and ``index`` (of a
        :class:`~pycollide.WorldHit`, a :class:`~pycollide.Move`'s ground...).

        None for a tile layer's part (cell ``index``'s tile id is
        ``parts[part].gids.flat[index]``) and for no hit (``part`` -1).  A
        ValueError for a part or index out of range.  :meth:`object_ids` does
        the same for arrays of hits.
        """
        k, i = _hit_index("TiledLevel.object", self.parts, part, index)
        found = None if k < 0 else self.parts[k]
        return found.objects[i] if isinstance(found, LevelShapes) else None

    def object_ids(self, part: Any, index: Any) -> np.ndarray:
        """The Tiled object ids of shapes ``index`` of parts ``part`` of
        :meth:`world` (arrays of equal shape, as a world query answers): int64,
        -1 where ``part`` is -1 (no hit) or a tile layer's part.  A ValueError
        for a part or index out of range, naming the first."""
        verb = "TiledLevel.object_ids"
        try:
            parts, indexes = np.broadcast_arrays(np.asarray(part), np.asarray(index))
        except ValueError:
            raise ValueError(f"{verb}: `part` and `index` must broadcast together") from None
        for name, a in (("part", parts), ("index", indexes)):
            if a.size and not (np.issubdtype(a.dtype, np.integer) and a.dtype != np.bool_):
                raise TypeError(f"{verb}: `{name}` must hold integers, got dtype {a.dtype}")
        n = len(self.parts)
        sizes = np.array([_size(p) for p in self.parts] + [0])
        bad = (parts < -1) | (parts >= n)
        if not bad.any():
            shown = np.where(parts == -1, n, parts)
            bad = (parts != -1) & ((indexes < 0) | (indexes >= sizes[shown]))
        if bad.any():  # the first one out of range, named
            at = tuple(int(v) for v in np.argwhere(bad)[0])
            _hit_index(verb, self.parts, parts[at], indexes[at], at)
        out = np.full(parts.shape, -1, dtype=np.int64)
        for k, p in enumerate(self.parts):
            chosen = parts == k
            if isinstance(p, LevelShapes) and chosen.any():
                out[chosen] = p.ids[indexes[chosen]]
        return out


def _size(part: Union[LevelTiles, LevelShapes]) -> int:
    """A part's number of cells (tiles) or shapes: the indexes a query answers."""
    return int(part.gids.size if isinstance(part, LevelTiles) else len(part.shapes))


def _integer(verb: str, name: str, value: Any) -> int:
    """An integer argument (an int, a numpy integer or a 0-d integer array), bools refused."""
    if not isinstance(value, (bool, np.bool_)) and not (isinstance(value, np.ndarray) and value.dtype == np.bool_):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise TypeError(f"{verb}: `{name}` must be an integer, got {value!r}")


def _hit_index(verb: str, parts: Sequence[Any], part: Any, index: Any, at: Tuple[int, ...] = ()) -> Tuple[int, int]:
    """(part, index) checked against the level's parts: (-1, -1) for no hit."""
    where = f"[{', '.join(map(str, at))}]" if at else ""
    k, i = (_integer(verb, name, value) for name, value in (("part", part), ("index", index)))
    if k == -1:
        return -1, -1
    if not 0 <= k < len(parts):
        raise ValueError(f"{verb}: `part`{where} is {k}: the level has parts 0 to {len(parts) - 1} (or -1: no hit)")
    p = parts[k]
    size = _size(p)
    if not 0 <= i < size:
        raise ValueError(f"{verb}: `index`{where} is {i}: part {k} ({p.layer!r}) has {size} shapes or cells")
    return k, i


_KIND_NAMES = {t.name.lower(): t for t in Tile}


def _kind_value(where: str, value: Any) -> Tile:
    if isinstance(value, Tile):
        return value
    if isinstance(value, str) and value in _KIND_NAMES:
        return _KIND_NAMES[value]
    raise _fail(where, f"{value!r} is not a tile kind (expected one of {', '.join(map(repr, _KIND_NAMES))})")


def _kind_table(verb: str, tmap: TiledMap, kinds: Any, tile_property: Optional[str]) -> Dict[int, Tile]:
    """Global tile id -> its kind, for the tiles that have one."""
    table: Dict[int, Tile] = {}
    if tile_property is not None:
        if not isinstance(tile_property, str):
            raise TypeError(
                f"{verb}: `tile_property` must be a property name (str) or None, got {type(tile_property).__name__}"
            )
        for ts in tmap.tilesets:
            for tile in ts.tiles.values():
                if tile_property in tile.properties:
                    where = (
                        f"{verb}: {tmap.path}: tileset {ts.name!r}, tile {tile.id} "
                        f"(global id {ts.firstgid + tile.id}): property {tile_property!r}"
                    )
                    table[ts.firstgid + tile.id] = _kind_value(where, tile.properties[tile_property])
    if kinds is None:
        return table
    if not isinstance(kinds, Mapping):
        raise TypeError(f"{verb}: `kinds` must be a mapping from tiles to kinds, got {type(kinds).__name__}")
    names = {ts.name: ts for ts in tmap.tilesets}
    for key, value in kinds.items():
        where = f"{verb}: `kinds`[{key!r}]"
        if (
            isinstance(key, tuple)
            and len(key) == 2
            and isinstance(key[0], str)
            and isinstance(key[1], int)
            and not isinstance(key[1], bool)
        ):
            if key[0] not in names:
                raise _fail(
                    where, f"the map has no tileset named {key[0]!r} (it has {', '.join(map(repr, names)) or 'none'})"
                )
            if key[1] < 0:
                raise _fail(where, f"a tile's id within its tileset is >= 0, got {key[1]}")
            gid = names[key[0]].firstgid + key[1]
        elif isinstance(key, (int, np.integer)) and not isinstance(key, bool):
            gid = int(key)
            if gid < 1 or tmap.tileset(gid) is None:
                raise _fail(where, f"global tile id {gid} is in no tileset of the map")
        else:
            raise TypeError(
                f"{where}: a key must be a global tile id (int) or a pair (tileset name, tile id), got {key!r}"
            )
        if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, Tile)) and 0 <= value <= 5:
            value = Tile(int(value))
        table[gid] = _kind_value(where, value)
    return table


def _flipped(kind: Tile, flips: int) -> Tile:
    """The kind a tile becomes when drawn with these flip bits: the diagonal
    flip (NE <-> SW) first, then the horizontal (E <-> W), then the vertical
    (N <-> S)."""
    diagonal = {Tile.CUT_NE: Tile.CUT_SW, Tile.CUT_SW: Tile.CUT_NE}
    horizontal = {
        Tile.CUT_NE: Tile.CUT_NW,
        Tile.CUT_NW: Tile.CUT_NE,
        Tile.CUT_SE: Tile.CUT_SW,
        Tile.CUT_SW: Tile.CUT_SE,
    }
    vertical = {Tile.CUT_NE: Tile.CUT_SE, Tile.CUT_SE: Tile.CUT_NE, Tile.CUT_NW: Tile.CUT_SW, Tile.CUT_SW: Tile.CUT_NW}
    if flips & FLIPPED_DIAGONALLY:
        kind = diagonal.get(kind, kind)
    if flips & FLIPPED_HORIZONTALLY:
        kind = horizontal.get(kind, kind)
    if flips & FLIPPED_VERTICALLY:
        kind = vertical.get(kind, kind)
    return kind


# kind x the four flip bits -> the kind drawn
_FLIP_TABLE = np.array([[_flipped(Tile(k), f) for f in range(16)] for k in range(6)], dtype=np.int8)


def _tile_part(verb: str, tmap: TiledMap, layer: TiledTileLayer, table: Mapping[int, Tile]) -> Optional[LevelTiles]:
    ids, inverse = np.unique(layer.gids, return_inverse=True)
    base = np.array([int(table.get(int(g), Tile.EMPTY)) for g in ids], dtype=np.int8)[inverse.reshape(-1)]
    kinds = _FLIP_TABLE[base, layer.flips.reshape(-1)].reshape(layer.gids.shape)
    if not kinds.any():
        return None
    if tmap.tilewidth != tmap.tileheight:
        raise _fail(
            f"{verb}: {tmap.path}: layer {layer.name!r}",
            f"its tiles are {tmap.tilewidth}x{tmap.tileheight} pixels: a TileMap's tiles are square",
        )
    tilemap = TileMap(kinds[::-1], tile_size=float(tmap.tilewidth), origin=(layer.offset[0], 0.0 - layer.offset[1]))
    gids = np.ascontiguousarray(layer.gids[::-1])
    gids.flags.writeable = False
    return LevelTiles(layer.name, tilemap, gids)


def _convex(vertices: np.ndarray) -> bool:
    """Whether a ring of 3 to 8 vertices is a convex polygon (pycollide's own exact test)."""
    if not 3 <= len(vertices) <= 8:
        return False
    try:
        Polygons(vertices)
    except ValueError:
        return False
    return True


def _y_up(where: str, height: float, points: np.ndarray) -> np.ndarray:
    """Tiled's pixels (y down) as world coordinates: (x, H - y)."""
    with np.errstate(over="ignore"):
        out = np.column_stack([points[:, 0], height - points[:, 1]])
    if not np.isfinite(out).all():
        raise _fail(where, "its points overflow to infinity with y flipped")
    return out


def _object_shape(where: str, obj: TiledObject, offset: Tuple[float, float], height: float) -> Tuple[str, Any]:
    """What an object becomes: ("box" | "circle" | "capsule" | "polygon" |
    "point", its row of coordinates), ("region" (a polygon that is concave
    or of more than 8 vertices) | "polyline", its vertices), or ("text",
    None), in world coordinates."""
    quarter = obj.rotation == 90.0 * round(obj.rotation / 90.0)
    origin = (offset[0] + obj.x, offset[1] + obj.y)
    if obj.shape == "text":
        return "text", None  # a label, not geometry
    if obj.shape in ("rectangle", "tile"):
        corners = _y_up(where, height, obj.points)
        if quarter:
            return "box", (corners[:, 0].min(), corners[:, 1].min(), corners[:, 0].max(), corners[:, 1].max())
        return ("polygon" if _convex(corners) else "region"), corners
    if obj.shape == "ellipse":
        if obj.width != obj.height:
            raise _fail(
                where, f"an ellipse of {obj.width}x{obj.height} pixels: only circles (width = height) become shapes"
            )
        r = obj.width / 2
        center = _y_up(where, height, _place(*origin, obj.rotation, np.array([[r, r]])))[0]
        return "circle", (center[0], center[1], r)
    if obj.shape == "capsule":
        w, h = obj.width, obj.height
        r = min(w, h) / 2
        ends = np.array([[r, r], [w - r, r]] if w >= h else [[r, r], [r, h - r]])
        a, b = _y_up(where, height, _place(*origin, obj.rotation, ends))
        return "capsule", (a[0], a[1], b[0], b[1], r)
    vertices = _y_up(where, height, obj.points)
    if obj.shape == "point":
        return "point", tuple(vertices[0])
    if obj.shape == "polygon":
        return ("polygon" if _convex(vertices) else "region"), vertices
    return "polyline", vertices


# The kinds of object that become a layer's parts, in the parts' order: one
# collection per kind present, made by _shapes.
_PART_KINDS = ("box", "circle", "capsule", "polygon", "point", "region", "polyline")


def _shapes(kind: str, rows: List[Any], wheres: Sequence[str]) -> Union[Shapes, Regions, Polylines]:
    """The collection of a layer's objects of one kind, from their rows
    (``wheres[k]`` names object ``k`` in a refusal)."""
    if kind == "polygon":  # padded to the most vertices by repeating each one's last
        k = max(len(v) for v in rows)
        return Polygons(np.array([np.concatenate([v, np.repeat(v[-1:], k - len(v), axis=0)]) for v in rows]))
    if kind == "polyline":  # open, or closed where Tiled repeats its first point last
        return Polylines(rows)
    if kind == "region":
        try:
            return Regions(rows)
        except ValueError as exc:
            refused = exc
        for ring, where in zip(rows, wheres):  # each region is judged alone: find the object to name
            try:
                Regions([ring])
            except ValueError as exc:
                why = str(exc).removeprefix("Regions: region 0, shell: ")
                raise _fail(where, f"the polygon is not a valid region: {why}") from None
        raise refused
    make = {"box": Boxes, "circle": Circles, "capsule": Capsules, "point": Points}[kind]
    shapes: Shapes = make(np.array(rows, dtype=np.float64))
    return shapes


def _object_parts(prefix: str, layer: TiledObjectLayer, height: float) -> List[LevelShapes]:
    groups: Dict[str, List[Tuple[Any, TiledObject, str]]] = {k: [] for k in _PART_KINDS}
    for obj in layer.objects:
        where = f"{prefix}: layer {layer.name!r}: object {obj.id}" + (f" ({obj.name!r})" if obj.name else "")
        kind, row = _object_shape(where, obj, layer.offset, height)
        if kind in groups:
            groups[kind].append((row, obj, where))
    parts = []
    for kind, members in groups.items():
        if not members:
            continue
        objs = tuple(m[1] for m in members)
        ids = np.array([o.id for o in objs], dtype=np.int64)
        ids.flags.writeable = False
        parts.append(
            LevelShapes(
                layer.name,
                _shapes(kind, [m[0] for m in members], [m[2] for m in members]),
                ids,
                tuple(o.name for o in objs),
                tuple(o.type for o in objs),
                tuple(o.properties for o in objs),
                objs,
            )
        )
    return parts


def load_tiled(
    path: Union[str, "os.PathLike[str]"],
    kinds: Optional[Mapping[Any, Union[Tile, str, int]]] = None,
    *,
    tile_property: Optional[str] = "collision",
    layers: Optional[Iterable[str]] = None,
) -> TiledLevel:
    """Load a Tiled map as pycollide geometry: a level for a :class:`~pycollide.World`.

    Coordinates are Tiled's pixels with y flipped up: pixel ``(x, y)`` is
    ``(x, H - y)``, ``H`` the map's height in pixels (see the module's notes).

    * Each tile layer with at least one colliding tile becomes a
      :class:`~pycollide.TileMap` (:class:`~pycollide.LevelTiles`) of
      ``tile_size`` the tile's side in pixels, its origin at ``(offsetx,
      -offsety)``.  A tile's
      kind is ``kinds``' entry for it, else its property ``tile_property``,
      else empty; flipped and rotated cells turn their cut with them.
    * Each object layer becomes up to seven collections
      (:class:`~pycollide.LevelShapes`), in this order: rectangles and tile objects as ``Boxes`` (as
      4-vertex ``Polygons`` when rotated by an angle that is not a multiple of
      90 degrees); ellipses that are circles as ``Circles``; capsules as
      ``Capsules``; convex polygons of at most 8 vertices as ``Polygons`` (the
      layer's polygons of fewer vertices padded by repeating their last); points
      as ``Points``; concave polygons and polygons of more than 8 vertices as
      :class:`~pycollide.Regions` (one region each, its shell the polygon's
      ring); polylines as :class:`~pycollide.Polylines` (a polyline whose last
      point repeats its first is closed, as Tiled draws it).  Each keeps its objects' ids, names, types (classes) and
      properties, and the objects as read, in parallel with its shapes, so a
      query's hit maps back to its object:
      :meth:`~pycollide.TiledLevel.object` and
      :meth:`~pycollide.TiledLevel.object_ids` take a world query's part and
      index.
    * Text objects (labels) and image layers are left out.  Hidden layers and
      objects are loaded like the others (collision layers are often hidden).

    Parameters
    ----------
    path : str or os.PathLike
        A Tiled map (``.tmj``, ``.json`` or ``.tmx``), read by
        :func:`~pycollide.read_tiled`.
    kinds : mapping, optional
        Tile -> kind, taking precedence over the tiles' properties.  A tile is
        its global id (int) or a pair ``(tileset name, tile id in the
        tileset)``; a kind is a :class:`~pycollide.Tile`, its value, or its
        lower-case name (``"solid"``, ``"cut_ne"``, ``"cut_nw"``, ``"cut_se"``,
        ``"cut_sw"``, ``"empty"``).
    tile_property : str or None, default "collision"
        The custom tile property naming a tile's kind (a string, as in
        ``kinds``); None to read none.
    layers : iterable of str, optional
        The layers to load, by path name (``"group/layer"``); all tile and
        object layers by default.

    Returns
    -------
    TiledLevel
        ``parts`` (the world's parts, in layer order), the map as read and
        ``height`` (H); ``level.world()`` builds the World.

    Raises
    ------
    ValueError
        For a map :func:`~pycollide.read_tiled` refuses; an ellipse that is
        not a circle; a polygon that is not a valid region (its ring crosses
        itself: naming the object); a tile property or ``kinds`` value that
        names no kind (naming the tile); non-square tiles in a tile layer with colliding tiles; a layer
        name in ``layers`` that the map does not have.
    TypeError
        For arguments of the wrong kind.

    Examples
    --------
    A 4x3 room of 16-pixel tiles: tile 1 is solid, tile 2 is a slope cut
    at its north-east corner (drawn flipped left to right in the last row:
    cut at its north-west corner); a crate and a coin.

    >>> import json
    >>> import pycollide as pc
    >>> def collision(kind):
    ...     return [{"name": "collision", "type": "string", "value": kind}]
    >>> room = {
    ...     "orientation": "orthogonal", "width": 4, "height": 3, "tilewidth": 16, "tileheight": 16,
    ...     "tilesets": [{"firstgid": 1, "name": "blocks", "tilecount": 2, "tilewidth": 16, "tileheight": 16,
    ...                   "tiles": [{"id": 0, "properties": collision("solid")},
    ...                             {"id": 1, "properties": collision("cut_ne")}]}],
    ...     "layers": [
    ...         {"type": "tilelayer", "name": "ground", "width": 4, "height": 3,
    ...          "data": [1, 0, 0, 1,
    ...                   1, 0, 0, 1,
    ...                   1, 2, 2 | 0x80000000, 1]},
    ...         {"type": "objectgroup", "name": "things", "objects": [
    ...             {"id": 7, "name": "crate", "type": "pushable", "x": 16, "y": 16, "width": 16, "height": 16,
    ...              "properties": [{"name": "weight", "type": "int", "value": 3}]},
    ...             {"id": 8, "name": "coin", "x": 40, "y": 24, "width": 4, "height": 4, "ellipse": True}]}]}
    >>> _ = open("room.tmj", "w").write(json.dumps(room))
    >>> level = pc.load_tiled("room.tmj")
    >>> ground, crates, coins = level.parts
    >>> print(ground.tilemap.to_text())
    #..#
    #..#
    #13#
    >>> crates.shapes, crates.ids, crates.names                 # y up: the crate is in the middle row
    (Boxes([[16., 16., 32., 32.]]), array([7]), ('crate',))
    >>> coins.shapes
    Circles([[42., 22.,  2.]])
    >>> crates.types, crates.properties
    (('pushable',), ({'weight': 3},))
    >>> hit = pc.raycast([[8, 60]], [0, -1], level.world())      # straight down onto the left wall
    >>> int(hit.part[0]), float(hit.distance[0]), int(ground.gids.flat[hit.index[0]])
    (0, 12.0, 1)

    Which object a hit is: three rays down, onto the wall, the crate and nothing.

    >>> hits = pc.raycast([[8, 60], [24, 60], [24, -10]], [0, -1], level.world())
    >>> hits.part, level.object_ids(hits.part, hits.index)      # -1: a tile, or no hit
    (array([ 0,  1, -1]), array([-1,  7, -1]))
    >>> crate = level.object(hits.part[1], hits.index[1])
    >>> crate.id, crate.name, crate.type, crate.properties
    (7, 'crate', 'pushable', {'weight': 3})
    """
    verb = "load_tiled"
    tmap = _read(verb, path)
    height = float(tmap.height * tmap.tileheight)
    table = _kind_table(verb, tmap, kinds, tile_property)
    chosen = tmap.layers
    if layers is not None:
        if isinstance(layers, str):
            raise TypeError(f"{verb}: `layers` must be an iterable of layer names, got a str (write [{layers!r}])")
        wanted = list(layers)
        have = {layer.name for layer in tmap.layers}
        for name in wanted:
            if not isinstance(name, str):
                raise TypeError(f"{verb}: `layers` must hold layer names (str), got {name!r}")
            if name not in have:
                known = ", ".join(map(repr, sorted(have))) or "none"
                raise ValueError(
                    f"{verb}: {tmap.path}: `layers` names {name!r}, which is not a tile or object layer "
                    f"of the map (it has {known})"
                )
        chosen = tuple(layer for layer in tmap.layers if layer.name in wanted)
    parts: List[Union[LevelTiles, LevelShapes]] = []
    for layer in chosen:
        if isinstance(layer, TiledTileLayer):
            tiles = _tile_part(verb, tmap, layer, table)
            if tiles is not None:
                parts.append(tiles)
        else:
            parts.extend(_object_parts(f"{verb}: {tmap.path}", layer, height))
    return TiledLevel(tmap, tuple(parts), height)
