"""Positions of complete games between built-in players, shared by the game-AI tests."""

from __future__ import annotations

import functools

from sintra_rules import GameState, Side
from sintra_rules.agents import RandomAgent, play_game
from sintra_rules.games.sintra.agents import GreedyAgent


@functools.cache
def played_positions(players: int, side: Side) -> tuple[GameState, ...]:
    """Every position of four games, the final ones included: two between random players and
    two where greedy players hold seats 0 and 1 (so that strips get completed, joker spaces
    come face up and kept colours are chosen)."""
    out: list[GameState] = []
    for seed in range(4):
        agents: list[RandomAgent | GreedyAgent] = [
            RandomAgent(seed=100 * seed + s) for s in range(players)
        ]
        if seed >= 2:
            agents[0] = GreedyAgent(seed=seed)
            agents[1] = GreedyAgent(seed=seed + 10)
        game = play_game(agents, seed=1000 + seed, options={"side": side})
        out.extend(game.states)
        out.append(game.final)
    return tuple(out)
