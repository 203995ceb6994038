"""The facade's functions that take a state serve a state of every registered game
(issue 29, part 1): each gives exactly the answer of the state's game's own function (its API
namespace, ``sintra_rules.games.<name>``), errors included, and for Sagrada the answer of
``make("sagrada")``'s protocol method where it has one; a value that is no state of any game,
or a state of a game without the function, is a :class:`NotAState` naming what was expected."""

from __future__ import annotations

import functools
import inspect
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import sintra_rules
from sintra_rules import NotAState, PositionError, RecordError, SintraError, make
from sintra_rules.errors import FileKindError
from sintra_rules.game import Recorded, log_game
from sintra_rules.games import api_of, available_games

#: The facade's readers, which find the game of a file by its content.
READERS = ("position_from_text", "record_from_json", "state_from_dict", "state_from_json")
#: Facade functions that dispatch on their first argument, with the arguments after the state.
DISPATCHED = sorted(set(sintra_rules._facade.__all__) - set(READERS))


def _states(name: str, players: int, seed: int) -> Iterator[Any]:
    """Every state of a random game of ``name``, chance steps left pending (sample=False)."""
    game = make(name)
    rng = random.Random(seed)
    state = game.start(players, seed=seed, sample=False)
    yield state
    for _ in range(400):
        if state.is_over:
            return
        if state.chance is not None:
            state = game.sample_chance(state)
        else:
            state = game.apply(state, rng.choice(game.legal_actions(state)), sample=False)
        yield state


def _sample(name: str) -> list[Any]:
    """A few dozen states of ``name``'s games: chance pending, players to act, finished."""
    counts = make(name).info.player_counts
    states: list[Any] = []
    for seed, players in enumerate(counts):
        game_states = list(_states(name, players, seed))
        states += [*game_states[:: max(1, len(game_states) // 12)], game_states[-1]]
    return states


def _outcome(call: Callable[[], object]) -> tuple[str, str]:
    """What a call gives: its value, or the kind and words of the error it raises."""
    try:
        value = call()
    except SintraError as error:
        return (type(error).__name__, str(error))
    # by its repr: equal values have equal reprs, and errors within a value (violations, an
    # explanation's) compare by their words, not by identity
    return ("value", repr(value))


def _calls(state: Any, name: str) -> dict[str, tuple[tuple[Any, ...], dict[str, Any]]]:
    """For each dispatched function, the arguments to call it with on ``state``."""
    game = make(name)
    actions = () if state.is_over or state.chance is not None else game.legal_actions(state)
    action = actions[0] if actions else None
    outcomes = () if state.chance is None else game.chance_outcomes(state)
    return {
        "legal_actions": ((state,), {}),
        "is_legal": ((state, action), {}),
        "violations": ((state, action), {}),
        "apply": ((state, action), {"sample": False}),
        "apply_traced": ((state, action), {"sample": False}),
        "chance_outcomes": ((state,), {}),
        "apply_chance": ((state, outcomes[0][0] if outcomes else 0), {}),
        "sample_chance": ((state,), {}),
        "resolve_chance": ((state,), {}),
        "determinize": ((state, 11, 0), {}),
        "without_generator": ((state,), {}),
        "same_position": ((state, state), {}),
        "position_digest": ((state,), {}),
        "position_to_text": ((state,), {}),
        "state_to_json": ((state,), {"indent": 1}),
        "state_to_dict": ((state,), {}),
        "state_digest": ((state,), {}),
        "explain": ((state, action), {}),
        "result": ((state,), {}),
        "outcome": ((state,), {}),
        "apply_fill": ((state, ((0, 0, 0, 0, 0),)), {}),
    }


@pytest.mark.parametrize("name", available_games())
def test_every_dispatched_function_answers_as_the_game_s_own(name: str) -> None:
    """Each facade function, on states of every kind, gives its game's own function's answer
    or raises its error; a game without the function is refused naming whose it is."""
    api = api_of(name)
    calls_made = 0
    for state in _sample(name):
        for function, (args, kwargs) in _calls(state, name).items():
            facade = getattr(sintra_rules, function)
            if function not in api.__all__:
                with pytest.raises(NotAState, match=f"{function}: a state of {name} has no"):
                    facade(*args, **kwargs)
                continue
            own = getattr(api, function)
            expected = _outcome(functools.partial(own, *args, **kwargs))
            assert _outcome(functools.partial(facade, *args, **kwargs)) == expected, function
            calls_made += 1
    assert calls_made > 300


def test_facade_on_a_sagrada_state_answers_as_the_game_object() -> None:
    """Done-when of issue 29: the facade's state functions answer on a Sagrada state as
    ``make("sagrada")``'s own methods do."""
    game = make("sagrada")
    for state in _sample("sagrada"):
        assert sintra_rules.state_to_json(state) == game.serialize(state)
        assert sintra_rules.state_digest(state) == game.state_digest(state)
        assert sintra_rules.without_generator(state) == game.without_generator(state)
        viewer = state.num_players - 1
        assert sintra_rules.determinize(state, 5, viewer) == game.determinize(state, 5, viewer)
        assert sintra_rules.position_to_text(state) == game.position_to_text(state)  # type: ignore[attr-defined]
        if state.is_over:
            assert sintra_rules.result(state) == game.result(state)
        elif state.chance is not None:
            assert sintra_rules.chance_outcomes(state) == game.chance_outcomes(state)
            assert sintra_rules.sample_chance(state) == game.sample_chance(state)
        else:
            actions = game.legal_actions(state)
            assert sintra_rules.legal_actions(state) == actions
            assert sintra_rules.apply(state, actions[-1]) == game.apply(state, actions[-1])
            traced = sintra_rules.apply_traced(state, actions[0])
            assert traced == game.apply_traced(state, actions[0])  # type: ignore[attr-defined]
            assert sintra_rules.explain(state, actions[0]) == game.explain(state, actions[0])  # type: ignore[attr-defined]


@pytest.mark.parametrize("function", DISPATCHED)
@pytest.mark.parametrize("value", [42, None, "sintra1 side:A", {"kind": "sintra-state"}, object()])
def test_a_value_that_is_no_state_is_refused_naming_what_was_expected(
    function: str, value: object
) -> None:
    facade = getattr(sintra_rules, function)
    arguments = list(inspect.signature(facade).parameters)
    extra = [1] * sum(
        1
        for p in list(inspect.signature(facade).parameters.values())[1:]
        if p.default is inspect.Parameter.empty and p.kind is p.POSITIONAL_OR_KEYWORD
    )
    with pytest.raises(NotAState) as info:
        facade(value, *extra)
    assert info.value.function == function
    message = str(info.value)
    assert "expected" in message and type(value).__name__ in message, message
    if arguments[0] in ("state", "a", "start"):
        for name in available_games():
            assert f"of {name}" in message


def test_sintra_s_own_functions_say_so_on_a_sagrada_state() -> None:
    state = make("sagrada").start(1, seed=3)
    with pytest.raises(NotAState, match=r"apply_fill: .*it is Sintra's.*apply_chance"):
        sintra_rules.apply_fill(state, ())
    with pytest.raises(NotAState, match=r"outcome: .*it is Sintra's.*result\(state\)"):
        sintra_rules.outcome(state)
    assert isinstance(NotAState("f", "r"), TypeError)


def test_final_score_follows_the_game_of_its_first_argument() -> None:
    """Sintra's ``final_score(table, side, player)`` and Sagrada's ``final_score(state, seat)``
    through one facade name."""
    sintra = sintra_rules.new_game(2, side="B", seed=1)
    player = sintra.players[0]
    assert sintra_rules.final_score(sintra.components, "B", player) == api_of("sintra").final_score(
        sintra.components, "B", player
    )
    sagrada = list(_states("sagrada", 2, 4))[-1]
    assert sintra_rules.final_score(sagrada, 1) == api_of("sagrada").final_score(sagrada, 1)
    with pytest.raises(NotAState, match="expected a state or a component table"):
        sintra_rules.final_score("table", "B", player)


def test_records_dispatch_on_their_game() -> None:
    game = make("sagrada")
    assert isinstance(game, Recorded)
    log = game.read_record(
        game.write_record(log_game(game, 2, _first_actions(game, 2, 6, 30), seed=6))
    )
    record = log.record
    assert sintra_rules.replay(record) == api_of("sagrada").replay(record)
    assert sintra_rules.record_to_json(record) == api_of("sagrada").record_to_json(record)
    start = game.start(2, seed=6)
    again = sintra_rules.record_position_game(start, [])
    assert json.loads(sintra_rules.record_to_json(again))["kind"] == "sagrada-game"


def _first_actions(game: Any, players: int, seed: int, plies: int) -> list[Any]:
    state = game.start(players, seed=seed)
    actions = []
    for _ in range(plies):
        if state.is_over:
            break
        action = game.legal_actions(state)[0]
        actions.append(action)
        state = game.apply(state, action)
    return actions


def test_every_facade_function_of_a_state_dispatches() -> None:
    """No public function of the facade whose first argument is a state is one game's alone
    without saying so: each is a dispatcher of :mod:`sintra_rules._facade`."""
    for name in sintra_rules.__all__:
        value = getattr(sintra_rules, name)
        if not inspect.isfunction(value):
            continue
        first = next(iter(inspect.signature(value).parameters), None)
        if first in ("state", "a", "start", "record"):
            assert value.__module__ == "sintra_rules._facade", name


@pytest.mark.parametrize("name", available_games())
def test_readers_read_every_game_s_files_by_their_content(name: str) -> None:
    """Issue 29: a position, a state document (as text and as a dict) and a JSON record of
    every game read back through the facade, with the game's own reader's answer."""
    api = api_of(name)
    for state in _sample(name)[::4]:
        text = sintra_rules.position_to_text(state)
        assert sintra_rules.position_from_text(text) == api.position_from_text(text)
        document = sintra_rules.state_to_json(state)
        assert sintra_rules.state_from_json(document) == state
        assert sintra_rules.state_from_dict(json.loads(document)) == state
    game = make(name)
    assert isinstance(game, Recorded)
    record = game.read_record(
        game.write_record(log_game(game, 2, _first_actions(game, 2, 3, 12), seed=3))
    ).record
    written = sintra_rules.record_to_json(record)
    assert sintra_rules.record_to_json(sintra_rules.record_from_json(written)) == written


def test_readers_pass_on_the_game_s_own_errors() -> None:
    """A text that names its game is that game's to judge: its reader's error, unchanged."""
    for text in ("sintra1 side:Q hello", "sagrada1 nonsense"):
        name = text.split("1")[0]
        with pytest.raises(PositionError) as own:
            api_of(name).position_from_text(text)
        with pytest.raises(PositionError) as facade:
            sintra_rules.position_from_text(text)
        assert str(facade.value) == str(own.value)
    broken = '{"format": 2, "kind": "sagrada-state", "players": 9}'
    with pytest.raises(RecordError) as own_record:
        api_of("sagrada").state_from_json(broken)
    with pytest.raises(RecordError) as facade_record:
        sintra_rules.state_from_json(broken)
    assert str(facade_record.value) == str(own_record.value)


def test_readers_refuse_no_game_s_file_naming_every_game_s_form() -> None:
    """A text of no game's gets every game's form, not Sintra's alone (issue 29.3)."""
    with pytest.raises(PositionError, match=r"^bad position: version, character 1: 'chess1") as p:
        sintra_rules.position_from_text("chess1 side:A")
    assert "'sagrada1 ...'" in str(p.value) and "'sintra1 ...'" in str(p.value)
    for name in available_games():  # each game's clause, as its own reader names it
        with pytest.raises(PositionError) as own:
            api_of(name).position_from_text("chess1 side:A")
        assert f"{name} {own.value.clause}" in str(p.value)
    for reader in (sintra_rules.state_from_json, sintra_rules.record_from_json):
        with pytest.raises(FileKindError, match="is no game's") as info:
            reader('{"format": 2, "kind": "chess-game"}')
        assert "sagrada-" in str(info.value) and "sintra-" in str(info.value)
    with pytest.raises(
        FileKindError, match=r"expected a JSON object \(a state document\), got an array"
    ):
        sintra_rules.state_from_dict([1, 2])


def test_readers_say_which_reader_a_file_of_another_kind_wants() -> None:
    state = make("sagrada").start(2, seed=2)
    document = sintra_rules.state_to_json(state)
    with pytest.raises(
        PositionError, match=r"not a position but a state document of Sagrada .*state_from_json"
    ):
        sintra_rules.position_from_text(document)
    with pytest.raises(
        FileKindError, match=r"not JSON but a position of .*Sintra .*position_from_text"
    ):
        sintra_rules.record_from_json("sintra1 side:A")
    with pytest.raises(FileKindError, match=r"a state document of Sagrada.*state_from_json"):
        sintra_rules.record_from_json(document)


@pytest.mark.parametrize("reader", READERS)
def test_readers_refuse_a_value_that_is_no_text(reader: str) -> None:
    """Not a string (nor, for ``state_from_dict``, a dict): the reader's own kind of error."""
    expected = PositionError if reader == "position_from_text" else RecordError
    with pytest.raises(expected, match="expected"):
        getattr(sintra_rules, reader)(42)
