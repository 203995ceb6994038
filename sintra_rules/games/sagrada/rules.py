"""The rules of play: applying a decision, purely (ENG-02), with the chance steps that follow
(ENG-05); the legal decisions and every clause an illegal one breaks (ENG-08, ENG-10).

>>> from sintra_rules.games.sagrada import new_game
>>> state = new_game(2, seed=0)   # ENG-05's reference game: seat 0 holds cards 8 and 4
>>> [str(a) for a in legal_actions(state)]  # seat 0 chooses one of its 4 patterns (RUL-10)
['pattern 7', 'pattern 8', 'pattern 15', 'pattern 16']
>>> after = apply(state, ChoosePattern(6))
>>> after.turn, state.turn                   # the input state is never changed (ENG-02)
(1, 0)
>>> [e.clause for e in violations(after, EndTurn())]
['RUL-10']

:func:`apply_traced` runs the same code as :func:`apply` and also returns what happened, as
:mod:`~sintra_rules.games.sagrada.events`. :func:`violations` lists every clause an illegal
decision breaks, in increasing order of clause ID; :func:`apply` raises the first as
:class:`~sintra_rules.errors.IllegalAction` with the others as notes, and the state is
untouched (ENG-10).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sintra_rules.errors import GameOver, IllegalAction
from sintra_rules.games.sagrada import events as ev
from sintra_rules.games.sagrada.actions import (
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
from sintra_rules.games.sagrada.chance import _decide, _fill_pool, _sample
from sintra_rules.games.sagrada.legality import faults, is_listed, legal_actions
from sintra_rules.games.sagrada.placement import moved
from sintra_rules.games.sagrada.state import (
    ChanceStep,
    Die,
    PlayerState,
    SagradaState,
    die,
    evolved,
    snake_seat,
)
from sintra_rules.games.sagrada.tools import LATHEKIN, TAP, Fault, cost, start_effect

__all__ = ["apply", "apply_traced", "is_legal", "legal_actions", "violations"]

_Trace = list[ev.Event] | None


def is_legal(state: SagradaState, action: Action) -> bool:
    """Whether :func:`apply` accepts ``action`` in ``state`` (ENG-10)."""
    return not faults(state, action)


def violations(state: SagradaState, action: object) -> tuple[IllegalAction, ...]:
    """Every clause ``action`` breaks in ``state``, as the errors :func:`apply` would raise, in
    increasing order of clause ID (empty when it is legal); the first is the one :func:`apply`
    raises (ENG-10).

    A placement breaking several restrictions names each (PLACE-01 to PLACE-08, RUL-16); a
    tool that cannot be chosen names every condition it fails (FAVOR-01, FAVOR-03, SOLO-03,
    its own clause, RUL-09: TOOL-14).

    Args:
        state: any state.
        action: anything; a non-decision breaks ENG-07.

    Returns:
        The violations.
    """
    return tuple(IllegalAction(clause, reason, action) for clause, reason in faults(state, action))


# ------------------------------------------------------------------------------ applying


def apply(state: SagradaState, action: Action, *, sample: bool = True) -> SagradaState:
    """The state after ``action``; ``state`` itself is never changed (ENG-02).

    Raises :class:`~sintra_rules.errors.IllegalAction` for an illegal action, naming the first
    clause it breaks, the others attached as notes (ENG-10), and
    :class:`~sintra_rules.errors.GameOver` once the game is over (ROUND-06). The random steps
    that follow (the next round's draft pool, a tool's re-roll or draw) are drawn from the
    state's generator; with ``sample=False``, or without a generator, the state returned waits
    for the first of them (ENG-05).

    Args:
        state: a state where a player is to act.
        action: one of :func:`legal_actions`.
        sample: whether to decide the chance steps that follow.

    Returns:
        The next state.

    Raises:
        IllegalAction: the action is not legal here.
        GameOver: the game is over.
    """
    return _apply(state, action, None, sample)


def apply_traced(
    state: SagradaState, action: Action, *, sample: bool = True
) -> tuple[SagradaState, tuple[ev.Event, ...]]:
    """:func:`apply`, also returning the events, in the order the rules apply them.

    Args:
        state: a state where a player is to act.
        action: a legal action.
        sample: as for :func:`apply`.

    Returns:
        The next state and the events.

    Raises:
        IllegalAction: exactly as :func:`apply`.
    """
    trace: list[ev.Event] = []
    after = _apply(state, action, trace, sample)
    return after, tuple(trace)


def _raise(state: SagradaState, action: object, found: list[Fault]) -> None:
    """Raise the first violation, the others attached as notes (ENG-10)."""
    error = IllegalAction(found[0][0], found[0][1], action)
    for clause, reason in found[1:]:
        error.add_note(f"also {clause}: {reason}")
    raise error


def _apply(state: SagradaState, action: Action, trace: _Trace, sample: bool) -> SagradaState:
    if isinstance(state, SagradaState) and state.is_over:
        raise GameOver("ROUND-06", "the game is over: no more actions")
    if not is_listed(state, action):
        found = faults(state, action)
        if found:
            _raise(state, action, found)
    if state.moved is not None and state.sub == "" and not isinstance(action, Pick):
        state = evolved(state, moved=None)  # TOOL-12: Tap Wheel's second move is forgone
    after = _DO[type(action)](state, action, trace)
    if sample and after.rng is not None:
        after = _resolve(after, trace)
    return after


def _resolve(state: SagradaState, trace: _Trace) -> SagradaState:
    """Sample every pending chance step (ENG-05), tracing each outcome."""
    while state.chance is not None:
        step = state.chance
        if step.kind == "draw":
            state = _fill_pool(state, trace)
            continue
        rng, outcome = _sample(state)
        if trace is not None:
            trace.append(_chance_event(state, step, outcome))
        state = evolved(_decide(state, step, outcome), rng=rng)
    return state


def _chance_event(state: SagradaState, step: ChanceStep, outcome: int) -> ev.Event:
    kind = step.kind
    if kind in ("draw", "remover"):
        return ev.DieDrawn(outcome)
    if kind in ("roll", "reroll"):
        return ev.DieRolled(die(step.dice[0][0], outcome + 1))
    if kind == "brush":
        assert state.hand is not None
        return ev.DieRolled(die(state.hand[0], outcome + 1), in_hand=True)
    if kind == "start":
        return ev.StartPlayer(outcome)
    return ev.CardDealt(kind, step.seat, step.index, outcome)


def _removed(pool: tuple[Die, ...], d: Die) -> tuple[Die, ...]:
    i = pool.index(d)
    return pool[:i] + pool[i + 1 :]


def _player(
    state: SagradaState,
    *,
    window: tuple[Die | None, ...] | None = None,
    favor: int | None = None,
    pattern: int | None = None,
) -> tuple[PlayerState, ...]:
    """The players with the seat to act's window, favor tokens or pattern changed (those given;
    ``pattern`` given with ``favor``: RUL-10, SETUP-03)."""
    seat = state.turn
    old = state.players[seat]
    player = PlayerState(
        old.cards,
        old.pattern if pattern is None else pattern,
        old.window if window is None else window,
        old.favor if favor is None else favor,
        old.privates,
    )
    return (*state.players[:seat], player, *state.players[seat + 1 :])


def _do_choose(state: SagradaState, action: ChoosePattern, trace: _Trace) -> SagradaState:
    """RUL-10, SETUP-02, SETUP-03 (solo: no favor tokens, SOLO-01); after the last seat, round 1
    begins (ROUND-02)."""
    seat = state.turn
    index = action.pattern
    favor = 0 if state.is_solo else state.components.patterns[index].favor
    if trace is not None:
        trace.append(ev.PatternChosen(seat, index, favor))
    after = evolved(state, players=_player(state, pattern=index, favor=favor))
    if seat + 1 < state.num_players:
        return evolved(after, turn=seat + 1)
    return _begin_round(after, 1, state.start, trace)


def _begin_round(state: SagradaState, number: int, start: int, trace: _Trace) -> SagradaState:
    """ROUND-02, ROUND-03: round ``number`` begins with ``start``'s first turn, once the draft
    pool is drawn and rolled."""
    if trace is not None:
        trace.append(ev.RoundStarted(number - 1, start))
    return evolved(
        state,
        round=number,
        start=start,
        step=0,
        turn=start,
        skips=(),
        drafted=False,
        tool_used=False,
        active=None,
        sub="",
        lifted=None,
        moved=None,
        chance=ChanceStep("draw") if state.components.pool_size(state.num_players) else None,
    )


def _do_draft(state: SagradaState, action: Draft, trace: _Trace) -> SagradaState:
    """TURN-03 (the turn's draft) or RUL-06 (Running Pliers' extra draft, ending the tool)."""
    d = die(action.colour, action.value)
    extra = state.sub == "running"
    if trace is not None:
        trace.append(ev.Drafted(state.turn, d, extra))
    pool = _removed(state.pool, d)
    if extra:
        return evolved(state, pool=pool, hand=d, sub="", active=None)
    return evolved(state, pool=pool, hand=d, drafted=True)


def _do_place(state: SagradaState, action: Place, trace: _Trace) -> SagradaState:
    """TURN-04, PLACE-10 (TOOL-09, RUL-12 end their tool); the destination of a move
    (TOOL-13): Eglomise Brush and Copper Foil Burnisher are then complete, Lathekin waits for
    its second die, Tap Wheel is complete and offers a second move (RUL-07)."""
    window = state.players[state.turn].window
    if state.sub in ("drop", "drop2"):
        src = state.lifted
        assert src is not None
        number = state.tool_number(state.active) if state.active is not None else TAP
        if trace is not None:
            d = window[src]
            assert d is not None
            trace.append(ev.DieMoved(number, d, src, action.cell))
        after = evolved(
            state, players=_player(state, window=moved(window, src, action.cell)), lifted=None
        )
        if state.sub == "drop" and number == LATHEKIN:
            return evolved(after, sub="pick2", moved=action.cell)
        if state.sub == "drop" and number == TAP:
            return evolved(after, sub="", active=None, moved=action.cell)
        return evolved(after, sub="", active=None, moved=None)
    hand = state.hand
    assert hand is not None
    if trace is not None:
        trace.append(ev.DiePlaced(state.turn, hand, action.cell))
    cells = list(window)
    cells[action.cell] = hand
    after = evolved(state, players=_player(state, window=tuple(cells)), hand=None)
    if state.sub:
        return evolved(after, sub="", active=None)
    return after


def _do_pick(state: SagradaState, action: Pick, trace: _Trace) -> SagradaState:
    """TOOL-13: the die is lifted; its destination comes next."""
    if state.sub == "pick":
        return evolved(state, sub="drop", lifted=action.cell)
    return evolved(state, sub="drop2", lifted=action.cell)


def _do_tool(state: SagradaState, action: UseTool, trace: _Trace) -> SagradaState:
    """FAVOR-01, FAVOR-02, FAVOR-04; solo: the paying die and the card leave the game (SOLO-03,
    RUL-08); then the tool's effect begins (TOOL-01 to TOOL-12)."""
    slot = next(s for s in range(len(state.tools)) if state.tool_number(s) == action.tool)
    if state.is_solo:
        paid = die(state.components.tools[state.tools[slot]].colour, action.pay)
        if trace is not None:
            trace.append(ev.ToolUsed(state.turn, slot, action.tool, 0))
            trace.append(ev.DiePaid(slot, paid))
        spent = list(state.spent)
        spent[slot] = paid
        i = state.pool.index(paid)
        used = evolved(
            state,
            pool=state.pool[:i] + state.pool[i + 1 :],
            spent=tuple(spent),
            tool_used=True,
            active=slot,
        )
        return _effect(used, slot, trace)
    price = cost(state.tokens[slot])
    if trace is not None:
        trace.append(ev.ToolUsed(state.turn, slot, action.tool, price))
    favor = state.players[state.turn].favor - price
    tokens = list(state.tokens)
    tokens[slot] += price
    paid_state = evolved(
        state,
        players=_player(state, favor=favor),
        tokens=tuple(tokens),
        tool_used=True,
        active=slot,
    )
    return _effect(paid_state, slot, trace)


def _effect(state: SagradaState, slot: int, trace: _Trace) -> SagradaState:
    """Begin the paid tool's effect, tracing what happens at once (TOOL-08, TOOL-10,
    TOOL-11)."""
    after = start_effect(state, slot)
    if trace is not None:
        hand = state.hand
        if after.hand != hand and hand is not None and after.chance is None:  # Grinding Stone
            trace.append(ev.DieChanged(10, hand, die(hand[0], 7 - hand[1])))
        elif after.chance is not None and after.chance.kind == "remover" and hand is not None:
            trace.append(ev.DieToBag(hand))
        if after.skips != state.skips:
            trace.append(ev.TurnSkipped(state.turn))
    return after


def _changed(state: SagradaState, new: Die, trace: _Trace, event: ev.Event) -> SagradaState:
    """The die in hand becomes ``new``, which has a legal space (RUL-20); the tool is over."""
    if trace is not None:
        trace.append(event)
    return evolved(state, hand=new, active=None, sub="")


def _do_adjust(state: SagradaState, action: Adjust, trace: _Trace) -> SagradaState:
    """TOOL-01: the die in hand takes its new value, one with a legal space (RUL-20)."""
    hand = state.hand
    assert hand is not None
    new = die(hand[0], hand[1] + action.delta)
    return _changed(state, new, trace, ev.DieChanged(1, hand, new))


def _do_value(state: SagradaState, action: ChooseValue, trace: _Trace) -> SagradaState:
    """RUL-12: the drawn die gets its value; it is placed or returned next."""
    hand = state.hand
    assert hand is not None
    new = die(hand[0], action.value)
    if trace is not None:
        trace.append(ev.ValueChosen(new))
    return evolved(state, hand=new, sub="flux_place")


def _do_swap(state: SagradaState, action: Swap, trace: _Trace) -> SagradaState:
    """TOOL-05: the drafted die takes the place of the chosen die on the lowest-numbered
    round-track space holding one; the die taken, which has a legal space (RUL-20), comes into
    the hand."""
    hand = state.hand
    assert hand is not None
    taken = die(action.colour, action.value)
    space = next(r for r, dice in enumerate(state.track) if taken in dice)
    track = list(state.track)
    i = track[space].index(taken)
    track[space] = tuple(sorted((*track[space][:i], *track[space][i + 1 :], hand)))
    swapped = evolved(state, track=tuple(track))
    return _changed(swapped, taken, trace, ev.DieSwapped(space, hand, taken))


def _do_return(state: SagradaState, action: ReturnDie, trace: _Trace) -> SagradaState:
    """RUL-12: the drawn die goes to the draft pool."""
    hand = state.hand
    assert hand is not None
    if trace is not None:
        trace.append(ev.DieReturned(hand, "RUL-12"))
    pool = tuple(sorted((*state.pool, hand)))
    return evolved(state, pool=pool, hand=None, sub="", active=None)


def _do_end(state: SagradaState, action: EndTurn, trace: _Trace) -> SagradaState:
    """TURN-02: the turn ends; the next seat in the snake order acts (ROUND-03; solo: the same
    seat's second turn, SOLO-02), skipping the
    second turns Running Pliers gave up (TOOL-08, RUL-06); after the last turn the round ends
    (ROUND-04 to ROUND-06)."""
    n = state.num_players
    if trace is not None:
        trace.append(ev.TurnEnded(state.turn))
    step = state.step + 1
    while n <= step < 2 * n and snake_seat(state.start, step, n) in state.skips:
        if trace is not None:
            trace.append(ev.TurnSkipped(snake_seat(state.start, step, n)))
        step += 1
    if step < 2 * n:
        return evolved(
            state,
            step=step,
            turn=snake_seat(state.start, step, n),
            drafted=False,
            tool_used=False,
            active=None,
            sub="",
            lifted=None,
            moved=None,
        )
    return _end_round(state, trace)


def _end_round(state: SagradaState, trace: _Trace) -> SagradaState:
    """ROUND-04: the pool's dice go on the round's space of the round track (solo: with their
    values, SOLO-04); ROUND-05: the start player passes clockwise; ROUND-06: after round 10 the
    game is over."""
    index = state.round - 1
    if trace is not None:
        trace.append(ev.DiceToTrack(index, state.pool))
    track = list(state.track)
    track[index] = tuple(sorted((*track[index], *state.pool)))
    ended = evolved(state, track=tuple(track), pool=())
    if state.round >= state.components.rounds:
        if trace is not None:
            trace.append(ev.GameEnded())
        return evolved(
            ended,
            round=state.round + 1,
            skips=(),
            drafted=False,
            tool_used=False,
            active=None,
            sub="",
            lifted=None,
            moved=None,
        )
    return _begin_round(ended, state.round + 1, (state.start + 1) % state.num_players, trace)


_DO: dict[type, Callable[[SagradaState, Any, _Trace], SagradaState]] = {
    ChoosePattern: _do_choose,
    Draft: _do_draft,
    Place: _do_place,
    Pick: _do_pick,
    UseTool: _do_tool,
    Adjust: _do_adjust,
    ChooseValue: _do_value,
    Swap: _do_swap,
    ReturnDie: _do_return,
    EndTurn: _do_end,
}
