"""The events apply_traced returns (sintra_rules.games.sintra.events) and their words
(sintra_rules.games.sintra.narration).

Every expected event below is worked out by hand from the rules and the printed figures (FIG-01:
track 0, -1, -2, -4, -6, -8, -11, -14, -18; window values 4, 3, 2, 3, 1, 2, 1, 2 on both
sides; strip ``s`` side 0 in slot ``s`` of :func:`~sintra_rules.games.sintra.verify.positions.bare`:
slot 1 ``BBBGO``, slot 4 ``PPPYB``, slot 8 ``YYBGO``, strip 8 side 1 ``JJBGO``), never copied from
the code's output. Seats, slots, windows and displays are 0-based in events, as in the state.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import attrs
import pytest

from sintra_rules import (
    CENTRE,
    Event,
    GameState,
    InvalidArgument,
    Reset,
    Take,
    apply,
    apply_traced,
    legal_actions,
)
from sintra_rules import events as ev
from sintra_rules.games.sintra.narration import (
    describe_action,
    describe_event,
    describe_turn,
    narrate,
    player_names,
    plural,
    roman,
)
from sintra_rules.games.sintra.verify.positions import (
    BLUE,
    GREEN,
    ORANGE,
    PINK,
    YELLOW,
    bare,
    final_turn,
    position,
    rebalance,
    set_indicator,
    set_player,
    set_pool,
    set_strip,
    set_windows,
    strip,
    strip_for,
)
from tests.test_round_end import crowd, last_piece
from tests.test_setup import game_states

SPEC = Path(__file__).resolve().parent.parent / "spec" / "sintra" / "index.toml"
CLAUSES = {c["id"] for c in tomllib.loads(SPEC.read_text("utf-8"))["clause"]}


def clauses_of(found: tuple[Event, ...]) -> list[str]:
    return [clause for event in found for clause in event.clauses]


def test_wrap_with_the_tile_and_breaks() -> None:
    """TAKE-02, TAKE-03, PLACE-03, PLACE-01, PLACE-07, PLACE-04, TRACK-02, TRACK-03, DONE-01,
    ROUND-03: from the -14 space (space 7), 3 pink from the centre onto ``PPPYB`` holding 2
    pink (slot 4, one pink space left): 1 placed, 2 break; with the tile's step the marker
    moves 3 spaces: to -18, the bottom (-18 points at once, back to the top, 0), then on to
    -1 and -2 (space 2)."""
    table = bare().components
    state = position(2, "A", ["BBGG"], centre="PPP", tile=None)
    state = set_strip(state, 0, 3, strip(table, 3, 0, filled="PP"))
    state = rebalance(set_player(state, 0, marker=7, points_lost=14))
    after, found = apply_traced(state, Take(CENTRE, PINK, 3))
    assert found == (
        ev.TookFromCentre(seat=0, colour=PINK, count=3),
        ev.TookTile(seat=0),
        ev.GlazierMoved(seat=0, start=0, end=3),
        ev.Placed(seat=0, slot=3, colour=PINK, count=1, jokers=0),
        ev.Broke(seat=0, colour=PINK, count=2, placed=1),
        ev.MarkerMoved(seat=0, steps=3, start=7, end=2, wraps=1, points=-18),
        ev.NotCompleted(seat=0, slot=3, pieces=3, size=5),
        ev.TurnPassed(seat=1),
    )
    assert (found[4].clauses, found[5].clauses) == (
        ("PLACE-07", "PLACE-04"),
        ("TRACK-02", "TRACK-03"),
    )
    assert (after.players[0].score, after.players[0].marker) == (-18, 2)
    assert describe_event(found[5], table) == (
        "broken glass marker moves 3 spaces down: -14 -> -18 (bottom) -> 0 -> -2",
        "the marker reached the bottom (-18) 1 time: -18 points at once, back to the top",
    )
    assert describe_event(found[4], table) == (
        "only 1 of the 3 pink pieces fit on the strip, and all that fit are placed",
        "2 pink pieces do not fit and break",
    )


def test_completion_keeps_a_piece_and_flips_the_strip() -> None:
    """TAKE-01, PLACE-03, PLACE-01, DONE-01 to DONE-04, DONE-06, ROUND-03: the rulebook's
    example (round III, yellow): the green piece of display 1 completes ``PPYYG`` in slot 6;
    colour bonus 2 (two yellow), one yellow kept for window 6's top frame, the other 4 pieces
    to the tower, the strip flipped; window 6 scores its 2 plus windows 7 and 8 (1 and 2)."""
    state = position(2, "A", ["GOOB"])
    state = set_indicator(state, "YOPB")
    state = set_windows(state, 0, ["", "", "", "", "", "", "O", "B"])
    state = set_strip(state, 0, 5, strip_for(state.components, "PPYYG", filled="PPYY"))
    state = rebalance(state)
    after, found = apply_traced(state, Take(0, GREEN, 5, keep=YELLOW))
    assert found == (
        ev.TookFromDisplay(seat=0, display=0, colour=GREEN, count=1, to_centre=3),
        ev.GlazierMoved(seat=0, start=0, end=5),
        ev.Placed(seat=0, slot=5, colour=GREEN, count=1, jokers=0),
        ev.Completed(
            seat=0,
            slot=5,
            round=3,
            round_colour=YELLOW,
            bonus=2,
            keep=YELLOW,
            to_tower=4,
            flipped=True,
        ),
        ev.WindowScored(seat=0, window=5, values=(2, 1, 2), points=5),
        ev.TurnPassed(seat=1),
    )
    assert found[3].clauses == ("DONE-01", "DONE-02", "DONE-03", "DONE-04")
    assert after.players[0].score == 2 + 5
    assert describe_event(found[3], state.components) == (
        "the strip in slot 6 is complete",
        "colour bonus +2: 2 yellow pieces on the strip in round III (yellow round)",
        "keeps one yellow piece; the other 4 go to the tower",
        "the piece goes on the top frame of window 6; the strip is flipped to its other side",
    )


def test_completion_on_joker_spaces_removes_the_strip() -> None:
    """TAKE-01, PLACE-01, PLACE-06, DONE-01 to DONE-03, DONE-05, DONE-06: round II (orange);
    the glazier already above slot 8, whose ``JJBGO`` holds blue and green and whose window
    has a top piece: 3 orange go on the orange space and both joker spaces, completing it;
    bonus 3 (three orange), an orange kept for the bottom frame, the strip leaves the game;
    window 8 scores its own 2 (no window to its right)."""
    table = bare().components
    state = position(2, "B", ["OOOB", "GG"])
    state = set_indicator(state, "OPBYG")
    state = set_strip(state, 0, 7, strip(table, 7, 1, filled="BG"))
    state = set_windows(state, 0, ["", "", "", "", "", "", "", "B"])
    state = rebalance(set_player(state, 0, glazier=7))
    after, found = apply_traced(state, Take(0, ORANGE, 7, jokers=2, keep=ORANGE))
    assert found == (
        ev.TookFromDisplay(seat=0, display=0, colour=ORANGE, count=3, to_centre=1),
        ev.Placed(seat=0, slot=7, colour=ORANGE, count=3, jokers=2),
        ev.Completed(
            seat=0,
            slot=7,
            round=2,
            round_colour=ORANGE,
            bonus=3,
            keep=ORANGE,
            to_tower=4,
            flipped=False,
        ),
        ev.WindowScored(seat=0, window=7, values=(2,), points=2),
        ev.TurnPassed(seat=1),
    )
    assert clauses_of(found)[1:7] == [
        "PLACE-01",
        "PLACE-06",
        "DONE-01",
        "DONE-02",
        "DONE-03",
        "DONE-05",
    ]
    assert after.players[0].strips[7] is None and after.players[0].score == 5
    assert describe_event(found[1], table) == (
        "3 orange placed on the strip in slot 8",
        "2 of them on joker spaces, 1 on orange spaces",
    )
    assert describe_turn(found, table, ["Ann", "Bob"]) == (
        "Ann takes 3 orange from factory display 1 and places them on the strip in slot 8 "
        "(2 on joker spaces); completes it and keeps orange for the bottom frame of window 8"
    )


def test_all_break_and_reset() -> None:
    """TAKE-01, RUL-03, TRACK-02, ROUND-03, RESET-01: with the glazier above slot 8
    (``YYBGO``, the last strip) 2 pink fit nowhere: both break, the marker moves 2 spaces
    (0 -> -2); a reset moves the glazier from slot 8 back to slot 1."""
    state = set_player(position(2, "A", ["OBGG", "PP"], tile=0), 0, glazier=7)
    after, found = apply_traced(state, Take(1, PINK, None))
    assert found == (
        ev.TookFromDisplay(seat=0, display=1, colour=PINK, count=2, to_centre=0),
        ev.AllBroke(seat=0, colour=PINK, count=2, glazier=7),
        ev.MarkerMoved(seat=0, steps=2, start=0, end=2, wraps=0, points=0),
        ev.TurnPassed(seat=1),
    )
    assert clauses_of(found) == ["TAKE-01", "RUL-03", "TRACK-02", "ROUND-03"]
    assert after.players[0].score == 0
    _, reset = apply_traced(state, Reset())
    assert reset == (ev.GlazierReset(seat=0, start=7, end=0), ev.TurnPassed(seat=1))
    assert [step.text for step in narrate(reset, state.components)] == [
        "player 1 moves the glazier back from slot 8 to slot 1, the leftmost strip; the turn ends",
        "player 2 is next",
    ]


def test_round_end_pours_the_tower_and_the_starter_stays() -> None:
    """ROUND-04, END-01, END-03, END-04, RUL-11: seat 1 takes the last piece (a green, onto
    ``BBBGO`` in slot 1); nobody took the tile. The round ends, its indicator piece (orange)
    goes to the tower; the bag holds 5 pieces, fewer than the 20 the 5 displays need, so the
    tower's pieces are poured in: all 100 but the 5 in the bag, the green on the strip and the
    5 indicator pieces still to come = 89; seat 0 starts again."""
    state = position(2, "A", ["G"], tile=None, turn=1)
    state = set_indicator(state, "OPBYGB")
    state = rebalance(set_pool(state, bag="BBBBB"), into="tower")
    after, found = apply_traced(state, Take(0, GREEN, 0))
    assert found[:3] == (
        ev.TookFromDisplay(seat=1, display=0, colour=GREEN, count=1, to_centre=0),
        ev.Placed(seat=1, slot=0, colour=GREEN, count=1, jokers=0),
        ev.NotCompleted(seat=1, slot=0, pieces=1, size=5),
    )
    assert found[3] == ev.RoundEnded(round=1, colour=ORANGE)
    refilled = found[4]
    assert isinstance(refilled, ev.Refilled)
    assert (refilled.poured, refilled.short) == (89, 0)
    assert refilled.displays == after.factories
    assert [sum(display) for display in refilled.displays] == [4] * 5
    assert found[5:] == (ev.StartsNextRound(seat=0, tile=False),)
    assert clauses_of(found)[3:] == ["ROUND-04", "END-01", "END-03", "END-04", "RUL-11"]
    assert describe_event(found[5], state.components) == (
        "nobody took the tile: player 1 starts again",
    )


def test_round_end_with_the_tile_holder_starting() -> None:
    """END-03, END-06: the bag holds enough (no pour, no shortage); seat 1 took the tile this
    round and starts the next one."""
    state = position(2, "A", ["G"], tile=1)
    _after, found = apply_traced(state, Take(0, GREEN, 0))
    assert found[-2].clauses == ("END-03",)
    assert (found[-2].poured, found[-2].short) == (0, 0)
    assert found[-1] == ev.StartsNextRound(seat=1, tile=True)
    assert describe_event(found[-1], state.components) == (
        "player 2 holds the tile and starts the next round",
    )


def test_round_end_with_bag_and_tower_short() -> None:
    """END-03, END-04, END-05, RUL-11: 14 pieces are left in the tower, none in the bag; seat
    1's glazier above ``YYBGO`` (the last strip) takes the last piece, a pink, which breaks.
    The tower then holds 14 + 1 + 1 (the round's indicator piece) = 16, all poured into the
    bag, 4 short of the 5 x 4 the displays need; nobody took the tile, seat 0 starts again."""
    state = last_piece(2, "A", turn=1, display="P")
    state = crowd(set_player(state, 1, glazier=7), 14)
    _after, found = apply_traced(state, Take(0, PINK, None))
    refilled = found[-2]
    assert isinstance(refilled, ev.Refilled)
    assert (refilled.poured, refilled.short) == (16, 4)
    assert [sum(display) for display in refilled.displays] == [4, 4, 4, 4, 0]
    assert found[-1] == ev.StartsNextRound(seat=0, tile=False)
    assert clauses_of(found)[-5:] == ["END-01", "END-03", "END-04", "END-05", "RUL-11"]
    assert describe_event(refilled, state.components) == (
        "the factory displays are refilled from the bag",
        "the bag ran empty: the tower's pieces went into the bag",
        "bag and tower ran empty: some displays are not full",
    )


def test_final_scoring_events() -> None:
    """END-01, END-02, FINAL-01 to FINAL-03, FINAL-05: the last turn of a side B game: seat 0
    places the last orange on ``BBBGO``; with 3 green and 3 orange already on slots 2 and 3 it
    has 7 pieces on strips (leftovers 7 // 3 = 2), its marker on -6, two complete windows and
    4 blue among its window pieces (bonus 2 x 4 = 8): +2 - 6 + 8 = +4. Seat 1 scores 0."""
    table = bare().components
    state = bare(2, "B")
    state = set_strip(state, 0, 1, strip(table, 1, 0, filled="GGG"))
    state = set_strip(state, 0, 2, strip(table, 2, 0, filled="OOO"))
    state = set_strip(set_strip(state, 0, 5, None), 0, 6, None)
    state = set_windows(state, 0, ["", "", "", "", "", "BB", "BO", "B"])
    state = set_player(state, 0, marker=4, points_lost=6)
    state = final_turn(state, "O")
    after, found = apply_traced(state, Take(0, ORANGE, 0))
    assert found[2:] == (
        ev.NotCompleted(seat=0, slot=0, pieces=1, size=5),
        ev.RoundEnded(round=6, colour=BLUE),
        ev.GameEnded(),
        ev.FinalScored(seat=0, side="B", leftovers=2, track=-6, bonus=8, total=4),
        ev.FinalScored(seat=1, side="B", leftovers=0, track=0, bonus=0, total=0),
    )
    assert clauses_of(found)[3:] == ["ROUND-04", "END-01", "END-02", "FINAL-01", "FINAL-01"]
    assert after.is_over and after.players[0].score == 4
    assert describe_event(found[5], table) == (
        "player 1: leftovers +2 (FINAL-02), broken glass -6 (FINAL-03), side B bonus +8 "
        "(FINAL-05): +4",
    )


def test_events_are_frozen_values() -> None:
    """ENG-04, ENG-40: events compare by value, hash, and cannot be changed."""
    event = ev.TookFromDisplay(seat=0, display=1, colour=2, count=2, to_centre=2)
    assert event == ev.TookFromDisplay(0, 1, 2, 2, 2) and hash(event) == hash(
        ev.TookFromDisplay(0, 1, 2, 2, 2)
    )
    other: Event = ev.TookFromCentre(0, 2, 2)
    assert event != other
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        event.count = 3  # type: ignore[misc]


@pytest.mark.parametrize(("players", "side", "seed"), [(2, "A", 3), (3, "B", 4), (4, "A", 5)])
def test_whole_games_events_name_registered_clauses_and_have_words(
    players: int, side: str, seed: int
) -> None:
    """ENG-40, TURN-01: along whole random games, every action's events name only clauses of
    the spec, each clause gets one sentence, apply_traced's state is apply's, and every action
    is described in one sentence whose mover is the player to act."""
    names = player_names(players)
    for state in game_states(players, side, seed):
        for action in legal_actions(state)[:3]:
            after, found = apply_traced(state, action)
            assert after == apply(state, action)
            assert found and all(isinstance(event, Event) for event in found)
            steps = narrate(found, state.components)
            assert [step.clause for step in steps] == clauses_of(found)
            assert set(clauses_of(found)) <= CLAUSES
            assert describe_action(state, action).startswith(f"{names[state.turn]} ")


def test_event_kinds_have_one_import_path() -> None:
    """ENG-04: the facade exports the base class Event; every event kind is an Event read from
    the namespace sintra_rules.games.sintra.events, and only there (one import path each)."""
    import sintra_rules

    assert sintra_rules.Event is Event and "Event" in sintra_rules.__all__
    kinds = [name for name in ev.__all__ if name != "Event"]
    assert len(kinds) >= 18
    for name in kinds:
        assert issubclass(getattr(ev, name), Event), name
        assert name not in sintra_rules.__all__ and not hasattr(sintra_rules, name), name


def test_describe_event_refuses_other_values() -> None:
    """ENG-04: only events are narrated."""
    with pytest.raises(TypeError):
        describe_event(Event(), bare().components)


def test_describe_action_of_an_illegal_action_says_what_is_asked() -> None:
    """ENG-04, RESET-02: an illegal action does nothing, so it is told as a request."""
    state: GameState = bare()
    assert describe_action(state, Reset(), ["Ann", "Bob"]) == (
        "Ann asks to move the glazier back to the leftmost strip"
    )


def test_small_words() -> None:
    """ROUND-01: the rounds in roman numerals; counts with their plural."""
    assert [roman(n) for n in range(1, 11)] == [
        "I",
        "II",
        "III",
        "IV",
        "V",
        "VI",
        "VII",
        "VIII",
        "IX",
        "X",
    ]
    assert roman(0) == ""
    assert (plural(2, "rule"), plural(1, "rule"), plural(-1, "point")) == (
        "2 rules",
        "1 rule",
        "-1 point",
    )
    with pytest.raises(InvalidArgument, match="2 names for 3 players"):
        player_names(3, ["A", "B"])


def test_apply_builds_no_event(monkeypatch: pytest.MonkeyPatch) -> None:
    """ENG-40: events are made only when asked for: with every event class replaced by one that
    refuses to be built, apply plays whole games and returns the same states, while
    apply_traced fails at its first event."""

    def refuse(*_args: object, **_kwargs: object) -> Event:
        raise AssertionError("an event was built")

    games = [list(game_states(players, "A", seed)) for players, seed in ((2, 1), (4, 2))]
    for name in ev.__all__:
        if name != "Event":
            monkeypatch.setattr(ev, name, refuse)
    assert [list(game_states(players, "A", seed)) for players, seed in ((2, 1), (4, 2))] == games
    with pytest.raises(AssertionError, match="an event was built"):
        apply_traced(games[0][0], legal_actions(games[0][0])[0])
