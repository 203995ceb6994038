"""Fuzzing Sagrada's record loaders (ENG-16, ENG-17): whatever the input, a JSON game record,
a text record or either through the Recorded capability gives a valid game or a RecordError
(a PositionError for a bad starting position); nothing else ever escapes. A loaded record is
checked independently of the loader: it replays, and writes back to a record that loads equal.
"""

from __future__ import annotations

import copy
import json
import pathlib
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sintra_rules import PositionError, RecordError
from sintra_rules.games.sagrada import (
    GAME,
    SagradaRecord,
    record_from_json,
    record_game,
    record_position_game,
    record_to_json,
    replay,
)
from sintra_rules.games.sagrada.records import Comment
from sintra_rules.games.sagrada.textrecord import text_record_from_text, text_record_to_text
from tests.sagrada.walks import after_the_deal, moves_from

Path = tuple[str | int, ...]
TABLE_GAME = pathlib.Path(__file__).resolve().parents[1] / "data" / "sagrada" / "table-game.txt"
TEXT = TABLE_GAME.read_text("utf-8")

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)


def _bases() -> list[dict[str, Any]]:
    """A seeded game, a game from a position with its dice, names, tags and comments, and
    the game typed at a table."""
    start = after_the_deal(3, 5)
    from_position = record_position_game(
        start,
        moves_from(start, 5, plies=60),
        names=["Ann", None, "Cy"],
        tags=[("Event", "fuzz")],
        comments=[Comment(0, "before"), Comment(1, "after the pool", after_draws=False)],
    )
    seeded = record_game(1, 8, [], tools=4)
    typed = text_record_from_text(TEXT).game_record()
    return [json.loads(record_to_json(r)) for r in (seeded, from_position, typed)]


BASES = _bases()


def paths(value: Any, prefix: Path = ()) -> Iterator[Path]:
    """Every path to a value inside a decoded JSON document."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def _replace(doc: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    out = copy.deepcopy(doc)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


def check_record(text: str) -> SagradaRecord | None:
    """Load ``text``; a RecordError is fine, anything loaded must be a valid game."""
    try:
        record = record_from_json(text)
    except RecordError as error:
        assert isinstance(error.field, str) and error.field
        return None
    states = replay(record)
    assert len(states) == len(record.actions) + 1
    assert record_from_json(record_to_json(record)) == record
    return record


@settings(max_examples=200)
@given(st.data())
def test_eng_16_any_value_anywhere(data: st.DataObject) -> None:
    """ENG-16: any JSON value at any path of a valid record loads as a valid record or is
    refused with a RecordError naming a path."""
    doc = data.draw(st.sampled_from(BASES))
    path = data.draw(st.sampled_from(list(paths(doc))))
    value = data.draw(JSON_VALUES)
    check_record(json.dumps(_replace(doc, path, value)))


@settings(max_examples=100)
@given(st.data())
def test_eng_16_any_field_left_out(data: st.DataObject) -> None:
    """ENG-16: a field or an array entry left out is refused or still a valid record."""
    doc = data.draw(st.sampled_from(BASES))
    path = data.draw(st.sampled_from([p for p in paths(doc) if p]))
    out = copy.deepcopy(doc)
    target = out
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]
    check_record(json.dumps(out))


def test_eng_16_truncated_at_every_length() -> None:
    """ENG-16: a record cut at any length is refused on ``$`` (it is no longer JSON)."""
    text = record_to_json(record_game(2, 0, ["pattern 15", "pattern 20", "end"]))
    for cut in range(len(text)):
        try:
            record_from_json(text[:cut])
        except RecordError as error:
            assert error.field == "$"
        else:
            raise AssertionError(f"a record cut at {cut} characters was read")


def check_text(text: str) -> None:
    """Read ``text`` as a text record: a RecordError or PositionError is fine; anything read
    must replay from its JSON form to the same states."""
    try:
        game = text_record_from_text(text)
    except (RecordError, PositionError) as error:
        assert str(error)
        return
    record = game.game_record()
    assert replay(record)[-1] == game.states[-1]
    assert text_record_from_text(text_record_to_text(game)).states == game.states


def test_eng_17_truncated_at_every_line_and_in_the_middle() -> None:
    """ENG-17: the typed game cut after any line, or in the middle of any line, is read as
    the game so far or refused; nothing else escapes."""
    lines = TEXT.splitlines(keepends=True)
    for count in range(len(lines) + 1):
        check_text("".join(lines[:count]))
        if count < len(lines):
            middle = len(lines[count]) // 2
            check_text("".join(lines[:count]) + lines[count][:middle])


@settings(max_examples=300)
@given(st.data())
def test_eng_17_any_edit(data: st.DataObject) -> None:
    """ENG-17: deleting, inserting or replacing a few characters anywhere in the typed game
    gives a valid game or a RecordError or PositionError."""
    spot = data.draw(st.integers(0, len(TEXT)))
    end = data.draw(st.integers(spot, min(len(TEXT), spot + 6)))
    insert = data.draw(st.text('RYGBP123456 rcdaftplonex:{}[]"\n.-+', max_size=4))
    check_text(TEXT[:spot] + insert + TEXT[end:])


@settings(max_examples=100)
@given(st.text(max_size=200))
def test_eng_16_17_any_text_through_the_capability(text: str) -> None:
    """ENG-16, ENG-17: GAME.read_record, told the form by the content, gives a log or a
    RecordError or PositionError for any text at all."""
    try:
        log = GAME.read_record(text)
    except (RecordError, PositionError):
        return
    assert len(log.states) == len(log.actions) + 1
