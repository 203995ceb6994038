"""Invariants of play, checked against an independent model of the rules.

Every invariant is a named function that cites the spec clauses it protects. Expectations come
from :mod:`sintra_rules.games.sintra.verify.oracle`, which derives them from the rules and the
pre-state alone (only :func:`~sintra_rules.games.sintra.rules.legal_actions` itself is compared with
the oracle's enumeration).

* :func:`check_state` checks one position (pieces conserved, track position, shapes, legal
  actions available and complete).
* :func:`check_transition` checks one step ``before --action--> after`` against what the rules
  say the action must do.
* :func:`examine` does the latter and also reports the events the step contains (wraps of the
  broken glass track, refills of the bag from the tower, partial refills), for the soak.

>>> from sintra_rules import apply, legal_actions
>>> from sintra_rules import new_game
>>> state = new_game(3, side="B", seed=11)
>>> action = legal_actions(state)[0]
>>> check_state(state), check_transition(state, action, apply(state, action))
([], [])
>>> sorted({inv.kind for inv in INVARIANTS})
['state', 'transition']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Literal

import attrs

from sintra_rules.games.sintra.actions import Action, Reset, Take
from sintra_rules.games.sintra.rules import legal_actions
from sintra_rules.games.sintra.state import GameState
from sintra_rules.games.sintra.verify.oracle import (
    FACTORY_CAPACITY,
    TOTAL_PIECES,
    WRAP_COST,
    Step,
    TransitionEvents,
    expected_actions,
    predict_step,
    predict_turn,
    strip_spaces,
    wraps_of,
)

__all__ = [
    "INVARIANTS",
    "Examination",
    "Invariant",
    "InvariantFailure",
    "check_state",
    "check_transition",
    "examine",
]


@attrs.frozen
class Invariant:
    """One named invariant: what it checks and the spec clauses it protects."""

    name: str
    kind: Literal["state", "transition"]
    clauses: tuple[str, ...]
    summary: str


@attrs.frozen
class InvariantFailure:
    """An invariant that does not hold, with the clauses it protects and what went wrong."""

    invariant: str
    clauses: tuple[str, ...]
    message: str

    def __str__(self) -> str:
        return f"{self.invariant} ({', '.join(self.clauses)}): {self.message}"


@attrs.frozen
class Examination:
    """The failures of one step (transition invariants only) and the events it contains."""

    failures: tuple[InvariantFailure, ...]
    events: TransitionEvents


_StateCheck = Callable[[GameState], Iterator[str]]
_StepCheck = Callable[[GameState, Action, GameState, Step], Iterator[str]]
_STATE_CHECKS: list[tuple[Invariant, _StateCheck]] = []
_STEP_CHECKS: list[tuple[Invariant, _StepCheck]] = []


def _state_invariant(*clauses: str) -> Callable[[_StateCheck], _StateCheck]:
    def register(check: _StateCheck) -> _StateCheck:
        doc = (check.__doc__ or "").strip().split("\n\n")[0]
        _STATE_CHECKS.append(
            (Invariant(check.__name__.lstrip("_"), "state", clauses, " ".join(doc.split())), check)
        )
        return check

    return register


def _step_invariant(*clauses: str) -> Callable[[_StepCheck], _StepCheck]:
    def register(check: _StepCheck) -> _StepCheck:
        doc = (check.__doc__ or "").strip().split("\n\n")[0]
        _STEP_CHECKS.append(
            (
                Invariant(check.__name__.lstrip("_"), "transition", clauses, " ".join(doc.split())),
                check,
            )
        )
        return check

    return register


@_state_invariant("COMP-01", "FIG-02", "SETUP-08", "SETUP-10", "END-01", "END-04", "END-05")
def _pieces_conserved(state: GameState) -> Iterator[str]:
    """100 pieces, 20 of each colour, over bag, factories, centre, tower, strips, windows and
    the round indicator; no count is negative."""
    table = state.components
    total = [0] * table.colours
    pools = [("bag", state.bag), ("tower", state.tower), ("centre", state.centre)]
    pools += [(f"factory {i + 1}", f) for i, f in enumerate(state.factories)]
    for seat, player in enumerate(state.players):
        for slot, strip in enumerate(player.strips):
            if strip is not None:
                pools.append((f"player {seat + 1} strip {slot + 1}", strip.filled))
                pools.append((f"player {seat + 1} strip {slot + 1} jokers", strip.jokers))
        for window in player.windows:
            for piece in window:
                if piece is not None:
                    total[piece] += 1
    for piece in state.indicator:
        total[piece] += 1
    for where, counts in pools:
        if len(counts) != table.colours or min(counts) < 0:
            yield f"{where} holds {counts}, not a count per colour"
        for colour, n in enumerate(counts):
            total[colour] += n
    per_colour = TOTAL_PIECES // len(total)
    if per_colour * len(total) != TOTAL_PIECES:
        yield f"{len(total)} colours cannot share {TOTAL_PIECES} pieces equally"
    for colour, n in enumerate(total):
        if n != per_colour:
            name = table.colour_names[colour]
            yield f"{n} {name} pieces in play, expected {per_colour}"


@_state_invariant("TRACK-01", "TRACK-03", "TRACK-04", "SETUP-07")
def _track_position(state: GameState) -> Iterator[str]:
    """Every marker is on the track but never rests on the bottom space, and points lost
    equal 18 x wraps + |value of the current space| for a whole number of wraps >= 0."""
    track = state.components.track
    if track[-1] != -WRAP_COST:
        yield f"the bottom space shows {track[-1]}, the rulebook says {-WRAP_COST}"
    for seat, player in enumerate(state.players):
        if type(player.marker) is not int or not 0 <= player.marker < len(track) - 1:
            yield f"player {seat + 1}'s marker is on space {player.marker!r}"
        elif wraps_of(state.components, player) is None:
            yield (
                f"player {seat + 1} lost {player.points_lost} points via the track, not "
                f"{WRAP_COST} x wraps + {-track[player.marker]}"
            )


@_state_invariant("FIG-03", "SETUP-01", "SETUP-09", "END-03")
def _factory_capacity(state: GameState) -> Iterator[str]:
    """As many factory displays as the player count asks for, each with at most 4 pieces."""
    table = state.components
    expected = table.factories_for(len(state.players))
    if len(state.factories) != expected:
        yield f"{len(state.factories)} factory displays, expected {expected}"
    for i, display in enumerate(state.factories):
        if sum(display) > FACTORY_CAPACITY:
            yield f"factory {i + 1} holds {sum(display)} pieces (capacity {FACTORY_CAPACITY})"


@_state_invariant("DONE-04", "DONE-05")
def _windows_shape(state: GameState) -> Iterator[str]:
    """A window's top frame fills before its bottom, and a window holds two pieces exactly
    when its slot holds no strip any more."""
    for seat, player in enumerate(state.players):
        for w, (top, bottom) in enumerate(player.windows):
            if top is None and bottom is not None:
                yield f"player {seat + 1}'s window {w + 1} has a bottom piece but no top piece"
            if (bottom is not None) != (player.strips[w] is None):
                yield f"player {seat + 1}'s window {w + 1} is {(top, bottom)} with strip " + (
                    f"{player.strips[w]}"
                )


@_state_invariant("SETUP-03", "PLACE-01", "PLACE-06", "DONE-01", "RUL-19")
def _strips_shape(state: GameState) -> Iterator[str]:
    """Each player's strips are distinct strips of the set; pieces on a strip fit its
    face-up side's spaces (colour spaces by colour, jokers on joker spaces) and no strip is
    ever left with all 5 spaces filled."""
    table = state.components
    for seat, player in enumerate(state.players):
        ids = [strip.strip_id for strip in player.strips if strip is not None]
        if len(set(ids)) != len(ids) or not set(ids) <= set(range(len(table.strips))):
            yield f"player {seat + 1} has the strips {ids}"
        for slot, strip in enumerate(player.strips):
            if strip is None:
                continue
            per_colour, jokers, size = strip_spaces(table, strip)
            where = f"player {seat + 1}'s strip in slot {slot + 1}"
            for colour, n in enumerate(strip.filled):
                if n > per_colour[colour]:
                    yield f"{where} has {n} of colour {colour} on {per_colour[colour]} spaces"
            if sum(strip.jokers) > jokers:
                yield f"{where} has {sum(strip.jokers)} pieces on {jokers} joker spaces"
            if strip.pieces >= size:
                yield f"{where} holds {strip.pieces} pieces after an action"


@_state_invariant("TAKE-03", "END-06", "ROUND-02", "ROUND-03", "ENG-01")
def _start_tile(state: GameState) -> Iterator[str]:
    """Exactly one start tile: in the centre (``tile is None``) or with one seat; the seat to
    act and the round's starter are seats."""
    seats = range(len(state.players))
    if state.tile is not None and state.tile not in seats:
        yield f"the start tile is held by seat {state.tile!r}"
    if state.turn not in seats or state.starter not in seats:
        yield f"turn {state.turn!r} / starter {state.starter!r} are not seats"


@_state_invariant("ROUND-01", "FIG-10", "END-02")
def _rounds(state: GameState) -> Iterator[str]:
    """The round indicator holds at most 6 pieces, so the round is 1 to 6; after the game the
    factories and the centre are empty."""
    if len(state.indicator) > state.components.rounds:
        yield f"the round indicator holds {len(state.indicator)} pieces"
    if state.is_over and (any(state.centre) or any(map(any, state.factories))):
        yield "pieces are left on the factories or in the centre after the game"


@_state_invariant("TURN-01", "ROUND-04", "END-02", "END-05", "ENG-05")
def _actions_available(state: GameState) -> Iterator[str]:
    """Before the end a piece lies on a factory or in the centre, so ``legal_actions`` is not
    empty; it lists each action once, in canonical order, exactly the actions of an
    independent enumeration; after the end it is empty."""
    listed = legal_actions(state)
    if not state.is_over and not (any(state.centre) or any(map(any, state.factories))):
        yield f"round {state.round} is under way with no piece on the factories or in the centre"
    if not state.is_over and not listed:
        yield "no legal action before the end of the game"
    keys = [a.sort_key() for a in listed]
    if keys != sorted(keys) or len(set(listed)) != len(listed):
        yield "legal actions are not unique and in canonical order"
    expected = expected_actions(state)
    if set(listed) != expected:
        extra = sorted(set(listed) - expected, key=lambda a: a.sort_key())
        missing = sorted(expected - set(listed), key=lambda a: a.sort_key())
        yield f"legal_actions lists {extra[:3]} wrongly and misses {missing[:3]}"


def _diff(name: str, got: object, want: object) -> Iterator[str]:
    if got != want:
        yield f"{name} is {got!r}, expected {want!r}"


@_step_invariant("TRACK-02", "TRACK-03", "TRACK-04", "TAKE-03", "PLACE-04", "RUL-08", "RUL-10")
def _track_movement(
    before: GameState, action: Action, after: GameState, step: Step
) -> Iterator[str]:
    """Only the actor's marker moves: one step for the first centre take of the round, one
    per broken piece; each arrival on the bottom costs exactly 18 points and the marker goes
    on from the top; points lost grow by 18 x wraps + the change of |value|; a marker never
    moves up except by such a wrap."""
    table = before.components
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        w_old, w_new = wraps_of(table, old), wraps_of(table, new)
        if w_old is not None and w_new is not None:
            if w_new < w_old:
                yield f"player {seat + 1}'s wrap count fell from {w_old} to {w_new}"
            elif w_new == w_old and new.marker < old.marker:
                yield f"player {seat + 1}'s marker moved up without a wrap"
        want = step.players[seat]
        yield from _diff(f"player {seat + 1}'s marker", new.marker, want.marker)
        yield from _diff(f"player {seat + 1}'s points lost", new.points_lost, want.points_lost)


@_step_invariant(
    "SCORE-01", "DONE-02", "DONE-06", "TRACK-03", "FINAL-01", "FINAL-02", "FINAL-03",
    "FINAL-04", "FINAL-05", "RUL-09", "RUL-14", "RUL-15",
)  # fmt: skip
def _score_changes(
    before: GameState, action: Action, after: GameState, step: Step
) -> Iterator[str]:
    """Scores change only by the colour bonus and window points of a completed strip, minus
    18 per wrap, and by final scoring (leftovers // 3, marker value, side bonus) once, at the
    end of the sixth round."""
    for seat, new in enumerate(after.players):
        old, want = before.players[seat], step.players[seat].score
        if new.score != want:
            yield f"player {seat + 1}'s score went {old.score} -> {new.score}, expected {want}"


@_step_invariant("PLACE-03", "RESET-01", "RUL-03", "RUL-04", "DONE-04", "DONE-05")
def _glazier_moves(
    before: GameState, action: Action, after: GameState, step: Step
) -> Iterator[str]:
    """The glazier moves right only onto the strip pieces are placed on, jumps to the leftmost
    remaining strip on a reset, stays put when everything breaks or a strip is completed, and
    never moves otherwise."""
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        if seat != step.turn.seat:
            yield from _diff(f"player {seat + 1}'s glazier (not acting)", new.glazier, old.glazier)
            continue
        if isinstance(action, Take) and new.glazier < old.glazier:
            yield f"the glazier moved left from {old.glazier} to {new.glazier} on a take"
        yield from _diff("the actor's glazier", new.glazier, step.players[seat].glazier)


@_step_invariant("DONE-03", "DONE-04", "DONE-05", "DONE-06")
def _windows_fill(before: GameState, action: Action, after: GameState, step: Step) -> Iterator[str]:
    """Window pieces are never removed; a completed strip's kept piece goes on the top frame
    of the window below it if that is empty, else on the bottom frame; nothing else changes."""
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        for w, (was, now) in enumerate(zip(old.windows, new.windows, strict=True)):
            for frame, (p, q) in zip(("top", "bottom"), zip(was, now, strict=True), strict=True):
                if p is not None and p != q:
                    yield f"player {seat + 1}'s window {w + 1} {frame} piece {p} became {q}"
        yield from _diff(f"player {seat + 1}'s windows", new.windows, step.players[seat].windows)


@_step_invariant("PLACE-01", "PLACE-06", "PLACE-07", "DONE-03", "DONE-04", "DONE-05", "RUL-19")
def _strip_lifecycle(
    before: GameState, action: Action, after: GameState, step: Step
) -> Iterator[str]:
    """Only the target strip changes: it receives the placed pieces, or on completion it is
    turned over empty (first completion, window top empty) or leaves the game (second)."""
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        want = step.players[seat].strips
        for slot, (was, now) in enumerate(zip(old.strips, new.strips, strict=True)):
            if now != want[slot]:
                yield f"player {seat + 1}'s strip in slot {slot + 1}: {was} -> {now}, expected " + (
                    f"{want[slot]}"
                )


@_step_invariant("TAKE-01", "TAKE-02", "PLACE-04", "DONE-03", "END-01", "SETUP-10")
def _pieces_moved(before: GameState, action: Action, after: GameState, step: Step) -> Iterator[str]:
    """Within a round: the taken colour leaves its source, the rest of a factory goes to the
    centre, broken pieces and the 4 pieces of a completed strip go to the tower, and the bag
    is untouched."""
    if step.round_ended:
        return
    yield from _diff("the centre", after.centre, step.turn.centre)
    yield from _diff("the factories", after.factories, step.turn.factories)
    yield from _diff("the tower", after.tower, step.turn.tower)
    yield from _diff("the bag", after.bag, before.bag)
    yield from _diff("the generator", after.rng, before.rng)


@_step_invariant("TAKE-03", "ROUND-02", "ROUND-03", "END-06", "RUL-01", "RUL-11")
def _tile_and_turn(
    before: GameState, action: Action, after: GameState, step: Step
) -> Iterator[str]:
    """The first centre-taker of a round takes the tile and keeps it; turns go clockwise;
    after a round the tile holder (or, if nobody took it, the same starter) starts the next."""
    if step.game_ended:
        return
    if step.round_ended:
        yield from _diff("the tile after the round", after.tile, None)
        yield from _diff("the next starter", after.starter, step.starter)
        yield from _diff("the seat to act", after.turn, step.starter)
        return
    yield from _diff("the tile", after.tile, step.turn.tile)
    yield from _diff("the starter", after.starter, before.starter)
    yield from _diff("the seat to act", after.turn, (before.turn + 1) % len(before.players))


@_step_invariant("ROUND-01", "ROUND-04", "END-01", "END-02", "RUL-20")
def _rounds_in_order(
    before: GameState, action: Action, after: GameState, step: Step
) -> Iterator[str]:
    """A round ends exactly when no piece is left on the factories and in the centre; the
    indicator then loses its top piece (rounds 1..6 in order) and after the sixth the game is
    over, with nothing refilled."""
    yield from _diff("the round indicator", after.indicator, step.indicator)
    if after.round not in (before.round, before.round + 1):
        yield f"round {before.round} was followed by round {after.round}"
    yield from _diff("game over", after.is_over, step.game_ended)
    if step.game_ended:
        yield from _diff("the bag at the end", after.bag, before.bag)
        yield from _diff("the tower at the end", after.tower, step.tower)


@_step_invariant("END-03", "END-04", "END-05", "RUL-12", "RUL-13", "ENG-02")
def _refill(before: GameState, action: Action, after: GameState, step: Step) -> Iterator[str]:
    """Between rounds the displays are refilled in order from the bag, 4 each; the tower is
    poured into the bag only when the bag runs empty; if both run empty the refill stops with
    full displays, then at most one short one, then empty ones; the centre is empty."""
    if not step.round_ended or step.game_ended:
        return
    table = before.components
    cap = table.factory_capacity
    need = len(before.factories) * cap
    drawn = tuple(sum(f[c] for f in after.factories) for c in range(table.colours))
    bag, tower = before.bag, step.tower
    yield from _diff("the centre after the refill", after.centre, (0,) * table.colours)
    sizes = [sum(f) for f in after.factories]
    full = next((i for i, n in enumerate(sizes) if n < cap), len(sizes))
    if any(sizes[full + 1 :]):
        yield f"displays are filled out of order: {sizes}"
    yield from _diff("pieces drawn", sum(drawn), min(need, sum(bag) + sum(tower)))
    if sum(bag) >= need:
        yield from _diff("the tower (bag sufficed)", after.tower, tower)
        left = tuple(b - d for b, d in zip(bag, drawn, strict=True))
        yield from _diff("the bag", after.bag, left)
    else:
        yield from _diff("the tower (poured into the bag)", after.tower, (0,) * table.colours)
        pool = tuple(b + t - d for b, t, d in zip(bag, tower, drawn, strict=True))
        yield from _diff("the bag", after.bag, pool)
        if any(d < b for d, b in zip(drawn, bag, strict=True)):
            yield f"the tower was poured in before the bag ran empty: drew {drawn} from {bag}"


@_step_invariant("TURN-01", "ENG-04")
def _fixed_parts(before: GameState, action: Action, after: GameState, step: Step) -> Iterator[str]:
    """The side, the component table and the player count never change, and a reset changes
    nothing but the glazier and the turn."""
    yield from _diff("the side", after.side, before.side)
    yield from _diff("the players", len(after.players), len(before.players))
    if after.components != before.components:
        yield "the component table changed"
    if isinstance(action, Reset):
        yield from _diff("the actor after a reset", after.players[step.turn.seat], step.turn.player)


_LEGAL_ACTION = Invariant(
    "legal_action",
    "transition",
    ("TURN-01", "TAKE-04", "PLACE-02", "PLACE-05", "PLACE-06", "PLACE-07", "DONE-03", "RESET-02"),
    "The engine applies only actions that are legal by this module's own reading of the rules "
    "(rule_breach); every other transition invariant is measured against this reading.",
)

#: Every invariant, state invariants first, with the clauses each protects.
INVARIANTS: tuple[Invariant, ...] = (
    *(inv for inv, _ in _STATE_CHECKS),
    _LEGAL_ACTION,
    *(inv for inv, _ in _STEP_CHECKS),
)


def _run(
    checks: list[tuple[Invariant, Callable[..., Iterator[str]]]], *args: object
) -> list[InvariantFailure]:
    failures = []
    for invariant, check in checks:
        try:
            messages = list(check(*args))
        except Exception as error:  # a crash inside a check is a failure too, never hidden
            messages = [f"the check raised {type(error).__name__}: {error}"]
        failures += [InvariantFailure(invariant.name, invariant.clauses, m) for m in messages]
    return failures


def check_state(state: GameState) -> list[InvariantFailure]:
    """Every state invariant of ``state``: an empty list when all hold.

    >>> from sintra_rules import new_game
    >>> check_state(new_game(4, side="A", seed=3))
    []
    """
    return _run(_STATE_CHECKS, state)


def examine(before: GameState, action: Action, after: GameState) -> Examination:
    """Check the step ``after = apply(before, action)`` against every transition invariant and
    report the events the rules predict for it (TransitionEvents).

    An action this module judges illegal (see :func:`rule_breach`) fails the ``legal_action``
    invariant (TURN-01) and is not examined further."""
    turn = predict_turn(before, action)
    if isinstance(turn, str):
        failure = InvariantFailure(
            _LEGAL_ACTION.name, _LEGAL_ACTION.clauses, f"the engine applied {action}: {turn}"
        )
        return Examination((failure,), TransitionEvents())
    step = predict_step(before, turn)
    failures = _run(_STEP_CHECKS, before, action, after, step)
    return Examination(tuple(failures), step.events)


def check_transition(before: GameState, action: Action, after: GameState) -> list[InvariantFailure]:
    """Every transition invariant of the step ``after = apply(before, action)``: an empty list
    when all hold. Use :func:`check_state` on ``after`` for the state invariants."""
    return list(examine(before, action, after).failures)
