"""The examples under examples/ run, and do what they say."""

import importlib.util
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _load(name):
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def crates():
    return _load("crates")


def test_the_stack_of_ten_crates_comes_to_rest_and_stands_for_600_frames(crates, tmp_path):
    pytest.importorskip("matplotlib")  # for the picture
    picture = tmp_path / "crates.png"
    r = crates.run(frames=720, picture=str(picture), quiet=True)
    # over the last 600 frames: no crate of the stack moved or turned more than a hair
    assert r["drift"] < 0.02 and r["tilt"] < 0.02, r
    assert r["top"] > 9.4 and r["speed"] < 0.05, r  # ten crates 1 high, at rest
    # nothing tunnels: no crate ever more than a few hundredths inside the ground or the slope
    assert r["deepest"] < 0.05 and r["lowest"] > 0.0, r
    assert picture.stat().st_size > 10_000 and picture.read_bytes()[:4] == b"\x89PNG"


def test_without_the_turning_sweep_a_fast_crate_sinks_into_the_ground(crates):
    r = crates.run(frames=120, quiet=True, ccd=False)
    assert r["deepest"] > 0.3, r
