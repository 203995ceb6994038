"""The MCTS player: deterministic for a seed, blind to the real future draws, legal in every
configuration, and its budget options."""

from __future__ import annotations

import attrs
import pytest

from sintra_rules import GameState, legal_actions, new_game
from sintra_rules.agents import Agent, RandomAgent, play_game
from sintra_rules.mcts import MctsAgent
from tests.played import played_positions


def near_round_end(players: int) -> GameState:
    """A position of a played game with a choice to make and at most 3 pieces left to take, so
    that every simulation crosses a refill (END-03) within a few plies."""
    for state in played_positions(players, "A"):
        left = sum(state.centre) + sum(map(sum, state.factories))
        if not state.is_over and left <= 3 and len(legal_actions(state)) > 1 and state.round < 6:
            return state
    raise AssertionError("no such position")


def test_same_seed_same_search() -> None:
    """A simulation budget makes the search deterministic: same seed, same move and statistics."""
    state = played_positions(2, "B")[30]
    first, second = MctsAgent(seed=4, simulations=120), MctsAgent(seed=4, simulations=120)
    assert first.choose(state) == second.choose(state)
    assert first.last_search is not None and second.last_search is not None
    assert attrs.evolve(first.last_search, seconds=0) == attrs.evolve(second.last_search, seconds=0)
    assert first.last_search.simulations == 120
    assert sum(first.last_search.visits) == 120


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_real_future_draws_do_not_influence_the_search(players: int) -> None:
    """ENG-02, ENG-03, ENG-31: two positions that differ only in the generator (so their real
    refills differ) give the very same search, although the refills drawn inside the search do
    matter (another agent seed changes the statistics)."""
    state = near_round_end(players)
    assert state.rng is not None
    other = attrs.evolve(state, rng=state.rng ^ 0x9E3779B97F4A7C15)
    stats = []
    for position in (state, other, state):
        agent = MctsAgent(seed=11, simulations=60)
        agent.choose(position)
        assert agent.last_search is not None
        stats.append(attrs.evolve(agent.last_search, seconds=0))
    assert stats[0] == stats[1] == stats[2]
    reseeded = MctsAgent(seed=12, simulations=60)
    reseeded.choose(state)
    assert reseeded.last_search is not None
    assert attrs.evolve(reseeded.last_search, seconds=0).values != stats[0].values


@pytest.mark.parametrize("players", [2, 3, 4])
def test_plays_complete_legal_games(players: int) -> None:
    """Every move is legal (apply checks it) from the first to the last turn."""
    agents: list[Agent] = [MctsAgent(seed=s, simulations=8) for s in range(players)]
    game = play_game(agents, seed=players, options={"side": "B"})
    assert game.final.is_over


def test_beats_random() -> None:
    """A small search already wins both seats of a deal against the random player."""
    for seat in (0, 1):
        agents: list[Agent] = [RandomAgent(seed=3), RandomAgent(seed=3)]
        agents[seat] = MctsAgent(seed=3, simulations=40)
        game = play_game(agents, seed=9)
        assert game.result.winners == (seat,)


def test_time_budget() -> None:
    """With a time budget only, the search runs at least one simulation and stops."""
    agent = MctsAgent(seed=0, simulations=None, seconds=0.05)
    state = new_game(2, seed=5)
    assert agent.choose(state) in legal_actions(state)
    assert agent.last_search is not None and agent.last_search.simulations >= 1


@pytest.mark.parametrize(
    "options",
    [
        {"simulations": None},
        {"simulations": 0},
        {"simulations": 1.5},
        {"seconds": 0},
        {"exploration": -1.0},
        {"epsilon": 1.5},
    ],
)
def test_bad_options(options: dict[str, object]) -> None:
    """No budget, or an option out of range, is refused."""
    with pytest.raises(ValueError):
        MctsAgent(0, **options)  # type: ignore[arg-type]


def test_game_over() -> None:
    """ENG-05: after the game there is nothing to choose."""
    final = played_positions(2, "A")[-1]
    with pytest.raises(ValueError, match="over"):
        MctsAgent(seed=0, simulations=5).choose(final)
