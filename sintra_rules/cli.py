"""The ``sintra`` command line.

``sintra play`` (the default with no arguments is a complete 2-player game, greedy against
random), ``replay``, ``show``, ``bench``, ``rule``, ``explain``, ``perft``, ``soak``, ``arena``
and ``selfplay``; see
``sintra --help`` and ``sintra COMMAND --help``. ``show`` and ``explain`` take a position in the
one-line notation (ENG-21) or a file (a position, a state document, or a game record with
``--ply N``); ``replay`` reads text records (ENG-24), JSON game records (ENG-25) and golden
playthroughs, told apart by their content; ``--components FILE`` gives the component table
to the commands that play, read or show positions, and every command that prints scores notes
on stderr, once, when the table holds provisional figures (``--quiet`` leaves the note out).
``python -m sintra_rules`` is the same command.

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
import contextlib
import json
import os
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn, TextIO

import attrs

from sintra_rules._options import MAX_GAMES, MAX_SECONDS, MAX_SIMULATIONS, seconds, whole_number
from sintra_rules._progress import Progress, last_summary
from sintra_rules._strict import Reader
from sintra_rules._terminal import COLOUR_CHOICES, output_width, use_colour
from sintra_rules._version import __version__
from sintra_rules.agents import AGENT_NAMES, Agent, PlayedGame, make_agent, play_game
from sintra_rules.distributed import Ray, add_fan_out_options, capped_workers, ray_from_args
from sintra_rules.errors import RecordError, RecordWarning, SintraError
from sintra_rules.game import Game, GameInfo, Player, Result, resolve_chance
from sintra_rules.games import available_games, make
from sintra_rules.games.sintra import documents, records
from sintra_rules.games.sintra.actions import Action
from sintra_rules.games.sintra.components import (
    ComponentTable,
    Side,
    default_components,
    load_components,
)
from sintra_rules.games.sintra.game import SintraGame
from sintra_rules.games.sintra.narration import describe_action, player_name, plural, roman
from sintra_rules.games.sintra.notation import action_from_text, action_to_text
from sintra_rules.games.sintra.position import TAG, position_from_text, position_to_text
from sintra_rules.games.sintra.render import (
    NORMAL,
    QUIET,
    VERBOSE,
    render_outcome,
    render_state,
    show_game,
    wrap_text,
)
from sintra_rules.games.sintra.state import GameState
from sintra_rules.games.sintra.textrecord import looks_like_text_record, text_record_from_text
from sintra_rules.games.sintra.verify.golden import (
    GoldenPlaythrough,
    golden_mismatch,
    read_record_or_golden,
)
from sintra_rules.interrupts import deferred_interrupts

__all__ = ["UsageError", "main"]

_DEFAULT_AGENTS = ("greedy", "random")


class UsageError(Exception):
    """Arguments that parse but do not make sense together (exit code 2)."""


_non_negative = whole_number(0)


def _workers(args: argparse.Namespace, items: int, ray: Ray | None) -> int | None:
    """``--workers``, lowered to the work there is and to the cores, saying so in one line on
    standard error (:func:`~sintra_rules.distributed.capped_workers`)."""
    workers, note = capped_workers(args.workers, items, ray)
    if note is not None:
        print(f"sintra {args.command}: {note}", file=sys.stderr)
    return workers


def _read(path: str) -> str:
    """The text of ``path`` (``-``: standard input), without a byte-order mark; an unreadable
    or empty file is a :class:`UsageError`."""
    name = "standard input" if path == "-" else repr(path)
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else str(error)
        raise UsageError(f"cannot read {name}: {reason}") from None
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise UsageError(f"{name} is empty" if text == "" else f"{name} holds only blank lines")
    return text


@contextlib.contextmanager
def _from_file(path: str) -> Iterator[None]:
    """Errors of what is read from ``path`` name the file: ``game.json: $: not valid JSON``;
    so do its warnings (:class:`~sintra_rules.errors.RecordWarning`)."""
    name = "standard input" if path == "-" else path
    caught: list[warnings.WarningMessage] = []
    try:
        with warnings.catch_warnings(record=True) as recorded:
            warnings.simplefilter("always")
            caught = recorded
            yield
    except SintraError as error:
        raise UsageError(f"{name}: {error}") from None
    finally:  # the warnings come first, before an error found further on
        for found in caught:
            message = found.message
            if isinstance(message, RecordWarning):
                message = RecordWarning(f"{name}: {message.field}", message.reason)
            warnings.warn_explicit(message, found.category, found.filename, found.lineno)


def _show_warnings(command: str) -> Callable[..., None]:
    """A :func:`warnings.showwarning` that prints the package's warnings as one line each,
    ``sintra replay: warning: game.txt: line 9, token 3: ...``, others as Python does."""
    python = warnings.showwarning

    def show(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        if isinstance(message, SintraError):
            print(f"sintra {command}: warning: {message}", file=sys.stderr)
        else:
            python(message, category, filename, lineno, file, line)

    return show


def _check_output(path: str, option: str) -> None:
    """Refuse, before any work starts, an output ``path`` that cannot be written: no name, its
    folder is missing or not writable (the output is written beside the path first), or the
    path is a folder."""
    if not path:
        raise UsageError(f"{option}: give a file name")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise UsageError(f"{option} {path!r}: is a folder, not a file")
    if not os.path.isdir(folder):
        raise UsageError(f"{option} {path!r}: no folder {folder!r}")
    if _is_special(path):  # a device or a pipe is written in place
        if not os.access(path, os.W_OK):
            raise UsageError(f"{option} {path!r}: not writable")
        return
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise UsageError(f"{option} {path!r}: not writable")


def _is_special(path: str) -> bool:
    """Whether ``path`` exists and is not a regular file (``/dev/null``, a named pipe)."""
    return os.path.exists(path) and not os.path.isfile(path)


def _new_file_mode(existing: str) -> int:
    """The permissions of an output file: those of the file it replaces, else the usual ones
    (``0o666`` less the umask)."""
    with contextlib.suppress(OSError):
        return os.stat(existing).st_mode & 0o7777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


@contextlib.contextmanager
def _output(path: str, *, keep_on_interrupt: bool = False) -> Iterator[TextIO]:
    """A text stream for the output file ``path`` (checked by :func:`_check_output`).

    The text goes to a new file beside ``path`` (``PATH.XXXX.partial``), moved into place once
    the block ends, so an existing file is never destroyed before its replacement is complete.
    A device or a pipe (``/dev/null``) is written in place. A write that fails (a full disk) is
    a :class:`UsageError`, and the partial file is removed.

    With ``keep_on_interrupt``, for an output written in whole pieces (self-play games), Ctrl-C
    keeps what was written: moved into place when ``path`` did not exist, else left beside it
    (``path`` untouched); the :class:`KeyboardInterrupt` then says where it is.
    """
    if _is_special(path):
        try:
            with open(path, "w", encoding="utf-8", newline="\n") as handle:
                yield handle
        except BrokenPipeError:
            raise
        except OSError as error:
            raise UsageError(f"cannot write {path!r}: {error.strerror}") from None
        return
    existed = os.path.exists(path)
    folder, name = os.path.split(os.path.abspath(path))
    try:
        descriptor, partial = tempfile.mkstemp(prefix=f"{name}.", suffix=".partial", dir=folder)
    except OSError as error:
        raise UsageError(f"cannot write beside {path!r}: {error.strerror}") from None
    kept = False
    try:
        try:
            os.chmod(partial, _new_file_mode(path))
            with open(descriptor, "w", encoding="utf-8", newline="\n") as handle:
                yield handle
        except KeyboardInterrupt:
            if not keep_on_interrupt or os.path.getsize(partial) == 0:
                raise
            if not existed:
                os.replace(partial, path)
                raise KeyboardInterrupt(f"what was written is in {path}") from None
            kept = True
            beside = os.path.join(os.path.dirname(path), os.path.basename(partial))
            raise KeyboardInterrupt(f"{path} untouched, what was written is in {beside}") from None
        os.replace(partial, path)
    except BrokenPipeError:
        raise
    except OSError as error:
        raise UsageError(f"cannot write {path!r}: {error.strerror}") from None
    finally:
        if not kept:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(partial)


class _Deferring:
    """An agent whose every decision runs in a
    :class:`~sintra_rules.interrupts.deferred_interrupts` block: a Ctrl-C pressed while it
    decides (perhaps in compiled code) is raised between two plies."""

    def __init__(self, agent: Agent) -> None:
        self.name = agent.name
        self._agent = agent

    def choose(self, state: GameState) -> Action:
        with deferred_interrupts():
            action: Action = self._agent.choose(state)
        return action


def _agents(args: argparse.Namespace, game: SintraGame) -> list[Agent]:
    """The agents of ``sintra play``: ``--agents`` (names of
    :func:`~sintra_rules.agents.make_agent`, the searches with their budgets) or
    greedy/random alternating, one per player, each seeded from the game seed and its seat."""
    if args.agents is None:
        players = 2 if args.players is None else args.players
        kinds = [_DEFAULT_AGENTS[seat % len(_DEFAULT_AGENTS)] for seat in range(players)]
    else:
        kinds = [kind.strip() for kind in args.agents.split(",")]
        if args.players is not None and args.players != len(kinds):
            raise UsageError(f"--players {args.players} but --agents names {len(kinds)} agents")
    names = AGENT_NAMES(game)
    unknown = [kind for kind in kinds if kind.partition(":")[0] not in names]
    if unknown:
        raise UsageError(f"unknown agent {unknown[0]!r} (choose from {', '.join(names)})")
    return [
        _Deferring(make_agent(kind, seed=args.seed * 4 + seat + 1, game=game))
        for seat, kind in enumerate(kinds)
    ]


def _components(args: argparse.Namespace) -> ComponentTable:
    """The component table of ``--components FILE`` (FIG-01 to FIG-10), else the shipped one."""
    path: str | None = getattr(args, "components", None)
    return default_components() if path is None else load_components(path)


def provisional_note(table: ComponentTable) -> str | None:
    """The note every command that prints scores gives (on stderr) when ``table`` holds
    provisional figures, or ``None`` when every figure is confirmed.

    >>> print(wrap_text(provisional_note(default_components()) or "", 90))
    Note: the component table 'sintra-default-2026-provisional' holds provisional figures
        (colours, window_values.A, window_values.B, ornaments, track, strips): scores may
        differ from those of the printed game.
    """
    return table.provisional_note


def _note_provisional(table: ComponentTable, args: argparse.Namespace) -> None:
    """Print :func:`provisional_note` on standard error, once, unless ``--quiet``."""
    note = provisional_note(table)
    if note is not None and not getattr(args, "quiet", False):
        print(wrap_text(note, output_width(sys.stderr)), file=sys.stderr)


def _play(args: argparse.Namespace) -> int:
    if args.game != "sintra":
        return _play_any(args, make(args.game))
    side: Side = args.side
    table = _components(args)
    rules = SintraGame(table)
    agents = _agents(args, rules)
    if args.record is not None:
        _check_output(args.record, "--record")
    game = play_game(agents, game=rules, seed=args.seed, options={"side": side})
    names = [f"{player_name(seat)} ({agent.name})" for seat, agent in enumerate(agents)]
    width = output_width()
    print(
        wrap_text(
            f"sintra play: {len(agents)} players, board side {side}, seed {args.seed}: "
            + " vs ".join(names),
            width,
        )
    )
    print("")
    level = QUIET if args.quiet else NORMAL
    show_game(game.initial, game.actions, names, level, width=width, colour=use_colour(args.color))
    _note_provisional(table, args)
    if args.record is not None:
        _write_record(args.record, game, side, args.seed, table, names)
    return 0


def _write_record(
    path: str,
    game: PlayedGame,
    side: Side,
    seed: int,
    table: ComponentTable,
    names: Sequence[str],
) -> None:
    """Write the game record JSON of a played game to ``path`` (ENG-04), with the players'
    names as ``play`` shows them, ``Player 1 (greedy)`` (ENG-25)."""
    record = records.record_game(len(game.names), side, seed, game.actions, table, names=names)
    text = records.record_to_json(record, indent=1, components=table) + "\n"
    with _output(path) as handle:
        handle.write(text)
    print(f"Game record written to {path}")


@attrs.frozen
class _Game:
    """A game read from a file: its record, every state (ENG-25), the kind of file and, for
    a golden playthrough, its digests."""

    record: records.GameRecord
    states: tuple[GameState, ...]
    kind: str
    golden: GoldenPlaythrough | None = None


def _game_in(text: str, table: ComponentTable) -> _Game:
    """The game in ``text``, told by its content: a text record (ENG-24), else a JSON game
    record or golden playthrough (ENG-25)."""
    if looks_like_text_record(text):
        record = text_record_from_text(text, table).game_record()
        return _Game(record, records.replay(record, table), "text record")
    record, golden = read_record_or_golden(text, table)
    kind = "game record" if golden is None else "golden playthrough"
    return _Game(record, records.replay(record, table), kind, golden)


def _chosen_ply(ply: int | None, last: int) -> int:
    """``--ply``: a ply of a game of ``last`` actions (default: the last)."""
    chosen = last if ply is None else ply
    if chosen > last:
        raise UsageError(f"--ply {chosen}: the record has {last} actions (plies 0 to {last})")
    return chosen


def _comments(record: records.GameRecord) -> dict[int, list[str]]:
    """The record's comments by the ply they follow (ENG-25)."""
    found: dict[int, list[str]] = {}
    for comment in record.comments:
        found.setdefault(comment.ply, []).append(comment.text)
    return found


def _replay(args: argparse.Namespace) -> int:
    table = _components(args)
    with _from_file(args.record):
        game = _game_in(_read(args.record), table)
    record, golden = game.record, game.golden
    if golden is not None:
        mismatch = golden_mismatch(golden, game.states)
        if mismatch is not None:
            after = "the set-up" if mismatch.action is None else f"after action {mismatch.action}"
            print(
                f"sintra replay: {args.record}: digest mismatch at ply {mismatch.ply} ({after}): "
                f"the engine's state differs from digests[{mismatch.ply}] of the golden file\n"
                f"  golden digest: {mismatch.expected}\n  engine digest: {mismatch.actual}",
                file=sys.stderr,
            )
            return 1
    plies = len(record.actions)
    chosen = _chosen_ply(args.ply, plies)
    names = record.player_names()
    width = output_width()
    kind = "" if game.kind == "game record" else f"{game.kind}, "
    named = f" ({', '.join(names)})" if record.names else ""
    start = "from a position" if record.seed is None else f"seed {record.seed}"
    upto = "" if chosen == plies else f", shown up to ply {chosen}"
    shown = "standard input" if args.record == "-" else args.record
    print(
        wrap_text(
            f"sintra replay: {shown}: {kind}{record.num_players} players{named}, board "
            f"side {record.side}, {start}, {plies} actions{upto}",
            width,
        )
    )
    print("")
    level = VERBOSE if args.verbose else NORMAL
    show_game(
        game.states[0],
        record.actions[:chosen],
        names,
        level,
        width=width,
        colour=use_colour(args.color),
        states=game.states[: chosen + 1],
        comments=_comments(record),
    )
    if golden is not None:
        print(f"Golden digests: all {len(golden.digests)} states match.")
    _note_provisional(table, args)
    return 0


def _bench(args: argparse.Namespace) -> int:
    from sintra_rules.verify.bench import report_json, run_bench

    game = make(args.game)
    # The kernel's workloads run compiled: Ctrl-C is held back and raised between work items.
    if args.json:
        with deferred_interrupts():
            report = run_bench(seconds_per_config=args.seconds, seed=args.seed, out=None, game=game)
        print(json.dumps(report_json(report), sort_keys=True))
        return 0
    with Progress("bench", unit="rounds", quiet=args.quiet) as bar, deferred_interrupts():

        def out(line: str) -> None:
            bar.close()  # the progress line gives way to the figures
            print(line)

        run_bench(
            seconds_per_config=args.seconds,
            seed=args.seed,
            out=out,
            progress=bar.update,
            game=game,
        )
    return 0


def _rule(args: argparse.Namespace) -> int:
    from sintra_rules import clauses

    if (args.id is None) == (args.search is None):
        raise UsageError("give either a clause ID (sintra rule PLACE-05) or --search WORDS")
    if args.id is not None:
        print(clauses.get_clause(args.id, args.rule_game).render())
        return 0
    found = clauses.search_clauses(" ".join(args.search), args.rule_game)
    if not found:
        print(f"No clause matches {' '.join(args.search)!r}.")
        return 1
    for clause in found:
        print(f"{clause.shown} — {clause.title}")
    return 0


@attrs.frozen
class _Loaded:
    """A position read by ``show`` or ``explain``: the state, the move that led to it (from a
    record) and a description of where it came from."""

    state: GameState
    last: Action | None
    where: str
    names: tuple[str, ...] | None = None
    before: GameState | None = None


def _is_position_text(text: str) -> bool:
    """Whether ``text`` is meant as a position in the notation (ENG-21) rather than a file
    (a space before it too: the notation's reader then says what is wrong)."""
    head = text.lstrip().split(" ", 1)[0]
    return head.startswith("sintra") and head[6:].isdigit()


def _load_position(source: str, ply: int | None, table: ComponentTable) -> _Loaded:
    """The position in ``source``: a position in the notation (ENG-21), or a file holding
    one, a state document, or a game record or golden playthrough (the position after ``ply``
    actions, by default after the last one)."""
    if _is_position_text(source):
        text, name = source, ""
    else:
        text, name = _read(source), source
    with _from_file(source) if name else contextlib.nullcontext():
        return _position_in(text, name, ply, table)


def _position_in(text: str, name: str, ply: int | None, table: ComponentTable) -> _Loaded:
    """The position in ``text`` (read from ``name``, or typed when it is empty). Typed, the
    position is taken as it is (ENG-21: no space before the first field or after the last);
    from a file, without the line ends around it."""
    if _is_position_text(text.strip()):
        if ply is not None:
            raise UsageError("--ply is for a game record, not a single position")
        line = text.strip("\r\n") if name else text
        return _Loaded(position_from_text(line, table), None, name)
    if looks_like_text_record(text):
        return _game_position(_game_in(text, table), name, ply)
    try:
        doc = Reader(RecordError).loads(text)
    except RecordError:
        doc = None
    is_game = isinstance(doc, dict) and (
        doc.get("kind") == records.GAME_KIND or ("kind" not in doc and "record" in doc)
    )
    if not is_game:  # a state document, or else the state loader says what is wrong
        if ply is not None:
            raise UsageError("--ply is for a game record, not a state document")
        return _Loaded(documents.state_from_json(text, table), None, name)
    return _game_position(_game_in(text, table), name, ply)


def _game_position(game: _Game, name: str, ply: int | None) -> _Loaded:
    """The position of ``game`` after ``ply`` actions (default: all) and the chance outcomes
    that follow them (ENG-25), with the move that led to it and the position it was played
    from."""
    record = game.record
    last_ply = len(record.actions)
    chosen = _chosen_ply(ply, last_ply)
    action = record.actions[chosen - 1] if chosen else None
    before = game.states[chosen - 1] if chosen else None
    names = record.player_names() if record.names else None
    named = f" ({', '.join(names)})" if names else ""
    where = f"{name}{named}, ply {chosen} of {last_ply}"
    return _Loaded(game.states[chosen], action, where, names, before)


def _list_actions(state: GameState, width: int) -> None:
    """Every legal action of the player to act in notation, with its words (ENG-05)."""
    from sintra_rules.games.sintra.rules import legal_actions

    actions = legal_actions(state)
    if state.chance is not None:
        print(
            f"No player acts: the position waits for a chance step ({state.chance.kind}); "
            "supply its outcome (ENG-07)."
        )
        return
    if not actions:
        print("The game is over: nobody has a legal action (END-02).")
        return
    who = f"Player {state.turn + 1}"
    print(f"{who} to play, round {roman(state.round)}: {plural(len(actions), 'legal action')}:")
    table = state.components
    for action in actions:
        line = f"  {action_to_text(action, table):<9} {describe_action(state, action)}"
        print(wrap_text(line, width, " " * 12))  # under the description, as in play


def _explain(args: argparse.Namespace) -> int:
    from sintra_rules.games.sintra.explain import explain

    table = _components(args)
    state = _load_position(args.position, args.ply, table).state
    width = output_width()
    if args.action is None:
        _list_actions(state, width)
        return 0
    action = action_from_text(args.action, state.components, num_players=len(state.players))
    report = explain(state, action)
    print(str(report))
    if report.legal:
        _note_provisional(table, args)
    return 0 if report.legal else 1


def _show(args: argparse.Namespace) -> int:
    if args.svg is not None:
        _check_output(args.svg, "--svg")
    table = _components(args)
    loaded = _load_position(args.position, args.ply, table)
    state = loaded.state
    if args.notation:
        print(position_to_text(state))
    if args.svg is not None:
        from sintra_rules.games.sintra.svg import state_to_svg

        picture = state_to_svg(state, names=loaded.names, last=loaded.last, before=loaded.before)
        with _output(args.svg) as handle:
            handle.write(picture + "\n")
        print(f"Picture written to {args.svg}")
        _note_provisional(table, args)  # the picture shows scores, windows and the track
    if not args.notation and args.svg is None:
        width = output_width()
        if loaded.where:
            print(wrap_text(f"sintra show: {loaded.where}", width))
        if loaded.last is not None:
            print(f"Last move: {action_to_text(loaded.last, table)}")
        if loaded.where or loaded.last is not None:
            print("")
        board = render_state(state, loaded.names, colour=use_colour(args.color))
        print(wrap_text(board, width))
        if state.is_over:
            print("")
            print(wrap_text(render_outcome(state, loaded.names), width))
        _note_provisional(table, args)
    return 0


def _perft(args: argparse.Namespace) -> int:
    from sintra_rules.games.sintra.game import SintraGame
    from sintra_rules.verify import perft

    if args.game != "sintra":
        return _perft_any(args, make(args.game))
    table = _components(args)
    game = None if table is None else SintraGame(table)
    options = {"side": args.side}
    state = perft.position_after(args.players, options, args.seed, args.plies, game=game)
    start = time.perf_counter()
    with Progress("perft", unit="first actions", quiet=args.quiet) as bar:
        count = perft.perft(state, args.depth, progress=bar.update)
    elapsed = time.perf_counter() - start
    where = "the end of the game" if state.is_over else f"round {roman(state.round)}"
    print(
        f"perft: {args.players} players, side {args.side}, seed {args.seed}, after "
        f"{args.plies} random plies ({where}), depth {args.depth}: {count} ({elapsed:.2f} s)"
    )
    return 0


def _soak(args: argparse.Namespace) -> int:
    from sintra_rules.games.sintra.verify import soak

    if args.game != "sintra":
        return _soak_any(args, make(args.game))
    ray = ray_from_args(args)
    workers = _workers(args, args.games, ray)
    components = args.components
    if components is not None:
        load_components(components)  # a bad file is one clean line before any game
        components = os.path.abspath(components)  # the workers' and the reproducers' path
    check_every = 1 if args.reference else args.check_every or soak.CHECK_EVERY
    with Progress("soak", args.games, "games", quiet=args.quiet) as bar:
        report = soak.run_soak(
            args.games,
            args.seed,
            progress=bar.update,
            workers=workers,
            ray=ray,
            check_every=check_every,
            components=components,
        )
    print(report.summary())
    return 1 if report.failures else 0


def _selfplay_search(args: argparse.Namespace) -> tuple[str | None, int]:
    """``--agent SEARCH[:K]`` and ``--simulations K``: the search and the budget."""
    from sintra_rules.selfplay import SEARCHES

    search: str | None = None
    simulations: int | None = args.simulations
    if args.agent is not None:
        name, sep, budget = args.agent.partition(":")
        if name not in SEARCHES:
            raise UsageError(
                f"--agent: {name!r} is not a search (choose from {', '.join(SEARCHES)})"
            )
        search = name
        if sep:
            text = budget.removeprefix("sims=")
            if not text.isdigit() or not 1 <= int(text) <= MAX_SIMULATIONS:
                raise UsageError(
                    f"--agent: the budget of {args.agent!r} must be a whole number of "
                    f"simulations from 1 to {MAX_SIMULATIONS:,}"
                )
            if simulations is not None and simulations != int(text):
                raise UsageError(f"--agent {args.agent} but --simulations {simulations}")
            simulations = int(text)
    if simulations is None:
        raise UsageError("the budget is missing: give --simulations K (or --agent SEARCH:K)")
    return search, simulations


def _selfplay(args: argparse.Namespace) -> int:
    from sintra_rules import selfplay

    search, simulations = _selfplay_search(args)
    _check_output(args.out, "--out")
    ray = ray_from_args(args)
    table = _components(args)  # a bad file is one clean line before any game
    workers = _workers(args, args.games, ray)
    with (
        _output(args.out, keep_on_interrupt=True) as out,
        Progress("selfplay", args.games, "games", quiet=args.quiet) as bar,
    ):
        report = selfplay.run_selfplay(
            args.games,
            args.seed,
            simulations,
            out,
            game=SintraGame(table),
            players=args.players,
            options={"side": args.side},
            search=search,
            observations=args.observations,
            workers=workers,
            ray=ray,
            progress=bar.update,
            path=args.out,
        )
    print(report.summary())
    _note_provisional(table, args)
    return 0


# ------------------------------------------------------------------ any registered game


#: The commands that take only Sintra for now (the others play any game of the registry).
_SINTRA_ONLY = ("replay", "show", "explain", "selfplay", "arena")


def _players_text(count: int) -> str:
    return f"{count} player" + ("" if count == 1 else "s")


def _options_text(info: GameInfo, options: dict[str, str], players: int) -> str:
    """The options a game is played with, as the header shows them: ``tools 3``."""
    return ", ".join(
        f"{option.name} {options[option.name]}"
        for option in info.options
        if option.applies_to(players)
    )


def _agents_for(args: argparse.Namespace, game: Game[Any, Any]) -> list[tuple[str, Player]]:
    """The built-in players of ``play`` for any game: ``--agents`` (the names of
    :func:`~sintra_rules.agents.make_agent`, the searches with their budgets) or greedy and
    random alternating (random alone for a game without a greedy player), each seeded from the
    game seed and its seat, with their names."""
    names = AGENT_NAMES(game)
    if args.agents is None:
        players = 2 if args.players is None else args.players
        default = _DEFAULT_AGENTS if all(kind in names for kind in _DEFAULT_AGENTS) else ("random",)
        kinds = [default[seat % len(default)] for seat in range(players)]
    else:
        kinds = [kind.strip() for kind in args.agents.split(",")]
        if args.players is not None and args.players != len(kinds):
            raise UsageError(f"--players {args.players} but --agents names {len(kinds)} agents")
    unknown = [kind for kind in kinds if kind.partition(":")[0] not in names]
    if unknown:
        raise UsageError(f"unknown agent {unknown[0]!r} (choose from {', '.join(names)})")
    if len(kinds) not in game.info.player_counts:
        counts = ", ".join(str(count) for count in game.info.player_counts)
        raise UsageError(f"{game.info.title} takes {counts} players, not {len(kinds)}")
    return [
        (kind, make_agent(kind, args.seed * 4 + seat + 1, game=game))
        for seat, kind in enumerate(kinds)
    ]


def _outcome_lines(result: Result, names: Sequence[str]) -> list[str]:
    """The result in words: every score, then the winner (or winners), or, in a game nobody
    won (a solo game whose target was not beaten), that nobody won."""
    scores = ", ".join(f"{name} {score}" for name, score in zip(names, result.scores, strict=True))
    lines = [f"Result: {scores}"]
    winners = [names[seat] for seat in result.winners]
    if not winners:
        solo = f": {names[0]} lost the solo game" if len(names) == 1 else ""
        lines.append(f"No winner{solo}")
    else:
        best = result.scores[result.winners[0]]
        points = plural(best, "point")
        if len(winners) == 1:
            lines.append(f"Winner: {winners[0]} with {points}")
        else:
            lines.append(f"Shared victory: {' and '.join(winners)} with {points}")
    return lines


def _play_any(args: argparse.Namespace, game: Game[Any, Any]) -> int:
    """``sintra play --game NAME``: a complete game between built-in players, every decision
    in the game's notation, the board at the start and after every chance step (new dice,
    new pieces), and at the end the final board and the result."""
    if args.record is not None:
        raise UsageError(f"--record: {game.info.title} games cannot be recorded yet")
    seated = _agents_for(args, game)
    players = len(seated)
    names = [f"Player {seat + 1} ({kind})" for seat, (kind, _) in enumerate(seated)]
    options: dict[str, str] = args.options
    width = output_width()
    chosen = _options_text(game.info, options, players)
    print(
        wrap_text(
            f"sintra play: {game.info.title}, {_players_text(players)}"
            + (f", {chosen}" if chosen else "")
            + f", seed {args.seed}: "
            + " vs ".join(names),
            width,
        )
    )
    state = resolve_chance(game, game.start(players, seed=args.seed, options=options))
    show = not args.quiet
    ply = 0
    while not state.is_over:
        if show:
            print("")
            print(wrap_text(game.render(state), width))
            print("")
            show = False
        seat = state.turn
        player = seated[seat][1]
        with deferred_interrupts():
            action = player.choose(state)
        ply += 1
        if not args.quiet:
            line = f"{ply:>4}. {names[seat]}: {game.action_to_text(state, action)}"
            print(wrap_text(line, width))
        state = game.apply(state, action, sample=False)
        if state.chance is not None:
            state = resolve_chance(game, state)
            show = not args.quiet
    print("")
    print(wrap_text(game.render(state), width))
    print("")
    for line in _outcome_lines(game.result(state), names):
        print(wrap_text(line, width))
    return 0


def _perft_any(args: argparse.Namespace, game: Game[Any, Any]) -> int:
    """``sintra perft --game NAME``: the generic perft (:mod:`sintra_rules.verify.perft`)."""
    from sintra_rules.verify import perft

    if getattr(args, "components", None) is not None:
        raise UsageError(f"--components: a Sintra component table, not {game.info.title}'s")
    options: dict[str, str] = args.options
    state = perft.position_after(args.players, options, args.seed, args.plies, game=game)
    start = time.perf_counter()
    with Progress("perft", unit="first actions", quiet=args.quiet) as bar:
        count = perft.perft(state, args.depth, progress=bar.update, game=game)
    elapsed = time.perf_counter() - start
    chosen = _options_text(game.info, options, args.players)
    where = " (the end of the game)" if state.is_over else ""
    print(
        f"perft: {game.info.title}, {_players_text(args.players)}"
        + (f", {chosen}" if chosen else "")
        + f", seed {args.seed}, after {args.plies} random plies{where}, depth {args.depth}: "
        f"{count} ({elapsed:.2f} s)"
    )
    return 0


def _soak_any(args: argparse.Namespace, game: Game[Any, Any]) -> int:
    """``sintra soak --game NAME``: the generic soak (:func:`sintra_rules.verify.soak.run_soak`)
    over every configuration of the game."""
    from sintra_rules.verify.soak import run_soak

    for given, option in (
        (args.components, "--components"),
        (args.check_every, "--check-every"),
        (args.reference or None, "--reference"),
    ):
        if given is not None:
            raise UsageError(f"{option}: for Sintra's kernel soak, not {game.info.title}")
    ray = ray_from_args(args)
    workers = _workers(args, args.games, ray)
    with Progress("soak", args.games, "games", quiet=args.quiet) as bar:
        report = run_soak(
            args.games, args.seed, game=game, progress=bar.update, workers=workers, ray=ray
        )
    print(report.summary())
    return 1 if report.failures else 0


def _game_options(parser: argparse.ArgumentParser, players: int | None, info: GameInfo) -> None:
    """``--players``, the game's options (Sintra's ``--side``, Sagrada's ``--tools``) and
    ``--seed``: the arguments of the game's start (Sintra: COMP-02, SETUP-02, ENG-02)."""
    counts = info.player_counts
    low, high = min(counts), max(counts)
    default = "" if players is None else f" (default {players})"
    parser.add_argument(
        "--players",
        type=int,
        choices=counts,
        default=players,
        help=(f"{low} to {high}" if low != high else str(low)) + (default or " (default 2)"),
    )
    for option in info.options:
        parser.add_argument(
            f"--{option.name}",
            choices=option.values,
            default=None,
            help=f"{option.help or option.name} (default {option.default})",
        )
    parser.add_argument("--seed", type=_non_negative, default=0, help="game seed (default 0)")


def _game_argument(parser: argparse.ArgumentParser) -> None:
    """``--game NAME``: the registered game the command is about (default sintra)."""
    games = available_games()
    parser.add_argument(
        "--game",
        type=_game_name,
        default="sintra",
        metavar="NAME",
        help=f"the game: {', '.join(games)} (default sintra)",
    )


def _game_name(text: str) -> str:
    """A registered game's name (``--game``); any other is one line listing the games."""
    if text not in available_games():
        raise argparse.ArgumentTypeError(
            f"unknown game {text!r} (choose from {', '.join(available_games())})"
        )
    return text


def _colour_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--color",
        "--colour",
        dest="color",
        choices=COLOUR_CHOICES,
        default="auto",
        help="colour the pieces: auto (on a terminal, unless NO_COLOR is set; the default), "
        "always or never",
    )


#: What exit code 1 means, for the commands that give a negative answer.
_NEGATIVE = {
    "replay": "a state digest differs from the golden playthrough's",
    "rule": "no clause matches the words of --search",
    "explain": "the action is illegal (the clauses it breaks are listed)",
    "soak": "some game failed a check (each failure is listed with a reproducer)",
}


def _exit_codes(command: str) -> str:
    """The epilog of ``sintra COMMAND --help``: what each exit code means."""
    negative = _NEGATIVE.get(command)
    lines = ["exit codes:", "  0    success"]
    if negative is not None:
        lines.append(f"  1    {negative}")
    lines += [
        "  2    bad input: bad arguments, an unreadable or invalid file, an output path that",
        "       cannot be written (one line on standard error names the file, field or clause)",
        "  130  interrupted (Ctrl-C): one line on standard error says what was done",
    ]
    return "\n".join(lines)


class _SubParsers:
    """``add_parser`` with every subcommand's help ending in its exit codes."""

    def __init__(self, sub: argparse._SubParsersAction[_Parser]) -> None:
        self._sub = sub

    def add_parser(self, name: str, help: str) -> argparse.ArgumentParser:
        parser = self._sub.add_parser(
            name,
            help=help,
            description=help[0].upper() + help[1:] + ".",
            epilog=_exit_codes(name),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        if name != "rule":  # the spec's reader takes its own --game
            _game_argument(parser)
        return parser


def _components_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--components",
        metavar="FILE",
        help="the component table (TOML or JSON) with the figures of your copy of the game "
        "(default: the shipped table, some of whose figures are provisional)",
    )


def _quiet_note_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--quiet",
        action="store_true",
        help="no note on provisional figures on standard error",
    )


def _position_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "position",
        metavar="POSITION|FILE",
        help=f"a position in one line ('{TAG} side:A ...', quoted) or a file holding one, a "
        "state JSON document or a game record",
    )
    parser.add_argument(
        "--ply",
        type=_non_negative,
        help="for a game record: the position after this many actions (default: the last)",
    )
    _components_option(parser)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, ``sintra soak: error: ...`` (exit 2),
    without the usage (``--help`` shows it)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _parser(game: str = "sintra") -> argparse.ArgumentParser:
    """The ``sintra`` parser, with the options of ``game`` (``--game``) where a command
    starts games."""
    info = make(game).info
    parser = _Parser(
        prog="sintra",
        description="Rules engine of Azul: Stained Glass of Sintra: play, replay, check.",
        epilog="Each command's --help lists what its exit codes mean.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = _SubParsers(parser.add_subparsers(dest="command", metavar="COMMAND"))

    play = sub.add_parser("play", help="a complete game between built-in players (default)")
    _game_options(play, players=None, info=info)
    play.add_argument(
        "--agents",
        help="comma-separated agents, one per seat: random, greedy, mcts, uct; the searches "
        "with a budget, mcts:N or uct:N (N simulations per move, default 1000) "
        "(default greedy,random alternating)",
    )
    play.add_argument("--record", metavar="FILE", help="write the game record JSON to FILE")
    play.add_argument(
        "--quiet",
        action="store_true",
        help="show only the result, without the note on provisional figures",
    )
    _colour_option(play)
    _components_option(play)
    play.set_defaults(handler=_play)

    replay = sub.add_parser("replay", help="replay and show a saved game record")
    replay.add_argument(
        "record",
        metavar="RECORD",
        help="a game record: a text record, a JSON game record or a golden playthrough (its "
        "state digests are checked), told apart by their content; - for standard input",
    )
    replay.add_argument("--verbose", action="store_true", help="the position after every turn")
    replay.add_argument(
        "--ply", type=_non_negative, help="stop after this many actions (default: the last)"
    )
    _colour_option(replay)
    _components_option(replay)
    _quiet_note_option(replay)
    replay.set_defaults(handler=_replay)

    bench = sub.add_parser("bench", help="plies/s for 2-4 players vs python-chess; state size")
    bench.add_argument(
        "--seconds",
        type=seconds,
        default=2.0,
        help=f"CPU seconds per workload (default 2, at most {MAX_SECONDS:.0f})",
    )
    bench.add_argument(
        "--seed", type=_non_negative, default=0, help="seed of the games (default 0)"
    )
    bench.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object instead (key compiled_playout_vs_chess: the median ratio "
        "of the compiled kernel's random playouts to python-chess plies/s)",
    )
    bench.add_argument("--quiet", action="store_true", help="no progress line on standard error")
    bench.set_defaults(handler=_bench)

    rule = sub.add_parser("rule", help="print a clause of the spec, or find clauses by words")
    rule.add_argument(
        "id",
        nargs="?",
        metavar="ID",
        help="a clause ID such as PLACE-05; GAME:ID names another game's clause",
    )
    rule.add_argument("--search", nargs="+", metavar="WORD", help="words to look for")
    rule.add_argument(
        "--game",
        dest="rule_game",
        metavar="NAME",
        help="the game whose spec to read: sintra (the default) or sagrada",
    )
    rule.set_defaults(handler=_rule)

    expl = sub.add_parser(
        "explain",
        help="the clauses an action fires, or those it breaks; without an action, the legal "
        "actions",
    )
    _position_arguments(expl)
    expl.add_argument(
        "action",
        nargs="?",
        metavar="ACTION",
        help="an action in notation, e.g. 3B-2 or R (default: list the legal actions)",
    )
    _quiet_note_option(expl)
    expl.set_defaults(handler=_explain)

    show = sub.add_parser(
        "show", help="draw a position: the text board, an SVG picture or its notation"
    )
    _position_arguments(show)
    show.add_argument("--svg", metavar="OUT", help="write the position as an SVG picture to OUT")
    show.add_argument(
        "--notation", action="store_true", help="print the position's one-line notation"
    )
    _colour_option(show)
    _quiet_note_option(show)
    show.set_defaults(handler=_show)

    perft = sub.add_parser("perft", help="count legal action sequences to a depth")
    _game_options(perft, players=2, info=info)
    perft.add_argument(
        "--plies", type=_non_negative, default=0, help="random plies played first (default 0)"
    )
    perft.add_argument(
        "--depth",
        type=_non_negative,
        required=True,
        help="how many plies deep to count the legal action sequences",
    )
    perft.add_argument("--quiet", action="store_true", help="no progress line on standard error")
    _components_option(perft)
    perft.set_defaults(handler=_perft)

    soak = sub.add_parser("soak", help="random games with every invariant checked")
    soak.add_argument(
        "--games",
        type=whole_number(0, MAX_GAMES),
        required=True,
        help=f"how many random games to play (at most {MAX_GAMES:,})",
    )
    soak.add_argument(
        "--seed", type=_non_negative, default=0, help="seed of the first game (default 0)"
    )
    checking = soak.add_mutually_exclusive_group()
    checking.add_argument(
        "--check-every",
        metavar="C",
        type=whole_number(1),
        help="every game is played on the kernel with its own checks; every C-th game (from "
        "game 0) also on the reference engine with every invariant, the kernel cross-checked "
        "ply by ply (default 7)",
    )
    checking.add_argument(
        "--reference",
        action="store_true",
        help="play every game on the reference engine too (--check-every 1)",
    )
    _components_option(soak)
    soak.add_argument("--quiet", action="store_true", help="no progress line on standard error")
    add_fan_out_options(soak)
    soak.set_defaults(handler=_soak)

    play_self = sub.add_parser(
        "selfplay", help="MCTS self-play written as training examples, one JSON line per decision"
    )
    play_self.add_argument(
        "--games",
        type=whole_number(0, MAX_GAMES),
        required=True,
        help=f"how many games to play (at most {MAX_GAMES:,})",
    )
    play_self.add_argument(
        "--seed", type=_non_negative, default=0, help="seed of the run (default 0)"
    )
    play_self.add_argument(
        "--simulations",
        type=whole_number(1, MAX_SIMULATIONS),
        metavar="K",
        help=f"search simulations per decision (at most {MAX_SIMULATIONS:,}; or --agent SEARCH:K)",
    )
    play_self.add_argument(
        "--agent",
        metavar="SEARCH[:K]",
        help="the search of every seat: uct (the compiled kernel's UCT, the default) or mcts "
        "(the generic MCTS, as in play and arena); SEARCH:K gives K simulations per decision",
    )
    play_self.add_argument(
        "--out", metavar="FILE", required=True, help="the JSON Lines file to write"
    )
    play_self.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=2, help="2 to 4 (default 2)"
    )
    play_self.add_argument("--side", choices=("A", "B"), default="A", help="board side (default A)")
    play_self.add_argument(
        "--observations",
        action="store_true",
        help="also write the observation of the seat to act (ENG-31) in every line",
    )
    play_self.add_argument(
        "--quiet",
        action="store_true",
        help="no progress line and no note on provisional figures on standard error",
    )
    _components_option(play_self)
    add_fan_out_options(play_self)
    play_self.set_defaults(handler=_selfplay)

    from sintra_rules.arena import configure_parser

    arena = sub.add_parser(
        "arena", help="seat-rotated games between agents: win rates, scores and Elo"
    )
    configure_parser(arena)
    _components_option(arena)
    return parser


def _chosen_game(arguments: Sequence[str]) -> str:
    """The game named by ``--game`` among ``arguments``, if it is a registered one, else
    ``sintra`` (an unknown name is then refused by the parser, in one line)."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--game", default="sintra")
    with contextlib.suppress(SystemExit):
        found, _ = pre.parse_known_args(arguments)
        name = str(found.game)
        if name in available_games():
            return name
    return "sintra"


def _refuse_extras(
    parser: argparse.ArgumentParser, args: argparse.Namespace, extras: Sequence[str]
) -> NoReturn:
    """Refuse arguments no command takes, in one line; an option of another game is named so:
    ``sintra play: error: --side: Sagrada has no such option (its options: tools)``."""
    command = getattr(args, "command", None)
    game = getattr(args, "game", None)
    if command is not None and game is not None:
        for extra in extras:
            name = extra.removeprefix("--").partition("=")[0]
            if not extra.startswith("--") or name in ("", "game"):
                continue
            others = [other for other in available_games() if other != game]
            if any(make(other).info.option(name) is not None for other in others):
                info = make(game).info
                known = ", ".join(option.name for option in info.options) or "none"
                parser.exit(
                    2,
                    f"sintra {command}: error: --{name}: {info.title} has no such option "
                    f"(its options: {known})\n",
                )
    parser.error(f"unrecognized arguments: {' '.join(extras)}")


def _resolve_options(args: argparse.Namespace) -> None:
    """Set ``args.options`` (the game's options, each at its default unless given) for the
    commands that start games, refusing an option the player count does not take (Sagrada's
    ``--tools`` is for 1 player)."""
    if args.command not in ("play", "perft"):
        return
    info = make(args.game).info
    players = args.players
    if players is None and getattr(args, "agents", None) is not None:
        players = len(args.agents.split(","))
    players = 2 if players is None else players
    options: dict[str, str] = {}
    for option in info.options:
        given: str | None = getattr(args, option.name, None)
        if given is not None and not option.applies_to(players):
            counts = " or ".join(str(n) for n in option.players or ())
            plural_ = "" if option.players == (1,) else "s"
            raise UsageError(f"--{option.name}: only with {counts} player{plural_}, not {players}")
        options[option.name] = option.default if given is None else given
        setattr(args, option.name, options[option.name])
    args.options = options


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``sintra`` command with ``argv`` (default: the process arguments); return the
    exit code. Every :class:`~sintra_rules.errors.SintraError` and bad argument gives its
    message on stderr and exit code 2."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments:
        arguments = ["play"]
    parser = _parser(_chosen_game(arguments))
    try:
        args, extras = parser.parse_known_args(arguments)
        if extras:
            _refuse_extras(parser, args, extras)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 2)
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        if args.command in _SINTRA_ONLY and args.game != "sintra":
            raise UsageError(f"--game {args.game}: {args.command} takes only Sintra games for now")
        _resolve_options(args)
        with warnings.catch_warnings():
            warnings.simplefilter("always", RecordWarning)
            warnings.showwarning = _show_warnings(args.command)
            return handler(args)
    except (SintraError, UsageError) as error:
        print(f"sintra {args.command}: error: {error}", file=sys.stderr)
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
