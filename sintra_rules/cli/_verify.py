"""``sintra perft``, ``sintra soak`` and ``sintra bench``: the verification drivers
(:mod:`sintra_rules.verify`) over the game ``--game`` names."""

from __future__ import annotations

import argparse
import json
import time

from sintra_rules._progress import Progress
from sintra_rules.cli._io import workers
from sintra_rules.cli.hooks import commands_for, options_text, players_text
from sintra_rules.distributed import ray_from_args
from sintra_rules.games import make
from sintra_rules.interrupts import deferred_interrupts

__all__ = ["bench", "perft", "soak"]

#: The game the commands play when ``--game`` is not given; it goes unnamed in their lines.
_DEFAULT_GAME = "sintra"


def perft(args: argparse.Namespace) -> int:
    """``sintra perft``: the legal action sequences to ``--depth`` from the position after
    ``--plies`` random plies (:mod:`sintra_rules.verify.perft`)."""
    from sintra_rules.verify import perft as counting

    commands = commands_for(make(args.game))
    if args.components is not None:
        commands = commands.on_table(args.components)
    game = commands.game
    options: dict[str, str] = args.options
    state = counting.position_after(args.players, options, args.seed, args.plies, game=game)
    start = time.perf_counter()
    with Progress("perft", unit="first actions", quiet=args.quiet) as bar:
        count = counting.perft(state, args.depth, progress=bar.update, game=game)
    elapsed = time.perf_counter() - start
    title = "" if game.info.name == _DEFAULT_GAME else f"{game.info.title}, "
    chosen = options_text(game.info, options, args.players)
    where = commands.where(state)
    print(
        f"perft: {title}{players_text(args.players)}"
        + (f", {chosen}" if chosen else "")
        + f", seed {args.seed}, after {args.plies} random plies"
        + (f" ({where})" if where else "")
        + f", depth {args.depth}: {count} ({elapsed:.2f} s)"
    )
    return 0


def soak(args: argparse.Namespace) -> int:
    """``sintra soak``: the game's own soak (Sintra's compiled kernel, cross-checked) or the
    generic one (:func:`sintra_rules.verify.soak.run_soak`); exit 1 on any failure."""
    from sintra_rules.verify.soak import run_soak

    ray = ray_from_args(args)
    fan = workers(args, args.games, ray)
    commands = commands_for(make(args.game))
    if args.components is not None:  # a bad file is one clean line before any game
        commands = commands.on_table(args.components)
    with Progress("soak", args.games, "games", quiet=args.quiet) as bar:
        report = commands.soak(
            args.games,
            args.seed,
            check_every=args.check_every,
            reference=args.reference,
            progress=bar.update,
            workers=fan,
            ray=ray,
        )
        if report is None:
            report = run_soak(
                args.games,
                args.seed,
                game=commands.game,
                progress=bar.update,
                workers=fan,
                ray=ray,
            )
    print(report.summary())
    return 1 if report.failures else 0


def bench(args: argparse.Namespace) -> int:
    """``sintra bench``: random playouts' plies/s against python-chess (interleaved, CPU
    time), the size of a mid-game state, and the game's own figures
    (:func:`sintra_rules.verify.bench.run_bench`)."""
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
