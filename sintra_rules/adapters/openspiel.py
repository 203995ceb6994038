"""OpenSpiel games of *Azul: Stained Glass of Sintra* (ENG-07, ENG-30, ENG-31).

Importing this module registers two Python games with :mod:`pyspiel`:

* ``python_sintra``: **explicit chance**. Every random step of the engine (the strip shuffles
  and faces of setup, the round indicator, every piece drawn onto a factory display) is a chance
  node whose outcomes and exact probabilities come from
  :func:`sintra_rules.games.sintra.chance.chance_outcomes` (at most 8 outcomes: a strip, a face or a
  colour). The engine state carries no generator, so a search cannot peek at the real future draws
  (ENG-09).
* ``python_sintra_sampled``: **sampled chance**. The engine draws every random step from its
  generator, seeded by the ``seed`` parameter, inside ``apply``: there are no chance nodes, and
  the game a ``seed`` gives is fixed by the players' actions alone. OpenSpiel is told so
  (chance mode ``DETERMINISTIC``): its ``SAMPLED_STOCHASTIC`` mode requires the game object's
  random state for serialization, which a Python game cannot provide, and a game whose initial
  state changed from one call to the next would mislead algorithms that search from it. Load
  the game with another ``seed`` for another deal.

Parameters, as OpenSpiel names them: ``players`` (2 to 4, default 2) and ``side`` (``"A"`` or
``"B"``, default ``"A"``), plus ``seed`` (default 0) for the sampled game. Actions are the
engine's fixed ids (:mod:`sintra_rules.games.sintra.encoding`: 3,601, in canonical order, ENG-05,
ENG-30); the observation tensor is :func:`sintra_rules.games.sintra.observation.observe` for the
observing seat (708 / 1,029 / 1,350 values for 2 / 3 / 4 players, ENG-31) and the observation string
is :func:`~sintra_rules.games.sintra.observation.observation_string`.

The game facts come from the proved bounds (:mod:`sintra_rules.games.sintra.bounds`):
``max_game_length`` is the proved number of turns a game can last (240 / 348 / 432 for 2 / 3 / 4
players; chance nodes do not count, as OpenSpiel defines it), and the utility range is the proved
lowest final score for the number of players to the proved highest final score for the side. Returns
are the final scores (general-sum); they are 0 before the end. The score bounds of the shipped table
depend on provisional figures (FIG-04 to FIG-09).

>>> import pyspiel
>>> import sintra_rules.adapters.openspiel
>>> game = pyspiel.load_game("python_sintra", {"players": 3, "side": "B"})
>>> game.num_players(), game.num_distinct_actions(), game.max_game_length()
(3, 3601, 348)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.chance_outcomes()[0]
(True, (0, 0.125))
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from sintra_rules.errors import ActionIdError, ConfigurationError
from sintra_rules.games.sintra.bounds import HIGHEST_FINAL_SCORE, LOWEST_FINAL_SCORE, TURNS_PER_GAME
from sintra_rules.games.sintra.chance import apply_chance, chance_outcomes, without_generator
from sintra_rules.games.sintra.components import Side, default_components
from sintra_rules.games.sintra.encoding import NUM_ACTIONS, id_to_action, legal_ids
from sintra_rules.games.sintra.narration import roman
from sintra_rules.games.sintra.notation import action_to_text
from sintra_rules.games.sintra.observation import observation_size, observation_string, observe
from sintra_rules.games.sintra.position import position_to_text
from sintra_rules.games.sintra.rules import apply
from sintra_rules.games.sintra.setup import new_game
from sintra_rules.games.sintra.state import GameState

__all__ = [
    "EXPLICIT_NAME",
    "MAX_CHANCE_OUTCOMES",
    "SAMPLED_NAME",
    "SintraGame",
    "SintraObserver",
    "SintraSampledGame",
    "SintraState",
]

#: The short name of the game with explicit chance nodes.
EXPLICIT_NAME = "python_sintra"
#: The short name of the game whose chance is sampled inside the engine.
SAMPLED_NAME = "python_sintra_sampled"
#: The most outcomes of one chance step: 8 strips to shuffle (FIG-09), 5 colours, 2 faces.
MAX_CHANCE_OUTCOMES = max(default_components().windows, default_components().colours, 2)


def _game_type(short_name: str, long_name: str, chance: Any, params: dict[str, Any]) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


_EXPLICIT_TYPE = _game_type(
    EXPLICIT_NAME,
    "Azul: Stained Glass of Sintra (explicit chance)",
    pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    {"players": 2, "side": "A"},
)
_SAMPLED_TYPE = _game_type(
    SAMPLED_NAME,
    "Azul: Stained Glass of Sintra (sampled chance)",
    pyspiel.GameType.ChanceMode.DETERMINISTIC,
    {"players": 2, "side": "A", "seed": 0},
)


def _settings(params: dict[str, Any] | None) -> tuple[int, Side]:
    """The number of players and the side from OpenSpiel's parameters, checked (COMP-02,
    SETUP-02)."""
    values = dict(params or {})
    players, side = values.get("players", 2), values.get("side", "A")
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4):
        raise ConfigurationError("COMP-02", f"players must be 2, 3 or 4, got {players!r}")
    if side == "A" or side == "B":
        return players, side
    raise ConfigurationError("SETUP-02", f"side must be 'A' or 'B', got {side!r}")


def _game_info(players: int, side: Side, chance_outcomes_max: int) -> Any:
    """OpenSpiel's facts of the game, from the proved bounds
    (:mod:`sintra_rules.games.sintra.bounds`)."""
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_ACTIONS,
        max_chance_outcomes=chance_outcomes_max,
        num_players=players,
        min_utility=float(LOWEST_FINAL_SCORE[players]),
        max_utility=float(HIGHEST_FINAL_SCORE[side]),
        utility_sum=None,
        max_game_length=TURNS_PER_GAME[players],
    )


class _Shared:
    """An immutable engine state held by an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying its attributes; the engine state is immutable, so a clone shares it."""

    __slots__ = ("value",)

    def __init__(self, value: GameState) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self

    def __copy__(self) -> _Shared:
        return self

    def __getstate__(self) -> GameState:
        return self.value

    def __setstate__(self, value: GameState) -> None:
        self.value = value


class SintraGame(pyspiel.Game):  # type: ignore[misc]
    """``python_sintra``: the game with explicit chance nodes (ENG-07, ENG-08)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.players, self.side = _settings(params)
        info = _game_info(self.players, self.side, MAX_CHANCE_OUTCOMES)
        super().__init__(_EXPLICIT_TYPE, info, params or {})

    def new_initial_state(self) -> SintraState:
        """The game before setup's first random step, with no generator (ENG-08, ENG-09)."""
        unset = new_game(self.players, self.side, 0, sample=False)
        return SintraState(self, without_generator(unset))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SintraObserver:
        """The observer of the observation tensor and string (ENG-31)."""
        if params:
            raise ConfigurationError("ENG-31", f"observer parameters are not supported: {params}")
        return SintraObserver(self.players)


class SintraSampledGame(pyspiel.Game):  # type: ignore[misc]
    """``python_sintra_sampled``: chance sampled by the engine's generator seeded by the
    ``seed`` parameter (ENG-02, ENG-08)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.players, self.side = _settings(params)
        seed = (params or {}).get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ConfigurationError("ENG-02", f"seed must be an integer >= 0, got {seed!r}")
        self.seed = seed
        super().__init__(_SAMPLED_TYPE, _game_info(self.players, self.side, 0), params or {})

    def new_initial_state(self) -> SintraState:
        """``new_game(players, side, seed)``, every setup step drawn (ENG-02, ENG-03)."""
        return SintraState(self, new_game(self.players, self.side, self.seed))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SintraObserver:
        """The observer of the observation tensor and string (ENG-31)."""
        if params:
            raise ConfigurationError("ENG-31", f"observer parameters are not supported: {params}")
        return SintraObserver(self.players)


class SintraState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over an immutable engine state (:attr:`engine_state`)."""

    def __init__(self, game: Any, state: GameState) -> None:
        super().__init__(game)
        self._held = _Shared(state)

    @property
    def engine_state(self) -> GameState:
        """The engine's immutable state (:class:`~sintra_rules.games.sintra.state.GameState`)."""
        return self._held.value

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while a random step is pending, ``TERMINAL`` at the end."""
        state = self._held.value
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if state.chance is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return state.turn

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action ids, increasing (= canonical order, ENG-05, ENG-30)."""
        return list(legal_ids(self._held.value))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The pending random step's outcomes with their probabilities (ENG-07)."""
        return [(outcome, float(p)) for outcome, p in chance_outcomes(self._held.value)]

    def _apply_action(self, action: int) -> None:
        state = self._held.value
        if state.chance is not None:
            after = apply_chance(state, int(action))
        else:
            after = apply(state, id_to_action(state, int(action)))
        self._held = _Shared(after)

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._held.value
        if player == pyspiel.PlayerId.CHANCE and state.chance is not None:
            step = state.chance
            if step.kind in ("fill", "first"):
                return f"draw {state.components.colour_codes[action]}"
            if step.kind == "indicator":
                space = roman(step.index + 2)
                return f"indicator {space}: {state.components.colour_codes[action]}"
            seat, slot = step.seat + 1, step.index + 1
            if step.kind == "strip":
                return f"p{seat} slot {slot}: strip {action + 1}"
            return f"p{seat} slot {slot}: face {action + 1}"
        try:
            return action_to_text(id_to_action(state, int(action)))
        except ActionIdError:
            return f"id {action}"

    def is_terminal(self) -> bool:
        """True once the game is over (END-02)."""
        return self._held.value.is_over

    def returns(self) -> list[float]:
        """The final scores once the game is over, else zeros (FINAL-01 to FINAL-05)."""
        state = self._held.value
        if not state.is_over:
            return [0.0] * len(state.players)
        return [float(player.score) for player in state.players]

    def __str__(self) -> str:
        """The position in the one-line notation, a pending chance step included (ENG-21)."""
        return position_to_text(self._held.value)


class SintraObserver:
    """OpenSpiel's Python observer: a flat float32 ``tensor``, its named view ``dict``, and
    :meth:`set_from` / :meth:`string_from` (ENG-31)."""

    def __init__(self, players: int) -> None:
        self.tensor = np.zeros(observation_size(players), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SintraState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees of ``state``."""
        self.tensor[:] = np.frombuffer(observe(state.engine_state, player), dtype=np.float32)

    def string_from(self, state: SintraState, player: int) -> str:
        """What ``player`` sees of ``state``, as one line."""
        return observation_string(state.engine_state, player)


pyspiel.register_game(_EXPLICIT_TYPE, SintraGame)
pyspiel.register_game(_SAMPLED_TYPE, SintraSampledGame)
