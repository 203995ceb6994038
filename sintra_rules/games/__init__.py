"""The games of the library and the registry that finds them (as pgx's ``make``).

:func:`make` returns a game by name, importing its module only then: ``import sintra_rules``
imports no game it does not need. :func:`available_games` lists the names, and
:func:`game_of` finds the game of a state by its ``GAME`` name. Each game lives in its own home,
``sintra_rules.games.<name>``; nothing outside that home (but this registry and the facade)
imports it.

>>> available_games()
('sagrada', 'sintra')
>>> make("sintra").info.title
'Azul: Stained Glass of Sintra'
>>> make("chess")
Traceback (most recent call last):
...
sintra_rules.errors.UnknownGame: unknown game 'chess': choose from sagrada, sintra
"""

from __future__ import annotations

import importlib
from typing import Any, Final, Literal, get_args

from sintra_rules.errors import UnknownGame
from sintra_rules.game import Game, State

__all__ = ["GameId", "available_games", "game_of", "make"]

#: The registered games' names.
GameId = Literal["sagrada", "sintra"]

#: Where each game's :class:`~sintra_rules.game.Game` value lives: ``module:attribute``.
_HOMES: Final = {
    "sagrada": "sintra_rules.games.sagrada.game:GAME",
    "sintra": "sintra_rules.games.sintra.game:GAME",
}


def available_games() -> tuple[str, ...]:
    """The names of the registered games, sorted.

    Returns:
        Every name :func:`make` takes.
    """
    return tuple(sorted(get_args(GameId)))


def make(name: str) -> Game[Any, Any]:
    """The registered game called ``name``, its module imported on first use.

    Args:
        name: a name of :func:`available_games`.

    Returns:
        The game (a value satisfying :class:`~sintra_rules.game.Game`).

    Raises:
        UnknownGame: the name is not registered; the message lists the known ones.
    """
    if not isinstance(name, str) or name not in _HOMES:
        raise UnknownGame(str(name), f"choose from {', '.join(available_games())}")
    module, attribute = _HOMES[name].split(":")
    game: Game[Any, Any] = getattr(importlib.import_module(module), attribute)
    return game


def game_of(state: State) -> Game[Any, Any]:
    """The registered game of ``state`` (by its class's ``GAME`` name).

    Args:
        state: a state of a registered game.

    Returns:
        Its game.

    Raises:
        UnknownGame: the state's game is not registered.
    """
    return make(getattr(type(state), "GAME", repr(type(state).__name__)))
