"""``sintra selfplay``: search self-play written as training examples (``sintra arena`` is
configured by :func:`sintra_rules.arena.configure_parser`)."""

from __future__ import annotations

import argparse
from typing import Any

import attrs

from sintra_rules._progress import Progress
from sintra_rules.agents import agent_infos, agent_options
from sintra_rules.cli._io import UsageError, check_output, output, workers
from sintra_rules.cli._play import note_provisional
from sintra_rules.cli.hooks import commands_for
from sintra_rules.distributed import ray_from_args
from sintra_rules.errors import InvalidArgument
from sintra_rules.game import AgentInfo, Game
from sintra_rules.games import make

__all__ = ["searches", "selfplay"]


def searches(game: Game[Any, Any]) -> tuple[AgentInfo, ...]:
    """The searches self-play can use for ``game``, in the game's words: ``mcts`` and, where
    the game has its own search, ``uct`` (:data:`sintra_rules.selfplay.SEARCHES`), each with
    its budget alone (self-play sets nothing else)."""
    from sintra_rules.selfplay import SEARCHES

    return tuple(
        attrs.evolve(info, parameters=info.parameters[:1])
        for info in agent_infos(game)
        if info.name in SEARCHES
    )


def _search(args: argparse.Namespace, game: Game[Any, Any]) -> tuple[str | None, int]:
    """``--agent SEARCH[:K]`` and ``--simulations K``: the search and its budget, each
    checked against the search's range (:func:`~sintra_rules.agents.agent_options`)."""
    from sintra_rules.selfplay import default_search

    known = {info.name: info for info in searches(game)}
    search: str | None = None
    name = default_search(game)
    simulations: int | None = None
    if args.agent is not None:
        name = args.agent.partition(":")[0]
        if name not in known:
            raise UsageError(
                f"--agent: {name!r} is not a search of {game.info.title} "
                f"(choose from {', '.join(known)})"
            )
        search = name
        try:
            budget = agent_options(args.agent, known[name]).get("simulations")
        except InvalidArgument as error:
            raise UsageError(f"--agent: {error}") from None
        simulations = None if budget is None else int(budget)
    if args.simulations is not None:
        parameter = known[name].budget
        assert parameter is not None  # every search has a budget
        try:
            given = int(parameter.read(args.simulations))
        except ValueError:
            raise UsageError(
                f"--simulations: {name}'s budget ({parameter.help}) must be "
                f"{parameter.range_text()}, got {args.simulations!r}"
            ) from None
        if simulations is not None and simulations != given:
            raise UsageError(f"--agent {args.agent} but --simulations {args.simulations}")
        simulations = given
    if simulations is None:
        raise UsageError("the budget is missing: give --simulations K (or --agent SEARCH:K)")
    return search, simulations


def selfplay(args: argparse.Namespace) -> int:
    """``sintra selfplay``: ``--games`` games of search self-play, one JSON line per
    decision, for the game ``--game`` names (on ``--components FILE``)."""
    from sintra_rules import selfplay as playing

    commands = commands_for(make(args.game))
    search, simulations = _search(args, commands.game)
    check_output(args.out, "--out")
    ray = ray_from_args(args)
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
