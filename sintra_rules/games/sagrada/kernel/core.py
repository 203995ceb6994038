"""Sagrada's compiled core: the rules over a flat, mutable integer position, as typed Python that
mypyc compiles (ENG-18).

This module imports nothing from the rest of the package (so that mypyc compiles it alone) and
runs unchanged, interpreted, where no compiled build is installed. It trusts its input:
:func:`step` takes an id that :func:`legal_ids` returned and checks nothing. The validating,
immutable reference engine (:mod:`sintra_rules.games.sagrada.rules`) is the public API and the
source of truth; :mod:`sintra_rules.games.sagrada.kernel` converts between the two and is where
callers start.

Every function mirrors a reference function clause by clause; the clause IDs are in the
docstrings. The representation:

* a die is one int, ``colour * 8 + value`` (value 1 to 6; 0 for the die Flux Remover drew
  before its value is chosen): ints sort as the engine's ``(colour, value)`` tuples do;
* a window is 20 ints (``-1`` empty) and, per seat, 13 bit masks over its 20 spaces (bit ``i``:
  space ``i``, row-major): the spaces holding a die, then those holding each colour, then each
  value. Placement legality (PLACE-01 to PLACE-08) is a few shifts and ands of these masks and
  of the pattern's, for every space at once; a die lifted or moved by a tool is two bits;
* the round track is one sorted list of ``round * 64 + die``;
* a pending chance step is a kind code with its seat, index and dice (ENG-03).

For speed where mypyc compiles it (as Sintra's kernel, ``docs/speed.md`` has the profile): the
generator and the mask arithmetic keep their integers in ``i64`` (mypyc's native 64-bit
integer, from ``mypy_extensions``, named only in annotations, so nothing is imported at run
time and the interpreted module sees plain ``int``), which compiled code adds, shifts and
multiplies without the checks and boxing of Python ``int``. No value here comes near ``2**63``,
so the two builds compute the same numbers: the SplitMix64 generator (``sintra:ENG-02``) works
on two 32-bit halves and multiplies 16-bit pieces by 32-bit ones.

Lists that change only during setup (``tools``, ``order``, ``publics``, ``cards``,
``privates``) are replaced, never changed in place, so that :meth:`KState.copy` shares them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # only annotations name it: no import at run time, compiled or not
    from mypy_extensions import i64

__all__ = [
    "KState",
    "Look",
    "Rng",
    "Tables",
    "Tree",
    "Weights",
    "apply_chance",
    "chance_outcomes",
    "check_position",
    "deal",
    "determinize",
    "draft_value",
    "flat_values",
    "legal_ids",
    "look",
    "outcome_shares",
    "perft",
    "place_value",
    "play_random_games",
    "policy_id",
    "policy_playout",
    "random_playout",
    "result_keys",
    "sample_chance",
    "score",
    "score_parts",
    "soak_game",
    "step",
    "target_score",
    "uct",
    "winners",
]

M32: Final = 0xFFFFFFFF
MASK64: Final = 0xFFFFFFFFFFFFFFFF
TWO32: Final = 0x100000000
GOLD_HI: Final = 0x9E3779B9
GOLD_LO: Final = 0x7F4A7C15
MUL1_HI: Final = 0xBF58476D
MUL1_LO: Final = 0x1CE4E5B9
MUL2_HI: Final = 0x94D049BB
MUL2_LO: Final = 0x133111EB

# ----------------------------------------------------------------------------- constants

#: The window: 4 rows of 5 spaces (COMP-03); masks of all spaces, of the first and of the last
#: column, and of the 14 edge and corner spaces (PLACE-01).
SPACES: Final = 20
ALL: Final = 0xFFFFF
NOT_C0: Final = 0xF7BDE
NOT_C4: Final = 0x7BDEF
BORDER: Final = 0xFC63F
#: Per seat, ``MASKS`` masks: the spaces holding a die (``OCC``), then per colour 0 to 4
#: (``COLOUR + c``) and per value 0 to 6 (``VALUE + v``) the spaces holding such a die.
MASKS: Final = 13
OCC: Final = 0
COLOUR: Final = 1
VALUE: Final = 6

# Action ids (ENG-09): the first id of each kind.
CHOOSE_AT: Final = 0
DRAFT_AT: Final = 24
PLACE_AT: Final = 54
PICK_AT: Final = 74
TOOL_AT: Final = 94
ADJUST_AT: Final = 178
VALUE_AT: Final = 180
SWAP_AT: Final = 186
RETURN_ID: Final = 216
END_ID: Final = 217
NUM_ACTIONS: Final = 218

# Tool cards by number (TOOL-01 to TOOL-12).
GROZING: Final = 1
EGLOMISE: Final = 2
COPPER: Final = 3
LATHEKIN: Final = 4
LENS: Final = 5
BRUSH: Final = 6
HAMMER: Final = 7
RUNNING: Final = 8
CORK: Final = 9
GRINDING: Final = 10
REMOVER: Final = 11
TAP: Final = 12
#: Bit ``n`` set for tool ``n`` acting on the die drafted this turn (RUL-15) ...
AFTER_DRAFT: Final = (1 << 1) | (1 << 5) | (1 << 6) | (1 << 9) | (1 << 10) | (1 << 11)
#: ... and for tool ``n`` moving dice of the window (TOOL-13, RUL-09).
MOVING: Final = (1 << 2) | (1 << 3) | (1 << 4) | (1 << 12)

# The step of a tool in progress (the engine's ``SubStep``, TOOL-14).
SUB_NONE: Final = 0
SUB_GROZING: Final = 1
SUB_LENS: Final = 2
SUB_CORK: Final = 3
SUB_FLUX: Final = 4
SUB_FLUX_PLACE: Final = 5
SUB_PICK: Final = 6
SUB_DROP: Final = 7
SUB_PICK2: Final = 8
SUB_DROP2: Final = 9
SUB_RUNNING: Final = 10

# The kind of the pending chance step (the engine's ``ChanceKind``, ENG-03).
CH_NONE: Final = 0
CH_PRIVATE: Final = 1
CH_PATTERN: Final = 2
CH_TOOL: Final = 3
CH_PUBLIC: Final = 4
CH_START: Final = 5
CH_DRAW: Final = 6
CH_ROLL: Final = 7
CH_REROLL: Final = 8
CH_BRUSH: Final = 9
CH_REMOVER: Final = 10

# The event log (ENG-18): while ``KState.trace`` is set, every action and sampled chance step
# appends one tuple of ints per event of :mod:`sintra_rules.games.sagrada.events`, its code
# first, then the event's fields in their declared order (dice as ints, booleans as 0 / 1).
EV_CARD_DEALT: Final = 0  # kind (CH_PRIVATE ... CH_PUBLIC), seat, slot, card
EV_START_PLAYER: Final = 1  # seat
EV_PATTERN_CHOSEN: Final = 2  # seat, pattern, favor
EV_ROUND_STARTED: Final = 3  # round (0-based), start
EV_DIE_DRAWN: Final = 4  # colour
EV_DIE_ROLLED: Final = 5  # die, in hand
EV_DICE_TO_TRACK: Final = 6  # round, then the dice
EV_GAME_ENDED: Final = 7  # (nothing)
EV_DRAFTED: Final = 8  # seat, die, extra
EV_DIE_PLACED: Final = 9  # seat, die, space
EV_TOOL_USED: Final = 10  # seat, slot, tool, cost
EV_DIE_PAID: Final = 11  # slot, die
EV_DIE_CHANGED: Final = 12  # tool, old, new
EV_DIE_SWAPPED: Final = 13  # round, given, taken
EV_DIE_TO_BAG: Final = 14  # die
EV_VALUE_CHOSEN: Final = 15  # die
EV_DIE_RETURNED: Final = 16  # die, clause (0 RUL-02, 1 TOOL-06, 2 RUL-12)
EV_DIE_MOVED: Final = 17  # tool, die, from, to
EV_TURN_ENDED: Final = 18  # seat
EV_TURN_SKIPPED: Final = 19  # seat


# ----------------------------------------------------------------------------- SplitMix64


def _mul_lo32(a: i64, b: i64) -> i64:
    """``(a * b) mod 2**32`` for ``a, b < 2**32``, through 16-bit pieces (ENG-05)."""
    return (((((a >> 16) * b) & 0xFFFF) << 16) + (a & 0xFFFF) * b) & M32


def _mul64(zh: i64, zl: i64, mh: i64, ml: i64) -> tuple[i64, i64]:
    """``(z * m) mod 2**64`` as (high, low) 32-bit halves (ENG-05)."""
    p = (zl & 0xFFFF) * ml
    q = (zl >> 16) * ml
    t = p + ((q & 0xFFFF) << 16)
    lo = t & M32
    hi = ((q >> 16) + (t >> 32) + _mul_lo32(zl, mh) + _mul_lo32(zh, ml)) & M32
    return hi, lo


class Rng:
    """A SplitMix64 generator (ENG-05) held as two 32-bit halves; bit-identical to
    :mod:`sintra_rules.rng`."""

    hi: i64
    lo: i64

    def __init__(self, hi: i64, lo: i64) -> None:
        self.hi = hi
        self.lo = lo

    def next_u64(self) -> tuple[i64, i64]:
        """One SplitMix64 step: the 64-bit output as (high, low) halves (ENG-05)."""
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
        :func:`sintra_rules.rng.below` (ENG-05): outputs at or above ``2**64 - (2**64 mod n)``
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


# ----------------------------------------------------------------------------- the tables


class Tables:
    """The printed figures the core reads (COMP-01 to COMP-07) as flat integer lists, built by
    :mod:`sintra_rules.games.sagrada.kernel` from a
    :class:`~sintra_rules.games.sagrada.components.SagradaComponents`; ``source`` is that
    table.

    ``colour_ok[pattern * 5 + c]`` is the mask of the spaces of a pattern that take colour
    ``c`` (blank or of that colour: PLACE-03, PLACE-05), ``value_ok[pattern * 7 + v]`` those
    that take value ``v`` (PLACE-04, PLACE-05); ``faces[card * 2 + i]`` the patterns of a
    pattern card (RUL-10); ``pool_sizes[players]`` the dice of a draft pool (ROUND-02).
    """

    colours: int
    dice_per_colour: int
    rounds: int
    pool_sizes: list[int]
    patterns: int
    favor: list[int]
    colour_ok: list[int]
    value_ok: list[int]
    cards: int
    faces: list[int]
    private_colour: list[int]
    tool_number: list[int]
    tool_colour: list[int]
    public_number: list[int]
    public_points: list[int]
    source: object

    def __init__(
        self,
        dice_per_colour: int,
        rounds: int,
        pool_sizes: list[int],
        favor: list[int],
        pattern_colours: list[int],
        pattern_values: list[int],
        faces: list[int],
        private_colour: list[int],
        tool_number: list[int],
        tool_colour: list[int],
        public_number: list[int],
        public_points: list[int],
        source: object,
    ) -> None:
        """``pattern_colours[pattern * 20 + i]`` is the colour space ``i`` requires or ``-1``,
        ``pattern_values[pattern * 20 + i]`` the value it requires or 0 (COMP-03)."""
        self.colours = 5
        self.dice_per_colour = dice_per_colour
        self.rounds = rounds
        self.pool_sizes = pool_sizes
        self.patterns = len(favor)
        self.favor = favor
        colour_ok: list[int] = []
        value_ok: list[int] = []
        for p in range(self.patterns):
            for c in range(5):
                m = 0
                for i in range(SPACES):
                    need = pattern_colours[p * SPACES + i]
                    if need < 0 or need == c:
                        m |= 1 << i
                colour_ok.append(m)
            for v in range(7):
                m = 0
                for i in range(SPACES):
                    want = pattern_values[p * SPACES + i]
                    if want == 0 or want == v:
                        m |= 1 << i
                value_ok.append(m)
        self.colour_ok = colour_ok
        self.value_ok = value_ok
        self.cards = len(faces) // 2
        self.faces = faces
        self.private_colour = private_colour
        self.tool_number = tool_number
        self.tool_colour = tool_colour
        self.public_number = public_number
        self.public_points = public_points
        self.source = source


# ----------------------------------------------------------------------------- the state


class KState:
    """A position as flat integer lists, changed in place by :func:`step` (ENG-18).

    The fields of :class:`~sintra_rules.games.sagrada.state.SagradaState`: ``round``,
    ``start``, ``step``, ``turn``; by tool slot ``tools`` (card indices), ``tokens``, ``spent``
    (the die paid, ``-1``) and ``order`` (the slots by tool number); ``publics``; ``pool``
    (dice, sorted), ``hand`` (``-1``: none), ``track`` (sorted ``round * 64 + die``), ``bag``
    (dice per colour); ``drafted``, ``tool_used``, ``active`` (``-1``), ``sub`` (``SUB_*``),
    ``lifted`` and ``moved`` (``-1``), ``skips`` (a bit per seat), ``difficulty`` (``-1``
    with 2 to 4 players). Per seat ``p``: ``cards[p * 2 + i]`` and ``privates[p * npriv + i]``
    (``-1`` while not dealt), ``pattern`` (``-1``), ``favor``, ``window[p * 20 + i]`` (a die
    or ``-1``) and ``masks[p * 13 + j]`` (see the module's description). The pending chance
    step: ``chance`` (``CH_*``), ``ch_seat``, ``ch_index`` and ``ch_dice`` (the drawn die of a
    roll, the dice still to re-roll). ``rng`` is the generator; ``has_rng`` false for a
    position without one (every chance step then waits for :func:`apply_chance`).

    While ``trace`` is true, :func:`step` appends the events of each action to ``log`` as
    tuples of ints (the ``EV_*`` codes); it is false in a new state and in a copy, so
    playouts and search never build events.
    """

    tables: Tables
    players: int
    solo: bool
    npriv: int
    difficulty: int
    round: int
    start: int
    step: int
    turn: int
    tools: list[int]
    order: list[int]
    tokens: list[int]
    spent: list[int]
    publics: list[int]
    pool: list[int]
    hand: int
    track: list[int]
    track_colours: int
    bag: list[int]
    drafted: bool
    tool_used: bool
    active: int
    sub: int
    lifted: int
    moved: int
    skips: int
    cards: list[int]
    privates: list[int]
    pattern: list[int]
    favor: list[int]
    window: list[int]
    masks: list[int]
    chance: int
    ch_seat: int
    ch_index: int
    ch_dice: list[int]
    rng: Rng
    has_rng: bool
    trace: bool
    log: list[tuple[int, ...]]

    def __init__(self, tables: Tables, players: int, difficulty: int, rng: Rng) -> None:
        self.tables = tables
        self.players = players
        self.solo = players == 1
        self.npriv = 2 if players == 1 else 1
        self.difficulty = difficulty
        self.round = 0
        self.start = 0
        self.step = 0
        self.turn = 0
        self.tools = []
        self.order = []
        self.tokens = []
        self.spent = []
        self.publics = []
        self.pool = []
        self.hand = -1
        self.track = []
        self.track_colours = 0
        self.bag = [tables.dice_per_colour] * 5
        self.drafted = False
        self.tool_used = False
        self.active = -1
        self.sub = SUB_NONE
        self.lifted = -1
        self.moved = -1
        self.skips = 0
        self.cards = [-1] * (2 * players)
        self.privates = [-1] * (self.npriv * players)
        self.pattern = [-1] * players
        self.favor = [0] * players
        self.window = [-1] * (SPACES * players)
        self.masks = [0] * (MASKS * players)
        self.chance = CH_PRIVATE
        self.ch_seat = 0
        self.ch_index = 0
        self.ch_dice = []
        self.rng = rng
        self.has_rng = True
        self.trace = False
        self.log = []

    def copy(self) -> KState:
        """An independent copy (the tables and the lists setup alone changes are shared), not
        tracing and with an empty event log."""
        k = KState(self.tables, self.players, self.difficulty, self.rng.copy())
        k.round = self.round
        k.start = self.start
        k.step = self.step
        k.turn = self.turn
        k.tools = self.tools
        k.order = self.order
        k.tokens = self.tokens[:]
        k.spent = self.spent[:]
        k.publics = self.publics
        k.pool = self.pool[:]
        k.hand = self.hand
        k.track = self.track[:]
        k.track_colours = self.track_colours
        k.bag = self.bag[:]
        k.drafted = self.drafted
        k.tool_used = self.tool_used
        k.active = self.active
        k.sub = self.sub
        k.lifted = self.lifted
        k.moved = self.moved
        k.skips = self.skips
        k.cards = self.cards
        k.privates = self.privates
        k.pattern = self.pattern[:]
        k.favor = self.favor[:]
        k.window = self.window[:]
        k.masks = self.masks[:]
        k.chance = self.chance
        k.ch_seat = self.ch_seat
        k.ch_index = self.ch_index
        k.ch_dice = self.ch_dice[:]
        k.has_rng = self.has_rng
        return k

    def is_over(self) -> bool:
        """True once round 10 has ended (ROUND-06)."""
        return self.round > self.tables.rounds


# ----------------------------------------------------------------------------- placement


def _orth(m: i64) -> i64:
    """The spaces orthogonally next to a space of mask ``m`` (COMP-08)."""
    return (((m >> 1) & NOT_C4) | ((m << 1) & NOT_C0) | (m >> 5) | (m << 5)) & ALL


def _near(m: i64) -> i64:
    """The spaces orthogonally or diagonally next to a space of mask ``m`` (COMP-08)."""
    return (
        ((m >> 1) & NOT_C4)
        | ((m << 1) & NOT_C0)
        | (m >> 5)
        | (m << 5)
        | ((m >> 6) & NOT_C4)
        | ((m >> 4) & NOT_C0)
        | ((m << 4) & NOT_C4)
        | ((m << 6) & NOT_C0)
    ) & ALL


def _diag(m: i64) -> i64:
    """The spaces diagonally next to a space of mask ``m`` (COMP-08, PUB-10)."""
    return (
        ((m >> 6) & NOT_C4) | ((m >> 4) & NOT_C0) | ((m << 4) & NOT_C4) | ((m << 6) & NOT_C0)
    ) & ALL


def _fit(
    t: Tables,
    pattern: i64,
    occ: i64,
    same_colour: i64,
    same_value: i64,
    d: i64,
    waive_colour: bool,
    waive_value: bool,
    cork: bool,
) -> i64:
    """The spaces of a window that take die ``d``, as a mask: empty (PLACE-08); on the border
    when the window is empty (PLACE-01), else next to a die (PLACE-02) or, with ``cork``, next
    to none (TOOL-09); of the die's colour or blank unless waived (PLACE-03, PLACE-05, RUL-01);
    of its value or blank unless waived (PLACE-04, PLACE-05, RUL-01); with no orthogonal
    neighbour of its colour (PLACE-06) or value (PLACE-07). ``occ`` is the window's mask,
    ``same_colour`` and ``same_value`` the masks of its dice of ``d``'s colour and value."""
    free: i64 = ALL & ~occ
    if occ == 0:
        free &= BORDER
    elif cork:
        free &= ~_near(occ)
    else:
        free &= _near(occ)
    if not waive_colour:
        free &= t.colour_ok[pattern * 5 + (d >> 3)]
    if not waive_value:
        free &= t.value_ok[pattern * 7 + (d & 7)]
    return free & ~_orth(same_colour) & ~_orth(same_value)


def _cells(k: KState, p: int, d: int, cork: bool) -> int:
    """The spaces of seat ``p``'s window that take die ``d`` (PLACE-10; TOOL-09 with
    ``cork``)."""
    base = p * MASKS
    masks = k.masks
    return _fit(
        k.tables,
        k.pattern[p],
        masks[base],
        masks[base + COLOUR + (d >> 3)],
        masks[base + VALUE + (d & 7)],
        d,
        False,
        False,
        cork,
    )


def _lifted_cells(k: KState, p: int, src: int, waive_colour: bool, waive_value: bool) -> int:
    """The spaces other than ``src`` that take the die on ``src`` once it is lifted from seat
    ``p``'s window (TOOL-13, RUL-04), with Eglomise Brush's and Copper Foil Burnisher's
    waivers (RUL-01)."""
    d = k.window[p * SPACES + src]
    bit = 1 << src
    base = p * MASKS
    masks = k.masks
    found = _fit(
        k.tables,
        k.pattern[p],
        masks[base] & ~bit,
        masks[base + COLOUR + (d >> 3)] & ~bit,
        masks[base + VALUE + (d & 7)] & ~bit,
        d,
        waive_colour,
        waive_value,
        False,
    )
    return found & ~bit


def _has_move_after(k: KState, p: int, src: int, dst: int) -> bool:
    """Whether, once the die on ``src`` has moved to ``dst``, some other die of seat ``p``'s
    window (not the one on ``dst``) has a destination under the normal rules (TOOL-04,
    TOOL-13, RUL-09: Lathekin's second move)."""
    t = k.tables
    pattern = k.pattern[p]
    w = p * SPACES
    base = p * MASKS
    masks = k.masks
    moved_die = k.window[w + src]
    mc = moved_die >> 3
    mv = moved_die & 7
    shift = (1 << src) | (1 << dst)
    occ = masks[base] ^ shift
    rest = occ & ~(1 << dst)
    while rest:
        low = rest & -rest
        rest ^= low
        j = low.bit_length() - 1
        d = k.window[w + j]
        c = d >> 3
        v = d & 7
        same_colour = masks[base + COLOUR + c]
        if c == mc:
            same_colour ^= shift
        same_value = masks[base + VALUE + v]
        if v == mv:
            same_value ^= shift
        if (
            _fit(
                t, pattern, occ ^ low, same_colour & ~low, same_value & ~low, d, False, False, False
            )
            & ~low
        ):
            return True
    return False


def _add_die(k: KState, p: int, cell: int, d: int) -> None:
    """Put die ``d`` on ``cell`` of seat ``p``'s window, masks included."""
    k.window[p * SPACES + cell] = d
    bit = 1 << cell
    base = p * MASKS
    k.masks[base] |= bit
    k.masks[base + COLOUR + (d >> 3)] |= bit
    k.masks[base + VALUE + (d & 7)] |= bit


def _remove_die(k: KState, p: int, cell: int) -> int:
    """Take the die off ``cell`` of seat ``p``'s window, masks included; the die."""
    d = k.window[p * SPACES + cell]
    k.window[p * SPACES + cell] = -1
    bit = ~(1 << cell)
    base = p * MASKS
    k.masks[base] &= bit
    k.masks[base + COLOUR + (d >> 3)] &= bit
    k.masks[base + VALUE + (d & 7)] &= bit
    return d


def _append_cells(out: list[int], first: int, m: int) -> None:
    """Append ``first + i`` for each space ``i`` of mask ``m``, increasing."""
    while m:
        low = m & -m
        m ^= low
        out.append(first + low.bit_length() - 1)


# ----------------------------------------------------------------------------- dice lists


def _insert(dice: list[int], d: int) -> None:
    """Insert ``d`` into the sorted list ``dice`` (the engine's sorted tuples)."""
    i = len(dice)
    dice.append(d)
    while i > 0 and dice[i - 1] > d:
        dice[i] = dice[i - 1]
        i -= 1
    dice[i] = d


def _discard(dice: list[int], d: int) -> None:
    """Remove the first ``d`` from ``dice`` (present)."""
    i = 0
    while dice[i] != d:
        i += 1
    del dice[i]


def _track_colours(k: KState) -> None:
    """Recompute the colours on the round track (RUL-07), a bit per colour."""
    found = 0
    for entry in k.track:
        found |= 1 << ((entry & 63) >> 3)
    k.track_colours = found


# ----------------------------------------------------------------------------- the tools


def _cost(tokens: int) -> int:
    """FAVOR-02: 1 favor token onto a card that holds none yet, else 2."""
    return 1 if tokens == 0 else 2


def _treats(k: KState, number: int, d: int) -> bool:
    """Whether after-drafting tool ``number`` can act on die ``d`` in hand, its price aside
    (TOOL-14): Lens Cutter needs a die on the round track (TOOL-05), Cork-backed Straightedge
    a space adjacent to no die that takes ``d`` (TOOL-09); Grozing Pliers, Grinding Stone and
    Lens Cutter an outcome with a legal space, Flux Brush a value of ``d``'s colour with one
    (RUL-20); Flux Remover nothing (RUL-12). The one place of these conditions, for the turn's
    tools and for RUL-05's draft, as
    :func:`sintra_rules.games.sagrada.tools._treat_faults`."""
    if number == LENS:
        return _swaps(k, d, False) != 0
    if number == CORK:
        return _cells(k, k.turn, d, True) != 0
    if number == GROZING:
        return _adjustments(k, d) != 0
    if number == GRINDING:
        return _cells(k, k.turn, (d & ~7) | (7 - (d & 7)), False) != 0
    if number == BRUSH:
        colour = d & ~7
        return any(_cells(k, k.turn, colour | v, False) for v in range(1, 7))
    return True


def _adjustments(k: KState, d: int) -> int:
    """Grozing Pliers' outcomes for die ``d`` in hand: bit 0 for -1, bit 1 for +1, where the
    new value is 1 to 6 (TOOL-01: no wrap-around) and the new die has a legal space (RUL-20)."""
    out = 0
    if d & 7 > 1 and _cells(k, k.turn, d - 1, False):
        out |= 1
    if d & 7 < 6 and _cells(k, k.turn, d + 1, False):
        out |= 2
    return out


def _swaps(k: KState, d: int, every: bool) -> int:
    """Lens Cutter's outcomes for die ``d`` in hand: a bit per die (``colour * 8 + value``)
    on the round track (TOOL-05), other than ``d`` (a swap for an equal die changes nothing),
    with a legal space (RUL-20); without ``every``, only whether there is one (nonzero)."""
    out = 0
    tried = 0
    for entry in k.track:
        t = entry & 63
        bit = 1 << t
        if t == d or tried & bit:
            continue
        tried |= bit
        if _cells(k, k.turn, t, False):
            out |= bit
            if not every:
                return out
    return out


def _draftable(k: KState, d: int) -> bool:
    """RUL-05: whether the player to act may draft pool die ``d``: it has a legal space under
    the normal rules, or the player may still use an after-drafting tool on it this turn (in
    play, affordable once ``d`` is drafted, no tool used yet, and able to act on it:
    :func:`_treats`). Mirrors :func:`sintra_rules.games.sagrada.tools.draftable`."""
    p = k.turn
    if _cells(k, p, d, False):
        return True
    if k.tool_used:
        return False
    t = k.tables
    for slot in range(len(k.tools)):
        card = k.tools[slot]
        number = t.tool_number[card]
        if not (AFTER_DRAFT >> number) & 1:
            continue
        if k.solo:
            if k.spent[slot] >= 0:
                continue
            colour = t.tool_colour[card]
            count = 0
            for e in k.pool:
                if e >> 3 == colour:
                    count += 1
            if d >> 3 == colour:
                count -= 1
            if count <= 0:
                continue
        elif k.favor[p] < _cost(k.tokens[slot]):
            continue
        if _treats(k, number, d):
            return True
    return False


def _has_first_move(k: KState, number: int) -> bool:
    """Whether moving tool ``number`` has a first move in the window of the player to act
    (RUL-09): a die (Tap Wheel: of a colour on the round track, RUL-07) with a destination
    under the tool's waivers (TOOL-02, TOOL-03), for Lathekin one after which another die can
    move (TOOL-04)."""
    p = k.turn
    cells = k.masks[p * MASKS]
    w = p * SPACES
    while cells:
        low = cells & -cells
        cells ^= low
        src = low.bit_length() - 1
        if number == TAP and not (k.track_colours >> (k.window[w + src] >> 3)) & 1:
            continue
        if number == LATHEKIN:
            drops = _lifted_cells(k, p, src, False, False)
            while drops:
                dlow = drops & -drops
                drops ^= dlow
                if _has_move_after(k, p, src, dlow.bit_length() - 1):
                    return True
        elif _lifted_cells(k, p, src, number == EGLOMISE, number == COPPER):
            return True
    return False


def _first_drops(k: KState, number: int, src: int) -> int:
    """The destinations (a mask) of a first move of the die on ``src`` with moving tool
    ``number``: Eglomise Brush waives colour (TOOL-02), Copper Foil Burnisher value (TOOL-03),
    Lathekin keeps those after which another die can move (TOOL-04, RUL-09)."""
    p = k.turn
    drops = _lifted_cells(k, p, src, number == EGLOMISE, number == COPPER)
    if number != LATHEKIN:
        return drops
    kept = 0
    while drops:
        low = drops & -drops
        drops ^= low
        if _has_move_after(k, p, src, low.bit_length() - 1):
            kept |= low
    return kept


def _picks(k: KState) -> int:
    """The dice the player may pick now (TOOL-13), as a mask: a first move's (``SUB_PICK``:
    TOOL-02 to TOOL-04, TOOL-12, RUL-09), or a second move's (``SUB_PICK2``, Lathekin's other
    die, TOOL-04; or right after Tap Wheel's first move, another die of the first one's colour,
    RUL-07), each with a destination."""
    p = k.turn
    w = p * SPACES
    cells = k.masks[p * MASKS]
    out = 0
    if k.sub == SUB_PICK:
        number = k.tables.tool_number[k.tools[k.active]]
        while cells:
            low = cells & -cells
            cells ^= low
            src = low.bit_length() - 1
            if number == TAP and not (k.track_colours >> (k.window[w + src] >> 3)) & 1:
                continue
            if _first_drops(k, number, src):
                out |= low
        return out
    first = k.moved
    colour = -1 if k.sub == SUB_PICK2 else k.window[w + first] >> 3
    cells &= ~(1 << first)
    while cells:
        low = cells & -cells
        cells ^= low
        src = low.bit_length() - 1
        if colour >= 0 and k.window[w + src] >> 3 != colour:
            continue
        if _lifted_cells(k, p, src, False, False):
            out |= low
    return out


def _drops(k: KState) -> int:
    """The destinations of the lifted die (TOOL-13): a first move's with its tool's waivers
    and Lathekin's condition, a second move's under the normal rules."""
    if k.sub == SUB_DROP:
        return _first_drops(k, k.tables.tool_number[k.tools[k.active]], k.lifted)
    return _lifted_cells(k, k.turn, k.lifted, False, False)


def _tool_ok(k: KState, number: int, paid: int) -> bool:
    """Whether tool ``number`` can act now, its price paid (``paid``: the solo die paid, or
    ``-1``) and the die-in-hand condition already met (RUL-15, TOOL-13): TOOL-14's timing of
    :func:`sintra_rules.games.sagrada.tools.tool_faults`. After-drafting tools:
    :func:`_treats`; moving tools a first move (RUL-09; Tap Wheel a die on the round track,
    RUL-07); Glazing Hammer the second turn, before drafting, with a pool die (RUL-13,
    TOOL-07); Running Pliers the first turn after the draft, with a die then draftable
    (RUL-06, TOOL-08)."""
    if (AFTER_DRAFT >> number) & 1:
        return _treats(k, number, k.hand)
    if (MOVING >> number) & 1:
        if number == TAP and not k.track:
            return False
        return _has_first_move(k, number)
    left = len(k.pool) - (1 if paid >= 0 else 0)
    if number == HAMMER:
        return k.step >= k.players and not k.drafted and k.hand < 0 and left > 0
    if k.step >= k.players or not k.drafted or k.hand >= 0:
        return False
    p = k.turn
    prev = -1
    skipped = False
    for d in k.pool:
        if d == paid and not skipped:
            skipped = True
            continue
        if d != prev:
            prev = d
            if _cells(k, p, d, False):
                return True
    return False


# ----------------------------------------------------------------------------- legal ids


def legal_ids(k: KState) -> list[int]:
    """The ids (ENG-09) of the legal decisions, increasing: the canonical order of
    :func:`sintra_rules.games.sagrada.rules.legal_actions` (ENG-08); empty while a chance step
    is pending (ENG-03) and once the game is over (ROUND-06).

    At setup the four patterns of the seat's cards (RUL-10); in a turn :func:`_turn_ids`;
    while a tool is half-done only its steps: the extra draft (RUL-06), a die to pick or its
    destination (TOOL-13, RUL-09), a value (RUL-12), a round-track die (TOOL-05) or +1 / -1
    (TOOL-01) giving a die with a legal space (RUL-20), a space adjacent to no die (TOOL-09),
    a space or the return (RUL-12)."""
    if k.chance != CH_NONE or k.round > k.tables.rounds:
        return []
    out: list[int] = []
    if k.round == 0:
        t = k.tables
        p = k.turn
        for i in range(2):
            card = k.cards[p * 2 + i]
            _insert(out, t.faces[card * 2])
            _insert(out, t.faces[card * 2 + 1])
        return out
    sub = k.sub
    if sub == SUB_NONE:
        return _turn_ids(k)
    if sub == SUB_RUNNING:
        prev = -1
        for d in k.pool:
            if d != prev:
                prev = d
                if _draftable(k, d):
                    out.append(DRAFT_AT + 6 * (d >> 3) + (d & 7) - 1)
        return out
    if sub in (SUB_PICK, SUB_PICK2):
        _append_cells(out, PICK_AT, _picks(k))
        return out
    if sub in (SUB_DROP, SUB_DROP2):
        _append_cells(out, PLACE_AT, _drops(k))
        return out
    if sub == SUB_FLUX:
        for v in range(6):
            out.append(VALUE_AT + v)
        return out
    hand = k.hand
    if sub == SUB_LENS:
        dice = _swaps(k, hand, True)
        while dice:
            low = dice & -dice
            dice ^= low
            taken = low.bit_length() - 1
            out.append(SWAP_AT + 6 * (taken >> 3) + (taken & 7) - 1)
        return out
    if sub == SUB_GROZING:
        deltas = _adjustments(k, hand)
        if deltas & 1:
            out.append(ADJUST_AT)
        if deltas & 2:
            out.append(ADJUST_AT + 1)
        return out
    _append_cells(out, PLACE_AT, _cells(k, k.turn, hand, sub == SUB_CORK))
    if sub == SUB_FLUX_PLACE:
        out.append(RETURN_ID)
    return out


def _turn_ids(k: KState) -> list[int]:
    """The decisions of a turn with no tool half-done (TURN-01 to TURN-04, TOOL-14): the pool
    dice that may be drafted (TURN-03, RUL-05), or the spaces of the die in hand (TURN-04,
    PLACE-10); right after Tap Wheel's first move the dice its second move may pick (RUL-07);
    each tool that can be chosen (FAVOR-01 to FAVOR-03), solo with each paying die (SOLO-03);
    ending the turn when no die is in hand (TURN-02)."""
    out: list[int] = []
    p = k.turn
    hand = k.hand
    if hand < 0:
        if not k.drafted:
            prev = -1
            for d in k.pool:
                if d != prev:
                    prev = d
                    if _draftable(k, d):
                        out.append(DRAFT_AT + 6 * (d >> 3) + (d & 7) - 1)
    else:
        _append_cells(out, PLACE_AT, _cells(k, p, hand, False))
    if k.moved >= 0:
        _append_cells(out, PICK_AT, _picks(k))
    if not k.tool_used:
        t = k.tables
        for slot in k.order:
            card = k.tools[slot]
            number = t.tool_number[card]
            if hand < 0:
                if (AFTER_DRAFT >> number) & 1:
                    continue
            elif (MOVING >> number) & 1:
                continue
            first = TOOL_AT + 7 * (number - 1)
            if k.solo:
                if k.spent[slot] >= 0:
                    continue
                colour = t.tool_colour[card]
                prev = -1
                for d in k.pool:
                    if d >> 3 == colour and d != prev:
                        prev = d
                        if _tool_ok(k, number, d):
                            out.append(first + (d & 7))
            elif k.favor[p] >= _cost(k.tokens[slot]) and _tool_ok(k, number, -1):
                out.append(first)
    if hand < 0:
        out.append(END_ID)
    return out


# ----------------------------------------------------------------------------- applying


def step(k: KState, action_id: int) -> None:
    """Apply a legal action id in place, then sample every chance step that follows from the
    position's generator (ENG-05), as :func:`sintra_rules.games.sagrada.rules.apply` does;
    without a generator the position waits at the first of them."""
    act(k, action_id)
    if k.has_rng:
        while k.chance != CH_NONE:
            sample_chance(k)


def act(k: KState, action_id: int) -> None:
    """Apply a legal action id in place, leaving the chance steps that follow pending (the
    engine's ``apply(..., sample=False)``, ENG-05). Mirrors
    :mod:`sintra_rules.games.sagrada.rules`, decision by decision."""
    if k.moved >= 0 and k.sub == SUB_NONE and not PICK_AT <= action_id < TOOL_AT:
        k.moved = -1  # TOOL-12: Tap Wheel's second move is forgone
    if action_id < DRAFT_AT:
        _choose(k, action_id)
    elif action_id < PLACE_AT:
        a = action_id - DRAFT_AT
        _draft(k, (a // 6) * 8 + a % 6 + 1)
    elif action_id < PICK_AT:
        _place(k, action_id - PLACE_AT)
    elif action_id < TOOL_AT:
        k.sub = SUB_DROP if k.sub == SUB_PICK else SUB_DROP2  # TOOL-13
        k.lifted = action_id - PICK_AT
    elif action_id < ADJUST_AT:
        a = action_id - TOOL_AT
        _use_tool(k, a // 7 + 1, a % 7)
    elif action_id < VALUE_AT:
        _adjust(k, -1 if action_id == ADJUST_AT else 1)
    elif action_id < SWAP_AT:
        new = (k.hand & ~7) | (action_id - VALUE_AT + 1)  # RUL-12
        if k.trace:
            k.log.append((EV_VALUE_CHOSEN, new))
        k.hand = new
        k.sub = SUB_FLUX_PLACE
    elif action_id < RETURN_ID:
        a = action_id - SWAP_AT
        _swap(k, (a // 6) * 8 + a % 6 + 1)
    elif action_id == RETURN_ID:
        hand = k.hand  # RUL-12
        if k.trace:
            k.log.append((EV_DIE_RETURNED, hand, 2))
        _insert(k.pool, hand)
        k.hand = -1
        k.sub = SUB_NONE
        k.active = -1
    else:
        _end_turn(k)


def _choose(k: KState, pattern: int) -> None:
    """RUL-10, SETUP-02, SETUP-03 (solo: no favor tokens, SOLO-01); after the last seat, round
    1 begins (ROUND-02)."""
    seat = k.turn
    favor = 0 if k.solo else k.tables.favor[pattern]
    if k.trace:
        k.log.append((EV_PATTERN_CHOSEN, seat, pattern, favor))
    k.pattern[seat] = pattern
    k.favor[seat] = favor
    if seat + 1 < k.players:
        k.turn = seat + 1
    else:
        _begin_round(k, 1, k.start)


def _begin_round(k: KState, number: int, start: int) -> None:
    """ROUND-02, ROUND-03: round ``number`` begins with ``start``'s first turn, once the draft
    pool is drawn and rolled."""
    if k.trace:
        k.log.append((EV_ROUND_STARTED, number - 1, start))
    k.round = number
    k.start = start
    k.step = 0
    k.turn = start
    k.skips = 0
    _reset_turn(k)
    k.chance = CH_DRAW if k.tables.pool_sizes[k.players] else CH_NONE


def _reset_turn(k: KState) -> None:
    k.drafted = False
    k.tool_used = False
    k.active = -1
    k.sub = SUB_NONE
    k.lifted = -1
    k.moved = -1


def _draft(k: KState, d: int) -> None:
    """TURN-03 (the turn's draft) or RUL-06 (Running Pliers' extra draft, ending the tool)."""
    extra = k.sub == SUB_RUNNING
    if k.trace:
        k.log.append((EV_DRAFTED, k.turn, d, 1 if extra else 0))
    _discard(k.pool, d)
    k.hand = d
    if extra:
        k.sub = SUB_NONE
        k.active = -1
    else:
        k.drafted = True


def _place(k: KState, cell: int) -> None:
    """TURN-04, PLACE-10 (TOOL-09, RUL-12 end their tool); the destination of a move
    (TOOL-13): Eglomise Brush and Copper Foil Burnisher are then complete, Lathekin waits for
    its second die, Tap Wheel is complete and offers a second move (RUL-07)."""
    p = k.turn
    sub = k.sub
    if sub in (SUB_DROP, SUB_DROP2):
        src = k.lifted
        number = TAP if k.active < 0 else k.tables.tool_number[k.tools[k.active]]
        d = _remove_die(k, p, src)
        _add_die(k, p, cell, d)
        if k.trace:
            k.log.append((EV_DIE_MOVED, number, d, src, cell))
        k.lifted = -1
        if sub == SUB_DROP and number == LATHEKIN:
            k.sub = SUB_PICK2
            k.moved = cell
            return
        k.sub = SUB_NONE
        k.active = -1
        k.moved = cell if sub == SUB_DROP and number == TAP else -1
        return
    hand = k.hand
    if k.trace:
        k.log.append((EV_DIE_PLACED, p, hand, cell))
    _add_die(k, p, cell, hand)
    k.hand = -1
    if sub != SUB_NONE:
        k.sub = SUB_NONE
        k.active = -1


def _use_tool(k: KState, number: int, pay: int) -> None:
    """FAVOR-01, FAVOR-02, FAVOR-04; solo: the paying die and the card leave the game (SOLO-03,
    RUL-08); then the tool's effect begins (TOOL-01 to TOOL-12)."""
    t = k.tables
    slot = 0
    while t.tool_number[k.tools[slot]] != number:
        slot += 1
    p = k.turn
    if k.solo:
        paid = t.tool_colour[k.tools[slot]] * 8 + pay
        if k.trace:
            k.log.append((EV_TOOL_USED, p, slot, number, 0))
            k.log.append((EV_DIE_PAID, slot, paid))
        k.spent[slot] = paid
        _discard(k.pool, paid)
    else:
        price = _cost(k.tokens[slot])
        if k.trace:
            k.log.append((EV_TOOL_USED, p, slot, number, price))
        k.favor[p] -= price
        k.tokens[slot] += price
    k.tool_used = True
    k.active = slot
    _start_effect(k, number)


def _start_effect(k: KState, number: int) -> None:
    """Begin the paid tool's effect (TOOL-01 to TOOL-12): the first step the player chooses
    (``sub``), or the chance step it needs (ENG-03, ENG-04), tracing what happens at once
    (TOOL-08, TOOL-10, TOOL-11)."""
    if number == GROZING:
        k.sub = SUB_GROZING
    elif (MOVING >> number) & 1:
        k.sub = SUB_PICK
    elif number == LENS:
        k.sub = SUB_LENS
    elif number == CORK:
        k.sub = SUB_CORK
    elif number == BRUSH:  # TOOL-06: re-rolled; placed or back to the pool
        k.chance = CH_BRUSH
    elif number == GRINDING:  # TOOL-10: turned to its opposite face, which has a space (RUL-20)
        hand = k.hand
        new = (hand & ~7) | (7 - (hand & 7))
        if k.trace:
            k.log.append((EV_DIE_CHANGED, GRINDING, hand, new))
        _changed(k, new)
    elif number == REMOVER:  # TOOL-11, RUL-12: back into the bag, a new die drawn
        hand = k.hand
        k.bag[hand >> 3] += 1
        k.hand = -1
        k.chance = CH_REMOVER
        if k.trace:
            k.log.append((EV_DIE_TO_BAG, hand))
    elif number == HAMMER:  # TOOL-07, ENG-04: every pool die re-rolled, in canonical order
        k.active = -1
        k.chance = CH_REROLL
        k.ch_dice = k.pool[:]
    else:  # RUNNING, TOOL-08, RUL-06: draft again now, skip the second turn
        k.sub = SUB_RUNNING
        bit = 1 << k.turn
        if not k.skips & bit:
            k.skips |= bit
            if k.trace:
                k.log.append((EV_TURN_SKIPPED, k.turn))


def _changed(k: KState, new: int) -> None:
    """The die in hand becomes ``new``, which has a legal space (RUL-20); the tool is over
    (TOOL-01, TOOL-05, TOOL-10)."""
    k.hand = new
    k.active = -1
    k.sub = SUB_NONE


def _hand_changed(k: KState, new: int) -> bool:
    """Flux Brush re-rolled the die in hand to ``new``; with no legal space it returns to the
    pool (TOOL-06, RUL-02), the draft used and the tool paid; the tool is over either way.
    Whether it returned."""
    k.active = -1
    k.sub = SUB_NONE
    k.chance = CH_NONE
    if _cells(k, k.turn, new, False):
        k.hand = new
        return False
    k.hand = -1
    _insert(k.pool, new)
    return True


def _adjust(k: KState, delta: int) -> None:
    """TOOL-01: the die in hand takes its new value, one with a legal space (RUL-20)."""
    hand = k.hand
    new = hand + delta
    if k.trace:
        k.log.append((EV_DIE_CHANGED, GROZING, hand, new))
    _changed(k, new)


def _swap(k: KState, taken: int) -> None:
    """TOOL-05: the drafted die takes the place of the chosen die on the lowest-numbered
    round-track space holding one; the die taken, which has a legal space (RUL-20), comes into
    the hand."""
    hand = k.hand
    i = 0
    while k.track[i] & 63 != taken:
        i += 1
    space = k.track[i] >> 6
    del k.track[i]
    _insert(k.track, space * 64 + hand)
    _track_colours(k)
    if k.trace:
        k.log.append((EV_DIE_SWAPPED, space, hand, taken))
    _changed(k, taken)


def _snake(start: int, position: int, players: int) -> int:
    """The seat of turn ``position`` (0 to 2n-1) of a round started by ``start`` (ROUND-03)."""
    if position < players:
        return (start + position) % players
    return (start + 2 * players - 1 - position) % players


def _end_turn(k: KState) -> None:
    """TURN-02: the turn ends; the next seat in the snake order acts (ROUND-03; solo: the
    same seat's second turn, SOLO-02), skipping the second turns Running Pliers gave up
    (TOOL-08, RUL-06); after the last turn the round ends (ROUND-04 to ROUND-06)."""
    n = k.players
    if k.trace:
        k.log.append((EV_TURN_ENDED, k.turn))
    position = k.step + 1
    while n <= position < 2 * n and (k.skips >> _snake(k.start, position, n)) & 1:
        if k.trace:
            k.log.append((EV_TURN_SKIPPED, _snake(k.start, position, n)))
        position += 1
    if position < 2 * n:
        k.step = position
        k.turn = _snake(k.start, position, n)
        _reset_turn(k)
        return
    _end_round(k)


def _end_round(k: KState) -> None:
    """ROUND-04: the pool's dice go on the round's space of the round track (solo: with their
    values, SOLO-04); ROUND-05: the start player passes clockwise; ROUND-06: after round 10
    the game is over."""
    index = k.round - 1
    if k.trace:
        k.log.append((EV_DICE_TO_TRACK, index, *k.pool))
    for d in k.pool:
        _insert(k.track, index * 64 + d)
        k.track_colours |= 1 << (d >> 3)
    k.pool = []
    if k.round >= k.tables.rounds:
        if k.trace:
            k.log.append((EV_GAME_ENDED,))
        k.round += 1
        k.skips = 0
        _reset_turn(k)
        return
    _begin_round(k, k.round + 1, (k.start + 1) % k.players)


# ----------------------------------------------------------------------------- chance


def _dealt(k: KState, kind: int) -> list[int]:
    """The cards of a deck still to deal, increasing (SETUP-01 to SETUP-05)."""
    t = k.tables
    if kind == CH_PRIVATE:
        deck = len(t.private_colour)
        held = k.privates
    elif kind == CH_PATTERN:
        deck = t.cards
        held = k.cards
    elif kind == CH_TOOL:
        deck = len(t.tool_number)
        held = k.tools
    else:
        deck = len(t.public_number)
        held = k.publics
    taken: i64 = 0
    for card in held:
        if card >= 0:
            taken |= 1 << card
    out: list[int] = []
    for i in range(deck):
        if not (taken >> i) & 1:
            out.append(i)
    return out


def chance_outcomes(k: KState) -> list[int]:
    """The outcomes of the pending chance step with their weights, ``[outcome, weight, ...]``,
    outcomes increasing: each outcome's probability is its weight over their sum (ENG-03).
    A deal the cards not dealt yet, ``"start"`` the seats, equally likely; a draw the colours
    in the bag weighted by their count (ROUND-02, TOOL-11); a roll the values less one, 1/6
    each (ROUND-02, TOOL-06, TOOL-07). Empty when no chance step is pending."""
    kind = k.chance
    out: list[int] = []
    if kind == CH_NONE:
        return out
    if kind in (CH_ROLL, CH_REROLL, CH_BRUSH):
        for v in range(6):
            out.append(v)
            out.append(1)
    elif kind in (CH_DRAW, CH_REMOVER):
        for c in range(5):
            if k.bag[c]:
                out.append(c)
                out.append(k.bag[c])
    elif kind == CH_START:
        for seat in range(k.players):
            out.append(seat)
            out.append(1)
    else:
        for card in _dealt(k, kind):
            out.append(card)
            out.append(1)
    return out


def sample_chance(k: KState) -> None:
    """Decide the pending chance step from the generator (ENG-05): a deal takes ``below(cards
    left)`` as the position among the cards left, increasing; a draw ``r = below(dice in the
    bag)`` and walks the colours subtracting counts; a roll is ``below(6)``, the value less
    one; the start player ``below(players)``. The step's event is logged when tracing."""
    kind = k.chance
    rng = k.rng
    if kind in (CH_ROLL, CH_REROLL, CH_BRUSH):
        outcome = rng.below(6)
    elif kind in (CH_DRAW, CH_REMOVER):
        total = 0
        for n in k.bag:
            total += n
        r = rng.below(total)
        outcome = 0
        while r >= k.bag[outcome]:
            r -= k.bag[outcome]
            outcome += 1
    elif kind == CH_START:
        outcome = rng.below(k.players)
    else:
        cards = _dealt(k, kind)
        outcome = cards[rng.below(len(cards))]
    if k.trace:
        if kind in (CH_DRAW, CH_REMOVER):
            k.log.append((EV_DIE_DRAWN, outcome))
        elif kind in (CH_ROLL, CH_REROLL):
            k.log.append((EV_DIE_ROLLED, (k.ch_dice[0] & ~7) | (outcome + 1), 0))
        elif kind == CH_BRUSH:
            k.log.append((EV_DIE_ROLLED, (k.hand & ~7) | (outcome + 1), 1))
        elif kind == CH_START:
            k.log.append((EV_START_PLAYER, outcome))
        else:
            k.log.append((EV_CARD_DEALT, kind, k.ch_seat, k.ch_index, outcome))
    apply_chance(k, outcome)


def apply_chance(k: KState, outcome: int) -> None:
    """The pending chance step turned out ``outcome`` (one of :func:`chance_outcomes`,
    unchecked): the state after it (ENG-03; ROUND-02, TOOL-06, TOOL-07, TOOL-11, RUL-19,
    SETUP-01 to SETUP-05 in the order of ENG-04). The generator is neither read nor advanced."""
    kind = k.chance
    if kind == CH_DRAW:  # ROUND-02: the colour leaves the bag; the die is rolled next
        k.bag[outcome] -= 1
        k.chance = CH_ROLL
        k.ch_dice = [outcome * 8]
    elif kind == CH_ROLL:  # ROUND-02: the die joins the pool; draw again until it is full
        _insert(k.pool, k.ch_dice[0] + outcome + 1)
        k.ch_dice = []
        full = len(k.pool) >= k.tables.pool_sizes[k.players]
        k.chance = CH_NONE if full else CH_DRAW
    elif kind == CH_REROLL:  # TOOL-07, ENG-04: one pool die after the other, in order
        old = k.ch_dice[0]
        _discard(k.pool, old)
        _insert(k.pool, (old & ~7) | (outcome + 1))
        k.ch_dice = k.ch_dice[1:]
        k.chance = CH_REROLL if k.ch_dice else CH_NONE
    elif kind == CH_BRUSH:  # TOOL-06: placed if it can be, else back to the pool
        _hand_changed(k, (k.hand & ~7) | (outcome + 1))
    elif kind == CH_REMOVER:  # TOOL-11, RUL-12: the player chooses its value next
        k.bag[outcome] -= 1
        k.hand = outcome * 8
        k.sub = SUB_FLUX
        k.chance = CH_NONE
    elif kind == CH_START:  # RUL-19; then the seats choose their patterns (RUL-10)
        k.start = outcome
        k.turn = 0
        k.chance = CH_NONE
    else:
        _deal_card(k, kind, outcome)


def _deal_card(k: KState, kind: int, card: int) -> None:
    """One card dealt, then the next deal in the order of ENG-04: each seat's private
    objectives (solo two: SETUP-01, SOLO-01), each seat's two pattern cards (SETUP-02), the
    tools (3, solo the difficulty: SETUP-04), the publics (3, solo 2: SETUP-05), then the start
    player (2 to 4 players, RUL-19)."""
    n = k.players
    seat = k.ch_seat
    index = k.ch_index
    if kind == CH_PRIVATE:
        privates = k.privates[:]
        privates[seat * k.npriv + index] = card
        k.privates = privates
        if index + 1 < k.npriv:
            k.ch_index = index + 1
        elif seat + 1 < n:
            k.ch_seat = seat + 1
            k.ch_index = 0
        else:
            k.chance = CH_PATTERN
            k.ch_seat = 0
            k.ch_index = 0
    elif kind == CH_PATTERN:
        cards = k.cards[:]
        cards[seat * 2 + index] = card
        k.cards = cards
        if index == 0:
            k.ch_index = 1
        elif seat + 1 < n:
            k.ch_seat = seat + 1
            k.ch_index = 0
        else:
            k.chance = CH_TOOL if _tool_count(k) else CH_PUBLIC
            k.ch_seat = 0
            k.ch_index = 0
    elif kind == CH_TOOL:
        tools = [*k.tools, card]
        k.tools = tools
        k.tokens.append(0)
        k.spent.append(-1)
        numbers = k.tables.tool_number
        order: list[int] = []
        for slot in range(len(tools)):
            number = numbers[tools[slot]]
            i = len(order)
            order.append(slot)
            while i > 0 and numbers[tools[order[i - 1]]] > number:
                order[i] = order[i - 1]
                i -= 1
            order[i] = slot
        k.order = order
        if index + 1 < _tool_count(k):
            k.ch_index = index + 1
        else:
            k.chance = CH_PUBLIC
            k.ch_index = 0
    else:
        k.publics = [*k.publics, card]
        if index + 1 < (2 if k.solo else 3):
            k.ch_index = index + 1
        else:
            k.chance = CH_START if n > 1 else CH_NONE
            k.ch_index = 0


def _tool_count(k: KState) -> int:
    """Tool cards in play: 3, solo the difficulty (SETUP-04, SOLO-01)."""
    return 3 if k.difficulty < 0 else k.difficulty


def deal(tables: Tables, players: int, difficulty: int, seed_hi: int, seed_lo: int) -> KState:
    """A new game, every card dealt from the seed ``seed_hi * 2**32 + seed_lo`` as
    :func:`sintra_rules.games.sagrada.setup.new_game` deals it (SETUP-01 to SETUP-06, SOLO-01,
    ENG-04, ENG-05): the first seat to choose its pattern. ``difficulty`` is the solo game's
    number of tools (``-1`` with 2 to 4 players); unchecked."""
    k = KState(tables, players, difficulty, Rng(seed_hi, seed_lo))
    while k.chance != CH_NONE:
        sample_chance(k)
    return k


def determinize(k: KState, seed_hi: int, seed_lo: int, viewer: int) -> None:
    """Give ``k`` a fresh generator seeded ``seed_hi * 2**32 + seed_lo`` (ENG-05) and, with a
    ``viewer`` seat (``-1``: none), deal every other seat's private objectives again from it
    (ENG-06): for each other seat in seat order, for each card it holds, ``r = below(m)``,
    ``m`` the private cards neither the viewer's nor given yet in this resampling, and the
    seat receives the r-th of them in increasing order. After the end of the game every card
    is shown: only the generator changes. As
    :func:`sintra_rules.games.sagrada.chance.determinize`."""
    rng = Rng(seed_hi, seed_lo)
    k.rng = rng
    k.has_rng = True
    if viewer < 0 or k.round > k.tables.rounds:
        return
    npriv = k.npriv
    free: list[int] = []
    for card in range(len(k.tables.private_colour)):
        own = False
        for i in range(npriv):
            if k.privates[viewer * npriv + i] == card:
                own = True
        if not own:
            free.append(card)
    privates = k.privates[:]
    for seat in range(k.players):
        if seat == viewer:
            continue
        for i in range(npriv):
            if privates[seat * npriv + i] >= 0:
                privates[seat * npriv + i] = free.pop(rng.below(len(free)))
    k.privates = privates


# ----------------------------------------------------------------------------- scoring


def _count(m: int) -> int:
    """The spaces of mask ``m``."""
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


def _public(k: KState, p: int, number: int) -> int:
    """What public objective rule ``number`` (1 to 10) counts on seat ``p``'s window (PUB-01
    to PUB-10; complete lines only, PUB-11)."""
    masks = k.masks
    base = p * MASKS
    if number <= 4:
        if number == 4:  # PUB-04 Shade Variety
            low = 99
            for v in range(1, 7):
                n = _count(masks[base + VALUE + v])
                if n < low:
                    low = n
            return low
        a = _count(masks[base + VALUE + 2 * number - 1])  # PUB-01 to PUB-03
        b = _count(masks[base + VALUE + 2 * number])
        return a if a < b else b
    if number == 9:  # PUB-09 Color Variety
        low = 99
        for c in range(5):
            n = _count(masks[base + COLOUR + c])
            if n < low:
                low = n
        return low
    if number == 10:  # PUB-10 Color Diagonals
        found = 0
        for c in range(5):
            m = masks[base + COLOUR + c]
            found += _count(m & _diag(m))
        return found
    rows = number == 5 or number == 7  # PUB-05, PUB-07 rows; PUB-06, PUB-08 columns
    first = COLOUR if number >= 7 else VALUE + 1
    kinds = 5 if number >= 7 else 6
    lines = 4 if rows else 5
    length = 5 if rows else 4
    found = 0
    for line in range(lines):
        m = (0x1F << (5 * line)) if rows else (0x8421 << line)
        if masks[base] & m != m:
            continue
        distinct = 0
        for j in range(kinds):
            if masks[base + first + j] & m:
                distinct += 1
        if distinct == length:
            found += 1
    return found


def _private(k: KState, p: int, card: int) -> int:
    """SCORE-02: the sum of the values of the dice of private objective ``card``'s colour."""
    base = p * MASKS
    m = k.masks[base + COLOUR + k.tables.private_colour[card]]
    total = 0
    for v in range(1, 7):
        total += v * _count(m & k.masks[base + VALUE + v])
    return total


def score_parts(k: KState, p: int) -> list[int]:
    """Seat ``p``'s score as its window stands (SCORE-01; at the end its final score):
    ``[total, private, tokens, empty spaces, empty points, public 1, public 2, ...]``: the best
    private objective (SCORE-02; solo the better card, RUL-11), the favor tokens left
    (SCORE-03; none solo), -1 per empty space (SCORE-04; solo -3, SOLO-06) and each public
    objective in play, in slot order (PUB-11). As
    :func:`sintra_rules.games.sagrada.scoring.final_score`."""
    t = k.tables
    best = 0
    found = False
    for i in range(k.npriv):
        card = k.privates[p * k.npriv + i]
        if card >= 0:
            got = _private(k, p, card)
            if not found or got > best:
                best = got
                found = True
    tokens = 0 if k.solo else k.favor[p]
    empty = SPACES - _count(k.masks[p * MASKS])
    empty_points = -(3 if k.solo else 1) * empty
    total = best + tokens + empty_points
    publics: list[int] = []
    for card in k.publics:
        points = _public(k, p, t.public_number[card]) * t.public_points[card]
        publics.append(points)
        total += points
    return [total, best, tokens, empty, empty_points, *publics]


def score(k: KState, p: int) -> int:
    """Seat ``p``'s score as its window stands (SCORE-01 to SCORE-04, SOLO-06)."""
    return score_parts(k, p)[0]


def target_score(k: KState) -> int:
    """SOLO-05: the sum of the values of the dice on the round track (dice paid for tools are
    not on it, SOLO-03)."""
    total = 0
    for entry in k.track:
        total += entry & 7
    return total


def result_keys(k: KState) -> list[int]:
    """Each seat's tie-break key, four ints per seat: score (WIN-01), private objective points
    (WIN-02), favor tokens left (WIN-03) and position in the last round's clockwise order from
    its start player (WIN-04), higher better; keys never tie (RUL-17). ENG-13."""
    out: list[int] = []
    n = k.players
    for p in range(n):
        parts = score_parts(k, p)
        out.append(parts[0])
        out.append(parts[1])
        out.append(parts[2])
        out.append((p - k.start) % n)
    return out


def winners(k: KState) -> list[int]:
    """The winners of a finished game (ENG-13): the seat with the best key (WIN-01 to WIN-04);
    solo, the player if the score beats the target (SOLO-05, SOLO-07, RUL-18), else none."""
    if k.solo:
        return [0] if score(k, 0) > target_score(k) else []
    keys = result_keys(k)
    best = 0
    for p in range(1, k.players):
        for j in range(4):
            a = keys[p * 4 + j]
            b = keys[best * 4 + j]
            if a != b:
                if a > b:
                    best = p
                break
    return [best]


def outcome_shares(k: KState) -> list[float]:
    """Each seat's share of the win in a finished game: 1 for the winner, 0 for the others
    (keys never tie: RUL-17); solo 1 when the target is beaten (SOLO-07)."""
    shares = [0.0] * k.players
    for p in winners(k):
        shares[p] = 1.0
    return shares


# ----------------------------------------------------------------------------- playouts


def _eager(ids: list[int]) -> list[int]:
    """The soak's ``eager`` pool: every decision but ending the turn (TURN-02), while there is
    one (:func:`sintra_rules.games.sagrada.verify.policies.eager`)."""
    if len(ids) > 1 and ids[len(ids) - 1] == END_ID:
        return ids[: len(ids) - 1]
    return ids


def random_playout(k: KState, agent: Rng) -> int:
    """Play ``k`` to the end in place, every decision uniformly among the legal ids drawn from
    ``agent`` (ENG-05, ENG-08), every chance step from ``k``'s generator; the number of
    decisions played. ``k`` must have a generator."""
    plies = 0
    rounds = k.tables.rounds
    while k.round <= rounds:
        ids = legal_ids(k)
        step(k, ids[agent.below(len(ids))])
        plies += 1
    return plies


def play_random_games(
    tables: Tables, players: int, difficulties: list[int], first_seed: int, games: int
) -> int:
    """Play ``games`` uniformly random games, game ``g`` dealt from seed ``first_seed + g``
    (modulo ``2**64``, ENG-05) with difficulty ``difficulties[g % len(difficulties)]`` and its
    decisions drawn by a generator of the same seed, exactly as the benchmark's reference
    games (:func:`sintra_rules.verify.bench.playout_plies`). Returns the decisions played."""
    plies = 0
    for g in range(games):
        seed = (first_seed + g) & MASK64
        k = deal(tables, players, difficulties[g % len(difficulties)], seed >> 32, seed & M32)
        plies += random_playout(k, Rng(seed >> 32, seed & M32))
    return plies


def perft(k: KState, depth: int) -> int:
    """The number of legal decision sequences of length ``depth`` from ``k`` (fewer where the
    game ends first: a finished game counts as one leaf), every chance step sampled from the
    generator, as :func:`sintra_rules.verify.perft.perft` counts them; ``k`` is not changed."""
    if depth == 0 or k.round > k.tables.rounds:
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


def flat_values(k: KState, viewer: int, per_action: int, searcher: Rng) -> list[float]:
    """A flat Monte Carlo evaluation for the player to act, ``viewer``: for each legal id of
    ``k`` in order, ``per_action`` simulations, each on a copy of ``k`` determinized for the
    viewer from a seed drawn from ``searcher`` (:func:`determinize`: the other seats' private
    objectives and the future dice resampled, ENG-06), the id applied, then uniformly random
    play to the end; the summed win shares of the viewer (:func:`outcome_shares`). The search
    never reads the real generator or the others' cards. ``k`` is not changed; the game must
    not be over and no chance step pending."""
    ids = legal_ids(k)
    values: list[float] = []
    for action_id in ids:
        total = 0.0
        for _ in range(per_action):
            s = k.copy()
            hi, lo = searcher.next_u64()
            determinize(s, hi, lo, viewer)
            step(s, action_id)
            random_playout(s, searcher)
            total += outcome_shares(s)[viewer]
        values.append(total)
    return values


# ----------------------------------------------------------------------------- soak


def _check_dice(k: KState) -> str:
    """90 dice, 18 of each colour, each in exactly one place: bag, pool, hand, round track,
    windows, dice paid for solo tools and a drawn die waiting for its roll (COMP-01,
    ROUND-02, SOLO-03); counts never below zero."""
    t = k.tables
    counts = k.bag[:]
    for c in range(5):
        if counts[c] < 0:
            return f"dice_conserved: {counts[c]} dice of colour {c} in the bag"
    for d in k.pool:
        counts[d >> 3] += 1
    if k.hand >= 0:
        counts[k.hand >> 3] += 1
    for entry in k.track:
        counts[(entry & 63) >> 3] += 1
    for d in k.spent:
        if d >= 0:
            counts[d >> 3] += 1
    if k.chance == CH_ROLL:
        counts[k.ch_dice[0] >> 3] += 1
    for d in k.window:
        if d >= 0:
            counts[d >> 3] += 1
    for c in range(5):
        if counts[c] != t.dice_per_colour:
            return f"dice_conserved: {counts[c]} dice of colour {c}, not {t.dice_per_colour}"
    return ""


def _check_window(k: KState, p: int) -> str:
    """Seat ``p``'s window: its masks are its dice's, every die a colour 0 to 4 and a value 1
    to 6 (COMP-01), and no two orthogonal neighbours share a colour (PLACE-06) or a value
    (PLACE-07), which no tool waives (RUL-01)."""
    masks = [0] * MASKS
    for i in range(SPACES):
        d = k.window[p * SPACES + i]
        if d < 0:
            continue
        if not 0 <= d >> 3 < 5 or not 1 <= d & 7 <= 6:
            return f"window_dice: seat {p} holds die {d} on space {i}"
        masks[OCC] |= 1 << i
        masks[COLOUR + (d >> 3)] |= 1 << i
        masks[VALUE + (d & 7)] |= 1 << i
    for j in range(MASKS):
        if masks[j] != k.masks[p * MASKS + j]:
            return f"window_masks: seat {p}'s mask {j} is not its window's"
    for j in range(COLOUR, MASKS):
        if masks[j] & _orth(masks[j]):
            return f"neighbours_differ: seat {p} has orthogonal neighbours alike (mask {j})"
    return ""


def _check_turn(k: KState) -> str:
    """The round, turn and snake order (ROUND-01 to ROUND-03, SOLO-02), the favor tokens
    (FAVOR-02: each seat's supply and the tokens on the cards add up to its pattern's), the
    pool's size and order (ROUND-02) and the round track's rounds (ROUND-04)."""
    t = k.tables
    n = k.players
    if not 0 <= k.round <= t.rounds + 1:
        return f"turn_order: round {k.round}"
    if 1 <= k.round <= t.rounds:
        if not 0 <= k.step < 2 * n or k.turn != _snake(k.start, k.step, n):
            return f"turn_order: seat {k.turn} at step {k.step} from start {k.start}"
        if len(k.pool) > t.pool_sizes[n] and k.chance == CH_NONE:
            return f"pool: {len(k.pool)} dice"
    if not k.solo and k.round > 0:
        held = 0
        for p in range(n):
            if k.favor[p] < 0:
                return f"favor_conserved: seat {p} has {k.favor[p]} tokens"
            held += t.favor[k.pattern[p]] - k.favor[p]
        spent = 0
        for tokens in k.tokens:
            spent += tokens
        if held != spent:
            return f"favor_conserved: {held} tokens spent, {spent} on the cards"
    for i in range(1, len(k.pool)):
        if k.pool[i] < k.pool[i - 1]:
            return "pool: not in canonical order"
    for i in range(len(k.track)):
        if i and k.track[i] < k.track[i - 1]:
            return "round_track: not in canonical order"
        if not 0 <= k.track[i] >> 6 < k.round - 1 and k.round <= t.rounds:
            return f"round_track: a die on space {k.track[i] >> 6} in round {k.round}"
    return ""


def check_position(k: KState) -> str:
    """The core's own checks of a position, for the soak: ``""`` when all hold, else the first
    failure, named like the reference invariant it mirrors
    (:mod:`sintra_rules.games.sagrada.verify.invariants`): the dice conserved, every window in
    shape, the turn order, favor tokens, pool and round track; legal ids increasing, present
    exactly until the end (ENG-08, ROUND-06)."""
    found = _check_dice(k)
    if found:
        return found
    for p in range(k.players):
        found = _check_window(k, p)
        if found:
            return found
    found = _check_turn(k)
    if found:
        return found
    ids = legal_ids(k)
    if k.round > k.tables.rounds:
        return "legal_actions: legal ids after the end" if ids else ""
    if k.chance == CH_NONE and not ids:
        return "legal_actions: no legal id while a player is to act"
    for i in range(len(ids)):
        if not 0 <= ids[i] < NUM_ACTIONS or (i and ids[i] <= ids[i - 1]):
            return "legal_actions: legal ids not increasing in range(218)"
    return ""


def _tally(k: KState, counts: list[int]) -> None:
    """Add the tools used in ``k.log`` to ``counts`` (by number, at 1 to 12) and empty the
    log; a die moved (TOOL-13) counts at 13."""
    for entry in k.log:
        code = entry[0]
        if code == EV_TOOL_USED:
            counts[entry[3]] += 1
        elif code == EV_DIE_MOVED:
            counts[13] += 1
    k.log.clear()


def soak_game(k: KState, chooser: Rng, eager: bool, per_game: int) -> tuple[list[int], str]:
    """Play a soak game from ``k`` to the end in place, each decision drawn by ``chooser`` as
    the generic soak draws it (uniformly among the legal ids, or with ``eager`` among those
    of :func:`_eager`), with :func:`check_position` before the first and after every decision
    and at most ``per_game`` decisions (the game's ``max_game_length``).

    Returns ``(figures, failure)``: ``failure`` is ``""`` or the first failing check (the game
    stops there); ``figures`` are ``[plies, last id, tools used 1 to 12 (at 1 to 12), dice
    moved (TOOL-13), dice returned to the pool (RUL-02, RUL-12, TOOL-06), turns skipped
    (TOOL-08), solo result]``: ``last id`` is the last decision's id (``-1`` before the first),
    the solo result 1 for a game won, 0 lost, -1 for a game of 2 to 4 players or a failure.
    The counts are those of :func:`sintra_rules.games.sagrada.verify.invariants.step_events`.
    """
    counts = [0] * 16
    plies = 0
    last = -1
    found = check_position(k)
    k.trace = True
    k.log.clear()
    rounds = k.tables.rounds
    while not found and k.round <= rounds:
        ids = legal_ids(k)
        choices = _eager(ids) if eager else ids
        last = choices[chooser.below(len(choices))]
        hand = k.hand
        pool = len(k.pool) - (1 if k.solo and TOOL_AT <= last < ADJUST_AT else 0)
        before = k.round
        skips = k.skips
        step(k, last)
        plies += 1
        if (
            hand >= 0
            and k.hand < 0
            and not PLACE_AT <= last < PICK_AT
            and k.round == before
            and len(k.pool) > pool
        ):
            counts[14] += 1
        if k.skips != skips and k.round == before:
            counts[15] += 1
        if plies > per_game:
            found = f"termination: {plies} decisions, more than max_game_length {per_game}"
        else:
            found = check_position(k)
        _tally(k, counts)
    k.trace = False
    won = -1
    if not found and k.solo:
        won = 1 if winners(k) else 0
    return [plies, last, *counts[1:], won], found


# ----------------------------------------------------------------------------- search

#: The rows, then the columns, of a window as masks (COMP-03; PUB-05 to PUB-08).
LINES: Final = (0x1F, 0x3E0, 0x7C00, 0xF8000, 0x8421, 0x10842, 0x21084, 0x42108, 0x84210)


class Weights:
    """The weights of the search's knowledge of the game: what its playout policy and its
    priors make of a placement (:func:`place_value`) and of a draft (:func:`draft_value`),
    and how it scores a finished simulation (:func:`_rewards`). Defaults are the tuned ones;
    every field may be changed before a search."""

    private: float
    private_other: float
    hard: float
    dead: float
    tight: float
    pair_spare: float
    set_next: float
    set_after: float
    line_power: float
    target: float
    epsilon: float
    scale: float
    win: float
    explore: float
    widen: float
    tool_gap: float
    per_det: float
    solo_span: float

    def __init__(self) -> None:
        self.private = 1.0
        self.private_other = 0.5
        self.hard = 1.0
        self.dead = 2.0
        self.tight = 1.5
        self.pair_spare = 0.35
        self.set_next = 0.9
        self.set_after = 0.3
        self.line_power = 2.0
        self.target = 1.0
        self.epsilon = 0.0
        self.scale = 10.0
        self.win = 0.5
        self.explore = 0.5
        self.widen = 1.0
        self.tool_gap = 1.0
        self.per_det = 16.0
        self.solo_span = 100.0


class Look:
    """What a seat's placement values read, computed once per decision from its window
    (:func:`look`): the empty spaces that still take each colour and each value (the
    pattern's, PLACE-03 to PLACE-05, with no orthogonal neighbour alike, PLACE-06,
    PLACE-07), its dice per colour and per value, and the weight of a die's value per colour
    (its private objectives, SCORE-02)."""

    p: int
    occ: int
    ok_c: list[int]
    ok_v: list[int]
    n_c: list[int]
    n_v: list[int]
    priv: list[float]
    solo: bool

    def __init__(self, p: int, occ: int) -> None:
        self.p = p
        self.occ = occ
        self.ok_c = []
        self.ok_v = []
        self.n_c = []
        self.n_v = []
        self.priv = [0.0] * 5
        self.solo = False


def look(k: KState, p: int, w: Weights) -> Look:
    """Seat ``p``'s :class:`Look` as its window stands. Solo, the private objective that
    scores more now weighs ``w.private`` and the other ``w.private_other`` (only the better
    one counts, RUL-11); with 2 to 4 players the seat's one card weighs ``w.private``."""
    t = k.tables
    base = p * MASKS
    masks = k.masks
    occ: int = masks[base]
    pattern = k.pattern[p]
    empty: int = ALL & ~occ
    out = Look(p, occ)
    for c in range(5):
        m: i64 = masks[base + COLOUR + c]
        out.ok_c.append(t.colour_ok[pattern * 5 + c] & empty & ~_orth(m))
        out.n_c.append(_count(m))
    out.ok_v.append(0)
    out.n_v.append(0)
    for v in range(1, 7):
        m = masks[base + VALUE + v]
        out.ok_v.append(t.value_ok[pattern * 7 + v] & empty & ~_orth(m))
        out.n_v.append(_count(m))
    npriv = k.npriv
    best = -1
    for i in range(npriv):
        card = k.privates[p * npriv + i]
        if card >= 0:
            got = _private(k, p, card)
            if got > best:
                best = got
    for i in range(npriv):
        card = k.privates[p * npriv + i]
        if card >= 0:
            colour = t.private_colour[card]
            lead = _private(k, p, card) >= best
            out.priv[colour] = w.private if lead else w.private_other
    out.solo = k.solo
    return out


def _options(lk: Look, j: int) -> int:
    """How many (colour, value) pairs empty space ``j`` still takes (0 to 30)."""
    nc = 0
    for c in range(5):
        nc += (lk.ok_c[c] >> j) & 1
    nv = 0
    for v in range(1, 7):
        nv += (lk.ok_v[v] >> j) & 1
    return nc * nv


def place_value(k: KState, lk: Look, cell: int, d: int, w: Weights) -> float:
    """The search's estimate of what placing die ``d`` on empty ``cell`` of seat ``lk.p``'s
    window is worth, beyond the die itself: its value if of a private objective's colour
    (SCORE-02), a bonus for a space few dice fit, a penalty for each orthogonal neighbour it
    leaves with fewer dice that fit (PLACE-06, PLACE-07) or none (an empty space at the end,
    SCORE-04, SOLO-06), and each public objective's progress (:func:`_public_gain`)."""
    c = d >> 3
    v = d & 7
    bit: i64 = 1 << cell
    val = lk.priv[c] * v
    val += w.hard * (1.0 - _options(lk, cell) / 30.0)
    near: int = _orth(bit) & ~lk.occ
    while near:
        low = near & -near
        near ^= low
        j = low.bit_length() - 1
        lc = (lk.ok_c[c] >> j) & 1
        lv = (lk.ok_v[v] >> j) & 1
        if lc or lv:
            nc = 0
            for cc in range(5):
                nc += (lk.ok_c[cc] >> j) & 1
            nv = 0
            for vv in range(1, 7):
                nv += (lk.ok_v[vv] >> j) & 1
            if nc and nv:
                nc2 = nc - lc
                nv2 = nv - lv
                if nc2 == 0 or nv2 == 0:
                    val -= w.dead
                else:
                    val -= w.tight * (nc * nv - nc2 * nv2) / 30.0
    t = k.tables
    for card in k.publics:
        val += t.public_points[card] * _public_gain(k, lk, t.public_number[card], cell, c, v, w)
    return val


def _public_gain(k: KState, lk: Look, number: int, cell: int, c: int, v: int, w: Weights) -> float:
    """A public objective's progress, in cards' worth, from a die of colour ``c`` and value
    ``v`` on ``cell`` (PUB-01 to PUB-11): a set completed counts 1 (a die beyond the sets
    ``w.pair_spare``, ``w.set_next`` or ``w.set_after`` of a set's share); a row or column
    counts ``(dice / length) ** w.line_power`` while its dice all differ, 0 once two repeat;
    Color Diagonals exactly."""
    if number <= 3:
        a = 2 * number - 1
        if v == a:
            other = a + 1
        elif v == a + 1:
            other = a
        else:
            return 0.0
        return 1.0 if lk.n_v[v] < lk.n_v[other] else w.pair_spare
    if number == 4 or number == 9:
        counts = lk.n_v if number == 4 else lk.n_c
        first = 1 if number == 4 else 0
        kinds = 6 if number == 4 else 5
        low = 99
        for j in range(first, first + kinds):
            if counts[j] < low:
                low = counts[j]
        mine = counts[v] if number == 4 else counts[c]
        if mine == low:
            return w.set_next / kinds
        if mine == low + 1:
            return w.set_after / kinds
        return 0.0
    base = lk.p * MASKS
    masks = k.masks
    bit: i64 = 1 << cell
    if number == 10:
        m: i64 = masks[base + COLOUR + c]
        before = _count(m & _diag(m))
        m |= bit
        return float(_count(m & _diag(m)) - before)
    rows = number == 5 or number == 7
    line: i64 = LINES[cell // 5] if rows else LINES[4 + cell % 5]
    length = 5 if rows else 4
    first = COLOUR if number >= 7 else VALUE + 1
    kinds = 5 if number >= 7 else 6
    for j in range(first, first + kinds):
        x: i64 = masks[base + j] & line
        if x & (x - 1):
            return 0.0  # two alike already: the line scores nothing
    n = _count(lk.occ & line)
    before_f = math.pow(n / length, w.line_power)
    mine_m: i64 = masks[base + COLOUR + c] if number >= 7 else masks[base + VALUE + v]
    if mine_m & line:
        return -before_f
    return math.pow((n + 1) / length, w.line_power) - before_f


def draft_value(k: KState, lk: Look, d: int, w: Weights) -> float:
    """What drafting pool die ``d`` is worth to seat ``lk.p``: its best
    :func:`place_value` (``-1000`` when no space takes it), plus, solo, its value times
    ``w.target`` (a die drafted is a die not left for the round track, SOLO-05)."""
    cells = _cells(k, lk.p, d, False)
    best = -1000.0
    while cells:
        low = cells & -cells
        cells ^= low
        val = place_value(k, lk, low.bit_length() - 1, d, w)
        if val > best:
            best = val
    if lk.solo and best > -1000.0:
        best += w.target * (d & 7)
    return best


def _best_cell(k: KState, lk: Look, d: int, cells: int, w: Weights, rng: Rng) -> int:
    """The cell of ``cells`` of greatest :func:`place_value` for ``d`` (ties: the first),
    or with probability ``w.epsilon`` one drawn uniformly; ``-1`` for none."""
    if not cells:
        return -1
    if w.epsilon > 0.0 and rng.below(1000) < int(w.epsilon * 1000):
        n = _count(cells)
        pick = rng.below(n)
        while True:
            low = cells & -cells
            cells ^= low
            if pick == 0:
                return low.bit_length() - 1
            pick -= 1
    best = -1
    best_val = -1e9
    while cells:
        low = cells & -cells
        cells ^= low
        cell = low.bit_length() - 1
        val = place_value(k, lk, cell, d, w)
        if val > best_val:
            best_val = val
            best = cell
    return best


def policy_id(k: KState, w: Weights, rng: Rng) -> int:
    """The search's playout policy: a legal id for the player to act. A draft takes the pool
    die of greatest :func:`draft_value` (with probability ``w.epsilon`` a draftable one drawn
    uniformly), a placement the space of greatest :func:`place_value`, then the turn ends;
    tools are left alone (a tool half-done goes on by the same values, or at random); the
    patterns are drawn uniformly. No chance step may be pending."""
    if k.round == 0:
        ids = legal_ids(k)
        return ids[rng.below(len(ids))]
    p = k.turn
    if k.sub == SUB_NONE:
        if k.hand < 0:
            if k.drafted:
                return END_ID
            lk = look(k, p, w)
            best = -1
            best_val = -1e9
            prev = -1
            explore = w.epsilon > 0.0 and rng.below(1000) < int(w.epsilon * 1000)
            seen = 0
            for d in k.pool:
                if d == prev:
                    continue
                prev = d
                if not _cells(k, p, d, False):
                    continue
                if explore:
                    seen += 1
                    if rng.below(seen) == 0:
                        best = d
                    continue
                val = draft_value(k, lk, d, w)
                if val > best_val:
                    best_val = val
                    best = d
            if best < 0:
                return END_ID
            return DRAFT_AT + 6 * (best >> 3) + (best & 7) - 1
        cells = _cells(k, p, k.hand, False)
        if cells:
            lk = look(k, p, w)
            return PLACE_AT + _best_cell(k, lk, k.hand, cells, w, rng)
    ids = legal_ids(k)
    priors = _priors(k, ids, w)
    best_i = 0
    for i in range(1, len(ids)):
        if priors[i] > priors[best_i]:
            best_i = i
    return ids[best_i]


def _priors(k: KState, ids: list[int], w: Weights) -> list[float]:
    """The search's prior value of each of ``ids`` for the player to act (higher first):
    drafts by :func:`draft_value`, placements by :func:`place_value`, a die changed by a tool
    (TOOL-01, TOOL-05, RUL-12) by its best placement; ending the turn last while a die may
    still be drafted, first once the turn's die is placed; a tool ``w.tool_gap`` below the
    best of the rest (2 to 4 players, less its favor tokens; solo, plus half the paid die's
    value, which leaves the round track, SOLO-03, SOLO-05); a pattern by its favor tokens."""
    out: list[float] = []
    t = k.tables
    if k.round == 0:
        for a in ids:
            out.append(0.0 if k.solo else float(t.favor[a]))
        return out
    p = k.turn
    lk = look(k, p, w)
    hand = k.hand
    moving = k.sub == SUB_DROP or k.sub == SUB_DROP2
    best_other = -1e9
    for a in ids:
        val = 0.0
        if DRAFT_AT <= a < PLACE_AT:
            x = a - DRAFT_AT
            val = draft_value(k, lk, (x // 6) * 8 + x % 6 + 1, w)
            if val <= -1000.0:
                val = -20.0  # drafted only for a tool (RUL-05)
        elif PLACE_AT <= a < PICK_AT:
            val = 0.0 if moving or hand < 0 else place_value(k, lk, a - PLACE_AT, hand, w)
        elif ADJUST_AT <= a < RETURN_ID and hand >= 0:
            if a < VALUE_AT:
                new = hand + (-1 if a == ADJUST_AT else 1)
            elif a < SWAP_AT:
                new = (hand & ~7) | (a - VALUE_AT + 1)
            else:
                x = a - SWAP_AT
                new = (x // 6) * 8 + x % 6 + 1
            val = draft_value(k, lk, new, w)
            if val <= -1000.0:
                val = -20.0
        elif a == RETURN_ID:
            val = -20.0
        elif a == END_ID:
            val = -30.0 if hand < 0 and not k.drafted and len(ids) > 1 else 30.0
        if not TOOL_AT <= a < ADJUST_AT and a != END_ID and val > best_other:
            best_other = val
        out.append(val)
    if best_other < -1e8:
        best_other = 0.0
    for i in range(len(ids)):
        a = ids[i]
        if TOOL_AT <= a < ADJUST_AT:
            x = a - TOOL_AT
            number = x // 7 + 1
            val = best_other - w.tool_gap
            if k.solo:
                val += 0.5 * (x % 7)
            else:
                slot = 0
                while t.tool_number[k.tools[slot]] != number:
                    slot += 1
                val -= _cost(k.tokens[slot])
            out[i] = val
    return out


def _rewards(k: KState, w: Weights) -> list[float]:
    """Each seat's reward for a finished simulation, in ``[0, 1]``: ``w.win`` for a win
    (WIN-01 to WIN-04; solo, the target beaten, SOLO-07) and the rest from the score margin
    to the best other seat, ``0.5 + 0.5 * tanh(margin / w.scale)``; solo, the margin to the
    target score (SOLO-05), ``0.5 + margin / w.solo_span`` kept within ``[0, 1]``."""
    n = k.players
    scores = [score(k, p) for p in range(n)]
    shares = outcome_shares(k)
    out: list[float] = []
    for p in range(n):
        if k.solo:
            rival = target_score(k)
        else:
            rival = -1000
            for q in range(n):
                if q != p and scores[q] > rival:
                    rival = scores[q]
        margin = float(scores[p] - rival)
        if k.solo:  # linear: solo margins run from about -80 to +40, beyond a tanh's reach
            part = 0.5 + margin / w.solo_span
            part = 0.0 if part < 0.0 else 1.0 if part > 1.0 else part
        else:
            part = 0.5 + 0.5 * math.tanh(margin / w.scale)
        out.append(w.win * shares[p] + (1.0 - w.win) * part)
    return out


def policy_playout(k: KState, w: Weights, agent: Rng) -> int:
    """Play ``k`` to the end in place by :func:`policy_id` (its random choices drawn from
    ``agent``), every chance step from ``k``'s generator; the number of decisions played."""
    plies = 0
    rounds = k.tables.rounds
    while k.round <= rounds:
        step(k, policy_id(k, w, agent))
        plies += 1
    return plies


class Tree:
    """A search tree on one determinization: node ``n``'s children by action id, and per
    node its visits and the summed reward of the seat that chose its action."""

    kids: list[dict[int, int]]
    visits: list[int]
    value: list[float]

    def __init__(self) -> None:
        self.kids = [{}]
        self.visits = [0]
        self.value = [0.0]

    def add(self) -> int:
        """A new node's index."""
        self.kids.append({})
        self.visits.append(0)
        self.value.append(0.0)
        return len(self.visits) - 1


def _ranked(k: KState, ids: list[int], w: Weights) -> list[int]:
    """``ids`` by decreasing prior (:func:`_priors`), equals in id order."""
    priors = _priors(k, ids, w)
    order = list(range(len(ids)))
    for i in range(1, len(order)):  # insertion sort: a handful of ids
        x = order[i]
        j = i
        while j > 0 and priors[order[j - 1]] < priors[x]:
            order[j] = order[j - 1]
            j -= 1
        order[j] = x
    return [ids[i] for i in order]


def _search(base: KState, simulations: int, a_hi: int, a_lo: int, w: Weights) -> Tree:
    """One tree of :func:`uct`: ``simulations`` simulations from ``base`` (with its
    generator: one determinization), each playing its random choices from a generator seeded
    ``a_hi * 2**32 + a_lo``."""
    tree = Tree()
    rounds = base.tables.rounds
    for _ in range(simulations):
        s = base.copy()
        agent = Rng(a_hi, a_lo)
        node = 0
        path: list[int] = []
        movers: list[int] = []
        while s.round <= rounds:
            ids = legal_ids(s)
            if len(ids) == 1 and node != 0:
                step(s, ids[0])
                continue
            order = _ranked(s, ids, w)
            allowed = 1 + int(w.widen * math.sqrt(tree.visits[node]))
            if allowed > len(order):
                allowed = len(order)
            kids = tree.kids[node]
            mover = s.turn
            chosen = -1
            for i in range(allowed):
                if order[i] not in kids:
                    chosen = order[i]
                    break
            if chosen >= 0:
                child = tree.add()
                tree.kids[node][chosen] = child
                step(s, chosen)
                path.append(child)
                movers.append(mover)
                break
            log_n = math.log(tree.visits[node])
            best = order[0]
            best_score = -1e9
            for i in range(allowed):
                child = kids[order[i]]
                n = tree.visits[child]
                score_ = tree.value[child] / n + w.explore * math.sqrt(log_n / n)
                if score_ > best_score:
                    best_score = score_
                    best = order[i]
            node = kids[best]
            step(s, best)
            path.append(node)
            movers.append(mover)
        while s.round <= rounds:
            step(s, policy_id(s, w, agent))
        rewards = _rewards(s, w)
        tree.visits[0] += 1
        for i in range(len(path)):
            visited = path[i]
            tree.visits[visited] += 1
            tree.value[visited] += rewards[movers[i]]
    return tree


def uct(k: KState, viewer: int, simulations: int, searcher: Rng, w: Weights) -> list[int]:
    """Determinized UCT for ``viewer``, the player to act in ``k`` (not changed):
    ``simulations`` simulations in all, in groups of ``w.per_det`` on one determinization
    each (:func:`determinize` from a seed drawn from ``searcher``: the other seats' private
    objectives and every future die resampled, ENG-06), so the search reads neither the real
    generator nor the others' cards. Each group searches its own tree (nodes by the path of
    decisions; decisions with one legal id are played through), choosing among the legal ids
    with progressive widening (the ``1 + w.widen * sqrt(visits)`` best by :func:`_priors`)
    and UCB1 (``w.explore``), adding one node per simulation and playing on to the end with
    :func:`policy_id`, whose random choices come from one stream per group, so that every
    decision of a group meets the same future (common random numbers); each seat's
    :func:`_rewards` are backed up to the decisions it chose. Returns the root's visit counts
    summed over the groups, one per legal id of ``k`` in order. The game must not be over, no
    chance step pending."""
    root_ids = legal_ids(k)
    counts = [0] * len(root_ids)
    per = int(w.per_det)
    if per < 1:
        per = 1
    done = 0
    while done < simulations:
        group = per if simulations - done > per else simulations - done
        base = k.copy()
        hi, lo = searcher.next_u64()
        determinize(base, hi, lo, viewer)
        a_hi, a_lo = searcher.next_u64()
        tree = _search(base, group, a_hi, a_lo, w)
        root_kids = tree.kids[0]
        for i in range(len(root_ids)):
            child = root_kids.get(root_ids[i], -1)
            if child >= 0:
                counts[i] += tree.visits[child]
        done += group
    return counts
