"""Explicit chance: every random step as a listed set of outcomes with exact probabilities
(ENG-07), decided by the state's generator or by the caller (ENG-08), and positions compared
without the generator so that a searcher cannot peek at the real future draws (ENG-09).

A state whose ``chance`` is not ``None`` waits for a random step; no player acts until it is
decided. :func:`chance_outcomes` lists the step's outcomes (plain ``int`` values: a colour, a
strip number or a face) with their probabilities as :class:`~fractions.Fraction`;
:func:`apply_chance` applies an outcome the caller chose (observed at a real table, or sampled
by a search); :func:`sample_chance` lets the engine draw it from the state's own generator, and
:func:`resolve_chance` does so until a player is to act, which is exactly what
:func:`~sintra_rules.games.sintra.rules.apply` and :func:`~sintra_rules.games.sintra.setup.new_game`
do by default.

>>> from sintra_rules import new_game
>>> state = new_game(2, seed=7, sample=False)        # setup waits for its first random step
>>> state.chance
ChanceStep(kind='strip', seat=0, index=7)
>>> chance_outcomes(state)[0]
(0, Fraction(1, 8))
>>> resolve_chance(state) == new_game(2, seed=7)      # the engine's own draws, one by one
True

A searcher never plays ahead on the real state: it takes :func:`determinize` (its own
generator) or :func:`without_generator` (explicit chance nodes only), and compares positions
with :func:`same_position` / :func:`position_digest`, which ignore the generator:

>>> real = new_game(2, seed=7)
>>> same_position(real, determinize(real, 12345)), real == determinize(real, 12345)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

import attrs

from sintra_rules.errors import ConfigurationError, IllegalAction
from sintra_rules.games.sintra.components import ComponentTable, Side
from sintra_rules.games.sintra.state import ChanceStep, GameState, PlayerState, Strip
from sintra_rules.rng import below, seed_state

__all__ = [
    "FILL",
    "ChanceOutcome",
    "apply_chance",
    "apply_fill",
    "begin_fill",
    "chance_outcomes",
    "determinize",
    "max_chance_outcomes",
    "position_digest",
    "resolve_chance",
    "same_position",
    "sample_chance",
    "unset_game",
    "without_generator",
]

#: A chance outcome: a colour (``"first"``, ``"fill"``, ``"indicator"``), a strip number
#: (``"strip"``) or a face, 0 or 1 (``"face"``) (ENG-07).
ChanceOutcome = int

#: The pending step of a factory fill: one piece onto the first display not yet full (ENG-07).
FILL = ChanceStep("fill")


# ------------------------------------------------------------------------------ the steps


def max_chance_outcomes(table: ComponentTable) -> int:
    """The most outcomes any chance step of a game with ``table`` can have; every outcome is
    an integer from 0 up to this number minus 1 (ENG-07): strip numbers (``table.windows``),
    colours (``table.colours``) and faces (2). For the shipped table, 8.

    Args:
        table: the component table of the game.

    Returns:
        The number of distinct outcome values (OpenSpiel's ``max_chance_outcomes``).

    >>> from sintra_rules import default_components
    >>> max_chance_outcomes(default_components())
    8
    """
    return max(table.windows, table.colours, 2)


def _first_setup_step(table: ComponentTable, seat: int) -> ChanceStep:
    """The first step of ``seat``'s board: its strip shuffle, else its faces (ENG-07)."""
    if table.windows >= 2:
        return ChanceStep("strip", seat, table.windows - 1)
    return ChanceStep("face", seat, 0)


def _indicator_step(table: ComponentTable) -> ChanceStep:
    """The first step of the round indicator: its shuffle, else the draw for round I."""
    if table.colours >= 2:
        return ChanceStep("indicator", 0, table.colours - 1)
    return ChanceStep("first")


def unset_game(table: ComponentTable, players: int, side: Side, rng: int | None) -> GameState:
    """The state before setup's first random step (ENG-07): every seat's strips in number
    order with side 0 up (the strip shuffle's starting list), the round indicator's colours in
    table order on spaces II to VI (its shuffle's starting list), the rest of the pieces in the
    bag, displays empty; the pending step is seat 0's strip shuffle.

    Arguments are not checked: call :func:`~sintra_rules.games.sintra.setup.new_game` with
    ``sample=False`` (which checks them) instead.

    Args:
        table: the component table.
        players: the number of players.
        side: the board side.
        rng: the generator state, or ``None`` for none.

    Returns:
        The state waiting for the first setup step.
    """
    colours = table.colours
    empty = (0,) * colours
    slots = table.windows
    board = PlayerState(
        strips=tuple(Strip(strip_id, 0, empty, empty) for strip_id in range(slots)),
        glazier=0,
        windows=((None, None),) * slots,
        score=0,
        marker=0,
        points_lost=0,
    )
    return GameState(
        components=table,
        side=side,
        players=(board,) * players,
        turn=0,
        starter=0,
        tile=None,
        bag=(table.pieces_per_colour - 1,) * colours,
        tower=empty,
        factories=(empty,) * table.factories_for(players),
        centre=empty,
        indicator=tuple(range(colours)),
        rng=rng,
        chance=_first_setup_step(table, 0),
    )


def begin_fill(state: GameState) -> GameState:
    """``state`` waiting for the factory displays to be filled, one piece at a time (ENG-07):
    its ``chance`` becomes :data:`FILL`, or ``None`` when bag and tower are both empty and
    nothing can be drawn (END-05). The displays are expected to be empty (END-03, SETUP-09).

    Args:
        state: a position whose factory displays are empty, e.g. at the end of a round.

    Returns:
        ``state`` waiting for the fill, or with no pending step when nothing can be drawn.

    >>> from sintra_rules import new_game
    >>> state = new_game(2, seed=1)
    >>> empty = attrs.evolve(state, factories=((0,) * 5,) * 5, bag=tuple(b + f for b, f in
    ...     zip(state.bag, map(sum, zip(*state.factories)))))
    >>> begin_fill(empty).chance
    ChanceStep(kind='fill', seat=0, index=0)
    """
    drawable = any(state.bag) or any(state.tower)
    return attrs.evolve(state, chance=FILL if drawable and state.factories else None)


def _face_outcomes(table: ComponentTable, strip_id: int) -> tuple[tuple[int, Fraction], ...]:
    """The faces a strip can show after its coin (SETUP-04): the coin's side, or the other
    one when the coin's side shows joker spaces."""
    faces = [u if not table.side_spaces[strip_id][u][-1] else 1 - u for u in (0, 1)]
    return tuple((face, Fraction(faces.count(face), 2)) for face in sorted(set(faces)))


def _coin_face(table: ComponentTable, strip_id: int, coin: int) -> int:
    return coin if not table.side_spaces[strip_id][coin][-1] else 1 - coin


def _draw_pool(state: GameState) -> tuple[int, ...]:
    """The bag a fill draw takes from: the bag, or the tower poured into it when the bag is
    empty (END-04)."""
    if any(state.bag):
        return state.bag
    return tuple(b + t for b, t in zip(state.bag, state.tower, strict=True))


def _pool_outcomes(pool: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    total = sum(pool)
    return tuple((colour, Fraction(n, total)) for colour, n in enumerate(pool) if n)


def chance_outcomes(state: GameState) -> tuple[tuple[ChanceOutcome, Fraction], ...]:
    """The outcomes of the pending chance step with their exact probabilities, outcomes in
    increasing order, probabilities positive and summing to 1 (ENG-07).

    A piece drawn (``"first"``, ``"fill"``) has one outcome per colour in the bag, with
    probability count / pieces in the bag (when the bag is empty, the tower is poured into it
    first, END-04); a strip step lists the strips still in the seat's shuffle, a face step the
    faces the strip can show (one, with probability 1, for a strip whose other side shows joker
    spaces, SETUP-04), an indicator step the colours still in the shuffle; all equally likely.

    Args:
        state: a state waiting for a chance step (``state.chance`` is not ``None``).

    Returns:
        ``(outcome, probability)`` pairs, outcomes increasing.

    Raises:
        IllegalAction: ENG-07, when no chance step is pending.

    >>> from sintra_rules import new_game
    >>> state = new_game(2, seed=3, sample=False)
    >>> while state.chance.kind != "first":
    ...     state = sample_chance(state)
    >>> [f"{colour}: {share}" for colour, share in chance_outcomes(state)]
    ['0: 1/5', '1: 1/5', '2: 1/5', '3: 1/5', '4: 1/5']
    """
    step = _pending(state, None)
    kind = step.kind
    if kind == "fill":
        return _pool_outcomes(_draw_pool(state))
    if kind == "first":
        return _pool_outcomes(state.bag)
    if kind == "face":
        strip = state.players[step.seat].strips[step.index]
        assert strip is not None
        return _face_outcomes(state.components, strip.strip_id)
    if kind == "strip":
        live = state.players[step.seat].strips[: step.index + 1]
        share = Fraction(1, len(live))
        return tuple((s, share) for s in sorted(x.strip_id for x in live if x is not None))
    live_colours = state.indicator[: step.index + 1]
    share = Fraction(1, len(live_colours))
    return tuple((colour, share) for colour in sorted(live_colours))


def _pending(state: GameState, outcome: object) -> ChanceStep:
    if not isinstance(state, GameState):
        raise IllegalAction("ENG-07", f"expected a GameState, got {type(state).__name__}")
    if state.chance is None:
        raise IllegalAction("ENG-07", "no chance step is pending: a player is to act", outcome)
    return state.chance


# ---------------------------------------------------------------------------- applying


def _after_setup_step(state: GameState, step: ChanceStep) -> ChanceStep | None:
    """The step that follows ``step`` during setup, in the order of ENG-03."""
    table = state.components
    if step.kind == "strip":
        return (
            ChanceStep("strip", step.seat, step.index - 1)
            if step.index > 1
            else (ChanceStep("face", step.seat, 0))
        )
    if step.kind == "face":
        if step.index + 1 < table.windows:
            return ChanceStep("face", step.seat, step.index + 1)
        if step.seat + 1 < len(state.players):
            return _first_setup_step(table, step.seat + 1)
        return _indicator_step(table)
    assert step.kind == "indicator"
    return ChanceStep("indicator", 0, step.index - 1) if step.index > 1 else ChanceStep("first")


def _with_strips(
    state: GameState, seat: int, strips: tuple[Strip | None, ...]
) -> tuple[PlayerState, ...]:
    player = attrs.evolve(state.players[seat], strips=strips)
    return (*state.players[:seat], player, *state.players[seat + 1 :])


_T = TypeVar("_T")


def _swap(items: tuple[_T, ...], i: int, j: int) -> tuple[_T, ...]:
    """``items`` with positions ``i`` and ``j`` exchanged (one Fisher-Yates step, ENG-02)."""
    out = list(items)
    out[i], out[j] = out[j], out[i]
    return tuple(out)


def _fill_one(state: GameState, colour: int, rng: int | None) -> GameState:
    """Draw ``colour`` onto the first display not yet full, pouring the tower into an empty
    bag first (END-03, END-04); the fill ends when every display is full or bag and tower are
    both empty (END-05). The result carries generator ``rng``."""
    capacity = state.components.factory_capacity
    bag, tower = list(state.bag), list(state.tower)
    if not any(bag):  # END-04: the draw finds the bag empty
        bag = [b + t for b, t in zip(bag, tower, strict=True)]
        tower = [0] * len(tower)
    bag[colour] -= 1
    drawn = sum(map(sum, state.factories))
    display = drawn // capacity
    factories = list(state.factories)
    counts = list(factories[display])
    counts[colour] += 1
    factories[display] = tuple(counts)
    done = drawn + 1 == capacity * len(factories) or not (any(bag) or any(tower))
    return GameState(
        state.components,
        state.side,
        state.players,
        state.turn,
        state.starter,
        state.tile,
        tuple(bag),
        tuple(tower),
        tuple(factories),
        state.centre,
        state.indicator,
        rng,
        None if done else FILL,
    )


def _is_outcome(state: GameState, step: ChanceStep, outcome: object) -> bool:
    """Whether ``outcome`` is one of :func:`chance_outcomes` (without computing the
    probabilities): an ``int`` (never a ``bool``) the step can produce (ENG-07)."""
    if type(outcome) is not int:
        return False
    kind = step.kind
    if kind == "fill" or kind == "first":
        pool = _draw_pool(state) if kind == "fill" else state.bag
        return 0 <= outcome < len(pool) and pool[outcome] > 0
    if kind == "indicator":
        return outcome in state.indicator[: step.index + 1]
    strips = state.players[step.seat].strips
    if kind == "strip":
        return outcome in [s.strip_id for s in strips[: step.index + 1] if s is not None]
    strip = strips[step.index]
    assert strip is not None
    return any(face == outcome for face, _ in _face_outcomes(state.components, strip.strip_id))


def apply_chance(state: GameState, outcome: ChanceOutcome) -> GameState:
    """The state after the pending chance step turned out ``outcome`` (ENG-07, ENG-08); the
    generator is not consulted and not advanced, and ``state`` itself is never changed.

    ``"strip"``: the strip ``outcome`` goes to the step's slot (the shuffle exchanges it with
    the strip there, ENG-03); ``"face"``: the slot's strip shows face ``outcome``;
    ``"indicator"``: colour ``outcome`` goes on the step's indicator space; ``"first"``: a
    piece of colour ``outcome`` leaves the bag for round I (SETUP-08); ``"fill"``: a piece of
    colour ``outcome`` goes onto the first display not yet full (SETUP-09, END-03 to END-05).

    Args:
        state: a state waiting for a chance step.
        outcome: one of the outcomes :func:`chance_outcomes` lists.

    Returns:
        The state after the step: waiting for the next step, or with a player to act.

    Raises:
        IllegalAction: ENG-07, when no chance step is pending or ``outcome`` is not one of
            :func:`chance_outcomes`; ``state`` is unchanged.

    >>> from sintra_rules import new_game
    >>> state = new_game(2, seed=3, sample=False)
    >>> apply_chance(state, 4).players[0].strips[7].strip_id
    4
    >>> apply_chance(state, 9)
    Traceback (most recent call last):
    ...
    sintra_rules.errors.IllegalAction: ENG-07: 9 is not an outcome of this strip step (seat 1, ...
    """
    step = _pending(state, outcome)
    if not _is_outcome(state, step, outcome):
        outcomes = chance_outcomes(state)
        raise IllegalAction(
            "ENG-07",
            f"{outcome!r} is not an outcome of this {_describe(step)}; the outcomes are "
            + ", ".join(str(o) for o, _ in outcomes),
            outcome,
        )
    if step.kind == "fill":
        return _fill_one(state, outcome, state.rng)
    return _decide_setup(state, step, outcome)


def _decide_setup(state: GameState, step: ChanceStep, outcome: int) -> GameState:
    """The state after setup step ``step`` (not a fill) turned out ``outcome`` (ENG-07)."""
    kind = step.kind
    if kind == "first":
        bag = list(state.bag)
        bag[outcome] -= 1
        return begin_fill(
            attrs.evolve(state, bag=tuple(bag), indicator=(outcome, *state.indicator))
        )
    nxt = _after_setup_step(state, step)
    if kind == "indicator":
        order = state.indicator
        swapped = _swap(order, step.index, order.index(outcome))
        return attrs.evolve(state, indicator=swapped, chance=nxt)
    strips = state.players[step.seat].strips
    if kind == "strip":
        where = [s.strip_id if s else -1 for s in strips].index(outcome)
        moved = _swap(strips, step.index, where)
    else:
        strip = strips[step.index]
        assert strip is not None
        turned = attrs.evolve(strip, face=outcome)
        moved = (*strips[: step.index], turned, *strips[step.index + 1 :])
    return attrs.evolve(state, players=_with_strips(state, step.seat, moved), chance=nxt)


def _describe(step: ChanceStep) -> str:
    if step.kind == "strip":
        return f"strip step (seat {step.seat + 1}, slot {step.index + 1})"
    if step.kind == "face":
        return f"face step (seat {step.seat + 1}, slot {step.index + 1})"
    if step.kind == "indicator":
        return f"round indicator step (space {step.index + 2})"
    return "draw for round I" if step.kind == "first" else "factory fill draw"


def apply_fill(state: GameState, factories: Sequence[Sequence[int]]) -> GameState:
    """The state after the pending fill produced the displays ``factories`` (per-colour
    counts, display by display, as in :attr:`GameState.factories`): a whole refill observed at
    a table, where one sees what lies on each display, not the order of the draws (ENG-08).

    The pieces are applied one by one with :func:`apply_chance`, each display's in an order
    that empties the bag before the tower is poured into it (END-04), which is the only thing
    the order can change; the generator is not consulted.

    Args:
        state: a state waiting for a fill draw (``state.chance.kind == "fill"``).
        factories: the contents of every display once the fill is over.

    Returns:
        The state after the whole fill, generator unchanged.

    Raises:
        IllegalAction: ENG-07, when no fill is pending, or no order of draws gives these
            displays from this bag and tower (a display holding fewer pieces than before, more
            than 4, a colour the bag and tower cannot supply, or a fill that stops before or
            after the displays given).

    >>> from sintra_rules.games.sintra.setup import new_game
    >>> state = new_game(2, seed=5, sample=False)
    >>> while state.chance.kind != "fill":
    ...     state = sample_chance(state)
    >>> seen = new_game(2, seed=5).factories
    >>> same_position(apply_fill(state, seen), new_game(2, seed=5))
    True
    """
    step = _pending(state, None)
    if step.kind != "fill" or len(factories) != len(state.factories):
        raise IllegalAction(
            "ENG-07",
            f"expected the contents of the {len(state.factories)} displays for a pending fill",
            factories,
        )
    colours, capacity = state.components.colours, state.components.factory_capacity
    for display, (now, seen) in enumerate(zip(state.factories, factories, strict=True)):
        if len(seen) != colours or any(type(n) is not int for n in seen) or sum(seen) > capacity:
            raise IllegalAction(
                "ENG-07",
                f"display {display + 1}: expected {colours} whole numbers adding up to at most "
                f"{capacity}",
                factories,
            )
        want = [n - had for n, had in zip(seen, now, strict=True)]
        if min(want) < 0:
            raise IllegalAction(
                "ENG-07",
                f"display {display + 1} cannot end up with {list(seen)}: it holds {list(now)} "
                "and a fill only adds pieces",
                factories,
            )
        while any(want) and state.chance is not None:
            if sum(map(sum, state.factories)) // capacity != display:
                raise IllegalAction(
                    "ENG-07",
                    f"display {display} is given short of {capacity} pieces while the bag and "
                    "tower still hold pieces (END-03, END-05)",
                    factories,
                )
            pool = _draw_pool(state)
            colour = next((c for c in range(colours) if want[c] and pool[c]), None)
            if colour is None:
                raise IllegalAction(
                    "ENG-07",
                    f"no order of draws gives display {display + 1} {list(seen)} from this bag "
                    "and tower (END-03, END-04)",
                    factories,
                )
            state = apply_chance(state, colour)
            want[colour] -= 1
    if state.chance is not None or state.factories != tuple(map(tuple, factories)):
        raise IllegalAction(
            "ENG-07",
            "the displays given do not complete the fill: every display takes "
            f"{state.components.factory_capacity} pieces while the bag and tower hold any (END-05)",
            factories,
        )
    return state


# ---------------------------------------------------------------------------- sampling


def _generator(state: GameState) -> int:
    if state.rng is None:
        raise ConfigurationError(
            "ENG-08",
            "this state has no generator (a position without a seed): supply the outcome with "
            "apply_chance(), or give it one with determinize()",
        )
    return state.rng


def sample_chance(state: GameState) -> GameState:
    """The pending chance step decided by the state's generator, exactly as the engine's own
    setup and refills draw it (ENG-02, ENG-03, ENG-08): the state after the outcome, with the
    generator advanced.

    Args:
        state: a state waiting for a chance step, with a generator.

    Returns:
        The state after the sampled outcome, its generator advanced.

    Raises:
        IllegalAction: ENG-07, when no chance step is pending.
        ConfigurationError: ENG-08, when the state has no generator.
    """
    step = _pending(state, None)
    rng = _generator(state)
    kind = step.kind
    if kind in ("fill", "first"):
        pool = _draw_pool(state) if kind == "fill" else state.bag
        rng, r = below(rng, sum(pool))
        outcome = 0
        for outcome, count in enumerate(pool):  # noqa: B007 - the walk of ENG-02
            if r < count:
                break
            r -= count
    elif kind == "face":
        strip = state.players[step.seat].strips[step.index]
        assert strip is not None
        rng, coin = below(rng, 2)
        outcome = _coin_face(state.components, strip.strip_id, coin)
    else:
        rng, j = below(rng, step.index + 1)
        if kind == "indicator":
            outcome = state.indicator[j]
        else:
            picked = state.players[step.seat].strips[j]
            assert picked is not None
            outcome = picked.strip_id
    if kind == "fill":
        return _fill_one(state, outcome, rng)
    return attrs.evolve(_decide_setup(state, step, outcome), rng=rng)


def resolve_chance(state: GameState) -> GameState:
    """``state`` with every pending chance step sampled from its generator, until a player is
    to act or the game is over (ENG-08); ``state`` itself when no step is pending.

    Args:
        state: any state.

    Returns:
        The first state, from ``state`` on, with no pending chance step.

    Raises:
        ConfigurationError: ENG-08, when a step is pending and the state has no generator.
    """
    while state.chance is not None:
        state = sample_chance(state)
    return state


# ---------------------------------------------------------------------------- no peeking


def determinize(state: GameState, seed: int, viewer: int | None = None) -> GameState:
    """The same position with a fresh generator seeded by ``seed`` (ENG-09): its future draws
    are those of ``seed``, not of the real game. A searcher plays ahead on this, never on the
    real state, so that nothing it computes depends on the real future draws.

    Args:
        state: the real position.
        seed: the searcher's seed, an integer >= 0.
        viewer: the seat the searcher plays; Sintra hides nothing from any seat, so it changes
        nothing (the parameter is every game's, :meth:`sintra_rules.game.Rules.determinize`).

    Returns:
        ``state`` with the generator of ``seed`` (ENG-02).

    Raises:
        ConfigurationError: ENG-02, for a seed that is not an integer >= 0.

    >>> from sintra_rules import new_game
    >>> a, b = new_game(2, seed=1), new_game(2, seed=1)
    >>> determinize(a, 5) == determinize(attrs.evolve(b, rng=99), 5)
    True
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ConfigurationError("ENG-02", f"the seed must be an integer >= 0, got {seed!r}")
    return attrs.evolve(state, rng=seed_state(seed))


def without_generator(state: GameState) -> GameState:
    """The same position with no generator (ENG-08, ENG-09):
    :func:`~sintra_rules.games.sintra.rules.apply` on it stops at every chance step, whose outcome
    the caller supplies with :func:`apply_chance` (an OpenSpiel-style explicit chance node).

    Args:
        state: any state.

    Returns:
        ``state`` with ``rng`` ``None`` (``state`` itself when it has none).

    >>> from sintra_rules import new_game
    >>> without_generator(new_game(2, seed=1)).rng is None
    True
    """
    return state if state.rng is None else attrs.evolve(state, rng=None)


def same_position(a: GameState, b: GameState) -> bool:
    """Whether two states are the same position for a player: equal in everything but the
    generator (ENG-09). ``a == b`` also compares the generator.

    Args:
        a: a state.
        b: another state.

    Returns:
        Whether they are equal once their generators are left out.

    >>> from sintra_rules import new_game
    >>> same_position(new_game(2, seed=1), determinize(new_game(2, seed=1), 2))
    True
    >>> same_position(new_game(2, seed=1), new_game(2, seed=2))
    False
    """
    return without_generator(a) == without_generator(b)


def position_digest(state: GameState) -> str:
    """SHA-256 (hex) of the position without its generator (ENG-09): the
    :func:`~sintra_rules.games.sintra.documents.state_digest` of the same state with ``rng``
    ``None``. Two states have the same position digest exactly when :func:`same_position` holds (up
    to the component table's name, which no digest includes).

    Args:
        state: any state.

    Returns:
        64 lower-case hex digits.

    >>> from sintra_rules import new_game
    >>> position_digest(new_game(2, seed=1)) == position_digest(determinize(new_game(2, seed=1), 9))
    True
    """
    from sintra_rules.games.sintra.documents import (
        state_digest,
    )  # documents imports state, which imports us

    return state_digest(without_generator(state))
