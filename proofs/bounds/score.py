"""A player's final score over any game: window points, and sound upper and lower bounds.

The game model abstracts a whole game to what the score reads (SCORE-01, FINAL-01):

* each of the 16 frame spaces is filled at most once, by a completion, the top one first
  (DONE-04, DONE-05), so there are at most 16 completions, in some order;
* each completion scores a colour bonus (DONE-02) and window points (DONE-06) and keeps a piece
  of the completed face (DONE-03); the face is one of the two faces of the strip in that slot
  (SETUP-03), the one up at setup (never the joker face, SETUP-04) for the top frame space;
* completions happen in rounds 1 to 6, in order; round 1 has any colour and rounds 2 to 6 one
  colour each, all different (SETUP-08, ROUND-05);
* at the end, at most 4 pieces lie on each remaining strip (see :mod:`proofs.endgame`) and the
  side bonus is scored (FINAL-02, FINAL-04, FINAL-05);
* the broken glass track only ever takes points (TRACK-03, FINAL-03): ``lost >= 0``.

It leaves out what limits a real game further (the supply of pieces, the number of turns, the
other players), so every bound proved for the model holds for every game (sound), and the
witness shows that the model attains it.

The upper bound is the sum of three lemmas, each proved where it is read: window points (the
completion order, found by optimisation), colour bonuses (each face once, at most its best) and
leftovers plus the side bonus (found by optimisation). A witness game of the model attains the
sum. The lower bound counts the most steps a player's marker can take: one per round for the
tile (TAKE-03) and one per broken piece, at most every piece put on the displays that round
(END-03, PLACE-04).

>>> window_order_bound((4, 3, 2, 3, 1, 2, 1, 2))
136
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import attrs
import z3

from proofs.completion import best_bonus, completed, face_text, pick_face, window_points
from proofs.endgame import leftover_points, ornament_bonus, side_b, side_b_bonus
from proofs.harness import (
    Bound,
    Describe,
    Evaluate,
    Prover,
    Term,
    all_of,
    count,
    ite,
    select,
    total,
)
from proofs.tables import (
    Figures,
    Scope,
    concrete_tracks,
    figures,
    shipped,
    tracks,
    witness_table,
)
from proofs.track import lost_after
from sintra_rules.components import ComponentTable, Side, default_components

__all__ = [
    "Completion",
    "Game",
    "Order",
    "WitnessGame",
    "final_lower",
    "final_upper",
    "game_model",
    "order_model",
    "window_order",
    "window_order_bound",
    "witness_game",
]

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")
Event = tuple[int, int]  # (window, 0 top / 1 bottom)
FRAMES = ("top", "bottom")


def _codes() -> tuple[str, ...]:
    return default_components().colour_codes


def window_order_bound(values: Sequence[int]) -> int:
    """The most window points of a game (DONE-06): window ``u`` (0-based) is counted by its
    own two completions and by the two of every window to its left, ``2 * (u + 1)`` times."""
    return sum(2 * (u + 1) * v for u, v in enumerate(values))


@attrs.frozen
class Order:
    """Which frame spaces get filled, and when (``at``: the position in the game's order)."""

    events: tuple[Event, ...]
    done: dict[Event, z3.BoolRef]
    at: dict[Event, z3.ArithRef]
    points: dict[Event, Term]
    premises: tuple[Term, ...]

    @property
    def window_points(self) -> Term:
        """All the window points of the game."""
        return total(ite(self.done[e], self.points[e], 0) for e in self.events)


def order_model(fig: Figures, side: Side) -> Order:
    """Completions of the frame spaces in some order, with their window points (DONE-04 to
    DONE-06)."""
    windows = fig.windows
    events = tuple((w, f) for w in range(windows) for f in (0, 1))
    done = {e: z3.Bool(f"window{e[0] + 1}_{FRAMES[e[1]]}_filled") for e in events}
    at = {e: z3.Int(f"window{e[0] + 1}_{FRAMES[e[1]]}_at") for e in events}
    premises: list[Term] = [*fig.premises, z3.Distinct(*at.values())]
    premises += [all_of(t >= 0, t < len(events)) for t in at.values()]
    for w in range(windows):
        premises += [z3.Implies(done[(w, 1)], done[(w, 0)]), at[(w, 0)] < at[(w, 1)]]
    points = {}
    for e in events:
        before = [all_of(done[(u, 0)], at[(u, 0)] < at[e]) for u in range(windows)]
        points[e] = window_points(fig.values[side], before, e[0])
    return Order(events, done, at, points, tuple(premises))


def _most(fig: Figures, side: Side) -> int:
    if fig.scope == "shipped":
        return window_order_bound(fig.values[side])
    return window_order_bound([fig.value_range[1]] * fig.windows)


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


def window_order(p: Prover, scope: Scope, side: Side) -> Bound:
    """The order of completions that maximises window points, found by optimisation (DONE-04
    to DONE-06, FIG-04, FIG-05)."""
    fig = figures(scope)
    order = order_model(fig, side)
    most = _most(fig, side)
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


# --- the whole game ---------------------------------------------------------------------------


@attrs.frozen
class Game:
    """The game model of one player (see the module's documentation)."""

    fig: Figures
    side: Side
    order: Order
    strip_in: tuple[z3.ArithRef, ...]
    setup: tuple[z3.ArithRef, ...]
    round: dict[Event, z3.ArithRef]
    colour: tuple[z3.ArithRef, ...]
    fill: dict[Event, tuple[z3.ArithRef, ...]]
    keep: dict[Event, z3.ArithRef]
    face: dict[Event, Term]
    bonus: dict[Event, Term]
    held: tuple[z3.ArithRef, ...]
    lost: z3.ArithRef
    side_bonus: Term
    premises: tuple[Term, ...]

    @property
    def colour_bonuses(self) -> Term:
        """All the colour bonuses of the game."""
        return total(ite(self.order.done[e], self.bonus[e], 0) for e in self.order.events)

    @property
    def end_bonus(self) -> Term:
        """Leftover pieces plus the side bonus (FINAL-02, FINAL-04, FINAL-05)."""
        return leftover_points(self.held) + self.side_bonus

    @property
    def score(self) -> Term:
        """The final score (SCORE-01, FINAL-01)."""
        return self.order.window_points + self.colour_bonuses + self.end_bonus - self.lost


def game_model(fig: Figures, side: Side) -> Game:
    """The game model with the figures ``fig`` on board ``side``."""
    order = order_model(fig, side)
    windows, colours, rounds = fig.windows, fig.colours, fig.rounds
    events = order.events
    strip_in = tuple(z3.Int(f"slot{w + 1}_strip") for w in range(windows))
    setup = tuple(z3.Int(f"slot{w + 1}_setup_face") for w in range(windows))
    colour = tuple(z3.Int(f"round{ROMAN[r]}_colour") for r in range(rounds))
    premises: list[Term] = [*order.premises, z3.Distinct(*strip_in), z3.Distinct(*colour[1:])]
    premises += [all_of(s >= 0, s < windows) for s in strip_in]
    premises += [all_of(a >= 0, a <= 1) for a in setup]
    premises += [all_of(c >= 0, c < colours) for c in colour]
    rnd, fill, keep, face_of, bonus = {}, {}, {}, {}, {}
    for w, f in events:
        e = (w, f)
        name = f"window{w + 1}_{FRAMES[f]}"
        rnd[e] = z3.Int(f"{name}_round")
        keep[e] = z3.Int(f"{name}_keeps")
        fill[e] = tuple(z3.Int(f"{name}_joker_{c}") for c in range(colours))
        face_of[e] = 2 * strip_in[w] + (setup[w] if f == 0 else 1 - setup[w])
        face = pick_face(fig, face_of[e])
        pieces = completed(face.counts, fill[e])
        premises += [rnd[e] >= 1, rnd[e] <= rounds, *(y >= 0 for y in fill[e])]
        premises += [total(fill[e]) == face.jokers, keep[e] >= 0, keep[e] < colours]
        premises.append(select(pieces, keep[e]) >= 1)  # DONE-03
        if f == 0:
            premises.append(face.jokers == 0)  # SETUP-04
        bonus[e] = select(pieces, select(colour, rnd[e] - 1))  # DONE-02, ROUND-05
    for e in events:
        for g in events:
            if e != g:
                premises.append(z3.Implies(order.at[e] < order.at[g], rnd[e] <= rnd[g]))
    held = tuple(z3.Int(f"slot{w + 1}_pieces_left") for w in range(windows))
    for w in range(windows):
        premises.append(
            ite(order.done[(w, 1)], held[w] == 0, all_of(held[w] >= 0, held[w] <= fig.spaces - 1))
        )
    lost = z3.Int("points_lost")
    premises.append(lost >= 0)
    framed = [count([order.done[(w, 0)], order.done[(w, 1)]]) for w in range(windows)]
    if side == "A":
        side_bonus = ornament_bonus(framed, fig.ornament_of, fig.ornament_points, fig.ornaments)
    else:
        tops = [keep[(w, 0)] for w in range(windows)]
        bottoms = [keep[(w, 1)] for w in range(windows)]
        side_bonus = side_b_bonus(framed, tops, bottoms, colours)
    return Game(
        fig,
        side,
        order,
        strip_in,
        setup,
        rnd,
        colour,
        fill,
        keep,
        face_of,
        bonus,
        held,
        lost,
        side_bonus,
        tuple(premises),
    )


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
    codes = _codes()

    def show(value: Evaluate) -> list[str]:
        lines = ["pieces per window: " + " ".join(str(value(n)) for n in pieces)]
        if side == "A":
            lines.append(
                "ornament of each window: " + " ".join(str(value(o) + 1) for o in fig.ornament_of)
            )
        else:
            tops, bottoms = kept[: fig.windows], kept[fig.windows :]
            frames = [
                (codes[value(t)] if value(n) >= 1 else "-")
                + (codes[value(b)] if value(n) == 2 else "-")
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
    bounds), played on the shipped table or on :func:`~proofs.tables.witness_table`."""
    table = default_components() if scope == "shipped" else witness_table()
    concrete = shipped(table)
    plan = _plan(concrete, side, colour_most, end_most)
    if plan is None:
        return None
    strip_in, completions = _timeline(plan, concrete)
    return WitnessGame(table, side, plan.colours, strip_in, completions)


def _fixings(game: Game, witness: WitnessGame) -> list[Term]:
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


def _describe_game(game: Game) -> Describe:
    fig = game.fig
    order = game.order
    codes = _codes()

    def show(value: Evaluate) -> list[str]:
        lines = [
            "round colours: "
            + ", ".join(f"{ROMAN[r]} {codes[value(c)]}" for r, c in enumerate(game.colour)),
            "window values: " + " ".join(str(value(v)) for v in fig.values[game.side]),
        ]
        steps = sorted((value(order.at[e]), e) for e in order.events if value(order.done[e]))
        for i, (_t, e) in enumerate(steps):
            w, f = e
            lines.append(
                f"{i + 1:2}. round {ROMAN[value(game.round[e]) - 1]}: window {w + 1} "
                f"{FRAMES[f]} <- {face_text(fig, value, game.face[e], game.fill[e])}; "
                f"colour bonus {value(game.bonus[e])}, window points "
                f"{value(order.points[e])}, keeps {codes[value(game.keep[e])]}"
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


def final_upper(p: Prover, scope: Scope, side: Side) -> Bound:
    """A sound upper bound on a player's final score, attained by a witness game (SCORE-01,
    FINAL-01 to FINAL-05, DONE-02 to DONE-06, SETUP-03, SETUP-04, SETUP-08, ROUND-05)."""
    fig = figures(scope)
    order = order_model(fig, side)
    window_most = _most(fig, side)
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
            [*game.premises, *_fixings(game, witness)],
            game.score == most,
            _describe_game(game),
            keys=[],
        )
    return Bound(
        f"final score <= {most} = {window_most} + {colour_most} + {end_most}",
        {"high": most, "window": window_most, "colour": colour_most, "end": end_most},
    )


def final_lower(p: Prover, scope: Scope, players: int) -> Bound:
    """A sound lower bound on a player's final score, attained by a witness (SCORE-01,
    TRACK-02 to TRACK-04, FINAL-03, TAKE-03, PLACE-04, END-03, SETUP-09)."""
    fig = figures(scope)
    rounds = fig.rounds
    per_round = fig.capacity * fig.factories_for(players)
    steps_most = rounds * (1 + per_round)
    lost_most = max(lost_after(t, steps_most) for t in concrete_tracks(scope))
    cases = []
    witness = None
    for track in tracks(scope):
        tile = [z3.Int(f"round{ROMAN[r]}_tile_step") for r in range(rounds)]
        shown = [z3.Int(f"round{ROMAN[r]}_display_pieces") for r in range(rounds)]
        broken = [z3.Int(f"round{ROMAN[r]}_broken") for r in range(rounds)]
        gains = z3.Int("points_gained")
        premises: list[Term] = [*track.premises, gains >= 0]
        for r in range(rounds):
            premises += [
                all_of(tile[r] >= 0, tile[r] <= 1),
                all_of(shown[r] >= 0, shown[r] <= per_round),
            ]
            premises.append(all_of(broken[r] >= 0, broken[r] <= shown[r]))
        steps = total(tile) + total(broken)
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
            f"every round: take the tile, break all {per_round} pieces; nothing gained "
            f"(track {list(concrete)})",
            premises,
            goal,
            show,
        )
    return Bound(
        f"final score >= -{lost_most} (<= {steps_most} steps: {rounds} x (1 + {per_round}))",
        {"low": -lost_most, "steps": steps_most},
    )
