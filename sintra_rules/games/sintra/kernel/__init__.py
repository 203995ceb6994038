"""A fast kernel for search and simulation: the rules over a flat integer state, compiled with
mypyc where the package was built with it, the same source interpreted otherwise (ENG-50).

The reference engine (:mod:`sintra_rules.games.sintra.rules`, immutable states, clause-level errors)
stays the public API and the source of truth: the kernel converts to and from it
(:func:`to_kernel`, :func:`from_kernel`), speaks the fixed action ids of
:mod:`sintra_rules.games.sintra.encoding` (ENG-30), draws every refill piece by piece from the
state's generator exactly as :func:`~sintra_rules.games.sintra.rules.apply` does (ENG-02, ENG-03),
and is checked against the reference at every ply of random games by the tests.

>>> from sintra_rules import new_game
>>> from sintra_rules.games.sintra.encoding import legal_ids
>>> state = new_game(2, side="A", seed=7)
>>> k = to_kernel(state)
>>> tuple(core.legal_ids(k)) == legal_ids(state)
True
>>> core.step(k, core.legal_ids(k)[0])
>>> from sintra_rules.games.sintra.rules import apply, legal_actions
>>> from_kernel(k) == apply(state, legal_actions(state)[0])
True

Asked for them, the kernel reports an action's events (ENG-40) as the reference does:

>>> from sintra_rules.games.sintra.rules import apply_traced
>>> k = to_kernel(state)
>>> step_traced(k, core.legal_ids(k)[0]) == apply_traced(state, legal_actions(state)[0])[1]
True

Which build runs is chosen at import by the environment variable ``SINTRA_KERNEL``:
``compiled`` (the mypyc build, :class:`ImportError` when there is none), ``interpreted`` (the
Python source) or ``auto`` (the default: compiled when available). :data:`COMPILED` tells
which one :data:`core` is. A wheel built on a machine with a C compiler holds the compiled
module (``SINTRA_NO_MYPYC=1`` at build time leaves it out); in a source checkout,
``python -m sintra_rules.games.sintra.kernel.build`` compiles it into ``build/kernel/``, where this
module finds it.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Literal

from sintra_rules import _kernels
from sintra_rules._kernels import is_compiled
from sintra_rules.errors import ConfigurationError
from sintra_rules.games.sintra import events as ev
from sintra_rules.games.sintra.chance import determinize
from sintra_rules.games.sintra.components import ComponentTable, table_or_default
from sintra_rules.games.sintra.encoding import encoding_for
from sintra_rules.games.sintra.events import Event
from sintra_rules.games.sintra.state import GameState, PlayerState, Strip, Window

if TYPE_CHECKING:
    from sintra_rules.games.sintra.kernel.core import KState, Tables

__all__ = [
    "COMPILED",
    "MODE",
    "Mode",
    "core",
    "events_of",
    "from_kernel",
    "is_compiled",
    "load_core",
    "mcts_visits",
    "random_games",
    "step_traced",
    "tables_for",
    "to_kernel",
]

#: How the kernel is chosen: ``"auto"``, ``"compiled"`` or ``"interpreted"``.
Mode = Literal["auto", "compiled", "interpreted"]


def load_core(mode: Mode = "auto") -> types.ModuleType:
    """The kernel module for ``mode`` (see the module's docstring;
    :func:`sintra_rules._kernels.load_core`).

    Args:
        mode: ``"compiled"``, ``"interpreted"`` or ``"auto"`` (compiled when available).

    Returns:
        The module; both have the same functions and classes
        (:mod:`sintra_rules.games.sintra.kernel.core`).

    Raises:
        ImportError: ``mode`` is ``"compiled"`` and no compiled kernel is installed or built.
        ValueError: ``mode`` is none of the three.
    """
    return _kernels.load_core(__name__, __file__, __path__, mode)


#: The mode asked for by ``SINTRA_KERNEL`` at import.
MODE: Mode = _kernels.mode()  # type: ignore[assignment]
#: The kernel module in use.
core: types.ModuleType = load_core(MODE)
#: Whether :data:`core` is the compiled build.
COMPILED: bool = is_compiled(core)


@functools.cache
def _tables(module: types.ModuleType, table: ComponentTable) -> Tables:
    enc = encoding_for(table)
    colours = table.colours
    spaces: list[int] = []
    for strip in table.side_spaces:
        for side in strip:
            spaces.extend(side)
    counts = dict(table.factories)
    tables: Tables = module.Tables(
        colours,
        table.windows,
        table.factory_capacity,
        table.pieces_per_colour,
        [counts.get(n, 0) for n in range(max(counts) + 1)],
        spaces,
        list(table.track),
        list(table.window_values_a),
        list(table.window_values_b),
        [list(o) for o in table.ornaments],
        list(table.ornament_points),
        enc.sources,
        enc.jokers,
        table,
    )
    return tables


def tables_for(
    components: ComponentTable | None = None, module: types.ModuleType | None = None
) -> Tables:
    """The kernel's ``Tables`` for a component table (default: the shipped one), cached.

    Args:
        components: the component table.
        module: the kernel module (default :data:`core`).

    Returns:
        A ``Tables`` instance of ``module``.
    """
    return _tables(core if module is None else module, table_or_default(components))


def to_kernel(state: GameState, module: types.ModuleType | None = None) -> KState:
    """The kernel state (a ``KState``) of a reference position (ENG-50).

    Args:
        state: a position where a player is to act or the game is over, with a generator.
        module: the kernel module (default :data:`core`).

    Returns:
        A new ``KState``; changing it never changes ``state``.

    Raises:
        ConfigurationError: ``state`` waits for a chance step (ENG-07) or has no generator
            (ENG-08): the kernel draws every refill from the state's own generator.
    """
    mod = core if module is None else module
    if state.chance is not None:
        raise ConfigurationError(
            "ENG-07", "the kernel takes positions where a player is to act: resolve the chance step"
        )
    if state.rng is None:
        raise ConfigurationError(
            "ENG-08", "the kernel draws refills from the state's generator: this state has none"
        )
    table = state.components
    tables = _tables(mod, table)
    colours = table.colours
    rng = state.rng
    k: KState = mod.KState(
        tables, len(state.players), state.side == "B", mod.Rng(rng >> 32, rng & 0xFFFFFFFF)
    )
    k.turn = state.turn
    k.starter = state.starter
    k.tile = -1 if state.tile is None else state.tile
    k.bag = list(state.bag)
    k.tower = list(state.tower)
    k.factories = [n for display in state.factories for n in display]
    k.centre = list(state.centre)
    k.indicator = list(state.indicator)
    strip_id: list[int] = []
    face: list[int] = []
    filled: list[int] = []
    jokers: list[int] = []
    top: list[int] = []
    bottom: list[int] = []
    for player in state.players:
        for strip, (up, down) in zip(player.strips, player.windows, strict=True):
            if strip is None:
                strip_id.append(-1)
                face.append(0)
                filled.extend([0] * colours)
                jokers.extend([0] * colours)
            else:
                strip_id.append(strip.strip_id)
                face.append(strip.face)
                filled.extend(strip.filled)
                jokers.extend(strip.jokers)
            top.append(-1 if up is None else up)
            bottom.append(-1 if down is None else down)
    k.strip_id, k.face, k.filled, k.jokers = strip_id, face, filled, jokers
    k.win_top, k.win_bottom = top, bottom
    k.glazier = [p.glazier for p in state.players]
    k.score = [p.score for p in state.players]
    k.marker = [p.marker for p in state.players]
    k.lost = [p.points_lost for p in state.players]
    return k


def from_kernel(k: KState) -> GameState:
    """The reference position of a kernel state (ENG-50): equal, field by field and generator
    included, to the state the reference engine reaches by the same actions.

    Args:
        k: a ``KState`` of either kernel module.

    Returns:
        A new immutable :class:`~sintra_rules.games.sintra.state.GameState`.
    """
    table = k.tables.source
    assert isinstance(table, ComponentTable)
    colours = table.colours
    slots = table.windows
    players: list[PlayerState] = []
    for p in range(k.players):
        strips: list[Strip | None] = []
        windows: list[Window] = []
        for s in range(slots):
            i = p * slots + s
            sid = k.strip_id[i]
            if sid < 0:
                strips.append(None)
            else:
                strips.append(
                    Strip(
                        sid,
                        k.face[i],
                        tuple(k.filled[i * colours : (i + 1) * colours]),
                        tuple(k.jokers[i * colours : (i + 1) * colours]),
                    )
                )
            up, down = k.win_top[i], k.win_bottom[i]
            windows.append((None if up < 0 else up, None if down < 0 else down))
        players.append(
            PlayerState(
                tuple(strips),
                k.glazier[p],
                tuple(windows),
                k.score[p],
                k.marker[p],
                k.lost[p],
            )
        )
    factories = k.factories
    rng = k.rng
    tile = k.tile
    return GameState(
        table,
        "B" if k.side_b else "A",
        tuple(players),
        k.turn,
        k.starter,
        None if tile < 0 else tile,
        tuple(k.bag),
        tuple(k.tower),
        tuple(tuple(factories[f * colours : (f + 1) * colours]) for f in range(k.nfactories)),
        tuple(k.centre),
        tuple(k.indicator),
        (rng.hi << 32) | rng.lo,
    )


#: Kernel event codes whose entries hold exactly the event's fields, in order.
_DIRECT: dict[int, Callable[..., Event]] = {
    0: ev.TookFromDisplay,
    1: ev.TookFromCentre,
    2: ev.TookTile,
    3: ev.AllBroke,
    4: ev.GlazierMoved,
    5: ev.Placed,
    6: ev.Broke,
    7: ev.MarkerMoved,
    10: ev.NotCompleted,
    11: ev.GlazierReset,
    12: ev.TurnPassed,
}


def _event(entry: tuple[int, ...], table: ComponentTable, side_b: bool) -> Event:
    """One reference event from one kernel log entry (the ``EV_*`` layout of ``core``)."""
    code, *f = entry
    direct = _DIRECT.get(code)
    if direct is not None:
        return direct(*f)
    if code == 8:
        seat, slot, left, colour, bonus, keep, to_tower, flipped = f
        rnd = table.rounds + 1 - max(left, 1)
        return ev.Completed(seat, slot, rnd, colour, bonus, keep, to_tower, bool(flipped))
    if code == 9:
        return ev.WindowScored(f[0], f[1], tuple(f[3:]), f[2])
    if code == 13:
        return ev.RoundEnded(table.rounds + 1 - max(f[0], 1), f[1])
    if code == 14:
        colours = table.colours
        counts = f[2:]
        displays = tuple(
            tuple(counts[d * colours : (d + 1) * colours]) for d in range(len(counts) // colours)
        )
        return ev.Refilled(displays, f[0], f[1])
    if code == 15:
        return ev.StartsNextRound(f[0], bool(f[1]))
    if code == 16:
        return ev.GameEnded()
    if code == 17:
        return ev.FinalScored(f[0], "B" if side_b else "A", *f[1:])
    raise ValueError(f"not a kernel event code: {code!r}")


def events_of(log: Iterable[tuple[int, ...]], k: KState) -> tuple[Event, ...]:
    """The reference events (:mod:`sintra_rules.games.sintra.events`) of kernel event-log entries
    (ENG-40, ENG-50).

    Args:
        log: entries of ``k.log`` (tuples of ints, an event code first).
        k: the kernel state they were logged in (its component table and board side).

    Returns:
        One event per entry, in order, equal to those
        :func:`~sintra_rules.games.sintra.rules.apply_traced` returns for the same actions.

    Raises:
        ValueError: an entry has no known code.
    """
    table = k.tables.source
    assert isinstance(table, ComponentTable)
    return tuple(_event(entry, table, k.side_b) for entry in log)


def step_traced(
    k: KState, action_id: int, module: types.ModuleType | None = None
) -> tuple[Event, ...]:
    """Apply a legal action id in the kernel (``core.step``, in place) and return its events,
    as :func:`~sintra_rules.games.sintra.rules.apply_traced` returns them (ENG-40, ENG-50).

    Args:
        k: the kernel state (changed in place; its ``trace`` flag and ``log`` are restored).
        action_id: an id from ``core.legal_ids(k)`` (unchecked, as ``core.step``).
        module: the kernel module ``k`` belongs to (default :data:`core`).

    Returns:
        The action's events, in the order the rules apply them.
    """
    mod = core if module is None else module
    trace, log = k.trace, k.log
    k.trace, k.log = True, []
    try:
        mod.step(k, action_id)
        return events_of(k.log, k)
    finally:
        k.trace, k.log = trace, log


def random_games(
    players: int,
    games: int,
    first_seed: int = 0,
    sides: Literal["A", "B", "alternate"] = "alternate",
    components: ComponentTable | None = None,
    module: types.ModuleType | None = None,
) -> int:
    """Play ``games`` uniformly random games inside the kernel (the whole loop compiled when
    :data:`core` is); game ``g`` is seeded ``first_seed + g`` for its deal and its chooser,
    like :func:`sintra_rules.verify.bench.random_game`.

    Args:
        players: 2, 3 or 4.
        games: how many games.
        first_seed: the first game's seed (seeds must stay below ``2**62``).
        sides: board side ``"A"``, ``"B"`` or alternating from A.
        components: the component table (default: the shipped one).
        module: the kernel module (default :data:`core`).

    Returns:
        The number of plies played in all.

    Raises:
        ConfigurationError: an unsupported player count (COMP-02) or a seed out of range
            (ENG-02).
    """
    mod = core if module is None else module
    table = table_or_default(components)
    if isinstance(players, bool) or players not in table.player_counts:
        raise ConfigurationError("COMP-02", f"the game is for 2 to 4 players, got {players!r}")
    if isinstance(first_seed, bool) or not 0 <= first_seed < (1 << 62) - games:
        raise ConfigurationError(
            "ENG-02", f"seeds must be integers in 0..2**62, got {first_seed!r}"
        )
    code = {"A": 0, "B": 1, "alternate": 2}[sides]
    plies: int = mod.play_random_games(_tables(mod, table), players, first_seed, games, code)
    return plies


def mcts_visits(
    state: GameState,
    simulations: int,
    seed: int = 0,
    explore: float = 1.4,
    module: types.ModuleType | None = None,
) -> dict[int, int]:
    """Open-loop UCT search in the kernel (``core.uct``): the visit count of each legal
    action id (ENG-30) after ``simulations`` simulations with random playouts.

    Every simulation plays on a copy of the position with its own generator drawn from
    ``seed``, never on the real future draws (ENG-09): the result does not depend on
    ``state.rng``, which may be ``None``.

    Args:
        state: a position where a player is to act.
        simulations: how many simulations (at least 1).
        seed: the search's seed (``0 <= seed < 2**64``).
        explore: the UCB1 exploration constant.
        module: the kernel module (default :data:`core`).

    Returns:
        ``{action id: visits}`` over ``legal_ids(state)``, the visits summing to
        ``simulations``.

    Raises:
        ConfigurationError: the game is over (END-02), a chance step is pending (ENG-07), or
            ``simulations`` or ``seed`` is out of range.
    """
    mod = core if module is None else module
    if state.is_over:
        raise ConfigurationError("END-02", "the game is over: there is nothing to search")
    if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
        raise ConfigurationError("ENG-50", f"simulations must be an int >= 1, got {simulations!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < (1 << 64):
        raise ConfigurationError("ENG-02", f"the seed must be an integer in 0..2**64, got {seed!r}")
    k = to_kernel(determinize(state, 0) if state.rng is None else state, mod)
    searcher = mod.Rng(seed >> 32, seed & 0xFFFFFFFF)
    counts: list[int] = mod.uct(k, simulations, searcher, float(explore))
    return dict(zip(mod.legal_ids(k), counts, strict=True))
