"""The component table: every printed figure of the game, as validated data (FIG-01 to FIG-10).

Rules never hold printed figures as constants: they read them from a :class:`ComponentTable`.
The default table ships as ``sintra_rules/games/sintra/data/components.toml`` with each figure's
provenance (confirmed by the rulebook text, or provisional). A user holding the physical game loads
the real figures with :func:`load_components`; the loader checks every field against the confirmed
rules and raises :class:`~sintra_rules.errors.ComponentTableError` naming the field and why.

>>> table = default_components()
>>> table.colour_codes
('B', 'G', 'O', 'P', 'Y')
>>> table.track[-1], table.factories_for(2)
(-18, 5)
>>> table.provenance["window_values.A"].status
'provisional'
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import os
import tomllib
import types
from collections.abc import Mapping
from importlib import resources
from typing import Any, ClassVar, Literal

import attrs

from sintra_rules._formats import components as common
from sintra_rules._formats.components import Provenance
from sintra_rules._strict import Reader
from sintra_rules.errors import ComponentTableError, UnknownPlayerCount

__all__ = [
    "JOKER_CODE",
    "ComponentTable",
    "Provenance",
    "Side",
    "components_from_mapping",
    "default_components",
    "load_components",
]

#: A board side (SETUP-02).
Side = Literal["A", "B"]
#: The code of a joker space in a strip side (PLACE-06).
JOKER_CODE = "J"
FORMAT = 1

# Confirmed figures the validator enforces (the rulebook states them; see
# spec/sintra/07-figures.md).
_CONFIRMED_COLOURS = 5
_CONFIRMED_TOTAL_PIECES = 100
_CONFIRMED_FACTORIES = {2: 5, 3: 7, 4: 9}
_CONFIRMED_CAPACITY = 4
_CONFIRMED_ROUNDS = 6
_CONFIRMED_WINDOWS = 8
_CONFIRMED_SPACES = 5
_CONFIRMED_JOKERS = 2
_CONFIRMED_ORNAMENTS = 4
_CONFIRMED_ORNAMENT_POINTS = (0, 0, 3, 6, 10)
_CONFIRMED_TRACK_HEAD = (0, -1, -2, -4)
_CONFIRMED_TRACK_VALUES = (-8,)
_CONFIRMED_TRACK_BOTTOM = -18
#: Admissible printed window values (a review reports values of about 1 to 4).
ADMISSIBLE_WINDOW_VALUES = range(1, 5)

_FIGURES = (
    "colours",
    "pieces_per_colour",
    "factories",
    "factory_capacity",
    "window_values.A",
    "window_values.B",
    "ornaments",
    "ornament_points",
    "track",
    "rounds",
    "strips",
)


def _freeze_provenance(value: Mapping[str, Provenance]) -> Mapping[str, Provenance]:
    return types.MappingProxyType(dict(value))


@attrs.frozen(eq=False)
class ComponentTable:
    """Every printed figure the rules read (FIG-01 to FIG-10), validated and immutable.

    Build one with :func:`default_components`, :func:`load_components` or
    :func:`components_from_mapping`; the constructor itself does not validate. Two tables are
    equal when their figures are equal (``digest``); names and provenance do not count.
    """

    #: The registry name of the game this belongs to (as a state's ``GAME``).
    GAME: ClassVar[str] = "sintra"

    name: str
    colour_codes: tuple[str, ...]
    colour_names: tuple[str, ...]
    pieces_per_colour: int
    factories: tuple[tuple[int, int], ...]
    factory_capacity: int
    window_values_a: tuple[int, ...]
    window_values_b: tuple[int, ...]
    ornaments: tuple[tuple[int, ...], ...]
    ornament_points: tuple[int, ...]
    track: tuple[int, ...]
    rounds: int
    strips: tuple[tuple[str, str], ...]
    provenance: Mapping[str, Provenance] = attrs.field(converter=_freeze_provenance)
    #: Per strip, per side: capacity per colour (table order) followed by the joker count.
    side_spaces: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = attrs.field(init=False)
    #: SHA-256 of the canonical figures: the table's identity in records.
    digest: str = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        codes = self.colour_codes
        spaces = tuple(
            tuple((*tuple(side.count(c) for c in codes), side.count(JOKER_CODE)) for side in strip)
            for strip in self.strips
        )
        object.__setattr__(self, "side_spaces", spaces)
        blob = json.dumps(self.figures(), sort_keys=True, separators=(",", ":"))
        object.__setattr__(self, "digest", hashlib.sha256(blob.encode()).hexdigest())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ComponentTable):
            return NotImplemented
        return self.digest == other.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    @property
    def provisional_figures(self) -> tuple[str, ...]:
        """The figures whose provenance is provisional (FIG-01), in table order: every output
        that depends on them must say so.

        >>> "track" in default_components().provisional_figures
        True
        """
        return tuple(key for key, prov in self.provenance.items() if prov.status == "provisional")

    @property
    def provisional_note(self) -> str | None:
        """The note every command that prints scores gives (on standard error) when the table
        holds provisional figures (FIG-01), or ``None`` when every figure is confirmed.

        >>> default_components().provisional_note[:60]
        "Note: the component table 'sintra-default-2026-provisional' "
        """
        provisional = self.provisional_figures
        if not provisional:
            return None
        return (
            f"Note: the component table {self.name!r} holds provisional figures "
            f"({', '.join(provisional)}): scores may differ from those of the printed game."
        )

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle compactly: the shipped table by reference, any other by its figures."""
        if self is default_components():
            return (default_components, ())
        return (components_from_mapping, (self.to_mapping(),))

    @property
    def colours(self) -> int:
        """Number of colours (FIG-01)."""
        return len(self.colour_codes)

    @property
    def total_pieces(self) -> int:
        """Number of pane pieces in the game (FIG-02)."""
        return self.colours * self.pieces_per_colour

    @property
    def windows(self) -> int:
        """Number of windows (and strip slots) on a palace board (FIG-04)."""
        return len(self.window_values_a)

    def factories_for(self, num_players: int) -> int:
        """Number of factory displays in play for ``num_players`` players (FIG-03, SETUP-01).

        Raises:
            UnknownPlayerCount: the table has no figures for ``num_players`` (COMP-02).
        """
        for count, factories in self.factories:
            if count == num_players:
                return factories
        counts = self.player_counts
        raise UnknownPlayerCount(
            num_players,
            f"the table has figures for {min(counts)} to {max(counts)} players (COMP-02)",
        )

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The supported player counts (COMP-02)."""
        return tuple(count for count, _ in self.factories)

    def window_values(self, side: Side) -> tuple[int, ...]:
        """The printed window values, left to right, of board ``side`` (FIG-04, FIG-05)."""
        return self.window_values_a if side == "A" else self.window_values_b

    def figures(self) -> dict[str, Any]:
        """The figures as plain JSON-ready data (no provenance), in the file's shape."""
        return {
            "colours": [
                {"code": c, "name": n}
                for c, n in zip(self.colour_codes, self.colour_names, strict=True)
            ],
            "pieces_per_colour": self.pieces_per_colour,
            "factories": {str(k): v for k, v in self.factories},
            "factory_capacity": self.factory_capacity,
            "window_values.A": list(self.window_values_a),
            "window_values.B": list(self.window_values_b),
            "ornaments": [[w + 1 for w in orn] for orn in self.ornaments],
            "ornament_points": list(self.ornament_points),
            "track": list(self.track),
            "rounds": self.rounds,
            "strips": [list(s) for s in self.strips],
        }

    def to_mapping(self) -> dict[str, Any]:
        """The whole table (figures and provenance) in the shape :func:`load_components` reads."""
        out: dict[str, Any] = {"format": FORMAT, "name": self.name}
        for key, value in self.figures().items():
            prov = self.provenance[key]
            entry = {
                "value": value,
                "status": prov.status,
                "source": prov.source,
                "clause": prov.clause,
            }
            if key.startswith("window_values."):
                out.setdefault("window_values", {})[key.split(".")[1]] = entry
            else:
                out[key] = entry
        return out


def _fail(field: str, reason: str) -> ComponentTableError:
    return ComponentTableError(field, reason)


_read = Reader(ComponentTableError)
_int = _read.integer
_int_list = _read.integers


def _figure(data: Mapping[str, Any], key: str) -> tuple[Any, Provenance]:
    if "." in key:
        group, sub = key.split(".")
        parent = data.get(group)
        if not isinstance(parent, Mapping):
            raise _fail(group, "missing or not a table")
        extra = set(parent) - {"A", "B"}
        if extra:
            raise _fail(group, f"unknown sides {sorted(extra)} (expected A and B)")
        entry = parent.get(sub)
    else:
        entry = data.get(key)
    return common.figure(entry, key, source=_source, clause=_clause)


def _source(value: object, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fail(path, "must be a non-empty string saying where the figure is from")
    return value


def _clause(value: object, path: str) -> str:
    if not isinstance(value, str) or not value.startswith("FIG-"):
        raise _fail(path, f"must name a FIG-NN spec clause, got {value!r}")
    return value


def components_from_mapping(data: Mapping[str, Any]) -> ComponentTable:
    """Validate a parsed table (the TOML/JSON shape of ``components.toml``) and build it.

    Checks every figure against the confirmed rules (FIG-01 to FIG-10) and raises
    :class:`ComponentTableError` naming the first bad field.

    >>> data = default_components().to_mapping()
    >>> data["track"]["value"] = [0, -1, -2, -4, -8, -20]
    >>> components_from_mapping(data)
    Traceback (most recent call last):
    ...
    sintra_rules.errors.ComponentTableError: component table: track: must end at -18 ...
    """
    name = common.table_name(data, FORMAT)
    known = {"format", "name", "window_values"} | {k for k in _FIGURES if "." not in k}
    unknown = set(data) - known
    if unknown:
        raise _fail(sorted(unknown)[0], "unknown field")

    values: dict[str, Any] = {}
    provenance: dict[str, Provenance] = {}
    for key in _FIGURES:
        values[key], provenance[key] = _figure(data, key)

    # FIG-01 colours
    colours = values["colours"]
    if not isinstance(colours, list) or not all(isinstance(c, Mapping) for c in colours):
        raise _fail("colours", "must be a list of {code, name} tables")
    if len(colours) != _CONFIRMED_COLOURS:
        raise _fail("colours", f"the game has {_CONFIRMED_COLOURS} colours, got {len(colours)}")
    codes: list[str] = []
    names: list[str] = []
    for i, colour in enumerate(colours):
        code, cname = colour.get("code"), colour.get("name")
        if not isinstance(code, str) or len(code) != 1 or not code.isupper() or not code.isalpha():
            raise _fail(f"colours[{i}].code", f"must be one capital letter, got {code!r}")
        if code == JOKER_CODE:
            raise _fail(f"colours[{i}].code", f"{JOKER_CODE!r} is reserved for joker spaces")
        if not isinstance(cname, str) or not cname.strip():
            raise _fail(f"colours[{i}].name", "must be a non-empty string")
        if set(colour) - {"code", "name"}:
            raise _fail(f"colours[{i}]", f"unknown keys {sorted(set(colour) - {'code', 'name'})}")
        codes.append(code)
        names.append(cname)
    if len(set(codes)) != len(codes):
        raise _fail("colours", f"colour codes must be distinct, got {codes}")
    if len(set(names)) != len(names):
        raise _fail("colours", f"colour names must be distinct, got {names}")

    # FIG-02 pieces
    per = _int(values["pieces_per_colour"], "pieces_per_colour")
    if per * len(codes) != _CONFIRMED_TOTAL_PIECES:
        raise _fail(
            "pieces_per_colour",
            f"{len(codes)} colours x {per} pieces = {per * len(codes)}, "
            f"not the game's {_CONFIRMED_TOTAL_PIECES} pieces (EN 000:36)",
        )

    # FIG-03 factories
    facs = values["factories"]
    if not isinstance(facs, Mapping):
        raise _fail("factories", "must map player counts to factory display counts")
    factories: list[tuple[int, int]] = []
    for key, count in facs.items():
        try:
            players = int(key)
        except ValueError:
            raise _fail("factories", f"{key!r} is not a player count") from None
        factories.append((players, _int(count, f"factories.{key}")))
    factories.sort()
    if dict(factories) != _CONFIRMED_FACTORIES:
        raise _fail(
            "factories",
            "must be 5 / 7 / 9 displays for 2 / 3 / 4 players (EN 000:11-16), "
            f"got {dict(factories)}",
        )
    capacity = _int(values["factory_capacity"], "factory_capacity")
    if capacity != _CONFIRMED_CAPACITY:
        raise _fail(
            "factory_capacity", f"must be {_CONFIRMED_CAPACITY} (EN 000:48), got {capacity}"
        )

    # FIG-04 / FIG-05 windows
    window_values: dict[str, tuple[int, ...]] = {}
    for side in ("A", "B"):
        field = f"window_values.{side}"
        vals = _int_list(values[field], field)
        if len(vals) != _CONFIRMED_WINDOWS:
            raise _fail(
                field, f"the board has {_CONFIRMED_WINDOWS} windows, got {len(vals)} values"
            )
        for i, v in enumerate(vals):
            if v not in ADMISSIBLE_WINDOW_VALUES:
                raise _fail(
                    f"{field}[{i}]",
                    f"window values must lie in {ADMISSIBLE_WINDOW_VALUES.start}.."
                    f"{ADMISSIBLE_WINDOW_VALUES.stop - 1}, got {v}",
                )
        window_values[side] = vals

    # FIG-06 ornaments
    orns = values["ornaments"]
    if not isinstance(orns, list) or len(orns) != _CONFIRMED_ORNAMENTS:
        raise _fail("ornaments", f"side A has {_CONFIRMED_ORNAMENTS} ornaments (EN 000:207)")
    ornaments: list[tuple[int, ...]] = []
    seen: set[int] = set()
    for i, orn in enumerate(orns):
        wins = _int_list(orn, f"ornaments[{i}]")
        if len(wins) != 2:
            raise _fail(
                f"ornaments[{i}]",
                "an ornament is surrounded by the 4 frame spaces of exactly 2 windows",
            )
        for w in wins:
            if not 1 <= w <= _CONFIRMED_WINDOWS:
                raise _fail(f"ornaments[{i}]", f"window {w} is not one of 1..{_CONFIRMED_WINDOWS}")
            if w in seen:
                raise _fail(f"ornaments[{i}]", f"window {w} borders two ornaments")
            seen.add(w)
        ornaments.append(tuple(w - 1 for w in wins))

    # FIG-07 ornament points
    points = _int_list(values["ornament_points"], "ornament_points")
    if points != _CONFIRMED_ORNAMENT_POINTS:
        raise _fail(
            "ornament_points",
            f"must be {list(_CONFIRMED_ORNAMENT_POINTS)} for 0..4 filled spaces "
            f"(EN 000:209-212), got {list(points)}",
        )

    # FIG-08 track
    track = _int_list(values["track"], "track")
    if not track or track[-1] != _CONFIRMED_TRACK_BOTTOM:
        got = track[-1] if track else "nothing"
        raise _fail("track", f"must end at {_CONFIRMED_TRACK_BOTTOM} (EN 000:203), got {got}")
    if track[: len(_CONFIRMED_TRACK_HEAD)] != _CONFIRMED_TRACK_HEAD:
        raise _fail(
            "track",
            f"must start {list(_CONFIRMED_TRACK_HEAD)} (NL 003:106-110, FR 003:423-426), "
            f"got {list(track[:4])}",
        )
    if any(b >= a for a, b in itertools.pairwise(track)):
        raise _fail("track", f"must strictly decrease from top to bottom, got {list(track)}")
    for v in _CONFIRMED_TRACK_VALUES:
        if v not in track:
            raise _fail("track", f"must contain the space {v} (EN 000:200)")

    rounds = _int(values["rounds"], "rounds")
    if rounds != _CONFIRMED_ROUNDS:
        raise _fail("rounds", f"the game has {_CONFIRMED_ROUNDS} rounds (EN 000:58), got {rounds}")

    # FIG-09 strips
    raw = values["strips"]
    if not isinstance(raw, list) or len(raw) != _CONFIRMED_WINDOWS:
        raise _fail("strips", f"each player has {_CONFIRMED_WINDOWS} pattern strips (EN 000:22)")
    strips: list[tuple[str, str]] = []
    joker_sides: list[str] = []
    allowed = set(codes) | {JOKER_CODE}
    for i, strip in enumerate(raw):
        if not isinstance(strip, list) or len(strip) != 2:
            raise _fail(f"strips[{i}]", "a strip has exactly two sides")
        for s, side_text in enumerate(strip):
            field = f"strips[{i}][{s}]"
            if not isinstance(side_text, str) or len(side_text) != _CONFIRMED_SPACES:
                raise _fail(field, f"a side has {_CONFIRMED_SPACES} spaces, got {side_text!r}")
            bad = set(side_text) - allowed
            if bad:
                raise _fail(field, f"unknown space codes {sorted(bad)}")
            jokers = side_text.count(JOKER_CODE)
            if jokers:
                if jokers != _CONFIRMED_JOKERS:
                    raise _fail(
                        field,
                        f"the joker side has {_CONFIRMED_JOKERS} joker spaces (EN 000:22), "
                        f"got {jokers}",
                    )
                joker_sides.append(field)
        strips.append((strip[0], strip[1]))
    if len(joker_sides) != 1:
        raise _fail(
            "strips",
            "exactly one strip side must show the 2 joker spaces (EN 000:22), "
            f"got {len(joker_sides)}: {joker_sides}",
        )

    return ComponentTable(
        name=name,
        colour_codes=tuple(codes),
        colour_names=tuple(names),
        pieces_per_colour=per,
        factories=tuple(factories),
        factory_capacity=capacity,
        window_values_a=window_values["A"],
        window_values_b=window_values["B"],
        ornaments=tuple(ornaments),
        ornament_points=points,
        track=track,
        rounds=rounds,
        strips=tuple(strips),
        provenance=provenance,
    )


def load_components(path: str | os.PathLike[str]) -> ComponentTable:
    """Load and validate a component table from a TOML or JSON file (FIG-01 to FIG-10).

    Raises :class:`ComponentTableError` for an unreadable or invalid file.
    """
    return components_from_mapping(common.read_table_file(path))


def table_or_default(components: ComponentTable | None) -> ComponentTable:
    """``components``, or the shipped table (:func:`default_components`) when it is ``None``:
    the default of every ``components`` argument of the package."""
    return default_components() if components is None else components


@functools.cache
def default_components() -> ComponentTable:
    """The shipped default table (provisional figures, see ``components.md``)."""
    text = (
        resources.files("sintra_rules.games.sintra")
        .joinpath("data/components.toml")
        .read_text("utf-8")
    )
    return components_from_mapping(tomllib.loads(text))
