"""The adapters pass their libraries' own conformance suites (ENG-07, ENG-30, ENG-31).

OpenSpiel's ``random_sim_test`` (with serialization) and its playthrough generator, PettingZoo's
``api_test`` and ``seed_test``, and Gymnasium's ``check_env``, for 2, 3 and 4 players; plus what
those suites do not look at: exact chance probabilities, the proved game facts, rewards that
match the engine's outcome, and that an explicit-chance state holds no generator.
"""

from __future__ import annotations

import copy
import importlib
import random
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import sintra_rules.adapters.openspiel as spiel
from sintra_rules import apply, chance_outcomes, legal_actions, new_game, outcome
from sintra_rules.adapters.gymnasium import ENV_ID, SintraEnv
from sintra_rules.adapters.pettingzoo import env as pz_env
from sintra_rules.games.sintra.bounds import HIGHEST_FINAL_SCORE, LOWEST_FINAL_SCORE, TURNS_PER_GAME
from sintra_rules.games.sintra.encoding import NUM_ACTIONS, action_to_id

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = (2, 3, 4)


# --- OpenSpiel ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [spiel.EXPLICIT_NAME, spiel.SAMPLED_NAME])
@pytest.mark.parametrize("players", PLAYERS)
def test_openspiel_random_sim_test_with_serialization(name: str, players: int) -> None:
    """pyspiel's own conformance check, serialization included, for every player count."""
    side = "A" if players != 3 else "B"
    game = pyspiel.load_game(name, {"players": players, "side": side})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("players", PLAYERS)
def test_openspiel_game_facts_come_from_the_proved_bounds(players: int) -> None:
    """Maximum game length and utility range are the proved bounds of
    sintra_rules.games.sintra.bounds."""
    for side in ("A", "B"):
        game = pyspiel.load_game(spiel.EXPLICIT_NAME, {"players": players, "side": side})
        assert game.num_players() == players
        assert game.num_distinct_actions() == NUM_ACTIONS == 3601
        assert (
            game.max_game_length() == TURNS_PER_GAME[players] == {2: 240, 3: 348, 4: 432}[players]
        )
        assert game.min_utility() == LOWEST_FINAL_SCORE[players]
        assert game.max_utility() == HIGHEST_FINAL_SCORE[side]
        assert game.max_chance_outcomes() == 8


def test_openspiel_bad_parameters_are_refused() -> None:
    """A player count or side the game does not have is refused, naming the clause."""
    with pytest.raises(Exception, match="COMP-02"):
        pyspiel.load_game(spiel.EXPLICIT_NAME, {"players": 5})
    with pytest.raises(Exception, match="SETUP-02"):
        pyspiel.load_game(spiel.SAMPLED_NAME, {"side": "C"})


def test_openspiel_chance_nodes_carry_the_exact_probabilities() -> None:
    """Every chance node of a game lists the engine's outcomes with their exact probabilities
    (as floats), and the engine state behind an explicit-chance game has no generator."""
    game = pyspiel.load_game(spiel.EXPLICIT_NAME, {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(4)
    kinds: set[str] = set()
    while not state.is_terminal():
        engine = state.engine_state
        assert engine.rng is None
        if state.is_chance_node():
            kinds.add(engine.chance.kind)
            exact = chance_outcomes(engine)
            assert sum(p for _, p in exact) == Fraction(1)
            assert state.chance_outcomes() == [(o, float(p)) for o, p in exact]
            assert state.legal_actions() == [o for o, _ in exact]
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            assert state.legal_actions() == [action_to_id(a) for a in legal_actions(engine)]
            state.apply_action(rng.choice(state.legal_actions()))
    assert kinds == {"strip", "face", "indicator", "first", "fill"}
    assert state.returns() == [float(p.score) for p in state.engine_state.players]


def test_openspiel_clones_share_the_immutable_engine_state() -> None:
    """OpenSpiel deep-copies a Python state to clone it; the engine state is shared, not
    copied, and a clone moves on independently."""
    game = pyspiel.load_game(spiel.SAMPLED_NAME, {"players": 2, "seed": 3})
    state = game.new_initial_state()
    clone = state.clone()
    assert clone.engine_state is state.engine_state
    assert copy.deepcopy(state._held) is state._held
    clone.apply_action(clone.legal_actions()[0])
    assert clone.engine_state != state.engine_state
    assert state.engine_state == new_game(2, "A", 3)


def test_openspiel_sampled_game_is_the_seeded_game() -> None:
    """``python_sintra_sampled`` with seed S plays new_game(players, side, S) and apply."""
    game = pyspiel.load_game(spiel.SAMPLED_NAME, {"players": 3, "side": "B", "seed": 9})
    state = game.new_initial_state()
    engine = new_game(3, "B", 9)
    rng = random.Random(2)
    for _ in range(60):
        assert state.engine_state == engine
        action = rng.choice(legal_actions(engine))
        state.apply_action(action_to_id(action))
        engine = apply(engine, action)


def _playthroughs() -> Any:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        return importlib.import_module("openspiel_playthroughs")
    finally:
        sys.path.remove(str(ROOT / "tools"))


@pytest.mark.parametrize("index", range(2))
def test_openspiel_playthroughs_match_the_stored_files(index: int) -> None:
    """OpenSpiel's playthrough generator gives the stored files again, byte for byte
    (regenerate with ``python tools/openspiel_playthroughs.py`` after a deliberate change)."""
    tool = _playthroughs()
    name, game, seed = tool.PLAYTHROUGHS[index]
    stored = (tool.FOLDER / name).read_text("utf-8")
    made = tool.make(game, seed)
    if made != stored:
        lines = zip(stored.splitlines(), made.splitlines(), strict=False)
        first = next(i for i, (a, b) in enumerate(lines) if a != b)
        pytest.fail(f"{name} differs from line {first + 1}: {made.splitlines()[first][:200]}")


def test_openspiel_mcts_bot_plays_complete_games() -> None:
    """OpenSpiel's MCTS bot (random rollouts) plays whole games through the chance nodes."""
    from open_spiel.python.algorithms import mcts

    for players in (2, 3):
        game = pyspiel.load_game(spiel.EXPLICIT_NAME, {"players": players})
        rng = np.random.RandomState(players)
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        bot = mcts.MCTSBot(game, 200.0, 3, evaluator, random_state=rng)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        scores = state.returns()
        assert game.min_utility() <= min(scores) and max(scores) <= game.max_utility()


def test_openspiel_observation_is_the_engine_observation() -> None:
    """The observation tensor and string are the engine's, for the observing seat."""
    from sintra_rules.games.sintra.observation import observation_string, observe

    game = pyspiel.load_game(spiel.SAMPLED_NAME, {"players": 4, "seed": 1})
    state = game.new_initial_state()
    for _ in range(7):
        state.apply_action(state.legal_actions()[-1])
    for seat in range(4):
        expected = np.frombuffer(observe(state.engine_state, seat), dtype=np.float32)
        assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
        assert state.observation_string(seat) == observation_string(state.engine_state, seat)


# --- PettingZoo -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_pettingzoo_api_test(players: int) -> None:
    """PettingZoo's own API conformance test."""
    api_test(pz_env(num_players=players), num_cycles=1000, verbose_progress=False)


@pytest.mark.parametrize("players", PLAYERS)
def test_pettingzoo_seed_test(players: int) -> None:
    """PettingZoo's own determinism test: the same seed gives the same game."""
    seed_test(lambda: pz_env(num_players=players, side="B"), num_cycles=500)


def test_pettingzoo_game_to_the_end_rewards_the_winners() -> None:
    """Legal play to the end: +1 to each winner, -1 to the others, the scores in the infos."""
    game = pz_env(num_players=3, side="A")
    game.reset(seed=8)
    rng = np.random.default_rng(8)
    final: dict[str, tuple[float, int]] = {}
    for agent in game.agent_iter():
        _, reward, terminated, _, info = game.last()
        if terminated:
            final[agent] = (reward, info["score"])
            game.step(None)
            continue
        mask = game.observe(agent)["action_mask"]
        game.step(int(rng.choice(np.flatnonzero(mask))))
    result = outcome(game.unwrapped.state_)
    assert final == {
        f"player_{seat}": (1 if seat in result.winners else -1, result.scores[seat])
        for seat in range(3)
    }


# --- Gymnasium ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_gymnasium_check_env(players: int) -> None:
    """Gymnasium's own environment checker, on the registered environment."""
    env = gymnasium.make(ENV_ID, num_players=players, render_mode="ansi")
    check_env(env.unwrapped)


def test_gymnasium_episode_to_the_end() -> None:
    """Legal play to the end against greedy: +1 or -1 as the engine's outcome says; an illegal
    id ends the episode with -1."""
    env = SintraEnv(num_players=2, opponent="greedy", seat=1)
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    done = False
    reward: Any = 0.0
    info: dict[str, Any] = {}
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, _, info = env.step(action)
    result = outcome(env.game)
    assert reward == (1.0 if 1 in result.winners else -1.0)
    assert info["score"] == result.scores[1]
    obs, _ = env.reset(seed=5)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info) == (-1.0, True, {"illegal_action": True})
