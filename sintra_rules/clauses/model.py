"""The clause model: clauses, citations, glossary terms and the loaded spec (ENG-05).

Plain frozen values built by :func:`sintra_rules.clauses.loader.load_spec`; the text of a clause for
people is :func:`sintra_rules.clauses.text.render_clause` (also :meth:`Clause.render`).

>>> sorted(cited_ids("see PLACE-05 and RUL-02 (but not PLACE-5 or XPLACE-05)"))
['PLACE-05', 'RUL-02']
"""

from __future__ import annotations

import difflib
import functools
import re
import types
from collections.abc import Mapping
from pathlib import Path
from typing import Final

import attrs

from sintra_rules.errors import SpecError, UnknownClause

__all__ = [
    "AREAS",
    "CLAUSE_ID_RE",
    "EDITIONS",
    "SEPARATOR",
    "STATUSES",
    "Citation",
    "Clause",
    "GlossaryTerm",
    "Outline",
    "Section",
    "Spec",
    "cited_ids",
]


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
#: The separator of the headings in an outline entry's ``path`` (a space, U+203A, a space).
SEPARATOR: Final = " \N{SINGLE RIGHT-POINTING ANGLE QUOTATION MARK} "
#: The rulebook text file (by its number) that each edition abbreviation of a citation names.
EDITIONS: Final[Mapping[str, str]] = types.MappingProxyType(
    {"EN": "000", "ES": "001", "RM": "002", "NL": "003", "FR": "003"}
)

STATUSES: Final = ("active", "retired")
_INDEX = "index.toml"
_AREA_KIND: Final[Mapping[str, str]] = types.MappingProxyType(
    {"FIG": "figure", "ENG": "engine", "RUL": "ruling"}
)


_CITATION_RE = re.compile(
    r"^(?P<edition>[A-Z]{2}) (?P<file>\d{3}):(?P<first>\d+)(?:-(?P<last>\d+))? \((?P<label>.+)\)$"
)


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
        """Parse one citation.

        Raises:
            SpecError: ``text`` is not a well-formed citation (``where`` is the text).
        """
        match = _CITATION_RE.match(text.strip())
        if match is None:
            raise SpecError(text, "not a citation of the form 'EN 000:82 (label)'")
        edition, file = match["edition"], match["file"]
        if EDITIONS.get(edition) != file:
            expected = EDITIONS.get(edition)
            why = f"{edition} cites file {expected}" if expected else f"unknown edition {edition}"
            raise SpecError(text, f"{why}, not {file}")
        first = int(match["first"])
        last = int(match["last"]) if match["last"] else first
        if not 1 <= first <= last:
            raise SpecError(text, f"line range {first}-{last} is empty or starts before line 1")
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
class Section:
    """One entry of the outline: a printed section of an edition's rulebook text.

    ``path`` holds the printed headings from the outer to the inner (a heading in
    ``[brackets]`` is not printed: it says what the passage is, e.g. ``[picture caption]``);
    ``at`` the words printed at ``line`` when the last heading is not printed there as spelled
    (an OCR misspelling, a caption, or a section resuming after another one's text).
    """

    edition: str
    line: int
    path: tuple[str, ...]
    at: str | None = None

    @property
    def label(self) -> str:
        """The headings joined for reading: ``A) Advance a pattern, Step 1, Attention``."""
        return ", ".join(self.path)

    @property
    def printed(self) -> str:
        """The words printed at :attr:`line`: :attr:`at`, else the last heading."""
        return self.at if self.at is not None else self.path[-1]


@attrs.frozen(eq=False)
class Outline:
    """The outline of every edition: its sections in the order of the text, and a note on how
    its sections are printed."""

    sections: Mapping[str, tuple[Section, ...]]
    notes: Mapping[str, str]

    def section(self, citation: Citation) -> Section:
        """The section the first line of ``citation`` falls in.

        Raises:
            SpecError: the cited line lies before the first section of its edition, or the
                edition has no outline.
        """
        entries = self.sections.get(citation.edition, ())
        found = None
        for entry in entries:
            if entry.line > citation.first:
                break
            found = entry
        if found is None:
            reason = f"line {citation.first} lies before the first {citation.edition} section"
            raise SpecError(str(citation), f"{reason} of spec/outline.toml")
        return found


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
        default :func:`~sintra_rules.clauses.loader.load_spec`), each with its ID, title and ruling:
        :func:`sintra_rules.clauses.text.render_clause`.

        >>> from sintra_rules.clauses import get_clause
        >>> print(get_clause("RESET-02").render())  # doctest: +ELLIPSIS
        RESET-02 — No reset from the leftmost strip
        (rule, spec page 03-turn.md)
        <BLANKLINE>
        If the glazier is already above the leftmost strip (g = L), the player may not choose ...
        <BLANKLINE>
        Sources:
          EN, B) Move your glazier back, Important (000:172)
          ...
        <BLANKLINE>
        Rulings:
          RUL-05 — Reset when every remaining strip is already reachable
            No. Action B is legal exactly when at least one strip remains in a slot to the left ...
        """
        from sintra_rules.clauses.text import render_clause

        return render_clause(self, spec)


@attrs.frozen
class GlossaryTerm:
    """A game term of the spec with the words each rulebook edition uses for it, and the
    clauses it concerns (``spec/sintra/glossary.toml``)."""

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
    the directory it was read from, and the outline of the rulebook texts that labels its
    citations (:mod:`sintra_rules.clauses.outline`)."""

    directory: Path
    clauses: tuple[Clause, ...]
    glossary: tuple[GlossaryTerm, ...]
    by_id: Mapping[str, Clause] = attrs.field(repr=False)
    outline: Outline = attrs.field(repr=False)

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

        >>> from sintra_rules.clauses import load_spec
        >>> [ruling.id for ruling in load_spec().rulings_citing("TAKE-03")]
        ['RUL-01']
        """
        return _citing_rulings(self).get(clause_id, ())


def cited_ids(text: str) -> set[str]:
    """Every clause ID cited in ``text`` (``AREA-NN`` with a known area; the index is not
    consulted). Ranges are not expanded: ``TAKE-01..04`` cites TAKE-01 only.

    >>> sorted(cited_ids("(TAKE-01..04, RUL-07; FIG-1; DONE-06)"))
    ['DONE-06', 'RUL-07', 'TAKE-01']
    """
    return set(CLAUSE_ID_RE.findall(text))


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
