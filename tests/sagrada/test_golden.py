"""Sagrada's golden playthroughs and perft counts, replayed in CI (ENG-02, ENG-05, ENG-11).

Each ``tests/golden/sagrada-*.json`` pins every state of one complete seeded game by its digest
(a playthrough of the library's format, :mod:`sintra_rules.verify.golden`);
a failure names the first differing ply, both digests and the decision. Each
``tests/data/perft/sagrada-*.json`` holds a position and its decision-sequence counts, which are
recounted with the engine and, to the oracle's depth, with the independent oracle's branching
(:func:`~sintra_rules.games.sagrada.verify.oracle.expected_decisions`) instead of
``legal_actions``. See :mod:`tests.sagrada.golden_tool` for how the files are made.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from sintra_rules.games.sagrada import (
    BEHAVIOUR_VERSION,
    GAME,
    UseTool,
    action_from_text,
    action_to_text,
    apply,
    legal_actions,
    state_digest,
)
from sintra_rules.verify.golden import Playthrough, playthrough_from_json, playthrough_states
from tests.sagrada.golden_tool import (
    GOLDEN_DIR,
    GOLDEN_GAMES,
    ORACLE_DEPTH,
    PERFT_DIR,
    PERFT_POSITIONS,
    GoldenGame,
    PerftPosition,
    compare_golden,
    options,
    oracle_perft,
    perft,
    perft_state,
    play_actions,
)

GOLDEN: dict[str, Playthrough] = {
    game.name: playthrough_from_json((GOLDEN_DIR / f"{game.name}.json").read_text("utf-8"))
    for game in GOLDEN_GAMES
}
PERFT: dict[str, dict[str, Any]] = {
    pos.name: json.loads((PERFT_DIR / f"{pos.name}.json").read_text("utf-8"))
    for pos in PERFT_POSITIONS
}


def tools_used(played: Playthrough) -> set[int]:
    return {
        action.tool
        for action in map(action_from_text, played.actions)
        if isinstance(action, UseTool)
    }


@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=[g.name for g in GOLDEN_GAMES])
def test_golden_game_replays_digest_by_digest(game: GoldenGame) -> None:
    """ENG-02, ENG-05, ENG-11: every state of the replay has the recorded digest."""
    played = GOLDEN[game.name]
    assert played.game == "sagrada" and played.behaviour_version == BEHAVIOUR_VERSION
    assert compare_golden(played) is None


@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=[g.name for g in GOLDEN_GAMES])
def test_golden_game_is_its_definition(game: GoldenGame) -> None:
    """The file is the game its definition plays afresh (seeded players, ENG-05), to the end
    (ROUND-06), and every tool it uses is in play (SETUP-04, SOLO-01)."""
    played = GOLDEN[game.name]
    assert (played.num_players, played.seed, dict(played.options)) == (
        game.players,
        game.seed,
        options(game.players, game.tools),
    )
    assert list(played.actions) == [action_to_text(a) for a in play_actions(game)]
    final = playthrough_states(played, game=GAME)[-1]
    assert final.is_over
    in_play = {final.components.tools[t].number for t in final.tools}
    assert len(in_play) == (game.tools if game.players == 1 else 3)
    assert tools_used(played) <= in_play


def test_golden_set_covers_every_player_count_and_tool() -> None:
    """COMP-02, COMP-06, SOLO-01: the set plays 1 to 4 players (the solo game at 1 and 5
    tools), and every one of the 12 tool cards is used at least once across it."""
    assert {p.num_players for p in GOLDEN.values()} == {1, 2, 3, 4}
    assert {dict(p.options).get("tools") for p in GOLDEN.values() if p.num_players == 1} == {
        "1",
        "5",
    }
    used = set().union(*(tools_used(p) for p in GOLDEN.values()))
    assert used == set(range(1, 13))


def test_a_changed_state_is_reported() -> None:
    """ENG-11: a digest that differs is reported at its ply with both digests, the decision
    and the reminder; so is a file of another behaviour version."""
    played = GOLDEN["sagrada-2p-eager"]
    digests = list(played.digests)
    digests[10] = "0" * 64
    problem = compare_golden(attrs.evolve(played, digests=digests))
    assert problem is not None
    assert "ply 10" in problem and played.actions[9] in problem and "0" * 64 in problem
    assert "BEHAVIOUR_VERSION" in problem
    old = attrs.evolve(played, behaviour_version=BEHAVIOUR_VERSION + 1)
    problem = compare_golden(old)
    assert problem is not None and "CHANGELOG" in problem


# ------------------------------------------------------------------------------- perft


@pytest.mark.parametrize("pos", PERFT_POSITIONS, ids=[p.name for p in PERFT_POSITIONS])
def test_perft_counts_match_the_data(pos: PerftPosition) -> None:
    """TURN-01, ENG-02, ENG-05, ENG-08: the position is the recorded one (digest) and the
    engine counts the recorded numbers at every depth."""
    doc = PERFT[pos.name]
    assert (doc["players"], doc["seed"], doc["tools"], doc["plies"]) == (
        pos.players,
        pos.seed,
        pos.tools,
        pos.plies,
    )
    state = perft_state(doc)
    assert state_digest(state) == doc["digest"], f"{pos.name}: the position itself changed"
    assert {int(d) for d in doc["counts"]} == set(range(1, pos.depth + 1))
    for depth, count in doc["counts"].items():
        assert perft(state, int(depth)) == count, f"{pos.name} depth {depth}"


@pytest.mark.parametrize("pos", PERFT_POSITIONS, ids=[p.name for p in PERFT_POSITIONS])
def test_perft_counts_with_the_oracles_branching(pos: PerftPosition) -> None:
    """PLACE-10, TOOL-01 to TOOL-14, RUL-05, RUL-09: counted with the independent oracle's
    decisions instead of ``legal_actions``, the shallow depths give the same numbers."""
    doc = PERFT[pos.name]
    state = perft_state(doc)
    for depth in range(1, min(ORACLE_DEPTH, pos.depth) + 1):
        assert oracle_perft(state, depth) == doc["counts"][str(depth)], f"depth {depth}"


def test_perft_by_hand_setup_rul_10() -> None:
    """RUL-10: at setup each seat chooses among the 4 faces of its two cards: 4 sequences of
    one decision, 16 of two."""
    counts = PERFT["sagrada-setup-2p"]["counts"]
    assert (counts["1"], counts["2"]) == (4, 16)


def reaches(state: Any, depth: int, test: Any) -> bool:
    if depth == 0 or state.is_over:
        return False
    return any(
        test(state, after) or reaches(after, depth - 1, test)
        for after in (apply(state, a) for a in legal_actions(state))
    )


def test_end_positions_end_inside_the_tree_round_04_round_06() -> None:
    """ROUND-04, ROUND-06: the round-end position's tree crosses the end of a round (a new
    pool drawn inside ``apply``), and the game-end position's tree holds finished games."""
    round_end = perft_state(PERFT["sagrada-round-end-3p"])
    assert reaches(round_end, 8, lambda a, b: b.round == a.round + 1)
    game_end = perft_state(PERFT["sagrada-game-end-2p"])
    assert reaches(game_end, 6, lambda a, b: b.is_over)
    assert perft(game_end, 9) == perft(game_end, 12)  # every line has ended by then
