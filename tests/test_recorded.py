"""The Recorded capability of the game protocol: every registered game reads its records (JSON
or text, told by the content) and writes them back as a GameLog; ``log_game`` records a game
played from a seed. The toy game has no records, and says so by not being Recorded."""

from __future__ import annotations

import random

import pytest

from sintra_rules import available_games, make
from sintra_rules.game import GameLog, Recorded, log_game
from tests.toy_game import TOY

CASES = [("sintra", 2, {"side": "B"}), ("sagrada", 3, None), ("sagrada", 1, {"tools": "2"})]


def test_every_registered_game_is_recorded() -> None:
    """Both games implement Recorded; the toy game (no record format) does not."""
    assert set(available_games()) == {"sagrada", "sintra"}
    assert all(isinstance(make(name), Recorded) for name in available_games())
    assert not isinstance(TOY, Recorded)


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_a_played_game_written_and_read_in_both_forms(
    name: str, players: int, options: dict[str, str] | None
) -> None:
    """log_game records a whole game from its seed; write_record writes it as JSON and as
    text; read_record reads each back to the same states, names, comments and result."""
    game = make(name)
    assert isinstance(game, Recorded)
    rnd = random.Random(7)
    state = game.start(players, seed=11, options=options)
    actions = []
    while not state.is_over:
        action = rnd.choice(list(game.legal_actions(state)))
        actions.append(action)
        state = game.apply(state, action)
    names = ["Ann", *[None] * (players - 1)]
    log = log_game(
        game,
        players,
        actions,
        seed=11,
        options=options,
        names=names,
        tags=[("Event", "test")],
        comments=[(0, "about the game"), (2, "a move")],
    )
    assert isinstance(log, GameLog) and log.states[-1] == state
    assert log.result == game.result(state) and log.player_names()[0] == "Ann"
    for text in (False, True):
        written = game.write_record(log, text=text)
        read = game.read_record(written)
        assert read.kind == ("text record" if text else "game record")
        assert read.states == log.states and read.actions == log.actions
        assert read.seed == 11 and read.names == tuple(names)
        assert read.comments == ((0, "about the game"), (2, "a move"))
        assert read.result == log.result and read.tags == (("Event", "test"),)
        assert read.outcomes == ((),) * (len(actions) + 1)
        # what was read writes back exactly
        assert game.write_record(read, text=text) == written
