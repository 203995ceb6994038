"""The final scoring bonuses as terms: leftover pieces, side A ornaments and side B colours.

Model: window ``w`` holds ``pieces[w]`` pieces (0, 1 or 2; DONE-04, DONE-05); a window with 2
pieces has no strip above it. The strip in a slot holds at most 4 pieces between turns (proved
here by induction over the transitions). The kept piece of a completion is a piece of the
completed face (DONE-03), so its colour is one of the face's colours or, with a joker face, any
colour (PLACE-06).

>>> ornament_bonus([2, 2, 1, 1, 0, 0, 2, 0], (0, 0, 1, 1, 2, 2, 3, 3), (0, 0, 3, 6, 10))
16
>>> side_b_bonus([2, 2, 1, 0], [1, 1, 1, 0], [1, 2, 0, 0], 5)
8
>>> leftover_points([4, 4, 3, 0])
3
"""

from __future__ import annotations

from collections.abc import Sequence

import z3

from proofs.figures import Face, Figures
from proofs.harness import Term, all_of, any_of, count, div, ite, select, total
from proofs.models.faces import pick_face

__all__ = [
    "best_of",
    "keepable",
    "leftover_points",
    "ornament_bonus",
    "setup_faces",
    "side_b",
    "side_b_bonus",
    "side_b_bound",
    "times",
    "window_pieces",
]


def leftover_points(pieces: Sequence[Term]) -> Term:
    """One point per 3 pieces left on all strips together (FINAL-02, RUL-15)."""
    return div(total(pieces), 3)


def ornament_bonus(
    pieces: Sequence[Term], ornament_of: Sequence[Term], points: Sequence[int], ornaments: int = 4
) -> Term:
    """Side A bonus (FINAL-04, FIG-07): per ornament, the points for its filled frame spaces."""
    return total(
        select(points, total(ite(o == k, n, 0) for n, o in zip(pieces, ornament_of, strict=True)))
        for k in range(ornaments)
    )


def best_of(terms: Sequence[Term]) -> Term:
    """The largest of the terms."""
    best = terms[0]
    for term in terms[1:]:
        best = ite(term > best, term, best)
    return best


def times(small: Term, other: Term, most: int) -> Term:
    """``small * other`` for ``0 <= small <= most`` (linear for Z3: one case per value)."""
    if not isinstance(small, z3.ExprRef) and not isinstance(other, z3.ExprRef):
        return small * other
    return total(ite(small == i, i * other, 0) for i in range(most + 1))


def side_b_bonus(
    pieces: Sequence[Term], top: Sequence[Term], bottom: Sequence[Term], colours: int
) -> Term:
    """Side B bonus (FINAL-05, RUL-14): complete windows times the pieces of the best colour on
    all windows; ``top``/``bottom`` are the colours of the frame pieces (read when present)."""
    complete = count(n == 2 for n in pieces)
    per = [
        count(all_of(n >= 1, k == c) for n, k in zip(pieces, top, strict=True))
        + count(all_of(n == 2, k == c) for n, k in zip(pieces, bottom, strict=True))
        for c in range(colours)
    ]
    return times(complete, best_of(per), len(pieces))


def keepable(face: Face, colour: Term) -> Term:
    """Whether a completed face can hold (so keep, DONE-03) a piece of ``colour``."""
    return any_of(face.jokers >= 1, select(face.counts, colour) >= 1)


def setup_faces(
    fig: Figures, name: str
) -> tuple[list[z3.ArithRef], list[tuple[Face, Face]], list[Term]]:
    """Per strip: which face was up at setup (never the joker face, SETUP-04), and the two
    faces in the order they are completed (DONE-04 turns the strip over)."""
    up = [z3.Int(f"{name}{s + 1}_setup_face") for s in range(fig.windows)]
    ordered: list[tuple[Face, Face]] = []
    premises: list[Term] = []
    for s, a in enumerate(up):
        first = pick_face(fig, 2 * s + a)
        second = pick_face(fig, 2 * s + 1 - a)
        premises += [a >= 0, a <= 1, first.jokers == 0]
        ordered.append((first, second))
    return up, ordered, premises


def side_b_bound(fig: Figures) -> int:
    """Windows times the most pieces of one colour the 16 frame spaces can hold."""
    if fig.scope == "admissible":
        return fig.windows * 2 * fig.windows
    per = [
        sum(int(f.jokers > 0 or f.counts[c] > 0) for strip in fig.faces for f in strip)
        for c in range(fig.colours)
    ]
    return fig.windows * max(per)


def window_pieces(fig: Figures) -> tuple[list[z3.ArithRef], list[Term]]:
    """One count of pieces per window (0 to 2: top and bottom frame) and its premises."""
    pieces = [z3.Int(f"window{w + 1}_pieces") for w in range(fig.windows)]
    return pieces, [all_of(n >= 0, n <= 2) for n in pieces]


def side_b(fig: Figures) -> tuple[Term, list[Term], list[Term], Sequence[Term]]:
    """The side B model: bonus, premises, per-strip keys and the window pieces. The bonus does
    not depend on which slot a strip lies in (SETUP-03), so strip ``s`` stands in slot ``s``."""
    pieces, premises = window_pieces(fig)
    up, ordered, face_premises = setup_faces(fig, "strip")
    top = [z3.Int(f"window{w + 1}_top") for w in range(fig.windows)]
    bottom = [z3.Int(f"window{w + 1}_bottom") for w in range(fig.windows)]
    premises = [*fig.premises, *premises, *face_premises]
    for (first, second), kt, kb in zip(ordered, top, bottom, strict=True):
        premises += [kt >= 0, kt < fig.colours, kb >= 0, kb < fig.colours]
        premises += [keepable(first, kt), keepable(second, kb)]
    bonus = side_b_bonus(pieces, top, bottom, fig.colours)
    return bonus, premises, [*pieces, *up, *top, *bottom], pieces
