"""A readable text board of a Sagrada position.

Windows show each space as the die on it (``R4``: a red 4) or, when empty, its restriction
in lower case (``r`` red, ``3`` the value 3, ``.`` blank). With a ``viewer``, the other seats'
private objectives are hidden (ENG-06) until the game is over. Given the players' names
(``sintra play`` gives ``Player 1 (greedy)``), the windows and the final scores both call each
seat by its name.

>>> from sintra_rules.games.sagrada import new_game
>>> print(render(new_game(1, seed=2)).splitlines()[0])
Sagrada, solo (difficulty 3): setup, player 1 chooses a pattern
"""

from __future__ import annotations

from collections.abc import Sequence

from sintra_rules._words import plural
from sintra_rules.games.sagrada.components import COLUMNS, ROWS
from sintra_rules.games.sagrada.placement import space_name
from sintra_rules.games.sagrada.state import Die, SagradaState

__all__ = ["render", "summary"]


def _die(state: SagradaState, d: Die) -> str:
    code = state.components.colour_codes[d[0]]
    return f"{code}{d[1] or '?'}"


def _dice(state: SagradaState, dice: tuple[Die, ...]) -> str:
    return " ".join(_die(state, d) for d in dice) or "-"


def _header(state: SagradaState) -> str:
    n = state.num_players
    table = state.components
    who = f"solo (difficulty {state.difficulty})" if n == 1 else f"{n} players"
    if state.is_over:
        where = "game over"
    elif state.in_setup:
        where = "setup, " + (
            "dealing" if state.chance is not None else f"player {state.turn + 1} chooses a pattern"
        )
    else:
        where = (
            f"round {state.round} of {table.rounds}, start player {state.start + 1}, "
            f"turn {state.step + 1} of {2 * n}"
        )
        if state.chance is not None:
            where += f", waiting for chance ({state.chance.kind})"
        else:
            where += f", player {state.turn + 1} to act"
    return f"Sagrada, {who}: {where}"


def _tools(state: SagradaState) -> list[str]:
    table = state.components
    out = []
    for slot, card in enumerate(state.tools):
        tool = table.tools[card]
        if state.is_solo:
            paid = state.spent[slot]
            extra = "in play" if paid is None else f"used, paid {_die(state, paid)}"
        else:
            tokens = state.tokens[slot]
            extra = f"{plural(tokens, 'favor token')} on it"
        mark = " (in use)" if state.active == slot else ""
        code = table.colour_codes[tool.colour]
        out.append(f"  tool {tool.number:>2} {tool.name} [{code}]: {extra}{mark}")
    return out


def _window(state: SagradaState, seat: int) -> list[str]:
    player = state.players[seat]
    table = state.components
    if player.pattern is None:
        return ["    (no pattern chosen yet)"]
    pattern = table.patterns[player.pattern]
    lines = ["      " + " ".join(f"c{c + 1}" for c in range(COLUMNS))]
    for r in range(ROWS):
        cells = []
        for c in range(COLUMNS):
            i = r * COLUMNS + c
            d = player.window[i]
            if d is not None:
                cells.append(_die(state, d))
            else:
                cells.append(" " + pattern.grid[r][c].lower())
        lines.append(f"  r{r + 1}  " + " ".join(cells).rstrip())
    return lines


def _seat(state: SagradaState, seat: int, viewer: int | None, name: str) -> list[str]:
    table = state.components
    player = state.players[seat]
    names = ", ".join(
        table.patterns[table.card_faces[card][f]].name for card in player.cards for f in (0, 1)
    )
    if player.pattern is None:
        title = f"{name}: cards {names or '(not dealt)'}"
    else:
        pattern = table.patterns[player.pattern]
        title = f"{name}: {pattern.name} (difficulty {pattern.favor})"
        if not state.is_solo:
            title += f", {plural(player.favor, 'favor token')}"
    if viewer is None or viewer == seat or state.is_over:
        unknown = "not dealt yet" if state.in_setup else "not known"
        private = ", ".join(table.privates[card].name for card in player.privates) or unknown
    else:
        private = "hidden"
    return [title, f"  private objective: {private}", *_window(state, seat)]


def _scores(state: SagradaState, names: Sequence[str]) -> list[str]:
    from sintra_rules.games.sagrada.scoring import final_score, result, target_score

    out = ["Final scores:"]
    for seat in range(state.num_players):
        f = final_score(state, seat)
        out.append(
            f"  {names[seat]}: {f.total} = publics {'+'.join(map(str, f.publics))}, private "
            f"{f.private}, tokens {f.tokens}, empty spaces {f.empty} ({f.empty_points})"
        )
    outcome = result(state)
    if state.is_solo:
        target = target_score(state)
        verdict = "won" if outcome.winners else "lost"
        out.append(f"  target score {target}: the player {verdict}")
    else:
        out.append("  winner: " + ", ".join(names[w] for w in outcome.winners))
    return out


def render(
    state: SagradaState, viewer: int | None = None, names: Sequence[str] | None = None
) -> str:
    """The position as a text board.

    Args:
        state: any state.

        viewer: the seat whose view it is (other seats' private objectives hidden), or
            ``None`` for everything.

        names: each seat's name, in the windows and the final scores (default: ``Player 1``
            above a window, ``player 1`` in the final scores).

    Returns:
        The board, several lines.

    Raises:
        InvalidArgument: ``names`` does not hold one name per player.
    """
    from sintra_rules.games.sagrada.narration import player_names

    called = player_names(state.num_players, names)
    scored = called if names is not None else [f"player {s + 1}" for s in range(len(called))]
    table = state.components
    lines = [_header(state)]
    if not state.in_setup:
        hand = "-" if state.hand is None else _die(state, state.hand)
        step = f" (tool step: {state.sub})" if state.sub else ""
        if state.lifted is not None:
            step += f", moving the die on {space_name(state.lifted)}"
        elif state.moved is not None:
            step += f", the first move went to {space_name(state.moved)}"
        done = [
            w for w, flag in (("drafted", state.drafted), ("used a tool", state.tool_used)) if flag
        ]
        if done:
            step += f"; this turn the player {' and '.join(done)}"
        if state.skips:
            step += "; skipped second turn: " + ", ".join(f"player {s + 1}" for s in state.skips)
        lines.append(f"Draft pool: {_dice(state, state.pool)}; in hand: {hand}{step}")
        track = " | ".join(
            f"{r + 1}: {_dice(state, space)}" for r, space in enumerate(state.track) if space
        )
        lines.append(f"Round track: {track or '-'}")
    bag = " ".join(f"{c} {n}" for c, n in zip(table.colour_codes, state.bag, strict=True))
    lines.append(f"Bag: {bag}")
    if state.tools:
        lines += ["Tool cards:", *_tools(state)]
    if state.publics:
        lines.append("Public objectives:")
        for card in state.publics:
            objective = table.publics[card]
            points = plural(objective.points, "point")
            lines.append(f"  {objective.number:>2} {objective.name} ({points})")
    for seat in range(state.num_players):
        lines += _seat(state, seat, viewer, called[seat])
    if state.is_over:
        lines += _scores(state, scored)
    return "\n".join(lines)


def summary(state: SagradaState, names: Sequence[str] | None = None) -> str:
    """One line on a game: the round and the turn in it, each player's dice placed and favor
    tokens left (not in the solo game, SOLO-01), and who is to act: what a replay of an
    unfinished record ends with.

    Args:
        state: any state.
        names: the players' names by seat (default ``Player N``).

    Returns:
        The line.

    >>> from sintra_rules.games.sagrada import new_game
    >>> summary(new_game(2, seed=2), ["Ann", "Ben"])
    'Setup | Ann: 0 dice | Ben: 0 dice | Ann to choose a pattern'
    """
    count = state.num_players
    seats = list(names) if names else [f"Player {seat + 1}" for seat in range(count)]
    if state.is_over:
        parts = ["Game over"]
    elif state.in_setup:
        parts = ["Setup"]
    else:
        parts = [
            f"Round {state.round} of {state.components.rounds}, turn {state.step + 1} of "
            f"{2 * count}"
        ]
    for name, player in zip(seats, state.players, strict=True):
        part = f"{name}: {plural(player.dice, 'die', 'dice')}"
        if player.pattern is not None and not state.is_solo:
            part += f", {plural(player.favor, 'favor token')}"
        parts.append(part)
    if state.is_over:
        pass
    elif state.chance is not None:
        parts.append(f"waiting for chance ({state.chance.kind})")
    elif state.in_setup:
        parts.append(f"{seats[state.turn]} to choose a pattern")
    else:
        parts.append(f"{seats[state.turn]} to play")
    return " | ".join(parts)
