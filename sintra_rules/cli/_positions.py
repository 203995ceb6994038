"""``sintra show`` and ``sintra explain``: a position typed in a game's one-line notation or
read from a file (a position, a state document, a game record at a ply), drawn or explained.

A one-line position needs the game's :class:`~sintra_rules.game.Positions` capability, a
picture its :class:`~sintra_rules.game.Drawn` one (or its own command line's), an explanation
its :class:`~sintra_rules.game.Explained` one (else legality alone is told, with the events of
:class:`~sintra_rules.game.Traced` where the game has them).
"""

from __future__ import annotations

import argparse
import contextlib
from typing import Any

import attrs

from sintra_rules._strict import Reader
from sintra_rules._terminal import output_width, use_colour, wrap_text
from sintra_rules.cli._content import commands_of, is_position_text
from sintra_rules.cli._io import UsageError, check_output, from_file, output, read_text
from sintra_rules.cli._play import chosen_ply, note_provisional
from sintra_rules.cli.hooks import GameCommands, LoadedGame
from sintra_rules.errors import IllegalAction, RecordError
from sintra_rules.game import Explained, Positions, Traced

__all__ = ["explain", "show"]


@attrs.frozen
class _Loaded:
    """A position read by ``show`` or ``explain``: the state, the move that led to it (from a
    record) and the position it was played from, where it came from, the players' names."""

    state: Any
    last: Any | None
    where: str
    names: tuple[str, ...] | None = None
    before: Any | None = None


def _load_position(
    source: str, ply: int | None, args: argparse.Namespace
) -> tuple[GameCommands, _Loaded]:
    """The position in ``source``: a position in a game's notation, or a file holding one, a
    state document, or a game record (the position after ``ply`` actions, by default after
    the last one), with the command's parts for its game."""
    typed = source.removeprefix("\ufeff")  # a byte-order mark copied with it, as in a file
    if is_position_text(typed):
        text, name = typed, ""
    else:
        text, name = read_text(source), source
    shown = "standard input" if name == "-" else name or "the position"
    commands = commands_of(args, text, shown)
    with from_file(source) if name else contextlib.nullcontext():
        return commands, _position_in(commands, text, name, ply)


def _position_in(commands: GameCommands, text: str, name: str, ply: int | None) -> _Loaded:
    """The position in ``text`` (read from ``name``, or typed when it is empty). Typed, the
    position is taken as it is (no space before the first field or after the last); from a
    file, without the line ends around it."""
    game = commands.game
    if is_position_text(text.strip()):
        if ply is not None:
            raise UsageError("--ply is for a game record, not a single position")
        if not isinstance(game, Positions):
            raise UsageError(f"{commands.title} has no one-line positions")
        line = text.strip("\r\n") if name else text
        return _Loaded(game.position_from_text(line), None, name)
    try:
        document = Reader(RecordError).loads(text)
    except RecordError:
        document = None
    if commands.is_game_file(text, document):
        return _game_position(commands.read_game(text), name, ply)
    if ply is not None:  # a state document, or else the state loader says what is wrong
        raise UsageError("--ply is for a game record, not a state document")
    return _Loaded(game.deserialize(text), None, name)


def _game_position(game: LoadedGame, name: str, ply: int | None) -> _Loaded:
    """The position of ``game`` after ``ply`` actions (default: all) and the chance outcomes
    that follow them, with the move that led to it and the position it was played from."""
    last_ply = len(game.actions)
    chosen = chosen_ply(ply, last_ply)
    action = game.actions[chosen - 1] if chosen else None
    before = game.states[chosen - 1] if chosen else None
    names = game.names if game.named else None
    named = f" ({', '.join(names)})" if names else ""
    where = f"{name}{named}, ply {chosen} of {last_ply}"
    return _Loaded(game.states[chosen], action, where, names, before)


def explain(args: argparse.Namespace) -> int:
    """``sintra explain POSITION [ACTION]``: the clauses the action fires, or every clause it
    breaks (exit 1); without an action, the legal actions."""
    commands, loaded = _load_position(args.position, args.ply, args)
    game, state = commands.game, loaded.state
    width = output_width()
    if args.action is None:
        for line in commands.list_actions(state):
            print(wrap_text(line, width))
        return 0
    action = game.action_from_text(state, args.action)
    if isinstance(game, Explained):
        report = game.explain(state, action)
        print(str(report))
        legal = bool(getattr(report, "legal", True))
    else:
        legal = _legality(game, state, action, width)
    if legal:
        note_provisional(commands, args)
    return 0 if legal else 1


def _legality(game: Any, state: Any, action: Any, width: int) -> bool:
    """Whether ``action`` is legal, told in words: the clause it breaks (the game's
    :class:`~sintra_rules.errors.IllegalAction`), or the events it fires where the game
    traces them."""
    text = game.action_to_text(state, action)
    try:
        if isinstance(game, Traced):
            _, events = game.apply_traced(state, action)
        else:
            game.apply(state, action)
            events = ()
    except IllegalAction as error:
        print(wrap_text(f"{text}: illegal: {error}", width))
        return False
    print(wrap_text(f"{text}: legal", width))
    for event in events:
        print(wrap_text(f"  {event}", width))
    return True


def show(args: argparse.Namespace) -> int:
    """``sintra show POSITION``: the text board (with the last move from a record), an SVG
    picture (``--svg OUT``) or the one-line notation (``--notation``)."""
    if args.svg is not None:
        check_output(args.svg, "--svg")
    commands, loaded = _load_position(args.position, args.ply, args)
    game, state = commands.game, loaded.state
    if args.notation:
        if not isinstance(game, Positions):
            raise UsageError(f"--notation: {commands.title} has no one-line positions")
        print(game.position_to_text(state))
    if args.svg is not None:
        picture = commands.svg(state, loaded.names, loaded.last, loaded.before)
        with output(args.svg) as handle:
            handle.write(picture + "\n")
        print(f"Picture written to {args.svg}")
        note_provisional(commands, args)  # the picture shows scores, windows and the track
    if not args.notation and args.svg is None:
        width = output_width()
        if loaded.where:
            print(wrap_text(f"sintra show: {loaded.where}", width))
        if loaded.last is not None:
            print(f"Last move: {game.action_to_text(loaded.before, loaded.last)}")
        if loaded.where or loaded.last is not None:
            print("")
        board = commands.board(state, loaded.names, colour=use_colour(args.color))
        print(wrap_text(board, width))
        note_provisional(commands, args)
    return 0
