"""The text of Sagrada's decisions, read and written (ENG-07, ENG-14).

Every decision (:mod:`~sintra_rules.games.sagrada.actions`) has exactly one spelling, a keyword
and at most one argument separated by single spaces; ``str(action)`` is it::

    pattern 7          choose pattern 7 (1 to 24, COMP-03) at setup (RUL-10)
    draft B5           draft a blue 5 from the draft pool (TURN-03)
    place r2c4         place the die in hand (or the die being moved) on row 2, column 4
    pick r1c1          lift the die on row 1, column 1 to move it (TOOL-13)
    tool 8             choose and pay for tool card 8 (TOOL-14)
    tool 5 pay G2      the same in the solo game, paying with a green 2 of the pool (SOLO-03)
    +1   -1            Grozing Pliers (TOOL-01)
    value 6            the value of Flux Remover's new die (TOOL-11)
    swap Y3            Lens Cutter takes a yellow 3 from the round track (TOOL-05)
    return             Flux Remover's die goes back to the pool (RUL-12)
    end                end the turn (TURN-02)

A die is its colour code (``R Y G B P``, COMP-01) and its value 1 to 6; a space is ``r``, the
row 1 to 4, ``c`` and the column 1 to 5 (COMP-03). Several decisions on one line (a turn, in a
text record) are separated by single spaces: ``draft B5 place r2c4 tool 1 +1 end`` reads
unambiguously, since every keyword says whether an argument follows.

The notation is strict: upper-case keywords, lower-case colour codes, leading zeros, extra
spaces or anything after a decision are refused with a
:class:`~sintra_rules.errors.NotationError` that names the part at fault, its character
position (counted from 1) and the clause. It is syntax only: ``draft B5`` reads even when the
pool holds no blue 5; whether a decision is legal is the rules' concern
(:func:`~sintra_rules.games.sagrada.rules.violations`).

>>> from sintra_rules.games.sagrada.actions import Draft, Place, UseTool
>>> action_to_text(Place(8)), str(Draft(3, 5)), str(UseTool(5, 2))
('place r2c4', 'draft B5', 'tool 5 pay G2')
>>> action_from_text("place r2c4") == Place(8)
True
>>> actions_from_text("draft B5 place r2c4 end")
(Draft(colour=3, value=5), Place(cell=8), EndTurn())
>>> action_from_text("place r5c1")
Traceback (most recent call last):
...
sintra_rules.errors.NotationError: bad action notation 'place r5c1': the row, character 8: \
5 is not a row of the window (rows 1 to 4, COMP-03) (ENG-14)
"""

from __future__ import annotations

from collections.abc import Iterable

from sintra_rules.errors import NotationError
from sintra_rules.games.sagrada.actions import (
    ADJUST_AT,
    ALL_ACTIONS,
    CHOOSE_AT,
    CODES,
    DRAFT_AT,
    END,
    PICK_AT,
    PLACE_AT,
    RETURN,
    SWAP_AT,
    TOOL_COLOURS,
    VALUE_AT,
    Action,
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
    tool_action,
)
from sintra_rules.games.sagrada.components import COLUMNS, ROWS, SPACES

__all__ = ["KEYWORDS", "action_from_text", "action_to_text", "actions_from_text", "actions_to_text"]

#: The keywords, each with whether an argument follows it.
KEYWORDS: dict[str, bool] = {
    "pattern": True,
    "draft": True,
    "place": True,
    "pick": True,
    "tool": True,
    "value": True,
    "swap": True,
    "return": False,
    "end": False,
}
_CLAUSE = "ENG-14"
_PATTERNS = 24
_TOOLS = len(TOOL_COLOURS)


def _int(value: object) -> bool:
    return type(value) is int


def _check(action: object) -> None:
    """Refuse a value the notation cannot write (ENG-14)."""
    shown = repr(action)

    def bad(reason: str) -> NotationError:
        return NotationError(shown, f"{reason} ({_CLAUSE})")

    def die(colour: object, value: object) -> None:
        if not (_int(colour) and 0 <= colour < len(CODES)):  # type: ignore[operator]
            raise bad(f"a colour is 0 to {len(CODES) - 1}, got {colour!r}")
        if not (_int(value) and 1 <= value <= 6):  # type: ignore[operator]
            raise bad(f"a die's value is 1 to 6, got {value!r}")

    match action:
        case ChoosePattern(pattern):
            if not (_int(pattern) and 0 <= pattern < _PATTERNS):
                raise bad(f"a pattern is 0 to {_PATTERNS - 1}, got {pattern!r}")
        case Draft(colour, value) | Swap(colour, value):
            die(colour, value)
        case Place(cell) | Pick(cell):
            if not (_int(cell) and 0 <= cell < SPACES):
                raise bad(f"a space is 0 to {SPACES - 1}, got {cell!r}")
        case UseTool(tool, pay):
            if not (_int(tool) and 1 <= tool <= _TOOLS):
                raise bad(f"a tool card is 1 to {_TOOLS}, got {tool!r}")
            if not (_int(pay) and 0 <= pay <= 6):
                raise bad(f"a payment is 0 (favor tokens) or a die's value 1 to 6, got {pay!r}")
        case Adjust(delta):
            if not (_int(delta) and delta in (-1, 1)):
                raise bad(f"Grozing Pliers changes a die by +1 or -1, got {delta!r}")
        case ChooseValue(value):
            if not (_int(value) and 1 <= value <= 6):
                raise bad(f"a die's value is 1 to 6, got {value!r}")
        case ReturnDie() | EndTurn():
            pass
        case _:
            raise bad("not a decision of Sagrada")


def action_to_text(action: Action) -> str:
    """The text of a decision (ENG-14): ``str(action)``, once its fields are checked.

    Args:
        action: a decision.

    Returns:
        Its text, which :func:`action_from_text` reads back to an equal decision.

    Raises:
        NotationError: ``action`` is not a decision, or a field is out of range (a space 20,
            a value 7, ...); legality in a position is not checked.
    """
    _check(action)
    return str(action)


class _Cursor:
    """One decision's text being read; every failure names the part, the character (from 1)
    and the clause."""

    def __init__(self, text: str, offset: int, whole: str) -> None:
        self.text = text
        self.pos = 0
        self.offset = offset  # where ``text`` starts in ``whole`` (a line of decisions)
        self.whole = whole

    def fail(self, part: str, at: int, reason: str) -> NotationError:
        return NotationError(
            self.whole, f"{part}, character {self.offset + at + 1}: {reason} ({_CLAUSE})"
        )

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def found(self) -> str:
        char = self.peek()
        return repr(char) if char else "the end"

    def space(self, after: str) -> None:
        if self.peek() != " ":
            raise self.fail(after, self.pos, f"expected one space, found {self.found()}")
        self.pos += 1
        if self.peek() == " ":
            raise self.fail(after, self.pos, "the words are separated by one space only")

    def number(self, part: str, low: int, high: int, meaning: str) -> int:
        start = self.pos
        while self.peek().isascii() and self.peek().isdigit():
            self.pos += 1
        digits = self.text[start : self.pos]
        if not digits:
            raise self.fail(part, start, f"expected {meaning}, found {self.found()}")
        if len(digits) > 1 and digits[0] == "0":
            raise self.fail(part, start, f"{digits!r} has a leading zero")
        if len(digits) > len(str(high)) or not low <= int(digits) <= high:
            shown = digits if len(digits) <= 6 else digits[:6] + "..."
            raise self.fail(part, start, f"{shown} is not {meaning}")
        return int(digits)

    def die(self, part: str) -> tuple[int, int]:
        at = self.pos
        char = self.peek()
        if not char:
            raise self.fail(part, at, "expected a die such as 'B5' (colour code and value)")
        if char not in CODES:
            hint = (
                f"colour codes are capital letters: write {char.upper()!r}"
                if char.upper() in CODES
                else f"{char!r} is not a colour code (the codes are {' '.join(CODES)}, COMP-01)"
            )
            raise self.fail(f"{part}'s colour", at, hint)
        self.pos += 1
        value = self.number(f"{part}'s value", 1, 6, "a die's value (1 to 6)")
        return CODES.index(char), value

    def cell(self, part: str) -> int:
        at = self.pos
        if self.peek() != "r":
            hint = " (lower case)" if self.peek() == "R" else ""
            raise self.fail(
                part,
                at,
                f"a space is written r<row>c<column>, such as 'r2c4'{hint}; found {self.found()}",
            )
        self.pos += 1
        row = self.number("the row", 1, ROWS, f"a row of the window (rows 1 to {ROWS}, COMP-03)")
        if self.peek() != "c":
            raise self.fail(
                part, self.pos, f"expected 'c' and the column after the row, found {self.found()}"
            )
        self.pos += 1
        col = self.number(
            "the column", 1, COLUMNS, f"a column of the window (columns 1 to {COLUMNS}, COMP-03)"
        )
        return (row - 1) * COLUMNS + col - 1

    def end(self) -> None:
        if self.pos < len(self.text):
            raise self.fail(
                "the decision", self.pos, f"unexpected {self.text[self.pos :][:12]!r} after it"
            )


def _read(cursor: _Cursor) -> Action:
    """The decision at the cursor (the whole of ``cursor.text``)."""
    text = cursor.text
    word = text.split(" ", 1)[0]
    if word in ("+1", "-1"):
        cursor.pos = 2
        cursor.end()
        return ALL_ACTIONS[ADJUST_AT + (word == "+1")]
    if word not in KEYWORDS:
        if word.lower() in KEYWORDS:
            raise cursor.fail("the keyword", 0, f"keywords are lower case: write {word.lower()!r}")
        if word in ("pass", "skip"):
            raise cursor.fail("the keyword", 0, "a turn ends (a pass too) with 'end' (TURN-02)")
        if word in ("+2", "-2", "+0", "-0", "+", "-"):
            raise cursor.fail("the keyword", 0, "Grozing Pliers is written +1 or -1 (TOOL-01)")
        shown = repr(word[:16]) if word else "nothing"
        raise cursor.fail(
            "the keyword",
            0,
            f"expected one of {', '.join(KEYWORDS)}, +1 or -1, found {shown}",
        )
    cursor.pos = len(word)
    if not KEYWORDS[word]:
        cursor.end()
        return RETURN if word == "return" else END
    cursor.space(f"after {word!r}")
    if word == "pattern":
        number = cursor.number("the pattern", 1, _PATTERNS, "a pattern number (1 to 24, COMP-03)")
        cursor.end()
        return ALL_ACTIONS[CHOOSE_AT + number - 1]
    if word in ("draft", "swap"):
        colour, value = cursor.die("the die")
        cursor.end()
        return ALL_ACTIONS[(DRAFT_AT if word == "draft" else SWAP_AT) + colour * 6 + value - 1]
    if word in ("place", "pick"):
        cell = cursor.cell("the space")
        cursor.end()
        return ALL_ACTIONS[(PLACE_AT if word == "place" else PICK_AT) + cell]
    if word == "value":
        value = cursor.number("the value", 1, 6, "a die's value (1 to 6, TOOL-11)")
        cursor.end()
        return ALL_ACTIONS[VALUE_AT + value - 1]
    tool = cursor.number("the tool", 1, _TOOLS, f"a tool card number (1 to {_TOOLS}, COMP-06)")
    if cursor.pos == len(text):
        return tool_action(tool, 0)
    cursor.space("after the tool's number")
    at = cursor.pos
    if text[at : at + 3] != "pay":
        raise cursor.fail(
            "the payment",
            at,
            f"expected 'pay' and the paying die (solo, SOLO-03), found {text[at:][:12]!r}",
        )
    cursor.pos += 3
    cursor.space("after 'pay'")
    at = cursor.pos
    colour, value = cursor.die("the paying die")
    if CODES[colour] != TOOL_COLOURS[tool - 1]:
        raise cursor.fail(
            "the paying die",
            at,
            f"tool {tool} is paid with a die of its colour, {TOOL_COLOURS[tool - 1]} (SOLO-03)",
        )
    cursor.end()
    return tool_action(tool, value)


def action_from_text(text: str) -> Action:
    """The decision written ``text`` (the inverse of :func:`action_to_text`; ENG-14).

    Args:
        text: one decision in the notation (see the module docstring).

    Returns:
        The decision (the engine's shared instance).

    Raises:
        NotationError: the text is not a decision's spelling; the message names the part at
            fault, its character position (from 1) and the clause.

    >>> action_from_text("draft P6"), action_from_text("-1")
    (Draft(colour=4, value=6), Adjust(delta=-1))
    >>> action_from_text("tool 5 pay R2")
    Traceback (most recent call last):
    ...
    sintra_rules.errors.NotationError: bad action notation 'tool 5 pay R2': the paying die, \
character 12: tool 5 is paid with a die of its colour, G (SOLO-03) (ENG-14)
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), f"expected a string, got {type(text).__name__} ({_CLAUSE})")
    if not text:
        raise NotationError(text, f"empty: expected a decision such as 'draft B5' ({_CLAUSE})")
    if text != text.strip(" "):
        where = 1 if text.startswith(" ") else len(text)
        raise NotationError(
            text, f"character {where}: no space before or after a decision ({_CLAUSE})"
        )
    for index, char in enumerate(text):
        if char != " " and (char.isspace() or not char.isprintable()):
            raise NotationError(
                text, f"character {index + 1}: {char!r}: a decision is one line ({_CLAUSE})"
            )
    return _read(_Cursor(text, 0, text))


def actions_to_text(actions: Iterable[Action]) -> str:
    """Several decisions on one line, separated by single spaces (ENG-14).

    >>> from sintra_rules.games.sagrada.actions import END, Draft, Place
    >>> actions_to_text([Draft(0, 4), Place(0), END])
    'draft R4 place r1c1 end'
    """
    return " ".join(action_to_text(action) for action in actions)


def split_decisions(text: str) -> list[tuple[int, str]]:
    """The decisions of a line, each with the 0-based position where it starts: a keyword
    with an argument takes the next word too (``tool N`` also ``pay D``) (ENG-14).

    >>> split_decisions("draft B5 place r2c4 tool 5 pay G2 end")
    [(0, 'draft B5'), (9, 'place r2c4'), (20, 'tool 5 pay G2'), (34, 'end')]
    """
    words: list[tuple[int, str]] = []
    pos = 0
    for word in text.split(" "):
        words.append((pos, word))
        pos += len(word) + 1
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(words):
        at, word = words[i]
        take = 1
        if KEYWORDS.get(word) and i + 1 < len(words):
            take = 2
            if word == "tool" and i + 2 < len(words) and words[i + 2][1] == "pay":
                take = 4 if i + 3 < len(words) else 3
        out.append((at, " ".join(w for _, w in words[i : i + take])))
        i += take
    return out


def actions_from_text(text: str) -> tuple[Action, ...]:
    """The decisions of a line separated by single spaces; the empty line is none (ENG-14).

    Args:
        text: the line.

    Returns:
        The decisions, in order.

    Raises:
        NotationError: naming the decision (by its number on the line), the character of the
            line and the clause.

    >>> actions_from_text("")
    ()
    >>> actions_from_text("draft B5 place r9c1")
    Traceback (most recent call last):
    ...
    sintra_rules.errors.NotationError: bad action notation 'draft B5 place r9c1': decision 2: \
the row, character 17: 9 is not a row of the window (rows 1 to 4, COMP-03) (ENG-14)
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), f"expected a string, got {type(text).__name__} ({_CLAUSE})")
    if not text:
        return ()
    if text != text.strip(" ") or "  " in text:
        where = 1 if text.startswith(" ") else (text.index("  ") + 2 if "  " in text else len(text))
        raise NotationError(
            text,
            f"character {where}: decisions and their words are separated by single spaces "
            f"({_CLAUSE})",
        )
    out: list[Action] = []
    for number, (at, chunk) in enumerate(split_decisions(text), 1):
        try:
            if any((c.isspace() and c != " ") or not c.isprintable() for c in chunk):
                raise NotationError(text, f"a line of decisions is one line ({_CLAUSE})")
            out.append(_read(_Cursor(chunk, at, text)))
        except NotationError as error:
            raise NotationError(text, f"decision {number}: {error.reason}") from None
    return tuple(out)
