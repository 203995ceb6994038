"""What a new user trips over: each test reproduces one report of issue 15 from a fresh clone.

The command-line points drive the real ``sintra`` command in a subprocess (exit codes,
interrupts, what reaches standard error), as a user at a terminal would meet them.
"""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from sintra_rules import NotationError, action_from_text

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def test_the_licence_ships_in_the_repository() -> None:
    """The metadata says MIT: the repository carries the MIT licence text."""
    text = (ROOT / "LICENSE").read_text("utf-8")
    assert text.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in text


def test_the_licence_ships_in_the_wheel(tmp_path: Path) -> None:
    """A wheel built from the checkout holds the licence in its metadata folder."""
    build = ["wheel", "-q", "--no-build-isolation", "--no-deps", "-w", str(tmp_path), str(ROOT)]
    subprocess.run(
        [sys.executable, "-m", "pip", *build],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("sintra_rules-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        licences = [
            n for n in names if re.fullmatch(r"sintra_rules-[^/]+\.dist-info/licenses/LICENSE", n)
        ]
        assert licences, names
        assert archive.read(licences[0]).decode("utf-8").startswith("MIT License")


def test_the_readme_sends_users_only_where_a_clone_can_go() -> None:
    """The README does not point at ``shared/``, which a clone of the project does not have,
    and it links to the docs' provenance page for the provisional figures."""
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "shared/" not in readme
    assert "](docs/provenance.md)" in readme
    assert (DOCS / "provenance.md").is_file()


def _toctree_entries() -> list[tuple[str, str]]:
    """(page holding the toctree, document it lists) for every toctree of the docs."""
    out: list[tuple[str, str]] = []
    fence = re.compile(r"```\{toctree\}\n(.*?)```", re.S)
    sources = [p for p in DOCS.rglob("*.md") if "_build" not in p.parts]
    sources += [ROOT / "spec" / "index.md"]
    for page in sources:
        text = page.read_text("utf-8")
        base = page.parent if page.parent != ROOT / "spec" else DOCS / "spec"
        for block in fence.findall(text):
            for line in block.splitlines():
                line = line.strip()
                if line and not line.startswith(":"):
                    doc = (base / line).resolve().relative_to(DOCS.resolve()).as_posix()
                    out.append((page.relative_to(ROOT).as_posix(), doc))
    return out


def test_no_page_appears_twice_in_the_sidebar() -> None:
    """Each document is listed by one toctree only ("Rulings" appeared twice in the sidebar)."""
    entries = _toctree_entries()
    assert ("spec/index.md", "spec/08-rulings") in entries
    seen: dict[str, str] = {}
    for page, doc in entries:
        assert doc not in seen, f"{doc} is listed by {seen[doc]} and by {page}"
        seen[doc] = page


@pytest.mark.parametrize("text", ["B", "b"])
def test_action_b_gets_a_hint_to_write_r(text: str) -> None:
    """The spec calls the reset "action B" as the rulebook does; the notation writes ``R``, and
    a ``B`` is answered with that hint rather than a parse error about factory displays."""
    with pytest.raises(NotationError, match=r"action B .*RESET-01.* is written 'R'"):
        action_from_text(text)
