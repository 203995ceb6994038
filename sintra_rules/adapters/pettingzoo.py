"""A PettingZoo AEC environment of *Azul: Stained Glass of Sintra* (ENG-30, ENG-31).

Made as PettingZoo's classic games are: :func:`env` returns the raw environment wrapped in
PettingZoo's standard wrappers (an illegal action ends the game with a penalty, out-of-range
actions are refused, the call order is enforced); :func:`raw_env` is the unwrapped class.

* Agents: ``"player_0"`` … ``"player_{N-1}"``, seat 0 first (ENG-01); seats act in the game's
  turn order, which changes from round to round (ROUND-02).
* Actions: ``Discrete(3601)``, the engine's fixed action ids
  (:mod:`sintra_rules.games.sintra.encoding`).
* Observations: a dict ``{"observation": Box(float32, (size,)), "action_mask": Box(int8,
  (3601,))}`` where ``observation`` is :func:`sintra_rules.games.sintra.observation.observe` for
  that agent's seat (708 / 1,029 / 1,350 values for 2 / 3 / 4 players) and ``action_mask`` marks the
  legal ids of the agent to act (all zeros for the others, as in PettingZoo's chess).
* Rewards: at the end, ``+1`` to each winner and ``-1`` to every other player (WIN-01 to
  WIN-03: a shared victory rewards every winner); 0 before. ``infos[agent]["score"]`` holds the
  final score.
* Chance: the engine draws every random step from its generator (ENG-02), seeded by
  ``reset(seed=...)`` (or by PettingZoo's own seeding when no seed is given), so a seed gives
  the same game for the same actions. Observations hold nothing of the generator.

>>> from sintra_rules.adapters.pettingzoo import env
>>> game = env(num_players=2, side="A")
>>> game.reset(seed=1)
>>> game.agent_selection, int(game.action_space("player_0").n)
('player_0', 3601)
>>> from sintra_rules import legal_actions
>>> mask = game.observe("player_0")["action_mask"]
>>> int(mask.sum()) == len(legal_actions(game.unwrapped.state_)), mask.dtype.name
(True, 'int8')
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from sintra_rules.errors import ConfigurationError
from sintra_rules.games.sintra.components import Side
from sintra_rules.games.sintra.encoding import NUM_ACTIONS, id_to_action, legal_mask
from sintra_rules.games.sintra.observation import observation_size, observation_string, observe
from sintra_rules.games.sintra.render import render_state
from sintra_rules.games.sintra.rules import apply
from sintra_rules.games.sintra.scoring import outcome
from sintra_rules.games.sintra.setup import new_game
from sintra_rules.games.sintra.state import GameState

__all__ = ["SintraAECEnv", "env", "raw_env"]


def env(num_players: int = 2, side: Side = "A", render_mode: str | None = None) -> Any:
    """The environment with PettingZoo's standard wrappers for a classic game.

    Args:
        num_players: 2 to 4 (COMP-02).
        side: the board side, ``"A"`` or ``"B"`` (SETUP-02).
        render_mode: ``None``, ``"ansi"`` (the text board as a string) or ``"human"`` (printed).

    Returns:
        ``SintraAECEnv`` inside ``TerminateIllegalWrapper`` (an illegal action ends the game,
        -1 for the agent that played it), ``AssertOutOfBoundsWrapper`` and
        ``OrderEnforcingWrapper``.

    Raises:
        ConfigurationError: a player count, side or render mode the game does not have.
    """
    inner: Any = SintraAECEnv(num_players=num_players, side=side, render_mode=render_mode)
    inner = wrappers.TerminateIllegalWrapper(inner, illegal_reward=-1)
    inner = wrappers.AssertOutOfBoundsWrapper(inner)
    return wrappers.OrderEnforcingWrapper(inner)


class SintraAECEnv(AECEnv):  # type: ignore[misc]
    """The raw AEC environment (see the module documentation)."""

    metadata = {  # noqa: RUF012 - PettingZoo reads this class attribute
        "render_modes": ["ansi", "human"],
        "name": "sintra_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self, num_players: int = 2, side: Side = "A", render_mode: str | None = None
    ) -> None:
        super().__init__()
        if isinstance(num_players, bool) or num_players not in (2, 3, 4):
            raise ConfigurationError("COMP-02", f"num_players must be 2 to 4, got {num_players!r}")
        if side not in ("A", "B"):
            raise ConfigurationError("SETUP-02", f"side must be 'A' or 'B', got {side!r}")
        if render_mode not in (None, "ansi", "human"):
            raise ConfigurationError(
                "ENG-31", f"render_mode must be ansi or human, got {render_mode!r}"
            )
        self.num_players = num_players
        self.side: Side = side
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(num_players)]
        self.agents = list(self.possible_agents)
        size = observation_size(num_players)
        # One space object per agent, made once: PettingZoo's api_test and seed_test require
        # the same object on every call, and not one shared by the class.
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {
            agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents
        }
        self._seed_rng = np.random.default_rng()
        self.state_: GameState = new_game(num_players, side, 0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: the 3,601 fixed action ids."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes all its chance (ENG-02)."""
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        game_seed = int(self._seed_rng.integers(0, 2**63))
        self.state_ = new_game(self.num_players, self.side, game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state_.turn]
        self._set_legal_moves()

    def _set_legal_moves(self) -> None:
        """``infos[agent]["legal_moves"]`` for the agent to act, as the wrappers read it."""
        to_act = self.agent_selection
        for agent in self.agents:
            self.infos[agent].pop("legal_moves", None)
        if not self.state_.is_over:
            mask = np.frombuffer(legal_mask(self.state_), dtype=np.int8)
            self.infos[to_act]["legal_moves"] = np.flatnonzero(mask).tolist()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """What ``agent`` sees, and its legal-action mask (zeros unless it is to act)."""
        seat = self.possible_agents.index(agent)
        vector = np.frombuffer(observe(self.state_, seat), dtype=np.float32).copy()
        if agent == self.agent_selection and not self.state_.is_over:
            mask = np.frombuffer(legal_mask(self.state_), dtype=np.int8).copy()
        else:
            mask = np.zeros(NUM_ACTIONS, np.int8)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int) -> None:
        """Play ``action`` (an id) for the agent to act (TURN-01)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.state_ = apply(self.state_, id_to_action(self.state_, int(action)))
        if self.state_.is_over:
            result = outcome(self.state_)
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = 1 if seat in result.winners else -1
                self.terminations[name] = True
                self.infos[name]["score"] = result.scores[seat]
        else:
            self.agent_selection = self.possible_agents[self.state_.turn]
        self._set_legal_moves()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The text board (``"ansi"``: returned; ``"human"``: printed)."""
        text = render_state(self.state_)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def observation_string(self, agent: str) -> str:
        """What ``agent`` sees, as one line (ENG-31)."""
        return observation_string(self.state_, self.possible_agents.index(agent))

    def close(self) -> None:
        """Nothing to release."""


#: The unwrapped environment class, as PettingZoo's classic modules name it.
raw_env = SintraAECEnv
