"""One Sagrada position as a JSON document, and its digest (ENG-11).

A ``"sagrada-state"`` document holds one :class:`~.state.SagradaState`, every field explicit,
with ``"format": 1``, its ``"kind"`` and the ``"behaviour_version"`` of the engine that wrote it
(ENG-11). Seats, slots, spaces and rounds are 0-based as in the state; a die is written as its
colour code and value (``"B5"``; ``"P0"`` is the die Flux Remover drew before its value is
chosen); cards are indices into the table's lists::

    {"format": 1, "kind": "sagrada-state", "behaviour_version": 1,
     "components": {"digest": "<sha256 of the figures>", "name": "sagrada-base"},
     "round": 3, "start": 1, "step": 2, "turn": 0, "difficulty": null,
     "tools": [0, 6, 11], "tokens": [0, 2, 1], "spent": [null, null, null],
     "publics": [4, 9, 1], "pool": ["R2", "B5"], "hand": null,
     "track": [["G1"], ["Y3", "P6"], [], ...], "bag": {"R": 14, ...},
     "drafted": false, "tool_used": false, "active": null, "sub": "", "lifted": null,
     "moved": null,
     "skips": [], "rng": "<16 hex digits or null>",
     "players": [{"cards": [3, 7], "pattern": 7, "favor": 4, "privates": [2],
                  "window": [null, "B5", ...]}, ...]}

A state waiting for a chance step also holds ``"chance": {"kind": "draw", "seat": 0,
"index": 0, "dice": []}`` (ENG-03; ``dice`` lists the die to roll, ``"G0"``, or Glazing
Hammer's dice still to re-roll).

Reading is strict (the package's strict reader): a missing, unknown or mistyped field, a value
out of range, or an impossible position (dice not adding up to 18 per colour, COMP-01; a window
with two orthogonally adjacent dice of one colour or value, RUL-16; a pattern not on the seat's
cards) raises :class:`~sintra_rules.errors.RecordError` naming the JSON path; an unknown format
or behaviour version its subclass :class:`~sintra_rules.errors.FormatVersionError`.

>>> from sintra_rules.games.sagrada import new_game
>>> state = new_game(2, seed=7)
>>> state_from_json(state_to_json(state)) == state
True
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, cast, get_args

from sintra_rules._strict import Reader, describe, json_path
from sintra_rules.errors import FormatVersionError, RecordError
from sintra_rules.games.sagrada._version import BEHAVIOUR_VERSION
from sintra_rules.games.sagrada.chance import without_generator
from sintra_rules.games.sagrada.components import SPACES, SagradaComponents, table_or_default
from sintra_rules.games.sagrada.placement import space_name
from sintra_rules.games.sagrada.state import (
    BORDER,
    ORTHOGONAL,
    ChanceKind,
    ChanceStep,
    Die,
    PlayerState,
    SagradaState,
    SubStep,
    die,
)

__all__ = [
    "FORMAT",
    "KIND",
    "position_digest",
    "state_digest",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
]

FORMAT = 1
#: ``kind`` of a state document.
KIND = "sagrada-state"
_HEADER = ("format", "kind", "behaviour_version", "components")
_FIELDS = (
    "round",
    "start",
    "step",
    "turn",
    "difficulty",
    "tools",
    "tokens",
    "spent",
    "publics",
    "pool",
    "hand",
    "track",
    "bag",
    "drafted",
    "tool_used",
    "active",
    "sub",
    "lifted",
    "moved",
    "skips",
    "rng",
    "players",
)
_PLAYER = ("cards", "pattern", "favor", "privates", "window")
_CHANCE = ("kind", "seat", "index", "dice")
_read = Reader(RecordError)


def _die_text(table: SagradaComponents, d: Die | None) -> str | None:
    return None if d is None else f"{table.colour_codes[d[0]]}{d[1]}"


def state_to_dict(state: SagradaState) -> dict[str, Any]:
    """The state as the plain data of a ``sagrada-state`` document (ENG-11).

    Args:
        state: any state.

    Returns:
        JSON-ready data.
    """
    table = state.components
    codes = table.colour_codes

    def text(d: Die | None) -> str | None:
        return _die_text(table, d)

    doc: dict[str, Any] = {
        "format": FORMAT,
        "kind": KIND,
        "behaviour_version": BEHAVIOUR_VERSION,
        "components": {"digest": table.digest, "name": table.name},
        "round": state.round,
        "start": state.start,
        "step": state.step,
        "turn": state.turn,
        "difficulty": state.difficulty,
        "tools": list(state.tools),
        "tokens": list(state.tokens),
        "spent": [text(d) for d in state.spent],
        "publics": list(state.publics),
        "pool": [text(d) for d in state.pool],
        "hand": text(state.hand),
        "track": [[text(d) for d in space] for space in state.track],
        "bag": dict(zip(codes, state.bag, strict=True)),
        "drafted": state.drafted,
        "tool_used": state.tool_used,
        "active": state.active,
        "sub": state.sub,
        "lifted": state.lifted,
        "moved": state.moved,
        "skips": list(state.skips),
        "rng": None if state.rng is None else f"{state.rng:016x}",
        "players": [
            {
                "cards": list(p.cards),
                "pattern": p.pattern,
                "favor": p.favor,
                "privates": list(p.privates),
                "window": [text(d) for d in p.window],
            }
            for p in state.players
        ],
    }
    step = state.chance
    if step is not None:
        doc["chance"] = {
            "kind": step.kind,
            "seat": step.seat,
            "index": step.index,
            "dice": [text(d) for d in step.dice],
        }
    return doc


def state_to_json(state: SagradaState, *, indent: int | None = None) -> str:
    """The state as a ``sagrada-state`` JSON document (ENG-11).

    Args:
        state: any state.
        indent: as for :func:`json.dumps`.

    Returns:
        The document.
    """
    return json.dumps(state_to_dict(state), indent=indent)


def state_digest(state: SagradaState) -> str:
    """SHA-256 (hex) of the state's canonical JSON (sorted keys, no blanks, the table named by
    its digest only): equal states have equal digests (ENG-11).

    Args:
        state: any state.

    Returns:
        64 lower-case hex digits.
    """
    doc = state_to_dict(state)
    doc["components"] = {"digest": state.components.digest}
    blob = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("ascii")).hexdigest()


def position_digest(state: SagradaState) -> str:
    """SHA-256 (hex) of the position without its generator (ENG-05): the :func:`state_digest`
    of the same state with ``rng`` ``None``. Two states have the same position digest exactly
    when :func:`~sintra_rules.games.sagrada.chance.same_position` holds (up to the component
    table's name, which no digest includes).

    Args:
        state: any state.

    Returns:
        64 lower-case hex digits.

    >>> from sintra_rules.games.sagrada import new_game, determinize
    >>> position_digest(new_game(2, seed=1)) == position_digest(determinize(new_game(2, seed=1), 9))
    True
    """
    return state_digest(without_generator(state))


# ---------------------------------------------------------------------------------- reading


def _int(value: object, path: str, low: int, high: int) -> int:
    return _read.integer(value, path, low, high)


def _optional_int(value: object, path: str, low: int, high: int) -> int | None:
    return None if value is None else _int(value, path, low, high)


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        _read.fail(path, f"expected true or false, got {describe(value)}")
    return value


def _die(value: object, path: str, table: SagradaComponents, zero: bool = False) -> Die:
    text = _read.string(value, path)
    if len(text) != 2 or text[0] not in table.colour_codes or text[1] not in "0123456"[not zero :]:
        _read.fail(
            path, f'expected a die such as "B5" (colour code and value 1-6), got {describe(value)}'
        )
    return die(table.colour_codes.index(text[0]), int(text[1]))


def _optional_die(
    value: object, path: str, table: SagradaComponents, zero: bool = False
) -> Die | None:
    return None if value is None else _die(value, path, table, zero)


def _dice(value: object, path: str, table: SagradaComponents) -> tuple[Die, ...]:
    items = _read.array(value, path)
    dice = tuple(_die(v, f"{path}[{i}]", table) for i, v in enumerate(items))
    if list(dice) != sorted(dice):
        _read.fail(path, "dice are listed in canonical order (by colour, then value)")
    return dice


def _cards(value: object, path: str, deck: int, most: int) -> tuple[int, ...]:
    items = _read.array(value, path)
    if len(items) > most:
        _read.fail(path, f"at most {most} cards, got {len(items)}")
    cards = tuple(_int(v, f"{path}[{i}]", 0, deck - 1) for i, v in enumerate(items))
    return cards


def _player_from(value: object, path: str, table: SagradaComponents, solo: bool) -> PlayerState:
    obj = _read.fields(value, path, _PLAYER)
    cards = _cards(obj["cards"], json_path(path, "cards"), table.cards, 2)
    pattern = _optional_int(obj["pattern"], json_path(path, "pattern"), 0, len(table.patterns) - 1)
    if pattern is not None and table.patterns[pattern].card - 1 not in cards:
        _read.fail(
            json_path(path, "pattern"), "the pattern is not a face of the seat's cards (SETUP-02)"
        )
    favor = _int(obj["favor"], json_path(path, "favor"), 0, 6)
    privates = _cards(
        obj["privates"], json_path(path, "privates"), len(table.privates), 2 if solo else 1
    )
    cells = _read.array(obj["window"], json_path(path, "window"), SPACES)
    window = tuple(
        _optional_die(v, f"{json_path(path, 'window')}[{i}]", table) for i, v in enumerate(cells)
    )
    if any(d is not None for d in window) and pattern is None:
        _read.fail(json_path(path, "window"), "dice in a window before its pattern is chosen")
    for cell, d in enumerate(window):
        if d is None:
            continue
        for other in ORTHOGONAL[cell]:
            e = window[other]
            if other > cell and e is not None and (e[0] == d[0] or e[1] == d[1]):
                clause = "PLACE-06" if e[0] == d[0] else "PLACE-07"
                _read.fail(
                    f"{json_path(path, 'window')}[{other}]",
                    f"{space_name(other)} is orthogonally next to {space_name(cell)} with the same "
                    f"{'colour' if clause == 'PLACE-06' else 'value'} ({clause}, RUL-16)",
                )
    return PlayerState(cards=cards, pattern=pattern, window=window, favor=favor, privates=privates)


def _chance_from(value: object, table: SagradaComponents, players: int) -> ChanceStep:
    obj = _read.fields(value, "chance", _CHANCE)
    kind = obj["kind"]
    if not isinstance(kind, str) or kind not in get_args(ChanceKind):
        _read.fail(
            "chance.kind",
            f"expected one of {', '.join(get_args(ChanceKind))}, got {describe(kind)}",
        )
    seat = _int(obj["seat"], "chance.seat", 0, players - 1)
    index = _int(obj["index"], "chance.index", 0, 4)
    items = _read.array(obj["dice"], "chance.dice")
    dice = tuple(
        _die(v, f"chance.dice[{i}]", table, zero=kind == "roll") for i, v in enumerate(items)
    )
    if kind == "roll" and (len(dice) != 1 or dice[0][1] != 0):
        _read.fail("chance.dice", 'a roll step holds the one die to roll, such as ["G0"]')
    if kind == "reroll" and not dice:
        _read.fail("chance.dice", "a re-roll step holds the pool dice still to re-roll")
    if kind not in ("roll", "reroll") and dice:
        _read.fail("chance.dice", f"a {kind} step holds no dice")
    return ChanceStep(cast(ChanceKind, kind), seat, index, dice)


def _check_header(doc: object) -> dict[str, Any]:
    if not isinstance(doc, dict):
        _read.fail("$", f"expected a {KIND} document (a JSON object), got {describe(doc)}")
    for key in _HEADER:
        if key not in doc:
            _read.fail(key, "missing")
    if doc["format"] != FORMAT or type(doc["format"]) is not int:
        raise FormatVersionError(
            "format",
            f"unknown format {describe(doc['format'])} (this library reads format {FORMAT})",
        )
    if doc["kind"] != KIND:
        _read.fail("kind", f"expected {KIND!r}, got {describe(doc['kind'])}")
    if doc["behaviour_version"] != BEHAVIOUR_VERSION or type(doc["behaviour_version"]) is not int:
        raise FormatVersionError(
            "behaviour_version",
            f"written by behaviour version {describe(doc['behaviour_version'])}; this engine is "
            f"version {BEHAVIOUR_VERSION} (ENG-11)",
        )
    keys = (*_HEADER, *_FIELDS, *(("chance",) if "chance" in doc else ()))
    return _read.fields(doc, "$", keys)


def state_from_dict(data: Any, components: SagradaComponents | None = None) -> SagradaState:
    """The state a ``sagrada-state`` document's data holds, checked strictly (ENG-11).

    Args:
        data: the decoded document.
        components: the component table it was written with (default: the shipped one).

    Returns:
        The state.

    Raises:
        RecordError: a malformed or impossible document, naming the JSON path.
        FormatVersionError: an unknown format or behaviour version.
    """
    table = table_or_default(components)
    doc = _check_header(data)
    comp = _read.fields(doc["components"], "components", ("digest", "name"))
    if comp["digest"] != table.digest:
        _read.fail(
            "components.digest",
            f"the document was written with another component table ({describe(comp['name'])})",
        )
    players_raw = _read.array(doc["players"], "players")
    n = len(players_raw)
    if n not in table.player_counts:
        _read.fail("players", f"Sagrada is played by 1 to 4 players, got {n}")
    solo = n == 1
    players = tuple(
        _player_from(p, f"players[{i}]", table, solo) for i, p in enumerate(players_raw)
    )
    round_ = _int(doc["round"], "round", 0, table.rounds + 1)
    difficulty = _optional_int(doc["difficulty"], "difficulty", 1, 5)
    if (difficulty is None) != (not solo):
        _read.fail(
            "difficulty",
            "the solo game has a difficulty of 1 to 5 tools; other games none (SOLO-01)",
        )
    tools = _cards(doc["tools"], "tools", len(table.tools), difficulty or 3)
    tokens = tuple(
        _int(v, f"tokens[{i}]", 0, 24)
        for i, v in enumerate(_read.array(doc["tokens"], "tokens", len(tools)))
    )
    spent = tuple(
        _optional_die(v, f"spent[{i}]", table)
        for i, v in enumerate(_read.array(doc["spent"], "spent", len(tools)))
    )
    publics = _cards(doc["publics"], "publics", len(table.publics), 2 if solo else 3)
    for name, cards in (("tools", tools), ("publics", publics)):
        if len(set(cards)) != len(cards):
            _read.fail(name, "a card is dealt twice")
    sub = doc["sub"]
    if not isinstance(sub, str) or sub not in get_args(SubStep):
        _read.fail(
            "sub",
            f"expected one of {', '.join(repr(s) for s in get_args(SubStep))}, got {describe(sub)}",
        )
    rng_text = doc["rng"]
    rng = None
    if rng_text is not None:
        text = _read.string(rng_text, "rng")
        if len(text) != 16 or any(c not in "0123456789abcdef" for c in text):
            _read.fail("rng", "expected 16 lower-case hex digits or null")
        rng = int(text, 16)
    bag_obj = _read.fields(doc["bag"], "bag", table.colour_codes)
    state = SagradaState(
        components=table,
        players=players,
        round=round_,
        start=_int(doc["start"], "start", 0, n - 1),
        step=_int(doc["step"], "step", 0, 2 * n - 1),
        turn=_int(doc["turn"], "turn", 0, n - 1),
        tools=tools,
        tokens=tokens,
        spent=spent,
        publics=publics,
        pool=_dice(doc["pool"], "pool", table),
        hand=_optional_die(doc["hand"], "hand", table, zero=sub == "flux"),
        track=tuple(
            _dice(s, f"track[{i}]", table)
            for i, s in enumerate(_read.array(doc["track"], "track", table.rounds))
        ),
        bag=tuple(
            _int(bag_obj[c], f"bag.{c}", 0, table.dice_per_colour) for c in table.colour_codes
        ),
        drafted=_bool(doc["drafted"], "drafted"),
        tool_used=_bool(doc["tool_used"], "tool_used"),
        active=_optional_int(doc["active"], "active", 0, len(tools) - 1),
        sub=cast(SubStep, sub),
        lifted=_optional_int(doc["lifted"], "lifted", 0, SPACES - 1),
        moved=_optional_int(doc["moved"], "moved", 0, SPACES - 1),
        skips=tuple(
            _int(v, f"skips[{i}]", 0, n - 1)
            for i, v in enumerate(_read.array(doc["skips"], "skips"))
        ),
        difficulty=difficulty,
        rng=rng,
        chance=_chance_from(doc["chance"], table, n) if "chance" in doc else None,
    )
    counts = state.dice_counts()
    for colour, count in enumerate(counts):
        if count != table.dice_per_colour:
            _read.fail(
                "bag",
                f"the {table.colour_names[colour]} dice add up to {count} over bag, pool, hand, "
                f"round track, windows and paid dice, not {table.dice_per_colour} (COMP-01)",
            )
    _check_windows(state)
    return state


def _check_windows(state: SagradaState) -> None:
    """RUL-16: a window breaks no restriction (so PLACE-09, the remedy for mistakes, never
    applies): no die on a colour space of another colour
    unless Eglomise Brush is one of the game's tools (PLACE-03), none on a value space of another
    value unless Copper Foil Burnisher is (PLACE-04), and a lone die on a border space
    (PLACE-01). Orthogonal neighbours (PLACE-06, PLACE-07) are checked as the windows are
    read."""
    numbers = {state.components.tools[card].number for card in state.tools}
    codes = state.components.colour_codes
    for seat, player in enumerate(state.players):
        if player.pattern is None:
            continue
        pattern = state.components.patterns[player.pattern]
        path = f"players[{seat}].window"
        dice = [cell for cell, d in enumerate(player.window) if d is not None]
        if len(dice) == 1 and dice[0] not in BORDER:
            _read.fail(
                f"{path}[{dice[0]}]",
                f"the window's only die lies on the inner space {space_name(dice[0])} (PLACE-01, "
                "RUL-16)",
            )
        for cell in dice:
            d = player.window[cell]
            assert d is not None
            need, want = pattern.colours[cell], pattern.values[cell]
            if need >= 0 and need != d[0] and 2 not in numbers:
                _read.fail(
                    f"{path}[{cell}]",
                    f"{space_name(cell)} takes only a {codes[need]} die (PLACE-03, RUL-16)",
                )
            if want and want != d[1] and 3 not in numbers:
                _read.fail(
                    f"{path}[{cell}]",
                    f"{space_name(cell)} takes only a die showing {want} (PLACE-04, RUL-16)",
                )


def state_from_json(text: str, components: SagradaComponents | None = None) -> SagradaState:
    """The state a ``sagrada-state`` JSON document holds (ENG-11).

    Args:
        text: the document.
        components: the table it was written with (default: the shipped one).

    Returns:
        The state.

    Raises:
        RecordError: malformed JSON or an invalid document, naming the JSON path.
        FormatVersionError: an unknown format or behaviour version.
    """
    return state_from_dict(_read.loads(text), components)
