"""The rules of play: legal actions in canonical order, and pure ``apply``.

>>> from sintra_rules import new_game
>>> state = new_game(2, seed=1)
>>> actions = legal_actions(state)
>>> after = apply(state, actions[0])
>>> after.turn, state.turn          # the input state is never changed
(1, 0)

:func:`apply_traced` runs the very same code as :func:`apply` and also returns what happened,
as data: the :mod:`~sintra_rules.games.sintra.events`, in order, each naming its clauses (they are
built only when asked for, so :func:`apply` stays fast). :func:`violations` lists every clause an
illegal action breaks. Both serve :mod:`sintra_rules.games.sintra.explain`;
:mod:`sintra_rules.games.sintra.narration` puts events into words.
"""

from __future__ import annotations

from collections.abc import Sequence

from sintra_rules.errors import IllegalAction
from sintra_rules.games.sintra import events as ev
from sintra_rules.games.sintra.actions import RESET, Action, Reset, Take, _interned
from sintra_rules.games.sintra.chance import begin_fill
from sintra_rules.games.sintra.scoring import (
    colour_bonus,
    final_score,
    move_marker,
    window_points,
)
from sintra_rules.games.sintra.setup import fill_factories
from sintra_rules.games.sintra.state import CENTRE, GameState, PlayerState, Strip, Window

__all__ = ["apply", "apply_traced", "is_legal", "legal_actions", "violations"]

_Option = tuple[int | None, int, int | None]
_Reach = tuple[int, Strip, tuple[int, ...], int, int, int]
_Trace = list[ev.Event] | None


def _reachable(state: GameState, player: PlayerState) -> list[_Reach]:
    """Strips the glazier can reach: the one beneath it and those to its right (PLACE-02,
    RUL-04). Each entry: slot, strip, side spaces, free joker spaces, pieces, side size."""
    spaces = state.components.side_spaces
    out: list[_Reach] = []
    strips = player.strips
    for slot in range(player.glazier, len(strips)):
        strip = strips[slot]
        if strip is None:
            continue
        side = spaces[strip.strip_id][strip.face]
        jokers = strip.jokers
        used_j = sum(jokers)
        pieces = sum(strip.filled) + used_j
        out.append((slot, strip, side, side[-1] - used_j, pieces, sum(side)))
    return out


def _options(reach: Sequence[_Reach], colour: int, count: int, colours: int) -> list[_Option]:
    """Every (target, jokers, keep) for placing ``count`` pieces of ``colour``, in canonical
    order (ENG-05): must-place targets (PLACE-05, RUL-02), forced maximal placement (PLACE-07,
    RUL-17), joker choices (PLACE-06, RUL-07) and kept colours on completion (DONE-03, RUL-18);
    all-break only when no reachable strip can take a piece (RUL-03)."""
    out: list[_Option] = []
    for slot, strip, side, free_j, pieces, size in reach:
        free_c = side[colour] - strip.filled[colour]
        cap = free_c + free_j
        if not cap:
            continue
        placed = count if count < cap else cap
        if pieces + placed == size:
            counts = strip.colour_counts()
            for keep in range(colours):
                if counts[keep] or keep == colour:
                    out.append((slot, free_j, keep))
        else:
            low = placed - free_c if placed > free_c else 0
            high = placed if placed < free_j else free_j
            for jokers in range(low, high + 1):
                out.append((slot, jokers, None))
    if not out:
        out.append((None, 0, None))
    return out


def _can_reset(player: PlayerState) -> bool:
    """A reset must move the glazier left onto a strip (RESET-01, RESET-02, RUL-05)."""
    strips = player.strips
    return any(strips[slot] is not None for slot in range(player.glazier))


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action of the player to act, in canonical order (ENG-05); empty once the
    game is over (END-02) and while a chance step is pending (ENG-07).

    Takes come first, ordered by source (factory displays in order, then the centre), colour
    (table order), target slot (then all-break), jokers and kept colour; :data:`RESET` is last
    (TURN-01). Takes of a colour that is present are always legal (TAKE-01, TAKE-02,
    TAKE-04), so the list is never empty before the end.
    """
    if not state.indicator or state.chance is not None:  # END-02, ENG-07
        return ()
    player = state.players[state.turn]
    reach = _reachable(state, player)
    colours = state.components.colours
    memo: dict[tuple[int, int], list[_Option]] = {}
    out: list[Action] = []
    sources = list(enumerate(state.factories))
    sources.append((CENTRE, state.centre))
    for source, counts in sources:
        for colour in range(colours):
            count = counts[colour]
            if not count:
                continue
            key = (colour, count)
            options = memo.get(key)
            if options is None:
                options = memo[key] = _options(reach, colour, count, colours)
            for target, jokers, keep in options:
                out.append(_interned(source, colour, target, jokers, keep))
    if _can_reset(player):
        out.append(RESET)
    return tuple(out)


def is_legal(state: GameState, action: Action) -> bool:
    """Whether :func:`apply` would accept ``action`` in ``state``."""
    return not violations(state, action)


def violations(state: GameState, action: object) -> tuple[IllegalAction, ...]:
    """Every clause ``action`` breaks in ``state`` (empty when it is legal), as the errors
    :func:`apply` would raise; the first one is the one :func:`apply` raises."""
    found: list[IllegalAction] = []
    _check(state, action, found)
    return tuple(found)


def _name(state: GameState, colour: int) -> str:
    return state.components.colour_names[colour]


def _check(
    state: GameState, action: object, found: list[IllegalAction] | None = None
) -> tuple[int, int, int]:
    """Validate ``action``; return (count taken, pieces placed, pieces already on the strip).

    Raises :class:`IllegalAction` naming the clause broken or, when ``found`` is a list,
    appends every violation it can detect to it instead."""

    def fail(clause: str, reason: str) -> None:
        error = IllegalAction(clause, reason, action)
        if found is None:
            raise error
        found.append(error)

    if not state.indicator:
        fail("END-02", "the game is over: no more actions")
        return 0, 0, 0
    if state.chance is not None:
        fail("ENG-07", "a chance step is pending: decide it before any player acts")
        return 0, 0, 0
    player = state.players[state.turn]
    if isinstance(action, Reset):
        if not _can_reset(player):
            leftmost = player.leftmost_strip()
            if leftmost == player.glazier:
                fail(
                    "RESET-02",
                    f"cannot reset: the glazier is already above the leftmost strip "
                    f"(slot {leftmost + 1})",
                )
            elif leftmost is None:
                fail("RUL-06", "cannot reset: no strip is left on the board")
            else:
                fail(
                    "RUL-05",
                    f"cannot reset: no strip lies to the left of the glazier (slot "
                    f"{player.glazier + 1}); a reset must move it back to the left",
                )
        return 0, 0, 0
    if not isinstance(action, Take):
        fail("ENG-04", f"not an action: {action!r}")
        return 0, 0, 0
    source, colour, target, jokers, keep = (
        action.source,
        action.colour,
        action.target,
        action.jokers,
        action.keep,
    )
    table = state.components
    count = 0
    known_count = False
    colour_ok = type(colour) is int and 0 <= colour < table.colours
    if not colour_ok:
        fail("TAKE-04", f"{colour!r} is not a colour of the game")
    if type(source) is not int or not (source == CENTRE or 0 <= source < len(state.factories)):
        fail(
            "TAKE-01",
            f"source {source!r} is neither the centre nor one of the "
            f"{len(state.factories)} factory displays",
        )
    elif colour_ok:
        counts = state.centre if source == CENTRE else state.factories[source]
        count = counts[colour]
        where = "the centre" if source == CENTRE else f"factory display {source + 1}"
        if count:
            known_count = True
        else:
            fail("TAKE-04", f"there is no {_name(state, colour)} piece on {where}")
    if type(jokers) is not int or jokers < 0:
        fail("PLACE-06", f"jokers must be a count >= 0, got {jokers!r}")
        jokers = 0
    if keep is not None and (type(keep) is not int or not 0 <= keep < table.colours):
        fail("DONE-03", f"{keep!r} is not a colour of the game")
        keep = None
    if not colour_ok:
        return 0, 0, 0
    reach = _reachable(state, player)
    if target is None:
        for slot, strip, side, free_j, _pieces, _size in reach:
            if side[colour] - strip.filled[colour] + free_j:
                fail(
                    "PLACE-05",
                    f"the pieces may not all break: the strip in slot {slot + 1} has an empty "
                    f"space for {_name(state, colour)}",
                )
                break
        if jokers:
            fail("PLACE-06", "no piece is placed, so none goes on a joker space")
        if keep is not None:
            fail("DONE-01", "no strip is completed, so no piece is kept")
        return count, 0, 0
    if type(target) is not int or not 0 <= target < len(player.strips):
        fail("PLACE-02", f"there is no slot {target!r}")
        return count, 0, 0
    chosen = player.strips[target]
    if chosen is None:
        fail("RUL-04", f"slot {target + 1} is empty: its strip has left the game")
        return count, 0, 0
    if target < player.glazier:
        fail(
            "PLACE-02",
            f"slot {target + 1} is left of the glazier (slot {player.glazier + 1}); only the "
            "strip beneath it and those to its right can be chosen",
        )
    side = table.side_spaces[chosen.strip_id][chosen.face]
    free_j = side[-1] - sum(chosen.jokers)
    pieces = sum(chosen.filled) + sum(chosen.jokers)
    free_c = side[colour] - chosen.filled[colour]
    cap = free_c + free_j
    if not cap:
        others = any(s[2][colour] - s[1].filled[colour] + s[3] for s in reach)
        fail(
            "PLACE-05" if others else "RUL-03",
            f"the strip in slot {target + 1} has no empty space for {_name(state, colour)}"
            + ("; choose a strip that has one" if others else "; all pieces must break"),
        )
        return count, 0, 0
    if not known_count:  # the take itself is void; still report what can be judged
        if jokers > free_j:
            fail("PLACE-06", f"the strip in slot {target + 1} has only {free_j} free joker spaces")
        return count, 0, 0
    placed = min(count, cap)
    low = max(0, placed - free_c)
    high = min(placed, free_j)
    if jokers > high:
        fail(
            "PLACE-06",
            f"at most {high} of the {placed} pieces placed can go on joker spaces",
        )
    elif jokers < low:
        fail(
            "PLACE-07",
            f"{placed} pieces must be placed, so at least {low} go on joker spaces",
        )
    if pieces + placed == sum(side):
        if keep is None:
            fail(
                "DONE-03",
                f"this completes the strip in slot {target + 1}: say which colour to keep",
            )
        elif not (chosen.colour_counts()[keep] or keep == colour):
            fail("DONE-03", f"no {_name(state, keep)} piece is on the completed strip")
    elif keep is not None:
        fail("DONE-01", f"the strip in slot {target + 1} is not completed: keep nothing")
    return count, placed, pieces


def apply(state: GameState, action: Action, *, sample: bool = True) -> GameState:
    """The state after ``action``; ``state`` itself is never changed (TURN-01).

    Raises :class:`~sintra_rules.errors.IllegalAction` naming the clause an illegal action
    breaks. A take moves the pieces (TAKE-01 to TAKE-03), places them (PLACE-01 to PLACE-07),
    breaks the excess (PLACE-04, TRACK-02, TRACK-03), completes the strip (DONE-01 to DONE-06);
    a reset moves the glazier (RESET-01). Then the turn passes clockwise (ROUND-03) or the round
    ends (ROUND-04, END-01 to END-06) and, after the last round, final scoring is applied
    (FINAL-01 to FINAL-05).

    The refill of the factory displays is drawn from the state's generator (ENG-03). With
    ``sample=False``, or when the state has no generator, nothing is drawn: the state returned
    waits for the refill's chance steps (``state.chance``), to be decided with
    :mod:`sintra_rules.games.sintra.chance` (ENG-07, ENG-08). A pending chance step is an
    :class:`~sintra_rules.errors.IllegalAction` (ENG-07).
    """
    return _apply(state, action, None, sample)


def apply_traced(
    state: GameState, action: Action, *, sample: bool = True
) -> tuple[GameState, tuple[ev.Event, ...]]:
    """:func:`apply`, also returning what happened: the :mod:`~sintra_rules.games.sintra.events`, in
    the order the rules apply them (TURN-01, ENG-40), each naming its clauses.

    Raises :class:`~sintra_rules.errors.IllegalAction` exactly as :func:`apply` does.
    """
    trace: list[ev.Event] = []
    after = _apply(state, action, trace, sample)
    return after, tuple(trace)


def _apply(state: GameState, action: Action, trace: _Trace, sample: bool = True) -> GameState:
    count, placed, pieces = _check(state, action)
    turn = state.turn
    player = state.players[turn]
    if isinstance(action, Reset):  # RESET-01
        leftmost = player.leftmost_strip()
        assert leftmost is not None
        if trace is not None:
            trace.append(ev.GlazierReset(turn, player.glazier, leftmost))
        moved = PlayerState(
            player.strips,
            leftmost,
            player.windows,
            player.score,
            player.marker,
            player.points_lost,
        )
        players = (*state.players[:turn], moved, *state.players[turn + 1 :])
        nxt = (turn + 1) % len(players)
        if trace is not None:
            trace.append(ev.TurnPassed(nxt))
        return GameState(
            state.components,
            state.side,
            players,
            nxt,
            state.starter,
            state.tile,
            state.bag,
            state.tower,
            state.factories,
            state.centre,
            state.indicator,
            state.rng,
        )
    assert isinstance(action, Take)
    return _apply_take(state, action, count, placed, pieces, trace, sample)


def _apply_take(
    state: GameState,
    action: Take,
    count: int,
    placed: int,
    pieces: int,
    trace: _Trace,
    sample: bool = True,
) -> GameState:
    """Carry out a legal take (TAKE-01 to DONE-06, TRACK-02, TRACK-03)."""
    table = state.components
    colours = table.colours
    turn = state.turn
    player = state.players[turn]
    colour, source, target = action.colour, action.source, action.target
    tower = list(state.tower)
    factories = state.factories
    tile = state.tile
    steps = 0
    if source == CENTRE:  # TAKE-02
        centre_l = list(state.centre)
        centre_l[colour] = 0
        centre = tuple(centre_l)
        if trace is not None:
            trace.append(ev.TookFromCentre(turn, colour, count))
        if tile is None:  # TAKE-03: first centre-taker takes the tile and steps once
            tile = turn
            steps = 1
            if trace is not None:
                trace.append(ev.TookTile(turn))
    else:  # TAKE-01: the rest of the display goes to the centre
        display = factories[source]
        centre = tuple(c + (0 if k == colour else display[k]) for k, c in enumerate(state.centre))
        factories = (*factories[:source], (0,) * colours, *factories[source + 1 :])
        if trace is not None:
            trace.append(ev.TookFromDisplay(turn, source, colour, count, sum(display) - count))

    strips = player.strips
    glazier = player.glazier
    windows = player.windows
    score = player.score
    broken = count - placed
    strip: Strip | None = None
    if target is None:  # RUL-03
        if trace is not None:
            trace.append(ev.AllBroke(turn, colour, count, glazier))
    else:
        strip = strips[target]
        assert strip is not None
        if trace is not None:
            if target != glazier:
                trace.append(ev.GlazierMoved(turn, glazier, target))
            trace.append(ev.Placed(turn, target, colour, placed, action.jokers))
            if broken:
                trace.append(ev.Broke(turn, colour, broken, placed))
        glazier = target  # PLACE-03
    if broken:  # PLACE-04: broken pieces go to the tower, one step each
        tower[colour] += broken
        steps += broken
    track = player.marker
    lost = player.points_lost
    if steps:  # TRACK-02, TRACK-03, RUL-08, RUL-10 (the tile's step and the breaks together)
        new_track, wraps, loss, more_lost = move_marker(table.track, track, steps)
        score -= loss
        lost += more_lost
        if trace is not None:
            trace.append(ev.MarkerMoved(turn, steps, track, new_track, wraps, -loss))
        track = new_track
    if strip is not None and target is not None:
        size = sum(table.side_spaces[strip.strip_id][strip.face])
        new_strip: Strip | None
        if pieces + placed == size:  # DONE-01
            new_strip, windows, points = _complete(
                state, action, strip, placed, windows, tower, trace
            )
            score += points
        else:  # PLACE-01, PLACE-06: colour spaces and the chosen number of joker spaces
            if trace is not None:
                trace.append(ev.NotCompleted(turn, target, pieces + placed, size))
            filled = list(strip.filled)
            filled[colour] += placed - action.jokers
            on_jokers = strip.jokers
            if action.jokers:
                jl = list(on_jokers)
                jl[colour] += action.jokers
                on_jokers = tuple(jl)
            new_strip = Strip(strip.strip_id, strip.face, tuple(filled), on_jokers)
        strips = (*strips[:target], new_strip, *strips[target + 1 :])
    moved = PlayerState(strips, glazier, windows, score, track, lost)
    players = (*state.players[:turn], moved, *state.players[turn + 1 :])
    if any(centre) or any(map(any, factories)):
        nxt = (turn + 1) % len(players)
        if trace is not None:
            trace.append(ev.TurnPassed(nxt))
        return GameState(
            table,
            state.side,
            players,
            nxt,  # ROUND-03
            state.starter,
            tile,
            state.bag,
            tuple(tower),
            factories,
            centre,
            state.indicator,
            state.rng,
        )
    return _end_round(state, players, tile, tower, factories, centre, trace, sample)


def _complete(
    state: GameState,
    action: Take,
    strip: Strip,
    placed: int,
    windows: tuple[Window, ...],
    tower: list[int],
    trace: _Trace,
) -> tuple[Strip | None, tuple[Window, ...], int]:
    """Score a completed strip (DONE-01 to DONE-06): the colour bonus (DONE-02), one kept piece
    and the others into ``tower`` (DONE-03), the kept piece on the window's top frame with the
    strip flipped (DONE-04) or on its bottom frame with the strip removed (DONE-05), then the
    window scores (DONE-06). Returns the strip (``None`` once removed), the windows and the
    points scored."""
    table = state.components
    target, keep = action.target, action.keep
    assert target is not None and keep is not None
    counts = list(strip.colour_counts())
    counts[action.colour] += placed
    round_colour = state.indicator[0]
    bonus = colour_bonus(counts, round_colour)  # DONE-02
    counts[keep] -= 1  # DONE-03
    for k, n in enumerate(counts):
        tower[k] += n
    top = windows[target][0]
    if top is None:  # DONE-04: top frame, flip the strip
        window: Window = (keep, None)
        empty = (0,) * table.colours
        new_strip: Strip | None = Strip(strip.strip_id, 1 - strip.face, empty, empty)
    else:  # DONE-05: bottom frame, the strip leaves the game
        window = (top, keep)
        new_strip = None
    windows = (*windows[:target], window, *windows[target + 1 :])
    values = table.window_values(state.side)
    gained = window_points(values, windows, target)  # DONE-06
    if trace is not None:
        turn = state.turn
        kept = ev.Completed(
            turn, target, state.round, round_colour, bonus, keep, sum(counts), top is None
        )
        right = range(target + 1, len(values))
        parts = (values[target], *(values[w] for w in right if windows[w][0] is not None))
        trace.extend((kept, ev.WindowScored(turn, target, parts, gained)))
    return new_strip, windows, bonus + gained


def _end_round(
    state: GameState,
    players: tuple[PlayerState, ...],
    tile: int | None,
    tower: list[int],
    factories: tuple[tuple[int, ...], ...],
    centre: tuple[int, ...],
    trace: _Trace,
    sample: bool = True,
) -> GameState:
    """End of a round (ROUND-04): the round indicator's top piece goes to the tower (END-01);
    after the last round the game ends with final scoring (END-02, RUL-20, FINAL-01); otherwise
    the factory displays are refilled (END-03 to END-05) and the tile holder starts (END-06,
    RUL-11). The refill is drawn from the generator, or, unsampled, left pending as chance
    steps (ENG-07, ENG-08)."""
    table = state.components
    top = state.indicator[0]
    tower[top] += 1
    indicator = state.indicator[1:]
    starter = state.starter if tile is None else tile
    bag = list(state.bag)
    rng = state.rng
    if trace is not None:
        trace.append(ev.RoundEnded(state.round, top))
    pending = False
    if indicator:
        if sample and rng is not None:
            need = len(factories) * table.factory_capacity
            in_bag, in_tower = sum(bag), sum(tower)
            factories, rng = fill_factories(len(factories), table.factory_capacity, bag, tower, rng)
            if trace is not None:
                poured = in_tower if in_bag < need else 0  # END-04
                short = max(0, need - in_bag - in_tower)  # END-05
                trace.append(ev.Refilled(factories, poured, short))
        else:  # ENG-08: the refill is left to chance steps
            pending = True
            if trace is not None:
                trace.append(ev.RefillPending())
        if trace is not None:
            trace.append(ev.StartsNextRound(starter, tile is not None))  # END-06, RUL-11
    else:
        if trace is not None:
            trace.append(ev.GameEnded())
        scored = []
        for seat, p in enumerate(players):
            final = final_score(table, state.side, p)
            if trace is not None:
                trace.append(
                    ev.FinalScored(
                        seat, state.side, final.leftovers, final.track, final.bonus, final.total
                    )
                )
            scored.append(
                PlayerState(
                    p.strips,
                    p.glazier,
                    p.windows,
                    p.score + final.total,
                    p.marker,
                    p.points_lost,
                )
            )
        players = tuple(scored)
    after = GameState(
        table,
        state.side,
        players,
        starter,
        starter,
        None,
        tuple(bag),
        tuple(tower),
        factories,
        centre,
        indicator,
        rng,
    )
    return begin_fill(after) if pending else after
