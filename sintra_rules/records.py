"""Game records: a whole game as a JSON document, recorded and replayed (ENG-02 to ENG-04, ENG-06).

A ``"sintra-game"`` document holds a :class:`GameRecord`: players, side, seed, the actions in the
compact notation of :mod:`sintra_rules.notation` and, once the game is over, its result, with
the same header as a state document (:mod:`sintra_rules.documents`): ``"format": 1``, its
``"kind"``, the ``"behaviour_version"`` of the engine that wrote it (ENG-06) and the component
table's ``digest`` and ``name``.

Loading is strict and total, as for state documents: any malformed, truncated or inconsistent
record (a result that differs from its replay, an illegal action) raises
:class:`~sintra_rules.RecordError` whose ``field`` is the JSON path of the offending value and
whose message says why; an unknown ``format`` or ``behaviour_version`` raises its subclass
:class:`~sintra_rules.FormatVersionError`.

>>> record = record_game(2, "A", 7, [])
>>> record_from_json(record_to_json(record)) == record
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import attrs

from sintra_rules._strict import describe
from sintra_rules._version import BEHAVIOUR_VERSION
from sintra_rules.actions import Action
from sintra_rules.components import ComponentTable, Side, table_or_default
from sintra_rules.documents import (
    _HEADER,
    _check_components,
    _check_header,
    _header,
    _player_count_reason,
    _read,
    _same_table,
    _seat,
    _side,
    _table,
)
from sintra_rules.errors import (
    ConfigurationError,
    FormatVersionError,
    IllegalAction,
    NotationError,
)
from sintra_rules.notation import action_from_text, action_to_text
from sintra_rules.rules import apply
from sintra_rules.scoring import Outcome, outcome
from sintra_rules.setup import new_game
from sintra_rules.state import GameState

__all__ = ["GAME_KIND", "GameRecord", "record_from_json", "record_game", "record_to_json", "replay"]

#: ``kind`` of a game record document.
GAME_KIND = "sintra-game"

_RECORD_KEYS = (*_HEADER, "players", "side", "seed", "actions", "result")
_RESULT_KEYS = ("scores", "points_lost", "winners")
_CONFIG_FIELDS = {"COMP-02": "players", "SETUP-02": "side", "ENG-02": "seed"}


def _action_tuple(actions: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(actions)


@attrs.frozen
class GameRecord:
    """A game: who played (``num_players`` seats on board ``side``), the ``seed``, the component
    table (by ``components_digest``; ``components_name`` is for people), the engine's
    ``behaviour_version`` (ENG-06), every action in order and, once the game is over, its
    ``result`` (else ``None``).

    Build one with :func:`record_game` (which checks it) or :func:`record_from_json`.
    """

    num_players: int
    side: Side
    seed: int
    components_digest: str
    components_name: str
    behaviour_version: int
    actions: tuple[Action, ...] = attrs.field(converter=_action_tuple)
    result: Outcome | None


def _result_to_dict(result: Outcome | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "scores": list(result.scores),
        "points_lost": list(result.points_lost),
        "winners": list(result.winners),
    }


def record_to_json(
    record: GameRecord, *, indent: int | None = None, components: ComponentTable | None = None
) -> str:
    """The record as a ``sintra-game`` JSON document, actions in the notation (ENG-04).

    ``components`` (default: the shipped table) supplies the colour codes; it must be the table
    the record was played with, else :class:`RecordError` on ``components.digest``.
    """
    table = _table(components)
    _same_table(record.components_digest, record.components_name, table)
    doc = _header(GAME_KIND, table)
    doc["behaviour_version"] = record.behaviour_version
    doc["components"]["name"] = record.components_name
    doc.update(
        players=record.num_players,
        side=record.side,
        seed=record.seed,
        actions=[action_to_text(action, table) for action in record.actions],
        result=_result_to_dict(record.result),
    )
    return json.dumps(doc, indent=indent)


def _result_from(value: object, players: int) -> Outcome | None:
    if value is None:
        return None
    obj = _read.fields(value, "result", _RESULT_KEYS)
    scores = _read.array(obj["scores"], "result.scores", players)
    lost = _read.array(obj["points_lost"], "result.points_lost", players)
    winners = _read.array(obj["winners"], "result.winners")
    return Outcome(
        scores=tuple(_read.integer(v, f"result.scores[{i}]") for i, v in enumerate(scores)),
        points_lost=tuple(
            _read.integer(v, f"result.points_lost[{i}]", 0) for i, v in enumerate(lost)
        ),
        winners=tuple(_seat(v, f"result.winners[{i}]", players) for i, v in enumerate(winners)),
    )


def record_from_json(text: str, components: ComponentTable | None = None) -> GameRecord:
    """Load a ``sintra-game`` JSON document played with ``components`` (default: the shipped
    table), replaying it to check every action and the result.

    Raises :class:`RecordError` (or :class:`FormatVersionError`) naming the field: an illegal
    action is reported on ``actions[i]`` with its ply number (``i + 1``) and the clause it breaks.
    """
    table = _table(components)
    doc = _check_header(_read.loads(text), GAME_KIND, _RECORD_KEYS)
    _check_components(doc, table)
    players = _read.integer(doc["players"], "players")
    if players not in table.player_counts:
        _read.fail("players", _player_count_reason(table, players))
    actions: list[Action] = []
    for index, item in enumerate(_read.array(doc["actions"], "actions")):
        path = f"actions[{index}]"
        try:
            actions.append(action_from_text(_read.string(item, path), table))
        except NotationError as error:
            _read.fail(path, f"ply {index + 1}: {error.reason}")
    record = GameRecord(
        num_players=players,
        side=_side(doc["side"], "side"),
        seed=_read.integer(doc["seed"], "seed", 0),
        components_digest=doc["components"]["digest"],
        components_name=doc["components"]["name"],
        behaviour_version=doc["behaviour_version"],
        actions=tuple(actions),
        result=_result_from(doc["result"], players),
    )
    replay(record, table)
    return record


def _describe(action: Action, table: ComponentTable) -> str:
    try:
        return repr(action_to_text(action, table))
    except NotationError:
        return repr(action)


def replay(record: GameRecord, components: ComponentTable | None = None) -> tuple[GameState, ...]:
    """Every state of the recorded game, the initial one first (ENG-02, ENG-03).

    Checks the record on the way: the component table's digest, the behaviour version, every
    action's legality and the result. Raises :class:`RecordError` naming the field: an illegal
    action is reported on ``actions[i]`` with its ply number and the clause it breaks.

    >>> from sintra_rules import action_to_text
    >>> from sintra_rules import legal_actions
    >>> from sintra_rules import new_game
    >>> first = action_to_text(legal_actions(new_game(2, "A", 7))[0])
    >>> record = record_game(2, "A", 7, [first])
    >>> [state.turn for state in replay(record)]
    [0, 1]
    """
    table = _table(components)
    _same_table(record.components_digest, record.components_name, table)
    if record.behaviour_version != BEHAVIOUR_VERSION:
        raise FormatVersionError(
            "behaviour_version",
            f"recorded with engine behaviour version {record.behaviour_version!r}, this engine "
            f"is version {BEHAVIOUR_VERSION} (ENG-06)",
        )
    try:
        state = new_game(record.num_players, record.side, record.seed, table)
    except ConfigurationError as error:
        _read.fail(_CONFIG_FIELDS.get(error.clause, "$"), str(error))
    states = [state]
    for index, action in enumerate(record.actions):
        try:
            state = apply(state, action)
        except IllegalAction as error:
            _read.fail(
                f"actions[{index}]",
                f"ply {index + 1}: illegal action {_describe(action, table)}: {error}",
            )
        states.append(state)
    expected = outcome(state) if state.is_over else None
    if record.result is not None and not isinstance(record.result, Outcome):
        _read.fail("result", f"expected an Outcome or None, got {describe(record.result)}")
    if record.result != expected:
        if expected is None or record.result is None:
            said = "no result" if record.result is None else "a result"
            _read.fail(
                "result", f"the record has {said}, but the game is {'' if expected else 'not '}over"
            )
        for key in _RESULT_KEYS:
            got, want = getattr(record.result, key), getattr(expected, key)
            if got != want:
                _read.fail(
                    f"result.{key}", f"the replay gives {list(want)}, the record says {list(got)}"
                )
    return tuple(states)


def record_game(
    num_players: int,
    side: Side,
    seed: int,
    actions: Iterable[Action | str],
    components: ComponentTable | None = None,
) -> GameRecord:
    """Record a game of ``num_players`` on ``side`` from ``seed`` (as
    :func:`~sintra_rules.new_game`) with ``actions`` (actions, or strings in the notation),
    replaying it to check every action; the result is filled in when the game is over.

    Raises :class:`~sintra_rules.errors.ConfigurationError` for bad players/side/seed,
    :class:`~sintra_rules.errors.NotationError` for a malformed action string and
    :class:`~sintra_rules.errors.IllegalAction` (its reason starting with the ply number) for
    an illegal action.

    >>> record = record_game(2, "A", 7, [])
    >>> record.num_players, record.actions, record.result
    (2, (), None)
    """
    table = table_or_default(components)
    state = new_game(num_players, side, seed, table)
    played: list[Action] = []
    for ply, item in enumerate(actions, 1):
        action = action_from_text(item, table) if isinstance(item, str) else item
        try:
            state = apply(state, action)
        except IllegalAction as error:
            raise IllegalAction(error.clause, f"ply {ply}: {error.reason}", action) from None
        played.append(action)
    return GameRecord(
        num_players=num_players,
        side=side,
        seed=seed,
        components_digest=table.digest,
        components_name=table.name,
        behaviour_version=BEHAVIOUR_VERSION,
        actions=tuple(played),
        result=outcome(state) if state.is_over else None,
    )
