"""Sagrada's figures as the proofs read them: the grid, the 24 patterns, the cards' points.

The patterns and cards are read from the engine's shipped component table
(:func:`sintra_rules.games.sagrada.components.default_components`); the grid's neighbours are
computed here, apart from the engine's.

The window is 4 rows of 5 spaces, numbered row-major from 0 (sagrada:COMP-03); a die is a colour
index (``R Y G B P``, sagrada:COMP-01) and a value 1 to 6. Two spaces are *orthogonal* neighbours
when they share an edge, *diagonal* neighbours when they share only a corner (sagrada:COMP-08).

>>> len(PATTERNS), PATTERNS[0].name, PATTERNS[0].favor, PATTERNS[0].grid[0]
(24, "Sun's Glory", 6, '1PY.4')
>>> len(ORTHOGONAL), DIAGONAL[0], BORDER[:6]
(31, (6,), (0, 1, 2, 3, 4, 5))
>>> [card.points for card in PUBLICS]
[2, 2, 2, 5, 5, 4, 6, 5, 4, 1]
"""

from __future__ import annotations

from typing import Final

import attrs

from sintra_rules.games.sagrada.components import default_components

__all__ = [
    "BORDER",
    "COLOURS",
    "COLUMNS",
    "DIAGONAL",
    "DICE_PER_COLOUR",
    "NEIGHBOURS",
    "ORTHOGONAL",
    "PATTERNS",
    "PUBLICS",
    "ROUNDS",
    "ROWS",
    "SOLO_POOL",
    "SPACES",
    "VALUES",
    "Pattern",
    "Public",
    "space_name",
]

ROWS: Final = 4
COLUMNS: Final = 5
SPACES: Final = ROWS * COLUMNS
_TABLE: Final = default_components()

#: The colour codes, in colour order (sagrada:COMP-01).
COLOURS: Final = "".join(_TABLE.colour_codes)
#: The values a die shows.
VALUES: Final = (1, 2, 3, 4, 5, 6)
#: Dice of each colour (sagrada:COMP-01).
DICE_PER_COLOUR: Final = _TABLE.dice_per_colour
#: Rounds of a game (sagrada:ROUND-01).
ROUNDS: Final = _TABLE.rounds
#: Dice drawn each round of the solo game (sagrada:SOLO-02).
SOLO_POOL: Final = _TABLE.pool_size(1)


def _cell(row: int, column: int) -> int:
    return row * COLUMNS + column


def _around(space: int, steps: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    row, column = divmod(space, COLUMNS)
    return tuple(
        _cell(row + dr, column + dc)
        for dr, dc in steps
        if 0 <= row + dr < ROWS and 0 <= column + dc < COLUMNS
    )


#: Every pair of orthogonal neighbours ``(a, b)`` with ``a < b`` (sagrada:PLACE-06,
#: sagrada:PLACE-07).
ORTHOGONAL: Final = tuple((a, b) for a in range(SPACES) for b in _around(a, ((0, 1), (1, 0))))
#: The diagonal neighbours of each space (sagrada:PUB-10).
DIAGONAL: Final = tuple(_around(s, ((-1, -1), (-1, 1), (1, -1), (1, 1))) for s in range(SPACES))
#: The orthogonal and diagonal neighbours of each space (sagrada:PLACE-02).
NEIGHBOURS: Final = tuple(
    _around(s, ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)))
    for s in range(SPACES)
)
#: The border spaces: row 1, row 4, column 1 or column 5 (sagrada:PLACE-01).
BORDER: Final = tuple(
    s for s in range(SPACES) if s // COLUMNS in (0, ROWS - 1) or s % COLUMNS in (0, COLUMNS - 1)
)


def space_name(space: int) -> str:
    """The space as players name it, ``rRcC`` counted from 1.

    >>> space_name(0), space_name(19)
    ('r1c1', 'r4c5')
    """
    row, column = divmod(space, COLUMNS)
    return f"r{row + 1}c{column + 1}"


@attrs.frozen
class Pattern:
    """A window pattern (sagrada:COMP-03): its number (1 to 24, in table order), name, difficulty
    (favor tokens, sagrada:SETUP-03) and grid (``.`` blank, a colour code or a value per space)."""

    number: int
    name: str
    favor: int
    grid: tuple[str, ...]

    def restriction(self, space: int) -> str:
        """The code of ``space``: ``.``, a colour code or a value digit."""
        return self.grid[space // COLUMNS][space % COLUMNS]

    @property
    def restricted(self) -> tuple[int, ...]:
        """The spaces with a colour or a value restriction."""
        return tuple(s for s in range(SPACES) if self.restriction(s) != ".")


@attrs.frozen
class Public:
    """A public objective card (sagrada:COMP-04): its number (1 to 10), name and printed points."""

    number: int
    name: str
    points: int


#: The 24 patterns of the shipped component table, numbered in its order (sagrada:COMP-03).
PATTERNS: Final = tuple(
    Pattern(number, p.name, p.favor, tuple(p.grid)) for number, p in enumerate(_TABLE.patterns, 1)
)

#: The 10 public objective cards of the shipped table, by number (sagrada:COMP-04, sagrada:PUB-01 to
#: sagrada:PUB-10).
PUBLICS: Final = tuple(
    Public(card.number, card.name, card.points)
    for card in sorted(_TABLE.publics, key=lambda card: card.number)
)
