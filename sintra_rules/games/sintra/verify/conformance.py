"""Check an implementation of Sintra against the reference, one step at a time.

This is Sintra's own conformance model (its oracle and invariants judge every step); the check
every game of the protocol passes is :func:`sintra_rules.verify.api.check_game`.

An *engine* is anything with the two functions of :class:`Engine`, ``legal_actions(state)``
and ``apply(state, action)``, over this package's values
(:class:`~sintra_rules.games.sintra.state.GameState` and
:class:`~sintra_rules.games.sintra.actions.Take` /
:class:`~sintra_rules.games.sintra.actions.Reset`): the module
:mod:`sintra_rules.games.sintra.rules` is one, and another implementation becomes one with a thin
adapter that converts positions and actions both ways. :func:`check_engine` plays seeded random
games (the plans of :mod:`sintra_rules.games.sintra.verify.soak`) with the engine under test
and, at every step, compares it with the independent model of
:mod:`sintra_rules.games.sintra.verify.oracle`:

* ``legal actions``: the engine lists exactly
  :func:`~sintra_rules.games.sintra.verify.oracle.expected_actions`, each once (TURN-01, ENG-05);
* the invariants of :mod:`sintra_rules.games.sintra.verify.invariants` hold for the position the
  engine's ``apply`` returns (every transition invariant against the oracle's prediction, then every
  state invariant);
* ``reference``: that position equals the reference engine's (the same state, so also the same
  refills drawn from the generator carried in the state, ENG-02);
* ``termination``: no round or game outlasts its proved bound
  (:class:`~sintra_rules.games.sintra.agents.TurnCount`).

A game stops at its first divergence, which names the game, the ply, the action and the check.
The actions are drawn by :func:`~sintra_rules.agents.playout` from the reference's list of
legal actions (canonical order), so a wrong engine cannot steer the games.

>>> from sintra_rules.games.sintra import rules
>>> check_engine(rules, games=2)
()
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

import attrs

from sintra_rules.agents import playout
from sintra_rules.errors import BoundExceeded
from sintra_rules.games.sintra import rules
from sintra_rules.games.sintra.actions import Action
from sintra_rules.games.sintra.agents import TurnCount
from sintra_rules.games.sintra.setup import new_game
from sintra_rules.games.sintra.state import GameState
from sintra_rules.games.sintra.verify.invariants import check_state, examine
from sintra_rules.games.sintra.verify.oracle import expected_actions
from sintra_rules.games.sintra.verify.soak import GamePlan, game_plan

__all__ = ["Divergence", "Engine", "check_engine"]


class Engine(Protocol):
    """The two functions an engine under test provides (a module or an object)."""

    def legal_actions(self, state: GameState, /) -> Sequence[Action]:
        """Every legal action of the player to act (empty once the game is over)."""
        ...

    def apply(self, state: GameState, action: Action, /) -> GameState:
        """The position after the legal ``action``."""
        ...


@attrs.frozen
class Divergence:
    """Where an engine under test first parts from the rules in one game."""

    #: The game (players, side, seed, policy); ``check_engine`` can replay it alone.
    game: GamePlan
    #: The ply: 0 for the set-up, ``n`` for the n-th action.
    ply: int
    #: The action in the notation, or ``"-"`` for the position itself.
    action: str
    #: What disagreed: ``legal actions``, ``reference``, ``termination`` or an invariant name.
    check: str
    #: What the check found.
    message: str

    def __str__(self) -> str:
        plan = self.game
        return (
            f"{plan.num_players} players, side {plan.side}, seed {plan.seed}, {plan.policy} play, "
            f"ply {self.ply} ({self.action}): {self.check}: {self.message}"
        )


def _sorted(actions: Iterable[Action]) -> list[Action]:
    return sorted(actions, key=lambda a: a.sort_key())


def _legal_actions(plan: GamePlan, ply: int, state: GameState, engine: Engine) -> Divergence | None:
    listed = list(engine.legal_actions(state))
    expected = expected_actions(state)
    if len(set(listed)) == len(listed) and set(listed) == expected:
        return None
    extra = _sorted(set(listed) - expected)
    missing = _sorted(expected - set(listed))
    parts = [f"lists {', '.join(map(str, extra))} wrongly"] if extra else []
    parts += [f"misses {', '.join(map(str, missing))}"] if missing else []
    if not parts:
        parts = ["lists an action more than once"]
    return Divergence(plan, ply, "-", "legal actions", "; ".join(parts))


def _play(plan: GamePlan, engine: Engine, plies: int | None) -> Divergence | None:
    state = new_game(plan.num_players, plan.side, plan.seed)
    for failure in check_state(state):
        return Divergence(plan, 0, "-", failure.invariant, failure.message)
    ply = 0
    count = TurnCount()  # the proved bounds per round and per game (the playout: per game)
    steps = playout(state, plan.seed, plan.policy, plies, step=engine.apply)
    try:
        for before, action, after in steps:
            count = count.after(before, after)
            found = _legal_actions(plan, ply, before, engine)
            if found is not None:
                return found
            ply += 1
            for failure in [*examine(before, action, after).failures, *check_state(after)]:
                return Divergence(plan, ply, str(action), failure.invariant, failure.message)
            if after != rules.apply(before, action):
                return Divergence(plan, ply, str(action), "reference", "the position differs")
            state = after
    except BoundExceeded as error:
        return Divergence(plan, ply + 1, "-", "termination", str(error))
    except Exception as error:  # the engine under test crashed: a divergence too, never hidden
        return Divergence(plan, ply + 1, "-", "crash", f"{type(error).__name__}: {error}")
    return _legal_actions(plan, ply, state, engine) if state.is_over else None


def check_engine(
    engine: Engine, games: int = 12, seed: int = 0, plies: int | None = None
) -> tuple[Divergence, ...]:
    """Play ``games`` seeded games with ``engine`` and report where it parts from the rules.

    Game ``i`` is :func:`~sintra_rules.games.sintra.verify.soak.game_plan` ``(i, seed)`` (every
    player count and side, uniform and "placing" play), played by
    :func:`~sintra_rules.agents.playout` with the engine's ``apply``; each action is drawn from
    the reference's legal actions with the SplitMix64 stream of the game seed (ENG-02, ENG-05).

    Args:
        engine: the engine under test (see :class:`Engine`).
        games: how many games to play.
        seed: the soak seed that fixes the games.
        plies: stop each game after this many actions (``None``: play to the end).

    Returns:
        One :class:`Divergence` per game that diverged (its first), in game order; empty when
        the engine agrees with the rules everywhere it was taken.

    Raises:
        ValueError: ``games`` or ``seed`` is negative.
    """
    if games < 0 or seed < 0:
        raise ValueError(f"need games >= 0 and seed >= 0, got {games} and {seed}")
    found = (_play(game_plan(index, seed), engine, plies) for index in range(games))
    return tuple(divergence for divergence in found if divergence is not None)
