"""The engine's fast paths give what the slow, generic ones give (ENG-02): a state built by
:func:`~sintra_rules.games.sagrada.state.evolved` is the state :func:`attrs.evolve` builds."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest

from sintra_rules.games.sagrada import new_game
from sintra_rules.games.sagrada.state import ChanceStep, SagradaState, die, evolved

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
