"""The package's layering: a module outside a game's home never imports that game.

Every import of every module of ``sintra_rules`` is read from its syntax tree (function-local
and ``TYPE_CHECKING`` imports included). A module under ``sintra_rules/games/<name>/`` may import
its own game and the generic modules; the facade (``sintra_rules/__init__.py``, Sintra's API)
may import Sintra; every other module imports no game (it reaches games through the registry,
:func:`sintra_rules.make`). Games do not import each other.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "sintra_rules"
GAMES = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists())

#: Modules that still import a game while the satellites become generic (issue 20, step 3);
#: each must really still do so (see the test), and the list ends empty.
PENDING: frozenset[str] = frozenset()


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` (a module of the package) imports, resolved to absolute names."""
    here = _module_name(path).split(".")
    if path.name != "__init__.py":
        here = here[:-1]
    return _imports_of(path.read_text(encoding="utf-8"), here)


def _imports_of(source: str, here: list[str]) -> set[str]:
    """Every module ``source`` imports, relative imports resolved from the package ``here``."""
    tree = ast.parse(source)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here[: len(here) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def _game_imported(name: str) -> str | None:
    parts = name.split(".")
    if parts[:2] == ["sintra_rules", "games"] and len(parts) >= 3 and parts[2] in GAMES:
        return parts[2]
    return None


def _violations() -> dict[str, set[str]]:
    bad: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        rel = path.relative_to(PACKAGE).parts
        home = rel[1] if rel[0] == "games" and len(rel) > 2 else None
        for imported in _imports(path):
            game = _game_imported(imported)
            if game is None or game == home:
                continue
            if module == "sintra_rules" and game == "sintra":
                continue  # the facade is Sintra's API
            bad.setdefault(module, set()).add(game)
    return bad


def test_both_games_have_a_home() -> None:
    assert "sintra" in GAMES


def test_no_module_outside_a_games_home_imports_that_game() -> None:
    bad = _violations()
    unexpected = {m: g for m, g in bad.items() if m not in PENDING}
    assert unexpected == {}, "these modules import a game from outside its home"
    stale = PENDING - set(bad)
    assert stale == set(), "these modules no longer import a game: remove them from PENDING"


def test_the_walk_sees_function_local_relative_and_typing_imports() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from .games.sintra import state\n"
        "def f():\n    from sintra_rules.games.sintra import rules\n"
    )
    found = _imports_of(source, ["sintra_rules", "adapters"])
    assert {"sintra_rules.games.sintra.rules", "sintra_rules.adapters.games.sintra.state"} <= found
    found = _imports_of(source, ["sintra_rules"])
    assert "sintra_rules.games.sintra.state" in found


def test_importing_the_package_imports_no_sagrada() -> None:
    code = (
        "import sys, sintra_rules; "
        "print(sorted(m for m in sys.modules if m.startswith('sintra_rules.games.sagrada')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
