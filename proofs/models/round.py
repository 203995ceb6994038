"""A round in the abstract model of termination: turns, resets and the round indicator.

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

from proofs.harness import Term, all_of, any_of, ite

__all__ = ["may_reset", "schedule", "setup_indicator", "turn"]


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
