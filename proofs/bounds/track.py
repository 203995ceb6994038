"""The broken glass track: its closed form and monotony, the largest take of one colour and
the largest loss of one turn.

The track's arithmetic is :mod:`proofs.models.track`; the closed form it uses is proved here::

    L(m) = B * (m div C) - value[m mod C]
"""

from __future__ import annotations

from collections.abc import Sequence

import z3

from proofs.bounds import PLAYERS, bound
from proofs.figures import Scope, Track, concrete_tracks, figures, tracks
from proofs.harness import Bound, Evaluate, Prover, Term, all_of, div, ite, select, total
from proofs.models.engine import lost_tie, marker_tie
from proofs.models.track import (
    BOTTOM,
    centre_take_bound,
    increments,
    lost_after,
    step,
    take_bound,
    turn_loss_bounds,
)

__all__ = ["largest_take", "track_closed_form", "track_monotone", "turn_loss"]


@bound(
    "track-closed-form",
    "Broken glass track: closed form",
    (
        "Step by step, with a return to the top (and a loss of 18) on every arrival at the "
        "bottom, the points lost after m steps from the top are 18*(m div C) - value[m mod C] "
        "(C = spaces - 1); proved by induction over single steps."
    ),
    ("TRACK-01", "TRACK-02", "TRACK-03", "TRACK-04", "RUL-08", "SCORE-01", "FIG-08"),
)
def track_closed_form(p: Prover, scope: Scope) -> Bound:
    """Steps with wraps reach the closed form of the points lost, by induction on the number
    of steps, for the engine's accounting of score and points lost."""
    lost_tie(p, scope)
    marker_tie(p, scope)
    names = ("base", "step", "form", "lost", "value")
    cases: dict[str, list[tuple[list[Term], Term, dict[str, Term]]]] = {k: [] for k in names}
    witnesses: dict[str, tuple[str, Term]] = {}
    for track in tracks(scope):
        c = track.cycle
        vals = track.values[:c]
        p0, n, pos, wraps, lost, score = z3.Ints("start steps position wraps lost score")

        def inv(n_: Term, pos_: Term, wraps_: Term, c: int = c, p0: Term = p0) -> Term:
            return all_of(pos_ >= 0, pos_ < c, wraps_ >= 0, pos_ + c * wraps_ == p0 + n_)

        start = [*track.premises, p0 >= 0, p0 < c]
        base = [*start, n >= 0, inv(n, pos, wraps)]
        show: dict[str, Term] = {"start": p0, "steps": n, "position": pos, "wraps": wraps}
        cases["base"].append((start, inv(0, p0, 0), {"start": p0}))
        new_pos, new_wraps, wrapped = step(c, pos, wraps)
        moved = {**show, "position after": new_pos, "wraps after": new_wraps}
        cases["step"].append((base, inv(n + 1, new_pos, new_wraps), moved))
        cases["form"].append((base, all_of(pos == (p0 + n) % c, wraps == div(p0 + n, c)), show))
        # The engine's accounting of a step: B per wrap off the score at once (TRACK-03); the
        # points lost grow by B per wrap and by the change of the current space (TRACK-04).
        related = [
            *base,
            lost == BOTTOM * wraps - select(vals, pos) + select(vals, p0),
            score == -BOTTOM * wraps,
        ]
        new_lost = lost + ite(wrapped, BOTTOM, 0) - select(vals, new_pos) + select(vals, pos)
        new_score = score - ite(wrapped, BOTTOM, 0)
        kept = all_of(
            new_lost == BOTTOM * new_wraps - select(vals, new_pos) + select(vals, p0),
            new_score == -BOTTOM * new_wraps,
        )
        accounts = {**moved, "lost": lost, "lost after": new_lost, "score after": new_score}
        cases["lost"].append((related, kept, accounts))
        # With the two lemmas above (the closed form of position and wraps) as premises.
        proved = [pos == (p0 + n) % c, wraps == div(p0 + n, c), p0 % c == p0, div(p0, c) == 0]
        form = lost_after(track.values, p0 + n) - lost_after(track.values, p0)
        closed = lost == form
        cases["value"].append(
            ([*related, *proved], closed, {**show, "lost": lost, "L(s+n) - L(s)": form})
        )
        if not witnesses:  # the first track: its premises hold with a wrap, the goal attained
            witnesses = {
                "base": ("base: a start on the space above the bottom", p0 == c - 1),
                "step": ("step: a step onto the bottom, back to the top", wrapped),
                "form": ("form: a position after two wraps", wraps == 2),
                "lost": ("lost: a step onto the bottom, 18 lost at once", wrapped),
                "value": (
                    "value: steps with a wrap, from the space above the bottom",
                    all_of(wraps >= 1, p0 == c - 1),
                ),
            }
    p.claim_each("base: before any step, position + C*wraps = start", cases["base"])
    p.claim_each("a step keeps position + C*wraps = start + steps", cases["step"])
    p.claim_each("so position = (start+n) mod C, wraps = (start+n) div C", cases["form"])
    p.claim_each("a step keeps lost = 18*wraps - value[pos] + value[start]", cases["lost"])
    p.claim_each("so n steps from space s lose L(s+n) - L(s)", cases["value"])
    first = tracks(scope)[0]
    concrete = concrete_tracks(scope)[0]
    for key in names:  # non-vacuity: each claim's premises, for the first track, with a wrap
        premises, goal, show = cases[key][0]
        text, extra = witnesses[key]
        fixed = [*premises, *_fix(first, concrete), extra]
        p.witness(f"{text} (track {list(concrete)})", fixed, goal, show)
    c = first.cycle
    p0, n, pos, wraps = z3.Ints("start steps position wraps")
    p.witness(
        f"a move of {c + 1} steps from the space above the bottom wraps twice (RUL-08)",
        [*first.premises, p0 == c - 1, n == c + 1, pos + c * wraps == p0 + n, pos >= 0, pos < c],
        wraps == 2,
        {"start": p0, "steps": n, "position": pos, "wraps": wraps},
    )
    return Bound(f"L(m) = {BOTTOM}*(m div C) - value[m mod C]")


@bound(
    "track-monotone",
    "Broken glass track: monotone",
    (
        "Every step adds to the points lost: L(m+1) - L(m) lies between the smallest and the "
        "largest gap between neighbouring spaces, so L is strictly increasing."
    ),
    ("TRACK-02", "TRACK-03", "TRACK-04", "RUL-16", "FIG-08"),
)
def track_monotone(p: Prover, scope: Scope) -> Bound:
    """Points lost grow strictly with every step: each step adds between the smallest and the
    largest gap between neighbouring spaces (the bottom included)."""
    lost_tie(p, scope)
    gaps = [g for t in concrete_tracks(scope) for g in increments(t)]
    low, high = min(gaps), max(gaps)
    cases = []
    for track in tracks(scope):
        m = z3.Int("m")
        grow = lost_after(track.values, m + 1) - lost_after(track.values, m)
        cases.append(
            ([*track.premises, m >= 0], all_of(low <= grow, grow <= high), {"m": m, "grows": grow})
        )
    p.claim_each(f"{low} <= L(m+1) - L(m) <= {high} for every m >= 0", cases)
    for goal, target in (("least", low), ("largest", high)):
        for concrete in concrete_tracks(scope):
            if target in increments(concrete):
                break
        model = next(t for t in tracks(scope) if len(t.values) == len(concrete))
        m = z3.Int("m")
        grow = lost_after(model.values, m + 1) - lost_after(model.values, m)
        show: dict[str, Term] = {"m": m, "L(m+1) - L(m)": grow}
        p.witness(
            f"a step attains the {goal} growth {target} on track {list(concrete)}",
            [*model.premises, *_fix(model, concrete), m >= 0],
            grow == target,
            show,
        )
    return Bound(
        f"strictly increasing: {low} <= L(m+1) - L(m) <= {high}", {"low": low, "high": high}
    )


def _fix(model: Track, concrete: Sequence[int]) -> list[Term]:
    return [
        a == b for a, b in zip(model.values, concrete, strict=True) if isinstance(a, z3.ExprRef)
    ]


@bound(
    "largest-take",
    "Largest take of one colour",
    (
        "A display holds at most 4 pieces; the centre only receives, per display taken, the "
        "pieces of the other colours (at most 3 of a colour), and a colour has 20 pieces."
    ),
    ("TAKE-01", "TAKE-02", "TAKE-04", "END-03", "FIG-02", "FIG-03"),
    variants=PLAYERS,
)
def largest_take(p: Prover, scope: Scope, players: int) -> Bound:
    """The largest take of one colour.

    A round starts with an empty centre (END-03); only takes from factory displays put pieces
    there (TAKE-01): the pieces of the display other than the taken colour. A display holds at
    most ``capacity`` pieces, and a colour has ``pieces_per_colour`` pieces in all.
    """
    r = figures(scope)
    fac = r.factories_for(players)
    cap = r.capacity
    bound = take_bound(r, players)
    x = [z3.Int(f"c_on_display{i + 1}") for i in range(fac)]
    other = [z3.Int(f"others_on_display{i + 1}") for i in range(fac)]
    state = [z3.Int(f"display{i + 1}_state") for i in range(fac)]  # index into labels below
    premises: list[Term] = [total(x) <= r.pieces_per_colour]
    for i in range(fac):
        premises += [x[i] >= 0, other[i] >= 0, x[i] + other[i] <= cap, state[i] >= 0, state[i] <= 2]
        premises.append(z3.Implies(state[i] == 2, other[i] >= 1))  # TAKE-04: a colour present
    centre = total(ite(state[i] == 2, x[i], 0) for i in range(fac))
    source = z3.Int("source")  # -1 the centre, else a display still full
    premises += [source >= -1, source < fac]
    premises.append(z3.Or(source == -1, select(state, source) == 0))
    taken = ite(source == -1, centre, select(x, source))
    labels = ("not taken yet", "taken for this colour", "taken for another colour")

    def show(value: Evaluate) -> list[str]:
        where = "the centre" if value(source) == -1 else f"display {value(source) + 1}"
        lines = [f"take {value(taken)} pieces of the colour from {where}"]
        for i in range(fac):
            lines.append(
                f"display {i + 1}: {value(x[i])} of the colour, {value(other[i])} others, "
                f"{labels[value(state[i])]}"
            )
        return lines

    p.claim(f"a take holds at most {bound} pieces of one colour", premises, taken <= bound, show)
    p.witness(
        f"a take of {bound}", premises, taken == bound, show, keys=[source, *state, *x, *other]
    )
    return Bound(f"{bound} pieces ({players} players: {fac} displays of {cap})", {"high": bound})


@bound(
    "turn-loss",
    "Largest loss of one turn",
    (
        "One step for the tile (first take from the centre) plus one per broken piece, at most "
        "every piece taken: the most points lost in one turn, and the most deducted at once."
    ),
    ("TAKE-03", "PLACE-04", "PLACE-07", "TRACK-02", "TRACK-03", "TRACK-04", "RUL-08", "RUL-10"),
    variants=PLAYERS,
)
def turn_loss(p: Prover, scope: Scope, players: int) -> Bound:
    """The largest loss one turn can cause.

    A turn takes one step for the tile (only on the first take from the centre) and one per
    broken piece; no more pieces break than are taken (PLACE-04, PLACE-07).
    """
    marker_tie(p, scope)
    fig = figures(scope)
    centre_max = centre_take_bound(fig, players)
    steps_max, lost_max, deducted_max = turn_loss_bounds(scope, players)
    cases_lost = []
    cases_deducted = []
    witness_lost = witness_deducted = None
    for track in tracks(scope):
        c = track.cycle
        start, taken, placed, tile, centre = z3.Ints("start taken placed tile from_centre")
        steps = tile + taken - placed
        premises = [
            *track.premises,
            start >= 0,
            start < c,
            centre >= 0,
            centre <= 1,
            taken >= 1,
            taken <= ite(centre == 1, centre_max, fig.capacity),
            placed >= 0,
            placed <= taken,
            tile >= 0,
            tile <= centre,
        ]
        lost = lost_after(track.values, start + steps) - lost_after(track.values, start)
        deducted = BOTTOM * div(start + steps, c)
        show = {
            "start space": start,
            "from centre": centre,
            "taken": taken,
            "placed": placed,
            "tile step": tile,
            "points lost": lost,
            "deducted at once": deducted,
        }
        cases_lost.append((premises, lost <= lost_max, show))
        cases_deducted.append((premises, deducted <= deducted_max, show))
        for concrete in concrete_tracks(scope):
            if len(concrete) != c + 1:
                continue
            fixed = [*premises, *_fix(track, concrete)]
            best = max(
                lost_after(concrete, s + steps_max) - lost_after(concrete, s) for s in range(c)
            )
            if witness_lost is None and best == lost_max:
                witness_lost = (fixed, lost == lost_max, show, concrete)
            if witness_deducted is None and BOTTOM * ((c - 1 + steps_max) // c) == deducted_max:
                witness_deducted = (fixed, deducted == deducted_max, show, concrete)
    p.claim_each(f"one turn adds at most {lost_max} to the points lost", cases_lost)
    p.claim_each(f"one turn deducts at most {deducted_max} points at once", cases_deducted)
    for label, found in (("points lost", witness_lost), ("deducted", witness_deducted)):
        if found is None:
            p.fact(f"a turn attaining the most {label}", False, ["no track attains it"])
            continue
        premises, goal, show, concrete = found
        p.witness(
            f"a turn attaining the most {label}, track {list(concrete)}", premises, goal, show
        )
    return Bound(
        f"<= {steps_max} steps: points lost +{lost_max} at most, "
        f"at most {deducted_max} deducted at once",
        {"steps": steps_max, "lost": lost_max, "deducted": deducted_max},
    )
