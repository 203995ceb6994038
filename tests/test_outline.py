"""The outlines of the rulebook texts (``spec/<game>/outline.toml``) that label every citation.

Each game's outline is written by hand from its texts. These tests read it with their own
small parser (not :mod:`sintra_rules.clauses.outline`) and check, for each game: each edition's
entries are ordered and well-formed; every citation of the spec falls in a section, and the
loader and the text for readers (``sintra rule``, the docs) label it with that section; a few
citations carry the labels a reader of the printed texts finds (written here from the texts,
not from the code); and, with the texts (``@pytest.mark.rulebooks``), each entry's heading
words, or its ``at`` words, really stand at its line, so a wrong outline fails.
"""

from __future__ import annotations

import re
import shutil
import tomllib
import unicodedata
from pathlib import Path

import pytest

from sintra_rules import SpecError
from sintra_rules.clauses import Citation, load_spec
from sintra_rules.clauses.text import citation_text
from tests.conftest import RULEBOOKS

ROOT = Path(__file__).resolve().parents[1]
# Game -> edition -> (text file under RULEBOOKS, its first and last line in the file), as the
# index page of the game's spec says.
FILES = {
    "sintra": {
        "EN": ("000_c3de8999d4d202e8.txt", 1, 302),
        "ES": ("001_e66e14c4fcff14b1.txt", 1, 439),
        "RM": ("002_1fe2e67ce1eed5b5.txt", 1, 139),
        "NL": ("003_bf4779cb9f3c8b0a.txt", 1, 312),
        "FR": ("003_bf4779cb9f3c8b0a.txt", 316, 618),
    },
    "sagrada": {
        "EN": ("sagrada-rulebook.md", 1, 163),
        "WEB": ("004_56165055ac263060.txt", 1, 150),
        "CM": ("../sagrada/components.md", 1, 320),
    },
}
each_game = pytest.mark.parametrize("game", list(FILES))
#: The separator of the headings in a path.
ANGLE = " \N{SINGLE RIGHT-POINTING ANGLE QUOTATION MARK} "
CITATION = re.compile(r"^([A-Z]+) ([^\s:]+):(\d+)(?:-(\d+))? \((.+)\)$")


def outline(game: str = "sintra") -> dict[str, list[dict[str, object]]]:
    """Edition -> its entries, read straight from the TOML file."""
    data = tomllib.loads((ROOT / "spec" / game / "outline.toml").read_text("utf-8"))
    return {edition["code"]: edition["entries"] for edition in data["edition"]}


def path_of(entry: dict[str, object]) -> list[str]:
    return str(entry["path"]).split(ANGLE)


def citations(game: str = "sintra") -> list[tuple[str, int, str]]:
    """Every citation of every ``**Sources.**`` line: (edition, first line, the whole text)."""
    out = []
    for page in sorted((ROOT / "spec" / game).glob("*.md")):
        for line in page.read_text("utf-8").split("\n"):
            if not line.startswith("**Sources.** ") or line.startswith("**Sources.** None"):
                continue
            for part in line.removeprefix("**Sources.** ").split(" · "):
                match = CITATION.match(part)
                assert match, part
                assert match[1] in FILES[game], part
                out.append((match[1], int(match[3]), part))
    return out


def section_at(game: str, edition: str, line: int) -> dict[str, object] | None:
    """The last entry of ``edition`` at or before ``line``."""
    found = None
    for entry in outline(game)[edition]:
        if int(str(entry["line"])) <= line:
            found = entry
    return found


def fold(text: str) -> str:
    """Lower case, no accents (ligatures opened), words separated by single spaces."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(re.findall(r"\w+", plain))


@each_game
def test_each_edition_has_an_ordered_well_formed_outline(game: str) -> None:
    """Every edition has entries with increasing lines inside its part of the text file; a path
    is non-empty headings, its parent (the path without the last heading) an earlier entry's
    path; a heading in [brackets] (not printed) comes with the printed ``at`` words."""
    editions = outline(game)
    assert sorted(editions) == sorted(FILES[game])
    for code, entries in editions.items():
        _name, low, high = FILES[game][code]
        seen: set[tuple[str, ...]] = set()
        last = 0
        for entry in entries:
            line, path = entry["line"], path_of(entry)
            assert isinstance(line, int) and low <= line <= high and line > last, (code, line)
            assert set(entry) <= {"line", "path", "at"}, (code, line)
            assert all(part.strip() == part and part for part in path), (code, line)
            assert len(path) == 1 or tuple(path[:-1]) in seen, (code, line, "parent")
            if path[-1].startswith("["):
                assert path[-1].endswith("]") and entry.get("at"), (code, line)
            seen.add(tuple(path))
            last = line


@each_game
def test_every_citation_falls_in_a_section_and_is_labelled_with_it(game: str) -> None:
    """Each citation's first line lies in a section of its edition's outline; the loader finds
    the same section, and the text a reader sees opens with the edition and that section's
    headings (and, when the cited lines run on beyond it and its subsections, ``to`` and the
    last line's section, the headings both share written once), the line reference after."""
    spec = load_spec(game)
    found = citations(game)
    assert len(found) > 350
    for edition, first, text in found:
        entry = section_at(game, edition, first)
        assert entry is not None, f"{text}: before the first {edition} section"
        citation = Citation.parse(text, game)
        assert spec.outline.section(citation).path == tuple(path_of(entry)), text
        words = citation_text(citation, spec)
        lines = text.split(" ", 1)[1].split(" (", 1)[0]
        start = path_of(entry)
        end = path_of(section_at(game, edition, int(lines.split(":")[1].split("-")[-1])) or {})
        if end[: len(start)] == start:  # the last line in the same section or a subsection
            label = ", ".join(start)
        else:  # both sections, the headings they share written once
            shared = next(
                (i for i, (a, b) in enumerate(zip(start, end, strict=False)) if a != b), 0
            )
            shared = min(shared, len(start) - 1, len(end) - 1)
            label = ", ".join(
                [*start[:shared], f"{', '.join(start[shared:])} to {', '.join(end[shared:])}"]
            )
        assert words.startswith(f"{edition}, {label} ({lines})"), (text, words)


@pytest.mark.parametrize(
    ("game", "citation", "label"),
    [
        # Written from the printed rulebooks and the texts, not from the code.
        ("sintra", "EN 000:88", "EN, A) Advance a pattern, Step 1, Attention"),
        ("sintra", "EN 000:112", "EN, A) Advance a pattern, Step 2, Attention"),
        ("sintra", "EN 000:132", "EN, A) Advance a pattern, Example"),
        ("sintra", "EN 000:203", "EN, End of the game, Attention"),
        ("sintra", "ES 001:146", "ES, A) Avanzar un patrón, Paso 1, Ejemplo b)"),
        ("sintra", "ES 001:80", "ES, Preparación de la partida, 7"),
        ("sintra", "NL 003:108", "NL, A) Leg een patroon, Stap 1, Voorbeeld b), [picture]"),
        ("sintra", "FR 003:502", "FR, B) Ramener votre vitrier, Important"),
        (
            "sintra",
            "RM 002:136",
            "RM, 7. FAQ or Edge Cases, Can I take from center more than once per round?",
        ),
        ("sagrada", "EN sagrada-rulebook.md:78", "EN, Gameplay, Placing Dice, First die"),
        (
            "sagrada",
            "EN sagrada-rulebook.md:125",
            "EN, End Game Scoring, Dice Placement Mistakes",
        ),
        ("sagrada", "EN sagrada-rulebook.md:149", "EN, Solo Play Rules, Tool Cards"),
        ("sagrada", "WEB 004:18", "WEB, Setup, Player Setup, 1"),
        ("sagrada", "WEB 004:121", "WEB, End Of The Round, Example"),
        (
            "sagrada",
            "CM components.md:186",
            "CM, 4. Tool cards, 4.3 Per-card timing, 11. Flux Remover",
        ),
    ],
)
def test_known_citations_get_the_printed_labels(game: str, citation: str, label: str) -> None:
    text = citation_text(Citation.parse(f"{citation} (x)", game))
    assert text == f"{label} ({citation.split(' ')[1]}): x"  # "x": a note the label lacks


def _copy_spec(tmp_path: Path, game: str, old: str, new: str) -> Path:
    directory = tmp_path / "spec"
    shutil.copytree(ROOT / "spec" / game, directory)
    path = directory / "outline.toml"
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")
    return directory


_HEAD = '{ line = 1, path = "Sagrada Rulebook" },\n  { line = 3, path = "Table of Contents" },\n'


@pytest.mark.parametrize(
    ("game", "old", "new", "reason"),
    [
        (
            "sintra",
            '{ line = 4, path = "Componentes" }',
            '{ line = 5, path = "Componentes" }',
            "before the",
        ),
        ("sintra", "{ line = 20, path", "{ line = 17, path", "lines must increase"),
        (
            "sintra",
            f'path = "Game setup{ANGLE}2"',
            f'path = "Setup{ANGLE}2"',
            "no earlier entry's path",
        ),
        (
            "sintra",
            '[picture caption]", at = "The icon on top is not a space" }',
            '[x]" }',
            "[brackets]",
        ),
        ("sintra", 'code = "RM"', 'code = "XX"', "unknown or listed twice"),
        (
            "sagrada",
            _HEAD + '  { line = 5, path = "Components" }',
            '{ line = 8, path = "Components" }',
            "before the first EN section",
        ),
        ("sagrada", '{ line = 17, path = "Overview" }', '{ line = 4, path = "Overview" }', "lines"),
        (
            "sagrada",
            f'path = "Player Setup{ANGLE}1"',
            f'path = "Setup{ANGLE}1"',
            "no earlier entry's path",
        ),
        ("sagrada", '[cards set aside]", at = "Set aside all remaining" }', '[x]" }', "[brackets]"),
        ("sagrada", 'code = "WEB"', 'code = "XX"', "unknown or listed twice"),
        ("sagrada", 'file = "004"', 'file = "005"', "file must be '004'"),
    ],
)
def test_loader_rejects_a_broken_outline(
    tmp_path: Path, game: str, old: str, new: str, reason: str
) -> None:
    """A citation before the first section, lines out of order, a heading without its parent,
    an unprinted heading without its printed words, an unknown edition or file: a SpecError
    that says so."""
    with pytest.raises(SpecError, match=re.escape(reason)):
        load_spec(_copy_spec(tmp_path, game, old, new))


@pytest.mark.rulebooks
@each_game
def test_each_entrys_heading_stands_at_its_line(game: str) -> None:
    """The words of each entry's last heading (each of ``a / b`` when a line holds two), or its
    ``at`` words, occur together at the entry's line of the rulebook text."""
    texts: dict[str, list[str]] = {}
    for code, entries in outline(game).items():
        name = FILES[game][code][0]
        if name not in texts:
            path = RULEBOOKS / name
            assert path.is_file(), f"{path} not found: set SINTRA_RULEBOOKS"
            texts[name] = path.read_text("utf-8").split("\n")
        for entry in entries:
            line = int(str(entry["line"]))
            printed = f" {fold(texts[name][line - 1])} "
            wanted = [str(entry["at"])] if "at" in entry else path_of(entry)[-1].split(" / ")
            for words in wanted:
                assert fold(words), (code, line)
                assert f" {fold(words)} " in printed, f"{code} line {line}: {words!r} not there"
