"""The games of the library and the registry that finds them (as pgx's ``make``).

:func:`make` returns a game by name, importing its module only then: ``import sintra_rules``
imports no game it does not need. :func:`available_games` lists the names, :func:`game_of`
finds the game of a state by its ``GAME`` name, and :func:`detect_file` the game and the kind of
a file by its content (each game says which of its files a text is, through its
:class:`~sintra_rules.game.Recognised` capability). Each game lives in its own home,
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
>>> detect_file("sagrada1 round:1 ...")
('sagrada', 'position')
>>> detect_file(chr(10).join(['[Event "Club night"]', '[Seed "3"]', '[Players "2"]', "",
...                           "draft G6 place r4c1 end"]))
('sagrada', 'text record')
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Final, Literal, get_args

from sintra_rules._formats.files import found_text
from sintra_rules.errors import FileKindError, UnknownGame
from sintra_rules.game import FileClaim, Game, Recognised, State

__all__ = [
    "GameId",
    "api_of",
    "available_games",
    "detect_file",
    "file_claims",
    "game_named_by",
    "game_of",
    "make",
]

#: The registered games' names.
GameId = Literal["sagrada", "sintra"]

#: Where each game's :class:`~sintra_rules.game.Game` value lives: ``module:attribute``.
_HOMES: Final = {
    "sagrada": "sintra_rules.games.sagrada.game:GAME",
    "sintra": "sintra_rules.games.sintra.game:GAME",
}
#: Each game's own API namespace: its engine's functions with the game's own signatures.
_APIS: Final = {"sagrada": "sintra_rules.games.sagrada", "sintra": "sintra_rules.games.sintra"}


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


def file_claims(text: str) -> dict[str, FileClaim]:
    """What every registered game (with the :class:`~sintra_rules.game.Recognised` capability)
    says of ``text``: the games that take it for one of their files, each with its claim.

    Args:
        text: a file's content, or a position typed.

    Returns:
        The claims by game name (none: no game's file).

    Raises:
        FileKindError: ``text`` is not a string.

    >>> file_claims('{"kind": "sintra-state"}')
    {'sintra': FileClaim(kind='state document', sign='its kind, "sintra-state"', named=True)}
    >>> file_claims(b"sintra1")
    Traceback (most recent call last):
    ...
    sintra_rules.errors.FileKindError: $: expected the text of a file (a str), got bytes
    """
    if not isinstance(text, str):
        raise FileKindError("$", f"expected the text of a file (a str), got {type(text).__name__}")
    claims: dict[str, FileClaim] = {}
    for name in available_games():
        game = make(name)
        if isinstance(game, Recognised):
            claim = game.claim_file(text)
            if claim is not None:
                claims[name] = claim
    return claims


def detect_file(text: str) -> tuple[str, str]:
    """The registered game ``text`` is a file of, and the kind of file (one of
    :data:`~sintra_rules.game.FILE_KINDS`), told by its content: a position's first word
    (``sagrada1``), a JSON document's ``kind`` (``"sintra-game"``), a text record's game tag
    (``[Sagrada "1"]``) or ``Position``, or else, in a text record that names no game, the
    tags only one game uses and its moves' notation. A text that names a game outweighs one
    that has only a game's form. Nothing is guessed: a text no game claims, or two games
    claim alike, is refused.

    The file may still be malformed: the game's reader says where.

    Args:
        text: a file's content, or a position typed.

    Returns:
        ``(game, kind)``: a name of :func:`available_games` and the kind of file.

    Raises:
        FileKindError: no game claims the text (the message lists every game's kinds of
            file), or two do (``games`` names them), or it is not a string.

    >>> detect_file('{"format": 2, "kind": "sintra-game", "players": 2}')
    ('sintra', 'game record')
    >>> detect_file("[1, 2]")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sintra_rules.errors.FileKindError: $: a JSON array, not a file of any game: Sagrada reads ...
    """
    return _decided(text, file_claims(text))


def _decided(text: str, claims: dict[str, FileClaim]) -> tuple[str, str]:
    """The game and kind the claims on ``text`` decide (:func:`detect_file`)."""
    named = {name: claim for name, claim in claims.items() if claim.named}
    chosen = named or claims
    if len(chosen) == 1:
        ((name, claim),) = chosen.items()
        return name, claim.kind
    if not chosen:
        raise FileKindError("$", f"{found_text(text)}, not a file of any game: {_formats_text()}")
    both = " and ".join(
        f"a {claim.kind} of {make(name).info.title} ({claim.sign})"
        for name, claim in sorted(chosen.items())
    )
    raise FileKindError(
        "$", f"the text could be {both}: it is not guessed, name its game", tuple(sorted(chosen))
    )


def game_named_by(text: str) -> str | None:
    """The registered game ``text`` is a file of (:func:`detect_file`), or ``None`` when no
    game claims it.

    Args:
        text: a file's content, or a position typed.

    Returns:
        A name of :func:`available_games`, or ``None``.

    Raises:
        FileKindError: two games claim the text (``games`` names them), or it is not a
            string.

    >>> game_named_by('[Sagrada "1"]'), game_named_by("hello") is None
    ('sagrada', True)
    """
    claims = file_claims(text)  # a text that is not a string is refused here
    return _decided(text, claims)[0] if claims else None


def _formats_text() -> str:
    """Every game's kinds of file, in words: ``Sagrada reads a position (one line ...), ...``."""
    parts = []
    for name in available_games():
        game = make(name)
        if isinstance(game, Recognised):
            kinds = ", ".join(f"a {f.kind} ({f.looks})" for f in game.file_formats)
            parts.append(f"{game.info.title} reads {kinds}")
    return "; ".join(parts)


def api_of(name: str) -> ModuleType:
    """The game's own API namespace, ``sintra_rules.games.<name>``: its engine's functions with
    the game's own signatures (``legal_actions``, ``apply``, ``position_to_text``, ...), which
    the facade's functions dispatch to (:mod:`sintra_rules`); imported on first use.

    Args:
        name: a name of :func:`available_games`.

    Returns:
        The module.

    Raises:
        UnknownGame: the name is not registered.

    >>> api_of("sagrada").__name__
    'sintra_rules.games.sagrada'
    """
    if not isinstance(name, str) or name not in _APIS:
        raise UnknownGame(str(name), f"choose from {', '.join(available_games())}")
    return importlib.import_module(_APIS[name])
