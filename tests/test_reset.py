"""Action B: moving the glazier back (RESET-01, RESET-02), on hand-made positions.

Expected values are read off the rule text (spec/sintra/03-turn.md, EN 000:168-172), not the engine.
"""

from __future__ import annotations

import attrs
import pytest

from sintra_rules import GameState, IllegalAction, Reset, Side, apply, legal_actions
from sintra_rules.games.sintra.verify.positions import (
    CONFIGS,
    position,
    rebalance,
    set_player,
    set_strip,
    strip,
)


def board(players: int, side: Side, removed: set[int], glazier: int) -> tuple[GameState, int]:
    """Seat 1 to act, with no strip in the ``removed`` slots, its glazier above ``glazier``,
    a piece on its slot-7 strip, a score and a marker off the top; a display holds pieces."""
    seat = 1
    state = position(players, side, ["OOPY"], centre="BB", tile=None, turn=seat)
    state = set_strip(state, seat, 7, strip(state.components, 7, 0, filled="Y"))
    state = set_player(state, seat, glazier=glazier, score=12, marker=3, points_lost=4)
    for slot in removed:
        state = set_strip(state, seat, slot, None)
    return rebalance(state), seat


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize(
    ("removed", "glazier", "leftmost"),
    [
        (set(), 5, 0),
        ({0, 1}, 5, 2),
        ({0}, 3, 1),
        ({0, 4}, 4, 1),  # the glazier stands above an empty slot
        ({0, 1, 2, 3}, 7, 4),
    ],
)
def test_reset01_glazier_back_to_the_leftmost_strip(
    players: int, side: Side, removed: set[int], glazier: int, leftmost: int
) -> None:
    """RESET-01, ROUND-03: the glazier moves above the leftmost slot that still holds a strip
    (never an empty slot); nothing is taken, placed or scored, and the next seat plays."""
    state, seat = board(players, side, removed, glazier)
    assert Reset() in legal_actions(state)
    after = apply(state, Reset())
    assert after.players[seat] == attrs.evolve(state.players[seat], glazier=leftmost)
    others = [p for i, p in enumerate(after.players) if i != seat]
    assert others == [p for i, p in enumerate(state.players) if i != seat]
    assert after.turn == (seat + 1) % players
    assert (after.factories, after.centre, after.tile) == (state.factories, state.centre, None)
    assert (after.bag, after.tower, after.indicator) == (state.bag, state.tower, state.indicator)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize(
    ("removed", "glazier"),
    [
        (set(), 0),  # above the leftmost strip
        ({0, 1, 2}, 3),  # slots 0-2 are empty: slot 3 is the leftmost strip
        ({0, 1, 2}, 2),  # above an empty slot, no strip to its left (RUL-05)
        (set(range(8)), 7),  # no strip left at all (RUL-06)
    ],
)
def test_reset02_no_reset_without_a_strip_to_the_left(
    players: int, side: Side, removed: set[int], glazier: int
) -> None:
    """RESET-02, RESET-01: when no slot left of the glazier holds a strip, action B is not
    offered and is illegal; the player must take pieces (TURN-01)."""
    state, _ = board(players, side, removed, glazier)
    actions = legal_actions(state)
    assert Reset() not in actions
    assert actions
    with pytest.raises(IllegalAction):
        apply(state, Reset())
