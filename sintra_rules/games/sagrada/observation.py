"""Observations for game-AI programs: a fixed-size vector of numbers per seat (ENG-06).

:func:`observe` turns a position into a flat ``array('f')`` seen from one seat: everything a
player at the table can see, nothing else: never another seat's private objective (until the
game is over, when every card is shown) and never the generator, so determinizing a state for
that seat (:func:`~.chance.determinize`) leaves its observation unchanged. Seats are relative:
block ``player0`` is the observing seat, ``player1`` the next seat clockwise, and so on; every
seat field counts from the observer. A die kind is ``6 x colour + value - 1`` (30 kinds).

Global blocks, for N players:

=============== ======== ==========================================================
block           size     values
=============== ======== ==========================================================
phase           3        one-hot: setup, play, over
round           10       one-hot: the current round (zeros at setup and at the end)
to_act          N        one-hot: relative seat to act (zeros at chance and at the end)
start           N        one-hot: relative seat of the round's start player
step            2N       one-hot: the position in the round's snake order (ROUND-03)
chance          10       one-hot: the kind of the pending chance step (ENG-03)
pool            30       counts per die kind in the draft pool
hand            11       the die in hand: colour one-hot (5), value one-hot (6)
track           10 x 30  counts per die kind on each round's space (ROUND-04)
bag             5        dice per colour in the bag
tools           5 x 12   one-hot per slot: which tool card (zeros: no card)
tokens          5        favor tokens on each tool card (FAVOR-02)
spent           5        solo: 1 where the tool card was paid and left the game
publics         3 x 10   one-hot per slot: which public objective
flags           2        the turn's draft used, a tool used (TURN-03, FAVOR-01)
active          5        one-hot: the slot of the tool card in progress
sub             10       one-hot: its step (grozing, lens, cork, flux, flux_place, pick,
                         drop, pick2, drop2, running)
lifted          20       one-hot: the space of the die being moved (TOOL-13)
moved           20       one-hot: the space a first move took its die to (TOOL-04,
                         RUL-07)
skips           N        relative seats whose second turn is skipped (RUL-06)
difficulty      1        the solo difficulty (tools in play), else 0
=============== ======== ==========================================================

then, for each relative seat p, a block ``player{p}`` of 482 values:

=============== ======== ==========================================================
cards           12       1 for each pattern card dealt to the seat (RUL-10: public)
pattern         24       one-hot: the chosen pattern
restrictions    20 x 11  per space: the colour (5) or value (6) it requires
window          20 x 11  per space: the die's colour one-hot (5) and value one-hot (6)
favor           1        favor tokens left
privates        5        1 for each private objective colour, shown only to the seat
                         itself (and to everyone once the game is over)
=============== ======== ==========================================================

Sizes (:func:`observation_size`): **1,014** values for 1 player, **1,501** for 2, **1,988**
for 3 and **2,475** for 4. Every value is a small integer, exact in 32-bit floats, from 0 to
18 (24 with 4 players: :func:`observation_high`).

>>> from sintra_rules.games.sagrada import new_game
>>> len(observe(new_game(4, seed=1), 0)) == observation_size(4) == 2475
True
"""

from __future__ import annotations

from array import array
from typing import get_args

from sintra_rules.errors import InvalidArgument
from sintra_rules.games.sagrada.components import SPACES
from sintra_rules.games.sagrada.state import ChanceKind, Die, SagradaState, SubStep

__all__ = ["PLAYER_SIZE", "observation_high", "observation_size", "observation_string", "observe"]

_KINDS = get_args(ChanceKind)
_SUBS = get_args(SubStep)[1:]
#: Values per player block.
PLAYER_SIZE = 12 + 24 + 20 * 11 + 20 * 11 + 1 + 5


def _global_size(players: int) -> int:
    blocks = (3, 10, 4 * players, 10, 30, 11, 300, 5, 60, 5, 5, 30, 2, 5, 10, 20, 20, players, 1)
    return sum(blocks)


def observation_size(players: int) -> int:
    """The length of :func:`observe`'s vector for ``players`` seats (ENG-06).

    Args:
        players: 1 to 4.

    Returns:
        The size.

    Raises:
        InvalidArgument: ``players`` is not 1 to 4.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
        raise InvalidArgument("players", f"Sagrada is played by 1 to 4 players, got {players!r}")
    return _global_size(players) + players * PLAYER_SIZE


#: The most favor tokens a player starts with: the hardest pattern's difficulty (SETUP-03,
#: COMP-03: 3 to 6).
_MOST_FAVOR = 6
#: The dice of each colour (COMP-01).
_DICE_PER_COLOUR = 18


def observation_high(players: int) -> int:
    """The highest value :func:`observe` can give for ``players`` seats (the lowest is 0):
    every value is a flag, a count of dice of one colour in the bag (at most the 18 of
    COMP-01), of one die kind in the draft pool or on a round's space (at most the 9 dice of
    a 4-player round, ROUND-02), a player's favor tokens (at most 6, SETUP-03), the solo
    difficulty (at most 5, SOLO-01) or the favor tokens on one tool card (at most every
    player's, 6 each: FAVOR-02). A bound that always holds, not one every game reaches.

    Args:
        players: 1 to 4.

    Returns:
        18 for 1 to 3 players, 24 for 4.

    Raises:
        InvalidArgument: ``players`` is not 1 to 4.

    >>> [observation_high(n) for n in (1, 2, 3, 4)]
    [18, 18, 18, 24]
    """
    observation_size(players)  # the player count checked
    return max(_DICE_PER_COLOUR, _MOST_FAVOR * players)


def _die(out: list[float], at: int, d: Die | None) -> None:
    if d is not None:
        out[at + d[0]] = 1.0
        if d[1]:
            out[at + 5 + d[1] - 1] = 1.0


def _player_block(state: SagradaState, out: list[float], at: int, seat: int, own: bool) -> int:
    """Fill the block of ``seat`` at ``at``; ``own``: its private objectives are shown."""
    table = state.components
    player = state.players[seat]
    for card in player.cards:
        out[at + card] = 1.0
    at += 12
    if player.pattern is not None:
        out[at + player.pattern] = 1.0
        pattern = table.patterns[player.pattern]
        for cell in range(SPACES):
            colour, value = pattern.colours[cell], pattern.values[cell]
            base = at + 24 + cell * 11
            if colour >= 0:
                out[base + colour] = 1.0
            if value:
                out[base + 5 + value - 1] = 1.0
    at += 24 + 220
    for cell, d in enumerate(player.window):
        _die(out, at + cell * 11, d)
    at += 220
    out[at] = float(player.favor)
    at += 1
    if own:
        for card in player.privates:
            out[at + table.privates[card].colour] = 1.0
    return at + 5


def observe(state: SagradaState, seat: int) -> array[float]:
    """What ``seat`` sees of ``state``, as :func:`observation_size` floats (ENG-06; layout in
    the module's docstring).

    Args:
        state: any state.
        seat: the observing seat.

    Returns:
        The observation.

    Raises:
        InvalidArgument: ``seat`` is not a seat of the game.
    """
    n = state.num_players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise InvalidArgument("seat", f"expected a seat 0..{n - 1}, got {seat!r}")
    out = [0.0] * observation_size(n)

    def rel(s: int) -> int:
        return (s - seat) % n

    over = state.is_over
    out[0 if state.in_setup else 2 if over else 1] = 1.0
    at = 3
    if not state.in_setup and not over:
        out[at + state.round - 1] = 1.0
    at += 10
    if not over and state.chance is None:
        out[at + rel(state.turn)] = 1.0
    at += n
    out[at + rel(state.start)] = 1.0
    at += n
    if not state.in_setup and not over:
        out[at + state.step] = 1.0
    at += 2 * n
    if state.chance is not None:
        out[at + _KINDS.index(state.chance.kind)] = 1.0
    at += 10
    for c, v in state.pool:
        out[at + c * 6 + v - 1] += 1.0
    at += 30
    _die(out, at, state.hand)
    at += 11
    for r, space in enumerate(state.track):
        for c, v in space:
            out[at + r * 30 + c * 6 + v - 1] += 1.0
    at += 300
    for c, count in enumerate(state.bag):
        out[at + c] = float(count)
    at += 5
    for slot, card in enumerate(state.tools):
        out[at + slot * 12 + card] = 1.0
        out[at + 60 + slot] = float(state.tokens[slot])
        out[at + 65 + slot] = float(state.spent[slot] is not None)
    at += 70
    for slot, card in enumerate(state.publics):
        out[at + slot * 10 + card] = 1.0
    at += 30
    out[at] = float(state.drafted)
    out[at + 1] = float(state.tool_used)
    at += 2
    if state.active is not None:
        out[at + state.active] = 1.0
    at += 5
    if state.sub:
        out[at + _SUBS.index(state.sub)] = 1.0
    at += 10
    if state.lifted is not None:
        out[at + state.lifted] = 1.0
    at += 20
    if state.moved is not None:
        out[at + state.moved] = 1.0
    at += 20
    for s in state.skips:
        out[at + rel(s)] = 1.0
    at += n
    out[at] = float(state.difficulty or 0)
    at += 1
    for p in range(n):
        at = _player_block(state, out, at, (seat + p) % n, p == 0 or over)
    assert at == len(out)
    return array("f", out)


def observation_string(state: SagradaState, seat: int) -> str:
    """What ``seat`` sees, in words: the text board with the other seats' private objectives
    hidden (ENG-06).

    Args:
        state: any state.
        seat: the observing seat.

    Returns:
        The text.

    Raises:
        InvalidArgument: ``seat`` is not a seat of the game.
    """
    from sintra_rules.games.sagrada.render import render

    n = state.num_players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise InvalidArgument("seat", f"expected a seat 0..{n - 1}, got {seat!r}")
    return render(state, viewer=seat)
