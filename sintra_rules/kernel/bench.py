"""The kernel's benchmark figures, called by ``sintra bench`` (:mod:`sintra_rules.verify.bench`).

Slices of CPU time (:func:`time.process_time`) alternate between python-chess random playouts,
the kernel's own playout loop (compiled when :data:`sintra_rules.kernel.COMPILED`) and the
kernel driven ply by ply from Python; each round gives a ratio to the chess slice next to it,
and the figures are the median ratio and its range over the rounds. Figures are printed, never
asserted: they depend on the machine and its load.
"""

from __future__ import annotations

import statistics
import time
import types
from collections.abc import Callable

from sintra_rules import kernel
from sintra_rules.rng import below, seed_state

__all__ = ["KERNEL_TARGET", "kernel_bench"]

#: Target: compiled random playouts (2 players) at this many times python-chess plies/s.
KERNEL_TARGET = 5.0


def _chess_slice(seconds: float, seed: int) -> float | None:
    """python-chess random playouts (each move uniformly among ``board.legal_moves`` until
    ``board.is_game_over(claim_draw=False)``) for ``seconds`` of CPU time: plies/s, or
    ``None`` without python-chess."""
    try:
        import chess
    except ImportError:
        return None
    rng = seed_state(seed)
    plies = 0
    start = time.process_time()
    while True:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            moves = list(board.legal_moves)
            rng, index = below(rng, len(moves))
            board.push(moves[index])
            plies += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return plies / elapsed


def _playout_slice(core: types.ModuleType, seconds: float, seed: int) -> float:
    """The kernel's playout loop, 2 players, sides alternating, one game per call: plies/s."""
    tables = kernel.tables_for(None, core)
    plies = games = 0
    start = time.process_time()
    while True:
        played: int = core.play_random_games(tables, 2, seed + games, 1, games % 2)
        plies += played
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return plies / elapsed


def _python_slice(core: types.ModuleType, seconds: float, seed: int) -> float:
    """The kernel driven from a Python loop (``legal_ids`` and ``step`` per ply): plies/s."""
    tables = kernel.tables_for(None, core)
    legal_ids, step = core.legal_ids, core.step
    plies = games = 0
    start = time.process_time()
    while True:
        game_seed = seed + games
        hi, lo = game_seed >> 32, game_seed & 0xFFFFFFFF
        k = core.deal(tables, 2, games % 2 == 1, hi, lo)
        chooser = core.Rng(hi, lo)
        while k.indicator:
            ids = legal_ids(k)
            step(k, ids[chooser.below(len(ids))])
            plies += 1
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return plies / elapsed


def _mcts_slice(core: types.ModuleType, seconds: float, seed: int) -> float:
    """The kernel's search (``core.uct``, 100 simulations per call) from the set-up of a
    2-player game: simulations per second."""
    k = core.deal(kernel.tables_for(None, core), 2, False, 0, seed & 0xFFFFFFFF)
    searcher = core.Rng(1, seed & 0xFFFFFFFF)
    simulations = 0
    start = time.process_time()
    while True:
        core.uct(k, 100, searcher, 1.4)
        simulations += 100
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return simulations / elapsed


def _spread(values: list[float]) -> tuple[float, float, float]:
    return statistics.median(values), min(values), max(values)


def kernel_bench(
    seconds: float = 0.5,
    rounds: int = 5,
    seed: int = 0,
    out: Callable[[str], None] | None = print,
) -> dict[str, object]:
    """Measure and print (through ``out``, unless ``None``) the kernel's figures.

    Args:
        seconds: CPU seconds per slice.
        rounds: how many times the three slices alternate.
        seed: the first game's seed (below ``2**61``).
        out: where the lines go, or ``None``.

    Returns:
        One JSON-ready object: ``kernel`` (``"compiled"`` or ``"interpreted"``), the median
        plies/s of each slice, ``compiled_playout_vs_chess`` (the median per-round ratio of the
        kernel's playout loop to python-chess plies/s; ``None`` when the kernel is not compiled
        or python-chess is missing) with ``compiled_playout_vs_chess_range`` ``[min, max]``,
        and the same for ``kernel_from_python_vs_chess`` and, when not compiled,
        ``interpreted_playout_vs_chess``; ``kernel_mcts_simulations_per_second``.
    """

    def say(line: str) -> None:
        if out is not None:
            out(line)

    core = kernel.core
    mode = "compiled" if kernel.COMPILED else "interpreted"
    chess_rates: list[float] = []
    playout: list[float] = []
    python: list[float] = []
    playout_ratios: list[float] = []
    python_ratios: list[float] = []
    for r in range(rounds):
        chess_rate = _chess_slice(seconds, seed + r)
        playout.append(_playout_slice(core, seconds, seed + 1000 * r))
        python.append(_python_slice(core, seconds, seed + 1000 * r))
        if chess_rate is not None:
            chess_rates.append(chess_rate)
            playout_ratios.append(playout[-1] / chess_rate)
            python_ratios.append(python[-1] / chess_rate)
    mcts_rate = _mcts_slice(core, seconds, seed)
    result: dict[str, object] = {
        "kernel": mode,
        "kernel_rounds": rounds,
        "kernel_slice_seconds": seconds,
        "kernel_playout_plies_per_second": statistics.median(playout),
        "kernel_from_python_plies_per_second": statistics.median(python),
        "chess_plies_per_second": statistics.median(chess_rates) if chess_rates else None,
        "kernel_mcts_simulations_per_second": mcts_rate,
    }
    name = "compiled_playout_vs_chess" if kernel.COMPILED else "interpreted_playout_vs_chess"
    result["compiled_playout_vs_chess"] = None
    say(
        f"kernel ({mode}), 2 players, {rounds} rounds of {seconds:g} s CPU slices interleaved "
        "with python-chess:"
    )
    say(f"  kernel playout loop: {statistics.median(playout):,.0f} plies/s (median)")
    say(f"  kernel from Python: {statistics.median(python):,.0f} plies/s (median)")
    say(
        f"  kernel search (UCT, random playouts, from a 2-player set-up): {mcts_rate:,.0f} "
        "simulations/s"
    )
    if not chess_rates:
        say("  python-chess is not installed: no ratios (pip install chess)")
        return result
    for key, ratios in ((name, playout_ratios), ("kernel_from_python_vs_chess", python_ratios)):
        median, low, high = _spread(ratios)
        result[key] = median
        result[f"{key}_range"] = [low, high]
        say(f"  {key}: {median:.1f}x (range {low:.1f}-{high:.1f})")
    if kernel.COMPILED:
        say(f"  target: compiled_playout_vs_chess >= {KERNEL_TARGET:g}")
    else:
        say(
            "  the kernel is not compiled here (pip install . with a C compiler, or python -m "
            "sintra_rules.kernel.build in a checkout): compiled_playout_vs_chess is null"
        )
    return result
