"""Threads: results independent of the thread count, the documented ways to set
it, and concurrent calls from several Python threads."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import pycollide as pc
from pycollide._native import lib
from pycollide.bench import random_scene

CHUNK = lib.PC_PARALLEL_CHUNK


def scene(kind, n, seed):
    cls = {"point": pc.Points, "circle": pc.Circles, "box": pc.Boxes, "segment": pc.Segments, "triangle": pc.Triangles}[
        kind
    ]
    return cls(random_scene(kind, n, np.random.default_rng(seed)))


@pytest.mark.parametrize("ka,kb", [("circle", "box"), ("triangle", "segment"), ("point", "triangle")])
def test_overlaps_same_for_every_thread_count(ka, kb):
    # 3 x 7 x (a few chunks, not a multiple of the chunk): rows straddle chunk ends
    a = scene(ka, 7, 1)[None, :, None]
    b = scene(kb, 3 * (CHUNK // 5 + 11), 2)
    b = type(b)(np.asarray(b).reshape(3, 1, -1, b.width))
    want = pc.overlaps(a, b, threads=1)
    assert want.size >= 4 * CHUNK and 0 < want.sum() < want.size
    for threads in (2, 3, 8):
        assert np.array_equal(pc.overlaps(a, b, threads=threads), want)
        assert np.array_equal(
            pc.overlaps(a, b, touching=False, threads=threads), pc.overlaps(a, b, touching=False, threads=1)
        )
    # a strided output view is filled the same way
    out = np.zeros(want.shape[::-1], dtype=bool).T
    pc.overlaps(a, b, out=out, threads=2)
    assert np.array_equal(out, want)


def test_contact_and_intersections_same_for_every_thread_count():
    a = scene("circle", 3 * CHUNK + 17, 3)
    b = scene("segment", 3 * CHUNK + 17, 4)
    one = pc.contact(a, b, threads=1)
    two = pc.contact(a, b, threads=2)
    for field in ("separation", "normal", "point_a", "point_b"):
        assert np.array_equal(getattr(one, field), getattr(two, field))
    assert np.array_equal(pc.distance(a, b, threads=1), pc.distance(a, b, threads=3))
    p1, c1 = pc.intersections(a, b, threads=1)
    p2, c2 = pc.intersections(a, b, threads=2)
    assert np.array_equal(c1, c2) and np.array_equal(p1, p2, equal_nan=True)
    assert (c1 > 0).any()


def test_environment_variable_sets_the_default(monkeypatch):
    a, b = scene("circle", 3 * CHUNK, 5), scene("box", 3 * CHUNK, 6)
    want = pc.overlaps(a, b, threads=1)
    monkeypatch.setenv("PYCOLLIDE_NUM_THREADS", "2")
    assert np.array_equal(pc.overlaps(a, b), want)
    for bad in ("0", "-3", "two", "", "abc"):
        monkeypatch.setenv("PYCOLLIDE_NUM_THREADS", bad)
        with pytest.raises(ValueError, match="PYCOLLIDE_NUM_THREADS"):
            pc.overlaps(a, b)
        # the same error whatever the batch size
        with pytest.raises(ValueError, match="PYCOLLIDE_NUM_THREADS"):
            pc.overlaps(a[:7], b[:7])
    # a huge count means "every thread there is": no OverflowError
    monkeypatch.setenv("PYCOLLIDE_NUM_THREADS", "2147483648")
    assert np.array_equal(pc.overlaps(a, b), want)
    assert np.array_equal(pc.overlaps(a, b, threads=2**31), want)
    assert np.array_equal(pc.overlaps(a, b, threads=10**30), want)


@pytest.mark.parametrize(
    "bad,error", [(0, ValueError), (-2, ValueError), (1.5, TypeError), (True, TypeError), ("2", TypeError)]
)
def test_bad_thread_counts(bad, error):
    a, b = scene("circle", 4, 1), scene("box", 4, 2)
    for call in (
        lambda: pc.overlaps(a, b, threads=bad),
        lambda: pc.contact(a, b, threads=bad),
        lambda: pc.contains(b, [0, 0], threads=bad),
        lambda: pc.distance(a, b, threads=bad),
        lambda: pc.intersections(a, pc.Segments(np.asarray(b)), threads=bad),
    ):
        with pytest.raises(error, match="threads"):
            call()


def test_concurrent_calls_from_python_threads():
    """Several Python threads calling at once (the GIL is released inside C, and
    each call may start threads of its own) get exactly the serial answers."""
    inputs = [(scene("circle", CHUNK * 2 + i, 10 + i), scene("triangle", CHUNK * 2 + i, 20 + i)) for i in range(6)]
    serial = [pc.overlaps(a, b, threads=1) for a, b in inputs]
    serial_sep = [pc.contact(a, b, threads=1).separation for a, b in inputs]

    def work(i):
        a, b = inputs[i]
        results = []
        for _ in range(3):
            results.append((pc.overlaps(a, b, threads=2), pc.contact(a, b, threads=2).separation))
        return results

    jobs = list(range(len(inputs))) * 2
    with ThreadPoolExecutor(max_workers=4) as pool:
        for i, results in zip(jobs, pool.map(work, jobs)):
            for hits, sep in results:
                assert np.array_equal(hits, serial[i])
                assert np.array_equal(sep, serial_sep[i])
