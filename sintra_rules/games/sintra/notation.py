"""A compact text notation for actions that round-trips exactly (ENG-04).

Grammar (one action, no spaces)::

    action  = "R"                                   reset (RESET-01)
            | source colour "-" target [ "*" N ] [ "=" keep ]
    source  = "1" .. "9"                            factory display number, counted from 1
            | "C"                                   the centre (TAKE-02)
    colour  = a colour code of the table            "B" "G" "O" "P" "Y" by default (FIG-01)
    target  = "1" .. "8"                            the slot, counted from 1 (PLACE-02)
            | "x"                                   all pieces break (PLACE-05, RUL-03)
    N       = "1" .. "5"                            placed pieces going on joker spaces
                                                    (PLACE-06, RUL-07); omitted when 0
    keep    = a colour code                         the colour kept when the placement completes
                                                    the strip (DONE-03, RUL-18)

Examples: ``3B-2`` (blue from factory display 3 onto slot 2), ``CY-x`` (yellow from the centre,
all pieces break), ``1O-8*2=O`` (orange from display 1 onto slot 8, two of them on joker spaces,
completing the strip and keeping an orange piece).

The notation is strict, so that every action has exactly one spelling and every accepted text is
that spelling: nothing is normalised. Whitespace anywhere, lower-case codes (``c``, ``r``, ``b``),
an upper-case ``X``, leading zeros, an explicit ``*0``, ``=K`` before ``*N`` or any trailing
character are rejected with a :class:`~sintra_rules.errors.NotationError` that says what is
wrong. Bounds are the table's: factory displays up to the most any player count uses (9), slots
up to the number of windows (8), joker counts up to the spaces of a strip side (5).

The notation is syntax only: ``3B-2`` parses even when display 3 holds no blue piece; whether an
action is legal in a state is the rules' job (:func:`sintra_rules.games.sintra.rules.violations`).

>>> action_from_text("1O-8*2=O")
Take(source=0, colour=2, target=7, jokers=2, keep=2)
>>> action_to_text(action_from_text("CY-x"))
'CY-x'
>>> actions_from_text("3B-2 R")
(Take(source=2, colour=0, target=1, jokers=0, keep=None), Reset())
>>> action_from_text("3b-2")
Traceback (most recent call last):
...
sintra_rules.errors.NotationError: bad action notation '3b-2': colour codes are capital \
letters: write 'B', not 'b'
"""

from __future__ import annotations

from collections.abc import Iterable

from sintra_rules.errors import NotationError
from sintra_rules.games.sintra.actions import RESET, Action, Reset, Take, _take
from sintra_rules.games.sintra.components import ComponentTable, table_or_default
from sintra_rules.games.sintra.state import CENTRE

__all__ = ["action_from_text", "action_to_text", "actions_from_text", "actions_to_text"]

_RESET = "R"
_CENTRE = "C"
_BREAK = "x"
_DASH = "-"
_JOKERS = "*"
_KEEP = "="


def _bounds(table: ComponentTable) -> tuple[int, int, int]:
    """Factory displays, slots and the most joker placements the notation can express."""
    factories = max(count for _players, count in table.factories)
    spaces = max(sum(side) for strip in table.side_spaces for side in strip)
    return factories, table.windows, spaces


def _is_int(value: object) -> bool:
    return type(value) is int


def action_to_text(action: Action, components: ComponentTable | None = None) -> str:
    """The notation of ``action`` with the colour codes of ``components`` (default: the shipped
    table) (ENG-04).

    Raises :class:`NotationError` for a value that is not an action or has a field the notation
    cannot express (a source, slot, colour or joker count out of range); legality is not checked.

    >>> from sintra_rules import Reset, Take
    >>> action_to_text(Take(2, 0, 1)), action_to_text(Take(-1, 4, None)), action_to_text(Reset())
    ('3B-2', 'CY-x', 'R')
    >>> action_to_text(Take(0, 2, 7, jokers=2, keep=2))
    '1O-8*2=O'
    """
    if isinstance(action, Reset):
        return _RESET
    shown = repr(action)
    if not isinstance(action, Take):
        raise NotationError(shown, "not an action (expected a Take or a Reset)")
    table = table_or_default(components)
    factories, slots, spaces = _bounds(table)
    codes = table.colour_codes
    source, colour, target, jokers, keep = (
        action.source,
        action.colour,
        action.target,
        action.jokers,
        action.keep,
    )
    if not (_is_int(source) and (source == CENTRE or 0 <= source < factories)):
        raise NotationError(shown, f"source must be CENTRE or a display 0..{factories - 1}")
    if not (_is_int(colour) and 0 <= colour < len(codes)):
        raise NotationError(shown, f"colour must be 0..{len(codes) - 1}")
    if not (target is None or (_is_int(target) and 0 <= target < slots)):
        raise NotationError(shown, f"target must be None or a slot 0..{slots - 1}")
    if not (_is_int(jokers) and 0 <= jokers <= spaces):
        raise NotationError(shown, f"jokers must be 0..{spaces}")
    if not (keep is None or (_is_int(keep) and 0 <= keep < len(codes))):
        raise NotationError(shown, f"keep must be None or a colour 0..{len(codes) - 1}")
    text = (
        (_CENTRE if source == CENTRE else str(source + 1))
        + codes[colour]
        + _DASH
        + (_BREAK if target is None else str(target + 1))
    )
    if jokers:
        text += f"{_JOKERS}{jokers}"
    if keep is not None:
        text += f"{_KEEP}{codes[keep]}"
    return text


class _Parser:
    """A cursor over one action's text; every failure names what is wrong and where."""

    def __init__(self, text: str, table: ComponentTable) -> None:
        self.text = text
        self.pos = 0
        self.codes = table.colour_codes

    def fail(self, reason: str) -> NotationError:
        return NotationError(self.text, reason)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def found(self) -> str:
        char = self.peek()
        return repr(char) if char else "the end"

    def number(self, what: str, low: int, high: int) -> int:
        """A decimal number without leading zeros in ``low..high``."""
        start = self.pos
        while self.peek().isascii() and self.peek().isdigit():
            self.pos += 1
        digits = self.text[start : self.pos]
        if not digits:
            raise self.fail(f"expected {what} at position {start + 1}, found {self.found()}")
        if len(digits) > 1 and digits[0] == "0":
            raise self.fail(f"{what} {digits!r} has a leading zero")
        if len(digits) > len(str(high)) or not low <= int(digits) <= high:
            shown = digits if len(digits) <= 12 else f"{digits[:12]}..."
            raise self.fail(f"{what} {shown} is out of range {low}..{high}")
        return int(digits)

    def colour(self, what: str) -> int:
        char = self.peek()
        if not char:
            raise self.fail(f"missing the {what} code at position {self.pos + 1}")
        self.pos += 1
        if char in self.codes:
            return self.codes.index(char)
        if char.upper() in self.codes:
            raise self.fail(
                f"colour codes are capital letters: write {char.upper()!r}, not {char!r}"
            )
        raise self.fail(
            f"unknown {what} code {char!r} at position {self.pos} "
            f"(expected one of {' '.join(self.codes)})"
        )

    def expect(self, char: str, after: str) -> None:
        if self.peek() != char:
            raise self.fail(f"expected {char!r} after the {after}, found {self.found()}")
        self.pos += 1


def action_from_text(
    text: str, components: ComponentTable | None = None, *, num_players: int | None = None
) -> Action:
    """Parse one action written in the notation, with the colour codes of ``components``
    (default: the shipped table) (ENG-04).

    Strict: only the canonical spelling :func:`action_to_text` writes is accepted (see the
    module docstring); anything else raises :class:`NotationError` saying what is wrong.
    Given ``num_players`` (the game at hand), a factory display is one of that game's
    (SETUP-01: 1..5 for 2 players); otherwise one of the largest game's (1..9).

    >>> action_from_text("3B-2")
    Take(source=2, colour=0, target=1, jokers=0, keep=None)
    >>> action_from_text("CB-x*0")
    Traceback (most recent call last):
    ...
    sintra_rules.errors.NotationError: bad action notation 'CB-x*0': joker count 0 is out of \
range 1..5 (omit '*N' when no piece goes on a joker space)
    >>> action_from_text("7B-2", num_players=2)
    Traceback (most recent call last):
    ...
    sintra_rules.errors.NotationError: bad action notation '7B-2': factory display 7 is out of \
range 1..5: 2 players play with 5 factory displays (SETUP-01)
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), f"expected a string, got {type(text).__name__}")
    if not text:
        raise NotationError(text, "empty: expected an action such as '3B-2' or 'R'")
    if any(char.isspace() for char in text):
        raise NotationError(text, "contains whitespace: an action is written without spaces")
    if text == _RESET:
        return RESET
    if text == _RESET.lower():
        raise NotationError(text, f"a reset is written {_RESET!r} (capital)")
    if text in ("B", "b"):
        raise NotationError(
            text,
            f"the rulebook's action B (moving the glazier back, RESET-01) is written {_RESET!r}",
        )
    table = table_or_default(components)
    factories, slots, spaces = _bounds(table)
    if num_players is not None:
        factories = table.factories_for(num_players)
    parser = _Parser(text, table)
    first = parser.peek()
    if first == _CENTRE:
        source = CENTRE
        parser.pos += 1
    elif first == _CENTRE.lower():
        raise parser.fail(f"the centre is written {_CENTRE!r} (capital)")
    elif first.isascii() and first.isdigit():
        try:
            source = parser.number("factory display", 1, factories) - 1
        except NotationError as error:
            if num_players is None or "out of range" not in error.reason:
                raise
            raise parser.fail(
                f"{error.reason}: {num_players} players play with {factories} factory "
                "displays (SETUP-01)"
            ) from None
    else:
        raise parser.fail(
            f"expected a factory display 1..{factories} or {_CENTRE!r} for the centre at "
            f"position 1, found {parser.found()}"
        )
    colour = parser.colour("colour")
    parser.expect(_DASH, "colour")
    target: int | None
    if parser.peek() == _BREAK:
        target = None
        parser.pos += 1
    elif parser.peek() == _BREAK.upper():
        raise parser.fail(f"all pieces breaking is written {_BREAK!r} (lower case)")
    else:
        target = parser.number("slot", 1, slots) - 1
    jokers = 0
    if parser.peek() == _JOKERS:
        parser.pos += 1
        start = parser.pos
        try:
            jokers = parser.number("joker count", 1, spaces)
        except NotationError as error:
            if parser.text[start : parser.pos] == "0":
                raise parser.fail(
                    f"{error.reason} (omit '{_JOKERS}N' when no piece goes on a joker space)"
                ) from None
            raise
    keep = None
    if parser.peek() == _KEEP:
        parser.pos += 1
        keep = parser.colour("kept colour")
    rest = parser.text[parser.pos :]
    if rest:
        if rest[0] == _JOKERS and keep is not None:
            raise parser.fail(f"'{_JOKERS}N' must come before '{_KEEP}K'")
        raise parser.fail(f"unexpected {rest[0]!r} at position {parser.pos + 1}")
    return _take(source, colour, target, jokers, keep)


def actions_to_text(actions: Iterable[Action], components: ComponentTable | None = None) -> str:
    """Several actions on one line, separated by single spaces (ENG-04).

    >>> actions_to_text([Reset(), Take(CENTRE, 2, 0)])
    'R CO-1'
    """
    return " ".join(action_to_text(action, components) for action in actions)


def actions_from_text(text: str, components: ComponentTable | None = None) -> tuple[Action, ...]:
    """Parse a line of actions separated by single spaces; the empty line is no action (ENG-04).

    A :class:`NotationError` names the offending action and its position on the line.

    >>> actions_from_text("")
    ()
    >>> actions_from_text("1B-1  R")
    Traceback (most recent call last):
    ...
    sintra_rules.errors.NotationError: bad action notation '': action 2 of the line: empty: \
expected an action such as '3B-2' or 'R'
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), f"expected a string, got {type(text).__name__}")
    if not text:
        return ()
    out: list[Action] = []
    for index, word in enumerate(text.split(" ")):
        try:
            out.append(action_from_text(word, components))
        except NotationError as error:
            raise NotationError(word, f"action {index + 1} of the line: {error.reason}") from None
    return tuple(out)
