"""Action ids and legal masks (ENG-30): hand-computed ids, a bijection on the legal actions of
random positions of every configuration, id order = canonical order (ENG-05), and clean errors
for every id or action outside the encoding."""

from __future__ import annotations

import itertools

import attrs
import pytest

from sintra_rules import (
    CENTRE,
    Action,
    ActionIdError,
    ComponentTableError,
    Reset,
    Side,
    SintraError,
    Take,
    default_components,
    legal_actions,
    new_game,
)
from sintra_rules.games.sintra.encoding import (
    NUM_ACTIONS,
    RESET_ID,
    action_to_id,
    default_encoding,
    encoding_for,
    id_to_action,
    legal_ids,
    legal_mask,
)
from tests.played import played_positions

CONFIGS = [(n, side) for n in (2, 3, 4) for side in ("A", "B")]


def test_layout_from_the_table() -> None:
    """ENG-30: F = 9 displays + centre, 5 colours, 8 slots + all-break, J = 2 so 3 + 5
    sub-choices: 10 x 5 x 9 x 8 + 1 = 3,601 ids, the reset last."""
    enc = encoding_for(default_components())
    assert (enc.sources, enc.colours, enc.targets, enc.jokers, enc.subs) == (10, 5, 9, 3, 8)
    assert enc.size == NUM_ACTIONS == 3601
    assert enc.reset_id == RESET_ID == 3600
    assert default_encoding() is enc


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (Take(0, 0, 0), 0),
        (Take(0, 0, 0, jokers=1), 1),
        (Take(0, 0, 0, jokers=2), 2),
        (Take(0, 0, 0, jokers=0, keep=0), 3),
        (Take(0, 0, 0, jokers=2, keep=4), 7),
        (Take(0, 0, 1), 8),
        (Take(0, 0, None), 64),
        (Take(0, 1, 0), 72),
        (Take(1, 0, 0), 360),
        (Take(2, 1, 3, jokers=1), 817),
        (Take(8, 4, 7, keep=1), 3228),
        (Take(CENTRE, 0, 0), 3240),
        (Take(CENTRE, 4, None), 3592),
        (Take(CENTRE, 4, 7, keep=4), 3591),
        (Reset(), 3600),
    ],
)
def test_hand_computed_ids(action: Action, expected: int) -> None:
    """ENG-30 examples worked by hand from the formula ((s*5 + c)*9 + t)*8 + u."""
    assert action_to_id(action) == expected


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_bijection_and_canonical_order_on_random_positions(players: int, side: Side) -> None:
    """ENG-30, ENG-05: on every position of random games the legal ids are distinct and strictly
    increasing (so id order is the canonical order), decode to exactly the legal actions, and
    the mask is 1 at exactly those ids."""
    seen_keep = seen_jokers = seen_break = seen_reset = 0
    for state in played_positions(players, side):
        actions = legal_actions(state)
        ids = legal_ids(state)
        assert len(ids) == len(actions)
        assert all(a < b for a, b in itertools.pairwise(ids))
        assert tuple(id_to_action(state, i) for i in ids) == actions
        assert tuple(action_to_id(a) for a in actions) == ids
        mask = legal_mask(state)
        assert len(mask) == NUM_ACTIONS
        assert set(mask) <= {0, 1}
        assert [i for i, bit in enumerate(mask) if bit] == list(ids)
        for action in actions:
            if isinstance(action, Take):
                seen_keep += action.keep is not None
                seen_jokers += action.jokers > 0
                seen_break += action.target is None
            else:
                seen_reset += 1
    # the positions exercised every kind of sub-choice
    assert seen_keep and seen_jokers and seen_break and seen_reset


def test_mask_after_the_game_is_all_zero() -> None:
    """ENG-30: no id is legal once the game is over."""
    final = played_positions(2, "A")[-1]
    assert final.is_over
    assert legal_ids(final) == ()
    assert legal_mask(final) == bytes(NUM_ACTIONS)


@pytest.mark.parametrize(("players", "side"), CONFIGS)
def test_every_id_decodes_and_encodes_back_or_fails_cleanly(players: int, side: Side) -> None:
    """ENG-30: in several positions (start, middle, end of the game) every id in range decodes
    to an action that encodes back to it, except exactly the all-break ids with a sub-choice,
    which raise ActionIdError."""
    states = played_positions(players, side)
    for state in (states[0], states[len(states) // 2], states[-1]):
        failures = []
        for code in range(NUM_ACTIONS):
            try:
                action = id_to_action(state, code)
            except ActionIdError:
                failures.append(code)
                continue
            assert action_to_id(action) == code
        # all-break (target field 8) with sub-choice 1..7: 10 sources x 5 colours x 7
        assert failures == [
            ((s * 5 + c) * 9 + 8) * 8 + u for s in range(10) for c in range(5) for u in range(1, 8)
        ]


def test_keep_ids_take_the_joker_count_from_the_position() -> None:
    """ENG-30: an id that keeps a piece stands for the take filling every free joker space of
    the target strip (PLACE-07); the jokers field of such a take does not change its id."""
    state = new_game(2, seed=3)
    player = state.players[0]
    table = state.components
    joker_slot = next(
        slot
        for slot, strip in enumerate(player.strips)
        if strip is not None and table.side_spaces[strip.strip_id][1 - strip.face][-1]
    )
    # turn the joker strip over to its joker side, with one joker space already used
    strip = player.strips[joker_slot]
    assert strip is not None
    colours = table.colours
    used = tuple(1 if c == 0 else 0 for c in range(colours))
    flipped = attrs.evolve(strip, face=1 - strip.face, filled=(0,) * colours, jokers=used)
    strips = (*player.strips[:joker_slot], flipped, *player.strips[joker_slot + 1 :])
    board = attrs.evolve(player, strips=strips)
    state = attrs.evolve(state, players=(board, *state.players[1:]))
    code = action_to_id(Take(0, 1, joker_slot, jokers=0, keep=2))
    assert action_to_id(Take(0, 1, joker_slot, jokers=1, keep=2)) == code
    assert id_to_action(state, code) == Take(0, 1, joker_slot, jokers=1, keep=2)
    # another slot: no joker space on that side, so no joker
    other = next(s for s in range(8) if s != joker_slot)
    code = action_to_id(Take(0, 1, other, keep=2))
    assert id_to_action(state, code) == Take(0, 1, other, jokers=0, keep=2)


@pytest.mark.parametrize(
    "action",
    [
        Take(9, 0, 0),  # no tenth display
        Take(-2, 0, 0),
        Take(0, 5, 0),  # no sixth colour
        Take(0, -1, 0),
        Take(0, 0, 8),  # slot 9 does not exist
        Take(0, 0, -1),
        Take(0, 0, 0, jokers=3),
        Take(0, 0, 0, jokers=-1),
        Take(0, 0, 0, keep=5),
        Take(0, 0, None, jokers=1),  # all-break places nothing ...
        Take(0, 0, None, keep=0),  # ... and keeps nothing
        Take(True, 0, 0),
        Take(0, 0, 0, 0.0),  # type: ignore[arg-type]
        Take(0, 0, 0, 0, 1.0),  # type: ignore[arg-type]
        Take([0], 0, 0),  # type: ignore[arg-type]
        "1B-1",
        None,
    ],
)
def test_actions_without_an_id_are_refused(action: object) -> None:
    """ENG-30: a value outside the encoding's ranges raises ActionIdError (a SintraError and a
    ValueError), naming the value."""
    with pytest.raises(ActionIdError) as info:
        action_to_id(action)  # type: ignore[arg-type]
    assert isinstance(info.value, SintraError) and isinstance(info.value, ValueError)
    assert info.value.value is action


@pytest.mark.parametrize("code", [-1, 3601, 10**9, True, 1.0, "3", None])
def test_ids_out_of_range_are_refused(code: object) -> None:
    """ENG-30: anything but an int in 0..3600 is refused, naming the range."""
    with pytest.raises(ActionIdError, match=r"ids are 0\.\.3600"):
        id_to_action(new_game(2, seed=0), code)  # type: ignore[arg-type]


def test_a_table_that_cannot_be_encoded_is_refused() -> None:
    """ENG-30: the layout needs one strip per slot; a table built without the loader's checks
    that breaks this is refused with a ComponentTableError naming the field."""
    table = default_components()
    broken = attrs.evolve(table, strips=table.strips[:7])
    with pytest.raises(ComponentTableError, match="strips"):
        encoding_for(broken)
    with pytest.raises(ComponentTableError, match="colours"):
        encoding_for(attrs.evolve(table, colour_codes=(), colour_names=()))
