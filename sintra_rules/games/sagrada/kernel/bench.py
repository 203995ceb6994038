"""The core's benchmark figures, which ``sintra bench --game sagrada``
(:mod:`sintra_rules.verify.bench`) adds to the generic ones through Sagrada's
:class:`~sintra_rules.game.Benched` capability.

The workloads run in interleaved slices of CPU time (:func:`time.process_time`, with
:func:`sintra_rules.verify.bench.interleave`, the helper the reference figures use too), and
every ratio is the median of the per-round ratios, reported with their range: python-chess
random playouts, the reference engine's random 2-player games (``legal_actions`` and
``apply`` through the protocol) and the core's own playout loop (compiled when
:data:`sintra_rules.games.sagrada.kernel.COMPILED`) at every player count (the solo game's
difficulty 3, 1, 2, 4, 5 in turn), each game the same as the reference benchmark's game of
that seed. ``compiled_playout_vs_chess`` is the 2-player figure.

Bytes per state are measured, not estimated: the deep size of a mid-game 4-player position as
a reference state and as a core state. Figures are printed, never asserted: they depend on the
machine and its load, which is printed with them (the 1-minute load average before and after).
"""

from __future__ import annotations

import os
import statistics
import sys
import types
from collections.abc import Callable
from typing import Any

from sintra_rules.games.sagrada import kernel
from sintra_rules.games.sagrada.game import GAME
from sintra_rules.verify.bench import (
    Rate,
    Work,
    chess_plies,
    deep_size,
    interleave,
    mid_game_state,
    playout_plies,
    spread,
    state_size,
)

__all__ = ["CORE_TARGET", "SIZE_METHOD", "core_bench", "core_state_bytes"]

#: Target (issue 32): compiled random 2-player playouts at this many times python-chess
#: plies/s (the speed per game of a C++ engine with the full rules).
CORE_TARGET = 24.0
#: How bytes per state are measured (printed with the figures).
SIZE_METHOD = (
    "deep sys.getsizeof: every object the state holds, each once, without the component table "
    "and the core's tables (shared by all states), None, booleans and the small ints Python "
    "caches"
)


def _core_playouts(core: types.ModuleType, players: int, seed: int) -> Work:
    """The core's playout loop, one game per item: game ``g`` seeded ``seed + g``, solo with
    the difficulties in the benchmark's turn."""
    tables = kernel.tables_for(None, core)
    levels = [3, 1, 2, 4, 5] if players == 1 else [-1]
    games = 0
    while True:
        level = [levels[games % len(levels)]]
        played: int = core.play_random_games(tables, players, level, seed + games, 1)
        games += 1
        yield played, 1


def core_state_bytes(k: Any) -> int:
    """The bytes a core position holds: the position object and :func:`deep_size` of its
    fields (the generator's two halves included), without its ``tables`` (shared by every
    state), ``None``, booleans and the small ints CPython caches.

    Args:
        k: a ``KState`` of either build.

    Returns:
        The size in bytes.
    """
    names = [name for name in kernel.load_core("interpreted").KState.__annotations__]
    fields = [getattr(k, name) for name in names if name not in ("tables", "rng")]
    fields += [k.rng.hi, k.rng.lo]
    return sys.getsizeof(k) + deep_size(fields) - sys.getsizeof(fields)


def _median(rates: list[Rate]) -> float:
    return statistics.median(r.plies_per_second for r in rates)


def core_bench(
    seconds: float = 0.5,
    rounds: int = 5,
    seed: int = 0,
    out: Callable[[str], None] | None = print,
) -> dict[str, object]:
    """Measure and print (through ``out``, unless ``None``) the core's figures.

    Args:
        seconds: CPU seconds per slice.
        rounds: how many times the slices alternate.
        seed: the first game's seed (below ``2**61``).
        out: where the lines go, or ``None``.

    Returns:
        One JSON-ready object: ``core`` (``"compiled"`` or ``"interpreted"``);
        ``compiled_playout_vs_chess`` (2 players; ``None`` when the core is not compiled or
        python-chess is missing, then ``interpreted_playout_vs_chess``) with
        ``<key>_range``; ``core_playout_vs_chess_by_players`` (per player count: median,
        lowest, highest); ``core_playout_vs_reference`` (2 players) with its range; the median
        rates ``core_plies_per_second`` (per player count), ``reference_plies_per_second`` and
        ``chess_plies_per_second``; bytes per state ``reference_state_bytes`` and
        ``core_state_bytes`` (mid-game, 4 players) measured by ``state_bytes_method``;
        ``load_average`` (the 1-minute load average before and after).
    """

    def say(line: str) -> None:
        if out is not None:
            out(line)

    load = [os.getloadavg()[0]]
    core = kernel.core
    mode = "compiled" if kernel.COMPILED else "interpreted"
    counts = GAME.info.player_counts
    workloads: dict[str, Work] = {
        f"core {players}": _core_playouts(core, players, seed) for players in counts
    }
    workloads["reference"] = playout_plies(GAME, 2, seed)
    chess = chess_plies(seed)
    if chess is not None:
        workloads["chess"] = chess
    coarse = {f"core {players}": 1 for players in counts}
    slices = interleave(workloads, rounds, seconds, clock_every=coarse)
    state = mid_game_state(4, seed, game=GAME)
    reference_bytes = state_size(state, GAME.start(4, seed=seed + 1)).deep
    core_bytes = core_state_bytes(kernel.to_core(state, core))
    load.append(os.getloadavg()[0])
    result: dict[str, object] = {
        "core": mode,
        "core_rounds": rounds,
        "core_slice_seconds": seconds,
        "core_plies_per_second": {
            str(players): _median(slices[f"core {players}"]) for players in counts
        },
        "reference_plies_per_second": _median(slices["reference"]),
        "chess_plies_per_second": _median(slices["chess"]) if chess is not None else None,
        "reference_state_bytes": reference_bytes,
        "core_state_bytes": core_bytes,
        "state_bytes_method": SIZE_METHOD,
        "compiled_playout_vs_chess": None,
        "load_average": load,
    }
    say(
        f"core ({mode}), {rounds} rounds of {seconds:g} s CPU slices, interleaved (ratios: "
        "median of the rounds, with their range):"
    )
    for players in counts:
        say(
            f"  core playout loop, {players} player{'s' if players > 1 else ''}: "
            f"{_median(slices[f'core {players}']):,.0f} plies/s"
        )
    say(f"  reference API (legal_actions, apply), 2 players: {_median(slices['reference']):,.0f}")
    median, low, high = spread(slices["core 2"], slices["reference"])
    result["core_playout_vs_reference"] = median
    result["core_playout_vs_reference_range"] = [low, high]
    say(f"  core_playout_vs_reference (2 players): {median:.1f}x (range {low:.1f}-{high:.1f})")
    if chess is None:
        say("  python-chess is not installed: no ratios to chess (pip install chess)")
    else:
        say(f"  python-chess random playouts: {_median(slices['chess']):,.0f} plies/s")
        by_players = {
            str(players): list(spread(slices[f"core {players}"], slices["chess"]))
            for players in counts
        }
        result["core_playout_vs_chess_by_players"] = by_players
        median, low, high = by_players["2"]
        name = "compiled_playout_vs_chess" if kernel.COMPILED else "interpreted_playout_vs_chess"
        result[name] = median
        result[f"{name}_range"] = [low, high]
        say(f"  {name} (2 players): {median:.1f}x (range {low:.1f}-{high:.1f})")
        for count, (m, lo, hi) in by_players.items():
            if count != "2":
                seats = "1 player (solo)" if count == "1" else f"{count} players"
                say(f"  core vs chess, {seats}: {m:.1f}x (range {lo:.1f}-{hi:.1f})")
        if kernel.COMPILED:
            say(f"  target: compiled_playout_vs_chess >= {CORE_TARGET:g}")
        else:
            say(
                "  the core is not compiled here (pip install . with a C compiler, or python "
                "-m sintra_rules.games.sagrada.kernel.build in a checkout): "
                "compiled_playout_vs_chess is null"
            )
    say(
        f"bytes per state (mid-game, 4 players): reference {reference_bytes:,}, core "
        f"{core_bytes:,} ({SIZE_METHOD})"
    )
    say(f"load average (1 minute) before and after: {load[0]:.1f}, {load[1]:.1f}")
    return result
