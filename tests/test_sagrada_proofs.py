"""Sagrada's proofs run in CI: every claim is proved, every witness found and checked, the
page ``docs/sagrada/proofs.md`` is up to date, and a false claim or a wrong witness fails.

All the tests of this module run in one xdist worker (``xdist_group``), so that each proof
runs once (:func:`proofs.registry.result` keeps its result in the process) and the page is made
from the results already found. The model's plain-Python scorer is checked here on the spec's
own examples (sagrada:PUB-01 to sagrada:PUB-10, sagrada:SCORE-02); the witnesses are scored by the
engine in ``tests/test_sagrada_proof_crosscheck.py``.
"""

from __future__ import annotations

import pathlib

import pytest
import z3

from proofs import registry
from proofs.harness import Prover, pb_solver
from proofs.registry import BY_NAME, PROOFS, result
from proofs.sagrada import highest, witnesses
from proofs.sagrada.figures import COLOURS, PATTERNS, PUBLICS
from proofs.sagrada.final import final_score
from proofs.sagrada.report import markdown
from proofs.sagrada.window import (
    WindowModel,
    ban_breaks,
    buildable,
    parse,
    private_points,
    public_points,
    render,
    restriction_breaks,
)
from proofs.sagrada.witnesses import PUBLIC_BEST
from tests.test_proofs import _Refuting

pytestmark = pytest.mark.xdist_group("sagrada-proofs")

PAGE = pathlib.Path(__file__).resolve().parent.parent / "docs" / "sagrada" / "proofs.md"
NAMES = [p.name for p in PROOFS if p.topic.game == "sagrada"]

#: The spec's example window E (page 05), with its hand-computed points.
EXAMPLE = "R1 Y3 G1 -- B6 / G4 P2 Y5 R3 P4 / B6 R5 G2 Y6 B1 / Y2 B4 R6 P5 G3"


@pytest.mark.parametrize("name", NAMES)
def test_sagrada_proof_holds(name: str) -> None:
    """Every claim of the proof is ``unsat`` when negated and every witness is found."""
    outcome = result(name)
    kinds = {c.kind for c in outcome.checks}
    assert "claim" in kinds and "witness" in kinds, f"{name} lacks a claim or a witness"
    assert outcome.holds, outcome.explain()


def test_docs_page_is_up_to_date() -> None:
    """``docs/sagrada/proofs.md`` is exactly what the proofs produce today (regenerate:
    ``python -m proofs --sagrada-markdown docs/sagrada/proofs.md``)."""
    page = markdown([result(name) for name in NAMES])
    assert PAGE.read_text(encoding="utf-8") == page, (
        "docs/sagrada/proofs.md is stale: run "
        "`python -m proofs --sagrada-markdown docs/sagrada/proofs.md`"
    )


def test_every_pattern_and_card_has_a_witness() -> None:
    """The stored witnesses cover every card on any window and on every pattern."""
    assert set(PUBLIC_BEST) == {card.number for card in PUBLICS}
    for windows in PUBLIC_BEST.values():
        assert set(windows) == {0, *(p.number for p in PATTERNS)}


def test_public_maxima_on_any_window_as_argued_by_hand() -> None:
    """The most each card scores on any window, argued on paper (sagrada:PUB-01 to sagrada:PUB-11):

    * Light, Medium, Deep Shades: a set is two dice, one of each of two values; no two dice of
      a value are orthogonal neighbours, so a checkerboard of the two values fills the 20
      spaces with 10 sets, 10 x 2 = 20 points, and 20 dice hold at most 10 sets;
    * Shade Variety: a set is 6 dice, 20 dice hold 3 sets, 3 x 5 = 15;
    * Row and Column Shade Variety: every row (4) or column (5) complete without a repeated
      value: 4 x 5 = 20 and 5 x 4 = 20;
    * Row and Column Color Variety: likewise 4 x 6 = 24 and 5 x 5 = 25;
    * Color Variety: a set is 5 dice, 20 dice hold 4 sets, 4 x 4 = 16;
    * Color Diagonals: 1 point a die, 20 dice (a checkerboard of one colour on the white
      squares and another on the black ones gives every die a diagonal neighbour of its
      colour).
    """
    expected = {1: 20, 2: 20, 3: 20, 4: 15, 5: 20, 6: 20, 7: 24, 8: 25, 9: 16, 10: 20}
    proved = {
        card.number: result(f"sagrada-public-max[shipped, {card.name}]").values["any window"]
        for card in PUBLICS
    }
    assert proved == expected


def test_decision_bounds_as_counted_by_hand() -> None:
    """The most decisions, counted on paper (module docstring of
    :mod:`proofs.sagrada.length`): each seat 1 pattern choice and 20 turns of 3 decisions,
    61; plus the tools. Solo, each of the t tools once, the ones adding most first:
    Lathekin 5, Tap Wheel 5, Eglomise Brush 3, Copper Foil Burnisher 3, then 2: 66, 71, 74,
    77, 79. With 2 to 4 players, 6 tokens at most: one player uses Lathekin and Tap Wheel
    first (1 token each) and once more each (2 each), 4 uses of 5, 81; every other player 3
    uses at 2 tokens, 15 more, 76: 157, 233, 309."""
    expected = {
        **{
            f"solo game, {t} tool{'s' if t > 1 else ''}": v
            for t, v in zip(range(1, 6), (66, 71, 74, 77, 79), strict=True)
        },
        "2 players": 61 * 2 + 20 + 15,
        "3 players": 61 * 3 + 20 + 2 * 15,
        "4 players": 61 * 4 + 20 + 3 * 15,
    }
    proved = {
        label: result(f"sagrada-decisions[shipped, {label}]").values["high"] for label in expected
    }
    assert proved == expected


# --- the model's scorer, on the spec's examples ------------------------------------------------


def test_scorer_on_the_spec_example() -> None:
    """Window E of page 05 scores as the spec computes by hand (sagrada:PUB-01 to sagrada:PUB-10,
    sagrada:SCORE-02)."""
    window = parse(EXAMPLE)
    points = {card.number: public_points(card.number, window) for card in PUBLICS}
    assert points == {1: 6, 2: 6, 3: 6, 4: 15, 5: 5, 6: 16, 7: 6, 8: 10, 9: 12, 10: 7}
    assert private_points(0, window) == 15  # red: 1 + 3 + 5 + 6
    assert private_points(4, window) == 11  # purple: 2 + 4 + 5
    assert ban_breaks(window) == () and buildable(window)


def test_scorer_on_the_color_diagonals_card() -> None:
    """The Color Diagonals card's own example scores 7 (sagrada:PUB-10): blue on r2c2, r3c1, r3c3,
    r4c4, yellow on r2c5, r3c4, r4c3."""
    window = parse("-- -- -- -- -- / -- B1 -- -- Y2 / B3 -- B1 Y2 -- / -- -- Y1 B2 --")
    assert public_points(10, window) == 7
    assert not buildable(
        parse("B1 -- -- -- -- / -- -- -- -- -- / -- -- B2 -- -- / " + "-- " * 4 + "--")
    )


def test_restrictions_and_bans_are_seen() -> None:
    """A die on a space of another colour or value breaks it (sagrada:PLACE-03, sagrada:PLACE-04);
    two equal colours or values side by side break the bans (sagrada:PLACE-06, sagrada:PLACE-07)."""
    sun_catcher = PATTERNS[3]  # .B2.Y / .4.R. / ..5Y. / G3..P
    window = parse("-- R3 G2 -- -- / -- -- -- -- -- / -- -- -- -- -- / -- -- -- -- --")
    assert restriction_breaks(sun_catcher, window) == (1,)
    assert ban_breaks(parse("R1 R2 " + "-- " * 17 + "--")) == ((0, 1),)
    assert ban_breaks(parse("R1 -- -- -- -- / G1 " + "-- " * 13 + "--")) == ((0, 5),)


def test_the_model_scores_a_window_as_the_scorer() -> None:
    """For window E, the largest score the Z3 model allows for each card is the scorer's."""
    window = parse(EXAMPLE)
    for card in PUBLICS:
        model = WindowModel()
        score = model.public(card.number)
        expected = public_points(card.number, window)
        s = z3.Solver()
        s.add(*model.premises, *model.fix(window), score.at_least(expected))
        assert s.check() == z3.sat, card.name
        s = z3.Solver()
        s.add(*model.premises, *model.fix(window), score.at_least(expected + 1))
        assert s.check() == z3.unsat, card.name


# --- the proofs can fail -------------------------------------------------------------------------


def test_a_worse_witness_fails_its_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stored witness that is not the best makes the claim (its score as the bound) fail
    with a counterexample: here Light Shades on any window with a window worth 18, not 20."""
    worse = dict(PUBLIC_BEST[1])
    worse[0] = "R1 G2 R1 G2 R1 / G2 R1 G2 R1 G2 / R1 G2 R1 G2 R1 / G2 R1 G2 R1 G3"
    monkeypatch.setitem(witnesses.PUBLIC_BEST, 1, worse)
    outcome = BY_NAME["sagrada-public-max[shipped, Light Shades]"].run()
    refuted = [c for c in outcome.failures() if c.kind == "claim"]
    assert refuted and refuted[0].answer == "sat" and refuted[0].lines
    assert refuted[0].text == "any window: at most 18"


def test_an_illegal_witness_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """A witness breaking the bans fails its plain-Python check."""
    illegal = dict(PUBLIC_BEST[1])
    illegal[0] = "R1 R2 " + "-- " * 17 + "--"
    monkeypatch.setitem(witnesses.PUBLIC_BEST, 1, illegal)
    outcome = BY_NAME["sagrada-public-max[shipped, Light Shades]"].run()
    assert "any window: a window worth 2" in {c.text for c in outcome.failures()}


@pytest.mark.parametrize(
    "name",
    [
        "sagrada-public-max[shipped, Color Diagonals]",
        "sagrada-lowest-score[shipped, solo game]",
        "sagrada-target[shipped, 5 tools]",
        "sagrada-decisions[shipped, 4 players]",
    ],
)
def test_every_false_claim_prints_a_counterexample(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Every claim of the proof, made false, fails with its premises satisfiable (no claim is
    vacuous) and a counterexample printed."""
    real = result(name)
    assert real.holds, real.explain()
    found = [int(c.answer.split()[-1]) for c in real.checks if c.kind == "optimum"]
    monkeypatch.setattr(_Refuting, "optimums", iter(found))
    monkeypatch.setattr(registry, "Prover", _Refuting)
    outcome = BY_NAME[name].run()
    claims = [c for c in outcome.checks if c.kind == "claim"]
    assert {c.text for c in claims} == {c.text for c in real.checks if c.kind == "claim"}
    for check in claims:
        assert not check.ok and check.answer == "sat" and check.lines, check.text


def test_claims_use_the_pseudo_boolean_solver() -> None:
    """The window claims are checked by :func:`proofs.harness.pb_solver`; a false one fails."""
    model = WindowModel()
    score = model.public(7)
    check = Prover().claim(
        "row colour variety <= 23", model.premises, score.at_most(23), None, "pb"
    )
    assert not check.ok and check.answer == "sat"


# --- the highest final score ---------------------------------------------------------------------


@pytest.mark.parametrize("solo", [False, True], ids=["2 to 4 players", "solo game"])
def test_one_point_less_than_the_highest_score_is_refuted(solo: bool) -> None:
    """Step 3 of ``sagrada-highest-score`` claimed one point lower fails on the witness's
    pattern: Z3 finds a game scoring more, a legal one by the plain-Python checks (this is how
    the solo bound of 93, the best a search had found, was refuted by a game on Industria)."""
    pattern, best = highest.best_found(solo)
    shape = dict(highest.LEADERS[solo])[best.cards]
    lower = highest.HIGHEST[solo] - 1
    model, premises = highest.beyond(pattern, solo, best.cards, shape, lower)
    solver = pb_solver(model.window.ctx)
    solver.add(*premises)
    assert solver.check() == z3.sat
    found = solver.model()

    def evaluate(term: z3.ExprRef) -> bool:
        return bool(z3.is_true(found.eval(term, model_completion=True)))

    colour = next(code for code, c in zip(COLOURS, model.colours, strict=True) if evaluate(c))
    window = " / ".join(render(model.window.decode(evaluate)))
    game = witnesses.Best(best.cards, colour, window)
    assert highest.legal(pattern, game, solo), window
    assert final_score(pattern, game, solo) > lower, window


@pytest.mark.parametrize("solo", [False, True], ids=["2 to 4 players", "solo game"])
def test_the_shape_lemmas_are_not_vacuous(solo: bool) -> None:
    """Each lemma of step 2 has windows it speaks of: with its cards, some window reaches the
    points it starts from (:data:`proofs.sagrada.highest.NEEDED`), and has the shape."""
    for cards, shape in highest.LEADERS[solo]:
        window, chosen, points = highest.relaxed(solo)
        solver = pb_solver(window.ctx)
        solver.add(*window.premises, *highest.fix_cards(chosen, cards))
        solver.add(points.at_least(highest.NEEDED[solo]), shape.holds(window, COLOURS.index("P")))
        assert solver.check() == z3.sat, cards


def test_the_witnesses_are_the_highest_scores() -> None:
    """The stored games score the proved highest scores by the rulebook's formulas: 115 on
    Sun's Glory with 3 tokens left, 94 on Industria solo."""
    multi, solo = highest.best_found(False), highest.best_found(True)
    assert (multi[0].name, final_score(*multi, False)) == ("Sun's Glory", 115)
    assert (solo[0].name, final_score(*solo, True)) == ("Industria", 94)
    assert highest.HIGHEST == {False: 115, True: 94}
