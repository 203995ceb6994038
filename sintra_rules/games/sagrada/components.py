"""Sagrada's component table: every printed figure, as validated data (COMP-01 to COMP-07).

The rules never hold printed figures as constants: they read them from a
:class:`SagradaComponents`. The default table ships as ``data/components.toml`` beside this
module, each figure with its provenance (status, source tags resolved in its ``[sources]``
table, and the clause describing it). :func:`load_components` reads another table from a file;
the loader checks every field and the consistency facts the sources agree on, and raises
:class:`~sintra_rules.errors.ComponentTableError` naming the first bad field.

>>> table = default_components()
>>> table.colour_codes, table.dice_per_colour, table.rounds
(('R', 'Y', 'G', 'B', 'P'), 18, 10)
>>> table.patterns[0].name, table.patterns[0].favor, table.patterns[0].grid[0]
("Sun's Glory", 6, '1PY.4')
>>> [t.name for t in table.tools[:2]], table.pool_size(3)
(['Grozing Pliers', 'Eglomise Brush'], 7)
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import tomllib
import types
from collections.abc import Mapping
from importlib import resources
from typing import Any, ClassVar

import attrs

from sintra_rules._formats import components as common
from sintra_rules._formats.components import Provenance
from sintra_rules._strict import Reader, describe
from sintra_rules.errors import ComponentTableError, UnknownPlayerCount

__all__ = [
    "COLUMNS",
    "ROWS",
    "SPACES",
    "Pattern",
    "PrivateObjective",
    "Provenance",
    "PublicObjective",
    "SagradaComponents",
    "ToolCard",
    "components_from_mapping",
    "default_components",
    "load_components",
]

FORMAT = 1
#: Rows, columns and spaces of a window (COMP-03).
ROWS = 4
COLUMNS = 5
SPACES = ROWS * COLUMNS
#: The codes of a pattern grid: blank, the colours (in the confirmed order) and the values.
BLANK = "."
_COLOURS = (("R", "red"), ("Y", "yellow"), ("G", "green"), ("B", "blue"), ("P", "purple"))
_VALUES = "123456"

# Confirmed figures (shared/sagrada/components.md), enforced by the loader.
_DICE_PER_COLOUR = 18
_ROUNDS = 10
_POOL = {1: 4, 2: 5, 3: 7, 4: 9}
_PATTERNS = 24
_CARDS = 12
_FAVOR_COUNTS = {3: 4, 4: 4, 5: 12, 6: 4}
_PUBLIC_POINTS = (2, 2, 2, 5, 5, 4, 6, 5, 4, 1)
_PRIVATES = 5
_TOOL_COLOURS = "PBRYGPBRYGPB"

_FIGURES = (
    "colours",
    "dice_per_colour",
    "rounds",
    "draft_pool",
    "patterns",
    "public_objectives",
    "private_objectives",
    "tools",
)
_TAG_RE = re.compile(r"\[([A-Z][A-Z0-9-]*)\]")


@attrs.frozen
class Pattern:
    """A window pattern: one face of a pattern card (COMP-03).

    ``card`` is the physical card (1 to 12; the two patterns with the same card are its two
    faces), ``favor`` the difficulty and number of favor tokens (SETUP-03), ``grid`` the 4 rows
    in the codes ``.RYGBP123456``. ``colours[i]`` is the colour index space ``i`` (row-major)
    requires, or -1; ``values[i]`` the value it requires, or 0 (PLACE-03 to PLACE-05).
    """

    card: int
    name: str
    favor: int
    grid: tuple[str, ...]
    colours: tuple[int, ...] = attrs.field(init=False, repr=False)
    values: tuple[int, ...] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        codes = "".join(self.grid)
        colour_codes = [code for code, _ in _COLOURS]
        colours = tuple(colour_codes.index(c) if c in colour_codes else -1 for c in codes)
        values = tuple(int(c) if c in _VALUES else 0 for c in codes)
        object.__setattr__(self, "colours", colours)
        object.__setattr__(self, "values", values)


@attrs.frozen
class PublicObjective:
    """A public objective card (COMP-04): ``number`` 1 to 10 is its rule (PUB-01 to PUB-10),
    ``points`` what each set, row, column or die scores."""

    number: int
    name: str
    points: int


@attrs.frozen
class PrivateObjective:
    """A private objective card (COMP-05): the sum of the values of the dice of ``colour``
    scores (SCORE-02)."""

    name: str
    colour: int


@attrs.frozen
class ToolCard:
    """A tool card (COMP-06): ``number`` 1 to 12 is its effect (TOOL-01 to TOOL-12); its
    ``colour`` is that of the die a solo player pays for it (SOLO-03)."""

    number: int
    name: str
    colour: int


def _freeze(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return types.MappingProxyType(dict(value))


@attrs.frozen(eq=False)
class SagradaComponents:
    """Every printed figure Sagrada's rules read, validated and immutable (COMP-01 to COMP-07).

    Build it with :func:`default_components`, :func:`load_components` or
    :func:`components_from_mapping`; the constructor itself does not validate. Two tables are
    equal when their figures are equal (:attr:`digest`); names and provenance do not count.
    """

    #: The registry name of the game this belongs to (as a state's ``GAME``).
    GAME: ClassVar[str] = "sagrada"

    name: str
    colour_codes: tuple[str, ...]
    colour_names: tuple[str, ...]
    dice_per_colour: int
    rounds: int
    pool_sizes: tuple[tuple[int, int], ...]
    patterns: tuple[Pattern, ...]
    publics: tuple[PublicObjective, ...]
    privates: tuple[PrivateObjective, ...]
    tools: tuple[ToolCard, ...]
    provenance: Mapping[str, Provenance] = attrs.field(converter=_freeze)
    sources: Mapping[str, str] = attrs.field(converter=_freeze)
    #: The patterns of each card (card 1 first): the indices of its two faces.
    card_faces: tuple[tuple[int, int], ...] = attrs.field(init=False)
    #: SHA-256 of the canonical figures: the table's identity in documents.
    digest: str = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        faces: dict[int, list[int]] = {}
        for index, pattern in enumerate(self.patterns):
            faces.setdefault(pattern.card, []).append(index)
        pairs = tuple((f[0], f[1]) for _, f in sorted(faces.items()))
        object.__setattr__(self, "card_faces", pairs)
        blob = json.dumps(self.figures(), sort_keys=True, separators=(",", ":"))
        object.__setattr__(self, "digest", hashlib.sha256(blob.encode()).hexdigest())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SagradaComponents):
            return NotImplemented
        return self.digest == other.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle compactly: the shipped table by reference, any other by its figures."""
        if self is default_components():
            return (default_components, ())
        return (components_from_mapping, (self.to_mapping(),))

    @property
    def colours(self) -> int:
        """Number of dice colours (COMP-01)."""
        return len(self.colour_codes)

    @property
    def cards(self) -> int:
        """Number of pattern cards (COMP-03)."""
        return len(self.card_faces)

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The supported player counts (COMP-02)."""
        return tuple(count for count, _ in self.pool_sizes)

    def pool_size(self, num_players: int) -> int:
        """Dice drawn into the draft pool each round for ``num_players`` (ROUND-02).

        Raises:
            UnknownPlayerCount: the table has no figure for ``num_players`` (COMP-02).
        """
        for count, size in self.pool_sizes:
            if count == num_players:
                return size
        raise UnknownPlayerCount(num_players, "Sagrada is played by 1 to 4 players (COMP-02)")

    def figures(self) -> dict[str, Any]:
        """The figures as plain JSON-ready data (no provenance), in the file's shape."""
        codes = self.colour_codes
        return {
            "colours": [
                {"code": c, "name": n}
                for c, n in zip(self.colour_codes, self.colour_names, strict=True)
            ],
            "dice_per_colour": self.dice_per_colour,
            "rounds": self.rounds,
            "draft_pool": {str(k): v for k, v in self.pool_sizes},
            "patterns": [
                {"card": p.card, "name": p.name, "favor": p.favor, "grid": list(p.grid)}
                for p in self.patterns
            ],
            "public_objectives": [
                {"number": p.number, "name": p.name, "points": p.points} for p in self.publics
            ],
            "private_objectives": [
                {"name": p.name, "colour": codes[p.colour]} for p in self.privates
            ],
            "tools": [
                {"number": t.number, "name": t.name, "colour": codes[t.colour]} for t in self.tools
            ],
        }

    def to_mapping(self) -> dict[str, Any]:
        """The whole table (figures, provenance, sources) in the shape :func:`load_components`
        reads."""
        out: dict[str, Any] = {"format": FORMAT, "name": self.name, "sources": dict(self.sources)}
        for key, value in self.figures().items():
            prov = self.provenance[key]
            out[key] = {
                "value": value,
                "status": prov.status,
                "source": prov.source,
                "clause": prov.clause,
            }
        return out


_read = Reader(ComponentTableError)


def _fail(field: str, reason: str) -> ComponentTableError:
    return ComponentTableError(field, reason)


def _figure(
    data: Mapping[str, Any], key: str, sources: Mapping[str, str]
) -> tuple[Any, Provenance]:

    def source(value: object, path: str) -> str:
        if not isinstance(value, str) or not _TAG_RE.search(value):
            raise _fail(path, "must be a string citing at least one [TAG] of [sources]")
        for tag in _TAG_RE.findall(value):
            if tag not in sources:
                raise _fail(path, f"cites [{tag}], which [sources] does not define")
        return value

    return common.figure(data.get(key), key, source=source, clause=_clause)


def _clause(value: object, path: str) -> str:
    if not isinstance(value, str) or not re.fullmatch(r"[A-Z]+-\d\d", value):
        raise _fail(path, f"must name a spec clause (AREA-NN), got {value!r}")
    return value


def _sources(data: Mapping[str, Any]) -> dict[str, str]:
    raw = data.get("sources")
    if not isinstance(raw, Mapping) or not raw:
        raise _fail("sources", "must be a table of source tags, each naming its repository")
    out: dict[str, str] = {}
    for tag, text in raw.items():
        if not re.fullmatch(r"[A-Z][A-Z0-9-]*", tag):
            raise _fail(f"sources.{tag}", "a tag is capitals, digits and hyphens")
        if not isinstance(text, str) or not text.strip():
            raise _fail(f"sources.{tag}", "must be a non-empty string (repository, path, commit)")
        out[tag] = text
    return out


def _name(value: object, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        _read.fail(path, f"must be a non-empty string, got {describe(value)}")
    return value


def _entries(
    value: object, path: str, keys: tuple[str, ...], count: int
) -> list[Mapping[str, Any]]:
    items = _read.array(value, path, count)
    for i, item in enumerate(items):
        if not isinstance(item, Mapping):
            _read.fail(f"{path}[{i}]", f"expected a table, got {describe(item)}")
        if set(item) != set(keys):
            _read.fail(f"{path}[{i}]", f"expected exactly the keys {', '.join(keys)}")
    return items


def _check_colours(value: object) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """COMP-01: the five dice colours, red, yellow, green, blue and purple, in that order (the
    codes of the pattern grids)."""
    items = _entries(value, "colours", ("code", "name"), len(_COLOURS))
    got = tuple((item["code"], item["name"]) for item in items)
    if got != _COLOURS:
        raise _fail(
            "colours",
            "must be " + ", ".join(f"{c} {n}" for c, n in _COLOURS) + " (COMP-01), in this order",
        )
    return tuple(c for c, _ in got), tuple(n for _, n in got)


def _check_pools(value: object) -> tuple[tuple[int, int], ...]:
    """ROUND-02: 2 x players + 1 dice (solo 4)."""
    if not isinstance(value, Mapping):
        raise _fail("draft_pool", "must map player counts to dice counts")
    pools: list[tuple[int, int]] = []
    for key, count in value.items():
        if not isinstance(key, str) or not key.isdigit():
            raise _fail("draft_pool", f"{key!r} is not a player count")
        pools.append((int(key), _read.integer(count, f"draft_pool.{key}")))
    pools.sort()
    if dict(pools) != _POOL:
        raise _fail("draft_pool", "must be 4 / 5 / 7 / 9 dice for 1 / 2 / 3 / 4 players (ROUND-02)")
    return tuple(pools)


def _grid_row(row: object, path: str) -> str:
    allowed = BLANK + "".join(c for c, _ in _COLOURS) + _VALUES
    if not isinstance(row, str) or len(row) != COLUMNS or set(row) - set(allowed):
        raise _fail(path, f"a row is {COLUMNS} of the codes {allowed}, got {describe(row)}")
    return row


def _check_patterns(value: object) -> tuple[Pattern, ...]:
    """COMP-03: 24 patterns on 12 two-faced cards, with the sources' consistency facts: favor 3
    to 6, counted 4 / 4 / 12 / 4; two different difficulties per card; no two orthogonally
    adjacent equal restrictions (colour or value, COMP-08)."""
    items = _entries(value, "patterns", ("card", "name", "favor", "grid"), _PATTERNS)
    patterns: list[Pattern] = []
    for i, item in enumerate(items):
        path = f"patterns[{i}]"
        card = _read.integer(item["card"], f"{path}.card", 1, _CARDS)
        name = _name(item["name"], f"{path}.name")
        favor = _read.integer(item["favor"], f"{path}.favor", 3, 6)
        rows = _read.array(item["grid"], f"{path}.grid", ROWS)
        grid = tuple(_grid_row(row, f"{path}.grid[{r}]") for r, row in enumerate(rows))
        cells = "".join(grid)
        for cell, code in enumerate(cells):
            if code == BLANK:
                continue
            row, col = divmod(cell, COLUMNS)
            if col + 1 < COLUMNS and cells[cell + 1] == code:
                raise _fail(
                    f"{path}.grid[{row}]",
                    f"two adjacent spaces both require {code!r} (columns {col + 1} and "
                    f"{col + 2}): no pattern has that (COMP-08)",
                )
            if row + 1 < ROWS and cells[cell + COLUMNS] == code:
                raise _fail(
                    f"{path}.grid[{row + 1}]",
                    f"spaces above each other in column {col + 1} both require {code!r}: no "
                    "pattern has that (COMP-08)",
                )
        patterns.append(Pattern(card=card, name=name, favor=favor, grid=grid))
    names = [p.name for p in patterns]
    for i, name in enumerate(names):
        if names.index(name) != i:
            raise _fail(f"patterns[{i}].name", f"{name!r} names two patterns")
    for card in range(1, _CARDS + 1):
        faces = [i for i, p in enumerate(patterns) if p.card == card]
        if len(faces) != 2:
            raise _fail("patterns", f"card {card} must have exactly 2 faces, got {len(faces)}")
        if patterns[faces[0]].favor == patterns[faces[1]].favor:
            raise _fail(
                f"patterns[{faces[1]}].favor",
                f"the two faces of card {card} must have different difficulties",
            )
    counts = {f: sum(p.favor == f for p in patterns) for f in _FAVOR_COUNTS}
    if counts != _FAVOR_COUNTS:
        raise _fail(
            "patterns",
            "difficulties 3 / 4 / 5 / 6 must count 4 / 4 / 12 / 4 patterns, got "
            + " / ".join(str(counts[f]) for f in sorted(counts)),
        )
    return tuple(patterns)


def _check_publics(value: object) -> tuple[PublicObjective, ...]:
    """COMP-04: the 10 public objectives, numbered 1 to 10 (PUB-01 to PUB-10), with their
    printed points."""
    items = _entries(value, "public_objectives", ("number", "name", "points"), len(_PUBLIC_POINTS))
    out: list[PublicObjective] = []
    for i, item in enumerate(items):
        path = f"public_objectives[{i}]"
        number = _read.integer(item["number"], f"{path}.number")
        if number != i + 1:
            raise _fail(f"{path}.number", f"must be {i + 1}: the cards are listed by number")
        points = _read.integer(item["points"], f"{path}.points")
        if points != _PUBLIC_POINTS[i]:
            raise _fail(
                f"{path}.points",
                f"card {number} scores {_PUBLIC_POINTS[i]} (COMP-04), got {points}",
            )
        out.append(PublicObjective(number, _name(item["name"], f"{path}.name"), points))
    return tuple(out)


def _colour(value: object, path: str) -> int:
    codes = [c for c, _ in _COLOURS]
    if value not in codes:
        raise _fail(path, f"must be one of {', '.join(codes)}, got {describe(value)}")
    assert isinstance(value, str)
    return codes.index(value)


def _check_privates(value: object) -> tuple[PrivateObjective, ...]:
    """COMP-05: 5 private objectives, one per colour."""
    items = _entries(value, "private_objectives", ("name", "colour"), _PRIVATES)
    out = tuple(
        PrivateObjective(
            _name(item["name"], f"private_objectives[{i}].name"),
            _colour(item["colour"], f"private_objectives[{i}].colour"),
        )
        for i, item in enumerate(items)
    )
    if sorted(p.colour for p in out) != list(range(len(_COLOURS))):
        raise _fail("private_objectives", "must hold one card of each colour (COMP-05)")
    return out


def _check_tools(value: object) -> tuple[ToolCard, ...]:
    """COMP-06: the 12 tool cards, numbered 1 to 12 (TOOL-01 to TOOL-12), with their colours."""
    items = _entries(value, "tools", ("number", "name", "colour"), len(_TOOL_COLOURS))
    out: list[ToolCard] = []
    for i, item in enumerate(items):
        path = f"tools[{i}]"
        number = _read.integer(item["number"], f"{path}.number")
        if number != i + 1:
            raise _fail(f"{path}.number", f"must be {i + 1}: the cards are listed by number")
        colour = _colour(item["colour"], f"{path}.colour")
        if _COLOURS[colour][0] != _TOOL_COLOURS[i]:
            raise _fail(
                f"{path}.colour",
                f"tool {number} is {_TOOL_COLOURS[i]} (COMP-06), got {item['colour']}",
            )
        out.append(ToolCard(number, _name(item["name"], f"{path}.name"), colour))
    return tuple(out)


def components_from_mapping(data: Mapping[str, Any]) -> SagradaComponents:
    """Validate a parsed table (the TOML/JSON shape of ``components.toml``) and build it
    (COMP-01 to COMP-08, ROUND-01, ROUND-02).

    Args:
        data: the decoded table.

    Returns:
        The validated, immutable table.

    Raises:
        ComponentTableError: naming the first bad field and why.

    >>> data = default_components().to_mapping()
    >>> data["dice_per_colour"]["value"] = 20
    >>> components_from_mapping(data)
    Traceback (most recent call last):
    ...
    sintra_rules.errors.ComponentTableError: component table: dice_per_colour: the game has 18 ...
    """
    name = common.table_name(data, FORMAT)
    unknown = set(data) - {"format", "name", "sources", *_FIGURES}
    if unknown:
        raise _fail(sorted(unknown)[0], "unknown field")
    sources = _sources(data)
    values: dict[str, Any] = {}
    provenance: dict[str, Provenance] = {}
    for key in _FIGURES:
        values[key], provenance[key] = _figure(data, key, sources)
    codes, colour_names = _check_colours(values["colours"])
    per = _read.integer(values["dice_per_colour"], "dice_per_colour")
    if per != _DICE_PER_COLOUR:
        raise _fail(
            "dice_per_colour",
            f"the game has {_DICE_PER_COLOUR} dice of each colour, 90 in all (COMP-01), got {per}",
        )
    rounds = _read.integer(values["rounds"], "rounds")
    if rounds != _ROUNDS:
        raise _fail("rounds", f"the game has {_ROUNDS} rounds (ROUND-01), got {rounds}")
    return SagradaComponents(
        name=name,
        colour_codes=codes,
        colour_names=colour_names,
        dice_per_colour=per,
        rounds=rounds,
        pool_sizes=_check_pools(values["draft_pool"]),
        patterns=_check_patterns(values["patterns"]),
        publics=_check_publics(values["public_objectives"]),
        privates=_check_privates(values["private_objectives"]),
        tools=_check_tools(values["tools"]),
        provenance=provenance,
        sources=sources,
    )


def load_components(path: str | os.PathLike[str]) -> SagradaComponents:
    """Load and validate a Sagrada component table from a TOML or JSON file (COMP-01 to
    COMP-08).

    Args:
        path: the file; ``.json`` files are read as JSON, others as TOML.

    Returns:
        The validated table.

    Raises:
        ComponentTableError: the file cannot be read or parsed, or a field is invalid.
    """
    return components_from_mapping(common.read_table_file(path))


def table_or_default(components: SagradaComponents | None) -> SagradaComponents:
    """``components``, or the shipped table when it is ``None``."""
    return default_components() if components is None else components


@functools.cache
def default_components() -> SagradaComponents:
    """The shipped table (``data/components.toml``, every figure confirmed).

    Returns:
        The validated default table (one shared instance).
    """
    text = (
        resources.files("sintra_rules.games.sagrada")
        .joinpath("data/components.toml")
        .read_text("utf-8")
    )
    return components_from_mapping(tomllib.loads(text))
