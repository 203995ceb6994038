"""Sagrada's explicit chance: every random step as listed ``int`` outcomes with exact
probabilities (ENG-03), in a fixed order (ENG-04), decided by the state's generator or by the
caller (ENG-05), and determinization for searchers, which resamples what a viewer cannot see
(ENG-06).

The random steps: the deal of the cards at setup, one card at a time, uniform over the cards
not dealt yet (pattern cards, private objectives, tools, public objectives: SETUP-01 to
SETUP-05); the first start player (RUL-19); each draft-pool die, a colour drawn from the bag
(count / dice in the bag) and then a roll (1/6 each: ROUND-02); Glazing Hammer's re-rolls
(TOOL-07), Flux Brush's re-roll (TOOL-06) and Flux Remover's draw (TOOL-11).

>>> from sintra_rules.games.sagrada import new_game
>>> state = new_game(2, seed=7, sample=False)
>>> state.chance
ChanceStep(kind='private', seat=0, index=0, dice=())
>>> chance_outcomes(state)[0]
(0, Fraction(1, 5))
>>> resolve_chance(state) == new_game(2, seed=7)
True
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from sintra_rules.errors import ConfigurationError, IllegalAction, InvalidArgument
from sintra_rules.games.sagrada.events import DieDrawn, DieRolled, Event
from sintra_rules.games.sagrada.placement import has_legal_cell
from sintra_rules.games.sagrada.state import (
    ChanceStep,
    Die,
    PlayerState,
    SagradaState,
    die,
    evolved,
)
from sintra_rules.rng import below, seed_state

__all__ = [
    "apply_chance",
    "chance_outcomes",
    "determinize",
    "max_chance_outcomes",
    "private_count",
    "public_count",
    "resolve_chance",
    "same_position",
    "sample_chance",
    "tool_count",
    "without_generator",
]

_SIXTH = Fraction(1, 6)
#: A roll's outcomes: value - 1 for the values 1 to 6, 1/6 each (ENG-03).
_VALUES = tuple((v, _SIXTH) for v in range(6))


def private_count(players: int) -> int:
    """Private objectives per player: 1, solo 2 (SETUP-01, SOLO-01)."""
    return 2 if players == 1 else 1


def public_count(players: int) -> int:
    """Public objectives in play: 3, solo 2 (SETUP-05, SOLO-01)."""
    return 2 if players == 1 else 3


def tool_count(state: SagradaState) -> int:
    """Tool cards in play: 3, solo the difficulty 1 to 5 (SETUP-04, SOLO-01)."""
    return 3 if state.difficulty is None else state.difficulty


def max_chance_outcomes() -> int:
    """Every chance outcome is an integer below this (ENG-03): card indices (up to 11),
    colours, seats and values less one. 12.
    """
    return 12


# ------------------------------------------------------------------------------ the steps


def _pending(state: SagradaState, outcome: object) -> ChanceStep:
    if not isinstance(state, SagradaState):
        raise IllegalAction("ENG-03", f"expected a SagradaState, got {type(state).__name__}")
    if state.chance is None:
        raise IllegalAction("ENG-03", "no chance step is pending: a player is to act", outcome)
    return state.chance


def _dealt(state: SagradaState, kind: str) -> set[int]:
    if kind == "pattern":
        return {card for p in state.players for card in p.cards}
    if kind == "private":
        return {card for p in state.players for card in p.privates}
    return set(state.tools if kind == "tool" else state.publics)


def _deck(state: SagradaState, kind: str) -> int:
    table = state.components
    return {
        "pattern": table.cards,
        "private": len(table.privates),
        "tool": len(table.tools),
        "public": len(table.publics),
    }[kind]


def _remaining(state: SagradaState, kind: str) -> list[int]:
    dealt = _dealt(state, kind)
    return [card for card in range(_deck(state, kind)) if card not in dealt]


def _bag_outcomes(bag: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    total = sum(bag)
    return tuple((colour, Fraction(n, total)) for colour, n in enumerate(bag) if n)


def chance_outcomes(state: SagradaState) -> tuple[tuple[int, Fraction], ...]:
    """The outcomes of the pending chance step with their exact probabilities, outcomes
    increasing, probabilities positive and summing to 1 (ENG-03).

    A deal lists the cards not dealt yet, equally likely; ``"start"`` the seats, equally likely
    (RUL-19); a draw (``"draw"``, ``"remover"``) the colours in the bag, each with probability
    count / dice in the bag (ROUND-02, TOOL-11); a roll (``"roll"``, ``"reroll"``,
    ``"brush"``) the values 1 to 6 as 0 to 5 (value - 1), 1/6 each (ROUND-02, TOOL-06,
    TOOL-07).

    Args:
        state: a state waiting for a chance step.

    Returns:
        ``(outcome, probability)`` pairs.

    Raises:
        IllegalAction: ENG-03, when no chance step is pending.
    """
    step = _pending(state, None)
    kind = step.kind
    if kind in ("roll", "reroll", "brush"):
        return _VALUES
    if kind in ("draw", "remover"):
        return _bag_outcomes(state.bag)
    if kind == "start":
        share = Fraction(1, state.num_players)
        return tuple((seat, share) for seat in range(state.num_players))
    cards = _remaining(state, kind)
    share = Fraction(1, len(cards))
    return tuple((card, share) for card in cards)


def _is_outcome(state: SagradaState, step: ChanceStep, outcome: object) -> bool:
    if type(outcome) is not int:
        return False
    kind = step.kind
    if kind in ("roll", "reroll", "brush"):
        return 0 <= outcome <= 5
    if kind in ("draw", "remover"):
        return 0 <= outcome < len(state.bag) and state.bag[outcome] > 0
    if kind == "start":
        return 0 <= outcome < state.num_players
    return 0 <= outcome < _deck(state, kind) and outcome not in _dealt(state, kind)


def _describe(step: ChanceStep) -> str:
    if step.kind in ("pattern", "private"):
        return f"{step.kind} card deal (seat {step.seat + 1}, card {step.index + 1})"
    if step.kind in ("tool", "public"):
        return f"{step.kind} card deal (slot {step.index + 1})"
    return {
        "start": "choice of the first start player",
        "draw": "draw from the bag",
        "roll": "roll of a pool die",
        "reroll": "re-roll of a pool die (Glazing Hammer)",
        "brush": "re-roll of the die in hand (Flux Brush)",
        "remover": "draw from the bag (Flux Remover)",
    }[step.kind]


def _next_deal(state: SagradaState, step: ChanceStep) -> ChanceStep | None:
    """The deal after ``step``, in the order of ENG-04: each seat's private objectives (solo:
    two), each seat's 2 pattern cards, the tools, the publics, then the start player (2 to 4
    players); ``None`` when setup's chance is over."""
    n = state.num_players
    kind = step.kind
    if kind == "private":
        if step.index + 1 < private_count(n):
            return ChanceStep("private", step.seat, step.index + 1)
        if step.seat + 1 < n:
            return ChanceStep("private", step.seat + 1, 0)
        return ChanceStep("pattern", 0, 0)
    if kind == "pattern":
        if step.index == 0:
            return ChanceStep("pattern", step.seat, 1)
        if step.seat + 1 < n:
            return ChanceStep("pattern", step.seat + 1, 0)
        return ChanceStep("tool", 0, 0) if tool_count(state) else ChanceStep("public", 0, 0)
    if kind == "tool":
        if step.index + 1 < tool_count(state):
            return ChanceStep("tool", 0, step.index + 1)
        return ChanceStep("public", 0, 0)
    if step.index + 1 < public_count(n):
        return ChanceStep("public", 0, step.index + 1)
    return ChanceStep("start") if n > 1 else None


def _with_player(state: SagradaState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    return (*state.players[:seat], player, *state.players[seat + 1 :])


def _add(pool: tuple[Die, ...], d: Die) -> tuple[Die, ...]:
    return tuple(sorted((*pool, d)))


def _remove(pool: tuple[Die, ...], d: Die) -> tuple[Die, ...]:
    i = pool.index(d)
    return pool[:i] + pool[i + 1 :]


def _decide(state: SagradaState, step: ChanceStep, outcome: int) -> SagradaState:
    """The state after ``step`` turned out ``outcome`` (already checked)."""
    kind = step.kind
    if kind == "draw":  # ROUND-02: the colour leaves the bag; the die is rolled next
        bag = list(state.bag)
        bag[outcome] -= 1
        roll = ChanceStep("roll", dice=(die(outcome, 0),))
        return evolved(state, bag=tuple(bag), chance=roll)
    if kind == "roll":  # ROUND-02: the die joins the pool; draw again until it is full
        pool = _add(state.pool, die(step.dice[0][0], outcome + 1))
        full = len(pool) >= state.components.pool_size(state.num_players)
        return evolved(state, pool=pool, chance=None if full else ChanceStep("draw"))
    if kind == "reroll":  # TOOL-07, ENG-04: one pool die after the other, in canonical order
        old = step.dice[0]
        pool = _add(_remove(state.pool, old), die(old[0], outcome + 1))
        rest = step.dice[1:]
        nxt = ChanceStep("reroll", dice=rest) if rest else None
        return evolved(state, pool=pool, chance=nxt)
    if kind == "brush":  # TOOL-06: placed if it can be, else back to the pool
        assert state.hand is not None
        return _hand_changed(state, die(state.hand[0], outcome + 1))
    if kind == "remover":  # TOOL-11, RUL-12: the player chooses its value next
        bag = list(state.bag)
        bag[outcome] -= 1
        return evolved(state, bag=tuple(bag), hand=die(outcome, 0), sub="flux", chance=None)
    if kind == "start":  # RUL-19; then the seats choose their patterns (RUL-10)
        return evolved(state, start=outcome, turn=0, chance=None)
    nxt = _next_deal(state, step)
    if kind == "pattern":
        player = state.players[step.seat]
        player = attrs.evolve(player, cards=(*player.cards, outcome))
        return evolved(state, players=_with_player(state, step.seat, player), chance=nxt)
    if kind == "private":
        player = state.players[step.seat]
        player = attrs.evolve(player, privates=(*player.privates, outcome))
        return evolved(state, players=_with_player(state, step.seat, player), chance=nxt)
    if kind == "tool":
        return evolved(
            state,
            tools=(*state.tools, outcome),
            tokens=(*state.tokens, 0),
            spent=(*state.spent, None),
            chance=nxt,
        )
    return evolved(state, publics=(*state.publics, outcome), chance=nxt)


def _hand_changed(state: SagradaState, new: Die) -> SagradaState:
    """Flux Brush re-rolled the die in hand to ``new``; with no legal space it returns to the
    pool (TOOL-06, RUL-02), the draft used and the tool paid. The tool is over either way."""
    player = state.players[state.turn]
    assert player.pattern is not None
    pattern = state.components.patterns[player.pattern]
    if has_legal_cell(player.window, pattern, new):
        return evolved(state, hand=new, active=None, sub="", chance=None)
    return evolved(state, hand=None, pool=_add(state.pool, new), active=None, sub="", chance=None)


def apply_chance(state: SagradaState, outcome: int) -> SagradaState:
    """The state after the pending chance step turned out ``outcome`` (ENG-03, ENG-05); the
    generator is neither read nor advanced and ``state`` is never changed.

    Args:
        state: a state waiting for a chance step.
        outcome: one of the outcomes :func:`chance_outcomes` lists.

    Returns:
        The state after the step.

    Raises:
        IllegalAction: ENG-03, when no chance step is pending or ``outcome`` is not one of
            :func:`chance_outcomes`.
    """
    step = _pending(state, outcome)
    if not _is_outcome(state, step, outcome):
        raise IllegalAction(
            "ENG-03",
            f"{outcome!r} is not an outcome of this {_describe(step)}; the outcomes are "
            + ", ".join(str(o) for o, _ in chance_outcomes(state)),
            outcome,
        )
    return _decide(state, step, outcome)


def _generator(state: SagradaState) -> int:
    if state.rng is None:
        raise ConfigurationError(
            "ENG-05",
            "this state has no generator: supply the outcome with apply_chance(), or give it "
            "one with determinize()",
        )
    return state.rng


def sample_chance(state: SagradaState) -> SagradaState:
    """The pending chance step decided by the state's generator (ENG-05): a deal takes
    ``below(cards left)`` as the position among the cards left, increasing; a draw takes
    ``r = below(dice in the bag)`` and walks the colours in table order subtracting counts;
    a roll is ``below(6)`` (the value less one); the start player is ``below(players)``.

    Args:
        state: a state waiting for a chance step, with a generator.

    Returns:
        The state after the sampled outcome, its generator advanced.

    Raises:
        IllegalAction: ENG-03, when no chance step is pending.
        ConfigurationError: ENG-05, when the state has no generator.
    """
    step = _pending(state, None)
    rng, outcome = _sample(state)
    return evolved(_decide(state, step, outcome), rng=rng)


def _sample(state: SagradaState) -> tuple[int, int]:
    """The generator after the pending step's draw, and the outcome drawn (ENG-05)."""
    step = state.chance
    assert step is not None
    rng = _generator(state)
    kind = step.kind
    if kind in ("roll", "reroll", "brush"):
        return below(rng, 6)
    if kind in ("draw", "remover"):
        rng, r = below(rng, sum(state.bag))
        outcome = 0
        for outcome, count in enumerate(state.bag):  # noqa: B007 - the walk of ENG-05
            if r < count:
                break
            r -= count
        return rng, outcome
    if kind == "start":
        return below(rng, state.num_players)
    cards = _remaining(state, kind)
    rng, r = below(rng, len(cards))
    return rng, cards[r]


def _fill_pool(state: SagradaState, trace: list[Event] | None = None) -> SagradaState:
    """The draws and rolls that fill the draft pool, sampled from the state's generator
    (ROUND-02, ENG-05): the state, generator and events that :func:`_sample` and
    :func:`_decide` reach one step at a time (a colour by ``below(dice in the bag)``
    and the walk over the colours, then ``below(6)``), without building the states between."""
    rng = state.rng
    assert rng is not None
    bag = list(state.bag)
    pool = list(state.pool)
    size = state.components.pool_size(len(state.players))
    while True:
        rng, r = below(rng, sum(bag))
        colour = 0
        for colour, count in enumerate(bag):  # noqa: B007 - the walk of ENG-05
            if r < count:
                break
            r -= count
        bag[colour] -= 1
        rng, value = below(rng, 6)
        d = die(colour, value + 1)
        if trace is not None:
            trace.append(DieDrawn(colour))
            trace.append(DieRolled(d))
        pool.append(d)
        if len(pool) >= size:
            break
    return evolved(state, bag=tuple(bag), pool=tuple(sorted(pool)), chance=None, rng=rng)


def resolve_chance(state: SagradaState) -> SagradaState:
    """``state`` with every pending chance step sampled from its generator, until a player is
    to act (ENG-05); ``state`` itself when none is pending.

    Args:
        state: any state.

    Returns:
        The first state from ``state`` on with no pending chance step.

    Raises:
        ConfigurationError: ENG-05, when a step is pending and the state has no generator.
    """
    while state.chance is not None:
        if state.chance.kind == "draw" and state.rng is not None:
            state = _fill_pool(state)  # ROUND-02: the whole draft pool at once
        else:
            state = sample_chance(state)
    return state


# ---------------------------------------------------------------------------- no peeking


def determinize(state: SagradaState, seed: int, viewer: int | None = None) -> SagradaState:
    """The same position with a fresh generator seeded by ``seed`` (ENG-05, ENG-06); with a
    ``viewer``, every other seat's private objective is dealt again from the new generator, so
    that nothing hidden from the viewer survives: for each other seat in seat order that holds a
    card, ``r = below(m)``, ``m`` the number of private cards neither held by the viewer nor
    already given in this resampling, and the seat receives the r-th of them in increasing
    order (ENG-06). The viewer's own cards, everything public, and the game after its end (when
    every card is shown) are kept.

    Args:
        state: the real position.
        seed: the searcher's seed, an integer >= 0.
        viewer: the seat whose view is kept, or ``None`` for the generator only.

    Returns:
        The determinized state.

    Raises:
        ConfigurationError: ENG-05, for a seed that is not an integer >= 0.
        InvalidArgument: ``viewer`` is not a seat of the game.

    >>> from sintra_rules.games.sagrada import new_game
    >>> real = new_game(3, seed=1)
    >>> seen = determinize(real, 5, viewer=0)
    >>> seen.players[0].privates == real.players[0].privates
    True
    >>> same_position(real, determinize(real, 9)), real == determinize(real, 9)
    (True, False)
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ConfigurationError("ENG-05", f"the seed must be an integer >= 0, got {seed!r}")
    rng = seed_state(seed)
    if viewer is None:
        return evolved(state, rng=rng)
    if isinstance(viewer, bool) or not isinstance(viewer, int):
        raise InvalidArgument("viewer", f"expected a seat or None, got {viewer!r}")
    if not 0 <= viewer < state.num_players:
        raise InvalidArgument("viewer", f"seat {viewer} is not one of 0..{state.num_players - 1}")
    if state.is_over:
        return evolved(state, rng=rng)
    own = set(state.players[viewer].privates)
    free = [card for card in range(len(state.components.privates)) if card not in own]
    players = list(state.players)
    for seat, player in enumerate(state.players):
        if seat == viewer or not player.privates:
            continue
        cards = []
        for _ in player.privates:
            rng, r = below(rng, len(free))
            cards.append(free.pop(r))
        players[seat] = attrs.evolve(player, privates=tuple(cards))
    return evolved(state, players=tuple(players), rng=rng)


def without_generator(state: SagradaState) -> SagradaState:
    """The same position with no generator (ENG-05): :func:`~.rules.apply` stops at every
    chance step.

    Args:
        state: any state.

    Returns:
        ``state`` with ``rng`` ``None``.
    """
    return state if state.rng is None else evolved(state, rng=None)


def same_position(a: SagradaState, b: SagradaState) -> bool:
    """Whether two states are equal in everything but the generator (ENG-05).

    Args:
        a: a state.
        b: another state.

    Returns:
        Whether they are the same position.
    """
    return without_generator(a) == without_generator(b)
