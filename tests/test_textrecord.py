"""Text records of real games (ENG-24): a game typed at the table, with the draws as seen,
replays and shows its result; seeded text records replay exactly as the JSON records do; the
reader names the line and token of every fault and is fuzzed like the other loaders."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sintra_rules import (
    PositionError,
    RecordError,
    new_game,
    outcome,
    record_game,
    replay,
)
from sintra_rules.agents import playout
from sintra_rules.cli import main
from sintra_rules.errors import RecordWarning
from sintra_rules.games.sintra.textrecord import Fill, text_record_from_text, text_record_to_text

GAME = Path(__file__).resolve().parent / "data" / "table-game.txt"
TEXT = GAME.read_text("utf-8")


def test_a_game_typed_at_the_table_replays_and_shows_its_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """ENG-24: the complete game in tests/data (a start position, 83 actions, 5 refills as
    seen, comments, names) replays to its end with the scores its Scores tag gives."""
    record = text_record_from_text(TEXT)
    assert record.names == ("Amanda", "Ben")
    final = record.states[-1]
    assert final.is_over
    assert [m for m in record.moves if isinstance(m, Fill)] != []
    assert len([m for m in record.moves if isinstance(m, Fill)]) == 5  # after rounds I to V
    assert dict(record.tags)["Scores"] == "10 -7"
    assert outcome(final).scores == (10, -7)
    assert record.comments[0] == (0, "Amanda opens")
    assert text_record_to_text(record) == TEXT  # written back exactly
    assert main(["show", str(GAME)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"sintra show: {GAME} (Amanda, Ben), ply 83 of 83\n")
    assert out.rstrip().endswith("Winner: Amanda with 10 points (WIN-01)")


def test_seeded_text_records_replay_like_json_records() -> None:
    """ENG-24: a seeded text record writes no draw and replays exactly the states of the JSON
    record of the same game."""
    actions = [ply.action for ply in playout(new_game(3, "B", seed=41), 5)]
    words = " ".join(str(a) for a in actions)
    text = f'[Sintra "1"]\n[Seed "41"]\n[Players "3"]\n[Side "B"]\n\n{words}\n'
    record = text_record_from_text(text)
    assert record.states == replay(record_game(3, "B", 41, actions))
    assert "fill:" not in text_record_to_text(record)


def error(text: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        text_record_from_text(text)
    return info.value


def test_faults_are_named_by_line_and_token() -> None:
    """ENG-24: tags, moves and draws are checked; the error names where."""
    lines = TEXT.split("\n")
    moves_at = lines.index("") + 1  # first line of moves (1-based: +1)
    first_moves = lines[moves_at].split(" ")
    assert error("hello").field == "line 1"
    assert error(TEXT.replace('[Sintra "1"]', '[Sintra "2"]')).field == "Sintra"
    assert error(TEXT.replace('[Date "2026-11-23"]', "[Date 2026]")).field == "line 3"
    err = error(TEXT.replace('[Player2 "Ben"]', '[Player3 "Ben"]'))
    assert err.field == "Player3" and "2 players" in err.reason
    # an illegal first move: Amanda takes blue from display 1, which holds none
    bad = TEXT.replace(first_moves[0] + " ", "1B-1 ", 1)
    err = error(bad)
    assert err.field == f"line {moves_at + 1}, token 1" and err.reason.startswith("TAKE-04")
    # the refill after round I left out
    fill = next(word for word in first_moves if word.startswith("fill:"))
    err = error(TEXT.replace(" " + fill, "", 1))
    assert err.field == f"line {moves_at + 2}, token 1" and "write the draws" in err.reason
    # the same pieces grouped onto the displays otherwise
    body = fill[len("fill:") :]
    regrouped = "fill:" + body.replace("/", "")[1:5] + "/" + body[:1] + body[5:].replace("/", "", 1)
    assert error(TEXT.replace(fill, regrouped, 1)).field.startswith(f"line {moves_at + 1}")
    assert error(TEXT.replace('[Scores "10 -7"]', '[Scores "10 -8"]')).field == "Scores"
    early = TEXT.replace(first_moves[0], "{about the game} " + first_moves[0], 1)
    assert text_record_from_text(early).comments[0] == (-1, "about the game")  # ENG-24
    seed_too = TEXT.replace('[Sintra "1"]', '[Sintra "1"]\n[Seed "3"]')
    assert error(seed_too).field == "Seed"
    with pytest.raises(PositionError):
        text_record_from_text(TEXT.replace("side:A", "side:Q"))


@given(st.text(max_size=80))
def test_random_text(text: str) -> None:
    """ENG-24: any text: a record or RecordError / PositionError, nothing else."""
    try:
        record = text_record_from_text(text)
    except (RecordError, PositionError) as err:
        assert str(err)
        return
    assert record.states[0].players  # pragma: no cover - a random text is never a record


@given(st.data())
@settings(max_examples=80)
def test_mutated_records(data: st.DataObject) -> None:
    """ENG-24: the table game with characters changed: what is read writes back to a record
    that reads the same; otherwise only RecordError or PositionError."""
    text = TEXT
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        at = data.draw(st.integers(0, len(text) - 1), label="at")
        char = data.draw(st.sampled_from(list('[]"{} /:-=xRBGOPY0123456789\n')), label="char")
        text = text[:at] + char + text[at + 1 :]
    try:
        record = text_record_from_text(text)
    except (RecordError, PositionError):
        return
    again = text_record_from_text(text_record_to_text(record))
    assert again.states == record.states and again.moves == record.moves


def _warnings(text: str) -> list[str]:
    """The warnings reading ``text`` gives, each as its one line."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text_record_from_text(text)
    assert all(isinstance(found.message, RecordWarning) for found in caught)
    return [str(found.message) for found in caught]


def test_eng_24_a_move_number_no_action_follows_is_warned() -> None:
    """ENG-24: a move number is the number of the action it comes before. Line 9 of the table
    game holds actions 1 to 13, a comment (token 2) and the first refill (token 15). A number
    before the refill, one before another number and one at the end (line 15) have no action:
    each is ignored with a warning, as a wrong one is; the game replays the same."""
    before_fill = TEXT.replace("CO-6 fill:", "CO-6 14. fill:", 1)
    assert _warnings(before_fill) == [
        "line 9, token 15: move number 14. comes before a refill, not an action"
    ]
    with pytest.warns(RecordWarning):
        assert text_record_from_text(before_fill).states == text_record_from_text(TEXT).states
    assert _warnings(TEXT.replace(" 1P-6 ", " 2. 2. 1P-6 ", 1)) == [
        "line 9, token 3: move number 2. comes before another move number, not an action"
    ]
    assert _warnings(TEXT + "84.\n") == [
        "line 15, token 1: move number 84. ends the moves: no action follows it (the number is "
        "ignored)"
    ]
    assert _warnings(TEXT.replace(" 1P-6 ", " 2. 1P-6 ", 1)) == []
