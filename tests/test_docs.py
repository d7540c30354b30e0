"""The manual (docs/): it builds with Sphinx with warnings as errors, its API
reference covers every public name, and the C API page's example program
compiles and prints what the page shows.  The guide pages' examples run as
doctests in tests/test_doctests.py (the daily profile); these builds take
tens of seconds, so they run in the full profile (CI's)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import pycollide
import pycollide.dask

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


@pytest.mark.slow
def test_manual_builds_without_warnings(tmp_path):
    """`sphinx-build -W --keep-going -b html docs ...`: a warning (a broken
    docstring, a bad reference, a missing picture) fails the build, and so
    this test, and so CI."""
    out = tmp_path / "html"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-W",
            "--keep-going",
            "-q",
            "-b",
            "html",
            "-d",
            str(tmp_path / "doctrees"),
            str(DOCS),
            str(out),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, f"the manual's build failed:\n{run.stdout}\n{run.stderr}"
    pages = {p.stem for p in out.glob("*.html")}
    assert {
        "index",
        "shapes",
        "queries",
        "exactness",
        "worlds",
        "tiled",
        "motion",
        "broadphase",
        "dask",
        "c_api",
        "reference",
        "gallery",
    } <= pages
    # one reference page per public name of pycollide and of pycollide.dask
    for module in (pycollide, pycollide.dask):
        missing = [
            name for name in module.__all__ if not (out / "generated" / f"{module.__name__}.{name}.html").is_file()
        ]
        assert not missing, f"the API reference leaves out {module.__name__}.{missing}"
    # the gallery's pictures were drawn by the demos and copied into the site
    gallery = (out / "gallery.html").read_text()
    for name in ("golf", "billiards", "pinball"):
        assert f"_images/{name}.png" in gallery and (out / "_images" / f"{name}.png").stat().st_size > 1000


@pytest.mark.slow
def test_c_api_example_compiles_and_runs(tmp_path):
    """docs/examples/c_api_example.c, shown on the C API page, builds against
    c/include/pycollide.h and c/build/libpycollide.a with warnings as errors
    and prints docs/examples/c_api_example.out, which the page shows too."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    assert cc, "no C compiler on PATH"
    subprocess.run(["make", "-s", "-C", str(ROOT / "c"), "build/libpycollide.a"], check=True, timeout=900)
    exe = tmp_path / "c_api_example"
    subprocess.run(
        [
            cc,
            "-std=c11",
            "-Wall",
            "-Wextra",
            "-Wpedantic",
            "-Werror",
            "-I",
            str(ROOT / "c" / "include"),
            str(DOCS / "examples" / "c_api_example.c"),
            str(ROOT / "c" / "build" / "libpycollide.a"),
            "-lm",
            "-pthread",
            "-o",
            str(exe),
        ],
        check=True,
        timeout=300,
    )
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout == (DOCS / "examples" / "c_api_example.out").read_text()
