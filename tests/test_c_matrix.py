"""c/README.md's kind-by-verb table against c/src/matrix.h.

The table is made from the header by c/tools/kind_table.py (it compiles
c/tools/kind_table.c against the header and runs it); ``--check`` fails when
README's table is not the one the header gives, or when a switch the header
names the cases of (grid.c's corner, validate.c's kind_rule_broken and
sse_rows) has other cases.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[1] / "c" / "tools" / "kind_table.py"


def test_readme_kind_table_is_matrix_headers() -> None:
    cc = shlex.split(os.environ.get("CC", "cc"))
    if not TOOL.exists() or shutil.which(cc[0]) is None:
        pytest.skip("needs the C sources and a C compiler")
    run = subprocess.run([sys.executable, str(TOOL), "--check"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
