"""The documentation's code examples run, and show what the engine does.

Every ``>>>`` example in a fenced ``pycon`` block of a page under ``docs/`` (and of the README)
runs as a doctest, the page's blocks in order in one namespace, in a scratch directory (pages
may write files). Every ``{sintra-position}`` picture's expression must give a game state
that renders. The pages are read with the same parser the Sphinx extension uses
(``docs/_ext/doc_examples.py``), so what CI checks is what the site shows. The Sphinx build
itself is a separate step of the README's test command.
"""

from __future__ import annotations

import doctest
import importlib.util
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from sintra_rules import GameState
from sintra_rules.games.sintra.svg import state_to_svg

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _load_parser() -> ModuleType:
    """``docs/_ext/doc_examples.py``, imported by path (docs/ is not a package)."""
    spec = importlib.util.spec_from_file_location("doc_examples", DOCS / "_ext" / "doc_examples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


PARSER = _load_parser()
PAGES = sorted(
    path
    for path in DOCS.rglob("*.md")
    if "_build" not in path.parts and PARSER.page_items(path.read_text("utf-8"))
)


def test_the_pages_with_examples_are_found() -> None:
    """The quickstart and the four tutorials hold examples: the parser finds them."""
    names = {path.relative_to(DOCS).as_posix() for path in PAGES}
    assert {
        "quickstart.md",
        "tutorials/play.md",
        "tutorials/agent.md",
        "tutorials/records.md",
        "tutorials/dispute.md",
    } <= names


@pytest.mark.parametrize(
    "page", [*PAGES, ROOT / "README.md"], ids=lambda p: p.relative_to(ROOT).as_posix()
)
def test_page_examples_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run the page's examples as one doctest and evaluate its pictures' expressions. The
    scratch directory holds the checkout's ``tests/data`` (a link), so a shell session may
    read the library's data files as from the checkout's root."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "data").symlink_to(ROOT / "tests" / "data", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    text = page.read_text("utf-8")
    name = str(page.relative_to(ROOT))
    namespace: dict[str, object] = {"__name__": name}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for item in PARSER.page_items(text):
        if isinstance(item, PARSER.Position):
            state = eval(item.expr, namespace)
            assert isinstance(state, GameState), f"{name}:{item.line + 1}: {item.expr!r}"
            ET.fromstring(state_to_svg(state))
            continue
        test = doctest.DocTest(
            PARSER.examples(item, name), namespace, name, str(page), item.line, None
        )
        runner.run(test, clear_globs=False)
        namespace = test.globs  # DocTest works on a copy: carry it to the next block
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} example(s) of {name} failed (see the output)"


def test_dispute_tutorial_runs_the_searches_and_a_track_wrap() -> None:
    """The dispute tutorial's examples (run above) include a search in each edition's word for
    the glazier and an explanation of a take that takes the marker past the bottom space, with
    its expected output."""
    page = DOCS / "tutorials" / "dispute.md"
    items = PARSER.page_items(page.read_text("utf-8"))
    found = [
        ex
        for item in items
        if isinstance(item, PARSER.Example)
        for ex in PARSER.examples(item, "dispute")
    ]
    sources = [example.source for example in found]
    for word in ("glaszetter", "vitrier", "vidriero"):
        assert f"__import__('doc_examples').sintra_shell('rule --search {word}')\n" in sources, word
    outputs = [" ".join(example.want.split()) for example in found]
    wraps = [want for want in outputs if "-14 -> -18 (bottom) -> 0 -> -2" in want]
    assert len(wraps) == 1
    assert "the marker reached the bottom (-18) 1 time: -18" in wraps[0]


@pytest.mark.parametrize("game", ["sintra", "sagrada"])
def test_every_spec_page_is_in_the_site(game: str) -> None:
    """Each page of a game's spec has its stub that includes it (Sintra's under ``docs/spec/``,
    another game's under ``docs/spec/<game>/``), so a new spec page cannot be left out of the
    site."""
    pages = sorted((ROOT / "spec" / game).glob("*.md"))
    assert len(pages) > 5
    stubs = DOCS / "spec" if game == "sintra" else DOCS / "spec" / game
    up = "../../" if game == "sintra" else "../../../"
    for page in pages:
        stub = stubs / page.name
        assert stub.is_file(), f"{stub.relative_to(ROOT)} is missing"
        assert f"{{include}} {up}spec/{game}/{page.name}" in stub.read_text("utf-8")


def _links() -> ModuleType:
    """``docs/_ext/sintra_links.py`` (the clause links), imported as the Sphinx build does."""
    if str(DOCS / "_ext") not in sys.path:
        sys.path.insert(0, str(DOCS / "_ext"))
    import sintra_links

    module: ModuleType = sintra_links
    return module


def cid(area: str, number: int) -> str:
    """A clause ID built from parts (so that this file does not cite it)."""
    return f"{area}-{number:02d}"


@pytest.mark.parametrize(
    ("docname", "written", "target"),
    [
        # A plain ID is a clause of the page's game; a qualified one of the game it names.
        ("quickstart", cid("PLACE", 3), "place-03"),
        ("spec/03-turn", cid("PLACE", 3), "place-03"),
        ("spec/sagrada/03-turn", cid("PLACE", 3), "sagrada:place-03"),
        ("sagrada/clauses", cid("TOOL", 1), "sagrada:tool-01"),
        ("quickstart", "sagrada:" + cid("TOOL", 1), "sagrada:tool-01"),
        ("spec/sagrada/08-engine", "sintra:" + cid("ENG", 2), "eng-02"),
        ("spec/03-turn", "sintra:" + cid("TAKE", 3), "take-03"),
        # Not a clause of the game: no link.
        ("quickstart", cid("TOOL", 1), None),
        ("spec/sagrada/03-turn", cid("TAKE", 3), None),
        ("quickstart", "sagrada:" + cid("TOOL", 99), None),
        ("quickstart", "X" + cid("PLACE", 3), None),
    ],
)
def test_clause_links_follow_the_pages_game(docname: str, written: str, target: str | None) -> None:
    """A clause ID written on a page links to the anchor of the clause of the page's game (its
    label qualified outside Sintra, as the anchors of another game's pages are), or of the
    game that qualifies it; the link shows the ID as written, the text around it is kept."""
    links = _links()
    parts = links._linked_text(f"see {written}.", docname)
    if target is None:
        assert parts is None
        return
    assert [type(part).__name__ for part in parts] == ["Text", "pending_xref", "Text"]
    assert (str(parts[0]), parts[1].astext(), str(parts[2])) == ("see ", written, ".")
    assert parts[1]["reftarget"] == target


def test_another_games_anchors_are_qualified_as_its_pages_are_included() -> None:
    """The ``include-read`` handler turns the clause anchors of Sagrada's spec pages into
    ``(sagrada:ID)=``; Sintra's pages and other lines are left as they are."""
    links = _links()

    class App:
        srcdir = str(DOCS)

    page = f"intro\n({cid('PLACE', 3)})=\n### {cid('PLACE', 3)} — Title\n(not-a-clause)=\n"
    for folder, expected in (("sagrada", f"(sagrada:{cid('PLACE', 3)})="), ("sintra", None)):
        content = [page]
        links.qualify_anchors(App(), Path(f"../spec/{folder}/03-turn.md"), "x", content)
        if expected is None:
            assert content == [page]
        else:
            assert content == [page.replace(f"({cid('PLACE', 3)})=", expected)]


def test_the_index_includes_the_readme_s_commands_from_a_sentence_start() -> None:
    """The docs' index shows the README's two commands from the line that introduces them (issue
    29: a line count made the include start mid-sentence once the README grew)."""
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    marker = re.search(r':start-after: "([^"]+)"', index)
    assert marker is not None and ":start-line:" not in index
    assert readme.count(marker.group(1)) == 1
    included = readme.split(marker.group(1), 1)[1].split("## What it is", 1)[0].strip()
    assert included.startswith("Install and watch a complete game")
    assert included.count("```sh") == 2
