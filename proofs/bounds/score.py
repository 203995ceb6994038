"""A player's final score over any game: window points, and sound upper and lower bounds.

The models are :mod:`proofs.models.game` (the order of completions and the game model) and
:mod:`proofs.models.witness` (the witness games).

The upper bound is the sum of three lemmas, each proved where it is read: window points (the
completion order, found by optimisation), colour bonuses (each face once, at most its best) and
leftovers plus the side bonus (found by optimisation). A witness game of the model attains the
sum. The lower bound counts the most steps a player's marker can take: one per round for the
tile (TAKE-03) and one per broken piece (PLACE-04), at most the pieces the player takes in the
round, which the other players' turns bound: they take at least one piece on every turn they do
not reset, and cannot reset twice in a row (:func:`~proofs.models.round.round_takes`).
"""

from __future__ import annotations

from collections.abc import Sequence

import z3

from proofs.bounds import PLAYERS, SIDES, bound
from proofs.bounds.termination import _invariant, _reset_facts
from proofs.figures import Figures, Scope, codes, concrete_tracks, figures, tracks
from proofs.harness import Bound, Describe, Evaluate, Prover, Term, all_of, ite, select, total
from proofs.models.endgame import leftover_points, ornament_bonus, side_b
from proofs.models.engine import final_tie, lost_tie, marker_tie, score_ties, window_tie
from proofs.models.faces import best_bonus, completed, face_text
from proofs.models.game import (
    FRAMES,
    Game,
    Order,
    game_model,
    most_window_points,
    order_model,
)
from proofs.models.round import round_takes
from proofs.models.track import lost_after
from proofs.models.witness import fixings, witness_game
from sintra_rules.games.sintra.components import Side
from sintra_rules.games.sintra.narration import roman

__all__ = ["final_lower", "final_upper", "window_order"]


def _describe_order(order: Order, fig: Figures, side: Side) -> Describe:
    def show(value: Evaluate) -> list[str]:
        steps = sorted((value(order.at[e]), e) for e in order.events if value(order.done[e]))
        lines = ["window values " + " ".join(str(value(v)) for v in fig.values[side])]
        lines.append(
            ", ".join(
                f"{w + 1}{FRAMES[f][0]} +{value(order.points[(w, f)])}" for _t, (w, f) in steps
            )
            + " (window, t = top / b = bottom, points)"
        )
        return lines

    return show


@bound(
    "window-order",
    "Window points of a game",
    (
        "Over at most 16 completions, window points are largest when the top frame spaces are "
        "filled from right to left; the order is found by optimisation."
    ),
    ("DONE-04", "DONE-05", "DONE-06", "FIG-04", "FIG-05"),
    variants=SIDES,
)
def window_order(p: Prover, scope: Scope, side: Side) -> Bound:
    """The order of completions that maximises window points, found by optimisation and
    checked against its closed form."""
    window_tie(p, scope, side)
    fig = figures(scope)
    order = order_model(fig, side)
    most = most_window_points(fig, side)
    found = p.maximum(
        "the most window points, by optimisation", order.premises, order.window_points
    )
    p.fact(
        f"the optimum {found} is 2 * sum((u+1) * value[u]) = {most}",
        found == most,
        [f"optimisation: {found}", f"closed form: {most}"],
        kind="claim",
    )
    p.claim(
        f"window points of a game <= {most}",
        order.premises,
        order.window_points <= most,
        _describe_order(order, fig, side),
    )
    keys = [*fig.values[side], *(order.at[e] for e in order.events)]
    p.witness(
        f"an order worth {most}",
        order.premises,
        order.window_points == most,
        _describe_order(order, fig, side),
        keys,
    )
    return Bound(f"window points of a game <= {most} (tops right to left)", {"high": most})


def _faces_once(p: Prover, fig: Figures) -> int:
    """Lemma: the colour bonuses of a game are at most the sum of every face's best bonus:
    each face is completed at most once (DONE-04, DONE-05), each time for at most its best."""
    faces = [face for strip in fig.faces for face in strip]
    best = [max(f.counts) + f.jokers if fig.scope == "shipped" else best_bonus(fig) for f in faces]
    cases = []
    bonuses = []
    for i, face in enumerate(faces):
        colour = z3.Int(f"face{i + 1}_round_colour")
        fill = [z3.Int(f"face{i + 1}_joker_{c}") for c in range(fig.colours)]
        premises = [*fig.premises, colour >= 0, colour < fig.colours, *(y >= 0 for y in fill)]
        premises.append(total(fill) == face.jokers)
        bonus = z3.Int(f"face{i + 1}_bonus")
        premises.append(bonus == select(completed(face.counts, fill), colour))
        cases.append((premises, bonus <= best[i], {"bonus": bonus}))
        bonuses.append((z3.Bool(f"face{i + 1}_completed"), bonus, best[i]))
    p.claim_each("lemma: one completion of a face scores at most its best colour bonus", cases)
    most = sum(best)
    in_all = total(ite(done, b, 0) for done, b, _top in bonuses)

    def show(value: Evaluate) -> list[str]:
        faces = [
            f"{i + 1}: {value(b) if value(done) else '-'}/{top}"
            for i, (done, b, top) in enumerate(bonuses)
        ]
        return [
            "colour bonus / best per face (- not completed): " + ", ".join(faces),
            f"colour bonuses in all {value(in_all)}",
        ]

    p.claim(
        f"lemma: colour bonuses of a game <= {most} (each face once, at its best)",
        [b <= top for _done, b, top in bonuses],
        in_all <= most,
        show,
    )
    return most


def _end_lemma(p: Prover, fig: Figures, side: Side) -> int | None:
    """Lemma: leftovers plus the side bonus, their maximum found by optimisation."""
    kept: Sequence[Term] = ()
    if side == "A":
        pieces: Sequence[Term] = [z3.Int(f"window{w + 1}_pieces") for w in range(fig.windows)]
        premises: list[Term] = [*fig.premises, *(all_of(n >= 0, n <= 2) for n in pieces)]
        bonus = ornament_bonus(pieces, fig.ornament_of, fig.ornament_points, fig.ornaments)
    else:
        bonus, premises, keys, pieces = side_b(fig)
        kept = keys[2 * fig.windows :]  # the kept colours: every top, then every bottom
    held = [z3.Int(f"strip{w + 1}_pieces_left") for w in range(fig.windows)]
    for n, h in zip(pieces, held, strict=True):
        premises.append(ite(n == 2, h == 0, all_of(h >= 0, h <= fig.spaces - 1)))
    end = leftover_points(held) + bonus
    most = p.maximum(f"the most leftover + side {side} bonus, by optimisation", premises, end)
    if most is not None:
        p.claim(
            f"lemma: leftover + side {side} bonus <= {most}",
            premises,
            end <= most,
            _describe_end(fig, side, pieces, kept, held, bonus),
        )
    return most


def _describe_end(
    fig: Figures,
    side: Side,
    pieces: Sequence[Term],
    kept: Sequence[Term],
    held: Sequence[Term],
    bonus: Term,
) -> Describe:
    """Pieces per window (side A: with the ornaments; side B: the kept colours, ``kept`` being
    every top then every bottom frame piece), pieces left per strip, and the points."""
    letters = codes()

    def show(value: Evaluate) -> list[str]:
        lines = ["pieces per window: " + " ".join(str(value(n)) for n in pieces)]
        if side == "A":
            lines.append(
                "ornament of each window: " + " ".join(str(value(o) + 1) for o in fig.ornament_of)
            )
        else:
            tops, bottoms = kept[: fig.windows], kept[fig.windows :]
            frames = [
                (letters[value(t)] if value(n) >= 1 else "-")
                + (letters[value(b)] if value(n) == 2 else "-")
                for n, t, b in zip(pieces, tops, bottoms, strict=True)
            ]
            lines.append("frames per window (top, bottom; - empty): " + " ".join(frames))
        lines.append("pieces left per strip: " + " ".join(str(value(h)) for h in held))
        end = leftover_points(held) + bonus
        lines.append(
            f"leftover points {value(leftover_points(held))} + side {side} bonus "
            f"{value(bonus)} = {value(end)}"
        )
        return lines

    return show


def _describe_game(game: Game) -> Describe:
    fig = game.fig
    order = game.order
    letters = codes()

    def show(value: Evaluate) -> list[str]:
        lines = [
            "round colours: "
            + ", ".join(f"{roman(r + 1)} {letters[value(c)]}" for r, c in enumerate(game.colour)),
            "window values: " + " ".join(str(value(v)) for v in fig.values[game.side]),
        ]
        steps = sorted((value(order.at[e]), e) for e in order.events if value(order.done[e]))
        for i, (_t, e) in enumerate(steps):
            w, f = e
            lines.append(
                f"{i + 1:2}. round {roman(value(game.round[e]))}: window {w + 1} "
                f"{FRAMES[f]} <- {face_text(fig, value, game.face[e], game.fill[e])}; "
                f"colour bonus {value(game.bonus[e])}, window points "
                f"{value(order.points[e])}, keeps {letters[value(game.keep[e])]}"
            )
        lines.append(
            f"end: window points {value(order.window_points)} + colour bonuses "
            f"{value(game.colour_bonuses)} + leftovers {value(leftover_points(game.held))} "
            f"+ side {game.side} bonus {value(game.side_bonus)} - points lost "
            f"{value(game.lost)} = {value(game.score)}"
        )
        return lines

    return show


def _describe_faces(game: Game) -> Describe:
    """Which strip lies in each slot, and the face each frame space is filled from."""
    fig = game.fig

    def show(value: Evaluate) -> list[str]:
        lines = [
            "strip per slot (face up at setup): "
            + " ".join(
                f"{value(s) + 1}({value(a) + 1})"
                for s, a in zip(game.strip_in, game.setup, strict=True)
            )
        ]
        for e in game.order.events:
            if value(game.order.done[e]):
                w, f = e
                lines.append(f"window {w + 1} {FRAMES[f]} <- {face_text(fig, value, game.face[e])}")
        return lines

    return show


@bound(
    "final-upper",
    "Final score: upper bound",
    (
        "Window points + colour bonuses + leftovers + side bonus - points lost, over the game "
        "model of any game: a sound bound, attained by a witness game of the model. Three "
        "lemmas bound the parts: window points in the order model (found by optimisation), "
        "colour bonuses face by face, leftovers plus side bonus strip by strip (found by "
        "optimisation); the last two carry over to the game model, where strips lie in slots, "
        "because its completions use pairwise different faces."
    ),
    (
        "SCORE-01",
        "FINAL-01",
        "FINAL-02",
        "FINAL-03",
        "FINAL-04",
        "FINAL-05",
        "DONE-02",
        "DONE-03",
        "DONE-04",
        "DONE-05",
        "DONE-06",
        "SETUP-03",
        "SETUP-04",
        "SETUP-08",
        "ROUND-05",
        "TRACK-04",
    ),
    variants=SIDES,
)
def final_upper(p: Prover, scope: Scope, side: Side) -> Bound:
    """A sound upper bound on a player's final score, attained by a witness game."""
    score_ties(p, scope, side)
    fig = figures(scope)
    order = order_model(fig, side)
    window_most = most_window_points(fig, side)
    p.claim(
        f"lemma: window points of a game <= {window_most}",
        order.premises,
        order.window_points <= window_most,
        _describe_order(order, fig, side),
    )
    colour_most = _faces_once(p, fig)
    end_most = _end_lemma(p, fig, side)
    if end_most is None:
        return Bound("no bound: the end bonus optimisation failed")
    most = window_most + colour_most + end_most
    game = game_model(fig, side)
    # The colour and end lemmas are proved strip by strip; the game model puts the strips in
    # slots (SETUP-03). They carry over because no face is completed twice:
    p.claim(
        "lemma: the completions of a game use pairwise different faces",
        game.premises,
        z3.Distinct(*(game.face[e] for e in game.order.events)),
        _describe_faces(game),
    )
    # The three lemmas as the claim's hypothesis (premises: the game model alone), so that a
    # counterexample is a game of the model.
    lemmas = all_of(
        game.order.window_points <= window_most,
        game.colour_bonuses <= colour_most,
        game.end_bonus <= end_most,
    )
    p.claim(
        f"final score <= {window_most} + {colour_most} + {end_most} = {most}",
        game.premises,
        z3.Implies(lemmas, game.score <= most),
        _describe_game(game),
    )
    witness = witness_game(scope, side, colour_most, end_most)
    if witness is None:
        p.fact(f"a witness game scoring {most}", False, ["no plan attains every lemma at once"])
    else:
        p.witness(
            f"a witness game scoring {most}",
            [*game.premises, *fixings(game, witness)],
            game.score == most,
            _describe_game(game),
            keys=[],
        )
    return Bound(
        f"final score <= {most} = {window_most} + {colour_most} + {end_most}",
        {"high": most, "window": window_most, "colour": colour_most, "end": end_most},
    )


def _round_most(p: Prover, fig: Figures, players: int) -> int | None:
    """Lemma: the most steps one player's marker takes in one round, found by optimisation
    over the model :func:`~proofs.models.round.round_takes` for each seat (counted from the
    round's first player), proved for every seat and attained by a witness."""
    _reset_facts(p, fig.windows)
    _invariant(p)
    displays, capacity = fig.factories_for(players), fig.capacity
    cases = []
    for seat in range(players):
        premises, terms = round_takes(players, seat, displays, capacity)
        cases.append((seat, premises, terms, terms["tile"] + terms["taken"]))
    found = []
    for seat, premises, _terms, steps in cases:
        most = p.maximum(
            f"lemma: the most steps of one round, seat {seat + 1} from its first player, by "
            "optimisation",
            premises,
            steps,
        )
        if most is None:
            return None
        found.append(most)
    best = max(found)

    def show(terms: dict[str, Term], steps: Term) -> Describe:
        def lines(value: Evaluate) -> list[str]:
            seats = [
                f"seat {s + 1}: takes {value(terms[f'takes_{s + 1}'])} "
                f"({value(terms[f'display_takes_{s + 1}'])} from a display, "
                f"{value(terms[f'centre_takes_{s + 1}'])} from the centre), resets "
                f"{value(terms[f'resets_{s + 1}'])}, pieces "
                f"{value(terms[f'from_displays_{s + 1}'] + terms[f'from_centre_{s + 1}'])}"
                for s in range(players)
            ]
            return [
                f"{value(terms['turns'])} turns, {value(terms['pieces'])} pieces on "
                f"{value(terms['displays_used'])} displays; steps {value(steps)} (tile "
                f"{value(terms['tile'])})",
                *seats,
            ]

        return lines

    p.claim_each(
        f"lemma: in one round a player's marker takes at most {best} steps, whichever seat "
        "starts it",
        [(premises, steps <= best, show(terms, steps)) for _s, premises, terms, steps in cases],
    )
    seat, premises, terms, steps = cases[found.index(best)]
    keys = [terms["turns"], terms["pieces"], *(terms[f"takes_{s + 1}"] for s in range(players))]
    p.witness(
        f"lemma: a round of {best} steps (seat {seat + 1} from its first player)",
        premises,
        steps == best,
        show(terms, steps),
        keys,
    )
    return best


@bound(
    "final-lower",
    "Final score: lower bound",
    (
        "Only the track takes points: one step for the tile, the first take from the centre "
        "in a round, and one per broken piece, at most the pieces the player takes. The "
        "others' turns make them take pieces: turns go round the table, each player's resets "
        "are at most its takes plus one (termination, step 3), every display holding pieces is "
        "emptied by one take and every take takes at least one piece; so, found by "
        "optimisation, a player's marker takes at most 4 x displays - 2 x (players - 1) + 1 "
        "steps in a round (19, 25 and 31 with 2, 3 and 4 players). The witness is the model's; "
        "the lowest games found (below) stay above it."
    ),
    (
        "SCORE-01",
        "FINAL-03",
        "TRACK-02",
        "TRACK-03",
        "TRACK-04",
        "TAKE-01",
        "TAKE-02",
        "TAKE-03",
        "TAKE-04",
        "PLACE-04",
        "TURN-01",
        "ROUND-03",
        "ROUND-04",
        "RESET-01",
        "RESET-02",
        "END-03",
        "SETUP-09",
    ),
    variants=PLAYERS,
)
def final_lower(p: Prover, scope: Scope, players: int) -> Bound:
    """A sound lower bound on a player's final score, attained by a witness of the model."""
    for side in ("A", "B"):
        final_tie(p, scope, side)
    lost_tie(p, scope)
    marker_tie(p, scope)
    fig = figures(scope)
    rounds = fig.rounds
    per_round = fig.capacity * fig.factories_for(players)
    most = _round_most(p, fig, players)
    if most is None:
        return Bound("no bound: the optimisation failed")
    steps_most = rounds * most
    lost_most = max(lost_after(t, steps_most) for t in concrete_tracks(scope))
    cases = []
    witness = None
    for track in tracks(scope):
        steps_in = [z3.Int(f"round{roman(r + 1)}_steps") for r in range(rounds)]
        gains = z3.Int("points_gained")
        premises: list[Term] = [*track.premises, gains >= 0]
        premises += [all_of(n >= 0, n <= most) for n in steps_in]
        steps = total(steps_in)
        final = gains - lost_after(track.values, steps)
        show = {"steps": steps, "points gained": gains, "final score": final}
        cases.append((premises, final >= -lost_most, show))
        for concrete in concrete_tracks(scope):
            if len(concrete) == len(track.values) and lost_after(concrete, steps_most) == lost_most:
                fixed = [
                    a == b
                    for a, b in zip(track.values, concrete, strict=True)
                    if isinstance(a, z3.ExprRef)
                ]
                witness = (premises + fixed, final == -lost_most, show, concrete)
                break
    p.claim_each(f"final score >= -{lost_most}", cases)
    if witness is None:
        p.fact("a witness", False, ["no track attains the bound"])
    else:
        premises, goal, show, concrete = witness
        p.witness(
            f"every round: take the tile and break {most - 1} of the {per_round} pieces, the "
            f"others taking the fewest their turns allow; nothing gained (track "
            f"{list(concrete)})",
            premises,
            goal,
            show,
        )
    return Bound(
        f"final score >= -{lost_most} (<= {steps_most} steps: {rounds} x {most})",
        {"low": -lost_most, "steps": steps_most, "round": most},
    )
