"""An arena: seat-rotated games between agents, with win rates, scores and Elo ratings, for
any game (Sintra by default).

``sintra arena AGENT AGENT... --games N [--workers K | --ray [ADDRESS]] [--seed S] [--side A|B]
[--quiet]``
plays ``N`` games with one seat per agent (as many agents as the game has seats: 2 to 4 for
Sintra) and prints, per agent, the games played, the wins, the win rate with its 95% Wilson
interval, the mean final score with its standard error, an Elo rating and the mean process
time per move. The game's options (Sintra's ``--side``) are the command's options.

**Agents** are the names of :func:`sintra_rules.agents.make_agent`: ``random``, the game's
own agents (Sintra's ``greedy``), and the two searches with their budgets: ``mcts``
(:class:`~sintra_rules.mcts.MctsAgent`, the generic determinized MCTS) as ``mcts:N``
(simulations per move, default 1000) or ``mcts:sims=N,seconds=T,c=X,eps=P`` (``seconds``:
process time per move, ``c``: exploration, ``eps``: simulation randomness), and ``uct``
(:class:`~sintra_rules.mcts.UctAgent`, the game's own compiled search, the one self-play
uses) as ``uct:N``.

**Games.** Game ``g`` (from 0) is dealt from seed ``S + g // n`` for ``n`` agents, and the agents
are rotated over the seats: the agent listed ``k``-th (from 0) sits in seat ``(k + g) mod n``. So
each deal is played ``n`` times, once with every agent in every seat, which cancels the
advantage of a seat and of a lucky deal. Agent ``k`` of game ``g`` is seeded with
``S * 1000003 + g * 64 + k``, so the results are the same whatever ``--workers`` or ``--ray``
(:mod:`sintra_rules.distributed`) is, unless an agent has a time budget.

**Wins.** A shared victory (Sintra: WIN-03) counts ``1 / w`` for each of its ``w`` winners; a
game nobody wins (a lost solo game) counts for nobody. The 95% interval is Wilson's score
interval for the win rate, ``z = 1.96``.

**Elo.** Every game gives a result for every pair of agents in it: the one ranked higher by the
game's result keys (the final score, then the tie-breaks; Sintra: WIN-01, WIN-02) wins, equal
ranks draw. Ratings are the Bradley-Terry maximum-likelihood strengths of those pairwise
results (minorisation-maximisation, Hunter 2004), with one virtual draw added between every
pair so that a perfect record still gets a finite rating, on the Elo scale (``400 * log10`` of
the strength) with the first agent listed at 0. The expected score of A against B is then
``1 / (1 + 10 ** ((elo_B - elo_A) / 400))``. A one-player game has no pairs, so no Elo.

>>> report = run_arena(["greedy", "random"], games=4, seed=1)
>>> [row.name for row in report.rows], report.rows[0].games
(['greedy', 'random'], 4)
"""

from __future__ import annotations

import argparse
import math
import sys
import textwrap
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from sintra_rules._options import MAX_GAMES, whole_number
from sintra_rules._progress import Progress
from sintra_rules._terminal import output_width
from sintra_rules._words import plural, shortened
from sintra_rules.agents import AGENT_NAMES, Agent, make_agent, unknown_agent
from sintra_rules.distributed import (
    Ray,
    add_fan_out_options,
    capped_workers,
    fan_out,
    ray_from_args,
)
from sintra_rules.errors import UnknownAgent
from sintra_rules.game import Game, Tabled, win_shares
from sintra_rules.games import make
from sintra_rules.interrupts import deferred_interrupts
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


def make_arena_agent(spec: str, seed: int, game: Game[Any, Any] | None = None) -> Agent:
    """An agent from its spelling (:func:`sintra_rules.agents.make_agent`: ``random``,
    ``greedy``, ``mcts:200``, ``mcts:sims=200,c=1``, ``uct:500``, ...), any refusal a
    :class:`ValueError`.

    Args:
        spec: the agent's name with its options (see the module description).
        seed: the agent's seed (ENG-02).
        game: the game it plays (default: Sintra).

    Returns:
        A new agent.

    Raises:
        ValueError: an unknown agent or option, or a bad value.

    >>> make_arena_agent("mcts:sims=50,c=1", 0).simulations
    50
    >>> make_arena_agent("uct:c=1", 0)
    Traceback (most recent call last):
    ...
    sintra_rules.errors.InvalidArgument: uct:c=1: unknown option 'c' (uct takes sims)
    """
    try:
        return make_agent(spec, seed, game=game)
    except UnknownAgent:
        raise ValueError(unknown_agent(spec, game)) from None


@attrs.frozen
class _Plan:
    """Game ``number`` of an arena: the agents' spellings, the run's seed, the game (``None``:
    Sintra) and its options."""

    specs: tuple[str, ...]
    seed: int
    number: int
    game: Any = None
    options: tuple[tuple[str, str], ...] = ()


@attrs.frozen
class _Played:
    """One game's result by agent (not by seat): final score, the ranking key, the win share,
    decisions made and process time spent deciding."""

    scores: tuple[int, ...]
    keys: tuple[tuple[int, ...], ...]
    wins: tuple[float, ...]
    moves: tuple[int, ...]
    seconds: tuple[float, ...]


def _play(plan: _Plan) -> _Played:
    """Play game ``plan.number`` of the arena (see the module description)."""
    game: Game[Any, Any] = make("sintra") if plan.game is None else plan.game
    n = len(plan.specs)
    shift = plan.number % n
    seat_of = [(k + shift) % n for k in range(n)]
    agents: list[Agent] = [Agent] * n  # type: ignore[list-item]
    for k, spec in enumerate(plan.specs):
        agents[seat_of[k]] = make_arena_agent(
            spec, (plan.seed * 1000003 + plan.number * 64 + k) & MASK64, game
        )
    state = game.start(n, seed=plan.seed + plan.number // n, options=dict(plan.options))
    moves = [0] * n
    seconds = [0.0] * n
    while not state.is_over:
        seat = state.turn
        start = time.process_time()
        with deferred_interrupts():  # a Ctrl-C while an agent decides is raised after it
            action = agents[seat].choose(state)
        seconds[seat] += time.process_time() - start
        moves[seat] += 1
        state = game.apply(state, action)
    result = game.result(state)
    shares = win_shares(result)
    return _Played(
        scores=tuple(result.scores[seat_of[k]] for k in range(n)),
        keys=tuple(result.keys[seat_of[k]] for k in range(n)),
        wins=tuple(shares[seat_of[k]] for k in range(n)),
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
    """The arena's result: the settings (the game's options by name) and one
    :class:`ArenaRow` per agent, in listed order."""

    players: int
    options: tuple[tuple[str, str], ...]
    games: int
    seed: int
    rows: tuple[ArenaRow, ...]

    def table(self) -> str:
        """The report as a text table (what ``sintra arena`` prints). A solo game has no
        seats to rotate and no pairs to rate: its table says neither.

        >>> row = ArenaRow("greedy", 1, 0.0, (0.0, 0.79), 30.0, 0.0, 0.0, 0.001)
        >>> print(ArenaReport(1, (("tools", "3"),), 1, 0, (row,)).table().splitlines()[0])
        Arena: 1 player, tools 3, 1 game (deals from seed 0)
        """
        solo = self.players == 1
        settings = "".join(f", {name} {value}" for name, value in self.options)
        rotated = "" if solo else "seat-rotated, "
        lines = [
            f"Arena: {plural(self.players, 'player')}{settings}, "
            f"{plural(self.games, 'game')} ({rotated}deals from seed {self.seed})",
            "",
            f"{'agent':<22} {'games':>5} {'wins':>6} {'win rate':>8}  {'95% interval':<13} "
            f"{'mean score':>13}" + ("" if solo else f" {'Elo':>6}") + f" {'ms/move':>8}",
        ]
        for row in self.rows:
            low, high = row.interval
            elo = "" if solo else f" {row.elo:>+6.0f}"
            lines.append(
                f"{row.name:<22} {row.games:>5} {row.wins:>6.1f} {row.win_rate:>8.1%}  "
                f"{low:>5.1%}-{high:<6.1%} {row.mean_score:>7.1f} ± {row.score_error:<4.1f}"
                f"{elo} {1000 * row.seconds_per_move:>8.2f}"
            )
        lines += [
            "",
            "Wins: shared victories split. Interval: Wilson, 95%. Mean score ± standard error.",
        ]
        if solo:
            lines.append("ms/move: process time per decision.")
        else:
            lines += [
                "Elo: Bradley-Terry fit of the pairwise results (one virtual draw per pair), first",
                "agent = 0. ms/move: process time per decision.",
            ]
        return "\n".join(lines)


def _counts(counts: Sequence[int]) -> str:
    """Player counts in words: ``2 to 4``, ``1``, ``1, 2 or 4``."""
    if len(counts) > 1 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return " or ".join(filter(None, (", ".join(map(str, counts[:-1])), str(counts[-1]))))


def run_arena(
    specs: Sequence[str],
    games: int,
    *,
    game: Game[Any, Any] | None = None,
    options: Mapping[str, str] | None = None,
    seed: int = 0,
    workers: int | None = 1,
    progress: Callable[[int, int], None] | None = None,
    ray: Ray | None = None,
) -> ArenaReport:
    """Play ``games`` seat-rotated games of ``game`` between the agents ``specs`` (one seat
    each).

    Args:
        specs: one agent spelling per seat (see :func:`make_arena_agent`).
        games: the number of games, ``>= 1``.

        game: the game (default: Sintra; ``SintraGame(table)`` plays on another component
            table, or :meth:`~sintra_rules.game.Tabled.on_table`).

        options: the game's options (Sintra: ``{"side": "B"}``, SETUP-02).
        seed: the first deal's seed (ENG-02).

        workers: processes to play in (``>= 1``); with ``ray``, the CPUs of a local Ray
            (``None``: every core). Results do not depend on it unless an agent has a time
            budget.

        progress: called as ``progress(done, games)`` after each game.
        ray: play on Ray (:func:`sintra_rules.distributed.fan_out`); the same results.

    Returns:
        The :class:`ArenaReport`.

    Raises:
        ValueError: a bad agent spelling, agent count, option, game count, seed or worker
            count.

        MissingExtra: ``ray`` without Ray installed.
        FanOutError: a game failed on a worker, or the Ray cluster cannot be reached.
    """
    played_game: Game[Any, Any] = make("sintra") if game is None else game
    n = len(specs)
    counts = played_game.info.player_counts
    if n not in counts:
        raise ValueError(f"the arena needs {_counts(counts)} agents, one per seat, got {n}")
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a whole number >= 1, got {games!r}")
    if type(seed) is not int or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    if workers is not None and (type(workers) is not int or workers < 1):
        raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
    chosen = played_game.info.resolve_options(options)
    for spec in specs:  # refuse bad spellings before any game is played
        make_arena_agent(spec, 0, played_game)
    settings = tuple(chosen.items())
    plans = [_Plan(tuple(specs), seed, g, game, settings) for g in range(games)]
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
    elo = bradley_terry_elo(pair_points, pair_games) if n > 1 else (0.0,)
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
    return ArenaReport(players=n, options=settings, games=games, seed=seed, rows=tuple(rows))


def _labels(specs: Sequence[str]) -> list[str]:
    """The specs, numbered when one is listed twice (``greedy#1``, ``greedy#2``)."""
    out = []
    for k, spec in enumerate(specs):
        if specs.count(spec) > 1:
            out.append(f"{spec}#{specs[: k + 1].count(spec)}")
        else:
            out.append(spec)
    return out


def _wrap(note: str, width: int) -> str:
    """``note`` folded at spaces to ``width`` columns, continuation lines indented by four."""
    return textwrap.fill(
        note, width, subsequent_indent="    ", break_long_words=False, break_on_hyphens=False
    )


def _game_of(args: argparse.Namespace) -> Game[Any, Any]:
    """The game of the command line: ``--game`` (default Sintra), on ``--components FILE``."""
    game = make(getattr(args, "game", None) or "sintra")
    path = getattr(args, "components", None)
    if path is not None:
        if not isinstance(game, Tabled):
            raise ValueError(f"--components: {game.info.title} has no component table")
        on_table: Game[Any, Any] = game.on_table(path)
        return on_table
    return game


def _command(args: argparse.Namespace) -> int:
    """``sintra arena``: play and print the table, with the game's note on provisional figures
    (``--components FILE``: another component table); a bad argument prints one line, exit 2."""
    try:
        ray = ray_from_args(args)
        game = _game_of(args)
        options = {
            option.name: getattr(args, option.name)
            for option in game.info.options
            if getattr(args, option.name, None) is not None
        }
        workers, note = capped_workers(args.workers, args.games, ray)
        if note is not None:
            print(f"sintra arena: {note}", file=sys.stderr)
        with Progress("arena", args.games, "games", quiet=args.quiet) as bar:
            report = run_arena(
                args.agents,
                args.games,
                game=game,
                options=options,
                seed=args.seed,
                workers=workers,
                progress=lambda done, _total: bar.update(done),
                ray=ray,
            )
    except ValueError as error:
        print(shortened(f"sintra arena: error: {error}"), file=sys.stderr)
        return 2
    print(report.table())
    provisional = game.provisional_note() if isinstance(game, Tabled) else None
    if provisional is not None and not args.quiet:
        print(_wrap(provisional, output_width(sys.stderr)), file=sys.stderr)
    return 0


def configure_parser(parser: argparse.ArgumentParser, game: Game[Any, Any] | None = None) -> None:
    """Add the arguments of ``sintra arena`` to ``parser`` and set its handler: the agents,
    ``--games``, ``--seed``, ``--quiet``, the fan-out options and one option per option of
    ``game`` (default: Sintra; ``--side``).

    Args:
        parser: the ``arena`` sub-command's parser.
        game: the game whose options the command takes.
    """
    game = make("sintra") if game is None else game
    parser.add_argument(
        "agents",
        nargs="+",
        metavar="AGENT",
        help=f"one agent per seat: {', '.join(AGENT_NAMES(game))}, with a budget NAME:N or "
        "NAME:KEY=VALUE,... (sintra arena --game NAME --help lists what each is)",
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
    for option in game.info.options:
        parser.add_argument(
            f"--{option.name}",
            choices=option.values,
            default=option.default,
            help=f"{option.help or option.name} (default {option.default})",
        )
    parser.add_argument(
        "--quiet",
        action="store_true",
        help="no progress line"
        + (" and no note on provisional figures" if isinstance(game, Tabled) else "")
        + " on standard error",
    )
    add_fan_out_options(parser)
    parser.set_defaults(handler=_command)
