"""The one-line position notation (ENG-12) and the checks of reading it (ENG-15), with the
position builder: the spec's reference game written by hand, positions typed at a table, every
refusal naming the field, the character and the clause, and the exact round trip of every
position reached by random games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sintra_rules import PositionError
from sintra_rules.game import Positions
from sintra_rules.games.sagrada import (
    GAME,
    ChoosePattern,
    SagradaState,
    apply,
    build_position,
    new_game,
    position_from_text,
    position_to_text,
)
from sintra_rules.games.sagrada.position import pattern_code
from sintra_rules.games.sagrada.verify.policies import random_plies
from tests.sagrada.helpers import TABLE, cell, d
from tests.sagrada.walks import walk

#: ENG-05's reference game (2 players, seed 0) after the deal: private cards 1 and 2 (red and
#: yellow), pattern cards 8 and 4 to player 1, 10 and 5 to player 2, tools 6, 7 and 12, public
#: objectives 1, 3 and 9, player 2 to start; player 1 chooses first (RUL-10).
REFERENCE = (
    "sagrada1 round:setup start:2 turn:1 tools:6,7,12 publics:1,3,9 pool:- track:- "
    "p1:-,cards=8.4,private=R p2:-,cards=10.5,private=Y"
)
#: The same game once player 1 chose Batllo (pattern 15, card 8) and player 2 Fractal Drops
#: (pattern 20, card 10): round 1, player 2 starts and acts, and ENG-05's first pool (green 6,
#: purple 4, green 1, purple 4, green 1) is on the table.
ROUND_ONE = (
    "sagrada1 round:1 start:2 turn:2.1 tools:6,7,12 publics:1,3,9 pool:G1G1G6P4P4 track:- "
    "p1:Batllo,cards=8.4,private=R:...../...../...../..... "
    "p2:FractalDrops,cards=10.5,private=Y:...../...../...../....."
)
#: A position typed at a table: round 3, player 2 started, player 1's second turn with a blue 5
#: in hand; tool 1 used once (1 token), tool 12 twice (1 + 2); player 2's private objective
#: unknown.
TABLE_POSITION = (
    "sagrada1 round:3 start:2 turn:1.2 tools:1=1,6,12=3 publics:4,10,2 pool:G1G6P4 "
    "track:R2Y3/G1P5 hand:B5 done:draft "
    "p1:SunCatcher,favor=2,private=R:.B4.../...../...../..... "
    "p2:Batllo,cards=8.3,favor=2:Y6..../...../...../....."
)


def test_eng_12_the_reference_game_written_by_hand() -> None:
    """ENG-12: the reference game of ENG-05 after its deal and after the patterns are chosen,
    as worked out by hand from the spec."""
    state = new_game(2, seed=0)
    assert position_to_text(state) == REFERENCE
    read = position_from_text(REFERENCE)
    assert read == GAME.without_generator(state)
    chosen = apply(apply(state, ChoosePattern(14)), ChoosePattern(19))
    assert position_to_text(chosen) == ROUND_ONE
    assert position_from_text(ROUND_ONE) == GAME.without_generator(chosen)


def test_eng_12_a_position_typed_at_a_table() -> None:
    """ENG-12: every field of a typed position, read into the state's terms (0-based inside)."""
    state = position_from_text(TABLE_POSITION)
    assert state.round == 3 and state.start == 1 and state.turn == 0
    assert state.step == 2  # snake order from player 2: 2, 1, 1, 2; player 1's second turn
    assert [TABLE.tools[t].number for t in state.tools] == [1, 6, 12]
    assert state.tokens == (1, 0, 3)
    assert [TABLE.publics[p].number for p in state.publics] == [4, 10, 2]
    assert state.pool == (d("G1"), d("G6"), d("P4"))
    assert state.track[:3] == ((d("R2"), d("Y3")), (d("G1"), d("P5")), ())
    assert state.hand == d("B5") and state.drafted and not state.tool_used
    one, two = state.players
    assert TABLE.patterns[one.pattern].name == "Sun Catcher"  # type: ignore[index]
    assert one.favor == 2 and one.cards == (TABLE.patterns[3].card - 1,)
    assert TABLE.privates[one.privates[0]].colour == 0
    assert one.window[cell("r1c2")] == d("B4") and one.dice == 1
    assert two.cards == (7, 2) and two.favor == 2 and two.privates == ()
    # 18 dice of each colour in all (COMP-01): the bag holds the rest; written are red R2,
    # yellow Y3 Y6, green G1 G6 G1, blue B5 B4, purple P4 P5
    assert state.bag == (17, 16, 15, 16, 16)
    assert state.rng is None
    # the writer leaves out what it can: here nothing differs
    assert position_to_text(state) == TABLE_POSITION


def test_eng_12_pattern_codes() -> None:
    """ENG-12: a pattern's code is its name, words capitalised, letters only; or #p."""
    assert [pattern_code(TABLE, i) for i in (0, 4, 13, 23)] == [
        "SunsGlory",
        "FulgorDelCielo",
        "WaterOfLife",
        "Comitas",
    ]
    by_number = position_from_text(TABLE_POSITION.replace("p1:SunCatcher", "p1:#4"))
    assert by_number == position_from_text(TABLE_POSITION)


def test_eng_12_the_readers_other_spellings() -> None:
    """ENG-12: dice in any order, favor= equal to the difficulty, private=?, cards= with the
    chosen card alone and trailing empty track spaces read as the canonical spelling does."""
    canonical = position_from_text(TABLE_POSITION)
    loose = (
        TABLE_POSITION.replace("pool:G1G6P4", "pool:P4G6G1")
        .replace("track:R2Y3/G1P5", "track:Y3R2/P5G1/-")
        .replace("p2:Batllo,cards=8.3,favor=2:", "p2:Batllo,cards=8.3,favor=2,private=?:")
    )
    assert position_from_text(loose) == canonical
    unspent = TABLE_POSITION.replace("tools:1=1,6,12=3", "tools:1=1,6,12").replace(
        "p2:Batllo,cards=8.3,favor=2", "p2:Batllo,cards=8.3,favor=5"
    )
    state = position_from_text(unspent)
    assert state.players[1].favor == 5
    assert "favor=5" not in position_to_text(state)


def test_eng_12_solo_and_chance_steps() -> None:
    """ENG-12: the solo game's difficulty and paid tools; pending chance steps."""
    solo = (
        "sagrada1 round:2 start:1 turn:1.1 tools:2,5=G3,9 publics:4,10 pool:R5B2 track:Y1 "
        "difficulty:3 p1:SunCatcher,private=RG:...../...../...../....."
    )
    state = position_from_text(solo)
    assert state.is_solo and state.difficulty == 3
    assert state.spent == (None, d("G3"), None)
    assert position_to_text(state) == solo
    rolling = ROUND_ONE.replace("pool:G1G1G6P4P4", "pool:G1G6P4P4").replace("turn:2.1", "turn:2.1")
    rolling = rolling.replace(" p1:", " chance:roll.G p1:")
    state = position_from_text(rolling)
    assert state.chance is not None and state.chance.kind == "roll"
    assert state.chance.dice == ((2, 0),)
    assert position_to_text(state) == rolling
    dealing = (
        "sagrada1 round:setup start:- turn:1 tools:6 publics:- pool:- track:- chance:tool "
        "p1:-,cards=8.4,private=R p2:-,cards=10.5,private=Y"
    )
    state = position_from_text(dealing)
    assert state.chance is not None
    assert (state.chance.kind, state.chance.index) == ("tool", 1)


#: Refusals: the text, the field, the character (1-based) and the clause.
def _refusals() -> list[tuple[str, str, int, str]]:
    t = TABLE_POSITION
    return [
        ("sagrada2 round:1", "version", 1, "ENG-12"),
        ("chess1 round:1", "version", 1, "ENG-12"),
        (t.replace("round:3", "round:11"), "round", 16, "ROUND-01"),
        (t.replace(" start:2", " begin:2"), "start", 18, "ENG-12"),
        (t.replace("turn:1.2", "turn:1"), "turn", 31, "ROUND-03"),
        (t.replace("turn:1.2", "turn:3.1"), "turn", 31, "ENG-01"),
        (t.replace("tools:1=1", "tools:1=2"), "tools", 43, "FAVOR-02"),
        (t.replace("tools:1=1,6,12=3", "tools:1=1,6,12=5"), "tools", 41, "FAVOR-04"),
        (t.replace("tools:1=1,6,12", "tools:1=1,6,1"), "tools", 47, "COMP-06"),
        (t.replace("pool:G1G6P4", "pool:G1G7P4"), "pool", 75, "COMP-01"),
        (t.replace("pool:G1G6P4", "pool:g1G6P4"), "pool", 72, "COMP-01"),
        (t.replace("track:R2Y3/G1P5", "track:R2Y3/G1P5/B1"), "track", 95, "ROUND-04"),
        (t.replace("hand:B5 done:draft ", "hand:B5 "), "hand", 100, "TURN-03"),
        (t.replace(":.B4...", ":.R4..."), "player 1 r1c2", 147, "PLACE-03"),
        (t.replace(":.B4...", ":B3B4..."), "player 1 r1c2", 148, "PLACE-06"),
        (t.replace(":.B4.../.....", ":.B4.../.B4..."), "player 1 r2c2", 154, "PLACE-06"),
        (t.replace(":.B4.../.....", ":...../.B4..."), "player 1 r2c2", 153, "PLACE-01"),
        (t.replace("p1:SunCatcher", "p1:Suncatcher"), "player 1", 117, "COMP-03"),
        (t.replace(":.B4.../", ":.B4../"), "player 1 row 1", 146, "COMP-03"),
        (t.replace("cards=8.3", "cards=9.3"), "player 2 cards", 187, "SETUP-02"),
        (t.replace("private=R", "private=RG"), "player 1 private", 144, "SETUP-01"),
        (t.replace("done:draft ", "done:draft skips:1 "), "turn", 31, "RUL-06"),
        (t.replace("  ", " ") + " ", "text", len(t) + 1, "ENG-12"),
        (t.replace("pool:", "pool: "), "pool", 71, "ENG-12"),
    ]


@pytest.mark.parametrize(("text", "field", "column", "clause"), _refusals())
def test_eng_15_refusals(text: str, field: str, column: int, clause: str) -> None:
    """ENG-15: a malformed or impossible position is refused, naming the field, the character
    and the clause; the error holds the text."""
    with pytest.raises(PositionError) as caught:
        position_from_text(text)
    error = caught.value
    assert (error.field, error.column, error.clause) == (field, column, clause), str(error)
    assert error.text == text


def test_eng_15_a_turn_the_rules_cannot_reach() -> None:
    """ENG-15: a tool step that does not belong to the tool in use, a draft pool drawn after
    the first turn, a lone die in hand without a draft are refused."""
    t = TABLE_POSITION
    cases = [
        (
            t.replace("done:draft", "done:draft,tool tool:6 step:grozing")
            .replace("tools:1=1,6,12=3", "tools:1=1,6=1,12=3")
            .replace("favor=2,private=R", "favor=1,private=R"),
            "step",
            "TOOL-14",
        ),
        (t.replace("hand:B5 done:draft", "chance:draw"), "chance", "ROUND-02"),
        (t.replace("hand:B5 done:draft", "lifted:r1c2"), "lifted", "TOOL-13"),
    ]
    for text, field, clause in cases:
        with pytest.raises(PositionError) as caught:
            position_from_text(text)
        assert (caught.value.field, caught.value.clause) == (field, clause), str(caught.value)


#: The docs' position (issue 30): round 2, player 2 started, player 1's first turn with a yellow
#: 3 in hand; tools 2, 7 and 11 hold no favor token and nobody has spent one.
DOCS_POSITION = (
    "sagrada1 round:2 start:2 turn:1.1 tools:2,7,11 publics:3,6,9 pool:R6Y5G5P1 track:B2 "
    "hand:Y3 done:draft p1:LuzCelestial,private=G:.B3.../...../...../..... "
    "p2:Batllo:...../...../...../....."
)
#: A solo position (issue 30): tools 1, 2, 5, 6 and 10, none used yet.
SOLO_POSITION = (
    "sagrada1 round:2 start:1 turn:1.1 tools:1,2,5,6,10 publics:1,4 pool:R6P3G5G2 track:B2Y3 "
    "difficulty:5 p1:SunCatcher,private=RG:R3..../...../...../....."
)


def _unreachable_turns() -> list[tuple[str, str, str]]:
    """Turn states no game reaches: the text, the field refused and the clause."""
    t, solo = DOCS_POSITION, SOLO_POSITION
    p1_spent_1 = "private=G:.B3"
    pliers = t.replace("tools:2,7,11", "tools:2,8=1,11")
    return [
        # issue 30: a tool used this turn, but no favor token lies on any card
        (t.replace("hand:Y3 done:draft", "done:tool"), "done", "FAVOR-02"),
        # issue 30: player 2's second turn skipped, but Running Pliers is not in play
        (t.replace("done:draft", "done:draft skips:2"), "skips", "TOOL-08"),
        # issue 30: the player to act skips, without having used Running Pliers in this turn
        (
            pliers.replace("done:draft", "done:draft skips:1").replace(
                p1_spent_1, "favor=2," + p1_spent_1
            ),
            "skips",
            "RUL-06",
        ),
        # Running Pliers in play but never used: its card holds no token
        (
            t.replace("tools:2,7,11", "tools:2,8,11").replace("done:draft", "done:draft skips:2"),
            "skips",
            "FAVOR-02",
        ),
        # player 2 skips for Running Pliers, but its one token was player 1's
        (
            pliers.replace("done:draft", "done:draft skips:2").replace(
                p1_spent_1, "favor=2," + p1_spent_1
            ),
            "skips",
            "FAVOR-02",
        ),
        # the token on tool 2 was spent by player 2, not by player 1 who is said to use a tool
        (
            t.replace("tools:2,7,11", "tools:2=1,7,11")
            .replace("hand:Y3 done:draft", "done:tool")
            .replace("p2:Batllo:", "p2:Batllo,favor=4:"),
            "done",
            "FAVOR-02",
        ),
        # the only card paid for is Glazing Hammer, used only in a second turn (RUL-13)
        (
            t.replace("tools:2,7,11", "tools:2,7=1,11")
            .replace("hand:Y3 done:draft", "done:tool")
            .replace(p1_spent_1, "favor=2," + p1_spent_1),
            "done",
            "TOOL-14",
        ),
        # Flux Remover in use, its card holding no token
        (
            t.replace("hand:Y3 done:draft", "hand:G? done:draft,tool tool:11 step:flux"),
            "tool",
            "FAVOR-02",
        ),
        # Flux Brush rolling a yellow die for which no yellow space is left (RUL-20)
        (
            t.replace("tools:2,7,11", "tools:6=1,7,11")
            .replace("done:draft", "done:draft,tool tool:6 chance:brush")
            .replace(p1_spent_1 + "...", "favor=2,private=G:Y1B4Y2..")
            .replace("LuzCelestial", "SunCatcher"),
            "chance",
            "RUL-20",
        ),
        # the solo game: a tool used this turn, but no card is marked used
        (solo.replace("difficulty:5", "difficulty:5 done:tool"), "done", "SOLO-03"),
        # the solo game: the second turn skipped, but Running Pliers was not used
        (
            solo.replace("tools:1,2,5", "tools:1,8,5").replace(
                "difficulty:5", "difficulty:5 done:draft skips:1"
            ),
            "skips",
            "SOLO-03",
        ),
    ]


@pytest.mark.parametrize(("text", "field", "clause"), _unreachable_turns())
def test_eng_15_turn_states_no_game_reaches(text: str, field: str, clause: str) -> None:
    """ENG-15 (issue 30): a turn state that claims a tool used, or a turn skipped, that no game
    can have paid for, or at a point of the turn where the tool cannot be used, is refused
    naming the field and the clause, as a token mismatch is."""
    with pytest.raises(PositionError) as caught:
        position_from_text(text)
    assert (caught.value.field, caught.value.clause) == (field, clause), str(caught.value)


def test_eng_15_turn_states_a_game_reaches_are_read() -> None:
    """ENG-15: the reachable neighbours of the refused states read and write back: a tool
    paid by the player to act (1 token, 1 spent); player 2's turn skipped for Running Pliers
    paid (1 token, 1 spent); player 1 skipping while using Running Pliers in this first turn;
    the solo player having paid a blue 4 for Eglomise Brush; Flux Brush on a red die (the red
    space r2c4 is free)."""
    t, solo = DOCS_POSITION, SOLO_POSITION
    texts = [
        t.replace("tools:2,7,11", "tools:2=1,7,11")
        .replace("hand:Y3 done:draft", "done:tool")
        .replace("private=G:", "favor=2,private=G:"),
        t.replace("tools:2,7,11", "tools:2,8=1,11")
        .replace("done:draft", "done:draft skips:2")
        .replace("p2:Batllo:", "p2:Batllo,favor=4:"),
        t.replace("tools:2,7,11", "tools:2,8=1,11")
        .replace("hand:Y3 done:draft", "done:draft,tool tool:8 step:running skips:1")
        .replace("private=G:", "favor=2,private=G:"),
        solo.replace("tools:1,2,5", "tools:1,2=B4,5").replace(
            "difficulty:5", "difficulty:5 done:tool"
        ),
        t.replace("tools:2,7,11", "tools:6=1,7,11")
        .replace("hand:Y3 done:draft", "hand:R3 done:draft,tool tool:6 chance:brush")
        .replace("private=G:.B3...", "favor=2,private=G:Y1B4Y2..")
        .replace("LuzCelestial", "SunCatcher"),
    ]
    for text in texts:
        state = position_from_text(text)
        assert position_from_text(position_to_text(state)) == state


def test_eng_12_through_the_game_protocol() -> None:
    """ENG-12: Sagrada's GAME has the Positions capability."""
    assert isinstance(GAME, Positions)
    state = GAME.position_from_text(TABLE_POSITION)
    assert GAME.position_to_text(state) == TABLE_POSITION


def test_eng_12_the_builder() -> None:
    """ENG-12: build_position spells the notation from readable arguments and reads it, so
    a built position is the typed one; a bad one is refused as a typed one is."""
    built = build_position(
        ["Sun Catcher", "Batllo"],
        round=3,
        start=2,
        turn="1.2",
        tools="1=1,6,12=3",
        publics="4,10,2",
        pool="G1G6P4",
        track="R2Y3/G1P5",
        hand="B5",
        favor={1: 2, 2: 2},
        privates={1: "R"},
        cards={2: "8.3"},
        windows={1: {"r1c2": "B4"}, 2: "Y6..../...../...../....."},
    )
    assert built == position_from_text(TABLE_POSITION)
    fresh = build_position(["SunCatcher", "Batllo"])
    assert fresh.round == 1 and fresh.turn == 0 and fresh.pool == () and fresh.hand is None
    assert [p.favor for p in fresh.players] == [3, 5]
    with pytest.raises(PositionError, match="PLACE-07"):
        build_position(windows={1: {"r1c1": "R4", "r1c2": "B4"}})
    with pytest.raises(PositionError, match="no pattern of the table is called 'Sun Glory'"):
        build_position(["Sun Glory"], tools="1,2,3")
    with pytest.raises(PositionError, match="players are numbered 1 to 2"):
        build_position(privates={3: "R"})


@settings(max_examples=12)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32), tools=st.integers(1, 5))
def test_eng_12_every_reachable_position_round_trips(players: int, seed: int, tools: int) -> None:
    """ENG-12, ENG-15: every state of a random game (chance steps supplied, tools used often)
    is written and read back to an equal state, and the text is the canonical one."""
    for state in walk(players, seed, tools=tools):
        text = position_to_text(state)
        back = position_from_text(text)
        assert back == state, text
        assert position_to_text(back) == text


@settings(max_examples=16, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32), tools=st.integers(1, 5))
def test_eng_15_every_position_of_eager_play_reads_back(
    players: int, seed: int, tools: int
) -> None:
    """ENG-12, ENG-15 (issue 30): every position of a random game whose players use a tool
    whenever they can (the ``eager`` policy: windows fill, favor tokens run out, Running Pliers
    skips turns), at every ply, passes the reader's checks and reads back equal; the tighter
    checks of the turn in progress refuse no position a game reaches."""
    start = new_game(players, seed=seed, tools=tools if players == 1 else None)
    for _before, _action, after in random_plies(start, seed, "eager"):
        state = GAME.without_generator(after)
        text = position_to_text(state)
        assert position_from_text(text) == state, text


def _mutations(text: str) -> st.SearchStrategy[str]:
    alphabet = "0123456789RYGBP.:/=,-?rcp sagrdtoulkhn#"
    spots = st.integers(0, len(text))
    return st.one_of(
        st.tuples(spots, spots).map(lambda ab: text[: min(ab)] + text[max(ab) :]),
        st.tuples(spots, st.text(alphabet, min_size=1, max_size=3)).map(
            lambda pc: text[: pc[0]] + pc[1] + text[pc[0] :]
        ),
        st.tuples(spots, st.text(alphabet, min_size=1, max_size=2)).map(
            lambda pc: text[: pc[0]] + pc[1] + text[pc[0] + len(pc[1]) :]
        ),
    )


@settings(max_examples=300)
@given(st.sampled_from([REFERENCE, ROUND_ONE, TABLE_POSITION]).flatmap(_mutations))
def test_eng_15_any_text_is_a_valid_position_or_refused(text: str) -> None:
    """ENG-15: whatever the text, reading it gives a position that writes and reads back to
    itself, or a PositionError naming a field, a character inside the text and a clause;
    nothing else escapes."""
    try:
        state = position_from_text(text)
    except PositionError as error:
        assert error.field and 1 <= error.column <= len(text) + 1
        assert error.clause.split("-")[0].isupper()
        return
    assert isinstance(state, SagradaState)
    assert position_from_text(position_to_text(state)) == state
    assert state.dice_counts() == (18,) * 5
