"""The game protocol: what every game of the library implements, and what every satellite uses.

A *game* is a value (an object or a module) that satisfies :class:`Game`: pure functions over
frozen, hashable states ``S`` and hashable actions ``A``. The generic machinery (agents, MCTS,
the arena, self-play, the OpenSpiel, PettingZoo and Gymnasium adapters, the verification kit
and the command line) reaches a game only through this protocol, the facts it declares as data
(:class:`GameInfo`, :class:`Facts`, as OpenSpiel's ``GameType`` and ``GameInfo``) and the
optional capabilities below; it never imports a game. Games are found by name through the
registry, :func:`sintra_rules.make` (as pgx's ``make``).

The protocol has three parts:

* :class:`Rules`: starting a game (and the options a state's game was started with), the
  legal actions in canonical order, ``apply``, the result (scores, tie-break keys, winners),
  explicit chance (outcomes with exact probabilities, a chosen outcome applied, a sampled one)
  and :meth:`Rules.determinize`, which gives a searcher a state with a fresh future and, for a
  viewer, everything that viewer cannot see resampled (OpenSpiel's
  ``resample_from_infostate``);
* :class:`Encoded`: fixed integer action ids (their order is the canonical order) and an
  observation per seat that reveals only what that seat may see;
* :class:`Written`: action text, a complete serialization, a digest and the text board.

Optional capabilities are separate protocols, tested with ``isinstance`` (they are
``runtime_checkable``), as OpenSpiel's ``provides_*`` flags: :class:`Positions` (a one-line
position notation), :class:`Traced` (the events an action fires), :class:`Explained` (the
clauses an action fires or breaks), :class:`Drawn` (an SVG picture), :class:`Played` (the
game's own built-in agents and rollout policy), :class:`Searched` (a fast search of its own),
:class:`ChanceWritten` (a chance outcome in words), :class:`Verified` (invariants of its own,
which the soak checks at every step, and its random policies), :class:`Benched` (speed figures
of its own), :class:`Tabled` (a component table whose figures may be provisional),
:class:`Recorded` (game records read and written, as a :class:`GameLog`),
:class:`Recognised` (the kinds of file the game reads, and which of them a text is, told by its
content: :func:`sintra_rules.games.detect_file` asks every game), :class:`Summarised` (where a
game in progress is, in one line) and :class:`CommandLine` (its own parts of the ``sintra``
command).

The helpers :func:`current_player`, :func:`same_position`, :func:`resolve_chance`,
:func:`win_shares`, :func:`log_game` and :func:`not_over_line` work for every game.

>>> info = GameInfo(name="coin", title="Coin", player_counts=(1, 2),
...                 perfect_information=False, behaviour_version=1)
>>> info.player_counts, info.option("side") is None
((1, 2), True)
>>> win_shares(Result(scores=(3, 5), keys=((3,), (5,)), winners=(1,)))
(0.0, 1.0)
>>> win_shares(Result(scores=(7,), keys=((7,),), winners=()))     # a solo game lost
(0.0,)
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Final, Protocol, TypeVar, runtime_checkable

import attrs

from sintra_rules.errors import ConfigurationError

__all__ = [
    "CHANCE",
    "FILE_KINDS",
    "TERMINAL",
    "A",
    "AgentInfo",
    "Benched",
    "ChanceWritten",
    "CommandLine",
    "Drawn",
    "Encoded",
    "Explained",
    "Facts",
    "FileClaim",
    "FileFormat",
    "Game",
    "GameInfo",
    "GameLog",
    "Option",
    "Parameter",
    "Played",
    "Player",
    "Positions",
    "Recognised",
    "Recorded",
    "Result",
    "Rules",
    "S",
    "Searched",
    "State",
    "Summarised",
    "Tabled",
    "Traced",
    "Verified",
    "Written",
    "current_player",
    "log_game",
    "not_over_line",
    "resolve_chance",
    "same_position",
    "win_shares",
]

#: The "player" of a chance step (OpenSpiel's ``kChancePlayerId``).
CHANCE: Final = -1
#: The "player" of a finished game (OpenSpiel's ``kTerminalPlayerId``).
TERMINAL: Final = -4
#: The kinds of file a game may read (:class:`Recognised`), in the library's words: a position
#: in the game's one-line notation, a JSON state document, a JSON game record, a text record
#: written at a table, a golden playthrough (a record with the digest of every state).
FILE_KINDS: Final = (
    "position",
    "state document",
    "game record",
    "text record",
    "golden playthrough",
)


class State(Protocol):
    """What the generic machinery reads from any game's state: a frozen attrs value, hashable
    and equal by value, with these members (and nothing mutable reachable from it)."""

    #: The registry name of the state's game (as pgx's ``State.env_id``).
    GAME: ClassVar[str]

    @property
    def turn(self) -> int:
        """The seat to act (meaningful only when no chance step is pending and not over)."""
        ...

    @property
    def chance(self) -> Hashable | None:
        """The pending chance step, or ``None`` when a player is to act."""
        ...

    @property
    def rng(self) -> int | None:
        """The state of the game's own generator, or ``None`` for a state without one (every
        chance step then waits for the caller's outcome)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    @property
    def num_players(self) -> int:
        """The number of seats."""
        ...


#: A game's state type (a frozen attrs class satisfying :class:`State`).
S = TypeVar("S", bound=State)
#: A game's action type (hashable values).
A = TypeVar("A", bound=Hashable)
_S_contra = TypeVar("_S_contra", bound=State, contravariant=True)


@attrs.frozen
class Option:
    """A game option as data: its name, the values it takes (as text, as the command line
    gives them) and the default.

    >>> Option("side", ("A", "B"), "A", "the board side").check("C")
    Traceback (most recent call last):
    ...
    sintra_rules.errors.ConfigurationError: side: 'C' is not one of A, B
    """

    name: str
    values: tuple[str, ...]
    default: str
    help: str = ""
    players: tuple[int, ...] | None = None

    def applies_to(self, num_players: int) -> bool:
        """Whether the option means anything for ``num_players`` seats.

        >>> solo = Option("tools", ("1", "2", "3"), "3", "difficulty", players=(1,))
        >>> solo.applies_to(1), solo.applies_to(2)
        (True, False)
        """
        return self.players is None or num_players in self.players

    def check(self, value: str) -> str:
        """``value`` if it is one of :attr:`values`.

        Args:
            value: the value given.

        Returns:
            ``value``.

        Raises:
            ConfigurationError: naming the option, for any other value.
        """
        if value not in self.values:
            raise ConfigurationError(self.name, f"{value!r} is not one of {', '.join(self.values)}")
        return value


@attrs.frozen
class GameInfo:
    """A game's facts that do not depend on the player count (OpenSpiel's ``GameType``).

    ``behaviour_version`` is the game's own: it changes whenever the same seed and actions
    give another game (each game's ENG clause on versions says so). ``speed_target`` is the
    least ratio of the game's random-playout plies/s on its reference path to python-chess's
    that the benchmark (:mod:`sintra_rules.verify.bench`) reports against, at every player
    count (a figure to print, never a timed assertion).
    """

    name: str
    title: str
    player_counts: tuple[int, ...]
    perfect_information: bool
    behaviour_version: int
    options: tuple[Option, ...] = ()
    speed_target: float = 1.0

    def option(self, name: str) -> Option | None:
        """The option called ``name``, or ``None``."""
        for option in self.options:
            if option.name == name:
                return option
        return None

    def resolve_options(self, given: Mapping[str, str] | None = None) -> dict[str, str]:
        """Every option's value: the given ones checked, the others at their defaults.

        Args:
            given: option values by name (``None`` for none).

        Returns:
            A value for every option of the game.

        Raises:
            ConfigurationError: an unknown option name, or a value the option does not take.

        >>> info = GameInfo("g", "G", (2,), True, 1, (Option("side", ("A", "B"), "A"),))
        >>> info.resolve_options({"side": "B"}), info.resolve_options()
        ({'side': 'B'}, {'side': 'A'})
        >>> info.resolve_options({"colour": "red"})
        Traceback (most recent call last):
        ...
        sintra_rules.errors.ConfigurationError: colour: G has no such option (its options: side)
        """
        given = dict(given or {})
        known = {option.name for option in self.options}
        for name in given:
            if name not in known:
                names = ", ".join(sorted(known)) or "none"
                raise ConfigurationError(
                    name, f"{self.title} has no such option (its options: {names})"
                )
        return {
            option.name: option.check(given[option.name])
            if option.name in given
            else option.default
            for option in self.options
        }

    def options_for(
        self, num_players: int, given: Mapping[str, str] | None = None
    ) -> dict[str, str]:
        """The options that mean something for ``num_players`` seats
        (:meth:`Option.applies_to`), each at its given value or its default: what a state of
        that many seats records (:meth:`Rules.options_of`).

        Args:
            num_players: the number of seats.
            given: option values by name (``None`` for none).

        Returns:
            The value of every option that applies, by name.

        Raises:
            ConfigurationError: as :meth:`resolve_options`.

        >>> solo = Option("tools", ("1", "2", "3"), "3", "difficulty", players=(1,))
        >>> info = GameInfo("g", "G", (1, 2), False, 1, (solo,))
        >>> info.options_for(1, {"tools": "2"}), info.options_for(2, {"tools": "2"})
        ({'tools': '2'}, {})
        """
        resolved = self.resolve_options(given)
        return {
            option.name: resolved[option.name]
            for option in self.options
            if option.applies_to(num_players)
        }


@attrs.frozen
class Facts:
    """A game's facts for one player count and set of options (OpenSpiel's ``GameInfo``).

    ``max_game_length`` counts player decisions (not chance steps), as OpenSpiel does;
    ``min_score`` and ``max_score`` bound every seat's final score; ``bounds_proved`` says
    whether those bounds are theorems of the project's proofs (else they are safe, unproved
    bounds). ``observation_low`` and ``observation_high`` bound every value of every seat's
    observation (the adapters' observation spaces); infinite where the game states no bound.
    """

    num_actions: int
    max_chance_outcomes: int
    max_game_length: int
    min_score: int
    max_score: int
    observation_size: int
    bounds_proved: bool = False
    observation_low: float = -math.inf
    observation_high: float = math.inf


@attrs.frozen
class Result:
    """The result of a finished game.

    ``keys[seat]`` orders the seats, higher is better: the score first, then the game's
    tie-breaks. ``winners`` holds every winning seat (more than one is a shared victory); it
    may be empty, as in a solo game whose target was not beaten.
    """

    scores: tuple[int, ...]
    keys: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]


def _figure(value: float) -> str:
    """A bound in words: ``100,000``, ``0.5``."""
    return f"{int(value):,}" if float(value).is_integer() else f"{value:g}"


@attrs.frozen
class Parameter:
    """One option of an agent's spelling as data, with its range: ``name:KEY=VALUE`` (the
    first parameter of an agent, its budget, also ``name:N``). The one parser of agent
    spellings (:func:`sintra_rules.agents.make_agent`) and the command line's help read it.

    ``key`` is how it is spelt, ``keyword`` the agent factory's keyword argument and ``help``
    what it counts or sets, in the game's words (``determinizations per decision``). A value
    lies from ``low`` to ``high`` (above ``low``, not at it, when ``above``), a whole number
    when ``whole``; ``default`` is the factory's (``None``: none, or no limit).

    >>> sims = Parameter("sims", "simulations", "simulations per move", 1, 100_000, 1000)
    >>> sims.range_text(), sims.read("250")
    ('a whole number from 1 to 100,000', 250)
    >>> sims.read("0")
    Traceback (most recent call last):
    ...
    ValueError: sims (simulations per move) must be a whole number from 1 to 100,000, got '0'
    >>> Parameter("c", "exploration", "exploration", 0, 10, 0.7, whole=False).read("inf")
    Traceback (most recent call last):
    ...
    ValueError: c (exploration) must be a number from 0 to 10, got 'inf'
    """

    key: str
    keyword: str
    help: str
    low: float
    high: float
    default: float | None = None
    whole: bool = True
    above: bool = False

    def range_text(self) -> str:
        """The range in words: ``a whole number from 1 to 1,000``, ``a number above 0, at
        most 3,600``."""
        kind = "a whole number" if self.whole else "a number"
        if self.above:
            return f"{kind} above {_figure(self.low)}, at most {_figure(self.high)}"
        return f"{kind} from {_figure(self.low)} to {_figure(self.high)}"

    def default_text(self) -> str:
        """The default in words (``none`` for ``None``)."""
        return "none" if self.default is None else _figure(self.default)

    def contains(self, value: object) -> bool:
        """Whether ``value`` is a value of the parameter (of its kind, within its range)."""
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        if self.whole and not isinstance(value, int):
            return False
        low_ok = value > self.low if self.above else value >= self.low
        return bool(low_ok and value <= self.high)  # NaN and infinities fail a comparison

    def read(self, text: str) -> int | float:
        """The value spelt ``text``.

        Raises:
            ValueError: ``text`` is no value in the range (the message says the range).
        """
        value: int | float | None = None
        if self.whole:
            if text.isascii() and text.isdigit() and len(text) <= 20:
                value = int(text)
        else:
            try:
                value = float(text)
            except ValueError:
                value = None
        if value is None or not self.contains(value):
            raise ValueError(self.refusal(text))
        return value

    def refusal(self, given: object) -> str:
        """Why ``given`` (the text spelt, or a value) is refused: the range in words."""
        return f"{self.key} ({self.help}) must be {self.range_text()}, got {given!r}"


@attrs.frozen
class AgentInfo:
    """What an agent is, in the game's words, and the parameters its spelling takes (the
    first, when there is one, is its budget: ``name:N``): what ``sintra play --help`` and
    ``sintra arena --help`` list for a game, and what
    :func:`~sintra_rules.agents.make_agent` checks.

    >>> info = AgentInfo("mcts", "the generic search",
    ...                  (Parameter("sims", "simulations", "simulations per move", 1, 9, 5),))
    >>> info.budget.key, info.spelling()
    ('sims', 'mcts:N')
    """

    name: str
    summary: str
    parameters: tuple[Parameter, ...] = ()

    @property
    def budget(self) -> Parameter | None:
        """The parameter ``name:N`` sets (the first), ``None`` for an agent without one."""
        return self.parameters[0] if self.parameters else None

    def parameter(self, key: str) -> Parameter | None:
        """The parameter spelt ``key``, or ``None``."""
        for parameter in self.parameters:
            if parameter.key == key:
                return parameter
        return None

    def spelling(self) -> str:
        """How the agent is named with its budget: ``mcts:N`` (``random`` without one)."""
        return self.name if self.budget is None else f"{self.name}:N"


class Rules(Protocol[S, A]):
    """The rules of a game: what agents, MCTS, the arena, perft and soak use."""

    @property
    def info(self) -> GameInfo:
        """The game's facts as data."""
        ...

    def start(
        self,
        num_players: int,
        /,
        *,
        seed: int | None = 0,
        options: Mapping[str, str] | None = None,
        sample: bool = True,
    ) -> S:
        """A new game. ``seed`` seeds the game's generator (``None``: no generator, every
        chance step waits for the caller); with ``sample=False`` the setup stops at its first
        chance step.

        Raises:
            ConfigurationError: a player count or an option the game does not take.
        """
        ...

    def options_of(self, state: S, /) -> Mapping[str, str]:
        """The options the game of ``state`` was started with, by name, as
        :meth:`GameInfo.options_for` gives them: every option that applies to its number of
        seats, none other (what a file that names a position's options is checked against)."""
        ...

    def legal_actions(self, state: S, /) -> Sequence[A]:
        """The legal actions of the seat to act, in canonical order; empty during a chance
        step and once the game is over."""
        ...

    def apply(self, state: S, action: A, /, *, sample: bool = True) -> S:
        """The position after ``action``. With ``sample`` (the default) every chance step that
        follows is decided by the state's generator; otherwise the result may wait for one.

        Raises:
            IllegalAction: naming the clause the action breaks; ``state`` is untouched (the
                game's end is reported so, or as :class:`~sintra_rules.errors.GameOver`).
        """
        ...

    def result(self, state: S, /) -> Result:
        """Scores, tie-break keys and winners of a finished game.

        Raises:
            GameNotOver: the game is not over.
        """
        ...

    def chance_outcomes(self, state: S, /) -> Sequence[tuple[int, Fraction]]:
        """The pending chance step's outcomes (integers in ``range(max_chance_outcomes)``,
        increasing) with their exact probabilities, summing to 1; empty when none is pending."""
        ...

    def apply_chance(self, state: S, outcome: int, /) -> S:
        """The position after the chance step's ``outcome`` (chosen by the caller).

        Raises:
            IllegalAction: no chance step is pending, or ``outcome`` is not one of its outcomes.
        """
        ...

    def sample_chance(self, state: S, /) -> S:
        """The position after the pending chance step, drawn from the state's generator."""
        ...

    def without_generator(self, state: S, /) -> S:
        """The same position with no generator (``rng`` ``None``)."""
        ...

    def determinize(self, state: S, seed: int, /, viewer: int | None = None) -> S:
        """The position with a fresh generator seeded by ``seed``, so that its future is not
        the real one; with a ``viewer`` seat, also everything hidden from that seat resampled
        consistently with what it has seen (OpenSpiel's ``resample_from_infostate``). A
        searcher plays ahead on this, never on the real state."""
        ...


class Encoded(Protocol[_S_contra, A]):
    """Fixed integer ids and observations: what the adapters and self-play use."""

    def facts(self, num_players: int, /, options: Mapping[str, str] | None = None) -> Facts:
        """The facts for ``num_players`` seats and ``options``.

        Raises:
            ConfigurationError: a player count or an option the game does not take.
        """
        ...

    def legal_ids(self, state: _S_contra, /) -> Sequence[int]:
        """The ids of :meth:`Rules.legal_actions`, in the same order (increasing)."""
        ...

    def action_to_id(self, state: _S_contra, action: A, /) -> int:
        """The action's id, in ``range(facts.num_actions)``."""
        ...

    def id_to_action(self, state: _S_contra, action_id: int, /) -> A:
        """The action with that id (legal or not).

        Raises:
            ActionIdError: an id outside the game's range.
        """
        ...

    def observe(self, state: _S_contra, seat: int, /) -> array[float]:
        """What ``seat`` sees, as ``facts.observation_size`` floats: never what is hidden
        from that seat, never the generator."""
        ...

    def observation_string(self, state: _S_contra, seat: int, /) -> str:
        """What ``seat`` sees, in words."""
        ...


class Written(Protocol[S, A]):
    """Text: what records, the command line and the docs use."""

    def action_to_text(self, state: S, action: A, /) -> str:
        """The action in the game's notation."""
        ...

    def action_from_text(self, state: S, text: str, /) -> A:
        """The action written ``text`` in ``state``.

        Raises:
            NotationError: naming the field and why.
        """
        ...

    def serialize(self, state: S, /) -> str:
        """The complete state (its generator included) as text that :meth:`deserialize`
        reads back to an equal state."""
        ...

    def deserialize(self, text: str, /) -> S:
        """The state :meth:`serialize` wrote.

        Raises:
            RecordError: malformed text, naming where.
        """
        ...

    def state_digest(self, state: S, /) -> str:
        """A digest of the complete state (equal states, equal digests)."""
        ...

    def render(self, state: S, /) -> str:
        """The text board."""
        ...


class Game(Rules[S, A], Encoded[S, A], Written[S, A], Protocol[S, A]):
    """What a registered game implements: :class:`Rules`, :class:`Encoded` and
    :class:`Written`."""


# ---------------------------------------------------------------------- optional capabilities


@runtime_checkable
class Positions(Protocol):
    """A one-line position notation (python-chess's FEN): typed, shown and explained."""

    def position_to_text(self, state: Any, /) -> str:
        """The position in one line."""
        ...

    def position_from_text(self, text: str, /) -> Any:
        """The position written ``text``.

        Raises:
            PositionError: naming the field, the character and the clause.
        """
        ...


@runtime_checkable
class Traced(Protocol):
    """The structured events (with clause IDs) an action fires."""

    def apply_traced(self, state: Any, action: Any, /) -> tuple[Any, tuple[Any, ...]]:
        """The position after ``action`` and the events it fired, in order."""
        ...


@runtime_checkable
class Explained(Protocol):
    """The clauses an action fires, or every clause it breaks, in words."""

    def explain(self, state: Any, action: Any | None = None, /) -> Any:
        """An explanation of ``action`` in ``state`` (without one, the legal actions)."""
        ...


@runtime_checkable
class Drawn(Protocol):
    """An SVG picture of a position."""

    def to_svg(self, state: Any, /) -> str:
        """The position as an SVG document."""
        ...


@runtime_checkable
class CommandLine(Protocol):
    """The game's own parts of the ``sintra`` command (:mod:`sintra_rules.cli`) beyond what
    the protocol and the other capabilities give every game: its board with the players'
    names, a game told in its own words, its records and component tables, its own soak."""

    def command_line(self) -> Any:
        """A :class:`sintra_rules.cli.hooks.GameCommands` for this game."""
        ...


@runtime_checkable
class ChanceWritten(Protocol):
    """A chance step's outcome in words (what OpenSpiel shows for a chance action)."""

    def chance_to_text(self, state: Any, outcome: int, /) -> str:
        """The outcome ``outcome`` of the chance step pending in ``state``, in words."""
        ...


class Player(Protocol):
    """A player: given a position where it is to act, it chooses one legal action."""

    name: str

    def choose(self, state: Any) -> Any:
        """One of the legal actions of ``state``."""
        ...


@runtime_checkable
class Played(Protocol):
    """The game's own built-in agents (beyond the generic ``random``) and its rollout
    policy for searches."""

    @property
    def agents(self) -> Mapping[str, Callable[[int], Player]]:
        """Agent factories by name, each taking a seed. A factory says what it is with an
        :class:`AgentInfo` as its attribute ``INFO`` (its summary in the game's words, for
        the command line's help); the parameters of that info (:class:`Parameter`) are the
        keywords it also takes (:func:`~sintra_rules.agents.make_agent`: ``name:N`` or
        ``name:key=N,...``), each checked against its range."""
        ...

    def rollout_action(self, state: Any, actions: Sequence[Any], draw: int, /) -> Any:
        """The action a search's playout takes among ``actions`` (``draw`` is a random
        64-bit integer the policy may use)."""
        ...


@runtime_checkable
class Searched(Protocol):
    """A fast search of the game's own (a compiled kernel): MCTS visit counts per legal id,
    played as the agent ``uct`` (:class:`~sintra_rules.mcts.UctAgent`) and self-play's default
    search, and what it is in the game's words (its :class:`AgentInfo`, whose budget is the
    ``simulations`` of :meth:`search_visits`)."""

    @property
    def search_info(self) -> AgentInfo:
        """The search as the agent ``uct``: its summary and its budget (key ``sims``, keyword
        ``simulations``) with what it counts and its range."""
        ...

    def search_visits(self, state: Any, simulations: int, seed: int, /) -> Sequence[int]:
        """Visit counts of a search of ``simulations`` from ``state``, one per legal id."""
        ...


@runtime_checkable
class Verified(Protocol):
    """The game's own invariants, which the soak (:mod:`sintra_rules.verify.soak`) checks at
    every step beyond the protocol's checks, and the game's own random policies for it.

    Both checks raise :class:`~sintra_rules.errors.InvariantBroken` naming the first broken
    invariant; a game without this capability is soaked with the protocol's checks alone.
    """

    @property
    def invariants(self) -> tuple[str, ...]:
        """The names of the invariants :meth:`check_state` and :meth:`check_step` check."""
        ...

    @property
    def soak_policies(self) -> Mapping[str, Callable[[Any, Sequence[Any]], Sequence[Any]]]:
        """Random policies beyond ``"uniform"``, by name: each narrows a position's legal
        actions to the pool a random game draws from uniformly (an empty pool: all of them)."""
        ...

    def check_state(self, state: Any, /) -> None:
        """Check every state invariant of ``state``.

        Raises:
            InvariantBroken: naming the invariant and what is wrong.
        """
        ...

    def check_step(self, before: Any, action: Any, after: Any, /) -> Mapping[str, int]:
        """Check every invariant of the step ``before -> after`` (``after`` is the position
        after ``action`` and every chance step that followed it).

        Returns:
            The rare events the step showed, counted by name (the soak adds them up).

        Raises:
            InvariantBroken: naming the invariant and what is wrong.
        """
        ...


@runtime_checkable
class Benched(Protocol):
    """Speed figures of the game's own (a compiled kernel), which the benchmark
    (:mod:`sintra_rules.verify.bench`) adds to the generic ones."""

    def bench(
        self, seconds: float, seed: int, out: Callable[[str], None] | None, /
    ) -> Mapping[str, object]:
        """Measure the game's own figures for about ``seconds`` CPU seconds a slice, printing
        them through ``out`` (``None``: nowhere); the figures JSON-ready, by name."""
        ...


@runtime_checkable
class Tabled(Protocol):
    """A game played on a component table whose figures have a provenance and may be
    provisional: another table read from a file, what a data file records about the table,
    and the note a command prints when the figures are provisional."""

    def on_table(self, path: str, /) -> Any:
        """The same game on the component table in the file ``path``.

        Raises:
            ComponentTableError: the file is not a valid component table.
        """
        ...

    def table_fields(self) -> Mapping[str, Any]:
        """What a data file (self-play lines) records about the table, by key, as JSON values."""
        ...

    def provisional_note(self) -> str | None:
        """The note for a command that prints scores, when the table holds provisional
        figures (``None`` when every figure is confirmed)."""


def _log_tuple(values: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(values)


@attrs.frozen
class GameLog:
    """A recorded game in the protocol's terms: what :class:`Recorded` reads and writes, and
    what the command line replays and shows.

    ``start`` is the position the game starts from (a seeded game: the state
    :meth:`Rules.start` gives, every chance step of its setup sampled). ``states[i]`` is the
    position after ``i`` actions and the chance outcomes that came right after them
    (``states[0]``: after the outcomes before the first action); ``outcomes[i]`` are those
    outcomes, each as :meth:`Rules.apply_chance` takes it (all empty in a game from a seed,
    whose generator decides them). ``seed`` and ``options`` start a seeded game (``None``: the
    game starts from a position). ``names`` are the players' names by seat (``None`` for an
    unnamed one, or none at all), ``tags`` other facts as (name, value) pairs, ``comments``
    (ply, text) pairs, a comment following the ply-th action (0: about the game). ``result``
    is the finished game's result, else ``None``; ``kind`` says what was read (``"game
    record"``, ``"text record"``); ``record`` is the game's own record object it was read
    from, if any, so that writing it back loses nothing.
    """

    start: Any
    states: tuple[Any, ...] = attrs.field(converter=_log_tuple)
    actions: tuple[Any, ...] = attrs.field(converter=_log_tuple)
    outcomes: tuple[tuple[int, ...], ...] = attrs.field(converter=_log_tuple)
    seed: int | None = None
    options: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_log_tuple)
    names: tuple[str | None, ...] = attrs.field(default=(), converter=_log_tuple)
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_log_tuple)
    comments: tuple[tuple[int, str], ...] = attrs.field(default=(), converter=_log_tuple)
    result: Result | None = None
    kind: str = "game record"
    record: Any = attrs.field(default=None, eq=False, repr=False)

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return int(self.start.num_players)

    def player_names(self) -> tuple[str, ...]:
        """The players' names by seat, ``Player N`` for an unnamed one."""
        given = self.names or (None,) * self.num_players
        return tuple(
            f"Player {seat + 1}" if name is None else name for seat, name in enumerate(given)
        )


@runtime_checkable
class Recorded(Protocol):
    """Game records: read from text (the game's JSON record or a text record a person writes
    at a table, told by their content) and written back, as a :class:`GameLog`."""

    def read_record(self, text: str, /) -> GameLog:
        """The game a record holds, replayed and checked.

        Raises:
            RecordError: naming the JSON path or the line, and why.
            PositionError: a record's starting position is not valid.
        """
        ...

    def write_record(self, log: GameLog, /, *, text: bool = False) -> str:
        """``log`` as the game's JSON record, or with ``text`` as a text record.

        Raises:
            RecordError: the log does not replay, or holds what the form cannot write.
        """
        ...


@attrs.frozen
class FileFormat:
    """One kind of file a game reads (:attr:`Recognised.file_formats`): ``kind``, one of
    :data:`FILE_KINDS`, and ``looks``, how its content shows it, in words (``one line
    starting 'sintra1'``), for a message that lists what a file may be."""

    kind: str
    looks: str


@attrs.frozen
class FileClaim:
    """What a game says of a text it takes for one of its files (:meth:`Recognised.claim_file`).

    ``kind`` is one of :data:`FILE_KINDS`; ``sign`` says, in words, what in the text shows it
    (``its tag [Sagrada "1"]``); ``named`` whether the text names the game (a position's first
    word, a JSON document's ``kind``, a text record's game tag or ``Position``) rather than only
    having its form (moves in the game's notation, a tag only the game uses). A claim that
    names its game outweighs one that does not.
    """

    kind: str
    sign: str
    named: bool = True


@runtime_checkable
class Recognised(Protocol):
    """Files that name their game: the kinds of file the game reads and which of them a text
    is, told by its content alone (tags or their absence, a position's first word, a JSON
    document's kind). :func:`sintra_rules.games.detect_file` asks every registered game, so that
    no generic module knows a game's formats."""

    @property
    def file_formats(self) -> tuple[FileFormat, ...]:
        """Every kind of file the game reads, with how its content shows it."""
        ...

    def claim_file(self, text: str, /) -> FileClaim | None:
        """What ``text`` (a file's content, or a position typed) is of the game's files, or
        ``None`` when nothing in it is the game's. Only the content's head and form are
        looked at: a claimed file may still be malformed (its reader says where)."""
        ...


@runtime_checkable
class Summarised(Protocol):
    """Where a game in progress is, in one line: what a replay of an unfinished record ends
    with (``The game is not over: ...``)."""

    def summary(self, state: Any, names: Sequence[str] | None = None, /) -> str:
        """One line on ``state``: where in the game it is, the scores so far where the game
        keeps them, and who is to act, the players called by ``names`` (default ``Player
        N``)."""
        ...


# ---------------------------------------------------------------------------------- helpers


def current_player(state: State) -> int:
    """The seat to act, :data:`CHANCE` during a chance step, :data:`TERMINAL` at the end.

    Args:
        state: any game's state.

    Returns:
        A seat number, or :data:`CHANCE` or :data:`TERMINAL`.
    """
    if state.is_over:
        return TERMINAL
    if state.chance is not None:
        return CHANCE
    return state.turn


def same_position(game: Rules[S, A], a: S, b: S) -> bool:
    """Whether two states are the same position for a player: equal once their generators
    are left out (``a == b`` also compares the generators).

    Args:
        game: the game of both states.
        a: a state.
        b: another state.

    Returns:
        Whether they are equal without their generators.
    """
    return game.without_generator(a) == game.without_generator(b)


def resolve_chance(game: Rules[S, A], state: S) -> S:
    """The state after every pending chance step, each drawn from the state's generator.

    Args:
        game: the state's game.
        state: any state.

    Returns:
        The first state at which a player is to act or the game is over.
    """
    while state.chance is not None and not state.is_over:
        state = game.sample_chance(state)
    return state


def win_shares(result: Result) -> tuple[float, ...]:
    """Each seat's share of the victory: 1 split among the winners, 0 for the others (all 0
    when nobody won, as in a lost solo game).

    Args:
        result: a finished game's result.

    Returns:
        One share per seat.
    """
    share = 1.0 / len(result.winners) if result.winners else 0.0
    return tuple(share if seat in result.winners else 0.0 for seat in range(len(result.scores)))


def log_game(
    game: Rules[S, A],
    num_players: int,
    actions: Sequence[A],
    *,
    seed: int,
    options: Mapping[str, str] | None = None,
    names: Sequence[str | None] = (),
    tags: Sequence[tuple[str, str]] = (),
    comments: Sequence[tuple[int, str]] = (),
) -> GameLog:
    """The :class:`GameLog` of a game played from ``seed`` (every chance step sampled): what a
    player or an agent played, ready for :meth:`Recorded.write_record`.

    Args:
        game: the game.
        num_players: the number of seats.
        actions: the actions, in order.
        seed: the seed of :meth:`Rules.start`.
        options: the game's options.
        names: the players' names by seat, or none.
        tags: other facts worth keeping.
        comments: (ply, text) pairs.

    Returns:
        The log, with every state and, once the game is over, its result.

    Raises:
        IllegalAction: an action is not legal where it comes.
    """
    state = game.start(num_players, seed=seed, options=options)
    states = [state]
    for action in actions:
        state = game.apply(state, action)
        states.append(state)
    return GameLog(
        start=states[0],
        states=states,
        actions=actions,
        outcomes=((),) * (len(actions) + 1),
        seed=seed,
        options=sorted((options or {}).items()),
        names=names,
        tags=tags,
        comments=comments,
        result=game.result(state) if state.is_over else None,
    )


def not_over_line(game: Rules[S, A], state: S, names: Sequence[str] | None = None) -> str:
    """What a told game that is not over ends with, the same words for every game: ``The game
    is not over:`` and the game's :meth:`Summarised.summary`, or, for a game without one, who
    is to act.

    Args:
        game: the state's game.
        state: a state of a game in progress.
        names: the players' names by seat (default ``Player N``).

    Returns:
        The line.

    >>> from sintra_rules import make
    >>> game = make("sagrada")
    >>> not_over_line(game, game.start(1, seed=3), ["Ann"])
    'The game is not over: Setup | Ann: 0 dice | Ann to choose a pattern'
    """
    if isinstance(game, Summarised):
        return f"The game is not over: {game.summary(state, names)}"
    seats = list(names) if names else [f"Player {seat + 1}" for seat in range(state.num_players)]
    if state.chance is not None:
        return "The game is not over: a chance step is pending"
    return f"The game is not over: {seats[state.turn]} to play"
