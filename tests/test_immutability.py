"""States, players, strips, actions and tables are immutable values (ENG-04, TURN-01): frozen,
hashable, equal by value, with nothing mutable reachable, and ``apply`` never changes its input.
"""

from __future__ import annotations

import copy
import pickle
import types
from typing import Any, cast

import attrs
import pytest

from sintra_rules import (
    CENTRE,
    ComponentTable,
    GameState,
    IllegalAction,
    PlayerState,
    Reset,
    Strip,
    Take,
    apply,
    apply_traced,
    default_components,
    final_score,
    legal_actions,
    new_game,
    outcome,
    violations,
)
from sintra_rules.games.sintra.components import Provenance
from sintra_rules.games.sintra.events import Completed, Refilled, TookFromDisplay
from sintra_rules.games.sintra.narration import Step
from tests.test_setup import GAMES, game_states

_ATOMS = (int, str, type(None))


def frozen_tree(value: object, path: str = "state") -> list[str]:
    """Every place reachable from ``value`` through attributes, tuple items and mapping-proxy
    values that is not an int, str, None, tuple, read-only mapping proxy or frozen attrs
    instance (bools are ints); empty when nothing mutable is reachable."""
    bad: list[str] = []
    seen: set[int] = set()
    stack: list[tuple[object, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, _ATOMS):
            continue
        if id(item) in seen:
            continue
        seen.add(id(item))
        if type(item) is tuple:
            stack.extend((v, f"{where}[{i}]") for i, v in enumerate(item))
        elif type(item) is types.MappingProxyType:
            stack.extend((v, f"{where}[{k!r}]") for k, v in item.items())
            stack.extend((k, f"{where}.key") for k in item)
        elif attrs.has(type(item)):
            fields = attrs.fields(cast(Any, type(item)))
            if fields and not _rejects_assignment(item, fields[0].name):
                bad.append(f"{where}: {type(item).__name__} is not frozen")
            if hasattr(item, "__dict__"):
                bad.append(f"{where}: {type(item).__name__} has a __dict__")
            stack.extend((getattr(item, f.name), f"{where}.{f.name}") for f in fields)
        else:
            bad.append(f"{where}: {type(item).__name__} is mutable or unknown")
    return bad


def _rejects_assignment(item: object, name: str) -> bool:
    try:
        setattr(item, name, getattr(item, name))
    except attrs.exceptions.FrozenInstanceError:
        return True
    return False


def test_walker_finds_mutable_values() -> None:
    """The walker itself notices a list, a dict and an unfrozen attrs class."""

    @attrs.define
    class Loose:
        x: int

    assert frozen_tree((1, "a", None, (2,))) == []
    assert len(frozen_tree((1, [2]))) == 1
    assert len(frozen_tree(types.MappingProxyType({"a": {}}))) == 1
    assert len(frozen_tree(Loose(1))) == 1


@pytest.mark.parametrize(("players", "side", "seed"), GAMES)
def test_nothing_mutable_reachable(players: int, side: str, seed: int) -> None:
    """Every state of whole games holds only immutable values, table included (ENG-04)."""
    for state in game_states(players, side, seed):
        assert frozen_tree(state) == []
    assert frozen_tree(default_components()) == []
    for action in legal_actions(new_game(4, seed=0)):
        assert frozen_tree(action, "action") == []


def _samples() -> list[object]:
    state = new_game(3, "B", seed=8)
    player = state.players[0]
    strip = player.strips[0]
    table = default_components()
    finished = list(game_states(2, "A", 1))[-1]
    return [
        state,
        player,
        strip,
        Take(0, 1, 2),
        Take(CENTRE, 0, None),
        Reset(),
        table,
        table.provenance["track"],
        TookFromDisplay(0, 1, 2, 2, 2),
        Completed(0, 2, 3, 4, 2, 1, 4, flipped=True),
        Refilled(((1, 2, 0, 1, 0), (0, 0, 4, 0, 0)), poured=9, short=0),
        Step("TAKE-01", "text"),
        final_score(table, "A", player),
        outcome(finished),
    ]


@pytest.mark.parametrize("value", _samples(), ids=lambda v: type(v).__name__)
def test_frozen_every_field(value: object) -> None:
    """Assigning or deleting any field raises; no new attribute can be added (ENG-04)."""
    for field in attrs.fields(cast(Any, type(value))):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(value, field.name, getattr(value, field.name))
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            delattr(value, field.name)
    with pytest.raises((attrs.exceptions.FrozenInstanceError, AttributeError)):
        value.brand_new = 1  # type: ignore[attr-defined]


def test_provenance_mapping_is_read_only() -> None:
    """The table's provenance cannot be changed through its mapping (FIG-01)."""
    table = default_components()
    with pytest.raises(TypeError):
        table.provenance["track"] = Provenance("confirmed", "x", "FIG-08")  # type: ignore[index]
    assert table.provenance["track"].status == "provisional"


@pytest.mark.parametrize("value", _samples(), ids=lambda v: type(v).__name__)
def test_equal_by_value_and_hashable(value: object) -> None:
    """A deep copy (another object with the same values) is equal and hashes equally."""
    twin = copy.deepcopy(value)
    again = pickle.loads(pickle.dumps(value))
    for other in (twin, again):
        assert other == value and hash(other) == hash(value)
    assert len({value, twin, again}) == 1


def test_value_semantics_of_parts() -> None:
    """Equality follows the values: equal parts built separately are equal; a changed field
    makes a different value (ENG-04)."""
    empty = (0, 0, 0, 0, 0)
    assert Strip(3, 1, empty, empty) == Strip(3, 1, (0,) * 5, (0,) * 5)
    assert Strip(3, 1, empty, empty) != Strip(3, 0, empty, empty)
    assert Take(0, 1, 2) == Take(0, 1, 2) and hash(Take(0, 1, 2)) == hash(Take(0, 1, 2))
    assert Take(0, 1, 2) != Take(0, 1, 2, jokers=1)
    assert Reset() == Reset() and isinstance(Reset(), Reset)
    state = new_game(2, seed=4)
    moved = attrs.evolve(state, turn=1)
    assert moved != state and state.turn == 0
    player = attrs.evolve(state.players[0], score=3)
    assert isinstance(player, PlayerState) and player != state.players[0]
    assert isinstance(state.components, ComponentTable) and isinstance(state, GameState)


def _check_untouched(state: GameState, action: object, before: bytes) -> None:
    after = pickle.loads(before)
    assert state == after and hash(state) == hash(after)
    assert pickle.dumps(state) == before, f"{action!r} changed its input"


@pytest.mark.parametrize(("players", "side", "seed"), GAMES)
def test_apply_never_mutates_input(players: int, side: str, seed: int) -> None:
    """Along whole games, applying every legal action (and some illegal ones) leaves the input
    state exactly as it was: equal, same hash, same pickle (TURN-01)."""
    illegal: list[Any] = [Take(CENTRE, 0, 9), Take(99, 0, None), "reset", None]
    for state in game_states(players, side, seed):
        before = pickle.dumps(state)
        for action in legal_actions(state):
            after = apply(state, action)
            traced, _events = apply_traced(state, action)
            assert traced == after
            _check_untouched(state, action, before)
        for action in [*illegal, Reset()]:
            if violations(state, action):
                with pytest.raises(IllegalAction):
                    apply(state, action)
                _check_untouched(state, action, before)
