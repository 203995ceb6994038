"""The kernel's benchmark figures, which ``sintra bench`` (:mod:`sintra_rules.verify.bench`) adds
to the generic ones through Sintra's :class:`~sintra_rules.game.Benched` capability.

Two sets of workloads run in interleaved slices of CPU time (:func:`time.process_time`, with
:func:`sintra_rules.verify.bench.interleave`, the helper the reference figures use too), and
every ratio is the median of the per-round ratios, reported with their range:

* random 2-player games (sides alternating): python-chess random playouts, the reference API
  path (``legal_actions`` and ``apply``), the kernel driven ply by ply from Python
  (``legal_ids`` and ``step``) and the kernel's own playout loop (compiled when
  :data:`sintra_rules.games.sintra.kernel.COMPILED`), in plies per second;
* search from the set-up of a 2-player game, in simulations per second: the reference
  :class:`~sintra_rules.mcts.MctsAgent` (heuristic simulations) and the kernel's ``uct``
  (uniformly random simulations).

Bytes per state are measured, not estimated: :func:`deep_size` of a mid-game 4-player
position, as a reference state and as a kernel state. Figures are printed, never asserted:
they depend on the machine and its load.
"""

from __future__ import annotations

import statistics
import sys
import types
from collections.abc import Callable
from typing import Any

import attrs

from sintra_rules.games.sintra import kernel
from sintra_rules.games.sintra.components import ComponentTable
from sintra_rules.games.sintra.game import GAME
from sintra_rules.games.sintra.setup import new_game
from sintra_rules.mcts import MctsAgent
from sintra_rules.verify.bench import (
    Rate,
    Work,
    chess_plies,
    interleave,
    mid_game_state,
    playout_plies,
    spread,
)

__all__ = ["KERNEL_TARGET", "MCTS_TARGET", "deep_size", "kernel_bench"]

#: Target: compiled random playouts (2 players) at this many times python-chess plies/s
#: (issue 32; the first target was 5).
KERNEL_TARGET = 20.0
#: Target: kernel search simulations/s at this many times the reference MctsAgent's.
MCTS_TARGET = 5.0
#: How bytes per state are measured (printed with the figures).
SIZE_METHOD = (
    "deep sys.getsizeof: every object the state holds, each once, without the component table "
    "(shared by all states), None, booleans and the small ints Python caches"
)


def _kernel_playouts(core: types.ModuleType, seed: int) -> Work:
    """The kernel's playout loop, 2 players, sides alternating, one game per item."""
    tables = kernel.tables_for(None, core)
    games = 0
    while True:
        played: int = core.play_random_games(tables, 2, seed + games, 1, games % 2)
        games += 1
        yield played, 1


def _kernel_from_python(core: types.ModuleType, seed: int) -> Work:
    """The kernel driven from a Python loop (``legal_ids`` and ``step`` per ply), the same
    games as :func:`_kernel_playouts`, one game per item."""
    tables = kernel.tables_for(None, core)
    legal_ids, step = core.legal_ids, core.step
    games = 0
    while True:
        game_seed = seed + games
        hi, lo = game_seed >> 32, game_seed & 0xFFFFFFFF
        k = core.deal(tables, 2, games % 2 == 1, hi, lo)
        chooser = core.Rng(hi, lo)
        plies = 0
        while k.indicator:
            ids = legal_ids(k)
            step(k, ids[chooser.below(len(ids))])
            plies += 1
        games += 1
        yield plies, 1


def _kernel_search(core: types.ModuleType, seed: int) -> Work:
    """The kernel's search (``core.uct``, 50 simulations per item) from a 2-player set-up."""
    k = core.deal(kernel.tables_for(None, core), 2, False, seed >> 32, seed & 0xFFFFFFFF)
    searcher = core.Rng(1, seed & 0xFFFFFFFF)
    while True:
        core.uct(k, 50, searcher, 1.4)
        yield 50, 0


def _reference_search(seed: int) -> Work:
    """The reference :class:`~sintra_rules.mcts.MctsAgent` (10 simulations per item) from the
    same 2-player set-up."""
    state = new_game(2, side="A", seed=seed)
    agent = MctsAgent(seed=seed, simulations=10)
    while True:
        agent.choose(state)
        assert agent.last_search is not None
        yield agent.last_search.simulations, 0


def deep_size(value: object) -> int:
    """The bytes a state holds: :func:`sys.getsizeof` summed over every object reachable from
    ``value`` through attrs fields, kernel state attributes, tuples, lists and dicts, each
    object once, leaving out component tables and kernel ``Tables`` (shared by every state),
    ``None``, booleans and the small ints CPython caches (shared by everything).

    Args:
        value: a reference :class:`~sintra_rules.games.sintra.state.GameState` or a kernel
            ``KState``.

    Returns:
        The size in bytes.

    >>> big = 2**40
    >>> deep_size((big, big, 7, None)) == sys.getsizeof((big, big, 7, None)) + sys.getsizeof(big)
    True
    """
    names = list(kernel.load_core("interpreted").KState.__annotations__)
    seen: set[int] = set()
    stack = [value]
    total = 0
    while stack:
        item = stack.pop()
        if (
            id(item) in seen
            or item is None
            or isinstance(item, bool | ComponentTable)
            or (type(item) is int and -5 <= item <= 256)
            or type(item).__name__ == "Tables"
        ):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, tuple | list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif attrs.has(type(item)):
            cls: Any = type(item)
            stack.extend(getattr(item, f.name) for f in attrs.fields(cls))
        elif type(item).__name__ == "KState":
            stack.extend(getattr(item, name) for name in names)
        elif type(item).__name__ == "Rng":
            stack.extend((item.hi, item.lo))  # type: ignore[attr-defined]
    return total


def _ratio(result: dict[str, object], key: str, ours: list[Rate], theirs: list[Rate]) -> str:
    median, low, high = spread(ours, theirs)
    result[key] = median
    result[f"{key}_range"] = [low, high]
    return f"  {key}: {median:.1f}x (range {low:.1f}-{high:.1f})"


def _median(rates: list[Rate]) -> float:
    return statistics.median(r.plies_per_second for r in rates)


def kernel_bench(
    seconds: float = 0.5,
    rounds: int = 5,
    seed: int = 0,
    out: Callable[[str], None] | None = print,
) -> dict[str, object]:
    """Measure and print (through ``out``, unless ``None``) the kernel's figures.

    Args:
        seconds: CPU seconds per slice.
        rounds: how many times the slices alternate.
        seed: the first game's seed (below ``2**61``).
        out: where the lines go, or ``None``.

    Returns:
        One JSON-ready object: ``kernel`` (``"compiled"`` or ``"interpreted"``); the median
        rates ``chess_plies_per_second``, ``reference_plies_per_second``,
        ``kernel_from_python_plies_per_second``, ``kernel_playout_plies_per_second``,
        ``reference_mcts_simulations_per_second`` and ``kernel_mcts_simulations_per_second``;
        ratios (the median per-round ratio, with ``<key>_range`` ``[min, max]``):
        ``compiled_playout_vs_chess`` (``None`` when the kernel is not compiled or
        python-chess is missing; then ``interpreted_playout_vs_chess``),
        ``kernel_from_python_vs_chess``, ``kernel_playout_vs_reference``,
        ``kernel_from_python_vs_reference`` and ``kernel_mcts_vs_reference``; bytes per
        state ``reference_state_bytes`` and ``kernel_state_bytes`` (mid-game, 4 players)
        measured by ``state_bytes_method``.
    """

    def say(line: str) -> None:
        if out is not None:
            out(line)

    core = kernel.core
    mode = "compiled" if kernel.COMPILED else "interpreted"
    workloads: dict[str, Work] = {
        "reference": playout_plies(GAME, 2, seed),
        "kernel from Python": _kernel_from_python(core, seed),
        "kernel playout": _kernel_playouts(core, seed),
    }
    chess = chess_plies(seed)
    if chess is not None:
        workloads["chess"] = chess
    coarse = {"kernel from Python": 1, "kernel playout": 1}
    plies = interleave(workloads, rounds, seconds, clock_every=coarse)
    search = interleave(
        {"reference": _reference_search(seed), "kernel": _kernel_search(core, seed)},
        rounds,
        seconds,
        clock_every={"reference": 1, "kernel": 1},
    )
    state = mid_game_state(4, seed, game=GAME)
    reference_bytes = deep_size(state)
    kernel_bytes = deep_size(kernel.to_kernel(state, core))
    result: dict[str, object] = {
        "kernel": mode,
        "kernel_rounds": rounds,
        "kernel_slice_seconds": seconds,
        "reference_plies_per_second": _median(plies["reference"]),
        "kernel_from_python_plies_per_second": _median(plies["kernel from Python"]),
        "kernel_playout_plies_per_second": _median(plies["kernel playout"]),
        "chess_plies_per_second": _median(plies["chess"]) if chess is not None else None,
        "reference_mcts_simulations_per_second": _median(search["reference"]),
        "kernel_mcts_simulations_per_second": _median(search["kernel"]),
        "reference_state_bytes": reference_bytes,
        "kernel_state_bytes": kernel_bytes,
        "state_bytes_method": SIZE_METHOD,
        "compiled_playout_vs_chess": None,
    }
    say(
        f"kernel ({mode}), 2 players, {rounds} rounds of {seconds:g} s CPU slices, interleaved "
        "(ratios: median of the rounds, with their range):"
    )
    for name, key in (
        ("reference API (legal_actions, apply)", "reference"),
        ("kernel from Python (legal_ids, step)", "kernel from Python"),
        ("kernel playout loop", "kernel playout"),
    ):
        say(f"  {name}: {_median(plies[key]):,.0f} plies/s")
    say(
        _ratio(
            result,
            "kernel_from_python_vs_reference",
            plies["kernel from Python"],
            plies["reference"],
        )
    )
    say(_ratio(result, "kernel_playout_vs_reference", plies["kernel playout"], plies["reference"]))
    if chess is None:
        say("  python-chess is not installed: no ratios to chess (pip install chess)")
    else:
        say(f"  python-chess random playouts: {_median(plies['chess']):,.0f} plies/s")
        name = "compiled_playout_vs_chess" if kernel.COMPILED else "interpreted_playout_vs_chess"
        say(_ratio(result, name, plies["kernel playout"], plies["chess"]))
        say(
            _ratio(
                result, "kernel_from_python_vs_chess", plies["kernel from Python"], plies["chess"]
            )
        )
        if kernel.COMPILED:
            say(f"  target: compiled_playout_vs_chess >= {KERNEL_TARGET:g}")
        else:
            say(
                "  the kernel is not compiled here (pip install . with a C compiler, or python "
                "-m sintra_rules.games.sintra.kernel.build in a checkout): "
                "compiled_playout_vs_chess is null"
            )
    say(
        "search from a 2-player set-up: reference MctsAgent (heuristic simulations) "
        f"{_median(search['reference']):,.0f} simulations/s, kernel uct (random simulations) "
        f"{_median(search['kernel']):,.0f} simulations/s"
    )
    say(_ratio(result, "kernel_mcts_vs_reference", search["kernel"], search["reference"]))
    say(f"  target: kernel_mcts_vs_reference >= {MCTS_TARGET:g}")
    say(
        f"bytes per state (mid-game, 4 players): reference {reference_bytes:,}, kernel "
        f"{kernel_bytes:,} ({SIZE_METHOD})"
    )
    return result
