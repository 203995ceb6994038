"""Invariants of play, checked independently of the engine.

Every invariant is a named function that cites the spec clauses it protects. Expectations are
derived here from the rules and the pre-state alone: the pieces a take moves, places and breaks,
the track movement step by step with its wraps, the completion bonus, the window points and
the final scoring are all computed again in this module, without calling
:mod:`sintra_rules.scoring` or the helpers of :mod:`sintra_rules.rules` (only
:func:`~sintra_rules.rules.legal_actions` itself is checked against an independent
enumeration). Two implementations that must agree catch what one alone would not.

* :func:`check_state` checks one position (pieces conserved, track position, shapes, legal
  actions available and complete).
* :func:`check_transition` checks one step ``before --action--> after`` against what the rules
  say the action must do.
* :func:`examine` does the latter and also reports the events the step contains (wraps of the
  broken glass track, refills of the bag from the tower, partial refills), for the soak.
* :func:`rule_breach` judges an action's legality independently of
  :func:`~sintra_rules.rules.apply`.

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

import functools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Literal, TypeVar

import attrs

from sintra_rules.actions import Action, Reset, Take
from sintra_rules.components import ComponentTable
from sintra_rules.rules import legal_actions
from sintra_rules.state import CENTRE, GameState, PlayerState, Strip, Window

__all__ = [
    "FACTORY_CAPACITY",
    "INVARIANTS",
    "TOTAL_PIECES",
    "WRAP_COST",
    "Examination",
    "Invariant",
    "InvariantFailure",
    "TransitionEvents",
    "check_state",
    "check_transition",
    "examine",
    "expected_actions",
    "rule_breach",
    "wraps_of",
]

#: Points lost when a broken glass marker reaches the bottom space: the confirmed -18 of
#: EN 000:203 (TRACK-03), written here rather than read from the engine's table.
WRAP_COST = 18
#: Pieces in the game (EN 000:36, COMP-01, FIG-02) and pieces a factory display holds when
#: filled (EN 000:48, FIG-03): confirmed figures, written here rather than read from the
#: engine's table, so that a table or engine that drifts from them is caught.
TOTAL_PIECES = 100
FACTORY_CAPACITY = 4
_JOKER = "J"
_T = TypeVar("_T")


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
class TransitionEvents:
    """Rare events one step contains, as the rules predict them from the pre-state.

    ``wraps``: times the actor's marker reached the bottom of the track (TRACK-03);
    ``tower_refill``: the bag ran empty during the refill and the tower was poured into it
    (END-04); ``partial_fill``: bag and tower ran empty and some display stayed short (END-05).
    """

    wraps: int = 0
    round_ended: bool = False
    tower_refill: bool = False
    partial_fill: bool = False
    game_ended: bool = False


@attrs.frozen
class Examination:
    """The failures of one step (transition invariants only) and the events it contains."""

    failures: tuple[InvariantFailure, ...]
    events: TransitionEvents


# --------------------------------------------------------------------------------------------
# The independent model of one step.


def _int(value: object) -> bool:
    return type(value) is int


@functools.lru_cache(maxsize=256)
def _printed(text: str, codes: tuple[str, ...]) -> tuple[tuple[int, ...], int, int]:
    """(spaces per colour, joker spaces, size) of a printed strip side such as ``"BBJJO"``."""
    count = Counter(text)
    return tuple(count[code] for code in codes), count[_JOKER], len(text)


def _spaces(table: ComponentTable, strip: Strip) -> tuple[tuple[int, ...], int, int]:
    """The spaces of the strip's face-up side, read from its printed codes (FIG-09)."""
    return _printed(table.strips[strip.strip_id][strip.face], table.colour_codes)


def _room(table: ComponentTable, strip: Strip, colour: int) -> tuple[int, int]:
    """(empty spaces of ``colour``, empty joker spaces) of a strip (PLACE-05, PLACE-06)."""
    per_colour, jokers, _size = _spaces(table, strip)
    return per_colour[colour] - strip.filled[colour], jokers - sum(strip.jokers)


def _candidates(state: GameState, colour: int) -> dict[int, tuple[int, int]]:
    """Reachable strips with a space that can take ``colour``: slot -> (e_c, e_J) (PLACE-02,
    PLACE-05, RUL-04)."""
    player = state.players[state.turn]
    out: dict[int, tuple[int, int]] = {}
    for slot in range(player.glazier, len(player.strips)):
        strip = player.strips[slot]
        if strip is not None:
            e_c, e_j = _room(state.components, strip, colour)
            if e_c + e_j > 0:
                out[slot] = (e_c, e_j)
    return out


def _plus(values: Sequence[int], index: int, amount: int) -> tuple[int, ...]:
    out = list(values)
    out[index] += amount
    return tuple(out)


def _put(items: Sequence[_T], index: int, value: _T) -> tuple[_T, ...]:
    return (*items[:index], value, *items[index + 1 :])


@attrs.frozen
class _Turn:
    """What a legal action must do to the position before any end of round."""

    seat: int
    player: PlayerState
    factories: tuple[tuple[int, ...], ...]
    centre: tuple[int, ...]
    tower: tuple[int, ...]
    tile: int | None
    wraps: int
    target: int | None
    completed: bool


def _walk(track: Sequence[int], position: int, steps: int) -> tuple[int, int]:
    """Move a marker ``steps`` single steps down: (position, wraps). Each step that lands on
    the bottom space costs :data:`WRAP_COST` and puts the marker back on top, and the next
    step continues from there (TRACK-02, TRACK-03, RUL-08)."""
    bottom = len(track) - 1
    wraps = 0
    for _ in range(steps):
        position += 1
        if position == bottom:
            wraps += 1
            position = 0
    return position, wraps


def _reset_turn(state: GameState) -> _Turn | str:
    """RESET-01, RESET-02, RUL-05, RUL-06: back to the leftmost strip, which must lie left of
    the glazier; nothing else changes."""
    me = state.players[state.turn]
    left = [slot for slot in range(me.glazier) if me.strips[slot] is not None]
    if not left:
        return "RESET-02: no strip lies left of the glazier"
    player = attrs.evolve(me, glazier=left[0])
    return _Turn(
        state.turn, player, state.factories, state.centre, state.tower, state.tile, 0, None, False
    )


def _take_turn(state: GameState, action: Take) -> _Turn | str:
    """TAKE-01..04, PLACE-01..07, DONE-01..06, TRACK-02..04, SCORE-01: the take, worked out
    again from the rules."""
    table = state.components
    seat = state.turn
    me = state.players[seat]
    source, colour, target = action.source, action.colour, action.target
    jokers, keep = action.jokers, action.keep
    if not _int(colour) or not 0 <= colour < table.colours:
        return "TAKE-04: no such colour"
    if not _int(source) or not (source == CENTRE or 0 <= source < len(state.factories)):
        return "TAKE-01: no such source"
    pool = state.centre if source == CENTRE else state.factories[source]
    count = pool[colour]
    if count <= 0:
        return "TAKE-04: the colour is not on that source"
    zero = (0,) * table.colours
    factories, tile, steps = state.factories, state.tile, 0
    if source == CENTRE:  # TAKE-02, TAKE-03
        centre = _plus(state.centre, colour, -count)
        if tile is None:
            tile, steps = seat, 1
    else:  # TAKE-01: the rest of the display goes to the centre
        centre = tuple(c + (0 if k == colour else pool[k]) for k, c in enumerate(state.centre))
        factories = tuple(zero if i == source else f for i, f in enumerate(factories))
    candidates = _candidates(state, colour)
    strips, windows, glazier = me.strips, me.windows, me.glazier
    tower = state.tower
    gained, placed, completed = 0, 0, False
    if target is None:  # PLACE-05, RUL-03: all break only when nothing can take the colour
        if candidates:
            return "PLACE-05: a reachable strip can take the colour"
        if jokers != 0 or keep is not None:
            return "PLACE-06/DONE-01: nothing is placed"
    else:
        if not _int(target) or target not in candidates:
            return "PLACE-02/PLACE-05: the target is not a reachable strip that can take it"
        e_c, e_j = candidates[target]
        placed = min(count, e_c + e_j)  # PLACE-07
        if not _int(jokers) or not max(0, placed - e_c) <= jokers <= min(placed, e_j):
            return "PLACE-06/PLACE-07: impossible number of pieces on joker spaces"
        glazier = target  # PLACE-03
        strip = strips[target]
        assert strip is not None
        filled = _plus(strip.filled, colour, placed - jokers)
        on_jokers = _plus(strip.jokers, colour, jokers)
        on = [f + j for f, j in zip(filled, on_jokers, strict=True)]
        size = _spaces(table, strip)[2]
        new: Strip | None
        if sum(on) < size:
            if keep is not None:
                return "DONE-01: the strip is not complete, nothing is kept"
            new = Strip(strip.strip_id, strip.face, filled, on_jokers)
        else:
            if keep is None or not _int(keep) or not 0 <= keep < table.colours or not on[keep]:
                return "DONE-03: the kept colour must be on the completed strip"
            completed = True
            gained += on[state.indicator[0]]  # DONE-02
            returned = _plus(on, keep, -1)  # DONE-03: the other 4 to the tower
            tower = tuple(t + n for t, n in zip(tower, returned, strict=True))
            top, _bottom = windows[target]
            window: Window
            if top is None:  # DONE-04: top frame, the strip turns over
                window, new = (keep, None), Strip(strip.strip_id, 1 - strip.face, zero, zero)
            else:  # DONE-05: bottom frame, the strip leaves
                window, new = (top, keep), None
            windows = tuple(window if w == target else x for w, x in enumerate(windows))
            values = table.window_values(state.side)  # DONE-06
            gained += values[target] + sum(
                values[w] for w in range(target + 1, len(windows)) if windows[w][0] is not None
            )
        strips = tuple(new if s == target else x for s, x in enumerate(strips))
    broken = count - placed  # PLACE-04
    tower = _plus(tower, colour, broken)
    position, wraps = _walk(table.track, me.marker, steps + broken)
    lost = me.points_lost + WRAP_COST * wraps - table.track[position] + table.track[me.marker]
    player = PlayerState(
        strips, glazier, windows, me.score + gained - WRAP_COST * wraps, position, lost
    )
    return _Turn(seat, player, factories, centre, tower, tile, wraps, target, completed)


def _turn(state: GameState, action: object) -> _Turn | str:
    if not state.indicator:
        return "END-02: the game is over"
    if isinstance(action, Reset):
        return _reset_turn(state)
    if isinstance(action, Take):
        return _take_turn(state, action)
    return "ENG-04: not an action"


def rule_breach(state: GameState, action: object) -> str | None:
    """Why ``action`` is illegal in ``state`` by this module's own reading of the rules (a
    clause and a reason), or ``None`` when it is legal (TURN-01, TAKE-01..04, PLACE-02,
    PLACE-05..07, DONE-01, DONE-03, RESET-01, RESET-02, END-02).

    >>> from sintra_rules import Reset, new_game
    >>> rule_breach(new_game(2, seed=1), Reset())
    'RESET-02: no strip lies left of the glazier'
    """
    model = _turn(state, action)
    return model if isinstance(model, str) else None


def expected_actions(state: GameState) -> frozenset[Action]:
    """Every legal action, enumerated independently of :func:`~sintra_rules.rules.legal_actions`
    (TURN-01, TAKE-01..04, PLACE-05..07, DONE-03, RESET-01, RESET-02, END-02)."""
    if not state.indicator:
        return frozenset()
    table = state.components
    me = state.players[state.turn]
    out: set[Action] = set()
    if any(me.strips[slot] is not None for slot in range(me.glazier)):
        out.add(Reset())
    sources = [*enumerate(state.factories), (CENTRE, state.centre)]
    for source, pool in sources:
        for colour in range(table.colours):
            count = pool[colour]
            if not count:
                continue
            candidates = _candidates(state, colour)
            if not candidates:
                out.add(Take(source, colour, None))
            for slot, (e_c, e_j) in candidates.items():
                strip = me.strips[slot]
                assert strip is not None
                placed = min(count, e_c + e_j)
                complete = strip.pieces + placed == _spaces(table, strip)[2]
                on = strip.colour_counts()
                keeps = [k for k in range(table.colours) if on[k] or k == colour]
                for jokers in range(max(0, placed - e_c), min(placed, e_j) + 1):
                    for keep in keeps if complete else [None]:
                        out.add(Take(source, colour, slot, jokers, keep))
    return frozenset(out)


def wraps_of(table: ComponentTable, player: PlayerState) -> int | None:
    """The player's number of wraps implied by ``points_lost = 18 x wraps + |value|``
    (TRACK-04), or ``None`` if ``points_lost`` has no such form."""
    rest = player.points_lost + table.track[player.marker]
    if rest < 0 or rest % WRAP_COST:
        return None
    return rest // WRAP_COST


def _final_points(table: ComponentTable, side: str, player: PlayerState) -> int:
    """FINAL-01..05, RUL-14, RUL-15: leftovers // 3, the marker's value, the side's bonus."""
    leftovers = sum(s.pieces for s in player.strips if s is not None) // 3
    frames = [piece for window in player.windows for piece in window]
    if side == "A":
        bonus = 0
        for ornament in table.ornaments:
            around = [p for w in ornament for p in player.windows[w] if p is not None]
            bonus += table.ornament_points[len(around)]
    else:
        complete = sum(1 for top, bottom in player.windows if None not in (top, bottom))
        per_colour = Counter(p for p in frames if p is not None)
        bonus = complete * max(per_colour.values(), default=0)
    return leftovers + table.track[player.marker] + bonus


@attrs.frozen
class _Step:
    """The whole expected step: the turn, then the end of round if the turn ends it."""

    turn: _Turn
    players: tuple[PlayerState, ...]
    round_ended: bool
    game_ended: bool
    indicator: tuple[int, ...]
    starter: int
    tower: tuple[int, ...]  # after END-01, before any refill
    events: TransitionEvents


def _step(state: GameState, turn: _Turn) -> _Step:
    """Add the end of round (ROUND-04, END-01..06) and final scoring (END-02, FINAL-01)."""
    table = state.components
    players = _put(state.players, turn.seat, turn.player)
    pieces_left = sum(turn.centre) + sum(map(sum, turn.factories))
    if pieces_left:
        return _Step(
            turn,
            players,
            False,
            False,
            state.indicator,
            state.starter,
            turn.tower,
            TransitionEvents(wraps=turn.wraps),
        )
    indicator = state.indicator[1:]
    tower = _plus(turn.tower, state.indicator[0], 1)  # END-01
    starter = state.starter if turn.tile is None else turn.tile  # END-06, RUL-11
    game_ended = not indicator  # END-02
    refill = partial = False
    if game_ended:  # FINAL-01: every player, once
        players = tuple(
            attrs.evolve(p, score=p.score + _final_points(table, state.side, p)) for p in players
        )
    else:
        need = len(state.factories) * table.factory_capacity
        in_bag, in_tower = sum(state.bag), sum(tower)
        refill = in_bag < need and in_tower > 0  # END-04
        partial = in_bag + in_tower < need  # END-05
    events = TransitionEvents(turn.wraps, True, refill, partial, game_ended)
    return _Step(turn, players, True, game_ended, indicator, starter, tower, events)


# --------------------------------------------------------------------------------------------
# The invariants.

_StateCheck = Callable[[GameState], Iterator[str]]
_StepCheck = Callable[[GameState, Action, GameState, _Step], Iterator[str]]
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
        if not _int(player.marker) or not 0 <= player.marker < len(track) - 1:
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
            per_colour, jokers, size = _spaces(table, strip)
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
    before: GameState, action: Action, after: GameState, step: _Step
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
    before: GameState, action: Action, after: GameState, step: _Step
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
    before: GameState, action: Action, after: GameState, step: _Step
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
def _windows_fill(
    before: GameState, action: Action, after: GameState, step: _Step
) -> Iterator[str]:
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
    before: GameState, action: Action, after: GameState, step: _Step
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
def _pieces_moved(
    before: GameState, action: Action, after: GameState, step: _Step
) -> Iterator[str]:
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
    before: GameState, action: Action, after: GameState, step: _Step
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
    before: GameState, action: Action, after: GameState, step: _Step
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
def _refill(before: GameState, action: Action, after: GameState, step: _Step) -> Iterator[str]:
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
def _fixed_parts(before: GameState, action: Action, after: GameState, step: _Step) -> Iterator[str]:
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
    turn = _turn(before, action)
    if isinstance(turn, str):
        failure = InvariantFailure(
            _LEGAL_ACTION.name, _LEGAL_ACTION.clauses, f"the engine applied {action}: {turn}"
        )
        return Examination((failure,), TransitionEvents())
    step = _step(before, turn)
    failures = _run(_STEP_CHECKS, before, action, after, step)
    return Examination(tuple(failures), step.events)


def check_transition(before: GameState, action: Action, after: GameState) -> list[InvariantFailure]:
    """Every transition invariant of the step ``after = apply(before, action)``: an empty list
    when all hold. Use :func:`check_state` on ``after`` for the state invariants."""
    return list(examine(before, action, after).failures)
