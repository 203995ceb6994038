"""Sagrada's strength figures (issue 24), with the generic agents (:mod:`sintra_rules.agents`).

``sintra arena --game sagrada`` now plays the same games (the strength table of
``docs/sagrada/index.md`` uses it, solo lines with ``--tools``); this script remains for its
own seeding:

* ``python tools/sagrada_strength.py duel A B --games N [--first K]``: N 2-player games, game
  k with seed k, agent A in seat ``k % 2`` (the seats rotated), each agent seeded from the game;
  prints A's wins with the 95% Wilson interval, the mean scores and A's mean seconds per
  decision;
* ``python tools/sagrada_strength.py solo A --games N``: N solo games at each difficulty 1 to 5
  (option ``tools``), seeds 0 to N - 1; prints how many beat the target score (SOLO-07).

The figures depend on the seeds only (the agents are deterministic for a seed); the seconds
depend on the machine.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

from sintra_rules.agents import Agent, make_agent, play_game
from sintra_rules.games import make


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


class _Timed:
    """An agent that adds the time of its decisions to ``seconds``."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, state: Any) -> Any:
        started = time.perf_counter()
        action = self.agent.choose(state)
        self.seconds += time.perf_counter() - started
        self.decisions += 1
        return action


def duel(a: str, b: str, games: int, first: int = 0) -> str:
    """A against B over ``games`` seat-rotated 2-player games from seed ``first``."""
    game = make("sagrada")
    wins = 0
    scores = [0, 0]
    seconds = 0.0
    decisions = 0
    for k in range(first, first + games):
        seat = k % 2
        names = [a, b] if seat == 0 else [b, a]
        timed = [_Timed(make_agent(n, 100 * k + i, game=game)) for i, n in enumerate(names)]
        played = play_game(timed, game=game, seed=k)
        wins += seat in played.result.winners
        scores[0] += played.result.scores[seat]
        scores[1] += played.result.scores[1 - seat]
        seconds += timed[seat].seconds
        decisions += timed[seat].decisions
    low, high = wilson(wins, games)
    return (
        f"{a} vs {b}: {games} games (seeds {first}-{first + games - 1}), {a} wins {wins} "
        f"({100 * wins / games:.1f}%, 95% interval {100 * low:.1f}-{100 * high:.1f}%), "
        f"mean scores {scores[0] / games:.1f} vs {scores[1] / games:.1f}, "
        f"{a}: {1000 * seconds / max(decisions, 1):.1f} ms per decision"
    )


def solo(a: str, games: int) -> list[str]:
    """``a`` alone at each difficulty: how many of ``games`` games beat the target."""
    game = make("sagrada")
    lines = []
    for tools in "12345":
        won = total = 0
        for k in range(games):
            played = play_game(
                [make_agent(a, k, game=game)], game=game, seed=k, options={"tools": tools}
            )
            won += bool(played.result.winners)
            total += played.result.scores[0]
        lines.append(
            f"{a} solo, difficulty {tools}: {won}/{games} beat the target "
            f"(mean score {total / games:.1f})"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    """Command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    d = sub.add_parser("duel")
    d.add_argument("a")
    d.add_argument("b")
    d.add_argument("--games", type=int, required=True)
    d.add_argument("--first", type=int, default=0)
    s = sub.add_parser("solo")
    s.add_argument("a")
    s.add_argument("--games", type=int, required=True)
    args = parser.parse_args(argv)
    if args.mode == "duel":
        print(duel(args.a, args.b, args.games, args.first))
    else:
        print("\n".join(solo(args.a, args.games)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
