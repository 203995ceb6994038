"""JSON game states and game records, with a format version (ENG-04, ENG-06).

Two kinds of document, each a JSON object with ``"format": 1``, a ``"kind"`` and the
``"behaviour_version"`` of the engine that wrote it (ENG-06):

* ``"sintra-state"``: one :class:`~sintra_rules.state.GameState`, every field explicit;
* ``"sintra-game"``: a :class:`GameRecord`: players, side, seed, the actions in the compact
  notation of :mod:`sintra_rules.notation` and, once the game is over, its result.

State document layout (indices are 0-based, exactly as in :class:`GameState`; colours are
written by their code in the component table; per-colour counts are objects with one entry per
code, in table order)::

    {"format": 1, "kind": "sintra-state", "behaviour_version": 1,
     "components": {"digest": "<sha256 of the figures>", "name": "<table name>"},
     "side": "A", "turn": 0, "starter": 0, "tile": null,          # tile: a seat or null
     "rng": "<16 lower-case hex digits>",          # the 64-bit generator state, or null (ENG-08)
     "bag": {"B": 15, ...}, "tower": {...}, "centre": {...},
     "factories": [{"B": 1, ...}, ...], "indicator": ["O", "B", ...],
     "players": [{"strips": [{"id": 3, "side": 0, "filled": {...}, "jokers": {...}}, null, ...],
                  "glazier": 0, "windows": [[null, null], ["B", null], ...],
                  "score": 0, "track": 0, "points_lost": 0}, ...]}

A state waiting for a chance step (ENG-07) also holds ``"chance": {"kind": "fill", "seat": 0,
"index": 0}`` (its :class:`~sintra_rules.state.ChanceStep`); the field is written only while a
step is pending, so documents and digests of other states are as they were (ENG-08).

The component table itself is not stored: the document names it by ``digest`` (and ``name``,
for people), the caller passes the table (default: the shipped one) and a digest mismatch is a
:class:`~sintra_rules.errors.RecordError` on ``components.digest``.

Loading is strict and total. A document that is not valid JSON, is truncated, has a wrong type
(``true`` is not a number), a missing or unknown field, an out-of-range value or is inconsistent
(pieces not adding up to 20 per colour, COMP-01; a window filled bottom before top; a strip
holding more pieces than it has spaces; a record whose result differs from its replay or that
holds an illegal action) raises :class:`~sintra_rules.errors.RecordError` whose ``field`` is the
JSON path of the offending value (``players[1].strips[3].filled``; ``$`` is the whole document)
and whose message says why. Player counts and factory counts outside the table's figures are
document errors too (RecordError, not ConfigurationError). An unknown ``format`` or
``behaviour_version`` raises its subclass :class:`~sintra_rules.errors.FormatVersionError`.
No other exception escapes and no half-built object is returned.

>>> from sintra_rules.setup import new_game
>>> state = new_game(2, seed=7)
>>> state_from_json(state_to_json(state)) == state
True
>>> state_from_json('{"format": 2}')
Traceback (most recent call last):
...
sintra_rules.errors.FormatVersionError: format: unknown format 2 (this library reads format 1)
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from typing import Any, cast

import attrs

from sintra_rules._strict import Reader, describe, json_path
from sintra_rules._version import BEHAVIOUR_VERSION
from sintra_rules.actions import Action
from sintra_rules.components import ComponentTable, Side, table_or_default
from sintra_rules.errors import (
    ConfigurationError,
    FormatVersionError,
    IllegalAction,
    NotationError,
    RecordError,
)
from sintra_rules.notation import action_from_text, action_to_text
from sintra_rules.rules import apply
from sintra_rules.scoring import Outcome, outcome
from sintra_rules.setup import new_game
from sintra_rules.state import ChanceKind, ChanceStep, Colour, GameState, PlayerState, Strip, Window

__all__ = [
    "FORMAT",
    "GAME_KIND",
    "STATE_KIND",
    "DigestMismatch",
    "GameRecord",
    "GoldenPlaythrough",
    "Result",
    "golden_from_json",
    "golden_mismatch",
    "record_from_json",
    "record_game",
    "record_to_json",
    "replay",
    "state_digest",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
]

#: The document format this library writes and reads.
FORMAT = 1
#: ``kind`` of a state document.
STATE_KIND = "sintra-state"
#: ``kind`` of a game record document.
GAME_KIND = "sintra-game"
#: The result of a finished game in a record: final scores, points lost, winners (WIN-01..03).
Result = Outcome

_HEADER = ("format", "kind", "behaviour_version", "components")
_STATE_KEYS = (
    *_HEADER,
    *("side", "turn", "starter", "tile", "rng", "bag", "tower", "centre"),
    *("factories", "indicator", "players"),
)
_PLAYER_KEYS = ("strips", "glazier", "windows", "score", "track", "points_lost")
_STRIP_KEYS = ("id", "side", "filled", "jokers")
_RECORD_KEYS = (*_HEADER, "players", "side", "seed", "actions", "result")
_RESULT_KEYS = ("scores", "points_lost", "winners")
_RNG = re.compile(r"[0-9a-f]{16}")
_CHANCE_KEYS = ("kind", "seat", "index")
_CHANCE_KINDS = ("strip", "face", "indicator", "first", "fill")
_DIGEST = re.compile(r"[0-9a-f]{64}")
#: Descriptive fields a golden playthrough may hold besides ``record`` and ``digests``.
_GOLDEN_INFO = ("name", "behaviour_version", "play", "events")
_SIDES = ("A", "B")
_CONFIG_FIELDS = {"COMP-02": "players", "SETUP-02": "side", "ENG-02": "seed"}
_read = Reader(RecordError)


def _action_tuple(actions: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(actions)


@attrs.frozen
class GameRecord:
    """A game: who played (``players`` seats on board ``side``), the ``seed``, the component
    table (by ``components_digest``; ``components_name`` is for people), the engine's
    ``behaviour_version`` (ENG-06), every action in order and, once the game is over, its
    ``result`` (else ``None``).

    Build one with :func:`record_game` (which checks it) or :func:`record_from_json`.
    """

    players: int
    side: Side
    seed: int
    components_digest: str
    components_name: str
    behaviour_version: int
    actions: tuple[Action, ...] = attrs.field(converter=_action_tuple)
    result: Result | None


# ---------------------------------------------------------------------------------- writing


def _counts(codes: tuple[str, ...], counts: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(codes, counts, strict=True))


def _code(codes: tuple[str, ...], colour: Colour | None) -> str | None:
    return None if colour is None else codes[colour]


def _header(kind: str, table: ComponentTable) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "kind": kind,
        "behaviour_version": BEHAVIOUR_VERSION,
        "components": {"digest": table.digest, "name": table.name},
    }


def _player_to_dict(codes: tuple[str, ...], player: PlayerState) -> dict[str, Any]:
    return {
        "strips": [
            None
            if strip is None
            else {
                "id": strip.strip_id,
                "side": strip.side,
                "filled": _counts(codes, strip.filled),
                "jokers": _counts(codes, strip.jokers),
            }
            for strip in player.strips
        ],
        "glazier": player.glazier,
        "windows": [[_code(codes, top), _code(codes, bottom)] for top, bottom in player.windows],
        "score": player.score,
        "track": player.track,
        "points_lost": player.points_lost,
    }


def state_to_dict(state: GameState) -> dict[str, Any]:
    """The state as a JSON-ready ``sintra-state`` document (see the module docstring).

    >>> from sintra_rules.setup import new_game
    >>> doc = state_to_dict(new_game(2, seed=7))
    >>> doc["kind"], doc["turn"], doc["tile"], len(doc["factories"]), doc["bag"]["B"] >= 0
    ('sintra-state', 0, None, 5, True)
    """
    table = state.components
    codes = table.colour_codes
    doc = _header(STATE_KIND, table)
    doc.update(
        side=state.side,
        turn=state.turn,
        starter=state.starter,
        tile=state.tile,
        rng=None if state.rng is None else f"{state.rng:016x}",
        bag=_counts(codes, state.bag),
        tower=_counts(codes, state.tower),
        centre=_counts(codes, state.centre),
        factories=[_counts(codes, factory) for factory in state.factories],
        indicator=[codes[colour] for colour in state.indicator],
        players=[_player_to_dict(codes, player) for player in state.players],
    )
    if state.chance is not None:  # written only when pending (ENG-07): older digests hold
        step = state.chance
        doc["chance"] = {"kind": step.kind, "seat": step.seat, "index": step.index}
    return doc


def state_to_json(state: GameState, *, indent: int | None = None) -> str:
    """The state as a ``sintra-state`` JSON document (ASCII; ``indent`` as for
    :func:`json.dumps`)."""
    return json.dumps(state_to_dict(state), indent=indent)


def state_digest(state: GameState) -> str:
    """SHA-256 (hex) of the state's canonical JSON: :func:`state_to_dict` without the component
    table's ``name`` (``components`` keeps only the figures' ``digest``), dumped with sorted keys,
    no whitespace (``separators=(",", ":")``) and ASCII escapes.

    The document holds only integers, strings escaped to ASCII and ``null``, so the digest is the
    same on every platform, Python version and process. Equal states have equal digests: like
    state equality, it ignores the table's name; it changes when the state, the format, the
    behaviour version (ENG-06) or the table's figures change.

    >>> from sintra_rules.setup import new_game
    >>> state_digest(new_game(2, seed=7)) == state_digest(new_game(2, seed=7))
    True
    >>> state_digest(new_game(2, seed=7)) == state_digest(new_game(2, seed=8))
    False
    """
    doc = state_to_dict(state)
    doc["components"] = {"digest": state.components.digest}
    blob = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("ascii")).hexdigest()


def _result_to_dict(result: Result | None) -> dict[str, Any] | None:
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
        players=record.players,
        side=record.side,
        seed=record.seed,
        actions=[action_to_text(action, table) for action in record.actions],
        result=_result_to_dict(record.result),
    )
    return json.dumps(doc, indent=indent)


# ---------------------------------------------------------------------------------- reading


def _table(components: ComponentTable | None) -> ComponentTable:
    if components is not None and not isinstance(components, ComponentTable):
        raise RecordError("components", f"expected a ComponentTable, got {describe(components)}")
    return table_or_default(components)


def _colour(value: object, path: str, codes: tuple[str, ...]) -> Colour:
    if value not in codes or not isinstance(value, str):
        _read.fail(path, f"expected a colour code ({' '.join(codes)}), got {describe(value)}")
    return codes.index(value)


def _optional_colour(value: object, path: str, codes: tuple[str, ...]) -> Colour | None:
    return None if value is None else _colour(value, path, codes)


def _seat(value: object, path: str, players: int) -> int:
    return _read.integer(value, path, 0, players - 1)


def _counts_from(value: object, path: str, table: ComponentTable) -> tuple[int, ...]:
    codes = table.colour_codes
    obj = _read.fields(value, path, codes)
    return tuple(
        _read.integer(obj[code], json_path(path, code), 0, table.pieces_per_colour)
        for code in codes
    )


def _check_header(doc: object, kind: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """Check format, kind and behaviour version (in that order) before any other field."""
    if not isinstance(doc, dict):
        _read.fail("$", f"expected a JSON object, got {describe(doc)}")
    if "format" not in doc:
        _read.fail("format", "missing")
    version = _read.integer(doc["format"], "format")
    if version != FORMAT:
        raise FormatVersionError(
            "format", f"unknown format {describe(version)} (this library reads format {FORMAT})"
        )
    if doc.get("kind") != kind:
        got = describe(doc["kind"]) if "kind" in doc else "nothing"
        _read.fail("kind", f"expected {kind!r}, got {got}")
    doc = _read.fields(doc, "$", keys)
    behaviour = _read.integer(doc["behaviour_version"], "behaviour_version")
    if behaviour != BEHAVIOUR_VERSION:
        raise FormatVersionError(
            "behaviour_version",
            f"written by engine behaviour version {describe(behaviour)}, this engine is version "
            f"{BEHAVIOUR_VERSION} (ENG-06)",
        )
    return doc


def _same_table(digest: str, name: str, table: ComponentTable) -> None:
    if digest != table.digest:
        _read.fail(
            "components.digest",
            f"the document uses component table {name!r} ({str(digest)[:12]}...), not the table "
            f"given, {table.name!r} ({table.digest[:12]}...); pass the table it was played with",
        )


def _check_components(doc: dict[str, Any], table: ComponentTable) -> None:
    comp = _read.fields(doc["components"], "components", ("digest", "name"))
    digest = _read.string(comp["digest"], "components.digest")
    _same_table(digest, _read.string(comp["name"], "components.name"), table)


def _side(value: object, path: str) -> Side:
    if value == "A" or value == "B":
        return "A" if value == "A" else "B"
    _read.fail(path, f"expected 'A' or 'B' (SETUP-02), got {describe(value)}")


def _strip_from(value: object, path: str, table: ComponentTable) -> Strip | None:
    if value is None:
        return None
    obj = _read.fields(value, path, _STRIP_KEYS)
    strip_id = _read.integer(obj["id"], f"{path}.id", 0, len(table.strips) - 1)
    side = _read.integer(obj["side"], f"{path}.side", 0, 1)
    filled = _counts_from(obj["filled"], f"{path}.filled", table)
    jokers = _counts_from(obj["jokers"], f"{path}.jokers", table)
    spaces = table.side_spaces[strip_id][side]
    for colour, count in enumerate(filled):
        if count > spaces[colour]:
            _read.fail(
                f"{path}.filled",
                f"{count} {table.colour_names[colour]} on colour spaces, but side {side} of "
                f"strip {strip_id} has {spaces[colour]} {table.colour_names[colour]} spaces "
                "(PLACE-01)",
            )
    if sum(jokers) > spaces[-1]:
        _read.fail(
            f"{path}.jokers",
            f"{sum(jokers)} pieces on joker spaces, but side {side} of strip {strip_id} has "
            f"{spaces[-1]} joker spaces (PLACE-06)",
        )
    if sum(filled) + sum(jokers) >= sum(spaces):
        _read.fail(path, "the strip is full, but a completed strip is resolved at once (DONE-01)")
    return Strip(strip_id, side, filled, jokers)


def _window_from(value: object, path: str, codes: tuple[str, ...]) -> Window:
    pair = _read.array(value, path, 2)
    top = _optional_colour(pair[0], f"{path}[0]", codes)
    bottom = _optional_colour(pair[1], f"{path}[1]", codes)
    if top is None and bottom is not None:
        _read.fail(path, "the bottom frame space is filled before the top one (DONE-04, DONE-05)")
    return (top, bottom)


def _player_from(value: object, path: str, table: ComponentTable) -> PlayerState:
    obj = _read.fields(value, path, _PLAYER_KEYS)
    slots = table.windows
    strips_path, windows_path = f"{path}.strips", f"{path}.windows"
    strips = tuple(
        _strip_from(item, f"{strips_path}[{slot}]", table)
        for slot, item in enumerate(_read.array(obj["strips"], strips_path, slots))
    )
    windows = tuple(
        _window_from(item, f"{windows_path}[{w}]", table.colour_codes)
        for w, item in enumerate(_read.array(obj["windows"], windows_path, slots))
    )
    seen: dict[int, int] = {}
    for slot, strip in enumerate(strips):
        where = f"{strips_path}[{slot}]"
        if strip is not None:
            if strip.strip_id in seen:
                _read.fail(
                    f"{where}.id", f"strip {strip.strip_id} is also in slot {seen[strip.strip_id]}"
                )
            seen[strip.strip_id] = slot
        if (strip is None) != (windows[slot][1] is not None):
            _read.fail(
                where,
                "a slot is empty exactly when its window is complete: the strip leaves the game "
                "when the bottom frame space is filled (DONE-05)",
            )
    track_len = len(table.track) - 1  # the marker never rests on the bottom space (TRACK-03)
    track = _read.integer(obj["track"], f"{path}.track", 0, track_len - 1)
    lost = _read.integer(obj["points_lost"], f"{path}.points_lost", 0)
    bottom = -table.track[-1]
    if lost < -table.track[track] or (lost + table.track[track]) % bottom:
        _read.fail(
            f"{path}.points_lost",
            f"must be {bottom} per wrap plus the {-table.track[track]} of the marker's space, "
            f"got {lost} (TRACK-04, RUL-16)",
        )
    return PlayerState(
        strips=strips,
        glazier=_read.integer(obj["glazier"], f"{path}.glazier", 0, slots - 1),
        windows=windows,
        score=_read.integer(obj["score"], f"{path}.score"),
        track=track,
        points_lost=lost,
    )


def _player_count_reason(table: ComponentTable, count: int) -> str:
    counts = table.player_counts
    return f"the game is for {min(counts)} to {max(counts)} players, got {count} (COMP-02)"


def _state_from(data: object, components: ComponentTable | None) -> GameState:
    table = _table(components)
    codes = table.colour_codes
    chance = None
    if isinstance(data, dict) and "chance" in data:  # optional: only while pending (ENG-07)
        chance = data["chance"]
        data = {key: item for key, item in data.items() if key != "chance"}
    doc = _check_header(data, STATE_KIND, _STATE_KEYS)
    _check_components(doc, table)
    raw_players = _read.array(doc["players"], "players")
    count = len(raw_players)
    if count not in table.player_counts:
        _read.fail("players", _player_count_reason(table, count))
    factories_raw = _read.array(doc["factories"], "factories", table.factories_for(count))
    factories = tuple(
        _counts_from(item, f"factories[{i}]", table) for i, item in enumerate(factories_raw)
    )
    for i, factory in enumerate(factories):
        if sum(factory) > table.factory_capacity:
            _read.fail(
                f"factories[{i}]",
                f"{sum(factory)} pieces on a display that holds {table.factory_capacity} "
                "(SETUP-09)",
            )
    indicator_raw = _read.array(doc["indicator"], "indicator")
    if len(indicator_raw) > table.rounds:
        _read.fail(
            "indicator", f"at most {table.rounds} round indicator pieces, got {len(indicator_raw)}"
        )
    indicator = tuple(
        _colour(item, f"indicator[{i}]", codes) for i, item in enumerate(indicator_raw)
    )
    later = indicator[1:] if len(indicator) == table.rounds else indicator
    if len(set(later)) != len(later):
        _read.fail("indicator", "rounds II to VI have one piece of each colour (SETUP-08)")
    tile = doc["tile"]
    rng = None if doc["rng"] is None else _read.string(doc["rng"], "rng")
    if rng is not None and not _RNG.fullmatch(rng):
        _read.fail("rng", f"expected 16 lower-case hex digits or null, got {describe(rng)}")
    state = GameState(
        components=table,
        side=_side(doc["side"], "side"),
        players=tuple(_player_from(p, f"players[{i}]", table) for i, p in enumerate(raw_players)),
        turn=_seat(doc["turn"], "turn", count),
        starter=_seat(doc["starter"], "starter", count),
        tile=None if tile is None else _seat(tile, "tile", count),
        bag=_counts_from(doc["bag"], "bag", table),
        tower=_counts_from(doc["tower"], "tower", table),
        factories=factories,
        centre=_counts_from(doc["centre"], "centre", table),
        indicator=indicator,
        rng=None if rng is None else int(rng, 16),
        chance=None if chance is None else _chance_from(chance, table, count),
    )
    _check_consistent(state)
    return state


def _chance_from(value: object, table: ComponentTable, players: int) -> ChanceStep:
    """The pending chance step of a state document (ENG-07), its ranges checked."""
    obj = _read.fields(value, "chance", _CHANCE_KEYS)
    kind = obj["kind"]
    if kind not in _CHANCE_KINDS or not isinstance(kind, str):
        _read.fail(
            "chance.kind", f"expected one of {', '.join(_CHANCE_KINDS)}, got {describe(kind)}"
        )
    seat_high = players - 1 if kind in ("strip", "face") else 0
    index_low, index_high = {
        "strip": (1, table.windows - 1),
        "face": (0, table.windows - 1),
        "indicator": (1, table.colours - 1),
    }.get(kind, (0, 0))
    seat = _read.integer(obj["seat"], "chance.seat", 0, seat_high)
    index = _read.integer(obj["index"], "chance.index", index_low, index_high)
    return ChanceStep(cast(ChanceKind, kind), seat, index)


def _check_consistent(state: GameState) -> None:
    """Whole-state checks: piece totals (COMP-01) and the round's state (ROUND-04, END-02)."""
    table = state.components
    counts = state.piece_counts()
    for colour, count in enumerate(counts):
        if count != table.pieces_per_colour:
            _read.fail(
                "$",
                f"{count} {table.colour_names[colour]} pieces in the document, the game has "
                f"{table.pieces_per_colour} of each colour, {table.total_pieces} in all "
                f"(COMP-01); per colour: {list(counts)}",
            )
    on_display = any(state.centre) or any(map(any, state.factories))
    if state.chance is not None:
        _check_chance(state)
    elif state.is_over:
        if on_display:
            _read.fail("factories", "the game is over, so no piece lies on a display or the centre")
        if state.tile is not None:
            _read.fail("tile", "the game is over: the tile was returned at the end of the round")
    elif not on_display:
        _read.fail(
            "factories",
            "no piece lies on a display or in the centre, so the round has ended (ROUND-04)",
        )


def _check_chance(state: GameState) -> None:
    """A state waiting for a chance step has something to decide, where ENG-07 says: setup
    steps before any display is filled, with every strip in place (and a piece in the bag for
    round I); a fill with the displays filled in order and a piece left to draw."""
    table = state.components
    step = state.chance
    assert step is not None
    if any(state.centre) or state.tile is not None:
        _read.fail("chance", "the centre is empty and the tile unclaimed while displays are filled")
    if step.kind != "fill":
        if any(map(any, state.factories)) or len(state.indicator) != table.colours:
            _read.fail("chance", f"a {step.kind} step of setup comes before any display is filled")
        if any(s is None for p in state.players for s in p.strips):
            _read.fail("chance", "during setup every slot holds its strip (SETUP-03)")
        if step.kind == "first" and not any(state.bag):
            _read.fail("bag", "the piece for round I is drawn from the bag (SETUP-08)")
        return
    capacity, drawn = table.factory_capacity, sum(map(sum, state.factories))
    expected = [min(capacity, max(0, drawn - i * capacity)) for i in range(len(state.factories))]
    if [sum(f) for f in state.factories] != expected or drawn == capacity * len(expected):
        _read.fail(
            "factories", "a fill draws onto the displays in order until all are full (ENG-03)"
        )
    if not (any(state.bag) or any(state.tower)) or not state.indicator:
        _read.fail("chance", "nothing is left to draw, or the game is over (END-02, END-05)")


def state_from_dict(data: Any, components: ComponentTable | None = None) -> GameState:
    """Load a ``sintra-state`` document (already decoded from JSON) played with ``components``
    (default: the shipped table).

    Raises :class:`RecordError` (or :class:`FormatVersionError`) naming the field; see the
    module docstring for everything that is checked.
    """
    return _state_from(data, components)


def state_from_json(text: str, components: ComponentTable | None = None) -> GameState:
    """Load a ``sintra-state`` JSON document; see :func:`state_from_dict`."""
    return _state_from(_read.loads(text), components)


def _result_from(value: object, players: int) -> Result | None:
    if value is None:
        return None
    obj = _read.fields(value, "result", _RESULT_KEYS)
    scores = _read.array(obj["scores"], "result.scores", players)
    lost = _read.array(obj["points_lost"], "result.points_lost", players)
    winners = _read.array(obj["winners"], "result.winners")
    return Result(
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
        players=players,
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

    >>> from sintra_rules.notation import action_to_text
    >>> from sintra_rules.rules import legal_actions
    >>> from sintra_rules.setup import new_game
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
        state = new_game(record.players, record.side, record.seed, table)
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
        _read.fail("result", f"expected a Result or None, got {describe(record.result)}")
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
    players: int,
    side: Side,
    seed: int,
    actions: Iterable[Action | str],
    components: ComponentTable | None = None,
) -> GameRecord:
    """Record a game of ``players`` on ``side`` from ``seed`` (as :func:`~sintra_rules.new_game`)
    with ``actions`` (actions, or strings in the notation), replaying it to check every action;
    the result is filled in when the game is over.

    Raises :class:`~sintra_rules.errors.ConfigurationError` for bad players/side/seed,
    :class:`~sintra_rules.errors.NotationError` for a malformed action string and
    :class:`~sintra_rules.errors.IllegalAction` (its reason starting with the ply number) for
    an illegal action.

    >>> record = record_game(2, "A", 7, [])
    >>> record.players, record.actions, record.result
    (2, (), None)
    """
    table = table_or_default(components)
    state = new_game(players, side, seed, table)
    played: list[Action] = []
    for ply, item in enumerate(actions, 1):
        action = action_from_text(item, table) if isinstance(item, str) else item
        try:
            state = apply(state, action)
        except IllegalAction as error:
            raise IllegalAction(error.clause, f"ply {ply}: {error.reason}", action) from None
        played.append(action)
    return GameRecord(
        players=players,
        side=side,
        seed=seed,
        components_digest=table.digest,
        components_name=table.name,
        behaviour_version=BEHAVIOUR_VERSION,
        actions=tuple(played),
        result=outcome(state) if state.is_over else None,
    )


@attrs.frozen
class GoldenPlaythrough:
    """A golden playthrough (ENG-06): a game record and the :func:`state_digest` of every state
    it passes through, the set-up's first, so that any change of the engine's behaviour shows
    as the first state whose digest differs (the files of ``tests/golden``)."""

    record: GameRecord
    digests: tuple[str, ...] = attrs.field(converter=tuple)


@attrs.frozen
class DigestMismatch:
    """The first state of a golden playthrough whose digest differs: its ``ply`` (0 is the
    set-up), the notation of the ``action`` that led to it (``None`` for the set-up), the
    digest the file holds (``expected``) and the engine's (``actual``)."""

    ply: int
    action: str | None
    expected: str
    actual: str


def golden_from_json(text: str, components: ComponentTable | None = None) -> GoldenPlaythrough:
    """Load a golden playthrough: a JSON object with the game record under ``"record"`` (a
    ``sintra-game`` document, checked as :func:`record_from_json` does) and one digest per state
    under ``"digests"`` (64 lower-case hex digits each, ``len(actions) + 1`` of them); it may also
    hold the descriptive fields ``name``, ``behaviour_version``, ``play`` and ``events``.

    Raises :class:`RecordError` naming the field (a field of the record as ``record.<field>``).

    >>> golden_from_json('{"digests": []}')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sintra_rules.errors.RecordError: record: missing (a golden playthrough holds a game record ...)
    """
    doc = _read.loads(text)
    if not isinstance(doc, dict):
        _read.fail("$", f"expected a golden playthrough (a JSON object), got {describe(doc)}")
    for key in ("record", "digests"):
        if key not in doc:
            _read.fail(
                key,
                'missing (a golden playthrough holds a game record under "record" and the '
                'digest of every state under "digests")',
            )
    for key in doc:
        if key not in ("record", "digests", *_GOLDEN_INFO):
            _read.fail(json_path("$", key), "unknown field of a golden playthrough")
    if not isinstance(doc["record"], dict):
        _read.fail(
            "record", f"expected a game record (a JSON object), got {describe(doc['record'])}"
        )
    try:
        record = record_from_json(json.dumps(doc["record"]), components)
    except RecordError as error:
        field = "record" if error.field == "$" else f"record.{error.field}"
        raise type(error)(field, error.reason) from None
    digests = _read.array(doc["digests"], "digests")
    for index, digest in enumerate(digests):
        if not (isinstance(digest, str) and _DIGEST.fullmatch(digest)):
            _read.fail(
                f"digests[{index}]", f"expected 64 lower-case hex digits, got {describe(digest)}"
            )
    if len(digests) != len(record.actions) + 1:
        _read.fail(
            "digests",
            f"{len(digests)} digests for {len(record.actions)} actions: a golden playthrough "
            f"has one per state, the set-up's first ({len(record.actions) + 1})",
        )
    return GoldenPlaythrough(record, digests)


def golden_mismatch(
    golden: GoldenPlaythrough,
    states: Sequence[GameState] | None = None,
    components: ComponentTable | None = None,
) -> DigestMismatch | None:
    """The first state of ``golden`` whose :func:`state_digest` differs from the one it holds,
    or ``None`` when all match (ENG-02, ENG-06). ``states`` are those of :func:`replay` of its
    record, computed when not given.

    >>> from sintra_rules.setup import new_game
    >>> golden = GoldenPlaythrough(record_game(2, "A", 7, []), ["0" * 64])
    >>> golden_mismatch(golden).actual == state_digest(new_game(2, "A", 7))
    True
    """
    table = _table(components)
    states = replay(golden.record, table) if states is None else states
    if len(states) != len(golden.digests):
        raise ValueError(f"{len(states)} states for {len(golden.digests)} digests")
    for ply, (state, expected) in enumerate(zip(states, golden.digests, strict=True)):
        actual = state_digest(state)
        if actual != expected:
            action = None if ply == 0 else action_to_text(golden.record.actions[ply - 1], table)
            return DigestMismatch(ply, action, expected, actual)
    return None
