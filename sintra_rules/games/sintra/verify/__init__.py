"""Sintra's conformance model: the oracle, the state invariants and hand-made positions, used by
the generic verification kit (:mod:`sintra_rules.verify`).
"""
