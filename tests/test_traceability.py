"""Traceability: each game's engine, tests and proofs cite only clauses its spec registers,
and every active clause of a game whose engine has landed is cited by the engine and by a test
or proof.

The implemented and tested checks are the project's definition of done for a spec: they fail,
listing the clauses, while some clause is not implemented or not tested. They run for every game
whose engine is in the checkout (``sintra_rules/games/<game>/``; :data:`ENGINES` says which
games those are, so that a game cannot drop out of them unnoticed). The scanner itself
(:func:`tools.coverage.coverage_report`) is checked on a small hand-made tree whose citations
are built from parts, so that this module does not cite clauses it does not test.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sintra_rules import available_games
from sintra_rules.clauses import load_spec
from tools.coverage import (
    CitedAt,
    CoverageReport,
    Location,
    coverage_report,
    engine_homes,
    home_game,
    main,
    spec_games,
)

ROOT = Path(__file__).resolve().parents[1]


def cid(area: str, number: int) -> str:
    """A clause ID built from parts (so that this file does not cite it)."""
    return f"{area}-{number:02d}"


#: The games whose engine is in the checkout: every clause of their specs must be implemented
#: and tested. A game whose spec lands before its engine (as Sagrada's did) is checked for
#: unknown and retired citations only; when its engine lands in sintra_rules/games/<game>/,
#: test_the_engines_are_the_expected_ones fails until the game is added here, and the
#: implemented/tested checks then run over its clauses. Do not remove a game to make them pass.
ENGINES = ("sagrada", "sintra")
#: Every game with a spec: its citations are checked (unknown, retired) even before its engine.
SPECS = spec_games(ROOT)
#: The clauses, per game, whose implementation an open issue schedules (clause ID -> the
#: issue), none today: the checks require exactly these to be missing, so an entry must go when
#: its clause lands.
PENDING: dict[str, dict[str, str]] = {}


@pytest.fixture(scope="module")
def reports() -> dict[str, CoverageReport]:
    return {game: coverage_report(ROOT, game) for game in SPECS}


def test_the_engines_are_the_expected_ones() -> None:
    """The games whose engine is in the checkout are exactly :data:`ENGINES`, each with a spec,
    and every game of the registry is one of them; a pending clause is a clause of its spec."""
    assert engine_homes(ROOT) == ENGINES, (
        "the engines in sintra_rules/games/ changed: update ENGINES in this module (the "
        "clause checks of a new game's spec start with it)"
    )
    assert set(ENGINES) <= set(SPECS) == {"sintra", "sagrada"}
    assert set(available_games()) <= set(ENGINES)
    for game, pending in PENDING.items():
        assert game in ENGINES
        assert all(load_spec(game).clause(clause).status == "active" for clause in pending)


@pytest.mark.parametrize("game", SPECS)
def test_no_citation_of_an_unknown_clause(reports: dict[str, CoverageReport], game: str) -> None:
    """No file of sintra_rules/, tests/ or proofs/ cites an ID missing from the index of the
    spec of its game (spec/<game>/index.toml)."""
    report = reports[game]
    assert not report.unknown, "unknown clause IDs cited:\n" + "\n".join(map(str, report.unknown))


@pytest.mark.parametrize("game", SPECS)
def test_no_citation_of_a_retired_clause(reports: dict[str, CoverageReport], game: str) -> None:
    """Retired clauses are not cited any more (cite the clause that replaced them)."""
    report = reports[game]
    assert not report.retired, "retired clauses cited:\n" + "\n".join(map(str, report.retired))


@pytest.mark.parametrize("game", engine_homes(ROOT))
def test_every_active_clause_is_implemented(reports: dict[str, CoverageReport], game: str) -> None:
    """Every active clause is cited by the engine (figures: by the game's component table),
    but those :data:`PENDING` names."""
    missing = set(reports[game].unimplemented)
    pending = set(PENDING.get(game, {}))
    assert missing - pending == set(), f"not cited in sintra_rules/ ({game}): " + ", ".join(
        sorted(missing - pending)
    )
    assert pending - missing == set(), f"implemented now: remove from PENDING: {pending - missing}"


@pytest.mark.parametrize("game", engine_homes(ROOT))
def test_every_active_clause_is_tested(reports: dict[str, CoverageReport], game: str) -> None:
    """Every active clause is cited by a test or a proof, but those :data:`PENDING` names."""
    missing = set(reports[game].untested)
    pending = set(PENDING.get(game, {}))
    assert missing - pending == set(), f"not cited in tests/ or proofs/ ({game}): " + ", ".join(
        sorted(missing - pending)
    )
    assert pending - missing == set(), f"tested now: remove from PENDING: {pending - missing}"


# --- the scanner on a hand-made tree ---------------------------------------------------------


def write(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A source tree with a copy of the spec in which one clause is retired, and a few files
    citing clauses in every way the scanner distinguishes."""
    shutil.copytree(ROOT / "spec", tmp_path / "spec")
    index = tmp_path / "spec" / "sintra" / "index.toml"
    retired = cid("WIN", 3)
    text = index.read_text("utf-8")
    entry = f'id = "{retired}"'
    start = text.index(entry)
    status = text.index('status = "active"', start)
    index.write_text(text[:status] + 'status = "retired"' + text[status + 17 :], "utf-8")
    write(
        tmp_path,
        "sintra_rules/games/sintra/rules.py",
        f'"""Takes ({cid("TAKE", 3)}).\n\n{cid("FIG", 1)}"""\n',
    )
    write(tmp_path, "sintra_rules/clauses/model.py", f"# {cid('TAKE', 4)}\n")
    write(tmp_path, "sintra_rules/sub/deep.py", f"x = 1  # {cid('RUL', 7)}, {retired}\n")
    write(tmp_path, "sintra_rules/games/sintra/components.py", f"# {cid('FIG', 2)}\n")
    write(
        tmp_path, "sintra_rules/games/sintra/data/components.toml", f'clause = "{cid("FIG", 3)}"\n'
    )
    write(
        tmp_path,
        "tests/test_a.py",
        f"def test_{cid('place', 5).replace('-', '_')}_and_more() -> None:\n"
        f'    """Also {cid("RUL", 2)}; not {cid("TAKE", 98)}."""\n'
        f"def test_rul{11:02d}_glued() -> None: ...\n"
        f"x_{cid('done', 1).replace('-', '_')} = 1  # a variable name is no citation\n",
    )
    write(tmp_path, "proofs/proof_b.py", f"# {cid('WIN', 2)}\n")
    # Sagrada's home, its tests, and qualified IDs anywhere.
    write(
        tmp_path,
        "sintra_rules/games/sagrada/rules.py",
        f"# {cid('TOOL', 1)}, {cid('PLACE', 3)}; Sintra's sintra:{cid('TAKE', 4)}\n",
    )
    write(tmp_path, "sintra_rules/agents.py", f"# {cid('WIN', 1)} and sagrada:{cid('WIN', 1)}\n")
    write(
        tmp_path,
        "tests/sagrada/test_c.py",
        f"def test_favor{1:02d}_paid() -> None:\n    # {cid('SOLO', 2)}\n    ...\n",
    )
    write(tmp_path, "tests/test_d.py", f"x = 1  # sagrada:{cid('TOOL', 99)}\n")
    return tmp_path


def test_scanner_sorts_citations_into_implemented_tested_and_unknown(tree: Path) -> None:
    """Implemented: sintra_rules/ except the clauses package, figures only from components.py and
    the data file. Tested: tests/ and proofs/, also test names in AREA_NN or AREANN form. Unknown
    IDs are reported with file and line; retired ones separately and never as missing."""
    got = coverage_report(tree)
    assert set(got.implemented) == {
        cid("TAKE", 3),
        cid("TAKE", 4),
        cid("RUL", 7),
        cid("FIG", 2),
        cid("FIG", 3),
        cid("WIN", 1),
    }
    assert got.implemented[cid("TAKE", 3)] == (Location("sintra_rules/games/sintra/rules.py", 1),)
    assert got.implemented[cid("FIG", 3)] == (
        Location("sintra_rules/games/sintra/data/components.toml", 1),
    )
    assert set(got.tested) == {cid("PLACE", 5), cid("RUL", 2), cid("RUL", 11), cid("WIN", 2)}
    assert got.tested[cid("WIN", 2)] == (Location("proofs/proof_b.py", 1),)
    assert got.unknown == (CitedAt(Location("tests/test_a.py", 2), cid("TAKE", 98)),)
    assert got.retired == (CitedAt(Location("sintra_rules/sub/deep.py", 1), cid("WIN", 3)),)
    assert cid("WIN", 3) not in got.unimplemented + got.untested
    assert cid("FIG", 1) in got.unimplemented
    assert cid("DONE", 1) in got.untested
    assert len(got.unimplemented) + len(got.implemented) == len(got.untested) + len(got.tested)
    assert not got.complete
    text = got.render()
    assert f"tests/test_a.py:2: {cid('TAKE', 98)}" in text and "Not tested" in text


def test_scanner_counts_each_games_citations_for_that_game(tree: Path) -> None:
    """Sagrada's report: plain IDs in sintra_rules/games/sagrada/ and tests/sagrada/ (also in
    test names), IDs qualified ``sagrada:`` anywhere; Sintra's IDs written there, or qualified
    ``sintra:`` in Sagrada's home, count for Sintra only (previous test). A game whose engine has
    not landed is still reported, every clause unimplemented."""
    got = coverage_report(tree, "sagrada")
    assert got.game == "sagrada"
    assert set(got.implemented) == {cid("TOOL", 1), cid("PLACE", 3), cid("WIN", 1)}
    assert got.implemented[cid("WIN", 1)] == (Location("sintra_rules/agents.py", 1),)
    assert set(got.tested) == {cid("FAVOR", 1), cid("SOLO", 2)}
    assert got.unknown == (CitedAt(Location("tests/test_d.py", 1), cid("TOOL", 99)),)
    assert cid("TOOL", 2) in got.unimplemented and cid("TOOL", 1) in got.untested
    assert "spec/sagrada" in got.render()
    shutil.rmtree(tree / "sintra_rules" / "games" / "sagrada")
    bare = coverage_report(tree, "sagrada")
    assert set(bare.implemented) == {cid("WIN", 1)} and len(bare.unimplemented) > 100


@pytest.mark.parametrize(
    ("path", "game"),
    [
        ("sintra_rules/games/sagrada/tools.py", "sagrada"),
        ("sintra_rules/games/sagrada/data/components.toml", "sagrada"),
        ("sintra_rules/games/sintra/rules.py", "sintra"),
        ("tests/sagrada/test_tools.py", "sagrada"),
        ("tests/test_spec.py", "sintra"),
        ("sintra_rules/mcts.py", "sintra"),
        ("proofs/figures.py", "sintra"),
        ("sintra_rules/games/chess/board.py", "sintra"),
    ],
)
def test_home_game_of_a_file(path: str, game: str) -> None:
    """A file's plain IDs are the game's whose home it is in, else Sintra's."""
    assert home_game(path, ["sagrada", "sintra"]) == game


def test_main_prints_the_report_and_fails_on_unknown_citations(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m tools.coverage`` reports on every game's spec (or ``--game``'s), exits 1 on
    an unknown citation, 0 without one unless ``--strict`` and a clause is missing, and 2 when
    a spec is invalid."""
    assert main(["--root", str(tree)]) == 1
    out = capsys.readouterr().out
    assert out.count("Citations of unknown clause IDs (1)") == 2
    assert "spec/sagrada" in out and "spec/sintra" in out
    (tree / "tests" / "test_a.py").unlink()
    assert main(["--root", str(tree), "--game", "sintra"]) == 0
    assert "spec/sagrada" not in capsys.readouterr().out
    assert main(["--root", str(tree)]) == 1
    (tree / "tests" / "test_d.py").unlink()
    assert main(["--root", str(tree)]) == 0
    assert main(["--root", str(tree), "--strict"]) == 1
    capsys.readouterr()
    (tree / "spec" / "sintra" / "glossary.toml").unlink()
    assert main(["--root", str(tree)]) == 2
    assert "glossary.toml: file not found" in capsys.readouterr().err


def test_scanner_refuses_an_installed_package(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An installed package (``sintra_rules/`` with its packaged spec, no ``spec/`` or
    ``tests/`` beside it) is not a checkout: the scanner says so instead of reporting that no
    clause is tested; ``main`` exits 2."""
    shutil.copytree(ROOT / "spec", tmp_path / "sintra_rules" / "_spec")
    write(tmp_path, "sintra_rules/games/sintra/rules.py", f"# {cid('TAKE', 3)}\n")
    with pytest.raises(FileNotFoundError, match=r"not a checkout .*spec/sintra/index\.toml, tests"):
        coverage_report(tmp_path)
    assert main(["--root", str(tmp_path)]) == 2
    assert "not a checkout" in capsys.readouterr().err
