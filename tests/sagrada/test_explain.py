"""Explaining decisions (ENG-10) and scores in words: disputes from a real table typed as one
line (ENG-12), shown and explained; every event of random games told clause by clause; the
score part by part with each objective's clause (PUB-01 to PUB-11, SCORE-01 to SCORE-04,
SOLO-05 to SOLO-07)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from sintra_rules import NotationError
from sintra_rules.game import Explained
from sintra_rules.games.sagrada import (
    GAME,
    Choices,
    EndTurn,
    Explanation,
    Place,
    apply_traced,
    explain,
    legal_actions,
    position_from_text,
    render,
    result,
    state_to_svg,
)
from sintra_rules.games.sagrada.narration import describe_event, narrate, score_steps
from tests.sagrada.walks import walk

#: "Can my yellow 3 go next to that blue 3?" Round 2, player 2 started and passed; player 1
#: holds the yellow 3 just drafted. Player 1's Luz Celestial window (..R5. / P4.G3 / 6..B. /
#: .Y2..) holds a blue 3 on row 1, column 2.
DICE_DISPUTE = (
    "sagrada1 round:2 start:2 turn:1.1 tools:2,7,11 publics:3,6,9 pool:G5P1Y5R6 track:B2 "
    "hand:Y3 done:draft p1:LuzCelestial,private=G:.B3.../...../...../..... "
    "p2:Batllo:...../...../...../....."
)
#: "Does Eglomise let me ignore the purple next door?" Player 1 paid a favor token for
#: Eglomise Brush and lifted the purple 6 from row 1, column 1; a purple 1 lies on row 3,
#: column 2.
EGLOMISE_DISPUTE = (
    "sagrada1 round:2 start:2 turn:1.1 tools:2=1,7,11 publics:3,6,9 pool:G5P1Y5R6 track:B2 "
    "done:tool tool:2 step:drop lifted:r1c1 "
    "p1:LuzCelestial,favor=2,private=G:P6B3.../.Y4.../.P1.../..... "
    "p2:Batllo:...../...../...../....."
)


def test_a_dispute_typed_shown_and_explained() -> None:
    """The yellow 3: diagonally next to the blue 3 it may go (PLACE-07 bans orthogonal
    neighbours only); to its right it may not (the red space, PLACE-03, and the 3 to its left,
    PLACE-07); below it neither (the space shows 4, PLACE-04; the 3 above it, PLACE-07)."""
    state = position_from_text(DICE_DISPUTE)
    board = render(state)
    assert "  r1   . B3  r  5  .\n  r2   p  4  .  g  3\n" in board
    assert "in hand: Y3" in board
    svg = ET.fromstring(state_to_svg(state))
    dice = {
        (d.get("data-zone"), d.get("data-space")) for d in svg.iter() if d.get("class") == "die"
    }
    assert ("window", "r1c2") in dice and ("hand", None) in dice

    diagonal = explain(state, "place r2c3")
    assert isinstance(diagonal, Explanation) and diagonal.legal
    words = str(diagonal)
    assert words.startswith("Player 1 may place Y3 at row 2, column 3 [place r2c3].")
    assert (
        "Y3 at row 2, column 3: no die is orthogonally next to it; B3 on r1c2 is only "
        "diagonally next to it, which the rule allows" in " ".join(words.split())
    )
    assert diagonal.clauses[:5] == ("PLACE-08", "PLACE-02", "PLACE-05", "PLACE-06", "PLACE-07")
    assert diagonal.clauses[5:] == ("TURN-04", "PLACE-10")
    assert diagonal.after is not None and diagonal.after.players[0].window[7] == (1, 3)

    right = explain(state, Place(2))
    assert isinstance(right, Explanation) and not right.legal
    assert right.clauses == ("PLACE-03", "PLACE-07")
    assert str(right) == (
        "Player 1 asks to place Y3 at row 1, column 3 [place r1c3].\n"
        "Illegal: it breaks 2 rules.\n"
        "  - PLACE-03 (Colour spaces): Y3 at row 1, column 3: the space takes only a red die\n"
        "  - PLACE-07 (No same value orthogonally adjacent): Y3 at row 1, column 3: the die to "
        "its left\n    (r1c2) shows a 3"
    )
    below = explain(state, "place r2c2")
    assert isinstance(below, Explanation)
    assert below.clauses == ("PLACE-04", "PLACE-07")
    said = " ".join(str(below).split())
    assert "the die above it (r1c2) shows a 3" in said
    assert "the space takes only a die showing 4" in said


def test_eglomise_does_not_waive_the_neighbour_ban() -> None:
    """RUL-01: Eglomise Brush ignores the space's colour only: the purple 6 may go on the red
    space of row 1, column 3 (TOOL-02), but not on the yellow space of row 4, column 2, whose
    neighbour above is purple (PLACE-06)."""
    state = position_from_text(EGLOMISE_DISPUTE)
    beside = explain(state, "place r4c2")
    assert isinstance(beside, Explanation) and beside.clauses == ("PLACE-06",)
    said = " ".join(str(beside).split())
    assert "P6 at row 4, column 2: the die above it (r3c2) is purple too" in said
    red = explain(state, "place r1c3")
    assert isinstance(red, Explanation) and red.legal
    assert "TOOL-02" in red.clauses and "PLACE-03" not in red.clauses
    assert red.clauses[-2:] == ("TOOL-02", "TOOL-13")
    said = " ".join(str(red).split())
    assert "Eglomise Brush moves P6 from row 1, column 1 to row 1, column 3" in said


def test_other_refusals_keep_the_engines_words() -> None:
    """ENG-10: a decision of a kind not allowed here names its clause in the engine's words;
    a text that is not a decision is a NotationError; no decision lists the legal ones."""
    state = position_from_text(DICE_DISPUTE)
    report = explain(state, EndTurn())
    assert isinstance(report, Explanation) and report.clauses == ("RUL-14",)
    assert "the drafted die (Y3) must be placed this turn" in " ".join(str(report).split())
    with pytest.raises(NotationError):
        explain(state, "place r9c9")
    choices = explain(state)
    assert isinstance(choices, Choices)
    # Y3 may go only diagonally next to B3: r1c1 (the 3 beside it), r1c3 (red), r2c1
    # (purple) and r2c2 (4) are out; Flux Remover acts on the drafted die (TOOL-11)
    assert [str(a) for a in choices.actions] == ["place r2c3", "tool 11"]
    assert "  place r2c3       place Y3 at row 2, column 3" in str(choices)
    assert isinstance(GAME, Explained)
    assert GAME.explain(state, "place r2c3") == explain(state, "place r2c3")


def test_every_event_is_told_clause_by_clause() -> None:
    """Every event of random games (every tool used) has one sentence per clause."""
    kinds: set[str] = set()
    for players, seed in ((1, 3), (2, 5), (3, 7), (4, 11)):
        for state in walk(players, seed, tools=5):
            if state.chance is not None or state.is_over:
                continue
            for action in legal_actions(state)[:3]:
                _after, events = apply_traced(state, action)
                for event in events:
                    assert len(describe_event(event, state.components)) == len(event.clauses)
                    kinds.add(type(event).__name__)
                assert len(narrate(events, state.components)) == sum(len(e.clauses) for e in events)
    assert {"Drafted", "DiePlaced", "ToolUsed", "TurnEnded", "PatternChosen"} <= kinds


#: A finished 2-player game. Player 1's Luz Celestial window: G1 B2 R3 P5 on row 1, P6 Y4 G2
#: on row 2; player 2's Batllo window is empty. Public objectives: Light Shades (1), Color
#: Variety (9), Color Diagonals (10). No favor token was spent.
FINISHED = (
    "sagrada1 round:over start:1 turn:1.2 tools:2,7,11 publics:1,9,10 pool:- track:- "
    "p1:LuzCelestial,private=R:G1B2R3P5./P6Y4G2../...../..... "
    "p2:Batllo,private=Y:...../...../...../....."
)


def test_scores_explained_part_by_part() -> None:
    """SCORE-01 to SCORE-04 and PUB-11, by hand: player 1 has one 1 (G1) and two 2s (B2, G2):
    1 Light Shades set, 2 points; at least one die of each colour: 1 Color Variety set, 4
    points; no diagonal neighbours of one colour: 0; red dice R3: 3; 3 unspent favor tokens;
    13 empty spaces: -13; total -1. Player 2: 5 tokens, 20 empty spaces: -15. Player 1 wins."""
    state = position_from_text(FINISHED)
    steps = score_steps(state, 0)
    assert [(s.clause, s.text) for s in steps] == [
        ("PUB-01", "Light Shades: 1 set of a 1 and a 2 x 2 = 2"),
        ("PUB-09", "Color Variety: 1 set of one die of each colour x 4 = 4"),
        ("PUB-10", "Color Diagonals: 0 dice with a diagonal neighbour of their colour x 1 = 0"),
        ("SCORE-02", "Shades of Red: red dice 3 = 3"),
        ("SCORE-03", "3 unspent favor tokens = 3"),
        ("SCORE-04", "13 empty spaces x -1 = -13"),
        ("SCORE-01", "total -1"),
    ]
    assert [s.text for s in score_steps(state, 1)][-1] == "total -15"
    assert result(state).scores == (-1, -15) and result(state).winners == (0,)


def test_the_last_decision_explains_the_final_scores() -> None:
    """ROUND-06: the decision that ends the game shows the final scores part by part."""
    last = [
        state
        for state in walk(2, 21)
        if state.round == 10 and state.step == 3 and EndTurn() in legal_actions(state)
    ][-1]
    report = explain(last, EndTurn())
    assert isinstance(report, Explanation) and report.after is not None and report.after.is_over
    text = str(report)
    assert "ROUND-06" in report.clauses and "Final scores:" in text
    assert text.count("SCORE-01 (") == 2
