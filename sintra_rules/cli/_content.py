"""Which game a position or a file is of, told by its content: the library's
:func:`sintra_rules.games.detect_file`, which asks every registered game (a position's first
word, ``sintra1``, ``sagrada1``; a JSON document's ``kind``; a text record's game tag or
``Position``, else the tags only one game uses and its moves' notation).

A text of no game's kind is read as a file of the game ``--game`` names, whose reader then says
what is wrong; without ``--game`` it is refused with every game's kinds of file. A text two
games claim is read as ``--game`` names one of them, else refused. A file of another game than
``--game`` names is refused.

>>> is_position_text("sagrada1 round:1 ..."), is_position_text("game.json")
(True, False)
"""

from __future__ import annotations

import argparse

from sintra_rules.cli._io import UsageError
from sintra_rules.cli.hooks import GameCommands, commands_for
from sintra_rules.errors import FileKindError
from sintra_rules.games import detect_file, make

__all__ = ["commands_of", "detected", "is_position_text"]


def is_position_text(text: str) -> bool:
    """Whether ``text`` is meant as a position in a game's one-line notation rather than a
    file name (a space before it too: the notation's reader then says what is wrong)."""
    try:
        return detect_file(text)[1] == "position"
    except FileKindError:
        return False


def detected(args: argparse.Namespace, text: str, where: str) -> tuple[str, str | None]:
    """The game of ``text`` (read from ``where``) and the kind of file it is (``None`` when
    its content does not tell, and ``--game`` names the game).

    Raises:
        UsageError: ``--game`` names another game than the text; the text is no game's or
            two games', and ``--game`` does not decide.
    """
    given: str | None = getattr(args, "game_given", None)
    try:
        named, kind = detect_file(text)
    except FileKindError as error:
        if given is not None and (not error.games or given in error.games):
            return given, None
        if error.games:
            options = " or ".join(f"--game {name}" for name in error.games)
            raise UsageError(f"{where}: {error} ({options})") from None
        raise UsageError(f"{where}: {error} (--game NAME reads it as that game's)") from None
    if given is not None and named != given:
        thing = "position" if kind == "position" else "file"
        raise UsageError(
            f"{where}: a {thing} of {make(named).info.title}, not of "
            f"{make(given).info.title} (--game {given})"
        )
    return named, kind


def commands_of(
    args: argparse.Namespace, text: str, where: str, reads: tuple[str, ...] | None = None
) -> GameCommands:
    """The command's parts for the game of ``text`` (read from ``where``,
    :func:`detected`), on the component table of ``--components``.

    Args:
        args: the command's arguments.
        text: the position or the file's content.
        where: where it was read, for messages.
        reads: the kinds of file the command reads (``None``: every kind).

    Raises:
        UsageError: as :func:`detected`, or a file of a kind the command does not read.
    """
    name, kind = detected(args, text, where)
    if reads is not None and kind is not None and kind not in reads:
        title = make(name).info.title
        raise UsageError(
            f"{where}: a {kind} of {title}, not a game: sintra {args.command} reads "
            f"{', '.join(f'a {each}' for each in reads[:-1])} or a {reads[-1]} (sintra show "
            f"and sintra explain read a {kind})"
        )
    commands = commands_for(make(name))
    path: str | None = getattr(args, "components", None)
    if path is not None:
        commands = commands.on_table(path)
    return commands
