"""Sagrada's invariants (``verify/invariants.py``): each one fails on a position or a step that
breaks it, and planted engine bugs (a wrong neighbour rule, an incomplete row scored, and
more, monkeypatched for one test only) are caught by random games checked against the oracle.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import attrs
import pytest

from sintra_rules.games.sagrada import (
    Draft,
    EndTurn,
    Place,
    SagradaState,
    Swap,
    UseTool,
    apply,
    legal_actions,
    legality,
    new_game,
    placement,
    rules,
    scoring,
    tools,
)
from sintra_rules.games.sagrada.state import NEIGHBOURS
from sintra_rules.games.sagrada.verify.invariants import (
    INVARIANTS,
    InvariantFailure,
    check_state,
    check_step,
    step_events,
)
from sintra_rules.games.sagrada.verify.policies import random_plies
from tests.sagrada.helpers import d, make_state


def names(failures: Sequence[InvariantFailure]) -> set[str]:
    return {f.invariant for f in failures}


def test_every_invariant_is_named_with_clauses() -> None:
    """Every invariant has a unique name, its clauses and a summary."""
    assert len({i.name for i in INVARIANTS}) == len(INVARIANTS) == 17
    assert all(i.clauses and i.summary for i in INVARIANTS)


def mid_game(players: int = 3, seed: int = 5, plies: int = 60) -> SagradaState:
    state = new_game(players, seed=seed)
    for _before, _action, after in random_plies(new_game(players, seed=seed), seed, "eager", plies):
        state = after
    assert not check_state(state)
    return state


def with_player(state: SagradaState, seat: int, **changes: object) -> SagradaState:
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)  # type: ignore[arg-type]
    return attrs.evolve(state, players=tuple(players))


# ------------------------------------------------------------------------ state checks


def test_dice_conserved_comp_01() -> None:
    """COMP-01: a die missing from the bag, or one too many, is reported."""
    state = mid_game()
    bag = list(state.bag)
    bag[2] -= 1
    assert names(check_state(attrs.evolve(state, bag=tuple(bag)))) == {"dice_conserved"}
    bag[2] += 2
    assert names(check_state(attrs.evolve(state, bag=tuple(bag)))) == {"dice_conserved"}


def test_windows_legal_rul_16() -> None:
    """PLACE-06, PLACE-03, RUL-16: orthogonal neighbours of one colour fail; a die on a space
    of another colour fails unless Eglomise Brush is one of the game's tools."""
    base = {"patterns": ("Sun Catcher", "Lux Astram"), "tools": (1, 3, 4)}
    neighbours = make_state(windows=[{"r1c1": "R1", "r1c2": "R2"}, {}], **base)  # type: ignore[arg-type]
    assert "windows_legal" in names(check_state(neighbours))
    # Sun Catcher's r1c2 is a blue space
    yellow = make_state(windows=[{"r1c2": "Y5"}, {}], **base)  # type: ignore[arg-type]
    assert "windows_legal" in names(check_state(yellow))
    brush = make_state(
        patterns=("Sun Catcher", "Lux Astram"), tools=(1, 2, 4), windows=[{"r1c2": "Y5"}, {}]
    )
    assert "windows_legal" not in names(check_state(brush))


def test_tokens_conserved_favor_02() -> None:
    """COMP-09, FAVOR-02: a token that appears, or an even number on a card, is reported."""
    state = mid_game(seed=8, plies=30)
    richer = with_player(state, 0, favor=state.players[0].favor + 1)
    assert names(check_state(richer)) == {"tokens_conserved"}
    moved = attrs.evolve(state, tokens=(2, *state.tokens[1:]))
    if state.tokens[0] == 0:
        richer = with_player(moved, 0, favor=state.players[0].favor - 2)
        assert names(check_state(richer)) == {"tokens_conserved"}


def test_snake_order_round_03() -> None:
    """ROUND-03: the seat to act must hold the current position; a skipped seat never acts
    in its second turn."""
    state = mid_game(players=4, seed=2, plies=40)
    wrong = attrs.evolve(state, turn=(state.turn + 1) % 4)
    assert "snake_order" in names(check_state(wrong))
    n = 4
    second = make_state(
        patterns=("Sun Catcher", "Lux Astram", "Firmitas", "Batllo"), step=n, skips=(3,)
    )
    assert second.turn == 3
    assert "snake_order" in names(check_state(second))


def test_round_track_and_turn_progress() -> None:
    """ROUND-04: no dice on the current round's space; RUL-14: no die in hand without a
    draft; TOOL-13: no lifted die outside a move."""
    state = make_state(round=3, track={2: ["R4"]}, drafted=True, hand="B2")
    assert "round_track" in names(check_state(state))
    assert names(check_state(attrs.evolve(state, drafted=False, track=state.track[:2] + ((),) * 8)))
    held = make_state(round=3, hand="B2")
    assert "turn_progress" in names(check_state(held))
    lifted = make_state(round=3, lifted=0)
    assert "turn_progress" in names(check_state(lifted))


# ------------------------------------------------------------------------- step checks


def first(state: SagradaState, kind: type) -> tuple[SagradaState, object]:
    """Play eagerly until a decision of ``kind`` is legal; return the state and it."""
    for before, _a, _after in random_plies(state, 3, "eager"):
        for action in legal_actions(before):
            if isinstance(action, kind):
                return before, action
    raise AssertionError(f"no {kind.__name__}")


def test_window_changes_tokens_and_pool_steps() -> None:
    """PLACE-08, FAVOR-02, TURN-03: a step that adds a die elsewhere, charges the wrong cost,
    or leaves the drafted die in the pool fails its invariant."""
    before, place = first(new_game(2, seed=4), Place)
    after = apply(before, place)  # type: ignore[arg-type]
    assert check_step(before, place, after) == []  # type: ignore[arg-type]
    seat = before.turn
    window = list(after.players[seat].window)
    empty = window.index(None)
    window[empty] = d("P6")
    bad = with_player(after, seat, window=tuple(window))
    assert "window_changes" in names(check_step(before, place, bad))  # type: ignore[arg-type]

    before, tool = first(new_game(3, seed=6), UseTool)
    after = apply(before, tool)  # type: ignore[arg-type]
    cheap = with_player(after, before.turn, favor=after.players[before.turn].favor + 1)
    assert "tokens_paid" in names(check_step(before, tool, cheap))  # type: ignore[arg-type]

    before, draft = first(new_game(2, seed=9), Draft)
    after = apply(before, draft)  # type: ignore[arg-type]
    kept = attrs.evolve(after, pool=before.pool)
    assert "pool_and_hand" in names(check_step(before, draft, kept))  # type: ignore[arg-type]


def test_turn_order_and_tool_once_steps() -> None:
    """ROUND-03, FAVOR-01: ending a turn must move to the next position with nothing counted;
    a tool already used this turn cannot be chosen again."""
    state = new_game(3, seed=1)
    while state.round == 0:
        state = apply(state, legal_actions(state)[0])
    after = apply(state, EndTurn())
    assert check_step(state, EndTurn(), after) == []
    stuck = attrs.evolve(after, step=state.step, turn=state.turn)
    assert "turn_order" in names(check_step(state, EndTurn(), stuck))
    counted = attrs.evolve(after, tool_used=True)
    assert "tool_once_a_turn" in names(check_step(state, EndTurn(), counted))
    before, tool = first(new_game(3, seed=6), UseTool)
    again = attrs.evolve(before, tool_used=True)
    assert names(check_step(again, tool, apply(before, tool))) == {"decision_legal"}  # type: ignore[arg-type]


def test_round_track_at_the_end_of_a_round_round_04() -> None:
    """ROUND-04: the round's space receives exactly the dice left in the pool."""
    state = new_game(2, seed=12)
    for before, action, after in random_plies(state, 12, "uniform"):
        if after.round == before.round + 1 and before.pool:
            assert check_step(before, action, after) == []
            track = list(after.track)
            track[before.round - 1] = track[before.round - 1][1:]
            short = attrs.evolve(after, track=tuple(track))
            assert "round_track_fills" in names(check_step(before, action, short))
            return
    raise AssertionError("no round ended with dice left")


def test_step_events_count_rare_steps() -> None:
    """The soak's events: each tool used, dice moved, turns skipped, the solo outcome."""
    seen: dict[str, int] = {}
    for seed in range(6):
        for before, action, after in random_plies(new_game(seed % 4 + 1, seed=seed), seed, "eager"):
            for name, count in step_events(before, action, after).items():
                seen[name] = seen.get(name, 0) + count
    assert seen["die moved"] > 0 and any(k.startswith("tool ") for k in seen)
    assert seen.get("solo lost", 0) + seen.get("solo won", 0) == 2  # seeds 0 and 4


# ------------------------------------------------------------------ planted engine bugs


def failures_in_games(games: int, players: Sequence[int] = (1, 2, 3, 4)) -> set[str]:
    """The invariants that fail in eager random games (stopping at the first failure)."""
    for game in range(games):
        n = players[game % len(players)]
        state = new_game(n, seed=game, tools=5 if n == 1 else None)
        for before, action, after in random_plies(state, game, "eager"):
            found = check_step(before, action, after) + check_state(after)
            if found:
                return names(found)
    return set()


def _diagonal_ban(monkeypatch: pytest.MonkeyPatch) -> None:
    # PLACE-06/07 read as "adjacent" instead of "orthogonally adjacent", in the space-by-space
    # rules and in the window masks the legal lists are read from (a fresh cache of them, so
    # that no window analysed with the bug outlives it)
    monkeypatch.setattr(placement, "ORTHOGONAL", NEIGHBOURS)
    monkeypatch.setattr(placement, "_ORTH", placement._NEAR)
    monkeypatch.setattr(placement, "_analysed", functools.lru_cache(maxsize=64)(placement._analyse))


def _incomplete_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    # Row Shade Variety counts a row with no repeated value even when it is not complete
    def row_shade_variety(window: Sequence[tuple[int, int] | None]) -> int:
        rows = [[window[r * 5 + c] for c in range(5)] for r in range(4)]
        return sum(len({x[1] for x in row if x}) == len([x for x in row if x]) > 0 for row in rows)

    rules = list(scoring.PUBLIC_RULES)
    rules[4] = row_shade_variety
    monkeypatch.setattr(scoring, "PUBLIC_RULES", tuple(rules))


def _always_cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    # FAVOR-02: every use costs 1 token (the price paid and the price asked)
    monkeypatch.setattr(tools, "cost", lambda tokens: 1)
    monkeypatch.setattr(rules, "cost", lambda tokens: 1)
    monkeypatch.setattr(legality, "cost", lambda tokens: 1)


def _solo_empty_one(monkeypatch: pytest.MonkeyPatch) -> None:
    # SOLO-06: an empty space costs 1 in the solo game as well
    original = scoring.final_score

    def final_score(state: SagradaState, seat: int) -> scoring.FinalScore:
        score = original(state, seat)
        if not state.is_solo:
            return score
        total = score.total + 2 * score.empty
        return attrs.evolve(score, empty_points=-score.empty, total=total)

    monkeypatch.setattr(scoring, "final_score", final_score)


BUGS: dict[str, tuple[Callable[[pytest.MonkeyPatch], None], set[str]]] = {
    "diagonal neighbour ban": (_diagonal_ban, {"decisions_listed"}),
    "incomplete row scored": (_incomplete_rows, {"score_parts", "final_result"}),
    "every tool costs 1": (_always_cheap, {"tokens_conserved", "tokens_paid"}),
    "solo empty space -1": (_solo_empty_one, {"score_parts", "final_result"}),
}


@pytest.mark.parametrize("bug", sorted(BUGS))
def test_planted_bugs_are_caught(bug: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted bug in the engine's placement, scoring or costs fails the invariants measured
    against the oracle within a few random games, naming the invariant it breaks."""
    plant, expected = BUGS[bug]
    assert failures_in_games(4) == set()
    plant(monkeypatch)
    found = failures_in_games(40)
    assert found and found <= expected, found


def test_running_pliers_skips_the_second_turn_tool_08() -> None:
    """TOOL-08, RUL-06: choosing Running Pliers adds its user's second turn to the skipped
    ones; a step that forgets it fails ``turn_order``."""
    for seed in range(40):
        for before, action, after in random_plies(new_game(3, seed=seed), seed, "eager"):
            if action == UseTool(8):
                assert before.turn in after.skips and check_step(before, action, after) == []
                forgot = attrs.evolve(after, skips=before.skips)
                assert names(check_step(before, action, forgot)) == {"turn_order"}
                return
    raise AssertionError("Running Pliers was never used")


def test_lens_cutter_swap_is_checked_tool_05() -> None:
    """TOOL-05: with a red 3 on round-track spaces 1 and 3, Lens Cutter takes the one on
    space 1 and leaves the drafted die there; the engine's step passes ``round_track_fills``,
    and the same step taken from space 3 fails it."""
    state = make_state(
        round=4,
        tools=(5, 2, 3),
        track={0: ["R3"], 2: ["R3", "G1"]},
        drafted=True,
        hand="B6",
        tool_used=True,
        active=0,
        sub="lens",
    )
    swap = Swap(0, 3)
    after = apply(state, swap)
    assert after.track[0] == (d("B6"),) and after.track[2] == (d("R3"), d("G1"))
    assert check_step(state, swap, after) == []
    track = list(state.track)
    track[2] = tuple(sorted((d("G1"), d("B6"))))
    from_space_3 = attrs.evolve(after, track=tuple(track))
    assert "round_track_fills" in names(check_step(state, swap, from_space_3))
