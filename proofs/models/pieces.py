"""Where the pieces lie, and every transition the engine performs on them.

Model (COMP-01): the pieces of each colour lie in the bag, the tower, the centre, the factory
displays, the current player's strips and windows, the round indicator, or *in hand* (taken
this turn, not yet placed or broken). Each transition below mirrors what
:func:`sintra_rules.games.sintra.rules.apply` and
:func:`sintra_rules.games.sintra.setup.fill_factories` do to these places; a whole take is a take, a
placement, the breaking of the rest and, if the strip is full, its completion.

>>> piles = Piles.empty(colours=2, factories=2, strips=1)
>>> piles = attrs.evolve(piles, factories=((1, 3), (0, 0)))
>>> guard, after = take_factory(piles, 0, 1)
>>> guard, after.hand, after.centre, after.factories
(True, (0, 3), (1, 0), ((0, 0), (0, 0)))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs
import z3

from proofs.figures import Figures
from proofs.harness import Evaluate, Term, all_of, any_of, ite, negate, select, total

__all__ = [
    "Piles",
    "break_rest",
    "complete",
    "counts",
    "end_round",
    "example",
    "place",
    "refill_draw",
    "refill_from_tower",
    "show_change",
    "take_centre",
    "take_factory",
]

Vector = tuple[Term, ...]


def _plus(a: Sequence[Term], b: Sequence[Term]) -> Vector:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _only(colour: Term, amount: Term, colours: int) -> Vector:
    """``amount`` pieces of ``colour`` and none of the others."""
    return tuple(ite(colour == k, amount, 0) for k in range(colours))


@attrs.frozen
class Piles:
    """Pieces per colour in every place a transition can touch."""

    bag: Vector
    tower: Vector
    centre: Vector
    hand: Vector
    windows: Vector
    indicator: Vector
    factories: tuple[Vector, ...]
    strips: tuple[Vector, ...]

    @classmethod
    def empty(cls, colours: int, factories: int, strips: int) -> Piles:
        """No piece anywhere."""
        zero = (0,) * colours
        return cls(zero, zero, zero, zero, zero, zero, (zero,) * factories, (zero,) * strips)

    @classmethod
    def symbolic(cls, colours: int, factories: int, strips: int) -> Piles:
        """Z3 constants for every count."""

        def vec(name: str) -> Vector:
            return tuple(z3.Int(f"{name}_{c}") for c in range(colours))

        return cls(
            vec("bag"),
            vec("tower"),
            vec("centre"),
            vec("hand"),
            vec("windows"),
            vec("indicator"),
            tuple(vec(f"display{i + 1}") for i in range(factories)),
            tuple(vec(f"strip{s + 1}") for s in range(strips)),
        )

    def places(self) -> tuple[tuple[str, Vector], ...]:
        """Every place with its name."""
        named = [
            ("bag", self.bag),
            ("tower", self.tower),
            ("centre", self.centre),
            ("hand", self.hand),
            ("windows", self.windows),
            ("indicator", self.indicator),
        ]
        named += [(f"display {i + 1}", f) for i, f in enumerate(self.factories)]
        named += [(f"strip {s + 1}", v) for s, v in enumerate(self.strips)]
        return tuple(named)

    def totals(self) -> Vector:
        """Pieces per colour over every place (COMP-01)."""
        out: Vector = self.bag
        for _name, vec in self.places()[1:]:
            out = _plus(out, vec)
        return out

    def valid(self) -> Term:
        """No count is negative."""
        return all_of(*(n >= 0 for _name, vec in self.places() for n in vec))


def take_factory(piles: Piles, source: Term, colour: Term) -> tuple[Term, Piles]:
    """TAKE-01: every piece of ``colour`` from display ``source`` into the hand, the rest of
    that display to the centre."""
    colours = len(piles.bag)
    display = tuple(select([f[k] for f in piles.factories], source) for k in range(colours))
    guard = all_of(select(display, colour) >= 1, *(n == 0 for n in piles.hand))
    hand = _plus(piles.hand, _only(colour, select(display, colour), colours))
    centre = tuple(c + ite(colour == k, 0, display[k]) for k, c in enumerate(piles.centre))
    factories = tuple(
        tuple(ite(source == i, 0, n) for n in f) for i, f in enumerate(piles.factories)
    )
    return guard, attrs.evolve(piles, hand=hand, centre=centre, factories=factories)


def take_centre(piles: Piles, colour: Term) -> tuple[Term, Piles]:
    """TAKE-02: every piece of ``colour`` from the centre into the hand."""
    colours = len(piles.bag)
    taken = select(piles.centre, colour)
    guard = all_of(taken >= 1, *(n == 0 for n in piles.hand))
    centre = tuple(ite(colour == k, 0, n) for k, n in enumerate(piles.centre))
    hand = _plus(piles.hand, _only(colour, taken, colours))
    return guard, attrs.evolve(piles, hand=hand, centre=centre)


def place(
    piles: Piles, colour: Term, target: Term, placed: Term, spaces: int
) -> tuple[Term, Piles]:
    """PLACE-01, PLACE-06, PLACE-07: ``placed`` pieces of the hand onto strip ``target``."""
    colours = len(piles.bag)
    on = tuple(select([s[k] for s in piles.strips], target) for k in range(colours))
    guard = all_of(placed >= 0, placed <= select(piles.hand, colour), total(on) + placed <= spaces)
    hand = tuple(n - ite(colour == k, placed, 0) for k, n in enumerate(piles.hand))
    strips = tuple(
        tuple(n + ite(all_of(target == s, colour == k), placed, 0) for k, n in enumerate(vec))
        for s, vec in enumerate(piles.strips)
    )
    return guard, attrs.evolve(piles, hand=hand, strips=strips)


def break_rest(piles: Piles) -> tuple[Term, Piles]:
    """PLACE-04: the pieces still in hand break and go to the tower."""
    zero = (0,) * len(piles.bag)
    return True, attrs.evolve(piles, tower=_plus(piles.tower, piles.hand), hand=zero)


def complete(piles: Piles, target: Term, keep: Term, spaces: int) -> tuple[Term, Piles]:
    """DONE-03 to DONE-05: a full strip is emptied; one piece of ``keep`` goes to the window,
    the others to the tower (the strip is turned over or leaves the game: empty either way)."""
    colours = len(piles.bag)
    on = tuple(select([s[k] for s in piles.strips], target) for k in range(colours))
    guard = all_of(total(on) == spaces, select(on, keep) >= 1)
    kept = _only(keep, 1, colours)
    tower = tuple(t + n - k for t, n, k in zip(piles.tower, on, kept, strict=True))
    strips = tuple(tuple(ite(target == s, 0, n) for n in vec) for s, vec in enumerate(piles.strips))
    return guard, attrs.evolve(
        piles, tower=tower, windows=_plus(piles.windows, kept), strips=strips
    )


def end_round(piles: Piles, top: Term) -> tuple[Term, Piles]:
    """ROUND-04, END-01: with displays and centre empty, the top indicator piece (colour
    ``top``) goes to the tower."""
    colours = len(piles.bag)
    empty = all_of(*(n == 0 for vec in (piles.centre, *piles.factories) for n in vec))
    guard = all_of(empty, select(piles.indicator, top) >= 1)
    one = _only(top, 1, colours)
    indicator = tuple(n - k for n, k in zip(piles.indicator, one, strict=True))
    return guard, attrs.evolve(piles, indicator=indicator, tower=_plus(piles.tower, one))


def refill_draw(piles: Piles, display: Term, colour: Term, capacity: int) -> tuple[Term, Piles]:
    """END-03, SETUP-09: one piece of ``colour`` drawn from the bag onto ``display``."""
    on = total(select([f[k] for f in piles.factories], display) for k in range(len(piles.bag)))
    guard = all_of(select(piles.bag, colour) >= 1, on < capacity)
    bag = tuple(n - ite(colour == k, 1, 0) for k, n in enumerate(piles.bag))
    factories = tuple(
        tuple(n + ite(all_of(display == i, colour == k), 1, 0) for k, n in enumerate(f))
        for i, f in enumerate(piles.factories)
    )
    return guard, attrs.evolve(piles, bag=bag, factories=factories)


def refill_from_tower(piles: Piles) -> tuple[Term, Piles]:
    """END-04: with the bag empty, every piece of the tower goes into the bag."""
    zero = (0,) * len(piles.bag)
    guard = all_of(*(n == 0 for n in piles.bag))
    return guard, attrs.evolve(piles, bag=_plus(piles.bag, piles.tower), tower=zero)


def whole_take(
    piles: Piles, source: Term, colour: Term, target: Term, placed: Term, keep: Term, spaces: int
) -> tuple[Term, Piles]:
    """A whole take as :func:`sintra_rules.games.sintra.rules.apply` performs it: take (a display,
    or the centre when ``source`` is -1), place, break the rest, complete the strip if it is
    full."""
    g1, from_display = take_factory(piles, source, colour)
    g1c, from_centre = take_centre(piles, colour)
    first = _choose(source == -1, from_centre, from_display)
    g2, placed_piles = place(first, colour, target, placed, spaces)
    _g3, broken = break_rest(placed_piles)
    g4, completed = complete(broken, target, keep, spaces)
    on = total(select([s[k] for s in broken.strips], target) for k in range(len(piles.bag)))
    full = on == spaces
    end = _choose(full, completed, broken)
    guard = all_of(ite(source == -1, g1c, g1), g2, any_of(negate(full), g4))
    return guard, end


def _choose(cond: Term, then: Piles, other: Piles) -> Piles:
    fields = attrs.fields(Piles)
    values = {}
    for field in fields:
        a, b = getattr(then, field.name), getattr(other, field.name)
        if field.name in ("factories", "strips"):
            values[field.name] = tuple(
                tuple(ite(cond, x, y) for x, y in zip(va, vb, strict=True))
                for va, vb in zip(a, b, strict=True)
            )
        else:
            values[field.name] = tuple(ite(cond, x, y) for x, y in zip(a, b, strict=True))
    return Piles(**values)


def example(fig: Figures, displays: int, **places: Sequence[int]) -> Piles:
    """A position for a witness: the given places, every other piece of the game in the bag."""
    empty = Piles.empty(fig.colours, displays, fig.windows)
    factories = list(empty.factories)
    strips = list(empty.strips)
    simple: dict[str, Vector] = {}
    for name, vec in places.items():
        if name.startswith("display"):
            factories[int(name[len("display") :]) - 1] = tuple(vec)
        elif name.startswith("strip"):
            strips[int(name[len("strip") :]) - 1] = tuple(vec)
        else:
            simple[name] = tuple(vec)
    piles = attrs.evolve(empty, factories=tuple(factories), strips=tuple(strips), **simple)
    bag = tuple(
        fig.pieces_per_colour - n + b for n, b in zip(piles.totals(), piles.bag, strict=True)
    )
    return attrs.evolve(piles, bag=bag)


def counts(piles: Piles) -> list[Term]:
    """Every count of every place, in the order of :meth:`Piles.places`."""
    return [n for _name, vec in piles.places() for n in vec]


def show_change(before: Piles, after: Piles) -> Callable[[Evaluate], list[str]]:
    """Renders a model as the places whose counts differ between ``before`` and ``after``."""

    def show(value: Evaluate) -> list[str]:
        lines = []
        for (name, vb), (_same, va) in zip(before.places(), after.places(), strict=True):
            b = [value(n) for n in vb]
            a = [value(n) for n in va]
            if a != b:
                lines.append(f"{name}: {b} -> {a}")
        return lines or ["nothing moves"]

    return show
