"""The peer harnesses in benchmarks/ run on a machine without the peers.

benchmarks/scalar.py compiles pycollide's C core beside its harness and times
the scalar kernels; without cute_c2 it times pycollide alone and says so.  Its
run with the caller's thread in flush-to-zero and denormals-are-zero mode must
count exactly the overlaps of the standard run (the script fails otherwise),
which checks the scalar kernels' mode-independent fast paths on random pairs.
"""

import importlib.util
import json
import platform
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

try:
    import resource
except ImportError:  # not a Unix
    resource = None

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


def run_harness(cwd, script: Path, *args: str) -> str:
    """Run a benchmark script with this Python in cwd; its stdout (it must succeed)."""
    run = subprocess.run([sys.executable, str(script), *args], cwd=cwd, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    return run.stdout


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
    lines = run_harness(tmp_path, script, "--shapes", "500", "--rays", "2000", "--peer-rays", "200").splitlines()
    for scene in ("circles", "segments"):
        assert sum(line.startswith(scene) and "pycollide" in line for line in lines) == 3
        assert any(line.startswith(scene) and "pymunk" in line for line in lines)


def test_nearest_harness_runs_small(tmp_path):
    """benchmarks/nearest.py at a small size: every row, its answers checked
    against cKDTree's and STRtree's (the script asserts it)."""
    pytest.importorskip("scipy")
    script = ROOT / "benchmarks" / "nearest.py"
    args = ["--sizes", "3000", "--repeat", "1", "--shapely-n", "500"]
    try:
        import shapely  # noqa: F401
    except ImportError:
        args.append("--no-shapely")
    lines = run_harness(tmp_path, script, *args).splitlines()
    assert sum(line.startswith(("uniform", "clustered")) for line in lines) == 4
    assert any("circles: pycollide" in line for line in lines)


@pytest.mark.slow
def test_sweep_pymunk_harness_runs_small(tmp_path):
    """benchmarks/sweep_pymunk.py at a small size: four pycollide rows and the
    pymunk row per scene, with the disagreements explained; the one-thread
    and every-core answers must agree (the script asserts it)."""
    pytest.importorskip("pymunk")
    script = ROOT / "benchmarks" / "sweep_pymunk.py"
    lines = run_harness(tmp_path, script, "--shapes", "500", "--sweeps", "2000", "--peer-sweeps", "200").splitlines()
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
    out = run_harness(
        tmp_path, script, "--n", "4e5", "--chunk", "5e4", "--in-memory-n", "2e5", "--spill-dir", str(tmp_path)
    )
    assert "the same pairs (count and checksum)" in out
    assert "peak memory per worker" in out and "pairs among circles" in out
    assert "% Completed" in out  # dask's progress bar


def test_balls_mixed_benchmark_runs_small(tmp_path):
    """benchmarks/balls_mixed.py at a small size: a time per step for each of
    its three scenes."""
    script = ROOT / "benchmarks" / "balls_mixed.py"
    lines = run_harness(tmp_path, script, "--balls", "400", "--steps", "2").splitlines()
    for scene in ("bimodal radii", "10% fast", "1% very fast"):
        assert sum(line.startswith(scene) and line.endswith("ms/step") for line in lines) == 1


CONTACT = ROOT / "benchmarks" / "contact.py"


def test_contact_harness_runs_small(tmp_path):
    """benchmarks/contact.py at a small size, without Box2D: a row per pair
    with the shares and the four pycollide times (contact, out=, manifold,
    m out=)."""
    out = run_harness(tmp_path, CONTACT, "--n", "2000", "--repeats", "2", "--pairs", "circle-box,box-box")
    header, *rows = out.splitlines()[1:]
    assert header.split()[:7] == ["pair", "overlap", "2", "points", "contact", "out=", "manifold"]
    assert "m out=" in header
    assert [r.split()[0] for r in rows] == ["circle-box", "box-box"]
    for r in rows:
        cells = [float(c) for c in r.split()[1:]]
        assert len(cells) == 6 and all(t > 0 for t in cells[2:])


def _contact_harness():
    spec = importlib.util.spec_from_file_location("contact_harness", CONTACT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(resource is None or not sys.platform.startswith("linux"), reason="needs Linux's page counts")
def test_contact_harness_new_result_is_new_memory_every_repeat():
    """Every timed repeat of a call that makes a new result pays that result's
    first touch, whatever the process freed before: here the blocks of the
    repeats before it, which glibc hands back for reuse once it has freed a
    block of that size (the benchmark's times then moved with the pairs run
    before; without the harness handing freed memory back, repeats from the
    second on took no page faults)."""
    harness = _contact_harness()
    if harness.MALLOC_TRIM is None:
        pytest.skip("not glibc: no malloc_trim")
    import pycollide as pc

    n = 100_000  # 5.6 MB of results: under glibc's largest threshold for mapping a block on its own
    a = pc.Circles(np.column_stack([np.arange(n, dtype=float), np.zeros(n), np.full(n, 0.5)]))
    b = pc.Circles(np.column_stack([np.arange(n, dtype=float), np.ones(n), np.full(n, 0.25)]))
    faults = []

    def counted(x, y, **kw):
        before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        result = pc.contact(x, y, **kw)
        faults.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
        return result

    for _ in range(2):  # a block of that size mapped and freed: glibc now reuses freed ones
        np.ones((n, 7))
    harness.time_pycollide(counted, a, b, 6)
    assert all(f > 0 for f in faults), faults


MOVER = ROOT / "benchmarks" / "mover.py"


def test_mover_harness_runs_small_without_box2d(tmp_path):
    """benchmarks/mover.py at a small size without Box2D: it says Box2D is
    skipped and reports pycollide's rows (one thread and the default, which
    must move the movers alike: the script fails otherwise) with movers per
    second, and counts that hold pycollide's promises: no mover ends inside
    the level, and every mover standing on one face of it reports that face's
    normal, over floors and slopes of many tiles."""
    figures = tmp_path / "figures.json"
    run = subprocess.run(
        [sys.executable, str(MOVER), "--movers", "200", "--frames", "10", "--repeats", "2"]
        + ["--segments", "2", "--layers", "2", "--json", str(figures)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    assert "Box2D skipped" in run.stderr
    rows = [line for line in run.stdout.splitlines() if line.startswith("| pycollide")]
    assert len(rows) == 2
    got = json.loads(figures.read_text())
    assert list(got) == ["pycollide, 1 thread", "pycollide, default threads"]
    for counts in got.values():
        rates = counts["movers_per_s"]
        assert 0 < rates["worst"] <= rates["median"] <= rates["best"]
        assert counts["ends_inside"] == 0 and counts["movers_inside"] == 0
        assert counts["on_one_face"] > 200  # the ghost-normal check looked at many standing movers
        assert counts["ghost_1e-9"] == 0 and counts["worst_ghost"] == 0.0


def test_mover_harness_refuses_a_wrong_box2d_path(tmp_path):
    run = subprocess.run(
        [sys.executable, str(MOVER), "--box2d", str(tmp_path)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode != 0
    assert "no include/box2d/box2d.h" in run.stderr


def test_toi_harness_runs_small_without_box2d():
    """benchmarks/toi.py without Box2D: pycollide's turning sweeps on both
    scenes, timed and checked against the dense exact check (no miss, none
    late)."""
    script = ROOT / "benchmarks" / "toi.py"
    out = subprocess.run(
        [sys.executable, str(script), "--n", "300", "--repeats", "1", "--samples", "65"],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    rows = [line.split() for line in out.stdout.splitlines()[1:]]
    assert [(r[0], r[1]) for r in rows] == [("polygons", "4"), ("polygons", "8"), ("tiles", "4"), ("tiles", "8")]
    for r in rows:
        assert int(r[2]) > 30 and r[4] == "-" and r[6] == "0" and r[7] == "0", r  # hits; no Box2D; no miss, none late
