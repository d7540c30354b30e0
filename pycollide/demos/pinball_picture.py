"""The pinball demo's picture and movie, drawn with matplotlib through
:mod:`pycollide.plotting`: the table (playfield, walls, guide rails,
bumpers, pegs, slingshots, polygons, the launch band and the drain), the
paths of a few balls each in its own colour, the balls still in play, a
title and a legend that names every mark; the movie shows every ball."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from .. import Circles
from ..plotting import plot, plot_paths
from .cli import Progress
from .figure import MOVIE_SIZE, Scene, animate_balls, line_swatch, marker_swatch, movie_frames, swatch
from .pinball import DRAIN_Y, HEIGHT, LAUNCH_BAND, WIDTH, PinballParams, Result, Table

__all__ = ["render", "movie", "PLAYFIELD", "WALL", "BUMPER", "PEG", "PATH_COLOURS", "BALL"]

BACKGROUND = "#181828"
PLAYFIELD = "#1e2e5c"
WALL = "#c8c8d6"
CAPSULE = "#78c8f0"
BUMPER = "#ec4060"
BUMPER_RIM = "#ffd65a"
PEG = "#fafafa"
SLING = "#fa9628"
POLY = "#78e68c"
DRAIN = "#0c0c14"
LAUNCH = "#8aa0e0"
BALL = "#d8deec"
INK = "#f0f0e8"
#: the paths' colours: one per drawn path, distinct on the playfield
PATH_COLOURS = ["#ffe14d", "#4dd2ff", "#ff6ec7", "#9dff6e", "#ff9a3c", "#c49bff", "#ffffff", "#ff4d4d"]


def _table(table: Table, params: PinballParams, title: str, legend: list, **size: Any) -> Scene:
    """The scene with the table drawn."""
    margin = 0.4
    box = (-margin, -1.5 - margin, WIDTH + margin, HEIGHT + margin)
    scene = Scene(box, title, legend, background=BACKGROUND, field=BACKGROUND, max_height=12.0, ink=INK, **size)
    ax = scene.ax
    ax.set_axis_off()
    from matplotlib.patches import Polygon, Rectangle

    outline = [(0, 4), (0, 18.5), (1.5, HEIGHT), (WIDTH - 1.5, HEIGHT), (WIDTH, 18.5), (WIDTH, 4), (5.8, 1.5)]
    ax.add_patch(Polygon(outline + [(4.2, 1.5)], closed=True, facecolor=PLAYFIELD, edgecolor="none", zorder=0.5))
    ax.add_patch(Rectangle((4.2, -1.5), 1.6, 3.0, facecolor=DRAIN, edgecolor="none", zorder=0.6))
    ax.plot([4.2, 5.8], [DRAIN_Y, DRAIN_Y], color="#5a5a6e", linewidth=1.0, zorder=0.7)
    x0, y0, x1, y1 = LAUNCH_BAND
    r = params.ball_radius
    band = Rectangle((x0 - r, y0 - r), x1 - x0 + 2 * r, y1 - y0 + 2 * r, zorder=0.8)
    band.set(facecolor="none", edgecolor=LAUNCH, linestyle="--", linewidth=1.0)
    ax.add_patch(band)
    plot(table.walls, ax, color=WALL, linewidth=3.0, zorder=2)
    plot(table.guides, ax, facecolor=CAPSULE, edgecolor="none", zorder=2)
    plot(table.slings, ax, facecolor=SLING, edgecolor="none", zorder=2)
    plot(table.blocks, ax, facecolor=POLY, edgecolor="none", zorder=2)
    plot(table.bumpers, ax, facecolor=BUMPER, edgecolor=BUMPER_RIM, linewidth=3.0, zorder=2)
    plot(table.pegs, ax, facecolor=PEG, edgecolor="none", zorder=2)
    return scene


def _legend(params: PinballParams) -> list:
    return [
        marker_swatch(BUMPER, "bumper (kicks)", edge=BUMPER_RIM, size=10),
        marker_swatch(PEG, "peg", size=5),
        line_swatch(WALL, "wall", width=3),
        line_swatch(CAPSULE, "rail (capsules)", width=5),
        swatch(SLING, "none", "slingshot"),
        swatch(POLY, "none", "polygon"),
        swatch("none", LAUNCH, "launch band"),
        swatch(DRAIN, "#5a5a6e", "drain"),
    ]


def render(table: Table, result: Result, params: PinballParams, trails: int = 8, title: Optional[str] = None) -> Scene:
    """The picture: the table, the paths of the first ``trails`` balls
    launched (each in its own colour, up to eight: more read as a smear) and
    the balls still in play where they ended, a title and a legend."""
    n = len(result.launch_time)
    launched = np.flatnonzero(~np.isnan(result.launch_time))[: max(0, min(trails, len(PATH_COLOURS)))]
    legend = _legend(params)
    legend.append(line_swatch(PATH_COLOURS[0], f"a ball's path ({len(launched)} of {n:,} balls)", width=1.5))
    legend.append(marker_swatch(BALL, "ball in play at the end", edge="black"))
    if title is None:
        drained = int(np.count_nonzero(~np.isnan(result.drain_time)))
        title = f"pycollide pinball: {n:,} balls, {drained:,} drained"
    scene = _table(table, params, title, legend)
    ax = scene.ax
    paths = [result.paths.path(int(k), max_points=1500) for k in launched]
    drawn = [(i, p) for i, p in enumerate(paths) if len(p) > 1]
    if drawn:
        plot_paths(
            [p for _, p in drawn], ax, ends=False, color=[PATH_COLOURS[i] for i, _ in drawn], linewidth=1.3, zorder=3
        )
    on = np.flatnonzero(result.on_table)
    if len(on):
        balls = Circles(center=result.position[on], radius=params.ball_radius)
        plot(balls, ax, facecolor=BALL, edgecolor="black", linewidth=0.8, zorder=5)
    return scene


def movie(
    table: Table,
    result: Result,
    params: PinballParams,
    out: str,
    fps: int = 15,
    length: float = 12.0,
    trails: int = 8,
    step: Optional[Progress] = None,
) -> int:
    """Write the movie of the run: every ball in play, the first ``trails``
    with their paths so far, the time in the title; at most ``length``
    seconds long (a longer run plays faster).  Returns the number of frames."""
    xy = result.paths.xy[: result.paths.rows]
    rows, speed = movie_frames(len(xy), params.dt, fps, length)
    n = len(result.launch_time)
    launched = np.flatnonzero(~np.isnan(result.launch_time))[: max(0, min(trails, len(PATH_COLOURS)))]
    legend = _legend(params) + [
        marker_swatch(BALL, f"a ball (all {n:,})", edge="black"),
        line_swatch(PATH_COLOURS[0], f"path so far ({len(launched)} balls)", width=1.5),
    ]
    scene = _table(table, params, "", legend, **MOVIE_SIZE)
    pace = f", {speed:.1f}x speed" if speed > 1 else ""

    def title(row: int) -> str:
        t = row * params.dt
        in_play = int(np.count_nonzero(~np.isnan(xy[row, :, 0])))
        return f"pycollide pinball: t = {t:5.2f} s{pace}, {in_play} balls in play"

    return animate_balls(
        scene,
        xy,
        rows,
        params.ball_radius,
        BALL,
        "black",
        title,
        out,
        fps,
        step,
        trail_ids=[int(k) for k in launched],
        trail_colours=PATH_COLOURS[: len(launched)],
        trail_width=1.2,
    )
