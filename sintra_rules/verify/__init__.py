"""The verification kit: invariants, soak, perft and the benchmark.

Submodules are imported explicitly (``from sintra_rules.verify import perft``); this package
re-exports nothing, so importing it stays cheap.
"""
