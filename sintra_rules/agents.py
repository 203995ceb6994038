"""Built-in players, a game loop that pits them against each other, and the seeded random playout.

Every agent (and :func:`playout`) draws its randomness from the project's own SplitMix64 generator
(:mod:`sintra_rules.rng`, ENG-02), so a game between built-in agents is the same on every
platform and Python version for the same seeds.

>>> game = play_game([GreedyAgent(seed=1), RandomAgent(seed=2)], side="A", seed=3)
>>> game.final.is_over, len(game.actions) == len(game.states)
(True, True)
>>> game == play_game([GreedyAgent(seed=1), RandomAgent(seed=2)], side="A", seed=3)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Literal, NamedTuple, Protocol, runtime_checkable

import attrs

from sintra_rules.errors import BoundExceeded, GameOver, InvalidArgument, UnknownAgent
from sintra_rules.games.sintra.actions import Action, Reset
from sintra_rules.games.sintra.bounds import BOUNDS, Quantity
from sintra_rules.games.sintra.components import ComponentTable, Side
from sintra_rules.games.sintra.rules import apply, legal_actions
from sintra_rules.games.sintra.scoring import Outcome, outcome
from sintra_rules.games.sintra.setup import new_game
from sintra_rules.games.sintra.state import GameState, PlayerState
from sintra_rules.rng import below, seed_state

__all__ = [
    "POLICIES",
    "Agent",
    "GreedyAgent",
    "PlayedGame",
    "Ply",
    "Policy",
    "RandomAgent",
    "TurnCount",
    "make_agent",
    "play_game",
    "playout",
    "random_action",
]

#: How :func:`random_action` draws: ``"uniform"`` among all legal actions, or ``"placing"``
#: among the resets and the takes that place pieces without completing a strip, when there are
#: any (such play keeps pieces on the strips, so bag and tower run low and partial refills,
#: END-05, occur, which uniform play almost never produces).
Policy = Literal["uniform", "placing"]
#: Every policy of :func:`random_action`.
POLICIES: tuple[Policy, ...] = ("uniform", "placing")


@runtime_checkable
class Agent(Protocol):
    """A player: given a position where it is to act, it chooses one legal action."""

    name: str

    def choose(self, state: GameState) -> Action:
        """One of ``legal_actions(state)``; ``state`` is never over when this is called."""
        ...


class _SeededAgent:
    """An agent with its own SplitMix64 stream (ENG-02), seeded at construction."""

    name = "seeded"

    def __init__(self, seed: int = 0) -> None:
        self._rng = seed_state(seed)

    def _draw(self, options: Sequence[Action]) -> Action:
        """One of ``options``, uniformly, advancing the agent's stream by one draw."""
        if not options:
            raise GameOver("END-02", "the game is over: there is no action to choose")
        self._rng, index = below(self._rng, len(options))
        return options[index]


class RandomAgent(_SeededAgent):
    """Chooses uniformly among the legal actions, with its own seeded SplitMix64 stream.

    >>> from sintra_rules import new_game
    >>> state = new_game(2, seed=5)
    >>> RandomAgent(seed=9).choose(state) == RandomAgent(seed=9).choose(state)
    True
    """

    name = "random"

    def choose(self, state: GameState) -> Action:
        """A uniformly random legal action (ENG-02 generator, ENG-05 canonical order)."""
        return self._draw(legal_actions(state))


def _standing(state: GameState, player: PlayerState) -> int:
    """Points the player would keep if the game ended now apart from the final bonuses: the
    score plus the (negative) value of the broken glass marker's space (TRACK-04, FINAL-03).

    After the game the score already includes the track value (FINAL-01), so it is not added
    twice."""
    if state.is_over:
        return player.score
    return player.score + state.components.track[player.marker]


def _progress(player: PlayerState) -> int:
    """Pieces placed so far: on strips, plus 5 per pane in a window (a completed strip)."""
    panes = sum(piece is not None for window in player.windows for piece in window)
    return player.pieces_on_strips() + 5 * panes


class GreedyAgent(_SeededAgent):
    """A one-ply greedy player.

    It applies every legal action and keeps those that maximise the immediate change of
    score minus broken glass loss (the change of score plus the track marker's value, see
    TRACK-02 to TRACK-04 and DONE-02, DONE-06), then, among those, the ones that place the most
    pieces; remaining ties are broken by its seeded SplitMix64 stream (ENG-02).

    >>> from sintra_rules import legal_actions
    >>> from sintra_rules import new_game
    >>> state = new_game(3, side="B", seed=4)
    >>> GreedyAgent(seed=1).choose(state) in legal_actions(state)
    True
    """

    name = "greedy"

    def choose(self, state: GameState) -> Action:
        """The best legal action by (points gained minus broken glass lost, pieces placed)."""
        actions = legal_actions(state)
        seat = state.turn
        me = state.players[seat]
        base = (_standing(state, me), _progress(me))
        best: list[Action] = []
        best_key: tuple[int, int] | None = None
        for action in actions:
            after = apply(state, action)
            them = after.players[seat]
            key = (_standing(after, them) - base[0], _progress(them) - base[1])
            if best_key is None or key > best_key:
                best_key = key
                best = [action]
            elif key == best_key:
                best.append(action)
        return self._draw(best)


#: The built-in agents by name, for :func:`make_agent` and the command line.
AGENTS: dict[str, type[RandomAgent] | type[GreedyAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}


def make_agent(name: str, seed: int = 0) -> Agent:
    """A built-in agent by name (``"random"`` or ``"greedy"``).

    >>> make_agent("greedy", seed=2).name
    'greedy'
    >>> make_agent("clever")
    Traceback (most recent call last):
    ...
    sintra_rules.errors.UnknownAgent: unknown agent 'clever': choose from greedy, random
    """
    try:
        cls = AGENTS[name]
    except KeyError:
        known = ", ".join(sorted(AGENTS))
        raise UnknownAgent(name, f"choose from {known}") from None
    return cls(seed)


@attrs.frozen
class PlayedGame:
    """A finished game: where it started, every action, and how it ended.

    ``states[i]`` is the position in which ``actions[i]`` was chosen (so ``states[0]`` is
    ``initial``), ``final`` the position after the last action, ``names`` the agents' names by
    seat and ``outcome`` the result (WIN-01 to WIN-03).
    """

    initial: GameState
    actions: tuple[Action, ...]
    states: tuple[GameState, ...]
    final: GameState
    outcome: Outcome
    names: tuple[str, ...]


def play_game(
    agents: Sequence[Agent],
    side: Side = "A",
    seed: int = 0,
    components: ComponentTable | None = None,
) -> PlayedGame:
    """Play a complete game with one agent per seat, seat 0 starting (ENG-01).

    The number of players is ``len(agents)``; :func:`~sintra_rules.games.sintra.setup.new_game`
    raises :class:`~sintra_rules.errors.ConfigurationError` for anything but 2 to 4 (COMP-02), and
    :func:`~sintra_rules.games.sintra.rules.apply` raises
    :class:`~sintra_rules.errors.IllegalAction` if an agent chooses an illegal action, and
    :class:`~sintra_rules.errors.BoundExceeded` is raised if a round or the game lasts longer
    than its proved bound (see :class:`TurnCount`).
    """
    state = new_game(len(agents), side=side, seed=seed, components=components)
    initial = state
    actions: list[Action] = []
    states: list[GameState] = []
    count = TurnCount()
    while not state.is_over:
        action = agents[state.turn].choose(state)
        states.append(state)
        actions.append(action)
        after = apply(state, action)
        count = count.after(state, after)
        state = after
    return PlayedGame(
        initial=initial,
        actions=tuple(actions),
        states=tuple(states),
        final=state,
        outcome=outcome(state),
        names=tuple(agent.name for agent in agents),
    )


def _placing(action: Action) -> bool:
    return isinstance(action, Reset) or (action.target is not None and action.keep is None)


def random_action(state: GameState, rng: int, policy: Policy = "uniform") -> tuple[int, Action]:
    """Draw an action for ``state`` by ``policy`` with one draw of ``below`` (ENG-02, ENG-05).

    Args:
        state: a position that is not over.
        rng: the SplitMix64 generator state to draw from.
        policy: ``"uniform"`` or ``"placing"`` (see :data:`Policy`).

    Returns:
        The generator state after the draw, and the action drawn from
        :func:`~sintra_rules.games.sintra.rules.legal_actions` (canonical order).

    Raises:
        GameOver: the game is over, so there is no action to draw.

    >>> from sintra_rules.rng import seed_state
    >>> from sintra_rules.games.sintra.setup import new_game
    >>> state = new_game(2, seed=3)
    >>> random_action(state, seed_state(3)) == random_action(state, seed_state(3))
    True
    """
    actions = legal_actions(state)
    if not actions:
        raise GameOver("END-02", "the game is over: there is no action to choose")
    pool = [a for a in actions if _placing(a)] if policy == "placing" else []
    choices = pool or actions
    rng, index = below(rng, len(choices))
    return rng, choices[index]


class Ply(NamedTuple):
    """One ply of a :func:`playout`: the position, the action drawn in it, the position after."""

    before: GameState
    action: Action
    after: GameState


def playout(
    state: GameState,
    seed: int,
    policy: Policy = "uniform",
    plies: int | None = None,
    *,
    step: Callable[[GameState, Action], GameState] | None = None,
) -> Iterator[Ply]:
    """The seeded random playout, the one loop behind soak, perft positions, the benchmark and
    the golden games: from ``state``, draw each action by ``policy`` (:func:`random_action`)
    from one SplitMix64 stream seeded with ``seed`` and apply it, until the game is over or
    ``plies`` actions have been played (ENG-02, ENG-05). Deterministic on every platform.

    Args:
        state: where to start (any position; a finished one yields nothing).
        seed: the seed of the drawing stream (:func:`~sintra_rules.rng.seed_state`).
        policy: ``"uniform"`` or ``"placing"`` (see :data:`Policy`).
        plies: stop after this many actions (``None``: play to the end).
        step: what applies an action (default :func:`~sintra_rules.games.sintra.rules.apply`).

    Returns:
        An iterator of :class:`Ply`, one per action, lazily played.

    Raises:
        InvalidArgument: ``plies`` is negative.
        BoundExceeded: (while iterating) a round or the game outlasts its proved bound.

    >>> from sintra_rules.games.sintra.setup import new_game
    >>> plies = list(playout(new_game(3, side="B", seed=5), seed=5))
    >>> plies[-1].after.is_over, plies[1].before == plies[0].after
    (True, True)
    >>> len(list(playout(new_game(2, seed=5), seed=5, plies=7)))
    7
    """
    if plies is not None and plies < 0:
        raise InvalidArgument("plies", f"must be >= 0, got {plies}")
    return _playout(state, seed_state(seed), policy, plies, apply if step is None else step)


def _playout(
    state: GameState,
    rng: int,
    policy: Policy,
    plies: int | None,
    step: Callable[[GameState, Action], GameState],
) -> Iterator[Ply]:
    players = len(state.players)
    per_round = BOUNDS[("turns per round", players)].every_table
    per_game = BOUNDS[("turns per game", players)].every_table
    in_round = played = 0
    while not state.is_over and (plies is None or played < plies):
        rng, action = random_action(state, rng, policy)
        after = step(state, action)
        in_round += 1
        played += 1
        if in_round > per_round or played > per_game:  # checked inline: the benchmark's loop
            TurnCount(in_round - 1, played - 1).after(state, after)
        if len(after.indicator) != len(state.indicator):
            in_round = 0
        yield Ply(state, action, after)
        state = after


@attrs.frozen
class TurnCount:
    """Turns counted in the current round and in the whole game, held to the proved
    termination bounds (:mod:`sintra_rules.games.sintra.bounds`: a round within 40 / 58 / 72 turns,
    a game within 240 / 348 / 432 turns for 2 / 3 / 4 players; ROUND-01, ROUND-04, END-02).

    Counting from a position in the middle of a round or a game counts fewer turns than were
    played, so an exceeded bound is always a real one.

    >>> from sintra_rules.games.sintra.rules import apply, legal_actions
    >>> from sintra_rules.games.sintra.setup import new_game
    >>> state = new_game(2, seed=1)
    >>> after = apply(state, legal_actions(state)[0])
    >>> TurnCount().after(state, after)
    TurnCount(in_round=1, in_game=1)
    >>> try:
    ...     TurnCount(in_round=40).after(state, after)
    ... except BoundExceeded as error:
    ...     print(error)
    turns per round: 41 > 40, the proved bound for 2 players (termination[admissible, 2 players])
    """

    #: Turns (takes and resets) counted in the current round.
    in_round: int = 0
    #: Turns counted in the game.
    in_game: int = 0

    def after(self, before: GameState, after: GameState) -> TurnCount:
        """The count after the turn ``before -> after``.

        Args:
            before: the position the turn was taken in.
            after: the position after it (a new round starts when the indicator lost a piece).

        Returns:
            The new count (``in_round`` back to 0 when the turn ended the round).

        Raises:
            BoundExceeded: the round or the game now has more turns than its proved bound.
        """
        players = len(before.players)
        in_round, in_game = self.in_round + 1, self.in_game + 1
        counted: tuple[tuple[Quantity, int], ...] = (
            ("turns per round", in_round),
            ("turns per game", in_game),
        )
        for quantity, turns in counted:
            bound = BOUNDS[(quantity, players)]
            if turns > bound.every_table:
                proof = bound.proof_name("admissible")
                raise BoundExceeded(quantity, players, bound.every_table, turns, proof)
        if len(after.indicator) != len(before.indicator):
            in_round = 0
        return TurnCount(in_round, in_game)
