"""The built-in Sagrada agents and the rollout policy (ENG-05 generator, ENG-08 order)."""

from __future__ import annotations

import attrs
import pytest

import sintra_rules.games.sagrada.agents as agents_module
from sintra_rules.games.sagrada import (
    Action,
    EndTurn,
    SagradaState,
    apply,
    determinize,
    legal_actions,
    new_game,
    result,
)
from sintra_rules.games.sagrada.agents import (
    AGENTS,
    GreedyAgent,
    RandomAgent,
    SearchAgent,
    rollout_action,
)
from sintra_rules.rng import seed_state


def play(seed: int, players: int = 2) -> SagradaState:
    state = new_game(players, seed=seed)
    agents: list[GreedyAgent | RandomAgent] = [GreedyAgent(seed=seed), RandomAgent(seed=seed)]
    while not state.is_over:
        state = apply(state, agents[state.turn].choose(state))
    return state


def test_agents_are_deterministic_for_a_seed() -> None:
    """ENG-05: the same seeds give the same game; agents only choose legal decisions."""
    assert play(4) == play(4)
    assert set(AGENTS) == {"random", "greedy", "search"}


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


# --- the search (issue 24) -----------------------------------------------------------


def _midgame(seed: int = 5, plies: int = 40) -> SagradaState:
    """A 2-player position after ``plies`` greedy decisions, moved on to the first decision of
    seat 0 with a choice (a draft: several legal actions)."""
    state = new_game(2, seed=seed)
    agents = [GreedyAgent(seed=1), GreedyAgent(seed=2)]
    done = 0
    while done < plies or state.turn != 0 or len(legal_actions(state)) < 3:
        state = apply(state, agents[state.turn].choose(state))
        done += 1
    return state


def _hidden_changed(state: SagradaState) -> SagradaState:
    """``state`` with another private objective for seat 1 (one seat 0 does not hold) and
    another generator (so other dice to come)."""
    mine = state.players[0].privates
    theirs = state.players[1].privates
    other = next(c for c in range(5) if c not in mine and c not in theirs)
    players = (state.players[0], attrs.evolve(state.players[1], privates=(other,)))
    return attrs.evolve(state, players=players, rng=seed_state(987654321))


def _searched(state: SagradaState) -> tuple[Action, tuple[tuple[Action, float], ...]]:
    agent = SearchAgent(seed=7, samples=3)
    action = agent.choose(state)
    return action, agent.last_search


def test_search_does_not_see_hidden_objectives_or_future_dice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ENG-06: two positions that differ only in what seat 0 cannot see (seat 1's private
    objective, the generator of the dice to come) get the very same search; a search whose
    determinization keeps the other seat's objective (it peeks) values them differently."""
    real = _midgame()
    changed = _hidden_changed(real)
    assert real != changed and real.players[0] == changed.players[0]
    first = _searched(real)
    assert len(first[1]) > 1
    assert first == _searched(changed)

    def peeking(state: SagradaState, seed: int, viewer: int | None = None) -> SagradaState:
        return determinize(state, seed)  # keeps every private objective

    monkeypatch.setattr(agents_module, "determinize", peeking)
    assert _searched(real)[1] != _searched(changed)[1]


def test_search_is_deterministic_for_a_seed_and_plays_legal_actions() -> None:
    """ENG-05: the same seeds give the same game; every decision is legal (ENG-08); a forced
    decision is played without a search."""

    def game(seed: int) -> tuple[Action, ...]:
        state = new_game(2, seed=seed)
        agents: list[SearchAgent | RandomAgent] = [
            SearchAgent(seed=seed, samples=2, width=2),
            RandomAgent(seed=seed),
        ]
        chosen: list[Action] = []
        while not state.is_over:
            action = agents[state.turn].choose(state)
            assert action in legal_actions(state)
            chosen.append(action)
            state = apply(state, action)
        return tuple(chosen)

    assert game(3) == game(3)
    agent = SearchAgent(seed=1)
    forced = _midgame()
    while len(legal_actions(forced)) != 1:
        forced = apply(forced, legal_actions(forced)[0])
    agent.choose(forced)
    assert agent.last_search == ()


def test_search_beats_random() -> None:
    """The search, whose playouts are greedy (SCORE-01 to SCORE-04), outscores a random player
    in each of these seeded games, in both seats."""
    for seed in range(2):
        agents: list[SearchAgent | RandomAgent] = [SearchAgent(seed, samples=2), RandomAgent(seed)]
        if seed == 1:
            agents.reverse()
        state = new_game(2, seed=seed)
        while not state.is_over:
            state = apply(state, agents[state.turn].choose(state))
        me = seed % 2
        assert result(state).winners == (me,)


def test_search_refuses_bad_options() -> None:
    for kwargs in ({"samples": 0}, {"width": 0}, {"horizon": -1}):
        with pytest.raises(ValueError):
            SearchAgent(**kwargs)
