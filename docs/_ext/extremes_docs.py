"""Sphinx directive of the proofs' pages: ``{extreme-game} NAME`` draws the end of the extreme
game ``tests/golden/extremes/NAME.json`` (issue 31).

The record is read and replayed by its game (the registry's ``read_record``: every decision
and chance outcome checked, the result compared), and its final position is drawn by the game
(``to_svg``), with the command that replays it and the extreme seat's score from the index
(``tests/golden/extremes/index.json``) as the caption. A record that does not replay is a
build error.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

ROOT = Path(__file__).resolve().parents[2]
EXTREMES = ROOT / "tests" / "golden" / "extremes"


class ExtremeGameDirective(SphinxDirective):
    """The final position of an extreme game, drawn."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        from sintra_rules.games import make

        name = self.arguments[0]
        path = EXTREMES / f"{name}.json"
        index = json.loads((EXTREMES / "index.json").read_text("utf-8"))["games"]
        entry = next((e for e in index if e["name"] == name), None)
        if entry is None or not path.exists():
            raise self.error(f"extreme-game: no extreme game {name!r} in {EXTREMES}")
        game: Any = make(entry["game"])
        try:
            log = game.read_record(path.read_text("utf-8"))
        except Exception as error:  # a record that does not replay is a build error
            raise self.error(f"extreme-game: {name}: {error}") from None
        self.env.note_dependency(str(path))
        svg = game.to_svg(log.states[-1])
        caption = (
            f"{entry['command']}: the end of the game, seat {entry['seat']} at {entry['score']}"
        )
        markup = (
            f'<figure class="sintra-position extreme-game">{svg}'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>"
        )
        return [nodes.raw("", markup, format="html")]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("extreme-game", ExtremeGameDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
