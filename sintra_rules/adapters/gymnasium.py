"""A single-agent Gymnasium environment of any game of the library (ENG-30, ENG-31).

The learner plays one seat; the other seats are played by a built-in agent chosen by name
(:func:`sintra_rules.agents.make_agent`: ``"random"`` for every game, the game's own, such as
Sintra's ``"greedy"``, and the searches ``"mcts"`` and, for a game with its own search,
``"uct"``, with a budget such as ``"mcts:200"``; :func:`sintra_rules.agents.AGENT_NAMES` lists
them), each seeded from the episode's seed. The game is a
:class:`~sintra_rules.game.Game` value or a registry name (``game="sintra"``, the default); its
options are keyword arguments (Sintra: ``side="A"``). A 1-player game (a solo game) has no
other seats: the learner plays alone.

* Actions: ``Discrete(facts.num_actions)``, the game's fixed action ids (Sintra: 3,601).
* Observations: ``{"observation": Box(float32, (size,)), "action_mask": Box(int8,
  (num_actions,))}``: ``game.observe`` for the learner's seat (only what it may see) and its
  legal ids. When the learner acts several times in a row, each action is one step. The
  observation's bounds are the game's ``facts.observation_low`` and ``observation_high``
  (Sagrada: 0 to 18, 24 with 4 players; Sintra states none: its running scores have no
  proved bound, so Gymnasium's checker notes the infinite bounds).
* Rewards: at the end of the game ``+1`` if the learner is among the winners, else ``-1`` (a
  shared victory counts as a win; a lost solo game gives ``-1``); 0 before. ``info["score"]``
  holds the learner's final score.
* An illegal action ends the episode (``terminated``) with reward ``-1`` and
  ``info["illegal_action"] = True``; the mask says which ids are legal.
* Chance: every random step is drawn from the game's generator, seeded by ``reset(seed=...)``
  (ENG-02). The observation holds nothing of the generator.
* Render (``render_mode="ansi"``): the text board as the learner's seat may see it
  (:func:`~sintra_rules.adapters.seat_view`; Sagrada: the opponents' private
  objectives hidden until the game is over). ``render_view="spectator"`` shows everything,
  every seat's secrets included: for a person watching, never for the learner.

Importing the module registers one environment per game of the registry, ``sintra_rules/<Name>-v0``
(:data:`ENV_ID` is Sintra's, ``sintra_rules/Sintra-v0``: ``gymnasium.make(ENV_ID,
num_players=3)``); :func:`register` registers any other game.

>>> from sintra_rules.adapters.gymnasium import GameEnv
>>> env = GameEnv(num_players=2, opponent="greedy")
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((708,), True)
"""

from __future__ import annotations

import re
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from sintra_rules.adapters._common import (
    SPECTATOR,
    GameLike,
    check_setting,
    default_players,
    resolve_game,
    seat_view,
)
from sintra_rules.agents import make_agent
from sintra_rules.errors import ConfigurationError
from sintra_rules.game import Game, Played, Player, resolve_chance
from sintra_rules.games import available_games

__all__ = ["ENV_ID", "GameEnv", "env_id", "register"]

_Observation = dict[str, Any]


def env_id(name: str) -> str:
    """The Gymnasium id of the game called ``name``: ``sintra_rules/<Name>-v0``.

    Args:
        name: the game's name (lowercase letters, digits and ``_``).

    Returns:
        The id, the name capitalized as a title.

    >>> env_id("sintra")
    'sintra_rules/Sintra-v0'
    """
    return f"sintra_rules/{name.title().replace('_', '')}-v0"


#: Sintra's Gymnasium id: ``gymnasium.make(ENV_ID, num_players=3)``.
ENV_ID = env_id("sintra")


def _default_opponent(game: Game[Any, Any]) -> str:
    """The game's first own built-in agent (Sintra: ``greedy``), else ``random``."""
    if isinstance(game, Played):
        for name in game.agents:
            return name
    return "random"


class GameEnv(gym.Env[_Observation, np.int64]):
    """One seat of a game against built-in agents (see the module documentation).

    ``game`` is the game (the protocol value) and ``state`` its current state.

    Args:
        num_players: one of the game's player counts (default: 2 when it takes 2, else its
        smallest; Sintra: 2 to 4, COMP-02).
        game: the game, a registry name, or ``None`` for Sintra.
        opponent: the built-in agent that plays the other seats (default: the game's first own
        agent, Sintra's ``"greedy"``, else ``"random"``).
        seat: the learner's seat, 0 (the first player) to ``num_players - 1``.
        render_mode: ``None`` or ``"ansi"`` (the text board as a string).
        render_view: ``"learner"`` (the default: what the learner's seat may see) or
        ``"spectator"`` (everything, every seat's secrets included).
        options: the game's options as keywords (Sintra: ``side``, ``"A"`` or ``"B"``).

    Raises:
        ConfigurationError: a player count, option, seat, render mode or render view the game
        does not have.
        UnknownAgent: an opponent that is not a built-in agent of the game.
    """

    #: Gymnasium reads this class attribute. ``render_fps`` means nothing for a text board
    #: returned as a string; Gymnasium's checker asks every environment that renders for one.
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        num_players: int | None = None,
        *,
        game: GameLike = None,
        opponent: str | None = None,
        seat: int = 0,
        render_mode: str | None = None,
        render_view: str = "learner",
        **options: str,
    ) -> None:
        self.game: Game[Any, Any] = resolve_game(game)
        info = self.game.info
        count = default_players(info) if num_players is None else num_players
        self.num_players, self.options = check_setting(self.game, count, options)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise ConfigurationError("seat", f"must be 0 to {self.num_players - 1}, got {seat!r}")
        if render_mode not in (None, "ansi"):
            raise ConfigurationError("render_mode", f"must be ansi, got {render_mode!r}")
        if render_view not in ("learner", SPECTATOR):
            raise ConfigurationError(
                "render_view", f"must be learner or {SPECTATOR}, got {render_view!r}"
            )
        self.render_view = render_view
        self.opponent = _default_opponent(self.game) if opponent is None else opponent
        make_agent(self.opponent, 0, game=self.game)  # an unknown name fails here, not in reset
        self.seat = seat
        self.render_mode = render_mode
        facts = self.game.facts(self.num_players, self.options)
        self._num_actions = facts.num_actions
        self._seed_stride = max(info.player_counts)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    facts.observation_low,
                    facts.observation_high,
                    (facts.observation_size,),
                    np.float32,
                ),
                "action_mask": spaces.Box(0, 1, (facts.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(facts.num_actions)
        self.state: Any = self._start(0)
        self._others: dict[int, Player] = {}

    def _start(self, seed: int) -> Any:
        start = self.game.start(self.num_players, seed=seed, options=self.options)
        return resolve_chance(self.game, start)

    def _learner_to_act(self) -> bool:
        return not self.state.is_over and self.state.turn == self.seat

    def _observation(self) -> _Observation:
        seen = self.game.observe(self.state, self.seat)
        vector = np.frombuffer(seen, dtype=np.float32).copy()
        mask = np.zeros(self._num_actions, np.int8)
        if self._learner_to_act():
            mask[list(self.game.legal_ids(self.state))] = 1
        return {"observation": vector, "action_mask": mask}

    def _play_others(self) -> None:
        """The built-in agents act until the learner is to act or the game is over."""
        while not self.state.is_over and self.state.turn != self.seat:
            action = self._others[self.state.turn].choose(self.state)
            self.state = resolve_chance(self.game, self.game.apply(self.state, action))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[_Observation, dict[str, Any]]:
        """A new game; ``seed`` fixes its chance and the other seats' agents (ENG-02)."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63))
        self.state = self._start(game_seed)
        self._others = {
            other: make_agent(
                self.opponent, seed=game_seed * self._seed_stride + other + 1, game=self.game
            )
            for other in range(self.num_players)
            if other != self.seat
        }
        self._play_others()
        return self._observation(), {}

    def step(
        self, action: np.int64 | int
    ) -> tuple[_Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` (an id) for the learner, then the other seats until its next turn.

        Raises:
            ConfigurationError: the game is over (call ``reset``).
        """
        if self.state.is_over:
            raise ConfigurationError("episode", "the game is over: call reset()")
        index = int(action)
        if index not in self.game.legal_ids(self.state):
            return self._observation(), -1.0, True, False, {"illegal_action": True}
        move = self.game.id_to_action(self.state, index)
        self.state = resolve_chance(self.game, self.game.apply(self.state, move))
        self._play_others()
        if not self.state.is_over:
            return self._observation(), 0.0, False, False, {}
        result = self.game.result(self.state)
        reward = 1.0 if self.seat in result.winners else -1.0
        return self._observation(), reward, True, False, {"score": result.scores[self.seat]}

    def render(self) -> str | None:
        """The text board (``"ansi"``) as the learner's seat may see it, or with
        ``render_view="spectator"`` all of it."""
        if self.render_mode != "ansi":
            return None
        if self.render_view == SPECTATOR:
            return self.game.render(self.state)
        return seat_view(self.game, self.state, self.seat)


_ID = re.compile(r"sintra_rules/[A-Za-z0-9]+-v0")


def register(game: Game[Any, Any], name: str | None = None) -> str:
    """Register ``game`` with Gymnasium (``gymnasium.make(id, num_players=..., ...)``).
    Registering the same game again under the same id does nothing.

    Args:
        game: any game.
        name: the name in the id (default: ``game.info.name``).

    Returns:
        The id, :func:`env_id` of the name.

    Raises:
        ConfigurationError: a name that makes no valid id, or an id already registered for
        another environment.
    """
    new_id = env_id(name or game.info.name)
    if not _ID.fullmatch(new_id):
        raise ConfigurationError("name", f"{name!r} makes no Gymnasium id ({new_id!r})")
    if new_id in gym.registry:
        maker = gym.registry[new_id].entry_point
        if isinstance(maker, _Maker) and maker.game is game:
            return new_id
        raise ConfigurationError("name", f"{new_id} is already registered")
    gym.register(id=new_id, entry_point=_Maker(game))
    return new_id


class _Maker:
    """The entry point :func:`register` gives Gymnasium: :class:`GameEnv` of one game. The game
    is held here, not in the spec's keyword arguments, which Gymnasium deep-copies (a game is
    shared, never copied)."""

    metadata = GameEnv.metadata

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    def __call__(self, **kwargs: Any) -> GameEnv:
        return GameEnv(game=self.game, **kwargs)

    def __deepcopy__(self, memo: dict[int, object]) -> _Maker:
        return self


for _name in available_games():
    if env_id(_name) not in gym.registry:
        gym.register(id=env_id(_name), entry_point=GameEnv, kwargs={"game": _name})
