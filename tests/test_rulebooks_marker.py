"""The ``rulebooks`` marker: skipped with a reason on a fresh clone, required in CI.

A fresh clone has no ``../shared/rulebooks``, so the tests that read the rulebook texts are
skipped there with the reason; CI (``CI=true``) and ``SINTRA_REQUIRE_RULEBOOKS=1`` turn the
absence into a failure, so the texts can never be skipped silently where they should be.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import conftest


class _Item:
    """The part of a pytest item the hook reads."""

    def __init__(self, marked: bool) -> None:
        self.marked = marked

    def get_closest_marker(self, name: str) -> object | None:
        return object() if self.marked and name == "rulebooks" else None


@pytest.fixture
def absent(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No rulebook texts, and no CI variables."""
    missing = tmp_path / "no-rulebooks"
    monkeypatch.setattr(conftest, "RULEBOOKS", missing)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("SINTRA_REQUIRE_RULEBOOKS", raising=False)
    return missing


def test_absent_texts_skip_a_marked_test_with_the_reason(absent: Path) -> None:
    with pytest.raises(pytest.skip.Exception, match=r"rulebook texts are not at .*no-rulebooks"):
        conftest.pytest_runtest_setup(_Item(marked=True))  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "value"), [("CI", "true"), ("SINTRA_REQUIRE_RULEBOOKS", "1")])
def test_absent_texts_fail_a_marked_test_when_required(
    absent: Path, monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(pytest.fail.Exception, match="they are required here"):
        conftest.pytest_runtest_setup(_Item(marked=True))  # type: ignore[arg-type]


def test_unmarked_tests_and_present_texts_run(absent: Path, tmp_path: Path) -> None:
    conftest.pytest_runtest_setup(_Item(marked=False))  # type: ignore[arg-type]
    absent.mkdir()
    conftest.pytest_runtest_setup(_Item(marked=True))  # type: ignore[arg-type]


def test_the_tests_that_read_the_texts_are_marked() -> None:
    """Every test module that reads the texts through ``RULEBOOKS`` marks those tests."""
    tests = Path(__file__).parent
    for path in sorted(tests.glob("test_*.py")):
        text = path.read_text("utf-8")
        if path.name != Path(__file__).name and "RULEBOOKS" in text:
            assert "@pytest.mark.rulebooks" in text, path.name
