"""JSON game records, format 2 (ENG-25): games from a position with their chance outcomes as
they happened, names, tags and comments; seeded records stay compact and replay as the same
game written with its draws; format 1 files written by the old code are still read; text
records (ENG-24) convert to JSON records and back without loss.

Expected values come from the chance API (the outcomes the engine samples, step by step), the
files in ``tests/data`` and the layout ENG-25 describes, not from the code under test.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from sintra_rules import (
    Action,
    FormatVersionError,
    GameRecord,
    GameState,
    RecordError,
    action_to_text,
    apply,
    apply_chance,
    build_position,
    chance_outcomes,
    new_game,
    outcome,
    position_to_text,
    record_from_json,
    record_game,
    record_position_game,
    record_to_json,
    replay,
    same_position,
    sample_chance,
)
from sintra_rules.agents import playout
from sintra_rules.games.sintra.records import Comment, Draws
from sintra_rules.games.sintra.textrecord import (
    Fill,
    TextRecord,
    text_record_from_text,
    text_record_to_text,
)

DATA = Path(__file__).resolve().parent / "data"
FORMAT_1 = sorted((DATA / "records").glob("format1-*.json"))
TABLE_GAME = (DATA / "table-game.txt").read_text("utf-8")


def seeded_game(
    players: int, side: str, seed: int, plies: int | None = None
) -> tuple[list[Action], list[Action | int], GameState]:
    """A seeded random game: its actions, and the same game as actions and chance outcomes
    from its set-up position, each outcome the one the engine samples from the seed's
    generator (``apply(..., sample=False)`` then :func:`sample_chance`, one step at a time)."""
    state = new_game(players, side, seed)  # type: ignore[arg-type]
    start = state
    actions = [ply.action for ply in playout(state, seed + 1, plies=plies)]
    moves: list[Action | int] = []
    for action in actions:
        state = apply(state, action, sample=False)
        moves.append(action)
        while state.chance is not None:
            after = sample_chance(state)
            drawn = [
                colour
                for colour in range(len(state.bag))
                if sum(f[colour] for f in after.factories) > sum(f[colour] for f in state.factories)
            ]
            assert len(drawn) == 1
            moves.append(drawn[0])
            state = after
    return actions, moves, start


# ------------------------------------------------------------------------ seeded and positions


@pytest.mark.parametrize(("players", "side", "seed"), [(2, "A", 3), (3, "B", 4), (4, "A", 5)])
def test_seeded_record_is_compact_and_replays_as_the_game_with_its_draws(
    players: int, side: str, seed: int
) -> None:
    """ENG-25: a seeded record writes no chance outcome; the same game recorded from its set-up
    position with the outcomes as they happened replays to the same positions at every ply,
    and holds one chance entry of 4 pieces per display after every round but the last."""
    actions, moves, start = seeded_game(players, side, seed)
    seeded = record_game(players, side, seed, actions)  # type: ignore[arg-type]
    doc = json.loads(record_to_json(seeded))
    assert doc["format"] == 2 and doc["seed"] == seed and doc["position"] is None
    assert all(isinstance(move, str) for move in doc["moves"])
    typed = record_position_game(
        build_position_from(start), moves, names=["Ann", "Bob", "Cy", "Di"][:players]
    )
    assert typed.seed is None and typed.result == seeded.result == outcome(replay(seeded)[-1])
    for a, b in zip(replay(seeded), replay(typed), strict=True):
        assert same_position(a, b)
    doc = json.loads(record_to_json(typed))
    assert doc["seed"] is None and doc["position"] == position_to_text(start)
    chance = [i for i, move in enumerate(doc["moves"]) if isinstance(move, dict)]
    displays = {2: 5, 3: 7, 4: 9}[players]
    rounds = 6
    assert len(chance) == rounds - 1  # a refill after rounds I to V (END-03)
    for index in chance:
        assert isinstance(doc["moves"][index - 1], str)  # right after the round's last action
        assert len(doc["moves"][index]["chance"]) <= 4 * displays
    assert record_from_json(record_to_json(typed)) == typed


def build_position_from(state: GameState) -> GameState:
    """The position of ``state`` as a person types it: no generator (ENG-23)."""
    return attrs.evolve(state, rng=None)


def test_a_record_from_setup_holds_the_setup_draws() -> None:
    """ENG-07, ENG-25: a game recorded from before its set-up holds every setup outcome (strip
    shuffles, faces, the round indicator, the piece for round I, the first fill) at ply 0, and
    replays to the seeded game's set-up."""
    state = new_game(2, "A", 11, sample=False)
    outcomes: list[Action | int] = []
    while state.chance is not None:
        after = sample_chance(state)
        outcomes.append(_outcome_of(state, after))
        state = after
    record = record_position_game(
        attrs.evolve(new_game(2, "A", 11, sample=False), rng=None), outcomes
    )
    assert record.draws == (Draws(0, tuple(o for o in outcomes if isinstance(o, int))),)
    assert same_position(replay(record)[0], new_game(2, "A", 11))
    assert record_from_json(record_to_json(record)) == record
    with pytest.raises(RecordError) as info:  # a text record writes refills only
        TextRecord.from_game_record(record)
    assert info.value.field == "draws[0]"


def _outcome_of(before: GameState, after: GameState) -> int:
    """The outcome that took ``before`` to ``after``, read off the two positions (ENG-07)."""
    found = [
        o
        for o, _ in chance_outcomes(before)
        if apply_chance(before, o) == attrs.evolve(after, rng=before.rng)
    ]
    assert len(found) == 1
    return found[0]


def test_names_tags_and_comments_round_trip() -> None:
    """ENG-25: names (one unnamed), free tags and comments on the game, after an action and
    after a refill survive JSON, at their places among the moves."""
    _, moves, start = seeded_game(2, "B", 8, plies=14)
    first_fill = next(i for i, m in enumerate(moves) if isinstance(m, int))
    ply = sum(1 for m in moves[:first_fill] if not isinstance(m, int))
    comments = [
        Comment(0, "a friendly game"),
        Comment(1, "a bold start"),
        Comment(ply, "round I ends"),
        Comment(ply, "a good refill for Ben", after_draws=True),
    ]
    record = record_position_game(
        build_position_from(start),
        moves,
        names=[None, "Ben"],
        tags=[("Event", "Club night"), ("Site", "Sintra")],
        comments=comments,
    )
    doc = json.loads(record_to_json(record))
    assert doc["names"] == [None, "Ben"]
    assert doc["tags"] == {"Event": "Club night", "Site": "Sintra"}
    assert doc["moves"][0] == {"comment": "a friendly game"}
    assert doc["moves"][2] == {"comment": "a bold start"}
    where = doc["moves"].index({"comment": "round I ends"})
    assert "chance" in doc["moves"][where + 1]
    assert doc["moves"][where + 2] == {"comment": "a good refill for Ben"}
    assert record_from_json(json.dumps(doc)) == record
    assert record.player_names() == ("Player 1", "Ben")


# ------------------------------------------------------------------------------- format 1


@pytest.mark.parametrize("path", FORMAT_1, ids=lambda p: p.name)
def test_format_1_files_are_still_read(path: Path) -> None:
    """ENG-25: records written by the format 1 code (tests/data/records, see its README) load
    as seeded records with no names, tags or comments, replay, and are written as format 2."""
    doc = json.loads(path.read_text("utf-8"))
    assert doc["format"] == 1
    record = record_from_json(path.read_text("utf-8"))
    assert record == record_game(doc["players"], doc["side"], doc["seed"], doc["actions"])
    assert (record.names, record.tags, record.comments, record.draws) == ((), (), (), ())
    states = replay(record)
    assert (record.result is None) == (not states[-1].is_over)
    again = json.loads(record_to_json(record))
    assert again["format"] == 2 and again["moves"] == doc["actions"]
    assert record_from_json(json.dumps(again)) == record


def test_the_golden_files_are_format_1() -> None:
    """ENG-25: the golden playthroughs stay as written (format 1) and load."""
    golden = json.loads((DATA.parent / "golden" / "2B-uniform.json").read_text("utf-8"))
    assert golden["record"]["format"] == 1
    assert record_from_json(json.dumps(golden["record"])).seed == golden["record"]["seed"]


def test_unknown_formats() -> None:
    """ENG-06, ENG-25: formats other than 1 and 2 are a FormatVersionError on format."""
    doc = json.loads(record_to_json(record_game(2, "A", 1, [])))
    for version in (0, 3):
        doc["format"] = version
        with pytest.raises(FormatVersionError) as info:
            record_from_json(json.dumps(doc))
        assert info.value.field == "format" and "formats 1 and 2" in info.value.reason


# ------------------------------------------------------------------ text records <-> JSON


def test_a_hand_typed_game_converts_to_json_and_back_exactly() -> None:
    """ENG-24, ENG-25: the game typed at the table (tests/data/table-game.txt: a position,
    names, tags, refills as seen, comments) becomes a JSON record with every field, and that
    record gives back the same text, byte for byte."""
    text = text_record_from_text(TABLE_GAME)
    record = text.game_record()
    tags = dict(text.tags)
    assert record.names == ("Amanda", "Ben")
    assert record.tags == (("Event", tags["Event"]), ("Date", tags["Date"]))
    assert position_to_text(record.start) == tags["Position"]  # type: ignore[arg-type]
    assert record.comments[0] == Comment(1, "Amanda opens")
    assert " ".join(map(str, record.result.scores)) == tags["Scores"]  # type: ignore[union-attr]
    fills = [m for m in text.moves if isinstance(m, Fill)]
    assert [d.outcomes for d in record.draws] == [
        tuple(c for display in fill.displays for c in display) for fill in fills
    ]
    loaded = record_from_json(record_to_json(record, indent=1))
    assert loaded == record
    back = TextRecord.from_game_record(loaded)
    assert text_record_to_text(back) == TABLE_GAME
    assert back.states == text.states


def test_json_to_text_and_back_keeps_every_field() -> None:
    """ENG-24, ENG-25: a JSON record with an unnamed player, a game comment, comments after an
    action and after a refill becomes a text record that gives the same JSON record back."""
    actions, moves, start = seeded_game(3, "A", 21, plies=30)
    ply = sum(1 for m in moves[: next(i for i, m in enumerate(moves) if isinstance(m, int))])
    record = record_position_game(
        build_position_from(start),
        moves,
        names=["Ann", None, "Cy"],
        tags=[("Date", "2026-11-23")],
        comments=[Comment(0, "three friends"), Comment(ply, "refill", after_draws=True)],
    )
    text = text_record_to_text(TextRecord.from_game_record(record))
    assert text.startswith('[Sintra "1"]\n[Date "2026-11-23"]\n[Position "sintra1 ')
    assert '[Player1 "Ann"]\n[Player3 "Cy"]\n' in text and "Player2" not in text
    assert "{three friends}" in text and "fill:" in text
    assert text_record_from_text(text).game_record() == record
    seeded = record_game(3, "A", 21, actions, names=["Ann", "Bo", "Cy"])
    seeded_text = text_record_to_text(TextRecord.from_game_record(seeded))
    assert '[Seed "21"]\n[Players "3"]\n[Side "A"]' in seeded_text and "fill:" not in seeded_text
    assert text_record_from_text(seeded_text).game_record() == seeded


# ------------------------------------------------------------------------- bad documents

POSITION_RECORD = record_position_game(
    build_position(factories=["B"], boards={2: "bbbgo/@gggop/ooopy/pppyb/yyybg/bbgop/oopyb/yybgo"}),
    ["1B-1", *[0, 1, 2, 3] * 5, "2B-1"],
    names=["Amanda", "Ben"],
    comments=[Comment(1, "first")],
)
POSITION_DOC = json.loads(record_to_json(POSITION_RECORD))
SEEDED_DOC = json.loads(record_to_json(record_game(2, "A", 3, [])))


def edited(base: dict[str, Any], change: Callable[[dict[str, Any]], object]) -> str:
    doc = copy.deepcopy(base)
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("base", "change", "field", "words"),
    [
        (SEEDED_DOC, lambda d: d.update(seed=None), "seed", "give one"),
        (POSITION_DOC, lambda d: d.update(seed=4), "position", "not both"),
        (
            POSITION_DOC,
            lambda d: d.update(position=d["position"].replace("side:A", "side:Q")),
            "position",
            "SETUP-02",
        ),
        (
            POSITION_DOC,
            lambda d: d.update(players=3, names=[]),
            "players",
            "position has 2 players",
        ),
        (SEEDED_DOC, lambda d: d["moves"].append({"chance": [0]}), "moves[0].chance", "seed"),
        (
            POSITION_DOC,
            lambda d: d["moves"][2]["chance"].__setitem__(3, 9),
            "moves[2].chance[3]",
            "ENG-07",
        ),
        (
            POSITION_DOC,
            lambda d: d["moves"].insert(0, {"chance": [1]}),
            "moves[0].chance[0]",
            "no chance step",
        ),
        (POSITION_DOC, lambda d: d["moves"][2]["chance"].pop(), "moves[3]", "pending"),
        (POSITION_DOC, lambda d: d["moves"].insert(3, {"chance": [1]}), "moves[3]", "one entry"),
        (POSITION_DOC, lambda d: d["moves"][2].update(chance=[]), "moves[2].chance", "at least"),
        (POSITION_DOC, lambda d: d["moves"][2].update(chance="0123"), "moves[2].chance", "array"),
        (POSITION_DOC, lambda d: d["moves"].insert(0, 7), "moves[0]", "action in notation"),
        (POSITION_DOC, lambda d: d["moves"].insert(0, {"note": "x"}), "moves[0]", "comment"),
        (
            POSITION_DOC,
            lambda d: d["moves"][1].update(comment="a {b}"),
            "moves[1].comment",
            "braces",
        ),
        (
            POSITION_DOC,
            lambda d: d["moves"][1].update(comment=" pad"),
            "moves[1].comment",
            "spaces",
        ),
        (POSITION_DOC, lambda d: d.update(names=["Amanda"]), "names", "one name per player"),
        (POSITION_DOC, lambda d: d.update(names=["A\nB", None]), "names[0]", "line breaks"),
        (POSITION_DOC, lambda d: d.update(names=[" ", None]), "names[0]", "blank"),
        (POSITION_DOC, lambda d: d.update(tags={"Seed": "4"}), "tags.Seed", "not a free tag"),
        (POSITION_DOC, lambda d: d.update(tags={"Player1": "x"}), "tags.Player1", "free tag"),
        (POSITION_DOC, lambda d: d.update(tags={"Bad tag": "x"}), "tags.Bad tag", "letter"),
        (POSITION_DOC, lambda d: d.update(tags={"Event": 3}), "tags.Event", "string"),
        (POSITION_DOC, lambda d: d.update(tags=[]), "tags", "object"),
        (POSITION_DOC, lambda d: d.pop("names"), "names", "missing"),
    ],
)
def test_bad_format_2_documents_name_the_field(
    base: dict[str, Any], change: Callable[[dict[str, Any]], object], field: str, words: str
) -> None:
    """ENG-25: every fault of a format 2 document is a RecordError on its JSON path."""
    with pytest.raises(RecordError) as info:
        record_from_json(edited(base, change))
    assert info.value.field == field, str(info.value)
    assert words in str(info.value), str(info.value)


def test_hand_built_records_are_checked() -> None:
    """ENG-25: replay checks records built by hand: draws in a seeded record, a generator in
    the start position, comments out of order or after draws that do not exist."""
    seeded = record_game(2, "A", 3, [])
    checks: list[tuple[GameRecord, str]] = [
        (attrs.evolve(seeded, draws=(Draws(0, (1,)),)), "draws[0].outcomes"),
        (attrs.evolve(POSITION_RECORD, start=new_game(2)), "start"),
        (attrs.evolve(POSITION_RECORD, seed=3), "seed"),
        (attrs.evolve(POSITION_RECORD, comments=(Comment(2, "x"), Comment(1, "y"))), "comments"),
        (attrs.evolve(POSITION_RECORD, comments=(Comment(2, "x", True),)), "comments[0]"),
        (attrs.evolve(POSITION_RECORD, draws=(Draws(1, (0,)), Draws(1, (1,)))), "draws[1].ply"),
        (attrs.evolve(POSITION_RECORD, names=("A", "B", "C")), "names"),
    ]
    for record, field in checks:
        with pytest.raises(RecordError) as info:
            replay(record)
        assert info.value.field == field, str(info.value)
    assert action_to_text(POSITION_RECORD.actions[1]) == "2B-1"
