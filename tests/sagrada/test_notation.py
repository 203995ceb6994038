"""The text of Sagrada's decisions (ENG-14): one spelling per decision, read back exactly,
anything else refused with the part, the character and the clause."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sintra_rules import NotationError
from sintra_rules.games.sagrada import (
    ALL_ACTIONS,
    GAME,
    Adjust,
    ChoosePattern,
    ChooseValue,
    Draft,
    EndTurn,
    Pick,
    Place,
    ReturnDie,
    Swap,
    UseTool,
    action_to_id,
    new_game,
)
from sintra_rules.games.sagrada.notation import (
    action_from_text,
    action_to_text,
    actions_from_text,
    actions_to_text,
)

#: Each kind of decision, its spelling and its action id, worked out by hand from ENG-09.
SPELLINGS = [
    (ChoosePattern(6), "pattern 7", 6),
    (Draft(3, 5), "draft B5", 24 + 18 + 4),
    (Place(8), "place r2c4", 54 + 5 + 3),
    (Pick(0), "pick r1c1", 74),
    (Pick(19), "pick r4c5", 93),
    (UseTool(8), "tool 8", 94 + 49),
    (UseTool(5, 2), "tool 5 pay G2", 94 + 28 + 2),
    (Adjust(1), "+1", 179),
    (Adjust(-1), "-1", 178),
    (ChooseValue(6), "value 6", 185),
    (Swap(1, 1), "swap Y1", 192),
    (ReturnDie(), "return", 216),
    (EndTurn(), "end", 217),
]


@pytest.mark.parametrize(("action", "text", "number"), SPELLINGS)
def test_eng_14_each_kind_of_decision(action: object, text: str, number: int) -> None:
    """ENG-14: each kind's spelling, written by str() and action_to_text, read back."""
    assert str(action) == text
    assert action_to_text(action) == text  # type: ignore[arg-type]
    assert action_from_text(text) == action
    assert action_to_id(action_from_text(text)) == number


def test_eng_14_every_decision_reads_back() -> None:
    """ENG-14: all 218 decisions, 218 different spellings, each read back to its decision."""
    texts = [action_to_text(action) for action in ALL_ACTIONS]
    assert len(set(texts)) == 218
    assert [action_from_text(text) for text in texts] == list(ALL_ACTIONS)


REFUSED = [
    ("Draft B5", "the keyword, character 1: keywords are lower case: write 'draft'"),
    ("draft b5", "the die's colour, character 7: colour codes are capital letters: write 'B'"),
    ("draft X5", "character 7: 'X' is not a colour code (the codes are R Y G B P, COMP-01)"),
    ("draft B7", "the die's value, character 8: 7 is not a die's value (1 to 6)"),
    ("draft B05", "the die's value, character 8: '05' has a leading zero"),
    ("place r5c1", "the row, character 8: 5 is not a row of the window (rows 1 to 4, COMP-03)"),
    ("pick r1c6", "the column, character 9: 6 is not a column of the window (columns 1 to 5"),
    ("place R2c4", "the space, character 7: a space is written r<row>c<column>"),
    ("place r2", "the space, character 9: expected 'c' and the column after the row"),
    ("place  r2c4", "after 'place', character 7: the words are separated by one space only"),
    (" end", "character 1: no space before or after a decision"),
    ("end ", "character 4: no space before or after a decision"),
    ("end now", "the decision, character 4: unexpected ' now' after it"),
    ("tool 0", "the tool, character 6: 0 is not a tool card number (1 to 12, COMP-06)"),
    ("tool 13", "the tool, character 6: 13 is not a tool card number"),
    ("tool 5 pay R2", "the paying die, character 12: tool 5 is paid with a die of its colour, G"),
    ("tool 5 for G2", "the payment, character 8: expected 'pay' and the paying die"),
    ("pass", "a turn ends (a pass too) with 'end' (TURN-02)"),
    ("+2", "Grozing Pliers is written +1 or -1 (TOOL-01)"),
    ("value 0", "the value, character 7: 0 is not a die's value (1 to 6, TOOL-11)"),
    ("pattern 25", "the pattern, character 9: 25 is not a pattern number (1 to 24, COMP-03)"),
    ("", "empty: expected a decision such as 'draft B5'"),
    ("draft\tB5", "character 6: '\\t': a decision is one line"),
]


@pytest.mark.parametrize(("text", "reason"), REFUSED)
def test_eng_14_refusals_name_the_part_the_character_and_the_clause(text: str, reason: str) -> None:
    """ENG-14: a text that is not a spelling is refused: NotationError names the part, the
    character (from 1) and the clause."""
    with pytest.raises(NotationError) as caught:
        action_from_text(text)
    assert reason in str(caught.value)
    assert str(caught.value).endswith("(ENG-14)")
    assert caught.value.text == text


def test_eng_14_a_line_of_decisions() -> None:
    """ENG-14: a turn on one line; the keywords tell where each decision ends."""
    line = "draft B5 place r2c4 tool 1 +1 end"
    actions = (Draft(3, 5), Place(8), UseTool(1), Adjust(1), EndTurn())
    assert actions_from_text(line) == actions
    assert actions_to_text(actions) == line
    assert actions_from_text("tool 5 pay G2 -1 end") == (UseTool(5, 2), Adjust(-1), EndTurn())
    assert actions_from_text("") == ()
    with pytest.raises(NotationError, match=r"decision 3: the row, character 27: 9 is not a row"):
        actions_from_text("draft B5 place r2c4 pick r9c1")
    with pytest.raises(NotationError, match=r"character 10: decisions and their words are sep"):
        actions_from_text("draft B5  end")
    with pytest.raises(NotationError, match=r"decision 2: after 'place', character 15"):
        actions_from_text("draft B5 place")


def test_eng_14_what_cannot_be_written() -> None:
    """ENG-14: action_to_text refuses values that are not decisions or whose fields are out
    of range (legality in a position is not its concern)."""
    for bad in (Place(20), Draft(5, 1), Draft(0, 7), Draft(True, 4), UseTool(13), Adjust(2), "end"):
        with pytest.raises(NotationError, match=r"\(ENG-14\)"):
            action_to_text(bad)  # type: ignore[arg-type]
    assert action_to_text(Draft(0, 6)) == "draft R6"


def test_eng_14_through_the_game_protocol() -> None:
    """ENG-14: GAME.action_to_text and action_from_text are this notation."""
    state = new_game(2, seed=0)
    assert GAME.action_to_text(state, Place(8)) == "place r2c4"
    assert GAME.action_from_text(state, "swap Y1") == Swap(1, 1)
    with pytest.raises(NotationError, match="ENG-14"):
        GAME.action_from_text(state, "swap Y9")


@given(st.text(alphabet=" abcdeghklnoprstuvwxyzRYGBP0123456789+-.\t", max_size=16))
def test_eng_14_any_text_reads_as_its_one_spelling_or_is_refused(text: str) -> None:
    """ENG-14: any text either is refused with a NotationError or is exactly the spelling of
    the decision it reads as."""
    try:
        action = action_from_text(text)
    except NotationError as error:
        assert "(ENG-14)" in str(error)
        return
    assert str(action) == text


@given(st.lists(st.sampled_from(ALL_ACTIONS), max_size=6))
def test_eng_14_lines_read_back(actions: list[object]) -> None:
    """ENG-14: any sequence of decisions written on a line reads back to itself."""
    line = actions_to_text(actions)  # type: ignore[arg-type]
    assert actions_from_text(line) == tuple(actions)
