"""The specification as data: load, validate, look up, search and trace its clauses.

The spec is a set of MyST pages (``spec/*.md``), the registry of permanent clause IDs
(``spec/index.toml``) and a glossary of the rulebooks' words (``spec/glossary.toml``). On a page
every clause is an ``(ID)=`` anchor line followed by a ``### ID — Title`` heading, the statement,
and a ``**Sources.**`` line citing the rulebooks; a ruling also has ``**Question.**``,
``**Ruling.**``, ``**Reasoning.**`` and ``**Rejected alternatives.**`` parts.

:func:`load_spec` reads and validates all of it once; :func:`get_clause` looks a clause up,
:func:`search_clauses` finds clauses by words in any edition's terms, and
:func:`coverage_report` (also ``python -m sintra_rules.clauses``) tells which clauses the engine
and its tests cite.

>>> get_clause("TAKE-03").title
'First centre-taker takes the starting player tile'
>>> "RESET-01" in [clause.id for clause in search_clauses("vitrier")]
True
>>> sorted(cited_ids("see PLACE-05 and RUL-02 (but not PLACE-5 or XPLACE-05)"))
['PLACE-05', 'RUL-02']
"""

from __future__ import annotations

import argparse
import bisect
import difflib
import functools
import re
import sys
import textwrap
import tomllib
import types
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from sintra_rules.errors import SintraError, UnknownClause

__all__ = [
    "AREAS",
    "CLAUSE_ID_RE",
    "EDITIONS",
    "Citation",
    "CitedAt",
    "Clause",
    "CoverageReport",
    "GlossaryTerm",
    "Location",
    "Spec",
    "SpecError",
    "cited_ids",
    "coverage_report",
    "get_clause",
    "load_spec",
    "main",
    "normalise_clause_id",
    "search_clauses",
    "spec_dir",
]

#: The area codes of clause IDs, as listed on the index page of the spec.
AREAS: Final = (
    "COMP",
    "SETUP",
    "ROUND",
    "TURN",
    "TAKE",
    "PLACE",
    "DONE",
    "RESET",
    "TRACK",
    "SCORE",
    "END",
    "FINAL",
    "WIN",
    "FIG",
    "ENG",
    "RUL",
)
#: A clause ID as it is cited in text: an area code, a hyphen and two digits (``TAKE-03``).
CLAUSE_ID_RE: Final = re.compile(rf"\b(?:{'|'.join(AREAS)})-\d{{2}}\b")
#: The rulebook text file (by its number) that each edition abbreviation of a citation names.
EDITIONS: Final[Mapping[str, str]] = types.MappingProxyType(
    {"EN": "000", "ES": "001", "RM": "002", "NL": "003", "FR": "003"}
)

STATUSES: Final = ("active", "retired")
_AREA_KIND: Final[Mapping[str, str]] = types.MappingProxyType(
    {"FIG": "figure", "ENG": "engine", "RUL": "ruling"}
)
_INDEX = "index.toml"
_GLOSSARY = "glossary.toml"
_FORMAT = 1
_INDEX_FIELDS = frozenset({"id", "title", "page", "kind", "status", "replaced_by"})
_TERM_FIELDS = frozenset({"term", "en", "es", "nl", "fr", "clauses", "note"})
_LANGUAGES = ("en", "es", "nl", "fr")
_RULING_PARTS: Final = ("Question", "Ruling", "Reasoning", "Rejected alternatives")
_SOURCES = "**Sources.**"
_NO_SOURCES = "None"

_ANCHOR_RE = re.compile(r"^\((?P<label>[^()\s]+)\)=\s*$")
_ID_SHAPE_RE = re.compile(r"^[A-Z][A-Z0-9]*-\d+$")
_HEADING_RE = re.compile(r"^### (?P<id>\S+) — (?P<title>.+?)\s*$")
_END_RE = re.compile(r"^#{1,3} ")
_PART_RE = re.compile(r"^\*\*(?P<name>[A-Z][a-z]+(?: [a-z]+)*)\.\*\*(?:\s|$)")
_CITATION_RE = re.compile(
    r"^(?P<edition>[A-Z]{2}) (?P<file>\d{3}):(?P<first>\d+)(?:-(?P<last>\d+))? \((?P<label>.+)\)$"
)
_NAME_RE = re.compile(r"^\s*(?:async\s+)?(?:def|class)\s+(?P<name>\w+)")
_NAME_ID_RE = re.compile(rf"(?i)(?<![a-z0-9])(?P<area>{'|'.join(AREAS)})_?(?P<num>\d{{2}})(?!\d)")
_TOKEN_RE = re.compile(r"[^\W_]+(?:-\d+)?")
_STOP_WORDS = frozenset(
    {
        *("a", "an", "and", "as", "at", "by", "for", "in", "is", "it", "of", "on", "or", "the"),
        *("to", "with", "al", "con", "del", "el", "en", "la", "las", "los", "por", "que", "un"),
        *("una", "y", "de", "een", "het", "je", "op", "te", "van", "au", "aux", "des", "du"),
        *("et", "le", "les", "une"),
    }
)


class SpecError(SintraError):
    """The spec's pages, index or glossary are malformed or inconsistent.

    ``where`` names the file (and line) at fault and ``reason`` what is wrong.

    >>> str(SpecError("spec/03-turn.md:12", "anchor without a heading"))
    'spec: spec/03-turn.md:12: anchor without a heading'
    """

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"spec: {where}: {reason}")


@attrs.frozen
class Citation:
    """One rulebook passage cited by a clause's ``**Sources.**`` line, e.g.
    ``EN 000:88 (Step 1, Attention)``: the edition, the text file, the 1-based first and last
    line, and the label.

    >>> cite = Citation.parse("RM 002:135-136 (WRONG: one take per round)")
    >>> cite.verdict, cite.first, cite.last, str(cite)
    ('wrong', 135, 136, 'RM 002:135-136 (WRONG: one take per round)')
    """

    edition: str
    file: str
    first: int
    last: int
    label: str

    @classmethod
    def parse(cls, text: str) -> Citation:
        """Parse one citation; raises :class:`ValueError` saying what is wrong."""
        match = _CITATION_RE.match(text.strip())
        if match is None:
            raise ValueError(f"not a citation of the form 'EN 000:82 (label)': {text!r}")
        edition, file = match["edition"], match["file"]
        if EDITIONS.get(edition) != file:
            expected = EDITIONS.get(edition)
            why = f"{edition} cites file {expected}" if expected else f"unknown edition {edition}"
            raise ValueError(f"{why}, not {file}: {text!r}")
        first = int(match["first"])
        last = int(match["last"]) if match["last"] else first
        if not 1 <= first <= last:
            raise ValueError(f"line range {first}-{last} is empty or starts before line 1")
        return cls(edition, file, first, last, match["label"])

    @property
    def verdict(self) -> str:
        """``"differs"`` or ``"wrong"`` when the label starts with ``DIFFERS:`` or ``WRONG:``,
        ``"agrees"`` when it says so, else ``""``."""
        if self.label.startswith("DIFFERS:"):
            return "differs"
        if self.label.startswith("WRONG:"):
            return "wrong"
        return "agrees" if re.search(r"\bagrees\b", self.label) else ""

    def __str__(self) -> str:
        lines = f"{self.first}" if self.first == self.last else f"{self.first}-{self.last}"
        return f"{self.edition} {self.file}:{lines} ({self.label})"


@attrs.frozen
class Clause:
    """One clause of the spec.

    ``text`` is the clause's statement as written on its page (MyST markdown, everything between
    the heading and the ``**Sources.**`` line); for a ruling ``question``, ``ruling``,
    ``reasoning`` and ``alternatives`` hold its four parts. ``line`` is the heading's line on
    ``page`` (0 for a retired clause no longer on its page).
    """

    id: str
    title: str
    page: str
    kind: str
    status: str
    text: str
    sources: tuple[Citation, ...]
    replaced_by: str | None = None
    question: str | None = None
    ruling: str | None = None
    reasoning: str | None = None
    alternatives: str | None = None
    line: int = 0

    def render(self, spec: Spec | None = None) -> str:
        """The clause as a player reads it: ID, title, statement (for a ruling its question,
        ruling, reasoning and rejected alternatives), the rulebook passages it rests on and,
        under ``Rulings:``, every ruling that cites it (:meth:`Spec.rulings_citing` of ``spec``,
        default :func:`load_spec`), each with its ID, title and ruling.

        >>> print(get_clause("RESET-02").render())  # doctest: +ELLIPSIS
        RESET-02 — No reset from the leftmost strip
        (rule, spec page 03-turn.md)
        <BLANKLINE>
        If the glazier is already above the leftmost strip (g = L), the player may not choose ...
        <BLANKLINE>
        Sources:
          EN 000:172 (B, Important)
          ...
        <BLANKLINE>
        Rulings:
          RUL-05 — Reset when every remaining strip is already reachable
            No. Action B is legal exactly when at least one strip remains in a slot to the left ...
        """
        status = "" if self.status == "active" else f", {self.status}"
        if self.replaced_by:
            status += f", replaced by {self.replaced_by}"
        out = [f"{self.id} — {self.title}", f"({self.kind}, spec page {self.page}{status})"]
        if self.text:
            out += ["", _plain(self.text)]
        if self.sources:
            out += ["", "Sources:", *(f"  {citation}" for citation in self.sources)]
        rulings = (spec or load_spec()).rulings_citing(self.id)
        if rulings:
            out += ["", "Rulings:"]
            for number, ruling in enumerate(rulings):
                out += [""] if number else []
                out.append(f"  {ruling.id} — {ruling.title}")
                out += _reflow(_plain(ruling.ruling or ""), "    ")
        return "\n".join(out)


@attrs.frozen
class GlossaryTerm:
    """A game term of the spec with the words each rulebook edition uses for it, and the
    clauses it concerns (``spec/glossary.toml``)."""

    term: str
    en: tuple[str, ...]
    es: tuple[str, ...]
    nl: tuple[str, ...]
    fr: tuple[str, ...]
    clauses: tuple[str, ...]
    note: str = ""

    @property
    def words(self) -> tuple[str, ...]:
        """The term and every edition's words for it."""
        return (self.term, *self.en, *self.es, *self.nl, *self.fr)


@attrs.frozen(eq=False)
class Spec:
    """The whole loaded and validated spec: every clause in index order, the glossary, and
    the directory it was read from."""

    directory: Path
    clauses: tuple[Clause, ...]
    glossary: tuple[GlossaryTerm, ...]
    by_id: Mapping[str, Clause] = attrs.field(repr=False)

    @property
    def pages(self) -> tuple[str, ...]:
        """The pages that hold clauses, in the order their first clause is indexed."""
        return tuple(dict.fromkeys(clause.page for clause in self.clauses))

    def clause(self, clause_id: str) -> Clause:
        """The clause ``clause_id`` (see :func:`get_clause`)."""
        found = self.by_id.get(clause_id)
        if found is None:
            raise UnknownClause(clause_id, _unknown_reason(clause_id, self.by_id))
        return found

    def rulings_citing(self, clause_id: str) -> tuple[Clause, ...]:
        """The active rulings (index order) whose text or sources cite ``clause_id`` (see
        :func:`cited_ids`; a ruling does not cite itself): the reverse of the citations a
        ruling makes, so that a rule's readers find the rulings that refine it. An ID no ruling
        cites, or an unknown one, gives ``()``.

        >>> [ruling.id for ruling in load_spec().rulings_citing("TAKE-03")]
        ['RUL-01']
        """
        return _citing_rulings(self).get(clause_id, ())


def spec_dir() -> Path:
    """The directory of the spec: the copy packaged in an installed wheel
    (``sintra_rules/_spec``) if there is one, else the source tree's ``spec/``.

    Raises :class:`SpecError` when neither exists.
    """
    package = Path(__file__).resolve().parent
    for candidate in (package / "_spec", package.parent / "spec"):
        if (candidate / _INDEX).is_file():
            return candidate
    raise SpecError(str(package / "_spec"), "no spec found (nor in the source tree's spec/)")


def load_spec(directory: Path | None = None) -> Spec:
    """Load and validate the spec in ``directory`` (default :func:`spec_dir`); cached until
    one of its files changes.

    Validation: the index's fields and IDs (unique, ``AREA-NN``, kind matching the area, the page
    exists); every indexed active clause has exactly one anchor and heading on its page, with the
    indexed title; every anchor on a page is in the index with that page; every clause has a
    ``**Sources.**`` line of well-formed citations and a ruling its four parts; every clause ID
    mentioned on a page or in the glossary exists. Raises :class:`SpecError` otherwise.

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


def cited_ids(text: str) -> set[str]:
    """Every clause ID cited in ``text`` (``AREA-NN`` with a known area; the index is not
    consulted). Ranges are not expanded: ``TAKE-01..04`` cites TAKE-01 only.

    >>> sorted(cited_ids("(TAKE-01..04, RUL-07; FIG-1; DONE-06)"))
    ['DONE-06', 'RUL-07', 'TAKE-01']
    """
    return set(CLAUSE_ID_RE.findall(text))


def search_clauses(words: str) -> tuple[Clause, ...]:
    """Clauses matching any of ``words``, best first.

    A query word matches a word of a clause's ID, title, statement or sources, or a word of a
    glossary term that lists the clause (so the Spanish, Dutch and French rulebook words find
    the clauses too); case and accents are ignored, and a word of four letters or more also
    matches longer words it begins. Ranking: a clause whose title is the query comes first,
    then those whose title contains it as a phrase, then the rest; within each group, clauses
    matching more query words come first, then those matching them in weightier fields (the
    weights of the fields matched added up: ID 16, title 8, glossary 4, statement 2, sources
    1), then index order. Common short words (``the``, ``de``, ``le``, ...) are ignored unless
    the query has nothing else.

    >>> [clause.id for clause in search_clauses("zet je glaszetter terug")][:3]
    ['TURN-01', 'RESET-01', 'RESET-02']
    >>> search_clauses("Vidriéro") == search_clauses("vidriero")
    True
    >>> search_clauses("")
    ()
    """
    phrase = f" {' '.join(_tokens(words))} "
    query = list(dict.fromkeys(_tokens(words)))
    meaningful = [word for word in query if word not in _STOP_WORDS]
    query = meaningful or query
    if not query:
        return ()
    spec = load_spec()
    ranked: list[tuple[int, int, int, int, Clause]] = []
    for position, (clause, title, fields) in enumerate(_search_index(spec)):
        matched = weight = 0
        for word in query:
            found = sum(w for w, tokens in fields if _matches(word, tokens))
            if found:
                matched += 1
                weight += found
        if matched:
            rank = 0 if phrase == title else 1 if phrase in title else 2
            ranked.append((rank, -matched, -weight, position, clause))
    ranked.sort(key=lambda item: item[:4])
    return tuple(item[4] for item in ranked)


@attrs.frozen
class Location:
    """A place in the source tree: a path relative to the root (``/``-separated) and a 1-based
    line."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@attrs.frozen
class CitedAt:
    """A clause ID cited at a location (used for citations of unknown or retired IDs)."""

    location: Location
    clause: str

    def __str__(self) -> str:
        return f"{self.location}: {self.clause}"


@attrs.frozen(eq=False)
class CoverageReport:
    """Which clauses the engine and its tests cite (see :func:`coverage_report`).

    ``implemented`` and ``tested`` map each cited active clause to where it is cited;
    ``unknown`` lists citations of IDs not in the index and ``retired`` citations of retired
    clauses; ``unimplemented`` and ``untested`` list the active clauses (index order) cited
    nowhere in the engine or nowhere in the tests and proofs.
    """

    root: Path
    implemented: Mapping[str, tuple[Location, ...]]
    tested: Mapping[str, tuple[Location, ...]]
    unknown: tuple[CitedAt, ...]
    retired: tuple[CitedAt, ...]
    unimplemented: tuple[str, ...]
    untested: tuple[str, ...]

    @property
    def complete(self) -> bool:
        """No unknown or retired citation and every active clause implemented and tested."""
        return not (self.unknown or self.retired or self.unimplemented or self.untested)

    def render(self) -> str:
        """The report as text, as ``python -m sintra_rules.clauses`` prints it."""
        active = len(self.implemented) + len(self.unimplemented)
        out = [
            f"Clause coverage of {self.root}",
            f"  implemented (cited in sintra_rules/): {len(self.implemented)} of {active}",
            f"  tested (cited in tests/ and proofs/): {len(self.tested)} of {active}",
        ]
        for title, items in (
            ("Citations of unknown clause IDs", self.unknown),
            ("Citations of retired clauses", self.retired),
        ):
            if items:
                out += [f"{title} ({len(items)}):", *(f"  {item}" for item in items)]
        for title, ids in (
            ("Not implemented", self.unimplemented),
            ("Not tested", self.untested),
        ):
            if ids:
                out += [f"{title} ({len(ids)}):", *_wrap(ids, "  ")]
        if self.complete:
            out.append("Every active clause is implemented and tested; no unknown citation.")
        return "\n".join(out)


def coverage_report(root: Path) -> CoverageReport:
    """Scan the source tree ``root`` for clause citations (see :func:`cited_ids`).

    *Implemented*: cited in ``sintra_rules/**/*.py``, except this module; a ``figure`` clause
    counts as implemented only where the figures live, in ``sintra_rules/components.py`` or
    the data file ``sintra_rules/data/components.toml``. *Tested*: cited in ``tests/**/*.py``
    or ``proofs/**/*.py``, in the text or, in the ``AREA_NN`` or ``AREANN`` form (any case),
    in the name of a function or class (``def test_place_05_...``, ``def test_rul07_...``).
    Retired clauses are never listed as missing; citing one is reported. The spec is read from
    ``root/spec`` when it exists.

    >>> report = coverage_report(Path(__file__).resolve().parents[1])
    >>> "TAKE-03" in report.implemented, report.unknown
    (True, ())
    """
    root = Path(root).resolve()
    spec = load_spec(root / "spec") if (root / "spec" / _INDEX).is_file() else load_spec()
    package = root / "sintra_rules"
    figure_files = {package / "components.py", package / "data" / "components.toml"}
    engine = [
        path
        for path in sorted(package.rglob("*.py"))
        if path.name != "clauses.py" or path.parent != package
    ]
    data = [path for path in sorted(figure_files) if path.suffix == ".toml" and path.is_file()]
    tests = [path for name in ("tests", "proofs") for path in sorted((root / name).rglob("*.py"))]
    implemented: dict[str, list[Location]] = {}
    tested: dict[str, list[Location]] = {}
    unknown: list[CitedAt] = []
    retired: list[CitedAt] = []
    for group, paths, names in (("engine", [*engine, *data], False), ("tests", tests, True)):
        for path in paths:
            for location, clause_id in _citations(root, path, names):
                clause = spec.by_id.get(clause_id)
                if clause is None:
                    unknown.append(CitedAt(location, clause_id))
                elif clause.status != "active":
                    retired.append(CitedAt(location, clause_id))
                elif group == "tests":
                    tested.setdefault(clause_id, []).append(location)
                elif clause.kind != "figure" or path in figure_files:
                    implemented.setdefault(clause_id, []).append(location)
    active = [clause.id for clause in spec.clauses if clause.status == "active"]
    return CoverageReport(
        root=root,
        implemented=_frozen_locations(active, implemented),
        tested=_frozen_locations(active, tested),
        unknown=tuple(unknown),
        retired=tuple(retired),
        unimplemented=tuple(c for c in active if c not in implemented),
        untested=tuple(c for c in active if c not in tested),
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m sintra_rules.clauses [--root DIR] [--strict]``: validate the spec and print
    the clause coverage report of the source tree. Exit status 1 when a citation names an
    unknown clause (with ``--strict`` also when any clause is unimplemented or untested),
    2 when the spec itself is invalid."""
    parser = argparse.ArgumentParser(
        prog="python -m sintra_rules.clauses",
        description="Validate the spec and report which clauses the engine and its tests cite.",
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=Path(__file__).resolve().parents[1],
        help="the source tree to scan (default: the one holding this package)",
    )
    parser.add_argument(
        "--strict", action="store_true", help="also fail on unimplemented or untested clauses"
    )
    args = parser.parse_args(argv)
    try:
        report = coverage_report(args.root)
    except SpecError as error:
        print(error, file=sys.stderr)
        return 2
    print(report.render())
    if report.unknown or (args.strict and not report.complete):
        return 1
    return 0


# --- loading -------------------------------------------------------------------------------


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
    return Spec(directory, tuple(clauses), glossary, by_id)


def _rel(path: Path) -> str:
    """``path`` as ``spec/<name>``-style text for messages."""
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
        if not isinstance(entry, dict):
            raise SpecError(where, "not a table")
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
        except ValueError as error:
            raise SpecError(where, f"{_SOURCES[2:-3]}: {error}") from None
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
        note = entry.get("note", "")
        if not isinstance(note, str):
            raise SpecError(where, "'note' must be a string")
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


def _unknown_reason(clause_id: str, known: Mapping[str, Clause]) -> str:
    """Why ``clause_id`` is not a clause, with the nearest real IDs as a hint."""
    close = difflib.get_close_matches(clause_id, list(known), n=3, cutoff=0.5)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    area, dash, number = clause_id.partition("-")
    if dash and area.isalpha() and number.isdigit() and len(number) == 2 and area not in AREAS:
        return f"no area {area} in the spec (the areas are {', '.join(AREAS)}){hint}"
    if not CLAUSE_ID_RE.fullmatch(clause_id):
        return f"not a clause ID: IDs have the form AREA-NN, e.g. TAKE-03{hint}"
    return f"no such clause in spec/{_INDEX}{hint}"


# --- rendering and searching ----------------------------------------------------------------


def _plain(markdown: str) -> str:
    """``markdown`` with inline markup removed: code spans lose their backticks, ``**strong**``
    and ``*emphasis*`` their asterisks; everything else (lists, tables) is kept as written."""
    pieces = re.split(r"(`[^`]*`)", markdown)
    out = []
    for piece in pieces:
        if piece.startswith("`") and piece.endswith("`") and len(piece) >= 2:
            out.append(piece[1:-1])
        else:
            piece = re.sub(r"\*\*(.+?)\*\*", r"\1", piece, flags=re.S)
            out.append(re.sub(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])", r"\1", piece))
    return "".join(out)


def _fold(text: str) -> str:
    """Lower case without accents (``Vidriéro`` → ``vidriero``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _tokens(text: str) -> list[str]:
    return _TOKEN_RE.findall(_fold(text))


def _matches(word: str, tokens: tuple[str, ...]) -> bool:
    """Whether ``word`` is one of the sorted ``tokens`` or, with four letters or more, begins
    one of them (the tokens it begins follow it directly in sorted order)."""
    index = bisect.bisect_left(tokens, word)
    if index == len(tokens):
        return False
    return tokens[index] == word or (len(word) >= 4 and tokens[index].startswith(word))


def _sorted_tokens(text: str) -> tuple[str, ...]:
    return tuple(sorted(set(_tokens(text))))


_Fields = tuple[tuple[int, tuple[str, ...]], ...]


@functools.lru_cache(maxsize=8)
def _search_index(spec: Spec) -> tuple[tuple[Clause, str, _Fields], ...]:
    """Per clause: its title's words as a phrase (`` word word ``) and its words by field with
    the field's weight (ID 16, title 8, glossary 4, statement 2, sources 1)."""
    glossary: dict[str, list[str]] = {}
    for term in spec.glossary:
        for clause_id in term.clauses:
            glossary.setdefault(clause_id, []).extend(term.words)
    out = []
    for clause in spec.clauses:
        fields = (
            (16, _sorted_tokens(clause.id)),
            (8, _sorted_tokens(clause.title)),
            (4, _sorted_tokens(" ".join(glossary.get(clause.id, ())))),
            (2, _sorted_tokens(clause.text)),
            (1, _sorted_tokens(" ".join(c.label for c in clause.sources))),
        )
        out.append((clause, f" {' '.join(_tokens(clause.title))} ", fields))
    return tuple(out)


@functools.lru_cache(maxsize=8)
def _citing_rulings(spec: Spec) -> Mapping[str, tuple[Clause, ...]]:
    """Per clause ID, the active rulings citing it in their text (all four parts) or their
    sources' labels, in index order."""
    found: dict[str, list[Clause]] = {}
    for clause in spec.clauses:
        if clause.kind != "ruling" or clause.status != "active":
            continue
        text = "\n".join([clause.text, *(citation.label for citation in clause.sources)])
        for cited in sorted(cited_ids(text) - {clause.id}):
            found.setdefault(cited, []).append(clause)
    return types.MappingProxyType({key: tuple(value) for key, value in found.items()})


def _reflow(text: str, indent: str, width: int = 100) -> list[str]:
    """``text`` (plain, as :func:`_plain` leaves it) re-wrapped to ``width`` with ``indent``:
    each paragraph and each ``- `` list item is refilled (an item's continuation lines aligned
    under its text), blank lines between blocks are kept and a table row (``|``) is left as
    written."""
    blocks: list[list[str]] = []
    current: list[str] | None = None
    for line in text.split("\n"):
        stripped = line.strip()
        if not stripped:
            blocks.append([])
            current = None
        elif stripped.startswith("|"):
            blocks.append([stripped])
            current = None
        elif stripped.startswith("- ") or current is None:
            current = [stripped]
            blocks.append(current)
        else:
            current.append(stripped)
    out: list[str] = []
    for block in blocks:
        if not block:
            if out and out[-1]:
                out.append("")
            continue
        words = " ".join(block)
        if words.startswith("|"):
            out.append(indent + words)
            continue
        hang = indent + ("  " if words.startswith("- ") else "")
        out += textwrap.wrap(
            words,
            width,
            initial_indent=indent,
            subsequent_indent=hang,
            break_long_words=False,
            break_on_hyphens=False,
        )
    while out and not out[-1]:
        out.pop()
    return out


def _wrap(ids: Iterable[str], indent: str, width: int = 100) -> list[str]:
    lines: list[str] = []
    line = indent
    for clause_id in ids:
        if len(line) + len(clause_id) + 2 > width and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += clause_id + ", "
    if line.strip():
        lines.append(line.rstrip(", "))
    return lines


# --- coverage -------------------------------------------------------------------------------


def _citations(root: Path, path: Path, names: bool) -> Iterable[tuple[Location, str]]:
    """Every clause ID cited in ``path`` with its location; with ``names`` also the
    ``AREA_NN`` form in the names of functions and classes."""
    try:
        text = path.read_text("utf-8")
    except UnicodeDecodeError:
        return
    relative = path.relative_to(root).as_posix()
    for number, line in enumerate(text.split("\n"), 1):
        ids = CLAUSE_ID_RE.findall(line)
        if names:
            name = _NAME_RE.match(line)
            if name:
                ids += [f"{m['area'].upper()}-{m['num']}" for m in _NAME_ID_RE.finditer(name[1])]
        for clause_id in dict.fromkeys(ids):
            yield Location(relative, number), clause_id


def _frozen_locations(
    order: Sequence[str], found: Mapping[str, list[Location]]
) -> Mapping[str, tuple[Location, ...]]:
    return types.MappingProxyType({c: tuple(found[c]) for c in order if c in found})


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
