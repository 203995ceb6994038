"""Regenerate the OpenSpiel playthroughs of ``tests/data/openspiel/`` (a development tool).

The files are made by OpenSpiel's own generator
(``open_spiel.python.algorithms.generate_playthrough``) from the games
:mod:`sintra_rules.adapters.openspiel` registers (``python_<name>`` and
``python_<name>_sampled`` for every game of the registry), with a fixed seed;
``tests/test_adapters.py`` makes them again and compares, so a change in a game's rules, action
ids or observations, or in the adapter, shows up as a diff. :data:`PLAYTHROUGHS` lists the
playthroughs that must be stored (Sintra's and Sagrada's: whole games, a 2-player explicit one
and a 3-player or solo sampled one, each under 1 MB); any other game of the registry gets
:func:`default_playthroughs` (the explicit game at its default parameters, and the sampled one),
compared when their files are there: a game's playthroughs are stored once its behaviour is
settled, by naming it here.

Run ``python tools/openspiel_playthroughs.py [GAME ...]`` after a deliberate change and commit
the files with it; without names it rewrites the files already stored.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NamedTuple


class Playthrough(NamedTuple):
    """One stored playthrough: its file, the OpenSpiel game string and the generator's seed."""

    file: str
    game: str
    seed: int


#: The stored playthroughs of each game, by registry name.
PLAYTHROUGHS: dict[str, tuple[Playthrough, ...]] = {
    "sintra": (
        Playthrough("python_sintra-2A.txt", "python_sintra(players=2,side=A)", 7),
        Playthrough(
            "python_sintra_sampled-3B.txt", "python_sintra_sampled(players=3,seed=5,side=B)", 11
        ),
    ),
    "sagrada": (
        Playthrough("python_sagrada-2.txt", "python_sagrada(players=2,tools=3)", 7),
        Playthrough(
            "python_sagrada_sampled-1.txt", "python_sagrada_sampled(players=1,seed=5,tools=3)", 11
        ),
    ),
}
FOLDER = Path(__file__).resolve().parent.parent / "tests" / "data" / "openspiel"


def default_playthroughs(game: str) -> tuple[Playthrough, ...]:
    """The playthroughs of a game :data:`PLAYTHROUGHS` does not list: the explicit game at its
    default parameters (seed 7) and the sampled one (seed 11).

    Args:
        game: a registry name.

    Returns:
        Two playthroughs.
    """
    return (
        Playthrough(f"python_{game}.txt", f"python_{game}", 7),
        Playthrough(f"python_{game}_sampled.txt", f"python_{game}_sampled", 11),
    )


def playthroughs(game: str) -> tuple[Playthrough, ...]:
    """The playthroughs of ``game`` (a registry name): those :data:`PLAYTHROUGHS` lists, else
    the default ones."""
    return PLAYTHROUGHS.get(game) or default_playthroughs(game)


def stored(game: str) -> tuple[Playthrough, ...]:
    """The playthroughs of ``game`` that are stored: all of them for a game that
    :data:`PLAYTHROUGHS` lists (a missing file is an error the tests report), else those whose
    file is there."""
    if game in PLAYTHROUGHS:
        return PLAYTHROUGHS[game]
    return tuple(item for item in playthroughs(game) if (FOLDER / item.file).exists())


def make(game_string: str, seed: int) -> str:
    """The playthrough text of ``game_string``, OpenSpiel's generator seeded with ``seed``."""
    from open_spiel.python.algorithms import generate_playthrough

    import sintra_rules.adapters.openspiel  # noqa: F401 - registers the games

    return str(generate_playthrough.playthrough(game_string, None, seed=seed))


def main(argv: list[str] | None = None) -> int:
    """Write every playthrough file of the games named (default: the files already stored)."""
    from sintra_rules import available_games

    named = list(argv if argv is not None else sys.argv[1:])
    unknown = sorted(set(named) - set(available_games()))
    if unknown:
        print(f"unknown game(s): {', '.join(unknown)}", file=sys.stderr)
        return 2
    FOLDER.mkdir(parents=True, exist_ok=True)
    for game in named or available_games():
        for item in playthroughs(game) if named else stored(game):
            (FOLDER / item.file).write_text(make(item.game, item.seed), "utf-8")
            print(f"wrote {FOLDER / item.file}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
