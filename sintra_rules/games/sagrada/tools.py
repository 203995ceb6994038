"""The twelve tool cards: when each can be chosen, what it costs, and what it does (FAVOR-01 to
FAVOR-04, TOOL-01 to TOOL-14, SOLO-03, RUL-01 to RUL-09, RUL-12, RUL-13, RUL-15, RUL-20).

:func:`tool_faults` lists every reason a tool card cannot be chosen now with a given payment
(empty: it can); :func:`payments` the values of the pool dice a solo player may pay with;
:func:`pickable` and :func:`drop_cells` the two steps of a move; :func:`adjustments` and
:func:`swaps` the outcomes Grozing Pliers and Lens Cutter offer (RUL-20); :func:`start_effect`
begins a paid tool's effect; :func:`draftable` says whether a pool die may be drafted (RUL-05).
"""

from __future__ import annotations

from sintra_rules._words import plural
from sintra_rules.games.sagrada.components import SPACES, Pattern
from sintra_rules.games.sagrada.placement import has_legal_cell, legal_cells, moved
from sintra_rules.games.sagrada.state import ChanceStep, Die, SagradaState, die, evolved

__all__ = [
    "AFTER_DRAFT",
    "MOVING",
    "adjustments",
    "cost",
    "draftable",
    "drop_cells",
    "payments",
    "pickable",
    "placeable",
    "start_effect",
    "swaps",
    "tool_faults",
]

GROZING, EGLOMISE, COPPER, LATHEKIN, LENS, BRUSH = 1, 2, 3, 4, 5, 6
HAMMER, RUNNING, CORK, GRINDING, REMOVER, TAP = 7, 8, 9, 10, 11, 12
#: The tools that act on the die drafted this turn, before it is placed (RUL-15).
AFTER_DRAFT = frozenset({GROZING, LENS, BRUSH, CORK, GRINDING, REMOVER})
#: The tools that move dice already in the window (TOOL-13, RUL-09).
MOVING = frozenset({EGLOMISE, COPPER, LATHEKIN, TAP})

Fault = tuple[str, str]
# Each tool card's own clause, by number (TOOL-01 to TOOL-12).
_CLAUSES = tuple(f"TOOL-{number:02d}" for number in range(13))
Window = tuple[Die | None, ...]


def cost(tokens: int) -> int:
    """FAVOR-02: 1 favor token onto a card that holds none yet, else 2."""
    return 1 if tokens == 0 else 2


def pattern_of(state: SagradaState, seat: int) -> Pattern:
    """The pattern ``seat`` chose (RUL-10)."""
    index = state.players[seat].pattern
    assert index is not None, "no pattern chosen yet"
    return state.components.patterns[index]


def track_colours(state: SagradaState) -> set[int]:
    """The colours of the dice on the round track, on any space (RUL-07)."""
    return {d[0] for space in state.track for d in space}


def _removed(pool: tuple[Die, ...], d: Die) -> tuple[Die, ...]:
    i = pool.index(d)
    return pool[:i] + pool[i + 1 :]


# ------------------------------------------------------------------------------- moves


def destinations(
    window: Window,
    pattern: Pattern,
    src: int,
    waive_colour: bool = False,
    waive_value: bool = False,
) -> list[int]:
    """The spaces the die on ``src`` may move to: legal spaces in the window without it, other
    than ``src`` (TOOL-13, RUL-04), with the waivers of Eglomise Brush and Copper Foil
    Burnisher (RUL-01)."""
    d = window[src]
    assert d is not None
    lifted = list(window)
    lifted[src] = None
    return [
        cell
        for cell in legal_cells(
            lifted, pattern, d, waive_colour=waive_colour, waive_value=waive_value
        )
        if cell != src
    ]


def _has_move(window: Window, pattern: Pattern, skip: int | None) -> bool:
    """Whether some die (not on ``skip``) has a destination under the normal rules
    (TOOL-13)."""
    lifted = list(window)
    for src in range(SPACES):
        d = window[src]
        if d is None or src == skip:
            continue
        lifted[src] = None
        found = has_legal_cell(lifted, pattern, d, exclude=src)
        lifted[src] = d
        if found:
            return True
    return False


def _has_first_move(state: SagradaState, number: int) -> bool:
    """Whether moving tool ``number`` has a first move (RUL-09): :func:`_first_picks` is not
    empty, found without listing every move."""
    window = state.players[state.turn].window
    pattern = pattern_of(state, state.turn)
    colours = track_colours(state) if number == TAP else None
    lifted = list(window)
    for src in range(SPACES):
        d = window[src]
        if d is None or (colours is not None and d[0] not in colours):
            continue
        lifted[src] = None
        if number == LATHEKIN:
            found = any(
                dst != src and _has_move(moved(window, src, dst), pattern, skip=dst)
                for dst in legal_cells(lifted, pattern, d)
            )
        else:
            found = has_legal_cell(
                lifted,
                pattern,
                d,
                waive_colour=number == EGLOMISE,
                waive_value=number == COPPER,
                exclude=src,
            )
        lifted[src] = d
        if found:
            return True
    return False


def _first_drops(state: SagradaState, number: int, src: int) -> list[int]:
    """The destinations of a first move of the die on ``src`` with moving tool ``number``:
    Eglomise Brush waives the colour restriction (TOOL-02), Copper Foil Burnisher the value
    restriction (TOOL-03), Lathekin keeps only those after which another die can move (TOOL-04,
    RUL-09)."""
    window = state.players[state.turn].window
    pattern = pattern_of(state, state.turn)
    cells = destinations(
        window, pattern, src, waive_colour=number == EGLOMISE, waive_value=number == COPPER
    )
    if number == LATHEKIN:
        cells = [dst for dst in cells if _has_move(moved(window, src, dst), pattern, skip=dst)]
    return cells


def _first_picks(state: SagradaState, number: int) -> list[int]:
    """The dice a moving tool's first move may pick (TOOL-02 to TOOL-04, TOOL-12, RUL-09)."""
    window = state.players[state.turn].window
    colours = track_colours(state) if number == TAP else None
    return [
        src
        for src in range(SPACES)
        if window[src] is not None
        and (colours is None or window[src][0] in colours)  # type: ignore[index]
        and _first_drops(state, number, src)
    ]


def _second_picks(state: SagradaState) -> list[int]:
    """Lathekin's second die (another die: TOOL-04) or Tap Wheel's optional second die
    (another die of the first one's colour: RUL-07), each with a destination (TOOL-13)."""
    window = state.players[state.turn].window
    pattern = pattern_of(state, state.turn)
    first = state.moved
    assert first is not None
    first_die = window[first]
    assert first_die is not None
    colour = None if state.sub == "pick2" else first_die[0]
    return [
        src
        for src in range(SPACES)
        if src != first
        and window[src] is not None
        and (colour is None or window[src][0] == colour)  # type: ignore[index]
        and destinations(window, pattern, src)
    ]


def pickable(state: SagradaState) -> list[int]:
    """The dice the player may pick now, increasing: a first move's (``sub`` ``"pick"``), a
    second move's (``"pick2"``, or right after Tap Wheel's first move) (TOOL-13)."""
    if state.sub == "pick":
        assert state.active is not None
        return _first_picks(state, state.tool_number(state.active))
    if state.sub == "pick2" or (state.sub == "" and state.moved is not None):
        return _second_picks(state)
    return []


def drop_cells(state: SagradaState) -> list[int]:
    """The destinations of the lifted die, increasing (TOOL-13; a first move with its tool's
    waivers and Lathekin's condition; a second move under the normal rules)."""
    lifted = state.lifted
    assert lifted is not None
    if state.sub == "drop":
        assert state.active is not None
        return _first_drops(state, state.tool_number(state.active), lifted)
    return destinations(state.players[state.turn].window, pattern_of(state, state.turn), lifted)


# ----------------------------------------------------------------- the die in hand (RUL-20)


def placeable(state: SagradaState, d: Die) -> bool:
    """Whether die ``d`` has a legal space in the window of the player to act, under the normal
    rules (PLACE-10)."""
    return has_legal_cell(state.players[state.turn].window, pattern_of(state, state.turn), d)


def adjustments(state: SagradaState, d: Die) -> list[int]:
    """Grozing Pliers' outcomes for the die ``d`` in hand, increasing: ``-1`` and ``+1``
    where the new value is 1 to 6 (TOOL-01: no wrap-around) and the new die has a legal space
    (RUL-20)."""
    colour, value = d
    return [
        delta
        for delta in (-1, 1)
        if 1 <= value + delta <= 6 and placeable(state, die(colour, value + delta))
    ]


def swaps(state: SagradaState, d: Die) -> list[Die]:
    """Lens Cutter's outcomes for the die ``d`` in hand, in canonical order: the dice on the
    round track (TOOL-05) other than ``d`` itself (a swap for an equal die changes nothing) with
    a legal space (RUL-20)."""
    dice = {t for space in state.track for t in space}
    return sorted(t for t in dice if t != d and placeable(state, t))


def _treat_faults(state: SagradaState, number: int, d: Die) -> list[Fault]:
    """The reasons after-drafting tool ``number`` cannot act on the die ``d`` in hand (TOOL-14):
    Lens Cutter needs a die on the round track (TOOL-05), Cork-backed Straightedge a space
    adjacent to no die that takes ``d`` (TOOL-09); Grozing Pliers, Grinding Stone and Lens
    Cutter an outcome with a legal space, Flux Brush a value of ``d``'s colour with one
    (RUL-20). Flux Remover needs nothing: its die may go back to the pool (RUL-12)."""
    clause = _CLAUSES[number]
    colour, value = d
    code = "RYGBP"[colour] if 0 <= colour < 5 else "?"
    if number == LENS:
        if not any(state.track):
            return [(clause, "the round track holds no die to swap with")]
        if not swaps(state, d):
            return [("RUL-20", "no die of the round track but an equal one has a legal space")]
    elif number == CORK:
        window = state.players[state.turn].window
        if not has_legal_cell(window, pattern_of(state, state.turn), d, cork=True):
            return [(clause, "no space adjacent to no die takes the die in hand")]
    elif number == GROZING:
        if not adjustments(state, d):
            return [("RUL-20", f"neither {code}{value} + 1 nor - 1 has a legal space")]
    elif number == GRINDING:
        if not placeable(state, die(colour, 7 - value)):
            return [("RUL-20", f"{code}{value} flipped to {code}{7 - value} has no legal space")]
    elif number == BRUSH and not any(placeable(state, die(colour, v)) for v in range(1, 7)):
        return [("RUL-20", f"no {code} die, of any value, has a legal space: no roll can place it")]
    return []


# ---------------------------------------------------------------------------- choosing


def _extra_draft(state: SagradaState, pool: tuple[Die, ...]) -> bool:
    """Whether a pool die has a legal space under the normal rules (RUL-06)."""
    window = state.players[state.turn].window
    pattern = pattern_of(state, state.turn)
    return any(has_legal_cell(window, pattern, d) for d in set(pool))


def _timing(state: SagradaState, number: int, pool: tuple[Die, ...]) -> list[Fault]:
    """The reasons tool ``number`` cannot act now, its cost aside, with ``pool`` the draft pool
    once it is paid for (TOOL-14); a timing fault names the tool's own clause."""
    clause = _CLAUSES[number] if 0 < number < len(_CLAUSES) else f"TOOL-{number:02d}"
    hand = state.hand
    n = len(state.players)
    out: list[Fault] = []
    if number in AFTER_DRAFT:
        if hand is None:
            return [(clause, "this tool acts on the die drafted this turn: draft a die first")]
        return _treat_faults(state, number, hand)
    if number in MOVING:
        if hand is not None:
            return [(clause, "place the die in hand first: this tool moves dice of the window")]
        if number == TAP and not any(state.track):
            out.append((clause, "the round track is empty: Tap Wheel has no colour"))
        elif not _has_first_move(state, number):
            what = "two dice, one after the other" if number == LATHEKIN else "a die"
            out.append(("RUL-09", f"the tool cannot move {what} in this window"))
        return out
    if number == HAMMER:
        if state.step < n:
            out.append((clause, "Glazing Hammer is used only in the second turn of the round"))
        if state.drafted or hand is not None:
            out.append((clause, "Glazing Hammer is used before drafting, and a die was drafted"))
        if not pool:
            out.append((clause, "the draft pool holds no die to re-roll"))
        return out
    assert number == RUNNING
    if state.step >= n:
        out.append((clause, "Running Pliers is used only in the first turn of the round"))
    if not state.drafted or hand is not None:
        out.append((clause, "Running Pliers is used after this turn's die is drafted and placed"))
    elif not _extra_draft(state, pool):
        out.append((clause, "no pool die could then be drafted and placed"))
    return out


def payments(state: SagradaState, slot: int) -> list[int]:
    """Solo: the values of the pool dice of the card's colour, increasing (SOLO-03)."""
    colour = state.components.tools[state.tools[slot]].colour
    return sorted({v for c, v in state.pool if c == colour})


def tool_faults(state: SagradaState, slot: int, pay: int) -> list[Fault]:
    """Every reason the player to act cannot choose the tool card in ``slot`` now, paying with
    the pool die of value ``pay`` (solo) or with favor tokens (``pay`` 0), as ``(clause,
    reason)`` pairs; empty when it can (TOOL-14).

    A tool can be chosen when no tool was used this turn (FAVOR-01; a half-done tool is used),
    the player can pay (FAVOR-02, FAVOR-03; solo: the card is still in play and the pool holds
    the paying die of its colour, SOLO-03) and its own conditions hold: after-drafting tools
    need the die drafted this turn in hand (RUL-15; Lens Cutter a die on the round track,
    TOOL-05; Cork-backed Straightedge a space adjacent to no die that takes it, TOOL-09); moving
    tools no die in hand and a possible move (RUL-09; Tap Wheel a die on the round track,
    RUL-07); Grozing Pliers, Grinding Stone and Lens Cutter an outcome with a legal space, Flux
    Brush a value of the die's colour with one (RUL-20); Glazing Hammer the second turn before
    drafting and a pool die once paid (RUL-13, TOOL-07); Running Pliers the first turn after
    the draft and a die to draft once paid (RUL-06, TOOL-08).

    Args:
        state: a state where a player is to act, after setup.
        slot: the tool's slot.
        pay: the paying die's value (solo), else 0.

    Returns:
        The reasons.
    """
    out: list[Fault] = []
    if state.tool_used:
        out.append(("FAVOR-01", "a tool card has already been used this turn"))
    pool = state.pool
    table = state.components
    if state.is_solo:
        colour = table.tools[state.tools[slot]].colour
        code = table.colour_codes[colour]
        if state.spent[slot] is not None:
            out.append(("SOLO-03", "this tool card was used and has left the game"))
        elif not 1 <= pay <= 6 or die(colour, pay) not in pool:
            out.append(("SOLO-03", f"the draft pool holds no {code}{pay} to pay for the card"))
        else:
            pool = _removed(pool, die(colour, pay))
    else:
        if pay:
            out.append(("FAVOR-02", "in a game of 2 to 4 players tools are paid with favor tokens"))
        need = cost(state.tokens[slot])
        have = state.players[state.turn].favor
        if have < need:
            out.append(
                ("FAVOR-03", f"it costs {plural(need, 'favor token')} and the player has {have}")
            )
    out += _timing(state, state.tool_number(slot), pool)
    return out


def draftable(state: SagradaState, d: Die) -> bool:
    """RUL-05: whether the player to act may draft pool die ``d``: it has a legal space under
    the normal rules, or the player may still use an after-drafting tool on it this turn (in
    play, affordable with ``d`` drafted, no tool used yet, and its own conditions hold for
    ``d``: TOOL-05, TOOL-09, RUL-20)."""
    if placeable(state, d):
        return True
    if state.tool_used:
        return False
    pool = _removed(state.pool, d)
    favor = state.players[state.turn].favor
    table = state.components
    for slot, card in enumerate(state.tools):
        number = table.tools[card].number
        if number not in AFTER_DRAFT:
            continue
        if state.is_solo:
            colour = table.tools[card].colour
            if state.spent[slot] is not None or not any(p[0] == colour for p in pool):
                continue
        elif favor < cost(state.tokens[slot]):
            continue
        if not _treat_faults(state, number, d):
            return True
    return False


def start_effect(state: SagradaState, slot: int) -> SagradaState:
    """Begin the effect of the paid tool in ``slot`` (TOOL-01 to TOOL-12): the first step the
    player chooses (``sub``), or the chance step it needs (ENG-03, ENG-04). The tool's flags
    (``tool_used``, ``active``) are already set."""
    number = state.tool_number(slot)
    if number == GROZING:
        return evolved(state, sub="grozing")
    if number in MOVING:
        return evolved(state, sub="pick")
    if number == LENS:
        return evolved(state, sub="lens")
    if number == CORK:
        return evolved(state, sub="cork")
    if number == BRUSH:  # TOOL-06: re-rolled; placed or back to the pool
        return evolved(state, chance=ChanceStep("brush"))
    if number == GRINDING:  # TOOL-10: turned to its opposite face, which has a space (RUL-20)
        assert state.hand is not None
        colour, value = state.hand
        return evolved(state, hand=die(colour, 7 - value), active=None, sub="")
    if number == REMOVER:  # TOOL-11, RUL-12: back into the bag, a new die drawn
        assert state.hand is not None
        bag = list(state.bag)
        bag[state.hand[0]] += 1
        return evolved(state, hand=None, bag=tuple(bag), chance=ChanceStep("remover"))
    if number == HAMMER:  # TOOL-07, ENG-04: every pool die re-rolled, in canonical order
        return evolved(state, active=None, chance=ChanceStep("reroll", dice=state.pool))
    assert number == RUNNING  # TOOL-08, RUL-06: draft again now, skip the second turn
    return evolved(state, sub="running", skips=tuple(sorted({*state.skips, state.turn})))
