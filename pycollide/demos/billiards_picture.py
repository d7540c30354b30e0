"""The billiards demo's picture and movie, drawn with matplotlib through
:mod:`pycollide.plotting`: the table (rail, pockets, cushions, felt,
sights), every ball's path in its colour and the balls left on the table,
a title and a legend naming the pocketed balls; the movie shows the break."""

from __future__ import annotations

from typing import Any, List, Optional

import numpy as np

from .. import Circles
from ..plotting import plot, plot_paths
from .billiards import BilliardsParams, Result, Table
from .cli import Progress
from .figure import MOVIE_SIZE, Scene, animate_balls, line_swatch, marker_swatch, movie_frames, swatch

__all__ = ["render", "movie", "BALL_COLOURS", "FELT", "CUSHION", "CUSHION_EDGE", "RAIL", "POCKET", "SIGHT"]

BACKGROUND = "#202623"
FELT = "#167042"
CUSHION = "#0e5430"
CUSHION_EDGE = "#083820"
RAIL = "#704222"
POCKET = "#0a0a0a"
SIGHT = "#ece2c4"
INK = "#f0f0e8"
#: ball k's colour (0: the cue ball; 9-15 are the stripes of 1-7)
BALL_COLOURS = ["#fafaf4", "#facc14", "#1e50dc", "#dc1e1e", "#7828aa", "#fa7814", "#14a046", "#961e28", "#1e1e1e"]
BALL_COLOURS += BALL_COLOURS[1:8]
STRIPE = "#fafaf4"


def _name(k: int) -> str:
    return "cue ball" if k == 0 else f"ball {k}"


def _table(table: Table, title: str, legend: list, **size: Any) -> Scene:
    """The scene with the table drawn: rail, pockets, felt, cushions, sights."""
    L, W, depth = table.length, table.width, table.depth
    border = depth + 0.1
    scene = Scene(
        (-border, -border, L + border, W + border), title, legend, background=BACKGROUND, field=RAIL, ink=INK, **size
    )
    ax = scene.ax
    ax.set_axis_off()
    from matplotlib.patches import Rectangle

    ax.add_patch(Rectangle((-border, -border), L + 2 * border, W + 2 * border, facecolor=RAIL, zorder=0.4))
    ax.add_patch(Rectangle((-depth, -depth), L + 2 * depth, W + 2 * depth, facecolor=POCKET, zorder=0.5))
    ax.add_patch(Rectangle((0, 0), L, W, facecolor=FELT, zorder=0.6))
    plot(table.cushions, ax, facecolor=CUSHION, edgecolor=CUSHION_EDGE, linewidth=1.0, zorder=1)
    plot(Circles(table.pockets), ax, facecolor=POCKET, edgecolor="none", zorder=1.5)
    sights = [(f * L / 8, y) for f in (1, 2, 3, 5, 6, 7) for y in (-depth - 0.05, W + depth + 0.05)]
    sights += [(x, f * W / 4) for f in (1, 2, 3) for x in (-depth - 0.05, L + depth + 0.05)]
    plot(Circles(center=sights, radius=0.011), ax, facecolor=SIGHT, edgecolor="none", zorder=1.5)
    return scene


def _balls(ax: Any, centres: np.ndarray, ids: List[int], radius: float) -> None:
    """Balls as discs: solids in their colour, stripes white with a coloured
    band, the cue ball white; each numbered."""
    if not ids:
        return
    from matplotlib.patches import Rectangle

    faces = [STRIPE if k >= 9 else BALL_COLOURS[k] for k in ids]
    plot(Circles(center=centres[ids], radius=radius), ax, facecolor=faces, edgecolor="black", linewidth=0.8, zorder=5)
    for k in ids:
        x, y = centres[k]
        if k >= 9:
            band = Rectangle((x - 0.8 * radius, y - 0.55 * radius), 1.6 * radius, 1.1 * radius, zorder=5.1)
            band.set_facecolor(BALL_COLOURS[k])
            band.set_edgecolor("none")
            ax.add_patch(band)
        if k:
            ax.text(
                x,
                y,
                str(k),
                ha="center",
                va="center",
                fontsize=6,
                zorder=5.2,
                color="black",
                bbox={"boxstyle": "circle,pad=0.15", "facecolor": STRIPE, "edgecolor": "none"},
            )


def render(table: Table, result: Result, params: BilliardsParams, title: Optional[str] = None) -> Scene:
    """The picture: the table, every ball's path in its colour (a pocketed
    ball's path ends at its pocket; the 8's in grey, to show on the felt),
    the balls left on the table where they stopped, a title and a legend that
    names the pocketed balls with their times."""
    dropped = [int(k) for k in np.argsort(result.pocket_time, kind="stable") if result.pocket[k] >= 0]
    legend = [swatch(POCKET, "none", "pocket"), line_swatch(BALL_COLOURS[0], "a ball's path, in its colour")]
    for k in dropped:
        face = STRIPE if k >= 9 else BALL_COLOURS[k]
        edge = BALL_COLOURS[k] if k >= 9 else "black"
        legend.append(marker_swatch(face, f"{_name(k)} pocketed at {result.pocket_time[k]:.2f} s", edge=edge))
    if not dropped:
        legend.append(marker_swatch("none", "no ball pocketed", edge="none"))
    if title is None:
        title = (
            f"pycollide billiards: break at {params.speed:g} m/s; {len(dropped)} pocketed; "
            f"{result.ball_collisions} ball-ball, {result.cushion_impacts} cushion impacts"
        )
    scene = _table(table, title, legend)
    ax = scene.ax
    order = list(range(1, 16)) + [0]  # the cue ball's path on top
    paths = [result.paths.path(k) for k in order]
    drawn = [(k, p) for k, p in zip(order, paths) if len(p) > 1]
    if drawn:
        colours = ["#5a5a5a" if k == 8 else BALL_COLOURS[k] for k, _ in drawn]
        widths = [2.0 if k == 0 else 1.5 for k, _ in drawn]
        plot_paths([p for _, p in drawn], ax, ends=False, color=colours, linewidth=widths, zorder=3)
    _balls(ax, result.position, [k for k in range(16) if result.pocket[k] < 0], params.ball_radius)
    return scene


def movie(
    table: Table,
    result: Result,
    params: BilliardsParams,
    out: str,
    fps: int = 15,
    length: float = 12.0,
    step: Optional[Progress] = None,
) -> int:
    """Write the movie of the break: every ball moving with its path so far,
    the time in the title; real time unless the run is longer than
    ``length`` seconds.  Returns the number of frames."""
    xy = result.paths.xy[: result.paths.rows]
    rows, _ = movie_frames(len(xy), params.dt, fps, length)
    legend = [swatch(POCKET, "none", "pocket"), marker_swatch(BALL_COLOURS[0], "cue ball", edge="black")]
    legend += [marker_swatch(BALL_COLOURS[k], "solid 1-7", edge="black") for k in (1,)]
    legend += [
        marker_swatch(STRIPE, "stripe 9-15", edge=BALL_COLOURS[9]),
        marker_swatch(BALL_COLOURS[8], "the 8", edge="#a0a0a0"),
    ]
    scene = _table(table, "", legend, **MOVIE_SIZE)
    faces = [BALL_COLOURS[k] if k < 9 else STRIPE for k in range(16)]
    edges = ["black" if k < 9 else BALL_COLOURS[k] for k in range(16)]
    trail_colours = ["#5a5a5a" if k == 8 else BALL_COLOURS[k] for k in range(16)]

    def title(row: int) -> str:
        t = row * params.dt
        gone = int(np.count_nonzero(result.pocket_time <= t))
        return f"pycollide billiards: the break, t = {t:4.2f} s, {gone} pocketed"

    return animate_balls(
        scene,
        xy,
        rows,
        params.ball_radius,
        faces,
        edges,
        title,
        out,
        fps,
        step,
        trail_ids=range(16),
        trail_colours=trail_colours,
        trail_width=1.0,
    )
