"""The witness windows of Sagrada's proofs, as stored in ``witnesses.json`` beside this module.

They were found by :mod:`proofs.sagrada.search` (``python -m proofs.sagrada.search``) and are
data: the proofs check each one (in plain Python and with the Z3 model) and claim that nothing
scores more, so a stored window that is illegal or not the best makes its proof fail.

* :data:`PUBLIC_BEST`: per public objective card (1 to 10), per pattern number (1 to 24; 0
  for any window), a window scoring that card's most.
* :data:`MULTI_BEST` and :data:`SOLO_BEST`: the game reaching the highest final score
  (:mod:`proofs.sagrada.highest`), under its pattern's number: the public cards, the private
  colour and the window (:class:`Best`). The multiplayer one was found by
  ``python -m proofs.sagrada.search multi``; the solo one by Z3 itself, as the counterexample
  that refuted 93, the best score that search had found.
"""

from __future__ import annotations

import json
import pathlib
from typing import Final

import attrs

__all__ = ["MULTI_BEST", "PATH", "PUBLIC_BEST", "SOLO_BEST", "Best"]

#: The stored witnesses.
PATH: Final = pathlib.Path(__file__).with_name("witnesses.json")


@attrs.frozen
class Best:
    """A highest final score's witness: the public cards dealt (their numbers), the private
    colour (its code) and the window (as :func:`proofs.sagrada.window.parse` reads it)."""

    cards: tuple[int, ...]
    colour: str
    window: str


def _load() -> dict[str, object]:
    with PATH.open(encoding="utf-8") as handle:
        data: dict[str, object] = json.load(handle)
    return data


_DATA: Final = _load()

PUBLIC_BEST: Final[dict[int, dict[int, str]]] = {
    int(card): {int(pattern): text for pattern, text in windows.items()}
    for card, windows in _DATA.get("public_best", {}).items()  # type: ignore[attr-defined]
}


def _bests(key: str) -> dict[int, Best]:
    return {
        int(pattern): Best(tuple(entry["cards"]), entry["colour"], entry["window"])
        for pattern, entry in _DATA.get(key, {}).items()  # type: ignore[attr-defined]
    }


MULTI_BEST: Final = _bests("multi_best")
SOLO_BEST: Final = _bests("solo_best")
