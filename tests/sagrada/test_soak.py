"""Sagrada in the library's soak (``sintra_rules.verify.soak`` with ``game=make("sagrada")``):
its ``Verified`` capability (the 17 invariants against the oracle, the ``eager`` policy), a
small soak in CI, and a planted bug reported with the expression that reproduces it. The large
soak's figures are in issue 23's closing note (``python -m tools.sagrada_soak --games 10000``).
"""

from __future__ import annotations

import attrs
import pytest

from sintra_rules.errors import InvariantBroken
from sintra_rules.game import Verified
from sintra_rules.games.sagrada import GAME, EndTurn, new_game, scoring
from sintra_rules.games.sagrada.verify.invariants import INVARIANTS
from sintra_rules.verify.soak import policies, run_soak, soak_game, soak_plan

SAGRADA = GAME


def test_sagrada_is_verified() -> None:
    """The capability names the 17 invariants and the ``eager`` policy, which never ends a
    turn while anything else is legal (TURN-02)."""
    assert isinstance(SAGRADA, Verified)
    assert SAGRADA.invariants == tuple(i.name for i in INVARIANTS)
    assert policies(SAGRADA) == ("uniform", "eager")
    state = new_game(2, seed=1)
    while state.round == 0:
        state = SAGRADA.apply(state, SAGRADA.legal_actions(state)[0])
    pool = SAGRADA.soak_policies["eager"](state, SAGRADA.legal_actions(state))
    assert pool and EndTurn() not in pool


def test_check_state_and_step_raise_on_a_broken_invariant() -> None:
    """A broken position or step raises ``InvariantBroken`` naming the invariant and its
    clauses; a good step returns its events."""
    state = new_game(1, seed=2)
    action = SAGRADA.legal_actions(state)[0]
    after = SAGRADA.apply(state, action)
    SAGRADA.check_state(after)
    assert SAGRADA.check_step(state, action, after) == {}
    broken = attrs.evolve(after, bag=(0, 0, 0, 0, 0))
    with pytest.raises(InvariantBroken, match=r"dice_conserved \(COMP-01"):
        SAGRADA.check_state(broken)


def test_small_soak_passes_every_check() -> None:
    """Sixteen games (1 to 4 players, solo at every difficulty, both policies) pass the
    protocol's checks and the 17 invariants at every step; tools are used and the solo games
    end won or lost."""
    report = run_soak(16, seed=3, game=SAGRADA)
    assert report.games == 16 and report.failures == ()
    assert report.invariants == SAGRADA.invariants
    counts = dict(report.counts)
    assert sum(v for k, v in counts.items() if k.startswith("tool ")) > 0
    solo = sum(soak_plan(i, 3, game=SAGRADA).num_players == 1 for i in range(16))
    assert counts.get("solo lost", 0) + counts.get("solo won", 0) == solo > 0


def test_a_planted_bug_is_reported_with_its_reproducer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A scoring bug (Color Diagonals giving a point too many) fails a soak game at its last
    decision, naming the invariant; the failure names the plan that replays it."""
    diagonal = scoring.PUBLIC_RULES[9]

    def one_too_many(window: scoring.Window) -> int:
        return diagonal(window) + 1

    monkeypatch.setattr(scoring, "PUBLIC_RULES", (*scoring.PUBLIC_RULES[:9], one_too_many))
    plans = [soak_plan(i, game=SAGRADA) for i in range(12)]
    failed = [r for r in (soak_game(p, game=SAGRADA) for p in plans) if r.failures]
    assert failed
    failure = failed[0].failures[0]
    assert "score_parts" in str(failure) or "final_result" in str(failure)
    assert "soak_game(SoakPlan(game='sagrada'" in str(failure)
    assert soak_game(failure.plan, game=SAGRADA).failures == failed[0].failures
