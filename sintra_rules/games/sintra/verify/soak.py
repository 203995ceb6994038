"""Sintra's soak (``sintra soak``): many seeded random games over every configuration, on the
compiled kernel, every K-th also on the reference engine with every invariant checked at every
step and the kernel cross-checked.

Game ``i`` of a soak with seed ``S`` is fully determined by :func:`game_plan`: configuration
``CONFIGURATIONS[i % 6]`` (2, 3 and 4 players, sides A and B), policy ``POLICIES[(i // 6) % 2]``
and game seed ``S * 2**32 + i``: the plan :func:`sintra_rules.verify.soak.soak_plan` gives
Sintra's game ``i``. The game is ``new_game(players, side, game_seed)`` played by one
SplitMix64 stream seeded with the game seed (ENG-02), the games of
:func:`sintra_rules.agents.playout` with the policy:

* ``uniform``: uniformly among :func:`~sintra_rules.games.sintra.rules.legal_actions` (canonical
  order);
* ``placing``: uniformly among the resets and the takes that place pieces without completing a
  strip, when there are any, else uniformly among all legal actions. Such players keep pieces
  on their strips, so bag and tower run low and partial refills (END-05) occur, which uniform
  play almost never produces.

Every game is played on the kernel (:mod:`sintra_rules.games.sintra.kernel`, compiled when
available, ENG-50), and every ``check_every``-th game (games ``0, K, 2K, ...``; the default
:data:`CHECK_EVERY` is 7, prime to the 12 configurations and policies, so that any 84
consecutive games cross-check each combination once; ``check_every=1`` checks them all) is
also played on the reference engine. Which checks run on which games:

* **every game**, in the kernel (:func:`sintra_rules.games.sintra.kernel.core.check_position`):
  before the first and after every action, the pieces conserved, every marker on the track with
  points lost a whole number of wraps, windows and strips in shape, displays within capacity, the
  tile, turn and starter on seats, legal ids increasing and present exactly until the end; the
  termination bounds (:mod:`sintra_rules.games.sintra.bounds`: 40 / 58 / 72 turns a round, 240 / 348
  / 432 a game, for 2 / 3 / 4 players).
* **reference games** (``plan.reference``), in the reference engine, by the generic soak
  (:func:`sintra_rules.verify.soak.soak_game`: the protocol's checks, and Sintra's own through
  :class:`~sintra_rules.game.Verified`): before the first action and after every action
  :func:`~sintra_rules.games.sintra.verify.invariants.check_state` and
  :func:`~sintra_rules.games.sintra.verify.invariants.examine` (every invariant, against the
  independent oracle); after the end no action may apply (END-02); the termination bounds; and the
  kernel cross-checked ply by ply: the same deal, the same legal ids, the same events (ENG-40) and
  the same position after every action, generator included. A divergence is a failure.

A game stops at its first failing step. A failure names its game so that
``play_checked(GamePlan(...))`` reproduces it alone, on the reference engine with the kernel
cross-checked (the plan's ``reference`` defaults to true).

>>> report = run_soak(6)
>>> report.games, report.checked, report.failures
(6, 1, ())
>>> print(report.summary().splitlines()[0])  # doctest: +ELLIPSIS
soak: 6 games (seed 0; 2, 3, 4 players x sides A, B; uniform and placing play), ... plies
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Literal

import attrs

from sintra_rules._words import ordinal, plural
from sintra_rules.distributed import Ray, fan_out
from sintra_rules.errors import BoundExceeded, IllegalAction, InvalidArgument, InvariantBroken
from sintra_rules.games.sintra import kernel
from sintra_rules.games.sintra.actions import RESET, Action, Reset, Take
from sintra_rules.games.sintra.bounds import BOUNDS
from sintra_rules.games.sintra.components import ComponentTable, Side, load_components
from sintra_rules.games.sintra.encoding import action_to_id, legal_ids
from sintra_rules.games.sintra.game import GAME, SintraGame
from sintra_rules.games.sintra.rules import apply, apply_traced
from sintra_rules.games.sintra.state import GameState
from sintra_rules.games.sintra.verify.invariants import (
    INVARIANTS,
    InvariantFailure,
    check_state,
    examine,
)
from sintra_rules.rng import seed_state
from sintra_rules.verify.soak import SoakPlan, soak_game

__all__ = [
    "CHECK_EVERY",
    "CONFIGURATIONS",
    "POLICIES",
    "GamePlan",
    "GameResult",
    "SoakFailure",
    "SoakReport",
    "game_plan",
    "placing_pool",
    "play_checked",
    "run_soak",
    "state_checked",
    "step_checked",
]

#: How a soak game draws: ``"uniform"`` among all legal actions, or ``"placing"`` among the
#: resets and the takes that place pieces without completing a strip, when there are any (see
#: :func:`placing_pool`).
Policy = Literal["uniform", "placing"]
#: Every policy, in the order soak games cycle through them.
POLICIES: tuple[Policy, ...] = ("uniform", "placing")

#: Every (players, side) configuration, in the order games cycle through them.
CONFIGURATIONS: tuple[tuple[int, Side], ...] = tuple(
    (players, side) for players in (2, 3, 4) for side in ("A", "B")
)

#: By default every 7th game (from game 0) is also played on the reference engine.
CHECK_EVERY = 7


@attrs.frozen
class GamePlan:
    """One soak game: players, side, game seed and policy."""

    num_players: int
    side: Side
    seed: int
    policy: Policy
    #: Also on the reference engine, with every invariant and the kernel cross-checked.
    reference: bool = True
    #: The component table file (``None``: the shipped table).
    components: str | None = None

    def reproducer(self) -> str:
        """A Python expression that replays this game alone, on the reference engine with the
        kernel cross-checked."""
        plan = f"{self.num_players}, {self.side!r}, {self.seed}, {self.policy!r}"
        if self.components is not None:
            plan += f", components={self.components!r}"
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
    #: Games also played on the reference engine (every ``check_every``-th).
    checked: int = 0
    check_every: int = 1
    #: ``"compiled"`` or ``"interpreted"``: the kernel that played the games.
    kernel: str = "interpreted"

    def summary(self, limit: int = 20) -> str:
        """A human-readable report; at most ``limit`` failures are listed in full."""
        which = (
            "every game"
            if self.check_every == 1
            else f"{plural(self.checked, 'game')} (every {ordinal(self.check_every)} from game 0)"
        )
        lines = [
            f"soak: {plural(self.games, 'game')} (seed {self.seed}; 2, 3, 4 players x sides A, "
            f"B; uniform and placing play), {plural(self.plies, 'ply', 'plies')}",
            f"  every game on the kernel ({self.kernel}), its own checks at every step: pieces, "
            "track, windows, strips, displays, seats, legal ids, termination bounds",
            f"  {which} also on the reference engine, the kernel cross-checked at every ply "
            "(legal ids, events, position)",
            f"  and {len(INVARIANTS)} invariants checked at every step: "
            + ", ".join(inv.name for inv in INVARIANTS),
            f"  broken glass track wraps: {self.wraps}; bag refilled from the tower: "
            f"{self.refills}; partial refills: {self.partial_fills}",
            f"  failures: {len(self.failures)}",
        ]
        lines += [f"  - {failure}" for failure in self.failures[:limit]]
        if len(self.failures) > limit:
            lines.append(f"  ... and {len(self.failures) - limit} more")
        return "\n".join(lines)


def game_plan(
    index: int, seed: int = 0, check_every: int = 1, components: str | None = None
) -> GamePlan:
    """The plan of game ``index`` (from 0) of a soak with ``seed``: also on the reference
    engine when ``index`` is a multiple of ``check_every``.

    >>> game_plan(7, seed=1)  # doctest: +NORMALIZE_WHITESPACE
    GamePlan(num_players=2, side='B', seed=4294967303, policy='placing',
             reference=True, components=None)
    >>> game_plan(7, seed=1, check_every=7).reference, game_plan(8, check_every=7).reference
    (True, False)
    """
    players, side = CONFIGURATIONS[index % len(CONFIGURATIONS)]
    policy = POLICIES[(index // len(CONFIGURATIONS)) % len(POLICIES)]
    reference = index % check_every == 0
    return GamePlan(players, side, (seed << 32) + index, policy, reference, components)


@functools.cache
def _table(path: str | None) -> ComponentTable | None:
    """The component table of a plan (loaded once per process)."""
    return None if path is None else load_components(path)


def placing_pool(state: GameState, actions: Sequence[Action]) -> list[Action]:
    """The ``placing`` policy's pool: the resets and the takes that place pieces without
    completing a strip (empty when there is none: the soak then draws among all actions).

    Args:
        state: the position (unused: the actions say it all).
        actions: its legal actions, in canonical order.

    Returns:
        The pool, in canonical order.
    """
    return [a for a in actions if isinstance(a, Reset) or (a.target is not None and a.keep is None)]


def state_checked(state: GameState) -> None:
    """Sintra's state invariants (:func:`~sintra_rules.games.sintra.verify.invariants.check_state`)
    as :meth:`sintra_rules.game.Verified.check_state` checks them.

    Args:
        state: any position.

    Raises:
        InvariantBroken: the first broken invariant (the others, if any, in its reason).
    """
    failures = check_state(state)
    if failures:
        raise _broken(failures)


def step_checked(before: GameState, action: Action, after: GameState) -> Mapping[str, int]:
    """Sintra's transition invariants against the oracle
    (:func:`~sintra_rules.games.sintra.verify.invariants.examine`) as
    :meth:`sintra_rules.game.Verified.check_step` checks them.

    Args:
        before: the position.
        action: the action played in it.
        after: the position after it.

    Returns:
        The step's rare events: ``wraps`` of the broken glass track (TRACK-03), ``refills`` of
        the bag from the tower (END-04) and ``partial fills`` (END-05).

    Raises:
        InvariantBroken: the first broken invariant (the others, if any, in its reason).
    """
    found = examine(before, action, after)
    if found.failures:
        raise _broken(found.failures)
    return {
        "wraps": found.events.wraps,
        "refills": found.events.tower_refill,
        "partial fills": found.events.partial_fill,
    }


def _broken(failures: Sequence[InvariantFailure]) -> InvariantBroken:
    """The first failure as an error (``str`` is the failure's own text), the others after
    it."""
    first = failures[0]
    reason = "; ".join([first.message, *map(str, failures[1:])])
    return InvariantBroken(f"{first.invariant} ({', '.join(first.clauses)})", reason)


def play_checked(plan: GamePlan) -> GameResult:
    """Play one game by ``plan``: on the kernel alone with its own checks, or, when
    ``plan.reference``, on the reference engine by :func:`sintra_rules.verify.soak.soak_game`,
    checking every invariant before the first and after every action and that nothing applies
    after the end (END-02), with the kernel cross-checked at every ply (see the module's
    docstring).

    >>> result = play_checked(GamePlan(3, "B", 42, "placing"))
    >>> result.failures, result.plies > 0
    ((), True)
    >>> play_checked(GamePlan(3, "B", 42, "placing", reference=False)) == attrs.evolve(
    ...     result, plan=GamePlan(3, "B", 42, "placing", reference=False)
    ... )
    True
    """
    if not plan.reference:
        return _play_kernel(plan)
    options = {} if plan.side == "A" else {"side": plan.side}
    generic = SoakPlan("sintra", plan.num_players, options, plan.seed, plan.policy)
    try:
        table = _table(plan.components)
    except Exception as error:  # a crash is a failure of this game, reported with its plan
        failure = SoakFailure(plan, 0, "(set-up)", f"crash: {type(error).__name__}: {error}")
        return GameResult(plan, 0, 0, 0, 0, (failure,))
    game = GAME if table is None else SintraGame(table)
    result = soak_game(generic, game=game, watch=_Twin(plan.seed))
    counts = dict(result.counts)
    failures = tuple(SoakFailure(plan, f.ply, f.action, f.message) for f in result.failures)
    return GameResult(
        plan,
        result.plies,
        counts.get("wraps", 0),
        counts.get("refills", 0),
        counts.get("partial fills", 0),
        failures,
    )


class _Twin:
    """The kernel playing alongside a reference game (:func:`play_checked`), compared with it
    ply by ply (ENG-50): the deal, the legal ids, the events and the position; and the turns of
    every round held to their proved bound (ROUND-01, ROUND-04). A
    :class:`sintra_rules.verify.soak.Watch`."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.core = kernel.core
        self.name = "compiled" if kernel.is_compiled(self.core) else "interpreted"
        self.where = f"the kernel ({self.name}) diverges from the reference engine"
        self.in_round = 0

    def start(self, state: GameState) -> list[str]:
        """Deal the kernel's game and compare the set-up."""
        rng = seed_state(self.seed)
        tables = kernel.tables_for(state.components, self.core)
        side_b = state.side == "B"
        self.k = self.core.deal(tables, len(state.players), side_b, rng >> 32, rng & 0xFFFFFFFF)
        return self._position(state)

    def step(self, before: GameState, action: Action, after: GameState) -> list[str]:
        """Play ``action`` in the kernel and compare: a list of at most one divergence (or a
        round beyond its bound)."""
        players = len(before.players)
        self.in_round += 1
        bound = BOUNDS[("turns per round", players)]
        if self.in_round > bound.every_table:
            proof = bound.proof_name("admissible")
            error = BoundExceeded(
                "turns per round", players, bound.every_table, self.in_round, proof
            )
            return [f"termination: {error}"]
        if len(after.indicator) != len(before.indicator):
            self.in_round = 0
        ids = tuple(self.core.legal_ids(self.k))
        if ids != legal_ids(before):
            return [f"{self.where}: legal ids {ids[:8]}... != {legal_ids(before)[:8]}..."]
        _, events = apply_traced(before, action)
        got = kernel.step_traced(self.k, action_to_id(action), self.core)
        if got != events:
            wrong = next(
                (i for i, pair in enumerate(zip(got, events, strict=False)) if pair[0] != pair[1]),
                min(len(got), len(events)),
            )
            return [
                f"{self.where}: event {wrong} of the action is "
                f"{got[wrong] if wrong < len(got) else None}, not "
                f"{events[wrong] if wrong < len(events) else None}"
            ]
        return self._position(after)

    def end(self, state: GameState) -> list[str]:
        """END-02: after the last round no action applies, not even a reset or a take."""
        found = []
        for action in (RESET, Take(0, 0, 0)):
            try:
                apply(state, action)
            except IllegalAction:
                continue
            found.append(f"END-02: {action} applied after the end of the game")
        return found

    def _position(self, state: GameState) -> list[str]:
        if kernel.from_kernel(self.k) != state:
            return [f"{self.where}: the position differs"]
        return []


def _play_kernel(plan: GamePlan) -> GameResult:
    """Play ``plan`` on the kernel alone with its own checks at every step
    (:func:`sintra_rules.games.sintra.kernel.core.soak_game`)."""
    core = kernel.core
    name = "compiled" if kernel.is_compiled(core) else "interpreted"
    try:
        table = _table(plan.components)
        tables = kernel.tables_for(table, core)
        rng = seed_state(plan.seed)
        hi, lo = rng >> 32, rng & 0xFFFFFFFF
        k = core.deal(tables, plan.num_players, plan.side == "B", hi, lo)
        per_round = BOUNDS[("turns per round", plan.num_players)].every_table
        per_game = BOUNDS[("turns per game", plan.num_players)].every_table
        plies, wraps, refills, partial, last, message = core.soak_game(
            k, core.Rng(hi, lo), plan.policy == "placing", per_round, per_game
        )
    except Exception as error:  # a crash is a failure of this game, reported with its plan
        failure = SoakFailure(plan, 0, "(kernel)", f"crash: {type(error).__name__}: {error}")
        return GameResult(plan, 0, 0, 0, 0, (failure,))
    failures: tuple[SoakFailure, ...] = ()
    if message:
        action = "(set-up)" if last < 0 else f"action id {last}"
        failures = (SoakFailure(plan, plies, action, f"kernel ({name}): {message}"),)
    return GameResult(plan, plies, wraps, refills, partial, failures)


def run_soak(
    games: int,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    workers: int | None = 1,
    ray: Ray | None = None,
    check_every: int = CHECK_EVERY,
    components: str | None = None,
) -> SoakReport:
    """Play ``games`` checked games (see :func:`game_plan` and :func:`play_checked`) and add up
    what they saw. ``progress(done, games)`` is called after each game; ``workers > 1`` plays
    the games in that many processes, ``ray`` on Ray
    (:func:`sintra_rules.distributed.fan_out`); the report is the same. Every
    ``check_every``-th game is also played on the reference engine (1: all); ``components``
    names a component table file (default: the shipped table). Raises
    :class:`~sintra_rules.errors.InvalidArgument` for a negative ``games`` or ``seed`` or
    ``workers`` or ``check_every`` below 1, :class:`~sintra_rules.errors.ComponentTableError`
    for a bad component table, and what :func:`~sintra_rules.distributed.fan_out` raises."""
    for name, value, low in (
        ("games", games, 0),
        ("seed", seed, 0),
        ("workers", workers, 1),
        ("check_every", check_every, 1),
    ):
        if value is not None and value < low:
            raise InvalidArgument(name, f"must be >= {low}, got {value}")
    _table(components)  # a bad file fails here, before any game
    plans = [game_plan(index, seed, check_every, components) for index in range(games)]
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
    checked = sum(plan.reference for plan in plans)
    name = "compiled" if kernel.is_compiled(kernel.core) else "interpreted"
    return SoakReport(
        seed, games, plies, wraps, refills, partial, tuple(failures), checked, check_every, name
    )
