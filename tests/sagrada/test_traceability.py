"""Traceability of Sagrada's clauses (namespace ``sagrada``, ``spec/sagrada/index.toml``): the
engine and its tests cite only registered clauses, and every active clause is cited by the
engine (``sintra_rules/games/sagrada``) and by a test (``tests/sagrada``). The other game's
checks (``tests/test_traceability.py``) read its own spec."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INDEX = tomllib.loads((ROOT / "spec" / "sagrada" / "index.toml").read_text("utf-8"))
CLAUSES = {entry["id"]: entry["status"] for entry in INDEX["clause"]}
AREAS = sorted({clause.split("-")[0] for clause in CLAUSES})
CITE = re.compile(rf"\b(?:{'|'.join(AREAS)})-\d\d\b")
NAMED = re.compile(rf"(?i)\b(?:def|class)\s+\w*?(?<![a-z0-9])({'|'.join(AREAS)})_?(\d\d)(?!\d)")


def cited(folder: Path, names: bool = False) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*.py")) + sorted(folder.rglob("*.toml")):
        text = path.read_text("utf-8")
        found = set(CITE.findall(text))
        if names:
            found |= {f"{a.upper()}-{n}" for a, n in NAMED.findall(text)}
        for clause in found:
            out.setdefault(clause, []).append(path.relative_to(ROOT).as_posix())
    return out


ENGINE = cited(ROOT / "sintra_rules" / "games" / "sagrada")
TESTS = cited(ROOT / "tests" / "sagrada", names=True)


def test_only_registered_clauses_are_cited() -> None:
    """Every clause ID the engine and its tests cite is in the registry, and active."""
    for where in (ENGINE, TESTS):
        unknown = {c: paths for c, paths in where.items() if CLAUSES.get(c) != "active"}
        assert not unknown, f"unknown or retired clauses cited: {unknown}"


def test_every_active_clause_is_implemented_and_tested() -> None:
    """Every active clause is cited by the engine and by a test."""
    active = {c for c, status in CLAUSES.items() if status == "active"}
    assert sorted(active - set(ENGINE)) == []
    assert sorted(active - set(TESTS)) == []
