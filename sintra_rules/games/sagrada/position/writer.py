"""Writing a Sagrada position in its one-line notation (ENG-12): the inverse of
:func:`~sintra_rules.games.sagrada.position.reader.position_from_text`.
"""

from __future__ import annotations

from sintra_rules.games.sagrada.components import COLUMNS, ROWS
from sintra_rules.games.sagrada.placement import space_name
from sintra_rules.games.sagrada.position.grammar import (
    _NONE,
    TAG,
    _dice_text,
    _die_text,
    pattern_code,
)
from sintra_rules.games.sagrada.state import SagradaState

__all__ = ["position_to_text"]


def _tool_text(state: SagradaState, slot: int) -> str:
    table = state.components
    text = str(table.tools[state.tools[slot]].number)
    paid = state.spent[slot]
    if paid is not None:
        return f"{text}={_die_text(table, paid)}"
    if state.tokens[slot]:
        return f"{text}={state.tokens[slot]}"
    return text


def _player_text(state: SagradaState, seat: int) -> str:
    table = state.components
    player = state.players[seat]
    items = [_NONE if player.pattern is None else pattern_code(table, player.pattern)]
    if player.pattern is None:
        if player.cards:
            items.append("cards=" + ".".join(str(c + 1) for c in player.cards))
    else:
        card = table.patterns[player.pattern].card - 1
        if player.cards != (card,):
            items.append("cards=" + ".".join(str(c + 1) for c in player.cards))
        if not state.is_solo and player.favor != table.patterns[player.pattern].favor:
            items.append(f"favor={player.favor}")
    if player.privates:
        items.append(
            "private="
            + "".join(table.colour_codes[table.privates[c].colour] for c in player.privates)
        )
    text = f"p{seat + 1}:" + ",".join(items)
    if player.pattern is not None:
        rows = []
        for r in range(ROWS):
            cells = player.window[r * COLUMNS : (r + 1) * COLUMNS]
            rows.append("".join("." if d is None else _die_text(table, d) for d in cells))
        text += ":" + "/".join(rows)
    return text


def _setup_pending(state: SagradaState) -> bool:
    return state.round == 0 and state.chance is not None


def position_to_text(state: SagradaState) -> str:
    r"""The one-line notation of ``state`` (ENG-12), in its canonical spelling, which
    :func:`position_from_text` reads back to the same state (the generator aside, ENG-05).

    Args:
        state: a valid position (from the engine, a loader or this module).

    Returns:
        The position as one line.

    >>> from sintra_rules.games.sagrada import new_game
    >>> text = position_to_text(new_game(2, seed=0))
    >>> print(text.replace(" p1:", "\n  p1:").replace(" p2:", "\n  p2:"))
    sagrada1 round:setup start:2 turn:1 tools:6,7,12 publics:1,3,9 pool:- track:-
      p1:-,cards=8.4,private=R
      p2:-,cards=10.5,private=Y
    """
    table = state.components
    n = state.num_players
    if state.round == 0:
        round_text = "setup"
        turn_text = str(state.turn + 1)
    else:
        round_text = "over" if state.is_over else str(state.round)
        offset = (state.turn - state.start) % n
        turn_text = f"{state.turn + 1}.{1 if state.step == offset and state.step < n else 2}"
    start_text = _NONE if _setup_pending(state) and not state.is_solo else str(state.start + 1)
    track = list(state.track)
    while track and not track[-1]:
        track.pop()
    parts = [
        TAG,
        f"round:{round_text}",
        f"start:{start_text}",
        f"turn:{turn_text}",
        "tools:" + (",".join(_tool_text(state, s) for s in range(len(state.tools))) or _NONE),
        "publics:" + (",".join(str(table.publics[c].number) for c in state.publics) or _NONE),
        f"pool:{_dice_text(table, state.pool)}",
        "track:" + ("/".join(_dice_text(table, space) for space in track) or _NONE),
    ]
    if state.difficulty is not None:
        parts.append(f"difficulty:{state.difficulty}")
    if state.hand is not None:
        parts.append(f"hand:{_die_text(table, state.hand)}")
    done = [name for name, flag in (("draft", state.drafted), ("tool", state.tool_used)) if flag]
    if done:
        parts.append("done:" + ",".join(done))
    if state.active is not None:
        parts.append(f"tool:{state.tool_number(state.active)}")
    if state.sub:
        parts.append(f"step:{state.sub}")
    if state.lifted is not None:
        parts.append(f"lifted:{space_name(state.lifted)}")
    if state.moved is not None:
        parts.append(f"moved:{space_name(state.moved)}")
    if state.skips:
        parts.append("skips:" + ",".join(str(s + 1) for s in state.skips))
    step = state.chance
    if step is not None:
        detail = ""
        if step.kind == "roll":
            detail = "." + table.colour_codes[step.dice[0][0]]
        elif step.kind == "reroll":
            detail = "." + _dice_text(table, step.dice)
        parts.append(f"chance:{step.kind}{detail}")
    parts.extend(_player_text(state, seat) for seat in range(n))
    return " ".join(parts)
