"""The one-line position notation, the FEN of this game (ENG-21 to ENG-23), read and written.

(A position set up from keyword arguments is :mod:`sintra_rules.games.sintra.builder`'s concern.)

A position is one line of text that a person can read off a real table and type, and that
the engine reads back into the same position (ENG-09): the written position has no generator
(ENG-23). Factories, slots, windows and seats are counted from 1, as in the
rulebook, the action notation (ENG-04) and the command line; colours are the one-letter codes
of the component table (FIG-01). Version 1 reads::

    sintra1 side:A indicator:YOPB turn:1 starter:1 tile:C factories:BGOO/-/-/-/- centre:-
      p1:score=0,track=0:bbbgo/bbgop/ooopy/@pppyb/yyybg/PPYYg/oopyb=O/yybgo=B
      p2:score=0,track=0:@bbbgo/gggop/ooopy/pppyb/yyybg/bbgop/oopyb/yybgo

(one line; it is folded here). Fields are separated by single spaces, in this order:

``sintra1``
    the notation and its version (ENG-21).
``side:A``
    the board side, ``A`` or ``B`` (SETUP-02).
``indicator:YOPB``
    the pieces left on the round indicator, the current round's first (ROUND-05): 4 pieces
    left is round III of VI; ``-`` once the game is over (END-02).
``turn:1`` / ``starter:1``
    the player to act, and the player who started the round (ENG-01, ROUND-02).
``tile:C``
    where the starting player tile is: ``C`` in the centre, or the player holding it (TAKE-03).
``factories:BGOO/-/-/-/-``
    each factory display's pieces, display 1 first, ``-`` for an empty one (SETUP-01).
``centre:3BG2O``
    the centre's pieces (TAKE-02).
``bag:…`` and ``tower:…`` (optional)
    the bag's and the glass tower's pieces. When one is left out it is what remains of the 20
    pieces of each colour (COMP-01); when both are, the tower is empty and the bag holds the
    rest. The writer never writes the bag and writes the tower when it is not empty.
``chance:fill`` (only while a chance step is pending, ENG-07)
    the random step the state waits for: ``fill``, ``first``, ``indicator.N``, ``strip.P.K``
    or ``face.P.K`` (ENG-23).
``p1:score=7,track=-2,lost=20:SLOTS`` (one per player, in seat order)
    the score (SCORE-01), the value of the broken glass track space the marker stands on
    (TRACK-01) and the points lost via the track (TRACK-04; ``,lost=N`` is left out when it is
    just the magnitude of that space, that is before any trip round the track), then the 8
    slots separated by ``/``, slot 1 first.

Pieces are colour codes; a code may be preceded by a count (``3BG2O`` is three blue, a green
and two orange, like ``BBBGOO``). The writer repeats codes on factory displays and uses counts
elsewhere, colours in table order; the reader takes any order.

A slot is ``[@][(N.S)]STRIP[=WINDOW]``:

* ``@`` marks the slot the glazier stands above (one per player; PLACE-03);
* the strip is the printed side that is face up, space by space as printed (FIG-09): a lower
  case code is an empty space of that colour, an upper case code a piece on a space of its
  colour, ``j`` an empty joker space and a code followed by ``*`` a piece of that colour on a
  joker space (PLACE-06); ``-`` once the strip has left the board (DONE-05). The state does not
  record which space of a colour holds a piece: the writer puts them on the leftmost ones, the
  reader accepts them on any. The spaces identify the strip; ``(N.S)`` (strip N of FIG-09,
  side S) is needed only with a component table in which two strip sides read the same;
* ``=O`` / ``=OP`` the pieces on the window's top and bottom frame spaces (DONE-04, DONE-05).

Reading checks everything the JSON state loader checks, and raises
:class:`~sintra_rules.errors.PositionError` naming the field, the character position and the
clause: nothing half-built is returned.

>>> text = (
...     "sintra1 side:A indicator:YOPB turn:1 starter:1 tile:C factories:BGOO/-/-/-/- centre:- "
...     "p1:score=0,track=0:bbbgo/bbgop/ooopy/@pppyb/yyybg/PPYYg/oopyb=O/yybgo=B "
...     "p2:score=0,track=0:@bbbgo/gggop/ooopy/pppyb/yyybg/bbgop/oopyb/yybgo"
... )
>>> state = position_from_text(text)
>>> state.round, state.players[0].glazier, state.players[0].windows[6]
(3, 3, (2, None))
>>> position_to_text(state) == text
True
>>> position_from_text(text.replace("PPYYg", "PPYYGg"))
Traceback (most recent call last):
...
sintra_rules.errors.PositionError: bad position: player 1 slot 6, character 137: no strip side \
of the component table reads 'PPYYGG' (a side has 5 spaces) (FIG-09)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

import attrs

from sintra_rules._formats.position import LineText, line_words, show
from sintra_rules.errors import PositionError
from sintra_rules.games.sintra.components import (
    JOKER_CODE,
    ComponentTable,
    Side,
    table_or_default,
)
from sintra_rules.games.sintra.state import (
    ChanceKind,
    ChanceStep,
    GameState,
    PlayerState,
    Strip,
    Window,
)

__all__ = [
    "TAG",
    "VERSION",
    "position_from_text",
    "position_to_text",
]

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


def _check_chance(
    src: _Text, state: GameState, at: int, fields: Mapping[str, tuple[int, str]]
) -> None:
    """A state waiting for a chance step is one the steps of ENG-07 can reach."""
    table = state.components
    step = state.chance
    assert step is not None
    if any(state.centre) or state.tile is not None:
        src.fail(
            "chance",
            at,
            "ENG-07",
            "while displays are filled the centre is empty and the tile lies there",
        )
    if step.kind != "fill":
        if any(map(any, state.factories)) or len(state.indicator) != table.colours:
            src.fail(
                "chance",
                at,
                "ENG-07",
                f"a {step.kind} step of setup comes before any "
                "display is filled, with the colours on indicator spaces II to VI",
            )
        if any(s is None for p in state.players for s in p.strips):
            src.fail("chance", at, "SETUP-03", "during setup every slot holds its strip")
        return
    capacity, drawn = table.factory_capacity, sum(map(sum, state.factories))
    expected = [min(capacity, max(0, drawn - i * capacity)) for i in range(len(state.factories))]
    if [sum(f) for f in state.factories] != expected or drawn == capacity * len(expected):
        src.fail(
            "factories",
            fields["factories"][0],
            "ENG-03",
            "a fill draws onto the displays in order until all are full",
        )
    if not (any(state.bag) or any(state.tower)) or not state.indicator:
        src.fail("chance", at, "END-05", "nothing is left to draw, or the game is over")


def position_from_text(text: str, components: ComponentTable | None = None) -> GameState:
    """Read a position written in the one-line notation (ENG-21, ENG-22) with the colour codes,
    strips and figures of ``components`` (default: the shipped table).

    The state has no generator (ENG-23, ENG-09): the draws to come are not part of the
    position, and two spellings of one position give equal states. Continue it with supplied
    chance outcomes (:func:`sintra_rules.games.sintra.chance.apply_chance`) or give it a generator
    of your choice (:func:`sintra_rules.games.sintra.chance.determinize`).

    Args:
        text: the position, one line (see the module docstring).
        components: the component table the position is played with.

    Returns:
        The position as a :class:`~sintra_rules.games.sintra.state.GameState`.

    Raises:
        PositionError: the text is malformed or describes an impossible position; the error
        names the field, the 1-based character position and the clause.

    >>> position_from_text("sintra2 side:A")
    Traceback (most recent call last):
    ...
    sintra_rules.errors.PositionError: bad position: version, character 1: unknown notation \
version 'sintra2' (this library reads 'sintra1') (ENG-21)
    """
    if not isinstance(text, str):
        raise PositionError(
            repr(text), "text", 0, "ENG-21", f"expected a string, not {type(text).__name__}"
        )
    table = table_or_default(components)
    src = _Text(text)
    words = line_words(src, "ENG-21", TAG)
    first = words[0][1]
    if first != TAG:
        if first.startswith("sintra"):
            src.fail(
                "version",
                0,
                "ENG-21",
                f"unknown notation version {_show(first)} (this library reads {TAG!r})",
            )
        src.fail("version", 0, "ENG-21", f"a position starts with {TAG!r}, found {_show(first)}")
    fields: dict[str, tuple[int, str]] = {}
    rest = words[1:]
    for label in _HEAD:
        if not rest:
            src.fail(label, len(text), "ENG-21", f"the text ends before '{label}:'")
        at, word = rest.pop(0)
        if not word.startswith(label + ":"):
            src.fail(label, at, "ENG-21", f"expected '{label}:' here, found {_show(word)}")
        fields[label] = (at + len(label) + 1, word[len(label) + 1 :])
    pools: dict[str, tuple[int, str]] = {}
    for label in _POOLS:
        if rest and rest[0][1].startswith(label + ":"):
            at, word = rest.pop(0)
            pools[label] = (at + len(label) + 1, word[len(label) + 1 :])
    chance_field: tuple[int, str] | None = None
    if rest and rest[0][1].startswith("chance:"):
        at, word = rest.pop(0)
        chance_field = (at + len("chance:"), word[len("chance:") :])
    # The players are counted up to the first word that is not the next player's: a fault
    # there is reported once every field before it has been read, so that the first problem
    # in the line is the one reported.
    players: list[tuple[int, str]] = []
    stray: tuple[str, int, str] | None = None
    for at, word in rest:
        label = f"p{len(players) + 1}:"
        if not word.startswith(label):
            expected = f"'{label}'" if players else "'bag:', 'tower:', 'chance:' or 'p1:'"
            stray = (
                f"player {len(players) + 1}",
                at,
                f"expected {expected} here, found {_show(word)}",
            )
            break
        players.append((at + len(label), word[len(label) :]))

    def read_stray() -> None:
        if stray is not None:
            src.fail(stray[0], stray[1], "ENG-21", stray[2])

    at, value = fields["side"]
    if value not in ("A", "B"):
        src.fail("side", at, "SETUP-02", f"the board side is 'A' or 'B', got {_show(value)}")
    side: Side = "A" if value == "A" else "B"

    at, value = fields["indicator"]
    indicator: tuple[int, ...] = ()
    if value != _NONE:
        if not value:
            src.fail("indicator", at, "ROUND-05", f"write {_NONE!r} once the game is over")
        indicator = tuple(_colour(src, "indicator", at + i, c, table) for i, c in enumerate(value))
    if len(indicator) > table.rounds:
        src.fail(
            "indicator",
            at,
            "ROUND-01",
            f"the round indicator holds at most {table.rounds} pieces, got {len(indicator)}",
        )
    later = indicator[1:] if len(indicator) == table.rounds else indicator
    if len(set(later)) != len(later):
        src.fail(
            "indicator",
            at,
            "SETUP-08",
            "rounds II to VI have one piece of each colour: a colour is there twice",
        )

    count = len(players)
    if count not in table.player_counts:
        read_stray()  # the count is wrong because a player's field is
        counts = table.player_counts
        src.fail(
            "players",
            len(text) if not players else players[0][0] - 3,
            "COMP-02",
            f"the game is for {min(counts)} to {max(counts)} players, got {count}",
        )
    turn = _seat(src, "turn", *fields["turn"], count, "ENG-01")
    starter = _seat(src, "starter", *fields["starter"], count, "ENG-01")
    at, value = fields["tile"]
    tile = None if value == _CENTRE else _seat(src, "tile", at, value, count, "TAKE-03")

    at, value = fields["factories"]
    displays = value.split(_SLOTS)
    wanted = table.factories_for(count)
    if len(displays) != wanted:
        src.fail(
            "factories",
            at,
            "SETUP-01",
            f"{count} players play with {wanted} factory displays separated by '/', "
            f"got {len(displays)}",
        )
    factories: list[tuple[int, ...]] = []
    for index, display in enumerate(displays):
        where = f"factory display {index + 1}"
        pieces = _pieces(src, where, at, display, table)
        if sum(pieces) > table.factory_capacity:
            src.fail(
                where,
                at,
                "SETUP-09",
                f"{sum(pieces)} pieces on a display that holds {table.factory_capacity}",
            )
        factories.append(pieces)
        at += len(display) + 1
    centre = _pieces(src, "centre", *fields["centre"], table)
    given = {label: _pieces(src, label, at, value, table) for label, (at, value) in pools.items()}

    seats = tuple(_player(src, seat, at, value, table) for seat, (at, value) in enumerate(players))
    read_stray()
    state = GameState(
        components=table,
        side=side,
        players=seats,
        turn=turn,
        starter=starter,
        tile=tile,
        bag=(0,) * table.colours,
        tower=(0,) * table.colours,
        factories=tuple(factories),
        centre=centre,
        indicator=indicator,
        rng=None,
    )
    placed = state.piece_counts()
    bag, tower = given.get("bag"), given.get("tower")
    if bag is None and tower is None:
        tower = (0,) * table.colours
    per = table.pieces_per_colour
    for c, n in enumerate(placed):
        extra = n + (bag[c] if bag is not None else 0) + (tower[c] if tower is not None else 0)
        if extra > per or (bag is not None and tower is not None and extra != per):
            name = table.colour_names[c]
            field = "bag" if bag is not None else ("tower" if "tower" in pools else "text")
            at = pools[field][0] if field in pools else 0
            src.fail(
                field,
                at,
                "COMP-01",
                f"{extra} {name} pieces are written, the game has {per} of each colour",
            )
    missing = tuple(per - n for n in placed)
    if bag is None:
        assert tower is not None
        bag = tuple(m - t for m, t in zip(missing, tower, strict=True))
    if tower is None:
        tower = tuple(m - b for m, b in zip(missing, bag, strict=True))
    state = attrs.evolve(state, bag=bag, tower=tower)
    chance = None
    if chance_field is not None:
        chance = _chance(src, *chance_field, count, table)
        state = attrs.evolve(state, chance=chance)
        _check_chance(src, state, chance_field[0], fields)
        return state
    on_display = any(centre) or any(map(any, factories))
    if not indicator:
        if on_display:
            src.fail(
                "factories",
                fields["factories"][0],
                "END-02",
                "the game is over, so no piece lies on a display or in the centre",
            )
        if tile is not None:
            src.fail(
                "tile",
                fields["tile"][0],
                "END-02",
                "the game is over: the tile went back to the centre at the round's end",
            )
    elif not on_display:
        src.fail(
            "factories",
            fields["factories"][0],
            "ROUND-04",
            "no piece lies on a display or in the centre, so the round has ended",
        )
    return state


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
