"""The invariant checker itself (sintra_rules.games.sintra.verify.invariants).

Three kinds of test:

* hand-made positions whose effects are computed by hand from the rules (a wrap of the broken
  glass track, a first and a second completion, the final scoring on both sides): the engine
  must produce those numbers and the checker must accept the step;
* corrupted steps and states: every named invariant must report its own corruption, so none of
  them is a check that cannot fail;
* the independent reading of legality (``rule_breach``, ``expected_actions``) agrees with the
  engine over the full parameter ranges of an action.
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import attrs
import pytest

from sintra_rules import (
    CENTRE,
    Action,
    GameState,
    IllegalAction,
    Reset,
    Side,
    Take,
    apply,
    legal_actions,
    new_game,
)
from sintra_rules.agents import playout
from sintra_rules.games.sintra.verify import oracle, soak
from sintra_rules.games.sintra.verify.invariants import (
    INVARIANTS,
    InvariantFailure,
    check_state,
    check_transition,
    examine,
)
from sintra_rules.games.sintra.verify.oracle import WRAP_COST, expected_actions, rule_breach
from sintra_rules.games.sintra.verify.positions import (
    BLUE,
    GREEN,
    ORANGE,
    PINK,
    YELLOW,
    position,
    rebalance,
    set_indicator,
    set_player,
    set_strip,
    set_windows,
    strip_for,
    table_with,
)
from sintra_rules.games.sintra.verify.soak import POLICIES, game_plan, play_checked, run_soak
from sintra_rules.verify.perft import position_after

SPEC_IDS = {
    clause["id"]
    for clause in tomllib.loads(
        (Path(__file__).parents[1] / "spec" / "sintra" / "index.toml").read_text("utf-8")
    )["clause"]
}
STEP_NAMES = {inv.name for inv in INVARIANTS if inv.kind == "transition"}
STATE_NAMES = {inv.name for inv in INVARIANTS if inv.kind == "state"}


def names(failures: Iterable[InvariantFailure]) -> set[str]:
    return {failure.invariant for failure in failures}


def step(before: GameState, action: Action) -> GameState:
    """Apply ``action`` and require every invariant to hold."""
    after = apply(before, action)
    failures = check_transition(before, action, after) + check_state(after)
    assert failures == [], "\n".join(map(str, failures))
    return after


def test_registry_cites_existing_clauses() -> None:
    """Every invariant has a unique name, a summary and cites only spec clauses that exist."""
    assert len({inv.name for inv in INVARIANTS}) == len(INVARIANTS)
    for inv in INVARIANTS:
        assert inv.summary and inv.clauses
        assert set(inv.clauses) <= SPEC_IDS, inv


#: What the oracle may take from the engine: the types of a state and an action and the table's
#: data. Nothing that lists actions, scores, moves the track or applies a rule.
ORACLE_ENGINE_IMPORTS = {
    "sintra_rules.games.sintra.actions": {"Action", "Reset", "Take"},
    "sintra_rules.games.sintra.components": {"ComponentTable"},
    "sintra_rules.games.sintra.state": {"CENTRE", "GameState", "PlayerState", "Strip", "Window"},
}
VERIFY = Path(__file__).parents[1] / "sintra_rules" / "games" / "sintra" / "verify"
#: Per module of the checker: what it may import from the package. The invariants also take
#: ``legal_actions`` (which they check against the oracle's enumeration) and the oracle itself.
ALLOWED_ENGINE_IMPORTS = {
    "oracle.py": ORACLE_ENGINE_IMPORTS,
    "invariants.py": {
        **ORACLE_ENGINE_IMPORTS,
        "sintra_rules.games.sintra.rules": {"legal_actions"},
        "sintra_rules.games.sintra.verify.oracle": set(oracle.__all__),
    },
}


@pytest.mark.parametrize("name", sorted(ALLOWED_ENGINE_IMPORTS))
def test_checker_does_not_borrow_the_engines_rule_code(name: str) -> None:
    """SCORE-01, DONE-02, DONE-06, TRACK-03, FINAL-01..05: the expectations of the invariants
    are computed independently. The oracle imports from the engine only types and table data,
    the invariants add ``legal_actions``; neither imports ``scoring``, ``apply`` or a private
    rules helper, and neither calls a state method that derives a rule's result."""
    path = VERIFY / name
    tree = ast.parse(path.read_text("utf-8"))
    borrowed: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names if alias.name.startswith("sintra")]
            assert not modules, f"line {node.lineno}: import {modules}"
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sintra"):
            assert node.module is not None
            borrowed.setdefault(node.module, set()).update(a.name for a in node.names)
    # Imports inside docstring examples are not code; only real imports are parsed above.
    for module, names_used in borrowed.items():
        allowed = ALLOWED_ENGINE_IMPORTS[name].get(module, set())
        assert names_used <= allowed, f"{module}: {sorted(names_used - allowed)}"
    called = {
        node.func.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    }
    forbidden = {"outcome", "final_score", "apply", "apply_traced", "leftmost_strip"}
    assert not called & forbidden, sorted(called & forbidden)


# ------------------------------------------------------------------ hand-computed steps


@pytest.mark.parametrize("track", [None, [0, -1, -2, -4, -8, -18]])
def test_wrap_costs_18_and_continues_from_top_track_03_rul_08_rul_10(
    track: list[int] | None,
) -> None:
    """TRACK-02, TRACK-03, TRACK-04, TAKE-03, RUL-08, RUL-10: the marker stands one space
    above the bottom with score 5 and takes 4 steps (the tile's step first, then 3 broken
    pieces, no strip left to take them): the first step reaches the bottom (-18, back to the
    top), the next three go on from the top."""
    table = None if track is None else table_with({"track": track})
    state = position(2, "A", ["BB"], centre="OOO", tile=None, turn=0, components=table)
    values = state.components.track
    above_bottom = len(values) - 2
    state = set_windows(state, 0, ["BG"] * 8)  # every strip has left: nothing can be placed
    state = set_player(state, 0, marker=above_bottom, score=5, points_lost=-values[above_bottom])
    state = rebalance(state)
    action = Take(CENTRE, ORANGE, None)
    after = step(state, action)
    me = after.players[0]
    assert (me.marker, me.score) == (3, 5 - 18)
    assert me.points_lost == 18 * 1 + -values[3]
    assert examine(state, action, after).events.wraps == 1
    assert after.tile == 0 and after.tower[ORANGE] == state.tower[ORANGE] + 3


def completing(top: str) -> tuple[GameState, Take]:
    """Seat 0's strip ``OOOPY`` in slot 2 holds ``OOOP``; display 1 holds ``YYBB``; the round
    is orange; windows 5 and 7 hold a top piece, window 2 holds ``top``. Taking the yellow
    pieces completes the strip with one of them and breaks the other (PLACE-04, PLACE-07)."""
    state = position(2, "A", ["YYBB", "G"], turn=0)
    specs = ["", "", top, "", "", "B", "", "G"]
    state = set_windows(state, 0, specs)
    state = set_strip(state, 0, 2, strip_for(state.components, "OOOPY", filled="OOOP"))
    state = rebalance(set_indicator(state, "OBGPY"))
    return state, Take(0, YELLOW, 2, keep=PINK)


def test_first_completion_flips_strip_and_scores_window_done_02_to_06() -> None:
    """DONE-02: 3 orange pieces in an orange round give 3; DONE-03: the pink piece is kept,
    the other 4 go to the tower; DONE-04: it goes on the empty top frame of window 3 and the
    strip turns over, empty; DONE-06: window 3 scores its value plus windows 6 and 8 (they
    hold pieces); PLACE-04: the second yellow breaks (1 step); PLACE-03: glazier to slot 3."""
    state, action = completing("")
    after = step(state, action)
    values = state.components.window_values("A")
    me = after.players[0]
    assert me.score == 3 + values[2] + values[5] + values[7]
    assert me.windows[2] == (PINK, None)
    flipped, original = me.strips[2], state.players[0].strips[2]
    assert flipped is not None and original is not None and flipped.pieces == 0
    assert (flipped.strip_id, flipped.face) == (original.strip_id, 1 - original.face)
    assert (me.glazier, me.marker, me.points_lost) == (2, 1, 1)
    tower = [a - b for a, b in zip(after.tower, state.tower, strict=True)]
    assert tower == [0, 0, 3, 0, 2]  # O, O, O and the placed Y from the strip, 1 broken Y
    assert after.centre[BLUE] == 2


def test_second_completion_removes_strip_done_05() -> None:
    """DONE-05: window 3 already holds a green top piece, so the kept pink piece goes on its
    bottom frame and the strip leaves the game; DONE-06 scores the same windows."""
    state, action = completing("G")
    after = step(state, action)
    values = state.components.window_values("A")
    me = after.players[0]
    assert me.windows[2] == (GREEN, PINK)
    assert me.strips[2] is None
    assert me.score == 3 + values[2] + values[5] + values[7]


@pytest.mark.parametrize("side", ["A", "B"])
def test_final_scoring_once_final_01_to_05(side: Side) -> None:
    """END-02, FINAL-01..05, RUL-14, RUL-15: seat 0 takes the game's last piece (a blue onto
    its strip ``BBBGO``, 1 piece there), with 6 more pieces on other strips (7 in all: +2),
    marker on index 3 (-4), windows 1-2 complete (``OP``, ``OO``) and window 3 half (``O``):
    side A ornaments: windows 1+2 hold 4 frame pieces (10), windows 3+4 hold 1 (0): +10;
    side B: 2 complete windows x 4 orange pieces = +8. Seat 1 has nothing: 0."""
    state = position(2, side, ["B"], turn=0)
    table = state.components
    state = set_windows(state, 0, ["OP", "OO", "O"])
    state = set_strip(state, 0, 3, strip_for(table, "PPPYB", filled="PPY"))
    state = set_strip(state, 0, 4, strip_for(table, "YYYBG", filled="YYB"))
    state = set_strip(state, 0, 7, strip_for(table, "YYBGO"))
    state = set_player(state, 0, score=20, marker=3, points_lost=4, glazier=3)
    state = rebalance(set_indicator(state, "G"))
    action = Take(0, BLUE, 7)
    after = step(state, action)
    assert after.is_over
    bonus = 10 if side == "A" else 2 * 4
    assert after.players[0].score == 20 + 7 // 3 - 4 + bonus
    assert after.players[1].score == 0
    assert examine(state, action, after).events.game_ended
    with pytest.raises(IllegalAction):
        apply(after, Reset())


# ------------------------------------------------------------------ every check can fail


def first_step(
    want: Callable[[GameState, Action, GameState], bool], seed: int = 3
) -> tuple[GameState, Action, GameState]:
    """The first step of a seeded uniform random game (2 players, side B) that satisfies
    ``want``."""
    for before, action, after in playout(new_game(2, "B", seed), seed):
        if want(before, action, after):
            return before, action, after
    raise AssertionError("no such step")  # pragma: no cover


def actor(state: GameState, seat: int, **changes: Any) -> GameState:
    player = attrs.evolve(state.players[seat], **changes)
    return attrs.evolve(state, players=(*state.players[:seat], player, *state.players[seat + 1 :]))


def bump(counts: tuple[int, ...], colour: int, by: int = 1) -> tuple[int, ...]:
    out = list(counts)
    out[colour] += by
    return tuple(out)


def placing(b: GameState, a: Action, s: GameState) -> bool:
    return isinstance(a, Take) and a.target is not None and a.target > 0 and s.round == b.round


def round_end(b: GameState, a: Action, s: GameState) -> bool:
    return s.round != b.round


_Corrupt = Callable[[GameState, Action, GameState], GameState]
STEP_CORRUPTIONS: dict[str, tuple[Callable[[GameState, Action, GameState], bool], _Corrupt]] = {
    "track_movement": (
        placing,
        lambda b, a, s: actor(s, b.turn, marker=s.players[b.turn].marker + 1),
    ),
    "score_changes": (
        placing,
        lambda b, a, s: actor(s, 1 - b.turn, score=s.players[1 - b.turn].score + 1),
    ),
    "glazier_moves": (placing, lambda b, a, s: actor(s, b.turn, glazier=0)),
    "windows_fill": (placing, lambda b, a, s: actor(s, 1 - b.turn, windows=((0, None),) * 8)),
    "strip_lifecycle": (placing, lambda b, a, s: actor(s, b.turn, strips=b.players[b.turn].strips)),
    "pieces_moved": (placing, lambda b, a, s: attrs.evolve(s, tower=bump(s.tower, 0))),
    "tile_and_turn": (placing, lambda b, a, s: attrs.evolve(s, turn=b.turn)),
    "rounds_in_order": (placing, lambda b, a, s: attrs.evolve(s, indicator=s.indicator[1:])),
    "refill": (
        round_end,
        lambda b, a, s: attrs.evolve(
            s, bag=bump(s.bag, 0), factories=((0, 0, 0, 0, 0), *s.factories[1:])
        ),
    ),
    "fixed_parts": (placing, lambda b, a, s: attrs.evolve(s, side="A")),
}


def test_every_step_invariant_has_a_corruption() -> None:
    """Each transition invariant is exercised below (apart from legal_action, its own test)."""
    assert set(STEP_CORRUPTIONS) | {"legal_action"} == STEP_NAMES


@pytest.mark.parametrize("name", sorted(STEP_CORRUPTIONS))
def test_step_invariant_reports_its_corruption(name: str) -> None:
    """TRACK-02..04, SCORE-01, PLACE-03, DONE-03..06, TAKE-01..03, ROUND-03, END-01..06: the
    honest step passes; the corrupted one fails the named invariant."""
    want, corrupt = STEP_CORRUPTIONS[name]
    before, action, after = first_step(want)
    assert check_transition(before, action, after) == []
    assert name in names(check_transition(before, action, corrupt(before, action, after)))


def test_illegal_step_fails_legal_action_turn_01() -> None:
    """TURN-01, TAKE-04: a step by an action the rules forbid is reported, whatever the
    engine did with it."""
    state = position(2, "A", ["OOPY"], turn=0)
    assert names(check_transition(state, Take(0, BLUE, 0), state)) == {"legal_action"}


def overfill(state: GameState) -> GameState:
    """Seat 0's first strip with one blue piece more than its side has blue spaces."""
    strips = state.players[0].strips
    slot, strip = next((i, x) for i, x in enumerate(strips) if x is not None)
    spaces = state.components.side_spaces[strip.strip_id][strip.face][BLUE]
    filled = bump(strip.filled, BLUE, spaces + 1 - strip.filled[BLUE])
    return rebalance(set_strip(state, 0, slot, attrs.evolve(strip, filled=filled)))


def _with_factory(s: GameState, display: tuple[int, ...]) -> GameState:
    return attrs.evolve(s, factories=(display, *s.factories[1:]))


STATE_CORRUPTIONS: dict[str, Callable[[GameState], GameState]] = {
    "pieces_conserved": lambda s: attrs.evolve(s, bag=bump(s.bag, 2)),
    "track_position": lambda s: actor(s, 0, marker=len(s.components.track) - 1),
    "factory_capacity": lambda s: rebalance(_with_factory(s, (1, 1, 1, 1, 1))),
    "windows_shape": lambda s: rebalance(
        actor(s, 0, windows=((None, 1), *s.players[0].windows[1:]))
    ),
    "strips_shape": lambda s: overfill(s),
    "start_tile": lambda s: attrs.evolve(s, tile=len(s.players)),
    "rounds": lambda s: attrs.evolve(s, indicator=(*s.indicator, *(0,) * 6)),
    "actions_available": lambda s: rebalance(
        attrs.evolve(s, factories=((0,) * 5,) * len(s.factories), centre=(0,) * 5)
    ),
}


def test_every_state_invariant_has_a_corruption() -> None:
    assert set(STATE_CORRUPTIONS) == STATE_NAMES


@pytest.mark.parametrize("name", sorted(STATE_CORRUPTIONS))
def test_state_invariant_reports_its_corruption(name: str) -> None:
    """COMP-01, TRACK-01, TRACK-04, FIG-03, DONE-04, DONE-05, DONE-01, TAKE-03, ROUND-01,
    ROUND-04: a mid-game state passes; the corrupted one fails the named invariant."""
    state = position_after(3, {"side": "A"}, seed=8, plies=20)
    assert check_state(state) == []
    assert name in names(check_state(STATE_CORRUPTIONS[name](state)))


def test_points_lost_must_match_wraps_track_04() -> None:
    """TRACK-04: points lost that are not 18 x wraps + |value| are reported."""
    state = position_after(2, {"side": "A"}, seed=1, plies=0)
    lost = actor(state, 1, marker=2, points_lost=WRAP_COST + 3)  # |value| of index 2 is 2
    assert "track_position" in names(check_state(lost))
    assert check_state(actor(state, 1, marker=2, points_lost=WRAP_COST + 2)) == []


# ------------------------------------------------------------------ legality, independently


def joker_position() -> GameState:
    """Seat 0's glazier on slot 1; slot 1 holds the joker side ``JJBGO`` with a blue piece on
    a joker space, slot 5 ``OOPPB`` holds ``OPP``: many joker and keep choices (PLACE-06,
    PLACE-07, DONE-03, RUL-07, RUL-18), a reset is possible (RESET-01)."""
    state = position(2, "B", ["OOBB", "GGYP", "BOOO"], centre="GO", tile=None, turn=0)
    table = state.components
    state = set_strip(state, 0, 1, strip_for(table, "JJBGO", jokers="B"))
    state = set_strip(state, 0, 5, strip_for(table, "OOPPB", filled="OPP"))
    return rebalance(set_player(state, 0, glazier=1))


def every_action(state: GameState) -> list[Action]:
    """Every Take over the full range of each field, and the reset (TURN-01, ENG-04)."""
    slots = range(state.components.windows)
    return [Reset()] + [
        Take(source, colour, target, jokers, keep)
        for source in [*range(len(state.factories)), CENTRE]
        for colour in range(state.components.colours)
        for target in [None, *slots]
        for jokers in range(3)
        for keep in [None, *range(state.components.colours)]
    ]


@pytest.mark.parametrize(
    "state",
    [
        joker_position(),
        position_after(4, {"side": "A"}, 6, 45),
        position_after(3, {"side": "B"}, 2, 70),
    ],
    ids=["jokers", "4A-mid", "3B-late"],
)
def test_independent_legality_agrees_with_apply_place_05_to_07(state: GameState) -> None:
    """TAKE-04, PLACE-02, PLACE-05, PLACE-06, PLACE-07, DONE-01, DONE-03, RESET-01, RESET-02:
    over every action of the full parameter ranges, apply accepts exactly those that
    rule_breach finds legal, which are exactly legal_actions and expected_actions."""
    accepted = set()
    for action in every_action(state):
        try:
            after = apply(state, action)
        except IllegalAction:
            assert rule_breach(state, action) is not None, action
            continue
        assert rule_breach(state, action) is None, action
        assert check_transition(state, action, after) == []
        accepted.add(action)
    assert accepted == set(legal_actions(state)) == expected_actions(state)


def test_joker_choices_are_counted_rul_07() -> None:
    """RUL-07, PLACE-06, PLACE-07: in the joker position, the 2 blue pieces of display 1 onto
    slot 2 (``JJBGO`` holding a blue piece on a joker space: 1 free blue space, 1 free joker
    space) must both be placed, so exactly 1 goes on the joker space; the strip then holds 3
    of its 5 pieces, so nothing is kept."""
    state = joker_position()
    options = {
        (a.jokers, a.keep)
        for a in legal_actions(state)
        if isinstance(a, Take) and (a.source, a.colour, a.target) == (0, BLUE, 1)
    }
    assert options == {(1, None)}
    assert Take(0, BLUE, 1, 1) in expected_actions(state)


# ------------------------------------------------------------------ the soak


def test_small_soak_covers_every_configuration() -> None:
    """COMP-02, SETUP-02: 12 soak games play every (players, side) with both policies, with
    every invariant checked at every step and no failure."""
    report = run_soak(12, seed=3, check_every=1)
    plans = [game_plan(i, 3) for i in range(12)]
    assert {(p.num_players, p.side, p.policy) for p in plans} == {
        (n, s, policy) for n in (2, 3, 4) for s in ("A", "B") for policy in POLICIES
    }
    assert report.failures == ()
    first = play_checked(plans[0])
    assert first.failures == () and report.plies > first.plies > 6 * 4
    assert report.wraps > 0
    summary = report.summary()
    assert "12 games" in summary and "failures: 0" in summary


def test_soak_reports_a_failure_with_its_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A failing check is reported with the game's configuration, seed, ply and a reproducer,
    and stops that game."""
    calls: list[int] = []

    def broken(state: GameState) -> list[InvariantFailure]:
        calls.append(1)
        return [InvariantFailure("demo", ("COMP-01",), "forced")] if len(calls) == 3 else []

    monkeypatch.setattr(soak, "check_state", broken)
    report = run_soak(1, seed=2)
    assert len(report.failures) == 1
    failure = report.failures[0]
    assert (failure.plan, failure.ply) == (game_plan(0, 2), 2)
    assert "demo (COMP-01): forced" in str(failure)
    assert "play_checked(GamePlan(2, 'A', 8589934592, 'uniform'))" in str(failure)
    assert report.plies == 2


def test_soak_in_two_processes_gives_the_same_report() -> None:
    """The soak's figures do not depend on the number of worker processes."""
    assert run_soak(4, seed=1, workers=2) == run_soak(4, seed=1)
