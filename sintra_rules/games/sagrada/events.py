"""What happens during an action or a chance step, as data: the events
:func:`~sintra_rules.games.sagrada.rules.apply_traced` returns.

Each event is a small frozen value holding the facts of one step of the rules and the clause
IDs it applies (:attr:`Event.clauses`), in the order the engine applies them. Seats, spaces
(0 to 19, row-major), slots and rounds (0-based) count from 0; a die is ``(colour, value)``.

>>> from sintra_rules.games.sagrada import new_game, apply_traced, legal_actions
>>> state = new_game(2, seed=3)
>>> after, events = apply_traced(state, legal_actions(state)[0])
>>> type(events[0]).__name__, events[0].seat, events[0].clauses
('PatternChosen', 0, ('RUL-10', 'SETUP-03'))
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from sintra_rules.games.sagrada.state import Die

__all__ = [
    "CardDealt",
    "DiceToTrack",
    "DieChanged",
    "DieDrawn",
    "DieMoved",
    "DiePaid",
    "DiePlaced",
    "DieReturned",
    "DieRolled",
    "DieSwapped",
    "DieToBag",
    "Drafted",
    "Event",
    "GameEnded",
    "PatternChosen",
    "RoundStarted",
    "StartPlayer",
    "ToolUsed",
    "TurnEnded",
    "TurnSkipped",
    "ValueChosen",
]


@attrs.frozen
class Event:
    """One step of the rules: the base of every event class."""

    #: The clause IDs every event of the class applies.
    CLAUSES: ClassVar[tuple[str, ...]] = ()

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clause IDs this event applies, in order."""
        return self.CLAUSES


# -- setup ----------------------------------------------------------------------------------


@attrs.frozen
class CardDealt(Event):
    """A card dealt (ENG-04): ``kind`` ``"pattern"`` or ``"private"`` to ``seat``
    (SETUP-01, SETUP-02), ``"tool"`` or ``"public"`` to slot ``slot`` (SETUP-04, SETUP-05);
    ``card`` indexes the table's cards of that kind."""

    kind: str
    seat: int
    slot: int
    card: int

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clause IDs this event applies, in order."""
        return (
            {"pattern": "SETUP-02", "private": "SETUP-01", "tool": "SETUP-04"}.get(
                self.kind, "SETUP-05"
            ),
            "ENG-04",
        )


@attrs.frozen
class StartPlayer(Event):
    """SETUP-06, RUL-19: ``seat`` is the first start player, chosen at random."""

    CLAUSES = ("SETUP-06", "RUL-19")
    seat: int


@attrs.frozen
class PatternChosen(Event):
    """RUL-10, SETUP-03: ``seat`` chose ``pattern`` (an index into the table's patterns) and
    takes ``favor`` favor tokens (none in solo)."""

    CLAUSES = ("RUL-10", "SETUP-03")
    seat: int
    pattern: int
    favor: int


# -- rounds -----------------------------------------------------------------------------------


@attrs.frozen
class RoundStarted(Event):
    """ROUND-02: round ``round`` (0-based) begins; ``start`` draws the draft pool."""

    CLAUSES = ("ROUND-02",)
    round: int
    start: int


@attrs.frozen
class DieDrawn(Event):
    """ROUND-02: a die of ``colour`` is drawn from the bag for the draft pool."""

    CLAUSES = ("ROUND-02", "ENG-03")
    colour: int


@attrs.frozen
class DieRolled(Event):
    """A die is rolled and shows ``die``: into the draft pool (ROUND-02; Glazing Hammer,
    TOOL-07) or, with ``in_hand``, the die in hand (Flux Brush, TOOL-06)."""

    die: Die
    in_hand: bool = False

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clause IDs this event applies, in order."""
        return ("TOOL-06", "ENG-03") if self.in_hand else ("ROUND-02", "ENG-03")


@attrs.frozen
class DiceToTrack(Event):
    """ROUND-04: the dice left in the pool go on the space of round ``round`` (0-based)."""

    CLAUSES = ("ROUND-04",)
    round: int
    dice: tuple[Die, ...]


@attrs.frozen
class GameEnded(Event):
    """ROUND-06: round 10 is over; the game ends and is scored."""

    CLAUSES = ("ROUND-06",)


# -- a turn -----------------------------------------------------------------------------------


@attrs.frozen
class Drafted(Event):
    """TURN-03: ``seat`` drafts ``die`` from the pool (``extra``: Running Pliers, RUL-06)."""

    seat: int
    die: Die
    extra: bool = False

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clause IDs this event applies, in order."""
        return ("TURN-03", "RUL-06") if self.extra else ("TURN-03", "RUL-05")


@attrs.frozen
class DiePlaced(Event):
    """TURN-04, PLACE-10: ``seat`` places ``die`` on space ``cell``."""

    CLAUSES = ("TURN-04", "PLACE-10")
    seat: int
    die: Die
    cell: int


@attrs.frozen
class ToolUsed(Event):
    """FAVOR-01, FAVOR-02: ``seat`` uses the tool card ``tool`` (its number, 1 to 12) in slot
    ``slot``, putting ``cost`` favor tokens on it (solo: none, the die is paid next)."""

    CLAUSES = ("FAVOR-01", "FAVOR-02", "TOOL-14")
    seat: int
    slot: int
    tool: int
    cost: int


@attrs.frozen
class DiePaid(Event):
    """SOLO-03, RUL-08: the solo player pays ``die`` from the pool for the tool in ``slot``;
    die and card leave the game."""

    CLAUSES = ("SOLO-03", "RUL-08")
    slot: int
    die: Die


@attrs.frozen
class DieChanged(Event):
    """The die in hand changes from ``old`` to ``new``: Grozing Pliers (TOOL-01) or Grinding
    Stone (TOOL-10), named by ``tool``."""

    tool: int
    old: Die
    new: Die

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clause IDs this event applies, in order."""
        return ("TOOL-01",) if self.tool == 1 else ("TOOL-10",)


@attrs.frozen
class DieSwapped(Event):
    """TOOL-05: Lens Cutter puts ``given`` on round ``round``'s space and takes ``taken``."""

    CLAUSES = ("TOOL-05",)
    round: int
    given: Die
    taken: Die


@attrs.frozen
class DieToBag(Event):
    """TOOL-11, RUL-12: Flux Remover puts ``die`` back into the bag."""

    CLAUSES = ("TOOL-11", "RUL-12")
    die: Die


@attrs.frozen
class ValueChosen(Event):
    """RUL-12: the die Flux Remover drew is given its value: ``die``."""

    CLAUSES = ("RUL-12",)
    die: Die


@attrs.frozen
class DieReturned(Event):
    """``die`` goes back to the draft pool, the rule that sends it named by ``clause``: Flux
    Remover's player returns it (RUL-12).

    Flux Brush's re-rolled die with no legal space goes back as the chance step's effect
    (TOOL-06, RUL-02); since RUL-20 no other tool leaves a die without a legal space.
    """

    die: Die
    clause: str

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clause IDs this event applies, in order."""
        return (self.clause,)


@attrs.frozen
class DieMoved(Event):
    """TOOL-13: the die ``die`` moves from space ``src`` to ``dst`` with tool ``tool``."""

    tool: int
    die: Die
    src: int
    dst: int

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clause IDs this event applies, in order."""
        return (f"TOOL-{self.tool:02d}", "TOOL-13")


@attrs.frozen
class TurnEnded(Event):
    """TURN-02, ROUND-03: ``seat`` ends the turn."""

    CLAUSES = ("TURN-02", "ROUND-03")
    seat: int


@attrs.frozen
class TurnSkipped(Event):
    """TOOL-08, RUL-06: ``seat``'s second turn this round is skipped (Running Pliers)."""

    CLAUSES = ("TOOL-08", "RUL-06")
    seat: int
