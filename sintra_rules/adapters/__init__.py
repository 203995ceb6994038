"""Adapters to the libraries game-AI programs use, one module per library (ENG-30, ENG-31).

Each module is imported explicitly and needs its library, an optional extra of the package.
Every adapter is generic: it takes any :class:`~sintra_rules.game.Game` (a value, or a name of
the registry, :func:`sintra_rules.make`), Sintra by default, and imports no game.

* :mod:`sintra_rules.adapters.openspiel`: registers the OpenSpiel games ``python_<name>``
  (explicit chance nodes) and ``python_<name>_sampled`` (chance sampled inside the game) for
  every game of the registry (``python_sintra``, ``python_sintra_sampled``), and
  :func:`~sintra_rules.adapters.openspiel.register` for any other;
  ``pip install 'sintra-rules[openspiel]'``.
* :mod:`sintra_rules.adapters.pettingzoo`: an AEC environment, made as PettingZoo's classic
  games are (``env(num_players=2, side="A")``, ``env(3, game=game)``);
  ``pip install 'sintra-rules[pettingzoo]'``.
* :mod:`sintra_rules.adapters.gymnasium`: a single-agent environment in which the other seats
  are played by a built-in agent; ``pip install 'sintra-rules[gymnasium]'``.

All three speak the game's fixed action ids (``game.legal_ids``; Sintra's 3,601 are those of
:mod:`sintra_rules.games.sintra.encoding`) and its per-seat observation (``game.observe``, which
shows a seat only what it may see), and never let a player's side see the game's generator.
The text renders of PettingZoo and Gymnasium show a seat's view too (:func:`seat_view`), the
spectator's view, every seat's secrets included, only when asked for
(``render_view="spectator"``).
"""

from sintra_rules.adapters._common import seat_view

__all__ = ["seat_view"]
