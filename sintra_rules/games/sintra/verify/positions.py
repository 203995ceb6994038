"""Builders for hand-made positions: the cases of the rule tests, for this and other engines.

The project's own rule tests build their positions with these functions, and another
implementation can build exactly the same cases (then convert them, or compare its answers with
:mod:`sintra_rules.games.sintra.verify.oracle` on them). Every builder takes immutable values and
returns new ones (``attrs.evolve``); nothing is changed in place. Pieces are written as strings of
colour codes (``"OOP"`` = two orange and one pink piece, in any order), so a position reads like the
rulebook's pictures. A hand-made position must still hold 20 pieces of each colour (COMP-01):
finish with :func:`rebalance`, which puts the surplus into (or takes the shortfall from) the bag
or the tower.

>>> state = bare(2, "A")
>>> table = state.components
>>> counts(table, "OOPY")
(0, 0, 2, 1, 1)
>>> state = set_factories(state, ["POOY"], centre="BB")
>>> state = set_strip(state, 0, 2, strip_for(table, "OOOPY", filled="OO"))
>>> state = rebalance(state)
>>> state.piece_counts()
(20, 20, 20, 20, 20)
>>> state.factories[0], state.factories[1], state.centre
((0, 0, 2, 1, 1), (0, 0, 0, 0, 0), (2, 0, 0, 0, 0))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

import attrs

from sintra_rules import (
    Colour,
    ComponentTable,
    GameState,
    PlayerState,
    Side,
    Strip,
    Window,
    components_from_mapping,
    default_components,
    new_game,
)
from sintra_rules.errors import PositionBuildError

__all__ = [
    "BLUE",
    "CONFIGS",
    "GREEN",
    "KEEP",
    "ORANGE",
    "PINK",
    "YELLOW",
    "bare",
    "codes",
    "colour",
    "counts",
    "final_turn",
    "find_side",
    "position",
    "rebalance",
    "set_factories",
    "set_indicator",
    "set_player",
    "set_pool",
    "set_strip",
    "set_strips",
    "set_windows",
    "strip",
    "strip_for",
    "table_with",
    "window",
]


class _Keep:
    """The type of :data:`KEEP`."""

    def __repr__(self) -> str:
        return "KEEP"


#: Default of :func:`set_factories`'s ``tile``: leave the tile where it is.
KEEP: Final = _Keep()

Pieces = str | Sequence[int]

#: The colours of the default table (FIG-01), by name.
BLUE, GREEN, ORANGE, PINK, YELLOW = (
    default_components().colour_codes.index(code) for code in ("B", "G", "O", "P", "Y")
)

#: Every (player count, board side) pair of the game (COMP-02, SETUP-02), for parametrize.
CONFIGS: Final[tuple[tuple[int, Side], ...]] = tuple(
    (players, side) for players in (2, 3, 4) for side in ("A", "B")
)


def colour(table: ComponentTable, code: str) -> Colour:
    """The colour index of a one-letter colour code (FIG-01).

    >>> from sintra_rules import default_components
    >>> colour(default_components(), "O")
    2
    """
    try:
        return table.colour_codes.index(code)
    except ValueError:
        raise PositionBuildError(repr(code), f"not a colour code of {table.colour_codes}") from None


def counts(table: ComponentTable, pieces: Pieces) -> tuple[int, ...]:
    """Per-colour counts of ``pieces``: a string of colour codes or already a count tuple.

    >>> from sintra_rules import default_components
    >>> counts(default_components(), "YBY")
    (1, 0, 0, 0, 2)
    """
    if isinstance(pieces, str):
        out = [0] * table.colours
        for code in pieces:
            out[colour(table, code)] += 1
        return tuple(out)
    result = tuple(pieces)
    if len(result) != table.colours or any(n < 0 for n in result):
        raise PositionBuildError(repr(result), f"not a count per colour of {table.colour_codes}")
    return result


def codes(table: ComponentTable, per_colour: Sequence[int]) -> str:
    """The inverse of :func:`counts`: colour codes in table order.

    >>> from sintra_rules import default_components
    >>> codes(default_components(), (1, 0, 0, 0, 2))
    'BYY'
    """
    return "".join(code * n for code, n in zip(table.colour_codes, per_colour, strict=True))


def find_side(table: ComponentTable, pattern: str) -> tuple[int, int]:
    """The ``(strip_id, side)`` whose spaces are the multiset ``pattern`` (``J`` = joker),
    the first one in table order (FIG-09).

    >>> from sintra_rules import default_components
    >>> find_side(default_components(), "OBOPP")
    (0, 1)
    >>> find_side(default_components(), "JJBGO")
    (7, 1)
    """
    wanted = sorted(pattern)
    for strip_id, sides in enumerate(table.strips):
        for side, text in enumerate(sides):
            if sorted(text) == wanted:
                return strip_id, side
    raise PositionBuildError(repr(pattern), "no strip side has these spaces")


def strip(
    table: ComponentTable, strip_id: int, face: int, filled: Pieces = "", jokers: Pieces = ""
) -> Strip:
    """Strip ``strip_id`` with ``face`` up, ``filled`` pieces on spaces of their own colour and
    ``jokers`` pieces on joker spaces (PLACE-01, PLACE-06).

    Raises:
        PositionBuildError: the pieces do not fit that side.

    >>> from sintra_rules import default_components
    >>> strip(default_components(), 7, 1, filled="B", jokers="OY").colour_counts()
    (1, 0, 1, 0, 1)
    >>> try:
    ...     strip(default_components(), 0, 0, filled="OO")
    ... except PositionBuildError as error:
    ...     print(error)
    strip 0 side 0 ('BBBGO'): no room for filled 'OO' and jokers ''
    """
    spaces = table.side_spaces[strip_id][face]
    on_colour, on_jokers = counts(table, filled), counts(table, jokers)
    if (
        any(n > cap for n, cap in zip(on_colour, spaces, strict=False))
        or sum(on_jokers) > spaces[-1]
    ):
        raise PositionBuildError(
            f"strip {strip_id} side {face} ({table.strips[strip_id][face]!r})",
            f"no room for filled {filled!r} and jokers {jokers!r}",
        )
    return Strip(strip_id, face, on_colour, on_jokers)


def strip_for(
    table: ComponentTable, pattern: str, filled: Pieces = "", jokers: Pieces = ""
) -> Strip:
    """Like :func:`strip`, naming the strip side by its spaces (see :func:`find_side`).

    >>> from sintra_rules import default_components
    >>> strip_for(default_components(), "OOOPY", filled="OP").pieces
    2
    """
    strip_id, side = find_side(table, pattern)
    return strip(table, strip_id, side, filled, jokers)


def window(table: ComponentTable, spec: str) -> Window:
    """A window from ``""`` (empty), ``"O"`` (top frame only) or ``"OP"`` (top and bottom).

    >>> from sintra_rules import default_components
    >>> window(default_components(), "OP"), window(default_components(), "")
    ((2, 3), (None, None))
    """
    if len(spec) > 2:
        raise PositionBuildError(f"window {spec!r}", "a window holds at most 2 pieces")
    top = colour(table, spec[0]) if spec else None
    bottom = colour(table, spec[1]) if len(spec) == 2 else None
    return top, bottom


def set_player(state: GameState, seat: int, **changes: Any) -> GameState:
    """``state`` with the fields ``changes`` of player ``seat`` replaced.

    >>> set_player(bare(3), 1, score=7, marker=2).players[1].score
    7
    """
    player: PlayerState = attrs.evolve(state.players[seat], **changes)
    players = (*state.players[:seat], player, *state.players[seat + 1 :])
    return attrs.evolve(state, players=players)


def set_strip(state: GameState, seat: int, slot: int, new: Strip | None) -> GameState:
    """``state`` with ``new`` (or no strip) in ``slot`` of player ``seat``."""
    strips = list(state.players[seat].strips)
    strips[slot] = new
    return set_player(state, seat, strips=tuple(strips))


def set_strips(state: GameState, seat: int, strips: Sequence[Strip | None]) -> GameState:
    """``state`` with player ``seat``'s slots holding ``strips``, from slot 0; the slots after
    them hold no strip.

    >>> state = set_strips(bare(2), 0, [None, None])
    >>> state.players[0].leftmost_strip() is None
    True
    """
    slots = state.components.windows
    if len(strips) > slots:
        raise PositionBuildError("strips", f"a board has {slots} slots, got {len(strips)} strips")
    full = (*strips, *(None,) * (slots - len(strips)))
    return set_player(state, seat, strips=full)


def set_windows(state: GameState, seat: int, specs: Sequence[str]) -> GameState:
    """``state`` with player ``seat``'s windows given by ``specs`` (see :func:`window`), from
    window 0; windows after them are empty. As in play (DONE-05), no strip lies above a window
    that is complete: those slots are emptied.

    >>> state = set_windows(bare(2), 1, ["OP", "B"])
    >>> state.players[1].windows[:3], state.players[1].strips[0], state.players[1].strips[1].face
    (((2, 3), (0, None), (None, None)), None, 0)
    """
    table = state.components
    if len(specs) > table.windows:
        raise PositionBuildError(
            "windows", f"a board has {table.windows} windows, got {len(specs)}"
        )
    windows = tuple(window(table, s) for s in specs) + ((None, None),) * (
        table.windows - len(specs)
    )
    strips = tuple(
        None if bottom is not None else s
        for s, (_top, bottom) in zip(state.players[seat].strips, windows, strict=True)
    )
    return set_player(state, seat, windows=windows, strips=strips)


def set_factories(
    state: GameState,
    factories: Sequence[Pieces],
    centre: Pieces = "",
    tile: int | _Keep | None = KEEP,
) -> GameState:
    """``state`` with the factory displays holding ``factories`` (from display 0; the others
    empty), the centre holding ``centre`` and, unless ``tile`` is :data:`KEEP`, the tile held by
    seat ``tile`` (``None``: it lies in the centre) (TAKE-01 to TAKE-03).

    >>> state = set_factories(bare(3), ["OOPB", "Y"], centre="G", tile=None)
    >>> len(state.factories), state.factories[1], state.centre, state.tile
    (7, (0, 0, 0, 0, 1), (0, 1, 0, 0, 0), None)
    """
    table = state.components
    n = len(state.factories)
    if len(factories) > n:
        raise PositionBuildError(
            "factories", f"this game has {n} factory displays, got {len(factories)}"
        )
    filled = [counts(table, f) for f in factories]
    for f in filled:
        if sum(f) > table.factory_capacity:
            raise PositionBuildError(
                "factories", f"a display holds at most {table.factory_capacity} pieces"
            )
    filled += [(0,) * table.colours] * (n - len(filled))
    changes: dict[str, Any] = {"factories": tuple(filled), "centre": counts(table, centre)}
    if not isinstance(tile, _Keep):
        changes["tile"] = tile
    return attrs.evolve(state, **changes)


def set_indicator(state: GameState, pieces: str) -> GameState:
    """``state`` with the round indicator holding ``pieces``, the current round's first: its
    length fixes the round (``rounds + 1 - len``) and its first piece the round's colour
    (ROUND-05).

    >>> state = set_indicator(bare(2), "YOP")
    >>> state.round, state.round_colour
    (4, 4)
    """
    indicator = tuple(colour(state.components, code) for code in pieces)
    return attrs.evolve(state, indicator=indicator)


def set_pool(state: GameState, bag: Pieces | None = None, tower: Pieces | None = None) -> GameState:
    """``state`` with the bag and/or the tower holding the given pieces.

    >>> set_pool(bare(2), bag=(1, 2, 3, 4, 5), tower="").bag
    (1, 2, 3, 4, 5)
    """
    changes: dict[str, Any] = {}
    if bag is not None:
        changes["bag"] = counts(state.components, bag)
    if tower is not None:
        changes["tower"] = counts(state.components, tower)
    return attrs.evolve(state, **changes)


def rebalance(state: GameState, into: Literal["bag", "tower"] = "bag") -> GameState:
    """``state`` with pieces moved into or out of the bag (or the tower) so that every colour
    totals ``pieces_per_colour`` again (COMP-01).

    Raises:
        PositionBuildError: that would need a negative count in the bag (or tower).

    >>> state = set_pool(bare(2), bag="", tower="")
    >>> rebalance(state, into="tower").piece_counts()
    (20, 20, 20, 20, 20)
    >>> try:
    ...     rebalance(set_indicator(set_factories(state, ["OOOO"] * 5, centre="O"), "B"))
    ... except PositionBuildError as error:
    ...     print(error)
    orange pieces: 21 are placed: 1 too many to rebalance with the bag
    """
    table = state.components
    pool = state.bag if into == "bag" else state.tower
    out: list[int] = []
    for c, total in enumerate(state.piece_counts()):
        elsewhere = total - pool[c]
        if elsewhere > table.pieces_per_colour:
            raise PositionBuildError(
                f"{table.colour_names[c]} pieces",
                f"{elsewhere} are placed: {elsewhere - table.pieces_per_colour} too many to "
                f"rebalance with the {into}",
            )
        out.append(table.pieces_per_colour - elsewhere)
    if into == "bag":
        return attrs.evolve(state, bag=tuple(out))
    return attrs.evolve(state, tower=tuple(out))


def bare(players: int = 2, side: Side = "A", components: ComponentTable | None = None) -> GameState:
    """A start position (``new_game(players, side, seed=0)``) made predictable: every player
    has strip ``s`` with side 0 up in slot ``s`` (no joker side up, SETUP-04), every factory
    display and the centre are empty and the bag holds every other piece. Seat 0 is to act
    and started the round, the tile lies in the centre, and the round indicator is that of
    seed 0 (round 1).

    >>> state = bare(4, "B")
    >>> len(state.players), state.side, sum(state.bag) + len(state.indicator)
    (4, 'B', 100)
    """
    state = new_game(players, side=side, seed=0, components=components)
    table = state.components
    empty = (0,) * table.colours
    strips = tuple(Strip(s, 0, empty, empty) for s in range(table.windows))
    for seat in range(players):
        state = set_player(state, seat, strips=strips)
    return rebalance(set_factories(state, []))


def final_turn(state: GameState, piece: str, indicator: str = "B") -> GameState:
    """``state`` in its last round (the round indicator holds only ``indicator``), with
    ``piece`` the only piece left on the factory displays (display 0) and in the centre, and
    rebalanced: the player to act takes the game's last turn (END-02, FINAL-01).

    >>> state = final_turn(bare(2), "O")
    >>> state.round, state.factories[0], sum(state.centre)
    (6, (0, 0, 1, 0, 0), 0)
    """
    state = set_indicator(set_factories(state, [piece]), indicator)
    return rebalance(state)


def table_with(figures: Mapping[str, object]) -> ComponentTable:
    """The default component table with the ``value`` of some figures replaced, validated by
    :func:`~sintra_rules.games.sintra.components.components_from_mapping`; keys are the figure names
    of ``components.toml`` (``"window_values.A"``, ``"track"``, ...).

    >>> table = table_with({"window_values.B": [1, 1, 1, 1, 4, 4, 4, 4]})
    >>> table.window_values("B"), table.window_values("A") == default_components().window_values_a
    ((1, 1, 1, 1, 4, 4, 4, 4), True)
    """
    data = default_components().to_mapping()
    for key, value in figures.items():
        if key.startswith("window_values."):
            data["window_values"][key.split(".")[1]]["value"] = value
        else:
            data[key]["value"] = value
    return components_from_mapping(data)


def position(
    players: int = 2,
    side: Side = "A",
    factories: Sequence[Pieces] = (),
    centre: Pieces = "",
    tile: int | _Keep | None = KEEP,
    turn: int = 0,
    components: ComponentTable | None = None,
) -> GameState:
    """:func:`bare` with the displays, the centre and the tile set by :func:`set_factories`,
    seat ``turn`` to act, rebalanced into the bag.

    >>> state = position(3, "B", ["OOPY"], centre="GG", tile=None, turn=2)
    >>> state.turn, state.tile, state.centre, state.piece_counts()
    (2, None, (0, 2, 0, 0, 0), (20, 20, 20, 20, 20))
    """
    state = bare(players, side, components)
    state = set_factories(state, factories, centre=centre, tile=tile)
    return rebalance(attrs.evolve(state, turn=turn))
