"""A hypothesis state machine that plays Sagrada games and checks every invariant at every step.

Each run starts a game with a drawn player count (1 to 4, the solo game with a drawn number
of tools: COMP-02, SOLO-01) and seed (ENG-05), then applies drawn rules in a drawn order:

* ``play_legal``: one drawn legal decision (TURN-01, ENG-08);
* ``play_many``: a run of random decisions, ``uniform`` or ``eager`` (which never ends a turn
  while anything else is legal, so windows fill and every tool's steps are reached; see
  :mod:`sintra_rules.games.sagrada.verify.policies`), so that runs reach the end of the game;
* ``play_by_hand``: a drawn decision applied without sampling, then every chance step it
  causes decided by a drawn outcome (ENG-03, ENG-05), each waiting position checked too;
* ``try_action``: any of the 218 decisions (ENG-09); the engine accepts it exactly when the
  independent reading of the spec (``oracle.expected_decisions``) lists it, and a refused
  one raises and leaves the state as it was (ENG-10);
* ``replay_is_deterministic``: the same seed and steps give an equal state (ENG-02).

After every step :func:`~sintra_rules.games.sagrada.verify.invariants.check_step` and
:func:`~sintra_rules.games.sagrada.verify.invariants.check_state` hold, and the JSON round trip
of the state and the text round trip of every legal decision are the identity (ENG-07,
ENG-11). The ``ci`` hypothesis profile keeps the run short; ``SINTRA_HYPOTHESIS_PROFILE=long``
explores for longer.
"""

from __future__ import annotations

from collections.abc import Sequence

import hypothesis.strategies as st
import pytest
from hypothesis import event, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from sintra_rules import GameOver, IllegalAction
from sintra_rules.games.sagrada import (
    ALL_ACTIONS,
    Action,
    SagradaState,
    UseTool,
    action_from_text,
    action_to_text,
    apply,
    apply_chance,
    chance_outcomes,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
)
from sintra_rules.games.sagrada.verify.invariants import check_state, check_step
from sintra_rules.games.sagrada.verify.oracle import expected_decisions
from sintra_rules.games.sagrada.verify.policies import Policy, random_plies

#: A replayable step: a decision applied with sampling, one without, or a chance outcome.
Step = tuple[str, object]


def _start(players: int, seed: int, tools: int) -> SagradaState:
    return new_game(players, seed=seed, tools=tools if players == 1 else None)


class SagradaMachine(RuleBasedStateMachine):
    """Games of 1 to 4 players driven by drawn decisions and chance outcomes."""

    def __init__(self) -> None:
        super().__init__()
        self.config = (2, 0, 3)
        self.state = _start(*self.config)
        self.steps: list[Step] = []

    @initialize(players=st.integers(1, 4), seed=st.integers(0, 2**64 - 1), tools=st.integers(1, 5))
    def set_up(self, players: int, seed: int, tools: int) -> None:
        """COMP-02, SETUP-01 to SETUP-06, SOLO-01: a new game passes every state invariant."""
        self.config = (players, seed, tools)
        self.state = _start(players, seed, tools)
        self.steps = []
        self._assert(check_state(self.state), "set-up")
        event(f"{players} players")

    @staticmethod
    def _assert(failures: Sequence[object], where: str) -> None:
        assert not failures, f"{where}:\n" + "\n".join(map(str, failures))

    def _check(self, before: SagradaState, action: Action, after: SagradaState) -> None:
        self._assert(check_step(before, action, after) + check_state(after), str(action))
        if isinstance(action, UseTool):
            event(f"tool {action.tool}")
        if after.is_over:
            event("game over")
        self.state = after

    def _playable(self) -> bool:
        return not self.state.is_over and self.state.chance is None

    @precondition(lambda self: self._playable())
    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        """TURN-01, ENG-08: any listed decision applies and keeps every invariant."""
        action = data.draw(st.sampled_from(legal_actions(self.state)), label="action")
        self._check(self.state, action, apply(self.state, action))
        self.steps.append(("apply", action))

    @precondition(lambda self: self._playable())
    @rule(
        seed=st.integers(0, 2**64 - 1),
        plies=st.integers(1, 120),
        policy=st.sampled_from(["uniform", "eager"]),
    )
    def play_many(self, seed: int, plies: int, policy: str) -> None:
        """A run of random decisions, to reach later rounds and the end (ROUND-01, ROUND-06)."""
        chosen: Policy = "eager" if policy == "eager" else "uniform"
        for before, action, after in random_plies(self.state, seed, chosen, plies):
            self._check(before, action, after)
            self.steps.append(("apply", action))

    @precondition(lambda self: self._playable())
    @rule(data=st.data())
    def play_by_hand(self, data: st.DataObject) -> None:
        """ENG-03, ENG-05: a decision applied without sampling, then each chance step it causes
        decided by a drawn outcome; every waiting position keeps the state invariants and the
        decision's step invariants hold before and after the chance steps."""
        before = self.state
        listed: Sequence[Action] = legal_actions(before)
        tools = [a for a in listed if isinstance(a, UseTool)]
        prefer: bool = data.draw(st.booleans(), label="prefer a tool")
        if tools and prefer:
            listed = tools  # so that the tools' chance steps (TOOL-06, TOOL-07, TOOL-11) occur
        action = data.draw(st.sampled_from(listed), label="action")
        state = apply(before, action, sample=False)
        self.steps.append(("hand", action))
        self._assert(check_step(before, action, state) + check_state(state), f"{action} waiting")
        while state.chance is not None and not state.is_over:
            event(f"chance {state.chance.kind}")
            outcomes = [o for o, _ in chance_outcomes(state)]
            outcome = data.draw(st.sampled_from(outcomes), label="outcome")
            state = apply_chance(state, outcome)
            self.steps.append(("chance", outcome))
            self._assert(check_state(state), f"{action}, outcome {outcome}")
        self._check(before, action, state)

    @rule(index=st.integers(0, len(ALL_ACTIONS) - 1))
    def try_action(self, index: int) -> None:
        """ENG-09, ENG-10: the engine accepts a decision exactly when the spec allows it; a
        refused decision raises and changes nothing."""
        action = ALL_ACTIONS[index]
        allowed = action in expected_decisions(self.state)
        assert (action in legal_actions(self.state)) == allowed, f"{action}: spec says {allowed}"
        if allowed:
            self._check(self.state, action, apply(self.state, action))
            self.steps.append(("apply", action))
            return
        before, snapshot = self.state, state_to_json(self.state)
        with pytest.raises((IllegalAction, GameOver)):
            apply(before, action)
        assert state_to_json(before) == snapshot

    @rule()
    def replay_is_deterministic(self) -> None:
        """ENG-02, ENG-05: the same seed, decisions and outcomes give an equal state."""
        state = _start(*self.config)
        for kind, item in self.steps:
            if kind == "chance":
                assert isinstance(item, int)
                state = apply_chance(state, item)
            else:
                state = apply(state, item, sample=kind == "apply")  # type: ignore[arg-type]
        assert state == self.state
        assert hash(state) == hash(self.state)

    @invariant()
    def round_trips(self) -> None:
        """ENG-07, ENG-11: the JSON round trip of the state and the text round trip of every
        legal decision are the identity; a finished game lists no decision (ROUND-06)."""
        text = state_to_json(self.state)
        assert state_from_json(text) == self.state
        for action in legal_actions(self.state):
            assert action_from_text(action_to_text(action)) == action
        if self.state.is_over:
            assert legal_actions(self.state) == ()


SagradaMachine.TestCase.settings = settings(max_examples=100, stateful_step_count=40)
TestSagradaGames = SagradaMachine.TestCase
