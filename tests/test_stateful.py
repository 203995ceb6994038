"""A hypothesis state machine that plays drawn games and checks every invariant at every step.

Each run sets up a game with a drawn player count (2 to 4, COMP-02), board side (SETUP-02) and
seed (ENG-02), then applies drawn rules in a drawn order:

* ``play_legal``: one drawn action of ``legal_actions`` (TURN-01, ENG-05);
* ``play_many``: a run of random plies (uniform or "placing" play, see
  :mod:`sintra_rules.games.sintra.verify.soak`), so that runs reach refills, partial fills and
  the end of the game;
* ``try_action``: a drawn action from the full parameter ranges (or a legal one with one field
  changed); the engine must accept it exactly when it is listed and exactly when the
  independent reading of :func:`sintra_rules.games.sintra.verify.oracle.rule_breach` finds it legal;
  a rejected one raises :class:`IllegalAction` and leaves the state unchanged;
* ``every_listed_action_applies`` (an invariant): every listed action, not only the drawn
  one, applies and keeps every invariant (TURN-01, ENG-05);
* ``replay_is_deterministic``: the same seed and actions give an equal state, hash and digest
  (ENG-02, ENG-03).

After every step the transition and state invariants of
:mod:`sintra_rules.games.sintra.verify.invariants` hold, and the JSON round trip
(``state_to_json``/``state_from_json``) and the notation round trip of every legal action are the
identity (ENG-04), and no round or game lasts longer than its proved bound (``agents.TurnCount``: 40
/ 58 / 72 turns a round, 240 / 348 / 432 a game).

The ``ci`` hypothesis profile (tests/conftest.py) is derandomised and bounded (~30 s).
``SINTRA_HYPOTHESIS_PROFILE=long`` (with ``SINTRA_HYPOTHESIS_EXAMPLES=N``) explores for longer.
"""

from __future__ import annotations

from typing import Any

import attrs
import hypothesis.strategies as st
import pytest
from hypothesis import event, settings
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from sintra_rules import (
    CENTRE,
    Action,
    GameState,
    IllegalAction,
    Reset,
    Side,
    Take,
    action_from_text,
    action_to_text,
    apply,
    legal_actions,
    new_game,
    state_digest,
    state_from_json,
    state_to_json,
)
from sintra_rules.agents import playout
from sintra_rules.games.sintra.agents import TurnCount
from sintra_rules.games.sintra.verify.invariants import check_state, examine
from sintra_rules.games.sintra.verify.oracle import rule_breach

#: Every Take field over (and a little beyond) its full range, and the reset (TURN-01).
ANY_ACTION: st.SearchStrategy[Action] = st.one_of(
    st.just(Reset()),
    st.builds(
        Take,
        source=st.integers(-2, 10),
        colour=st.integers(-1, 5),
        target=st.none() | st.integers(-1, 8),
        jokers=st.integers(-1, 3),
        keep=st.none() | st.integers(-1, 5),
    ),
)


def _mutations(action: Action) -> st.SearchStrategy[Action]:
    """A legal take with one field changed (often illegal: TAKE-04, PLACE-02, PLACE-05,
    PLACE-06, PLACE-07, DONE-01, DONE-03)."""
    if not isinstance(action, Take):
        return st.just(action)
    fields: dict[str, st.SearchStrategy[Any]] = {
        "source": st.integers(-1, 9),
        "colour": st.integers(0, 4),
        "target": st.none() | st.integers(0, 7),
        "jokers": st.integers(0, 2),
        "keep": st.none() | st.integers(0, 4),
    }
    return st.sampled_from(sorted(fields)).flatmap(
        lambda name: fields[name].map(lambda value: attrs.evolve(action, **{name: value}))
    )


def _replay(players: int, side: Side, seed: int, actions: list[Action]) -> GameState:
    state = new_game(players, side, seed)
    for action in actions:
        state = apply(state, action)
    return state


class GameMachine(RuleBasedStateMachine):
    """Games of 2 to 4 players on both sides, driven by drawn actions."""

    def __init__(self) -> None:
        super().__init__()
        self.players = 2
        self.side: Side = "A"
        self.seed = 0
        self.state = new_game(2)
        self.actions: list[Action] = []
        self.turns = TurnCount()

    @initialize(
        players=st.integers(2, 4), side=st.sampled_from(["A", "B"]), seed=st.integers(0, 2**64)
    )
    def set_up(self, players: int, side: Side, seed: int) -> None:
        """SETUP-01..10, COMP-02, ENG-02: a fresh game passes every state invariant."""
        self.players, self.side, self.seed = players, side, seed
        self.state = new_game(players, side, seed)
        self.actions = []
        self.turns = TurnCount()
        failures = check_state(self.state)
        assert not failures, "\n".join(map(str, failures))

    def _apply(self, action: Action) -> None:
        self._check(self.state, action, apply(self.state, action))

    def _check(self, before: GameState, action: Action, after: GameState) -> None:
        found = examine(before, action, after)
        failures = [*found.failures, *check_state(after)]
        assert not failures, f"after {action_to_text(action)}:\n" + "\n".join(map(str, failures))
        self.turns = self.turns.after(before, after)  # ROUND-01, ROUND-04: the proved bounds
        for name, seen in attrs.asdict(found.events).items():
            if seen:
                event(f"saw {name}")
        self.state = after
        self.actions.append(action)

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        """TURN-01, ENG-05: any listed action applies and keeps every invariant."""
        self._apply(data.draw(st.sampled_from(legal_actions(self.state)), label="action"))

    @precondition(lambda self: not self.state.is_over)
    @rule(
        seed=st.integers(0, 2**64 - 1),
        plies=st.integers(1, 60),
        policy=st.sampled_from(["uniform", "placing"]),
    )
    def play_many(self, seed: int, plies: int, policy: str) -> None:
        """A run of random plies, to reach refills (END-03..05) and the end (END-02)."""
        for ply in playout(
            self.state, seed, "placing" if policy == "placing" else "uniform", plies
        ):
            self._check(*ply)

    @rule(data=st.data())
    def try_action(self, data: st.DataObject) -> None:
        """TURN-01, TAKE-04, PLACE-02, PLACE-05..07, DONE-01, DONE-03, RESET-02, END-02: the
        engine accepts an action exactly when it is listed and the independent reading finds
        it legal; a rejected action raises IllegalAction and changes nothing."""
        listed = legal_actions(self.state)
        drawn = ANY_ACTION
        if listed:
            drawn = ANY_ACTION | st.sampled_from(listed).flatmap(_mutations)
        action = data.draw(drawn, label="action")
        breach = rule_breach(self.state, action)
        assert (action in listed) == (breach is None), (
            f"{action}: listed={action in listed}, {breach}"
        )
        if action in listed:
            self._apply(action)
            return
        before, snapshot = self.state, state_to_json(self.state)
        with pytest.raises(IllegalAction):
            apply(before, action)
        assert self.state is before
        assert state_to_json(before) == snapshot

    @rule()
    def replay_is_deterministic(self) -> None:
        """ENG-02, ENG-03: the same seed and actions give an equal state, hash and digest."""
        again = _replay(self.players, self.side, self.seed, self.actions)
        assert again == self.state
        assert hash(again) == hash(self.state)
        assert state_digest(again) == state_digest(self.state)

    @invariant()
    def round_trips(self) -> None:
        """ENG-04: the JSON round trip of the state and the notation round trip of every legal
        action are the identity; a finished game lists no action (END-02)."""
        text = state_to_json(self.state)
        back = state_from_json(text)
        assert back == self.state
        assert hash(back) == hash(self.state)
        assert state_to_json(back) == text
        for action in legal_actions(self.state):
            assert action_from_text(action_to_text(action)) == action
        if self.state.is_over:
            assert legal_actions(self.state) == ()
            with pytest.raises(IllegalAction):
                apply(self.state, Reset())

    @invariant()
    def every_listed_action_applies(self) -> None:
        """TURN-01, ENG-05: not only the drawn one, every listed action applies to the current
        state and keeps every transition invariant (the state invariants, costlier, are checked
        on the states the machine goes on to play)."""
        for action in legal_actions(self.state):
            after = apply(self.state, action)
            failures = examine(self.state, action, after).failures
            assert not failures, f"after {action_to_text(action)}:\n" + "\n".join(
                map(str, failures)
            )

    @invariant()
    def centre_is_a_source(self) -> None:
        """TAKE-02: the centre is listed as a source exactly when it holds a piece."""
        sources = {a.source for a in legal_actions(self.state) if isinstance(a, Take)}
        assert (CENTRE in sources) == (any(self.state.centre) and not self.state.is_over)


GameMachine.TestCase.settings = settings(stateful_step_count=40)
TestGame = GameMachine.TestCase
