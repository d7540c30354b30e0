"""Long calls can be interrupted: Ctrl-C (SIGINT) stops them within a slice
of their work, raises KeyboardInterrupt, and leaves a caller's ``out``
untouched; results of calls that are not interrupted do not depend on the
interruptible path (a call on the main thread, long enough, runs on a worker
thread with a cancel flag; the same call from another thread runs directly).

The interrupts are real signals, sent to a child Python process, so that the
test runner's own threads and signal handlers play no part."""

import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time

import numpy as np
import pytest

import pycollide as pc
from pycollide import _native

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")

# 1e6 circles against 1e5 boxes: nearest takes seconds (about 7 on 2 cores)
SCENE = """
import os, signal, sys, threading, time
# Python's own Ctrl-C handler, whatever the parent passed on: a background
# job of a non-interactive shell starts with SIGINT ignored, and Python then
# leaves it ignored (as a user's terminal never does)
signal.signal(signal.SIGINT, signal.default_int_handler)
import numpy as np
import pycollide as pc
rng = np.random.default_rng(0)
n, m = 1_000_000, 100_000
circles = pc.Circles(np.column_stack([rng.uniform(0, 1000, n), rng.uniform(0, 1000, n), np.full(n, 0.1)]))
corner = rng.uniform(0, 1000, (m, 2))
boxes = pc.Boxes(np.hstack([corner, corner + 0.5]))
"""

# how long after SIGINT the child may take to be gone (its work stops within
# milliseconds: the bound is for a loaded machine)
BOUND = 0.5


def _child(code: str, **kw) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(SCENE) + textwrap.dedent(code)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tempfile.gettempdir(),
        **kw,
    )


def test_sigint_stops_a_long_nearest_within_the_bound():
    child = _child("""
        print("ready", flush=True)
        pc.nearest(circles, boxes)
        print("finished", flush=True)
    """)
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        child.wait(timeout=30)
        gone = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
    out, err = child.stdout.read(), child.stderr.read()
    assert "finished" not in out, "the call ended before the signal: the scene is too small to test"
    assert child.returncode in (-signal.SIGINT, 128 + signal.SIGINT, 1), (child.returncode, err)
    assert "KeyboardInterrupt" in err, err
    assert gone < BOUND, f"{gone:.3f} s from SIGINT to exit"


def test_an_interrupted_call_leaves_out_untouched():
    # overlaps of 4e6 circles against a World with out=, interrupted by a
    # real SIGINT that a timer in the child sends: `out` keeps every byte
    child = _child("""
        big = pc.Circles(np.tile(np.asarray(circles), (4, 1)))
        world = pc.World(boxes)
        out = np.zeros(big.shape, dtype=bool)
        out[::3] = True
        kept = out.copy()
        def fire():
            global sent
            sent = time.monotonic()
            os.kill(os.getpid(), signal.SIGINT)
        threading.Timer(0.3, fire).start()
        try:
            pc.overlaps(big, world, out=out)
            print("finished", flush=True)
        except KeyboardInterrupt:
            print("interrupted", f"{time.monotonic() - sent:.3f}", flush=True)
        print("untouched", bool(np.array_equal(out, kept)), flush=True)
        pc.overlaps(big[:100], world, out=out[:100])  # not interrupted: written
        print("written", bool(np.array_equal(out[:100], pc.overlaps(big[:100], world))), flush=True)
    """)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err
    lines = out.split("\n")
    assert lines[0].startswith("interrupted"), f"the call ended before the signal: {out}"
    assert float(lines[0].split()[1]) < BOUND, out
    assert lines[1:3] == ["untouched True", "written True"], out


def _on_a_thread(function):
    """function() run on a thread other than the main one: the direct path,
    no cancel flag (only the main thread receives KeyboardInterrupt)."""
    got = []
    worker = threading.Thread(target=lambda: got.append(function()))
    worker.start()
    worker.join()
    return got[0]


def _same_results_both_paths(n):
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("the test runner runs this test off the main thread: both calls take the direct path")
    rng = np.random.default_rng(7)
    a = pc.Polygons.from_box(rng.uniform(0, 100, (n, 2)), rng.uniform(0.1, 2, (n, 2)), rng.uniform(0, 3, n))
    b = pc.Capsules(np.column_stack([rng.uniform(0, 100, (500, 4)), rng.uniform(0, 1, 500)]))
    assert _native.long_call(n * _native.COSTLY) and not _on_a_thread(lambda: _native.long_call(n * _native.COSTLY))
    for query in (
        lambda: pc.nearest(a, b),
        lambda: pc.sweep(a, [3.0, -1.0], pc.World(b)),
        lambda: pc.contact(a[:, None], b[None, :120]),
        lambda: pc.pairs(a, b),
    ):
        assert _bytes(query()) == _bytes(_on_a_thread(query))


def test_the_interruptible_path_gives_the_same_results_bit_for_bit(monkeypatch):
    # the path a call takes is chosen by LONG_WORK alone: lowered, a small
    # scene takes the interruptible path (the full-size one is below)
    monkeypatch.setattr(_native, "LONG_WORK", 1 << 12)
    _same_results_both_paths(_native.LONG_WORK // _native.COSTLY + 3000)


@pytest.mark.slow
def test_the_interruptible_path_gives_the_same_results_bit_for_bit_at_full_size():
    _same_results_both_paths(_native.LONG_WORK // _native.COSTLY + 5000)


def _bytes(result):
    return [result.tobytes()] if isinstance(result, np.ndarray) else [np.asarray(f).tobytes() for f in result]
