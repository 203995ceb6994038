"""Readable plain-text views of positions, games and results, for the terminal.

Nothing here changes a state or decides a rule: the functions only show what the state holds,
using the colour names of the state's component table (FIG-01); actions and events are put into
words by :mod:`sintra_rules.games.sintra.narration`. Output is plain text; pass ``colour=True`` to
:func:`render_state` for ANSI-coloured piece letters, and :func:`wrap_text` folds long lines to
a terminal's width. :func:`show_game` prints a whole game turn by turn (``sintra play``).

>>> from sintra_rules import new_game
>>> state = new_game(2, seed=7)
>>> print(_counts(state.components, state.factories[0]))
1 green, 1 orange, 2 yellow
>>> print(render_summary(state))
Round I (blue) | Player 1: 0 points, track 0 | Player 2: 0 points, track 0 | Player 1 to play
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from sintra_rules._terminal import visible_width, wrap_text
from sintra_rules._words import plural
from sintra_rules.games.sintra.actions import Action
from sintra_rules.games.sintra.components import JOKER_CODE, ComponentTable
from sintra_rules.games.sintra.narration import describe_turn, player_names, roman
from sintra_rules.games.sintra.notation import action_to_text
from sintra_rules.games.sintra.rules import apply_traced
from sintra_rules.games.sintra.scoring import final_score, outcome
from sintra_rules.games.sintra.state import GameState, Strip

__all__ = [
    "NORMAL",
    "QUIET",
    "VERBOSE",
    "render_outcome",
    "render_state",
    "render_summary",
    "show_game",
    "visible_width",
    "wrap_text",
]

#: How much of a game :func:`show_game` shows: only the result, turns and round ends, or every
#: position.
QUIET, NORMAL, VERBOSE = 0, 1, 2
#: Where the description of a turn starts on its line: two spaces, the notation, a space.
_TURN_INDENT = " " * 12
#: ANSI foreground codes for the default colour names; other names use the fallback palette.
_ANSI = {
    "blue": "34",
    "green": "32",
    "orange": "38;5;208",
    "pink": "38;5;213",
    "yellow": "93",
    "red": "31",
    "black": "90",
    "white": "97",
}
_ANSI_FALLBACK = ("36", "35", "33", "94", "92")
_RESET = "\x1b[0m"


def _counts(table: ComponentTable, counts: Sequence[int]) -> str:
    """Per-colour piece counts in words, in table order: ``2 blue, 1 orange`` or ``empty``."""
    parts = [f"{n} {table.colour_names[c]}" for c, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "empty"


class _Painter:
    """Colours piece letters with ANSI codes, or leaves them alone."""

    def __init__(self, table: ComponentTable, enabled: bool) -> None:
        self.codes: tuple[str, ...] = ()
        if enabled:
            self.codes = tuple(
                _ANSI.get(name, _ANSI_FALLBACK[c % len(_ANSI_FALLBACK)])
                for c, name in enumerate(table.colour_names)
            )

    def __call__(self, text: str, colour: int | None) -> str:
        if not self.codes or colour is None:
            return text
        return f"\x1b[{self.codes[colour]}m{text}{_RESET}"


def _strip_tokens(table: ComponentTable, strip: Strip, paint: _Painter) -> list[str]:
    """One 2-character token per space of the strip's visible side (PLACE-01, PLACE-06).

    ``B`` a blue piece on a blue space, ``b`` an empty blue space, ``j`` an empty joker space,
    ``Y*`` a yellow piece on a joker space. The state records how many pieces of each colour
    lie on each kind of space, not which space: pieces are shown on the leftmost spaces."""
    codes = table.colour_codes
    filled = list(strip.filled)
    on_jokers = [c for c, n in enumerate(strip.jokers) for _ in range(n)]
    tokens: list[str] = []
    for code in table.strips[strip.strip_id][strip.face]:
        if code == JOKER_CODE:
            if on_jokers:
                colour = on_jokers.pop(0)
                tokens.append(paint(f"{codes[colour]}*", colour))
            else:
                tokens.append(f"{JOKER_CODE.lower()} ")
        else:
            colour = codes.index(code)
            if filled[colour]:
                filled[colour] -= 1
                tokens.append(paint(code, colour) + " ")
            else:
                tokens.append(f"{code.lower()} ")
    return tokens


def _window(table: ComponentTable, top: int | None, bottom: int | None, paint: _Painter) -> str:
    codes = table.colour_codes
    upper = "-" if top is None else paint(codes[top], top)
    lower = "-" if bottom is None else paint(codes[bottom], bottom)
    return f"{upper}/{lower}"


def _player_lines(
    state: GameState, seat: int, name: str, paint: _Painter, to_play: bool
) -> list[str]:
    table = state.components
    player = state.players[seat]
    value = table.track[player.marker]
    marker = "> " if to_play else "  "
    head = f"{marker}{name}{', to play' if to_play else ''}: score {player.score}"
    head += (
        f"; broken glass track {value} (space {player.marker + 1} of {len(table.track)}), "
        f"points lost {player.points_lost}"
    )
    if state.tile == seat:
        head += "; holds the starting player tile"
    lines = [head, "     slot value window  strip"]
    values = table.window_values(state.side)
    for slot, strip in enumerate(player.strips):
        glazier = "@" if slot == player.glazier else " "
        top, bottom = player.windows[slot]
        window = _window(table, top, bottom, paint)
        if strip is None:
            body = "(strip removed)"
        else:
            size = len(table.strips[strip.strip_id][strip.face])
            body = " ".join(_strip_tokens(table, strip, paint))
            body += f"  {strip.pieces}/{size}"
        lines.append(f"   {glazier} {slot + 1:>4} {values[slot]:>5} {window}     {body}")
    return lines


def render_state(
    state: GameState, names: Sequence[str] | None = None, *, colour: bool = False
) -> str:
    """The whole position as readable multi-line text.

    Shows the round and its colour (ROUND-01, ROUND-05), the factory displays, the centre and
    the starting player tile (TAKE-02, TAKE-03), the bag and tower counts, and for each player
    the score, the broken glass marker (TRACK-01), the strips space by space, the glazier
    (``@``) and the windows' top/bottom frames. The player to act is marked with ``>``.
    """
    table = state.components
    seats = player_names(len(state.players), names)
    paint = _Painter(table, colour)
    lines: list[str] = []
    if state.is_over:
        lines.append(f"Game over after round {roman(table.rounds)}; board side {state.side}")
    else:
        rc = state.indicator[0]
        rest = ", ".join(table.colour_names[c] for c in state.indicator[1:]) or "none"
        lines.append(
            f"Round {roman(state.round)} of {roman(table.rounds)}: "
            f"{paint(table.colour_names[rc], rc)} round; board side {state.side}"
        )
        lines.append(f"Round indicator pieces still to come: {rest}")
        lines.append(f"{seats[state.turn]} to play; {seats[state.starter]} started this round")
    lines.append("Factory displays:")
    for index, display in enumerate(state.factories):
        lines.append(f"  {index + 1}: {_counts(table, display)}")
    tile = " + the starting player tile" if state.tile is None and not state.is_over else ""
    lines.append(f"Centre: {_counts(table, state.centre)}{tile}")
    lines.append(
        f"Bag: {plural(sum(state.bag), 'piece')}; tower: {plural(sum(state.tower), 'piece')}"
    )
    keys = ", ".join(
        f"{paint(code, c)} {name}"
        for c, (code, name) in enumerate(zip(table.colour_codes, table.colour_names, strict=True))
    )
    lines.append(f"Colours: {keys}")
    for seat, name in enumerate(seats):
        lines.append("")
        lines.extend(
            _player_lines(
                state, seat, name, paint, to_play=not state.is_over and seat == state.turn
            )
        )
    lines.append("")
    first, last = table.colour_codes[0], table.colour_codes[-1]
    lines.append(
        f"Key: @ glazier; window top/bottom frame (- empty); {first} piece on a "
        f"{table.colour_names[0]} space, {first.lower()} empty {table.colour_names[0]} space, "
        f"{JOKER_CODE.lower()} empty joker space, {last}* {table.colour_names[-1]} piece on a "
        "joker space"
    )
    return "\n".join(lines)


def render_summary(state: GameState, names: Sequence[str] | None = None) -> str:
    """One line: the round, each player's score and broken glass value, who is to play."""
    table = state.components
    seats = player_names(len(state.players), names)
    if state.is_over:
        head = "Game over"
    else:
        head = f"Round {roman(state.round)} ({table.colour_names[state.indicator[0]]})"
    parts = [head]
    for name, player in zip(seats, state.players, strict=True):
        parts.append(f"{name}: {plural(player.score, 'point')}, track {table.track[player.marker]}")
    if not state.is_over:
        parts.append(f"{seats[state.turn]} to play")
    return " | ".join(parts)


def render_outcome(state: GameState, names: Sequence[str] | None = None) -> str:
    """Final scoring step by step for each player (FINAL-01 to FINAL-05) and the winners
    (WIN-01 to WIN-03). Raises :class:`ValueError` before the game is over (END-02)."""
    result = outcome(state)
    table = state.components
    seats = player_names(len(state.players), names)
    bonus = "ornaments (FINAL-04)" if state.side == "A" else "windows x colour (FINAL-05)"
    width = max(len("player"), *(len(name) for name in seats))
    lines = [
        f"Final scoring, board side {state.side}, bonus: {bonus}",
        f"  {'player':<{width}}  in play  leftovers  track  bonus  total  points lost",
    ]
    for name, player in zip(seats, state.players, strict=True):
        final = final_score(table, state.side, player)
        before = player.score - final.total
        lines.append(
            f"  {name:<{width}}  {before:>7}  {final.leftovers:>+9}  {final.track:>+5}  "
            f"{final.bonus:>+5}  {player.score:>5}  {player.points_lost:>11}"
        )
    winners = result.winners
    best = result.scores[winners[0]]
    tied = [seat for seat, score in enumerate(result.scores) if score == best]
    listed = ", ".join(seats[seat] for seat in winners)
    if len(winners) > 1:
        lines.append(
            f"Shared victory (WIN-03): {listed} with {plural(best, 'point')} and "
            f"{plural(result.points_lost[winners[0]], 'point')} lost each"
        )
    elif len(tied) > 1:
        lines.append(
            f"Winner: {listed} with {plural(best, 'point')}; tied on points, fewest points lost "
            f"({result.points_lost[winners[0]]}) breaks the tie (WIN-02)"
        )
    else:
        lines.append(f"Winner: {listed} with {plural(best, 'point')} (WIN-01)")
    return "\n".join(lines)


def show_game(
    initial: GameState,
    actions: Sequence[Action],
    names: Sequence[str],
    level: int = NORMAL,
    out: Callable[[str], None] = print,
    *,
    width: int | None = None,
    colour: bool = False,
    states: Sequence[GameState] | None = None,
    comments: Mapping[int, Sequence[str]] | None = None,
) -> GameState:
    """Print a game turn by turn from ``initial`` and return the last position.

    ``NORMAL``: the position at the start and at every round's end (END-01), a one-line summary
    at each round's start, each turn in words
    (:func:`~sintra_rules.games.sintra.narration.describe_turn`) with its notation (ENG-04) and,
    when they change, the mover's new score and broken glass value, then final scoring and the
    winners (FINAL-01, WIN-01 to WIN-03). After the game-ending turn the score shown is the one
    before final scoring, the "in play" column of the final scoring table. ``VERBOSE`` adds the
    position after every turn; ``QUIET`` prints only the result.

    With ``width``, every line wider than that is folded (:func:`wrap_text`), a turn's
    continuation lines aligned under its description; ``colour`` colours the pieces of the
    positions (:func:`render_state`).

    Args:
        initial: the position the game starts from.
        actions: the actions played, in order.
        names: the players' names by seat.
        level: :data:`QUIET`, :data:`NORMAL` or :data:`VERBOSE`.
        out: where each block of text goes (default ``print``).
        width: the width to fold lines to, or ``None`` to leave them as they are.
        colour: whether to colour the pieces with ANSI codes.
        states: the positions of the game (from
        :func:`~sintra_rules.games.sintra.records.replay`: after each action and the chance
        outcomes that follow it, ENG-25), when its draws are not those of the positions'
        generator (a game from a position); by default every action is
        applied with its draws sampled (ENG-08).
        comments: the record's comments by the ply they follow (0: about the game), shown in
        braces under the turn they follow, or first (ENG-25).

    Returns:
        The position after the last action.

    Raises:
        sintra_rules.errors.IllegalAction: an action is illegal where it is played.
    """

    def emit(text: str, indent: str | None = None) -> None:
        out(text if width is None else wrap_text(text, width, indent))

    state = initial
    table = state.components
    notes = comments or {}
    if level >= NORMAL:
        for note in notes.get(0, ()):
            emit(f"{{{note}}}")
        emit(render_state(state, names, colour=colour))
    new_round = True
    for index, action in enumerate(actions):
        if new_round and level >= NORMAL:
            emit("")
            emit(f"== {render_summary(state, names)}", "   ")
        seat = state.turn
        before = state
        mover = state.players[seat]
        state, events = apply_traced(state, action)
        if states is not None:
            state = states[index + 1]
        line = f"  {action_to_text(action, table):<9} {describe_turn(events, table, names)}"
        moved = state.players[seat]
        score = moved.score
        if state.is_over:  # the turn's own score, without the final scoring (FINAL-01)
            score -= final_score(table, state.side, moved).total
        if (score, moved.marker) != (mover.score, mover.marker):
            line += f" -> {plural(score, 'point')}, track {table.track[moved.marker]}"
        new_round = len(state.indicator) != len(before.indicator)
        if level >= NORMAL:
            emit(line, _TURN_INDENT)
            for note in notes.get(index + 1, ()):
                emit(f"{_TURN_INDENT}{{{note}}}", _TURN_INDENT)
        if level >= VERBOSE or (new_round and level >= NORMAL):
            emit("")
            if new_round:
                emit(f"End of round {roman(before.round)}.")
            emit(render_state(state, names, colour=colour))
    if level >= NORMAL:
        emit("")
    if state.is_over:
        emit(render_outcome(state, names))
    else:
        emit(f"The game is not over: {render_summary(state, names)}")
    return state
