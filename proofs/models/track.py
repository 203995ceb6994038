"""The broken glass track in closed form, and the arithmetic of one take and one turn.

Model (TRACK-01 to TRACK-04, RUL-08): the track has spaces ``0 .. C`` (space ``C`` is the
bottom, value ``-B``, ``B`` = 18). A *step* moves the marker one space down; a step onto the
bottom costs ``B`` points at once and puts the marker back on the top space. After ``m`` steps
from the top the points lost via the track (TRACK-04: ``B`` per wrap plus the current space's
magnitude) are, in closed form::

    L(m) = B * (m div C) - value[m mod C]

>>> track = (0, -1, -2, -4, -6, -8, -11, -14, -18)
>>> [lost_after(track, m) for m in (0, 1, 7, 8, 9, 16)]
[0, 1, 14, 18, 19, 36]
>>> step(8, 7, 0)   # from the space above the bottom: wrap to the top
(0, 1, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from proofs.figures import RANGES, Ranges, Scope, concrete_tracks, figures
from proofs.harness import Term, div, ite, select

__all__ = [
    "BOTTOM",
    "centre_take_bound",
    "increments",
    "lost_after",
    "step",
    "take_bound",
    "turn_loss_bounds",
]

#: Points lost on reaching the bottom space (TRACK-03): the magnitude of its confirmed -18.
BOTTOM = -RANGES.track_bottom


def lost_after(values: Sequence[Term], m: Term) -> Term:
    """Points lost via the track after ``m`` steps from the top (TRACK-04), in closed form."""
    cycle = len(values) - 1
    return BOTTOM * div(m, cycle) - select(values[:cycle], m % cycle)


def step(cycle: int, position: Term, wraps: Term) -> tuple[Term, Term, Term]:
    """One step down (TRACK-02), with the return to the top on reaching the bottom
    (TRACK-03): ``(new position, new wraps, wrapped)``."""
    below = position + 1
    wrapped = below == cycle
    return ite(wrapped, 0, below), wraps + ite(wrapped, 1, 0), wrapped


def increments(track: Sequence[int]) -> list[int]:
    """Points lost by each step from each space (the last one reaches the bottom)."""
    return [a - b for a, b in itertools.pairwise(track)]


def centre_take_bound(fig: Ranges, players: int) -> int:
    """The most pieces of one colour the centre can hold: each factory display sends at most
    ``capacity - 1`` of them there (the taken colour is another one), and a colour has only
    ``pieces_per_colour`` pieces."""
    return min(fig.factories_for(players) * (fig.capacity - 1), fig.pieces_per_colour)


def take_bound(fig: Ranges, players: int) -> int:
    """The most pieces of one colour a single take can hold with ``players`` players."""
    return max(fig.capacity, centre_take_bound(fig, players))


def turn_loss_bounds(scope: Scope, players: int) -> tuple[int, int, int]:
    """``(most steps, most points lost, most points deducted at once)`` in one turn, by
    enumerating every track of the scope and every starting space."""
    fig = figures(scope)
    steps = max(fig.capacity, 1 + centre_take_bound(fig, players))
    lost = deducted = 0
    for track in concrete_tracks(scope):
        c = len(track) - 1
        for start in range(c):
            lost = max(lost, lost_after(track, start + steps) - lost_after(track, start))
            deducted = max(deducted, BOTTOM * ((start + steps) // c))
    return steps, lost, deducted
