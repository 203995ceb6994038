"""A clause as a player reads it: plain text without markup, reflowed (ENG-05)."""

from __future__ import annotations

import re
import textwrap
import unicodedata

import attrs

from sintra_rules.clauses.loader import load_spec
from sintra_rules.clauses.model import DEFAULT_GAME, Citation, Clause, Spec

__all__ = ["citation_parts", "citation_text", "render_clause"]


def _words(text: str) -> set[str]:
    """The words of ``text`` in lower case without accents (for comparing a note with a
    label)."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return set(re.findall(r"\w+", plain))


def citation_parts(citation: Citation, spec: Spec | None = None) -> tuple[str, str, str]:
    """The words a reader sees for ``citation``, in three parts: the edition and the printed
    section its first line falls in (from the hand-written outline of the rulebook texts,
    :attr:`Spec.outline`), the line reference (file and lines of the text file, secondary), and
    the citation's own note, empty when the section's label already holds all its words. When
    the cited lines run on beyond that section and its subsections, the label names the
    section of the last line too: ``NL, Voorbereiding, 7 to 8``.

    Args:
        citation: a citation of a clause's ``**Sources.**`` line.
        spec: the spec whose outline labels it (default: its game's, :func:`load_spec`).

    Returns:
        ``(label, line reference, note)``.

    Raises:
        SpecError: the cited line lies before the first section of its edition.

    >>> citation_parts(Citation.parse("EN 000:112 (joker spaces hold any colour)"))
    ('EN, A) Advance a pattern, Step 2, Attention', '000:112', 'joker spaces hold any colour')
    >>> citation_parts(Citation.parse("NL 003:86 (Stap 1 a)"))
    ('NL, A) Leg een patroon, Stap 1, a)', '003:86', '')
    >>> citation_parts(Citation.parse("RM 002:40-41 (agrees)"))
    ('RM, 3. Setup, 9 to 10', '002:40-41', 'agrees')
    >>> citation_parts(Citation.parse("EN sagrada-rulebook.md:78 (first die)", "sagrada"))
    ('EN, Gameplay, Placing Dice, First die', 'sagrada-rulebook.md:78', '')
    """
    outline = (spec or load_spec(citation.game)).outline
    first, last = citation.first, citation.last
    start = outline.section(citation).path
    end = outline.section(attrs.evolve(citation, first=last)).path
    label = ", ".join(start)
    if end[: len(start)] != start:
        shared = 0
        while shared < min(len(start), len(end)) - 1 and start[shared] == end[shared]:
            shared += 1
        label = ", ".join(
            [*start[:shared], " to ".join([", ".join(start[shared:]), ", ".join(end[shared:])])]
        )
    label = f"{citation.edition}, {label}"
    lines = f"{first}" if first == last else f"{first}-{last}"
    note = "" if _words(citation.label) <= _words(label) else citation.label
    return label, f"{citation.file}:{lines}", note


def citation_text(citation: Citation, spec: Spec | None = None) -> str:
    """``citation`` as a reader checks it: edition and printed section first, the line
    reference second, then its note (:func:`citation_parts`; the docs and ``sintra rule`` both
    show these words).

    Args:
        citation: a citation of a clause's ``**Sources.**`` line.
        spec: the spec whose outline labels it (default: its game's, :func:`load_spec`).

    Returns:
        One line of text.

    Raises:
        SpecError: the cited line lies before the first section of its edition.

    >>> citation_text(Citation.parse("EN 000:88 (the tile's step moves the same marker)"))
    "EN, A) Advance a pattern, Step 1, Attention (000:88): the tile's step moves the same marker"
    """
    label, where, note = citation_parts(citation, spec)
    return f"{label} ({where})" + (f": {note}" if note else "")


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


def render_clause(clause: Clause, spec: Spec | None = None) -> str:
    """The clause as a player reads it: ID, title, statement (for a ruling its question,
    ruling, reasoning and rejected alternatives), the rulebook passages it rests on and, under
    ``Rulings:``, every ruling that cites it, each with its ID, title and ruling (the rulings of
    ``spec``, default the shipped spec of the clause's game,
    :func:`~sintra_rules.clauses.loader.load_spec`; reflowed to lines of at most 100
    characters). The clause and its rulings are named by their IDs as :attr:`Clause.shown`
    gives them: plain for Sintra's, qualified for another game's (``sagrada:PLACE-03``).

    >>> from sintra_rules.clauses import get_clause
    >>> print(render_clause(get_clause("sagrada:PLACE-09")))  # doctest: +ELLIPSIS
    sagrada:PLACE-09 — Placement mistakes
    (rule, spec of Sagrada, page 03-turn.md)
    ...
    Sources:
      EN, End Game Scoring, Dice Placement Mistakes (sagrada-rulebook.md:124-126)
    ...
    """
    spec = spec or load_spec(clause.game)
    status = "" if clause.status == "active" else f", {clause.status}"
    if clause.replaced_by:
        replaced = spec.by_id.get(clause.replaced_by)
        status += f", replaced by {replaced.shown if replaced else clause.replaced_by}"
    where = "spec" if clause.game == DEFAULT_GAME else f"spec of {spec.scheme.title},"
    out = [
        f"{clause.shown} — {clause.title}",
        f"({clause.kind}, {where} page {clause.page}{status})",
    ]
    if clause.text:
        out += ["", _plain(clause.text)]
    if clause.sources:
        out += ["", "Sources:"]
        for citation in clause.sources:
            out += textwrap.wrap(
                citation_text(citation, spec),
                100,
                initial_indent="  ",
                subsequent_indent="    ",
                break_long_words=False,
                break_on_hyphens=False,
            )
    rulings = spec.rulings_citing(clause.id)
    if rulings:
        out += ["", "Rulings:"]
        for number, ruling in enumerate(rulings):
            out += [""] if number else []
            out.append(f"  {ruling.shown} — {ruling.title}")
            out += _reflow(_plain(ruling.ruling or ""), "    ")
    return "\n".join(out)
