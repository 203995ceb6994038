"""What happens during an action, as data: the events
:func:`~sintra_rules.games.sintra.rules.apply_traced` returns.

Each event is a small frozen value holding the facts of one step of the rules and the clause
IDs it applies (:attr:`Event.clauses`), in the order the engine applies them (TURN-01, ENG-40).
Like the state, events count from 0: ``seat``, ``slot``, ``window`` and ``display`` are 0-based
indices, colours are indices into the component table, ``start`` and ``end`` of a marker move
are spaces of the broken glass track (TRACK-01). Events hold no words: they are put into words
by :mod:`sintra_rules.games.sintra.narration`.

>>> from sintra_rules import apply_traced, new_game
>>> from sintra_rules import Take
>>> state = new_game(2, seed=7)
>>> after, events = apply_traced(state, Take(0, 1, 2))
>>> events[0]
TookFromDisplay(seat=0, display=0, colour=1, count=1, to_centre=3)
>>> [event.clauses for event in events]
[('TAKE-01',), ('PLACE-03',), ('PLACE-01',), ('DONE-01',), ('ROUND-03',)]
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from sintra_rules.games.sintra.components import Side

__all__ = [
    "AllBroke",
    "Broke",
    "Completed",
    "Event",
    "FinalScored",
    "GameEnded",
    "GlazierMoved",
    "GlazierReset",
    "MarkerMoved",
    "NotCompleted",
    "Placed",
    "RefillPending",
    "Refilled",
    "RoundEnded",
    "StartsNextRound",
    "TookFromCentre",
    "TookFromDisplay",
    "TookTile",
    "TurnPassed",
    "WindowScored",
]


@attrs.frozen
class Event:
    """One step of the rules during an action: the base of every event class."""

    #: The clause IDs every event of the class applies (see :attr:`Event.clauses`).
    CLAUSES: ClassVar[tuple[str, ...]] = ()

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clause IDs this event applies, in order (one or more)."""
        return self.CLAUSES


# -- a take (TAKE-01 to TAKE-03) --------------------------------------------------------------


@attrs.frozen
class TookFromDisplay(Event):
    """TAKE-01: ``seat`` takes the ``count`` pieces of ``colour`` from factory display
    ``display``; the other ``to_centre`` pieces of the display go to the centre."""

    CLAUSES = ("TAKE-01",)
    seat: int
    display: int
    colour: int
    count: int
    to_centre: int


@attrs.frozen
class TookFromCentre(Event):
    """TAKE-02: ``seat`` takes the ``count`` pieces of ``colour`` from the centre."""

    CLAUSES = ("TAKE-02",)
    seat: int
    colour: int
    count: int


@attrs.frozen
class TookTile(Event):
    """TAKE-03: ``seat``, first to take from the centre this round, takes the starting player
    tile, which moves its broken glass marker 1 space (counted in the :class:`MarkerMoved`
    that follows)."""

    CLAUSES = ("TAKE-03",)
    seat: int


# -- placing and breaking (PLACE-01 to PLACE-07, RUL-03) ---------------------------------------


@attrs.frozen
class AllBroke(Event):
    """RUL-03: no reachable strip has an empty space for ``colour``: all ``count`` pieces break
    and ``seat``'s glazier stays above slot ``glazier``."""

    CLAUSES = ("RUL-03",)
    seat: int
    colour: int
    count: int
    glazier: int


@attrs.frozen
class GlazierMoved(Event):
    """PLACE-03: ``seat``'s glazier moves from slot ``start`` to slot ``end``, the chosen strip."""

    CLAUSES = ("PLACE-03",)
    seat: int
    start: int
    end: int


@attrs.frozen
class Placed(Event):
    """PLACE-01: ``count`` pieces of ``colour`` are placed on the strip in slot ``slot``;
    PLACE-06: ``jokers`` of them on joker spaces (the clause applies only when ``jokers``)."""

    seat: int
    slot: int
    colour: int
    count: int
    jokers: int

    @property
    def clauses(self) -> tuple[str, ...]:
        return ("PLACE-01", "PLACE-06") if self.jokers else ("PLACE-01",)


@attrs.frozen
class Broke(Event):
    """PLACE-07: only ``placed`` of the pieces of ``colour`` taken fit on the strip and all that
    fit are placed; PLACE-04: the other ``count`` break (to the tower, one marker step each,
    counted in the :class:`MarkerMoved` that follows)."""

    CLAUSES = ("PLACE-07", "PLACE-04")
    seat: int
    colour: int
    count: int
    placed: int


# -- the broken glass track (TRACK-02, TRACK-03) -----------------------------------------------


@attrs.frozen
class MarkerMoved(Event):
    """TRACK-02: ``seat``'s broken glass marker moves ``steps`` spaces down, from space
    ``start`` to space ``end`` of the track; TRACK-03: it reached the bottom ``wraps`` times,
    each time scoring the bottom value and going back to the top: ``points`` (<= 0) in all
    (the clause applies only when ``wraps``)."""

    seat: int
    steps: int
    start: int
    end: int
    wraps: int
    points: int

    @property
    def clauses(self) -> tuple[str, ...]:
        return ("TRACK-02", "TRACK-03") if self.wraps else ("TRACK-02",)


# -- completing a strip (DONE-01 to DONE-06) ---------------------------------------------------


@attrs.frozen
class Completed(Event):
    """DONE-01: the strip in slot ``slot`` is complete; DONE-02: the colour bonus, ``bonus``
    points for the pieces of ``round_colour``, the colour of round ``round``; DONE-03: one
    piece of ``keep`` is kept and the other ``to_tower`` go to the tower; DONE-04 (``flipped``):
    the kept piece goes on the top frame of window ``slot`` and the strip is flipped, or DONE-05
    (not ``flipped``): it goes on the bottom frame and the strip leaves the game."""

    seat: int
    slot: int
    round: int
    round_colour: int
    bonus: int
    keep: int
    to_tower: int
    flipped: bool

    @property
    def clauses(self) -> tuple[str, ...]:
        return ("DONE-01", "DONE-02", "DONE-03", "DONE-04" if self.flipped else "DONE-05")


@attrs.frozen
class WindowScored(Event):
    """DONE-06: window ``window`` scores ``points``, the sum of ``values``: its own value and
    those of the windows to its right whose top frame is filled."""

    CLAUSES = ("DONE-06",)
    seat: int
    window: int
    values: tuple[int, ...]
    points: int


@attrs.frozen
class NotCompleted(Event):
    """DONE-01: the strip in slot ``slot`` is not complete (``pieces`` of its ``size`` spaces
    filled): nothing is scored."""

    CLAUSES = ("DONE-01",)
    seat: int
    slot: int
    pieces: int
    size: int


# -- the turn and the round (RESET-01, ROUND-03, ROUND-04, END-01 to END-06, RUL-11) -----------


@attrs.frozen
class GlazierReset(Event):
    """RESET-01: ``seat`` moves its glazier back from slot ``start`` to slot ``end``, the
    leftmost strip; the turn ends."""

    CLAUSES = ("RESET-01",)
    seat: int
    start: int
    end: int


@attrs.frozen
class TurnPassed(Event):
    """ROUND-03: pieces are left, so the turn passes clockwise to ``seat``."""

    CLAUSES = ("ROUND-03",)
    seat: int


@attrs.frozen
class RoundEnded(Event):
    """ROUND-04: no pieces are left on the displays or in the centre, so round ``round`` ends;
    END-01: its round indicator piece, of ``colour``, goes to the tower."""

    CLAUSES = ("ROUND-04", "END-01")
    round: int
    colour: int


@attrs.frozen
class Refilled(Event):
    """END-03: the factory displays are refilled from the bag and now hold ``displays``
    (per-colour counts, display by display); END-04 (only when ``poured``): the bag ran empty
    and the tower's ``poured`` pieces went into the bag; END-05 (only when ``short``): bag and
    tower ran empty, the displays are ``short`` pieces short of full."""

    displays: tuple[tuple[int, ...], ...]
    poured: int
    short: int

    @property
    def clauses(self) -> tuple[str, ...]:
        return (
            "END-03",
            *(("END-04",) if self.poured else ()),
            *(("END-05",) if self.short else ()),
        )


@attrs.frozen
class RefillPending(Event):
    """END-03, ENG-07: the factory displays are to be refilled from the bag, one piece at a
    time, by chance steps that the caller decides (the action was applied without sampling,
    or the state has no generator, ENG-08)."""

    CLAUSES = ("END-03", "ENG-07")


@attrs.frozen
class StartsNextRound(Event):
    """END-06 (``tile``): ``seat`` holds the starting player tile and starts the next round;
    RUL-11 (not ``tile``): nobody took the tile, ``seat`` starts again."""

    seat: int
    tile: bool

    @property
    def clauses(self) -> tuple[str, ...]:
        return ("END-06",) if self.tile else ("RUL-11",)


@attrs.frozen
class GameEnded(Event):
    """END-02: that was the last round; final scoring follows."""

    CLAUSES = ("END-02",)


@attrs.frozen
class FinalScored(Event):
    """FINAL-01: ``seat`` scores ``total`` at the end of the game: ``leftovers`` for the pieces
    left on strips (FINAL-02), ``track`` for the broken glass marker (FINAL-03) and ``bonus``
    for board side ``side`` (FINAL-04 on side A, FINAL-05 on side B)."""

    CLAUSES = ("FINAL-01",)
    seat: int
    side: Side
    leftovers: int
    track: int
    bonus: int
    total: int
