"""Sagrada's compiled core, for search and simulation: the rules over a flat, mutable integer
position, compiled with mypyc where the package was built with it, the same source interpreted
otherwise (ENG-18).

The reference engine (:mod:`sintra_rules.games.sagrada.rules`, immutable states, clause-level
errors) stays the public API and the source of truth: the core converts to and from it
(:func:`to_core`, :func:`from_core`), speaks the fixed action ids of
:mod:`sintra_rules.games.sagrada.encoding` (ENG-09), decides every chance step from the
position's generator exactly as :func:`~sintra_rules.games.sagrada.rules.apply` does, or
waits for the caller's outcome (ENG-03, ENG-05), and is checked against the reference at every
ply of random games by the tests and the soak.

>>> from sintra_rules.games.sagrada import apply, legal_actions, new_game
>>> from sintra_rules.games.sagrada.encoding import legal_ids
>>> state = new_game(2, seed=7)
>>> k = to_core(state)
>>> core.legal_ids(k) == list(legal_ids(state))
True
>>> core.step(k, core.legal_ids(k)[0])
>>> from_core(k) == apply(state, legal_actions(state)[0])
True

Asked for them, the core reports an action's events as the reference does:

>>> from sintra_rules.games.sagrada import apply_traced
>>> k = to_core(state)
>>> step_traced(k, core.legal_ids(k)[0]) == apply_traced(state, legal_actions(state)[0])[1]
True

For a search, everything runs inside the core module (compiled, when :data:`COMPILED`):
``k.copy()`` (a cheap copy), ``core.legal_ids(k)``, ``core.step(k, id)`` (chance sampled from
``k.rng``), ``core.act(k, id)`` then ``core.chance_outcomes(k)`` / ``core.apply_chance(k, o)``
(chance supplied), ``core.determinize(k, hi, lo, viewer)`` (a viewer's determinization:
others' private objectives and the future dice resampled), ``core.random_playout(k, rng)``,
``core.score(k, seat)``, ``core.target_score(k)``, ``core.winners(k)`` and
``core.outcome_shares(k)``; :func:`flat_values` is the simplest search on it, and
:func:`uct_visits` Sagrada's own search (the agent ``uct``), which never reads another seat's
private objectives or the real future draws:

>>> visits = uct_visits(state, 50, seed=1)
>>> list(visits) == core.legal_ids(to_core(state)), sum(visits.values())
(True, 50)

Which build runs is chosen at import by the environment variable ``SINTRA_KERNEL``, as for
every game's core (:mod:`sintra_rules._kernels`): ``compiled`` (the mypyc build,
:class:`ImportError` when there is none), ``interpreted`` (the Python source) or ``auto`` (the
default: compiled when available). :data:`COMPILED` tells which one :data:`core` is. A wheel
built on a machine with a C compiler holds the compiled module (``SINTRA_NO_MYPYC=1`` at build
time leaves it out); in a source checkout, ``python -m sintra_rules.games.sagrada.kernel.build``
compiles it into ``build/kernel/``, where this module finds it.
"""

from __future__ import annotations

import fractions
import functools
import types
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Literal

from sintra_rules import _kernels
from sintra_rules._kernels import is_compiled
from sintra_rules.errors import ConfigurationError, InvalidArgument
from sintra_rules.games.sagrada import events as ev
from sintra_rules.games.sagrada.components import SPACES, SagradaComponents, table_or_default
from sintra_rules.games.sagrada.events import Event
from sintra_rules.games.sagrada.state import (
    ChanceKind,
    ChanceStep,
    Die,
    PlayerState,
    SagradaState,
    SubStep,
    die,
)

if TYPE_CHECKING:
    from sintra_rules.games.sagrada.kernel.core import KState, Tables, Weights

__all__ = [
    "COMPILED",
    "DEFAULT_SIMULATIONS",
    "MAX_SIMULATIONS",
    "MODE",
    "Mode",
    "chance_outcomes",
    "core",
    "events_of",
    "flat_values",
    "from_core",
    "is_compiled",
    "load_core",
    "new_core",
    "random_games",
    "search_weights",
    "step_traced",
    "tables_for",
    "to_core",
    "uct_visits",
]

#: How the core is chosen: ``"auto"``, ``"compiled"`` or ``"interpreted"``.
Mode = Literal["auto", "compiled", "interpreted"]


def load_core(mode: Mode = "auto") -> types.ModuleType:
    """The core module for ``mode`` (see the module's docstring;
    :func:`sintra_rules._kernels.load_core`).

    Args:
        mode: ``"compiled"``, ``"interpreted"`` or ``"auto"`` (compiled when available).

    Returns:
        The module; both have the same functions and classes
        (:mod:`sintra_rules.games.sagrada.kernel.core`).

    Raises:
        ImportError: ``mode`` is ``"compiled"`` and no compiled core is installed or built.
        ValueError: ``mode`` is none of the three.
    """
    return _kernels.load_core(__name__, __file__, __path__, mode)


#: The mode asked for by ``SINTRA_KERNEL`` at import.
MODE: Mode = _kernels.mode()  # type: ignore[assignment]
#: The core module in use.
core: types.ModuleType = load_core(MODE)
#: Whether :data:`core` is the compiled build.
COMPILED: bool = is_compiled(core)

_SUBS: tuple[SubStep, ...] = (
    "",
    "grozing",
    "lens",
    "cork",
    "flux",
    "flux_place",
    "pick",
    "drop",
    "pick2",
    "drop2",
    "running",
)
_KINDS: tuple[ChanceKind | None, ...] = (
    None,
    "private",
    "pattern",
    "tool",
    "public",
    "start",
    "draw",
    "roll",
    "reroll",
    "brush",
    "remover",
)
_CLAUSES = ("RUL-02", "TOOL-06", "RUL-12")


@functools.cache
def _tables(module: types.ModuleType, table: SagradaComponents) -> Tables:
    sizes = dict(table.pool_sizes)
    tables: Tables = module.Tables(
        table.dice_per_colour,
        table.rounds,
        [sizes.get(n, 0) for n in range(max(sizes) + 1)],
        [p.favor for p in table.patterns],
        [c for p in table.patterns for c in p.colours],
        [v for p in table.patterns for v in p.values],
        [i for pair in table.card_faces for i in pair],
        [p.colour for p in table.privates],
        [t.number for t in table.tools],
        [t.colour for t in table.tools],
        [p.number for p in table.publics],
        [p.points for p in table.publics],
        table,
    )
    return tables


def tables_for(
    components: SagradaComponents | None = None, module: types.ModuleType | None = None
) -> Tables:
    """The core's ``Tables`` for a component table (default: the shipped one), cached.

    Args:
        components: the component table.
        module: the core module (default :data:`core`).

    Returns:
        A ``Tables`` instance of ``module``.
    """
    return _tables(core if module is None else module, table_or_default(components))


def _code(d: Die | None) -> int:
    return -1 if d is None else d[0] * 8 + d[1]


def _die(code: int) -> Die:
    return die(code >> 3, code & 7)


def _padded(values: tuple[int, ...], size: int) -> list[int]:
    return [*values, *([-1] * (size - len(values)))]


def to_core(state: SagradaState, module: types.ModuleType | None = None) -> KState:
    """The core position (a ``KState``) of a reference position (ENG-18): any position, a
    pending chance step and a missing generator included.

    Args:
        state: a position.
        module: the core module (default :data:`core`).

    Returns:
        A new ``KState``; changing it never changes ``state``.
    """
    mod = core if module is None else module
    tables = _tables(mod, state.components)
    n = state.num_players
    rng = 0 if state.rng is None else state.rng
    k: KState = mod.KState(
        tables,
        n,
        -1 if state.difficulty is None else state.difficulty,
        mod.Rng(rng >> 32, rng & 0xFFFFFFFF),
    )
    k.has_rng = state.rng is not None
    k.round, k.start, k.step, k.turn = state.round, state.start, state.step, state.turn
    k.tools = list(state.tools)
    numbers = tables.tool_number
    k.order = sorted(range(len(state.tools)), key=lambda slot: numbers[state.tools[slot]])
    k.tokens = list(state.tokens)
    k.spent = [_code(d) for d in state.spent]
    k.publics = list(state.publics)
    k.pool = sorted(_code(d) for d in state.pool)
    k.hand = _code(state.hand)
    k.track = sorted(r * 64 + _code(d) for r, dice in enumerate(state.track) for d in dice)
    k.track_colours = 0
    for dice in state.track:
        for d in dice:
            k.track_colours |= 1 << d[0]
    k.bag = list(state.bag)
    k.drafted, k.tool_used = state.drafted, state.tool_used
    k.active = -1 if state.active is None else state.active
    k.sub = _SUBS.index(state.sub)
    k.lifted = -1 if state.lifted is None else state.lifted
    k.moved = -1 if state.moved is None else state.moved
    k.skips = sum(1 << seat for seat in set(state.skips))
    npriv = k.npriv
    k.cards = [c for p in state.players for c in _padded(p.cards, 2)]
    k.privates = [c for p in state.players for c in _padded(p.privates, npriv)]
    k.pattern = [-1 if p.pattern is None else p.pattern for p in state.players]
    k.favor = [p.favor for p in state.players]
    window: list[int] = []
    masks: list[int] = []
    for player in state.players:
        seat = [0] * 13
        for i, placed in enumerate(player.window):
            window.append(_code(placed))
            if placed is not None:
                seat[0] |= 1 << i
                seat[1 + placed[0]] |= 1 << i
                seat[6 + placed[1]] |= 1 << i
        masks.extend(seat)
    k.window, k.masks = window, masks
    step = state.chance
    if step is None:
        k.chance, k.ch_seat, k.ch_index, k.ch_dice = 0, 0, 0, []
    else:
        k.chance = _KINDS.index(step.kind)
        k.ch_seat, k.ch_index = step.seat, step.index
        k.ch_dice = [_code(d) for d in step.dice]
    return k


def from_core(k: KState) -> SagradaState:
    """The reference position of a core position (ENG-18): equal, field by field and
    generator included, to the state the reference engine reaches by the same decisions and
    chance outcomes.

    Args:
        k: a ``KState`` of either core module.

    Returns:
        A new immutable :class:`~sintra_rules.games.sagrada.state.SagradaState`.
    """
    table = k.tables.source
    assert isinstance(table, SagradaComponents)
    npriv = k.npriv
    players: list[PlayerState] = []
    for p in range(k.players):
        cards = tuple(c for c in k.cards[p * 2 : p * 2 + 2] if c >= 0)
        privates = tuple(c for c in k.privates[p * npriv : (p + 1) * npriv] if c >= 0)
        window = tuple(None if d < 0 else _die(d) for d in k.window[p * SPACES : (p + 1) * SPACES])
        pattern = k.pattern[p]
        players.append(
            PlayerState(cards, None if pattern < 0 else pattern, window, k.favor[p], privates)
        )
    track: list[list[Die]] = [[] for _ in range(table.rounds)]
    for entry in k.track:
        track[entry >> 6].append(_die(entry & 63))
    kind = _KINDS[k.chance]
    chance = (
        None
        if kind is None
        else ChanceStep(kind, k.ch_seat, k.ch_index, tuple(_die(d) for d in k.ch_dice))
    )
    return SagradaState(
        table,
        tuple(players),
        k.round,
        k.start,
        k.step,
        k.turn,
        tuple(k.tools),
        tuple(k.tokens),
        tuple(None if d < 0 else _die(d) for d in k.spent),
        tuple(k.publics),
        tuple(_die(d) for d in k.pool),
        None if k.hand < 0 else _die(k.hand),
        tuple(tuple(space) for space in track),
        tuple(k.bag),
        k.drafted,
        k.tool_used,
        None if k.active < 0 else k.active,
        _SUBS[k.sub],
        None if k.lifted < 0 else k.lifted,
        None if k.moved < 0 else k.moved,
        tuple(seat for seat in range(k.players) if k.skips >> seat & 1),
        None if k.difficulty < 0 else k.difficulty,
        (k.rng.hi << 32) | k.rng.lo if k.has_rng else None,
        chance,
    )


#: Core event codes whose entries hold exactly the event's fields, dice aside.
_PLAIN: dict[int, Callable[..., Event]] = {
    1: ev.StartPlayer,
    2: ev.PatternChosen,
    3: ev.RoundStarted,
    4: ev.DieDrawn,
    7: ev.GameEnded,
    18: ev.TurnEnded,
    19: ev.TurnSkipped,
}


def _event(entry: tuple[int, ...]) -> Event:
    """One reference event from one core log entry (the ``EV_*`` layout of ``core``)."""
    code, *f = entry
    plain = _PLAIN.get(code)
    if plain is not None:
        return plain(*f)
    if code == 0:
        return ev.CardDealt(_KINDS[f[0]] or "", f[1], f[2], f[3])
    if code == 5:
        return ev.DieRolled(_die(f[0]), bool(f[1]))
    if code == 6:
        return ev.DiceToTrack(f[0], tuple(_die(d) for d in f[1:]))
    if code == 8:
        return ev.Drafted(f[0], _die(f[1]), bool(f[2]))
    if code == 9:
        return ev.DiePlaced(f[0], _die(f[1]), f[2])
    if code == 10:
        return ev.ToolUsed(*f)
    if code == 11:
        return ev.DiePaid(f[0], _die(f[1]))
    if code == 12:
        return ev.DieChanged(f[0], _die(f[1]), _die(f[2]))
    if code == 13:
        return ev.DieSwapped(f[0], _die(f[1]), _die(f[2]))
    if code in (14, 15):
        return (ev.DieToBag if code == 14 else ev.ValueChosen)(_die(f[0]))
    if code == 16:
        return ev.DieReturned(_die(f[0]), _CLAUSES[f[1]])
    if code == 17:
        return ev.DieMoved(f[0], _die(f[1]), f[2], f[3])
    raise ValueError(f"not a core event code: {code!r}")


def events_of(log: Iterable[tuple[int, ...]]) -> tuple[Event, ...]:
    """The reference events (:mod:`sintra_rules.games.sagrada.events`) of core event-log
    entries (ENG-18).

    Args:
        log: entries of ``k.log`` (tuples of ints, an event code first).

    Returns:
        One event per entry, in order, equal to those
        :func:`~sintra_rules.games.sagrada.rules.apply_traced` returns for the same decisions.

    Raises:
        ValueError: an entry has no known code.
    """
    return tuple(_event(entry) for entry in log)


def step_traced(
    k: KState, action_id: int, module: types.ModuleType | None = None
) -> tuple[Event, ...]:
    """Apply a legal action id in the core (``core.step``, in place) and return its events,
    as :func:`~sintra_rules.games.sagrada.rules.apply_traced` returns them (ENG-18).

    Args:
        k: the core position (changed in place; its ``trace`` flag and ``log`` are restored).
        action_id: an id from ``core.legal_ids(k)`` (unchecked, as ``core.step``).
        module: the core module ``k`` belongs to (default :data:`core`).

    Returns:
        The action's events, in the order the rules apply them.
    """
    mod = core if module is None else module
    trace, log = k.trace, k.log
    k.trace, k.log = True, []
    try:
        mod.step(k, action_id)
        return events_of(k.log)
    finally:
        k.trace, k.log = trace, log


def chance_outcomes(
    k: KState, module: types.ModuleType | None = None
) -> tuple[tuple[int, fractions.Fraction], ...]:
    """The pending chance step's outcomes with their exact probabilities, as
    :func:`sintra_rules.games.sagrada.chance.chance_outcomes` gives them (ENG-03); empty when
    none is pending.

    Args:
        k: a core position.
        module: the core module ``k`` belongs to (default :data:`core`).

    Returns:
        ``(outcome, probability)`` pairs, outcomes increasing.
    """
    mod = core if module is None else module
    flat: list[int] = mod.chance_outcomes(k)
    total = sum(flat[1::2])
    return tuple(
        (o, fractions.Fraction(w, total)) for o, w in zip(flat[::2], flat[1::2], strict=True)
    )


def new_core(
    num_players: int,
    seed: int,
    tools: int | None = None,
    components: SagradaComponents | None = None,
    module: types.ModuleType | None = None,
) -> KState:
    """A new game dealt inside the core, equal to
    :func:`sintra_rules.games.sagrada.setup.new_game` with the same arguments (SETUP-01 to
    SETUP-06, SOLO-01, ENG-04, ENG-05).

    Args:
        num_players: 1 to 4.
        seed: the generator's seed, an integer >= 0 (taken modulo ``2**64``).
        tools: solo only: the difficulty, 1 to 5 tool cards (default 3).
        components: the component table (default: the shipped one).
        module: the core module (default :data:`core`).

    Returns:
        The new core position.

    Raises:
        ConfigurationError: COMP-02, SOLO-01 / SETUP-04 or ENG-05, as ``new_game``.
    """
    mod = core if module is None else module
    table = table_or_default(components)
    difficulty = _difficulty(num_players, tools, table)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ConfigurationError("ENG-05", f"the seed must be an integer >= 0, got {seed!r}")
    state = seed & 0xFFFFFFFFFFFFFFFF
    k: KState = mod.deal(
        _tables(mod, table), num_players, difficulty, state >> 32, state & 0xFFFFFFFF
    )
    return k


def _difficulty(num_players: int, tools: int | None, table: SagradaComponents) -> int:
    """The core's difficulty for a player count and ``tools``, checked as ``new_game`` does."""
    if isinstance(num_players, bool) or num_players not in table.player_counts:
        raise ConfigurationError(
            "COMP-02", f"Sagrada is played by 1 to 4 players, got {num_players!r}"
        )
    if num_players > 1:
        if tools is not None and tools != 3:
            raise ConfigurationError(
                "SETUP-04", f"{num_players} players play with 3 tool cards, got {tools!r}"
            )
        return -1
    chosen = 3 if tools is None else tools
    if isinstance(chosen, bool) or not isinstance(chosen, int) or not 1 <= chosen <= 5:
        raise ConfigurationError(
            "SOLO-01", f"the solo difficulty is 1 to 5 tool cards, got {tools!r}"
        )
    return chosen


def random_games(
    num_players: int,
    games: int,
    first_seed: int = 0,
    difficulties: Iterable[int] | None = None,
    components: SagradaComponents | None = None,
    module: types.ModuleType | None = None,
) -> int:
    """Play ``games`` uniformly random games inside the core (the whole loop compiled when
    :data:`core` is): game ``g`` is seeded ``first_seed + g`` for its deal and its decisions
    and, solo, has difficulty ``difficulties[g % len]`` (default 3, 1, 2, 4, 5: the benchmark's
    order), exactly the games of :func:`sintra_rules.verify.bench.playout_plies`.

    Args:
        num_players: 1 to 4.
        games: how many games (>= 0).
        first_seed: the first game's seed (seeds must stay below ``2**62``).
        difficulties: the solo difficulties in turn (1 to 5).
        components: the component table (default: the shipped one).
        module: the core module (default :data:`core`).

    Returns:
        The number of decisions played in all.

    Raises:
        ConfigurationError: a player count (COMP-02), difficulty (SOLO-01) or seed (ENG-05).
        InvalidArgument: ``games`` is not an integer >= 0.
    """
    mod = core if module is None else module
    table = table_or_default(components)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise InvalidArgument("games", f"must be an integer >= 0, got {games!r}")
    if num_players == 1:
        chosen = list(difficulties) if difficulties is not None else [3, 1, 2, 4, 5]
        levels = [_difficulty(1, d, table) for d in chosen] or [3]
    else:
        levels = [_difficulty(num_players, None, table)]
    if isinstance(first_seed, bool) or not 0 <= first_seed < (1 << 62) - games:
        raise ConfigurationError(
            "ENG-05", f"seeds must be integers in 0..2**62, got {first_seed!r}"
        )
    plies: int = mod.play_random_games(_tables(mod, table), num_players, levels, first_seed, games)
    return plies


def flat_values(
    state: SagradaState,
    per_action: int,
    seed: int = 0,
    module: types.ModuleType | None = None,
) -> dict[int, float]:
    """A flat Monte Carlo evaluation on the core (``core.flat_values``): for each legal id of
    ``state``, the player to act's mean win share over ``per_action`` random games from that
    decision, each on the player's own determinization (the other seats' private objectives and
    the future dice resampled from ``seed``, ENG-06): the result never depends on what the
    player cannot see, nor on ``state.rng``, which may be ``None``.

    Args:
        state: a position where a player is to act.
        per_action: simulations per legal decision (1 to 10**6).
        seed: the search's seed (``0 <= seed < 2**64``).
        module: the core module (default :data:`core`).

    Returns:
        ``{action id: mean share}`` over the legal ids.

    Raises:
        ConfigurationError: the game is over (ROUND-06), a chance step is pending (ENG-03),
            ``per_action`` or ``seed`` is out of range (ENG-05).
    """
    mod = core if module is None else module
    if state.is_over:
        raise ConfigurationError("ROUND-06", "the game is over: there is nothing to search")
    if state.chance is not None:
        raise ConfigurationError("ENG-03", "a chance step is pending: decide it first")
    if (
        isinstance(per_action, bool)
        or not isinstance(per_action, int)
        or not 1 <= per_action <= 10**6
    ):
        raise ConfigurationError(
            "ENG-05", f"simulations per decision must be an int in 1..10**6, got {per_action!r}"
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < (1 << 64):
        raise ConfigurationError("ENG-05", f"the seed must be an integer in 0..2**64, got {seed!r}")
    k = to_core(state, mod)
    searcher = mod.Rng(seed >> 32, seed & 0xFFFFFFFF)
    totals: list[float] = mod.flat_values(k, state.turn, per_action, searcher)
    return {i: v / per_action for i, v in zip(mod.legal_ids(k), totals, strict=True)}


#: The most simulations of one :func:`uct_visits` search (``uct:N``): the tree grows by one
#: node per simulation, and 100,000 simulations take minutes of CPU early in a game.
MAX_SIMULATIONS = 100_000
#: The simulations of the agent ``uct`` when none are spelt: about 80 ms of CPU a decision with
#: 2 players on the development machine (compiled core; ``docs/speed.md``).
DEFAULT_SIMULATIONS = 600


def search_weights(
    overrides: Mapping[str, float] | None = None, module: types.ModuleType | None = None
) -> Weights:
    """The core's search :class:`~sintra_rules.games.sagrada.kernel.core.Weights` (the
    defaults), with some fields changed.

    Args:
        overrides: field name to value.
        module: the core module (default :data:`core`).

    Returns:
        A new ``Weights``.

    Raises:
        InvalidArgument: a name that is no field of ``Weights``.
    """
    mod = core if module is None else module
    weights: Weights = mod.Weights()
    for name, value in (overrides or {}).items():
        if not hasattr(weights, name) or name.startswith("_"):
            raise InvalidArgument("weights", f"no search weight is named {name!r}")
        setattr(weights, name, float(value))
    return weights


def uct_visits(
    state: SagradaState,
    simulations: int,
    seed: int = 0,
    weights: Mapping[str, float] | None = None,
    *,
    module: types.ModuleType | None = None,
) -> dict[int, int]:
    """Sagrada's own search on the core (``core.uct``, the agent ``uct``): determinized UCT
    for the player to act, over that player's determinizations (ENG-06: the other seats'
    private objectives dealt again and every future die drawn from a fresh generator, once
    for each group of ``core.Weights.per_det`` simulations, so the result depends neither on
    what the player cannot see nor on ``state.rng``, which may be ``None``), with progressive
    widening by the search's own values of placements and drafts, playouts by its policy
    (``core.policy_id``) to the end of the game, and rewards from the win and the score
    margin (solo: to the target score, SOLO-05).

    Args:
        state: a position where a player is to act.
        simulations: simulations, 1 to :data:`MAX_SIMULATIONS`.
        seed: the search's seed (``0 <= seed < 2**64``).
        weights: changes to the search's weights (``core.Weights`` fields), for measurement.
        module: the core module (default :data:`core`).

    Returns:
        ``{action id: visits}`` over the legal ids in their order (ENG-08), summing to
        ``simulations``.

    Raises:
        InvalidArgument: an unknown weight.

        ConfigurationError: the game over (ROUND-06), a chance step pending (ENG-03), or
            ``simulations`` or ``seed`` out of range (ENG-05).
    """
    mod = core if module is None else module
    if state.is_over:
        raise ConfigurationError("ROUND-06", "the game is over: there is nothing to search")
    if state.chance is not None:
        raise ConfigurationError("ENG-03", "a chance step is pending: decide it first")
    if (
        isinstance(simulations, bool)
        or not isinstance(simulations, int)
        or not 1 <= simulations <= MAX_SIMULATIONS
    ):
        raise ConfigurationError(
            "ENG-05",
            f"simulations must be a whole number from 1 to {MAX_SIMULATIONS:,}, "
            f"got {simulations!r}",
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < (1 << 64):
        raise ConfigurationError("ENG-05", f"the seed must be an integer in 0..2**64, got {seed!r}")
    k = to_core(state, mod)
    searcher = mod.Rng(seed >> 32, seed & 0xFFFFFFFF)
    w = search_weights(weights, mod)
    counts: list[int] = mod.uct(k, state.turn, simulations, searcher, w)
    return dict(zip(mod.legal_ids(k), counts, strict=True))
