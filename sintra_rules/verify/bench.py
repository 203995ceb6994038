"""A speed benchmark: uniformly random games for 2, 3 and 4 players, python-chess random
playouts for comparison, and the pickled size of a mid-game state.

Figures are printed, never asserted: they depend on the machine. Every game is seeded with
the project's SplitMix64 generator (ENG-02), so the same games are played on every machine and
only the timings differ. Run it with ``sintra bench`` or :func:`run_bench`.

The workloads are interleaved in one process: round after round, each one runs for a short
slice of CPU time (:func:`time.process_time`, so other processes on the machine do not count),
in an order that rotates every round. The comparison with python-chess is the median of the
per-round ratios, reported with their range: machine noise moves single slices, not the median,
and the range shows how much it moved them.
"""

from __future__ import annotations

import pickle
import statistics
import time
from collections.abc import Callable, Iterator

import attrs

from sintra_rules.agents import playout
from sintra_rules.games.sintra.components import Side
from sintra_rules.games.sintra.setup import new_game
from sintra_rules.games.sintra.state import GameState
from sintra_rules.interrupts import check_interrupt
from sintra_rules.rng import below, seed_state

__all__ = [
    "SLICE_SECONDS",
    "TARGET_RATIO",
    "TARGET_STATE_BYTES",
    "BenchReport",
    "Rate",
    "Work",
    "chess_plies",
    "interleave",
    "mid_game_state",
    "random_game",
    "reference_plies",
    "report_json",
    "run_bench",
    "spread",
]

#: A workload: an endless iterator, each item one unit of work done, as ``(units, games)``:
#: the plies (or simulations) it did and the games it finished.
Work = Iterator[tuple[int, int]]

#: Target: Sintra 2-player plies/s at least python-chess random-playout plies/s.
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
class BenchReport:
    """Everything one :func:`run_bench` measured.

    ``sintra`` maps the player count to its rate over all its slices; ``chess`` is ``None``
    when python-chess is not installed; ``ratios`` holds, per round, Sintra's 2-player plies/s
    divided by python-chess's in the same round; ``state_bytes`` is the pickled size of a
    mid-game 4-player state; ``kernel`` holds the figures of
    :func:`sintra_rules.games.sintra.kernel.bench.kernel_bench`.
    """

    seconds_per_config: float
    sintra: dict[int, Rate]
    chess: Rate | None
    chess_version: str | None
    state_bytes: int
    ratios: tuple[float, ...] = ()
    kernel: dict[str, object] = attrs.field(factory=dict)

    @property
    def ratio(self) -> float | None:
        """The median of :attr:`ratios`, or ``None`` without chess."""
        return statistics.median(self.ratios) if self.ratios else None


def random_game(
    num_players: int, side: Side, seed: int, keep: list[GameState] | None = None
) -> int:
    """Play one uniformly random game (every legal action equally likely, ENG-02, ENG-05)
    and return its number of plies; the positions before each ply are appended to ``keep``.

    >>> random_game(2, "A", seed=1) > 0
    True
    """
    plies = 0
    for ply in playout(new_game(num_players, side=side, seed=seed), seed):
        if keep is not None:
            keep.append(ply.before)
        plies += 1
    return plies


def reference_plies(players: int, seed: int) -> Work:
    """Endless uniformly random games (sides A and B alternating) through the reference API
    (``legal_actions`` and ``apply``): one item per ply.

    Args:
        players: 2, 3 or 4.
        seed: the first game's seed (game ``g`` is seeded ``seed + g``).

    Returns:
        The workload.
    """
    games = 0
    while True:
        side: Side = "A" if games % 2 == 0 else "B"
        for ply in playout(new_game(players, side=side, seed=seed + games), seed + games):
            yield 1, ply.after.is_over
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


def mid_game_state(num_players: int = 4, seed: int = 0) -> GameState:
    """The position about half-way through a uniformly random game.

    >>> state = mid_game_state()
    >>> len(state.players), 1 < state.round < 6
    (4, True)
    """
    states: list[GameState] = []
    random_game(num_players, "A", seed, keep=states)
    return states[len(states) // 2]


def run_bench(
    seconds_per_config: float = 2.0,
    seed: int = 0,
    out: Callable[[str], None] | None = print,
    progress: Callable[[int, int], None] | None = None,
) -> BenchReport:
    """Measure and print (through ``out``, unless ``None``) the benchmark's figures.

    Uniformly random games for 2, 3 and 4 players and python-chess random playouts, each for
    about ``seconds_per_config`` CPU seconds in all, interleaved in slices of
    :data:`SLICE_SECONDS` (at least 5 rounds); plies/s and games/s of each; the median and the
    range of the per-round ratios of Sintra's 2-player plies/s to python-chess's (target
    ``>= 1.0``); the pickled size (``pickle.HIGHEST_PROTOCOL``) of a mid-game 4-player state
    (target ``< 4096`` bytes).

    Args:
        seconds_per_config: CPU seconds for each workload, all its slices together.
        seed: the seed of the first game of each workload.
        out: where the lines go (``None``: nowhere).
        progress: called as ``progress(done, rounds)`` before the first round and after each.

    Returns:
        The figures, as printed.
    """

    def say(line: str) -> None:
        if out is not None:
            out(line)

    rounds = max(5, round(seconds_per_config / SLICE_SECONDS))
    slice_seconds = seconds_per_config / rounds
    say(
        f"sintra bench: uniformly random games, {rounds} rounds of {slice_seconds * 1000:.0f} ms "
        "CPU slices per workload, interleaved; board sides A and B alternating"
    )
    workloads: dict[str, Work] = {
        f"sintra {players}": reference_plies(players, seed) for players in (2, 3, 4)
    }
    chess = chess_plies(seed)
    if chess is not None:
        workloads["chess"] = chess
    slices = interleave(workloads, rounds, slice_seconds, progress)
    rates = {players: _total(slices[f"sintra {players}"]) for players in (2, 3, 4)}
    for players, rate in rates.items():
        say(
            f"sintra {players} players: {rate.plies_per_second:,.0f} plies/s, "
            f"{rate.games_per_second:,.1f} games/s ({rate.games} games, {rate.plies} plies "
            f"in {rate.seconds:.2f} s CPU)"
        )
    chess_rate: Rate | None = None
    version: str | None = None
    ratios: tuple[float, ...] = ()
    if chess is None:
        say("python-chess is not installed: chess comparison skipped (pip install chess)")
    else:
        import chess as chess_module

        version = str(chess_module.__version__)
        chess_rate = _total(slices["chess"])
        say(
            f"python-chess {version} random playouts: {chess_rate.plies_per_second:,.0f} "
            f"plies/s ({chess_rate.games} games, {chess_rate.plies} plies in "
            f"{chess_rate.seconds:.2f} s CPU)"
        )
        ratios = tuple(
            ours.plies_per_second / theirs.plies_per_second
            for ours, theirs in zip(slices["sintra 2"], slices["chess"], strict=True)
        )
    state_bytes = len(pickle.dumps(mid_game_state(4, seed), protocol=pickle.HIGHEST_PROTOCOL))
    report = BenchReport(
        seconds_per_config=seconds_per_config,
        sintra=rates,
        chess=chess_rate,
        chess_version=version,
        state_bytes=state_bytes,
        ratios=ratios,
    )
    if report.ratio is not None:
        say(
            f"ratio sintra 2-player plies/s / chess plies/s: {report.ratio:.2f} (median of "
            f"{len(ratios)} rounds, range {min(ratios):.2f} to {max(ratios):.2f})"
        )
        say(f"target: ratio >= {TARGET_RATIO:.1f}")
    say(f"pickled mid-game 4-player state: {state_bytes} bytes")
    say(f"target: < {TARGET_STATE_BYTES} bytes")
    from sintra_rules.games.sintra.kernel.bench import kernel_bench

    report.kernel.update(kernel_bench(seconds=seconds_per_config / 4, seed=seed, out=out))
    return report


def report_json(report: BenchReport) -> dict[str, object]:
    """The report as one JSON-ready object (``sintra bench --json``): plies/s per player
    count, python-chess plies/s, the reference ratio (the median of the interleaved rounds)
    with its range, the state size and the kernel's figures (among them
    ``compiled_playout_vs_chess``)."""
    return {
        "seconds_per_config": report.seconds_per_config,
        "plies_per_second": {str(n): r.plies_per_second for n, r in report.sintra.items()},
        "chess_version": report.chess_version,
        "reference_chess_plies_per_second": (
            None if report.chess is None else report.chess.plies_per_second
        ),
        "reference_vs_chess": report.ratio,
        "reference_vs_chess_range": [min(report.ratios), max(report.ratios)]
        if report.ratios
        else None,
        "state_bytes": report.state_bytes,
        **report.kernel,
    }
