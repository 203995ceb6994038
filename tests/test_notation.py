"""The compact action notation (ENG-04): exact round trips over every legal action of many
states, hand-written examples, and every kind of malformed text rejected with a reason."""

from __future__ import annotations

import re

import pytest

from sintra_rules import (
    CENTRE,
    Action,
    NotationError,
    Reset,
    Take,
    action_from_text,
    action_to_text,
    legal_actions,
    new_game,
)
from sintra_rules.games.sintra.notation import actions_from_text, actions_to_text
from tests.test_records import GAMES, playout, renamed_table

#: The grammar of the module docstring, restated independently for the default table.
GRAMMAR = re.compile(r"R|(?:[1-9]|C)[BGOPY]-(?:[1-8]|x)(?:\*[1-5])?(?:=[BGOPY])?")


def test_round_trip_over_every_legal_action_of_many_games() -> None:
    """ENG-04: in every state of six whole games (2, 3, 4 players, both sides), every legal
    action's text follows the grammar, parses back to the same action, and distinct actions
    have distinct texts; the games use every feature of the notation."""
    seen: set[str] = set()
    for players, side, seed in GAMES:
        states, _ = playout(players, side, seed)
        for state in states:
            actions = legal_actions(state)
            texts = [action_to_text(a) for a in actions]
            assert len(set(texts)) == len(actions)
            for action, text in zip(actions, texts, strict=True):
                assert GRAMMAR.fullmatch(text), text
                assert action_from_text(text) == action
            seen.update(texts)
    for feature in ("R", "C", "-x", "*1", "*2", "="):
        assert any(feature in text for text in seen), feature
    assert any(text[0] == "9" for text in seen)  # 4 players: display 9
    assert any("-8" in text for text in seen)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        # colours in table order: B=0, G=1, O=2, P=3, Y=4; displays and slots counted from 1
        ("3B-2", Take(2, 0, 1)),
        ("CY-x", Take(CENTRE, 4, None)),
        ("1O-8*2=O", Take(0, 2, 7, 2, 2)),
        ("9P-1", Take(8, 3, 0)),
        ("CG-5*1", Take(CENTRE, 1, 4, 1)),
        ("2Y-4=B", Take(1, 4, 3, 0, 0)),
        ("R", Reset()),
    ],
)
def test_examples(text: str, action: Action) -> None:
    """ENG-04: the examples of the notation, worked out by hand."""
    assert action_from_text(text) == action
    assert action_to_text(action) == text


def test_parsed_takes_are_interned() -> None:
    """ENG-04: parsing returns the engine's shared (interned) instances, those that
    ``legal_actions`` lists, equal to ``Take(...)`` but not a fresh copy."""
    for action in legal_actions(new_game(2, seed=1)):
        assert isinstance(action, Take)
        parsed = action_from_text(action_to_text(action))
        fresh = Take(action.source, action.colour, action.target, action.jokers, action.keep)
        assert parsed == fresh and parsed is not fresh
        assert parsed is action
    assert action_from_text("4G-6") == Take(3, 1, 5)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        (" 3B-2", "whitespace"),
        ("3B-2 ", "whitespace"),
        ("3B-2\n", "whitespace"),
        ("3B -2", "whitespace"),
        ("3B-2\u00a0", "whitespace"),
        ("r", "capital"),
        ("3b-2", "capital letters: write 'B'"),
        ("cB-2", "centre is written 'C'"),
        ("0B-2", "out of range 1..9"),
        ("10B-2", "out of range 1..9"),
        ("03B-2", "leading zero"),
        ("99999999999999999999999999999B-2", "out of range"),
        ("ZB-2", "expected a factory display"),
        ("-B-2", "expected a factory display"),
        ("\uff13B-2", "expected a factory display"),
        ("3", "missing the colour code"),
        ("3Z-2", "unknown colour code 'Z'"),
        ("3J-2", "unknown colour code 'J'"),
        ("3B2", "expected '-'"),
        ("3B\u20132", "expected '-'"),
        ("3B", "found the end"),
        ("3B-", "expected slot"),
        ("3B-0", "out of range 1..8"),
        ("3B-9", "out of range 1..8"),
        ("3B-02", "leading zero"),
        ("3B-X", "written 'x'"),
        ("3B-\u00b2", "expected slot"),
        ("3B-2*0", "omit"),
        ("3B-2*6", "out of range 1..5"),
        ("3B-2*", "expected joker count"),
        ("3B-2*01", "leading zero"),
        ("3B-2=", "missing the kept colour code"),
        ("3B-2=b", "capital letters"),
        ("3B-2=J", "unknown kept colour code"),
        ("3B-2=O*1", "must come before"),
        ("3B-2x", "unexpected 'x'"),
        ("3B-2=OO", "unexpected 'O'"),
        ("3B-2*1*1", "unexpected '*'"),
        ("RR", "expected a factory display"),
        ("R3B-2", "expected a factory display"),
        ("3B-2R", "unexpected 'R'"),
    ],
)
def test_malformed_text(text: str, reason: str) -> None:
    """ENG-04: every malformed text raises NotationError carrying the text and a reason."""
    with pytest.raises(NotationError) as info:
        action_from_text(text)
    assert info.value.text == text
    assert reason in info.value.reason, info.value.reason


def test_non_string_input() -> None:
    """ENG-04: a value that is not a string is a NotationError, not a TypeError."""
    for value in (3, None, b"3B-2", ["3B-2"]):
        with pytest.raises(NotationError):
            action_from_text(value)  # type: ignore[arg-type]
        with pytest.raises(NotationError):
            actions_from_text(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "action",
    [
        Take(9, 0, 0),  # display 10
        Take(-2, 0, 0),
        Take(0, 5, 0),  # sixth colour
        Take(0, -1, 0),
        Take(0, 0, 8),  # slot 9
        Take(0, 0, 0, 6),  # more joker placements than a strip has spaces
        Take(0, 0, 0, -1),
        Take(0, 0, 0, 0, 5),
        Take(True, 0, 0),
        Take(0, 0, 0, 1.0),  # type: ignore[arg-type]
        "3B-2",
        None,
    ],
)
def test_inexpressible_actions(action: object) -> None:
    """ENG-04: action_to_text refuses what the notation cannot write, with NotationError."""
    with pytest.raises(NotationError):
        action_to_text(action)  # type: ignore[arg-type]


def test_syntax_only() -> None:
    """ENG-04: the notation does not check legality (display 9 in a 2-player game parses)."""
    assert action_from_text("9B-8*5=Y") == Take(8, 0, 7, 5, 4)


def test_lines_of_actions() -> None:
    """ENG-04: a whole game on one line, single spaces between actions, round-trips."""
    _, actions = playout(3, "B", 77)
    line = actions_to_text(actions)
    assert line.count(" ") == len(actions) - 1
    assert actions_from_text(line) == tuple(actions)
    assert actions_from_text("") == ()
    assert actions_to_text([]) == ""


@pytest.mark.parametrize(
    ("line", "bad", "position"),
    [
        ("1B-1  R", "", 2),
        (" R", "", 1),
        ("R ", "", 2),
        ("R\tR", "R\tR", 1),
        ("1B-1 2b-2", "2b-2", 2),
        ("1B-1 CB-1 CB-x*0", "CB-x*0", 3),
    ],
)
def test_malformed_lines(line: str, bad: str, position: int) -> None:
    """ENG-04: a bad line names the bad action and its position."""
    with pytest.raises(NotationError) as info:
        actions_from_text(line)
    assert info.value.text == bad
    assert info.value.reason.startswith(f"action {position} of the line: ")


def test_colour_codes_come_from_the_table() -> None:
    """FIG-01, ENG-04: with codes A C D E F, 'C' is both the centre and a colour."""
    table = renamed_table()
    assert action_from_text("CC-1", table) == Take(CENTRE, 1, 0)
    assert action_from_text("2A-3*1=F", table) == Take(1, 0, 2, 1, 4)
    assert action_to_text(Take(CENTRE, 1, 0), table) == "CC-1"
    with pytest.raises(NotationError) as info:
        action_from_text("3B-2", table)
    assert "A C D E F" in info.value.reason
    assert actions_from_text("CC-1 R", table) == (Take(CENTRE, 1, 0), Reset())
    assert actions_to_text([Take(CENTRE, 1, 0), Reset()], table) == "CC-1 R"
