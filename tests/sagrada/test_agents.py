"""The built-in Sagrada agents and the rollout policy (ENG-05 generator, ENG-08 order)."""

from __future__ import annotations

from sintra_rules.games.sagrada import EndTurn, SagradaState, apply, legal_actions, new_game, result
from sintra_rules.games.sagrada.agents import AGENTS, GreedyAgent, RandomAgent, rollout_action


def play(seed: int, players: int = 2) -> SagradaState:
    state = new_game(players, seed=seed)
    agents: list[GreedyAgent | RandomAgent] = [GreedyAgent(seed=seed), RandomAgent(seed=seed)]
    while not state.is_over:
        state = apply(state, agents[state.turn].choose(state))
    return state


def test_agents_are_deterministic_for_a_seed() -> None:
    """ENG-05: the same seeds give the same game; agents only choose legal decisions."""
    assert play(4) == play(4)
    assert set(AGENTS) == {"random", "greedy"}


def test_greedy_beats_random() -> None:
    """The greedy player, which values its private colour, the publics and filled spaces
    (SCORE-01 to SCORE-04), outscores a random player in each of these seeded games."""
    for seed in range(4):
        outcome = result(play(seed))
        assert outcome.scores[0] > outcome.scores[1] and outcome.winners == (0,)


def test_rollout_policy_keeps_playing() -> None:
    """The rollout policy ends a turn only when nothing else is legal (TURN-02)."""
    state = new_game(3, seed=2)
    draw = 0
    while not state.is_over:
        actions = legal_actions(state)
        chosen = rollout_action(state, actions, draw)
        assert chosen in actions
        assert not isinstance(chosen, EndTurn) or actions == (EndTurn(),)
        state = apply(state, chosen)
        draw += 7919
