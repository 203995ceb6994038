"""Regenerate the OpenSpiel playthroughs of ``tests/data/openspiel/`` (a development tool).

The files are made by OpenSpiel's own generator
(``open_spiel.python.algorithms.generate_playthrough``) from the games this package registers
(:mod:`sintra_rules.adapters.openspiel`), with a fixed seed; ``tests/test_adapters.py`` makes
them again and compares, so a change in the rules, the action ids, the observations or the
adapter shows up as a diff. Run ``python tools/openspiel_playthroughs.py`` after a deliberate
change and commit the files with it.
"""

from __future__ import annotations

import sys
from pathlib import Path

#: (file name, game string, seed of the generator's random actions)
PLAYTHROUGHS = (
    ("python_sintra-2A.txt", "python_sintra(players=2,side=A)", 7),
    ("python_sintra_sampled-3B.txt", "python_sintra_sampled(players=3,seed=5,side=B)", 11),
)
FOLDER = Path(__file__).resolve().parent.parent / "tests" / "data" / "openspiel"


def make(game_string: str, seed: int) -> str:
    """The playthrough text of ``game_string``, OpenSpiel's generator seeded with ``seed``."""
    from open_spiel.python.algorithms import generate_playthrough

    import sintra_rules.adapters.openspiel  # noqa: F401 - registers the games

    return str(generate_playthrough.playthrough(game_string, None, seed=seed))


def main() -> int:
    """Write every playthrough file."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, game, seed in PLAYTHROUGHS:
        (FOLDER / name).write_text(make(game, seed), "utf-8")
        print(f"wrote {FOLDER / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
