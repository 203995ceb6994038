"""The ``sintra`` command's arguments: one parser per run, with the options of the game
``--game`` names (Sintra's ``--side``, Sagrada's ``--tools``), and their checks.

Every argument error is one line, ``sintra soak: error: ...`` (exit 2), without the usage.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Sequence
from typing import NoReturn

from sintra_rules._options import MAX_GAMES, MAX_SECONDS, MAX_SIMULATIONS, seconds, whole_number
from sintra_rules._terminal import COLOUR_CHOICES
from sintra_rules._version import __version__
from sintra_rules.cli import _ai, _play, _positions, _spec, _verify
from sintra_rules.cli._io import UsageError
from sintra_rules.distributed import add_fan_out_options
from sintra_rules.game import GameInfo
from sintra_rules.games import available_games, make

__all__ = ["build_parser", "chosen_game", "intermixed", "refuse_extras", "resolve_options"]

_non_negative = whole_number(0)


def _game_options(
    parser: argparse.ArgumentParser,
    players: int | None,
    info: GameInfo,
    seed_help: str = "game seed (default 0)",
) -> None:
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
    parser.add_argument("--seed", type=_non_negative, default=0, help=seed_help)


def _game_argument(parser: argparse.ArgumentParser) -> None:
    """``--game NAME``: the registered game the command is about (default sintra)."""
    games = available_games()
    parser.add_argument(
        "--game",
        type=_game_name,
        default=None,
        metavar="NAME",
        help=f"the game: {', '.join(games)} (default sintra; a file or position read names "
        "its own)",
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
        help="Sintra's component table (TOML or JSON) with the figures of your copy of the game "
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
        help="a position in one line ('sintra1 side:A ...', 'sagrada1 ...', quoted; its first "
        "word names its game) or a file holding one, a state JSON document or a game record",
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


def build_parser(game: str = "sintra") -> argparse.ArgumentParser:
    """The ``sintra`` parser, with the options of ``game`` (``--game``) where a command
    starts games."""
    info = make(game).info
    parser = _Parser(
        prog="sintra",
        description="Rules engines of board games (--game NAME): play, replay, check.",
        epilog="Each command's --help lists what its exit codes mean.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = _SubParsers(parser.add_subparsers(dest="command", metavar="COMMAND"))

    play = sub.add_parser("play", help="a complete game between built-in players (default)")
    _game_options(play, players=None, info=info)
    play.add_argument(
        "--agents",
        help="comma-separated agents, one per seat: random, the game's own (greedy), mcts, "
        "uct where the game has its own search; the searches with a budget, mcts:N or uct:N "
        "(N simulations per move, default 1000) (default greedy,random alternating)",
    )
    play.add_argument("--record", metavar="FILE", help="write the game record JSON to FILE")
    play.add_argument(
        "--quiet",
        action="store_true",
        help="show only the result, without the note on provisional figures",
    )
    _colour_option(play)
    _components_option(play)
    play.set_defaults(handler=_play.play)

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
    replay.set_defaults(handler=_play.replay)

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
    bench.set_defaults(handler=_verify.bench)

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
    rule.set_defaults(handler=_spec.rule)

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
    expl.set_defaults(handler=_positions.explain, intermixed=expl)

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
    show.set_defaults(handler=_positions.show)

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
    perft.set_defaults(handler=_verify.perft)

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
    soak.set_defaults(handler=_verify.soak)

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
        "--out",
        metavar="FILE",
        required=True,
        help="the JSON Lines file to write, a line per decision: what the seat to act saw "
        "(seen) and the whole position with every seat's secrets (referee: not what the seat "
        "knew); interrupted, the whole games written are kept in FILE if new, else in "
        "FILE.partial",
    )
    _game_options(play_self, players=2, info=info, seed_help="seed of the run (default 0)")
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
    play_self.set_defaults(handler=_ai.selfplay)

    from sintra_rules.arena import configure_parser

    arena = sub.add_parser(
        "arena", help="seat-rotated games between agents: win rates, scores and Elo"
    )
    configure_parser(arena, make(game))
    _components_option(arena)
    return parser


def chosen_game(arguments: Sequence[str]) -> str:
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


def intermixed(
    args: argparse.Namespace, arguments: Sequence[str], extras: Sequence[str]
) -> tuple[argparse.Namespace, list[str]]:
    """The arguments of a command whose positionals may follow its options (``explain FILE
    --ply 3 ACTION``) read again as intermixed (:meth:`argparse.ArgumentParser.
    parse_known_intermixed_args`), when a first reading left ``extras``; any other command's
    as they were read."""
    command: argparse.ArgumentParser | None = getattr(args, "intermixed", None)
    if command is None or args.command not in arguments:
        return args, list(extras)
    rest = list(arguments)[list(arguments).index(args.command) + 1 :]
    return command.parse_known_intermixed_args(rest, argparse.Namespace(command=args.command))


def refuse_extras(
    parser: argparse.ArgumentParser, args: argparse.Namespace, extras: Sequence[str]
) -> NoReturn:
    """Refuse arguments no command takes, in one line; an option of another game is named so:
    ``sintra play: error: --side: Sagrada has no such option (its options: tools)``."""
    command = getattr(args, "command", None)
    game = getattr(args, "game", None) or "sintra"
    if command is not None:
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


def resolve_options(args: argparse.Namespace) -> None:
    """Set ``args.options`` (the game's options, each at its default unless given) for the
    commands that start games, refusing an option the player count does not take (Sagrada's
    ``--tools`` is for 1 player)."""
    if args.command not in ("play", "perft", "selfplay"):
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
