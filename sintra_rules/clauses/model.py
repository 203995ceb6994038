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
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Final

import attrs

from sintra_rules.errors import SpecError, UnknownClause

__all__ = [
    "DEFAULT_GAME",
    "SEPARATOR",
    "STATUSES",
    "Citation",
    "Clause",
    "Edition",
    "GlossaryTerm",
    "Outline",
    "Scheme",
    "Section",
    "Spec",
    "cited_ids",
    "find_ids",
]

#: The game of an unqualified clause ID where no game is given (``TAKE-03`` is Sintra's;
#: another game's clause is written qualified, ``sagrada:PLACE-03``, or looked up with its
#: game).
DEFAULT_GAME: Final = "sintra"
#: The separator of the headings in an outline entry's ``path`` (a space, U+203A, a space).
SEPARATOR: Final = " \N{SINGLE RIGHT-POINTING ANGLE QUOTATION MARK} "
STATUSES: Final = ("active", "retired")
_INDEX = "index.toml"
#: A clause ID as it may be written in any text, qualified by its game or not: ``TAKE-03``,
#: ``sagrada:PLACE-03``. Not after a letter, digit, ``_`` or ``:`` (``XPLACE-05`` is none).
_ANY_ID_RE: Final = re.compile(
    r"(?<![\w:])(?:(?P<game>[a-z][a-z0-9_]*):)?(?P<id>(?P<area>[A-Z][A-Z0-9]*)-\d{2})\b"
)
_CITATION_RE = re.compile(
    r"^(?P<edition>[A-Z]+) (?P<file>[^\s:]+):(?P<first>\d+)(?:-(?P<last>\d+))? \((?P<label>.+)\)$"
)


@attrs.frozen
class Edition:
    """One text that a spec's citations name (``spec/<game>/spec.toml``): its citation
    ``code`` and ``file`` (``EN 000:88 (...)``), the text file (under the rulebooks
    directory), what it is, the lines of that file it occupies (``last`` ``None``: to the end),
    and, for an edition whose words the glossary lists, the glossary's field and the language's
    name."""

    code: str
    file: str
    text: str
    name: str
    first: int = 1
    last: int | None = None
    glossary: str | None = None
    language: str | None = None


@attrs.frozen(eq=False)
class Scheme:
    """What one game's spec is made of (``spec/<game>/spec.toml``): the game, the areas of its
    clause IDs with the kind of each area's clauses, and the editions its citations name.

    >>> from sintra_rules.clauses import load_spec
    >>> scheme = load_spec("sagrada").scheme
    >>> scheme.game, scheme.areas[:3], scheme.kind("RUL"), scheme.kind("TOOL")
    ('sagrada', ('COMP', 'SETUP', 'ROUND'), 'ruling', 'rule')
    >>> [edition.code for edition in scheme.editions], scheme.languages
    (['EN', 'WEB', 'CM'], (('en', 'English'),))
    """

    game: str
    title: str
    areas: tuple[str, ...]
    kinds: Mapping[str, str]
    editions: tuple[Edition, ...]

    #: A clause ID of this spec as it is written: an area code, a hyphen and two digits
    #: (``TAKE-03``).
    id_re: re.Pattern[str] = attrs.field(
        init=False,
        repr=False,
        default=attrs.Factory(
            lambda self: re.compile(rf"\b(?:{'|'.join(self.areas)})-\d{{2}}\b"), takes_self=True
        ),
    )

    def kind(self, area: str) -> str:
        """The kind of the clauses of ``area`` (``rule`` unless the spec says otherwise)."""
        return self.kinds.get(area, "rule")

    def edition(self, code: str) -> Edition | None:
        """The edition cited as ``code``, or ``None``."""
        return next((edition for edition in self.editions if edition.code == code), None)

    @property
    def languages(self) -> tuple[tuple[str, str], ...]:
        """The glossary's language fields with their names, in edition order
        (``("en", "English")``, ...)."""
        return tuple(
            (edition.glossary, edition.language or edition.glossary)
            for edition in self.editions
            if edition.glossary is not None
        )


@attrs.frozen
class Citation:
    """One passage cited by a clause's ``**Sources.**`` line, e.g. ``EN 000:88 (Step 1,
    Attention)``: the edition's code, the text file, the 1-based first and last line, the
    label, and the game whose spec cites it.

    >>> cite = Citation.parse("RM 002:135-136 (WRONG: one take per round)")
    >>> cite.verdict, cite.first, cite.last, str(cite)
    ('wrong', 135, 136, 'RM 002:135-136 (WRONG: one take per round)')
    >>> Citation.parse("EN sagrada-rulebook.md:78-79 (the first die)", "sagrada").file
    'sagrada-rulebook.md'
    """

    edition: str
    file: str
    first: int
    last: int
    label: str
    game: str = DEFAULT_GAME

    @classmethod
    def parse(cls, text: str, scheme: Scheme | str = DEFAULT_GAME) -> Citation:
        """Parse one citation of the spec ``scheme`` (or of the spec of the game so named),
        ``CODE FILE:FIRST[-LAST] (label)`` with an edition of that spec and its file.

        Raises:
            SpecError: ``text`` is not a well-formed citation (``where`` is the text).
        """
        if isinstance(scheme, str):
            from sintra_rules.clauses.loader import load_spec

            scheme = load_spec(scheme).scheme
        match = _CITATION_RE.match(text.strip())
        if match is None:
            example = scheme.editions[0]
            form = f"{example.code} {example.file}:82 (label)"
            raise SpecError(text, f"not a citation of the form {form!r}")
        code, file = match["edition"], match["file"]
        edition = scheme.edition(code)
        if edition is None or edition.file != file:
            why = f"{code} cites file {edition.file}" if edition else f"unknown edition {code}"
            raise SpecError(text, f"{why}, not {file}")
        first = int(match["first"])
        last = int(match["last"]) if match["last"] else first
        if not 1 <= first <= last:
            raise SpecError(text, f"line range {first}-{last} is empty or starts before line 1")
        return cls(code, file, first, last, match["label"], scheme.game)

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
    its sections are printed; ``where`` names its file in messages."""

    sections: Mapping[str, tuple[Section, ...]]
    notes: Mapping[str, str]
    where: str = "outline.toml"

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
            raise SpecError(str(citation), f"{reason} of {self.where}")
        return found


@attrs.frozen
class Clause:
    """One clause of a game's spec.

    ``id`` is the clause's ID inside its game's spec (``PLACE-05``), ``game`` that game;
    :attr:`qualified` names it across games (``sagrada:PLACE-03``). ``text`` is the clause's
    statement as written on its page (MyST markdown, everything between the heading and the
    ``**Sources.**`` line); for a ruling ``question``, ``ruling``, ``reasoning`` and
    ``alternatives`` hold its four parts. ``line`` is the heading's line on ``page`` (0 for a
    retired clause no longer on its page).
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
    game: str = DEFAULT_GAME

    @property
    def qualified(self) -> str:
        """The ID qualified by the game: ``sintra:PLACE-05``, ``sagrada:PLACE-03``."""
        return f"{self.game}:{self.id}"

    @property
    def shown(self) -> str:
        """The ID as it is shown on its own: plain for the default game's clause
        (``PLACE-05``), else qualified (``sagrada:PLACE-03``)."""
        return self.id if self.game == DEFAULT_GAME else self.qualified

    def render(self, spec: Spec | None = None) -> str:
        """The clause as a player reads it: ID, title, statement (for a ruling its question,
        ruling, reasoning and rejected alternatives), the rulebook passages it rests on and,
        under ``Rulings:``, every ruling that cites it (:meth:`Spec.rulings_citing` of ``spec``,
        default the spec of the clause's game,
        :func:`~sintra_rules.clauses.loader.load_spec`), each with its ID, title and ruling:
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
    """A game term of a spec with the words each edition of its glossary uses for it, and the
    clauses it concerns (``spec/<game>/glossary.toml``).

    ``languages`` holds, per glossary field of the spec (:attr:`Scheme.languages`: Sintra's
    ``en``, ``es``, ``nl``, ``fr``; Sagrada's ``en`` only), the field and its words.
    """

    term: str
    languages: tuple[tuple[str, tuple[str, ...]], ...]
    clauses: tuple[str, ...]
    note: str = ""

    def words_in(self, field: str) -> tuple[str, ...]:
        """The words of the glossary field ``field`` (``en``, ``es``, ...); ``()`` for a field
        the spec's glossary does not have.

        >>> from sintra_rules.clauses import load_spec
        >>> glazier = next(t for t in load_spec().glossary if t.term == "glazier")
        >>> glazier.words_in("fr"), glazier.words_in("de")
        (('vitrier',), ())
        """
        return next((words for name, words in self.languages if name == field), ())

    @property
    def words(self) -> tuple[str, ...]:
        """The term and every edition's words for it."""
        return (self.term, *(word for _field, words in self.languages for word in words))


@attrs.frozen(eq=False)
class Spec:
    """One game's whole loaded and validated spec: every clause in index order, the glossary,
    the directory it was read from, the outline of the texts that labels its citations
    (:mod:`sintra_rules.clauses.outline`), and its scheme (game, areas, editions:
    ``spec.toml``)."""

    directory: Path
    clauses: tuple[Clause, ...]
    glossary: tuple[GlossaryTerm, ...]
    by_id: Mapping[str, Clause] = attrs.field(repr=False)
    outline: Outline = attrs.field(repr=False)
    scheme: Scheme = attrs.field(repr=False)

    @property
    def game(self) -> str:
        """The game whose spec this is."""
        return self.scheme.game

    @property
    def pages(self) -> tuple[str, ...]:
        """The pages that hold clauses, in the order their first clause is indexed."""
        return tuple(dict.fromkeys(clause.page for clause in self.clauses))

    def clause(self, clause_id: str) -> Clause:
        """The clause ``clause_id`` of this spec (a plain ID; see :func:`get_clause`).

        Raises:
            UnknownClause: no such clause in this spec.
        """
        found = self.by_id.get(clause_id)
        if found is None:
            raise UnknownClause(clause_id, _unknown_reason(clause_id, self))
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


def find_ids(
    text: str, schemes: Mapping[str, Scheme], home: str
) -> Iterator[tuple[str, str, tuple[int, int]]]:
    """Every clause ID cited in ``text``, in order: its game, its plain ID, and where it is
    written in ``text`` (the qualifier included).

    A plain ID (``PLACE-05``) is a clause of the game ``home`` when its area is one of that
    game's; a qualified one (``sagrada:PLACE-03``) of the game it names, when ``schemes`` holds
    that game and its area is one of that game's (a qualifier that names no game of
    ``schemes`` is read as no qualifier). Ranges are not expanded: ``TAKE-01..04`` cites TAKE-01
    only.

    Args:
        text: any text.
        schemes: the specs' schemes by game.
        home: the game of the plain IDs.

    Yields:
        ``(game, id, (start, end))``: the game, the plain ID, and the slice of ``text`` that
        writes it.

    >>> from sintra_rules.clauses import schemes
    >>> list(find_ids("XTAKE-03, TAKE-03; sagrada:TOOL-01, note:PLACE-05", schemes(), "sintra"))
    [('sintra', 'TAKE-03', (10, 17)), ('sagrada', 'TOOL-01', (19, 34)), ('sintra', 'PLACE-05', \
(41, 49))]
    """
    for match in _ANY_ID_RE.finditer(text):
        game, area = match["game"], match["area"]
        start = match.start()
        if game not in schemes:
            game, start = home, match.start("id")
        scheme = schemes.get(game)
        if scheme is not None and area in scheme.areas:
            yield game, match["id"], (start, match.end())


def cited_ids(text: str, game: str | Scheme = DEFAULT_GAME) -> set[str]:
    """Every clause ID cited in ``text`` (:func:`find_ids`; the index is not consulted): the
    IDs of the spec of ``game`` (a game's name or its spec's scheme) plain, those of another
    game's spec qualified.

    >>> sorted(cited_ids("(TAKE-01..04, RUL-07; FIG-1; DONE-06)"))
    ['DONE-06', 'RUL-07', 'TAKE-01']
    >>> sorted(cited_ids("see sagrada:PLACE-03, TOOL-01 and sintra:ENG-02", "sagrada"))
    ['PLACE-03', 'TOOL-01', 'sintra:ENG-02']
    """
    from sintra_rules.clauses.loader import schemes

    known = dict(schemes())
    if isinstance(game, Scheme):
        known[game.game] = game
        game = game.game
    out = set()
    for found, clause_id, _span in find_ids(text, known, game):
        out.add(clause_id if found == game else f"{found}:{clause_id}")
    return out


def _unknown_reason(clause_id: str, spec: Spec, also: Sequence[str] = ()) -> str:
    """Why ``clause_id`` is not a clause of ``spec``, with ``also`` (the same ID in other
    games' specs) and the nearest real IDs as a hint (qualified outside the default game)."""
    areas = spec.scheme.areas
    close = difflib.get_close_matches(clause_id, list(spec.by_id), n=3, cutoff=0.5)
    shown = [spec.by_id[found].shown for found in close]
    hints = [*also, *shown]
    hint = f"; did you mean {' or '.join(hints)}?" if hints else ""
    area, dash, number = clause_id.partition("-")
    index = f"spec/{spec.game}/{_INDEX}"
    if dash and area.isalpha() and number.isdigit() and len(number) == 2 and area not in areas:
        return f"no area {area} in the spec (the areas are {', '.join(areas)}){hint}"
    if not spec.scheme.id_re.fullmatch(clause_id):
        example = spec.clauses[0].id if spec.clauses else "COMP-01"
        return f"not a clause ID: IDs have the form AREA-NN, e.g. {example}{hint}"
    return f"no such clause in {index}{hint}"


@functools.lru_cache(maxsize=8)
def _citing_rulings(spec: Spec) -> Mapping[str, tuple[Clause, ...]]:
    """Per clause ID, the active rulings citing it in their text (all four parts) or their
    sources' labels, in index order."""
    found: dict[str, list[Clause]] = {}
    for clause in spec.clauses:
        if clause.kind != "ruling" or clause.status != "active":
            continue
        text = "\n".join([clause.text, *(citation.label for citation in clause.sources)])
        for cited in sorted(cited_ids(text, spec.scheme) - {clause.id}):
            found.setdefault(cited, []).append(clause)
    return types.MappingProxyType({key: tuple(value) for key, value in found.items()})
