"""The highest final score: 115 in a game of 2 to 4 players, 94 in the solo game, each reached
by a witness game that the engine scores.

A final score is a window's points ``W`` (the private colour's values, the public cards'
points, less 1 per empty space, solo 3: sagrada:SCORE-01, sagrada:SCORE-02, sagrada:SCORE-04,
sagrada:SOLO-06) plus the favor tokens left (at most the difficulty, at most 6,
sagrada:SETUP-03, sagrada:FAVOR-04; none in the solo game, sagrada:SOLO-01). Let ``H`` be the
score claimed highest (:data:`HIGHEST`) and ``T`` the points a window needs to score more
(:data:`NEEDED`: ``H + 1 - 6``, solo ``H + 1``). The proof has three steps, each a Z3 claim:

1. **The cards.** On any window that obeys the neighbour bans (sagrada:PLACE-06,
   sagrada:PLACE-07; no tool waives them, sagrada:RUL-01), whatever its pattern, with any 3
   public cards (solo: 2) other than the :data:`LEADERS`, ``W < T``: so only a game with the
   leading cards can score more than ``H``. The private colour is fixed to purple: the bans
   and every public card treat the colours alike, so renaming the colours (swapping the private
   one with purple) changes no score; the solo game counts the better of its 2 private cards
   (sagrada:RUL-11), which is one colour's score.
2. **The shape.** On any window with the leading cards, ``W >= T`` forces a shape
   (:class:`Shape`): for example, in a game of 2 to 4 players, a full window whose rows and
   columns all hold 5 and 4 different values, with 10 dice of the private colour.
3. **The patterns.** On each of the 24 patterns, with the leading cards and any private
   colour, the model of a final score (:func:`proofs.sagrada.final.final_model`: the
   restrictions kept except where Eglomise Brush or Copper Foil Burnisher moved a die,
   sagrada:TOOL-02, sagrada:TOOL-03, at their cost in favor tokens, sagrada:FAVOR-02; solo, each
   tool once, sagrada:SOLO-03) cannot score more than ``H`` with a window of that shape. A
   game scoring more would need a window of that shape (step 2, since its ``W`` is at least
   ``T``), so none does.

Step 2 is what makes step 3 quick: without the shape, Z3 needs minutes per pattern. The
witness (``multi_best`` and ``solo_best`` in ``witnesses.json``) is a window on a real
pattern with its cards and private colour, checked in plain Python (the bans, that it can be
built, the restrictions it breaks paid for by its tools) and scored ``H`` by the rulebook's
formulas (:func:`proofs.sagrada.final.final_score`) and by the model;
``tests/test_sagrada_proof_crosscheck.py`` scores it with the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import z3

from proofs.bounds import bound
from proofs.figures import Scope
from proofs.harness import Bound, Describe, Evaluate, Prover
from proofs.sagrada.engine import score_ties
from proofs.sagrada.figures import COLOURS, COLUMNS, PATTERNS, PUBLICS, ROWS, SPACES, Pattern
from proofs.sagrada.final import FinalModel, final_model, final_score, least_spent
from proofs.sagrada.window import (
    Score,
    WindowModel,
    ban_breaks,
    buildable,
    parse,
    render,
    restriction_breaks,
    show_window,
)
from proofs.sagrada.witnesses import MULTI_BEST, SOLO_BEST, Best
from sintra_rules.interrupts import check_interrupt

__all__ = [
    "HIGHEST",
    "LEADERS",
    "NEEDED",
    "TOKENS",
    "Shape",
    "best_found",
    "beyond",
    "fix_cards",
    "highest_score",
    "legal",
    "relaxed",
]

#: The most favor tokens a player holds: the largest difficulty (sagrada:SETUP-03).
TOKENS = max(pattern.favor for pattern in PATTERNS)

#: The highest final score, by game: ``False`` 2 to 4 players, ``True`` solo.
HIGHEST = {False: 115, True: 94}

#: The window points ``W`` a game needs to score more than :data:`HIGHEST`: the tokens left
#: add at most :data:`TOKENS` (none in the solo game).
NEEDED = {False: HIGHEST[False] + 1 - TOKENS, True: HIGHEST[True] + 1}

_PURPLE = COLOURS.index("P")
_ROWS = tuple(tuple(r * COLUMNS + c for c in range(COLUMNS)) for r in range(ROWS))
_COLUMNS = tuple(tuple(r * COLUMNS + c for r in range(ROWS)) for c in range(COLUMNS))


@attrs.frozen
class Shape:
    """What a window scoring :data:`NEEDED` with some cards has: at least ``dice`` dice, every
    line of the line cards ``lines`` (5 to 8: rows or columns, by value or by colour) complete
    without a repeat, at least ``private`` dice of the private colour and, for each
    ``(value, count)`` of ``values``, at least ``count`` dice showing ``value``."""

    dice: int
    lines: tuple[int, ...]
    private: int
    values: tuple[tuple[int, int], ...] = ()

    def holds(self, window: WindowModel, colour: int) -> z3.BoolRef:
        """The shape, for the private colour ``colour``, as a constraint on ``window``."""
        parts = [
            z3.AtLeast(*window.filled, self.dice),
            z3.AtLeast(*(window.colour[s][colour] for s in range(SPACES)), self.private),
        ]
        for value, count in self.values:
            parts.append(z3.AtLeast(*(window.value[s][value - 1] for s in range(SPACES)), count))
        for card in self.lines:
            kinds = window.value if card in (5, 6) else window.colour
            for line in _ROWS if card in (5, 7) else _COLUMNS:
                parts += [window.filled[s] for s in line]
                for i, a in enumerate(line):
                    for b in line[i + 1 :]:
                        parts += [
                            z3.Or(z3.Not(x), z3.Not(y))
                            for x, y in zip(kinds[a], kinds[b], strict=True)
                        ]
        return z3.And(*parts)

    def describe(self) -> str:
        """The shape in words."""
        parts = ["a full window" if self.dice == SPACES else f"at least {self.dice} dice"]
        for card in self.lines:
            line = "row" if card in (5, 7) else "column"
            kind = "values" if card in (5, 6) else "colours"
            parts.append(f"every {line} with different {kind}")
        parts.append(f"{self.private} dice of the private colour")
        parts += [f"at least {count} dice showing {value}" for value, count in self.values]
        return ", ".join(parts[:-1]) + " and " + parts[-1]


#: The only public cards that can score more than :data:`HIGHEST` (step 1), each with the
#: shape of a window that does (step 2): by game, ``False`` 2 to 4 players, ``True`` solo.
LEADERS: dict[bool, tuple[tuple[tuple[int, ...], Shape], ...]] = {
    False: (((5, 6, 10), Shape(dice=SPACES, lines=(5, 6), private=10)),),
    True: (
        ((6, 10), Shape(dice=SPACES, lines=(6,), private=10)),
        ((3, 10), Shape(dice=SPACES - 2, lines=(), private=10, values=((5, 7), (6, 7)))),
    ),
}


def best_found(solo: bool) -> tuple[Pattern, Best]:
    """The stored witness of the highest final score (its pattern and its game)."""
    table = SOLO_BEST if solo else MULTI_BEST
    (number, best), *rest = table.items()
    if rest:
        raise ValueError("witnesses.json holds more than one best game")
    return PATTERNS[number - 1], best


def _names(cards: Sequence[int]) -> str:
    return ", ".join(PUBLICS[n - 1].name for n in cards)


def relaxed(solo: bool) -> tuple[WindowModel, tuple[z3.BoolRef, ...], Score]:
    """Steps 1 and 2: any window, any cards (one Boolean per card), purple private: the
    window's points. In a Z3 context of its own, so that the claim takes the same time
    whatever ran before it (:class:`~proofs.sagrada.window.WindowModel`)."""
    ctx = z3.Context()
    window = WindowModel(ctx=ctx)
    cards = tuple(z3.Bool(f"card{card.number}", ctx) for card in PUBLICS)
    window.premises.append(z3.PbEq([(c, 1) for c in cards], 2 if solo else 3))
    points = Score()
    for card, chosen in zip(PUBLICS, cards, strict=True):
        points += window.public(card.number, chosen)
    points += window.private(_PURPLE)
    per_space = 3 if solo else 1
    points += window.dice(per_space).plus(-per_space * SPACES)
    return window, cards, points


def _show(window: WindowModel, cards: Sequence[z3.BoolRef], points: Score) -> Describe:
    def extra(evaluate: Evaluate) -> list[str]:
        chosen = [n for n, c in enumerate(cards, 1) if evaluate(c)]
        return [f"public cards: {_names(chosen)}; private colour P", f"W {points.value(evaluate)}"]

    return show_window(window, extra)


def fix_cards(cards: Sequence[z3.BoolRef], chosen: Sequence[int]) -> list[z3.BoolRef]:
    """The card Booleans ``cards`` (one per card, by number from 1) hold for ``chosen`` only."""
    return [c if n in chosen else z3.Not(c) for n, c in enumerate(cards, 1)]


def beyond(
    pattern: Pattern, solo: bool, cards: Sequence[int], shape: Shape, high: int
) -> tuple[FinalModel, list[z3.BoolRef]]:
    """Step 3 on one pattern: the model of a final score on ``pattern`` (in a Z3 context of its
    own) and its premises with the public ``cards``, a window of ``shape`` for the private
    colour, whichever it is, and a score above ``high``; the proof claims they are
    unsatisfiable for ``high`` = :data:`HIGHEST`."""
    model = final_model(pattern, solo, ctx=z3.Context())
    shaped = [
        z3.Implies(colour, shape.holds(model.window, k)) for k, colour in enumerate(model.colours)
    ]
    premises = [
        *model.premises,
        *fix_cards(model.cards, cards),
        *shaped,
        model.score.at_least(high + 1),
    ]
    return model, premises


def legal(pattern: Pattern, best: Best, solo: bool) -> bool:
    """Whether a game's window obeys the bans, can be built, and breaks only the restrictions
    its tools allow: within the difficulty's tokens (:func:`least_spent`), or, solo, at most
    one colour space and one value space (each tool once, sagrada:SOLO-03)."""
    window = parse(best.window)
    if ban_breaks(window) or not buildable(window):
        return False
    broken = restriction_breaks(pattern, window)
    colours = sum(1 for s in broken if pattern.restriction(s) in COLOURS)
    if solo:
        return colours <= 1 and len(broken) - colours <= 1
    return least_spent(pattern, window) <= pattern.favor


@bound(
    "sagrada-highest-score",
    "Sagrada: the highest final score",
    (
        "A final score is at most the bound, over every pattern, deal and use of the tools: "
        "only the leading public cards let a window score enough (any window, Z3), a window "
        "that does has a forced shape (Z3), and no window of that shape scores more than the "
        "bound on any of the 24 patterns (Z3, each pattern). A witness game reaches the bound."
    ),
    (
        "sagrada:SCORE-01",
        "sagrada:SCORE-02",
        "sagrada:SCORE-03",
        "sagrada:SCORE-04",
        "sagrada:SOLO-01",
        "sagrada:SOLO-03",
        "sagrada:SOLO-06",
        "sagrada:RUL-01",
        "sagrada:RUL-11",
        "sagrada:SETUP-03",
        "sagrada:FAVOR-02",
        "sagrada:FAVOR-04",
        "sagrada:TOOL-02",
        "sagrada:TOOL-03",
        "sagrada:PLACE-06",
        "sagrada:PLACE-07",
    ),
    variants=(("2 to 4 players", (False,)), ("solo game", (True,))),
    game="sagrada",
    scopes=("shipped",),
)
def highest_score(p: Prover, scope: Scope, solo: bool) -> Bound:
    """The highest final score over every pattern, deal and use of the tools, and a game that
    reaches it (module description)."""
    score_ties(p, solo)
    del scope
    high, needed, leaders = HIGHEST[solo], NEEDED[solo], LEADERS[solo]
    tokens = "no token" if solo else f"at most {TOKENS} tokens left"
    window, cards, points = relaxed(solo)
    others = [z3.Not(z3.And(*(cards[n - 1] for n in chosen))) for chosen, _ in leaders]
    p.claim(
        f"on any window, with any {'2' if solo else '3'} public cards but "
        + " or ".join(_names(chosen) for chosen, _ in leaders)
        + f": W is at most {needed - 1}, so with {tokens} a final score is at most {high}",
        [*window.premises, *others, points.at_least(needed)],
        False,
        _show(window, cards, points),
        "pb",
    )
    for chosen, shape in leaders:
        window, cards, points = relaxed(solo)
        p.claim(
            f"on any window, with {_names(chosen)}: W of {needed} or more needs {shape.describe()}",
            [*window.premises, *fix_cards(cards, chosen), points.at_least(needed)],
            shape.holds(window, _PURPLE),
            _show(window, cards, points),
            "pb",
        )
        cases = []
        for pattern in PATTERNS:
            check_interrupt()  # building the 24 models takes seconds: Ctrl-C stops it here
            model, premises = beyond(pattern, solo, chosen, shape, high)
            cases.append((premises, z3.BoolVal(False, model.window.ctx), model.describe()))
        p.claim_each(
            f"on each of the 24 patterns, with {_names(chosen)} and any private colour: "
            f"a window of that shape scores at most {high}",
            cases,
            "pb",
        )
    pattern, best = best_found(solo)
    found = final_score(pattern, best, solo)
    left = (
        "" if solo else f", {pattern.favor - least_spent(pattern, parse(best.window))} tokens left"
    )
    broken = restriction_breaks(pattern, parse(best.window))
    p.fact(
        f"a game on {pattern.name} scores {found}, the bound",
        legal(pattern, best, solo) and found == high,
        [
            *render(parse(best.window)),
            f"public cards: {_names(best.cards)}; private colour {best.colour}{left}",
            f"spaces against the pattern (moved there by a tool): {list(broken) or 'none'}",
            f"score {found}",
        ],
    )
    model = final_model(pattern, solo)
    p.witness(
        f"the model of a final score on {pattern.name} scores that game {found}",
        [*model.premises, *model.fix(best)],
        model.score.at_least(found),
        model.describe(),
        keys=[],
    )
    return Bound(f"at most {high}, reached on {pattern.name}", {"high": high})
