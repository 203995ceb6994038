"""Sagrada's proved bounds, as data: how many decisions a game can take, and how low or high a
final score can go (as :mod:`sintra_rules.games.sintra.bounds` holds Sintra's).

Every figure here is established by a Z3 proof in ``proofs/sagrada/`` (run ``python -m proofs
--only sagrada``; the page :doc:`/sagrada/proofs` shows each proof and its witnesses) and is
reached by a game the engine plays from the start (the golden extreme games). The game's facts
(:meth:`~sintra_rules.games.sagrada.game.SagradaGame.facts`) declare them, and a test holds the
declared figures equal to the proved ones.

>>> DECISIONS_PER_GAME[2], SOLO_DECISIONS_PER_GAME[5]
(157, 79)
>>> LOWEST_FINAL_SCORE[1], HIGHEST_FINAL_SCORE[1], HIGHEST_FINAL_SCORE[4]
(-60, 94, 115)
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "DECISIONS_PER_GAME",
    "HIGHEST_FINAL_SCORE",
    "LOWEST_FINAL_SCORE",
    "SOLO_DECISIONS_PER_GAME",
]

#: The most player decisions of a game of 2 to 4 players (``max_game_length``, ENG-07): each
#: seat's pattern choice (RUL-10) and 20 turn positions of at most 3 decisions (TURN-01 to
#: TURN-03), plus what the tools add within the favor tokens (FAVOR-01 to FAVOR-03,
#: SETUP-03). Proved tight by the Z3 theorem ``sagrada-decisions`` (``proofs/sagrada/length.py``).
DECISIONS_PER_GAME: Final = {2: 157, 3: 233, 4: 309}
#: The same in the solo game, by its number of tool cards (SOLO-01), each tool used once
#: (SOLO-03).
SOLO_DECISIONS_PER_GAME: Final = {1: 66, 2: 71, 3: 74, 4: 77, 5: 79}
#: The lowest final score by player count (SCORE-01 to SCORE-04, SOLO-06): 20 empty spaces,
#: solo -3 each, and no token left. Proved tight by ``sagrada-lowest-score``
#: (``proofs/sagrada/final.py``).
LOWEST_FINAL_SCORE: Final = {1: -60, 2: -20, 3: -20, 4: -20}
#: The highest final score by player count: 115 (a game on Sun's Glory) and, solo, 94 (on
#: Industria). Proved tight by ``sagrada-highest-score`` (``proofs/sagrada/highest.py``).
HIGHEST_FINAL_SCORE: Final = {1: 94, 2: 115, 3: 115, 4: 115}
