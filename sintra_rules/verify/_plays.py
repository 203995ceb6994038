"""The seeded random games behind the generic verification drivers (perft positions, the soak,
the benchmark and playthroughs), for any game of the protocol.

One SplitMix64 stream seeded with the game's seed (:func:`~sintra_rules.rng.seed_state`, ENG-02)
draws every action with one call of :func:`~sintra_rules.rng.below` among the legal actions in
canonical order (ENG-05), or among a policy's pool of them: for Sintra these are exactly the
games of :func:`sintra_rules.agents.playout`. Chance steps are no plies: ``apply`` decides them
from the state's own generator.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from sintra_rules.errors import GameOver
from sintra_rules.game import Rules, resolve_chance
from sintra_rules.rng import below, seed_state

#: A policy's pool: the actions of a position a random game draws from (empty: all of them).
Pool = Callable[[Any, Sequence[Any]], Sequence[Any]]


def draw(
    game: Rules[Any, Any],
    state: Any,
    rng: int,
    pool: Pool | None = None,
    actions: Sequence[Any] | None = None,
) -> tuple[int, Any]:
    """One action of ``state`` drawn with one draw of ``below`` from ``rng``.

    Args:
        game: the state's game.
        state: a position where a player is to act.
        rng: the SplitMix64 state to draw from.
        pool: narrows the legal actions (an empty pool: every legal action).
        actions: the legal actions of ``state``, when already listed.

    Returns:
        The generator state after the draw and the action.

    Raises:
        GameOver: no action is legal (the game is over).
    """
    if actions is None:
        actions = game.legal_actions(state)
    if not actions:
        raise GameOver("END", "the game is over: there is no action to choose")
    choices = (pool(state, actions) if pool is not None else ()) or actions
    rng, index = below(rng, len(choices))
    return rng, choices[index]


def random_plies(
    game: Rules[Any, Any],
    state: Any,
    seed: int,
    *,
    plies: int | None = None,
    pool: Pool | None = None,
) -> Iterator[tuple[Any, Any, Any]]:
    """``(before, action, after)`` for each action of the seeded random game from ``state``
    (a pending chance step first resolved by its generator), until the game is over or
    ``plies`` actions have been played.

    Args:
        game: the state's game.
        state: where to start.
        seed: the seed of the drawing stream.
        plies: stop after this many actions (``None``: play to the end).
        pool: a policy's pool (see :func:`draw`).

    Yields:
        One triple per action, lazily played.
    """
    rng = seed_state(seed)
    state = resolve_chance(game, state)
    played = 0
    while not state.is_over and (plies is None or played < plies):
        rng, action = draw(game, state, rng, pool)
        after = game.apply(state, action)
        played += 1
        yield state, action, after
        state = after
