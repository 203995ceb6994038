"""Sagrada's extreme scores played (:mod:`tools.extremes`): the highest final scores of the
proofs (``proofs/sagrada/highest.py``: 115 with 2 to 4 players, 94 solo) on their witness
windows (``proofs/sagrada/witnesses.json``), and the lowest (``proofs/sagrada/final.py``: -20
and, solo, -60).

**The highest.** The witness (pattern, public cards, private colour, window) is read from the
proofs' store, not copied. Each die of the window is drafted from a pool whose draws and rolls
are supplied (the dice the plan needs, and fillers of colours the window does not use, which go
to the round track), one die per turn of the player, and placed where the window has it. A die
on a space whose value restriction it breaks (the proofs' "moved against the pattern by a
tool") cannot be placed there: it is placed first on a *host*, another space of the window
that holds the same die in the end and whose restriction it obeys, then moved by Copper Foil
Burnisher onto its space once the window is otherwise full (sagrada:TOOL-03, sagrada:TOOL-13),
and the host then receives its own die. The dice are placed outwards from the hosts, each next
to one already placed (sagrada:PLACE-01, sagrada:PLACE-02); every die but the moved ones lies
where it ends, so the neighbour bans hold throughout. The Burnisher is among the tools dealt
(the others are tools the plan never uses); with 2 players it costs 1 favor token, then 2
(sagrada:FAVOR-02), which leaves the tokens the proof counts; solo it is paid with a pool die of
its colour (sagrada:SOLO-03). The other player of the 2-player game passes every turn.

**The lowest.** Nobody drafts a die. With 2 players the player's pattern has difficulty 3 and
its 3 favor tokens are spent on Glazing Hammer twice (1 token, then 2; sagrada:TOOL-07 needs no
die in the window), so that no token is left (sagrada:SCORE-03); solo there are no tokens, and
the 20 empty spaces cost 3 points each (sagrada:SOLO-06).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from sintra_rules.games.sagrada.scoring import final_score
from tools.extremes.builder import Builder, Extreme, Shown

__all__ = ["EXTREMES", "highest", "lowest"]

_WITNESSES = Path(__file__).resolve().parents[2] / "proofs" / "sagrada" / "witnesses.json"
_COLOURS = "RYGBP"
_ROWS, _COLUMNS = 4, 5
#: Tool cards by number (sagrada:COMP-06); a deal's outcome is the number less one.
_BURNISHER, _EGLOMISE, _LATHEKIN, _HAMMER = 3, 2, 4, 7
#: A pattern of difficulty 3 (Sun Catcher, on card 2) for the lowest score.
_EASY_PATTERN = 4

Space = tuple[int, int]
#: A placement: the die, its space, and the Burnisher's move done after it (or ``None``).
Step = tuple[str, Space, tuple[Space, Space] | None]


def _witness(kind: str) -> tuple[int, list[int], str, dict[Space, str]]:
    """The proofs' witness of a highest score (``multi_best`` or ``solo_best``): its pattern's
    number, its public cards' numbers, its private colour and its window, die by space."""
    stored = json.loads(_WITNESSES.read_text("utf-8"))[kind]
    ((pattern, best),) = stored.items()
    rows = [row.split() for row in best["window"].split("/")]
    window = {(r, c): rows[r][c] for r in range(_ROWS) for c in range(_COLUMNS)}
    return int(pattern), [int(card) for card in best["cards"]], best["colour"], window


def _space(space: Space) -> str:
    return f"r{space[0] + 1}c{space[1] + 1}"


def _die(die: str) -> tuple[int, int]:
    """A die's draw and roll outcomes: its colour's index, its value less one."""
    return _COLOURS.index(die[0]), int(die[1]) - 1


def _obeys(grid: tuple[str, ...], space: Space, die: str) -> bool:
    """Whether ``die`` obeys the restriction of ``space`` (sagrada:PLACE-03 to PLACE-05)."""
    mark = grid[space[0]][space[1]]
    return mark == "." or mark in die


def _plan(window: dict[Space, str], grid: tuple[str, ...]) -> list[Step]:
    """The placements of ``window`` on ``grid``, in order, with the Burnisher's moves (module
    docstring). Each moved die's host is the first space, in row order, that holds the same
    die, obeys its restriction and is on the border or next to an earlier host."""
    moved = [s for s in sorted(window) if not _obeys(grid, s, window[s])]
    hosts: dict[Space, Space] = {}
    for space in moved:
        hosts[space] = next(
            s
            for s in sorted(window)
            if window[s] == window[space]
            and s not in moved
            and s not in hosts.values()
            and _obeys(grid, s, window[s])
        )
    placed = list(hosts.values()) or [(0, 0)]
    rest = [s for s in sorted(window) if s not in placed and s not in moved]
    while rest:  # outwards from what is placed: each next space touches a placed die
        nxt = next(s for s in rest if any(_touch(s, p) for p in placed))
        rest.remove(nxt)
        placed.append(nxt)
    steps: list[Step] = [(window[s], s, None) for s in placed]
    for index, (space, host) in enumerate(hosts.items()):
        last = steps[-1]
        steps[-1] = (last[0], last[1], (host, space))
        if index + 1 <= len(hosts):
            steps.append((window[host], host, None))
    return steps


def _touch(a: Space, b: Space) -> bool:
    """Orthogonal or diagonal neighbours (sagrada:COMP-08)."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def _fillers(used: dict[Space, str]) -> str:
    """The colours no die of the window has, most plentiful first: the pool's other dice."""
    colours = [c for c in _COLOURS if all(die[0] != c for die in used.values())]
    return "".join(colours)


def _turn(builder: Builder, step: Step, pay: str = "") -> None:
    """The player drafts and places ``step``'s die, then makes its move, and ends the turn."""
    die, space, move = step
    builder.act(f"draft {die}", f"place {_space(space)}")
    if move is not None:
        builder.act(
            f"tool {_BURNISHER}{pay}", f"pick {_space(move[0])}", f"place {_space(move[1])}"
        )
    builder.act("end")


def highest(players: int) -> Builder:
    """The highest score's witness window played: 2 players (the other passes) or solo.

    Args:
        players: 2 or 1.

    Returns:
        The finished game.
    """
    solo = players == 1
    pattern, cards, colour, window = _witness("solo_best" if solo else "multi_best")
    builder = Builder("sagrada", players, {"tools": "1"} if solo else None)
    private = _COLOURS.index(colour)
    other = (private + 1) % len(_COLOURS)
    builder.comment(
        f"The highest {'solo ' if solo else ''}score of the proofs: the witness window of "
        f"pattern {pattern}, public cards {', '.join(map(str, cards))}, private colour {colour}"
    )
    builder.chance(private, other)  # private cards: the player's, and the other seat's / solo's
    card = builder.state.components.patterns[pattern - 1].card - 1
    builder.chance(card, (card + 1) % builder.state.components.cards)
    if not solo:
        builder.chance((card + 2) % 12, (card + 3) % 12)
    builder.chance(_BURNISHER - 1)
    if not solo:
        builder.chance(_EGLOMISE - 1, _LATHEKIN - 1)
    builder.chance(*(c - 1 for c in cards))
    if not solo:
        builder.chance(0)  # seat 1 starts round 1
    builder.act(f"pattern {pattern}")
    if not solo:
        other_card = (card + 2) % 12
        builder.act(f"pattern {2 * other_card + 1}")
    table = builder.state.components
    steps = _plan(window, tuple(table.patterns[pattern - 1].grid))
    fill = _fillers(window)
    payer = f"{_COLOURS[table.tools[_BURNISHER - 1].colour]}1"
    for rnd in range(table.rounds):
        mine = steps[2 * rnd : 2 * rnd + 2]
        spare = [
            f"{fill[(rnd + k) % len(fill)]}{1 + (rnd + 2 * k) % 6}"
            for k in range(table.pool_size(players) - 2)
        ]
        moves = any(step[2] is not None for step in mine)
        if solo and moves:
            spare[0] = payer  # solo: the Burnisher is paid with a pool die of its colour
        for die in [step[0] for step in mine] + spare:
            builder.chance(*_die(die))
        if solo:
            for step in mine:
                _turn(builder, step, f" pay {payer}" if step[2] is not None else "")
            continue
        turns = iter(mine)
        start = rnd % 2  # seat 1 started round 1; the bag passes clockwise (ROUND-05)
        for seat in (start, 1 - start, 1 - start, start):
            if seat == 1:
                builder.act("end")
            else:
                _turn(builder, next(turns))
    return builder


def lowest(players: int) -> Builder:
    """The lowest score played: nobody drafts; with 2 players the player spends its 3 favor
    tokens on Glazing Hammer, twice.

    Args:
        players: 2 or 1.

    Returns:
        The finished game.
    """
    solo = players == 1
    builder = Builder("sagrada", players, {"tools": "1"} if solo else None)
    builder.comment(
        "The lowest "
        + (
            "solo score: an empty window, 3 points lost per space"
            if solo
            else "score: an empty window and no favor token left, spent on Glazing Hammer"
        )
    )
    builder.chance(0, 1)  # private cards
    card = builder.state.components.patterns[_EASY_PATTERN - 1].card - 1
    builder.chance(card, (card + 1) % 12)
    if not solo:
        builder.chance((card + 2) % 12, (card + 3) % 12)
    builder.chance(_HAMMER - 1)
    if not solo:
        builder.chance(_EGLOMISE - 1, _LATHEKIN - 1)
    builder.chance(*((0, 1) if solo else (0, 1, 2)))  # public cards
    if not solo:
        builder.chance(0)
    builder.act(f"pattern {_EASY_PATTERN}")
    if not solo:
        builder.act(f"pattern {2 * ((card + 2) % 12) + 1}")
    table = builder.state.components
    hammers = 0
    for rnd in range(table.rounds):
        for k in range(table.pool_size(players)):
            builder.chance(k % 5, (rnd + k) % 6)
        start = 0 if solo else rnd % 2
        seats = (0, 0) if solo else (start, 1 - start, 1 - start, start)
        second = len(seats) - 1 - seats[::-1].index(0)
        for position, seat in enumerate(seats):
            if seat == 0 and position == second and not solo and hammers < 2:
                builder.act(f"tool {_HAMMER}")
                builder.chance(*(((rnd + k + 1) % 6) for k in range(table.pool_size(players))))
                hammers += 1
            builder.act("end")
    return builder


def _publics(builder: Builder, seat: int) -> list[Shown]:
    """The points of each public card in play for ``seat`` (``sagrada-public-max``: a card's
    most, on any window)."""
    state = builder.state
    points = final_score(state, seat).publics
    names = [state.components.publics[card].name for card in state.publics]
    return [
        Shown(f"sagrada-public-max[shipped, {name}]", "any window", value)
        for name, value in zip(names, points, strict=True)
    ]


def _sagrada(name: str, kind: Literal["highest", "lowest"], players: int, summary: str) -> Extreme:
    options = (("tools", "1"),) if players == 1 else ()
    build = (lambda: highest(players)) if kind == "highest" else (lambda: lowest(players))
    variant = "solo game" if players == 1 else "2 to 4 players"
    return Extreme(
        name,
        "sagrada",
        players,
        options,
        0,
        kind,
        summary,
        build,
        proof=f"sagrada-{kind}-score[shipped, {variant}]",
        shows=_publics if kind == "highest" else lambda _builder, _seat: [],
    )


#: Sagrada's extreme games.
EXTREMES: tuple[Extreme, ...] = (
    _sagrada(
        "sagrada-highest-2p",
        "highest",
        2,
        "the highest score of 2 to 4 players: the witness window of Sun's Glory, 2 dice moved by "
        "Copper Foil Burnisher, 3 favor tokens left; the other player passes",
    ),
    _sagrada(
        "sagrada-highest-solo",
        "highest",
        1,
        "the highest solo score: the witness window of Industria, 1 die moved by Copper Foil "
        "Burnisher, paid with a red die",
    ),
    _sagrada(
        "sagrada-lowest-2p",
        "lowest",
        2,
        "the lowest score of 2 to 4 players: an empty window, the 3 favor tokens of a pattern of "
        "difficulty 3 spent on Glazing Hammer",
    ),
    _sagrada(
        "sagrada-lowest-solo",
        "lowest",
        1,
        "the lowest solo score: an empty window, 20 spaces at 3 points each",
    ),
)
