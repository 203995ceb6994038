"""Which game a position or a file is of, told by its content.

* a one-line position starts with its game's name and the notation's version: ``sintra1 ...``,
  ``sagrada1 ...``;
* a JSON document names it in its ``kind``: ``"sintra-state"``, ``"sagrada-game"`` (a
  Sintra golden playthrough, in its record's ``kind``; a playthrough of
  :mod:`sintra_rules.verify.golden`, ``"kind": "playthrough"``, in its ``game``);
* a text record has its game's tag among the tags at its head: ``[Sintra "1"]``,
  ``[Sagrada "1"]``.

A text without any of these (a Sintra text record may leave its tag out) is of the game
``--game`` names, by default Sintra; a file of another game than ``--game`` names is refused.

>>> game_named_by("sagrada1 r:1 ...")
'sagrada'
>>> game_named_by('{"format": 1, "kind": "sintra-state"}')
'sintra'
>>> game_named_by(chr(10).join(['[Sagrada "1"]', '[Players "2"]']))
'sagrada'
>>> game_named_by('[Event "Club night"]') is None
True
"""

from __future__ import annotations

import argparse
import json
import re

from sintra_rules.cli._io import UsageError
from sintra_rules.cli.hooks import GameCommands, commands_for
from sintra_rules.games import available_games, make

__all__ = ["commands_of", "game_named_by", "is_position_text"]

_TAG = re.compile(r"\s*\[\s*([A-Za-z][\w-]*)\s")


def _position_game(head: str) -> str | None:
    for name in available_games():
        version = head[len(name) :]
        if head.startswith(name) and version.isdigit():
            return name
    return None


def is_position_text(text: str) -> bool:
    """Whether ``text`` is meant as a position in a game's one-line notation rather than a
    file name (a space before it too: the notation's reader then says what is wrong)."""
    head = text.lstrip().split(" ", 1)[0]
    return _position_game(head) is not None


def game_named_by(text: str) -> str | None:
    """The registered game ``text`` (a position, or a file's content) names, or ``None``.

    Args:
        text: the text.

    Returns:
        A name of :func:`~sintra_rules.available_games`, or ``None``.
    """
    head = text.lstrip().split(None, 1)[0] if text.strip() else ""
    found = _position_game(head)
    if found is not None:
        return found
    if text.lstrip().startswith("{"):
        try:
            document = json.loads(text)
        except (ValueError, RecursionError):
            return None
        if isinstance(document, dict):
            record = document.get("record")
            kind = document.get("kind")
            if kind is None and isinstance(record, dict):
                kind = record.get("kind")
            if kind == "playthrough":  # a golden playthrough names its game apart
                kind = document.get("game")
            if isinstance(kind, str):
                name = kind.split("-", 1)[0]
                return name if name in available_games() else None
        return None
    for line in text.splitlines():  # the tags at the head of a text record
        if not line.strip() or line.lstrip().startswith("{"):
            continue
        match = _TAG.match(line)
        if match is None:
            return None
        name = match.group(1).lower()
        if name in available_games():
            return name
    return None


def commands_of(args: argparse.Namespace, text: str, where: str) -> GameCommands:
    """The command's parts for the game of ``text`` (read from ``where``): the game it names,
    else ``--game``'s; on the component table of ``--components``.

    Raises:
        UsageError: ``--game`` names another game than the text.
    """
    named = game_named_by(text)
    given: str | None = getattr(args, "game_given", None)
    if named is not None and given is not None and named != given:
        raise UsageError(
            f"{where}: a {_thing(text)} of {make(named).info.title}, not of "
            f"{make(given).info.title} (--game {given})"
        )
    commands = commands_for(make(named or given or "sintra"))
    path: str | None = getattr(args, "components", None)
    if path is not None:
        commands = commands.on_table(path)
    return commands


def _thing(text: str) -> str:
    return "position" if is_position_text(text) else "file"
