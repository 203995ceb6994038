"""The games this library hosts, one subpackage each: ``sintra_rules.games.sintra``.

Every module outside ``sintra_rules/games/`` is generic and never imports a game; only this
registry and the facade (:mod:`sintra_rules`) name one.
"""

# The registry (make, available_games) goes here: issue 20, step 2.
