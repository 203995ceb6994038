"""Built-in Sagrada players: a seeded random player, a one-ply greedy player, and the rollout
policy a search's playouts use.

Every agent draws its randomness from the project's SplitMix64 generator (ENG-05), so games
between built-in agents are the same on every platform for the same seeds.

>>> from sintra_rules.games.sagrada import new_game, apply, legal_actions
>>> state = new_game(2, seed=3)
>>> agents = [GreedyAgent(seed=1), GreedyAgent(seed=2)]
>>> while not state.is_over:
...     state = apply(state, agents[state.turn].choose(state))
>>> state.round
11
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from sintra_rules.errors import GameOver
from sintra_rules.games.sagrada.actions import Action, EndTurn
from sintra_rules.games.sagrada.components import SPACES, Pattern
from sintra_rules.games.sagrada.placement import legal_cells
from sintra_rules.games.sagrada.rules import apply, legal_actions
from sintra_rules.games.sagrada.scoring import private_points, public_points
from sintra_rules.games.sagrada.state import ORTHOGONAL, Die, SagradaState
from sintra_rules.rng import below, seed_state

__all__ = ["AGENTS", "GreedyAgent", "RandomAgent", "rollout_action", "window_value"]


class _Seeded:
    """An agent with its own SplitMix64 stream, seeded at construction (ENG-05)."""

    name = "seeded"

    def __init__(self, seed: int = 0) -> None:
        self._rng = seed_state(seed)

    def _draw(self, options: Sequence[Action]) -> Action:
        if not options:
            raise GameOver("ROUND-06", "there is no action to choose")
        self._rng, index = below(self._rng, len(options))
        return options[index]


class RandomAgent(_Seeded):
    """Chooses uniformly among the legal actions with its own seeded stream."""

    name = "random"

    def choose(self, state: SagradaState) -> Action:
        """A uniformly random legal action (ENG-08 order, ENG-05 generator)."""
        return self._draw(legal_actions(state))


def _dead(window: tuple[Die | None, ...], pattern: Pattern) -> int:
    """Empty spaces no die can ever fill: every colour or every value the space allows is
    banned by an orthogonal neighbour (PLACE-03 to PLACE-07)."""
    dead = 0
    for cell in range(SPACES):
        if window[cell] is not None:
            continue
        near = [window[j] for j in ORTHOGONAL[cell] if window[j] is not None]
        colours = {d[0] for d in near if d is not None}
        values = {d[1] for d in near if d is not None}
        need_c, need_v = pattern.colours[cell], pattern.values[cell]
        ok_c = {need_c} - colours if need_c >= 0 else set(range(5)) - colours
        ok_v = {need_v} - values if need_v else set(range(1, 7)) - values
        if not ok_c or not ok_v:
            dead += 1
    return dead


def window_value(state: SagradaState, seat: int) -> int:
    """The greedy player's value of ``seat``'s window: public objectives (PUB-01 to PUB-10)
    and the best private objective (SCORE-02) as they stand, favor tokens (SCORE-03), one
    point per die placed and minus one per space no die can fill any more (SCORE-04); the die
    in hand, if any, counts at its best space.

    Args:
        state: a state after the patterns are chosen.
        seat: the seat.

    Returns:
        The value.
    """
    player = state.players[seat]
    if player.pattern is None:
        return player.favor
    pattern = state.components.patterns[player.pattern]
    window = player.window
    if state.hand is not None and state.turn == seat and state.hand[1]:
        cells = legal_cells(window, pattern, state.hand)
        if cells:
            return max(
                _value(state, player.privates, _put(window, c, state.hand), pattern, player.favor)
                for c in cells
            )
    return _value(state, player.privates, window, pattern, player.favor)


def _put(window: tuple[Die | None, ...], cell: int, d: Die) -> tuple[Die | None, ...]:
    out = list(window)
    out[cell] = d
    return tuple(out)


def _value(
    state: SagradaState,
    privates: tuple[int, ...],
    window: tuple[Die | None, ...],
    pattern: Pattern,
    favor: int,
) -> int:
    publics = sum(public_points(state, card, window) for card in state.publics)
    private = max((private_points(state, card, window) for card in privates), default=0)
    placed = SPACES - window.count(None)
    return publics + private + favor + placed - _dead(window, pattern)


class GreedyAgent(_Seeded):
    """A one-ply greedy player: it applies each legal action (without drawing its chance
    steps) and keeps those that maximise :func:`window_value` for itself; a draft counts at
    the best space for the die; ties are broken by its seeded stream. It uses a tool card only
    when that is worth the favor tokens by this value (or when nothing else is legal)."""

    name = "greedy"

    def choose(self, state: SagradaState) -> Action:
        """The best legal action by :func:`window_value` after it."""
        actions = legal_actions(state)
        seat = state.turn
        best: list[Action] = []
        best_value: int | None = None
        for action in actions:
            after = apply(state, action, sample=False)
            if after.chance is not None and after.round != state.round:
                value = window_value(after, seat)  # the round ended: no more to see
            elif after.chance is not None:
                value = window_value(state, seat) - 1  # a re-roll or draw: a gamble
            else:
                value = window_value(after, seat)
            if isinstance(action, EndTurn) and state.hand is None and not state.drafted:
                value -= 1  # passing without a draft wastes a die
            if best_value is None or value > best_value:
                best_value, best = value, [action]
            elif value == best_value:
                best.append(action)
        return self._draw(best)


def rollout_action(state: SagradaState, actions: Sequence[Action], draw: int) -> Action:
    """The action a search's playout takes among ``actions``: uniformly among those that do
    not end the turn when there are any, else the end of the turn (``draw`` is a random 64-bit
    integer).

    Args:
        state: the position.
        actions: its legal actions.
        draw: a random 64-bit integer.

    Returns:
        The action.
    """
    active: list[Action] = [a for a in actions if not isinstance(a, EndTurn)]
    options = active or list(actions)
    return options[draw % len(options)]


#: The built-in agents by name, each made from a seed.
AGENTS: Mapping[str, Callable[[int], RandomAgent | GreedyAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}
