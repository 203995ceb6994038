"""Sagrada game records: a whole game as a JSON document, recorded and replayed (ENG-16).

A ``"sagrada-game"`` document holds a :class:`SagradaRecord`: the number of players, where
the game starts (a seed with the game's options, or a position in the one-line notation,
ENG-12), the players' names, other tags, the moves (decisions in the notation of ENG-14, the
chance outcomes as they happened, and comments, in the order they came) and, once the game is
over, its result; with the header of a state document (``"format"`` 1, ``"kind"``, the
``"behaviour_version"`` of the engine, ENG-11, and the component table)::

    {"format": 1, "kind": "sagrada-game", "behaviour_version": 1,
     "components": {"digest": "<sha256 of the figures>", "name": "sagrada-base"},
     "players": 2, "options": {},            # the solo game: {"tools": "3"}
     "seed": 7, "position": null,            # exactly one of them
     "names": ["Ann", null], "tags": {"Event": "Club night"},
     "moves": [{"comment": "about the game"}, "pattern 15", "pattern 20",
               {"chance": [2, 5, 4, 3, ...]}, "draft G6", "place r1c1", "end", ...],
     "result": {"scores": [38, 41], "winners": [1]}}     # or null

A move is a decision in the notation, ``{"chance": [...]}`` (the outcomes of the chance steps
that came next, as :func:`~sintra_rules.games.sagrada.chance.apply_chance` takes them: a colour's
index for a die drawn, the value less one for a die rolled, a card's index for a card dealt;
ENG-03) or ``{"comment": "..."}`` (about the move before it, or the game when it comes first).
A game from a seed writes no chance outcomes: the seed's generator decides them, so the record
stays compact and replays identically (ENG-05).

Loading is strict: any malformed, truncated or inconsistent record (an illegal decision or
outcome, a result that differs from the replay) raises :class:`~sintra_rules.RecordError`
naming the JSON path and why; an unknown format or behaviour version its subclass
:class:`~sintra_rules.FormatVersionError`.

>>> from sintra_rules.games.sagrada import new_game
>>> record = record_game(2, 7, ["pattern 2", "pattern 9"])
>>> record_from_json(record_to_json(record)) == record
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from sintra_rules._formats import records as common
from sintra_rules._strict import Reader, describe
from sintra_rules.errors import (
    ConfigurationError,
    FormatVersionError,
    GameOver,
    IllegalAction,
    NotationError,
    PositionError,
    RecordError,
)
from sintra_rules.game import Result
from sintra_rules.games.sagrada._version import BEHAVIOUR_VERSION
from sintra_rules.games.sagrada.actions import Action
from sintra_rules.games.sagrada.chance import apply_chance, without_generator
from sintra_rules.games.sagrada.components import SagradaComponents, table_or_default
from sintra_rules.games.sagrada.notation import action_from_text, action_to_text
from sintra_rules.games.sagrada.position import position_from_text, position_to_text
from sintra_rules.games.sagrada.rules import apply
from sintra_rules.games.sagrada.scoring import result
from sintra_rules.games.sagrada.setup import new_game
from sintra_rules.games.sagrada.state import SagradaState

__all__ = [
    "FORMAT",
    "KIND",
    "RESERVED_TAGS",
    "Comment",
    "Draws",
    "SagradaRecord",
    "record_from_json",
    "record_game",
    "record_position_game",
    "record_to_json",
    "replay",
]

FORMAT = 1
#: ``kind`` of a game record document.
KIND = "sagrada-game"
_KEYS = (
    "format",
    "kind",
    "behaviour_version",
    "components",
    "players",
    "options",
    "seed",
    "position",
    "names",
    "tags",
    "moves",
    "result",
)
_RESULT_KEYS = ("scores", "winners")
#: Tags a text record gives a meaning of its own (ENG-17); not kept among a record's tags.
RESERVED_TAGS = ("Sagrada", "Position", "Seed", "Players", "Tools", "Scores")
_MOVE = 'expected a decision in the notation, {"chance": [outcomes]} or {"comment": "text"}'
_read = Reader(RecordError)


def _tuple(values: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(values)


@attrs.frozen
class Draws:
    """The chance outcomes that came after ``ply`` decisions (0: before the first), in order,
    each as :func:`~sintra_rules.games.sagrada.chance.apply_chance` takes it (ENG-03)."""

    ply: int
    outcomes: tuple[int, ...] = attrs.field(converter=_tuple)


@attrs.frozen
class Comment:
    """A comment after ``ply`` decisions (0: about the game), after that ply's
    :class:`Draws` when ``after_draws``. Its ``text`` holds no brace or line break and no
    space at either end, so that a text record holds it as it is (ENG-16, ENG-17)."""

    ply: int
    text: str
    after_draws: bool = False


@attrs.frozen
class SagradaRecord:
    """A game: ``num_players`` players; where it starts: a ``seed`` and ``options`` (the solo
    difficulty, ``{"tools": "3"}``) or, when ``seed`` is ``None``, the position ``start``;
    the component table (by digest; the name is for people); the engine's behaviour version
    (ENG-11); every decision in order, the chance outcomes by the ply they follow (a game from
    a position only), the players' ``names``, other ``tags``, ``comments``, and the ``result``
    once the game is over (ENG-16)."""

    #: The registry name of the record's game (as a state's ``GAME``).
    GAME: ClassVar[str] = "sagrada"

    num_players: int
    seed: int | None
    components_digest: str
    components_name: str
    behaviour_version: int
    actions: tuple[Action, ...] = attrs.field(converter=_tuple)
    result: Result | None
    options: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_tuple, kw_only=True)
    start: SagradaState | None = attrs.field(default=None, kw_only=True)
    draws: tuple[Draws, ...] = attrs.field(default=(), converter=_tuple, kw_only=True)
    names: tuple[str | None, ...] = attrs.field(default=(), converter=_tuple, kw_only=True)
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_tuple, kw_only=True)
    comments: tuple[Comment, ...] = attrs.field(default=(), converter=_tuple, kw_only=True)

    def player_names(self) -> tuple[str, ...]:
        """The players' names by seat, ``Player N`` for an unnamed one."""
        return common.player_names(self.names, self.num_players)


# ---------------------------------------------------------------------------- writing


def _moves(record: SagradaRecord) -> list[Any]:
    texts = [action_to_text(action) for action in record.actions]
    return common.moves_to_json(texts, record.draws, record.comments)


def record_to_dict(
    record: SagradaRecord, components: SagradaComponents | None = None
) -> dict[str, Any]:
    """The record as the data of a ``sagrada-game`` document (ENG-16), checked by replaying
    it.

    Raises:
        RecordError: the record does not replay.
    """
    table = table_or_default(components)
    replay(record, table)
    return {
        "format": FORMAT,
        "kind": KIND,
        "behaviour_version": record.behaviour_version,
        "components": {"digest": record.components_digest, "name": record.components_name},
        "players": record.num_players,
        "options": dict(record.options),
        "seed": record.seed,
        "position": None if record.start is None else position_to_text(record.start),
        "names": list(record.names),
        "tags": dict(record.tags),
        "moves": _moves(record),
        "result": None
        if record.result is None
        else {"scores": list(record.result.scores), "winners": list(record.result.winners)},
    }


def record_to_json(
    record: SagradaRecord,
    *,
    indent: int | None = None,
    components: SagradaComponents | None = None,
) -> str:
    """The record as a ``sagrada-game`` JSON document (ENG-16).

    Args:
        record: the record (checked by replaying it).
        indent: JSON indentation (default: one line).
        components: the table it was played with (default: the shipped one).

    Returns:
        The document.

    Raises:
        RecordError: the record does not replay.
    """
    return json.dumps(record_to_dict(record, components), indent=indent)


# ---------------------------------------------------------------------------- reading


def _one_line(value: object, path: str, what: str) -> str:
    return common.one_line(_read, value, path, what, "ENG-16")


def _comment_text(value: object, path: str) -> str:
    text = _one_line(value, path, "a comment")
    if "{" in text or "}" in text or text != text.strip() or not text:
        _read.fail(
            path,
            "a comment is not empty and holds no braces and no spaces at either end, as in a "
            "text record (ENG-16, ENG-17)",
        )
    return text


def _name(value: object, path: str) -> str:
    name = _one_line(value, path, "a name")
    if not name.strip() or name != name.strip():
        _read.fail(path, "a name is not blank and has no spaces at either end (null: unnamed)")
    return name


def _tag(name: object, value: object, path: str) -> None:
    common.check_tag(
        _read, name, value, path, reserved=RESERVED_TAGS, name_clause="ENG-17", line_clause="ENG-16"
    )


def _options(value: object, players: int) -> tuple[tuple[str, str], ...]:
    items = _read.mapping(value, "options", "an object of the game's options")
    for key, text in items.items():
        if key != "tools" or players != 1:
            _read.fail(
                f"options.{key}" if isinstance(key, str) and key.isidentifier() else "options",
                "the only option is the solo game's tools (SOLO-01)",
            )
        if text not in ("1", "2", "3", "4", "5"):
            _read.fail("options.tools", f"the solo difficulty is '1' to '5', got {describe(text)}")
    return tuple(sorted(items.items()))


def _result_from(value: object, players: int) -> Result | None:
    if value is None:
        return None
    obj = _read.fields(value, "result", _RESULT_KEYS)
    scores = _read.array(obj["scores"], "result.scores", players)
    winners = _read.array(obj["winners"], "result.winners")
    return Result(
        scores=tuple(_read.integer(v, f"result.scores[{i}]") for i, v in enumerate(scores)),
        keys=(),
        winners=tuple(
            _read.integer(v, f"result.winners[{i}]", 0, players - 1) for i, v in enumerate(winners)
        ),
    )


def _moves_from(
    items: list[Any],
) -> tuple[list[Action], list[Draws], list[Comment], dict[str, str]]:
    """Decisions, draws and comments of ``moves``, and where each came from (for errors)."""
    return common.read_moves(
        _read,
        items,
        action=action_from_text,
        comment_text=_comment_text,
        draws=Draws,
        comment=Comment,
        move=_MOVE,
        no_outcomes="at least one outcome (leave the entry out)",
        locate_entries=True,
    )


def _header(doc: object) -> dict[str, Any]:
    if not isinstance(doc, dict):
        _read.fail("$", f"expected a {KIND} document (a JSON object), got {describe(doc)}")
    for key in ("format", "kind", "behaviour_version"):
        if key not in doc:
            _read.fail(key, "missing")
    if doc["kind"] != KIND:
        _read.fail("kind", f"expected {KIND!r}, got {describe(doc['kind'])}")
    if type(doc["format"]) is not int or doc["format"] != FORMAT:
        raise FormatVersionError(
            "format",
            f"unknown format {describe(doc['format'])} (this library reads format {FORMAT})",
        )
    version = doc["behaviour_version"]
    if type(version) is not int or version != BEHAVIOUR_VERSION:
        raise FormatVersionError(
            "behaviour_version",
            f"written by behaviour version {describe(version)}; this engine is version "
            f"{BEHAVIOUR_VERSION} (ENG-11)",
        )
    return _read.fields(doc, "$", _KEYS)


def record_from_dict(data: Any, components: SagradaComponents | None = None) -> SagradaRecord:
    """The record a ``sagrada-game`` document's data holds, replayed and checked (ENG-16).

    Raises:
        RecordError: a malformed or inconsistent record, naming the JSON path.
        FormatVersionError: an unknown format or behaviour version.
    """
    table = table_or_default(components)
    doc = _header(data)
    comp = _read.fields(doc["components"], "components", ("digest", "name"))
    if comp["digest"] != table.digest:
        _read.fail(
            "components.digest",
            f"the record was written with another component table ({describe(comp['name'])})",
        )
    name = _read.string(comp["name"], "components.name")
    players = _read.integer(doc["players"], "players", 1, 4)
    options = _options(doc["options"], players)
    seed, text = doc["seed"], doc["position"]
    start = None
    if seed is not None:
        seed = _read.integer(seed, "seed", 0)
        if text is not None:
            _read.fail("position", "a game starts from a seed or from a position, not both")
    elif text is None:
        _read.fail("seed", "a game starts from a seed or from a position: give one (ENG-16)")
    else:
        if options:
            _read.fail("options", "a position holds the game's options: give none")
        try:
            start = position_from_text(_read.string(text, "position"), table)
        except PositionError as error:
            _read.fail("position", str(error))
        if start.num_players != players:
            _read.fail("players", f"the position has {start.num_players} players")
    items = _read.array(doc["names"], "names")
    if items and len(items) != players:
        _read.fail("names", f"expected one name per player ({players}) or none, got {len(items)}")
    names = tuple(None if v is None else _name(v, f"names[{i}]") for i, v in enumerate(items))
    tags = _read.mapping(doc["tags"], "tags", "an object of tags")
    for key, value in tags.items():
        _tag(key, value, f"tags.{key}" if str(key).isidentifier() else "tags")
    actions, draws, comments, where = _moves_from(_read.array(doc["moves"], "moves"))
    record = SagradaRecord(
        num_players=players,
        seed=seed,
        components_digest=table.digest,
        components_name=name,
        behaviour_version=BEHAVIOUR_VERSION,
        actions=actions,
        result=_result_from(doc["result"], players),
        options=options,
        start=start,
        draws=draws,
        names=names,
        tags=tuple(tags.items()),
        comments=comments,
    )
    try:
        replay(record, table)
    except RecordError as error:
        raise type(error)(common.relocated(error.field, where), error.reason) from None
    return record


def record_from_json(text: str, components: SagradaComponents | None = None) -> SagradaRecord:
    """The record a ``sagrada-game`` JSON document holds, replayed and checked (ENG-16).

    Args:
        text: the document.
        components: the table it was played with (default: the shipped one).

    Returns:
        The record.

    Raises:
        RecordError: malformed JSON or an invalid record, naming the JSON path (a decision
        on ``moves[i]``, with its ply and the clause it breaks).
        FormatVersionError: an unknown format or behaviour version.
    """
    return record_from_dict(_read.loads(text), components)


# ---------------------------------------------------------------------------- replaying


def _check_extras(record: SagradaRecord) -> None:
    common.check_extras(
        _read,
        num_players=record.num_players,
        num_actions=len(record.actions),
        names=record.names,
        tags=record.tags,
        draws=record.draws,
        comments=record.comments,
        name=_name,
        tag=_tag,
        comment_text=_comment_text,
        draws_type=Draws,
        comment_type=Comment,
    )


def _start(record: SagradaRecord, table: SagradaComponents) -> SagradaState:
    if record.start is None:
        if record.seed is None:
            _read.fail("seed", "a game starts from a seed or from a position (ENG-16)")
        if record.draws:
            _read.fail(
                "draws[0].outcomes",
                "a game from a seed takes its chance outcomes from the seed's generator: it "
                "writes none (ENG-16)",
            )
        options = dict(record.options)
        if set(options) - {"tools"} or (options and record.num_players != 1):
            _read.fail("options", "the only option is the solo game's tools (SOLO-01)")
        tools = int(options["tools"]) if "tools" in options else None
        try:
            return new_game(record.num_players, seed=record.seed, tools=tools, components=table)
        except ConfigurationError as error:
            _read.fail("players" if error.clause == "COMP-02" else "seed", str(error))
    start = record.start
    if record.seed is not None:
        _read.fail("seed", "a game starts from a seed or from a position, not both (ENG-16)")
    if not isinstance(start, SagradaState):
        _read.fail("start", f"expected a SagradaState, got {describe(start)}")
    if start.rng is not None:
        _read.fail("start", "a position has no generator (ENG-05): its chance outcomes are written")
    if start.components != table:
        _read.fail("components.digest", "the position is on another component table")
    if start.num_players != record.num_players:
        _read.fail("players", f"the position has {start.num_players} players")
    return start


def _decide(state: SagradaState, draws: Draws, index: int) -> SagradaState:
    for k, value in enumerate(draws.outcomes):
        path = f"draws[{index}].outcomes[{k}]"
        if state.chance is None:
            _read.fail(path, "no chance step is pending here: a player is to act (ENG-03)")
        try:
            state = apply_chance(state, value)
        except IllegalAction as error:
            _read.fail(path, f"after ply {draws.ply}: {error}")
    return state


def replay(
    record: SagradaRecord, components: SagradaComponents | None = None
) -> tuple[SagradaState, ...]:
    """Every state of the recorded game: the state after each decision and the chance
    outcomes that follow it, the initial one first (ENG-16).

    Checks the record on the way: the component table, the behaviour version (ENG-11), every
    decision's legality (ENG-10), every chance outcome (ENG-03), the names, tags and comments,
    and the result (ENG-13).

    Args:
        record: the record.
        components: the table it was played with (default: the shipped one).

    Returns:
        ``len(record.actions) + 1`` states.

    Raises:
        FormatVersionError: another behaviour version.
        RecordError: the record is inconsistent, on the field of :class:`SagradaRecord`.
    """
    table = table_or_default(components)
    if record.components_digest != table.digest:
        _read.fail("components.digest", "the record was played with another component table")
    if record.behaviour_version != BEHAVIOUR_VERSION:
        raise FormatVersionError(
            "behaviour_version",
            f"recorded with behaviour version {record.behaviour_version!r}, this engine is "
            f"version {BEHAVIOUR_VERSION} (ENG-11)",
        )
    state = _start(record, table)
    _check_extras(record)
    draws = common.index_draws(_read, record.draws, len(record.actions), Draws)
    if 0 in draws:
        state = _decide(state, draws[0][1], draws[0][0])
    states = [state]
    for index, action in enumerate(record.actions):
        ply = index + 1
        if state.chance is not None:
            _read.fail(
                f"actions[{index}]",
                f"ply {ply}: a chance step ({state.chance.kind}) is pending: write its outcomes "
                "before this decision (ENG-03, ENG-16)",
            )
        try:
            state = apply(state, action)
        except (IllegalAction, GameOver) as error:
            shown = action_to_text(action) if _writable(action) else repr(action)
            _read.fail(f"actions[{index}]", f"ply {ply}: illegal decision {shown!r}: {error}")
        if ply in draws:
            state = _decide(state, draws[ply][1], draws[ply][0])
        states.append(state)
    _check_result(record, state)
    return tuple(states)


def _writable(action: object) -> bool:
    try:
        action_to_text(action)  # type: ignore[arg-type]
    except NotationError:
        return False
    return True


def _check_result(record: SagradaRecord, state: SagradaState) -> None:
    got = record.result
    if got is not None and not isinstance(got, Result):
        _read.fail("result", f"expected a Result or None, got {describe(got)}")
    if not state.is_over:
        if got is not None:
            _read.fail("result", "the record has a result, but the game is not over")
        return
    expected = result(state)
    if got is None:
        _read.fail("result", "the game is over: the record gives its result")
    if tuple(got.scores) != expected.scores:
        _read.fail(
            "result.scores",
            f"the replay gives {list(expected.scores)}, the record says {list(got.scores)}",
        )
    if tuple(got.winners) != expected.winners:
        _read.fail(
            "result.winners",
            f"the replay gives {list(expected.winners)}, the record says {list(got.winners)}",
        )


# ---------------------------------------------------------------------------- recording


def _stored(outcome: Result | None) -> Result | None:
    """A result as a record holds it: scores and winners (the keys follow from the game)."""
    return None if outcome is None else Result(outcome.scores, (), outcome.winners)


def record_game(
    num_players: int,
    seed: int,
    actions: Iterable[Action | str],
    *,
    tools: int | None = None,
    components: SagradaComponents | None = None,
    names: Sequence[str | None] = (),
    tags: Iterable[tuple[str, str]] = (),
    comments: Iterable[Comment] = (),
) -> SagradaRecord:
    """Record a game of ``num_players`` from ``seed`` (as :func:`~.setup.new_game`, every chance
    step sampled) with ``actions`` (decisions, or their text), checking each (ENG-16).

    Args:
        num_players: 1 to 4.
        seed: the seed.
        actions: the decisions, in order.
        tools: the solo difficulty (default 3).
        components: the component table (default: the shipped one).
        names: the players' names by seat (``None`` for an unnamed one), or none.
        tags: other facts, as (name, value) pairs.
        comments: comments, in the order of the moves they follow.

    Returns:
        The record, its result filled in once the game is over.

    Raises:
        ConfigurationError: bad players, difficulty or seed.
        NotationError: a malformed decision's text.
        IllegalAction: an illegal decision (its reason starting with the ply).
        RecordError: bad names, tags or comments.
    """
    table = table_or_default(components)
    state = new_game(num_players, seed=seed, tools=tools, components=table)
    options = (("tools", str(state.difficulty)),) if num_players == 1 else ()
    return _recorded(state, seed, options, actions, names, tags, comments)


def record_position_game(
    start: SagradaState,
    moves: Iterable[Action | str | int],
    *,
    names: Sequence[str | None] = (),
    tags: Iterable[tuple[str, str]] = (),
    comments: Iterable[Comment] = (),
) -> SagradaRecord:
    """Record a game from the position ``start`` (its generator left out) with ``moves``:
    decisions (or their text) and, whenever a chance step is pending, its outcome as an
    ``int`` (ENG-03, ENG-16).

    Returns:
        The record.

    Raises:
        NotationError: a malformed decision's text.
        IllegalAction: an illegal decision or outcome (its reason starting with the ply).
        RecordError: bad names, tags or comments.
    """
    return _recorded(without_generator(start), None, (), moves, names, tags, comments)


def _recorded(
    first: SagradaState,
    seed: int | None,
    options: tuple[tuple[str, str], ...],
    moves: Iterable[Action | str | int],
    names: Sequence[str | None],
    tags: Iterable[tuple[str, str]],
    comments: Iterable[Comment],
) -> SagradaRecord:
    state = first
    actions: list[Action] = []
    draws: list[Draws] = []
    for item in moves:
        ply = len(actions)
        if isinstance(item, int):
            try:
                state = apply_chance(state, item)
            except IllegalAction as error:
                raise IllegalAction(
                    error.clause, f"after ply {ply}: {error.reason}", item
                ) from None
            if draws and draws[-1].ply == ply:
                draws[-1] = Draws(ply, (*draws[-1].outcomes, item))
            else:
                draws.append(Draws(ply, (item,)))
            continue
        action = action_from_text(item) if isinstance(item, str) else item
        try:
            state = apply(state, action)
        except IllegalAction as error:
            raise IllegalAction(error.clause, f"ply {ply + 1}: {error.reason}", action) from None
        actions.append(action)
    table = first.components
    record = SagradaRecord(
        num_players=first.num_players,
        seed=seed,
        components_digest=table.digest,
        components_name=table.name,
        behaviour_version=BEHAVIOUR_VERSION,
        actions=actions,
        result=_stored(result(state)) if state.is_over else None,
        options=options,
        start=None if seed is not None else first,
        draws=draws,
        names=tuple(names),
        tags=tuple(tags),
        comments=tuple(comments),
    )
    _check_extras(record)
    return record


def options_of(record: SagradaRecord) -> Mapping[str, str]:
    """The game options of a seeded record (the solo difficulty)."""
    return dict(record.options)
