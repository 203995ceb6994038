"""Perft: the number of legal action sequences of a given length from a position.

Counting every line of play to a fixed depth exercises move generation and ``apply`` together,
and gives numbers that two implementations of the rules can compare (the name comes from chess
engines). Conventions, so that other implementations count the same thing:

* a sequence is a list of actions as listed by
  :func:`~sintra_rules.games.sintra.rules.legal_actions` (every
  :class:`~sintra_rules.games.sintra.actions.Take` with its target, jokers and kept colour, and
  :data:`~sintra_rules.games.sintra.actions.RESET`) (TURN-01, ENG-04, ENG-05);
* ``perft(state, 0) == 1``;
* a finished game is a leaf: it contributes exactly 1 at any remaining depth (END-02);
* chance is not branched on: the end of a round, with its refill of the factory displays,
  happens inside :func:`~sintra_rules.games.sintra.rules.apply` and is fixed by the generator state
  carried in the position (END-03, ENG-02), so a position's counts are deterministic.

Positions are named by ``(players, side, seed, plies)``: the game ``new_game(players, side,
seed)`` after ``plies`` uniformly random legal actions drawn with SplitMix64 seeded by ``seed``
(:func:`position_after`; it stops early at the end of the game).

>>> from sintra_rules import new_game
>>> state = new_game(2, side="A", seed=1)
>>> [perft(state, depth) for depth in range(3)]
[1, 74, 5362]
>>> sum(perft_divide(state, 2).values()) == perft(state, 2)
True
"""

from __future__ import annotations

from collections.abc import Callable

from sintra_rules.agents import playout
from sintra_rules.errors import InvalidArgument
from sintra_rules.games.sintra.actions import Action
from sintra_rules.games.sintra.components import ComponentTable, Side
from sintra_rules.games.sintra.rules import apply, legal_actions
from sintra_rules.games.sintra.setup import new_game
from sintra_rules.games.sintra.state import GameState

__all__ = ["perft", "perft_divide", "position_after"]


def perft(state: GameState, depth: int, progress: Callable[[int, int], None] | None = None) -> int:
    """The number of legal action sequences of length ``depth`` from ``state``; a finished game
    counts 1 at any remaining depth (TURN-01, END-02, ENG-05). Raises
    :class:`~sintra_rules.errors.InvalidArgument` for a negative depth. ``progress(done, total)``
    is called before the first action and after each one is counted, with the number of first
    actions (when ``depth >= 2``).

    >>> from sintra_rules import new_game
    >>> perft(new_game(4, side="B", seed=2), 1)
    144
    """
    if depth < 0:
        raise InvalidArgument("depth", f"perft depth must be >= 0, got {depth}")
    if depth == 0 or state.is_over:
        return 1
    actions = legal_actions(state)
    if depth == 1:
        return len(actions)
    if progress is None:
        return sum(perft(apply(state, action), depth - 1) for action in actions)
    count = 0
    progress(0, len(actions))
    for done, action in enumerate(actions, 1):
        count += perft(apply(state, action), depth - 1)
        progress(done, len(actions))
    return count


def perft_divide(state: GameState, depth: int) -> dict[Action, int]:
    """``perft`` split by the first action: for each legal action of ``state``, in canonical
    order (ENG-05), the number of sequences of length ``depth`` that start with it. Empty for a
    finished game; raises :class:`~sintra_rules.errors.InvalidArgument` unless ``depth >= 1``.

    >>> from sintra_rules import new_game
    >>> divide = perft_divide(new_game(2, side="A", seed=1), 1)
    >>> len(divide), set(divide.values())
    (74, {1})
    """
    if depth < 1:
        raise InvalidArgument("depth", f"perft_divide depth must be >= 1, got {depth}")
    return {action: perft(apply(state, action), depth - 1) for action in legal_actions(state)}


def position_after(
    num_players: int,
    side: Side,
    seed: int,
    plies: int,
    components: ComponentTable | None = None,
) -> GameState:
    """``new_game(players, side, seed)`` after ``plies`` random legal actions, each chosen
    uniformly from :func:`~sintra_rules.games.sintra.rules.legal_actions` (canonical order, ENG-05)
    by :func:`sintra_rules.agents.playout` seeded by ``seed`` (ENG-02); stops early when the game
    is over. Deterministic on every platform.

    >>> state = position_after(3, "A", seed=5, plies=40)
    >>> state.round, state.turn
    (3, 0)
    """
    if plies < 0:
        raise InvalidArgument("plies", f"must be >= 0, got {plies}")
    state = new_game(num_players, side, seed, components)
    for ply in playout(state, seed, plies=plies):
        state = ply.after
    return state
