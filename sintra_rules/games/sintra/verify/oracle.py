"""An independent model of one step of the game, for checking engines against the rules.

Everything here is worked out again from the rules and the pre-state alone, without calling
:mod:`sintra_rules.games.sintra.scoring` or the helpers of :mod:`sintra_rules.games.sintra.rules`:
the pieces a take moves, places and breaks, the track movement step by step with its wraps, the
completion bonus, the window points, the end of the round and the final scoring. Two implementations
that must agree catch what one alone would not; :mod:`sintra_rules.games.sintra.verify.invariants`
measures the engine against this model after every step.

* :func:`expected_actions` enumerates the legal actions of a position.
* :func:`rule_breach` judges one action's legality (a clause and a reason, or ``None``).
* :func:`predict` works out what a legal action must do: the :class:`Turn` (the take or reset
  itself) and the whole :class:`Step` (with the end of the round and final scoring), and the
  rare :class:`TransitionEvents` it contains.

The model only needs a position's fields (``GameState``, ``PlayerState``, ``Strip``) and the
component table's figures, so another implementation can convert its positions and compare.

>>> from sintra_rules.games.sintra.setup import new_game
>>> state = new_game(2, side="A", seed=7)
>>> action = sorted(expected_actions(state), key=lambda a: a.sort_key())[0]
>>> rule_breach(state, action) is None
True
>>> step = predict(state, action)
>>> step.round_ended, step.players[0].glazier == action.target
(False, True)
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from typing import TypeVar

import attrs

from sintra_rules.games.sintra.actions import Action, Reset, Take
from sintra_rules.games.sintra.components import ComponentTable
from sintra_rules.games.sintra.state import CENTRE, GameState, PlayerState, Strip, Window

__all__ = [
    "FACTORY_CAPACITY",
    "TOTAL_PIECES",
    "WRAP_COST",
    "Step",
    "TransitionEvents",
    "Turn",
    "expected_actions",
    "final_points",
    "predict",
    "predict_step",
    "predict_turn",
    "rule_breach",
    "strip_spaces",
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


def _int(value: object) -> bool:
    return type(value) is int


@functools.lru_cache(maxsize=256)
def _printed(text: str, codes: tuple[str, ...]) -> tuple[tuple[int, ...], int, int]:
    """(spaces per colour, joker spaces, size) of a printed strip side such as ``"BBJJO"``."""
    count = Counter(text)
    return tuple(count[code] for code in codes), count[_JOKER], len(text)


def strip_spaces(table: ComponentTable, strip: Strip) -> tuple[tuple[int, ...], int, int]:
    """The spaces of the strip's face-up side, read from its printed codes (FIG-09)."""
    return _printed(table.strips[strip.strip_id][strip.face], table.colour_codes)


def _room(table: ComponentTable, strip: Strip, colour: int) -> tuple[int, int]:
    """(empty spaces of ``colour``, empty joker spaces) of a strip (PLACE-05, PLACE-06)."""
    per_colour, jokers, _size = strip_spaces(table, strip)
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
class Turn:
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


def _reset_turn(state: GameState) -> Turn | str:
    """RESET-01, RESET-02, RUL-05, RUL-06: back to the leftmost strip, which must lie left of
    the glazier; nothing else changes."""
    me = state.players[state.turn]
    left = [slot for slot in range(me.glazier) if me.strips[slot] is not None]
    if not left:
        return "RESET-02: no strip lies left of the glazier"
    player = attrs.evolve(me, glazier=left[0])
    return Turn(
        state.turn, player, state.factories, state.centre, state.tower, state.tile, 0, None, False
    )


def _take_turn(state: GameState, action: Take) -> Turn | str:
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
        size = strip_spaces(table, strip)[2]
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
    return Turn(seat, player, factories, centre, tower, tile, wraps, target, completed)


def predict_turn(state: GameState, action: object) -> Turn | str:
    """What ``action`` must do to the position before any end of round (the :class:`Turn`),
    or why it is illegal (a clause and a reason) (TURN-01, END-02, ENG-04)."""
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

    >>> from sintra_rules.games.sintra.actions import RESET
    >>> from sintra_rules.games.sintra.setup import new_game
    >>> rule_breach(new_game(2, seed=1), RESET)
    'RESET-02: no strip lies left of the glazier'
    """
    model = predict_turn(state, action)
    return model if isinstance(model, str) else None


def expected_actions(state: GameState) -> frozenset[Action]:
    """Every legal action, enumerated independently of
    :func:`~sintra_rules.games.sintra.rules.legal_actions` (TURN-01, TAKE-01..04, PLACE-05..07,
    DONE-03, RESET-01, RESET-02, END-02)."""
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
                complete = strip.pieces + placed == strip_spaces(table, strip)[2]
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


def final_points(table: ComponentTable, side: str, player: PlayerState) -> int:
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
class Step:
    """The whole expected step: the turn, then the end of round if the turn ends it."""

    turn: Turn
    players: tuple[PlayerState, ...]
    round_ended: bool
    game_ended: bool
    indicator: tuple[int, ...]
    starter: int
    tower: tuple[int, ...]  # after END-01, before any refill
    events: TransitionEvents


def predict_step(state: GameState, turn: Turn) -> Step:
    """Add the end of round (ROUND-04, END-01..06) and final scoring (END-02, FINAL-01)."""
    table = state.components
    players = _put(state.players, turn.seat, turn.player)
    pieces_left = sum(turn.centre) + sum(map(sum, turn.factories))
    if pieces_left:
        return Step(
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
            attrs.evolve(p, score=p.score + final_points(table, state.side, p)) for p in players
        )
    else:
        need = len(state.factories) * table.factory_capacity
        in_bag, in_tower = sum(state.bag), sum(tower)
        refill = in_bag < need and in_tower > 0  # END-04
        partial = in_bag + in_tower < need  # END-05
    events = TransitionEvents(turn.wraps, True, refill, partial, game_ended)
    return Step(turn, players, True, game_ended, indicator, starter, tower, events)


def predict(state: GameState, action: object) -> Step | str:
    """The whole step ``apply(state, action)`` must make by this model (the turn, then any end
    of round and final scoring), or why the action is illegal (a clause and a reason)
    (TURN-01, ROUND-04, END-01..06, FINAL-01).

    >>> from sintra_rules.games.sintra.actions import RESET
    >>> from sintra_rules.games.sintra.setup import new_game
    >>> predict(new_game(2, seed=1), RESET)
    'RESET-02: no strip lies left of the glazier'
    """
    turn = predict_turn(state, action)
    return turn if isinstance(turn, str) else predict_step(state, turn)
