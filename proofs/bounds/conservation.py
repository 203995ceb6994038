"""Conservation of pieces: every transition the engine performs keeps the per-colour totals.

The places and the transitions are :mod:`proofs.models.pieces`.
"""

from __future__ import annotations

import functools

import z3

from proofs.bounds import bound
from proofs.figures import Scope, figures
from proofs.harness import Bound, Prover, Term, all_of, any_of, total
from proofs.models.pieces import (
    Piles,
    break_rest,
    complete,
    counts,
    end_round,
    example,
    place,
    refill_draw,
    refill_from_tower,
    show_change,
    take_centre,
    take_factory,
    whole_take,
)

__all__ = ["conservation"]


@bound(
    "conservation",
    "Conservation of pieces",
    (
        "Every transition the engine performs (take, place, break, complete, end of round, "
        "refill) keeps the number of pieces of each colour, and no count goes negative. Pieces "
        "taken but not yet placed or broken are counted 'in hand'; a whole take (take, place, "
        "break, complete) starts and ends with an empty hand."
    ),
    (
        "COMP-01",
        "TAKE-01",
        "TAKE-02",
        "PLACE-01",
        "PLACE-04",
        "PLACE-07",
        "DONE-03",
        "DONE-04",
        "DONE-05",
        "ROUND-04",
        "END-01",
        "END-03",
        "END-04",
        "SETUP-09",
    ),
)
def conservation(p: Prover, scope: Scope) -> Bound:
    """Every transition kind keeps the pieces of each colour and no count goes
    negative; each one moves pieces in an example position (its witness)."""
    fig = figures(scope)
    colours, spaces = fig.colours, fig.spaces
    displays = max(n for _players, n in fig.factories)
    before = Piles.symbolic(colours, displays, fig.windows)
    source, colour, target, placed, keep = z3.Ints("source colour target placed keep")
    choices = [
        all_of(colour >= 0, colour < colours),
        all_of(target >= 0, target < fig.windows),
        all_of(keep >= 0, keep < colours),
        all_of(source >= -1, source < displays),
        placed >= 0,
    ]
    hand_empty = all_of(*(n == 0 for n in before.hand))
    whole_guard, after_whole = whole_take(before, source, colour, target, placed, keep, spaces)
    ex = functools.partial(example, fig, displays)
    completes = total(after_whole.windows) > total(before.windows)
    kinds: list[tuple[str, tuple[Term, Piles], list[Term], Piles]] = [
        (
            "take from a display (TAKE-01)",
            take_factory(before, source, colour),
            [source >= 0],
            ex(display1=(1, 2, 1, 0, 0)),
        ),
        (
            "take from the centre (TAKE-02)",
            take_centre(before, colour),
            [],
            ex(centre=(0, 2, 1, 3, 0)),
        ),
        (
            "place (PLACE-01, PLACE-07)",
            place(before, colour, target, placed, spaces),
            [],
            ex(hand=(3, 0, 0, 0, 0), strip1=(1, 1, 0, 0, 0)),
        ),
        ("break (PLACE-04)", break_rest(before), [], ex(hand=(2, 0, 0, 0, 0))),
        (
            "complete (DONE-03 to DONE-05)",
            complete(before, target, keep, spaces),
            [],
            ex(strip1=(3, 1, 1, 0, 0)),
        ),
        ("end of round (END-01)", end_round(before, colour), [], ex(indicator=(1, 1, 1, 1, 1))),
        (
            "refill: draw (END-03)",
            refill_draw(before, source, colour, fig.capacity),
            [source >= 0],
            ex(),
        ),
        (
            "refill: tower into bag (END-04)",
            refill_from_tower(before),
            [],
            ex(bag=(0, 0, 0, 0, 0), tower=(20, 20, 20, 19, 19), indicator=(0, 0, 0, 1, 1)),
        ),
        (
            "a whole take",
            (whole_guard, after_whole),
            [hand_empty],
            ex(display1=(2, 1, 1, 0, 0), strip1=(2, 1, 0, 0, 0)),
        ),
    ]
    for name, (guard, after), extra, start in kinds:
        premises = [*choices, *extra, before.valid(), guard]
        show = show_change(before, after)
        same = [a == b for a, b in zip(after.totals(), before.totals(), strict=True)]
        p.claim(
            f"{name}: per-colour totals kept, no count negative",
            premises,
            all_of(after.valid(), *same),
            show,
        )
        moved = any_of(*(a != b for a, b in zip(counts(after), counts(before), strict=True)))
        if after is after_whole:  # the example take completes its strip
            moved = all_of(moved, completes)
        fixed = [a == b for a, b in zip(counts(before), counts(start), strict=True)]
        p.witness(
            f"{name} moves pieces",
            [*premises, *fixed],
            moved,
            show,
            [source, colour, target, placed, keep],
        )
    return Bound(f"every transition keeps {fig.pieces_per_colour} pieces of each colour")
