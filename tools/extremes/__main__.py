"""``python -m tools.extremes [--write | --list] [NAME ...]``: rebuild the extreme games
(:mod:`tools.extremes`) and compare them with their records and the index (what each game
shows, ``tests/golden/extremes/index.json``), write them, or list them.

Exit status 0 when every record is its plan's game (or was written), 1 when one differs or is
missing, 2 for an unknown name.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from tools.extremes import EXTREMES, INDEX, extreme, index_entry, index_text, record_text


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options and rebuild, write or list the games.

    Args:
        argv: the arguments (default: the command line's).

    Returns:
        The exit status.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="the games (default: all)")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--write", action="store_true", help="write the records")
    what.add_argument("--list", action="store_true", help="list the games and their scores")
    args = parser.parse_args(argv)
    try:
        chosen = [extreme(name) for name in args.names] if args.names else list(EXTREMES)
    except KeyError as error:
        print(f"tools.extremes: {error.args[0]}", file=sys.stderr)
        return 2
    status = 0
    entries = []
    for item in chosen:
        builder = item.build()
        entries.append(index_entry(item, builder))
        score = builder.game.result(builder.state).scores[item.seat]
        if args.list:
            print(
                f"{item.name}: seat {item.seat + 1} scores {score} ({item.kind} bound "
                f"{item.bound()}): {item.summary}"
            )
            continue
        text = record_text(builder)
        if args.write:
            item.path.parent.mkdir(parents=True, exist_ok=True)
            item.path.write_text(text, "utf-8")
            print(f"wrote {item.path.name}: seat {item.seat + 1} scores {score}")
        elif not item.path.exists():
            print(f"{item.path.name}: missing (python -m tools.extremes --write)")
            status = 1
        elif item.path.read_text("utf-8") != text:
            print(f"{item.path.name}: differs from its plan's game")
            status = 1
        else:
            print(f"{item.path.name}: the plan's game, seat {item.seat + 1} scores {score}")
    if args.names or args.list:
        return status
    if args.write:
        INDEX.write_text(index_text(entries), "utf-8")
        print(f"wrote {INDEX.name}")
    elif not INDEX.exists() or INDEX.read_text("utf-8") != index_text(entries):
        print(f"{INDEX.name}: differs from what the games show")
        status = 1
    else:
        print(f"{INDEX.name}: what the games show")
    return status


if __name__ == "__main__":
    sys.exit(main())
