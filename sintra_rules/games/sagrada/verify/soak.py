"""Sagrada's soak (``sintra soak --game sagrada``): many seeded random games of every
configuration, on the compiled core, every K-th also on the reference engine with all 17
invariants checked at every step and the core cross-checked ply by ply.

Game ``i`` of a soak with seed ``S`` is the generic soak's game ``i``
(:func:`sintra_rules.verify.soak.soak_plan`): the configuration ``i % 8`` (2, 3 and 4 players
and the solo game at each difficulty, 1 to 5 tools), the policy ``(i // 8) % 2`` (``uniform``,
or ``eager``: every decision but ending the turn while there is one, so windows fill and every
tool's steps are reached, :mod:`~sintra_rules.games.sagrada.verify.policies`) and the game
seed ``S * 2**32 + i``; the game is dealt from the game seed and its decisions drawn by one
SplitMix64 stream of the same seed (ENG-05).

Every game is played on the core (:mod:`sintra_rules.games.sagrada.kernel`, compiled when
available, ENG-18), and every ``check_every``-th game (games ``0, K, 2K, ...``; the default
:data:`CHECK_EVERY` is 7, prime to the 16 configurations and policies, so that any 112
consecutive games cross-check each combination once; ``check_every=1`` checks them all) is
also played on the reference engine. Which checks run on which games:

* **every game**, in the core (:func:`sintra_rules.games.sagrada.kernel.core.check_position`):
  before the first and after every decision, the 90 dice each in one place, every window's
  masks its dice's and no two orthogonal neighbours alike, the turn order, the favor tokens,
  the pool and the round track in order and in range, legal ids increasing and present exactly
  until the end; at most ``max_game_length`` decisions (the proved bound).
* **reference games** (``plan.reference``), by the generic soak
  (:func:`sintra_rules.verify.soak.soak_game`: the protocol's checks, and Sagrada's 17
  invariants against the independent oracle through
  :class:`~sintra_rules.game.Verified`), with the core cross-checked at every ply: the same
  deal, the same legal ids, the same events and the same position after every decision,
  generator included, and at the end the same scores and winners. A divergence is a failure.

A game stops at its first failing step. A failure names its game so that
``play_checked(GamePlan(...))`` reproduces it alone, on the reference engine with the core
cross-checked (the plan's ``reference`` defaults to true).

>>> report = run_soak(8)
>>> report.games, report.checked, report.failures
(8, 2, ())
>>> print(report.summary().splitlines()[0])  # doctest: +ELLIPSIS
soak: 8 games of Sagrada (seed 0; 1, 2, 3, 4 players x tools 1 to 5; uniform and eager ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

import attrs

from sintra_rules.distributed import Ray, fan_out
from sintra_rules.errors import InvalidArgument
from sintra_rules.games.sagrada import kernel
from sintra_rules.games.sagrada.encoding import action_to_id, legal_ids
from sintra_rules.games.sagrada.game import GAME
from sintra_rules.games.sagrada.rules import apply_traced
from sintra_rules.games.sagrada.scoring import result as final_result
from sintra_rules.games.sagrada.verify.invariants import INVARIANTS
from sintra_rules.rng import seed_state
from sintra_rules.verify.soak import SoakPlan, soak_game, soak_plan

__all__ = [
    "CHECK_EVERY",
    "GamePlan",
    "GameResult",
    "SoakFailure",
    "SoakReport",
    "game_plan",
    "play_checked",
    "run_soak",
]

#: By default every 7th game (from game 0) is also played on the reference engine.
CHECK_EVERY = 7
#: How a soak game draws its decisions.
Policy = Literal["uniform", "eager"]


def _options(value: Mapping[str, str] | Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(dict(value).items()))


@attrs.frozen
class GamePlan:
    """One soak game: players, options (the solo game's ``tools``), game seed and policy."""

    num_players: int
    options: tuple[tuple[str, str], ...] = attrs.field(converter=_options)
    seed: int
    policy: Policy
    #: Also on the reference engine, with every invariant and the core cross-checked.
    reference: bool = True

    @property
    def tools(self) -> int | None:
        """The solo difficulty (SOLO-01), ``None`` with 2 to 4 players."""
        if self.num_players != 1:
            return None
        return int(dict(self.options).get("tools", "3"))

    def reproducer(self) -> str:
        """A Python expression that replays this game alone, on the reference engine with the
        core cross-checked."""
        return (
            f"play_checked(GamePlan({self.num_players}, {dict(self.options)!r}, {self.seed}, "
            f"{self.policy!r}))"
        )

    def __str__(self) -> str:
        tools = "" if self.tools is None else f", {self.tools} tools"
        return f"{self.num_players} players{tools}, seed {self.seed}, {self.policy} play"


@attrs.frozen
class SoakFailure:
    """A failed check (or a crash) in one game, at decision ``ply`` (0 = the set-up)."""

    plan: GamePlan
    ply: int
    action: str
    message: str

    def __str__(self) -> str:
        return (
            f"{self.plan}, decision {self.ply} ({self.action}): {self.message}\n"
            f"    reproduce: {self.plan.reproducer()}"
        )


@attrs.frozen
class GameResult:
    """What one game did: its decisions, the rare events counted (name, count pairs, sorted:
    ``tool N``, ``die moved``, ``returned to pool``, ``turn skipped``, ``solo won`` /
    ``solo lost``) and its failures."""

    plan: GamePlan
    plies: int
    counts: tuple[tuple[str, int], ...]
    failures: tuple[SoakFailure, ...]


@attrs.frozen
class SoakReport:
    """The totals of a soak: games, decisions, the rare events counted, every failure with its
    game, how many games were also played on the reference engine and which core played."""

    seed: int
    games: int
    plies: int
    counts: tuple[tuple[str, int], ...]
    failures: tuple[SoakFailure, ...]
    checked: int = 0
    check_every: int = 1
    #: ``"compiled"`` or ``"interpreted"``: the core that played the games.
    kernel: str = "interpreted"
    #: The names of Sagrada's invariants the reference games check.
    invariants: tuple[str, ...] = ()

    def summary(self, limit: int = 20) -> str:
        """A human-readable report; at most ``limit`` failures are listed in full."""
        which = (
            "every game"
            if self.check_every == 1
            else f"{self.checked} game{'' if self.checked == 1 else 's'} (every "
            f"{_ordinal(self.check_every)} from game 0)"
        )
        lines = [
            f"soak: {self.games} games of Sagrada (seed {self.seed}; 1, 2, 3, 4 players x tools "
            f"1 to 5; uniform and eager play), {self.plies} decisions",
            f"  every game on the core ({self.kernel}), its own checks at every step: dice, "
            "windows, turn order, favor tokens, pool, round track, legal ids, at most "
            "max_game_length decisions",
            f"  {which} also on the reference engine, the core cross-checked at every ply "
            "(legal ids, events, position; scores and winners at the end)",
            f"  and {len(self.invariants)} invariants checked at every step: "
            + ", ".join(self.invariants),
        ]
        if self.counts:
            lines.append("  " + "; ".join(f"{name}: {count}" for name, count in self.counts))
        lines.append(f"  failures: {len(self.failures)}")
        lines += [f"  - {failure}" for failure in self.failures[:limit]]
        if len(self.failures) > limit:
            lines.append(f"  ... and {len(self.failures) - limit} more")
        return "\n".join(lines)


def game_plan(index: int, seed: int = 0, check_every: int = 1) -> GamePlan:
    """The plan of game ``index`` (from 0) of a soak with ``seed``: the generic soak's game
    (:func:`sintra_rules.verify.soak.soak_plan`), also on the reference engine when ``index``
    is a multiple of ``check_every``.

    Args:
        index: the game's number in the soak.
        seed: the soak's seed.
        check_every: every how many games one is also played on the reference engine.

    Returns:
        The plan.

    >>> game_plan(9, seed=1)  # doctest: +NORMALIZE_WHITESPACE
    GamePlan(num_players=1, options=(('tools', '1'),), seed=4294967305, policy='eager',
             reference=True)
    >>> game_plan(9, check_every=7).reference, game_plan(14, check_every=7).reference
    (False, True)
    """
    plan = soak_plan(index, seed, game=GAME)
    policy: Policy = "eager" if plan.policy == "eager" else "uniform"
    return GamePlan(plan.num_players, plan.options, plan.seed, policy, index % check_every == 0)


def _core_name(module: Any) -> str:
    return "compiled" if kernel.is_compiled(module) else "interpreted"


class _Twin:
    """The core playing alongside a reference game (:func:`play_checked`), compared with it
    ply by ply (ENG-18): the deal, the legal ids, the events and the position; at the end the
    scores and winners (ENG-13). A :class:`sintra_rules.verify.soak.Watch`."""

    def __init__(self, plan: GamePlan) -> None:
        self.plan = plan
        self.core = kernel.core
        self.where = f"the core ({_core_name(self.core)}) diverges from the reference engine"

    def start(self, state: Any) -> list[str]:
        """Deal the core's game and compare the set-up."""
        self.k = kernel.new_core(self.plan.num_players, self.plan.seed, tools=self.plan.tools)
        return self._position(state)

    def step(self, before: Any, action: Any, after: Any) -> list[str]:
        """Play ``action`` in the core and compare: a list of at most one divergence."""
        ids = self.core.legal_ids(self.k)
        want = list(legal_ids(before))
        if ids != want:
            return [f"{self.where}: legal ids {ids[:8]}... != {want[:8]}..."]
        _, events = apply_traced(before, action)
        got = kernel.step_traced(self.k, action_to_id(action), self.core)
        if got != events:
            wrong = next(
                (i for i, pair in enumerate(zip(got, events, strict=False)) if pair[0] != pair[1]),
                min(len(got), len(events)),
            )
            return [
                f"{self.where}: event {wrong} of the decision is "
                f"{got[wrong] if wrong < len(got) else None}, not "
                f"{events[wrong] if wrong < len(events) else None}"
            ]
        return self._position(after)

    def end(self, state: Any) -> list[str]:
        """ENG-13: the core's final scores and winners are the engine's."""
        want = final_result(state)
        k = self.k
        scores = tuple(self.core.score(k, seat) for seat in range(self.plan.num_players))
        if scores != want.scores or tuple(self.core.winners(k)) != want.winners:
            return [f"{self.where}: the result differs"]
        return []

    def _position(self, state: Any) -> list[str]:
        if kernel.from_core(self.k) != state:
            return [f"{self.where}: the position differs"]
        return []


_TOOLS = tuple(f"tool {n}" for n in range(13))
_NAMES = ("die moved", "returned to pool", "turn skipped")


def _play_core(plan: GamePlan) -> GameResult:
    """Play ``plan`` on the core alone with its own checks at every step
    (:func:`sintra_rules.games.sagrada.kernel.core.soak_game`)."""
    core = kernel.core
    try:
        k = kernel.new_core(plan.num_players, plan.seed, tools=plan.tools)
        rng = seed_state(plan.seed)
        length = GAME.facts(plan.num_players, dict(plan.options)).max_game_length
        figures, message = core.soak_game(
            k, core.Rng(rng >> 32, rng & 0xFFFFFFFF), plan.policy == "eager", length
        )
    except Exception as error:  # a crash is a failure of this game, reported with its plan
        failure = SoakFailure(plan, 0, "(core)", f"crash: {type(error).__name__}: {error}")
        return GameResult(plan, 0, (), (failure,))
    plies, last = figures[0], figures[1]
    counts = {_TOOLS[n]: figures[1 + n] for n in range(1, 13) if figures[1 + n]}
    counts.update({name: figures[14 + i] for i, name in enumerate(_NAMES) if figures[14 + i]})
    if figures[17] >= 0:
        counts["solo won" if figures[17] else "solo lost"] = 1
    failures: tuple[SoakFailure, ...] = ()
    if message:
        action = "(set-up)" if last < 0 else f"action id {last}"
        failures = (SoakFailure(plan, plies, action, f"core ({_core_name(core)}): {message}"),)
    return GameResult(plan, plies, tuple(sorted(counts.items())), failures)


def play_checked(plan: GamePlan) -> GameResult:
    """Play one game by ``plan``: on the core alone with its own checks, or, when
    ``plan.reference``, on the reference engine by :func:`sintra_rules.verify.soak.soak_game`
    (the protocol's checks and the 17 invariants at every step) with the core cross-checked
    at every ply (see the module's description).

    Args:
        plan: the game.

    Returns:
        What it did, with its failures (a crash is one, never raised).

    >>> plan = GamePlan(3, {}, 42, "eager")
    >>> result = play_checked(plan)
    >>> result.failures, result.plies > 0
    ((), True)
    >>> core_only = attrs.evolve(plan, reference=False)
    >>> play_checked(core_only) == attrs.evolve(result, plan=core_only)
    True
    """
    if not plan.reference:
        return _play_core(plan)
    generic = SoakPlan("sagrada", plan.num_players, plan.options, plan.seed, plan.policy)
    result = soak_game(generic, game=GAME, watch=_Twin(plan))
    failures = tuple(SoakFailure(plan, f.ply, f.action, f.message) for f in result.failures)
    return GameResult(plan, result.plies, result.counts, failures)


def run_soak(
    games: int,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    workers: int | None = 1,
    ray: Ray | None = None,
    check_every: int = CHECK_EVERY,
) -> SoakReport:
    """Play ``games`` checked games (see :func:`game_plan` and :func:`play_checked`) and add up
    what they saw.

    Args:
        games: how many games (>= 0).
        seed: the soak's seed (>= 0).
        progress: called as ``progress(done, games)`` after each game.
        workers: play the games in that many processes (the report is the same).
        ray: play them on Ray (:func:`sintra_rules.distributed.fan_out`).
        check_every: every how many games one is also played on the reference engine (1: all).

    Returns:
        The totals and every failure.

    Raises:
        InvalidArgument: a negative ``games`` or ``seed``, or ``workers`` or ``check_every``
            below 1.
    """
    for name, value, low in (
        ("games", games, 0),
        ("seed", seed, 0),
        ("workers", workers, 1),
        ("check_every", check_every, 1),
    ):
        if value is not None and value < low:
            raise InvalidArgument(name, f"must be >= {low}, got {value}")
    plans = [game_plan(index, seed, check_every) for index in range(games)]
    plies = 0
    counts: dict[str, int] = {}
    failures: list[SoakFailure] = []
    results = fan_out(play_checked, plans, workers=workers, ray=ray, chunk=None if ray else 8)
    for done, result in enumerate(results, 1):
        plies += result.plies
        for name, count in result.counts:
            counts[name] = counts.get(name, 0) + count
        failures += result.failures
        if progress is not None:
            progress(done, games)
    return SoakReport(
        seed,
        games,
        plies,
        tuple(sorted(counts.items(), key=_count_order)),
        tuple(failures),
        sum(plan.reference for plan in plans),
        check_every,
        _core_name(kernel.core),
        tuple(invariant.name for invariant in INVARIANTS),
    )


def _count_order(item: tuple[str, int]) -> tuple[int, int, str]:
    """Tools by number first, then the other counts by name."""
    name = item[0]
    if name.startswith("tool "):
        return (0, int(name[5:]), "")
    return (1, 0, name)


def _ordinal(n: int) -> str:
    """``2`` -> ``2nd``, ``7`` -> ``7th``, ``11`` -> ``11th``, ``21`` -> ``21st``."""
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"
