"""Game records: a whole game as a JSON document, recorded and replayed (ENG-02 to ENG-04,
ENG-06, ENG-25).

A ``"sintra-game"`` document holds a :class:`GameRecord`: the players and their names, the
side, where the game starts (a seed, or a position in the one-line notation of ENG-21), the
moves (actions in the compact notation of :mod:`sintra_rules.games.sintra.notation`, the chance
outcomes as they happened and comments, in the order they came) and, once the game is over, its
result, with the same header as a state document (:mod:`sintra_rules.games.sintra.documents`): its
``"format"`` (this module writes format 2, :data:`RECORD_FORMAT`, and reads formats 1 and 2), its
``"kind"``, the ``"behaviour_version"`` of the engine that wrote it (ENG-06) and the component
table's ``digest`` and ``name``. Layout of format 2 (ENG-25)::

    {"format": 2, "kind": "sintra-game", "behaviour_version": 1,
     "components": {"digest": "<sha256 of the figures>", "name": "<table name>"},
     "players": 2, "side": "A",
     "seed": 7, "position": null,          # exactly one of them: a seed, or a position (ENG-21)
     "names": ["Amanda", null],            # one per player (null: unnamed), or [] for none
     "tags": {"Event": "Club night"},      # anything else worth keeping, as text
     "moves": [{"comment": "about the game"}, "2G-5", {"comment": "about 2G-5"}, "1P-6",
               ..., {"chance": [1, 0, 3, 3, ...]}, ...],
     "result": {"scores": [...], "points_lost": [...], "winners": [...]}}   # or null

A move is an action in the notation, ``{"chance": [...]}`` (the outcomes of the chance steps
that came next, as :func:`~sintra_rules.games.sintra.chance.apply_chance` takes them: a colour's
index for a piece drawn, a strip number, a face; ENG-07, ENG-08) or ``{"comment": "..."}`` (about
the move before it, or the game when it comes first). A game that starts from a seed writes no
chance
outcomes: the seed's generator decides them (ENG-25). Format 1 (players, side, seed, actions,
result) is still read, as a seeded record with no names, tags or comments.

Loading is strict and total, as for state documents: any malformed, truncated or inconsistent
record (a result that differs from its replay, an illegal action or outcome) raises
:class:`~sintra_rules.RecordError` whose ``field`` is the JSON path of the offending value and
whose message says why; an unknown ``format`` or ``behaviour_version`` raises its subclass
:class:`~sintra_rules.FormatVersionError`.

>>> record = record_game(2, "A", 7, [])
>>> record_from_json(record_to_json(record)) == record
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import attrs

from sintra_rules._formats import records as common
from sintra_rules._strict import describe
from sintra_rules.errors import (
    ConfigurationError,
    FormatVersionError,
    IllegalAction,
    NotationError,
    PositionError,
    RecordError,
)
from sintra_rules.games.sintra._version import BEHAVIOUR_VERSION
from sintra_rules.games.sintra.actions import Action
from sintra_rules.games.sintra.chance import apply_chance
from sintra_rules.games.sintra.components import ComponentTable, Side, table_or_default
from sintra_rules.games.sintra.documents import (
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
from sintra_rules.games.sintra.notation import action_from_text, action_to_text
from sintra_rules.games.sintra.position import position_from_text, position_to_text
from sintra_rules.games.sintra.rules import apply
from sintra_rules.games.sintra.scoring import Outcome, outcome
from sintra_rules.games.sintra.setup import new_game
from sintra_rules.games.sintra.state import GameState

__all__ = [
    "GAME_KIND",
    "RECORD_FORMAT",
    "Comment",
    "Draws",
    "GameRecord",
    "record_from_json",
    "record_game",
    "record_position_game",
    "record_to_json",
    "replay",
]

#: ``kind`` of a game record document.
GAME_KIND = "sintra-game"
#: The game record format this module writes (it reads 1 and 2; ENG-25).
RECORD_FORMAT = 2
_READS = (1, 2)

_RECORD_KEYS_1 = (*_HEADER, "players", "side", "seed", "actions", "result")
_RECORD_KEYS = (
    *_HEADER,
    *("players", "side", "seed", "position", "names", "tags", "moves", "result"),
)
_RESULT_KEYS = ("scores", "points_lost", "winners")
_CONFIG_FIELDS = {"COMP-02": "players", "SETUP-02": "side", "ENG-02": "seed"}
#: Tags a text record gives a meaning of its own (ENG-24); not kept among a record's tags.
RESERVED_TAGS = ("Sintra", "Position", "Seed", "Players", "Side", "Scores")
_MOVE = 'expected an action in notation, {"chance": [outcomes]} or {"comment": "text"}'


def _action_tuple(actions: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(actions)


def _int_tuple(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


def _draws_tuple(values: Iterable[Draws]) -> tuple[Draws, ...]:
    return tuple(values)


def _names_tuple(values: Iterable[str | None]) -> tuple[str | None, ...]:
    return tuple(values)


def _tags_tuple(values: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple(values)


def _comments_tuple(values: Iterable[Comment]) -> tuple[Comment, ...]:
    return tuple(values)


@attrs.frozen
class Draws:
    """The chance outcomes that came after ``ply`` actions (0: before the first action), in
    order, each as :func:`~sintra_rules.games.sintra.chance.apply_chance` takes it (ENG-07,
    ENG-08)."""

    ply: int
    outcomes: tuple[int, ...] = attrs.field(converter=_int_tuple)


@attrs.frozen
class Comment:
    """A comment on the game: after ``ply`` actions (0: about the game, before any move), and
    after the :class:`Draws` of that ply when ``after_draws`` (ENG-25). Its ``text`` holds no
    brace or line break and no space at either end, so a text record holds it as it is."""

    ply: int
    text: str
    after_draws: bool = False


@attrs.frozen
class GameRecord:
    """A game: who played (``num_players`` seats on board ``side``), where it starts (the
    ``seed`` of :func:`~sintra_rules.new_game`, or the position ``start`` when ``seed`` is
    ``None``), the component table (by ``components_digest``; ``components_name`` is for
    people), the engine's ``behaviour_version`` (ENG-06), every action in order and, once the
    game is over, its ``result`` (else ``None``).

    A game from a position also holds its chance outcomes as they happened (``draws``, by the
    ply they follow); any record may hold the players' ``names`` (one per player, ``None`` for
    an unnamed one, or none at all), other ``tags`` (name, value) and ``comments`` (ENG-25).

    Build one with :func:`record_game`, :func:`record_position_game` (which check it) or
    :func:`record_from_json`.
    """

    #: The registry name of the record's game (as a state's ``GAME``).
    GAME: ClassVar[str] = "sintra"

    num_players: int
    side: Side
    seed: int | None
    components_digest: str
    components_name: str
    behaviour_version: int
    actions: tuple[Action, ...] = attrs.field(converter=_action_tuple)
    result: Outcome | None
    start: GameState | None = attrs.field(default=None, kw_only=True)
    draws: tuple[Draws, ...] = attrs.field(default=(), converter=_draws_tuple, kw_only=True)
    names: tuple[str | None, ...] = attrs.field(default=(), converter=_names_tuple, kw_only=True)
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_tags_tuple, kw_only=True)
    comments: tuple[Comment, ...] = attrs.field(default=(), converter=_comments_tuple, kw_only=True)

    def player_names(self) -> tuple[str, ...]:
        """The players' names by seat, ``Player N`` for an unnamed one."""
        return common.player_names(self.names, self.num_players)


def _result_to_dict(result: Outcome | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "scores": list(result.scores),
        "points_lost": list(result.points_lost),
        "winners": list(result.winners),
    }


def _moves(record: GameRecord, table: ComponentTable) -> list[Any]:
    """The ``moves`` of a format 2 document, in the order they came (ENG-25)."""
    texts = [action_to_text(action, table) for action in record.actions]
    return common.moves_to_json(texts, record.draws, record.comments)


def record_to_json(
    record: GameRecord, *, indent: int | None = None, components: ComponentTable | None = None
) -> str:
    """The record as a ``sintra-game`` JSON document of format 2 (ENG-25), actions in the
    notation (ENG-04).

    Args:
        record: the record (checked as :func:`replay` checks it).
        indent: JSON indentation (default: one line).
        components: the table the record was played with (default: the shipped one); it
        supplies the colour codes.

    Returns:
        The document.

    Raises:
        RecordError: the record does not replay, or ``components`` is not its table (on
        ``components.digest``).
    """
    table = _table(components)
    replay(record, table)
    doc = _header(GAME_KIND, table)
    doc["format"] = RECORD_FORMAT
    doc["behaviour_version"] = record.behaviour_version
    doc["components"]["name"] = record.components_name
    doc.update(
        players=record.num_players,
        side=record.side,
        seed=record.seed,
        position=None if record.start is None else position_to_text(record.start),
        names=list(record.names),
        tags=dict(record.tags),
        moves=_moves(record, table),
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


def _action_at(item: object, path: str, ply: int, table: ComponentTable) -> Action:
    try:
        return action_from_text(_read.string(item, path), table)
    except NotationError as error:
        _read.fail(path, f"ply {ply}: {error.reason}")


def _one_line(value: object, path: str, what: str) -> str:
    return common.one_line(_read, value, path, what, "ENG-25")


def _comment_text(value: object, path: str) -> str:
    text = _one_line(value, path, "a comment")
    if "{" in text or "}" in text or text != text.strip():
        _read.fail(
            path,
            "a comment holds no braces and no spaces at either end, as in a text record "
            "(ENG-24, ENG-25)",
        )
    return text


def _seeded_start(
    doc: dict[str, Any], table: ComponentTable
) -> tuple[int | None, GameState | None]:
    """The ``seed`` and ``position`` of a format 2 document: exactly one of them given."""
    seed, text = doc["seed"], doc["position"]
    if text is not None:
        text = _read.string(text, "position")
    if seed is not None:
        seed = _read.integer(seed, "seed", 0)
    if text is None and seed is None:
        _read.fail("seed", "a game starts from a seed or from a position: give one (ENG-25)")
    if seed is not None:
        if text is not None:
            _read.fail(
                "position", "a game starts from a seed or from a position, not both (ENG-25)"
            )
        return seed, None
    try:
        return None, position_from_text(text, table)
    except PositionError as error:
        _read.fail("position", str(error))


def _names_from(value: object, players: int) -> tuple[str | None, ...]:
    items = _read.array(value, "names")
    if items and len(items) != players:
        _read.fail("names", f"expected one name per player ({players}) or none, got {len(items)}")
    return tuple(
        None if item is None else _name(item, f"names[{seat}]") for seat, item in enumerate(items)
    )


def _name(value: object, path: str) -> str:
    name = _one_line(value, path, "a name")
    if not name.strip():
        _read.fail(path, "a name is not blank: write null for an unnamed player")
    return name


def _tags_from(value: object) -> tuple[tuple[str, str], ...]:
    tags = _read.mapping(value, "tags", "an object of tags")
    for name, text in tags.items():
        _tag(name, text, f"tags.{name}")
    return tuple(tags.items())


def _tag(name: object, text: object, path: str) -> None:
    common.check_tag(
        _read, name, text, path, reserved=RESERVED_TAGS, name_clause="ENG-24", line_clause="ENG-25"
    )


def _moves_from(
    items: list[Any], table: ComponentTable
) -> tuple[list[Action], list[Draws], list[Comment], dict[str, str]]:
    """Actions, draws and comments of ``moves``, and where each came from (for errors)."""
    return common.read_moves(
        _read,
        items,
        action=lambda text: action_from_text(text, table),
        comment_text=_comment_text,
        draws=Draws,
        comment=Comment,
        move=_MOVE,
        no_outcomes="expected at least one outcome",
    )


def record_from_json(text: str, components: ComponentTable | None = None) -> GameRecord:
    """Load a ``sintra-game`` JSON document (format 1 or 2, ENG-25) played with
    ``components``, replaying it to check every action, outcome and the result.

    Args:
        text: the document.
        components: the component table the game was played with (default: the shipped one).

    Returns:
        The record.

    Raises:
        FormatVersionError: an unknown ``format`` or ``behaviour_version``.
        RecordError: anything wrong, on the field's JSON path: an illegal action on
        ``actions[i]`` (format 1) or ``moves[i]`` (format 2), with its ply number (1 for
        the first action) and the clause it breaks.
    """
    table = _table(components)
    raw = _read.loads(text)
    version = raw.get("format") if isinstance(raw, dict) else None
    if version == 1:
        doc = _check_header(raw, GAME_KIND, _RECORD_KEYS_1, _READS)
    else:
        doc = _check_header(raw, GAME_KIND, _RECORD_KEYS, _READS)
    _check_components(doc, table)
    players = _read.integer(doc["players"], "players")
    if players not in table.player_counts:
        _read.fail("players", _player_count_reason(table, players))
    side = _side(doc["side"], "side")
    extra: dict[str, Any] = {}
    if version == 1:
        seed: int | None = _read.integer(doc["seed"], "seed", 0)
        actions = [
            _action_at(item, f"actions[{i}]", i + 1, table)
            for i, item in enumerate(_read.array(doc["actions"], "actions"))
        ]
        where: dict[str, str] = {}
    else:
        seed, start = _seeded_start(doc, table)
        names = _names_from(doc["names"], players)
        tags = _tags_from(doc["tags"])
        actions, draws, comments, where = _moves_from(_read.array(doc["moves"], "moves"), table)
        extra = {"start": start, "draws": draws, "names": names, "tags": tags, "comments": comments}
    record = GameRecord(
        num_players=players,
        side=side,
        seed=seed,
        components_digest=doc["components"]["digest"],
        components_name=doc["components"]["name"],
        behaviour_version=doc["behaviour_version"],
        actions=tuple(actions),
        result=_result_from(doc["result"], players),
        **extra,
    )
    try:
        replay(record, table)
    except RecordError as error:
        field = common.relocated(error.field, where)
        if field.startswith("start"):
            field = "position"
        raise type(error)(field, error.reason) from None
    return record


def _describe(action: Action, table: ComponentTable) -> str:
    try:
        return repr(action_to_text(action, table))
    except NotationError:
        return repr(action)


def _check_extras(record: GameRecord) -> None:
    """Names, tags and comments of a record built by hand (ENG-25)."""
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


def _decide(state: GameState, draws: Draws, index: int, table: ComponentTable) -> GameState:
    """``state`` after the outcomes of ``draws`` (the record's ``draws[index]``)."""
    for k, value in enumerate(draws.outcomes):
        path = f"draws[{index}].outcomes[{k}]"
        if state.chance is None:
            _read.fail(path, "no chance step is pending here: a player is to act (ENG-07)")
        try:
            state = apply_chance(state, value)
        except IllegalAction as error:
            _read.fail(path, f"after ply {draws.ply}: {error}")
    return state


def _start(record: GameRecord, table: ComponentTable) -> GameState:
    if record.start is None:
        if record.seed is None:
            _read.fail("seed", "a game starts from a seed or from a position (ENG-25)")
        if record.draws:
            _read.fail(
                "draws[0].outcomes",
                "a game from a seed takes its chance outcomes from the seed's generator: it "
                "writes none (ENG-25)",
            )
        try:
            return new_game(record.num_players, record.side, record.seed, table)
        except ConfigurationError as error:
            _read.fail(_CONFIG_FIELDS.get(error.clause, "$"), str(error))
    start = record.start
    if record.seed is not None:
        _read.fail("seed", "a game starts from a seed or from a position, not both (ENG-25)")
    if not isinstance(start, GameState):
        _read.fail("start", f"expected a GameState, got {describe(start)}")
    if start.rng is not None:
        _read.fail("start", "a position has no generator (ENG-23): its draws are written")
    if start.components != table:
        _same_table(start.components.digest, start.components.name, table)
    if len(start.players) != record.num_players:
        _read.fail("players", f"the position has {len(start.players)} players")
    if start.side != record.side:
        _read.fail("side", f"the position is on side {start.side}")
    return start


def replay(record: GameRecord, components: ComponentTable | None = None) -> tuple[GameState, ...]:
    """Every state of the recorded game, the initial one first: the state after each action
    and the chance outcomes that follow it (ENG-02, ENG-03, ENG-25).

    Checks the record on the way: the component table's digest, the behaviour version, every
    action's legality, every chance outcome, the names, tags and comments, and the result.

    Args:
        record: the record.
        components: the table it was played with (default: the shipped one).

    Returns:
        ``len(record.actions) + 1`` states.

    Raises:
        FormatVersionError: another behaviour version (ENG-06).
        RecordError: the record is inconsistent, on the field of :class:`GameRecord` (an
        illegal action on ``actions[i]`` with its ply number and the clause it breaks).

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
    state = _start(record, table)
    _check_extras(record)
    draws = common.index_draws(_read, record.draws, len(record.actions), Draws)
    if 0 in draws:
        state = _decide(state, draws[0][1], draws[0][0], table)
    states = [state]
    for index, action in enumerate(record.actions):
        ply = index + 1
        if state.chance is not None:
            _read.fail(
                f"actions[{index}]",
                f"ply {ply}: a chance step ({state.chance.kind}) is pending: write its outcomes "
                "before this action (ENG-07, ENG-25)",
            )
        try:
            state = apply(state, action)
        except IllegalAction as error:
            _read.fail(
                f"actions[{index}]",
                f"ply {ply}: illegal action {_describe(action, table)}: {error}",
            )
        if ply in draws:
            state = _decide(state, draws[ply][1], draws[ply][0], table)
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
    *,
    names: Sequence[str | None] = (),
    tags: Iterable[tuple[str, str]] = (),
    comments: Iterable[Comment] = (),
) -> GameRecord:
    """Record a game of ``num_players`` on ``side`` from ``seed`` (as
    :func:`~sintra_rules.new_game`) with ``actions`` (actions, or strings in the notation),
    replaying it to check every action; the result is filled in when the game is over.

    Args:
        num_players: the number of players.
        side: the board side.
        seed: the seed of the game.
        actions: the actions, in order.
        components: the component table (default: the shipped one).
        names: the players' names by seat (``None`` for an unnamed one), or none.
        tags: other facts worth keeping, as (name, value) pairs (ENG-25).
        comments: comments, in the order of the moves they follow.

    Returns:
        The record.

    Raises:
        ConfigurationError: bad players, side or seed.
        NotationError: a malformed action string.
        IllegalAction: an illegal action (its reason starting with the ply number).
        RecordError: bad names, tags or comments (on their field).

    >>> record = record_game(2, "A", 7, [])
    >>> record.num_players, record.actions, record.result
    (2, (), None)
    """
    table = table_or_default(components)
    state = new_game(num_players, side, seed, table)
    return _recorded(state, seed, actions, names, tags, comments)


def record_position_game(
    start: GameState,
    moves: Iterable[Action | str | int],
    *,
    names: Sequence[str | None] = (),
    tags: Iterable[tuple[str, str]] = (),
    comments: Iterable[Comment] = (),
) -> GameRecord:
    """Record a game that starts from the position ``start`` (its generator, if any, is left
    out, ENG-23) with ``moves``: actions (or strings in the notation) and, whenever a chance
    step is pending, its outcome as an ``int`` (ENG-07, ENG-08, ENG-25).

    Args:
        start: the position the game starts from (a typed position, a state of any game).
        moves: actions and chance outcomes, in the order they came.
        names: the players' names by seat (``None`` for an unnamed one), or none.
        tags: other facts worth keeping, as (name, value) pairs.
        comments: comments, in the order of the moves they follow.

    Returns:
        The record, its result filled in when the game is over.

    Raises:
        NotationError: a malformed action string.
        IllegalAction: an illegal action or outcome (its reason starting with the ply number).
        RecordError: bad names, tags or comments (on their field).

    >>> from sintra_rules import build_position
    >>> start = build_position(factories=["B"], boards={2: "bbbgo/@gggop/ooopy/pppyb/yyybg"
    ...     "/bbgop/oopyb/yybgo"})
    >>> record = record_position_game(start, ["1B-1", *[0, 1, 2, 3] * 5])
    >>> record.seed, record.draws[0].ply, len(record.draws[0].outcomes)
    (None, 1, 20)
    """
    return _recorded(attrs.evolve(start, rng=None), None, moves, names, tags, comments)


def _recorded(
    first: GameState,
    seed: int | None,
    moves: Iterable[Action | str | int],
    names: Sequence[str | None],
    tags: Iterable[tuple[str, str]],
    comments: Iterable[Comment],
) -> GameRecord:
    """The record of the game from ``first`` (set up from ``seed``, or a position when
    ``seed`` is ``None``) with ``moves``, each checked as it is played."""
    table = first.components
    state = first
    actions: list[Action] = []
    draws: list[Draws] = []
    for item in moves:
        ply = len(actions)
        if isinstance(item, int):  # a bool too, which apply_chance refuses
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
        action: Action = action_from_text(item, table) if isinstance(item, str) else item
        try:
            state = apply(state, action)
        except IllegalAction as error:
            raise IllegalAction(error.clause, f"ply {ply + 1}: {error.reason}", action) from None
        actions.append(action)
    record = GameRecord(
        num_players=len(first.players),
        side=first.side,
        seed=seed,
        components_digest=table.digest,
        components_name=table.name,
        behaviour_version=BEHAVIOUR_VERSION,
        actions=tuple(actions),
        result=outcome(state) if state.is_over else None,
        start=None if seed is not None else first,
        draws=tuple(draws),
        names=tuple(names),
        tags=tuple(tags),
        comments=tuple(comments),
    )
    _check_extras(record)
    return record
