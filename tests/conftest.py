"""Shared pytest configuration: hypothesis profiles and the rulebook texts.

``ci`` (the default) is derandomised and bounded so a CI run is reproducible and fast;
``long`` explores for as long as asked. Choose with ``SINTRA_HYPOTHESIS_PROFILE=long`` and, for
``long``, set the number of examples with ``SINTRA_HYPOTHESIS_EXAMPLES`` (default 2000).

Tests marked ``@pytest.mark.rulebooks`` read the rulebook texts, which are not part of the
project: from ``$SINTRA_RULEBOOKS``, else from ``../shared/rulebooks`` beside the checkout.
When the directory is absent they are skipped with a reason, so a fresh clone passes; when the
environment requires them (``CI=true``, as CI runners set it, or ``SINTRA_REQUIRE_RULEBOOKS=1``)
an absent directory fails them instead, so CI can never skip them silently.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[1]
#: Where the rulebook texts are read from.
RULEBOOKS = Path(os.environ.get("SINTRA_RULEBOOKS", ROOT.parent / "shared" / "rulebooks"))


def rulebooks_required() -> bool:
    """Whether the environment says the rulebook texts must be present (CI)."""
    return (
        os.environ.get("CI", "").lower() == "true"
        or os.environ.get("SINTRA_REQUIRE_RULEBOOKS", "") == "1"
    )


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip (or, when required, fail) a ``rulebooks`` test whose texts are absent."""
    if item.get_closest_marker("rulebooks") is None or RULEBOOKS.is_dir():
        return
    reason = f"the rulebook texts are not at {RULEBOOKS} (set SINTRA_RULEBOOKS)"
    if rulebooks_required():
        pytest.fail(f"{reason}; they are required here (CI=true or SINTRA_REQUIRE_RULEBOOKS=1)")
    pytest.skip(reason)


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
