"""The published bounds (:mod:`sintra_rules.games.sintra.bounds`) are the proofs' own results: every
figure is compared with the bound its proof establishes today, for the shipped table and for every
admissible table, so the data cannot drift from ``proofs/`` (ROUND-04, END-02, SCORE-01,
FINAL-03, FINAL-04, FINAL-05)."""

from __future__ import annotations

import pytest

from proofs.registry import BY_NAME, result
from sintra_rules.games.sintra.bounds import (
    BOUNDS,
    HIGHEST_FINAL_SCORE,
    LOWEST_FINAL_SCORE,
    TURNS_PER_GAME,
    TURNS_PER_ROUND,
    ProvedBound,
)

# Which number of the proof's result (``ProofResult.values``) each quantity publishes.
VALUE_OF = {
    "turns per round": "round",
    "turns per game": "game",
    "lowest final score": "low",
    "highest final score": "high",
    "highest window points of a game": "high",
    "lowest points of one completion": "low",
    "highest points of one completion": "high",
    "highest colour bonus of one completion": "high",
    "most pieces in one take": "high",
    "most steps on the track in one turn": "steps",
    "most points lost in one turn": "lost",
    "highest leftover bonus": "high",
    "highest side A bonus": "high",
    "highest side B bonus": "high",
}


@pytest.mark.parametrize("bound", list(BOUNDS.values()), ids=lambda b: f"{b.quantity}-{b.case}")
def test_every_figure_is_the_proofs_result(bound: ProvedBound) -> None:
    """The figure for the shipped table and for every admissible table is the number the
    named proof establishes, the proof holds, and the figure is marked provisional exactly
    when it differs between the two (it depends on provisional component values)."""
    key = VALUE_OF[bound.quantity]
    shipped = result(bound.proof_name("shipped"))
    every = result(bound.proof_name("admissible"))
    assert shipped.holds and every.holds
    assert (bound.value, bound.every_table) == (shipped.values[key], every.values[key])
    assert bound.provisional == (shipped.values[key] != every.values[key])


def test_every_variant_of_a_published_proof_is_published() -> None:
    """A quantity is published for every variant its proof is stated for (every number of
    players, or both sides), and the keys of :data:`BOUNDS` match their values."""
    assert set(VALUE_OF) == {b.quantity for b in BOUNDS.values()}
    for (quantity, case), bound in BOUNDS.items():
        assert (bound.quantity, bound.case) == (quantity, case)
        mine = {b.variant for b in BOUNDS.values() if b.quantity == quantity}
        stated = {p.variant for p in BY_NAME.values() if p.key == bound.proof}
        assert mine == stated, quantity


def test_the_short_tables_read_the_bounds() -> None:
    """The plain tables are the shipped figures: turns per round and per game (TURN-01,
    END-02) and the final score range, by number of players and by board side."""
    assert dict(TURNS_PER_ROUND) == {2: 40, 3: 58, 4: 72}
    assert dict(TURNS_PER_GAME) == {2: 240, 3: 348, 4: 432}
    for n in (2, 3, 4):
        assert TURNS_PER_GAME[n] == BOUNDS[("turns per game", n)].value
        assert LOWEST_FINAL_SCORE[n] == BOUNDS[("lowest final score", n)].value
    for side in ("A", "B"):
        assert HIGHEST_FINAL_SCORE[side] == BOUNDS[("highest final score", side)].value
    assert not BOUNDS[("turns per game", 3)].provisional
    assert BOUNDS[("highest final score", "B")].provisional
