"""The dispute desk: :func:`sintra_rules.games.sintra.explain.explain` on hand-made and played
positions.

Expected values are read off the rulebook's worked examples (EN 000:138-140 the colour bonus of
2 for two yellow pieces in round III; FR 003:496 the window scoring 2 + 1 + 2 = 5) and the
spec's clauses (TURN-01 for the order in which the clauses of a turn fire, TRACK-03 for the -18
wrap), not from the engine. In ``bare`` positions strip ``s`` side 0 lies in slot ``s``
(slot 3 is ``PPPYB``); the shipped side A window values are 4 3 2 3 1 2 1 2.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sintra_rules import (
    CENTRE,
    GameState,
    IllegalAction,
    Reset,
    Side,
    Take,
    apply,
    explain,
    legal_actions,
    new_game,
    violations,
)
from sintra_rules.agents import playout
from sintra_rules.games.sintra.verify.positions import (
    GREEN,
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
    strip_for,
)

SPEC = Path(__file__).resolve().parent.parent / "spec" / "sintra" / "index.toml"
TITLES = {c["id"]: c["title"] for c in tomllib.loads(SPEC.read_text("utf-8"))["clause"]}


def words(report: object) -> str:
    """``str(report)`` with every run of whitespace (line wrapping) as one space."""
    return " ".join(str(report).split())


def amandas_position() -> GameState:
    """The rulebook's example: round III, yellow on the round indicator; player 1's strip in
    slot 6 (window value 2) lacks one green piece and holds two yellow; windows 7 and 8 (values
    1 and 2) hold a piece each, window 6 is empty. Display 1 holds one green piece."""
    state = position(2, "A", ["GOOB"])
    state = set_indicator(state, "YOPB")  # 4 pieces left: round III, yellow on top
    state = set_windows(state, 0, ["", "", "", "", "", "", "O", "B"])
    state = set_strip(state, 0, 5, strip_for(state.components, "PPYYG", filled="PPYY"))
    return rebalance(state)


def test_done02_done06_worked_examples_in_the_explanation() -> None:
    """DONE-02 and DONE-06: completing the strip scores a colour bonus of +2 (two yellow in
    round III) and the window 2 + 1 + 2 = 5; the explanation says so, in the order TURN-01
    gives, and its state is apply's."""
    state = amandas_position()
    assert state.round == 3
    action = Take(0, GREEN, 5, keep=YELLOW)
    report = explain(state, action)
    assert report.legal and not report.violations
    assert report.after == apply(state, action)
    assert report.after is not None and report.after.players[0].score == 2 + 5
    assert report.clauses == (
        "TAKE-01",  # take, the rest to the centre
        "PLACE-03",  # the glazier moves right to slot 6
        "PLACE-01",  # the piece is placed
        "DONE-01",  # the strip is complete
        "DONE-02",  # colour bonus
        "DONE-03",  # keep one, 4 to the tower
        "DONE-04",  # top frame, flip the strip
        "DONE-06",  # window scoring
        "ROUND-03",  # next player
    )
    text = words(report)
    assert "colour bonus +2" in text
    assert "round III" in text
    assert "2 + 1 + 2 = 5" in text
    assert "player 1 0 -> 7" in text
    assert "[1G-6=Y]" in text
    for clause in report.clauses:
        assert f"{clause} ({TITLES[clause]})" in text


def test_track03_wrap_in_the_explanation() -> None:
    """TAKE-03, PLACE-04, TRACK-02, TRACK-03: from the -14 space, the tile's step and two broken
    pieces take the marker to the bottom (-18 at once, back to the top) and on to -2."""
    table = bare().components
    state = position(2, "A", [], centre="PPP", tile=None)
    state = set_strip(state, 0, 3, strip(table, 3, 0, filled="PP"))  # one pink space left
    state = set_player(state, 0, marker=table.track.index(-14), points_lost=14)
    state = rebalance(state)
    action = Take(CENTRE, PINK, 3)
    report = explain(state, action)
    assert report.after == apply(state, action)
    assert report.clauses[:7] == (
        "TAKE-02",
        "TAKE-03",
        "PLACE-03",
        "PLACE-01",
        "PLACE-07",
        "PLACE-04",
        "TRACK-02",
    )
    assert "TRACK-03" in report.clauses
    text = words(report)
    assert "-14 -> -18 (bottom) -> 0 -> -2" in text
    assert "(-18) 1 time: -18 points at once" in text
    assert "player 1 0 -> -18" in text


def test_illegal_action_lists_every_broken_clause() -> None:
    """PLACE-02 and DONE-01: a take onto a strip left of the glazier that names a kept piece
    without completing the strip breaks both; the explanation names both clauses with their
    spec titles, and apply raises the first."""
    table = bare().components
    state = position(2, "A", ["GOOB"])
    state = set_strip(state, 0, 4, strip(table, 4, 0))
    state = set_player(state, 0, glazier=4)
    action = Take(0, GREEN, 1, keep=GREEN)
    report = explain(state, action)
    assert not report.legal and report.after is None and report.steps == ()
    assert report.clauses == ("PLACE-02", "DONE-01")
    assert [(v.clause, v.reason) for v in report.violations] == [
        (v.clause, v.reason) for v in violations(state, action)
    ]
    with pytest.raises(IllegalAction) as raised:
        apply(state, action)
    assert raised.value.clause == "PLACE-02"
    text = words(report)
    assert "Illegal: it breaks 2 rules." in text
    assert f"PLACE-02 ({TITLES['PLACE-02']})" in text
    assert f"DONE-01 ({TITLES['DONE-01']})" in text
    assert "left of the glazier" in text


def test_reset02_and_non_actions() -> None:
    """RESET-02: no reset from the leftmost strip; ENG-04: a value that is not an action."""
    state = new_game(2, seed=7)
    assert explain(state, Reset()).clauses == ("RESET-02",)
    report = explain(state, "1G-1")
    assert report.clauses == ("ENG-04",)
    assert "'1G-1' is not an action" in str(report)


def test_end02_final01_last_turn_explained() -> None:
    """END-02, FINAL-01: the explanation of the game's last action includes final scoring for
    every player and the state is apply's."""
    state = position(3, "B", ["Y"])
    state = rebalance(set_indicator(state, "B"))
    action = legal_actions(state)[0]
    report = explain(state, action)
    assert report.after == apply(state, action) and report.after.is_over
    assert report.clauses.count("FINAL-01") == 3
    assert "END-02" in report.clauses


def played(seed: int, plies: int) -> GameState:
    """The position after ``plies`` uniformly random legal actions from a seeded game."""
    side: Side = "A" if seed % 2 else "B"
    state = new_game(2 + seed % 3, side=side, seed=seed)
    for ply in playout(state, seed, plies=plies):
        state = ply.after
    return state


@given(st.integers(0, 10_000), st.integers(0, 120), st.integers(0, 1_000))
def test_explanation_agrees_with_apply(seed: int, plies: int, pick: int) -> None:
    """ENG-04, TURN-01: for a legal action, the explanation's state is apply's and its steps
    are apply_traced's."""
    state = played(seed, plies)
    actions = legal_actions(state)
    if not actions:
        assert explain(state, Reset()).clauses == ("END-02",)
        return
    action = actions[pick % len(actions)]
    report = explain(state, action)
    assert report.legal and report.after == apply(state, action)
    assert all(step.clause in TITLES for step in report.steps)


@given(
    st.integers(0, 10_000),
    st.integers(0, 120),
    st.integers(-2, 9),
    st.integers(-1, 5),
    st.one_of(st.none(), st.integers(-1, 8)),
    st.integers(-1, 3),
    st.one_of(st.none(), st.integers(-1, 5)),
)
def test_illegal_explanations_match_apply(
    seed: int,
    plies: int,
    source: int,
    colour: int,
    target: int | None,
    jokers: int,
    keep: int | None,
) -> None:
    """TAKE-04, PLACE-02, PLACE-05 to PLACE-07, DONE-01, DONE-03: for any drawn take, the
    explanation is legal exactly when apply accepts it; otherwise it lists the clauses
    ``violations`` lists, the first being the one apply raises, each named in the text."""
    state = played(seed, plies)
    action = Take(source, colour, target, jokers, keep)
    report = explain(state, action)
    try:
        after = apply(state, action)
    except IllegalAction as error:
        assert not report.legal and report.clauses[0] == error.clause
        assert report.clauses == tuple(v.clause for v in violations(state, action))
        text = words(report)
        for clause in report.clauses:
            assert f"{clause} ({TITLES[clause]})" in text
    else:
        assert report.legal and report.after == after
