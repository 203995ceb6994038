"""Built-in players and a game loop that pits them against each other.

Every agent draws its randomness from the project's own SplitMix64 generator
(:mod:`sintra_rules.rng`, ENG-02), so a game between built-in agents is the same on every
platform and Python version for the same seeds.

>>> game = play_game([GreedyAgent(seed=1), RandomAgent(seed=2)], side="A", seed=3)
>>> game.final.is_over, len(game.actions) == len(game.states)
(True, True)
>>> game == play_game([GreedyAgent(seed=1), RandomAgent(seed=2)], side="A", seed=3)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import attrs

from sintra_rules.actions import Action
from sintra_rules.components import ComponentTable, Side
from sintra_rules.errors import GameOver, UnknownAgent
from sintra_rules.rng import below, seed_state
from sintra_rules.rules import apply, legal_actions
from sintra_rules.scoring import Outcome, outcome
from sintra_rules.setup import new_game
from sintra_rules.state import GameState, PlayerState

__all__ = ["Agent", "GreedyAgent", "PlayedGame", "RandomAgent", "make_agent", "play_game"]


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

    The number of players is ``len(agents)``; :func:`~sintra_rules.setup.new_game` raises
    :class:`~sintra_rules.errors.ConfigurationError` for anything but 2 to 4 (COMP-02), and
    :func:`~sintra_rules.rules.apply` raises
    :class:`~sintra_rules.errors.IllegalAction` if an agent chooses an illegal action.
    """
    state = new_game(len(agents), side=side, seed=seed, components=components)
    initial = state
    actions: list[Action] = []
    states: list[GameState] = []
    while not state.is_over:
        action = agents[state.turn].choose(state)
        states.append(state)
        actions.append(action)
        state = apply(state, action)
    return PlayedGame(
        initial=initial,
        actions=tuple(actions),
        states=tuple(states),
        final=state,
        outcome=outcome(state),
        names=tuple(agent.name for agent in agents),
    )
