"""Actions: the two things a player may do on a turn (TURN-01, ENG-04).

* :class:`Take`: advance a pattern: take every piece of one colour from a source (a factory
  display or the centre), put them on one strip (or let them all break), and, when that
  completes the strip, keep one piece of a chosen colour.
* :class:`Reset`: move the glazier back to the leftmost strip.

Actions are small frozen values that compare by value: build them as ``Take(...)`` and
``Reset()``. Inside the engine, :func:`~sintra_rules.games.sintra.rules.legal_actions` and the
notation parser return interned instances (``_take``, and the one ``RESET``), so comparing and
hashing them is cheap and listing actions allocates nothing; that interning is private to the
engine.

>>> Take(0, 2, 3) == Take(0, 2, 3), Reset() == Reset()
(True, True)
>>> Take(CENTRE, 1, None).sort_key() > Take(4, 0, 0).sort_key()
True
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from sintra_rules.games.sintra.state import CENTRE, Colour

__all__ = ["RESET", "Action", "Reset", "Take"]

_CENTRE_KEY = 1 << 8
_FLOOR_KEY = 1 << 8
_NO_KEEP_KEY = -1


def _typed(value: object) -> tuple[type, object]:
    """Equality key: values of different types never compare equal (``0.0``, ``False`` and
    ``0`` are three different jokers counts), so an ill-typed action can never equal a legal
    one (ENG-04)."""
    return (type(value), value)


@attrs.frozen(cache_hash=True)
class Take:
    """Advance a pattern (TAKE-01..04, PLACE-01..07, DONE-01..06).

    ``source``: factory index (0-based) or :data:`CENTRE`. ``colour``: the colour taken.
    ``target``: the slot of the strip the pieces go to, or ``None`` when no reachable strip can
    take any of them and all break (PLACE-05, RUL-03). ``jokers``: how many of the placed pieces
    go on joker spaces (RUL-07). ``keep``: the colour of the piece kept when the placement
    completes the strip, else ``None`` (DONE-03, RUL-18).
    """

    source: int = attrs.field(eq=_typed)
    colour: Colour = attrs.field(eq=_typed)
    target: int | None = attrs.field(eq=_typed)
    jokers: int = attrs.field(default=0, eq=_typed)
    keep: Colour | None = attrs.field(default=None, eq=_typed)

    def __str__(self) -> str:
        """The action notation with the shipped table's colour codes (ENG-04): ``3B-2``.

        >>> str(Take(2, 0, 1)), str(Take(CENTRE, 4, None))
        ('3B-2', 'CY-x')
        """
        from sintra_rules.games.sintra.notation import action_to_text

        return action_to_text(self)

    def sort_key(self) -> tuple[int, int, int, int, int, int]:
        """The canonical order key (ENG-05): source (centre last), colour, target (all-break
        last), jokers, keep."""
        return (
            0,
            _CENTRE_KEY if self.source == CENTRE else self.source,
            self.colour,
            _FLOOR_KEY if self.target is None else self.target,
            self.jokers,
            _NO_KEEP_KEY if self.keep is None else self.keep,
        )


@attrs.frozen
class Reset:
    """Move the glazier back to the leftmost remaining strip (RESET-01, RESET-02)."""

    def __str__(self) -> str:
        """The action notation (ENG-04): ``R``.

        >>> str(Reset())
        'R'
        """
        return "R"

    def sort_key(self) -> tuple[int, int, int, int, int, int]:
        """The canonical order key (ENG-05): after every :class:`Take`."""
        return (1, 0, 0, 0, 0, 0)


#: An action of either kind.
Action: TypeAlias = Take | Reset
#: The engine's shared :class:`Reset` instance (equal to every ``Reset()``).
RESET = Reset()

_TAKES: dict[tuple[int, int, int | None, int, int | None], Take] = {}


def _take(
    source: int, colour: Colour, target: int | None, jokers: int = 0, keep: Colour | None = None
) -> Take:
    """The interned :class:`Take` with these fields (equal to ``Take(...)``, but shared); the
    engine's own constructor (private: callers build ``Take(...)``).

    Only well-typed takes (``int`` fields, ``None`` where allowed) are interned; any other
    combination returns a fresh, uncached :class:`Take`, so an ill-typed call can never change
    what later calls (and :func:`~sintra_rules.games.sintra.rules.legal_actions`) return.

    >>> _take(0, 2, 3) is _take(0, 2, 3)
    True
    >>> _take(0, 1, 0, 0.0) == _take(0, 1, 0, 0)  # type: ignore[arg-type]
    False
    """
    if (
        type(source) is int
        and type(colour) is int
        and (target is None or type(target) is int)
        and type(jokers) is int
        and (keep is None or type(keep) is int)
    ):
        return _interned(source, colour, target, jokers, keep)
    return Take(source, colour, target, jokers, keep)


def _interned(source: int, colour: int, target: int | None, jokers: int, keep: int | None) -> Take:
    """:func:`_take` for fields known to be well typed (the engine's own hot path)."""
    key = (source, colour, target, jokers, keep)
    found = _TAKES.get(key)
    if found is None:
        found = _TAKES[key] = Take(source, colour, target, jokers, keep)
    return found
