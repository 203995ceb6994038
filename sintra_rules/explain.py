"""Explain an action: which clauses fire, or which clauses it breaks (the dispute desk).

:func:`explain` runs :func:`sintra_rules.rules.apply_traced`, the very code that
:func:`~sintra_rules.rules.apply` runs, so an explanation cannot disagree with the engine: the
state it reports is the state :func:`~sintra_rules.rules.apply` returns. For an illegal action
it lists every clause the action breaks, from :func:`sintra_rules.rules.violations`, the first
being the one :func:`~sintra_rules.rules.apply` raises.

>>> from sintra_rules import RESET, new_game
>>> report = explain(new_game(2, seed=7), RESET)
>>> report.legal
False
>>> print(report)
Player 1 asks to play R: move the glazier back to the leftmost strip.
Illegal: it breaks 1 rule.
  - RESET-02 (No reset from the leftmost strip): cannot reset: the glazier is already above the
    leftmost strip (slot 1)
"""

from __future__ import annotations

import textwrap

import attrs

from sintra_rules.actions import Reset, Take
from sintra_rules.errors import IllegalAction, SintraError
from sintra_rules.notation import action_to_text
from sintra_rules.render import describe_action
from sintra_rules.rules import Event, apply_traced, violations
from sintra_rules.state import CENTRE, GameState

__all__ = ["Explanation", "explain"]

_WIDTH = 96


@attrs.frozen
class Explanation:
    """What an action does in a position, or why it is not allowed.

    ``legal``: whether :func:`~sintra_rules.rules.apply` accepts the action. ``steps``: for a
    legal action, the clauses that fire, in the order the engine applies them, each with what it
    changes. ``violations``: for an illegal action, every clause it breaks (the first is the one
    :func:`~sintra_rules.rules.apply` raises). ``after``: the resulting state, or ``None`` when
    the action is illegal. ``before`` and ``action`` are the inputs. ``str()`` gives the
    explanation in words.
    """

    before: GameState = attrs.field(repr=False)
    action: object
    legal: bool
    steps: tuple[Event, ...]
    violations: tuple[IllegalAction, ...]
    after: GameState | None = attrs.field(repr=False)

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clause IDs of :attr:`steps` (legal) or :attr:`violations` (illegal), in order."""
        if self.legal:
            return tuple(step.clause for step in self.steps)
        return tuple(error.clause for error in self.violations)

    def __str__(self) -> str:
        lines = [textwrap.fill(_headline(self.before, self.action, self.legal), _WIDTH)]
        if not self.legal:
            count = len(self.violations)
            lines.append(f"Illegal: it breaks {count} rule{'s' if count != 1 else ''}.")
            lines.extend(_item("  - ", e.clause, e.reason) for e in self.violations)
            return "\n".join(lines)
        lines.append("Legal. What happens, in order:")
        for number, step in enumerate(self.steps, 1):
            lines.append(_item(f"{number:>3}. ", step.clause, step.text))
        assert self.after is not None
        changes = [
            f"player {seat + 1} {old.score} -> {new.score}"
            for seat, (old, new) in enumerate(
                zip(self.before.players, self.after.players, strict=True)
            )
            if old.score != new.score
        ]
        lines.append("Scores: " + ("; ".join(changes) if changes else "unchanged") + ".")
        return "\n".join(lines)


def _headline(state: GameState, action: object, legal: bool) -> str:
    """The action in words and in notation (ENG-04).

    A legal action is described with what it does (:func:`~sintra_rules.render.describe_action`);
    an illegal one only with what the player asks for, since it does nothing."""
    seat = state.turn + 1
    if not isinstance(action, Take | Reset):
        return f"Player {seat}: {action!r} is not an action."
    try:
        notation = action_to_text(action, state.components)
    except SintraError:
        notation = repr(action)
    if legal:
        return f"{describe_action(state, action)} [{notation}]."
    return f"Player {seat} asks to play {notation}: {_request(state, action)}."


def _request(state: GameState, action: Take | Reset) -> str:
    """What ``action`` asks for, in words, whether or not it is possible."""
    if isinstance(action, Reset):
        return "move the glazier back to the leftmost strip"
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


def _item(prefix: str, clause: str, text: str) -> str:
    """One wrapped list item: ``prefix`` + clause ID, its spec title and ``text``."""
    body = f"{clause} ({_title(clause)}): {text}"
    return textwrap.fill(body, _WIDTH, initial_indent=prefix, subsequent_indent=" " * len(prefix))


def _title(clause: str) -> str:
    """The clause's title in the spec (lazy import: the clause index reads ``spec/``)."""
    from sintra_rules.clauses import get_clause

    return get_clause(clause).title


def explain(state: GameState, action: object) -> Explanation:
    """Explain ``action`` in ``state``: the clauses it fires, or every clause it breaks.

    A legal action is applied with :func:`~sintra_rules.rules.apply_traced` (the code path of
    :func:`~sintra_rules.rules.apply`); ``state`` is never changed. Any object may be passed
    as ``action``: a value that is not an action is reported as breaking ENG-04.
    """
    found = violations(state, action)
    if found:
        return Explanation(state, action, False, (), found, None)
    assert isinstance(action, Take | Reset)
    after, steps = apply_traced(state, action)
    return Explanation(state, action, True, steps, (), after)
