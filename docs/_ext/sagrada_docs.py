"""Sphinx directives of Sagrada's pages (``docs/sagrada/``), computed from the engine at build
time so that the pages always show what the engine plays with.

* ``{sagrada-components}``: Sagrada's shipped component table (COMP-01 to COMP-06): each figure,
  its value, status, sources and clause, then the source tags it cites.
* ``{sagrada-picture}``: the picture (SVG, ``Drawn``) of the one-line position given as the
  directive's content, and the text board under it.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sintra_docs import _table
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective


def _value(name: str, value: Any) -> str:
    """A figure's value in words: lists of cards one per entry."""
    if name == "colours":
        return ", ".join(f"{c['code']} {c['name']}" for c in value)
    if name == "draft_pool":
        return ", ".join(f"{k} player{'s' if k != '1' else ''}: {v} dice" for k, v in value.items())
    if name == "patterns":
        return "; ".join(
            f"{p['name']} (card {p['card']}, {p['favor']} tokens): {' / '.join(p['grid'])}"
            for p in value
        )
    if name == "public_objectives":
        return "; ".join(f"{o['number']} {o['name']} ({o['points']})" for o in value)
    if name == "private_objectives":
        return "; ".join(f"{o['name']} ({o['colour']})" for o in value)
    if name == "tools":
        return "; ".join(f"{t['number']} {t['name']} ({t['colour']})" for t in value)
    return str(value)


class ComponentsDirective(SphinxDirective):
    """Sagrada's component table: each figure, its value, status, sources and clause."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        from sintra_rules.games.sagrada import components, default_components

        self.env.note_dependency(components.__file__)
        table = default_components()
        rows = []
        for name, value in table.figures().items():
            prov = table.provenance[name]
            rows.append(
                [
                    nodes.paragraph("", "", nodes.literal(text=name)),
                    nodes.paragraph(text=_value(name, value)),
                    nodes.paragraph(text=prov.status),
                    nodes.paragraph(text=prov.source),
                    nodes.paragraph("", "", nodes.literal(text=prov.clause)),
                ]
            )
        statuses = [p.status for p in table.provenance.values()]
        intro = nodes.paragraph(
            text=f"Table {table.name!r}, digest {table.digest[:16]}…: "
            f"{statuses.count('confirmed')} figures confirmed, "
            f"{statuses.count('provisional')} provisional."
        )
        sources = nodes.bullet_list()
        for tag, where in table.sources.items():
            item = nodes.list_item()
            item += nodes.paragraph("", "", nodes.literal(text=f"[{tag}]"), nodes.Text(f" {where}"))
            sources += item
        return [
            intro,
            _table([14, 40, 10, 26, 10], ["Figure", "Value", "Status", "Source", "Clause"], rows),
            nodes.rubric(text="Sources"),
            sources,
        ]


class PictureDirective(SphinxDirective):
    """The SVG picture of a one-line Sagrada position (the directive's content)."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        from sintra_rules.games import make

        game: Any = make("sagrada")
        line = " ".join(self.content).strip()
        try:
            state = game.position_from_text(line)
        except Exception as error:  # a bad position is a build error
            raise self.error(f"sagrada-picture: {error}") from None
        svg = game.to_svg(state)
        box = f'<div class="sintra-picture sagrada-picture">{svg}</div>'
        board = nodes.literal_block(text=game.render(state))
        return [nodes.raw("", box, format="html"), board]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("sagrada-components", ComponentsDirective)
    app.add_directive("sagrada-picture", PictureDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
