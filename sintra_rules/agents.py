"""Players for any game, agents by name, a game loop that pits them against each other, and the
seeded random playout.

Everything here works for every game of the library (:mod:`sintra_rules.game`), Sintra by
default: ``random`` for every game, the game's own agents (:class:`~sintra_rules.game.Played`;
Sintra's ``greedy``), ``mcts`` (:class:`~sintra_rules.mcts.MctsAgent`, the generic search) and
``uct`` (:class:`~sintra_rules.mcts.UctAgent`, the game's own fast search where it has one,
:class:`~sintra_rules.game.Searched`). Every agent (and :func:`playout`) draws its randomness
from the project's own SplitMix64 generator (:mod:`sintra_rules.rng`, ENG-02), so a game
between built-in agents is the same on every platform and Python version for the same seeds.

>>> game = play_game([make_agent("greedy", 1), RandomAgent(seed=2)], seed=3)
>>> game.final.is_over, len(game.actions) == len(game.states)
(True, True)
>>> game == play_game([make_agent("greedy", 1), RandomAgent(seed=2)], seed=3)
True
>>> AGENT_NAMES()
('greedy', 'mcts', 'random', 'uct')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, runtime_checkable

import attrs

from sintra_rules.errors import BoundExceeded, GameOver, InvalidArgument, UnknownAgent
from sintra_rules.game import AgentInfo, Facts, Game, Played, Result, Searched, Verified
from sintra_rules.games import available_games, make
from sintra_rules.rng import below, next_u64, seed_state

__all__ = [
    "AGENT_NAMES",
    "Agent",
    "PlayedGame",
    "Ply",
    "Policy",
    "RandomAgent",
    "SeededAgent",
    "agent_infos",
    "agent_options",
    "make_agent",
    "play_game",
    "playout",
    "policies",
    "random_action",
    "split_agents",
    "unknown_agent",
]

#: How :func:`random_action` draws: ``"uniform"`` among all legal actions, ``"rollout"`` by the
#: game's rollout policy (:class:`~sintra_rules.game.Played`; uniform for a game without one),
#: or one of the game's named random policies (:attr:`~sintra_rules.game.Verified.soak_policies`;
#: Sintra's ``"placing"``), see :func:`policies`.
Policy = str


@runtime_checkable
class Agent(Protocol):
    """A player: given a position where it is to act, it chooses one legal action."""

    name: str

    def choose(self, state: Any) -> Any:
        """One of the game's legal actions in ``state``; ``state`` is never over (and no
        chance step is pending) when this is called."""
        ...


def _game(game: Game[Any, Any] | None) -> Game[Any, Any]:
    """``game``, or Sintra (through the registry) when ``None``."""
    return make("sintra") if game is None else game


class SeededAgent:
    """An agent with its own SplitMix64 stream (ENG-02), seeded at construction: the base of
    the seeded built-in agents.

    Args:
        seed: the seed of the agent's stream.
    """

    name = "seeded"

    def __init__(self, seed: int = 0) -> None:
        self._rng = seed_state(seed)

    def _draw(self, options: Sequence[Any]) -> Any:
        """One of ``options``, uniformly, advancing the agent's stream by one draw.

        Raises:
            GameOver: ``options`` is empty (the game is over).
        """
        if not options:
            raise GameOver("END", "the game is over: there is no action to choose")
        self._rng, index = below(self._rng, len(options))
        return options[index]


class RandomAgent(SeededAgent):
    """Chooses uniformly among the legal actions, with its own seeded SplitMix64 stream.

    Args:
        seed: the seed of the agent's stream (ENG-02).
        game: the game it plays (default: Sintra).

    >>> from sintra_rules import new_game
    >>> state = new_game(2, seed=5)
    >>> RandomAgent(seed=9).choose(state) == RandomAgent(seed=9).choose(state)
    True
    """

    name = "random"
    #: What it is, for the command line's help (:func:`agent_infos`).
    INFO = AgentInfo("random", "a uniformly random legal action")

    def __init__(self, seed: int = 0, game: Game[Any, Any] | None = None) -> None:
        super().__init__(seed)
        self._game = _game(game)

    def choose(self, state: Any) -> Any:
        """A uniformly random legal action (ENG-02 generator, ENG-05 canonical order)."""
        return self._draw(self._game.legal_actions(state))


def agent_infos(game: Game[Any, Any] | None = None) -> tuple[AgentInfo, ...]:
    """What every agent :func:`make_agent` takes for ``game`` (default: Sintra) is, in the
    game's words, in the vocabulary's order: ``random``, the game's own agents (each
    factory's ``INFO``, :class:`~sintra_rules.game.Played`), ``mcts`` (the generic search,
    :data:`sintra_rules.mcts.MctsAgent.INFO`) and, where the game has its own search,
    ``uct`` (:attr:`~sintra_rules.game.Searched.search_info`). The command line's help lists
    them; :func:`make_agent` checks every spelling against their parameters.

    Args:
        game: the game.

    Returns:
        One :class:`~sintra_rules.game.AgentInfo` per agent.

    >>> [info.spelling() for info in agent_infos()]
    ['random', 'greedy', 'mcts:N', 'uct:N']
    """
    from sintra_rules.mcts import MctsAgent  # mcts imports this module

    game = _game(game)
    own = game.agents if isinstance(game, Played) else {}
    infos = [_info_of("random", own.get("random", RandomAgent))]
    infos += [_info_of(name, factory) for name, factory in own.items() if name != "random"]
    infos.append(MctsAgent.INFO)
    if isinstance(game, Searched):
        infos.append(attrs.evolve(game.search_info, name="uct"))
    return tuple(infos)


def _info_of(name: str, factory: object) -> AgentInfo:
    """The :class:`~sintra_rules.game.AgentInfo` a factory declares (its ``INFO``), named
    ``name``; a factory without one takes no options and says nothing of itself."""
    info = getattr(factory, "INFO", None)
    if isinstance(info, AgentInfo):
        return info if info.name == name else attrs.evolve(info, name=name)
    return AgentInfo(name, "")


def AGENT_NAMES(game: Game[Any, Any] | None = None) -> tuple[str, ...]:
    """Every agent name :func:`make_agent` takes for ``game`` (default: Sintra), sorted:
    ``random``, the game's own agents, ``mcts`` and, where the game has its own search,
    ``uct`` (:func:`agent_infos` says what each is).

    Args:
        game: the game.

    Returns:
        The names.
    """
    return tuple(sorted(info.name for info in agent_infos(game)))


def unknown_agent(spec: str, game: Game[Any, Any] | None = None) -> str:
    """The one line that refuses the agent ``spec``, a name ``game`` (default: Sintra) does not
    have: the names it has, and, for a name another registered game has, that this game has
    none (``uct`` where a game has no compiled search of its own). :func:`make_agent` and the
    command line say it alike.

    Args:
        spec: the agent's spelling (its name, with any options).
        game: the game.

    Returns:
        The line.

    >>> print(unknown_agent("minimax"))
    unknown agent 'minimax' (choose from greedy, mcts, random, uct)
    >>> print(unknown_agent("minimax:500", make("sagrada")))
    unknown agent 'minimax:500' (choose from greedy, mcts, random, search, uct)
    >>> print(unknown_agent("search"))  # doctest: +NORMALIZE_WHITESPACE
    unknown agent 'search': Azul: Stained Glass of Sintra has no such agent (Sagrada's);
    choose from greedy, mcts, random, uct
    """
    game = _game(game)
    reason = _unknown_reason(spec.partition(":")[0], game)
    known = ", ".join(AGENT_NAMES(game))
    if reason is None:
        return f"unknown agent {spec!r} (choose from {known})"
    return f"unknown agent {spec!r}: {reason}; choose from {known}"


def _unknown_reason(base: str, game: Game[Any, Any]) -> str | None:
    """Why ``game`` has no agent ``base`` when another registered game has one (naming
    ``game`` and those that have it), ``None`` for a name no game has."""
    owners = [
        other.info.title
        for other in (make(name) for name in available_games() if name != game.info.name)
        if base in AGENT_NAMES(other)
    ]
    if not owners:
        return None
    having = " and ".join(owners)
    if base == "uct":
        return f"{game.info.title} has no compiled search of its own ({having} has one)"
    return f"{game.info.title} has no such agent ({having}'s)"


def agent_options(spec: str, info: AgentInfo) -> dict[str, int | float]:
    """The one parser of agent spellings: the keyword arguments of ``spec`` (``name``,
    ``name:N``, ``name:KEY=VALUE,...``; ``N`` is the agent's budget, its first parameter) for
    the agent ``info``, each value checked against its parameter's range.

    Args:
        spec: the spelling.
        info: the agent's :class:`~sintra_rules.game.AgentInfo`.

    Returns:
        The factory's keyword arguments, by keyword.

    Raises:
        InvalidArgument: options for an agent that takes none, an unknown or repeated key, or
            a value out of its range (the message says the range).

    >>> from sintra_rules.mcts import MctsAgent
    >>> agent_options("mcts:sims=50,c=1.5", MctsAgent.INFO)
    {'simulations': 50, 'exploration': 1.5}
    >>> agent_options("mcts:0", MctsAgent.INFO)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sintra_rules.errors.InvalidArgument: mcts:0: sims (...) must be a whole number from 1 to ...
    """
    base, sep, rest = spec.partition(":")
    if not sep:
        return {}
    if not info.parameters:
        raise InvalidArgument(spec, f"{base} takes no options")
    keys = ", ".join(parameter.key for parameter in info.parameters)
    kwargs: dict[str, int | float] = {}
    given: set[str] = set()
    for position, item in enumerate(rest.split(",")):
        key, equals, value = item.partition("=")
        if not equals and position == 0 and info.budget is not None and not info.parameter(item):
            key, value = info.budget.key, item  # name:N, the budget
        elif not equals:
            raise InvalidArgument(spec, f"options are N or KEY=VALUE, got {item!r}")
        parameter = info.parameter(key)
        if parameter is None:
            raise InvalidArgument(spec, f"unknown option {key!r} ({base} takes {keys})")
        if key in given:
            raise InvalidArgument(spec, f"{key} is given twice")
        given.add(key)
        try:
            kwargs[parameter.keyword] = parameter.read(value)
        except ValueError as error:
            raise InvalidArgument(spec, str(error)) from None
    return kwargs


def split_agents(text: str) -> list[str]:
    """The agents of a comma-separated list (``sintra play --agents``): an item ``KEY=VALUE``
    after an agent with options belongs to it, so ``mcts:sims=50,c=1,random`` is two agents.

    >>> split_agents("mcts:sims=50,c=1,random, greedy")
    ['mcts:sims=50,c=1', 'random', 'greedy']
    """
    agents: list[str] = []
    for item in (piece.strip() for piece in text.split(",")):
        if agents and "=" in item and ":" not in item and ":" in agents[-1]:
            agents[-1] += f",{item}"
        else:
            agents.append(item)
    return agents


def make_agent(name: str, seed: int = 0, *, game: Game[Any, Any] | None = None) -> Agent:
    """An agent by name for ``game`` (default: Sintra); :func:`AGENT_NAMES` lists the names
    and :func:`agent_infos` says what each is and what its options are.

    ``random`` chooses uniformly (unless the game has its own ``random``); the game's own
    agents (Sintra: ``greedy``) take the options their ``INFO`` declares (Sagrada's
    ``search:N`` or ``search:sims=N,width=W,horizon=H``); the two searches take a budget:
    ``mcts`` (:class:`~sintra_rules.mcts.MctsAgent`, the generic determinized MCTS, for any
    game) as ``mcts:N`` (``N`` simulations per move) or ``mcts:sims=N,seconds=T,c=X,eps=P``
    (``seconds`` alone: no limit on simulations), and ``uct``
    (:class:`~sintra_rules.mcts.UctAgent`, the game's own compiled search, for a game that has
    one) as ``uct:N`` or ``uct:sims=N``. mcts defaults to 1000 simulations, uct to its budget's
    default (Sintra 1000, Sagrada 600). Every value is checked against its range by the one
    parser of spellings (:func:`agent_options`); an agent with options is named by its whole
    spelling.

    Args:
        name: the agent's name, with the search agents' options.
        seed: the agent's seed (ENG-02).
        game: the game it plays.

    Returns:
        A new agent.

    Raises:
        UnknownAgent: a name the game does not have (the message lists those it has, and
        names the game when another game has that agent, :func:`unknown_agent`).
        InvalidArgument: options for an agent that takes none, or a bad option or value.

    >>> make_agent("greedy", seed=2).name, make_agent("mcts:200").simulations
    ('greedy', 200)
    >>> make_agent("clever")
    Traceback (most recent call last):
    ...
    sintra_rules.errors.UnknownAgent: unknown agent 'clever': choose from greedy, mcts, random, uct
    """
    from sintra_rules.mcts import MctsAgent, UctAgent  # mcts imports this module

    game = _game(game)
    base, sep, _ = name.partition(":") if isinstance(name, str) else (repr(name), "", "")
    infos = {info.name: info for info in agent_infos(game)}
    if base not in infos:
        reason = _unknown_reason(base, game)
        known = f"choose from {', '.join(AGENT_NAMES(game))}"
        raise UnknownAgent(name, known if reason is None else f"{reason}; {known}")
    kwargs: dict[str, Any] = agent_options(name, infos[base])
    agent: Agent
    if base == "mcts":
        if "seconds" in kwargs and "simulations" not in kwargs:
            agent = MctsAgent(seed, game=game, simulations=None, **kwargs)
        else:
            agent = MctsAgent(seed, game=game, **kwargs)
    elif base == "uct":
        agent = UctAgent(seed, game=game, **kwargs)
    else:
        own = game.agents if isinstance(game, Played) else {}
        factory: Callable[..., Agent] = own.get(base, RandomAgent)
        agent = factory(seed, **kwargs) if base in own else RandomAgent(seed, game)
    agent.name = name if sep else base
    return agent


@attrs.frozen
class PlayedGame:
    """A finished game: where it started, every decision, and how it ended.

    ``states[i]`` is the position in which ``actions[i]`` was chosen (so ``states[0]`` is
    ``initial``), ``final`` the position after the last action, ``names`` the agents' names by
    seat and ``result`` the game's :class:`~sintra_rules.game.Result` (scores, tie-break keys,
    winners).
    """

    initial: Any
    actions: tuple[Any, ...]
    states: tuple[Any, ...]
    final: Any
    result: Result
    names: tuple[str, ...]


def _too_long(game: Game[Any, Any], facts: Facts, players: int, played: int) -> BoundExceeded:
    """The error for a game that lasted ``played`` decisions, beyond ``max_game_length``."""
    status = "proved" if facts.bounds_proved else "not proved"
    proof = f"{game.info.name}: Facts.max_game_length, {status}"
    return BoundExceeded("max_game_length", players, facts.max_game_length, played, proof)


def play_game(
    agents: Sequence[Agent],
    *,
    game: Game[Any, Any] | None = None,
    seed: int = 0,
    options: Mapping[str, str] | None = None,
) -> PlayedGame:
    """Play a complete game of ``game`` (default: Sintra) with one agent per seat.

    The number of players is ``len(agents)``; the game starts from ``seed`` with ``options``
    (Sintra: ``{"side": "B"}``), and every chance step is drawn from the game's own generator.

    Args:
        agents: one agent per seat.
        game: the game.
        seed: the game's seed (ENG-02).
        options: the game's options (default: every option's default).

    Returns:
        The :class:`PlayedGame`.

    Raises:
        ConfigurationError: a player count or an option the game does not take.
        IllegalAction: an agent chose an illegal action.
        BoundExceeded: the game lasted more decisions than its ``facts.max_game_length``.
    """
    game = _game(game)
    players = len(agents)
    state = game.start(players, seed=seed, options=options)
    facts = game.facts(players, options)
    initial = state
    actions: list[Any] = []
    states: list[Any] = []
    while not state.is_over:
        if len(actions) == facts.max_game_length:
            raise _too_long(game, facts, players, len(actions) + 1)
        action = agents[state.turn].choose(state)
        states.append(state)
        actions.append(action)
        state = game.apply(state, action)
    return PlayedGame(
        initial=initial,
        actions=tuple(actions),
        states=tuple(states),
        final=state,
        result=game.result(state),
        names=tuple(agent.name for agent in agents),
    )


def policies(game: Game[Any, Any] | None = None) -> tuple[str, ...]:
    """The playout policies of ``game`` (default: Sintra) that seeded random play cycles
    through: ``"uniform"`` and then the game's named ones
    (:attr:`~sintra_rules.game.Verified.soak_policies`; Sintra: ``("uniform", "placing")``).
    :func:`random_action` also takes ``"rollout"``.

    Args:
        game: the game.

    Returns:
        The names, ``"uniform"`` first.
    """
    game = _game(game)
    named = tuple(game.soak_policies) if isinstance(game, Verified) else ()
    return ("uniform", *named)


def random_action(
    state: Any, rng: int, policy: Policy = "uniform", *, game: Game[Any, Any] | None = None
) -> tuple[int, Any]:
    """Draw an action for ``state`` by ``policy`` (ENG-02, ENG-05).

    ``"uniform"`` draws with one call of :func:`~sintra_rules.rng.below` among the legal
    actions (canonical order); a named policy of the game the same way among the actions it
    prefers (among all when it prefers none); ``"rollout"`` takes one 64-bit output and lets
    the game's :meth:`~sintra_rules.game.Played.rollout_action` choose (uniform for a game
    without one).

    Args:
        state: a position at which a player is to act.
        rng: the SplitMix64 generator state to draw from.
        policy: ``"uniform"``, ``"rollout"`` or a name of :func:`policies`.
        game: the state's game (default: Sintra).

    Returns:
        The generator state after the draw, and the action drawn.

    Raises:
        GameOver: the game is over, so there is no action to draw.
        InvalidArgument: a policy the game does not have.

    >>> from sintra_rules.rng import seed_state
    >>> from sintra_rules import new_game
    >>> state = new_game(2, seed=3)
    >>> random_action(state, seed_state(3)) == random_action(state, seed_state(3))
    True
    """
    return _drawer(_game(game), policy)(state, rng)


_Drawer = Callable[[Any, int], tuple[int, Any]]


def _drawer(game: Game[Any, Any], policy: Policy) -> _Drawer:
    """The function drawing an action by ``policy`` (see :func:`random_action`), resolved
    once for a whole playout.

    Raises:
        InvalidArgument: a policy the game does not have.
    """
    legal_actions = game.legal_actions
    named = game.soak_policies if isinstance(game, Verified) else {}
    rollout = game.rollout_action if isinstance(game, Played) else None
    if policy not in ("uniform", "rollout") and policy not in named:
        known = ", ".join((*policies(game), "rollout"))
        raise InvalidArgument("policy", f"{policy!r} is not one of {known}")
    prefer = named.get(policy)

    def draw(state: Any, rng: int) -> tuple[int, Any]:
        actions = legal_actions(state)
        if not actions:
            raise GameOver("END", "the game is over: there is no action to choose")
        if policy == "rollout":
            rng, value = next_u64(rng)
            if rollout is None:
                return rng, actions[value % len(actions)]
            return rng, rollout(state, actions, value)
        choices = actions if prefer is None else (prefer(state, actions) or actions)
        rng, index = below(rng, len(choices))
        return rng, choices[index]

    return draw


class Ply(NamedTuple):
    """One ply of a :func:`playout`: the position, the action drawn in it, the position after."""

    before: Any
    action: Any
    after: Any


def playout(
    state: Any,
    seed: int,
    policy: Policy = "uniform",
    plies: int | None = None,
    *,
    step: Callable[[Any, Any], Any] | None = None,
    game: Game[Any, Any] | None = None,
    options: Mapping[str, str] | None = None,
) -> Iterator[Ply]:
    """The seeded random playout, the one loop behind soak, perft positions, the benchmark and
    the golden games: from ``state``, draw each action by ``policy`` (:func:`random_action`)
    from one SplitMix64 stream seeded with ``seed`` and apply it, until the game is over or
    ``plies`` actions have been played (ENG-02, ENG-05). Deterministic on every platform.

    Args:
        state: where to start (any position at which a player is to act, or a finished one,
            which yields nothing).

        seed: the seed of the drawing stream (:func:`~sintra_rules.rng.seed_state`).
        policy: see :func:`random_action`.
        plies: stop after this many actions (``None``: play to the end).

        step: what applies an action (default: the game's ``apply``, each chance step drawn
            from the state's own generator).

        game: the state's game (default: Sintra).
        options: the game's options, for its ``max_game_length`` (default: the defaults).

    Returns:
        An iterator of :class:`Ply`, one per action, lazily played.

    Raises:
        InvalidArgument: ``plies`` is negative, or ``policy`` unknown.
        BoundExceeded: (while iterating) more actions than the game's ``max_game_length``.

    >>> from sintra_rules import new_game
    >>> plies = list(playout(new_game(3, side="B", seed=5), seed=5))
    >>> plies[-1].after.is_over, plies[1].before == plies[0].after
    (True, True)
    >>> len(list(playout(new_game(2, seed=5), seed=5, plies=7)))
    7
    """
    if plies is not None and plies < 0:
        raise InvalidArgument("plies", f"must be >= 0, got {plies}")
    game = _game(game)
    draw = _drawer(game, policy)
    facts = game.facts(state.num_players, options)
    apply = game.apply if step is None else step
    return _playout(game, facts, state, seed_state(seed), draw, plies, apply)


def _playout(
    game: Game[Any, Any],
    facts: Facts,
    state: Any,
    rng: int,
    draw: _Drawer,
    plies: int | None,
    step: Callable[[Any, Any], Any],
) -> Iterator[Ply]:
    limit = facts.max_game_length
    played = 0
    while not state.is_over and (plies is None or played < plies):
        if played == limit:
            raise _too_long(game, facts, state.num_players, played + 1)
        rng, action = draw(state, rng)
        after = step(state, action)
        played += 1
        yield Ply(state, action, after)
        state = after
