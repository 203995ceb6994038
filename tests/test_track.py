"""The broken glass track and the score (TRACK-01 to TRACK-04, SCORE-01).

Expected values come from :func:`walk`, a step-by-step reading of TRACK-02 and TRACK-03
written for these tests, and from hand-computed numbers; the engine's arithmetic (modulo) is
never reused. Two tracks are used: the default figures and a shorter track that still keeps
every confirmed constraint (FIG-08), so the wrap is not tied to one provisional length.
"""

from __future__ import annotations

import pytest

from sintra_rules import (
    CENTRE,
    Action,
    ComponentTable,
    GameState,
    Reset,
    Side,
    Take,
    apply,
    default_components,
    new_game,
)
from sintra_rules.games.sintra.verify.positions import (
    CONFIGS,
    ORANGE,
    PINK,
    position,
    rebalance,
    set_player,
    table_with,
)

DEFAULT = default_components()
SHORT = table_with({"track": [0, -1, -2, -4, -8, -18]})
TRACKS = [DEFAULT, SHORT]


def walk(track: tuple[int, ...], at: int, steps: int) -> tuple[int, int]:
    """TRACK-02/TRACK-03 by hand: move ``steps`` spaces down from index ``at``, one at a
    time; on reaching the bottom space count a wrap and go back to the top. Returns
    ``(index, wraps)``."""
    wraps = 0
    for _ in range(steps):
        at += 1
        if at == len(track) - 1:
            wraps += 1
            at = 0
    return at, wraps


def breaking(
    table: ComponentTable, players: int, side: Side, at: int, pink: int, tile: bool
) -> tuple[GameState, int]:
    """The last seat to act, marker on index ``at``, score 5, glazier above slot 7
    (``YYBGO``, no pink space): taking the ``pink`` pink pieces from the centre breaks them
    all, plus the tile's step when ``tile`` (the tile is still in the centre)."""
    seat = players - 1
    lost = -table.track[at]
    state = position(
        players,
        side,
        ["GGGG"],
        centre="P" * pink,
        tile=None if tile else 0,
        turn=seat,
        components=table,
    )
    state = set_player(state, seat, glazier=7, marker=at, score=5, points_lost=lost)
    return rebalance(state), seat


def test_track01_markers_start_on_the_top_space() -> None:
    """TRACK-01, SETUP-07, SCORE-01: every marker starts on the top space (value 0), with no
    point lost and a score of 0."""
    for players, side in CONFIGS:
        state = new_game(players, side, seed=players)
        for player in state.players:
            assert (player.marker, player.points_lost, player.score) == (0, 0, 0)
        assert state.components.track[0] == 0


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize("table", TRACKS, ids=["default", "short"])
@pytest.mark.parametrize("tile", [False, True])
@pytest.mark.parametrize(("start", "pink"), [(0, 1), (0, 3), (1, 2), (-3, 1), (-2, 1), (-2, 2)])
def test_track02_03_steps_and_wraps(
    players: int, side: Side, table: ComponentTable, tile: bool, start: int, pink: int
) -> None:
    """TRACK-02, TRACK-03, TRACK-04, SCORE-01, PLACE-04, TAKE-03: one step per broken piece
    plus one for the tile; reaching the bottom costs 18 at once and returns the marker to the
    top, the other steps continuing from there. Points lost: 18 per wrap plus the current
    space; the score may drop below zero (RUL-09)."""
    at = start % len(table.track)
    state, seat = breaking(table, players, side, at, pink, tile)
    after = apply(state, Take(CENTRE, PINK, None)).players[seat]
    index, wraps = walk(table.track, at, pink + tile)
    assert (after.marker, after.score) == (index, 5 - 18 * wraps)
    assert after.points_lost == 18 * wraps - table.track[index]
    assert after.marker != len(table.track) - 1


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_track03_two_wraps_in_one_turn(players: int, side: Side) -> None:
    """TRACK-03, RUL-08, TRACK-04, SCORE-01: from -14 (index 7 of the 9 default spaces) the
    tile's step and 10 broken pieces make 11 steps: the 1st reaches -18 (-18 points, back to
    the top), the 9th reaches -18 again (-18), the 10th and 11th end on index 2 (-2). The
    score goes 5 -> -31; points lost: 18 + 18 + 2 = 38."""
    table = table_with({"track": [0, -1, -2, -4, -6, -8, -11, -14, -18]})
    state, seat = breaking(table, players, side, 7, 10, tile=True)
    assert state.players[seat].points_lost == 14
    after = apply(state, Take(CENTRE, PINK, None)).players[seat]
    assert (after.marker, after.score, after.points_lost) == (2, -31, 38)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_track02_nothing_else_moves_the_marker(players: int, side: Side) -> None:
    """TRACK-02: a factory take that places every piece, a centre take after the tile was
    taken, and a reset leave the marker where it is (index 4)."""
    seat = players - 1
    state = position(players, side, ["OOGG"], centre="OB", tile=0, turn=seat)
    state = rebalance(set_player(state, seat, marker=4, points_lost=-state.components.track[4]))
    marker = (4, -state.components.track[4])
    moved = rebalance(set_player(state, seat, glazier=3))
    cases: list[tuple[GameState, Action]] = [
        (state, Take(0, ORANGE, 2)),
        (state, Take(CENTRE, ORANGE, 2)),
        (moved, Reset()),
    ]
    for before, action in cases:
        me = apply(before, action).players[seat]
        assert (me.marker, me.points_lost) == marker


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_score01_score_has_no_lower_bound(players: int, side: Side) -> None:
    """SCORE-01, TRACK-03: a player on 0 points whose marker reaches the bottom has -18."""
    state, seat = breaking(DEFAULT, players, side, len(DEFAULT.track) - 2, 1, tile=False)
    state = set_player(state, seat, score=0)
    after = apply(state, Take(CENTRE, PINK, None)).players[seat]
    assert (after.score, after.marker, after.points_lost) == (-18, 0, 18)
