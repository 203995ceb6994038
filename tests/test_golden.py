"""Golden playthroughs: complete seeded games replayed digest by digest (ENG-02, ENG-03, ENG-06).

Each ``tests/golden/*.json`` file pins every state of one game (see tests/golden/README.md).
A failure names the first differing ply, both digests and the action. A deliberate change of
behaviour needs a CHANGELOG entry and a ``BEHAVIOUR_VERSION`` bump, then
``python -m tests.golden_tool --write``.

The events each file claims (wraps of the track, refills of the bag from the tower, partial
refills) are recounted here from the replayed states alone, without the invariant checker.
"""

from __future__ import annotations

import copy
import itertools
import json
from typing import Any

import pytest

from sintra_rules import (
    BEHAVIOUR_VERSION,
    GameState,
    action_from_text,
    apply,
    new_game,
    record_from_json,
    record_game,
)
from tests.golden_tool import GOLDEN_DIR, GOLDEN_GAMES, GoldenGame, compare_golden, readme

DOCS: dict[str, dict[str, Any]] = {
    game.name: json.loads((GOLDEN_DIR / f"{game.name}.json").read_text("utf-8"))
    for game in GOLDEN_GAMES
}
IDS = [game.name for game in GOLDEN_GAMES]


def states(doc: dict[str, Any]) -> list[GameState]:
    record = doc["record"]
    state = new_game(record["players"], record["side"], record["seed"])
    out = [state]
    for text in record["actions"]:
        state = apply(state, action_from_text(text))
        out.append(state)
    return out


@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=IDS)
def test_golden_game_replays_digest_by_digest(game: GoldenGame) -> None:
    """ENG-02, ENG-03, ENG-06: every state of the replay has the recorded digest."""
    doc = DOCS[game.name]
    assert doc["behaviour_version"] == BEHAVIOUR_VERSION
    problem = compare_golden(doc)
    assert problem is None, problem


@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=IDS)
def test_golden_record_loads_and_matches_its_definition(game: GoldenGame) -> None:
    """ENG-04, WIN-01..03: the embedded record loads (its result checked by replay) and is the
    record of the file's configuration and actions; the game is complete (END-02)."""
    doc = DOCS[game.name]
    record = record_from_json(json.dumps(doc["record"]))
    assert (record.num_players, record.side, record.seed) == (game.players, game.side, game.seed)
    assert record == record_game(game.players, game.side, game.seed, doc["record"]["actions"])
    assert record.result is not None


def recount(doc: dict[str, Any]) -> dict[str, int]:
    """Events seen in the replayed states, by the rules' definitions:
    wraps from points lost = 18 x wraps + |value| (TRACK-04); a tower refill when the tower is
    empty right after a refill, although END-01 has just put the round's piece into it
    (END-04); a partial fill when fewer than 4 x displays pieces were drawn (END-05)."""
    seq = states(doc)
    final = seq[-1]
    track = final.components.track
    wraps = sum((p.points_lost + track[p.marker]) // 18 for p in final.players)
    refills = partial = 0
    for before, after in itertools.pairwise(seq):
        if after.round == before.round or after.is_over:
            continue
        refills += not any(after.tower)
        need = len(after.factories) * after.components.factory_capacity
        partial += sum(map(sum, after.factories)) < need
    return {"wraps": wraps, "tower_refills": refills, "partial_fills": partial}


@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=IDS)
def test_golden_events_recounted_track_03_end_04_end_05(game: GoldenGame) -> None:
    """TRACK-03, TRACK-04, END-04, END-05, RUL-12, RUL-13: the events stored in the file are
    those of the replay, and each event the file is meant to show is there."""
    doc = DOCS[game.name]
    counts = recount(doc)
    assert counts == doc["events"]
    for event in game.shows:
        assert counts[event] > 0, f"{game.name} should show {event}"


def test_golden_set_covers_every_configuration_and_event() -> None:
    """COMP-02, SETUP-02: 2, 3 and 4 players on both sides; and at least one game wraps the
    track (TRACK-03), one refills the bag from the tower (END-04), one has a partial fill
    (END-05)."""
    configs = {(game.players, game.side) for game in GOLDEN_GAMES}
    assert configs == {(p, s) for p in (2, 3, 4) for s in ("A", "B")}
    for event in ("wraps", "tower_refills", "partial_fills"):
        assert any(DOCS[game.name]["events"][event] for game in GOLDEN_GAMES), event


def test_golden_readme_is_current() -> None:
    """The README's table is the one the tool writes from the current files."""
    text = (GOLDEN_DIR / "README.md").read_text("utf-8")
    assert text == readme([DOCS[name] for name in IDS])


def test_a_changed_state_is_reported_with_ply_digests_and_action() -> None:
    """ENG-06: a digest that differs is reported at its ply with both digests, the action
    and the reminder that a deliberate change needs a CHANGELOG entry and a version bump."""
    doc = copy.deepcopy(DOCS["2B-uniform"])
    doc["digests"][10] = "0" * 64
    problem = compare_golden(doc)
    assert problem is not None
    assert "ply 10" in problem and doc["record"]["actions"][9] in problem
    assert "0" * 64 in problem and DOCS["2B-uniform"]["digests"][10] in problem
    assert "CHANGELOG" in problem and "BEHAVIOUR_VERSION" in problem


def test_a_rejected_action_and_an_old_version_are_reported() -> None:
    """ENG-06, TAKE-04: a recorded action the engine now rejects, and a file from another
    behaviour version, are reported with the reminder."""
    doc = copy.deepcopy(DOCS["3A-placing"])
    doc["record"]["actions"][0] = "9Y-1"  # 3 players have 7 displays: there is no display 9
    problem = compare_golden(doc)
    assert problem is not None and "ply 1" in problem and "BEHAVIOUR_VERSION" in problem
    old = copy.deepcopy(DOCS["3A-placing"])
    old["behaviour_version"] = BEHAVIOUR_VERSION - 1
    problem = compare_golden(old)
    assert problem is not None and "CHANGELOG" in problem
