"""Explain a decision: which clauses it fires, or every clause it breaks (the dispute desk).

:func:`explain` runs :func:`~sintra_rules.games.sagrada.rules.apply_traced`, the very code
that :func:`~sintra_rules.games.sagrada.rules.apply` runs, so an explanation cannot disagree
with the engine. For an illegal decision it lists every clause it breaks, from
:func:`~sintra_rules.games.sagrada.rules.violations`, the first being the one ``apply`` raises
(ENG-10); a placement is told from the window (PLACE-01 to PLACE-08, RUL-16). Without a
decision, :func:`explain` lists the legal ones (ENG-08). The words are
:mod:`~sintra_rules.games.sagrada.narration`'s.

>>> from sintra_rules.games.sagrada import build_position, Place
>>> state = build_position(["Luz Celestial", "Batllo"], windows={1: {"r1c1": "B3"}}, hand="R3")
>>> print(explain(state, Place(1)))
Player 1 asks to place R3 at row 1, column 2 [place r1c2].
Illegal: it breaks 1 rule.
  - PLACE-07 (No same value orthogonally adjacent): R3 at row 1, column 2: the die to its left
    (r1c1) shows a 3
"""

from __future__ import annotations

import attrs

from sintra_rules.errors import IllegalAction
from sintra_rules.games.sagrada import narration
from sintra_rules.games.sagrada.actions import Action, Place
from sintra_rules.games.sagrada.events import Event
from sintra_rules.games.sagrada.legality import legal_actions
from sintra_rules.games.sagrada.notation import action_from_text
from sintra_rules.games.sagrada.rules import apply_traced, violations
from sintra_rules.games.sagrada.state import SagradaState

__all__ = ["Choices", "Explanation", "explain"]


@attrs.frozen
class Explanation:
    """What a decision does in a position, or why it is not allowed.

    ``legal``: whether :func:`~sintra_rules.games.sagrada.rules.apply` accepts it. ``events``:
    for a legal decision, what happens, as data, in the order the engine applies it (the chance
    steps that follow are left pending: ``after`` waits for them). ``violations``: for an
    illegal one, every clause it breaks (the first is the one ``apply`` raises). ``str()`` is
    the explanation in words.
    """

    before: SagradaState = attrs.field(repr=False)
    action: object
    legal: bool
    events: tuple[Event, ...]
    violations: tuple[IllegalAction, ...]
    after: SagradaState | None = attrs.field(repr=False)

    @property
    def steps(self) -> tuple[narration.Step, ...]:
        """For a legal decision, the clauses it applies, each in words: why a placement is
        allowed (PLACE-01 to PLACE-08), then what happens (its events); empty when illegal."""
        if not self.legal:
            return ()
        checks: tuple[narration.Step, ...] = ()
        if isinstance(self.action, Place):
            checks = narration.placement_steps(self.before, self.action)
        return checks + narration.narrate(self.events, self.before.components)

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clause IDs of :attr:`steps` (legal) or :attr:`violations` (illegal), in order."""
        if self.legal:
            return tuple(step.clause for step in self.steps)
        return tuple(error.clause for error in self.violations)

    def __str__(self) -> str:
        return narration.explanation_text(self)


@attrs.frozen
class Choices:
    """The legal decisions of a position, in canonical order (ENG-08); ``str()`` lists them
    in notation and in words."""

    state: SagradaState = attrs.field(repr=False)
    actions: tuple[Action, ...]

    def __str__(self) -> str:
        return narration.choices_text(self)


def explain(state: SagradaState, action: object = None) -> Explanation | Choices:
    """Explain ``action`` in ``state``: the clauses it fires, or every clause it breaks; with
    no action, the legal decisions.

    A legal decision is applied with :func:`~sintra_rules.games.sagrada.rules.apply_traced`
    (the code of ``apply``), without sampling what follows; ``state`` is never changed. A
    string is read in the notation (ENG-14); any other object that is not a decision is
    reported as breaking ENG-07.

    Args:
        state: the position.
        action: the decision (or its text), legal or not; ``None`` for the legal decisions.

    Returns:
        An :class:`Explanation`, or :class:`Choices` without an action.

    Raises:
        NotationError: ``action`` is a text that is not a decision's spelling (ENG-14).
    """
    if action is None:
        return Choices(state, legal_actions(state))
    if isinstance(action, str):
        action = action_from_text(action)
    found = violations(state, action)
    if found:
        return Explanation(state, action, False, (), found, None)
    after, events = apply_traced(state, action, sample=False)  # type: ignore[arg-type]
    return Explanation(state, action, True, events, (), after)
