"""The mini-golf demo's picture: the course, the hole, the tee and a sample of
the balls' paths, with a title and a legend, anti-aliased (numpy + zlib only)."""

from __future__ import annotations

import math
from typing import Optional

import numpy as np
from numpy.typing import ArrayLike

from .drawing import BAR, PAPER, Legend, path_swatch
from .drawing import title as write_title
from .golf import SUNK, GolfParams, Result
from .golf_course import Course
from .png import Canvas

__all__ = ["render", "OUTSIDE", "LAWN", "WALL", "EDGE", "RIM", "HOLE", "TEE", "TRAIL", "TRAIL_SUNK", "BALL"]

# colours (RGB)
OUTSIDE = (48, 58, 52)
LAWN = (86, 160, 72)
WALL = (140, 98, 60)
EDGE = (60, 38, 20)
RIM = (235, 235, 235)
HOLE = (16, 16, 16)
TEE = (220, 40, 40)
TRAIL = (245, 245, 235)
TRAIL_SUNK = (255, 196, 0)
BALL = (255, 255, 255)


def _legend(line: float, ball: float) -> Legend:
    """The legend; ``line``: the paths' width, ``ball``: a stopped ball's radius (pixels)."""

    def tee(canvas: Canvas, x: float, mid: float) -> float:
        canvas.fill_rect(x, mid - 5, x + 10, mid + 5, TEE)
        return 10

    def hole(canvas: Canvas, x: float, mid: float) -> float:
        canvas.fill_circle((x + 7, mid), 7, RIM)
        canvas.fill_circle((x + 7, mid), 5.5, HOLE)
        return 14

    def wall(canvas: Canvas, x: float, mid: float) -> float:
        canvas.fill_rect(x, mid - 6, x + 18, mid + 6, EDGE)
        canvas.fill_rect(x + 1.5, mid - 4.5, x + 16.5, mid + 4.5, WALL)
        return 18

    def stopped(canvas: Canvas, x: float, mid: float) -> float:
        canvas.fill_circle((x + ball, mid), ball, BALL)
        return 2 * ball

    return Legend(
        [
            (tee, "tee"),
            (hole, "hole"),
            (wall, "wall"),
            (path_swatch(TRAIL, line), "a ball's path"),
            (path_swatch(TRAIL_SUNK, line * 1.5), "path of a sunk ball"),
            (stopped, "where a ball stopped"),
        ]
    )


def render(
    course: Course,
    result: Result,
    params: GolfParams,
    trails: int = 50,
    scale: Optional[int] = None,
    title: Optional[str] = None,
) -> np.ndarray:
    """The picture as uint8 pixels (height, width, 3): a title bar, the course
    (lawn, walls, the hole, the tee), up to ``trails`` recorded paths (up to
    half of them of sunk balls, in yellow on top; the others white, ending in a
    dot where the ball stopped; a sunk ball's path ends in the hole) and a
    legend bar."""
    tm = course.tilemap
    xmin, ymin, xmax, ymax = (float(v) for v in tm.bounds)
    s = float(tm.tile_size)
    margin = 0.5 * s
    span = max(xmax - xmin, ymax - ymin) + 2 * margin
    if scale is None:  # pixels per tile: about 900 pixels on the long side, 4 to 32 per tile
        scale = int(min(32, max(4, 900 * s // span)))
    ppu = scale / s  # pixels per world unit
    width = max(int(math.ceil((xmax - xmin + 2 * margin) * ppu)), 480)
    line = max(1.0, scale / 14)
    legend = _legend(line, max(3.0, params.ball_radius * ppu))
    foot = BAR + (len(legend.rows(width)) - 1) * (BAR - 8)
    height = int(math.ceil((ymax - ymin + 2 * margin) * ppu)) + BAR + foot
    left = (width - (xmax - xmin + 2 * margin) * ppu) / 2  # centred when the legend is the wider

    def px(p: ArrayLike) -> np.ndarray:
        q = np.asarray(p, dtype=float)
        return np.stack([(q[..., 0] - xmin + margin) * ppu + left, (ymax + margin - q[..., 1]) * ppu + BAR], axis=-1)

    canvas = Canvas(width, height, OUTSIDE)
    canvas.fill_rect(0, 0, width, BAR, PAPER)
    canvas.fill_rect(0, height - foot, width, height, PAPER)
    canvas.fill_polygon(px([(xmin, ymin), (xmax, ymin), (xmax, ymax), (xmin, ymax)]), LAWN)
    tiles = tm.tiles()
    for box in np.asarray(tiles.boxes).reshape(-1, 4):
        x0, y0, x1, y1 = box
        canvas.fill_polygon(px([(x0, y0), (x1, y0), (x1, y1), (x0, y1)]), WALL)
    for tri in np.asarray(tiles.triangles).reshape(-1, 6):
        canvas.fill_polygon(px(tri.reshape(3, 2)), WALL)
    edges = np.asarray(tm.edges).reshape(-1, 2, 2)
    canvas.polylines([px(e) for e in edges], EDGE, width=max(1.0, scale / 12))

    ids = result.trail_ids
    sunk = [k for k in range(len(ids)) if result.state[ids[k]] == SUNK][: trails // 2]
    other = [k for k in range(len(ids)) if result.state[ids[k]] != SUNK][: trails - len(sunk)]
    canvas.polylines([px(result.trails[k]) for k in other], TRAIL, width=line)
    for k in other:
        canvas.fill_circle(px(result.trails[k][-1]), params.ball_radius * ppu, BALL)
    canvas.polylines([px(result.trails[k]) for k in sunk], TRAIL_SUNK, width=line * 1.5)
    hole = px(course.hole)  # on top: the paths that cross it roll over it
    canvas.fill_circle(hole, params.hole_radius * ppu + max(1.0, scale / 16), RIM)
    canvas.fill_circle(hole, params.hole_radius * ppu, HOLE)
    tee = px(course.tee)
    h = 0.22 * ppu * s
    canvas.fill_rect(tee[0] - h, tee[1] - h, tee[0] + h, tee[1] + h, TEE)

    if title is None:
        n = len(result.state)
        sunk_count = int(np.count_nonzero(result.state == SUNK))
        title = f"pycollide mini-golf: {n:,} balls, {sunk_count:,} sunk ({sunk_count / n if n else 0.0:.1%})"
    write_title(canvas, title)
    legend.draw(canvas, height - foot)
    return canvas.pixels
