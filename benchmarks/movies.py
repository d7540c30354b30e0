"""How long the demos' pictures and movies take to draw, and the manual's images.

Runs each demo's simulation once, then times, ``--repeat`` times each, the
picture (``render`` + PNG) and the movie (GIF through Pillow, the demos'
defaults: 15 frames a second, 640 pixels wide, at most 12 s).  Prints a
Markdown table (best, median and worst of the repeats) for
benchmarks/movies.md.  With ``--images DIR`` it also writes the images the
README and the manual show: each demo's picture, a frame from the middle of
each movie, and the plotting module's tour (every kind and result).

    .venv/bin/python benchmarks/movies.py --repeat 3 --images docs/images
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import pycollide as pc  # noqa: E402
from pycollide.demos import (  # noqa: E402
    billiards,
    billiards_picture,
    golf,
    golf_course,
    golf_picture,
    pinball,
    pinball_picture,  # noqa: E402
)
from pycollide.demos.figure import MOVIE_SIZE  # noqa: E402


def timed(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return times


def middle_frame(gif: Path, png: Path, at: float) -> None:
    from PIL import Image

    with Image.open(gif) as im:
        im.seek(int(at * (im.n_frames - 1)))
        im.convert("RGB").save(png)


def tour(path: Path) -> None:
    """The plotting module's tour: every kind, a tile map, a contact, a
    manifold, rays, a sweep and pairs, in four panels."""
    from pycollide.plotting import plot, plot_contact, plot_manifold, plot_pairs, plot_raycast, plot_sweep

    fig, axes = plt.subplots(2, 2, figsize=(11, 8), layout="constrained")
    ax = axes[0, 0]
    ax.set_title("plot(shapes): every kind", fontsize=10)
    plot(pc.Points([[0.5, 0.5], [1, 0.8], [0.7, 1.3]]), ax, label="Points")
    plot(pc.Circles([[3, 1, 0.8]]), ax, label="Circles")
    plot(pc.Boxes([[5, 0.2, 6.5, 1.8]]), ax, label="Boxes")
    plot(pc.Segments([[0, 3, 1.5, 4.5], [0.5, 2.6, 2, 3.1]]), ax, label="Segments")
    plot(pc.Triangles([[3, 2.6, 4.5, 2.8, 3.4, 4.4]]), ax, label="Triangles")
    plot(pc.Capsules([[5.2, 3, 6.6, 4.2, 0.35]]), ax, label="Capsules")
    plot(pc.Polygons.from_box(center=[[8, 1], [8, 3.6]], half_size=[0.7, 0.5], angle=[0.4, 1.1]), ax, label="Polygons")
    plot(pc.Lines([[0, 5.4, 1, 5.5]]), ax, label="Lines")
    ax.legend(fontsize=7, loc="upper right", ncols=2)
    ax = axes[0, 1]
    ax.set_title("plot(tilemap, edges=True), plot_raycast", fontsize=10)
    level = pc.TileMap.from_text("############\n#..........#\n#...7##9...#\n#1........3#\n############")
    plot(level, ax, edges=True, label="tiles and merged edges")
    origins = np.array([[1.5, 3.5]] * 5)
    directions = np.column_stack([np.ones(5), np.linspace(-1.2, 0.3, 5)])
    plot_raycast(pc.raycast(origins, directions, level), origins, directions, ax, label="rays")
    ax.legend(fontsize=7, loc="lower center")
    ax = axes[1, 0]
    ax.set_title("plot_contact, plot_manifold", fontsize=10)
    a = pc.Polygons.from_box(center=[[1, 1], [5, 1]], half_size=[1, 0.6], angle=[0.0, 0.2])
    b = pc.Circles([[1.2, 2.1, 0.6], [5.3, 2.4, 0.6]])
    plot(a, ax, label="a")
    plot(b, ax, label="b")
    plot_contact(pc.contact(a, b), ax, normal_length=0.6, label="contact (a to b)")
    boxes = pc.Boxes([[7.5, 0.3, 10, 1.3]])
    lid = pc.Polygons.from_box(center=[8.8, 1.7], half_size=[1, 0.5], angle=0.15)
    plot(boxes, ax)
    plot(lid, ax)
    plot_manifold(pc.manifold(boxes, lid), ax, normal_length=0.6, label="manifold")
    ax.legend(fontsize=7, loc="upper left")
    ax = axes[1, 1]
    ax.set_title("plot_sweep, plot_pairs", fontsize=10)
    wall = pc.Boxes([[6, 0, 6.5, 6]])
    plot(wall, ax, label="wall")
    movers = pc.Capsules([[0.5, 1, 1.5, 1.5, 0.3], [0.5, 4, 1.0, 4.8, 0.3]])
    d = [[7.0, 1.0], [6.0, -0.5]]
    plot_sweep(pc.sweep(movers, d, wall), movers, d, ax, label="sweep")
    rng = np.random.default_rng(3)
    dots = pc.Circles(center=rng.uniform([1, 2.2], [5, 3.4], (12, 2)), radius=0.3)
    plot(dots, ax)
    plot_pairs(pc.pairs(dots), dots, ax=ax, label="pairs")
    ax.legend(fontsize=7, loc="upper right")
    fig.savefig(path, dpi=90)
    plt.close(fig)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--images", metavar="DIR", help="also write the README's and the manual's images here")
    args = parser.parse_args()
    print(f"matplotlib {matplotlib.__version__}, numpy {np.__version__}, pycollide {pc.__version__}", file=sys.stderr)

    course = golf_course.load_course(None)
    gparams = golf.GolfParams()
    pos, vel = golf.shoot(course, gparams)
    every = max(1, int(1.0 / (2 * 15 * gparams.dt)))
    frames = golf_picture.Frames(pos, every)
    gresult = golf.simulate(course, gparams, pos, vel, on_step=frames)
    gxy = frames.finish(gresult)
    bparams = billiards.BilliardsParams()
    btable = billiards.build_table(bparams)
    bresult = billiards.simulate(bparams, btable)
    pparams = pinball.PinballParams()
    ptable = pinball.build_table()
    presult = pinball.simulate(pparams, ptable)

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        jobs = [
            (
                "golf picture (2,000 balls, 50 paths)",
                lambda: _save(golf_picture.render(course, gresult, gparams), out / "g.png"),
            ),
            (
                "golf movie (2,000 balls)",
                lambda: golf_picture.movie(course, gresult, gparams, gxy, every, str(out / "g.gif")),
            ),
            ("billiards picture", lambda: _save(billiards_picture.render(btable, bresult, bparams), out / "b.png")),
            ("billiards break movie", lambda: billiards_picture.movie(btable, bresult, bparams, str(out / "b.gif"))),
            (
                "pinball picture (200 balls, 8 paths)",
                lambda: _save(pinball_picture.render(ptable, presult, pparams), out / "p.png"),
            ),
            ("pinball movie (200 balls)", lambda: pinball_picture.movie(ptable, presult, pparams, str(out / "p.gif"))),
        ]
        for name, job in jobs:
            times = timed(job, args.repeat)
            rows.append((name, times))
            print(f"{name}: {', '.join(f'{t:.2f}' for t in times)} s", file=sys.stderr)
        sizes = {p.name: os.path.getsize(p) for p in out.iterdir()}
        if args.images:
            images = Path(args.images)
            images.mkdir(parents=True, exist_ok=True)
            for src, name in (("g.png", "golf.png"), ("b.png", "billiards.png"), ("p.png", "pinball.png")):
                (images / name).write_bytes((out / src).read_bytes())
            middle_frame(out / "g.gif", images / "golf-frame.png", 0.25)
            middle_frame(out / "b.gif", images / "break-frame.png", 0.15)
            middle_frame(out / "p.gif", images / "pinball-frame.png", 0.3)
            tour(images / "plotting.png")

    print("| what | repeats | best (s) | median (s) | worst (s) |\n| --- | --- | --- | --- | --- |")
    for name, times in rows:
        print(f"| {name} | {len(times)} | {min(times):.2f} | {statistics.median(times):.2f} | {max(times):.2f} |")
    width = MOVIE_SIZE["width"] * MOVIE_SIZE["dpi"]
    print(f"\nbilliards: {bresult.steps} steps of {bparams.dt:g} s; movie frames at most {width:.0f} px wide")
    print("files: " + ", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in sorted(sizes.items())))
    return 0


def _save(scene, path):
    try:
        scene.save(str(path))
    finally:
        scene.close()


if __name__ == "__main__":
    sys.exit(main())
