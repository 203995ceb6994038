"""The component tables the proofs range over: the shipped one, and every admissible one.

Every proof is stated twice (FIG-01 to FIG-10):

* ``shipped``: with the exact figures of
  :func:`sintra_rules.games.sintra.components.default_components`, the table the engine plays with
  by default;
* ``admissible``: for every table that
  :func:`sintra_rules.games.sintra.components.components_from_mapping` accepts. The figures the
  rulebook confirms are fixed (they are the only admissible values); the provisional ones range over
  what the validator admits:

  - window values (each side, FIG-04, FIG-05): 8 windows, each value in
    :data:`sintra_rules.games.sintra.components.ADMISSIBLE_WINDOW_VALUES` (1 to 4);
  - the broken glass track (FIG-08): strictly decreasing, starting 0, -1, -2, -4, holding -8 and
    ending at -18, so 6 to 18 spaces (cycle lengths 5 to 17);
  - the strips (FIG-09): 8 strips of two faces of 5 spaces; each space shows a colour or is a
    joker space; exactly one face of the whole set shows jokers, exactly 2 of them;
  - the ornaments (FIG-06): 4 ornaments, each between 2 windows, no window next to two
    ornaments (so the ornaments pair off the 8 windows);
  - fixed: 5 colours of 20 pieces, 5 / 7 / 9 factory displays of 4 pieces for 2 / 3 / 4
    players, ornament points 0, 0, 3, 6, 10, 6 rounds.

The ranges of the provisional figures are the validator's own (its admissible window values
and the track's confirmed values); the confirmed figures are read from the shipped table,
which the validator holds to them. ``tests/test_proof_crosscheck.py`` checks the model of every
admissible table against the validator itself.

>>> RANGES.window_values, RANGES.track_lengths
(range(1, 5), range(6, 19))
>>> len(admissible_tracks()), admissible_tracks()[0]
(4096, (0, -1, -2, -4, -8, -18))
>>> shipped().values["A"]
(4, 3, 2, 3, 1, 2, 1, 2)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Literal, TypeAlias

import attrs
import z3

from proofs.harness import Term, count, total
from sintra_rules.games.sintra import components as _components
from sintra_rules.games.sintra.components import ComponentTable, Side, default_components

__all__ = [
    "RANGES",
    "SCOPES",
    "SIDES",
    "Face",
    "Figures",
    "Ranges",
    "Scope",
    "Track",
    "admissible",
    "admissible_tracks",
    "codes",
    "concrete_tracks",
    "figures",
    "shipped",
    "tracks",
    "witness_table",
]

#: Which tables a proof ranges over.
Scope: TypeAlias = Literal["shipped", "admissible"]
SCOPES: tuple[Scope, ...] = ("shipped", "admissible")
SIDES: tuple[Side, ...] = ("A", "B")


@attrs.frozen(kw_only=True)
class Ranges:
    """What the component table validator admits (FIG-01 to FIG-10): the confirmed figures,
    which are the only admissible values, and the ranges of the provisional ones."""

    colours: int
    pieces_per_colour: int
    factories: tuple[tuple[int, int], ...]
    capacity: int
    windows: int
    window_values: range
    spaces: int
    jokers: int
    ornaments: int
    ornament_points: tuple[int, ...]
    track_head: tuple[int, ...]
    track_values: tuple[int, ...]
    track_bottom: int
    rounds: int

    @classmethod
    def of(cls, table: ComponentTable) -> Ranges:
        """The confirmed figures as ``table`` holds them (the validator checked them), with
        the validator's ranges for the provisional ones."""
        return cls(
            colours=table.colours,
            pieces_per_colour=table.pieces_per_colour,
            factories=table.factories,
            capacity=table.factory_capacity,
            windows=table.windows,
            window_values=_components.ADMISSIBLE_WINDOW_VALUES,
            spaces=sum(table.side_spaces[0][0]),
            jokers=max(face[-1] for strip in table.side_spaces for face in strip),
            ornaments=len(table.ornaments),
            ornament_points=table.ornament_points,
            track_head=_components._CONFIRMED_TRACK_HEAD,
            track_values=_components._CONFIRMED_TRACK_VALUES,
            track_bottom=_components._CONFIRMED_TRACK_BOTTOM,
            rounds=table.rounds,
        )

    @property
    def track_lengths(self) -> range:
        """The possible numbers of track spaces: from the confirmed values alone up to every
        whole number from the head's last value down to the bottom."""
        shortest = len(self.track_head) + len(set(self.track_values) - set(self.track_head)) + 1
        longest = len(self.track_head) + (self.track_head[-1] - self.track_bottom)
        return range(shortest, longest + 1)

    def factories_for(self, players: int) -> int:
        """Factory displays in play for ``players`` players (FIG-03)."""
        return dict(self.factories)[players]


#: The admissible ranges. The confirmed figures are read from the shipped table, which the
#: validator holds to them; the track's confirmed values are the validator's own constants.
RANGES = Ranges.of(default_components())


@attrs.frozen
class Face:
    """One face of a strip: spaces per colour (table order) and joker spaces (FIG-09)."""

    counts: tuple[Term, ...]
    jokers: Term


@attrs.frozen(kw_only=True)
class Figures(Ranges):
    """The figures a model reads: numbers for the shipped table, constrained Z3 constants for
    every admissible table (``premises`` holds the constraints)."""

    scope: Scope
    values: dict[Side, tuple[Term, ...]]
    faces: tuple[tuple[Face, Face], ...]
    ornament_of: tuple[Term, ...]
    premises: tuple[Term, ...]

    def symbols(self) -> list[z3.ExprRef]:
        """The symbolic figures (none for the shipped table)."""
        terms: list[Term] = [v for side in SIDES for v in self.values[side]]
        terms += [t for strip in self.faces for f in strip for t in (*f.counts, f.jokers)]
        terms += list(self.ornament_of)
        return [t for t in terms if isinstance(t, z3.ExprRef)]

    @property
    def value_range(self) -> tuple[int, int]:
        """The smallest and the largest window value any window can show."""
        if self.scope == "admissible":
            return self.window_values.start, self.window_values.stop - 1
        every = [v for side in SIDES for v in self.values[side]]
        return min(every), max(every)


def shipped(table: ComponentTable | None = None) -> Figures:
    """The figures of ``table`` (default: the shipped table) as plain numbers."""
    table = default_components() if table is None else table
    faces = tuple(
        (
            Face(tuple(spaces[0][:-1]), spaces[0][-1]),
            Face(tuple(spaces[1][:-1]), spaces[1][-1]),
        )
        for spaces in table.side_spaces
    )
    ornament_of = [0] * table.windows
    for index, pair in enumerate(table.ornaments):
        for window in pair:
            ornament_of[window] = index
    return Figures(
        scope="shipped",
        values={side: table.window_values(side) for side in SIDES},
        faces=faces,
        ornament_of=tuple(ornament_of),
        premises=(),
        **attrs.asdict(Ranges.of(table), recurse=False),
    )


def admissible() -> Figures:
    """Symbolic figures for every admissible table, with the validator's constraints."""
    r = RANGES
    premises: list[Term] = []
    values: dict[Side, tuple[Term, ...]] = {}
    for side in SIDES:
        vals = tuple(z3.Int(f"value_{side}{w + 1}") for w in range(r.windows))
        premises += [
            z3.And(r.window_values.start <= v, v <= r.window_values.stop - 1) for v in vals
        ]
        values[side] = vals
    faces: list[tuple[Face, Face]] = []
    for s in range(r.windows):
        pair: list[Face] = []
        for f in (0, 1):
            counts = tuple(z3.Int(f"strip{s + 1}_face{f + 1}_{c}") for c in range(r.colours))
            jokers = z3.Int(f"strip{s + 1}_face{f + 1}_J")
            premises += [n >= 0 for n in counts]
            premises += [z3.Or(jokers == 0, jokers == r.jokers), total(counts) + jokers == r.spaces]
            pair.append(Face(counts, jokers))
        faces.append((pair[0], pair[1]))
    premises.append(count(face.jokers > 0 for strip in faces for face in strip) == 1)
    ornament_of = tuple(z3.Int(f"ornament_of_window{w + 1}") for w in range(r.windows))
    premises += [z3.And(o >= 0, o < r.ornaments) for o in ornament_of]
    premises += [count(o == k for o in ornament_of) == 2 for k in range(r.ornaments)]
    return Figures(
        scope="admissible",
        values=values,
        faces=tuple(faces),
        ornament_of=ornament_of,
        premises=tuple(premises),
        **attrs.asdict(r, recurse=False),
    )


@functools.cache
def witness_table() -> ComponentTable:
    """An admissible table that attains the bounds over every admissible table: every window
    shows the largest value, every face shows 5 spaces of the first colour, but the last one,
    which shows 3 of them and the 2 joker spaces. Validated like any loaded table.

    >>> witness_table().strips[-1], witness_table().window_values("B")
    (('BBBBB', 'BBBJJ'), (4, 4, 4, 4, 4, 4, 4, 4))
    """
    data = default_components().to_mapping()
    r = RANGES
    first = data["colours"]["value"][0]["code"]
    joker = _components.JOKER_CODE
    plain = first * r.spaces
    strips = [[plain, plain] for _ in range(r.windows)]
    strips[-1][-1] = first * (r.spaces - r.jokers) + joker * r.jokers
    data["name"] = "proofs-witness"
    data["strips"]["value"] = strips
    for side in SIDES:
        data["window_values"][side]["value"] = [r.window_values.stop - 1] * r.windows
    return _components.components_from_mapping(data)


def codes() -> tuple[str, ...]:
    """The colour codes of the shipped table, in table order, to print models with.

    >>> codes()
    ('B', 'G', 'O', 'P', 'Y')
    """
    return default_components().colour_codes


def figures(scope: Scope) -> Figures:
    """:func:`shipped` or :func:`admissible`."""
    return shipped() if scope == "shipped" else admissible()


@attrs.frozen
class Track:
    """A broken glass track (FIG-08): its values top to bottom, and their constraints."""

    values: tuple[Term, ...]
    premises: tuple[Term, ...]

    @property
    def cycle(self) -> int:
        """Steps from the top back to the top: the number of spaces but the bottom one."""
        return len(self.values) - 1

    @property
    def bottom(self) -> int:
        """Points lost on reaching the bottom space (TRACK-03): its value's magnitude."""
        return -RANGES.track_bottom


def tracks(scope: Scope) -> tuple[Track, ...]:
    """The shipped track, or one symbolic track per admissible length."""
    if scope == "shipped":
        return (Track(default_components().track, ()),)
    r = RANGES
    out: list[Track] = []
    for length in r.track_lengths:
        vals: list[Term] = list(r.track_head)
        vals += [z3.Int(f"track{length}_{i}") for i in range(len(r.track_head), length - 1)]
        vals.append(r.track_bottom)
        premises: list[Term] = [a > b for a, b in itertools.pairwise(vals)]
        premises += [z3.Or([v == x for v in vals]) for x in r.track_values]
        out.append(Track(tuple(vals), tuple(t for t in premises if not isinstance(t, bool))))
    return tuple(out)


@functools.cache
def admissible_tracks() -> tuple[tuple[int, ...], ...]:
    """Every admissible track, shortest first, as plain numbers."""
    r = RANGES
    between = [v for v in range(r.track_head[-1] - 1, r.track_bottom, -1)]
    required = [v for v in r.track_values if v in between]
    optional = [v for v in between if v not in required]
    out: list[tuple[int, ...]] = []
    for size in range(len(optional) + 1):
        for chosen in itertools.combinations(optional, size):
            middle = sorted({*chosen, *required}, reverse=True)
            out.append((*r.track_head, *middle, r.track_bottom))
    return tuple(out)


def concrete_tracks(scope: Scope) -> Sequence[tuple[int, ...]]:
    """The shipped track, or every admissible track, as plain numbers."""
    if scope == "shipped":
        return (default_components().track,)
    return admissible_tracks()
