"""The ``sintra`` command line.

``sintra play`` (the default with no arguments is a complete 2-player game, greedy against
random), ``replay``, ``bench``, ``rule``, ``explain``, ``perft`` and ``soak``; see ``sintra
--help`` and ``sintra COMMAND --help``. ``python -m sintra_rules`` is the same command.

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

Long work (``soak``, ``perft``) draws a progress line on standard error when it is a terminal,
unless ``--quiet``; piped, it draws nothing. A file argument may be ``-`` for standard input.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence

from sintra_rules import records
from sintra_rules._progress import Progress, last_summary
from sintra_rules._strict import Reader, describe_document
from sintra_rules._terminal import COLOUR_CHOICES, output_width, use_colour
from sintra_rules._version import __version__
from sintra_rules.agents import AGENTS, Agent, PlayedGame, make_agent, play_game
from sintra_rules.components import Side
from sintra_rules.errors import RecordError, SintraError
from sintra_rules.narration import player_name, player_names, roman
from sintra_rules.notation import action_from_text
from sintra_rules.render import NORMAL, QUIET, VERBOSE, show_game, wrap_text

__all__ = ["UsageError", "main"]

_DEFAULT_AGENTS = ("greedy", "random")


class UsageError(Exception):
    """Arguments that parse but do not make sense together (exit code 2)."""


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be > 0, got {text}")
    return value


def _int_at_least(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number ``>= low``."""

    def parse(text: str) -> int:
        value = int(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be >= {low}, got {value}")
        return value

    parse.__name__ = "whole number"
    return parse


_non_negative = _int_at_least(0)


def _read(path: str) -> str:
    """The text of ``path`` (``-``: standard input); an unreadable file is a
    :class:`UsageError`."""
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else str(error)
        raise UsageError(f"cannot read {path!r}: {reason}") from None


@contextlib.contextmanager
def _from_file(path: str) -> Iterator[None]:
    """Errors of what is read from ``path`` name the file: ``game.json: $: not valid JSON``."""
    try:
        yield
    except SintraError as error:
        name = "standard input" if path == "-" else path
        raise UsageError(f"{name}: {error}") from None


def _check_output(path: str, option: str) -> None:
    """Refuse, before any work starts, an output ``path`` that cannot be written: its folder
    is missing or not writable, or the path is a folder."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise UsageError(f"{option} {path!r}: is a folder, not a file")
    if not os.path.isdir(folder):
        raise UsageError(f"{option} {path!r}: no folder {folder!r}")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise UsageError(f"{option} {path!r}: not writable")


def _agents(args: argparse.Namespace) -> list[Agent]:
    """The agents of ``sintra play``: ``--agents`` or greedy/random alternating, one per
    player, each seeded from the game seed and its seat."""
    if args.agents is None:
        players = 2 if args.players is None else args.players
        kinds = [_DEFAULT_AGENTS[seat % len(_DEFAULT_AGENTS)] for seat in range(players)]
    else:
        kinds = [kind.strip() for kind in args.agents.split(",")]
        if args.players is not None and args.players != len(kinds):
            raise UsageError(f"--players {args.players} but --agents names {len(kinds)} agents")
    unknown = [kind for kind in kinds if kind not in AGENTS]
    if unknown:
        raise UsageError(f"unknown agent {unknown[0]!r} (choose from {', '.join(sorted(AGENTS))})")
    return [make_agent(kind, seed=args.seed * 4 + seat + 1) for seat, kind in enumerate(kinds)]


def _play(args: argparse.Namespace) -> int:
    agents = _agents(args)
    if args.record is not None:
        _check_output(args.record, "--record")
    side: Side = args.side
    game = play_game(agents, side=side, seed=args.seed)
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
    if args.record is not None:
        _write_record(args.record, game, side, args.seed)
    return 0


def _write_record(path: str, game: PlayedGame, side: Side, seed: int) -> None:
    """Write the game record JSON of a played game to ``path`` (ENG-04)."""
    record = records.record_game(len(game.names), side, seed, game.actions)
    text = records.record_to_json(record, indent=1) + "\n"
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        raise UsageError(f"cannot write {path!r}: {error.strerror}") from None
    print(f"Game record written to {path}")


def _load_game(text: str) -> tuple[records.GameRecord, records.GoldenPlaythrough | None]:
    """The game record in ``text`` and, for a golden playthrough
    (:func:`~sintra_rules.records.golden_from_json`), the playthrough itself (ENG-04).
    Anything else is a :class:`~sintra_rules.errors.RecordError` naming what was found.
    """
    try:
        doc = Reader(RecordError).loads(text)
    except RecordError:
        doc = None  # malformed: the record loader says precisely what is wrong
    expected = (
        'a game record ("format": 1, "kind": "sintra-game") or a golden playthrough '
        '("record" and "digests")'
    )
    if isinstance(doc, dict) and "format" not in doc and "kind" not in doc:
        if "record" not in doc and "digests" not in doc:
            raise RecordError("$", f"expected {expected}, found {describe_document(doc)}")
        golden = records.golden_from_json(text)
        return golden.record, golden
    if doc is not None and not isinstance(doc, dict):
        raise RecordError("$", f"expected {expected}, found {describe_document(doc)}")
    if isinstance(doc, dict) and doc.get("kind") == records.STATE_KIND:
        raise RecordError(
            "kind",
            f"expected {expected}, found a state document ({records.STATE_KIND!r}, one "
            "position; sintra explain reads those)",
        )
    return records.record_from_json(text), None


def _replay(args: argparse.Namespace) -> int:
    with _from_file(args.record):
        record, golden = _load_game(_read(args.record))
        states = records.replay(record)
    if golden is not None:
        mismatch = records.golden_mismatch(golden, states)
        if mismatch is not None:
            after = "the set-up" if mismatch.action is None else f"after action {mismatch.action}"
            print(
                f"sintra replay: {args.record}: digest mismatch at ply {mismatch.ply} ({after}): "
                f"the engine's state differs from digests[{mismatch.ply}] of the golden file\n"
                f"  golden digest: {mismatch.expected}\n  engine digest: {mismatch.actual}",
                file=sys.stderr,
            )
            return 1
    names = player_names(record.players)
    width = output_width()
    kind = "" if golden is None else "golden playthrough, "
    print(
        wrap_text(
            f"sintra replay: {args.record}: {kind}{record.players} players, board side "
            f"{record.side}, seed {record.seed}, {len(record.actions)} actions",
            width,
        )
    )
    print("")
    level = VERBOSE if args.verbose else NORMAL
    show_game(states[0], record.actions, names, level, width=width, colour=use_colour(args.color))
    if golden is not None:
        print(f"Golden digests: all {len(golden.digests)} states match.")
    return 0


def _bench(args: argparse.Namespace) -> int:
    from sintra_rules.verify.bench import run_bench

    run_bench(seconds_per_config=args.seconds, seed=args.seed)
    return 0


def _rule(args: argparse.Namespace) -> int:
    from sintra_rules import clauses

    if (args.id is None) == (args.search is None):
        raise UsageError("give either a clause ID (sintra rule PLACE-05) or --search WORDS")
    if args.id is not None:
        print(clauses.get_clause(args.id).render())
        return 0
    found = clauses.search_clauses(" ".join(args.search))
    if not found:
        print(f"No clause matches {' '.join(args.search)!r}.")
        return 1
    for clause in found:
        print(f"{clause.id} — {clause.title}")
    return 0


def _explain(args: argparse.Namespace) -> int:
    from sintra_rules.explain import explain

    text = _read(args.state_file)
    with _from_file(args.state_file):
        _refuse_game_record(text, args.state_file)
        state = records.state_from_json(text)
    action = action_from_text(args.action, state.components)
    report = explain(state, action)
    print(str(report))
    return 0 if report.legal else 1


def _refuse_game_record(text: str, path: str) -> None:
    """A game record given where one position is expected gets a hint naming the command that
    reads it."""
    try:
        doc = Reader(RecordError).loads(text)
    except RecordError:
        return  # malformed: the state loader says precisely what is wrong
    if isinstance(doc, dict) and doc.get("kind") == records.GAME_KIND:
        raise RecordError(
            "kind",
            f"this is a game record ({records.GAME_KIND!r}), not one position: "
            f"sintra replay {path} shows the game",
        )


def _perft(args: argparse.Namespace) -> int:
    from sintra_rules.verify import perft

    state = perft.position_after(args.players, args.side, args.seed, args.plies)
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
    from sintra_rules.verify import soak

    with Progress("soak", args.games, "games", quiet=args.quiet) as bar:
        report = soak.run_soak(args.games, args.seed, progress=bar.update, workers=args.workers)
    print(report.summary())
    return 1 if report.failures else 0


def _game_options(parser: argparse.ArgumentParser, players: int | None) -> None:
    """``--players``, ``--side`` and ``--seed``: the arguments of ``new_game`` (COMP-02,
    SETUP-02, ENG-02)."""
    parser.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=players, help="2 to 4 (default 2)"
    )
    parser.add_argument("--side", choices=("A", "B"), default="A", help="board side (default A)")
    parser.add_argument("--seed", type=_non_negative, default=0, help="game seed (default 0)")


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

    def __init__(self, sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        self._sub = sub

    def add_parser(self, name: str, help: str) -> argparse.ArgumentParser:
        return self._sub.add_parser(
            name,
            help=help,
            description=help[0].upper() + help[1:] + ".",
            epilog=_exit_codes(name),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sintra",
        description="Rules engine of Azul: Stained Glass of Sintra: play, replay, check.",
        epilog="Each command's --help lists what its exit codes mean.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = _SubParsers(parser.add_subparsers(dest="command", metavar="COMMAND"))

    play = sub.add_parser("play", help="a complete game between built-in players (default)")
    _game_options(play, players=None)
    play.add_argument(
        "--agents",
        help="comma-separated agents, one per seat: random, greedy "
        "(default greedy,random alternating)",
    )
    play.add_argument("--record", metavar="FILE", help="write the game record JSON to FILE")
    play.add_argument("--quiet", action="store_true", help="show only the result")
    _colour_option(play)
    play.set_defaults(handler=_play)

    replay = sub.add_parser("replay", help="replay and show a saved game record")
    replay.add_argument(
        "record",
        metavar="RECORD",
        help="a game record JSON file, or a golden playthrough (its state digests are "
        "checked); - for standard input",
    )
    replay.add_argument("--verbose", action="store_true", help="the position after every turn")
    _colour_option(replay)
    replay.set_defaults(handler=_replay)

    bench = sub.add_parser("bench", help="plies/s for 2-4 players vs python-chess; state size")
    bench.add_argument(
        "--seconds", type=_positive_float, default=2.0, help="CPU seconds per workload"
    )
    bench.add_argument(
        "--seed", type=_non_negative, default=0, help="seed of the games (default 0)"
    )
    bench.set_defaults(handler=_bench)

    rule = sub.add_parser("rule", help="print a clause of the spec, or find clauses by words")
    rule.add_argument("id", nargs="?", metavar="ID", help="a clause ID such as PLACE-05")
    rule.add_argument("--search", nargs="+", metavar="WORD", help="words to look for")
    rule.set_defaults(handler=_rule)

    expl = sub.add_parser("explain", help="the clauses an action fires, or those it breaks")
    expl.add_argument(
        "state_file", metavar="STATE_FILE", help="a state JSON file (- for standard input)"
    )
    expl.add_argument("action", metavar="ACTION", help="an action in notation, e.g. 3B-2 or R")
    expl.set_defaults(handler=_explain)

    perft = sub.add_parser("perft", help="count legal action sequences to a depth")
    _game_options(perft, players=2)
    perft.add_argument(
        "--plies", type=_non_negative, default=0, help="random plies played first (default 0)"
    )
    perft.add_argument("--depth", type=_non_negative, required=True)
    perft.add_argument("--quiet", action="store_true", help="no progress line on standard error")
    perft.set_defaults(handler=_perft)

    soak = sub.add_parser("soak", help="random games with every invariant checked")
    soak.add_argument("--games", type=_non_negative, required=True)
    soak.add_argument("--seed", type=_non_negative, default=0)
    soak.add_argument(
        "--workers",
        type=_int_at_least(1),
        default=1,
        help="processes to play the games in (default 1)",
    )
    soak.add_argument("--quiet", action="store_true", help="no progress line on standard error")
    soak.set_defaults(handler=_soak)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``sintra`` command with ``argv`` (default: the process arguments); return the
    exit code. Every :class:`~sintra_rules.errors.SintraError` and bad argument gives its
    message on stderr and exit code 2."""
    parser = _parser()
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments:
        arguments = ["play"]
    try:
        args = parser.parse_args(arguments)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 2)
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return handler(args)
    except (SintraError, UsageError) as error:
        print(f"sintra {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        done = last_summary()
        summary = f" ({done} done)" if done else ""
        print(f"sintra {args.command}: interrupted{summary}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``sintra play | head``): stop quietly, as other tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
