"""Sagrada's decisions: every choice a player makes, one atomic step at a time (ENG-07).

The engine chooses nothing for a player: each choice the rules leave open is a decision. A turn
is a sequence of them (TURN-01): draft a die (:class:`Draft`), place it (:class:`Place`), use a
tool card (:class:`UseTool`, in the solo game with the value of the pool die that pays for it,
SOLO-03), then the card's own steps (:class:`Adjust`, :class:`ChooseValue`, :class:`Swap`,
:class:`ReturnDie`; a move is :class:`Pick` then :class:`Place`, TOOL-13), and end it
(:class:`EndTurn`, TURN-02). At setup each seat chooses a pattern (:class:`ChoosePattern`,
RUL-10).

Decisions are frozen values that compare by value and by type (``Draft(1, 4)`` never equals
``Draft(True, 4)``). Internally colours, spaces and patterns count from 0; their text counts
rows, columns, patterns and tools from 1; it is read by
:mod:`~sintra_rules.games.sagrada.notation` (ENG-14). :data:`ALL_ACTIONS` lists every decision
once, in the order of their fixed ids (ENG-09), which is the canonical order of
:func:`~sintra_rules.games.sagrada.rules.legal_actions` (ENG-08):

>>> str(Draft(3, 5)), str(Place(7)), str(Pick(0)), str(UseTool(8)), str(UseTool(5, 2))
('draft B5', 'place r2c3', 'pick r1c1', 'tool 8', 'tool 5 pay G2')
>>> len(ALL_ACTIONS)
218
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from sintra_rules.games.sagrada.components import COLUMNS, SPACES

__all__ = [
    "ALL_ACTIONS",
    "END",
    "RETURN",
    "Action",
    "Adjust",
    "ChoosePattern",
    "ChooseValue",
    "Draft",
    "EndTurn",
    "Pick",
    "Place",
    "ReturnDie",
    "Swap",
    "UseTool",
]

#: The colour codes in table order (COMP-01), used by the text of decisions.
CODES = "RYGBP"
#: The colour of each tool card, 1 to 12 (COMP-06): the colour of a solo payment (SOLO-03).
TOOL_COLOURS = "PBRYGPBRYGPB"


def _typed(value: object) -> tuple[type, object]:
    """Equality key: values of different types never compare equal (ENG-07)."""
    return (type(value), value)


def _space(cell: object) -> str:
    if type(cell) is not int or not 0 <= cell < SPACES:
        return repr(cell)
    row, col = divmod(cell, COLUMNS)
    return f"r{row + 1}c{col + 1}"


def _die(colour: object, value: object) -> str:
    code = CODES[colour] if type(colour) is int and 0 <= colour < len(CODES) else f"?{colour}"
    return f"{code}{value}"


@attrs.frozen(cache_hash=True)
class ChoosePattern:
    """Choose pattern ``pattern`` (0 to 23, the table's order: COMP-03) at setup: a face of one
    of the seat's two pattern cards (SETUP-02, RUL-10)."""

    pattern: int = attrs.field(eq=_typed)

    def __str__(self) -> str:
        number = self.pattern + 1 if type(self.pattern) is int else repr(self.pattern)
        return f"pattern {number}"


@attrs.frozen(cache_hash=True)
class Draft:
    """Draft a die of ``colour`` and ``value`` from the draft pool into the hand (TURN-03,
    RUL-05); also the extra draft of Running Pliers (TOOL-08)."""

    colour: int = attrs.field(eq=_typed)
    value: int = attrs.field(eq=_typed)

    def __str__(self) -> str:
        return f"draft {_die(self.colour, self.value)}"


@attrs.frozen(cache_hash=True)
class Place:
    """Place the die in hand, or the die being moved, on window space ``cell`` (0 to 19,
    row-major) (TURN-04, PLACE-10; TOOL-09, TOOL-11, TOOL-13)."""

    cell: int = attrs.field(eq=_typed)

    def __str__(self) -> str:
        return f"place {_space(self.cell)}"


@attrs.frozen(cache_hash=True)
class Pick:
    """Lift the die on window space ``cell`` to move it (TOOL-02 to TOOL-04, TOOL-12,
    TOOL-13)."""

    cell: int = attrs.field(eq=_typed)

    def __str__(self) -> str:
        return f"pick {_space(self.cell)}"


@attrs.frozen(cache_hash=True)
class UseTool:
    """Choose and pay for the tool card numbered ``tool`` (1 to 12) (FAVOR-01 to FAVOR-03,
    TOOL-14); in the solo game ``pay`` is the value of the pool die of the card's colour that
    pays for it (SOLO-03), else 0."""

    tool: int = attrs.field(eq=_typed)
    pay: int = attrs.field(default=0, eq=_typed)

    def __str__(self) -> str:
        if not self.pay:
            return f"tool {self.tool}"
        ok = type(self.tool) is int and 1 <= self.tool <= len(TOOL_COLOURS)
        code = TOOL_COLOURS[self.tool - 1] if ok else "?"
        return f"tool {self.tool} pay {code}{self.pay}"


@attrs.frozen(cache_hash=True)
class Adjust:
    """Grozing Pliers: change the die in hand by ``delta``, +1 or -1 (TOOL-01)."""

    delta: int = attrs.field(eq=_typed)

    def __str__(self) -> str:
        return f"{self.delta:+d}" if type(self.delta) is int else f"adjust {self.delta!r}"


@attrs.frozen(cache_hash=True)
class ChooseValue:
    """Flux Remover: give the drawn die ``value``, 1 to 6 (TOOL-11, RUL-12)."""

    value: int = attrs.field(eq=_typed)

    def __str__(self) -> str:
        return f"value {self.value}"


@attrs.frozen(cache_hash=True)
class Swap:
    """Lens Cutter: exchange the die in hand for a round-track die of ``colour`` and ``value``
    (the one on the lowest-numbered space holding one) (TOOL-05)."""

    colour: int = attrs.field(eq=_typed)
    value: int = attrs.field(eq=_typed)

    def __str__(self) -> str:
        return f"swap {_die(self.colour, self.value)}"


@attrs.frozen
class ReturnDie:
    """Flux Remover: return the new die to the draft pool instead of placing it (TOOL-11,
    RUL-12)."""

    def __str__(self) -> str:
        return "return"


@attrs.frozen
class EndTurn:
    """End the turn (TURN-02): when no die is in hand and no tool is half-done. A turn with no
    draft and no tool is a pass."""

    def __str__(self) -> str:
        return "end"


#: Any decision.
Action: TypeAlias = (
    ChoosePattern
    | Draft
    | Place
    | Pick
    | UseTool
    | Adjust
    | ChooseValue
    | Swap
    | ReturnDie
    | EndTurn
)

RETURN = ReturnDie()
END = EndTurn()

# The first id of each kind (ENG-09).
CHOOSE_AT = 0
DRAFT_AT = 24
PLACE_AT = 54
PICK_AT = 74
TOOL_AT = 94
ADJUST_AT = 178
VALUE_AT = 180
SWAP_AT = 186
RETURN_AT = 216
END_AT = 217


def _all_actions() -> tuple[Action, ...]:
    out: list[Action] = [ChoosePattern(p) for p in range(24)]
    out += [Draft(c, v) for c in range(5) for v in range(1, 7)]
    out += [Place(i) for i in range(SPACES)]
    out += [Pick(i) for i in range(SPACES)]
    out += [UseTool(t, u) for t in range(1, 13) for u in range(7)]
    out += [Adjust(-1), Adjust(1)]
    out += [ChooseValue(v) for v in range(1, 7)]
    out += [Swap(c, v) for c in range(5) for v in range(1, 7)]
    out += [RETURN, END]
    return tuple(out)


#: Every decision, in the order of their ids (ENG-09): the canonical order (ENG-08).
ALL_ACTIONS: tuple[Action, ...] = _all_actions()
assert len(ALL_ACTIONS) == END_AT + 1


def draft_action(colour: int, value: int) -> Action:
    """The shared :class:`Draft` of a die (the engine's constructor)."""
    return ALL_ACTIONS[DRAFT_AT + colour * 6 + value - 1]


def tool_action(tool: int, pay: int) -> Action:
    """The shared :class:`UseTool` (the engine's constructor)."""
    return ALL_ACTIONS[TOOL_AT + 7 * (tool - 1) + pay]
