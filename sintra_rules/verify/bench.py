"""A speed benchmark for any game: uniformly random games at every player count, python-chess
random playouts for comparison, and the size of a mid-game state.

Figures are printed, never asserted: they depend on the machine. Every game is seeded with
the project's SplitMix64 generator (ENG-02), so the same games are played on every machine and
only the timings differ. Run it with ``sintra bench`` or :func:`run_bench`; a game with speed
figures of its own (:class:`~sintra_rules.game.Benched`: Sintra's compiled kernel,
:func:`sintra_rules.games.sintra.kernel.bench.kernel_bench`) adds them.

The workloads are interleaved in one process: round after round, each one runs for a short
slice of CPU time (:func:`time.process_time`, so other processes on the machine do not count),
in an order that rotates every round. The comparison with python-chess is the median of the
per-round ratios, reported with their range: machine noise moves single slices, not the median,
and the range shows how much it moved them.

A state's size is given twice: pickled, and as the bytes it holds in memory (:func:`deep_size`),
every object it reaches counted once, leaving out what every state of the game shares (the
objects a fresh game of another seed reaches too, as Sintra's component table): those are
reported apart, counted once.
"""

from __future__ import annotations

import pickle
import statistics
import sys
import time
import types
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs

from sintra_rules._words import plural
from sintra_rules.game import Benched, Game
from sintra_rules.games import make
from sintra_rules.interrupts import check_interrupt
from sintra_rules.rng import below, seed_state
from sintra_rules.verify._plays import random_plies
from sintra_rules.verify.api import configurations

__all__ = [
    "SLICE_SECONDS",
    "TARGET_RATIO",
    "TARGET_STATE_BYTES",
    "BenchReport",
    "Rate",
    "StateSize",
    "Work",
    "chess_plies",
    "deep_size",
    "interleave",
    "mid_game_state",
    "playout_plies",
    "random_game",
    "report_json",
    "run_bench",
    "spread",
    "state_size",
]

#: A workload: an endless iterator, each item one unit of work done, as ``(units, games)``:
#: the plies (or simulations) it did and the games it finished.
Work = Iterator[tuple[int, int]]

#: Target of a game that declares none (:attr:`~sintra_rules.game.GameInfo.speed_target`): a
#: game's plies/s at every player count at least python-chess random-playout plies/s.
TARGET_RATIO = 1.0
#: Target: a pickled mid-game 4-player state is smaller than this many bytes.
TARGET_STATE_BYTES = 4096
#: CPU seconds of one slice of one workload.
SLICE_SECONDS = 0.05


@attrs.frozen
class Rate:
    """How many games and plies were played in how many CPU seconds."""

    games: int
    plies: int
    seconds: float

    @property
    def plies_per_second(self) -> float:
        """Plies (actions or moves) per second."""
        return self.plies / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_second(self) -> float:
        """Complete games per second."""
        return self.games / self.seconds if self.seconds > 0 else 0.0


@attrs.frozen
class StateSize:
    """The size of one state: ``pickled`` bytes (``pickle.HIGHEST_PROTOCOL``), the bytes it
    holds in memory (``deep``, :func:`deep_size` without what every state shares) and the
    bytes of what every state shares (``shared``, counted once)."""

    pickled: int
    deep: int
    shared: int


@attrs.frozen
class BenchReport:
    """Everything one :func:`run_bench` measured.

    ``rates`` maps the player count to its rate over all its slices; ``chess`` is ``None``
    when python-chess is not installed; ``ratios`` holds, per round, the game's plies/s at its
    smallest player count divided by python-chess's in the same round; ``state_bytes`` is the
    pickled size of a mid-game state at the largest player count and ``size`` all its sizes;
    ``extra`` holds the game's own figures (:class:`~sintra_rules.game.Benched`; Sintra:
    :func:`sintra_rules.games.sintra.kernel.bench.kernel_bench`); ``by_players`` the same
    comparison at every player count, as :func:`spread` gives it (median, lowest, highest).
    """

    seconds_per_config: float
    rates: dict[int, Rate]
    chess: Rate | None
    chess_version: str | None
    state_bytes: int
    ratios: tuple[float, ...] = ()
    extra: dict[str, object] = attrs.field(factory=dict)
    game: str = "sintra"
    size: StateSize | None = None
    by_players: dict[int, tuple[float, float, float]] = attrs.field(factory=dict)

    @property
    def ratio(self) -> float | None:
        """The median of :attr:`ratios`, or ``None`` without chess."""
        return statistics.median(self.ratios) if self.ratios else None


def random_game(
    num_players: int,
    options: Mapping[str, str] | None = None,
    seed: int = 0,
    keep: list[Any] | None = None,
    *,
    game: Game[Any, Any] | None = None,
) -> int:
    """Play one uniformly random game (every legal action equally likely, ENG-02, ENG-05)
    and return its number of plies; the positions before each ply are appended to ``keep``.

    Args:
        num_players: the number of seats.
        options: the game's options (default: all at their defaults).
        seed: the seed of the game and of its draws.
        keep: where to append the position before each ply.
        game: the game (default: Sintra).

    Returns:
        The number of plies.

    >>> random_game(2, {"side": "A"}, seed=1) > 0
    True
    """
    rules = make("sintra") if game is None else game
    plies = 0
    start = rules.start(num_players, seed=seed, options=options)
    for before, _, _ in random_plies(rules, start, seed):
        if keep is not None:
            keep.append(before)
        plies += 1
    return plies


def playout_plies(game: Game[Any, Any], num_players: int, seed: int) -> Work:
    """Endless uniformly random games through the game's protocol (``legal_actions`` and
    ``apply``), one item per ply; game ``g`` is seeded ``seed + g`` and takes the options of
    the ``g``-th configuration of that player count, in turn
    (:func:`sintra_rules.verify.api.configurations`; Sintra: sides A and B alternating).

    Args:
        game: the game.
        num_players: the number of seats.
        seed: the first game's seed.

    Returns:
        The workload.
    """
    configs = [options for _, options in configurations(game, [num_players])]
    games = 0
    while True:
        options = configs[games % len(configs)]
        start = game.start(num_players, seed=seed + games, options=options)
        for _, _, after in random_plies(game, start, seed + games):
            yield 1, after.is_over
        games += 1


def chess_plies(seed: int) -> Work | None:
    """Endless python-chess random playouts (each move uniformly among ``board.legal_moves``
    until ``board.is_game_over(claim_draw=False)``, drawn by SplitMix64, ENG-02), one item per
    move; ``None`` when python-chess is not installed.

    Args:
        seed: the seed of the move draws.

    Returns:
        The workload, or ``None``.
    """
    try:
        import chess
    except ImportError:
        return None

    def moves() -> Work:
        rng = seed_state(seed)
        while True:
            board, over = chess.Board(), False
            while not over:
                legal = list(board.legal_moves)
                rng, index = below(rng, len(legal))
                board.push(legal[index])
                over = board.is_game_over(claim_draw=False)
                yield 1, over

    return moves()


def _slice(work: Work, seconds: float, clock_every: int) -> Rate:
    """Pull items for ``seconds`` of CPU time (at least one item; the clock read every
    ``clock_every`` items)."""
    count = games = items = 0
    start = time.process_time()
    elapsed = 0.0
    while items == 0 or elapsed < seconds:
        check_interrupt()  # a Ctrl-C held back while compiled work ran is raised here
        units, finished = next(work)
        count += units
        games += finished
        items += 1
        if items % clock_every == 0:
            elapsed = time.process_time() - start
    return Rate(games=games, plies=count, seconds=time.process_time() - start)


def interleave(
    workloads: dict[str, Work],
    rounds: int,
    seconds: float,
    progress: Callable[[int, int], None] | None = None,
    clock_every: dict[str, int] | None = None,
) -> dict[str, list[Rate]]:
    """Run the workloads in interleaved slices of CPU time (:func:`time.process_time`): round
    after round each runs for ``seconds``, in an order that rotates every round, so that
    machine noise reaches them alike; ratios of two workloads are then taken round by round.

    Args:
        workloads: the workloads by name.
        rounds: how many rounds.
        seconds: CPU seconds of one slice.
        progress: called as ``progress(done, rounds)`` before the first round and after each.
        clock_every: per workload, the items between two reads of the clock (default 8).

    Returns:
        Each workload's rate in each round, by name.
    """
    names = list(workloads)
    every = clock_every or {}
    slices: dict[str, list[Rate]] = {name: [] for name in names}
    if progress is not None:
        progress(0, rounds)
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            slices[name].append(_slice(workloads[name], seconds, every.get(name, 8)))
        if progress is not None:
            progress(r + 1, rounds)
    return slices


def spread(ours: list[Rate], theirs: list[Rate]) -> tuple[float, float, float]:
    """The per-round ratios of two workloads' rates from :func:`interleave`: their median,
    minimum and maximum.

    Args:
        ours: the numerator's rates, round by round.
        theirs: the denominator's rates, the same rounds.

    Returns:
        ``(median, low, high)`` of ``ours[r].plies_per_second / theirs[r].plies_per_second``.
    """
    ratios = [a.plies_per_second / b.plies_per_second for a, b in zip(ours, theirs, strict=True)]
    return statistics.median(ratios), min(ratios), max(ratios)


def _total(rates: list[Rate]) -> Rate:
    return Rate(
        games=sum(r.games for r in rates),
        plies=sum(r.plies for r in rates),
        seconds=sum(r.seconds for r in rates),
    )


def mid_game_state(
    num_players: int | None = None, seed: int = 0, *, game: Game[Any, Any] | None = None
) -> Any:
    """The position about half-way through a uniformly random game with the default options.

    Args:
        num_players: the number of seats (default: the largest the game takes).
        seed: the game's seed.
        game: the game (default: Sintra).

    Returns:
        The position before the middle ply of the game.

    >>> state = mid_game_state()
    >>> len(state.players), 1 < state.round < 6
    (4, True)
    """
    rules = make("sintra") if game is None else game
    players = max(rules.info.player_counts) if num_players is None else num_players
    states: list[Any] = []
    random_game(players, None, seed, keep=states, game=rules)
    return states[len(states) // 2]


def _reachable(value: object) -> dict[int, object]:
    """Every object ``value`` holds, by id: through attrs fields, tuples, lists, sets, dicts
    and the ``__dict__`` and ``__slots__`` of other objects; leaving out ``None``, booleans,
    the small ints CPython caches, and classes, modules and functions."""
    seen: dict[int, object] = {}
    stack = [value]
    while stack:
        item = stack.pop()
        if (
            id(item) in seen
            or item is None
            or isinstance(item, bool | type | types.ModuleType | types.FunctionType)
            or (type(item) is int and -5 <= item <= 256)
        ):
            continue
        seen[id(item)] = item
        if isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif attrs.has(type(item)):
            cls: Any = type(item)
            stack.extend(getattr(item, f.name) for f in attrs.fields(cls))
        elif not isinstance(item, str | bytes | int | float | complex):
            stack.extend(getattr(item, "__dict__", {}).values())
            for klass in type(item).__mro__:
                for name in getattr(klass, "__slots__", ()):
                    if hasattr(item, name):
                        stack.append(getattr(item, name))
    return seen


def deep_size(value: object, shared: object = None) -> int:
    """The bytes ``value`` holds: :func:`sys.getsizeof` summed over every object it reaches
    (through attrs fields, containers and object attributes), each object once, leaving out
    every object ``shared`` reaches too, ``None``, booleans and the small ints CPython caches.

    Args:
        value: a state (or any value).
        shared: a value whose objects are not counted (those every state shares).

    Returns:
        The size in bytes.

    >>> big = 2**40
    >>> deep_size((big, big, 7, None)) == sys.getsizeof((big, big, 7, None)) + sys.getsizeof(big)
    True
    >>> deep_size((big, "x"), shared=[big]) == sys.getsizeof((big, "x")) + sys.getsizeof("x")
    True
    """
    leave_out = _reachable(shared) if shared is not None else {}
    return sum(sys.getsizeof(o) for i, o in _reachable(value).items() if i not in leave_out)


def state_size(state: Any, other: Any) -> StateSize:
    """The sizes of ``state``, what it shares with ``other`` (a state of another game, so
    what every state shares) counted apart.

    Args:
        state: the state to measure.
        other: a state of an unrelated game (another seed).

    Returns:
        Its pickled size, its deep size without the shared objects, and theirs.
    """
    mine, theirs = _reachable(state), _reachable(other)
    return StateSize(
        pickled=len(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)),
        deep=sum(sys.getsizeof(o) for i, o in mine.items() if i not in theirs),
        shared=sum(sys.getsizeof(o) for i, o in mine.items() if i in theirs),
    )


def run_bench(
    seconds_per_config: float = 2.0,
    seed: int = 0,
    out: Callable[[str], None] | None = print,
    progress: Callable[[int, int], None] | None = None,
    *,
    game: Game[Any, Any] | None = None,
) -> BenchReport:
    """Measure and print (through ``out``, unless ``None``) the benchmark's figures.

    Uniformly random games at every player count of the game and python-chess random
    playouts, each for about ``seconds_per_config`` CPU seconds in all, interleaved in slices
    of :data:`SLICE_SECONDS` (at least 5 rounds); plies/s and games/s of each; the median and
    the range of the per-round ratios of the game's plies/s at its smallest player count to
    python-chess's (target: the game's :attr:`~sintra_rules.game.GameInfo.speed_target`),
    then the same at its other player counts; the sizes of
    a mid-game state at its largest player count (pickled: target ``< 4096`` bytes); then the
    game's own figures, if it has any (:class:`~sintra_rules.game.Benched`).

    Args:
        seconds_per_config: CPU seconds for each workload, all its slices together.
        seed: the seed of the first game of each workload.
        out: where the lines go (``None``: nowhere).
        progress: called as ``progress(done, rounds)`` before the first round and after each.
        game: the game (default: Sintra).

    Returns:
        The figures, as printed.
    """

    def say(line: str) -> None:
        if out is not None:
            out(line)

    rules = make("sintra") if game is None else game
    name = rules.info.name
    counts = rules.info.player_counts
    rounds = max(5, round(seconds_per_config / SLICE_SECONDS))
    slice_seconds = seconds_per_config / rounds
    alternating = "; ".join(
        f"{option.name} {', '.join(option.values)}" for option in rules.info.options
    )
    alternating = f"; options in turn: {alternating}" if alternating else ""
    say(
        f"sintra bench: {rules.info.title}, uniformly random games, {rounds} rounds of "
        f"{slice_seconds * 1000:.0f} ms CPU slices per workload, interleaved{alternating}"
    )
    workloads: dict[str, Work] = {
        f"{name} {players}": playout_plies(rules, players, seed) for players in counts
    }
    chess = chess_plies(seed)
    if chess is not None:
        workloads["chess"] = chess
    slices = interleave(workloads, rounds, slice_seconds, progress)
    rates = {players: _total(slices[f"{name} {players}"]) for players in counts}
    for players, rate in rates.items():
        say(
            f"{name} {plural(players, 'player')}: {rate.plies_per_second:,.0f} plies/s, "
            f"{rate.games_per_second:,.1f} games/s ({plural(rate.games, 'game')}, "
            f"{plural(rate.plies, 'ply', 'plies')} in {rate.seconds:.2f} s CPU)"
        )
    chess_rate: Rate | None = None
    version: str | None = None
    ratios: tuple[float, ...] = ()
    by_players: dict[int, tuple[float, float, float]] = {}
    fewest, most = min(counts), max(counts)
    if chess is None:
        say("python-chess is not installed: chess comparison skipped (pip install chess)")
    else:
        import chess as chess_module

        version = str(chess_module.__version__)
        chess_rate = _total(slices["chess"])
        say(
            f"python-chess {version} random playouts: {chess_rate.plies_per_second:,.0f} "
            f"plies/s ({plural(chess_rate.games, 'game')}, "
            f"{plural(chess_rate.plies, 'ply', 'plies')} in "
            f"{chess_rate.seconds:.2f} s CPU)"
        )
        ratios = tuple(
            ours.plies_per_second / theirs.plies_per_second
            for ours, theirs in zip(slices[f"{name} {fewest}"], slices["chess"], strict=True)
        )
        by_players = {
            players: spread(slices[f"{name} {players}"], slices["chess"]) for players in counts
        }
    other = rules.start(most, seed=seed + 1)
    size = state_size(mid_game_state(most, seed, game=rules), other)
    report = BenchReport(
        seconds_per_config=seconds_per_config,
        rates=rates,
        chess=chess_rate,
        chess_version=version,
        state_bytes=size.pickled,
        ratios=ratios,
        game=name,
        size=size,
        by_players=by_players,
    )
    if report.ratio is not None:
        say(
            f"ratio {name} {fewest}-player plies/s / chess plies/s: {report.ratio:.2f} (median "
            f"of {len(ratios)} rounds, range {min(ratios):.2f} to {max(ratios):.2f})"
        )
        say(f"target: ratio >= {rules.info.speed_target:.1f}")
        for players, (median, low, high) in by_players.items():
            if players != fewest:
                say(
                    f"ratio {name} {players}-player plies/s / chess plies/s: {median:.2f} "
                    f"(median of {len(ratios)} rounds, range {low:.2f} to {high:.2f})"
                )
    say(f"pickled mid-game {most}-player state: {size.pickled} bytes")
    say(f"target: < {TARGET_STATE_BYTES} bytes")
    say(
        f"mid-game {most}-player state in memory: {size.deep:,} bytes (deep size), and "
        f"{size.shared:,} bytes every state shares, counted once"
    )
    if isinstance(rules, Benched):
        report.extra.update(rules.bench(seconds_per_config / 4, seed, out))
    return report


def report_json(report: BenchReport) -> dict[str, object]:
    """The report as one JSON-ready object (``sintra bench --json``): the game, plies/s per
    player count, python-chess plies/s, the reference ratio (the median of the interleaved
    rounds) with its range, the same per player count (``reference_vs_chess_by_players``:
    median, lowest, highest), the state sizes and the game's own figures (Sintra: the
    kernel's, among them ``compiled_playout_vs_chess``).

    Args:
        report: a report of :func:`run_bench`.

    Returns:
        The object.
    """
    size = report.size
    return {
        "game": report.game,
        "seconds_per_config": report.seconds_per_config,
        "plies_per_second": {str(n): r.plies_per_second for n, r in report.rates.items()},
        "chess_version": report.chess_version,
        "reference_chess_plies_per_second": (
            None if report.chess is None else report.chess.plies_per_second
        ),
        "reference_vs_chess": report.ratio,
        "reference_vs_chess_range": [min(report.ratios), max(report.ratios)]
        if report.ratios
        else None,
        "reference_vs_chess_by_players": {
            str(n): list(figures) for n, figures in report.by_players.items()
        },
        "state_bytes": report.state_bytes,
        "state_deep_bytes": None if size is None else size.deep,
        "state_shared_bytes": None if size is None else size.shared,
        **report.extra,
    }
