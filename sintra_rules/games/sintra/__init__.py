"""*Azul: Stained Glass of Sintra*: its state, rules, formats, views, kernel and verification
model. The documented import path of its API is the facade, :mod:`sintra_rules`.
"""

__all__ = ["BEHAVIOUR_VERSION"]

#: Bumped whenever the engine's observable behaviour changes for the same seed and actions
#: (see spec clause ENG-06). Recorded in every saved state and game record.
BEHAVIOUR_VERSION = 1
