"""Sphinx extension of the sintra_rules docs: clause links, clause index, rulings, glossary.

Each game has its spec (``spec/<game>/``); the site holds Sintra's spec pages under
``docs/spec/`` and another game's under ``docs/spec/<game>/`` (its other pages, such as its
clause index, under ``docs/<game>/``). A page belongs to a game when a part of its path is that
game's name, else to Sintra, the default game. The anchors ``(ID)=`` of another game's spec
pages become the labels ``<game>:ID`` as the pages are included, so that the same plain ID in
two specs names two clauses.

* Every clause ID written in the docs (the spec, the rulings, API docstrings, tutorials, the CLI
  docs), as text or as inline code, links to the clause's anchor: a plain ID (``PLACE-03``) to
  the clause of the page's game, an ID qualified by a game (``sagrada:PLACE-03``) to that
  game's clause on any page; so does every clause ID in the output of a shell session (a
  ``console`` block); other code blocks and the clause's own heading are left alone.
* Under each clause of the spec pages: the rulings that refine it and the clauses that cite it.
  Each clause is a searchable object (type ``clause``, named by its ID, qualified outside
  Sintra), so the site search finds it by its ID.
* The ``**Sources.**`` line of a clause is shown edition and printed section first (``EN, A)
  Advance a pattern, Step 1, a)``, from the hand-written outline ``spec/<game>/outline.toml``),
  the line index of the text second, then the citation's note.
* ``{sintra-clause-index}``: every clause with its title, kind, status and page.
* ``{sintra-rulings}``: the rulings at a glance: each ruling, the clauses it refines and its
  decision's first sentence.
* ``{sintra-glossary}``: the glossary of the editions' words (``spec/<game>/glossary.toml``), as
  a page the site search finds.

The three directives take the option ``:game: NAME`` (default: the page's game).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sintra_docs import _pages_using, _table
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

ROOT = Path(__file__).resolve().parents[2]
#: A clause anchor line of a spec page, ``(PLACE-03)=``.
_ANCHOR = re.compile(r"^\((?P<id>[A-Z][A-Z0-9]*-\d{2})\)=[ \t]*$", re.MULTILINE)
#: Nodes whose text is never turned into clause links.
_SKIP = (
    nodes.reference,
    addnodes.pending_xref,
    nodes.literal_block,
    nodes.title,
    nodes.raw,
    nodes.target,
    addnodes.desc_signature,
    nodes.FixedTextElement,
)


@functools.cache
def _specs() -> dict[str, Any]:
    """Every game's spec, by game (read from the checkout's ``spec/<game>/``)."""
    from sintra_rules.clauses import load_spec

    games = sorted(path.parent.name for path in (ROOT / "spec").glob("*/index.toml"))
    return {game: load_spec(ROOT / "spec" / game) for game in games}


def _default() -> str:
    from sintra_rules.clauses import DEFAULT_GAME

    return DEFAULT_GAME


def _spec(game: str | None = None) -> Any:
    """The spec of ``game`` (default: Sintra's)."""
    return _specs()[game or _default()]


def page_game(docname: str) -> str:
    """The game a page belongs to: the game named by a part of its path (``spec/sagrada/03-turn``,
    ``sagrada/clauses``), else the default game (Sintra)."""
    parts = docname.split("/")
    return next((game for game in _specs() if game != _default() and game in parts), _default())


def clause_label(game: str, clause: str) -> str:
    """The label of a clause's anchor: its ID in small letters, qualified outside the default
    game (``place-05``, ``sagrada:place-03``)."""
    return (clause if game == _default() else f"{game}:{clause}").lower()


def clause_ref(
    clause: str, docname: str, text: str | None = None, game: str | None = None
) -> addnodes.pending_xref:
    """A link to the anchor of ``clause`` (of ``game``, default the page's game) on its spec
    page."""
    ref = addnodes.pending_xref(
        "",
        refdomain="std",
        reftype="ref",
        reftarget=clause_label(game or page_game(docname), clause),
        refexplicit=True,
        refwarn=True,
        refdoc=docname,
        classes=["sintra-clause"],
    )
    ref += nodes.inline(text=text or clause)
    return ref


def qualify_anchors(app: Sphinx, relative_path: Path, parent: str, content: list[str]) -> None:
    """As another game's spec page is included, its clause anchors ``(ID)=`` become
    ``(<game>:ID)=`` (the ``include-read`` event): the labels of two games' clauses differ."""
    path = (Path(app.srcdir) / relative_path).resolve()
    for game in _specs():
        if game != _default() and path.parent == (ROOT / "spec" / game).resolve():
            content[0] = _ANCHOR.sub(rf"({game}:\g<id>)=", content[0])


@functools.cache
def _schemes() -> dict[str, Any]:
    return {name: spec.scheme for name, spec in _specs().items()}


@functools.cache
def _known() -> dict[str, frozenset[str]]:
    """The clause IDs of every game's spec, by game."""
    return {name: frozenset(spec.by_id) for name, spec in _specs().items()}


def _linked_text(text: str, docname: str) -> list[nodes.Node] | None:
    """``text`` split into text and clause links, or ``None`` when it names no known clause:
    a plain ID of the page's game, or an ID qualified by a game."""
    from sintra_rules.clauses import find_ids

    parts: list[nodes.Node] = []
    last = 0
    for game, clause, (start, end) in find_ids(text, _schemes(), page_game(docname)):
        if clause not in _known()[game]:
            continue
        if start > last:
            parts.append(nodes.Text(text[last:start]))
        parts.append(clause_ref(clause, docname, text=text[start:end], game=game))
        last = end
    if not parts:
        return None
    if last < len(text):
        parts.append(nodes.Text(text[last:]))
    return parts


def _inside(node: nodes.Node, kinds: tuple[type, ...]) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, kinds):
            return True
        parent = parent.parent
    return False


def link_clause_ids(app: Sphinx, doctree: nodes.document) -> None:
    """Turn every clause ID in the page's text and inline code into a link to its anchor."""
    docname = app.env.docname
    for literal in list(doctree.findall(nodes.literal)):
        text = literal.astext()
        if _inside(literal, _SKIP):
            continue
        parts = _linked_text(text, docname)
        if parts is not None and len(parts) == 1 and isinstance(parts[0], addnodes.pending_xref):
            ref = parts[0]
            ref.children = []
            ref += nodes.literal(text=text)
            literal.replace_self(ref)
    for text_node in list(doctree.findall(nodes.Text)):
        if _inside(text_node, (*_SKIP, nodes.literal)):
            continue
        parts = _linked_text(str(text_node), docname)
        if parts is not None:
            text_node.parent.replace(text_node, parts)
    for block in list(doctree.findall(nodes.literal_block)):
        if block.get("language") == "console":
            _link_console(block, docname)


def _link_console(block: nodes.literal_block, docname: str) -> None:
    """A shell session (a ``console`` block: ``$ command`` lines and their output) with every
    clause ID of its output linked, shown as a preformatted block (not highlighted: Pygments
    would drop the links), the command lines in bold."""
    text = block.astext()
    if _linked_text(text, docname) is None:
        return
    children: list[nodes.Node] = []
    for line in text.splitlines(keepends=True):
        if line.startswith("$ "):
            children.append(nodes.strong(text=line.rstrip("\n")))
            children.append(nodes.Text(line[len(line.rstrip("\n")) :]))
        else:
            children += _linked_text(line, docname) or [nodes.Text(line)]
    block.children = []
    block.extend(children)
    block.rawsource = ""  # a parsed literal: written as it is, links kept
    block["classes"].append("sintra-console")


def _line(
    label: str, clauses: Sequence[str], docname: str, classes: list[str], game: str
) -> nodes.Node:
    line = nodes.paragraph(classes=classes)
    line += nodes.emphasis(text=label)
    for index, clause in enumerate(clauses):
        line += clause_ref(clause, docname, game=game)
        line += nodes.Text(", " if index < len(clauses) - 1 else ".")
    return line


def clause_sections(doctree: nodes.document, game: str) -> list[tuple[str, nodes.section]]:
    """The sections of a spec page that hold a clause of ``game``'s spec, with its ID (found
    by the clause's anchor label, :func:`clause_label`)."""
    labels = {clause_label(game, clause.id): clause.id for clause in _spec(game).clauses}
    out = []
    for section in doctree.findall(nodes.section):
        clause_id = next((labels[name] for name in section["names"] if name in labels), None)
        if clause_id is not None:
            out.append((clause_id, section))
    return out


def cross_references(app: Sphinx, doctree: nodes.document) -> None:
    """Under each clause of a spec page: the rulings that refine it, the clauses that cite it,
    and its sources with the printed labels first."""
    docname = app.env.docname
    if not docname.startswith("spec/"):
        return
    from sintra_rules.clauses import cited_ids

    game = page_game(docname)
    spec = _spec(game)
    citing: dict[str, list[str]] = {}
    for clause in spec.clauses:
        body = " ".join(
            part or ""
            for part in (
                clause.text,
                clause.question,
                clause.ruling,
                clause.reasoning,
                clause.alternatives,
            )
        )
        for cited in sorted(cited_ids(body, spec.scheme) - {clause.id}):
            citing.setdefault(cited, []).append(clause.id)
    std = app.env.get_domain("std")
    for clause_id, section in clause_sections(doctree, game):
        # A searchable object: the site search for "TAKE-03" puts the clause first.
        name = spec.by_id[clause_id].shown
        std.note_object("clause", name, clause_label(game, clause_id), location=section)  # type: ignore[attr-defined]
        for paragraph in list(section.findall(nodes.paragraph)):
            _relabel_sources(paragraph, spec)
        rulings = [r.id for r in spec.rulings_citing(clause_id)]
        if rulings:
            section += _line("Refined by the rulings: ", rulings, docname, ["sintra-refined"], game)
        others = [c for c in citing.get(clause_id, []) if c not in rulings]
        if others:
            section += _line("Cited by: ", others, docname, ["sintra-cited"], game)


def _relabel_sources(paragraph: nodes.paragraph, spec: Any) -> None:
    """``**Sources.** EN 000:88 (note) · ...`` shown as a list of lines such as ``EN, A) Advance
    a pattern, Step 1, Attention (000:88): note``: the edition and the printed section (from the
    outline of the texts, ``spec/<game>/outline.toml``) first, the line index second, then the
    note; the words are :func:`sintra_rules.clauses.text.citation_parts`, as ``sintra rule``
    prints them."""
    from sintra_rules.clauses import Citation
    from sintra_rules.clauses.text import citation_parts

    children = [c for c in paragraph.children if c.astext().strip() or isinstance(c, nodes.Element)]
    if not children or not isinstance(children[0], nodes.strong):
        return
    if children[0].astext() != "Sources.":
        return
    rest = "".join(child.astext() for child in children[1:])
    try:
        citations = [Citation.parse(part, spec.scheme) for part in rest.split(" · ")]
    except ValueError:
        return
    items = nodes.bullet_list(classes=["sintra-sources"])
    for cite in citations:
        label, where, note = citation_parts(cite, spec)
        line = nodes.paragraph()
        line += nodes.Text(f"{label} ")
        line += nodes.inline(text=f"({where})", classes=["sintra-line-index"])
        if note:
            line += nodes.Text(f": {note}")
        items += nodes.list_item("", line)
    paragraph.children = []
    paragraph += children[0]
    paragraph.parent.insert(paragraph.parent.index(paragraph) + 1, items)


def _refs(clauses: Sequence[str], docname: str, game: str) -> nodes.paragraph:
    para = nodes.paragraph()
    for index, clause in enumerate(clauses):
        if index:
            para += nodes.Text(", ")
        para += clause_ref(clause, docname, game=game)
    if not clauses:
        para += nodes.Text("—")
    return para


def _first_sentence(text: str) -> str:
    """The decision's first sentence (two when the first is a bare "No."), without markup."""
    flat = " ".join(text.replace("**", "").replace("`", "").split())
    match = re.match(r"(.+?[.!?])(\s|$)", flat)
    if match is None:
        return flat
    if len(match.group(1)) < 12:
        longer = re.match(r"(.+?[.!?]\s.+?[.!?])(\s|$)", flat)
        return longer.group(1) if longer else flat
    return match.group(1)


class _GameDirective(SphinxDirective):
    """A directive showing one game's spec: ``:game: NAME``, default the page's game."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"game": directives.unchanged_required}

    @property
    def game(self) -> str:
        game = self.options.get("game") or page_game(self.env.docname)
        if game not in _specs():
            raise self.error(f"no spec of a game {game!r} (the games: {', '.join(_specs())})")
        return str(game)


class ClauseIndexDirective(_GameDirective):
    """Every clause of a game's spec, area by area."""

    def run(self) -> list[nodes.Node]:
        game = self.game
        spec = _spec(game)
        docname = self.env.docname
        out: list[nodes.Node] = []
        for area in spec.scheme.areas:
            clauses = [c for c in spec.clauses if c.id.split("-")[0] == area]
            if not clauses:
                continue
            out.append(nodes.rubric(text=area))
            rows = []
            for clause in clauses:
                status = clause.status
                if clause.replaced_by:
                    status += f" (replaced by {clause.replaced_by})"
                rows.append(
                    [
                        nodes.paragraph("", "", clause_ref(clause.id, docname, game=game)),
                        nodes.paragraph(text=clause.title),
                        nodes.paragraph(text=clause.kind),
                        nodes.paragraph(text=status),
                        _refs([r.id for r in spec.rulings_citing(clause.id)], docname, game),
                    ]
                )
            out.append(
                _table([12, 40, 10, 12, 26], ["Clause", "Title", "Kind", "Status", "Rulings"], rows)
            )
        return out


class RulingsDirective(_GameDirective):
    """The rulings of a game's spec at a glance: what each decides and which clauses it
    refines."""

    def run(self) -> list[nodes.Node]:
        from sintra_rules.clauses import cited_ids

        game = self.game
        spec = _spec(game)
        docname = self.env.docname
        rows = []
        rulings = sorted(
            (c for c in spec.clauses if c.kind == "ruling"), key=lambda c: int(c.id.split("-")[1])
        )
        for ruling in rulings:
            cited = cited_ids(f"{ruling.question or ''} {ruling.ruling or ''}", spec.scheme)
            refines = sorted(
                (i for i in cited - {ruling.id} if ":" not in i),
                key=lambda i: (i.split("-")[0], i),
            )
            rows.append(
                [
                    nodes.paragraph("", "", clause_ref(ruling.id, docname, game=game)),
                    nodes.paragraph(text=ruling.title),
                    nodes.paragraph(text=_first_sentence(ruling.ruling or "")),
                    _refs(refines, docname, game),
                ]
            )
        return [_table([10, 26, 46, 18], ["Ruling", "Question", "Decision", "Refines"], rows)]


class GlossaryDirective(_GameDirective):
    """A game's glossary: each game term in the words of its spec's editions, with its
    clauses."""

    def run(self) -> list[nodes.Node]:
        game = self.game
        spec = _spec(game)
        docname = self.env.docname
        self.env.note_dependency(str(ROOT / "spec" / game / "glossary.toml"))
        languages = spec.scheme.languages
        out: list[nodes.Node] = []
        for term in spec.glossary:
            section_id = "term-" + re.sub(r"[^a-z0-9]+", "-", term.term.lower()).strip("-")
            section = nodes.section(ids=[section_id], names=[section_id])
            # The title carries every other edition's words, so that the site search puts this
            # section first for any of them.
            words_of = [w for field, _name in languages[1:] for w in term.words_in(field)]
            others = [w for w in dict.fromkeys(words_of) if w.lower() != term.term.lower()]
            title = term.term + (f" ({', '.join(others)})" if others else "")
            section += nodes.title(text=title)
            if term.note:
                section += nodes.paragraph(text=term.note)
            words = nodes.definition_list()
            for field, language in languages:
                item = nodes.definition_list_item()
                item += nodes.term(text=language)
                definition = nodes.definition()
                definition += nodes.paragraph(text=", ".join(term.words_in(field)) or "—")
                item += definition
                words += item
            section += words
            line = nodes.paragraph()
            line += nodes.emphasis(text="Clauses: ")
            line += _refs(list(term.clauses), docname, game).children
            section += line
            out.append(section)
        return out


_DIRECTIVES = ("sintra-clause-index", "sintra-rulings", "sintra-glossary")


def outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """Re-read the pages of this extension's directives on every build: they show the spec."""
    return _pages_using(env, _DIRECTIVES)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, the anchors of the other games' spec pages and the link
    transforms."""
    app.add_object_type("clause", "clause", objname="spec clause")
    for name, directive in zip(
        _DIRECTIVES, (ClauseIndexDirective, RulingsDirective, GlossaryDirective), strict=True
    ):
        app.add_directive(name, directive)
    app.connect("include-read", qualify_anchors)
    app.connect("doctree-read", cross_references, priority=400)
    app.connect("doctree-read", link_clause_ids, priority=600)
    app.connect("env-get-outdated", outdated)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
