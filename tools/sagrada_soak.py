"""Run Sagrada's soak and print its throughput (until ``sintra soak --game sagrada`` lands).

A development tool, run from a checkout::

    python -m tools.sagrada_soak --games 10000 [--seed 0] [--workers K]

It plays :func:`sintra_rules.games.sagrada.verify.soak.run_soak`'s games (1 to 4 players, the
solo game at 1 to 5 tools, uniform and eager random play), with every invariant and the oracle
checked at every step, and prints the report: games, decisions, seconds, games per second, the
events seen and every failure with the expression that reproduces it. Exit status 1 when a game
failed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from sintra_rules.games.sagrada.verify.soak import run_soak


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options, run the soak and print its summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the soak's seed (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="local processes (default 1)")
    args = parser.parse_args(argv)
    step = max(args.games // 20, 1)

    def progress(done: int, total: int) -> None:
        if done % step == 0 or done == total:
            print(f"  {done}/{total} games", file=sys.stderr, flush=True)

    report = run_soak(args.games, args.seed, workers=args.workers, progress=progress)
    print(report.summary())
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
