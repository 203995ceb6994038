"""Text records of real games: a PGN-like file a person can write at the table (ENG-24).

A text record holds header tags, then the moves in the action notation (ENG-04) with the draws
as they were seen when the factory displays were refilled, and comments::

    [Sintra "1"]
    [Event "Club night"]
    [Player1 "Amanda"]
    [Player2 "Ben"]
    [Position "sintra1 side:A indicator:YOPB ... p2:score=0,track=0:@bbbgo/..."]

    1G-6=Y {the rulebook's example} CO-7 ...
    fill:BGOO/PPYB/GGOY/BBOP/YYPP
    ...

Tags are ``[Name "value"]`` lines (a value may hold ``\\"`` and ``\\\\``). ``Sintra`` (the
format version, ``1``) comes first; the game starts from ``Position`` (a position in the
one-line notation, ENG-21, without generator: every refill must then be written) or from
``Seed`` with ``Players`` and ``Side`` (a seeded game, whose draws come from the generator and
are not written). ``Player1`` to ``Player4`` name the players; ``Scores`` (the final scores,
space-separated, in seat order) is checked against the replay; any other tag (``Event``,
``Date``, ``Site``, ...) is kept as it is.

Read leniently, as a person writes at the table: a byte-order mark, blank lines before the
tags, tag names in any case (``[sintra "1"]``) and a left-out ``Sintra`` tag (version 1) are
taken; :func:`looks_like_text_record` tells a text record from a JSON document.

After a blank line the moves follow, separated by spaces or new lines: actions in the notation,
optionally preceded by move numbers (``12.``: the action's number, counted from 1; a wrong one,
or one that no action follows, is ignored with a :class:`~sintra_rules.errors.RecordWarning`,
as in every game's text records), ``{comment}`` after the move it is about (before the first
move: about the game; it may span lines), and after the move that ends a round the refill as
seen, ``fill:`` and the pieces drawn onto each display in order, displays separated by ``/`` (a
piece drawn is a colour code; the tower is poured into the bag when the bag runs out, END-04).

A text record and a JSON game record (:mod:`sintra_rules.games.sintra.records`, ENG-25) hold the
same
game: :meth:`TextRecord.game_record` and :meth:`TextRecord.from_game_record` convert one into
the other, keeping the start, the names, the other tags, the moves, the draws and the comments.

Reading replays the game and checks every move and draw; any fault raises
:class:`~sintra_rules.errors.RecordError` naming the line and the token (``line 7, token 3``)
and why; a bad ``Position`` raises :class:`~sintra_rules.errors.PositionError`.

>>> from sintra_rules import build_position
>>> start = build_position(factories=["B"], boards={2: "bbbgo/@gggop/ooopy/pppyb/yyybg/bbgop"
...     "/oopyb/yybgo"})
>>> game = text_record_from_text(text_record_to_text(TextRecord.start_at(start, names=("Ann",
...     "Bob")).then("1B-1")))
>>> game.names, [str(m) for m in game.moves], game.states[-1].chance.kind
(('Ann', 'Bob'), ['1B-1'], 'fill')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from sintra_rules._formats import records as common_records
from sintra_rules._formats import textrecord as common
from sintra_rules.errors import IllegalAction, NotationError, RecordError
from sintra_rules.games.sintra.actions import Action
from sintra_rules.games.sintra.chance import apply_chance
from sintra_rules.games.sintra.components import ComponentTable, Side, default_components
from sintra_rules.games.sintra.notation import action_from_text, action_to_text
from sintra_rules.games.sintra.position import position_from_text, position_to_text
from sintra_rules.games.sintra.records import (
    RESERVED_TAGS,
    Comment,
    Draws,
    GameRecord,
    record_game,
    record_position_game,
    replay,
)
from sintra_rules.games.sintra.rules import apply
from sintra_rules.games.sintra.scoring import outcome
from sintra_rules.games.sintra.setup import new_game
from sintra_rules.games.sintra.state import GameState

__all__ = [
    "FORMAT",
    "Fill",
    "TextRecord",
    "looks_like_text_record",
    "text_record_from_text",
    "text_record_to_text",
]

#: The version of the text record format (the ``Sintra`` tag).
FORMAT = "1"
#: A comment (which may span lines, as in PGN; unclosed up to the end), or any other token.
_TOKEN = re.compile(r"\{[^}]*\}?|[^\s{]+")
_FILL = "fill:"
#: The tags the format defines, by their names in lower case (a tag name is read in any case).
_KNOWN_TAGS = {name.lower(): name for name in ("Sintra", "Position", "Seed", "Players", "Side")}
_KNOWN_TAGS["scores"] = "Scores"


def looks_like_text_record(text: str) -> bool:
    """Whether ``text`` is meant as a text record rather than a JSON document: after a
    byte-order mark and blank lines it opens with a tag (``[Name "value"]``, the name in any
    case), or it is neither a JSON object or array nor any other JSON value. So a text record
    whose header tag is missing or written in lower case is still read as one, and its faults
    are told in its own terms.

    >>> looks_like_text_record(chr(0xFEFF) + chr(10) + '[sintra "1"]')
    True
    >>> looks_like_text_record('[Position "sintra1 ..."]'), looks_like_text_record("2G-5 1P-6")
    (True, True)
    >>> looks_like_text_record('{"kind": 1}'), looks_like_text_record("[true]")
    (False, False)
    >>> looks_like_text_record("3"), looks_like_text_record("{")
    (False, False)
    """
    return common.looks_like_text_record(text)


def _tag_name(name: str) -> str:
    """A tag's name as the format spells it (``sintra`` is ``Sintra``, ``player1``
    ``Player1``); other tags as written."""
    return common.tag_name(name, _KNOWN_TAGS)


@attrs.frozen
class Fill:
    """A refill as seen at the table: the colours drawn onto each display, in order (END-03)."""

    displays: tuple[tuple[int, ...], ...]

    def text(self, table: ComponentTable) -> str:
        """``fill:BGOO/PPYB/...``."""
        codes = table.colour_codes
        return _FILL + "/".join("".join(codes[c] for c in d) or "-" for d in self.displays)


@attrs.frozen
class TextRecord:
    """A game as a text record: tags, the start, the moves (actions and refills), comments
    (by the index of the move they follow, -1 for a comment on the game before any move) and
    every state it passes through."""

    tags: tuple[tuple[str, str], ...]
    moves: tuple[Action | Fill, ...]
    comments: tuple[tuple[int, str], ...]
    states: tuple[GameState, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names (``Player1``, ...), ``Player N`` where no tag names them."""
        tags = dict(self.tags)
        count = len(self.states[0].players)
        return tuple(tags.get(f"Player{seat + 1}", f"Player {seat + 1}") for seat in range(count))

    @classmethod
    def start_at(cls, state: GameState, names: Sequence[str] = ()) -> TextRecord:
        """A record starting from ``state`` (written as its ``Position``), no move yet."""
        tags = [("Sintra", FORMAT), ("Position", position_to_text(state))]
        tags += [(f"Player{seat + 1}", name) for seat, name in enumerate(names)]
        return cls(tuple(tags), (), (), (attrs.evolve(state, rng=None),))

    def game_record(self) -> GameRecord:
        """The same game as a JSON game record (ENG-25): its start (the seed, or the
        position), the players' names, the other tags (but ``Scores``, which is the record's
        result), the actions, every refill as its chance outcomes and the comments.

        Returns:
            The record; :meth:`from_game_record` gives this text record back.

        Raises:
            RecordError: a comment or tag a game record cannot hold (ENG-25).
        """
        tags = dict(self.tags)
        count = len(self.states[0].players)
        names, free = common_records.names_and_free_tags(self.tags, count, RESERVED_TAGS)
        actions: list[Action] = []
        anchors: list[tuple[int, bool]] = []
        for move in self.moves:
            if isinstance(move, Fill):
                anchors.append((len(actions), True))
            else:
                actions.append(move)
                anchors.append((len(actions), False))
        comments = common_records.anchored_comments(self.comments, anchors, Comment)
        start = self.states[0]
        if "Seed" in tags:
            return record_game(
                count,
                start.side,
                int(tags["Seed"]),
                actions,
                start.components,
                names=names,
                tags=free,
                comments=comments,
            )
        moves: list[Action | int] = []
        for move in self.moves:
            if isinstance(move, Fill):
                moves.extend(colour for display in move.displays for colour in display)
            else:
                moves.append(move)
        return record_position_game(start, moves, names=names, tags=free, comments=comments)

    @classmethod
    def from_game_record(
        cls, record: GameRecord, components: ComponentTable | None = None
    ) -> TextRecord:
        """The text record of a JSON game record (ENG-24, ENG-25): tags ``Sintra``, the
        record's other tags, ``Position`` (or ``Seed``, ``Players`` and ``Side``), the names
        and, once the game is over, ``Scores``; then the moves, each refill as seen.

        Args:
            record: the record.
            components: the table it was played with (default: the shipped one).

        Returns:
            The text record; :meth:`game_record` gives the record back.

        Raises:
            RecordError: the record does not replay, or holds chance outcomes a text record
            cannot write (those of setup, or a refill left unfinished before an action).
        """
        states = replay(record, components)
        tags: list[tuple[str, str]] = [("Sintra", FORMAT), *record.tags]
        if record.start is None:
            tags += [("Seed", str(record.seed)), ("Players", str(record.num_players))]
            tags.append(("Side", record.side))
        else:
            tags.append(("Position", position_to_text(record.start)))
        tags += [
            (f"Player{seat + 1}", name)
            for seat, name in enumerate(record.names)
            if name is not None
        ]
        if record.result is not None:
            tags.append(("Scores", " ".join(str(s) for s in record.result.scores)))
        start = states[0] if record.start is None else attrs.evolve(record.start, rng=None)
        return common_records.fold_moves(
            cls(tuple(tags), (), (), (start,)),
            record.actions,
            record.draws,
            record.comments,
            action=lambda text, action: text.then(action),
            comment=lambda text, words: text._comment(words),
            chance=lambda text, index, run: text.then(_as_fill(text.states[-1], run, index)),
        )

    def _comment(self, comment: str) -> TextRecord:
        """This record with ``comment`` after its last move (about the game when none)."""
        return attrs.evolve(self, comments=(*self.comments, (len(self.moves) - 1, comment)))

    def then(self, move: Action | Fill | str, comment: str | None = None) -> TextRecord:
        """This record with one more move (an action, a refill, or either as text)."""
        state = self.states[-1]
        if isinstance(move, str):
            move = _parse_move(move, state.components, "move", len(state.players))
        after = _play(state, move, "move")
        comments = self.comments
        if comment is not None:
            comments = (*comments, (len(self.moves), comment))
        return attrs.evolve(
            self, moves=(*self.moves, move), comments=comments, states=(*self.states, after)
        )


def _fail(where: str, reason: str) -> RecordError:
    return RecordError(where, reason)


def _as_fill(state: GameState, run: Draws, index: int) -> Fill:
    """The refill whose pieces are the outcomes of ``run`` (the record's ``draws[index]``),
    drawn from ``state``, display by display (END-03)."""
    where = f"draws[{index}]"
    if state.chance is None or state.chance.kind != "fill" or any(map(sum, state.factories)):
        raise _fail(where, "a text record writes refills only (fill:...), not other draws")
    capacity = state.components.factory_capacity
    displays: list[list[int]] = [[] for _ in state.factories]
    for count, colour in enumerate(run.outcomes):
        displays[count // capacity].append(colour)
        state = apply_chance(state, colour)
    if state.chance is not None:
        raise _fail(where, "a text record writes whole refills: this one is unfinished")
    return Fill(tuple(tuple(d) for d in displays))


def _parse_move(
    token: str, table: ComponentTable, where: str, num_players: int | None = None
) -> Action | Fill:
    if token.startswith(_FILL):
        displays = []
        for display in token[len(_FILL) :].split("/"):
            colours = []
            for code in "" if display == "-" else display:
                if code not in table.colour_codes:
                    raise _fail(where, f"{code!r} is not a colour code in {token!r} (FIG-01)")
                colours.append(table.colour_codes.index(code))
            displays.append(tuple(colours))
        return Fill(tuple(displays))
    try:
        return action_from_text(token, table, num_players=num_players)
    except NotationError as error:
        raise _fail(where, error.reason) from None


def _play(state: GameState, move: Action | Fill, where: str) -> GameState:
    """``state`` after ``move``: an action (unsampled when the state has no generator) or the
    pieces of a refill, one chance outcome each (ENG-07, ENG-08)."""
    try:
        if isinstance(move, Fill):
            if state.chance is None or state.chance.kind != "fill":
                raise _fail(where, "no refill is due here (END-03)")
            if len(move.displays) != len(state.factories):
                raise _fail(
                    where, f"write the pieces of all {len(state.factories)} displays, '-' for none"
                )
            for number, display in enumerate(move.displays, 1):
                for piece, colour in enumerate(display, 1):
                    if state.chance is None:
                        raise _fail(where, "more pieces than the refill draws (END-05)")
                    _check_drawable(state, colour, f"display {number}, piece {piece}", where)
                    state = apply_chance(state, colour)
            table = state.components
            for index, display in enumerate(move.displays):
                counts = tuple(display.count(c) for c in range(table.colours))
                if counts != state.factories[index]:
                    raise _fail(
                        where,
                        f"display {index + 1} would hold other pieces: displays are filled "
                        f"with {table.factory_capacity} pieces each, in order (END-03)",
                    )
            if state.chance is not None:
                raise _fail(where, "the refill is not complete: write every piece drawn")
            return state
        if state.chance is not None:
            raise _fail(where, "the displays are being refilled: write the draws (fill:...)")
        return apply(state, move)
    except IllegalAction as error:
        raise _fail(where, f"{error.clause}: {error.reason}") from None


def _check_drawable(state: GameState, colour: int, piece: str, where: str) -> None:
    """Refuse a piece of the refill the bag cannot supply, naming the display, the colour and
    what the bag held then (END-03; the tower poured into an empty bag, END-04)."""
    table = state.components
    if any(state.bag):
        pool, holder = state.bag, "the bag holds"
    else:
        pool = tuple(b + t for b, t in zip(state.bag, state.tower, strict=True))
        holder = "the bag, the tower poured into it (END-04), holds"
    if pool[colour]:
        return
    held = ", ".join(
        f"{count} {name}" for count, name in zip(pool, table.colour_names, strict=True) if count
    )
    raise _fail(
        where,
        f"{piece}: {table.colour_names[colour]} cannot be drawn, {holder} "
        f"{held or 'nothing'} (END-03)",
    )


def text_record_from_text(text: str, components: ComponentTable | None = None) -> TextRecord:
    """Read and replay a text record (ENG-24).

    Args:
        text: the record (see the module docstring).
        components: the component table the game was played with (default: the shipped one).

    Returns:
        The record with every state of the game.

    Raises:
        RecordError: a tag, move or draw is malformed or illegal; the field names the line and
        the token.
        PositionError: the ``Position`` tag is not a valid position (ENG-22).
    """
    if not isinstance(text, str):
        raise _fail("$", f"expected a string, got {type(text).__name__}")
    table = default_components() if components is None else components
    lines = text.removeprefix(common.BOM).replace("\r\n", "\n").split("\n")
    tags, found, number = common.read_tags(
        lines,
        header="Sintra",
        version=FORMAT,
        known=_KNOWN_TAGS,
        opening='a text record starts with its tags, [Sintra "1"] and the start: '
        '[Position "..."], or [Seed "..."], [Players "..."] and [Side "..."]',
    )
    start = _start(found, table)
    count = len(start.players)
    for name in found:
        if re.fullmatch(r"Player\d+", name) and name[6:] not in {str(s + 1) for s in range(count)}:
            raise _fail(name, f"the game has {count} players")
    record = TextRecord(tuple(tags), (), (), (start,))
    numbers = common.MoveNumbers("an action", "a refill")
    actions = 0
    for where, token in common.tokens(lines, number, _TOKEN):
        if token.startswith("{"):
            if not token.endswith("}"):
                raise _fail(where, "this comment is not closed: end it with '}'")
            words = re.sub(r"\s*\n\s*", " ", token[1:-1]).strip()
            comment = (len(record.moves) - 1, words)
            record = attrs.evolve(record, comments=(*record.comments, comment))
            continue
        if numbers.read(where, token):
            continue
        move = _parse_move(token, table, where, len(record.states[-1].players))
        if isinstance(move, Fill):
            numbers.chance()
        else:
            actions += 1
            numbers.action(actions)
        state = record.states[-1]
        record = attrs.evolve(
            record,
            moves=(*record.moves, move),
            states=(*record.states, _play(state, move, where)),
        )
    numbers.end()
    last = record.states[-1]
    common.check_scores(found, last.is_over, lambda: outcome(last).scores)
    return record


def _start(tags: dict[str, str], table: ComponentTable) -> GameState:
    if "Position" in tags:
        if "Seed" in tags:
            raise _fail("Seed", "a game starts from a Position or from a Seed, not both")
        return position_from_text(tags["Position"], table)
    if "Seed" not in tags:
        raise _fail("Position", "give the starting Position (or a Seed, Players and Side)")
    values = {}
    for name in ("Seed", "Players"):
        text = tags.get(name, "")
        if not text.isdigit() or (len(text) > 1 and text[0] == "0"):
            raise _fail(name, f"expected a whole number, got {text!r}")
        values[name] = int(text)
    side = tags.get("Side")
    if side not in ("A", "B"):
        raise _fail("Side", f"the board side is A or B (SETUP-02), got {side!r}")
    side_value: Side = "A" if side == "A" else "B"
    try:
        return new_game(values["Players"], side_value, values["Seed"], table)
    except ValueError as error:
        raise _fail("Players", str(error)) from None


def text_record_to_text(record: TextRecord) -> str:
    """The record as text: its tags, a blank line, then the moves, a round per line, each
    refill ending its line; comments after their moves (ENG-24).

    Args:
        record: the record.

    Returns:
        The text, which :func:`text_record_from_text` reads back to the same record.
    """
    table = record.states[0].components
    lines = common.tag_lines(record.tags)
    comments = common.comments_by_move(record.comments)
    words: list[str] = [f"{{{comment}}}" for comment in comments.get(-1, [])]
    for index, move in enumerate(record.moves):
        words.append(move.text(table) if isinstance(move, Fill) else action_to_text(move, table))
        words.extend(f"{{{comment}}}" for comment in comments.get(index, []))
        before, after = record.states[index], record.states[index + 1]
        ended = isinstance(move, Fill) or len(after.indicator) != len(before.indicator)
        if ended and not after.is_chance:
            lines.append(" ".join(words))
            words = []
    if words:
        lines.append(" ".join(words))
    return "\n".join(lines) + "\n"
