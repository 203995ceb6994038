"""Explicit chance (ENG-07), sampled and supplied outcomes (ENG-08), and positions compared
without the generator, so that a searcher cannot peek at the real future draws (ENG-09).

Expected probabilities are worked out by hand from the counts in the bag, the strips still in a
shuffle or the faces of a strip (FIG-09), never taken from the code under test; the engine's own
sampling is checked against them both exactly and by frequencies over many deterministic draws.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from sintra_rules import (
    Action,
    ChanceStep,
    ConfigurationError,
    GameState,
    IllegalAction,
    RecordError,
    action_from_text,
    apply,
    apply_chance,
    apply_fill,
    apply_traced,
    chance_outcomes,
    default_components,
    determinize,
    final_score,
    legal_actions,
    new_game,
    position_digest,
    resolve_chance,
    same_position,
    sample_chance,
    state_digest,
    state_from_json,
    state_to_dict,
    state_to_json,
    violations,
    without_generator,
)
from sintra_rules import events as ev
from sintra_rules.agents import RandomAgent
from sintra_rules.games.sintra.chance import FILL, begin_fill, max_chance_outcomes
from sintra_rules.games.sintra.narration import narrate
from sintra_rules.games.sintra.verify.positions import position, rebalance, set_pool
from sintra_rules.rng import seed_state
from tests.test_fuzz_loaders import _mutations

GOLDEN = Path(__file__).resolve().parent / "golden"
GOLDEN_DOCS = sorted(p for p in GOLDEN.glob("*.json") if not p.name.startswith("sagrada-"))
F = Fraction


def fill_state(bag: str, tower: str = "", factories: Sequence[str] = ()) -> GameState:
    """A 2-player position waiting for a fill draw, with the displays, bag and tower given
    (the other pieces are left out: the chance steps only read these)."""
    state = set_pool(position(2, "A", factories), bag=bag, tower=tower)
    return attrs.evolve(state, chance=FILL)


def round_end(seed: int = 4, players: int = 2) -> tuple[GameState, Action]:
    """A seeded position whose next action (the first legal one) ends round 1."""
    state = new_game(players, seed=seed)
    while True:
        action = legal_actions(state)[0]
        after = apply(state, action)
        if after.round == 2:
            return state, action
        state = after


# --- ENG-07: the steps, their outcomes and exact probabilities ------------------------------


def test_eng_07_setup_starts_with_the_strip_shuffle_of_seat_1() -> None:
    """Before setup's first step: strips in number order side 1 up, the colours on II..VI in
    table order, 19 of each colour in the bag, displays empty; slot 8's strip is any of 8."""
    state = new_game(3, "B", seed=9, sample=False)
    assert state.chance == ChanceStep("strip", 0, 7)
    for player in state.players:
        assert [(s.strip_id, s.face) for s in player.strips if s] == [(i, 0) for i in range(8)]
    assert state.indicator == (0, 1, 2, 3, 4)
    assert state.bag == (19,) * 5 and not any(map(any, state.factories))
    assert state.piece_counts() == (20,) * 5
    assert chance_outcomes(state) == tuple((i, F(1, 8)) for i in range(8))


def test_eng_07_strip_face_indicator_and_first_steps_by_hand() -> None:
    """Strip steps list the strips not yet placed (1/k each); the face of strip 8, whose side 2
    shows joker spaces (FIG-09), is forced (SETUP-04); indicator steps list the colours not yet
    placed; round I's piece is drawn from 95 pieces, 19 of each colour."""
    state = new_game(2, seed=3, sample=False)
    state = apply_chance(state, 2)  # strip 3 to slot 8: it swaps with strip 8
    assert [s.strip_id for s in state.players[0].strips if s] == [0, 1, 7, 3, 4, 5, 6, 2]
    assert state.chance == ChanceStep("strip", 0, 6)
    assert chance_outcomes(state) == (
        (0, F(1, 7)),
        (1, F(1, 7)),
        (3, F(1, 7)),
        (4, F(1, 7)),
        (5, F(1, 7)),
        (6, F(1, 7)),
        (7, F(1, 7)),
    )
    for strip_id in (6, 5, 4, 3, 1, 7):  # the rest of seat 1's shuffle
        state = apply_chance(state, strip_id)
    assert state.chance == ChanceStep("face", 0, 0)
    assert [s.strip_id for s in state.players[0].strips if s] == [0, 7, 1, 3, 4, 5, 6, 2]
    assert chance_outcomes(state) == ((0, F(1, 2)), (1, F(1, 2)))
    state = apply_chance(state, 1)
    assert state.players[0].strips[0].face == 1  # type: ignore[union-attr]
    assert chance_outcomes(state) == ((0, F(1)),)  # slot 2 holds strip 8
    with pytest.raises(IllegalAction) as info:
        apply_chance(state, 1)
    assert info.value.clause == "ENG-07"
    while state.chance is not None and state.chance.kind != "indicator":
        state = sample_chance(state)
    assert state.chance == ChanceStep("indicator", 0, 4)
    assert chance_outcomes(state) == tuple((c, F(1, 5)) for c in range(5))
    state = apply_chance(state, 0)  # blue onto space VI
    assert state.indicator == (4, 1, 2, 3, 0)
    assert chance_outcomes(state) == tuple((c, F(1, 4)) for c in (1, 2, 3, 4))
    for colour in (1, 2, 3):
        state = apply_chance(state, colour)
    assert state.chance == ChanceStep("first") and state.indicator == (4, 3, 2, 1, 0)
    assert chance_outcomes(state) == tuple((c, F(19, 95)) for c in range(5))
    state = apply_chance(state, 2)
    assert state.indicator == (2, 4, 3, 2, 1, 0) and state.bag == (19, 19, 18, 19, 19)
    assert state.chance == FILL
    for colour in range(5):  # display 1 gets 4 blue, display 2 4 green, ...
        for _ in range(4):
            assert state.chance == FILL
            state = apply_chance(state, colour)
    assert state.chance is None and state.bag == (15, 15, 14, 15, 15)
    assert state.factories == tuple(tuple(4 * (c == d) for c in range(5)) for d in range(5))
    assert legal_actions(state)


def test_eng_07_fill_draws_per_piece_count_over_total() -> None:
    """A fill draw lists each colour in the bag with count / pieces in the bag: at most 5."""
    state = fill_state("BBBO")
    assert chance_outcomes(state) == ((0, F(3, 4)), (2, F(1, 4)))
    state = rebalance(set_pool(position(2), bag=(7, 1, 3, 2, 5)), into="tower")
    state = begin_fill(state)
    assert chance_outcomes(state) == (
        (0, F(7, 18)),
        (1, F(1, 18)),
        (2, F(3, 18)),
        (3, F(2, 18)),
        (4, F(5, 18)),
    )
    after = apply_chance(state, 1)
    assert after.factories[0] == (0, 1, 0, 0, 0) and after.bag == (7, 0, 3, 2, 5)
    assert chance_outcomes(after) == ((0, F(7, 17)), (2, F(3, 17)), (3, F(2, 17)), (4, F(5, 17)))
    with pytest.raises(IllegalAction) as info:
        apply_chance(after, 1)  # no green left in the bag
    assert info.value.clause == "ENG-07"


def test_eng_07_fill_goes_display_by_display_and_ends_when_full() -> None:
    """Pieces go onto the first display not yet full (SETUP-09, END-03); the fill ends, and the
    player to act may act, once every display holds 4 pieces."""
    state = begin_fill(rebalance(set_pool(position(2), tower="")))
    assert state.chance == FILL and legal_actions(state) == ()
    for n, colour in enumerate([0, 1, 2, 3, 4] * 4):
        assert state.chance == FILL, n
        state = apply_chance(state, colour)
    assert state.chance is None
    assert state.factories == (
        (1, 1, 1, 1, 0),
        (1, 1, 1, 0, 1),
        (1, 1, 0, 1, 1),
        (1, 0, 1, 1, 1),
        (0, 1, 1, 1, 1),
    )
    assert legal_actions(state)


def test_eng_07_empty_bag_pours_the_tower_and_empty_both_ends_the_fill() -> None:
    """END-04: with the bag empty, the draw is from the tower's pieces poured into the bag;
    END-05: when bag and tower are both empty, the fill stops with displays short."""
    state = fill_state("B", tower="OOY", factories=["GGG"])
    assert chance_outcomes(state) == ((0, F(1)),)
    state = apply_chance(state, 0)  # display 1 is full, the bag is empty
    assert state.bag == (0,) * 5 and state.tower == (0, 0, 2, 0, 1)
    assert chance_outcomes(state) == ((2, F(2, 3)), (4, F(1, 3)))
    state = apply_chance(state, 4)
    assert state.tower == (0,) * 5 and state.bag == (0, 0, 2, 0, 0)
    state = apply_chance(state, 2)
    assert state.chance == FILL
    state = apply_chance(state, 2)
    assert state.chance is None
    assert state.factories[:2] == ((1, 3, 0, 0, 0), (0, 0, 2, 0, 1))
    assert not any(map(any, state.factories[2:]))
    assert begin_fill(state).chance is None  # nothing left to draw


def test_eng_07_no_action_while_a_step_is_pending() -> None:
    """A pending chance step refuses every action (naming ENG-07) and leaves the state as is;
    deciding a step on a state where a player is to act is refused too."""
    state = new_game(2, seed=1, sample=False)
    before = state_to_json(state)
    action = legal_actions(new_game(2, seed=1))[0]
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert info.value.clause == "ENG-07"
    assert [v.clause for v in violations(state, action)] == ["ENG-07"]
    assert state_to_json(state) == before
    with pytest.raises(IllegalAction) as info:
        apply_chance(new_game(2, seed=1), 0)
    assert info.value.clause == "ENG-07"
    with pytest.raises(IllegalAction):
        chance_outcomes(new_game(2, seed=1))
    for bad in (True, 1.0, "1", None, -1, 8):
        with pytest.raises(IllegalAction):
            apply_chance(state, bad)


def test_eng_07_outcomes_are_numbered_below_8() -> None:
    """The strips (8 slots) have the most outcomes: every outcome is 0 to 7 (FIG-04, FIG-09)."""
    assert max_chance_outcomes(default_components()) == 8


def test_eng_07_every_step_of_real_games_lists_at_most_5_draw_outcomes() -> None:
    """Over whole games decided step by step, probabilities are positive, add up to 1, and a
    piece drawn has at most 5 outcomes (one per colour); a shuffle step at most 8."""
    limits = {"first": 5, "fill": 5, "strip": 8, "face": 2, "indicator": 5}
    for seed in range(3):
        state = new_game(2 + seed, seed=seed, sample=False)
        while not state.is_over:
            if state.chance is not None:
                outcomes = chance_outcomes(state)
                assert sum(p for _, p in outcomes) == 1
                assert all(p > 0 for _, p in outcomes)
                assert [o for o, _ in outcomes] == sorted({o for o, _ in outcomes})
                assert len(outcomes) <= limits[state.chance.kind]
                assert all(0 <= o < max_chance_outcomes(state.components) for o, _ in outcomes)
                state = sample_chance(state)
            else:
                state = apply(state, legal_actions(state)[-1], sample=False)


# --- ENG-08: sampling reproduces the engine; supplied outcomes leave the generator ----------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_eng_08_sampling_setup_step_by_step_is_new_game(players: int) -> None:
    """Setup sampled one step at a time gives exactly the seeded game, generator included."""
    for seed in (0, 1, 7, 2**64 + 5, 123456789):
        for side in ("A", "B"):
            assert resolve_chance(new_game(players, side, seed, sample=False)) == new_game(
                players, side, seed
            )


def test_eng_08_the_reference_vector_of_eng_03_step_by_step() -> None:
    """ENG-03's reference vector, reached by sampling the steps one by one."""
    state = resolve_chance(new_game(2, "A", 0, sample=False))
    codes = "BGOPY"
    assert "".join(codes[c] for c in state.indicator) == "OOPBYG"
    assert [s.strip_id + 1 for s in state.players[0].strips if s] == [3, 6, 1, 4, 5, 7, 2, 8]
    assert [s.face + 1 for s in state.players[0].strips if s] == [1, 2, 1, 2, 1, 2, 2, 1]
    assert state.bag == (13, 16, 15, 14, 16)


def golden_decisions(path: Path) -> tuple[list[str], list[GameState]]:
    """The golden digests and the decision states of the game replayed with every chance step
    sampled one at a time (setup and refills)."""
    doc = json.loads(path.read_text("utf-8"))
    record = doc["record"]
    state = resolve_chance(
        new_game(record["players"], record["side"], record["seed"], sample=False)
    )
    out = [state]
    for text in record["actions"]:
        state = apply(state, action_from_text(text), sample=False)
        while state.chance is not None:
            state = sample_chance(state)
        out.append(state)
    return doc["digests"], out


@pytest.mark.parametrize("path", GOLDEN_DOCS, ids=[p.stem for p in GOLDEN_DOCS])
def test_eng_08_golden_playthroughs_replay_step_by_step(path: Path) -> None:
    """Every golden playthrough (tower pours and partial fills among them, END-04, END-05)
    replays digest by digest when every refill is sampled one piece at a time."""
    digests, decisions = golden_decisions(path)
    assert [state_digest(s) for s in decisions] == digests


@pytest.mark.parametrize("path", GOLDEN_DOCS, ids=[p.stem for p in GOLDEN_DOCS])
def test_eng_08_whole_observed_refills_of_the_golden_games(path: Path) -> None:
    """Every refill of the golden games (pours of the tower and short fills among them,
    END-04, END-05), supplied as the displays it produced, gives the game's position."""
    doc = json.loads(path.read_text("utf-8"))
    record = doc["record"]
    state = new_game(record["players"], record["side"], record["seed"])
    refills = 0
    for text in record["actions"]:
        action = action_from_text(text)
        after = apply(state, action)
        pending = apply(state, action, sample=False)
        if pending.chance is not None:
            assert same_position(apply_fill(pending, after.factories), after)
            refills += 1
        state = after
    assert refills == 5


def test_eng_08_observed_refills_that_no_draws_can_give_are_refused() -> None:
    """With 3 blue in the bag, the first display cannot show 4 yellow (the bag is emptied
    before the tower is poured, END-04); displays short while pieces remain, over-full or
    shrinking are refused; so is a fill given where none is pending."""
    state = rebalance(fill_state("BBB", tower="YYYYY"), into="tower")
    empty = (0,) * 5
    assert state.bag == (3, 0, 0, 0, 0) and min(state.tower[1:]) >= 14
    full = ((3, 0, 0, 0, 1), *[(0, 0, 0, 0, 4)] * 2, *[(0, 0, 0, 4, 0)] * 2)
    after = apply_fill(state, full)
    assert after.chance is None and after.factories == full and not any(after.tower)
    short = ((3, 0, 0, 0, 1), (0, 0, 0, 0, 4), *[empty] * 3)
    with pytest.raises(IllegalAction):
        apply_fill(state, short)  # the fill goes on: displays 3 to 5 cannot stay empty
    bad: list[object] = [
        ((0, 0, 0, 0, 4), (3, 0, 0, 0, 1), *[empty] * 3),  # yellow before the bag is empty
        ((2, 0, 0, 0, 1), *[empty] * 4),  # display 1 short
        ((3, 0, 0, 0, 2), *[empty] * 4),  # 5 pieces
        ((3, 0, 0, 0, "1"), *[empty] * 4),
        ((3, 0, 0, 0, 1),),
    ]
    for factories in bad:
        with pytest.raises(IllegalAction) as info:
            apply_fill(state, factories)
        assert info.value.clause == "ENG-07"
    with pytest.raises(IllegalAction):
        apply_fill(new_game(2, seed=1), new_game(2, seed=1).factories)


def test_eng_08_supplied_outcomes_leave_the_generator() -> None:
    """A supplied outcome does not consult or advance the generator; sampling advances it."""
    state = new_game(2, seed=11, sample=False)
    assert apply_chance(state, 5).rng == state.rng
    assert sample_chance(state).rng != state.rng
    before, action = round_end()
    pending = apply(before, action, sample=False)
    assert pending.chance == FILL and pending.rng == before.rng
    assert not any(map(any, pending.factories))
    assert resolve_chance(pending) == apply(before, action)


def test_eng_08_a_state_without_generator_stops_at_chance_and_cannot_be_sampled() -> None:
    """apply on a state with no generator leaves the refill pending; sampling is refused
    (naming ENG-08); observed draws complete it."""
    before, action = round_end()
    table_state = without_generator(before)
    after = apply(table_state, action)
    assert after.chance == FILL and after.rng is None
    for sample in (sample_chance, resolve_chance):
        with pytest.raises(ConfigurationError) as info:
            sample(after)
        assert info.value.clause == "ENG-08"
    state = after
    while state.chance is not None:
        state = apply_chance(state, chance_outcomes(state)[0][0])  # observed: lowest colour
    assert state.chance is None and legal_actions(state)
    assert sum(map(sum, state.factories)) == 20


def test_eng_08_trace_says_the_refill_is_left_to_chance() -> None:
    """Sampled, the trace has the refill (END-03) with the displays drawn; unsampled, it says
    the refill is left to chance steps (END-03, ENG-07) and draws nothing; the rest of the
    trace is the same, and the narration puts the pending refill into words."""
    before, action = round_end()
    _, sampled = apply_traced(before, action)
    after, unsampled = apply_traced(before, action, sample=False)
    refilled = [e for e in sampled if isinstance(e, ev.Refilled)]
    assert len(refilled) == 1 and refilled[0].displays == apply(before, action).factories
    assert [e for e in unsampled if isinstance(e, ev.RefillPending)] == [ev.RefillPending()]
    assert [e for e in sampled if e is not refilled[0]] == [
        e for e in unsampled if not isinstance(e, ev.RefillPending)
    ]
    assert ev.RefillPending().clauses == ("END-03", "ENG-07")
    steps = narrate(unsampled, before.components)
    assert [s.clause for s in steps if "refilled" in s.text] == ["END-03"]
    assert after.chance == FILL


def test_eng_08_documents_hold_the_pending_step_and_a_missing_generator() -> None:
    """A pending step is written as ``chance`` and a missing generator as null; both read back;
    a document without ``chance`` (every older one) reads as before."""
    before, action = round_end()
    for state in (
        new_game(3, seed=2, sample=False),
        apply_chance(new_game(2, seed=2, sample=False), 3),
        apply(before, action, sample=False),
        without_generator(apply(before, action)),
        without_generator(before),
    ):
        doc = state_to_dict(state)
        assert ("chance" in doc) == (state.chance is not None)
        assert (doc["rng"] is None) == (state.rng is None)
        assert state_from_json(json.dumps(doc)) == state
    plain = state_to_dict(before)
    assert "chance" not in plain and state_from_json(json.dumps(plain)) == before


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"kind": "shuffle", "seat": 0, "index": 0}, "chance.kind"),
        ({"kind": "strip", "seat": 2, "index": 3}, "chance.seat"),
        ({"kind": "strip", "seat": 0, "index": 0}, "chance.index"),
        ({"kind": "fill", "seat": 0, "index": 1}, "chance.index"),
        ({"kind": "fill", "seat": 0}, "chance.index"),
        ({"kind": "fill", "seat": 0, "index": 0, "x": 1}, "chance.x"),
        ("fill", "chance"),
    ],
)
def test_eng_08_bad_pending_steps_are_refused(change: object, field: str) -> None:
    """A malformed ``chance`` field is a RecordError naming it."""
    doc = state_to_dict(new_game(2, seed=1, sample=False))
    doc["chance"] = change
    with pytest.raises(RecordError) as info:
        state_from_json(json.dumps(doc))
    assert info.value.field == field


def test_eng_08_inconsistent_pending_steps_are_refused() -> None:
    """A fill pending on a state that no fill can reach, or a setup step once displays hold
    pieces, is refused."""
    playing = state_to_dict(new_game(2, seed=1))
    playing["chance"] = {"kind": "fill", "seat": 0, "index": 0}  # all displays already full
    with pytest.raises(RecordError):
        state_from_json(json.dumps(playing))
    playing["chance"] = {"kind": "first", "seat": 0, "index": 0}
    with pytest.raises(RecordError):
        state_from_json(json.dumps(playing))
    gap = state_to_dict(new_game(2, seed=1))
    gap["factories"][0], gap["bag"] = (
        dict.fromkeys("BGOPY", 0),
        {c: gap["bag"][c] + gap["factories"][0][c] for c in "BGOPY"},
    )
    gap["chance"] = {"kind": "fill", "seat": 0, "index": 0}  # display 1 empty, 2 full
    with pytest.raises(RecordError) as info:
        state_from_json(json.dumps(gap))
    assert info.value.field == "factories"


# --- frequencies: the engine's sampling against the exact probabilities ----------------------

#: Chi-square critical values at significance 0.001 by degrees of freedom.
CHI2_0001 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 6: 22.458, 7: 24.322}
DRAWS = 4000


def chi_square(counts: dict[int, int], expected: dict[int, Fraction], n: int) -> float:
    return sum(
        (counts.get(o, 0) - float(p) * n) ** 2 / (float(p) * n) for o, p in expected.items()
    ) + (float("inf") if set(counts) - set(expected) else 0.0)


def sampled_counts(state: GameState, n: int = DRAWS) -> dict[int, int]:
    """How often each outcome came out of the engine's own sampling from ``n`` generators
    (seeds 0 to n - 1), recognised by the state it leads to."""
    results = {apply_chance(state, o): o for o, _ in chance_outcomes(state)}
    assert len(results) == len(chance_outcomes(state))
    counts: dict[int, int] = {}
    for seed in range(n):
        outcome = results[attrs.evolve(sample_chance(determinize(state, seed)), rng=state.rng)]
        counts[outcome] = counts.get(outcome, 0) + 1
    return counts


CASES: list[tuple[str, Callable[[], GameState], dict[int, Fraction]]] = [
    (
        "fill",
        lambda: begin_fill(rebalance(set_pool(position(2), bag=(9, 1, 4, 0, 6)), into="tower")),
        {0: F(9, 20), 1: F(1, 20), 2: F(4, 20), 4: F(6, 20)},
    ),
    ("strip", lambda: new_game(2, seed=0, sample=False), {i: F(1, 8) for i in range(8)}),
    (
        "indicator",
        lambda: attrs.evolve(
            new_game(2, seed=0, sample=False), chance=ChanceStep("indicator", 0, 4)
        ),
        {c: F(1, 5) for c in range(5)},
    ),
    (
        "face",
        lambda: attrs.evolve(new_game(2, seed=0, sample=False), chance=ChanceStep("face", 0, 0)),
        {0: F(1, 2), 1: F(1, 2)},
    ),
]


@pytest.mark.parametrize(("name", "build", "expected"), CASES, ids=[c[0] for c in CASES])
def test_eng_08_sampling_frequencies_match_the_listed_probabilities(
    name: str, build: Callable[[], GameState], expected: dict[int, Fraction]
) -> None:
    """The engine's sampling (4,000 generators, seeds 0..3999) fits the hand-computed
    probabilities, which are also exactly the listed ones; the same counts are far from a wrong
    distribution (the bound has power)."""
    state = build()
    assert dict(chance_outcomes(state)) == expected
    counts = sampled_counts(state)
    df = len(expected) - 1
    assert chi_square(counts, expected, DRAWS) < CHI2_0001[df], counts
    wrong = {o: F(1, len(expected)) for o in expected}
    if wrong == expected:  # a uniform step: compare with a tilted distribution instead
        first = min(expected)
        wrong = {
            o: F(2, len(expected) + 1) if o == first else F(1, len(expected) + 1) for o in expected
        }
    assert chi_square(counts, wrong, DRAWS) > CHI2_0001[df]


# --- ENG-09: the same position, and searchers that cannot peek --------------------------------


def test_eng_09_same_position_and_position_digest_ignore_only_the_generator() -> None:
    """States differing only in their generator are the same position with one position
    digest; any other difference (a different seed's setup) is a different position."""
    a = new_game(2, seed=5)
    b = attrs.evolve(a, rng=12345)
    assert a != b and state_digest(a) != state_digest(b)
    assert same_position(a, b) and position_digest(a) == position_digest(b)
    assert position_digest(a) == state_digest(without_generator(a))
    assert same_position(a, without_generator(a))
    c = new_game(2, seed=6)
    assert not same_position(a, c) and position_digest(a) != position_digest(c)
    d = attrs.evolve(a, turn=1)
    assert not same_position(a, d) and position_digest(a) != position_digest(d)


def test_eng_09_determinize_gives_the_searchers_generator() -> None:
    """``determinize`` keeps the position and replaces the generator by the seed's; a bad seed
    is refused (ENG-02)."""
    real = new_game(3, seed=2)
    mine = determinize(real, 77)
    assert same_position(real, mine) and mine.rng == seed_state(77)
    assert determinize(attrs.evolve(real, rng=1), 77) == mine
    for bad in (-1, 1.5, True, None):
        with pytest.raises(ConfigurationError) as info:
            determinize(real, bad)  # type: ignore[arg-type]
        assert info.value.clause == "ENG-02"


def rollout_value(state: GameState, seat: int, plies: int, seed: int) -> int:
    """The score of ``seat`` minus the best other score, after ``plies`` random plies from
    ``state`` (refills sampled from ``state``'s generator) plus the final scoring estimate."""
    agent = RandomAgent(seed)
    for _ in range(plies):
        if not state.is_over:
            state = apply(state, agent.choose(state))
    table = state.components
    totals: list[int] = [p.score + final_score(table, state.side, p).total for p in state.players]
    return totals[seat] - max(t for s, t in enumerate(totals) if s != seat)


def searcher(peek: bool) -> Callable[[GameState], Action]:
    """A rollout searcher: each legal action is scored by rollouts 10 plies deep (crossing the
    round end); with ``peek`` it plays ahead on the real state, else on a determinized one
    (ENG-09)."""

    def choose(state: GameState) -> Action:
        best: tuple[int, int] | None = None
        choice: Action = legal_actions(state)[0]
        for index, action in enumerate(legal_actions(state)):
            total = 0
            for k in range(3):
                ahead = state if peek else determinize(state, 1000 + k)
                total += rollout_value(apply(ahead, action), state.turn, 10, k)
            if best is None or (total, -index) > best:
                best, choice = (total, -index), action
        return choice

    return choose


def decisions_until_round_end(
    state: GameState, choose: Callable[[GameState], Action]
) -> list[Action]:
    """The actions ``choose`` takes in the real game from ``state`` up to the end of the round."""
    out = []
    start = state.round
    while state.round == start and not state.is_over:
        action = choose(state)
        out.append(action)
        state = apply(state, action)
    return out


def test_eng_09_a_determinizing_searcher_is_not_influenced_by_the_real_draws() -> None:
    """Two real games in the same position that differ only in their generators (so their next
    refills differ) get the same decisions from the determinizing searcher; the same searcher
    peeking at the real state decides differently in them, so the future draws do reach a
    searcher that does not follow ENG-09."""
    start = new_game(2, seed=21)
    for _ in range(10):
        start = apply(start, legal_actions(start)[0])
    real_a, real_b = start, attrs.evolve(start, rng=seed_state(99))
    assert same_position(real_a, real_b)
    fair = searcher(peek=False)
    assert decisions_until_round_end(real_a, fair) == decisions_until_round_end(real_b, fair)
    peeking = searcher(peek=True)
    assert decisions_until_round_end(real_a, peeking) != decisions_until_round_end(real_b, peeking)


# --- documents of chance states, fuzzed -------------------------------------------------------


def _chance_bases() -> list[dict[str, object]]:
    """Documents of states waiting for every kind of step, with and without a generator."""
    setup = new_game(3, "B", seed=8, sample=False)
    picked, kind = [setup], "strip"
    while setup.chance is not None:
        setup = sample_chance(setup)
        if setup.chance is not None and setup.chance.kind != kind:
            picked.append(setup)
            kind = setup.chance.kind
    before, action = round_end()
    pending = apply(before, action, sample=False)
    half = pending
    for _ in range(7):
        half = sample_chance(half)
    pour = fill_state("", tower="BGOPY")
    picked += [pending, without_generator(half), rebalance(pour, into="tower")]
    return [state_to_dict(state) for state in picked]


CHANCE_BASES = _chance_bases()


def test_chance_bases_cover_every_kind_of_step() -> None:
    """The fuzzed documents below start from every kind of pending step (ENG-07)."""
    kinds = {doc["chance"]["kind"] for doc in CHANCE_BASES}  # type: ignore[index]
    assert kinds == {"strip", "face", "indicator", "first", "fill"}


@given(st.sampled_from(CHANCE_BASES), st.data())
def test_eng_08_mutated_chance_documents_load_or_fail_cleanly(
    base: dict[str, object], data: st.DataObject
) -> None:
    """A state document waiting for a chance step, with one value dropped, replaced, perturbed
    or retyped: a RecordError naming a field, or a state that writes back to the same document
    and whose pending step can be decided with every listed outcome."""
    text = json.dumps(_mutations(base, data))
    try:
        state = state_from_json(text)
    except RecordError as error:
        assert isinstance(error.field, str) and error.field
        return
    assert state_to_dict(state) == json.loads(text)
    assert state.piece_counts() == (20,) * 5
    if state.chance is None:
        assert bool(legal_actions(state)) != state.is_over
        return
    outcomes = chance_outcomes(state)
    assert outcomes and sum(p for _, p in outcomes) == 1
    for outcome, _ in outcomes:
        after = apply_chance(state, outcome)
        assert after.piece_counts() == (20,) * 5
