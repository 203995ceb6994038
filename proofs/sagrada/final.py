"""The lowest final score (a game of 2 to 4 players, and the solo game), and the model of a
final score on a pattern.

The model is what :mod:`proofs.sagrada.search` searches for the best final score on each
pattern (``python -m proofs.sagrada.search multi solo``) and what
:mod:`proofs.sagrada.highest` proves the highest final score on (step 3 of that proof).

**The model of a final score** (one player; the other players play no part in it):

* the player's window obeys the neighbour bans (sagrada:PLACE-06, sagrada:PLACE-07: no tool waives
  them, sagrada:RUL-01) and the pattern's restrictions (sagrada:PLACE-03, sagrada:PLACE-04) except
  on *broken* spaces;
* the public cards are any 3 of the 10 (the solo game: any 2), the private colour any of the 5
  (the solo game counts the better of its 2 private cards, sagrada:RUL-11, so at most the best
  colour);
* a game of 2 to 4 players: the unspent favor tokens are the pattern's difficulty
  (sagrada:SETUP-03) less the tokens spent (sagrada:FAVOR-04, sagrada:SCORE-03). A die breaks its
  space's colour restriction only if Eglomise Brush moved it there, its value restriction only if
  Copper Foil Burnisher did (sagrada:TOOL-02, sagrada:TOOL-03: every other placement and move obeys
  the restrictions, sagrada:TOOL-13, and a die's value never changes in the window); each use moves
  one die and costs 1 token at the card's first use in the game, 2 after (sagrada:FAVOR-02).
  So ``n >= 1`` colour spaces broken cost at least ``2n - 1`` tokens, and as much again for
  value spaces, within the difficulty (sagrada:FAVOR-03);
* the solo game: at most one space broken by its colour and one by its value, since each
  tool is used at most once (sagrada:SOLO-03); no favor tokens (sagrada:SOLO-01);
* the score: sagrada:SCORE-01 (public points, private points, tokens, minus 1 per empty space), or
  sagrada:SOLO-06 (minus 3 per empty space).

Every final score of a game is a score of this model (it leaves out the draft, the pool and
the other players, so it allows more than a game), so its bounds hold for every game.

The lowest scores need no search: every part is at least 0 except the empty spaces, at most
20; a player may pass every turn (sagrada:TURN-01) and spend every token (or, solo, hold none).
"""

from __future__ import annotations

import attrs
import z3

from proofs.bounds import bound
from proofs.figures import Scope
from proofs.harness import Bound, Describe, Evaluate, Prover
from proofs.sagrada.engine import score_ties
from proofs.sagrada.figures import COLOURS, PUBLICS, SPACES, Pattern
from proofs.sagrada.window import (
    Score,
    Window,
    WindowModel,
    parse,
    private_points,
    public_points,
    render,
    restriction_breaks,
    show_window,
)
from proofs.sagrada.witnesses import Best

__all__ = [
    "FinalModel",
    "final_model",
    "final_score",
    "least_spent",
    "lowest_score",
]


@attrs.frozen
class FinalModel:
    """The model of one player's final score on a pattern: the window, the chosen public cards
    (one Boolean per card), the private colour (one Boolean per colour), the broken spaces
    and the score."""

    window: WindowModel
    cards: tuple[z3.BoolRef, ...]
    colours: tuple[z3.BoolRef, ...]
    broken: dict[int, z3.BoolRef]
    score: Score
    solo: bool

    @property
    def premises(self) -> list[z3.BoolRef]:
        """What the model obeys."""
        return self.window.premises

    def fix(self, best: Best) -> list[z3.BoolRef]:
        """The model holds the witness ``best``."""
        colour = COLOURS.index(best.colour)
        return [
            *self.window.fix(parse(best.window)),
            *(c if n in best.cards else z3.Not(c) for n, c in enumerate(self.cards, 1)),
            *(c if k == colour else z3.Not(c) for k, c in enumerate(self.colours)),
        ]

    def describe(self) -> Describe:
        """Renders a model: the window, the cards, the colour, the broken spaces, the score."""

        def extra(evaluate: Evaluate) -> list[str]:
            cards = [PUBLICS[n].name for n, c in enumerate(self.cards) if evaluate(c)]
            colour = [COLOURS[k] for k, c in enumerate(self.colours) if evaluate(c)]
            broken = sorted(s for s, b in self.broken.items() if evaluate(b))
            return [
                f"public cards: {', '.join(cards)}; private colour {''.join(colour)}",
                f"broken spaces: {broken or 'none'}; score {self.score.value(evaluate)}",
            ]

        return show_window(self.window, extra)


def final_model(
    pattern: Pattern, solo: bool, tools: bool = True, ctx: z3.Context | None = None
) -> FinalModel:
    """The model of a final score on ``pattern`` (module docstring); without ``tools``, every
    die obeys the pattern's restrictions. ``ctx``: the Z3 context of its Booleans (default
    Z3's main one)."""
    window = WindowModel(ctx=ctx)
    broken = window.waivable(pattern) if tools else {}
    if not tools:
        window.obey(pattern)
    cards = tuple(z3.Bool(f"card{card.number}", ctx) for card in PUBLICS)
    colours = tuple(z3.Bool(f"private_{code}", ctx) for code in COLOURS)
    window.premises.append(z3.PbEq([(c, 1) for c in cards], 2 if solo else 3))
    window.premises.append(z3.PbEq([(c, 1) for c in colours], 1))
    score = Score()
    for card, chosen in zip(PUBLICS, cards, strict=True):
        score += window.public(card.number, chosen)
    score += window.private(colours)
    if solo:
        for kind in (COLOURS, "123456"):
            spaces = [b for s, b in broken.items() if pattern.restriction(s) in kind]
            if spaces:
                window.premises.append(z3.AtMost(*spaces, 1))
        score += window.dice(3).plus(-3 * SPACES)
    else:
        # The tokens spent on the moves that broke restrictions: a colour space broken needs
        # Eglomise Brush, a value space Copper Foil Burnisher; each card costs 1 at its first
        # use in the game and 2 after (sagrada:FAVOR-02), so n spaces broken by one card cost at
        # least 2n - 1 tokens (``first`` may hold only if the card broke a space).
        spent: list[tuple[z3.BoolRef, int]] = []
        for kind in (COLOURS, "123456"):
            spaces = [b for s, b in broken.items() if pattern.restriction(s) in kind]
            if spaces:
                first = window.fresh("first_use")
                window.premises.append(z3.Implies(first, z3.Or(*spaces)))
                spent += [(b, 2) for b in spaces] + [(first, -1)]
        cost = Score(tuple(spent))
        if spent:
            window.premises.append(cost.at_most(pattern.favor))
        score += Score(tuple((t, -w) for t, w in spent), pattern.favor)
        score += window.dice(1).plus(-SPACES)
    return FinalModel(window, cards, colours, broken, score, solo)


def least_spent(pattern: Pattern, window: Window) -> int:
    """The fewest favor tokens the moves that broke the window's restrictions cost: ``2n - 1``
    for ``n >= 1`` colour spaces broken (Eglomise Brush: 1 at its first use, then 2), the same
    for value spaces (Copper Foil Burnisher)."""
    broken = restriction_breaks(pattern, window)
    colours = sum(1 for s in broken if pattern.restriction(s) in COLOURS)
    return sum(2 * n - 1 for n in (colours, len(broken) - colours) if n)


def final_score(pattern: Pattern, best: Best, solo: bool) -> int:
    """The final score of a witness, in plain Python: public and private points, tokens left
    (the difficulty less :func:`least_spent`; none in the solo game), less 1 per empty space
    (the solo game: 3)."""
    window = parse(best.window)
    points = sum(public_points(n, window) for n in best.cards)
    points += private_points(COLOURS.index(best.colour), window)
    empty = sum(1 for d in window if d is None)
    if solo:
        return points - 3 * empty
    return points + pattern.favor - least_spent(pattern, window) - empty


@bound(
    "sagrada-lowest-score",
    "Sagrada: the lowest final score",
    (
        "Every part of a final score is at least 0 except the empty spaces, which cost at "
        "most 20 points (the solo game: 60). The empty window with no token left reaches it: "
        "a player may pass every turn, and spend the tokens on Glazing Hammer, which needs no "
        "die in the window."
    ),
    (
        "sagrada:SCORE-01",
        "sagrada:SCORE-03",
        "sagrada:SCORE-04",
        "sagrada:SOLO-06",
        "sagrada:TURN-01",
        "sagrada:TOOL-07",
    ),
    variants=(("2 to 4 players", (False,)), ("solo game", (True,))),
    game="sagrada",
    scopes=("shipped",),
)
def lowest_score(p: Prover, scope: Scope, solo: bool) -> Bound:
    """The lowest final score, over every pattern and every deal."""
    score_ties(p, solo)
    del scope
    per_space = 3 if solo else 1
    low = -per_space * SPACES
    window = WindowModel()
    cards = tuple(z3.Bool(f"card{card.number}") for card in PUBLICS)
    colours = tuple(z3.Bool(f"private_{code}") for code in COLOURS)
    window.premises.append(z3.PbEq([(c, 1) for c in cards], 2 if solo else 3))
    window.premises.append(z3.PbEq([(c, 1) for c in colours], 1))
    score = Score()
    for card, chosen in zip(PUBLICS, cards, strict=True):
        score += window.public(card.number, chosen)
    score += window.private(colours) + window.dice(per_space).plus(low)

    def extra(evaluate: Evaluate) -> list[str]:
        return [f"score with no token left {score.value(evaluate)}"]

    p.claim(
        f"a final score is at least {low} (with no token left; tokens only add)",
        window.premises,
        score.at_least(low),
        show_window(window, extra),
        "pb",
    )
    empty: Window = (None,) * SPACES
    p.fact(
        f"the empty window scores {low} with no token left",
        sum(public_points(card.number, empty) for card in PUBLICS) == 0
        and all(private_points(k, empty) == 0 for k in range(len(COLOURS))),
        [*render(empty), f"score {low}"],
    )
    p.witness(
        f"the model scores the empty window {low}",
        [*window.premises, *window.fix(empty)],
        score.exactly(low),
        show_window(window, extra),
        keys=[],
    )
    return Bound(f"at least {low}", {"low": low})
