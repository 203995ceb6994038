"""Sintra's models checked against the engine's scoring, on the whole domain of each proof.

Each check runs a function of :mod:`sintra_rules.games.sintra.scoring` on symbolic arguments
(:mod:`proofs.tie`) and claims that it returns what the model of :mod:`proofs.models` computes,
for every argument the proofs reason about, with the shipped table's figures or with every
admissible table's (:mod:`proofs.figures`):

* :func:`colour_tie`: :func:`~sintra_rules.games.sintra.scoring.colour_bonus` is the completed
  face's pieces of the round's colour (DONE-02), for any pieces of each colour;
* :func:`window_tie`: :func:`~sintra_rules.games.sintra.scoring.window_points` is the model's
  window points (DONE-06) for every target window and every filling of the others;
* :func:`marker_tie`: :func:`~sintra_rules.games.sintra.scoring.move_marker`, which the rules
  use to move a marker, gives the position, wraps and points of the closed form (TRACK-02 to
  TRACK-04, RUL-08), from every space, for any number of steps, on every track;
* :func:`lost_tie`: the points lost after ``m`` steps from the top
  (:func:`~sintra_rules.games.sintra.scoring.points_lost` of
  :func:`~sintra_rules.games.sintra.scoring.track_steps`) are the closed form ``L(m)``;
* :func:`leftover_tie`, :func:`bonus_tie`: :func:`~sintra_rules.games.sintra.scoring.final_score`'s
  leftover points (FINAL-02, RUL-15) and side bonus (FINAL-04, FINAL-05, RUL-14) are the
  model's, for any pieces left on the strips and any frame pieces in the windows (every way
  the ornaments pair the windows, for every admissible table);
* :func:`final_tie`: :func:`~sintra_rules.games.sintra.scoring.final_score` adds the leftover
  points, the value of the marker's space and the side bonus (FINAL-01, FINAL-03), whatever the
  first and the last are (the two checks above tie them).
"""

from __future__ import annotations

import contextlib
import functools
import types
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import z3

from proofs.figures import Figures, Scope, codes, figures, tracks
from proofs.harness import Check, Evaluate, Prover, Term, all_of, ite, select, total
from proofs.models.endgame import leftover_points, ornament_bonus, side_b_bonus
from proofs.models.faces import window_points
from proofs.models.track import BOTTOM, lost_after
from proofs.symbolic import Maybe, Sym
from proofs.tie import agree, cached, combined
from sintra_rules import terms
from sintra_rules.games.sintra import scoring as engine_scoring
from sintra_rules.games.sintra import state as engine_state
from sintra_rules.games.sintra.components import Side, default_components

#: The engine's scoring module and state classes, called here on symbolic values (which their
#: annotations, plain numbers, do not describe).
scoring: Any = engine_scoring
PlayerState: Any = engine_state.PlayerState
Strip: Any = engine_state.Strip

__all__ = [
    "bonus_tie",
    "colour_tie",
    "final_tie",
    "leftover_tie",
    "lost_tie",
    "marker_tie",
    "score_ties",
    "window_tie",
]

#: The engine's modules a Sintra tie runs (a change to one of them is a new check).
MODULES = (engine_scoring, engine_state, terms)


def _int(x: Any) -> Any:
    """A result of the engine as a Z3 term (or a number)."""
    if isinstance(x, Sym):
        t = x.term
        return z3.If(t, 1, 0) if isinstance(t, z3.BoolRef) else t
    return x


def _all_eq(a: Sequence[Any], b: Sequence[Any]) -> Any:
    """Each item of ``a`` equals the item of ``b`` in its place."""
    return z3.And(*(_eq(x, y) for x, y in zip(a, b, strict=True)))


def _eq(a: Any, b: Any) -> Any:
    a, b = _int(a), _int(b)
    if not isinstance(a, z3.ExprRef) and not isinstance(b, z3.ExprRef):
        return z3.BoolVal(a == b)
    return a == b


@functools.cache
def _scope_name(scope: Scope) -> str:
    return "the shipped table" if scope == "shipped" else "every admissible table"


def colour_tie(p: Prover, scope: Scope) -> Check:
    """The engine's colour bonus of a completed face is the model's: its pieces of the round's
    colour, for any pieces of each colour and any round colour (DONE-02)."""

    def compute(q: Prover) -> Check:
        fig = figures(scope)
        counts = [z3.Int(f"completed_{c}") for c in codes()]
        colour = z3.Int("round_colour")
        premises = [*(n >= 0 for n in counts), colour >= 0, colour < fig.colours]

        def show(ev: Evaluate) -> list[str]:
            pieces = " ".join(f"{k}{ev(n)}" for k, n in zip(codes(), counts, strict=True))
            return [
                f"completed face: {pieces}; round colour {codes()[ev(colour)]}",
                f"the model's colour bonus {ev(select(counts, colour))}",
            ]

        return agree(
            q,
            "the engine's colour_bonus is the model's, for any pieces of each colour and any "
            "round colour",
            lambda: scoring.colour_bonus(tuple(Sym(n) for n in counts), Sym(colour)),
            lambda e: _eq(e, select(counts, colour)),
            premises,
            show,
            lambda ev: scoring.colour_bonus(tuple(ev(n) for n in counts), ev(colour)),
        )

    return cached(p, ("sintra colour", scope), MODULES, compute)


def _windows(fig: Figures, name: str = "window") -> tuple[list[Any], list[Any], Any, list[Term]]:
    """Symbolic windows: per window its top and bottom frame pieces (present, colour), the bottom
    one only under a top one (DONE-04, DONE-05); their premises and the pieces per window."""
    tops = [z3.Bool(f"{name}{w + 1}_top") for w in range(fig.windows)]
    bottoms = [z3.Bool(f"{name}{w + 1}_bottom") for w in range(fig.windows)]
    kt = [z3.Int(f"{name}{w + 1}_top_colour") for w in range(fig.windows)]
    kb = [z3.Int(f"{name}{w + 1}_bottom_colour") for w in range(fig.windows)]
    premises: list[Term] = [z3.Implies(b, t) for t, b in zip(tops, bottoms, strict=True)]
    premises += [all_of(k >= 0, k < fig.colours) for k in (*kt, *kb)]
    windows = tuple(
        (Maybe(Sym(t), Sym(a)), Maybe(Sym(b), Sym(c)))
        for t, b, a, c in zip(tops, bottoms, kt, kb, strict=True)
    )
    pieces = [z3.If(b, 2, z3.If(t, 1, 0)) for t, b in zip(tops, bottoms, strict=True)]
    return list(windows), [tops, bottoms, kt, kb], pieces, premises


def _plain_windows(ev: Evaluate, parts: Sequence[Sequence[Any]]) -> tuple[Any, ...]:
    tops, bottoms, kt, kb = parts
    return tuple(
        (ev(a) if ev(t) else None, ev(c) if ev(b) else None)
        for t, b, a, c in zip(tops, bottoms, kt, kb, strict=True)
    )


def _window_text(windows: Sequence[Any]) -> str:
    letters = codes()
    return " ".join("".join("-" if x is None else letters[x] for x in frame) for frame in windows)


def window_tie(p: Prover, scope: Scope, side: Side) -> Check:
    """The engine's window points of a completion are the model's, for every target window and
    every filling of the windows (DONE-06)."""

    def compute(q: Prover) -> Check:
        fig = figures(scope)
        values = fig.values[side]
        windows, parts, _pieces, premises = _windows(fig)
        target = z3.Int("target")
        premises = [*fig.premises, *premises, target >= 0, target < fig.windows]
        occupied = parts[0]
        model = window_points(values, occupied, target)
        value_list = list(values)

        def show(ev: Evaluate) -> list[str]:
            return [
                "window values " + " ".join(str(ev(v)) for v in value_list),
                f"windows (top, bottom; - empty): {_window_text(_plain_windows(ev, parts))}",
                f"target window {ev(target) + 1}: the model's window points {ev(model)}",
            ]

        return agree(
            q,
            f"the engine's window_points (side {side}) is the model's, for every target window "
            f"and every filling of the windows",
            lambda: scoring.window_points(
                tuple(Sym(v) if isinstance(v, z3.ExprRef) else v for v in values),
                windows,
                Sym(target),
            ),
            lambda e: _eq(e, model),
            premises,
            show,
            lambda ev: scoring.window_points(
                tuple(ev(v) for v in value_list), _plain_windows(ev, parts), ev(target)
            ),
        )

    return cached(p, ("sintra window", scope, side), MODULES, compute)


def _track_args(values: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(Sym(v) if isinstance(v, z3.ExprRef) else v for v in values)


def marker_tie(p: Prover, scope: Scope) -> Check:
    """The engine's move of a marker (the function the rules call) is the closed form, from
    every space, for any number of steps, on every track of the scope."""

    def compute(q: Prover) -> Check:
        scratch = type(q)()
        start, steps = z3.Ints("start steps")
        for track in tracks(scope):
            c = track.cycle
            premises = [*track.premises, start >= 0, start < c, steps >= 0]
            values = track.values
            model = (
                (start + steps) % c,
                (start + steps) / c,
                BOTTOM * ((start + steps) / c),
                lost_after(values, start + steps) - lost_after(values, start),
            )

            def show(ev: Evaluate, values: Sequence[Any] = values, model: Any = model) -> list[str]:
                return [
                    f"track {[ev(v) for v in values]}",
                    f"from space {ev(start)}, {ev(steps)} steps: the closed form gives "
                    f"(position, wraps, deducted, lost) = {tuple(ev(m) for m in model)}",
                ]

            def run(values: Sequence[Any] = values) -> Any:
                return scoring.move_marker(_track_args(values), Sym(start), Sym(steps))

            def goal(e: Any, model: Any = model) -> Any:
                return _all_eq(e, model)

            def plain(ev: Evaluate, values: Sequence[Any] = values) -> Any:
                return scoring.move_marker(tuple(ev(v) for v in values), ev(start), ev(steps))

            agree(scratch, "", run, goal, premises, show, plain)
        return combined(
            q,
            "the engine's move_marker (which the rules call) gives the position, the wraps, the "
            "points deducted at once and the points lost of the closed form, from every space, "
            "for any number of steps, on every track",
            scratch.checks,
        )

    return cached(p, ("sintra marker", scope), MODULES, compute)


def lost_tie(p: Prover, scope: Scope) -> Check:
    """The engine's points lost after ``m`` steps from the top are the closed form ``L(m)``,
    for every ``m``, on every track of the scope."""

    def compute(q: Prover) -> Check:
        scratch = type(q)()
        m = z3.Int("m")
        for track in tracks(scope):
            values = track.values
            model = lost_after(values, m)

            def run(values: Sequence[Any] = values) -> Any:
                args = _track_args(values)
                return scoring.points_lost(args, *scoring.track_steps(args, 0, Sym(m)))

            def plain(ev: Evaluate, values: Sequence[Any] = values) -> Any:
                args = tuple(ev(v) for v in values)
                return scoring.points_lost(args, *scoring.track_steps(args, 0, ev(m)))

            def show(ev: Evaluate, values: Sequence[Any] = values, model: Any = model) -> list[str]:
                return [f"track {[ev(v) for v in values]}", f"m = {ev(m)}: L(m) = {ev(model)}"]

            agree(
                scratch,
                "",
                run,
                functools.partial(_eq, b=model),
                [*track.premises, m >= 0],
                show,
                plain,
            )
        return combined(
            q,
            "the engine's points lost after m steps from the top (points_lost of track_steps) "
            "are the closed form L(m), for every m, on every track",
            scratch.checks,
        )

    return cached(p, ("sintra lost", scope), MODULES, compute)


def _tables(fig: Figures) -> tuple[Any, list[Term], list[Term]]:
    """The table the engine's final scoring reads, the premises tying it to the model's
    figures, and a lemma those premises imply: the shipped table; or, for every admissible
    table, a table whose ornament ``k`` is two symbolic windows, both of ornament ``k`` in the
    model (so, each ornament holding two windows, exactly its two, in either order: every
    admissible table and every order of its ornaments). The lemma (per ornament, the model's
    pieces around it are those of its two windows) is claimed before it is used."""
    shipped = default_components()
    if fig.scope == "shipped":
        return shipped, [], []
    first = [z3.Int(f"ornament{k + 1}_first_window") for k in range(fig.ornaments)]
    second = [z3.Int(f"ornament{k + 1}_second_window") for k in range(fig.ornaments)]
    stand_in = types.SimpleNamespace(
        ornaments=tuple((Sym(a), Sym(b)) for a, b in zip(first, second, strict=True)),
        ornament_points=shipped.ornament_points,
        colours=shipped.colours,
        track=shipped.track,
    )
    premises: list[Term] = [all_of(w >= 0, w < fig.windows) for w in (*first, *second)]
    premises += [
        all_of(a != b, select(list(fig.ornament_of), a) == k, select(list(fig.ornament_of), b) == k)
        for k, (a, b) in enumerate(zip(first, second, strict=True))
    ]
    return stand_in, premises, [*first, *second]


def _player(fig: Figures, windows: Sequence[Any]) -> tuple[Any, list[Any], list[Term]]:
    """A symbolic player: a strip in each slot, or none, each holding any pieces (per colour,
    on colour spaces and on joker spaces), the given windows, the marker on any space."""
    present = [z3.Bool(f"slot{w + 1}_has_strip") for w in range(fig.windows)]
    filled = [[z3.Int(f"slot{w + 1}_{k}") for k in codes()] for w in range(fig.windows)]
    jokers = [[z3.Int(f"slot{w + 1}_joker_{k}") for k in codes()] for w in range(fig.windows)]
    premises: list[Term] = [n >= 0 for row in (*filled, *jokers) for n in row]
    strips = tuple(
        Maybe(Sym(h), Strip(w, 0, tuple(Sym(n) for n in f), tuple(Sym(n) for n in j)))
        for w, (h, f, j) in enumerate(zip(present, filled, jokers, strict=True))
    )
    held = [z3.If(h, total([*f, *j]), 0) for h, f, j in zip(present, filled, jokers, strict=True)]
    marker = z3.Int("marker")
    player = PlayerState(strips, 0, tuple(windows), 0, Sym(marker), 0)
    return player, [present, filled, jokers, marker], held + premises


def leftover_tie(p: Prover, scope: Scope) -> Check:
    """The engine's leftover points are the model's, one per 3 pieces on all strips together,
    for any pieces on any strips, on both board sides (FINAL-02, RUL-15)."""

    def compute(q: Prover) -> Check:
        fig = figures(scope)
        windows, _parts, _pieces, premises = _windows(fig)
        player, _fields, extra = _player(fig, windows)
        held, strip_premises = extra[: fig.windows], extra[fig.windows :]
        marker = _fields[3]
        table = default_components()
        model = leftover_points(held)
        c = len(table.track) - 1

        def show(ev: Evaluate) -> list[str]:
            return [
                "pieces per strip (0: none or no strip): " + " ".join(str(ev(h)) for h in held),
                f"the model's leftover points {ev(model)}",
            ]

        def plain(ev: Evaluate) -> Any:
            return tuple(
                scoring.final_score(
                    table, side, _plain_player(ev, _fields, _plain_windows(ev, _parts))
                ).leftovers
                for side in ("A", "B")
            )

        return agree(
            q,
            "the engine's final_score counts leftover points as the model does, one per 3 "
            "pieces on all strips together, for any pieces on any strips, on both sides",
            lambda: tuple(
                scoring.final_score(table, side, player).leftovers for side in ("A", "B")
            ),
            lambda e: z3.And(*(_eq(x, model) for x in e)),
            [*premises, *strip_premises, marker >= 0, marker < c],
            show,
            plain,
        )

    return cached(p, ("sintra leftover", scope), MODULES, compute)


def _plain_player(ev: Evaluate, fields: Sequence[Any], windows: tuple[Any, ...]) -> Any:
    """The symbolic player of :func:`_player` in a model, as the engine's plain values."""
    present, filled, jokers, marker = fields
    strips = tuple(
        Strip(w, 0, tuple(ev(n) for n in f), tuple(ev(n) for n in j)) if ev(h) else None
        for w, (h, f, j) in enumerate(zip(present, filled, jokers, strict=True))
    )
    return PlayerState(strips, 0, windows, 0, ev(marker), 0)


def bonus_tie(p: Prover, scope: Scope, side: Side) -> Check:
    """The engine's side bonus of final scoring is the model's, for any frame pieces in the
    windows (and, for every admissible table, every way the ornaments pair the windows)."""

    def compute(q: Prover) -> Check:
        fig = figures(scope)
        windows, parts, pieces, premises = _windows(fig)
        player, fields, extra = _player(fig, windows)
        strip_premises = extra[fig.windows :]
        tops, bottoms, kt, kb = parts
        if side == "A":
            model = ornament_bonus(pieces, fig.ornament_of, fig.ornament_points, fig.ornaments)
        else:
            model = side_b_bonus(pieces, kt, kb, fig.colours)
        table, table_premises, ends = _tables(fig)
        marker = fields[3]
        c = len(default_components().track) - 1
        domain = [*fig.premises, *premises, *strip_premises, marker >= 0, marker < c]
        domain += table_premises if side == "A" else []
        lemma: list[Term] = []
        if side == "A" and ends:  # per ornament, the model's pieces are its two windows'
            half = len(ends) // 2
            lemma = [
                total(ite(o == k, n, 0) for o, n in zip(fig.ornament_of, pieces, strict=True))
                == total(z3.If(select(frame, w), 1, 0) for w in (a, b) for frame in (tops, bottoms))
                for k, (a, b) in enumerate(zip(ends[:half], ends[half:], strict=True))
            ]

        def show(ev: Evaluate) -> list[str]:
            lines = [f"windows (top, bottom; - empty): {_window_text(_plain_windows(ev, parts))}"]
            if side == "A":
                lines.append(
                    "ornament of each window: " + " ".join(str(ev(o) + 1) for o in fig.ornament_of)
                )
            return [*lines, f"the model's side {side} bonus {ev(model)}"]

        if lemma:
            q.claim(
                "each symbolic ornament of the table holds the two windows of the model's",
                domain,
                all_of(*lemma),
                lambda ev: [
                    *show(ev),
                    "the table's ornaments: "
                    + " ".join(
                        f"{ev(a) + 1}-{ev(b) + 1}"
                        for a, b in zip(ends[: len(ends) // 2], ends[len(ends) // 2 :], strict=True)
                    ),
                ],
            )

        def plain(ev: Evaluate) -> Any:
            concrete = table
            if ends:
                half = len(ends) // 2
                concrete = types.SimpleNamespace(
                    ornaments=tuple(
                        (ev(a), ev(b)) for a, b in zip(ends[:half], ends[half:], strict=True)
                    ),
                    ornament_points=table.ornament_points,
                    colours=table.colours,
                    track=table.track,
                )
            return scoring.final_score(
                concrete, side, _plain_player(ev, fields, _plain_windows(ev, parts))
            ).bonus

        agree(
            q,
            "",
            lambda: scoring.final_score(table, side, player).bonus,
            lambda e: _eq(e, model),
            [*domain, *lemma],
            show,
            plain,
            engine="flat",
        )
        return combined(
            q,
            f"the engine's final_score scores the side {side} bonus as the model does, for any "
            f"frame pieces in the windows"
            + ("" if fig.scope == "shipped" else " and every pairing of the windows by ornaments"),
            q.checks,
        )

    return cached(p, ("sintra bonus", scope, side), MODULES, compute)


@contextlib.contextmanager
def _parts(
    left: Callable[..., Any], a: Callable[..., Any], b: Callable[..., Any]
) -> Iterator[None]:
    """The engine's leftover points and side bonuses replaced, for the block: what
    :func:`final_tie` checks is how ``final_score`` adds them, whatever they are."""
    saved = scoring.leftover_points, scoring.ornament_bonus, scoring.side_b_bonus
    scoring.leftover_points, scoring.ornament_bonus, scoring.side_b_bonus = left, a, b
    try:
        yield
    finally:
        scoring.leftover_points, scoring.ornament_bonus, scoring.side_b_bonus = saved


def final_tie(p: Prover, scope: Scope, side: Side) -> Check:
    """The engine's final scoring adds the leftover points, the value of the marker's space
    and the side bonus (FINAL-01, FINAL-03), whatever the first and the last are, from every
    space of every track."""

    def compute(q: Prover) -> Check:
        scratch = type(q)()
        fig = figures(scope)
        left, bonus, marker = z3.Ints("leftover_points side_bonus marker")
        for track in tracks(scope):
            table = types.SimpleNamespace(
                ornaments=default_components().ornaments,
                ornament_points=fig.ornament_points,
                colours=fig.colours,
                track=_track_args(track.values),
            )
            player = PlayerState((), 0, (), 0, Sym(marker), 0)
            model = (left, select(list(track.values), marker), bonus)

            def fakes(read: Callable[[Any], Any]) -> Any:
                return _parts(
                    lambda pieces: read(left),
                    lambda table, windows: read(bonus) if side == "A" else read(z3.IntVal(-1)),
                    lambda colours, windows: read(bonus) if side == "B" else read(z3.IntVal(-1)),
                )

            def run(table: Any = table, player: Any = player) -> Any:
                with fakes(Sym):
                    final = scoring.final_score(table, side, player)
                    return (final.leftovers, final.track, final.bonus, final.total)

            def plain(ev: Evaluate, track: Any = track) -> Any:
                stand_in = types.SimpleNamespace(
                    ornaments=default_components().ornaments,
                    ornament_points=fig.ornament_points,
                    colours=fig.colours,
                    track=tuple(ev(v) for v in track.values),
                )
                with fakes(ev):
                    final = scoring.final_score(
                        stand_in,
                        side,
                        PlayerState((), 0, (), 0, ev(marker), 0),
                    )
                    return (final.leftovers, final.track, final.bonus, final.total)

            def show(ev: Evaluate, track: Any = track, model: Any = model) -> list[str]:
                return [
                    f"track {[ev(v) for v in track.values]}, marker on space {ev(marker)}",
                    f"leftover points {ev(left)}, side {side} bonus {ev(bonus)}: (leftovers, "
                    f"track, bonus, total) should be {tuple(ev(x) for x in model)} and "
                    f"{ev(sum(model))}",
                ]

            agree(
                scratch,
                "",
                run,
                functools.partial(_all_eq, b=(*model, sum(model))),
                [*track.premises, marker >= 0, marker < track.cycle, left >= 0, bonus >= 0],
                show,
                plain,
            )
        return combined(
            q,
            f"the engine's final_score (side {side}) adds the leftover points, the value of the "
            f"marker's space and the side bonus, whatever the first and the last are, from "
            f"every space of every track",
            scratch.checks,
        )

    return cached(p, ("sintra final", scope, side), MODULES, compute)


def score_ties(p: Prover, scope: Scope, side: Side) -> None:
    """Every tie a proof about final scores rests on: the colour bonus and the window points
    of a completion, the leftover points, the side bonus, the track and final scoring's sum."""
    colour_tie(p, scope)
    window_tie(p, scope, side)
    leftover_tie(p, scope)
    bonus_tie(p, scope, side)
    lost_tie(p, scope)
    marker_tie(p, scope)
    final_tie(p, scope, side)
