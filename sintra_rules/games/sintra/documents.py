"""One position as a JSON document, and its digest (ENG-04, ENG-06).

A ``"sintra-state"`` document holds one :class:`~sintra_rules.GameState`, every field explicit,
with ``"format": 1``, its ``"kind"`` and the ``"behaviour_version"`` of the engine that wrote it
(ENG-06). Game records (``"sintra-game"``) are :mod:`sintra_rules.games.sintra.records`.

Layout (indices are 0-based, exactly as in :class:`~sintra_rules.GameState`; colours are
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
"index":
0}`` (its :class:`~sintra_rules.games.sintra.state.ChanceStep`); the field is written only while a
step is pending, so documents and digests of other states are as they were (ENG-08).

The component table itself is not stored: the document names it by ``digest`` (and ``name``,
for people), the caller passes the table (default: the shipped one) and a digest mismatch is a
:class:`~sintra_rules.RecordError` on ``components.digest``.

Loading is strict and total. A document that is not valid JSON, is truncated, has a wrong type
(``true`` is not a number), a missing or unknown field, an out-of-range value or is inconsistent
(pieces not adding up to 20 per colour, COMP-01; a window filled bottom before top; a strip
holding more pieces than it has spaces) raises :class:`~sintra_rules.RecordError` whose
``field`` is the JSON path of the offending value (``players[1].strips[3].filled``; ``$`` is
the whole document) and whose message says why. Player counts and factory counts outside the
table's figures are document errors too (RecordError, not ConfigurationError). An unknown
``format`` or ``behaviour_version`` raises its subclass
:class:`~sintra_rules.FormatVersionError`. No other exception escapes and no half-built object
is returned.

>>> from sintra_rules import new_game
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
from typing import Any, cast

from sintra_rules._strict import Reader, describe, json_path
from sintra_rules.errors import FormatVersionError, RecordError
from sintra_rules.games.sintra._version import BEHAVIOUR_VERSION
from sintra_rules.games.sintra.components import ComponentTable, Side, table_or_default
from sintra_rules.games.sintra.state import (
    ChanceKind,
    ChanceStep,
    Colour,
    GameState,
    PlayerState,
    Strip,
    Window,
)

__all__ = [
    "FORMAT",
    "STATE_KIND",
    "state_digest",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
]

#: The document format this library writes and reads (state documents and game records).
FORMAT = 1
#: ``kind`` of a state document.
STATE_KIND = "sintra-state"

_HEADER = ("format", "kind", "behaviour_version", "components")
_STATE_KEYS = (
    *_HEADER,
    *("side", "turn", "starter", "tile", "rng", "bag", "tower", "centre"),
    *("factories", "indicator", "players"),
)
_PLAYER_KEYS = ("strips", "glazier", "windows", "score", "track", "points_lost")
_STRIP_KEYS = ("id", "side", "filled", "jokers")
_RNG = re.compile(r"[0-9a-f]{16}")
_CHANCE_KEYS = ("kind", "seat", "index")
_CHANCE_KINDS = ("strip", "face", "indicator", "first", "fill")
_read = Reader(RecordError)


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
                "side": strip.face,
                "filled": _counts(codes, strip.filled),
                "jokers": _counts(codes, strip.jokers),
            }
            for strip in player.strips
        ],
        "glazier": player.glazier,
        "windows": [[_code(codes, top), _code(codes, bottom)] for top, bottom in player.windows],
        "score": player.score,
        "track": player.marker,
        "points_lost": player.points_lost,
    }


def state_to_dict(state: GameState) -> dict[str, Any]:
    """The state as a JSON-ready ``sintra-state`` document (see the module docstring).

    >>> from sintra_rules import new_game
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

    >>> from sintra_rules import new_game
    >>> state_digest(new_game(2, seed=7)) == state_digest(new_game(2, seed=7))
    True
    >>> state_digest(new_game(2, seed=7)) == state_digest(new_game(2, seed=8))
    False
    """
    doc = state_to_dict(state)
    doc["components"] = {"digest": state.components.digest}
    blob = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("ascii")).hexdigest()


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


def _check_header(
    doc: object, kind: str, keys: tuple[str, ...], formats: tuple[int, ...] = (FORMAT,)
) -> dict[str, Any]:
    """Check format (one of ``formats``), kind and behaviour version (in that order) before
    any other field."""
    if not isinstance(doc, dict):
        _read.fail("$", f"expected a JSON object, got {describe(doc)}")
    if "format" not in doc:
        _read.fail("format", "missing")
    version = _read.integer(doc["format"], "format")
    if version not in formats:
        known = " and ".join(map(str, formats))
        raise FormatVersionError(
            "format",
            f"unknown format {describe(version)} (this library reads format"
            f"{'s' if len(formats) > 1 else ''} {known})",
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
        marker=track,
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
