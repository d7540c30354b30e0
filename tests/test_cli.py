"""The command line: `python -m pycollide bench` runs and prints its table."""

import json
import subprocess
import sys


def run(*args):
    return subprocess.run([sys.executable, "-m", "pycollide", *args], capture_output=True, text=True, timeout=300)


def test_bench_prints_a_row_per_pair(tmp_path):
    out = tmp_path / "rows.json"
    res = run("bench", "--n", "2000", "--repeat", "1", "--json", str(out))
    assert res.returncode == 0, res.stderr
    assert "pycollide Mpairs/s" in res.stdout
    rows = json.loads(out.read_text())
    assert len(rows) == 15
    assert {r["pair"] for r in rows} >= {"circle-box", "triangle-triangle", "point-point"}
    assert all(r["pycollide_pairs_per_s"] > 0 for r in rows)
    assert sum(r["speedup"] is not None for r in rows) == 7
    assert "[15/15] triangle-triangle" in res.stderr  # progress is shown


def test_bad_arguments_are_reported():
    res = run("bench", "--n", "0")
    assert res.returncode == 2 and "must be a positive integer" in res.stderr
    res = run("frobnicate")
    assert res.returncode == 2 and "invalid choice" in res.stderr
