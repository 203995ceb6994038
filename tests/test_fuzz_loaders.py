"""Fuzzing the loaders (ENG-04, ENG-06): whatever the input, the state and record loaders
return a valid object or raise RecordError, and the notation parser returns an action or
raises NotationError. Nothing else ever escapes.

A loaded object is checked for validity independently of the loader: it must write back to
exactly the document it was read from (the format has one spelling per value), hold 20 pieces
of each colour (COMP-01), and the engine must run on it.
"""

from __future__ import annotations

import copy
import json
import pathlib
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sintra_rules import (
    GameRecord,
    GameState,
    NotationError,
    RecordError,
    Take,
    action_from_text,
    action_to_text,
    apply,
    legal_actions,
    new_game,
    position_from_text,
    record_from_json,
    record_game,
    record_to_json,
    state_from_json,
    state_to_dict,
    state_to_json,
)
from sintra_rules.games.sintra.notation import actions_from_text, actions_to_text
from sintra_rules.games.sintra.textrecord import text_record_from_text
from tests.test_records import playout

Path = tuple[str | int, ...]
DATA = pathlib.Path(__file__).resolve().parent / "data"

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


def _state_bases() -> list[dict[str, Any]]:
    states_2a, _ = playout(2, "A", 60)
    states_3b, _ = playout(3, "B", 61, plies=40)
    states_4a, _ = playout(4, "A", 62, plies=70)
    picked = [states_2a[len(states_2a) // 2], states_2a[-1], states_3b[-1], states_4a[-1]]
    return [state_to_dict(state) for state in picked]


def _record_bases() -> list[dict[str, Any]]:
    """Format 2 records (seeded, and from a position with draws, names, tags and comments,
    ENG-25) and the format 1 files written by the old code."""
    _, finished = playout(2, "B", 63)
    _, partial = playout(3, "A", 64, plies=12)
    typed = text_record_from_text((DATA / "table-game.txt").read_text("utf-8")).game_record()
    old = [json.loads(path.read_text("utf-8")) for path in sorted(DATA.glob("records/*.json"))]
    return [
        json.loads(record_to_json(record_game(2, "B", 63, finished))),
        json.loads(record_to_json(record_game(3, "A", 64, partial))),
        json.loads(record_to_json(typed)),
        *old,
    ]


#: Cheap tests run more examples than the loaded profile's default (in proportion to it).
MORE = settings(max_examples=4 * settings().max_examples)

STATE_BASES = _state_bases()
RECORD_BASES = _record_bases()


def paths(value: Any, prefix: Path = ()) -> Iterator[Path]:
    """Every path to a value inside a decoded JSON document."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def get(doc: Any, path: Path) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def check_state_loader(text: str) -> GameState | None:
    """Load ``text``; a RecordError is fine, anything loaded must be valid."""
    try:
        state: GameState = state_from_json(text)
    except RecordError as error:
        assert isinstance(error.field, str) and error.field
        return None
    assert state_to_dict(state) == json.loads(text)
    assert state.piece_counts() == (state.components.pieces_per_colour,) * state.components.colours
    actions = legal_actions(state)
    assert bool(actions) != state.is_over
    if actions:
        apply(state, actions[0])
        apply(state, actions[-1])
    return state


def check_record_loader(text: str) -> GameRecord | None:
    try:
        record: GameRecord = record_from_json(text)
    except RecordError as error:
        assert isinstance(error.field, str) and error.field
        return None
    doc = json.loads(text)
    if doc["format"] == 1:  # read as the seeded record of format 2 (ENG-25)
        assert record_from_json(record_to_json(record)) == record
        assert json.loads(record_to_json(record))["moves"] == doc["actions"]
    else:
        again = json.loads(record_to_json(record))
        if again["position"] != doc["position"]:  # another spelling of the same position
            assert position_from_text(doc["position"]) == record.start
            again["position"] = doc["position"]
        assert again == doc
    return record


@given(JSON_VALUES)
def test_random_json_values(value: Any) -> None:
    """Any JSON value at all: only RecordError."""
    text = json.dumps(value)
    assert check_state_loader(text) is None
    assert check_record_loader(text) is None


@given(st.text(max_size=40))
def test_random_text(text: str) -> None:
    """Any text at all: only RecordError."""
    assert check_state_loader(text) is None
    assert check_record_loader(text) is None


def _mutations(base: Any, data: st.DataObject) -> Any:
    """A copy of ``base`` with one value dropped, replaced, perturbed or retyped."""
    doc = copy.deepcopy(base)
    path = data.draw(st.sampled_from(list(paths(doc))[1:]), label="path")
    parent, key = get(doc, path[:-1]), path[-1]
    old = parent[key]
    kind = data.draw(st.sampled_from(("drop", "replace", "perturb", "retype")), label="kind")
    if kind == "drop":
        del parent[key]
    elif kind == "replace":
        parent[key] = data.draw(JSON_VALUES, label="value")
    elif kind == "perturb" and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = old + data.draw(st.integers(-3, 3).filter(bool), label="delta")
    else:
        parent[key] = data.draw(
            st.sampled_from((str(old), [old], {"value": old}, None, True, 1.0)), label="retyped"
        )
    return doc


def field_name(path: Path) -> str:
    """The documented spelling of a field path in a RecordError: ``players[1].strips[0].id``."""
    text = ""
    for key in path:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else key)
    return text


def _retyped(base: Any, data: st.DataObject) -> tuple[Any, Path]:
    """A copy of ``base`` with one value given a JSON type it never has there (not null, which
    is a valid value of some fields: an empty window frame, a removed strip)."""
    doc = copy.deepcopy(base)
    path = data.draw(st.sampled_from(list(paths(doc))[1:]), label="path")
    parent, key = get(doc, path[:-1]), path[-1]
    old = parent[key]
    others: list[Any] = [[old], {"value": old}, 1.5]
    if not isinstance(old, str):
        others.append(str(old))
    if not isinstance(old, bool):
        others.append(True)
    parent[key] = data.draw(st.sampled_from(others), label="retyped")
    return doc, path


@given(st.sampled_from(STATE_BASES + RECORD_BASES), st.data())
@MORE
def test_wrong_types_are_reported_at_their_field(base: dict[str, Any], data: st.DataObject) -> None:
    """ENG-04: a value of the wrong JSON type is always rejected, and the error names the
    field itself, a field that contains it or one inside it (a missing key of an object
    wrapped in another), never just the whole document or an unrelated field."""
    doc, path = _retyped(base, data)
    load = record_from_json if base["kind"] == "sintra-game" else state_from_json
    text = json.dumps(doc)
    try:
        load(text)
    except RecordError as error:
        wrong = field_name(path)
        containing = {field_name(path[:n]) for n in range(1, len(path) + 1)}
        inside = error.field.startswith((f"{wrong}.", f"{wrong}["))
        assert error.field in containing or inside, f"retyped {wrong}: {error}"
    else:
        raise AssertionError(f"loaded with {field_name(path)} retyped: {text[:200]}")


@given(st.sampled_from(STATE_BASES), st.data())
@MORE
def test_mutated_state_documents(base: dict[str, Any], data: st.DataObject) -> None:
    """Dropped keys, random values, off-by-a-few numbers and wrong types in a valid state
    document: a RecordError or a valid state."""
    check_state_loader(json.dumps(_mutations(base, data)))


@given(st.sampled_from(RECORD_BASES), st.data())
@MORE
def test_mutated_record_documents(base: dict[str, Any], data: st.DataObject) -> None:
    """The same mutations in a valid record document: a RecordError or a valid record."""
    check_record_loader(json.dumps(_mutations(base, data)))


@given(st.sampled_from(RECORD_BASES), st.data())
def test_records_with_other_actions(base: dict[str, Any], data: st.DataObject) -> None:
    """ENG-04: swapping, repeating or dropping actions: a RecordError or a valid record."""
    doc = copy.deepcopy(base)
    actions = doc["moves" if doc["format"] == 2 else "actions"]
    i = data.draw(st.integers(0, len(actions) - 1), label="i")
    j = data.draw(st.integers(0, len(actions) - 1), label="j")
    how = data.draw(st.sampled_from(("swap", "copy", "drop")), label="how")
    if how == "swap":
        actions[i], actions[j] = actions[j], actions[i]
    elif how == "copy":
        actions[i] = actions[j]
    else:
        del actions[i]
    check_record_loader(json.dumps(doc))


def _count_paths(doc: dict[str, Any]) -> list[Path]:
    """Paths of every per-colour piece count in a state document."""
    codes = set(doc["bag"])
    return [
        path
        for path in paths(doc)
        if path and path[-1] in codes and isinstance(get(doc, path), int)
    ]


@given(st.sampled_from(STATE_BASES), st.data())
def test_piece_count_perturbations(base: dict[str, Any], data: st.DataObject) -> None:
    """COMP-01: adding or removing pieces anywhere is always rejected."""
    doc = copy.deepcopy(base)
    path = data.draw(st.sampled_from(_count_paths(doc)), label="path")
    parent = get(doc, path[:-1])
    parent[path[-1]] += data.draw(st.integers(-2, 2).filter(bool), label="delta")
    try:
        state_from_json(json.dumps(doc))
    except RecordError as error:
        if error.field == "$":
            assert "COMP-01" in error.reason
    else:
        raise AssertionError(f"loaded with a piece added or removed at {path}")


@given(st.sampled_from(STATE_BASES), st.data())
def test_moved_pieces(base: dict[str, Any], data: st.DataObject) -> None:
    """COMP-01: moving a piece from one place to another keeps the totals: a RecordError (when
    the new place cannot hold it) or a valid state the engine plays on."""
    doc = copy.deepcopy(base)
    sources = [p for p in _count_paths(doc) if get(doc, p) > 0]
    source = data.draw(st.sampled_from(sources), label="from")
    targets = [p for p in _count_paths(doc) if p[-1] == source[-1] and p != source]
    target = data.draw(st.sampled_from(targets), label="to")
    get(doc, source[:-1])[source[-1]] -= 1
    get(doc, target[:-1])[target[-1]] += 1
    check_state_loader(json.dumps(doc))


def _every_prefix_fails(text: str) -> None:
    for end in range(len(text)):
        prefix = text[:end]
        for load in (state_from_json, record_from_json):
            try:
                load(prefix)
            except RecordError as error:
                assert error.field == "$", (end, str(error))
            else:
                raise AssertionError(f"loaded a document truncated to {end} characters")


def test_truncations_at_every_length() -> None:
    """Every proper prefix of a state document and of a record document is rejected as a
    whole-document error."""
    state = new_game(2, "A", 65)
    _every_prefix_fails(state_to_json(state))
    _, actions = playout(2, "A", 65, plies=3)
    _every_prefix_fails(record_to_json(record_game(2, "A", 65, actions)))
    _every_prefix_fails(json.dumps(RECORD_BASES[2]))  # from a position, with draws (ENG-25)


NOTATION_ALPHABET = "0123456789CRBGOPYJxX-*= bgcr\t"


def check_notation(text: str) -> None:
    """Parse ``text``: a NotationError, or an action whose canonical text is ``text``."""
    try:
        action = action_from_text(text)
    except NotationError as error:
        assert error.text == text and error.reason
    else:
        assert action_to_text(action) == text


@given(st.text(max_size=12))
def test_random_notation_text(text: str) -> None:
    """ENG-04: arbitrary text: only NotationError, and whatever parses is canonical."""
    check_notation(text)


@given(st.text(alphabet=NOTATION_ALPHABET, max_size=10))
@MORE
def test_notation_like_text(text: str) -> None:
    """ENG-04: text made of the notation's characters: the same contract."""
    check_notation(text)


@given(st.text(alphabet=NOTATION_ALPHABET, max_size=24))
@MORE
def test_notation_lines(text: str) -> None:
    """ENG-04: lines of actions: a NotationError or actions that write back to the line."""
    try:
        actions = actions_from_text(text)
    except NotationError as error:
        assert error.reason.startswith("action ")
    else:
        assert actions_to_text(actions) == text


@given(
    st.integers(-3, 11),
    st.integers(-2, 6),
    st.none() | st.integers(-2, 9),
    st.integers(-2, 7),
    st.none() | st.integers(-2, 6),
)
def test_writing_arbitrary_takes(
    source: int, colour: int, target: int | None, jokers: int, keep: int | None
) -> None:
    """ENG-04: a take with every field in the notation's range (display 1..9 or the centre,
    5 colours, slot 1..8 or all-break, 0..5 joker placements) is written and parses back to an
    equal take; any other is refused with NotationError."""
    action = Take(source, colour, target, jokers, keep)
    expressible = (
        -1 <= source <= 8
        and 0 <= colour <= 4
        and (target is None or 0 <= target <= 7)
        and 0 <= jokers <= 5
        and (keep is None or 0 <= keep <= 4)
    )
    try:
        text = action_to_text(action)
    except NotationError:
        assert not expressible
    else:
        assert expressible
        assert action_from_text(text) == action
