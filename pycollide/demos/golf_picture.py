"""The mini-golf demo's picture and movie, drawn with matplotlib through
:mod:`pycollide.plotting`: the course (lawn, walls and their merged edges,
the hole, the tee), a sample of the balls' paths, a title and a legend that
names every mark; the movie shows every ball rolling."""

from __future__ import annotations

from typing import Any, List, Optional

import numpy as np

from .. import Circles
from ..plotting import plot, plot_paths
from .cli import Progress
from .figure import MOVIE_SIZE, Scene, line_swatch, marker_swatch, movie_frames, swatch
from .golf import SUNK, GolfParams, Result
from .golf_course import Course

__all__ = ["render", "movie", "Frames", "OUTSIDE", "LAWN", "WALL", "EDGE", "RIM", "HOLE", "TEE", "TRAIL", "TRAIL_SUNK"]

# colours
OUTSIDE = "#303a34"
LAWN = "#56a048"
WALL = "#8c623c"
EDGE = "#3c2614"
RIM = "#ebebeb"
HOLE = "#101010"
TEE = "#dc2828"
TRAIL = "#f5f5eb"
TRAIL_SUNK = "#ffc400"
BALL = "#ffffff"
INK = "#f0f0e8"


def _sample(result: Result, trails: int) -> tuple:
    """Up to ``trails`` recorded paths: up to half of them of sunk balls."""
    ids = result.trail_ids
    sunk = [k for k in range(len(ids)) if result.state[ids[k]] == SUNK][: trails // 2]
    other = [k for k in range(len(ids)) if result.state[ids[k]] != SUNK][: trails - len(sunk)]
    return sunk, other


def _course(course: Course, params: GolfParams, title: str, legend: list, **size: Any) -> Scene:
    """The scene with the course drawn: lawn, walls with their merged edges,
    the hole and the tee."""
    tm = course.tilemap
    xmin, ymin, xmax, ymax = (float(v) for v in tm.bounds)
    margin = 0.5 * float(tm.tile_size)
    scene = Scene(
        (xmin - margin, ymin - margin, xmax + margin, ymax + margin),
        title,
        legend,
        background=OUTSIDE,
        field=OUTSIDE,
        units="tiles",
        ink=INK,
        **size,
    )
    ax = scene.ax
    for spine in ax.spines.values():
        spine.set_visible(False)
    from matplotlib.patches import Rectangle

    ax.add_patch(Rectangle((xmin, ymin), xmax - xmin, ymax - ymin, facecolor=LAWN, edgecolor="none", zorder=0))
    plot(tm, ax, edges=True, facecolor=WALL, edgecolor=EDGE, zorder=1)
    plot(Circles([*course.hole, params.hole_radius * 1.12]), ax, facecolor=RIM, edgecolor="none", zorder=3)
    plot(Circles([*course.hole, params.hole_radius]), ax, facecolor=HOLE, edgecolor="none", zorder=3.1)
    ax.plot(*course.tee, marker="s", markersize=9, color=TEE, zorder=3.2)
    return scene


def _legend(shown: int, total: int, sunk_shown: int, sunk_total: int) -> list:
    return [
        marker_swatch(TEE, "tee", marker="s"),
        marker_swatch(HOLE, "hole", edge=RIM, size=11),
        swatch(WALL, EDGE, "wall"),
        line_swatch(TRAIL, f"a ball's path ({shown:,} of {total:,} balls)", width=1.2),
        line_swatch(TRAIL_SUNK, f"path of a sunk ball ({sunk_shown:,} of {sunk_total:,} sunk)", width=1.8),
        marker_swatch(BALL, "where a ball stopped", size=5),
    ]


def default_title(result: Result) -> str:
    n = len(result.state)
    sunk = int(np.count_nonzero(result.state == SUNK))
    return f"pycollide mini-golf: {n:,} balls, {sunk:,} sunk ({sunk / n if n else 0.0:.1%})"


def render(course: Course, result: Result, params: GolfParams, trails: int = 50, title: Optional[str] = None) -> Scene:
    """The picture: the course, up to ``trails`` recorded paths (up to half
    of them of sunk balls, in yellow on top; the others white, ending in a
    dot where the ball stopped; a sunk ball's path ends in the hole), a
    title and a legend that says how many paths of how many balls it shows."""
    sunk, other = _sample(result, trails)
    n = len(result.state)
    n_sunk = int(np.count_nonzero(result.state == SUNK))
    legend = _legend(len(sunk) + len(other), n, len(sunk), n_sunk)
    scene = _course(course, params, title if title is not None else default_title(result), legend)
    ax = scene.ax
    if other:
        plot_paths([result.trails[k] for k in other], ax, ends=False, color=TRAIL, linewidth=0.8, zorder=2)
        ends = np.array([result.trails[k][-1] for k in other])
        plot(Circles(center=ends, radius=params.ball_radius), ax, facecolor=BALL, edgecolor="none", zorder=2.2)
    if sunk:
        plot_paths([result.trails[k] for k in sunk], ax, ends=False, color=TRAIL_SUNK, linewidth=1.3, zorder=2.5)
    return scene


class Frames:
    """Every ball's centre at every ``every``-th step, for the movie: an
    ``on_step`` hook for :func:`golf.simulate`."""

    def __init__(self, start: np.ndarray, every: int):
        self.now = np.array(start, dtype=float)
        self.every = every
        self.rows: List[np.ndarray] = [self.now.astype(np.float32)]
        self.last = np.zeros(len(start), dtype=np.int64)  # the last step each ball moved in
        self.step = 0

    def __call__(self, ids: np.ndarray, old: np.ndarray, new: np.ndarray) -> None:
        self.step += 1
        self.now[ids] = new
        self.last[ids] = self.step
        if self.step % self.every == 0:
            self.rows.append(self.now.astype(np.float32))

    def finish(self, result: Result) -> np.ndarray:
        """(frames, n, 2): a sunk ball is gone (NaN) from the first row after it dropped."""
        if self.step % self.every:
            self.rows.append(self.now.astype(np.float32))
        xy = np.stack(self.rows)
        row_step = np.minimum(np.arange(len(xy)) * self.every, self.step)
        gone = (result.state == SUNK)[None, :] & (row_step[:, None] >= self.last[None, :])
        xy[gone] = np.nan
        return xy


def movie(
    course: Course,
    result: Result,
    params: GolfParams,
    xy: np.ndarray,
    every: int,
    out: str,
    fps: int = 15,
    length: float = 12.0,
    step: Optional[Progress] = None,
) -> int:
    """Write the movie of the run: every ball rolling from the tee, the time
    in the title; ``xy`` from :class:`Frames`.  At most ``length`` seconds
    long (a longer run plays faster).  Returns the number of frames."""
    n = xy.shape[1]
    rows, _ = movie_frames(len(xy), every * params.dt, fps, length)
    legend = [
        marker_swatch(TEE, "tee", marker="s"),
        marker_swatch(HOLE, "hole", edge=RIM, size=11),
        swatch(WALL, EDGE, "wall"),
        marker_swatch(BALL, f"a ball (all {n:,})", size=5),
    ]
    scene = _course(course, params, "", legend, **MOVIE_SIZE)
    balls = scene.ax.scatter(
        np.zeros(0), np.zeros(0), s=scene.disc_area(params.ball_radius), color=BALL, linewidths=0, zorder=4
    )

    def update(k: int) -> List[Any]:
        row = xy[rows[k]]
        on = ~np.isnan(row[:, 0])
        balls.set_offsets(row[on])
        t = rows[k] * every * params.dt
        sunk = int(np.count_nonzero(~on))
        scene.set_title(f"pycollide mini-golf: t = {t:5.2f} s, {n:,} balls, {sunk:,} sunk")
        return [balls]

    try:
        scene.animate(update, len(rows), out, fps, step)
    finally:
        scene.close()
    return len(rows)
