"""The games that reach the proved bounds, for the proofs' pages (issue 31).

Every extreme final score is also played as a whole game from the start: the records of
``tests/golden/extremes/``, built by ``python -m tools.extremes`` and replayed by
``tests/test_extremes.py``. Their index (``tests/golden/extremes/index.json``, written by the
same tool) says, for each game, the proof of the bound it plays, whether it reaches it (and if
not, why), and every other proved bound the game reaches, measured on the game by the engine.
The pages mark each bound from it: *tight* when a game reaches it, *loose* with the gap when
the most extreme game known does not, and nothing when no game is recorded (the bound is then
attained by its witness in the model only).

>>> [entry["name"] for entry in games()][:2]
['sagrada-highest-2p', 'sagrada-highest-solo']
>>> in_a_game("final-lower[shipped, 2 players]", {"low": -254})
'loose by 20: `sintra-lowest-2p` reaches -234'
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

__all__ = ["INDEX", "games", "in_a_game", "section"]

#: The index of the extreme games.
INDEX = Path(__file__).resolve().parents[1] / "tests" / "golden" / "extremes" / "index.json"


@functools.cache
def _index() -> tuple[dict[str, Any], ...]:
    if not INDEX.exists():
        return ()
    return tuple(json.loads(INDEX.read_text("utf-8"))["games"])


def games() -> list[dict[str, Any]]:
    """The extreme games, as the index lists them."""
    return list(_index())


def _reached(name: str, values: dict[str, int]) -> list[tuple[int, str]]:
    """The values of proof ``name``'s bound that games reach among the bounds they show (not
    the one they play), with the games."""
    found = []
    for entry in _index():
        if entry["proof"] == name:
            continue
        for shown in entry["shows"]:
            if shown["proof"] == name and values.get(shown["key"]) == shown["value"]:
                found.append((shown["value"], entry["name"]))
    return list(dict.fromkeys(found))


def in_a_game(name: str, values: dict[str, int]) -> str:
    """What the summary says of proof ``name`` with its ``values``: tight (the game that
    reaches it), loose (by how much the most extreme game known falls short) or ``-``.

    Args:
        name: the proof's name (``final-upper[shipped, side A]``).
        values: the proof's values (:attr:`~proofs.harness.ProofResult.values`).

    Returns:
        The cell.
    """
    for entry in _index():
        if entry["proof"] != name:
            continue
        key = "high" if entry["kind"] == "highest" else "low"
        bound = values.get(key)
        if bound == entry["score"]:
            return f"tight: `{entry['name']}` reaches {entry['score']}"
        gap = "?" if bound is None else abs(bound - entry["score"])
        return f"loose by {gap}: `{entry['name']}` reaches {entry['score']}"
    reached = _reached(name, values)
    if not reached:
        return "-"
    by_value: dict[int, list[str]] = {}
    for value, game in reached:
        by_value.setdefault(value, []).append(f"`{game}`")
    return "; ".join(f"{value} reached in {', '.join(g)}" for value, g in by_value.items())


def section(name: str, values: dict[str, int]) -> list[str]:
    """The lines a proof's section gets for each game that plays its bound: whether it
    reaches it, the command that replays it, and (the directive ``extreme-game``) its final
    position drawn.

    Args:
        name: the proof's name.
        values: the proof's values.

    Returns:
        Markdown lines (none when no game plays the bound).
    """
    out: list[str] = []
    for entry in _index():
        if entry["proof"] != name:
            continue
        key = "high" if entry["kind"] == "highest" else "low"
        bound = values.get(key)
        head = f"`{entry['command']}` ends with seat {entry['seat']} at {entry['score']}"
        if bound == entry["score"]:
            text = f"**Tight**: {head}, the bound ({entry['summary']})."
        else:
            gap = "?" if bound is None else abs(bound - entry["score"])
            text = (
                f"**Loose by {gap}**: the most extreme game known, {head} ({entry['summary']}). "
                f"Why the bound is not reached: {entry['gap']}."
            )
        out += [text, "", f"```{{extreme-game}} {entry['name']}", "```", ""]
    return out
