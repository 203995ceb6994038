"""The specification itself: registry, pages, citations, rulings, glossary and search.

These tests read ``spec/`` and the rulebook texts directly (with their own small parsers, not
those of :mod:`sintra_rules.clauses`) and check that the loader agrees with them, so that a
loader bug cannot hide a spec error. The rulebook texts are read from ``../shared/rulebooks``
beside the repository (as CI provides them) or from ``$SINTRA_RULEBOOKS``; the tests that read
them are marked ``rulebooks`` (see ``tests/conftest.py``: skipped when the texts are absent,
failed instead when CI requires them).

Clause IDs are deliberately not written out in this module except where a test exercises the
clause itself: the traceability report counts every ID written in ``tests/`` as tested.
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
SPEC = ROOT / "spec" / "sintra"

# Edition -> (rulebook file, first line, last line), as the index page's Sources table says.
EDITIONS = {
    "EN": ("000_c3de8999d4d202e8.txt", 1, None),
    "ES": ("001_e66e14c4fcff14b1.txt", 1, None),
    "RM": ("002_1fe2e67ce1eed5b5.txt", 1, None),
    "NL": ("003_bf4779cb9f3c8b0a.txt", 1, 312),
    "FR": ("003_bf4779cb9f3c8b0a.txt", 316, 618),
}
CITATION = re.compile(
    r"^(EN|ES|NL|FR|RM) (000|001|002|003):(\d+)(?:-(\d+))? \((.+)\)$",
)
ID_SHAPE = re.compile(r"\b[A-Z]{2,5}-\d{2}\b")
RULING_MARKERS = ("**Question.**", "**Ruling.**", "**Reasoning.**", "**Rejected alternatives.**")


def rulebook_lines(name: str) -> list[str]:
    """The lines of a rulebook text, numbered from 1 as ``cat -n`` numbers them."""
    path = RULEBOOKS / name
    assert path.is_file(), f"rulebook text {path} not found: set SINTRA_RULEBOOKS"
    lines = path.read_text("utf-8").split("\n")
    return lines[:-1] if lines[-1] == "" else lines


def index_entries() -> list[dict[str, str]]:
    data = tomllib.loads((SPEC / "index.toml").read_text("utf-8"))
    entries: list[dict[str, str]] = data["clause"]
    return entries


def spec_pages() -> list[Path]:
    return sorted(SPEC.glob("*.md"))


def sources_lines() -> list[tuple[str, int, str]]:
    """Every ``**Sources.**`` line of every page: (page, line number, text after the label)."""
    out = []
    for page in spec_pages():
        for number, line in enumerate(page.read_text("utf-8").split("\n"), 1):
            if line.startswith("**Sources.**"):
                out.append((page.name, number, line[len("**Sources.**") :].strip()))
    return out


def fold(text: str) -> str:
    """Lower case, no accents, no markdown asterisks, words separated by single spaces."""
    decomposed = unicodedata.normalize("NFKD", text.replace("*", ""))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(re.findall(r"\w+", plain))


# --- the registry ----------------------------------------------------------------------------


def test_index_loads_and_matches_the_registry() -> None:
    """The loader accepts the spec and holds exactly the registry's clauses, in its order, with
    its titles, pages, kinds and statuses."""
    spec = load_spec()
    entries = index_entries()
    assert [c.id for c in spec.clauses] == [e["id"] for e in entries]
    for clause, entry in zip(spec.clauses, entries, strict=True):
        assert (clause.title, clause.page, clause.kind, clause.status) == (
            entry["title"],
            entry["page"],
            entry["kind"],
            entry["status"],
        )


def test_ids_are_unique_match_the_scheme_and_pages_exist() -> None:
    """IDs are unique and ``AREA-NN`` with an area of the index page's table, on that area's
    page; kinds and statuses are from the documented sets."""
    table = (SPEC / "index.md").read_text("utf-8")
    areas = dict(re.findall(r"^\| ([A-Z]+) \| [^|]+ \| (\d\d) \|$", table, re.M))
    assert tuple(areas) == clauses.AREAS
    ids = [e["id"] for e in index_entries()]
    assert len(ids) == len(set(ids))
    for entry in index_entries():
        match = re.fullmatch(r"([A-Z]+)-(\d\d)", entry["id"])
        assert match and match[1] in areas, entry["id"]
        assert entry["page"].startswith(areas[match[1]] + "-"), entry
        assert (SPEC / entry["page"]).is_file(), entry
        assert entry["kind"] in ("rule", "ruling", "figure", "engine")
        assert entry["status"] in ("active", "retired")


def test_every_active_clause_has_one_anchor_and_heading_on_its_page() -> None:
    """Each active clause: exactly one ``(ID)=`` line, directly followed by its ``### ID —
    Title`` heading, on its own page and on no other page."""
    texts = {page.name: page.read_text("utf-8") for page in spec_pages()}
    for entry in index_entries():
        if entry["status"] != "active":
            continue
        clause_id = entry["id"]
        block = f"({clause_id})=\n### {clause_id} — {entry['title']}\n"
        for name, text in texts.items():
            expected = 1 if name == entry["page"] else 0
            assert text.count(f"({clause_id})=") == expected, (clause_id, name)
            assert text.count(block) == expected, (clause_id, name)


def test_every_id_mentioned_on_a_page_exists() -> None:
    """No page refers to a clause that the registry lacks."""
    known = {e["id"] for e in index_entries()}
    for page in spec_pages():
        for number, line in enumerate(page.read_text("utf-8").split("\n"), 1):
            for mention in ID_SHAPE.findall(line):
                if mention.split("-")[0] in clauses.AREAS:
                    assert mention in known, f"{page.name}:{number}: {mention}"


# --- sources ---------------------------------------------------------------------------------


@pytest.mark.rulebooks
def test_every_sources_line_parses_and_cites_existing_lines() -> None:
    """Every citation is ``ED nnn:a[-b] (label)`` with the edition's file, its lines lie inside
    the file (for 003: inside the edition's half) and are not all blank; the loader reads the
    same citations."""
    spec = load_spec()
    loaded = {(c.page, c.line): c for c in spec.clauses}
    files = {name: rulebook_lines(name) for name, _low, _high in EDITIONS.values()}
    count = 0
    for page, number, text in sources_lines():
        if text.startswith("None"):
            continue
        parts = text.split(" · ")
        for part in parts:
            match = CITATION.match(part)
            assert match, f"{page}:{number}: bad citation {part!r}"
            edition, file, first, last, _label = match.groups()
            name, low, high = EDITIONS[edition]
            assert name.startswith(file), f"{page}:{number}: {part!r} names the wrong file"
            a, b = int(first), int(last or first)
            top = len(files[name]) if high is None else high
            assert low <= a <= b <= top, f"{page}:{number}: {part!r} outside {low}-{top}"
            assert any(files[name][i - 1].strip() for i in range(a, b + 1)), part
            count += 1
        owner = max((key for key in loaded if key[0] == page and key[1] < number), default=None)
        assert owner is not None, f"{page}:{number}: Sources line outside a clause"
        assert [str(c) for c in loaded[owner].sources] == [p.strip() for p in parts]
    assert count == sum(len(c.sources) for c in spec.clauses) > 400


def test_verdict_labels() -> None:
    """A DIFFERS or WRONG verdict opens its label; every reference-manual citation has a
    verdict; only the English rulebook, the authority, is never judged."""
    for page, number, text in sources_lines():
        for part in text.split(" · "):
            match = CITATION.match(part)
            if match is None:
                continue
            edition, label = match[1], match[5]
            for word in ("DIFFERS", "WRONG"):
                assert word not in label or label.startswith(word + ": "), (page, number, part)
            judged = label.startswith(("DIFFERS: ", "WRONG: ")) or "agrees" in label
            if edition == "RM":
                assert judged, f"{page}:{number}: {part!r} has no verdict"
            if edition == "EN":
                assert not judged, f"{page}:{number}: {part!r}"


# --- rulings ---------------------------------------------------------------------------------


def test_every_ruling_has_its_four_parts_in_order() -> None:
    """Each ruling's page block holds Question, Ruling, Reasoning and Rejected alternatives,
    once each and in that order, before its Sources; the loader exposes each part."""
    for clause in load_spec().clauses:
        if clause.kind != "ruling":
            continue
        text = (SPEC / clause.page).read_text("utf-8")
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


def test_rulings_are_the_registered_twenty() -> None:
    """Page 08 holds exactly the registry's rulings."""
    rulings = [e["id"] for e in index_entries() if e["kind"] == "ruling"]
    assert len(rulings) == 20
    assert all(e["page"] == "08-rulings.md" for e in index_entries() if e["kind"] == "ruling")


# --- the index page's section table ----------------------------------------------------------


@pytest.mark.rulebooks
def test_section_table_names_existing_ids_and_every_rule_and_ruling() -> None:
    """The "Rulebook sections → clauses" table of index.md cites only registered IDs, lies
    inside the English text, and lists every clause of kind rule or ruling."""
    text = (SPEC / "index.md").read_text("utf-8")
    section = text.split("## Rulebook sections → clauses", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.split("\n") if line.startswith("| ") and "---" not in line]
    known = {e["id"] for e in index_entries()}
    english = len(rulebook_lines(EDITIONS["EN"][0]))
    cited: set[str] = set()
    for row in rows[1:]:
        _section, lines, ids = (cell.strip() for cell in row.strip("|").split("|"))
        for first, last in re.findall(r"(\d+)(?:-(\d+))?", lines):
            assert 1 <= int(first) <= int(last or first) <= english, row
        found = set(ID_SHAPE.findall(ids))
        assert found <= known, (row, found - known)
        cited |= found
    wanted = {e["id"] for e in index_entries() if e["kind"] in ("rule", "ruling")}
    assert wanted <= cited, sorted(wanted - cited)


# --- glossary and search ---------------------------------------------------------------------


def glossary() -> list[dict[str, Any]]:
    terms: list[dict[str, Any]] = tomllib.loads((SPEC / "glossary.toml").read_text("utf-8"))["term"]
    return terms


@pytest.mark.rulebooks
def test_glossary_words_come_from_the_rulebooks() -> None:
    """Every word of every edition appears in that edition's text (ignoring case, accents,
    markdown and line breaks), and every listed clause exists."""
    texts = {
        edition: fold(" ".join(rulebook_lines(name)[low - 1 : high]))
        for edition, (name, low, high) in EDITIONS.items()
    }
    known = {e["id"] for e in index_entries()}
    for term in glossary():
        for language in ("en", "es", "nl", "fr"):
            words = term[language]
            assert isinstance(words, list) and words, term["term"]
            for word in words:
                assert re.search(rf"\b{re.escape(fold(word))}\b", texts[language.upper()]), (
                    term["term"],
                    language,
                    word,
                )
        listed = term["clauses"]
        assert isinstance(listed, list) and listed and set(listed) <= known, term["term"]
    assert len(load_spec().glossary) == len(glossary())


@pytest.mark.parametrize("word", ["glaszetter", "vitrier", "vidriero", "VITRIER", "Vidriéro"])
def test_search_finds_the_glazier_clauses_by_the_rulebooks_words(word: str) -> None:
    """The Dutch, French and Spanish words for the glazier find every clause the glossary
    lists for it, whatever the case and accents."""
    glazier = next(t for t in glossary() if t["term"] == "glazier")
    expected = set(glazier["clauses"])
    found = [c.id for c in search_clauses(word)]
    assert expected <= set(found), sorted(expected - set(found))
    assert len(found) == len(set(found))


def test_search_ranks_a_clause_first_by_its_title() -> None:
    """Searching for a clause's title, in any case, finds that clause first; a word that is in
    no clause finds nothing."""
    for clause in load_spec().clauses:
        assert search_clauses(clause.title.upper())[0].id == clause.id
    assert search_clauses("qwzxv") == ()


# --- lookup and rendering --------------------------------------------------------------------


def test_get_clause_and_unknown_ids() -> None:
    """Every registered ID is found (also in lower case); an unregistered or malformed ID
    raises UnknownClause carrying the ID."""
    for entry in index_entries():
        assert get_clause(entry["id"]).id == entry["id"]
        assert get_clause(f" {entry['id'].lower()} ").id == entry["id"]
    area = clauses.AREAS[0]
    for bad, needle in ((f"{area}-{99}", "no such clause"), (f"{area}-1A", "not a clause ID")):
        with pytest.raises(UnknownClause) as info:
            get_clause(bad)
        assert info.value.clause == bad and needle in info.value.reason


def test_render_shows_title_statement_and_sources() -> None:
    """A clause renders as its ID and title, its statement without inline markup and, under
    ``Sources:``, an entry per citation in order, each opening a line with its edition and
    holding its line reference (file and lines); a ruling shows its four parts."""
    for clause in load_spec().clauses:
        text = clause.render()
        assert text.startswith(f"{clause.id} — {clause.title}\n")
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
    """A ruling as page 08 writes it: ID, title, its ``**Ruling.**`` part and the IDs its
    block (heading to ``**Sources.**`` line, itself excluded) mentions."""

    id: str
    title: str
    ruling: str
    cites: frozenset[str]


def rulings_on_the_page() -> list[PageRuling]:
    """Every ruling of ``spec/sintra/08-rulings.md``, read with this module's own parsing."""
    text = (SPEC / "08-rulings.md").read_text("utf-8")
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


def test_render_lists_the_rulings_that_cite_the_clause() -> None:
    """Under ``Rulings:`` a clause's rendering names exactly the rulings of page 08 whose
    question, ruling, reasoning, alternatives or sources cite it, in ID order, each as
    ``ID — title`` followed by the words of its ruling; a clause no ruling cites has no such
    section. Both kinds of clause exist."""
    page = rulings_on_the_page()
    assert len(page) == 20
    cited = uncited = 0
    for clause in load_spec().clauses:
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
        assert heads == [(r.id, r.title) for r in citing], clause.id
        shown = words(section)
        for ruling in citing:
            assert f"{ruling.id} — {ruling.title} {words(ruling.ruling)}" in shown, (
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


def _first(kind: str) -> dict[str, str]:
    return next(e for e in index_entries() if e["kind"] == kind)


RULE, RULING = _first("rule"), _first("ruling")
BROKEN = {
    "missing anchor": (
        _edit_page(RULE["page"], f"({RULE['id']})=\n", ""),
        "anchor line just above",
    ),
    "title differs": (
        _edit_page(RULE["page"], f"### {RULE['id']} — {RULE['title']}", f"### {RULE['id']} — X"),
        "differs from the index",
    ),
    "anchor not indexed": (
        _edit_page(RULE["page"], f"({RULE['id']})=", "(" + RULE["id"][:-2] + "99)="),
        "not in index.toml",
    ),
    "bad citation": (
        _edit_page(RULE["page"], "**Sources.** EN 000:", "**Sources.** EN 001:"),
        "EN cites file 000",
    ),
    "ruling part missing": (
        _edit_page(RULING["page"], "**Reasoning.**", "**Argument.**"),
        "a ruling needs the parts",
    ),
    "duplicate id": (
        _edit_page("index.toml", f'id = "{RULING["id"]}"', f'id = "{RULE["id"]}"'),
        "duplicate ID",
    ),
    "glossary names an unknown clause": (
        _edit_page("glossary.toml", 'clauses = ["', 'clauses = ["' + RULE["id"][:-2] + '99", "'),
        "not in index.toml",
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_loader_rejects_a_broken_spec(case: str, tmp_path: Path) -> None:
    """Each kind of inconsistency between registry, pages and glossary is refused with a
    SpecError that says what is wrong."""
    directory = tmp_path / "spec"
    shutil.copytree(SPEC, directory)
    assert load_spec(directory).clauses  # the unbroken copy loads
    edit, message = BROKEN[case]
    edit(directory)
    shutil.copytree(directory, tmp_path / "broken")
    with pytest.raises(SpecError, match=re.escape(message)):
        load_spec(tmp_path / "broken")


def test_spec_dir_prefers_the_packaged_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In an installed wheel Sintra's spec is packaged as ``sintra_rules/_spec/sintra``; the
    source tree's ``spec/sintra/`` is the fallback; with neither, SpecError."""
    package = tmp_path / "sintra_rules"
    monkeypatch.setattr(loader, "__file__", str(package / "clauses" / "loader.py"))
    with pytest.raises(SpecError):
        clauses.spec_dir()
    for directory in (tmp_path / "spec" / "sintra", package / "_spec" / "sintra"):
        directory.mkdir(parents=True)
        (directory / "index.toml").write_text("format = 1\n", "utf-8")
    assert clauses.spec_dir() == package / "_spec" / "sintra"
    (package / "_spec" / "sintra" / "index.toml").unlink()
    assert clauses.spec_dir() == tmp_path / "spec" / "sintra"


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
