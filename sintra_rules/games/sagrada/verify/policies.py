"""Random play for Sagrada's verification: the pools a random game draws from.

``uniform`` draws among every legal decision; but a uniform player ends most turns at once
(ending is always legal) and so rarely fills a window or reaches the later steps of a tool. The
``eager`` pool leaves out ending the turn whenever anything else is legal, so its players draft,
place and use tools whenever they can: windows fill, favor tokens run out, and every tool's
steps are reached. :func:`random_plies` plays either with the library's SplitMix64 generator
(ENG-05), so a game is the same on every platform.

>>> from sintra_rules.games.sagrada import new_game
>>> state = new_game(2, seed=4)
>>> plies = list(random_plies(state, seed=4, policy="eager"))
>>> plies[-1][2].is_over, len(plies) > 100
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Literal, TypeAlias

from sintra_rules.games.sagrada.actions import Action, EndTurn
from sintra_rules.games.sagrada.rules import apply, legal_actions
from sintra_rules.games.sagrada.state import SagradaState
from sintra_rules.rng import below, seed_state

__all__ = ["POLICIES", "Policy", "eager", "random_plies"]

Policy: TypeAlias = Literal["uniform", "eager"]


def eager(state: SagradaState, actions: Sequence[Action]) -> Sequence[Action]:
    """The decisions other than ending the turn (TURN-02), or all of them if there are none.

    Args:
        state: the position (unused: the pool depends on the decisions only).
        actions: its legal decisions.

    Returns:
        The pool a random player draws from uniformly.
    """
    busy = [a for a in actions if not isinstance(a, EndTurn)]
    return busy or actions


#: Random policies beyond ``uniform``, by name (the ``Verified.soak_policies`` shape).
POLICIES: dict[str, Callable[[SagradaState, Sequence[Action]], Sequence[Action]]] = {"eager": eager}


def random_plies(
    state: SagradaState, seed: int, policy: Policy = "uniform", plies: int | None = None
) -> Iterator[tuple[SagradaState, Action, SagradaState]]:
    """Random decisions from ``state``: ``(before, action, after)`` for each, the action drawn
    uniformly (SplitMix64 seeded by ``seed``) from the legal decisions or the policy's pool;
    every chance step is decided by the state's generator (ENG-05).

    Args:
        state: a position with a generator (no chance step pending, or one the generator
        decides first is not needed: ``apply`` samples after each decision).
        seed: the seed of the draws.
        policy: ``"uniform"`` or ``"eager"``.
        plies: stop after this many decisions (``None``: at the end of the game).

    Yields:
        Each step.
    """
    rng = seed_state(seed)
    narrow = POLICIES.get(policy)
    done = 0
    while not state.is_over and (plies is None or done < plies):
        actions = legal_actions(state)
        pool = narrow(state, actions) if narrow is not None else actions
        rng, index = below(rng, len(pool))
        action = pool[index]
        after = apply(state, action)
        yield state, action, after
        state = after
        done += 1
