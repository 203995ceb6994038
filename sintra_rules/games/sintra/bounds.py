"""The proved bounds of the game, as data: how long a round and a game can last, and how low
or high the scores can go.

Every figure here is established by a Z3 proof in ``proofs/`` (run ``python -m proofs``; the
page :doc:`/proofs` shows each proof, its clauses, checks and witnesses), and :data:`BOUNDS`
names that proof. ``tests/test_bounds.py`` compares every figure with the
proof's own result, so the data cannot drift from the proofs.

Each figure is given twice, as the proofs state it:

* ``value``: for the shipped component table
  (:func:`~sintra_rules.games.sintra.components.default_components`);
* ``every_table``: for every table the component table validator admits.

The window values, the broken glass track, the strips and the ornaments of the shipped table
are provisional (FIG-04 to FIG-09). A figure that depends on them (its ``value`` differs from
its ``every_table``) is marked ``provisional``: it may change when the printed figures are
confirmed, whereas its ``every_table`` figure holds whatever they turn out to be. The
termination bounds depend only on confirmed figures (FIG-01 to FIG-03, FIG-10).

The score bounds are sound, not necessarily attained in a real game: they come from a model of
one player's game that leaves out the supply of pieces and the other players.

>>> TURNS_PER_ROUND[2], TURNS_PER_GAME[4]
(40, 432)
>>> LOWEST_FINAL_SCORE[3], HIGHEST_FINAL_SCORE["B"]
(-335, 262)
>>> bound = BOUNDS[("highest final score", "A")]
>>> bound.value, bound.every_table, bound.provisional, bound.proof_name()
(214, 408, True, 'final-upper[shipped, side A]')
>>> BOUNDS[("turns per round", 3)].provisional
False
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Literal, TypeAlias

import attrs

from sintra_rules.games.sintra.components import Side

__all__ = [
    "BOUNDS",
    "HIGHEST_FINAL_SCORE",
    "LOWEST_FINAL_SCORE",
    "TURNS_PER_GAME",
    "TURNS_PER_ROUND",
    "Case",
    "ProvedBound",
    "Quantity",
]

#: What a figure bounds.
Quantity: TypeAlias = Literal[
    "turns per round",
    "turns per game",
    "lowest final score",
    "highest final score",
    "highest window points of a game",
    "lowest points of one completion",
    "highest points of one completion",
    "highest colour bonus of one completion",
    "most pieces in one take",
    "most steps on the track in one turn",
    "most points lost in one turn",
    "highest leftover bonus",
    "highest side A bonus",
    "highest side B bonus",
]
#: Which game a figure is for: a number of players, a board side, or ``None`` (every game).
Case: TypeAlias = int | Side | None


@attrs.frozen
class ProvedBound:
    """One proved figure: what it bounds, for which game, and the proof that establishes it."""

    #: What the figure bounds.
    quantity: Quantity
    #: The number of players or the board side it is proved for (``None``: every game).
    case: Case
    #: The bound for the shipped component table.
    value: int
    #: The bound for every admissible component table.
    every_table: int
    #: The key of the proof (its name without the scope and variant), e.g. ``termination``.
    proof: str
    #: The shipped figure depends on provisional component values (FIG-04 to FIG-09).
    provisional: bool

    @property
    def variant(self) -> str:
        """The proof's variant for :attr:`case`: ``"2 players"``, ``"side A"`` or ``""``.

        >>> BOUNDS[("turns per game", 2)].variant
        '2 players'
        """
        if self.case is None:
            return ""
        if isinstance(self.case, int):
            return f"{self.case} players"
        return f"side {self.case}"

    def proof_name(self, scope: Literal["shipped", "admissible"] = "shipped") -> str:
        """The name of the proof that establishes :attr:`value` (``scope="shipped"``) or
        :attr:`every_table` (``scope="admissible"``), as ``python -m proofs --only`` takes it.

        Args:
            scope: ``"shipped"`` for the shipped table, ``"admissible"`` for every table.

        Returns:
            ``key[scope]`` or ``key[scope, variant]``.

        >>> BOUNDS[("lowest final score", 2)].proof_name("admissible")
        'final-lower[admissible, 2 players]'
        """
        inside = scope if not self.variant else f"{scope}, {self.variant}"
        return f"{self.proof}[{inside}]"


_PLAYERS = (2, 3, 4)
_SIDES: tuple[Side, Side] = ("A", "B")

# (quantity, proof, {case: (shipped value, every admissible table)}), as `python -m proofs`
# reports them. A figure is provisional when the two differ.
_TABLE: tuple[tuple[Quantity, str, dict[Case, tuple[int, int]]], ...] = (
    ("turns per round", "termination", {2: (40, 40), 3: (58, 58), 4: (72, 72)}),
    ("turns per game", "termination", {2: (240, 240), 3: (348, 348), 4: (432, 432)}),
    ("lowest final score", "final-lower", {2: (-254, -404), 3: (-335, -540), 4: (-416, -667)}),
    ("highest final score", "final-upper", {"A": (214, 408), "B": (262, 496)}),
    ("highest window points of a game", "window-order", {"A": (136, 288), "B": (136, 288)}),
    ("lowest points of one completion", "completion-points", {"A": (1, 1), "B": (1, 1)}),
    ("highest points of one completion", "completion-points", {"A": (21, 37), "B": (21, 37)}),
    ("highest colour bonus of one completion", "colour-bonus", {None: (3, 5)}),
    ("most pieces in one take", "largest-take", {2: (15, 15), 3: (20, 20), 4: (20, 20)}),
    ("most steps on the track in one turn", "turn-loss", {2: (16, 16), 3: (21, 21), 4: (21, 21)}),
    ("most points lost in one turn", "turn-loss", {2: (36, 64), 3: (50, 82), 4: (50, 82)}),
    ("highest leftover bonus", "leftover-bonus", {None: (10, 10)}),
    ("highest side A bonus", "side-a-bonus", {None: (40, 40)}),
    ("highest side B bonus", "side-b-bonus", {None: (88, 128)}),
)

#: Every proved figure, by quantity and case.
BOUNDS: Mapping[tuple[Quantity, Case], ProvedBound] = types.MappingProxyType(
    {
        (quantity, case): ProvedBound(quantity, case, value, every, proof, value != every)
        for quantity, proof, cases in _TABLE
        for case, (value, every) in cases.items()
    }
)


def _players(quantity: Quantity) -> Mapping[int, int]:
    return types.MappingProxyType({n: BOUNDS[(quantity, n)].value for n in _PLAYERS})


#: The most turns (takes and resets) a round can last, by number of players (``termination``).
TURNS_PER_ROUND: Mapping[int, int] = _players("turns per round")
#: The most turns a game can last, by number of players (``termination``).
TURNS_PER_GAME: Mapping[int, int] = _players("turns per game")
#: The lowest final score of a player, by number of players (``final-lower``; provisional).
LOWEST_FINAL_SCORE: Mapping[int, int] = _players("lowest final score")
#: The highest final score of a player, by board side (``final-upper``; provisional).
HIGHEST_FINAL_SCORE: Mapping[Side, int] = types.MappingProxyType(
    {side: BOUNDS[("highest final score", side)].value for side in _SIDES}
)
