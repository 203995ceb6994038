"""Final scoring and the winner (FINAL-01 to FINAL-05, WIN-01 to WIN-03).

Every game here ends through :func:`apply`: seat 0 takes the last piece of round 6 (an orange
onto its empty ``OOOPY`` in slot 2, adding one leftover piece and no points), and final scoring
follows. Expected values are computed by hand from the rule text (spec/sintra/06-end-of-game.md,
EN 000:186-228). The ornament positions and track values used are pinned in :data:`TABLE`.
"""

from __future__ import annotations

import attrs
import pytest

from sintra_rules import GameNotOver, GameState, Side, Take, apply, outcome
from sintra_rules.games.sintra.verify.positions import (
    CONFIGS,
    ORANGE,
    bare,
    final_turn,
    rebalance,
    set_indicator,
    set_player,
    set_strip,
    set_windows,
    strip,
    table_with,
)

TABLE = table_with(
    {
        "ornaments": [[1, 2], [3, 4], [5, 6], [7, 8]],
        "track": [0, -1, -2, -4, -6, -8, -11, -14, -18],
    }
)
LAST = Take(0, ORANGE, 2)


def ending(players: int, side: Side) -> GameState:
    """Seat 0 to take the game's last piece; every score starts at 100 so gains and losses
    show."""
    state = final_turn(bare(players, side, TABLE), "O")
    for seat in range(players):
        state = set_player(state, seat, score=100)
    return state


def gains(before: GameState) -> list[int]:
    """Points each seat gains from the last turn (final scoring included)."""
    after = apply(before, LAST)
    assert after.is_over
    return [a.score - b.score for a, b in zip(after.players, before.players, strict=True)]


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize(
    ("leftovers", "points"),
    # slot -> pieces on the last seat's strips: 0, 2, 3, 5, 7 (2 + 2 + 3) and 11 pieces
    [
        ({}, 0),
        ({0: "BB"}, 0),
        ({0: "BBB"}, 1),
        ({0: "BB", 4: "YYB"}, 1),
        ({0: "BB", 1: "GG", 3: "PPP"}, 2),
        ({0: "BBBG", 1: "GGGO", 3: "PYB"}, 3),
    ],
)
def test_final02_one_point_per_three_leftover_pieces(
    players: int, side: Side, leftovers: dict[int, str], points: int
) -> None:
    """FINAL-02, RUL-15, FINAL-01: floor(m / 3) points for the m pieces on all of a player's
    strips together; seat 0's last orange makes 1 leftover piece (0 points)."""
    state = ending(players, side)
    seat = players - 1
    for slot, pieces in leftovers.items():
        state = set_strip(state, seat, slot, strip(TABLE, slot, 0, filled=pieces))
    got = gains(rebalance(state))
    assert got == [0] * (players - 1) + [points]


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize(
    ("leftovers", "points"),
    # slot -> (pieces on colour spaces, pieces on joker spaces); strip 7 side 1 is JJBGO.
    [
        ({7: ("", "OY")}, 0),  # 2 pieces, both on joker spaces
        ({7: ("", "OY"), 0: ("B", "")}, 1),  # 2 + 1
        ({7: ("BG", "PP")}, 1),  # 4
        ({7: ("B", "PO"), 0: ("BB", ""), 1: ("GGG", "")}, 2),  # 3 + 2 + 3 = 8
    ],
)
def test_final02_pieces_on_joker_spaces_count_as_leftovers(
    players: int, side: Side, leftovers: dict[int, tuple[str, str]], points: int
) -> None:
    """FINAL-02, RUL-15, PLACE-06: a piece on a joker space is a piece on the strip like any
    other, so it counts towards floor(m / 3) ("m pieces on all of the player's strips", EN
    000:192); the strip with joker spaces is strip 7 with its side 1 (JJBGO) face up."""
    state = ending(players, side)
    seat = players - 1
    for slot, (filled, jokers) in leftovers.items():
        face = 1 if slot == 7 else 0
        state = set_strip(state, seat, slot, strip(TABLE, slot, face, filled=filled, jokers=jokers))
    got = gains(rebalance(state))
    assert got == [0] * (players - 1) + [points]


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize(("index", "value"), [(0, 0), (1, -1), (3, -4), (5, -8), (7, -14)])
def test_final03_lose_the_marker_space_value(
    players: int, side: Side, index: int, value: int
) -> None:
    """FINAL-03, TRACK-04: the last seat loses the magnitude of its marker's space; the
    marker does not move and the points lost via the track stay |value| (no wrap)."""
    seat = players - 1
    state = set_player(ending(players, side), seat, marker=index, points_lost=-value)
    after = apply(state, LAST)
    assert after.players[seat].score == 100 + value
    assert (after.players[seat].marker, after.players[seat].points_lost) == (index, -value)


#: Windows 1 to 8 of the last seat, and the bonus they give on side A and side B.
BONUS_CASES = [
    # ornaments (1,2): 4 filled -> 10; (3,4): 3 -> 6; (5,6): 2 -> 3; (7,8): 1 -> 0.
    # side B: 3 complete windows (1, 2, 3); blue on 3 frames: 3 x 3.
    (["BG", "OB", "BP", "Y", "O", "G", "P", ""], 19, 9),
    # the rulebook's side B count: 4 complete windows, 5 orange (one on a half window).
    # side A: ornaments (1,2): 4 -> 10, (3,4): 4 -> 10, (5,6): 1 -> 0, (7,8): 1 -> 0.
    (["OO", "OB", "GO", "PY", "O", "", "B", ""], 20, 20),
    # no complete window: side B gives 0 whatever the colours; side A: 2 + 2 + 2 + 0 filled.
    (["O", "O", "P", "P", "Y", "Y", "", ""], 9, 0),
    ([""] * 8, 0, 0),
    (["BG", "OP", "YB", "GO", "PY", "BG", "OP", "YB"], 40, 8 * 4),
]


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize(("windows", "side_a", "side_b"), BONUS_CASES)
def test_final04_05_board_side_bonus(
    players: int, side: Side, windows: list[str], side_a: int, side_b: int
) -> None:
    """FINAL-04 (side A: per ornament 4 -> 10, 3 -> 6, 2 -> 3, 1 or 0 -> 0 filled frame
    spaces), FINAL-05 (side B: complete windows x the most pieces of one colour on all frame
    spaces, half windows included, RUL-14), FINAL-01: only the game's side counts."""
    seat = players - 1
    state = rebalance(set_windows(ending(players, side), seat, windows))
    got = gains(state)
    assert got[seat] == {"A": side_a, "B": side_b}[side]


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_final01_all_steps_add_up(players: int, side: Side) -> None:
    """FINAL-01 to FINAL-05: leftovers 7 -> +2, marker on -8 -> -8, and the windows of the
    rulebook's side B example (side A: 20, side B: 4 x 5 = 20): 100 + 2 - 8 + 20 = 114."""
    seat = players - 1
    state = set_windows(ending(players, side), seat, ["OO", "OB", "GO", "PY", "O", "", "B", ""])
    for slot, pieces in {4: "YYB", 5: "GO", 6: "OP"}.items():
        state = set_strip(state, seat, slot, strip(TABLE, slot, 0, filled=pieces))
    state = set_player(state, seat, marker=5, points_lost=8)
    after = apply(rebalance(state), LAST)
    assert after.players[seat].score == 114


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    ("scores", "lost", "winners"),
    [
        ((30, 12), (5, 0), (0,)),  # WIN-01: most points wins, whatever was lost
        ((31, 31), (19, 4), (1,)),  # WIN-02: 19 lost (a wrap + 1) > 4 lost
        ((31, 31), (4, 4), (0, 1)),  # WIN-03: shared
        ((-5, -7), (40, 3), (0,)),  # WIN-01 with negative scores (RUL-09)
    ],
)
def test_win01_03_winners(
    players: int, scores: tuple[int, int], lost: tuple[int, int], winners: tuple[int, ...]
) -> None:
    """WIN-01, WIN-02, WIN-03, TRACK-04, RUL-16: seats 0 and 1 have ``scores`` and ``lost``
    points via the track; any other seat has 10 points fewer than the lower of the two."""
    state = set_indicator(bare(players, "A"), "")
    for seat in range(players):
        score = scores[seat] if seat < 2 else min(scores) - 10
        state = set_player(state, seat, score=score, points_lost=lost[seat] if seat < 2 else 0)
    assert state.is_over
    assert outcome(state).winners == winners


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_win02_tie_broken_after_final_scoring(players: int, side: Side) -> None:
    """WIN-02, TRACK-04, FINAL-03: seat 0 (20 points, marker on -1 after one wrap: 19 lost)
    and seat 1 (23 points, marker on -4: 4 lost) both end on 19: seat 1 lost fewer points via
    the track and wins; the others have 0 - 0 = 0 points (seat 0 gains no leftover point)."""
    state = ending(players, side)
    state = set_player(state, 0, score=20, marker=1, points_lost=19)
    state = set_player(state, 1, score=23, marker=3, points_lost=4)
    for seat in range(2, players):
        state = set_player(state, seat, score=0)
    after = apply(state, LAST)
    assert [p.score for p in after.players] == [19, 19] + [0] * (players - 2)
    assert outcome(after).winners == (1,)
    with pytest.raises(GameNotOver):
        outcome(attrs.evolve(after, indicator=state.indicator))
