"""Every worked example of the English rulebook, replayed through :func:`apply`.

Line numbers refer to ``shared/rulebooks/000_c3de8999d4d202e8.txt`` (EN 000). Amanda is seat 0.
The printed window values, ornament positions and track values are not all known (FIG-04 to
FIG-08 are partly provisional), so :data:`TABLE` pins the figures each example needs; where the
text gives a number (2 + 1 + 2 = 5, the -8 space), the table is chosen to show exactly it.
"""

from __future__ import annotations

import pytest

from sintra_rules import CENTRE, GameState, IllegalAction, Side, Strip, Take, apply, legal_actions
from sintra_rules.games.sintra.verify.positions import (
    CONFIGS,
    ORANGE,
    PINK,
    YELLOW,
    bare,
    counts,
    final_turn,
    position,
    rebalance,
    set_indicator,
    set_player,
    set_strip,
    set_strips,
    set_windows,
    strip,
    table_with,
)

#: Window values (the same on both sides) put a 2 under window 3 and, to its right, a 1 under
#: window 5 and a 2 under window 7: the example's 2 + 1 + 2. The ornaments sit between windows
#: 1|2, 3|4, 5|6, 7|8, and the track holds the -8 space of the final scoring example.
VALUES = [3, 4, 2, 3, 1, 4, 2, 3]
TABLE = table_with(
    {
        "window_values.A": VALUES,
        "window_values.B": VALUES,
        "ornaments": [[1, 2], [3, 4], [5, 6], [7, 8]],
        "track": [0, -1, -2, -4, -6, -8, -11, -14, -18],
    }
)
EMPTY = (0,) * 5


def amanda(
    players: int, side: Side, factories: list[str], centre: str = "", tile: int | None = None
) -> GameState:
    """Amanda (seat 0) to act on :data:`TABLE`; the tile held by ``tile`` (``None``: in the
    centre)."""
    return position(players, side, factories, centre=centre, tile=tile, components=TABLE)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_example_a_take_from_a_display(players: int, side: Side) -> None:
    """EN 000:90-92 (Example a), TAKE-01: "Amanda picks the pink pane piece from a Factory
    display and moves the other 3 pieces (that are not pink) to the center of the table." She
    places it on ``PPPYB`` (slot 3); the tile stays in the centre."""
    state = amanda(players, side, ["POOB", "GGGG"], centre="Y")
    after = apply(state, Take(0, PINK, 3))
    assert after.factories[0] == EMPTY
    assert after.centre == counts(TABLE, "OOBY")
    placed = after.players[0].strips[3]
    assert placed is not None and placed.colour_counts() == counts(TABLE, "P")
    assert (after.tile, after.players[0].marker) == (None, 0)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_example_b_first_take_from_the_centre(players: int, side: Side) -> None:
    """EN 000:96-98 (Example b), TAKE-02, TAKE-03: "Amanda decides to pick the 3 orange pane
    pieces from the center of the table (A). Since she is the first to pick from the center
    this round, she also takes the starting player tile (B) ... her marker on the broken glass
    track moves down 1 space (C)." They fill ``OOOPY`` (slot 2)."""
    state = amanda(players, side, ["GGGG"], centre="OOOBY")
    after = apply(state, Take(CENTRE, ORANGE, 2))
    assert after.centre == counts(TABLE, "BY")
    assert after.tile == 0
    assert after.players[0].marker == 1 and TABLE.track[1] == -1
    placed = after.players[0].strips[2]
    assert placed is not None and placed.filled == counts(TABLE, "OOO")


def placement(players: int, side: Side) -> GameState:
    """EN 000:126-134: Amanda holds 3 orange to place; strip A (slot 2, ``OOPYB``) is left of
    her glazier; strip B beneath it (slot 3, ``BBBGO`` holding 2 blue) has 1 empty orange space;
    strip C (slot 4, ``OOOPY``) has 3. No other strip she can reach has an orange space. Another
    player took the tile earlier, so only breaks move her marker."""
    state = amanda(players, side, ["GGGG"], centre="OOO", tile=1)
    strips = [strip(TABLE, 5, 0), strip(TABLE, 7, 0), strip(TABLE, 6, 0)]  # slot 2: A
    strips += [strip(TABLE, 0, 0, filled="BB"), strip(TABLE, 2, 0)]  # B, C
    strips += [strip(TABLE, 1, 1), strip(TABLE, 3, 0), strip(TABLE, 4, 0)]  # no orange space
    state = set_player(set_strips(state, 0, strips), 0, glazier=3)
    return rebalance(state)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_example_placement(players: int, side: Side) -> None:
    """EN 000:126-134, PLACE-02 to PLACE-05: "She cannot place them onto strip (A) because it
    is left of her glazier. She could, however, place one of them onto the empty orange pattern
    space of the strip beneath her glazier (B) and let the other 2 pieces 'fall to the floor and
    break' (for which her marker ... would move down 2 spaces). Or she could place all 3 orange
    pieces onto the 3 empty pattern spaces on strip (C) if she moved her glazier to that strip."
    """
    state = placement(players, side)
    targets = {a.target for a in legal_actions(state) if isinstance(a, Take) and a.colour == ORANGE}
    assert targets == {3, 4}
    with pytest.raises(IllegalAction) as info:
        apply(state, Take(CENTRE, ORANGE, 2))
    assert info.value.clause == "PLACE-02"
    on_b = apply(state, Take(CENTRE, ORANGE, 3)).players[0]
    assert (on_b.marker, on_b.glazier) == (2, 3)
    placed = on_b.strips[3]
    assert placed is not None and placed.filled == counts(TABLE, "BBO")
    on_c = apply(state, Take(CENTRE, ORANGE, 4)).players[0]
    assert (on_c.marker, on_c.glazier) == (0, 4)
    placed = on_c.strips[4]
    assert placed is not None and placed.filled == counts(TABLE, "OOO")


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_example_completed_strip_bonus_and_window(players: int, side: Side) -> None:
    """EN 000:138-140 and 162-164, DONE-01 to DONE-04, DONE-06, ROUND-05: "It is round 3 and
    the top piece on the round indicator is a yellow piece (B). Since her completed strip has 2
    yellow pane pieces, she immediately gains 2 points" (DONE-02). Then she "drops 4 of them
    into the glass tower", puts one on the top frame of the window beneath, flips the strip and
    "scores 5 points (the 2 points printed beneath the window itself + the points printed
    beneath those windows to its right that hold at least one pane piece)": 2 + 1 + 2 (FR
    003:496). Her strip ``YYBBO`` (slot 3) holding ``YYBB`` is completed by an orange; windows
    1 (left), 5 and 7 hold pieces, windows 4, 6 and 8 none. 2 + 5 = 7 points."""
    state = amanda(players, side, ["OGGG", "BBBB"])
    state = set_strip(state, 0, 2, strip(TABLE, 2, 1, filled="YYBB"))
    state = set_windows(set_player(state, 0, glazier=2), 0, ["G", "", "", "", "P", "", "BO"])
    state = rebalance(set_indicator(state, "YOPB"))
    assert (state.round, state.round_colour) == (3, YELLOW)
    after = apply(state, Take(0, ORANGE, 2, keep=YELLOW))
    me = after.players[0]
    assert me.score == 2 + 2 + 1 + 2
    assert me.windows[2] == (YELLOW, None)
    assert me.strips[2] == Strip(2, 0, EMPTY, EMPTY)
    to_tower = tuple(a - b for a, b in zip(after.tower, state.tower, strict=True))
    assert to_tower == counts(TABLE, "YBBO")


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_example_seven_leftover_pieces(players: int, side: Side) -> None:
    """EN 000:192-197, FINAL-02: "Amanda has a total of 7 pane pieces left on her strips and
    thus gains 2 points." Her last orange joins 6 pieces on three strips."""
    state = final_turn(bare(players, side, TABLE), "O")
    for slot, pieces in {0: "BB", 2: "OP", 4: "YY"}.items():
        state = set_strip(state, 0, slot, strip(TABLE, slot, 0, filled=pieces))
    after = apply(rebalance(state), Take(0, ORANGE, 2))
    assert after.is_over
    assert after.players[0].pieces_on_strips() == 7
    assert after.players[0].score == 2


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_example_minus_eight(players: int, side: Side) -> None:
    """EN 000:193 and 200, FINAL-03: "The space of the broken glass track that Amanda's marker
    is on shows -8 points. Therefore, her marker on the score track is moved 8 spaces
    backwards." (From 30 to 22; the marker itself stays.)"""
    state = final_turn(bare(players, side, TABLE), "O")
    state = set_player(state, 0, score=30, marker=TABLE.track.index(-8), points_lost=8)
    me = apply(state, Take(0, ORANGE, 2)).players[0]
    assert (me.score, TABLE.track[me.marker]) == (22, -8)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_example_bottom_space(players: int, side: Side) -> None:
    """EN 000:203, TRACK-03: "If, during the game, any marker on the broken glass track reaches
    the bottom space (-18), its owner loses 18 points immediately and the marker is returned
    to the top space." One step from -14 while holding 10 points: -8 points, marker on 0."""
    state = amanda(players, side, ["PGGG"])
    state = rebalance(set_player(state, 0, glazier=7, score=10, marker=7, points_lost=14))
    me = apply(state, Take(0, PINK, None)).players[0]
    assert (me.score, me.marker) == (-8, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_example_side_a_ornaments(players: int) -> None:
    """EN 000:207-216, FINAL-04: "Amanda gains a total of 23 points because she has surrounded
    the first and the second ornament with 4 pane pieces each (2 x 10 points) and she has
    surrounded the last ornament with 2 pane pieces (3 points)." Windows 1-4 complete, 7 and 8
    with a top piece; her last orange goes on ``OOPYB`` (1 leftover piece: 0 points)."""
    state = final_turn(bare(players, "A", TABLE), "O")
    state = set_windows(state, 0, ["BG", "OP", "YB", "GO", "", "", "P", "Y"])
    me = apply(rebalance(state), Take(0, ORANGE, 6)).players[0]
    assert me.score == 23


@pytest.mark.parametrize("players", [2, 3, 4])
def test_example_side_b_windows_times_colour(players: int) -> None:
    """EN 000:220-224, FINAL-05: "Amanda has 4 completed windows and 5 orange pane pieces on
    her palace board. Therefore, she gains 20 points (4 x 5)." One orange lies on a half
    window; no colour has more than 5 pieces on her windows."""
    state = final_turn(bare(players, "B", TABLE), "O")
    state = set_windows(state, 0, ["OO", "OB", "GO", "PY", "O", "", "B", ""])
    me = apply(rebalance(state), Take(0, ORANGE, 6)).players[0]
    assert me.score == 20
