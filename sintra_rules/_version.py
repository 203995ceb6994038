"""Package version (the rules-behaviour version is per game: ``sintra_rules.games.sintra``)."""

__version__ = "0.1.0"
