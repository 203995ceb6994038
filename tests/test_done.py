"""Step 3 of a turn: a completed strip (DONE-01 to DONE-06), on hand-made positions.

Expected values are read off the rule text (spec/sintra/03-turn.md, EN 000:114-164), not the engine.
``bare`` puts strip ``s`` side 0 in slot ``s``: slot 2 ``OOOPY`` (strip 2, other side ``YYBBO``),
slot 7 ``YYBGO`` (strip 7, other side the joker side ``JJBGO``). Window values come from
:data:`VALUES`, a table built for these tests, so no provisional default value is assumed.
"""

from __future__ import annotations

import pytest

from sintra_rules import (
    ComponentTable,
    GameState,
    IllegalAction,
    Side,
    Strip,
    Take,
    apply,
    legal_actions,
)
from sintra_rules.games.sintra.verify.positions import (
    BLUE,
    CONFIGS,
    GREEN,
    ORANGE,
    PINK,
    YELLOW,
    counts,
    position,
    rebalance,
    set_indicator,
    set_player,
    set_strip,
    set_windows,
    strip,
    table_with,
)

#: Window values, windows 1 to 8, chosen so that every sum below identifies the windows in it.
VALUES: dict[Side, list[int]] = {"A": [4, 1, 2, 3, 1, 4, 2, 3], "B": [1, 4, 3, 2, 4, 1, 3, 2]}
TABLE: ComponentTable = table_with({"window_values.A": VALUES["A"], "window_values.B": VALUES["B"]})
EMPTY = (0,) * 5


def almost_done(
    players: int, side: Side, round_colour: str = "G", display: str = "OGGG"
) -> tuple[GameState, int]:
    """The last seat to act, glazier above slot 2, whose ``OOOPY`` holds ``OOPY``: one orange
    from ``display`` (display 0; display 1 keeps the round going) completes it. The round's
    colour is ``round_colour`` (round 2). Returns the state and the seat."""
    seat = players - 1
    state = position(players, side, [display, "BBBB"], tile=0, turn=seat, components=TABLE)
    state = set_strip(state, seat, 2, strip(TABLE, 2, 0, filled="OOPY"))
    state = set_player(state, seat, glazier=2, score=10)
    return rebalance(set_indicator(state, round_colour + "BGOPY")), seat


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_done01_completion_only_when_all_five_spaces_hold_pieces(players: int, side: Side) -> None:
    """DONE-01: placing the fifth piece completes ``OOOPY`` and it is scored; placing a piece
    on a strip that keeps an empty space scores nothing and changes no window."""
    state, seat = almost_done(players, side)
    done = apply(state, Take(0, ORANGE, 2, keep=ORANGE)).players[seat]
    assert done.windows[2] == (ORANGE, None) and done.score > 10
    partial = rebalance(set_strip(state, seat, 2, strip(TABLE, 2, 0, filled="OPY")))
    after = apply(partial, Take(0, ORANGE, 2)).players[seat]
    assert after.score == 10 and after.windows == partial.players[seat].windows
    placed = after.strips[2]
    assert placed is not None and placed.filled == (0, 0, 2, 1, 1)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize(
    ("round_colour", "bonus"),
    # the completed OOOPY holds 3 orange, 1 pink, 1 yellow and no blue or green
    [("B", 0), ("G", 0), ("O", 3), ("P", 1), ("Y", 1)],
)
def test_done02_colour_bonus_counts_the_round_colour(
    players: int, side: Side, round_colour: str, bonus: int
) -> None:
    """DONE-02, ROUND-05, DONE-06: the colour bonus is the number of pieces of the top round
    indicator piece's colour on the completed strip; then window 3 scores its own value."""
    state, seat = almost_done(players, side, round_colour=round_colour, display="OBBB")
    after = apply(state, Take(0, ORANGE, 2, keep=PINK))
    assert after.players[seat].score == 10 + bonus + VALUES[side][2]


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_done02_pieces_on_jokers_count_by_their_own_colour(players: int, side: Side) -> None:
    """DONE-02, PLACE-06: ``JJBGO`` with yellow on both jokers and blue and green placed is
    completed by an orange in a yellow round: 2 bonus points for the 2 yellow on jokers."""
    state, seat = almost_done(players, side, round_colour="Y")
    state = set_strip(state, seat, 2, strip(TABLE, 7, 1, filled="BG", jokers="YY"))
    state = rebalance(state)
    after = apply(state, Take(0, ORANGE, 2, keep=YELLOW))
    assert after.players[seat].score == 10 + 2 + VALUES[side][2]


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize("keep", [ORANGE, PINK, YELLOW])
def test_done03_keep_one_piece_the_other_four_to_the_tower(
    players: int, side: Side, keep: int
) -> None:
    """DONE-03, DONE-04: any colour on the completed strip may be kept; that piece goes to the
    window and the other 4 of O, O, O, P, Y go into the tower."""
    state, seat = almost_done(players, side)
    keeps = {
        a.keep
        for a in legal_actions(state)
        if isinstance(a, Take) and a.colour == ORANGE and a.target == 2
    }
    assert keeps == {ORANGE, PINK, YELLOW}
    after = apply(state, Take(0, ORANGE, 2, keep=keep))
    rest = list(counts(TABLE, "OOOPY"))
    rest[keep] -= 1
    assert after.tower == tuple(t + r for t, r in zip(state.tower, rest, strict=True))
    assert after.players[seat].windows[2] == (keep, None)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize("keep", [BLUE, GREEN, None])
def test_done03_kept_colour_must_be_on_the_strip(
    players: int, side: Side, keep: int | None
) -> None:
    """DONE-03: completing ``OOOPY`` without naming a kept colour, or naming one absent from
    the strip (blue, green), is illegal."""
    state, _ = almost_done(players, side)
    with pytest.raises(IllegalAction) as info:
        apply(state, Take(0, ORANGE, 2, keep=keep))
    assert info.value.clause == "DONE-03"


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_done04_empty_window_top_frame_then_flip(players: int, side: Side) -> None:
    """DONE-04: window 3 holds no piece: the kept piece goes to its top frame, the strip is
    turned to its other side (``YYBBO``) with no piece on it, and the glazier stays above it."""
    state, seat = almost_done(players, side)
    me = apply(state, Take(0, ORANGE, 2, keep=YELLOW)).players[seat]
    assert me.windows[2] == (YELLOW, None)
    assert me.strips[2] == Strip(2, 1, EMPTY, EMPTY)
    assert me.glazier == 2


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_done04_flip_can_show_the_joker_side(players: int, side: Side) -> None:
    """DONE-04, SETUP-04: the joker side may come up later in the game: completing ``YYBGO``
    (strip 8) flips it to ``JJBGO``."""
    state, seat = almost_done(players, side)
    state = set_strip(state, seat, 2, strip(TABLE, 7, 0, filled="YYBG"))
    me = apply(rebalance(state), Take(0, ORANGE, 2, keep=BLUE)).players[seat]
    assert me.strips[2] == Strip(7, 1, EMPTY, EMPTY)
    assert TABLE.side_spaces[7][1][-1] == 2


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_done05_second_piece_bottom_frame_then_remove(players: int, side: Side) -> None:
    """DONE-05: window 3 already has a top piece: the kept piece goes to its bottom frame, the
    strip leaves the game (the slot is empty) and the glazier stays above the empty slot."""
    state, seat = almost_done(players, side)
    state = rebalance(set_windows(state, seat, ["", "", "B"]))
    me = apply(state, Take(0, ORANGE, 2, keep=ORANGE)).players[seat]
    assert me.windows[2] == (BLUE, ORANGE)
    assert me.strips[2] is None
    assert me.glazier == 2


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize("second", [False, True])
def test_done06_window_value_plus_furnished_windows_to_the_right(
    players: int, side: Side, second: bool
) -> None:
    """DONE-06: furnishing window 3 scores its value plus the values of windows 5 (one piece)
    and 7 (two pieces), not window 1 (left) nor the empty windows 4, 6 and 8; the same whether
    window 3 receives its first or its second piece. Side A: 2 + 1 + 2 = 5; side B, whose
    values differ: 3 + 4 + 3 = 10. The round's colour (green) is not on the strip."""
    state, seat = almost_done(players, side)
    state = rebalance(set_windows(state, seat, ["O", "", "B" if second else "", "", "P", "", "GY"]))
    me = apply(state, Take(0, ORANGE, 2, keep=ORANGE)).players[seat]
    assert me.score == 10 + {"A": 5, "B": 10}[side]


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_done_completion_with_breaks(players: int, side: Side) -> None:
    """DONE-01 to DONE-03, PLACE-04, PLACE-07: 3 orange onto ``OOOPY`` holding ``OOPY``: 1 is
    placed and completes it, 2 break (2 steps); the tower gets the 2 broken and 4 of the 5
    strip pieces (orange kept): 2 + 2 orange, 1 pink, 1 yellow."""
    state, seat = almost_done(players, side, display="OOOB")
    after = apply(state, Take(0, ORANGE, 2, keep=ORANGE))
    me = after.players[seat]
    assert me.marker == 2
    assert me.score == 10 + VALUES[side][2]
    gained = tuple(a - b for a, b in zip(after.tower, state.tower, strict=True))
    assert gained == counts(TABLE, "OOOOPY")
