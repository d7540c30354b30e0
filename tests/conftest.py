"""Test configuration.

The tests import the *installed* pycollide (pytest runs with
--import-mode=importlib, and the project root is taken off sys.path, so the
source folder pycollide/ cannot shadow it); the helpers next to this file
(the exact reference, the strategies and the shared cases) are made importable
here.

Two profiles:

* the default, for daily work (`pytest -n auto`, under a minute on 2 cores):
  hypothesis profile "dev" (4 examples per property, random seeds) and
  the tests marked ``slow`` deselected (and most cases of those marked
  ``sample``);
* the full one (`pytest -n auto --full`, what README's test command and CI
  run): hypothesis profile "ci" (many examples, derandomized, so a run is
  reproducible) and every test.

HYPOTHESIS_PROFILE=dev|dev-fixed|ci overrides the hypothesis profile
(dev-fixed: dev derandomized, for .ci/matrix's legs, which check versions
and must not fail on a fresh random draw); CI=true selects the full run.
"""

import os
import sys

os.environ.setdefault("MPLBACKEND", "Agg")  # pycollide.plotting's examples and tests draw into files, never a window

from hypothesis import HealthCheck, settings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# The package's source folder (pycollide/, beside tests/) holds no compiled
# core: the suite tests the installed package, so the project root must not
# shadow it (`python -m pytest` puts the current folder first on sys.path).
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != ROOT]
sys.path.insert(0, HERE)

_common = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("dev", max_examples=4, **_common)
settings.register_profile("dev-fixed", max_examples=4, derandomize=True, **_common)  # .ci/matrix's legs
settings.register_profile("ci", max_examples=200, derandomize=True, print_blob=True, **_common)


def pytest_addoption(parser):
    parser.addoption(
        "--full",
        action="store_true",
        default=False,
        help="the full run: hypothesis profile 'ci' (many examples, derandomized) and the slow tests",
    )


def _full(config):
    return config.getoption("--full") or bool(os.environ.get("CI"))


def pytest_configure(config):
    default = "ci" if _full(config) else "dev"
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", default))


def pytest_collection_modifyitems(config, items):
    """In the default profile leave out the tests marked ``slow``, and of a
    test marked ``sample(k)`` run one parametrized case in k (every k-th, in
    collection order: the same ones every run); the full profile runs all.
    Left-out tests are deselected, not skipped: a skipped test still costs a
    round trip through the runner's workers, and there are thousands."""
    if _full(config):
        return
    seen = {}
    keep, slow, sampled = [], [], []
    for item in items:
        if "slow" in item.keywords:
            slow.append(item)
            continue
        mark = item.get_closest_marker("sample")
        if mark is not None:
            key = (item.path, item.originalname)
            k = seen[key] = seen.get(key, -1) + 1
            if k % mark.args[0]:
                sampled.append(item)
                continue
        keep.append(item)
    if slow or sampled:
        config.hook.pytest_deselected(items=slow + sampled)
        items[:] = keep
        config._pycollide_left_out = (len(slow), len(sampled))


def pytest_report_header(config):
    if not _full(config):
        return "profile: default (slow tests and most sampled cases deselected; pytest --full runs them all)"
    return "profile: full"


def pytest_terminal_summary(terminalreporter, config):
    left = getattr(config, "_pycollide_left_out", None)
    if left:
        terminalreporter.write_line(
            f"default profile: {left[0]} slow tests and {left[1]} sampled cases left out (pytest --full runs them)"
        )
