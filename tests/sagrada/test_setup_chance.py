"""Setup (SETUP-01 to SETUP-06, RUL-10, RUL-19, COMP-02, SOLO-01) and explicit chance
(ENG-03 to ENG-06): every random step with its listed outcomes and exact probabilities, in a
fixed order, sampled or supplied, and determinization."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from sintra_rules import ConfigurationError, IllegalAction
from sintra_rules.games.sagrada import (
    ChanceStep,
    ChoosePattern,
    EndTurn,
    SagradaState,
    apply,
    apply_chance,
    chance_outcomes,
    determinize,
    legal_actions,
    new_game,
    resolve_chance,
    same_position,
    sample_chance,
    violations,
)
from sintra_rules.rng import below, seed_state
from tests.sagrada.helpers import TABLE, make_state


def steps(state: SagradaState) -> tuple[list[tuple[str, int, int]], SagradaState]:
    """The kinds (with seat and index) of setup's chance steps, in order."""
    out: list[tuple[str, int, int]] = []
    while state.chance is not None:
        out.append((state.chance.kind, state.chance.seat, state.chance.index))
        state = sample_chance(state)
    return out, state


def test_eng_04_order_of_setup_steps() -> None:
    """ENG-04: the privates, each seat's two pattern cards, the tools, the publics, then the
    start player (solo: none)."""
    order, _ = steps(new_game(2, seed=3, sample=False))
    assert order == [
        ("private", 0, 0), ("private", 1, 0),
        ("pattern", 0, 0), ("pattern", 0, 1), ("pattern", 1, 0), ("pattern", 1, 1),
        ("tool", 0, 0), ("tool", 0, 1), ("tool", 0, 2),
        ("public", 0, 0), ("public", 0, 1), ("public", 0, 2),
        ("start", 0, 0),
    ]  # fmt: skip
    solo, state = steps(new_game(1, seed=3, tools=2, sample=False))
    assert solo == [
        ("private", 0, 0), ("private", 0, 1), ("pattern", 0, 0), ("pattern", 0, 1),
        ("tool", 0, 0), ("tool", 0, 1), ("public", 0, 0), ("public", 0, 1),
    ]  # fmt: skip
    assert state.start == 0


def test_eng_03_deals_are_uniform_over_the_cards_left() -> None:
    """ENG-03, SETUP-01, SETUP-02: the first private card is one of 5 (1/5 each); the first
    pattern card one of 12 (1/12 each); once card 5 is dealt the next is one of the 11 others."""
    state = new_game(3, seed=0, sample=False)
    assert chance_outcomes(state) == tuple((c, Fraction(1, 5)) for c in range(5))
    while state.chance is not None and state.chance.kind == "private":
        state = sample_chance(state)
    assert chance_outcomes(state) == tuple((c, Fraction(1, 12)) for c in range(12))
    after = apply_chance(state, 5)
    assert after.players[0].cards == (5,)
    assert chance_outcomes(after) == tuple((c, Fraction(1, 11)) for c in range(12) if c != 5)
    with pytest.raises(IllegalAction) as info:
        apply_chance(after, 5)
    assert info.value.clause == "ENG-03"


def test_setup_01_to_06() -> None:
    """SETUP-01, SETUP-02, SETUP-04, SETUP-05, SETUP-06, COMP-07, COMP-09: one private each,
    two pattern cards each, all distinct; 3 tools and 3 publics, distinct; 90 dice in the bag;
    10 empty round-track spaces; no favor token before the patterns are chosen; the first seat
    chooses its pattern."""
    for seed in range(5):
        state = new_game(4, seed=seed)
        cards = [c for p in state.players for c in p.cards]
        privates = [c for p in state.players for c in p.privates]
        assert [len(p.cards) for p in state.players] == [2] * 4 and len(set(cards)) == 8
        assert [len(p.privates) for p in state.players] == [1] * 4 and len(set(privates)) == 4
        assert len(set(state.tools)) == 3 and len(set(state.publics)) == 3
        assert state.bag == (18,) * 5 and state.round == 0 and state.turn == 0
        assert state.track == ((),) * 10 and all(p.favor == 0 for p in state.players)


def test_rul_10_and_setup_03_choosing_patterns() -> None:
    """RUL-10, SETUP-02, SETUP-03: seats choose in seat order among the 4 faces of their two
    cards; the favor tokens are the chosen pattern's difficulty."""
    state = new_game(2, seed=0)  # ENG-05's reference game: seat 0 holds cards 8 and 4
    assert legal_actions(state) == tuple(ChoosePattern(p - 1) for p in (7, 8, 15, 16))
    back = 15  # pattern 16, Bellesguard, the back of card 8
    assert [e.clause for e in violations(state, ChoosePattern(0))] == ["SETUP-02"]
    after = apply(state, ChoosePattern(back))
    assert after.players[0].pattern == back
    assert after.players[0].favor == TABLE.patterns[back].favor
    assert after.turn == 1 and after.round == 0
    assert [e.clause for e in violations(after, EndTurn())] == ["RUL-10"]
    started = apply(after, legal_actions(after)[0])
    assert started.round == 1 and started.turn == started.start
    assert len(started.pool) == 5


def test_solo_01_setup() -> None:
    """SOLO-01: 2 privates, 2 publics, difficulty 1 to 5 tools, no favor tokens."""
    for tools in (1, 5):
        state = new_game(1, seed=tools, tools=tools)
        assert len(state.tools) == tools and len(state.publics) == 2
        assert len(set(state.players[0].privates)) == 2
        chosen = apply(state, legal_actions(state)[0])
        assert chosen.players[0].favor == 0


def test_comp_02_configuration_errors() -> None:
    """COMP-02, SOLO-01, SETUP-04, ENG-05: bad player counts, difficulties and seeds."""
    for bad in (0, 5):
        with pytest.raises(ConfigurationError) as info:
            new_game(bad)
        assert info.value.clause == "COMP-02"
    for tools in (0, 6):
        with pytest.raises(ConfigurationError) as info:
            new_game(1, tools=tools)
        assert info.value.clause == "SOLO-01"
    with pytest.raises(ConfigurationError) as info:
        new_game(2, tools=2)
    assert info.value.clause == "SETUP-04"
    with pytest.raises(ConfigurationError):
        new_game(2, seed=-1)


def test_rul_19_start_player_is_random() -> None:
    """RUL-19, SETUP-06: the first start player is a chance step over the n seats, 1/n each."""
    state = new_game(3, seed=1, sample=False)
    while state.chance is not None and state.chance.kind != "start":
        state = sample_chance(state)
    assert state.chance == ChanceStep("start")
    assert chance_outcomes(state) == tuple((s, Fraction(1, 3)) for s in range(3))
    chosen = apply_chance(state, 2)
    assert chosen.start == 2 and chosen.chance is None and chosen.turn == 0
    starts = Counter(new_game(3, seed=s).start for s in range(60))
    assert set(starts) == {0, 1, 2}


def test_eng_03_round_02_draws_and_rolls() -> None:
    """ENG-03, ROUND-02: a pool die is a colour drawn from the bag (count / dice in the bag),
    then a roll (1/6 each)."""
    state = make_state(pool=(), round=1)
    state = apply(state, EndTurn(), sample=False)  # seat 0's first turn ends
    for _ in range(3):
        state = apply(state, EndTurn(), sample=False)
    assert state.round == 2 and state.chance == ChanceStep("draw")
    assert chance_outcomes(state) == tuple((c, Fraction(18, 90)) for c in range(5))
    rolled = apply_chance(state, 3)
    assert rolled.chance == ChanceStep("roll", dice=((3, 0),)) and rolled.bag[3] == 17
    assert chance_outcomes(rolled) == tuple((v, Fraction(1, 6)) for v in range(6))
    pooled = apply_chance(rolled, 5)  # outcome 5: the value 6
    assert pooled.pool == ((3, 6),) and pooled.chance == ChanceStep("draw")
    assert dict(chance_outcomes(pooled))[3] == Fraction(17, 89)


def test_eng_05_sampled_and_supplied() -> None:
    """ENG-05: the set-up sampled step by step is the sampled set-up; without a generator
    nothing can be sampled; apply(sample=False) stops at the next chance step."""
    assert resolve_chance(new_game(3, seed=9, sample=False)) == new_game(3, seed=9)
    bare = new_game(2, seed=None)
    assert bare.chance is not None and bare.rng is None
    with pytest.raises(ConfigurationError):
        sample_chance(bare)
    with pytest.raises(IllegalAction) as info:
        apply(bare, ChoosePattern(6))
    assert info.value.clause == "ENG-03"
    with pytest.raises(IllegalAction):
        chance_outcomes(new_game(2, seed=1))


def test_eng_05_reference_vector() -> None:
    """ENG-05: the spec's reference game (2 players, seed 0): privates 1 and 2, pattern cards
    8 and 4 to seat 0 and 10 and 5 to seat 1, tools 6, 7 and 12, publics 1, 3 and 9, seat 1
    starts; round 1's pool is G6, P4, G1, P4, G1, leaving 18 / 18 / 15 / 18 / 16 in the bag."""
    state = new_game(2, seed=0)
    assert [p.privates for p in state.players] == [(0,), (1,)]
    assert [p.cards for p in state.players] == [(7, 3), (9, 4)]
    assert state.tools == (5, 6, 11) and state.publics == (0, 2, 8) and state.start == 1
    state = apply(apply(state, ChoosePattern(6)), ChoosePattern(8), sample=False)
    rolled = []
    while state.chance is not None:
        kind = state.chance.kind
        state = sample_chance(state)
        if kind == "roll":
            rolled.append(state.pool)
    added = [next(d for d in after if after.count(d) > before.count(d))
             for before, after in zip([(), *rolled], rolled, strict=False)]  # fmt: skip
    assert added == [(2, 6), (4, 4), (2, 1), (4, 4), (2, 1)]
    assert state.bag == (18, 18, 15, 18, 16)


def test_eng_06_determinize_follows_the_spec() -> None:
    """ENG-06: with a viewer, each other seat in seat order gets the r-th (r = below(m)) of
    the private cards neither the viewer holds nor already given, from the fresh generator."""
    real = new_game(3, seed=2)
    own = real.players[1].privates[0]
    rng = seed_state(77)
    free = [c for c in range(5) if c != own]
    rng, r0 = below(rng, len(free))
    seat0 = free.pop(r0)
    rng, r2 = below(rng, len(free))
    seat2 = free.pop(r2)
    other = determinize(real, 77, viewer=1)
    assert [p.privates for p in other.players] == [(seat0,), (own,), (seat2,)]
    assert other.rng == rng


def test_eng_06_determinize_resamples_only_hidden_cards() -> None:
    """ENG-06: determinize gives a fresh generator; with a viewer, the other seats' private
    objectives are dealt again from the cards the viewer has not seen, uniformly and
    consistently; the viewer's own card and everything public stay."""
    real = new_game(2, seed=4)
    plain = determinize(real, 1)
    assert same_position(plain, real) and plain.rng != real.rng
    own = real.players[0].privates[0]
    seen: Counter[int] = Counter()
    for k in range(400):
        other = determinize(real, k, viewer=0)
        assert other.players[0] == real.players[0]
        assert other.players[1].pattern == real.players[1].pattern
        assert other.pool == real.pool and other.tools == real.tools
        card = other.players[1].privates[0]
        assert card != own
        seen[card] += 1
    assert set(seen) == set(range(5)) - {own}
    assert all(70 <= n <= 130 for n in seen.values())  # 100 expected each


def test_eng_06_nothing_hidden_after_the_end() -> None:
    """ENG-06: once the game is over every card is shown, so only the generator changes."""
    state = make_state(round=11)
    assert same_position(determinize(state, 3, viewer=0), state)
