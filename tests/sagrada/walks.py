"""Random walks through Sagrada games for the round-trip and loader tests: every state of a game
whose decisions and chance outcomes are drawn from a seeded generator, chance steps included
(each outcome supplied, ENG-05), tools preferred half the time so that their steps are reached.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from sintra_rules.games.sagrada import (
    Action,
    SagradaState,
    UseTool,
    apply,
    apply_chance,
    chance_outcomes,
    legal_actions,
    new_game,
)


def walk(
    players: int, seed: int, *, tools: int | None = None, plies: int | None = None
) -> Iterator[SagradaState]:
    """Every state of a random game of ``players`` (the solo game with ``tools`` tools), the
    first being the state before the deal, up to the end or ``plies`` steps."""
    rnd = random.Random(seed)
    state = new_game(players, seed=None, tools=tools if players == 1 else None)
    yield state
    count = 0
    while not state.is_over and (plies is None or count < plies):
        count += 1
        if state.chance is not None:
            state = apply_chance(state, rnd.choice(chance_outcomes(state))[0])
        else:
            actions = legal_actions(state)
            used = [a for a in actions if isinstance(a, UseTool)]
            pick = rnd.choice(used) if used and rnd.random() < 0.5 else rnd.choice(actions)
            state = apply(state, pick, sample=False)
        yield state


def game_at(players: int, seed: int, ply: int, tools: int | None = None) -> SagradaState:
    """The state after ``ply`` steps of the walk (or its end)."""
    states = list(walk(players, seed, tools=tools, plies=ply))
    return states[-1]


def moves_from(start: SagradaState, seed: int, *, plies: int | None = None) -> list[Action | int]:
    """A random game's moves from ``start`` (a state without a generator): decisions and,
    whenever a chance step is pending, its outcome, up to the end or ``plies`` moves."""
    rnd = random.Random(seed)
    state = start
    out: list[Action | int] = []
    while not state.is_over and (plies is None or len(out) < plies):
        if state.chance is not None:
            outcome = rnd.choice(chance_outcomes(state))[0]
            state = apply_chance(state, outcome)
            out.append(outcome)
        else:
            actions = legal_actions(state)
            used = [a for a in actions if isinstance(a, UseTool)]
            pick = rnd.choice(used) if used and rnd.random() < 0.5 else rnd.choice(actions)
            state = apply(state, pick, sample=False)
            out.append(pick)
    return out


def after_the_deal(players: int, seed: int, *, tools: int | None = None) -> SagradaState:
    """A random game at the start of round 1, its pool not drawn yet (no generator)."""
    for state in walk(players, seed, tools=tools):
        if state.round == 1:
            return state
    raise AssertionError("the walk never reached round 1")
