"""Step 1 of a turn: taking pieces (TAKE-01 to TAKE-04), on hand-made positions.

Expected values are read off the rule text (spec/sintra/03-turn.md, EN 000:78-98), not the engine.
In every position ``bare`` puts strip ``s`` side 0 in slot ``s``: slot 2 is ``OOOPY``, slot 3
``PPPYB``, slot 5 ``BBGOP``. Colours are B, G, O, P, Y = 0..4 in table order.
"""

from __future__ import annotations

import pytest

from sintra_rules import CENTRE, IllegalAction, Side, Take, apply, legal_actions
from sintra_rules.games.sintra.verify.positions import (
    BLUE,
    CONFIGS,
    GREEN,
    ORANGE,
    PINK,
    YELLOW,
    bare,
    counts,
    position,
    rebalance,
    set_strip,
    strip,
)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize("last", [False, True])
def test_take01_factory_take_moves_the_rest_to_the_centre(
    players: int, side: Side, last: bool
) -> None:
    """TAKE-01: all pink pieces of the display are taken, its other pieces join the centre,
    the display is empty; other displays are untouched, and the tile stays in the centre
    (TAKE-03: a factory take never affects the tile)."""
    start = bare(players, side)
    source = len(start.factories) - 1 if last else 0
    displays = ["BBGG"] * len(start.factories)
    displays[source] = "POOY"
    state = position(players, side, displays, centre="G", tile=None)
    after = apply(state, Take(source, PINK, 3))
    assert after.factories[source] == (0, 0, 0, 0, 0)
    assert after.centre == counts(state.components, "GOOY")
    for other, display in enumerate(after.factories):
        if other != source:
            assert display == counts(state.components, "BBGG")
    me = after.players[0]
    assert me.strips[3] is not None
    assert me.strips[3].colour_counts() == (0, 0, 0, 1, 0)
    assert (after.tile, me.marker, me.points_lost, after.tower) == (None, 0, 0, state.tower)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_take01_take_all_of_the_colour_from_a_display(players: int, side: Side) -> None:
    """TAKE-01: a display of 3 orange and 1 yellow gives all 3 orange (not fewer) and sends
    the yellow to the centre, which already holds 2 yellow: the centre then holds 3."""
    state = position(players, side, ["OOOY", "BBGG"], centre="YY", tile=None)
    after = apply(state, Take(0, ORANGE, 2))
    strip = after.players[0].strips[2]
    assert strip is not None and strip.filled == (0, 0, 3, 0, 0)
    assert after.centre == (0, 0, 0, 0, 3)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_take02_centre_take_leaves_the_other_colours(players: int, side: Side) -> None:
    """TAKE-02: taking orange from the centre takes every orange piece there; blue and green
    stay. Seat 1 already holds the tile, so the take neither moves it nor steps (TAKE-03)."""
    state = position(players, side, ["BBGG"], centre="OOOBG", tile=1)
    after = apply(state, Take(CENTRE, ORANGE, 2))
    assert after.centre == counts(state.components, "BG")
    assert after.factories == state.factories
    strip = after.players[0].strips[2]
    assert strip is not None and strip.filled == (0, 0, 3, 0, 0)
    assert (after.tile, after.players[0].marker, after.players[0].points_lost) == (1, 0, 0)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_take03_first_centre_taker_takes_the_tile_and_one_step(players: int, side: Side) -> None:
    """TAKE-03, TAKE-02, TRACK-02: the first centre take of the round takes the tile and moves
    the taker's marker 1 space down (to -1: 1 point lost, TRACK-04); the next player's centre
    take in the same round does neither (RUL-01 allows it at all)."""
    for first in range(players):
        state = position(players, side, ["BBGG"], centre="OOPP", tile=None, turn=first)
        after = apply(state, Take(CENTRE, ORANGE, 2))
        me = after.players[first]
        assert after.tile == first
        assert (me.marker, me.points_lost, me.score) == (1, 1, 0)
        assert state.components.track[me.marker] == -1
        second = (first + 1) % players
        assert after.turn == second
        again = apply(after, Take(CENTRE, PINK, 3))
        assert again.tile == first
        assert again.players[second].marker == 0 and again.players[second].points_lost == 0
        assert again.players[first] == me


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_take03_tile_step_comes_before_the_breaks(players: int, side: Side) -> None:
    """TAKE-03, TRACK-02, PLACE-04: 3 pink from the centre onto ``PPPYB`` that has 2 pink
    already: 1 is placed, 2 break. The marker moves 1 (tile) + 2 (breaks) = 3 spaces and
    the 2 broken pink go into the tower."""
    state = position(players, side, ["BBGG"], centre="PPP", tile=None)
    state = rebalance(set_strip(state, 0, 3, strip(state.components, 3, 0, filled="PP")))
    after = apply(state, Take(CENTRE, PINK, 3))
    me = after.players[0]
    assert (after.tile, me.marker) == (0, 3)
    assert me.points_lost == -state.components.track[3]
    assert after.tower[PINK] == state.tower[PINK] + 2


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_take04_colour_must_be_present(players: int, side: Side) -> None:
    """TAKE-04: a take of a colour absent from its display or from the centre is illegal and
    names TAKE-04; every legal take names a (source, colour) that holds the colour, and every
    such pair offers a take (TAKE-01, TAKE-02)."""
    state = position(players, side, ["OOPY", "", "BGGG"], centre="YY", tile=None)
    for source, colour in [(0, BLUE), (1, ORANGE), (2, YELLOW), (CENTRE, ORANGE), (CENTRE, GREEN)]:
        with pytest.raises(IllegalAction) as info:
            apply(state, Take(source, colour, 5))
        assert info.value.clause == "TAKE-04"
    offered = {(a.source, a.colour) for a in legal_actions(state) if isinstance(a, Take)}
    assert offered == {(0, ORANGE), (0, PINK), (0, YELLOW), (2, BLUE), (2, GREEN), (CENTRE, YELLOW)}


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_take04_a_centre_with_only_the_tile_offers_no_take(players: int, side: Side) -> None:
    """TAKE-04: the tile is not a piece; a centre holding only the tile offers no take."""
    state = position(players, side, ["OOPY"], centre="", tile=None)
    sources = {a.source for a in legal_actions(state) if isinstance(a, Take)}
    assert sources == {0}
