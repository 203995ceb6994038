"""Every kind of illegal action is rejected (TURN-01, ENG-04): ``apply`` raises
:class:`IllegalAction` naming the clause broken, the input state is untouched, and
``violations`` lists every clause the action breaks, the first being the one ``apply`` names.

Positions come from ``sintra_rules.games.sintra.verify.positions``: ``bare`` puts strip ``s`` side 0
in slot ``s``: slot 0 ``BBBGO``, 1 ``GGGOP``, 2 ``OOOPY``, 3 ``PPPYB``, 4 ``YYYBG``, 5 ``BBGOP``,
6 ``OOPYB``, 7 ``YYBGO``; the joker side is strip 7 side 1, ``JJBGO``.
"""

from __future__ import annotations

import copy
import itertools
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from sintra_rules import (
    CENTRE,
    Action,
    GameState,
    IllegalAction,
    Reset,
    SintraError,
    Take,
    apply,
    apply_traced,
    default_components,
    is_legal,
    legal_actions,
    violations,
)
from sintra_rules.games.sintra import actions
from sintra_rules.games.sintra.verify.positions import (
    BLUE,
    GREEN,
    ORANGE,
    PINK,
    YELLOW,
    final_turn,
    position,
    rebalance,
    set_player,
    set_strip,
    set_windows,
    strip,
)
from tests.test_setup import GAMES, game_states

TABLE = default_components()


def assert_rejected(state: GameState, action: Any, *clauses: str) -> None:
    """``apply`` and ``apply_traced`` reject ``action`` naming ``clauses[0]``, ``violations``
    lists exactly ``clauses`` in order (a clause broken in two ways may be listed twice), and
    ``state`` is unchanged (equal to a deep copy and to a pickle taken before, same hash)."""
    twin = copy.deepcopy(state)
    frozen = pickle.dumps(state)
    assert not is_legal(state, action)
    runs: tuple[Callable[[GameState, object], GameState], ...] = (
        apply,
        lambda s, a: apply_traced(s, a)[0],
    )
    for run in runs:
        with pytest.raises(IllegalAction) as info:
            run(state, action)
        error = info.value
        assert error.clause == clauses[0], error
        assert error.action is action
        assert isinstance(error, SintraError) and isinstance(error, ValueError)
        assert str(error).startswith(f"{clauses[0]}: ") and error.reason
    found = violations(state, action)
    assert tuple(dict.fromkeys(v.clause for v in found)) == clauses, found
    assert all(isinstance(v, IllegalAction) and v.action is action for v in found)
    assert state == twin and hash(state) == hash(twin)
    assert pickle.dumps(state) == frozen
    if not _ill_typed(action):  # see test_ill_typed_take_differs_from_every_legal_one
        assert action not in legal_actions(state)


def _ill_typed(action: object) -> bool:
    """Whether ``action`` is a Take with a field that is not an int (or None where allowed)."""
    if not isinstance(action, Take):
        return False
    fields = (action.source, action.colour, action.target, action.jokers, action.keep)
    optional = (False, False, True, False, True)
    return any(
        not (type(v) is int or (v is None and opt)) for v, opt in zip(fields, optional, strict=True)
    )


@pytest.fixture
def start() -> GameState:
    """Seat 0 to act, glazier on slot 0; display 0 ``OOPB``, display 1 ``YY``, display 2 empty,
    the centre ``GG`` with the tile."""
    return position(2, "A", ["OOPB", "YY"], centre="GG", tile=None)


# --- step 1: the source and the colour (TAKE-01, TAKE-04) -----------------------------------


@pytest.mark.parametrize("source", [5, 9, -2, 100])
def test_no_such_factory_take_01(start: GameState, source: int) -> None:
    """A source that is neither a display in play (2 players: 0-4) nor the centre (TAKE-01)."""
    assert_rejected(start, Take(source, ORANGE, 2), "TAKE-01")


def test_empty_factory_take_04(start: GameState) -> None:
    """Display 2 is in play but empty (TAKE-04)."""
    assert_rejected(start, Take(2, ORANGE, 2), "TAKE-04")


def test_colour_absent_take_04(start: GameState) -> None:
    """Green is not on display 0, orange not in the centre (TAKE-04)."""
    assert_rejected(start, Take(0, GREEN, 0), "TAKE-04")
    assert_rejected(start, Take(CENTRE, ORANGE, 2), "TAKE-04")
    assert_rejected(start, Take(1, BLUE, 0), "TAKE-04")


@pytest.mark.parametrize("colour", [5, -1, 17])
def test_no_such_colour_take_04(start: GameState, colour: int) -> None:
    """A colour index outside the table's 5 colours (TAKE-04)."""
    assert_rejected(start, Take(0, colour, 0), "TAKE-04")


def test_empty_centre_take_04() -> None:
    """Nothing in the centre (only the tile, which is not a piece): no centre take (TAKE-04)."""
    state = position(2, "A", ["OO"], tile=None)
    for colour, target in zip(range(5), (0, 0, 0, 1, 2), strict=True):  # a matching strip each
        assert_rejected(state, Take(CENTRE, colour, target), "TAKE-04")


# --- step 2: the target (PLACE-02, PLACE-05, RUL-03, RUL-04) --------------------------------


def test_target_left_of_the_glazier_place_02(start: GameState) -> None:
    """Glazier on slot 3: OOOPY in slot 2 is out of reach (PLACE-02)."""
    state = set_player(start, 0, glazier=3)
    assert_rejected(state, Take(0, ORANGE, 2), "PLACE-02")
    assert_rejected(state, Take(0, ORANGE, 0), "PLACE-02")


@pytest.mark.parametrize("target", [8, -1, 99])
def test_no_such_slot_place_02(start: GameState, target: int) -> None:
    """Slots are 0 to 7 (PLACE-02)."""
    assert_rejected(start, Take(0, ORANGE, target), "PLACE-02")


def test_empty_slot_rul_04(start: GameState) -> None:
    """Slot 2's window is complete and its strip gone: never a target, also when the glazier
    stands above it (RUL-04)."""
    state = rebalance(set_windows(start, 0, ["", "", "OP"]))
    assert_rejected(state, Take(0, ORANGE, 2), "RUL-04")
    assert_rejected(set_player(state, 0, glazier=2), Take(0, ORANGE, 2), "RUL-04")


def test_strip_without_a_matching_space_place_05(start: GameState) -> None:
    """PPPYB (slot 3) has no orange space while OOOPY has (PLACE-05, RUL-02)."""
    assert_rejected(start, Take(0, ORANGE, 3), "PLACE-05")
    assert_rejected(start, Take(0, ORANGE, 4), "PLACE-05")


def test_strip_without_a_matching_space_when_none_matches_rul_03(start: GameState) -> None:
    """Glazier on YYBGO (slot 7): no reachable strip takes pink, so naming slot 7 is wrong
    because all pink must break (RUL-03)."""
    state = set_player(start, 0, glazier=7)
    assert_rejected(state, Take(0, PINK, 7), "RUL-03")


def test_all_break_while_a_strip_matches_place_05(start: GameState) -> None:
    """Letting all pieces break while a reachable strip has a matching space (PLACE-05,
    RUL-17), also when that space is a joker space."""
    assert_rejected(start, Take(0, ORANGE, None), "PLACE-05")
    assert_rejected(start, Take(CENTRE, GREEN, None), "PLACE-05")
    jokers = rebalance(set_player(set_strip(start, 0, 7, strip(TABLE, 7, 1)), 0, glazier=7))
    assert_rejected(jokers, Take(0, PINK, None), "PLACE-05")


# --- joker counts (PLACE-06, PLACE-07, RUL-17) -----------------------------------------------


@pytest.fixture
def jokers() -> GameState:
    """Glazier on slot 7, the joker side JJBGO up and empty; display 0 ``BBPY``, display 1
    ``PPPG``, display 2 ``OOOO``."""
    state = position(2, "A", ["BBPY", "PPPG", "OOOO"])
    return rebalance(set_player(set_strip(state, 0, 7, strip(TABLE, 7, 1)), 0, glazier=7))


def test_too_many_jokers_place_06(jokers: GameState) -> None:
    """2 blue: 1 or 2 on joker spaces; 3 is more than the pieces placed (PLACE-06)."""
    assert is_legal(jokers, Take(0, BLUE, 7, 1)) and is_legal(jokers, Take(0, BLUE, 7, 2))
    assert_rejected(jokers, Take(0, BLUE, 7, 3), "PLACE-06")


def test_negative_jokers_place_06(start: GameState, jokers: GameState) -> None:
    """A negative count of pieces on joker spaces (PLACE-06); where at least 1 of the 2 blue
    must go on a joker space, -1 is also too few (PLACE-07)."""
    assert_rejected(start, Take(0, ORANGE, 2, -1), "PLACE-06")
    assert_rejected(jokers, Take(0, BLUE, 7, -1), "PLACE-06", "PLACE-07")


def test_jokers_where_there_are_none_place_06(start: GameState) -> None:
    """OOOPY has no joker space (PLACE-06)."""
    assert_rejected(start, Take(0, ORANGE, 2, 1), "PLACE-06")


def test_jokers_when_every_joker_space_is_taken_place_06(jokers: GameState) -> None:
    """Both joker spaces already hold pieces: 1 blue goes on the blue space only (PLACE-06)."""
    state = rebalance(set_strip(jokers, 0, 7, strip(TABLE, 7, 1, jokers="YY")))
    assert is_legal(state, Take(0, BLUE, 7, 0))  # 1 placed, 1 breaks
    assert_rejected(state, Take(0, BLUE, 7, 1), "PLACE-06")


def test_fewer_pieces_placed_than_fit_place_07(jokers: GameState) -> None:
    """3 pink, 2 joker spaces: both must be used (1 breaks); 2 blue: at least 1 on a joker
    since there is 1 blue space; fewer would break pieces that fit (PLACE-07, RUL-17)."""
    assert_rejected(jokers, Take(1, PINK, 7, 1), "PLACE-07")
    assert_rejected(jokers, Take(1, PINK, 7, 0), "PLACE-07")
    assert_rejected(jokers, Take(0, BLUE, 7, 0), "PLACE-07")


def test_jokers_with_all_break_place_06(start: GameState) -> None:
    """All pieces break (glazier on YYBGO, pink): nothing is placed on a joker (PLACE-06)."""
    state = set_player(start, 0, glazier=7)
    assert is_legal(state, Take(0, PINK, None))
    assert_rejected(state, Take(0, PINK, None, 1), "PLACE-06")


# --- completion: the kept piece (DONE-01, DONE-03) ------------------------------------------


@pytest.fixture
def almost() -> GameState:
    """OOOPY in slot 2 holds O O P Y: one orange completes it."""
    state = position(2, "A", ["OB", "O", "GG"])
    return rebalance(set_strip(state, 0, 2, strip(TABLE, 2, 0, filled="OOPY")))


def test_keep_missing_on_completion_done_03(almost: GameState) -> None:
    """A take that completes the strip must say which piece is kept (DONE-03)."""
    assert_rejected(almost, Take(0, ORANGE, 2), "DONE-03")


@pytest.mark.parametrize("keep", [BLUE, GREEN, 5, -1])
def test_keep_not_on_the_strip_done_03(almost: GameState, keep: int) -> None:
    """The kept colour must be one of the 5 pieces (O, P, Y), and a colour (DONE-03)."""
    assert_rejected(almost, Take(0, ORANGE, 2, keep=keep), "DONE-03")


def test_keep_without_completion_done_01(almost: GameState) -> None:
    """Nothing is kept when the strip is not completed: one orange or one green on BBBGO
    (DONE-01)."""
    assert_rejected(almost, Take(0, ORANGE, 0, keep=ORANGE), "DONE-01")
    assert_rejected(almost, Take(2, GREEN, 0, keep=GREEN), "DONE-01")
    assert_rejected(almost, Take(2, GREEN, 0, keep=BLUE), "DONE-01")


def test_keep_with_all_break_done_01(start: GameState) -> None:
    """All pink break on YYBGO: no strip is completed, so nothing is kept (DONE-01)."""
    state = set_player(start, 0, glazier=7)
    assert_rejected(state, Take(0, PINK, None, keep=PINK), "DONE-01")


# --- action B (RESET-02, RUL-05, RUL-06) ----------------------------------------------------


def test_reset_from_the_leftmost_strip_reset_02(start: GameState) -> None:
    """The glazier is above slot 0, the leftmost strip (RESET-02); also above slot 2 when slots
    0 and 1 are empty."""
    assert_rejected(start, Reset(), "RESET-02")
    state = rebalance(set_player(set_windows(start, 0, ["OP", "GY"]), 0, glazier=2))
    assert_rejected(state, Reset(), "RESET-02")


def test_reset_with_every_strip_reachable_rul_05(start: GameState) -> None:
    """Glazier above the emptied slot 1, slot 0 emptied too: no strip to its left (RUL-05)."""
    state = rebalance(set_player(set_windows(start, 0, ["OP", "GY"]), 0, glazier=1))
    assert_rejected(state, Reset(), "RUL-05")


def test_reset_with_no_strip_left_rul_06(start: GameState) -> None:
    """Every window complete, no strip left (RUL-06)."""
    full = ["OB", "GP", "YY", "BB", "PO", "GB", "YO", "BP"]
    state = rebalance(set_player(set_windows(start, 0, full), 0, glazier=4))
    assert_rejected(state, Reset(), "RUL-06")


# --- after the game (END-02) and wrong types (ENG-04) ----------------------------------------


@pytest.mark.parametrize(
    "action", [Take(0, ORANGE, 2), Take(0, BLUE, 0), Reset(), "RESET", None, Take(9, 9, 9)]
)
def test_any_action_after_the_game_end_02(action: object) -> None:
    """Once the game is over every action is rejected with END-02, and only END-02."""
    state = final_turn(position(2, "B"), "O", indicator="Y")
    over = apply(state, Take(0, ORANGE, 2))
    assert over.is_over and legal_actions(over) == ()
    assert_rejected(over, action, "END-02")


@pytest.mark.parametrize(
    "action", ["take", None, 3, (0, 2, 2), legal_actions, ["RESET"], Take, {"source": 0}]
)
def test_not_an_action_eng_04(start: GameState, action: object) -> None:
    """Anything that is not a Take or a Reset (ENG-04)."""
    assert_rejected(start, action, "ENG-04")


WRONG_TYPES: list[tuple[Take, str]] = [
    (Take(True, ORANGE, 2), "TAKE-01"),  # bool is not a display index
    (Take(0.0, ORANGE, 2), "TAKE-01"),  # type: ignore[arg-type]
    (Take("0", ORANGE, 2), "TAKE-01"),  # type: ignore[arg-type]
    (Take(0, True, 2), "TAKE-04"),
    (Take(0, 2.0, 2), "TAKE-04"),  # type: ignore[arg-type]
    (Take(0, "O", 2), "TAKE-04"),  # type: ignore[arg-type]
    (Take(0, ORANGE, True), "PLACE-02"),
    (Take(0, ORANGE, 2.0), "PLACE-02"),  # type: ignore[arg-type]
    (Take(0, ORANGE, "2"), "PLACE-02"),  # type: ignore[arg-type]
    (Take(0, ORANGE, 2, jokers=False), "PLACE-06"),
    (Take(0, ORANGE, 2, jokers=0.0), "PLACE-06"),  # type: ignore[arg-type]
    (Take(0, ORANGE, 2, jokers=None), "PLACE-06"),  # type: ignore[arg-type]
    (Take(0, ORANGE, 2, keep=True), "DONE-03"),
    (Take(0, ORANGE, 2, keep=2.0), "DONE-03"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("action", "clause"), WRONG_TYPES)
def test_wrong_field_types(start: GameState, action: Take, clause: str) -> None:
    """A Take whose field has the wrong type (a bool, a float, a string) names the clause of
    that field (TAKE-01, TAKE-04, PLACE-02, PLACE-06, DONE-03); the same take with proper ints
    is legal."""
    assert is_legal(start, Take(0, ORANGE, 2))
    assert_rejected(start, action, clause)


def test_ill_typed_take_differs_from_every_legal_one(start: GameState) -> None:
    """An action ``apply`` rejects must not compare equal to an action ``legal_actions``
    offers, or a caller checking ``action in legal_actions(state)`` would accept what ``apply``
    refuses (ENG-04, ENG-05). By plain value equality ``Take(0, 2, 2, jokers=0.0)`` (rejected,
    PLACE-06) equals the legal ``Take(0, 2, 2)``, and ``Take(0, 2, True)`` equals the legal
    ``Take(0, 2, 1)``."""
    legal = legal_actions(start)
    offenders = [action for action, _clause in WRONG_TYPES if action in legal]
    assert all(not is_legal(start, action) for action, _clause in WRONG_TYPES)
    assert offenders == []


def test_interned_takes_stay_well_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Building an ill-typed take with :func:`take` first must not change what
    ``legal_actions`` returns later: every offered action is accepted by ``apply`` (ENG-04,
    ENG-05). JJBGO in slot 7 holds B G O; 2 yellow from display 3 complete it, both on the
    joker spaces, keeping a yellow. The interning cache is replaced by an empty one for this
    test, so the outcome does not depend on earlier tests and later tests are not affected."""
    monkeypatch.setattr(actions, "_TAKES", {})
    odd = Take(3, YELLOW, 7, 2.0, 4.0)  # type: ignore[arg-type]
    assert not is_legal(position(2, "A", ["G"]), odd)
    state = position(2, "A", ["G", "G", "G", "YY"])
    state = set_strip(state, 0, 7, strip(TABLE, 7, 1, filled="BGO"))
    state = rebalance(set_player(state, 0, glazier=7))
    offered = legal_actions(state)
    assert Take(3, YELLOW, 7, 2, YELLOW) in offered
    assert [a for a in offered if not is_legal(state, a)] == []


# --- several clauses at once ----------------------------------------------------------------


def test_all_break_with_jokers_and_keep_lists_three(start: GameState) -> None:
    """All-break while OOOPY matches, with a joker count and a kept colour: PLACE-05, PLACE-06
    and DONE-01."""
    assert_rejected(start, Take(0, ORANGE, None, 1, ORANGE), "PLACE-05", "PLACE-06", "DONE-01")


def test_left_target_and_bad_jokers_lists_both(start: GameState) -> None:
    """Glazier on slot 3; BBBGO (slot 0, no joker space) with 1 joker: PLACE-02 and PLACE-06;
    with a kept colour although nothing completes: PLACE-02 and DONE-01."""
    state = set_player(start, 0, glazier=3)
    assert_rejected(state, Take(0, BLUE, 0, 1), "PLACE-02", "PLACE-06")
    assert_rejected(state, Take(0, BLUE, 0, keep=BLUE), "PLACE-02", "DONE-01")


def test_bad_colour_and_bad_source_lists_both(start: GameState) -> None:
    """Neither a colour nor a source of the game: TAKE-04 and TAKE-01."""
    assert_rejected(start, Take(9, 7, 2), "TAKE-04", "TAKE-01")


def test_bad_source_jokers_and_keep_lists_three(start: GameState) -> None:
    """No such display, a negative joker count and no such colour to keep: TAKE-01, PLACE-06,
    DONE-03."""
    assert_rejected(start, Take(9, ORANGE, 2, -1, 7), "TAKE-01", "PLACE-06", "DONE-03")


def test_too_many_jokers_and_keep_lists_both(jokers: GameState) -> None:
    """3 of 2 blue pieces on jokers and a kept colour without completion: PLACE-06, DONE-01."""
    assert_rejected(jokers, Take(0, BLUE, 7, 3, BLUE), "PLACE-06", "DONE-01")


def test_too_few_jokers_and_missing_keep_lists_both() -> None:
    """JJBGO holding B G and a yellow on a joker: 2 orange complete it only with 1 on the
    joker; 0 jokers and no kept colour: PLACE-07 and DONE-03."""
    state = position(2, "A", ["OO", "G"])
    state = set_strip(state, 0, 7, strip(TABLE, 7, 1, filled="BG", jokers="Y"))
    state = rebalance(set_player(state, 0, glazier=7))
    assert is_legal(state, Take(0, ORANGE, 7, 1, YELLOW))
    assert_rejected(state, Take(0, ORANGE, 7, 0), "PLACE-07", "DONE-03")


# --- legal_actions and violations agree everywhere ------------------------------------------


def _candidates(state: GameState) -> list[Action]:
    """Every Take with fields in a range wide enough to hold each legal one and many illegal
    ones, and the reset."""
    sources = [*range(len(state.factories) + 1), CENTRE]
    targets: list[int | None] = [None, *range(-1, 9)]
    keeps: list[int | None] = [None, *range(6)]
    out: list[Action] = [
        Take(s, c, t, j, k)
        for s, c, t, j, k in itertools.product(sources, range(6), targets, range(-1, 4), keeps)
    ]
    out.append(Reset())
    return out


@pytest.mark.parametrize(("players", "side", "seed"), GAMES[:2])
def test_violations_agree_with_legal_actions(players: int, side: str, seed: int) -> None:
    """At sampled states of whole games, an action has no violation exactly when it is in
    ``legal_actions``, and ``apply`` rejects every other one with the first violation's clause
    (TURN-01, ENG-05)."""
    states = list(game_states(players, side, seed))
    for state in states[:: max(1, len(states) // 4)]:
        legal = set(legal_actions(state))
        for action in _candidates(state):
            found = violations(state, action)
            assert (not found) == (action in legal), (action, found)
            if found and isinstance(action, Take) and action.source == CENTRE:
                with pytest.raises(IllegalAction) as info:
                    apply(state, action)
                assert info.value.clause == found[0].clause
        assert legal <= set(_candidates(state))
