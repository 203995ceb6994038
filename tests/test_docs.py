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
    """Run the page's examples as one doctest and evaluate its pictures' expressions."""
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


def test_every_spec_page_is_in_the_site() -> None:
    """Each page of ``spec/`` has its stub under ``docs/spec/`` that includes it, so a new spec
    page cannot be left out of the site."""
    for page in sorted((ROOT / "spec" / "sintra").glob("*.md")):
        stub = DOCS / "spec" / page.name
        assert stub.is_file(), f"docs/spec/{page.name} is missing"
        assert f"{{include}} ../../spec/sintra/{page.name}" in stub.read_text("utf-8")
