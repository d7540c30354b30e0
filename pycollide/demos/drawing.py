"""What the demos' pictures share: the title and legend bars (their colours,
the text size), legend rows, and for the tables a frame that maps the scene
to pixels under a title bar and above the legend."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, List, Sequence, Tuple, TypeVar

import numpy as np
from numpy.typing import ArrayLike

from .png import Canvas

__all__ = [
    "INK",
    "PAPER",
    "TEXT",
    "BAR",
    "legend_rows",
    "Swatch",
    "path_swatch",
    "Legend",
    "Frame",
    "frame_and_canvas",
    "title",
]

Color = Tuple[int, int, int]

INK = (240, 240, 232)  # text
PAPER = (32, 38, 35)  # title and legend bars

TEXT = 2  # pixels per font pixel
BAR = 7 * TEXT + 16  # height of the title and legend bars

T = TypeVar("T", bound=Tuple[object, str])


def legend_rows(items: Sequence[T], width: float) -> List[List[T]]:
    """Legend items (a swatch and its label) packed into rows that fit the width."""
    rows: List[List[T]] = [[]]
    x = 10.0
    for item in items:
        need = 30 + 6 * TEXT * len(item[1]) + 18
        if rows[-1] and x + need > width - 10:
            rows.append([])
            x = 10.0
        rows[-1].append(item)
        x += need
    return rows


Swatch = Callable[[Canvas, float, float], float]  # draws at (x, mid), returns its width


def path_swatch(colour: Color, width: float) -> Swatch:
    """A legend swatch: a short zigzag path in ``colour``, ``width`` pixels wide."""

    def draw(canvas: Canvas, x: float, mid: float) -> float:
        canvas.polylines([np.array([[x, mid + 4], [x + 12, mid - 4], [x + 24, mid + 2]])], colour, width=width)
        return 24

    return draw


class Legend:
    """Legend items (a swatch and a label) packed into rows under the scene."""

    def __init__(self, items: Sequence[Tuple[Swatch, str]]):
        self.items = list(items)

    def rows(self, width: float) -> List[List[Tuple[Swatch, str]]]:
        return legend_rows(self.items, width)

    def draw(self, canvas: Canvas, top: float) -> None:
        for r, items in enumerate(self.rows(canvas.width)):
            mid = top + BAR / 2 + r * (BAR - 8)
            x = 10.0
            for swatch, label in items:
                x += swatch(canvas, x, mid) + 6
                w, _ = canvas.text(x, mid - 3.5 * TEXT, label, INK, TEXT)
                x += w + 18


@dataclass
class Frame:
    """World-to-pixel mapping of a picture: a title bar on top, the scene,
    legend rows below.  ``box``: the scene's world bounds (xmin, ymin, xmax,
    ymax); ``ppu``: pixels per world unit."""

    box: Tuple[float, float, float, float]
    ppu: float
    width: int
    height: int
    left: float
    top: float

    @classmethod
    def fit(cls, box: Tuple[float, float, float, float], long_side: int, rows: int, min_width: int = 480) -> "Frame":
        xmin, ymin, xmax, ymax = box
        ppu = long_side / max(xmax - xmin, ymax - ymin)
        width = max(int(math.ceil((xmax - xmin) * ppu)), min_width)
        height = int(math.ceil((ymax - ymin) * ppu)) + BAR + rows * (BAR - 8) + 8
        left = (width - (xmax - xmin) * ppu) / 2
        return cls(box, ppu, width, height, left, BAR)

    def px(self, p: ArrayLike) -> np.ndarray:
        """World points (..., 2) to pixel coordinates (y down)."""
        q = np.asarray(p, dtype=float)
        xmin, _, _, ymax = self.box
        return np.stack([(q[..., 0] - xmin) * self.ppu + self.left, (ymax - q[..., 1]) * self.ppu + self.top], axis=-1)

    @property
    def foot(self) -> float:
        """The pixel row where the legend bar starts."""
        return self.top + (self.box[3] - self.box[1]) * self.ppu


def frame_and_canvas(
    box: Tuple[float, float, float, float], long_side: int, legend: Legend, background: Color
) -> Tuple[Frame, Canvas]:
    """A frame that fits the scene and the legend, and its canvas with the
    title and legend bars painted."""
    guess = Frame.fit(box, long_side, 1)
    rows = len(legend.rows(guess.width))
    frame = Frame.fit(box, long_side, rows)
    canvas = Canvas(frame.width, frame.height, background)
    canvas.fill_rect(0, 0, frame.width, BAR, PAPER)
    canvas.fill_rect(0, frame.foot, frame.width, frame.height, PAPER)
    return frame, canvas


def title(canvas: Canvas, text: str) -> None:
    """Write the picture's title in its title bar."""
    canvas.text(10, (BAR - 7 * TEXT) / 2, text, INK, TEXT)
