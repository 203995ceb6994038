"""Hand-made Sagrada positions for the rule tests.

:func:`make_state` builds a consistent position (the bag holds whatever dice are not elsewhere,
so that every colour adds up to 18) from readable pieces: patterns by name, windows as
``{"r1c1": "R4"}``, dice as ``"B5"``, tools and public objectives by their card numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sintra_rules.games.sagrada import (
    PlayerState,
    SagradaState,
    default_components,
)
from sintra_rules.games.sagrada.state import Die, SubStep
from sintra_rules.rng import seed_state

TABLE = default_components()
CODES = "RYGBP"


def cell(name: str) -> int:
    """``"r2c3"`` -> 7."""
    return (int(name[1]) - 1) * 5 + int(name[3]) - 1


def d(text: str) -> Die:
    """``"B5"`` -> (3, 5)."""
    return (CODES.index(text[0]), int(text[1]))


def pattern_index(name: str) -> int:
    return next(i for i, p in enumerate(TABLE.patterns) if p.name == name)


def window(cells: Mapping[str, str] | None = None) -> tuple[Die | None, ...]:
    out: list[Die | None] = [None] * 20
    for where, text in (cells or {}).items():
        out[cell(where)] = d(text)
    return tuple(out)


def make_state(
    *,
    patterns: Sequence[str] = ("Lux Astram", "Sun Catcher"),
    windows: Sequence[Mapping[str, str]] | None = None,
    privates: Sequence[str] | None = None,
    favor: Sequence[int] | None = None,
    tools: Sequence[int] = (1, 2, 3),
    tokens: Sequence[int] | None = None,
    spent: Sequence[str | None] | None = None,
    publics: Sequence[int] = (1, 2, 3),
    pool: Sequence[str] = (),
    hand: str | None = None,
    track: Mapping[int, Sequence[str]] | None = None,
    round: int = 1,
    start: int = 0,
    step: int = 0,
    turn: int | None = None,
    drafted: bool = False,
    tool_used: bool = False,
    active: int | None = None,
    sub: SubStep = "",
    lifted: int | None = None,
    moved: int | None = None,
    skips: Sequence[int] = (),
    difficulty: int | None = None,
    rng: int | None = 0,
) -> SagradaState:
    """A position after setup, in round ``round``; see the module docstring. ``privates`` are
    colour codes (solo: two letters, ``"RG"``); ``turn`` defaults to the seat of ``step``."""
    n = len(patterns)
    windows = windows or [{}] * n
    privates = privates or [CODES[i] for i in range(n)] if n > 1 else privates or ["RG"]
    favor = (
        favor
        if favor is not None
        else [0 if n == 1 else TABLE.patterns[pattern_index(p)].favor for p in patterns]
    )
    players = []
    for seat, name in enumerate(patterns):
        index = pattern_index(name)
        card = TABLE.patterns[index].card - 1
        other = (card + 1) % 12
        players.append(
            PlayerState(
                cards=(card, other),
                pattern=index,
                window=window(windows[seat]),
                favor=favor[seat],
                privates=tuple(
                    next(i for i, p in enumerate(TABLE.privates) if p.colour == CODES.index(c))
                    for c in privates[seat]
                ),
            )
        )
    spaces: list[tuple[Die, ...]] = [()] * 10
    for r, dice in (track or {}).items():
        spaces[r] = tuple(sorted(d(x) for x in dice))
    paid = tuple(None if x is None else d(x) for x in (spent or [None] * len(tools)))
    from sintra_rules.games.sagrada.state import snake_seat

    state = SagradaState(
        components=TABLE,
        players=tuple(players),
        round=round,
        start=start,
        step=step,
        turn=snake_seat(start, step, n) if turn is None else turn,
        tools=tuple(t - 1 for t in tools),
        tokens=tuple(tokens or [0] * len(tools)),
        spent=paid,
        publics=tuple(p - 1 for p in publics),
        pool=tuple(sorted(d(x) for x in pool)),
        hand=None if hand is None else d(hand),
        track=tuple(spaces),
        bag=(18,) * 5,
        drafted=drafted,
        tool_used=tool_used,
        active=active,
        sub=sub,
        lifted=lifted,
        moved=moved,
        skips=tuple(skips),
        difficulty=difficulty if difficulty is not None else (len(tools) if n == 1 else None),
        rng=None if rng is None else seed_state(rng),
    )
    counts = state.dice_counts()
    bag = tuple(18 - (c - 18) for c in counts)
    import attrs

    return attrs.evolve(state, bag=bag)
