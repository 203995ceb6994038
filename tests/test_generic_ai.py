"""The AI satellites over a game that is not Sintra: the toy game of tests/toy_game.py (1 to 3
seats, a hidden card per seat, dice rolled between rounds, a seat acting twice in a row) plays
through play_game, playout, the arena, the generic MCTS and self-play with no code outside its
own file.

The toy's best play is known by hand: banking the die and then acting "again" scores die + 1,
at least as much as any other choice (betting scores the card, at most 2, and the die is at
least 1), so a seat that plays well scores the sum of die + 1 over the two rounds.
"""

from __future__ import annotations

import io
import json
from typing import Any

import attrs
import pytest

from sintra_rules import InvalidArgument, RecordError, UnknownAgent
from sintra_rules.agents import (
    AGENT_NAMES,
    Agent,
    RandomAgent,
    make_agent,
    play_game,
    playout,
    policies,
    random_action,
)
from sintra_rules.arena import _Plan, _play, run_arena
from sintra_rules.game import Game, win_shares
from sintra_rules.mcts import MctsAgent, rewards
from sintra_rules.rng import below, seed_state
from sintra_rules.selfplay import format_of, read_selfplay, run_selfplay
from tests.toy_game import AGAIN, BANK, BET, STOP, TOY, ToyGame, ToyState

# ------------------------------------------------------------------------------ agents


def test_the_toy_has_random_and_mcts_only() -> None:
    """A game without agents or a search of its own gets ``random`` and ``mcts``; the other
    names are refused, listing those it has."""
    assert AGENT_NAMES(TOY) == ("mcts", "random")
    assert isinstance(make_agent("random", 1, game=TOY), RandomAgent)
    mcts = make_agent("mcts:30", 1, game=TOY)
    assert isinstance(mcts, MctsAgent) and mcts.simulations == 30 and mcts.game is TOY
    for name in ("greedy", "uct", "uct:20"):
        with pytest.raises(UnknownAgent, match="choose from mcts, random"):
            make_agent(name, game=TOY)


@pytest.mark.parametrize("players", [1, 2, 3])
def test_play_game_plays_the_toy(players: int) -> None:
    """Every seat's choice is one of the legal actions of its position, the positions chain by
    ``apply``, and the result is the toy's (the highest score, then card, wins)."""
    agents: list[Agent] = [RandomAgent(seat, TOY) for seat in range(players)]
    game = play_game(agents, game=TOY, seed=7)
    assert game.initial == TOY.start(players, seed=7)
    state = game.initial
    for before, action in zip(game.states, game.actions, strict=True):
        assert before == state and action in TOY.legal_actions(before)
        state = TOY.apply(before, action)
    assert state == game.final and state.is_over
    keys = [(s, c) for s, c in zip(state.scores, state.cards, strict=True)]
    assert game.result.winners == (keys.index(max(keys)),)
    assert game.names == ("random",) * players


def test_random_agent_draws_below_n_over_the_toys_actions() -> None:
    state = TOY.start(2, seed=3)
    _, index = below(seed_state(4), 2)
    assert RandomAgent(4, TOY).choose(state) == (BANK, BET)[index]


def test_playout_policies_of_the_toy() -> None:
    """The toy has only the uniform policy (and "rollout", uniform for a game without a
    rollout policy); Sintra's "placing" is refused."""
    assert policies(TOY) == ("uniform",)
    state = TOY.start(2, seed=3)
    rng, index = below(seed_state(9), 2)
    assert random_action(state, seed_state(9), game=TOY) == (rng, (BANK, BET)[index])
    with pytest.raises(InvalidArgument, match="placing"):
        random_action(state, 0, "placing", game=TOY)
    plies = list(playout(state, 5, "rollout", game=TOY))
    assert plies[-1].after.is_over and all(p.action in TOY.legal_actions(p.before) for p in plies)


class _Endless(ToyGame):
    """The toy with a broken ``apply``: "stop" never ends the turn."""

    def apply(self, state: ToyState, action: int, /, *, sample: bool = True) -> ToyState:
        return attrs.evolve(state, banked=action in (BANK, AGAIN))


def test_the_loops_hold_the_toy_to_its_max_game_length() -> None:
    """The toy declares ``max_game_length`` 4 decisions per player; a game that goes on is
    stopped by play_game and playout after that many."""
    from sintra_rules.errors import BoundExceeded

    broken = _Endless()
    with pytest.raises(BoundExceeded, match="max_game_length: 9 > 8"):
        play_game([RandomAgent(1, broken), RandomAgent(2, broken)], game=broken, seed=1)
    plies = 0
    with pytest.raises(BoundExceeded, match="max_game_length: 9 > 8"):
        for _ply in playout(broken.start(2, seed=1), 1, game=broken):
            plies += 1
    assert plies == 8


# -------------------------------------------------------------------------------- MCTS


def _best_score(game_states: tuple[ToyState, ...]) -> int:
    """The score of the best play (see the module description): die + 1 in each round."""
    dice = {state.round: state.die for state in game_states}
    return sum(die + 1 for die in dice.values())


def test_rewards_without_an_other_seat_or_a_winner() -> None:
    """A solo game is rewarded by its win and its own score; nobody winning gives no half."""
    from sintra_rules.game import Result

    assert rewards(Result((0,), ((0,),), (0,))) == (0.75,)
    assert rewards(Result((0, 0), ((0,), (0,)), ())) == (0.25, 0.25)
    assert rewards(Result((4, 4), ((4,), (4,)), (0, 1))) == (0.5, 0.5)


@pytest.mark.parametrize("players", [1, 2, 3])
def test_mcts_plays_the_toy_best(players: int) -> None:
    """Several decisions per game, a seat acting twice in a row, dice rolled in the middle of
    the game and hidden cards: the MCTS seat scores die + 1 in both rounds."""
    for seed in range(3):
        agents: list[Agent] = [RandomAgent(10 + seat, TOY) for seat in range(players)]
        agents[0] = MctsAgent(seed, simulations=150, game=TOY)
        game = play_game(agents, game=TOY, seed=seed)
        assert game.final.scores[0] == _best_score(game.states)
        mine = [a for s, a in zip(game.states, game.actions, strict=True) if s.turn == 0]
        assert STOP not in mine  # after a bank, "again" (+1) always beats "stop"


def _two_states() -> tuple[ToyState, ToyState]:
    """Seat 0 to act with card 1; seat 1 holds 0 in one state and 2 in the other."""
    state = TOY.start(2, seed=3)
    state = attrs.evolve(state, cards=(1, 0), die=2, scores=(0, 0))
    return state, attrs.evolve(state, cards=(1, 2))


def _search(game: Game[Any, Any], state: ToyState) -> tuple[Any, ...]:
    agent = MctsAgent(seed=5, simulations=200, game=game)
    action = agent.choose(state)
    assert agent.last_search is not None
    return action, agent.last_search.visits, agent.last_search.values


def test_mcts_does_not_see_the_other_seats_hidden_cards() -> None:
    """Two positions that differ only in another seat's card get the very same search (each
    simulation resamples what seat 0 cannot see); a copy of the toy whose determinization
    keeps the cards (so the search peeks) searches them differently."""
    first, second = _two_states()
    assert _search(TOY, first) == _search(TOY, second)

    class Peeking(ToyGame):
        def determinize(self, state: ToyState, seed: int, /, viewer: int | None = None) -> Any:
            return super().determinize(state, seed)

    peeking = Peeking()
    assert _search(peeking, first)[2] != _search(peeking, second)[2]


def test_mcts_is_deterministic_for_a_seed_and_refuses_a_finished_game() -> None:
    first, _ = _two_states()
    assert _search(TOY, first) == _search(TOY, first)
    final = play_game([RandomAgent(1, TOY)], game=TOY, seed=2).final
    with pytest.raises(ValueError, match="over"):
        MctsAgent(game=TOY).choose(final)


# ------------------------------------------------------------------------------- arena


def test_a_toy_tournament() -> None:
    """Seat-rotated games: game 1 replays with the agents swapped on the same deal; the MCTS
    plays best, so it scores at least what the random player scores in every game; the keys
    of the toy are never equal (the cards differ), so the wins add up to the games."""
    report = run_arena(["mcts:150", "random"], games=4, game=TOY, seed=3)
    assert report.players == 2 and report.options == ()
    assert [row.name for row in report.rows] == ["mcts:150", "random"]
    assert sum(row.wins for row in report.rows) == 4
    assert report.rows[0].mean_score >= report.rows[1].mean_score
    assert report.table().startswith("Arena: 2 players, 4 games (seat-rotated, deals from seed 3)")
    for number in (0, 1):
        played = _play(_Plan(("random", "random"), 3, number, TOY))
        seats: list[Agent] = [RandomAgent(3 * 1000003 + number * 64 + k, TOY) for k in range(2)]
        if number == 1:
            seats.reverse()
        replay = play_game(seats, game=TOY, seed=3)
        by_agent = replay.final.scores if number == 0 else replay.final.scores[::-1]
        assert played.scores == by_agent
        assert played.wins == (
            win_shares(replay.result) if number == 0 else win_shares(replay.result)[::-1]
        )


def test_a_solo_and_a_three_player_toy_arena() -> None:
    """One seat: the games, wins and scores, no Elo (no pairs) and no seats rotated, neither in
    the table nor in its notes; three seats: every deal played three times, one winner per
    game."""
    solo = run_arena(["mcts:60"], games=3, game=TOY, seed=1)
    assert solo.players == 1 and solo.rows[0].games == 3 and solo.rows[0].elo == 0.0
    assert solo.rows[0].wins == 3  # a solo toy game is always won (the best key is its own)
    table = solo.table()
    assert table.startswith("Arena: 1 player, 3 games (deals from seed 1)\n")
    assert "Elo" not in table and "seat-rotated" not in table
    assert table.splitlines()[2].split()[-3:] == ["mean", "score", "ms/move"]
    row = table.splitlines()[3].split()
    assert row[0] == "mcts:60" and row[-3] == "±" and len(row) == 9
    trio = run_arena(["random", "random", "mcts:60"], games=3, game=TOY, seed=1)
    assert sum(row.wins for row in trio.rows) == 3
    assert [row.name for row in trio.rows] == ["random#1", "random#2", "mcts:60"]
    with pytest.raises(ValueError, match="the arena needs 1 to 3 agents, one per seat, got 4"):
        run_arena(["random"] * 4, games=1, game=TOY)
    with pytest.raises(ValueError, match="unknown agent 'greedy'"):
        run_arena(["greedy", "random"], games=1, game=TOY)


# ---------------------------------------------------------------------------- selfplay


@pytest.mark.parametrize("players", [1, 2])
def test_toy_selfplay_lines_replay_the_game(players: int) -> None:
    """``toy-selfplay`` lines: the generic MCTS (the toy's default search, so no ``search``
    key), no option and no table keys, the referee's view in the toy's serialization and what
    the seat saw in its observation string; replaying the written actions from the game seed
    gives every position, legal ids and the returns."""
    out = io.StringIO()
    run_selfplay(2, 4, 8, out, game=TOY, players=players)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert format_of(TOY) == "toy-selfplay"
    for number in (0, 1):
        lines = [row for row in rows if row["game"] == number]
        state = TOY.start(players, seed=(4 << 32) + number)
        for ply, row in enumerate(lines):
            assert list(row)[:8] == [
                "format", "version", "behaviour", "game", "seed", "players", "simulations", "ply"
            ]  # fmt: skip
            assert row["format"] == "toy-selfplay" and row["ply"] == ply
            assert row["referee"] == TOY.serialize(state)
            assert row["seen"] == TOY.observation_string(state, state.turn)
            assert row["legal"] == list(TOY.legal_ids(state)) and sum(row["visits"]) == 8
            state = TOY.apply(state, row["action"])
        assert state.is_over
        assert all(row["returns"] == list(win_shares(TOY.result(state))) for row in lines)
    examples = list(read_selfplay(out.getvalue().splitlines(), game=TOY))
    assert len(examples) == len(rows) and examples[0].search == "mcts"
    with pytest.raises(RecordError, match=r"line 1: \$\.format: expected 'sintra-selfplay'"):
        next(read_selfplay(out.getvalue().splitlines()))


def test_toy_selfplay_refuses_a_search_it_does_not_have() -> None:
    with pytest.raises(InvalidArgument, match="no search of its own"):
        run_selfplay(1, 0, 4, io.StringIO(), game=TOY, search="uct")
