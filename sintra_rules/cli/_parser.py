"""The ``sintra`` command's arguments: one parser per run, for the game ``--game`` names,
offering only what that game has, in its words (its options, Sintra's ``--side`` and
Sagrada's ``--tools``; its agents and what their budgets count; its component tables and
soak checks where it has them), and their checks. The words come from the game
(:class:`~sintra_rules.cli.hooks.GameCommands`, the game's agents' declarations); an option
of another game is refused in one line naming the game.

Every argument error is one line, ``sintra soak: error: ...`` (exit 2), without the usage.
"""

from __future__ import annotations

import argparse
import contextlib
import textwrap
from collections.abc import Sequence
from typing import NoReturn

from sintra_rules._options import MAX_DEPTH, MAX_GAMES, MAX_SECONDS, seconds, whole_number
from sintra_rules._terminal import COLOUR_CHOICES
from sintra_rules._version import __version__
from sintra_rules._words import QUOTED_MOST, quoted, shortened
from sintra_rules.agents import split_agents
from sintra_rules.cli import _ai, _play, _positions, _spec, _verify
from sintra_rules.cli._io import UsageError
from sintra_rules.cli.hooks import GameCommands, commands_for
from sintra_rules.distributed import add_fan_out_options
from sintra_rules.game import AgentInfo, GameInfo
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


def _colour_option(parser: argparse.ArgumentParser, commands: GameCommands) -> None:
    """``--color``, for a game whose board has colours, in its words."""
    what = commands.colour_help()
    if what is None:
        return
    parser.add_argument(
        "--color",
        "--colour",
        dest="color",
        choices=COLOUR_CHOICES,
        default="auto",
        help=f"{what}: auto (on a terminal, unless NO_COLOR is set; the default), always or never",
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


#: The width of the help's own paragraphs (the agents), as the exit codes'.
_EPILOG_WIDTH = 88


def _agent_lines(infos: Sequence[AgentInfo]) -> list[str]:
    """Each agent's spelling and summary, then its parameters with their ranges and
    defaults, folded to :data:`_EPILOG_WIDTH` under their words."""
    lines: list[str] = []
    column = max(len(info.spelling()) for info in infos) + 4
    for info in infos:
        lines += textwrap.wrap(
            f"  {info.spelling():<{column - 2}}{info.summary or info.name}",
            _EPILOG_WIDTH,
            subsequent_indent=" " * column,
            break_on_hyphens=False,
        )
        keys = max((len(p.key) for p in info.parameters), default=0) + 2
        for parameter in info.parameters:
            words = (
                f"{parameter.help}: {parameter.range_text()} (default {parameter.default_text()})"
            )
            lines += textwrap.wrap(
                f"{' ' * (column + 2)}{parameter.key:<{keys}}{words}",
                _EPILOG_WIDTH,
                subsequent_indent=" " * (column + 2 + keys),
                break_on_hyphens=False,
            )
    return lines


def _agents_epilog(commands: GameCommands, command: str) -> str:
    """What the agents of ``play`` and ``arena`` are for the game, in its words
    (:meth:`~sintra_rules.cli.hooks.GameCommands.agents`): spelt ``NAME``, ``NAME:N`` (``N``
    its budget) or ``NAME:KEY=VALUE,...``, each value checked against its range."""
    head = textwrap.wrap(
        f"agents of {commands.title} (spelt NAME, NAME:N with N its budget, the first key "
        "below, or NAME:KEY=VALUE,...):",
        _EPILOG_WIDTH,
        break_on_hyphens=False,
    )
    return "\n".join([*head, *_agent_lines(commands.agents())]) + "\n\n" + _exit_codes(command)


def _searches_epilog(commands: GameCommands) -> str:
    """What the searches of ``selfplay`` are for the game, in its words, with the range of
    their budgets."""
    from sintra_rules.selfplay import default_search

    infos = _ai.searches(commands.game)
    head = textwrap.wrap(
        f"searches of {commands.title} (spelt SEARCH or SEARCH:K with K its budget; default "
        f"{default_search(commands.game)}):",
        _EPILOG_WIDTH,
        break_on_hyphens=False,
    )
    return "\n".join([*head, *_agent_lines(infos)]) + "\n\n" + _exit_codes("selfplay")


class _SubParsers:
    """``add_parser`` with every subcommand's help ending in its exit codes; the parsers by
    command name."""

    def __init__(self, sub: argparse._SubParsersAction[_Parser]) -> None:
        self._sub = sub
        self.parsers: dict[str, argparse.ArgumentParser] = {}

    def add_parser(
        self, name: str, help: str, epilog: str | None = None
    ) -> argparse.ArgumentParser:
        parser = self._sub.add_parser(
            name,
            help=help,
            description=help[0].upper() + help[1:] + ".",
            epilog=_exit_codes(name) if epilog is None else epilog,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        if name != "rule":  # the spec's reader takes its own --game
            _game_argument(parser)
        self.parsers[name] = parser
        return parser


def _components_option(parser: argparse.ArgumentParser, commands: GameCommands) -> None:
    """``--components FILE``, for a game with a component table to load, in its words."""
    words = commands.components_help()
    if words is not None:
        parser.add_argument("--components", metavar="FILE", help=words)


def _quiet_note_option(parser: argparse.ArgumentParser, commands: GameCommands) -> None:
    """``--quiet`` of the commands that read or show positions: the note on provisional
    figures left out, for a game that may give one (a component table)."""
    if commands.components_help() is not None:
        parser.add_argument(
            "--quiet",
            action="store_true",
            help="no note on provisional figures on standard error",
        )


def _position_arguments(parser: argparse.ArgumentParser, commands: GameCommands) -> None:
    example = commands.position_example()
    quoted = f"'{example}', quoted" if example else "quoted"
    parser.add_argument(
        "position",
        metavar="POSITION|FILE",
        help=f"a position in one line ({quoted}; its first word names its game) or a file "
        "holding one, a state JSON document or a game record",
    )
    parser.add_argument(
        "--ply",
        type=_non_negative,
        help="for a game record: the position after this many actions (default: the last)",
    )
    _components_option(parser, commands)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, ``sintra soak: error: ...`` (exit 2),
    without the usage (``--help`` shows it); the top one knows its commands' parsers."""

    commands: dict[str, argparse.ArgumentParser]

    def error(self, message: str) -> NoReturn:
        self.exit(2, shortened(f"{self.prog}: error: {message}") + "\n")


def _count_words(counts: Sequence[int]) -> str:
    """Player counts in words: ``2-4``, ``1``."""
    low, high = min(counts), max(counts)
    return f"{low}-{high}" if low != high else str(low)


def build_parser(game: str = "sintra") -> argparse.ArgumentParser:
    """The ``sintra`` parser for ``game`` (``--game``): every command offers what that game
    has, in its words (:class:`~sintra_rules.cli.hooks.GameCommands`).

    Args:
        game: a registered game's name.

    Returns:
        The parser.
    """
    commands = commands_for(make(game))
    info = commands.game.info
    parser = _Parser(
        prog="sintra",
        description="Rules engines of board games (--game NAME): play, replay, check.",
        epilog="Each command's --help lists what its exit codes mean.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = _SubParsers(parser.add_subparsers(dest="command", metavar="COMMAND"))

    play = sub.add_parser(
        "play",
        help="a complete game between built-in players (default)",
        epilog=_agents_epilog(commands, "play"),
    )
    _game_options(play, players=None, info=info)
    names = [agent.name for agent in commands.agents()]
    play.add_argument(
        "--agents",
        help="comma-separated agents, one per seat (see the agents below) (default "
        + ("greedy,random alternating)" if "greedy" in names else "random)"),
    )
    play.add_argument("--record", metavar="FILE", help="write the game record JSON to FILE")
    play.add_argument(
        "--quiet",
        action="store_true",
        help="show only the result"
        + (", without the note on provisional figures" if commands.components_help() else ""),
    )
    _colour_option(play, commands)
    _components_option(play, commands)
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
    _colour_option(replay, commands)
    _components_option(replay, commands)
    _quiet_note_option(replay, commands)
    replay.set_defaults(handler=_play.replay)

    bench = sub.add_parser(
        "bench",
        help=f"plies/s for {_count_words(info.player_counts)} players vs python-chess; state size",
    )
    bench.add_argument(
        "--seconds",
        type=seconds,
        default=2.0,
        help=f"CPU seconds per workload (default 2, at most {MAX_SECONDS:.0f})",
    )
    bench.add_argument(
        "--seed", type=_non_negative, default=0, help="seed of the games (default 0)"
    )
    bench.add_argument("--json", action="store_true", help=commands.bench_json_help())
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
    _position_arguments(expl, commands)
    example = commands.action_example()
    expl.add_argument(
        "action",
        nargs="?",
        metavar="ACTION",
        help="an action in notation"
        + (f", e.g. {example}" if example else "")
        + " (default: list the legal actions)",
    )
    _quiet_note_option(expl, commands)
    expl.set_defaults(handler=_positions.explain, intermixed=expl)

    show = sub.add_parser(
        "show", help="draw a position: the text board, an SVG picture or its notation"
    )
    _position_arguments(show, commands)
    show.add_argument("--svg", metavar="OUT", help="write the position as an SVG picture to OUT")
    show.add_argument(
        "--notation", action="store_true", help="print the position's one-line notation"
    )
    _colour_option(show, commands)
    _quiet_note_option(show, commands)
    show.set_defaults(handler=_positions.show)

    perft = sub.add_parser("perft", help="count legal action sequences to a depth")
    _game_options(perft, players=2, info=info)
    perft.add_argument(
        "--plies", type=_non_negative, default=0, help="random plies played first (default 0)"
    )
    perft.add_argument(
        "--depth",
        type=whole_number(0, MAX_DEPTH),
        required=True,
        help="how many plies deep to count the legal action sequences (0 to "
        f"{MAX_DEPTH}; each ply multiplies the count, and the time, by the legal actions)",
    )
    perft.add_argument("--quiet", action="store_true", help="no progress line on standard error")
    _components_option(perft, commands)
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
    checks = commands.soak_checks_help()
    if checks is not None:
        checking = soak.add_mutually_exclusive_group()
        checking.add_argument("--check-every", metavar="C", type=whole_number(1), help=checks[0])
        checking.add_argument("--reference", action="store_true", help=checks[1])
    _components_option(soak, commands)
    soak.add_argument("--quiet", action="store_true", help="no progress line on standard error")
    add_fan_out_options(soak)
    soak.set_defaults(handler=_verify.soak)

    play_self = sub.add_parser(
        "selfplay",
        help="MCTS self-play written as training examples, one JSON line per decision",
        epilog=_searches_epilog(commands),
    )
    play_self.add_argument(
        "--games",
        type=whole_number(0, MAX_GAMES),
        required=True,
        help=f"how many games to play (at most {MAX_GAMES:,})",
    )
    play_self.add_argument(
        "--simulations",
        metavar="K",
        help="the search's budget per decision (see the searches below; or --agent SEARCH:K)",
    )
    play_self.add_argument(
        "--agent",
        metavar="SEARCH[:K]",
        help="the search of every seat (see the searches below); SEARCH:K gives its budget",
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
        help="also write the observation of the seat to act in every line",
    )
    play_self.add_argument(
        "--quiet",
        action="store_true",
        help="no progress line"
        + (" and no note on provisional figures" if commands.components_help() else "")
        + " on standard error",
    )
    _components_option(play_self, commands)
    add_fan_out_options(play_self)
    play_self.set_defaults(handler=_ai.selfplay)

    from sintra_rules.arena import configure_parser

    arena = sub.add_parser(
        "arena",
        help="seat-rotated games between agents: win rates, scores and Elo",
        epilog=_agents_epilog(commands, "arena"),
    )
    configure_parser(arena, commands.game)
    _components_option(arena, commands)
    parser.commands = sub.parsers
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


#: Why a game's command lacks an option another game's has, for the options that depend on a
#: capability rather than on the game's options.
_LACKING = {
    "--components": "no component table to load",
    "--check-every": "its soak has no compiled kernel to cross-check",
    "--reference": "its soak has no compiled kernel to cross-check",
    "--quiet": "no note on provisional figures to leave out",
    "--color": "its board has no colours",
    "--colour": "its board has no colours",
}


def _other_games_option(command: str, game: str, extra: str) -> tuple[str, str] | None:
    """The option ``extra`` (``--name`` or ``--name=value``, perhaps abbreviated) names if
    the command ``command`` of another game offers it, with the game that gives it; ``None``
    when no game's command has it."""
    name = extra.partition("=")[0]
    for other in available_games():
        if other == game:
            continue
        parser = build_parser(other)
        found = getattr(parser, "commands", {}).get(command)
        if found is None:
            continue
        options = [o for o in found._option_string_actions if o.startswith("--")]
        matches = [o for o in options if o == name] or [o for o in options if o.startswith(name)]
        if len(matches) == 1:
            return matches[0], other
    return None


def refuse_extras(
    parser: argparse.ArgumentParser, args: argparse.Namespace, extras: Sequence[str]
) -> NoReturn:
    """Refuse arguments no command takes, in one line; an option that another game's command
    offers is named so, with the game: ``sintra play: error: --side: Sagrada has no such
    option (its options: tools)``, ``sintra soak: error: --check-every: Sagrada has no such
    option (its soak has no compiled kernel to cross-check)``."""
    command = getattr(args, "command", None)
    game = getattr(args, "game", None) or "sintra"
    if command is not None:
        for extra in extras:
            if not extra.startswith("--") or extra.partition("=")[0] in ("--", "--game"):
                continue
            found = _other_games_option(command, game, extra)
            if found is None:
                continue
            option = found[0]
            info = make(game).info
            if option in _LACKING:
                why = _LACKING[option]
            else:
                why = "its options: " + (", ".join(o.name for o in info.options) or "none")
            parser.exit(
                2, f"sintra {command}: error: {option}: {info.title} has no such option ({why})\n"
            )
    shown = (extra if len(extra) <= QUOTED_MOST else quoted(extra) for extra in extras)
    where = "sintra" if command is None else f"sintra {command}"
    parser.exit(2, f"{where}: error: unrecognized arguments: {' '.join(shown)}\n")


#: The value of an option a game's command does not offer (``--components`` for a game
#: without component tables, soak's kernel checks for a game without a kernel).
_ABSENT: dict[str, object] = {
    "components": None,
    "check_every": None,
    "reference": False,
    "color": "never",
}


def resolve_options(args: argparse.Namespace) -> None:
    """Set ``args.options`` (the game's options, each at its default unless given) for the
    commands that start games, refusing an option the player count does not take (Sagrada's
    ``--tools`` is for 1 player); the options the game's command does not offer take their
    absent values."""
    for name, value in _ABSENT.items():
        if not hasattr(args, name):
            setattr(args, name, value)
    if args.command not in ("play", "perft", "selfplay"):
        return
    info = make(args.game).info
    players = args.players
    if players is None and getattr(args, "agents", None) is not None:
        players = len(split_agents(args.agents))
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
