"""One name per agent everywhere (issue 25 item 6): ``random``, ``greedy``, ``mcts`` (the generic
MCTS) and ``uct`` (the compiled kernel's search, the one self-play uses), the searches with a
``:N`` budget, in make_agent, ``sintra play --agents``, ``sintra arena``, ``sintra selfplay
--agent`` and the Gymnasium opponents. The commands run as a user runs them (subprocess)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sintra_rules import InvalidArgument, UnknownAgent
from sintra_rules.adapters.gymnasium import GameEnv
from sintra_rules.agents import AGENT_NAMES, make_agent
from sintra_rules.games.sintra.agents import GreedyAgent
from sintra_rules.mcts import MctsAgent, UctAgent

ROOT = Path(__file__).resolve().parents[1]
SPELLINGS = ("random", "greedy", "mcts:4", "uct:4")


def _sintra(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sintra_rules", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )


def test_make_agent_takes_every_name_with_and_without_a_budget() -> None:
    assert AGENT_NAMES() == ("greedy", "mcts", "random", "uct")
    kinds = {"greedy": GreedyAgent, "mcts": MctsAgent, "uct": UctAgent}
    for name in AGENT_NAMES():
        agent = make_agent(name, 3)
        assert agent.name == name
        if name in kinds:
            assert isinstance(agent, kinds[name])
    for name in ("mcts:7", "uct:7", "uct:sims=7", "mcts:sims=7,c=1"):
        agent = make_agent(name, 3)
        assert isinstance(agent, MctsAgent | UctAgent)
        assert (agent.name, agent.simulations) == (name, 7)


def test_play_takes_every_name() -> None:
    done = _sintra("play", "--agents", ",".join(SPELLINGS), "--seed", "2", "--quiet")
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert first.startswith("sintra play: 4 players, board side A, seed 2: ")
    names = [f"Player {seat + 1} ({name})" for seat, name in enumerate(SPELLINGS)]
    heading = " ".join(line.strip() for line in done.stdout.split("\n\n")[0].splitlines())
    assert heading.endswith(" vs ".join(names))  # the line is folded at 100 columns
    bad = _sintra("play", "--agents", "greedy,minimax")
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr == (
        "sintra play: error: unknown agent 'minimax' (choose from greedy, mcts, random, uct)\n"
    )


def test_arena_takes_every_name() -> None:
    done = _sintra("arena", *SPELLINGS, "--games", "1", "--quiet")
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()[3:7]
    assert [row.split()[0] for row in rows] == list(SPELLINGS)
    assert done.stdout.startswith("Arena: 4 players, side A, 1 game (seat-rotated")
    bad = _sintra("arena", "greedy", "uct:x", "--games", "1")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "uct:x" in bad.stderr


def test_selfplay_takes_both_searches(tmp_path: Path) -> None:
    """``--agent uct`` is the default (the same bytes as without it); ``--agent mcts`` writes
    the generic search's visits and says so in every line; the budget may come with the name;
    any other agent is refused in one line."""
    files = {}
    for label, argv in {
        "default": ["--simulations", "4"],
        "uct": ["--agent", "uct", "--simulations", "4"],
        "uct:4": ["--agent", "uct:4"],
        "mcts:4": ["--agent", "mcts:4"],
    }.items():
        out = tmp_path / f"{label}.jsonl"
        done = _sintra("selfplay", "--games", "1", "--seed", "5", "--out", str(out), *argv)
        assert done.returncode == 0, done.stderr
        files[label] = out.read_text("utf-8")
    assert files["default"] == files["uct"] == files["uct:4"]
    first = json.loads(files["default"].splitlines()[0])
    assert "search" not in first
    rows = [json.loads(line) for line in files["mcts:4"].splitlines()]
    assert {row["search"] for row in rows} == {"mcts"}
    assert all(sum(row["visits"]) == 4 for row in rows)
    assert list(rows[0])[7:9] == ["simulations", "search"]
    for argv, message in (
        (
            ["--agent", "greedy"],
            "'greedy' is not a search of Azul: Stained Glass of Sintra (choose from mcts, uct)",
        ),
        (["--agent", "mcts:4", "--simulations", "5"], "--agent mcts:4 but --simulations 5"),
        ([], "the budget is missing"),
    ):
        out = tmp_path / "refused.jsonl"
        bad = _sintra("selfplay", "--games", "1", "--out", str(out), *argv)
        assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and message in bad.stderr
        assert not out.exists()


@pytest.mark.parametrize("opponent", SPELLINGS)
def test_gymnasium_opponents_take_every_name(opponent: str) -> None:
    env = GameEnv(num_players=3, opponent=opponent, seat=1)
    observation, _ = env.reset(seed=4)
    assert observation["action_mask"].sum() > 0  # the opponent in seat 0 has played
    assert env.state.turn == 1


def test_gymnasium_refuses_an_unknown_opponent() -> None:
    with pytest.raises(UnknownAgent, match="unknown agent 'minimax'"):
        GameEnv(opponent="minimax")


def test_sagrada_search_takes_a_budget_by_name() -> None:
    """Sagrada's own ``search`` (issue 24) takes ``search:N`` (N determinizations a decision)
    or ``search:sims=N,width=W,horizon=H``; its other agents take no options."""
    from sintra_rules.games import make
    from sintra_rules.games.sagrada.agents import SearchAgent

    game = make("sagrada")
    assert AGENT_NAMES(game) == ("greedy", "mcts", "random", "search", "uct")
    plain = make_agent("search", 3, game=game)
    assert isinstance(plain, SearchAgent) and plain.name == "search"
    budget = make_agent("search:5", 3, game=game)
    assert isinstance(budget, SearchAgent)
    assert (budget.name, budget.samples, budget.width, budget.horizon) == ("search:5", 5, 4, 1)
    spelt = make_agent("search:sims=2,width=3,horizon=0", 3, game=game)
    assert isinstance(spelt, SearchAgent)
    assert (spelt.samples, spelt.width, spelt.horizon) == (2, 3, 0)
    for bad, why in (
        ("search:depth=2", "unknown option 'depth' (search takes sims, width, horizon)"),
        (
            "search:sims=0",
            "sims (determinizations per decision) must be a whole number from 1 to 1,000, got '0'",
        ),
        ("search:sims", "options are N or KEY=VALUE, got 'sims'"),
        ("greedy:3", "greedy takes no options"),
    ):
        with pytest.raises(InvalidArgument, match=re.escape(why)):
            make_agent(bad, 3, game=game)


def test_arena_plays_the_sagrada_search() -> None:
    done = _sintra("arena", "--game", "sagrada", "search:1", "random", "--games", "1", "--quiet")
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()[3:5]
    assert [row.split()[0] for row in rows] == ["search:1", "random"]
