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
    ├── UnknownClause         a clause ID that the spec does not define
    └── RecordError           malformed, truncated or inconsistent JSON (names the field)
        └── FormatVersionError    an unknown format or behaviour version

All of them also derive from :class:`ValueError`, so ``except ValueError`` keeps working.
When one is raised, the input (state, table or document) is untouched and no half-built
object escapes.
"""

from __future__ import annotations

__all__ = [
    "ActionIdError",
    "ComponentTableError",
    "ConfigurationError",
    "FormatVersionError",
    "IllegalAction",
    "NotationError",
    "PositionError",
    "RecordError",
    "SintraError",
    "SpecError",
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


class SpecError(SintraError):
    """The spec's pages, index or glossary are malformed or inconsistent.

    ``where`` names the file (and line) at fault and ``reason`` what is wrong.

    >>> str(SpecError("spec/03-turn.md:12", "anchor without a heading"))
    'spec: spec/03-turn.md:12: anchor without a heading'
    """

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"spec: {where}: {reason}")
