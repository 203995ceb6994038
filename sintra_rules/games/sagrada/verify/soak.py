"""Sagrada's soak: many seeded random games, every invariant and the oracle at every step.

Game ``i`` of a soak with seed ``S`` is fully determined by :func:`game_plan`: ``players`` =
1, 2, 3, 4 in turn (``i % 4``), the policy ``uniform`` or ``eager`` (``(i // 4) % 2``, see
:mod:`~sintra_rules.games.sagrada.verify.policies`), the solo game's tools 1 to 5 in turn
(``(i // 8) % 5 + 1``) and the game seed ``S * 2**32 + i``, which seeds both the game's
generator and the random players (ENG-05).

Every game is checked at every step: :func:`~.invariants.check_state` on the set-up position
and after every decision, :func:`~.invariants.check_step` for every decision (the decision
legal by the oracle, windows, tokens, turn order, round track, pool and hand, the result),
the game's length within ``GAME.facts(players).max_game_length`` decisions, and after the end
no decision is legal. A game stops at its first failure, which names the game so that
``play_checked(SoakPlan(...))`` reproduces it alone. The rare steps each game shows (each tool
card used, dice moved, changed dice returned to the pool, skipped turns, solo games won and
lost) are added up (:func:`~.invariants.step_events`).

:func:`run_soak` plays the games in this process, in ``workers`` local processes or on Ray
(:func:`sintra_rules.distributed.fan_out`); the report does not depend on where they ran.

>>> report = run_soak(4)
>>> report.games, report.failures
(4, ())
>>> report.summary().splitlines()[0].startswith("sagrada soak: 4 games (seed 0")
True
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable

import attrs

from sintra_rules.distributed import Ray, fan_out
from sintra_rules.errors import InvalidArgument
from sintra_rules.games.sagrada.notation import action_to_text
from sintra_rules.games.sagrada.rules import legal_actions
from sintra_rules.games.sagrada.setup import new_game
from sintra_rules.games.sagrada.verify.invariants import (
    INVARIANTS,
    check_state,
    check_step,
    step_events,
)
from sintra_rules.games.sagrada.verify.policies import Policy, random_plies

__all__ = [
    "SoakFailure",
    "SoakGame",
    "SoakPlan",
    "SoakReport",
    "game_plan",
    "play_checked",
    "run_soak",
]

#: Decisions per turn at most (a draft and its placement, a tool and up to four steps of it,
#: the end) times the turns, plus the pattern choices: a safe bound on a game's length.
_PER_TURN = 8


@attrs.frozen
class SoakPlan:
    """One soak game: players, game seed, policy and (solo) the number of tools."""

    players: int
    seed: int
    policy: Policy
    tools: int | None = None

    def reproducer(self) -> str:
        """A Python expression that replays this game alone, with every check."""
        return f"play_checked(SoakPlan({self.players}, {self.seed}, {self.policy!r}, {self.tools}))"


@attrs.frozen
class SoakFailure:
    """The first failing step of one game, at ``ply`` (0: the set-up position)."""

    plan: SoakPlan
    ply: int
    action: str
    message: str

    def __str__(self) -> str:
        return f"game {self.plan.reproducer()}, ply {self.ply} ({self.action}): {self.message}"


@attrs.frozen
class SoakGame:
    """What one checked game showed: its decisions, events and failure if any."""

    plan: SoakPlan
    plies: int
    events: tuple[tuple[str, int], ...]
    failure: SoakFailure | None


def game_plan(index: int, seed: int = 0) -> SoakPlan:
    """The plan of game ``index`` of a soak with ``seed`` (see the module docstring)."""
    players = index % 4 + 1
    policy: Policy = "eager" if (index // 4) % 2 else "uniform"
    tools = (index // 8) % 5 + 1 if players == 1 else None
    return SoakPlan(players, seed * 2**32 + index, policy, tools)


def play_checked(plan: SoakPlan) -> SoakGame:
    """Play the game of ``plan`` with every check at every step (ENG-02, ENG-05).

    Args:
        plan: the game.

    Returns:
        The decisions played, the events counted and the first failure, if any.
    """
    state = new_game(plan.players, seed=plan.seed, tools=plan.tools)
    events: Counter[str] = Counter()
    bound = plan.players + 10 * 2 * plan.players * _PER_TURN

    def failed(ply: int, action: str, messages: list[str]) -> SoakGame:
        failure = SoakFailure(plan, ply, action, "; ".join(messages))
        return SoakGame(plan, ply, tuple(sorted(events.items())), failure)

    found = check_state(state)
    if found:
        return failed(0, "set-up", [str(f) for f in found])
    ply = 0
    try:
        for before, action, after in random_plies(state, plan.seed, plan.policy):
            ply += 1
            found = check_step(before, action, after) + check_state(after)
            if found:
                return failed(ply, action_to_text(action), [str(f) for f in found])
            events.update(step_events(before, action, after))
            if ply > bound:
                return failed(ply, action_to_text(action), [f"the game is longer than {bound}"])
            state = after
    except Exception as error:  # a crash of the engine is a failure of this game, reported
        return failed(ply + 1, "?", [f"{type(error).__name__}: {error}"])
    if legal_actions(state) or not state.is_over:
        return failed(ply, "end", ["a decision is legal after the end, or the game did not end"])
    return SoakGame(plan, ply, tuple(sorted(events.items())), None)


@attrs.frozen
class SoakReport:
    """The outcome of a soak: games and decisions played, time, failures and events."""

    games: int
    seed: int
    plies: int
    seconds: float
    failures: tuple[SoakFailure, ...]
    events: tuple[tuple[str, int], ...]

    def summary(self) -> str:
        """The report in words: what was played and checked, the throughput, the events."""
        rate = self.games / self.seconds if self.seconds else 0.0
        lines = [
            f"sagrada soak: {self.games} games (seed {self.seed}; 1 to 4 players, solo with 1 "
            f"to 5 tools; uniform and eager play), {self.plies} decisions, "
            f"{self.seconds:.1f} s, {rate:.1f} games/s",
            f"  checked at every step: {len(INVARIANTS)} invariants against the oracle: "
            + ", ".join(inv.name for inv in INVARIANTS),
            "  events: " + ", ".join(f"{name} {count}" for name, count in self.events),
            f"  failures: {len(self.failures)}",
        ]
        lines += [f"    {failure}" for failure in self.failures[:10]]
        return "\n".join(lines)


def run_soak(
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    ray: Ray | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SoakReport:
    """Play ``games`` soak games (:func:`game_plan`) with every check.

    Args:
        games: how many games.
        seed: the soak's seed.
        workers: local processes (1: this process).
        ray: run on Ray instead.
        progress: called as ``progress(done, games)`` after each game.

    Returns:
        The report.

    Raises:
        InvalidArgument: a negative ``games`` or ``seed``, or ``workers`` below 1.
    """
    for name, value, low in (("games", games, 0), ("seed", seed, 0), ("workers", workers, 1)):
        if value < low:
            raise InvalidArgument(name, f"must be >= {low}, got {value}")
    plans = [game_plan(index, seed) for index in range(games)]
    started = time.perf_counter()
    plies = 0
    failures: list[SoakFailure] = []
    events: Counter[str] = Counter()
    results = fan_out(play_checked, plans, workers=workers, ray=ray, chunk=None if ray else 8)
    for done, game in enumerate(results, 1):
        plies += game.plies
        events.update(dict(game.events))
        if game.failure is not None:
            failures.append(game.failure)
        if progress is not None:
            progress(done, games)
    seconds = time.perf_counter() - started
    return SoakReport(games, seed, plies, seconds, tuple(failures), tuple(sorted(events.items())))
