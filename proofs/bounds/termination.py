"""Termination: every round ends within a bounded number of turns, the game after round 6.

A round's turns are takes and resets (TURN-01). The argument has four steps:

1. Every take removes at least one piece from the displays and the centre, and nothing puts
   pieces back there during the round (TAKE-01, TAKE-02, TAKE-04, END-03): a round of ``N``
   pieces has at most ``N`` takes, and ``N <= displays * 4``.
2. A player may reset only with a strip to the left of the glazier (RESET-01, RESET-02,
   RUL-05); a reset removes that possibility, and a take never does (PLACE-02, PLACE-03,
   DONE-05): the glazier only moves right and only the strip under it leaves.
3. So each player's resets are at most their takes plus one, and a player whose last turn was
   a take has no more resets than takes (an invariant over the player's turns).
4. Turns go round the table (ROUND-03) and the round ends right after the take of its last
   piece (ROUND-04): the largest number of turns, found by optimisation, is proved and
   attained by an explicit schedule.

The game ends after exactly ``rounds`` round ends: the round indicator is set up with one
piece of each colour and one drawn piece (SETUP-08), every round end takes its top piece away
(END-01, modelled by :func:`proofs.models.pieces.end_round`), and the game is over when it is
empty (END-02). Nothing else touches the indicator (the other transitions of
:mod:`proofs.models.pieces`; the cross-checks compare both with the engine).

The models are :mod:`proofs.models.round` (turns, resets, the indicator) and
:mod:`proofs.models.pieces` (the transitions).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import z3

from proofs.bounds import PLAYERS, bound
from proofs.figures import Figures, Scope, codes, figures
from proofs.harness import (
    Bound,
    Describe,
    Evaluate,
    Prover,
    Term,
    all_of,
    any_of,
    div,
    ite,
    negate,
    select,
    total,
)
from proofs.models.pieces import (
    Piles,
    break_rest,
    complete,
    end_round,
    example,
    place,
    show_change,
    take_centre,
    take_factory,
)
from proofs.models.round import may_reset, schedule, setup_indicator, turn

__all__ = ["termination"]


def _on_show(piles: Piles) -> Term:
    """The pieces on the factory displays and in the centre."""
    return total(total(vec) for vec in (piles.centre, *piles.factories))


def _moves(before: Piles, afters: Sequence[tuple[str, Piles]], **terms: Term) -> Describe:
    """Renders a model: ``terms``, the pieces on display before and after each transition,
    and the places each one changes."""

    def show(value: Evaluate) -> list[str]:
        lines = [", ".join(f"{k.replace('_', ' ')} {value(t)}" for k, t in terms.items())]
        for name, after in afters:
            lines.append(
                f"{name}: on display {value(_on_show(before))} -> {value(_on_show(after))}"
            )
            lines += [f"  {line}" for line in show_change(before, after)(value)]
        return lines

    return show


def _takes_shrink(p: Prover, scope: Scope) -> None:
    fig = figures(scope)
    displays = max(n for _players, n in fig.factories)
    before = Piles.symbolic(fig.colours, displays, fig.windows)
    source, colour = z3.Ints("source colour")
    choices = [colour >= 0, colour < fig.colours, source >= -1, source < displays]
    g1, by_display = take_factory(before, source, colour)
    g2, by_centre = take_centre(before, colour)

    def fixed(piles: Piles) -> list[Term]:
        """The symbolic position ``before`` set to the example ``piles``."""
        return [
            a == b
            for (_n, va), (_m, vb) in zip(before.places(), piles.places(), strict=True)
            for a, b in zip(va, vb, strict=True)
        ]

    for where, guard, after, extra, start in (
        (
            "a display",
            g1,
            by_display,
            [source >= 0],
            example(fig, displays, display1=(1, 2, 1, 0, 0)),
        ),
        ("the centre", g2, by_centre, [], example(fig, displays, centre=(1, 2, 1, 0, 0))),
    ):
        premises = [*choices, *extra, before.valid(), guard]
        chosen = {"source": source, "colour": colour} if extra else {"colour": colour}
        show = _moves(before, [(f"take from {where}", after)], **chosen)
        p.claim(
            f"step 1: a take from {where} leaves at least 1 piece fewer on display",
            premises,
            _on_show(after) <= _on_show(before) - 1,
            show,
        )
        p.witness(
            f"step 1: a take from {where} of a single piece leaves exactly 1 fewer on display",
            [*premises, *fixed(start)],
            _on_show(after) == _on_show(before) - 1,
            show,
            [source, colour],
        )
    target, placed, keep, full = z3.Ints("target placed keep completed_strip")
    g3, placing = place(before, colour, target, placed, fig.spaces)
    g4, breaking = break_rest(before)
    g5, completing = complete(before, full, keep, fig.spaces)
    rest = [("place", g3, placing), ("break", g4, breaking), ("complete", g5, completing)]
    show = _moves(
        before,
        [(name, after) for name, _g, after in rest],
        colour=colour,
        target=target,
        placed=placed,
        completed_strip=full,
        keep=keep,
    )
    premises = [
        *choices,
        before.valid(),
        all_of(target >= 0, target < fig.windows, full >= 0, full < fig.windows),
        all_of(keep >= 0, keep < fig.colours),
    ]
    p.claim(
        "step 1: placing, breaking and completing put nothing on display",
        premises,
        all_of(*(z3.Implies(g, _on_show(a) == _on_show(before)) for _name, g, a in rest)),
        show,
    )
    start = example(
        fig,
        displays,
        display1=(0, 1, 1, 0, 0),
        hand=(2, 0, 0, 0, 0),
        strip1=(1, 1, 0, 0, 0),
        strip2=(3, 1, 1, 0, 0),
    )
    p.witness(
        "step 1: a placement, a break and a completion that move pieces, none onto the display",
        [*premises, *fixed(start), placed >= 1],
        all_of(*(all_of(g, _on_show(a) == _on_show(before)) for _name, g, a in rest)),
        show,
        [colour, target, placed, full, keep],
    )


def _reset_facts(p: Prover, windows: int) -> None:
    present = [z3.Bool(f"slot{w + 1}_has_strip") for w in range(windows)]
    glazier, target, leftmost = z3.Ints("glazier target leftmost")
    removed = z3.Bool("strip_removed")
    placed = z3.Bool("pieces_placed")

    def show_slots(value: Evaluate) -> str:
        slots = " ".join(str(value(has)) for has in present)
        return f"strip in slots 1-{windows} (1 yes, 0 no): {slots}"

    def show_reset(value: Evaluate) -> list[str]:
        return [
            show_slots(value),
            f"glazier above slot {value(glazier) + 1}, leftmost strip in slot "
            f"{value(leftmost) + 1}",
        ]

    def show_take(value: Evaluate) -> list[str]:
        return [
            show_slots(value),
            f"glazier above slot {value(glazier) + 1}, target slot {value(target) + 1}, "
            f"pieces placed {value(placed)}, strip removed {value(removed)}",
        ]

    basics = [glazier >= 0, glazier < windows]
    lefts = [
        leftmost >= 0,
        leftmost < windows,
        select(present, leftmost),
        *(z3.Implies(w < leftmost, z3.Not(present[w])) for w in range(windows)),
    ]
    p.claim(
        "step 2: after a reset (to the leftmost strip) no reset is possible",
        [*basics, *lefts, may_reset(present, glazier)],
        negate(may_reset(present, leftmost)),
        show_reset,
    )
    p.witness(
        "step 2: a reset is possible: a strip lies left of the glazier",
        [*basics, *lefts, may_reset(present, glazier)],
        leftmost < glazier,
        show_reset,
        [glazier, leftmost, *present],
    )
    after = [ite(target == w, all_of(has, negate(removed)), has) for w, has in enumerate(present)]
    new_glazier = ite(placed, target, glazier)
    moves = [
        *basics,
        glazier <= target,
        target < windows,
        z3.Implies(placed, select(present, target)),
        z3.Implies(removed, placed),
    ]
    p.claim(
        "step 2: a take never removes the possibility to reset",
        [*moves, may_reset(present, glazier)],
        may_reset(after, new_glazier),
        show_take,
    )
    p.witness(
        "step 2: a take that makes a reset possible",
        [*moves, negate(may_reset(present, glazier))],
        may_reset(after, new_glazier),
        {"glazier": glazier, "target": target},
    )


def _invariant(p: Prover) -> None:
    resets, takes = z3.Ints("resets takes")
    can, last_reset, reset, gains = z3.Bools("may_reset last_turn_was_reset reset gains")
    state = (resets, takes, can, last_reset)

    def inv(s: tuple[Term, Term, Term, Term]) -> Term:
        r, k, c, z = s
        return all_of(r >= 0, k >= 0, z3.Implies(z, negate(c)), r <= k + ite(z, 1, 0))

    first = {"may reset before the first turn": can}
    p.claim(
        "step 3: the invariant holds before the first turn",
        [can == can],
        inv((0, 0, can, False)),
        first,
    )
    p.witness(
        "step 3: a player able to reset before the first turn, resets = takes = 0",
        [can == can],
        all_of(inv((0, 0, can, False)), can),
        first,
    )
    legal, after = turn(state, reset, gains)
    show = {
        "resets": resets,
        "takes": takes,
        "may reset": can,
        "last turn was a reset": last_reset,
        "this turn resets": reset,
        "a take gives a reset": gains,
        "resets after": after[0],
        "takes after": after[1],
    }
    p.claim(
        "step 3: resets <= takes + [last turn a reset] survives every turn",
        [inv(state), legal],
        inv(after),
        show,
    )
    p.witness(
        "step 3: a reset after which resets = takes + 1 (the bound is attained)",
        [inv(state), legal],
        all_of(inv(after), after[0] == after[1] + 1),
        show,
        [resets, takes],
    )


def _indicator(p: Prover, fig: Figures) -> None:
    """The game is over (END-02: the indicator is empty after END-01) at the ``rounds``-th
    round end, and not before, by induction over round ends: the indicator as set up
    (SETUP-08) holds ``rounds`` pieces, and each round end takes exactly one piece off it
    (END-01, :func:`~proofs.models.pieces.end_round`), which it can do exactly while the
    indicator holds a piece."""
    colours, rounds = fig.colours, fig.rounds
    letters = codes()
    first = z3.Int("space_I_colour")
    setup = setup_indicator(colours, first)
    p.claim(
        f"step 5: at setup the round indicator holds {rounds} pieces (SETUP-08)",
        [first >= 0, first < colours],
        total(setup) == rounds,
        lambda value: [
            f"space I colour {letters[value(first)]}; pieces per colour "
            + " ".join(str(value(n)) for n in setup)
            + f", {value(total(setup))} in all"
        ],
    )
    empty = Piles.empty(colours, 1, 0)
    before = attrs.evolve(empty, indicator=Piles.symbolic(colours, 0, 0).indicator)
    top = z3.Int("top_colour")
    guard, after = end_round(before, top)
    possible = [end_round(before, c)[0] for c in range(colours)]
    held, left = total(before.indicator), total(after.indicator)

    def show(value: Evaluate) -> list[str]:
        return [
            "indicator, pieces per colour: "
            + " ".join(str(value(n)) for n in before.indicator)
            + f"; round end taking {value(top)} (allowed {value(guard)}) leaves "
            + " ".join(str(value(n)) for n in after.indicator),
        ]

    p.claim(
        "step 5: a round end takes exactly one piece off the indicator (END-01), and one can "
        "happen exactly while the indicator holds a piece",
        [before.valid(), top >= 0, top < colours],
        all_of(
            z3.Implies(guard, all_of(left == held - 1, after.valid())),
            (held >= 1) == any_of(*possible),
        ),
        show,
    )
    ends, pieces = z3.Ints("round_ends pieces_left")
    p.claim(
        f"step 5: so after k round ends {rounds} - k pieces are left: the game is over "
        f"(END-02) after round end {rounds}, and not before",
        [ends >= 0, pieces == rounds - ends, pieces >= 0],
        (pieces == 0) == (ends == rounds),
        {"round ends": ends, "pieces left": pieces},
    )
    tops = [z3.Int(f"round_end{k + 1}_top_colour") for k in range(rounds)]
    states = [attrs.evolve(empty, indicator=setup)]
    guards: list[Term] = []
    for colour in tops:
        allowed, later = end_round(states[-1], colour)
        guards.append(allowed)
        states.append(later)

    def game(value: Evaluate) -> list[str]:
        return [
            f"space I colour {letters[value(first)]}; round ends take "
            + " ".join(letters[value(t)] for t in tops),
            "pieces left on the indicator: "
            + " ".join(str(value(total(s.indicator))) for s in states),
        ]

    p.witness(
        f"step 5: {rounds} round ends, each taking the top indicator piece, empty it",
        [first >= 0, first < colours, *(all_of(t >= 0, t < colours) for t in tops), *guards],
        total(states[-1].indicator) == 0,
        game,
        [first, *tops],
    )


def _rounds(p: Prover, players: int, pieces_most: int) -> int | None:
    total_turns = z3.Int("turns")
    pieces = z3.Int("pieces_at_start")
    resets = [z3.Int(f"seat{s + 1}_resets") for s in range(players)]
    takes = [z3.Int(f"seat{s + 1}_takes") for s in range(players)]
    last_reset = [z3.Bool(f"seat{s + 1}_last_turn_was_reset") for s in range(players)]
    premises: list[Term] = [pieces >= 0, pieces <= pieces_most, total_turns >= 1]
    last = (total_turns - 1) % players  # seats counted from the round's first player
    for s in range(players):
        turns = div(total_turns, players) + ite(s < total_turns % players, 1, 0)
        premises += [resets[s] >= 0, takes[s] >= 0, resets[s] + takes[s] == turns]
        premises.append(resets[s] <= takes[s] + ite(last_reset[s], 1, 0))
        premises.append(z3.Implies(last == s, z3.Not(last_reset[s])))  # ROUND-04
    premises.append(total(takes) <= pieces)  # step 1
    found = p.maximum("step 4: the most turns of a round, by optimisation", premises, total_turns)
    if found is None:
        return None
    p.claim(
        f"step 4: a round has at most {found} turns",
        premises,
        total_turns <= found,
        {"turns": total_turns, "pieces": pieces},
    )
    return found


@bound(
    "termination",
    "Termination",
    (
        "Every round ends within a bounded number of turns (takes and resets), and the game "
        "after the sixth round end. Step 1: each take removes at least one piece from the "
        "displays and the centre, and nothing adds any during a round. Step 2: a reset needs a "
        "strip left of the glazier and removes that possibility; a take never removes it. Step "
        "3: so a player's resets are at most their takes, plus one if their last turn was a "
        "reset. Step 4: with turns going round the table and the round ending on the take of "
        "its last piece, the most turns are found by optimisation. The witness is a round of "
        "the abstract model in which every take holds a single piece. Step 5: the round "
        "indicator, set up with one piece of each colour and one drawn piece, loses its top "
        "piece at every round end; the game is over when it is empty, after the sixth."
    ),
    (
        "ROUND-01",
        "ROUND-03",
        "ROUND-04",
        "TURN-01",
        "TAKE-01",
        "TAKE-02",
        "TAKE-04",
        "RESET-01",
        "RESET-02",
        "RUL-05",
        "PLACE-02",
        "PLACE-03",
        "DONE-05",
        "END-01",
        "END-02",
        "END-03",
        "SETUP-08",
        "FIG-10",
    ),
    variants=PLAYERS,
)
def termination(p: Prover, scope: Scope, players: int) -> Bound:
    """Every round ends within a bounded number of turns, the game after round 6 (steps 1 to
    5 of the module's argument)."""
    fig = figures(scope)
    pieces_most = fig.capacity * fig.factories_for(players)
    _takes_shrink(p, scope)
    _reset_facts(p, fig.windows)
    _invariant(p)
    most = _rounds(p, players, pieces_most)
    if most is None:
        return Bound("no bound: the optimisation failed")
    plan = schedule(players, pieces_most)
    turns = sum(len(s) for s in plan)
    p.fact(
        f"a round of {pieces_most} pieces lasting {most} turns (R reset, T take one piece)",
        turns == most,
        [f"seat {s + 1}: {line}" for s, line in enumerate(plan)],
    )
    _indicator(p, fig)
    return Bound(
        f"a round ends within {most} turns, the game within {fig.rounds * most}",
        {"round": most, "game": fig.rounds * most},
    )
