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
import json
from collections.abc import Callable
from fractions import Fraction
from types import ModuleType
from typing import Any, Final

from sintra_rules.errors import (
    FileKindError,
    IllegalAction,
    NotAState,
    PositionError,
    SintraError,
)
from sintra_rules.game import FileClaim, Result, S, State
from sintra_rules.games import api_of, available_games, file_claims, make

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
    "position_from_text",
    "position_to_text",
    "record_from_json",
    "record_position_game",
    "record_to_json",
    "replay",
    "resolve_chance",
    "result",
    "same_position",
    "sample_chance",
    "state_digest",
    "state_from_dict",
    "state_from_json",
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


#: The reader of each kind of file, by the facade's reader's name.
_READERS: Final = {
    "position_from_text": "position",
    "state_from_json": "state document",
    "state_from_dict": "state document",
    "record_from_json": "game record",
}
#: The facade's reader of each kind of file, for the advice of a file read with another.
_READER_OF: Final = {
    "position": "position_from_text",
    "state document": "state_from_json",
    "game record": "record_from_json",
    "text record": "sintra replay FILE, or the game's textrecord.record_from_text",
    "golden playthrough": "the verification kit (sintra_rules.verify)",
}


def _refuse(
    function: str, text: object, reason: str, field: str = "$", column: int = 1
) -> Exception:
    """The reader's error: a :class:`PositionError` for a position (at ``field``, the first
    word unless told), else a :class:`FileKindError` at ``field``."""
    if _READERS[function] == "position":
        where = "version" if field in ("$", "kind") else field
        return PositionError(str(text), where, column, _version_clauses(), reason)
    return FileKindError(field, reason)


@functools.cache
def _version_clauses() -> str:
    """Each game's clause of its position's first word, as its own reader names it
    (``sagrada`` and its clause, ``sintra`` and its)."""
    clauses = []
    for name in available_games():
        try:
            api_of(name).position_from_text("?")
        except PositionError as error:
            clauses.append(f"{name} {error.clause}")
    return ", ".join(clauses)


def _own_errors(function: str, value: object) -> tuple[str | None, list[SintraError]]:
    """What every game's own reader says of ``value``, which no game claims: the game whose
    reader takes it after all, or else every game's error."""
    errors: list[SintraError] = []
    for name in available_games():
        try:
            getattr(api_of(name), function)(value)
        except SintraError as error:
            errors.append(error)
        else:
            return name, []
    return None, errors


def _shared(errors: list[SintraError]) -> Exception | None:
    """The error every game's reader gives alike (an empty text, JSON that does not parse, a
    missing ``format``: words of no game), or ``None``; a position's names each game's
    clause."""
    words = {
        (type(e), getattr(e, "field", None), e.reason, getattr(e, "column", 0)) for e in errors
    }
    if len(words) != 1:
        return None
    first = errors[0]
    if isinstance(first, PositionError) and len({str(e) for e in errors}) > 1:
        return PositionError(
            first.text, first.field, first.column, _version_clauses(), first.reason
        )
    return first


def _game_of_text(text: str, function: str, value: object = None) -> str:
    """The registered game whose file of the kind ``function`` reads ``text`` is, told by its
    content (:func:`sintra_rules.games.file_claims`); ``value`` is what the game's reader
    is given (default: ``text``).

    Raises:
        FileKindError: two games claim the text alike.
        PositionError: (``position_from_text``) no game's position, or not a string.
        RecordError: (the JSON readers) no game's file of that kind.
    """
    wanted = _READERS[function]
    given = text if value is None else value
    claims = file_claims(text) if isinstance(text, str) else {}
    named = {name: claim for name, claim in claims.items() if claim.named}
    chosen: dict[str, FileClaim] = named or claims
    right = {name: claim for name, claim in chosen.items() if claim.kind == wanted}
    if len(right) == 1:
        return next(iter(right))
    if len(right) > 1:
        raise FileKindError(
            "$",
            f"the text could be a {wanted} of {' or '.join(sorted(right))}: name its game "
            "(sintra_rules.games.<name>." + function + ")",
            tuple(sorted(right)),
        )
    if chosen:
        name, claim = sorted(chosen.items())[0]
        title = make(name).info.title
        advice = f"a {claim.kind} of {title} ({claim.sign}): read it with {_READER_OF[claim.kind]}"
        if wanted == "position":
            raise _refuse(function, text, f"not a position but {advice}")
        if claim.kind in ("position", "text record"):
            raise _refuse(function, text, f"not JSON but {advice}")
        try:
            getattr(api_of(name), function)(given)
        except SintraError as own_error:
            if getattr(own_error, "field", None) != "kind":
                raise  # the document is broken before its kind: the game's own words
            raise FileKindError("kind", f"{own_error.reason}; {advice}") from None
        return name
    reader, errors = _own_errors(function, given)
    if reader is not None:
        return reader
    shared = _shared(errors)
    if shared is not None:
        raise shared
    firsts = []
    for name in available_games():
        for form in getattr(make(name), "file_formats", ()):
            if form.kind == wanted:
                firsts.append(f"{make(name).info.title}'s ({form.looks})")
    expected = f"expected {', or '.join(firsts)}"
    fields = {getattr(e, "field", None) for e in errors}
    heads = {e.reason.split(": ", 1)[0] for e in errors if ": " in e.reason}
    if len(fields) == 1 and len(heads) == 1 and len(errors) == len(available_games()):
        # the games agree on where and what (``empty``), and differ only in their own forms
        column = {getattr(e, "column", 1) for e in errors}
        raise _refuse(function, text, f"{heads.pop()}: {expected}", str(fields.pop()), min(column))
    document = given
    if isinstance(given, str):
        found = repr(given[:20] + ("..." if len(given) > 20 else ""))
        try:
            document = json.loads(given)
        except ValueError:
            document = None
    else:
        found = f"a value of type {_described(given)}"
    if wanted != "position" and not isinstance(document, dict):
        json_type = {type(None): "null", list: "an array", str: "a string", bool: "a boolean"}
        got = json_type.get(type(document), "a number" if document is not None else found)
        if isinstance(given, str) and document is None and given.strip() != "null":
            got = found
        raise _refuse(function, text, f"expected a JSON object (a {wanted}), got {got}: {expected}")
    if isinstance(document, dict) and "kind" not in document:
        found = "a document with no kind (nothing)"
    field = "kind" if isinstance(document, dict) else "$"
    raise _refuse(function, text, f"{found} is no game's {wanted}: {expected}", field)


def position_from_text(text: str, components: Any = None) -> Any:
    """The state a one-line position describes, in the notation of the game it names by its
    first word (``sintra1 ...``, ``sagrada1 ...``): that game's own ``position_from_text``.

    Args:
        text: the position.
        components: the game's component table (default: its printed figures).

    Returns:
        The state (a :class:`~sintra_rules.games.sintra.state.GameState`, a
        :class:`~sintra_rules.games.sagrada.state.SagradaState`, ...).

    Raises:
        PositionError: no game's position (the message names every game's first word), a file
        of another kind, not a string, or what the game's reader finds wrong.
        FileKindError: two games claim the text alike.

    >>> position_from_text("chess1 side:A")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sintra_rules.errors.PositionError: bad position: version, character 1: 'chess1 side:A' is no \
game's position: expected ...
    """
    name = _game_of_text(text, "position_from_text")
    return api_of(name).position_from_text(text, components)


def state_from_json(text: str, components: Any = None) -> Any:
    """The state a JSON state document holds, read by the game its ``kind`` names
    (``sintra-state``, ``sagrada-state``): that game's own ``state_from_json``.

    Args:
        text: the document.
        components: the game's component table (default: its printed figures).

    Returns:
        The state.

    Raises:
        FileKindError: no game's state document (the message names every game's), a file of
        another kind, or not a string.
        RecordError: what the game's reader finds wrong.
    """
    name = _game_of_text(text, "state_from_json")
    return api_of(name).state_from_json(text, components)


def state_from_dict(data: Any, components: Any = None) -> Any:
    """The state a state document's parsed JSON holds, read by the game its ``kind`` names:
    that game's own ``state_from_dict``.

    Args:
        data: the parsed document (a dict).
        components: the game's component table (default: its printed figures).

    Returns:
        The state.

    Raises:
        FileKindError: not a mapping of JSON values, or no game's state document.
        RecordError: what the game's reader finds wrong.
    """
    try:
        text = json.dumps(data) if isinstance(data, dict) else None
    except (TypeError, ValueError):
        text = None
    name = _game_of_text(text if text is not None else "", "state_from_dict", data)
    return api_of(name).state_from_dict(data, components)


def record_from_json(text: str, components: Any = None) -> Any:
    """The game record a JSON record holds, read by the game its ``kind`` names
    (``sintra-game``, ``sagrada-game``): that game's own ``record_from_json``.

    Args:
        text: the record.
        components: the game's component table (default: its printed figures).

    Returns:
        The record (a :class:`~sintra_rules.games.sintra.records.GameRecord`, a
        :class:`~sintra_rules.games.sagrada.records.SagradaRecord`, ...).

    Raises:
        FileKindError: no game's record (the message names every game's), a file of another
        kind, or not a string.
        RecordError: what the game's reader finds wrong.
    """
    name = _game_of_text(text, "record_from_json")
    return api_of(name).record_from_json(text, components)
