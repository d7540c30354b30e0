"""The gallery's pictures, drawn by the demos when the manual is built.

Each entry of the ``gallery_demos`` setting (conf.py) is ``(name, args)``:
the command line ``python -m pycollide *args --out <name>.png``, run through
the command line interface (as a user runs it, with the same Python as
Sphinx) in a scratch folder, so the picture and the report it prints are
those of the installed package; they are kept as ``_gallery/<name>.png``
and ``_gallery/<name>.txt``.  The
demos run side by side, each on one thread (no result depends on it); a demo
that fails stops the build.  ``_gallery/`` is not committed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)


def draw(app) -> None:
    demos = app.config.gallery_demos
    if not demos:
        return
    out = Path(app.srcdir) / "_gallery"
    out.mkdir(exist_ok=True)
    env = dict(os.environ, PYCOLLIDE_NUM_THREADS="1")
    with tempfile.TemporaryDirectory() as scratch:
        running = []
        for name, args in demos:
            argv = [sys.executable, "-m", "pycollide", *args, "--out", f"{name}.png"]
            logger.info("gallery: %s", " ".join(argv[1:]))
            running.append(
                (
                    name,
                    argv,
                    subprocess.Popen(
                        argv, cwd=scratch, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
                    ),
                )
            )
        try:
            for name, argv, proc in running:
                stdout, stderr = proc.communicate(timeout=300)
                if proc.returncode != 0:
                    raise ExtensionError(f"gallery: {' '.join(argv[1:])} failed ({proc.returncode}):\n{stderr}")
                (out / f"{name}.txt").write_text(stdout)
                shutil.move(os.path.join(scratch, f"{name}.png"), out / f"{name}.png")
        finally:  # a failure (or a timeout) leaves no demo running
            for _, _, proc in running:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()


def setup(app):
    app.add_config_value("gallery_demos", [], "env")
    app.connect("builder-inited", draw)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
