"""The specifications themselves: scheme, registry, pages, citations, rulings, glossary and
search, for each game's spec (``spec/sintra/``, ``spec/sagrada/``).

These tests read ``spec/`` and the rulebook texts directly (with their own small parsers and
their own table of each game's texts, not those of :mod:`sintra_rules.clauses`) and check that
the loader agrees with them, so that a loader bug cannot hide a spec error. The rulebook texts
are read from ``../shared/rulebooks`` beside the repository (as CI provides them) or from
``$SINTRA_RULEBOOKS`` (Sagrada's component notes from ``sagrada/components.md`` beside that
directory); the tests that read them are marked ``rulebooks`` (see ``tests/conftest.py``:
skipped when the texts are absent, failed instead when CI requires them).

Clause IDs are deliberately not written out in this module except where a test exercises the
clause itself: the traceability report counts every ID written in ``tests/`` as tested (a plain
ID as Sintra's, a qualified one as its game's).
"""

from __future__ import annotations

import re
import shutil
import tomllib
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from sintra_rules import (
    GameState,
    Reset,
    SpecError,
    Take,
    UnknownClause,
    apply,
    clauses,
    legal_actions,
    new_game,
)
from sintra_rules.clauses import get_clause, load_spec, loader, search_clauses
from sintra_rules.games.sintra.verify.positions import (
    BLUE,
    PINK,
    YELLOW,
    bare,
    rebalance,
    set_factories,
    set_player,
    set_strips,
    strip_for,
)
from tests.conftest import RULEBOOKS

ROOT = Path(__file__).resolve().parents[1]


@attrs.frozen
class Game:
    """What this module knows of a game's spec, written from its index page (not read from
    ``spec.toml``): its texts, rulings and kinds, and which citations carry a verdict."""

    name: str
    #: Citation code -> (citation file, text file under RULEBOOKS, first line, last line).
    texts: dict[str, tuple[str, str, int, int | None]]
    rulings: int
    rulings_page: str
    kinds: frozenset[str]
    #: The codes whose every citation carries a verdict, and the code never judged.
    judged: frozenset[str]
    authority: str = "EN"
    #: Glossary field -> the code of the text its words come from.
    glossary: dict[str, str] = attrs.field(factory=dict)
    #: Fewer citations than this would mean that the pages lost some.
    citations: int = 0

    @property
    def spec(self) -> Path:
        return ROOT / "spec" / self.name

    @property
    def citation(self) -> re.Pattern[str]:
        codes = "|".join(self.texts)
        files = "|".join(re.escape(file) for file, _text, _low, _high in self.texts.values())
        return re.compile(rf"^({codes}) ({files}):(\d+)(?:-(\d+))? \((.+)\)$")


SINTRA = Game(
    "sintra",
    {
        "EN": ("000", "000_c3de8999d4d202e8.txt", 1, None),
        "ES": ("001", "001_e66e14c4fcff14b1.txt", 1, None),
        "RM": ("002", "002_1fe2e67ce1eed5b5.txt", 1, None),
        "NL": ("003", "003_bf4779cb9f3c8b0a.txt", 1, 312),
        "FR": ("003", "003_bf4779cb9f3c8b0a.txt", 316, 618),
    },
    rulings=20,
    rulings_page="08-rulings.md",
    kinds=frozenset({"rule", "ruling", "figure", "engine"}),
    judged=frozenset({"RM"}),
    glossary={"en": "EN", "es": "ES", "nl": "NL", "fr": "FR"},
    citations=400,
)
SAGRADA = Game(
    "sagrada",
    {
        "EN": ("sagrada-rulebook.md", "sagrada-rulebook.md", 1, None),
        "WEB": ("004", "004_56165055ac263060.txt", 1, None),
        "CM": ("components.md", "../sagrada/components.md", 1, None),
    },
    rulings=20,
    rulings_page="07-rulings.md",
    kinds=frozenset({"rule", "ruling", "engine"}),
    judged=frozenset({"WEB"}),
    glossary={"en": "EN"},
    citations=350,
)
GAMES = {game.name: game for game in (SINTRA, SAGRADA)}
each_game = pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
#: A clause ID as the pages write it, not qualified by a game (``game:AREA-NN`` is not one).
ID_SHAPE = re.compile(r"(?<![\w:])[A-Z]{2,5}-\d{2}\b")
#: A clause ID qualified by a game, as a page may mention another game's clause.
QUALIFIED = re.compile(r"(?<![\w:])([a-z]+):([A-Z]{2,5}-\d{2})\b")
RULING_MARKERS = ("**Question.**", "**Ruling.**", "**Reasoning.**", "**Rejected alternatives.**")


def text_lines(relative: str) -> list[str]:
    """The lines of a rulebook text, numbered from 1 as ``cat -n`` numbers them."""
    path = RULEBOOKS / relative
    assert path.is_file(), f"rulebook text {path} not found: set SINTRA_RULEBOOKS"
    lines = path.read_text("utf-8").split("\n")
    return lines[:-1] if lines[-1] == "" else lines


def index_entries(game: Game = SINTRA) -> list[dict[str, str]]:
    data = tomllib.loads((game.spec / "index.toml").read_text("utf-8"))
    entries: list[dict[str, str]] = data["clause"]
    return entries


def spec_pages(game: Game = SINTRA) -> list[Path]:
    return sorted(game.spec.glob("*.md"))


def area_table(game: Game) -> dict[str, str]:
    """Area -> page number, from the index page's table of areas."""
    table = (game.spec / "index.md").read_text("utf-8")
    return dict(re.findall(r"^\| ([A-Z]+) \| [^|]+ \| (\d\d) \|$", table, re.M))


def sources_lines(game: Game = SINTRA) -> list[tuple[str, int, str]]:
    """Every ``**Sources.**`` line of every page: (page, line number, text after the label)."""
    out = []
    for page in spec_pages(game):
        for number, line in enumerate(page.read_text("utf-8").split("\n"), 1):
            if line.startswith("**Sources.**"):
                out.append((page.name, number, line[len("**Sources.**") :].strip()))
    return out


def fold(text: str) -> str:
    """Lower case, no accents, no markdown asterisks, words separated by single spaces."""
    decomposed = unicodedata.normalize("NFKD", text.replace("*", ""))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(re.findall(r"\w+", plain))


# --- the scheme ------------------------------------------------------------------------------


def test_every_game_with_a_spec_is_tested_here() -> None:
    """The specs the loader finds are the games of this module's table, each in its own
    directory, and each spec says which game it is."""
    assert clauses.spec_games() == tuple(sorted(GAMES))
    for name in GAMES:
        spec = load_spec(name)
        assert spec.game == name and spec.directory == GAMES[name].spec.resolve()
        assert all(clause.game == name for clause in spec.clauses)


@each_game
def test_scheme_matches_the_index_page(game: Game) -> None:
    """The areas of ``spec.toml`` are those of the index page's table, in its order; its
    editions are the texts of the index page's Sources table (code, file, text, lines)."""
    scheme = load_spec(game.name).scheme
    assert scheme.areas == tuple(area_table(game))
    assert [e.code for e in scheme.editions] == list(game.texts)
    for edition in scheme.editions:
        file, text, low, high = game.texts[edition.code]
        assert (edition.file, edition.text, edition.first, edition.last) == (file, text, low, high)
    assert dict(scheme.languages) == {
        field: next(e.language for e in scheme.editions if e.code == code)
        for field, code in game.glossary.items()
    }
    index = (game.spec / "index.md").read_text("utf-8")
    for code, (file, text, _low, _high) in game.texts.items():
        assert f"| {code} | `{file}`" in index or f"| {code} | `{text}`" in index, code


# --- the registry ----------------------------------------------------------------------------


@each_game
def test_index_loads_and_matches_the_registry(game: Game) -> None:
    """The loader accepts the spec and holds exactly the registry's clauses, in its order, with
    its titles, pages, kinds and statuses."""
    spec = load_spec(game.name)
    entries = index_entries(game)
    assert [c.id for c in spec.clauses] == [e["id"] for e in entries]
    for clause, entry in zip(spec.clauses, entries, strict=True):
        assert (clause.title, clause.page, clause.kind, clause.status) == (
            entry["title"],
            entry["page"],
            entry["kind"],
            entry["status"],
        )


@each_game
def test_ids_are_unique_match_the_scheme_and_pages_exist(game: Game) -> None:
    """IDs are unique and ``AREA-NN`` with an area of the index page's table, on that area's
    page; kinds and statuses are from the documented sets."""
    areas = area_table(game)
    ids = [e["id"] for e in index_entries(game)]
    assert len(ids) == len(set(ids))
    for entry in index_entries(game):
        match = re.fullmatch(r"([A-Z]+)-(\d\d)", entry["id"])
        assert match and match[1] in areas, entry["id"]
        assert entry["page"].startswith(areas[match[1]] + "-"), entry
        assert (game.spec / entry["page"]).is_file(), entry
        assert entry["kind"] in game.kinds
        assert entry["status"] in ("active", "retired")


@each_game
def test_every_active_clause_has_one_anchor_and_heading_on_its_page(game: Game) -> None:
    """Each active clause: exactly one ``(ID)=`` line, directly followed by its ``### ID —
    Title`` heading, on its own page and on no other page."""
    texts = {page.name: page.read_text("utf-8") for page in spec_pages(game)}
    for entry in index_entries(game):
        if entry["status"] != "active":
            continue
        clause_id = entry["id"]
        block = f"({clause_id})=\n### {clause_id} — {entry['title']}\n"
        for name, text in texts.items():
            expected = 1 if name == entry["page"] else 0
            assert text.count(f"({clause_id})=") == expected, (clause_id, name)
            assert text.count(block) == expected, (clause_id, name)


@each_game
def test_every_id_mentioned_on_a_page_exists(game: Game) -> None:
    """No page refers to a clause that the registry lacks; an ID qualified by a game (another
    game's clause, ``game:AREA-NN``) is a clause of that game's registry."""
    known = {e["id"] for e in index_entries(game)}
    areas = area_table(game)
    qualified = 0
    for page in spec_pages(game):
        for number, line in enumerate(page.read_text("utf-8").split("\n"), 1):
            for mention in ID_SHAPE.findall(line):
                if mention.split("-")[0] in areas:
                    assert mention in known, f"{page.name}:{number}: {mention}"
            for other, mention in QUALIFIED.findall(line):
                assert other in GAMES, f"{page.name}:{number}: {other}:{mention}"
                assert mention in {e["id"] for e in index_entries(GAMES[other])}, (page, number)
                assert get_clause(f"{other}:{mention}").game == other
                qualified += 1
    assert qualified or game is SINTRA  # Sagrada's pages name some clauses qualified


# --- sources ---------------------------------------------------------------------------------


@pytest.mark.rulebooks
@each_game
def test_every_sources_line_parses_and_cites_existing_lines(game: Game) -> None:
    """Every citation is ``CODE FILE:a[-b] (label)`` with the edition's file, its lines lie
    inside the text (for Sintra's 003: inside the edition's half) and are not all blank; the
    loader reads the same citations."""
    spec = load_spec(game.name)
    loaded = {(c.page, c.line): c for c in spec.clauses}
    files = {text: text_lines(text) for _file, text, _low, _high in game.texts.values()}
    count = 0
    for page, number, text in sources_lines(game):
        if text.startswith("None"):
            continue
        parts = text.split(" · ")
        for part in parts:
            match = game.citation.match(part)
            assert match, f"{page}:{number}: bad citation {part!r}"
            code, file, first, last, _label = match.groups()
            cited, name, low, high = game.texts[code]
            assert file == cited, f"{page}:{number}: {part!r} names the wrong file"
            a, b = int(first), int(last or first)
            top = len(files[name]) if high is None else high
            assert low <= a <= b <= top, f"{page}:{number}: {part!r} outside {low}-{top}"
            assert any(files[name][i - 1].strip() for i in range(a, b + 1)), part
            count += 1
        owner = max((key for key in loaded if key[0] == page and key[1] < number), default=None)
        assert owner is not None, f"{page}:{number}: Sources line outside a clause"
        assert [str(c) for c in loaded[owner].sources] == [p.strip() for p in parts]
    assert count == sum(len(c.sources) for c in spec.clauses) > game.citations


@each_game
def test_verdict_labels(game: Game) -> None:
    """A DIFFERS or WRONG verdict opens its label; every citation of a text that is compared
    with the authority (Sintra's reference manual, Sagrada's web page) has a verdict; the
    English rulebook, the authority, is never judged."""
    for page, number, text in sources_lines(game):
        for part in text.split(" · "):
            match = game.citation.match(part)
            if match is None:
                continue
            code, label = match[1], match[5]
            for word in ("DIFFERS", "WRONG"):
                assert word not in label or label.startswith(word + ": "), (page, number, part)
            judged = label.startswith(("DIFFERS: ", "WRONG: ")) or "agrees" in label
            if code in game.judged:
                assert judged, f"{page}:{number}: {part!r} has no verdict"
            if code == game.authority:
                assert not judged, f"{page}:{number}: {part!r}"


# --- rulings ---------------------------------------------------------------------------------


@each_game
def test_every_ruling_has_its_four_parts_in_order(game: Game) -> None:
    """Each ruling's page block holds Question, Ruling, Reasoning and Rejected alternatives,
    once each and in that order, before its Sources; the loader exposes each part."""
    for clause in load_spec(game.name).clauses:
        if clause.kind != "ruling":
            continue
        text = (game.spec / clause.page).read_text("utf-8")
        start = text.index(f"### {clause.id} — ")
        end = text.index("**Sources.**", start)
        block = text[start:end]
        positions = [block.find(marker) for marker in RULING_MARKERS]
        assert all(p > 0 for p in positions), clause.id
        assert positions == sorted(positions), clause.id
        assert all(block.count(marker) == 1 for marker in RULING_MARKERS), clause.id
        parts = (clause.question, clause.ruling, clause.reasoning, clause.alternatives)
        assert all(part and part.strip() for part in parts), clause.id
        assert clause.alternatives is not None and clause.alternatives.lstrip().startswith("- ")


@each_game
def test_rulings_are_the_registered_ones(game: Game) -> None:
    """The rulings page holds exactly the registry's rulings (Sintra 20, Sagrada 20)."""
    entries = index_entries(game)
    rulings = [e["id"] for e in entries if e["kind"] == "ruling"]
    assert len(rulings) == game.rulings
    assert all(e["page"] == game.rulings_page for e in entries if e["kind"] == "ruling")


# --- the index page's section table ----------------------------------------------------------


@pytest.mark.rulebooks
@each_game
def test_section_table_names_existing_ids_and_every_rule_and_ruling(game: Game) -> None:
    """The "Rulebook sections → clauses" table of index.md cites only registered IDs, lies
    inside the English text, and lists every clause of kind rule or ruling."""
    text = (game.spec / "index.md").read_text("utf-8")
    section = text.split("## Rulebook sections → clauses", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.split("\n") if line.startswith("| ") and "---" not in line]
    known = {e["id"] for e in index_entries(game)}
    english = len(text_lines(game.texts[game.authority][1]))
    cited: set[str] = set()
    for row in rows[1:]:
        _section, lines, ids = (cell.strip() for cell in row.strip("|").split("|"))
        for first, last in re.findall(r"(\d+)(?:-(\d+))?", lines):
            assert 1 <= int(first) <= int(last or first) <= english, row
        found = set(ID_SHAPE.findall(ids))
        assert found <= known, (row, found - known)
        cited |= found
    wanted = {e["id"] for e in index_entries(game) if e["kind"] in ("rule", "ruling")}
    assert wanted <= cited, sorted(wanted - cited)


# --- glossary and search ---------------------------------------------------------------------


def glossary(game: Game = SINTRA) -> list[dict[str, Any]]:
    path = game.spec / "glossary.toml"
    terms: list[dict[str, Any]] = tomllib.loads(path.read_text("utf-8"))["term"]
    return terms


@pytest.mark.rulebooks
@each_game
def test_glossary_words_come_from_the_rulebooks(game: Game) -> None:
    """Every word of every edition appears in that edition's text (ignoring case, accents,
    markdown and line breaks), a term has exactly the spec's languages, and every listed
    clause exists."""
    texts = {}
    for field, code in game.glossary.items():
        _file, name, low, high = game.texts[code]
        texts[field] = fold(" ".join(text_lines(name)[low - 1 : high]))
    known = {e["id"] for e in index_entries(game)}
    for term in glossary(game):
        assert set(term) - {"term", "clauses", "note"} == set(game.glossary), term["term"]
        for language in game.glossary:
            words = term[language]
            assert isinstance(words, list) and words, term["term"]
            for word in words:
                assert re.search(rf"\b{re.escape(fold(word))}\b", texts[language]), (
                    term["term"],
                    language,
                    word,
                )
        listed = term["clauses"]
        assert isinstance(listed, list) and listed and set(listed) <= known, term["term"]
    loaded = load_spec(game.name).glossary
    assert [t.term for t in loaded] == [t["term"] for t in glossary(game)]
    for loaded_term, raw in zip(loaded, glossary(game), strict=True):
        for language in game.glossary:
            assert loaded_term.words_in(language) == tuple(raw[language])


@pytest.mark.parametrize("word", ["glaszetter", "vitrier", "vidriero", "VITRIER", "Vidriéro"])
def test_search_finds_the_glazier_clauses_by_the_rulebooks_words(word: str) -> None:
    """The Dutch, French and Spanish words for the glazier find every clause the glossary
    lists for it, whatever the case and accents."""
    glazier = next(t for t in glossary() if t["term"] == "glazier")
    expected = set(glazier["clauses"])
    found = [c.id for c in search_clauses(word)]
    assert expected <= set(found), sorted(expected - set(found))
    assert len(found) == len(set(found))


@each_game
def test_search_finds_every_glossary_terms_clauses_by_its_words(game: Game) -> None:
    """Each word of each glossary term, in each language, finds (at least) every clause the
    term lists, in the game's spec only."""
    for term in glossary(game):
        for language in game.glossary:
            for word in term[language]:
                found = search_clauses(word, game.name)
                assert {c.game for c in found} == {game.name}, (term["term"], word)
                missing = set(term["clauses"]) - {c.id for c in found}
                assert not missing, (term["term"], word, sorted(missing))


@each_game
def test_search_ranks_a_clause_first_by_its_title(game: Game) -> None:
    """Searching for a clause's title, in any case, finds that clause first (with the other
    clauses of the same title, if any: Sagrada's tool cards have rulings named after them); a
    word that is in no clause finds nothing."""
    spec = load_spec(game.name)
    for clause in spec.clauses:
        same = {c.id for c in spec.clauses if c.title == clause.title}
        found = search_clauses(clause.title.upper(), game.name)
        assert {c.id for c in found[: len(same)]} == same, clause.id
    assert search_clauses("qwzxv", game.name) == ()


# --- lookup and rendering --------------------------------------------------------------------


@each_game
def test_get_clause_and_unknown_ids(game: Game) -> None:
    """Every registered ID is found (also in lower case) in its game, qualified or with the
    game given; an unregistered or malformed ID raises UnknownClause carrying the ID (qualified
    outside Sintra, the game of a plain ID)."""
    for entry in index_entries(game):
        qualified = f"{game.name}:{entry['id']}"
        for found in (
            get_clause(entry["id"], game.name),
            get_clause(f" {entry['id'].lower()} ", game.name),
            get_clause(qualified),
            get_clause(f" {game.name.upper()}:{entry['id'].lower()}"),
        ):
            assert (found.game, found.id, found.qualified) == (game.name, entry["id"], qualified)
    area = next(iter(area_table(game)))
    shown = "" if game is SINTRA else f"{game.name}:"
    for bad, needle in ((f"{area}-{99}", "no such clause"), (f"{area}-1A", "not a clause ID")):
        with pytest.raises(UnknownClause) as info:
            get_clause(bad, game.name)
        assert info.value.clause == shown + bad and needle in info.value.reason
        assert f"spec/{game.name}/index.toml" in info.value.reason or needle == "not a clause ID"


def test_plain_ids_are_sintras_and_qualified_ids_name_their_game() -> None:
    """A plain ID without a game is Sintra's; a qualified one is its game's, and may not be
    asked of another game; an ID only another game has is named in the error; a game without
    a spec is refused."""
    sintra, sagrada = index_entries(SINTRA), index_entries(SAGRADA)
    both = sorted({e["id"] for e in sintra} & {e["id"] for e in sagrada})
    assert both  # the same plain ID in both specs: two clauses
    shared = both[0]
    assert get_clause(shared).game == "sintra"
    assert get_clause(shared).title == next(e["title"] for e in sintra if e["id"] == shared)
    assert get_clause(f"sagrada:{shared}").title == next(
        e["title"] for e in sagrada if e["id"] == shared
    )
    with pytest.raises(UnknownClause, match="names the game sagrada, not sintra"):
        get_clause(f"sagrada:{shared}", "sintra")
    only = next(e["id"] for e in sagrada if e["id"] not in {x["id"] for x in sintra})
    with pytest.raises(UnknownClause, match=f"did you mean sagrada:{only}"):
        get_clause(only)
    with pytest.raises(UnknownClause, match="no game chess has a spec"):
        get_clause(f"chess:{shared}")


@each_game
def test_render_shows_title_statement_and_sources(game: Game) -> None:
    """A clause renders as its ID (qualified outside Sintra) and title, its statement without
    inline markup and, under ``Sources:``, an entry per citation in order, each opening a line
    with its edition and holding its line reference (file and lines); a ruling shows its four
    parts."""
    shown = "" if game is SINTRA else f"{game.name}:"
    for clause in load_spec(game.name).clauses:
        text = clause.render()
        assert text.startswith(f"{shown}{clause.id} — {clause.title}\n")
        assert "**" not in text and "`" not in text
        sources = "\n" + text.split("\nSources:\n", 1)[-1].split("\n\nRulings:", 1)[0]
        at = 0
        for citation in clause.sources:
            first, last = citation.first, citation.last
            lines = f"{first}" if first == last else f"{first}-{last}"
            at = sources.index(f"\n  {citation.edition}, ", at) + 1
            at = sources.index(f"({citation.file}:{lines})", at)
        if clause.kind == "ruling":
            for marker in RULING_MARKERS:
                assert "\n" + marker.strip("*") in text, (clause.id, marker)


@attrs.frozen
class PageRuling:
    """A ruling as the rulings page writes it: ID, title, its ``**Ruling.**`` part and the
    plain IDs its block (heading to ``**Sources.**`` line, itself excluded) mentions."""

    id: str
    title: str
    ruling: str
    cites: frozenset[str]


def rulings_on_the_page(game: Game = SINTRA) -> list[PageRuling]:
    """Every ruling of the game's rulings page, read with this module's own parsing."""
    text = (game.spec / game.rulings_page).read_text("utf-8")
    out = []
    for heading in re.finditer(r"^### (\S+) — (.+)$", text, re.MULTILINE):
        sources = text.index("\n**Sources.**", heading.end())
        end = text.find("\n", sources + 1)
        block = text[heading.end() : end if end >= 0 else len(text)]
        ruling = block.split("**Ruling.**", 1)[1].split("**Reasoning.**", 1)[0]
        cites = frozenset(ID_SHAPE.findall(block)) - {heading[1]}
        out.append(PageRuling(heading[1], heading[2], ruling, cites))
    return out


def words(text: str) -> str:
    """``text`` without markdown's backticks and asterisks, runs of whitespace as one space."""
    return " ".join(re.sub(r"[`*]", "", text).split())


@each_game
def test_render_lists_the_rulings_that_cite_the_clause(game: Game) -> None:
    """Under ``Rulings:`` a clause's rendering names exactly the rulings of the rulings page
    whose question, ruling, reasoning, alternatives or sources cite it, in ID order, each as
    ``ID — title`` (the ID qualified outside Sintra) followed by the words of its ruling; a
    clause no ruling cites has no such section. Both kinds of clause exist."""
    page = rulings_on_the_page(game)
    assert len(page) == game.rulings
    shown = "" if game is SINTRA else f"{game.name}:"
    cited = uncited = 0
    for clause in load_spec(game.name).clauses:
        text = clause.render()
        citing = sorted((r for r in page if clause.id in r.cites), key=lambda r: r.id)
        if not citing:
            assert "\nRulings:\n" not in text, clause.id
            uncited += 1
            continue
        cited += 1
        assert text.count("\nRulings:\n") == 1, clause.id
        section = text.split("\nRulings:\n", 1)[1]
        heads = re.findall(r"^  (\S+) — (.+)$", section, re.MULTILINE)
        assert heads == [(shown + r.id, r.title) for r in citing], clause.id
        shown_words = words(section)
        for ruling in citing:
            assert f"{shown}{ruling.id} — {ruling.title} {words(ruling.ruling)}" in shown_words, (
                clause.id,
                ruling.id,
            )
        assert all(len(line) <= 100 for line in section.splitlines()), clause.id
    assert cited and uncited


# --- validation ------------------------------------------------------------------------------


def _edit_page(page: str, old: str, new: str) -> Callable[[Path], None]:
    def edit(directory: Path) -> None:
        path = directory / page
        text = path.read_text("utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), "utf-8")

    return edit


def _first(game: Game, kind: str) -> dict[str, str]:
    return next(e for e in index_entries(game) if e["kind"] == kind)


def broken(game: Game) -> dict[str, tuple[Callable[[Path], None], str]]:
    """Ways to break the game's spec, each with the words of the loader's refusal."""
    rule, ruling = _first(game, "rule"), _first(game, "ruling")
    file = game.texts["EN"][0]
    other = next(code for code in game.texts if code != "EN")
    return {
        "missing anchor": (
            _edit_page(rule["page"], f"({rule['id']})=\n", ""),
            "anchor line just above",
        ),
        "title differs": (
            _edit_page(
                rule["page"], f"### {rule['id']} — {rule['title']}", f"### {rule['id']} — X"
            ),
            "differs from the index",
        ),
        "anchor not indexed": (
            _edit_page(rule["page"], f"({rule['id']})=", "(" + rule["id"][:-2] + "99)="),
            "not in index.toml",
        ),
        "bad citation": (
            _edit_page(
                rule["page"],
                f"**Sources.** EN {file}:",
                f"**Sources.** EN {game.texts[other][0]}:",
            ),
            f"EN cites file {file}",
        ),
        "unknown edition": (
            _edit_page(rule["page"], f"**Sources.** EN {file}:", f"**Sources.** XX {file}:"),
            "unknown edition XX",
        ),
        "ruling part missing": (
            _edit_page(ruling["page"], "**Reasoning.**", "**Argument.**"),
            "a ruling needs the parts",
        ),
        "duplicate id": (
            _edit_page("index.toml", f'id = "{ruling["id"]}"', f'id = "{rule["id"]}"'),
            "duplicate ID",
        ),
        "glossary names an unknown clause": (
            _edit_page(
                "glossary.toml", 'clauses = ["', 'clauses = ["' + rule["id"][:-2] + '99", "'
            ),
            "not in index.toml",
        ),
        "glossary lacks a language": (
            _edit_page("glossary.toml", "\nen = [", "\nxx = ["),
            "unknown field(s) xx",
        ),
        "area not in the scheme": (
            _edit_page("spec.toml", f'"{rule["id"].split("-")[0]}", ', ""),
            "ID must be AREA-NN",
        ),
        "scheme without editions": (
            _edit_page("spec.toml", '\n[[edition]]\ncode = "EN"', '\n[[editions]]\ncode = "EN"'),
            "unknown field(s) editions",
        ),
    }


CASES = [(game, case) for game in GAMES for case in broken(SINTRA)]


@pytest.mark.parametrize(("name", "case"), CASES)
def test_loader_rejects_a_broken_spec(name: str, case: str, tmp_path: Path) -> None:
    """Each kind of inconsistency between scheme, registry, pages and glossary is refused with
    a SpecError that says what is wrong."""
    game = GAMES[name]
    directory = tmp_path / "spec"
    shutil.copytree(game.spec, directory)
    assert load_spec(directory).clauses  # the unbroken copy loads
    edit, message = broken(game)[case]
    edit(directory)
    shutil.copytree(directory, tmp_path / "broken")
    with pytest.raises(SpecError, match=re.escape(message)):
        load_spec(tmp_path / "broken")


@pytest.mark.parametrize("name", list(GAMES))
def test_spec_dir_prefers_the_packaged_copy(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In an installed wheel a game's spec is packaged as ``sintra_rules/_spec/<game>``; the
    source tree's ``spec/<game>/`` is the fallback; with neither, SpecError. The games with a
    spec are found in either place."""
    package = tmp_path / "sintra_rules"
    monkeypatch.setattr(loader, "__file__", str(package / "clauses" / "loader.py"))
    with pytest.raises(SpecError, match="the games with a spec: none"):
        clauses.spec_dir(name)
    assert clauses.spec_games() == ()
    for directory in (tmp_path / "spec" / name, package / "_spec" / name):
        directory.mkdir(parents=True)
        (directory / "index.toml").write_text("format = 1\n", "utf-8")
    assert clauses.spec_dir(name) == package / "_spec" / name
    (package / "_spec" / name / "index.toml").unlink()
    assert clauses.spec_dir(name) == tmp_path / "spec" / name
    assert clauses.spec_games() == (name,)


# --- the spec's worked examples hold in the engine -------------------------------------------


def takes_of(state: GameState, source: int) -> list[Take]:
    return [a for a in legal_actions(state) if isinstance(a, Take) and a.source == source]


def seat0(state: GameState) -> GameState:
    return attrs.evolve(state, turn=0)


def test_rul_07_example_neither_joker_choice_is_never_worse() -> None:
    """The example of RUL-07: glazier above slot 8 holding the joker side JJBGO, slot 1 holding
    BBBGO with G and O filled, slots 2-7 empty. Two blue pieces may go 1 or 2 on jokers; after
    1, a pink piece fits (after 2 it breaks); after a reset, a yellow piece is forced onto slot 8
    after 1 (after 2 it breaks and the glazier stays)."""
    state = bare(2)
    table = state.components
    board = [strip_for(table, "BBBGO", filled="GO"), *[None] * 6, strip_for(table, "JJBGO")]
    state = set_player(set_strips(state, 0, board), 0, glazier=7)
    state = rebalance(set_factories(state, ["BB", "P", "Y"]))
    assert takes_of(state, 0) == [Take(0, BLUE, 7, 1), Take(0, BLUE, 7, 2)]
    after = {j: seat0(apply(state, Take(0, BLUE, 7, j))) for j in (1, 2)}
    assert takes_of(after[1], 1) == [Take(1, PINK, 7, 1)]
    assert takes_of(after[2], 1) == [Take(1, PINK, None)]
    back = {j: seat0(apply(after[j], Reset())) for j in (1, 2)}
    assert back[1].players[0].glazier == back[2].players[0].glazier == 0
    assert takes_of(back[1], 2) == [Take(2, YELLOW, 7, 1)]
    assert takes_of(back[2], 2) == [Take(2, YELLOW, None)]
    assert apply(back[1], Take(2, YELLOW, 7, 1)).players[0].glazier == 7
    assert apply(back[2], Take(2, YELLOW, None)).players[0].glazier == 0


def test_eng_03_reference_vector_is_the_engines() -> None:
    """The reference vector printed in ENG-03 (2 players, seed 0) is what the engine sets up,
    and the page prints exactly these values."""
    indicator = "O O P B Y G"
    slots = [("3, 6, 1, 4, 5, 7, 2, 8", "1, 2, 1, 2, 1, 2, 2, 1"), ("7, 2, 8, 1, 6, 3, 5, 4",
             "1, 1, 1, 2, 1, 1, 1, 1")]  # fmt: skip
    factories = "2B 1O 1P, 1G 1O 1P 1Y, 2G 1O 1P, 2B 2Y and 2B 2P"
    bag = "13 B, 16 G, 15 O, 14 P and 16 Y"
    page = " ".join(get_clause("ENG-03").text.split())
    for printed in (indicator, factories, bag, *(s for pair in slots for s in pair)):
        assert printed in page, printed
    state = new_game(2, "A", seed=0)
    codes = state.components.colour_codes
    assert " ".join(codes[c] for c in state.indicator) == indicator
    for player, (strip_ids, sides) in zip(state.players, slots, strict=True):
        assert all(s is not None for s in player.strips)
        assert ", ".join(str(s.strip_id + 1) for s in player.strips if s) == strip_ids
        assert ", ".join(str(s.face + 1) for s in player.strips if s) == sides
    shown = [" ".join(f"{n}{codes[c]}" for c, n in enumerate(f) if n) for f in state.factories]
    assert ", ".join(shown[:-1]) + " and " + shown[-1] == factories
    assert (
        ", ".join(f"{n} {codes[c]}" for c, n in enumerate(state.bag)).replace(", 16 Y", " and 16 Y")
        == bag
    )
