"""Sphinx extension of the sintra_rules docs: clause links, clause index, rulings, glossary.

* Every clause ID written in the docs (the spec, the rulings, API docstrings, tutorials, the CLI
  docs), as text or as inline code, links to the clause's anchor (``(ID)=`` on the spec pages),
  and so does every clause ID in the output of a shell session (a ``console`` block); other
  code blocks and the clause's own heading are left alone.
* Under each clause of the spec pages: the rulings that refine it and the clauses that cite it.
  Each clause is a searchable object (type ``clause``), so the site search finds it by its ID.
* The ``**Sources.**`` line of a clause is shown edition and printed section first (``EN, A)
  Advance a pattern, Step 1, a)``, from the hand-written outline ``spec/sintra/outline.toml``), the
  line index of the rulebook text second, then the citation's note.
* ``{sintra-clause-index}``: every clause with its title, kind, status and page.
* ``{sintra-rulings}``: the rulings at a glance: each ruling, the clauses it refines and its
  decision's first sentence.
* ``{sintra-glossary}``: the glossary of the four editions' words (``spec/sintra/glossary.toml``),
  as a page the site search finds.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from docutils import nodes
from sintra_docs import _pages_using, _table
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

ROOT = Path(__file__).resolve().parents[2]
_ID = re.compile(r"\b[A-Z]+-\d{2}\b")
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
EDITION_NAMES = {
    "EN": "English",
    "ES": "Spanish",
    "NL": "Dutch",
    "FR": "French",
    "RM": "reference manual",
}


@functools.cache
def _spec() -> Any:
    from sintra_rules.clauses import load_spec

    return load_spec(ROOT / "spec" / "sintra")


def clause_ref(clause: str, docname: str, text: str | None = None) -> addnodes.pending_xref:
    """A link to the anchor of ``clause`` on its spec page."""
    ref = addnodes.pending_xref(
        "",
        refdomain="std",
        reftype="ref",
        reftarget=clause.lower(),
        refexplicit=True,
        refwarn=True,
        refdoc=docname,
        classes=["sintra-clause"],
    )
    ref += nodes.inline(text=text or clause)
    return ref


def _linked_text(text: str, known: set[str], docname: str) -> list[nodes.Node] | None:
    """``text`` split into text and clause links, or ``None`` when it names no known clause."""
    parts: list[nodes.Node] = []
    last = 0
    for match in _ID.finditer(text):
        if match.group() not in known:
            continue
        if match.start() > last:
            parts.append(nodes.Text(text[last : match.start()]))
        parts.append(clause_ref(match.group(), docname))
        last = match.end()
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
    known = {clause.id for clause in _spec().clauses}
    for literal in list(doctree.findall(nodes.literal)):
        text = literal.astext()
        if text in known and not _inside(literal, _SKIP):
            ref = clause_ref(text, docname)
            ref.children = []
            ref += nodes.literal(text=text)
            literal.replace_self(ref)
    for text_node in list(doctree.findall(nodes.Text)):
        if _inside(text_node, (*_SKIP, nodes.literal)):
            continue
        parts = _linked_text(str(text_node), known, docname)
        if parts is not None:
            text_node.parent.replace(text_node, parts)
    for block in list(doctree.findall(nodes.literal_block)):
        if block.get("language") == "console":
            _link_console(block, known, docname)


def _link_console(block: nodes.literal_block, known: set[str], docname: str) -> None:
    """A shell session (a ``console`` block: ``$ command`` lines and their output) with every
    clause ID of its output linked, shown as a preformatted block (not highlighted: Pygments
    would drop the links), the command lines in bold."""
    text = block.astext()
    if _linked_text(text, known, docname) is None:
        return
    children: list[nodes.Node] = []
    for line in text.splitlines(keepends=True):
        if line.startswith("$ "):
            children.append(nodes.strong(text=line.rstrip("\n")))
            children.append(nodes.Text(line[len(line.rstrip("\n")) :]))
        else:
            children += _linked_text(line, known, docname) or [nodes.Text(line)]
    block.children = []
    block.extend(children)
    block.rawsource = ""  # a parsed literal: written as it is, links kept
    block["classes"].append("sintra-console")


def _line(label: str, clauses: Sequence[str], docname: str, classes: list[str]) -> nodes.Node:
    line = nodes.paragraph(classes=classes)
    line += nodes.emphasis(text=label)
    for index, clause in enumerate(clauses):
        line += clause_ref(clause, docname)
        line += nodes.Text(", " if index < len(clauses) - 1 else ".")
    return line


def cross_references(app: Sphinx, doctree: nodes.document) -> None:
    """Under each clause of a spec page: the rulings that refine it, the clauses that cite it,
    and its sources with the printed labels first."""
    docname = app.env.docname
    if not docname.startswith("spec/"):
        return
    from sintra_rules.clauses import cited_ids

    spec = _spec()
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
        for cited in sorted(cited_ids(body) - {clause.id}):
            citing.setdefault(cited, []).append(clause.id)
    ids = {clause.id.lower(): clause.id for clause in spec.clauses}
    std = app.env.get_domain("std")
    for section in doctree.findall(nodes.section):
        clause_id = next((ids[i] for i in section["ids"] if i in ids), None)
        if clause_id is None:
            continue
        # A searchable object: the site search for "TAKE-03" puts the clause first.
        std.note_object("clause", clause_id, clause_id.lower(), location=section)  # type: ignore[attr-defined]
        for paragraph in list(section.findall(nodes.paragraph)):
            _relabel_sources(paragraph)
        rulings = [r.id for r in spec.rulings_citing(clause_id)]
        if rulings:
            section += _line("Refined by the rulings: ", rulings, docname, ["sintra-refined"])
        others = [c for c in citing.get(clause_id, []) if c not in rulings]
        if others:
            section += _line("Cited by: ", others, docname, ["sintra-cited"])


def _relabel_sources(paragraph: nodes.paragraph) -> None:
    """``**Sources.** EN 000:88 (note) · ...`` shown as a list of lines such as ``EN, A) Advance
    a pattern, Step 1, Attention (000:88): note``: the edition and the printed section (from the
    outline of the rulebook texts, ``spec/sintra/outline.toml``) first, the line index second, then
    the note; the words are :func:`sintra_rules.clauses.text.citation_parts`, as ``sintra
    rule`` prints them."""
    from sintra_rules.clauses import Citation
    from sintra_rules.clauses.text import citation_parts

    children = [c for c in paragraph.children if c.astext().strip() or isinstance(c, nodes.Element)]
    if not children or not isinstance(children[0], nodes.strong):
        return
    if children[0].astext() != "Sources.":
        return
    rest = "".join(child.astext() for child in children[1:])
    try:
        citations = [Citation.parse(part) for part in rest.split(" · ")]
    except ValueError:
        return
    items = nodes.bullet_list(classes=["sintra-sources"])
    for cite in citations:
        label, where, note = citation_parts(cite, _spec())
        line = nodes.paragraph()
        line += nodes.Text(f"{label} ")
        line += nodes.inline(text=f"({where})", classes=["sintra-line-index"])
        if note:
            line += nodes.Text(f": {note}")
        items += nodes.list_item("", line)
    paragraph.children = []
    paragraph += children[0]
    paragraph.parent.insert(paragraph.parent.index(paragraph) + 1, items)


def _refs(clauses: Sequence[str], docname: str) -> nodes.paragraph:
    para = nodes.paragraph()
    for index, clause in enumerate(clauses):
        if index:
            para += nodes.Text(", ")
        para += clause_ref(clause, docname)
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


class ClauseIndexDirective(SphinxDirective):
    """Every clause of the spec, area by area."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        from sintra_rules.clauses import AREAS

        spec = _spec()
        docname = self.env.docname
        out: list[nodes.Node] = []
        for area in AREAS:
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
                        nodes.paragraph("", "", clause_ref(clause.id, docname)),
                        nodes.paragraph(text=clause.title),
                        nodes.paragraph(text=clause.kind),
                        nodes.paragraph(text=status),
                        _refs([r.id for r in spec.rulings_citing(clause.id)], docname),
                    ]
                )
            out.append(
                _table([12, 40, 10, 12, 26], ["Clause", "Title", "Kind", "Status", "Rulings"], rows)
            )
        return out


class RulingsDirective(SphinxDirective):
    """The rulings at a glance: what each decides and which clauses it refines."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        from sintra_rules.clauses import cited_ids

        spec = _spec()
        docname = self.env.docname
        rows = []
        rulings = sorted(
            (c for c in spec.clauses if c.kind == "ruling"), key=lambda c: int(c.id.split("-")[1])
        )
        for ruling in rulings:
            refines = sorted(
                cited_ids(f"{ruling.question or ''} {ruling.ruling or ''}") - {ruling.id},
                key=lambda i: (i.split("-")[0], i),
            )
            rows.append(
                [
                    nodes.paragraph("", "", clause_ref(ruling.id, docname)),
                    nodes.paragraph(text=ruling.title),
                    nodes.paragraph(text=_first_sentence(ruling.ruling or "")),
                    _refs(refines, docname),
                ]
            )
        return [_table([10, 26, 46, 18], ["Ruling", "Question", "Decision", "Refines"], rows)]


class GlossaryDirective(SphinxDirective):
    """The glossary: each game term in the four editions' words, with its clauses."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        spec = _spec()
        docname = self.env.docname
        self.env.note_dependency(str(ROOT / "spec" / "sintra" / "glossary.toml"))
        out: list[nodes.Node] = []
        for term in spec.glossary:
            section_id = "term-" + re.sub(r"[^a-z0-9]+", "-", term.term.lower()).strip("-")
            section = nodes.section(ids=[section_id], names=[section_id])
            # The title carries every edition's words, so that the site search puts this
            # section first for any of them.
            words_of = [w for code in ("es", "nl", "fr") for w in getattr(term, code)]
            others = [w for w in dict.fromkeys(words_of) if w.lower() != term.term.lower()]
            title = term.term + (f" ({', '.join(others)})" if others else "")
            section += nodes.title(text=title)
            if term.note:
                section += nodes.paragraph(text=term.note)
            words = nodes.definition_list()
            for code in ("en", "es", "nl", "fr"):
                item = nodes.definition_list_item()
                item += nodes.term(text=EDITION_NAMES[code.upper()])
                definition = nodes.definition()
                definition += nodes.paragraph(text=", ".join(getattr(term, code)) or "—")
                item += definition
                words += item
            section += words
            line = nodes.paragraph()
            line += nodes.emphasis(text="Clauses: ")
            line += _refs(list(term.clauses), docname).children
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
    """Register the directives and the link transforms."""
    app.add_object_type("clause", "clause", objname="spec clause")
    for name, directive in zip(
        _DIRECTIVES, (ClauseIndexDirective, RulingsDirective, GlossaryDirective), strict=True
    ):
        app.add_directive(name, directive)
    app.connect("doctree-read", cross_references, priority=400)
    app.connect("doctree-read", link_clause_ids, priority=600)
    app.connect("env-get-outdated", outdated)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
