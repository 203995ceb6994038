"""An independent model of Sagrada's decisions, placement legality and scoring, from the spec.

Everything here is worked out again from ``spec/sagrada/`` (COMP-03, COMP-08, PLACE-01 to
PLACE-10, TURN-01 to TURN-04, FAVOR-01 to FAVOR-03, TOOL-01 to TOOL-14, the rulings RUL-01 to
RUL-15 and RUL-20, PUB-01 to PUB-11, SCORE-01 to SCORE-04, WIN-01 to WIN-04, SOLO-01 to SOLO-07),
without calling the engine's placement, legality, tool or scoring code: it reads only a
position's fields (:class:`~sintra_rules.games.sagrada.state.SagradaState`) and the printed
figures of its component table (pattern grids, card numbers). Two implementations that must
agree catch what one alone would not; :mod:`sintra_rules.games.sagrada.verify.invariants`
measures the engine against this model after every step.

* :func:`legal_spaces` and :func:`destinations`: a die's legal spaces (PLACE-10), with the
  changes of Eglomise Brush, Copper Foil Burnisher, Cork-backed Straightedge (TOOL-02, TOOL-03,
  TOOL-09) and of a move (TOOL-13).
* :func:`expected_decisions`: every legal decision of a position (ENG-07), by the clauses.
* :func:`public_points`, :func:`private_points`, :func:`score_parts`, :func:`expected_result`:
  the final scoring, the winner and the solo target.
* :func:`window_breaches`: what a window may never show (PLACE-06, PLACE-07, RUL-16).

>>> grid = ("1PY.4", "PY..6", "Y..53", ".5421")   # pattern 1, Sun's Glory (COMP-03)
>>> empty = (None,) * 20
>>> sorted(legal_spaces(empty, grid, (3, 4)))       # a blue 4: blank or 4 border spaces
[3, 4, 15, 17]
>>> public_points(1, ((0, 1), (1, 2), (2, 2)) + (None,) * 17)   # Light Shades: one set
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TypeAlias

import attrs

from sintra_rules.games.sagrada.actions import (
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
)
from sintra_rules.games.sagrada.state import SagradaState

__all__ = [
    "AFTER_DRAFTING",
    "BORDER",
    "DICE_PER_COLOUR",
    "GRIDS_COMP_03",
    "MOVING",
    "TOOL_COLOUR",
    "Die",
    "Parts",
    "Window",
    "adjacent",
    "cost",
    "destinations",
    "diagonal",
    "expected_decisions",
    "expected_result",
    "grid_of",
    "legal_spaces",
    "orthogonal",
    "pool_size",
    "private_points",
    "public_points",
    "score_parts",
    "seat_of_position",
    "target",
    "window_breaches",
]

Die: TypeAlias = tuple[int, int]
Window: TypeAlias = Sequence[Die | None]

ROWS, COLUMNS = 4, 5
SPACES = ROWS * COLUMNS
#: 18 dice of each of the 5 colours (COMP-01).
DICE_PER_COLOUR = 18
COLOURS = 5
#: The colour of each tool card 1 to 12 (COMP-06), as colour indices R0 Y1 G2 B3 P4.
TOOL_COLOUR: dict[int, int] = {
    t: "RYGBP".index(code) for t, code in enumerate("PBRYGPBRYGPB", start=1)
}
#: The after-drafting tools (TURN-01, RUL-15) and the moving tools (TOOL-13).
AFTER_DRAFTING = frozenset({1, 5, 6, 9, 10, 11})
MOVING = frozenset({2, 3, 4, 12})
GROZING, EGLOMISE, COPPER, LATHEKIN, LENS, BRUSH = 1, 2, 3, 4, 5, 6
HAMMER, RUNNING, CORK, GRINDING, REMOVER, TAP = 7, 8, 9, 10, 11, 12

#: The 24 patterns of COMP-03, copied from the spec's table (rows 1 to 4), by pattern number.
GRIDS_COMP_03: dict[int, tuple[str, str, str, str]] = {
    1: ("1PY.4", "PY..6", "Y..53", ".5421"),
    2: ("3415.", ".62.Y", "...YR", "5.YR6"),
    3: ("6P..5", "5.P..", "R6.P.", "YR543"),
    4: (".B2.Y", ".4.R.", "..5Y.", "G3..P"),
    5: (".BR..", ".45.B", "B2.R5", "6R31."),
    6: ("..R5.", "P4.G3", "6..B.", ".Y2.."),
    7: ("R.B.Y", "4P3G2", ".1.5.", "..6.."),
    8: ("5GBP2", "P...Y", "Y.6.P", "1..G4"),
    9: ("..1..", "1G3B2", "B546G", ".B5G."),
    10: (".1GP4", "6P25G", "1G53P", "....."),
    11: ("YB..1", "G.5.4", "3.R.G", "2..BY"),
    12: ("P6..3", "5P3..", ".2P1.", ".15P4"),
    13: ("1.3B.", ".2B..", "6B.4.", "B52.1"),
    14: ("6B..1", ".5B..", "4R2B.", "G6Y3P"),
    15: ("..6..", ".5B4.", "3GYP2", "14R53"),
    16: ("B6..Y", ".3B..", ".562.", ".4.1G"),
    17: ("4.25G", "..6G2", ".3G4.", "5G1.."),
    18: ("2.5.1", "Y6P2R", ".B4G.", ".3.5."),
    19: ("...R5", "..P4B", ".B3Y6", "Y2G1R"),
    20: (".4.Y6", "R.2..", "..RP1", "BY..."),
    21: ("Y.6..", ".15.2", "3YRP.", "..43R"),
    22: ("1R3.6", "54R2.", "..5R1", "...3R"),
    23: ("..G..", "2Y5B1", ".R3P.", "1.6.4"),
    24: ("Y.2.6", ".4.5Y", "...Y5", "12Y3."),
}
#: The difficulty of each pattern (COMP-03), by pattern number.
DIFFICULTY_COMP_03: dict[int, int] = dict(
    zip(
        range(1, 25),
        (6, 5, 5, 3, 5, 3, 4, 5, 6, 5, 4, 5, 5, 6, 5, 3, 5, 6, 5, 3, 4, 5, 4, 5),
        strict=True,
    )
)
#: Points per set, row, column or die of public objectives 1 to 10 (COMP-04).
PUBLIC_POINTS: dict[int, int] = dict(zip(range(1, 11), (2, 2, 2, 5, 5, 4, 6, 5, 4, 1), strict=True))


# ------------------------------------------------------------------------------ geometry


def _rc(space: int) -> tuple[int, int]:
    return space // COLUMNS, space % COLUMNS


def orthogonal(a: int, b: int) -> bool:
    """COMP-08: ``|A - C| + |B - D| = 1``."""
    (r1, c1), (r2, c2) = _rc(a), _rc(b)
    return abs(r1 - r2) + abs(c1 - c2) == 1


def diagonal(a: int, b: int) -> bool:
    """COMP-08: ``|A - C| = 1`` and ``|B - D| = 1``."""
    (r1, c1), (r2, c2) = _rc(a), _rc(b)
    return abs(r1 - r2) == 1 and abs(c1 - c2) == 1


def adjacent(a: int, b: int) -> bool:
    """COMP-08: orthogonally or diagonally adjacent."""
    return orthogonal(a, b) or diagonal(a, b)


#: The 14 border spaces: row 1, row 4, column 1 or column 5 (COMP-08).
BORDER = frozenset(
    s for s in range(SPACES) if _rc(s)[0] in (0, ROWS - 1) or _rc(s)[1] in (0, COLUMNS - 1)
)


# --------------------------------------------------------------------------- placement


def _restriction(grid: Sequence[str], space: int) -> tuple[int | None, int | None]:
    """The colour and the value a space requires (COMP-03: ``.`` blank, ``RYGBP``, ``1``-``6``)."""
    r, c = _rc(space)
    code = grid[r][c]
    if code in "RYGBP":
        return "RYGBP".index(code), None
    if code in "123456":
        return None, int(code)
    return None, None


def legal_spaces(
    window: Window,
    grid: Sequence[str],
    d: Die,
    *,
    waive_colour: bool = False,
    waive_value: bool = False,
    cork: bool = False,
) -> frozenset[int]:
    """The legal spaces of die ``d`` in ``window`` (PLACE-10), with a tool's changes.

    Args:
        window: 20 spaces, row-major, each a die ``(colour, value)`` or ``None``.
        grid: the pattern's 4 rows of codes (COMP-03).
        d: the die.
        waive_colour: Eglomise Brush: the space's colour restriction is ignored (TOOL-02, RUL-01).
        waive_value: Copper Foil Burnisher: its value restriction is ignored (TOOL-03, RUL-01).
        cork: Cork-backed Straightedge: the space must be adjacent to no die instead of next to
        one (TOOL-09), the first die still on a border space (RUL-03).

    Returns:
        The legal spaces.
    """
    colour, value = d
    dice = [s for s in range(SPACES) if window[s] is not None]
    out = set()
    for x in range(SPACES):
        if window[x] is not None:  # PLACE-08
            continue
        if not dice and x not in BORDER:  # PLACE-01 (RUL-03 for the cork)
            continue
        touches = any(adjacent(x, s) for s in dice)
        if cork and touches:  # TOOL-09
            continue
        if not cork and dice and not touches:  # PLACE-02
            continue
        need_colour, need_value = _restriction(grid, x)
        if need_colour is not None and need_colour != colour and not waive_colour:  # PLACE-03
            continue
        if need_value is not None and need_value != value and not waive_value:  # PLACE-04
            continue
        near = [window[s] for s in dice if orthogonal(x, s)]
        if any(o is not None and (o[0] == colour or o[1] == value) for o in near):
            continue  # PLACE-06, PLACE-07
        out.add(x)
    return frozenset(out)


def destinations(
    window: Window,
    grid: Sequence[str],
    origin: int,
    *,
    waive_colour: bool = False,
    waive_value: bool = False,
) -> frozenset[int]:
    """Where a move may take the die on ``origin`` (TOOL-13): a legal space of the window
    without it, other than the origin, with the tool's waiver (TOOL-02, TOOL-03, RUL-04).

    Returns:
        The destinations (empty if ``origin`` holds no die).
    """
    d = window[origin]
    if d is None:
        return frozenset()
    without = list(window)
    without[origin] = None
    spaces = legal_spaces(without, grid, d, waive_colour=waive_colour, waive_value=waive_value)
    return spaces - {origin}


def _moved(window: Window, origin: int, destination: int) -> tuple[Die | None, ...]:
    out = list(window)
    out[destination], out[origin] = out[origin], None
    return tuple(out)


def _second_move_exists(window: Window, grid: Sequence[str], not_this: int) -> bool:
    """Lathekin: a die other than the one on ``not_this`` has a destination (TOOL-04)."""
    return any(
        window[s] is not None and s != not_this and destinations(window, grid, s)
        for s in range(SPACES)
    )


def _lathekin_drops(window: Window, grid: Sequence[str], origin: int) -> frozenset[int]:
    """Lathekin's first move: the destinations after which a second move exists (RUL-09)."""
    return frozenset(
        x
        for x in destinations(window, grid, origin)
        if _second_move_exists(_moved(window, origin, x), grid, x)
    )


def window_breaches(
    window: Window, grid: Sequence[str], *, colour_waivable: bool, value_waivable: bool
) -> list[str]:
    """What no window may show (RUL-16): orthogonal neighbours of one colour (PLACE-06) or one
    value (PLACE-07); a die on a colour (value) space of another colour (value) unless Eglomise
    Brush (Copper Foil Burnisher) is one of the game's tools (PLACE-03, PLACE-04); a lone die on
    an inner space (PLACE-01).

    Returns:
        One message per breach (empty: the window is legal).
    """
    out = []
    dice = [s for s in range(SPACES) if window[s] is not None]
    for a in dice:
        da = window[a]
        assert da is not None
        for b in dice:
            db = window[b]
            assert db is not None
            if a < b and orthogonal(a, b):
                if da[0] == db[0]:
                    out.append(f"PLACE-06: spaces {_name(a)} and {_name(b)} share colour {da[0]}")
                if da[1] == db[1]:
                    out.append(f"PLACE-07: spaces {_name(a)} and {_name(b)} share value {da[1]}")
        need_colour, need_value = _restriction(grid, a)
        if need_colour is not None and need_colour != da[0] and not colour_waivable:
            out.append(f"PLACE-03: {_name(a)} needs colour {need_colour}, holds {da}")
        if need_value is not None and need_value != da[1] and not value_waivable:
            out.append(f"PLACE-04: {_name(a)} needs value {need_value}, holds {da}")
    if len(dice) == 1 and dice[0] not in BORDER:
        out.append(f"PLACE-01: the only die lies on the inner space {_name(dice[0])}")
    return out


def _name(space: int) -> str:
    r, c = _rc(space)
    return f"r{r + 1}c{c + 1}"


# --------------------------------------------------------------------------- the position


def grid_of(state: SagradaState, seat: int) -> tuple[str, ...]:
    """The grid of ``seat``'s chosen pattern (COMP-03), from the component table."""
    pattern = state.players[seat].pattern
    assert pattern is not None
    return tuple(state.components.patterns[pattern].grid)


def seat_of_position(start: int, position: int, players: int) -> int:
    """ROUND-03: clockwise from the start player for positions 0 to n - 1, then back."""
    if position < players:
        return (start + position) % players
    return (start + 2 * players - 1 - position) % players


def pool_size(players: int) -> int:
    """ROUND-02, SOLO-02: 2n + 1 dice, 4 in the solo game."""
    return 4 if players == 1 else 2 * players + 1


def cost(tokens_on_card: int) -> int:
    """FAVOR-02: 1 favor token while the card holds none, else 2."""
    return 1 if tokens_on_card == 0 else 2


def _tool_number(state: SagradaState, slot: int) -> int:
    return state.components.tools[state.tools[slot]].number


def _without(pool: Sequence[Die], d: Die) -> list[Die]:
    out = list(pool)
    out.remove(d)
    return out


@attrs.frozen
class _Turn:
    """What the oracle needs of the seat to act."""

    seat: int
    window: tuple[Die | None, ...]
    grid: tuple[str, ...]
    solo: bool

    def spaces(self, d: Die, **change: bool) -> frozenset[int]:
        return legal_spaces(self.window, self.grid, d, **change)


def _payments(state: SagradaState, slot: int, pool: Sequence[Die]) -> list[int]:
    """The ways to pay for the tool in ``slot`` (FAVOR-02, FAVOR-03; SOLO-03): ``[0]`` when
    the player holds the cost, in the solo game the values of the pool dice of the card's
    colour while the card is unused; empty when it cannot be paid."""
    number = _tool_number(state, slot)
    if state.num_players == 1:
        if state.spent[slot] is not None:
            return []
        return sorted({v for c, v in pool if c == TOOL_COLOUR[number]})
    if state.players[state.turn].favor >= cost(state.tokens[slot]):
        return [0]
    return []


def _paid_pool(state: SagradaState, slot: int, pay: int, pool: Sequence[Die]) -> list[Die]:
    """The pool once the tool is paid for (SOLO-03 removes the paying die)."""
    if state.num_players != 1:
        return list(pool)
    return _without(pool, (TOOL_COLOUR[_tool_number(state, slot)], pay))


def _move_exists(turn: _Turn, number: int, track_colours: set[int]) -> bool:
    """RUL-09: a moving tool's move(s) can be made."""
    dice = [s for s in range(SPACES) if turn.window[s] is not None]
    if number == LATHEKIN:
        return any(_lathekin_drops(turn.window, turn.grid, s) for s in dice)
    waive = {"waive_colour": number == EGLOMISE, "waive_value": number == COPPER}
    for s in dice:
        d = turn.window[s]
        assert d is not None
        if number == TAP and d[0] not in track_colours:
            continue
        if destinations(turn.window, turn.grid, s, **waive):
            return True
    return False


def _fits_somewhere(turn: _Turn, d: Die) -> bool:
    return bool(turn.spaces(d))


def _grozing_outcomes(turn: _Turn, d: Die) -> set[int]:
    """TOOL-01, RUL-20: +1 or -1 within 1 to 6, the new die having a legal space."""
    return {k for k in (-1, 1) if 1 <= d[1] + k <= 6 and _fits_somewhere(turn, (d[0], d[1] + k))}


def _lens_outcomes(state: SagradaState, turn: _Turn, d: Die) -> set[Die]:
    """TOOL-05, RUL-20: a round-track die other than an equal one, with a legal space."""
    return {t for space in state.track for t in space if t != d and _fits_somewhere(turn, t)}


def _after_drafting_ok(
    state: SagradaState, turn: _Turn, number: int, d: Die, track_colours: set[int]
) -> bool:
    """TOOL-14's own conditions of an after-drafting tool for the die ``d`` in hand (RUL-20:
    a changing tool needs an outcome with a legal space)."""
    if number == LENS:
        return bool(track_colours) and bool(_lens_outcomes(state, turn, d))
    if number == CORK:
        return bool(turn.spaces(d, cork=True))
    if number == GROZING:
        return bool(_grozing_outcomes(turn, d))
    if number == GRINDING:
        return _fits_somewhere(turn, (d[0], 7 - d[1]))
    if number == BRUSH:
        return any(_fits_somewhere(turn, (d[0], v)) for v in range(1, 7))
    return True


def _tool_decisions(
    state: SagradaState, turn: _Turn, pool: Sequence[Die], hand: Die | None
) -> set[Action]:
    """The tools the seat may choose now (FAVOR-01, FAVOR-03, SOLO-03, TOOL-14, RUL-06,
    RUL-09, RUL-13, RUL-15)."""
    if state.tool_used:
        return set()
    out: set[Action] = set()
    track_colours = {c for space in state.track for c, _ in space}
    n = state.num_players
    first_turn = state.step < n
    for slot in range(len(state.tools)):
        number = _tool_number(state, slot)
        for pay in _payments(state, slot, pool):
            paid = _paid_pool(state, slot, pay, pool)
            if hand is not None:
                ok = number in AFTER_DRAFTING and _after_drafting_ok(
                    state, turn, number, hand, track_colours
                )
            elif number in MOVING:
                ok = (number != TAP or bool(track_colours)) and _move_exists(
                    turn, number, track_colours
                )
            elif number == HAMMER:
                ok = not first_turn and not state.drafted and bool(paid)
            elif number == RUNNING:
                ok = first_turn and state.drafted and any(turn.spaces(d) for d in paid)
            else:
                ok = False
            if ok:
                out.add(UseTool(number, pay))
    return out


def _draftable(state: SagradaState, turn: _Turn, pool: Sequence[Die], d: Die) -> bool:
    """RUL-05: the die has a legal space, or an after-drafting tool can still treat it."""
    if turn.spaces(d):
        return True
    if state.tool_used:
        return False
    track_colours = {c for space in state.track for c, _ in space}
    rest = _without(pool, d)
    for slot in range(len(state.tools)):
        number = _tool_number(state, slot)
        if (
            number in AFTER_DRAFTING
            and _payments(state, slot, rest)
            and _after_drafting_ok(state, turn, number, d, track_colours)
        ):
            return True
    return False


def _free_decisions(state: SagradaState, turn: _Turn) -> set[Action]:
    """No die in hand and no tool half-done: draft, a tool, or end the turn (TURN-01 to
    TURN-03)."""
    out: set[Action] = {EndTurn()}
    if not state.drafted:
        out |= {
            Draft(c, v) for c, v in set(state.pool) if _draftable(state, turn, state.pool, (c, v))
        }
    out |= _tool_decisions(state, turn, state.pool, None)
    return out


def expected_decisions(state: SagradaState) -> frozenset[Action]:
    """Every legal decision of ``state`` by the spec (ENG-07), read from its fields.

    The progress of a turn is read from the state's documented fields: ``hand``, ``drafted``,
    ``tool_used``, ``active`` (the slot of the tool in progress), ``sub`` (its step),
    ``lifted`` (the die being moved) and ``moved`` (where a first move took its die).

    Returns:
        The decisions (empty during a chance step and after the end, ENG-08).
    """
    if state.chance is not None or state.is_over:
        return frozenset()
    seat = state.turn
    if state.round == 0:  # RUL-10: a face of one of the seat's two cards (COMP-03: 2k-1, 2k)
        cards = state.players[seat].cards
        return frozenset(ChoosePattern(p) for k in cards for p in (2 * k, 2 * k + 1))
    turn = _Turn(seat, state.players[seat].window, grid_of(state, seat), state.num_players == 1)
    hand, sub = state.hand, state.sub
    number = None if state.active is None else _tool_number(state, state.active)
    out: set[Action] = set()
    if sub == "grozing":  # TOOL-01: no wrap-around; RUL-20: a new die with a legal space
        assert hand is not None
        out |= {Adjust(delta) for delta in _grozing_outcomes(turn, hand)}
    elif sub == "lens":  # TOOL-05, RUL-20
        assert hand is not None
        out |= {Swap(c, v) for c, v in _lens_outcomes(state, turn, hand)}
    elif sub == "cork":  # TOOL-09
        assert hand is not None
        out |= {Place(x) for x in turn.spaces(hand, cork=True)}
    elif sub == "flux":  # TOOL-11: choose the value
        out |= {ChooseValue(v) for v in range(1, 7)}
    elif sub == "flux_place":  # TOOL-11, RUL-12: place it or return it
        assert hand is not None
        out |= {Place(x) for x in turn.spaces(hand)} | {ReturnDie()}
    elif sub == "pick":
        out |= _picks(state, turn, number)
    elif sub == "pick2":  # Lathekin's second die (TOOL-04)
        out |= _second_picks(state, turn, same_colour=number == TAP)
    elif sub in ("drop", "drop2"):
        assert state.lifted is not None
        out |= {Place(x) for x in _drops(state, turn, number, state.lifted)}
    elif sub == "running":  # TOOL-08, RUL-06: the extra draft, then its placement
        if hand is None:
            out |= {Draft(c, v) for c, v in set(state.pool) if turn.spaces((c, v))}
        else:
            out |= {Place(x) for x in turn.spaces(hand)}
    elif hand is not None:  # TURN-04: place the die in hand, or treat it (RUL-15)
        out |= {Place(x) for x in turn.spaces(hand)}
        out |= _tool_decisions(state, turn, state.pool, hand)
    else:
        out |= _free_decisions(state, turn)
    if sub == "" and hand is None and state.moved is not None:
        # RUL-07: right after Tap Wheel's first move (the tool is complete, TOOL-14), a second
        # die of the same colour may be moved; any other decision ends the tool
        out |= _second_picks(state, turn, same_colour=True)
    return frozenset(out)


def _waivers(number: int | None) -> dict[str, bool]:
    return {"waive_colour": number == EGLOMISE, "waive_value": number == COPPER}


def _picks(state: SagradaState, turn: _Turn, number: int | None) -> set[Action]:
    """TOOL-13: the dice that may be lifted for the tool's first or second move."""
    window, grid = turn.window, turn.grid
    dice = [s for s in range(SPACES) if window[s] is not None]
    track_colours = {c for space in state.track for c, _ in space}
    if number == LATHEKIN:
        return {Pick(s) for s in dice if _lathekin_drops(window, grid, s)}
    if number == TAP:
        dice = [s for s in dice if (d := window[s]) is not None and d[0] in track_colours]
    return {Pick(s) for s in dice if destinations(window, grid, s, **_waivers(number))}


def _second_picks(state: SagradaState, turn: _Turn, *, same_colour: bool) -> set[Action]:
    """TOOL-04, RUL-07: a second move takes another die than the one moved first (on
    ``state.moved``); Tap Wheel's, a die of the same colour."""
    window, grid = turn.window, turn.grid
    dice = [s for s in range(SPACES) if window[s] is not None]
    first = state.moved
    assert first is not None
    first_die = window[first]
    assert first_die is not None
    out: set[Action] = set()
    for s in dice:
        d = window[s]
        assert d is not None
        if s == first or (same_colour and d[0] != first_die[0]):
            continue
        if destinations(window, grid, s):
            out.add(Pick(s))
    return out


def _drops(state: SagradaState, turn: _Turn, number: int | None, origin: int) -> frozenset[int]:
    """TOOL-13: the destinations of the lifted die (Lathekin's first: a second move after)."""
    if number == LATHEKIN and state.sub == "drop":
        return _lathekin_drops(turn.window, turn.grid, origin)
    return destinations(turn.window, turn.grid, origin, **_waivers(number))


# ------------------------------------------------------------------------------- scoring


def _values(window: Window) -> Counter[int]:
    return Counter(d[1] for d in window if d is not None)


def _colours(window: Window) -> Counter[int]:
    return Counter(d[0] for d in window if d is not None)


def _lines(window: Window, rows: bool) -> Iterable[list[Die | None]]:
    if rows:
        for r in range(ROWS):
            yield [window[r * COLUMNS + c] for c in range(COLUMNS)]
    else:
        for c in range(COLUMNS):
            yield [window[r * COLUMNS + c] for r in range(ROWS)]


def _varied(window: Window, rows: bool, field: int) -> int:
    """Complete rows (columns) whose dice all differ in ``field`` (PUB-05 to PUB-08, PUB-11)."""
    count = 0
    for line in _lines(window, rows):
        if all(d is not None for d in line) and len({d[field] for d in line if d}) == len(line):
            count += 1
    return count


def public_points(card: int, window: Window) -> int:
    """The points of public objective ``card`` (1 to 10) for ``window`` (PUB-01 to PUB-11).

    >>> row = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]
    >>> public_points(5, row + [None] * 15), public_points(7, row + [None] * 15)
    (5, 6)
    """
    values, colours = _values(window), _colours(window)
    sets = {
        1: min(values[1], values[2]),
        2: min(values[3], values[4]),
        3: min(values[5], values[6]),
        4: min(values[v] for v in range(1, 7)),
        9: min(colours[c] for c in range(COLOURS)),
    }
    if card in sets:
        count = sets[card]
    elif card in (5, 6, 7, 8):
        count = _varied(window, rows=card in (5, 7), field=1 if card in (5, 6) else 0)
    elif card == 10:
        count = sum(
            1
            for a in range(SPACES)
            if (da := window[a]) is not None
            and any(
                diagonal(a, b) and (db := window[b]) is not None and db[0] == da[0]
                for b in range(SPACES)
            )
        )
    else:
        raise ValueError(f"no public objective {card}")
    return PUBLIC_POINTS[card] * count


def private_points(colour: int, window: Window) -> int:
    """SCORE-02: the sum of the values of the dice of ``colour``."""
    return sum(d[1] for d in window if d is not None and d[0] == colour)


@attrs.frozen
class Parts:
    """A seat's score by its parts (SCORE-01; solo SOLO-06)."""

    publics: tuple[int, ...]
    private: int
    tokens: int
    empty: int
    empty_points: int

    @property
    def total(self) -> int:
        """The sum of the parts."""
        return sum(self.publics) + self.private + self.tokens + self.empty_points


def score_parts(state: SagradaState, seat: int) -> Parts:
    """The score of ``seat``'s window by its parts (SCORE-01 to SCORE-04, PUB-11; solo SOLO-06
    and RUL-11: the better private objective, 3 points per empty space, no tokens).

    Private objective card k is the colour k (COMP-05); public card numbers are read from the
    component table."""
    player = state.players[seat]
    window = player.window
    publics = tuple(
        public_points(state.components.publics[card].number, window) for card in state.publics
    )
    private = max(private_points(card, window) for card in player.privates)
    empty = sum(1 for d in window if d is None)
    solo = state.num_players == 1
    return Parts(publics, private, 0 if solo else player.favor, empty, -(3 if solo else 1) * empty)


def target(state: SagradaState) -> int:
    """SOLO-05: the sum of the values of every die on the round track."""
    return sum(v for space in state.track for _, v in space)


def expected_result(
    state: SagradaState, last_start: int
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The scores, keys and winners of a finished game (WIN-01 to WIN-04, SOLO-07, ENG-13),
    ``last_start`` being the start player of round 10.

    Returns:
        ``(scores, keys, winners)``.
    """
    n = state.num_players
    parts = [score_parts(state, seat) for seat in range(n)]
    scores = tuple(p.total for p in parts)
    if n == 1:
        return scores, ((scores[0],),), (0,) if scores[0] > target(state) else ()
    keys = tuple(
        (p.total, p.private, p.tokens, (seat - last_start) % n) for seat, p in enumerate(parts)
    )
    best = max(keys)
    return scores, keys, tuple(seat for seat in range(n) if keys[seat] == best)
