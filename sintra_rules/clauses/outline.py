"""The outline of the rulebook texts: the printed section each cited line falls in.

``spec/<game>/outline.toml`` (Sintra's, Sagrada's) lists, for each edition of the game's spec
(:class:`~sintra_rules.clauses.model.Scheme`), the printed sections, steps, examples and
boxes of its text in order, each with its first line and its path of printed headings, as
read by hand (never guessed from the text). A citation (``EN 000:88 (...)``) is labelled with
the section its first line falls in: the last entry of its edition at or before that line.
:func:`read_outline` reads it into an :class:`~sintra_rules.clauses.model.Outline` (the
spec's :attr:`~sintra_rules.clauses.model.Spec.outline`);
:func:`sintra_rules.clauses.text.citation_text` makes the words a reader sees.

>>> from sintra_rules.clauses import Citation, load_spec
>>> outline = load_spec().outline
>>> outline.section(Citation.parse("EN 000:88 (the tile's step)")).label
'A) Advance a pattern, Step 1, Attention'
>>> outline.section(Citation.parse("ES 001:384 (x)")).label
'Final de la partida, 3), Cara A'
>>> sagrada = load_spec("sagrada")
>>> sagrada.outline.section(Citation.parse("EN sagrada-rulebook.md:78 (x)", "sagrada")).label
'Gameplay, Placing Dice, First die'
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, Final

from sintra_rules.clauses.model import SEPARATOR, Edition, Outline, Scheme, Section
from sintra_rules.errors import SpecError

__all__ = ["OUTLINE", "read_outline"]

#: The file of the outline in the spec directory.
OUTLINE: Final = "outline.toml"
_FORMAT = 1
_EDITION_FIELDS = frozenset({"code", "file", "sections", "entries"})
_ENTRY_FIELDS = frozenset({"line", "path", "at"})
_BRACKETED = re.compile(r"^\[[^\[\]]+\]$")


def read_outline(path: Path, scheme: Scheme) -> Outline:
    """Read and validate the outline file ``path`` of the spec ``scheme``.

    Validation: every edition of the scheme has one ``[[edition]]`` with its file; its
    entries are tables of ``line`` (inside the edition's lines of the text file, increasing),
    ``path`` (non-empty headings joined by :data:`SEPARATOR`) and optional ``at``; a heading in
    ``[brackets]`` comes with ``at``; an entry's path without its last heading is the path of
    an earlier entry.

    Args:
        path: the ``outline.toml`` file.
        scheme: the spec's scheme (its editions).

    Returns:
        The outline.

    Raises:
        SpecError: the file is missing, not TOML or malformed (``where`` names the entry).
    """
    where = f"{path.parent.name}/{path.name}"
    try:
        data: dict[str, Any] = tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise SpecError(where, "file not found") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise SpecError(where, f"not valid TOML: {error}") from None
    if data.get("format") != _FORMAT:
        raise SpecError(where, f"format must be {_FORMAT}, got {data.get('format')!r}")
    raw = data.get("edition")
    if not isinstance(raw, list):
        raise SpecError(where, "expected a list of [[edition]] tables")
    sections: dict[str, tuple[Section, ...]] = {}
    notes: dict[str, str] = {}
    for number, table in enumerate(raw, 1):
        place = f"{where}: edition {number}"
        if not isinstance(table, dict) or set(table) != _EDITION_FIELDS:
            fields = ", ".join(sorted(_EDITION_FIELDS))
            raise SpecError(place, f"an [[edition]] table has exactly the fields {fields}")
        code = table["code"]
        edition = scheme.edition(code) if isinstance(code, str) else None
        if edition is None or code in sections:
            raise SpecError(place, f"edition {code!r} is unknown or listed twice")
        if table["file"] != edition.file or not isinstance(table["sections"], str):
            raise SpecError(f"{where}: {code}", f"file must be {edition.file!r}, sections text")
        sections[code] = _entries(f"{where}: {code}", edition, table["entries"])
        notes[code] = table["sections"]
    missing = [edition.code for edition in scheme.editions if edition.code not in sections]
    if missing:
        raise SpecError(where, f"no outline for the edition(s) {', '.join(missing)}")
    return Outline(sections, notes, where)


def _entries(where: str, edition: Edition, raw: object) -> tuple[Section, ...]:
    if not isinstance(raw, list) or not raw:
        raise SpecError(where, "entries must be a non-empty list of tables")
    code, low, high = edition.code, edition.first, edition.last
    out: list[Section] = []
    seen: set[tuple[str, ...]] = set()
    for entry in raw:
        if not isinstance(entry, dict) or not {"line", "path"} <= set(entry) <= _ENTRY_FIELDS:
            raise SpecError(where, f"an entry has line, path and optional at: {entry!r}")
        line, text, at = entry["line"], entry["path"], entry.get("at")
        place = f"{where}: line {line!r}"
        if type(line) is not int or not low <= line <= (high or line):
            raise SpecError(place, f"line must be a whole number from {low} to {high or 'the end'}")
        if out and line <= out[-1].line:
            raise SpecError(place, f"lines must increase (after line {out[-1].line})")
        if not isinstance(text, str) or not isinstance(at, str | None):
            raise SpecError(place, "path and at must be text")
        path = tuple(part.strip() for part in text.split(SEPARATOR.strip()))
        if not all(path) or SEPARATOR.join(path) != text:
            raise SpecError(place, f"path must be headings joined by {SEPARATOR!r}: {text!r}")
        if _BRACKETED.match(path[-1]) and not at:
            raise SpecError(place, "a heading in [brackets] is not printed: give the printed 'at'")
        if len(path) > 1 and path[:-1] not in seen:
            raise SpecError(place, f"{SEPARATOR.join(path[:-1])!r} is no earlier entry's path")
        seen.add(path)
        out.append(Section(code, line, path, at))
    return tuple(out)
