"""The solo game's target score: the sum of the values of the dice on the round track.

**The argument.** Each round draws 4 dice (sagrada:SOLO-02); Flux Remover puts one die into the bag
and draws one (sagrada:TOOL-11), so 40 dice leave the bag in a game. At the end none is in the pool
or in hand (sagrada:ROUND-04, sagrada:RUL-14), so each of the 40 lies in the window, on the round
track, or was paid for a tool (sagrada:SOLO-03): ``window + track + paid = 40``. Per round: every
die that reaches the window is drafted (a draft places at most one die: the drafted one, or the one
Lens Cutter or Flux Remover gives in exchange, sagrada:TOOL-05, sagrada:TOOL-11), and a round has at
most 2 drafts (one per turn, sagrada:TURN-03; Running Pliers adds one but skips the second turn,
sagrada:TOOL-08); a turn uses at most one tool (sagrada:FAVOR-01), so at most 2 dice are paid per
round; and each of the ``t`` tools is used at most once (sagrada:SOLO-03), so at most ``t`` dice are
paid in a game. Every die on the track shows 1 to 6 (sagrada:SOLO-04: values never change there; a
changed die keeps a value 1 to 6). So the model: per round ``placed <= 2``, ``paid <= 2``,
``placed + paid <= 4``; ``sum(paid) <= t``; the track holds ``40 - sum(placed) - sum(paid)``
dice; the target lies between that number and 6 times it.
"""

from __future__ import annotations

import z3

from proofs.bounds import bound
from proofs.figures import Scope
from proofs.harness import Bound, Evaluate, Prover, Term, all_of, total
from proofs.sagrada.engine import target_tie
from proofs.sagrada.figures import ROUNDS, SOLO_POOL

__all__ = ["target_range"]


def _model(tools: int) -> tuple[list[Term], list[z3.ArithRef], list[z3.ArithRef], Term, Term]:
    placed = [z3.Int(f"placed_{r + 1}") for r in range(ROUNDS)]
    paid = [z3.Int(f"paid_{r + 1}") for r in range(ROUNDS)]
    track, target = z3.Int("track_dice"), z3.Int("target")
    premises: list[Term] = []
    for p, q in zip(placed, paid, strict=True):
        premises += [p >= 0, p <= 2, q >= 0, q <= 2, p + q <= SOLO_POOL]
    premises += [
        total(paid) <= tools,
        track == ROUNDS * SOLO_POOL - total(placed) - total(paid),
        target >= track,
        target <= 6 * track,
    ]
    return premises, placed, paid, track, target


@bound(
    "sagrada-target",
    "Sagrada: the solo target score",
    (
        "With t tools in play, the target score of a solo game lies between 20 - t and 240 "
        "(module docstring: 40 dice leave the bag; at most 20 reach the window and t are "
        "paid for tools; each die on the track shows 1 to 6). Both ends are attained by a "
        "plan of the model: every round 2 dice placed, one die paid in each of t rounds, "
        "every die on the track a 1; and every die left on the track, each a 6."
    ),
    (
        "sagrada:SOLO-02",
        "sagrada:SOLO-03",
        "sagrada:SOLO-04",
        "sagrada:SOLO-05",
        "sagrada:ROUND-04",
        "sagrada:TURN-03",
        "sagrada:FAVOR-01",
        "sagrada:TOOL-05",
        "sagrada:TOOL-08",
        "sagrada:TOOL-11",
        "sagrada:RUL-14",
    ),
    variants=tuple((f"{t} tool{'s' if t > 1 else ''}", (t,)) for t in range(1, 6)),
    game="sagrada",
    scopes=("shipped",),
)
def target_range(p: Prover, scope: Scope, tools: int) -> Bound:
    """The lowest and highest target score of a solo game with ``tools`` tools."""
    target_tie(p)
    del scope
    premises, placed, paid, track, target = _model(tools)
    low, high = ROUNDS * SOLO_POOL - 2 * ROUNDS - tools, 6 * ROUNDS * SOLO_POOL

    def show(evaluate: Evaluate) -> list[str]:
        rounds = " ".join(f"{evaluate(a)}/{evaluate(b)}" for a, b in zip(placed, paid, strict=True))
        return [
            f"placed/paid per round: {rounds}",
            f"track dice {evaluate(track)}, target {evaluate(target)}",
        ]

    p.claim(
        f"{low} <= target <= {high}",
        premises,
        all_of(target >= low, target <= high),
        show,
    )
    plan_low = [2] * ROUNDS, [1] * tools + [0] * (ROUNDS - tools)
    for text, plan, value in (
        (f"a game whose target is {low}", plan_low, low),
        (f"a game whose target is {high}", ([0] * ROUNDS, [0] * ROUNDS), high),
    ):
        fixed = [a == x for a, x in zip(placed, plan[0], strict=True)] + [
            b == y for b, y in zip(paid, plan[1], strict=True)
        ]
        p.witness(text, [*premises, *fixed], target == value, show, keys=[])
    return Bound(f"{low} <= target <= {high}", {"low": low, "high": high})
