"""Tool cards: cost (FAVOR-01 to FAVOR-04), when each can be chosen (TOOL-14, RUL-13, RUL-15),
each card's effect decision by decision (TOOL-01 to TOOL-13) and the lead's rulings (RUL-01 to
RUL-09, RUL-12, RUL-20); the solo payment (SOLO-03, RUL-08).

Patterns used (see test_placement)::

    Lux Astram    .1GP4 / 6P25G / 1G53P / .....
    Sun Catcher   .B2.Y / .4.R. / ..5Y. / G3..P

On Sun Catcher with a green 6 on r1c1, a green die fits only r2c2 (a 4 space): r1c2 is blue
and r2c1 touches the green 6.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from sintra_rules import IllegalAction
from sintra_rules.games.sagrada import (
    Adjust,
    ChooseValue,
    Draft,
    EndTurn,
    Pick,
    Place,
    ReturnDie,
    SagradaState,
    Swap,
    UseTool,
    action_from_text,
    action_to_text,
    apply,
    apply_chance,
    apply_traced,
    chance_outcomes,
    legal_actions,
    position_from_text,
    target_score,
    violations,
)
from sintra_rules.games.sagrada import events as ev
from tests.sagrada.helpers import cell, d, make_state

SUN_G6: dict[str, Any] = {
    "patterns": ("Sun Catcher", "Lux Astram"),
    "windows": [{"r1c1": "G6"}, {}],
}
ROLLS = tuple((v, Fraction(1, 6)) for v in range(6))


def clauses(state: SagradaState, action: object) -> list[str]:
    return [e.clause for e in violations(state, action)]


def drafted(die: str, tools: tuple[int, ...], **kw: Any) -> SagradaState:
    """A state of seat 0's first turn with ``die`` just drafted."""
    kw.setdefault("pool", ())
    state = make_state(tools=tools, pool=(die, *kw.pop("pool")), **kw)
    return apply(state, Draft(*d(die)))


def move(state: SagradaState, src: str, dst: str) -> SagradaState:
    return apply(apply(state, Pick(cell(src))), Place(cell(dst)))


# -- cost and choice ----------------------------------------------------------------------


def test_favor_02_cost_one_then_two() -> None:
    """FAVOR-02, FAVOR-04: 1 token onto a card holding none, else 2; the tokens leave the
    player for good."""
    fresh = apply(drafted("R3", (1, 2, 3)), UseTool(1))
    assert fresh.tokens == (1, 0, 0) and fresh.players[0].favor == 5 - 1
    used = apply(drafted("R3", (1, 2, 3), tokens=(1, 0, 0)), UseTool(1))
    assert used.tokens == (3, 0, 0) and used.players[0].favor == 5 - 2
    done = apply(apply(used, Adjust(1)), Place(cell("r4c1")))
    after = apply(done, EndTurn())
    assert after.tokens == (3, 0, 0) and after.players[0].favor == 3
    assert clauses(drafted("R3", (1, 2, 3)), UseTool(1, 3)) == ["FAVOR-02"]  # no die pays


def test_favor_03_cannot_pay() -> None:
    """FAVOR-03: a player with fewer tokens than the cost cannot choose the card."""
    state = drafted("R3", (1, 2, 3), tokens=(1, 0, 0), favor=(1, 3))
    assert UseTool(1) not in legal_actions(state)
    assert clauses(state, UseTool(1)) == ["FAVOR-03"]
    cheap = drafted("R3", (1, 2, 3), tokens=(0, 0, 0), favor=(1, 3))
    assert UseTool(1) in legal_actions(cheap)


def test_favor_01_one_tool_per_turn() -> None:
    """FAVOR-01: after a tool card, no other this turn."""
    state = make_state(windows=[{"r4c1": "G4"}, {}], tools=(2, 3, 4), pool=("R3",))
    moved = move(apply(state, UseTool(2)), "r4c1", "r4c3")
    assert UseTool(3) not in legal_actions(moved)
    assert clauses(moved, UseTool(3)) == ["FAVOR-01"]


def test_tool_14_only_tools_in_play() -> None:
    """TOOL-14: only a tool in play can be chosen."""
    assert clauses(drafted("R3", (1, 2, 3)), UseTool(9)) == ["TOOL-14"]


def test_tool_14_after_drafting_tools_need_the_die_in_hand() -> None:
    """TOOL-14, RUL-15: Grozing Pliers, Lens Cutter, Flux Brush, Cork-backed Straightedge,
    Grinding Stone and Flux Remover act on the die drafted this turn, so not before a draft;
    the refusal names the tool's own clause."""
    for tools in ((1, 5, 6), (9, 10, 11)):
        state = make_state(tools=tools, pool=("R3",), round=2, track={0: ("B2",)})
        assert [a for a in legal_actions(state) if isinstance(a, UseTool)] == []
        assert clauses(state, UseTool(tools[0])) == [f"TOOL-{tools[0]:02d}"]
        after = apply(state, Draft(0, 3))
        offered = [a for a in legal_actions(after) if isinstance(a, UseTool)]
        assert offered == [UseTool(t) for t in tools]


def test_illegal_tool_use_names_every_reason() -> None:
    """ENG-10: a tool that cannot be chosen for several reasons names each, in increasing
    order of clause ID; apply raises the first with the others as notes."""
    state = make_state(tools=(7, 2, 3), pool=("R3",), tool_used=True, favor=(0, 3))
    assert clauses(state, UseTool(7)) == ["FAVOR-01", "FAVOR-03", "TOOL-07"]
    with pytest.raises(IllegalAction) as info:
        apply(state, UseTool(7))
    assert info.value.clause == "FAVOR-01" and len(info.value.__notes__) == 2


# -- timing ---------------------------------------------------------------------------------


def test_rul_13_tool_07_glazing_hammer() -> None:
    """RUL-13, TOOL-07, ENG-04: only in the second turn of the round, before drafting, with a
    pool die; every pool die is re-rolled in canonical order, one roll each (1/6 per value),
    colours kept, the dice not yet re-rolled keeping their values until their step."""
    first = make_state(tools=(7, 2, 3), pool=("R3", "B5", "B6"))
    assert clauses(first, UseTool(7)) == ["TOOL-07"]
    second = make_state(tools=(7, 2, 3), pool=("R3", "B5", "B6"), step=2)  # seat 1's 2nd turn
    assert second.turn == 1 and UseTool(7) in legal_actions(second)
    rolling = apply(second, UseTool(7), sample=False)
    assert rolling.chance is not None and rolling.chance.kind == "reroll"
    assert rolling.chance.dice == (d("R3"), d("B5"), d("B6")) and chance_outcomes(rolling) == ROLLS
    rolling = apply_chance(rolling, 5)  # the red 3 becomes a 6
    assert rolling.pool == (d("R6"), d("B5"), d("B6"))
    rolling = apply_chance(apply_chance(rolling, 0), 0)
    assert rolling.chance is None and rolling.pool == (d("R6"), d("B1"), d("B1"))
    assert Draft(0, 6) in legal_actions(rolling)  # the draft is still to come
    after_draft = apply(second, Draft(0, 3))
    assert clauses(apply(after_draft, Place(cell("r4c3"))), UseTool(7)) == ["TOOL-07"]
    empty = make_state(tools=(7, 2, 3), pool=(), step=2)
    assert clauses(empty, UseTool(7)) == ["TOOL-07"]


def test_rul_06_tool_08_running_pliers() -> None:
    """RUL-06, TOOL-08: only in the first turn, after its die is drafted and placed; the
    player drafts and places a second die at once (one with a legal space) and skips the
    second turn of the round: A, B, B, A becomes A (two dice), B, B."""
    state = make_state(tools=(8, 2, 3), pool=("R3", "B5", "G1", "Y2"))
    assert clauses(state, UseTool(8)) == ["TOOL-08"]  # not drafted yet
    placed = apply(apply(state, Draft(0, 3)), Place(cell("r4c1")))
    running = apply(placed, UseTool(8))
    assert running.sub == "running" and running.skips == (0,)
    assert legal_actions(running) == (Draft(1, 2), Draft(2, 1), Draft(3, 5))
    assert clauses(running, EndTurn()) == ["TURN-02"]
    second = apply(apply(running, Draft(3, 5)), Place(cell("r4c2")))
    assert second.players[0].window[cell("r4c2")] == d("B5")
    state2, events = apply_traced(apply(apply(second, EndTurn()), EndTurn()), EndTurn())
    assert state2.round == 2 and ev.TurnSkipped(0) in events
    late = make_state(tools=(8, 2, 3), pool=("R3",), step=3, drafted=True)
    assert "TOOL-08" in clauses(late, UseTool(8))


def test_rul_06_running_pliers_needs_a_die_to_draft() -> None:
    """RUL-06: offered only if a pool die can then be drafted and placed under the normal
    rules: here the only pool die is a green 2 with no legal space."""
    state = make_state(**SUN_G6, tools=(8, 2, 3), pool=("G2",), drafted=True)
    assert clauses(state, UseTool(8)) == ["TOOL-08"]


def test_tool_08_skips_only_the_users_second_turn() -> None:
    """TOOL-08, ROUND-03: in a 3-player round started by seat 0, seat 1 uses Running Pliers:
    the order 0, 1, 2, 2, 1, 0 becomes 0, 1, 2, 2, 0."""
    state = make_state(
        patterns=("Lux Astram", "Sun Catcher", "Virtus"),
        tools=(8, 2, 3),
        pool=("R3", "B5", "G1", "Y2", "P4", "P6", "R1"),
        step=1,
    )
    assert state.turn == 1
    placed = apply(apply(state, Draft(0, 1)), Place(cell("r1c1")))
    extra = apply(apply(apply(placed, UseTool(8)), Draft(1, 2)), Place(cell("r2c1")))
    seats = []
    while extra.round == 1:
        extra = apply(extra, EndTurn())
        seats.append(extra.turn)
    assert seats[:-1] == [2, 2, 0]


# -- each card ----------------------------------------------------------------------------


def test_tool_01_grozing_pliers_and_rul_20() -> None:
    """TOOL-01: +1 or -1 on the drafted die, no wrap between 1 and 6; RUL-20: only a new value
    with a legal space is offered (the die never goes back to the pool), and the tool only when
    one of them has a space."""
    low = apply(drafted("R1", (1, 2, 3)), UseTool(1))
    assert legal_actions(low) == (Adjust(1),)
    assert clauses(low, Adjust(-1)) == ["TOOL-01"]
    state = apply(drafted("G5", (1, 2, 3), **SUN_G6), UseTool(1))
    assert legal_actions(state) == (Adjust(-1),)  # G4 fits r2c2; G6 fits nowhere
    assert clauses(state, Adjust(1)) == ["RUL-20"]
    down, events = apply_traced(state, Adjust(-1))
    assert down.hand == d("G4") and legal_actions(down) == (Place(cell("r2c2")),)
    assert events == (ev.DieChanged(1, d("G5"), d("G4")),)
    # G2 becomes G1 or G3: neither fits, so the tool is not offered (the die in hand has no
    # legal space either, so the player could not have drafted it: see test_rul_05)
    stuck = make_state(tools=(1, 2, 3), hand="G2", drafted=True, **SUN_G6)
    assert clauses(stuck, UseTool(1)) == ["RUL-20"]
    assert UseTool(1) not in legal_actions(stuck)


def test_tool_02_eglomise_brush_and_rul_01() -> None:
    """TOOL-02, RUL-01: a move ignoring the destination's colour restriction only: value
    spaces and the neighbour bans still apply."""
    state = make_state(windows=[{"r4c1": "G4", "r4c2": "Y2"}, {}], tools=(2, 3, 4))
    brush = apply(apply(state, UseTool(2)), Pick(cell("r4c2")))
    assert Place(cell("r3c2")) in legal_actions(brush)  # a yellow die on a green space
    assert clauses(brush, Place(cell("r3c1"))) == ["PLACE-04"]  # r3c1 needs a 1
    after = apply(brush, Place(cell("r3c2")))
    assert after.players[0].window[cell("r3c2")] == d("Y2") and after.sub == ""
    ban = make_state(windows=[{"r4c1": "G4", "r4c2": "Y2", "r4c3": "G1"}, {}], tools=(2, 3, 4))
    lifted = apply(apply(ban, UseTool(2)), Pick(cell("r4c3")))
    # the green 1 fits r3c1's value but would touch the green 4: PLACE-06 still applies
    assert clauses(lifted, Place(cell("r3c1"))) == ["PLACE-06"]


def test_tool_03_copper_foil_burnisher() -> None:
    """TOOL-03, RUL-01: a move ignoring the destination's value restriction only."""
    state = make_state(windows=[{"r4c1": "G4", "r4c2": "Y2"}, {}], tools=(2, 3, 4))
    foil = apply(apply(state, UseTool(3)), Pick(cell("r4c2")))
    assert Place(cell("r3c1")) in legal_actions(foil)  # a 2 on the 1 space
    assert clauses(foil, Place(cell("r3c2"))) == ["PLACE-03"]


def test_rul_04_tool_13_moving_the_only_die() -> None:
    """RUL-04, TOOL-13: the only die of a window is lifted, so the window is empty and the
    die goes back on a border space other than its own (PLACE-01)."""
    state = apply(make_state(windows=[{"r4c1": "G4"}, {}], tools=(2, 3, 4)), UseTool(2))
    assert legal_actions(state) == (Pick(cell("r4c1")),)
    lifted = apply(state, Pick(cell("r4c1")))
    border = {0, 1, 2, 3, 4, 5, 9, 10, 14, 16, 17, 18, 19}
    drops = legal_actions(lifted)
    assert drops and all(isinstance(a, Place) and a.cell in border for a in drops)
    assert clauses(lifted, Place(cell("r2c2"))) == ["PLACE-01"]  # its colour is waived
    assert clauses(lifted, Place(cell("r4c1"))) == ["TOOL-13"]


def test_tool_04_lathekin() -> None:
    """TOOL-04, RUL-09: exactly two different dice, every restriction kept; the tool is
    half-done until the second move."""
    state = make_state(windows=[{"r4c1": "G4", "r4c2": "Y2"}, {}], tools=(2, 3, 4))
    first = move(apply(state, UseTool(4)), "r4c1", "r4c3")
    assert first.sub == "pick2" and first.moved == cell("r4c3")
    assert legal_actions(first) == (Pick(cell("r4c2")),)
    assert clauses(first, Pick(cell("r4c3"))) == ["TOOL-04"]
    assert clauses(first, EndTurn()) == ["TURN-02"]
    done = move(first, "r4c2", "r4c4")
    assert done.sub == "" and done.players[0].window[cell("r4c4")] == d("Y2")
    assert EndTurn() in legal_actions(done)
    single = make_state(windows=[{"r4c1": "G4"}, {}], tools=(2, 3, 4))
    assert UseTool(4) not in legal_actions(single)
    assert clauses(single, UseTool(4)) == ["RUL-09"]


def test_tool_05_lens_cutter() -> None:
    """TOOL-05: swap the drafted die with a round-track die (none in round 1); RUL-20: only a
    round-track die with a legal space, other than one equal to the die in hand, is offered."""
    first_round = drafted("B3", (5, 2, 3), **SUN_G6)
    assert clauses(first_round, UseTool(5)) == ["TOOL-05"]
    state = drafted("B3", (5, 2, 3), round=2, track={0: ("R4", "Y6", "B3")}, **SUN_G6)
    lens = apply(state, UseTool(5))
    # a yellow 6 fits nowhere next to the green 6 (r1c2 blue, r2c1 shares the 6, r2c2 a 4)
    assert legal_actions(lens) == (Swap(0, 4),)
    assert clauses(lens, Swap(1, 6)) == ["RUL-20"]
    assert clauses(lens, Swap(3, 3)) == ["RUL-20"]  # an equal die: nothing would change
    taken, events = apply_traced(lens, Swap(0, 4))
    assert taken.hand == d("R4") and taken.track[0] == (d("Y6"), d("B3"), d("B3"))
    assert events == (ev.DieSwapped(0, d("B3"), d("R4")),)
    assert legal_actions(taken) == (Place(cell("r2c1")), Place(cell("r2c2")))
    only_yellow = drafted("B3", (5, 2, 3), round=2, track={0: ("Y6", "B3")}, **SUN_G6)
    assert clauses(only_yellow, UseTool(5)) == ["RUL-20"]


def test_tool_05_takes_from_the_lowest_space() -> None:
    """TOOL-05: of equal dice, the one on the lowest-numbered space is taken, and the drafted
    die goes onto that space."""
    state = drafted("B3", (5, 2, 3), round=5, track={1: ("R4",), 3: ("R4",)}, **SUN_G6)
    after = apply(apply(state, UseTool(5)), Swap(0, 4))
    assert after.track[1] == (d("B3"),) and after.track[3] == (d("R4"),)


def test_tool_06_flux_brush_and_rul_02() -> None:
    """TOOL-06, ENG-03: the drafted die is re-rolled (values 1 to 6 as outcomes 0 to 5, 1/6
    each); RUL-02: with no legal space it returns to the pool, the tool paid and the draft
    used."""
    state = apply(drafted("G5", (6, 2, 3), **SUN_G6), UseTool(6), sample=False)
    assert state.chance is not None and state.chance.kind == "brush"
    assert chance_outcomes(state) == ROLLS
    four = apply_chance(state, 3)
    assert four.hand == d("G4") and legal_actions(four) == (Place(cell("r2c2")),)
    one = apply_chance(state, 0)
    assert one.hand is None and d("G1") in one.pool and legal_actions(one) == (EndTurn(),)
    assert one.drafted and one.tool_used and one.tokens == (1, 0, 0)


def test_rul_20_flux_brush_needs_a_value_that_fits() -> None:
    """RUL-20: Flux Brush is offered only if some value of the die's colour has a legal space,
    so that a roll can place it; otherwise its return to the pool would be certain."""
    # Sun Catcher with Y1 B4 Y2 on row 1: no yellow die fits (r1c4 and r2c3 touch the yellow
    # 2, r2c1 the yellow 1, r2c2 needs a 4 next to the blue 4, r2c4 is red); a red one does
    walled: dict[str, Any] = {
        "patterns": ("Sun Catcher", "Lux Astram"),
        "windows": [{"r1c1": "Y1", "r1c2": "B4", "r1c3": "Y2"}, {}],
        "tools": (6, 2, 3),
        "drafted": True,
    }
    for v in range(1, 7):
        yellow = make_state(hand=f"Y{v}", **walled)
        assert not any(isinstance(a, Place) for a in legal_actions(yellow))
        assert clauses(yellow, UseTool(6)) == ["RUL-20"]
    red = make_state(hand="R3", **walled)
    assert UseTool(6) in legal_actions(red)


def test_tool_09_cork_backed_straightedge_and_rul_03() -> None:
    """TOOL-09: the drafted die goes on a space adjacent to no die, space restrictions kept;
    RUL-03: on an empty window, on the border (PLACE-01)."""
    state = apply(drafted("B5", (9, 2, 3), windows=[{"r4c1": "G4"}, {}]), UseTool(9))
    expected = ["r1c1", "r2c4", "r3c3", "r4c3", "r4c4", "r4c5"]
    assert legal_actions(state) == tuple(Place(cell(x)) for x in expected)
    assert clauses(state, Place(cell("r4c2"))) == ["TOOL-09"]
    empty = apply(drafted("B5", (9, 2, 3)), UseTool(9))
    assert legal_actions(empty) == tuple(Place(c) for c in (0, 15, 16, 17, 18, 19))
    assert clauses(empty, Place(cell("r3c3"))) == ["PLACE-01"]


def test_tool_10_grinding_stone() -> None:
    """TOOL-10: the drafted die turns to its opposite face (7 - value); RUL-20: only when that
    face has a legal space."""
    flipped, events = apply_traced(drafted("G3", (10, 2, 3), **SUN_G6), UseTool(10))
    assert flipped.hand == d("G4") and legal_actions(flipped) == (Place(cell("r2c2")),)
    assert events[-1] == ev.DieChanged(10, d("G3"), d("G4"))
    one = make_state(tools=(10, 2, 3), hand="G1", drafted=True, **SUN_G6)
    assert clauses(one, UseTool(10)) == ["RUL-20"]  # G6 fits nowhere


def test_tool_11_flux_remover_and_rul_12() -> None:
    """TOOL-11, RUL-12: the drafted die goes into the bag, a die is drawn (count / dice in the
    bag, the returned die included), the player chooses its value, then places it or returns it
    to the pool."""
    state = apply(drafted("R3", (11, 2, 3), pool=("B5",)), UseTool(11), sample=False)
    assert state.hand is None and state.chance is not None and state.chance.kind == "remover"
    # the bag holds every die but the blue 5 in the pool: 18 red (the 3 is back), 17 blue
    assert dict(chance_outcomes(state)) == {
        0: Fraction(18, 89),
        1: Fraction(18, 89),
        2: Fraction(18, 89),
        3: Fraction(17, 89),
        4: Fraction(18, 89),
    }
    purple = apply_chance(state, 4)
    assert purple.sub == "flux"
    assert legal_actions(purple) == tuple(ChooseValue(v) for v in range(1, 7))
    chosen = apply(purple, ChooseValue(2))
    actions = legal_actions(chosen)
    assert actions[-1] == ReturnDie() and Place(cell("r4c1")) in actions
    returned = apply(chosen, ReturnDie())
    assert returned.pool == (d("B5"), d("P2")) and returned.hand is None
    assert clauses(chosen, ChooseValue(3)) == ["TURN-01"]


def test_rul_12_only_the_return_without_a_space() -> None:
    """RUL-12: a drawn die with no legal space can only go back to the pool."""
    state = apply(drafted("G5", (11, 2, 3), **SUN_G6), UseTool(11), sample=False)
    green = apply(apply_chance(state, 2), ChooseValue(5))
    assert legal_actions(green) == (ReturnDie(),)


def test_tool_12_tap_wheel_and_rul_07() -> None:
    """TOOL-12, RUL-07: the colour of a die on the round track; one die of it moves, then a
    second, different die of the same colour may move right away (any other decision forgoes
    it); unusable while the round track is empty."""
    window = {"r4c1": "G4", "r4c2": "Y2", "r4c3": "G5"}
    empty_track = make_state(windows=[window, {}], tools=(12, 2, 3))
    assert clauses(empty_track, UseTool(12)) == ["TOOL-12"]
    state = make_state(
        windows=[window, {}], tools=(12, 2, 3), round=2, track={0: ("G1",)}, pool=("R3",)
    )
    wheel = apply(state, UseTool(12))
    assert legal_actions(wheel) == (Pick(cell("r4c1")), Pick(cell("r4c3")))
    assert clauses(wheel, Pick(cell("r4c2"))) == ["TOOL-12"]
    first = move(wheel, "r4c1", "r3c2")
    assert first.sub == "" and first.tool_used and first.moved == cell("r3c2")
    actions = legal_actions(first)
    assert Pick(cell("r4c3")) in actions and EndTurn() in actions  # complete: may end
    assert clauses(first, Pick(cell("r4c2"))) == ["TOOL-12"]  # yellow, not green
    second = move(first, "r4c3", "r4c1")
    assert second.players[0].window[cell("r4c1")] == d("G5") and second.moved is None
    forgone = apply(first, Draft(0, 3))
    assert forgone.moved is None and not any(isinstance(a, Pick) for a in legal_actions(forgone))


def test_rul_09_moving_tools_only_when_a_move_exists() -> None:
    """RUL-09: a moving tool with no possible move is not offered (an empty window)."""
    state = make_state(tools=(2, 3, 4), round=2, track={0: ("G1",)})
    assert [a for a in legal_actions(state) if isinstance(a, UseTool)] == []
    assert clauses(state, UseTool(2)) == ["RUL-09"]


# -- issue 30: the two rulings on tools that send a die back to the pool (RUL-20, RUL-12) ------

#: Issue 30's solo position: Sun Catcher with a red 3 on r1c1; a red 6 has no legal space, and
#: no red die but a 4 (on r2c2) has one.
ISSUE_30_D1 = (
    "sagrada1 round:2 start:1 turn:1.1 tools:1,2,5,6,10 publics:1,4 pool:R6P3G5G2 track:B2Y3 "
    "difficulty:5 p1:SunCatcher,private=RG:R3..../...../...../....."
)
#: Round 10, the solo player's second turn: a red 6 and a purple 3 in the pool, Flux Remover
#: unused; what is left in the pool after the turn ends on the round track (SOLO-04, SOLO-05).
ISSUE_30_D2 = (
    "sagrada1 round:10 start:1 turn:1.2 tools:11 publics:1,4 pool:R6P3 "
    "track:B2Y3/G1/R2/B5/P6/Y1/G2/B3/R4 difficulty:1 "
    "p1:SunCatcher,private=RG:R3..../...../...../....."
)


def _walk(state: SagradaState, *texts: str) -> SagradaState:
    for text in texts:
        state = apply(state, action_from_text(text), sample=False)
    return state


def test_rul_20_issue_30_grinding_a_die_that_cannot_be_placed() -> None:
    """RUL-20 (issue 30, D1): the red 6 may still be drafted (Lens Cutter can take the blue 2
    from the round track, and a roll of Flux Brush can give the red 4 a space), but Grinding
    Stone, which would turn it into a red 1 with no legal space and send it back to the pool
    (the target 7 lower: 5 for the flip, 2 for the paid green die), is refused; so is Grozing
    Pliers (a red 5 or 7: none fits)."""
    state = position_from_text(ISSUE_30_D1)
    drafted_r6 = _walk(state, "draft R6")
    assert [action_to_text(a) for a in legal_actions(drafted_r6)] == [
        "tool 5 pay G2",
        "tool 5 pay G5",
        "tool 6 pay P3",
    ]
    assert clauses(drafted_r6, action_from_text("tool 10 pay G2")) == ["RUL-20"]
    assert clauses(drafted_r6, action_from_text("tool 1 pay P3")) == ["RUL-20"]
    lens = _walk(drafted_r6, "tool 5 pay G2")
    assert [action_to_text(a) for a in legal_actions(lens)] == ["swap B2"]  # Y3 fits nowhere
    assert clauses(lens, action_from_text("swap Y3")) == ["RUL-20"]
    # without Lens Cutter and Flux Brush nothing could place the red 6: it cannot be drafted
    bare = position_from_text(ISSUE_30_D1.replace("tools:1,2,5,6,10", "tools:1,2,3,4,10"))
    assert clauses(bare, action_from_text("draft R6")) == ["RUL-05"]


def test_rul_12_issue_30_flux_remover_returns_a_die_that_could_be_placed() -> None:
    """RUL-12 (issue 30, D2): Flux Remover's new die may go back to the pool although it could
    be placed; in the solo game the target then holds its chosen value (1) instead of the
    drafted 6, besides the purple die paid: 8 lower than after passing, 4 more than if the new
    die were placed."""
    state = position_from_text(ISSUE_30_D2)
    removed = _walk(state, "draft R6", "tool 11 pay P3")
    assert removed.chance is not None and removed.chance.kind == "remover"
    yellow_1 = _walk(apply_chance(removed, 1), "value 1")
    assert [action_to_text(a) for a in legal_actions(yellow_1)] == ["place r2c1", "return"]
    returned = _walk(yellow_1, "return", "end")
    placed = _walk(yellow_1, "place r2c1", "end")
    passed = _walk(state, "end")
    track = 2 + 3 + 1 + 2 + 5 + 6 + 1 + 2 + 3 + 4
    assert returned.is_over and placed.is_over and passed.is_over
    assert target_score(passed) == track + 6 + 3
    assert target_score(returned) == track + 1 == target_score(passed) - 8
    assert target_score(placed) == track == target_score(returned) - 1


# -- solo -----------------------------------------------------------------------------------


def solo(**kw: Any) -> SagradaState:
    return make_state(patterns=("Lux Astram",), privates=["RG"], tools=(1, 2, 3), **kw)


def test_solo_03_paying_with_a_die_and_rul_08() -> None:
    """SOLO-03, RUL-08: a solo tool is paid with a pool die of the card's colour, chosen with
    the tool; die and card leave the game; paying does not use the turn's draft."""
    state = solo(windows=[{"r4c1": "G4"}], pool=("P2", "P5", "B1", "R3"))
    tools = [a for a in legal_actions(state) if isinstance(a, UseTool)]
    assert tools == [UseTool(2, 1), UseTool(3, 3)]  # Grozing (purple) only after a draft
    assert clauses(state, UseTool(2, 2)) == ["SOLO-03"]
    assert clauses(state, UseTool(2)) == ["SOLO-03"]
    paid = apply(state, UseTool(2, 1))
    assert paid.spent == (None, d("B1"), None) and d("B1") not in paid.pool
    assert paid.sub == "pick" and not paid.drafted
    moved = move(paid, "r4c1", "r4c3")
    assert Draft(0, 3) in legal_actions(moved)
    later = apply(apply(moved, EndTurn()), EndTurn())
    assert later.round == 2 and clauses(later, UseTool(2, 1))[0] == "SOLO-03"
    assert later.dice_counts() == (18,) * 5


def test_solo_03_no_die_of_the_colour() -> None:
    """SOLO-03: with no pool die of the card's colour, the card cannot be chosen."""
    state = solo(windows=[{"r4c1": "G4"}], pool=("P2", "R3"))
    assert clauses(state, UseTool(2, 1)) == ["SOLO-03"]
    assert UseTool(3, 3) in legal_actions(state)
