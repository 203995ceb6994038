"""Z3 proofs of Sagrada's score bounds and game length, each with a witness.

* :mod:`proofs.sagrada.figures`: the grid (computed here), the 24 patterns and the public
  cards' points (read from the engine's component table);
* :mod:`proofs.sagrada.window`: a window as plain data (scored and checked in plain Python)
  and as a Z3 model (Booleans per space, pseudo-Boolean scores);
* :mod:`proofs.sagrada.witnesses`: the witness windows, found by :mod:`proofs.sagrada.search`
  and checked by the proofs;
* the proofs (:data:`MODULES`): :mod:`proofs.sagrada.objectives` (the most each public
  objective scores), :mod:`proofs.sagrada.final` (the lowest final score of a game of 2 to 4
  players and of the solo game; the model of a final score on a pattern, which the search
  uses), :mod:`proofs.sagrada.highest` (the highest final score, 115 and, solo, 94),
  :mod:`proofs.sagrada.target`
  (the solo target score) and :mod:`proofs.sagrada.length` (decisions per game);
* :mod:`proofs.sagrada.report`: the page ``docs/sagrada/proofs.md``.

They are registered with the other proofs (:mod:`proofs.registry`), stated for the shipped
component table only (every Sagrada figure is confirmed, so there is no range of tables).
"""

from __future__ import annotations

__all__ = ["MODULES"]

#: The modules holding Sagrada's proofs, in the order of the report.
MODULES = (
    "proofs.sagrada.objectives",
    "proofs.sagrada.final",
    "proofs.sagrada.highest",
    "proofs.sagrada.target",
    "proofs.sagrada.length",
)
