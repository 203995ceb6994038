"""Sagrada's soak (``verify/soak.py``): a small soak in CI, its plans, and a planted bug
reported with the expression that reproduces it. The large soak's figures are in the issue's
closing note (``python -m tools.sagrada_soak --games 10000``)."""

from __future__ import annotations

import pytest

from sintra_rules import InvalidArgument
from sintra_rules.games.sagrada import scoring
from sintra_rules.games.sagrada.verify.soak import SoakPlan, game_plan, play_checked, run_soak


def test_small_soak_passes_every_check() -> None:
    """Sixteen games, 1 to 4 players with both policies and solo tools 1 and 2, pass every
    invariant at every step; the events show tools used and the solo games' outcomes."""
    report = run_soak(16, seed=3)
    assert report.games == 16 and report.failures == ()
    assert report.plies > 16 * 40
    events = dict(report.events)
    assert sum(v for k, v in events.items() if k.startswith("tool ")) > 0
    assert events.get("solo lost", 0) + events.get("solo won", 0) == 4
    assert "16 games" in report.summary() and "failures: 0" in report.summary()


def test_game_plans_cycle_through_the_configurations() -> None:
    """Players 1 to 4, then the other policy, the solo tools 1 to 5; seeds from the soak's."""
    plans = [game_plan(i, seed=2) for i in range(40)]
    assert [p.players for p in plans[:8]] == [1, 2, 3, 4, 1, 2, 3, 4]
    assert [p.policy for p in plans[:8]] == ["uniform"] * 4 + ["eager"] * 4
    assert sorted({p.tools for p in plans if p.players == 1}) == [1, 2, 3, 4, 5]  # type: ignore[type-var]
    assert {p.tools for p in plans if p.players > 1} == {None}
    assert plans[5].seed == 2 * 2**32 + 5


def test_a_planted_bug_is_reported_with_its_reproducer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A scoring bug (Color Diagonals counting orthogonal neighbours) fails a soak game at
    its last decision, naming the invariant and the plan that replays it."""
    diagonal = scoring.PUBLIC_RULES[9]

    def orthogonal_too(window: scoring.Window) -> int:
        return diagonal(window) + 1 if any(window) else 0

    monkeypatch.setattr(scoring, "PUBLIC_RULES", (*scoring.PUBLIC_RULES[:9], orthogonal_too))
    failed = [g for i in range(12) if (g := play_checked(game_plan(i))).failure is not None]
    assert failed
    failure = failed[0].failure
    assert failure is not None
    assert "score_parts" in failure.message or "final_result" in failure.message
    assert "play_checked(SoakPlan(" in str(failure)
    assert play_checked(failure.plan).failure == failure


def test_bad_arguments_are_refused() -> None:
    """A negative count or seed, or no worker, is refused naming the argument."""
    with pytest.raises(InvalidArgument, match="games"):
        run_soak(-1)
    with pytest.raises(InvalidArgument, match="workers"):
        run_soak(1, workers=0)
    assert SoakPlan(1, 5, "eager", 2).reproducer() == "play_checked(SoakPlan(1, 5, 'eager', 2))"
