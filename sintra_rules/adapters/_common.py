"""What the three adapters share: the game they wrap, its player count, its options and the
text board a seat may see.

Every adapter takes a game as a :class:`~sintra_rules.game.Game` value, a registry name
(:func:`sintra_rules.make`) or ``None`` for Sintra, the default game; it never imports a game.

>>> resolve_game(None).info.name, default_players(resolve_game("sintra").info)
('sintra', 2)

A text render shows a seat only what it may see (:func:`seat_view`); the spectator's view,
every seat's secrets included, is asked for by name (``render_view="spectator"``):

>>> game = resolve_game("sagrada")
>>> state = game.start(2, seed=5)
>>> [line.strip() for line in seat_view(game, state, 0).splitlines() if "private" in line]
['private objective: Shades of Blue', 'private objective: hidden']
>>> "hidden" in game.render(state)
False
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sintra_rules.errors import ConfigurationError
from sintra_rules.game import Game, GameInfo
from sintra_rules.games import make

__all__ = [
    "DEFAULT_GAME",
    "SPECTATOR",
    "GameLike",
    "check_options",
    "check_players",
    "check_setting",
    "default_players",
    "resolve_game",
    "seat_view",
]

#: The game an adapter wraps when none is given.
DEFAULT_GAME = "sintra"

#: A game as the adapters take it: the value itself, a registry name, or ``None`` (Sintra).
GameLike = Game[Any, Any] | str | None

#: The render view that shows everything, every seat's secrets included (a spectator's, or a
#: referee's): the option ``render_view="spectator"`` of the Gymnasium and PettingZoo
#: environments. Never what a learner's seat saw.
SPECTATOR = "spectator"


def resolve_game(game: GameLike) -> Game[Any, Any]:
    """The game ``game`` names.

    Args:
        game: a game, a registry name, or ``None`` for the default game (Sintra).

    Returns:
        The game value.

    Raises:
        UnknownGame: a name the registry does not hold.
    """
    if game is None:
        return make(DEFAULT_GAME)
    if isinstance(game, str):
        return make(game)
    return game


def default_players(info: GameInfo) -> int:
    """The player count an adapter uses when none is given: 2 when the game takes 2 players,
    else its smallest count.

    Args:
        info: the game's facts.

    Returns:
        A player count of the game.
    """
    return 2 if 2 in info.player_counts else min(info.player_counts)


def check_players(info: GameInfo, num_players: object) -> int:
    """``num_players`` if the game takes that many players.

    Args:
        info: the game's facts.
        num_players: the count given.

    Returns:
        The count.

    Raises:
        ConfigurationError: naming ``players``, for anything but one of the game's counts.
    """
    if (
        isinstance(num_players, bool)
        or not isinstance(num_players, int)
        or num_players not in info.player_counts
    ):
        counts = ", ".join(str(n) for n in info.player_counts)
        raise ConfigurationError(
            "players", f"{info.title} takes {counts} players, got {num_players!r}"
        )
    return num_players


def check_options(info: GameInfo, given: Mapping[str, object]) -> dict[str, str]:
    """Every option of the game: the given ones checked, the others at their defaults.

    Args:
        info: the game's facts.
        given: option values by name.

    Returns:
        A value for every option of the game.

    Raises:
        ConfigurationError: naming the option, for an unknown option or a value it does not
        take (the message ends with the option's help, which names the game's clause).
    """
    for name in given:
        if info.option(name) is None:
            names = ", ".join(option.name for option in info.options) or "none"
            raise ConfigurationError(
                name, f"{info.title} has no such option (its options: {names})"
            )
    values: dict[str, str] = {}
    for option in info.options:
        value = given.get(option.name, option.default)
        if not isinstance(value, str) or value not in option.values:
            help_text = f" ({option.help})" if option.help else ""
            raise ConfigurationError(
                option.name,
                f"must be one of {', '.join(option.values)}, got {value!r}{help_text}",
            )
        values[option.name] = value
    return values


def check_setting(
    game: Game[Any, Any], num_players: object, options: Mapping[str, object]
) -> tuple[int, dict[str, str]]:
    """A player count and options checked against the game: options first, then the count by
    the game's own :meth:`~sintra_rules.game.Encoded.facts` (whose error names the game's
    clause, as Sintra's COMP-02), then against ``info.player_counts``.

    Args:
        game: the game.
        num_players: the count given.
        options: option values by name.

    Returns:
        The count and a value for every option.

    Raises:
        ConfigurationError: naming the clause, the option or ``players``.
    """
    values = check_options(game.info, options)
    if not isinstance(num_players, bool) and isinstance(num_players, int):
        game.facts(num_players, values)
    return check_players(game.info, num_players), values


def seat_view(game: Game[Any, Any], state: Any, seat: int) -> str:
    """The text board as ``seat`` may see it: for a game of perfect information the whole
    board (:meth:`~sintra_rules.game.Written.render`: every seat sees all of it), else what
    the seat sees in words (:meth:`~sintra_rules.game.Encoded.observation_string`, which holds
    nothing hidden from it; Sagrada: the board with the other seats' private objectives
    hidden until the game is over).

    Args:
        game: the game.
        state: a state of the game.
        seat: the seat whose view it is.

    Returns:
        The text.
    """
    if game.info.perfect_information:
        return game.render(state)
    return game.observation_string(state, seat)
