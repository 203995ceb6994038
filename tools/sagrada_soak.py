"""Run the soak of Sagrada and print its throughput (what ``sintra soak --game sagrada`` runs).

A development tool, run from a checkout::

    python -m tools.sagrada_soak --games 10000 [--seed 0] [--workers K]

It plays :func:`sintra_rules.verify.soak.run_soak` with ``game=make("sagrada")``: 1 to 4
players with every solo difficulty, uniform and eager random play (Sagrada's soak policy),
every chance step drawn one by one, the protocol's checks and Sagrada's 17 invariants against
its independent oracle at every step (``Verified``, :mod:`sintra_rules.games.sagrada.verify`).
It prints the soak's report and the wall-clock time and games per second. Exit status 1 when a
game failed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from sintra_rules.games import make
from sintra_rules.verify.soak import run_soak


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options, run the soak and print its summary and throughput."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the soak's seed (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="local processes (default 1)")
    args = parser.parse_args(argv)
    step = max(args.games // 20, 1)

    def progress(done: int, total: int) -> None:
        if done % step == 0 or done == total:
            print(f"  {done}/{total} games", file=sys.stderr, flush=True)

    started = time.perf_counter()
    report = run_soak(
        args.games, args.seed, game=make("sagrada"), workers=args.workers, progress=progress
    )
    seconds = time.perf_counter() - started
    print(report.summary())
    rate = args.games / seconds if seconds else 0.0
    print(f"  {seconds:.1f} s wall clock, {rate:.2f} games/s with {args.workers} worker(s)")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
