"""Types a checker can use: ``mypy --strict`` on a user's script that
exercises every verb (tests/typing/user_script.py) finds no error, and every
result has its precise type (the script asserts them with assert_type); the
script also runs."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent / "typing" / "user_script.py"


@pytest.mark.slow
def test_mypy_strict_on_a_users_script():
    pytest.importorskip("mypy")
    # run from the script's folder: mypy then reads the installed package
    # (with its py.typed), as it would for a user, not the source tree
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "--cache-dir",
            os.devnull,
            "--config-file",
            os.devnull,
            SCRIPT.name,
        ],
        cwd=SCRIPT.parent,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_users_script_runs():
    pytest.importorskip("typing_extensions")
    done = subprocess.run([sys.executable, SCRIPT.name], cwd=SCRIPT.parent, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
