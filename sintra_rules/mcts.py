"""Two search players for any game: a determinized Monte Carlo tree search (``mcts``) and the
game's own fast search (``uct``).

:class:`MctsAgent` (``mcts``) works for every game of the library (Sintra by default). It
searches the decisions up to the next chance step as a tree and plays every simulation on to
the end of the game with the game's rollout policy. It never sees what the searching seat
cannot: each simulation starts from :meth:`~sintra_rules.game.Rules.determinize` of the real
position with a fresh generator that the agent seeds from its own stream (ENG-09) and, in a
game with hidden information, everything hidden from the searching seat resampled (the viewer).
So the search depends on what the seat sees only, not on the real future draws nor the other
seats' hidden cards, and two positions that differ only there get the same move.

* **Tree**: one node per decision. An action after which a chance step is pending (in
  Sintra, the end of a round and its refill; in another game a roll in the middle of a turn)
  has no subtree: every visit draws a new outcome from the simulation's generator and plays on
  from there. A seat may act several times in a row: every node remembers the seat that chose
  its action. In a perfect-information game a node keeps its position (exact, as no chance step
  lies between it and the root); with hidden information every simulation replays the path on
  its own determinization, and stops descending where that one's legal actions differ from the
  node's.
* **Tree policy**: UCB1 (``exploration`` constant, default 0.7) on the average reward of the
  seat that chose each action; each untried action is tried once, in canonical order (ENG-05).
* **Simulation policy**: epsilon-greedy on the game's rollout policy
  (:meth:`~sintra_rules.game.Played.rollout_action`; Sintra's is a one-line estimate of each
  take, :func:`sintra_rules.games.sintra.agents.rollout_action`), uniform for a game without
  one.
* **Reward** of a finished simulation, per seat (from the game's
  :class:`~sintra_rules.game.Result`): half for a win (shared wins split it), half from the
  score margin, ``0.25 + 0.25 * tanh(margin / 10)``, where the margin is to the best other
  seat, or for a solo game the score itself.
* **Budget**: ``simulations`` per move (deterministic: the same seed and position give the same
  move on every machine), or ``seconds`` per move (the number of simulations then depends on
  the machine's speed), or both (whichever ends first).
* **Choice**: the most visited action; ties go to the higher average reward, then to the
  canonical order.

:class:`UctAgent` (``uct``) plays the most visited action of the game's own search
(:class:`~sintra_rules.game.Searched`; Sintra's is the compiled kernel's open-loop UCT with
random playouts, the one ``sintra selfplay`` uses, over ten times as many simulations per
second as ``mcts``, the generic reference search, which is slow).

>>> from sintra_rules import new_game
>>> state = new_game(2, seed=3)
>>> agent = MctsAgent(seed=1, simulations=40)
>>> agent.choose(state) == MctsAgent(seed=1, simulations=40).choose(state)
True
>>> agent.last_search.simulations
40
>>> UctAgent(seed=1, simulations=40).choose(state) in MctsAgent().game.legal_actions(state)
True
"""

from __future__ import annotations

import math
import time
from typing import Any

import attrs

from sintra_rules.agents import SeededAgent
from sintra_rules.errors import InvalidArgument
from sintra_rules.game import AgentInfo, Game, Parameter, Played, Result, Searched
from sintra_rules.games import make
from sintra_rules.interrupts import deferred_interrupts
from sintra_rules.rng import next_u64, seed_state

__all__ = ["MAX_SIMULATIONS", "MctsAgent", "SearchStats", "UctAgent", "rewards"]

#: The most simulations per move of a search (``mcts:N``, Sintra's ``uct:N``, ``sintra
#: selfplay --simulations``): the search tree grows by up to one node per simulation.
MAX_SIMULATIONS = 100_000
#: The most process seconds per move of ``mcts:seconds=T``.
MAX_SECONDS_PER_MOVE = 3600.0

#: How often (in simulations) a time budget is checked.
_CLOCK_EVERY = 8
#: The score margin that earns three quarters of the margin's half of the reward (tanh(1)).
_MARGIN_SCALE = 10.0


@attrs.frozen
class SearchStats:
    """What the last search did: ``simulations`` run in ``seconds`` (process time), and for
    each legal action (canonical order) its visits and average reward for the seat to act."""

    simulations: int
    seconds: float
    actions: tuple[Any, ...]
    visits: tuple[int, ...]
    values: tuple[float, ...]

    @property
    def per_second(self) -> float:
        """Simulations per second of process time (0 when no time was measured)."""
        return self.simulations / self.seconds if self.seconds > 0 else 0.0


def rewards(result: Result) -> tuple[float, ...]:
    """Each seat's reward for a finished game: half for winning (split among shared winners,
    none when nobody won), half from the score margin to the best other seat (for one seat
    alone, its score), ``0.25 + 0.25 * tanh(margin / 10)``.

    Args:
        result: the game's result.

    Returns:
        One reward in ``[0, 1]`` per seat.

    >>> [round(r, 4) for r in rewards(Result(scores=(10, 0), keys=((10,), (0,)), winners=(0,)))]
    [0.9404, 0.0596]
    >>> rewards(Result(scores=(0,), keys=((0,),), winners=()))
    (0.25,)
    """
    scores = result.scores
    share = 0.5 / len(result.winners) if result.winners else 0.0
    out = []
    for seat, score in enumerate(scores):
        others = [s for i, s in enumerate(scores) if i != seat]
        margin = score - max(others) if others else score
        win = share if seat in result.winners else 0.0
        out.append(win + 0.25 + 0.25 * math.tanh(margin / _MARGIN_SCALE))
    return tuple(out)


class _Node:
    """A tree node: the action that led to it and the seat that chose it, whether a chance
    step followed (then it has no subtree), the position after the action (perfect
    information only), its legal actions and children once expanded, its visits and the sum
    of the choosing seat's rewards."""

    __slots__ = ("action", "actions", "chance", "children", "mover", "state", "total", "visits")

    def __init__(self, state: Any, mover: int, action: Any = None, chance: bool = False) -> None:
        self.state = state
        self.mover = mover
        self.action = action
        self.chance = chance
        self.actions: tuple[Any, ...] = ()
        self.children: list[_Node] = []
        self.visits = 0
        self.total = 0.0


class MctsAgent:
    """Determinized UCT with the game's rollout policy (see the module description).

    Args:
        seed: seeds the agent's own SplitMix64 stream (ENG-02), from which every simulation's
            generator and every random simulation choice are drawn.

        simulations: simulations per move, 1 to :data:`MAX_SIMULATIONS`, or ``None`` for no
            limit (then ``seconds`` is needed).

        seconds: process time per move, above 0 and at most 3600, or ``None`` for no limit.
        exploration: the UCB1 exploration constant, 0 to 10.
        epsilon: the probability of a uniformly random move in a simulation, 0 to 1.
        game: the game it plays (default: Sintra).

    Raises:
        ValueError: no budget, or a budget, constant or probability out of range.
    """

    name = "mcts"
    #: What it is and the ranges of its parameters (:func:`sintra_rules.agents.agent_infos`).
    INFO = AgentInfo(
        "mcts",
        "the generic reference Monte Carlo tree search, for any game: slow (it searches the "
        "game's reference engine in Python), determinized where seats hide information, its "
        "simulations played out with the game's rollout policy",
        (
            Parameter("sims", "simulations", "simulations per move", 1, MAX_SIMULATIONS, 1000),
            Parameter(
                "seconds",
                "seconds",
                "process seconds per move, with no limit on simulations when given alone",
                0,
                MAX_SECONDS_PER_MOVE,
                None,
                whole=False,
                above=True,
            ),
            Parameter("c", "exploration", "the exploration constant", 0, 10, 0.7, whole=False),
            Parameter(
                "eps",
                "epsilon",
                "the chance of a uniformly random move in a simulation",
                0,
                1,
                0.1,
                whole=False,
            ),
        ),
    )

    def __init__(
        self,
        seed: int = 0,
        simulations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        epsilon: float = 0.1,
        *,
        game: Game[Any, Any] | None = None,
    ) -> None:
        if simulations is None and seconds is None:
            raise ValueError("MctsAgent needs a budget: simulations, seconds or both")
        given = {"simulations": simulations, "seconds": seconds}
        given |= {"exploration": exploration, "epsilon": epsilon}
        for parameter in self.INFO.parameters:
            value = given[parameter.keyword]
            if value is not None and not parameter.contains(value):
                raise ValueError(parameter.refusal(value))
        self.game: Game[Any, Any] = make("sintra") if game is None else game
        self._rng = seed_state(seed)
        self.simulations = simulations
        self.seconds = seconds
        self.exploration = exploration
        self.epsilon = epsilon
        self._epsilon_limit = int(epsilon * (1 << 32))
        self._hidden = not self.game.info.perfect_information
        self._rollout = self.game.rollout_action if isinstance(self.game, Played) else None
        self._real: Any = None
        self._seat = 0
        #: Statistics of the last :meth:`choose` (``None`` before the first).
        self.last_search: SearchStats | None = None

    def choose(self, state: Any) -> Any:
        """The most visited legal action after the search (ENG-05 order breaks ties).

        Args:
            state: a position at which this agent's seat is to act.

        Returns:
            One of the game's legal actions in ``state``.

        Raises:
            ValueError: the game is over (or a chance step is pending).
        """
        start = time.process_time()
        if state.is_over or state.chance is not None:
            raise ValueError("the game is over: there is no action to choose")
        # The real generator (and, with hidden information, what the seat cannot see) is
        # dropped at once (ENG-09): every simulation draws its future from a fresh one.
        self._seat = state.turn
        self._real = state
        root = _Node(self.game.determinize(state, 0, self._seat), -1)
        root.actions = tuple(self.game.legal_actions(root.state))
        if not root.actions:
            raise ValueError("the game is over: there is no action to choose")
        done = 0
        try:
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
        finally:
            self._real = None
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

    def _step(self, state: Any, action: Any) -> tuple[Any, bool]:
        """The position after ``action`` with every chance step drawn from ``state``'s
        generator, and whether a chance step followed the action."""
        game = self.game
        after = game.apply(state, action, sample=False)
        if after.chance is None:
            return after, False
        while after.chance is not None and not after.is_over:
            after = game.sample_chance(after)
        return after, True

    def _simulate(self, root: _Node) -> None:
        """One simulation: descend by UCB1, add one node, play on, back the rewards up."""
        game = self.game
        seed = self._next()
        hidden = self._hidden
        # With hidden information the simulation replays the path on its own determinization;
        # otherwise each node's exact position is kept and determinized where the tree ends.
        state = game.determinize(self._real, seed, self._seat) if hidden else root.state
        path = [root]
        node = root
        while True:
            if len(node.children) < len(node.actions):  # try the next untried action
                action = node.actions[len(node.children)]
                base = state if hidden else game.determinize(state, seed, self._seat)
                after, chance = self._step(base, action)
                kept = None if chance or hidden else after
                child = _Node(kept, state.turn, action, chance)
                node.children.append(child)
                path.append(child)
                break
            child = self._select(node)
            path.append(child)
            if child.chance:  # a chance step follows: draw a new outcome on every visit
                base = state if hidden else game.determinize(state, seed, self._seat)
                after = game.apply(base, child.action)
                break
            if hidden:
                state, chance = self._step(state, child.action)
                if chance:  # this determinization met a chance step the tree did not
                    after = state
                    break
            else:
                state = child.state
            node = child
            if not node.actions:
                node.actions = tuple(game.legal_actions(state))
                if not node.actions:  # the game is over
                    after = state
                    break
            elif hidden and tuple(game.legal_actions(state)) != node.actions:
                after = state  # another determinization's choices: play on from here
                break
        if not after.is_over:  # ``after`` carries this simulation's fresh generator
            after = self._playout(after)
        reward = rewards(game.result(after))
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.total += reward[visited.mover]

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

    def _playout(self, state: Any) -> Any:
        """Play to the end with the epsilon-greedy rollout policy (its chance steps drawn from
        the state's own, fresh generator)."""
        game = self.game
        legal_actions = game.legal_actions
        apply = game.apply
        rollout = self._rollout
        while not state.is_over:
            actions = legal_actions(state)
            if len(actions) == 1:
                action = actions[0]
            else:
                draw = self._next()
                if rollout is None or (draw & 0xFFFFFFFF) < self._epsilon_limit:
                    action = actions[(draw >> 32) % len(actions)]
                else:
                    action = rollout(state, actions, draw)
            state = apply(state, action)
        return state


class UctAgent(SeededAgent):
    """The most visited action of the game's own search
    (:meth:`~sintra_rules.game.Searched.search_visits`; Sintra: the compiled kernel's UCT),
    seeded from the agent's SplitMix64 stream (one 64-bit output per search, ENG-02).

    Args:
        seed: the seed of the agent's stream.

        simulations: simulations per move, in the range of the game's
            :attr:`~sintra_rules.game.Searched.search_info` (Sintra: 1 to
            :data:`MAX_SIMULATIONS`); ``None``: its budget's default (Sintra 1000,
            Sagrada 600).

        game: the game it plays (default: Sintra); it must have its own search.

    Raises:
        InvalidArgument: the game has no search of its own, or ``simulations`` is out of range.
    """

    name = "uct"

    def __init__(
        self,
        seed: int = 0,
        simulations: int | None = None,
        *,
        game: Game[Any, Any] | None = None,
    ) -> None:
        super().__init__(seed)
        self.game: Game[Any, Any] = make("sintra") if game is None else game
        if not isinstance(self.game, Searched):
            raise InvalidArgument(
                "uct", f"{self.game.info.title} has no search of its own (use mcts)"
            )
        budget = self.game.search_info.budget
        if simulations is None:
            default = None if budget is None else budget.default
            simulations = 1000 if default is None else int(default)
        if budget is not None and not budget.contains(simulations):
            raise InvalidArgument("simulations", budget.refusal(simulations))
        self._search_visits = self.game.search_visits
        self.simulations = simulations
        #: The visit counts of the last search, one per legal action (``None`` before).
        self.last_visits: tuple[int, ...] | None = None

    def choose(self, state: Any) -> Any:
        """The most visited legal action (the first in canonical order among equals), the
        search run under :class:`~sintra_rules.interrupts.deferred_interrupts`.

        Raises:
            GameOver: the game is over.
        """
        actions = self.game.legal_actions(state)
        if len(actions) <= 1:
            return self._draw(actions)  # nothing to search (or GameOver)
        self._rng, seed = next_u64(self._rng)
        with deferred_interrupts():  # compiled code: Ctrl-C is raised after the search
            visits = tuple(self._search_visits(state, self.simulations, seed))
        self.last_visits = visits
        return actions[max(range(len(actions)), key=lambda i: (visits[i], -i))]
