"""A Monte Carlo tree search player (UCT) that plans over chance without seeing the real draws.

:class:`MctsAgent` searches the current round as a tree and plays every simulation on to the end
of the game with a cheap heuristic policy. Within a round nothing is random (ENG-03: the only
draws are the refills at the end of a round), so the tree's positions are exact; whenever a
simulation crosses the end of a round, the refill is drawn from a **fresh generator** that the
agent seeds from its own stream (:func:`~sintra_rules.games.sintra.chance.determinize`, one per
simulation, ENG-09), never from the generator of the real game. The search therefore depends on the
public position only, not on the real future draws (ENG-31: what a player sees), and two positions
that differ only in their generator get the same move.

* **Tree policy**: UCB1 (``exploration`` constant, default 0.7) on the average reward of the
  player who chose each action; each untried action is tried once, in canonical order (ENG-05).
  An action that ends the round has no subtree: every visit draws a new refill.
* **Simulation policy**: epsilon-greedy on a one-line estimate of each take (pieces placed,
  minus twice the pieces broken, plus a bonus for completing a strip, minus a little for moving
  the glazier right or using joker spaces), computed without applying the action.
* **Reward** of a finished simulation, per seat: half for a win (shared wins split it), half from
  the score margin to the best other seat, ``0.5 + 0.5 * tanh(margin / 10)``.
* **Budget**: ``simulations`` per move (deterministic: the same seed and position give the same
  move on every machine), or ``seconds`` per move (the number of simulations then depends on
  the machine's speed), or both (whichever ends first).
* **Choice**: the most visited action; ties go to the higher average reward, then to the
  canonical order.

>>> from sintra_rules.games.sintra.setup import new_game
>>> state = new_game(2, seed=3)
>>> agent = MctsAgent(seed=1, simulations=40)
>>> agent.choose(state) == MctsAgent(seed=1, simulations=40).choose(state)
True
>>> agent.last_search.simulations
40
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import attrs

from sintra_rules.games.sintra.actions import Action, Take
from sintra_rules.games.sintra.chance import determinize
from sintra_rules.games.sintra.rules import apply, legal_actions
from sintra_rules.games.sintra.scoring import outcome
from sintra_rules.games.sintra.state import CENTRE, GameState
from sintra_rules.rng import next_u64, seed_state

__all__ = ["MctsAgent", "SearchStats"]

#: How often (in simulations) a time budget is checked.
_CLOCK_EVERY = 8


@attrs.frozen
class SearchStats:
    """What the last search did: ``simulations`` run in ``seconds`` (process time), and for
    each legal action (canonical order) its visits and average reward for the player to act."""

    simulations: int
    seconds: float
    actions: tuple[Action, ...]
    visits: tuple[int, ...]
    values: tuple[float, ...]

    @property
    def per_second(self) -> float:
        """Simulations per second of process time (0 when no time was measured)."""
        return self.simulations / self.seconds if self.seconds > 0 else 0.0


class _Node:
    """A tree node: the position after its action (``None`` when the action ended a round, so
    that every visit draws a new refill), its legal actions and children once expanded, the
    seat that chose the action, its visits and the sum of that seat's rewards."""

    __slots__ = ("actions", "children", "mover", "state", "total", "visits")

    def __init__(self, state: GameState | None, mover: int) -> None:
        self.state = state
        self.mover = mover
        self.actions: tuple[Action, ...] = ()
        self.children: list[_Node] = []
        self.visits = 0
        self.total = 0.0


class MctsAgent:
    """Determinised UCT with heuristic simulations (see the module description).

    Args:
        seed: seeds the agent's own SplitMix64 stream (ENG-02), from which every simulation's
            generator and every random simulation choice are drawn.

        simulations: simulations per move, or ``None`` for no limit (then ``seconds`` is
            needed).

        seconds: process time per move, or ``None`` for no limit.
        exploration: the UCB1 exploration constant.
        epsilon: the probability of a uniformly random move in a simulation.

    Raises:
        ValueError: no budget, or a budget, constant or probability out of range.
    """

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        simulations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        epsilon: float = 0.1,
    ) -> None:
        if simulations is None and seconds is None:
            raise ValueError("MctsAgent needs a budget: simulations, seconds or both")
        if simulations is not None and (type(simulations) is not int or simulations < 1):
            raise ValueError(f"simulations must be a whole number >= 1, got {simulations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be > 0, got {seconds!r}")
        if not exploration >= 0:
            raise ValueError(f"exploration must be >= 0, got {exploration!r}")
        if not 0 <= epsilon <= 1:
            raise ValueError(f"epsilon must lie in 0..1, got {epsilon!r}")
        self._rng = seed_state(seed)
        self.simulations = simulations
        self.seconds = seconds
        self.exploration = exploration
        self.epsilon = epsilon
        self._epsilon_limit = int(epsilon * (1 << 32))
        #: Statistics of the last :meth:`choose` (``None`` before the first).
        self.last_search: SearchStats | None = None

    def choose(self, state: GameState) -> Action:
        """The most visited legal action after the search (ENG-05 order breaks ties).

        Args:
            state: a position that is not over, with this agent to act.

        Returns:
            One of ``legal_actions(state)``.

        Raises:
            ValueError: the game is over.
        """
        start = time.process_time()
        # The real generator is dropped at once (ENG-09): the tree holds positions with a
        # placeholder generator (unused within a round); every refill is drawn from a fresh one.
        root = _Node(determinize(state, 0), -1)
        self._expand(root)
        if not root.actions:
            raise ValueError("the game is over: there is no action to choose")
        done = 0
        if len(root.actions) > 1:
            limit = self.simulations
            deadline = None if self.seconds is None else start + self.seconds
            while limit is None or done < limit:
                self._simulate(root)
                done += 1
                if (
                    deadline is not None
                    and done % _CLOCK_EVERY == 0
                    and time.process_time() >= deadline
                ):
                    break
        untried = (0,) * (len(root.actions) - len(root.children))
        visits = tuple(c.visits for c in root.children) + untried
        values = tuple(c.total / c.visits for c in root.children) + untried
        best = max(range(len(root.actions)), key=lambda i: (visits[i], values[i], -i))
        self.last_search = SearchStats(
            simulations=done,
            seconds=time.process_time() - start,
            actions=root.actions,
            visits=visits,
            values=values,
        )
        return root.actions[best]

    # --- the search ---------------------------------------------------------------------

    def _next(self) -> int:
        self._rng, value = next_u64(self._rng)
        return value

    def _expand(self, node: _Node) -> None:
        assert node.state is not None
        node.actions = legal_actions(node.state)

    def _simulate(self, root: _Node) -> None:
        """One simulation: descend by UCB1, add one node, play on, back the rewards up."""
        seed = self._next()
        path = [root]
        node = root
        while True:
            state = node.state
            assert state is not None
            if len(node.children) < len(node.actions):  # try the next untried action
                action = node.actions[len(node.children)]
                after = apply(determinize(state, seed), action)
                child = _Node(after if after.indicator == state.indicator else None, state.turn)
                node.children.append(child)
                path.append(child)
                break
            node = self._select(node)
            path.append(node)
            if node.state is None:  # the action ended the round: draw a new refill
                parent = path[-2]
                assert parent.state is not None
                action = parent.actions[parent.children.index(node)]
                after = apply(determinize(parent.state, seed), action)
                break
            if not node.actions:
                self._expand(node)
                if not node.actions:  # the game is over
                    after = node.state
                    break
        if not after.is_over:  # ``after`` carries this simulation's fresh generator
            after = self._playout(after)
        rewards = _rewards(after)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.total += rewards[visited.mover]

    def _select(self, node: _Node) -> _Node:
        log_n = math.log(node.visits)
        c = self.exploration
        best = node.children[0]
        best_score = -math.inf
        for child in node.children:
            score = child.total / child.visits + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best_score = score
                best = child
        return best

    def _playout(self, state: GameState) -> GameState:
        """Play to the end with the epsilon-greedy heuristic policy (its refills come from the
        state's own, fresh generator)."""
        while not state.is_over:
            actions = legal_actions(state)
            if len(actions) == 1:
                action = actions[0]
            else:
                draw = self._next()
                if (draw & 0xFFFFFFFF) < self._epsilon_limit:
                    action = actions[(draw >> 32) % len(actions)]
                else:
                    action = _heuristic_choice(state, actions, draw >> 32)
            state = apply(state, action)
        return state


def _heuristic_choice(state: GameState, actions: Sequence[Action], draw: int) -> Action:
    """The action with the best one-line estimate; ties broken by ``draw`` (32 random bits)."""
    spaces = state.components.side_spaces
    player = state.players[state.turn]
    strips = player.strips
    glazier = player.glazier
    centre_penalty = 1 if state.tile is None else 0
    centre = state.centre
    factories = state.factories
    slots: dict[int, tuple[tuple[int, ...], tuple[int, ...], int, int]] = {}
    best: list[Action] = []
    best_h = -math.inf
    for action in actions:
        if type(action) is Take:
            source = action.source
            colour = action.colour
            if source == CENTRE:
                count = centre[colour]
                penalty = centre_penalty
            else:
                count = factories[source][colour]
                penalty = 0
            target = action.target
            if target is None:
                h = -2.0 * (count + penalty)
            else:
                slot = slots.get(target)
                if slot is None:
                    strip = strips[target]
                    assert strip is not None
                    side = spaces[strip.strip_id][strip.face]
                    used_jokers = sum(strip.jokers)
                    slot = slots[target] = (
                        side,
                        strip.filled,
                        side[-1] - used_jokers,
                        sum(side) - sum(strip.filled) - used_jokers,
                    )
                side, filled, free_jokers, empty = slot
                free = side[colour] - filled[colour] + free_jokers
                placed = count if count < free else free
                h = placed - 2.0 * (count - placed + penalty)
                if placed == empty:
                    h += 4.0
                h -= 0.3 * (target - glazier) + 0.2 * action.jokers
        else:
            h = -1.0
        if h > best_h:
            best_h = h
            best = [action]
        elif h == best_h:
            best.append(action)
    return best[draw % len(best)] if len(best) > 1 else best[0]


def _rewards(final: GameState) -> tuple[float, ...]:
    """Each seat's reward for a finished game: half for winning (split among shared winners),
    half from the margin to the best other seat (WIN-01 to WIN-03)."""
    result = outcome(final)
    scores = result.scores
    share = 0.5 / len(result.winners)
    out = []
    for seat, score in enumerate(scores):
        other = max(s for i, s in enumerate(scores) if i != seat)
        win = share if seat in result.winners else 0.0
        out.append(win + 0.25 + 0.25 * math.tanh((score - other) / 10.0))
    return tuple(out)
