"""Sagrada's models checked against the engine's scoring, on every window.

The proofs reason about :class:`~proofs.sagrada.window.WindowModel`: a window as Booleans, a
score as Boolean terms that may hold only when what they reward is there, so that a bound on
the model's score is a bound on the window's largest model score. Here each score of the model
is tied to the engine's own function (:mod:`sintra_rules.games.sagrada.scoring`), run on the
model's Booleans (:mod:`proofs.tie`): for **every** window (any dice on the 20 spaces, empty
spaces allowed, the neighbour bans kept, as every proof keeps them)

* every choice of the model's terms that its premises allow scores at most what the engine's
  function gives, and
* setting each term to the condition it stands for
  (:attr:`~proofs.sagrada.window.WindowModel.definitions`) obeys the premises and scores exactly
  what the engine's function gives,

so the model's largest score of a window *is* the engine's score, and each bound proved on the
model holds of the engine. The ties:

* :func:`public_tie`: each public objective card (:func:`~sintra_rules.games.sagrada.scoring.
  public_points`: its rule times its points, sagrada:PUB-01 to sagrada:PUB-11);
* :func:`private_tie`: the private objective card of each colour (sagrada:SCORE-02);
* :func:`final_tie`: :func:`~sintra_rules.games.sagrada.scoring.final_score` adds the public
  objectives in play, the best private objective, the favor tokens (none solo) and -1 per empty
  space (solo -3): for every choice of 3 public cards (solo 2), of the private cards and of the
  tokens left, with 2, 3 and 4 players (sagrada:SCORE-01, sagrada:SCORE-03, sagrada:SCORE-04,
  sagrada:SOLO-06, sagrada:RUL-11);
* :func:`target_tie`: :func:`~sintra_rules.games.sagrada.scoring.target_score` is the sum of the
  values of the dice on the round track, for any dice, at most 4 on each of its 10 spaces
  (sagrada:SOLO-05).
"""

from __future__ import annotations

import contextlib
import functools
import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any, cast

import attrs
import z3

from proofs.harness import Check, Evaluate, Prover
from proofs.sagrada.figures import COLOURS, PUBLICS, ROUNDS, SOLO_POOL, SPACES, VALUES
from proofs.sagrada.window import Score, WindowModel, render
from proofs.symbolic import Choice, Linear, Maybe, Sym, linear
from proofs.tie import agree, agree_largest, cached, combined
from sintra_rules import terms
from sintra_rules.games.sagrada import build_position
from sintra_rules.games.sagrada import scoring as engine_scoring
from sintra_rules.games.sagrada.state import SagradaState
from sintra_rules.terms import most, present

__all__ = [
    "MODULES",
    "final_tie",
    "private_tie",
    "public_tie",
    "score_ties",
    "symbolic_window",
    "target_tie",
]

#: The engine's modules a Sagrada tie runs (a change to one of them is a new check).
MODULES = (engine_scoring, terms)
#: The engine's scoring module, called here on symbolic windows (which its annotations, plain
#: dice, do not describe).
scoring: Any = engine_scoring


def symbolic_window(model: WindowModel) -> tuple[Maybe, ...]:
    """The model's window as the engine's: per space a die ``(colour, value)`` present when
    the space holds one (:class:`~proofs.symbolic.Maybe`)."""
    cells = []
    for s in range(SPACES):
        here = model.filled[s]
        colour = Choice(dict(enumerate(model.colour[s])), within=here)
        value = Choice(dict(zip(VALUES, model.value[s], strict=True)), within=here)
        cells.append(Maybe(Sym(here), (colour, value)))
    return tuple(cells)


@functools.cache
def _finished(players: int) -> SagradaState:
    """A finished game of ``players`` players, its windows empty: the state the engine scores
    (its windows, cards and tokens are replaced by each tie)."""
    if players == 1:
        return build_position(
            ["Sun Catcher"], round="over", tools="1,2,3", publics="1,2", privates={1: "RG"}
        )
    names = ["Sun Catcher", "Batllo", "Industria", "Virtus"][:players]
    return build_position(
        names,
        round="over",
        tools="1,2,3",
        publics="1,2,3",
        privates={seat: COLOURS[seat - 1] for seat in range(1, players + 1)},
    )


def _state(
    players: int,
    window: Sequence[Any],
    favor: Any = 0,
    publics: Sequence[int] | None = None,
    privates: Sequence[int] | None = None,
) -> SagradaState:
    """The finished game with seat 0's window, favor tokens and private cards, and the public
    cards in play, replaced."""
    state = _finished(players)
    first = state.players[0]
    player = attrs.evolve(
        first,
        window=tuple(window),
        favor=favor,
        privates=first.privates if privates is None else tuple(privates),
    )
    return attrs.evolve(
        state,
        players=(player, *state.players[1:]),
        publics=state.publics if publics is None else tuple(publics),
    )


def _card(number: int) -> int:
    """The index in the engine's table of public objective ``number``."""
    table = _finished(2).components.publics
    return next(i for i, card in enumerate(table) if card.number == number)


def _private(colour: int) -> int:
    """The index in the engine's table of the private objective card of ``colour``."""
    table = _finished(2).components.privates
    return next(i for i, card in enumerate(table) if card.colour == colour)


def _total(score: Score, ctx: z3.Context) -> z3.ArithRef:
    """A score of the model as one integer term."""
    return z3.Sum([z3.IntVal(score.constant, ctx), *(z3.If(t, w, 0) for t, w in score.terms)])


def _largest(model: WindowModel, score: Score, evaluate: Evaluate) -> int:
    """The model's score of the window in a Z3 model, each term set to its condition."""
    ctx = model.ctx
    pairs = list(model.definitions)
    value = _total(score, ctx) if ctx is not None else _total(score, z3.main_ctx())
    for _ in pairs:  # a definition may read other terms (Color Diagonals): substitute to a fix
        value = z3.substitute(value, *pairs)
    return evaluate(value)


def _same_as_largest(model: WindowModel, score: Score) -> Any:
    """The goal of a tie: the model's score of a window is at most the engine's ``e`` for every
    choice of terms its premises allow, and exactly ``e`` with each term set to its
    condition, which its premises allow (pseudo-Boolean constraints: the engine's number is a
    :class:`~proofs.symbolic.Linear` form)."""
    ctx = model.ctx or z3.main_ctx()
    total = Linear(score.constant, score.terms)
    rules = z3.And(*model.premises[model.base :])
    defined = z3.And(*(t == d for t, d in model.definitions))

    def goal(engine: Any) -> z3.BoolRef:
        diff = linear(engine).plus(total.scaled(-1))
        at_most = _bool(diff.at_least(0), ctx)
        exactly = z3.And(at_most, _bool(diff.scaled(-1).at_least(0), ctx))
        return z3.And(z3.Implies(rules, at_most), z3.Implies(defined, z3.And(rules, exactly)))

    return goal


def _bool(x: Any, ctx: z3.Context) -> z3.BoolRef:
    return z3.BoolVal(x, ctx) if isinstance(x, bool) else x


def _window_show(model: WindowModel, score: Score, what: str) -> Any:
    def show(evaluate: Evaluate) -> list[str]:
        return [
            *render(model.decode(evaluate)),
            f"the model's largest {what} of this window: {_largest(model, score, evaluate)}",
        ]

    return show


def _tie(
    p: Prover,
    text: str,
    model: WindowModel,
    score: Score,
    what: str,
    run: Callable[[], Any],
    plain: Callable[[Evaluate], Any],
) -> Check:
    return agree_largest(
        p,
        text,
        run,
        score.constant,
        score.terms,
        model.definitions,
        model.premises[model.base :],
        model.premises[: model.base],
        _window_show(model, score, what),
        plain,
        full=model.filled,
    )


def _public_tie(p: Prover, number: int) -> Check:
    """The engine's points of public objective ``number`` (its rule times its points) are the
    model's largest score of every window."""
    card = PUBLICS[number - 1]
    rule = scoring.PUBLIC_RULES[number - 1]
    model = WindowModel(ctx=z3.Context())
    score = model.public(number)
    window = symbolic_window(model)
    state = _state(2, window)
    index = _card(number)
    name = getattr(rule, "__name__", repr(rule))
    return _tie(
        p,
        f"the engine's public_points for {card.name} ({name} x {card.points}) is the "
        f"model's largest score of every window",
        model,
        score,
        "score",
        lambda: scoring.public_points(state, index, window),
        lambda ev: scoring.public_points(_state(2, model.decode(ev)), index, model.decode(ev)),
    )


def _private_tie(p: Prover) -> Check:
    """The engine's private objective points of each colour are the model's largest score of
    every window."""
    scratch = type(p)()
    for colour in range(len(COLOURS)):
        model = WindowModel(ctx=z3.Context())
        score = model.private(colour)
        window = symbolic_window(model)
        state = _state(2, window)
        index = _private(colour)
        _tie(
            scratch,
            "",
            model,
            score,
            f"private score ({COLOURS[colour]})",
            functools.partial(scoring.private_points, state, index, window),
            functools.partial(_plain_private, model, index),
        )
    return combined(
        p,
        "the engine's private_points of each colour is the model's largest score of every window",
        scratch.checks,
    )


def _plain_private(model: WindowModel, index: int, evaluate: Evaluate) -> Any:
    """The engine's private points of card ``index`` for the model's window in a Z3 model."""
    window = model.decode(evaluate)
    return scoring.private_points(_state(2, window), index, window)


def _colour(state: SagradaState, index: int) -> int:
    return state.components.privates[index].colour


def _one_hot(name: str, options: Sequence[int], ctx: z3.Context) -> tuple[Choice, list[Any]]:
    """A number that is one of ``options``, as a choice of Booleans, and its premise."""
    flags = {k: z3.Bool(f"{name}={k}", ctx) for k in options}
    return Choice(flags), [z3.PbEq([(b, 1) for b in flags.values()], 1)]


def _read(choice: Choice, evaluate: Evaluate) -> int:
    """The value of a choice in a model."""
    return next(k for k, b in choice.options.items() if evaluate(b))


def _equal(pairs: Sequence[tuple[Any, Any]], ctx: z3.Context) -> z3.BoolRef:
    """Each pair of numbers (:class:`~proofs.symbolic.Linear` forms) is equal: a pair whose
    terms cancel needs no solver."""
    out = []
    for a, b in pairs:
        diff = linear(a).plus(linear(b).scaled(-1))
        out += [_bool(diff.at_least(0), ctx), _bool(diff.scaled(-1).at_least(0), ctx)]
    return z3.And(*out)


@contextlib.contextmanager
def _parts(public: Callable[..., Any], private: Callable[..., Any]) -> Iterator[None]:
    """The engine's ``public_points`` and ``private_points`` replaced, for the block, by
    ``public`` and ``private``: what :func:`final_tie` checks is how ``final_score`` adds
    them, whatever they return (each is tied to the model by its own check)."""
    saved = scoring.public_points, scoring.private_points
    scoring.public_points, scoring.private_points = public, private
    try:
        yield
    finally:
        scoring.public_points, scoring.private_points = saved


def _final_tie(p: Prover, solo: bool) -> Check:
    """The engine's final score adds the parts the models add: the public objectives in play,
    the best private objective, the favor tokens left (none solo) and -1 per empty space
    (solo -3), for every choice of cards and of tokens, every window and whatever the parts
    score (:func:`public_tie` and :func:`private_tie` tie the parts)."""
    ctx = z3.Context()
    here = [z3.Bool(f"space{s + 1}_die", ctx) for s in range(SPACES)]
    colour = [z3.Int(f"space{s + 1}_colour", ctx) for s in range(SPACES)]
    value = [z3.Int(f"space{s + 1}_value", ctx) for s in range(SPACES)]
    window = tuple(
        Maybe(Sym(h), (Sym(c), Sym(v))) for h, c, v in zip(here, colour, value, strict=True)
    )
    favor = z3.Int("favor", ctx)
    publics = [z3.Int(f"points_of_{card.name.replace(' ', '_')}", ctx) for card in PUBLICS]
    privates = [z3.Int(f"private_points_{code}", ctx) for code in COLOURS]
    premises = [
        *(
            z3.And(c >= 0, c < len(COLOURS), v >= 1, v <= 6)
            for c, v in zip(colour, value, strict=True)
        ),
        favor >= 0,
        favor <= 6,
        *(x >= 0 for x in (*publics, *privates)),
    ]
    counts = (1,) if solo else (2, 3, 4)
    choices = list(itertools.combinations(range(len(PUBLICS)), 2 if solo else 3))
    hands = (
        list(itertools.permutations(range(len(COLOURS)), 2))
        if solo
        else [(k,) for k in range(len(COLOURS))]
    )
    games = [(players, cards, hand) for players in counts for cards in choices for hand in hands]
    per_space = 3 if solo else 1
    numbers = {k: _card(card.number) for k, card in enumerate(PUBLICS)}
    by_index = {i: k for k, i in numbers.items()}

    def states(window: Sequence[Any], favor: Any) -> list[SagradaState]:
        return [
            _state(players, window, favor, [numbers[c] for c in cards], [_private(k) for k in hand])
            for players, cards, hand in games
        ]

    def fakes(read: Callable[[Any], Any]) -> Any:
        def public(state: SagradaState, card: int, window: Sequence[Any]) -> Any:
            return read(publics[by_index[card]])

        def private(state: SagradaState, card: int, window: Sequence[Any]) -> Any:
            return read(privates[state.components.privates[card].colour])

        return _parts(public, private)

    def parts(state: SagradaState, window: Sequence[Any], read: Callable[[Any], Any]) -> Any:
        """SCORE-01 (SOLO-06): the parts as the models add them."""
        player = state.players[0]
        card_points = sum(read(publics[by_index[c]]) for c in state.publics)
        best = most([read(privates[state.components.privates[k].colour]) for k in player.privates])
        held = 0 if solo else player.favor
        return card_points + best + held + per_space * (sum(present(d) for d in window) - SPACES)

    def run() -> tuple[tuple[Any, Any], ...]:
        return tuple(
            (scoring.final_score(s, 0).total, parts(s, window, Sym))
            for s in states(window, Sym(favor))
        )

    def concrete(evaluate: Evaluate) -> tuple[Any, ...]:
        return tuple(
            (evaluate(c), evaluate(v)) if evaluate(h) else None
            for h, c, v in zip(here, colour, value, strict=True)
        )

    def plain(evaluate: Evaluate) -> str:
        cells = concrete(evaluate)
        with fakes(evaluate):
            for (players, cards, hand), state in zip(
                games, states(cells, evaluate(favor)), strict=True
            ):
                got, want = scoring.final_score(state, 0).total, parts(state, cells, evaluate)
                if got != want:
                    return (
                        f"{got} with {players} players, public cards "
                        f"{', '.join(PUBLICS[c].name for c in cards)}, private "
                        f"{''.join(COLOURS[k] for k in hand)}: the parts add up to {want}"
                    )
        return "the parts' sum on every choice of cards"

    def show(evaluate: Evaluate) -> list[str]:
        cells = concrete(evaluate)
        rows = [
            " ".join(
                "--" if d is None else f"{COLOURS[d[0]]}{d[1]}" for d in cells[r * 5 : r * 5 + 5]
            )
            for r in range(4)
        ]
        points = ", ".join(f"{c.name} {evaluate(x)}" for c, x in zip(PUBLICS, publics, strict=True))
        private = ", ".join(f"{k} {evaluate(x)}" for k, x in zip(COLOURS, privates, strict=True))
        return [
            *rows,
            f"favor tokens {evaluate(favor)}",
            f"public points (as the parts return them): {points}",
            f"private points: {private}",
        ]

    def goal(pairs: Sequence[tuple[Any, Any]]) -> z3.BoolRef:
        return z3.And(*(_term(a, ctx) == _term(b, ctx) for a, b in pairs))

    with fakes(Sym):
        return agree(
            p,
            f"the engine's final_score adds the public objectives in play, the best private "
            f"objective, {'no' if solo else 'the'} favor tokens and -{per_space} per empty "
            f"space: for every window, every choice of {2 if solo else 3} public cards and of "
            f"the private {'cards' if solo else 'card'}"
            + ("" if solo else ", 0 to 6 tokens, 2 to 4 players")
            + ", whatever those parts score",
            run,
            goal,
            premises,
            show,
            plain,
            full=here,
        )


def _term(x: Any, ctx: z3.Context) -> Any:
    if isinstance(x, Sym):
        t = x.term
        return z3.If(t, 1, 0) if isinstance(t, z3.BoolRef) else t
    return z3.IntVal(int(x), ctx)


def _target_tie(p: Prover) -> Check:
    """The engine's target score is the sum of the values of the dice on the round track: any
    dice, at most 4 on each of its 10 spaces (so, dice showing 1 to 6, it lies between their
    number and 6 times it, as the model of :mod:`proofs.sagrada.target` says)."""
    ctx = z3.Context()
    premises: list[Any] = []
    track = []
    here: list[list[z3.BoolRef]] = []
    dice: list[list[tuple[Choice, Choice]]] = []
    for r in range(ROUNDS):
        row_here, row_dice, space = [], [], []
        for i in range(SOLO_POOL):
            h = z3.Bool(f"round{r + 1}_die{i + 1}", ctx)
            colour, first = _one_hot(f"round{r + 1}_colour{i + 1}", range(len(COLOURS)), ctx)
            value, second = _one_hot(f"round{r + 1}_value{i + 1}", VALUES, ctx)
            premises += [*first, *second]
            row_here.append(h)
            row_dice.append((colour, value))
            space.append(Maybe(Sym(h), (colour, value)))
        here.append(row_here)
        dice.append(row_dice)
        track.append(tuple(space))
    total = Linear(
        0,
        [
            (z3.And(h, b), v)
            for rh, rd in zip(here, dice, strict=True)
            for h, (_c, value) in zip(rh, rd, strict=True)
            for v, b in value.options.items()
        ],
    )
    state = attrs.evolve(_finished(1), track=cast(Any, tuple(track)))

    def concrete(evaluate: Evaluate) -> tuple[tuple[tuple[int, int], ...], ...]:
        return tuple(
            tuple(
                (_read(c, evaluate), _read(v, evaluate))
                for h, (c, v) in zip(here[r], dice[r], strict=True)
                if evaluate(h)
            )
            for r in range(ROUNDS)
        )

    def show(evaluate: Evaluate) -> list[str]:
        spaces = concrete(evaluate)
        text = " / ".join(" ".join(f"{COLOURS[c]}{v}" for c, v in space) or "-" for space in spaces)
        number = sum(len(space) for space in spaces)
        values = sum(v for space in spaces for _c, v in space)
        return [f"round track: {text}", f"{number} dice, values summing to {values}"]

    def goal(e: Any) -> z3.BoolRef:
        return _equal([(e, total)], ctx)

    return agree(
        p,
        "the engine's target_score is the sum of the values of the dice on the round track "
        "(any dice, at most 4 a round)",
        lambda: scoring.target_score(state),
        goal,
        premises,
        show,
        lambda ev: scoring.target_score(attrs.evolve(_finished(1), track=concrete(ev))),
        "pb",
        full=[h for row in here for h in row],
    )


def public_tie(p: Prover, number: int) -> Check:
    """The engine's points of public objective ``number`` (its rule times its points) are the
    model's largest score of every window (checked once per process and version of the
    engine's scoring)."""
    return cached(p, ("sagrada public", number), MODULES, lambda q: _public_tie(q, number))


def private_tie(p: Prover) -> Check:
    """The engine's private objective points of each colour are the model's largest score of
    every window."""
    return cached(p, ("sagrada private",), MODULES, _private_tie)


def final_tie(p: Prover, solo: bool) -> Check:
    """The engine's final score adds the parts the models add (see :func:`_final_tie`)."""
    return cached(p, ("sagrada final", solo), MODULES, lambda q: _final_tie(q, solo))


def target_tie(p: Prover) -> Check:
    """The engine's target score is the sum of the values of the dice on the round track."""
    return cached(p, ("sagrada target",), MODULES, _target_tie)


def score_ties(p: Prover, solo: bool) -> None:
    """Every tie a proof about final scores rests on: each public objective, the private
    objectives and the final score's sum."""
    for card in PUBLICS:
        public_tie(p, card.number)
    private_tie(p)
    final_tie(p, solo)
