"""The readable text views (sintra_rules.games.sintra.render).

Every expectation is computed from the state's fields or written by hand from the rules, and
the rendered text is parsed back: the tests check that the text shows what the state holds.
"""

from __future__ import annotations

import re

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from sintra_rules import CENTRE, ComponentTable, GameNotOver, GameState, Reset, Take
from sintra_rules.agents import RandomAgent, play_game
from sintra_rules.games.sintra.agents import GreedyAgent
from sintra_rules.games.sintra.narration import describe_action, player_names
from sintra_rules.games.sintra.render import (
    render_outcome,
    render_state,
    render_summary,
    visible_width,
    wrap_text,
)
from sintra_rules.games.sintra.verify.positions import (
    BLUE,
    ORANGE,
    PINK,
    YELLOW,
    bare,
    position,
    rebalance,
    set_indicator,
    set_player,
    set_strip,
    set_windows,
    strip,
)

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _game_states() -> list[GameState]:
    game = play_game(
        [GreedyAgent(1), RandomAgent(2), RandomAgent(3)], seed=4, options={"side": "B"}
    )
    return [*game.states[::7], game.final]


def _counts_from_words(table: ComponentTable, text: str) -> tuple[int, ...]:
    """Parse ``2 blue, 1 orange`` (or ``empty``) back to per-colour counts."""
    out = [0] * table.colours
    if text == "empty":
        return tuple(out)
    for part in text.split(", "):
        number, name = part.split(" ", 1)
        out[table.colour_names.index(name)] += int(number)
    return tuple(out)


def _line(text: str, prefix: str) -> str:
    found = [line for line in text.splitlines() if line.startswith(prefix)]
    assert len(found) == 1, (prefix, found)
    return found[0][len(prefix) :]


def _player_block(text: str, name: str) -> list[str]:
    """The header and the 8 slot rows of ``name``'s board."""
    lines = text.splitlines()
    starts = [
        i for i, line in enumerate(lines) if line[2:].startswith((f"{name}:", f"{name}, to play:"))
    ]
    assert len(starts) == 1, name
    start = starts[0]
    return [lines[start], *lines[start + 2 : start + 10]]


_SAMPLES = (0, 3, 6, 9, 12, -1)  # rounds I to VI, with and without the tile, and the end


@pytest.mark.parametrize("index", _SAMPLES)
def test_render_state_shows_the_pieces_on_the_table(index: int) -> None:
    """TAKE-01, TAKE-02, TAKE-03, SETUP-10: the factory display lines, the centre, the tile
    and the bag and tower counts say exactly what the state holds."""
    state = _game_states()[index]
    table = state.components
    text = render_state(state)
    centre = _line(text, "Centre: ")
    tile = " + the starting player tile"
    assert centre.endswith(tile) == (state.tile is None and not state.is_over)
    assert _counts_from_words(table, centre.removesuffix(tile)) == state.centre
    for number, display in enumerate(state.factories, 1):
        assert _counts_from_words(table, _line(text, f"  {number}: ")) == display
    bag, tower = sum(state.bag), sum(state.tower)
    assert _line(text, "Bag: ") == (
        f"{bag} piece{'s' * (bag != 1)}; tower: {tower} piece{'s' * (tower != 1)}"
    )


@pytest.mark.parametrize("index", _SAMPLES)
def test_render_state_shows_each_players_board(index: int) -> None:
    """SCORE-01, TRACK-01, PLACE-01, PLACE-06, DONE-04, DONE-05, SETUP-05, ROUND-03: each
    player's header holds the score, the broken glass value and points lost; the player to act
    alone is marked; each slot row shows the window's frames, the strip's pieces per colour
    (capital letters, ``X*`` on joker spaces) and its empty spaces, and ``@`` marks the
    glazier's slot."""
    state = _game_states()[index]
    table = state.components
    text = render_state(state)
    names = player_names(len(state.players))
    marked = [line for line in text.splitlines() if line.startswith("> ")]
    if state.is_over:
        assert marked == []
    else:
        assert len(marked) == 1 and marked[0].startswith(f"> {names[state.turn]}, to play:")
    for seat, name in enumerate(names):
        player = state.players[seat]
        header, *rows = _player_block(text, name)
        assert f"score {player.score};" in header
        assert f"broken glass track {table.track[player.marker]} " in header
        tile = "; holds the starting player tile" if state.tile == seat else ""
        assert header.endswith(f"points lost {player.points_lost}{tile}")
        assert [row[3] == "@" for row in rows] == [
            slot == player.glazier for slot in range(table.windows)
        ]
        for slot, row in enumerate(rows):
            fields = row[4:].split()
            assert int(fields[0]) == slot + 1
            assert int(fields[1]) == table.window_values(state.side)[slot]
            top, bottom = player.windows[slot]
            assert fields[2] == "/".join(
                "-" if piece is None else table.colour_codes[piece] for piece in (top, bottom)
            )
            held = player.strips[slot]
            if held is None:
                assert fields[3:] == ["(strip", "removed)"]
                continue
            tokens = fields[3:-1]
            pattern = table.strips[held.strip_id][held.face]
            assert len(tokens) == len(pattern)
            for colour, code in enumerate(table.colour_codes):
                assert tokens.count(code) == held.filled[colour]
                assert tokens.count(f"{code}*") == held.jokers[colour]
                assert tokens.count(code.lower()) == pattern.count(code) - held.filled[colour]
            assert tokens.count("j") == pattern.count("J") - sum(held.jokers)
            assert fields[-1] == f"{held.pieces}/{len(pattern)}"


def test_render_state_joker_strip_and_round() -> None:
    """PLACE-06, ROUND-01, ROUND-05, DONE-04: the joker side JJBGO (strip 8, side 2) with a
    blue piece on its blue space and an orange and a yellow piece on its joker spaces reads
    ``O* Y* B g o``; window 1 holds a pink top piece; round III's colour is the indicator's top
    piece, yellow."""
    state = position(2, "A", ["BBGG"], tile=None)
    table = state.components
    state = set_strip(state, 1, 7, strip(table, 7, 1, filled="B", jokers="OY"))
    state = set_windows(state, 1, ["P"])
    state = rebalance(set_indicator(state, "YBGO"))
    text = render_state(state, ["Ann", "Bob"])
    assert text.splitlines()[0].startswith("Round III of VI: yellow round")
    rows = _player_block(text, "Bob")[1:]
    assert rows[7][4:].split()[3:] == ["O*", "Y*", "B", "g", "o", "3/5"]
    assert rows[0][4:].split()[2] == "P/-"
    assert _player_block(text, "Ann")[0].startswith("> Ann, to play: score 0;")


def test_render_state_colour_adds_only_ansi_codes() -> None:
    """With ``colour=True`` the text is the same once the ANSI codes are removed."""
    for state in _game_states()[::4]:
        coloured = render_state(state, colour=True)
        assert "\x1b[" in coloured
        assert _ANSI.sub("", coloured) == render_state(state)


def test_render_summary_lists_scores_and_turn() -> None:
    """SCORE-01, TRACK-01, ROUND-05: one line with the round, every score and track value."""
    state = set_player(position(3, "A", ["BBGG"], turn=2), 1, score=-7, marker=3)
    table = state.components
    expected = (
        f"Round I ({table.colour_names[state.indicator[0]]}) | A: 0 points, track 0 | "
        "B: -7 points, track -4 | C: 0 points, track 0 | C to play"
    )
    assert render_summary(state, ["A", "B", "C"]) == expected


# describe_action: bare() puts strip s side 0 in slot s: slot 1 BBBGO, slot 3 OOOPY,
# slot 4 PPPYB, slot 8 YYBGO; hand-written expectations.


def test_describe_take_with_joker_spaces() -> None:
    """TAKE-01, PLACE-03, PLACE-06: 2 yellow from display 3 onto JJBGO in slot 4, which has no
    yellow space: both go on joker spaces and the glazier moves from slot 1 to slot 4."""
    state = position(2, "A", ["BBGG", "BBGG", "YYBG"], tile=None)
    state = rebalance(set_strip(state, 0, 3, strip(state.components, 7, 1)))
    action = Take(2, YELLOW, 3, jokers=2)
    assert describe_action(state, action, ["Ann", "Bob"]) == (
        "Ann takes 2 yellow from factory display 3, moves the glazier to slot 4 and places "
        "them on the strip in slot 4 (2 on joker spaces)"
    )


def test_describe_take_that_breaks_and_takes_the_tile() -> None:
    """TAKE-02, TAKE-03, PLACE-04: 4 orange from the centre onto OOOPY (3 orange spaces) in
    slot 3: 3 are placed, 1 breaks, and the first centre-taker takes the tile."""
    state = position(2, "A", ["BBGG"], centre="OOOO", tile=None, turn=1)
    assert describe_action(state, Take(CENTRE, ORANGE, 2)) == (
        "Player 2 takes 4 orange from the centre with the starting player tile (1 space down "
        "the broken glass track), moves the glazier to slot 3 and places 3 on the strip in "
        "slot 3; 1 breaks"
    )


def test_describe_completion_and_all_break_and_reset() -> None:
    """DONE-01, DONE-03, DONE-04, RUL-03, RESET-01: completing OOOPY in slot 3 keeps a pink
    piece for window 3's top frame; pink with the glazier over slot 8 (YYBGO) breaks all;
    a reset moves the glazier from slot 8 back to slot 1."""
    state = position(2, "A", ["OBGG", "PP"], tile=0)
    state = rebalance(set_strip(state, 0, 2, strip(state.components, 2, 0, filled="OOPY")))
    assert describe_action(state, Take(0, ORANGE, 2, keep=PINK)) == (
        "Player 1 takes 1 orange from factory display 1, moves the glazier to slot 3 and "
        "places it on the strip in slot 3; completes it and keeps pink for the top frame of "
        "window 3"
    )
    far = set_player(state, 0, glazier=7)
    assert describe_action(far, Take(1, PINK, None)) == (
        "Player 1 takes 2 pink from factory display 2; none can be placed: all break"
    )
    assert describe_action(far, Reset()) == "Player 1 moves the glazier back from slot 8 to slot 1"
    assert describe_action(far, Take(0, BLUE, 7)) == (
        "Player 1 takes 1 blue from factory display 1 and places it on the strip in slot 8"
    )


def _over(scores: tuple[int, ...], lost: tuple[int, ...]) -> GameState:
    """A finished game (END-02) with empty boards, track markers on 0 after ``lost`` points
    lost in wraps (18 each, TRACK-04) and the given scores."""
    state = bare(len(scores), "A")
    for seat, (score, points) in enumerate(zip(scores, lost, strict=True)):
        state = set_player(state, seat, score=score, points_lost=points)
    return rebalance(attrs.evolve(set_indicator(state, ""), starter=0, turn=0, tile=None))


def _outcome_rows(text: str, names: list[str]) -> dict[str, list[int]]:
    rows = {}
    for line in text.splitlines():
        for name in names:
            if line.startswith(f"  {name} "):
                rows[name] = [int(field) for field in line[len(name) + 2 :].split()]
    return rows


def test_render_outcome_breakdown() -> None:
    """FINAL-01 to FINAL-04, WIN-01: Ann has 4 pieces left on a strip (4 // 3 = 1 point), her
    marker on the 4th space (-4) and 3 frame spaces filled around ornament 1 (windows 1 and 2:
    6 points), so final scoring gives 1 - 4 + 6 = 3: 20 points after it means 17 before. Bob
    scored 9 with nothing to add; Ann wins."""
    state = _over((20, 9), (4, 0))
    table = state.components
    state = set_windows(state, 0, ["OP", "B"])
    state = set_strip(state, 0, 2, strip(table, 2, 0, filled="OOPY"))
    state = rebalance(set_player(state, 0, marker=3))
    text = render_outcome(state, ["Ann", "Bob"])
    rows = _outcome_rows(text, ["Ann", "Bob"])
    # in play, leftovers, track, bonus, total, points lost
    assert rows == {"Ann": [17, 1, -4, 6, 20, 4], "Bob": [9, 0, 0, 0, 9, 0]}
    assert text.splitlines()[-1] == "Winner: Ann with 20 points (WIN-01)"


def test_render_outcome_tie_break_and_shared_victory() -> None:
    """WIN-02: equal scores, the player who lost fewer points via the track wins; WIN-03:
    equal on both, the victory is shared."""
    names = ["Ann", "Bob", "Cy"]
    tied = render_outcome(_over((12, 12, 3), (36, 18, 0)), names)
    assert tied.splitlines()[-1].startswith("Winner: Bob with 12 points; tied on points")
    assert "(WIN-02)" in tied.splitlines()[-1]
    shared = render_outcome(_over((12, 12, 3), (18, 18, 0)), names)
    assert shared.splitlines()[-1] == (
        "Shared victory (WIN-03): Ann, Bob with 12 points and 18 points lost each"
    )


def test_render_outcome_needs_a_finished_game() -> None:
    """END-02: there is no outcome before the end of round 6."""
    with pytest.raises(GameNotOver, match="not over"):
        render_outcome(bare(2))


_WORD = st.text(alphabet="abcxyz-0123456789>()", min_size=1, max_size=12)
_LINE = st.builds(
    lambda lead, words, gaps: (
        " " * lead + "".join(w + " " * g for w, g in zip(words, gaps, strict=False)).rstrip()
    ),
    st.integers(0, 4),
    st.lists(_WORD, min_size=1, max_size=30),
    st.lists(st.integers(1, 3), min_size=30, max_size=30),
)


@given(line=_LINE, width=st.integers(20, 100), indent=st.sampled_from([None, "", "   ", " " * 12]))
def test_wrap_text_folds_at_spaces_and_loses_nothing(
    line: str, width: int, indent: str | None
) -> None:
    """A folded line: the first line starts as the original does, every continuation line
    starts with the hanging indent (default: the line's own indent plus four spaces), no line
    is wider than ``width`` unless it holds a single word, the words are the original's in
    order, and a line that fits is left alone."""
    folded = wrap_text(line, width, indent).split("\n")
    lead = line[: len(line) - len(line.lstrip(" "))]
    hang = lead + "    " if indent is None else indent
    assert folded[0].startswith(lead) and line.startswith(folded[0])
    for piece in folded[1:]:
        assert piece.startswith(hang) and not piece[len(hang) :].startswith(" ")
    for piece in folded:
        assert len(piece) <= width or len(piece.split()) == 1
    assert " ".join(" ".join(folded).split()) == " ".join(line.split())
    if len(line) <= width:
        assert folded == [line]


def test_wrap_text_ignores_colour_codes() -> None:
    """ANSI colour codes take no room: a coloured text folds exactly where the plain one does,
    and the codes are kept."""
    state = _game_states()[2]
    plain, coloured = render_state(state), render_state(state, colour=True)
    assert max(visible_width(line) for line in coloured.splitlines()) > 60
    for width in (40, 60, 100):
        folded = wrap_text(coloured, width)
        assert _ANSI.sub("", folded) == wrap_text(plain, width)
        assert max(visible_width(line) for line in folded.splitlines()) <= width
        assert folded.count("\x1b[") == coloured.count("\x1b[")
