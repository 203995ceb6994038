"""A speed benchmark: uniformly random games for 2, 3 and 4 players, python-chess random
playouts for comparison, and the pickled size of a mid-game state.

Figures are printed, never asserted: they depend on the machine. Every game is seeded with
the project's SplitMix64 generator (ENG-02), so the same games are played on every machine and
only the timings differ. Run it with ``sintra bench`` or :func:`run_bench`.
"""

from __future__ import annotations

import pickle
import time
from collections.abc import Callable

import attrs

from sintra_rules.components import Side
from sintra_rules.rng import below, seed_state
from sintra_rules.rules import apply, legal_actions
from sintra_rules.setup import new_game
from sintra_rules.state import GameState

__all__ = [
    "TARGET_RATIO",
    "TARGET_STATE_BYTES",
    "BenchReport",
    "Rate",
    "mid_game_state",
    "random_game",
    "report_json",
    "run_bench",
]

#: Target: Sintra 2-player plies/s at least python-chess random-playout plies/s.
TARGET_RATIO = 1.0
#: Target: a pickled mid-game 4-player state is smaller than this many bytes.
TARGET_STATE_BYTES = 4096


@attrs.frozen
class Rate:
    """How many games and plies were played in how many seconds."""

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

    ``sintra`` maps the player count to its rate; ``chess`` is ``None`` when python-chess is
    not installed; ``state_bytes`` is the pickled size of a mid-game 4-player state; ``kernel``
    holds the figures of :func:`sintra_rules.kernel.bench.kernel_bench`.
    """

    seconds_per_config: float
    sintra: dict[int, Rate]
    chess: Rate | None
    chess_version: str | None
    state_bytes: int
    kernel: dict[str, object] = attrs.field(factory=dict)

    @property
    def ratio(self) -> float | None:
        """Sintra 2-player plies/s divided by chess plies/s, or ``None`` without chess."""
        if self.chess is None or not self.chess.plies_per_second:
            return None
        return self.sintra[2].plies_per_second / self.chess.plies_per_second


def random_game(
    num_players: int, side: Side, seed: int, keep: list[GameState] | None = None
) -> int:
    """Play one uniformly random game (every legal action equally likely, ENG-02, ENG-05)
    and return its number of plies; the positions before each ply are appended to ``keep``.

    >>> random_game(2, "A", seed=1) > 0
    True
    """
    state = new_game(num_players, side=side, seed=seed)
    rng = seed_state(seed)
    plies = 0
    while not state.is_over:
        actions = legal_actions(state)
        rng, index = below(rng, len(actions))
        if keep is not None:
            keep.append(state)
        state = apply(state, actions[index])
        plies += 1
    return plies


def _time_sintra(players: int, seconds: float, seed: int) -> Rate:
    """Random games for ``seconds`` (the last game is always finished), sides A and B
    alternating."""
    games = plies = 0
    start = time.perf_counter()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        side: Side = "A" if games % 2 == 0 else "B"
        plies += random_game(players, side, seed + games)
        games += 1
        elapsed = time.perf_counter() - start
    return Rate(games=games, plies=plies, seconds=elapsed)


def _time_chess(seconds: float, seed: int) -> tuple[Rate, str] | None:
    """Random python-chess playouts for ``seconds``: each move uniformly among
    ``board.legal_moves`` until ``board.is_game_over(claim_draw=False)``; ``None`` when
    python-chess is not installed."""
    try:
        import chess
    except ImportError:
        return None
    rng = seed_state(seed)
    games = plies = 0
    start = time.perf_counter()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            moves = list(board.legal_moves)
            rng, index = below(rng, len(moves))
            board.push(moves[index])
            plies += 1
        games += 1
        elapsed = time.perf_counter() - start
    return Rate(games=games, plies=plies, seconds=elapsed), str(chess.__version__)


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
) -> BenchReport:
    """Measure and print (through ``out``, unless ``None``) the benchmark's figures.

    For 2, 3 and 4 players: uniformly random games for about ``seconds_per_config`` seconds
    each, plies/s and games/s; python-chess random playouts for as long, its plies/s and the
    ratio of Sintra's 2-player plies/s to it (target ``>= 1.0``); the pickled size
    (``pickle.HIGHEST_PROTOCOL``) of a mid-game 4-player state (target ``< 4096`` bytes).
    """

    def say(line: str) -> None:
        if out is not None:
            out(line)

    say(
        f"sintra bench: uniformly random games, about {seconds_per_config:g} s per "
        "configuration, board sides A and B alternating"
    )
    rates: dict[int, Rate] = {}
    for players in (2, 3, 4):
        rate = _time_sintra(players, seconds_per_config, seed)
        rates[players] = rate
        say(
            f"sintra {players} players: {rate.plies_per_second:,.0f} plies/s, "
            f"{rate.games_per_second:,.1f} games/s ({rate.games} games, {rate.plies} plies "
            f"in {rate.seconds:.2f} s)"
        )
    timed = _time_chess(seconds_per_config, seed)
    chess_rate: Rate | None = None
    version: str | None = None
    if timed is None:
        say("python-chess is not installed: chess comparison skipped (pip install chess)")
    else:
        chess_rate, version = timed
        say(
            f"python-chess {version} random playouts: {chess_rate.plies_per_second:,.0f} "
            f"plies/s ({chess_rate.games} games, {chess_rate.plies} plies in "
            f"{chess_rate.seconds:.2f} s)"
        )
    state_bytes = len(pickle.dumps(mid_game_state(4, seed), protocol=pickle.HIGHEST_PROTOCOL))
    report = BenchReport(
        seconds_per_config=seconds_per_config,
        sintra=rates,
        chess=chess_rate,
        chess_version=version,
        state_bytes=state_bytes,
    )
    if report.ratio is not None:
        say(f"ratio sintra 2-player plies/s / chess plies/s: {report.ratio:.2f}")
        say(f"target: ratio >= {TARGET_RATIO:.1f}")
    say(f"pickled mid-game 4-player state: {state_bytes} bytes")
    say(f"target: < {TARGET_STATE_BYTES} bytes")
    from sintra_rules.kernel.bench import kernel_bench

    report.kernel.update(kernel_bench(seconds=seconds_per_config / 4, seed=seed, out=out))
    return report


def report_json(report: BenchReport) -> dict[str, object]:
    """The report as one JSON-ready object (``sintra bench --json``): plies/s per player
    count, python-chess plies/s, the reference ratio, the state size and the kernel's figures
    (among them ``compiled_playout_vs_chess``)."""
    return {
        "seconds_per_config": report.seconds_per_config,
        "plies_per_second": {str(n): r.plies_per_second for n, r in report.sintra.items()},
        "chess_version": report.chess_version,
        "reference_chess_plies_per_second": (
            None if report.chess is None else report.chess.plies_per_second
        ),
        "reference_vs_chess": report.ratio,
        "state_bytes": report.state_bytes,
        **report.kernel,
    }
