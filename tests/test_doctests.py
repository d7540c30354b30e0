"""Run the docstring examples of the installed package."""

import doctest
import importlib
import pkgutil

import numpy as np
import pytest

import pycollide

MODULES = sorted(
    name for _, name, _ in pkgutil.iter_modules(pycollide.__path__, "pycollide.")
    if name not in ("pycollide._core", "pycollide._build", "pycollide.__main__")
) + ["pycollide"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, extraglobs={"np": np}, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest failure(s) in {name}"


def test_every_public_module_is_checked():
    assert {"pycollide.overlap", "pycollide.shapes", "pycollide.intersect"} <= set(MODULES)
