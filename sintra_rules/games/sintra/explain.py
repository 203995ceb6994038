"""Explain an action: which clauses fire, or which clauses it breaks (the dispute desk).

:func:`explain` runs :func:`sintra_rules.games.sintra.rules.apply_traced`, the very code that
:func:`~sintra_rules.games.sintra.rules.apply` runs, so an explanation cannot disagree with the
engine: the state it reports is the state :func:`~sintra_rules.games.sintra.rules.apply` returns.
For an illegal action it lists every clause the action breaks, from
:func:`sintra_rules.games.sintra.rules.violations`, the first being the one
:func:`~sintra_rules.games.sintra.rules.apply` raises.

>>> from sintra_rules import Reset, new_game
>>> report = explain(new_game(2, seed=7), Reset())
>>> report.legal
False
>>> print(report)
Player 1 asks to play R: move the glazier back to the leftmost strip.
Illegal: it breaks 1 rule.
  - RESET-02 (No reset from the leftmost strip): cannot reset: the glazier is already above the
    leftmost strip (slot 1)
"""

from __future__ import annotations

import attrs

from sintra_rules.errors import IllegalAction
from sintra_rules.games.sintra import narration
from sintra_rules.games.sintra.actions import Reset, Take
from sintra_rules.games.sintra.events import Event
from sintra_rules.games.sintra.rules import apply_traced, violations
from sintra_rules.games.sintra.state import GameState

__all__ = ["Explanation", "explain"]


@attrs.frozen
class Explanation:
    """What an action does in a position, or why it is not allowed.

    ``legal``: whether :func:`~sintra_rules.games.sintra.rules.apply` accepts the action.
    ``events``: for a legal action, what happens, as data (:mod:`sintra_rules.games.sintra.events`),
    in the order the engine applies it. ``violations``: for an illegal action, every clause it
    breaks (the first is the one :func:`~sintra_rules.games.sintra.rules.apply` raises). ``after``:
    the resulting state, or ``None`` when the action is illegal. ``before`` and ``action`` are the
    inputs. ``str()`` gives the explanation in words
    (:func:`~sintra_rules.games.sintra.narration.explanation_text`).
    """

    before: GameState = attrs.field(repr=False)
    action: object
    legal: bool
    events: tuple[Event, ...]
    violations: tuple[IllegalAction, ...]
    after: GameState | None = attrs.field(repr=False)

    @property
    def steps(self) -> tuple[narration.Step, ...]:
        """The clauses a legal action applies, in order, each with what it does in words
        (:func:`~sintra_rules.games.sintra.narration.narrate` of :attr:`events`); empty when
        illegal."""
        return narration.narrate(self.events, self.before.components)

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clause IDs of :attr:`events` (legal) or :attr:`violations` (illegal), in order."""
        if self.legal:
            return tuple(clause for event in self.events for clause in event.clauses)
        return tuple(error.clause for error in self.violations)

    def __str__(self) -> str:
        return narration.explanation_text(self)


def explain(state: GameState, action: object) -> Explanation:
    """Explain ``action`` in ``state``: the clauses it fires, or every clause it breaks.

    A legal action is applied with :func:`~sintra_rules.games.sintra.rules.apply_traced` (the code
    path of :func:`~sintra_rules.games.sintra.rules.apply`); ``state`` is never changed. Any object
    may be passed as ``action``: a value that is not an action is reported as breaking ENG-04.

    Args:
        state: the position.
        action: the action to explain, legal or not (any object).

    Returns:
        The explanation; ``str()`` of it is the explanation in words.
    """
    found = violations(state, action)
    if found:
        return Explanation(state, action, False, (), found, None)
    assert isinstance(action, Take | Reset)
    after, events = apply_traced(state, action)
    return Explanation(state, action, True, events, (), after)
