"""Soak: many seeded random games of any game, every step checked.

Game ``i`` of a soak of ``game`` with seed ``S`` is fully determined by :func:`soak_plan`: the
configuration ``configurations(game)[i % C]`` (every player count with the default options,
then every other value of each option, as :func:`sintra_rules.verify.api.configurations` lists
them), the policy ``policies(game)[(i // C) % P]`` and the game seed ``S * 2**32 + i``. The game
is ``game.start(players, seed=game seed, options=...)`` played by one SplitMix64 stream seeded
with the game seed (ENG-02): each action is drawn uniformly among the legal actions (canonical
order, ENG-05), or among a policy's pool of them (:attr:`sintra_rules.game.Verified.soak_policies`;
Sintra's ``placing``). Every action is applied with ``sample=False`` and each chance step that
follows is then drawn from the state's generator, one by one, so that each is checked; the
games are those of ``apply`` with ``sample=True``.

Which checks run (the cheap ones of the protocol's conformance check,
:mod:`sintra_rules.verify.api`, plus the game's own):

* **values**: every state hashable, of the game (``GAME``) and with the plan's seats; ``apply``
  leaves its input untouched;
* **legal actions**: distinct, present while a player is to act, their ids
  (:meth:`~sintra_rules.game.Encoded.legal_ids`) one per action, increasing and in
  ``range(num_actions)``;
* **chance**: every chance step's outcomes increasing, in ``range(max_chance_outcomes)``, with
  positive exact probabilities summing to 1;
* **termination**: at most ``max_game_length`` player decisions;
* **result**: at the end no legal action nor chance outcome, one score per seat within
  ``[min_score, max_score]``, every winner with the best key, and no action that was legal
  before the end applies after it (``GameOver`` or ``IllegalAction``);
* **the game's own invariants**, for a game with the capability
  :class:`~sintra_rules.game.Verified`: ``check_state`` before the first action and after every
  one, ``check_step`` for every step (whose counts of rare events the report adds up).

A game stops at its first failing step. A failure names its plan, so that
``soak_game(plan, game=...)`` reproduces it alone. A game with checks of its own beyond these
passes a :class:`Watch` (Sintra cross-checks its compiled kernel so, in
:mod:`sintra_rules.games.sintra.verify.soak`, the soak of ``sintra soak``).

>>> report = run_soak(6)
>>> report.games, report.failures
(6, ())
>>> print(report.summary().splitlines()[0])  # doctest: +ELLIPSIS
soak: 6 games of Azul: Stained Glass of Sintra (seed 0; 2, 3, 4 players x side A, B; ...
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

import attrs

from sintra_rules._words import plural
from sintra_rules.distributed import Ray, fan_out
from sintra_rules.errors import GameOver, IllegalAction, InvalidArgument, InvariantBroken
from sintra_rules.game import Facts, Game, Verified
from sintra_rules.games import make
from sintra_rules.rng import seed_state
from sintra_rules.verify._plays import Pool, draw
from sintra_rules.verify.api import configurations

__all__ = [
    "UNIFORM",
    "SoakFailure",
    "SoakPlan",
    "SoakReport",
    "SoakResult",
    "Watch",
    "policies",
    "run_soak",
    "soak_game",
    "soak_plan",
]

#: The policy every game has: uniformly among the legal actions.
UNIFORM = "uniform"


def _options(value: Mapping[str, str] | Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(dict(value).items()))


def _in_order(counts: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    """The counted events by name, their numbers in numeric order (``tool 2`` before
    ``tool 10``).

    >>> [name for name, _ in _in_order({"tool 10": 1, "tool 2": 1, "die moved": 4})]
    ['die moved', 'tool 2', 'tool 10']
    """

    def key(item: tuple[str, int]) -> tuple[tuple[str, int], ...]:
        parts = re.split(r"(\d+)", item[0])
        return tuple((part, 0) if i % 2 == 0 else ("", int(part)) for i, part in enumerate(parts))

    return tuple(sorted(counts.items(), key=key))


@attrs.frozen
class SoakPlan:
    """One soak game: the game's name, players, options (name, value pairs, sorted; the
    defaults left out), game seed and policy."""

    game: str
    num_players: int
    options: tuple[tuple[str, str], ...] = attrs.field(converter=_options)
    seed: int
    policy: str = UNIFORM

    def reproducer(self) -> str:
        """A Python expression that plays this game alone."""
        return f"soak_game({self!r}, game=make({self.game!r}))"

    def __str__(self) -> str:
        options = "".join(f", {name} {value}" for name, value in self.options)
        return (
            f"{self.game}, {plural(self.num_players, 'player')}{options}, seed {self.seed}, "
            f"{self.policy} play"
        )


@attrs.frozen
class SoakFailure:
    """A failed check (or a crash) in one game, at ``ply`` (0 = the set-up position)."""

    plan: SoakPlan
    ply: int
    action: str
    message: str

    def __str__(self) -> str:
        return (
            f"{self.plan}, ply {self.ply} ({self.action}): {self.message}\n"
            f"    reproduce: {self.plan.reproducer()}"
        )


@attrs.frozen
class SoakResult:
    """What one checked game did: its player decisions, chance steps, the rare events its
    game counted (name, count pairs, sorted) and its failures."""

    plan: SoakPlan
    plies: int
    chance_steps: int
    counts: tuple[tuple[str, int], ...]
    failures: tuple[SoakFailure, ...]


@attrs.frozen
class SoakReport:
    """The totals of a soak: games, player decisions, chance steps, the rare events the game
    counted and every failure with its game."""

    game: str
    title: str
    seed: int
    games: int
    plies: int
    chance_steps: int
    counts: tuple[tuple[str, int], ...]
    failures: tuple[SoakFailure, ...]
    #: What was played: the player counts, options and policies.
    played: str = ""
    #: The names of the game's own invariants (empty: the game has none).
    invariants: tuple[str, ...] = ()

    def summary(self, limit: int = 20) -> str:
        """A human-readable report; at most ``limit`` failures are listed in full."""
        lines = [
            f"soak: {plural(self.games, 'game')} of {self.title} (seed {self.seed}; "
            f"{self.played}), {plural(self.plies, 'ply', 'plies')}, "
            f"{plural(self.chance_steps, 'chance step')}",
            "  checked at every step: values, legal actions and their ids, chance outcomes, "
            "termination within max_game_length; at the end the result",
        ]
        if self.invariants:
            lines.append(
                f"  and the game's {len(self.invariants)} invariants at every step: "
                + ", ".join(self.invariants)
            )
        if self.counts:
            lines.append("  " + "; ".join(f"{name}: {count}" for name, count in self.counts))
        lines.append(f"  failures: {len(self.failures)}")
        lines += [f"  - {failure}" for failure in self.failures[:limit]]
        if len(self.failures) > limit:
            lines.append(f"  ... and {len(self.failures) - limit} more")
        return "\n".join(lines)


class Watch(Protocol):
    """Checks of a game's own that follow one whole game (and may keep state between its
    steps), beyond :class:`~sintra_rules.game.Verified`: each returns the failures it found."""

    def start(self, state: Any, /) -> Sequence[str]:
        """Check the set-up position."""
        ...

    def step(self, before: Any, action: Any, after: Any, /) -> Sequence[str]:
        """Check one step (``after``: every chance step that followed resolved)."""
        ...

    def end(self, state: Any, /) -> Sequence[str]:
        """Check the final position."""
        ...


def policies(game: Game[Any, Any] | None = None) -> tuple[str, ...]:
    """The policies of a game's soak: ``"uniform"``, then the game's own
    (:attr:`sintra_rules.game.Verified.soak_policies`).

    Args:
        game: the game (default: Sintra).

    Returns:
        The policy names, in the order soak games cycle through them.

    >>> policies()
    ('uniform', 'placing')
    """
    game = make("sintra") if game is None else game
    own = tuple(game.soak_policies) if isinstance(game, Verified) else ()
    return (UNIFORM, *own)


def _pool(game: Game[Any, Any], policy: str) -> Pool | None:
    if policy == UNIFORM:
        return None
    if isinstance(game, Verified) and policy in game.soak_policies:
        return game.soak_policies[policy]
    raise InvalidArgument(
        "policy", f"{game.info.name} has no policy {policy!r} (its: {', '.join(policies(game))})"
    )


def soak_plan(index: int, seed: int = 0, *, game: Game[Any, Any] | None = None) -> SoakPlan:
    """The plan of game ``index`` (from 0) of a soak with ``seed``.

    Args:
        index: the game's number in the soak.
        seed: the soak's seed.
        game: the game (default: Sintra).

    Returns:
        The plan.

    >>> soak_plan(7, seed=1)  # doctest: +NORMALIZE_WHITESPACE
    SoakPlan(game='sintra', num_players=2, options=(('side', 'B'),), seed=4294967303,
             policy='placing')
    """
    game = make("sintra") if game is None else game
    configs = configurations(game)
    names = policies(game)
    players, options = configs[index % len(configs)]
    policy = names[(index // len(configs)) % len(names)]
    return SoakPlan(game.info.name, players, options, (seed << 32) + index, policy)


class _Checks:
    """The generic checks of one game, with the facts they need."""

    def __init__(self, game: Game[Any, Any], plan: SoakPlan, facts: Facts) -> None:
        self.game = game
        self.plan = plan
        self.facts = facts
        self.verified = game if isinstance(game, Verified) else None

    def values(self, state: Any) -> Iterable[str]:
        hash(state)
        if getattr(type(state), "GAME", None) != self.game.info.name:
            yield f"values: a state of {getattr(type(state), 'GAME', None)!r}"
        if state.num_players != self.plan.num_players:
            yield f"values: {state.num_players} seats, not {self.plan.num_players}"

    def state(self, state: Any) -> list[str]:
        found = list(self.values(state))
        if self.verified is not None:
            try:
                self.verified.check_state(state)
            except InvariantBroken as error:
                found.append(str(error))
        return found

    def decision(self, state: Any, actions: Sequence[Any]) -> Iterable[str]:
        if not actions:
            yield "legal actions: none while a player is to act"
            return
        if len(set(actions)) != len(actions):
            yield "legal actions: an action listed twice"
        ids = list(self.game.legal_ids(state))
        if len(ids) != len(actions):
            yield f"legal actions: {len(ids)} ids for {len(actions)} actions"
        if ids != sorted(set(ids)) or not all(0 <= i < self.facts.num_actions for i in ids):
            yield f"legal actions: ids not increasing in range({self.facts.num_actions})"

    def chance(self, state: Any) -> Iterable[str]:
        outcomes = list(self.game.chance_outcomes(state))
        values = [o for o, _ in outcomes]
        if not outcomes:
            yield "chance: a chance step with no outcomes"
        if values != sorted(set(values)) or not all(
            0 <= o < self.facts.max_chance_outcomes for o in values
        ):
            yield f"chance: outcomes not increasing in range({self.facts.max_chance_outcomes})"
        if not all(isinstance(p, Fraction) and p > 0 for _, p in outcomes):
            yield "chance: probabilities must be positive Fractions"
        elif sum(p for _, p in outcomes) != 1:
            yield "chance: probabilities do not sum to 1"

    def end(self, state: Any, last: tuple[Any, Sequence[Any]] | None) -> Iterable[str]:
        game, facts, players = self.game, self.facts, self.plan.num_players
        if tuple(game.legal_actions(state)) or tuple(game.chance_outcomes(state)):
            yield "result: legal actions or chance outcomes after the end"
        result = game.result(state)
        if len(result.scores) != players or len(result.keys) != players:
            yield "result: not one score and one key per seat"
        for seat, score in enumerate(result.scores):
            if not facts.min_score <= score <= facts.max_score:
                yield (
                    f"result: seat {seat} scored {score}, outside "
                    f"[{facts.min_score}, {facts.max_score}]"
                )
        best = max(result.keys) if result.keys else ()
        if not all(0 <= w < players and result.keys[w] == best for w in result.winners):
            yield f"result: winners {result.winners} do not all have the best key"
        if last is not None:
            before, actions = last
            for action in actions:
                try:
                    game.apply(state, action)
                except (GameOver, IllegalAction):
                    continue
                yield (
                    f"result: {game.action_to_text(before, action)} applied after the end of "
                    "the game"
                )


def _text(game: Game[Any, Any], state: Any, action: Any) -> str:
    try:
        return game.action_to_text(state, action)
    except Exception:  # a failure report must not fail: fall back on the value
        return repr(action)


def soak_game(
    plan: SoakPlan, *, game: Game[Any, Any] | None = None, watch: Watch | None = None
) -> SoakResult:
    """Play one game by ``plan`` with every check of the module's description.

    Args:
        plan: the game to play.
        game: the game (default: the registered game ``plan.game``).
        watch: further checks of the game's own that follow the whole game.

    Returns:
        What the game did, with its failures (a crash is one, never raised).

    Raises:
        InvalidArgument: ``game`` is not the plan's game, or the plan's policy is not one of
        the game's.

    >>> result = soak_game(SoakPlan("sintra", 3, {"side": "B"}, 42, "placing"))
    >>> result.failures, result.plies > 0, result.chance_steps > 0
    ((), True, True)
    """
    game = make(plan.game) if game is None else game
    if game.info.name != plan.game:
        raise InvalidArgument("game", f"a plan of {plan.game!r} given {game.info.name!r}")
    pool = _pool(game, plan.policy)
    plies = chance_steps = 0
    counts: dict[str, int] = {}
    failures: list[SoakFailure] = []

    def fail(ply: int, action: str, messages: Iterable[object]) -> None:
        failures.extend(SoakFailure(plan, ply, action, str(m)) for m in messages)

    def resolve(state: Any) -> tuple[Any, list[str]]:
        """Every pending chance step checked, then drawn; stops at a failed check."""
        nonlocal chance_steps
        while state.chance is not None and not state.is_over:
            found = list(checks.chance(state))
            if found:
                return state, found
            state = game.sample_chance(state)
            chance_steps += 1
        return state, []

    action_text = "(set-up)"
    try:
        options = dict(plan.options)
        checks = _Checks(game, plan, game.facts(plan.num_players, options))
        state = game.start(plan.num_players, seed=plan.seed, options=options, sample=False)
        state, found = resolve(state)
        fail(0, action_text, found or checks.state(state))
        if watch is not None and not found:
            fail(0, action_text, watch.start(state))
        rng = seed_state(plan.seed)
        last: tuple[Any, Sequence[Any]] | None = None
        while not failures and not state.is_over:
            action_text = "(the next action)"
            actions = game.legal_actions(state)
            fail(plies + 1, action_text, checks.decision(state, actions))
            if failures:
                break
            rng, action = draw(game, state, rng, pool, actions)
            before, key = state, hash(state)
            after = game.apply(before, action, sample=False)
            if hash(before) != key:
                fail(plies + 1, action_text, ["values: apply changed its input"])
            plies += 1
            action_text = _text(game, before, action)
            after, found = resolve(after)
            if found:
                fail(plies, action_text, found)
                break
            if checks.verified is not None:
                try:
                    for name, count in checks.verified.check_step(before, action, after).items():
                        counts[name] = counts.get(name, 0) + count
                except InvariantBroken as error:
                    fail(plies, action_text, [error])
            fail(plies, action_text, checks.state(after))
            if watch is not None:
                fail(plies, action_text, watch.step(before, action, after))
            if plies > checks.facts.max_game_length:
                fail(
                    plies,
                    action_text,
                    [
                        f"termination: {plies} decisions, more than max_game_length "
                        f"{checks.facts.max_game_length}"
                    ],
                )
            last = (before, actions)
            state = after
        if state.is_over and not failures:
            action_text = "after the end"
            fail(plies, action_text, checks.end(state, last))
            if watch is not None:
                fail(plies, action_text, watch.end(state))
    except Exception as error:  # a crash is a failure of this game, reported with its plan
        fail(plies, action_text, [f"crash: {type(error).__name__}: {error}"])
    return SoakResult(plan, plies, chance_steps, _in_order(counts), tuple(failures))


def _soak_one(game: Game[Any, Any], plan: SoakPlan) -> SoakResult:
    """:func:`soak_game` with the game first (for :func:`functools.partial` in a fan-out)."""
    return soak_game(plan, game=game)


def _played(game: Game[Any, Any], plans: Sequence[SoakPlan]) -> str:
    """What the plans play, in words: player counts, option values and policies."""
    players = sorted({plan.num_players for plan in plans})
    options = [
        f"{option.name} {', '.join(option.values)}"
        for option in game.info.options
        if any(name == option.name for plan in plans for name, _ in plan.options)
    ]
    names = [name for name in policies(game) if any(plan.policy == name for plan in plans)]
    counted = f"{', '.join(map(str, players))} player{'' if players == [1] else 's'}"
    return " x ".join([counted, *options]) + f"; {' and '.join(names)} play"


def run_soak(
    games: int,
    seed: int = 0,
    *,
    game: Game[Any, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    workers: int | None = 1,
    ray: Ray | None = None,
) -> SoakReport:
    """Play ``games`` checked games (see :func:`soak_plan` and :func:`soak_game`) and add up
    what they saw.

    Args:
        games: how many games.
        seed: the soak's seed.
        game: the game (default: Sintra; its soak with the compiled kernel is
        :func:`sintra_rules.games.sintra.verify.soak.run_soak`).
        progress: called as ``progress(done, games)`` after each game.
        workers: play the games in that many processes (the report is the same).
        ray: play them on Ray (:func:`sintra_rules.distributed.fan_out`).

    Returns:
        The totals and every failure.

    Raises:
        InvalidArgument: a negative ``games`` or ``seed``, or ``workers`` below 1.
    """
    for name, value, low in (("games", games, 0), ("seed", seed, 0), ("workers", workers, 1)):
        if value is not None and value < low:
            raise InvalidArgument(name, f"must be >= {low}, got {value}")
    game = make("sintra") if game is None else game
    plans = [soak_plan(index, seed, game=game) for index in range(games)]
    plies = chance_steps = 0
    counts: dict[str, int] = {}
    failures: list[SoakFailure] = []
    task = functools.partial(_soak_one, game)
    for done, result in enumerate(
        fan_out(task, plans, workers=workers, ray=ray, chunk=None if ray else 8), 1
    ):
        plies += result.plies
        chance_steps += result.chance_steps
        for name, count in result.counts:
            counts[name] = counts.get(name, 0) + count
        failures += result.failures
        if progress is not None:
            progress(done, games)
    invariants = tuple(game.invariants) if isinstance(game, Verified) else ()
    return SoakReport(
        game.info.name,
        game.info.title,
        seed,
        games,
        plies,
        chance_steps,
        _in_order(counts),
        tuple(failures),
        _played(game, plans),
        invariants,
    )
