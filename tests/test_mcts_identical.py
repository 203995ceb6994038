"""The generic MCTS searches Sintra exactly as the Sintra-only MctsAgent did.

``tests/data/mcts/base-0a3d616.json`` was recorded with the pre-refactor commit 0a3d616 (the
script is in ``tests/data/mcts/README.md``): 60 searches on positions of six played games (2,
3 and 4 players, sides A and B; the first position, two in the middle and two with at most 3
pieces left, so that simulations cross the end of a round), each with two seeds and budgets,
and three complete games between MctsAgent and GreedyAgent. Every search must give the same
move, the same visits and the same average rewards to the last bit; every game the same moves.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sintra_rules import action_to_text, position_from_text
from sintra_rules.agents import Agent, play_game
from sintra_rules.games.sintra.agents import GreedyAgent
from sintra_rules.mcts import MctsAgent

DATA = json.loads(
    (Path(__file__).parent / "data" / "mcts" / "base-0a3d616.json").read_text("utf-8")
)


@pytest.mark.parametrize(
    "search", DATA["searches"], ids=lambda s: f"{s['seed']}:{s['simulations']}"
)
def test_the_same_search_as_before_the_refactor(search: dict[str, Any]) -> None:
    state = position_from_text(search["position"])
    agent = MctsAgent(seed=search["seed"], simulations=search["simulations"])
    action = agent.choose(state)
    stats = agent.last_search
    assert stats is not None
    assert action_to_text(action) == search["action"]
    assert [action_to_text(a) for a in stats.actions] == search["actions"]
    assert list(stats.visits) == search["visits"]
    assert [float(v).hex() for v in stats.values] == search["values"]


@pytest.mark.parametrize("recorded", DATA["games"], ids=lambda g: f"{g['players']}{g['side']}")
def test_the_same_games_as_before_the_refactor(recorded: dict[str, Any]) -> None:
    agents: list[Agent] = [
        MctsAgent(seed, simulations=sims) if kind == "mcts" else GreedyAgent(seed)
        for kind, seed, sims in recorded["agents"]
    ]
    game = play_game(agents, seed=recorded["seed"], options={"side": recorded["side"]})
    assert [action_to_text(a) for a in game.actions] == recorded["actions"]
    assert list(game.result.scores) == recorded["scores"]
