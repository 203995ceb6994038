"""Sintra's behaviour version (ENG-06)."""

#: Bumped whenever the engine's observable behaviour changes for the same seed and actions
#: (see spec clause ENG-06). Recorded in every saved state and game record.
BEHAVIOUR_VERSION = 1
