"""Clause coverage of a source checkout: which clauses each game's engine and tests cite.

A development tool, not part of the wheel: it scans the files of a checkout (``sintra_rules/``,
``tests/``, ``proofs/``), so it is run from one::

    python -m tools.coverage [--root DIR] [--game NAME] [--strict]

Each game's spec (``spec/<game>/``) is checked against the citations of that game: a plain ID
(``PLACE-05``) is a clause of the game whose home the file is in (``sintra_rules/games/<game>/``,
``tests/<game>/``), and of Sintra elsewhere (the generic modules, ``tests/``, ``proofs/``); a
qualified ID (``sagrada:PLACE-03``) is a clause of the game it names, wherever it is written.
The docs (``docs/_ext``) and ``tests/test_traceability.py`` use :func:`coverage_report`.
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
import types
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import attrs

from sintra_rules import SpecError
from sintra_rules.clauses import DEFAULT_GAME, Scheme, find_ids, load_spec, read_scheme

__all__ = [
    "CitedAt",
    "CoverageReport",
    "Location",
    "coverage_report",
    "engine_homes",
    "home_game",
    "main",
    "spec_games",
]

#: The checkout this file belongs to.
ROOT = Path(__file__).resolve().parents[1]


_NAME_RE = re.compile(r"^\s*(?:async\s+)?(?:def|class)\s+(?P<name>\w+)")


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
    """Which clauses of ``game``'s spec the engine and its tests cite (see
    :func:`coverage_report`).

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
    game: str = DEFAULT_GAME

    @property
    def complete(self) -> bool:
        """No unknown or retired citation and every active clause implemented and tested."""
        return not (self.unknown or self.retired or self.unimplemented or self.untested)

    def render(self) -> str:
        """The report as text, as ``python -m tools.coverage`` prints it."""
        active = len(self.implemented) + len(self.unimplemented)
        out = [
            f"Clause coverage of {self.root}, spec/{self.game}",
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


def coverage_report(root: Path = ROOT, game: str = DEFAULT_GAME) -> CoverageReport:
    """Scan the checkout ``root`` (default: the one holding this tool) for citations of the
    clauses of ``game``'s spec (default Sintra's; see :func:`sintra_rules.clauses.find_ids`).

    *Implemented*: cited in ``sintra_rules/**/*.py``, except the clause package
    ``sintra_rules/clauses/`` (whose examples cite clauses); a ``figure`` clause
    counts as implemented only where the figures live, in
    ``sintra_rules/games/sintra/components.py`` or the data file
    ``sintra_rules/games/sintra/data/components.toml``. *Tested*: cited in ``tests/**/*.py`` or
    ``proofs/**/*.py``, in the text or, in the ``AREA_NN`` or ``AREANN`` form (any case), in the
    name of a function or class (``def test_place_05_...``, ``def test_rul07_...``). Retired clauses
    are never listed as missing; citing one is reported. The spec is read from
    ``root/spec/<game>``.

    Only the citations of ``game``'s clauses count (see the module's docstring): a plain ID in
    ``sintra_rules/games/<game>/`` or ``tests/<game>/``, or anywhere when ``game`` is Sintra (the
    default game of a plain ID), and an ID qualified by ``game`` anywhere. The figure files are
    the game's own (``sintra_rules/games/<game>/components.py`` and ``data/components.toml``).
    A game whose engine has not landed (no ``sintra_rules/games/<game>/``) is reported with
    every clause unimplemented, not skipped.

    Raises:
        FileNotFoundError: ``root`` is not a checkout (it lacks ``spec/<game>/index.toml``,
            ``sintra_rules/`` or ``tests/``), as an installed package is not: a report of it
            would say that nothing is tested.
        sintra_rules.errors.SpecError: a spec of the checkout is invalid.
    """
    root = Path(root).resolve()
    needed = (root / "spec" / game / "index.toml", root / "sintra_rules", root / "tests")
    missing = [path.relative_to(root).as_posix() for path in needed if not path.exists()]
    if missing:
        raise FileNotFoundError(
            f"{root} is not a checkout of sintra_rules (no {', '.join(missing)}): the clause "
            "coverage is measured on a source tree with its tests"
        )
    schemes = {name: read_scheme(root / "spec" / name) for name in spec_games(root)}
    spec = load_spec(root / "spec" / game)
    package = root / "sintra_rules"
    home = package / "games" / game
    figure_files = {home / "components.py", home / "data" / "components.toml"}
    engine = [
        path for path in sorted(package.rglob("*.py")) if package / "clauses" not in path.parents
    ]
    data = sorted(package.glob("games/*/data/components.toml"))
    tests = [path for name in ("tests", "proofs") for path in sorted((root / name).rglob("*.py"))]
    implemented: dict[str, list[Location]] = {}
    tested: dict[str, list[Location]] = {}
    unknown: list[CitedAt] = []
    retired: list[CitedAt] = []
    for group, paths, names in (("engine", [*engine, *data], False), ("tests", tests, True)):
        for path in paths:
            for location, cited, clause_id in _citations(root, path, names, schemes):
                if cited != game:
                    continue
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
        game=game,
    )


def spec_games(root: Path = ROOT) -> tuple[str, ...]:
    """The games with a spec in the checkout ``root`` (``spec/<game>/index.toml``), in
    alphabetical order."""
    return tuple(sorted(path.parent.name for path in (Path(root) / "spec").glob("*/index.toml")))


def engine_homes(root: Path = ROOT) -> tuple[str, ...]:
    """The games with a spec whose engine is in the checkout ``root``
    (``sintra_rules/games/<game>/``), in alphabetical order: the games whose clauses must all
    be implemented and tested."""
    return tuple(
        game for game in spec_games(root) if (Path(root) / "sintra_rules" / "games" / game).is_dir()
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tools.coverage [--root DIR] [--game NAME] [--strict]``: validate the specs
    and print the clause coverage report of the checkout, one per game with a spec (or of the
    game ``--game``). Exit status 1 when a citation names an unknown clause (with ``--strict``
    also when any clause is unimplemented or untested), 2 when a spec itself is invalid or
    ``--root`` is not a checkout."""
    parser = argparse.ArgumentParser(
        prog="python -m tools.coverage",
        description="Validate the specs and report which clauses each game's engine and tests "
        "cite.",
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=ROOT,
        help="the checkout to scan (default: the one holding this tool)",
    )
    parser.add_argument(
        "--game", metavar="NAME", help="report on this game's spec only (default: every game's)"
    )
    parser.add_argument(
        "--strict", action="store_true", help="also fail on unimplemented or untested clauses"
    )
    args = parser.parse_args(argv)
    games = [args.game] if args.game else list(spec_games(args.root)) or [DEFAULT_GAME]
    try:
        reports = [coverage_report(args.root, game) for game in games]
    except (SpecError, FileNotFoundError) as error:
        print(error, file=sys.stderr)
        return 2
    print("\n\n".join(report.render() for report in reports))
    if any(report.unknown or (args.strict and not report.complete) for report in reports):
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


def home_game(relative: str, games: Iterable[str]) -> str:
    """The game whose clauses the plain IDs of the file ``relative`` (to the checkout) cite:
    the game whose home it is in (``sintra_rules/games/<game>/``, ``tests/<game>/``), else
    Sintra.

    >>> home_game("tests/sagrada/test_tools.py", ["sagrada", "sintra"])
    'sagrada'
    >>> home_game("sintra_rules/mcts.py", ["sagrada", "sintra"])
    'sintra'
    """
    parts = relative.split("/")
    for prefix in (["sintra_rules", "games"], ["tests"]):
        size = len(prefix)
        if parts[:size] == prefix and len(parts) > size + 1 and parts[size] in games:
            return parts[size]
    return DEFAULT_GAME


@functools.cache
def _name_re(areas: tuple[str, ...]) -> re.Pattern[str]:
    """A clause ID in the name of a test (``test_place_05_...``, ``test_rul07_...``)."""
    return re.compile(rf"(?i)(?<![a-z0-9])(?P<area>{'|'.join(areas)})_?(?P<num>\d{{2}})(?!\d)")


def _citations(
    root: Path, path: Path, names: bool, schemes: Mapping[str, Scheme]
) -> Iterable[tuple[Location, str, str]]:
    """Every clause ID cited in ``path`` with its location and its game (the file's home game
    for a plain ID, :func:`home_game`); with ``names`` also the ``AREA_NN`` form in the names
    of functions and classes (of the home game)."""
    try:
        text = path.read_text("utf-8")
    except UnicodeDecodeError:
        return
    relative = path.relative_to(root).as_posix()
    home = home_game(relative, schemes)
    for number, line in enumerate(text.split("\n"), 1):
        ids = [(game, clause_id) for game, clause_id, _ in find_ids(line, schemes, home)]
        if names and home in schemes:
            name = _NAME_RE.match(line)
            if name:
                pattern = _name_re(schemes[home].areas)
                ids += [
                    (home, f"{m['area'].upper()}-{m['num']}") for m in pattern.finditer(name[1])
                ]
        for game, clause_id in dict.fromkeys(ids):
            yield Location(relative, number), game, clause_id


def _frozen_locations(
    order: Sequence[str], found: Mapping[str, list[Location]]
) -> Mapping[str, tuple[Location, ...]]:
    return types.MappingProxyType({c: tuple(found[c]) for c in order if c in found})


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
