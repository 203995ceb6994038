"""Sintra's highest final score played (:mod:`tools.extremes`): 214 on side A and 262 on side
B, the bound of ``final-upper`` (``proofs/bounds/score.py``), by seat 2 of a 2-player game.

The proof's witness game (``proofs/models/witness.py``, drawn in ``docs/proofs.md``) fixes
what the game must do: the strips in the slots and the faces up at setup, the round colours
(blue twice, then green, purple, yellow, orange), every face completed in a round of its best
colour (the colour bonuses 38), the top frame spaces filled from right to left before any
window to their left is completed (the window points 136), every strip completed twice (no
leftover), on side B a blue piece kept whenever the face holds one (11 blue pieces on 8
complete windows: 88), and no step on the broken glass track: the player never breaks a piece
and never takes first from the centre. The witness completes four faces in round I; a round's
20 pieces, of which the other player takes some, do not allow that, so the game completes them
in round II, blue as well, and fills most faces a few pieces at a time in the rounds before
(:data:`PLAN`). Each round of the plan is realized by :mod:`tools.extremes.rounds`: the
displays' pieces and the other player's turns (it starts every round and takes the tile). The
other player's own pieces are then given colours such that the draws before the tower is first
poured into the bag (END-04) use up the bag exactly, and such that it can place them right of
its leftmost strip (so that it may reset on its next turn); the first choice that the engine
plays through is kept.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from sintra_rules import CENTRE, IllegalAction, Take, action_to_text
from tools.extremes.builder import Builder
from tools.extremes.rounds import WILD, Display, Step, displays, realize

__all__ = ["PLAN", "highest"]

_CODES = "BGOPY"
_B = 0
#: The planner's strips by slot (FIG-09 strips 8, 5, 7, 2, 6, 4, 3, 1) and their faces up at
#: setup: the witness's ``YYBGO YYYBG PPYBG GGGOP BBGOP BBGGP YYBBO BBBGO``.
_SLOTS = (7, 4, 6, 1, 5, 3, 2, 0)
_FACES = (0, 0, 1, 0, 0, 1, 1, 0)
#: The round colours I to VI (space I drawn from the bag, II to VI shuffled).
_ROUND_COLOURS = "BBGPYO"

#: The planner's turns, round by round: ``R`` a reset, ``s CCC`` a take of the pieces ``CCC``
#: onto the strip in slot ``s`` (a completion when it fills the strip).
PLAN: tuple[str, ...] = (
    # I, blue: the tops of windows 3 to 7 filled but for a piece or more
    "3 PP, 4 GGG, 4 O, 5 BB, 6 BB, 6 GG, 7 YY, 7 BB",
    # II, blue: window 8's top completed; reset, 7's; reset, 6's; reset, 5's
    "8 BBB, 8 G, 8 O, R, 7 O, R, 6 P, 7 OOO, R, 5 G, 5 O, 5 P",
    # III, green: window 4's top, window 5's bottom
    "R, 3 Y, 4 P, 4 PP, 4 YY, 5 GG, 5 O, 5 P, 5 Y, 7 P",
    # IV, purple: window 3's top, the bottoms of 4, 6 and 8
    "R, 3 B, 3 G, 4 G, 6 PPP, 6 Y, 6 B, 8 OO, 8 PP, 8 B",
    # V, yellow: window 2's top; reset, window 1's top; three orange pieces on 1's bottom
    "R, 2 YYY, 2 B, 2 G, R, 1 YY, 1 B, 1 G, 1 O, 1 OOO",
    # VI, orange: the bottoms of windows 1, 2, 3 and 7, the last one the game's last turn
    "1 B, 1 G, 2 GG, 2 OO, 2 Y, 3 OO, 3 P, 3 Y, 3 B, 7 Y",
)

Turn = tuple[int, int, int] | None


def _turns(line: str) -> list[Turn]:
    """A round of :data:`PLAN`: ``None`` for a reset, ``(slot, colour, count)`` (slot from 0)
    for a take."""
    turns: list[Turn] = []
    for item in line.split(", "):
        if item == "R":
            turns.append(None)
        else:
            slot, pieces = item.split(" ")
            turns.append((int(slot) - 1, _CODES.index(pieces[0]), len(pieces)))
    return turns


def _paths(bag: Sequence[int]) -> list[list[Step]]:
    """Each round of the plan realized; the other player may reset on a round's first turn
    when its last turn of the round before was a take. Junk comes in the colours the bag
    (as set up) holds most of beyond the plan's needs."""
    need = [0] * len(_CODES)
    for line in PLAN:
        for turn in _turns(line):
            if turn is not None:
                need[turn[1]] += turn[2]
    junk = sorted(range(len(_CODES)), key=lambda c: need[c] - bag[c])
    paths: list[list[Step]] = []
    may_reset = False
    for number, line in enumerate(PLAN, 1):
        plan = [None if t is None else (t[1], t[2]) for t in _turns(line)]
        path = realize(plan, may_reset=may_reset, junk=junk)
        if path is None:
            raise ValueError(f"round {number} of the plan cannot be realized")
        paths.append(path)
        others = [step for step in path if step[0] == "other"]
        may_reset = bool(others) and others[-1][1] != "R"
    return paths


def _orders(
    rounds: list[list[Display]], bag: Sequence[int]
) -> Iterator[tuple[list[list[Display]], dict[tuple[int, int], int]]]:
    """The rounds' displays in fill order (the order of the round of the first pour is free)
    and colours for their wild pieces drawn before the tower is first poured into the bag,
    such that those draws use up ``bag`` exactly (END-03, END-04); every choice in turn. A
    display's wild pieces take one colour, none of its other pieces' (the other player takes
    them all)."""
    sizes = [sum(len(pieces) for _who, pieces in r) for r in rounds]
    first_pour = next(i for i in range(len(rounds)) if sum(sizes[: i + 1]) > sum(bag))
    before = sum(bag) - sum(sizes[:first_pour])
    for order in itertools.permutations(range(len(rounds[first_pour]))):
        ordered = [list(r) for r in rounds]
        ordered[first_pour] = [rounds[first_pour][i] for i in order]
        fixed = [0] * len(bag)
        wild: dict[tuple[int, int], int] = {}
        for index in range(first_pour + 1):
            drawn = 0
            for place, (_who, pieces) in enumerate(ordered[index]):
                for colour in pieces:
                    if index == first_pour and drawn >= before:
                        break
                    drawn += 1
                    if colour == WILD:
                        wild[(index, place)] = wild.get((index, place), 0) + 1
                    else:
                        fixed[colour] += 1
        left = [b - f for b, f in zip(bag, fixed, strict=True)]
        if min(left) < 0 or sum(left) != sum(wild.values()):
            continue
        for colours in _wild_colours(ordered, list(wild.items()), left):
            yield ordered, colours


def _wild_colours(
    ordered: list[list[Display]], wild: list[tuple[tuple[int, int], int]], left: list[int]
) -> Iterator[dict[tuple[int, int], int]]:
    """Colours for the displays' wild pieces (``wild``: display and count), using up
    ``left`` exactly, the most plentiful colours first."""
    if not wild:
        yield {}
        return
    (index, place), count = wild[0]
    others = ordered[index][place][1]
    for colour in sorted(range(len(left)), key=lambda c: -left[c]):
        if left[colour] < count or colour in others:
            continue
        after = list(left)
        after[colour] -= count
        for more in _wild_colours(ordered, wild[1:], after):
            yield {(index, place): colour, **more}


def _setup(builder: Builder) -> None:
    """The other player's strips in number order, faces 1; the planner's as the witness's;
    the round colours (SETUP-03, SETUP-04, SETUP-08)."""
    for strips, faces in (((0, 1, 2, 3, 4, 5, 6, 7), (0,) * 8), (_SLOTS, _FACES)):
        for index in range(7, 0, -1):  # the shuffle, from the last slot down (ENG-03)
            builder.chance(strips[index])
        builder.chance(*faces)
    colours = [_CODES.index(c) for c in _ROUND_COLOURS]
    builder.chance(*colours[5:1:-1])  # indicator spaces VI to III; II gets the colour left
    builder.chance(colours[0])


def _play(
    side: str,
    paths: list[list[Step]],
    rounds: list[list[Display]],
    ordered: list[list[Display]],
    colours: dict[tuple[int, int], int],
) -> Builder:
    """The game: setup, then each round's fill and turns (module docstring).

    Raises:
        IllegalAction: a turn of the realized rounds is not legal in the engine (the other
            player could not place its piece right of its leftmost strip, or a draw is not in
            the bag).
    """
    builder = Builder("sintra", 2, {"side": side})
    builder.comment(
        f"The highest score on side {side}: seat 2 completes every face in a round of its best "
        "colour, the top frame spaces right to left, and loses no point"
    )
    _setup(builder)
    for number, (line, path) in enumerate(zip(PLAN, paths, strict=True)):
        opened = rounds[number]
        fills: list[list[int]] = []
        for place, (_who, pieces) in enumerate(ordered[number]):
            colour = colours.get((number, place), WILD)
            if colour == WILD and WILD in pieces:  # after the pour: the most plentiful colour
                state = builder.state
                pool = state.bag if any(state.bag) else state.tower
                others = [c for c in range(len(_CODES)) if c not in pieces]
                colour = max(others, key=pool.__getitem__)
            fills.append([colour if c == WILD else c for c in pieces])
        for pieces in fills:
            builder.chance(*pieces)
        # the display of each opening: the order of ``opened`` mapped into fill order
        source = iter(_places(opened, ordered[number]))
        turns = iter(_turns(line))
        for step in path:
            if step[0] == "other":
                _other(builder, step, source, fills)
            else:
                _planner(builder, step, next(turns), source)
    return builder


def _places(opened: list[Display], ordered: list[Display]) -> list[int]:
    """Where each display, in the order it is opened, lies in fill order."""
    free = list(range(len(ordered)))
    places = []
    for display in opened:
        place = next(i for i in free if ordered[i] is display)
        free.remove(place)
        places.append(place)
    return places


def _other(builder: Builder, step: Step, source: Iterator[int], fills: list[list[int]]) -> None:
    """The other player's turn: a reset, or its take placed right of its leftmost strip when
    it can be (so that it may reset next), the fewest pieces placed."""
    if step[1] == "R":
        builder.act("R")
        return
    if step[1] == "centre":
        where, colour = CENTRE, step[2]
    else:
        where = next(source)
        filler = step[2] if step[1] == "open" else (0,) * len(_CODES)
        colour = next(c for c in fills[where] if not filler[c])
    state = builder.state
    leftmost = state.players[0].leftmost_strip()
    takes = [
        a
        for a in builder.game.legal_actions(state)
        if isinstance(a, Take) and a.source == where and a.colour == colour
    ]
    right = [
        a for a in takes if a.target is not None and leftmost is not None and a.target > leftmost
    ]
    best = min(right or takes, key=lambda a: (a.keep is not None, a.target is None, a.target or 0))
    builder.act(action_to_text(best))


def _planner(builder: Builder, step: Step, turn: Turn, source: Iterator[int]) -> None:
    """The planner's turn: a reset, or its take onto its slot, keeping blue when it completes
    a face that holds blue (side B's bonus counts the colour most kept)."""
    if turn is None:
        builder.act("R")
        return
    slot, colour, _count = turn
    where = CENTRE if step[1] == "centre" else next(source)
    takes = [
        a
        for a in builder.game.legal_actions(builder.state)
        if isinstance(a, Take) and a.source == where and a.colour == colour and a.target == slot
    ]
    if not takes:
        raise IllegalAction(
            "ENG-04", f"the plan's take {_CODES[colour]} onto slot {slot + 1} is not legal"
        )
    builder.act(action_to_text(min(takes, key=lambda a: (a.keep != _B, a.jokers))))


def highest(side: str) -> Builder:
    """The highest score on ``side`` played (module docstring).

    Args:
        side: ``"A"`` or ``"B"``.

    Returns:
        The finished game.

    Raises:
        ValueError: no choice of colours plays through (the tests replay the plan: it does).
    """
    start = Builder("sintra", 2, {"side": side})
    _setup(start)
    paths = _paths(start.state.bag)
    rounds = [displays(path) for path in paths]
    for ordered, colours in itertools.islice(_orders(rounds, start.state.bag), 400):
        try:
            return _play(side, paths, rounds, ordered, colours)
        except IllegalAction:
            continue
    raise ValueError("no choice of colours plays the plan through")
