"""One completed strip: its colour bonus, and all the points of one completion.

Model (DONE-01 to DONE-06, PLACE-06, FIG-09): a completed face holds one piece on each of its
spaces; a colour space holds its own colour and a joker space any colour (the *joker fill*).
The colour bonus is the number of pieces of the round's colour (DONE-02). The kept piece goes to
the target window (DONE-04, DONE-05), which then scores its value plus the value of every window
to its right that holds a piece (DONE-06). The face completed first in a slot is the face that
was up at setup, which is never the joker face (SETUP-04, DONE-04).

>>> completed((3, 1, 1, 0, 0), (0, 0, 0, 0, 0))
(3, 1, 1, 0, 0)
>>> window_points((4, 3, 2, 3, 1, 2, 1, 2), [False] * 5 + [True] * 3, 5)
5
"""

from __future__ import annotations

from collections.abc import Sequence

import z3

from proofs.harness import Bound, Evaluate, Prover, Term, all_of, ite, select, total
from proofs.tables import Face, Figures, Scope, figures
from sintra_rules.components import Side, default_components

__all__ = [
    "colour_bonus",
    "completed",
    "completion_points",
    "face_text",
    "pick_face",
    "window_points",
]


def completed(counts: Sequence[Term], fill: Sequence[Term]) -> tuple[Term, ...]:
    """Pieces per colour on a completed face: its colour spaces plus the joker fill."""
    return tuple(n + y for n, y in zip(counts, fill, strict=True))


def window_points(values: Sequence[Term], occupied: Sequence[Term], target: Term) -> Term:
    """Points for furnishing window ``target`` (DONE-06): its value plus the value of every
    window to its right that holds a piece (``occupied`` already counts the new piece)."""
    right = total(ite(all_of(w > target, occupied[w]), values[w], 0) for w in range(len(values)))
    return select(values, target) + right


def pick_face(fig: Figures, index: Term) -> Face:
    """Face ``index`` (``2 * strip + face``) of the strip set, for a number or a Z3 term."""
    flat = [face for strip in fig.faces for face in strip]
    counts = tuple(select([f.counts[c] for f in flat], index) for c in range(fig.colours))
    return Face(counts, select([f.jokers for f in flat], index))


def _codes() -> tuple[str, ...]:
    return default_components().colour_codes


def face_text(fig: Figures, value: Evaluate, index: Term, fill: Sequence[Term] = ()) -> str:
    """A face as text (``BBBGO``, ``JJBGO``), with its joker fill when given."""
    codes = _codes()
    i = value(index)
    if fig.scope == "shipped":
        text = default_components().strips[i // 2][i % 2]
        where = f"strip {i // 2 + 1} face {i % 2 + 1} {text}"
    else:
        face = fig.faces[i // 2][i % 2]
        text = "".join(codes[c] * value(face.counts[c]) for c in range(fig.colours))
        where = f"strip {i // 2 + 1} face {i % 2 + 1} {text + 'J' * value(face.jokers)}"
    filled = "".join(codes[c] * value(n) for c, n in enumerate(fill))
    return where + (f" (jokers hold {filled})" if filled else "")


def _fill(name: str, fig: Figures, face: Face) -> tuple[list[z3.ArithRef], list[Term]]:
    fill = [z3.Int(f"{name}_joker_{c}") for c in range(fig.colours)]
    return fill, [*(y >= 0 for y in fill), total(fill) == face.jokers]


def best_bonus(fig: Figures) -> int:
    """The largest colour bonus of one face: its most frequent colour plus its jokers (a number
    for the shipped table; for every admissible table, the 5 spaces of a face)."""
    if fig.scope == "admissible":
        return fig.spaces
    return int(max(max(f.counts) + f.jokers for strip in fig.faces for f in strip))


def colour_bonus(p: Prover, scope: Scope) -> Bound:
    """The colour bonus of one completion lies in ``0 .. best`` (DONE-02, PLACE-06, ROUND-05)."""
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
            f"round colour {_codes()[value(colour)]}: colour bonus {value(bonus)}",
        ]

    keys = [index, colour, *fill, *face.counts, face.jokers]
    p.claim(f"0 <= colour bonus <= {high}", premises, all_of(bonus >= 0, bonus <= high), show)
    p.witness(f"a colour bonus of {high}", premises, bonus == high, show, keys)
    p.witness("a colour bonus of 0", premises, bonus == 0, show, keys)
    return Bound(f"0 <= colour bonus <= {high}", {"low": 0, "high": high})


def completion_points(p: Prover, scope: Scope, side: Side) -> Bound:
    """All the points of one completion: colour bonus plus window points (DONE-02, DONE-06,
    FIG-04, FIG-05), exact least and largest values."""
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
            f"round colour {_codes()[value(colour)]}: colour bonus {value(bonus)}, "
            f"window points {value(points - bonus)}, in all {value(points)}",
        ]

    keys = [target, *pieces, index, colour, *fill, *face.counts, face.jokers, *values]
    p.claim(f"{low} <= points <= {high}", premises, all_of(points >= low, points <= high), show)
    p.witness(f"a completion worth {high}", premises, points == high, show, keys)
    p.witness(f"a completion worth {low}", premises, points == low, show, keys)
    return Bound(f"{low} <= points of one completion <= {high}", {"low": low, "high": high})
