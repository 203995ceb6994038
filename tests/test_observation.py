"""Observations (ENG-31): sizes, the documented layout read back against the state, seats
relative to the observer, the generator hidden, and distinct public positions told apart."""

from __future__ import annotations

from array import array

import attrs
import pytest

from sintra_rules import (
    ConfigurationError,
    GameState,
    Side,
    apply,
    apply_chance,
    chance_outcomes,
    determinize,
    legal_actions,
    new_game,
    without_generator,
)
from sintra_rules.games.sintra.observation import (
    observation_layout,
    observation_size,
    observation_string,
    observe,
)
from tests.played import played_positions

CONFIGS = [(n, side) for n in (2, 3, 4) for side in ("A", "B")]


def block(obs: array[float], players: int, name: str) -> list[float]:
    b = observation_layout(players)[name]
    return list(obs[b.start : b.start + b.size])


@pytest.mark.parametrize(
    ("players", "factories", "size"), [(2, 5, 708), (3, 7, 1029), (4, 9, 1350)]
)
def test_sizes(players: int, factories: int, size: int) -> None:
    """ENG-31: side 2 + round 6 + indicator 30 + over 1 + to_act/starter N each + tile N+1 +
    bag/tower/centre 5 each + factories 5F + chance kind 5, seat N and index 1, then 307 per
    player (3 + 8 glazier + 8 present + 64 strip + 16 face + 48 spaces + 4 x 40)."""
    general = 2 + 6 + 30 + 1 + players + players + players + 1 + 15 + 5 * factories
    general += 5 + players + 1
    assert 3 + 8 + 8 + 64 + 16 + 48 + 4 * 40 == 307
    assert general + 307 * players == size == observation_size(players)
    assert len(observe(new_game(players, seed=0), 0)) == size


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_blocks_hold_the_state(players: int, side: Side) -> None:
    """ENG-31: the documented blocks read back the public fields of the state."""
    state = played_positions(players, side)[len(played_positions(players, side)) // 2]
    seat = 1
    obs = observe(state, seat)
    assert obs.typecode == "f"
    assert block(obs, players, "side") == ([1.0, 0.0] if side == "A" else [0.0, 1.0])
    assert block(obs, players, "round").index(1.0) == state.round - 1
    assert block(obs, players, "bag") == list(map(float, state.bag))
    assert block(obs, players, "tower") == list(map(float, state.tower))
    assert block(obs, players, "centre") == list(map(float, state.centre))
    assert block(obs, players, "factories") == [float(n) for f in state.factories for n in f]
    rows = block(obs, players, "indicator")
    gone = 6 - len(state.indicator)
    assert rows[: 5 * gone] == [0.0] * (5 * gone)
    for k, colour in enumerate(state.indicator):
        row = rows[5 * (gone + k) : 5 * (gone + k + 1)]
        assert row.index(1.0) == colour and sum(row) == 1
    assert block(obs, players, "to_act").index(1.0) == (state.turn - seat) % players
    for p in range(players):
        player = state.players[(seat + p) % players]
        assert block(obs, players, f"player{p}.score") == [player.score]
        assert block(obs, players, f"player{p}.track") == [player.marker]
        assert block(obs, players, f"player{p}.glazier").index(1.0) == player.glazier
        filled = block(obs, players, f"player{p}.filled")
        for slot, strip in enumerate(player.strips):
            want = [0.0] * 5 if strip is None else list(map(float, strip.filled))
            assert filled[5 * slot : 5 * slot + 5] == want
        tops = block(obs, players, f"player{p}.window_top")
        for window, (top, _bottom) in enumerate(player.windows):
            row = tops[5 * window : 5 * window + 5]
            assert row == [0.0] * 5 if top is None else row.index(1.0) == top


def rotated(state: GameState, k: int) -> GameState:
    """The same table seen with seat k renumbered as seat 0."""
    n = len(state.players)
    return attrs.evolve(
        state,
        players=tuple(state.players[(i + k) % n] for i in range(n)),
        turn=(state.turn - k) % n,
        starter=(state.starter - k) % n,
        tile=None if state.tile is None else (state.tile - k) % n,
    )


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_seats_are_relative_to_the_observer(players: int, side: Side) -> None:
    """ENG-31: seat k's observation of a position is seat 0's observation of the position with
    the seats renumbered from k."""
    for state in played_positions(players, side)[::7]:
        for k in range(players):
            assert observe(state, k) == observe(rotated(state, k), 0)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_the_generator_is_not_observed(players: int, side: Side) -> None:
    """ENG-31, ENG-23: positions that differ only in the generator look the same, as vector and
    as text."""
    for state in played_positions(players, side)[::5]:
        assert state.rng is not None
        reseeded = attrs.evolve(state, rng=(state.rng * 6364136223846793005 + 1) % 2**64)
        for other in (reseeded, without_generator(state), determinize(state, 12345)):
            assert other != state
            for seat in range(players):
                assert observe(other, seat) == observe(state, seat)
                assert observation_string(other, seat) == observation_string(state, seat)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_distinct_public_positions_give_distinct_observations(players: int, side: Side) -> None:
    """ENG-31: over every position of several games and every position one action away from
    some of them (siblings that differ in a few fields only: joker choices, kept colours,
    targets), no two positions that differ other than in the generator share an observation
    (for every observing seat), nor a string form."""
    games = played_positions(players, side)
    public = {without_generator(s) for s in games}
    for state in games[::6]:
        public.update(without_generator(apply(state, a)) for a in legal_actions(state))
    assert len(public) > 700
    for seat in range(players):
        vectors = {observe(s, seat).tobytes() for s in public}
        strings = {observation_string(s, seat) for s in public}
        assert len(vectors) == len(public)
        assert len(strings) == len(public)


def test_bad_seats_and_player_counts() -> None:
    """ENG-01, COMP-02: a seat outside the game or an unknown player count is refused."""
    state = new_game(3, seed=1)
    for seat in (-1, 3, True, 1.0):
        with pytest.raises(ConfigurationError, match="ENG-01"):
            observe(state, seat)  # type: ignore[arg-type]
        with pytest.raises(ConfigurationError, match="ENG-01"):
            observation_string(state, seat)  # type: ignore[arg-type]
    for players in (1, 5, "2"):
        with pytest.raises(ConfigurationError, match="COMP-02"):
            observation_size(players)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pending_chance_steps_are_observed(players: int) -> None:
    """ENG-31, ENG-07: every position of a setup decided step by step (each chance step's
    outcomes tried in turn from one line of the setup) has its own observation; a position
    waiting for a step differs from the position after it."""
    state = without_generator(new_game(players, seed=3, sample=False))
    seen: dict[bytes, GameState] = {}
    while state.is_chance:
        for outcome, _probability in chance_outcomes(state):
            after = apply_chance(state, outcome)
            for position in (state, after):
                key = observe(position, 1).tobytes()
                assert seen.setdefault(key, position) == position
        state = apply_chance(state, chance_outcomes(state)[-1][0])
    assert len(seen) > 50
    kinds = observation_layout(players)["chance"]
    assert observe(state, 0)[kinds.start : kinds.start + kinds.size].tolist() == [0.0] * 5
