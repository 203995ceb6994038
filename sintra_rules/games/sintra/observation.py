"""Observations for game-AI programs: a fixed-size vector of numbers per seat (ENG-31).

:func:`observe` turns a position into a flat ``array('f')`` (32-bit floats) seen from one seat:
everything a player at the table can see, and nothing the random generator holds, so two
positions that differ only in their generator give the same observation (ENG-23). Seats are
relative: block ``player0`` is always the observing seat, ``player1`` the next seat clockwise,
and so on, and every seat field (who is to act, who started, who holds the tile) is counted
from the observer. Adapters wrap the array without copying (``numpy.frombuffer(obs,
dtype=numpy.float32)``); the core needs no numpy.

The layout, for N players, F factory displays (5 / 7 / 9), C = 5 colours, W = 8 slots, S = 8
strips and R = 6 rounds (all read from the component table), is a sequence of named blocks in
this order (:func:`observation_layout` lists them with their offsets); K = 5 is the number of
kinds of chance step. A *one-hot* block holds 1
at one position and 0 elsewhere; *counts* are numbers of pieces.

=================== ========= =======================================================
block               size      values
=================== ========= =======================================================
side                2         one-hot: board side A, B (SETUP-02)
round               R         one-hot: the current round, I first (ROUND-01)
indicator           R x C     row r: one-hot colour of round r's indicator piece while
                              it is still on the indicator, else zeros (ROUND-05)
over                1         1 once the game is over (END-02)
to_act              N         one-hot: relative seat to act (0 = the observer)
starter             N         one-hot: relative seat that started the round
tile                N + 1     one-hot: relative seat holding the starting player tile,
                              or the last position while it lies in the centre (TAKE-03)
bag                 C         counts per colour in the bag
tower               C         counts per colour in the glass tower
centre              C         counts per colour in the centre
factories           F x C     counts per colour on each factory display
chance              K         one-hot: the kind of the pending chance step (ENG-07), in
                              the order strip, face, indicator, first, fill; zeros
                              while a player is to act
chance_seat         N         one-hot: relative seat of a pending strip or face step
chance_index        1         the slot or indicator position of a pending step
=================== ========= =======================================================

followed, for each relative seat p = 0 … N-1, by a block ``player{p}`` of 307 values:

=================== ========= =======================================================
score               1         the score (SCORE-01)
track               1         index of the broken glass marker's space (TRACK-01)
points_lost         1         points lost via the track so far (TRACK-04)
glazier             W         one-hot: the slot the glazier stands above (PLACE-03)
present             W         1 where the slot still holds a strip (DONE-05)
strip               W x S     one-hot per slot: which strip (FIG-09); zeros if none
face                W x 2     one-hot per slot: which side of it is face up
spaces              W x (C+1) per slot: spaces of each colour on the face-up side,
                              then its joker spaces
filled              W x C     per slot: pieces of each colour on spaces of their colour
jokers              W x C     per slot: pieces of each colour on joker spaces (PLACE-06)
window_top          W x C     per window: one-hot colour on the top frame space
window_bottom       W x C     per window: one-hot colour on the bottom frame space
=================== ========= =======================================================

Sizes: **708** values for 2 players, **1,029** for 3 and **1,350** for 4
(:func:`observation_size`). Every value is a small integer, exact in 32-bit floats.

>>> from sintra_rules import new_game
>>> state = new_game(2, seed=1)
>>> obs = observe(state, 0)
>>> len(obs), observation_size(2), observation_size(3), observation_size(4)
(708, 708, 1029, 1350)
>>> block = observation_layout(2)["factories"]
>>> list(obs[block.start : block.start + 5]) == [float(n) for n in state.factories[0]]
True
"""

from __future__ import annotations

import functools
import types
import typing
from array import array
from collections.abc import Mapping

import attrs

from sintra_rules.errors import ConfigurationError
from sintra_rules.games.sintra.components import ComponentTable, table_or_default
from sintra_rules.games.sintra.position import position_to_text
from sintra_rules.games.sintra.state import ChanceKind, GameState

__all__ = [
    "Block",
    "observation_layout",
    "observation_size",
    "observation_string",
    "observe",
]

#: The kinds of chance step (ENG-07), in the order of the ``chance`` block.
_CHANCE_KINDS: tuple[str, ...] = typing.get_args(ChanceKind)
#: The fields of a player block, in order.
_PLAYER_FIELDS = (
    "score",
    "track",
    "points_lost",
    "glazier",
    "present",
    "strip",
    "face",
    "spaces",
    "filled",
    "jokers",
    "window_top",
    "window_bottom",
)


@attrs.frozen
class Block:
    """One named block of an observation: ``start`` offset and ``shape`` (rows, columns) or
    (length,); its values are ``obs[start : start + size]``, row after row."""

    name: str
    start: int
    shape: tuple[int, ...]

    @property
    def size(self) -> int:
        """Number of values in the block."""
        return _count(self.shape)


@functools.cache
def _layout(table: ComponentTable, players: int) -> Mapping[str, Block]:
    factories = table.factories_for(players)
    colours, windows, rounds = table.colours, table.windows, table.rounds
    strips = len(table.strips)
    shapes: list[tuple[str, tuple[int, ...]]] = [
        ("side", (2,)),
        ("round", (rounds,)),
        ("indicator", (rounds, colours)),
        ("over", (1,)),
        ("to_act", (players,)),
        ("starter", (players,)),
        ("tile", (players + 1,)),
        ("bag", (colours,)),
        ("tower", (colours,)),
        ("centre", (colours,)),
        ("factories", (factories, colours)),
        ("chance", (len(_CHANCE_KINDS),)),
        ("chance_seat", (players,)),
        ("chance_index", (1,)),
    ]
    per_player = {
        "score": (1,),
        "track": (1,),
        "points_lost": (1,),
        "glazier": (windows,),
        "present": (windows,),
        "strip": (windows, strips),
        "face": (windows, 2),
        "spaces": (windows, colours + 1),
        "filled": (windows, colours),
        "jokers": (windows, colours),
        "window_top": (windows, colours),
        "window_bottom": (windows, colours),
    }
    out: dict[str, Block] = {}
    offset = 0
    for name, shape in shapes:
        out[name] = Block(name, offset, shape)
        offset += _count(shape)
    size = sum(_count(shape) for shape in per_player.values())
    for seat in range(players):
        out[f"player{seat}"] = Block(f"player{seat}", offset, (size,))
        for name in _PLAYER_FIELDS:
            out[f"player{seat}.{name}"] = Block(f"player{seat}.{name}", offset, per_player[name])
            offset += _count(per_player[name])
    return types.MappingProxyType(out)


def _count(shape: tuple[int, ...]) -> int:
    out = 1
    for n in shape:
        out *= n
    return out


def _check_players(table: ComponentTable, players: int) -> None:
    if type(players) is not int or players not in table.player_counts:
        counts = ", ".join(map(str, table.player_counts))
        raise ConfigurationError("COMP-02", f"players must be one of {counts}, got {players!r}")


def observation_layout(
    players: int, components: ComponentTable | None = None
) -> Mapping[str, Block]:
    """The named blocks of an observation for ``players`` players, in order (ENG-31).

    Args:
        players: the number of players (2 to 4).
        components: the component table (default: the shipped one).

    Returns:
        A read-only mapping from block name (``"bag"``, ``"player1.filled"``, ...) to its
        :class:`Block`; ``"player{p}"`` spans all the fields of relative seat ``p``.

    Raises:
        ConfigurationError: ``players`` is not a player count of the table (COMP-02).

    >>> layout = observation_layout(2)
    >>> layout["player0"].start, layout["player0"].size, layout["player1.filled"].shape
    (94, 307, (8, 5))
    """
    table = table_or_default(components)
    _check_players(table, players)
    return _layout(table, players)


def observation_size(players: int, components: ComponentTable | None = None) -> int:
    """Number of values in an observation for ``players`` players (ENG-31).

    Args:
        players: the number of players (2 to 4).
        components: the component table (default: the shipped one).

    Returns:
        708, 1,029 or 1,350 with the shipped table.

    Raises:
        ConfigurationError: ``players`` is not a player count of the table (COMP-02).
    """
    last = list(observation_layout(players, components).values())[-1]
    return last.start + last.size


def observe(state: GameState, seat: int) -> array[float]:
    """What seat ``seat`` sees of ``state``, as a flat vector of 32-bit floats (ENG-31).

    Args:
        state: any position, over or not.
        seat: the observing seat, ``0`` to ``players - 1`` (ENG-01).

    Returns:
        ``array('f')`` of :func:`observation_size` values laid out as the module describes;
        the generator (``state.rng``) is not part of it.

    Raises:
        ConfigurationError: ``seat`` is not a seat of the game (ENG-01).
    """
    players = len(state.players)
    if type(seat) is not int or not 0 <= seat < players:
        raise ConfigurationError("ENG-01", f"seat must be 0..{players - 1}, got {seat!r}")
    table = state.components
    colours, rounds = table.colours, table.rounds
    spaces = table.side_spaces
    strips = len(table.strips)
    out: list[float] = []
    put = out.extend

    def one_hot(index: int | None, size: int) -> None:
        row = [0.0] * size
        if index is not None:
            row[index] = 1.0
        put(row)

    one_hot(0 if state.side == "A" else 1, 2)
    one_hot(state.round - 1, rounds)
    first = rounds - len(state.indicator)
    for r in range(rounds):
        one_hot(state.indicator[r - first] if r >= first else None, colours)
    put((1.0 if state.is_over else 0.0,))
    one_hot((state.turn - seat) % players, players)
    one_hot((state.starter - seat) % players, players)
    one_hot(players if state.tile is None else (state.tile - seat) % players, players + 1)
    put(map(float, state.bag))
    put(map(float, state.tower))
    put(map(float, state.centre))
    for factory in state.factories:
        put(map(float, factory))
    step = state.chance
    if step is None:
        put((0.0,) * (len(_CHANCE_KINDS) + players + 1))
    else:
        one_hot(_CHANCE_KINDS.index(step.kind), len(_CHANCE_KINDS))
        seated = step.kind in ("strip", "face")
        one_hot((step.seat - seat) % players if seated else None, players)
        put((float(step.index),))
    for p in range(players):
        player = state.players[(seat + p) % players]
        put((float(player.score), float(player.marker), float(player.points_lost)))
        one_hot(player.glazier, len(player.strips))
        put(0.0 if strip is None else 1.0 for strip in player.strips)
        for strip in player.strips:
            one_hot(None if strip is None else strip.strip_id, strips)
        for strip in player.strips:
            one_hot(None if strip is None else strip.face, 2)
        for strip in player.strips:
            put(
                (0.0,) * (colours + 1)
                if strip is None
                else map(float, spaces[strip.strip_id][strip.face])
            )
        for strip in player.strips:
            put((0.0,) * colours if strip is None else map(float, strip.filled))
        for strip in player.strips:
            put((0.0,) * colours if strip is None else map(float, strip.jokers))
        for top, _bottom in player.windows:
            one_hot(top, colours)
        for _top, bottom in player.windows:
            one_hot(bottom, colours)
    return array("f", out)


def observation_string(state: GameState, seat: int) -> str:
    """What seat ``seat`` sees, as one readable line: the observer, then the position in the
    one-line notation, which holds no generator (ENG-21, ENG-23, ENG-31).

    Args:
        state: any position.
        seat: the observing seat (ENG-01).

    Returns:
        ``"observer:p<seat + 1> <position notation>"``.

    Raises:
        ConfigurationError: ``seat`` is not a seat of the game (ENG-01).

    >>> from sintra_rules import new_game
    >>> observation_string(new_game(2, seed=1), 1)[:30]
    'observer:p2 sintra1 side:A ind'
    """
    players = len(state.players)
    if type(seat) is not int or not 0 <= seat < players:
        raise ConfigurationError("ENG-01", f"seat must be 0..{players - 1}, got {seat!r}")
    return f"observer:p{seat + 1} {position_to_text(state)}"
