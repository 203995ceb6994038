"""End-game scoring (PUB-01 to PUB-11, SCORE-01 to SCORE-04), winners (WIN-01 to WIN-04,
RUL-17, ENG-13) and the solo game's target (SOLO-05 to SOLO-07, RUL-11, RUL-18), every
expectation computed by hand."""

from __future__ import annotations

import pytest

from sintra_rules import GameNotOver
from sintra_rules.games.sagrada import SagradaState, final_score, result, target_score
from sintra_rules.games.sagrada.scoring import (
    color_diagonals,
    color_variety,
    column_color_variety,
    column_shade_variety,
    deep_shades,
    light_shades,
    medium_shades,
    row_color_variety,
    row_shade_variety,
    shade_variety,
)
from tests.sagrada.helpers import make_state, window


def test_pub_01_02_03_shade_pairs() -> None:
    """PUB-01, PUB-02, PUB-03: sets of 1 & 2, 3 & 4, 5 & 6 anywhere: the smaller count."""
    w = window({"r1c1": "R1", "r1c3": "Y1", "r2c2": "G2", "r3c3": "B2", "r4c4": "P2",
                "r4c1": "R3", "r4c2": "Y4", "r4c3": "G4", "r2c5": "B6"})  # fmt: skip
    assert light_shades(w) == 2  # two 1s, three 2s
    assert medium_shades(w) == 1  # one 3, two 4s
    assert deep_shades(w) == 0  # no 5


def test_pub_04_shade_variety() -> None:
    """PUB-04: sets of one of each value: 1-6 once, then 1-5 again: 1 set."""
    w = window({"r1c1": "R1", "r1c2": "Y2", "r1c3": "G3", "r1c4": "B4", "r1c5": "P5",
                "r2c1": "R6", "r3c1": "R1", "r3c2": "Y2", "r3c3": "G3", "r3c4": "B4",
                "r3c5": "P5"})  # fmt: skip
    assert shade_variety(w) == 1


def test_pub_05_row_shade_variety() -> None:
    """PUB-05, PUB-11: a complete row of 5 different values counts; a repeated value or an
    empty space does not."""
    w = window({"r1c1": "R1", "r1c2": "Y2", "r1c3": "G3", "r1c4": "B4", "r1c5": "P5",  # 5
                "r2c1": "R1", "r2c2": "Y2", "r2c3": "G3", "r2c4": "B4", "r2c5": "P1",  # repeat
                "r3c1": "R6", "r3c2": "Y2", "r3c3": "G3", "r3c4": "B4"})  # fmt: skip
    assert row_shade_variety(w) == 1


def test_pub_06_column_shade_variety() -> None:
    """PUB-06, PUB-11: a complete column of 4 different values counts."""
    w = window({"r1c1": "R1", "r2c1": "R2", "r3c1": "R3", "r4c1": "R4",
                "r1c2": "Y1", "r2c2": "Y1", "r3c2": "Y3", "r4c2": "Y4",
                "r1c3": "G1", "r2c3": "G2", "r3c3": "G3"})  # fmt: skip
    assert column_shade_variety(w) == 1


def test_pub_07_row_color_variety() -> None:
    """PUB-07, PUB-11: complete rows of 5 different colours."""
    w = window({"r1c1": "R1", "r1c2": "Y1", "r1c3": "G1", "r1c4": "B1", "r1c5": "P1",
                "r2c1": "R1", "r2c2": "Y1", "r2c3": "G1", "r2c4": "B1", "r2c5": "P1",
                "r4c1": "R1", "r4c2": "Y1", "r4c3": "G1", "r4c4": "B1", "r4c5": "R1"})  # fmt: skip
    assert row_color_variety(w) == 2


def test_pub_08_column_color_variety() -> None:
    """PUB-08, PUB-11: complete columns of 4 different colours."""
    w = window({"r1c5": "R1", "r2c5": "Y1", "r3c5": "G1", "r4c5": "B1",
                "r1c4": "R1", "r2c4": "Y1", "r3c4": "G1"})  # fmt: skip
    assert column_color_variety(w) == 1


def test_pub_09_color_variety() -> None:
    """PUB-09: sets of one die of each colour: two of every colour but purple, one purple."""
    w = window({"r1c1": "R1", "r1c2": "Y1", "r1c3": "G1", "r1c4": "B1", "r1c5": "P1",
                "r2c1": "R1", "r2c2": "Y1", "r2c3": "G1", "r2c4": "B1"})  # fmt: skip
    assert color_variety(w) == 1


def test_pub_10_color_diagonals_example_scores_7() -> None:
    """PUB-10: the card's illustration: blue on r2c2, r3c1, r3c3, r4c4 and yellow on r2c5,
    r3c4, r4c3: each of the 7 dice has a diagonal neighbour of its colour: 7."""
    w = window({"r2c2": "B3", "r3c1": "B5", "r3c3": "B1", "r4c4": "B6",
                "r2c5": "Y2", "r3c4": "Y4", "r4c3": "Y3"})  # fmt: skip
    assert color_diagonals(w) == 7
    # one die counts once however many partners it has; orthogonal partners do not count
    assert color_diagonals(window({"r1c1": "R1", "r1c2": "R2"})) == 0


def test_score_01_to_04_the_parts() -> None:
    """SCORE-01, SCORE-02, SCORE-03, SCORE-04, PUB-11: publics Row Shade Variety (5), Row
    Color Variety (6),
    Color Diagonals (1); row 1 is R1 Y2 G3 B4 P5; private red: 1; 3 favor tokens; 15 empty
    spaces: 5 + 6 + 0 + 1 + 3 - 15 = 0."""
    row = {"r1c1": "R1", "r1c2": "Y2", "r1c3": "G3", "r1c4": "B4", "r1c5": "P5"}
    state = make_state(windows=[row, {}], publics=(5, 7, 10), favor=(3, 2), round=11)
    score = final_score(state, 0)
    assert score.publics == (5, 6, 0)
    assert (score.private, score.tokens, score.empty, score.empty_points) == (1, 3, 15, -15)
    assert score.total == 0
    assert final_score(state, 1).total == 2 - 20


def over(
    windows: list[dict[str, str]],
    favor: tuple[int, int],
    start: int = 0,
    privates: tuple[str, str] = ("R", "Y"),
) -> SagradaState:
    return make_state(
        windows=windows, favor=favor, start=start, publics=(1, 2, 3), privates=privates, round=11
    )


def test_win_01_highest_score() -> None:
    """WIN-01, ENG-13: the highest score wins; keys start with the score."""
    state = over([{}, {}], favor=(5, 3))
    outcome = result(state)
    assert outcome.scores == (-15, -17) and outcome.winners == (0,)
    assert outcome.keys[0][0] == -15


def test_win_02_private_points_break_ties() -> None:
    """WIN-02: equal scores (-14 each): seat 0's red 5 gives 5 private points, seat 1's blue 4
    and 5 tokens give none; seat 0 wins."""
    state = over([{"r4c1": "R5"}, {"r4c1": "B4"}], favor=(0, 5))
    outcome = result(state)
    assert outcome.scores == (-14, -14) and outcome.winners == (0,)
    assert [k[1] for k in outcome.keys] == [5, 0]


def test_win_03_tokens_break_ties() -> None:
    """WIN-03: equal scores (-15) and private points (0): 5 tokens beat 4."""
    state = over([{"r4c1": "B3"}, {}], favor=(4, 5))
    outcome = result(state)
    assert outcome.scores == (-15, -15) and outcome.winners == (1,)


def test_win_04_and_rul_17_final_round_order() -> None:
    """WIN-04, RUL-17: all else equal, the player later in the final round's clockwise order
    wins; the keys never tie."""
    started_by_0 = result(over([{}, {}], favor=(3, 3), start=0))
    assert started_by_0.winners == (1,) and [k[3] for k in started_by_0.keys] == [0, 1]
    started_by_1 = result(over([{}, {}], favor=(3, 3), start=1))
    assert started_by_1.winners == (0,)
    assert len(set(started_by_1.keys)) == 2


def test_eng_13_no_result_before_the_end() -> None:
    """ENG-13, ROUND-06: no result before the game is over."""
    with pytest.raises(GameNotOver):
        result(make_state(round=10))


def solo(cells: dict[str, str], track: tuple[str, ...]) -> SagradaState:
    return make_state(
        patterns=("Lux Astram",),
        windows=[cells],
        privates=["RG"],
        publics=(3, 4),
        tools=(1, 2),
        round=11,
        track={r: (die,) for r, die in enumerate(track)},
    )


# 10 red 6s and 10 green 6s: each private objective scores 60
FULL = {f"r{r}c{c}": ("R6" if (r + c) % 2 else "G6") for r in range(1, 5) for c in range(1, 6)}


def test_rul_11_and_solo_06_the_better_private_counts() -> None:
    """RUL-11, SOLO-06: the better of the two private objectives counts (60, not 60 + 60), no
    favor tokens; Deep Shades needs a 5 (0), Shade Variety every value (0)."""
    state = solo(FULL, ("B6",) * 5 + ("Y5",) * 5)
    score = final_score(state, 0)
    assert (score.private, score.tokens, score.publics, score.total) == (60, 0, (0, 0), 60)


def test_solo_06_three_points_per_empty_space() -> None:
    """SOLO-06: -3 per empty space: two red 6s removed leave 8 x 6 red, 10 x 6 green: 60 - 6."""
    cells = dict(FULL)
    del cells["r1c2"], cells["r1c4"]
    state = solo(cells, ())
    assert final_score(state, 0).empty_points == -6 and final_score(state, 0).total == 54


def test_solo_05_07_and_rul_18_the_target() -> None:
    """SOLO-05: the target is the sum of the round-track dice; SOLO-07: the player wins with
    a greater score; RUL-18: an equal score loses."""
    tie = solo(FULL, ("B6",) * 5 + ("Y6",) * 5)
    assert target_score(tie) == 60 and result(tie).winners == ()
    beaten = solo(FULL, ("B6",) * 5 + ("Y6",) * 4 + ("Y5",))
    assert target_score(beaten) == 59 and result(beaten).winners == (0,)


# Example window E of the spec (page 05): r1c4 empty
E = {"r1c1": "R1", "r1c2": "Y3", "r1c3": "G1", "r1c5": "B6",
     "r2c1": "G4", "r2c2": "P2", "r2c3": "Y5", "r2c4": "R3", "r2c5": "P4",
     "r3c1": "B6", "r3c2": "R5", "r3c3": "G2", "r3c4": "Y6", "r3c5": "B1",
     "r4c1": "Y2", "r4c2": "B4", "r4c3": "R6", "r4c4": "P5", "r4c5": "G3"}  # fmt: skip


def test_pub_01_to_10_on_the_spec_window_e() -> None:
    """PUB-01 to PUB-10: the spec's worked examples on window E (points per card)."""
    w = window(E)
    assert 2 * light_shades(w) == 6 and 2 * medium_shades(w) == 6 and 2 * deep_shades(w) == 6
    assert 5 * shade_variety(w) == 15
    assert 5 * row_shade_variety(w) == 5 and 4 * column_shade_variety(w) == 16
    assert 6 * row_color_variety(w) == 6 and 5 * column_color_variety(w) == 10
    assert 4 * color_variety(w) == 12 and color_diagonals(w) == 7


def test_score_01_spec_example() -> None:
    """SCORE-01 to SCORE-04: window E with Light Shades, Row Color Variety and Color Diagonals,
    Shades of Red (15) and 2 tokens: 6 + 6 + 7 + 15 + 2 - 1 = 35."""
    state = make_state(windows=[E, {}], publics=(1, 7, 10), favor=(2, 0), round=11)
    score = final_score(state, 0)
    assert (score.publics, score.private, score.tokens, score.empty_points) == (
        (6, 6, 7),
        15,
        2,
        -1,
    )
    assert score.total == 35


def test_solo_06_spec_example() -> None:
    """SOLO-06, RUL-11: window E with Light Shades and Color Diagonals, Shades of Red (15) and
    of Purple (11): 6 + 7 + 15 - 3 = 25; the key is the score alone (ENG-13)."""
    state = make_state(
        patterns=("Lux Astram",),
        windows=[E],
        privates=["RP"],
        publics=(1, 10),
        tools=(1,),
        round=11,
    )
    assert final_score(state, 0).total == 25
    assert result(state).keys == ((25,),)


def test_win_04_spec_example() -> None:
    """WIN-04: 3 players, round 10 started by seat 1; seats 0 and 1 tie on everything: seat 0
    has place 2, seat 1 place 0: seat 0 wins."""
    state = make_state(
        patterns=("Lux Astram", "Sun Catcher", "Virtus"),
        favor=(3, 3, 1),
        start=1,
        round=11,
        publics=(1, 2, 3),
        privates=["R", "Y", "G"],
    )
    outcome = result(state)
    assert [k[3] for k in outcome.keys] == [2, 0, 1] and outcome.winners == (0,)
