"""Run the docstring examples of the installed package."""

import doctest
import importlib
import pkgutil
from pathlib import Path

import numpy as np
import pytest

import pycollide

MODULES = sorted(
    name for _, name, _ in pkgutil.walk_packages(pycollide.__path__, "pycollide.")
    if name not in ("pycollide._core", "pycollide._build", "pycollide.__main__")
) + ["pycollide"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, extraglobs={"np": np}, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest failure(s) in {name}"


def test_every_public_module_is_checked():
    assert {"pycollide.overlap", "pycollide.shapes", "pycollide.intersect"} <= set(MODULES)


def test_readme_examples():
    """The README's examples are doctests: they must run and print what they show."""
    readme = Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, extraglobs={"np": np},
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 10, "the README lost its examples"
    assert result.failed == 0, f"{result.failed} README example(s) failed"
