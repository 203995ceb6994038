"""Setting up a game (SETUP-01 to SETUP-10) and filling the factory displays (END-03 to END-05).

>>> state = new_game(2, side="A", seed=7)
>>> len(state.factories), sum(map(sum, state.factories)), sum(state.bag)
(5, 20, 74)
>>> state.piece_counts()
(20, 20, 20, 20, 20)
"""

from __future__ import annotations

from sintra_rules.errors import ConfigurationError
from sintra_rules.games.sintra.chance import unset_game
from sintra_rules.games.sintra.components import ComponentTable, Side, table_or_default
from sintra_rules.games.sintra.state import GameState, PlayerState, Strip
from sintra_rules.rng import below, draw_piece, seed_state, shuffle

__all__ = ["fill_factories", "new_game"]


def fill_factories(
    factories: int, capacity: int, bag: list[int], tower: list[int], rng: int
) -> tuple[tuple[tuple[int, ...], ...], int]:
    """Fill ``factories`` empty displays with ``capacity`` pieces each, in display order, one
    piece at a time, drawing from ``bag`` (SETUP-09, END-03).

    When the bag is empty, every piece of ``tower`` moves into it and filling continues where it
    stopped (END-04, RUL-12); when both are empty, filling stops and the remaining displays stay
    partly filled or empty (END-05, RUL-13). ``bag`` and ``tower`` are updated in place.
    Returns the filled displays and the next generator state (ENG-02).
    """
    colours = len(bag)
    out: list[tuple[int, ...]] = []
    exhausted = False
    for _ in range(factories):
        display = [0] * colours
        for _ in range(capacity):
            if exhausted:
                break
            if not any(bag):
                if not any(tower):
                    exhausted = True
                    break
                for colour in range(colours):
                    bag[colour] += tower[colour]
                    tower[colour] = 0
            rng, colour = draw_piece(rng, bag)
            display[colour] += 1
        out.append(tuple(display))
    return tuple(out), rng


def new_game(
    num_players: int,
    side: Side = "A",
    seed: int = 0,
    components: ComponentTable | None = None,
    *,
    sample: bool = True,
) -> GameState:
    """A new game of ``num_players`` players on board ``side``, with every random step of setup
    drawn from ``seed`` (SETUP-01 to SETUP-10, ENG-01 to ENG-03).

    Seat 0 is the starting player (ENG-01). With ``sample=False`` nothing is drawn: the state
    returned carries the seeded generator and waits for setup's first chance step, to be
    decided with :mod:`sintra_rules.games.sintra.chance` (ENG-07, ENG-08); sampling its steps one by
    one from the generator gives exactly the game ``sample=True`` returns. For a real table, take
    :func:`~sintra_rules.games.sintra.chance.without_generator` of it and supply every outcome.

    Raises :class:`ConfigurationError` for a player count other than 2 to 4 (COMP-02), a side
    other than ``"A"``/``"B"`` (SETUP-02) or a seed that is not a non-negative integer (ENG-02).

    >>> new_game(5)
    Traceback (most recent call last):
    ...
    sintra_rules.errors.ConfigurationError: COMP-02: the game is for 2 to 4 players, got 5
    """
    table = table_or_default(components)
    if not isinstance(table, ComponentTable):
        raise ConfigurationError("FIG-01", f"components must be a ComponentTable, got {table!r}")
    counts = table.player_counts
    if (
        isinstance(num_players, bool)
        or not isinstance(num_players, int)
        or num_players not in counts
    ):
        raise ConfigurationError(
            "COMP-02",
            f"the game is for {min(counts)} to {max(counts)} players, got {num_players!r}",
        )
    if side not in ("A", "B"):
        raise ConfigurationError("SETUP-02", f"the board side must be 'A' or 'B', got {side!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ConfigurationError("ENG-02", f"the seed must be an integer >= 0, got {seed!r}")
    if not sample:  # ENG-08: every step left to the caller
        return unset_game(table, num_players, side, seed_state(seed))

    rng = seed_state(seed)
    colours = table.colours
    empty = (0,) * colours
    slots = table.windows
    seats: list[PlayerState] = []
    for _seat in range(num_players):
        rng, order = shuffle(rng, tuple(range(slots)))  # SETUP-03
        strips: list[Strip | None] = []
        for slot in range(slots):
            rng, up = below(rng, 2)
            strip_id = order[slot]
            if table.side_spaces[strip_id][up][-1]:  # SETUP-04: joker side face down
                up = 1 - up
            strips.append(Strip(strip_id, up, empty, empty))
        seats.append(
            PlayerState(
                strips=tuple(strips),
                glazier=0,  # SETUP-05
                windows=((None, None),) * slots,
                score=0,  # SETUP-07
                marker=0,
                points_lost=0,
            )
        )
    # SETUP-08: one of each colour on II..VI in random order, the rest in the bag, one onto I.
    rng, later = shuffle(rng, tuple(range(colours)))
    bag = [table.pieces_per_colour - 1] * colours
    rng, first = draw_piece(rng, bag)
    tower = [0] * colours  # SETUP-10
    factories, rng = fill_factories(  # SETUP-01, SETUP-09
        table.factories_for(num_players), table.factory_capacity, bag, tower, rng
    )
    return GameState(
        components=table,
        side=side,
        players=tuple(seats),
        turn=0,  # ENG-01, SETUP-06, ROUND-02
        starter=0,
        tile=None,
        bag=tuple(bag),
        tower=tuple(tower),
        factories=factories,
        centre=empty,
        indicator=(first, *later),
        rng=rng,
    )
