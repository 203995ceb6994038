"""The proofs hold on the code that runs (issue 31): a bug planted in any scoring rule of either
game makes ``python -m proofs`` fail, naming the engine's function and printing a counterexample.

Each planted bug is one textual change in the source of one engine function (as
``tools/sagrada_mutants.py`` plants them), compiled and put in the function's place for the
test; the proof run is the command's own (:func:`proofs.__main__.main`) on a proof that rests
on the function. The bugs are the kinds the issue names: the points of a set, a line counted
with a repeat, a die counted twice, a rule that fires only on rare windows (a complete row
ending with a 1), the rounding of leftover pieces, side B's colour, and more.

The ties themselves (the claims that the models are the engine's functions, on the whole domain
of each proof) are among the checks of every proof, so ``tests/test_proofs.py`` and
``tests/test_sagrada_proofs.py`` see them hold on the unchanged engine.
"""

from __future__ import annotations

import inspect
import textwrap
import types
from typing import Any

import attrs
import pytest

from proofs import tie
from proofs.__main__ import main
from proofs.harness import Prover
from proofs.models import engine as sintra_ties
from sintra_rules import PlayerState, terms
from sintra_rules.games.sagrada import scoring as sagrada
from sintra_rules.games.sintra import scoring as sintra


@attrs.frozen
class Planted:
    """A bug: in the source of ``owner.name``, ``old`` (exactly once) becomes ``new``; the proof
    ``proof`` (a name or part of one) must fail, its output holding ``names``."""

    id: str
    owner: Any
    name: str
    old: str
    new: str
    proof: str
    names: str


PLANTED = (
    Planted(
        "sagrada-diagonal-die-counted-twice",
        sagrada,
        "color_diagonals",
        "            any_of(*(colours[other] == colours[cell] for other in DIAGONAL[cell])),\n"
        "        )\n",
        "            any_of(*(colours[other] == colours[cell] for other in DIAGONAL[cell])),\n"
        "        )\n"
        "        + all_of(\n"
        "            present(window[cell]),\n"
        "            sum(colours[other] == colours[cell] for other in DIAGONAL[cell]) >= 2,\n"
        "        )\n",
        "sagrada-public-max[shipped, Color Diagonals]",
        "public_points for Color Diagonals",
    ),
    Planted(
        "sagrada-line-with-a-repeat",
        sagrada,
        "_varied",
        "distinct(or_else(d, _NO_DIE)[index] for d in line)",
        "distinct(or_else(d, _NO_DIE)[index] for d in line[1:])",
        "sagrada-public-max[shipped, Row Color Variety]",
        "public_points for Row Color Variety",
    ),
    Planted(
        "sagrada-row-ending-with-a-1",
        sagrada,
        "_varied",
        "distinct(or_else(d, _NO_DIE)[index] for d in line)",
        "any_of(\n"
        "            distinct(or_else(d, _NO_DIE)[index] for d in line),\n"
        "            all_of(index == 1, or_else(line[-1], _NO_DIE)[1] == 1),\n"
        "        )",
        "sagrada-public-max[shipped, Row Shade Variety]",
        "public_points for Row Shade Variety",
    ),
    Planted(
        "sagrada-set-of-the-wrong-values",
        sagrada,
        "medium_shades",
        "_count(values, 4)",
        "_count(values, 5)",
        "sagrada-public-max[shipped, Medium Shades]",
        "public_points for Medium Shades",
    ),
    Planted(
        "sagrada-private-counts-dice",
        sagrada,
        "private_points",
        "ite(c == colour, v, 0)",
        "ite(c == colour, ite(v == 6, 5, v), 0)",
        "sagrada-lowest-score[shipped, solo game]",
        "private_points of each colour",
    ),
    Planted(
        "sagrada-solo-penalty-swapped",
        sagrada,
        "final_score",
        "-(3 if state.is_solo else 1) * empty",
        "-(1 if state.is_solo else 3) * empty",
        "sagrada-lowest-score[shipped, solo game]",
        "final_score adds",
    ),
    Planted(
        "sagrada-target-sums-colours",
        sagrada,
        "target_score",
        "or_else(d, _NO_DIE)[1]",
        "or_else(d, _NO_DIE)[0]",
        "sagrada-target",
        "target_score",
    ),
    Planted(
        "sintra-leftovers-rounded-up",
        sintra,
        "leftover_points",
        "pieces // 3",
        "(pieces + 2) // 3",
        "leftover-bonus[shipped]",
        "final_score counts leftover points",
    ),
    Planted(
        "sintra-side-b-last-colour-never-counted",
        sintra,
        "side_b_bonus",
        "for colour in range(colours))",
        "for colour in range(colours - 1))",
        "side-b-bonus[shipped]",
        "side B bonus",
    ),
    Planted(
        "sintra-window-counted-twice",
        sintra,
        "window_points",
        "w > window",
        "w >= window",
        "completion-points[shipped, side A]",
        "window_points (side A)",
    ),
    Planted(
        "sintra-colour-bonus-next-colour",
        sintra,
        "colour_bonus",
        "pick(counts, round_colour)",
        "pick(counts, round_colour - 1)",
        "colour-bonus[shipped]",
        "colour_bonus",
    ),
    Planted(
        "sintra-ornament-one-piece-short",
        sintra,
        "ornament_bonus",
        "pick(table.ornament_points, filled)",
        "pick(table.ornament_points, filled - ite(filled == 4, 1, 0))",
        "side-a-bonus[admissible]",
        "side A bonus",
    ),
    Planted(
        "sintra-bottom-value-of-the-wrong-space",
        sintra,
        "move_marker",
        "deducted = -track[-1] * wraps",
        "deducted = -track[-2] * wraps",
        "turn-loss[shipped, 2 players]",
        "move_marker",
    ),
    Planted(
        "sintra-removed-strip-counted",
        PlayerState,
        "pieces_on_strips",
        "or_else(s, _NO_STRIP).pieces",
        "or_else(s, _NO_STRIP).pieces + ite(present(s), 0, 1)",
        "leftover-bonus[admissible]",
        "final_score counts leftover points",
    ),
)


def _planted(bug: Planted) -> types.FunctionType:
    """The function ``bug.owner.name`` with the bug in its source, compiled in its module."""
    original = inspect.unwrap(getattr(bug.owner, bug.name))
    source = textwrap.dedent(inspect.getsource(original))
    assert source.count(bug.old) == 1, f"{bug.id}: {bug.old!r} is not once in {bug.name}"
    module = inspect.getmodule(original)
    assert module is not None
    namespace = dict(vars(module))
    namespace.setdefault("ite", terms.ite)  # what a bug may use that the module does not
    namespace.setdefault("present", terms.present)
    exec(compile(source.replace(bug.old, bug.new), f"<planted {bug.id}>", "exec"), namespace)
    planted = namespace[bug.name]
    assert isinstance(planted, types.FunctionType)
    return planted


def _plant(monkeypatch: pytest.MonkeyPatch, bug: Planted) -> None:
    original = getattr(bug.owner, bug.name)
    planted = _planted(bug)
    monkeypatch.setattr(bug.owner, bug.name, planted)
    rules = getattr(bug.owner, "PUBLIC_RULES", None)
    if rules is not None and original in rules:  # the cards' table holds the functions too
        monkeypatch.setattr(
            bug.owner, "PUBLIC_RULES", tuple(planted if r is original else r for r in rules)
        )


def test_every_planted_bug_changes_the_engine() -> None:
    """Each bug is a real change of its function (it compiles from a different source)."""
    for bug in PLANTED:
        assert bug.old != bug.new
        _planted(bug)


@pytest.mark.parametrize("bug", PLANTED, ids=[b.id for b in PLANTED])
def test_a_planted_bug_fails_the_proof_run(
    bug: Planted, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m proofs`` fails on the proof that rests on the function, names the function
    and prints a counterexample with what the engine gives there."""
    _plant(monkeypatch, bug)
    code = main(["--only", bug.proof, "--quiet"])
    out = capsys.readouterr().out
    assert code == 1, out
    assert bug.names in out, out
    assert "the engine gives" in out or "the engine raises" in out, out


def test_the_same_proof_passes_on_the_engine_as_shipped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without a bug, the proof runs of the planted tests hold (their failures are the bugs')."""
    assert main(["--only", "leftover-bonus[shipped]", "--quiet"]) == 0, capsys.readouterr().out


def test_a_tie_is_made_once_per_version_of_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ties are cached per process, keyed by the engine's functions as they are: a planted
    bug is a new key (the cache cannot hide it), the shipped engine meets its entry again."""
    first = sintra_ties.leftover_tie(Prover(), "shipped")
    assert first.ok
    assert sintra_ties.leftover_tie(Prover(), "shipped") is first
    _plant(monkeypatch, PLANTED[[b.id for b in PLANTED].index("sintra-leftovers-rounded-up")])
    planted = sintra_ties.leftover_tie(Prover(), "shipped")
    assert not planted.ok
    monkeypatch.undo()
    assert sintra_ties.leftover_tie(Prover(), "shipped") is first


def test_a_rule_that_tests_identity_is_not_followed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule that tests a die with ``is None`` could take another path on the proofs' symbolic
    values than on the engine's: the tie fails and names the construct."""

    def leftover_points(pieces: int) -> int:
        return 0 if pieces is None else pieces // 3

    monkeypatch.setattr(sintra, "leftover_points", leftover_points)
    check = sintra_ties.leftover_tie(Prover(), "shipped")
    assert not check.ok
    assert any("tests identity or type: is" in line for line in check.lines), check.lines
    assert tie.forbidden("x = a is None\n") == ["is (line 1)"]
