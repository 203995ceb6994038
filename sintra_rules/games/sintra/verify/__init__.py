"""Sintra's conformance model and its verification: the oracle, the invariants and hand-made
positions; the check of another engine (:mod:`~sintra_rules.games.sintra.verify.conformance`),
the soak on the compiled kernel (:mod:`~sintra_rules.games.sintra.verify.soak`) and the golden
playthroughs (:mod:`~sintra_rules.games.sintra.verify.golden`). The generic kit
(:mod:`sintra_rules.verify`) reaches the invariants through Sintra's
:class:`~sintra_rules.game.Verified` capability.
"""
