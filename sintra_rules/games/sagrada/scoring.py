"""End-game scoring: the public objectives (PUB-01 to PUB-11), the private objective
(SCORE-02), favor tokens (SCORE-03), empty spaces (SCORE-04; solo SOLO-06), the winners
(WIN-01 to WIN-04, RUL-17) and the solo target (SOLO-05, SOLO-07, RUL-18).

Each public objective is a function of a window counting what its card rewards (sets, rows,
columns or dice); the card's printed points multiply it (COMP-04). A window is 20 spaces,
row-major, each a die ``(colour, value)`` or ``None``.

The rules are written with the operations of :mod:`sintra_rules.terms`, so that
``python -m proofs`` runs these very functions on Z3 terms and checks that the models its proofs
reason about are these functions on the whole domain of each proof.

>>> B, Y = 3, 1
>>> window = [None] * 20
>>> for cell in (6, 10, 12, 18):   # the Color Diagonals card's own example: blue dice ...
...     window[cell] = (B, 1)
>>> for cell in (9, 13, 17):       # ... and yellow dice
...     window[cell] = (Y, 2)
>>> color_diagonals(window)
7
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from sintra_rules.errors import GameNotOver
from sintra_rules.game import Result
from sintra_rules.games.sagrada.components import COLUMNS, ROWS, SPACES
from sintra_rules.games.sagrada.state import DIAGONAL, Die, SagradaState
from sintra_rules.terms import all_of, any_of, distinct, ite, least, most, or_else, present

__all__ = [
    "PUBLIC_RULES",
    "FinalScore",
    "color_diagonals",
    "color_variety",
    "column_color_variety",
    "column_shade_variety",
    "deep_shades",
    "final_score",
    "light_shades",
    "medium_shades",
    "private_points",
    "public_points",
    "result",
    "row_color_variety",
    "row_shade_variety",
    "shade_variety",
    "target_score",
]

Window = Sequence[Die | None]

#: What an empty space reads as: no colour (-1, never a die's) and the value 0 (never a die's).
_NO_DIE: Die = (-1, 0)


def _shown(window: Window, index: int) -> list[int]:
    """Per space, the colour (``index`` 0) or the value (1) of its die; -1 or 0 for an empty
    space."""
    return [or_else(d, _NO_DIE)[index] for d in window]


def _count(shown: Sequence[int], kind: int) -> int:
    """How many of ``shown`` are ``kind``."""
    return sum(x == kind for x in shown)


def light_shades(window: Window) -> int:
    """PUB-01 Light Shades: the sets of one 1 and one 2 anywhere (2 points each)."""
    values = _shown(window, 1)
    return least((_count(values, 1), _count(values, 2)))


def medium_shades(window: Window) -> int:
    """PUB-02 Medium Shades: the sets of one 3 and one 4 anywhere (2 points each)."""
    values = _shown(window, 1)
    return least((_count(values, 3), _count(values, 4)))


def deep_shades(window: Window) -> int:
    """PUB-03 Deep Shades: the sets of one 5 and one 6 anywhere (2 points each)."""
    values = _shown(window, 1)
    return least((_count(values, 5), _count(values, 6)))


def shade_variety(window: Window) -> int:
    """PUB-04 Shade Variety: the sets of one of each value 1 to 6 anywhere (5 points each)."""
    values = _shown(window, 1)
    return least(_count(values, v) for v in range(1, 7))


def _lines(window: Window, rows: bool) -> list[list[Die | None]]:
    """The rows (or the columns) of the window."""
    if rows:
        return [[window[r * COLUMNS + c] for c in range(COLUMNS)] for r in range(ROWS)]
    return [[window[r * COLUMNS + c] for r in range(ROWS)] for c in range(COLUMNS)]


def _varied(line: Sequence[Die | None], index: int) -> bool:
    """The line is complete (PUB-11 counts no line with an empty space) and no two of its
    dice share a colour (``index`` 0) or a value (1)."""
    return all_of(
        all_of(*(present(d) for d in line)), distinct(or_else(d, _NO_DIE)[index] for d in line)
    )


def row_shade_variety(window: Window) -> int:
    """PUB-05 Row Shade Variety: the complete rows with no repeated value (5 points each)."""
    return sum(_varied(line, 1) for line in _lines(window, True))


def column_shade_variety(window: Window) -> int:
    """PUB-06 Column Shade Variety: the complete columns with no repeated value (4 points
    each)."""
    return sum(_varied(line, 1) for line in _lines(window, False))


def row_color_variety(window: Window) -> int:
    """PUB-07 Row Color Variety: the complete rows with no repeated colour (6 points each)."""
    return sum(_varied(line, 0) for line in _lines(window, True))


def column_color_variety(window: Window) -> int:
    """PUB-08 Column Color Variety: the complete columns with no repeated colour (5 points
    each)."""
    return sum(_varied(line, 0) for line in _lines(window, False))


def color_variety(window: Window) -> int:
    """PUB-09 Color Variety: the sets of one die of each colour anywhere (4 points each)."""
    colours = _shown(window, 0)
    return least(_count(colours, k) for k in range(5))


def color_diagonals(window: Window) -> int:
    """PUB-10 Color Diagonals: the dice with a diagonal neighbour of their colour, each die
    counted once (1 point each). An empty space has no colour, so matches no die."""
    colours = _shown(window, 0)
    return sum(
        all_of(
            present(window[cell]),
            any_of(*(colours[other] == colours[cell] for other in DIAGONAL[cell])),
        )
        for cell in range(SPACES)
    )


#: The rule of each public objective card by its number, 1 to 10 (PUB-01 to PUB-10).
PUBLIC_RULES: tuple[Callable[[Window], int], ...] = (
    light_shades,
    medium_shades,
    deep_shades,
    shade_variety,
    row_shade_variety,
    column_shade_variety,
    row_color_variety,
    column_color_variety,
    color_variety,
    color_diagonals,
)


def public_points(state: SagradaState, card: int, window: Window) -> int:
    """The points public objective ``card`` (an index into the table's publics) gives
    ``window``: what its rule counts times its printed points, as often as it is met
    (PUB-11).

    Args:
        state: the game (for its component table).
        card: the public objective.
        window: the window.

    Returns:
        The points.
    """
    objective = state.components.publics[card]
    return PUBLIC_RULES[objective.number - 1](window) * objective.points


def private_points(state: SagradaState, card: int, window: Window) -> int:
    """SCORE-02: the sum of the values of the dice of private objective ``card``'s colour."""
    colour = state.components.privates[card].colour
    return sum(
        ite(c == colour, v, 0) for c, v in zip(_shown(window, 0), _shown(window, 1), strict=True)
    )


@attrs.frozen
class FinalScore:
    """A player's final score and its parts (SCORE-01): ``publics`` the points of each public
    objective in play, in slot order (PUB-11); ``private`` the private objective's points
    (SCORE-02; solo the better card, RUL-11); ``tokens`` the unspent favor tokens (SCORE-03);
    ``empty`` the empty spaces and ``empty_points`` what they cost (SCORE-04: -1 each; solo
    -3 each, SOLO-06); ``total`` the sum."""

    publics: tuple[int, ...]
    private: int
    tokens: int
    empty: int
    empty_points: int
    total: int


def final_score(state: SagradaState, seat: int) -> FinalScore:
    """The score of ``seat``'s window as it stands (SCORE-01 to SCORE-04, PUB-11; solo
    SOLO-06, RUL-11); at the end of the game, its final score.

    Args:
        state: a state after setup.
        seat: the seat.

    Returns:
        The score and its parts.
    """
    player = state.players[seat]
    window = player.window
    publics = tuple(public_points(state, card, window) for card in state.publics)
    privates = [private_points(state, card, window) for card in player.privates]
    private = most(privates) if privates else 0
    tokens = 0 if state.is_solo else player.favor
    empty = SPACES - sum(present(d) for d in window)
    empty_points = -(3 if state.is_solo else 1) * empty
    total = sum(publics) + private + tokens + empty_points
    return FinalScore(publics, private, tokens, empty, empty_points, total)


def target_score(state: SagradaState) -> int:
    """SOLO-05: the sum of the values of the dice on the round track (dice paid for tools are
    not on it, SOLO-03)."""
    return sum(or_else(d, _NO_DIE)[1] for space in state.track for d in space)


def result(state: SagradaState) -> Result:
    """The result of a finished game (ENG-13): scores, tie-break keys and winners.

    Each key is (score: WIN-01, private objective points: WIN-02, unspent favor tokens: WIN-03,
    position in the final round's clockwise order from its start player: WIN-04), higher
    better; keys never
    tie (RUL-17), so one seat wins. Solo: the key is (score,) and the player wins only with a
    score greater than the target (SOLO-05, SOLO-07, RUL-18), else ``winners`` is empty.

    Args:
        state: a finished game.

    Returns:
        The result.

    Raises:
        GameNotOver: ROUND-06, the game is not over.
    """
    if not state.is_over:
        raise GameNotOver("ROUND-06", "the game ends after round 10: no result before that")
    n = state.num_players
    finals = [final_score(state, seat) for seat in range(n)]
    scores = tuple(f.total for f in finals)
    keys: tuple[tuple[int, ...], ...] = tuple(
        (f.total, f.private, f.tokens, (seat - state.start) % n) for seat, f in enumerate(finals)
    )
    if n == 1:
        keys = ((scores[0],),)
        winners: tuple[int, ...] = (0,) if scores[0] > target_score(state) else ()
    else:
        best = max(keys)
        winners = tuple(seat for seat in range(n) if keys[seat] == best)
    return Result(scores=scores, keys=keys, winners=winners)
