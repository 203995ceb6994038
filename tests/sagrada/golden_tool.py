"""Sagrada's golden playthroughs and perft data: how they are made, checked and regenerated.

``python -m tests.sagrada.golden_tool`` replays every golden game and perft position and prints
any difference; ``python -m tests.sagrada.golden_tool --write`` regenerates
``tests/golden/sagrada-*.json`` and ``tests/data/perft/sagrada-*.json`` from the definitions
below. Only regenerate after a *deliberate* change of behaviour: add a CHANGELOG entry and bump
Sagrada's ``BEHAVIOUR_VERSION`` (ENG-11) first.

A golden file is one complete seeded game as a playthrough of the library's generic format
(:mod:`sintra_rules.verify.golden`): the players, the options, the seed, the decisions in the
action notation (ENG-07) and the :func:`~sintra_rules.games.sagrada.state_digest` of every state
from the set-up to the end (``len(actions) + 1`` digests; chance decided by the game's
generator, ENG-05). Who chose the decisions is said by the definitions below.

A perft file holds a position (a seeded game and the decisions that lead to it, with the
position's digest so that a drift of the position itself shows) and the number of decision
sequences of each length from it. The conventions are those of the library's perft
(``sintra_rules.verify.perft``): a sequence lists decisions as ``legal_actions`` gives them,
chance is not branched on but decided by the position's generator inside ``apply``, and a
finished game counts 1 at any remaining depth; :func:`perft` is that driver's, with Sagrada's
game. :func:`oracle_perft` counts the same sequences with the independent oracle's branching.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from sintra_rules.games.sagrada import (
    BEHAVIOUR_VERSION,
    GAME,
    Action,
    SagradaState,
    action_from_text,
    action_to_text,
    apply,
    new_game,
    state_digest,
)
from sintra_rules.games.sagrada.agents import GreedyAgent
from sintra_rules.games.sagrada.verify.invariants import check_state, check_step
from sintra_rules.games.sagrada.verify.oracle import expected_decisions
from sintra_rules.games.sagrada.verify.policies import Policy, random_plies
from sintra_rules.verify.golden import (
    Playthrough,
    playthrough_from_json,
    playthrough_mismatch,
    playthrough_to_json,
    record_playthrough,
)
from sintra_rules.verify.perft import perft as generic_perft

TESTS = Path(__file__).resolve().parents[1]
GOLDEN_DIR = TESTS / "golden"
PERFT_DIR = TESTS / "data" / "perft"
REMINDER = (
    "If this change of behaviour is deliberate: add a CHANGELOG entry, bump Sagrada's "
    "BEHAVIOUR_VERSION (sintra_rules/games/sagrada/_version.py, ENG-11), then regenerate with "
    "`python -m tests.sagrada.golden_tool --write` and review the diff."
)


@attrs.frozen
class GoldenGame:
    """A golden game: players, solo tools, seed and who plays (``eager``, ``uniform``: the
    random policies of :mod:`sintra_rules.games.sagrada.verify.policies`; ``greedy``: one
    :class:`~sintra_rules.games.sagrada.agents.GreedyAgent` per seat, seeded seed + seat)."""

    name: str
    players: int
    seed: int
    play: str
    tools: int | None = None


GOLDEN_GAMES: tuple[GoldenGame, ...] = (
    GoldenGame("sagrada-1p-t5-eager", 1, 0, "eager", tools=5),
    GoldenGame("sagrada-1p-t1-uniform", 1, 3, "uniform", tools=1),
    GoldenGame("sagrada-2p-eager", 2, 6, "eager"),  # uses tools 1 and 3 (seed 11 no longer did)
    GoldenGame("sagrada-2p-greedy", 2, 5, "greedy"),
    GoldenGame("sagrada-3p-eager", 3, 2, "eager"),
    GoldenGame("sagrada-4p-eager", 4, 8, "eager"),
)


def start(players: int, seed: int, tools: int | None) -> SagradaState:
    """The game's start (setup dealt, the first seat to choose its pattern)."""
    return new_game(players, seed=seed, tools=tools if players == 1 else None)


def play_actions(game: GoldenGame) -> list[Action]:
    """The decisions of a golden game, played afresh."""
    state = start(game.players, game.seed, game.tools)
    if game.play == "greedy":
        agents = [GreedyAgent(seed=game.seed + seat) for seat in range(game.players)]
        actions = []
        while not state.is_over:
            action = agents[state.turn].choose(state)
            actions.append(action)
            state = apply(state, action)
        return actions
    policy: Policy = "eager" if game.play == "eager" else "uniform"
    return [action for _b, action, _a in random_plies(state, game.seed, policy)]


def options(players: int, tools: int | None) -> dict[str, str]:
    """The game's options: the solo game's number of tools, when it is not the default 3."""
    return {"tools": str(tools)} if players == 1 and tools not in (None, 3) else {}


def golden_playthrough(game: GoldenGame) -> Playthrough:
    """The golden playthrough of ``game``; every invariant is checked at every step while
    making it."""
    actions = play_actions(game)
    state = start(game.players, game.seed, game.tools)
    for action in actions:
        after = apply(state, action)
        failures = check_step(state, action, after) + check_state(after)
        if failures:
            raise AssertionError(f"{game.name}: {action}: {failures[0]}")
        state = after
    return record_playthrough(
        game.players, options(game.players, game.tools), game.seed, game=GAME, actions=actions
    )


def compare_golden(playthrough: Playthrough) -> str | None:
    """Replay a golden playthrough: ``None`` when every state has its recorded digest, else
    the first differing ply with both digests and the decision, and the reminder."""
    if playthrough.behaviour_version != BEHAVIOUR_VERSION:
        return f"made with behaviour version {playthrough.behaviour_version}. {REMINDER}"
    try:
        found = playthrough_mismatch(playthrough, game=GAME)
    except ValueError as error:
        return f"a decision is refused now: {error}. {REMINDER}"
    if found is None:
        return None
    return (
        f"ply {found.ply} ({found.action or 'the set-up'}): digest {found.actual}, recorded "
        f"{found.expected}. {REMINDER}"
    )


# ------------------------------------------------------------------------------- perft


@attrs.frozen
class PerftPosition:
    """A perft position: the game ``(players, seed, tools)`` after the first ``plies``
    decisions of ``policy`` random play from the seed, counted to ``depth``, and what it
    shows."""

    name: str
    note: str
    players: int
    seed: int
    plies: int
    depth: int
    policy: str = "eager"
    tools: int | None = None


PERFT_POSITIONS: tuple[PerftPosition, ...] = (
    PerftPosition("sagrada-setup-2p", "setup: both patterns chosen, then round 1", 2, 1, 0, 6),
    PerftPosition("sagrada-round1-3p", "the first turn of round 1, 3 players", 3, 2, 3, 6),
    PerftPosition("sagrada-mid-4p", "round 4, 4 players, windows half full", 4, 5, 113, 7),
    PerftPosition(
        "sagrada-solo-t5", "solo, 5 tools, round 3: tools paid with dice", 1, 9, 18, 7, tools=5
    ),
    PerftPosition(
        "sagrada-tools-2p", "Eglomise Brush and Copper Foil Burnisher offered", 2, 11, 4, 8
    ),
    PerftPosition(
        "sagrada-round-end-3p",
        "round 3's last turns, the round ends inside",
        3,
        4,
        60,
        8,
        "uniform",
    ),
    PerftPosition(
        "sagrada-game-end-2p",
        "round 10's last turns: finished games count 1",
        2,
        9,
        101,
        6,
        "uniform",
    ),
)

#: The depth to which the oracle's own branching recounts every position.
ORACLE_DEPTH = 6


def position(pos: PerftPosition) -> tuple[SagradaState, list[Action]]:
    """The position of ``pos`` and the decisions that lead to it."""
    state = start(pos.players, pos.seed, pos.tools)
    actions = []
    policy: Policy = "uniform" if pos.policy == "uniform" else "eager"
    for _b, action, after in random_plies(state, pos.seed, policy, pos.plies):
        actions.append(action)
        state = after
    return state, actions


def perft(state: SagradaState, depth: int) -> int:
    """Decision sequences of length ``depth`` from ``state`` (a finished game counts 1): the
    library's perft (:func:`sintra_rules.verify.perft.perft`) with Sagrada's game."""
    return generic_perft(state, depth, game=GAME)


def oracle_perft(state: SagradaState, depth: int) -> int:
    """The same count with the branching of the independent oracle
    (:func:`~sintra_rules.games.sagrada.verify.oracle.expected_decisions`), not the engine's
    ``legal_actions``."""
    if depth == 0 or state.is_over:
        return 1
    decisions = expected_decisions(state)
    if depth == 1:
        return len(decisions)
    return sum(oracle_perft(apply(state, action), depth - 1) for action in decisions)


def perft_document(pos: PerftPosition) -> dict[str, Any]:
    """The perft data file of ``pos``: the decisions to the position, its digest and counts."""
    state, actions = position(pos)
    return {
        "name": pos.name,
        "note": pos.note,
        "behaviour_version": BEHAVIOUR_VERSION,
        "players": pos.players,
        "tools": pos.tools,
        "seed": pos.seed,
        "plies": pos.plies,
        "policy": pos.policy,
        "actions": [action_to_text(a) for a in actions],
        "digest": state_digest(state),
        "counts": {str(d): perft(state, d) for d in range(1, pos.depth + 1)},
    }


def perft_state(doc: dict[str, Any]) -> SagradaState:
    """The position a perft file names (its decisions replayed from the seeded start)."""
    state = start(doc["players"], doc["seed"], doc["tools"])
    for text in doc["actions"]:
        state = apply(state, action_from_text(text))
    return state


# ------------------------------------------------------------------------------ command


def _dump(doc: dict[str, Any]) -> str:
    return json.dumps(doc, indent=1) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Check (default) or regenerate (``--write``) the golden and perft files."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="regenerate the files")
    args = parser.parse_args(argv)
    problems = []
    for game in GOLDEN_GAMES:
        path = GOLDEN_DIR / f"{game.name}.json"
        if args.write:
            path.write_text(playthrough_to_json(golden_playthrough(game)), "utf-8")
            continue
        problem = compare_golden(playthrough_from_json(path.read_text("utf-8")))
        if problem:
            problems.append(f"{game.name}: {problem}")
    for pos in PERFT_POSITIONS:
        path = PERFT_DIR / f"{pos.name}.json"
        if args.write:
            path.write_text(_dump(perft_document(pos)), "utf-8")
            continue
        stored = json.loads(path.read_text("utf-8"))
        if stored != perft_document(pos):
            problems.append(f"perft {pos.name}: stored {stored['counts']} differs. {REMINDER}")
    print("\n".join(problems) or "every golden game and perft count matches")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
