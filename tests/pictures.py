"""Reading the demos' pictures and movies back in the tests (Pillow reads
them; matplotlib names the colours)."""

import numpy as np
import pytest

Image = pytest.importorskip("PIL.Image")
colors = pytest.importorskip("matplotlib.colors")


def read_png(path):
    """A PNG as uint8 pixels (height, width, 3)."""
    with Image.open(path) as im:
        assert im.format == "PNG"
        return np.asarray(im.convert("RGB"))


def rgb255(colour):
    """A matplotlib colour as the (r, g, b) bytes a PNG holds."""
    return tuple(int(round(255 * c)) for c in colors.to_rgb(colour))


def colour_present(pixels, colour):
    """Whether some pixel is exactly the colour (flat areas keep it under anti-aliasing)."""
    return bool((pixels == rgb255(colour)).all(axis=2).any())


def gif_frames(path):
    """(frame count, (width, height)) of a GIF."""
    with Image.open(path) as im:
        assert im.format == "GIF"
        return im.n_frames, im.size


def fits(scene):
    """Whether the scene's title and legend lie inside its figure, drawn."""
    fig = scene.fig
    renderer = fig.canvas.get_renderer()
    fig.draw(renderer)
    box = fig.bbox
    parts = [scene.title] + ([scene.legend] if scene.legend is not None else [])
    for artist in parts:
        ext = artist.get_window_extent(renderer)
        if ext.x0 < box.x0 - 0.5 or ext.x1 > box.x1 + 0.5 or ext.y0 < box.y0 - 0.5 or ext.y1 > box.y1 + 0.5:
            return False
    return True
