"""Sintra's extreme scores played (:mod:`tools.extremes`): the highest on each board side
(:mod:`tools.extremes.sintra_highest`) and the lowest found with 2, 3 and 4 players (the
proved lower bound is not reached; ``docs/proofs.md`` says why).

**The lowest.** One player, the *breaker* (seat 1), loses points only on the broken glass
track (TRACK-02 to TRACK-04) and gains none. Its pieces break only when no reachable strip
takes their colour (PLACE-05), so its first two takes put one green and one orange piece on the
strip ``BBBGO`` dealt to its slot 8 (the glazier follows, PLACE-03): from then on only that
strip is reachable and it takes blue alone. Blue is the colour drawn for round I, so the bag
holds 18 blue pieces; every one of them is drawn before the tower is first poured into the bag
(END-04), and only the others can take them. Every other piece the breaker takes breaks.

Each round follows the most the turns allow (``proofs/bounds/score.py``, the lowest final
score): the breaker starts (it holds the tile) and takes 5 turns, each other player 4, a take
and a reset in turn (RESET-01, RESET-02), taking the fewest pieces it can. Three displays are
filled with 4 pieces of one colour, taken whole by the breaker; each of the other displays
holds the pieces one other player takes (blue while the bag holds blue) and pieces of a
colour the breaker then takes from the centre, the first time with the tile (TAKE-03). The
breaker's 5 turns: a display, the centre, a display, the centre, a display. The draws are
chosen for each round from what the bag (and, once poured, the tower) holds.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Literal

from sintra_rules import CENTRE, Take, action_to_text, final_score
from sintra_rules.games.sintra.events import Completed, WindowScored
from tools.extremes.builder import Builder, Extreme, Shown
from tools.extremes.sintra_highest import highest

__all__ = ["EXTREMES", "highest", "lowest"]

_CODES = "BGOPY"
_B, _G, _O = 0, 1, 2
#: The breaker's slot 8 strip (FIG-09 strip 1, face ``BBBGO``), and the colours it places.
_BREAKER_STRIP, _PLACED = 0, (_G, _O)
#: The others' strips: slot 1 a strip with no blue (strip 2), then the faces richest in blue.
_OTHER_SLOTS = (1, 0, 2, 3, 5, 4, 6, 7)
_OTHER_FACES = (0, 0, 1, 1, 0, 0, 0, 0)


def _setup(builder: Builder, players: int) -> None:
    """Strips, faces, round indicator and the draw for round I (SETUP-03, SETUP-04, SETUP-08):
    the breaker's strip ``BBBGO`` in slot 8, the others' blue spaces right of slot 1, blue
    for round I."""
    slots = (1, 2, 3, 4, 5, 6, 7, _BREAKER_STRIP)
    for seat in range(players):
        order, faces = (slots, (0,) * 8) if seat == 0 else (_OTHER_SLOTS, _OTHER_FACES)
        for index in range(7, 0, -1):  # the shuffle, from the last slot down (ENG-03)
            builder.chance(order[index])
        builder.chance(*faces)
    builder.chance(4, 3, 2, 1)  # indicator spaces VI to III; II gets the colour left
    builder.chance(_B)


Role = tuple[str, int, int]
"""A display's role in a round: ``("mono", 0, colour)`` (4 pieces of one colour for the
breaker; colour -1: any), ``("first", k, colour)`` or ``("late", k, colour)`` (``k`` pieces of
``colour`` for another player, the rest of the breaker's first or second centre colour)."""


def _fill_plans(
    pool: Sequence[int],
    poured: Sequence[int] | None,
    before_pour: int,
    roles: Sequence[Role],
    spares: Sequence[int] = (-1,),
) -> Iterator[list[list[int]]]:
    """The displays' pieces for one round, in fill order, every choice the draws allow.

    ``pool``: the bag's pieces per colour; ``poured``: the bag once the tower is poured into
    it (``None``: not known yet, any draw after the pour is allowed); ``before_pour``: how many
    draws the bag gives before that (END-04). The colours left free (the monos' -1, the two
    centre colours) are tried most plentiful first, never blue (the breaker's strip takes
    blue) nor the colour the others take from the same display. A take by the others of
    colour -1 takes one of ``spares`` (-1: any, not known yet), each its own.
    """
    open_takes = [i for i, (k, _, c) in enumerate(roles) if c < 0 and k != "mono"]
    for chosen in itertools.product(spares, repeat=len(open_takes)):
        filled = list(roles)
        for i, colour in zip(open_takes, chosen, strict=True):
            filled[i] = (roles[i][0], roles[i][1], colour)
        yield from _fills(pool, poured, before_pour, filled)


def _fills(
    pool: Sequence[int], poured: Sequence[int] | None, before_pour: int, roles: Sequence[Role]
) -> Iterator[list[list[int]]]:
    """:func:`_fill_plans` for roles whose takes have their colours."""
    free = [c for c in range(len(pool)) if c != _B]
    ranked = sorted(free, key=lambda c: -pool[c])
    open_monos = sum(1 for kind, _, colour in roles if kind == "mono" and colour < 0)
    firsts = sum(1 for kind, _, _ in roles if kind == "first")
    for picks in itertools.product(ranked, repeat=open_monos + 2):
        first, late = picks[open_monos], picks[open_monos + 1]
        # a display of the first takes may hold the second centre colour instead: the
        # breaker's first centre take leaves it in the centre for the second (not the first
        # such display, whose colour the first centre take takes)
        for mixed in itertools.product((False, True), repeat=max(firsts - 1, 0)):
            shift = iter((False, *mixed))
            mono = iter(picks[:open_monos])
            displays: list[list[int]] = []
            for kind, k, colour in roles:
                if kind == "mono":
                    displays.append([colour if colour >= 0 else next(mono)] * 4)
                else:
                    rest = late if kind == "late" or next(shift) else first
                    if rest == colour and colour >= 0:
                        break
                    displays.append([colour] * k + [rest] * (4 - k))
            else:
                if _drawable([c for d in displays for c in d], pool, poured, before_pour):
                    yield displays


def _drawable(
    draws: list[int], pool: Sequence[int], poured: Sequence[int] | None, split: int
) -> bool:
    """Whether ``draws`` can come out of the bag in order: the first ``split`` from ``pool``,
    the rest from ``poured`` (END-04; ``None``: anything)."""
    before = list(pool)
    after = list(poured) if poured is not None else None
    for index, colour in enumerate(draws):
        source = before if index < split else after
        if source is None or colour < 0:
            continue
        if source[colour] == 0:
            return False
        source[colour] -= 1
    return True


def _take(builder: Builder, source: int, colour: int, target: int | None = None) -> None:
    builder.act(action_to_text(Take(source, colour, target)))


def _other_take(builder: Builder, source: int, colour: int) -> None:
    """Another player takes ``colour`` from display ``source`` onto a strip right of its
    leftmost one (so that it may reset next turn): no strip completed, the fewest pieces
    placed, on the strip with the least room for them (the others' blue spaces must last)."""
    state = builder.state
    player = state.players[state.turn]
    leftmost = player.leftmost_strip()
    options = [
        a
        for a in builder.game.legal_actions(state)
        if isinstance(a, Take)
        and a.source == source
        and a.colour == colour
        and a.target is not None
        and a.target > leftmost
    ]
    if not options:
        raise ValueError(
            f"seat {state.turn + 1} cannot take {_CODES[colour]} onto a strip "
            f"right of slot {leftmost + 1}"
        )
    table = state.components
    count = (state.centre if source == CENTRE else state.factories[source])[colour]

    def room(action: Take) -> int:
        assert action.target is not None
        strip = player.strips[action.target]
        assert strip is not None
        spaces = table.side_spaces[strip.strip_id][strip.face]
        return int(spaces[colour] - strip.filled[colour] + spaces[-1] - sum(strip.jokers))

    best = min(options, key=lambda a: (a.keep is not None, min(count, room(a)), room(a), a.target))
    builder.act(action_to_text(best))


def _placeable(builder: Builder, seat: int) -> list[int]:
    """The colours seat ``seat`` can place right of its leftmost strip."""
    state = builder.state
    player = state.players[seat]
    table = state.components
    found = set()
    for slot in range((player.leftmost_strip() or 0) + 1, table.windows):
        strip = player.strips[slot]
        if strip is None:
            continue
        spaces = table.side_spaces[strip.strip_id][strip.face]
        jokers = spaces[-1] - sum(strip.jokers)
        for colour in range(table.colours):
            if jokers or spaces[colour] > strip.filled[colour]:
                found.add(colour)
    return sorted(found)


def _blue_total(blue: int, before_pour: int, displays: int, takes: int) -> tuple[int, int]:
    """How many of the bag's ``blue`` pieces this round's takes by the others hold, and how
    many of those takes can hold blue.

    Every blue piece must go to the others before the pour (the breaker's strip takes blue),
    at most 3 to a display (the rest of it goes to the centre). A take can hold blue only if
    its display is filled before the pour: in the round of the pour the others' displays
    come first, so only the first ``before_pour / 4`` can. Each take that can holds at least
    one blue piece while there are some; the rest go as early as possible.
    """
    per_round = 4 * displays
    now = min(takes, -(-before_pour // 4)) if before_pour < per_round else takes
    later, left = 0, before_pour - per_round
    while left > 0:
        later += min(takes, -(-left // 4)) if left < per_round else takes
        left -= per_round
    now = min(now, blue)
    return min(3 * now, max(now, blue - later)), now


def _splits(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` numbers from 1 to 3, in order."""
    return [p for p in itertools.product((1, 2, 3), repeat=parts) if sum(p) == total]


def _roles(
    rnd: int, rounds: int, bag: Sequence[int], displays: int, others: int, spare: int
) -> Iterator[list[Role]]:
    """The displays' possible roles in round ``rnd`` (0 first) of ``rounds`` with ``bag`` as
    it is before the fill. When the rest of the game will empty the bag, the others' takes
    hold its blue pieces (:func:`_blue_total`, split every way), else one piece of colour
    ``spare`` (-1: not known yet); the round of the pour fills the others' displays first;
    in round 1 the breaker's first two displays are green and orange."""
    before_pour = sum(bag)
    emptied = before_pour <= 4 * displays * (rounds - rnd)
    takes_n = 2 * others
    total, hosts = _blue_total(bag[_B] if emptied else 0, before_pour, displays, takes_n)
    forced = list(_PLACED) if rnd == 0 else []
    monos: list[Role] = [
        ("mono", 0, forced[i] if i < len(forced) else -1) for i in range(displays - 2 * others)
    ]
    for split in _splits(total, hosts) if hosts else [()]:
        shares = list(split) + [0] * (takes_n - hosts)
        takes: list[Role] = [
            ("first" if i < others else "late", max(k, 1), _B if k else spare)
            for i, k in enumerate(shares)
        ]
        if before_pour < 4 * displays:
            yield takes + monos
        else:
            yield [monos[0], *takes[:others], monos[1], *takes[others:], *monos[2:]]


def _before_pour(
    rnd: int,
    rounds: int,
    bag: tuple[int, ...],
    displays: int,
    others: int,
    seen: set[tuple[int, ...]],
) -> list[tuple[list[Role], list[list[int]]]] | None:
    """The roles and fills of rounds ``rnd`` to the round of the pour, as far as the bag
    decides them: every draw before the pour comes out of the bag as it is, and the bag must
    end exactly empty with every blue piece on the others' displays. Depth-first, the most plentiful
    colours first; ``seen``: bags known to lead nowhere."""
    per_round = 4 * displays
    if bag in seen:
        return None
    for roles in _roles(rnd, rounds, bag, displays, others, -1):
        for plan in _fill_plans(bag, None, sum(bag), roles):
            if sum(bag) <= per_round:
                return [(roles, plan)]
            after = list(bag)
            for colour in (c for d in plan for c in d):
                after[colour] -= 1
            rest = _before_pour(rnd + 1, rounds, tuple(after), displays, others, seen)
            if rest is not None:
                return [(roles, plan), *rest]
    seen.add(bag)
    return None


def lowest(players: int) -> Builder:
    """The lowest score found with ``players`` players (module docstring).

    Args:
        players: 2, 3 or 4.

    Returns:
        The finished game.

    Raises:
        ValueError: a round cannot be planned (it can: the tests replay the plan).
    """
    builder = Builder("sintra", players, {"side": "B"})
    others = players - 1
    builder.comment(
        f"The lowest score found with {players} players: seat 1 breaks every piece it takes "
        "but two; the others take the fewest pieces the turns allow"
    )
    _setup(builder, players)
    table = builder.state.components
    displays = table.factories_for(players)
    planned = _before_pour(0, table.rounds, tuple(builder.state.bag), displays, others, set())
    if planned is None:
        raise ValueError("no fill empties the bag with every blue piece to the others")
    for rnd in range(table.rounds):
        state = builder.state
        spares = [c for c in _placeable(builder, 1) if c != _B]
        poured = list(state.tower)  # the bag is empty when the tower is poured in
        split = sum(state.bag)
        plans: Iterator[list[list[int]]]
        if rnd < len(planned):  # the planned roles, and the planned draws before the pour
            roles = planned[rnd][0]
            want = [c for d in planned[rnd][1] for c in d][:split]
            plans = (
                p
                for p in _fill_plans(state.bag, poured, split, roles, spares)
                if [c for d in p for c in d][:split] == want
            )
        else:
            roles = next(_roles(rnd, table.rounds, state.bag, displays, others, -1))
            plans = _fill_plans(state.bag, poured, split, roles, spares)
        plan = next(plans, None)
        if plan is None:
            raise ValueError(f"round {rnd + 1}: no fill")
        for display in plan:
            builder.chance(*display)
        _round(builder, rnd, roles, plan)
    return builder


def _round(builder: Builder, rnd: int, roles: Sequence[Role], plan: list[list[int]]) -> None:
    """One round's turns: the breaker takes a display, the others their first displays, the
    breaker the centre (with the tile), the others reset, and so on (module docstring)."""
    others = builder.state.num_players - 1
    monos = [i for i, role in enumerate(roles) if role[0] == "mono"]
    batches = (
        [i for i, role in enumerate(roles) if role[0] == "first"],
        [i for i, role in enumerate(roles) if role[0] == "late"],
    )
    for step, display in enumerate(monos):
        target = 7 if rnd == 0 and step < len(_PLACED) else None
        _take(builder, display, plan[display][0], target)
        if step == len(batches):
            break
        for display_o in batches[step]:
            _other_take(builder, display_o, plan[display_o][0])
        _take(builder, CENTRE, plan[batches[step][0]][-1])
        for _ in range(others):
            builder.act("R")


_GAPS = {
    2: "the breaker cannot break a colour a reachable strip takes (PLACE-05), and every colour "
    "has a space at setup: its first two takes place a piece each (2 steps fewer), leaving a "
    "strip that takes blue alone; the bag's 18 blue pieces are all drawn before the tower is "
    "first poured in (round 5) and only the other player can take them, 8 more than the 2 a "
    "round its turns force (8 steps fewer)",
    3: "as with 2 players: two pieces placed (2 steps), and the bag's 18 blue pieces, drawn "
    "by round 4, taken by the others: their 16 takes of rounds 1 to 4 hold them (2 pieces "
    "more), and the last take of round 4 comes after the pour (1 piece more)",
    4: "as with 2 players: two pieces placed (2 steps); the others' 18 takes of rounds 1 to 3 "
    "hold the bag's 18 blue pieces at no cost",
}


def _lowest(players: int) -> Extreme:
    return Extreme(
        f"sintra-lowest-{players}p",
        "sintra",
        players,
        (("side", "B"),),
        0,
        "lowest",
        f"the lowest score found with {players} players: seat 1 breaks every piece it takes "
        "but two",
        lambda: lowest(players),
        proof=f"final-lower[shipped, {players} players]",
        tight=False,
        gap=_GAPS[players],
    )


def _parts(side: str) -> Callable[[Builder, int], list[Shown]]:
    """The bounds of a score's parts that the highest game reaches, measured on its events
    and its final scoring: the most colour bonus and points of one completion, the window
    points of the game and the side's bonus."""

    def shows(builder: Builder, seat: int) -> list[Shown]:
        bonuses: list[int] = []
        points: list[int] = []
        for event in builder.events:
            if isinstance(event, Completed) and event.seat == seat:
                bonuses.append(event.bonus)
            elif isinstance(event, WindowScored) and event.seat == seat:
                points.append(event.points)
        state = builder.state
        final = final_score(state.components, state.side, state.players[seat])
        bonus = "side-a-bonus" if side == "A" else "side-b-bonus"
        return [
            Shown("colour-bonus[shipped]", "high", max(bonuses)),
            Shown(
                f"completion-points[shipped, side {side}]",
                "high",
                max(b + w for b, w in zip(bonuses, points, strict=True)),
            ),
            Shown(f"window-order[shipped, side {side}]", "high", sum(points)),
            Shown(f"{bonus}[shipped]", "high", final.bonus),
        ]

    return shows


def _highest(side: Literal["A", "B"]) -> Extreme:
    return Extreme(
        f"sintra-highest-side-{side.lower()}",
        "sintra",
        2,
        (("side", side),),
        1,
        "highest",
        f"the highest score on side {side}: seat 2 completes every face in a round of its best "
        "colour, the top frame spaces right to left, and loses no point",
        lambda: highest(side),
        proof=f"final-upper[shipped, side {side}]",
        shows=_parts(side),
    )


#: Sintra's extreme games.
EXTREMES: tuple[Extreme, ...] = (
    _highest("A"),
    _highest("B"),
    *(_lowest(players) for players in (2, 3, 4)),
)
