"""What the three demos' command lines share: the argparse number types and
options, output paths checked before any work, the progress line on stderr, and
running a demo to its report with the errors reported as argparse does."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Any, Callable, Dict, List, Optional, TextIO, Tuple, Type

__all__ = [
    "positive_int",
    "nonnegative_int",
    "positive_float",
    "nonnegative",
    "spread",
    "fraction",
    "add_time_options",
    "add_table_options",
    "OutputError",
    "check_output",
    "SetupError",
    "Progress",
    "save_picture",
    "animate",
    "add_output_options",
    "output_args",
    "report_main",
    "fail",
    "rate",
    "wall_time_line",
]


# ---- argparse number types and shared options ------------------------------------------


def _number(text: str) -> float:
    """A finite float, or the ArgumentTypeError argparse reports."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"must be finite, got {text}")
    return value


def positive_int(text: str) -> int:
    """A whole number >= 1 (1e3 is accepted, 1.5 is not)."""
    value = _number(text)
    if value != int(value) or value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number >= 1, got {text}")
    return int(value)


def nonnegative_int(text: str) -> int:
    """A whole number >= 0."""
    value = _number(text)
    if value != int(value) or value < 0:
        raise argparse.ArgumentTypeError(f"must be a whole number >= 0, got {text}")
    return int(value)


def positive_float(text: str) -> float:
    """A finite number > 0."""
    value = _number(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be a number > 0, got {text}")
    return value


def nonnegative(text: str) -> float:
    """A finite number >= 0."""
    value = _number(text)
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"must be a number >= 0, got {text}")
    return value


def spread(text: str) -> float:
    """An angle in [0, 180] degrees."""
    value = _number(text)
    if not 0 <= value <= 180:
        raise argparse.ArgumentTypeError(f"must be in [0, 180] degrees, got {text}")
    return value


def fraction(text: str) -> float:
    """A number in [0, 1]."""
    value = _number(text)
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"must be in [0, 1], got {text}")
    return value


def add_time_options(parser: argparse.ArgumentParser, dt: float, max_time: float, dt_note: str = "") -> None:
    """--dt and --max-time, the options every demo's stepping shares."""
    parser.add_argument("--dt", type=positive_float, default=dt, help=f"time step in s (default {dt:g}){dt_note}")
    parser.add_argument(
        "--max-time",
        type=positive_float,
        default=max_time,
        help=f"stop after this much play time in s (default {max_time:g})",
    )


def add_output_options(parser: argparse.ArgumentParser, picture: str) -> None:
    """--out (the picture), --movie, --fps and --movie-length."""
    parser.add_argument(
        "--out",
        default=picture,
        metavar="FILE",
        help=f"the picture to write, .png, .svg or .pdf (default {picture}; '' for none)",
    )
    parser.add_argument(
        "--movie",
        metavar="FILE",
        help="also write an animation of the run: .gif (through Pillow) or .mp4 (needs ffmpeg)",
    )
    parser.add_argument("--fps", type=positive_int, default=15, help="the movie's frames per second (default 15)")
    parser.add_argument(
        "--movie-length",
        type=positive_float,
        default=12.0,
        metavar="SECONDS",
        help="the longest the movie may last; a longer run plays faster (default 12)",
    )


def output_args(args: argparse.Namespace) -> Dict[str, Any]:
    """The run's output arguments from add_output_options' and --json's
    options: the picture, the report, the movie, its frame rate and length."""
    return {
        "out": args.out or None,
        "json_path": args.json,
        "movie_path": args.movie or None,
        "fps": args.fps,
        "movie_length": args.movie_length,
    }


def add_table_options(
    parser: argparse.ArgumentParser, picture: str, d: Any, restitution_help: str, rolling_unit: str
) -> None:
    """The options the table demos share: the picture and the impacts'
    restitution, friction and rolling resistance (``d``: the defaults)."""
    add_output_options(parser, picture)
    parser.add_argument(
        "--restitution",
        type=fraction,
        default=d.restitution,
        help=f"bounciness of every impact{restitution_help}, 0 to 1 (default {d.restitution:g})",
    )
    parser.add_argument(
        "--friction",
        type=nonnegative,
        default=d.friction,
        help=f"Coulomb friction at every impact (default {d.friction:g})",
    )
    parser.add_argument(
        "--rolling",
        type=nonnegative,
        default=d.rolling,
        help=f"rolling resistance: speed lost per second{rolling_unit} (default {d.rolling:g})",
    )
    parser.add_argument("--json", metavar="FILE", help="also write the report as JSON to FILE")


# ---- checks, progress and the report -------------------------------------------------


class OutputError(ValueError):
    """An output file that cannot be written (checked before simulating)."""


def check_output(path: Optional[str], what: str) -> None:
    """Raise OutputError unless ``path`` (if given) can be created or overwritten."""
    if not path:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise OutputError(f"{what} {path}: the folder {folder} does not exist")
    if os.path.isdir(path):
        raise OutputError(f"{what} {path}: is a folder")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise OutputError(f"{what} {path}: not writable")


class SetupError(ValueError):
    """Options that cannot be simulated (checked before any work)."""


class Progress:
    """Progress on stderr in bench's style: one status line rewritten in place
    on a terminal; elsewhere a line per stage and one every ``every`` seconds."""

    def __init__(self, stream: Optional[TextIO], total: int, every: float = 5.0):
        self.stream, self.total, self.step, self.every = stream, total, 0, every
        self.tty = stream is not None and hasattr(stream, "isatty") and stream.isatty()
        self.last = 0.0
        self.width = 0

    def _show(self, line: str) -> None:
        if self.tty:
            pad = max(self.width - len(line), 0)
            print("\r" + line + " " * pad, end="", file=self.stream, flush=True)
            self.width = len(line)
        else:
            print(line, file=self.stream, flush=True)
        self.last = time.perf_counter()

    def stage(self, what: str) -> None:
        if self.stream is None:
            return
        self.step += 1
        self.prefix = f"[{self.step}/{self.total}] {what}"
        self._show(self.prefix)

    def update(self, what: str, last: bool = False) -> None:
        """Show ``what`` after the stage's name, at most every 0.1 s on a
        terminal and every ``every`` seconds elsewhere; ``last`` always."""
        if self.stream is None:
            return
        if last or time.perf_counter() - self.last >= (0.1 if self.tty else self.every):
            self._show(f"{self.prefix}: {what}")

    def done(self) -> None:
        if self.tty:
            print("\r" + " " * self.width + "\r", end="", file=self.stream, flush=True)


def save_picture(step: Progress, out: Optional[str], draw: Callable[[], Any]) -> Optional[List[int]]:
    """Draw the picture (``draw()`` returns a :class:`figure.Scene`) and write
    it to ``out`` in the format its extension names (a progress stage); its
    size in pixels [width, height], or None when there is no ``out``."""
    if not out:
        return None
    step.stage(f"drawing {out}")
    scene = draw()
    try:
        return scene.save(out)
    finally:
        scene.close()


def animate(step: Progress, path: Optional[str], write: Callable[[], int]) -> Dict[str, Any]:
    """Write the movie (``write()`` returns its frame count) as a progress
    stage; the report's movie entries: the file, its frames and how long they
    took to render."""
    if not path:
        return {"movie": None, "movie_frames": 0, "movie_seconds": 0.0}
    step.stage(f"animating {path}")
    t0 = time.perf_counter()
    frames = write()
    return {"movie": path, "movie_frames": frames, "movie_seconds": time.perf_counter() - t0}


def report_main(
    run_demo: Callable[[], Dict[str, Any]],
    format_report: Callable[[Dict[str, Any]], str],
    json_path: Optional[str],
    errors: Tuple[Type[Exception], ...],
    parser: Optional[argparse.ArgumentParser],
) -> int:
    """A demo's main: run it, print the report (and write it as JSON);
    0, or 2 on one of ``errors`` (reported as :func:`fail` does)."""
    try:
        report = run_demo()
    except errors as exc:
        return fail(exc, parser)
    print(format_report(report), flush=True)
    if json_path:
        with open(json_path, "w") as fh:
            json.dump(report, fh, indent=2)
    return 0


def fail(exc: Exception, parser: Optional[argparse.ArgumentParser]) -> int:
    """Report a SetupError (with the usage) or another error (an
    OutputError, a CourseError: without) as the demos do: through ``parser`` (exit status 2), or on
    stderr returning 2."""
    if parser is not None:
        if isinstance(exc, SetupError):
            parser.error(str(exc))
        parser.exit(2, f"{parser.prog}: error: {exc}\n")
    print(f"error: {exc}", file=sys.stderr)
    return 2


def rate(count: float, seconds: float) -> float:
    """count / seconds, 0 when no time was measured."""
    return count / seconds if seconds > 0 else 0.0


def wall_time_line(rep: Dict[str, Any]) -> str:
    """The report's last line: the wall time and the picture written."""
    tail = f"wall time {rep['wall_seconds']:.2f} s"
    if rep["out"]:
        tail += f"; picture {rep['out']} ({rep['image_size'][0]}x{rep['image_size'][1]})"
    if rep.get("movie"):
        tail += f"; movie {rep['movie']} ({rep['movie_frames']} frames, rendered in {rep['movie_seconds']:.1f} s)"
    return tail
