"""A player's game: the order in which frame spaces are filled, and the game model.

The game model abstracts a whole game to what the score reads (SCORE-01, FINAL-01):

* each of the 16 frame spaces is filled at most once, by a completion, the top one first
  (DONE-04, DONE-05), so there are at most 16 completions, in some order;
* each completion scores a colour bonus (DONE-02) and window points (DONE-06) and keeps a piece
  of the completed face (DONE-03); the face is one of the two faces of the strip in that slot
  (SETUP-03), the one up at setup (never the joker face, SETUP-04) for the top frame space;
* completions happen in rounds 1 to 6, in order; round 1 has any colour and rounds 2 to 6 one
  colour each, all different (SETUP-08, ROUND-05);
* at the end, at most 4 pieces lie on each remaining strip (proved in
  :mod:`proofs.bounds.endgame`) and the side bonus is scored (FINAL-02, FINAL-04, FINAL-05);
* the broken glass track only ever takes points (TRACK-03, FINAL-03): ``lost >= 0``.

It leaves out what limits a real game further (the supply of pieces, the number of turns, the
other players), so every bound proved for the model holds for every game (sound), and the
witness shows that the model attains it.

>>> window_order_bound((4, 3, 2, 3, 1, 2, 1, 2))
136
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import z3

from proofs.figures import Figures
from proofs.harness import Term, all_of, count, ite, select, total
from proofs.models.endgame import leftover_points, ornament_bonus, side_b_bonus
from proofs.models.faces import completed, pick_face, window_points
from sintra_rules.games.sintra.components import Side
from sintra_rules.games.sintra.narration import roman

__all__ = [
    "FRAMES",
    "Event",
    "Game",
    "Order",
    "game_model",
    "most_window_points",
    "order_model",
    "window_order_bound",
]

#: A frame space: (window, 0 top / 1 bottom).
Event = tuple[int, int]
FRAMES = ("top", "bottom")


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


def most_window_points(fig: Figures, side: Side) -> int:
    """The most window points of a game for the figures' scope: with the shipped values, or
    with every window at the largest admissible value."""
    if fig.scope == "shipped":
        return window_order_bound(fig.values[side])
    return window_order_bound([fig.value_range[1]] * fig.windows)


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
    colour = tuple(z3.Int(f"round{roman(r + 1)}_colour") for r in range(rounds))
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
