"""Which decisions are legal, and every clause an illegal one breaks (ENG-07, ENG-08, ENG-10).

:func:`legal_actions` lists the legal decisions in canonical order; :func:`faults` gives, for
any decision, every clause it breaks with a reason, in increasing order of clause ID (one entry
per clause), empty exactly when the decision is legal. :mod:`~.rules` applies them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from sintra_rules.games.sagrada.actions import (
    ADJUST_AT,
    ALL_ACTIONS,
    END,
    PICK_AT,
    PLACE_AT,
    RETURN,
    SWAP_AT,
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
    draft_action,
    tool_action,
)
from sintra_rules.games.sagrada.components import SPACES
from sintra_rules.games.sagrada.placement import faults as placement_faults
from sintra_rules.games.sagrada.placement import has_legal_cell, legal_cells, moved, space_name
from sintra_rules.games.sagrada.state import Die, SagradaState, die
from sintra_rules.games.sagrada.tools import (
    AFTER_DRAFT,
    COPPER,
    EGLOMISE,
    LATHEKIN,
    MOVING,
    TAP,
    Fault,
    _has_move,
    adjustments,
    cost,
    destinations,
    draftable,
    drop_cells,
    pattern_of,
    payments,
    pickable,
    placeable,
    swaps,
    tool_faults,
    track_colours,
)

__all__ = ["faults", "half_done", "is_listed", "legal_actions"]

_CODES = "RYGBP"
_TYPES = (ChoosePattern, Draft, Place, Pick, UseTool, Adjust, ChooseValue, Swap, ReturnDie, EndTurn)


def _name(d: Die) -> str:
    return f"{_CODES[d[0]]}{d[1]}"


def half_done(state: SagradaState) -> bool:
    """Whether a tool is half-done (TURN-02, TOOL-14): chosen and its effect not complete."""
    return state.sub != ""


def pattern_choices(state: SagradaState) -> list[int]:
    """The patterns the seat to act may choose at setup: the faces of its two cards, by
    pattern number (SETUP-02, RUL-10)."""
    faces = state.components.card_faces
    return sorted(p for card in state.players[state.turn].cards for p in faces[card])


# ------------------------------------------------------------------------- legal actions


#: The last state :func:`legal_actions` was asked about and its answer (held by identity: a
#: second call for the same object, and :func:`is_listed`, answer from it). One tuple, replaced
#: whole, so a reader always sees a state with its own answer.
_LAST: tuple[SagradaState | None, tuple[Action, ...]] = (None, ())


def is_listed(state: SagradaState, action: object) -> bool:
    """Whether ``action`` is known to be legal in ``state`` without checking it again: ``state``
    is the last state :func:`legal_actions` listed and ``action`` is one of its decisions, of the
    same type and equal (ENG-08, ENG-10: the list holds exactly the decisions with no fault).
    ``False`` says nothing: check with :func:`faults`."""
    last = _LAST
    if last[0] is not state or type(action) not in _TYPES:
        return False
    for listed in last[1]:
        if listed is action:
            return True
    return action in last[1]


def legal_actions(state: SagradaState) -> tuple[Action, ...]:
    """Every legal decision of the seat to act, in canonical order: increasing action id
    (ENG-07, ENG-08); empty once the game is over (ROUND-06) and while a chance step is pending
    (ENG-03); never empty otherwise. See :func:`_listed`.

    Args:
        state: any state.

    Returns:
        The legal decisions.
    """
    global _LAST
    last = _LAST
    if last[0] is state:
        return last[1]
    actions = _listed(state)
    _LAST = (state, actions)
    return actions


def _listed(state: SagradaState) -> tuple[Action, ...]:
    """Every legal decision of the seat to act, in canonical order: increasing action id
    (ENG-07, ENG-08); empty once the game is over (ROUND-06) and while a chance step is pending
    (ENG-03); never empty otherwise.

    At setup, the four patterns of the seat's cards (RUL-10). In a turn (TURN-01): the pool dice
    that may be drafted (TURN-03, RUL-05), the legal spaces of the die in hand (TURN-04,
    PLACE-10), right after Tap Wheel's first move the dice its second move may pick (RUL-07),
    the tools that can be chosen with each possible payment (TOOL-14, SOLO-03), and the end of
    the turn when no die is in hand (TURN-02). While a tool is half-done, only its steps: +1 /
    -1 (TOOL-01), a round-track die (TOOL-05), each giving a die with a legal space (RUL-20),
    a space adjacent to no die (TOOL-09), a value
    then a space or the return (RUL-12), a die to pick then its destination (TOOL-13, RUL-09),
    the extra draft (RUL-06).

    Args:
        state: any state.

    Returns:
        The legal decisions.
    """
    if state.chance is not None or state.is_over:
        return ()
    if state.round == 0:
        return tuple(ALL_ACTIONS[p] for p in pattern_choices(state))
    sub = state.sub
    if sub == "":
        return _turn_actions(state)
    if sub == "running":
        return tuple(draft_action(*d) for d in sorted(set(state.pool)) if draftable(state, d))
    if sub in ("pick", "pick2"):
        return tuple(ALL_ACTIONS[PICK_AT + c] for c in pickable(state))
    if sub in ("drop", "drop2"):
        return tuple(ALL_ACTIONS[PLACE_AT + c] for c in drop_cells(state))
    if sub == "flux":
        return ALL_ACTIONS[VALUE_AT : VALUE_AT + 6]
    hand = state.hand
    assert hand is not None
    if sub == "lens":
        return tuple(ALL_ACTIONS[SWAP_AT + c * 6 + v - 1] for c, v in swaps(state, hand))
    if sub == "grozing":
        deltas = adjustments(state, hand)
        return tuple(ALL_ACTIONS[ADJUST_AT + (delta + 1) // 2] for delta in deltas)
    window = state.players[state.turn].window
    cells = legal_cells(window, pattern_of(state, state.turn), hand, cork=sub == "cork")
    out: list[Action] = [ALL_ACTIONS[PLACE_AT + c] for c in cells]
    if sub == "flux_place":
        out.append(RETURN)
    return tuple(out)


def _turn_actions(state: SagradaState) -> tuple[Action, ...]:
    """The decisions of a turn with no tool half-done (TURN-01 to TURN-04, TOOL-14)."""
    out: list[Action] = []
    hand = state.hand
    if hand is None:
        if not state.drafted:
            window = state.players[state.turn].window
            pattern = pattern_of(state, state.turn)
            out.extend(
                draft_action(*d)
                for d in sorted(set(state.pool))
                if has_legal_cell(window, pattern, d) or draftable(state, d)  # RUL-05
            )
    else:
        window = state.players[state.turn].window
        cells = legal_cells(window, pattern_of(state, state.turn), hand)
        out.extend(ALL_ACTIONS[PLACE_AT + c] for c in cells)
    if state.moved is not None:  # right after Tap Wheel's first move (RUL-07)
        out.extend(ALL_ACTIONS[PICK_AT + c] for c in pickable(state))
    if not state.tool_used:
        cards = state.components.tools
        numbers = [cards[card].number for card in state.tools]
        solo = len(state.players) == 1
        favor = state.players[state.turn].favor
        for slot in sorted(range(len(numbers)), key=numbers.__getitem__):
            number = numbers[slot]
            # Conditions whose failure tool_faults reports anyway, checked first: the die in
            # hand (RUL-15, TOOL-13) and, with favor tokens, the price (FAVOR-02, FAVOR-03).
            if (number in AFTER_DRAFT) if hand is None else (number in MOVING):
                continue
            if solo:
                pays = payments(state, slot)
            elif favor < cost(state.tokens[slot]):
                continue
            else:
                pays = [0]
            for pay in pays:
                if not tool_faults(state, slot, pay):
                    out.append(tool_action(number, pay))
    if hand is None:
        out.append(END)
    return tuple(out)


# --------------------------------------------------------------------------- legality


def faults(state: SagradaState, action: object) -> list[Fault]:
    """Every clause ``action`` breaks in ``state``, with a reason, in increasing order of
    clause ID, one entry per clause (reasons joined); empty exactly when it is legal (ENG-10).

    Args:
        state: any state.
        action: anything.

    Returns:
        The broken clauses.
    """
    found = _check(state, action)
    merged: dict[str, str] = {}
    for clause, reason in found:
        merged[clause] = f"{merged[clause]}; {reason}" if clause in merged else reason
    return sorted(merged.items())


def _ints(action: object) -> bool:
    """Whether every field of ``action`` is an ``int`` (never a ``bool``) (ENG-07)."""
    return all(type(v) is int for v in attrs.astuple(action, recurse=False))  # type: ignore[arg-type]


def _check(state: SagradaState, action: object) -> list[Fault]:
    if not isinstance(state, SagradaState):
        return [("ENG-02", f"expected a SagradaState, got {type(state).__name__}")]
    if state.is_over:
        return [("ROUND-06", "the game is over: no more decisions")]
    if state.chance is not None:
        return [("ENG-03", "a chance step is pending: decide it before any player acts")]
    if not isinstance(action, _TYPES) or not _ints(action):
        return [("ENG-07", f"not a decision of Sagrada: {action!r}")]
    if state.round == 0:
        if not isinstance(action, ChoosePattern):
            return [("RUL-10", f"player {state.turn + 1} must first choose a window pattern")]
        if action.pattern not in pattern_choices(state):
            return [("SETUP-02", f"pattern {action.pattern + 1} is not a face of the seat's cards")]
        return []
    return _CHECKS[type(action)](state, action)


def _wrong_kind(state: SagradaState, what: str) -> list[Fault]:
    """TURN-01: a decision of a kind not allowed at this point."""
    doing = f" (the tool in progress waits at its step {state.sub!r})" if state.sub else ""
    return [("TURN-01", f"{what} is not a decision of this point of the turn{doing}")]


def _check_choose(state: SagradaState, action: ChoosePattern) -> list[Fault]:
    return [("RUL-10", "patterns are chosen at setup, before round 1")]


def _check_draft(state: SagradaState, action: Draft) -> list[Fault]:
    """TURN-03, RUL-05."""
    c, v = action.colour, action.value
    if not (0 <= c < 5 and 1 <= v <= 6):
        return [("ENG-07", f"a die is a colour 0 to 4 and a value 1 to 6, got ({c}, {v})")]
    d = die(c, v)
    out: list[Fault] = []
    if state.sub != "running":
        if state.sub:
            out.append(("TURN-03", "a tool is half-done: finish it before drafting"))
        if state.hand is not None:
            out.append(("TURN-03", f"a die ({_name(state.hand)}) is already in hand"))
        if state.drafted:
            out.append(("TURN-03", "this turn's die has already been drafted"))
    if d not in state.pool:
        out.append(("TURN-03", f"the draft pool holds no {_name(d)}"))
    if not out and not draftable(state, d):
        out.append(
            ("RUL-05", f"{_name(d)} has no legal space and no after-drafting tool can treat it")
        )
    return out


def _check_place(state: SagradaState, action: Place) -> list[Fault]:
    """TURN-04, PLACE-01 to PLACE-08, TOOL-09, TOOL-13, RUL-09."""
    cell = action.cell
    if not 0 <= cell < SPACES:
        return [("ENG-07", f"a window space is 0 to 19, got {cell}")]
    window = state.players[state.turn].window
    pattern = pattern_of(state, state.turn)
    if state.sub in ("drop", "drop2"):
        src = state.lifted
        assert src is not None
        d = window[src]
        assert d is not None
        if cell == src:
            return [("TOOL-13", f"the die moves to another space than {space_name(src)}")]
        lifted = list(window)
        lifted[src] = None
        number = (
            state.tool_number(state.active)
            if state.sub == "drop" and state.active is not None
            else 0
        )
        out = placement_faults(
            lifted, pattern, d, cell, waive_colour=number == EGLOMISE, waive_value=number == COPPER
        )
        if (
            not out
            and number == LATHEKIN
            and not _has_move(moved(window, src, cell), pattern, skip=cell)
        ):
            out.append(("RUL-09", "after this move no second die of the window could move"))
        return out
    if state.sub not in ("", "cork", "flux_place") or state.hand is None:
        return _wrong_kind(state, "placing a die with no die in hand or being moved")
    return placement_faults(window, pattern, state.hand, cell, cork=state.sub == "cork")


def _check_pick(state: SagradaState, action: Pick) -> list[Fault]:
    """TOOL-02 to TOOL-04, TOOL-12, TOOL-13, RUL-07, RUL-09."""
    cell = action.cell
    if not 0 <= cell < SPACES:
        return [("ENG-07", f"a window space is 0 to 19, got {cell}")]
    second = state.sub == "pick2" or (state.sub == "" and state.moved is not None)
    if state.sub != "pick" and not second:
        return _wrong_kind(state, "picking a die to move")
    window = state.players[state.turn].window
    d = window[cell]
    if d is None:
        return [("TOOL-13", f"{space_name(cell)} holds no die to move")]
    if cell in pickable(state):
        return []
    number = LATHEKIN if state.sub == "pick2" else TAP
    if state.sub == "pick":
        assert state.active is not None
        number = state.tool_number(state.active)
    clause = f"TOOL-{number:02d}"
    if second and cell == state.moved:
        return [(clause, "the second move moves a different die")]
    if number == TAP:
        first = window[state.moved] if second and state.moved is not None else None
        if first is not None and d[0] != first[0]:
            return [(clause, f"the second die must be {_CODES[first[0]]}, like the first")]
        if first is None and d[0] not in track_colours(state):
            return [(clause, f"no {_CODES[d[0]]} die is on the round track")]
    if not destinations(window, pattern_of(state, state.turn), cell) or number == LATHEKIN:
        return [("RUL-09", f"the die on {space_name(cell)} has no destination for this move")]
    return [("RUL-09", f"the die on {space_name(cell)} cannot move under this tool")]


def _check_tool(state: SagradaState, action: UseTool) -> list[Fault]:
    """FAVOR-01 to FAVOR-03, SOLO-03, TOOL-14 and each tool's own conditions."""
    slots = [s for s in range(len(state.tools)) if state.tool_number(s) == action.tool]
    if not slots or not 0 <= action.pay <= 6:
        return [("TOOL-14", f"tool {action.tool} is not in play")]
    return tool_faults(state, slots[0], action.pay)


def _check_adjust(state: SagradaState, action: Adjust) -> list[Fault]:
    """TOOL-01, RUL-20."""
    if state.sub != "grozing" or state.hand is None:
        return _wrong_kind(state, "+1 or -1")
    if action.delta not in (-1, 1):
        return [("TOOL-01", f"Grozing Pliers changes a die by +1 or -1, not {action.delta:+d}")]
    value = state.hand[1] + action.delta
    if not 1 <= value <= 6:
        return [
            ("TOOL-01", f"{state.hand[1]} cannot become {value}: 1 may not change to 6, or 6 to 1")
        ]
    new = die(state.hand[0], value)
    if not placeable(state, new):
        return [("RUL-20", f"{_name(new)} would have no legal space")]
    return []


def _check_value(state: SagradaState, action: ChooseValue) -> list[Fault]:
    """TOOL-11, RUL-12."""
    if state.sub != "flux":
        return _wrong_kind(state, "choosing a value")
    if not 1 <= action.value <= 6:
        return [("TOOL-11", f"a die's value is 1 to 6, not {action.value}")]
    return []


def _check_swap(state: SagradaState, action: Swap) -> list[Fault]:
    """TOOL-05, RUL-20."""
    if state.sub != "lens":
        return _wrong_kind(state, "swapping with a round-track die")
    c, v = action.colour, action.value
    if not (0 <= c < 5 and 1 <= v <= 6):
        return [("ENG-07", f"a die is a colour 0 to 4 and a value 1 to 6, got ({c}, {v})")]
    taken = die(c, v)
    if not any(taken in space for space in state.track):
        return [("TOOL-05", f"the round track holds no {_name(taken)}")]
    if taken == state.hand:
        return [("RUL-20", f"swapping {_name(taken)} for an equal die changes nothing")]
    if not placeable(state, taken):
        return [("RUL-20", f"{_name(taken)} would have no legal space")]
    return []


def _check_return(state: SagradaState, action: ReturnDie) -> list[Fault]:
    """TOOL-11, RUL-12."""
    if state.sub != "flux_place":
        return _wrong_kind(state, "returning a die to the pool")
    return []


def _check_end(state: SagradaState, action: EndTurn) -> list[Fault]:
    """TURN-02, RUL-14."""
    out: list[Fault] = []
    if half_done(state):
        out.append(("TURN-02", f"a tool is half-done (at its step {state.sub!r})"))
    if state.hand is not None:
        out.append(("RUL-14", f"the drafted die ({_name(state.hand)}) must be placed this turn"))
    return out


_CHECKS: dict[type, Callable[[SagradaState, Any], list[Fault]]] = {
    ChoosePattern: _check_choose,
    Draft: _check_draft,
    Place: _check_place,
    Pick: _check_pick,
    UseTool: _check_tool,
    Adjust: _check_adjust,
    ChooseValue: _check_value,
    Swap: _check_swap,
    ReturnDie: _check_return,
    EndTurn: _check_end,
}
