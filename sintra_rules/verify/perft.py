"""Perft: the number of legal action sequences of a given length from a position, for any game.

Counting every line of play to a fixed depth exercises move generation and ``apply`` together,
and gives numbers that two implementations of a game's rules can compare (the name comes from
chess engines). Perft uses nothing but the game's :class:`~sintra_rules.game.Rules`
(``legal_actions``, ``apply``, ``sample_chance``). Conventions, so that other implementations
count the same thing:

* a sequence is a list of player actions as ``legal_actions`` lists them (canonical order;
  for Sintra every :class:`~sintra_rules.games.sintra.actions.Take` with its target, jokers and
  kept colour, and :data:`~sintra_rules.games.sintra.actions.RESET`: TURN-01, ENG-04, ENG-05);
* ``perft(state, 0) == 1``;
* a finished game is a leaf: it contributes exactly 1 at any remaining depth (END-02);
* chance is not branched on and a chance step is not a ply: every chance step is decided by the
  generator the position carries (ENG-02), inside ``apply`` (``sample=True``) after an action
  and by :meth:`~sintra_rules.game.Rules.sample_chance` for a position that waits on one
  (:func:`~sintra_rules.game.resolve_chance`), so a position's counts are deterministic. For
  Sintra the end of a round, with its refill of the factory displays, happens so (END-03).

Positions are named by ``(players, options, seed, plies)``: the game's start with ``players``
seats, ``options`` and ``seed``, after ``plies`` uniformly random legal actions drawn with
SplitMix64 seeded by ``seed`` (:func:`position_after`; it stops early at the end of the game).

Every function takes the game as ``game``: by default the state's own registered game
(:func:`~sintra_rules.games.game_of`), for :func:`position_after` Sintra
(``make("sintra")``).

>>> from sintra_rules import new_game
>>> state = new_game(2, side="A", seed=1)
>>> [perft(state, depth) for depth in range(3)]
[1, 74, 5362]
>>> sum(perft_divide(state, 2).values()) == perft(state, 2)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sintra_rules.errors import InvalidArgument
from sintra_rules.game import Rules, resolve_chance
from sintra_rules.games import game_of, make
from sintra_rules.verify._plays import random_plies

__all__ = ["perft", "perft_divide", "position_after"]


def _count(game: Rules[Any, Any], state: Any, depth: int) -> int:
    """Perft of a position at which no chance step is pending (``depth >= 0``)."""
    if depth == 0 or state.is_over:
        return 1
    actions = game.legal_actions(state)
    if depth == 1:
        return len(actions)
    apply = game.apply
    return sum(_count(game, apply(state, action), depth - 1) for action in actions)


def perft(
    state: Any,
    depth: int,
    progress: Callable[[int, int], None] | None = None,
    *,
    game: Rules[Any, Any] | None = None,
) -> int:
    """The number of legal action sequences of length ``depth`` from ``state``; a finished game
    counts 1 at any remaining depth (TURN-01, END-02, ENG-05); a pending chance step is first
    decided by the state's generator.

    Args:
        state: the position.
        depth: the number of actions in a sequence.
        progress: called as ``progress(done, total)`` before the first action and after each
        one is counted, with the number of first actions (when ``depth >= 2``).
        game: the state's game (default: its registered game).

    Returns:
        The count.

    Raises:
        InvalidArgument: a negative depth.

    >>> from sintra_rules import new_game
    >>> perft(new_game(4, side="B", seed=2), 1)
    144
    """
    if depth < 0:
        raise InvalidArgument("depth", f"perft depth must be >= 0, got {depth}")
    rules = game_of(state) if game is None else game
    state = resolve_chance(rules, state)
    if progress is None or depth < 2 or state.is_over:
        return _count(rules, state, depth)
    actions = rules.legal_actions(state)
    count = 0
    progress(0, len(actions))
    for done, action in enumerate(actions, 1):
        count += _count(rules, rules.apply(state, action), depth - 1)
        progress(done, len(actions))
    return count


def perft_divide(state: Any, depth: int, *, game: Rules[Any, Any] | None = None) -> dict[Any, int]:
    """``perft`` split by the first action: for each legal action of ``state``, in canonical
    order (ENG-05), the number of sequences of length ``depth`` that start with it. Empty for a
    finished game.

    Args:
        state: the position.
        depth: the number of actions in a sequence, at least 1.
        game: the state's game (default: its registered game).

    Returns:
        The count of each first action.

    Raises:
        InvalidArgument: a depth below 1.

    >>> from sintra_rules import new_game
    >>> divide = perft_divide(new_game(2, side="A", seed=1), 1)
    >>> len(divide), set(divide.values())
    (74, {1})
    """
    if depth < 1:
        raise InvalidArgument("depth", f"perft_divide depth must be >= 1, got {depth}")
    rules = game_of(state) if game is None else game
    state = resolve_chance(rules, state)
    if state.is_over:
        return {}
    return {
        action: _count(rules, rules.apply(state, action), depth - 1)
        for action in rules.legal_actions(state)
    }


def position_after(
    num_players: int,
    options: Mapping[str, str] | None = None,
    seed: int = 0,
    plies: int = 0,
    *,
    game: Rules[Any, Any] | None = None,
) -> Any:
    """The game started with ``num_players``, ``options`` and ``seed``, after ``plies`` random
    legal actions, each drawn uniformly from ``legal_actions`` (canonical order, ENG-05) by a
    SplitMix64 stream seeded by ``seed`` (ENG-02; for Sintra the draws of
    :func:`sintra_rules.agents.playout`); stops early when the game is over. Deterministic on
    every platform.

    Args:
        num_players: the number of seats.
        options: the game's options (default: every option at its default).
        seed: the seed of the game and of the draws.
        plies: how many actions to play.
        game: the game (default: Sintra, ``make("sintra")``; a Sintra game on another
        component table plays on that table).

    Returns:
        The position.

    Raises:
        InvalidArgument: a negative ``plies``.
        ConfigurationError: a player count or an option the game does not take.

    >>> state = position_after(3, {"side": "A"}, seed=5, plies=40)
    >>> state.round, state.turn
    (3, 0)
    """
    if plies < 0:
        raise InvalidArgument("plies", f"must be >= 0, got {plies}")
    rules = make("sintra") if game is None else game
    state = rules.start(num_players, seed=seed, options=options)
    for _, _, after in random_plies(rules, state, seed, plies=plies):
        state = after
    return state
