"""Package version and rules-behaviour version."""

__version__ = "0.1.0"

#: Bumped whenever the engine's observable behaviour changes for the same seed and actions
#: (see spec clause ENG-06). Recorded in every saved state and game record.
BEHAVIOUR_VERSION = 1
