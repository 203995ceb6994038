"""The verification kit: check an engine (this one or another) against the rules.

* :mod:`~sintra_rules.verify.conformance`: :func:`~sintra_rules.verify.conformance.check_engine`
  plays seeded games with another engine's ``legal_actions`` and ``apply`` and reports the
  first divergence of each game (see the docs page *Check another engine*);
* :mod:`~sintra_rules.games.sintra.verify.oracle`: an independent model of one step (legal actions,
  what a legal action must do, why an action is illegal);
* :mod:`~sintra_rules.games.sintra.verify.invariants`: named invariants checked against the oracle
  (:func:`~sintra_rules.games.sintra.verify.invariants.check_state`,
  :func:`~sintra_rules.games.sintra.verify.invariants.examine`);
* :mod:`~sintra_rules.games.sintra.verify.positions`: builders for hand-made positions (the rule
  tests' cases);
* :mod:`~sintra_rules.verify.golden`: golden playthroughs (every state's digest) and their check;
* :mod:`~sintra_rules.verify.soak`, :mod:`~sintra_rules.verify.perft`,
  :mod:`~sintra_rules.verify.bench`: many checked random games, move-path counts, speed.

Submodules are imported explicitly (``from sintra_rules.verify import perft``); this package
re-exports nothing, so importing it stays cheap.
"""
