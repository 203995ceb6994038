"""Loading and validating a game's spec: scheme, pages, index, glossary and outline (ENG-05).

Each game's spec is a directory ``spec/<game>/`` (Sintra's ``spec/sintra/``, Sagrada's
``spec/sagrada/``): what it is made of (``spec.toml``: the game, the areas of its clause IDs,
the editions its citations name), a set of MyST pages, the registry of permanent clause IDs
(``index.toml``), a glossary of the rulebooks' words (``glossary.toml``) and the outline of the
cited texts (``outline.toml``). On a page every clause is an ``(ID)=`` anchor line followed by a
``### ID — Title`` heading, the statement, and a ``**Sources.**`` line citing the rulebooks; a
ruling also has ``**Question.**``, ``**Ruling.**``, ``**Reasoning.**`` and ``**Rejected
alternatives.**`` parts.

Inside a game's spec a clause is written by its plain ID (``PLACE-03``); across games it is
qualified by the game (``sagrada:PLACE-03``). An unqualified ID given without a game is the
default game's (:data:`~sintra_rules.clauses.model.DEFAULT_GAME`, Sintra), so that every
existing citation of Sintra's clauses keeps its meaning.
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
    _INDEX,
    DEFAULT_GAME,
    STATUSES,
    Citation,
    Clause,
    Edition,
    GlossaryTerm,
    Scheme,
    Spec,
    _unknown_reason,
    find_ids,
)
from sintra_rules.clauses.outline import OUTLINE, read_outline
from sintra_rules.errors import SpecError, UnknownClause

__all__ = [
    "get_clause",
    "load_spec",
    "normalise_clause_id",
    "read_scheme",
    "schemes",
    "spec_dir",
    "spec_games",
    "split_clause_id",
]

_read = Reader(SpecError)


_SCHEME = "spec.toml"
_GLOSSARY = "glossary.toml"
_FORMAT = 1
_SCHEME_FIELDS = frozenset({"format", "game", "title", "areas", "kinds", "edition"})
_EDITION_FIELDS = frozenset({"code", "file", "text", "name", "lines", "glossary", "language"})
_KINDS = ("rule", "ruling", "figure", "engine")
_INDEX_FIELDS = frozenset({"id", "title", "page", "kind", "status", "replaced_by"})
_RULING_PARTS = ("Question", "Ruling", "Reasoning", "Rejected alternatives")
_SOURCES = "**Sources.**"
_NO_SOURCES = "None"

_GAME_RE = re.compile(r"^[a-z][a-z0-9_]*$")
_AREA_RE = re.compile(r"^[A-Z][A-Z0-9]*$")
_ANCHOR_RE = re.compile(r"^\((?P<label>[^()\s]+)\)=\s*$")
_ID_SHAPE_RE = re.compile(r"^[A-Z][A-Z0-9]*-\d+$")
_HEADING_RE = re.compile(r"^### (?P<id>\S+) — (?P<title>.+?)\s*$")
_END_RE = re.compile(r"^#{1,3} ")
_PART_RE = re.compile(r"^\*\*(?P<name>[A-Z][a-z]+(?: [a-z]+)*)\.\*\*(?:\s|$)")


def _roots() -> tuple[Path, Path]:
    """Where the specs are: the copy packaged in an installed wheel, the source tree's."""
    package = Path(__file__).resolve().parents[1]
    return package / "_spec", package.parent / "spec"


def spec_dir(game: str = DEFAULT_GAME) -> Path:
    """The directory of a game's spec: the copy packaged in an installed wheel
    (``sintra_rules/_spec/<game>``) if there is one, else the source tree's ``spec/<game>/``.

    Raises :class:`SpecError` when neither exists.
    """
    packaged, source = _roots()
    if _GAME_RE.match(game):
        for candidate in (packaged / game, source / game):
            if (candidate / _INDEX).is_file():
                return candidate
    games = ", ".join(spec_games()) or "none"
    raise SpecError(
        f"spec/{game}",
        f"no spec of a game {game!r}, packaged or in the source tree (the games with a spec: "
        f"{games})",
    )


def spec_games() -> tuple[str, ...]:
    """The games that have a spec (a directory with an ``index.toml``, packaged or in the
    source tree), in alphabetical order.

    >>> spec_games()
    ('sagrada', 'sintra')
    """
    found = {
        path.parent.name
        for root in _roots()
        if root.is_dir()
        for path in root.glob(f"*/{_INDEX}")
        if _GAME_RE.match(path.parent.name)
    }
    return tuple(sorted(found))


def schemes() -> Mapping[str, Scheme]:
    """The scheme (``spec.toml``) of every game with a spec (:func:`spec_games`), by game.

    Raises:
        SpecError: a spec's ``spec.toml`` is missing or malformed.
    """
    return types.MappingProxyType({game: read_scheme(spec_dir(game)) for game in spec_games()})


def read_scheme(directory: Path) -> Scheme:
    """The scheme of the spec in ``directory``: its ``spec.toml`` (game, title, areas, kinds,
    editions), validated; cached until the file changes.

    Raises:
        SpecError: the file is missing, not TOML, or malformed.
    """
    path = Path(directory).resolve() / _SCHEME
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise SpecError(_rel(path), "file not found") from None
    return _scheme(path, stat.st_mtime_ns, stat.st_size)


def load_spec(game: str | Path | None = None) -> Spec:
    """Load and validate a game's spec: ``game`` names the game (default Sintra's,
    :func:`spec_dir`), or is the :class:`~pathlib.Path` of a spec directory; cached until one of
    its files changes.

    Validation: ``spec.toml`` (:func:`read_scheme`); the index's fields and IDs (unique,
    ``AREA-NN`` with an area of the scheme, kind matching the area, the page exists); every
    indexed active clause has exactly one anchor and heading on its page, with the indexed
    title; every anchor on a page is in the index with that page; every clause has a
    ``**Sources.**`` line of well-formed citations of the scheme's editions, each falling in a
    section of the outline of the texts (``outline.toml``,
    :func:`~sintra_rules.clauses.outline.read_outline`), and a ruling its four parts; every
    clause ID mentioned on a page or in the glossary exists (an ID qualified by another game,
    ``sintra:ENG-02``, in that game's index). Raises :class:`SpecError` otherwise.

    >>> spec = load_spec()
    >>> spec.clause("RUL-07").kind, spec.clause("RUL-07").page
    ('ruling', '08-rulings.md')
    >>> sagrada = load_spec("sagrada")
    >>> sagrada.game, sagrada.clause("PLACE-03").title, len(sagrada.clauses)
    ('sagrada', 'Colour spaces', 117)
    """
    if isinstance(game, str) or game is None:
        folder = spec_dir(game or DEFAULT_GAME).resolve()
    else:
        folder = Path(game).resolve()
    files = sorted(p for p in folder.glob("*") if p.suffix in (".md", ".toml") and p.is_file())
    return _load(folder, tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in files))


def get_clause(clause_id: str, game: str | None = None) -> Clause:
    """The clause with ID ``clause_id`` (case and surrounding spaces are ignored).

    A qualified ID (``sagrada:PLACE-03``) names its game; a plain one (``PLACE-05``) is a clause
    of ``game``, by default Sintra's (:data:`~sintra_rules.clauses.model.DEFAULT_GAME`).

    Raises :class:`~sintra_rules.errors.UnknownClause` for an ID that is malformed or not in
    the index of its game's spec, a game without a spec, or an ID qualified by another game than
    ``game``; the reason names the nearest IDs, and the same ID in another game's spec.

    >>> get_clause("place-05").id
    'PLACE-05'
    >>> get_clause("sagrada:place-3").title, get_clause("PLACE-03", "sagrada").qualified
    ('Colour spaces', 'sagrada:PLACE-03')
    >>> get_clause("PLACE-55")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sintra_rules.errors.UnknownClause: PLACE-55: no such clause in spec/sintra/index.toml; did \
you mean PLACE-05 or ...?
    >>> get_clause("TOOL-03")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sintra_rules.errors.UnknownClause: TOOL-03: no area TOOL in the spec (the areas are COMP, \
...); did you mean sagrada:TOOL-03...?
    """
    if not isinstance(clause_id, str):
        return load_spec(game).clause(repr(clause_id))
    qualifier, plain = split_clause_id(clause_id)
    asked = normalise_clause_id(clause_id)
    if qualifier is not None and game is not None and qualifier != game:
        raise UnknownClause(asked, f"the ID names the game {qualifier}, not {game}")
    wanted = qualifier or game or DEFAULT_GAME
    games = spec_games()
    if wanted not in games:
        raise UnknownClause(
            asked, f"no game {wanted} has a spec (the games with a spec: {', '.join(games)})"
        )
    spec = load_spec(wanted)
    found = spec.by_id.get(plain)
    if found is not None:
        return found
    elsewhere = [f"{other}:{plain}" for other in games if plain in load_spec(other).by_id]
    shown = plain if wanted == DEFAULT_GAME and qualifier is None else f"{wanted}:{plain}"
    elsewhere = [name for name in elsewhere if name.split(":")[0] != wanted]
    raise UnknownClause(shown, _unknown_reason(plain, spec, elsewhere))


_LOOSE_ID_RE: Final = re.compile(r"([A-Z]+)[-\s_]*0*(\d{1,2})")


def normalise_clause_id(text: str) -> str:
    """``text`` as a clause ID is written: surrounding spaces dropped, capitals, the number
    with two digits (``place-5``, ``PLACE 5`` and ``PLACE5`` are ``PLACE-05``), a game's
    qualifier in small letters (``Sagrada:place-3`` is ``sagrada:PLACE-03``). Text that does not
    look like an area and a number comes back stripped and in capitals only.

    >>> normalise_clause_id(" place-5 "), normalise_clause_id("RUL7"), normalise_clause_id("x")
    ('PLACE-05', 'RUL-07', 'X')
    >>> normalise_clause_id("Sagrada: tool 1")
    'sagrada:TOOL-01'
    """
    game, plain = split_clause_id(text)
    return plain if game is None else f"{game}:{plain}"


def split_clause_id(text: str) -> tuple[str | None, str]:
    """``text`` as a clause ID (:func:`normalise_clause_id`) split into its game's qualifier
    (``None`` when it has none) and the plain ID.

    >>> split_clause_id("sagrada:PLACE-03"), split_clause_id(" take 3")
    (('sagrada', 'PLACE-03'), (None, 'TAKE-03'))
    """
    game, colon, rest = text.partition(":")
    if not colon:
        game, rest = "", text
    wanted = rest.strip().upper()
    loose = _LOOSE_ID_RE.fullmatch(wanted)
    if loose is not None:
        wanted = f"{loose.group(1)}-{int(loose.group(2)):02d}"
    return (game.strip().lower() if colon else None), wanted


@functools.lru_cache(maxsize=8)
def _scheme(path: Path, mtime: int, size: int) -> Scheme:
    """Read the ``spec.toml`` at ``path``; ``mtime`` and ``size`` only key the cache."""
    data = _read_toml(path)
    extra = set(data) - _SCHEME_FIELDS
    if extra:
        raise SpecError(_rel(path), f"unknown field(s) {', '.join(sorted(extra))}")
    game = data.get("game")
    if not isinstance(game, str) or not _GAME_RE.match(game):
        raise SpecError(_rel(path), "game must be a name in small letters (the spec's directory)")
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        raise SpecError(_rel(path), "title must be the game's name")
    areas = data.get("areas")
    if (
        not isinstance(areas, list)
        or not areas
        or not all(isinstance(area, str) and _AREA_RE.match(area) for area in areas)
        or len(set(areas)) != len(areas)
    ):
        raise SpecError(_rel(path), "areas must be a non-empty list of distinct codes in capitals")
    kinds = _read.mapping(data.get("kinds", {}), f"{_rel(path)}: kinds", "a table")
    for area, kind in kinds.items():
        if area not in areas or kind not in _KINDS:
            raise SpecError(
                f"{_rel(path)}: kinds",
                f"{area} = {kind!r}: an area of the list and one of {', '.join(_KINDS)}",
            )
    raw = data.get("edition")
    if not isinstance(raw, list) or not raw:
        raise SpecError(_rel(path), "expected a non-empty list of [[edition]] tables")
    editions = [
        _edition(f"{_rel(path)}: edition {number}", entry) for number, entry in enumerate(raw, 1)
    ]
    codes = [edition.code for edition in editions]
    fields = [edition.glossary for edition in editions if edition.glossary is not None]
    if len(set(codes)) != len(codes) or len(set(fields)) != len(fields):
        raise SpecError(_rel(path), "an edition's code, or glossary field, is listed twice")
    return Scheme(game, title, tuple(areas), types.MappingProxyType(dict(kinds)), tuple(editions))


def _edition(where: str, entry: object) -> Edition:
    """One ``[[edition]]`` table of a ``spec.toml``."""
    table = _read.mapping(entry, where, "a table")
    extra = set(table) - _EDITION_FIELDS
    if extra:
        raise SpecError(where, f"unknown field(s) {', '.join(sorted(extra))}")
    text: dict[str, str] = {}
    for key in ("code", "file", "text", "name"):
        value = table.get(key)
        if not isinstance(value, str) or not value.strip():
            raise SpecError(where, f"missing or empty field {key!r}")
        text[key] = value
    if not _AREA_RE.match(text["code"]) or not re.fullmatch(r"[^\s:]+", text["file"]):
        raise SpecError(where, "code must be capitals, file a name without spaces or ':'")
    lines = table.get("lines", [1, None])
    first = lines[0] if isinstance(lines, list) and len(lines) == 2 else None
    last = lines[1] if isinstance(lines, list) and len(lines) == 2 else None
    if type(first) is not int or first < 1 or (last is not None and type(last) is not int):
        raise SpecError(where, "lines must be [first, last] with 1 <= first <= last")
    if last is not None and last < first:
        raise SpecError(where, "lines must be [first, last] with 1 <= first <= last")
    glossary, language = table.get("glossary"), table.get("language")
    for value in (glossary, language):
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise SpecError(where, "glossary and language must be text")
    if (glossary is None) != (language is None):
        raise SpecError(where, "glossary (a field of glossary.toml) comes with language (its name)")
    return Edition(
        text["code"], text["file"], text["text"], text["name"], first, last, glossary, language
    )


@functools.lru_cache(maxsize=8)
def _load(directory: Path, signature: tuple[tuple[str, int, int], ...]) -> Spec:
    """Load the spec in ``directory``; ``signature`` (name, mtime, size of each file) only
    keys the cache."""
    scheme = read_scheme(directory)
    index_path = directory / _INDEX
    entries = _read_index(index_path, directory, scheme)
    known = {entry["id"] for entry in entries}
    pages: dict[str, dict[str, Clause]] = {}
    for page in sorted({entry["page"] for entry in entries} | _md_files(directory)):
        pages[page] = _read_page(directory, page, entries, known, scheme)
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
                entry["id"],
                entry["title"],
                entry["page"],
                entry["kind"],
                entry["status"],
                "",
                (),
                game=scheme.game,
            )
        clauses.append(attrs.evolve(found, replaced_by=entry.get("replaced_by")))
    by_id = types.MappingProxyType({clause.id: clause for clause in clauses})
    glossary = _read_glossary(directory / _GLOSSARY, known, scheme)
    outline = read_outline(directory / OUTLINE, scheme)
    for clause in clauses:
        for citation in clause.sources:
            try:
                outline.section(citation)
            except SpecError as error:
                raise SpecError(
                    f"{_rel(directory / clause.page)}: {clause.id}", error.reason
                ) from None
    return Spec(directory, tuple(clauses), glossary, by_id, outline, scheme)


def _rel(path: Path) -> str:
    """``path`` as ``sintra/<name>``-style text for messages (the game's spec directory and
    the file)."""
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


def _read_index(path: Path, directory: Path, scheme: Scheme) -> list[dict[str, str]]:
    entries: list[dict[str, str]] = []
    seen: set[str] = set()
    for where, entry in _tables(path, "clause", _INDEX_FIELDS):
        for key in ("id", "title", "page", "kind", "status"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise SpecError(where, f"missing or empty field {key!r}")
        clause_id = entry["id"]
        where = f"{_rel(path)}: {clause_id}"
        if not scheme.id_re.fullmatch(clause_id):
            raise SpecError(where, f"ID must be AREA-NN with AREA one of {', '.join(scheme.areas)}")
        if clause_id in seen:
            raise SpecError(where, "duplicate ID")
        seen.add(clause_id)
        kind = scheme.kind(clause_id.split("-")[0])
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


def _foreign_ids(game: str) -> frozenset[str]:
    """The IDs in the index of another game's spec (for the qualified IDs a page mentions)."""
    try:
        directory = spec_dir(game)
    except SpecError:
        return frozenset()
    return frozenset(
        entry["id"] for _where, entry in _tables(directory / _INDEX, "clause", _INDEX_FIELDS)
    )


def _read_page(
    directory: Path,
    page: str,
    entries: Sequence[Mapping[str, str]],
    known: set[str],
    scheme: Scheme,
) -> dict[str, Clause]:
    """Parse every clause on ``page``, checking anchors and headings against the index, and
    every clause ID the page mentions (another game's, ``sintra:ENG-02``, in its index)."""
    path = directory / page
    lines = path.read_text("utf-8").split("\n")
    indexed = {entry["id"]: entry for entry in entries if entry["page"] == page}
    everywhere = {entry["id"]: entry["page"] for entry in entries}
    every_scheme = {**schemes(), scheme.game: scheme}
    for number, line in enumerate(lines, 1):
        for game, mention, (start, end) in find_ids(line, every_scheme, scheme.game):
            written = line[start:end]
            if game == scheme.game and mention not in known:
                raise SpecError(f"{_rel(path)}:{number}", f"{written} is not in {_INDEX}")
            if game != scheme.game and mention not in _foreign_ids(game):
                raise SpecError(
                    f"{_rel(path)}:{number}", f"{written} is not in spec/{game}/{_INDEX}"
                )
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
        where = f"{_rel(path)}:{head + 1}"
        found[clause_id] = _parse_clause(entry, body[:cut], where, head + 1, scheme)
    return found


def _parse_clause(
    entry: Mapping[str, str], body: Sequence[str], where: str, line: int, scheme: Scheme
) -> Clause:
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
    sources = _parse_sources(cited, entry, where, scheme)
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
        game=scheme.game,
    )


def _parse_sources(
    cited: str, entry: Mapping[str, str], where: str, scheme: Scheme
) -> tuple[Citation, ...]:
    if cited.startswith(_NO_SOURCES) and entry["kind"] == "engine":
        return ()
    if not cited:
        raise SpecError(where, f"empty '{_SOURCES}' line")
    out: list[Citation] = []
    for part in cited.split(" · "):
        try:
            out.append(Citation.parse(part, scheme))
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


def _read_glossary(path: Path, known: set[str], scheme: Scheme) -> tuple[GlossaryTerm, ...]:
    languages = [field for field, _name in scheme.languages]
    out: list[GlossaryTerm] = []
    for where, entry in _tables(path, "term", frozenset({"term", "clauses", "note", *languages})):
        term = entry.get("term")
        if not isinstance(term, str) or not term.strip():
            raise SpecError(where, "missing or empty field 'term'")
        where = f"{_rel(path)}: {term}"
        lists: dict[str, tuple[str, ...]] = {}
        for key in (*languages, "clauses"):
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
        words = tuple((field, lists[field]) for field in languages)
        out.append(GlossaryTerm(term, words, lists["clauses"], note))
    return tuple(out)
