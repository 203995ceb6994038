"""Where a die may go: the placement restrictions of a window (PLACE-01 to PLACE-10).

One concern: given a window (20 spaces, each a die or ``None``), its pattern and a die, which
spaces take the die, and, for a space that does not, every restriction it breaks. Tool cards
waive some restrictions: Eglomise Brush the space's colour, Copper Foil Burnisher its value
(RUL-01), Cork-backed Straightedge replaces "next to a die" with "next to no die" (TOOL-09,
RUL-03). A die moved by a tool is placed again in the window without it (TOOL-13, RUL-04).

>>> from sintra_rules.games.sagrada.components import default_components
>>> pattern = default_components().patterns[3]          # Sun Catcher: .B2.Y / .4.R. / ...
>>> empty = (None,) * 20
>>> legal_cells(empty, pattern, (3, 2))[:6]              # a blue 2 on the empty window
[0, 1, 2, 3, 5, 9]
>>> [clause for clause, _ in faults(empty, pattern, (0, 2), 1)]   # a red 2 on the blue space
['PLACE-03']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from sintra_rules.games.sagrada.components import COLUMNS, SPACES, Pattern
from sintra_rules.games.sagrada.state import BORDER, NEIGHBOURS, ORTHOGONAL, Die

__all__ = ["faults", "has_legal_cell", "legal_cells", "moves", "space_name"]

Window = Sequence[Die | None]
_CODES = "RYGBP"


def space_name(cell: int) -> str:
    """A space as people read it: ``r2c3`` (row 2, column 3, counted from 1)."""
    row, col = divmod(cell, COLUMNS)
    return f"r{row + 1}c{col + 1}"


def _fits(
    window: Window,
    pattern: Pattern,
    colour: int,
    value: int,
    cell: int,
    empty: bool,
    waive_colour: bool,
    waive_value: bool,
    cork: bool,
) -> bool:
    """Whether the empty space ``cell`` takes the die (the fast path of :func:`faults`)."""
    if empty:
        if cell not in BORDER:  # PLACE-01 (RUL-03, RUL-04)
            return False
    elif cork:
        for j in NEIGHBOURS[cell]:  # TOOL-09
            if window[j] is not None:
                return False
    else:
        for j in NEIGHBOURS[cell]:  # PLACE-02
            if window[j] is not None:
                break
        else:
            return False
    if not waive_colour:
        need = pattern.colours[cell]
        if need >= 0 and need != colour:  # PLACE-03
            return False
    if not waive_value:
        need = pattern.values[cell]
        if need and need != value:  # PLACE-04
            return False
    for j in ORTHOGONAL[cell]:  # PLACE-06, PLACE-07
        other = window[j]
        if other is not None and (other[0] == colour or other[1] == value):
            return False
    return True


# The fast path: a window and a pattern as bitmasks over the 20 spaces (bit i: space i).
_ALL = (1 << SPACES) - 1
_BORDER = sum(1 << i for i in BORDER)
_NEAR = tuple(sum(1 << j for j in NEIGHBOURS[i]) for i in range(SPACES))
_ORTH = tuple(sum(1 << j for j in ORTHOGONAL[i]) for i in range(SPACES))
# The spaces of a mask, increasing: its low 10 bits and its high 10 bits.
_LOW = tuple(tuple(i for i in range(10) if m >> i & 1) for m in range(1024))
_HIGH = tuple(tuple(i + 10 for i in range(10) if m >> i & 1) for m in range(1024))

#: A window's masks: the spaces holding a die, those next to one (orthogonally or diagonally),
#: and per colour (0 to 4) and per value (0 to 6) the spaces orthogonally next to a die of it.
_Analysis = tuple[int, int, tuple[int, ...], tuple[int, ...]]
# Per pattern (by identity, the pattern held so that its id is not reused): per colour and per
# value, the spaces whose restriction it meets.
_PATTERNS: dict[int, tuple[Pattern, tuple[int, ...], tuple[int, ...]]] = {}


def _pattern_masks(pattern: Pattern) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per colour 0 to 4, the spaces blank or of that colour (PLACE-03, PLACE-05); per value 0
    to 6, the spaces blank or of that value (PLACE-04, PLACE-05)."""
    entry = _PATTERNS.get(id(pattern))
    if entry is not None and entry[0] is pattern:
        return entry[1], entry[2]
    need, want = pattern.colours, pattern.values
    colours = tuple(
        sum(1 << i for i in range(SPACES) if need[i] < 0 or need[i] == c) for c in range(5)
    )
    values = tuple(
        sum(1 << i for i in range(SPACES) if not want[i] or want[i] == v) for v in range(7)
    )
    if len(_PATTERNS) >= 256:
        _PATTERNS.clear()
    _PATTERNS[id(pattern)] = (pattern, colours, values)
    return colours, values


def _analyse(window: Window) -> _Analysis | None:
    """The masks of a window (PLACE-01, PLACE-02, PLACE-06, PLACE-07, TOOL-09); ``None`` when a
    die is outside the colours 0 to 4 and values 0 to 6 (the slow path then answers)."""
    occupied = near = 0
    colours = [0, 0, 0, 0, 0]
    values = [0, 0, 0, 0, 0, 0, 0]
    for j, other in enumerate(window):
        if other is not None:
            c, v = other
            if not (0 <= c < 5 and 0 <= v < 7):
                return None
            occupied |= 1 << j
            near |= _NEAR[j]
            colours[c] |= _ORTH[j]
            values[v] |= _ORTH[j]
    return occupied, near, tuple(colours), tuple(values)


@functools.lru_cache(maxsize=4096)
def _analysed(window: tuple[Die | None, ...]) -> _Analysis | None:
    """:func:`_analyse`, remembered: windows are immutable tuples (PLACE-01 to PLACE-07)."""
    return _analyse(window)


def _mask(
    window: Window,
    pattern: Pattern,
    colour: int,
    value: int,
    waive_colour: bool,
    waive_value: bool,
    cork: bool,
) -> int:
    """The spaces that take the die, as a mask: the rules of :func:`_fits` on every space at
    once (PLACE-01 to PLACE-08, TOOL-09, RUL-01)."""
    info = _analysed(window) if type(window) is tuple else _analyse(window)
    if info is None:
        empty = all(x is None for x in window)
        return sum(
            1 << cell
            for cell in range(SPACES)
            if window[cell] is None
            and _fits(window, pattern, colour, value, cell, empty, waive_colour, waive_value, cork)
        )
    occupied, near, orth_colours, orth_values = info
    free = _ALL & ~occupied  # PLACE-08
    if not occupied:
        free &= _BORDER  # PLACE-01
    elif cork:
        free &= ~near  # TOOL-09
    else:
        free &= near  # PLACE-02
    colours, values = _pattern_masks(pattern)
    if not waive_colour:
        free &= colours[colour]  # PLACE-03
    if not waive_value:
        free &= values[value]  # PLACE-04
    return free & ~orth_colours[colour] & ~orth_values[value]  # PLACE-06, PLACE-07


def legal_cells(
    window: Window,
    pattern: Pattern,
    d: Die,
    *,
    waive_colour: bool = False,
    waive_value: bool = False,
    cork: bool = False,
) -> list[int]:
    """The spaces that take die ``d``, increasing (PLACE-10): empty (PLACE-08); on the border
    when the window is empty (PLACE-01), else next to a die (PLACE-02) or, with ``cork``, next
    to none (TOOL-09); of the die's colour or blank unless ``waive_colour`` (PLACE-03, PLACE-05,
    RUL-01); of its value or blank unless ``waive_value`` (PLACE-04, PLACE-05, RUL-01); with no
    orthogonal neighbour of its colour (PLACE-06) or value (PLACE-07).

    Args:
        window: the 20 spaces.
        pattern: the window's pattern.
        d: the die.
        waive_colour: ignore the spaces' colour restrictions (Eglomise Brush).
        waive_value: ignore the spaces' value restrictions (Copper Foil Burnisher).
        cork: Cork-backed Straightedge's rule instead of PLACE-02.

    Returns:
        The spaces.
    """
    colour, value = d
    if 0 <= colour < 5 and 0 <= value < 7 and len(window) == SPACES:
        m = _mask(window, pattern, colour, value, waive_colour, waive_value, cork)
        return list(_LOW[m & 1023] + _HIGH[m >> 10])
    empty = all(x is None for x in window)
    return [
        cell
        for cell in range(SPACES)
        if window[cell] is None
        and _fits(window, pattern, colour, value, cell, empty, waive_colour, waive_value, cork)
    ]


def has_legal_cell(
    window: Window,
    pattern: Pattern,
    d: Die,
    *,
    waive_colour: bool = False,
    waive_value: bool = False,
    cork: bool = False,
    exclude: int | None = None,
) -> bool:
    """Whether some space other than ``exclude`` takes die ``d`` (PLACE-10)."""
    colour, value = d
    if 0 <= colour < 5 and 0 <= value < 7 and len(window) == SPACES:
        m = _mask(window, pattern, colour, value, waive_colour, waive_value, cork)
        if exclude is not None and 0 <= exclude < SPACES:
            m &= ~(1 << exclude)
        return m != 0
    empty = all(x is None for x in window)
    for cell in range(SPACES):
        if (
            cell != exclude
            and window[cell] is None
            and _fits(window, pattern, colour, value, cell, empty, waive_colour, waive_value, cork)
        ):
            return True
    return False


def faults(
    window: Window,
    pattern: Pattern,
    d: Die,
    cell: int,
    *,
    waive_colour: bool = False,
    waive_value: bool = False,
    cork: bool = False,
) -> list[tuple[str, str]]:
    """Every restriction that placing die ``d`` on ``cell`` breaks, as ``(clause, reason)``
    pairs in clause order; empty when the space takes the die (PLACE-01 to PLACE-08,
    TOOL-09; RUL-16).

    Args:
        window: the 20 spaces.
        pattern: the window's pattern.
        d: the die.
        cell: the space, 0 to 19.
        waive_colour: as for :func:`legal_cells`.
        waive_value: as for :func:`legal_cells`.
        cork: as for :func:`legal_cells`.

    Returns:
        The broken clauses with reasons.
    """
    colour, value = d
    name = space_name(cell)
    out: list[tuple[str, str]] = []
    empty = all(x is None for x in window)
    near = [j for j in NEIGHBOURS[cell] if window[j] is not None]
    if empty and cell not in BORDER:
        out.append(
            (
                "PLACE-01",
                f"the window is empty: its first die goes on an edge or corner space, not {name}",
            )
        )
    elif not empty and cork and near:
        out.append(
            (
                "TOOL-09",
                f"Cork-backed Straightedge places the die next to no die; {name} "
                f"touches {', '.join(space_name(j) for j in near)}",
            )
        )
    elif not empty and not cork and not near:
        out.append(("PLACE-02", f"{name} is not next to any die of the window"))
    need = pattern.colours[cell]
    if not waive_colour and need >= 0 and need != colour:
        out.append(("PLACE-03", f"{name} takes only a {_CODES[need]} die, not {_CODES[colour]}"))
    want = pattern.values[cell]
    if not waive_value and want and want != value:
        out.append(("PLACE-04", f"{name} takes only a die showing {want}, not {value}"))
    same_colour = [j for j in ORTHOGONAL[cell] if _is(window[j], 0, colour)]
    if same_colour:
        out.append(
            (
                "PLACE-06",
                f"{name} is orthogonally next to a {_CODES[colour]} die on {_names(same_colour)}",
            )
        )
    same_value = [j for j in ORTHOGONAL[cell] if _is(window[j], 1, value)]
    if same_value:
        out.append(
            (
                "PLACE-07",
                f"{name} is orthogonally next to a die showing {value} on {_names(same_value)}",
            )
        )
    if window[cell] is not None:
        out.append(("PLACE-08", f"{name} already holds a die"))
    return out


def _is(other: Die | None, field: int, want: int) -> bool:
    return other is not None and other[field] == want


def _names(cells: Iterable[int]) -> str:
    return ", ".join(space_name(j) for j in cells)


def moves(
    window: Window,
    pattern: Pattern,
    *,
    waive_colour: bool = False,
    waive_value: bool = False,
    colours: Iterable[int] | None = None,
    skip: int | None = None,
) -> list[tuple[int, int]]:
    """Every move of one die to another space, ``(src, dst)`` increasing: the die is lifted and
    placed again in the window without it (TOOL-13, RUL-04), with the waivers of
    :func:`legal_cells` (RUL-01).

    Args:
        window: the 20 spaces.
        pattern: the window's pattern.
        waive_colour: ignore colour restrictions (Eglomise Brush).
        waive_value: ignore value restrictions (Copper Foil Burnisher).
        colours: when given, only dice of these colours move (Tap Wheel, RUL-07).
        skip: a space whose die may not move (the die a first move moved: TOOL-04, RUL-07).

    Returns:
        The moves.
    """
    allowed = None if colours is None else set(colours)
    out: list[tuple[int, int]] = []
    lifted = list(window)
    for src in range(SPACES):
        d = window[src]
        if d is None or src == skip or (allowed is not None and d[0] not in allowed):
            continue
        lifted[src] = None
        for dst in legal_cells(
            lifted, pattern, d, waive_colour=waive_colour, waive_value=waive_value
        ):
            if dst != src:
                out.append((src, dst))
        lifted[src] = d
    return out


def moved(window: Sequence[Die | None], src: int, dst: int) -> tuple[Die | None, ...]:
    """The window after the die on ``src`` moves to ``dst`` (TOOL-13)."""
    out = list(window)
    out[dst] = out[src]
    out[src] = None
    return tuple(out)
