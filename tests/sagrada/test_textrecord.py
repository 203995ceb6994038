"""Text records (ENG-17): a complete game typed by hand at a table, with its dice as rolled,
replays to its result; the reader takes what a person writes; every fault names the line and
the token; text and JSON records convert into each other."""

from __future__ import annotations

import pathlib
import warnings

import pytest

from sintra_rules import PositionError, RecordError
from sintra_rules.errors import RecordWarning
from sintra_rules.game import Recorded
from sintra_rules.games.sagrada import (
    GAME,
    UseTool,
    record_from_json,
    record_game,
    record_to_json,
    result,
)
from sintra_rules.games.sagrada.narration import score_steps
from sintra_rules.games.sagrada.textrecord import (
    Dice,
    TextRecord,
    looks_like_text_record,
    text_record_from_text,
    text_record_to_text,
)
from tests.sagrada.helpers import d

TABLE_GAME = pathlib.Path(__file__).resolve().parents[1] / "data" / "sagrada" / "table-game.txt"
TEXT = TABLE_GAME.read_text("utf-8")


def test_eng_17_a_game_typed_at_the_table_replays_to_its_result() -> None:
    """ENG-17: the whole game of tests/data/sagrada/table-game.txt, worked out by hand.

    Ann (Kaleidoscopic Dream) ends with 18 dice, Ben (Bellesguard) with 20. Public objectives
    Light Shades (1), Color Variety (9), Color Diagonals (10). Ann: three 1s (P1 G1 Y1) and
    three 2s (G2 Y2 R2): 3 sets, 6; at least 3 dice of each colour (purple and blue 3): 3
    sets, 12; 7 dice with a diagonal neighbour of their colour (R6 R3 P5 Y2 R4 P3 Y1): 7; red
    6 + 3 + 4 + 2 = 15; 2 favor tokens left (4, less Grozing Pliers and Glazing Hammer); 2
    empty spaces: -2; 40. Ben: four 1s, three 2s: 6; yellow 3: 12; 11 diagonal dice: 11; blue
    2 + 1 + 2 + 4 = 9; 2 tokens left (3, less Flux Brush); 0 empty; 40. A tie: Ann wins on her
    private objective, 15 to 9 (WIN-02)."""
    game = text_record_from_text(TEXT)
    final = game.states[-1]
    assert final.is_over
    assert game.names == ("Ann", "Ben")
    assert result(final).scores == (40, 40)
    assert result(final).winners == (0,)
    assert [s.text for s in score_steps(final, 0)] == [
        "Light Shades: 3 sets of a 1 and a 2 x 2 = 6",
        "Color Variety: 3 sets of one die of each colour x 4 = 12",
        "Color Diagonals: 7 dice with a diagonal neighbour of their colour x 1 = 7",
        "Shades of Red: red dice 6 + 3 + 4 + 2 = 15",
        "2 unspent favor tokens = 2",
        "2 empty spaces x -1 = -2",
        "total 40",
    ]
    assert score_steps(final, 1)[-1].text == "total 40"
    ann, ben = final.players
    assert ann.window[2] == d("R6") and ann.window[18] is None and ben.window[19] == d("G4")
    # the dice as rolled: Flux Brush's roll, Glazing Hammer's re-roll (ENG-04's order)
    moves = game.moves
    assert Dice("roll", (d("R3"),)) in moves
    assert Dice("reroll", (d("Y2"), d("Y5"), d("G4"))) in moves
    assert sum(isinstance(m, UseTool) for m in moves) == 3
    assert final.track[5] == (d("G4"),)  # round 6's leftover: the green the hammer rolled
    assert final.track[9] == (d("R5"), d("G3"), d("P2"))
    assert [text for _, text in game.comments][-1].startswith("40 all")


def test_eng_17_text_and_json_hold_the_same_game() -> None:
    """ENG-17, ENG-16: the typed game as a JSON record and back: the same record, the same
    text (the writer's layout: a pool per line, a turn per line)."""
    game = text_record_from_text(TEXT)
    record = game.game_record()
    assert record.seed is None and record.names == ("Ann", "Ben")
    assert record.tags == (("Event", "Kitchen table, typed by hand"),)
    assert record_from_json(record_to_json(record)) == record
    again = TextRecord.from_game_record(record)
    assert again.states == game.states and again.moves == game.moves
    assert again.comments == game.comments
    written = text_record_to_text(again)
    assert text_record_from_text(written).game_record() == record
    assert written.splitlines()[7:9] == [
        "{Ann starts; the dice are written as they came out of the bag and were rolled}",
        "pool:Y4B2G6B5R1",
    ]


def test_eng_17_seeded_text_records() -> None:
    """ENG-17: a game from a seed writes no dice; its tags give the seed and the players."""
    record = record_game(2, 0, ["pattern 15", "pattern 20", "end"])
    text = text_record_to_text(TextRecord.from_game_record(record))
    assert text.splitlines()[:4] == ['[Sagrada "1"]', '[Seed "0"]', '[Players "2"]', ""]
    assert text_record_from_text(text).game_record() == record
    with pytest.raises(RecordError, match="draws its own dice") as caught:
        text_record_from_text(text + "pool:R1R2R3R4R5\n")
    assert caught.value.field == "line 8, token 1"


def test_eng_17_what_a_person_writes() -> None:
    """ENG-17: a byte-order mark, blank lines before the tags, tag names in any case, a left
    out Sagrada tag and comments across lines are read."""
    loose = "\ufeff\n\n" + TEXT.replace('[Sagrada "1"]\n', "").replace("[Player1", "[player1")
    loose = loose.replace("{Ann starts;", "{Ann\n   starts;")
    game = text_record_from_text(loose)
    assert game.names[0] == "Ann" and game.states[-1] == text_record_from_text(TEXT).states[-1]
    assert game.comments[0] == (
        -1,
        "Ann starts; the dice are written as they came out of the bag and were rolled",
    )
    assert looks_like_text_record(loose) and not looks_like_text_record('{"kind": 1}')


def _fault(old: str, new: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        text_record_from_text(TEXT.replace(old, new, 1))
    return caught.value


def test_eng_17_faults_name_the_line_and_the_token() -> None:
    """ENG-17: an illegal decision, a die the bag cannot hold, a pool left short, a decision
    before the dice, a malformed die, a wrong score, an unclosed comment: each refused with
    its line and token."""
    error = _fault("draft B2 place r1c1 end", "draft B2 place r1c2 end")
    assert error.field == "line 11, token 3"
    assert (
        "illegal decision 'place r1c2': PLACE-04: r1c2 takes only a die showing 6" in error.reason
    )
    error = _fault("pool:Y4B2G6B5R1", "pool:Y4B2G6B5")
    assert error.field == "line 9, token 1" and "write every die of the pool" in error.reason
    error = _fault("pool:Y4B2G6B5R1\n", "")
    assert error.field == "line 9, token 1" and "write the draft pool (pool:...)" in error.reason
    error = _fault("pool:Y4B2G6B5R1", "pool:Y4B2G6B5X1")
    assert "'X1' in 'pool:Y4B2G6B5X1' is not a die" in error.reason
    error = _fault("roll:R3", "roll:B3")
    assert error.field == "line 25, token 5" and "the die in hand is red" in error.reason
    error = _fault("reroll:Y2Y5G4", "reroll:Y2G5G4")
    assert "the re-roll holds 2 yellow dice" in error.reason
    error = _fault('[Scores "40 40"]', '[Scores "40 39"]')
    assert error.field == "Scores" and "ends with the scores 40 40" in error.reason
    error = _fault("{no blue or yellow die for Ann's last spaces}", "{unclosed")
    assert "not closed" in error.reason
    error = _fault('[Player2 "Ben"]', '[Player3 "Cy"]')
    assert error.field == "Player3" and "the game has 2 players" in error.reason
    error = _fault('[Sagrada "1"]', '[Sagrada "2"]')
    assert error.field == "Sagrada"
    with pytest.raises(PositionError):
        text_record_from_text(TEXT.replace("round:1", "round:0"))
    with pytest.raises(RecordError, match="starts with its tags"):
        text_record_from_text("draft B5\n")


def test_eng_17_through_the_game_protocol() -> None:
    """ENG-16, ENG-17: the Recorded capability reads either form, told by its content, and
    writes either."""
    assert isinstance(GAME, Recorded)
    log = GAME.read_record(TEXT)
    assert log.kind == "text record" and log.player_names() == ("Ann", "Ben")
    assert log.result is not None and log.result.winners == (0,)
    assert log.outcomes[0][:2] == (1, 3)  # the first die drawn: yellow, rolled 4
    assert len(log.states) == len(log.actions) + 1
    json_text = GAME.write_record(log)
    again = GAME.read_record(json_text)
    assert again.kind == "game record" and again.states == log.states
    rewritten = GAME.write_record(again, text=True)
    assert GAME.read_record(rewritten).states == log.states


def _warnings(text: str) -> list[str]:
    """The warnings reading ``text`` gives, each as its one line."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text_record_from_text(text)
    assert all(isinstance(found.message, RecordWarning) for found in caught)
    return [str(found.message) for found in caught]


def test_eng_17_move_numbers_count_the_decisions_and_a_wrong_one_is_warned() -> None:
    """ENG-17: a move number before a decision is its number in the game, counted from 1 (the
    table game opens with the pool, then decisions 1 to 3: draft Y4, place r1c1, end; the
    second pool comes after decision 12). A right one passes in silence; a wrong one, one
    before dice, one before another number and one at the end are ignored with a warning
    naming the line and the token, and the game replays the same."""
    numbered = TEXT.replace(
        "draft Y4 place r1c1 end\ndraft B2", "1. draft Y4 2. place r1c1 3. end\n4. draft B2"
    )
    assert _warnings(numbered) == []
    assert text_record_from_text(numbered).states == text_record_from_text(TEXT).states
    assert _warnings(TEXT.replace("draft Y4 place", "7. draft Y4 place")) == [
        "line 10, token 1: move number 7. where decision 1 comes (the number is ignored)"
    ]
    assert _warnings(TEXT.replace("pool:R4R6G2P3Y2", "13. pool:R4R6G2P3Y2")) == [
        "line 14, token 1: move number 13. comes before dice, not a decision"
    ]
    assert _warnings(TEXT.replace("draft Y4 place", "1. 1. draft Y4 place")) == [
        "line 10, token 1: move number 1. comes before another move number, not a decision"
    ]
    assert _warnings(TEXT + "121.\n") == [
        "line 59, token 1: move number 121. ends the moves: no decision follows it (the number "
        "is ignored)"
    ]
