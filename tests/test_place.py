"""Step 2 of a turn: placing the taken pieces (PLACE-01 to PLACE-07), on hand-made positions.

Expected values are read off the rule text (spec/sintra/03-turn.md, EN 000:102-112), not the engine.
``bare`` puts strip ``s`` side 0 in slot ``s``: slot 0 ``BBBGO``, 1 ``GGGOP``, 2 ``OOOPY``,
3 ``PPPYB``, 4 ``YYYBG``, 5 ``BBGOP``, 6 ``OOPYB``, 7 ``YYBGO``; the joker side is strip 7 side 1,
``JJBGO``. The player to act is the last seat, so seats other than 0 are exercised too.
"""

from __future__ import annotations

import pytest

from sintra_rules import GameState, IllegalAction, Side, Take, apply, legal_actions
from sintra_rules.games.sintra.verify.positions import (
    BLUE,
    CONFIGS,
    ORANGE,
    PINK,
    YELLOW,
    position,
    rebalance,
    set_player,
    set_strip,
    strip,
)


def table_position(
    players: int, side: Side, display: str, glazier: int = 0, jokers: str | None = None
) -> tuple[GameState, int]:
    """The last seat to act with ``display`` on display 0 (display 1 keeps the round going)
    and its glazier above ``glazier``; with ``jokers`` (pieces already on its joker spaces),
    slot 7 holds the joker side ``JJBGO``. Returns the state and the seat."""
    seat = players - 1
    state = position(players, side, [display, "GGGG"], tile=0, turn=seat)
    state = set_player(state, seat, glazier=glazier)
    if jokers is not None:
        state = set_strip(state, seat, 7, strip(state.components, 7, 1, jokers=jokers))
    return rebalance(state), seat


def targets(state: GameState, colour: int) -> set[int | None]:
    """The targets offered for taking ``colour`` from display 0."""
    return {
        a.target
        for a in legal_actions(state)
        if isinstance(a, Take) and a.source == 0 and a.colour == colour
    }


def clause_of(state: GameState, action: Take) -> str:
    """The clause :func:`apply` names when it rejects ``action``."""
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    return info.value.clause


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_place01_all_pieces_on_one_strip(players: int, side: Side) -> None:
    """PLACE-01, PLACE-07: 3 orange onto ``OOPYB`` (2 orange spaces): 2 lie on that strip,
    the third breaks into the tower; no other strip changes and no piece is lost."""
    state, seat = table_position(players, side, "OOOG")
    after = apply(state, Take(0, ORANGE, 6))
    before_strips, after_strips = state.players[seat].strips, after.players[seat].strips
    placed = after_strips[6]
    assert placed is not None and placed.filled == (0, 0, 2, 0, 0)
    assert placed.jokers == (0,) * 5
    assert [s for i, s in enumerate(after_strips) if i != 6] == [
        s for i, s in enumerate(before_strips) if i != 6
    ]
    assert after.tower[ORANGE] == state.tower[ORANGE] + 1
    assert after.piece_counts() == (20,) * 5


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_place02_only_the_strip_under_the_glazier_and_to_its_right(
    players: int, side: Side
) -> None:
    """PLACE-02: with the glazier above slot 4, orange can go to slots 5, 6 and 7 (each has an
    orange space) but not to slots 0 or 2, left of the glazier, though they have some; a slot
    whose strip has left the game is no target (RUL-04)."""
    state, seat = table_position(players, side, "OOGG", glazier=4)
    assert targets(state, ORANGE) == {5, 6, 7}
    assert clause_of(state, Take(0, ORANGE, 2)) == "PLACE-02"
    assert clause_of(state, Take(0, ORANGE, 0)) == "PLACE-02"
    removed = rebalance(set_strip(state, seat, 6, None))
    assert targets(removed, ORANGE) == {5, 7}
    with pytest.raises(IllegalAction):
        apply(removed, Take(0, ORANGE, 6))


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize("target", [3, 5, 6])
def test_place03_glazier_moves_to_the_target(players: int, side: Side, target: int) -> None:
    """PLACE-03: pink onto slot ``target`` (3 ``PPPYB``, 5 ``BBGOP``, 6 ``OOPYB``) from a
    glazier above slot 3: the glazier ends above the target (it stays for slot 3)."""
    state, seat = table_position(players, side, "PGGG", glazier=3)
    after = apply(state, Take(0, PINK, target))
    assert after.players[seat].glazier == target


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_place04_each_excess_piece_breaks_one_step(players: int, side: Side) -> None:
    """PLACE-04, TRACK-02: 4 orange onto ``BBGOP`` (1 orange space): 1 placed, 3 break, the
    marker moves 3 spaces down (to the confirmed -4, so 4 points lost, TRACK-04) and the 3
    pieces go into the tower."""
    state, seat = table_position(players, side, "OOOO")
    after = apply(state, Take(0, ORANGE, 5))
    me = after.players[seat]
    assert me.marker == 3 and state.components.track[3] == -4
    assert (me.points_lost, me.score) == (4, 0)
    assert after.tower[ORANGE] == state.tower[ORANGE] + 3


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_place05_must_place_on_a_candidate(players: int, side: Side) -> None:
    """PLACE-05: from slot 4, pink fits slots 5 and 6 only; letting it break is illegal, so is
    a reachable strip without an empty pink space (slot 4, slot 7, and slot 5 once its pink
    space is filled). Any candidate may be chosen, even the one taking fewer pieces."""
    state, seat = table_position(players, side, "PPGG", glazier=4)
    assert targets(state, PINK) == {5, 6}
    assert clause_of(state, Take(0, PINK, None)) == "PLACE-05"
    for slot in (4, 7):
        assert clause_of(state, Take(0, PINK, slot)) == "PLACE-05"
    filled = rebalance(set_strip(state, seat, 5, strip(state.components, 5, 0, filled="P")))
    assert targets(filled, PINK) == {6}
    assert clause_of(filled, Take(0, PINK, 5)) == "PLACE-05"
    two_orange, _ = table_position(players, side, "OOGG", glazier=4)
    assert targets(two_orange, ORANGE) == {5, 6, 7}


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_place05_all_break_when_no_candidate(players: int, side: Side) -> None:
    """PLACE-05, PLACE-04, PLACE-03: from slot 7 (``YYBGO``) no reachable strip has a pink
    space: the only take of pink is the all-break, both pieces break (2 steps, tower +2) and
    the glazier does not move; strips left of the glazier do not count."""
    state, seat = table_position(players, side, "PPGG", glazier=7)
    assert targets(state, PINK) == {None}
    after = apply(state, Take(0, PINK, None))
    me = after.players[seat]
    assert (me.glazier, me.marker, me.strips) == (7, 2, state.players[seat].strips)
    assert after.tower[PINK] == state.tower[PINK] + 2


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_place06_jokers_take_any_colour(players: int, side: Side) -> None:
    """PLACE-06: ``JJBGO`` has no yellow space; 2 yellow go on its 2 joker spaces and keep
    their colour (RUL-07)."""
    state, seat = table_position(players, side, "YYGG", glazier=7, jokers="")
    assert targets(state, YELLOW) == {7}
    after = apply(state, Take(0, YELLOW, 7, jokers=2))
    placed = after.players[seat].strips[7]
    assert placed is not None
    assert (placed.filled, placed.jokers) == ((0,) * 5, (0, 0, 0, 0, 2))
    assert placed.colour_counts() == (0, 0, 0, 0, 2)
    assert after.players[seat].marker == 0


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize(
    ("display", "allowed"),
    # 1 blue: 0 or 1 on jokers; 2 blue: the blue space holds at most 1, so 1 or 2 on jokers.
    [("BGGG", (0, 1)), ("BBGG", (1, 2))],
)
def test_place06_player_chooses_how_many_on_jokers(
    players: int, side: Side, display: str, allowed: tuple[int, ...]
) -> None:
    """PLACE-06, PLACE-07: blue onto ``JJBGO``: the player chooses j with
    max(0, p - e_c) <= j <= min(p, e_J); each choice puts p - j on the blue space, j on jokers;
    other choices are illegal."""
    state, seat = table_position(players, side, display, glazier=7, jokers="")
    taken = display.count("B")
    offered = {a.jokers for a in legal_actions(state) if isinstance(a, Take) and a.colour == BLUE}
    assert offered == set(allowed)
    for j in allowed:
        placed = apply(state, Take(0, BLUE, 7, jokers=j)).players[seat].strips[7]
        assert placed is not None
        assert (placed.filled[BLUE], placed.jokers[BLUE]) == (taken - j, j)
    for j in set(range(4)) - set(allowed):
        with pytest.raises(IllegalAction):
            apply(state, Take(0, BLUE, 7, jokers=j))


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_place07_as_many_as_fit(players: int, side: Side) -> None:
    """PLACE-07, PLACE-04: 4 blue onto ``JJBGO`` fill its blue space and both jokers (j = 2 is
    forced, 3 placed) and only the fourth breaks; j = 1 would leave a joker space empty while a
    piece breaks (RUL-17)."""
    state, seat = table_position(players, side, "BBBB", glazier=7, jokers="")
    offered = {a.jokers for a in legal_actions(state) if isinstance(a, Take) and a.colour == BLUE}
    assert offered == {2}
    assert clause_of(state, Take(0, BLUE, 7, jokers=1)) == "PLACE-07"
    after = apply(state, Take(0, BLUE, 7, jokers=2))
    placed = after.players[seat].strips[7]
    assert placed is not None and placed.colour_counts() == (3, 0, 0, 0, 0)
    assert after.players[seat].marker == 1
    assert after.tower[BLUE] == state.tower[BLUE] + 1


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_place07_fill_the_remaining_matching_spaces(players: int, side: Side) -> None:
    """PLACE-07: 3 orange onto ``OOOPY`` holding 1 orange: its 2 empty orange spaces are
    filled and 1 orange breaks."""
    state, seat = table_position(players, side, "OOOG", glazier=2)
    state = rebalance(set_strip(state, seat, 2, strip(state.components, 2, 0, filled="OP")))
    after = apply(state, Take(0, ORANGE, 2))
    placed = after.players[seat].strips[2]
    assert placed is not None and placed.filled == (0, 0, 3, 1, 0)
    assert after.players[seat].marker == 1
