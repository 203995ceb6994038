"""A PettingZoo AEC environment of any game of the library (ENG-30, ENG-31).

Made as PettingZoo's classic games are: :func:`env` returns the raw environment wrapped in
PettingZoo's standard wrappers (an illegal action ends the game with a penalty, out-of-range
actions are refused, the call order is enforced); :func:`raw_env` is the unwrapped class. The
game is a :class:`~sintra_rules.game.Game` value or a registry name (``game="sintra"``, the
default); its options are keyword arguments (Sintra: ``side="A"``).

* Agents: ``"player_0"`` … ``"player_{N-1}"``, one per seat. ``agent_selection`` is the seat
  the game says is to act, so an agent may act several times in a row (a turn of several
  actions, a snake order); a 1-player game has one agent.
* Actions: ``Discrete(facts.num_actions)``, the game's fixed action ids (Sintra: 3,601).
* Observations: a dict ``{"observation": Box(float32, (size,)), "action_mask": Box(int8,
  (num_actions,))}`` where ``observation`` is ``game.observe`` for that agent's seat (only what
  that seat may see; Sintra: 708 / 1,029 / 1,350 values for 2 / 3 / 4 players) and
  ``action_mask`` marks the legal ids (``game.legal_ids``) of the agent to act (all zeros for
  the others), as PettingZoo's classic games (chess, go) give it. With
  ``observation_form="array"`` the observation is the ``Box`` array itself and the mask is in
  ``infos[agent]["action_mask"]``, PettingZoo's other place for it: the form its ``api_test``
  passes without a warning (it names the classic games whose dict observations it accepts,
  and warns of every other dict). The ``Box``'s bounds are the game's
  ``facts.observation_low`` and ``observation_high`` (Sagrada: 0 to 18, 24 with 4 players).
* Rewards: at the end, ``+1`` to each winner and ``-1`` to every other seat (a shared victory
  rewards every winner; a lost solo game gives ``-1``); 0 before. ``infos[agent]["score"]``
  holds the final score.
* Chance: the game draws every random step from its generator, seeded by ``reset(seed=...)``
  (or by PettingZoo's own seeding when no seed is given), so a seed gives the same game for the
  same actions. Observations hold nothing of the generator.
* Render (``render_mode="ansi"`` returns the text, ``"human"`` prints it): the text board as
  the agent to act may see it (:func:`~sintra_rules.adapters.seat_view`; Sagrada: the
  other seats' private objectives hidden until the game is over), so an agent reading it
  learns nothing hidden from it. ``render_view="player_1"`` shows one agent's view whoever is
  to act; ``render_view="spectator"`` shows everything, every seat's secrets included: for a
  person watching, never for an agent.

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

from sintra_rules.adapters._common import (
    SPECTATOR,
    GameLike,
    check_setting,
    default_players,
    resolve_game,
    seat_view,
)
from sintra_rules.errors import ConfigurationError
from sintra_rules.game import Game, resolve_chance

__all__ = ["GameAECEnv", "env", "raw_env"]


def env(
    num_players: int | None = None,
    render_mode: str | None = None,
    *,
    game: GameLike = None,
    render_view: str = "to_act",
    observation_form: str = "dict",
    **options: str,
) -> Any:
    """The environment with PettingZoo's standard wrappers for a classic game.

    Args:
        num_players: one of the game's player counts (default: 2 when it takes 2, else its
        smallest; Sintra: 2 to 4, COMP-02).
        render_mode: ``None``, ``"ansi"`` (the text board as a string) or ``"human"`` (printed).
        game: the game, a registry name, or ``None`` for Sintra.
        render_view: whose view the render shows: ``"to_act"`` (the default: the agent to act),
        an agent's name (``"player_0"``: always that agent's) or ``"spectator"`` (everything,
        every seat's secrets included).
        observation_form: ``"dict"`` (the default: the observation and the action mask) or
        ``"array"`` (the observation alone, the mask in the infos).
        options: the game's options as keywords (Sintra: ``side``, ``"A"`` or ``"B"``).

    Returns:
        :class:`GameAECEnv` inside ``TerminateIllegalWrapper`` (an illegal action ends the
        game, -1 for the agent that played it), ``AssertOutOfBoundsWrapper`` and
        ``OrderEnforcingWrapper``.

    Raises:
        ConfigurationError: a player count, option, render mode, render view or observation
        form the game does not have.
    """
    inner: Any = GameAECEnv(
        num_players,
        render_mode,
        game=game,
        render_view=render_view,
        observation_form=observation_form,
        **options,
    )
    inner = wrappers.TerminateIllegalWrapper(inner, illegal_reward=-1)
    inner = wrappers.AssertOutOfBoundsWrapper(inner)
    return wrappers.OrderEnforcingWrapper(inner)


class GameAECEnv(AECEnv):  # type: ignore[misc]
    """The raw AEC environment (see the module documentation; arguments as :func:`env`).

    ``game`` is the game (the protocol value) and ``state_`` its current state.
    """

    metadata = {  # noqa: RUF012 - PettingZoo reads this class attribute
        "render_modes": ["ansi", "human"],
        "name": "sintra_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        num_players: int | None = None,
        render_mode: str | None = None,
        *,
        game: GameLike = None,
        render_view: str = "to_act",
        observation_form: str = "dict",
        **options: str,
    ) -> None:
        super().__init__()
        self.game: Game[Any, Any] = resolve_game(game)
        info = self.game.info
        count = default_players(info) if num_players is None else num_players
        self.num_players, self.options = check_setting(self.game, count, options)
        if render_mode not in (None, "ansi", "human"):
            raise ConfigurationError("render_mode", f"must be ansi or human, got {render_mode!r}")
        self.metadata = {**type(self).metadata, "name": f"{info.name}_v0"}
        self.render_mode = render_mode
        facts = self.game.facts(self.num_players, self.options)
        self._num_actions = facts.num_actions
        self.possible_agents = [f"player_{seat}" for seat in range(self.num_players)]
        self.agents = list(self.possible_agents)
        if render_view not in ("to_act", SPECTATOR, *self.possible_agents):
            views = ", ".join(("to_act", *self.possible_agents, SPECTATOR))
            raise ConfigurationError("render_view", f"must be one of {views}, got {render_view!r}")
        self.render_view = render_view
        if observation_form not in ("dict", "array"):
            raise ConfigurationError(
                "observation_form", f"must be dict or array, got {observation_form!r}"
            )
        self.observation_form = observation_form
        # One space object per agent, made once: PettingZoo's api_test and seed_test require
        # the same object on every call, and not one shared by the class.
        self._observation_spaces: dict[str, spaces.Space[Any]] = {}
        for agent in self.possible_agents:
            seen = spaces.Box(
                facts.observation_low,
                facts.observation_high,
                (facts.observation_size,),
                np.float32,
            )
            self._observation_spaces[agent] = (
                seen
                if observation_form == "array"
                else spaces.Dict(
                    {
                        "observation": seen,
                        "action_mask": spaces.Box(0, 1, (facts.num_actions,), np.int8),
                    }
                )
            )
        self._action_spaces = {
            agent: spaces.Discrete(facts.num_actions) for agent in self.possible_agents
        }
        self._seed_rng = np.random.default_rng()
        self.state_: Any = self._start(0)

    def _start(self, seed: int) -> Any:
        start = self.game.start(self.num_players, seed=seed, options=self.options)
        return resolve_chance(self.game, start)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: the game's fixed action ids."""
        return self._action_spaces[agent]

    def _mask(self) -> np.ndarray[Any, Any]:
        """The legal ids of the seat to act, as a mask."""
        mask = np.zeros(self._num_actions, np.int8)
        mask[list(self.game.legal_ids(self.state_))] = 1
        return mask

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes all its chance (ENG-02)."""
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        self.state_ = self._start(int(self._seed_rng.integers(0, 2**63)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state_.turn]
        self._set_legal_moves()

    def _set_legal_moves(self) -> None:
        """``infos[agent]["legal_moves"]`` for the agent to act, as the wrappers read it; in the
        array form, every agent's ``infos[agent]["action_mask"]`` (zeros unless it is to
        act)."""
        for agent in self.agents:
            self.infos[agent].pop("legal_moves", None)
            if self.observation_form == "array":
                self.infos[agent]["action_mask"] = self._agent_mask(agent)
        if not self.state_.is_over:
            legal = list(self.game.legal_ids(self.state_))
            self.infos[self.agent_selection]["legal_moves"] = legal

    def _agent_mask(self, agent: str) -> np.ndarray[Any, Any]:
        """The legal ids of ``agent`` as a mask: zeros unless it is to act."""
        if agent == self.agent_selection and not self.state_.is_over:
            return self._mask()
        return np.zeros(self._num_actions, np.int8)

    def observe(self, agent: str) -> Any:
        """What ``agent`` sees, and its legal-action mask (zeros unless it is to act); in the
        array form what it sees alone (the mask is in the infos)."""
        seat = self.possible_agents.index(agent)
        vector = np.frombuffer(self.game.observe(self.state_, seat), dtype=np.float32).copy()
        if self.observation_form == "array":
            return vector
        return {"observation": vector, "action_mask": self._agent_mask(agent)}

    def step(self, action: int) -> None:
        """Play ``action`` (an id) for the agent to act."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        move = self.game.id_to_action(self.state_, int(action))
        self.state_ = resolve_chance(self.game, self.game.apply(self.state_, move))
        if self.state_.is_over:
            result = self.game.result(self.state_)
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
        """The text board as the agent to act may see it (or as ``render_view`` says):
        ``"ansi"`` returns it, ``"human"`` prints it."""
        if self.render_view == SPECTATOR:
            text = self.game.render(self.state_)
        else:
            if self.render_view == "to_act":
                seat = self.state_.turn
            else:
                seat = self.possible_agents.index(self.render_view)
            text = seat_view(self.game, self.state_, seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def observation_string(self, agent: str) -> str:
        """What ``agent`` sees, as one line (ENG-31)."""
        return self.game.observation_string(self.state_, self.possible_agents.index(agent))

    def close(self) -> None:
        """Nothing to release."""


#: The unwrapped environment class, as PettingZoo's classic modules name it.
raw_env = GameAECEnv
