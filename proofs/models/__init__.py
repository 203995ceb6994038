"""The models the proofs reason about: pure functions of :data:`~proofs.harness.Term` values.

Each function computes a plain number from plain numbers (the cross-checks compare it with the
engine) and builds a Z3 term from Z3 terms (the proofs reason about it), and each is read by
several proofs of :mod:`proofs.bounds`.

* :mod:`proofs.models.faces`: a completed face, its colour bonus and window points;
* :mod:`proofs.models.track`: the broken glass track's arithmetic, takes and turn losses;
* :mod:`proofs.models.endgame`: leftover, ornament and side B bonus terms;
* :mod:`proofs.models.pieces`: where the pieces lie, and the transitions that move them;
* :mod:`proofs.models.round`: turns, resets and the round indicator;
* :mod:`proofs.models.game`: a player's game: the order of completions and the game model;
* :mod:`proofs.models.witness`: explicit witness games of the game model.
"""
