"""No floating-point mode set by the caller changes an answer (issue 14).

Audio, game and numerical libraries switch a thread to flush-to-zero (FTZ:
subnormal results become 0) and denormals-are-zero (DAZ: subnormal inputs read
as 0).  Every public C entry point sets the standard mode for its own duration
and restores the caller's.  A tiny helper, compiled here with the C compiler
that built the package, switches the mode from the test itself; every answer
and every validation is then compared with the same call in the standard mode.
"""

import contextlib
import ctypes
import platform
import shutil
import subprocess

import numpy as np
import pytest
from strategies import KINDS, TYPES, WIDTH, valid_rows

import pycollide as pc

HELPER = {
    "x86_64": (
        "#include <xmmintrin.h>\n"
        "unsigned long long fp_get(void) { return _mm_getcsr(); }\n"
        "void fp_set(unsigned long long v) { _mm_setcsr((unsigned)v); }\n",
        0x8040,
    ),  # FTZ (bit 15) | DAZ (bit 6)
    "aarch64": (
        "unsigned long long fp_get(void) { unsigned long long v; __asm__ volatile(\"mrs %0, fpcr\" : \"=r\"(v)); "
        "return v; }\n"
        "void fp_set(unsigned long long v) { __asm__ volatile(\"msr fpcr, %0\" : : \"r\"(v)); }\n",
        1 << 24,
    ),  # FZ
}


@pytest.fixture(scope="module")
def fp(tmp_path_factory):
    machine = {"AMD64": "x86_64", "arm64": "aarch64"}.get(platform.machine(), platform.machine())
    if machine not in HELPER:
        pytest.skip(f"no floating-point mode helper for {machine}")
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        pytest.skip("no C compiler to build the mode helper")
    source, bits = HELPER[machine]
    work = tmp_path_factory.mktemp("fpmode")
    (work / "fpmode.c").write_text(source)
    subprocess.run(
        [cc, "-shared", "-fPIC", "-O1", "-o", str(work / "fpmode.so"), str(work / "fpmode.c")],
        check=True,
        capture_output=True,
    )
    lib = ctypes.CDLL(str(work / "fpmode.so"))
    lib.fp_get.restype = ctypes.c_ulonglong
    lib.fp_set.argtypes = [ctypes.c_ulonglong]

    @contextlib.contextmanager
    def flush_to_zero():
        saved = lib.fp_get()
        lib.fp_set(saved | bits)
        try:
            assert lib.fp_get() & bits == bits
            yield
            assert lib.fp_get() & bits == bits, "pycollide must restore the caller's mode"
        finally:
            lib.fp_set(saved)

    # the helper works: with FTZ a subnormal product flushes to zero
    tiny = np.array([2.0**-1000])
    with flush_to_zero():
        flushed = (tiny * 2.0**-60)[0]
    assert flushed == 0.0 and (tiny * 2.0**-60)[0] > 0
    return flush_to_zero


def scene(kind, n, rng, scale):
    """Small-integer shapes scaled into the subnormal range: touching, collinear
    and shared corners are frequent, and every value is subnormal."""
    return valid_rows(kind, rng.integers(-3, 4, size=(n, WIDTH[kind]))) * scale


def test_validation_ignores_the_mode(fp):
    with fp():
        with pytest.raises(ValueError, match="radius"):
            pc.Circles([0.0, 0.0, -5e-324])
        with pytest.raises(ValueError, match="xmin"):
            pc.Boxes([5e-324, 0.0, 0.0, 1.0])
        with pytest.raises(ValueError, match="coincide"):
            pc.Lines([5e-324, 0.0, 5e-324, 0.0])
        ok = pc.Lines([5e-324, 0.0, 0.0, 0.0])  # distinct points, though DAZ reads both as 0
        circle = pc.Circles([0.0, 0.0, 5e-324])
    assert ok.shape == () and float(circle.radius) == 5e-324


@pytest.mark.sample(4)
@pytest.mark.parametrize("ka", KINDS)
def test_overlaps_and_contacts_ignore_the_mode(fp, ka):
    rng = np.random.default_rng(99)
    for kb in KINDS:
        for scale in (2.0**-1074, 2.0**-1060, 1.0):
            a = TYPES[ka](scene(ka, 150, rng, scale))
            b = TYPES[kb](scene(kb, 150, rng, scale))
            want = [pc.overlaps(a, b), pc.overlaps(a, b, touching=False), pc.contact(a, b).separation, pc.pairs(a, b)]
            with fp():  # (only pycollide runs in the mode: numpy's own compares would see DAZ)
                a2 = TYPES[ka](np.asarray(a))  # built in the mode too
                got = [
                    pc.overlaps(a2, b),
                    pc.overlaps(a, b, touching=False),
                    pc.contact(a2, b).separation,
                    pc.pairs(a2, b),
                ]
            want[2], got[2] = want[2] <= 0, got[2] <= 0
            for w, g in zip(want, got):
                np.testing.assert_array_equal(g, w, err_msg=f"{ka}-{kb} at scale {scale}")


def test_tile_maps_ignore_the_mode(fp):
    kinds = np.array([[1, 2, 0], [4, 1, 5], [0, 1, 3]], dtype=np.int8)
    s = 2.0**-1070
    rng = np.random.default_rng(5)
    C = np.column_stack([rng.integers(-2, 12, size=(300, 2)) * 2.0**-1072, rng.integers(0, 3, 300) * 2.0**-1073])
    D = rng.integers(-8, 9, size=(300, 2)) * 2.0**-1073
    rays = D + 2.0**-1074  # nonzero directions (computed here: under FTZ numpy would flush them)
    push = D[:] * 8
    tm = pc.TileMap(kinds, tile_size=s)
    want = (
        pc.overlaps(pc.Circles(C), tm),
        pc.overlaps(pc.Circles(C), tm, touching=False),
        pc.contact(pc.Circles(C), tm).separation,
        pc.raycast(C[:, :2], rays, tm),
        pc.sweep(pc.Circles(C), D, tm),
    )
    free = ~want[1]
    start, push = pc.Circles(C[free]), push[free]
    moved = pc.advance(start, push, tm, 1.0, restitution=0.5, return_bounces=True)
    with fp():
        tm2 = pc.TileMap(kinds, tile_size=s)  # a subnormal tile size is > 0, whatever DAZ says
        # (only pycollide runs in the mode: numpy arithmetic here would flush the inputs)
        got = (
            pc.overlaps(pc.Circles(C), tm2),
            pc.overlaps(pc.Circles(C), tm2, touching=False),
            pc.contact(pc.Circles(C), tm2).separation,
            pc.raycast(C[:, :2], rays, tm2),
            pc.sweep(pc.Circles(C), D, tm2),
        )
        moved2 = pc.advance(start, push, tm2, 1.0, restitution=0.5, return_bounces=True)
    assert want[0].any() and not want[0].all()
    for w, g in zip(want[:3], got[:3]):
        np.testing.assert_array_equal(g, w)
    for w, g in zip(want[3] + want[4], got[3] + got[4]):
        np.testing.assert_array_equal(g, w)
    for w, g in zip(moved, moved2):
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w))


def test_intersections_and_sweeps_ignore_the_mode(fp):
    rng = np.random.default_rng(8)
    scale = 2.0**-1070
    segs = pc.Segments(scene("segment", 500, rng, scale))
    circles = pc.Circles(scene("circle", 500, rng, scale))
    boxes = pc.Boxes(scene("box", 500, rng, scale))
    D = rng.integers(-4, 5, size=(500, 2)) * scale
    want = (
        pc.intersections(segs, circles),
        pc.intersections(segs[:, None], segs[None, :50]),
        pc.sweep(circles, D, boxes),
    )
    with fp():
        got = (
            pc.intersections(segs, circles),
            pc.intersections(segs[:, None], segs[None, :50]),
            pc.sweep(circles, D, boxes),
        )
    for w, g in zip(want, got):
        for x, y in zip(w, g):
            np.testing.assert_array_equal(y, x)
