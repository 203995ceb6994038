"""The proofs, each registered next to its own code by :func:`bound`.

A proof is a function ``run(prover, scope, *args) -> Bound`` that makes its checks on the
prover and returns what it establishes. :func:`bound` records, with the function, its key,
title, statement, clause list and variants (one source: the clause list is also appended to the
function's docstring). :mod:`proofs.registry` collects the proofs of
:data:`MODULES`, in that order and in the order of definition within each module.

>>> from proofs.bounds import completion
>>> [t.key for t in registered(completion)]
['colour-bonus', 'completion-points']
>>> completion.colour_bonus.__doc__.splitlines()[-1].strip()
'Clauses: DONE-02, PLACE-06, ROUND-05, FIG-09.'
"""

from __future__ import annotations

import textwrap
import types
from collections.abc import Callable
from typing import TypeVar

import attrs

from proofs.figures import SCOPES, Scope
from proofs.harness import Bound

__all__ = ["MODULES", "PLAYERS", "SIDES", "Run", "Topic", "Variants", "bound", "registered"]

#: A proof: ``run(prover, scope, *variant_args) -> Bound``.
Run = Callable[..., Bound]
#: A proof's variants: ``(label, extra arguments)``; one unnamed variant by default.
Variants = tuple[tuple[str, tuple[object, ...]], ...]
_R = TypeVar("_R", bound=Run)

#: The variants of a proof stated per board side.
SIDES: Variants = (("side A", ("A",)), ("side B", ("B",)))
#: The variants of a proof stated per number of players.
PLAYERS: Variants = tuple((f"{n} players", (n,)) for n in (2, 3, 4))
#: The modules of :mod:`proofs.bounds` holding proofs, in the order of the report.
MODULES = ("completion", "track", "endgame", "score", "conservation", "termination")


@attrs.frozen
class Topic:
    """One kind of proof: what it claims, the clauses it covers and its variants."""

    key: str
    title: str
    statement: str
    clauses: tuple[str, ...]
    run: Run
    variants: Variants = (("", ()),)
    game: str = "sintra"
    scopes: tuple[Scope, ...] = SCOPES


_REGISTERED: dict[str, list[Topic]] = {}


def bound(
    key: str,
    title: str,
    statement: str,
    clauses: tuple[str, ...],
    variants: Variants = (("", ()),),
    game: str = "sintra",
    scopes: tuple[Scope, ...] = SCOPES,
) -> Callable[[_R], _R]:
    """Register the decorated function as the proof ``key``.

    Args:
        key: the proof's key, the start of its names (``key[scope, variant]``).
        title: the quantity it bounds, as the report's headings show it.
        statement: what it claims and how, in a paragraph.
        clauses: the spec clauses it covers (appended to the function's docstring).
        variants: ``(label, extra arguments)`` per variant.
        game: the game whose rules it concerns (its clauses are that game's).
        scopes: the component tables it is stated for (Sagrada's proofs: the shipped one).

    Returns:
        A decorator that records the function and returns it unchanged.

    Raises:
        ValueError: ``key`` is registered already in the same module.
    """

    def register(run: _R) -> _R:
        topics = _REGISTERED.setdefault(run.__module__, [])
        if any(t.key == key for t in topics):
            raise ValueError(f"proof {key!r} is registered twice in {run.__module__}")
        topics.append(Topic(key, title, statement, clauses, run, variants, game, scopes))
        listed = textwrap.fill(
            f"Clauses: {', '.join(clauses)}.",
            width=96,
            initial_indent="    ",
            subsequent_indent="    ",
            break_on_hyphens=False,
        )
        run.__doc__ = f"{(run.__doc__ or title).rstrip()}\n\n{listed}\n"
        return run

    return register


def registered(module: types.ModuleType) -> tuple[Topic, ...]:
    """The proofs ``module`` registers, in the order of their definition."""
    return tuple(_REGISTERED.get(module.__name__, ()))
