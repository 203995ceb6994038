"""The final scoring bonuses: leftover pieces, side A ornaments and side B colours.

The bonuses as terms are :mod:`proofs.models.endgame`; the leftover proof shows here, by
induction over the transitions, that a strip holds at most 4 pieces between turns.
"""

from __future__ import annotations

from collections.abc import Sequence

import z3

from proofs.bounds import bound
from proofs.figures import Scope, codes, figures
from proofs.harness import Bound, Evaluate, Prover, Term, all_of, any_of, ite, select
from proofs.models.endgame import (
    leftover_points,
    ornament_bonus,
    side_b,
    side_b_bound,
    window_pieces,
)
from proofs.models.engine import bonus_tie, leftover_tie

__all__ = ["leftover_bonus", "side_a_bonus", "side_b_bonus_proof"]


@bound(
    "leftover-bonus",
    "Leftover bonus",
    (
        "A strip holds at most 4 pieces between turns (a full strip is completed at once), so "
        "the 8 strips leave at most 32 pieces: at most 10 points."
    ),
    (
        "FINAL-02",
        "RUL-15",
        "RUL-19",
        "DONE-01",
        "PLACE-01",
        "PLACE-02",
        "PLACE-03",
        "PLACE-07",
        "DONE-04",
        "DONE-05",
    ),
)
def leftover_bonus(p: Prover, scope: Scope) -> Bound:
    """At most 4 pieces lie on a strip between turns (by induction over the takes), so the
    leftover bonus is at most ``8 * 4 // 3``."""
    leftover_tie(p, scope)
    fig = figures(scope)
    windows, most = fig.windows, fig.spaces - 1
    present = [z3.Bool(f"slot{w + 1}_has_strip") for w in range(windows)]
    held = [z3.Int(f"slot{w + 1}_pieces") for w in range(windows)]
    framed = [z3.Int(f"window{w + 1}_pieces") for w in range(windows)]

    def inv(has: Sequence[Term], on: Sequence[Term]) -> Term:
        return all_of(
            *(ite(h, all_of(n >= 0, n <= most), n == 0) for h, n in zip(has, on, strict=True))
        )

    glazier, target, placed = z3.Ints("glazier target placed")
    premises = [
        inv(present, held),
        *(
            all_of(n >= 0, n <= 2, (n == 2) == z3.Not(h))
            for n, h in zip(framed, present, strict=True)
        ),
        glazier >= 0,
        glazier <= target,  # PLACE-02: the strip under the glazier or one to its right
        target < windows,
        select(present, target),
        placed >= 1,
        placed <= fig.spaces - select(held, target),  # PLACE-07: only empty spaces take pieces
    ]
    full = select(held, target) + placed == fig.spaces  # DONE-01: checked under the glazier
    after_held = [ite(target == w, ite(full, 0, held[w] + placed), held[w]) for w in range(windows)]
    after_present = [
        ite(target == w, any_of(z3.Not(full), framed[w] == 0), present[w]) for w in range(windows)
    ]
    show = {
        "target": target,
        "placed": placed,
        **{f"slot {w + 1}": held[w] for w in range(windows)},
    }
    p.claim(
        "at setup every strip is empty",
        [],
        inv([True] * windows, [0] * windows),
        {f"slot {w + 1}": 0 for w in range(windows)},
    )
    p.claim(
        f"a take keeps every strip at <= {most} pieces (a reset or an all-break moves none)",
        premises,
        inv(after_present, after_held),
        show,
    )
    bound = windows * most // 3
    left = leftover_points(held)
    p.claim(
        f"so the leftover bonus is <= {bound}",
        [inv(present, held)],
        left <= bound,
        {**{f"slot {w + 1}": held[w] for w in range(windows)}, "bonus": left},
    )
    p.witness("a take that completes a strip", premises, full, show)
    p.witness(
        f"pieces on the strips worth a leftover bonus of {bound}",
        [inv(present, held)],
        left == bound,
        {**{f"slot {w + 1}": held[w] for w in range(windows)}, "leftover bonus": left},
    )
    return Bound(f"0 <= leftover bonus <= {bound}", {"low": 0, "high": bound, "strip": most})


@bound(
    "side-a-bonus",
    "Side A bonus",
    ("Four ornaments of at most 10 points each: the side A bonus lies in 0..40."),
    ("FINAL-04", "FIG-06", "FIG-07"),
)
def side_a_bonus(p: Prover, scope: Scope) -> Bound:
    """Side A bonus in ``0 .. 4 * 10``; both ends are attained."""
    bonus_tie(p, scope, "A")
    fig = figures(scope)
    pieces, premises = window_pieces(fig)
    premises = [*fig.premises, *premises]
    bonus = ornament_bonus(pieces, fig.ornament_of, fig.ornament_points, fig.ornaments)
    high = fig.ornaments * max(fig.ornament_points)

    def show(value: Evaluate) -> list[str]:
        return [
            "pieces per window: " + " ".join(str(value(n)) for n in pieces),
            "ornament of each window: " + " ".join(str(value(o) + 1) for o in fig.ornament_of),
            f"side A bonus {value(bonus)}",
        ]

    keys = [*pieces, *fig.ornament_of]
    p.claim(f"0 <= side A bonus <= {high}", premises, all_of(bonus >= 0, bonus <= high), show)
    p.witness(f"a side A bonus of {high}", premises, bonus == high, show, keys)
    p.witness("a side A bonus of 0", premises, bonus == 0, show, keys)
    return Bound(f"0 <= side A bonus <= {high}", {"low": 0, "high": high})


@bound(
    "side-b-bonus",
    "Side B bonus",
    (
        "Complete windows times the pieces of one colour on the windows, a kept piece being a "
        "piece of its completed face: exact maximum."
    ),
    ("FINAL-05", "RUL-14", "DONE-03", "DONE-04", "DONE-05", "SETUP-04", "PLACE-06", "FIG-09"),
)
def side_b_bonus_proof(p: Prover, scope: Scope) -> Bound:
    """Side B bonus: complete windows times one colour's pieces on the windows, exact
    maximum."""
    bonus_tie(p, scope, "B")
    fig = figures(scope)
    bonus, premises, keys, pieces = side_b(fig)
    high = side_b_bound(fig)
    letters = codes()
    top, bottom = keys[2 * fig.windows : 3 * fig.windows], keys[3 * fig.windows :]

    def show(value: Evaluate) -> list[str]:
        frames = []
        for w, n in enumerate(pieces):
            got = value(n)
            frames.append(
                (letters[value(top[w])] if got >= 1 else "-")
                + (letters[value(bottom[w])] if got == 2 else "-")
            )
        return [
            "frames per window (top, bottom; - empty): " + " ".join(frames),
            f"side B bonus {value(bonus)}",
        ]

    p.claim(f"0 <= side B bonus <= {high}", premises, all_of(bonus >= 0, bonus <= high), show)
    p.witness(f"a side B bonus of {high}", premises, bonus == high, show, keys)
    p.witness("a side B bonus of 0", premises, bonus == 0, show, keys)
    return Bound(f"0 <= side B bonus <= {high}", {"low": 0, "high": high})
