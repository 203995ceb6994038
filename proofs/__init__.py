"""Z3 proofs of the scoring bounds and the rules' arithmetic, tied to the engine and the spec.

Each proof is an executable check: Z3 must find the premises together with the negation of the
claim unsatisfiable, else the proof fails and prints the counterexample; ``unknown`` counts as
a failure. Each claim has a witness: the premises are satisfiable and the bound is attained.
Every proof names the spec clauses it covers and is stated for the shipped component table and
for every admissible one (:mod:`proofs.tables`).

* :mod:`proofs.harness`: pinned solvers, claims, witnesses and results;
* :mod:`proofs.tables`: the figures of the shipped table and of every admissible table;
* :mod:`proofs.completion`, :mod:`proofs.track`, :mod:`proofs.endgame`, :mod:`proofs.score`,
  :mod:`proofs.conservation`, :mod:`proofs.termination`: the models and their proofs;
* :mod:`proofs.registry`: every proof; :mod:`proofs.report`: the text and the docs page.

Run them with ``python -m proofs`` or pytest (``proofs/proof_bounds.py``).

>>> from proofs.registry import PROOFS
>>> result = next(p for p in PROOFS if p.name == "colour-bonus[shipped]").run()
>>> result.holds, result.bound
(True, '0 <= colour bonus <= 3')
"""
