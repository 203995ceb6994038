"""Z3 proofs of the scoring bounds and the rules' arithmetic, tied to the engine and the spec.

Each proof is an executable check: Z3 must find the premises together with the negation of the
claim unsatisfiable, else the proof fails and prints the counterexample; ``unknown`` counts as
a failure. Each claim has a witness: the premises are satisfiable and the bound is attained.
Every proof names the spec clauses it covers and is stated for the shipped component table and
for every admissible one (:mod:`proofs.figures`).

The package reads in layers:

* :mod:`proofs.harness`: pinned solvers, claims, witnesses and results;
* :mod:`proofs.figures`: the figures of the shipped table and of every admissible table;
* :mod:`proofs.models`: the models, pure functions of numbers or Z3 terms, each read by
  several proofs (faces, track, endgame, pieces, round, game, witness);
* :mod:`proofs.bounds`: the proofs, each registered next to its code by
  :func:`proofs.bounds.bound` with its statement and clause list (completion, track, endgame,
  score, conservation, termination);
* :mod:`proofs.registry`: every proof for both scopes; :mod:`proofs.report`: the text and the
  docs page.

Run them with ``python -m proofs`` or pytest (``tests/test_proofs.py``).

>>> from proofs.registry import PROOFS
>>> result = next(p for p in PROOFS if p.name == "colour-bonus[shipped]").run()
>>> result.holds, result.bound
(True, '0 <= colour bonus <= 3')
"""
