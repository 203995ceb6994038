"""Sagrada's behaviour version (ENG-11)."""

#: Bumped whenever the engine's observable behaviour changes for the same seed and actions
#: (ENG-11). Recorded in every saved Sagrada state.
BEHAVIOUR_VERSION = 2
