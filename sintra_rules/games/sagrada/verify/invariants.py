"""Sagrada's invariants, checked after every step against the independent model of the spec.

Every invariant is a named function that cites the spec clauses it protects. Expectations come
from :mod:`sintra_rules.games.sagrada.verify.oracle`, which derives them from the spec and the
position's fields; only the engine's own answers (``legal_actions``, ``final_score``,
``result``) are compared with it.

* :func:`check_state` checks one position: the 90 dice conserved, every window legal, favor
  tokens conserved, the snake order, the round track, the progress of the turn, the legal
  decisions (exactly the oracle's, in id order), and at the end the score's parts.
* :func:`check_step` checks one step ``before --action--> after`` (``after`` being the
  position once every chance step the action caused is decided, or waiting at one): the
  decision was legal by the oracle, the windows changed only by that placement or move, the
  tokens and the paid dice moved as the tool's cost says, a tool at most once a turn, the turn
  order, the round track, the pool and the hand, and at the end the result.
* :func:`step_events` counts the rare things a step shows (each tool card used, a changed die
  returned to the pool, a skipped turn, ...), for the soak.

Windows legal with the tool exceptions (RUL-16): the state does not record which dice lie on a
space they do not match. The record is *derived* instead: every die that enters a window
enters it by a decision the oracle lists for the position, with the waiver of the tool in
progress (``decision_legal``), exactly there and nowhere else (``window_changes``); a die never
changes in a window. So by induction over the steps every mismatch comes from an Eglomise Brush
or Copper Foil Burnisher move, and :func:`check_state` (which sees one position only) checks
the rest: the neighbour bans always, and a space restriction broken only in a game that has
the tool which can break it.

>>> from sintra_rules.games.sagrada import new_game, legal_actions, apply
>>> state = new_game(3, seed=11)
>>> action = legal_actions(state)[0]
>>> check_state(state), check_step(state, action, apply(state, action))
([], [])
>>> len(INVARIANTS)
17
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Literal

import attrs

from sintra_rules.errors import InvariantBroken
from sintra_rules.games.sagrada.actions import (
    ALL_ACTIONS,
    Action,
    Adjust,
    ChoosePattern,
    ChooseValue,
    Draft,
    EndTurn,
    Pick,
    Place,
    ReturnDie,
    Swap,
    UseTool,
)
from sintra_rules.games.sagrada.rules import legal_actions
from sintra_rules.games.sagrada.scoring import final_score, result
from sintra_rules.games.sagrada.state import SagradaState
from sintra_rules.games.sagrada.verify.oracle import (
    COLOURS,
    DICE_PER_COLOUR,
    DIFFICULTY_COMP_03,
    TOOL_COLOUR,
    Die,
    cost,
    expected_decisions,
    expected_result,
    grid_of,
    legal_spaces,
    pool_size,
    score_parts,
    seat_of_position,
    window_breaches,
)

__all__ = [
    "INVARIANTS",
    "Invariant",
    "InvariantFailure",
    "check_state",
    "check_step",
    "state_checked",
    "step_checked",
    "step_events",
]

_IDS = {action: i for i, action in enumerate(ALL_ACTIONS)}
_SUBS = frozenset(
    {"", "grozing", "lens", "cork", "flux", "flux_place", "pick", "drop", "pick2", "drop2"}
    | {"running"}
)
_EGLOMISE, _COPPER, _LATHEKIN, _BRUSH, _RUNNING, _GRINDING, _REMOVER, _TAP = (
    2,
    3,
    4,
    6,
    8,
    10,
    11,
    12,
)


@attrs.frozen
class Invariant:
    """One named invariant: what it checks and the spec clauses it protects."""

    name: str
    kind: Literal["state", "step"]
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


_StateCheck = Callable[[SagradaState], Iterator[str]]
_StepCheck = Callable[[SagradaState, Action, SagradaState], Iterator[str]]
_STATE_CHECKS: list[tuple[Invariant, _StateCheck]] = []
_STEP_CHECKS: list[tuple[Invariant, _StepCheck]] = []


def _summary(check: Callable[..., object]) -> str:
    return " ".join((check.__doc__ or "").strip().split("\n\n")[0].split())


def _state_invariant(*clauses: str) -> Callable[[_StateCheck], _StateCheck]:
    def register(check: _StateCheck) -> _StateCheck:
        name = check.__name__.lstrip("_")
        _STATE_CHECKS.append((Invariant(name, "state", clauses, _summary(check)), check))
        return check

    return register


def _step_invariant(*clauses: str) -> Callable[[_StepCheck], _StepCheck]:
    def register(check: _StepCheck) -> _StepCheck:
        name = check.__name__.lstrip("_")
        _STEP_CHECKS.append((Invariant(name, "step", clauses, _summary(check)), check))
        return check

    return register


def _diff(name: str, got: object, want: object) -> Iterator[str]:
    if got != want:
        yield f"{name} is {got!r}, expected {want!r}"


def _tool_numbers(state: SagradaState) -> list[int]:
    return [state.components.tools[t].number for t in state.tools]


def _dice(state: SagradaState) -> list[Die]:
    """Every die outside the bag: pool, hand, round track, windows, paid for solo tools, and
    a die drawn for the pool and waiting for its roll (ENG-04)."""
    out: list[Die] = [*state.pool]
    if state.hand is not None:
        out.append(state.hand)
    out += [d for d in state.spent if d is not None]
    for space in state.track:
        out += space
    for player in state.players:
        out += [d for d in player.window if d is not None]
    if state.chance is not None and state.chance.kind == "roll":
        out += state.chance.dice[:1]
    return out


# ---------------------------------------------------------------------------- state checks


@_state_invariant("COMP-01", "ROUND-02", "TURN-03", "SOLO-03", "TOOL-11", "ENG-02")
def _dice_conserved(state: SagradaState) -> Iterator[str]:
    """90 dice, 18 of each colour, each in exactly one place: the bag, the pool, the hand, the
    round track, a window, paid for a solo tool (or drawn and waiting for its roll); every
    value 1 to 6 (0 only for Flux Remover's die before its value is chosen); the pool and each
    round-track space in canonical order."""
    if len(state.bag) != COLOURS or min(state.bag) < 0:
        yield f"the bag holds {state.bag}, not a count per colour"
    counts = Counter(c for c, _ in _dice(state))
    for colour in range(COLOURS):
        total = counts[colour] + (state.bag[colour] if colour < len(state.bag) else 0)
        if total != DICE_PER_COLOUR:
            yield f"{total} dice of colour {colour} in play, expected {DICE_PER_COLOUR}"
    for d in _dice(state):
        rolling = state.chance is not None and state.chance.kind == "roll" and d[1] == 0
        if not (0 <= d[0] < COLOURS and 1 <= d[1] <= 6) and d != state.hand and not rolling:
            yield f"a die shows {d}"
    if state.hand is not None and state.hand[1] == 0 and state.sub != "flux":
        yield f"the die in hand has no value outside Flux Remover's choice ({state.sub!r})"
    if list(state.pool) != sorted(state.pool) or any(list(s) != sorted(s) for s in state.track):
        yield "the pool or a round-track space is not in canonical order (ENG-02)"


@_state_invariant("PLACE-01", "PLACE-03", "PLACE-04", "PLACE-06", "PLACE-07", "RUL-16")
def _windows_legal(state: SagradaState) -> Iterator[str]:
    """Every window obeys the neighbour bans (no two orthogonal neighbours of one colour or
    one value) and its space restrictions, a colour (value) space breaking them only in a game
    that has Eglomise Brush (Copper Foil Burnisher); a lone die lies on a border space."""
    tools = _tool_numbers(state)
    for seat, player in enumerate(state.players):
        if player.pattern is None:
            if any(d is not None for d in player.window):
                yield f"player {seat + 1} has dice before choosing a pattern"
            continue
        if len(player.window) != 20:
            yield f"player {seat + 1}'s window has {len(player.window)} spaces"
            continue
        for breach in window_breaches(
            player.window,
            grid_of(state, seat),
            colour_waivable=_EGLOMISE in tools,
            value_waivable=_COPPER in tools,
        ):
            yield f"player {seat + 1}: {breach}"


@_state_invariant("COMP-09", "SETUP-03", "FAVOR-02", "FAVOR-04", "SOLO-01", "SOLO-03")
def _tokens_conserved(state: SagradaState) -> Iterator[str]:
    """Favor tokens are conserved: the players' supplies and the tokens on the tools add up to
    the difficulties of the chosen patterns, each tool holding 0 tokens or 1 + 2k (first use 1,
    every later use 2); the solo game has none, and each solo tool is paid at most once, with
    a die of its colour."""
    if state.num_players == 1:
        yield from _diff("the solo favor tokens", state.players[0].favor, 0)
        yield from _diff("the solo tokens on tools", sum(state.tokens), 0)
        for slot, paid in enumerate(state.spent):
            number = _tool_numbers(state)[slot]
            if paid is not None and paid[0] != TOOL_COLOUR[number]:
                yield f"tool {number} was paid with {paid}, not a die of its colour (SOLO-03)"
        return
    if any(d is not None for d in state.spent):
        yield f"dice paid for tools in a game of {state.num_players}: {state.spent}"
    dealt = sum(DIFFICULTY_COMP_03[p.pattern + 1] for p in state.players if p.pattern is not None)
    held = sum(p.favor for p in state.players)
    if held + sum(state.tokens) != dealt:
        yield f"{held} tokens held + {sum(state.tokens)} on tools, {dealt} handed out"
    for seat, player in enumerate(state.players):
        if player.favor < 0 or (player.pattern is None and player.favor):
            yield f"player {seat + 1} holds {player.favor} tokens"
    for slot, tokens in enumerate(state.tokens):
        if tokens < 0 or (tokens and tokens % 2 == 0):
            yield f"tool slot {slot + 1} holds {tokens} tokens, not 0 or 1 + 2k (FAVOR-02)"


@_state_invariant("ROUND-01", "ROUND-03", "ROUND-05", "ROUND-06", "TOOL-08", "SOLO-02")
def _snake_order(state: SagradaState) -> Iterator[str]:
    """The seat to act holds the current position of the round's snake order (clockwise from
    the start player, then back), a position that is not a skipped second turn; the solo player
    starts every round; the round is 0 (setup) to 10, then 11 once the game is over."""
    n = state.num_players
    if not 0 <= state.round <= 11 or (state.round == 11) != state.is_over:
        yield f"round {state.round}, over: {state.is_over}"
    if state.round == 0:
        if state.chance is None and state.turn != next(
            (s for s, p in enumerate(state.players) if p.pattern is None), -1
        ):
            yield f"seat {state.turn} chooses a pattern out of seat order (RUL-10)"
        return
    if state.is_over:
        return
    if not 0 <= state.start < n or (n == 1 and state.start != 0):
        yield f"start player {state.start}"
    if not 0 <= state.step < 2 * n:
        yield f"position {state.step} of {2 * n}"
        return
    yield from _diff("the seat to act", state.turn, seat_of_position(state.start, state.step, n))
    if state.step >= n and state.turn in state.skips:
        yield f"seat {state.turn} takes a second turn that Running Pliers skipped"
    firsts = {seat_of_position(state.start, p, n) for p in range(min(state.step + 1, n))}
    if not set(state.skips) <= firsts or len(set(state.skips)) != len(state.skips):
        yield f"skips {state.skips} are not seats that took their first turn"


@_state_invariant("COMP-07", "ROUND-02", "ROUND-04", "SOLO-04")
def _round_track(state: SagradaState) -> Iterator[str]:
    """The round track has 10 spaces and, during round r, dice only on spaces 1 to r - 1; the
    pool holds at most the round's 2n + 1 dice (4 solo)."""
    if len(state.track) != 10:
        yield f"the round track has {len(state.track)} spaces"
    current = min(state.round, 11)
    for index in range(max(current - 1, 0), len(state.track)):
        if state.track[index]:
            yield f"round-track space {index + 1} holds dice in round {state.round}"
    if len(state.pool) > pool_size(state.num_players):
        yield f"the pool holds {len(state.pool)} dice"


@_state_invariant("TURN-01", "TURN-02", "TURN-04", "TOOL-14", "RUL-14", "ENG-03")
def _turn_progress(state: SagradaState) -> Iterator[str]:
    """The turn's progress is consistent: a known tool step, a tool in progress only once one
    is used, a die in hand only after a draft, a lifted die only while a move is placed (on a
    space that holds a die of the mover's window), and nothing in progress between turns, at
    setup or after the end."""
    if state.sub not in _SUBS:
        yield f"unknown tool step {state.sub!r}"
    if state.active is not None and not state.tool_used:
        yield f"tool slot {state.active} in progress with no tool used"
    if state.sub and state.sub != "flux" and state.active is None and state.sub != "drop2":
        yield f"tool step {state.sub!r} with no tool in progress"
    if state.hand is not None and not state.drafted:
        yield f"a die in hand, {state.hand}, with no draft this turn (RUL-14)"
    if (state.lifted is not None) != (state.sub in ("drop", "drop2")):
        yield f"lifted die {state.lifted} at step {state.sub!r}"
    if state.lifted is not None and state.players[state.turn].window[state.lifted] is None:
        yield f"the lifted space {state.lifted} holds no die"
    if state.round in (0, 11) and (state.hand, state.active, state.drafted) != (None, None, False):
        yield f"a turn in progress in round {state.round}"


@_state_invariant(
    "TURN-01", "TURN-02", "TOOL-14", "RUL-05", "RUL-09", "RUL-20", "ENG-08", "ENG-09"
)  # fmt: skip
def _decisions_listed(state: SagradaState) -> Iterator[str]:
    """``legal_actions`` lists each decision once, in increasing id, exactly the decisions of
    the independent reading of the spec; it is empty exactly during a chance step and after
    the end."""
    listed = legal_actions(state)
    ids = [_IDS.get(a, -1) for a in listed]
    if ids != sorted(set(ids)):
        yield "legal decisions are not unique and in id order"
    if not listed and state.chance is None and not state.is_over:
        yield "no legal decision while a player is to act"
    expected = expected_decisions(state)
    if set(listed) != expected:
        extra = sorted(map(str, set(listed) - expected))
        missing = sorted(map(str, expected - set(listed)))
        yield f"legal_actions lists {extra} wrongly and misses {missing}"


@_state_invariant("SCORE-01", "SCORE-02", "SCORE-03", "SCORE-04", "PUB-11", "SOLO-06")
def _score_parts(state: SagradaState) -> Iterator[str]:
    """At the end, each seat's final score is the sum of its parts, each part the oracle's:
    every public objective (PUB-01 to PUB-10), the private objective (the better one solo), the
    unspent tokens and the empty spaces (-1 each, solo -3); the result's scores are those."""
    if not state.is_over:
        return
    scores = result(state).scores
    for seat in range(state.num_players):
        got, want = final_score(state, seat), score_parts(state, seat)
        total = sum(got.publics) + got.private + got.tokens + got.empty_points
        yield from _diff(f"player {seat + 1}'s total against its parts", got.total, total)
        parts = (got.publics, got.private, got.tokens, got.empty, got.empty_points)
        wanted = (want.publics, want.private, want.tokens, want.empty, want.empty_points)
        yield from _diff(f"player {seat + 1}'s parts", parts, wanted)
        yield from _diff(f"player {seat + 1}'s result score", scores[seat], want.total)


# ----------------------------------------------------------------------------- step checks


def _turn_ended(before: SagradaState, action: Action) -> bool:
    return isinstance(action, EndTurn)


@_step_invariant("PLACE-08", "TURN-04", "TOOL-13", "RUL-16")
def _window_changes(before: SagradaState, action: Action, after: SagradaState) -> Iterator[str]:
    """A window changes only by the decision's placement: the die in hand onto the chosen
    space, or a moved die from its space to the chosen one; no die is covered, changed or
    removed otherwise, and the other windows stay as they were (with ``decision_legal`` this is
    the derived record of the tool exceptions, see the module docstring)."""
    seat = before.turn
    for other, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        want = list(old.window)
        if other == seat and isinstance(action, Place):
            if before.lifted is not None:
                want[action.cell], want[before.lifted] = want[before.lifted], None
            else:
                want[action.cell] = before.hand
        yield from _diff(f"player {other + 1}'s window", new.window, tuple(want))


@_step_invariant("TOOL-04", "TOOL-12", "TOOL-13", "RUL-07", "RUL-09")
def _moves_bookkeeping(before: SagradaState, action: Action, after: SagradaState) -> Iterator[str]:
    """A pick lifts the die on its space and the placement that follows puts it down; the
    first move of Lathekin or Tap Wheel records where its die went (Lathekin's may not move
    again, Tap Wheel's gives the colour of a second move), and any other decision forgets it:
    Tap Wheel's second move is offered only right after the first."""
    yield from _diff(
        "the lifted die", after.lifted, action.cell if isinstance(action, Pick) else None
    )
    number = None if before.active is None else before.tool_number(before.active)
    if isinstance(action, Place) and before.sub == "drop" and number in (_LATHEKIN, _TAP):
        yield from _diff("the first move's die", after.moved, action.cell)
    elif isinstance(action, Pick):
        if after.moved not in (before.moved, None):
            yield f"a pick changed the first move's die from {before.moved} to {after.moved}"
    else:
        yield from _diff(f"the first move's die after {action}", after.moved, None)


@_step_invariant("FAVOR-01", "FAVOR-02", "FAVOR-03", "FAVOR-04", "SOLO-03", "SETUP-03")
def _tokens_paid(before: SagradaState, action: Action, after: SagradaState) -> Iterator[str]:
    """Tokens move only when a tool is chosen: its cost (1 on a card without tokens, else 2)
    from the user's supply onto the card; in the solo game a pool die of the card's colour and
    the chosen value is paid instead and stays paid; choosing a pattern gives its difficulty."""
    favor = [p.favor for p in before.players]
    tokens = list(before.tokens)
    spent = list(before.spent)
    if isinstance(action, ChoosePattern):
        favor[before.turn] = (
            0 if before.num_players == 1 else DIFFICULTY_COMP_03[action.pattern + 1]
        )
    if isinstance(action, UseTool):
        slot = _tool_numbers(before).index(action.tool)
        if before.num_players == 1:
            spent[slot] = (TOOL_COLOUR[action.tool], action.pay)
        else:
            price = cost(before.tokens[slot])
            favor[before.turn] -= price
            tokens[slot] += price
    yield from _diff("the favor tokens", [p.favor for p in after.players], favor)
    yield from _diff("the tokens on the tools", list(after.tokens), tokens)
    yield from _diff("the dice paid for tools", list(after.spent), spent)


@_step_invariant("FAVOR-01", "TURN-01", "TURN-03", "TOOL-14", "SOLO-03")
def _tool_once_a_turn(before: SagradaState, action: Action, after: SagradaState) -> Iterator[str]:
    """A tool is chosen only when none was used this turn, and the turn then counts it used
    until it ends; a turn drafts once (the extra draft of Running Pliers aside); a new turn
    starts with no draft and no tool."""
    if isinstance(action, UseTool) and before.tool_used:
        yield f"{action} chosen in a turn that already used a tool"
    if isinstance(action, Draft) and before.drafted and before.sub != "running":
        yield f"{action} in a turn that already drafted"
    if _turn_ended(before, action) or isinstance(action, ChoosePattern):
        if after.tool_used or after.drafted or after.active is not None:
            yield "a new turn starts with a draft or a tool already counted"
        return
    if after.tool_used != (before.tool_used or isinstance(action, UseTool)):
        yield f"tool used went {before.tool_used} -> {after.tool_used} on {action}"
    if after.drafted != (before.drafted or isinstance(action, Draft)):
        yield f"drafted went {before.drafted} -> {after.drafted} on {action}"


def _next_position(state: SagradaState) -> int | None:
    """The next position of the round that is not a skipped second turn (ROUND-03, TOOL-08)."""
    n = state.num_players
    for position in range(state.step + 1, 2 * n):
        if not (position >= n and seat_of_position(state.start, position, n) in state.skips):
            return position
    return None


@_step_invariant("ROUND-03", "ROUND-04", "ROUND-05", "ROUND-06", "TOOL-08", "RUL-10", "SOLO-02")
def _turn_order(before: SagradaState, action: Action, after: SagradaState) -> Iterator[str]:
    """Only ending a turn moves the snake order: to the next position not skipped, or, after
    the last, to the next round started by the next seat clockwise (the solo player again),
    or to the end after round 10; choosing Running Pliers adds its user's second turn to the
    skipped ones, and nothing else does; patterns are chosen in seat order."""
    n = before.num_players
    if isinstance(action, ChoosePattern):
        return
    if not _turn_ended(before, action):
        for name in ("round", "start", "step", "turn"):
            yield from _diff(
                f"the {name} within a turn", getattr(after, name), getattr(before, name)
            )
        # the skip is decided when Running Pliers is chosen: a chosen tool cannot be
        # abandoned (FAVOR-01), so from then on the seat's second turn is one it gives up
        skips = set(before.skips)
        if isinstance(action, UseTool) and action.tool == _RUNNING:
            skips.add(before.turn)
        yield from _diff(f"the skipped second turns after {action}", set(after.skips), skips)
        return
    following = _next_position(before)
    if following is not None:
        yield from _diff(
            "the position after the turn", (after.round, after.step), (before.round, following)
        )
        yield from _diff("the start player within the round", after.start, before.start)
        return
    yield from _diff("the round after its last turn", after.round, before.round + 1)
    if after.is_over:
        return
    yield from _diff("the next start player", after.start, (before.start + 1) % n)
    yield from _diff("the first position of the round", after.step, 0)
    yield from _diff("the skips of a new round", after.skips, ())


@_step_invariant("COMP-07", "ROUND-02", "ROUND-04", "TOOL-05", "SOLO-04", "SOLO-05")
def _round_track_fills(before: SagradaState, action: Action, after: SagradaState) -> Iterator[str]:
    """The round track changes only at the end of a round, when its space receives exactly
    the dice left in the pool, and by Lens Cutter, which takes a die of the chosen colour and
    value from the lowest space holding one and puts the drafted die there; a new round's pool
    is 2n + 1 dice (4 solo) drawn from the bag."""
    track = [list(space) for space in before.track]
    if after.round == before.round + 1 and before.round >= 1:
        track[before.round - 1] = sorted(before.pool)
        if not after.is_over and after.chance is None:
            yield from _diff("dice in the new pool", len(after.pool), pool_size(after.num_players))
            drawn = Counter(c for c, _ in after.pool)
            bag = tuple(after.bag[c] + drawn[c] for c in range(COLOURS))
            yield from _diff("the bag before the new pool", bag, before.bag)
    elif isinstance(action, Swap):
        wanted = (action.colour, action.value)
        index = next(i for i, space in enumerate(track) if wanted in space)
        track[index].remove(wanted)
        assert before.hand is not None
        track[index] = sorted([*track[index], before.hand])
    yield from _diff("the round track", [list(s) for s in after.track], track)


def _placeable(state: SagradaState, d: Die) -> bool:
    return bool(legal_spaces(state.players[state.turn].window, grid_of(state, state.turn), d))


def _pool_hand(before: SagradaState, action: Action, after: SagradaState) -> Iterator[str]:
    pool = Counter(before.pool)
    hand = before.hand
    if isinstance(action, UseTool) and before.num_players == 1:
        pool[(TOOL_COLOUR[action.tool], action.pay)] -= 1
    if isinstance(action, Draft):
        pool[(action.colour, action.value)] -= 1
        hand = (action.colour, action.value)
    elif isinstance(action, Place) and before.lifted is None:
        hand = None
    elif isinstance(action, ReturnDie):
        assert hand is not None
        pool[hand] += 1
        hand = None
    elif isinstance(action, ChooseValue):
        assert hand is not None
        hand = (hand[0], action.value)
    elif isinstance(action, (Adjust, Swap)) or (
        isinstance(action, UseTool) and action.tool == _GRINDING
    ):
        assert hand is not None
        if isinstance(action, Adjust):
            hand = (hand[0], hand[1] + action.delta)
        elif isinstance(action, Swap):
            hand = (action.colour, action.value)
        else:
            hand = (hand[0], 7 - hand[1])
        if not _placeable(before, hand):  # RUL-20: a changed die always has a legal space
            yield f"the changed die {hand} has no legal space (RUL-20)"
            return
    elif isinstance(action, UseTool) and action.tool == _BRUSH:
        assert hand is not None
        if after.chance is not None:  # waiting for the roll
            yield from _diff("the die in hand before its roll", after.hand, hand)
        else:
            rolled = after.hand if after.hand is not None else _one_more(before, after, pool)
            if rolled is None or rolled[0] != hand[0]:
                yield f"Flux Brush turned {hand} into {rolled}"
                return
            if (after.hand is None) == _placeable(before, rolled):
                yield f"Flux Brush's {rolled}: kept in hand {after.hand is not None} (RUL-02)"
            hand = after.hand
            if after.hand is None:
                pool[rolled] += 1
    elif isinstance(action, UseTool) and action.tool == _REMOVER:
        assert hand is not None
        bag = list(before.bag)
        bag[hand[0]] += 1
        if after.chance is None:
            if after.hand is None or after.hand[1] != 0:
                yield f"Flux Remover's new die is {after.hand}, expected a die with no value yet"
                return
            bag[after.hand[0]] -= 1
            hand = after.hand
        else:
            hand = None
        yield from _diff("the bag after Flux Remover", list(after.bag), bag)
    elif isinstance(action, UseTool) and action.tool == 7:  # Glazing Hammer: colours kept
        if after.chance is None:
            colours = Counter(c for c, _ in (+pool).elements())
            got = Counter(c for c, _ in after.pool)
            yield from _diff("the colours of the re-rolled pool", got, colours)
        return
    if after.round != before.round:  # the end of a round: the pool went on the track
        return
    yield from _diff("the die in hand", after.hand, hand)
    yield from _diff("the pool", sorted(after.pool), sorted((+pool).elements()))


def _one_more(before: SagradaState, after: SagradaState, pool: Counter[Die]) -> Die | None:
    """The die a step added to the pool (Flux Brush's return), if exactly one."""
    extra = Counter(after.pool) - pool
    return next(iter(extra)) if sum(extra.values()) == 1 else None


@_step_invariant(
    "TURN-03", "TURN-04", "RUL-02", "RUL-12", "RUL-20", "TOOL-01", "TOOL-05", "TOOL-06",
    "TOOL-07", "TOOL-10", "TOOL-11", "SOLO-03",
)  # fmt: skip
def _pool_and_hand(before: SagradaState, action: Action, after: SagradaState) -> Iterator[str]:
    """The pool and the hand change as the decision says: a draft takes the die into the hand,
    a placement empties it, Grozing Pliers (+-1), Grinding Stone (7 - v) and Lens Cutter (the
    round-track die) change it into a die with a legal space (RUL-20), Flux Brush (a roll,
    same colour) changes it and sends it back to the pool if it has no legal space, Flux
    Remover swaps it for a bag die whose value is chosen, then placed or returned; Glazing
    Hammer keeps the pool's colours; a solo tool takes its paying die from the pool."""
    yield from _pool_hand(before, action, after)


@_step_invariant("WIN-01", "WIN-02", "WIN-03", "WIN-04", "SOLO-05", "SOLO-07", "RUL-17", "RUL-18")
def _final_result(before: SagradaState, action: Action, after: SagradaState) -> Iterator[str]:
    """When the game ends, the result is the oracle's: the scores, the keys (score, private
    points, tokens, place in round 10's clockwise order) and the one winner; solo, the player
    wins only with a score greater than the target (the sum of the round track)."""
    if not after.is_over or before.is_over:
        return
    got = result(after)
    scores, keys, winners = expected_result(after, before.start)
    yield from _diff("the scores", got.scores, scores)
    yield from _diff("the keys", got.keys, keys)
    yield from _diff("the winners", got.winners, winners)


_DECISION_LEGAL = Invariant(
    "decision_legal",
    "step",
    (
        "TURN-01",
        "TURN-03",
        "PLACE-10",
        "TOOL-13",
        "TOOL-14",
        "RUL-05",
        "RUL-09",
        "RUL-20",
        "ENG-10",
    ),
    "The engine applies only decisions the independent reading of the spec lists for the "
    "position (placements with the tool's waivers); the other step invariants are measured "
    "against that reading.",
)

#: Every invariant, state invariants first, with the clauses each protects.
INVARIANTS: tuple[Invariant, ...] = (
    *(inv for inv, _ in _STATE_CHECKS),
    _DECISION_LEGAL,
    *(inv for inv, _ in _STEP_CHECKS),
)


def _run(
    checks: Sequence[tuple[Invariant, Callable[..., Iterator[str]]]], *args: object
) -> list[InvariantFailure]:
    failures = []
    for invariant, check in checks:
        try:
            messages = list(check(*args))
        except Exception as error:  # a crash inside a check is a failure too, never hidden
            messages = [f"the check raised {type(error).__name__}: {error}"]
        failures += [InvariantFailure(invariant.name, invariant.clauses, m) for m in messages]
    return failures


def check_state(state: SagradaState) -> list[InvariantFailure]:
    """Every state invariant of ``state``.

    Args:
        state: any position.

    Returns:
        The failures (empty when every invariant holds).

    >>> from sintra_rules.games.sagrada import new_game
    >>> check_state(new_game(1, seed=3))
    []
    """
    return _run(_STATE_CHECKS, state)


def check_step(before: SagradaState, action: Action, after: SagradaState) -> list[InvariantFailure]:
    """Every step invariant of ``after = apply(before, action)`` (with or without sampling).

    A decision the oracle does not list fails ``decision_legal`` and is not examined further.
    Use :func:`check_state` on ``after`` for the state invariants.

    Args:
        before: the position.
        action: the decision applied to it.
        after: the position after it.

    Returns:
        The failures (empty when every invariant holds).
    """
    if action not in expected_decisions(before):
        message = f"the engine applied {action}, which the spec does not allow here"
        return [InvariantFailure(_DECISION_LEGAL.name, _DECISION_LEGAL.clauses, message)]
    return _run(_STEP_CHECKS, before, action, after)


def step_events(before: SagradaState, action: Action, after: SagradaState) -> dict[str, int]:
    """The rare things a step shows, counted by name (for the soak's report): ``tool N`` for
    each tool card chosen, ``returned to pool`` for a die sent back (Flux Brush's, RUL-02;
    Flux Remover's, RUL-12),
    ``turn skipped`` (TOOL-08), ``die moved`` (TOOL-13), ``solo won`` / ``solo lost``.

    Args:
        before: the position.
        action: the decision applied to it.
        after: the position after it.

    Returns:
        Counts by name (only the events that occurred).
    """
    out: Counter[str] = Counter()
    if isinstance(action, UseTool):
        out[f"tool {action.tool}"] += 1
    paid = 1 if isinstance(action, UseTool) and before.num_players == 1 else 0
    if (
        before.hand is not None
        and after.hand is None
        and not isinstance(action, Place)
        and after.round == before.round
        and len(after.pool) > len(before.pool) - paid
    ):
        out["returned to pool"] += 1
    if isinstance(action, Place) and before.lifted is not None:
        out["die moved"] += 1
    if len(after.skips) > len(before.skips):
        out["turn skipped"] += 1
    if after.is_over and not before.is_over and after.num_players == 1:
        out["solo won" if result(after).winners else "solo lost"] += 1
    return dict(out)


def _raise_first(failures: Sequence[InvariantFailure]) -> None:
    if failures:
        first = failures[0]
        more = f" (and {len(failures) - 1} more)" if len(failures) > 1 else ""
        raise InvariantBroken(
            f"{first.invariant} ({', '.join(first.clauses)})", first.message + more
        )


def state_checked(state: SagradaState) -> None:
    """:func:`check_state`, raising on the first failure (``Verified.check_state``).

    Args:
        state: any position.

    Raises:
        InvariantBroken: naming the invariant, its clauses and what is wrong.
    """
    _raise_first(check_state(state))


def step_checked(before: SagradaState, action: Action, after: SagradaState) -> dict[str, int]:
    """:func:`check_step`, raising on the first failure, and the step's events
    (``Verified.check_step``).

    Args:
        before: the position.
        action: the decision applied to it.
        after: the position after it.

    Returns:
        :func:`step_events`.

    Raises:
        InvariantBroken: naming the invariant, its clauses and what is wrong.
    """
    _raise_first(check_step(before, action, after))
    return step_events(before, action, after)
