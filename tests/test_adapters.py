"""The adapters pass their libraries' own conformance suites for every game (ENG-07, ENG-30,
ENG-31).

OpenSpiel's ``random_sim_test`` (with serialization) and its playthrough generator, PettingZoo's
``api_test`` and ``seed_test``, and Gymnasium's ``check_env``, for every game of the registry and
for the toy game of ``tests/toy_game.py`` (hidden cards, chance, 1 to 3 players, a seat acting
several times in a row), at every player count; plus what those suites do not look at: exact
chance probabilities, the game facts, rewards that match the game's result, that an
explicit-chance state holds no generator, and that an information state never shows another
seat's secret.
"""

from __future__ import annotations

import copy
import importlib
import random
import re
import sys
import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import sintra_rules.adapters.gymnasium as gym_adapter
import sintra_rules.adapters.openspiel as spiel
from sintra_rules import ConfigurationError, UnknownAgent, available_games, make
from sintra_rules.adapters.pettingzoo import env as pz_env
from sintra_rules.game import Game, GameInfo, Option, Result
from sintra_rules.games.sintra.bounds import HIGHEST_FINAL_SCORE, LOWEST_FINAL_SCORE, TURNS_PER_GAME
from sintra_rules.games.sintra.encoding import NUM_ACTIONS
from tests.toy_game import TOY

ROOT = Path(__file__).resolve().parent.parent

#: Every game the adapters are tested on: the registry's and the toy.
GAMES: dict[str, Game[Any, Any]] = {name: make(name) for name in available_games()} | {"toy": TOY}
TOY_NAMES = spiel.register(TOY)
TOY_ENV_ID = gym_adapter.register(TOY)


def _options(game: Game[Any, Any], players: int) -> dict[str, str]:
    """Option values that vary with the player count (Sintra: side B for 3 players, else A)."""
    return {o.name: o.values[players % len(o.values)] for o in game.info.options}


#: (game name, player count) for every game and every count it takes.
CASES = [(name, n) for name, game in GAMES.items() for n in game.info.player_counts]
CASE_IDS = [f"{name}-{n}" for name, n in CASES]


def _spiel(name: str, players: int, *, sampled: bool = False, **params: Any) -> Any:
    explicit, sampled_name = spiel.names(name)
    options = {k: int(v) if v.isdigit() else v for k, v in _options(GAMES[name], players).items()}
    values = {"players": players, **options, **params}
    return pyspiel.load_game(sampled_name if sampled else explicit, values)


# --- OpenSpiel ------------------------------------------------------------------------------


@pytest.mark.parametrize("sampled", [False, True], ids=["explicit", "sampled"])
@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_openspiel_random_sim_test_with_serialization(
    name: str, players: int, sampled: bool
) -> None:
    """pyspiel's own conformance check, serialization included, for every game and count."""
    game = _spiel(name, players, sampled=sampled)
    sims = 20 if name == "toy" else 2
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_every_registry_game_is_registered_under_both_names() -> None:
    registered = set(pyspiel.registered_names())
    for name in available_games():
        assert {f"python_{name}", f"python_{name}_sampled"} <= registered
        assert spiel.registered_game(f"python_{name}") is make(name)
    assert spiel.names("sintra") == (spiel.EXPLICIT_NAME, spiel.SAMPLED_NAME)
    assert TOY_NAMES == ("python_toy", "python_toy_sampled")
    assert spiel.register(TOY) == TOY_NAMES  # again: nothing happens


def test_register_refuses_a_taken_name_and_a_bad_one() -> None:
    import open_spiel.python.games.kuhn_poker  # noqa: F401 - registers python_kuhn_poker

    with pytest.raises(ConfigurationError, match="already registered for another game"):
        spiel.register(make("sintra"), "toy")
    with pytest.raises(ConfigurationError, match="lowercase"):
        spiel.register(TOY, "Toy Game")
    with pytest.raises(ConfigurationError, match="already an OpenSpiel game"):
        spiel.register(TOY, "kuhn_poker")


@pytest.mark.parametrize("players", (2, 3, 4))
def test_openspiel_sintra_facts_come_from_the_proved_bounds(players: int) -> None:
    """Maximum game length and utility range are the proved bounds of
    sintra_rules.games.sintra.bounds."""
    for side in ("A", "B"):
        game = pyspiel.load_game(spiel.EXPLICIT_NAME, {"players": players, "side": side})
        assert game.num_players() == players
        assert game.num_distinct_actions() == NUM_ACTIONS == 3601
        assert (
            game.max_game_length() == TURNS_PER_GAME[players] == {2: 240, 3: 348, 4: 432}[players]
        )
        assert game.min_utility() == LOWEST_FINAL_SCORE[players]
        assert game.max_utility() == HIGHEST_FINAL_SCORE[side]
        assert game.max_chance_outcomes() == 8
        kind = game.get_type()
        assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
        assert not kind.provides_information_state_string
        assert (kind.min_num_players, kind.max_num_players) == (2, 4)
        assert kind.parameter_specification == {"players": 2, "side": "A", "utility": "scores"}


@pytest.mark.parametrize("players", (1, 2, 3))
def test_openspiel_toy_facts(players: int) -> None:
    """The toy's facts, counted by hand from its rules: 4 ids (bank, bet, again, stop), 3
    outcomes at most (a die of 3, a deck of 3), 2 rounds of at most 2 actions per seat, scores
    0 to 12 (two dice of 3, two bets of 2, two agains), 6 one-hot values, round, turn, banked and
    one score per seat observed."""
    game = pyspiel.load_game("python_toy", {"players": players})
    assert game.num_distinct_actions() == 4
    assert game.max_chance_outcomes() == 3
    assert game.max_game_length() == 4 * players
    assert (game.min_utility(), game.max_utility()) == (0.0, 12.0)
    assert game.observation_tensor_size() == game.information_state_tensor_size() == 9 + players
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert (kind.min_num_players, kind.max_num_players) == (1, 3)
    assert kind.long_name == "Toy (explicit chance)"
    sampled = pyspiel.load_game("python_toy_sampled", {"players": players, "seed": 3})
    assert sampled.max_chance_outcomes() == 0
    assert sampled.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC


def test_openspiel_bad_parameters_are_refused() -> None:
    """A player count or option the game does not have is refused, naming the clause or the
    parameter."""
    with pytest.raises(Exception, match="COMP-02"):
        pyspiel.load_game(spiel.EXPLICIT_NAME, {"players": 5})
    with pytest.raises(Exception, match="SETUP-02"):
        pyspiel.load_game(spiel.SAMPLED_NAME, {"side": "C"})
    with pytest.raises(Exception, match="ENG-02"):
        pyspiel.load_game(spiel.SAMPLED_NAME, {"seed": -1})
    with pytest.raises(Exception, match="1 to 3 players"):
        pyspiel.load_game("python_toy", {"players": 4})
    with pytest.raises(Exception, match="Unknown parameter 'side'"):
        pyspiel.load_game("python_toy", {"side": "A"})


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_openspiel_chance_nodes_carry_the_exact_probabilities(name: str, players: int) -> None:
    """Every chance node lists the game's outcomes with their exact probabilities (as floats),
    legal actions are the game's legal ids, the game state behind an explicit-chance game has no
    generator, and the returns are the game's final scores."""
    rules = GAMES[name]
    game = _spiel(name, players)
    state = game.new_initial_state()
    rng = random.Random(players)
    while not state.is_terminal():
        engine = state.engine_state
        assert engine.rng is None
        if state.is_chance_node():
            exact = rules.chance_outcomes(engine)
            assert sum(p for _, p in exact) == Fraction(1)
            assert state.chance_outcomes() == [(o, float(p)) for o, p in exact]
            assert state.legal_actions() == [o for o, _ in exact]
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            assert state.current_player() == engine.turn
            assert state.legal_actions() == list(rules.legal_ids(engine))
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == [float(s) for s in rules.result(state.engine_state).scores]


def test_openspiel_sintra_chance_steps_are_all_named() -> None:
    """Every kind of Sintra's chance steps occurs in a game and is named in words (the text of
    the stored playthroughs)."""
    game = pyspiel.load_game(spiel.EXPLICIT_NAME, {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(4)
    kinds: dict[str, str] = {}
    while not state.is_terminal():
        if state.is_chance_node():
            action = rng.choice(state.legal_actions())
            kinds.setdefault(state.engine_state.chance.kind, state.action_to_string(action))
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert set(kinds) == {"strip", "face", "indicator", "first", "fill"}
    assert kinds["strip"].startswith("p1 slot 8: strip ")
    assert kinds["face"].startswith("p1 slot 1: face ")
    assert kinds["indicator"].startswith("indicator VI: ")
    assert kinds["first"].startswith("draw ") and kinds["fill"].startswith("draw ")


def test_openspiel_toy_chance_and_actions_are_named() -> None:
    """A game without the chance-text capability names an outcome by its number; player
    actions use the game's notation."""
    state = pyspiel.load_game("python_toy", {"players": 2}).new_initial_state()
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "outcome 0",
        "outcome 1",
        "outcome 2",
    ]
    for outcome in (2, 0, 1):
        state.apply_action(outcome)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["bank", "bet"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_openspiel_clones_share_the_immutable_game_state(name: str) -> None:
    """OpenSpiel deep-copies a Python state to clone it; the game state is shared, not copied,
    and a clone moves on independently."""
    rules = GAMES[name]
    players = min(rules.info.player_counts)
    game = _spiel(name, players, sampled=True, seed=3)
    state = game.new_initial_state()
    clone = state.clone()
    assert clone.engine_state is state.engine_state
    assert copy.deepcopy(state._held) is state._held
    clone.apply_action(clone.legal_actions()[0])
    assert clone.engine_state != state.engine_state
    assert state.engine_state == rules.start(players, seed=3, options=_options(rules, players))


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_openspiel_sampled_game_is_the_seeded_game(name: str, players: int) -> None:
    """``python_<name>_sampled`` with seed S plays ``game.start(players, seed=S)`` and
    ``game.apply``."""
    rules = GAMES[name]
    game = _spiel(name, players, sampled=True, seed=9)
    state = game.new_initial_state()
    engine = rules.start(players, seed=9, options=_options(rules, players))
    rng = random.Random(2)
    for _ in range(60):
        assert state.engine_state == engine
        if engine.is_over:
            break
        action = rng.choice(list(rules.legal_actions(engine)))
        state.apply_action(rules.action_to_id(engine, action))
        engine = rules.apply(engine, action)
    assert not state.is_chance_node()


def _playthroughs() -> Any:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        return importlib.import_module("openspiel_playthroughs")
    finally:
        sys.path.remove(str(ROOT / "tools"))


STORED = [
    (game, index)
    for game in available_games()
    for index in range(len(_playthroughs().stored(game)))
]


@pytest.mark.parametrize(("game", "index"), STORED, ids=[f"{g}-{i}" for g, i in STORED])
def test_openspiel_playthroughs_match_the_stored_files(game: str, index: int) -> None:
    """OpenSpiel's playthrough generator gives the stored files again, byte for byte
    (regenerate with ``python tools/openspiel_playthroughs.py GAME`` after a deliberate
    change)."""
    tool = _playthroughs()
    item = tool.stored(game)[index]
    path = tool.FOLDER / item.file
    assert path.exists(), f"{path} is missing: run python tools/openspiel_playthroughs.py {game}"
    stored = path.read_text("utf-8")
    made = tool.make(item.game, item.seed)
    if made != stored:
        lines = zip(stored.splitlines(), made.splitlines(), strict=False)
        first = next((i for i, (a, b) in enumerate(lines) if a != b), len(stored.splitlines()))
        pytest.fail(f"{item.file} differs from line {first + 1}")


def test_openspiel_sintra_playthroughs_are_the_ones_stored() -> None:
    """The tool still lists Sintra's two stored playthroughs (explicit 2A, sampled 3B)."""
    tool = _playthroughs()
    assert [p.file for p in tool.playthroughs("sintra")] == [
        "python_sintra-2A.txt",
        "python_sintra_sampled-3B.txt",
    ]
    assert tool.default_playthroughs("toy")[1].game == "python_toy_sampled"


def test_openspiel_sagrada_playthroughs_are_the_ones_stored() -> None:
    """The tool lists Sagrada's two stored playthroughs (explicit 2 players, sampled solo), so
    the diff test above compares them (a missing file fails it)."""
    tool = _playthroughs()
    assert tool.stored("sagrada") == (
        tool.Playthrough("python_sagrada-2.txt", "python_sagrada(players=2,tools=3)", 7),
        tool.Playthrough(
            "python_sagrada_sampled-1.txt", "python_sagrada_sampled(players=1,seed=5,tools=3)", 11
        ),
    )


def _seat_objectives(text: str) -> list[tuple[bool, int, int, str]]:
    """Every (terminal?, observer, seat, what the string says of the seat's private objective)
    in the observation and information-state strings of a stored playthrough."""
    found = []
    for block in text.split("\n# State ")[1:]:
        terminal = "\nIsTerminal() = True\n" in block
        for match in re.finditer(
            r'^(?:InformationStateString|ObservationString)\((\d)\) = "(.*)"$', block, re.M
        ):
            observer, shown = int(match.group(1)), match.group(2).replace("\\n", "\n")
            for seat, objective in re.findall(
                r"^Player (\d): .*?^  private objective: ([^\n]*)$", shown, re.M | re.S
            ):
                found.append((terminal, observer, int(seat) - 1, objective))
    return found


def test_openspiel_sagrada_playthrough_hides_other_seats_private_objectives() -> None:
    """In the stored 2-player Sagrada playthrough, no seat's observation or information state
    names another seat's private objective before the game is over (Sagrada's hidden
    information); each seat sees its own once dealt, and at the end all are shown (the final
    scoring reveals them)."""
    tool = _playthroughs()
    text = (tool.FOLDER / "python_sagrada-2.txt").read_text("utf-8")
    found = _seat_objectives(text)
    others = [(t, o) for t, observer, seat, o in found if seat != observer]
    own = {o for t, observer, seat, o in found if seat == observer and not t}
    assert len(others) > 50
    assert {o for t, o in others if not t} == {"hidden"}
    assert {o for t, o in others if t} == {"Shades of Purple", "Shades of Yellow"}
    assert own == {"not dealt yet", "Shades of Purple", "Shades of Yellow"}


@pytest.mark.parametrize("game", available_games())
def test_openspiel_playthrough_generator_runs_on_every_game(game: str) -> None:
    """OpenSpiel's generator plays every registry game's default explicit playthrough to the
    end (stored or not), and the same seed gives the same text."""
    tool = _playthroughs()
    item = tool.default_playthroughs(game)[0]
    text = tool.make(item.game, 3)
    assert text.startswith(f"game: python_{game}\n")
    assert f'GameType.short_name = "python_{game}"' in text
    assert "IsTerminal() = True" in text
    assert tool.make(item.game, 3) == text


def test_openspiel_toy_playthrough_shows_information_states() -> None:
    """The generator runs on a game with hidden information: information states are there, the
    factored (public-only, private-only) observations are not, and seat 1's information state
    never names seat 0's card once it is dealt."""
    tool = _playthroughs()
    text = tool.make("python_toy(players=2)", 3)
    assert "GameType.information = Information.IMPERFECT_INFORMATION" in text
    assert 'InformationStateString(1) = "card ' in text
    assert "PublicObservationString" not in text and "PrivateObservationString" not in text


def test_openspiel_mcts_bot_plays_complete_games() -> None:
    """OpenSpiel's MCTS bot (random rollouts) plays whole games through the chance nodes."""
    from open_spiel.python.algorithms import mcts

    for name, players in (("sintra", 2), ("sintra", 3), ("toy", 3)):
        game = _spiel(name, players)
        rng = np.random.RandomState(players)
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        bot = mcts.MCTSBot(game, 200.0, 3, evaluator, random_state=rng)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        scores = state.returns()
        assert game.min_utility() <= min(scores) and max(scores) <= game.max_utility()


def test_openspiel_ismcts_bot_plays_the_toy_through_resampling() -> None:
    """OpenSpiel's information-set MCTS, which determinizes through
    ``resample_from_infostate``, plays whole games of the toy."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_toy", {"players": 3})
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        2.0,
        30,
        random_state=rng,
        allow_inconsistent_action_sets=True,
    )
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        assert len(state.returns()) == 3


def test_openspiel_ismcts_bot_plays_a_complete_sagrada_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """OpenSpiel's information-set MCTS plays a whole 2-player game of ``python_sagrada``
    (hidden private objectives, dice drawn at chance nodes), every simulation of a search
    starting from ``resample_from_infostate`` for the seat to act (ENG-06)."""
    from open_spiel.python.algorithms import ismcts, mcts

    seats: list[int] = []
    resample = spiel.SpielState.resample_from_infostate

    def counted(self: Any, player_id: int, sampler: Any) -> Any:
        seats.append(int(player_id))
        return resample(self, player_id, sampler)

    monkeypatch.setattr(spiel.SpielState, "resample_from_infostate", counted)
    game = pyspiel.load_game("python_sagrada", {"players": 2})
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        2.0,
        4,
        random_state=rng,
        allow_inconsistent_action_sets=True,
    )
    state = game.new_initial_state()
    searched = [0, 0]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            seat = state.current_player()
            before = len(seats)
            action = bot.step(state)
            assert action in state.legal_actions()
            if len(state.legal_actions()) == 1:  # a forced decision: ISMCTS does not search
                assert seats[before:] == []
            else:  # one determinization for the seat to act per simulation (4)
                assert seats[before:] == [seat] * 4
                searched[seat] += 1
            state.apply_action(action)
    assert state.engine_state.is_over and min(searched) > 0
    returns = state.returns()
    assert len(returns) == 2 and game.min_utility() <= min(returns) <= game.max_utility()


def _ismcts_game(seed: int, seeded: bool) -> Any:
    """One 2-player ``python_sagrada`` game of OpenSpiel's ISMCTS (4 simulations a move) against
    a random player, every generator seeded with ``seed``; with ``seeded``, the bot's worlds
    drawn by a sampler seeded with ``seed`` too (``set_resampler``)."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_sagrada", {"players": 2})
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 1.4, 4, random_state=rng)
    if seeded:
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state.history(), state.returns()


def test_openspiel_ismcts_repeats_with_a_seeded_resampler(monkeypatch: pytest.MonkeyPatch) -> None:
    """Why OpenSpiel's ISMCTS played another game on each run (docs/tutorials/sagrada-adapters):
    without a resampler the bot builds ``pyspiel.UniformProbabilitySampler(0., 1.)``, with no
    seed (seeded from the clock), for every world it draws; with a seeded sampler set by
    ``set_resampler``, two runs play the same game."""
    from open_spiel.python.algorithms import ismcts

    built: list[tuple[Any, ...]] = []
    original = pyspiel.UniformProbabilitySampler

    def recorded(*args: Any) -> Any:
        built.append(args)
        return original(*args)

    monkeypatch.setattr(ismcts.pyspiel, "UniformProbabilitySampler", recorded)
    _ismcts_game(0, seeded=False)
    assert built and set(built) == {(0.0, 1.0)}  # unseeded, one per world drawn
    monkeypatch.setattr(ismcts.pyspiel, "UniformProbabilitySampler", original)
    assert _ismcts_game(0, seeded=True) == _ismcts_game(0, seeded=True)


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_openspiel_observation_is_the_game_observation(name: str, players: int) -> None:
    """The observation tensor and string (and, with hidden information, the information state)
    are the game's observation for the observing seat."""
    rules = GAMES[name]
    game = _spiel(name, players, sampled=True, seed=1)
    state = game.new_initial_state()
    for _ in range(3):
        if not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
    for seat in range(players):
        expected = np.frombuffer(rules.observe(state.engine_state, seat), dtype=np.float32)
        assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
        assert state.observation_string(seat) == rules.observation_string(state.engine_state, seat)
        if not rules.info.perfect_information:
            assert np.array_equal(np.asarray(state.information_state_tensor(seat)), expected)
            assert state.information_state_string(seat) == state.observation_string(seat)


def _toy_dealt(cards: tuple[int, ...], actions: tuple[int, ...] = ()) -> Any:
    """The explicit toy game after dealing ``cards``, a roll of 2 and ``actions``."""
    state = pyspiel.load_game("python_toy", {"players": len(cards)}).new_initial_state()
    for card in cards:
        state.apply_action(card)
    state.apply_action(1)  # the die shows 2
    for action in actions:
        state.apply_action(action)
    return state


@pytest.mark.parametrize("actions", [(), (0,), (0, 2), (1, 0)])
def test_openspiel_toy_information_state_never_shows_another_seats_card(
    actions: tuple[int, ...],
) -> None:
    """Two states that differ only in seat 1's card: seat 0's information state (string and
    tensor) and observation are the same in both; seat 1's differ."""
    one, other = _toy_dealt((0, 1), actions), _toy_dealt((0, 2), actions)
    assert one.engine_state.cards != other.engine_state.cards
    assert one.information_state_string(0) == other.information_state_string(0)
    assert one.information_state_tensor(0) == other.information_state_tensor(0)
    assert one.observation_string(0) == other.observation_string(0)
    assert one.observation_tensor(0) == other.observation_tensor(0)
    assert one.information_state_string(1) != other.information_state_string(1)
    assert one.information_state_tensor(1) != other.information_state_tensor(1)


def test_openspiel_toy_resample_from_infostate_keeps_what_the_seat_knows() -> None:
    """``resample_from_infostate`` keeps the seat's information state and its own card,
    resamples the others' cards (both orders of the two other cards come up), and leaves the
    explicit game's state without a generator."""
    state = _toy_dealt((0, 1, 2), (0,))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seen: set[tuple[int | None, ...]] = set()
    for _ in range(30):
        sample = state.resample_from_infostate(0, sampler)
        assert sample.information_state_string(0) == state.information_state_string(0)
        assert sample.engine_state.cards[0] == 0
        assert sample.engine_state.rng is None
        assert sample.legal_actions() == state.legal_actions()
        seen.add(sample.engine_state.cards)
    assert seen == {(0, 1, 2), (0, 2, 1)}


def test_openspiel_sintra_resample_from_infostate_hides_nothing() -> None:
    """Sintra hides nothing: the resampled state of the explicit game is the same position; in
    the sampled game, the same position with a fresh generator."""
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    explicit = pyspiel.load_game(spiel.EXPLICIT_NAME, {"players": 2}).new_initial_state()
    for action in (3, 1, 4):
        explicit.apply_action(action)
    assert explicit.resample_from_infostate(1, sampler).engine_state == explicit.engine_state
    sampled = pyspiel.load_game(spiel.SAMPLED_NAME, {"players": 2, "seed": 3}).new_initial_state()
    again = sampled.resample_from_infostate(0, sampler)
    rules = make("sintra")
    assert again.engine_state.rng != sampled.engine_state.rng
    assert rules.without_generator(again.engine_state) == rules.without_generator(
        sampled.engine_state
    )


def _toy_to_the_end(utility: str) -> Any:
    """A toy game played by hand: cards 2 and 0, dice 1 then 3; seat 0 bets (2) then banks (3)
    and stops, seat 1 bets (0) then banks (3) and goes again (1): scores 5 and 4."""
    game = pyspiel.load_game("python_toy", {"players": 2, "utility": utility})
    state = game.new_initial_state()
    for action in (2, 0, 0, 1, 1, 2, 0, 3, 0, 2):  # deal 2, 0; roll 1; bet, bet; roll 3; ...
        state.apply_action(action)
    assert state.is_terminal()
    return state


def test_openspiel_utility_scores_or_win_loss() -> None:
    """``utility=scores`` (the default) returns the final scores, ``win_loss`` +1 for the only
    winner and -1 for the others, with the utility range to match."""
    assert _toy_to_the_end("scores").returns() == [5.0, 4.0]
    assert _toy_to_the_end("win_loss").returns() == [1.0, -1.0]
    game = pyspiel.load_game("python_toy", {"players": 2, "utility": "win_loss"})
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert str(game) == "python_toy(players=2,utility=win_loss)"
    solo = pyspiel.load_game("python_toy", {"players": 1, "utility": "win_loss"})
    state = solo.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.returns() == [1.0]  # alone, the toy's only seat always has the best key


def test_openspiel_default_utility_keeps_the_game_string() -> None:
    """At its default the parameter is left out of the game string, which stays what it was
    before the parameter existed."""
    game = pyspiel.load_game(spiel.EXPLICIT_NAME, {"players": 3})
    assert str(game) == "python_sintra(players=3,side=A)"
    assert str(pyspiel.load_game("python_sintra(players=3,side=A)")) == str(game)
    assert game.get_type().parameter_specification["utility"] == "scores"


def test_openspiel_shared_victory_is_a_draw_in_win_loss() -> None:
    result = Result(scores=(7, 7, 2, 7), keys=((7,), (7,), (2,), (7,)), winners=(0, 1, 3))
    assert spiel.win_loss(result) == (0.0, 0.0, -1.0, 0.0)
    assert spiel.win_loss(Result(scores=(1,), keys=((1,),), winners=())) == (-1.0,)


@pytest.mark.parametrize("sampled", [False, True], ids=["explicit", "sampled"])
def test_openspiel_random_sim_test_with_win_loss(sampled: bool) -> None:
    """pyspiel's conformance check (returns within the range, serialization through the game
    string) with win/loss utilities."""
    for name, players in (("sintra", 2), ("toy", 3)):
        game = _spiel(name, players, sampled=sampled, utility="win_loss")
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiel_bad_utility_and_reserved_option_names_are_refused() -> None:
    with pytest.raises(Exception, match="scores or win_loss"):
        pyspiel.load_game("python_toy", {"utility": "elo"})

    class Clashing:
        info = GameInfo("clash", "Clash", (2,), True, 1, (Option("seed", ("0", "1"), "0"),))

    with pytest.raises(ConfigurationError, match="may not be called 'seed'"):
        spiel.register(cast(Game[Any, Any], Clashing()))


def test_openspiel_load_game_takes_a_game_value() -> None:
    """``load_game`` loads from a game value or a name, registering it first."""
    assert spiel.load_game(TOY, players=3).num_players() == 3
    assert spiel.load_game("sintra", sampled=True, seed=2).get_type().short_name == (
        spiel.SAMPLED_NAME
    )


# --- PettingZoo -------------------------------------------------------------------------------


def _pz(name: str, players: int, **settings: str) -> Any:
    return pz_env(players, game=GAMES[name], **settings, **_options(GAMES[name], players))


#: What the conformance tools may still say of a game, and why: Sintra's observation holds the
#: running scores, for which the game states no bound (the proofs bound the final scores), so
#: its Box is infinite and both tools say so. Any other warning fails the tests below.
_BOUNDLESS = {
    "sintra": (
        "maximum value is infinity",
        "minimum value is -infinity",
        "maximum observation space value is infinity",
        "minimum observation space value is -infinity",
    )
}


def _unexpected(name: str, caught: list[warnings.WarningMessage]) -> list[str]:
    """The warnings of ``caught`` that ``name`` may not give (see :data:`_BOUNDLESS`)."""
    allowed = _BOUNDLESS.get(name, ())
    said = [str(w.message) for w in caught]
    return [text for text in said if not any(words in text for words in allowed)]


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_pettingzoo_api_test(name: str, players: int) -> None:
    """PettingZoo's own API conformance test, on both observation forms. The array form gives
    no warning (issue 30: "the observation is not a NumPy array", "the observation space
    should be a Box"); the dict form still gets those two, as every dict observation does but
    those of the classic games PettingZoo names in its test."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(_pz(name, players), num_cycles=1000, verbose_progress=False)
    assert set(_unexpected(name, caught)) == {
        "Observation space for each agent probably should be gymnasium.spaces.box or "
        "gymnasium.spaces.discrete",
        "Observation is not a NumPy array",
    }
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(_pz(name, players, observation_form="array"), num_cycles=1000)
    assert _unexpected(name, caught) == []


def test_pettingzoo_array_form_puts_the_mask_in_the_infos() -> None:
    """``observation_form="array"``: the observation is the seat's array, the agent to act has
    its legal ids in ``infos[agent]["action_mask"]`` (the others zeros), and an illegal id ends
    the game through PettingZoo's wrapper, as in the dict form."""
    game = pz_env(2, game="sagrada", observation_form="array")
    game.reset(seed=3)
    state = game.unwrapped.state_
    observation, _, _, _, info = game.last()
    assert isinstance(observation, np.ndarray) and observation.dtype == np.float32
    assert list(observation) == list(make("sagrada").observe(state, state.turn))
    legal = list(make("sagrada").legal_ids(state))
    assert list(np.flatnonzero(info["action_mask"])) == legal
    other = f"player_{1 - state.turn}"
    assert not game.infos[other]["action_mask"].any()
    game.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert all(game.terminations.values())
    with pytest.raises(ConfigurationError, match="observation_form"):
        pz_env(2, observation_form="tuple")


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_pettingzoo_seed_test(name: str, players: int) -> None:
    """PettingZoo's own determinism test: the same seed gives the same game."""
    seed_test(lambda: _pz(name, players), num_cycles=500)
    seed_test(lambda: _pz(name, players, observation_form="array"), num_cycles=100)


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_pettingzoo_game_to_the_end_rewards_the_winners(name: str, players: int) -> None:
    """Legal play to the end: +1 to each winner, -1 to the others, the scores in the infos; the
    agent selected is always the seat to act, several times in a row when the game says so."""
    rules = GAMES[name]
    game = _pz(name, players)
    game.reset(seed=8)
    rng = np.random.default_rng(8)
    final: dict[str, tuple[float, int]] = {}
    previous, repeats = None, 0
    for agent in game.agent_iter():
        _, reward, terminated, _, info = game.last()
        if terminated:
            final[agent] = (reward, info["score"])
            game.step(None)
            continue
        assert agent == f"player_{game.unwrapped.state_.turn}"
        repeats += agent == previous
        previous = agent
        mask = game.observe(agent)["action_mask"]
        assert list(np.flatnonzero(mask)) == list(rules.legal_ids(game.unwrapped.state_))
        game.step(int(rng.choice(np.flatnonzero(mask))))
    result = rules.result(game.unwrapped.state_)
    assert final == {
        f"player_{seat}": (1 if seat in result.winners else -1, result.scores[seat])
        for seat in range(players)
    }
    if name == "toy" or players == 1:
        assert repeats > 0  # the toy's bank-then-again turns: one agent acts twice in a row


def test_pettingzoo_observations_hide_the_other_seats_cards() -> None:
    """Each toy agent's observation shows its own card only."""
    game = pz_env(3, game=TOY)
    game.reset(seed=4)
    cards = game.unwrapped.state_.cards
    for seat in range(3):
        seen = game.observe(f"player_{seat}")["observation"]
        assert [int(c) for c in np.flatnonzero(seen[:3])] == [cards[seat]]


def test_pettingzoo_bad_configuration_is_refused() -> None:
    with pytest.raises(ConfigurationError, match="COMP-02"):
        pz_env(5)
    with pytest.raises(ConfigurationError, match="SETUP-02"):
        pz_env(2, side="C")
    with pytest.raises(ConfigurationError, match="no such option"):
        pz_env(2, game=TOY, side="A")
    with pytest.raises(ConfigurationError, match="render_mode"):
        pz_env(2, render_mode="rgb_array")


# --- Gymnasium ---------------------------------------------------------------------------------


def _env_id(name: str) -> str:
    return TOY_ENV_ID if name == "toy" else gym_adapter.env_id(name)


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_gymnasium_check_env(name: str, players: int) -> None:
    """Gymnasium's own environment checker, on the registered environment."""
    kwargs: dict[str, Any] = {"num_players": players, "render_mode": "ansi"}
    kwargs.update(_options(GAMES[name], players))
    env = gymnasium.make(_env_id(name), **kwargs)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert _unexpected(name, caught) == []  # issue 30: infinite bounds, no render_fps


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_the_observation_spaces_hold_the_game_s_bounds(name: str, players: int) -> None:
    """Both adapters' observation Box is the game's ``observation_low`` to
    ``observation_high`` (Sagrada 0 to 18, 24 with 4 players), and every observation of a
    played game lies in it (the conformance check also holds every value within them)."""
    rules = GAMES[name]
    facts = rules.facts(players, _options(rules, players))
    env = gym_adapter.GameEnv(
        players, game=rules, opponent="random", seat=0, **_options(rules, players)
    )
    box = cast(
        gymnasium.spaces.Box, cast(gymnasium.spaces.Dict, env.observation_space)["observation"]
    )
    pz_box = _pz(name, players, observation_form="array").observation_space("player_0")
    for space in (box, pz_box):
        assert (space.low == facts.observation_low).all()
        assert (space.high == facts.observation_high).all()
    if name == "sagrada":
        assert (facts.observation_low, facts.observation_high) == (0, 24 if players == 4 else 18)
    obs, _ = env.reset(seed=1)
    done = False
    while not done:
        assert box.contains(obs["observation"])
        obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_gymnasium_ids() -> None:
    """One id per registry game, Sintra's as before, and the toy's made by ``register``."""
    assert gym_adapter.ENV_ID == "sintra_rules/Sintra-v0"
    for name in available_games():
        assert gym_adapter.env_id(name) in gymnasium.registry
    assert TOY_ENV_ID == "sintra_rules/Toy-v0"
    assert gym_adapter.register(TOY) == TOY_ENV_ID
    env: Any = gymnasium.make(TOY_ENV_ID, num_players=2)
    assert env.unwrapped.game is TOY


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_gymnasium_episode_to_the_end(name: str, players: int) -> None:
    """Legal play to the end against the random agent: +1 or -1 as the game's result says; an
    illegal id ends the episode with -1."""
    rules = GAMES[name]
    seat = players - 1
    env = gym_adapter.GameEnv(
        players, game=rules, opponent="random", seat=seat, **_options(rules, players)
    )
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    done = False
    reward: Any = 0.0
    info: dict[str, Any] = {}
    while not done:
        assert list(np.flatnonzero(obs["action_mask"])) == list(rules.legal_ids(env.state))
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, _, info = env.step(action)
    result = rules.result(env.state)
    assert reward == (1.0 if seat in result.winners else -1.0)
    assert info["score"] == result.scores[seat]
    obs, _ = env.reset(seed=5)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info) == (-1.0, True, {"illegal_action": True})


def test_gymnasium_default_opponent_is_the_games_own_agent() -> None:
    """Sintra's default opponent is its greedy agent; the toy (no agents of its own) has
    random."""
    assert gym_adapter.GameEnv(2).opponent == "greedy"
    assert gym_adapter.GameEnv(2, game=TOY).opponent == "random"


def test_gymnasium_bad_configuration_is_refused() -> None:
    with pytest.raises(ConfigurationError, match="seat"):
        gym_adapter.GameEnv(2, seat=2)
    with pytest.raises(ConfigurationError, match="1 to 3 players"):
        gym_adapter.GameEnv(4, game=TOY)
    with pytest.raises(UnknownAgent):
        gym_adapter.GameEnv(2, game=TOY, opponent="greedy")


def test_gymnasium_search_opponent_and_hidden_cards() -> None:
    """A search agent with a budget plays the other seats of the toy; the learner's observation
    shows its own card only."""
    env = gym_adapter.GameEnv(3, game=TOY, opponent="mcts:20", seat=1)
    obs, _ = env.reset(seed=2)
    cards = env.state.cards
    assert [int(c) for c in np.flatnonzero(obs["observation"][:3])] == [cards[1]]
    done = False
    while not done:
        obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.state.is_over


# --- renders for a learner --------------------------------------------------------------------


def _private_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if "private objective" in line]


def test_a_learner_s_render_shows_one_private_objective_its_own() -> None:
    """Issue 29: ``render_mode="ansi"`` showed the opponent's private objective to the learner.
    Gymnasium's render shows the learner's seat's view (its own card, the other's hidden);
    ``render_view="spectator"`` shows both, asked for by name."""
    rules = make("sagrada")
    for seat in (0, 1):
        env = gym_adapter.GameEnv(2, game="sagrada", seat=seat, render_mode="ansi")
        env.reset(seed=6)
        own = rules.observation_string(env.state, seat)
        text = env.render()
        assert text == own
        lines = _private_lines(text or "")
        assert len(lines) == 2 and lines[1 - seat] == "private objective: hidden"
        assert "hidden" not in lines[seat]
        spectator = gym_adapter.GameEnv(
            2, game="sagrada", seat=seat, render_mode="ansi", render_view="spectator"
        )
        spectator.reset(seed=6)
        assert spectator.render() == rules.render(env.state)
        assert not any("hidden" in line for line in _private_lines(spectator.render() or ""))
    with pytest.raises(ConfigurationError, match="render_view"):
        gym_adapter.GameEnv(2, game="sagrada", render_view="referee")


def test_a_perfect_information_render_is_the_whole_board() -> None:
    """Sintra hides nothing: the learner's render is the board, as before."""
    env = gym_adapter.GameEnv(2, render_mode="ansi")
    env.reset(seed=2)
    assert env.render() == make("sintra").render(env.state)


def test_pettingzoo_renders_the_view_of_the_agent_to_act() -> None:
    """PettingZoo's render shows the agent to act its own private objective only; a named
    agent's view stays that agent's whoever is to act; the spectator sees both."""
    rules = make("sagrada")
    views = {
        view: pz_env(2, render_mode="ansi", game="sagrada", render_view=view)
        for view in ("to_act", "player_1", "spectator")
    }
    for game in views.values():
        game.reset(seed=4)
    to_act = views["to_act"]
    for _ in range(4):  # the agent to act changes as the setup goes on
        state = to_act.unwrapped.state_
        seat = state.turn
        assert to_act.render() == rules.observation_string(state, seat)
        assert views["player_1"].render() == rules.observation_string(state, 1)
        assert views["spectator"].render() == rules.render(state)
        assert _private_lines(to_act.render())[1 - seat] == "private objective: hidden"
        action = int(np.flatnonzero(to_act.observe(to_act.agent_selection)["action_mask"])[0])
        for game in views.values():
            game.step(action)
    with pytest.raises(ConfigurationError, match="render_view"):
        pz_env(2, game="sagrada", render_view="player_2")
