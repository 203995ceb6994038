"""The points of one completion: its colour bonus, and colour bonus plus window points.

The model of a completed face is :mod:`proofs.models.faces`.
"""

from __future__ import annotations

import z3

from proofs.bounds import SIDES, bound
from proofs.figures import Face, Figures, Scope, codes, figures
from proofs.harness import Bound, Evaluate, Prover, Term, all_of, select, total
from proofs.models.engine import colour_tie, window_tie
from proofs.models.faces import best_bonus, completed, face_text, pick_face, window_points
from sintra_rules.games.sintra.components import Side

__all__ = ["colour_bonus", "completion_points"]


def _fill(name: str, fig: Figures, face: Face) -> tuple[list[z3.ArithRef], list[Term]]:
    fill = [z3.Int(f"{name}_joker_{c}") for c in range(fig.colours)]
    return fill, [*(y >= 0 for y in fill), total(fill) == face.jokers]


@bound(
    "colour-bonus",
    "Colour bonus of one completion",
    (
        "The colour bonus of a completed strip (its pieces of the round's colour, jokers "
        "counted by their own colour) lies between 0 and the best a face can hold."
    ),
    ("DONE-02", "PLACE-06", "ROUND-05", "FIG-09"),
)
def colour_bonus(p: Prover, scope: Scope) -> Bound:
    """The colour bonus of one completion lies in ``0 .. best``; both ends are attained."""
    colour_tie(p, scope)
    fig = figures(scope)
    index, colour = z3.Ints("face round_colour")
    face = pick_face(fig, index)
    fill, fill_premises = _fill("completed", fig, face)
    premises = [
        *fig.premises,
        index >= 0,
        index < 2 * fig.windows,
        colour >= 0,
        colour < fig.colours,
        *fill_premises,
    ]
    bonus = select(completed(face.counts, fill), colour)
    high = best_bonus(fig)

    def show(value: Evaluate) -> list[str]:
        return [
            f"completed {face_text(fig, value, index, fill)}",
            f"round colour {codes()[value(colour)]}: colour bonus {value(bonus)}",
        ]

    keys = [index, colour, *fill, *face.counts, face.jokers]
    p.claim(f"0 <= colour bonus <= {high}", premises, all_of(bonus >= 0, bonus <= high), show)
    p.witness(f"a colour bonus of {high}", premises, bonus == high, show, keys)
    p.witness("a colour bonus of 0", premises, bonus == 0, show, keys)
    return Bound(f"0 <= colour bonus <= {high}", {"low": 0, "high": high})


@bound(
    "completion-points",
    "Points of one completion",
    (
        "Colour bonus plus window points (the window's value and that of every window to its "
        "right holding a piece): exact least and largest values."
    ),
    ("DONE-01", "DONE-02", "DONE-04", "DONE-05", "DONE-06", "SETUP-04", "FIG-04", "FIG-05"),
    variants=SIDES,
)
def completion_points(p: Prover, scope: Scope, side: Side) -> Bound:
    """All the points of one completion: colour bonus plus window points, exact least and
    largest values."""
    colour_tie(p, scope)
    window_tie(p, scope, side)
    fig = figures(scope)
    values = fig.values[side]
    windows = fig.windows
    pieces = [z3.Int(f"window{w + 1}_pieces_before") for w in range(windows)]
    target, index, colour = z3.Ints("target face round_colour")
    face = pick_face(fig, index)
    fill, fill_premises = _fill("completed", fig, face)
    premises = [
        *fig.premises,
        *(all_of(n >= 0, n <= 2) for n in pieces),
        target >= 0,
        target < windows,
        select(pieces, target) <= 1,  # DONE-05: a complete window has no strip above it
        z3.Implies(select(pieces, target) == 0, face.jokers == 0),  # SETUP-04
        index >= 0,
        index < 2 * windows,
        colour >= 0,
        colour < fig.colours,
        *fill_premises,
    ]
    occupied = [z3.Or(pieces[w] >= 1, target == w) for w in range(windows)]
    bonus = select(completed(face.counts, fill), colour)
    points = bonus + window_points(values, occupied, target)
    low_value, high_value = fig.value_range
    if scope == "shipped":
        low = min(values)
        high = best_bonus(fig) + max(sum(values[t:]) for t in range(windows))
    else:
        low, high = low_value, best_bonus(fig) + windows * high_value

    def show(value: Evaluate) -> list[str]:
        before = " ".join(str(value(n)) for n in pieces)
        return [
            f"pieces in windows 1-{windows} before: {before}; window values "
            + " ".join(str(value(v)) for v in values),
            f"completes {face_text(fig, value, index, fill)} above window {value(target) + 1}",
            f"round colour {codes()[value(colour)]}: colour bonus {value(bonus)}, "
            f"window points {value(points - bonus)}, in all {value(points)}",
        ]

    keys = [target, *pieces, index, colour, *fill, *face.counts, face.jokers, *values]
    p.claim(f"{low} <= points <= {high}", premises, all_of(points >= low, points <= high), show)
    p.witness(f"a completion worth {high}", premises, points == high, show, keys)
    p.witness(f"a completion worth {low}", premises, points == low, show, keys)
    return Bound(f"{low} <= points of one completion <= {high}", {"low": low, "high": high})
