"""Engine contracts: seats (ENG-01), immutable values (ENG-02), actions and their text
(ENG-07), canonical order and ids (ENG-08, ENG-09), refusals (ENG-10), documents and the
behaviour version (ENG-11), observations (ENG-06), the game protocol, and random games of every
size ending (ROUND-06, COMP-01)."""

from __future__ import annotations

import json
import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sintra_rules import (
    ActionIdError,
    FormatVersionError,
    IllegalAction,
    NotationError,
    RecordError,
)
from sintra_rules.game import Game, current_player
from sintra_rules.games.sagrada import (
    ALL_ACTIONS,
    BEHAVIOUR_VERSION,
    GAME,
    NUM_ACTIONS,
    Action,
    Draft,
    EndTurn,
    Place,
    SagradaComponents,
    SagradaState,
    Swap,
    UseTool,
    action_from_text,
    action_to_id,
    apply,
    determinize,
    id_to_action,
    is_legal,
    legal_actions,
    legal_ids,
    new_game,
    observation_size,
    observation_string,
    observe,
    result,
    state_digest,
    state_from_json,
    state_to_json,
    target_score,
    violations,
)
from sintra_rules.rng import below, seed_state
from sintra_rules.verify.api import check_game
from tests.sagrada.helpers import make_state

_PROTOCOL: Game[SagradaState, Action] = GAME


def play(n: int, seed: int, tools: int | None = None, every: bool = False) -> list[SagradaState]:
    """A random game (passing only one time in ten when something else is legal, so that the
    windows fill and the tools get used); with ``every`` the states of every ply."""
    state = new_game(n, seed=seed, tools=tools)
    rng = seed_state(seed + 99)
    seen = [state]
    while not state.is_over:
        actions = legal_actions(state)
        assert actions, "no legal action while a player is to act"
        rng, k = below(rng, 10)
        active = [a for a in actions if not isinstance(a, EndTurn)]
        if k and active:
            actions = tuple(active)
        rng, i = below(rng, len(actions))
        state = apply(state, actions[i])
        assert state.dice_counts() == (18,) * 5  # COMP-01
        if every:
            seen.append(state)
    seen.append(state)
    return seen


def _mutable(value: object, path: str = "state") -> list[str]:
    if isinstance(value, SagradaComponents) or value is None:
        return []
    if isinstance(value, bool | int | str):
        return []
    if isinstance(value, tuple):
        return [p for i, x in enumerate(value) for p in _mutable(x, f"{path}[{i}]")]
    if attrs.has(type(value)):
        params = type(value).__attrs_attrs__  # type: ignore[attr-defined]
        if not getattr(type(value), "__attrs_frozen__", True):
            return [path]
        return [p for a in params for p in _mutable(getattr(value, a.name), f"{path}.{a.name}")]
    return [path]


@pytest.mark.parametrize(
    ("n", "tools"), [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, None), (3, None), (4, None)]
)
def test_random_games_end(n: int, tools: int | None) -> None:
    """ROUND-06, COMP-01, ENG-02: random games of every size and solo difficulty end after
    round 10, conserving the 90 dice, with hashable states equal by value."""
    states = play(n, seed=n * 10 + (tools or 0))
    final = states[-1]
    assert final.is_over and final.round == 11
    assert hash(final) == hash(attrs.evolve(final)) and final == attrs.evolve(final)


def test_eng_02_values_never_change() -> None:
    """ENG-02: apply leaves its input untouched; nothing mutable is reachable from a state;
    states pickle to equal states."""
    states = play(3, seed=5, every=True)
    for before in states[::7]:
        if before.is_over or before.chance is not None:
            continue
        digest, copy = state_digest(before), hash(before)
        for action in legal_actions(before)[:5]:
            apply(before, action)
        assert state_digest(before) == digest and hash(before) == copy
        assert _mutable(before) == []
        assert pickle.loads(pickle.dumps(before)) == before


def test_eng_01_seats_and_current_player() -> None:
    """ENG-01: seats are 0..n-1; the generic current_player is the seat to act, CHANCE (-1)
    at a chance step, TERMINAL (-4) at the end."""
    unset = new_game(3, seed=1, sample=False)
    assert current_player(unset) == -1
    state = new_game(3, seed=1)
    assert current_player(state) == 0 and state.num_players == 3
    assert current_player(make_state(round=11)) == -4


def test_eng_07_actions_and_their_text() -> None:
    """ENG-07: every action's text reads back to it; a malformed text is a NotationError;
    ill-typed fields never equal an action."""
    for action in ALL_ACTIONS:
        assert action_from_text(str(action)) == action
    for bad in ("draft X4", "place r5c1", "pick r1c6", "tool 0", "tool 5 pay R2", "pass", ""):
        with pytest.raises(NotationError):
            action_from_text(bad)
    assert Draft(True, 4) != Draft(1, 4)
    state = make_state(pool=("Y4",))
    assert [e.clause for e in violations(state, Draft(True, 4))] == ["ENG-07"]
    assert [e.clause for e in violations(state, "pass")] == ["ENG-07"]


def test_eng_08_09_ids() -> None:
    """ENG-08, ENG-09: 218 ids, a bijection with the decisions, the legal ids increasing; the
    spec's examples: a blue 4 drafted 45, r2c3 placed 61, Running Pliers 143, Lens Cutter paid
    with a green 2 in solo 124, swapping for a yellow 1 192."""
    assert NUM_ACTIONS == 218 == len(set(ALL_ACTIONS))
    assert action_to_id(Draft(3, 4)) == 45 and action_to_id(Place(7)) == 61
    assert action_to_id(UseTool(8)) == 143 and action_to_id(UseTool(5, 2)) == 124
    assert action_to_id(Swap(1, 1)) == 192 and action_to_id(EndTurn()) == 217
    for i, action in enumerate(ALL_ACTIONS):
        assert action_to_id(action) == i and id_to_action(i) == action
    for bad in (-1, 218, True):
        with pytest.raises(ActionIdError):
            id_to_action(bad)
    with pytest.raises(ActionIdError):
        action_to_id(Place(20))
    for state in play(4, seed=3, every=True)[::5]:
        ids = legal_ids(state)
        assert list(ids) == sorted(set(ids))
        assert tuple(map(id_to_action, ids)) == legal_actions(state)


def test_eng_10_illegal_actions_are_refused() -> None:
    """ENG-10: every action not listed is refused with IllegalAction naming a clause, and the
    state is untouched; violations is empty exactly for the listed actions."""
    for state in play(2, seed=8, every=True)[5:400:13]:
        if state.is_over or state.chance is not None:
            continue
        legal = set(legal_actions(state))
        digest = state_digest(state)
        for action in ALL_ACTIONS:
            found = violations(state, action)
            assert (not found) == (action in legal) == is_legal(state, action)
            if found:
                assert all(e.clause for e in found)
        for action in [a for a in ALL_ACTIONS if a not in legal][:20]:
            with pytest.raises(IllegalAction):
                apply(state, action)
        assert state_digest(state) == digest


def test_eng_11_documents_round_trip() -> None:
    """ENG-11: state documents hold the behaviour version and round-trip exactly, generator and
    pending chance step included."""
    assert BEHAVIOUR_VERSION == 2  # 2: RUL-20 (tools that change the die in hand)
    for state in [*play(1, seed=2, tools=4, every=True)[::9], new_game(4, seed=1, sample=False)]:
        text = state_to_json(state)
        assert json.loads(text)["behaviour_version"] == 2
        back = state_from_json(text)
        assert back == state and state_digest(back) == state_digest(state)


def _doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(state_to_json(play(2, seed=4, every=True)[60]))
    return doc


def test_eng_11_documents_are_read_strictly() -> None:
    """ENG-11: wrong versions, unknown or mistyped fields and dice that do not add up are
    refused, naming the field."""
    cases: list[tuple[str, Any, str, type[Exception]]] = [
        ("behaviour_version", 1, "behaviour_version", FormatVersionError),
        ("format", 9, "format", FormatVersionError),
        ("turn", True, "turn", RecordError),
        ("colour", 1, "colour", RecordError),
        ("sub", "twist", "sub", RecordError),
    ]
    for key, value, field, error in cases:
        doc = _doc()
        doc[key] = value
        with pytest.raises(error) as info:
            state_from_json(json.dumps(doc))
        assert info.value.field == field  # type: ignore[attr-defined]
    doc = _doc()
    doc["bag"]["R"] -= 1
    with pytest.raises(RecordError) as info2:
        state_from_json(json.dumps(doc))
    assert info2.value.field == "bag" and "COMP-01" in info2.value.reason
    with pytest.raises(RecordError):
        state_from_json("{")


def test_eng_06_observations() -> None:
    """ENG-06: a fixed size per player count; another seat's private objective is never seen
    (until the end); the generator never."""
    assert [observation_size(n) for n in (1, 2, 3, 4)] == [1014, 1501, 1988, 2475]
    for state in play(3, seed=6, every=True)[::11]:
        for seat in range(3):
            seen = observe(state, seat)
            assert len(seen) == observation_size(3)
            other = determinize(state, 17, viewer=seat)
            assert observe(other, seat) == seen
            assert observation_string(other, seat) == observation_string(state, seat)
    state = make_state(patterns=("Lux Astram", "Sun Catcher"), privates=["R", "Y"])
    swapped = make_state(patterns=("Lux Astram", "Sun Catcher"), privates=["R", "G"])
    assert observe(state, 0) == observe(swapped, 0) and observe(state, 1) != observe(swapped, 1)
    assert "hidden" in observation_string(
        state, 0
    ) and "Shades of Yellow" not in observation_string(state, 0)
    ended = make_state(round=11, privates=["R", "Y"])
    assert "Shades of Yellow" in observation_string(ended, 0)


def test_game_protocol_conformance() -> None:
    """The shared conformance check of the game protocol passes for the solo game at every
    difficulty (the other player counts are checked by the random games above and by the
    library's own protocol tests)."""
    report = check_game(GAME, games=2, players=[1])
    assert report.games == 10


@settings(max_examples=25, deadline=None)
@given(n=st.integers(1, 4), seed=st.integers(0, 2**32), plies=st.integers(0, 300))
def test_hypothesis_reachable_states(n: int, seed: int, plies: int) -> None:
    """ENG-02, ENG-08, ENG-10, ENG-11: from any reachable state every legal action applies,
    the legal ids increase and the state's document round-trips."""
    state = new_game(n, seed=seed % 1000)
    rng = seed_state(seed)
    for _ in range(plies):
        if state.is_over:
            break
        actions = legal_actions(state)
        rng, i = below(rng, len(actions))
        assert not violations(state, actions[i])
        state = apply(state, actions[i])
    assert state_from_json(state_to_json(state)) == state
    ids = legal_ids(state)
    assert list(ids) == sorted(set(ids))
    if not state.is_over:
        assert (
            EndTurn() in legal_actions(state)
            or state.hand is not None
            or state.sub
            or state.round == 0
        )


def test_eng_08_10_legal_list_agrees_with_the_checks() -> None:
    """ENG-08, ENG-10, TOOL-14: in every state of biased random games of every size (tools
    used often), the legal list is exactly the decisions the checks accept, in id order; every
    tool is chosen somewhere and every die stays accounted for (COMP-01)."""
    used: set[int] = set()
    for n, seeds in ((1, range(10)), (2, range(6)), (3, range(4)), (4, range(3))):
        for seed in seeds:
            for state in play(
                n, seed=100 + seed, tools=seed % 5 + 1 if n == 1 else None, every=True
            ):
                if state.is_over or state.chance is not None:
                    continue
                accepted = tuple(a for a in ALL_ACTIONS if is_legal(state, a))
                assert legal_actions(state) == accepted
                used.update(a.tool for a in accepted if isinstance(a, UseTool))
    assert used == set(range(1, 13))


def test_render_shows_the_board_and_the_result() -> None:
    """The text board: the windows with restrictions and dice, the tools with their tokens,
    and at the end every score part and the winner (ENG-13); solo the target (SOLO-05)."""
    final = play(2, seed=9)[-1]
    text = str(final)
    outcome = result(final)
    assert text.startswith("Sagrada, 2 players: game over") and "Final scores:" in text
    assert f"winner: player {outcome.winners[0] + 1}" in text
    assert f"player 1: {outcome.scores[0]} = publics" in text
    solo = play(1, seed=9, tools=2)[-1]
    assert f"target score {target_score(solo)}" in str(solo)
