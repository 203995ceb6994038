"""Adapters to the libraries game-AI programs use, one module per library (ENG-30, ENG-31).

Each module is imported explicitly and needs its library, an optional extra of the package:

* :mod:`sintra_rules.adapters.openspiel`: registers the OpenSpiel games ``python_sintra``
  (explicit chance nodes) and ``python_sintra_sampled`` (chance sampled inside the engine);
  ``pip install 'sintra-rules[openspiel]'``.
* :mod:`sintra_rules.adapters.pettingzoo`: an AEC environment, made as PettingZoo's classic
  games are (``env(num_players=2, side="A")``); ``pip install 'sintra-rules[pettingzoo]'``.
* :mod:`sintra_rules.adapters.gymnasium`: a single-agent environment in which the other seats
  are played by a built-in agent; ``pip install 'sintra-rules[gymnasium]'``.

All three speak the engine's fixed action ids (:mod:`sintra_rules.games.sintra.encoding`, 3,601 of
them) and its observation vector (:mod:`sintra_rules.games.sintra.observation`), and never let a
player's side see the engine's generator.
"""
