"""The checks of a Sagrada position across its fields (ENG-15) and the bag derived by
conservation of the 90 dice (COMP-01): the deal, the start player, the favor tokens, the phase
of the round, the turn in progress, the tool in use, the windows and the player's decision.

:class:`_Checks` holds what :mod:`~sintra_rules.games.sagrada.position.reader` has read of a
position's fields; its checks run once every field is read.
"""

from __future__ import annotations

from typing import NoReturn

from sintra_rules.games.sagrada.components import SagradaComponents
from sintra_rules.games.sagrada.placement import has_legal_cell, space_name
from sintra_rules.games.sagrada.position.grammar import (
    _BRUSH,
    _COPPER,
    _EGLOMISE,
    _HAMMER,
    _LENS,
    _REMOVER,
    _RUNNING,
    _STEP_TOOL,
    _TAP,
    _TOOL_ROLLS,
    _Player,
    _Text,
)
from sintra_rules.games.sagrada.state import (
    BORDER,
    ORTHOGONAL,
    ChanceStep,
    Die,
    PlayerState,
    SagradaState,
    SubStep,
    snake_seat,
)
from sintra_rules.games.sagrada.tools import AFTER_DRAFT as _AFTER_DRAFT

__all__: list[str] = []


class _Checks:
    """The fields of a position as read, and the checks across them (ENG-15)."""

    def __init__(
        self,
        src: _Text,
        table: SagradaComponents,
        fields: dict[str, tuple[int, str]],
        players: list[tuple[int, str]],
    ) -> None:
        self.src = src
        self.table = table
        self.fields = fields
        self.players_text = players
        self.n = len(players)
        self.solo = self.n == 1
        self.round = 0
        self.start: int | None = None
        self.turn_seat = 0
        self.turn_k = 0
        self.tools: list[int] = []
        self.tokens: list[int] = []
        self.spent: list[Die | None] = []
        self.publics: list[int] = []
        self.difficulty: int | None = None
        self.pool: tuple[Die, ...] = ()
        self.track: list[tuple[Die, ...]] = []
        self.track_at: list[int] = []
        self.hand: Die | None = None
        self.drafted = False
        self.tool_used = False
        self.active: int | None = None
        self.sub: SubStep = ""
        self.lifted: int | None = None
        self.moved: int | None = None
        self.skips: list[int] = []
        self.chance: ChanceStep | None = None
        self.players: list[_Player] = []
        self.bag_given: tuple[int, ...] | None = None

    def fail(self, field: str, clause: str, reason: str, at: int | None = None) -> NoReturn:
        """Refuse the position at ``field`` (its first character unless ``at`` is given)."""
        where = self.fields[field][0] if at is None and field in self.fields else (at or 0)
        self.src.fail(field, where, clause, reason)

    @property
    def in_setup(self) -> bool:
        return self.round == 0

    @property
    def over(self) -> bool:
        return self.round > self.table.rounds

    # -- the checks across fields ----------------------------------------------------

    def _deal(self, players: list[PlayerState]) -> ChanceStep | None:
        """The cards dealt: each once (COMP-03, COMP-05), all of them after setup, and in setup
        a beginning of ENG-04's order; returns setup's pending deal step with its seat and
        index (SETUP-01 to SETUP-05, ENG-04)."""
        for kind, clause, holders in (
            ("private", "COMP-05", [p.privates for p in players]),
            ("pattern", "COMP-03", [p.cards for p in players]),
        ):
            seen: set[int] = set()
            for seat, cards in enumerate(holders):
                if seen & set(cards):
                    field = f"player {seat + 1} {'private' if kind == 'private' else 'cards'}"
                    self.fail(
                        field,
                        clause,
                        f"a {kind} card is dealt only once",
                        at=self.players[seat].pattern_at,
                    )
                seen |= set(cards)
        solo = self.solo
        want_tools = self.difficulty if solo else 3
        assert want_tools is not None
        want_publics = 2 if solo else 3
        if not self.in_setup:
            if len(self.tools) != want_tools:
                self.fail(
                    "tools",
                    "SOLO-01" if solo else "SETUP-04",
                    f"{want_tools} tool cards are in play after setup, got {len(self.tools)}",
                )
            if len(self.publics) != want_publics:
                self.fail(
                    "publics",
                    "SOLO-01" if solo else "SETUP-05",
                    f"{want_publics} public objectives are in play after setup, got "
                    f"{len(self.publics)}",
                )
            return None
        items: list[tuple[str, int, int, bool]] = []
        for seat, p in enumerate(players):
            items += [("private", seat, i, len(p.privates) > i) for i in range(2 if solo else 1)]
        for seat, p in enumerate(players):
            items += [("pattern", seat, i, len(p.cards) > i) for i in range(2)]
        items += [("tool", 0, i, len(self.tools) > i) for i in range(want_tools)]
        items += [("public", 0, i, len(self.publics) > i) for i in range(want_publics)]
        if self.chance is None:
            # choosing patterns: every card dealt (the private objectives may be unknown)
            missing = [item for item in items if not item[3] and item[0] != "private"]
            if missing:
                kind = missing[0][0]
                self.fail(
                    "players" if kind == "pattern" else f"{kind}s",
                    "ENG-04",
                    f"the {kind} cards are not all dealt: write the pending step, chance:{kind}",
                    at=self.players_text[0][0] - 3 if kind == "pattern" else None,
                )
            return None
        done = [item[3] for item in items]
        first_missing = done.index(False) if False in done else len(done)
        if any(done[first_missing:]):
            self.fail(
                "chance",
                "ENG-04",
                "cards are dealt in the order of ENG-04: the private objectives, each player's two "
                "pattern cards, the tools, the public objectives, then the start player",
            )
        if first_missing < len(items):
            kind, seat, index, _ = items[first_missing]
            expected = ChanceStep(kind, seat, index)  # type: ignore[arg-type]
        elif not solo:
            expected = ChanceStep("start")
        else:
            self.fail("chance", "ENG-04", "every card is dealt: no chance step is pending")
        if self.chance.kind != expected.kind:
            self.fail(
                "chance",
                "ENG-04",
                f"the next step of the deal is chance:{expected.kind} (ENG-04 fixes the order)",
            )
        return expected

    def _check_start(self) -> None:
        """The start player: drawn as setup's last step (RUL-19); the solo player's seat."""
        drawing = self.in_setup and not self.solo and self.chance is not None
        if self.start is None and not drawing:
            self.fail(
                "start", "ROUND-05", "write the start player (only setup's deal has none yet)"
            )
        if self.start is not None and drawing:
            self.fail(
                "start",
                "RUL-19",
                "while cards are dealt the start player is not drawn yet: write start:-",
            )
        if self.solo and self.start not in (None, 0):
            self.fail("start", "SOLO-02", "the solo player is player 1")

    def _favor(self, players: list[PlayerState]) -> None:
        """FAVOR-04: the tokens on the tool cards are those the players spent; the solo game
        has none (SOLO-01)."""
        table = self.table
        if self.solo:
            if any(self.tokens):
                self.fail("tools", "SOLO-01", "the solo game has no favor tokens")
            return
        if any(d is not None for d in self.spent):
            self.fail("tools", "SOLO-03", "only the solo game pays for tools with dice")
        spent = sum(
            table.patterns[p.pattern].favor - p.favor for p in players if p.pattern is not None
        )
        if spent != sum(self.tokens):
            self.fail(
                "tools",
                "FAVOR-04",
                f"the tool cards hold {sum(self.tokens)} favor tokens, but the players spent "
                f"{spent} (their patterns' difficulty less the tokens they hold)",
            )

    def _check_phase(self, players: list[PlayerState]) -> tuple[int, int]:
        """Setup, a round or the end: what each allows (RUL-10, ROUND-02 to ROUND-04); returns
        the position in the snake order and the seat to act (ROUND-03)."""
        n, table = self.n, self.table
        idle = [
            name
            for name, given in (
                ("pool", bool(self.pool)),
                ("hand", self.hand is not None),
                ("done", self.drafted or self.tool_used),
            )
            if given
        ]
        if (self.in_setup or self.over) and idle:
            when = "in setup" if self.in_setup else "once the game is over"
            self.fail(idle[0], "TURN-01", f"no turn is in progress {when}")
        if self.in_setup:
            if any(self.track):
                self.fail("track", "ROUND-04", "the round track is empty until round 1 ends")
            if any(d is not None for d in self.spent):
                self.fail("tools", "SOLO-03", "no tool is used in setup")
            chose = [p.pattern is not None for p in players]
            if self.chance is not None:
                if self.turn_seat != 0:
                    self.fail("turn", "ENG-04", "while cards are dealt nobody chooses: turn:1")
                if any(chose):
                    self.fail(
                        f"player {chose.index(True) + 1}",
                        "ENG-04",
                        "patterns are chosen after the deal",
                        at=self.players[chose.index(True)].pattern_at,
                    )
            elif chose != [s < self.turn_seat for s in range(n)]:
                self.fail(
                    "turn",
                    "RUL-10",
                    f"the players choose their patterns in seat order: player "
                    f"{self.turn_seat + 1} chooses once those before have chosen and none after",
                )
            return 0, self.turn_seat
        for seat, p in enumerate(players):
            if p.pattern is None:
                self.fail(
                    f"player {seat + 1}",
                    "RUL-10",
                    "every player has chosen a pattern after setup",
                    at=self.players[seat].pattern_at,
                )
        if not self.over:
            for index in range(self.round - 1, table.rounds):
                if self.track[index]:
                    self.fail(
                        "track",
                        "ROUND-04",
                        f"space {index + 1} holds dice, but round {index + 1} has not ended",
                        at=self.track_at[index],
                    )
        if len(self.pool) > table.pool_size(n):
            self.fail(
                "pool",
                "ROUND-02",
                f"the draft pool holds {table.pool_size(n)} dice at most with {n} "
                f"player{'s' if n > 1 else ''}",
            )
        start = 0 if self.start is None else self.start
        offset = (self.turn_seat - start) % n
        step = offset if self.turn_k == 1 else 2 * n - 1 - offset
        return step, snake_seat(start, step, n)

    def _turn_state(self, step: int, players: list[PlayerState]) -> None:
        """The turn in progress is one the rules reach (TURN-01 to TURN-04, TOOL-13, TOOL-14,
        RUL-06, RUL-12, RUL-14, ENG-04)."""
        table = self.table
        in_round = 0 < self.round <= table.rounds
        progress = [
            name
            for name, given in (
                ("tool", self.active is not None),
                ("step", bool(self.sub)),
                ("lifted", self.lifted is not None),
                ("moved", self.moved is not None),
                ("skips", bool(self.skips)),
            )
            if given
        ]
        if not in_round:
            if progress:
                self.fail(progress[0], "TURN-01", "no turn is in progress")
            return
        kind = None if self.chance is None else self.chance.kind
        if kind in ("draw", "roll"):
            if step != 0 or self.drafted or self.tool_used or self.hand is not None or progress:
                self.fail(
                    "chance",
                    "ROUND-02",
                    "the draft pool is drawn before the round's first turn: nothing is done yet",
                )
            if len(self.pool) >= table.pool_size(self.n):
                self.fail("chance", "ROUND-02", "the pool already holds its dice: none is drawn")
        if self.hand is not None and not self.drafted:
            self.fail("hand", "TURN-03", "a die in hand was drafted this turn: write done:draft")
        if self.active is not None and not self.tool_used:
            self.fail("tool", "FAVOR-01", "a tool in use was paid this turn: write done:tool")
        if (self.hand is not None and self.hand[1] == 0) != (self.sub == "flux"):
            self.fail(
                "hand" if self.hand is not None else "step",
                "RUL-12",
                "the die Flux Remover drew has no value ('G?') exactly while its value is chosen "
                "(step:flux)",
            )
        self._skips(step)
        self._skips_paid(step, players)
        self._tool_step(step)
        self._moving(step, players)
        self._tool_chance(step, players)
        self._tool_paid(step, players)

    def _skips(self, step: int) -> None:
        """RUL-06: a skipped second turn is not played; a player gives it up in the first."""
        start = 0 if self.start is None else self.start
        seat = snake_seat(start, step, self.n)
        if step >= self.n and seat in self.skips:
            self.fail("turn", "RUL-06", "this turn is skipped (Running Pliers): it is not played")
        for s in self.skips:
            if (s - start) % self.n > step:
                self.fail(
                    "skips", "RUL-06", f"player {s + 1} has not had the first turn of the round yet"
                )
        if self.sub == "running" and (not self.drafted or step >= self.n or seat not in self.skips):
            self.fail(
                "step",
                "RUL-06",
                "Running Pliers follows the draft of a first turn and skips the player's second "
                "turn (skips:)",
            )

    # -- what a tool used this turn, or a skipped turn, says of the cards (FAVOR-02, SOLO-03)

    def _number(self, slot: int) -> int:
        """The number of the tool card in ``slot`` (COMP-06)."""
        return self.table.tools[self.tools[slot]].number

    def _spent(self, players: list[PlayerState], seat: int) -> int:
        """The favor tokens ``seat`` has spent: its pattern's difficulty less those it holds
        (SETUP-03, FAVOR-04)."""
        player = players[seat]
        assert player.pattern is not None
        return self.table.patterns[player.pattern].favor - player.favor

    def _paid_by(self, players: list[PlayerState], seat: int, slot: int) -> bool:
        """Whether ``seat`` can have paid for the card in ``slot`` in this turn: in the solo
        game the card was used (paid with a die, SOLO-03); otherwise it holds tokens and the
        seat spent at least the last use's cost, 1 if the card holds 1 token, else 2
        (FAVOR-02)."""
        if self.solo:
            return self.spent[slot] is not None
        tokens = self.tokens[slot]
        return tokens > 0 and self._spent(players, seat) >= (1 if tokens == 1 else 2)

    def _fits_now(self, step: int, slot: int, seat: int) -> bool:
        """Whether the card in ``slot`` can have been used in this turn, by its timing (TOOL-14):
        Glazing Hammer in a second turn, Running Pliers in a first turn after the draft with the
        player's second turn skipped, an after-drafting tool after the draft, Lens Cutter and Tap
        Wheel with a die on the round track."""
        number = self._number(slot)
        if number == _HAMMER:
            return step >= self.n
        if number == _RUNNING:
            return step < self.n and self.drafted and seat in self.skips
        if number in _AFTER_DRAFT and not self.drafted:
            return False
        return number not in (_LENS, _TAP) or any(self.track)

    def _tool_paid(self, step: int, players: list[PlayerState]) -> None:
        """FAVOR-01, FAVOR-02, SOLO-03, TOOL-14: a tool used this turn (``done:tool``) is a
        card in play that the player to act can have paid for in this turn and whose timing
        allows it; the tool in use (``tool:N``) is such a card."""
        if not self.tool_used:
            return
        seat = snake_seat(0 if self.start is None else self.start, step, self.n)
        clause = "SOLO-03" if self.solo else "FAVOR-02"
        how = "paid with a die" if self.solo else "paid for"
        if self.active is not None:
            if not self._paid_by(players, seat, self.active):
                number = self._number(self.active)
                if self.solo:
                    why = "its card is not marked used (=D, the die paid)"
                else:
                    tokens = self.tokens[self.active]
                    why = (
                        f"its card holds {tokens} favor token{'' if tokens == 1 else 's'} and "
                        f"player {seat + 1} spent {self._spent(players, seat)}"
                    )
                self.fail(
                    "tool",
                    clause,
                    f"tool {number} is in use, so player {seat + 1} paid for it in this turn, "
                    f"but {why}",
                )
            return
        slots = list(range(len(self.tools)))
        kind = None if self.chance is None else self.chance.kind
        if kind == "reroll":
            slots = [s for s in slots if self._number(s) == _HAMMER]
        elif self.moved is not None or self.sub == "drop2":
            slots = [s for s in slots if self._number(s) == _TAP]
        paid = [s for s in slots if self._paid_by(players, seat, s)]
        if not paid:
            spent = (
                "" if self.solo else f", and player {seat + 1} spent {self._spent(players, seat)}"
            )
            self.fail(
                "done",
                clause,
                f"done:tool says player {seat + 1} used a tool this turn, but no tool card was "
                f"{how} by that player"
                + ("" if self.solo else f" (tokens on the cards: {sum(self.tokens)}{spent})"),
            )
        if not any(self._fits_now(step, s, seat) for s in paid):
            names = ", ".join(str(self._number(s)) for s in paid)
            self.fail(
                "done",
                "TOOL-14",
                f"done:tool says player {seat + 1} used a tool this turn, but no paid card "
                f"({names}) can be used at this point of the turn",
            )

    def _skips_paid(self, step: int, players: list[PlayerState]) -> None:
        """TOOL-08, RUL-06, FAVOR-02: a skipped second turn was given up for Running Pliers,
        a card in play, paid by each player who skips (one use each this round); the player to
        act skips only by using it in this, their first turn."""
        if not self.skips:
            return
        slots = [s for s in range(len(self.tools)) if self._number(s) == _RUNNING]
        if not slots:
            self.fail(
                "skips",
                "TOOL-08",
                "Running Pliers (tool 8) is not in play: no second turn is skipped",
            )
        slot = slots[0]
        if self.solo:
            if self.spent[slot] is None:
                self.fail("skips", "SOLO-03", "Running Pliers was not used: no turn is skipped")
        else:
            tokens, k = self.tokens[slot], len(self.skips)
            uses = (tokens + 1) // 2
            if uses < k:
                self.fail(
                    "skips",
                    "FAVOR-02",
                    f"{k} player{'s' if k > 1 else ''} skip{'' if k > 1 else 's'} a turn, each "
                    "having used Running Pliers this round, but "
                    f"its card holds {tokens} favor token{'s' if tokens != 1 else ''} "
                    f"({'no use' if uses == 0 else f'{uses} use' + ('s' if uses > 1 else '')})",
                )
            # the card's first use costs 1 token, every later one 2 (FAVOR-02)
            cheap = 1 if uses == k else 0
            low = [s for s in self.skips if self._spent(players, s) < 2]
            poor = [s for s in low if self._spent(players, s) < 1]
            if poor or len(low) > cheap:
                who = (poor or low)[-1]
                self.fail(
                    "skips",
                    "FAVOR-02",
                    f"player {who + 1} skips a turn for Running Pliers but spent "
                    f"{self._spent(players, who)} favor token"
                    f"{'s' if self._spent(players, who) != 1 else ''}, less than its cost",
                )
        seat = snake_seat(0 if self.start is None else self.start, step, self.n)
        if step < self.n and seat in self.skips:
            ok = (
                self.drafted
                and self.tool_used
                and self.active in (None, slot)
                and self.sub in ("", "running")
                and self.moved is None
                and self.chance is None
            )
            if not ok:
                self.fail(
                    "skips",
                    "RUL-06",
                    f"player {seat + 1} is in the first turn of the round: the second is skipped "
                    "only once Running Pliers is used in this turn, after its draft "
                    "(done:draft,tool)",
                )

    def _tool_step(self, step: int) -> None:
        """TOOL-14: the step a tool in use waits for belongs to it."""
        sub, active = self.sub, self.active
        number = None if active is None else self.table.tools[self.tools[active]].number
        if not sub:
            if active is not None and (self.chance is None or self.chance.kind not in _TOOL_ROLLS):
                self.fail("tool", "TOOL-14", "a tool in use waits at a step: write step:NAME")
            return
        if not self.tool_used:
            self.fail("step", "TOOL-14", "a tool's step follows its payment: write done:tool")
        tap_second = sub == "drop2" and active is None
        if not tap_second and number not in _STEP_TOOL[sub]:
            names = " or ".join(str(t) for t in _STEP_TOOL[sub])
            self.fail("step", "TOOL-14", f"step:{sub} belongs to tool {names}: write tool:N")
        needs_hand = sub in ("grozing", "lens", "cork", "flux", "flux_place")
        if needs_hand != (self.hand is not None):
            what = "acts on the die in hand" if needs_hand else "holds no die in hand"
            self.fail("step", "TOOL-14", f"step:{sub} {what}")
        if sub == "lens" and not any(self.track):
            self.fail("step", "TOOL-05", "the round track holds no die to swap with")

    def _moving(self, step: int, players: list[PlayerState]) -> None:
        """TOOL-13: the die lifted, and the die a first move moved (TOOL-04, RUL-07)."""
        sub, lifted, moved = self.sub, self.lifted, self.moved
        if sub in ("drop", "drop2") and lifted is None:
            self.fail("step", "TOOL-13", f"step:{sub} places the lifted die: write lifted:rRcC")
        if sub not in ("drop", "drop2") and lifted is not None:
            self.fail("lifted", "TOOL-13", "a die is lifted only while its move waits (step:drop)")
        second = sub in ("pick2", "drop2") or (sub == "" and moved is not None)
        if second != (moved is not None):
            self.fail(
                "moved" if moved is not None else "step",
                "TOOL-13",
                "the space a first move took its die to is written exactly while a second move "
                "may follow (Lathekin, Tap Wheel)",
            )
        if moved is not None and sub == "" and (self.hand is not None or not self.tool_used):
            self.fail("moved", "RUL-07", "Tap Wheel's first move leaves no die in hand")
        if moved is not None and sub == "" and self.active is not None:
            self.fail("moved", "RUL-07", "Tap Wheel's second move follows a completed first move")
        start = 0 if self.start is None else self.start
        seat = snake_seat(start, step, self.n)
        window = players[seat].window
        for name, cell in (("lifted", lifted), ("moved", moved)):
            if cell is not None and window[cell] is None:
                self.fail(
                    name,
                    "TOOL-13",
                    f"{space_name(cell)} of player {seat + 1}'s window holds no die",
                )
        if lifted is not None and lifted == moved:
            self.fail("lifted", "TOOL-04", "the second move moves another die")

    def _tool_chance(self, step: int, players: list[PlayerState]) -> None:
        """The chance steps of tools: Flux Brush (TOOL-06; used only if a roll can give the die
        a legal space, RUL-20), Flux Remover (TOOL-11), Glazing Hammer (TOOL-07)."""
        kind = None if self.chance is None else self.chance.kind
        active = self.active
        number = None if active is None else self.table.tools[self.tools[active]].number
        if kind == "brush" and (number != _BRUSH or self.hand is None or self.sub):
            self.fail("chance", "TOOL-06", "Flux Brush re-rolls the die in hand: tool:6, hand:")
        if kind == "brush" and self.hand is not None:
            seat = snake_seat(0 if self.start is None else self.start, step, self.n)
            player = players[seat]
            assert player.pattern is not None
            pattern = self.table.patterns[player.pattern]
            colour = self.hand[0]
            if not any(has_legal_cell(player.window, pattern, (colour, v)) for v in range(1, 7)):
                self.fail(
                    "chance",
                    "RUL-20",
                    f"no {self.table.colour_codes[colour]} die has a legal space in player "
                    f"{seat + 1}'s window: Flux Brush is not used when no roll can place it",
                )
        if kind == "remover" and (number != _REMOVER or self.hand is not None or self.sub):
            self.fail("chance", "TOOL-11", "Flux Remover draws a die with none in hand: tool:11")
        if kind == "reroll" and (
            active is not None
            or self.sub
            or self.hand is not None
            or self.drafted
            or not self.tool_used
            or step < self.n
        ):
            self.fail(
                "chance",
                "TOOL-07",
                "Glazing Hammer re-rolls in a second turn, before the draft, once paid (done:tool)",
            )

    def _conserved(self, state: SagradaState) -> tuple[int, ...]:
        """COMP-01: the bag holds what remains of the 18 dice of each colour."""
        table = self.table
        counts = state.dice_counts()
        bag = tuple(table.dice_per_colour - c for c in counts)
        for colour, left in enumerate(bag):
            if left < 0:
                self.fail(
                    "bag" if self.bag_given is not None else "text",
                    "COMP-01",
                    f"{counts[colour]} {table.colour_names[colour]} dice are written, the game "
                    f"has {table.dice_per_colour} of each colour",
                    at=None if self.bag_given is not None else 0,
                )
        if self.bag_given is not None and self.bag_given != bag:
            shown = "".join(
                f"{n if n > 1 else ''}{c}"
                for c, n in zip(table.colour_codes, bag, strict=True)
                if n
            )
            self.fail(
                "bag",
                "COMP-01",
                f"the bag holds what is left of the 18 dice of each colour: {shown or '-'}",
            )
        return bag

    def _windows(self, state: SagradaState) -> None:
        """RUL-16: no window breaks a restriction (so PLACE-09 never applies): no two
        orthogonal neighbours of one colour or value (PLACE-06, PLACE-07), a die on a colour or
        value space of its own colour or value unless Eglomise Brush or Copper Foil Burnisher is
        in play (PLACE-03, PLACE-04, TOOL-02, TOOL-03), a lone die on an edge or corner space
        (PLACE-01)."""
        table = self.table
        numbers = {table.tools[card].number for card in state.tools}
        codes = table.colour_codes
        for seat, player in enumerate(state.players):
            if player.pattern is None:
                continue
            pattern = table.patterns[player.pattern]
            window = player.window
            at = self.players[seat].window_at
            for cell, d in enumerate(window):
                if d is None:
                    continue
                name = space_name(cell)
                field = f"player {seat + 1} {name}"
                need, want = pattern.colours[cell], pattern.values[cell]
                if need >= 0 and need != d[0] and _EGLOMISE not in numbers:
                    self.fail(
                        field,
                        "PLACE-03",
                        f"{name} takes only a {codes[need]} die, not {codes[d[0]]} (RUL-16)",
                        at=at[cell],
                    )
                if want and want != d[1] and _COPPER not in numbers:
                    self.fail(
                        field,
                        "PLACE-04",
                        f"{name} takes only a die showing {want}, not {d[1]} (RUL-16)",
                        at=at[cell],
                    )
                for other in ORTHOGONAL[cell]:
                    e = window[other]
                    if other < cell and e is not None and (e[0] == d[0] or e[1] == d[1]):
                        same = "colour" if e[0] == d[0] else "value"
                        self.fail(
                            field,
                            "PLACE-06" if same == "colour" else "PLACE-07",
                            f"{name} is orthogonally next to {space_name(other)}, a die of the "
                            f"same {same} (RUL-16)",
                            at=at[cell],
                        )
            dice = [cell for cell, d in enumerate(window) if d is not None]
            if len(dice) == 1 and dice[0] not in BORDER:
                name = space_name(dice[0])
                self.fail(
                    f"player {seat + 1} {name}",
                    "PLACE-01",
                    f"the window's only die lies on the inner space {name}; a first die goes on "
                    "an edge or corner space (RUL-16)",
                    at=at[dice[0]],
                )

    def _playable(self, state: SagradaState) -> None:
        """ENG-08, ENG-03: a player to act has a decision, a chance step an outcome."""
        from sintra_rules.games.sagrada.legality import legal_actions

        if state.chance is not None:
            if state.chance.kind in ("draw", "remover") and not any(state.bag):
                self.fail("chance", "ENG-03", "the bag is empty: no die can be drawn")
            return
        if not state.is_over and not legal_actions(state):
            self.fail(
                "turn",
                "ENG-08",
                f"player {state.turn + 1} would have no decision here: the turn in progress is "
                "not one the rules reach",
            )
