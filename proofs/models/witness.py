"""Witness games of the game model, for concrete figures: an explicit plan strip by strip,
laid out as completions in the order of a game.

The plan fills every frame space, each face completed at its best colour bonus in a round of
that colour, the top face no later than the bottom one; :func:`witness_game` lays the strips
out so that the top frame spaces are filled from right to left, and :func:`fixings` states the
game as values of the game model's terms (the witness of ``final-upper``).
"""

from __future__ import annotations

import itertools

import attrs

from proofs.figures import Figures, Scope, shipped, witness_table
from proofs.harness import Term
from proofs.models.endgame import ornament_bonus, side_b_bonus
from proofs.models.faces import completed
from proofs.models.game import Game
from sintra_rules.games.sintra.components import ComponentTable, Side, default_components

__all__ = ["Completion", "Plan", "WitnessGame", "fixings", "witness_game"]


@attrs.frozen
class Plan:
    """A witness game strip by strip: round colours, and per strip the face up at setup and,
    per completion (top, bottom), its round, joker fill and kept colour."""

    colours: tuple[int, ...]
    setup: tuple[int, ...]
    rounds: tuple[tuple[int, int], ...]
    fills: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    keeps: tuple[tuple[int, int], ...]


def _plan(fig: Figures, side: Side, colour_most: int, end_most: int) -> Plan | None:
    """An explicit witness game for concrete figures: the first round colours (in order) for
    which every face can be completed at its best bonus in a round of its best colour, the top
    face no later than the bottom one, with joker spaces holding the round's colour; then the
    kept colours: on side B the colour kept by the most faces, else the first keepable one.
    ``None`` when no such plan reaches ``colour_most`` and ``end_most``."""
    windows, colours, rounds = fig.windows, fig.colours, fig.rounds
    best = [[max(f.counts) + f.jokers for f in strip] for strip in fig.faces]

    def good(s: int, f: int, colour: int) -> bool:
        face = fig.faces[s][f]
        return bool(face.counts[colour] + face.jokers == best[s][f])

    for first in range(colours):
        for rest in itertools.permutations(range(colours)):
            order = (first, *rest)
            choice = []
            for s in range(windows):
                options = [
                    (a, top, bottom)
                    for a in (0, 1)
                    if fig.faces[s][a].jokers == 0
                    for top in range(1, rounds + 1)
                    for bottom in range(top, rounds + 1)
                    if good(s, a, order[top - 1]) and good(s, 1 - a, order[bottom - 1])
                ]
                if not options:
                    break
                choice.append(options[0])
            else:
                plan = _keeps(fig, side, order, choice)
                if _plan_value(fig, side, plan) == (colour_most, end_most):
                    return plan
    return None


def _keeps(
    fig: Figures, side: Side, order: tuple[int, ...], choice: list[tuple[int, int, int]]
) -> Plan:
    """Joker spaces hold the round's colour; on side B every face that can keeps the colour
    the most faces can keep, otherwise (and on side A) a face keeps its first colour."""
    fills = []
    pieces = []
    for s, (a, top, bottom) in enumerate(choice):
        per = []
        for f, r in ((a, top), (1 - a, bottom)):
            face = fig.faces[s][f]
            fill = tuple(face.jokers if c == order[r - 1] else 0 for c in range(fig.colours))
            per.append(fill)
            pieces.append(completed(face.counts, fill))
        fills.append((per[0], per[1]))
    holders = [sum(1 for on in pieces if on[c] >= 1) for c in range(fig.colours)]
    target = holders.index(max(holders)) if side == "B" else -1
    kept = [
        target if target >= 0 and on[target] >= 1 else next(c for c, n in enumerate(on) if n)
        for on in pieces
    ]
    return Plan(
        colours=order,
        setup=tuple(a for a, _t, _b in choice),
        rounds=tuple((t, b) for _a, t, b in choice),
        fills=tuple(fills),
        keeps=tuple((kept[2 * s], kept[2 * s + 1]) for s in range(len(choice))),
    )


def _plan_value(fig: Figures, side: Side, plan: Plan) -> tuple[int, int]:
    """The plan's colour bonuses and end bonus (every frame space filled, no strip left)."""
    bonus = 0
    for s, (a, (top, bottom)) in enumerate(zip(plan.setup, plan.rounds, strict=True)):
        for f, r, fill in ((a, top, plan.fills[s][0]), (1 - a, bottom, plan.fills[s][1])):
            bonus += completed(fig.faces[s][f].counts, fill)[plan.colours[r - 1]]
    full = [2] * fig.windows
    if side == "A":
        end = ornament_bonus(full, fig.ornament_of, fig.ornament_points, fig.ornaments)
    else:
        tops = [k[0] for k in plan.keeps]
        bottoms = [k[1] for k in plan.keeps]
        end = side_b_bonus(full, tops, bottoms, fig.colours)
    return bonus, int(end)


@attrs.frozen
class Completion:
    """One completion of a witness game: frame space ``frame`` (0 top, 1 bottom) of window
    ``slot`` filled from face ``face`` of strip ``strip`` in round ``round`` (1-based) of colour
    ``colour``, the joker spaces holding ``fill`` (per colour), keeping a piece of ``keep``."""

    slot: int
    frame: int
    strip: int
    face: int
    round: int
    colour: int
    fill: tuple[int, ...]
    keep: int


@attrs.frozen
class WitnessGame:
    """A witness game of the model, for concrete figures: completions in order."""

    table: ComponentTable
    side: Side
    colours: tuple[int, ...]
    strip_in: tuple[int, ...]
    completions: tuple[Completion, ...]


def _timeline(plan: Plan, fig: Figures) -> tuple[tuple[int, ...], tuple[Completion, ...]]:
    """The plan's strips in slots so that the top frame spaces are filled from right to left
    (earliest top round rightmost), and its completions in round order, tops first (right to
    left), then bottoms."""
    windows = fig.windows
    by_round = sorted(range(windows), key=lambda s: (plan.rounds[s][0], s))
    slot_of = {s: windows - 1 - i for i, s in enumerate(by_round)}
    strip_in = tuple(by_round[windows - 1 - w] for w in range(windows))
    timeline = []
    for s, w in slot_of.items():
        for frame in (0, 1):
            face = plan.setup[s] if frame == 0 else 1 - plan.setup[s]
            r = plan.rounds[s][frame]
            done = Completion(
                w,
                frame,
                s,
                face,
                r,
                plan.colours[r - 1],
                plan.fills[s][frame],
                plan.keeps[s][frame],
            )
            timeline.append(((r, frame, -w if frame == 0 else w), done))
    return strip_in, tuple(done for _key, done in sorted(timeline))


def witness_game(scope: Scope, side: Side, colour_most: int, end_most: int) -> WitnessGame | None:
    """The witness game of ``final-upper`` (``colour_most`` and ``end_most`` are its lemmas'
    bounds), played on the shipped table or on :func:`~proofs.figures.witness_table`."""
    table = default_components() if scope == "shipped" else witness_table()
    concrete = shipped(table)
    plan = _plan(concrete, side, colour_most, end_most)
    if plan is None:
        return None
    strip_in, completions = _timeline(plan, concrete)
    return WitnessGame(table, side, plan.colours, strip_in, completions)


def fixings(game: Game, witness: WitnessGame) -> list[Term]:
    """The witness game as values of the game model's terms."""
    fig = game.fig
    fix: list[Term] = [game.strip_in[w] == s for w, s in enumerate(witness.strip_in)]
    for position, done in enumerate(witness.completions):
        e = (done.slot, done.frame)
        fix += [game.order.done[e], game.order.at[e] == position, game.round[e] == done.round]
        fix += [game.keep[e] == done.keep]
        fix += [y == n for y, n in zip(game.fill[e], done.fill, strict=True)]
        if done.frame == 0:
            fix.append(game.setup[done.slot] == done.face)
    fix += [c == n for c, n in zip(game.colour, witness.colours, strict=True)]
    fix += [h == 0 for h in game.held] + [game.lost == 0]
    if fig.scope == "admissible":
        concrete = shipped(witness.table)
        for side in ("A", "B"):
            fix += [v == n for v, n in zip(fig.values[side], concrete.values[side], strict=True)]
        for symbolic, known in zip(fig.faces, concrete.faces, strict=True):
            for a, b in zip(symbolic, known, strict=True):
                fix += [x == n for x, n in zip(a.counts, b.counts, strict=True)]
                fix.append(a.jokers == b.jokers)
        fix += [o == n for o, n in zip(fig.ornament_of, concrete.ornament_of, strict=True)]
    return fix
