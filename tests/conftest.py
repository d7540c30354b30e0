"""Test configuration.

The tests import the *installed* pycollide (pytest runs with
--import-mode=importlib, so the source tree is not put on sys.path); the
helpers next to this file (the exact reference and the strategies) are made
importable here.

Hypothesis profiles: "dev" (default, quick) and "ci" (many examples,
derandomized so a CI run is reproducible).  Choose with HYPOTHESIS_PROFILE;
CI=true selects "ci".
"""

import os
import sys

from hypothesis import HealthCheck, settings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

_common = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("dev", max_examples=60, **_common)
settings.register_profile("ci", max_examples=200, derandomize=True, print_blob=True, **_common)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
