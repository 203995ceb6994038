"""Loading and validating the spec: pages, index and glossary (ENG-05).

The spec is a set of MyST pages (``spec/sintra/*.md``), the registry of permanent clause IDs
(``spec/sintra/index.toml``) and a glossary of the rulebooks' words (``spec/sintra/glossary.toml``).
On a page every clause is an ``(ID)=`` anchor line followed by a ``### ID — Title`` heading, the
statement, and a ``**Sources.**`` line citing the rulebooks; a ruling also has ``**Question.**``,
``**Ruling.**``, ``**Reasoning.**`` and ``**Rejected alternatives.**`` parts.
"""

from __future__ import annotations

import functools
import re
import tomllib
import types
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from sintra_rules._strict import Reader
from sintra_rules.clauses.model import (
    _AREA_KIND,
    _INDEX,
    AREAS,
    CLAUSE_ID_RE,
    STATUSES,
    Citation,
    Clause,
    GlossaryTerm,
    Spec,
)
from sintra_rules.clauses.outline import OUTLINE, read_outline
from sintra_rules.errors import SpecError

__all__ = ["get_clause", "load_spec", "normalise_clause_id", "spec_dir"]

_read = Reader(SpecError)


_GLOSSARY = "glossary.toml"
_FORMAT = 1
_INDEX_FIELDS = frozenset({"id", "title", "page", "kind", "status", "replaced_by"})
_TERM_FIELDS = frozenset({"term", "en", "es", "nl", "fr", "clauses", "note"})
_LANGUAGES = ("en", "es", "nl", "fr")
_RULING_PARTS = ("Question", "Ruling", "Reasoning", "Rejected alternatives")
_SOURCES = "**Sources.**"
_NO_SOURCES = "None"

_ANCHOR_RE = re.compile(r"^\((?P<label>[^()\s]+)\)=\s*$")
_ID_SHAPE_RE = re.compile(r"^[A-Z][A-Z0-9]*-\d+$")
_HEADING_RE = re.compile(r"^### (?P<id>\S+) — (?P<title>.+?)\s*$")
_END_RE = re.compile(r"^#{1,3} ")
_PART_RE = re.compile(r"^\*\*(?P<name>[A-Z][a-z]+(?: [a-z]+)*)\.\*\*(?:\s|$)")


def spec_dir(game: str = "sintra") -> Path:
    """The directory of a game's spec: the copy packaged in an installed wheel
    (``sintra_rules/_spec/<game>``) if there is one, else the source tree's ``spec/<game>/``.

    Raises :class:`SpecError` when neither exists.
    """
    package = Path(__file__).resolve().parents[1]
    for candidate in (package / "_spec" / game, package.parent / "spec" / game):
        if (candidate / _INDEX).is_file():
            return candidate
    raise SpecError(
        str(package / "_spec" / game), f"no spec found (nor in the source tree's spec/{game}/)"
    )


def load_spec(directory: Path | None = None) -> Spec:
    """Load and validate the spec in ``directory`` (default :func:`spec_dir`); cached until
    one of its files changes.

    Validation: the index's fields and IDs (unique, ``AREA-NN``, kind matching the area, the page
    exists); every indexed active clause has exactly one anchor and heading on its page, with the
    indexed title; every anchor on a page is in the index with that page; every clause has a
    ``**Sources.**`` line of well-formed citations, each falling in a section of the rulebook
    outline (``spec/sintra/outline.toml``, :func:`~sintra_rules.clauses.outline.read_outline`), and
    a ruling its four parts; every clause ID mentioned on a page or in the glossary exists.
    Raises :class:`SpecError` otherwise.

    >>> spec = load_spec()
    >>> spec.clause("RUL-07").kind, spec.clause("RUL-07").page
    ('ruling', '08-rulings.md')
    """
    folder = Path(directory or spec_dir()).resolve()
    files = sorted(p for p in folder.glob("*") if p.suffix in (".md", ".toml") and p.is_file())
    return _load(folder, tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in files))


def get_clause(clause_id: str) -> Clause:
    """The clause with ID ``clause_id`` (case and surrounding spaces are ignored).

    Raises :class:`~sintra_rules.errors.UnknownClause` for an ID that is malformed or not in
    the index.

    >>> get_clause("place-05").id
    'PLACE-05'
    >>> get_clause("PLACE-55")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sintra_rules.errors.UnknownClause: PLACE-55: no such clause in spec/index.toml; did you \
mean PLACE-05 or ...?
    """
    wanted = normalise_clause_id(clause_id) if isinstance(clause_id, str) else repr(clause_id)
    return load_spec().clause(wanted)


_LOOSE_ID_RE: Final = re.compile(r"([A-Z]+)[-\s_]*0*(\d{1,2})")


def normalise_clause_id(text: str) -> str:
    """``text`` as a clause ID is written: surrounding spaces dropped, capitals, the number
    with two digits (``place-5``, ``PLACE 5`` and ``PLACE5`` are ``PLACE-05``). Text that does
    not look like an area and a number comes back stripped and in capitals only.

    >>> normalise_clause_id(" place-5 "), normalise_clause_id("RUL7"), normalise_clause_id("x")
    ('PLACE-05', 'RUL-07', 'X')
    """
    wanted = text.strip().upper()
    loose = _LOOSE_ID_RE.fullmatch(wanted)
    if loose is None:
        return wanted
    return f"{loose.group(1)}-{int(loose.group(2)):02d}"


@functools.lru_cache(maxsize=8)
def _load(directory: Path, signature: tuple[tuple[str, int, int], ...]) -> Spec:
    """Load the spec in ``directory``; ``signature`` (name, mtime, size of each file) only
    keys the cache."""
    index_path = directory / _INDEX
    entries = _read_index(index_path, directory)
    known = {entry["id"] for entry in entries}
    pages: dict[str, dict[str, Clause]] = {}
    for page in sorted({entry["page"] for entry in entries} | _md_files(directory)):
        pages[page] = _read_page(directory, page, entries, known)
    clauses: list[Clause] = []
    for entry in entries:
        found = pages[entry["page"]].get(entry["id"])
        if found is None:
            if entry["status"] == "active":
                raise SpecError(
                    _rel(directory / entry["page"]),
                    f"{entry['id']} is indexed on this page but has no '({entry['id']})=' "
                    f"anchor and '### {entry['id']} — {entry['title']}' heading there",
                )
            found = Clause(
                entry["id"], entry["title"], entry["page"], entry["kind"], entry["status"], "", ()
            )
        clauses.append(attrs.evolve(found, replaced_by=entry.get("replaced_by")))
    by_id = types.MappingProxyType({clause.id: clause for clause in clauses})
    glossary = _read_glossary(directory / _GLOSSARY, known)
    outline = read_outline(directory / OUTLINE)
    for clause in clauses:
        for citation in clause.sources:
            try:
                outline.section(citation)
            except SpecError as error:
                raise SpecError(
                    f"{_rel(directory / clause.page)}: {clause.id}", error.reason
                ) from None
    return Spec(directory, tuple(clauses), glossary, by_id, outline)


def _rel(path: Path) -> str:
    """``path`` as ``spec/sintra/<name>``-style text for messages."""
    return f"{path.parent.name}/{path.name}"


def _md_files(directory: Path) -> set[str]:
    return {path.name for path in directory.glob("*.md")}


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise SpecError(_rel(path), "file not found") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise SpecError(_rel(path), f"not valid TOML: {error}") from None
    if data.get("format") != _FORMAT:
        raise SpecError(_rel(path), f"format must be {_FORMAT}, got {data.get('format')!r}")
    return data


def _tables(path: Path, key: str, fields: frozenset[str]) -> list[tuple[str, dict[str, Any]]]:
    """The ``[[key]]`` tables of the TOML file ``path``, each with its place for messages;
    raises :class:`SpecError` unless there is at least one and each is a table whose fields are
    among ``fields``."""
    raw = _read_toml(path).get(key)
    if not isinstance(raw, list) or not raw:
        raise SpecError(_rel(path), f"expected a non-empty list of [[{key}]] tables")
    out: list[tuple[str, dict[str, Any]]] = []
    for number, entry in enumerate(raw, 1):
        where = f"{_rel(path)}: {key} {number}"
        entry = dict(_read.mapping(entry, where, "a table"))
        extra = set(entry) - fields
        if extra:
            raise SpecError(where, f"unknown field(s) {', '.join(sorted(extra))}")
        out.append((where, entry))
    return out


def _read_index(path: Path, directory: Path) -> list[dict[str, str]]:
    entries: list[dict[str, str]] = []
    seen: set[str] = set()
    for where, entry in _tables(path, "clause", _INDEX_FIELDS):
        for key in ("id", "title", "page", "kind", "status"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise SpecError(where, f"missing or empty field {key!r}")
        clause_id = entry["id"]
        where = f"{_rel(path)}: {clause_id}"
        if not CLAUSE_ID_RE.fullmatch(clause_id):
            raise SpecError(where, f"ID must be AREA-NN with AREA one of {', '.join(AREAS)}")
        if clause_id in seen:
            raise SpecError(where, "duplicate ID")
        seen.add(clause_id)
        kind = _AREA_KIND.get(clause_id.split("-")[0], "rule")
        if entry["kind"] != kind:
            raise SpecError(where, f"kind must be {kind!r} for this area, got {entry['kind']!r}")
        if entry["status"] not in STATUSES:
            raise SpecError(where, f"status must be one of {', '.join(STATUSES)}")
        if not (directory / entry["page"]).is_file() or not entry["page"].endswith(".md"):
            raise SpecError(where, f"page {entry['page']!r} is not a .md file of the spec")
        if "replaced_by" in entry and entry["status"] != "retired":
            raise SpecError(where, "only a retired clause can have replaced_by")
        entries.append(dict(entry))
    for entry in entries:
        successor = entry.get("replaced_by")
        if successor is not None and successor not in seen:
            raise SpecError(f"{_rel(path)}: {entry['id']}", f"replaced_by {successor!r} unknown")
    return entries


def _read_page(
    directory: Path, page: str, entries: Sequence[Mapping[str, str]], known: set[str]
) -> dict[str, Clause]:
    """Parse every clause on ``page``, checking anchors and headings against the index."""
    path = directory / page
    lines = path.read_text("utf-8").split("\n")
    indexed = {entry["id"]: entry for entry in entries if entry["page"] == page}
    everywhere = {entry["id"]: entry["page"] for entry in entries}
    for number, line in enumerate(lines, 1):
        for mention in CLAUSE_ID_RE.findall(line):
            if mention not in known:
                raise SpecError(f"{_rel(path)}:{number}", f"{mention} is not in {_INDEX}")
    starts: list[tuple[int, str]] = []
    label = ""  # the anchor label in force: set by an anchor line, kept over blank lines
    for number, line in enumerate(lines, 1):
        anchor = _ANCHOR_RE.match(line)
        heading = _HEADING_RE.match(line)
        if anchor and _ID_SHAPE_RE.match(anchor["label"]):
            starts.append((number, anchor["label"]))
        elif heading and _ID_SHAPE_RE.match(heading["id"]) and heading["id"] != label:
            raise SpecError(
                f"{_rel(path)}:{number}",
                f"clause heading without its '({heading['id']})=' anchor line just above",
            )
        if anchor:
            label = anchor["label"]
        elif line.strip():
            label = ""
    found: dict[str, Clause] = {}
    for position, (number, clause_id) in enumerate(starts):
        where = f"{_rel(path)}:{number}"
        entry = indexed.get(clause_id)
        if entry is None:
            other = everywhere.get(clause_id)
            raise SpecError(
                where,
                f"anchor {clause_id} is indexed on {other}, not here"
                if other
                else f"anchor {clause_id} is not in {_INDEX}",
            )
        if clause_id in found:
            raise SpecError(where, f"second anchor for {clause_id} on this page")
        head = number  # index of the first line after the anchor
        while head < len(lines) and not lines[head].strip():
            head += 1
        heading = _HEADING_RE.match(lines[head]) if head < len(lines) else None
        if heading is None or heading["id"] != clause_id:
            raise SpecError(where, f"anchor must be followed by '### {clause_id} — <title>'")
        if heading["title"] != entry["title"]:
            raise SpecError(
                f"{_rel(path)}:{head + 1}",
                f"title {heading['title']!r} differs from the index's {entry['title']!r}",
            )
        end = starts[position + 1][0] - 1 if position + 1 < len(starts) else len(lines)
        body = lines[head + 1 : end]
        cut = next((i for i, text in enumerate(body) if _END_RE.match(text)), len(body))
        found[clause_id] = _parse_clause(entry, body[:cut], f"{_rel(path)}:{head + 1}", head + 1)
    return found


def _parse_clause(entry: Mapping[str, str], body: Sequence[str], where: str, line: int) -> Clause:
    """Split a clause body into statement, ruling parts and sources."""
    marks = [i for i, text in enumerate(body) if text.startswith(_SOURCES)]
    if len(marks) != 1:
        raise SpecError(where, f"expected exactly one '{_SOURCES}' line, found {len(marks)}")
    mark = marks[0]
    end = mark
    while end < len(body) and body[end].strip():
        end += 1
    if any(text.strip() for text in body[end:]):
        raise SpecError(where, f"text after the '{_SOURCES}' paragraph")
    cited = " ".join(text.strip() for text in body[mark:end])[len(_SOURCES) :].strip()
    sources = _parse_sources(cited, entry, where)
    text = "\n".join(body[:mark]).strip()
    parts = _ruling_parts(body[:mark], where) if entry["kind"] == "ruling" else {}
    if entry["kind"] == "ruling" and tuple(parts) != _RULING_PARTS:
        raise SpecError(
            where, f"a ruling needs the parts {', '.join(_RULING_PARTS)}, in this order, once each"
        )
    if not text:
        raise SpecError(where, "the clause has no statement")
    return Clause(
        id=entry["id"],
        title=entry["title"],
        page=entry["page"],
        kind=entry["kind"],
        status=entry["status"],
        text=text,
        sources=sources,
        question=parts.get("Question"),
        ruling=parts.get("Ruling"),
        reasoning=parts.get("Reasoning"),
        alternatives=parts.get("Rejected alternatives"),
        line=line,
    )


def _parse_sources(cited: str, entry: Mapping[str, str], where: str) -> tuple[Citation, ...]:
    if cited.startswith(_NO_SOURCES) and entry["kind"] == "engine":
        return ()
    if not cited:
        raise SpecError(where, f"empty '{_SOURCES}' line")
    out: list[Citation] = []
    for part in cited.split(" · "):
        try:
            out.append(Citation.parse(part))
        except SpecError as error:
            raise SpecError(where, f"{_SOURCES[2:-3]}: {error.reason}: {error.where!r}") from None
    return tuple(out)


def _ruling_parts(body: Sequence[str], where: str) -> dict[str, str]:
    """The ruling's parts by name, in page order (a name twice is an error)."""
    parts: dict[str, list[str]] = {}
    current: list[str] | None = None
    for text in body:
        match = _PART_RE.match(text)
        if match and match["name"] in _RULING_PARTS:
            if match["name"] in parts:
                raise SpecError(where, f"part {match['name']!r} appears twice")
            current = parts[match["name"]] = [text[match.end() :]]
        elif current is not None:
            current.append(text)
        elif text.strip():
            raise SpecError(where, f"text before the '**{_RULING_PARTS[0]}.**' part")
    out = {name: "\n".join(lines).strip() for name, lines in parts.items()}
    for name, value in out.items():
        if not value:
            raise SpecError(where, f"part {name!r} is empty")
    return out


def _read_glossary(path: Path, known: set[str]) -> tuple[GlossaryTerm, ...]:
    out: list[GlossaryTerm] = []
    for where, entry in _tables(path, "term", _TERM_FIELDS):
        term = entry.get("term")
        if not isinstance(term, str) or not term.strip():
            raise SpecError(where, "missing or empty field 'term'")
        where = f"{_rel(path)}: {term}"
        lists: dict[str, tuple[str, ...]] = {}
        for key in (*_LANGUAGES, "clauses"):
            value = entry.get(key)
            if not isinstance(value, list) or not value:
                raise SpecError(where, f"{key!r} must be a non-empty list of strings")
            if not all(isinstance(item, str) and item.strip() for item in value):
                raise SpecError(where, f"{key!r} must be a non-empty list of strings")
            lists[key] = tuple(value)
        for clause_id in lists["clauses"]:
            if clause_id not in known:
                raise SpecError(where, f"clause {clause_id!r} is not in {_INDEX}")
        note = _read.string(entry.get("note", ""), f"{where}: note")
        out.append(
            GlossaryTerm(
                term,
                lists["en"],
                lists["es"],
                lists["nl"],
                lists["fr"],
                lists["clauses"],
                note,
            )
        )
    return tuple(out)
