"""A single-agent Gymnasium environment of *Azul: Stained Glass of Sintra* (ENG-30, ENG-31).

The learner plays one seat; the other seats are played by a built-in agent
(:func:`sintra_rules.agents.make_agent`: ``"random"``, ``"greedy"``, ``"mcts"`` or ``"uct"``,
the searches with a budget such as ``"uct:200"``), each seeded from the episode's seed.

* Actions: ``Discrete(3601)``, the engine's fixed action ids
  (:mod:`sintra_rules.games.sintra.encoding`).
* Observations: ``{"observation": Box(float32, (size,)), "action_mask": Box(int8, (3601,))}``:
  :func:`sintra_rules.games.sintra.observation.observe` for the learner's seat and its legal ids.
* Rewards: at the end of the game ``+1`` if the learner is among the winners, else ``-1``
  (WIN-01 to WIN-03); 0 before. ``info["score"]`` holds the learner's final score.
* An illegal action ends the episode (``terminated``) with reward ``-1`` and
  ``info["illegal_action"] = True``; the mask says which ids are legal.
* Chance: every random step is drawn from the engine's generator, seeded by ``reset(seed=...)``
  (ENG-02). The observation holds nothing of the generator.

Importing the module registers it as :data:`ENV_ID` (``gymnasium.make(ENV_ID, ...)``).

>>> from sintra_rules.adapters.gymnasium import SintraEnv
>>> env = SintraEnv(num_players=2, opponent="greedy")
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((708,), True)
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from sintra_rules.agents import AGENT_NAMES, Agent, make_agent
from sintra_rules.errors import ConfigurationError
from sintra_rules.games.sintra.components import Side
from sintra_rules.games.sintra.encoding import NUM_ACTIONS, id_to_action, legal_mask
from sintra_rules.games.sintra.observation import observation_size, observe
from sintra_rules.games.sintra.render import render_state
from sintra_rules.games.sintra.rules import apply
from sintra_rules.games.sintra.scoring import outcome
from sintra_rules.games.sintra.setup import new_game
from sintra_rules.games.sintra.state import GameState

__all__ = ["ENV_ID", "SintraEnv"]

#: The id this module registers with Gymnasium: ``gymnasium.make(ENV_ID, num_players=3)``.
ENV_ID = "sintra_rules/Sintra-v0"

_Observation = dict[str, Any]


class SintraEnv(gym.Env[_Observation, np.int64]):
    """One seat of a game against built-in agents (see the module documentation).

    Args:
        num_players: 2 to 4 (COMP-02).
        side: the board side, ``"A"`` or ``"B"`` (SETUP-02).

        opponent: the built-in agent that plays the other seats: a name of
            :func:`~sintra_rules.agents.make_agent` (``"random"``, ``"greedy"``, ``"mcts:N"``,
            ``"uct:N"``, ...).

        seat: the learner's seat, 0 (the first player, ENG-01) to ``num_players - 1``.
        render_mode: ``None`` or ``"ansi"`` (the text board as a string).

    Raises:
        ConfigurationError: a player count, side, seat or render mode the game does not have.
        KeyError: an opponent that is not a built-in agent.
        InvalidArgument: a bad budget for a search opponent.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium reads this class attribute

    def __init__(
        self,
        num_players: int = 2,
        side: Side = "A",
        opponent: str = "greedy",
        seat: int = 0,
        render_mode: str | None = None,
    ) -> None:
        if isinstance(num_players, bool) or num_players not in (2, 3, 4):
            raise ConfigurationError("COMP-02", f"num_players must be 2 to 4, got {num_players!r}")
        if side not in ("A", "B"):
            raise ConfigurationError("SETUP-02", f"side must be 'A' or 'B', got {side!r}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_players:
            raise ConfigurationError("ENG-01", f"seat must be 0..{num_players - 1}, got {seat!r}")
        if opponent.partition(":")[0] not in AGENT_NAMES():
            raise KeyError(f"unknown agent {opponent!r} (choose from {', '.join(AGENT_NAMES())})")
        make_agent(opponent)  # a bad budget is refused here (InvalidArgument)
        if render_mode not in (None, "ansi"):
            raise ConfigurationError("ENG-31", f"render_mode must be ansi, got {render_mode!r}")
        self.num_players = num_players
        self.side: Side = side
        self.opponent = opponent
        self.seat = seat
        self.render_mode = render_mode
        size = observation_size(num_players)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.game: GameState = new_game(num_players, side, 0)
        self._others: dict[int, Agent] = {}

    def _observation(self) -> _Observation:
        vector = np.frombuffer(observe(self.game, self.seat), dtype=np.float32).copy()
        if self.game.is_over or self.game.turn != self.seat:
            mask = np.zeros(NUM_ACTIONS, np.int8)
        else:
            mask = np.frombuffer(legal_mask(self.game), dtype=np.int8).copy()
        return {"observation": vector, "action_mask": mask}

    def _play_others(self) -> None:
        """The built-in agents act until the learner is to act or the game is over."""
        while not self.game.is_over and self.game.turn != self.seat:
            self.game = apply(self.game, self._others[self.game.turn].choose(self.game))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[_Observation, dict[str, Any]]:
        """A new game; ``seed`` fixes its chance and the other seats' agents (ENG-02)."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63))
        self.game = new_game(self.num_players, self.side, game_seed)
        self._others = {
            other: make_agent(self.opponent, seed=game_seed * 4 + other + 1)
            for other in range(self.num_players)
            if other != self.seat
        }
        self._play_others()
        return self._observation(), {}

    def step(
        self, action: np.int64 | int
    ) -> tuple[_Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` (an id) for the learner, then the other seats until its next turn."""
        if self.game.is_over:
            raise ConfigurationError("END-02", "the game is over: call reset()")
        mask = legal_mask(self.game)
        index = int(action)
        if not 0 <= index < NUM_ACTIONS or not mask[index]:
            return self._observation(), -1.0, True, False, {"illegal_action": True}
        self.game = apply(self.game, id_to_action(self.game, index))
        self._play_others()
        if not self.game.is_over:
            return self._observation(), 0.0, False, False, {}
        result = outcome(self.game)
        reward = 1.0 if self.seat in result.winners else -1.0
        return self._observation(), reward, True, False, {"score": result.scores[self.seat]}

    def render(self) -> str | None:
        """The text board (``"ansi"``)."""
        return render_state(self.game) if self.render_mode == "ansi" else None


if ENV_ID not in gym.registry:
    gym.register(id=ENV_ID, entry_point="sintra_rules.adapters.gymnasium:SintraEnv")
