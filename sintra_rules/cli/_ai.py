"""``sintra selfplay``: search self-play written as training examples (``sintra arena`` is
configured by :func:`sintra_rules.arena.configure_parser`)."""

from __future__ import annotations

import argparse

from sintra_rules._options import MAX_SIMULATIONS
from sintra_rules._progress import Progress
from sintra_rules.cli._io import UsageError, check_output, output, workers
from sintra_rules.cli._play import note_provisional
from sintra_rules.cli.hooks import commands_for
from sintra_rules.distributed import ray_from_args
from sintra_rules.games import make

__all__ = ["selfplay"]


def _search(args: argparse.Namespace) -> tuple[str | None, int]:
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


def selfplay(args: argparse.Namespace) -> int:
    """``sintra selfplay``: ``--games`` games of search self-play, one JSON line per
    decision, for the game ``--game`` names (on ``--components FILE``)."""
    from sintra_rules import selfplay as playing

    search, simulations = _search(args)
    check_output(args.out, "--out")
    ray = ray_from_args(args)
    commands = commands_for(make(args.game))
    if args.components is not None:  # a bad file is one clean line before any game
        commands = commands.on_table(args.components)
    fan = workers(args, args.games, ray)
    with (
        output(args.out, keep_on_interrupt=True) as out,
        Progress("selfplay", args.games, "games", quiet=args.quiet) as bar,
    ):
        report = playing.run_selfplay(
            args.games,
            args.seed,
            simulations,
            out,
            game=commands.game,
            players=args.players,
            options=args.options,
            search=search,
            observations=args.observations,
            workers=fan,
            ray=ray,
            progress=bar.update,
            path=args.out,
        )
    print(report.summary())
    note_provisional(commands, args)
    return 0
