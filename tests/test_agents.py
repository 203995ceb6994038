"""Built-in agents and the game loop (sintra_rules.agents, Sintra's own in
sintra_rules.games.sintra.agents).

Agents must only choose legal actions (TURN-01, ENG-05) and be reproducible from their seed
(ENG-02); the greedy agent's choice is checked on hand-made positions whose best move is read
off the rules (PLACE-04, TRACK-02, DONE-02, DONE-06).
"""

from __future__ import annotations

import attrs
import pytest

from sintra_rules import (
    Action,
    ConfigurationError,
    GameState,
    InvalidArgument,
    Side,
    Take,
    UnknownAgent,
    apply,
    legal_actions,
    new_game,
    outcome,
)
from sintra_rules.agents import (
    AGENT_NAMES,
    Agent,
    PlayedGame,
    RandomAgent,
    make_agent,
    play_game,
    playout,
    policies,
    random_action,
)
from sintra_rules.errors import BoundExceeded
from sintra_rules.games.sintra.agents import GreedyAgent, TurnCount
from sintra_rules.games.sintra.game import GAME, SintraGame
from sintra_rules.games.sintra.verify.positions import (
    CONFIGS,
    ORANGE,
    PINK,
    position,
    rebalance,
    set_indicator,
    set_player,
    set_strip,
    set_windows,
    strip,
)
from sintra_rules.games.sintra.verify.soak import placing_pool
from sintra_rules.mcts import MctsAgent, UctAgent
from sintra_rules.rng import below, seed_state


def _mixed(players: int, seed: int) -> list[Agent]:
    return [
        GreedyAgent(seed + seat) if seat % 2 else RandomAgent(seed + seat)
        for seat in range(players)
    ]


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_play_game_reaches_the_end_with_legal_actions(players: int, side: Side) -> None:
    """COMP-02, TURN-01, END-02: a game between random and greedy agents runs to the end of
    round 6 for every player count and board side; each recorded action is one of the legal
    actions of the position it was chosen in, the states chain by ``apply``, and the outcome
    is that of the final state (WIN-01)."""
    game = play_game(_mixed(players, 11), seed=5, options={"side": side})
    assert isinstance(game, PlayedGame)
    assert len(game.initial.players) == players and game.initial.side == side
    assert game.initial == new_game(players, side=side, seed=5)
    assert game.states[0] == game.initial
    assert len(game.states) == len(game.actions) > 0
    for index, (state, action) in enumerate(zip(game.states, game.actions, strict=True)):
        assert action in legal_actions(state)
        after = apply(state, action)
        expected = game.states[index + 1] if index + 1 < len(game.states) else game.final
        assert after == expected
    assert game.final.is_over
    won = outcome(game.final)
    assert (game.result.scores, game.result.winners) == (won.scores, won.winners)
    assert game.result.keys == tuple(
        (score, -lost) for score, lost in zip(won.scores, won.points_lost, strict=True)
    )
    assert game.names == tuple("greedy" if seat % 2 else "random" for seat in range(players))


@pytest.mark.parametrize("count", [0, 1, 5])
def test_play_game_rejects_player_counts_outside_2_to_4(count: int) -> None:
    """COMP-02: the number of players is the number of agents, 2 to 4."""
    with pytest.raises(ConfigurationError) as info:
        play_game([RandomAgent(seat) for seat in range(count)])
    assert info.value.clause == "COMP-02"


def _choices(agent: Agent, states: list[GameState]) -> list[Action]:
    return [agent.choose(state) for state in states]


def _sample_states() -> list[GameState]:
    game = play_game(
        [RandomAgent(1), RandomAgent(2), RandomAgent(3)], seed=9, options={"side": "B"}
    )
    return list(game.states[::3])


def test_random_agent_is_uniform_splitmix_over_the_canonical_order() -> None:
    """ENG-02, ENG-05: the random agent picks ``legal_actions(state)[below(n)]`` with its own
    SplitMix64 stream, one draw per choice, so its choices are the same on every platform."""
    states = _sample_states()
    rng = seed_state(42)
    expected: list[Action] = []
    for state in states:
        actions = legal_actions(state)
        rng, index = below(rng, len(actions))
        expected.append(actions[index])
    assert _choices(RandomAgent(42), states) == expected


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_agents_are_deterministic_by_seed(kind: str) -> None:
    """ENG-02: the same seed gives the same choices and the same games; the built-in agents
    only choose legal actions (TURN-01)."""
    states = _sample_states()
    first = _choices(make_agent(kind, 7), states)
    assert first == _choices(make_agent(kind, 7), states)
    for state, action in zip(states, first, strict=True):
        assert action in legal_actions(state)
    games = [play_game([make_agent(kind, 3), make_agent(kind, 4)], seed=1) for _ in range(2)]
    assert games[0] == games[1]


def test_random_agents_with_other_seeds_play_other_games() -> None:
    """ENG-02: the agent's seed matters (two seeds give different action sequences)."""
    one = play_game([RandomAgent(1), RandomAgent(2)], seed=0).actions
    two = play_game([RandomAgent(3), RandomAgent(4)], seed=0).actions
    assert one != two


def _greedy_value(state: GameState, action: Action) -> int:
    """Score change plus the change of the broken glass marker's value (TRACK-02, TRACK-03)."""
    seat = state.turn
    track = state.components.track
    before = state.players[seat]
    after = apply(state, action).players[seat]
    return (after.score - before.score) + (track[after.marker] - track[before.marker])


def test_greedy_agent_chooses_an_action_of_best_immediate_value() -> None:
    """DONE-02, DONE-06, TRACK-02, TRACK-03: before the last turn of the game, the greedy
    agent's choice gains as much score net of broken glass as any legal action."""
    for state in _sample_states():
        if len(state.indicator) == 1:
            continue
        choice = GreedyAgent(5).choose(state)
        best = max(_greedy_value(state, action) for action in legal_actions(state))
        assert _greedy_value(state, choice) == best


def test_greedy_agent_completes_a_strip_for_points() -> None:
    """DONE-01, DONE-06: slot 3 holds OOOPY with O, O, P, Y placed; taking the one orange of
    display 1 onto it completes the strip and scores window 3 (value 2 on side A, FIG-04) in a
    blue round with no blue on the strip (DONE-02: no bonus). Every other action scores 0 or
    breaks pieces, so the greedy agent completes the strip."""
    state = position(2, "A", ["O", "GGGG"], centre="", tile=1)
    state = set_strip(state, 0, 2, strip(state.components, 2, 0, filled="OOPY"))
    state = rebalance(set_indicator(state, "BOPYG"))
    choice = GreedyAgent(0).choose(state)
    assert isinstance(choice, Take)
    assert (choice.source, choice.colour, choice.target) == (0, ORANGE, 2)
    assert apply(state, choice).players[0].score == 2


def test_greedy_agent_breaks_as_few_pieces_as_it_can() -> None:
    """PLACE-02, PLACE-04, PLACE-05, TRACK-02: windows 1 to 5 are complete (their strips left,
    DONE-05) and the glazier stands over slot 6, so no reset is possible (RESET-02). The only
    pieces are 4 orange: slot 6 (BBGOP) takes 1, slot 7 (OOPYB) takes 2, slot 8 (YYBGO) takes
    1. The greedy agent chooses slot 7: 2 pieces break, 2 track spaces (0 to -2) instead of 3
    (0 to -4)."""
    state = position(2, "A", ["OOOO"], tile=1)
    state = set_windows(state, 0, ["BG"] * 5)
    state = rebalance(set_player(state, 0, glazier=5))
    assert legal_actions(state) == tuple(Take(0, ORANGE, slot, jokers=0) for slot in (5, 6, 7))
    choice = GreedyAgent(3).choose(state)
    assert choice == Take(0, ORANGE, 6)
    after = apply(state, choice).players[0]
    assert state.components.track[after.marker] == -2


def test_greedy_tie_break_uses_its_seed() -> None:
    """ENG-02, ENG-05: among equally good actions the greedy agent draws one with its
    SplitMix64 stream. With the glazier over slot 2 and one pink piece on display 1, pink fits
    slots 2 (GGGOP), 3 (OOOPY), 4 (PPPYB), 6 (BBGOP) and 7 (OOPYB), each scoring nothing and
    breaking nothing; a reset places nothing, so it is not among the best. The choice is
    target number ``below(seed, 5)`` in canonical order."""
    state = position(2, "A", ["P"], tile=1)
    state = rebalance(set_player(state, 0, glazier=1))
    targets = [a.target for a in legal_actions(state) if isinstance(a, Take)]
    assert targets == [1, 2, 3, 5, 6]
    for seed in range(6):
        _, index = below(seed_state(seed), 5)
        assert GreedyAgent(seed).choose(state) == Take(0, PINK, targets[index])


def test_make_agent_names() -> None:
    """The command line's agent names map to the built-in agents: random, Sintra's greedy,
    the generic MCTS and the kernel's UCT, the searches with budgets."""
    assert AGENT_NAMES() == ("greedy", "mcts", "random", "uct")
    assert isinstance(make_agent("random"), RandomAgent)
    assert isinstance(make_agent("greedy"), GreedyAgent)
    assert isinstance(make_agent("random"), Agent)
    mcts, uct = make_agent("mcts"), make_agent("uct:250")
    assert isinstance(mcts, MctsAgent) and (mcts.name, mcts.simulations) == ("mcts", 1000)
    assert isinstance(uct, UctAgent) and (uct.name, uct.simulations) == ("uct:250", 250)
    with pytest.raises(UnknownAgent, match="unknown agent 'minimax': choose from greedy, mcts"):
        make_agent("minimax")
    for bad in ("greedy:3", "random:sims=2", "mcts:sims=x", "uct:seconds=1"):
        with pytest.raises(InvalidArgument):
            make_agent(bad)


def test_the_placing_policy() -> None:
    """The "placing" policy draws ``below(n)`` among the resets and the takes that place pieces
    without completing a strip (TAKE-01, PLACE-01); the policies are uniform and placing, and
    an unknown one is refused."""
    assert policies() == ("uniform", "placing")
    for state in _sample_states():
        actions = legal_actions(state)
        preferred = [
            a
            for a in actions
            if not isinstance(a, Take) or (a.target is not None and a.keep is None)
        ]
        assert list(placing_pool(state, actions)) == preferred
        pool = preferred or list(actions)
        rng, index = below(seed_state(8), len(pool))
        assert random_action(state, seed_state(8), "placing") == (rng, pool[index])
    with pytest.raises(InvalidArgument, match="policy"):
        random_action(_sample_states()[0], 0, "greedy")


# ------------------------------------------------------------------ termination bounds


def _passing(state: GameState, action: Action) -> GameState:
    """A broken engine whose every action only passes the turn: an endless round."""
    return attrs.evolve(state, turn=(state.turn + 1) % len(state.players))


def _one_turn_rounds(state: GameState, action: Action) -> GameState:
    """A broken engine whose every action ends the round but never the game: the round
    indicator loses its top piece and gets it back on alternate turns."""
    indicator = state.indicator[1:] if len(state.indicator) % 2 == 0 else (0, *state.indicator)
    return attrs.evolve(state, indicator=indicator)


class _Passing(SintraGame):
    """Sintra with the broken ``apply`` of :func:`_passing`."""

    def apply(self, state: GameState, action: Action, /, *, sample: bool = True) -> GameState:
        return _passing(state, action)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turn_count_fails_on_a_round_past_its_proved_bound(players: int) -> None:
    """ROUND-04 (termination proof): a round of a correct engine ends within 40 / 58 / 72
    turns, so counting the playout of an engine that never ends a round stops with the bound
    named after one turn more, instead of running on."""
    limit = {2: 40, 3: 58, 4: 72}[players]
    count, plies = TurnCount(), 0
    with pytest.raises(BoundExceeded, match=f"turns per round: {limit + 1} > {limit}") as caught:
        for before, _action, after in playout(new_game(players, seed=3), seed=3, step=_passing):
            count = count.after(before, after)
            plies += 1
    assert plies == limit
    assert caught.value.proof == f"termination[admissible, {players} players]"
    assert isinstance(caught.value, AssertionError)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turn_count_fails_on_a_game_past_its_proved_bound(players: int) -> None:
    """ROUND-01, END-02 (termination proof): a game ends within 240 / 348 / 432 turns; a turn
    counted after that many, even one ending its round, exceeds the bound."""
    limit = {2: 240, 3: 348, 4: 432}[players]
    state = new_game(players, seed=4)
    after = _one_turn_rounds(state, legal_actions(state)[0])
    assert TurnCount(0, limit - 1).after(state, after) == TurnCount(0, limit)
    with pytest.raises(BoundExceeded, match=f"turns per game: {limit + 1} > {limit}"):
        TurnCount(0, limit).after(state, after)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playout_fails_on_a_game_past_its_max_game_length(players: int) -> None:
    """The generic playout holds every game to its ``facts.max_game_length`` (Sintra: the
    proved 240 / 348 / 432 turns, END-02): an engine whose game never ends is stopped after
    that many plies, before the next one."""
    limit = {2: 240, 3: 348, 4: 432}[players]
    assert GAME.facts(players).max_game_length == limit
    plies = 0
    with pytest.raises(BoundExceeded, match=f"max_game_length: {limit + 1} > {limit}") as caught:
        for _ply in playout(new_game(players, seed=4), seed=4, step=_one_turn_rounds):
            plies += 1
    assert plies == limit
    assert caught.value.proof == "sintra: Facts.max_game_length, proved"


def test_play_game_fails_on_a_game_past_its_max_game_length() -> None:
    """END-02: the agents' game loop holds the same bound as the playout."""
    with pytest.raises(BoundExceeded, match="max_game_length: 241 > 240"):
        play_game([RandomAgent(1), RandomAgent(2)], game=_Passing(), seed=5)


def test_turn_count_of_real_games_stays_within_the_bounds() -> None:
    """ROUND-04, END-02: counting whole seeded games never trips a bound, and the count
    starts again at every new round."""
    for players in (2, 3, 4):
        count, rounds = TurnCount(), 0
        for before, _action, after in playout(new_game(players, seed=players), players):
            count = count.after(before, after)
            if after.round != before.round:
                rounds += 1
                assert count.in_round == 0
        assert rounds == 5 and 0 < count.in_game <= {2: 240, 3: 348, 4: 432}[players]
