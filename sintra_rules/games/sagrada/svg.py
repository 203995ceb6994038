"""A picture of a Sagrada position: :func:`state_to_svg` draws a
:class:`~sintra_rules.games.sagrada.state.SagradaState` as a standalone SVG document (used by
``SagradaState._repr_svg_`` in Jupyter, by ``GAME.to_svg`` and by the docs).

The picture shows the round and whose turn it is, the last move (when given), the draft pool
and the die in hand, the round track (10 spaces with their dice), the tool cards with their
favor tokens (or, in the solo game, the die paid), the public objectives, and for each player
the window: its pattern's colour and value spaces and the dice on them, the favor tokens, the
private objective where it is known and the score as it stands (the final score at the end, with
the winner or the solo target).

Colours are never the only sign: every die shows its pips and carries its colour's code as a
capital letter; an empty colour space shows its code in lower case and a value space its pips in
grey.

Every die is an element of class ``die`` with ``data-colour`` (its code), ``data-value`` and
``data-zone``: ``pool``, ``hand``, ``track`` (with ``data-round``, from 1), ``paid`` (a die paid
for a solo tool) or ``window`` (with ``data-player``, from 1, and ``data-space``, ``r2c3``).
Each window space is an element of class ``space`` with ``data-player``, ``data-space`` and
``data-code`` (``.`` blank, a colour code or a value).

>>> import xml.etree.ElementTree as ET
>>> from sintra_rules.games.sagrada import build_position
>>> state = build_position(pool="G1G6P4", windows={1: {"r1c2": "B4"}}, hand="R3")
>>> root = ET.fromstring(state_to_svg(state))
>>> sorted(d.get("data-zone") for d in root.iter() if d.get("class") == "die")
['hand', 'pool', 'pool', 'pool', 'window']
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from sintra_rules._formats import svg
from sintra_rules._words import plural
from sintra_rules.games.sagrada.actions import Action
from sintra_rules.games.sagrada.components import COLUMNS, ROWS, SagradaComponents
from sintra_rules.games.sagrada.narration import describe_action, player_names
from sintra_rules.games.sagrada.state import Die, SagradaState

__all__ = ["FILLS", "state_to_svg"]

#: The fill of each colour code: the one place where codes become colours on screen.
FILLS: dict[str, str] = {
    "R": "#d2322d",
    "Y": "#f2c500",
    "G": "#2e9e4f",
    "B": "#2f6db5",
    "P": "#8e44ad",
}
_SPARE = ("#c0392b", "#16a5a5", "#8d6e63", "#556b2f", "#7b4fbf")
_INK = svg.INK
_PAPER = svg.PAPER
_LINE = svg.LINE
_WIDTH = 720
_MARGIN = 16
_DIE = 30  # side of a window space
_SMALL = 22  # side of a die in the pool and the hand
_MINI = 17  # side of a die on the round track
_CHARS = 96  # characters of a heading line
#: Pip positions of each value, on a 3 x 3 grid (-1, 0, 1).
_PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _fill(table: SagradaComponents, colour: int) -> str:
    code = table.colour_codes[colour]
    return FILLS.get(code, _SPARE[colour % len(_SPARE)])


_ink_on = svg.ink_on


def _tint(fill: str) -> str:
    return svg.tint(fill, 0.72)


class _Canvas(svg.Canvas[SagradaComponents]):
    """The SVG tree under construction."""

    def text(
        self,
        x: float,
        y: float,
        words: str,
        size: int = 12,
        anchor: str = "start",
        parent: ET.Element | None = None,
        **attrs: object,
    ) -> ET.Element:
        attrs.setdefault("fill", _INK)
        node = self.element("text", parent, x=x, y=y, font_size=size, text_anchor=anchor, **attrs)
        node.text = words
        return node

    def pips(
        self, parent: ET.Element, x: float, y: float, side: float, value: int, ink: str, band: bool
    ) -> None:
        """The pips of ``value`` in the square at (x, y); with ``band``, in its upper part, to
        leave the bottom for the colour's code."""
        cy = y + side * (0.4 if band else 0.5)
        step = side * (0.22 if band else 0.27)
        radius = max(1.2, side * (0.065 if band else 0.075))
        for dx, dy in _PIPS[value]:
            self.element(
                "circle",
                parent,
                cx=x + side / 2 + dx * step,
                cy=cy + dy * step,
                r=radius,
                fill=ink,
                class_="pip",
            )

    def die(self, x: float, y: float, side: float, d: Die, zone: str, **data: object) -> None:
        """A die at (x, y): its colour, its pips and its colour's code under them."""
        table = self.table
        code = table.colour_codes[d[0]]
        fill = _fill(table, d[0])
        ink = _ink_on(fill)
        group = self.element("g", class_="die")
        group.set("data-colour", code)
        group.set("data-value", str(d[1]))
        group.set("data-zone", zone)
        for key, value in data.items():
            group.set(f"data-{key}", str(value))
        self.element(
            "rect",
            group,
            x=x,
            y=y,
            width=side,
            height=side,
            rx=side * 0.18,
            fill=fill,
            stroke=_INK,
            stroke_width=0.9,
        )
        if d[1]:
            self.pips(group, x, y, side, d[1], ink, band=True)
        else:
            self.text(
                x + side / 2, y + side * 0.55, "?", int(side * 0.45), "middle", group, fill=ink
            )
        self.text(
            x + side / 2,
            y + side * 0.95,
            code,
            max(6, round(side * 0.27)),
            "middle",
            group,
            font_weight="bold",
            fill=ink,
            class_="label",
        )

    def space(self, x: float, y: float, code: str, seat: int, name: str) -> None:
        """An empty or filled window space at (x, y), drawn with its restriction."""
        table = self.table
        group = self.element("g", class_="space")
        group.set("data-player", str(seat + 1))
        group.set("data-space", name)
        group.set("data-code", code)
        if code in table.colour_codes:
            fill = _tint(_fill(table, table.colour_codes.index(code)))
        else:
            fill = "#ffffff"
        self.element(
            "rect", group, x=x, y=y, width=_DIE, height=_DIE, rx=3, fill=fill, stroke=_LINE
        )
        if code in table.colour_codes:
            self.text(
                x + _DIE / 2,
                y + _DIE * 0.64,
                code.lower(),
                12,
                "middle",
                group,
                fill_opacity=0.7,
                class_="label",
            )
        elif code.isdigit():
            self.pips(group, x, y, _DIE, int(code), "#b9bdc2", band=False)


def _header(
    c: _Canvas,
    state: SagradaState,
    y: float,
    names: Sequence[str],
    last: Action | None,
    before: SagradaState | None,
) -> float:
    table = state.components
    n = state.num_players
    who = "solo" if n == 1 else f"{n} players"
    if state.is_over:
        status = "game over"
    elif state.in_setup:
        status = "setup: " + (
            "cards are dealt"
            if state.chance is not None
            else f"{names[state.turn]} chooses a pattern"
        )
    else:
        half = "first" if state.step < n else "second"
        status = f"round {state.round} of {table.rounds}"
        if state.chance is not None:
            status += f" · waiting for chance ({state.chance.kind})"
        else:
            status += f" · {names[state.turn]} to play ({half} turn)"
    c.text(_MARGIN, y + 16, f"Sagrada, {who} · {status}", 15, font_weight="bold", class_="status")
    y += 24
    if last is not None:
        if before is not None:
            words = "Last move: " + describe_action(before, last, names)
        else:
            words = f"Last move: {last}"
        for line in textwrap.wrap(words, _CHARS):
            c.text(_MARGIN, y + 12, line, 12, class_="last-move")
            y += 16
    if state.is_over:
        c.text(_MARGIN, y + 12, _result(state, names), 12, font_weight="bold", class_="result")
        y += 16
    return y + 6


def _result(state: SagradaState, names: Sequence[str]) -> str:
    from sintra_rules.games.sagrada.scoring import result, target_score

    outcome = result(state)
    scores = ", ".join(f"{name} {s}" for name, s in zip(names, outcome.scores, strict=True))
    if state.is_solo:
        verdict = "won" if outcome.winners else "lost"
        return f"Final score: {scores} · target {target_score(state)}: {verdict}"
    return f"Final scores: {scores} · {names[outcome.winners[0]]} wins"


def _supply(c: _Canvas, state: SagradaState, y: float) -> float:
    """The draft pool, the die in hand and the round track."""
    c.text(_MARGIN, y + 14, "Draft pool", 12, font_weight="bold")
    x = _MARGIN + 80
    for d in state.pool:
        c.die(x, y, _SMALL, d, "pool")
        x += _SMALL + 6
    if not state.pool:
        c.text(x, y + 14, "empty", 11, fill_opacity=0.6)
        x += 40
    if state.hand is not None:
        x += 16
        c.text(x, y + 14, "In hand", 12, font_weight="bold")
        c.die(x + 52, y, _SMALL, state.hand, "hand")
    y += _SMALL + 14
    c.text(_MARGIN, y + 12, "Round track", 12, font_weight="bold")
    rows = max(1, max((len(dice) + 2) // 3 for dice in state.track))
    for index, dice in enumerate(state.track):
        x = _MARGIN + 88 + index * (3 * _MINI + 6)
        current = index + 1 == state.round
        c.element(
            "rect",
            x=x - 3,
            y=y - 3,
            width=3 * _MINI + 4,
            height=rows * _MINI + 4,
            rx=3,
            fill="#fff4c2" if current else "#efebe3",
            stroke=_LINE,
            class_="track-space",
        )
        c.text(x + 1.5 * _MINI, y + rows * _MINI + 13, str(index + 1), 9, "middle")
        for k, d in enumerate(dice):
            row, col = divmod(k, 3)
            c.die(x + col * _MINI, y + row * _MINI, _MINI - 1, d, "track", round=index + 1)
    return y + rows * _MINI + 20


def _cards(c: _Canvas, state: SagradaState, y: float) -> float:
    """The tool cards and the public objectives."""
    table = state.components
    c.text(_MARGIN, y + 12, "Tool cards", 12, font_weight="bold")
    y += 18
    for slot, card in enumerate(state.tools):
        tool = table.tools[card]
        group = c.element("g", class_="tool")
        group.set("data-tool", str(tool.number))
        fill = _fill(table, tool.colour)
        c.element("rect", group, x=_MARGIN, y=y, width=10, height=14, fill=fill, stroke=_INK)
        words = f"{tool.number} {tool.name} [{table.colour_codes[tool.colour]}]"
        if state.is_solo:
            paid = state.spent[slot]
            words += " · in play" if paid is None else " · used, paid with"
        else:
            tokens = state.tokens[slot]
            words += f" · {plural(tokens, 'favor token')}"
            group.set("data-tokens", str(tokens))
        if state.active == slot:
            words += " · in use"
        c.text(_MARGIN + 16, y + 11, words, 11, parent=group)
        if state.is_solo and state.spent[slot] is not None:
            paid_die = state.spent[slot]
            assert paid_die is not None
            c.die(_MARGIN + 16 + 7 * len(words), y - 2, 16, paid_die, "paid", tool=tool.number)
        else:
            for k in range(min(state.tokens[slot], 12)):
                c.element(
                    "circle",
                    group,
                    cx=_MARGIN + 330 + k * 10,
                    cy=y + 7,
                    r=4,
                    fill="#c9a227",
                    stroke=_INK,
                    stroke_width=0.5,
                    class_="token",
                )
        y += 18
    c.text(_MARGIN, y + 12, "Public objectives", 12, font_weight="bold")
    y += 18
    for card in state.publics:
        objective = table.publics[card]
        node = c.text(
            _MARGIN + 16,
            y + 11,
            f"{objective.number} {objective.name} ({plural(objective.points, 'point')})",
            11,
            class_="public",
        )
        node.set("data-public", str(objective.number))
        y += 16
    return y + 6


def _window(c: _Canvas, state: SagradaState, seat: int, y: float, name: str) -> float:
    from sintra_rules.games.sagrada.scoring import final_score

    table = state.components
    player = state.players[seat]
    notes = []
    if not state.is_over and state.chance is None and seat == state.turn:
        notes.append("to play")
    if not state.in_setup and seat == state.start:
        notes.append("start player")
    heading = name + (f" ({', '.join(notes)})" if notes else "")
    c.text(_MARGIN, y + 14, heading, 13, font_weight="bold", class_="player")
    y += 20
    if player.pattern is None:
        cards = ", ".join(
            table.patterns[p].name for card in player.cards for p in table.card_faces[card]
        )
        c.text(_MARGIN, y + 12, f"no pattern chosen yet; cards: {cards or 'not dealt yet'}", 11)
        return y + 24
    pattern = table.patterns[player.pattern]
    for r in range(ROWS):
        for col in range(COLUMNS):
            cell = r * COLUMNS + col
            x = _MARGIN + col * (_DIE + 3)
            top = y + r * (_DIE + 3)
            code = pattern.grid[r][col]
            label = f"r{r + 1}c{col + 1}"
            c.space(x, top, code, seat, label)
            d = player.window[cell]
            moving = state.lifted == cell and seat == state.turn
            if d is not None:
                c.die(x + 1, top + 1, _DIE - 2, d, "window", player=seat + 1, space=label)
                if moving:
                    c.element(
                        "rect",
                        x=x - 2,
                        y=top - 2,
                        width=_DIE + 4,
                        height=_DIE + 4,
                        rx=4,
                        fill="none",
                        stroke=_INK,
                        stroke_width=2,
                        stroke_dasharray="4 2",
                        class_="lifted",
                    )
    info_x = _MARGIN + COLUMNS * (_DIE + 3) + 18
    lines = [f"{pattern.name} (difficulty {pattern.favor})"]
    if not state.is_solo:
        lines.append(f"favor tokens: {player.favor}")
    private = ", ".join(table.privates[card].name for card in player.privates) or "not known"
    lines.append(f"private objective: {private}")
    score = final_score(state, seat)
    word = "final score" if state.is_over else "score as it stands"
    parts = " + ".join(str(p) for p in score.publics) or "0"
    lines.append(
        f"{word}: {score.total} (publics {parts}, private {score.private}"
        + ("" if state.is_solo else f", tokens {score.tokens}")
        + f", empty {score.empty_points})"
    )
    for k, line in enumerate(lines):
        node = c.text(
            info_x, y + 14 + k * 17, line, 11, class_="score" if k == len(lines) - 1 else "info"
        )
        if k == len(lines) - 1:
            node.set("data-player", str(seat + 1))
            node.set("data-score", str(score.total))
    return y + ROWS * (_DIE + 3) + 12


def state_to_svg(
    state: SagradaState,
    *,
    width: int | None = None,
    names: Sequence[str] | None = None,
    last: Action | None = None,
    before: SagradaState | None = None,
) -> str:
    """The SVG picture of ``state``, as a standalone document.

    Args:
        state: the position.
        width: scale the picture to that many pixels wide (the height follows).
        names: the players' names, in seat order (default ``Player 1``...).
        last: the move that led to ``state``, written under the heading: in words with who
        played it when ``before`` is given, else in notation (ENG-14).
        before: the position ``last`` was played from.

    Returns:
        The SVG document.

    Raises:
        InvalidArgument: ``names`` does not hold one name per player.
    """
    names = player_names(state.num_players, names)
    canvas = _Canvas(state.components)
    canvas.element("rect", x=0, y=0, width="100%", height="100%", fill=_PAPER, class_="background")
    y = _header(canvas, state, _MARGIN, names, last, before)
    if not state.in_setup:
        y = _supply(canvas, state, y + 4)
    y = _cards(canvas, state, y + 4)
    for seat in range(state.num_players):
        canvas.element("line", x1=_MARGIN, x2=_WIDTH - _MARGIN, y1=y, y2=y, stroke="#d6d1c7")
        y = _window(canvas, state, seat, y + 6, names[seat])
    n = state.num_players
    return svg.document(
        canvas.root,
        natural_width=_WIDTH,
        height=y + _MARGIN,
        width=width,
        title=f"Sagrada, {n} player{'s' if n > 1 else ''}, round {state.round}",
    )
