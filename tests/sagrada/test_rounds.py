"""Rounds and turns: the draft pool, snake order, the end of a round and of the game
(ROUND-01 to ROUND-06), what a turn holds (TURN-01 to TURN-04) and drafting (RUL-05, RUL-14)."""

from __future__ import annotations

import pytest

from sintra_rules import GameOver, IllegalAction
from sintra_rules.games.sagrada import (
    Draft,
    EndTurn,
    Pick,
    Place,
    SagradaState,
    UseTool,
    apply,
    apply_traced,
    legal_actions,
    new_game,
    violations,
)
from sintra_rules.games.sagrada import events as ev
from tests.sagrada.helpers import cell, d, make_state


def turns_of_round(state: SagradaState) -> tuple[list[int], SagradaState]:
    """The seats that act in the state's round when everybody passes."""
    seats = []
    number = state.round
    while state.round == number and not state.is_over:
        seats.append(state.turn)
        state = apply(state, EndTurn())
    return seats, state


@pytest.mark.parametrize(
    ("patterns", "start", "order"),
    [
        (("Lux Astram",), 0, [0, 0]),
        (("Lux Astram", "Sun Catcher"), 0, [0, 1, 1, 0]),
        (("Lux Astram", "Sun Catcher"), 1, [1, 0, 0, 1]),
        (("Lux Astram", "Sun Catcher", "Virtus"), 1, [1, 2, 0, 0, 2, 1]),
        (("Lux Astram", "Sun Catcher", "Virtus", "Gravitas"), 2, [2, 3, 0, 1, 1, 0, 3, 2]),
    ],
)
def test_round_03_snake_order(patterns: tuple[str, ...], start: int, order: list[int]) -> None:
    """ROUND-03, SOLO-02: seats clockwise from the start player, then the same seats in reverse;
    the solo player takes both turns."""
    state = make_state(patterns=patterns, start=start)
    seats, _ = turns_of_round(state)
    assert seats == order


def test_round_04_05_02_end_of_round() -> None:
    """ROUND-04: the pool's dice go on the round's space; ROUND-05: the start player passes
    clockwise; ROUND-02: the new start player's pool is 2n + 1 = 5 dice drawn from the bag."""
    state = make_state(pool=("R1", "B2", "B2"))
    bag_before = sum(state.bag)
    _, after = turns_of_round(state)
    assert after.track[0] == (d("R1"), d("B2"), d("B2"))
    assert after.round == 2 and after.start == 1 and after.turn == 1 and after.step == 0
    assert len(after.pool) == 5 and sum(after.bag) == bag_before - 5
    assert after.chance is None and not after.drafted and not after.tool_used


def test_round_02_pool_sizes() -> None:
    """ROUND-02, SOLO-02: 4 dice solo, 5 / 7 / 9 for 2 / 3 / 4 players."""
    for n, size in ((1, 4), (2, 5), (3, 7), (4, 9)):
        state = new_game(n, seed=n)
        for _ in range(n):
            state = apply(state, legal_actions(state)[0])  # RUL-10
        assert state.round == 1 and len(state.pool) == size and sum(state.bag) == 90 - size


def test_round_06_game_ends_after_the_tenth_round() -> None:
    """ROUND-06: after round 10 the game is over: no actions, GameOver on apply."""
    state = make_state(round=10, pool=("G3",))
    _, after = turns_of_round(state)
    assert after.is_over and after.round == 11 and after.track[9] == (d("G3"),)
    assert legal_actions(after) == ()
    with pytest.raises(GameOver):
        apply(after, EndTurn())
    assert [e.clause for e in violations(after, EndTurn())] == ["ROUND-06"]


def test_round_01_ten_rounds_in_a_game() -> None:
    """ROUND-01, ROUND-04, ROUND-06: a whole game has 10 rounds, each ending with its dice
    going to the round track, then the game ends."""
    state = new_game(2, seed=11)
    started = ended = over = 0
    while not state.is_over:
        state, events = apply_traced(state, legal_actions(state)[-1])
        started += sum(isinstance(e, ev.RoundStarted) for e in events)
        ended += sum(isinstance(e, ev.DiceToTrack) for e in events)
        over += sum(isinstance(e, ev.GameEnded) for e in events)
    assert (started, ended, over) == (10, 10, 1)
    assert all(len(space) == 5 for space in state.track)  # nobody drafted


def test_turn_01_tool_before_or_after_the_draft() -> None:
    """TURN-01, RUL-15: a moving tool may be used before drafting or after the die is placed,
    not while a die is in hand (its own clause names the timing, ENG-10)."""
    state = make_state(
        patterns=("Lux Astram", "Sun Catcher"),
        windows=[{"r4c1": "G4"}, {}],
        pool=("R3", "B5"),
        tools=(2, 3, 4),
        tokens=(0, 0, 0),
    )
    actions = legal_actions(state)
    assert Draft(0, 3) in actions and UseTool(2) in actions and EndTurn() in actions
    # tool first: Eglomise moves the green 4 along row 4, then the draft is still open
    brush = apply(apply(state, UseTool(2)), Pick(cell("r4c1")))
    moved = apply(brush, Place(cell("r4c2")))
    assert Draft(0, 3) in legal_actions(moved) and UseTool(3) not in legal_actions(moved)
    # draft first: no moving tool while the die is in hand, then after it is placed
    drafted = apply(state, Draft(0, 3))
    assert UseTool(2) not in legal_actions(drafted)
    assert [e.clause for e in violations(drafted, UseTool(2))] == ["TOOL-02"]
    placed = apply(drafted, Place(cell("r4c2")))
    assert UseTool(2) in legal_actions(placed)


def test_turn_02_and_rul_14_ending_a_turn() -> None:
    """TURN-02: the turn may end whenever no die is in hand and no tool is half-done; RUL-14:
    a drafted die cannot be kept."""
    state = make_state(pool=("R3", "B5"), tools=(1, 2, 3))
    assert EndTurn() in legal_actions(state)
    drafted = apply(state, Draft(0, 3))
    assert EndTurn() not in legal_actions(drafted)
    assert [e.clause for e in violations(drafted, EndTurn())] == ["RUL-14"]
    with pytest.raises(IllegalAction) as info:
        apply(drafted, EndTurn())
    assert info.value.clause == "RUL-14"
    grozing = apply(drafted, UseTool(1))
    assert [e.clause for e in violations(grozing, EndTurn())] == ["RUL-14", "TURN-02"]


def test_turn_03_drafting() -> None:
    """TURN-03: drafting takes one die from the pool into the hand, once a turn."""
    state = make_state(pool=("R3", "R3", "B5"))
    after = apply(state, Draft(0, 3))
    assert after.hand == d("R3") and after.pool == (d("R3"), d("B5")) and after.drafted
    placed = apply(after, Place(cell("r4c1")))
    assert Draft(3, 5) not in legal_actions(placed)
    assert [e.clause for e in violations(placed, Draft(3, 5))] == ["TURN-03"]
    assert [e.clause for e in violations(state, Draft(1, 1))] == ["TURN-03"]  # not in the pool


def test_turn_04_placing_needs_a_drafted_die() -> None:
    """TURN-04, TURN-01: a die is placed from the hand, so placing needs a drafted die (a
    decision of a kind not allowed at this point names TURN-01, ENG-10)."""
    state = make_state(pool=("R3",))
    assert [e.clause for e in violations(state, Place(cell("r4c1")))] == ["TURN-01"]


def test_rul_05_drafting_a_die_without_a_space() -> None:
    """RUL-05: a die with no legal space may be drafted only if an after-drafting tool can
    still be used on it this turn (in play, affordable, none used yet, and, RUL-20, with an
    outcome that has a legal space)."""
    # Sun Catcher with a green 6 on r1c1: no green die has a legal space but a 4 (on r2c2)
    windows = [{"r1c1": "G6"}, {}]
    patterns = ("Sun Catcher", "Lux Astram")
    pool = ("G2", "G5", "B3")
    no_tool = make_state(patterns=patterns, windows=windows, pool=pool, tools=(2, 3, 4))
    assert Draft(2, 5) not in legal_actions(no_tool) and Draft(3, 3) in legal_actions(no_tool)
    assert [e.clause for e in violations(no_tool, Draft(2, 5))] == ["RUL-05"]
    grozing = make_state(patterns=patterns, windows=windows, pool=pool, tools=(1, 2, 3))
    assert Draft(2, 5) in legal_actions(grozing)  # -1 gives a green 4
    # RUL-20: a green 2 becomes a 1 or a 3, neither with a space
    assert [e.clause for e in violations(grozing, Draft(2, 2))] == ["RUL-05"]
    grinding = make_state(patterns=patterns, windows=windows, pool=pool, tools=(10, 2, 3))
    assert Draft(2, 2) not in legal_actions(grinding)  # a green 5 has no space
    assert Draft(2, 5) not in legal_actions(grinding)  # nor a green 2
    remover = make_state(patterns=patterns, windows=windows, pool=pool, tools=(11, 2, 3))
    assert Draft(2, 2) in legal_actions(remover)  # RUL-12: Flux Remover may return its die
    poor = make_state(patterns=patterns, windows=windows, pool=pool, tools=(1, 2, 3), favor=(0, 3))
    assert Draft(2, 5) not in legal_actions(poor)  # FAVOR-03: Grozing is not affordable
    used = make_state(
        patterns=patterns, windows=windows, pool=("G5",), tools=(1, 2, 3), tool_used=True
    )
    assert Draft(2, 5) not in legal_actions(used)  # FAVOR-01: the turn's tool is used


def test_solo_04_leftovers_keep_their_values() -> None:
    """SOLO-04, ROUND-04: in the solo game the dice left in the pool go on the round's space
    with the values they show; an empty pool leaves the space empty."""
    state = make_state(patterns=("Lux Astram",), privates=["RG"], tools=(1,), pool=("Y6", "B1"))
    _, after = turns_of_round(state)
    assert after.track[0] == (d("Y6"), d("B1")) and after.round == 2 and after.start == 0
    empty = make_state(patterns=("Lux Astram",), privates=["RG"], tools=(1,), pool=(), round=3)
    _, later = turns_of_round(empty)
    assert later.track[2] == ()
