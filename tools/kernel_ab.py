"""Compare the playout speed of two compiled kernel builds, before and after a change.

A development tool, not part of the wheel. Two builds of
``sintra_rules/games/sintra/kernel/core.py`` cannot be loaded in one process (they share the module
name), so each slice runs in its own process: round after round, each build plays 2-player random
games (:func:`core.play_random_games`, sides alternating) for a slice of CPU time
(:func:`time.process_time`), the order alternating every round; the result is the median of the
per-round ratios ``after / before`` with their range, as ``sintra bench`` reports its ratios. Build
the two kernels first, e.g.::

    git worktree add /tmp/before HEAD~1
    (cd /tmp/before && python -m sintra_rules.games.sintra.kernel.build)   # prints .../core.<ext>
    python -m sintra_rules.games.sintra.kernel.build                        # this checkout's build
    python -m tools.kernel_ab BEFORE_FOLDER AFTER_FOLDER [--rounds 6] [--seconds 1]

where each folder is the ``build/kernel/<key>`` directory holding
``sintra_rules/games/sintra/kernel/``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence

__all__ = ["CHILD", "main", "rate"]

#: The program one slice runs: load the compiled kernel of ``argv[1]``, play for ``argv[2]``
#: CPU seconds from seed ``argv[3]`` and print plies per second.
CHILD = r"""
import importlib.util, pathlib, sys, time
import sintra_rules.games.sintra.kernel as kernel
where = pathlib.Path(sys.argv[1]) / "sintra_rules" / "games" / "sintra" / "kernel"
(so,) = [p for p in where.glob("core.*") if p.suffix in (".so", ".pyd")]
kernel.__path__.insert(0, str(where))
spec = importlib.util.spec_from_file_location("sintra_rules.games.sintra.kernel.core", so)
core = importlib.util.module_from_spec(spec)
sys.modules["sintra_rules.games.sintra.kernel.core"] = core
spec.loader.exec_module(core)
tables = kernel.tables_for(None, core)
seconds, seed = float(sys.argv[2]), int(sys.argv[3])
plies = games = 0
start = time.process_time()
while True:
    plies += core.play_random_games(tables, 2, seed + games, 1, games % 2)
    games += 1
    elapsed = time.process_time() - start
    if elapsed >= seconds:
        break
print(plies / elapsed)
"""


def rate(folder: str, seconds: float, seed: int) -> float:
    """One slice in a fresh process: the plies/s of the compiled kernel in ``folder``.

    Args:
        folder: a kernel build folder (``build/kernel/<key>``).
        seconds: CPU seconds of the slice.
        seed: the first game's seed.

    Returns:
        Plies per CPU second.
    """
    env = {**os.environ, "SINTRA_KERNEL": "interpreted"}  # the package keeps out of the way
    done = subprocess.run(
        [sys.executable, "-c", CHILD, folder, str(seconds), str(seed)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return float(done.stdout)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the comparison.

    Args:
        argv: ``BEFORE AFTER [--rounds N] [--seconds S]`` (default ``sys.argv[1:]``).

    Returns:
        0.
    """
    parser = argparse.ArgumentParser(prog="python -m tools.kernel_ab", description=__doc__)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args(argv)
    ratios: list[float] = []
    before: list[float] = []
    after: list[float] = []
    for r in range(args.rounds):
        order = [args.before, args.after] if r % 2 == 0 else [args.after, args.before]
        rates = {folder: rate(folder, args.seconds, 1000 * r) for folder in order}
        before.append(rates[args.before])
        after.append(rates[args.after])
        ratios.append(after[-1] / before[-1])
    print(
        f"before {statistics.median(before):,.0f} plies/s, after {statistics.median(after):,.0f}"
        f" plies/s: after / before {statistics.median(ratios):.3f} (median of {args.rounds} "
        f"rounds of {args.seconds:g} s CPU, range {min(ratios):.3f}-{max(ratios):.3f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
