"""A round in the abstract model of termination: turns, resets and the round indicator; and
the takes and pieces of a round, for the lowest final score.

A player's state over a round is ``(resets, takes, may reset, last turn was a reset)``: a reset
needs and uses up the possibility to reset (RESET-01, RESET-02, RUL-05); a take may give it and
never takes it away (PLACE-02, PLACE-03, DONE-05). The round indicator is set up with one piece
of each colour and one drawn piece (SETUP-08).

>>> schedule(2, 4)
('RTRT', 'RTRT')
>>> setup_indicator(5, 2)
(1, 1, 2, 1, 1)
"""

from __future__ import annotations

import z3

from proofs.harness import Term, all_of, any_of, ite, total

__all__ = ["may_reset", "round_takes", "schedule", "setup_indicator", "turn"]


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


def setup_indicator(colours: int, first: Term) -> tuple[Term, ...]:
    """The round indicator at setup, pieces per colour (SETUP-08): one of each colour on
    spaces II to VI, and on space I one piece drawn from the bag, of colour ``first``."""
    return tuple(1 + ite(first == c, 1, 0) for c in range(colours))


def round_takes(
    players: int, seat: int, displays: int, capacity: int, prefix: str = ""
) -> tuple[list[Term], dict[str, Term]]:
    """One round of ``players`` seen from seat ``seat`` (counted from the round's first
    player): the premises linking its turns, takes and pieces, and its terms by name.

    The round has ``turns`` turns going round the table (ROUND-03), each a take or a reset
    (TURN-01); a seat's resets are at most its takes plus one (step 3 of ``termination``),
    and the seat taking the round's last turn takes (ROUND-04). The ``displays_used``
    displays holding pieces at the start hold ``pieces`` pieces, at most ``capacity`` each
    (SETUP-09, END-03); each is emptied by exactly one take, which takes 1 to ``capacity``
    of its pieces (TAKE-01, TAKE-04), the other takes are from the centre, each of at least
    one piece (TAKE-02, TAKE-04), and every piece is taken by the end of the round (ROUND-04;
    none comes onto a display during it). The seat's ``tile`` step needs a take from the
    centre (TAKE-03). Terms: ``turns``, ``pieces``, ``displays_used``, ``tile``, and per seat
    ``s`` (1 for the first player) ``takes_s``, ``resets_s``, ``display_takes_s``,
    ``centre_takes_s``, ``from_displays_s``, ``from_centre_s``; ``taken`` is the seat's
    pieces.
    """
    name = prefix + "{}"
    turns = z3.Int(name.format("turns"))
    pieces = z3.Int(name.format("pieces"))
    used = z3.Int(name.format("displays_used"))
    tile = z3.Int(name.format("tile"))
    terms: dict[str, Term] = {"turns": turns, "pieces": pieces, "displays_used": used}
    premises: list[Term] = [turns >= 1, used >= 1, used <= displays, pieces >= used]
    premises.append(pieces <= capacity * used)
    last = (turns - 1) % players
    seats = []
    for s in range(players):
        k = {
            key: z3.Int(name.format(f"{key}_{s + 1}"))
            for key in ("takes", "resets", "display_takes", "centre_takes")
        }
        k.update(
            {key: z3.Int(name.format(f"{key}_{s + 1}")) for key in ("from_displays", "from_centre")}
        )
        count = turns / players + ite(s < turns % players, 1, 0)
        premises += [k["takes"] >= 0, k["resets"] >= 0, k["takes"] + k["resets"] == count]
        premises.append(k["resets"] <= k["takes"] + 1)
        premises.append(z3.Implies(last == s, k["resets"] <= k["takes"]))
        premises += [k["display_takes"] >= 0, k["centre_takes"] >= 0]
        premises.append(k["takes"] == k["display_takes"] + k["centre_takes"])
        premises.append(k["from_displays"] >= k["display_takes"])
        premises.append(k["from_displays"] <= capacity * k["display_takes"])
        premises.append(k["from_centre"] >= k["centre_takes"])
        premises.append(z3.Implies(k["centre_takes"] == 0, k["from_centre"] == 0))
        terms.update({f"{key}_{s + 1}": term for key, term in k.items()})
        seats.append(k)
    premises.append(total(k["display_takes"] for k in seats) == used)
    premises.append(total(k["from_displays"] + k["from_centre"] for k in seats) == pieces)
    mine = seats[seat]
    premises += [tile >= 0, tile <= 1, z3.Implies(mine["centre_takes"] == 0, tile == 0)]
    terms["tile"] = tile
    terms["taken"] = mine["from_displays"] + mine["from_centre"]
    return premises, terms
