"""Sphinx extension of the sintra_rules docs: generated pages and pictures.

* ``{sintra-position} EXPR``: the SVG picture of the game state ``EXPR`` (default ``state``)
  after running the page's ``>>>`` examples above the directive (see :mod:`doc_examples`).
  Options: ``:width:`` (pixels), ``:caption:``.
* ``{sintra-traceability}``: per clause of a game's spec (option ``:game: NAME``, default the
  page's game), the places in ``sintra_rules/``, ``tests/`` and ``proofs/`` that cite it, from
  :func:`tools.coverage.coverage_report`; every clause of the spec pages gets a line linking to
  its row.
* ``{sintra-provenance}``: the shipped component table's figures with their status and source.

Everything is computed at build time from the code, the clause index and the data file: no
generated page is kept in the repository.
"""

from __future__ import annotations

import contextlib
import functools
import html
import importlib
import inspect
import io
import itertools
import os
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from doc_examples import run_until
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from sintra_rules._words import plural

ROOT = Path(__file__).resolve().parents[2]
#: The directives of this extension, whose output depends on the code and data.
_DIRECTIVES = ("sintra-position", "sintra-traceability", "sintra-provenance")


def _pages_using(env: BuildEnvironment, names: Iterable[str]) -> list[str]:
    """The documents whose source uses one of the directives ``names`` (for an extension's
    ``env-get-outdated`` handler: pages drawn from the spec or the engine are re-read on every
    build, since their content does not come from their own source)."""
    uses = tuple(f"{{{name}}}" for name in names)
    return [
        doc
        for doc in env.found_docs
        if any(use in Path(env.doc2path(doc)).read_text("utf-8") for use in uses)
    ]


def _table(
    widths: Sequence[int], header: Sequence[str], rows: Iterable[Sequence[nodes.Node]]
) -> nodes.table:
    """A docutils table: ``header`` texts, then rows of one node per cell."""
    table = nodes.table(classes=["sintra-table"])
    group = nodes.tgroup(cols=len(widths))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head += _row([nodes.paragraph(text=text) for text in header])
    body = nodes.tbody()
    group += body
    for cells in rows:
        body += _row(cells)
    return table


def _row(cells: Iterable[nodes.Node]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry += cell
        row += entry
    return row


def _clause_ref(
    clause: str, docname: str, text: str | None = None, prefix: str = ""
) -> addnodes.pending_xref:
    """A reference to the label ``prefix + clause`` (the spec's ``(ID)=`` targets)."""
    target = (prefix + clause).lower()
    ref = addnodes.pending_xref(
        "",
        refdomain="std",
        reftype="ref",
        reftarget=target,
        refexplicit=True,
        refwarn=True,
        refdoc=docname,
    )
    ref += nodes.inline(text=text or clause)
    return ref


class PositionDirective(SphinxDirective):
    """Draw the state a page's examples have built so far."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "width": directives.positive_int,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        from sintra_rules import GameState
        from sintra_rules.games.sintra.svg import state_to_svg

        expr = self.arguments[0] if self.arguments else "state"
        source = Path(self.env.doc2path(self.env.docname))
        namespace: dict[str, object] = {"__name__": f"docs.{self.env.docname}"}
        here = os.getcwd()
        try:
            with (
                tempfile.TemporaryDirectory() as scratch,
                contextlib.redirect_stdout(io.StringIO()),
            ):
                os.chdir(scratch)
                # The directive's own line is 1-based; page_items counts lines from 0.
                run_until(source.read_text("utf-8"), self.lineno - 1, namespace, str(source))
                state = eval(expr, namespace)
        except Exception as error:  # any failure of the page's code is a build error
            raise self.error(f"sintra-position: {type(error).__name__}: {error}") from None
        finally:
            os.chdir(here)
        if not isinstance(state, GameState):
            raise self.error(f"sintra-position: {expr!r} is not a GameState")
        svg = state_to_svg(state, width=self.options.get("width", 640))
        caption = self.options.get("caption", "")
        figcaption = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
        markup = f'<figure class="sintra-position">{svg}{figcaption}</figure>'
        self.env.note_dependency(str(ROOT / "sintra_rules" / "games" / "sintra" / "svg.py"))
        return [nodes.raw("", markup, format="html")]


@functools.cache
def _coverage(game: str) -> Any:
    """The clause coverage report of ``game``'s spec in the source tree, computed once per
    build (process)."""
    from tools.coverage import coverage_report

    return coverage_report(ROOT, game)


def _where(locations: Sequence[Any], config: Config, docname: str) -> nodes.Node:
    """Citations as ``path: line, line`` per file, one file per line of the cell; each line
    number links to that line of the code (``sintra_code``: ``sintra_code_url``)."""
    from sintra_code import code_url

    by_file: dict[str, list[int]] = {}
    for location in locations:
        by_file.setdefault(location.path, []).append(location.line)
    cell = nodes.line_block()
    for path, lines in by_file.items():
        line = nodes.line()
        line += nodes.literal(text=path)
        line += nodes.Text(": ")
        for index, number in enumerate(lines):
            if index:
                line += nodes.Text(", ")
            url = code_url(config, docname, path, number)
            line += nodes.reference("", str(number), refuri=url, internal=False)
        cell += line
    return cell if by_file else nodes.paragraph(text="—")


def _split(locations: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    """Test locations and proof locations (``proofs/``)."""
    proofs = [loc for loc in locations if loc.path.startswith("proofs/")]
    return [loc for loc in locations if not loc.path.startswith("proofs/")], proofs


class TraceabilityDirective(SphinxDirective):
    """Per clause of a game's spec, area by area: where the engine, the tests and the proofs
    cite it."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"game": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        from sintra_links import _spec, _specs, page_game

        game = self.options.get("game") or page_game(self.env.docname)
        if game not in _specs():
            raise self.error(f"no spec of a game {game!r} (the games: {', '.join(_specs())})")
        spec = _spec(game)
        report = _coverage(game)
        docname = self.env.docname
        out: list[nodes.Node] = []
        active = [c for c in spec.clauses if c.status == "active"]
        out.append(
            nodes.paragraph(
                text=f"{len(active)} active clauses: {len(report.implemented)} cited by the "
                f"engine, {len(report.tested)} by the tests and proofs. Not implemented: "
                f"{', '.join(report.unimplemented) or 'none'}. Not tested: "
                f"{', '.join(report.untested) or 'none'}."
            )
        )
        for area in spec.scheme.areas:
            clauses = [c for c in spec.clauses if c.id.split("-")[0] == area]
            if not clauses:
                continue
            out.append(nodes.rubric(text=area))
            rows = []
            for clause in clauses:
                label = f"trace-{_label(game, clause.id)}"
                first = nodes.paragraph()
                target = nodes.target("", "", ids=[nodes.make_id(label)], names=[label])
                self.state.document.note_explicit_target(target)
                first += target
                first += _clause_ref(_label(game, clause.id), docname, text=clause.id)
                title = clause.title + ("" if clause.status == "active" else f" ({clause.status})")
                tests, proofs = _split(report.tested.get(clause.id, ()))
                rows.append(
                    [
                        first,
                        nodes.paragraph(text=title),
                        _where(report.implemented.get(clause.id, ()), self.config, docname),
                        _where(tests, self.config, docname),
                        _where(proofs, self.config, docname),
                    ]
                )
            out.append(
                _table([10, 22, 24, 32, 12], ["Clause", "Title", "Engine", "Tests", "Proofs"], rows)
            )
        return out


def _label(game: str, clause: str) -> str:
    """The label of a clause (:func:`sintra_links.clause_label`)."""
    from sintra_links import clause_label

    return str(clause_label(game, clause))


def trace_counts(engine: int, tests: int, proofs: int) -> str:
    """The counts of a clause's traceability line, up to its link.

    >>> trace_counts(1, 0, 2)
    '1 citation in the engine, 0 in the tests, 2 in the proofs ('
    """
    engine_text = plural(engine, "citation")
    return f"{engine_text} in the engine, {tests} in the tests, {proofs} in the proofs ("


def link_clauses_to_trace(app: Sphinx, doctree: nodes.document) -> None:
    """After each clause of a spec page, a line with how often the engine, the tests and the
    proofs cite it, linking to its row of the game's traceability page."""
    docname = app.env.docname
    if not docname.startswith("spec/"):
        return
    from sintra_links import clause_sections, page_game

    game = page_game(docname)
    report = _coverage(game)
    for clause, section in clause_sections(doctree, game):
        tests, proofs = _split(report.tested.get(clause, ()))
        counts = trace_counts(len(report.implemented.get(clause, ())), len(tests), len(proofs))
        line = nodes.paragraph(classes=["sintra-trace"])
        line += nodes.emphasis(text="Traceability: ")
        line += nodes.Text(counts)
        line += _clause_ref(_label(game, clause), docname, text="where", prefix="trace-")
        line += nodes.Text(").")
        section += line


def always_outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """Re-read the pages with generated content on every build (an incremental build would
    not notice that the code, the tests or the data they show changed): the spec pages, the
    traceability and provenance pages and every page with a picture."""
    return [
        doc
        for doc in env.found_docs
        if doc.startswith("spec/")
        or any(f"{{{name}}}" in Path(env.doc2path(doc)).read_text("utf-8") for name in _DIRECTIVES)
    ]


class ProvenanceDirective(SphinxDirective):
    """The shipped component table: each figure, its value, status and source."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        from sintra_rules import default_components
        from sintra_rules._strict import compact

        table = default_components()
        self.env.note_dependency(
            str(ROOT / "sintra_rules" / "games" / "sintra" / "data" / "components.toml")
        )
        figures = table.figures()
        rows = []
        for name, value in figures.items():
            prov = table.provenance[name]
            status = (
                nodes.strong(text=prov.status)
                if prov.status == "provisional"
                else nodes.Text(prov.status)
            )
            rows.append(
                [
                    nodes.paragraph("", "", nodes.literal(text=name)),
                    nodes.paragraph("", "", nodes.literal(text=compact(value))),
                    nodes.paragraph("", "", status),
                    nodes.paragraph(text=prov.source),
                    nodes.paragraph("", "", _clause_ref(prov.clause, self.env.docname)),
                ]
            )
        intro = nodes.paragraph(
            text=f"Table {table.name!r}, digest {table.digest[:16]}…: "
            f"{sum(p.status == 'confirmed' for p in table.provenance.values())} figures confirmed, "
            f"{sum(p.status == 'provisional' for p in table.provenance.values())} provisional."
        )
        return [
            intro,
            _table([14, 26, 10, 40, 10], ["Figure", "Value", "Status", "Source", "Clause"], rows),
        ]


#: Top-level names whose references are shown as plain text: no intersphinx in CI.
_EXTERNAL = frozenset(sys.stdlib_module_names) | {
    "attrs",
    "attr",
    "docutils",
    "sphinx",
    # the adapters' libraries (optional extras)
    "pyspiel",
    "open_spiel",
    "pettingzoo",
    "gymnasium",
    "numpy",
    "np",
    # mypyc's native integer types (mypy_extensions), named in the compiled kernels' annotations
    "mypy_extensions",
    "i64",
    "i32",
}


#: The object kinds each Python role may name, to tell apart same-named objects.
_ROLE_KINDS: dict[str, tuple[str, ...]] = {
    "func": ("function",),
    "meth": ("method",),
    "class": ("class", "exception"),
    "exc": ("exception", "class"),
    "attr": ("attribute", "property"),
    "data": ("data",),
    "mod": ("module",),
}


def resolve_missing(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: nodes.Element
) -> nodes.Element | None:
    """Resolve the Python references Sphinx could not.

    A reference to the standard library (or attrs) or to a private name becomes plain text, as
    there is no intersphinx mapping and private names are not documented. A short name written
    in a docstring (``:class:`IllegalAction``` in a module that imports it, or
    ``sintra_rules.new_game`` for a name the package re-exports) resolves to the one documented
    object whose full name ends with it (of the kind the role names, when several objects end
    with it); an ambiguous or unknown name still fails the nitpicky build.
    """
    if node.get("refdomain") != "py":
        return None
    target: str = node["reftarget"].lstrip("~.")
    parts = target.split(".")
    if parts[0] in _EXTERNAL or any(part.startswith("_") for part in parts):
        return contnode  # the standard library, or a private base class shown in "Bases"
    if parts[0] == "sintra_rules" and len(parts) == 2:
        target = parts[1]  # a name re-exported by the package: sintra_rules.new_game
    objects = env.get_domain("py").objects  # type: ignore[attr-defined]
    matches = [name for name in objects if name == target or name.endswith("." + target)]
    if len(matches) > 1:  # e.g. a function and a method of that name: keep the role's kind
        kinds = _ROLE_KINDS.get(node.get("reftype", ""), ())
        matches = [name for name in matches if objects[name].objtype in kinds]
    if len(matches) != 1:
        return None
    entry = objects[matches[0]]
    return make_refnode(
        app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, matches[0]
    )


def _import_prefix(dotted: str) -> tuple[Any, list[str]] | None:
    """The longest importable module at the start of ``dotted``, and the names after it."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:end]))
        except ImportError:
            continue
        return module, parts[end:]
    return None


def _python_name(dotted: str, base: str | None) -> str | None:
    """The full name of the object ``dotted`` names, looked up as Python would: in the module
    ``base``'s namespace (the module whose docstring writes the reference), else as an absolute
    dotted path. A name the module imports (``from .state import GameState``) is the object
    where it is defined (``sintra_rules.games.sagrada.state.GameState``), whatever other game
    defines a same-named one; a property or an attrs field is named from its class."""
    found: tuple[Any, list[str]] | None = None
    if base is not None and not dotted.startswith("sintra_rules."):
        with contextlib.suppress(ImportError):
            found = (importlib.import_module(base), dotted.split("."))
    if found is None and dotted.split(".")[0] == "sintra_rules":
        found = _import_prefix(dotted)
    if found is None:
        return None
    obj, rest = found
    name: str = obj.__name__
    for attr in rest:
        if not hasattr(obj, attr):
            return None
        obj = getattr(obj, attr)
        if inspect.ismodule(obj):
            name = obj.__name__
        elif isinstance(getattr(obj, "__qualname__", None), str) and isinstance(
            getattr(obj, "__module__", None), str
        ):
            name = f"{obj.__module__}.{obj.__qualname__}"
        else:
            name = f"{name}.{attr}"  # data, a property, a field: named where it was found
    return name


def _documented_package(name: str, objects: Any) -> str | None:
    """``name`` as documented where a package re-exports it: an object defined in an internal
    submodule (``...position.writer.position_to_text``) is documented on the package that
    lists it in ``__all__`` (``...position.position_to_text``). ``None`` when no enclosing
    package documents it."""
    module, _, last = name.rpartition(".")
    try:
        obj = getattr(importlib.import_module(module), last)
    except (ImportError, AttributeError):
        return None
    parts = module.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        package = ".".join(parts[:cut])
        candidate = f"{package}.{last}"
        if candidate in objects:
            exported = getattr(importlib.import_module(package), last, None)
            return candidate if exported is obj else None
    return None


def _nearest(target: str, node: addnodes.pending_xref, objects: Any) -> str | None:
    """The documented object whose full name ends with ``target`` and is nearest the module
    that writes the reference (the most leading package names in common): a name a module
    imports for its annotations only (under ``TYPE_CHECKING``) is its own game's. ``None``
    unless exactly one is nearest."""
    module = node.get("py:module")
    if not module:
        return None
    matches = [name for name in objects if name.endswith("." + target)]
    if len(matches) > 1:
        kinds = _ROLE_KINDS.get(node.get("reftype", ""), ())
        matches = [name for name in matches if objects[name].objtype in kinds] or matches
    if len(matches) < 2:
        return None  # none, or one that Sphinx and resolve_missing find alone

    def shared(name: str) -> int:
        pairs = zip(name.split("."), module.split("."), strict=False)
        return sum(1 for _ in itertools.takewhile(lambda pair: pair[0] == pair[1], pairs))

    best = max(map(shared, matches))
    nearest = [name for name in matches if shared(name) == best]
    return nearest[0] if len(nearest) == 1 else None


class ResolveAsPython(SphinxPostTransform):
    """Point every Python reference at the object Python would find.

    A short or relative name in a docstring (``:func:`apply```, ``:mod:`~.records```, a type in
    a signature) is looked up in the namespace of the module that writes it, and a dotted name
    through the modules it names (``sintra_rules.new_game``, a name the package re-exports);
    when the object it finds is documented, the reference is rewritten to its full name before
    Sphinx resolves it. Two games define same-named objects (``apply``, ``GameState``,
    ``records``), so a search by the end of the name alone would be ambiguous. A name Python
    cannot find is left to Sphinx and to :func:`resolve_missing`.
    """

    default_priority = 5  # before Sphinx's ReferencesResolver (10)

    def run(self, **kwargs: Any) -> None:
        """Rewrite the document's resolvable Python references to full names."""
        objects = self.env.get_domain("py").objects  # type: ignore[attr-defined]
        for node in self.document.findall(addnodes.pending_xref):
            if node.get("refdomain") != "py":
                continue
            target: str = node["reftarget"]
            if target in objects or target.split(".")[0] in _EXTERNAL:
                continue
            name = _python_name(target, node.get("py:module"))
            if name is None and node.get("refspecific") and node.get("py:module"):
                # a relative name (``.records``) of a module's sibling
                package = node["py:module"].rpartition(".")[0]
                name = _python_name(f"{package}.{target}", None) if package else None
            if name is not None and name not in objects:
                name = _documented_package(name, objects)
            if name is None or name not in objects:
                name = _nearest(target, node, objects)
            if name is not None:
                node["reftarget"] = name
                if "refspecific" in node.attributes:
                    del node["refspecific"]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives and the reference resolver."""
    app.connect("missing-reference", resolve_missing)
    app.add_post_transform(ResolveAsPython)
    app.connect("doctree-read", link_clauses_to_trace)
    app.connect("env-get-outdated", always_outdated)
    for name, directive in zip(
        _DIRECTIVES, (PositionDirective, TraceabilityDirective, ProvenanceDirective), strict=True
    ):
        app.add_directive(name, directive)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
