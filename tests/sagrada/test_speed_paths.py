"""The engine's fast paths give what the slow, generic ones give (ENG-02, ENG-10, ROUND-02): a
state built by :func:`~sintra_rules.games.sagrada.state.evolved` is the state
:func:`attrs.evolve` builds; the draft pool filled in one go is the pool filled one chance step
at a time; an action :func:`~.legality.is_listed` skips no check that could fail."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sintra_rules import IllegalAction
from sintra_rules.games.sagrada import events as ev
from sintra_rules.games.sagrada import new_game
from sintra_rules.games.sagrada.actions import END, ChoosePattern, EndTurn
from sintra_rules.games.sagrada.chance import resolve_chance, sample_chance
from sintra_rules.games.sagrada.components import Pattern, default_components
from sintra_rules.games.sagrada.legality import is_listed
from sintra_rules.games.sagrada.placement import _fits, has_legal_cell, legal_cells
from sintra_rules.games.sagrada.rules import apply, apply_traced, legal_actions
from sintra_rules.games.sagrada.state import ChanceStep, Die, SagradaState, die, evolved
from sintra_rules.rng import below, seed_state

# One new value per field, each different from the value in new_game(2, seed=3).
_CHANGES: dict[str, Any] = {
    "round": 7,
    "start": 1,
    "step": 3,
    "turn": 1,
    "tools": (0, 1, 2),
    "tokens": (1, 2, 0),
    "spent": (die(0, 1), None, None),
    "publics": (4, 5, 6),
    "pool": (die(0, 1), die(4, 6)),
    "hand": die(2, 3),
    "track": ((die(1, 1),),) + ((),) * 9,
    "bag": (1, 2, 3, 4, 5),
    "drafted": True,
    "tool_used": True,
    "active": 2,
    "sub": "pick",
    "lifted": 5,
    "moved": 6,
    "skips": (0,),
    "difficulty": 3,
    "rng": 12345,
    "chance": ChanceStep("draw"),
}


def test_every_field_is_covered() -> None:
    names = {f.name for f in attrs.fields(SagradaState)}
    assert names - set(_CHANGES) == {"components", "players"}


@pytest.mark.parametrize("name", sorted(_CHANGES))
def test_eng_02_evolved_is_attrs_evolve(name: str) -> None:
    state = new_game(2, seed=3)
    value = _CHANGES[name]
    assert getattr(state, name) != value
    fast = evolved(state, **{name: value})
    slow = attrs.evolve(state, **{name: value})
    assert fast == slow
    assert hash(fast) == hash(slow)
    assert repr(fast) == repr(slow)
    assert getattr(fast, name) == value
    assert fast.players is state.players
    assert pickle.loads(pickle.dumps(fast)) == slow
    assert state == new_game(2, seed=3)  # the input is untouched


def test_eng_02_evolved_players_and_nothing() -> None:
    state = new_game(3, seed=4)
    players = (state.players[2], state.players[0], state.players[1])
    assert evolved(state, players=players) == attrs.evolve(state, players=players)
    same = evolved(state)
    assert same == state and same is not state
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        same.round = 3  # type: ignore[misc]


def _round_end(n: int, seed: int) -> SagradaState:
    """A state where a random game's next EndTurn ends round 1 (a 'draw' follows)."""
    state = new_game(n, seed=seed)
    rng = seed_state(seed)
    while not (state.round == 1 and state.step == 2 * n - 1 and state.hand is None):
        actions = legal_actions(state)
        rng, i = below(rng, len(actions))
        state = apply(state, actions[i])
    while state.sub or state.hand is not None:  # finish a tool or a placement first
        moves = [a for a in legal_actions(state) if not isinstance(a, EndTurn)]
        rng, i = below(rng, len(moves))
        state = apply(state, moves[i])
    assert state.round == 1
    return state


@pytest.mark.parametrize("n", [1, 2, 4])
def test_round_02_pool_filled_at_once_is_the_steps_one_by_one(n: int) -> None:
    before = _round_end(n, seed=n)
    waiting = apply(before, END, sample=False)
    assert waiting.chance == ChanceStep("draw") and waiting.round == 2
    # One step at a time through chance.py, each event from the public outcome.
    state, events = waiting, list[ev.Event]()
    while state.chance is not None:
        step = state.chance
        nxt = sample_chance(state)
        if step.kind == "draw":
            colour = next(c for c in range(5) if nxt.bag[c] == state.bag[c] - 1)
            events.append(ev.DieDrawn(colour))
        else:
            assert step.kind == "roll"
            (new,) = {x for x in nxt.pool if nxt.pool.count(x) > state.pool.count(x)}
            events.append(ev.DieRolled(new))
        state = nxt
    after, traced = apply_traced(before, END)
    assert after == state == apply(before, END)
    assert len(after.pool) == (4 if n == 1 else 2 * n + 1)  # ROUND-02, SOLO-01
    assert traced == (
        ev.TurnEnded(before.turn),
        ev.DiceToTrack(0, before.pool),
        ev.RoundStarted(1, after.start),
        *events,
    )


def test_eng_10_is_listed_only_for_the_listed_state_and_decisions() -> None:
    state = new_game(2, seed=5)
    actions = legal_actions(state)
    assert legal_actions(state) is actions
    assert all(is_listed(state, a) for a in actions)
    assert is_listed(state, ChoosePattern(actions[0].pattern))  # type: ignore[union-attr]
    unlisted = next(p for p in range(24) if ChoosePattern(p) not in actions)
    assert not is_listed(state, ChoosePattern(unlisted))
    twin = new_game(2, seed=5)
    assert twin == state and not is_listed(twin, actions[0])
    assert legal_actions(twin) == actions
    assert not is_listed(state, actions[0])  # the twin was listed last


def test_eng_10_is_listed_refuses_lookalikes() -> None:
    class Lookalike(ChoosePattern):
        pass

    class Equal:
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = object.__hash__

    state = new_game(2, seed=5)
    pattern = legal_actions(state)[0].pattern  # type: ignore[union-attr]
    assert not is_listed(state, Lookalike(pattern))
    assert not is_listed(state, Equal())
    assert not is_listed(state, ChoosePattern(True)) or pattern != 1
    with pytest.raises(IllegalAction):
        apply(state, Equal())  # type: ignore[arg-type]


def _slow_cells(
    window: tuple[Die | None, ...], pattern: Pattern, d: Die, flags: tuple[bool, bool, bool]
) -> list[int]:
    """The spaces that take ``d``, space by space through ``placement._fits`` (PLACE-10)."""
    empty = all(x is None for x in window)
    return [
        cell
        for cell in range(20)
        if window[cell] is None and _fits(window, pattern, d[0], d[1], cell, empty, *flags)
    ]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(st.none(), st.tuples(st.integers(0, 4), st.integers(1, 6))),
        min_size=20,
        max_size=20,
    ),
    st.integers(0, 23),
    st.tuples(st.integers(0, 4), st.integers(1, 6)),
    st.tuples(st.booleans(), st.booleans(), st.booleans()),
    st.one_of(st.none(), st.integers(0, 19)),
)
def test_place_10_masks_agree_with_the_space_by_space_rules(
    cells: list[Die | None],
    index: int,
    d: Die,
    flags: tuple[bool, bool, bool],
    exclude: int | None,
) -> None:
    pattern = default_components().patterns[index]
    waive_colour, waive_value, cork = flags
    expected = _slow_cells(tuple(cells), pattern, d, flags)
    for window in (tuple(cells), list(cells)):
        got = legal_cells(
            window, pattern, d, waive_colour=waive_colour, waive_value=waive_value, cork=cork
        )
        assert got == expected
        has = has_legal_cell(
            window,
            pattern,
            d,
            waive_colour=waive_colour,
            waive_value=waive_value,
            cork=cork,
            exclude=exclude,
        )
        assert has == any(cell != exclude for cell in expected)


def test_place_01_masks_on_hand_made_windows() -> None:
    pattern = default_components().patterns[3]  # Sun Catcher: .B2.Y / .4.R. / ..5Y. / G3..P
    empty: tuple[Die | None, ...] = (None,) * 20
    # PLACE-01, PLACE-03, PLACE-04: a blue 2 on the empty window: the border spaces but r1c5
    # (yellow), r4c1 (green), r4c2 (a 3) and r4c5 (purple).
    assert legal_cells(empty, pattern, (3, 2)) == [0, 1, 2, 3, 5, 9, 10, 14, 17, 18]
    one = list(empty)
    one[0] = (0, 5)  # a red 5 on r1c1
    # PLACE-02, PLACE-06, PLACE-07: a red 5 next to it: r1c2 (blue) no; r2c1 orthogonal and
    # same colour no; r2c2 is a 4 space no. Nothing.
    assert legal_cells(tuple(one), pattern, (0, 5)) == []
    # A yellow 3 next to the red 5: r1c2 blue no, r2c1 blank yes, r2c2 a 4 no.
    assert legal_cells(tuple(one), pattern, (1, 3)) == [5]
    # Cork-backed Straightedge (TOOL-09): a space next to no die.
    cork = legal_cells(tuple(one), pattern, (1, 3), cork=True)
    assert 0 not in cork and 1 not in cork and 5 not in cork and 6 not in cork and 2 not in cork
    assert has_legal_cell(tuple(one), pattern, (1, 3), exclude=5) is False


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_eng_05_resolve_chance_is_sample_chance_step_by_step(n: int) -> None:
    state = new_game(n, seed=11 + n, sample=False)
    steps = 0
    while state.chance is not None:
        state = sample_chance(state)
        steps += 1
    assert steps > 2 * (4 if n == 1 else 2 * n + 1)  # the deal, then the pool's draws and rolls
    assert new_game(n, seed=11 + n) == state
    assert resolve_chance(new_game(n, seed=11 + n, sample=False)) == state
