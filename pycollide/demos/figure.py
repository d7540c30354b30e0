"""What the demos' pictures and movies share, drawn with matplotlib through
:mod:`pycollide.plotting`: a figure whose axes are in world units, a title
that wraps to fit, a legend under the scene that names every mark, output by
file extension (``.png``, ``.svg``, ``.pdf``; ``.gif`` and ``.mp4`` for
movies), and a movie writer with a progress bar."""

from __future__ import annotations

import math
import os
import textwrap
from typing import Any, Callable, List, Optional, Sequence, Tuple

from .cli import OutputError, Progress, check_output

__all__ = [
    "PICTURES",
    "MOVIE_SIZE",
    "MOVIES",
    "pyplot",
    "check_picture",
    "check_movie",
    "Scene",
    "swatch",
    "line_swatch",
    "marker_swatch",
    "movie_frames",
    "animate_balls",
    "bar",
]

#: the picture formats, by file extension
PICTURES = (".png", ".svg", ".pdf")
#: the movie formats: GIF through Pillow, MP4 through ffmpeg
MOVIES = (".gif", ".mp4")

#: a movie's frame: 8 inches at 80 dots per inch (640 pixels wide)
MOVIE_SIZE = {"width": 8.0, "dpi": 80.0}

#: the title's font size, points
TITLE_PT = 12.0

INSTALL = 'pip install "pycollide[plot]"'


def pyplot() -> Any:
    """matplotlib.pyplot on the Agg backend (files only, no window), or an
    OutputError that says how to install it."""
    try:
        import matplotlib
    except ImportError:
        raise OutputError(
            f"the demos draw with matplotlib, which is not installed: {INSTALL} (or pass --out '')"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _extension(path: str, allowed: Sequence[str], what: str) -> str:
    ext = os.path.splitext(path)[1].lower()
    if ext not in allowed:
        raise OutputError(f"{what} {path}: the file name must end in {', '.join(allowed)} (the format)")
    return ext


def check_picture(path: Optional[str]) -> None:
    """Before any work: a picture's format (by extension), its folder, and matplotlib."""
    if not path:
        return
    _extension(path, PICTURES, "picture")
    check_output(path, "picture")
    pyplot()


def check_movie(path: Optional[str]) -> None:
    """Before any work: a movie's format, its folder, matplotlib, and Pillow
    (GIF) or ffmpeg (MP4)."""
    if not path:
        return
    ext = _extension(path, MOVIES, "movie")
    check_output(path, "movie")
    pyplot()
    from matplotlib import animation

    writer = "pillow" if ext == ".gif" else "ffmpeg"
    if not animation.writers.is_available(writer):
        need = "Pillow (pip install pillow)" if ext == ".gif" else "ffmpeg on the PATH (or write a .gif)"
        raise OutputError(f"movie {path}: writing {ext} needs {need}")


# ---- legend swatches -------------------------------------------------------------------


def swatch(face: Any, edge: Any = "none", label: str = "") -> Any:
    """A legend entry for a filled area."""
    from matplotlib.patches import Patch

    return Patch(facecolor=face, edgecolor=edge, label=label)


def line_swatch(colour: Any, label: str, width: float = 2.0, style: Any = "-") -> Any:
    """A legend entry for a path."""
    from matplotlib.lines import Line2D

    return Line2D([], [], color=colour, linewidth=width, linestyle=style, label=label)


def marker_swatch(face: Any, label: str, marker: str = "o", edge: Any = "none", size: float = 9) -> Any:
    """A legend entry for a mark (a ball, a tee)."""
    from matplotlib.lines import Line2D

    return Line2D(
        [],
        [],
        linestyle="none",
        marker=marker,
        markersize=size,
        markerfacecolor=face,
        markeredgecolor=edge,
        label=label,
    )


# ---- the scene -------------------------------------------------------------------------


class Scene:
    """A figure for a demo: one axes holding ``box`` (xmin, ymin, xmax, ymax,
    world units) at an equal aspect, ``width`` inches wide at ``dpi``, text
    in ``ink``, a title above (wrapped to the figure's width) and a legend below; laid out
    by matplotlib's constrained layout, so that nothing is cut and every
    frame of a movie has the same size.  ``set_title`` wraps a new title the
    same way."""

    def __init__(
        self,
        box: Tuple[float, float, float, float],
        title: str,
        legend: Sequence[Any],
        *,
        width: float = 10.0,
        dpi: float = 100.0,
        background: Any = "white",
        field: Any = "white",
        units: str = "",
        max_height: float = 11.0,
        ink: Any = "black",
    ) -> None:
        plt = pyplot()
        xmin, ymin, xmax, ymax = box
        self.box = box
        aspect = (ymax - ymin) / (xmax - xmin)
        columns = self._columns(legend, width)
        rows = math.ceil(len(legend) / columns) if legend else 0
        # the axes' height from the width, then room for the title and legend rows
        extra = 0.9 + 0.32 * rows + 0.22 * (len(_wrap(title, width)) - 1)
        scene_w = width - 0.8
        scene_h = scene_w * aspect
        if scene_h + extra > max_height:  # a tall scene: narrower, as wide as its legend needs at least
            scene_h = max_height - extra
            width = max(scene_h / aspect + 0.8, min(width, self._legend_width(legend)))
            columns = self._columns(legend, width)
        # whole, even numbers of pixels: every writer makes the same size, and
        # H.264 (an .mp4 through ffmpeg) takes only even ones
        self.pixels = [2 * round(width * dpi / 2), 2 * round((scene_h + extra) * dpi / 2)]
        # inches a hair over pixels / dpi: 452 / 100 * 100 is 451.99999999999994, which some
        # matplotlib versions truncate (3.7) and others round
        size = (self.pixels[0] / dpi * (1 + 2.0**-40), self.pixels[1] / dpi * (1 + 2.0**-40))
        self.fig = plt.figure(figsize=size, dpi=dpi, layout="constrained", facecolor=background)
        self.ax = self.fig.add_subplot()
        ax = self.ax
        ax.set_facecolor(field)
        ax.set_xlim(xmin, xmax)
        ax.set_ylim(ymin, ymax)
        ax.set_aspect("equal")
        ax.set_autoscale_on(False)  # plotting's calls keep these limits
        ax.tick_params(labelsize=8)
        if units:
            ax.set_xlabel(f"x ({units})", fontsize=8)
            ax.set_ylabel(f"y ({units})", fontsize=8)
        ax.tick_params(colors=ink, labelcolor=ink)
        ax.xaxis.label.set_color(ink)
        ax.yaxis.label.set_color(ink)
        self.title = self.fig.suptitle("\n".join(_wrap(title, size[0])), fontsize=TITLE_PT, color=ink)
        self.legend = None
        if legend:
            self.legend = self.fig.legend(
                handles=list(legend),
                loc="outside lower center",
                ncols=columns,
                fontsize=9,
                frameon=False,
                labelcolor=ink,
            )

    def set_title(self, text: str) -> None:
        """A new title, wrapped to the figure's width."""
        self.title.set_text("\n".join(_wrap(text, self.fig.get_figwidth())))

    @staticmethod
    def _columns(legend: Sequence[Any], width: float) -> int:
        """Legend columns that fit the width (about 0.075 in a character at 9 pt)."""
        if not legend:
            return 1
        longest = max(len(h.get_label()) for h in legend)
        per = 0.075 * longest + 0.6
        return max(1, min(len(legend), int(width // per)))

    @staticmethod
    def _legend_width(legend: Sequence[Any]) -> float:
        """The inches a legend of three columns needs."""
        if not legend:
            return 0.0
        longest = max(len(h.get_label()) for h in legend)
        return 3 * (0.075 * longest + 0.6) + 0.4

    def disc_area(self, radius: float) -> float:
        """The scatter marker size (points squared) of a disc of ``radius``
        world units in this scene's laid-out axes: movies draw their balls as
        markers, which matplotlib renders far faster than a path per ball."""
        self.fig.canvas.draw()  # lay out: the axes' final size
        (x0, _), (x1, _) = self.ax.transData.transform([(0.0, 0.0), (1.0, 0.0)])
        diameter = 2.0 * radius * abs(x1 - x0) * 72.0 / self.fig.dpi
        return diameter * diameter

    def save(self, out: str) -> List[int]:
        """Write the figure to ``out`` in the format its extension names; its
        size in pixels [width, height]."""
        from matplotlib import rc_context

        # an SVG keeps its text as text (searchable, selectable, smaller), not as paths
        with rc_context({"svg.fonttype": "none"}):
            self.fig.savefig(out, dpi=self.fig.dpi)
        return list(self.pixels)

    def close(self) -> None:
        pyplot().close(self.fig)

    def animate(
        self,
        update: Callable[[int], Any],
        frames: int,
        out: str,
        fps: int,
        step: Optional[Progress] = None,
    ) -> None:
        """Write a movie of ``frames`` frames to ``out`` (GIF through Pillow,
        MP4 through ffmpeg): ``update(k)`` changes the artists for frame k;
        the progress line shows a bar while the frames render."""
        from matplotlib import animation

        ext = os.path.splitext(out)[1].lower()
        writer: Any
        if ext == ".gif":
            writer = animation.PillowWriter(fps=fps)
        else:
            writer = animation.FFMpegWriter(fps=fps, bitrate=2400)
        # lay the figure out once and keep it: every frame has the same layout,
        # and the writer then draws each frame once (FuncAnimation draws twice)
        self.fig.canvas.draw()
        self.fig.set_layout_engine("none")
        with writer.saving(self.fig, out, dpi=self.fig.dpi):
            for k in range(frames):
                update(k)
                writer.grab_frame()
                if step is not None:
                    step.update(f"frame {k + 1}/{frames} {bar(k + 1, frames)}", last=k + 1 == frames)


def _wrap(text: str, width: float) -> List[str]:
    """The title's lines: words wrapped to fit ``width`` inches (about 0.6 em
    a character at TITLE_PT, a little wider than the font's average)."""
    per_line = max(20, int(width * 72.0 / (0.6 * TITLE_PT)))
    return textwrap.wrap(text, per_line) or [text]


def bar(done: int, total: int, width: int = 24) -> str:
    """A text progress bar: [#########...............]."""
    filled = int(width * done / total) if total else width
    return "[" + "#" * filled + "." * (width - filled) + "]"


def movie_frames(rows: int, dt: float, fps: float, length: float) -> Tuple[List[int], float]:
    """The recorded rows (``rows`` of them, one every ``dt`` seconds of play)
    a movie at ``fps`` frames per second shows, one per frame at the frame's
    time (the last row held at the end), and the speed it plays at: real
    time, or faster so that it lasts at most ``length`` seconds."""
    duration = (rows - 1) * dt
    speed = max(1.0, duration / length)
    frames = max(1, int(math.ceil(duration / speed * fps)) + 1)
    return [min(rows - 1, int(round(k / fps / (dt / speed)))) for k in range(frames)], speed


def animate_balls(
    scene: Scene,
    xy: Any,
    rows: Sequence[int],
    radius: float,
    face: Any,
    edge: Any,
    title: Callable[[int], str],
    out: str,
    fps: int,
    step: Optional[Progress] = None,
    trail_ids: Sequence[int] = (),
    trail_colours: Any = None,
    trail_width: float = 1.2,
) -> int:
    """A movie of recorded balls: ``xy`` (steps + 1, n, 2), NaN where a ball
    is not on the table; frame k shows row ``rows[k]``: every ball there as a
    disc of ``radius`` (``face`` and ``edge``: a colour, or one per ball),
    the paths of the balls ``trail_ids`` so far, and ``title(row)`` as the
    title.  Returns the number of frames."""
    import numpy as np
    from matplotlib.collections import LineCollection

    face = np.asarray([_rgba(c) for c in face]) if _per_ball(face) else face
    edge = np.asarray([_rgba(c) for c in edge]) if _per_ball(edge) else edge
    ax = scene.ax
    trails = LineCollection([], colors=trail_colours, linewidths=trail_width, zorder=3)
    ax.add_collection(trails, autolim=False)
    # the paths so far: every few rows (a few points between frames keep the corners of impacts)
    stride = max(1, (rows[1] - rows[0]) // 6) if len(rows) > 1 else 1
    balls = ax.scatter(np.zeros(0), np.zeros(0), s=scene.disc_area(radius), marker="o", linewidths=0.8, zorder=5)

    def update(k: int) -> List[Any]:
        row = rows[k]
        at = xy[row]
        on = ~np.isnan(at[:, 0])
        balls.set_offsets(at[on])
        balls.set_facecolor(face[on] if isinstance(face, np.ndarray) else face)
        balls.set_edgecolor(edge[on] if isinstance(edge, np.ndarray) else edge)
        if len(trail_ids):
            trails.set_segments([np.concatenate([xy[:row:stride, i], xy[row : row + 1, i]]) for i in trail_ids])
        scene.set_title(title(row))
        return [balls, trails]

    try:
        scene.animate(update, len(rows), out, fps, step)
    finally:
        scene.close()
    return len(rows)


def _per_ball(colours: Any) -> bool:
    return isinstance(colours, (list, tuple)) and bool(colours) and not isinstance(colours[0], (int, float))


def _rgba(colour: Any) -> Tuple[float, float, float, float]:
    from matplotlib.colors import to_rgba

    return to_rgba(colour)
