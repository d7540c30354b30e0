"""A tiny RGB canvas and PNG writer (numpy + zlib only), for the demo's picture.

The canvas works in pixel coordinates: x to the right, y DOWN, pixel (col, row)
covering [col, col+1) x [row, row+1).  Shapes are anti-aliased: a pixel is
painted in proportion to how far inside the shape its centre (col + 0.5,
row + 0.5) lies, from 0 half a pixel outside the edge to 1 half a pixel inside.
Text uses a 5 x 7 bitmap font.

>>> c = Canvas(4, 3, background=(255, 255, 255))
>>> c.fill_polygon([(0, 0), (2, 0), (2, 3), (0, 3)], (255, 0, 0))
>>> png = encode_png(c.pixels)
>>> png[:8] == PNG_SIGNATURE and read_png(png).shape
(3, 4, 3)
>>> bool((read_png(png) == c.pixels).all())
True
"""

from __future__ import annotations

import struct
import zlib
from typing import Iterable, Tuple

import numpy as np
from numpy.typing import ArrayLike

__all__ = ["Canvas", "encode_png", "write_png", "read_png", "PNG_SIGNATURE"]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
Color = Tuple[int, int, int]


class Canvas:
    """An RGB image (``pixels``: uint8 array (height, width, 3)) with filled
    convex polygons, filled circles and thick polylines."""

    def __init__(self, width: int, height: int, background: Color = (255, 255, 255)):
        if width < 1 or height < 1:
            raise ValueError(f"Canvas: size must be positive, got {width}x{height}")
        self.width, self.height = int(width), int(height)
        self.pixels = np.empty((self.height, self.width, 3), dtype=np.uint8)
        self.pixels[...] = np.asarray(background, dtype=np.uint8)

    def _window(self, xmin: float, ymin: float, xmax: float, ymax: float):
        """The pixel ranges whose centres may lie in the box, clipped to the
        canvas, and those pixels' centre coordinates (or None if empty)."""
        c0 = max(int(np.floor(xmin - 0.5)), 0)
        c1 = min(int(np.ceil(xmax - 0.5)) + 1, self.width)
        r0 = max(int(np.floor(ymin - 0.5)), 0)
        r1 = min(int(np.ceil(ymax - 0.5)) + 1, self.height)
        if c0 >= c1 or r0 >= r1:
            return None
        xs = np.arange(c0, c1) + 0.5
        ys = np.arange(r0, r1)[:, None] + 0.5
        return (slice(r0, r1), slice(c0, c1)), xs, ys

    def _blend(self, window, coverage: np.ndarray, color: Color) -> None:
        """Paint ``color`` over the window's pixels with the given coverage (0-1)."""
        a = np.clip(coverage, 0.0, 1.0)[..., None]
        if not a.any():
            return
        part = self.pixels[window].astype(np.float64)
        self.pixels[window] = np.rint(part * (1.0 - a) + np.asarray(color, dtype=np.float64) * a).astype(np.uint8)

    def fill_polygon(self, points: ArrayLike, color: Color) -> None:
        """Fill a convex polygon (vertices in either orientation), anti-aliased:
        a pixel is covered by the part of a unit square around its centre the
        polygon holds (to first order: half a pixel beyond an edge is 0)."""
        p = np.asarray(points, dtype=float).reshape(-1, 2)
        if len(p) < 3:
            return
        win = self._window(p[:, 0].min() - 1, p[:, 1].min() - 1, p[:, 0].max() + 1, p[:, 1].max() + 1)
        if win is None:
            return
        window, xs, ys = win
        q = np.roll(p, -1, axis=0)
        area = float(np.sum(p[:, 0] * q[:, 1] - q[:, 0] * p[:, 1]))
        if area == 0:
            return
        sign = 1.0 if area > 0 else -1.0  # outward normals whatever the orientation
        outside = np.full((len(ys), len(xs)), -np.inf)
        for (ax, ay), (bx, by) in zip(p, q):
            ex, ey = bx - ax, by - ay
            length = np.hypot(ex, ey)
            if length == 0:
                continue
            # signed distance of each pixel centre outside this edge's line
            outside = np.maximum(outside, sign * (ey * (xs - ax) - ex * (ys - ay)) / length)
        self._blend(window, 0.5 - outside, color)

    def fill_rect(self, x0: float, y0: float, x1: float, y1: float, color: Color) -> None:
        """Fill an axis-aligned rectangle (pixel coordinates), anti-aliased."""
        self.fill_polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], color)

    def fill_circle(self, center: ArrayLike, radius: float, color: Color) -> None:
        """Fill the disk of the given centre and radius (pixels), anti-aliased."""
        x, y = (float(v) for v in np.asarray(center, dtype=float).reshape(2))
        win = self._window(x - radius - 1, y - radius - 1, x + radius + 1, y + radius + 1)
        if win is None:
            return
        window, xs, ys = win
        self._blend(window, radius + 0.5 - np.hypot(xs - x, ys - y), color)

    def polylines(self, lines: Iterable[np.ndarray], color: Color, width: float = 1.0) -> None:
        """Draw polylines ((k, 2) arrays of pixel coordinates) ``width`` pixels
        thick, anti-aliased: each pixel is covered by how far its centre lies
        inside the stroke (to half a pixel either side of its edge), measured to
        points sampled a quarter of a pixel apart along the lines."""
        samples = []
        for line in lines:
            p = np.asarray(line, dtype=float).reshape(-1, 2)
            if len(p) == 0:
                continue
            samples.append(p[:1])
            if len(p) < 2:
                continue
            a, b = p[:-1], p[1:]
            steps = np.maximum(np.ceil(4.0 * np.abs(b - a).max(axis=1)), 1).astype(np.int64)
            seg = np.repeat(np.arange(len(a)), steps)
            first = np.cumsum(steps) - steps  # k/steps for k = 1..steps within each segment
            k = np.arange(seg.size) - np.repeat(first, steps) + 1
            frac = (k / steps[seg])[:, None]
            samples.append(a[seg] + frac * (b[seg] - a[seg]))
        if not samples:
            return
        pts = np.concatenate(samples)
        half = max(float(width), 1.0) / 2.0
        reach = int(np.ceil(half + 0.5))
        cover = np.zeros((self.height, self.width))
        base = np.floor(pts).astype(np.int64)
        for dx in range(-reach, reach + 1):
            for dy in range(-reach, reach + 1):
                cx, cy = base[:, 0] + dx, base[:, 1] + dy
                ok = (cx >= 0) & (cx < self.width) & (cy >= 0) & (cy < self.height)
                d = np.hypot(cx[ok] + 0.5 - pts[ok, 0], cy[ok] + 0.5 - pts[ok, 1])
                np.maximum.at(cover, (cy[ok], cx[ok]), half + 0.5 - d)
        self._blend((slice(None), slice(None)), cover, color)

    def text(self, x: float, y: float, string: str, color: Color, scale: int = 2) -> Tuple[int, int]:
        """Write ``string`` with its top-left corner at pixel (x, y) in the 5 x 7
        font, each font pixel ``scale`` pixels square; returns its width and height."""
        from ._font import render

        bitmap = np.kron(render(string), np.ones((scale, scale), dtype=bool))
        h, w = bitmap.shape
        x0, y0 = int(round(x)), int(round(y))
        r0, c0 = max(y0, 0), max(x0, 0)
        r1, c1 = min(y0 + h, self.height), min(x0 + w, self.width)
        if r0 < r1 and c0 < c1:
            ink = bitmap[r0 - y0 : r1 - y0, c0 - x0 : c1 - x0]
            self.pixels[r0:r1, c0:c1][ink] = color
        return w, h


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def encode_png(pixels: np.ndarray, level: int = 6) -> bytes:
    """The bytes of an 8-bit RGB PNG of ``pixels`` (uint8 array (height, width, 3))."""
    img = np.ascontiguousarray(pixels, dtype=np.uint8)
    if img.ndim != 3 or img.shape[2] != 3 or img.shape[0] < 1 or img.shape[1] < 1:
        raise ValueError(f"encode_png: pixels must have shape (height, width, 3), got {img.shape}")
    height, width = img.shape[:2]
    raw = np.zeros((height, 1 + 3 * width), dtype=np.uint8)  # filter type 0 (None) on every row
    raw[:, 1:] = img.reshape(height, 3 * width)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit truecolour
    return (
        PNG_SIGNATURE
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(raw.tobytes(), level))
        + _chunk(b"IEND", b"")
    )


def write_png(path, pixels: np.ndarray) -> None:
    """Write ``pixels`` (uint8 (height, width, 3)) as a PNG file."""
    data = encode_png(pixels)
    with open(path, "wb") as fh:
        fh.write(data)


def read_png(data: bytes) -> np.ndarray:
    """Decode an 8-bit RGB, non-interlaced PNG whose rows all use filter type 0
    (what :func:`encode_png` writes), checking every chunk's CRC; anything else
    is a ValueError."""
    if data[:8] != PNG_SIGNATURE:
        raise ValueError("not a PNG: bad signature")
    pos, header, idat = 8, None, []
    while pos < len(data):
        if pos + 8 > len(data):
            raise ValueError("truncated chunk header")
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        crc = data[pos + 8 + length : pos + 12 + length]
        if len(body) != length or len(crc) != 4:
            raise ValueError(f"truncated {kind!r} chunk")
        if struct.unpack(">I", crc)[0] != zlib.crc32(kind + body) & 0xFFFFFFFF:
            raise ValueError(f"bad CRC in {kind!r} chunk")
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None or not idat:
        raise ValueError("no IHDR or no IDAT chunk")
    width, height, depth, color, _, _, interlace = header
    if (depth, color, interlace) != (8, 2, 0):
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {color}, interlace {interlace}")
    raw = zlib.decompress(b"".join(idat))
    if len(raw) != height * (1 + 3 * width):
        raise ValueError(f"image data is {len(raw)} bytes, expected {height * (1 + 3 * width)}")
    rows = np.frombuffer(raw, dtype=np.uint8).reshape(height, 1 + 3 * width)
    if rows[:, 0].any():
        raise ValueError("a row uses a filter other than 0")
    return rows[:, 1:].reshape(height, width, 3).copy()
