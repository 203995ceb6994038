"""Reading Sagrada's one-line position notation (ENG-12, ENG-15): the line split into its
fields, each field read in the order of the line, then the checks across fields
(:mod:`~sintra_rules.games.sagrada.position.checks`); nothing is built halfway.
"""

from __future__ import annotations

import attrs

from sintra_rules.errors import PositionError
from sintra_rules.games.sagrada.components import SagradaComponents, table_or_default
from sintra_rules.games.sagrada.position.checks import _Checks
from sintra_rules.games.sagrada.position.grammar import (
    _DEALS,
    _HEAD,
    _NONE,
    _OPTIONAL,
    _ROUND_CHANCE,
    _SUBS,
    TAG,
    _colour,
    _dice,
    _die,
    _die_text,
    _number,
    _numbers,
    _Player,
    _read_player,
    _show,
    _space,
    _split,
    _Text,
)
from sintra_rules.games.sagrada.state import ChanceStep, Die, PlayerState, SagradaState, die

__all__ = ["position_from_text"]


def position_from_text(text: str, components: SagradaComponents | None = None) -> SagradaState:
    """Read a position written in the one-line notation (ENG-12, ENG-15).

    The state has no generator (ENG-05): continue it with supplied chance outcomes
    (:func:`~sintra_rules.games.sagrada.chance.apply_chance`) or give it a generator
    (:func:`~sintra_rules.games.sagrada.chance.determinize`).

    Args:
        text: the position, one line (see the module docstring).
        components: the component table it is played with (default: the shipped one).

    Returns:
        The position.

    Raises:
        PositionError: the text is malformed or describes an impossible position; the error
            names the field, the 1-based character position and the clause.

    >>> position_from_text("sagrada2 round:1")
    Traceback (most recent call last):
    ...
    sintra_rules.errors.PositionError: bad position: version, character 1: unknown notation \
version 'sagrada2' (this library reads 'sagrada1') (ENG-12)
    """
    if not isinstance(text, str):
        raise PositionError(
            repr(text), "text", 0, "ENG-12", f"expected a string, not {type(text).__name__}"
        )
    table = table_or_default(components)
    src = _Text(text)
    words = _split(src)
    first = words[0][1]
    if first != TAG:
        if first.startswith("sagrada"):
            src.fail(
                "version",
                0,
                "ENG-12",
                f"unknown notation version {_show(first)} (this library reads {TAG!r})",
            )
        src.fail("version", 0, "ENG-12", f"a position starts with {TAG!r}, found {_show(first)}")
    rest = words[1:]
    fields: dict[str, tuple[int, str]] = {}
    for label in _HEAD:
        if not rest:
            src.fail(label, len(text), "ENG-12", f"the text ends before '{label}:'")
        at, word = rest.pop(0)
        if not word.startswith(label + ":"):
            src.fail(label, at, "ENG-12", f"expected '{label}:' here, found {_show(word)}")
        fields[label] = (at + len(label) + 1, word[len(label) + 1 :])
        if not fields[label][1]:
            src.fail(
                label, at + len(label), "ENG-12", f"'{label}:' has no value (write '-' for none)"
            )
    for label in _OPTIONAL:
        if rest and rest[0][1].startswith(label + ":"):
            at, word = rest.pop(0)
            fields[label] = (at + len(label) + 1, word[len(label) + 1 :])
    for label, (at, value) in fields.items():
        if not value:
            src.fail(label, at - 1, "ENG-12", f"'{label}:' has no value (write '-' for none)")
    players_text: list[tuple[int, str]] = []
    for at, word in rest:
        label = f"p{len(players_text) + 1}:"
        if not word.startswith(label):
            known = [f for f in (*_HEAD, *_OPTIONAL) if word.startswith(f + ":")]
            if known:
                src.fail(
                    known[0],
                    at,
                    "ENG-12",
                    f"'{known[0]}:' is out of place or given twice: the fields come in the order "
                    f"{', '.join(_HEAD + _OPTIONAL)}, then the players",
                )
            expected = f"'{label}'" if players_text else "an optional field or 'p1:'"
            src.fail(
                f"player {len(players_text) + 1}",
                at,
                "ENG-12",
                f"expected {expected} here, found {_show(word)}",
            )
        players_text.append((at + len(label), word[len(label) :]))
    return _Reader(src, table, fields, players_text).state()


class _Reader(_Checks):
    """The fields of a position, read into a state and checked (ENG-15): each field is read
    in the order of the line, then the checks across fields run."""

    def state(self) -> SagradaState:
        """The position, once every field is read and every check passed."""
        self._read_round()
        self._read_start_turn()
        self._read_tools()
        self._read_publics()
        self._read_difficulty()
        self._read_dice()
        self._read_turn_fields()
        self.chance = self._read_chance()
        self.players = [
            _read_player(self.src, seat, at, text, self.table)
            for seat, (at, text) in enumerate(self.players_text)
        ]
        if "bag" in self.fields:
            self.bag_given = self._bag()
        players = [self._player_state(seat, p) for seat, p in enumerate(self.players)]
        setup_step = self._deal(players)
        if setup_step is not None:
            self.chance = setup_step
        self._check_start()
        self._favor(players)
        step, turn = self._check_phase(players)
        self._turn_state(step, players)
        table = self.table
        state = SagradaState(
            components=table,
            players=tuple(players),
            round=self.round,
            start=0 if self.start is None else self.start,
            step=step,
            turn=turn,
            tools=tuple(self.tools),
            tokens=tuple(self.tokens),
            spent=tuple(self.spent),
            publics=tuple(self.publics),
            pool=self.pool,
            hand=self.hand,
            track=tuple(self.track),
            bag=(0,) * table.colours,
            drafted=self.drafted,
            tool_used=self.tool_used,
            active=self.active,
            sub=self.sub,
            lifted=self.lifted,
            moved=self.moved,
            skips=tuple(self.skips),
            difficulty=self.difficulty,
            rng=None,
            chance=self.chance,
        )
        state = attrs.evolve(state, bag=self._conserved(state))
        self._windows(state)
        self._playable(state)
        return state

    # -- the fields, in the order of the line -----------------------------------------

    def _read_round(self) -> None:
        src, table = self.src, self.table
        at, value = self.fields["round"]
        if value == "setup":
            self.round = 0
        elif value == "over":
            self.round = table.rounds + 1
        else:
            self.round = _number(src, "round", at, value, "ROUND-01", 1, table.rounds)
        if self.n not in table.player_counts:
            where = self.players_text[0][0] - 3 if self.players_text else len(src.text)
            src.fail(
                "players",
                where,
                "COMP-02",
                f"Sagrada is played by 1 to 4 players (p1: to p4:), got {self.n}",
            )

    def _read_start_turn(self) -> None:
        src, n = self.src, self.n
        at, value = self.fields["start"]
        if value != _NONE:
            self.start = _number(src, "start", at, value, "ENG-01", 1, n) - 1
        at, value = self.fields["turn"]
        if self.in_setup:
            if "." in value:
                src.fail("turn", at, "RUL-10", "in setup the turn is the player choosing: turn:P")
            self.turn_seat = _number(src, "turn", at, value, "RUL-10", 1, n) - 1
            return
        seat_text, dot, k_text = value.partition(".")
        if not dot:
            src.fail(
                "turn",
                at,
                "ROUND-03",
                "write the player and which of their two turns of the round it is: turn:2.1",
            )
        self.turn_seat = _number(src, "turn", at, seat_text, "ENG-01", 1, n) - 1
        self.turn_k = _number(src, "turn", at + len(seat_text) + 1, k_text, "ROUND-03", 1, 2)

    def _read_tools(self) -> None:
        src, table = self.src, self.table
        at, value = self.fields["tools"]
        if value == _NONE:
            return
        for item in value.split(","):
            number_text, eq, paid = item.partition("=")
            card = _number(src, "tools", at, number_text, "COMP-06", 1, len(table.tools)) - 1
            if card in self.tools:
                src.fail("tools", at, "COMP-06", f"tool {card + 1} is in play twice")
            where = at + len(number_text) + 1
            tokens, paid_die = 0, None
            if eq and self.solo:
                if len(paid) != 2:
                    src.fail(
                        "tools", where, "SOLO-03", f"one die pays for a tool, got {_show(paid)}"
                    )
                paid_die = _die(src, "tools", where, paid, table)
                colour = table.tools[card].colour
                if paid_die[0] != colour:
                    src.fail(
                        "tools",
                        where,
                        "SOLO-03",
                        f"tool {card + 1} is paid with a {table.colour_codes[colour]} die",
                    )
            elif eq:
                tokens = _number(src, "tools", where, paid, "FAVOR-02", 1, 99)
                if tokens % 2 == 0:
                    src.fail(
                        "tools",
                        where,
                        "FAVOR-02",
                        f"{tokens} favor tokens cannot lie on a card: the first use puts 1 on "
                        "it, every later use 2",
                    )
            self.tools.append(card)
            self.tokens.append(tokens)
            self.spent.append(paid_die)
            at += len(item) + 1

    def _read_publics(self) -> None:
        at, value = self.fields["publics"]
        high = len(self.table.publics)
        self.publics = [c - 1 for c, _ in _numbers(self.src, "publics", at, value, "COMP-04", high)]
        if len(set(self.publics)) != len(self.publics):
            self.fail("publics", "COMP-04", "a public objective is in play twice")
        most = 2 if self.solo else 3
        if len(self.publics) > most:
            self.fail(
                "publics",
                "SOLO-01" if self.solo else "SETUP-05",
                f"{most} public objectives are in play, got {len(self.publics)}",
            )

    def _read_difficulty(self) -> None:
        if "difficulty" in self.fields:
            at, value = self.fields["difficulty"]
            if not self.solo:
                self.fail("difficulty", "SETUP-04", "only the solo game has a difficulty")
            self.difficulty = _number(self.src, "difficulty", at, value, "SOLO-01", 1, 5)
        elif self.solo:
            self.fail(
                "players",
                "SOLO-01",
                "the solo game gives its difficulty, 1 to 5 tool cards: write difficulty:N",
                at=self.players_text[0][0] - 3,
            )
        most = self.difficulty if self.difficulty is not None else 3
        if len(self.tools) > most:
            self.fail(
                "tools",
                "SOLO-01" if self.solo else "SETUP-04",
                f"{most} tool cards are in play, got {len(self.tools)}",
            )

    def _read_dice(self) -> None:
        src, table = self.src, self.table
        at, value = self.fields["pool"]
        self.pool = tuple(sorted(_dice(src, "pool", at, value, table)))
        at, value = self.fields["track"]
        if value != _NONE:
            spaces = value.split("/")
            if len(spaces) > table.rounds:
                src.fail("track", at, "COMP-07", f"the round track has {table.rounds} spaces")
            for index, space in enumerate(spaces):
                if not space:
                    src.fail("track", at, "ENG-12", "write '-' for an empty space of the track")
                field = f"track space {index + 1}"
                self.track.append(tuple(sorted(_dice(src, field, at, space, table))))
                self.track_at.append(at)
                at += len(space) + 1
        self.track += [()] * (table.rounds - len(self.track))

    def _read_turn_fields(self) -> None:
        src, table = self.src, self.table
        if "hand" in self.fields:
            at, value = self.fields["hand"]
            if len(value) != 2:
                src.fail(
                    "hand",
                    at,
                    "TURN-04",
                    f"the hand holds one die, such as 'B5'; found {_show(value)}",
                )
            self.hand = _die(src, "hand", at, value, table, unknown=True)
        if "done" in self.fields:
            at, value = self.fields["done"]
            if value not in ("draft", "tool", "draft,tool"):
                src.fail(
                    "done",
                    at,
                    "TURN-01",
                    f"expected draft, tool or draft,tool (what was done this turn), found "
                    f"{_show(value)}",
                )
            self.drafted, self.tool_used = "draft" in value, "tool" in value
        if "tool" in self.fields:
            at, value = self.fields["tool"]
            number = _number(src, "tool", at, value, "COMP-06", 1, len(table.tools))
            slots = [s for s, card in enumerate(self.tools) if table.tools[card].number == number]
            if not slots:
                src.fail("tool", at, "TOOL-14", f"tool {number} is not in play")
            self.active = slots[0]
        if "step" in self.fields:
            at, value = self.fields["step"]
            if value not in _SUBS:
                src.fail(
                    "step",
                    at,
                    "TOOL-14",
                    f"expected one of {', '.join(_SUBS)}, found {_show(value)}",
                )
            self.sub = _SUBS[_SUBS.index(value)]  # type: ignore[assignment]
        if "lifted" in self.fields:
            self.lifted = _space(src, "lifted", *self.fields["lifted"])
        if "moved" in self.fields:
            self.moved = _space(src, "moved", *self.fields["moved"])
        if "skips" in self.fields:
            at, value = self.fields["skips"]
            self.skips = [s - 1 for s, _ in _numbers(src, "skips", at, value, "RUL-06", self.n)]
            if self.skips != sorted(set(self.skips)) or not self.skips:
                self.fail("skips", "RUL-06", "the players are listed once each, in seat order")

    def _read_chance(self) -> ChanceStep | None:
        """The pending chance step; setup's steps get their seat and index from :meth:`_deal`."""
        field = self.fields.get("chance")
        if field is None:
            return None
        src, table = self.src, self.table
        at, value = field
        kind, dot, detail = value.partition(".")
        if self.over:
            src.fail("chance", at, "ROUND-06", "the game is over: no chance step follows")
        kinds = _DEALS if self.in_setup else _ROUND_CHANCE
        if kind not in kinds:
            what = "setup deals" if self.in_setup else "rounds have"
            src.fail(
                "chance",
                at,
                "ENG-03",
                f"{what} the chance steps {', '.join(kinds)}; found {_show(value)}",
            )
        if kind == "roll":
            if not dot or len(detail) != 1:
                src.fail("chance", at, "ENG-04", "a roll names the colour of the die drawn: roll.G")
            colour = _colour(src, "chance", at + 5, detail, table)
            return ChanceStep("roll", dice=(die(colour, 0),))
        if kind == "reroll":
            return ChanceStep("reroll", dice=self._reroll(at + 7, detail if dot else ""))
        if dot:
            src.fail("chance", at + len(kind), "ENG-12", f"a {kind} step has no detail")
        return ChanceStep(kind)  # type: ignore[arg-type]

    def _reroll(self, at: int, detail: str) -> tuple[Die, ...]:
        """Glazing Hammer's dice still to re-roll: pool dice, in canonical order (ENG-04)."""
        src, table = self.src, self.table
        if not detail:
            src.fail(
                "chance",
                at,
                "ENG-04",
                "a re-roll lists the pool dice still to re-roll: reroll.B1G4",
            )
        dice = _dice(src, "chance", at, detail, table)
        if dice != sorted(dice):
            src.fail(
                "chance",
                at,
                "ENG-04",
                "the pool dice are re-rolled in canonical order (colour, then value)",
            )
        rest = list(self.pool)
        for d in dice:
            if d not in rest:
                src.fail(
                    "chance", at, "TOOL-07", f"the pool holds no {_die_text(table, d)} to re-roll"
                )
            rest.remove(d)
        return tuple(dice)

    def _bag(self) -> tuple[int, ...]:
        at, text = self.fields["bag"]
        counts = [0] * self.table.colours
        if text == _NONE:
            return tuple(counts)
        pos = 0
        while pos < len(text):
            begin = pos
            while pos < len(text) and text[pos].isascii() and text[pos].isdigit():
                pos += 1
            count = 1
            if pos > begin:
                count = _number(self.src, "bag", at + begin, text[begin:pos], "COMP-01", 2, 18)
            colour = _colour(self.src, "bag", at + pos, text[pos : pos + 1], self.table)
            if counts[colour]:
                self.src.fail("bag", at + pos, "COMP-01", "write each colour once")
            counts[colour] = count
            pos += 1
        return tuple(counts)

    # -- the checks across fields (ENG-15) ------------------------------------------------

    def _player_state(self, seat: int, p: _Player) -> PlayerState:
        """A player's cards, favor tokens and private objectives (SETUP-01 to SETUP-03)."""
        table = self.table
        field = f"player {seat + 1}"
        cards = p.cards
        if p.pattern is not None:
            card = table.patterns[p.pattern].card - 1
            if cards is None:
                cards = (card,)
            elif card not in cards:
                self.fail(
                    f"{field} cards",
                    "SETUP-02",
                    f"{table.patterns[p.pattern].name} is a face of card {card + 1}, which the "
                    "player was not dealt",
                    at=p.cards_at,
                )
        elif cards is None:
            cards = ()
        favor = 0
        if p.favor is not None:
            if self.solo or p.pattern is None:
                self.fail(
                    f"{field} favor",
                    "SOLO-01" if self.solo else "SETUP-03",
                    "the solo game has no favor tokens"
                    if self.solo
                    else "favor tokens are taken with the pattern",
                    at=p.favor_at,
                )
            most = table.patterns[p.pattern].favor
            if p.favor > most:
                self.fail(
                    f"{field} favor",
                    "SETUP-03",
                    f"{table.patterns[p.pattern].name} gives {most} favor tokens, not more",
                    at=p.favor_at,
                )
            favor = p.favor
        elif p.pattern is not None and not self.solo:
            favor = table.patterns[p.pattern].favor
        want = 2 if self.solo else 1
        dealing = self.in_setup and self.chance is not None
        if len(p.privates) > want or (p.privates and len(p.privates) < want and not dealing):
            self.fail(
                f"{field} private",
                "SOLO-01" if self.solo else "SETUP-01",
                f"the player holds {want} private objective{'s' if want > 1 else ''}",
                at=p.private_at,
            )
        if self.in_setup and any(d is not None for d in p.window):
            self.fail(
                f"{field} window",
                "ROUND-02",
                "dice are placed from round 1 on: the windows are empty in setup",
                at=p.pattern_at,
            )
        return PlayerState(
            cards=cards, pattern=p.pattern, window=p.window, favor=favor, privates=p.privates
        )
