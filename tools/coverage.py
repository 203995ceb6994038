"""Clause coverage of a source checkout: which clauses the engine and its tests cite.

A development tool, not part of the wheel: it scans the files of a checkout (``sintra_rules/``,
``tests/``, ``proofs/``), so it is run from one::

    python -m tools.coverage [--root DIR] [--strict]

The docs (``docs/_ext``) and ``tests/test_traceability.py`` use :func:`coverage_report`.
"""

from __future__ import annotations

import argparse
import re
import sys
import types
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import attrs

from sintra_rules import SpecError
from sintra_rules.clauses import AREAS, CLAUSE_ID_RE, load_spec

__all__ = ["CitedAt", "CoverageReport", "Location", "coverage_report", "main"]

#: The checkout this file belongs to.
ROOT = Path(__file__).resolve().parents[1]


#: Folders of the library's other games (``sintra_rules/games/<name>/``, ``tests/<name>/``):
#: their files cite their own spec (``spec/<name>/``, its own clause namespace) and its own
#: traceability test checks them (``tests/<name>/test_traceability.py``), so they are left out
#: of this report until the report reads a spec per game.
OTHER_GAMES = ("sagrada",)

_NAME_RE = re.compile(r"^\s*(?:async\s+)?(?:def|class)\s+(?P<name>\w+)")
_NAME_ID_RE = re.compile(rf"(?i)(?<![a-z0-9])(?P<area>{'|'.join(AREAS)})_?(?P<num>\d{{2}})(?!\d)")


@attrs.frozen
class Location:
    """A place in the source tree: a path relative to the root (``/``-separated) and a 1-based
    line."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@attrs.frozen
class CitedAt:
    """A clause ID cited at a location (used for citations of unknown or retired IDs)."""

    location: Location
    clause: str

    def __str__(self) -> str:
        return f"{self.location}: {self.clause}"


@attrs.frozen(eq=False)
class CoverageReport:
    """Which clauses the engine and its tests cite (see :func:`coverage_report`).

    ``implemented`` and ``tested`` map each cited active clause to where it is cited;
    ``unknown`` lists citations of IDs not in the index and ``retired`` citations of retired
    clauses; ``unimplemented`` and ``untested`` list the active clauses (index order) cited
    nowhere in the engine or nowhere in the tests and proofs.
    """

    root: Path
    implemented: Mapping[str, tuple[Location, ...]]
    tested: Mapping[str, tuple[Location, ...]]
    unknown: tuple[CitedAt, ...]
    retired: tuple[CitedAt, ...]
    unimplemented: tuple[str, ...]
    untested: tuple[str, ...]

    @property
    def complete(self) -> bool:
        """No unknown or retired citation and every active clause implemented and tested."""
        return not (self.unknown or self.retired or self.unimplemented or self.untested)

    def render(self) -> str:
        """The report as text, as ``python -m tools.coverage`` prints it."""
        active = len(self.implemented) + len(self.unimplemented)
        out = [
            f"Clause coverage of {self.root}",
            f"  implemented (cited in sintra_rules/): {len(self.implemented)} of {active}",
            f"  tested (cited in tests/ and proofs/): {len(self.tested)} of {active}",
        ]
        for title, items in (
            ("Citations of unknown clause IDs", self.unknown),
            ("Citations of retired clauses", self.retired),
        ):
            if items:
                out += [f"{title} ({len(items)}):", *(f"  {item}" for item in items)]
        for title, ids in (
            ("Not implemented", self.unimplemented),
            ("Not tested", self.untested),
        ):
            if ids:
                out += [f"{title} ({len(ids)}):", *_wrap(ids, "  ")]
        if self.complete:
            out.append("Every active clause is implemented and tested; no unknown citation.")
        return "\n".join(out)


def coverage_report(root: Path = ROOT) -> CoverageReport:
    """Scan the checkout ``root`` (default: the one holding this tool) for clause citations
    (see :func:`sintra_rules.clauses.cited_ids`).

    *Implemented*: cited in ``sintra_rules/**/*.py``, except the clause package
    ``sintra_rules/clauses/`` (whose examples cite clauses); a ``figure`` clause
    counts as implemented only where the figures live, in
    ``sintra_rules/games/sintra/components.py`` or the data file
    ``sintra_rules/games/sintra/data/components.toml``. *Tested*: cited in ``tests/**/*.py`` or
    ``proofs/**/*.py``, in the text or, in the ``AREA_NN`` or ``AREANN`` form (any case), in the
    name of a function or class (``def test_place_05_...``, ``def test_rul07_...``). Retired clauses
    are never listed as missing; citing one is reported. The spec is read from ``root/spec/sintra``.

    Raises:
        FileNotFoundError: ``root`` is not a checkout (it lacks ``spec/sintra/index.toml``,
            ``sintra_rules/`` or ``tests/``), as an installed package is not: a report of it
            would say that nothing is tested.
        sintra_rules.errors.SpecError: the spec of the checkout is invalid.
    """
    root = Path(root).resolve()
    needed = (root / "spec" / "sintra" / "index.toml", root / "sintra_rules", root / "tests")
    missing = [path.relative_to(root).as_posix() for path in needed if not path.exists()]
    if missing:
        raise FileNotFoundError(
            f"{root} is not a checkout of sintra_rules (no {', '.join(missing)}): the clause "
            "coverage is measured on a source tree with its tests"
        )
    spec = load_spec(root / "spec" / "sintra")
    package = root / "sintra_rules"
    game = package / "games" / "sintra"
    figure_files = {game / "components.py", game / "data" / "components.toml"}
    engine = [
        path
        for path in sorted(package.rglob("*.py"))
        if package / "clauses" not in path.parents and not _other_game(root, path)
    ]
    data = [path for path in sorted(figure_files) if path.suffix == ".toml" and path.is_file()]
    tests = [
        path
        for name in ("tests", "proofs")
        for path in sorted((root / name).rglob("*.py"))
        if not _other_game(root, path)
    ]
    implemented: dict[str, list[Location]] = {}
    tested: dict[str, list[Location]] = {}
    unknown: list[CitedAt] = []
    retired: list[CitedAt] = []
    for group, paths, names in (("engine", [*engine, *data], False), ("tests", tests, True)):
        for path in paths:
            for location, clause_id in _citations(root, path, names):
                clause = spec.by_id.get(clause_id)
                if clause is None:
                    unknown.append(CitedAt(location, clause_id))
                elif clause.status != "active":
                    retired.append(CitedAt(location, clause_id))
                elif group == "tests":
                    tested.setdefault(clause_id, []).append(location)
                elif clause.kind != "figure" or path in figure_files:
                    implemented.setdefault(clause_id, []).append(location)
    active = [clause.id for clause in spec.clauses if clause.status == "active"]
    return CoverageReport(
        root=root,
        implemented=_frozen_locations(active, implemented),
        tested=_frozen_locations(active, tested),
        unknown=tuple(unknown),
        retired=tuple(retired),
        unimplemented=tuple(c for c in active if c not in implemented),
        untested=tuple(c for c in active if c not in tested),
    )


def _other_game(root: Path, path: Path) -> bool:
    """Whether ``path`` belongs to another game's folder (:data:`OTHER_GAMES`)."""
    return any(part in OTHER_GAMES for part in path.relative_to(root).parts[:-1])


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tools.coverage [--root DIR] [--strict]``: validate the spec and print the
    clause coverage report of the checkout. Exit status 1 when a citation names an unknown
    clause (with ``--strict`` also when any clause is unimplemented or untested), 2 when the
    spec itself is invalid or ``--root`` is not a checkout."""
    parser = argparse.ArgumentParser(
        prog="python -m tools.coverage",
        description="Validate the spec and report which clauses the engine and its tests cite.",
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=ROOT,
        help="the checkout to scan (default: the one holding this tool)",
    )
    parser.add_argument(
        "--strict", action="store_true", help="also fail on unimplemented or untested clauses"
    )
    args = parser.parse_args(argv)
    try:
        report = coverage_report(args.root)
    except (SpecError, FileNotFoundError) as error:
        print(error, file=sys.stderr)
        return 2
    print(report.render())
    if report.unknown or (args.strict and not report.complete):
        return 1
    return 0


def _wrap(ids: Iterable[str], indent: str, width: int = 100) -> list[str]:
    lines: list[str] = []
    line = indent
    for clause_id in ids:
        if len(line) + len(clause_id) + 2 > width and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += clause_id + ", "
    if line.strip():
        lines.append(line.rstrip(", "))
    return lines


def _citations(root: Path, path: Path, names: bool) -> Iterable[tuple[Location, str]]:
    """Every clause ID cited in ``path`` with its location; with ``names`` also the
    ``AREA_NN`` form in the names of functions and classes."""
    try:
        text = path.read_text("utf-8")
    except UnicodeDecodeError:
        return
    relative = path.relative_to(root).as_posix()
    for number, line in enumerate(text.split("\n"), 1):
        ids = CLAUSE_ID_RE.findall(line)
        if names:
            name = _NAME_RE.match(line)
            if name:
                ids += [f"{m['area'].upper()}-{m['num']}" for m in _NAME_ID_RE.finditer(name[1])]
        for clause_id in dict.fromkeys(ids):
            yield Location(relative, number), clause_id


def _frozen_locations(
    order: Sequence[str], found: Mapping[str, list[Location]]
) -> Mapping[str, tuple[Location, ...]]:
    return types.MappingProxyType({c: tuple(found[c]) for c in order if c in found})


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
