r"""Text records of Sagrada games: a file a person writes at the table (ENG-17).

A text record holds header tags, a blank line, then the moves: the decisions in the notation
(ENG-14), the dice as they were drawn and rolled, and comments in braces::

    [Sagrada "1"]
    [Event "Kitchen table"]
    [Player1 "Ann"]
    [Player2 "Bob"]
    [Position "sagrada1 round:1 start:2 turn:2.1 ... chance:draw p1:... p2:..."]
    [Scores "31 27"]

    pool:G1G1G6P4P4
    draft G6 place r1c1 end {Bob opens in the corner}
    draft P4 place r4c5 end
    ...

Tags are ``[Name "value"]`` lines (``\"`` and ``\\`` escape a quote and a backslash).
``Sagrada`` (the format, ``1``) comes first; the game starts from ``Position`` (a position in
the one-line notation, ENG-12: every die must then be written) or from ``Seed`` with
``Players`` (and ``Tools``, the solo difficulty), a seeded game whose dice come from the
generator and are not written. ``Player1`` to ``Player4`` name the players; ``Scores`` (the
final scores in seat order) is checked against the replay; any other tag is kept as it is.

The moves are separated by spaces or line breaks; a decision's keyword and its argument are
two words (``draft G6``). The dice as seen at the table:

* ``pool:G1G1G6P4P4``: the dice drawn from the bag and rolled into the draft pool at the start
  of a round (ROUND-02), in any order;
* ``reroll:B2G5...``: the new values of the pool dice Glazing Hammer re-rolls (TOOL-07), each
  colour's dice in any order;
* ``roll:B4``: the die in hand re-rolled by Flux Brush (TOOL-06);
* ``draw:G``: the colour of the die Flux Remover draws from the bag (TOOL-11).

A decision may be preceded by its move number (``12.``: its number in the game, counted from
1, as ``sintra replay`` numbers them); a wrong one, or one that no decision follows, is ignored
with a :class:`~sintra_rules.errors.RecordWarning`, as in every game's text records. A comment
``{...}`` follows the move it is about (before the first move: about the game); it may span
lines. Reading replays the game and checks every move and die; a fault raises
:class:`~sintra_rules.errors.RecordError` naming the line and the token (``line 9, token 3``)
and why; a bad ``Position`` raises :class:`~sintra_rules.errors.PositionError`. A text record
and a JSON game record (:mod:`~.records`, ENG-16) hold the same game:
:meth:`TextRecord.game_record` and :meth:`TextRecord.from_game_record` convert one into the
other.

>>> from sintra_rules.games.sagrada import build_position
>>> start = build_position(round=1, chance="draw")
>>> game = TextRecord.start_at(start, names=("Ann", "Bob")).then("pool:G1G1G6P4P4")
>>> game = game.then("draft G6").then("place r4c1").then("end")
>>> print(text_record_to_text(game).replace(position_to_text(start), "..."), end="")
[Sagrada "1"]
[Position "..."]
[Player1 "Ann"]
[Player2 "Bob"]
<BLANKLINE>
pool:G1G1G6P4P4
draft G6 place r4c1 end
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

import attrs

from sintra_rules._formats import records as common_records
from sintra_rules._formats import textrecord as common
from sintra_rules.errors import GameOver, IllegalAction, NotationError, RecordError
from sintra_rules.games.sagrada.actions import Action, EndTurn
from sintra_rules.games.sagrada.chance import apply_chance, without_generator
from sintra_rules.games.sagrada.components import SagradaComponents, table_or_default
from sintra_rules.games.sagrada.notation import KEYWORDS, action_from_text, action_to_text
from sintra_rules.games.sagrada.position import position_from_text, position_to_text
from sintra_rules.games.sagrada.records import (
    RESERVED_TAGS,
    Comment,
    Draws,
    SagradaRecord,
    record_game,
    record_position_game,
    replay,
)
from sintra_rules.games.sagrada.rules import apply
from sintra_rules.games.sagrada.scoring import result
from sintra_rules.games.sagrada.setup import new_game
from sintra_rules.games.sagrada.state import Die, SagradaState, die

__all__ = [
    "DICE_KINDS",
    "FORMAT",
    "Dice",
    "TextRecord",
    "looks_like_text_record",
    "text_record_from_text",
    "text_record_to_text",
]

#: The version of the text record format (the ``Sagrada`` tag).
FORMAT = "1"
_TOKEN = re.compile(r"\{[^{}]*\}?|[^\s{]+")
_KNOWN = {n.lower(): n for n in ("Sagrada", "Position", "Seed", "Players", "Tools", "Scores")}
#: The dice as seen at the table: the words before the colon (``pool:G1G6``).
DICE_KINDS = ("pool", "reroll", "roll", "draw")


def looks_like_text_record(text: str) -> bool:
    """Whether ``text`` is meant as a text record rather than a JSON document: after a
    byte-order mark and blank lines it opens with a tag (``[Name "value"]``, any case), or it
    is no JSON value at all.

    >>> looks_like_text_record('[Sagrada "1"]'), looks_like_text_record('{"kind": "x"}')
    (True, False)
    """
    return common.looks_like_text_record(text)


@attrs.frozen
class Dice:
    """Chance outcomes as seen at the table (ENG-17): ``kind`` ``"pool"`` (dice drawn and
    rolled into the draft pool, ROUND-02), ``"reroll"`` (Glazing Hammer's new values,
    TOOL-07), ``"roll"`` (Flux Brush's new value of the die in hand, TOOL-06) or ``"draw"``
    (the colour Flux Remover draws, TOOL-11: the die's value is 0); ``dice`` as written."""

    kind: str
    dice: tuple[Die, ...]

    def text(self, table: SagradaComponents) -> str:
        """``pool:G1G6``, ``draw:G``..."""
        codes = table.colour_codes
        if self.kind == "draw":
            return f"draw:{codes[self.dice[0][0]]}"
        return f"{self.kind}:" + "".join(f"{codes[c]}{v}" for c, v in self.dice)


def _fail(where: str, reason: str) -> RecordError:
    return RecordError(where, reason)


def _parse_dice(token: str, table: SagradaComponents, where: str) -> Dice:
    kind, _, body = token.partition(":")
    codes = table.colour_codes
    if kind == "draw":
        if len(body) != 1 or body not in codes:
            raise _fail(
                where, f"Flux Remover's draw is one colour code, such as 'draw:G': {token!r}"
            )
        return Dice("draw", (die(codes.index(body), 0),))
    if not body or len(body) % 2:
        raise _fail(where, f"dice are colour codes and values, such as '{kind}:G1B4': {token!r}")
    dice = []
    for i in range(0, len(body), 2):
        code, value = body[i], body[i + 1]
        if code not in codes or value not in "123456":
            raise _fail(
                where,
                f"{body[i : i + 2]!r} in {token!r} is not a die: a colour code "
                f"({' '.join(codes)}) and a value 1 to 6 (COMP-01)",
            )
        dice.append(die(codes.index(code), int(value)))
    if kind == "roll" and len(dice) != 1:
        raise _fail(where, "Flux Brush re-rolls the one die in hand: 'roll:B4'")
    return Dice(kind, tuple(dice))


def _play_dice(state: SagradaState, move: Dice, where: str) -> tuple[SagradaState, list[int]]:
    """``state`` after the dice seen at the table, and the chance outcomes they are (ENG-03,
    ENG-04)."""
    table = state.components
    names = table.colour_names
    outcomes: list[int] = []

    def decide(value: int) -> None:
        nonlocal state
        outcomes.append(value)
        state = apply_chance(state, value)

    step = state.chance
    if move.kind == "pool":
        if step is None or step.kind not in ("draw", "roll"):
            raise _fail(where, "no draft pool is drawn here (ROUND-02)")
        for number, (colour, value) in enumerate(move.dice, 1):
            step = state.chance
            if step is None or step.kind not in ("draw", "roll"):
                raise _fail(where, f"die {number}: the pool is complete already (ROUND-02)")
            if step.kind == "draw":
                if not state.bag[colour]:
                    raise _fail(
                        where,
                        f"die {number}: no {names[colour]} die is left in the bag (COMP-01)",
                    )
                decide(colour)
            elif step.dice[0][0] != colour:
                drawn = names[step.dice[0][0]]
                raise _fail(where, f"die {number}: the die drawn to roll is {drawn} (ENG-04)")
            decide(value - 1)
        if state.chance is not None and state.chance.kind in ("draw", "roll"):
            size = table.pool_size(state.num_players)
            raise _fail(where, f"write every die of the pool: it holds {size} (ROUND-02)")
        return state, outcomes
    if move.kind == "reroll":
        if step is None or step.kind != "reroll":
            raise _fail(where, "no Glazing Hammer re-roll is due here (TOOL-07)")
        left = list(move.dice)
        while state.chance is not None and state.chance.kind == "reroll":
            colour = state.chance.dice[0][0]
            found = next((d for d in left if d[0] == colour), None)
            if found is None:
                count = sum(d[0] == colour for d in step.dice)
                raise _fail(
                    where,
                    f"the re-roll holds {count} {names[colour]} "
                    f"{'die' if count == 1 else 'dice'}: write each one's new value (TOOL-07)",
                )
            left.remove(found)
            decide(found[1] - 1)
        if left:
            raise _fail(where, f"{len(left)} more dice than the pool re-rolled (TOOL-07)")
        return state, outcomes
    if move.kind == "roll":
        if step is None or step.kind != "brush":
            raise _fail(where, "no Flux Brush re-roll is due here (TOOL-06)")
        hand = state.hand
        assert hand is not None
        if move.dice[0][0] != hand[0]:
            raise _fail(where, f"the die in hand is {names[hand[0]]} (TOOL-06)")
        decide(move.dice[0][1] - 1)
        return state, outcomes
    if step is None or step.kind != "remover":
        raise _fail(where, "no Flux Remover draw is due here (TOOL-11)")
    colour = move.dice[0][0]
    if not state.bag[colour]:
        raise _fail(where, f"no {names[colour]} die is left in the bag (TOOL-11)")
    decide(colour)
    return state, outcomes


def _play(state: SagradaState, move: Action | Dice, where: str) -> SagradaState:
    if isinstance(move, Dice):
        if state.rng is not None:
            raise _fail(where, "a game from a seed draws its own dice: write none (ENG-17)")
        return _play_dice(state, move, where)[0]
    if state.chance is not None:
        what = {
            "draw": "the draft pool (pool:...)",
            "roll": "the draft pool (pool:...)",
            "reroll": "Glazing Hammer's re-roll (reroll:...)",
            "brush": "Flux Brush's re-roll (roll:...)",
            "remover": "Flux Remover's draw (draw:...)",
        }.get(state.chance.kind, f"the {state.chance.kind} step of the deal")
        raise _fail(where, f"write {what} before this decision (ENG-03, ENG-17)")
    try:
        return apply(state, move)
    except (IllegalAction, GameOver) as error:
        shown = action_to_text(move)
        raise _fail(where, f"illegal decision {shown!r}: {error.clause}: {error.reason}") from None


def _parse_move(text: str, table: SagradaComponents, where: str) -> Action | Dice:
    kind = text.partition(":")[0]
    if ":" in text and kind in DICE_KINDS:
        return _parse_dice(text, table, where)
    try:
        return action_from_text(text)
    except NotationError as error:
        raise _fail(where, error.reason) from None


@attrs.frozen
class TextRecord:
    """A game as a text record: its tags, its moves (decisions and dice), comments (by the
    index of the move they follow; -1 about the game) and every state it passes through (the
    start first)."""

    tags: tuple[tuple[str, str], ...]
    moves: tuple[Action | Dice, ...]
    comments: tuple[tuple[int, str], ...]
    states: tuple[SagradaState, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names (``Player1``... tags), ``Player N`` where none is given."""
        tags = dict(self.tags)
        return tuple(
            tags.get(f"Player{seat + 1}", f"Player {seat + 1}")
            for seat in range(self.states[0].num_players)
        )

    @classmethod
    def start_at(cls, state: SagradaState, names: Sequence[str] = ()) -> TextRecord:
        """A record from the position ``state`` (its generator left out), no move yet."""
        tags = [("Sagrada", FORMAT), ("Position", position_to_text(state))]
        tags += [(f"Player{seat + 1}", name) for seat, name in enumerate(names)]
        return cls(tuple(tags), (), (), (without_generator(state),))

    def then(self, move: Action | Dice | str, comment: str | None = None) -> TextRecord:
        """This record with one more move (a decision, dice, or either as text)."""
        state = self.states[-1]
        if isinstance(move, str):
            move = _parse_move(move, state.components, "move")
        after = _play(state, move, "move")
        comments = self.comments
        if comment is not None:
            comments = (*comments, (len(self.moves), comment))
        return attrs.evolve(
            self, moves=(*self.moves, move), comments=comments, states=(*self.states, after)
        )

    def game_record(self) -> SagradaRecord:
        """The same game as a JSON game record (ENG-16): its start, names, other tags,
        decisions, every die as its chance outcomes and the comments.

        Raises:
            RecordError: a comment or tag a game record cannot hold.
        """
        tags = dict(self.tags)
        count = self.states[0].num_players
        names, free = common_records.names_and_free_tags(self.tags, count, RESERVED_TAGS)
        actions: list[Action] = []
        anchors: list[tuple[int, bool]] = []
        moves: list[Action | int] = []
        for index, move in enumerate(self.moves):
            if isinstance(move, Dice):
                anchors.append((len(actions), True))
                moves.extend(_play_dice(self.states[index], move, "move")[1])
            else:
                actions.append(move)
                anchors.append((len(actions), False))
                moves.append(move)
        comments = common_records.anchored_comments(self.comments, anchors, Comment)
        if "Seed" in tags:
            options = dict(self.tags)
            tools = int(options["Tools"]) if "Tools" in options else None
            return record_game(
                count,
                int(tags["Seed"]),
                actions,
                tools=tools,
                components=self.states[0].components,
                names=names,
                tags=free,
                comments=comments,
            )
        return record_position_game(
            self.states[0], moves, names=names, tags=free, comments=comments
        )

    @classmethod
    def from_game_record(
        cls, record: SagradaRecord, components: SagradaComponents | None = None
    ) -> TextRecord:
        """The text record of a JSON game record (ENG-16, ENG-17).

        Raises:
            RecordError: the record does not replay, or holds chance outcomes a text record
                cannot write (a deal of cards).
        """
        states = replay(record, components)
        tags: list[tuple[str, str]] = [("Sagrada", FORMAT), *record.tags]
        if record.start is None:
            tags += [("Seed", str(record.seed)), ("Players", str(record.num_players))]
            tags += [("Tools", value) for key, value in record.options if key == "tools"]
        else:
            tags.append(("Position", position_to_text(record.start)))
        tags += [(f"Player{seat + 1}", name) for seat, name in enumerate(record.names) if name]
        if record.result is not None:
            tags.append(("Scores", " ".join(str(s) for s in record.result.scores)))
        start = states[0] if record.start is None else record.start
        return common_records.fold_moves(
            cls(tuple(tags), (), (), (start,)),
            record.actions,
            record.draws,
            record.comments,
            action=lambda text, action: text.then(action),
            comment=lambda text, words: text._comment(words),
            chance=_then_dice,
        )

    def _comment(self, words: str) -> TextRecord:
        return attrs.evolve(self, comments=(*self.comments, (len(self.moves) - 1, words)))


def _then_dice(text: TextRecord, index: int, run: Draws) -> TextRecord:
    """``text`` with the dice that the outcomes of ``run`` (the record's ``draws[index]``) are."""
    for dice in _as_dice(text.states[-1], run, index):
        text = text.then(dice)
    return text


def _as_dice(state: SagradaState, run: Draws, index: int) -> list[Dice]:
    """The dice as seen at the table that the outcomes of ``run`` are, drawn from ``state``."""
    where = f"draws[{index}]"
    out: list[Dice] = []
    outcomes = list(run.outcomes)
    while outcomes:
        step = state.chance
        if step is None or step.kind not in ("draw", "roll", "reroll", "brush", "remover"):
            raise _fail(
                where,
                "a text record writes the dice drawn and rolled, not a deal of cards: start it "
                "from a position after the deal (ENG-17)",
            )
        kind = {"draw": "pool", "roll": "pool", "brush": "roll", "remover": "draw"}.get(
            step.kind, "reroll"
        )
        dice: list[Die] = []
        while outcomes and state.chance is not None:
            now = state.chance
            mapped = {"draw": "pool", "roll": "pool", "brush": "roll", "remover": "draw"}.get(
                now.kind, now.kind
            )
            if mapped != kind:
                break
            value = outcomes.pop(0)
            if now.kind == "draw":
                state = apply_chance(state, value)
                continue
            if now.kind == "roll" or now.kind == "reroll":
                dice.append(die(now.dice[0][0], value + 1))
            elif now.kind == "brush":
                assert state.hand is not None
                dice.append(die(state.hand[0], value + 1))
            else:
                dice.append(die(value, 0))
            state = apply_chance(state, value)
        if state.chance is not None and state.chance.kind == "roll" and not outcomes:
            raise _fail(where, "a text record writes whole dice: a die was drawn but not rolled")
        out.append(Dice(kind, tuple(dice)))
    return out


def text_record_from_text(text: str, components: SagradaComponents | None = None) -> TextRecord:
    """Read and replay a text record (ENG-17).

    Args:
        text: the record (see the module docstring).
        components: the component table (default: the shipped one).

    Returns:
        The record with every state of the game.

    Raises:
        RecordError: a tag, move or die is malformed or illegal; the field names the line and
        the token.
        PositionError: the ``Position`` tag is not a valid position (ENG-15).
    """
    if not isinstance(text, str):
        raise _fail("$", f"expected a string, got {type(text).__name__}")
    table = table_or_default(components)
    lines = text.removeprefix(common.BOM).replace("\r\n", "\n").split("\n")
    tags, found, number = common.read_tags(
        lines,
        header="Sagrada",
        version=FORMAT,
        known=_KNOWN,
        opening='a text record starts with its tags: [Sagrada "1"] and the start, '
        '[Position "..."] or [Seed "..."] and [Players "..."]',
    )
    start = _start(found, table)
    for name, value in found.items():
        if re.fullmatch(r"Player\d+", name):
            if not 1 <= int(name[6:]) <= start.num_players:
                raise _fail(name, f"the game has {start.num_players} players")
            if not value.strip() or value != value.strip():
                raise _fail(name, "a name is not blank and has no spaces at either end")
    record = TextRecord(tuple(tags), (), (), (start,))
    numbers = common.MoveNumbers("a decision", "dice")
    decisions = 0
    for where, token in _moves(lines, number):
        if token.startswith("{"):
            if not token.endswith("}"):
                raise _fail(where, "this comment is not closed: end it with '}'")
            words = " ".join(token[1:-1].split())
            if words:  # an empty comment says nothing to keep
                record = attrs.evolve(
                    record, comments=(*record.comments, (len(record.moves) - 1, words))
                )
            continue
        if numbers.read(where, token):
            continue
        move = _parse_move(token, table, where)
        if isinstance(move, Dice):
            numbers.chance()
        else:
            decisions += 1
            numbers.action(decisions)
        state = _play(record.states[-1], move, where)
        record = attrs.evolve(record, moves=(*record.moves, move), states=(*record.states, state))
    numbers.end()
    last = record.states[-1]
    common.check_scores(found, last.is_over, lambda: result(last).scores)
    return record


def _moves(lines: Sequence[str], after: int) -> Iterator[tuple[str, str]]:
    """The moves after the first ``after`` lines, each with where it starts: a keyword and
    its argument are one decision (``tool 5 pay G2`` too); a comment may span lines."""
    tokens = list(common.tokens(lines, after, _TOKEN))
    i = 0
    while i < len(tokens):
        where, word = tokens[i]
        take = 1
        following = [t for _, t in tokens[i + 1 : i + 4]]
        if KEYWORDS.get(word) and following and not following[0].startswith("{"):
            take = 2
            if word == "tool" and len(following) >= 2 and following[1] == "pay":
                take = 4 if len(following) >= 3 else 3
        yield where, " ".join(t for _, t in tokens[i : i + take])
        i += take


def _start(tags: dict[str, str], table: SagradaComponents) -> SagradaState:
    if "Position" in tags:
        if "Seed" in tags:
            raise _fail("Seed", "a game starts from a Position or from a Seed, not both")
        for name in ("Players", "Tools"):
            if name in tags:
                raise _fail(name, "the Position gives it: leave the tag out")
        return position_from_text(tags["Position"], table)
    if "Seed" not in tags:
        raise _fail("Position", "give the starting Position (or a Seed and Players)")
    values = {}
    for name in ("Seed", "Players", "Tools"):
        if name not in tags:
            continue
        value = tags[name]
        if not value.isascii() or not value.isdigit() or (len(value) > 1 and value[0] == "0"):
            raise _fail(name, f"expected a whole number, got {value!r}")
        values[name] = int(value)
    if "Players" not in values:
        raise _fail("Players", "a game from a Seed gives its number of players")
    try:
        return new_game(
            values["Players"], seed=values["Seed"], tools=values.get("Tools"), components=table
        )
    except ValueError as error:
        raise _fail("Players" if "COMP-02" in str(error) else "Tools", str(error)) from None


def text_record_to_text(record: TextRecord) -> str:
    """The record as text: its tags, a blank line, then the moves: each round's pool on a line
    of its own, each turn on one line, comments after their moves (ENG-17).

    Args:
        record: the record.

    Returns:
        The text, which :func:`text_record_from_text` reads back to the same record.
    """
    table = record.states[0].components
    lines = common.tag_lines(record.tags)
    comments = common.comments_by_move(record.comments)
    words = [f"{{{c}}}" for c in comments.get(-1, [])]
    for index, move in enumerate(record.moves):
        pool = isinstance(move, Dice) and move.kind == "pool"
        if pool and words:
            lines.append(" ".join(words))
            words = []
        words.append(move.text(table) if isinstance(move, Dice) else action_to_text(move))
        words.extend(f"{{{c}}}" for c in comments.get(index, []))
        ends = pool or isinstance(move, EndTurn) or record.states[index].in_setup
        if ends:
            lines.append(" ".join(words))
            words = []
    if words:
        lines.append(" ".join(words))
    return "\n".join(lines) + "\n"
