"""A picture of a position: :func:`state_to_svg` draws a
:class:`~sintra_rules.games.sintra.state.GameState` as a standalone SVG document (used by
``GameState._repr_svg_`` in Jupyter and by the docs).

The picture shows the round indicator, the factory displays, the centre (with the starting
player tile while it lies there), the bag and the glass tower, and for each player (by name)
the palace: the 8 slots numbered 1 to 8 with their pattern strips (coloured and joker spaces,
the pieces on them), the glazier above its slot, the windows' top and bottom frame spaces with
their printed values, the score and the broken glass track with its marker. The last move, when
given, and the result of a finished game are written under the heading.

Colours are never the only sign (the rulebook has a set-up for players who cannot tell them
apart): every piece carries its colour's code as a capital letter, every empty space its code
in lower case (``j`` for a joker space), and a piece on a joker space is ringed and marked
``data-joker="true"``.

Every drawn piece is an element of class ``piece`` with ``data-colour`` (the colour's code) and
``data-zone``: ``indicator``, ``factory-N`` (``N`` the 0-based display index), ``centre``,
``strip`` or ``window`` (with ``data-player`` and ``data-slot``, 0-based). A piece on a strip
lies on a space of class ``space`` whose ``data-code`` is its colour's code or ``J`` (a joker
space). The bag and the tower are drawn as counts, one element of class ``supply`` per colour
with ``data-count``.

>>> import xml.etree.ElementTree as ET
>>> from sintra_rules import new_game
>>> root = ET.fromstring(state_to_svg(new_game(2, seed=7), width=400))
>>> root.get("width"), len(root.findall(".//*[@class='piece']"))
('400', 26)
"""

from __future__ import annotations

import math
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from sintra_rules._formats import svg
from sintra_rules.games.sintra.actions import Action
from sintra_rules.games.sintra.components import JOKER_CODE, ComponentTable
from sintra_rules.games.sintra.narration import describe_move, player_names, roman
from sintra_rules.games.sintra.state import GameState, PlayerState

__all__ = ["FILLS", "state_to_svg"]

#: The fill colour of each colour code of the table (and of joker spaces): the one place
#: where codes become colours on screen.
FILLS: dict[str, str] = {
    "B": "#2f6db5",
    "G": "#2f9e55",
    "O": "#f08c1a",
    "P": "#e45c9c",
    "Y": "#f7cf2e",
    JOKER_CODE: "#a7adb4",
}
# For tables whose colour codes are not in FILLS (a user's own table).
_SPARE_FILLS = ("#7b4fbf", "#c0392b", "#16a5a5", "#8d6e63", "#556b2f")

_INK = svg.INK
_PAPER = svg.PAPER
_LINE = svg.LINE

_WIDTH = 680
#: Characters of a header line (12 px text) that fit beside the round indicator.
_HEADER_CHARS = 70
_MARGIN = 16
_PIECE = 13  # side of a pane piece
_SPACE = 17  # side of a space a piece lies on
_COLUMN = 38  # width of one slot of a palace
_FACTORY_R = 26
_FACTORY_STEP = 64
_PER_ROW = 24  # pieces per row in the centre


def _fill(table: ComponentTable, code: str) -> str:
    """The fill of a colour (or joker) code."""
    if code in FILLS:
        return FILLS[code]
    return _SPARE_FILLS[table.colour_codes.index(code) % len(_SPARE_FILLS)]


_ink_on = svg.ink_on


def _tint(fill: str) -> str:
    return svg.tint(fill, 0.7)


class _Canvas(svg.Canvas[ComponentTable]):
    """The SVG tree under construction, with one method per kind of mark."""

    def text(
        self, x: float, y: float, words: str, size: int = 12, anchor: str = "start", **attrs: object
    ) -> ET.Element:
        node = self.element(
            "text", x=x, y=y, font_size=size, text_anchor=anchor, fill=_INK, **attrs
        )
        node.text = words
        return node

    def box(self, x: float, y: float, w: float, h: float, fill: str, **attrs: object) -> None:
        self.element("rect", x=x, y=y, width=w, height=h, rx=2, fill=fill, stroke=_LINE, **attrs)

    def piece(
        self, x: float, y: float, colour: int, zone: str, joker: bool = False, **data: object
    ) -> None:
        """A pane piece of ``colour`` centred on (x, y), with its colour's code on it; ringed
        when it lies on a joker space."""
        code = self.table.colour_codes[colour]
        half = _PIECE / 2
        if joker:
            ring = self.element(
                "circle", cx=x, cy=y, r=_SPACE / 2 - 0.6, fill="none", stroke=_INK, stroke_width=1.6
            )
            ring.set("class", "joker-ring")
        node = self.element(
            "rect",
            x=x - half,
            y=y - half,
            width=_PIECE,
            height=_PIECE,
            rx=2,
            fill=_fill(self.table, code),
            stroke=_INK,
            stroke_width=0.8,
            class_="piece",
        )
        node.set("data-colour", code)
        node.set("data-zone", zone)
        if joker:
            node.set("data-joker", "true")
        for key, value in data.items():
            node.set(f"data-{key}", str(value))
        fill = _fill(self.table, code)
        self.text(
            x, y + 3.3, code, size=9, anchor="middle", font_weight="bold", class_="label"
        ).set("fill", _ink_on(fill))

    def space(self, x: float, y: float, code: str | None) -> None:
        """An empty space centred on (x, y): tinted with its colour (or joker) code, with the
        code in ``data-code``; plain without a code (frame and indicator spaces)."""
        half = _SPACE / 2
        if code is None:
            self.box(x - half, y - half, _SPACE, _SPACE, _PAPER, class_="space")
        else:
            fill = _tint(_fill(self.table, code))
            self.box(x - half, y - half, _SPACE, _SPACE, fill, class_="space", data_code=code)
            self.text(
                x, y + 3.3, code.lower(), size=8, anchor="middle", fill_opacity=0.6, class_="label"
            )

    def tile(self, x: float, y: float, zone: str) -> None:
        """The starting player tile centred on (x, y)."""
        node = self.element(
            "rect", x=x - 8, y=y - 8, width=16, height=16, rx=3, fill="#ffffff", stroke=_INK
        )
        node.set("class", "tile")
        node.set("data-zone", zone)
        self.text(x, y + 4, "1", size=11, anchor="middle", font_weight="bold")


def _pieces(counts: tuple[int, ...]) -> list[int]:
    """Counts per colour as a list of single pieces, in colour order."""
    return [colour for colour, n in enumerate(counts) for _ in range(n)]


def _header(
    c: _Canvas,
    state: GameState,
    y: int,
    names: Sequence[str],
    last: Action | None,
    before: GameState | None,
) -> int:
    table = state.components
    rnd = state.round
    if state.is_over:
        status = f"Game over after round {roman(rnd)}"
    else:
        assert state.round_colour is not None
        colour = table.colour_names[state.round_colour]
        status = f"Round {roman(rnd)} ({colour}) · {names[state.turn]} to play"
    c.text(_MARGIN, y + 14, f"Side {state.side} · {status}", size=15, font_weight="bold")
    lines = []
    if last is not None:
        if before is not None:
            words = "Last move: " + describe_move(before, last, names)
        else:
            from sintra_rules.games.sintra.notation import action_to_text

            words = f"Last move: {action_to_text(last, table)}"
        lines += [("last-move", line) for line in textwrap.wrap(words, _HEADER_CHARS)]
    if state.is_over:
        lines.append(("result", _result(state, names)))
    for index, (kind, words) in enumerate(lines):
        c.text(_MARGIN, y + 34 + 16 * index, words, size=12, class_=kind)
    # Round indicator: spaces I..VI, the remaining pieces from the current round's space on.
    x0 = _WIDTH - _MARGIN - table.rounds * 30
    first = table.rounds - len(state.indicator)
    for space in range(table.rounds):
        x = x0 + space * 30 + 15
        c.space(x, y + 14, None)
        c.text(x, y + 36, roman(space + 1), size=9, anchor="middle")
        if space >= first:
            c.piece(x, y + 14, state.indicator[space - first], "indicator", round=space + 1)
    c.text(x0 - 6, y + 18, "Round indicator", size=10, anchor="end")
    return y + 46 + 16 * len(lines)


def _result(state: GameState, names: Sequence[str]) -> str:
    """The final scores and the winners of a finished game (WIN-01 to WIN-03)."""
    from sintra_rules.games.sintra.scoring import outcome

    result = outcome(state)
    scores = ", ".join(f"{name} {score}" for name, score in zip(names, result.scores, strict=True))
    winners = " and ".join(names[seat] for seat in result.winners)
    verb = "win" if len(result.winners) > 1 else "wins"
    return f"Final scores: {scores} · {winners} {verb}"


def _factories(c: _Canvas, state: GameState, y: int) -> int:
    table = state.components
    cy = y + _FACTORY_R + 2
    offsets = ((-8, -8), (8, -8), (-8, 8), (8, 8))
    for index, display in enumerate(state.factories):
        cx = _MARGIN + _FACTORY_R + index * _FACTORY_STEP
        c.element("circle", cx=cx, cy=cy, r=_FACTORY_R, fill="#e9e4da", stroke=_LINE)
        c.text(cx, cy + _FACTORY_R + 12, str(index + 1), size=10, anchor="middle")
        for slot, colour in enumerate(_pieces(display)):
            dx, dy = offsets[slot % len(offsets)] if slot < len(offsets) else (0, 0)
            c.piece(cx + dx, cy + dy, colour, f"factory-{index}")
    c.text(_MARGIN, y + 2 * _FACTORY_R + 28, "Centre", size=11, font_weight="bold")
    y += 2 * _FACTORY_R + 34
    pieces = _pieces(state.centre)
    slots = len(pieces) + (state.tile is None)
    rows = max(1, math.ceil(slots / _PER_ROW))
    height = rows * 18 + 6
    width = _PER_ROW * 18 + 6
    c.box(_MARGIN, y, width, height, "#efebe3")
    spots = [
        (_MARGIN + 12 + (i % _PER_ROW) * 18, y + 12 + (i // _PER_ROW) * 18) for i in range(slots)
    ]
    if state.tile is None:
        c.tile(*spots.pop(0), "centre")
    for (x, py), colour in zip(spots, pieces, strict=True):
        c.piece(x, py, colour, "centre")
    # Bag and tower: counts per colour.
    sx = _MARGIN + width + 16
    for row, (label, counts) in enumerate((("Bag", state.bag), ("Tower", state.tower))):
        ry = y + 12 + row * 22
        c.text(sx, ry + 4, label, size=11)
        for colour, n in enumerate(counts):
            code = table.colour_codes[colour]
            x = sx + 44 + colour * 30
            node = c.element(
                "g", class_="supply", data_zone=label.lower(), data_colour=code, data_count=n
            )
            c.element(
                "rect",
                node,
                x=x - 6,
                y=ry - 6,
                width=12,
                height=12,
                rx=2,
                fill=_fill(table, code),
                stroke=_INK,
                stroke_width=0.6,
            )
            label_node = c.element("text", node, x=x + 8, y=ry + 4, font_size=10, fill=_INK)
            label_node.text = str(n)
    return y + max(height, 44) + 12


def _palace(c: _Canvas, state: GameState, seat: int, y: int, name: str) -> int:
    table = state.components
    player = state.players[seat]
    values = table.window_values(state.side)
    notes = []
    if seat == state.turn and not state.is_over:
        notes.append("to play")
    if seat == state.starter:
        notes.append("started the round")
    heading = name + (f" ({', '.join(notes)})" if notes else "")
    c.text(_MARGIN, y + 14, heading, size=13, font_weight="bold")
    if state.tile == seat:
        c.tile(_MARGIN + 8 * _COLUMN - 8, y + 10, f"player-{seat}")
    top = y + 34
    strip_y = top + 16
    window_y = strip_y + 5 * _SPACE + 12
    for slot in range(len(player.strips)):
        cx = _MARGIN + slot * _COLUMN + _COLUMN / 2
        c.text(cx, top - 4, str(slot + 1), size=10, anchor="middle", class_="slot-number")
        if slot == player.glazier:
            c.element(
                "path",
                d=f"M{cx - 6},{top} h12 l-6,10 z",
                fill=_INK,
                class_="glazier",
                data_player=seat,
                data_slot=slot,
            )
        _strip(c, state, player, seat, slot, cx, strip_y)
        for frame, piece in enumerate(player.windows[slot]):
            py = window_y + _SPACE / 2 + frame * (_SPACE + 2)
            c.space(cx, py, None)
            if piece is not None:
                c.piece(
                    cx,
                    py,
                    piece,
                    "window",
                    player=seat,
                    slot=slot,
                    frame=("top", "bottom")[frame],
                )
        c.text(cx, window_y + 2 * _SPACE + 16, str(values[slot]), size=11, anchor="middle")
    if state.side == "A":
        for ornament in table.ornaments:
            if len(ornament) == 2 and abs(ornament[0] - ornament[1]) == 1:
                ox = _MARGIN + max(ornament) * _COLUMN
                oy = window_y + _SPACE + 1
                c.element(
                    "path",
                    d=f"M{ox},{oy - 5} l4,5 l-4,5 l-4,-5 z",
                    fill="#c9a227",
                    class_="ornament",
                )
    _track(c, state, player, seat, _MARGIN + 8 * _COLUMN + 24, top - 10)
    return window_y + 2 * _SPACE + 28


def _strip(
    c: _Canvas, state: GameState, player: PlayerState, seat: int, slot: int, cx: float, y: float
) -> None:
    """The strip in ``slot``: its spaces top to bottom, with the pieces on them."""
    strip = player.strips[slot]
    if strip is None:
        c.element(
            "rect",
            x=cx - _SPACE / 2 - 2,
            y=y - 2,
            width=_SPACE + 4,
            height=5 * _SPACE + 4,
            fill="none",
            stroke=_LINE,
            stroke_dasharray="3 3",
            class_="empty-slot",
        )
        return
    codes = state.components.strips[strip.strip_id][strip.face]
    # Pieces of colour k fill the spaces of code k first, then joker pieces fill joker spaces.
    waiting = {state.components.colour_codes[k]: n for k, n in enumerate(strip.filled)}
    on_jokers = _pieces(strip.jokers)
    for index, code in enumerate(codes):
        sy = y + index * _SPACE + _SPACE / 2
        c.space(cx, sy, code)
        colour: int | None = None
        if code == JOKER_CODE:
            colour = on_jokers.pop(0) if on_jokers else None
        elif waiting.get(code):
            waiting[code] -= 1
            colour = state.components.colour_codes.index(code)
        if colour is not None:
            c.piece(cx, sy, colour, "strip", code == JOKER_CODE, player=seat, slot=slot)


def _track(
    c: _Canvas, state: GameState, player: PlayerState, seat: int, x: float, y: float
) -> None:
    """Score, the broken glass track with the player's marker, and points lost to it."""
    track = state.components.track
    c.text(x, y + 14, f"Score {player.score}", size=14, font_weight="bold")
    c.text(x, y + 40, "Broken glass track", size=10)
    step = 28
    for index, value in enumerate(track):
        bx = x + index * step
        c.box(bx, y + 46, step - 3, 20, "#f1e3e3" if index else "#e3f1e5")
        c.text(bx + (step - 3) / 2, y + 60, str(value), size=10, anchor="middle")
        if index == player.marker:
            c.element(
                "circle",
                cx=bx + (step - 3) / 2,
                cy=y + 76,
                r=5,
                fill=_INK,
                class_="marker",
                data_player=seat,
                data_track=index,
            )
    c.text(x, y + 102, f"Points lost to the track: {player.points_lost}", size=10)


def state_to_svg(
    state: GameState,
    *,
    width: int | None = None,
    names: Sequence[str] | None = None,
    last: Action | None = None,
    before: GameState | None = None,
) -> str:
    """The SVG picture of ``state``, as a standalone document (a ``str``).

    Args:
        state: the position.
        width: scale the picture to that many pixels wide (the height follows); by default it
        is drawn at its natural size.
        names: the players' names, in seat order (default ``Player 1``, ``Player 2``, ...).
        last: the move that led to ``state``, written under the heading: in words with who
        played it and its notation when ``before`` is given (ENG-04), else in notation.
        before: the position ``last`` was played from.

    Returns:
        The SVG document. Colours come from :data:`FILLS` by the table's colour codes.

    Raises:
        ValueError: ``names`` does not hold one name per player.
    """
    if names is None:
        names = player_names(len(state.players))
    if len(names) != len(state.players):
        raise ValueError(f"{len(names)} names for {len(state.players)} players")
    canvas = _Canvas(state.components)
    canvas.element("rect", x=0, y=0, width="100%", height="100%", fill=_PAPER, class_="background")
    y = _header(canvas, state, _MARGIN, names, last, before)
    y = _factories(canvas, state, y + 8)
    for seat in range(len(state.players)):
        canvas.element("line", x1=_MARGIN, x2=_WIDTH - _MARGIN, y1=y, y2=y, stroke="#d6d1c7")
        y = _palace(canvas, state, seat, y + 6, names[seat])
    return svg.document(
        canvas.root,
        natural_width=_WIDTH,
        height=y + _MARGIN,
        width=width,
        title=f"Azul: Stained Glass of Sintra, {len(state.players)} players, round {state.round}",
    )
