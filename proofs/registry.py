"""Every proof, with its spec clauses, for the shipped table and for every admissible table.

>>> [p.name for p in PROOFS if p.key == "colour-bonus"]
['colour-bonus[shipped]', 'colour-bonus[admissible]']
>>> len({p.key for p in PROOFS}), len(PROOFS)
(14, 50)
"""

from __future__ import annotations

import concurrent.futures
import functools
import time
from collections.abc import Callable, Iterable

import attrs

from proofs import completion, conservation, endgame, score, termination, track
from proofs.harness import Bound, ProofResult, Prover, proof_name
from proofs.tables import SCOPES, Scope

__all__ = ["BY_NAME", "PROOFS", "TOPICS", "Proof", "Topic", "result", "run_all"]

Run = Callable[..., Bound]


@attrs.frozen
class Topic:
    """One kind of proof: what it claims, the clauses it covers and its variants."""

    key: str
    title: str
    statement: str
    clauses: tuple[str, ...]
    run: Run
    variants: tuple[tuple[str, tuple[object, ...]], ...] = (("", ()),)


@attrs.frozen
class Proof:
    """One proof: a topic for one scope and one variant."""

    topic: Topic
    scope: Scope
    variant: str
    args: tuple[object, ...]

    @property
    def key(self) -> str:
        """The topic's key."""
        return self.topic.key

    @property
    def name(self) -> str:
        """``key[scope]`` or ``key[scope, variant]``."""
        return proof_name(self.key, self.scope, self.variant)

    def run(self) -> ProofResult:
        """Run every check of the proof."""
        prover = Prover()
        start = time.perf_counter()
        bound: Bound = self.topic.run(prover, self.scope, *self.args)
        return ProofResult(
            key=self.key,
            scope=self.scope,
            variant=self.variant,
            title=self.topic.title,
            clauses=self.topic.clauses,
            statement=self.topic.statement,
            bound=bound.text,
            checks=tuple(prover.checks),
            seconds=time.perf_counter() - start,
            values=bound.values,
        )


_SIDES = (("side A", ("A",)), ("side B", ("B",)))
_PLAYERS = tuple((f"{n} players", (n,)) for n in (2, 3, 4))

TOPICS: tuple[Topic, ...] = (
    Topic(
        "colour-bonus",
        "Colour bonus of one completion",
        "The colour bonus of a completed strip (its pieces of the round's colour, jokers "
        "counted by their own colour) lies between 0 and the best a face can hold.",
        ("DONE-02", "PLACE-06", "ROUND-05", "FIG-09"),
        completion.colour_bonus,
    ),
    Topic(
        "completion-points",
        "Points of one completion",
        "Colour bonus plus window points (the window's value and that of every window to its "
        "right holding a piece): exact least and largest values.",
        ("DONE-01", "DONE-02", "DONE-04", "DONE-05", "DONE-06", "SETUP-04", "FIG-04", "FIG-05"),
        completion.completion_points,
        _SIDES,
    ),
    Topic(
        "track-closed-form",
        "Broken glass track: closed form",
        "Step by step, with a return to the top (and a loss of 18) on every arrival at the "
        "bottom, the points lost after m steps from the top are 18*(m div C) - value[m mod C] "
        "(C = spaces - 1); proved by induction over single steps.",
        ("TRACK-01", "TRACK-02", "TRACK-03", "TRACK-04", "RUL-08", "SCORE-01", "FIG-08"),
        track.track_closed_form,
    ),
    Topic(
        "track-monotone",
        "Broken glass track: monotone",
        "Every step adds to the points lost: L(m+1) - L(m) lies between the smallest and the "
        "largest gap between neighbouring spaces, so L is strictly increasing.",
        ("TRACK-02", "TRACK-03", "TRACK-04", "RUL-16", "FIG-08"),
        track.track_monotone,
    ),
    Topic(
        "largest-take",
        "Largest take of one colour",
        "A display holds at most 4 pieces; the centre only receives, per display taken, the "
        "pieces of the other colours (at most 3 of a colour), and a colour has 20 pieces.",
        ("TAKE-01", "TAKE-02", "TAKE-04", "END-03", "FIG-02", "FIG-03"),
        track.largest_take,
        _PLAYERS,
    ),
    Topic(
        "turn-loss",
        "Largest loss of one turn",
        "One step for the tile (first take from the centre) plus one per broken piece, at most "
        "every piece taken: the most points lost in one turn, and the most deducted at once.",
        ("TAKE-03", "PLACE-04", "PLACE-07", "TRACK-02", "TRACK-03", "TRACK-04", "RUL-08", "RUL-10"),
        track.turn_loss,
        _PLAYERS,
    ),
    Topic(
        "leftover-bonus",
        "Leftover bonus",
        "A strip holds at most 4 pieces between turns (a full strip is completed at once), so "
        "the 8 strips leave at most 32 pieces: at most 10 points.",
        (
            "FINAL-02",
            "RUL-15",
            "RUL-19",
            "DONE-01",
            "PLACE-01",
            "PLACE-02",
            "PLACE-07",
            "DONE-04",
            "DONE-05",
        ),
        endgame.leftover_bonus,
    ),
    Topic(
        "side-a-bonus",
        "Side A bonus",
        "Four ornaments of at most 10 points each: the side A bonus lies in 0..40.",
        ("FINAL-04", "FIG-06", "FIG-07"),
        endgame.side_a_bonus,
    ),
    Topic(
        "side-b-bonus",
        "Side B bonus",
        "Complete windows times the pieces of one colour on the windows, a kept piece being a "
        "piece of its completed face: exact maximum.",
        ("FINAL-05", "RUL-14", "DONE-03", "DONE-04", "DONE-05", "SETUP-04", "PLACE-06", "FIG-09"),
        endgame.side_b_bonus_proof,
    ),
    Topic(
        "window-order",
        "Window points of a game",
        "Over at most 16 completions, window points are largest when the top frame spaces are "
        "filled from right to left; the order is found by optimisation.",
        ("DONE-04", "DONE-05", "DONE-06", "FIG-04", "FIG-05"),
        score.window_order,
        _SIDES,
    ),
    Topic(
        "final-upper",
        "Final score: upper bound",
        "Window points + colour bonuses + leftovers + side bonus - points lost, over the game "
        "model of any game: a sound bound, attained by a witness game of the model. Three "
        "lemmas bound the parts: window points in the order model (found by optimisation), "
        "colour bonuses face by face, leftovers plus side bonus strip by strip (found by "
        "optimisation); the last two carry over to the game model, where strips lie in slots, "
        "because its completions use pairwise different faces.",
        (
            "SCORE-01",
            "FINAL-01",
            "FINAL-02",
            "FINAL-04",
            "FINAL-05",
            "DONE-02",
            "DONE-03",
            "DONE-06",
            "SETUP-03",
            "SETUP-04",
            "SETUP-08",
            "ROUND-05",
            "TRACK-04",
        ),
        score.final_upper,
        _SIDES,
    ),
    Topic(
        "final-lower",
        "Final score: lower bound",
        "Only the track takes points; the marker takes at most one step per round for the tile "
        "and one per broken piece, at most every piece put on the displays that round. The "
        "witness breaks every piece of every round, which the other players' obligatory "
        "takes rule out in a real game: the bound is sound, not tight.",
        (
            "SCORE-01",
            "FINAL-03",
            "TRACK-02",
            "TRACK-03",
            "TRACK-04",
            "TAKE-03",
            "PLACE-04",
            "END-03",
            "SETUP-09",
        ),
        score.final_lower,
        _PLAYERS,
    ),
    Topic(
        "conservation",
        "Conservation of pieces",
        "Every transition the engine performs (take, place, break, complete, end of round, "
        "refill) keeps the number of pieces of each colour, and no count goes negative. "
        "Pieces taken but not yet placed or broken are counted 'in hand'; a whole take (take, "
        "place, break, complete) starts and ends with an empty hand.",
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
        conservation.conservation,
    ),
    Topic(
        "termination",
        "Termination",
        "Every round ends within a bounded number of turns (takes and resets), and the game "
        "after the sixth round end. Step 1: each take removes at least one piece from the "
        "displays and the centre, and nothing adds any during a round. Step 2: a reset needs "
        "a strip left of the glazier and removes that possibility; a take never removes it. "
        "Step 3: so a player's resets are at most their takes, plus one if their last turn "
        "was a reset. Step 4: with turns going round the table and the round ending on the "
        "take of its last piece, the most turns are found by optimisation. The witness is a "
        "round of the abstract model in which every take holds a single piece. Step 5: the "
        "round indicator, set up with one piece of each colour and one drawn piece, loses its "
        "top piece at every round end; the game is over when it is empty, after the sixth.",
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
        termination.termination,
        _PLAYERS,
    ),
)

#: Every proof, topic by topic, shipped table first.
PROOFS: tuple[Proof, ...] = tuple(
    Proof(topic, scope, variant, args)
    for topic in TOPICS
    for variant, args in topic.variants
    for scope in SCOPES
)


def _run(proof: Proof) -> ProofResult:
    return proof.run()


def run_all(proofs: Iterable[Proof] = PROOFS, jobs: int = 1) -> tuple[ProofResult, ...]:
    """Run ``proofs`` (default: all of them), in order, in ``jobs`` processes. Every proof
    pins its own solvers, so the results do not depend on ``jobs``."""
    chosen = list(proofs)
    if jobs <= 1:
        return tuple(_run(proof) for proof in chosen)
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
        return tuple(pool.map(_run, chosen))


BY_NAME: dict[str, Proof] = {p.name: p for p in PROOFS}


@functools.cache
def result(name: str) -> ProofResult:
    """The result of the proof called ``name``, computed once per process."""
    return BY_NAME[name].run()
