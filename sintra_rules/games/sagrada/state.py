"""Sagrada's immutable game state: frozen, slotted, hashable values that compare by value.

Nothing mutable is reachable from a :class:`SagradaState` (ENG-02): every collection is a
tuple and the component table is itself frozen. Seats are 0-based in clockwise order (ENG-01);
colours are indices into the table's colours (red, yellow, green, blue, purple: COMP-01);
window spaces are 0 to 19, row-major from the top left (COMP-03). A die is the pair
``(colour, value)``; the engine shares one tuple per die (:func:`die`), so states stay small.

>>> die(3, 5), die(3, 5) is die(3, 5)
((3, 5), True)
>>> snake_seat(start=2, step=0, players=3), snake_seat(2, 2, 3), snake_seat(2, 3, 3)
(2, 1, 1)
"""

from __future__ import annotations

import enum
from typing import ClassVar, Final, Literal, TypeAlias

import attrs

from sintra_rules.games.sagrada.components import COLUMNS, ROWS, SPACES, SagradaComponents

__all__ = [
    "BORDER",
    "DIAGONAL",
    "NEIGHBOURS",
    "ORTHOGONAL",
    "ChanceKind",
    "ChanceStep",
    "Die",
    "PlayerState",
    "SagradaState",
    "SubStep",
    "die",
    "evolved",
    "snake_seat",
]

#: A die: ``(colour, value)``; value 1 to 6, or 0 for the die Flux Remover drew whose value is
#: still to be chosen (RUL-12).
Die: TypeAlias = tuple[int, int]

_DICE: tuple[Die, ...] = tuple((c, v) for c in range(5) for v in range(7))


def die(colour: int, value: int) -> Die:
    """The engine's shared tuple for the die ``(colour, value)`` (equal to the plain tuple).

    Args:
        colour: 0 to 4.
        value: 1 to 6 (0: a Flux Remover die whose value is not chosen yet).

    Returns:
        The die.
    """
    if 0 <= colour < 5 and 0 <= value < 7:
        return _DICE[colour * 7 + value]
    return (colour, value)


def _neighbours(cell: int, steps: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    row, col = divmod(cell, COLUMNS)
    out = []
    for dr, dc in steps:
        r, c = row + dr, col + dc
        if 0 <= r < ROWS and 0 <= c < COLUMNS:
            out.append(r * COLUMNS + c)
    return tuple(sorted(out))


_ORTH_STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))
_DIAG_STEPS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
#: Per space, the orthogonally adjacent spaces (COMP-08, PLACE-06, PLACE-07).
ORTHOGONAL: tuple[tuple[int, ...], ...] = tuple(_neighbours(i, _ORTH_STEPS) for i in range(SPACES))
#: Per space, the diagonally adjacent spaces (COMP-08, PUB-10).
DIAGONAL: tuple[tuple[int, ...], ...] = tuple(_neighbours(i, _DIAG_STEPS) for i in range(SPACES))
#: Per space, the orthogonally or diagonally adjacent spaces (COMP-08, PLACE-02).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    _neighbours(i, _ORTH_STEPS + _DIAG_STEPS) for i in range(SPACES)
)
#: The 14 edge and corner spaces (COMP-08, PLACE-01).
BORDER: frozenset[int] = frozenset(
    i for i in range(SPACES) if i // COLUMNS in (0, ROWS - 1) or i % COLUMNS in (0, COLUMNS - 1)
)


def snake_seat(start: int, step: int, players: int) -> int:
    """The seat of turn ``step`` (0 to 2n-1) of a round started by ``start`` (ROUND-03): the
    seats clockwise from the start player, then the same seats in reverse.

    Args:
        start: the round's start player.
        step: the position in the round's order.
        players: the number of players.

    Returns:
        The seat.
    """
    if step < players:
        return (start + step) % players
    return (start + 2 * players - 1 - step) % players


#: What a pending chance step decides (ENG-03, ENG-04): ``"private"`` a private objective dealt
#: to ``seat`` (outcome: the card, 0 to 4), ``"pattern"`` a pattern card dealt to ``seat`` (0 to
#: 11), ``"tool"`` the tool card of slot ``index`` (0 to 11), ``"public"`` the public objective of
#: slot ``index`` (0 to 9), ``"start"`` the first start player (a seat); ``"draw"`` the colour of
#: a die drawn from the bag for the draft pool, ``"roll"`` its value (outcome: value - 1; ``dice``
#: holds ``(colour, 0)``); ``"reroll"`` the new value of a pool die Glazing Hammer re-rolls
#: (``dice``: the pool dice still to re-roll, with their old values, the rolling one first);
#: ``"brush"`` the new value of the die in hand (Flux Brush); ``"remover"`` the colour of the die
#: Flux Remover draws from the bag.
ChanceKind: TypeAlias = Literal[
    "private", "pattern", "tool", "public", "start", "draw", "roll", "reroll", "brush", "remover"
]

#: The step of a tool card in progress (TOOL-14): ``""`` none; ``"grozing"`` +1 or -1
#: (TOOL-01); ``"lens"`` the round-track die to swap with (TOOL-05); ``"cork"`` the place for the
#: die in hand (TOOL-09); ``"flux"`` the value of the new die, then ``"flux_place"`` place it or
#: return it (RUL-12); ``"pick"`` the die to move and ``"drop"`` its destination (TOOL-13);
#: ``"pick2"`` Lathekin's second die and ``"drop2"`` the destination of a second move (TOOL-04,
#: TOOL-12); ``"running"`` the extra draft (RUL-06).
SubStep: TypeAlias = Literal[
    "", "grozing", "lens", "cork", "flux", "flux_place", "pick", "drop", "pick2", "drop2", "running"
]


@attrs.frozen(cache_hash=True)
class ChanceStep:
    """The random step a state waits for (ENG-03): its ``kind``, the ``seat`` and ``index`` a
    card is dealt to, and for ``"roll"`` and ``"reroll"`` the ``dice`` to roll.

    >>> ChanceStep("draw")
    ChanceStep(kind='draw', seat=0, index=0, dice=())
    """

    kind: ChanceKind
    seat: int = 0
    index: int = 0
    dice: tuple[Die, ...] = ()


@attrs.frozen(cache_hash=True)
class PlayerState:
    """One player: the pattern cards dealt (card numbers 0 to 11, public: RUL-10), the chosen
    pattern (an index into the table's patterns, ``None`` until chosen), the window (20 spaces,
    each a die or ``None``), the favor tokens left (SETUP-03; identical tokens, only their
    number matters: COMP-09) and the private objective cards
    (indices 0 to 4; hidden from the other seats, ENG-06; solo: two, SOLO-01).
    """

    cards: tuple[int, ...]
    pattern: int | None
    window: tuple[Die | None, ...]
    favor: int
    privates: tuple[int, ...]

    @property
    def dice(self) -> int:
        """Dice in the window."""
        return SPACES - self.window.count(None)


@attrs.frozen(cache_hash=True)
class SagradaState:
    """A complete, immutable Sagrada position (ENG-02).

    ``round`` is 0 during setup, then 1 to 10, and 11 once the game is over (ROUND-06).
    ``start`` is the round's start player and ``step`` the position in its snake order
    (ROUND-03, :func:`snake_seat`); ``turn`` is the seat to act (during setup: the seat
    choosing its pattern, RUL-10). ``tools`` holds the tool cards in play by slot (indices into
    the table's tools), ``tokens`` the favor tokens on each (FAVOR-02), ``spent`` (solo) the die
    paid for each, ``None`` while unused (SOLO-03); ``publics`` the public objectives
    (COMP-04). ``pool`` is the draft pool in canonical order (sorted), ``hand`` the die drafted
    and not yet placed, ``track`` the dice on each round's round-track space (sorted), ``bag``
    the dice in the bag per colour. Per turn: ``drafted`` (the turn's draft is used: TURN-03),
    ``tool_used`` (FAVOR-01), ``active`` (the slot of the tool in progress) and ``sub`` (its
    step, :data:`SubStep`), ``lifted`` (the space of the die being moved: TOOL-13), ``moved``
    (the space a first move took its die to: Lathekin's die that may not move again, TOOL-04;
    after Tap Wheel's first move, the die whose colour a second move may take, RUL-07).
    ``skips`` are the seats whose second turn this round is skipped
    (RUL-06). ``difficulty`` is the solo difficulty (tools in play, SOLO-01), else ``None``.
    ``rng`` is the SplitMix64 generator state or ``None`` (ENG-05); ``chance`` the pending
    random step or ``None`` (ENG-03).
    """

    GAME: ClassVar[str] = "sagrada"

    components: SagradaComponents = attrs.field(repr=False)
    players: tuple[PlayerState, ...]
    round: int
    start: int
    step: int
    turn: int
    tools: tuple[int, ...]
    tokens: tuple[int, ...]
    spent: tuple[Die | None, ...]
    publics: tuple[int, ...]
    pool: tuple[Die, ...]
    hand: Die | None
    track: tuple[tuple[Die, ...], ...]
    bag: tuple[int, ...]
    drafted: bool
    tool_used: bool
    active: int | None
    sub: SubStep
    lifted: int | None
    moved: int | None
    skips: tuple[int, ...]
    difficulty: int | None
    rng: int | None
    chance: ChanceStep | None = None

    @property
    def num_players(self) -> int:
        """The number of players (COMP-02)."""
        return len(self.players)

    @property
    def is_over(self) -> bool:
        """True once round 10 has ended (ROUND-06)."""
        return self.round > self.components.rounds

    @property
    def is_chance(self) -> bool:
        """True while a chance step is pending (ENG-03)."""
        return self.chance is not None

    @property
    def is_solo(self) -> bool:
        """True in the solo game (SOLO-01)."""
        return len(self.players) == 1

    @property
    def in_setup(self) -> bool:
        """True before round 1: cards being dealt or patterns chosen (SETUP-01 to SETUP-06)."""
        return self.round == 0

    @property
    def current(self) -> PlayerState:
        """The player to act."""
        return self.players[self.turn]

    def tool_number(self, slot: int) -> int:
        """The number (1 to 12: TOOL-01 to TOOL-12) of the tool card in ``slot``."""
        return self.components.tools[self.tools[slot]].number

    def __str__(self) -> str:
        """The position as the text board (:func:`~sintra_rules.games.sagrada.render.render`)."""
        from sintra_rules.games.sagrada.render import render

        return render(self)

    def _repr_svg_(self) -> str:
        """The position as an SVG picture, for Jupyter
        (:func:`~sintra_rules.games.sagrada.svg.state_to_svg`)."""
        from sintra_rules.games.sagrada.svg import state_to_svg

        return state_to_svg(self)

    def dice_counts(self) -> tuple[int, ...]:
        """Dice per colour over every location (COMP-01): bag, pool, hand, round track,
        windows, dice paid for solo tools and a drawn die waiting for its roll (ENG-03); always 18
        each."""
        counts = list(self.bag)
        if self.chance is not None and self.chance.kind == "roll":
            counts[self.chance.dice[0][0]] += 1
        dice: list[Die | None] = [*self.pool, self.hand, *self.spent]
        for space in self.track:
            dice.extend(space)
        for player in self.players:
            dice.extend(player.window)
        for d in dice:
            if d is not None:
                counts[d[0]] += 1
        return tuple(counts)


class _Keep(enum.Enum):
    """The marker of a field :func:`evolved` keeps."""

    KEEP = enum.auto()


KEEP: Final = _Keep.KEEP


def evolved(
    state: SagradaState,
    *,
    players: tuple[PlayerState, ...] | _Keep = KEEP,
    round: int | _Keep = KEEP,
    start: int | _Keep = KEEP,
    step: int | _Keep = KEEP,
    turn: int | _Keep = KEEP,
    tools: tuple[int, ...] | _Keep = KEEP,
    tokens: tuple[int, ...] | _Keep = KEEP,
    spent: tuple[Die | None, ...] | _Keep = KEEP,
    publics: tuple[int, ...] | _Keep = KEEP,
    pool: tuple[Die, ...] | _Keep = KEEP,
    hand: Die | _Keep | None = KEEP,
    track: tuple[tuple[Die, ...], ...] | _Keep = KEEP,
    bag: tuple[int, ...] | _Keep = KEEP,
    drafted: bool | _Keep = KEEP,
    tool_used: bool | _Keep = KEEP,
    active: int | _Keep | None = KEEP,
    sub: SubStep | _Keep = KEEP,
    lifted: int | _Keep | None = KEEP,
    moved: int | _Keep | None = KEEP,
    skips: tuple[int, ...] | _Keep = KEEP,
    difficulty: int | _Keep | None = KEEP,
    rng: int | _Keep | None = KEEP,
    chance: ChanceStep | _Keep | None = KEEP,
) -> SagradaState:
    """``state`` with the given fields changed: :func:`attrs.evolve` for the engine's hot paths
    (ENG-02: a new frozen value; ``state`` is never changed), without its per-call look-up of
    the class's fields. Every field not given keeps its value.

    Args:
        state: the state.
        players: the new ``players``.
        round: the new ``round``.
        start: the new ``start``.
        step: the new ``step``.
        turn: the new ``turn``.
        tools: the new ``tools``.
        tokens: the new ``tokens``.
        spent: the new ``spent``.
        publics: the new ``publics``.
        pool: the new ``pool``.
        hand: the new ``hand``.
        track: the new ``track``.
        bag: the new ``bag``.
        drafted: the new ``drafted``.
        tool_used: the new ``tool_used``.
        active: the new ``active``.
        sub: the new ``sub``.
        lifted: the new ``lifted``.
        moved: the new ``moved``.
        skips: the new ``skips``.
        difficulty: the new ``difficulty``.
        rng: the new ``rng``.
        chance: the new ``chance``.

    Returns:
        The new state.

    >>> from sintra_rules.games.sagrada import new_game
    >>> state = new_game(2, seed=0)
    >>> evolved(state, turn=1) == attrs.evolve(state, turn=1), evolved(state) == state
    (True, True)
    """
    return SagradaState(
        state.components,
        state.players if players is KEEP else players,
        state.round if round is KEEP else round,
        state.start if start is KEEP else start,
        state.step if step is KEEP else step,
        state.turn if turn is KEEP else turn,
        state.tools if tools is KEEP else tools,
        state.tokens if tokens is KEEP else tokens,
        state.spent if spent is KEEP else spent,
        state.publics if publics is KEEP else publics,
        state.pool if pool is KEEP else pool,
        state.hand if hand is KEEP else hand,
        state.track if track is KEEP else track,
        state.bag if bag is KEEP else bag,
        state.drafted if drafted is KEEP else drafted,
        state.tool_used if tool_used is KEEP else tool_used,
        state.active if active is KEEP else active,
        state.sub if sub is KEEP else sub,
        state.lifted if lifted is KEEP else lifted,
        state.moved if moved is KEEP else moved,
        state.skips if skips is KEEP else skips,
        state.difficulty if difficulty is KEEP else difficulty,
        state.rng if rng is KEEP else rng,
        state.chance if chance is KEEP else chance,
    )
