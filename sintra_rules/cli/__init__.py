"""The ``sintra`` command line, for every game of the registry.

``sintra play`` (the default with no arguments is a complete 2-player game of Sintra, greedy
against random), ``replay``, ``show``, ``bench``, ``rule``, ``explain``, ``perft``, ``soak``,
``arena`` and ``selfplay``; see ``sintra --help`` and ``sintra COMMAND --help``.
``python -m sintra_rules`` is the same command.

Every command takes ``--game NAME`` (:func:`sintra_rules.available_games`; default
``sintra``), and the commands that start games take that game's options (Sintra's ``--side``,
Sagrada's ``--tools``, from :attr:`sintra_rules.game.GameInfo.options`). The command reaches a
game only through the registry, the protocol and its capabilities; what depends on the game is
in :class:`~sintra_rules.cli.hooks.GameCommands`, with defaults for any game, and a game with
the capability :class:`~sintra_rules.game.CommandLine` says more (Sintra's records, component
tables, kernel soak and words for every turn).

``show`` and ``explain`` take a position in a game's one-line notation (Sintra's ENG-21,
``sintra1 ...``; Sagrada's ``sagrada1 ...``: its first word names its game) or a file (a
position, a state document, or a game record with ``--ply N``); ``replay`` reads game records
(Sintra's text records, ENG-24, JSON game records, ENG-25, and golden playthroughs, told apart
by their content). A file names its game by its content, for every game
(:func:`sintra_rules.games.detect_file`: a JSON document's ``kind``, ``"sagrada-state"``; a
text record's first tag, ``[Sintra "1"]``, or its ``Position``; else the tags only one game
uses and its moves' notation); a file of no game's kind, or of two games', is read as
``--game`` names, or refused listing every game's kinds of file.
``--components FILE`` gives Sintra's component table to the commands that play, read or show
positions, and every command that prints scores notes on stderr, once, when the table holds
provisional figures (``--quiet`` leaves the note out).

``play`` and ``replay`` fold their lines to the terminal's width (at most 100 characters,
exactly that when the output is not a terminal) with a hanging indent, and colour
the pieces when the output is a terminal and ``NO_COLOR`` is unset (``--color`` overrides).
``replay`` also reads a golden playthrough (``tests/golden/*.json``) and checks every state's
digest against it.

Exit codes (each subcommand's ``--help`` lists its own): 0 success; 1 a negative answer (an
illegal action for ``explain``, no clause found by ``rule --search``, failures for ``soak``, a
state digest that differs from a golden playthrough's for ``replay``); 2 bad input (bad
arguments, an unreadable or invalid file, an output path that cannot be written, checked before
any work starts, or any :class:`~sintra_rules.errors.SintraError`: one line names the file,
field or clause, no traceback); 130 interrupted by Ctrl-C (one line says how far the work got;
the workers of ``soak --workers`` stop with it).

``soak``, ``arena`` and ``selfplay`` take ``--workers K`` or ``--ray [ADDRESS]``
(:mod:`sintra_rules.distributed`); their results do not depend on it.

Long work (``soak``, ``perft``, ``bench``, ``arena``, ``selfplay``) draws a progress line on
standard error when it is a terminal, unless ``--quiet``; piped, it draws nothing. A file
argument may be ``-`` for standard input.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from sintra_rules._progress import forget_progress, last_summary
from sintra_rules._words import shortened
from sintra_rules.cli._io import UsageError, show_warnings
from sintra_rules.cli._parser import (
    build_parser,
    chosen_game,
    intermixed,
    refuse_extras,
    resolve_options,
)
from sintra_rules.errors import RecordWarning, SintraError

__all__ = ["UsageError", "main", "provisional_note"]


def provisional_note(table: Any) -> str | None:
    """The note every command that prints scores gives (on stderr) when a component table
    holds provisional figures: the table's own ``provisional_note`` (Sintra's
    :attr:`~sintra_rules.games.sintra.components.ComponentTable.provisional_note`, FIG-01),
    ``None`` when every figure is confirmed.

    >>> from types import SimpleNamespace
    >>> provisional_note(SimpleNamespace(provisional_note=None)) is None
    True
    """
    note: str | None = table.provisional_note
    return note


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``sintra`` command with ``argv`` (default: the process arguments); return the
    exit code. Every :class:`~sintra_rules.errors.SintraError` and bad argument gives its
    message on stderr and exit code 2; Ctrl-C gives one line and exit code 130.

    Args:
        argv: the arguments (without the program's name).

    Returns:
        The exit code.
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    forget_progress()  # an interrupted run says how far it got, not how far an earlier one did
    if not arguments:
        arguments = ["play"]
    parser = build_parser(chosen_game(arguments))
    try:
        args, extras = parser.parse_known_args(arguments)
        if extras:
            args, extras = intermixed(args, arguments, extras)
        if extras:
            refuse_extras(parser, args, extras)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 2)
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        given = getattr(args, "game", None)
        args.game_given = given
        args.game = given or "sintra"
        resolve_options(args)
        with warnings.catch_warnings():
            warnings.simplefilter("always", RecordWarning)
            warnings.showwarning = show_warnings(args.command)
            return handler(args)
    except (SintraError, UsageError) as error:
        print(shortened(f"sintra {args.command}: error: {error}"), file=sys.stderr)
        return 2
    except KeyboardInterrupt as interrupt:
        parts = []
        done = last_summary()
        if done:
            parts.append(f"{done} done")
        if str(interrupt):  # where the work done was kept
            parts.append(str(interrupt))
        summary = f" ({'; '.join(parts)})" if parts else ""
        print(f"sintra {args.command}: interrupted{summary}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``sintra play | head``): stop quietly, as other tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
