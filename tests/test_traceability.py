"""Traceability: the engine, its tests and its proofs cite only clauses the spec registers,
and every active clause is cited by the engine and by a test or proof.

The last two tests are the project's definition of done for the spec: they fail, listing the
clauses, while some clause is not implemented or not tested. The scanner itself
(:func:`tools.coverage.coverage_report`) is checked on a small hand-made tree whose
citations are built from parts, so that this module does not cite clauses it does not test.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tools.coverage import CitedAt, CoverageReport, Location, coverage_report, main

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def report() -> CoverageReport:
    return coverage_report(ROOT)


def test_no_citation_of_an_unknown_clause(report: CoverageReport) -> None:
    """No file of sintra_rules/, tests/ or proofs/ cites an ID missing from
    spec/sintra/index.toml."""
    assert not report.unknown, "unknown clause IDs cited:\n" + "\n".join(map(str, report.unknown))


def test_no_citation_of_a_retired_clause(report: CoverageReport) -> None:
    """Retired clauses are not cited any more (cite the clause that replaced them)."""
    assert not report.retired, "retired clauses cited:\n" + "\n".join(map(str, report.retired))


def test_every_active_clause_is_implemented(report: CoverageReport) -> None:
    """Every active clause is cited by the engine (figures: by the component table)."""
    assert not report.unimplemented, "not cited in sintra_rules/: " + ", ".join(
        report.unimplemented
    )


def test_every_active_clause_is_tested(report: CoverageReport) -> None:
    """Every active clause is cited by a test or a proof."""
    assert not report.untested, "not cited in tests/ or proofs/: " + ", ".join(report.untested)


# --- the scanner on a hand-made tree ---------------------------------------------------------


def cid(area: str, number: int) -> str:
    """A clause ID built from parts (so that this file does not cite it)."""
    return f"{area}-{number:02d}"


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
    return tmp_path


def test_scanner_sorts_citations_into_implemented_tested_and_unknown(tree: Path) -> None:
    """Implemented: sintra_rules/ except the clauses package, figures only from components.py and
    the data file. Tested: tests/ and proofs/, also test names in AREA_NN or AREANN form. Unknown
    IDs are reported with file and line; retired ones separately and never as missing."""
    got = coverage_report(tree)
    assert set(got.implemented) == {cid("TAKE", 3), cid("RUL", 7), cid("FIG", 2), cid("FIG", 3)}
    assert got.implemented[cid("TAKE", 3)] == (Location("sintra_rules/games/sintra/rules.py", 1),)
    assert got.implemented[cid("FIG", 3)] == (
        Location("sintra_rules/games/sintra/data/components.toml", 1),
    )
    assert set(got.tested) == {cid("PLACE", 5), cid("RUL", 2), cid("RUL", 11), cid("WIN", 2)}
    assert got.tested[cid("WIN", 2)] == (Location("proofs/proof_b.py", 1),)
    assert got.unknown == (CitedAt(Location("tests/test_a.py", 2), cid("TAKE", 98)),)
    assert got.retired == (CitedAt(Location("sintra_rules/sub/deep.py", 1), cid("WIN", 3)),)
    assert cid("WIN", 3) not in got.unimplemented + got.untested
    assert cid("TAKE", 4) in got.unimplemented and cid("FIG", 1) in got.unimplemented
    assert cid("DONE", 1) in got.untested
    assert len(got.unimplemented) + len(got.implemented) == len(got.untested) + len(got.tested)
    assert not got.complete
    text = got.render()
    assert f"tests/test_a.py:2: {cid('TAKE', 98)}" in text and "Not tested" in text


def test_main_prints_the_report_and_fails_on_unknown_citations(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m tools.coverage`` exits 1 on an unknown citation, 0 without one unless
    ``--strict`` and a clause is missing, and 2 when the spec is invalid."""
    assert main(["--root", str(tree)]) == 1
    assert "Citations of unknown clause IDs (1)" in capsys.readouterr().out
    (tree / "tests" / "test_a.py").unlink()
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
