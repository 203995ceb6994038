"""Immutable game state: frozen, slotted, hashable values that compare by value.

Nothing mutable is reachable from a :class:`GameState`: every collection is a tuple and the
component table is itself frozen. Colours are ``int`` indices into the table's colours, slots
and windows are ``0``-based from the left, seats are ``0``-based in clockwise order (ENG-01).
"""

from __future__ import annotations

from typing import ClassVar, Literal, TypeAlias

import attrs

from sintra_rules.games.sintra.components import ComponentTable, Side
from sintra_rules.terms import or_else

__all__ = [
    "CENTRE",
    "ChanceKind",
    "ChanceStep",
    "Colour",
    "GameState",
    "PlayerState",
    "Strip",
    "Window",
]

#: A colour: an index into :attr:`ComponentTable.colour_codes` (FIG-01).
Colour: TypeAlias = int
#: A window's two frame spaces (top, bottom): the colour of the piece on each, or ``None``.
Window: TypeAlias = tuple[Colour | None, Colour | None]
#: The source index that means the centre of the table (TAKE-02).
CENTRE = -1


#: What a pending chance step decides (ENG-07): ``"strip"`` the strip for a slot, ``"face"`` the
#: face up of a slot's strip, ``"indicator"`` the colour for a round indicator space, ``"first"``
#: the piece drawn for round I, ``"fill"`` the next piece drawn onto a factory display.
ChanceKind: TypeAlias = Literal["strip", "face", "indicator", "first", "fill"]


@attrs.frozen(cache_hash=True)
class ChanceStep:
    """The random step a state waits for (ENG-07): its ``kind`` and where it happens.

    ``seat`` is the seat whose board is being set up (``"strip"`` and ``"face"`` steps, else 0);
    ``index`` is the slot (``"strip"``, ``"face"``) or the position in the round indicator's
    shuffle (``"indicator"``), else 0. A ``"fill"`` step needs no position: the next piece goes
    onto the first display that is not full, since displays are filled in order (ENG-03).

    >>> ChanceStep("fill")
    ChanceStep(kind='fill', seat=0, index=0)
    """

    kind: ChanceKind
    seat: int = 0
    index: int = 0


@attrs.frozen(cache_hash=True)
class Strip:
    """A pattern strip in a slot: which strip, which ``face`` is up (0 or 1), and the pieces on
    it.

    ``filled[c]`` pieces of colour ``c`` lie on spaces of colour ``c``; ``jokers[c]`` pieces of
    colour ``c`` lie on joker spaces (PLACE-01, PLACE-06).
    """

    strip_id: int
    face: int
    filled: tuple[int, ...]
    jokers: tuple[int, ...]

    @property
    def pieces(self) -> int:
        """Number of pieces on the strip."""
        return sum(self.filled) + sum(self.jokers)

    def colour_counts(self) -> tuple[int, ...]:
        """Pieces on the strip per colour, joker spaces included."""
        return tuple(f + j for f, j in zip(self.filled, self.jokers, strict=True))


#: What a removed strip reads as in a count of pieces: a strip holding none.
_NO_STRIP = Strip(-1, 0, (), ())


@attrs.frozen(cache_hash=True)
class PlayerState:
    """One player's palace board, glazier, markers and points.

    ``strips[s]`` is the strip in slot ``s`` or ``None`` once removed (DONE-05); ``glazier`` is
    the slot the glazier stands above (SETUP-05); ``marker`` is the index of the space of the
    table's broken glass track that the player's marker stands on (TRACK-01); ``points_lost`` is
    every point lost via the track so far, wraps included, plus the magnitude of the current
    space (TRACK-04, RUL-16).
    """

    strips: tuple[Strip | None, ...]
    glazier: int
    windows: tuple[Window, ...]
    score: int
    marker: int
    points_lost: int

    def leftmost_strip(self) -> int | None:
        """The leftmost slot that still holds a strip, or ``None`` (RESET-01)."""
        for slot, strip in enumerate(self.strips):
            if strip is not None:
                return slot
        return None

    def pieces_on_strips(self) -> int:
        """Pieces left on all strips together (FINAL-02, RUL-15); a removed strip holds none.
        Written with :mod:`sintra_rules.terms` (final scoring reads it, and the proofs run
        final scoring on Z3 terms)."""
        return sum(or_else(s, _NO_STRIP).pieces for s in self.strips)


@attrs.frozen(cache_hash=True)
class GameState:
    """A complete, immutable position.

    ``bag``, ``tower``, ``centre`` and each of ``factories`` are piece counts per colour.
    ``indicator`` holds the round indicator's remaining pieces, top (the current round's)
    first (ROUND-05). ``starter`` is the seat that started the current round; ``tile`` is the
    seat that has taken the starting player tile from the centre this round, or ``None`` while
    it lies in the centre (TAKE-03, END-06). ``turn`` is the seat to act. ``rng`` is the state
    of the game's random generator (ENG-02), or ``None`` for a position without one (a real
    table, or a searcher's view that must not know the future draws: ENG-08, ENG-09).
    ``chance`` is the random step the state waits for, or ``None`` when a player is to act
    (ENG-07): see :mod:`sintra_rules.games.sintra.chance`.
    """

    #: The registry name of the game (:func:`sintra_rules.make`).
    GAME: ClassVar[str] = "sintra"

    components: ComponentTable = attrs.field(repr=False)
    side: Side
    players: tuple[PlayerState, ...]
    turn: int
    starter: int
    tile: int | None
    bag: tuple[int, ...]
    tower: tuple[int, ...]
    factories: tuple[tuple[int, ...], ...]
    centre: tuple[int, ...]
    indicator: tuple[Colour, ...]
    rng: int | None
    chance: ChanceStep | None = None

    @property
    def is_chance(self) -> bool:
        """True while a chance step is pending: no player acts until it is decided (ENG-07)."""
        return self.chance is not None

    @property
    def num_players(self) -> int:
        """The number of players (COMP-02)."""
        return len(self.players)

    @property
    def is_over(self) -> bool:
        """True once round 6 has ended and final scoring is applied (END-02)."""
        return not self.indicator

    @property
    def round(self) -> int:
        """The current round, 1 to 6 (the last round once the game is over) (ROUND-01)."""
        return self.components.rounds + 1 - max(len(self.indicator), 1)

    @property
    def round_colour(self) -> Colour | None:
        """The colour of the top round-indicator piece, ``None`` after the game (ROUND-05)."""
        return self.indicator[0] if self.indicator else None

    @property
    def current(self) -> PlayerState:
        """The player to act."""
        return self.players[self.turn]

    def __str__(self) -> str:
        """The position drawn as the text board
        (:func:`sintra_rules.games.sintra.render.render_state`), so that ``print(state)`` shows
        it."""
        from sintra_rules.games.sintra.render import render_state

        return render_state(self)

    def _repr_svg_(self) -> str:
        """The position as an SVG picture, for Jupyter (see
        :mod:`sintra_rules.games.sintra.svg`)."""
        from sintra_rules.games.sintra.svg import state_to_svg

        return state_to_svg(self)

    def piece_counts(self) -> tuple[int, ...]:
        """Pieces per colour over every location (COMP-01): always ``pieces_per_colour`` each."""
        counts = [b + t + c for b, t, c in zip(self.bag, self.tower, self.centre, strict=True)]
        for factory in self.factories:
            for colour, n in enumerate(factory):
                counts[colour] += n
        for colour in self.indicator:
            counts[colour] += 1
        for player in self.players:
            for strip in player.strips:
                if strip is not None:
                    for colour, n in enumerate(strip.colour_counts()):
                        counts[colour] += n
            for window in player.windows:
                for piece in window:
                    if piece is not None:
                        counts[piece] += 1
        return tuple(counts)
