"""Built-in Sagrada players: a seeded random player, a one-ply greedy player, a determinized
Monte Carlo search over greedy playouts (``search``), and the rollout policy the generic
search's playouts use.

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
from typing import ClassVar

from sintra_rules.errors import GameOver
from sintra_rules.game import AgentInfo, Parameter
from sintra_rules.games.sagrada.actions import Action, EndTurn
from sintra_rules.games.sagrada.chance import determinize
from sintra_rules.games.sagrada.components import SPACES, Pattern
from sintra_rules.games.sagrada.placement import legal_cells
from sintra_rules.games.sagrada.rules import apply, legal_actions
from sintra_rules.games.sagrada.scoring import (
    private_points,
    public_points,
    result,
    target_score,
)
from sintra_rules.games.sagrada.state import ORTHOGONAL, Die, SagradaState
from sintra_rules.rng import below, next_u64, seed_state

__all__ = [
    "AGENTS",
    "MAX_HORIZON",
    "MAX_SAMPLES",
    "MAX_WIDTH",
    "GreedyAgent",
    "RandomAgent",
    "SearchAgent",
    "greedy_best",
    "greedy_values",
    "rollout_action",
    "window_value",
]


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
    #: What it is, for the command line's help (:func:`sintra_rules.agents.agent_infos`).
    INFO = AgentInfo("random", "a uniformly random legal action")

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
    point per die placed and minus one per space no die can fill any more (SCORE-04; three
    each in the solo game, SOLO-06); the die in hand, if any, counts at its best space.

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
    weight = 3 if state.is_solo else 1  # an empty space costs 3 in the solo game (SOLO-06)
    placed = SPACES - window.count(None)
    return publics + private + favor + weight * (placed - _dead(window, pattern))


class GreedyAgent(_Seeded):
    """A one-ply greedy player: it applies each legal action (without drawing its chance
    steps) and keeps those that maximise :func:`window_value` for itself; a draft counts at
    the best space for the die; ties are broken by its seeded stream. It uses a tool card only
    when that is worth the favor tokens by this value (or when nothing else is legal)."""

    name = "greedy"
    #: What it is, for the command line's help (:func:`sintra_rules.agents.agent_infos`).
    INFO = AgentInfo(
        "greedy",
        "one-ply greedy: the action after which its window is worth the most (objectives as "
        "they stand, favor tokens, dice placed, spaces no die can fill); search beats it (17 of "
        "20 games, 95% interval 64% to 95%), mcts does not at 25 or 200 simulations (2 and 9 "
        "of 20)",
    )

    def choose(self, state: SagradaState) -> Action:
        """The best legal action by :func:`window_value` after it."""
        return self._draw(greedy_best(state, legal_actions(state)))


def greedy_values(state: SagradaState, actions: Sequence[Action]) -> list[int]:
    """The greedy player's value of each of ``actions`` for the seat to act: :func:`window_value`
    after it (a draft counts at the best space for the die); a re-roll or a draw, whose result
    the player cannot see yet, counts one less than the window as it stands; ending the turn
    without a draft counts one less (a die wasted).

    Args:
        state: a position where a player is to act.
        actions: some of its legal actions.

    Returns:
        One value per action.
    """
    seat = state.turn
    values = []
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
        values.append(value)
    return values


def greedy_best(state: SagradaState, actions: Sequence[Action]) -> list[Action]:
    """The actions of greatest :func:`greedy_values`, in the order given.

    Args:
        state: a position where a player is to act.
        actions: its legal actions.

    Returns:
        The best of them (at least one when ``actions`` is not empty).
    """
    values = greedy_values(state, actions)
    if not values:
        return []
    top = max(values)
    return [a for a, v in zip(actions, values, strict=True) if v == top]


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


#: The most determinizations per decision of ``search`` (about 20 ms each with 2 players on a
#: 2-core machine, so 20 s a decision at most).
MAX_SAMPLES = 1000
#: The most candidates ``search`` keeps per decision.
MAX_WIDTH = 64
#: The most rounds ``search`` plays on after the current one: 9 reaches the end of the game
#: from any round (ROUND-01).
MAX_HORIZON = 9


class SearchAgent(_Seeded):
    """A determinized Monte Carlo player: it ranks its legal actions by
    :func:`greedy_values`, keeps the ``width`` best (a forced action is played at once), and
    tries each of them on the same ``samples`` determinizations of the position
    (:func:`~sintra_rules.games.sagrada.chance.determinize` for its own seat, ENG-06: the other
    seats' private objectives dealt again and a fresh generator for every future die, so it
    never sees either), each time playing on with every seat greedy (:func:`greedy_best`, ties
    drawn from the determinization's own stream) to the end of the round after the current
    one (``horizon`` rounds after it; ``None``: to the end of the game). A playout is worth
    the seat's score margin to the best other seat (solo: to the target score, SOLO-07) plus
    ``bonus`` for a win, or, cut at the horizon, the margin of :func:`window_value` (solo: to
    the round track's dice so far, SOLO-05). It plays
    the candidate of best total; ties go to the greedy order (then the canonical order, ENG-08).

    The determinizations' seeds come from the agent's own stream (ENG-05), so the agent is
    deterministic for a seed, and every candidate meets the same dice (common random numbers).

    Args:
        seed: the seed of the agent's stream.
        samples: determinizations per decision, 1 to :data:`MAX_SAMPLES`.
        width: candidates kept per decision, 1 to :data:`MAX_WIDTH`.

        horizon: rounds played on after the current one, 0 to :data:`MAX_HORIZON` (which
            reaches the end from any round), or ``None`` to the end of the game.

        bonus: the worth of a win over the margin.

    Raises:
        ValueError: a budget, width or horizon out of range.
    """

    name = "search"
    #: What it is and its parameters with their ranges (``search:N`` is ``search:sims=N``;
    #: :func:`sintra_rules.agents.make_agent`): determinizations, width, horizon.
    INFO: ClassVar[AgentInfo] = AgentInfo(
        "search",
        "determinized Monte Carlo search: its best candidates by the greedy value, each "
        "played on with every seat greedy on the same determinizations (the other seats' "
        "private objectives and every future die drawn anew)",
        (
            Parameter("sims", "samples", "determinizations per decision", 1, MAX_SAMPLES, 8),
            Parameter("width", "width", "candidates kept per decision", 1, MAX_WIDTH, 4),
            Parameter(
                "horizon",
                "horizon",
                f"rounds played on after the current one ({MAX_HORIZON}: to the end)",
                0,
                MAX_HORIZON,
                1,
            ),
        ),
    )

    def __init__(
        self,
        seed: int = 0,
        samples: int = 8,
        width: int = 4,
        horizon: int | None = 1,
        bonus: float = 5.0,
    ) -> None:
        super().__init__(seed)
        given = {"samples": samples, "width": width, "horizon": horizon}
        for parameter in self.INFO.parameters:
            value = given[parameter.keyword]
            if not (value is None and parameter.key == "horizon") and not parameter.contains(value):
                raise ValueError(parameter.refusal(value))
        self.samples = samples
        self.width = width
        self.horizon = horizon
        self.bonus = bonus
        #: The candidates and their mean worth at the last decision searched.
        self.last_search: tuple[tuple[Action, float], ...] = ()

    def choose(self, state: SagradaState) -> Action:
        """The candidate of best mean playout worth (see the class description).

        Args:
            state: a position at which this agent's seat is to act.

        Returns:
            One of the legal actions.

        Raises:
            GameOver: the game is over.
        """
        actions = legal_actions(state)
        if not actions:
            raise GameOver("ROUND-06", "there is no action to choose")
        if len(actions) == 1:
            return actions[0]
        values = greedy_values(state, actions)
        order = sorted(range(len(actions)), key=lambda i: -values[i])
        candidates = [actions[i] for i in order[: self.width]]
        if len(candidates) == 1:
            return candidates[0]
        seat = state.turn
        totals = [0.0] * len(candidates)
        for _ in range(self.samples):
            self._rng, seed = next_u64(self._rng)
            seen = determinize(state, seed, seat)
            for k, action in enumerate(candidates):
                totals[k] += self._playout(apply(seen, action), seat, state.round, seed)
        best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
        self.last_search = tuple(
            (a, t / self.samples) for a, t in zip(candidates, totals, strict=True)
        )
        return candidates[best]

    def _playout(self, state: SagradaState, seat: int, start: int, seed: int) -> float:
        """Greedy play from ``state`` (its chance steps drawn from its own generator) to the
        end or the horizon; the worth for ``seat``."""
        rng = seed_state(seed ^ 0x5A6A)
        stop = None if self.horizon is None else start + self.horizon
        while not state.is_over and (stop is None or state.round <= stop):
            actions = legal_actions(state)
            if len(actions) == 1:
                action = actions[0]
            else:
                best = greedy_best(state, actions)
                rng, index = below(rng, len(best))
                action = best[index]
            state = apply(state, action)
        if state.is_over:
            outcome = result(state)
            scores = outcome.scores
            others = [v for i, v in enumerate(scores) if i != seat]
            rival = max(others) if others else target_score(state)
            won = self.bonus if seat in outcome.winners else 0.0
            return scores[seat] - rival + won
        mine = window_value(state, seat)
        rivals = [window_value(state, i) for i in range(state.num_players) if i != seat]
        return float(mine - (max(rivals) if rivals else target_score(state)))


#: The built-in agents by name, each made from a seed.
AGENTS: Mapping[str, Callable[[int], RandomAgent | GreedyAgent | SearchAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "search": SearchAgent,
}
