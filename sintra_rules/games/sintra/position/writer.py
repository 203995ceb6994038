"""Writing a Sintra position in its one-line notation (ENG-21, ENG-23): the inverse of
:func:`~sintra_rules.games.sintra.position.reader.position_from_text`.
"""

from __future__ import annotations

from collections.abc import Sequence

from sintra_rules.games.sintra.components import (
    JOKER_CODE,
    ComponentTable,
)
from sintra_rules.games.sintra.position.grammar import (
    _CENTRE,
    _GLAZIER,
    _NONE,
    _ON_JOKER,
    _SLOTS,
    _WINDOW,
    TAG,
    _side_index,
)
from sintra_rules.games.sintra.state import (
    GameState,
    PlayerState,
    Strip,
)

__all__ = ["position_to_text"]


def _letters(table: ComponentTable, counts: Sequence[int]) -> str:
    text = "".join(code * n for code, n in zip(table.colour_codes, counts, strict=True))
    return text or _NONE


def _counted(table: ComponentTable, counts: Sequence[int]) -> str:
    text = "".join(
        (str(n) if n > 1 else "") + code
        for code, n in zip(table.colour_codes, counts, strict=True)
        if n
    )
    return text or _NONE


def _strip_text(table: ComponentTable, strip: Strip) -> str:
    codes = table.colour_codes
    printed = table.strips[strip.strip_id][strip.face]
    filled = list(strip.filled)
    on_jokers = [c for c, n in enumerate(strip.jokers) for _ in range(n)]
    out = []
    if len(_side_index(table)[printed]) > 1:
        out.append(f"({strip.strip_id + 1}.{strip.face + 1})")
    for code in printed:
        if code == JOKER_CODE:
            out.append(codes[on_jokers.pop(0)] + _ON_JOKER if on_jokers else code.lower())
        elif filled[codes.index(code)]:
            filled[codes.index(code)] -= 1
            out.append(code)
        else:
            out.append(code.lower())
    return "".join(out)


def _player_text(table: ComponentTable, seat: int, player: PlayerState) -> str:
    value = table.track[player.marker]
    markers = f"score={player.score},track={value}"
    if player.points_lost != -value:
        markers += f",lost={player.points_lost}"
    slots = []
    for slot, strip in enumerate(player.strips):
        text = _GLAZIER if slot == player.glazier else ""
        text += _NONE if strip is None else _strip_text(table, strip)
        top, bottom = player.windows[slot]
        if top is not None:
            text += _WINDOW + table.colour_codes[top]
            if bottom is not None:
                text += table.colour_codes[bottom]
        slots.append(text)
    return f"p{seat + 1}:{markers}:{_SLOTS.join(slots)}"


def position_to_text(state: GameState) -> str:
    r"""The one-line notation of ``state`` (ENG-21), in its canonical spelling: every valid
    position has exactly one, which :func:`position_from_text` reads back to the same state
    (the generator aside, ENG-23).

    Args:
        state: a valid position (from the engine, a loader or this module).

    Returns:
        The position as one line of text.

    >>> from sintra_rules import new_game
    >>> text = position_to_text(new_game(2, seed=0))
    >>> print(text.replace(" p", "\n  p").replace(" factories", "\n  factories"))
    sintra1 side:A indicator:OOPBYG turn:1 starter:1 tile:C
      factories:BBOP/GOPY/GGOP/BBYY/BBPP centre:-
      p1:score=0,track=0:@ooopy/ggopy/bbbgo/bbggp/yyybg/ppybg/ppyyg/yybgo
      p2:score=0,track=0:@oopyb/gggop/yybgo/ooppb/bbgop/ooopy/yyybg/pppyb
    """
    table = state.components
    parts = [
        TAG,
        f"side:{state.side}",
        "indicator:" + ("".join(table.colour_codes[c] for c in state.indicator) or _NONE),
        f"turn:{state.turn + 1}",
        f"starter:{state.starter + 1}",
        "tile:" + (_CENTRE if state.tile is None else str(state.tile + 1)),
        "factories:" + _SLOTS.join(_letters(table, f) for f in state.factories),
        "centre:" + _counted(table, state.centre),
    ]
    if any(state.tower):
        parts.append("tower:" + _counted(table, state.tower))
    step = state.chance
    if step is not None:
        where = {
            "strip": f".{step.seat + 1}.{step.index + 1}",
            "face": f".{step.seat + 1}.{step.index + 1}",
            "indicator": f".{step.index + 1}",
        }.get(step.kind, "")
        parts.append(f"chance:{step.kind}{where}")
    parts.extend(_player_text(table, seat, p) for seat, p in enumerate(state.players))
    return " ".join(parts)
