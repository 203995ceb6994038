"""A Sagrada position set up in a few readable lines, in the words of the one-line notation
(ENG-12): :func:`build_position` spells the notation from keyword arguments and reads it with
:func:`~sintra_rules.games.sagrada.position.position_from_text`, so a built position is checked
exactly as a typed one (ENG-15).

>>> state = build_position(["Sun Catcher", "Batllo"], windows={1: {"r1c2": "B3"}}, hand="R3")
>>> state.round, state.turn, state.hand, state.players[0].window[1]
(1, 0, (0, 3), (3, 3))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sintra_rules.errors import PositionError
from sintra_rules.games.sagrada.components import COLUMNS, ROWS, SagradaComponents, table_or_default
from sintra_rules.games.sagrada.position import (
    TAG,
    pattern_code,
    pattern_from_code,
    position_from_text,
)
from sintra_rules.games.sagrada.state import SagradaState

__all__ = ["build_position"]

#: A window given to :func:`build_position`: its rows as the notation writes them
#: (``"R4.../...../...../....."``), or its dice by space (``{"r1c1": "R4"}``).
WindowSpec = str | Mapping[str, str]


def _pattern(table: SagradaComponents, given: str, seat: int) -> str:
    """A pattern given by its printed name or its code, as the notation's code."""
    if given == "-" or pattern_from_code(table, given) is not None:
        return given
    for index, pattern in enumerate(table.patterns):
        if pattern.name.lower() == given.lower():
            return pattern_code(table, index)
    raise PositionError(
        "",
        f"player {seat} pattern",
        0,
        "COMP-03",
        f"no pattern of the table is called {given!r}",
    )


def _rows(window: WindowSpec, seat: int) -> str:
    if isinstance(window, str):
        return window
    cells = ["."] * (ROWS * COLUMNS)
    for space, die in window.items():
        if (
            len(space) != 4
            or space[0] != "r"
            or space[2] != "c"
            or space[1] not in "1234"
            or space[3] not in "12345"
        ):
            raise PositionError(
                "",
                f"player {seat} window",
                0,
                "COMP-03",
                f"{space!r} is not a space such as 'r2c3'",
            )
        cells[(int(space[1]) - 1) * COLUMNS + int(space[3]) - 1] = die
    return "/".join("".join(cells[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(ROWS))


def build_position(
    patterns: Sequence[str] = ("Sun Catcher", "Batllo"),
    *,
    windows: Mapping[int, WindowSpec] | None = None,
    round: int | str = 1,
    start: int | str = 1,
    turn: str | None = None,
    tools: str = "1,2,3",
    publics: str = "1,2,3",
    pool: str = "",
    track: str = "",
    difficulty: int | None = None,
    hand: str | None = None,
    done: str | None = None,
    tool: int | None = None,
    step: str | None = None,
    lifted: str | None = None,
    moved: str | None = None,
    skips: str | None = None,
    chance: str | None = None,
    favor: Mapping[int, int] | None = None,
    privates: Mapping[int, str] | None = None,
    cards: Mapping[int, str] | None = None,
    components: SagradaComponents | None = None,
) -> SagradaState:
    """Set up a position in the words of the notation (ENG-12); players count from 1.

    Everything not given is as at the start of round 1: player 1 starts and is to act, tools 1,
    2 and 3 and public objectives 1, 2 and 3 are in play without tokens, the pool, the round
    track and the windows are empty, every player holds the favor tokens of the pattern and
    no private objective is known. A die in ``hand`` implies ``done="draft"``.

    Args:
        patterns: each player's pattern, by its printed name or its code (``"SunCatcher"``);
        their number is the number of players.
        windows: per player, the window's rows (``"R4.../...../...../....."``) or its dice by
        space (``{"r1c1": "R4"}``).
        round: 1 to 10, ``"setup"`` or ``"over"``.
        start: the round's start player.
        turn: ``"P.K"``, player P's K-th turn (default: the start player's first).
        tools: the tool cards, as the notation writes them (``"1=1,6,12"``).
        publics: the public objectives (``"4,10,2"``).
        pool: the draft pool's dice (``"G1G6P4"``).
        track: the round track (``"R2Y3/G1P5"``).
        difficulty: the solo game's number of tools (default: the number given).
        hand: the die in hand.
        done: ``"draft"``, ``"tool"`` or ``"draft,tool"``.
        tool: the tool card in use, by number.
        step: its step.
        lifted: the space of the die being moved.
        moved: the space a first move took its die to.
        skips: the players whose second turn is skipped (``"2"``).
        chance: the pending chance step (``"draw"``).
        favor: per player, the favor tokens left.
        privates: per player, the private objective's colour (``"R"``; solo ``"RG"``).
        cards: per player, the pattern cards dealt (``"8.3"``).
        components: the component table (default: the shipped one).

    Returns:
        The position, exactly as :func:`position_from_text` reads the text these arguments
        spell.

    Raises:
        PositionError: the arguments describe an impossible position; the error names the
        field and the clause (its ``text`` is the line spelled).

    >>> build_position(["Sun Catcher", "Batllo"], windows={1: {"r2c2": "B3"}})
    Traceback (most recent call last):
    ...
    sintra_rules.errors.PositionError: bad position: player 1 r2c2, character 97: the \
window's only die lies on the inner space r2c2; a first die goes on an edge or corner space \
(RUL-16) (PLACE-01)
    """
    table = table_or_default(components)
    n = len(patterns)
    for name, per_player in (
        ("windows", windows),
        ("favor", favor),
        ("privates", privates),
        ("cards", cards),
    ):
        for seat in per_player or {}:
            if not isinstance(seat, int) or not 1 <= seat <= n:
                raise PositionError(
                    "", name, 0, "ENG-01", f"players are numbered 1 to {n}, got {seat!r}"
                )
    if turn is None:
        turn = str(start if round != "setup" and start != "-" else 1)
        if round != "setup":
            turn += ".1"
    if hand is not None and done is None:
        done = "draft"
    if n == 1 and difficulty is None:
        difficulty = len([t for t in tools.split(",") if t and t != "-"])
    parts = [
        TAG,
        f"round:{round}",
        f"start:{start}",
        f"turn:{turn}",
        f"tools:{tools or '-'}",
        f"publics:{publics or '-'}",
        f"pool:{pool or '-'}",
        f"track:{track or '-'}",
    ]
    for label, value in (
        ("difficulty", difficulty),
        ("hand", hand),
        ("done", done),
        ("tool", tool),
        ("step", step),
        ("lifted", lifted),
        ("moved", moved),
        ("skips", skips),
        ("chance", chance),
    ):
        if value is not None:
            parts.append(f"{label}:{value}")
    for seat, named in enumerate(patterns, 1):
        code = _pattern(table, named, seat)
        items = [code]
        if cards and seat in cards:
            items.append(f"cards={cards[seat]}")
        if favor and seat in favor:
            items.append(f"favor={favor[seat]}")
        if privates and seat in privates:
            items.append(f"private={privates[seat]}")
        text = f"p{seat}:" + ",".join(items)
        if code != "-":
            text += ":" + _rows((windows or {}).get(seat, {}), seat)
        parts.append(text)
    return position_from_text(" ".join(parts), table)
