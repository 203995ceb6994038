"""The shared conformance check of the game protocol, for any game (pgx's ``api_test``,
OpenSpiel's integration ``api_test``).

:func:`check_game` plays seeded random games of a game that implements
:class:`~sintra_rules.game.Game`, at every player count and every value of every option, half
of them with the game's own generator and half with explicit chance steps whose outcomes the
check draws itself, and checks at every step:

* ``start``: deterministic per seed; the set-up with ``sample=False`` resolved step by step
  is the sampled set-up; a player count or option the game does not take is refused;
  ``options_of`` gives the options the game started with that apply to its player count
  (:meth:`~sintra_rules.game.GameInfo.options_for`), at the start and at the end;
* ``values``: states are hashable and equal by value, ``apply`` leaves its input untouched, and
  ``serialize``/``deserialize`` round-trip to an equal state with the same digest;
* ``legal actions``: distinct, non-empty while a player is to act, ``()`` during a chance step
  and at the end; their ids increase (id order is canonical order), lie in
  ``range(num_actions)`` and map back to the same actions; their text reads back to them;
* ``illegal action``: an action outside the legal list is refused with
  :class:`~sintra_rules.errors.IllegalAction`, the state untouched; at a chance step any action
  is refused; at the end too (:class:`~sintra_rules.errors.GameOver` or
  :class:`~sintra_rules.errors.IllegalAction`);
* ``chance``: outcomes distinct, increasing, in ``range(max_chance_outcomes)``, with exact
  :class:`~fractions.Fraction` probabilities summing to 1; a sampled step lands on one of
  them; an outcome that is not listed is refused;
* ``observation``: every seat's observation has ``observation_size`` finite values, each within
  ``[observation_low, observation_high]``;
* ``no peeking``: ``determinize`` changes only the generator when no viewer is given, and for a
  viewer leaves that viewer's observation (tensor and string) unchanged; for a game with
  perfect information it never changes the position;
* ``termination``: at most ``max_game_length`` player decisions; every final score within
  ``[min_score, max_score]``;
* ``result``: :class:`~sintra_rules.errors.GameNotOver` before the end; at the end one score and
  one key per seat, each key starting with its score, and every winner with the best key.
* ``files`` (a game with :class:`~sintra_rules.game.Recognised`): every kind it declares is one
  of :data:`~sintra_rules.game.FILE_KINDS`; it claims its own writers' files as what they are
  (``serialize``: a state document; with :class:`~sintra_rules.game.Positions`, a position;
  with :class:`~sintra_rules.game.Recorded`, a game record and, where it writes one, a text
  record) and no empty text or empty JSON object.

A failure raises :class:`~sintra_rules.errors.ConformanceFailure` naming the game, the players,
the options, the seed, the ply and the check.
"""

from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from sintra_rules.errors import (
    ConfigurationError,
    ConformanceFailure,
    GameNotOver,
    GameOver,
    IllegalAction,
    InvalidArgument,
    RecordError,
    SintraError,
)
from sintra_rules.game import (
    FILE_KINDS,
    Game,
    Positions,
    Recognised,
    Recorded,
    current_player,
    log_game,
    resolve_chance,
    same_position,
)
from sintra_rules.rng import below, next_u64, seed_state

__all__ = ["ApiReport", "check_game", "configurations"]


@attrs.frozen
class ApiReport:
    """What :func:`check_game` played: games, player decisions and chance steps."""

    game: str
    games: int
    decisions: int
    chance_steps: int


def configurations(
    game: Game[Any, Any], players: Sequence[int] | None = None
) -> list[tuple[int, dict[str, str]]]:
    """Every player count (or those given) with the default options, then every other value of
    each option that applies to that count, one at a time.

    Args:
        game: the game.
        players: the player counts to use (default: every count the game takes).

    Returns:
        ``(num_players, options)`` pairs.
    """
    counts = tuple(players) if players is not None else game.info.player_counts
    plans: list[tuple[int, dict[str, str]]] = []
    for count in counts:
        plans.append((count, {}))
        for option in game.info.options:
            if not option.applies_to(count):
                continue
            for value in option.values:
                if value != option.default:
                    plans.append((count, {option.name: value}))
    return plans


class _Check:
    """One game's checks, with what to name in a failure."""

    def __init__(self, game: Game[Any, Any], players: int, options: Mapping[str, str], seed: int):
        self.game = game
        self.players = players
        self.options = dict(options)
        self.seed = seed
        self.ply = 0
        self.facts = game.facts(players, self.options)

    def fail(self, check: str, message: str) -> ConformanceFailure:
        where = (
            f"{self.game.info.name}, {self.players} players, options {self.options}, "
            f"seed {self.seed}, ply {self.ply}"
        )
        return ConformanceFailure(check, f"{where}: {message}")

    def expect(self, condition: bool, check: str, message: str) -> None:
        if not condition:
            raise self.fail(check, message)


def _values(c: _Check, state: Any) -> None:
    """Hashable, equal by value, serialization round trip and digest (the ``values`` check)."""
    game = c.game
    hash(state)
    c.expect(game.info.name == type(state).GAME, "values", f"state.GAME is {type(state).GAME!r}")
    text = game.serialize(state)
    back = game.deserialize(text)
    c.expect(back == state, "values", "deserialize(serialize(state)) != state")
    c.expect(hash(back) == hash(state), "values", "equal states hash differently")
    c.expect(
        game.state_digest(back) == game.state_digest(state),
        "values",
        "equal states have different digests",
    )
    c.expect(state.num_players == c.players, "values", f"num_players is {state.num_players}")


def _chance(c: _Check, state: Any) -> None:
    """The ``chance`` and ``illegal action`` checks at a chance step."""
    game = c.game
    c.expect(tuple(game.legal_actions(state)) == (), "legal actions", "actions at a chance step")
    outcomes = tuple(game.chance_outcomes(state))
    c.expect(bool(outcomes), "chance", "a chance step with no outcomes")
    values = [o for o, _ in outcomes]
    c.expect(values == sorted(set(values)), "chance", f"outcomes not increasing: {values}")
    c.expect(
        all(isinstance(o, int) and 0 <= o < c.facts.max_chance_outcomes for o in values),
        "chance",
        f"outcomes {values} outside range({c.facts.max_chance_outcomes})",
    )
    c.expect(
        all(isinstance(p, Fraction) and p > 0 for _, p in outcomes),
        "chance",
        "probabilities must be positive Fractions",
    )
    c.expect(sum(p for _, p in outcomes) == 1, "chance", "probabilities do not sum to 1")
    for bad in (-1, c.facts.max_chance_outcomes):
        if bad not in values:
            try:
                game.apply_chance(state, bad)
            except IllegalAction:
                pass
            else:
                raise c.fail("chance", f"the outcome {bad}, not listed, was accepted")
    _refuses(c, state, game.id_to_action(state, 0), IllegalAction)


def _refuses(
    c: _Check, state: Any, action: Any, error: type[SintraError] | tuple[type[SintraError], ...]
) -> None:
    """``apply(state, action)`` raises ``error`` and leaves ``state`` untouched."""
    before = c.game.serialize(state)
    try:
        c.game.apply(state, action)
    except error:
        pass
    else:
        raise c.fail("illegal action", f"{action!r} was accepted")
    c.expect(c.game.serialize(state) == before, "illegal action", "a refused action changed")


def _ids(c: _Check, state: Any, actions: Sequence[Any]) -> None:
    """The ``legal actions`` check at a decision."""
    game = c.game
    c.expect(bool(actions), "legal actions", "no legal action while a player is to act")
    c.expect(len(set(actions)) == len(actions), "legal actions", "an action listed twice")
    ids = tuple(game.legal_ids(state))
    c.expect(
        ids == tuple(game.action_to_id(state, a) for a in actions),
        "legal actions",
        "legal_ids differ from the ids of legal_actions",
    )
    c.expect(list(ids) == sorted(set(ids)), "legal actions", "ids not increasing (canonical order)")
    c.expect(
        all(0 <= i < c.facts.num_actions for i in ids),
        "legal actions",
        f"an id outside range({c.facts.num_actions})",
    )
    for action_id, action in zip(ids, actions, strict=True):
        c.expect(
            game.id_to_action(state, action_id) == action,
            "legal actions",
            f"id {action_id} maps back to another action",
        )
        text = game.action_to_text(state, action)
        c.expect(
            game.action_from_text(state, text) == action,
            "legal actions",
            f"the text {text!r} reads back to another action",
        )
    listed = set(ids)
    illegal = next((i for i in range(c.facts.num_actions) if i not in listed), None)
    if illegal is not None:
        _refuses(c, state, game.id_to_action(state, illegal), IllegalAction)


def _observation(c: _Check, state: Any) -> None:
    """The ``observation`` and ``no peeking`` checks at a decision."""
    game = c.game
    for seat in range(c.players):
        seen = game.observe(state, seat)
        c.expect(
            len(seen) == c.facts.observation_size,
            "observation",
            f"seat {seat} sees {len(seen)} values, not {c.facts.observation_size}",
        )
        c.expect(all(math.isfinite(x) for x in seen), "observation", "a value is not finite")
        low, high = c.facts.observation_low, c.facts.observation_high
        c.expect(
            all(low <= x <= high for x in seen),
            "observation",
            f"seat {seat} sees a value outside [{low}, {high}]: "
            f"{min(seen, default=0)} to {max(seen, default=0)}",
        )
    plain = game.determinize(state, c.seed + 1)
    c.expect(same_position(game, plain, state), "no peeking", "determinize changed the position")
    for seat in range(c.players):
        for k in (c.seed + 2, c.seed + 3):
            other = game.determinize(state, k, viewer=seat)
            c.expect(
                tuple(game.observe(other, seat)) == tuple(game.observe(state, seat))
                and game.observation_string(other, seat) == game.observation_string(state, seat),
                "no peeking",
                f"determinize for viewer {seat} changed what that seat sees",
            )
            if game.info.perfect_information:
                c.expect(
                    same_position(game, other, state),
                    "no peeking",
                    "a game with perfect information changed a position when determinized",
                )


def _end(c: _Check, state: Any, decisions: int) -> None:
    """The ``termination`` and ``result`` checks at the end of a game."""
    game = c.game
    c.expect(state.chance is None, "result", "a chance step is pending at the end")
    c.expect(tuple(game.legal_actions(state)) == (), "legal actions", "actions after the end")
    c.expect(tuple(game.chance_outcomes(state)) == (), "chance", "chance outcomes after the end")
    c.expect(
        decisions <= c.facts.max_game_length,
        "termination",
        f"{decisions} decisions, more than max_game_length {c.facts.max_game_length}",
    )
    result = game.result(state)
    c.expect(
        len(result.scores) == c.players and len(result.keys) == c.players,
        "result",
        "not one score and one key per seat",
    )
    for seat, (score, key) in enumerate(zip(result.scores, result.keys, strict=True)):
        c.expect(key[:1] == (score,), "result", f"seat {seat}'s key does not start with its score")
        c.expect(
            c.facts.min_score <= score <= c.facts.max_score,
            "termination",
            f"seat {seat} scored {score}, outside [{c.facts.min_score}, {c.facts.max_score}]",
        )
    best = max(result.keys)
    c.expect(
        all(0 <= w < c.players and result.keys[w] == best for w in result.winners),
        "result",
        f"winners {result.winners} do not all have the best key",
    )


def _pick(outcomes: Sequence[tuple[int, Fraction]], u: Fraction) -> int:
    """The outcome at ``u`` (in ``[0, 1)``) of the cumulative probabilities."""
    for outcome, p in outcomes:
        u -= p
        if u < 0:
            return outcome
    return outcomes[-1][0]


def _play_one(c: _Check, explicit: bool) -> tuple[int, int]:
    """One random game with every check; ``explicit``: no generator, chance drawn here."""
    game = c.game
    draw = seed_state(c.seed * 2 + explicit)
    state = game.start(c.players, seed=None if explicit else c.seed, options=c.options)
    decisions = chance_steps = 0
    while not state.is_over:
        _values(c, state)
        if current_player(state) < 0:  # a chance step
            chance_steps += 1
            _chance(c, state)
            outcomes = tuple(game.chance_outcomes(state))
            draw, u = next_u64(draw)
            chosen_outcome = _pick(outcomes, Fraction(u, 1 << 64))
            chosen = (
                game.apply_chance(state, chosen_outcome) if explicit else game.sample_chance(state)
            )
            if not explicit:
                c.expect(
                    any(
                        same_position(game, chosen, game.apply_chance(state, o))
                        for o, _ in outcomes
                    ),
                    "chance",
                    "the sampled step is none of the listed outcomes",
                )
            state = chosen
            continue
        actions = tuple(game.legal_actions(state))
        _ids(c, state, actions)
        _observation(c, state)
        try:
            game.result(state)
        except GameNotOver:
            pass
        else:
            raise c.fail("result", "a result before the end of the game")
        draw, index = below(draw, len(actions))
        before, copy = hash(state), game.serialize(state)
        after = game.apply(state, actions[index], sample=not explicit)
        c.expect(
            hash(state) == before and game.serialize(state) == copy,
            "values",
            "apply changed its input",
        )
        state = after
        decisions += 1
        c.ply += 1
        c.expect(
            decisions <= c.facts.max_game_length,
            "termination",
            f"more than max_game_length {c.facts.max_game_length} decisions",
        )
    _values(c, state)
    _end(c, state, decisions)
    _options(c, state)
    _refuses(c, state, game.id_to_action(state, 0), (GameOver, IllegalAction))
    return decisions, chance_steps


def _start(c: _Check) -> None:
    """The ``start`` checks."""
    game = c.game
    a = game.start(c.players, seed=c.seed, options=c.options)
    b = game.start(c.players, seed=c.seed, options=c.options)
    c.expect(a == b, "start", "two starts with one seed differ")
    unset = game.start(c.players, seed=c.seed, options=c.options, sample=False)
    c.expect(resolve_chance(game, unset) == a, "start", "the set-up resolved step by step differs")
    _options(c, a)


def _options(c: _Check, state: Any) -> None:
    """``options_of`` gives the options the game was started with that apply to its seats."""
    want = c.game.info.options_for(c.players, c.options)
    got = dict(c.game.options_of(state))
    c.expect(got == want, "start", f"options_of gives {got}, the game was started with {want}")


def _files(c: _Check, state: Any) -> None:
    """The ``files`` check, on the seeded start ``state`` of the configuration."""
    game = c.game
    if not isinstance(game, Recognised):
        return
    kinds = [f.kind for f in game.file_formats]
    c.expect(set(kinds) <= set(FILE_KINDS), "files", f"kinds of file {kinds} beyond FILE_KINDS")
    written = [("state document", game.serialize(state))]
    if isinstance(game, Positions):
        written.append(("position", game.position_to_text(state)))
    if isinstance(game, Recorded):
        log = log_game(game, c.players, [], seed=c.seed, options=c.options)
        written.append(("game record", game.write_record(log)))
        with contextlib.suppress(RecordError):  # a game whose text records cannot hold it
            written.append(("text record", game.write_record(log, text=True)))
    for kind, text in written:
        c.expect(kind in kinds, "files", f"it writes a {kind} but does not declare the kind")
        claim = game.claim_file(text)
        found = None if claim is None else claim.kind
        c.expect(found == kind, "files", f"its own {kind} is claimed as {found!r}")
    for other in ("", "{}"):
        c.expect(game.claim_file(other) is None, "files", f"it claims the text {other!r}")


def _refused_configurations(game: Game[Any, Any]) -> None:
    """Player counts and options the game does not take are refused."""
    counts = game.info.player_counts
    for bad in (0, max(counts) + 1):
        for call in (game.start, game.facts):
            try:
                call(bad)
            except ConfigurationError:
                pass
            else:
                raise ConformanceFailure("start", f"{game.info.name}: {bad} players accepted")
    try:
        game.start(counts[0], options={"no such option": "x"})
    except ConfigurationError:
        pass
    else:
        raise ConformanceFailure("start", f"{game.info.name}: an unknown option was accepted")


def check_game(
    game: Game[Any, Any],
    *,
    games: int = 2,
    seed: int = 0,
    players: Sequence[int] | None = None,
) -> ApiReport:
    """Play random games of ``game`` and check the protocol at every step (see the module).

    Args:
        game: the game (a registered one, :func:`sintra_rules.make`, or any other).
        games: games per configuration (player count and options), at least 2; they
        alternate between the game's generator and explicit chance.
        seed: the first game's seed; each further game takes the next.
        players: the player counts to check (default: every count the game takes).

    Returns:
        What was played.

    Raises:
        ConformanceFailure: the first check that failed, naming game, seed, ply and check.
        InvalidArgument: ``games`` below 2.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 2:
        raise InvalidArgument("games", f"check_game needs at least 2 games, got {games!r}")
    _refused_configurations(game)
    played = decisions = chance_steps = 0
    for (count, options), k in itertools.product(configurations(game, players), range(games)):
        check = _Check(game, count, options, seed + k)
        if k == 0:
            _start(check)
            _files(check, game.start(count, seed=check.seed, options=options))
        d, n = _play_one(check, explicit=bool(k % 2))
        played, decisions, chance_steps = played + 1, decisions + d, chance_steps + n
    return ApiReport(game.info.name, played, decisions, chance_steps)
