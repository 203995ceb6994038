"""JSON states and game records (ENG-04, ENG-06): round trips, digests, replays and every kind
of invalid document rejected with the right field.

Expected fields and clauses are read off the document layout described in
:mod:`sintra_rules.games.sintra.documents`, :mod:`sintra_rules.games.sintra.records`,
:mod:`sintra_rules.games.sintra.verify.golden` and the rules; no expected value is copied from the
code's output.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from sintra_rules import (
    BEHAVIOUR_VERSION,
    Action,
    ComponentTable,
    ConfigurationError,
    FormatVersionError,
    GameRecord,
    GameState,
    IllegalAction,
    NotationError,
    RecordError,
    Side,
    action_to_text,
    agents,
    apply,
    components_from_mapping,
    default_components,
    legal_actions,
    new_game,
    outcome,
    record_from_json,
    record_game,
    record_to_json,
    replay,
    state_digest,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
)
from sintra_rules.games.sintra.verify.golden import golden_from_json, golden_mismatch

GAMES: tuple[tuple[int, Side, int], ...] = (
    (2, "A", 1),
    (2, "B", 2),
    (3, "A", 3),
    (3, "B", 4),
    (4, "A", 5),
    (4, "B", 6),
)


def playout(
    players: int, side: Side, seed: int, plies: int | None = None
) -> tuple[list[GameState], list[Action]]:
    """A seeded random game (:func:`~sintra_rules.agents.playout`), or its first ``plies``
    plies: every state and action."""
    state = new_game(players, side, seed)
    steps = list(agents.playout(state, seed, plies=plies))
    return [state, *(ply.after for ply in steps)], [ply.action for ply in steps]


def renamed_table() -> ComponentTable:
    """The shipped figures with other colour codes (B G O P Y -> A C D E F), so a different
    component table digest."""
    mapping = default_components().to_mapping()
    recode = str.maketrans("BGOPY", "ACDEF")
    for colour in mapping["colours"]["value"]:
        colour["code"] = colour["code"].translate(recode)
    mapping["strips"]["value"] = [
        [side.translate(recode) for side in strip] for strip in mapping["strips"]["value"]
    ]
    return components_from_mapping(mapping)


def loads(text: str) -> Any:
    return json.loads(text)


def reject(load: Callable[[], object], field: str, *words: str) -> RecordError:
    """Assert that ``load`` raises a RecordError on ``field`` whose message has ``words``."""
    with pytest.raises(RecordError) as info:
        load()
    assert info.value.field == field, str(info.value)
    for word in words:
        assert word in str(info.value), str(info.value)
    return info.value


# ------------------------------------------------------------------------------ round trips


@pytest.mark.parametrize(("players", "side", "seed"), GAMES)
def test_state_round_trip_is_the_identity_at_every_ply(players: int, side: Side, seed: int) -> None:
    """ENG-04: every state of a whole game survives JSON (compact and indented) unchanged."""
    states, _ = playout(players, side, seed)
    assert states[-1].is_over
    for state in states:
        text = state_to_json(state)
        assert text.isascii()
        assert state_from_json(text) == state
        assert state_from_json(state_to_json(state, indent=2)) == state
        assert state_from_dict(json.loads(text)) == state


def test_state_document_matches_the_layout() -> None:
    """SETUP-01, SETUP-08, ENG-02: a new 2-player game's document, checked field by field
    against the setup rules (5 displays of 4 pieces, 6 indicator pieces, 100 - 6 - 20 = 74
    pieces in the bag, rng as 16 hex digits)."""
    state = new_game(2, "B", 11)
    doc = state_to_dict(state)
    assert doc["format"] == 1
    assert doc["kind"] == "sintra-state"
    assert doc["behaviour_version"] == BEHAVIOUR_VERSION
    assert doc["components"]["digest"] == default_components().digest
    assert doc["side"] == "B"
    assert (doc["turn"], doc["starter"], doc["tile"]) == (0, 0, None)
    assert sum(doc["bag"].values()) == 74
    assert list(doc["bag"]) == ["B", "G", "O", "P", "Y"]
    assert doc["tower"] == dict.fromkeys("BGOPY", 0) == doc["centre"]
    assert [sum(f.values()) for f in doc["factories"]] == [4] * 5
    assert len(doc["indicator"]) == 6
    assert sorted(doc["indicator"][1:]) == ["B", "G", "O", "P", "Y"]
    assert len(doc["rng"]) == 16
    assert int(doc["rng"], 16) == state.rng
    for player in doc["players"]:
        assert sorted(strip["id"] for strip in player["strips"]) == list(range(8))
        assert player["windows"] == [[None, None]] * 8
        assert (player["glazier"], player["score"], player["track"]) == (0, 0, 0)


def test_colours_are_written_by_code() -> None:
    """FIG-01: colour indices map to the table's codes in table order (0 = B ... 4 = Y)."""
    states, _ = playout(2, "A", 21)
    state = next(s for s in states if any(w[0] is not None for p in s.players for w in p.windows))
    doc = state_to_dict(state)
    codes = "BGOPY"
    assert doc["indicator"] == [codes[c] for c in state.indicator]
    for player, raw in zip(state.players, doc["players"], strict=True):
        for window, pair in zip(player.windows, raw["windows"], strict=True):
            assert pair == [None if c is None else codes[c] for c in window]
    assert doc["bag"] == {codes[c]: n for c, n in enumerate(state.bag)}


def test_custom_component_table_round_trip() -> None:
    """FIG-01: a state played with another table is written with its codes, loads only with
    that table and is rejected with the shipped one on components.digest."""
    table = renamed_table()
    state = new_game(3, "A", 4, components=table)
    state = apply(state, legal_actions(state)[0])
    text = state_to_json(state)
    assert set(json.loads(text)["bag"]) == set("ACDEF")
    assert state_from_json(text, table) == state
    reject(lambda: state_from_json(text), "components.digest")
    reject(lambda: state_from_json(state_to_json(new_game(2)), table), "components.digest")


# ---------------------------------------------------------------------------------- digests


def canonical_digest(state: GameState) -> str:
    """The documented definition of state_digest, restated: the canonical JSON without the
    table's name."""
    doc = state_to_dict(state)
    del doc["components"]["name"]
    blob = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("ascii")).hexdigest()


def test_digest_equal_for_equal_and_different_for_different_states() -> None:
    """ENG-06: equal states built separately share a digest; the distinct states of a game have
    distinct digests; the digest is the documented SHA-256 of the canonical JSON."""
    assert state_digest(new_game(3, "B", 9)) == state_digest(new_game(3, "B", 9))
    assert state_digest(new_game(3, "B", 9)) != state_digest(new_game(3, "A", 9))
    states, _ = playout(3, "B", 9)
    digests = [state_digest(s) for s in states]
    assert len(set(digests)) == len(set(states)) == len(states)
    assert all(len(d) == 64 and int(d, 16) >= 0 for d in digests)
    assert digests == [canonical_digest(s) for s in states]


def test_digest_and_the_table_name() -> None:
    """FIG-01: tables with the same figures are equal whatever their names, and so are the
    states and their digests (as documented); other figures, other digests."""
    mapping = default_components().to_mapping()
    mapping["name"] = "my own copy, \u00e9dition fran\u00e7aise"
    renamed = components_from_mapping(mapping)
    state = new_game(2, "A", 5, components=renamed)
    assert state == new_game(2, "A", 5)
    assert state_digest(state) == state_digest(new_game(2, "A", 5))
    assert state_from_json(state_to_json(new_game(2, "A", 5)), renamed) == state
    other = new_game(2, "A", 5, components=renamed_table())
    assert state_digest(other) != state_digest(state)


_CHILD = """
import json, sys
from tests.test_records import playout
from sintra_rules import state_digest
states, _ = playout(2, "B", 31, plies=40)
print(json.dumps([state_digest(s) for s in states]))
"""


def test_digest_is_the_same_in_another_process() -> None:
    """ENG-06: another interpreter with another hash seed computes the same digests."""
    env = dict(os.environ, PYTHONHASHSEED="12345")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run(
        [sys.executable, "-c", _CHILD],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    states, _ = playout(2, "B", 31, plies=40)
    assert json.loads(done.stdout) == [state_digest(s) for s in states]


# ---------------------------------------------------------------------------------- records


@pytest.mark.parametrize(("players", "side", "seed"), GAMES)
def test_record_round_trip_and_replay(players: int, side: Side, seed: int) -> None:
    """ENG-04, WIN-01..WIN-03: a finished game's record survives JSON, its result is the
    outcome of the last state, and replay reproduces every state in order."""
    states, actions = playout(players, side, seed)
    record = record_game(players, side, seed, actions)
    assert record.actions == tuple(actions)
    assert record.result == outcome(states[-1])
    assert record.components_digest == default_components().digest
    assert record.behaviour_version == BEHAVIOUR_VERSION
    assert record_from_json(record_to_json(record)) == record
    assert record_from_json(record_to_json(record, indent=1)) == record
    assert replay(record) == tuple(states)
    doc = json.loads(record_to_json(record))
    assert doc["kind"] == "sintra-game"
    assert doc["format"] == 2
    assert doc["moves"] == [action_to_text(a) for a in actions]  # ENG-25: no draws, no comments
    assert (doc["seed"], doc["position"], doc["names"], doc["tags"]) == (seed, None, [], {})
    assert doc["result"]["winners"] == list(outcome(states[-1]).winners)


def test_unfinished_record_has_no_result() -> None:
    """ENG-04: a record of a game in progress has result null and still replays."""
    states, actions = playout(4, "A", 8, plies=25)
    record = record_game(4, "A", 8, actions)
    assert record.result is None
    assert json.loads(record_to_json(record))["result"] is None
    assert record_from_json(record_to_json(record)) == record
    assert replay(record) == tuple(states)


def test_record_game_accepts_notation_and_lists() -> None:
    """ENG-04: actions may be given in the notation; GameRecord keeps a tuple."""
    _, actions = playout(2, "A", 12, plies=10)
    texts = [action_to_text(a) for a in actions]
    assert record_game(2, "A", 12, texts) == record_game(2, "A", 12, actions)
    built = GameRecord(2, "A", 12, "d", "n", 1, list(actions), None)
    assert built.actions == tuple(actions)


def test_record_game_errors() -> None:
    """COMP-02, TAKE-04: record_game raises the engine's own errors, naming the ply."""
    with pytest.raises(ConfigurationError):
        record_game(5, "A", 1, [])
    with pytest.raises(NotationError):
        record_game(2, "A", 1, ["3b-2"])
    _, actions = playout(2, "A", 1, plies=1)
    first = actions[0]
    with pytest.raises(IllegalAction) as info:  # the same display twice: now empty
        record_game(2, "A", 1, [first, first])
    assert info.value.clause == "TAKE-04"
    assert info.value.reason.startswith("ply 2: ")


def test_record_to_json_needs_the_records_table() -> None:
    """FIG-01: the colour codes come from the record's table; another table is refused."""
    record = record_game(2, "A", 3, [])
    reject(lambda: record_to_json(record, components=renamed_table()), "components.digest")
    table = renamed_table()
    state = new_game(2, "A", 3, components=table)
    custom = record_game(2, "A", 3, [legal_actions(state)[0]], components=table)
    text = record_to_json(custom, components=table)
    assert record_from_json(text, table) == custom
    reject(lambda: record_from_json(text), "components.digest")


def test_replay_checks_a_hand_built_record() -> None:
    """ENG-06, COMP-02, TAKE-04: replay validates records not made by record_game."""
    good = record_game(2, "A", 3, [])
    digest = good.components_digest
    reject(lambda: replay(GameRecord(2, "A", 3, "0" * 64, "x", 1, (), None)), "components.digest")
    with pytest.raises(FormatVersionError) as info:
        replay(GameRecord(2, "A", 3, digest, "x", BEHAVIOUR_VERSION + 1, (), None))
    assert info.value.field == "behaviour_version"
    reject(lambda: replay(GameRecord(7, "A", 3, digest, "x", 1, (), None)), "players", "COMP-02")
    reject(lambda: replay(GameRecord(2, "Z", 3, digest, "x", 1, (), None)), "side", "SETUP-02")  # type: ignore[arg-type]
    reject(lambda: replay(GameRecord(2, "A", -3, digest, "x", 1, (), None)), "seed", "ENG-02")
    odd_digest = GameRecord(2, "A", 3, 7, "x", 1, (), None)  # type: ignore[arg-type]
    reject(lambda: replay(odd_digest), "components.digest")
    odd_result = GameRecord(2, "A", 3, digest, "x", 1, (), "won")  # type: ignore[arg-type]
    reject(lambda: replay(odd_result), "result", "Outcome")
    not_action = GameRecord(2, "A", 3, digest, "x", 1, ("3B-2",), None)  # type: ignore[arg-type]
    reject(lambda: replay(not_action), "actions[0]", "ply 1", "ENG-04")
    _, actions = playout(2, "A", 3, plies=1)
    twice = GameRecord(2, "A", 3, digest, "x", 1, (actions[0], actions[0]), None)
    reject(lambda: replay(twice), "actions[1]", "ply 2", "TAKE-04")


# --------------------------------------------------------------------- invalid state documents


def mid_game_state() -> GameState:
    """A 2-player state late in the game: some windows furnished, some strips gone."""
    states, _ = playout(2, "A", 41)
    for state in states:
        player = state.players[0]
        if (
            not state.is_over
            and any(s is None for s in player.strips)
            and any(s is not None and s.pieces for s in player.strips)
            and any(w[0] is not None and w[1] is None for w in player.windows)
        ):
            return state
    raise AssertionError("no suitable state in the game")  # pragma: no cover


MID = mid_game_state()
MID_DOC = state_to_dict(MID)
TABLE = default_components()


def slot_where(condition: Callable[[Any, Any], bool]) -> int:
    """The first slot of player 0 whose (strip, window) in MID_DOC satisfy ``condition``."""
    player = MID_DOC["players"][0]
    for slot, (strip, window) in enumerate(zip(player["strips"], player["windows"], strict=True)):
        if condition(strip, window):
            return slot
    raise AssertionError("no such slot")  # pragma: no cover


STRIP = slot_where(lambda s, w: s is not None and w[0] is None)  # a strip, window empty
GONE = slot_where(lambda s, w: s is None)  # the strip left the game
HALF = slot_where(lambda s, w: s is not None and w[0] is not None)  # top frame filled


def spaces(slot: int) -> tuple[int, ...]:
    strip = MID_DOC["players"][0]["strips"][slot]
    return TABLE.side_spaces[int(strip["id"])][int(strip["side"])]


def edit(change: Callable[[dict[str, Any]], object]) -> str:
    doc = copy.deepcopy(MID_DOC)
    change(doc)
    return json.dumps(doc)


def setter(*path: object) -> Callable[[object], Callable[[dict[str, Any]], None]]:
    """``setter(*path)(value)`` sets MID_DOC[path] = value in a copy."""

    def with_value(value: object) -> Callable[[dict[str, Any]], None]:
        def change(doc: dict[str, Any]) -> None:
            target: Any = doc
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value

        return change

    return with_value


def dropper(*path: object) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


def test_mid_game_document_is_valid() -> None:
    """The base document of the invalid-document tests loads."""
    assert state_from_json(json.dumps(MID_DOC)) == MID


def empty_strip(strip_id: int) -> dict[str, Any]:
    zeros = dict.fromkeys("BGOPY", 0)
    return {"id": strip_id, "side": 0, "filled": zeros, "jokers": zeros}


HALF_ID = MID_DOC["players"][0]["strips"][HALF]["id"]
GONE_ID = (set(range(8)) - {s["id"] for s in MID_DOC["players"][0]["strips"] if s}).pop()


def clear_displays(doc: dict[str, Any]) -> None:
    """Move every piece on the displays and in the centre into the bag (totals unchanged)."""
    for counts in (*doc["factories"], doc["centre"]):
        for code in "BGOPY":
            doc["bag"][code] += counts[code]
            counts[code] = 0


def absent_colour(slot: int) -> str:
    return "BGOPY"[spaces(slot)[:-1].index(0)]


def full_strip(slot: int) -> dict[str, int]:
    return dict(zip("BGOPY", spaces(slot)[:-1], strict=True))


P0 = "players[0]"
INVALID_STATES: list[tuple[str, Callable[[dict[str, Any]], object], str, str]] = [
    # (name, change, field, words in the message)
    ("empty object", lambda d: d.clear(), "format", "missing"),
    ("format unknown type", setter("format")("1"), "format", "whole number"),
    ("format bool", setter("format")(True), "format", "whole number"),
    ("kind of a record", setter("kind")("sintra-game"), "kind", "sintra-state"),
    ("kind missing", dropper("kind"), "kind", "nothing"),
    ("extra field", setter("comment")("hi"), "comment", "unknown field"),
    ("missing field", dropper("turn"), "turn", "missing"),
    ("behaviour as text", setter("behaviour_version")("1"), "behaviour_version", "whole"),
    ("digest changed", setter("components", "digest")("0" * 64), "components.digest", ""),
    ("digest not text", setter("components", "digest")(7), "components.digest", "string"),
    ("name missing", dropper("components", "name"), "components.name", "missing"),
    ("side", setter("side")("C"), "side", "SETUP-02"),
    ("side lower case", setter("side")("a"), "side", "SETUP-02"),
    ("turn out of range", setter("turn")(2), "turn", "0..1"),
    ("turn negative", setter("turn")(-1), "turn", "0..1"),
    ("turn bool", setter("turn")(False), "turn", "whole number"),
    ("turn fraction", setter("turn")(1.0), "turn", "whole number"),
    ("starter", setter("starter")(3), "starter", "0..1"),
    ("tile", setter("tile")(5), "tile", "0..1"),
    ("rng prefixed", setter("rng")("0x" + MID_DOC["rng"][2:]), "rng", "hex"),
    ("rng upper case", setter("rng")("ABCDEF0123456789"), "rng", "hex"),
    ("rng number", setter("rng")(12345), "rng", "string"),
    ("rng short", setter("rng")("abc"), "rng", "hex"),
    ("bag missing colour", dropper("bag", "Y"), "bag.Y", "missing"),
    ("bag extra colour", setter("bag", "Q")(0), "bag.Q", "unknown field"),
    ("bag negative", setter("bag", "B")(-1), "bag.B", "out of range"),
    ("bag as array", setter("bag")([1, 2, 3, 4, 5]), "bag", "object"),
    ("tower above 20", setter("tower", "G")(21), "tower.G", "0..20"),
    ("centre null", setter("centre")(None), "centre", "object"),
    ("one factory too few", lambda d: d["factories"].pop(), "factories", "5 entries"),
    ("factory overfull", setter("factories", 0)(dict.fromkeys("BGOPY", 1)), "factories[0]", "4"),
    ("indicator too long", setter("indicator")(["B"] * 7), "indicator", "at most 6"),
    ("indicator code", setter("indicator", 0)("b"), "indicator[0]", "colour code"),
    ("indicator joker", setter("indicator", 0)("J"), "indicator[0]", "colour code"),
    ("indicator repeats", setter("indicator")(["B", "B"]), "indicator", "SETUP-08"),
    ("one player", lambda d: d["players"].pop(), "players", "COMP-02"),
    ("five players", lambda d: d["players"].extend(d["players"][:1] * 3), "players", "COMP-02"),
    ("player not object", setter("players", 1)([]), "players[1]", "object"),
    ("glazier above 8", setter("players", 0, "glazier")(8), f"{P0}.glazier", "0..7"),
    ("glazier negative", setter("players", 1, "glazier")(-1), "players[1].glazier", "0..7"),
    ("track on the bottom", setter("players", 0, "track")(8), f"{P0}.track", "0..7"),
    ("score bool", setter("players", 1, "score")(True), "players[1].score", "whole number"),
    ("points lost odd", setter("players", 0, "points_lost")(7), f"{P0}.points_lost", "TRACK-04"),
    ("player extra", setter("players", 0, "wraps")(0), f"{P0}.wraps", "unknown field"),
    ("strips short", lambda d: d["players"][0]["strips"].pop(), f"{P0}.strips", "8 entries"),
    (
        "strip id out of range",
        setter("players", 0, "strips", STRIP, "id")(8),
        f"{P0}.strips[{STRIP}].id",
        "0..7",
    ),
    (
        "strip id repeated",
        setter("players", 0, "strips", STRIP)(empty_strip(HALF_ID)),
        f"{P0}.strips[{max(STRIP, HALF)}].id",
        "also in slot",
    ),
    (
        "strip side 2",
        setter("players", 0, "strips", STRIP, "side")(2),
        f"{P0}.strips[{STRIP}].side",
        "0..1",
    ),
    (
        "strip over its colour spaces",
        setter("players", 0, "strips", STRIP, "filled", absent_colour(STRIP))(1),
        f"{P0}.strips[{STRIP}].filled",
        "PLACE-01",
    ),
    (
        "strip full",
        setter("players", 0, "strips", STRIP, "filled")(full_strip(STRIP)),
        f"{P0}.strips[{STRIP}]",
        "DONE-01",
    ),
    (
        "strip missing jokers",
        dropper("players", 0, "strips", STRIP, "jokers"),
        f"{P0}.strips[{STRIP}].jokers",
        "missing",
    ),
    (
        "strip as text",
        setter("players", 0, "strips", STRIP)("BBBGO"),
        f"{P0}.strips[{STRIP}]",
        "object",
    ),
    (
        "strip removed before its window is complete",
        setter("players", 0, "strips", STRIP)(None),
        f"{P0}.strips[{STRIP}]",
        "DONE-05",
    ),
    (
        "strip back on a complete window",
        setter("players", 0, "strips", GONE)(empty_strip(GONE_ID)),
        f"{P0}.strips[{GONE}]",
        "",
    ),
    (
        "window bottom before top",
        setter("players", 0, "windows", STRIP)([None, "B"]),
        f"{P0}.windows[{STRIP}]",
        "DONE-04",
    ),
    (
        "window unknown colour",
        setter("players", 0, "windows", HALF, 0)("Z"),
        f"{P0}.windows[{HALF}][0]",
        "colour code",
    ),
    ("window of three", setter("players", 0, "windows", 0)([None] * 3), f"{P0}.windows[0]", "2"),
    ("pieces do not add up", setter("bag", "B")(MID_DOC["bag"]["B"] + 1), "$", "COMP-01"),
    ("nothing to take", clear_displays, "factories", "ROUND-04"),
]


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [pytest.param(change, field, words, id=name) for name, change, field, words in INVALID_STATES],
)
def test_invalid_state_document(
    change: Callable[[dict[str, Any]], object], field: str, words: str
) -> None:
    """COMP-01, COMP-02, SETUP-02, SETUP-08, PLACE-01, PLACE-06, DONE-01, DONE-04, DONE-05,
    TRACK-04, ROUND-04, ENG-06: each inconsistency is a RecordError on its field."""
    reject(lambda: state_from_json(edit(change)), field, words)


def test_jokers_on_a_side_without_joker_spaces() -> None:
    """PLACE-06: a side without joker spaces holds no piece on a joker space."""
    assert spaces(STRIP)[-1] == 0
    text = edit(setter("players", 0, "strips", STRIP, "jokers", "B")(1))
    reject(lambda: state_from_json(text), f"{P0}.strips[{STRIP}].jokers", "PLACE-06")


def test_piece_moved_between_places_still_loads() -> None:
    """COMP-01: the check is on totals, so a piece moved from the bag to the tower is a
    (different) valid state."""

    def move(doc: dict[str, Any]) -> None:
        colour = next(c for c in "BGOPY" if doc["bag"][c])
        doc["bag"][colour] -= 1
        doc["tower"][colour] += 1

    loaded = state_from_json(edit(move))
    assert loaded != MID
    assert sum(loaded.bag) == sum(MID.bag) - 1
    assert loaded.piece_counts() == (20,) * 5


def test_finished_game_documents() -> None:
    """END-02: a finished game has nothing on the displays and the tile back in the centre."""
    states, _ = playout(2, "B", 41)
    final = state_to_dict(states[-1])
    assert state_from_dict(final) == states[-1]
    broken = copy.deepcopy(final)
    broken["tile"] = 0
    reject(lambda: state_from_dict(broken), "tile", "over")
    moved = copy.deepcopy(final)
    colour = next(c for c in "BGOPY" if moved["tower"][c])
    moved["tower"][colour] -= 1
    moved["centre"][colour] += 1
    reject(lambda: state_from_dict(moved), "factories", "over")


def test_format_and_behaviour_versions() -> None:
    """ENG-06: unknown versions raise FormatVersionError; the format is checked first."""
    for change, field in (
        (setter("format")(2), "format"),
        (lambda d: d.update(format=0, turn="garbage"), "format"),
        (setter("behaviour_version")(BEHAVIOUR_VERSION + 1), "behaviour_version"),
    ):
        with pytest.raises(FormatVersionError) as info:
            state_from_json(edit(change))
        assert info.value.field == field


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[1, 2", "not valid JSON"),
        ('{"format": 1,}', "not valid JSON"),
        ("null", "object"),
        ("[]", "object"),
        ('"sintra-state"', "object"),
        ('{"format": NaN}', "NaN"),
        ('{"format": -Infinity}', "Infinity"),
        ('{"format": 1, "format": 1}', "duplicate key"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": ' + "9" * 5000 + "}", "not valid JSON"),
        ('{"format": 1, "kind": "sintra-state", "x": ' + "[" * 50_000 + "]" * 50_000 + "}", ""),
    ],
)
def test_malformed_json(text: str, words: str) -> None:
    """Malformed, truncated or hostile JSON is a RecordError on the whole document."""
    reject(lambda: state_from_json(text), "$", words)
    reject(lambda: record_from_json(text), "$", words)


def test_non_text_and_non_json_values() -> None:
    """Loaders reject values of the wrong Python type with a RecordError, never a TypeError."""
    reject(lambda: state_from_json(b"{}"), "$", "str")  # type: ignore[arg-type]
    reject(lambda: record_from_json(None), "$", "str")  # type: ignore[arg-type]
    reject(lambda: state_from_dict([MID_DOC]), "$", "object")
    as_tuple = copy.deepcopy(MID_DOC)
    as_tuple["indicator"] = tuple(as_tuple["indicator"])
    reject(lambda: state_from_dict(as_tuple), "indicator", "array")
    odd_key: dict[Any, Any] = copy.deepcopy(MID_DOC)
    odd_key[3] = "x"
    reject(lambda: state_from_dict(odd_key), "[3]", "unknown field")
    reject(lambda: state_from_dict(MID_DOC, components="default"), "components")


# -------------------------------------------------------------------- invalid record documents


FINISHED_STATES, FINISHED_ACTIONS = playout(2, "A", 50)
RECORD = record_game(2, "A", 50, FINISHED_ACTIONS)
RECORD_DOC = json.loads(record_to_json(RECORD))


def record_edit(change: Callable[[dict[str, Any]], object]) -> str:
    doc = copy.deepcopy(RECORD_DOC)
    change(doc)
    return json.dumps(doc)


def swap_first_take(doc: dict[str, Any]) -> None:
    """Play ply 1's take again at ply 2: its display is empty by then (TAKE-01, TAKE-04)."""
    doc["moves"][1] = doc["moves"][0]


INVALID_RECORDS: list[tuple[str, Callable[[dict[str, Any]], object], str, str]] = [
    ("kind of a state", setter("kind")("sintra-state"), "kind", "sintra-game"),
    ("extra field", setter("winner")(0), "winner", "unknown field"),
    ("players out of range", setter("players")(5), "players", "COMP-02"),
    ("players text", setter("players")("2"), "players", "whole number"),
    ("seed negative", setter("seed")(-1), "seed", "0.."),
    ("seed bool", setter("seed")(False), "seed", "whole number"),
    ("side", setter("side")("b"), "side", "SETUP-02"),
    ("digest", setter("components", "digest")("f" * 64), "components.digest", ""),
    ("moves text", setter("moves")(" ".join(RECORD_DOC["moves"])), "moves", "array"),
    ("action number", setter("moves", 3)(3), "moves[3]", "action in notation"),
    ("action notation", setter("moves", 3)("3b-2"), "moves[3]", "ply 4"),
    ("illegal action", swap_first_take, "moves[1]", "TAKE-04"),
    (
        "action after the end",
        lambda d: d["moves"].append("R"),
        f"moves[{len(FINISHED_ACTIONS)}]",
        "END-02",
    ),
    ("result missing", setter("result")(None), "result", "over"),
    ("result key missing", dropper("result", "winners"), "result.winners", "missing"),
    (
        "result score",
        setter("result", "scores", 0)(RECORD_DOC["result"]["scores"][0] + 1),
        "result.scores",
        "replay",
    ),
    (
        "result lost",
        setter("result", "points_lost", 1)(RECORD_DOC["result"]["points_lost"][1] + 18),
        "result.points_lost",
        "replay",
    ),
    (
        "result winners",
        setter("result", "winners")([0, 1] if RECORD_DOC["result"]["winners"] != [0, 1] else [0]),
        "result.winners",
        "replay",
    ),
    ("result winner seat", setter("result", "winners")([2]), "result.winners[0]", "0..1"),
    ("result scores short", setter("result", "scores")([1]), "result.scores", "2 entries"),
    ("result score text", setter("result", "scores", 1)("3"), "result.scores[1]", "whole number"),
    (
        "result lost negative",
        setter("result", "points_lost", 0)(-1),
        "result.points_lost[0]",
        "0..",
    ),
]


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [pytest.param(change, field, words, id=name) for name, change, field, words in INVALID_RECORDS],
)
def test_invalid_record_document(
    change: Callable[[dict[str, Any]], object], field: str, words: str
) -> None:
    """COMP-02, SETUP-02, ENG-02, ENG-04, TAKE-04, END-02, WIN-01..WIN-03: each problem is a
    RecordError on its field; illegal actions name the ply and the clause."""
    reject(lambda: record_from_json(record_edit(change)), field, words)


def test_illegal_action_names_the_ply() -> None:
    """TAKE-04: the message gives the 1-based ply and the rule broken."""
    error = reject(lambda: record_from_json(record_edit(swap_first_take)), "moves[1]")
    assert "ply 2" in error.reason
    assert RECORD_DOC["moves"][0] in error.reason


def test_result_on_an_unfinished_game() -> None:
    """END-02: a game in progress has no result yet."""
    _, actions = playout(2, "A", 50, plies=10)
    doc = json.loads(record_to_json(record_game(2, "A", 50, actions)))
    doc["result"] = RECORD_DOC["result"]
    reject(lambda: record_from_json(json.dumps(doc)), "result", "not over")


def test_record_versions() -> None:
    """ENG-06: unknown format or behaviour version of a record."""
    for key, value in (("format", 3), ("behaviour_version", 0)):
        with pytest.raises(FormatVersionError) as info:
            record_from_json(record_edit(setter(key)(value)))
        assert info.value.field == key


# ------------------------------------------------------------------ golden playthroughs

GOLDEN_FILE = os.path.join(os.path.dirname(__file__), "golden", "3A-placing.json")


def _golden_doc() -> dict[str, Any]:
    with open(GOLDEN_FILE, encoding="utf-8") as handle:
        doc: dict[str, Any] = json.load(handle)
    return doc


def test_golden_playthrough_loads_and_every_digest_matches() -> None:
    """ENG-02, ENG-06: a golden file loads into its record and digests, and the digests are
    those of the states the record replays to, computed here with hashlib from the canonical
    JSON (not through the golden reader)."""
    doc = _golden_doc()
    golden = golden_from_json(json.dumps(doc))
    assert [action_to_text(a) for a in golden.record.actions] == doc["record"]["actions"]
    assert golden.digests == tuple(doc["digests"])
    states = replay(golden.record)
    for state, digest in zip(states, doc["digests"], strict=True):
        canonical = state_to_dict(state)
        canonical["components"] = {"digest": state.components.digest}
        blob = json.dumps(canonical, sort_keys=True, separators=(",", ":")).encode("ascii")
        assert hashlib.sha256(blob).hexdigest() == digest
    assert golden_mismatch(golden) is None


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d["digests"].__setitem__(3, "ABC"), "digests[3]"),
        (lambda d: d["digests"].append(d["digests"][0]), "digests"),
        (lambda d: d.update(digests={}), "digests"),
        (lambda d: d["record"].update(seed=-1), "record.seed"),
        (lambda d: d.update(record=[]), "record"),
        (lambda d: d.pop("digests"), "digests"),
    ],
)
def test_bad_golden_playthrough_names_the_field(
    change: Callable[[dict[str, Any]], object], field: str
) -> None:
    """ENG-04: an unknown field, a digest that is not 64 lower-case hex digits, one digest too
    many, a record field out of range or a missing part is a RecordError on that field."""
    doc = _golden_doc()
    change(doc)
    with pytest.raises(RecordError) as caught:
        golden_from_json(json.dumps(doc))
    assert caught.value.field == field


def test_golden_mismatch_names_the_first_differing_state() -> None:
    """ENG-06: with two digests changed, the first is reported with the action before it."""
    doc = _golden_doc()
    true = doc["digests"][7]
    doc["digests"][7] = doc["digests"][30] = "f" * 64
    found = golden_mismatch(golden_from_json(json.dumps(doc)))
    assert found is not None
    assert (found.ply, found.action, found.expected, found.actual) == (
        7,
        doc["record"]["actions"][6],
        "f" * 64,
        true,
    )
