"""The exception hierarchy of sintra_rules.

Every error the library raises on bad input or a bad request is a :class:`SintraError` and
also derives from the built-in exception that matches its meaning, so that both
``except SintraError`` and the usual ``except ValueError`` (or ``LookupError``) work::

    SintraError
    ├── ComponentTableError   (ValueError)   an invalid component table (names the field)
    ├── ConfigurationError    (ValueError)   bad arguments to new_game (player count, side, seed)
    ├── IllegalAction         (ValueError)   an action the rules forbid (names the spec clause)
    ├── NotationError         (ValueError)   malformed action notation
    ├── PositionError         (ValueError)   malformed or impossible position notation (names
    │                                        the field, the character and the clause)
    ├── ActionIdError         (ValueError)   an integer that is not an action id, or an action
    │                                        with no id
    ├── PositionBuildError    (ValueError)   a hand-made position of verify.positions that
    │                                        cannot be built
    ├── RecordError           (ValueError)   malformed or inconsistent JSON (names the field)
    │   ├── FormatVersionError               an unknown format or behaviour version
    │   └── FileKindError                    a file of no game's kind, or of two games' kinds
    ├── RecordWarning         (UserWarning)  a record that reads but holds a slip (a warning)
    ├── SpecError             (ValueError)   malformed or inconsistent spec pages, index or glossary
    ├── GameNotOver           (ValueError)   a result asked of a game still in play
    ├── GameOver              (ValueError)   an action asked of a game that has ended
    ├── InvalidArgument       (ValueError)   an argument out of its range (a perft depth, ...)
    ├── UnknownClause         (LookupError)  a clause ID that the spec does not define
    ├── UnknownAgent          (LookupError)  an agent name that is not registered
    ├── UnknownGame           (LookupError)  a game name that the registry does not hold
    ├── UnknownPlayerCount    (KeyError)     a player count the component table has no figures for
    ├── ConformanceFailure    (AssertionError) a game that breaks the game protocol (verify.api)
    ├── InvariantBroken       (AssertionError) a state or step that breaks one of a game's own
    │                                        invariants (the soak's checks)
    ├── MissingExtra          (ImportError)  a feature whose optional extra is not installed
    │                                        (names the extra to install)
    ├── FanOutError           (RuntimeError) a fanned-out task failed, or the cluster to run it
    │                                        on cannot be reached (names the item or address)
    └── BoundExceeded         (AssertionError) a round or game outlasted its proved bound

Each carries ``subject`` (what is at fault: a field, a clause, an argument) and ``reason``
(why), and is built as ``Error(subject, reason)``; its message quotes a long input by its start
and end only (``subject`` and ``reason`` keep it whole); the older names of ``subject`` stay as
attributes (``field``, ``clause``, ``where``, ``text``, ``argument``, ``name``). When one is
raised, the input (state, table or document) is untouched and no half-built object escapes.
Errors pickle (``soak`` sends them between processes).

>>> from sintra_rules import new_game, outcome
>>> try:
...     outcome(new_game(2, seed=1))
... except ValueError as error:
...     print(type(error).__name__, isinstance(error, SintraError), error.subject)
GameNotOver True END-02
"""

from __future__ import annotations

from typing import Any

from sintra_rules._words import plural, shortened

__all__ = [
    "ActionIdError",
    "BoundExceeded",
    "ComponentTableError",
    "ConfigurationError",
    "ConformanceFailure",
    "FanOutError",
    "FileKindError",
    "FormatVersionError",
    "GameNotOver",
    "GameOver",
    "IllegalAction",
    "InvalidArgument",
    "InvariantBroken",
    "MissingExtra",
    "NotAState",
    "NotationError",
    "PositionBuildError",
    "PositionError",
    "RecordError",
    "RecordWarning",
    "SintraError",
    "SpecError",
    "UnknownAgent",
    "UnknownClause",
    "UnknownGame",
    "UnknownPlayerCount",
]


def _restore(cls: type[SintraError], args: tuple[Any, ...], state: dict[str, Any]) -> SintraError:
    """Rebuild a pickled error without calling its ``__init__``."""
    error = cls.__new__(cls, *args)
    BaseException.__init__(error, *args)
    error.__dict__.update(state)
    return error


class SintraError(Exception):
    """Base class of every error raised by sintra_rules: ``subject`` is what is at fault (a
    field, a clause ID, an argument) and ``reason`` says why.

    >>> str(SintraError("depth", "must be >= 0, got -1"))
    'depth: must be >= 0, got -1'
    """

    def __init__(self, subject: str, reason: str) -> None:
        self.subject = subject
        self.reason = reason
        super().__init__(shortened(self._message()))

    def _message(self) -> str:
        return f"{self.subject}: {self.reason}"

    def __str__(self) -> str:
        return str(self.args[0]) if len(self.args) == 1 else super().__str__()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (type(self), self.args, dict(self.__dict__)))


class ComponentTableError(SintraError, ValueError):
    """A component table violates a confirmed figure or is malformed; ``field`` names it.

    >>> str(ComponentTableError("track", "must end at -18"))
    'component table: track: must end at -18'
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        super().__init__(field, reason)

    def _message(self) -> str:
        return f"component table: {self.subject}: {self.reason}"


class ConfigurationError(SintraError, ValueError):
    """Bad arguments to :func:`sintra_rules.new_game` (player count, side, seed); ``clause``
    is the spec clause they break."""

    def __init__(self, clause: str, reason: str) -> None:
        self.clause = clause
        super().__init__(clause, reason)


class IllegalAction(SintraError, ValueError):
    """An action the rules forbid in the given state.

    ``clause`` is the permanent ID of the spec clause the action breaks (see ``spec/``).

    >>> err = IllegalAction("RESET-02", "the glazier is already above the leftmost strip")
    >>> err.clause
    'RESET-02'
    """

    def __init__(self, clause: str, reason: str, action: object = None) -> None:
        self.clause = clause
        self.action = action
        super().__init__(clause, reason)


class NotationError(SintraError, ValueError):
    """A string is not a valid action in the compact notation (see ENG-04); ``text`` is it."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        super().__init__(text, reason)

    def _message(self) -> str:
        return f"bad action notation {self.subject!r}: {self.reason}"


class PositionError(SintraError, ValueError):
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
        super().__init__(field, reason)

    def _message(self) -> str:
        return f"bad position: {self.field}, character {self.column}: {self.reason} ({self.clause})"


class ActionIdError(SintraError, ValueError):
    """An integer that names no action, or an action that has no id (ENG-30).

    ``value`` is the id or action given, ``reason`` says why.

    >>> str(ActionIdError(3601, "not an action id: ids are 0..3600"))
    '3601: not an action id: ids are 0..3600'
    """

    def __init__(self, value: object, reason: str) -> None:
        self.value = value
        super().__init__(repr(value), reason)


class RecordError(SintraError, ValueError):
    """A JSON state or game record is malformed, truncated or inconsistent.

    ``field`` is a JSON-pointer-like path to the offending field (``"$"`` for the document).
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        super().__init__(field, reason)


class FormatVersionError(RecordError):
    """A document declares a format (or behaviour) version this library cannot read."""


class FileKindError(RecordError):
    """A text whose content does not tell one game and one kind of file
    (:func:`sintra_rules.games.detect_file`): no registered game's file (the message lists every
    game's kinds of file), or a file two games claim (``games`` names them; nothing is
    guessed). ``field`` is ``"$"``, the whole text.

    >>> error = FileKindError("$", "a file of two games", ("sagrada", "sintra"))
    >>> str(error), error.games
    ('$: a file of two games', ('sagrada', 'sintra'))
    """

    def __init__(self, field: str, reason: str, games: tuple[str, ...] = ()) -> None:
        self.games = games
        super().__init__(field, reason)


class RecordWarning(SintraError, UserWarning):
    """A record that reads, but holds something worth a word (a move number that is not the
    action's): issued with :func:`warnings.warn`; the command line prints it on one line.

    ``field`` is where it is found (``line 9, token 3``).
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        super().__init__(field, reason)


class SpecError(SintraError, ValueError):
    """The spec's pages, index or glossary are malformed or inconsistent.

    ``where`` names the file (and line) at fault and ``reason`` what is wrong.

    >>> str(SpecError("spec/sintra/03-turn.md:12", "anchor without a heading"))
    'spec: spec/sintra/03-turn.md:12: anchor without a heading'
    """

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        super().__init__(where, reason)

    def _message(self) -> str:
        return f"spec: {self.subject}: {self.reason}"


class GameNotOver(SintraError, ValueError):
    """A result (the outcome, the final scoring) was asked of a game still in play; ``clause``
    is the rule that ends the game (END-02)."""

    def __init__(self, clause: str, reason: str) -> None:
        self.clause = clause
        super().__init__(clause, reason)


class GameOver(SintraError, ValueError):
    """An action was asked of a game that has ended: there is none to choose (END-02)."""

    def __init__(self, clause: str, reason: str) -> None:
        self.clause = clause
        super().__init__(clause, reason)


class InvalidArgument(SintraError, ValueError):
    """An argument outside its range (a negative perft depth, a count of names that is not the
    number of players, ...); ``argument`` names it.

    >>> str(InvalidArgument("depth", "must be >= 0, got -1"))
    'depth: must be >= 0, got -1'
    """

    def __init__(self, argument: str, reason: str) -> None:
        self.argument = argument
        super().__init__(argument, reason)


class UnknownClause(SintraError, LookupError):
    """A clause ID that the spec's registry (``spec/sintra/index.toml``) does not hold.

    ``clause`` is the ID asked for, ``reason`` says why it is unknown.

    >>> err = UnknownClause("TAKE-3", "not a clause ID: IDs have the form AREA-NN")
    >>> err.clause, str(err)
    ('TAKE-3', 'TAKE-3: not a clause ID: IDs have the form AREA-NN')
    """

    def __init__(self, clause: str, reason: str) -> None:
        self.clause = clause
        super().__init__(clause, reason)


class UnknownAgent(SintraError, LookupError):
    """An agent name that ``sintra_rules.agents.AGENTS`` does not hold; ``name`` is it."""

    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        super().__init__(name, reason)

    def _message(self) -> str:
        return f"unknown agent {self.subject!r}: {self.reason}"


class UnknownGame(SintraError, LookupError):
    """A game name that the registry (:func:`sintra_rules.make`) does not hold; ``name`` is it.

    >>> str(UnknownGame("chess", "choose from sagrada, sintra"))
    "unknown game 'chess': choose from sagrada, sintra"
    """

    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        super().__init__(name, reason)

    def _message(self) -> str:
        return f"unknown game {self.subject!r}: {self.reason}"


class NotAState(SintraError, TypeError):
    """A value given where a function of the facade (:mod:`sintra_rules`) takes a state of a
    registered game: no state of any game, or a state of a game that has no such function (a
    factory fill is Sintra's alone). ``function`` is the function called.

    >>> str(NotAState("legal_actions", "expected a state of a registered game, got int"))
    'legal_actions: expected a state of a registered game, got int'
    """

    def __init__(self, function: str, reason: str) -> None:
        self.function = function
        super().__init__(function, reason)


class UnknownPlayerCount(SintraError, KeyError):
    """A player count for which the component table has no figures (COMP-02); ``num_players``
    is it.

    >>> str(UnknownPlayerCount(5, "the table has figures for 2 to 4 players"))
    '5 players: the table has figures for 2 to 4 players'
    """

    def __init__(self, num_players: int, reason: str) -> None:
        self.num_players = num_players
        super().__init__(plural(num_players, "player"), reason)


class PositionBuildError(SintraError, ValueError):
    """A hand-made position of :mod:`sintra_rules.games.sintra.verify.positions` cannot be built:
    pieces that do not fit a strip, a display or a window, an unknown colour code, or colour totals
    that the bag or tower cannot balance (COMP-01). ``subject`` names what is wrong.

    >>> str(PositionBuildError("window 'OPB'", "a window holds at most 2 pieces"))
    "window 'OPB': a window holds at most 2 pieces"
    """


class BoundExceeded(SintraError, AssertionError):
    """A round or a game lasted longer than its proved termination bound (ROUND-01, ROUND-04).

    Not bad input: the bounds (:mod:`sintra_rules.games.sintra.bounds`, proved in ``proofs/``) hold
    for every admissible component table, so an engine that exceeds one is wrong; hence an
    :class:`AssertionError`. The seeded playouts (:func:`sintra_rules.agents.playout`,
    :func:`sintra_rules.agents.play_game`) raise it instead of running on forever. ``bound``
    (the subject) names the figure (``"turns per round"`` or ``"turns per game"``), ``limit``
    is its value for the game's number of players and ``turns`` the turns counted so far.

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
        reason = f"{turns} > {limit}, the proved bound for {plural(players, 'player')} ({proof})"
        super().__init__(bound, reason)


class ConformanceFailure(SintraError, AssertionError):
    """A game broke the game protocol in :func:`sintra_rules.verify.api.check_game`.

    Not bad input: the game under check is wrong, hence an :class:`AssertionError`. ``check``
    (the subject) names the check that failed; the reason names the game, the player count, the
    options, the seed and the ply.

    >>> str(ConformanceFailure("chance", "toy, 2 players, seed 0, ply 3: probabilities sum to 2"))
    'chance: toy, 2 players, seed 0, ply 3: probabilities sum to 2'
    """

    def __init__(self, check: str, reason: str) -> None:
        self.check = check
        super().__init__(check, reason)


class InvariantBroken(SintraError, AssertionError):
    """A state or a step broke one of a game's own invariants
    (:meth:`sintra_rules.game.Verified.check_state`,
    :meth:`~sintra_rules.game.Verified.check_step`).

    Not bad input: the engine under check is wrong, hence an :class:`AssertionError`.
    ``invariant`` (the subject) names the invariant, with the clauses it protects.

    >>> print(InvariantBroken("pieces_conserved (COMP-01)", "blue: 19 pieces, expected 20"))
    pieces_conserved (COMP-01): blue: 19 pieces, expected 20
    """

    def __init__(self, invariant: str, reason: str) -> None:
        self.invariant = invariant
        super().__init__(invariant, reason)


class MissingExtra(SintraError, ImportError):
    """A feature needs an optional extra that is not installed; ``extra`` (the subject) names
    it, ``reason`` says what needs it, and the message says how to install it.

    >>> print(MissingExtra("ray", "--ray needs the package 'ray'"))
    --ray needs the package 'ray': pip install 'sintra-rules[ray]'
    """

    def __init__(self, extra: str, reason: str) -> None:
        self.extra = extra
        super().__init__(extra, reason)

    def _message(self) -> str:
        return f"{self.reason}: pip install 'sintra-rules[{self.subject}]'"


class FanOutError(SintraError, RuntimeError):
    """Work fanned out by :mod:`sintra_rules.distributed` failed: a task raised an exception
    (``subject`` names the item; the task's own exception is the ``__cause__``; it is not
    retried), a worker died more often than the retries allow, or the Ray cluster cannot be
    reached (``subject`` names the address).

    >>> str(FanOutError("item 3", "ZeroDivisionError: division by zero"))
    'item 3: ZeroDivisionError: division by zero'
    """
