"""The generic verification drivers (perft, soak, playthroughs, bench) on any game of the protocol.

The toy game of tests/toy_game.py goes through each with no code outside its own file; its
counts are derived by hand from its rules (a turn is ``bet``, one ply, or ``bank`` then
``again`` or ``stop``, two plies; each seat takes one turn in each of two rounds; the deal is
one chance step per seat and each round starts with a roll). Planted faults in copies of the
toy, and a copy with invariants of its own (:class:`sintra_rules.game.Verified`), show that the
soak's checks catch what they name. Sintra plays the same games through the generic soak as
through its own.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

import attrs
import pytest

from sintra_rules import FormatVersionError, InvalidArgument, RecordError, make
from sintra_rules.errors import InvariantBroken
from sintra_rules.game import Benched, Facts, Result, Verified
from sintra_rules.games.sintra.verify import soak as sintra_soak
from sintra_rules.verify import golden
from sintra_rules.verify.bench import (
    deep_size,
    mid_game_state,
    report_json,
    run_bench,
    state_size,
)
from sintra_rules.verify.perft import perft, perft_divide, position_after
from sintra_rules.verify.soak import SoakPlan, policies, run_soak, soak_game, soak_plan
from tests.toy_game import BANK, BET, TOY, ToyGame, ToyState

# ---------------------------------------------------------------------------------- perft


def test_toy_perft_counts_by_hand() -> None:
    """One seat: ``bet`` (1 ply) or ``bank`` + ``again``/``stop`` (2 plies) per round, two
    rounds. Depth 3: bank-x-(bank | bet) 2 x 2 = 4 lines, bet-bank-x 2, bet-bet ends the game
    after 2 plies (a leaf, 1): 7. Depth 4: bank-x-bank-y 4, bank-x-bet 2 (ended), bet-bank-x 2
    (ended), bet-bet 1 (ended): 9."""
    state = TOY.start(1, seed=0)
    assert [perft(state, depth, game=TOY) for depth in range(5)] == [1, 2, 4, 7, 9]
    assert perft_divide(state, 3, game=TOY) == {BANK: 4, BET: 3}


def test_toy_perft_two_seats_by_hand() -> None:
    """Two seats, four turns in all: with B a bet and K a bank (then 2 choices), the 4-ply
    lines are BBBB, BBBK, BBKx (2), BKxB and BKxK (4), KxBB and KxBK (4), KxKy (4): 16; the
    5-ply lines are the four games of one bank and three bets (2 each, ended at 5: 8), BBKxK,
    BKxBK, KxBBK (2 each: 6), BKxKy, KxBKy, KxKyB and KxKyK (4 each: 16), and BBBB, which ended
    at 4 (1): 31."""
    state = TOY.start(2, seed=5)
    assert [perft(state, depth, game=TOY) for depth in range(6)] == [1, 2, 4, 8, 16, 31]


def test_perft_resolves_a_pending_chance_step_first() -> None:
    """A position that waits on a chance step (the deal) counts as the position its generator
    resolves it to: chance is not a ply."""
    unset = TOY.start(2, seed=5, sample=False)
    assert unset.chance == "deal"
    assert [perft(unset, d, game=TOY) for d in range(4)] == [1, 2, 4, 8]
    assert perft_divide(unset, 2, game=TOY) == {BANK: 2, BET: 2}


def test_perft_counts_a_finished_game_as_one_leaf() -> None:
    over = position_after(1, None, seed=2, plies=99, game=TOY)
    assert over.is_over
    assert [perft(over, d, game=TOY) for d in range(3)] == [1, 1, 1]
    assert perft_divide(over, 2, game=TOY) == {}
    with pytest.raises(InvalidArgument, match="depth"):
        perft(over, -1, game=TOY)


def test_position_after_is_the_start_after_random_plies() -> None:
    start = position_after(3, {}, seed=4, plies=0, game=TOY)
    assert start == TOY.start(3, seed=4)
    one = position_after(3, {}, seed=4, plies=1, game=TOY)
    assert one in {TOY.apply(start, action) for action in TOY.legal_actions(start)}
    assert position_after(3, {}, seed=4, plies=3, game=TOY) == position_after(
        3, None, seed=4, plies=3, game=TOY
    )
    with pytest.raises(InvalidArgument, match="plies"):
        position_after(3, {}, seed=4, plies=-1, game=TOY)


def test_position_after_takes_sintras_options() -> None:
    state = position_after(2, {"side": "B"}, seed=1, plies=5)
    assert state.side == "B" and state.num_players == 2


# ----------------------------------------------------------------------------------- soak


def test_toy_soak_every_configuration() -> None:
    """Six toy games: 1, 2 and 3 seats twice each (the toy has no options and one policy).
    A game of n seats has n + 2 chance steps (n cards dealt, two rolls) and between 2n (all
    bets) and 4n (all banks) plies."""
    report = run_soak(6, seed=1, game=TOY)
    assert (report.game, report.games, report.failures) == ("toy", 6, ())
    assert report.chance_steps == 2 * ((1 + 2) + (2 + 2) + (3 + 2))
    assert 2 * 2 * (1 + 2 + 3) <= report.plies <= 2 * 4 * (1 + 2 + 3)
    assert report.invariants == () and report.counts == ()
    assert report.summary().startswith("soak: 6 games of Toy (seed 1; 1, 2, 3 players; uniform")
    assert "failures: 0" in report.summary()
    assert policies(TOY) == ("uniform",)
    assert soak_plan(4, seed=1, game=TOY) == SoakPlan("toy", 2, {}, (1 << 32) + 4, "uniform")


class _Broken(ToyGame):
    """The toy with one planted fault, chosen by name."""

    def __init__(self, fault: str) -> None:
        self.fault = fault

    def chance_outcomes(self, state: ToyState, /) -> tuple[tuple[int, Fraction], ...]:
        outcomes = super().chance_outcomes(state)
        if self.fault == "probabilities" and state.chance == "roll":
            return tuple((o, Fraction(1, 2)) for o, _ in outcomes)
        return outcomes

    def facts(self, num_players: int, /, options: Mapping[str, str] | None = None) -> Facts:
        facts = super().facts(num_players, options)
        if self.fault == "length":
            return attrs.evolve(facts, max_game_length=1)
        return facts

    def result(self, state: ToyState, /) -> Result:
        if self.fault == "crash":
            raise ZeroDivisionError("planted")
        return super().result(state)


@pytest.mark.parametrize(
    ("fault", "ply", "message"),
    [
        ("probabilities", 0, "chance: probabilities do not sum to 1"),
        ("length", 2, "termination: 2 decisions, more than max_game_length 1"),
    ],
)
def test_the_soak_catches_a_planted_fault(fault: str, ply: int, message: str) -> None:
    """The first roll (at the set-up) sums to 3/2; a game of at least two decisions outlasts a
    max_game_length of 1 at its second. Each game stops at its failure, named with its plan."""
    game = _Broken(fault)
    report = run_soak(2, seed=3, game=game)
    assert len(report.failures) == 2
    first = report.failures[0]
    assert (first.plan, first.ply, first.message) == (soak_plan(0, 3, game=game), ply, message)
    assert "reproduce: soak_game(SoakPlan(game='toy', num_players=1" in str(first)


def test_a_crash_is_a_failure_of_its_game() -> None:
    game = _Broken("crash")
    result = soak_game(soak_plan(0, game=game), game=game)
    (failure,) = result.failures
    assert failure.action == "after the end"
    assert failure.message == "crash: ZeroDivisionError: planted"


class _Checked(ToyGame):
    """The toy with invariants of its own (:class:`sintra_rules.game.Verified`): scores never
    exceed a limit, a step never lowers a score; it counts banks, and its ``betting`` policy
    draws only bets."""

    def __init__(self, limit: int = 99) -> None:
        self.limit = limit

    @property
    def invariants(self) -> tuple[str, ...]:
        return ("score_limit", "scores_grow")

    @property
    def soak_policies(self) -> Mapping[str, Callable[[ToyState, Sequence[int]], Sequence[int]]]:
        return {"betting": lambda state, actions: [a for a in actions if a == BET]}

    def check_state(self, state: ToyState, /) -> None:
        if max(state.scores) > self.limit:
            raise InvariantBroken("score_limit (TOY-01)", f"a score above {self.limit}")

    def check_step(self, before: ToyState, action: int, after: ToyState, /) -> dict[str, int]:
        if any(a < b for a, b in zip(after.scores, before.scores, strict=True)):
            raise InvariantBroken("scores_grow (TOY-01)", "a score went down")
        return {"banks": int(action == BANK)}


def test_a_games_own_invariants_and_policies() -> None:
    """Games 0-2 play uniformly (1, 2, 3 seats), games 3-5 by ``betting``: only bets, so
    exactly 2n plies for n seats (18 in all). The banks counted are those of the uniform
    games."""
    game = _Checked()
    assert isinstance(game, Verified) and not isinstance(TOY, Verified)
    assert policies(game) == ("uniform", "betting")
    betting = [soak_game(soak_plan(i, 2, game=game), game=game) for i in (3, 4, 5)]
    assert [r.plies for r in betting] == [2, 4, 6]
    assert all(r.counts == (("banks", 0),) for r in betting)
    report = run_soak(6, seed=2, game=game)
    assert report.failures == () and report.invariants == ("score_limit", "scores_grow")
    uniform = [soak_game(soak_plan(i, 2, game=game), game=game) for i in (0, 1, 2)]
    assert report.plies == 12 + sum(r.plies for r in uniform)
    banks = sum(r.plies for r in uniform) - 2 * (1 + 2 + 3)  # a bank adds one ply
    assert report.counts == (("banks", banks),)
    assert "and the game's 2 invariants at every step: score_limit, scores_grow" in (
        report.summary()
    )


def test_a_broken_invariant_is_reported_at_its_ply() -> None:
    """With a limit of 0 the first ply that scores breaks ``score_limit``; the set-up passes."""
    game = _Checked(limit=0)
    result = soak_game(soak_plan(0, game=game), game=game)
    (failure,) = result.failures
    assert failure.message.startswith("score_limit (TOY-01): a score above 0")
    assert failure.ply == result.plies >= 1


def test_a_plan_names_its_game_and_policy() -> None:
    with pytest.raises(InvalidArgument, match="policy"):
        soak_game(SoakPlan("toy", 1, {}, 0, "placing"), game=TOY)
    with pytest.raises(InvalidArgument, match="game"):
        soak_game(SoakPlan("sintra", 2, {}, 0), game=TOY)
    with pytest.raises(InvalidArgument, match="games"):
        run_soak(-1, game=TOY)


def test_sintra_plays_the_same_games_through_the_generic_soak() -> None:
    """The generic soak of Sintra (every invariant through Verified) plays the games of
    Sintra's own soak on the reference engine: the same plans, plies and rare events."""
    generic = run_soak(12, seed=4)
    own = sintra_soak.run_soak(12, seed=4, check_every=1)
    assert generic.failures == () and own.failures == ()
    assert generic.plies == own.plies
    assert dict(generic.counts) == {
        "wraps": own.wraps,
        "refills": own.refills,
        "partial fills": own.partial_fills,
    }
    for index in range(12):
        plan, theirs = soak_plan(index, 4), sintra_soak.game_plan(index, 4)
        options = dict(plan.options)
        assert (plan.num_players, options.get("side", "A"), plan.seed, plan.policy) == (
            theirs.num_players,
            theirs.side,
            theirs.seed,
            theirs.policy,
        )
    assert run_soak(4, seed=1, workers=2) == run_soak(4, seed=1)


# ---------------------------------------------------------------------------- playthroughs


def test_a_toy_playthrough_round_trips_and_replays() -> None:
    played = golden.record_playthrough(2, seed=3, game=TOY)
    assert played.game == "toy" and len(played.digests) == len(played.actions) + 1
    assert 4 <= len(played.actions) <= 8  # two seats, two rounds
    assert played.digests[0] == TOY.state_digest(TOY.start(2, seed=3))
    text = golden.playthrough_to_json(played)
    assert json.loads(text)["kind"] == "playthrough"
    assert golden.playthrough_from_json(text) == played
    assert golden.playthrough_mismatch(played, game=TOY) is None
    given = golden.record_playthrough(2, seed=3, game=TOY, actions=[BET, BANK, 3, BET, BET])
    assert given.actions == ("bet", "bank", "stop", "bet", "bet")


def test_a_changed_state_is_found_at_its_ply() -> None:
    played = golden.record_playthrough(1, seed=7, game=TOY)
    digests = list(played.digests)
    digests[2] = "0" * 64
    changed = attrs.evolve(played, digests=digests)
    found = golden.playthrough_mismatch(changed, game=TOY)
    assert found is not None
    assert (found.ply, found.expected, found.actual) == (2, "0" * 64, played.digests[2])
    assert found.action == played.actions[1]
    newer = attrs.evolve(played, behaviour_version=2)
    with pytest.raises(FormatVersionError, match="behaviour version 2"):
        golden.playthrough_states(newer, game=TOY)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"seed": -1}, "seed"),
        ({"digests": []}, "digests"),
        ({"actions": [3]}, "actions[0]"),
        ({"extra": 1}, "extra"),
        ({"options": {"side": 2}}, "options.side"),
    ],
)
def test_a_bad_playthrough_file_names_its_field(change: dict[str, object], field: str) -> None:
    doc = json.loads(golden.playthrough_to_json(golden.record_playthrough(1, game=TOY)))
    doc.update(change)
    with pytest.raises(RecordError) as caught:
        golden.playthrough_from_json(json.dumps(doc))
    assert caught.value.subject == field


# ----------------------------------------------------------------------------------- bench


def test_deep_size_counts_what_a_toy_state_holds() -> None:
    """A toy state holds itself, its two tuples and its generator (a large int); the cards,
    scores, die, round and turn are small ints that CPython shares, the flag a bool."""
    state = TOY.start(3, seed=9)
    assert state.rng is not None and state.rng > 256 and state.chance is None
    want = sys.getsizeof(state) + sys.getsizeof(state.cards) + sys.getsizeof(state.scores)
    assert deep_size(state) == want + sys.getsizeof(state.rng)
    assert deep_size(state, shared=state.cards) == want - sys.getsizeof(state.cards) + (
        sys.getsizeof(state.rng)
    )


def test_a_sintra_state_shares_its_component_table() -> None:
    """Every Sintra state of one table holds the same table: counted once, apart."""
    state = mid_game_state()
    size = state_size(state, make("sintra").start(4, seed=1))
    assert size.shared >= deep_size(state.components) > 0
    assert size.deep + size.shared == deep_size(state)
    assert size.deep == deep_size(state, shared=make("sintra").start(4, seed=1))


def test_the_bench_runs_any_game() -> None:
    lines: list[str] = []
    report = run_bench(0.05, seed=1, out=lines.append, game=TOY)
    assert report.game == "toy" and set(report.rates) == {1, 2, 3}
    assert all(rate.plies > 0 for rate in report.rates.values())
    for counted in ("1 player", "2 players", "3 players"):
        assert any(line.startswith(f"toy {counted}: ") for line in lines)
    assert report.size is not None and report.state_bytes == report.size.pickled
    assert f"pickled mid-game 3-player state: {report.state_bytes} bytes" in lines
    assert report.extra == {} and not isinstance(TOY, Benched)
    if report.chess is not None:  # the comparison at every player count, the fewest's as before
        assert set(report.by_players) == {1, 2, 3}
        assert report.by_players[1] == (report.ratio, min(report.ratios), max(report.ratios))
        for players in (2, 3):
            median, low, high = report.by_players[players]
            assert low <= median <= high
            assert any(line.startswith(f"ratio toy {players}-player plies/s / ") for line in lines)
        doc = report_json(report)["reference_vs_chess_by_players"]
        assert doc == {str(n): list(f) for n, f in report.by_players.items()}
    assert isinstance(make("sintra"), Benched)


def test_generic_perft_counts_sagradas_data_files() -> None:
    """Sagrada's perft files (counted by its own tool and cross-checked by its oracle) are
    counted again by the generic driver, through the protocol alone."""
    from tests.sagrada.golden_tool import PERFT_DIR, PERFT_POSITIONS, position

    sagrada = make("sagrada")
    for pos in PERFT_POSITIONS:
        doc = json.loads((PERFT_DIR / f"{pos.name}.json").read_text("utf-8"))
        state, _ = position(pos)
        counts = {depth: perft(state, int(depth), game=sagrada) for depth in doc["counts"]}
        assert counts == doc["counts"], pos.name
