"""cffi builder (out-of-line API mode) for the pycollide C core.

Reads the public header's CDEF block and compiles every file in ``c/src`` into
the extension module ``pycollide._core``.  Run by setuptools through
``cffi_modules`` in setup.py.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from cffi import FFI

ROOT = Path(__file__).resolve().parents[1]  # pycollide/_build.py -> the project root
HEADER = ROOT / "c" / "include" / "pycollide.h"

FLAGS_FILE = ROOT / "c" / "flags.mk"


def shared_flags() -> list:
    """PC_STD_FLAGS, PC_EXACT_FLAGS and PC_WARN_FLAGS from c/flags.mk: the
    flags the Makefile uses too (portable: no -march=native; the exact
    predicates need no fma contraction and no fast-math; the warnings are
    shown, not errors: `make -C c test` makes them errors)."""
    values = {}
    for line in FLAGS_FILE.read_text().splitlines():
        match = re.match(r"\s*(PC_[A-Z_]+)\s*=\s*(.*)$", line)
        if match:
            values[match.group(1)] = match.group(2).split()
    names = ("PC_STD_FLAGS", "PC_EXACT_FLAGS", "PC_WARN_FLAGS")
    if not set(names) <= values.keys():
        raise RuntimeError(f"{FLAGS_FILE}: {', '.join(names)} must be set")
    return [flag for name in names for flag in values[name]]


CFLAGS = shared_flags()


def cdef_text() -> str:
    """The declarations between the CDEF markers of the public header."""
    text = HEADER.read_text()
    match = re.search(r"/\* CDEF BEGIN \*/(.*?)/\* CDEF END \*/", text, re.S)
    if match is None:
        raise RuntimeError(f"{HEADER}: CDEF markers not found")
    return match.group(1)


def _relative(path: Path) -> str:
    # setuptools wants source paths relative to the project root (the cwd of a build)
    return os.path.relpath(path, Path.cwd())


ffibuilder = FFI()
ffibuilder.cdef(cdef_text())
ffibuilder.set_source(
    "pycollide._core",
    '#include "pycollide.h"',
    sources=[_relative(p) for p in sorted((ROOT / "c" / "src").glob("*.c"))],
    include_dirs=[_relative(ROOT / "c" / "include"), _relative(ROOT / "c" / "src")],
    extra_compile_args=CFLAGS,
    libraries=["m"],
    # -S: no debug sections in the shipped library (Python's own CFLAGS
    # compile with -g; the Makefile's build keeps them for debugging)
    extra_link_args=["-pthread", "-Wl,-S"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
