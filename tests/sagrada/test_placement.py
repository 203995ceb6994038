"""Placing dice (PLACE-01 to PLACE-10, RUL-16) and illegal placements naming every broken
clause (ENG-10).

Sun Catcher, the pattern most of these tests use::

    r1  .  B  2  .  Y
    r2  .  4  .  R  .
    r3  .  .  5  Y  .
    r4  G  3  .  .  P

Lux Astram's row 4 is blank: ``.1GP4 / 6P25G / 1G53P / .....``.
"""

from __future__ import annotations

import json

import pytest

from sintra_rules import IllegalAction, RecordError
from sintra_rules.games.sagrada import (
    Place,
    UseTool,
    apply,
    is_legal,
    legal_actions,
    state_digest,
    state_from_json,
    state_to_json,
    violations,
)
from sintra_rules.games.sagrada.placement import faults, legal_cells
from tests.sagrada.helpers import TABLE, cell, d, make_state, pattern_index, window

SUN = TABLE.patterns[pattern_index("Sun Catcher")]
LUX = TABLE.patterns[pattern_index("Lux Astram")]


def clauses(found: list[tuple[str, str]]) -> list[str]:
    return [clause for clause, _ in found]


def test_place_01_first_die_on_the_border() -> None:
    """PLACE-01, PLACE-10: on an empty window a green 1 goes only on border spaces whose
    restriction it meets: r1c1, r1c4, r2c1, r2c5, r3c1, r3c5, r4c1 (green), r4c3, r4c4."""
    expected = ["r1c1", "r1c4", "r2c1", "r2c5", "r3c1", "r3c5", "r4c1", "r4c3", "r4c4"]
    assert legal_cells(window(), SUN, d("G1")) == [cell(x) for x in expected]
    assert clauses(faults(window(), SUN, d("G1"), cell("r2c3"))) == ["PLACE-01"]


def test_place_02_later_dice_touch_a_die() -> None:
    """PLACE-02: with a die on r1c1, a die must go next to it (orthogonally or diagonally):
    a blue 3 may go on r2c1 (orthogonal) or r2c2? no, r2c2 needs a 4; it may not go on r4c4."""
    w = window({"r1c1": "G6"})
    assert legal_cells(w, SUN, d("B3")) == [cell("r1c2"), cell("r2c1")]
    assert clauses(faults(w, SUN, d("B3"), cell("r4c4"))) == ["PLACE-02"]
    assert legal_cells(w, SUN, d("P4")) == [cell("r2c1"), cell("r2c2")]  # r2c2 diagonal


def test_place_03_colour_space() -> None:
    """PLACE-03: r1c2 (blue) takes a blue die only."""
    w = window({"r1c1": "G6"})
    assert clauses(faults(w, SUN, d("Y3"), cell("r1c2"))) == ["PLACE-03"]
    assert faults(w, SUN, d("B3"), cell("r1c2")) == []


def test_place_04_value_space() -> None:
    """PLACE-04: r1c3 (a 2) takes a die showing 2 only, of any colour."""
    w = window({"r1c2": "B5"})
    assert clauses(faults(w, SUN, d("R3"), cell("r1c3"))) == ["PLACE-04"]
    assert faults(w, SUN, d("R2"), cell("r1c3")) == []
    assert faults(w, SUN, d("P2"), cell("r1c3")) == []


def test_place_05_blank_space_takes_any_die() -> None:
    """PLACE-05: r2c1 (blank) takes any die that breaks no neighbour rule: every colour and
    value except green (PLACE-06) and 6 (PLACE-07) next to the green 6 on r1c1."""
    w = window({"r1c1": "G6"})
    fits = [
        (c, v) for c in range(5) for v in range(1, 7) if not faults(w, SUN, (c, v), cell("r2c1"))
    ]
    assert fits == [(c, v) for c in (0, 1, 3, 4) for v in range(1, 6)]


def test_place_06_no_same_colour_orthogonally() -> None:
    """PLACE-06: no die orthogonally next to a die of its colour; diagonally is allowed."""
    w = window({"r4c1": "G4"})
    assert clauses(faults(w, LUX, d("G2"), cell("r4c2"))) == ["PLACE-06"]
    assert faults(w, LUX, d("G2"), cell("r3c2")) == []  # r3c2 is a green space, diagonal


def test_place_07_no_same_value_orthogonally() -> None:
    """PLACE-07: no die orthogonally next to a die of its value; diagonally is allowed."""
    w = window({"r4c1": "G4"})
    assert clauses(faults(w, LUX, d("Y4"), cell("r4c2"))) == ["PLACE-07"]
    # diagonally a 4 may touch a 4: a yellow 4 on r3c5 (blank) beside a red 4 on r4c4
    assert faults(window({"r4c4": "R4"}), SUN, d("Y4"), cell("r3c5")) == []


def test_place_08_empty_spaces_only() -> None:
    """PLACE-08: a die goes on an empty space only."""
    w = window({"r4c1": "G4", "r4c2": "Y2"})
    assert "PLACE-08" in clauses(faults(w, LUX, d("B5"), cell("r4c2")))
    assert cell("r4c2") not in legal_cells(w, LUX, d("B5"))


def test_place_03_and_06_together() -> None:
    """ENG-10, PLACE-03, PLACE-06: a green 2 on the blue r1c2 beside the green 6 on r1c1
    breaks both, named in clause order."""
    w = window({"r1c1": "G6"})
    assert clauses(faults(w, SUN, d("G2"), cell("r1c2"))) == ["PLACE-03", "PLACE-06"]
    # a red 6 there breaks the colour space and the value neighbour
    assert clauses(faults(w, SUN, d("R6"), cell("r1c2"))) == ["PLACE-03", "PLACE-07"]


def test_apply_names_every_broken_clause_and_leaves_the_state() -> None:
    """ENG-10, RUL-16: apply refuses the placement with IllegalAction for the first clause and
    the others as notes; violations lists them all; the state is untouched."""
    state = make_state(
        patterns=("Sun Catcher", "Lux Astram"),
        windows=[{"r1c1": "G6"}, {}],
        hand="G5",
        drafted=True,
        pool=("R1",),
    )
    before = state_digest(state)
    found = violations(state, Place(cell("r1c2")))
    assert [e.clause for e in found] == ["PLACE-03", "PLACE-06"]
    assert all(isinstance(e, IllegalAction) for e in found)
    with pytest.raises(IllegalAction) as info:
        apply(state, Place(cell("r1c2")))
    assert info.value.clause == "PLACE-03"
    assert any("PLACE-06" in note for note in info.value.__notes__)
    assert state_digest(state) == before
    assert not is_legal(state, Place(cell("r1c2")))
    # the green 5 has no legal space at all (r2c1 touches the green 6, r2c2 needs a 4): only
    # tool 1, Grozing Pliers, can still change it, into a green 4 (RUL-20)
    assert legal_actions(state) == (UseTool(1),)


def test_place_10_legal_spaces_are_the_place_actions() -> None:
    """PLACE-10, TURN-04: with a die in hand the legal actions are its legal spaces (and the
    tools usable on it): a blue 3 beside the green 6 on r1c1 goes on r1c2 or r2c1."""
    state = make_state(
        patterns=("Sun Catcher", "Lux Astram"),
        windows=[{"r1c1": "G6"}, {}],
        hand="B3",
        drafted=True,
        tools=(7, 8, 12),
    )
    assert legal_actions(state) == (Place(cell("r1c2")), Place(cell("r2c1")))


def test_rul_16_documents_refuse_broken_windows() -> None:
    """RUL-16, PLACE-06: a typed position whose window breaks a restriction is refused, naming
    the space and the clause."""
    state = make_state(windows=[{"r4c1": "G4"}, {}])
    doc = json.loads(state_to_json(state))
    doc["players"][0]["window"][cell("r4c2")] = "G2"
    doc["bag"]["G"] -= 1
    with pytest.raises(RecordError) as info:
        state_from_json(json.dumps(doc))
    assert info.value.field == "players[0].window[16]"
    assert "PLACE-06" in info.value.reason and "r4c2" in info.value.reason


def test_place_10_spec_example() -> None:
    """PLACE-10: the spec's example: on the empty Sun Catcher a blue 3 has 10 legal spaces;
    with the blue 3 on r1c2, a red 3 has 2, r2c1 and r2c3."""
    blue = ["r1c1", "r1c2", "r1c4", "r2c1", "r2c5", "r3c1", "r3c5", "r4c2", "r4c3", "r4c4"]
    assert legal_cells(window(), SUN, d("B3")) == [cell(x) for x in blue]
    assert legal_cells(window({"r1c2": "B3"}), SUN, d("R3")) == [cell("r2c1"), cell("r2c3")]


def test_eng_10_spec_example() -> None:
    """ENG-10: a red 3 in hand, the blue 3 on r1c2 of Sun Catcher: placing it on r2c2 is
    refused naming PLACE-04 and PLACE-07, for space r2c2."""
    state = make_state(
        patterns=("Sun Catcher", "Lux Astram"),
        windows=[{"r1c2": "B3"}, {}],
        hand="R3",
        drafted=True,
    )
    found = violations(state, Place(cell("r2c2")))
    assert [e.clause for e in found] == ["PLACE-04", "PLACE-07"]
    assert all("r2c2" in e.reason for e in found)


def test_rul_16_space_restrictions_and_lone_dice() -> None:
    """RUL-16, PLACE-09: a read position is refused when a die breaks its space's colour
    (PLACE-03)
    without Eglomise Brush among the game's tools, or when a lone die lies on an inner space
    (PLACE-01); with Eglomise Brush in play the colour breach is possible, so accepted."""
    # a yellow 2 on Lux Astram's green r3c2, beside a green 4 on r4c1
    cells = {"r4c1": "G4", "r3c2": "Y2"}
    for tools, ok in (((1, 3, 4), False), ((1, 2, 4), True)):
        state = make_state(windows=[cells, {}], tools=tools)
        text = state_to_json(state)
        if ok:
            assert state_from_json(text) == state
        else:
            with pytest.raises(RecordError) as info:
                state_from_json(text)
            assert info.value.field == "players[0].window[11]" and "PLACE-03" in info.value.reason
    lone = make_state(windows=[{"r2c3": "R2"}, {}])
    with pytest.raises(RecordError) as lone_info:
        state_from_json(state_to_json(lone))
    assert "PLACE-01" in lone_info.value.reason
