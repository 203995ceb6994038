"""The engine accepts exactly the listed actions, over the whole space of well-formed actions.

A well-formed action is a reset or a take whose fields each lie in their own range: a source
among the game's factory displays and the centre, a colour of the table, a target slot of the
board or ``None`` (all break), a joker count from 0 to a strip's 5 spaces, a kept colour or
``None``. In any position there are at most some 16,000 of them (4 players). For each one,
:func:`~sintra_rules.games.sintra.rules.is_legal` and :func:`~sintra_rules.games.sintra.rules.apply`
must agree with :func:`~sintra_rules.games.sintra.rules.legal_actions`: accepted exactly when listed
(TURN-01, ENG-05).

The positions come from seeded random games and, since those rarely reach the corners (a joker
side face up on a reachable strip holds about one position in 150), from hand-built random
boards: each slot of the player to act holds a drawn strip (either face up, partly filled, its
window empty or with its top piece) or none (the window complete), the glazier stands on a
drawn slot, and displays and centre hold drawn pieces (COMP-01 kept by
:func:`~sintra_rules.games.sintra.verify.positions.rebalance`).

Whole-game checks only ever apply listed actions, so a rule check that is too lax in ``apply``
and ``is_legal`` while ``legal_actions`` enumerates correctly (say, letting every piece break
while a joker space is still free, PLACE-05) passes them all; this test catches it.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
from hypothesis import assume, given
from hypothesis import strategies as st

from sintra_rules import (
    CENTRE,
    Action,
    GameState,
    IllegalAction,
    Reset,
    Side,
    Strip,
    Take,
    apply,
    is_legal,
    legal_actions,
    new_game,
)
from sintra_rules.agents import playout
from sintra_rules.errors import PositionBuildError
from sintra_rules.games.sintra.verify.positions import (
    bare,
    rebalance,
    set_factories,
    set_player,
    set_windows,
    strip,
)
from sintra_rules.games.sintra.verify.soak import POLICIES, Policy

#: The most spaces a strip has, so the most pieces that can go on joker spaces (FIG-09).
STRIP_SPACES = 5


def well_formed(state: GameState) -> Iterator[Action]:
    """Every well-formed action of ``state``'s game (see the module docstring)."""
    table = state.components
    yield Reset()
    colours = range(table.colours)
    for source in (*range(len(state.factories)), CENTRE):
        for colour in colours:
            for target in (None, *range(table.windows)):
                for jokers in range(STRIP_SPACES + 1):
                    for keep in (None, *colours):
                        yield Take(source, colour, target, jokers, keep)


def _accepted_by_apply(state: GameState, action: Action) -> bool:
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True


def _check_whole_space(state: GameState) -> None:
    listed = set(legal_actions(state))
    space = set(well_formed(state))
    assert listed <= space, sorted(listed - space, key=lambda a: a.sort_key())[:3]
    wrong = [
        (str(action), action in listed, is_legal(state, action), _accepted_by_apply(state, action))
        for action in space
        if not (action in listed) == is_legal(state, action) == _accepted_by_apply(state, action)
    ]
    assert not wrong, f"(action, listed, is_legal, apply) disagree: {sorted(wrong)[:5]}"


@st.composite
def boards(draw: st.DrawFn) -> GameState:
    """A hand-built random position (see the module docstring)."""
    players = draw(st.integers(2, 4), label="players")
    side: Side = draw(st.sampled_from(["A", "B"]), label="side")
    state = bare(players, side)
    table = state.components
    codes = st.sampled_from(table.colour_codes)
    seat = draw(st.integers(0, players - 1), label="seat")
    order = draw(st.permutations(range(len(table.strips))), label="strip in each slot")
    windows: list[str] = []
    strips: list[Strip | None] = []
    for slot, strip_id in enumerate(order[: table.windows]):
        kind = draw(st.sampled_from(["open", "top", "gone"]), label=f"slot {slot}")
        top = draw(codes) if kind != "open" else ""
        windows.append(top + draw(codes) if kind == "gone" else top)
        if kind == "gone":
            strips.append(None)
            continue
        face = draw(st.integers(0, 1), label=f"face {slot}")
        text = table.strips[strip_id][face]
        full = draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
        assume(not all(full))
        on = [code for code, used in zip(text, full, strict=True) if used]
        filled = "".join(code for code in on if code != "J")
        jokers = "".join(draw(codes) for code in on if code == "J")
        strips.append(strip(table, strip_id, face, filled, jokers))
    state = set_windows(state, seat, windows)
    glazier = draw(st.integers(0, table.windows - 1), label="glazier")
    state = set_player(state, seat, strips=tuple(strips), glazier=glazier)
    pieces = st.text(alphabet=table.colour_codes, max_size=table.factory_capacity)
    displays = draw(st.lists(pieces, max_size=len(state.factories)), label="displays")
    centre = draw(st.text(alphabet=table.colour_codes, max_size=8), label="centre")
    tile = draw(st.none() | st.integers(0, players - 1), label="tile")
    state = attrs.evolve(set_factories(state, displays, centre, tile), turn=seat, starter=seat)
    assume(sum(state.centre) + sum(map(sum, state.factories)) > 0)
    try:
        return rebalance(state)
    except PositionBuildError:
        assume(False)
        raise


@given(boards())
def test_is_legal_and_apply_accept_exactly_the_listed_actions_on_drawn_boards(
    state: GameState,
) -> None:
    """TURN-01, ENG-05, TAKE-01..04, PLACE-02..07, DONE-01, DONE-03, RESET-01, RESET-02: on
    hand-built boards, including joker sides face up anywhere, ``is_legal`` and ``apply``
    accept a well-formed action exactly when ``legal_actions`` lists it."""
    _check_whole_space(state)


@given(
    players=st.integers(2, 4),
    side=st.sampled_from(["A", "B"]),
    seed=st.integers(0, 2**32 - 1),
    plies=st.integers(0, 200),
    policy=st.sampled_from(POLICIES),
)
def test_is_legal_and_apply_accept_exactly_the_listed_actions(
    players: int, side: Side, seed: int, plies: int, policy: Policy
) -> None:
    """TURN-01, ENG-05, PLACE-05, PLACE-06, RESET-02: over positions of seeded random games,
    ``is_legal`` and ``apply`` accept a well-formed action exactly when ``legal_actions``
    lists it, and every listed action is well-formed."""
    state = new_game(players, side, seed)
    for ply in playout(state, seed, policy, plies):
        state = ply.after
    _check_whole_space(state)
