"""Shared pytest configuration: hypothesis profiles.

``ci`` (the default) is derandomised and bounded so a CI run is reproducible and fast;
``long`` explores for as long as asked. Choose with ``SINTRA_HYPOTHESIS_PROFILE=long`` and, for
``long``, set the number of examples with ``SINTRA_HYPOTHESIS_EXAMPLES`` (default 2000).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=60,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "long",
    derandomize=False,
    deadline=None,
    max_examples=int(os.environ.get("SINTRA_HYPOTHESIS_EXAMPLES", "2000")),
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("SINTRA_HYPOTHESIS_PROFILE", "ci"))
