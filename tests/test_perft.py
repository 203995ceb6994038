"""Perft counts (sintra_rules.verify.perft) against data files and an independent brute force.

``tests/data/perft/*.json`` hold, for fixed positions (set-up and mid-game, 2, 3 and 4 players,
both sides, and positions where a round or the game ends inside the tree), the position's
digest (so a drift of the position itself shows) and the counts at depths 1, 2 and 3.

So that the counts are not merely self-referential, depths 1 and 2 are recounted without
``legal_actions``: every Take over the full range of each field (source, colour, target,
jokers, kept colour) and the reset are offered to ``apply`` and those it accepts are counted.
The larger positions (the set-ups and the 2-player mid-game: 64 to 144 children, 8,100 to
13,500 candidates each) are recounted at depth 2 with the independent enumeration of
:func:`sintra_rules.games.sintra.verify.oracle.expected_actions` instead, to keep the test fast.
Regenerate the data (after a deliberate, versioned change only) with
``python -m tests.golden_tool --write``.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest

from sintra_rules import (
    CENTRE,
    Action,
    GameState,
    IllegalAction,
    InvalidArgument,
    Reset,
    Take,
    apply,
    legal_actions,
    state_digest,
)
from sintra_rules.games.sintra.verify.oracle import expected_actions
from sintra_rules.verify.perft import perft, perft_divide, position_after
from tests.golden_tool import PERFT_DIR, PERFT_POSITIONS, PerftPosition

DATA: dict[str, dict[str, Any]] = {
    pos.name: json.loads((PERFT_DIR / f"{pos.name}.json").read_text("utf-8"))
    for pos in PERFT_POSITIONS
}
IDS = [pos.name for pos in PERFT_POSITIONS]
#: Positions whose depth-2 brute force over apply takes seconds (see the module docstring).
EXPENSIVE = {"setup-2A", "setup-4B", "mid-2B"}


def state_of(pos: PerftPosition) -> GameState:
    state: GameState = position_after(pos.players, {"side": pos.side}, pos.seed, pos.plies)
    return state


def accepted(state: GameState) -> list[tuple[Action, GameState]]:
    """Every action over the full parameter ranges that ``apply`` accepts, with its result
    (TURN-01, ENG-04): sources = every display and the centre, every colour, target = no
    strip or every slot, 0..2 pieces on joker spaces, no kept colour or every colour."""
    colours = range(state.components.colours)
    candidates: list[Action] = [Reset()] + [
        Take(source, colour, target, jokers, keep)
        for source in [*range(len(state.factories)), CENTRE]
        for colour in colours
        for target in [None, *range(state.components.windows)]
        for jokers in range(3)
        for keep in [None, *colours]
    ]
    out = []
    for action in candidates:
        with contextlib.suppress(IllegalAction):
            out.append((action, apply(state, action)))
    return out


def brute_count(state: GameState, depth: int) -> int:
    """Perft by brute force over apply; a finished game counts 1 (END-02)."""
    if depth == 0 or state.is_over:
        return 1
    return sum(brute_count(after, depth - 1) for _action, after in accepted(state))


@pytest.mark.parametrize("pos", PERFT_POSITIONS, ids=IDS)
def test_perft_matches_data(pos: PerftPosition) -> None:
    """TURN-01, ENG-02, ENG-05: the position is the recorded one (digest) and its counts at
    depths 1 to 3 are the recorded ones."""
    data = DATA[pos.name]
    assert (data["players"], data["side"], data["seed"], data["plies"]) == (
        pos.players,
        pos.side,
        pos.seed,
        pos.plies,
    )
    state = state_of(pos)
    assert state_digest(state) == data["digest"], f"{pos.name}: the position itself changed"
    for depth, count in data["counts"].items():
        assert perft(state, int(depth)) == count, f"{pos.name} depth {depth}"


@pytest.mark.parametrize("pos", PERFT_POSITIONS, ids=IDS)
def test_depth_1_brute_force(pos: PerftPosition) -> None:
    """TURN-01, TAKE-04, PLACE-02..07, DONE-03, RESET-01, RESET-02: the actions apply accepts
    over the full parameter ranges are exactly legal_actions, as many as the data say."""
    state = state_of(pos)
    found = [action for action, _after in accepted(state)]
    assert set(found) == set(legal_actions(state))
    assert len(found) == DATA[pos.name]["counts"]["1"]


@pytest.mark.parametrize(
    "pos", [p for p in PERFT_POSITIONS if p.name not in EXPENSIVE], ids=lambda p: p.name
)
def test_depth_2_brute_force(pos: PerftPosition) -> None:
    """TURN-01, ROUND-03, END-02..06: depth 2 counted by brute force over apply equals the
    data (round ends and the end of the game happen inside the tree for some positions)."""
    assert brute_count(state_of(pos), 2) == DATA[pos.name]["counts"]["2"]


@pytest.mark.parametrize("name", sorted(EXPENSIVE))
def test_depth_2_independent_enumeration(name: str) -> None:
    """TURN-01, ENG-05: depth 2 of the larger positions recounted with the independent
    enumeration of the invariant checker (a finished game counts 1, END-02)."""
    pos = next(p for p in PERFT_POSITIONS if p.name == name)
    state = state_of(pos)
    count = sum(
        len(expected_actions(after)) or 1
        for after in (apply(state, action) for action in expected_actions(state))
    )
    assert count == DATA[name]["counts"]["2"]


def lines_reach(state: GameState, depth: int, round_ends: bool) -> bool:
    """Whether some line of at most ``depth`` actions ends a round (or the game)."""
    if depth == 0 or state.is_over:
        return False
    for action in legal_actions(state):
        after = apply(state, action)
        if (after.is_over if not round_ends else after.round != state.round) or lines_reach(
            after, depth - 1, round_ends
        ):
            return True
    return False


def test_end_positions_end_inside_the_tree_round_04_end_02() -> None:
    """ROUND-04, END-02, END-03: the round-end position's tree crosses a refill (chance inside
    apply) and the game-end position's tree holds finished games, counted 1 each."""
    round_end = next(p for p in PERFT_POSITIONS if p.name == "round-end-3A")
    assert lines_reach(state_of(round_end), 3, round_ends=True)
    game_end = next(p for p in PERFT_POSITIONS if p.name == "game-end-2B")
    assert lines_reach(state_of(game_end), 3, round_ends=False)


def test_divide_and_conventions_end_02() -> None:
    """END-02, ENG-05: divide sums to perft, in canonical order; depth 0 counts 1; a finished
    game counts 1 at any depth and divides into nothing; negative depths are refused."""
    state = state_of(PERFT_POSITIONS[2])
    divide = perft_divide(state, 2)
    assert list(divide) == list(legal_actions(state))
    assert sum(divide.values()) == perft(state, 2)
    assert perft(state, 0) == 1
    finished = position_after(2, {"side": "A"}, seed=1, plies=10_000)
    assert finished.is_over
    assert [perft(finished, d) for d in range(4)] == [1, 1, 1, 1]
    assert perft_divide(finished, 3) == {}
    with pytest.raises(InvalidArgument, match="depth"):
        perft(state, -1)
    with pytest.raises(InvalidArgument, match="depth"):
        perft_divide(state, 0)
