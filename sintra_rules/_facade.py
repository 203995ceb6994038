"""The facade's functions that take a state, for a state of any registered game.

Each function finds the state's game by its class's ``GAME`` name through the registry
(:func:`sintra_rules.games.api_of`) and calls the same-named function of that game's own API
namespace (``sintra_rules.games.sintra``, ``sintra_rules.games.sagrada``) with the arguments as
given: the answer is that game's own, errors included, and nothing of a rule is written here
again. A value that is no state of a registered game, or a state of a game that has no such
function, is a :class:`~sintra_rules.errors.NotAState` naming what was expected. This module
imports no game.

>>> from sintra_rules import make
>>> state = make("sagrada").start(2, seed=1)
>>> legal_actions(state) == make("sagrada").legal_actions(state)
True
>>> legal_actions(42)
Traceback (most recent call last):
...
sintra_rules.errors.NotAState: legal_actions: expected a state of a registered game (a \
SagradaState of sagrada, a GameState of sintra), got int
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from types import ModuleType
from typing import Any, Final

from sintra_rules.errors import IllegalAction, NotAState
from sintra_rules.game import Result, S, State
from sintra_rules.games import api_of, available_games

__all__ = [
    "apply",
    "apply_chance",
    "apply_fill",
    "apply_traced",
    "chance_outcomes",
    "determinize",
    "explain",
    "final_score",
    "is_legal",
    "legal_actions",
    "outcome",
    "position_digest",
    "position_to_text",
    "record_position_game",
    "record_to_json",
    "replay",
    "resolve_chance",
    "result",
    "same_position",
    "sample_chance",
    "state_digest",
    "state_to_dict",
    "state_to_json",
    "violations",
    "without_generator",
]

#: What to use instead, for a function that some game's namespace lacks.
_INSTEAD: Final = {
    "apply_fill": "use apply_chance with each outcome of chance_outcomes",
    "outcome": "use result(state), the scores, tie-break keys and winners of every game",
}


#: ``explain`` called without an action.
_NO_ACTION: Final = object()


@functools.cache
def _states_text() -> str:
    """``a GameState of sintra, a SagradaState of sagrada``: each game's state class."""
    described = []
    for name in available_games():
        api = api_of(name)
        state_class = next(
            (
                value
                for value in vars(api).values()
                if isinstance(value, type)
                and getattr(value, "GAME", None) == name
                and hasattr(value, "is_over")
            ),
            None,
        )
        label = state_class.__name__ if state_class is not None else "state"
        described.append(f"a {label} of {name}")
    return ", ".join(described)


def _described(value: object) -> str:
    kind = type(value)
    return kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__name__}"


def _api(value: object, function: str, expected: str = "") -> ModuleType:
    """The API namespace of ``value``'s game; ``expected`` says what ``value`` should have been
    (default: a state of a registered game)."""
    name = getattr(type(value), "GAME", None)
    if not isinstance(name, str) or name not in available_games():
        wanted = expected or f"a state of a registered game ({_states_text()})"
        raise NotAState(function, f"expected {wanted}, got {_described(value)}")
    return api_of(name)


def own(value: object, function: str, expected: str = "") -> Callable[..., Any]:
    """The function called ``function`` of ``value``'s game (``value`` is a state, or a record
    or another value whose class names its game in ``GAME``).

    Args:
        value: the state (or record) the function is called on.
        function: the function's name in the game's own API namespace.
        expected: what ``value`` should be, for the error (default: a state).

    Returns:
        That game's function.

    Raises:
        NotAState: ``value`` is of no registered game, or its game has no such function.

    >>> from sintra_rules import make
    >>> own(make("sagrada").start(1, seed=3), "apply_fill")
    Traceback (most recent call last):
    ...
    sintra_rules.errors.NotAState: apply_fill: a state of sagrada has no apply_fill (it is \
Sintra's): use apply_chance with each outcome of chance_outcomes
    """
    api = _api(value, function, expected)
    found = getattr(api, function, None)
    if found is None or function not in getattr(api, "__all__", ()):
        owners = [
            name for name in available_games() if function in getattr(api_of(name), "__all__", ())
        ]
        whose = f" (it is {', '.join(n.capitalize() for n in owners)}'s)" if owners else ""
        instead = f": {_INSTEAD[function]}" if function in _INSTEAD else ""
        game = getattr(type(value), "GAME", "?")
        raise NotAState(function, f"a state of {game} has no {function}{whose}{instead}")
    return found  # type: ignore[no-any-return]


def legal_actions(state: State) -> tuple[Any, ...]:
    """The legal actions of ``state`` in its game's canonical order: its game's own
    ``legal_actions`` (Sintra's ENG-05, Sagrada's ENG-08).

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    return own(state, "legal_actions")(state)  # type: ignore[no-any-return]


def is_legal(state: State, action: object) -> bool:
    """Whether ``action`` is legal in ``state``: its game's own ``is_legal``.

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    return own(state, "is_legal")(state, action)  # type: ignore[no-any-return]


def violations(state: State, action: object) -> tuple[IllegalAction, ...]:
    """Every clause ``action`` breaks in ``state``, in the order its game checks them (empty
    for a legal action): its game's own ``violations``.

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    return own(state, "violations")(state, action)  # type: ignore[no-any-return]


def apply(state: S, action: Any, *, sample: bool = True) -> S:
    """The state after ``action``: its game's own ``apply`` (the input is never changed).

    Raises:
        NotAState: ``state`` is no state of a registered game.
        IllegalAction: as the game's ``apply`` raises, naming the clause.
    """
    return own(state, "apply")(state, action, sample=sample)  # type: ignore[no-any-return]


def apply_traced(state: S, action: Any, *, sample: bool = True) -> tuple[S, tuple[Any, ...]]:
    """The state after ``action`` and the events it fired, each naming its clauses: its game's
    own ``apply_traced``.

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    traced = own(state, "apply_traced")
    return traced(state, action, sample=sample)  # type: ignore[no-any-return]


def chance_outcomes(state: State) -> tuple[tuple[int, Fraction], ...]:
    """The pending chance step's outcomes with their exact probabilities: its game's own
    ``chance_outcomes`` (which raises when a player, not chance, is to act).

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    return own(state, "chance_outcomes")(state)  # type: ignore[no-any-return]


def apply_chance(state: S, outcome: Any) -> S:
    """The state after the chosen chance outcome: its game's own ``apply_chance``.

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    return own(state, "apply_chance")(state, outcome)  # type: ignore[no-any-return]


def sample_chance(state: S) -> S:
    """The state after an outcome drawn from the state's generator: its game's own
    ``sample_chance``.

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    return own(state, "sample_chance")(state)  # type: ignore[no-any-return]


def resolve_chance(state: S) -> S:
    """The state with every pending chance step sampled until a player is to act or the game
    is over: its game's own ``resolve_chance``.

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    return own(state, "resolve_chance")(state)  # type: ignore[no-any-return]


def determinize(state: S, seed: int, viewer: int | None = None) -> S:
    """The position with a fresh future seeded by ``seed`` and, for a ``viewer``, everything
    that seat cannot see resampled: its game's own ``determinize``.

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    return own(state, "determinize")(state, seed, viewer)  # type: ignore[no-any-return]


def without_generator(state: S) -> S:
    """The position without its generator (every chance step then waits for an outcome): its
    game's own ``without_generator``.

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    return own(state, "without_generator")(state)  # type: ignore[no-any-return]


def same_position(a: State, b: State) -> bool:
    """Whether two states are the same position, generators aside: ``a``'s game's own
    ``same_position``; states of two different games are never the same position.

    Raises:
        NotAState: ``a`` or ``b`` is no state of a registered game.
    """
    compare = own(a, "same_position")
    if getattr(type(b), "GAME", None) != getattr(type(a), "GAME", None):
        _api(b, "same_position")
        return False
    return compare(a, b)  # type: ignore[no-any-return]


def position_digest(state: State) -> str:
    """SHA-256 (hex) of the position without its generator: its game's own
    ``position_digest``.

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    return own(state, "position_digest")(state)  # type: ignore[no-any-return]


def position_to_text(state: State) -> str:
    """The position in its game's one-line notation: its game's own ``position_to_text``.

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    return own(state, "position_to_text")(state)  # type: ignore[no-any-return]


def state_to_json(state: State, *, indent: int | None = None) -> str:
    """The state as its game's JSON document: its game's own ``state_to_json``.

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    return own(state, "state_to_json")(state, indent=indent)  # type: ignore[no-any-return]


def state_to_dict(state: State) -> dict[str, Any]:
    """The state's JSON document as a dictionary: its game's own ``state_to_dict``.

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    return own(state, "state_to_dict")(state)  # type: ignore[no-any-return]


def state_digest(state: State) -> str:
    """SHA-256 (hex) of the state's document: its game's own ``state_digest``.

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    return own(state, "state_digest")(state)  # type: ignore[no-any-return]


def explain(state: State, action: object = _NO_ACTION) -> Any:
    """The clauses ``action`` fires in ``state`` or every clause it breaks, in words: its
    game's own ``explain`` (Sagrada's also takes no action: the legal decisions).

    Raises:
        NotAState: ``state`` is no state of a registered game.
    """
    explained = own(state, "explain")
    return explained(state) if action is _NO_ACTION else explained(state, action)


def result(state: State) -> Result:
    """The result of a finished game: scores, tie-break keys and winners
    (:class:`~sintra_rules.game.Result`), its game's own ``result``.

    Raises:
        NotAState: ``state`` is no state of a registered game.
        GameNotOver: the game is not over.
    """
    return own(state, "result")(state)  # type: ignore[no-any-return]


def replay(record: Any, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
    """Every state of a game record, the start first: its game's own ``replay``.

    Raises:
        NotAState: ``record`` is no record of a registered game.
    """
    return own(record, "replay")(record, *args, **kwargs)  # type: ignore[no-any-return]


def record_to_json(record: Any, *args: Any, **kwargs: Any) -> str:
    """A game record as its game's JSON document: its game's own ``record_to_json``.

    Raises:
        NotAState: ``record`` is no record of a registered game.
    """
    return own(record, "record_to_json")(record, *args, **kwargs)  # type: ignore[no-any-return]


def record_position_game(start: State, *args: Any, **kwargs: Any) -> Any:
    """A game record from a set-up position and the moves played: its game's own
    ``record_position_game``.

    Raises:
        NotAState: ``start`` is no state of a registered game.
    """
    return own(start, "record_position_game")(start, *args, **kwargs)


def apply_fill(state: S, factories: Any) -> S:
    """Sintra's: the state after the factory displays are filled with ``factories`` (a
    supplied fill, Sintra's ENG-08); a state of another game has no fill and is refused.

    Raises:
        NotAState: ``state`` is no Sintra state.
    """
    return own(state, "apply_fill")(state, factories)  # type: ignore[no-any-return]


def outcome(state: State) -> Any:
    """Sintra's: the :class:`~sintra_rules.games.sintra.scoring.Outcome` of a finished game
    (scores, points lost, winners); for every game, :func:`result`.

    Raises:
        NotAState: ``state`` is no Sintra state.
        GameNotOver: the game is not over.
    """
    return own(state, "outcome")(state)


def final_score(first: Any, *args: Any) -> Any:
    """One player's final score, in the words of the game of ``first``: Sintra's
    ``final_score(table, side, player)`` (``first`` its component table), Sagrada's
    ``final_score(state, seat)``.

    Raises:
        NotAState: ``first`` is no state or component table of a registered game.
    """
    score = own(first, "final_score", "a state or a component table of a registered game")
    return score(first, *args)
