"""OpenSpiel games of every game of the library (ENG-07, ENG-30, ENG-31).

Importing this module registers two Python games with :mod:`pyspiel` for every game of the
registry (:func:`sintra_rules.available_games`): for Sintra, ``python_sintra`` and
``python_sintra_sampled``. :func:`register` registers any other
:class:`~sintra_rules.game.Game` under a name of its own, and :func:`load_game` loads either
kind straight from a game value. Each game's OpenSpiel facts are built from its protocol facts:
:func:`game_type` from ``game.info`` and :func:`game_info` from ``game.facts(players,
options)``.

* ``python_<name>``: **explicit chance**. Every random step of the game is a chance node whose
  outcomes and exact probabilities come from ``game.chance_outcomes`` (as floats), decided by
  ``game.apply_chance``. The game state carries no generator (it starts from
  ``game.start(players, seed=None)``), so a search cannot peek at the real future draws
  (Sintra's ENG-09).
* ``python_<name>_sampled``: **sampled chance**. The game draws every random step from its own
  generator, seeded by the ``seed`` parameter, inside ``apply``: there are no chance nodes, and
  the game a ``seed`` gives is fixed by the players' actions alone. OpenSpiel is told so (chance
  mode ``DETERMINISTIC``): its ``SAMPLED_STOCHASTIC`` mode requires the game object's random
  state for serialization, which a Python game cannot provide, and a game whose initial state
  changed from one call to the next would mislead algorithms that search from it. Load the game
  with another ``seed`` for another deal. **A search on the sampled game sees the real future
  draws**: a cloned state carries the generator, so an MCTS that plays ahead on clones knows
  which pieces, dice or cards will come. Search on the explicit game, or on
  :meth:`SpielState.resample_from_infostate` (a fresh generator, and for a game with hidden
  information everything the searching seat cannot see resampled).

Parameters, as OpenSpiel names them: ``players`` (default 2 when the game takes 2 players, else
its smallest count; Sintra 2 to 4), then one parameter per game option at its default, a string
(Sintra: ``side``, ``"A"`` or ``"B"``) or, when every value of the option is a whole number, an
integer (Sagrada's ``tools``), then ``utility`` (``"scores"`` or ``"win_loss"``, below), plus
``seed`` (default 0) for the sampled game. Actions
are the game's fixed ids (``game.legal_ids``, increasing = canonical order; Sintra: 3,601 ids,
ENG-05, ENG-30); a chance action's text comes from the game's
:class:`~sintra_rules.game.ChanceWritten` capability when it has one (else ``outcome N``), a
player action's from ``game.action_to_text``; a state prints as its one-line position
(:class:`~sintra_rules.game.Positions`) or else as ``game.serialize``.

**Observations and information states.** The observation tensor is ``game.observe(state,
seat)`` and the observation string ``game.observation_string(state, seat)`` (Sintra: 708 /
1,029 / 1,350 values for 2 / 3 / 4 players, ENG-31). A game with hidden information
(``info.perfect_information`` false) is declared ``IMPERFECT_INFORMATION`` and provides
information-state strings and tensors; **its information state is the seat's observation**:
everything public plus that seat's own secrets, never another seat's (the protocol's
``observe`` guarantees it). It is not a perfect-recall history: two histories that leave the
seat the same observation share an information state. For such a game the observer refuses the
factored observer types (public information only, or private information only) by giving
neither tensor nor string (``tensor`` ``None``, ``string_from`` ``None``, as OpenSpiel's
generic observers do), since the protocol has no public observation of its own; a game with
perfect information gives its observation to every observer type.
:meth:`SpielState.resample_from_infostate` maps to ``game.determinize(state, seed, viewer)``.

**Utilities.** The ``utility`` parameter chooses the returns, which are 0 before the end in
both cases (terminal rewards, general-sum):

* ``"scores"`` (the default): the final scores (``game.result(state).scores``); the utility
  range is ``facts.min_score`` to ``facts.max_score`` (for Sintra the proved lowest final score
  for the number of players to the proved highest final score for the side; those bounds depend
  on provisional figures, FIG-04 to FIG-09).
* ``"win_loss"``: ``+1`` for the only winner, ``0`` for each winner of a shared victory (a draw
  among them), ``-1`` for every seat that did not win (``game.result(state).winners``); a solo
  game gives ``+1`` for a win and ``-1`` for a loss. The utility range is ``-1`` to ``+1``; two
  players always sum to 0.

The parameter is left out of the game's parameters (``str(game)``, ``get_parameters()``) at its
default, so a game string written before it existed names the same game.
``max_game_length`` is ``facts.max_game_length``, player decisions only, as OpenSpiel counts
(Sintra: 240 / 348 / 432 turns for 2 / 3 / 4 players).

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

import re
from collections.abc import Mapping
from typing import Any, Final

import numpy as np
import pyspiel

from sintra_rules.adapters._common import (
    GameLike,
    check_setting,
    default_players,
    resolve_game,
)
from sintra_rules.errors import ConfigurationError, SintraError
from sintra_rules.game import (
    ChanceWritten,
    Game,
    Positions,
    Result,
    current_player,
    resolve_chance,
)
from sintra_rules.games import available_games, make

__all__ = [
    "EXPLICIT_NAME",
    "RESERVED",
    "SAMPLED_NAME",
    "UTILITIES",
    "SampledSpielGame",
    "SpielGame",
    "SpielObserver",
    "SpielState",
    "game_info",
    "game_type",
    "load_game",
    "names",
    "register",
    "registered_game",
    "win_loss",
]

#: The short name of Sintra's game with explicit chance nodes.
EXPLICIT_NAME: Final = "python_sintra"
#: The short name of Sintra's game whose chance is sampled inside the engine.
SAMPLED_NAME: Final = "python_sintra_sampled"

#: The values of the ``utility`` parameter; the first is the default.
UTILITIES: Final = ("scores", "win_loss")
#: The parameters the adapter adds to a game's options (no option may take these names).
RESERVED: Final = ("players", "seed", "utility")

_NAME = re.compile(r"[a-z][a-z0-9_]*")
_INTEGER = re.compile(r"-?[0-9]+")
#: The games registered by this module, by OpenSpiel short name.
_REGISTERED: dict[str, Game[Any, Any]] = {}


def names(name: str) -> tuple[str, str]:
    """The OpenSpiel short names of a game registered as ``name``.

    Args:
        name: the game's name (a registry name, or the one given to :func:`register`).

    Returns:
        ``("python_<name>", "python_<name>_sampled")``: explicit and sampled chance.

    >>> names("sintra")
    ('python_sintra', 'python_sintra_sampled')
    """
    return f"python_{name}", f"python_{name}_sampled"


def game_type(game: Game[Any, Any], *, sampled: bool = False, name: str | None = None) -> Any:
    """OpenSpiel's ``GameType`` of ``game``, from ``game.info``.

    Args:
        game: any game.
        sampled: the sampled-chance game (else the explicit-chance one).
        name: the name to register it under (default: ``game.info.name``).

    Returns:
        A ``pyspiel.GameType``: sequential, general-sum, terminal rewards; perfect or imperfect
        information as ``info.perfect_information`` says (information states provided for the
        latter); players from ``info.player_counts``; parameters ``players``, every option,
        ``utility`` and, sampled, ``seed``.
    """
    info = game.info
    explicit, sampled_name = names(name or info.name)
    params: dict[str, Any] = {"players": default_players(info)}
    params.update(
        {option.name: _parameter(option.values, option.default) for option in info.options}
    )
    params["utility"] = UTILITIES[0]
    if sampled:
        params["seed"] = 0
    perfect = info.perfect_information
    return pyspiel.GameType(
        short_name=sampled_name if sampled else explicit,
        long_name=f"{info.title} ({'sampled' if sampled else 'explicit'} chance)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC
        if sampled
        else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION
        if perfect
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info.player_counts),
        min_num_players=min(info.player_counts),
        provides_information_state_string=not perfect,
        provides_information_state_tensor=not perfect,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def game_info(
    game: Game[Any, Any],
    players: int,
    options: Mapping[str, str] | None = None,
    *,
    sampled: bool = False,
    utility: str = UTILITIES[0],
) -> Any:
    """OpenSpiel's ``GameInfo`` of ``game`` for ``players`` seats, from ``game.facts``.

    Args:
        game: any game.
        players: the number of seats.
        options: the game's options (default: their defaults).
        sampled: the sampled-chance game (no chance outcomes), else the explicit one.
        utility: ``"scores"`` or ``"win_loss"`` (see the module documentation).

    Returns:
        A ``pyspiel.GameInfo``: ``facts.num_actions`` distinct actions,
        ``facts.max_chance_outcomes`` (0 sampled), the utility range (``facts.min_score`` to
        ``facts.max_score`` for scores, -1 to 1 for win/loss), no fixed utility sum,
        ``facts.max_game_length``.

    Raises:
        ConfigurationError: a player count or an option the game does not take.
    """
    facts = game.facts(players, options)
    return pyspiel.GameInfo(
        num_distinct_actions=facts.num_actions,
        max_chance_outcomes=0 if sampled else facts.max_chance_outcomes,
        num_players=players,
        min_utility=float(facts.min_score) if utility == UTILITIES[0] else -1.0,
        max_utility=float(facts.max_score) if utility == UTILITIES[0] else 1.0,
        utility_sum=None,
        max_game_length=facts.max_game_length,
    )


def _parameter(values: tuple[str, ...], value: str) -> str | int:
    """An option's value as an OpenSpiel parameter: an integer when every value of the option
    is a whole number (OpenSpiel reads ``tools=2`` in a game string as an integer), else the
    text."""
    return int(value) if all(_INTEGER.fullmatch(v) for v in values) else value


def _settings(game: Game[Any, Any], params: Mapping[str, Any]) -> tuple[int, dict[str, str]]:
    """The player count and the options from OpenSpiel's parameters, checked."""
    players = params.get("players", default_players(game.info))
    given = {
        key: str(value) if isinstance(value, int) and not isinstance(value, bool) else value
        for key, value in params.items()
        if key not in RESERVED
    }
    return check_setting(game, players, given)


def _utility(params: Mapping[str, Any]) -> str:
    """The ``utility`` parameter, checked."""
    utility = params.get("utility", UTILITIES[0])
    if utility not in UTILITIES:
        raise ConfigurationError("utility", f"must be scores or win_loss, got {utility!r}")
    return str(utility)


def win_loss(result: Result) -> tuple[float, ...]:
    """The ``"win_loss"`` utilities of a result: ``+1`` for the only winner, ``0`` for each
    winner of a shared victory, ``-1`` for every seat that did not win.

    Args:
        result: a finished game's result.

    Returns:
        One utility per seat.

    >>> win_loss(Result(scores=(3, 5, 5), keys=((3,), (5,), (5,)), winners=(1, 2)))
    (-1.0, 0.0, 0.0)
    >>> win_loss(Result(scores=(9,), keys=((9,),), winners=(0,)))
    (1.0,)
    """
    won = 1.0 if len(result.winners) == 1 else 0.0
    return tuple(won if seat in result.winners else -1.0 for seat in range(len(result.scores)))


class _Shared:
    """An immutable game state held by an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying its attributes; the game state is immutable, so a clone shares it."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self

    def __copy__(self) -> _Shared:
        return self

    def __getstate__(self) -> Any:
        return self.value

    def __setstate__(self, value: Any) -> None:
        self.value = value


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """``python_<name>``: a game with explicit chance nodes (ENG-07, ENG-08).

    Args:
        game: the game (the protocol value).
        params: OpenSpiel's parameters (``players`` and the game's options).
        name: the name it is registered under (default: ``game.info.name``).

    Raises:
        ConfigurationError: a player count or an option the game does not take.
    """

    sampled = False

    def __init__(
        self, game: Game[Any, Any], params: Mapping[str, Any] | None = None, name: str | None = None
    ) -> None:
        values = dict(params or {})
        self.rules = game
        self.players, self.options = _settings(game, values)
        self.utility = _utility(values)
        if self.utility == UTILITIES[0]:
            values.pop("utility", None)  # a default utility leaves the game string as it was
        info = game_info(
            game, self.players, self.options, sampled=self.sampled, utility=self.utility
        )
        super().__init__(game_type(game, sampled=self.sampled, name=name), info, values)

    def new_initial_state(self) -> SpielState:
        """The game before setup's first random step, with no generator (ENG-08, ENG-09)."""
        start = self.rules.start(self.players, seed=None, options=self.options, sample=False)
        return SpielState(self, self.rules.without_generator(start))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SpielObserver:
        """The observer of observations and information states (see the module documentation).

        Raises:
            ConfigurationError: observer parameters (none are supported).
        """
        if params:
            raise ConfigurationError("ENG-31", f"observer parameters are not supported: {params}")
        full = (
            iig_obs_type is None
            or self.rules.info.perfect_information
            or (
                iig_obs_type.public_info
                and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
            )
        )
        size = self.rules.facts(self.players, self.options).observation_size
        return SpielObserver(self.rules, size if full else None)


class SampledSpielGame(SpielGame):
    """``python_<name>_sampled``: chance sampled by the game's generator seeded by the ``seed``
    parameter (ENG-02, ENG-08). A search on it sees the real future draws (see the module
    documentation): search on the explicit game or on a resampled state instead.

    Raises:
        ConfigurationError: a player count, an option or a seed the game does not take.
    """

    sampled = True

    def __init__(
        self, game: Game[Any, Any], params: Mapping[str, Any] | None = None, name: str | None = None
    ) -> None:
        seed = (params or {}).get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ConfigurationError("ENG-02", f"seed must be an integer >= 0, got {seed!r}")
        self.seed = seed
        super().__init__(game, params, name)

    def new_initial_state(self) -> SpielState:
        """``game.start(players, seed=seed, options=...)``, every setup step drawn (ENG-02)."""
        start = self.rules.start(self.players, seed=self.seed, options=self.options)
        return SpielState(self, resolve_chance(self.rules, start))


class SpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over an immutable game state (:attr:`engine_state`)."""

    def __init__(self, game: SpielGame, state: Any) -> None:
        super().__init__(game)
        self._held = _Shared(state)

    @property
    def engine_state(self) -> Any:
        """The game's immutable state."""
        return self._held.value

    @property
    def rules(self) -> Game[Any, Any]:
        """The game (the protocol value) this state is a position of."""
        game: Game[Any, Any] = self.get_game().rules
        return game

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while a random step is pending, ``TERMINAL`` at the end."""
        return current_player(self._held.value)

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action ids, increasing (= canonical order, ENG-05, ENG-30)."""
        return list(self.rules.legal_ids(self._held.value))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The pending random step's outcomes with their probabilities (ENG-07)."""
        return [(outcome, float(p)) for outcome, p in self.rules.chance_outcomes(self._held.value)]

    def _apply_action(self, action: int) -> None:
        game, state = self.get_game(), self._held.value
        rules: Game[Any, Any] = game.rules
        if state.chance is not None:
            after = rules.apply_chance(state, int(action))
        else:
            move = rules.id_to_action(state, int(action))
            after = rules.apply(state, move, sample=game.sampled)
            if game.sampled:
                after = resolve_chance(rules, after)
        self._held = _Shared(after)

    def _action_to_string(self, player: int, action: int) -> str:
        rules, state = self.rules, self._held.value
        if player == pyspiel.PlayerId.CHANCE and state.chance is not None:
            if isinstance(rules, ChanceWritten):
                return rules.chance_to_text(state, int(action))
            return f"outcome {action}"
        try:
            return rules.action_to_text(state, rules.id_to_action(state, int(action)))
        except SintraError:
            return f"id {action}"

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return bool(self._held.value.is_over)

    def returns(self) -> list[float]:
        """Once the game is over, the final scores or the win/loss utilities (the ``utility``
        parameter), else zeros."""
        state = self._held.value
        if not state.is_over:
            return [0.0] * state.num_players
        game = self.get_game()
        result = game.rules.result(state)
        if game.utility == UTILITIES[0]:
            return [float(score) for score in result.scores]
        return list(win_loss(result))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state ``player_id`` cannot tell from this one: ``game.determinize(state, seed,
        viewer=player_id)``, everything hidden from that seat resampled and, in the sampled
        game, a fresh generator (the explicit game's state keeps none). OpenSpiel's history of
        the new state is empty.

        Args:
            player_id: the seat whose information state is kept.
            probability_sampler: a callable giving floats in [0, 1), as
            ``pyspiel.UniformProbabilitySampler``; two draws make the seed.

        Returns:
            The new state.
        """
        seed = int(probability_sampler() * 2**32) << 32 | int(probability_sampler() * 2**32)
        game = self.get_game()
        rules: Game[Any, Any] = game.rules
        sample = rules.determinize(self._held.value, seed, int(player_id))
        if not game.sampled:
            sample = rules.without_generator(sample)
        return SpielState(game, sample)

    def __str__(self) -> str:
        """The position in the game's one-line notation when it has one (Sintra's ENG-21), a
        pending chance step included; else the serialized state."""
        rules = self.rules
        if isinstance(rules, Positions):
            return rules.position_to_text(self._held.value)
        return rules.serialize(self._held.value)


class SpielObserver:
    """OpenSpiel's Python observer: a flat float32 ``tensor``, its named view ``dict``, and
    :meth:`set_from` / :meth:`string_from` (ENG-31). Built with no size, it observes nothing
    (``tensor`` ``None``, no string): the factored observer types of a game with hidden
    information.

    Args:
        game: the game.
        size: the observation's length, or ``None`` for an observer of nothing.
    """

    def __init__(self, game: Game[Any, Any], size: int | None) -> None:
        self._rules = game
        self.tensor: np.ndarray[Any, Any] | None = (
            None if size is None else np.zeros(size, np.float32)
        )
        self.dict = {} if self.tensor is None else {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees of ``state``."""
        if self.tensor is not None:
            seen = self._rules.observe(state.engine_state, player)
            self.tensor[:] = np.frombuffer(seen, dtype=np.float32)

    def string_from(self, state: SpielState, player: int) -> str | None:
        """What ``player`` sees of ``state``, as one line (``None`` for an observer of
        nothing)."""
        if self.tensor is None:
            return None
        return self._rules.observation_string(state.engine_state, player)


def register(game: Game[Any, Any], name: str | None = None) -> tuple[str, str]:
    """Register ``game`` with :mod:`pyspiel` as ``python_<name>`` (explicit chance) and
    ``python_<name>_sampled`` (sampled chance). Registering the same game again under the same
    name does nothing.

    Args:
        game: any game.
        name: the name (lowercase letters, digits and ``_``; default: ``game.info.name``).

    Returns:
        The two short names, as :func:`names` gives them.

    Raises:
        ConfigurationError: a name that is not lowercase letters, digits and ``_``, or one
        already registered for another game; a game option called ``players``, ``seed`` or
        ``utility``.
    """
    name = name or game.info.name
    if not _NAME.fullmatch(name):
        raise ConfigurationError("name", f"{name!r} is not lowercase letters, digits and _")
    clash = [option.name for option in game.info.options if option.name in RESERVED]
    if clash:
        raise ConfigurationError("name", f"an option may not be called {clash[0]!r} in OpenSpiel")
    short = names(name)
    if short[0] in _REGISTERED:
        if _REGISTERED[short[0]] is game:
            return short
        raise ConfigurationError("name", f"{short[0]} is already registered for another game")
    if short[0] in pyspiel.registered_names():
        raise ConfigurationError("name", f"{short[0]} is already an OpenSpiel game")

    for kind in (SpielGame, SampledSpielGame):
        factory = _Factory(kind, game, name)
        pyspiel.register_game(game_type(game, sampled=kind.sampled, name=name), factory)
    _REGISTERED[short[0]] = _REGISTERED[short[1]] = game
    return short


class _Factory:
    """What :func:`register` hands to :mod:`pyspiel`: called with OpenSpiel's parameters, it
    makes the game. pyspiel keeps it until the interpreter has shut down and then drops it
    without the GIL; the reference it holds to itself keeps that last drop from freeing it
    (which would crash the exit), as a class's own references do for a class."""

    def __init__(self, kind: type[SpielGame], game: Game[Any, Any], name: str) -> None:
        self.kind, self.game, self.name = kind, game, name
        self._self = self

    def __call__(self, params: Mapping[str, Any] | None = None) -> SpielGame:
        return self.kind(self.game, params, self.name)


def registered_game(short_name: str) -> Game[Any, Any]:
    """The game registered (by this module) under an OpenSpiel short name.

    Args:
        short_name: ``python_<name>`` or ``python_<name>_sampled``.

    Returns:
        The game.

    Raises:
        KeyError: no game of this module has that short name.
    """
    return _REGISTERED[short_name]


def load_game(game: GameLike = None, *, sampled: bool = False, **params: Any) -> Any:
    """The OpenSpiel game of ``game`` (registered first if it is not yet).

    Args:
        game: a game, a registry name, or ``None`` for Sintra.
        sampled: the sampled-chance game (else the explicit-chance one).
        params: OpenSpiel parameters as keywords (``players``, the options, ``utility``,
        ``seed``).

    Returns:
        The loaded ``pyspiel.Game``.

    >>> load_game("sintra", players=4).num_players()
    4
    """
    rules = resolve_game(game)
    explicit, sampled_name = register(rules)
    return pyspiel.load_game(sampled_name if sampled else explicit, params)


for _name in available_games():
    register(make(_name), _name)
