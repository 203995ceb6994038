"""Every proof runs in CI: each claim is proved (``unsat``), each witness found, the docs page is
up to date, and a false claim really fails with a counterexample.

The clauses each proof covers are registered with it (:func:`proofs.bounds.bound`; for example
DONE-02, DONE-06, TRACK-03, FINAL-04, FINAL-05, COMP-01, ROUND-04); the test ids name the proofs.
"""

from __future__ import annotations

import inspect
import pathlib
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Literal

import pytest
import z3

from proofs import harness, registry
from proofs.__main__ import main
from proofs.bounds import bound, completion, endgame, termination
from proofs.harness import Check, Describe, Engine, Prover, Term
from proofs.models import game, pieces
from proofs.models import round as round_model
from proofs.models import track as models_track
from proofs.models.pieces import Piles
from proofs.registry import BY_NAME, PROOFS, result
from proofs.report import markdown, solver_line, text

PAGE = pathlib.Path(__file__).resolve().parent.parent / "docs" / "proofs.md"
#: Sintra's proofs (Sagrada's are tested in ``tests/test_sagrada_proofs.py``).
NAMES = [p.name for p in PROOFS if p.topic.game == "sintra"]


@pytest.mark.parametrize("name", NAMES)
def test_claims_are_proved(name: str) -> None:
    """Every claim of the proof is ``unsat`` when negated (the clauses of ``name``)."""
    outcome = result(name)
    claims = [c for c in outcome.checks if c.kind in ("claim", "optimum")]
    assert claims, f"{name} checks no claim"
    assert all(c.ok for c in claims), outcome.explain()


@pytest.mark.parametrize("name", NAMES)
def test_witnesses_are_found(name: str) -> None:
    """Every claim has its non-vacuity partner: premises satisfiable, bound attained."""
    outcome = result(name)
    witnesses = [c for c in outcome.checks if c.kind == "witness"]
    assert witnesses, f"{name} has no witness"
    assert all(c.ok for c in witnesses), outcome.explain()


def test_every_topic_is_stated_for_both_scopes() -> None:
    """Each proof is stated for the shipped table and for every admissible table (FIG-01 to
    FIG-10), and names at least one spec clause."""
    for proof in PROOFS:
        assert proof.topic.clauses
        if proof.topic.game != "sintra":
            continue
        twin = "admissible" if proof.scope == "shipped" else "shipped"
        other = proof.name.replace(proof.scope, twin, 1)
        assert other in BY_NAME, other


def test_a_proof_docstring_cites_only_its_registered_clauses() -> None:
    """A proof's clause list has one source, its registration: the docstring ends with that
    list, and no other part of the docstring cites a clause missing from it."""
    for topic in registry.TOPICS:
        doc = inspect.getdoc(topic.run) or ""
        text, _sep, listed = doc.rpartition("Clauses: ")
        assert " ".join(listed.split()) == ", ".join(topic.clauses) + ".", topic.key
        cited = set(re.findall(r"\b(?:sagrada:)?[A-Z]+-\d\d\b", text))
        assert cited <= set(topic.clauses), (topic.key, sorted(cited - set(topic.clauses)))


def test_a_key_is_registered_once() -> None:
    """Registering a second proof under a key its module already has is refused."""
    with pytest.raises(ValueError, match="registered twice"):
        bound("colour-bonus", "t", "s", ("DONE-02",))(completion.colour_bonus)


def test_docs_page_is_up_to_date() -> None:
    """``docs/proofs.md`` is exactly what the proofs produce today
    (regenerate: ``python -m proofs --markdown docs/proofs.md``)."""
    page = markdown([result(name) for name in NAMES])
    assert PAGE.read_text(encoding="utf-8") == page, (
        "docs/proofs.md is stale: run `python -m proofs --markdown docs/proofs.md`"
    )


def test_text_report_names_every_proof() -> None:
    """The console report names the Z3 version first, then shows each proof, its clauses,
    bound and the summary line; the docs page names no solver version."""
    outcome = result("colour-bonus[shipped]")
    report = text([outcome])
    assert report.splitlines()[0] == solver_line()
    assert f"Z3 {z3.get_full_version()} (random seed 0," in solver_line()
    assert z3.get_full_version() not in markdown([outcome])
    assert "[PROVED] colour-bonus[shipped]" in report
    assert "DONE-02" in report and "bound: 0 <= colour bonus <= 3" in report
    summary = f"1 of 1 proofs hold ({len(outcome.checks)} checks) in "
    assert report.splitlines()[-1].startswith(summary)


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m proofs`` runs the chosen proofs, prints them and exits 0 when they hold; it
    refuses to write the page from a selection."""
    assert main(["--only", "leftover-bonus[shipped]"]) == 0
    out = capsys.readouterr().out
    assert "[PROVED] leftover-bonus[shipped]" in out and "FINAL-02" in out
    with pytest.raises(SystemExit):
        main(["--only", "leftover", "--markdown", "page.md"])


def test_help_lists_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m proofs --help`` says what each exit code means, as ``sintra``'s commands do."""
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    codes = capsys.readouterr().out.split("exit codes:\n", 1)[1]
    assert [line.split()[0] for line in codes.splitlines() if line[2:3].isdigit()] == [
        "0",
        "1",
        "2",
        "130",
    ]


def test_an_output_path_that_cannot_be_written_is_refused_before_any_proof(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    """An output page in a missing folder, or a folder, is refused before the first proof runs
    (it used to be found after every proof, as a traceback): one line, exit code 2."""

    def no_proof(proof: registry.Proof) -> None:
        raise AssertionError(f"{proof.name} ran")

    monkeypatch.setattr(registry.Proof, "run", no_proof)
    for option, path, reason in (
        ("--markdown", "/nonexistent/dir/p.md", "no folder '/nonexistent/dir'"),
        ("--sagrada-markdown", str(tmp_path), "is a folder, not a file"),
    ):
        assert main([option, path, "--jobs", "1"]) == 2
        out, err = capsys.readouterr()
        assert (out, err) == ("", f"python -m proofs: error: {option} {path!r}: {reason}\n")


def test_a_page_that_cannot_be_written_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    """A page whose writing fails after the proofs (its folder was removed meanwhile) is one
    line and exit code 2, not a traceback."""
    folder = tmp_path / "docs"
    folder.mkdir()
    page = folder / "proofs.md"

    def proofs_while_the_folder_goes(proofs: object, jobs: int = 1) -> Iterator[object]:
        folder.rmdir()
        return iter(())

    monkeypatch.setattr(registry, "each_result", proofs_while_the_folder_goes)
    assert main(["--markdown", str(page)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"python -m proofs: error: cannot write beside {str(page)!r}: No such file or directory\n"
    )


# --- the proofs can fail ---------------------------------------------------------------------


def test_a_false_claim_fails_with_a_counterexample() -> None:
    """A claim that does not hold is reported as failed, with the model that breaks it."""
    x = z3.Int("x")
    check = Prover().claim("x < 5", [x >= 0, x <= 9], x < 5, {"x": x})
    assert not check.ok and check.answer == "sat"
    assert check.lines and int(check.lines[0].split("=")[1]) >= 5


def test_an_impossible_witness_fails() -> None:
    """A witness the premises exclude is reported as failed (a vacuous claim cannot pass)."""
    x = z3.Int("x")
    check = Prover().witness("x = 10", [x >= 0, x <= 9], x == 10, {"x": x})
    assert not check.ok and check.answer == "unsat"


def test_unknown_counts_as_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check that runs out of resources is a failure, never a pass."""
    monkeypatch.setattr(harness, "RLIMIT", 1)
    x, y = z3.Ints("x y")
    hard = [x * x * x + y * y * y == 29 * x * y + 1001, x > 0, y > 0]
    check = Prover().claim("no solution", hard, z3.BoolVal(False))
    assert not check.ok and check.answer.startswith("unknown")


@pytest.mark.parametrize(
    ("module", "function", "name"),
    [
        (completion, "best_bonus", "colour-bonus[shipped]"),
        (completion, "best_bonus", "completion-points[admissible, side A]"),
        (endgame, "side_b_bound", "side-b-bonus[shipped]"),
        (game, "window_order_bound", "window-order[shipped, side B]"),
        (models_track, "centre_take_bound", "largest-take[shipped, 2 players]"),
    ],
)
def test_an_understated_bound_is_refuted(
    monkeypatch: pytest.MonkeyPatch, module: object, function: str, name: str
) -> None:
    """Claiming one less than the true bound makes the proof fail with a counterexample
    (DONE-02, DONE-06, FINAL-05, TAKE-02)."""
    real = getattr(module, function)
    monkeypatch.setattr(module, function, lambda *args: real(*args) - 1)
    outcome = BY_NAME[name].run()
    assert not outcome.holds
    refuted = [c for c in outcome.checks if c.kind == "claim" and c.answer == "sat"]
    assert refuted and not refuted[0].ok and refuted[0].lines


def test_a_short_schedule_fails_the_termination_witness(monkeypatch: pytest.MonkeyPatch) -> None:
    """The termination bound must be attained by the explicit schedule (ROUND-04, RESET-01)."""
    real = round_model.schedule
    monkeypatch.setattr(termination, "schedule", lambda n, pieces: real(n, pieces - 1))
    outcome = BY_NAME["termination[shipped, 2 players]"].run()
    assert not outcome.holds
    assert [c.text for c in outcome.failures()] == [
        "a round of 20 pieces lasting 40 turns (R reset, T take one piece)"
    ]


Show = Mapping[str, Term] | Describe | None


class _Refuting(Prover):
    """A prover under which every claim is false: each claim (each case of
    :meth:`~Prover.claim_each`, each comparison of :meth:`~Prover.fact`) keeps its premises and
    its ``show`` but gets the goal ``False``, so the solver must answer ``sat`` with a model of
    the premises, printed as the counterexample. Witnesses are recorded unchecked; optimums
    replay the values the proof found (``optimums``: claims quote them)."""

    optimums: Iterator[int] = iter(())

    def claim(
        self,
        text: str,
        premises: Iterable[Term],
        goal: Term,
        show: Show = None,
        engine: Engine = "smt",
    ) -> Check:
        return super().claim(text, premises, False, show, engine)

    def claim_each(
        self,
        text: str,
        cases: Iterable[tuple[Iterable[Term], Term, Show]],
        engine: Engine = "smt",
    ) -> Check:
        checks = [
            self.claim(text, premises, False, show, engine) for premises, _goal, show in cases
        ]
        return checks[-1]

    def witness(
        self,
        text: str,
        premises: Iterable[Term],
        goal: Term,
        show: Show = None,
        keys: Sequence[Term] | None = None,
    ) -> Check:
        check = Check("witness", text, "not checked", True, (), 0.0)
        self.checks.append(check)
        return check

    def maximum(self, text: str, premises: Iterable[Term], objective: Term) -> int | None:
        value = next(self.optimums)
        self.checks.append(Check("optimum", text, f"replayed {value}", True, (), 0.0))
        return value

    def fact(
        self,
        text: str,
        holds: bool,
        lines: Sequence[str] = (),
        kind: Literal["claim", "witness"] = "witness",
    ) -> Check:
        return super().fact(text, holds and kind == "witness", lines, kind)


@pytest.mark.parametrize("name", NAMES)
def test_every_false_claim_prints_a_counterexample(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Every claim of the proof, made false, fails with its premises satisfiable (``sat``, so
    no claim is vacuous) and its failure report shows the model: lines that its ``show``
    renders, in :meth:`~proofs.harness.ProofResult.explain` as in the console report."""
    real = result(name)
    assert real.holds, real.explain()
    found = [int(c.answer.split()[-1]) for c in real.checks if c.kind == "optimum"]
    monkeypatch.setattr(_Refuting, "optimums", iter(found))
    monkeypatch.setattr(registry, "Prover", _Refuting)
    outcome = BY_NAME[name].run()
    claims = [c for c in outcome.checks if c.kind == "claim"]
    proved = {c.text for c in real.checks if c.kind == "claim"}
    assert {c.text for c in claims} == proved, "every claim of the proof is made false"
    report, console = outcome.explain(), text([outcome])
    for check in claims:
        assert not check.ok and check.answer in ("sat", "failed"), (check.text, check.answer)
        assert check.lines, f"no counterexample printed for: {check.text}"
        assert all(f"    {line}" in report and line in console for line in check.lines)


def _end_round_taking_two(piles: Piles, top: Term) -> tuple[Term, Piles]:
    """A wrong END-01: the round end takes two pieces of the top colour off the indicator."""
    guard, once = pieces.end_round(piles, top)
    _again, twice = pieces.end_round(once, top)
    return guard, twice


@pytest.mark.parametrize(
    ("function", "wrong", "refuted"),
    [
        (
            "setup_indicator",
            lambda colours, first: (1,) * colours,
            "step 5: at setup the round indicator holds 6 pieces (SETUP-08)",
        ),
        (
            "end_round",
            _end_round_taking_two,
            "step 5: a round end takes exactly one piece off the indicator (END-01), and one "
            "can happen exactly while the indicator holds a piece",
        ),
    ],
)
def test_a_wrong_round_indicator_fails_the_game_end(
    monkeypatch: pytest.MonkeyPatch, function: str, wrong: object, refuted: str
) -> None:
    """The end of the game is proved from the model of the round indicator: an indicator set
    up without the drawn piece (SETUP-08), or a round end taking two pieces (END-01), is
    refuted with a counterexample, and the witness game no longer empties the indicator after
    6 round ends (END-02)."""
    monkeypatch.setattr(termination, function, wrong)
    outcome = BY_NAME["termination[shipped, 2 players]"].run()
    failed = {c.text: c for c in outcome.failures()}
    assert refuted in failed and failed[refuted].answer == "sat" and failed[refuted].lines
    assert "step 5: 6 round ends, each taking the top indicator piece, empty it" in failed
