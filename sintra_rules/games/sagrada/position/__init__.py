"""The one-line position notation of Sagrada (ENG-12, ENG-15), read and written.

A position is one line a person can read off a real table and type, and that the engine reads
back into the same position; the written position has no generator (ENG-05). Players, rows,
columns, rounds, tools and public objectives count from 1, as in the action notation (ENG-14);
dice are a colour code and a value (``B5``, COMP-01). Version 1 reads::

    sagrada1 round:3 start:2 turn:1.2 tools:1=1,6,12=3 publics:4,10,2 pool:G1G6P4
      track:R2Y3/G1P5 hand:B5 done:draft
      p1:SunCatcher,favor=2,private=R:.B4.../...../...../.....
      p2:Batllo,cards=8.3,favor=2,private=?:Y6..../...../...../.....

(one line; it is folded here). Fields are separated by single spaces, in this order:

``sagrada1``
    the notation and its version (ENG-12).
``round:3``
    ``setup`` (cards dealt, patterns chosen), ``1`` to ``10``, or ``over`` (ROUND-01, ROUND-06).
``start:2``
    the round's start player (ROUND-05); ``-`` in setup until it is drawn (RUL-19).
``turn:1.2``
    whose turn it is within the snake order (ROUND-03): player 1's second turn of the round;
    at the end of the game, the last turn played. In setup, ``turn:P``: the player choosing a
    pattern (RUL-10), ``1`` while cards are dealt.
``tools:1=1,6,12=3``
    the tool cards in play by number (COMP-06), in the order dealt, with ``=N`` the favor tokens
    on a card that holds some (FAVOR-02); in the solo game ``=G3`` the die paid for a card that
    was used (SOLO-03). ``-`` for none.
``publics:4,10,2``
    the public objectives by number (COMP-04), in the order dealt; ``-`` for none.
``pool:G1G6P4``
    the dice of the draft pool (ROUND-02), ``-`` for none; the reader takes any order.
``track:R2Y3/G1P5``
    the dice on the round track (ROUND-04), space 1 first, separated by ``/``, ``-`` for an
    empty space; the spaces after the last die are left out (``track:-``: none).

then, only where they apply, in this order:

``difficulty:3``
    the solo game: the number of tool cards, 1 to 5 (SOLO-01); required in the solo game.
``bag:18R17Y18G16B18P``
    the dice in the bag, each colour code preceded by its count (1 left out). Left out, the bag
    holds what remains of the 18 dice of each colour (COMP-01); the writer leaves it out.
``hand:B5``
    the die drafted and not yet placed (TURN-04); ``G?`` is the die Flux Remover drew, its
    value not yet chosen (RUL-12).
``done:draft,tool``
    what the player has done this turn: drafted (TURN-03), used a tool (FAVOR-01).
``tool:4`` and ``step:pick2``
    the tool card in use and the step it waits for (TOOL-14): ``grozing``, ``lens``, ``cork``,
    ``flux``, ``flux_place``, ``pick``, ``drop``, ``pick2``, ``drop2``, ``running``.
``lifted:r2c3`` and ``moved:r1c1``
    the space of the die being moved, and the space a first move took its die to (TOOL-04,
    RUL-07, TOOL-13).
``skips:2``
    the players whose second turn this round is skipped (RUL-06).
``chance:draw``
    the chance step the position waits for (ENG-03): ``private``, ``pattern``, ``tool``,
    ``public``, ``start`` (a card dealt, the start player drawn: ENG-04 fixes which),
    ``draw``, ``roll.G`` (a drawn green die to roll), ``reroll.B1G4`` (Glazing Hammer: the pool
    dice still to re-roll, the next one first), ``brush`` (Flux Brush re-rolls the die in
    hand), ``remover`` (Flux Remover draws a colour).

and one field per player, in seat order: ``p1:PATTERN,ITEMS:WINDOW``:

* ``PATTERN`` is the chosen pattern's code, its name with every word capitalised and
  everything but letters left out (``Sun's Glory`` is ``SunsGlory``, ``Water of Life``
  ``WaterOfLife``), or ``#7`` for pattern 7; ``-`` before it is chosen;
* ``cards=8.3``: the pattern cards dealt to the player, in the order dealt (SETUP-02); left
  out after the choice when the player holds just the card of the chosen pattern;
* ``favor=2``: the favor tokens left (SETUP-03, FAVOR-04); left out when the player has spent
  none (or in the solo game, which has none);
* ``private=R``: the private objective by its colour (the solo game: two, ``RG``, SOLO-01);
  left out, or ``private=?``, when it is not known: a position typed at a real table need not
  know the other players' cards (ENG-06). In setup, left out before it is dealt;
* ``WINDOW`` (after the choice only): the 4 rows of the window, row 1 first, separated by ``/``,
  each 5 spaces: ``.`` for an empty space, the die on it otherwise.

Reading checks everything (ENG-15): the dice add up to 18 of each colour (COMP-01), no window
breaks a restriction (RUL-16), cards and tokens are consistent with the deal and with what was
paid, the turn in progress is one the rules can reach, and the player to act has a decision.
A fault raises :class:`~sintra_rules.errors.PositionError` naming the field, the 1-based
character position and the clause; nothing is built halfway.

>>> text = (
...     "sagrada1 round:3 start:2 turn:1.2 tools:1=1,6,12=3 publics:4,10,2 pool:G1G6P4 "
...     "track:R2Y3/G1P5 hand:B5 done:draft "
...     "p1:SunCatcher,favor=2,private=R:.B4.../...../...../..... "
...     "p2:Batllo,cards=8.3,favor=2,private=?:Y6..../...../...../....."
... )
>>> state = position_from_text(text)
>>> state.round, state.turn, state.step, state.hand, state.players[1].privates
(3, 0, 2, (3, 5), ())
>>> position_to_text(state) == text.replace(",private=?", "")
True
>>> position_from_text(text.replace(".B4...", "B3B4..."))
Traceback (most recent call last):
...
sintra_rules.errors.PositionError: bad position: player 1 r1c2, character 148: r1c2 is \
orthogonally next to r1c1, a die of the same colour (RUL-16) (PLACE-06)
"""

from __future__ import annotations

from sintra_rules.games.sagrada.position.grammar import (
    TAG,
    VERSION,
    pattern_code,
    pattern_from_code,
)
from sintra_rules.games.sagrada.position.reader import position_from_text
from sintra_rules.games.sagrada.position.writer import position_to_text

__all__ = [
    "TAG",
    "VERSION",
    "pattern_code",
    "pattern_from_code",
    "position_from_text",
    "position_to_text",
]
