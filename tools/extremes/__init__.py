"""Every proved extreme score played as a whole game from the start (issue 31).

A proof that a final score is the highest (or the lowest) a game allows shows a *witness*: a
window, or a game of the proof's model, that reaches it. This package plays each such extreme
as a real game through the engine, from the position before setup's first chance step to the
end: every decision legal where it comes, every chance outcome supplied (the deal of the
cards and the patterns, the strips' shuffle, every bag draw, every roll, every factory fill).
The games are written as the games' own records (a ``sintra-game`` or ``sagrada-game`` JSON
document starting from a position, with its chance outcomes, ENG-25 and sagrada:ENG-16) to
``tests/golden/extremes/<name>.json``, where ``tests/test_extremes.py`` replays each one
through ``sintra replay`` and compares the final score with the bound the engine declares
(the proved one), and the proofs' pages draw them beside the bounds.

Nothing here is written by hand: each game is *planned* (the dice or pieces each placement
needs, the order of the placements, the moves of the tools), the draws and rolls that give
those dice and pieces are supplied, and every step goes through the engine's
``legal_actions`` and ``apply_chance``, which refuse anything illegal.

Run from a checkout::

    python -m tools.extremes            # rebuild every game and compare with the files
    python -m tools.extremes --write    # rebuild and write the files
    python -m tools.extremes --list     # the games, their seats and scores

The games (:data:`EXTREMES`): Sagrada's highest scores (115 in a 2-player game, 94 solo) and
lowest (-20 and -60), and Sintra's highest (214 on side A, 262 on side B) and the lowest found
(the proved lower bound is not reached: see ``docs/proofs.md``). The plans live in
:mod:`tools.extremes.sagrada`, :mod:`tools.extremes.sintra` and
:mod:`tools.extremes.sintra_highest` (with :mod:`tools.extremes.rounds`, which realizes a round
of a plan).
"""

from __future__ import annotations

from tools.extremes import sagrada, sintra
from tools.extremes.builder import (
    EXTREMES_DIR,
    INDEX,
    Builder,
    Extreme,
    Shown,
    index_entry,
    index_text,
    record_text,
)

__all__ = [
    "EXTREMES",
    "EXTREMES_DIR",
    "INDEX",
    "Builder",
    "Extreme",
    "Shown",
    "extreme",
    "index_entry",
    "index_text",
    "record_text",
]

#: Every extreme game, Sagrada's first.
EXTREMES: tuple[Extreme, ...] = (*sagrada.EXTREMES, *sintra.EXTREMES)


def extreme(name: str) -> Extreme:
    """The extreme game called ``name``.

    Args:
        name: the record's name.

    Returns:
        The game.

    Raises:
        KeyError: no such game.
    """
    for item in EXTREMES:
        if item.name == name:
            return item
    raise KeyError(f"no extreme game {name!r}; the games: {', '.join(e.name for e in EXTREMES)}")
