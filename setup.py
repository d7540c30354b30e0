# All metadata lives in pyproject.toml; this file only hooks the cffi builder in.
from setuptools import setup

setup(cffi_modules=["pycollide/_build.py:ffibuilder"])
