# All metadata lives in pyproject.toml; this file only hooks the cffi builder in
# and tags the wheel for the stable ABI: the core is compiled against the
# limited API (cffi's default on CPython), so one cp39-abi3 wheel serves every
# supported Python from 3.9 on.
from setuptools import setup

setup(cffi_modules=["pycollide/_build.py:ffibuilder"], options={"bdist_wheel": {"py_limited_api": "cp39"}})
