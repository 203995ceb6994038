"""An arena: seat-rotated games between agents, with win rates, scores and Elo ratings.

``sintra arena AGENT AGENT... --games N [--workers K | --ray [ADDRESS]] [--seed S] [--side A|B]
[--quiet]``
plays ``N`` games with one seat per agent (2 to 4 agents) and prints, per agent, the games
played, the wins, the win rate with its 95% Wilson interval, the mean final score with its
standard error, an Elo rating and the mean process time per move.

**Agents** are written ``NAME`` or ``NAME:KEY=VALUE,...``: ``random``, ``greedy``
(:mod:`sintra_rules.agents`), and ``mcts`` (:class:`~sintra_rules.mcts.MctsAgent`) with
``sims=N`` (simulations per move, default 1000), ``seconds=T`` (process time per move),
``c=X`` (exploration) and ``eps=P`` (simulation randomness): ``mcts:sims=200`` or
``mcts:seconds=1``.

**Games.** Game ``g`` (from 0) is dealt from seed ``S + g // n`` for ``n`` agents, and the agents
are rotated over the seats: the agent listed ``k``-th (from 0) sits in seat ``(k + g) mod n``. So
each deal is played ``n`` times, once with every agent in every seat, which cancels the
advantage of a seat and of a lucky deal. Agent ``k`` of game ``g`` is seeded with
``S * 1000003 + g * 64 + k``, so the results are the same whatever ``--workers`` or ``--ray``
(:mod:`sintra_rules.distributed`) is, unless an agent has a time budget.

**Wins.** A shared victory (WIN-03) counts ``1 / w`` for each of its ``w`` winners. The 95%
interval is Wilson's score interval for the win rate, ``z = 1.96``.

**Elo.** Every game gives a result for every pair of agents in it: the one ranked higher by the
final score with the tie-break (WIN-01, WIN-02) wins, equal ranks draw. Ratings are the
Bradley-Terry maximum-likelihood strengths of those pairwise results (minorisation-maximisation,
Hunter 2004), with one virtual draw added between every pair so that a perfect record still gets
a finite rating, on the Elo scale (``400 * log10`` of the strength) with the first agent listed
at 0. The expected score of A against B is then ``1 / (1 + 10 ** ((elo_B - elo_A) / 400))``.

>>> report = run_arena(["greedy", "random"], games=4, seed=1)
>>> [row.name for row in report.rows], report.rows[0].games
(['greedy', 'random'], 4)
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence

import attrs

from sintra_rules._options import MAX_GAMES, whole_number
from sintra_rules._progress import Progress
from sintra_rules._terminal import output_width
from sintra_rules.agents import Agent, GreedyAgent, RandomAgent
from sintra_rules.distributed import (
    Ray,
    add_fan_out_options,
    capped_workers,
    fan_out,
    ray_from_args,
)
from sintra_rules.games.sintra.components import (
    ComponentTable,
    Side,
    default_components,
    load_components,
)
from sintra_rules.games.sintra.render import wrap_text
from sintra_rules.games.sintra.rules import apply
from sintra_rules.games.sintra.scoring import outcome
from sintra_rules.games.sintra.setup import new_game
from sintra_rules.interrupts import deferred_interrupts
from sintra_rules.mcts import MctsAgent
from sintra_rules.rng import MASK64

__all__ = [
    "ArenaReport",
    "ArenaRow",
    "bradley_terry_elo",
    "configure_parser",
    "make_arena_agent",
    "run_arena",
    "wilson_interval",
]

_Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = _Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95% for the default ``z``).

    Args:
        successes: the number of successes (may be fractional: shared wins).
        trials: the number of trials, ``>= 0``.
        z: the normal quantile.

    Returns:
        ``(low, high)``; ``(0.0, 1.0)`` when there is no trial.

    >>> low, high = wilson_interval(8, 10)
    >>> round(low, 4), round(high, 4)
    (0.4902, 0.9433)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def bradley_terry_elo(
    scores: Sequence[Sequence[float]], games: Sequence[Sequence[int]], iterations: int = 2000
) -> tuple[float, ...]:
    """Elo ratings from pairwise results (see the module description).

    Args:
        scores: ``scores[i][j]``, the points of ``i`` against ``j`` (win 1, draw 1/2).
        games: ``games[i][j]``, the number of games between ``i`` and ``j``.
        iterations: rounds of the minorisation-maximisation update.

    Returns:
        One rating per agent, the first at 0.

    >>> [round(r) for r in bradley_terry_elo([[0, 3], [1, 0]], [[0, 4], [4, 0]])]
    [0, -147]
    """
    m = len(scores)
    wins = [sum(scores[i]) + 0.5 * (m - 1) for i in range(m)]  # one virtual draw per pair
    strength = [1.0] * m
    for _ in range(iterations):
        new = []
        for i in range(m):
            denominator = sum(
                (games[i][j] + 1) / (strength[i] + strength[j]) for j in range(m) if j != i
            )
            new.append(wins[i] / denominator if denominator else strength[i])
        mean = math.exp(sum(map(math.log, new)) / m)
        strength = [s / mean for s in new]
    base = math.log10(strength[0])
    return tuple(400.0 * (math.log10(s) - base) for s in strength)


def make_arena_agent(spec: str, seed: int) -> Agent:
    """An agent from its arena spelling (``random``, ``greedy``, ``mcts:sims=200``, ...).

    Args:
        spec: ``NAME`` or ``NAME:KEY=VALUE,...`` (see the module description).
        seed: the agent's seed (ENG-02).

    Returns:
        A new agent.

    Raises:
        ValueError: an unknown agent or option, or a bad value.

    >>> make_arena_agent("mcts:sims=50,c=1", 0).simulations
    50
    >>> make_arena_agent("mcts:depth=3", 0)
    Traceback (most recent call last):
    ...
    ValueError: agent 'mcts:depth=3': unknown option 'depth' (mcts takes sims, seconds, c, eps)
    """
    name, _, rest = spec.partition(":")
    options: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"agent {spec!r}: options are KEY=VALUE, got {item!r}")
        options[key] = value
    if name in ("random", "greedy"):
        if options:
            raise ValueError(f"agent {spec!r}: {name} takes no options")
        return RandomAgent(seed) if name == "random" else GreedyAgent(seed)
    if name != "mcts":
        raise ValueError(f"unknown agent {name!r} (choose from greedy, mcts, random)")
    known = {"sims": "simulations", "seconds": "seconds", "c": "exploration", "eps": "epsilon"}
    kwargs: dict[str, float | int | None] = {}
    for key, value in options.items():
        if key not in known:
            raise ValueError(
                f"agent {spec!r}: unknown option {key!r} (mcts takes sims, seconds, c, eps)"
            )
        try:
            kwargs[known[key]] = int(value) if key == "sims" else float(value)
        except ValueError:
            raise ValueError(f"agent {spec!r}: {key} must be a number, got {value!r}") from None
    if "seconds" in kwargs and "simulations" not in kwargs:
        kwargs["simulations"] = None
    agent = MctsAgent(seed, **kwargs)  # type: ignore[arg-type]
    agent.name = spec
    return agent


@attrs.frozen
class _Plan:
    specs: tuple[str, ...]
    side: Side
    seed: int
    game: int
    components: ComponentTable | None = None


@attrs.frozen
class _Played:
    """One game's result by agent (not by seat): final score, the ranking key, the win share,
    decisions made and process time spent deciding."""

    scores: tuple[int, ...]
    keys: tuple[tuple[int, int], ...]
    wins: tuple[float, ...]
    moves: tuple[int, ...]
    seconds: tuple[float, ...]


def _play(plan: _Plan) -> _Played:
    """Play game ``plan.game`` of the arena (see the module description)."""
    n = len(plan.specs)
    shift = plan.game % n
    seat_of = [(k + shift) % n for k in range(n)]
    agents: list[Agent] = [Agent] * n  # type: ignore[list-item]
    for k, spec in enumerate(plan.specs):
        agents[seat_of[k]] = make_arena_agent(
            spec, (plan.seed * 1000003 + plan.game * 64 + k) & MASK64
        )
    state = new_game(n, side=plan.side, seed=plan.seed + plan.game // n, components=plan.components)
    moves = [0] * n
    seconds = [0.0] * n
    while not state.is_over:
        seat = state.turn
        start = time.process_time()
        with deferred_interrupts():  # a Ctrl-C while an agent decides is raised after it
            action = agents[seat].choose(state)
        seconds[seat] += time.process_time() - start
        moves[seat] += 1
        state = apply(state, action)
    result = outcome(state)
    share = 1.0 / len(result.winners)
    return _Played(
        scores=tuple(result.scores[seat_of[k]] for k in range(n)),
        keys=tuple((result.scores[seat_of[k]], -result.points_lost[seat_of[k]]) for k in range(n)),
        wins=tuple(share if seat_of[k] in result.winners else 0.0 for k in range(n)),
        moves=tuple(moves[seat_of[k]] for k in range(n)),
        seconds=tuple(seconds[seat_of[k]] for k in range(n)),
    )


@attrs.frozen
class ArenaRow:
    """One agent's line of the arena table."""

    name: str
    games: int
    wins: float
    interval: tuple[float, float]
    mean_score: float
    score_error: float
    elo: float
    seconds_per_move: float

    @property
    def win_rate(self) -> float:
        """Wins per game (shared wins counted by their share)."""
        return self.wins / self.games if self.games else 0.0


@attrs.frozen
class ArenaReport:
    """The arena's result: the settings and one :class:`ArenaRow` per agent, in listed order."""

    players: int
    side: Side
    games: int
    seed: int
    rows: tuple[ArenaRow, ...]

    def table(self) -> str:
        """The report as a text table (what ``sintra arena`` prints)."""
        lines = [
            f"Arena: {self.players} players, side {self.side}, {self.games} games "
            f"(seat-rotated, deals from seed {self.seed})",
            "",
            f"{'agent':<22} {'games':>5} {'wins':>6} {'win rate':>8}  {'95% interval':<13} "
            f"{'mean score':>13} {'Elo':>6} {'ms/move':>8}",
        ]
        for row in self.rows:
            low, high = row.interval
            lines.append(
                f"{row.name:<22} {row.games:>5} {row.wins:>6.1f} {row.win_rate:>8.1%}  "
                f"{low:>5.1%}-{high:<6.1%} {row.mean_score:>7.1f} ± {row.score_error:<4.1f}"
                f" {row.elo:>+6.0f} {1000 * row.seconds_per_move:>8.2f}"
            )
        lines += [
            "",
            "Wins: shared victories split. Interval: Wilson, 95%. Mean score ± standard error.",
            "Elo: Bradley-Terry fit of the pairwise results (one virtual draw per pair), first",
            "agent = 0. ms/move: process time per decision.",
        ]
        return "\n".join(lines)


def run_arena(
    specs: Sequence[str],
    games: int,
    side: Side = "A",
    seed: int = 0,
    workers: int | None = 1,
    progress: Callable[[int, int], None] | None = None,
    ray: Ray | None = None,
    components: ComponentTable | None = None,
) -> ArenaReport:
    """Play ``games`` seat-rotated games between the agents ``specs`` (one seat each).

    Args:
        specs: 2 to 4 agent spellings (see :func:`make_arena_agent`).
        games: the number of games, ``>= 1``.
        side: the board side (SETUP-02).
        seed: the first deal's seed (ENG-02).

        workers: processes to play in (``>= 1``); with ``ray``, the CPUs of a local Ray
            (``None``: every core). Results do not depend on it unless an agent has a time
            budget.

        progress: called as ``progress(done, games)`` after each game.
        components: the component table (default: the shipped one).
        ray: play on Ray (:func:`sintra_rules.distributed.fan_out`); the same results.

    Returns:
        The :class:`ArenaReport`.

    Raises:
        ValueError: a bad agent spelling, agent count, game count, seed or worker count.
        MissingExtra: ``ray`` without Ray installed.
        FanOutError: a game failed on a worker, or the Ray cluster cannot be reached.
    """
    n = len(specs)
    if not 2 <= n <= 4:
        raise ValueError(f"the arena needs 2 to 4 agents, one per seat, got {n}")
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a whole number >= 1, got {games!r}")
    if type(seed) is not int or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    if workers is not None and (type(workers) is not int or workers < 1):
        raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
    if side not in ("A", "B"):
        raise ValueError(f"side must be 'A' or 'B', got {side!r}")
    for spec in specs:  # refuse bad spellings before any game is played
        make_arena_agent(spec, 0)
    plans = [_Plan(tuple(specs), side, seed, g, components) for g in range(games)]
    played: list[_Played] = []
    for done, result in enumerate(fan_out(_play, plans, workers=workers, ray=ray, chunk=1), 1):
        played.append(result)
        if progress is not None:
            progress(done, games)
    pair_points = [[0.0] * n for _ in range(n)]
    pair_games = [[0] * n for _ in range(n)]
    for result in played:
        for i in range(n):
            for j in range(n):
                if i != j:
                    pair_games[i][j] += 1
                    a, b = result.keys[i], result.keys[j]
                    pair_points[i][j] += 1.0 if a > b else 0.5 if a == b else 0.0
    elo = bradley_terry_elo(pair_points, pair_games)
    names = _labels(specs)
    rows = []
    for k in range(n):
        scores = [r.scores[k] for r in played]
        mean = sum(scores) / games
        var = sum((s - mean) ** 2 for s in scores) / (games - 1) if games > 1 else 0.0
        wins = sum(r.wins[k] for r in played)
        moves = sum(r.moves[k] for r in played)
        rows.append(
            ArenaRow(
                name=names[k],
                games=games,
                wins=wins,
                interval=wilson_interval(wins, games),
                mean_score=mean,
                score_error=math.sqrt(var / games),
                elo=elo[k],
                seconds_per_move=sum(r.seconds[k] for r in played) / moves if moves else 0.0,
            )
        )
    return ArenaReport(players=n, side=side, games=games, seed=seed, rows=tuple(rows))


def _labels(specs: Sequence[str]) -> list[str]:
    """The specs, numbered when one is listed twice (``greedy#1``, ``greedy#2``)."""
    out = []
    for k, spec in enumerate(specs):
        if specs.count(spec) > 1:
            out.append(f"{spec}#{specs[: k + 1].count(spec)}")
        else:
            out.append(spec)
    return out


def _command(args: argparse.Namespace) -> int:
    """``sintra arena``: play and print the table, with the note on provisional figures
    (``--components FILE``: another component table); a bad argument prints one line, exit 2."""
    from sintra_rules.cli import provisional_note  # the cli imports this module

    try:
        ray = ray_from_args(args)
        path = getattr(args, "components", None)
        table = default_components() if path is None else load_components(path)
        workers, note = capped_workers(args.workers, args.games, ray)
        if note is not None:
            print(f"sintra arena: {note}", file=sys.stderr)
        with Progress("arena", args.games, "games", quiet=args.quiet) as bar:
            report = run_arena(
                args.agents,
                args.games,
                args.side,
                args.seed,
                workers,
                progress=lambda done, _total: bar.update(done),
                ray=ray,
                components=table,
            )
    except ValueError as error:
        print(f"sintra arena: error: {error}", file=sys.stderr)
        return 2
    print(report.table())
    note = provisional_note(table)
    if note is not None and not args.quiet:
        print(wrap_text(note, output_width(sys.stderr)), file=sys.stderr)
    return 0


def configure_parser(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``sintra arena`` to ``parser`` and set its handler.

    Args:
        parser: the ``arena`` sub-command's parser.
    """
    parser.add_argument(
        "agents",
        nargs="+",
        metavar="AGENT",
        help="2 to 4 agents, one per seat: random, greedy, mcts[:sims=N,seconds=T,c=X,eps=P]",
    )
    parser.add_argument(
        "--games",
        type=whole_number(1, MAX_GAMES),
        required=True,
        help=f"number of games (at most {MAX_GAMES:,})",
    )
    parser.add_argument(
        "--seed", type=whole_number(0), default=0, help="seed of the first deal (default 0)"
    )
    parser.add_argument("--side", choices=("A", "B"), default="A", help="board side (default A)")
    parser.add_argument(
        "--quiet",
        action="store_true",
        help="no progress line and no note on provisional figures on standard error",
    )
    add_fan_out_options(parser)
    parser.set_defaults(handler=_command)
