"""Soak: many seeded random games over every configuration, every invariant checked at every step.

Game ``i`` of a soak with seed ``S`` is fully determined by :func:`game_plan`: configuration
``CONFIGURATIONS[i % 6]`` (2, 3 and 4 players, sides A and B), policy ``POLICIES[(i // 6) % 2]``
and game seed ``S * 2**32 + i``. The game is ``new_game(players, side, game_seed)`` played by
:func:`sintra_rules.agents.playout` with the game seed and the policy (ENG-02):

* ``uniform``: uniformly among :func:`~sintra_rules.rules.legal_actions` (canonical order);
* ``placing``: uniformly among the resets and the takes that place pieces without completing a
  strip, when there are any, else uniformly among all legal actions. Such players keep pieces
  on their strips, so bag and tower run low and partial refills (END-05) occur, which uniform
  play almost never produces.

Before the first action and after every action
:func:`~sintra_rules.verify.invariants.check_state` and
:func:`~sintra_rules.verify.invariants.examine` run; after the end no action may apply (END-02).
A round or a game that lasts longer than its proved bound (:mod:`sintra_rules.bounds`: 40 / 58 /
72 turns a round, 240 / 348 / 432 a game, for 2 / 3 / 4 players) fails with a message naming the
bound. A game stops at its first failing step. A failure names its game so that
``play_checked(GamePlan(...))`` reproduces it alone.

>>> report = run_soak(6)
>>> report.games, report.failures
(6, ())
>>> print(report.summary().splitlines()[0])  # doctest: +ELLIPSIS
soak: 6 games (seed 0; 2, 3, 4 players x sides A, B; uniform and placing play), ... plies
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from sintra_rules.actions import RESET, Action, Take
from sintra_rules.agents import POLICIES, Policy, playout
from sintra_rules.components import Side
from sintra_rules.distributed import Ray, fan_out
from sintra_rules.errors import BoundExceeded, IllegalAction, InvalidArgument, NotationError
from sintra_rules.notation import action_to_text
from sintra_rules.rules import apply
from sintra_rules.setup import new_game
from sintra_rules.state import GameState
from sintra_rules.verify.invariants import INVARIANTS, check_state, examine

__all__ = [
    "CONFIGURATIONS",
    "GamePlan",
    "GameResult",
    "SoakFailure",
    "SoakReport",
    "game_plan",
    "play_checked",
    "run_soak",
]

#: Every (players, side) configuration, in the order games cycle through them.
CONFIGURATIONS: tuple[tuple[int, Side], ...] = tuple(
    (players, side) for players in (2, 3, 4) for side in ("A", "B")
)


@attrs.frozen
class GamePlan:
    """One soak game: players, side, game seed and policy."""

    num_players: int
    side: Side
    seed: int
    policy: Policy

    def reproducer(self) -> str:
        """A Python expression that replays this game alone."""
        plan = f"{self.num_players}, {self.side!r}, {self.seed}, {self.policy!r}"
        return f"play_checked(GamePlan({plan}))"


@attrs.frozen
class SoakFailure:
    """An invariant failure (or a crash) in one game, at ``ply`` (0 = the set-up position)."""

    plan: GamePlan
    ply: int
    action: str
    message: str

    def __str__(self) -> str:
        return (
            f"{self.plan.num_players} players, side {self.plan.side}, seed {self.plan.seed}, "
            f"{self.plan.policy} play, ply {self.ply} ({self.action}): {self.message}\n"
            f"    reproduce: {self.plan.reproducer()}"
        )


@attrs.frozen
class GameResult:
    """What one checked game did: plies, events seen and failures."""

    plan: GamePlan
    plies: int
    wraps: int
    refills: int
    partial_fills: int
    failures: tuple[SoakFailure, ...]


@attrs.frozen
class SoakReport:
    """The totals of a soak: games, plies, events seen (wraps of the broken glass track,
    TRACK-03; refills of the bag from the tower, END-04; partial refills, END-05) and every
    failure with its game."""

    seed: int
    games: int
    plies: int
    wraps: int
    refills: int
    partial_fills: int
    failures: tuple[SoakFailure, ...]

    def summary(self, limit: int = 20) -> str:
        """A human-readable report; at most ``limit`` failures are listed in full."""
        lines = [
            f"soak: {self.games} games (seed {self.seed}; 2, 3, 4 players x sides A, B; uniform "
            f"and placing play), {self.plies} plies",
            f"  {len(INVARIANTS)} invariants checked at every step: "
            + ", ".join(inv.name for inv in INVARIANTS),
            f"  broken glass track wraps: {self.wraps}; bag refilled from the tower: "
            f"{self.refills}; partial refills: {self.partial_fills}",
            f"  failures: {len(self.failures)}",
        ]
        lines += [f"  - {failure}" for failure in self.failures[:limit]]
        if len(self.failures) > limit:
            lines.append(f"  ... and {len(self.failures) - limit} more")
        return "\n".join(lines)


def game_plan(index: int, seed: int = 0) -> GamePlan:
    """The plan of game ``index`` (from 0) of a soak with ``seed``.

    >>> game_plan(7, seed=1)
    GamePlan(num_players=2, side='B', seed=4294967303, policy='placing')
    """
    players, side = CONFIGURATIONS[index % len(CONFIGURATIONS)]
    policy = POLICIES[(index // len(CONFIGURATIONS)) % len(POLICIES)]
    return GamePlan(players, side, (seed << 32) + index, policy)


def _text(action: Action) -> str:
    try:
        return action_to_text(action)
    except NotationError:  # pragma: no cover - every legal action has a spelling
        return repr(action)


def play_checked(plan: GamePlan) -> GameResult:
    """Play one game by ``plan``, checking every invariant before the first and after every
    action, and that nothing applies after the end (END-02).

    >>> result = play_checked(GamePlan(3, "B", 42, "placing"))
    >>> result.failures, result.plies > 0
    ((), True)
    """
    plies = wraps = refills = partial = 0
    failures: list[SoakFailure] = []

    def fail(ply: int, action: str, messages: Iterable[object]) -> None:
        failures.extend(SoakFailure(plan, ply, action, str(m)) for m in messages)

    action_text = "(set-up)"
    try:
        state = new_game(plan.num_players, plan.side, plan.seed)
        fail(0, action_text, check_state(state))
        # A failed set-up plays nothing.
        for before, action, after in [] if failures else playout(state, plan.seed, plan.policy):
            action_text = _text(action)
            plies += 1
            found = examine(before, action, after)
            fail(plies, action_text, (*found.failures, *check_state(after)))
            wraps += found.events.wraps
            refills += found.events.tower_refill
            partial += found.events.partial_fill
            state = after
            if failures:
                break
            action_text = "(the next action)"
        if state.is_over and not failures:
            _nothing_after_end(state, lambda m: fail(plies, "after the end", [m]))
    except BoundExceeded as error:  # a round or the game outlasted its proved bound
        fail(plies + 1, "(the next action)", [f"termination: {error}"])
    except Exception as error:  # a crash is a failure of this game, reported with its plan
        fail(plies, action_text, [f"crash: {type(error).__name__}: {error}"])
    return GameResult(plan, plies, wraps, refills, partial, tuple(failures))


def _nothing_after_end(state: GameState, fail: Callable[[str], None]) -> None:
    """END-02: after the last round no action applies, not even a reset or a take."""
    for action in (RESET, Take(0, 0, 0)):
        try:
            apply(state, action)
        except IllegalAction:
            continue
        fail(f"END-02: {action} applied after the end of the game")


def run_soak(
    games: int,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    workers: int | None = 1,
    ray: Ray | None = None,
) -> SoakReport:
    """Play ``games`` checked games (see :func:`game_plan` and :func:`play_checked`) and add up
    what they saw. ``progress(done, games)`` is called after each game; ``workers > 1`` plays
    the games in that many processes, ``ray`` on Ray
    (:func:`sintra_rules.distributed.fan_out`); the report is the same. Raises
    :class:`~sintra_rules.errors.InvalidArgument` for a negative ``games`` or ``seed`` or
    ``workers < 1``, and what :func:`~sintra_rules.distributed.fan_out` raises."""
    for name, value, low in (("games", games, 0), ("seed", seed, 0), ("workers", workers, 1)):
        if value is not None and value < low:
            raise InvalidArgument(name, f"must be >= {low}, got {value}")
    plans = [game_plan(index, seed) for index in range(games)]
    plies = wraps = refills = partial = 0
    failures: list[SoakFailure] = []
    results = fan_out(play_checked, plans, workers=workers, ray=ray, chunk=None if ray else 8)
    for done, result in enumerate(results, 1):
        plies += result.plies
        wraps += result.wraps
        refills += result.refills
        partial += result.partial_fills
        failures += result.failures
        if progress is not None:
            progress(done, games)
    return SoakReport(seed, games, plies, wraps, refills, partial, tuple(failures))
