"""The command line: `python -m pycollide bench` runs and prints its table."""

import itertools
import json
import subprocess
import sys
import tempfile

import pycollide.bench


def test_main_command_runs_from_the_source_tree():
    """README's main command runs `python -m pycollide` in the repository's
    root, where the source folder comes first on sys.path but holds no
    compiled core: the package must still import."""
    root = __import__("pathlib").Path(__file__).resolve().parent.parent
    res = subprocess.run(
        [sys.executable, "-m", "pycollide", "demo", "--help"], capture_output=True, text=True, timeout=120, cwd=root
    )
    assert res.returncode == 0, res.stderr
    assert "demo" in res.stdout


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "pycollide", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tempfile.gettempdir(),
    )  # not the source tree: the installed package


def test_bench_prints_a_row_per_pair(tmp_path):
    out = tmp_path / "rows.json"
    res = run("bench", "--n", "2000", "--repeat", "1", "--json", str(out))
    assert res.returncode == 0, res.stderr
    assert "Mpairs/s" in res.stdout and "vs copy" in res.stdout and "vs read" in res.stdout
    report = json.loads(out.read_text())
    rows = report["pairs"]
    assert len(rows) == len(list(itertools.combinations_with_replacement(pycollide.bench.KINDS, 2)))
    assert {r["pair"] for r in rows} >= {"circle-box", "triangle-triangle", "point-point"}
    for r in rows:
        assert r["pycollide_pairs_per_s"] > 0 and r["pycollide_all_threads_pairs_per_s"] > 0
        assert r["copy_ratio"] > 0 and r["read_ratio"] > 0 and r["thread_scaling"] > 0
        assert (r["numpy_speedup"] is None) == (r["numpy_ceiling"] is None)
    assert sum(r["numpy_speedup"] is not None for r in rows) == 7
    try:
        import shapely  # noqa: F401

        assert all(r["shapely_speedup"] > 0 for r in rows)
    except ImportError:
        assert all(r["shapely_speedup"] is None for r in rows)
        assert "shapely not installed" in res.stdout
    assert report["call_overhead"]["call_seconds"] > 0
    assert "one call on one circle-box pair" in res.stdout
    assert "[36/36] polygon8-polygon8" in res.stderr  # progress is shown


def test_bad_arguments_are_reported():
    res = run("bench", "--n", "0")
    assert res.returncode == 2 and "must be a whole number >= 1" in res.stderr
    res = run("frobnicate")
    assert res.returncode == 2 and "invalid choice" in res.stderr
