"""Sagrada's JSON game records (ENG-16): seeded records hold only the decisions and replay
identically; records from a position hold every chance outcome as it happened; names, tags and
comments are kept; every fault is refused on its JSON path."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from sintra_rules import FormatVersionError, RecordError
from sintra_rules.games.sagrada import (
    GAME,
    Action,
    ChoosePattern,
    SagradaRecord,
    apply,
    legal_actions,
    new_game,
    position_from_text,
    record_from_json,
    record_game,
    record_position_game,
    record_to_json,
    replay,
)
from sintra_rules.games.sagrada.records import Comment, Draws
from tests.sagrada.helpers import TABLE

#: A position at the start of round 1, the pool not yet drawn (Ann to start).
START = (
    "sagrada1 round:1 start:1 turn:1.1 tools:1,6,7 publics:1,9,10 pool:- track:- chance:draw "
    "p1:KaleidoscopicDream,cards=6.2,private=R:...../...../...../..... "
    "p2:Bellesguard,cards=8.11,private=B:...../...../...../....."
)
#: The first pool, yellow 4, blue 2, green 6, blue 5, red 1, as chance outcomes (ENG-03): each
#: die a colour (R 0, Y 1, G 2, B 3, P 4) then its value less one.
POOL = [1, 3, 3, 1, 2, 5, 3, 4, 0, 0]


def test_eng_16_the_specs_example_written_by_hand() -> None:
    """ENG-16: ENG-05's reference game once both players chose a pattern: a seeded record
    holds the decisions only."""
    record = record_game(2, 0, ["pattern 15", "pattern 20"])
    assert json.loads(record_to_json(record)) == {
        "format": 1,
        "kind": "sagrada-game",
        "behaviour_version": 2,
        "components": {"digest": TABLE.digest, "name": "sagrada-base"},
        "players": 2,
        "options": {},
        "seed": 0,
        "position": None,
        "names": [],
        "tags": {},
        "moves": ["pattern 15", "pattern 20"],
        "result": None,
    }
    states = replay(record)
    assert len(states) == 3 and states[-1].round == 1 and states[-1].pool != ()


def test_eng_16_a_seeded_game_replays_identically_and_stays_compact() -> None:
    """ENG-16, ENG-05: a whole seeded game recorded, read and replayed: the same states, the
    result filled in; no chance outcome is written."""
    state = new_game(3, seed=12)
    actions: list[Action] = []
    while not state.is_over:
        action = legal_actions(state)[len(actions) % len(legal_actions(state))]
        actions.append(action)
        state = apply(state, action)
    record = record_game(3, 12, actions, names=["Ann", None, "Cy"])
    text = record_to_json(record)
    assert "chance" not in text
    back = record_from_json(text)
    assert back == record
    assert replay(back)[-1] == state
    assert back.result is not None and back.result.scores == GAME.result(state).scores
    solo = record_game(1, 4, [], tools=2)
    assert json.loads(record_to_json(solo))["options"] == {"tools": "2"}
    assert replay(record_from_json(record_to_json(solo)))[0].difficulty == 2


def test_eng_16_a_game_from_a_position_with_its_dice() -> None:
    """ENG-16: a game from a table position writes every outcome; a comment after the dice."""
    start = position_from_text(START)
    record = record_position_game(
        start,
        [*POOL, "draft Y4", "place r1c1", "end"],
        names=["Ann", "Ben"],
        tags=[("Event", 'Club "night"')],
        comments=[Comment(0, "Ann starts"), Comment(0, "the first pool", after_draws=True)],
    )
    doc = json.loads(record_to_json(record))
    assert doc["seed"] is None and doc["position"] == START
    assert doc["moves"] == [
        {"comment": "Ann starts"},
        {"chance": POOL},
        {"comment": "the first pool"},
        "draft Y4",
        "place r1c1",
        "end",
    ]
    back = record_from_json(record_to_json(record))
    assert back == record
    final = replay(back)[-1]
    assert final.pool == ((0, 1), (2, 6), (3, 2), (3, 5)) and final.turn == 1
    assert back.draws == (Draws(0, tuple(POOL)),)


def test_a_record_built_by_hand_with_a_draws_entry_that_is_not_draws_is_refused() -> None:
    """A record from a position whose draws hold something other than :class:`Draws` is a
    RecordError on that entry (it used to fail with an AttributeError)."""
    start = position_from_text(START)
    record = record_position_game(start, [*POOL, "draft Y4"])
    bad = attrs.evolve(record, draws=["dice"])
    with pytest.raises(RecordError) as caught:
        replay(bad)
    assert caught.value.field == "draws[0]"
    assert caught.value.reason == 'expected Draws, got the string "dice"'


def _doc() -> dict[str, Any]:
    start = position_from_text(START)
    record = record_position_game(start, [*POOL, "draft Y4", "place r1c1", "end"])
    doc: dict[str, Any] = json.loads(record_to_json(record))
    return doc


def _set(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


REFUSED = [
    (("moves", 2), "place r5c1", "moves[2]", "ply 2: the row"),
    (("moves", 2), "place r2c2", "moves[2]", "ply 2: illegal decision 'place r2c2'"),
    (("moves", 0, "chance", 0), 5, "moves[0].chance[0]", "not an outcome"),
    (("moves", 0), "draft Y4", "moves[0]", "a chance step (draw) is pending"),
    (("moves", 1), {"chance": [1]}, "moves[1]", "in one entry"),
    (("moves", 3), {"comment": " x"}, "moves[3].comment", "no spaces at either end"),
    (("moves", 3), 7, "moves[3]", "expected a decision"),
    (("result",), {"scores": [0, 0], "winners": []}, "result", "the game is not over"),
    (("players",), 3, "players", "the position has 2 players"),
    (("seed",), 4, "position", "not both"),
    (("position",), "sagrada1 round:1", "position", "bad position"),
    (("names",), ["Ann"], "names", "one name per player (2) or none"),
    (("names",), ["Ann", ""], "names[1]", "not blank"),
    (("tags",), {"Seed": "3"}, "tags.Seed", "not a free tag"),
    (("options",), {"tools": "3"}, "options.tools", "the only option"),
    (("components", "digest"), "0" * 64, "components.digest", "another component table"),
    (("kind",), "sintra-game", "kind", "expected 'sagrada-game'"),
    (("extra",), 1, "extra", "unknown field"),
]


@pytest.mark.parametrize(("path", "value", "field", "reason"), REFUSED)
def test_eng_16_refusals_name_the_json_path(
    path: tuple[Any, ...], value: Any, field: str, reason: str
) -> None:
    """ENG-16: a malformed or inconsistent record is refused on the JSON path of the fault."""
    text = json.dumps(_set(_doc(), path, value))
    with pytest.raises(RecordError) as caught:
        record_from_json(text)
    assert caught.value.field == field, str(caught.value)
    assert reason in caught.value.reason


def test_eng_16_versions_and_malformed_json() -> None:
    """ENG-16, ENG-11: another format or behaviour version is a FormatVersionError; text that
    is not JSON, or a truncated document, a RecordError on ``$``."""
    for key, value in (("format", 2), ("behaviour_version", 99)):
        with pytest.raises(FormatVersionError) as caught:
            record_from_json(json.dumps(_set(_doc(), (key,), value)))
        assert caught.value.field == key
    text = json.dumps(_doc())
    for cut in (0, 1, len(text) // 2, len(text) - 1):
        with pytest.raises(RecordError) as error:
            record_from_json(text[:cut])
        assert error.value.field == "$"


def test_eng_16_a_wrong_result_is_refused() -> None:
    """ENG-16, ENG-13: the result must be the replay's."""
    record = record_game(2, 3, [])
    state = replay(record)[-1]
    actions: list[Action] = []
    while not state.is_over:
        action = legal_actions(state)[-1]
        actions.append(action)
        state = apply(state, action)
    doc = json.loads(record_to_json(record_game(2, 3, actions)))
    doc["result"]["scores"][0] += 1
    with pytest.raises(RecordError) as caught:
        record_from_json(json.dumps(doc))
    assert caught.value.field == "result.scores" and "the replay gives" in caught.value.reason
    doc["result"] = None
    with pytest.raises(RecordError, match="the game is over"):
        record_from_json(json.dumps(doc))
    doc = json.loads(record_to_json(record_game(2, 3, actions)))
    doc["moves"].append("end")
    with pytest.raises(RecordError) as over:
        record_from_json(json.dumps(doc))
    assert over.value.field == f"moves[{len(actions)}]" and "ROUND-06" in over.value.reason


def test_eng_16_records_built_by_hand_are_checked() -> None:
    """ENG-16: replay checks a record built by hand: outcomes in a seeded game, comments out
    of order, an illegal decision."""
    base = record_game(2, 0, ["pattern 15", "pattern 20"])
    with pytest.raises(RecordError, match="writes none"):
        replay(SagradaRecord(**{**_fields(base), "draws": (Draws(0, (1,)),)}))
    with pytest.raises(RecordError, match="order of the moves"):
        replay(SagradaRecord(**{**_fields(base), "comments": (Comment(2, "b"), Comment(1, "a"))}))
    with pytest.raises(RecordError, match="ply 2: illegal decision 'pattern 1'"):
        replay(SagradaRecord(**{**_fields(base), "actions": (base.actions[0], ChoosePattern(0))}))


def _fields(record: SagradaRecord) -> dict[str, Any]:
    return {
        "num_players": record.num_players,
        "seed": record.seed,
        "components_digest": record.components_digest,
        "components_name": record.components_name,
        "behaviour_version": record.behaviour_version,
        "actions": record.actions,
        "result": record.result,
        "options": record.options,
        "start": record.start,
        "draws": record.draws,
        "names": record.names,
        "tags": record.tags,
        "comments": record.comments,
    }
