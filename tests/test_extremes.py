"""Every proved extreme score is a game the engine plays from the start (issue 31).

Each record of ``tests/golden/extremes/`` is a whole game from the position before setup's
first chance step, every chance outcome supplied, built by ``python -m tools.extremes`` from a
plan (:mod:`tools.extremes`). ``sintra replay`` replays it (every decision and outcome checked
as legal, the result checked against the record) and prints the final scores; the extreme
seat's score must be the bound the engine declares for the game (its ``facts``: the proved
bound), or, for the lowest Sintra scores, whose proved bound no game is known to reach, lie
above it (the proofs' page states the gap and why). The records are exactly what the plans
build, so they can be rebuilt after a change of behaviour (ENG-06, sagrada:ENG-11).
"""

from __future__ import annotations

import functools
import json
import re

import pytest

from sintra_rules.cli import main
from tools.extremes import EXTREMES, INDEX, Builder, Extreme, index_entry, index_text, record_text


@functools.cache
def _built(name: str) -> Builder:
    """The game the plan of extreme ``name`` builds (once per test session)."""
    return next(e for e in EXTREMES if e.name == name).build()


_ROW = re.compile(r"^\s*Player (\d+)\s+-?\d+\s+[+-]\d+\s+[+-]\d+\s+[+-]\d+\s+(-?\d+)\s+\d+$")


def _replayed_scores(out: str) -> dict[int, int]:
    """The final scores ``sintra replay`` prints, by seat: Sagrada's ``Result:`` line, or the
    total column of Sintra's final scoring table."""
    for line in out.splitlines():
        if line.startswith("Result: "):
            scores = [int(part.rsplit(" ", 1)[1]) for part in line[8:].split(", ")]
            return dict(enumerate(scores))
    rows = [m for m in map(_ROW.match, out.splitlines()) if m]
    return {int(m.group(1)) - 1: int(m.group(2)) for m in rows}


@pytest.mark.parametrize("item", EXTREMES, ids=[e.name for e in EXTREMES])
def test_extreme_game_replays_to_its_bound(
    item: Extreme, capsys: pytest.CaptureFixture[str]
) -> None:
    """ENG-04, ENG-25, sagrada:ENG-16: ``sintra replay`` of the record ends at the extreme
    seat's proved bound (the engine's declared ``max_score`` or ``min_score``); a lowest
    Sintra score not known to be reached lies above its bound."""
    code = main(["replay", "--quiet", "--color", "never", str(item.path)])
    out = capsys.readouterr().out
    assert code == 0
    score = _replayed_scores(out)[item.seat]
    bound = item.bound()
    if item.tight:
        assert score == bound
    else:
        assert item.kind == "lowest" and score > bound


@pytest.mark.parametrize("item", EXTREMES, ids=[e.name for e in EXTREMES])
def test_extreme_record_is_its_plan(item: Extreme) -> None:
    """The record is exactly the game its plan builds (``python -m tools.extremes``), every
    decision legal and every outcome one the pending chance step lists."""
    assert item.path.read_text("utf-8") == record_text(_built(item.name))


def test_the_index_is_what_the_games_show() -> None:
    """``tests/golden/extremes/index.json`` (read by the proofs' pages, :mod:`proofs.played`)
    holds each game's score and the bounds it reaches, measured by the engine on the game:
    the colour bonuses and window points of its completions (DONE-02, DONE-06), its side's
    bonus (FINAL-04, FINAL-05), the points of each public card (sagrada:PUB-11)."""
    entries = [index_entry(item, _built(item.name)) for item in EXTREMES]
    assert INDEX.read_text("utf-8") == index_text(entries)
    by_name = {e["name"]: e for e in entries}
    assert by_name["sintra-highest-side-b"]["shows"][-1] == {
        "proof": "side-b-bonus[shipped]",
        "key": "high",
        "value": 88,
    }


def test_extreme_records_start_before_setup_with_every_outcome_supplied() -> None:
    """ENG-25, sagrada:ENG-16: every record starts from a position, not a seed, waiting for
    setup's first chance step, and supplies its chance outcomes."""
    for item in EXTREMES:
        doc = json.loads(item.path.read_text("utf-8"))
        assert doc["seed"] is None
        assert "chance:" in doc["position"] and (
            "round:setup" in doc["position"] or "chance:strip.1." in doc["position"]
        )
        assert any(isinstance(move, dict) and "chance" in move for move in doc["moves"])


def test_the_extreme_set_covers_each_games_highest_and_lowest() -> None:
    """Issue 31: Sagrada's highest (2 players and solo) and lowest, Sintra's highest on each
    side and lowest with 2, 3 and 4 players."""
    names = {e.name for e in EXTREMES}
    assert {
        "sagrada-highest-2p",
        "sagrada-highest-solo",
        "sagrada-lowest-2p",
        "sagrada-lowest-solo",
        "sintra-highest-side-a",
        "sintra-highest-side-b",
        "sintra-lowest-2p",
        "sintra-lowest-3p",
        "sintra-lowest-4p",
    } <= names
