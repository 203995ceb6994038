"""Sagrada's facts in words: the one place where events, decisions, refusals and scores become
sentences.

The rules emit data (:mod:`~sintra_rules.games.sagrada.events`, the clauses a refused decision
breaks, :class:`~sintra_rules.games.sagrada.scoring.FinalScore`); this module says them in
words, for :mod:`~sintra_rules.games.sagrada.explain`, the pictures, the command line and the
docs. Nothing here decides a rule: every sentence is made from an event, a decision, a
violation or a state, with the component table's names. Players, rows, columns, rounds and
tools count from 1, as players count them; a die is written as its code (``R3``: a red 3).

>>> from sintra_rules.games.sagrada import build_position, Place
>>> state = build_position(["Luz Celestial", "Batllo"], windows={1: {"r1c1": "B3"}}, hand="R3")
>>> print(describe_violation(state, Place(1), "PLACE-07"))
R3 at row 1, column 2: the die to its left (r1c1) shows a 3
"""

from __future__ import annotations

import functools
import textwrap
import tomllib
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from sintra_rules._words import plural
from sintra_rules.errors import InvalidArgument, SpecError
from sintra_rules.games.sagrada import events as ev
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
from sintra_rules.games.sagrada.components import COLUMNS, SagradaComponents
from sintra_rules.games.sagrada.state import NEIGHBOURS, ORTHOGONAL, Die, SagradaState

if TYPE_CHECKING:
    from sintra_rules.games.sagrada.explain import Choices, Explanation

__all__ = [
    "Step",
    "choices_text",
    "clause_title",
    "describe_action",
    "describe_event",
    "describe_request",
    "describe_violation",
    "die_code",
    "die_words",
    "explanation_text",
    "narrate",
    "placement_steps",
    "player_name",
    "player_names",
    "plural",
    "score_steps",
    "space_words",
]

#: The width :func:`explanation_text` folds its lines to.
_WIDTH = 96


# -- small words ------------------------------------------------------------------------------


def player_name(seat: int) -> str:
    """The name of the 0-based ``seat`` as people count (ENG-01): ``player 1`` for seat 0."""
    return f"player {seat + 1}"


def player_names(num_players: int, names: Sequence[str] | None = None) -> tuple[str, ...]:
    """Each seat's name: ``names`` if given, else ``Player 1``, ``Player 2``...

    Raises:
        InvalidArgument: ``names`` does not hold one name per player.
    """
    if names is None:
        return tuple(f"Player {seat + 1}" for seat in range(num_players))
    if len(names) != num_players:
        raise InvalidArgument("names", f"{len(names)} names for {num_players} players")
    return tuple(names)


def space_words(cell: int) -> str:
    """A window space in words: ``row 1, column 2`` (COMP-03).

    >>> space_words(7)
    'row 2, column 3'
    """
    row, col = divmod(cell, COLUMNS)
    return f"row {row + 1}, column {col + 1}"


def _space(cell: int) -> str:
    row, col = divmod(cell, COLUMNS)
    return f"r{row + 1}c{col + 1}"


def die_code(table: SagradaComponents, d: Die) -> str:
    """A die as its code: ``R3``; ``G?`` for Flux Remover's die before its value is chosen."""
    return f"{table.colour_codes[d[0]]}{d[1] or '?'}"


def die_words(table: SagradaComponents, d: Die) -> str:
    """A die in words: ``red 3``."""
    return f"{table.colour_names[d[0]]} {d[1] or '(value not chosen yet)'}"


@functools.cache
def _titles() -> dict[str, str]:
    """Sagrada's clause titles, from its spec's registry (``spec/sagrada/index.toml``)."""
    from sintra_rules.clauses.loader import spec_dir

    try:
        folder = spec_dir("sagrada")
    except SpecError:
        return {}
    data = tomllib.loads((folder / "index.toml").read_text("utf-8"))
    return {entry["id"]: entry["title"] for entry in data.get("clause", [])}


def clause_title(clause: str) -> str:
    """The title of Sagrada's clause ``clause`` in its spec (empty when the spec is absent).

    >>> clause_title("PLACE-07")
    'No same value orthogonally adjacent'
    """
    return _titles().get(clause, "")


# -- events, clause by clause -----------------------------------------------------------------


@attrs.frozen
class Step:
    """One clause applied (or checked), in words."""

    clause: str
    text: str


def describe_event(event: ev.Event, table: SagradaComponents) -> tuple[str, ...]:
    """What ``event`` did, in words: one sentence per clause of its ``clauses``, in order.

    Args:
        event: an event from :func:`~sintra_rules.games.sagrada.rules.apply_traced`.
        table: the component table (names of colours, cards, tools).

    Returns:
        The sentences, as many as ``event.clauses``.

    Raises:
        TypeError: ``event`` is not one of the event classes.
    """
    match event:
        case ev.CardDealt(kind, seat, slot, card):
            if kind == "pattern":
                faces = " / ".join(table.patterns[p].name for p in table.card_faces[card])
                what = f"pattern card {card + 1} ({faces}) is dealt to {player_name(seat)}"
            elif kind == "private":
                what = f"{player_name(seat)} is dealt a private objective, face down"
            elif kind == "tool":
                what = f"tool card {table.tools[card].number} ({table.tools[card].name}) is dealt"
            else:
                public = table.publics[card]
                what = f"public objective {public.number} ({public.name}) is dealt"
            del slot  # the order of the deal says which
            return what, "in the order of the deal"
        case ev.StartPlayer(seat):
            return (
                f"{player_name(seat)} is the start player",
                "the first start player is drawn at random",
            )
        case ev.PatternChosen(seat, pattern, favor):
            chosen = table.patterns[pattern]
            return (
                f"{player_name(seat)} chooses {chosen.name} (difficulty {chosen.favor})",
                f"and takes {plural(favor, 'favor token')}",
            )
        case ev.RoundStarted(number, start):
            return (
                f"round {number + 1} begins: {player_name(start)} draws the draft pool from the "
                "bag",
            )
        case ev.DieDrawn(colour):
            return (f"a {table.colour_names[colour]} die is drawn from the bag", "a chance step")
        case ev.DieRolled(d, in_hand):
            where = "the die in hand" if in_hand else "the die"
            return (f"{where} is rolled: {die_words(table, d)}", "a chance step")
        case ev.DiceToTrack(number, dice):
            shown = ", ".join(die_code(table, d) for d in dice) or "no die"
            return (
                f"the pool's dice left over ({shown}) go on space {number + 1} of the round track",
            )
        case ev.GameEnded():
            return ("round 10 is over: the game ends and is scored",)
        case ev.Drafted(seat, d, extra):
            more = " (the extra draft of Running Pliers)" if extra else ""
            rule = (
                "the player's second turn of the round is given up for it"
                if extra
                else f"{die_code(table, d)} has a legal space, or a tool that acts on it can "
                "still be used"
            )
            return (f"{player_name(seat)} drafts {die_words(table, d)}{more}", rule)
        case ev.DiePlaced(seat, d, cell):
            return (
                f"{player_name(seat)} places {die_code(table, d)} at {space_words(cell)}",
                "the space takes the die under every placement restriction",
            )
        case ev.ToolUsed(seat, _slot, number, cost):
            name = table.tools[number - 1].name
            paid = (
                f"pays {plural(cost, 'favor token')} onto the card"
                if cost
                else "pays with a pool die of the card's colour"
            )
            return (
                f"{player_name(seat)} uses tool {number} ({name}), the turn's only tool",
                paid,
                "the tool can act now",
            )
        case ev.DiePaid(_slot, d):
            return (
                f"{die_code(table, d)} pays for the tool; die and card leave the game",
                "paying does not use the turn's draft",
            )
        case ev.DieChanged(number, old, new):
            return (
                f"{table.tools[number - 1].name} turns {die_code(table, old)} into "
                f"{die_code(table, new)}",
            )
        case ev.DieSwapped(number, given, taken):
            return (
                f"Lens Cutter puts {die_code(table, given)} on space {number + 1} of the round "
                f"track and takes {die_code(table, taken)}",
            )
        case ev.DieToBag(d):
            return (
                f"Flux Remover puts {die_code(table, d)} back into the bag",
                "a new die is drawn from the bag; the player chooses its value",
            )
        case ev.ValueChosen(d):
            return (f"the new die is given its value: {die_code(table, d)}",)
        case ev.DieReturned(d, _clause):
            return (f"{die_code(table, d)} goes back to the draft pool",)
        case ev.DieMoved(number, d, src, dst):
            return (
                f"{table.tools[number - 1].name} moves {die_code(table, d)} from "
                f"{space_words(src)} to {space_words(dst)}",
                "the die is placed again as a new die in the window without it",
            )
        case ev.TurnEnded(seat):
            return (f"{player_name(seat)} ends the turn", "the next turn in the snake order")
        case ev.TurnSkipped(seat):
            return (
                f"{player_name(seat)}'s second turn of the round is skipped",
                "it was given up for Running Pliers",
            )
    raise TypeError(f"not an event: {event!r}")


def narrate(events: Sequence[ev.Event], table: SagradaComponents) -> tuple[Step, ...]:
    """``events`` clause by clause, in words: one :class:`Step` per clause, in order."""
    return tuple(
        Step(clause, text)
        for event in events
        for clause, text in zip(event.clauses, describe_event(event, table), strict=True)
    )


# -- decisions ----------------------------------------------------------------------------------


def _moving_die(state: SagradaState) -> Die | None:
    """The die a placement would put down: the one being moved, else the one in hand."""
    if state.sub in ("drop", "drop2") and state.lifted is not None:
        return state.players[state.turn].window[state.lifted]
    return state.hand


def describe_request(state: SagradaState, action: object) -> str:
    """What ``action`` asks for in ``state``, in words, legal or not (ENG-14); values out of
    range are shown as they are.

    >>> from sintra_rules.games.sagrada import build_position
    >>> describe_request(build_position(hand="R3"), Place(1))
    'place R3 at row 1, column 2'
    """
    table = state.components

    def die(colour: object, value: object) -> str:
        if isinstance(colour, int) and type(colour) is int and 0 <= colour < table.colours:
            return f"{table.colour_codes[colour]}{value!r}"
        return f"{colour!r}{value!r}"

    def space(cell: object) -> str:
        if isinstance(cell, int) and type(cell) is int and 0 <= cell < 20:
            return space_words(cell)
        return repr(cell)

    match action:
        case ChoosePattern(pattern):
            if type(pattern) is int and 0 <= pattern < len(table.patterns):
                return f"choose the pattern {table.patterns[pattern].name}"
            return f"choose pattern {pattern!r}"
        case Draft(colour, value):
            return f"draft {die(colour, value)} from the draft pool"
        case Place(cell):
            moving = _moving_die(state) if state.round else None
            what = die_code(table, moving) if moving is not None else "a die"
            return f"place {what} at {space(cell)}"
        case Pick(cell):
            return f"pick up the die at {space(cell)} to move it"
        case UseTool(number, pay):
            ok = type(number) is int and 1 <= number <= len(table.tools)
            name = f" ({table.tools[number - 1].name})" if ok else ""
            paid = f", paying with a pool die showing {pay}" if pay else ""
            return f"use tool {number}{name}{paid}"
        case Adjust(delta):
            return f"change the die in hand by {delta:+d}" if type(delta) is int else "adjust"
        case ChooseValue(value):
            return f"give the new die the value {value}"
        case Swap(colour, value):
            return f"swap the die in hand for {die(colour, value)} from the round track"
        case ReturnDie():
            return "return the new die to the draft pool"
        case EndTurn():
            return "end the turn"
    return f"play {action!r}, which is not a decision of Sagrada"


def describe_action(state: SagradaState, action: Action, names: Sequence[str] | None = None) -> str:
    """``action``, by the player to act in ``state``, in one sentence with its notation.

    Args:
        state: the position before the action.
        action: the decision, legal or not.
        names: the players' names by seat (default ``Player 1``...).

    Returns:
        The sentence, without a final full stop.
    """
    from sintra_rules.games.sagrada.notation import action_to_text

    seats = player_names(state.num_players, names)
    words = describe_request(state, action)
    try:
        notation = action_to_text(action)
    except ValueError:
        notation = repr(action)
    return f"{seats[state.turn]}: {words} [{notation}]"


_SIDES = {-COLUMNS: "above it", COLUMNS: "below it", -1: "to its left", 1: "to its right"}


def _side(cell: int, other: int) -> str:
    return f"the die {_SIDES[other - cell]} ({_space(other)})"


def describe_violation(state: SagradaState, action: object, clause: str, reason: str = "") -> str:
    """Why ``action`` breaks ``clause`` in ``state``, in words. A placement is told from the
    window (``R3 at row 1, column 2: the die to its left (r1c1) shows a 3``); any other
    refusal with ``reason``, the engine's own words.

    Args:
        state: the position.
        action: the refused decision.
        clause: one clause it breaks.
        reason: the engine's reason (used when the window says nothing more).

    Returns:
        The sentence.
    """
    table = state.components
    if not isinstance(action, Place) or type(action.cell) is not int or not 0 <= action.cell < 20:
        return reason
    d = _moving_die(state) if state.round and state.chance is None else None
    if d is None or state.players[state.turn].pattern is None:
        return reason
    cell = action.cell
    player = state.players[state.turn]
    window = list(player.window)
    if state.sub in ("drop", "drop2") and state.lifted is not None:
        window[state.lifted] = None
    pattern = table.patterns[player.pattern]  # type: ignore[index]
    head = f"{die_code(table, d)} at {space_words(cell)}"
    names = table.colour_names
    if clause == "PLACE-01":
        return f"{head}: the window is empty, and a first die goes on an edge or corner space"
    if clause == "PLACE-02":
        return f"{head}: no die of the window is next to it, orthogonally or diagonally"
    if clause == "PLACE-03":
        return f"{head}: the space takes only a {names[pattern.colours[cell]]} die"
    if clause == "PLACE-04":
        return f"{head}: the space takes only a die showing {pattern.values[cell]}"
    if clause == "PLACE-06":
        same = [j for j in ORTHOGONAL[cell] if window[j] is not None and window[j][0] == d[0]]  # type: ignore[index]
        sides = " and ".join(_side(cell, j) for j in same)
        return f"{head}: {sides} {'is' if len(same) == 1 else 'are'} {names[d[0]]} too"
    if clause == "PLACE-07":
        same = [j for j in ORTHOGONAL[cell] if window[j] is not None and window[j][1] == d[1]]  # type: ignore[index]
        sides = " and ".join(_side(cell, j) for j in same)
        return f"{head}: {sides} {'shows' if len(same) == 1 else 'show'} a {d[1]}"
    if clause == "PLACE-08":
        there = window[cell]
        held = die_code(table, there) if there is not None else "a die"
        return f"{head}: the space already holds {held}"
    if clause == "TOOL-09":
        near = [_space(j) for j in NEIGHBOURS[cell] if window[j] is not None]
        return (
            f"{head}: Cork-backed Straightedge places the die next to no die, and this space "
            f"touches {', '.join(near)}"
        )
    return f"{head}: {reason}" if reason else head


def placement_steps(state: SagradaState, action: Place) -> tuple[Step, ...]:
    """Why a legal placement is allowed, restriction by restriction (PLACE-01 to PLACE-08),
    in words, from the window before it.

    Args:
        state: the position before the placement (a legal one).
        action: the placement.

    Returns:
        One step per restriction checked.
    """
    table = state.components
    d = _moving_die(state)
    player = state.players[state.turn]
    if d is None or player.pattern is None:
        return ()
    cell = action.cell
    window = list(player.window)
    if state.sub in ("drop", "drop2") and state.lifted is not None:
        window[state.lifted] = None
    pattern = table.patterns[player.pattern]
    number = state.tool_number(state.active) if state.active is not None else 0
    head = f"{die_code(table, d)} at {space_words(cell)}"
    near = [_space(j) for j in NEIGHBOURS[cell] if window[j] is not None]
    out: list[Step] = [Step("PLACE-08", f"{head}: the space is empty")]
    if not any(x is not None for x in window):
        out.append(Step("PLACE-01", f"{head}: the window's first die, on an edge or corner space"))
    elif state.sub == "cork":
        out.append(Step("TOOL-09", f"{head}: next to no die, as Cork-backed Straightedge allows"))
    else:
        out.append(Step("PLACE-02", f"{head}: next to the die on {', '.join(near)}"))
    need, want = pattern.colours[cell], pattern.values[cell]
    if need >= 0 and number == 2 and state.sub == "drop":
        out.append(Step("TOOL-02", f"{head}: Eglomise Brush ignores the space's colour"))
    elif need >= 0:
        out.append(Step("PLACE-03", f"{head}: the space takes a {table.colour_names[need]} die"))
    if want and number == 3 and state.sub == "drop":
        out.append(Step("TOOL-03", f"{head}: Copper Foil Burnisher ignores the space's value"))
    elif want:
        out.append(Step("PLACE-04", f"{head}: the space takes a die showing {want}"))
    if need < 0 and not want:
        out.append(Step("PLACE-05", f"{head}: a blank space takes any die"))
    sides = [j for j in ORTHOGONAL[cell] if window[j] is not None]
    diagonal = [j for j in NEIGHBOURS[cell] if j not in ORTHOGONAL[cell] and window[j] is not None]
    if sides:
        listed = ", ".join(f"{die_code(table, window[j])} on {_space(j)}" for j in sides)  # type: ignore[arg-type]
        colour_text = f"no orthogonal neighbour is {table.colour_names[d[0]]} ({listed})"
        value_text = f"no orthogonal neighbour shows a {d[1]}"
    else:
        colour_text = value_text = "no die is orthogonally next to it"
    for clause, text, index in (("PLACE-06", colour_text, 0), ("PLACE-07", value_text, 1)):
        alike = [j for j in diagonal if window[j][index] == d[index]]  # type: ignore[index]
        if alike:
            shown = ", ".join(f"{die_code(table, window[j])} on {_space(j)}" for j in alike)  # type: ignore[arg-type]
            text += f"; {shown} is only diagonally next to it, which the rule allows"
        out.append(Step(clause, f"{head}: {text}"))
    return tuple(out)


# -- scores -------------------------------------------------------------------------------------

_PUBLIC_COUNTS = {
    1: ("set of a 1 and a 2", "sets of a 1 and a 2"),
    2: ("set of a 3 and a 4", "sets of a 3 and a 4"),
    3: ("set of a 5 and a 6", "sets of a 5 and a 6"),
    4: ("set of one of each value", "sets of one of each value"),
    5: ("complete row with no repeated value", "complete rows with no repeated value"),
    6: ("complete column with no repeated value", "complete columns with no repeated value"),
    7: ("complete row with no repeated colour", "complete rows with no repeated colour"),
    8: ("complete column with no repeated colour", "complete columns with no repeated colour"),
    9: ("set of one die of each colour", "sets of one die of each colour"),
    10: (
        "die with a diagonal neighbour of its colour",
        "dice with a diagonal neighbour of their colour",
    ),
}


def score_steps(state: SagradaState, seat: int) -> tuple[Step, ...]:
    """``seat``'s score, part by part, each with its clause: every public objective (PUB-01 to
    PUB-10, PUB-11), the private objective (SCORE-02; solo the better one, RUL-11), favor
    tokens (SCORE-03), empty spaces (SCORE-04; solo SOLO-06), the total (SCORE-01); in the solo
    game the target (SOLO-05, SOLO-07).

    Args:
        state: a position after setup (at the end, the final score).
        seat: the player.

    Returns:
        The steps.
    """
    from sintra_rules.games.sagrada.scoring import (
        PUBLIC_RULES,
        final_score,
        private_points,
        target_score,
    )

    table = state.components
    player = state.players[seat]
    window = player.window
    final = final_score(state, seat)
    out: list[Step] = []
    for card, points in zip(state.publics, final.publics, strict=True):
        objective = table.publics[card]
        count = PUBLIC_RULES[objective.number - 1](window)
        one, many = _PUBLIC_COUNTS[objective.number]
        out.append(
            Step(
                f"PUB-{objective.number:02d}",
                f"{objective.name}: {count} {one if count == 1 else many} x {objective.points} "
                f"= {points}",
            )
        )
    if player.privates:
        parts = []
        for card in player.privates:
            colour = table.privates[card].colour
            values = [d[1] for d in window if d is not None and d[0] == colour]
            shown = " + ".join(map(str, values)) or "no die"
            parts.append(
                f"{table.privates[card].name}: {table.colour_names[colour]} dice {shown} = "
                f"{private_points(state, card, window)}"
            )
        better = "; the better one counts" if len(parts) > 1 else ""
        out.append(Step("SCORE-02", "; ".join(parts) + better))
    else:
        out.append(Step("SCORE-02", "private objective not known: 0"))
    if not state.is_solo:
        out.append(
            Step("SCORE-03", f"{plural(final.tokens, 'unspent favor token')} = {final.tokens}")
        )
    each = 3 if state.is_solo else 1
    out.append(
        Step(
            "SOLO-06" if state.is_solo else "SCORE-04",
            f"{plural(final.empty, 'empty space')} x -{each} = {final.empty_points}",
        )
    )
    out.append(Step("SCORE-01", f"total {final.total}"))
    if state.is_solo:
        target = target_score(state)
        verdict = "beats" if final.total > target else "does not beat"
        out.append(Step("SOLO-05", f"target: the round track's dice add up to {target}"))
        out.append(Step("SOLO-07", f"the score {verdict} the target"))
    return tuple(out)


# -- explanations -------------------------------------------------------------------------------


def _item(prefix: str, clause: str, text: str) -> str:
    title = clause_title(clause)
    body = f"{clause} ({title}): {text}" if title else f"{clause}: {text}"
    return textwrap.fill(body, _WIDTH, initial_indent=prefix, subsequent_indent=" " * len(prefix))


def explanation_text(report: Explanation) -> str:
    """An explanation in words: the decision in words and notation; then every clause it
    breaks, or every clause it applies, in order; the scores when the game ends."""
    state, action = report.before, report.action
    from sintra_rules.games.sagrada.notation import action_to_text

    try:
        notation = action_to_text(action)  # type: ignore[arg-type]
    except ValueError:
        notation = repr(action)
    who = player_name(state.turn).capitalize()
    verb = "may" if report.legal else "asks to"
    if state.chance is not None or state.is_over:
        who, verb = "Nobody acts here; the decision would", ""
    request = describe_request(state, action)
    headline = " ".join(f"{who} {verb} {request} [{notation}].".split())
    lines = [textwrap.fill(headline, _WIDTH)]
    if not report.legal:
        lines.append(f"Illegal: it breaks {plural(len(report.violations), 'rule')}.")
        for error in report.violations:
            words = describe_violation(state, action, error.clause, error.reason)
            lines.append(_item("  - ", error.clause, words))
        return "\n".join(lines)
    lines.append("Legal. What happens, in order:")
    for number, step in enumerate(report.steps, 1):
        lines.append(_item(f"{number:>3}. ", step.clause, step.text))
    after = report.after
    if after is not None and after.is_over:
        lines.append("Final scores:")
        for seat in range(after.num_players):
            lines.append(f"  {player_name(seat).capitalize()}:")
            lines.extend(_item("    ", s.clause, s.text) for s in score_steps(after, seat))
    return "\n".join(lines)


def choices_text(report: Choices) -> str:
    """The legal decisions of a position in words, one per line with its notation."""
    from sintra_rules.games.sagrada.notation import action_to_text

    state = report.state
    if state.is_over:
        return "The game is over: no decision is left (ROUND-06)."
    if state.chance is not None:
        return f"A chance step is pending ({state.chance.kind}): no player acts (ENG-03)."
    lines = [f"{player_name(state.turn).capitalize()} may ({len(report.actions)}):"]
    for action in report.actions:
        lines.append(f"  {action_to_text(action):<16} {describe_request(state, action)}")
    return "\n".join(lines)
