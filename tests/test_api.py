"""The shared conformance check (sintra_rules.verify.api.check_game) over every game.

The toy game of tests/toy_game.py passes it with no code outside its own file; planted faults in
a copy of the toy are each caught by the check that names them.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import attrs
import pytest

from sintra_rules.errors import ConformanceFailure, InvalidArgument
from sintra_rules.game import (
    CHANCE,
    TERMINAL,
    Facts,
    FileClaim,
    FileFormat,
    Recognised,
    current_player,
    resolve_chance,
)
from sintra_rules.verify.api import check_game, configurations
from tests.toy_game import TOY, ToyGame, ToyState, play


def test_the_toy_game_passes_the_conformance_check() -> None:
    report = check_game(TOY, games=4)
    assert report.game == "toy"
    assert report.games == 3 * 4  # 1, 2 and 3 players, four games each
    assert report.decisions > 0 and report.chance_steps > 0


def test_the_toy_game_has_chance_hidden_cards_and_several_actions_per_turn() -> None:
    unset = TOY.start(2, seed=3, sample=False)
    assert current_player(unset) == CHANCE
    assert TOY.chance_outcomes(unset) == (
        (0, Fraction(1, 3)),
        (1, Fraction(1, 3)),
        (2, Fraction(1, 3)),
    )
    state = resolve_chance(TOY, unset)
    assert state == TOY.start(2, seed=3)
    after = TOY.apply(state, 0)  # bank: the same seat acts again
    assert after.turn == state.turn == 0 and TOY.legal_actions(after) == (2, 3)
    final = play(["bank", "stop"] * 4, players=2, seed=3)
    assert current_player(final) == TERMINAL


class _Broken(ToyGame):
    """The toy with one planted fault, chosen by name."""

    def __init__(self, fault: str) -> None:
        self.fault = fault

    def chance_outcomes(self, state: ToyState, /) -> tuple[tuple[int, Fraction], ...]:
        outcomes = super().chance_outcomes(state)
        if self.fault == "probabilities" and state.chance == "roll":
            return tuple((o, Fraction(1, 2)) for o, _ in outcomes)
        return outcomes

    def legal_actions(self, state: ToyState, /) -> tuple[int, ...]:
        actions = super().legal_actions(state)
        if self.fault == "order":
            return tuple(reversed(actions))
        return actions

    def legal_ids(self, state: ToyState, /) -> tuple[int, ...]:
        return self.legal_actions(state)

    def observe(self, state: ToyState, seat: int, /) -> Any:
        seen = super().observe(state, seat)
        if self.fault == "peek":
            seen.extend(float(c or 0) for c in state.cards)  # every seat's hidden card
        return seen

    def facts(self, num_players: int, /, options: Mapping[str, str] | None = None) -> Facts:
        facts = super().facts(num_players, options)
        if self.fault == "bounds":  # the toy's scores and round go above 1
            return attrs.evolve(facts, observation_high=1.0)
        return facts

    def options_of(self, state: ToyState, /) -> dict[str, str]:
        return {"side": "A"} if self.fault == "options" else {}

    def apply(self, state: ToyState, action: int, /, *, sample: bool = True) -> ToyState:
        if self.fault == "lenient" and action not in self.legal_actions(state):
            return state
        after = super().apply(state, action, sample=sample)
        if self.fault == "endless" and after.is_over:
            return attrs.evolve(after, round=1)
        return after


@pytest.mark.parametrize(
    ("fault", "check"),
    [
        ("probabilities", "chance"),
        ("order", "legal actions"),
        ("peek", "observation"),
        ("lenient", "illegal action"),
        ("endless", "termination"),
        ("options", "start"),
        ("bounds", "observation"),
    ],
)
def test_a_planted_fault_is_caught_by_its_check(fault: str, check: str) -> None:
    with pytest.raises(ConformanceFailure) as caught:
        check_game(_Broken(fault), games=2)
    assert caught.value.check == check, str(caught.value)


def test_peeking_is_caught_even_when_the_size_is_right() -> None:
    class Peek(ToyGame):
        def observe(self, state: ToyState, seat: int, /) -> Any:
            seen = super().observe(state, seat)
            seen[-1] = float(sum(c or 0 for c in state.cards))  # hidden cards leak
            return seen

    with pytest.raises(ConformanceFailure) as caught:
        check_game(Peek(), games=2, players=[2])
    assert caught.value.check == "no peeking"


def test_check_game_needs_two_games_and_lists_configurations() -> None:
    with pytest.raises(InvalidArgument):
        check_game(TOY, games=1)
    assert configurations(TOY) == [(1, {}), (2, {}), (3, {})]


def test_every_registered_game_passes_the_conformance_check() -> None:
    from sintra_rules import available_games, make

    for name in available_games():
        report = check_game(make(name), games=2)
        assert report.games >= 2 * len(make(name).info.player_counts)


class _Filed(ToyGame):
    """The toy telling its state documents by their keys (Recognised); ``fault`` names a
    planted fault of its claims."""

    def __init__(self, fault: str | None = None) -> None:
        self.fault = fault

    @property
    def file_formats(self) -> tuple[FileFormat, ...]:
        kind = "toy document" if self.fault == "undeclared" else "state document"
        return (FileFormat(kind, 'JSON with "cards" and "die"'),)

    def claim_file(self, text: str, /) -> FileClaim | None:
        if self.fault == "greedy":
            return FileClaim("state document", "anything")
        if '"cards"' in text and '"die"' in text:
            kind = "game record" if self.fault == "wrong" else "state document"
            return FileClaim(kind, 'its keys "cards" and "die"')
        return None


@pytest.mark.parametrize(
    ("fault", "message"),
    [
        ("wrong", "its own state document is claimed as 'game record'"),
        ("undeclared", "kinds of file ['toy document'] beyond FILE_KINDS"),
        ("greedy", "it claims the text ''"),
    ],
)
def test_a_game_that_misreads_its_own_files_is_caught(fault: str, message: str) -> None:
    """The ``files`` check: a Recognised game claims what its own writers write as that kind
    of file, declares only kinds of :data:`~sintra_rules.game.FILE_KINDS`, and claims no
    empty text; the toy that does passes."""
    assert isinstance(_Filed(), Recognised)
    check_game(_Filed(), games=2, players=[2])
    with pytest.raises(ConformanceFailure) as caught:
        check_game(_Filed(fault), games=2, players=[2])
    assert caught.value.check == "files"
    assert message in str(caught.value)
