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

The game ends after ``rounds`` round ends (END-01, END-02, ROUND-01).

>>> schedule(2, 4)
('RTRT', 'RTRT')
"""

from __future__ import annotations

import z3

from proofs.conservation import Piles, break_rest, complete, place, take_centre, take_factory
from proofs.harness import Bound, Prover, Term, all_of, any_of, div, ite, negate, select, total
from proofs.tables import Scope, figures

__all__ = ["may_reset", "schedule", "termination", "turn"]


def may_reset(present: list[Term], glazier: Term) -> Term:
    """A strip lies left of the glazier: a reset is legal (RESET-01, RESET-02, RUL-05)."""
    return any_of(*(all_of(has, w < glazier) for w, has in enumerate(present)))


def turn(
    state: tuple[Term, Term, Term, Term], reset: Term, gains: Term
) -> tuple[Term, tuple[Term, Term, Term, Term]]:
    """One turn of a player in the abstract model: ``state = (resets, takes, may reset, last
    turn was a reset)``. A reset needs and uses up the possibility to reset; a take may give
    it (``gains``) and never takes it away. Returns ``(legal, new state)``."""
    resets, takes, can, _last_reset = state
    legal = ite(reset, can, True)
    after = (
        resets + ite(reset, 1, 0),
        takes + ite(reset, 0, 1),
        ite(reset, False, any_of(can, gains)),
        reset,
    )
    return legal, after


def schedule(players: int, pieces: int) -> tuple[str, ...]:
    """The longest round of the abstract model, one string of turns per player: every player
    starts able to reset, resets whenever it may, and otherwise takes one piece (gaining the
    right to reset again); the round ends with the take of the last piece."""
    state = [(0, 0, True, False)] * players
    out = [""] * players
    left, seat = pieces, 0
    while left:
        reset = bool(state[seat][2])
        legal, after = turn(state[seat], reset, True)
        assert legal
        state[seat] = after
        out[seat] += "R" if reset else "T"
        left -= 0 if reset else 1
        seat = (seat + 1) % players
    return tuple(out)


def _takes_shrink(p: Prover, scope: Scope) -> None:
    fig = figures(scope)
    displays = max(n for _players, n in fig.factories)
    before = Piles.symbolic(fig.colours, displays, fig.windows)
    source, colour = z3.Ints("source colour")
    choices = [colour >= 0, colour < fig.colours, source >= -1, source < displays]
    g1, by_display = take_factory(before, source, colour)
    g2, by_centre = take_centre(before, colour)

    def on_show(piles: Piles) -> Term:
        return total(total(vec) for vec in (piles.centre, *piles.factories))

    p.claim(
        "step 1: a take from a display leaves at least 1 piece fewer on display",
        [*choices, before.valid(), source >= 0, g1],
        on_show(by_display) <= on_show(before) - 1,
    )
    p.claim(
        "step 1: a take from the centre leaves at least 1 piece fewer on display",
        [*choices, before.valid(), g2],
        on_show(by_centre) <= on_show(before) - 1,
    )
    target, placed, keep = z3.Ints("target placed keep")
    rest = [
        place(before, colour, target, placed, fig.spaces),
        break_rest(before),
        complete(before, target, keep, fig.spaces),
    ]
    p.claim(
        "step 1: placing, breaking and completing put nothing on display",
        [*choices, before.valid()],
        all_of(*(z3.Implies(g, on_show(a) == on_show(before)) for g, a in rest)),
    )


def _reset_facts(p: Prover, windows: int) -> None:
    present = [z3.Bool(f"slot{w + 1}_has_strip") for w in range(windows)]
    glazier, target, leftmost = z3.Ints("glazier target leftmost")
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
    )
    removed = z3.Bool("strip_removed")
    after = [ite(target == w, all_of(has, negate(removed)), has) for w, has in enumerate(present)]
    placed = z3.Bool("pieces_placed")
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

    p.claim(
        "step 3: the invariant holds before the first turn", [can == can], inv((0, 0, can, False))
    )
    legal, after = turn(state, reset, gains)
    p.claim(
        "step 3: resets <= takes + [last turn a reset] survives every turn",
        [inv(state), legal],
        inv(after),
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


def termination(p: Prover, scope: Scope, players: int) -> Bound:
    """Every round ends within a bounded number of turns, the game after round 6 (ROUND-01,
    ROUND-03, ROUND-04, TURN-01, TAKE-01, TAKE-02, TAKE-04, RESET-01, RESET-02, RUL-05,
    PLACE-02, PLACE-03, DONE-05, END-01, END-02, END-03)."""
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
    # SETUP-08, FIG-10: the indicator starts with one piece per round; END-01: each round end
    # takes one away; END-02: the game is over when it is empty.
    ends = z3.Int("round_ends")
    left = fig.rounds - ends
    over = left == 0
    p.claim(
        f"the game is over exactly after {fig.rounds} round ends",
        [ends >= 0, left >= 0],
        over == (ends == fig.rounds),
        {"round ends": ends},
    )
    return Bound(
        f"a round ends within {most} turns, the game within {fig.rounds * most}",
        {"round": most, "game": fig.rounds * most},
    )
