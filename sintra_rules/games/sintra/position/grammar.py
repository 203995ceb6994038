"""The words of Sintra's one-line position notation (ENG-21): its version and fields, the
colour codes and pieces, the strips and slots of a player's field, seats and the pending chance
step, each failure naming the field, the character and the clause.

The notation itself is described in :mod:`sintra_rules.games.sintra.position`.
"""

from __future__ import annotations

from typing import cast

from sintra_rules._formats.position import LineText, show
from sintra_rules.games.sintra.components import (
    JOKER_CODE,
    ComponentTable,
)
from sintra_rules.games.sintra.state import (
    ChanceKind,
    ChanceStep,
    PlayerState,
    Strip,
    Window,
)

__all__ = ["TAG", "VERSION"]

#: The version of the notation this module reads and writes (ENG-21).
VERSION = 1
#: The first field of every position: the notation's name and version.
TAG = f"sintra{VERSION}"

_CENTRE = "C"
_NONE = "-"
_GLAZIER = "@"
_ON_JOKER = "*"
_WINDOW = "="
_SLOTS = "/"
_HEAD = ("side", "indicator", "turn", "starter", "tile", "factories", "centre")
_POOLS = ("bag", "tower")


_Text = LineText
_show = show


def _number(
    src: _Text, field: str, at: int, text: str, clause: str, *, signed: bool = False
) -> int:
    """A decimal integer written without leading zeros (and ``-0``)."""
    body = text[1:] if signed and text.startswith("-") else text
    if not body or not (body.isascii() and body.isdigit()):
        src.fail(field, at, clause, f"expected a whole number, found {_show(text)}")
    if (len(body) > 1 and body[0] == "0") or text == "-0":
        src.fail(field, at, clause, f"{_show(text)} is not written as a plain number")
    if len(body) > 6:
        src.fail(field, at, clause, f"{_show(text)} is far too large for this game")
    return int(text)


def _colour(src: _Text, field: str, at: int, char: str, table: ComponentTable) -> int:
    codes = table.colour_codes
    if char in codes:
        return codes.index(char)
    if char.upper() in codes:
        src.fail(field, at, "FIG-01", f"colour codes are capital letters: write {char.upper()!r}")
    src.fail(field, at, "FIG-01", f"unknown colour code {char!r} (the codes are {' '.join(codes)})")


def _pieces(src: _Text, field: str, at: int, text: str, table: ComponentTable) -> tuple[int, ...]:
    """Pieces per colour from ``-`` or codes each optionally preceded by a count."""
    counts = [0] * table.colours
    if text == _NONE:
        return tuple(counts)
    if not text:
        src.fail(field, at, "FIG-01", f"no pieces written: write {_NONE!r} for none")
    pos = 0
    while pos < len(text):
        start = pos
        while pos < len(text) and text[pos].isascii() and text[pos].isdigit():
            pos += 1
        number = 1
        if pos > start:
            number = _number(src, field, at + start, text[start:pos], "FIG-02")
            if number == 0:
                src.fail(field, at + start, "FIG-02", "a count is at least 1: leave the colour out")
            if pos == len(text):
                src.fail(field, at + start, "FIG-01", f"the count {number} needs a colour code")
        counts[_colour(src, field, at + pos, text[pos], table)] += number
        pos += 1
    return tuple(counts)


def _side_index(table: ComponentTable) -> dict[str, list[tuple[int, int]]]:
    """Every printed strip side's spaces (FIG-09) and the (strip, side) pairs that read so."""
    found: dict[str, list[tuple[int, int]]] = {}
    for strip_id, sides in enumerate(table.strips):
        for side, spaces in enumerate(sides):
            found.setdefault(spaces, []).append((strip_id, side))
    return found


def _strip(src: _Text, field: str, at: int, text: str, table: ComponentTable) -> tuple[Strip, int]:
    """A strip written space by space, with an optional ``(N.S)`` prefix; returns the strip
    and the number of characters read."""
    codes = table.colour_codes
    named: tuple[int, int] | None = None
    pos = 0
    if text.startswith("("):
        close = text.find(")")
        inner = text[1:close] if close > 0 else ""
        parts = inner.split(".")
        if close < 0 or len(parts) != 2:
            src.fail(field, at, "FIG-09", "a strip number is written '(N.S)': strip N, side S")
        number = _number(src, field, at + 1, parts[0], "FIG-09")
        face = _number(src, field, at + 2 + len(parts[0]), parts[1], "FIG-09")
        if not 1 <= number <= len(table.strips) or face not in (1, 2):
            src.fail(
                field,
                at,
                "FIG-09",
                f"there is no strip {number} side {face} (FIG-09 numbers "
                f"the strips 1 to {len(table.strips)}, each with sides 1 and 2)",
            )
        named = (number - 1, face - 1)
        pos = close + 1
    spaces_at = pos
    pattern: list[str] = []
    filled = [0] * table.colours
    jokers = [0] * table.colours
    while pos < len(text) and text[pos] != _WINDOW:
        char = text[pos]
        if char == JOKER_CODE.lower():
            pattern.append(JOKER_CODE)
        elif char == JOKER_CODE:
            src.fail(
                field,
                at + pos,
                "PLACE-06",
                f"an empty joker space is written {JOKER_CODE.lower()!r}; a piece on a joker "
                f"space is its colour code and {_ON_JOKER!r}, e.g. {codes[-1] + _ON_JOKER!r}",
            )
        elif char in codes and text[pos + 1 : pos + 2] == _ON_JOKER:
            jokers[codes.index(char)] += 1
            pattern.append(JOKER_CODE)
            pos += 1
        elif char in codes:
            filled[codes.index(char)] += 1
            pattern.append(char)
        elif char.upper() in codes:
            pattern.append(char.upper())
        else:
            src.fail(
                field,
                at + pos,
                "FIG-09",
                f"{char!r} is not a space: write a colour code (a piece), the code in lower "
                f"case (an empty space), {JOKER_CODE.lower()!r} or a code and {_ON_JOKER!r}",
            )
        pos += 1
    spaces = "".join(pattern)
    matches = _side_index(table).get(spaces, [])
    if not matches:
        size = len(table.strips[0][0])
        src.fail(
            field,
            at + spaces_at,
            "FIG-09",
            f"no strip side of the component table reads {spaces!r} (a side has {size} spaces)",
        )
    if named is not None:
        if named not in matches:
            src.fail(
                field,
                at,
                "FIG-09",
                f"strip {named[0] + 1} side {named[1] + 1} reads "
                f"{table.strips[named[0]][named[1]]!r}, not {spaces!r}",
            )
        strip_id, face = named
    elif len(matches) > 1:
        src.fail(
            field,
            at,
            "FIG-09",
            f"{len(matches)} strip sides read {spaces!r}: say which with '(N.S)', e.g. "
            f"'({matches[0][0] + 1}.{matches[0][1] + 1}){text[spaces_at:pos]}'",
        )
    else:
        strip_id, face = matches[0]
    if sum(filled) + sum(jokers) == len(spaces):
        src.fail(
            field,
            at + spaces_at,
            "DONE-01",
            "the strip is full, but a completed strip is resolved at once",
        )
    return Strip(strip_id, face, tuple(filled), tuple(jokers)), pos


def _slot(
    src: _Text, field: str, at: int, text: str, table: ComponentTable
) -> tuple[bool, Strip | None, Window]:
    """One slot: the glazier mark, the strip (or ``None``) and the window."""
    glazier = text.startswith(_GLAZIER)
    pos = 1 if glazier else 0
    strip: Strip | None = None
    if text[pos:].startswith(_NONE):
        pos += 1
    elif pos == len(text) or text[pos] == _WINDOW:
        src.fail(field, at + pos, "FIG-09", f"expected a strip's spaces or {_NONE!r} (no strip)")
    else:
        strip, used = _strip(src, field, at + pos, text[pos:], table)
        pos += used
    window: Window = (None, None)
    if pos < len(text):
        if text[pos] != _WINDOW:
            src.fail(
                field,
                at + pos,
                "DONE-04",
                f"unexpected {text[pos]!r}: the window follows the strip as '=' and its pieces",
            )
        pieces = text[pos + 1 :]
        if not 1 <= len(pieces) <= 2:
            src.fail(
                field,
                at + pos,
                "DONE-05",
                "a window holds 1 or 2 pieces (top, then bottom frame space); leave out '=' "
                "for an empty one",
            )
        top = _colour(src, field, at + pos + 1, pieces[0], table)
        bottom = _colour(src, field, at + pos + 2, pieces[1], table) if len(pieces) == 2 else None
        window = (top, bottom)
    if (strip is None) != (window[1] is not None):
        src.fail(
            field,
            at + (1 if glazier else 0),
            "DONE-05",
            "a slot is empty exactly when its window is complete: the strip leaves the board "
            "when the bottom frame space is filled",
        )
    return glazier, strip, window


def _player(src: _Text, seat: int, at: int, text: str, table: ComponentTable) -> PlayerState:
    """``pN:score=S,track=T[,lost=L]:SLOTS`` after its ``pN:`` label."""
    name = f"player {seat + 1}"
    colon = text.find(":")
    if colon < 0:
        src.fail(name, at, "SCORE-01", "expected 'score=S,track=T:' and the slots")
    markers, slots_text = text[:colon], text[colon + 1 :]
    values: dict[str, tuple[str, int]] = {}
    offset = 0
    for item in markers.split(","):
        key, eq, value = item.partition("=")
        if not eq or key not in ("score", "track", "lost"):
            src.fail(
                name,
                at + offset,
                "SCORE-01",
                f"expected score=S, track=T or lost=L, found {_show(item)}",
            )
        if key in values:
            src.fail(name, at + offset, "SCORE-01", f"{key} is given twice")
        values[key] = (value, at + offset + len(key) + 1)
        offset += len(item) + 1
    order = [key for key in ("score", "track", "lost") if key in values]
    for key in ("score", "track"):
        if key not in values:
            src.fail(name, at, "SCORE-01" if key == "score" else "TRACK-01", f"{key}= is missing")
    if order != list(values):
        src.fail(name, at, "SCORE-01", "write score, track and lost in this order")
    score = _number(
        src, f"{name} score", values["score"][1], values["score"][0], "SCORE-01", signed=True
    )
    track_value = _number(
        src, f"{name} track", values["track"][1], values["track"][0], "TRACK-01", signed=True
    )
    spaces = table.track[:-1]  # the marker never rests on the bottom space (TRACK-03)
    if track_value not in spaces:
        clause = "TRACK-03" if track_value == table.track[-1] else "TRACK-01"
        src.fail(
            f"{name} track",
            values["track"][1],
            clause,
            f"the marker stands on one of the spaces {' '.join(map(str, spaces))}, "
            f"got {track_value}",
        )
    track = spaces.index(track_value)
    bottom = -table.track[-1]
    lost = -track_value
    if "lost" in values:
        value, lost_at = values["lost"]
        lost = _number(src, f"{name} lost", lost_at, value, "TRACK-04")
        if lost < -track_value or (lost + track_value) % bottom:
            src.fail(
                f"{name} lost",
                lost_at,
                "TRACK-04",
                f"points lost are {bottom} per trip round the track plus the {-track_value} of "
                f"the marker's space, got {lost}",
            )
    slot_texts = slots_text.split(_SLOTS)
    if len(slot_texts) != table.windows:
        src.fail(
            name,
            at + colon + 1,
            "FIG-04",
            f"a palace has {table.windows} slots separated by '/', got {len(slot_texts)}",
        )
    strips: list[Strip | None] = []
    windows: list[Window] = []
    glaziers: list[int] = []
    seen: dict[int, int] = {}
    pos = at + colon + 1
    for slot, slot_text in enumerate(slot_texts):
        where = f"{name} slot {slot + 1}"
        if not slot_text:
            src.fail(where, pos, "FIG-09", f"empty slot text: write {_NONE!r} for no strip")
        glazier, strip, window = _slot(src, where, pos, slot_text, table)
        if glazier:
            glaziers.append(slot)
        if strip is not None:
            if strip.strip_id in seen:
                src.fail(
                    where,
                    pos,
                    "SETUP-03",
                    f"strip {strip.strip_id + 1} is also in slot {seen[strip.strip_id] + 1}: "
                    "each player has one of each strip",
                )
            seen[strip.strip_id] = slot
        strips.append(strip)
        windows.append(window)
        pos += len(slot_text) + 1
    if len(glaziers) != 1:
        src.fail(
            name,
            at + colon + 1,
            "PLACE-03",
            f"mark the one slot the glazier stands above with {_GLAZIER!r} (found {len(glaziers)})",
        )
    return PlayerState(
        strips=tuple(strips),
        glazier=glaziers[0],
        windows=tuple(windows),
        score=score,
        marker=track,
        points_lost=lost,
    )


def _seat(src: _Text, field: str, at: int, text: str, players: int, clause: str) -> int:
    seat = _number(src, field, at, text, clause)
    if not 1 <= seat <= players:
        src.fail(field, at, clause, f"players are numbered 1 to {players}, got {seat}")
    return seat - 1


_CHANCE_PLACES: dict[str, int] = {"strip": 2, "face": 2, "indicator": 1, "first": 0, "fill": 0}


def _chance(src: _Text, at: int, text: str, players: int, table: ComponentTable) -> ChanceStep:
    """``chance:KIND[.N[.M]]``: the pending chance step (ENG-07), player and slot (or the
    indicator's shuffle position) counted from 1."""
    kind, *places = text.split(".")
    if kind not in _CHANCE_PLACES:
        src.fail(
            "chance",
            at,
            "ENG-07",
            f"the kind is one of {', '.join(_CHANCE_PLACES)}, got {_show(kind)}",
        )
    if len(places) != _CHANCE_PLACES[kind]:
        src.fail(
            "chance",
            at,
            "ENG-07",
            f"a {kind} step is written {kind}"
            + {2: ".PLAYER.SLOT", 1: ".N", 0: ""}[_CHANCE_PLACES[kind]],
        )
    numbers = []
    pos = at + len(kind) + 1
    for place in places:
        numbers.append(_number(src, "chance", pos, place, "ENG-07"))
        pos += len(place) + 1
    if kind in ("strip", "face"):
        seat, slot = numbers
        low = 2 if kind == "strip" else 1  # slot 1 receives the last strip without a step
        if not 1 <= seat <= players or not low <= slot <= table.windows:
            src.fail(
                "chance",
                at,
                "ENG-07",
                f"a {kind} step is for player 1 to {players} and slot {low} to {table.windows}",
            )
        return ChanceStep(cast(ChanceKind, kind), seat - 1, slot - 1)
    if kind == "indicator":
        (index,) = numbers
        if not 2 <= index <= table.colours:
            src.fail(
                "chance",
                at,
                "ENG-07",
                f"an indicator step is for shuffle positions 2 to {table.colours}",
            )
        return ChanceStep("indicator", 0, index - 1)
    return ChanceStep(cast(ChanceKind, kind))
