"""The one-line position notation of Sagrada (ENG-12, ENG-15), read and written.

A position is one line a person can read off a real table and type, and that the engine reads
back into the same position; the written position has no generator (ENG-05). Players, rows,
columns, rounds, tools and public objectives count from 1, as in the action notation (ENG-14);
dice are a colour code and a value (``B5``, COMP-01). Version 1 reads::

    sagrada1 round:3 start:2 turn:1.2 tools:1=1,6,12=3 publics:4,10,2 pool:G1G6P4
      track:R2Y3/G1P5 hand:B5 done:draft
      p1:SunCatcher,favor=2,private=R:.B4.../...../...../.....
      p2:Batllo,cards=8.3,favor=2,private=?:Y6..../...../...../.....

(one line; it is folded here). Fields are separated by single spaces, in this order:

``sagrada1``
    the notation and its version (ENG-12).
``round:3``
    ``setup`` (cards dealt, patterns chosen), ``1`` to ``10``, or ``over`` (ROUND-01, ROUND-06).
``start:2``
    the round's start player (ROUND-05); ``-`` in setup until it is drawn (RUL-19).
``turn:1.2``
    whose turn it is within the snake order (ROUND-03): player 1's second turn of the round;
    at the end of the game, the last turn played. In setup, ``turn:P``: the player choosing a
    pattern (RUL-10), ``1`` while cards are dealt.
``tools:1=1,6,12=3``
    the tool cards in play by number (COMP-06), in the order dealt, with ``=N`` the favor tokens
    on a card that holds some (FAVOR-02); in the solo game ``=G3`` the die paid for a card that
    was used (SOLO-03). ``-`` for none.
``publics:4,10,2``
    the public objectives by number (COMP-04), in the order dealt; ``-`` for none.
``pool:G1G6P4``
    the dice of the draft pool (ROUND-02), ``-`` for none; the reader takes any order.
``track:R2Y3/G1P5``
    the dice on the round track (ROUND-04), space 1 first, separated by ``/``, ``-`` for an
    empty space; the spaces after the last die are left out (``track:-``: none).

then, only where they apply, in this order:

``difficulty:3``
    the solo game: the number of tool cards, 1 to 5 (SOLO-01); required in the solo game.
``bag:18R17Y18G16B18P``
    the dice in the bag, each colour code preceded by its count (1 left out). Left out, the bag
    holds what remains of the 18 dice of each colour (COMP-01); the writer leaves it out.
``hand:B5``
    the die drafted and not yet placed (TURN-04); ``G?`` is the die Flux Remover drew, its
    value not yet chosen (RUL-12).
``done:draft,tool``
    what the player has done this turn: drafted (TURN-03), used a tool (FAVOR-01).
``tool:4`` and ``step:pick2``
    the tool card in use and the step it waits for (TOOL-14): ``grozing``, ``lens``, ``cork``,
    ``flux``, ``flux_place``, ``pick``, ``drop``, ``pick2``, ``drop2``, ``running``.
``lifted:r2c3`` and ``moved:r1c1``
    the space of the die being moved, and the space a first move took its die to (TOOL-04,
    RUL-07, TOOL-13).
``skips:2``
    the players whose second turn this round is skipped (RUL-06).
``chance:draw``
    the chance step the position waits for (ENG-03): ``private``, ``pattern``, ``tool``,
    ``public``, ``start`` (a card dealt, the start player drawn: ENG-04 fixes which),
    ``draw``, ``roll.G`` (a drawn green die to roll), ``reroll.B1G4`` (Glazing Hammer: the pool
    dice still to re-roll, the next one first), ``brush`` (Flux Brush re-rolls the die in
    hand), ``remover`` (Flux Remover draws a colour).

and one field per player, in seat order: ``p1:PATTERN,ITEMS:WINDOW``:

* ``PATTERN`` is the chosen pattern's code, its name with every word capitalised and
  everything but letters left out (``Sun's Glory`` is ``SunsGlory``, ``Water of Life``
  ``WaterOfLife``), or ``#7`` for pattern 7; ``-`` before it is chosen;
* ``cards=8.3``: the pattern cards dealt to the player, in the order dealt (SETUP-02); left
  out after the choice when the player holds just the card of the chosen pattern;
* ``favor=2``: the favor tokens left (SETUP-03, FAVOR-04); left out when the player has spent
  none (or in the solo game, which has none);
* ``private=R``: the private objective by its colour (the solo game: two, ``RG``, SOLO-01);
  left out, or ``private=?``, when it is not known: a position typed at a real table need not
  know the other players' cards (ENG-06). In setup, left out before it is dealt;
* ``WINDOW`` (after the choice only): the 4 rows of the window, row 1 first, separated by ``/``,
  each 5 spaces: ``.`` for an empty space, the die on it otherwise.

Reading checks everything (ENG-15): the dice add up to 18 of each colour (COMP-01), no window
breaks a restriction (RUL-16), cards and tokens are consistent with the deal and with what was
paid, the turn in progress is one the rules can reach, and the player to act has a decision.
A fault raises :class:`~sintra_rules.errors.PositionError` naming the field, the 1-based
character position and the clause; nothing is built halfway.

>>> text = (
...     "sagrada1 round:3 start:2 turn:1.2 tools:1=1,6,12=3 publics:4,10,2 pool:G1G6P4 "
...     "track:R2Y3/G1P5 hand:B5 done:draft "
...     "p1:SunCatcher,favor=2,private=R:.B4.../...../...../..... "
...     "p2:Batllo,cards=8.3,favor=2,private=?:Y6..../...../...../....."
... )
>>> state = position_from_text(text)
>>> state.round, state.turn, state.step, state.hand, state.players[1].privates
(3, 0, 2, (3, 5), ())
>>> position_to_text(state) == text.replace(",private=?", "")
True
>>> position_from_text(text.replace(".B4...", "B3B4..."))
Traceback (most recent call last):
...
sintra_rules.errors.PositionError: bad position: player 1 r1c2, character 148: r1c2 is \
orthogonally next to r1c1, a die of the same colour (RUL-16) (PLACE-06)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from typing import NoReturn, get_args

import attrs

from sintra_rules.errors import PositionError
from sintra_rules.games.sagrada.components import (
    COLUMNS,
    ROWS,
    SPACES,
    SagradaComponents,
    table_or_default,
)
from sintra_rules.games.sagrada.placement import space_name
from sintra_rules.games.sagrada.state import (
    BORDER,
    ORTHOGONAL,
    ChanceStep,
    Die,
    PlayerState,
    SagradaState,
    SubStep,
    die,
    snake_seat,
)

__all__ = [
    "TAG",
    "VERSION",
    "pattern_code",
    "pattern_from_code",
    "position_from_text",
    "position_to_text",
]

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


class _Text:
    """The text being read; every failure names the field, the character and the clause."""

    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, field: str, at: int, clause: str, reason: str) -> NoReturn:
        raise PositionError(self.text, field, at + 1, clause, reason)


def _show(text: str, limit: int = 24) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")


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
    """The words of the line with their positions, after the checks of the line's form."""
    text = src.text
    for index, char in enumerate(text):
        if char != " " and not char.isprintable():
            src.fail("text", index, "ENG-12", f"{char!r}: a position is one line of text")
    if not text.strip():
        src.fail("text", 0, "ENG-12", f"empty: a position starts with {TAG!r}")
    if text != text.strip(" ") or "  " in text:
        spot = (
            text.index("  ")
            if "  " in text and text == text.strip(" ")
            else (0 if text.startswith(" ") else len(text) - 1)
        )
        src.fail(
            "text",
            spot,
            "ENG-12",
            "fields are separated by single spaces, with none before the first or after the last",
        )
    words: list[tuple[int, str]] = []
    pos = 0
    for word in text.split(" "):
        words.append((pos, word))
        pos += len(word) + 1
    return words


def position_from_text(text: str, components: SagradaComponents | None = None) -> SagradaState:
    """Read a position written in the one-line notation (ENG-12, ENG-15).

    The state has no generator (ENG-05): continue it with supplied chance outcomes
    (:func:`~sintra_rules.games.sagrada.chance.apply_chance`) or give it a generator
    (:func:`~sintra_rules.games.sagrada.chance.determinize`).

    Args:
        text: the position, one line (see the module docstring).
        components: the component table it is played with (default: the shipped one).

    Returns:
        The position.

    Raises:
        PositionError: the text is malformed or describes an impossible position; the error
            names the field, the 1-based character position and the clause.

    >>> position_from_text("sagrada2 round:1")
    Traceback (most recent call last):
    ...
    sintra_rules.errors.PositionError: bad position: version, character 1: unknown notation \
version 'sagrada2' (this library reads 'sagrada1') (ENG-12)
    """
    if not isinstance(text, str):
        raise PositionError(
            repr(text), "text", 0, "ENG-12", f"expected a string, not {type(text).__name__}"
        )
    table = table_or_default(components)
    src = _Text(text)
    words = _split(src)
    first = words[0][1]
    if first != TAG:
        if first.startswith("sagrada"):
            src.fail(
                "version",
                0,
                "ENG-12",
                f"unknown notation version {_show(first)} (this library reads {TAG!r})",
            )
        src.fail("version", 0, "ENG-12", f"a position starts with {TAG!r}, found {_show(first)}")
    rest = words[1:]
    fields: dict[str, tuple[int, str]] = {}
    for label in _HEAD:
        if not rest:
            src.fail(label, len(text), "ENG-12", f"the text ends before '{label}:'")
        at, word = rest.pop(0)
        if not word.startswith(label + ":"):
            src.fail(label, at, "ENG-12", f"expected '{label}:' here, found {_show(word)}")
        fields[label] = (at + len(label) + 1, word[len(label) + 1 :])
        if not fields[label][1]:
            src.fail(
                label, at + len(label), "ENG-12", f"'{label}:' has no value (write '-' for none)"
            )
    for label in _OPTIONAL:
        if rest and rest[0][1].startswith(label + ":"):
            at, word = rest.pop(0)
            fields[label] = (at + len(label) + 1, word[len(label) + 1 :])
    for label, (at, value) in fields.items():
        if not value:
            src.fail(label, at - 1, "ENG-12", f"'{label}:' has no value (write '-' for none)")
    players_text: list[tuple[int, str]] = []
    for at, word in rest:
        label = f"p{len(players_text) + 1}:"
        if not word.startswith(label):
            known = [f for f in (*_HEAD, *_OPTIONAL) if word.startswith(f + ":")]
            if known:
                src.fail(
                    known[0],
                    at,
                    "ENG-12",
                    f"'{known[0]}:' is out of place or given twice: the fields come in the order "
                    f"{', '.join(_HEAD + _OPTIONAL)}, then the players",
                )
            expected = f"'{label}'" if players_text else "an optional field or 'p1:'"
            src.fail(
                f"player {len(players_text) + 1}",
                at,
                "ENG-12",
                f"expected {expected} here, found {_show(word)}",
            )
        players_text.append((at + len(label), word[len(label) :]))
    return _Reader(src, table, fields, players_text).state()


class _Reader:
    """The fields of a position, read into a state and checked (ENG-15): each field is read
    in the order of the line, then the checks across fields run."""

    def __init__(
        self,
        src: _Text,
        table: SagradaComponents,
        fields: dict[str, tuple[int, str]],
        players: list[tuple[int, str]],
    ) -> None:
        self.src = src
        self.table = table
        self.fields = fields
        self.players_text = players
        self.n = len(players)
        self.solo = self.n == 1
        self.round = 0
        self.start: int | None = None
        self.turn_seat = 0
        self.turn_k = 0
        self.tools: list[int] = []
        self.tokens: list[int] = []
        self.spent: list[Die | None] = []
        self.publics: list[int] = []
        self.difficulty: int | None = None
        self.pool: tuple[Die, ...] = ()
        self.track: list[tuple[Die, ...]] = []
        self.track_at: list[int] = []
        self.hand: Die | None = None
        self.drafted = False
        self.tool_used = False
        self.active: int | None = None
        self.sub: SubStep = ""
        self.lifted: int | None = None
        self.moved: int | None = None
        self.skips: list[int] = []
        self.chance: ChanceStep | None = None
        self.players: list[_Player] = []
        self.bag_given: tuple[int, ...] | None = None

    def fail(self, field: str, clause: str, reason: str, at: int | None = None) -> NoReturn:
        """Refuse the position at ``field`` (its first character unless ``at`` is given)."""
        where = self.fields[field][0] if at is None and field in self.fields else (at or 0)
        self.src.fail(field, where, clause, reason)

    @property
    def in_setup(self) -> bool:
        return self.round == 0

    @property
    def over(self) -> bool:
        return self.round > self.table.rounds

    def state(self) -> SagradaState:
        """The position, once every field is read and every check passed."""
        self._read_round()
        self._read_start_turn()
        self._read_tools()
        self._read_publics()
        self._read_difficulty()
        self._read_dice()
        self._read_turn_fields()
        self.chance = self._read_chance()
        self.players = [
            _read_player(self.src, seat, at, text, self.table)
            for seat, (at, text) in enumerate(self.players_text)
        ]
        if "bag" in self.fields:
            self.bag_given = self._bag()
        players = [self._player_state(seat, p) for seat, p in enumerate(self.players)]
        setup_step = self._deal(players)
        if setup_step is not None:
            self.chance = setup_step
        self._check_start()
        self._favor(players)
        step, turn = self._check_phase(players)
        self._turn_state(step, players)
        table = self.table
        state = SagradaState(
            components=table,
            players=tuple(players),
            round=self.round,
            start=0 if self.start is None else self.start,
            step=step,
            turn=turn,
            tools=tuple(self.tools),
            tokens=tuple(self.tokens),
            spent=tuple(self.spent),
            publics=tuple(self.publics),
            pool=self.pool,
            hand=self.hand,
            track=tuple(self.track),
            bag=(0,) * table.colours,
            drafted=self.drafted,
            tool_used=self.tool_used,
            active=self.active,
            sub=self.sub,
            lifted=self.lifted,
            moved=self.moved,
            skips=tuple(self.skips),
            difficulty=self.difficulty,
            rng=None,
            chance=self.chance,
        )
        state = attrs.evolve(state, bag=self._conserved(state))
        self._windows(state)
        self._playable(state)
        return state

    # -- the fields, in the order of the line -----------------------------------------

    def _read_round(self) -> None:
        src, table = self.src, self.table
        at, value = self.fields["round"]
        if value == "setup":
            self.round = 0
        elif value == "over":
            self.round = table.rounds + 1
        else:
            self.round = _number(src, "round", at, value, "ROUND-01", 1, table.rounds)
        if self.n not in table.player_counts:
            where = self.players_text[0][0] - 3 if self.players_text else len(src.text)
            src.fail(
                "players",
                where,
                "COMP-02",
                f"Sagrada is played by 1 to 4 players (p1: to p4:), got {self.n}",
            )

    def _read_start_turn(self) -> None:
        src, n = self.src, self.n
        at, value = self.fields["start"]
        if value != _NONE:
            self.start = _number(src, "start", at, value, "ENG-01", 1, n) - 1
        at, value = self.fields["turn"]
        if self.in_setup:
            if "." in value:
                src.fail("turn", at, "RUL-10", "in setup the turn is the player choosing: turn:P")
            self.turn_seat = _number(src, "turn", at, value, "RUL-10", 1, n) - 1
            return
        seat_text, dot, k_text = value.partition(".")
        if not dot:
            src.fail(
                "turn",
                at,
                "ROUND-03",
                "write the player and which of their two turns of the round it is: turn:2.1",
            )
        self.turn_seat = _number(src, "turn", at, seat_text, "ENG-01", 1, n) - 1
        self.turn_k = _number(src, "turn", at + len(seat_text) + 1, k_text, "ROUND-03", 1, 2)

    def _read_tools(self) -> None:
        src, table = self.src, self.table
        at, value = self.fields["tools"]
        if value == _NONE:
            return
        for item in value.split(","):
            number_text, eq, paid = item.partition("=")
            card = _number(src, "tools", at, number_text, "COMP-06", 1, len(table.tools)) - 1
            if card in self.tools:
                src.fail("tools", at, "COMP-06", f"tool {card + 1} is in play twice")
            where = at + len(number_text) + 1
            tokens, paid_die = 0, None
            if eq and self.solo:
                if len(paid) != 2:
                    src.fail(
                        "tools", where, "SOLO-03", f"one die pays for a tool, got {_show(paid)}"
                    )
                paid_die = _die(src, "tools", where, paid, table)
                colour = table.tools[card].colour
                if paid_die[0] != colour:
                    src.fail(
                        "tools",
                        where,
                        "SOLO-03",
                        f"tool {card + 1} is paid with a {table.colour_codes[colour]} die",
                    )
            elif eq:
                tokens = _number(src, "tools", where, paid, "FAVOR-02", 1, 99)
                if tokens % 2 == 0:
                    src.fail(
                        "tools",
                        where,
                        "FAVOR-02",
                        f"{tokens} favor tokens cannot lie on a card: the first use puts 1 on "
                        "it, every later use 2",
                    )
            self.tools.append(card)
            self.tokens.append(tokens)
            self.spent.append(paid_die)
            at += len(item) + 1

    def _read_publics(self) -> None:
        at, value = self.fields["publics"]
        high = len(self.table.publics)
        self.publics = [c - 1 for c, _ in _numbers(self.src, "publics", at, value, "COMP-04", high)]
        if len(set(self.publics)) != len(self.publics):
            self.fail("publics", "COMP-04", "a public objective is in play twice")
        most = 2 if self.solo else 3
        if len(self.publics) > most:
            self.fail(
                "publics",
                "SOLO-01" if self.solo else "SETUP-05",
                f"{most} public objectives are in play, got {len(self.publics)}",
            )

    def _read_difficulty(self) -> None:
        if "difficulty" in self.fields:
            at, value = self.fields["difficulty"]
            if not self.solo:
                self.fail("difficulty", "SETUP-04", "only the solo game has a difficulty")
            self.difficulty = _number(self.src, "difficulty", at, value, "SOLO-01", 1, 5)
        elif self.solo:
            self.fail(
                "players",
                "SOLO-01",
                "the solo game gives its difficulty, 1 to 5 tool cards: write difficulty:N",
                at=self.players_text[0][0] - 3,
            )
        most = self.difficulty if self.difficulty is not None else 3
        if len(self.tools) > most:
            self.fail(
                "tools",
                "SOLO-01" if self.solo else "SETUP-04",
                f"{most} tool cards are in play, got {len(self.tools)}",
            )

    def _read_dice(self) -> None:
        src, table = self.src, self.table
        at, value = self.fields["pool"]
        self.pool = tuple(sorted(_dice(src, "pool", at, value, table)))
        at, value = self.fields["track"]
        if value != _NONE:
            spaces = value.split("/")
            if len(spaces) > table.rounds:
                src.fail("track", at, "COMP-07", f"the round track has {table.rounds} spaces")
            for index, space in enumerate(spaces):
                if not space:
                    src.fail("track", at, "ENG-12", "write '-' for an empty space of the track")
                field = f"track space {index + 1}"
                self.track.append(tuple(sorted(_dice(src, field, at, space, table))))
                self.track_at.append(at)
                at += len(space) + 1
        self.track += [()] * (table.rounds - len(self.track))

    def _read_turn_fields(self) -> None:
        src, table = self.src, self.table
        if "hand" in self.fields:
            at, value = self.fields["hand"]
            if len(value) != 2:
                src.fail(
                    "hand",
                    at,
                    "TURN-04",
                    f"the hand holds one die, such as 'B5'; found {_show(value)}",
                )
            self.hand = _die(src, "hand", at, value, table, unknown=True)
        if "done" in self.fields:
            at, value = self.fields["done"]
            if value not in ("draft", "tool", "draft,tool"):
                src.fail(
                    "done",
                    at,
                    "TURN-01",
                    f"expected draft, tool or draft,tool (what was done this turn), found "
                    f"{_show(value)}",
                )
            self.drafted, self.tool_used = "draft" in value, "tool" in value
        if "tool" in self.fields:
            at, value = self.fields["tool"]
            number = _number(src, "tool", at, value, "COMP-06", 1, len(table.tools))
            slots = [s for s, card in enumerate(self.tools) if table.tools[card].number == number]
            if not slots:
                src.fail("tool", at, "TOOL-14", f"tool {number} is not in play")
            self.active = slots[0]
        if "step" in self.fields:
            at, value = self.fields["step"]
            if value not in _SUBS:
                src.fail(
                    "step",
                    at,
                    "TOOL-14",
                    f"expected one of {', '.join(_SUBS)}, found {_show(value)}",
                )
            self.sub = _SUBS[_SUBS.index(value)]  # type: ignore[assignment]
        if "lifted" in self.fields:
            self.lifted = _space(src, "lifted", *self.fields["lifted"])
        if "moved" in self.fields:
            self.moved = _space(src, "moved", *self.fields["moved"])
        if "skips" in self.fields:
            at, value = self.fields["skips"]
            self.skips = [s - 1 for s, _ in _numbers(src, "skips", at, value, "RUL-06", self.n)]
            if self.skips != sorted(set(self.skips)) or not self.skips:
                self.fail("skips", "RUL-06", "the players are listed once each, in seat order")

    def _read_chance(self) -> ChanceStep | None:
        """The pending chance step; setup's steps get their seat and index from :meth:`_deal`."""
        field = self.fields.get("chance")
        if field is None:
            return None
        src, table = self.src, self.table
        at, value = field
        kind, dot, detail = value.partition(".")
        if self.over:
            src.fail("chance", at, "ROUND-06", "the game is over: no chance step follows")
        kinds = _DEALS if self.in_setup else _ROUND_CHANCE
        if kind not in kinds:
            what = "setup deals" if self.in_setup else "rounds have"
            src.fail(
                "chance",
                at,
                "ENG-03",
                f"{what} the chance steps {', '.join(kinds)}; found {_show(value)}",
            )
        if kind == "roll":
            if not dot or len(detail) != 1:
                src.fail("chance", at, "ENG-04", "a roll names the colour of the die drawn: roll.G")
            colour = _colour(src, "chance", at + 5, detail, table)
            return ChanceStep("roll", dice=(die(colour, 0),))
        if kind == "reroll":
            return ChanceStep("reroll", dice=self._reroll(at + 7, detail if dot else ""))
        if dot:
            src.fail("chance", at + len(kind), "ENG-12", f"a {kind} step has no detail")
        return ChanceStep(kind)  # type: ignore[arg-type]

    def _reroll(self, at: int, detail: str) -> tuple[Die, ...]:
        """Glazing Hammer's dice still to re-roll: pool dice, in canonical order (ENG-04)."""
        src, table = self.src, self.table
        if not detail:
            src.fail(
                "chance",
                at,
                "ENG-04",
                "a re-roll lists the pool dice still to re-roll: reroll.B1G4",
            )
        dice = _dice(src, "chance", at, detail, table)
        if dice != sorted(dice):
            src.fail(
                "chance",
                at,
                "ENG-04",
                "the pool dice are re-rolled in canonical order (colour, then value)",
            )
        rest = list(self.pool)
        for d in dice:
            if d not in rest:
                src.fail(
                    "chance", at, "TOOL-07", f"the pool holds no {_die_text(table, d)} to re-roll"
                )
            rest.remove(d)
        return tuple(dice)

    def _bag(self) -> tuple[int, ...]:
        at, text = self.fields["bag"]
        counts = [0] * self.table.colours
        if text == _NONE:
            return tuple(counts)
        pos = 0
        while pos < len(text):
            begin = pos
            while pos < len(text) and text[pos].isascii() and text[pos].isdigit():
                pos += 1
            count = 1
            if pos > begin:
                count = _number(self.src, "bag", at + begin, text[begin:pos], "COMP-01", 2, 18)
            colour = _colour(self.src, "bag", at + pos, text[pos : pos + 1], self.table)
            if counts[colour]:
                self.src.fail("bag", at + pos, "COMP-01", "write each colour once")
            counts[colour] = count
            pos += 1
        return tuple(counts)

    # -- the checks across fields (ENG-15) ------------------------------------------------

    def _player_state(self, seat: int, p: _Player) -> PlayerState:
        """A player's cards, favor tokens and private objectives (SETUP-01 to SETUP-03)."""
        table = self.table
        field = f"player {seat + 1}"
        cards = p.cards
        if p.pattern is not None:
            card = table.patterns[p.pattern].card - 1
            if cards is None:
                cards = (card,)
            elif card not in cards:
                self.fail(
                    f"{field} cards",
                    "SETUP-02",
                    f"{table.patterns[p.pattern].name} is a face of card {card + 1}, which the "
                    "player was not dealt",
                    at=p.cards_at,
                )
        elif cards is None:
            cards = ()
        favor = 0
        if p.favor is not None:
            if self.solo or p.pattern is None:
                self.fail(
                    f"{field} favor",
                    "SOLO-01" if self.solo else "SETUP-03",
                    "the solo game has no favor tokens"
                    if self.solo
                    else "favor tokens are taken with the pattern",
                    at=p.favor_at,
                )
            most = table.patterns[p.pattern].favor
            if p.favor > most:
                self.fail(
                    f"{field} favor",
                    "SETUP-03",
                    f"{table.patterns[p.pattern].name} gives {most} favor tokens, not more",
                    at=p.favor_at,
                )
            favor = p.favor
        elif p.pattern is not None and not self.solo:
            favor = table.patterns[p.pattern].favor
        want = 2 if self.solo else 1
        dealing = self.in_setup and self.chance is not None
        if len(p.privates) > want or (p.privates and len(p.privates) < want and not dealing):
            self.fail(
                f"{field} private",
                "SOLO-01" if self.solo else "SETUP-01",
                f"the player holds {want} private objective{'s' if want > 1 else ''}",
                at=p.private_at,
            )
        if self.in_setup and any(d is not None for d in p.window):
            self.fail(
                f"{field} window",
                "ROUND-02",
                "dice are placed from round 1 on: the windows are empty in setup",
                at=p.pattern_at,
            )
        return PlayerState(
            cards=cards, pattern=p.pattern, window=p.window, favor=favor, privates=p.privates
        )

    def _deal(self, players: list[PlayerState]) -> ChanceStep | None:
        """The cards dealt: each once (COMP-03, COMP-05), all of them after setup, and in setup
        a beginning of ENG-04's order; returns setup's pending deal step with its seat and
        index (SETUP-01 to SETUP-05, ENG-04)."""
        for kind, clause, holders in (
            ("private", "COMP-05", [p.privates for p in players]),
            ("pattern", "COMP-03", [p.cards for p in players]),
        ):
            seen: set[int] = set()
            for seat, cards in enumerate(holders):
                if seen & set(cards):
                    field = f"player {seat + 1} {'private' if kind == 'private' else 'cards'}"
                    self.fail(
                        field,
                        clause,
                        f"a {kind} card is dealt only once",
                        at=self.players[seat].pattern_at,
                    )
                seen |= set(cards)
        solo = self.solo
        want_tools = self.difficulty if solo else 3
        assert want_tools is not None
        want_publics = 2 if solo else 3
        if not self.in_setup:
            if len(self.tools) != want_tools:
                self.fail(
                    "tools",
                    "SOLO-01" if solo else "SETUP-04",
                    f"{want_tools} tool cards are in play after setup, got {len(self.tools)}",
                )
            if len(self.publics) != want_publics:
                self.fail(
                    "publics",
                    "SOLO-01" if solo else "SETUP-05",
                    f"{want_publics} public objectives are in play after setup, got "
                    f"{len(self.publics)}",
                )
            return None
        items: list[tuple[str, int, int, bool]] = []
        for seat, p in enumerate(players):
            items += [("private", seat, i, len(p.privates) > i) for i in range(2 if solo else 1)]
        for seat, p in enumerate(players):
            items += [("pattern", seat, i, len(p.cards) > i) for i in range(2)]
        items += [("tool", 0, i, len(self.tools) > i) for i in range(want_tools)]
        items += [("public", 0, i, len(self.publics) > i) for i in range(want_publics)]
        if self.chance is None:
            # choosing patterns: every card dealt (the private objectives may be unknown)
            missing = [item for item in items if not item[3] and item[0] != "private"]
            if missing:
                kind = missing[0][0]
                self.fail(
                    "players" if kind == "pattern" else f"{kind}s",
                    "ENG-04",
                    f"the {kind} cards are not all dealt: write the pending step, chance:{kind}",
                    at=self.players_text[0][0] - 3 if kind == "pattern" else None,
                )
            return None
        done = [item[3] for item in items]
        first_missing = done.index(False) if False in done else len(done)
        if any(done[first_missing:]):
            self.fail(
                "chance",
                "ENG-04",
                "cards are dealt in the order of ENG-04: the private objectives, each player's two "
                "pattern cards, the tools, the public objectives, then the start player",
            )
        if first_missing < len(items):
            kind, seat, index, _ = items[first_missing]
            expected = ChanceStep(kind, seat, index)  # type: ignore[arg-type]
        elif not solo:
            expected = ChanceStep("start")
        else:
            self.fail("chance", "ENG-04", "every card is dealt: no chance step is pending")
        if self.chance.kind != expected.kind:
            self.fail(
                "chance",
                "ENG-04",
                f"the next step of the deal is chance:{expected.kind} (ENG-04 fixes the order)",
            )
        return expected

    def _check_start(self) -> None:
        """The start player: drawn as setup's last step (RUL-19); the solo player's seat."""
        drawing = self.in_setup and not self.solo and self.chance is not None
        if self.start is None and not drawing:
            self.fail(
                "start", "ROUND-05", "write the start player (only setup's deal has none yet)"
            )
        if self.start is not None and drawing:
            self.fail(
                "start",
                "RUL-19",
                "while cards are dealt the start player is not drawn yet: write start:-",
            )
        if self.solo and self.start not in (None, 0):
            self.fail("start", "SOLO-02", "the solo player is player 1")

    def _favor(self, players: list[PlayerState]) -> None:
        """FAVOR-04: the tokens on the tool cards are those the players spent; the solo game
        has none (SOLO-01)."""
        table = self.table
        if self.solo:
            if any(self.tokens):
                self.fail("tools", "SOLO-01", "the solo game has no favor tokens")
            return
        if any(d is not None for d in self.spent):
            self.fail("tools", "SOLO-03", "only the solo game pays for tools with dice")
        spent = sum(
            table.patterns[p.pattern].favor - p.favor for p in players if p.pattern is not None
        )
        if spent != sum(self.tokens):
            self.fail(
                "tools",
                "FAVOR-04",
                f"the tool cards hold {sum(self.tokens)} favor tokens, but the players spent "
                f"{spent} (their patterns' difficulty less the tokens they hold)",
            )

    def _check_phase(self, players: list[PlayerState]) -> tuple[int, int]:
        """Setup, a round or the end: what each allows (RUL-10, ROUND-02 to ROUND-04); returns
        the position in the snake order and the seat to act (ROUND-03)."""
        n, table = self.n, self.table
        idle = [
            name
            for name, given in (
                ("pool", bool(self.pool)),
                ("hand", self.hand is not None),
                ("done", self.drafted or self.tool_used),
            )
            if given
        ]
        if (self.in_setup or self.over) and idle:
            when = "in setup" if self.in_setup else "once the game is over"
            self.fail(idle[0], "TURN-01", f"no turn is in progress {when}")
        if self.in_setup:
            if any(self.track):
                self.fail("track", "ROUND-04", "the round track is empty until round 1 ends")
            if any(d is not None for d in self.spent):
                self.fail("tools", "SOLO-03", "no tool is used in setup")
            chose = [p.pattern is not None for p in players]
            if self.chance is not None:
                if self.turn_seat != 0:
                    self.fail("turn", "ENG-04", "while cards are dealt nobody chooses: turn:1")
                if any(chose):
                    self.fail(
                        f"player {chose.index(True) + 1}",
                        "ENG-04",
                        "patterns are chosen after the deal",
                        at=self.players[chose.index(True)].pattern_at,
                    )
            elif chose != [s < self.turn_seat for s in range(n)]:
                self.fail(
                    "turn",
                    "RUL-10",
                    f"the players choose their patterns in seat order: player "
                    f"{self.turn_seat + 1} chooses once those before have chosen and none after",
                )
            return 0, self.turn_seat
        for seat, p in enumerate(players):
            if p.pattern is None:
                self.fail(
                    f"player {seat + 1}",
                    "RUL-10",
                    "every player has chosen a pattern after setup",
                    at=self.players[seat].pattern_at,
                )
        if not self.over:
            for index in range(self.round - 1, table.rounds):
                if self.track[index]:
                    self.fail(
                        "track",
                        "ROUND-04",
                        f"space {index + 1} holds dice, but round {index + 1} has not ended",
                        at=self.track_at[index],
                    )
        if len(self.pool) > table.pool_size(n):
            self.fail(
                "pool",
                "ROUND-02",
                f"the draft pool holds {table.pool_size(n)} dice at most with {n} "
                f"player{'s' if n > 1 else ''}",
            )
        start = 0 if self.start is None else self.start
        offset = (self.turn_seat - start) % n
        step = offset if self.turn_k == 1 else 2 * n - 1 - offset
        return step, snake_seat(start, step, n)

    def _turn_state(self, step: int, players: list[PlayerState]) -> None:
        """The turn in progress is one the rules reach (TURN-01 to TURN-04, TOOL-13, TOOL-14,
        RUL-06, RUL-12, RUL-14, ENG-04)."""
        table = self.table
        in_round = 0 < self.round <= table.rounds
        progress = [
            name
            for name, given in (
                ("tool", self.active is not None),
                ("step", bool(self.sub)),
                ("lifted", self.lifted is not None),
                ("moved", self.moved is not None),
                ("skips", bool(self.skips)),
            )
            if given
        ]
        if not in_round:
            if progress:
                self.fail(progress[0], "TURN-01", "no turn is in progress")
            return
        kind = None if self.chance is None else self.chance.kind
        if kind in ("draw", "roll"):
            if step != 0 or self.drafted or self.tool_used or self.hand is not None or progress:
                self.fail(
                    "chance",
                    "ROUND-02",
                    "the draft pool is drawn before the round's first turn: nothing is done yet",
                )
            if len(self.pool) >= table.pool_size(self.n):
                self.fail("chance", "ROUND-02", "the pool already holds its dice: none is drawn")
        if self.hand is not None and not self.drafted:
            self.fail("hand", "TURN-03", "a die in hand was drafted this turn: write done:draft")
        if self.active is not None and not self.tool_used:
            self.fail("tool", "FAVOR-01", "a tool in use was paid this turn: write done:tool")
        if (self.hand is not None and self.hand[1] == 0) != (self.sub == "flux"):
            self.fail(
                "hand" if self.hand is not None else "step",
                "RUL-12",
                "the die Flux Remover drew has no value ('G?') exactly while its value is chosen "
                "(step:flux)",
            )
        self._skips(step)
        self._tool_step(step)
        self._moving(step, players)
        self._tool_chance(step)

    def _skips(self, step: int) -> None:
        """RUL-06: a skipped second turn is not played; a player gives it up in the first."""
        start = 0 if self.start is None else self.start
        seat = snake_seat(start, step, self.n)
        if step >= self.n and seat in self.skips:
            self.fail("turn", "RUL-06", "this turn is skipped (Running Pliers): it is not played")
        for s in self.skips:
            if (s - start) % self.n > step:
                self.fail(
                    "skips", "RUL-06", f"player {s + 1} has not had the first turn of the round yet"
                )
        if self.sub == "running" and (not self.drafted or step >= self.n or seat not in self.skips):
            self.fail(
                "step",
                "RUL-06",
                "Running Pliers follows the draft of a first turn and skips the player's second "
                "turn (skips:)",
            )

    def _tool_step(self, step: int) -> None:
        """TOOL-14: the step a tool in use waits for belongs to it."""
        sub, active = self.sub, self.active
        number = None if active is None else self.table.tools[self.tools[active]].number
        if not sub:
            if active is not None and (self.chance is None or self.chance.kind not in _TOOL_ROLLS):
                self.fail("tool", "TOOL-14", "a tool in use waits at a step: write step:NAME")
            return
        if not self.tool_used:
            self.fail("step", "TOOL-14", "a tool's step follows its payment: write done:tool")
        tap_second = sub == "drop2" and active is None
        if not tap_second and number not in _STEP_TOOL[sub]:
            names = " or ".join(str(t) for t in _STEP_TOOL[sub])
            self.fail("step", "TOOL-14", f"step:{sub} belongs to tool {names}: write tool:N")
        needs_hand = sub in ("grozing", "lens", "cork", "flux", "flux_place")
        if needs_hand != (self.hand is not None):
            what = "acts on the die in hand" if needs_hand else "holds no die in hand"
            self.fail("step", "TOOL-14", f"step:{sub} {what}")
        if sub == "lens" and not any(self.track):
            self.fail("step", "TOOL-05", "the round track holds no die to swap with")

    def _moving(self, step: int, players: list[PlayerState]) -> None:
        """TOOL-13: the die lifted, and the die a first move moved (TOOL-04, RUL-07)."""
        sub, lifted, moved = self.sub, self.lifted, self.moved
        if sub in ("drop", "drop2") and lifted is None:
            self.fail("step", "TOOL-13", f"step:{sub} places the lifted die: write lifted:rRcC")
        if sub not in ("drop", "drop2") and lifted is not None:
            self.fail("lifted", "TOOL-13", "a die is lifted only while its move waits (step:drop)")
        second = sub in ("pick2", "drop2") or (sub == "" and moved is not None)
        if second != (moved is not None):
            self.fail(
                "moved" if moved is not None else "step",
                "TOOL-13",
                "the space a first move took its die to is written exactly while a second move "
                "may follow (Lathekin, Tap Wheel)",
            )
        if moved is not None and sub == "" and (self.hand is not None or not self.tool_used):
            self.fail("moved", "RUL-07", "Tap Wheel's first move leaves no die in hand")
        if moved is not None and sub == "" and self.active is not None:
            self.fail("moved", "RUL-07", "Tap Wheel's second move follows a completed first move")
        start = 0 if self.start is None else self.start
        seat = snake_seat(start, step, self.n)
        window = players[seat].window
        for name, cell in (("lifted", lifted), ("moved", moved)):
            if cell is not None and window[cell] is None:
                self.fail(
                    name,
                    "TOOL-13",
                    f"{space_name(cell)} of player {seat + 1}'s window holds no die",
                )
        if lifted is not None and lifted == moved:
            self.fail("lifted", "TOOL-04", "the second move moves another die")

    def _tool_chance(self, step: int) -> None:
        """The chance steps of tools: Flux Brush (TOOL-06), Flux Remover (TOOL-11), Glazing
        Hammer (TOOL-07)."""
        kind = None if self.chance is None else self.chance.kind
        active = self.active
        number = None if active is None else self.table.tools[self.tools[active]].number
        if kind == "brush" and (number != _BRUSH or self.hand is None or self.sub):
            self.fail("chance", "TOOL-06", "Flux Brush re-rolls the die in hand: tool:6, hand:")
        if kind == "remover" and (number != _REMOVER or self.hand is not None or self.sub):
            self.fail("chance", "TOOL-11", "Flux Remover draws a die with none in hand: tool:11")
        if kind == "reroll" and (
            active is not None
            or self.sub
            or self.hand is not None
            or self.drafted
            or not self.tool_used
            or step < self.n
        ):
            self.fail(
                "chance",
                "TOOL-07",
                "Glazing Hammer re-rolls in a second turn, before the draft, once paid (done:tool)",
            )

    def _conserved(self, state: SagradaState) -> tuple[int, ...]:
        """COMP-01: the bag holds what remains of the 18 dice of each colour."""
        table = self.table
        counts = state.dice_counts()
        bag = tuple(table.dice_per_colour - c for c in counts)
        for colour, left in enumerate(bag):
            if left < 0:
                self.fail(
                    "bag" if self.bag_given is not None else "text",
                    "COMP-01",
                    f"{counts[colour]} {table.colour_names[colour]} dice are written, the game "
                    f"has {table.dice_per_colour} of each colour",
                    at=None if self.bag_given is not None else 0,
                )
        if self.bag_given is not None and self.bag_given != bag:
            shown = "".join(
                f"{n if n > 1 else ''}{c}"
                for c, n in zip(table.colour_codes, bag, strict=True)
                if n
            )
            self.fail(
                "bag",
                "COMP-01",
                f"the bag holds what is left of the 18 dice of each colour: {shown or '-'}",
            )
        return bag

    def _windows(self, state: SagradaState) -> None:
        """RUL-16: no window breaks a restriction (so PLACE-09 never applies): no two
        orthogonal neighbours of one colour or value (PLACE-06, PLACE-07), a die on a colour or
        value space of its own colour or value unless Eglomise Brush or Copper Foil Burnisher is
        in play (PLACE-03, PLACE-04, TOOL-02, TOOL-03), a lone die on an edge or corner space
        (PLACE-01)."""
        table = self.table
        numbers = {table.tools[card].number for card in state.tools}
        codes = table.colour_codes
        for seat, player in enumerate(state.players):
            if player.pattern is None:
                continue
            pattern = table.patterns[player.pattern]
            window = player.window
            at = self.players[seat].window_at
            for cell, d in enumerate(window):
                if d is None:
                    continue
                name = space_name(cell)
                field = f"player {seat + 1} {name}"
                need, want = pattern.colours[cell], pattern.values[cell]
                if need >= 0 and need != d[0] and _EGLOMISE not in numbers:
                    self.fail(
                        field,
                        "PLACE-03",
                        f"{name} takes only a {codes[need]} die, not {codes[d[0]]} (RUL-16)",
                        at=at[cell],
                    )
                if want and want != d[1] and _COPPER not in numbers:
                    self.fail(
                        field,
                        "PLACE-04",
                        f"{name} takes only a die showing {want}, not {d[1]} (RUL-16)",
                        at=at[cell],
                    )
                for other in ORTHOGONAL[cell]:
                    e = window[other]
                    if other < cell and e is not None and (e[0] == d[0] or e[1] == d[1]):
                        same = "colour" if e[0] == d[0] else "value"
                        self.fail(
                            field,
                            "PLACE-06" if same == "colour" else "PLACE-07",
                            f"{name} is orthogonally next to {space_name(other)}, a die of the "
                            f"same {same} (RUL-16)",
                            at=at[cell],
                        )
            dice = [cell for cell, d in enumerate(window) if d is not None]
            if len(dice) == 1 and dice[0] not in BORDER:
                name = space_name(dice[0])
                self.fail(
                    f"player {seat + 1} {name}",
                    "PLACE-01",
                    f"the window's only die lies on the inner space {name}; a first die goes on "
                    "an edge or corner space (RUL-16)",
                    at=at[dice[0]],
                )

    def _playable(self, state: SagradaState) -> None:
        """ENG-08, ENG-03: a player to act has a decision, a chance step an outcome."""
        from sintra_rules.games.sagrada.legality import legal_actions

        if state.chance is not None:
            if state.chance.kind in ("draw", "remover") and not any(state.bag):
                self.fail("chance", "ENG-03", "the bag is empty: no die can be drawn")
            return
        if not state.is_over and not legal_actions(state):
            self.fail(
                "turn",
                "ENG-08",
                f"player {state.turn + 1} would have no decision here: the turn in progress is "
                "not one the rules reach",
            )


# ---------------------------------------------------------------------------- writing


def _tool_text(state: SagradaState, slot: int) -> str:
    table = state.components
    text = str(table.tools[state.tools[slot]].number)
    paid = state.spent[slot]
    if paid is not None:
        return f"{text}={_die_text(table, paid)}"
    if state.tokens[slot]:
        return f"{text}={state.tokens[slot]}"
    return text


def _player_text(state: SagradaState, seat: int) -> str:
    table = state.components
    player = state.players[seat]
    items = [_NONE if player.pattern is None else pattern_code(table, player.pattern)]
    if player.pattern is None:
        if player.cards:
            items.append("cards=" + ".".join(str(c + 1) for c in player.cards))
    else:
        card = table.patterns[player.pattern].card - 1
        if player.cards != (card,):
            items.append("cards=" + ".".join(str(c + 1) for c in player.cards))
        if not state.is_solo and player.favor != table.patterns[player.pattern].favor:
            items.append(f"favor={player.favor}")
    if player.privates:
        items.append(
            "private="
            + "".join(table.colour_codes[table.privates[c].colour] for c in player.privates)
        )
    text = f"p{seat + 1}:" + ",".join(items)
    if player.pattern is not None:
        rows = []
        for r in range(ROWS):
            cells = player.window[r * COLUMNS : (r + 1) * COLUMNS]
            rows.append("".join("." if d is None else _die_text(table, d) for d in cells))
        text += ":" + "/".join(rows)
    return text


def _setup_pending(state: SagradaState) -> bool:
    return state.round == 0 and state.chance is not None


def position_to_text(state: SagradaState) -> str:
    r"""The one-line notation of ``state`` (ENG-12), in its canonical spelling, which
    :func:`position_from_text` reads back to the same state (the generator aside, ENG-05).

    Args:
        state: a valid position (from the engine, a loader or this module).

    Returns:
        The position as one line.

    >>> from sintra_rules.games.sagrada import new_game
    >>> text = position_to_text(new_game(2, seed=0))
    >>> print(text.replace(" p1:", "\n  p1:").replace(" p2:", "\n  p2:"))
    sagrada1 round:setup start:2 turn:1 tools:6,7,12 publics:1,3,9 pool:- track:-
      p1:-,cards=8.4,private=R
      p2:-,cards=10.5,private=Y
    """
    table = state.components
    n = state.num_players
    if state.round == 0:
        round_text = "setup"
        turn_text = str(state.turn + 1)
    else:
        round_text = "over" if state.is_over else str(state.round)
        offset = (state.turn - state.start) % n
        turn_text = f"{state.turn + 1}.{1 if state.step == offset and state.step < n else 2}"
    start_text = _NONE if _setup_pending(state) and not state.is_solo else str(state.start + 1)
    track = list(state.track)
    while track and not track[-1]:
        track.pop()
    parts = [
        TAG,
        f"round:{round_text}",
        f"start:{start_text}",
        f"turn:{turn_text}",
        "tools:" + (",".join(_tool_text(state, s) for s in range(len(state.tools))) or _NONE),
        "publics:" + (",".join(str(table.publics[c].number) for c in state.publics) or _NONE),
        f"pool:{_dice_text(table, state.pool)}",
        "track:" + ("/".join(_dice_text(table, space) for space in track) or _NONE),
    ]
    if state.difficulty is not None:
        parts.append(f"difficulty:{state.difficulty}")
    if state.hand is not None:
        parts.append(f"hand:{_die_text(table, state.hand)}")
    done = [name for name, flag in (("draft", state.drafted), ("tool", state.tool_used)) if flag]
    if done:
        parts.append("done:" + ",".join(done))
    if state.active is not None:
        parts.append(f"tool:{state.tool_number(state.active)}")
    if state.sub:
        parts.append(f"step:{state.sub}")
    if state.lifted is not None:
        parts.append(f"lifted:{space_name(state.lifted)}")
    if state.moved is not None:
        parts.append(f"moved:{space_name(state.moved)}")
    if state.skips:
        parts.append("skips:" + ",".join(str(s + 1) for s in state.skips))
    step = state.chance
    if step is not None:
        detail = ""
        if step.kind == "roll":
            detail = "." + table.colour_codes[step.dice[0][0]]
        elif step.kind == "reroll":
            detail = "." + _dice_text(table, step.dice)
        parts.append(f"chance:{step.kind}{detail}")
    parts.extend(_player_text(state, seat) for seat in range(n))
    return " ".join(parts)
