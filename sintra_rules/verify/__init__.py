"""The verification kit: check a game's engine (this one or another) against its rules.

The generic drivers take any game of the protocol (:class:`~sintra_rules.game.Game`) as
``game=``, Sintra by default, and never import a game:

* :mod:`~sintra_rules.verify.api`: :func:`~sintra_rules.verify.api.check_game`, the conformance
  check of the game protocol;
* :mod:`~sintra_rules.verify.perft`: move-path counts;
* :mod:`~sintra_rules.verify.soak`: many seeded random games, every step checked (the
  protocol's cheap checks and the game's own invariants, :class:`~sintra_rules.game.Verified`);
* :mod:`~sintra_rules.verify.golden`: playthroughs (every state's digest) and their check;
* :mod:`~sintra_rules.verify.bench`: speed and bytes per state, against python-chess.

Each game's own model lives in its home; Sintra's in ``sintra_rules.games.sintra.verify``: its
conformance check of another engine (:mod:`~sintra_rules.games.sintra.verify.conformance`, see
the docs page *Check another engine*), the independent oracle, the invariants, hand-made
positions, its kernel soak (:mod:`~sintra_rules.games.sintra.verify.soak`, ``sintra soak``) and
golden playthroughs (:mod:`~sintra_rules.games.sintra.verify.golden`).

Submodules are imported explicitly (``from sintra_rules.verify import perft``); this package
re-exports nothing, so importing it stays cheap.
"""
