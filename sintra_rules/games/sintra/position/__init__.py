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

from sintra_rules.games.sintra.position.grammar import TAG, VERSION
from sintra_rules.games.sintra.position.reader import position_from_text
from sintra_rules.games.sintra.position.writer import position_to_text

__all__ = [
    "TAG",
    "VERSION",
    "position_from_text",
    "position_to_text",
]
