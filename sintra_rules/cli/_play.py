"""``sintra play`` and ``sintra replay``: a game between built-in players, or a recorded one,
told turn by turn (:meth:`~sintra_rules.cli.hooks.GameCommands.tell_game`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from sintra_rules._progress import Progress
from sintra_rules._terminal import output_width, use_colour, wrap_text
from sintra_rules._words import plural
from sintra_rules.agents import AGENT_NAMES, make_agent, split_agents, unknown_agent
from sintra_rules.cli._content import commands_of
from sintra_rules.cli._io import UsageError, check_output, from_file, output, read_text
from sintra_rules.cli.hooks import NORMAL, QUIET, VERBOSE, GameCommands, commands_for
from sintra_rules.game import Game, Player, resolve_chance
from sintra_rules.games import make
from sintra_rules.interrupts import deferred_interrupts

__all__ = ["note_provisional", "play", "replay"]

#: The players of ``play`` by default, seat by seat in turn.
_DEFAULT_AGENTS = ("greedy", "random")
#: The kinds of file ``replay`` reads (:data:`~sintra_rules.game.FILE_KINDS`): a whole game.
GAME_FILES = ("game record", "text record", "golden playthrough")


def note_provisional(commands: GameCommands, args: argparse.Namespace) -> None:
    """Print the game's note on provisional figures on standard error, once, unless
    ``--quiet``."""
    note = commands.provisional_note()
    if note is not None and not getattr(args, "quiet", False):
        print(wrap_text(note, output_width(sys.stderr)), file=sys.stderr)


def _agents(args: argparse.Namespace, game: Game[Any, Any]) -> list[tuple[str, Player]]:
    """The players of ``play``: ``--agents`` (the names of
    :func:`~sintra_rules.agents.make_agent`, the searches with their budgets) or greedy and
    random alternating (random alone for a game without a greedy player), one per seat, each
    seeded from the game seed and its seat, with their names."""
    known = AGENT_NAMES(game)
    if args.agents is None:
        players = 2 if args.players is None else args.players
        default = _DEFAULT_AGENTS if all(k in known for k in _DEFAULT_AGENTS) else ("random",)
        kinds = [default[seat % len(default)] for seat in range(players)]
    else:
        kinds = split_agents(args.agents)
        if args.players is not None and args.players != len(kinds):
            raise UsageError(f"--players {args.players} but --agents names {len(kinds)} agents")
    unknown = [kind for kind in kinds if kind.partition(":")[0] not in known]
    if unknown:
        raise UsageError(unknown_agent(unknown[0], game))
    seated: list[tuple[str, Player]] = []
    for seat, kind in enumerate(kinds):
        agent = make_agent(kind, args.seed * 4 + seat + 1, game=game)
        seated.append((str(getattr(agent, "name", kind)), agent))
    return seated


def _played(
    game: Game[Any, Any],
    seated: list[tuple[str, Player]],
    seed: int,
    options: dict[str, str],
    quiet: bool = False,
) -> tuple[list[Any], list[Any]]:
    """Every state and action of a game between ``seated``, each decision taken with Ctrl-C
    held back (:func:`~sintra_rules.interrupts.deferred_interrupts`, raised between plies)
    and counted, so that an interrupted game says how many decisions were played."""
    state = resolve_chance(game, game.start(len(seated), seed=seed, options=options))
    states, actions = [state], []
    with Progress("play", unit="decisions", quiet=quiet) as bar:
        while not state.is_over:
            with deferred_interrupts():
                action = seated[state.turn][1].choose(state)
            actions.append(action)
            state = resolve_chance(game, game.apply(state, action))
            states.append(state)
            bar.advance()
    return states, actions


def play(args: argparse.Namespace) -> int:
    """``sintra play``: a complete game between built-in players, turn by turn, then the
    final scoring and the winner; ``--record FILE`` writes its record."""
    game = make(args.game)
    seated = _agents(args, game)
    commands = commands_for(game)
    if args.record is not None:
        if not commands.can_record():
            raise UsageError(f"--record: {commands.title} games cannot be recorded yet")
        check_output(args.record, "--record")
    if args.components is not None:
        commands = commands.on_table(args.components)
    options: dict[str, str] = args.options
    names = [f"Player {seat + 1} ({kind})" for seat, (kind, _) in enumerate(seated)]
    width = output_width()
    setup = commands.setup_text(len(seated), options)
    # The header first: it tells who plays while the game is being played.
    print(wrap_text(f"sintra play: {setup}, seed {args.seed}: " + " vs ".join(names), width))
    states, actions = _played(commands.game, seated, args.seed, options, args.quiet)
    print("")
    commands.tell_game(
        states,
        actions,
        names,
        print,
        width=width,
        level=QUIET if args.quiet else NORMAL,
        colour=use_colour(args.color),
    )
    note_provisional(commands, args)
    if args.record is not None:
        text = commands.record_text(len(seated), options, args.seed, actions, names)
        with output(args.record) as handle:
            handle.write(text)
        print(f"Game record written to {args.record}")
    return 0


def chosen_ply(ply: int | None, last: int) -> int:
    """``--ply``: a ply of a game of ``last`` actions (default: the last)."""
    chosen = last if ply is None else ply
    if chosen > last:
        raise UsageError(
            f"--ply {chosen}: the record has {plural(last, 'action')} (plies 0 to {last})"
        )
    return chosen


def replay(args: argparse.Namespace) -> int:
    """``sintra replay RECORD``: a recorded game told turn by turn (a golden playthrough's
    digests checked first)."""
    shown = "standard input" if args.record == "-" else args.record
    text = read_text(args.record)
    commands = commands_of(args, text, shown, GAME_FILES)
    with from_file(args.record):
        game = commands.read_game(text)
    if game.mismatch is not None:
        print(f"sintra replay: {args.record}: {game.mismatch}", file=sys.stderr)
        return 1
    plies = len(game.actions)
    chosen = chosen_ply(args.ply, plies)
    width = output_width()
    kind = "" if game.kind == "game record" else f"{game.kind}, "
    setup = commands.setup_text(game.players, game.options, game.names if game.named else None)
    start = "from a position" if game.seed is None else f"seed {game.seed}"
    upto = "" if chosen == plies else f", shown up to ply {chosen}"
    print(
        wrap_text(
            f"sintra replay: {shown}: {kind}{setup}, {start}, {plural(plies, 'action')}{upto}",
            width,
        )
    )
    print("")
    commands.tell_game(
        game.states[: chosen + 1],
        game.actions[:chosen],
        game.names,
        print,
        width=width,
        level=VERBOSE if args.verbose else NORMAL,
        colour=use_colour(args.color),
        comments=game.comments,
    )
    if game.digests is not None:
        print(f"Golden digests: all {plural(game.digests, 'state')} match.")
    note_provisional(commands, args)
    return 0
