"""sintra_rules: canonical rules engine of Azul: Stained Glass of Sintra."""

from sintra_rules._version import BEHAVIOUR_VERSION, __version__

__all__ = ["BEHAVIOUR_VERSION", "__version__"]
