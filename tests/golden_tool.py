"""Golden playthroughs and perft data: how they are made, checked and regenerated.

``python -m tests.golden_tool`` replays every golden game and perft position and prints any
difference; ``python -m tests.golden_tool --write`` regenerates ``tests/golden/*.json``,
``tests/golden/README.md`` and ``tests/data/perft/*.json`` from the definitions below. Only
regenerate after a *deliberate* change of behaviour: add a CHANGELOG entry and bump
``BEHAVIOUR_VERSION`` (ENG-06) first, so that old records are recognised as such.

A golden file holds one complete seeded game: the ``sintra-game`` record
(``sintra_rules.record_to_json``), the ``sintra_rules.state_digest`` of every state from the
set-up to the end (``len(actions) + 1`` digests), the engine's ``BEHAVIOUR_VERSION`` and the
rare events the game shows (wraps of the broken glass track, refills of the bag from the
tower, partial refills), counted by :func:`sintra_rules.games.sintra.verify.invariants.examine`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from sintra_rules import (
    BEHAVIOUR_VERSION,
    Action,
    RecordError,
    Side,
    apply,
    new_game,
    record_game,
    record_to_json,
    replay,
    state_digest,
)
from sintra_rules.agents import Agent, RandomAgent, play_game, playout
from sintra_rules.games.sintra.agents import GreedyAgent
from sintra_rules.games.sintra.verify.golden import golden_from_json, golden_mismatch
from sintra_rules.games.sintra.verify.invariants import examine
from sintra_rules.games.sintra.verify.soak import Policy
from sintra_rules.verify.perft import perft, position_after

ROOT = Path(__file__).parent
GOLDEN_DIR = ROOT / "golden"
PERFT_DIR = ROOT / "data" / "perft"
PERFT_DEPTHS = (1, 2, 3)
REMINDER = (
    "If this change of behaviour is deliberate: add a CHANGELOG entry, bump BEHAVIOUR_VERSION "
    "(sintra_rules/games/sintra/__init__.py, ENG-06), then regenerate with "
    "`python -m tests.golden_tool --write` and review the diff."
)
EVENTS = ("wraps", "tower_refills", "partial_fills")


@attrs.frozen
class GoldenGame:
    """A golden game: configuration, seed, who plays, and the events it must show."""

    name: str
    players: int
    side: Side
    seed: int
    play: str  # "uniform", "placing" (sintra_rules.agents.playout) or "greedy-random"
    shows: tuple[str, ...] = ()


GOLDEN_GAMES: tuple[GoldenGame, ...] = (
    GoldenGame("2A-greedy-random", 2, "A", 17, "greedy-random", ("wraps",)),
    GoldenGame("2B-uniform", 2, "B", 5, "uniform", ("wraps", "tower_refills")),
    GoldenGame("3A-placing", 3, "A", 7, "placing", ("partial_fills", "tower_refills")),
    GoldenGame("3B-uniform", 3, "B", 11, "uniform", ("wraps", "tower_refills")),
    GoldenGame("4A-uniform", 4, "A", 3, "uniform", ("wraps", "tower_refills")),
    GoldenGame("4B-placing", 4, "B", 6, "placing", ("partial_fills", "tower_refills")),
)


@attrs.frozen
class PerftPosition:
    """A perft position: ``position_after(players, {"side": side}, seed, plies)`` and what it
    shows."""

    name: str
    players: int
    side: Side
    seed: int
    plies: int
    note: str


PERFT_POSITIONS: tuple[PerftPosition, ...] = (
    PerftPosition("setup-2A", 2, "A", 1, 0, "set-up, 2 players, side A"),
    PerftPosition("setup-4B", 4, "B", 2, 0, "set-up, 4 players, side B"),
    PerftPosition("mid-2B", 2, "B", 3, 25, "mid-game, 2 players, side B"),
    PerftPosition("mid-4A", 4, "A", 4, 60, "mid-game, 4 players, side A"),
    PerftPosition("round-end-3A", 3, "A", 10, 26, "3 players, side A: round 1 ends within 3 plies"),
    PerftPosition("game-end-2B", 2, "B", 14, 64, "2 players, side B: the game ends within 3 plies"),
)


def play_actions(game: GoldenGame) -> list[Action]:
    """The actions of a golden game, played afresh."""
    if game.play == "greedy-random":
        agents: list[Agent] = [GreedyAgent(seed=game.seed), RandomAgent(seed=game.seed + 1)]
        agents += [RandomAgent(seed=game.seed + 2 + i) for i in range(game.players - 2)]
        return list(play_game(agents, seed=game.seed, options={"side": game.side}).actions)
    policy: Policy = "placing" if game.play == "placing" else "uniform"
    start = new_game(game.players, game.side, game.seed)
    return [ply.action for ply in playout(start, game.seed, policy)]


def golden_document(game: GoldenGame) -> dict[str, Any]:
    """The golden file of ``game``: record, digests, events and behaviour version."""
    actions = play_actions(game)
    record = record_game(game.players, game.side, game.seed, actions)
    state = new_game(game.players, game.side, game.seed)
    digests = [state_digest(state)]
    events = dict.fromkeys(EVENTS, 0)
    for action in actions:
        after = apply(state, action)
        seen = examine(state, action, after)
        if seen.failures:
            raise AssertionError(f"{game.name}: invariant failure: {seen.failures[0]}")
        events["wraps"] += seen.events.wraps
        events["tower_refills"] += seen.events.tower_refill
        events["partial_fills"] += seen.events.partial_fill
        digests.append(state_digest(after))
        state = after
    missing = [event for event in game.shows if not events[event]]
    if missing:
        raise AssertionError(f"{game.name} no longer shows {missing}: choose another seed")
    return {
        "name": game.name,
        "behaviour_version": BEHAVIOUR_VERSION,
        "play": game.play,
        "events": events,
        "record": json.loads(record_to_json(record)),
        "digests": digests,
    }


def compare_golden(doc: dict[str, Any]) -> str | None:
    """Replay a golden file; ``None`` when every state's digest matches, else a readable diff
    (first differing ply, both digests, the action) and the reminder of what a deliberate
    change needs. The file is read by
    :func:`sintra_rules.games.sintra.verify.golden.golden_from_json`, the same reader as
    ``sintra replay``'s."""
    name = doc["name"]
    if doc["behaviour_version"] != BEHAVIOUR_VERSION:
        return (
            f"{name}: recorded with BEHAVIOUR_VERSION {doc['behaviour_version']}, the engine is "
            f"version {BEHAVIOUR_VERSION}. {REMINDER}"
        )
    try:
        golden = golden_from_json(json.dumps(doc))
    except RecordError as error:  # an action now rejected, a result that changed, ...
        return f"{name}: the golden file no longer loads: {error}. {REMINDER}"
    states = replay(golden.record)
    mismatch = golden_mismatch(golden, states)
    if mismatch is not None:
        action = "(set-up)" if mismatch.action is None else mismatch.action
        return _diff(name, mismatch.ply, action, mismatch.expected, mismatch.actual)
    if not states[-1].is_over:
        texts = golden.record.actions
        return f"{name}: the game is not over after its {len(texts)} recorded actions. {REMINDER}"
    return None


def _diff(name: str, ply: int, action: str, want: str, got: str) -> str:
    return (
        f"{name}: first difference at ply {ply} (after action {action}):\n"
        f"  golden digest: {want}\n  engine digest: {got}\n{REMINDER}"
    )


def perft_document(position: PerftPosition) -> dict[str, Any]:
    """The perft data file of ``position``: the position's digest and the counts."""
    state = position_after(position.players, {"side": position.side}, position.seed, position.plies)
    return {
        "name": position.name,
        "note": position.note,
        "behaviour_version": BEHAVIOUR_VERSION,
        "players": position.players,
        "side": position.side,
        "seed": position.seed,
        "plies": position.plies,
        "digest": state_digest(state),
        "counts": {str(depth): perft(state, depth) for depth in PERFT_DEPTHS},
    }


def readme(docs: Sequence[dict[str, Any]]) -> str:
    """tests/golden/README.md: the format, how to regenerate, and which game shows what."""
    rows = []
    for game, doc in zip(GOLDEN_GAMES, docs, strict=True):
        events = ", ".join(f"{doc['events'][e]} {e.replace('_', ' ')}" for e in EVENTS)
        shows = ", ".join(e.replace("_", " ") for e in game.shows)
        rows.append(
            f"| `{game.name}.json` | {game.players} | {game.side} | {game.seed} | {game.play} "
            f"| {len(doc['record']['actions'])} | {events} | {shows} |"
        )
    return "\n".join(
        [
            "# Golden playthroughs",
            "",
            "Complete seeded games whose every state is pinned by its digest. "
            "`tests/test_golden.py` replays each game and compares the digest of every state "
            "(`sintra_rules.state_digest`), so any change of the engine's behaviour "
            "shows as a failure naming the first differing ply, both digests and the action.",
            "",
            "Each file holds `name`, `behaviour_version` (ENG-06), `play` (who chose the "
            "actions), `events` (counted by "
            "`sintra_rules.games.sintra.verify.invariants.examine`), `record` (a "
            "`sintra-game` document: players, side, seed, actions in the notation, result) and "
            "`digests` (one per state: the set-up, then after every action).",
            "",
            "A deliberate change of behaviour needs a CHANGELOG entry and a bump of "
            "`BEHAVIOUR_VERSION` in `sintra_rules/games/sintra/__init__.py`; then regenerate "
            "these files, "
            "this README and `tests/data/perft/*.json` with",
            "",
            "    python -m tests.golden_tool --write",
            "",
            "and review the diff. `python -m tests.golden_tool` (no option) only checks.",
            "",
            "Play: `uniform` and `placing` are the policies of `sintra_rules.agents.playout` "
            "driven by SplitMix64 seeded with the game seed; `greedy-random` is "
            "`GreedyAgent(seed)` against `RandomAgent(seed + 1)` from `sintra_rules.agents`.",
            "",
            "| file | players | side | seed | play | actions | events seen | required to show |",
            "|---|---|---|---|---|---|---|---|",
            *rows,
            "",
            "Wrap: a broken glass marker reached the -18 space (TRACK-03). Tower refill: the "
            "bag ran empty during a refill and the tower was poured into it (END-04, RUL-12). "
            "Partial fill: bag and tower ran empty and some factory display stayed short "
            "(END-05, RUL-13).",
            "",
        ]
    )


def _dump(doc: dict[str, Any]) -> str:
    return json.dumps(doc, indent=1) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Check (default) or ``--write`` the golden files and perft data."""
    parser = argparse.ArgumentParser(prog="python -m tests.golden_tool", description=__doc__)
    parser.add_argument("--write", action="store_true", help="regenerate every file")
    args = parser.parse_args(argv)
    if args.write:
        GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
        PERFT_DIR.mkdir(parents=True, exist_ok=True)
        docs = [golden_document(game) for game in GOLDEN_GAMES]
        for doc in docs:
            (GOLDEN_DIR / f"{doc['name']}.json").write_text(_dump(doc), "utf-8")
        (GOLDEN_DIR / "README.md").write_text(readme(docs), "utf-8")
        for position in PERFT_POSITIONS:
            data = perft_document(position)
            (PERFT_DIR / f"{position.name}.json").write_text(_dump(data), "utf-8")
        print(f"wrote {len(docs)} golden games and {len(PERFT_POSITIONS)} perft positions")
        return 0
    problems = []
    for game in GOLDEN_GAMES:
        path = GOLDEN_DIR / f"{game.name}.json"
        problem = compare_golden(json.loads(path.read_text("utf-8")))
        if problem:
            problems.append(problem)
    for position in PERFT_POSITIONS:
        stored = json.loads((PERFT_DIR / f"{position.name}.json").read_text("utf-8"))
        if stored != perft_document(position):
            problems.append(
                f"perft {position.name}: stored {stored}, now {perft_document(position)}"
            )
    print("\n\n".join(problems) or "golden games and perft data: all match")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
