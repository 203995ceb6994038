"""Events and actions in words: the one place where the engine's facts become sentences.

The rules emit data (:mod:`sintra_rules.games.sintra.events`); this module says it in words, for
:mod:`sintra_rules.games.sintra.explain`, the text board and game presenter
(:mod:`sintra_rules.games.sintra.render`), the command line and the docs. Nothing here decides a
rule: every sentence is made from an event, an action or a state, using the colour names and broken
glass values of the component table (FIG-01). Seats, displays, slots and windows are counted from 1,
as players count them.

>>> from sintra_rules import apply_traced, new_game
>>> from sintra_rules import Take
>>> state = new_game(2, seed=7)
>>> after, events = apply_traced(state, Take(0, 1, 2))
>>> print(describe_turn(events, state.components, ["Ann", "Bob"]))
Ann takes 1 green from factory display 1, moves the glazier to slot 3 and places it on the \
strip in slot 3
>>> for step in narrate(events, state.components):
...     print(step.clause, step.text)
TAKE-01 player 1 takes 1 green from factory display 1; the other 3 pieces go to the centre
PLACE-03 the glazier moves from slot 1 to slot 3
PLACE-01 1 green placed on the strip in slot 3
DONE-01 the strip in slot 3 is not complete (1 of 5 spaces filled): nothing is scored
ROUND-03 player 2 is next
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from sintra_rules._words import plural
from sintra_rules.errors import IllegalAction, InvalidArgument, SintraError
from sintra_rules.games.sintra import events as ev
from sintra_rules.games.sintra.actions import Action, Reset, Take
from sintra_rules.games.sintra.components import ComponentTable
from sintra_rules.games.sintra.notation import action_to_text
from sintra_rules.games.sintra.rules import apply_traced
from sintra_rules.games.sintra.state import CENTRE, GameState

if TYPE_CHECKING:
    from sintra_rules.games.sintra.explain import Explanation

__all__ = [
    "Step",
    "describe_action",
    "describe_event",
    "describe_request",
    "describe_turn",
    "explanation_text",
    "narrate",
    "player_name",
    "player_names",
    "plural",
    "roman",
]

_ROMAN = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
#: The width :func:`explanation_text` folds its lines to.
_WIDTH = 96


# -- small words ------------------------------------------------------------------------------


def roman(number: int) -> str:
    """``number`` (1 or more) in roman numerals, as the round indicator numbers the rounds
    (ROUND-01).

    Args:
        number: a round number, or any whole number from 1.

    Returns:
        The roman numeral; the empty string for 0 or less.

    >>> [roman(n) for n in range(1, 7)]
    ['I', 'II', 'III', 'IV', 'V', 'VI']
    >>> roman(14)
    'XIV'
    """
    out = []
    for value, letters in _ROMAN:
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)


def player_name(seat: int) -> str:
    """The default display name of the 0-based ``seat`` (ENG-01): ``Player 1`` for seat 0.

    >>> player_name(0)
    'Player 1'
    """
    return f"Player {seat + 1}"


def player_names(num_players: int, names: Sequence[str] | None = None) -> tuple[str, ...]:
    """The display name of each seat: ``names`` if given, else :func:`player_name` of each.

    Args:
        num_players: the number of players.
        names: one name per seat, or ``None``.

    Returns:
        One name per seat, in seat order.

    Raises:
        InvalidArgument: ``names`` does not hold exactly one name per player.

    >>> player_names(3)
    ('Player 1', 'Player 2', 'Player 3')
    """
    if names is None:
        return tuple(player_name(seat) for seat in range(num_players))
    if len(names) != num_players:
        raise InvalidArgument("names", f"{len(names)} names for {num_players} players")
    return tuple(names)


# -- events, clause by clause -----------------------------------------------------------------


@attrs.frozen
class Step:
    """One clause applied during an action, in words: what :func:`narrate` returns and
    :attr:`~sintra_rules.games.sintra.explain.Explanation.steps` lists."""

    clause: str
    text: str


def _track_path(table: ComponentTable, event: ev.MarkerMoved) -> str:
    values = table.track
    path = [str(values[event.start])]
    path += [f"{values[-1]} (bottom) -> {values[0]}"] * event.wraps
    if not event.wraps or event.end:
        path.append(str(values[event.end]))
    return " -> ".join(path)


def describe_event(event: ev.Event, table: ComponentTable) -> tuple[str, ...]:
    """What ``event`` did, in words: one sentence per clause of :attr:`Event.clauses
    <sintra_rules.games.sintra.events.Event.clauses>`, in the same order.

    Args:
        event: an event from :func:`~sintra_rules.games.sintra.rules.apply_traced`.
        table: the component table of the game (colour names, track values).

    Returns:
        The sentences, as many as ``event.clauses``.

    Raises:
        TypeError: ``event`` is not one of the event classes.
    """
    name = table.colour_names
    match event:
        case ev.TookFromDisplay(seat, display, colour, count, rest):
            return (
                f"player {seat + 1} takes {count} {name[colour]} from factory display "
                f"{display + 1}; the other {plural(rest, 'piece')} go to the centre",
            )
        case ev.TookFromCentre(seat, colour, count):
            return (f"player {seat + 1} takes {count} {name[colour]} from the centre",)
        case ev.TookTile():
            return (
                "first to take from the centre this round: takes the starting player tile and "
                "moves 1 space down the broken glass track",
            )
        case ev.AllBroke(_seat, colour, count, glazier):
            return (
                f"no reachable strip has an empty space for {name[colour]}: all {count} break "
                f"and the glazier stays above slot {glazier + 1}",
            )
        case ev.GlazierMoved(_seat, start, end):
            return (f"the glazier moves from slot {start + 1} to slot {end + 1}",)
        case ev.Placed(_seat, slot, colour, count, jokers):
            placed = f"{count} {name[colour]} placed on the strip in slot {slot + 1}"
            if not jokers:
                return (placed,)
            return (
                placed,
                f"{jokers} of them on joker spaces, {count - jokers} on {name[colour]} spaces",
            )
        case ev.Broke(_seat, colour, count, placed):
            return (
                f"only {placed} of the {placed + count} {name[colour]} pieces fit on the strip, "
                "and all that fit are placed",
                f"{count} {name[colour]} piece{'s do' if count != 1 else ' does'} not fit and "
                f"break{'' if count != 1 else 's'}",
            )
        case ev.MarkerMoved(_seat, steps, _start, _end, wraps, points):
            moved = f"broken glass marker moves {plural(steps, 'space')} down: "
            moved += _track_path(table, event)
            if not wraps:
                return (moved,)
            return moved, (
                f"the marker reached the bottom ({table.track[-1]}) {plural(wraps, 'time')}: "
                f"-{-points} points at once, back to the top"
            )
        case ev.Completed(_seat, slot, rnd, round_colour, bonus, keep, to_tower, flipped):
            shown = name[round_colour]
            frame = (
                f"the piece goes on the top frame of window {slot + 1}; the strip is flipped "
                "to its other side"
                if flipped
                else f"the piece goes on the bottom frame of window {slot + 1}, which is now "
                "complete; the strip leaves the game"
            )
            return (
                f"the strip in slot {slot + 1} is complete",
                f"colour bonus +{bonus}: {bonus} {shown} piece{'s' if bonus != 1 else ''} on "
                f"the strip in round {roman(rnd)} ({shown} round)",
                f"keeps one {name[keep]} piece; the other {to_tower} go to the tower",
                frame,
            )
        case ev.WindowScored(_seat, window, values, points):
            return (f"window {window + 1} scores {' + '.join(map(str, values))} = {points}",)
        case ev.NotCompleted(_seat, slot, pieces, size):
            return (
                f"the strip in slot {slot + 1} is not complete ({pieces} of {size} spaces "
                "filled): nothing is scored",
            )
        case ev.GlazierReset(seat, start, end):
            return (
                f"player {seat + 1} moves the glazier back from slot {start + 1} to slot "
                f"{end + 1}, the leftmost strip; the turn ends",
            )
        case ev.TurnPassed(seat):
            return (f"player {seat + 1} is next",)
        case ev.RoundEnded(_round, colour):
            return (
                "no pieces are left on the factory displays or in the centre",
                f"the {name[colour]} round indicator piece goes to the tower",
            )
        case ev.Refilled(_displays, poured, short):
            return (
                "the factory displays are refilled from the bag",
                *(("the bag ran empty: the tower's pieces went into the bag",) if poured else ()),
                *(("bag and tower ran empty: some displays are not full",) if short else ()),
            )
        case ev.RefillPending():
            return (
                "the factory displays are to be refilled from the bag, one piece at a time",
                "each piece drawn is a chance step, decided by sampling or by the caller",
            )
        case ev.StartsNextRound(seat, tile):
            if tile:
                return (f"player {seat + 1} holds the tile and starts the next round",)
            return (f"nobody took the tile: player {seat + 1} starts again",)
        case ev.GameEnded():
            return ("that was the last round: final scoring",)
        case ev.FinalScored(seat, side, leftovers, track, bonus, total):
            return (
                f"player {seat + 1}: leftovers +{leftovers} (FINAL-02), broken glass {track} "
                f"(FINAL-03), side {side} bonus +{bonus} "
                f"({'FINAL-04' if side == 'A' else 'FINAL-05'}): {total:+d}",
            )
    raise TypeError(f"not an event: {event!r}")


def narrate(events: Sequence[ev.Event], table: ComponentTable) -> tuple[Step, ...]:
    """``events`` clause by clause, in words: one :class:`Step` per clause, in order.

    Args:
        events: events from :func:`~sintra_rules.games.sintra.rules.apply_traced`.
        table: the component table of the game.

    Returns:
        The steps, as many as the clauses of all the events together.
    """
    return tuple(
        Step(clause, text)
        for event in events
        for clause, text in zip(event.clauses, describe_event(event, table), strict=True)
    )


# -- a whole action in one sentence -----------------------------------------------------------


def describe_turn(
    events: Sequence[ev.Event], table: ComponentTable, names: Sequence[str] | None = None
) -> str:
    """The action whose ``events`` are given, in one sentence, as the player's turn: what is
    taken and from where, the starting player tile (TAKE-03), the glazier's move (PLACE-03),
    the placement and joker spaces (PLACE-01, PLACE-06), what breaks (PLACE-04, RUL-03) and
    the kept piece of a completion (DONE-03 to DONE-05); or the glazier's reset (RESET-01).

    Args:
        events: the events of one action, from
        :func:`~sintra_rules.games.sintra.rules.apply_traced`.
        table: the component table of the game, for the colour names.
        names: the players' names by seat (default: :func:`player_name`).

    Returns:
        The sentence, without a final full stop.

    Raises:
        InvalidArgument: ``events`` holds no take or reset.
    """
    colours = table.colour_names

    def who(seat: int) -> str:
        return player_name(seat) if names is None else names[seat]

    text: str | None = None
    taken = 0
    for event in events:
        match event:
            case ev.GlazierReset(seat, start, end):
                return f"{who(seat)} moves the glazier back from slot {start + 1} to slot {end + 1}"
            case ev.TookFromDisplay(seat, display, colour, count, _rest):
                text = f"{who(seat)} takes {count} {colours[colour]} from factory display "
                text += str(display + 1)
                taken = count
            case ev.TookFromCentre(seat, colour, count):
                text = f"{who(seat)} takes {count} {colours[colour]} from the centre"
                taken = count
            case ev.TookTile():
                text = f"{text} with the starting player tile (1 space down the broken glass track)"
            case ev.AllBroke(_seat, _colour, count, _glazier):
                text = f"{text}; none can be placed: {'it breaks' if count == 1 else 'all break'}"
            case ev.GlazierMoved(_seat, _start, end):
                text = f"{text}, moves the glazier to slot {end + 1}"
            case ev.Placed(_seat, slot, _colour, count, jokers):
                what = str(count) if count < taken else ("it" if count == 1 else "them")
                text = f"{text} and places {what} on the strip in slot {slot + 1}"
                if jokers:
                    spaces = "a joker space" if jokers == 1 else "joker spaces"
                    text = f"{text} ({jokers} on {spaces})"
            case ev.Broke(_seat, _colour, count, _placed):
                text = f"{text}; {count} {'breaks' if count == 1 else 'break'}"
            case ev.Completed(_seat, slot, _rnd, _rc, _bonus, keep, _to_tower, flipped):
                frame = "top" if flipped else "bottom"
                text = (
                    f"{text}; completes it and keeps {colours[keep]} for the {frame} frame of "
                    f"window {slot + 1}"
                )
    if text is None:
        raise InvalidArgument("events", "no take or reset among the events")
    return text


def describe_request(state: GameState, action: object) -> str:
    """What ``action`` asks for in ``state``, in words, whether or not it is legal (ENG-04):
    nothing is checked, values out of range are shown as they are.

    >>> from sintra_rules import Reset, new_game
    >>> describe_request(new_game(2, seed=7), Reset())
    'move the glazier back to the leftmost strip'
    """
    if isinstance(action, Reset):
        return "move the glazier back to the leftmost strip"
    if not isinstance(action, Take):
        return f"play {action!r}, which is not an action"
    names = state.components.colour_names

    def colour(value: object) -> str:
        return names[value] if type(value) is int and 0 <= value < len(names) else repr(value)

    source = action.source
    where = "the centre" if source == CENTRE else f"factory display {_number(source)}"
    text = f"take the {colour(action.colour)} pieces of {where}"
    if action.target is None:
        text += " and let them all break"
    else:
        text += f" onto the strip in slot {_number(action.target)}"
    if action.jokers:
        text += f", {action.jokers} of them on joker spaces"
    if action.keep is not None:
        text += f", keeping one {colour(action.keep)} piece"
    return text


def _number(index: object) -> str:
    """A 0-based index as players count (from 1); anything else as it is."""
    return str(index + 1) if type(index) is int and index >= 0 else repr(index)


def describe_action(state: GameState, action: Action, names: Sequence[str] | None = None) -> str:
    """``action``, taken by the player to act in ``state``, in words.

    A legal action is told from its events (:func:`describe_turn`); an illegal one as what the
    player asks for (:func:`describe_request`), since it does nothing.

    Args:
        state: the position before the action.
        action: the action, legal or not.
        names: the players' names by seat (default: :func:`player_names`).

    Returns:
        The sentence, without a final full stop.

    Raises:
        InvalidArgument: ``names`` does not hold one name per player.
    """
    seats = player_names(len(state.players), names)
    try:
        _after, events = apply_traced(state, action)
    except IllegalAction:
        return f"{seats[state.turn]} asks to {describe_request(state, action)}"
    return describe_turn(events, state.components, seats)


def describe_move(before: GameState, action: Action, names: Sequence[str] | None = None) -> str:
    """The move ``action``, played from ``before``, in words: who played it and what it did
    (:func:`describe_action`), then its notation (ENG-04) in brackets.

    Args:
        before: the position the move was played from.
        action: the move.
        names: the players' names by seat (default: :func:`player_names`).

    Returns:
        The sentence, without a final full stop.

    Raises:
        InvalidArgument: ``names`` does not hold one name per player.

    >>> from sintra_rules import build_position
    >>> before = build_position(factories=["BBBG"])
    >>> describe_move(before, Take(0, 0, 0), ["Amanda", "Ben"])
    'Amanda takes 3 blue from factory display 1 and places them on the strip in slot 1 (1B-1)'
    """
    words = describe_action(before, action, names)
    try:
        return f"{words} ({action_to_text(action, before.components)})"
    except SintraError:  # not an action the notation can write: the words say it all
        return words


# -- an explanation -------------------------------------------------------------------------


def explanation_text(report: Explanation) -> str:
    """An :class:`~sintra_rules.games.sintra.explain.Explanation` in words (its ``str()``): the
    action in words and in notation (ENG-04); then every clause it breaks with its title, or every
    clause it applies, in order, with what it does, and the scores that change."""
    lines = [textwrap.fill(_headline(report), _WIDTH)]
    if not report.legal:
        lines.append(f"Illegal: it breaks {plural(len(report.violations), 'rule')}.")
        lines.extend(_item("  - ", e.clause, e.reason) for e in report.violations)
        return "\n".join(lines)
    lines.append("Legal. What happens, in order:")
    for number, step in enumerate(report.steps, 1):
        lines.append(_item(f"{number:>3}. ", step.clause, step.text))
    assert report.after is not None
    changes = [
        f"player {seat + 1} {old.score} -> {new.score}"
        for seat, (old, new) in enumerate(
            zip(report.before.players, report.after.players, strict=True)
        )
        if old.score != new.score
    ]
    lines.append("Scores: " + ("; ".join(changes) if changes else "unchanged") + ".")
    return "\n".join(lines)


def _headline(report: Explanation) -> str:
    """The action in words and in notation: with what it does when legal, only with what the
    player asks for when not."""
    state, action = report.before, report.action
    if not isinstance(action, Take | Reset):
        return f"{player_name(state.turn)}: {action!r} is not an action."
    try:
        notation = action_to_text(action, state.components)
    except SintraError:
        notation = repr(action)
    if report.legal:
        return f"{describe_turn(report.events, state.components)} [{notation}]."
    return f"{player_name(state.turn)} asks to play {notation}: {describe_request(state, action)}."


def _item(prefix: str, clause: str, text: str) -> str:
    """One wrapped list item: ``prefix`` + clause ID, its spec title and ``text``."""
    body = f"{clause} ({_title(clause)}): {text}"
    return textwrap.fill(body, _WIDTH, initial_indent=prefix, subsequent_indent=" " * len(prefix))


def _title(clause: str) -> str:
    """The clause's title in the spec (lazy import: the clause index reads ``spec/``)."""
    from sintra_rules.clauses import get_clause

    return get_clause(clause).title
