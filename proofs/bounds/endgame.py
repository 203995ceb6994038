"""Final scoring bonuses: leftover pieces, side A ornaments and side B colours.

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

from proofs.completion import pick_face
from proofs.harness import (
    Bound,
    Evaluate,
    Prover,
    Term,
    all_of,
    any_of,
    count,
    div,
    ite,
    select,
    total,
)
from proofs.tables import Face, Figures, Scope, figures
from sintra_rules.components import default_components

__all__ = [
    "best_of",
    "keepable",
    "leftover_bonus",
    "leftover_points",
    "ornament_bonus",
    "side_a_bonus",
    "side_b_bonus",
    "side_b_bound",
    "times",
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


def _setup_faces(
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


def _window_pieces(fig: Figures) -> tuple[list[z3.ArithRef], list[Term]]:
    pieces = [z3.Int(f"window{w + 1}_pieces") for w in range(fig.windows)]
    return pieces, [all_of(n >= 0, n <= 2) for n in pieces]


def side_a_bonus(p: Prover, scope: Scope) -> Bound:
    """Side A bonus in ``0 .. 4 * 10`` (FINAL-04, FIG-06, FIG-07)."""
    fig = figures(scope)
    pieces, premises = _window_pieces(fig)
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


def side_b(fig: Figures) -> tuple[Term, list[Term], list[Term], Sequence[Term]]:
    """The side B model: bonus, premises, per-strip keys and the window pieces. The bonus does
    not depend on which slot a strip lies in (SETUP-03), so strip ``s`` stands in slot ``s``."""
    pieces, premises = _window_pieces(fig)
    up, ordered, face_premises = _setup_faces(fig, "strip")
    top = [z3.Int(f"window{w + 1}_top") for w in range(fig.windows)]
    bottom = [z3.Int(f"window{w + 1}_bottom") for w in range(fig.windows)]
    premises = [*fig.premises, *premises, *face_premises]
    for (first, second), kt, kb in zip(ordered, top, bottom, strict=True):
        premises += [kt >= 0, kt < fig.colours, kb >= 0, kb < fig.colours]
        premises += [keepable(first, kt), keepable(second, kb)]
    bonus = side_b_bonus(pieces, top, bottom, fig.colours)
    return bonus, premises, [*pieces, *up, *top, *bottom], pieces


def side_b_bonus_proof(p: Prover, scope: Scope) -> Bound:
    """Side B bonus: complete windows times one colour's pieces on the windows (FINAL-05,
    RUL-14, DONE-03 to DONE-05, SETUP-04, FIG-09), exact maximum."""
    fig = figures(scope)
    bonus, premises, keys, pieces = side_b(fig)
    high = side_b_bound(fig)
    codes = default_components().colour_codes
    top, bottom = keys[2 * fig.windows : 3 * fig.windows], keys[3 * fig.windows :]

    def show(value: Evaluate) -> list[str]:
        frames = []
        for w, n in enumerate(pieces):
            got = value(n)
            frames.append(
                (codes[value(top[w])] if got >= 1 else "-")
                + (codes[value(bottom[w])] if got == 2 else "-")
            )
        return [
            "frames per window (top, bottom; - empty): " + " ".join(frames),
            f"side B bonus {value(bonus)}",
        ]

    p.claim(f"0 <= side B bonus <= {high}", premises, all_of(bonus >= 0, bonus <= high), show)
    p.witness(f"a side B bonus of {high}", premises, bonus == high, show, keys)
    p.witness("a side B bonus of 0", premises, bonus == 0, show, keys)
    return Bound(f"0 <= side B bonus <= {high}", {"low": 0, "high": high})


def leftover_bonus(p: Prover, scope: Scope) -> Bound:
    """At most 4 pieces lie on a strip between turns (DONE-01, RUL-19, PLACE-01, PLACE-03,
    DONE-04, DONE-05), so the leftover bonus is at most ``8 * 4 // 3`` (FINAL-02, RUL-15)."""
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
