"""The platformer demo's picture and movie, drawn with matplotlib through
:mod:`pycollide.plotting`: the level (tiles with their merged edges, the
one-way ledges dashed, each moving platform's path as a shaded band), the
hero's path, the hero, the crates and the platforms where they end, a title
and a legend; the movie shows the run frame by frame."""

from __future__ import annotations

from typing import Any, List, Optional

import numpy as np

from ..plotting import plot, plot_paths
from .cli import Progress
from .figure import MOVIE_SIZE, Scene, line_swatch, movie_frames, swatch
from .platformer import Level, PlatformerParams, Result

__all__ = ["render", "movie", "SKY", "WALL", "EDGE", "LEDGE", "PLATFORM", "PLATFORM_PATH", "HERO", "CRATE", "PATH"]

SKY = "#cfe6f5"
WALL = "#6b7b53"
EDGE = "#2c3320"
LEDGE = "#a0522d"
PLATFORM = "#7b3fa0"
PLATFORM_PATH = "#e3d3ee"
HERO = "#e4572e"
CRATE = "#c8963e"
PATH = "#1d4e89"
INK = "#1a1a1a"


def _level(level: Level, title: str, legend: list, **size: Any) -> Scene:
    xmin, ymin, xmax, ymax = (float(v) for v in level.tilemap.bounds)
    scene = Scene(
        (xmin, ymin, xmax, ymax), title, legend, background="white", field=SKY, ink=INK, units="tiles", **size
    )
    plot(level.tilemap, scene.ax, edges=True, facecolor=WALL, edgecolor=EDGE, zorder=1)
    for ground in level.outlines:  # regions filled as the tiles, polylines as their edges
        plot(ground, scene.ax, facecolor=WALL, edgecolor=EDGE, linewidth=1.5, zorder=1.1)
    if len(level.ledges):
        plot(level.ledges, scene.ax, facecolor=LEDGE, edgecolor=EDGE, linestyle="--", zorder=1.5)
    if len(level.platforms):  # the band each platform's path sweeps
        plot(level.platform_bands(), scene.ax, facecolor=PLATFORM_PATH, edgecolor=PLATFORM, linestyle=":", zorder=1.2)
    return scene


def _legend(level: Level, frames: int) -> list:
    entries = [
        swatch(WALL, EDGE, "tiles (merged edges)" + (", regions, polylines" if level.outlines else "")),
        swatch(LEDGE, EDGE, "one-way ledge"),
    ]
    if len(level.platforms):
        entries.append(swatch(PLATFORM, "black", "moving platform"))
        entries.append(swatch(PLATFORM_PATH, PLATFORM, "a platform's path"))
    return entries + [
        line_swatch(PATH, f"the hero's path ({frames:,} frames)", width=1.5),
        swatch(HERO, "black", "hero (capsule)"),
        swatch(CRATE, "black", "crate (box or polygon)"),
    ]


def _movers(ax: Any, result: Result, k: int) -> List[Any]:
    artists = []
    if len(result.platforms[k]):
        artists += plot(result.platforms[k], ax, facecolor=PLATFORM, edgecolor="black", zorder=2)
    artists += plot(result.hero_shapes[k], ax, facecolor=HERO, edgecolor="black", zorder=4)
    for group in (result.crate_boxes[k], result.crate_polygons[k]):
        if len(group):
            artists += plot(group, ax, facecolor=CRATE, edgecolor="black", zorder=3)
    return artists


def default_title(level: Level, result: Result, params: PlatformerParams) -> str:
    floor = float(np.mean(result.hero_on_floor)) if result.frames else 0.0
    return (
        f"pycollide platformer: {result.frames:,} frames at {params.fps} fps, hero on the floor "
        f"{floor:.0%} of them, {result.jumps} jumps, {result.platform_frames:,} on a platform; "
        f"ghost normals {result.ghost_normals}, "
        f"ends inside {result.ends_inside}"
    )


def render(level: Level, result: Result, params: PlatformerParams, title: Optional[str] = None) -> Scene:
    """The picture: the level, the platforms' and the hero's paths, the hero, crates and platforms at the end."""
    scene = _level(
        level, title if title is not None else default_title(level, result, params), _legend(level, result.frames)
    )
    plot_paths(result.hero_path, scene.ax, ends=False, color=PATH, linewidth=1.5, zorder=2.5)
    _movers(scene.ax, result, result.frames)
    return scene


def movie(
    level: Level,
    result: Result,
    params: PlatformerParams,
    out: str,
    fps: int = 15,
    length: float = 12.0,
    step: Optional[Progress] = None,
) -> int:
    """Write the movie of the run: the hero and crates each frame, the path so
    far; at most ``length`` seconds long.  Returns the number of frames."""
    dt = 1.0 / params.fps
    rows, _ = movie_frames(result.frames + 1, dt, fps, length)
    scene = _level(level, "", _legend(level, result.frames), **MOVIE_SIZE)
    ax = scene.ax
    trail: Any = plot_paths(result.hero_path[:1], ax, ends=False, color=PATH, linewidth=1.5, zorder=2.5)[0]
    shown: List[Any] = []

    def update(k: int) -> None:
        row = rows[k]
        for artist in shown:
            artist.remove()
        shown[:] = _movers(ax, result, row)
        trail.set_segments([result.hero_path[: row + 1]])
        scene.set_title(f"pycollide platformer: t = {row * dt:5.2f} s, frame {row:,} of {result.frames:,}")

    try:
        scene.animate(update, len(rows), out, fps, step)
    finally:
        scene.close()
    return len(rows)
