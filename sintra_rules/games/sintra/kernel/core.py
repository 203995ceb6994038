"""The kernel's hot path: a flat integer state and the rules over it, as typed Python that
mypyc compiles (ENG-50).

This module imports nothing from the rest of the package (so that mypyc compiles it alone) and
runs unchanged, interpreted, where no compiled build is installed. It trusts its input:
:func:`step` takes an id that :func:`legal_ids` returned and checks nothing. The validating,
immutable reference engine (:mod:`sintra_rules.games.sintra.rules`) is the public API and the source
of truth; :mod:`sintra_rules.games.sintra.kernel` converts between the two and is where callers
start.

Every function mirrors a reference function clause by clause; the clause IDs are in the
docstrings.

For speed where mypyc compiles it (``docs/speed.md`` has the profile): the hot functions keep
their integers in ``i64`` (mypyc's native 64-bit integer, from ``mypy_extensions``, named only
in annotations, so nothing is imported at run time and the interpreted module sees plain
``int``), which compiled code adds and multiplies without the checks and boxing of Python
``int``. No value here comes near ``2**63``, so the two builds compute the same numbers: the
SplitMix64 generator (ENG-02) works on two 32-bit halves and multiplies 16-bit pieces by 32-bit
ones. Augmented assignment to a list item (``xs[i] += n``) is written out (``xs[i] = xs[i] +
n``): mypyc compiles the short form to a generic Python addition.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final, cast

if TYPE_CHECKING:  # only annotations name it: no import at run time, compiled or not
    from mypy_extensions import i64

__all__ = [
    "EV_ALL_BROKE",
    "EV_BROKE",
    "EV_COMPLETED",
    "EV_FINAL_SCORED",
    "EV_GAME_ENDED",
    "EV_GLAZIER_MOVED",
    "EV_GLAZIER_RESET",
    "EV_MARKER_MOVED",
    "EV_NOT_COMPLETED",
    "EV_PLACED",
    "EV_REFILLED",
    "EV_ROUND_ENDED",
    "EV_STARTS_NEXT_ROUND",
    "EV_TOOK_CENTRE",
    "EV_TOOK_DISPLAY",
    "EV_TOOK_TILE",
    "EV_TURN_PASSED",
    "EV_WINDOW_SCORED",
    "KState",
    "Rng",
    "Tables",
    "check_position",
    "deal",
    "final_parts",
    "final_scoring",
    "legal_ids",
    "outcome_shares",
    "perft",
    "play_random_games",
    "random_playout",
    "soak_game",
    "step",
    "uct",
]

M32: Final = 0xFFFFFFFF
TWO32: Final = 0x100000000
GOLD_HI: Final = 0x9E3779B9
GOLD_LO: Final = 0x7F4A7C15
MUL1_HI: Final = 0xBF58476D
MUL1_LO: Final = 0x1CE4E5B9
MUL2_HI: Final = 0x94D049BB
MUL2_LO: Final = 0x133111EB

# The event log (ENG-40, ENG-50): while ``KState.trace`` is set, :func:`step` appends one tuple of
# ints per event of :mod:`sintra_rules.games.sintra.events`, its code first, then the event's fields
# in their declared order (booleans as 0 / 1), except where noted.
EV_TOOK_DISPLAY: Final = 0  # seat, display, colour, count, to_centre
EV_TOOK_CENTRE: Final = 1  # seat, colour, count
EV_TOOK_TILE: Final = 2  # seat
EV_ALL_BROKE: Final = 3  # seat, colour, count, glazier
EV_GLAZIER_MOVED: Final = 4  # seat, start, end
EV_PLACED: Final = 5  # seat, slot, colour, count, jokers
EV_BROKE: Final = 6  # seat, colour, count, placed
EV_MARKER_MOVED: Final = 7  # seat, steps, start, end, wraps, points
EV_COMPLETED: Final = 8  # seat, slot, pieces left on the indicator, round colour, bonus, keep,
#                          to_tower, flipped
EV_WINDOW_SCORED: Final = 9  # seat, window, points, then the values
EV_NOT_COMPLETED: Final = 10  # seat, slot, pieces, size
EV_GLAZIER_RESET: Final = 11  # seat, start, end
EV_TURN_PASSED: Final = 12  # seat
EV_ROUND_ENDED: Final = 13  # pieces left on the indicator (before), colour
EV_REFILLED: Final = 14  # poured, short, then the displays' counts, display by display
EV_STARTS_NEXT_ROUND: Final = 15  # seat, tile
EV_GAME_ENDED: Final = 16  # (nothing)
EV_FINAL_SCORED: Final = 17  # seat, leftovers, track, bonus, total


# ----------------------------------------------------------------------------- SplitMix64


def _mul_lo32(a: i64, b: i64) -> i64:
    """``(a * b) mod 2**32`` for ``a, b < 2**32``, through 16-bit pieces (ENG-02)."""
    return (((((a >> 16) * b) & 0xFFFF) << 16) + (a & 0xFFFF) * b) & M32


def _mul64(zh: i64, zl: i64, mh: i64, ml: i64) -> tuple[i64, i64]:
    """``(z * m) mod 2**64`` as (high, low) 32-bit halves (ENG-02)."""
    p = (zl & 0xFFFF) * ml
    q = (zl >> 16) * ml
    t = p + ((q & 0xFFFF) << 16)
    lo = t & M32
    hi = ((q >> 16) + (t >> 32) + _mul_lo32(zl, mh) + _mul_lo32(zh, ml)) & M32
    return hi, lo


class Rng:
    """A SplitMix64 generator (ENG-02) held as two 32-bit halves; bit-identical to
    :mod:`sintra_rules.rng`."""

    hi: i64
    lo: i64

    def __init__(self, hi: i64, lo: i64) -> None:
        self.hi = hi
        self.lo = lo

    def next_u64(self) -> tuple[i64, i64]:
        """One SplitMix64 step: the 64-bit output as (high, low) halves (ENG-02)."""
        lo = self.lo + GOLD_LO
        hi = (self.hi + GOLD_HI + (lo >> 32)) & M32
        lo &= M32
        self.hi = hi
        self.lo = lo
        lo = lo ^ (((lo >> 30) | (hi << 2)) & M32)
        hi = hi ^ (hi >> 30)
        hi, lo = _mul64(hi, lo, MUL1_HI, MUL1_LO)
        lo = lo ^ (((lo >> 27) | (hi << 5)) & M32)
        hi = hi ^ (hi >> 27)
        hi, lo = _mul64(hi, lo, MUL2_HI, MUL2_LO)
        lo = lo ^ (((lo >> 31) | (hi << 1)) & M32)
        hi = hi ^ (hi >> 31)
        return hi, lo

    def below(self, n: i64) -> i64:
        """A uniform integer in ``range(n)``, ``1 <= n < 2**31``, by the rejection sampling of
        :func:`sintra_rules.rng.below` (ENG-02): outputs at or above ``2**64 - (2**64 mod n)``
        are rejected."""
        r32 = TWO32 % n
        rem = (r32 * r32) % n
        while True:
            hi, lo = self.next_u64()
            if rem and hi == M32 and lo > M32 - rem:
                continue
            return ((hi % n) * r32 + lo) % n

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        return Rng(self.hi, self.lo)


def _shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher-Yates from the last index down, in place (ENG-02, as
    :func:`sintra_rules.rng.shuffle`)."""
    i: i64 = len(items) - 1
    while i > 0:
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1


def _draw_piece(rng: Rng, bag: list[int]) -> i64:
    """One piece from a non-empty bag, in place: ``r = below(total)``, then the colours walked
    in table order (ENG-02, :func:`sintra_rules.rng.draw_piece`)."""
    total: i64 = 0
    for n in bag:
        total += n
    r = rng.below(total)
    for colour, count in enumerate(bag):
        if r < count:
            bag[colour] = count - 1
            return colour
        r -= count
    raise AssertionError("unreachable: r < total")


# ----------------------------------------------------------------------------- the tables


class Tables:
    """The printed figures the kernel reads (FIG-01 to FIG-10) and the action-id layout
    (ENG-30), as flat integer lists. Built by :mod:`sintra_rules.games.sintra.kernel` from a
    :class:`~sintra_rules.games.sintra.components.ComponentTable`; ``source`` is that table.

    ``spaces[(strip * 2 + side) * (colours + 1) + c]`` is the capacity of colour ``c`` on a
    strip side, index ``colours`` its joker spaces; ``sizes[strip * 2 + side]`` the total.
    ``ornament_windows[o]`` lists the windows around ornament ``o``. ``id_objects[i]`` is the
    int ``i`` for every action id: :func:`legal_ids` appends these objects, so that compiled
    code does not allocate a new int object for every id it lists.
    """

    colours: i64
    slots: i64
    capacity: i64
    pieces_per_colour: i64
    factories: list[int]
    spaces: list[int]
    sizes: list[int]
    track: list[int]
    values_a: list[int]
    values_b: list[int]
    ornament_windows: list[list[int]]
    ornament_points: list[int]
    id_sources: i64
    id_targets: i64
    id_jokers: i64
    id_subs: i64
    reset_id: i64
    size: i64
    id_objects: list[object]
    source: object

    def __init__(
        self,
        colours: i64,
        slots: i64,
        capacity: i64,
        pieces_per_colour: i64,
        factories: list[int],
        spaces: list[int],
        track: list[int],
        values_a: list[int],
        values_b: list[int],
        ornament_windows: list[list[int]],
        ornament_points: list[int],
        id_sources: i64,
        id_jokers: i64,
        source: object,
    ) -> None:
        self.colours = colours
        self.slots = slots
        self.capacity = capacity
        self.pieces_per_colour = pieces_per_colour
        self.factories = factories
        self.spaces = spaces
        sizes: list[int] = []
        for side in range(len(spaces) // (colours + 1)):
            total = 0
            for k in range(colours + 1):
                total += spaces[side * (colours + 1) + k]
            sizes.append(total)
        self.sizes = sizes
        self.track = track
        self.values_a = values_a
        self.values_b = values_b
        self.ornament_windows = ornament_windows
        self.ornament_points = ornament_points
        self.id_sources = id_sources
        self.id_targets = slots + 1
        self.id_jokers = id_jokers
        self.id_subs = id_jokers + colours
        self.reset_id = id_sources * colours * (slots + 1) * (id_jokers + colours)
        self.size = self.reset_id + 1
        self.id_objects = list(range(self.size))
        self.source = source


# ----------------------------------------------------------------------------- the state


class KState:
    """A position as flat integer lists, mutated in place by :func:`step`.

    Per seat ``p`` and slot ``s`` (index ``p * slots + s``): ``strip_id`` (``-1`` once the
    strip has left the game), ``face``, ``win_top`` and ``win_bottom`` (the colour on each
    frame space, ``-1`` for none); per strip and colour (index ``(p * slots + s) * colours +
    c``): ``filled`` and ``jokers``. Per seat: ``glazier``, ``score``, ``marker``, ``lost``.
    ``factories[f * colours + c]``; ``tile`` is ``-1`` while the tile lies in the centre;
    ``indicator`` is the round indicator, top first; ``rng`` the game's generator.

    While ``trace`` is true, :func:`step` appends the events of each action to ``log`` as
    tuples of ints (the ``EV_*`` codes, ENG-40); it is false in a new state and in a copy, so
    playouts and search never build events.
    """

    tables: Tables
    players: i64
    nfactories: i64
    side_b: bool
    turn: i64
    starter: i64
    tile: i64
    bag: list[int]
    tower: list[int]
    factories: list[int]
    centre: list[int]
    indicator: list[int]
    strip_id: list[int]
    face: list[int]
    filled: list[int]
    jokers: list[int]
    win_top: list[int]
    win_bottom: list[int]
    glazier: list[int]
    score: list[int]
    marker: list[int]
    lost: list[int]
    rng: Rng
    trace: bool
    log: list[tuple[int, ...]]

    def __init__(self, tables: Tables, players: i64, side_b: bool, rng: Rng) -> None:
        colours = tables.colours
        slots = tables.slots
        self.tables = tables
        self.players = players
        self.nfactories = tables.factories[players]
        self.side_b = side_b
        self.turn = 0
        self.starter = 0
        self.tile = -1
        self.bag = [0] * colours
        self.tower = [0] * colours
        self.factories = [0] * (self.nfactories * colours)
        self.centre = [0] * colours
        self.indicator = []
        self.strip_id = [-1] * (players * slots)
        self.face = [0] * (players * slots)
        self.filled = [0] * (players * slots * colours)
        self.jokers = [0] * (players * slots * colours)
        self.win_top = [-1] * (players * slots)
        self.win_bottom = [-1] * (players * slots)
        self.glazier = [0] * players
        self.score = [0] * players
        self.marker = [0] * players
        self.lost = [0] * players
        self.rng = rng
        self.trace = False
        self.log = []

    def copy(self) -> KState:
        """An independent copy (the tables are shared: they never change), not tracing and
        with an empty event log."""
        k = KState(self.tables, self.players, self.side_b, self.rng.copy())
        k.turn = self.turn
        k.starter = self.starter
        k.tile = self.tile
        k.bag = self.bag[:]
        k.tower = self.tower[:]
        k.factories = self.factories[:]
        k.centre = self.centre[:]
        k.indicator = self.indicator[:]
        k.strip_id = self.strip_id[:]
        k.face = self.face[:]
        k.filled = self.filled[:]
        k.jokers = self.jokers[:]
        k.win_top = self.win_top[:]
        k.win_bottom = self.win_bottom[:]
        k.glazier = self.glazier[:]
        k.score = self.score[:]
        k.marker = self.marker[:]
        k.lost = self.lost[:]
        return k

    def is_over(self) -> bool:
        """True once round 6 has ended and final scoring is applied (END-02)."""
        return not self.indicator


# ----------------------------------------------------------------------------- setup


def _fill(k: KState) -> None:
    """Fill every (empty) factory display piece by piece, in display order, from the bag;
    pour the tower into an empty bag (END-04, RUL-12); stop when both are empty (END-05,
    RUL-13). Mirrors :func:`sintra_rules.games.sintra.setup.fill_factories` (SETUP-09, END-03)."""
    colours = k.tables.colours
    capacity = k.tables.capacity
    bag = k.bag
    tower = k.tower
    factories = k.factories
    rng = k.rng
    in_bag: i64 = 0
    for n in bag:
        in_bag += n
    for f in range(k.nfactories):
        for _ in range(capacity):
            if not in_bag:
                for c in range(colours):
                    poured: i64 = tower[c]
                    in_bag += poured
                    bag[c] = bag[c] + poured
                    tower[c] = 0
                if not in_bag:
                    return
            at = f * colours + _draw_piece(rng, bag)
            in_bag -= 1
            factories[at] = factories[at] + 1


def deal(tables: Tables, players: int, side_b: bool, seed_hi: int, seed_lo: int) -> KState:
    """A new game, every random step drawn as :func:`sintra_rules.games.sintra.setup.new_game` draws
    it from the seed ``seed_hi * 2**32 + seed_lo`` (SETUP-01 to SETUP-10, ENG-01 to ENG-03).
    ``players`` must be a supported count (unchecked)."""
    rng = Rng(seed_hi, seed_lo)
    k = KState(tables, players, side_b, rng)
    colours = tables.colours
    slots = tables.slots
    spaces = tables.spaces
    for seat in range(players):
        order = list(range(slots))
        _shuffle(rng, order)  # SETUP-03
        for slot in range(slots):
            up = rng.below(2)
            sid = order[slot]
            if spaces[(sid * 2 + up) * (colours + 1) + colours]:  # SETUP-04
                up = 1 - up
            k.strip_id[seat * slots + slot] = sid
            k.face[seat * slots + slot] = up
    later = list(range(colours))
    _shuffle(rng, later)  # SETUP-08
    k.bag = [tables.pieces_per_colour - 1] * colours
    first = _draw_piece(rng, k.bag)
    k.indicator = [first, *later]
    _fill(k)  # SETUP-01, SETUP-09
    return k


# ----------------------------------------------------------------------------- legal ids


def legal_ids(k: KState) -> list[int]:
    """The ids (ENG-30) of the legal actions, increasing: the canonical order of
    :func:`sintra_rules.games.sintra.rules.legal_actions` (ENG-05); empty once the game is over
    (END-02).

    Takes of a present colour from a source (TAKE-01, TAKE-02, TAKE-04) onto each reachable
    strip (PLACE-02, RUL-04) that has a space for the colour (PLACE-05, RUL-02), the placement
    forced maximal (PLACE-07, RUL-17) with every joker choice (PLACE-06, RUL-07) or, when it
    completes the strip, every kept colour (DONE-03, RUL-18); all-break only when no reachable
    strip can take a piece (RUL-03); the reset last when it moves the glazier left (RESET-01,
    RESET-02, RUL-05)."""
    out: list[object] = []
    if not k.indicator:
        return cast("list[int]", out)
    t = k.tables
    ids = t.id_objects
    colours = t.colours
    slots = t.slots
    stride = colours + 1
    spaces = t.spaces
    sizes = t.sizes
    strip_id = k.strip_id
    face = k.face
    filled = k.filled
    jokers = k.jokers
    subs = t.id_subs
    targets = t.id_targets
    keep_sub = t.id_jokers
    p = k.turn
    glazier: i64 = k.glazier[p]
    base_slot = p * slots
    # the reachable strips, four entries each: slot, side offset, free joker spaces, spaces left
    reach: list[int] = []
    for slot in range(glazier, slots):
        sid: i64 = strip_id[base_slot + slot]
        if sid < 0:
            continue
        side: i64 = sid * 2 + face[base_slot + slot]
        off = side * stride
        sb = (base_slot + slot) * colours
        used_j: i64 = 0
        pieces: i64 = 0
        for c in range(colours):
            j: i64 = jokers[sb + c]
            used_j += j
            pieces += j
            pieces += filled[sb + c]
        free_j0: i64 = spaces[off + colours]
        size: i64 = sizes[side]
        reach.append(slot)
        reach.append(off)
        reach.append(free_j0 - used_j)
        reach.append(size - pieces)
    nreach: i64 = len(reach)
    nfactories = k.nfactories
    last_src = t.id_sources - 1
    for src in range(t.id_sources):
        if src < nfactories:
            counts = k.factories
            cbase = src * colours
        elif src == last_src:
            counts = k.centre
            cbase = 0
        else:
            continue
        for colour in range(colours):
            count: i64 = counts[cbase + colour]
            if not count:
                continue
            id0 = (src * colours + colour) * targets
            found = False
            for i in range(0, nreach, 4):
                slot = reach[i]
                sb = (base_slot + slot) * colours
                room: i64 = spaces[reach[i + 1] + colour]
                free_c = room - filled[sb + colour]
                free_j: i64 = reach[i + 2]
                cap = free_c + free_j
                if not cap:
                    continue
                found = True
                placed = count if count < cap else cap
                base = (id0 + slot) * subs
                if placed == reach[i + 3]:
                    for keep in range(colours):
                        if keep == colour or filled[sb + keep] or jokers[sb + keep]:
                            out.append(ids[base + keep_sub + keep])
                else:
                    low = placed - free_c if placed > free_c else 0
                    high = placed if placed < free_j else free_j
                    for j in range(low, high + 1):
                        out.append(ids[base + j])
            if not found:
                out.append(ids[(id0 + slots) * subs])
    for slot in range(glazier):
        if strip_id[base_slot + slot] >= 0:
            out.append(ids[t.reset_id])
            break
    return cast("list[int]", out)


# ----------------------------------------------------------------------------- apply


def _steps(k: KState, p: i64, steps: i64) -> None:
    """Move seat ``p``'s broken glass marker ``steps`` spaces down, a wrap costing the bottom
    value at once (TRACK-02, TRACK-03, RUL-08, RUL-10); ``lost`` keeps every point lost via the
    track plus the current space (TRACK-04, RUL-16)."""
    track = k.tables.track
    old: i64 = k.marker[p]
    cycle: i64 = len(track) - 1
    total = old + steps
    new = total % cycle
    wraps = total // cycle
    bottom: i64 = track[cycle]
    loss = -bottom * wraps
    k.score[p] = k.score[p] - loss
    k.lost[p] = k.lost[p] + loss - track[new] + track[old]
    k.marker[p] = new
    if k.trace:
        k.log.append((EV_MARKER_MOVED, p, steps, old, new, wraps, -loss))


def step(k: KState, action_id: i64) -> None:
    """Apply the legal action ``action_id`` (ENG-30) in place (TURN-01); unchecked: the id
    must come from :func:`legal_ids` of this very state. While ``k.trace`` is set, the action's
    events are appended to ``k.log`` in the order of
    :func:`sintra_rules.games.sintra.rules.apply_traced` (ENG-40, ENG-50).

    A take moves the pieces (TAKE-01 to TAKE-03), places them (PLACE-01 to PLACE-07), breaks
    the excess (PLACE-04, TRACK-02, TRACK-03), completes the strip (DONE-01 to DONE-06); a reset
    moves the glazier (RESET-01). Then the turn passes (ROUND-03) or the round ends (ROUND-04,
    END-01 to END-06): the displays refilled from the state's generator (ENG-03) or, after the
    last round, final scoring (FINAL-01 to FINAL-05)."""
    t = k.tables
    colours = t.colours
    slots = t.slots
    p = k.turn
    trace = k.trace
    if action_id == t.reset_id:  # RESET-01
        for slot in range(slots):
            if k.strip_id[p * slots + slot] >= 0:
                if trace:
                    k.log.append((EV_GLAZIER_RESET, p, k.glazier[p], slot))
                k.glazier[p] = slot
                break
        _pass(k, p)
        return
    subs = t.id_subs
    sub = action_id % subs
    rest = action_id // subs
    target = rest % t.id_targets
    rest = rest // t.id_targets
    colour = rest % colours
    src = rest // colours
    steps: i64 = 0
    pieces: i64 = 0
    count: i64 = 0
    if src == t.id_sources - 1:  # TAKE-02
        count = k.centre[colour]
        k.centre[colour] = 0
        if trace:
            k.log.append((EV_TOOK_CENTRE, p, colour, count))
        if k.tile < 0:  # TAKE-03
            k.tile = p
            steps = 1
            if trace:
                k.log.append((EV_TOOK_TILE, p))
    else:
        count = _take_display(k, p, src, colour)
    placed: i64 = 0
    completes = False
    filled = k.filled
    jokers = k.jokers
    if target < slots:
        i = p * slots + target
        sb = i * colours
        sid: i64 = k.strip_id[i]
        side = sid * 2 + k.face[i]
        off = side * (colours + 1)
        used_j: i64 = 0
        for c in range(colours):
            j: i64 = jokers[sb + c]
            used_j += j
            pieces += j
            pieces += filled[sb + c]
        joker_spaces: i64 = t.spaces[off + colours]
        free_j = joker_spaces - used_j
        colour_spaces: i64 = t.spaces[off + colour]
        free_c = colour_spaces - filled[sb + colour]
        cap = free_c + free_j
        placed = count if count < cap else cap
        completes = pieces + placed == t.sizes[side]
        if trace:
            if target != k.glazier[p]:
                k.log.append((EV_GLAZIER_MOVED, p, k.glazier[p], target))
            # a completing take fills every free joker space (PLACE-07)
            k.log.append((EV_PLACED, p, target, colour, placed, free_j if completes else sub))
            if count > placed:
                k.log.append((EV_BROKE, p, colour, count - placed, placed))
        k.glazier[p] = target  # PLACE-03
    elif trace:  # RUL-03
        k.log.append((EV_ALL_BROKE, p, colour, count, k.glazier[p]))
    broken = count - placed
    if broken:  # PLACE-04
        k.tower[colour] = k.tower[colour] + broken
        steps += broken
    if steps:
        _steps(k, p, steps)
    if target < slots:
        i = p * slots + target
        sb = i * colours
        if completes:
            _complete(k, p, target, colour, placed, sub - t.id_jokers)
        else:  # PLACE-01, PLACE-06
            filled[sb + colour] = filled[sb + colour] + placed - sub
            jokers[sb + colour] = jokers[sb + colour] + sub
            if trace:
                sid = k.strip_id[i]
                side = sid * 2 + k.face[i]
                k.log.append((EV_NOT_COMPLETED, p, target, pieces + placed, t.sizes[side]))
    for n in k.centre:
        if n:
            _pass(k, p)
            return
    for n in k.factories:
        if n:
            _pass(k, p)
            return
    _end_round(k)


def _pass(k: KState, p: i64) -> None:
    """The turn passes clockwise from seat ``p`` (ROUND-03)."""
    k.turn = (p + 1) % k.players
    if k.trace:
        k.log.append((EV_TURN_PASSED, k.turn))


def _take_display(k: KState, p: i64, src: i64, colour: i64) -> i64:
    """Seat ``p`` takes the pieces of ``colour`` from display ``src`` and the rest of the
    display goes to the centre (TAKE-01); returns how many pieces were taken."""
    colours = k.tables.colours
    factories = k.factories
    centre = k.centre
    fb = src * colours
    count: i64 = factories[fb + colour]
    moved: i64 = 0
    for c in range(colours):
        if c != colour:
            n: i64 = factories[fb + c]
            if n:
                moved += n
                centre[c] = centre[c] + n
        factories[fb + c] = 0
    if k.trace:
        k.log.append((EV_TOOK_DISPLAY, p, src, colour, count, moved))
    return count


def _complete(k: KState, p: i64, target: i64, colour: i64, placed: i64, keep: i64) -> None:
    """Score a completed strip (DONE-01 to DONE-06): the colour bonus (DONE-02), one kept piece
    and the others to the tower (DONE-03), the kept piece on the window's top frame with the
    strip flipped (DONE-04) or on its bottom frame with the strip removed (DONE-05), then the
    window's points (DONE-06)."""
    t = k.tables
    colours = t.colours
    slots = t.slots
    i = p * slots + target
    sb = i * colours
    round_colour: i64 = k.indicator[0]
    bonus: i64 = 0
    to_tower: i64 = 0
    for c in range(colours):
        n: i64 = k.filled[sb + c]
        n += k.jokers[sb + c]
        if c == colour:
            n += placed
        if c == round_colour:
            bonus = n  # DONE-02
        if c == keep:
            n -= 1  # DONE-03
        k.tower[c] = k.tower[c] + n
        to_tower += n
        k.filled[sb + c] = 0
        k.jokers[sb + c] = 0
    flipped = k.win_top[i] < 0
    if flipped:  # DONE-04
        k.win_top[i] = keep
        k.face[i] = 1 - k.face[i]
    else:  # DONE-05
        k.win_bottom[i] = keep
        k.strip_id[i] = -1
    values = t.values_b if k.side_b else t.values_a
    gained: i64 = values[target]  # DONE-06
    for w in range(target + 1, slots):
        if k.win_top[p * slots + w] >= 0:
            gained += values[w]
    k.score[p] = k.score[p] + bonus + gained
    if k.trace:
        k.log.append(
            (
                EV_COMPLETED,
                p,
                target,
                len(k.indicator),
                round_colour,
                bonus,
                keep,
                to_tower,
                1 if flipped else 0,
            )
        )
        scored = [EV_WINDOW_SCORED, p, target, gained, values[target]]
        for w in range(target + 1, slots):
            if k.win_top[p * slots + w] >= 0:
                scored.append(values[w])
        k.log.append(tuple(scored))


def _end_round(k: KState) -> None:
    """End of a round (ROUND-04): the indicator's top piece to the tower (END-01); after the
    last round final scoring (END-02, RUL-20, FINAL-01), else the refill (END-03 to END-05) and
    the tile holder starts (END-06, RUL-11)."""
    trace = k.trace
    if trace:
        k.log.append((EV_ROUND_ENDED, len(k.indicator), k.indicator[0]))
    top: i64 = k.indicator.pop(0)
    k.tower[top] = k.tower[top] + 1
    held = k.tile >= 0
    if held:
        k.starter = k.tile
    k.turn = k.starter
    k.tile = -1
    if k.indicator:
        if trace:
            need = k.nfactories * k.tables.capacity
            in_bag = 0
            in_tower = 0
            for c in range(k.tables.colours):
                in_bag += k.bag[c]
                in_tower += k.tower[c]
            _fill(k)
            refilled = [
                EV_REFILLED,
                in_tower if in_bag < need else 0,  # END-04
                need - in_bag - in_tower if need > in_bag + in_tower else 0,  # END-05
            ]
            refilled.extend(k.factories)
            k.log.append(tuple(refilled))
            k.log.append((EV_STARTS_NEXT_ROUND, k.starter, 1 if held else 0))
        else:
            _fill(k)
    else:
        if trace:
            k.log.append((EV_GAME_ENDED,))
        for p in range(k.players):
            leftovers, track, bonus = final_parts(k, p)
            total = leftovers + track + bonus
            k.score[p] = k.score[p] + total
            if trace:
                k.log.append((EV_FINAL_SCORED, p, leftovers, track, bonus, total))


def final_scoring(k: KState, p: int) -> int:
    """Seat ``p``'s final scoring (FINAL-01): the sum of :func:`final_parts`."""
    leftovers, track, bonus = final_parts(k, p)
    return leftovers + track + bonus


def final_parts(k: KState, p: int) -> tuple[int, int, int]:
    """Seat ``p``'s final scoring (FINAL-01) in parts: a point per 3 pieces left on its strips
    (FINAL-02, RUL-15), the marker's space (FINAL-03), the side A ornament bonus (FINAL-04) or
    the side B bonus (FINAL-05, RUL-14)."""
    t = k.tables
    colours = t.colours
    slots = t.slots
    pieces = 0
    for i in range(p * slots * colours, (p + 1) * slots * colours):
        pieces += k.filled[i] + k.jokers[i]
    bonus = 0
    if k.side_b:
        complete = 0
        counts = [0] * colours
        for w in range(p * slots, (p + 1) * slots):
            if k.win_top[w] >= 0:
                counts[k.win_top[w]] += 1
            if k.win_bottom[w] >= 0:
                counts[k.win_bottom[w]] += 1
                complete += 1
        best = 0
        for n in counts:
            if n > best:
                best = n
        bonus = complete * best
    else:
        for windows in t.ornament_windows:
            filled = 0
            for w in windows:
                if k.win_top[p * slots + w] >= 0:
                    filled += 1
                if k.win_bottom[p * slots + w] >= 0:
                    filled += 1
            bonus += t.ornament_points[filled]
    return pieces // 3, t.track[k.marker[p]], bonus


# ----------------------------------------------------------------------------- playouts


def random_playout(k: KState, agent: Rng) -> int:
    """Play ``k`` to the end in place, every action uniformly among the legal ids drawn from
    ``agent`` (ENG-02, ENG-05); the number of plies played."""
    plies = 0
    while k.indicator:
        ids = legal_ids(k)
        step(k, ids[agent.below(len(ids))])
        plies += 1
    return plies


def play_random_games(tables: Tables, players: int, first_seed: int, games: int, sides: int) -> int:
    """Play ``games`` uniformly random games, game ``g`` seeded ``first_seed + g`` for the
    deal and for its chooser, exactly as :func:`sintra_rules.verify.bench.random_game`;
    ``sides`` 0 = side A, 1 = side B, 2 = alternating from A. Returns the plies played.
    Seeds must be below ``2**62``."""
    plies = 0
    for g in range(games):
        seed = first_seed + g
        side_b = sides == 1 or (sides == 2 and g % 2 == 1)
        k = deal(tables, players, side_b, seed >> 32, seed & M32)
        plies += random_playout(k, Rng(seed >> 32, seed & M32))
    return plies


def perft(k: KState, depth: int) -> int:
    """The number of legal action sequences of length ``depth`` from ``k`` (fewer where the
    game ends first: a finished game counts as one leaf), as
    :func:`sintra_rules.verify.perft.perft` counts them; ``k`` is not changed."""
    if depth == 0 or not k.indicator:
        return 1
    ids = legal_ids(k)
    if depth == 1:
        return len(ids)
    total = 0
    for action_id in ids:
        child = k.copy()
        step(child, action_id)
        total += perft(child, depth - 1)
    return total


# ----------------------------------------------------------------------------- soak


def _placing_ids(k: KState, ids: list[int]) -> list[int]:
    """The ids of the resets and of the takes that place pieces without completing a strip:
    the soak's ``placing`` play (:func:`sintra_rules.agents.random_action`)."""
    t = k.tables
    out: list[int] = []
    for action_id in ids:
        if action_id == t.reset_id or (
            (action_id // t.id_subs) % t.id_targets < t.slots
            and action_id % t.id_subs < t.id_jokers
        ):
            out.append(action_id)
    return out


def _check_pieces(k: KState) -> str:
    """Every colour's pieces are all in play, none counted below zero (COMP-01, FIG-02,
    END-01, END-04, END-05)."""
    t = k.tables
    colours = t.colours
    total = [0] * colours
    pools = [k.bag, k.tower, k.centre, k.factories, k.filled, k.jokers]
    for pool in pools:
        for i in range(len(pool)):
            if pool[i] < 0:
                return "pieces_conserved: a count below zero"
            total[i % colours] += pool[i]
    for windows in (k.win_top, k.win_bottom):
        for piece in windows:
            if piece >= 0:
                total[piece] += 1
    for piece in k.indicator:
        total[piece] += 1
    for c in range(colours):
        if total[c] != t.pieces_per_colour:
            return f"pieces_conserved: {total[c]} pieces of colour {c}, not {t.pieces_per_colour}"
    return ""


def _check_player(k: KState, p: int) -> str:
    """Seat ``p``: the marker on the track, never on the bottom space, its points lost a whole
    number of wraps (TRACK-01, TRACK-03, TRACK-04); windows filled top first, two pieces
    exactly where the strip has left (DONE-04, DONE-05); pieces on a strip fitting its face-up
    side, never all its spaces (PLACE-01, PLACE-06, DONE-01)."""
    t = k.tables
    colours = t.colours
    track = t.track
    cycle = len(track) - 1
    m = k.marker[p]
    if not 0 <= m < cycle:
        return f"track_position: seat {p}'s marker on space {m}"
    lost = k.lost[p] + track[m]
    if lost < 0 or lost % -track[cycle]:
        return f"track_position: seat {p} lost {k.lost[p]} points on space {m}"
    for slot in range(t.slots):
        i = p * t.slots + slot
        if k.win_top[i] < 0 and k.win_bottom[i] >= 0:
            return f"windows_shape: seat {p}'s window {slot} has a bottom piece only"
        sid = k.strip_id[i]
        if (sid < 0) != (k.win_bottom[i] >= 0):
            return f"windows_shape: seat {p}'s window {slot} and its strip disagree"
        if sid < 0:
            continue
        off = (sid * 2 + k.face[i]) * (colours + 1)
        used_j = 0
        pieces = 0
        for c in range(colours):
            if k.filled[i * colours + c] > t.spaces[off + c]:
                return f"strips_shape: seat {p}'s strip in slot {slot} overfilled"
            used_j += k.jokers[i * colours + c]
            pieces += k.filled[i * colours + c] + k.jokers[i * colours + c]
        if used_j > t.spaces[off + colours] or pieces >= t.sizes[sid * 2 + k.face[i]]:
            return f"strips_shape: seat {p}'s strip in slot {slot} holds {pieces} pieces"
    return ""


def check_position(k: KState) -> str:
    """The kernel's own checks of a position, for the soak: ``""`` when all hold, else the
    first failure, named like the reference invariant it mirrors
    (:mod:`sintra_rules.games.sintra.verify.invariants`). Pieces conserved (COMP-01, FIG-02); every
    seat's track, windows and strips (:func:`_check_player`); displays within capacity (FIG-03);
    the tile, turn and starter seats (TAKE-03, ENG-01); before the end a piece to take and
    legal ids, increasing, and none after it (TURN-01, ROUND-04, END-02, ENG-05)."""
    t = k.tables
    found = _check_pieces(k)
    if found:
        return found
    for p in range(k.players):
        found = _check_player(k, p)
        if found:
            return found
    for f in range(k.nfactories):
        held = 0
        for c in range(t.colours):
            held += k.factories[f * t.colours + c]
        if held > t.capacity:
            return f"factory_capacity: display {f} holds {held} pieces"
    if not -1 <= k.tile < k.players or not 0 <= k.turn < k.players:
        return f"start_tile: tile {k.tile}, turn {k.turn}"
    if not 0 <= k.starter < k.players:
        return f"start_tile: starter {k.starter}"
    ids = legal_ids(k)
    if not k.indicator:
        return "actions_available: legal ids after the end" if ids else ""
    left = 0
    for n in k.centre:
        left += n
    for n in k.factories:
        left += n
    if not left or not ids:
        return "actions_available: nothing to take before the end"
    for i in range(1, len(ids)):
        if ids[i] <= ids[i - 1]:
            return "actions_available: legal ids not increasing"
    return ""


def _tally(k: KState, counts: list[int]) -> None:
    """Add the rare events of ``k.log`` to ``counts`` (track wraps, TRACK-03; the tower poured
    into the bag, END-04; a refill short of pieces, END-05) and empty the log."""
    for entry in k.log:
        if entry[0] == EV_MARKER_MOVED:
            counts[0] += entry[5]
        elif entry[0] == EV_REFILLED:
            if entry[1]:
                counts[1] += 1
            if entry[2]:
                counts[2] += 1
    k.log.clear()


def soak_game(
    k: KState, chooser: Rng, placing: bool, per_round: int, per_game: int
) -> tuple[int, int, int, int, int, str]:
    """Play a soak game from ``k`` to the end in place, each action drawn by ``chooser`` as
    :func:`sintra_rules.agents.random_action` draws it (uniformly among the legal ids, or among
    the ``placing`` ones when there are any), with :func:`check_position` before the first and
    after every action and the termination bounds ``per_round`` / ``per_game`` turns
    (:mod:`sintra_rules.games.sintra.bounds`).

    Returns ``(plies, wraps, refills, partial refills, last id, failure)``: ``failure`` is
    ``""`` or the first failing check (the game stops there), ``last id`` the last action's id
    (``-1`` before the first)."""
    counts = [0, 0, 0]
    plies = 0
    in_round = 0
    last = -1
    found = check_position(k)
    k.trace = True
    k.log.clear()
    while not found and k.indicator:
        ids = legal_ids(k)
        choices = _placing_ids(k, ids) if placing else ids
        if not choices:
            choices = ids
        last = choices[chooser.below(len(choices))]
        left = len(k.indicator)
        step(k, last)
        plies += 1
        in_round += 1
        if in_round > per_round:
            found = f"termination: turns per round: {in_round} > {per_round}, the proved bound"
        elif plies > per_game:
            found = f"termination: turns per game: {plies} > {per_game}, the proved bound"
        else:
            found = check_position(k)
        if len(k.indicator) != left:
            in_round = 0
        _tally(k, counts)
    k.trace = False
    return plies, counts[0], counts[1], counts[2], last, found


# ----------------------------------------------------------------------------- search


def outcome_shares(k: KState) -> list[float]:
    """Each seat's share of the win in a finished game: most points (WIN-01), then fewer points
    lost via the track (WIN-02, RUL-16); a shared victory splits it (WIN-03)."""
    best = 0
    found = False
    for p in range(k.players):
        if (
            not found
            or k.score[p] > k.score[best]
            or (k.score[p] == k.score[best] and k.lost[p] < k.lost[best])
        ):
            best = p
            found = True
    winners: list[int] = []
    for p in range(k.players):
        if k.score[p] == k.score[best] and k.lost[p] == k.lost[best]:
            winners.append(p)
    shares = [0.0] * k.players
    for p in winners:
        shares[p] = 1.0 / len(winners)
    return shares


class _Tree:
    """An open-loop search tree: node ``n``'s children by action id, visits and, per child,
    the summed win share of the seat that chose it."""

    children: list[dict[int, int]]
    visits: list[int]
    value: list[float]

    def __init__(self) -> None:
        self.children = [{}]
        self.visits = [0]
        self.value = [0.0]

    def add(self) -> int:
        self.children.append({})
        self.visits.append(0)
        self.value.append(0.0)
        return len(self.visits) - 1


def uct(k: KState, simulations: int, searcher: Rng, explore: float) -> list[int]:
    """Open-loop UCT from ``k`` (not changed): ``simulations`` simulations, each on a copy of
    ``k`` whose generator is drawn from ``searcher`` (the searcher never uses the real future
    draws, ENG-09), descending by UCB1 with constant ``explore`` over the legal ids (ENG-30),
    expanding one node, then a uniformly random playout; the win shares are backed up to the
    seat that chose each action. Returns the root's visit counts, one per legal id of ``k`` in
    order. The game must not be over."""
    tree = _Tree()
    root_ids = legal_ids(k)
    for _ in range(simulations):
        s = k.copy()
        hi, lo = searcher.next_u64()
        s.rng = Rng(hi, lo)
        node = 0
        path: list[int] = []
        movers: list[int] = []
        while s.indicator:
            ids = legal_ids(s)
            kids = tree.children[node]
            parent_visits = tree.visits[node]
            best_id = -1
            best_score = -1.0
            unvisited: list[int] = []
            for action_id in ids:
                child = kids.get(action_id, -1)
                if child < 0 or tree.visits[child] == 0:
                    unvisited.append(action_id)
                elif not unvisited:
                    n = tree.visits[child]
                    score = tree.value[child] / n + explore * math.sqrt(math.log(parent_visits) / n)
                    if score > best_score:
                        best_score = score
                        best_id = action_id
            mover = s.turn
            if unvisited:
                action_id = unvisited[searcher.below(len(unvisited))]
                child = kids.get(action_id, -1)
                if child < 0:
                    child = tree.add()
                    tree.children[node][action_id] = child
                step(s, action_id)
                path.append(child)
                movers.append(mover)
                break
            step(s, best_id)
            node = tree.children[node][best_id]
            path.append(node)
            movers.append(mover)
        while s.indicator:
            ids = legal_ids(s)
            step(s, ids[searcher.below(len(ids))])
        shares = outcome_shares(s)
        visits = tree.visits
        value = tree.value
        visits[0] = visits[0] + 1
        for i in range(len(path)):
            visited = path[i]
            visits[visited] = visits[visited] + 1
            value[visited] = value[visited] + shares[movers[i]]
    counts: list[int] = []
    for action_id in root_ids:
        child = tree.children[0].get(action_id, -1)
        counts.append(tree.visits[child] if child >= 0 else 0)
    return counts
