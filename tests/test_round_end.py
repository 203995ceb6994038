"""Rounds, turns and the end of a round (ROUND-01 to ROUND-05, TURN-01, END-01 to END-06).

Expected values are read off the rule text (spec/sintra/02-round.md, spec/sintra/05-end-of-round.md,
EN 000:56-64 and 176-184), not the engine. Random draws are never predicted: tests check what
the rules fix whatever is drawn (counts, order of displays, where pieces come from).
"""

from __future__ import annotations

import attrs
import pytest

from sintra_rules import (
    CENTRE,
    GameState,
    IllegalAction,
    Reset,
    Side,
    Take,
    apply,
    apply_traced,
    default_components,
    legal_actions,
)
from sintra_rules.games.sintra.verify.positions import (
    BLUE,
    CONFIGS,
    GREEN,
    ORANGE,
    PINK,
    YELLOW,
    counts,
    position,
    rebalance,
    set_indicator,
    set_player,
    set_pool,
    set_strip,
    set_windows,
    strip,
)

TABLE = default_components()
#: The round indicator at the start of round r is ``INDICATOR[r - 1:]`` (SETUP-08 shape).
INDICATOR = "YBGOPY"


def last_piece(
    players: int,
    side: Side,
    round_: int = 1,
    turn: int = 0,
    starter: int = 0,
    tile: int | None = None,
    centre: str = "",
    display: str = "O",
) -> GameState:
    """Round ``round_``, seat ``turn`` to act: ``display`` on display 0 and ``centre`` are the
    only pieces left; orange fits slot 2 (``OOOPY``) without breaking or completing it."""
    state = position(players, side, [display], centre=centre, tile=tile, turn=turn)
    state = set_indicator(attrs.evolve(state, starter=starter), INDICATOR[round_ - 1 :])
    return rebalance(state)


def delta(after: tuple[int, ...], before: tuple[int, ...]) -> tuple[int, ...]:
    """Per-colour difference ``after - before``."""
    return tuple(a - b for a, b in zip(after, before, strict=True))


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize("round_", range(1, 7))
def test_round01_six_rounds_then_the_end(players: int, side: Side, round_: int) -> None:
    """ROUND-01, END-02, ROUND-05, END-01: the end of rounds 1 to 5 starts the next round with
    the next indicator piece's colour; the end of round 6 ends the game: its indicator piece
    goes to the tower, nothing is drawn or refilled, and no action is left."""
    state = last_piece(players, side, round_=round_)
    assert (state.round, state.round_colour) == (round_, colour_of(INDICATOR[round_ - 1]))
    after = apply(state, Take(0, ORANGE, 2))
    assert after.is_over == (round_ == 6)
    if round_ < 6:
        assert (after.round, after.round_colour) == (round_ + 1, colour_of(INDICATOR[round_]))
        assert legal_actions(after)
    else:
        assert legal_actions(after) == ()
        assert after.factories == ((0,) * 5,) * len(state.factories)
        assert after.bag == state.bag
        assert delta(after.tower, state.tower) == counts(TABLE, INDICATOR[5])
        with pytest.raises(IllegalAction) as info:
            apply(after, Take(CENTRE, ORANGE, None))
        assert info.value.clause == "END-02"


def colour_of(code: str) -> int:
    """The colour index of ``code`` in the default table."""
    return TABLE.colour_codes.index(code)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_round01_players_without_strips_keep_playing(players: int, side: Side) -> None:
    """ROUND-01, ROUND-03, TURN-01: seat 0 has completed all 8 windows (no strip left): the
    game goes on, it still must take (all pieces break) and is not skipped."""
    state = last_piece(players, side, display="OOGG", centre="B", tile=0)
    state = rebalance(set_windows(state, 0, ["BG", "OP", "YB", "GO", "PY", "BG", "OP", "YB"]))
    actions = legal_actions(state)
    assert actions and Reset() not in actions
    assert {a.target for a in actions if isinstance(a, Take)} == {None}
    after = apply(state, Take(0, ORANGE, None))
    assert (after.turn, after.round, after.players[0].marker) == (1, 1, 2)
    skip = attrs.evolve(after, turn=players - 1)
    assert apply(skip, Take(CENTRE, BLUE, 0)).turn == 0


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_round02_end06_the_tile_holder_starts_the_next_round(players: int, side: Side) -> None:
    """END-06, ROUND-02, TAKE-03: the seat that took the tile (the last seat, first to take
    from the centre) starts the next round; the tile is back in the centre and nobody's
    marker moves for starting."""
    taker = players - 1
    state = last_piece(players, side, turn=taker, centre="OO", display="", starter=0)
    after = apply(state, Take(CENTRE, ORANGE, 2))
    assert (after.round, after.starter, after.turn, after.tile) == (2, taker, taker, None)
    tracks = [p.marker for p in after.players]
    assert tracks == [1 if seat == taker else 0 for seat in range(players)]


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_end06_nobody_took_the_tile(players: int, side: Side) -> None:
    """END-06, RUL-11, ROUND-02: nobody took from the centre this round: the seat that started
    it (seat 1) starts the next round too, although another seat took the last piece, and no
    marker moves."""
    state = last_piece(players, side, turn=0, starter=1, tile=None)
    after = apply(state, Take(0, ORANGE, 2))
    assert (after.round, after.starter, after.turn, after.tile) == (2, 1, 1, None)
    assert [p.marker for p in after.players] == [0] * players


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_round03_turns_go_clockwise(players: int, side: Side) -> None:
    """ROUND-03: after seat s the next turn is seat (s + 1) mod n, for takes and resets."""
    for seat in range(players):
        state = last_piece(players, side, turn=seat, display="OOGG", centre="B", tile=0)
        assert apply(state, Take(0, ORANGE, 2)).turn == (seat + 1) % players
        moved = rebalance(set_player(state, seat, glazier=4))
        assert apply(moved, Reset()).turn == (seat + 1) % players


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_round04_round_ends_only_when_displays_and_centre_are_empty(
    players: int, side: Side
) -> None:
    """ROUND-04: with every display empty the round goes on while the centre holds a piece;
    it ends when the centre is empty too, the tile (still in the centre) not counting."""
    state = last_piece(players, side, display="", centre="OB", tile=1)
    after = apply(state, Take(CENTRE, ORANGE, 2))
    assert (after.round, after.turn, after.centre) == (1, 1, counts(TABLE, "B"))
    ended = apply(after, Take(CENTRE, BLUE, 0))
    assert ended.round == 2
    with_tile = last_piece(players, side, display="O", tile=None)
    assert apply(with_tile, Take(0, ORANGE, 2)).round == 2


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_round05_round_colour_lasts_the_round(players: int, side: Side) -> None:
    """ROUND-05, DONE-02: the round's colour is the top indicator piece for every turn of the
    round: yellow in round 1 here, whatever is taken, until the round ends."""
    state = last_piece(players, side, display="OOGG", centre="BP", tile=None)
    for action in (Take(0, ORANGE, 2), Take(CENTRE, PINK, 3)):
        state = apply(state, action)
        assert (state.round, state.round_colour) == (1, YELLOW)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_turn01_exactly_one_action_no_pass(players: int, side: Side) -> None:
    """TURN-01: every legal action is a take or a reset (no pass); anything else is refused;
    one action ends the turn."""
    state = last_piece(players, side, display="OOGG", centre="B", tile=0)
    state = rebalance(set_player(state, 0, glazier=3))
    actions = legal_actions(state)
    assert actions and all(isinstance(a, Take | Reset) for a in actions)
    for bad in (None, "pass", 0):
        with pytest.raises(IllegalAction):
            apply(state, bad)
    assert all(apply(state, a).turn == 1 for a in actions)


def test_turn01_steps_of_action_a_in_order() -> None:
    """TURN-01: action A runs take (TAKE-02), tile (TAKE-03), glazier move (PLACE-03),
    placement (PLACE-01), breaks (PLACE-04), then the completion check (DONE-01 to DONE-06).
    Here 3 orange from the centre complete ``OOOPY`` (holding ``OOPY``) in slot 2, 2 break."""
    state = last_piece(3, "B", display="BBBB", centre="OOO", tile=None)
    state = set_strip(state, 0, 2, strip(state.components, 2, 0, filled="OOPY"))
    state = rebalance(set_player(state, 0, glazier=1))
    _, events = apply_traced(state, Take(CENTRE, ORANGE, 2, keep=ORANGE))
    order = [clause for e in events for clause in e.clauses]
    steps = ["TAKE-02", "TAKE-03", "PLACE-03", "PLACE-01", "PLACE-04", "DONE-01", "DONE-02"]
    steps += ["DONE-03", "DONE-04", "DONE-06"]
    assert [c for c in order if c in steps] == steps


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_end01_03_indicator_piece_to_the_tower_and_refill(players: int, side: Side) -> None:
    """END-01, END-03: the round's indicator piece (yellow, round 1) goes into the tower; every
    display is refilled with 4 pieces from the bag, which loses exactly those pieces; the centre
    stays empty; the tower is untouched since the bag holds enough."""
    state = last_piece(players, side)
    after = apply(state, Take(0, ORANGE, 2))
    assert after.indicator == state.indicator[1:]
    assert delta(after.tower, state.tower) == counts(TABLE, "Y")
    assert all(sum(f) == 4 for f in after.factories)
    assert len(after.factories) == len(state.factories)
    drawn = tuple(sum(f[c] for f in after.factories) for c in range(5))
    assert delta(state.bag, after.bag) == drawn
    assert after.centre == (0,) * 5


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_end04_bag_empty_mid_fill_continues_from_the_tower(players: int, side: Side) -> None:
    """END-04, RUL-12: the bag holds only 5 blue pieces and the tower no blue: the first 5 draws
    are those blue pieces (4 on display 1, 1 on display 2), then the whole tower goes into the
    bag and the refill goes on, display 2 receiving its 3 missing pieces; every display ends
    full and the tower empty. Seat 0's windows hold the other 15 blue pieces."""
    state = last_piece(players, side, round_=5, turn=1, display="G")
    state = set_windows(state, 0, ["BB"] * 7 + ["B"])
    state = rebalance(set_pool(state, bag="BBBBB"), into="tower")
    assert state.tower[BLUE] == 0
    tower = sum(state.tower) + 1  # + the round indicator's piece
    after = apply(state, Take(0, GREEN, 1))
    need = 4 * len(after.factories)
    assert [sum(f) for f in after.factories] == [4] * len(after.factories)
    assert [f[BLUE] for f in after.factories] == [4, 1] + [0] * (len(after.factories) - 2)
    assert (sum(after.tower), sum(after.bag)) == (0, 5 + tower - need)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_end04_tower_stays_when_the_bag_just_suffices(players: int, side: Side) -> None:
    """END-04, END-01: the bag holds exactly the pieces the refill needs: they all go to the
    displays, the last draw empties the bag and the tower stays where it is, with the round
    indicator's green piece (round 3) added."""
    state = last_piece(players, side, round_=3)
    need = 4 * len(state.factories)
    bag = counts(TABLE, "BGOPY" * (need // 5) + "BGOPY"[: need % 5])
    state = rebalance(set_pool(state, bag=bag), into="tower")
    after = apply(state, Take(0, ORANGE, 2))
    assert after.bag == (0,) * 5
    assert tuple(sum(f[c] for f in after.factories) for c in range(5)) == bag
    assert delta(after.tower, state.tower) == counts(TABLE, "G")


def crowd(state: GameState, left: int) -> GameState:
    """Move pieces from the bag onto the players' empty strips (4 per strip, of its spaces'
    colours), then onto empty windows' top frames, until ``left`` pieces remain; put those into
    the tower and leave the bag empty."""
    table = state.components
    bag = list(state.bag)

    def grab(code: str) -> str:
        c = colour_of(code)
        if sum(bag) > left and bag[c]:
            bag[c] -= 1
            return code
        return ""

    for seat, player in enumerate(state.players):
        for slot, old in enumerate(player.strips):
            if old is not None:
                pieces = "".join(map(grab, table.strips[old.strip_id][old.face][:4]))
                state = set_strip(state, seat, slot, strip(table, old.strip_id, old.face, pieces))
    for seat, player in enumerate(state.players):
        specs = []
        for window in player.windows:
            most = table.colour_codes[max(range(5), key=lambda c: bag[c])]
            held = "".join(table.colour_codes[c] for c in window if c is not None)
            specs.append(held or grab(most))
        state = set_windows(state, seat, specs)
    return rebalance(set_pool(state, bag=""), into="tower")


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_end05_bag_and_tower_empty_partial_fill(players: int, side: Side) -> None:
    """END-05, END-04, RUL-13: bag and tower together hold m pieces, fewer than the displays
    need: the displays are filled in order, the first m // 4 full, the next with m % 4 pieces,
    the others empty, and the next round starts anyway. The last seat's glazier stands above
    ``YYBGO``: its pink piece breaks, so m = tower + 1 + 1 (the indicator's piece)."""
    seat = players - 1
    state = last_piece(players, side, turn=seat, display="P")
    state = set_player(state, seat, glazier=7)
    # m = left + 2 pieces for 5, 7 or 9 displays: 16 -> 4 full; 13 -> 3 full and 1; 10 -> 2 and 2
    left, filled = {
        2: (14, [4, 4, 4, 4, 0]),
        3: (11, [4, 4, 4, 1, 0, 0, 0]),
        4: (8, [4, 4, 2, 0, 0, 0, 0, 0, 0]),
    }[players]
    state = crowd(state, left)
    assert sum(state.tower) == left
    after = apply(state, Take(0, PINK, None))
    assert [sum(f) for f in after.factories] == filled
    assert (after.round, sum(after.bag), sum(after.tower)) == (2, 0, 0)
    assert legal_actions(after)
