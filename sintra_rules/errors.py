"""The exception hierarchy of sintra_rules.

Every error the library raises on bad input is a :class:`SintraError`, split by cause::

    SintraError
    ├── ComponentTableError   an invalid component table (names the field)
    ├── ConfigurationError    bad arguments to new_game (player count, side, seed)
    ├── IllegalAction         an action the rules forbid (names the spec clause)
    ├── NotationError         malformed action notation
    ├── PositionError         malformed or impossible position notation (names the field,
    │                         the character and the clause)
    ├── ActionIdError         an integer that is not an action id, or an action with no id
    ├── PositionBuildError    a hand-made position that cannot be built (verify.positions)
    ├── UnknownClause         a clause ID that the spec does not define
    ├── RecordError           malformed, truncated or inconsistent JSON (names the field)
    │   └── FormatVersionError    an unknown format or behaviour version
    └── BoundExceeded         a round or game outlasted its proved bound (also AssertionError)

All of them also derive from :class:`ValueError`, so ``except ValueError`` keeps working.
When one is raised, the input (state, table or document) is untouched and no half-built
object escapes.
"""

from __future__ import annotations

__all__ = [
    "ActionIdError",
    "BoundExceeded",
    "ComponentTableError",
    "ConfigurationError",
    "FormatVersionError",
    "IllegalAction",
    "NotationError",
    "PositionBuildError",
    "PositionError",
    "RecordError",
    "SintraError",
    "UnknownClause",
]


class SintraError(ValueError):
    """Base class of every error raised by sintra_rules on bad input."""


class ComponentTableError(SintraError):
    """A component table violates a confirmed figure or is malformed.

    >>> str(ComponentTableError("track", "must end at -18"))
    'component table: track: must end at -18'
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"component table: {field}: {reason}")


class ConfigurationError(SintraError):
    """Bad arguments to :func:`sintra_rules.new_game` (player count, side, seed)."""

    def __init__(self, clause: str, reason: str) -> None:
        self.clause = clause
        self.reason = reason
        super().__init__(f"{clause}: {reason}")


class IllegalAction(SintraError):
    """An action the rules forbid in the given state.

    ``clause`` is the permanent ID of the spec clause the action breaks (see ``spec/``).

    >>> err = IllegalAction("RESET-02", "the glazier is already above the leftmost strip")
    >>> err.clause
    'RESET-02'
    """

    def __init__(self, clause: str, reason: str, action: object = None) -> None:
        self.clause = clause
        self.reason = reason
        self.action = action
        super().__init__(f"{clause}: {reason}")


class NotationError(SintraError):
    """A string is not a valid action in the compact notation (see ENG-04)."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"bad action notation {text!r}: {reason}")


class PositionError(SintraError):
    """A text is not a valid position in the one-line position notation (ENG-21, ENG-22).

    ``field`` names the part of the text that is wrong (``indicator``, ``player 2 slot 6``, ...),
    ``column`` is the 1-based character position where it starts (0 when the text is not a
    string), ``clause`` the spec clause the text breaks and ``reason`` says why.

    >>> err = PositionError("sintra1 side:C", "side", 9, "SETUP-02", "expected 'A' or 'B'")
    >>> str(err)
    "bad position: side, character 9: expected 'A' or 'B' (SETUP-02)"
    """

    def __init__(self, text: str, field: str, column: int, clause: str, reason: str) -> None:
        self.text = text
        self.field = field
        self.column = column
        self.clause = clause
        self.reason = reason
        super().__init__(f"bad position: {field}, character {column}: {reason} ({clause})")


class ActionIdError(SintraError):
    """An integer that names no action, or an action that has no id (ENG-30).

    ``value`` is the id or action given, ``reason`` says why.

    >>> str(ActionIdError(3601, "not an action id: ids are 0..3600"))
    '3601: not an action id: ids are 0..3600'
    """

    def __init__(self, value: object, reason: str) -> None:
        self.value = value
        self.reason = reason
        super().__init__(f"{value!r}: {reason}")


class PositionBuildError(SintraError):
    """A hand-made position of :mod:`sintra_rules.verify.positions` cannot be built: pieces that
    do not fit a strip, a display or a window, an unknown colour code, or colour totals that
    the bag or tower cannot balance (COMP-01). ``subject`` names what is wrong.

    >>> str(PositionBuildError("window 'OPB'", "a window holds at most 2 pieces"))
    "window 'OPB': a window holds at most 2 pieces"
    """

    def __init__(self, subject: str, reason: str) -> None:
        self.subject = subject
        self.reason = reason
        super().__init__(f"{subject}: {reason}")


class RecordError(SintraError):
    """A JSON state or game record is malformed, truncated or inconsistent.

    ``field`` is a JSON-pointer-like path to the offending field (``"$"`` for the document).
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}")


class FormatVersionError(RecordError):
    """A document declares a format (or behaviour) version this library cannot read."""


class UnknownClause(SintraError):
    """A clause ID that the spec's registry (``spec/index.toml``) does not hold.

    ``clause`` is the ID asked for, ``reason`` says why it is unknown.

    >>> err = UnknownClause("TAKE-3", "not a clause ID: IDs have the form AREA-NN")
    >>> err.clause, str(err)
    ('TAKE-3', 'TAKE-3: not a clause ID: IDs have the form AREA-NN')
    """

    def __init__(self, clause: str, reason: str) -> None:
        self.clause = clause
        self.reason = reason
        super().__init__(f"{clause}: {reason}")


class BoundExceeded(SintraError, AssertionError):
    """A round or a game lasted longer than its proved termination bound (ROUND-01, ROUND-04).

    Not bad input: the bounds (:mod:`sintra_rules.bounds`, proved in ``proofs/``) hold for
    every admissible component table, so an engine that exceeds one is wrong; hence also an
    :class:`AssertionError`. The seeded playouts (:func:`sintra_rules.agents.playout`,
    :func:`sintra_rules.agents.play_game`) raise it instead of running on forever. ``bound``
    names the figure (``"turns per round"`` or ``"turns per game"``), ``limit`` is its value
    for the game's number of players and ``turns`` the turns counted so far.

    >>> err = BoundExceeded("turns per round", 2, 40, 41, "termination[shipped, 2 players]")
    >>> print(err)
    turns per round: 41 > 40, the proved bound for 2 players (termination[shipped, 2 players])
    """

    def __init__(self, bound: str, players: int, limit: int, turns: int, proof: str) -> None:
        self.bound = bound
        self.players = players
        self.limit = limit
        self.turns = turns
        self.proof = proof
        super().__init__(
            f"{bound}: {turns} > {limit}, the proved bound for {players} players ({proof})"
        )
