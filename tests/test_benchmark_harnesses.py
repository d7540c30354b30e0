"""The peer harnesses in benchmarks/ run on a machine without the peers.

benchmarks/scalar.py compiles pycollide's C core beside its harness and times
the scalar kernels; without cute_c2 it times pycollide alone and says so.  Its
run with the caller's thread in flush-to-zero and denormals-are-zero mode must
count exactly the overlaps of the standard run (the script fails otherwise),
which checks the scalar kernels' mode-independent fast paths on random pairs.
"""

import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCALAR = ROOT / "benchmarks" / "scalar.py"
PAIRS = [
    "point-circle",
    "point-box",
    "circle-circle",
    "circle-box",
    "box-box",
    "circle-segment",
    "box-segment",
    "segment-segment",
    "circle-triangle",
    "box-triangle",
    "segment-triangle",
    "triangle-triangle",
]

needs_cc = pytest.mark.skipif(shutil.which("gcc") is None, reason="no gcc to build the harness")


@pytest.mark.slow
@needs_cc
def test_scalar_harness_without_the_peer(tmp_path):
    run = subprocess.run(
        [sys.executable, str(SCALAR), "--n", "3000", "--repeats", "1"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin"},
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    assert "timing pycollide alone" in run.stderr
    rows = [line for line in run.stdout.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert [r.split("|")[1].strip() for r in rows] == PAIRS
    for r in rows:
        cells = [c.strip() for c in r.split("|")[1:-1]]
        assert float(cells[1]) > 0
        assert cells[3] == "skipped"
        if platform.machine() in ("x86_64", "AMD64"):
            assert float(cells[2]) > 0  # the FTZ/DAZ run agreed (else the script exits 1)


def test_scalar_harness_refuses_a_wrong_peer_path(tmp_path):
    run = subprocess.run(
        [sys.executable, str(SCALAR), "--cute", str(tmp_path)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 2
    assert "no cute_c2.h there" in run.stderr


@pytest.mark.slow
def test_raycast_harness_runs_small(tmp_path):
    """benchmarks/raycast.py at a small size: pycollide's rows always, each
    peer's row or its 'not installed' line; the one-thread and every-core
    answers must agree (the script asserts it)."""
    script = ROOT / "benchmarks" / "raycast.py"
    run = subprocess.run(
        [sys.executable, str(script), "--shapes", "500", "--rays", "2000", "--peer-rays", "200"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    for scene in ("circles", "segments"):
        assert sum(line.startswith(scene) and "pycollide" in line for line in run.stdout.splitlines()) == 3
        assert any(line.startswith(scene) and "pymunk" in line for line in run.stdout.splitlines())


@pytest.mark.slow
def test_sweep_pymunk_harness_runs_small(tmp_path):
    """benchmarks/sweep_pymunk.py at a small size: four pycollide rows and the
    pymunk row per scene, with the disagreements explained; the one-thread
    and every-core answers must agree (the script asserts it)."""
    pytest.importorskip("pymunk")
    script = ROOT / "benchmarks" / "sweep_pymunk.py"
    run = subprocess.run(
        [sys.executable, str(script), "--shapes", "500", "--sweeps", "2000", "--peer-sweeps", "200"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    for scene in ("circles", "segments"):
        rows = [line for line in lines if line.startswith(scene + " ")]  # the table's, not the notes below it
        assert sum("pycollide" in line for line in rows) == 4 and sum("pymunk" in line for line in rows) == 1
        assert any(line.startswith(f"{scene}: ") and "disagree" in line for line in lines)


@pytest.mark.slow
def test_dask_pairs_benchmark_runs_small(tmp_path):
    """benchmarks/dask_pairs.py at docs/dask.rst's small size: the cluster's pairs
    must equal the in-memory pairs (the script fails otherwise), and it
    reports the out-of-core run's time, pairs and each worker's peak memory."""
    script = ROOT / "benchmarks" / "dask_pairs.py"
    run = subprocess.run(
        [
            sys.executable,
            str(script),
            "--n",
            "4e5",
            "--chunk",
            "5e4",
            "--in-memory-n",
            "2e5",
            "--spill-dir",
            str(tmp_path),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    assert "the same pairs (count and checksum)" in run.stdout
    assert "peak memory per worker" in run.stdout and "pairs among circles" in run.stdout
    assert "% Completed" in run.stdout  # dask's progress bar


def test_balls_mixed_benchmark_runs_small(tmp_path):
    """benchmarks/balls_mixed.py at a small size: a time per step for each of
    its three scenes."""
    script = ROOT / "benchmarks" / "balls_mixed.py"
    run = subprocess.run(
        [sys.executable, str(script), "--balls", "400", "--steps", "2"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    for scene in ("bimodal radii", "10% fast", "1% very fast"):
        assert sum(line.startswith(scene) and line.endswith("ms/step") for line in run.stdout.splitlines()) == 1
