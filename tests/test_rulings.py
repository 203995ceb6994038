"""One or more tests per ruling, RUL-01 to RUL-20, on hand-made positions.

Every expected value is worked out by hand from the rules (spec/sintra/03 to 06, EN 000)
and written in the docstring or a comment. ``bare`` puts strip ``s`` side 0 in slot ``s``: slot 0
``BBBGO``, 1 ``GGGOP``, 2 ``OOOPY``, 3 ``PPPYB``, 4 ``YYYBG``, 5 ``BBGOP``, 6 ``OOPYB``,
7 ``YYBGO``; the joker side is strip 7 side 1, ``JJBGO``. Window values (both sides, FIG-04,
FIG-05): 4 3 2 3 1 2 1 2. Track (FIG-08): 0 -1 -2 -4 -6 -8 -11 -14 -18 (indices 0 to 8).
"""

from __future__ import annotations

import attrs
import pytest

from sintra_rules import (
    CENTRE,
    GameState,
    IllegalAction,
    PlayerState,
    Reset,
    Take,
    apply,
    default_components,
    legal_actions,
    outcome,
    violations,
)
from sintra_rules.games.sintra.verify.positions import (
    BLUE,
    GREEN,
    ORANGE,
    PINK,
    YELLOW,
    counts,
    final_turn,
    position,
    rebalance,
    set_indicator,
    set_player,
    set_pool,
    set_strip,
    set_strips,
    set_windows,
    strip,
)
from tests.test_setup import GAMES, game_states

TABLE = default_components()


def takes(state: GameState, source: int, colour: int) -> list[Take]:
    """The legal takes of ``colour`` from ``source``, in canonical order."""
    return [
        a
        for a in legal_actions(state)
        if isinstance(a, Take) and a.source == source and a.colour == colour
    ]


def targets(state: GameState, source: int, colour: int) -> set[int | None]:
    """The targets offered for taking ``colour`` from ``source``."""
    return {a.target for a in takes(state, source, colour)}


def rejected(state: GameState, action: object) -> str:
    """The clause :func:`apply` names when it rejects ``action``."""
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    return info.value.clause


def marker(player: PlayerState) -> tuple[int, int, int]:
    """(track index, score, points lost) of a player."""
    return player.marker, player.score, player.points_lost


# --- RUL-01 ---------------------------------------------------------------------------------


def test_rul01_centre_taken_several_times_in_a_round() -> None:
    """Seat 0 takes from the centre twice and seat 1 once in the same round: all legal; only
    the first centre take moves the tile and steps (RUL-01, TAKE-02, TAKE-03)."""
    state = position(2, "A", ["PPYY"], centre="OOBB", tile=None)
    s1 = apply(state, Take(CENTRE, ORANGE, 2))  # 2 O on OOOPY: no break
    assert s1.tile == 0 and marker(s1.players[0]) == (1, 0, 1)  # the tile's step
    s2 = apply(s1, Take(0, PINK, 3))  # seat 1: 2 P on PPPYB; YY to the centre
    assert s2.centre == counts(TABLE, "BBYY")
    assert Take(CENTRE, BLUE, 5) in legal_actions(s2)
    s3 = apply(s2, Take(CENTRE, BLUE, 5))  # seat 0 again: 2 B on BBGOP, glazier 2 -> 5
    assert s3.tile == 0 and marker(s3.players[0]) == (1, 0, 1)  # no second step
    s4 = apply(s3, Take(CENTRE, YELLOW, 4))  # seat 1 from the centre: 2 Y on YYYBG
    assert marker(s4.players[1]) == (0, 0, 0)  # no step: the tile is already taken
    # That emptied the table: the round ended and the tile holder, seat 0, starts the next.
    assert s4.round == 2 and (s4.starter, s4.turn, s4.tile) == (0, 0, None)


# --- RUL-02 ---------------------------------------------------------------------------------


def test_rul02_every_candidate_and_only_candidates() -> None:
    """With the glazier on slot 0, 2 orange may go on any strip with an orange space, even one
    that takes only 1 of them (BBBGO: 1 placed, 1 breaks); PPPYB and YYYBG have none and are
    not targets; all-break is not offered (RUL-02, PLACE-05)."""
    state = position(2, "A", ["OO", "G"])
    assert targets(state, 0, ORANGE) == {0, 1, 2, 5, 6, 7}
    after = apply(state, Take(0, ORANGE, 0))
    assert after.players[0].strips[0] == strip(TABLE, 0, 0, filled="O")
    assert marker(after.players[0]) == (1, 0, 1)
    assert rejected(state, Take(0, ORANGE, 3)) == "PLACE-05"
    assert rejected(state, Take(0, ORANGE, None)) == "PLACE-05"
    # Glazier on slot 3: only slots 3..7 are reachable; of those 5, 6, 7 have orange spaces.
    state = set_player(state, 0, glazier=3)
    assert targets(state, 0, ORANGE) == {5, 6, 7}


def test_rul02_a_filled_colour_space_is_no_candidate_but_a_joker_is() -> None:
    """A strip whose orange spaces are all filled is no candidate; a strip with a free joker
    space is one for every colour (RUL-02, PLACE-05, PLACE-06)."""
    state = position(2, "A", ["PP", "G"])
    state = set_strip(state, 0, 7, strip(TABLE, 7, 1))  # JJBGO in slot 7
    state = set_strip(state, 0, 3, strip(TABLE, 3, 0, filled="PPP"))  # PPPYB, pink full
    state = rebalance(set_player(state, 0, glazier=3))
    # Reachable 3..7: PPPYB full of pink, YYYBG none, BBGOP and OOPYB one each, JJBGO jokers.
    assert targets(state, 0, PINK) == {5, 6, 7}
    assert [(a.target, a.jokers) for a in takes(state, 0, PINK)] == [(5, 0), (6, 0), (7, 2)]


# --- RUL-03 ---------------------------------------------------------------------------------


def test_rul03_all_break_and_the_glazier_stays() -> None:
    """Glazier on slot 7 (YYBGO), 3 pink taken: no reachable strip has a pink space (PPPYB is
    left of the glazier), so the only take is all-break; the glazier stays, 3 steps, 3 pink to
    the tower, no strip changes (RUL-03, PLACE-02, PLACE-04)."""
    state = rebalance(set_player(position(2, "A", ["PPP", "G"]), 0, glazier=7))
    assert takes(state, 0, PINK) == [Take(0, PINK, None)]
    assert rejected(state, Take(0, PINK, 3)) == "PLACE-02"
    assert rejected(state, Take(0, PINK, 7)) == "RUL-03"
    after = apply(state, Take(0, PINK, None))
    player = after.players[0]
    assert player.glazier == 7 and player.strips == state.players[0].strips
    assert marker(player) == (3, 0, 4)  # the -4 space
    assert after.tower[PINK] == state.tower[PINK] + 3


def test_rul03_first_centre_take_all_breaking() -> None:
    """The same all-break from the centre as its first take: tile step plus 3 breaks, 4 steps
    to the -6 space (RUL-03, RUL-10)."""
    state = rebalance(set_player(position(2, "A", ["G"], centre="PPP", tile=None), 0, glazier=7))
    after = apply(state, Take(CENTRE, PINK, None))
    assert after.tile == 0 and marker(after.players[0]) == (4, 0, 6)
    assert after.players[0].glazier == 7


# --- RUL-04 ---------------------------------------------------------------------------------


def test_rul04_glazier_above_an_empty_slot() -> None:
    """Window 4 is complete, so slot 3 holds no strip and the glazier stands above it: only
    slots 4..7 can be targets and the empty slot never (RUL-04, PLACE-02, DONE-05)."""
    state = set_windows(position(2, "A", ["OO", "PP", "G"]), 0, ["", "", "", "OB"])
    state = rebalance(set_player(state, 0, glazier=3))
    assert state.players[0].strips[3] is None
    assert targets(state, 0, ORANGE) == {5, 6, 7}  # BBGOP, OOPYB, YYBGO
    assert targets(state, 1, PINK) == {5, 6}  # BBGOP, OOPYB
    assert rejected(state, Take(0, ORANGE, 3)) == "RUL-04"
    assert rejected(state, Take(0, ORANGE, 2)) == "PLACE-02"  # a strip, but to the left
    assert apply(state, Take(0, ORANGE, 6)).players[0].glazier == 6


def test_rul04_no_candidate_right_of_an_empty_slot() -> None:
    """Slots 3, 5 and 6 are empty; reachable YYYBG and YYBGO have no pink space: all pink
    break and the glazier stays above the empty slot 3 (RUL-04, RUL-03)."""
    state = position(2, "A", ["PP", "G"])
    state = set_windows(state, 0, ["", "", "", "OB", "", "GP", "YY"])
    state = rebalance(set_player(state, 0, glazier=3))
    assert takes(state, 0, PINK) == [Take(0, PINK, None)]
    after = apply(state, Take(0, PINK, None))
    assert after.players[0].glazier == 3 and marker(after.players[0]) == (2, 0, 2)


# --- RUL-05 / RUL-06 ------------------------------------------------------------------------


def test_rul05_no_reset_when_every_strip_is_reachable() -> None:
    """Glazier above the emptied slot 0 with strips in 1..7, or above emptied slot 3 with
    slots 0..2 emptied too: a reset would not move it left onto a strip (RUL-05, RESET-01)."""
    state = position(2, "A", ["OO"])
    one = rebalance(set_windows(state, 0, ["OB"]))
    assert one.players[0].glazier == 0
    assert Reset() not in legal_actions(one)
    assert rejected(one, Reset()) == "RUL-05"
    four = rebalance(set_player(set_windows(state, 0, ["OB", "GP", "YY", "BB"]), 0, glazier=3))
    assert Reset() not in legal_actions(four)
    assert [v.clause for v in violations(four, Reset())] == ["RUL-05"]


def test_rul05_reset_skips_empty_slots() -> None:
    """Slots 0, 2 and 3 empty, glazier above 3: the reset moves it to slot 1, the leftmost
    strip, not to the empty slot 0 (RUL-05, RESET-01)."""
    state = set_windows(position(2, "A", ["OO"]), 0, ["OB", "", "YY", "BB"])
    state = rebalance(set_player(state, 0, glazier=3))
    assert Reset() in legal_actions(state)
    after = apply(state, Reset())
    assert after.players[0].glazier == 1 and after.turn == 1
    assert rejected(set_player(state, 0, glazier=1), Reset()) == "RESET-02"


def test_rul06_no_strip_left_at_all() -> None:
    """All 8 windows complete, no strip left: no reset; every take breaks all; the player is
    not skipped and keeps taking turns (RUL-06, ROUND-03)."""
    full = ["OB", "GP", "YY", "BB", "PO", "GG", "YO", "BP"]
    state = rebalance(
        set_player(set_windows(position(2, "A", ["OO", "G", "YY"]), 0, full), 0, glazier=5)
    )
    assert state.players[0].leftmost_strip() is None
    assert rejected(state, Reset()) == "RUL-06"
    assert all(a.target is None for a in legal_actions(state) if isinstance(a, Take))
    assert Reset() not in legal_actions(state)
    s1 = apply(state, Take(0, ORANGE, None))
    assert marker(s1.players[0]) == (2, 0, 2) and s1.turn == 1
    s2 = apply(s1, Take(1, GREEN, 0))  # seat 1 on BBBGO
    assert s2.turn == 0  # seat 0 is not skipped
    s3 = apply(s2, Take(2, YELLOW, None))
    assert marker(s3.players[0]) == (4, 0, 6)


def test_rul06_nothing_to_the_glazier_s_right() -> None:
    """Glazier above the emptied slot 7 with strips to its left: nothing is reachable, so every
    take breaks all; a reset is legal and goes to the leftmost strip (RUL-06, RUL-03)."""
    state = set_windows(position(2, "A", ["OO"]), 0, ["", "", "", "", "", "", "", "OB"])
    state = rebalance(set_player(state, 0, glazier=7))
    assert legal_actions(state) == (Take(0, ORANGE, None), Reset())
    assert apply(state, Reset()).players[0].glazier == 0


# --- RUL-07 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("filled", "on_jokers", "pieces", "expected"),
    [
        # JJBGO: 1 blue, 1 green, 1 orange space and 2 joker spaces.
        ("", "", "B", [(0, None), (1, None)]),  # 1 placed: on B or on a joker
        ("", "", "BB", [(1, None), (2, None)]),  # 2 placed: at least 1 on a joker
        ("", "", "BBB", [(2, None)]),  # 3 placed: B space and both jokers
        ("", "", "BBBB", [(2, None)]),  # 3 placed, 1 breaks
        ("", "", "P", [(1, None)]),  # pink only fits a joker
        ("", "", "PPP", [(2, None)]),  # 2 placed on the jokers, 1 breaks
        ("", "Y", "B", [(0, None), (1, None)]),
        ("", "Y", "BB", [(1, None)]),
        ("B", "", "BB", [(2, None)]),  # B space taken: both on jokers
        ("BG", "Y", "O", [(0, None), (1, None)]),  # 4 of 5 after: no completion
        # 2 orange complete the strip (O space + last joker): keep B, G, O or Y.
        ("BG", "Y", "OO", [(1, BLUE), (1, GREEN), (1, ORANGE), (1, YELLOW)]),
    ],
)
def test_rul07_every_joker_count_is_offered(
    filled: str, on_jokers: str, pieces: str, expected: list[tuple[int, int | None]]
) -> None:
    """On the joker side, every number of pieces on joker spaces between the bounds of PLACE-07
    is a separate legal action (RUL-07, PLACE-06, PLACE-07)."""
    state = position(2, "A", [pieces, "G"])
    state = set_strip(state, 0, 7, strip(TABLE, 7, 1, filled=filled, jokers=on_jokers))
    state = rebalance(set_player(state, 0, glazier=7))
    colour = TABLE.colour_codes.index(pieces[0])
    assert [(a.jokers, a.keep) for a in takes(state, 0, colour)] == expected


def _rul07_position() -> GameState:
    """Seat 0, glazier on slot 3 above JJBGO holding one green piece on a joker space; slots
    0-2: BBBGO with BBBG (needs an orange), YYYBG, YYBBO (no pink space anywhere left of it);
    windows 5-8 complete, so slots 4-7 are empty. Round 1, yellow. Displays: 0 ``B``, 1 ``P``,
    2 ``O``, 3 ``YYYY``; the centre ``BBGGYY`` is for seat 1."""
    state = position(2, "A", ["B", "P", "O", "YYYY"], centre="BBGGYY", tile=None)
    slots = [
        strip(TABLE, 0, 0, filled="BBBG"),
        strip(TABLE, 4, 0),
        strip(TABLE, 2, 1),
        strip(TABLE, 7, 1, jokers="G"),
    ]
    state = set_strips(state, 0, slots)
    state = set_windows(state, 0, ["", "", "", "", "BG", "OP", "YB", "GO"])
    state = set_indicator(set_player(state, 0, glazier=3), "YBGOPY")
    return rebalance(state)


def _seat1(state: GameState) -> GameState:
    """Seat 1's turn in the RUL-07 lines: its first legal take from the centre."""
    assert state.turn == 1
    return apply(
        state,
        next(a for a in legal_actions(state) if isinstance(a, Take) and a.source == CENTRE),
    )


def test_rul07_neither_choice_dominates() -> None:
    """Putting a blue piece on its colour space (a) or on a joker space (b) gives states that
    differ only in that choice, and each has a continuation the other lacks, so the engine must
    offer both (RUL-07, PLACE-05, PLACE-06).

    Line X, the colour space is better: seat 0 then takes the pink piece. In (a) it fits on the
    free joker space; in (b) no reachable strip can take it and it breaks (1 step).

    Line Y, the joker space is better: seat 0 resets to slot 0, then takes the pink piece. In (a)
    the free joker space is a candidate, so the pink must go there and the glazier must move to
    slot 3 (PLACE-05); in (b) it breaks and the glazier stays on slot 0, and the orange piece
    then completes BBBGO: window 1 (4) plus the complete windows 5-8 (1 + 2 + 1 + 2) = 10
    points, no yellow on the strip. In (a) slot 0 is left of the glazier and out of reach.
    """
    state = _rul07_position()
    assert takes(state, 0, BLUE) == [Take(0, BLUE, 3, 0), Take(0, BLUE, 3, 1)]
    a = apply(state, Take(0, BLUE, 3, 0))
    b = apply(state, Take(0, BLUE, 3, 1))
    assert a.players[0].strips[3] == strip(TABLE, 7, 1, filled="B", jokers="G")
    assert b.players[0].strips[3] == strip(TABLE, 7, 1, jokers="BG")
    assert attrs.evolve(a, players=b.players) == b  # nothing else differs

    # Line X: take the pink at once.
    a_x, b_x = _seat1(a), _seat1(b)
    assert takes(a_x, 1, PINK) == [Take(1, PINK, 3, 1)]
    assert takes(b_x, 1, PINK) == [Take(1, PINK, None)]
    assert marker(apply(a_x, Take(1, PINK, 3, 1)).players[0]) == (0, 0, 0)
    assert marker(apply(b_x, Take(1, PINK, None)).players[0]) == (1, 0, 1)

    # Line Y: reset first.
    a_y, b_y = _seat1(apply(a_x, Reset())), _seat1(apply(b_x, Reset()))
    assert a_y.players[0].glazier == b_y.players[0].glazier == 0
    assert takes(a_y, 1, PINK) == [Take(1, PINK, 3, 1)]
    assert rejected(a_y, Take(1, PINK, None)) == "PLACE-05"
    a_y = _seat1(apply(a_y, Take(1, PINK, 3, 1)))
    b_y = _seat1(apply(b_y, Take(1, PINK, None)))
    assert a_y.players[0].glazier == 3 and b_y.players[0].glazier == 0
    assert {a.target for a in takes(a_y, 2, ORANGE)} == {3}
    assert rejected(a_y, Take(2, ORANGE, 0, keep=BLUE)) == "PLACE-02"
    assert max(apply(a_y, t).players[0].score for t in takes(a_y, 2, ORANGE)) == 0
    done = apply(b_y, Take(2, ORANGE, 0, keep=BLUE))
    assert marker(done.players[0]) == (1, 10, 1)
    assert done.players[0].windows[0] == (BLUE, None)


def test_rul07_the_example_of_the_ruling() -> None:
    """The example printed in RUL-07: glazier above slot 8 holding the empty joker side; slot 1
    holds BBBGO with its green and orange filled; slots 2-7 hold no strip. 2 blue placed on slot
    8: j = 1 or j = 2. Then 1 pink: fits the free joker after j = 1, breaks after j = 2. Or a
    reset to slot 1, then 1 yellow: after j = 2 it breaks and the glazier stays on slot 1;
    after j = 1 it must go on slot 8 and the glazier moves there (RUL-07, PLACE-05)."""
    state = position(2, "A", ["BB", "P", "Y", "GGGG"], centre="GGOO", tile=None)
    state = set_windows(state, 0, ["", "GO", "YB", "PY", "OB", "PG", "YO"])
    state = set_strip(state, 0, 0, strip(TABLE, 0, 0, filled="GO"))
    state = set_strip(state, 0, 7, strip(TABLE, 7, 1))
    state = rebalance(set_player(state, 0, glazier=7))
    assert takes(state, 0, BLUE) == [Take(0, BLUE, 7, 1), Take(0, BLUE, 7, 2)]
    one, two = (_seat1(apply(state, Take(0, BLUE, 7, j))) for j in (1, 2))
    assert takes(one, 1, PINK) == [Take(1, PINK, 7, 1)]
    assert takes(two, 1, PINK) == [Take(1, PINK, None)]
    one, two = (_seat1(apply(s, Reset())) for s in (one, two))
    assert one.players[0].glazier == two.players[0].glazier == 0
    assert takes(one, 2, YELLOW) == [Take(2, YELLOW, 7, 1)]
    assert takes(two, 2, YELLOW) == [Take(2, YELLOW, None)]
    assert apply(one, Take(2, YELLOW, 7, 1)).players[0].glazier == 7
    assert apply(two, Take(2, YELLOW, None)).players[0].glazier == 0


# --- RUL-08 / RUL-09 / RUL-10 ---------------------------------------------------------------


def test_rul08_two_wraps_in_one_turn() -> None:
    """Marker on -11 (index 6), score 5; the first centre take of 12 pink that all break: 13
    steps. Step 2 reaches -18 (-18 points, back to the top), steps 3-10 reach it again (-18),
    steps 11-13 end on -4. Score 5 - 36 = -31; points lost 2 x 18 + 4 = 40 (RUL-08, RUL-09,
    TRACK-03, TRACK-04)."""
    state = position(2, "A", ["B"], centre="P" * 12, tile=None)
    state = rebalance(set_player(state, 0, glazier=7, marker=6, score=5, points_lost=11))
    after = apply(state, Take(CENTRE, PINK, None))
    assert marker(after.players[0]) == (3, -31, 40)
    assert after.tower[PINK] == state.tower[PINK] + 12


@pytest.mark.parametrize(
    ("start", "broken", "expected"),
    [
        (5, 3, (0, -18, 18)),  # -8: 3 steps land exactly on -18, back to the top
        (0, 8, (0, -18, 18)),  # 8 steps from the top: exactly one wrap
        (0, 16, (0, -36, 36)),  # exactly two wraps
        (7, 1, (0, -18, 18)),  # -14 + 1
        (7, 2, (1, -18, 19)),  # one wrap then one more step
        (7, 3, (2, -18, 20)),  # the example of RUL-08: -14 and 3 breaks end on -2
        (0, 10, (2, -18, 20)),  # the other example: 10 steps from the top end on -2
    ],
)
def test_rul08_landing_on_the_bottom(start: int, broken: int, expected: tuple[int, ...]) -> None:
    """Reaching -18 costs 18 at once and the marker never rests there (RUL-08, RUL-09,
    TRACK-03); points lost count every wrap (TRACK-04)."""
    lost = -TABLE.track[start]
    state = position(2, "A", ["B"], centre="Y" * broken, tile=1)  # tile already taken
    state = set_strip(state, 0, 7, strip(TABLE, 7, 0, filled="YY"))  # YYBGO: no yellow space
    state = rebalance(set_player(state, 0, glazier=7, marker=start, points_lost=lost))
    assert takes(state, CENTRE, YELLOW) == [Take(CENTRE, YELLOW, None)]
    after = apply(state, Take(CENTRE, YELLOW, None))
    assert marker(after.players[0]) == expected
    assert after.tile == 1


def test_rul09_scores_go_below_zero_at_the_end() -> None:
    """Score 2, marker on -8 at the end: final score 2 + 0 (1 leftover piece) - 8 + 0 = -6
    (RUL-09, SCORE-01, FINAL-03)."""
    state = set_player(final_turn(position(2, "A"), "B", indicator="Y"), 0, score=2, marker=5)
    state = set_player(state, 0, points_lost=8)
    after = apply(state, Take(0, BLUE, 0))
    assert after.is_over and after.players[0].score == -6


def test_rul10_the_tile_step_alone_can_wrap() -> None:
    """Marker on -14: the first centre take steps once onto -18 even when every piece is
    placed: -18 points, back to the top, points lost 18 (RUL-10, TAKE-03, TRACK-03)."""
    state = position(2, "A", ["G"], centre="OO", tile=None)
    state = rebalance(set_player(state, 0, marker=7, points_lost=14))
    after = apply(state, Take(CENTRE, ORANGE, 2))
    assert marker(after.players[0]) == (0, -18, 18)
    # Seat 1's take from a display takes no step.
    again = apply(after, Take(0, GREEN, 0))
    assert marker(again.players[1]) == (0, 0, 0)


def test_rul10_tile_step_then_breaks() -> None:
    """Marker on -14, first centre take, 3 orange on BBBGO (1 placed, 2 break): the tile's
    step wraps (-18), then 2 steps to -2: points lost 18 + 2 = 20 (RUL-10, TRACK-02)."""
    state = position(2, "A", ["G"], centre="OOO", tile=None)
    state = rebalance(set_player(state, 0, marker=7, points_lost=14))
    after = apply(state, Take(CENTRE, ORANGE, 0))
    assert marker(after.players[0]) == (2, -18, 20)


# --- RUL-11 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("starter", [0, 1])
def test_rul11_nobody_took_the_tile(starter: int) -> None:
    """A round with factory takes only: the tile stays in the centre, the same seat starts the
    next round and nobody steps for the tile (RUL-11, END-06)."""
    state = position(2, "A", ["O", "G"], tile=None, turn=starter)
    state = attrs.evolve(state, starter=starter)
    s1 = apply(state, Take(0, ORANGE, 2))
    s2 = apply(s1, Take(1, GREEN, 0))
    assert s2.round == state.round + 1
    assert (s2.starter, s2.turn, s2.tile) == (starter, starter, None)
    assert [marker(p) for p in s2.players] == [(0, 0, 0), (0, 0, 0)]


def test_rul11_contrast_the_tile_holder_starts() -> None:
    """The same round where seat 1 takes from the centre: seat 1 starts next (END-06)."""
    state = position(2, "A", ["OG"], tile=None)
    s1 = apply(state, Take(0, ORANGE, 2))  # G to the centre
    s2 = apply(s1, Take(CENTRE, GREEN, 0))
    assert (s2.starter, s2.turn, s2.tile) == (1, 1, None)
    assert marker(s2.players[1]) == (1, 0, 1)


# --- RUL-12 / RUL-13 ------------------------------------------------------------------------


def _refill_position(blue_in_bag: int) -> GameState:
    """Round 3 (indicator G O P Y), 2 players. The bag holds only ``blue_in_bag`` blue pieces;
    every other blue is on a top frame; the tower holds all the other pieces (no blue). Seat 0
    takes the last piece, a green from display 0, onto BBBGO: the round ends."""
    state = set_indicator(position(2, "A", ["G"]), "GOPY")
    on_windows = 20 - blue_in_bag
    state = set_windows(state, 0, ["B"] * min(8, on_windows))
    state = set_windows(state, 1, ["B"] * max(0, on_windows - 8))
    state = rebalance(set_pool(state, bag="B" * blue_in_bag), into="tower")
    assert state.tower == (0, 18, 19, 19, 19)
    return apply(state, Take(0, GREEN, 0))


@pytest.mark.parametrize("blue_in_bag", [4, 6, 13, 19, 20])
def test_rul12_bag_runs_out_mid_fill(blue_in_bag: int) -> None:
    """The green round piece joins the tower (19 G, 19 O, 19 P, 19 Y). The first
    ``blue_in_bag`` pieces drawn are the bag's blue ones, display by display; when the bag runs
    out the whole tower goes into the bag and the same display goes on filling (RUL-12,
    END-01, END-03, END-04). With exactly 20 in the bag the tower is never touched."""
    after = _refill_position(blue_in_bag)
    assert after.round == 4 and after.indicator == tuple(TABLE.colour_codes.index(c) for c in "OPY")
    for i, display in enumerate(after.factories):
        assert sum(display) == 4
        assert display[BLUE] == min(4, max(0, blue_in_bag - 4 * i))
    if blue_in_bag < 20:
        assert after.tower == (0, 0, 0, 0, 0)
        assert sum(after.bag) == 76 - (20 - blue_in_bag)
    else:
        assert after.tower == (0, 19, 19, 19, 19) and after.bag == (0, 0, 0, 0, 0)
    pooled = [b + sum(f[c] for f in after.factories) for c, b in enumerate(after.bag)]
    others = 19 if blue_in_bag < 20 else 0  # the tower went into the bag or not
    assert pooled == [blue_in_bag, others, others, others, others]
    assert after.piece_counts() == (20, 20, 20, 20, 20)


def test_rul13_bag_and_tower_run_out() -> None:
    """Both players hold 4 pieces on each strip (the first 4 spaces of each side 0) and one
    piece on every top frame; the bag holds 5 blue and 4 yellow, the tower 4 orange. Seat 0
    (glazier on YYBGO, which only lacks its orange) takes the last piece, a pink: it breaks.
    The tower then holds OOOO P plus the orange round piece: 9 + 6 = 15 pieces for 20 places,
    so displays 1-3 are full, display 4 gets 3 and display 5 none (RUL-13, END-04, END-05).
    The bag's 9 pieces come first: displays 1-2 only blue/yellow, display 3 exactly one."""
    state = position(2, "A", ["P"])
    for seat in (0, 1):
        sides = [strip(TABLE, s, 0, filled=TABLE.strips[s][0][:4]) for s in range(8)]
        state = set_strips(state, seat, sides)
    state = set_windows(state, 0, list("GGGGPPPP"))
    state = set_windows(state, 1, list("GGGPPPPY"))
    state = set_indicator(set_player(state, 0, glazier=7), "OBGOPY")
    state = rebalance(set_pool(state, tower="OOOO"))
    assert state.bag == counts(TABLE, "BBBBBYYYY")
    assert takes(state, 0, PINK) == [Take(0, PINK, None)]
    after = apply(state, Take(0, PINK, None))
    assert [sum(d) for d in after.factories] == [4, 4, 4, 3, 0]
    assert after.bag == after.tower == (0, 0, 0, 0, 0)
    assert [sum(d[c] for d in after.factories) for c in range(5)] == [5, 0, 5, 1, 4]
    from_bag = [d[BLUE] + d[YELLOW] for d in after.factories]
    assert from_bag == [4, 4, 1, 0, 0]
    assert (after.round, after.turn, after.starter) == (2, 0, 0)
    assert after.piece_counts() == (20, 20, 20, 20, 20)


# --- RUL-14 / RUL-15 ------------------------------------------------------------------------

WINDOWS_14 = ["PB", "PG", "YY", "O", "O", "O", "O"]


def _final_with_windows(side: str) -> GameState:
    """Seat 0's last turn of the game: windows 1-3 complete (P B, P G, Y Y), windows 4-7 with an
    orange top piece each, window 8 empty; a blue from display 0 goes on PPPYB in slot 3."""
    state = final_turn(position(2, side), "B", indicator="Y")  # type: ignore[arg-type]
    state = rebalance(set_player(set_windows(state, 0, WINDOWS_14), 0, glazier=3))
    return apply(state, Take(0, BLUE, 3))


def test_rul14_side_b_best_colour_counts_half_filled_windows() -> None:
    """Side B: 3 complete windows; colours on all frames: orange 4 (all in half-filled windows),
    pink 2, yellow 2, blue 1, green 1: the best colour is orange, 3 x 4 = 12 (RUL-14,
    FINAL-05). Leftovers: 1 piece, 0 points; marker on the top: 0."""
    after = _final_with_windows("B")
    assert after.is_over and after.players[0].score == 12


def test_rul14_side_a_same_windows() -> None:
    """The same windows on side A: ornaments 1-2: 4 frames, 10; 3-4: 3, 6; 5-6: 2, 3; 7-8: 1,
    0: 19 points (FINAL-04, for contrast with RUL-14)."""
    assert _final_with_windows("A").players[0].score == 19


def test_rul14_best_colour_is_chosen_for_the_player() -> None:
    """Side B, 2 complete windows (B B, G G) and tops G, Y: green 3, blue 2, yellow 1: the
    player chooses green, 2 x 3 = 6 (RUL-14)."""
    state = final_turn(position(2, "B"), "B", indicator="Y")
    state = rebalance(set_player(set_windows(state, 0, ["BB", "GG", "G", "Y"]), 0, glazier=4))
    after = apply(state, Take(0, BLUE, 4))  # YYYBG
    assert after.players[0].score == 6


def test_rul15_leftovers_count_over_all_strips() -> None:
    """2 + 2 + 2 pieces on three strips and the last blue on a fourth: 7 pieces, 7 // 3 = 2
    points, although no single strip holds 3 (RUL-15, FINAL-02)."""
    state = final_turn(position(2, "A"), "P", indicator="Y")
    state = set_strip(state, 0, 0, strip(TABLE, 0, 0, filled="BB"))
    state = set_strip(state, 0, 1, strip(TABLE, 1, 0, filled="GG"))
    state = rebalance(set_strip(state, 0, 2, strip(TABLE, 2, 0, filled="OO")))
    after = apply(state, Take(0, PINK, 3))
    assert after.players[0].pieces_on_strips() == 7
    assert after.players[0].score == 2 and after.players[1].score == 0


# --- RUL-16 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat1", "winners", "lost1"),
    [
        # seat 1: (score, track index, points lost before the end)
        ((24, 7, 14), (1,), 14),  # ends on -14: 24 - 14 = 10, lost 14 < 19
        ((12, 2, 20), (0,), 20),  # one wrap then -2: 12 - 2 = 10, lost 20 > 19
        ((11, 1, 19), (0, 1), 19),  # one wrap then -1: 11 - 1 = 10, lost 19: shared
    ],
)
def test_rul16_tie_break_counts_wraps_and_the_tile_step(
    seat1: tuple[int, int, int], winners: tuple[int, ...], lost1: int
) -> None:
    """Seat 0 wrapped once earlier (18 lost, marker on the top, score 11) and takes the last
    piece from the centre as the first centre-taker: the tile's step puts it on -1. Final:
    11 - 1 = 10, points lost 18 + 1 = 19. Seat 1 ties on 10; the fewer points lost wins, wraps
    included, else the victory is shared (RUL-16, WIN-01, WIN-02, WIN-03, TRACK-04)."""
    score, track, lost = seat1
    state = position(2, "A", centre="B", tile=None)
    state = set_indicator(state, "Y")
    state = set_player(state, 0, score=11, points_lost=18)
    state = rebalance(set_player(state, 1, score=score, marker=track, points_lost=lost))
    after = apply(state, Take(CENTRE, BLUE, 0))
    assert after.is_over
    result = outcome(after)
    assert result.scores == (10, 10)
    assert result.points_lost == (19, lost1)
    assert result.winners == winners


def test_rul16_more_points_beats_fewer_losses() -> None:
    """The tie-break applies only to a tie: 11 beats 10 whatever was lost (WIN-01)."""
    state = set_indicator(position(2, "A", centre="B", tile=None), "Y")
    state = set_player(state, 0, score=12, points_lost=36)
    state = rebalance(set_player(state, 1, score=10))
    result = outcome(apply(state, Take(CENTRE, BLUE, 0)))
    assert result.scores == (11, 10) and result.winners == (0,)


# --- RUL-17 ---------------------------------------------------------------------------------


def test_rul17_no_voluntary_breaking() -> None:
    """3 orange onto OOOPY must all be placed: one action for that target, no break; on the
    joker side 2 pink must both go on the 2 joker spaces (RUL-17, PLACE-07)."""
    state = position(2, "A", ["OOO", "PP", "G"])
    assert [a for a in takes(state, 0, ORANGE) if a.target == 2] == [Take(0, ORANGE, 2)]
    after = apply(state, Take(0, ORANGE, 2))
    assert after.players[0].strips[2] == strip(TABLE, 2, 0, filled="OOO")
    assert marker(after.players[0]) == (0, 0, 0)
    jokers = rebalance(set_player(set_strip(state, 0, 7, strip(TABLE, 7, 1)), 0, glazier=7))
    assert takes(jokers, 1, PINK) == [Take(1, PINK, 7, 2)]
    assert rejected(jokers, Take(1, PINK, 7, 1)) == "PLACE-07"
    assert rejected(jokers, Take(1, PINK, None)) == "PLACE-05"


# --- RUL-18 / RUL-19 ------------------------------------------------------------------------


@pytest.mark.parametrize("side", ["A", "B"])
def test_rul18_kept_piece_is_chosen_on_both_sides(side: str) -> None:
    """OOOPY holding O O P Y, one orange completes it in a pink round: keep orange, pink or
    yellow; the kept piece goes on the top frame, the other 4 to the tower; colour bonus 1
    (one pink) + window 3 (2) = 3. Completing the flipped side YYBBO again puts the kept piece
    on the bottom frame and removes the strip (RUL-18, DONE-02 to DONE-05)."""
    state = position(2, side, ["OB", "O"])  # type: ignore[arg-type]
    state = set_strip(state, 0, 2, strip(TABLE, 2, 0, filled="OOPY"))
    state = rebalance(set_indicator(state, "PBGOPY"))
    keeps = [(a.target, a.keep) for a in takes(state, 0, ORANGE)]
    assert keeps == [(0, None), (1, None), (2, ORANGE), (2, PINK), (2, YELLOW)] + [
        (t, None) for t in (5, 6, 7)
    ]
    for keep, rest in ((ORANGE, "OOPY"), (PINK, "OOOY"), (YELLOW, "OOOP")):
        after = apply(state, Take(0, ORANGE, 2, keep=keep))
        player = after.players[0]
        assert player.windows[2] == (keep, None)
        assert player.strips[2] == strip(TABLE, 2, 1)  # flipped, empty
        assert player.score == 3
        gained = tuple(a - b for a, b in zip(after.tower, state.tower, strict=True))
        assert gained == counts(TABLE, rest)
    # Second completion of the same slot: bottom frame, strip removed.
    second = set_strip(state, 0, 2, strip(TABLE, 2, 1, filled="YYBB"))
    second = rebalance(set_windows(second, 0, ["", "", "G"]))
    assert {a.keep for a in takes(second, 0, ORANGE) if a.target == 2} == {BLUE, ORANGE, YELLOW}
    after = apply(second, Take(0, ORANGE, 2, keep=BLUE))
    assert after.players[0].windows[2] == (GREEN, BLUE)
    assert after.players[0].strips[2] is None


def test_rul19_only_the_target_under_the_glazier_is_checked() -> None:
    """The glazier moves from slot 2 (OOOPY with 4 pieces) to slot 6, where 1 orange
    completes OOPYB: only slot 6 is scored (window 7: 1 + nothing to its right), slot 2 keeps
    its 4 pieces (RUL-19, DONE-01, PLACE-03)."""
    state = position(2, "A", ["O", "G"])
    state = set_strip(state, 0, 2, strip(TABLE, 2, 0, filled="OOPY"))
    state = set_strip(state, 0, 6, strip(TABLE, 6, 0, filled="OPYB"))
    state = rebalance(set_indicator(set_player(state, 0, glazier=2), "GBGOPY"))
    after = apply(state, Take(0, ORANGE, 6, keep=PINK))
    player = after.players[0]
    assert player.glazier == 6 and player.score == 1
    assert player.strips[2] == state.players[0].strips[2]
    assert player.windows[2] == (None, None) and player.windows[6] == (PINK, None)


def test_rul19_a_reset_checks_nothing() -> None:
    """Action B ends the turn without a completion check: nothing is scored or moved but the
    glazier (RUL-19, RESET-01)."""
    state = position(2, "A", ["O", "G"])
    state = set_strip(state, 0, 0, strip(TABLE, 0, 0, filled="BBBG"))
    state = rebalance(set_player(state, 0, glazier=4))
    after = apply(state, Reset())
    assert after.players[0] == attrs.evolve(state.players[0], glazier=0)


@pytest.mark.parametrize(("players", "side", "seed"), GAMES)
def test_rul19_no_strip_is_ever_complete_between_turns(players: int, side: str, seed: int) -> None:
    """Only the target can become complete and it is emptied at once, so in every state of
    whole games every strip has an empty space (RUL-19, DONE-01)."""
    for state in game_states(players, side, seed):
        for player in state.players:
            for s in player.strips:
                if s is not None:
                    assert s.pieces < sum(TABLE.side_spaces[s.strip_id][s.face])


# --- RUL-20 ---------------------------------------------------------------------------------


def test_rul20_no_refill_after_round_6() -> None:
    """The last piece of round 6 is taken: the round piece goes to the tower, no display is
    refilled, nothing is drawn (bag and generator unchanged), the game is over and no action
    is legal any more (RUL-20, END-01, END-02)."""
    state = final_turn(position(3, "B"), "O", indicator="G")
    assert state.round == 6
    after = apply(state, Take(0, ORANGE, 2))
    assert after.is_over and after.indicator == ()
    assert all(sum(d) == 0 for d in after.factories) and sum(after.centre) == 0
    assert after.bag == state.bag and after.rng == state.rng
    assert after.tower[GREEN] == state.tower[GREEN] + 1
    assert after.piece_counts() == (20, 20, 20, 20, 20)
    assert legal_actions(after) == ()
    for action in (Take(0, ORANGE, 2), Reset(), "anything"):
        assert rejected(after, action) == "END-02"
