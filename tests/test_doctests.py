"""Run the examples of the installed package's docstrings, of README.md and
of the manual's pages (docs/*.rst) as doctests."""

import doctest
import importlib
import pkgutil
from pathlib import Path

import numpy as np
import pytest

import pycollide

ROOT = Path(__file__).resolve().parent.parent
# the manual's pages; each guide page shows its topic by examples
PAGES = sorted(path.name for path in (ROOT / "docs").glob("*.rst"))
GUIDE = {
    "index.rst",
    "shapes.rst",
    "queries.rst",
    "exactness.rst",
    "worlds.rst",
    "tiled.rst",
    "motion.rst",
    "plotting.rst",
    "broadphase.rst",
    "dask.rst",
}

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(pycollide.__path__, "pycollide.")
    if name not in ("pycollide._core", "pycollide._build", "pycollide.__main__")
) + ["pycollide"]


# slide's examples show the deprecated verb until it is removed
SLIDE_DEPRECATED = pytest.mark.filterwarnings("ignore:pc.slide is deprecated:DeprecationWarning")


@SLIDE_DEPRECATED
@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the examples that save a figure write it here
    module = importlib.import_module(name)
    result = doctest.testmod(module, extraglobs={"np": np}, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest failure(s) in {name}"


def test_every_public_module_is_checked():
    assert {"pycollide.overlap", "pycollide.shapes", "pycollide.intersect"} <= set(MODULES)


def test_readme_examples(tmp_path, monkeypatch):
    """The README's examples are doctests: they must run and print what they show."""
    monkeypatch.chdir(tmp_path)
    readme = ROOT / "README.md"
    result = doctest.testfile(
        str(readme), module_relative=False, extraglobs={"np": np}, optionflags=doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted >= 10, "the README lost its examples"
    assert result.failed == 0, f"{result.failed} README example(s) failed"


def test_every_guide_page_is_checked():
    assert GUIDE <= set(PAGES)


@SLIDE_DEPRECATED
@pytest.mark.parametrize("page", PAGES)
def test_manual_examples(page, tmp_path, monkeypatch):
    """The manual's examples are doctests: every `>>>` block of a page must
    run and print what it shows (the Sphinx build renders the same blocks)."""
    monkeypatch.chdir(tmp_path)
    result = doctest.testfile(
        str(ROOT / "docs" / page),
        module_relative=False,
        extraglobs={"np": np},
        optionflags=doctest.NORMALIZE_WHITESPACE,
    )
    assert result.failed == 0, f"{result.failed} example(s) of docs/{page} failed"
    if page in GUIDE:
        assert result.attempted >= 3, f"docs/{page} lost its examples"
