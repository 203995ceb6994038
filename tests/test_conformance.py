"""Sintra's conformance check (sintra_rules.games.sintra.verify.conformance) on the reference and
on wrong engines.

Each wrong engine below is the reference with one deliberate fault; the check must name the
game, the ply and the check that catches it. The reference itself must show no divergence.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

import sintra_rules
from sintra_rules import Action, GameState, Take, apply, legal_actions
from sintra_rules.games.sintra.verify.conformance import Divergence, check_engine
from sintra_rules.games.sintra.verify.soak import GamePlan


class Reference:
    """The reference engine, as an object (a module works too)."""

    def legal_actions(self, state: GameState) -> Sequence[Action]:
        return legal_actions(state)

    def apply(self, state: GameState, action: Action) -> GameState:
        return apply(state, action)


class StingyCompletion(Reference):
    """DONE-02 broken: a completed strip scores one point less."""

    def apply(self, state: GameState, action: Action) -> GameState:
        after = apply(state, action)
        if isinstance(action, Take) and action.keep is not None:
            seat = state.turn
            players = list(after.players)
            players[seat] = attrs.evolve(players[seat], score=players[seat].score - 1)
            after = attrs.evolve(after, players=tuple(players))
        return after


class NoResets(Reference):
    """RESET-01 broken: never lists a reset."""

    def legal_actions(self, state: GameState) -> Sequence[Action]:
        return [a for a in legal_actions(state) if isinstance(a, Take)]


class EndlessRound(Reference):
    """ROUND-04 broken: an action only passes the turn, so the round never ends."""

    def apply(self, state: GameState, action: Action) -> GameState:
        return attrs.evolve(state, turn=(state.turn + 1) % len(state.players))


class Crashing(Reference):
    """An engine that raises on its tenth action."""

    def apply(self, state: GameState, action: Action) -> GameState:
        if sum(p.glazier for p in state.players) > 3:
            raise KeyError("boom")
        return apply(state, action)


def test_the_reference_conforms() -> None:
    """TURN-01, ENG-05: twelve games over every configuration and both policies, to the end."""
    assert check_engine(sintra_rules, games=12) == ()
    assert check_engine(Reference(), games=2, seed=7) == ()


def test_a_scoring_fault_is_reported_with_its_invariant() -> None:
    """DONE-02: the first completion of each game shows the missing point."""
    found = check_engine(StingyCompletion(), games=2)
    assert [d.game for d in found] == [
        GamePlan(2, "A", 0, "uniform"),
        GamePlan(2, "B", 1, "uniform"),
    ]
    first = found[0]
    assert (first.check, first.ply, first.action) == ("score_changes", 28, "CB-8=G")
    assert first.message == "player 1's score went -36 -> -35, expected -34"
    assert str(first).startswith("2 players, side A, seed 0, uniform play, ply 28 (CB-8=G)")


def test_a_missing_action_is_reported() -> None:
    """RESET-01: the position where a reset is first legal."""
    found = check_engine(NoResets(), games=1)
    assert found == (
        Divergence(GamePlan(2, "A", 0, "uniform"), 2, "-", "legal actions", "misses R"),
    )


def test_a_turn_that_only_passes_is_caught_at_once() -> None:
    """PLACE-03, ROUND-04: an engine whose actions only pass the turn never ends a round; the
    invariants catch its first action (the glazier did not move onto the target), long before
    the termination bound would."""
    found = check_engine(EndlessRound(), games=1)
    assert [(d.ply, d.action, d.check) for d in found] == [(1, "3P-6", "glazier_moves")]


def test_a_crash_is_reported() -> None:
    found = check_engine(Crashing(), games=1)
    assert len(found) == 1
    assert (found[0].check, found[0].message) == ("crash", "KeyError: 'boom'")


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="games >= 0"):
        check_engine(sintra_rules, games=-1)
