"""The arena: Wilson intervals, the Bradley-Terry Elo fit, seat rotation and seeding as
documented, agent spellings, and the ``sintra arena`` command."""

from __future__ import annotations

import math

import pytest

from sintra_rules import InvalidArgument
from sintra_rules.agents import Agent, RandomAgent, play_game
from sintra_rules.arena import (
    _Plan,
    _play,
    bradley_terry_elo,
    make_arena_agent,
    run_arena,
    wilson_interval,
)
from sintra_rules.cli import main
from sintra_rules.games.sintra.agents import GreedyAgent
from sintra_rules.mcts import MctsAgent, UctAgent
from tests.test_cli import PROVISIONAL


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # reference values of Wilson's score interval, 95% (Newcombe 1998, table I)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_interval(wins: int, games: int, low: float, high: float) -> None:
    """The interval matches published values to 4 decimals."""
    got = wilson_interval(wins, games)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_bradley_terry_two_agents_closed_form() -> None:
    """With two agents the fit has a closed form: strengths in the ratio of points (each with
    its virtual half point), so the Elo gap is 400 log10((s + 1/2) / (g - s + 1/2))."""
    for points, games in ((3, 4), (10, 10), (0, 7), (5.5, 11)):
        elo = bradley_terry_elo([[0, points], [games - points, 0]], [[0, games], [games, 0]])
        assert elo[0] == 0
        want = -400 * math.log10((points + 0.5) / (games - points + 0.5))
        assert elo[1] == pytest.approx(want, abs=1e-6)


def test_bradley_terry_symmetric_and_transitive() -> None:
    """Equal records give equal ratings; a chain a > b > c orders the ratings."""
    games = [[0, 10, 10], [10, 0, 10], [10, 10, 0]]
    even = bradley_terry_elo([[0, 5, 5], [5, 0, 5], [5, 5, 0]], games)
    assert even == pytest.approx((0, 0, 0), abs=1e-9)
    chain = bradley_terry_elo([[0, 8, 9], [2, 0, 8], [1, 2, 0]], games)
    assert chain[0] > chain[1] > chain[2]


def test_games_rotate_seats_over_one_deal_and_seed_agents_as_documented() -> None:
    """Game g is dealt from seed S + g // n; agent k sits in seat (k + g) mod n and is seeded
    S * 1000003 + g * 64 + k: replaying games 0 and 1 with play_game gives the same scores."""
    seed = 5
    for game in (0, 1):
        played = _play(_Plan(("greedy", "random"), seed, game, options=(("side", "A"),)))
        greedy = GreedyAgent(seed * 1000003 + game * 64)
        rand = RandomAgent(seed * 1000003 + game * 64 + 1)
        seats: list[Agent] = [greedy, rand] if game == 0 else [rand, greedy]
        replay = play_game(seats, seed=seed, options={"side": "A"})
        greedy_seat = game
        assert played.scores == (
            replay.result.scores[greedy_seat],
            replay.result.scores[1 - greedy_seat],
        )


def test_report_does_not_depend_on_workers() -> None:
    """Without time budgets the report is the same in one process or two (times aside)."""
    one = run_arena(["greedy", "random", "random"], games=6, seed=2)
    two = run_arena(["greedy", "random", "random"], games=6, seed=2, workers=2)
    strip = [(r.name, r.wins, r.mean_score, r.elo) for r in one.rows]
    assert strip == [(r.name, r.wins, r.mean_score, r.elo) for r in two.rows]
    assert [r.name for r in one.rows] == ["greedy", "random#1", "random#2"]
    assert sum(r.wins for r in one.rows) == pytest.approx(6)


def test_agent_spellings() -> None:
    """``mcts`` options map onto MctsAgent's arguments, ``mcts:N`` and ``uct:N`` are budgets
    (named by their spelling); anything else is refused with a ValueError."""
    agent = make_arena_agent("mcts:sims=30,c=1.5,eps=0.2", 4)
    assert isinstance(agent, MctsAgent)
    assert (agent.simulations, agent.exploration, agent.epsilon) == (30, 1.5, 0.2)
    timed = make_arena_agent("mcts:seconds=0.5", 4)
    assert isinstance(timed, MctsAgent) and (timed.simulations, timed.seconds) == (None, 0.5)
    short = make_arena_agent("mcts:70", 4)
    assert isinstance(short, MctsAgent) and (short.simulations, short.name) == (70, "mcts:70")
    uct = make_arena_agent("uct:40", 4)
    assert isinstance(uct, UctAgent) and (uct.simulations, uct.name) == (40, "uct:40")
    assert make_arena_agent("uct", 4).name == "uct"
    bad_spellings = (
        "alphazero",
        "greedy:sims=3",
        "mcts:sims",
        "mcts:sims=x",
        "mcts:sims=0",
        "uct:c=1",
        "uct:0",
        "random:5",
    )
    for bad in bad_spellings:
        with pytest.raises(ValueError):
            make_arena_agent(bad, 0)
    with pytest.raises(InvalidArgument, match="unknown option 'c' \\(uct takes sims\\)"):
        make_arena_agent("uct:c=1", 0)


def test_command(capsys: pytest.CaptureFixture[str]) -> None:
    """``sintra arena`` prints the table on stdout; not on a terminal, stderr holds no progress
    line, only the note on the shipped table's provisional figures (FIG-04: the table prints
    scores)."""
    assert main(["arena", "greedy", "random", "--games", "2", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    assert err == PROVISIONAL
    lines = out.splitlines()
    assert lines[0].startswith("Arena: 2 players, side A, 2 games")
    assert lines[3].split()[:3] == ["greedy", "2", "2.0"]


@pytest.mark.parametrize(
    "argv",
    [
        ["arena", "greedy", "--games", "2"],
        ["arena", "greedy", "random", "--games", "0"],
        ["arena", "greedy", "chess", "--games", "2"],
        ["arena", "greedy", "random", "--games", "2", "--workers", "0"],
    ],
)
def test_command_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A bad argument prints one clean line and exits 2."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("sintra arena: error: ") and err.count("\n") == 1
