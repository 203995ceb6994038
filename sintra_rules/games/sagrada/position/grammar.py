"""The words of Sagrada's one-line position notation (ENG-12): its version and fields, the
codes of patterns and dice, the readers of numbers, dice and spaces, the player field and the
line split into its fields, each failure naming the field, the character and the clause.

The notation itself is described in :mod:`sintra_rules.games.sagrada.position`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from typing import get_args

from sintra_rules._formats.position import LineText, line_words, show
from sintra_rules.games.sagrada.components import COLUMNS, ROWS, SPACES, SagradaComponents
from sintra_rules.games.sagrada.placement import space_name
from sintra_rules.games.sagrada.state import Die, SubStep, die

__all__ = ["TAG", "VERSION", "pattern_code", "pattern_from_code"]

#: The version of the notation this module reads and writes (ENG-12).
VERSION = 1
#: The first field of every position: the notation's name and version.
TAG = f"sagrada{VERSION}"

_NONE = "-"
_UNKNOWN = "?"
_HEAD = ("round", "start", "turn", "tools", "publics", "pool", "track")
_OPTIONAL = (
    "difficulty",
    "bag",
    "hand",
    "done",
    "tool",
    "step",
    "lifted",
    "moved",
    "skips",
    "chance",
)
_SUBS: tuple[str, ...] = get_args(SubStep)[1:]
_DEALS = ("private", "pattern", "tool", "public", "start")
_ROUND_CHANCE = ("draw", "roll", "reroll", "brush", "remover")
#: The chance steps a tool in use waits for, at no step of its own (TOOL-06, TOOL-11).
_TOOL_ROLLS = ("brush", "remover")
_GROZING, _EGLOMISE, _COPPER, _LATHEKIN, _LENS, _BRUSH = 1, 2, 3, 4, 5, 6
_HAMMER, _RUNNING, _CORK, _REMOVER, _TAP = 7, 8, 9, 11, 12
_MOVING = (_EGLOMISE, _COPPER, _LATHEKIN, _TAP)
#: The tool each step belongs to (TOOL-14): ``None`` for the moving tools.
_STEP_TOOL: dict[str, tuple[int, ...]] = {
    "grozing": (_GROZING,),
    "lens": (_LENS,),
    "cork": (_CORK,),
    "flux": (_REMOVER,),
    "flux_place": (_REMOVER,),
    "pick": _MOVING,
    "drop": _MOVING,
    "pick2": (_LATHEKIN,),
    "drop2": (_LATHEKIN,),
    "running": (_RUNNING,),
}


_Text = LineText
_show = show


# ------------------------------------------------------------------------------ codes


def pattern_code(table: SagradaComponents, index: int) -> str:
    """The code of pattern ``index`` in the notation (ENG-12): its name with every word
    capitalised and everything but letters left out, or ``#N`` (N = index + 1) when another
    pattern of the table has the same code.

    >>> from sintra_rules.games.sagrada import default_components
    >>> table = default_components()
    >>> pattern_code(table, 0), pattern_code(table, 13)
    ('SunsGlory', 'WaterOfLife')
    """
    codes = _codes(table)
    code = codes[index]
    return code if codes.count(code) == 1 and code else f"#{index + 1}"


def _codes(table: SagradaComponents) -> list[str]:
    return [
        "".join(
            "".join(c for c in word if c.isalpha())[:1].upper()
            + "".join(c for c in word if c.isalpha())[1:]
            for word in pattern.name.split()
        )
        for pattern in table.patterns
    ]


def pattern_from_code(table: SagradaComponents, code: str) -> int | None:
    """The index of the pattern written ``code`` (ENG-12), or ``None``."""
    if code.startswith("#"):
        digits = code[1:]
        if digits.isascii() and digits.isdigit() and digits[0] != "0":
            number = int(digits)
            if 1 <= number <= len(table.patterns):
                return number - 1
        return None
    for index in range(len(table.patterns)):
        if pattern_code(table, index) == code:
            return index
    return None


def _die_text(table: SagradaComponents, d: Die) -> str:
    return f"{table.colour_codes[d[0]]}{d[1] or _UNKNOWN}"


def _dice_text(table: SagradaComponents, dice: Sequence[Die]) -> str:
    return "".join(_die_text(table, d) for d in dice) or _NONE


# ---------------------------------------------------------------------------- reading


def _number(src: _Text, field: str, at: int, text: str, clause: str, low: int, high: int) -> int:
    """A whole number written without leading zeros, in ``low..high``."""
    if not text or not (text.isascii() and text.isdigit()):
        src.fail(field, at, clause, f"expected a number from {low} to {high}, found {_show(text)}")
    if len(text) > 1 and text[0] == "0":
        src.fail(field, at, clause, f"{_show(text)} is not written as a plain number")
    if len(text) > 3 or not low <= int(text) <= high:
        src.fail(field, at, clause, f"{_show(text)} is not from {low} to {high}")
    return int(text)


def _colour(src: _Text, field: str, at: int, char: str, table: SagradaComponents) -> int:
    codes = table.colour_codes
    if char in codes:
        return codes.index(char)
    if char.upper() in codes:
        src.fail(field, at, "COMP-01", f"colour codes are capital letters: write {char.upper()!r}")
    shown = repr(char) if char else "nothing"
    src.fail(field, at, "COMP-01", f"expected a colour code ({' '.join(codes)}), found {shown}")


def _die(
    src: _Text, field: str, at: int, text: str, table: SagradaComponents, unknown: bool = False
) -> Die:
    """A die of two characters: colour code and value (``?``: not chosen yet, if allowed)."""
    colour = _colour(src, field, at, text[:1], table)
    value = text[1:2]
    if unknown and value == _UNKNOWN:
        return die(colour, 0)
    if len(value) != 1 or value not in "123456":
        src.fail(
            field,
            at + 1,
            "COMP-01",
            f"a die is its colour code and its value 1 to 6, such as 'B5'; found {_show(text)}",
        )
    return die(colour, int(value))


def _dice(src: _Text, field: str, at: int, text: str, table: SagradaComponents) -> list[Die]:
    """Dice written one after the other (``G1G6P4``), or ``-`` for none."""
    if text == _NONE:
        return []
    if not text:
        src.fail(field, at, "ENG-12", f"no dice written: write {_NONE!r} for none")
    out = []
    for pos in range(0, len(text), 2):
        out.append(_die(src, field, at + pos, text[pos : pos + 2], table))
    return out


def _space(src: _Text, field: str, at: int, text: str) -> int:
    match = re.fullmatch(r"r([1-9])c([1-9])", text)
    if match is None or int(match.group(1)) > ROWS or int(match.group(2)) > COLUMNS:
        src.fail(
            field,
            at,
            "COMP-03",
            f"a space is r<row 1-{ROWS}>c<column 1-{COLUMNS}>, such as 'r2c3'; found {_show(text)}",
        )
    return (int(match.group(1)) - 1) * COLUMNS + int(match.group(2)) - 1


def _numbers(
    src: _Text, field: str, at: int, text: str, clause: str, high: int
) -> list[tuple[int, int]]:
    """Numbers separated by ``,`` (``-`` for none), each with where it starts."""
    if text == _NONE:
        return []
    out = []
    for item in text.split(","):
        out.append((_number(src, field, at, item, clause, 1, high), at))
        at += len(item) + 1
    return out


class _Player:
    """A player's field, read but not yet checked against the rest."""

    def __init__(self) -> None:
        self.at = 0
        self.pattern: int | None = None
        self.pattern_at = 0
        self.cards: tuple[int, ...] | None = None
        self.cards_at = 0
        self.favor: int | None = None
        self.favor_at = 0
        self.privates: tuple[int, ...] = ()
        self.private_at = 0
        self.window: tuple[Die | None, ...] = (None,) * SPACES
        self.window_at: list[int] = [0] * SPACES


def _read_player(src: _Text, seat: int, at: int, text: str, table: SagradaComponents) -> _Player:
    """``PATTERN[,cards=A.B][,favor=F][,private=X][:WINDOW]`` after its ``pN:`` label."""
    field = f"player {seat + 1}"
    out = _Player()
    out.at = at
    head, colon, window = text.partition(":")
    items = head.split(",")
    code = items[0]
    out.pattern_at = at
    if code != _NONE:
        found = pattern_from_code(table, code)
        if found is None:
            codes = [pattern_code(table, i) for i in range(len(table.patterns))]
            near = [c for c in codes if c.lower() == code.lower()] or difflib.get_close_matches(
                code, codes, 1
            )
            hint = f"; did you mean {near[0]}?" if near else ""
            src.fail(
                field,
                at,
                "COMP-03",
                f"no pattern of the table is written {_show(code)} (a pattern is its name without "
                f"spaces or apostrophes, each word capitalised, or #1 to "
                f"#{len(table.patterns)}){hint}",
            )
        out.pattern = found
    pos = at + len(code) + 1
    seen: list[str] = []
    order = ("cards", "favor", "private")
    for item in items[1:]:
        key, eq, value = item.partition("=")
        if not eq or key not in order:
            src.fail(
                field, pos, "ENG-12", f"expected cards=, favor= or private=, found {_show(item)}"
            )
        if key in seen or (seen and order.index(key) < order.index(seen[-1])):
            src.fail(field, pos, "ENG-12", "cards=, favor= and private= come once, in this order")
        seen.append(key)
        where = pos + len(key) + 1
        if key == "cards":
            parts = value.split(".")
            if not value or len(parts) > 2:
                src.fail(
                    f"{field} cards",
                    where,
                    "SETUP-02",
                    "a player is dealt 2 pattern cards: write their numbers as '8.3'",
                )
            cards = []
            for part in parts:
                cards.append(
                    _number(src, f"{field} cards", where, part, "COMP-03", 1, table.cards) - 1
                )
                where += len(part) + 1
            if len(set(cards)) != len(cards):
                src.fail(f"{field} cards", pos + 6, "COMP-03", "a card is dealt only once")
            out.cards, out.cards_at = tuple(cards), pos + len(key) + 1
        elif key == "favor":
            out.favor = _number(src, f"{field} favor", where, value, "SETUP-03", 0, 6)
            out.favor_at = where
        else:
            out.private_at = where
            if value != _UNKNOWN:
                if not value:
                    src.fail(
                        f"{field} private",
                        where,
                        "SETUP-01",
                        "write the private objective's colour, or '?' when it is not known",
                    )
                colours = [
                    _colour(src, f"{field} private", where + i, c, table)
                    for i, c in enumerate(value)
                ]
                cards = [
                    next(k for k, p in enumerate(table.privates) if p.colour == c) for c in colours
                ]
                if len(set(cards)) != len(cards):
                    src.fail(f"{field} private", where, "COMP-05", "a card is dealt only once")
                out.privates = tuple(cards)
        pos += len(item) + 1
    if out.pattern is None:
        if colon:
            src.fail(
                f"{field} window",
                pos - 1,
                "RUL-10",
                "no pattern is chosen, so the player has no window yet: leave out ':' and the rows",
            )
        return out
    if not colon:
        src.fail(
            f"{field} window",
            pos - 1,
            "ENG-12",
            "the window follows the pattern as ':' and its 4 rows separated by '/'",
        )
    rows = window.split("/")
    if len(rows) != ROWS:
        src.fail(
            f"{field} window",
            pos,
            "COMP-03",
            f"a window has {ROWS} rows separated by '/', got {len(rows)}",
        )
    cells: list[Die | None] = []
    where = pos
    for r, row in enumerate(rows):
        i = 0
        start = len(cells)
        while i < len(row):
            if len(cells) - start == COLUMNS:
                src.fail(
                    f"{field} row {r + 1}",
                    where + i,
                    "COMP-03",
                    f"a row has {COLUMNS} spaces: '.' for an empty one, the die on it otherwise",
                )
            out.window_at[len(cells)] = where + i
            if row[i] == ".":
                cells.append(None)
                i += 1
            else:
                cells.append(
                    _die(src, f"{field} {space_name(len(cells))}", where + i, row[i : i + 2], table)
                )
                i += 2
        if len(cells) - start != COLUMNS:
            src.fail(
                f"{field} row {r + 1}",
                where,
                "COMP-03",
                f"a row has {COLUMNS} spaces: '.' for an empty one, the die on it otherwise; "
                f"row {r + 1} has {len(cells) - start}",
            )
        where += len(row) + 1
    out.window = tuple(cells)
    return out


def _split(src: _Text) -> list[tuple[int, str]]:
    """The words of the line with their positions, after the checks of the line's form
    (ENG-12)."""
    return line_words(src, "ENG-12", TAG)
