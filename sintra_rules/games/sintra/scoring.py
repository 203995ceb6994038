"""Scoring: the broken glass track, completion points, final scoring and the outcome.

Pure functions over plain values, so that tests and proofs can check each rule on its own. The
rules are written with the operations of :mod:`sintra_rules.terms`, so that ``python -m proofs``
runs these very functions on Z3 terms and checks that the models its proofs reason about are
these functions on the whole domain of each proof.

>>> from sintra_rules import default_components
>>> table = default_components()
>>> track_steps(table.track, 0, 10)     # 10 steps from the top: one wrap, then 2 more
(2, 1)
>>> window_points((4, 3, 2, 3, 1, 2, 1, 2), ((None, None),) * 5 + ((0, None),) * 3, 5)
5
>>> move_marker(table.track, 7, 3)     # from -14: the bottom (-18 at once), top, -1, -2
(2, 1, 18, 6)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from sintra_rules.errors import GameNotOver
from sintra_rules.game import Result
from sintra_rules.games.sintra.components import ComponentTable, Side
from sintra_rules.games.sintra.state import Colour, GameState, PlayerState, Window
from sintra_rules.terms import all_of, ite, most, or_else, pick, present

__all__ = [
    "FinalScore",
    "Outcome",
    "colour_bonus",
    "final_score",
    "leftover_points",
    "move_marker",
    "ornament_bonus",
    "outcome",
    "points_lost",
    "result",
    "side_b_bonus",
    "track_steps",
    "window_points",
]


def track_steps(track: Sequence[int], position: int, steps: int) -> tuple[int, int]:
    """Move a broken glass marker ``steps`` spaces down: ``(new position, wraps)``.

    Each step moves one space down (TRACK-02). A step that reaches the bottom space costs its
    value at once and returns the marker to the top; later steps continue from there (TRACK-03,
    RUL-08). The caller subtracts ``wraps * -track[-1]`` from the score.
    """
    cycle = len(track) - 1
    total = position + steps
    return total % cycle, total // cycle


def move_marker(track: Sequence[int], position: int, steps: int) -> tuple[int, int, int, int]:
    """Move a broken glass marker ``steps`` spaces down from ``position`` (TRACK-02, TRACK-03,
    RUL-08, RUL-10): ``(new position, wraps, points deducted at once, points lost added)``.

    Each arrival at the bottom deducts its value's magnitude at once (TRACK-03); the points
    lost via the track grow by what is deducted and by the change of the current space
    (TRACK-04, RUL-16).
    """
    new, wraps = track_steps(track, position, steps)
    deducted = -track[-1] * wraps
    return new, wraps, deducted, deducted - pick(track, new) + pick(track, position)


def points_lost(track: Sequence[int], position: int, wraps: int) -> int:
    """Points lost via the track: ``wraps`` bottom values plus the current space (TRACK-04,
    RUL-16)."""
    return -track[-1] * wraps - pick(track, position)


def colour_bonus(counts: Sequence[int], round_colour: Colour) -> int:
    """Colour bonus of a completed strip: its pieces of the round's colour (DONE-02).

    >>> colour_bonus((0, 1, 0, 2, 2), 4)   # two yellow pieces in a yellow round: 2 points
    2
    """
    return pick(counts, round_colour)


def window_points(values: Sequence[int], windows: Sequence[Window], window: int) -> int:
    """Points for furnishing ``window``: its value plus every window to its right that holds
    one or two pieces (DONE-06). ``windows`` already holds the new piece."""
    return pick(values, window) + sum(
        ite(all_of(w > window, present(windows[w][0])), values[w], 0) for w in range(len(values))
    )


def leftover_points(pieces: int) -> int:
    """One point per 3 pieces left on all strips together (FINAL-02, RUL-15).

    >>> leftover_points(7)
    2
    """
    return pieces // 3


def ornament_bonus(table: ComponentTable, windows: Sequence[Window]) -> int:
    """Side A bonus: per ornament, points for the filled frame spaces around it (FINAL-04).

    >>> from sintra_rules import default_components
    >>> full, empty = (0, 1), (None, None)
    >>> ornament_bonus(default_components(), (full,) * 4 + (empty,) * 2 + ((2, None),) * 2)
    23
    """
    total = 0
    for ornament in table.ornaments:
        filled = sum(present(piece) for w in ornament for piece in pick(windows, w))
        total += pick(table.ornament_points, filled)
    return total


def side_b_bonus(colours: int, windows: Sequence[Window]) -> int:
    """Side B bonus: completed windows x the pieces of one colour on the windows, the colour
    being the best one for the player (FINAL-05, RUL-14).

    >>> side_b_bonus(5, ((2, 2), (2, 1), (2, 0), (0, 2)) + ((None, None),) * 4)
    20
    """
    complete = sum(present(bottom) for _top, bottom in windows)
    pieces = [or_else(piece, -1) for window in windows for piece in window]  # -1: no piece
    return complete * most(sum(k == colour for k in pieces) for colour in range(colours))


@attrs.frozen
class FinalScore:
    """One player's final scoring, step by step (FINAL-01)."""

    leftovers: int
    track: int
    bonus: int

    @property
    def total(self) -> int:
        """Points gained (or lost) in final scoring."""
        return self.leftovers + self.track + self.bonus


def final_score(table: ComponentTable, side: Side, player: PlayerState) -> FinalScore:
    """The three final scoring steps for ``player`` (FINAL-01 to FINAL-05): leftover pieces,
    the broken glass marker's space, and the side's bonus."""
    bonus = (
        ornament_bonus(table, player.windows)
        if side == "A"
        else side_b_bonus(table.colours, player.windows)
    )
    return FinalScore(
        leftovers=leftover_points(player.pieces_on_strips()),
        track=pick(table.track, player.marker),
        bonus=bonus,
    )


@attrs.frozen
class Outcome:
    """The result of a finished game (WIN-01 to WIN-03).

    ``winners`` holds every winning seat: more than one means a shared victory.
    """

    scores: tuple[int, ...]
    points_lost: tuple[int, ...]
    winners: tuple[int, ...]


def outcome(state: GameState) -> Outcome:
    """Who won: most points (WIN-01), then fewer points lost via the track (WIN-02, RUL-16),
    else a shared victory (WIN-03).

    Raises:
        GameNotOver: the game is not over yet (END-02).
    """
    if not state.is_over:
        raise GameNotOver("END-02", "the game is not over yet")
    scores = tuple(p.score for p in state.players)
    lost = tuple(p.points_lost for p in state.players)
    best = max(zip(scores, (-x for x in lost), strict=True))
    winners = tuple(seat for seat in range(len(scores)) if (scores[seat], -lost[seat]) == best)
    return Outcome(scores=scores, points_lost=lost, winners=winners)


def result(state: GameState) -> Result:
    """The game's result as every game of the library gives it (:class:`~sintra_rules.game.Result`):
    the scores, the tie-break keys ``(score, -points lost)`` and the winners of :func:`outcome`
    (WIN-01 to WIN-03).

    Raises:
        GameNotOver: the game is not over yet (END-02).
    """
    won = outcome(state)
    keys = tuple((s, -lost) for s, lost in zip(won.scores, won.points_lost, strict=True))
    return Result(won.scores, keys, won.winners)
