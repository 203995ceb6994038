"""The independent model of Sagrada (``verify/oracle.py``) against the spec's own examples,
computed by hand, and against random games of the engine, every player count and the solo
game, move by move and at the end.

The hand-made expectations are the spec's worked examples (PLACE-10, PUB-01 to PUB-10 on window
E, SCORE-01, SOLO-06, WIN-04) and small windows whose answers are counted here space by space.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sintra_rules.games.sagrada import (
    ChoosePattern,
    apply,
    final_score,
    legal_actions,
    new_game,
    result,
)
from sintra_rules.games.sagrada.verify.oracle import (
    BORDER,
    GRIDS_COMP_03,
    PUBLIC_POINTS,
    destinations,
    expected_decisions,
    expected_result,
    legal_spaces,
    public_points,
    score_parts,
    window_breaches,
)
from sintra_rules.games.sagrada.verify.policies import random_plies
from tests.sagrada.helpers import TABLE, cell, make_state, window

SPEC = Path(__file__).resolve().parents[2] / "spec" / "sagrada"
BLANK = (".....",) * 4


def cells(*names: str) -> set[int]:
    return {cell(name) for name in names}


# ------------------------------------------------------------------- the printed figures


def test_the_oracles_patterns_are_the_specs_table_comp_03() -> None:
    """COMP-03: the oracle's copy of the 24 patterns is the spec's table, row by row, and the
    engine's component table holds the same grids and difficulties."""
    text = (SPEC / "01-components-setup.md").read_text("utf-8")
    rows = re.findall(
        r"^\| (\d+) \| (\d+) \| [^|]+ \| (\d) \| `(.{5})` \| `(.{5})` \| `(.{5})` \| `(.{5})` \|$",
        text,
        re.MULTILINE,
    )
    assert len(rows) == 24
    for _card, number, _difficulty, *grid in rows:
        assert GRIDS_COMP_03[int(number)] == tuple(grid)
        assert tuple(TABLE.patterns[int(number) - 1].grid) == tuple(grid)


def test_public_points_are_the_printed_ones_comp_04() -> None:
    """COMP-04: 2, 2, 2, 5, 5, 4, 6, 5, 4 and 1 points, as the engine's table prints them."""
    assert [PUBLIC_POINTS[k] for k in range(1, 11)] == [2, 2, 2, 5, 5, 4, 6, 5, 4, 1]
    assert [p.points for p in TABLE.publics] == [2, 2, 2, 5, 5, 4, 6, 5, 4, 1]


# -------------------------------------------------------------------------- placement


def test_place_10_example_sun_catcher() -> None:
    """PLACE-10's example: in the empty Sun Catcher a blue 3 has 10 legal spaces; with it on
    r1c2 a red 3 has r2c1 and r2c3 only."""
    grid = GRIDS_COMP_03[4]
    empty = window()
    assert legal_spaces(empty, grid, (3, 3)) == cells(
        "r1c1", "r1c2", "r1c4", "r2c1", "r2c5", "r3c1", "r3c5", "r4c2", "r4c3", "r4c4"
    )
    after = window({"r1c2": "B3"})
    assert legal_spaces(after, grid, (0, 3)) == cells("r2c1", "r2c3")


def test_neighbour_bans_are_orthogonal_only_place_06_place_07() -> None:
    """PLACE-06, PLACE-07: a die of the same colour (or value) may touch diagonally, never
    orthogonally; PLACE-02: a later die must touch a die; PLACE-08: only empty spaces."""
    w = window({"r2c2": "R4"})
    # the 8 neighbours of r2c2; a red 5 is banned from the 4 orthogonal ones
    assert legal_spaces(w, BLANK, (0, 5)) == cells("r1c1", "r1c3", "r3c1", "r3c3")
    assert legal_spaces(w, BLANK, (1, 4)) == cells("r1c1", "r1c3", "r3c1", "r3c3")
    assert legal_spaces(w, BLANK, (1, 5)) == cells(
        "r1c1", "r1c2", "r1c3", "r2c1", "r2c3", "r3c1", "r3c2", "r3c3"
    )


def test_first_die_on_a_border_space_place_01() -> None:
    """PLACE-01, COMP-08: the first die goes on one of the 14 border spaces, needing no
    neighbour."""
    assert len(BORDER) == 14
    assert legal_spaces(window(), BLANK, (2, 2)) == BORDER


def test_moves_tool_13_rul_01_rul_04() -> None:
    """TOOL-13, RUL-04: the only die of a window moves to another border space; TOOL-02,
    RUL-01: Eglomise Brush waives a colour space but not the ban on an orthogonal neighbour of
    the same colour; TOOL-03: Copper Foil Burnisher a value space."""
    alone = window({"r1c1": "R4"})
    assert destinations(alone, BLANK, cell("r1c1")) == BORDER - cells("r1c1")
    grid = (".G...", ".....", ".....", ".....")
    two = window({"r1c1": "Y1", "r2c2": "R2"})
    assert destinations(two, grid, cell("r2c2")) == cells("r2c1")
    assert destinations(two, grid, cell("r2c2"), waive_colour=True) == cells("r1c2", "r2c1")
    three = window({"r1c1": "Y1", "r1c3": "R3", "r2c2": "R2"})
    # r1c2 would touch the red 3; r1c4 and r2c3 too; r2c1 and r2c4 remain
    assert destinations(three, grid, cell("r2c2"), waive_colour=True) == cells("r2c1", "r2c4")
    value_grid = (".5...", ".....", ".....", ".....")
    assert cell("r1c2") not in destinations(two, value_grid, cell("r2c2"))
    assert cell("r1c2") in destinations(two, value_grid, cell("r2c2"), waive_value=True)


def test_cork_backed_straightedge_tool_09_rul_03() -> None:
    """TOOL-09: a space adjacent to no die; RUL-03: on an empty window still a border space."""
    w = window({"r1c1": "Y1"})
    assert legal_spaces(w, BLANK, (0, 2), cork=True) == set(range(20)) - cells(
        "r1c1", "r1c2", "r2c1", "r2c2"
    )
    assert legal_spaces(window(), BLANK, (0, 2), cork=True) == BORDER


def test_window_breaches_rul_16() -> None:
    """RUL-16: neighbours sharing a colour or a value, a mismatched space without the tool
    that allows it, a lone inner die."""
    grid = ("R....", ".....", ".....", ".....")
    assert window_breaches(window({"r1c1": "R1", "r1c2": "Y2"}), grid, **no_waiver) == []
    bad = window({"r1c1": "R1", "r1c2": "R2", "r2c1": "G1"})
    found = window_breaches(bad, grid, **no_waiver)
    assert [m.split(":")[0] for m in found] == ["PLACE-06", "PLACE-07"]
    mismatch = window({"r1c1": "Y1"})
    assert [m[:8] for m in window_breaches(mismatch, grid, **no_waiver)] == ["PLACE-03"]
    assert window_breaches(mismatch, grid, colour_waivable=True, value_waivable=False) == []
    inner = window({"r2c3": "Y1"})
    assert [m[:8] for m in window_breaches(inner, BLANK, **no_waiver)] == ["PLACE-01"]


no_waiver = {"colour_waivable": False, "value_waivable": False}


# ---------------------------------------------------------------------------- scoring

#: Window E of spec page 05.
E = window(
    {
        "r1c1": "R1", "r1c2": "Y3", "r1c3": "G1", "r1c5": "B6",
        "r2c1": "G4", "r2c2": "P2", "r2c3": "Y5", "r2c4": "R3", "r2c5": "P4",
        "r3c1": "B6", "r3c2": "R5", "r3c3": "G2", "r3c4": "Y6", "r3c5": "B1",
        "r4c1": "Y2", "r4c2": "B4", "r4c3": "R6", "r4c4": "P5", "r4c5": "G3",
    }
)  # fmt: skip


@pytest.mark.parametrize(
    ("card", "points"),
    [(1, 6), (2, 6), (3, 6), (4, 15), (5, 5), (6, 16), (7, 6), (8, 10), (9, 12), (10, 7)],
)
def test_window_e_pub_01_to_pub_10(card: int, points: int) -> None:
    """PUB-01 to PUB-10: the spec's example E, card by card."""
    assert public_points(card, E) == points


def test_color_diagonals_card_example_pub_10() -> None:
    """PUB-10: the card's illustration scores 7 (each die once)."""
    w = window(
        {
            "r2c2": "B1", "r3c1": "B2", "r3c3": "B3", "r4c4": "B4",
            "r2c5": "Y1", "r3c4": "Y2", "r4c3": "Y3",
        }
    )  # fmt: skip
    assert public_points(10, w) == 7


def test_only_complete_lines_score_pub_11() -> None:
    """PUB-11: a row or column with an empty space never scores, even with no repeat."""
    row = window({"r1c1": "R1", "r1c2": "Y2", "r1c3": "G3", "r1c4": "B4"})
    assert [public_points(k, row) for k in (5, 6, 7, 8)] == [0, 0, 0, 0]
    full = window({"r1c1": "R1", "r1c2": "Y2", "r1c3": "G3", "r1c4": "B4", "r1c5": "P5"})
    assert [public_points(k, full) for k in (5, 7)] == [5, 6]


def test_score_01_and_solo_06_examples() -> None:
    """SCORE-01: E with Light Shades, Row Color Variety and Color Diagonals, Shades of Red, 2
    tokens: 35. SOLO-06: E with Light Shades and Color Diagonals, Shades of Red (15) and of
    Purple (11): 25; the engine's final score agrees part by part."""
    named = E_CELLS
    multi = make_state(
        patterns=("Lux Astram", "Sun Catcher"),
        windows=[named, {}],
        privates=["R", "Y"],
        favor=[2, 3],
        publics=(1, 7, 10),
    )
    parts = score_parts(multi, 0)
    assert (parts.publics, parts.private, parts.tokens, parts.empty_points) == (
        (6, 6, 7),
        15,
        2,
        -1,
    )
    assert parts.total == 35
    assert final_score(multi, 0).total == 35
    solo = make_state(patterns=("Lux Astram",), windows=[named], privates=["RP"], publics=(1, 10))
    assert score_parts(solo, 0).total == 25
    assert final_score(solo, 0).total == 25


def test_tie_breaks_win_01_to_win_04() -> None:
    """WIN-04's example: 3 players, round 10 started by seat 1, seats 0 and 1 tied on score,
    private points and tokens: seat 0 (place 2) wins; a higher private score beats a later
    place (WIN-02)."""
    same = {"r1c1": "R6"}
    state = make_state(
        patterns=("Lux Astram", "Sun Catcher", "Firmitas"),
        windows=[same, same, {}],
        privates=["R", "R", "Y"],
        favor=[1, 1, 0],
        publics=(2, 3, 8),
    )
    scores, keys, winners = expected_result(state, last_start=1)
    assert scores == (-19 + 6 + 1, -19 + 6 + 1, -20)
    assert [k[3] for k in keys] == [2, 0, 1]
    assert winners == (0,)
    richer = make_state(
        patterns=("Lux Astram", "Sun Catcher"),
        windows=[{"r1c1": "R6"}, {"r1c1": "Y5", "r1c2": "R1"}],
        privates=["R", "Y"],
        favor=[0, 0],
        publics=(2, 3, 8),
    )
    assert expected_result(richer, last_start=1)[2] == (0,)  # 6 private points against 5


# -------------------------------------------------------------------- against the engine


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_agree_with_the_oracle(players: int) -> None:
    """TURN-01, PLACE-10, TOOL-01 to TOOL-14, RUL-05, RUL-09, PUB-01 to PUB-11, SCORE-01,
    SOLO-05 to SOLO-07, WIN-01 to WIN-04: in random games (uniform and eager play, solo with 1
    to 5 tools) the engine offers exactly the oracle's decisions at every step, and every
    objective's score, every total and the result at the end are the oracle's."""
    for game in range(4):
        seed = 1000 * players + game
        tools = game % 5 + 1 if players == 1 else None
        state = new_game(players, seed=seed, tools=tools)
        last_start = state.start
        for before, _action, after in random_plies(state, seed, "eager" if game % 2 else "uniform"):
            assert set(legal_actions(before)) == expected_decisions(before)
            if before.round == 10:
                last_start = before.start
            state = after
        for seat in range(players):
            want = score_parts(state, seat)
            got = final_score(state, seat)
            assert (got.publics, got.private, got.tokens, got.empty) == (
                want.publics,
                want.private,
                want.tokens,
                want.empty,
            )
            assert got.total == want.total
        done = result(state)
        assert (done.scores, done.keys, done.winners) == expected_result(state, last_start)


def test_setup_offers_the_four_faces_rul_10() -> None:
    """SETUP-02, RUL-10: a seat chooses among the 4 faces of its two cards (2k - 1 and 2k)."""
    state = new_game(2, seed=0)
    cards = state.players[0].cards
    faces = {ChoosePattern(p) for k in cards for p in (2 * k, 2 * k + 1)}
    assert expected_decisions(state) == faces == set(legal_actions(state))
    assert {TABLE.patterns[a.pattern].card - 1 for a in faces} == set(cards)
    assert expected_decisions(apply(state, sorted(faces, key=str)[0])) != faces


E_CELLS = {
    f"r{r}c{c}": f"{'RYGBP'[d[0]]}{d[1]}"
    for r in range(1, 5)
    for c in range(1, 6)
    if (d := E[cell(f"r{r}c{c}")]) is not None
}


@pytest.mark.parametrize(
    ("track", "wins"),
    [
        (["B6", "B6", "B6", "B6"], True),
        (["B6", "B6", "B6", "B6", "B1"], False),
        (["B6"] * 5, False),
    ],
)
def test_solo_result_solo_05_solo_07_rul_18(track: list[str], wins: bool) -> None:
    """SOLO-05, SOLO-07, RUL-18: window E scores 25 in the solo game of SOLO-06's example; the
    target is the sum of the round track (24, 25, 30): only a greater score wins, in the
    oracle's result and in the engine's."""
    state = make_state(
        patterns=("Lux Astram",),
        windows=[E_CELLS],
        privates=["RP"],
        publics=(1, 10),
        track={0: track},
        round=11,
    )
    assert score_parts(state, 0).total == 25
    scores, keys, winners = expected_result(state, last_start=0)
    assert (scores, keys, winners) == ((25,), ((25,),), (0,) if wins else ())
    done = result(state)
    assert (done.scores, done.keys, done.winners) == (scores, keys, winners)
