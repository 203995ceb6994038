"""The component table: the shipped figures, their provenance, validation of replacement tables
and that a replacement changes the engine's behaviour by data alone (FIG-01 to FIG-10).

Expected figures and statuses are copied by hand from ``/work/shared/components.md`` and the
rulebook, not from the loader.
"""

from __future__ import annotations

import copy
import json
import pickle
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from sintra_rules import (
    ComponentTable,
    ComponentTableError,
    GameState,
    SintraError,
    Take,
    UnknownPlayerCount,
    apply,
    components_from_mapping,
    default_components,
    load_components,
    new_game,
)
from sintra_rules.games.sintra.verify.positions import (
    bare,
    colour,
    rebalance,
    set_factories,
    set_player,
    set_strip,
    set_windows,
    strip_for,
    table_with,
)

#: Sentinel for :func:`edited`: delete the key instead of replacing its value.
DELETE = object()


def edited(path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    """The shipped table's mapping with the item at ``path`` replaced by ``value`` (or deleted)."""
    data = copy.deepcopy(default_components().to_mapping())
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    if value is DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return data


def shipped_toml() -> str:
    """The text of the shipped ``components.toml``."""
    return (
        resources.files("sintra_rules.games.sintra")
        .joinpath("data/components.toml")
        .read_text("utf-8")
    )


# --- the shipped table (FIG-01 .. FIG-10) -------------------------------------------------


def test_shipped_table_figures_fig_01_to_fig_10() -> None:
    """The default table holds the figures listed in components.md (FIG-01 to FIG-10)."""
    table = default_components()
    assert isinstance(table, ComponentTable)
    assert table.colour_codes == ("B", "G", "O", "P", "Y")  # FIG-01
    assert table.colour_names == ("blue", "green", "orange", "pink", "yellow")
    assert table.colours == 5
    assert table.pieces_per_colour == 20  # FIG-02
    assert table.total_pieces == 100
    assert [table.factories_for(n) for n in (2, 3, 4)] == [5, 7, 9]  # FIG-03
    assert table.player_counts == (2, 3, 4)
    assert table.factory_capacity == 4
    assert table.window_values("A") == (4, 3, 2, 3, 1, 2, 1, 2)  # FIG-04
    assert table.window_values("B") == (4, 3, 2, 3, 1, 2, 1, 2)  # FIG-05
    assert table.windows == 8
    assert table.ornaments == ((0, 1), (2, 3), (4, 5), (6, 7))  # FIG-06 (0-based windows)
    assert table.ornament_points == (0, 0, 3, 6, 10)  # FIG-07
    assert table.track == (0, -1, -2, -4, -6, -8, -11, -14, -18)  # FIG-08
    assert table.rounds == 6  # FIG-10
    assert table.strips == (  # FIG-09
        ("BBBGO", "OOPPB"),
        ("GGGOP", "PPYYG"),
        ("OOOPY", "YYBBO"),
        ("PPPYB", "BBGGP"),
        ("YYYBG", "GGOOY"),
        ("BBGOP", "GGOPY"),
        ("OOPYB", "PPYBG"),
        ("YYBGO", "JJBGO"),
    )
    with pytest.raises(UnknownPlayerCount):
        table.factories_for(5)


def test_side_spaces_fig_09() -> None:
    """Capacities per colour plus jokers, counted by hand from the strip texts (FIG-09)."""
    table = default_components()
    assert table.side_spaces[0] == ((3, 1, 1, 0, 0, 0), (1, 0, 2, 2, 0, 0))
    assert table.side_spaces[7] == ((1, 1, 1, 0, 2, 0), (1, 1, 1, 0, 0, 2))
    # 78 coloured spaces: blue, green and orange 16 each, pink and yellow 15 each.
    totals = [sum(side[c] for sides in table.side_spaces for side in sides) for c in range(5)]
    assert totals == [16, 16, 16, 15, 15]
    assert sum(side[5] for sides in table.side_spaces for side in sides) == 2


# Status and clause per figure, read by hand from components.md and spec/sintra/07-figures.md.
PROVENANCE = {
    "colours": ("provisional", "FIG-01"),  # blue and green are provisional names
    "pieces_per_colour": ("confirmed", "FIG-02"),
    "factories": ("confirmed", "FIG-03"),
    "factory_capacity": ("confirmed", "FIG-03"),
    "window_values.A": ("provisional", "FIG-04"),
    "window_values.B": ("provisional", "FIG-05"),
    "ornaments": ("provisional", "FIG-06"),
    "ornament_points": ("confirmed", "FIG-07"),
    "track": ("provisional", "FIG-08"),
    "rounds": ("confirmed", "FIG-10"),
    "strips": ("provisional", "FIG-09"),
}


def test_provenance_marks_fig_01_to_fig_10() -> None:
    """Every figure carries the status components.md gives it, and a source (FIG-01..10)."""
    table = default_components()
    assert set(table.provenance) == set(PROVENANCE)
    for key, (status, clause) in PROVENANCE.items():
        prov = table.provenance[key]
        assert (prov.status, prov.clause) == (status, clause), key
        assert prov.source.strip(), key
    assert "provisional" in table.name


# --- digest and equality --------------------------------------------------------------------


def test_digest_identifies_figures_not_names() -> None:
    """Equal figures give equal tables, digests and hashes; the table name and provenance do
    not count; any changed figure does (FIG-01 to FIG-10)."""
    table = default_components()
    assert len(table.digest) == 64 and int(table.digest, 16) >= 0
    same = components_from_mapping(table.to_mapping())
    assert same is not table
    assert same == table and hash(same) == hash(table) and same.digest == table.digest

    renamed = edited(("name",), "my copy")
    renamed["track"]["status"] = "confirmed"
    renamed["track"]["source"] = "printed on my board"
    other = components_from_mapping(renamed)
    assert other == table and other.digest == table.digest
    assert other.name == "my copy" and other.provenance["track"].status == "confirmed"

    # Key order of the input mapping does not matter.
    reordered = dict(reversed(list(table.to_mapping().items())))
    assert components_from_mapping(reordered).digest == table.digest

    changed = table_with({"window_values.B": [1, 2, 3, 4, 4, 3, 2, 1]})
    assert changed != table and changed.digest != table.digest
    assert (table == 5) is False and (table != "table") is True


# --- loading files -------------------------------------------------------------------------


def test_load_shipped_toml_and_json_round_trip(tmp_path: Path) -> None:
    """A table loads from a TOML file and from a JSON file (by extension) (FIG-01..FIG-10)."""
    toml_path = tmp_path / "mine.toml"
    toml_path.write_text(shipped_toml(), encoding="utf-8")
    assert load_components(toml_path) == default_components()
    assert load_components(str(toml_path)) == default_components()

    json_path = tmp_path / "mine.json"
    json_path.write_text(json.dumps(default_components().to_mapping()), encoding="utf-8")
    loaded = load_components(json_path)
    assert loaded == default_components()
    assert loaded.to_mapping() == default_components().to_mapping()


def test_load_custom_toml(tmp_path: Path) -> None:
    """Replacing provisional values in a copy of the shipped file is read back (FIG-04, FIG-08)."""
    text = shipped_toml()
    text = text.replace(
        "value = [0, -1, -2, -4, -6, -8, -11, -14, -18]", "value = [0, -1, -2, -4, -8, -18]"
    )
    old = "value = [4, 3, 2, 3, 1, 2, 1, 2]"
    assert text.count(old) == 2
    text = text.replace(old, "value = [1, 1, 2, 2, 3, 3, 4, 4]", 1)
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    table = load_components(path)
    assert table.track == (0, -1, -2, -4, -8, -18)
    assert table.window_values("A") == (1, 1, 2, 2, 3, 3, 4, 4)
    assert table.window_values("B") == (4, 3, 2, 3, 1, 2, 1, 2)
    assert table != default_components()


@pytest.mark.parametrize(
    ("name", "blob"),
    [
        ("bad.toml", b"format = = 1"),
        ("bad.json", b"{not json"),
        ("bad.toml", b"\xff\xfe\x00garbage"),
        ("empty.json", b""),
    ],
)
def test_load_unreadable_files(tmp_path: Path, name: str, blob: bytes) -> None:
    """Malformed TOML/JSON is a ComponentTableError on the whole document (FIG-01)."""
    path = tmp_path / name
    path.write_bytes(blob)
    with pytest.raises(ComponentTableError) as info:
        load_components(path)
    assert info.value.field == "$"


def test_load_missing_file(tmp_path: Path) -> None:
    """A file that cannot be read is a ComponentTableError, not an OSError (FIG-01)."""
    with pytest.raises(ComponentTableError) as info:
        load_components(tmp_path / "nowhere.toml")
    assert info.value.field == "$"


def test_load_json_with_unknown_format(tmp_path: Path) -> None:
    """A file declaring another table format is rejected naming ``format`` (FIG-01)."""
    path = tmp_path / "future.json"
    path.write_text(json.dumps(edited(("format",), 2)), encoding="utf-8")
    with pytest.raises(ComponentTableError) as info:
        load_components(path)
    assert info.value.field == "format"


# --- every kind of bad table ----------------------------------------------------------------

COLOURS = [
    {"code": "B", "name": "blue"},
    {"code": "G", "name": "green"},
    {"code": "O", "name": "orange"},
    {"code": "P", "name": "pink"},
    {"code": "Y", "name": "yellow"},
]


def _colours(index: int, **entry: object) -> list[dict[str, object]]:
    out: list[dict[str, object]] = [dict(c) for c in COLOURS]
    out[index] = {**out[index], **entry}
    return out


STRIPS = [list(pair) for pair in default_components().strips]


def _strips(index: int, pair: object) -> list[object]:
    out: list[object] = [list(p) for p in STRIPS]
    out[index] = pair
    return out


BAD_TABLES: list[tuple[str, tuple[str | int, ...], object, str]] = [
    # (case, path into the mapping, new value or DELETE, field the error must name)
    ("unknown format", ("format",), 2, "format"),
    ("no format", ("format",), DELETE, "format"),
    ("format as text", ("format",), "1", "format"),
    ("empty name", ("name",), " ", "name"),
    ("unknown top-level field", ("bonus",), 3, "bonus"),
    ("missing figure", ("track",), DELETE, "track"),
    ("figure not a table", ("rounds",), 6, "rounds"),
    ("missing value", ("track", "value"), DELETE, "track.value"),
    ("bad status", ("track", "status"), "likely", "track.status"),
    ("missing status", ("strips", "status"), DELETE, "strips.status"),
    ("empty source", ("track", "source"), "", "track.source"),
    ("clause not FIG", ("track", "clause"), "TRACK-01", "track.clause"),
    ("unknown key in figure", ("track", "note"), "x", "track"),
    ("no window values", ("window_values",), DELETE, "window_values"),
    ("missing side B", ("window_values", "B"), DELETE, "window_values.B"),
    ("unknown side", ("window_values", "C"), {"value": [1] * 8}, "window_values"),
    # FIG-01 colours
    ("four colours", ("colours", "value"), COLOURS[:4], "colours"),
    ("six colours", ("colours", "value"), [*COLOURS, {"code": "R", "name": "red"}], "colours"),
    ("colours not a list", ("colours", "value"), "BGOPY", "colours"),
    ("joker code as colour", ("colours", "value"), _colours(0, code="J"), "colours[0].code"),
    ("lower-case code", ("colours", "value"), _colours(1, code="g"), "colours[1].code"),
    ("two-letter code", ("colours", "value"), _colours(2, code="OR"), "colours[2].code"),
    ("duplicate code", ("colours", "value"), _colours(1, code="B"), "colours"),
    ("empty colour name", ("colours", "value"), _colours(3, name=""), "colours[3].name"),
    ("duplicate colour name", ("colours", "value"), _colours(4, name="pink"), "colours"),
    ("extra colour key", ("colours", "value"), _colours(0, hue=240), "colours[0]"),
    # FIG-02 pieces: 5 colours must make 100 pieces
    ("19 per colour", ("pieces_per_colour", "value"), 19, "pieces_per_colour"),
    ("21 per colour", ("pieces_per_colour", "value"), 21, "pieces_per_colour"),
    ("pieces as text", ("pieces_per_colour", "value"), "20", "pieces_per_colour"),
    ("pieces as bool", ("pieces_per_colour", "value"), True, "pieces_per_colour"),
    ("pieces as float", ("pieces_per_colour", "value"), 20.0, "pieces_per_colour"),
    # FIG-03 factories per player count and capacity
    ("8 displays for 4", ("factories", "value"), {"2": 5, "3": 7, "4": 8}, "factories"),
    ("no 4 players", ("factories", "value"), {"2": 5, "3": 7}, "factories"),
    ("5 players", ("factories", "value"), {"2": 5, "3": 7, "4": 9, "5": 11}, "factories"),
    ("player count key", ("factories", "value"), {"two": 5, "3": 7, "4": 9}, "factories"),
    ("display count text", ("factories", "value"), {"2": "5", "3": 7, "4": 9}, "factories.2"),
    ("factories as list", ("factories", "value"), [5, 7, 9], "factories"),
    ("capacity 3", ("factory_capacity", "value"), 3, "factory_capacity"),
    # FIG-04 / FIG-05 windows
    ("7 windows", ("window_values", "A", "value"), [4, 3, 2, 3, 1, 2, 1], "window_values.A"),
    ("9 windows", ("window_values", "B", "value"), [1] * 9, "window_values.B"),
    (
        "window value 0",
        ("window_values", "A", "value"),
        [4, 3, 2, 3, 0, 2, 1, 2],
        "window_values.A[4]",
    ),
    (
        "window value 5",
        ("window_values", "B", "value"),
        [5, 3, 2, 3, 1, 2, 1, 2],
        "window_values.B[0]",
    ),
    (
        "negative window",
        ("window_values", "A", "value"),
        [4, 3, 2, 3, 1, 2, 1, -2],
        "window_values.A[7]",
    ),
    (
        "window value text",
        ("window_values", "A", "value"),
        [4, "3", 2, 3, 1, 2, 1, 2],
        "window_values.A[1]",
    ),
    ("windows not a list", ("window_values", "A", "value"), 4, "window_values.A"),
    # FIG-06 / FIG-07 ornaments
    ("3 ornaments", ("ornaments", "value"), [[1, 2], [3, 4], [5, 6]], "ornaments"),
    (
        "ornament of 3 windows",
        ("ornaments", "value"),
        [[1, 2, 3], [4, 5], [6, 7], [8, 1]],
        "ornaments[0]",
    ),
    ("ornament window 9", ("ornaments", "value"), [[1, 2], [3, 4], [5, 6], [7, 9]], "ornaments[3]"),
    (
        "window in 2 ornaments",
        ("ornaments", "value"),
        [[1, 2], [2, 3], [5, 6], [7, 8]],
        "ornaments[1]",
    ),
    ("ornament points", ("ornament_points", "value"), [0, 0, 3, 6, 9], "ornament_points"),
    # FIG-08 track
    ("track not ending at -18", ("track", "value"), [0, -1, -2, -4, -8, -20], "track"),
    ("track ending above -18", ("track", "value"), [0, -1, -2, -4, -8, -17], "track"),
    ("empty track", ("track", "value"), [], "track"),
    ("track head", ("track", "value"), [0, -2, -4, -8, -18], "track"),
    ("track not decreasing", ("track", "value"), [0, -1, -2, -4, -8, -8, -18], "track"),
    ("track without -8", ("track", "value"), [0, -1, -2, -4, -6, -10, -18], "track"),
    ("track value text", ("track", "value"), [0, "-1", -2, -4, -8, -18], "track[1]"),
    # FIG-10 rounds
    ("5 rounds", ("rounds", "value"), 5, "rounds"),
    # FIG-09 strips
    ("two joker sides", ("strips", "value"), _strips(0, ["JJBGO", "OOPPB"]), "strips"),
    ("no joker side", ("strips", "value"), _strips(7, ["YYBGO", "BBBGO"]), "strips"),
    ("one joker space", ("strips", "value"), _strips(7, ["YYBGO", "JBBGO"]), "strips[7][1]"),
    ("three joker spaces", ("strips", "value"), _strips(7, ["YYBGO", "JJJGO"]), "strips[7][1]"),
    ("unknown colour code", ("strips", "value"), _strips(0, ["BBBGX", "OOPPB"]), "strips[0][0]"),
    ("lower-case space", ("strips", "value"), _strips(1, ["GGGOP", "ppyyg"]), "strips[1][1]"),
    ("4 spaces", ("strips", "value"), _strips(2, ["OOOP", "YYBBO"]), "strips[2][0]"),
    ("6 spaces", ("strips", "value"), _strips(2, ["OOOPY", "YYBBOO"]), "strips[2][1]"),
    ("side not text", ("strips", "value"), _strips(3, [5, "BBGGP"]), "strips[3][0]"),
    ("three sides", ("strips", "value"), _strips(4, ["YYYBG", "GGOOY", "BBBBB"]), "strips[4]"),
    ("7 strips", ("strips", "value"), STRIPS[:7], "strips"),
    ("9 strips", ("strips", "value"), [*STRIPS, ["BBBGO", "OOPPB"]], "strips"),
]


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [pytest.param(p, v, f, id=case) for case, p, v, f in BAD_TABLES],
)
def test_bad_table_names_field(path: tuple[str | int, ...], value: object, field: str) -> None:
    """Every kind of bad table is rejected with a ComponentTableError naming the field, from a
    mapping and from a JSON file alike (FIG-01 to FIG-10)."""
    data = edited(path, value)
    with pytest.raises(ComponentTableError) as info:
        components_from_mapping(data)
    assert info.value.field == field
    assert str(info.value).startswith(f"component table: {field}: ")
    assert isinstance(info.value, SintraError) and isinstance(info.value, ValueError)


def test_bad_table_from_file(tmp_path: Path) -> None:
    """A bad JSON file is rejected like the same mapping (FIG-08)."""
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(edited(("track", "value"), [0, -1, -2, -4, -8])), "utf-8")
    with pytest.raises(ComponentTableError) as info:
        load_components(path)
    assert info.value.field == "track"


@pytest.mark.parametrize("data", [[], "table", None, 3])
def test_not_a_mapping(data: Any) -> None:
    """A table that is not a mapping at all names the whole document (FIG-01)."""
    with pytest.raises(ComponentTableError) as info:
        components_from_mapping(data)
    assert info.value.field == "$"


# --- replacing provisional figures changes the behaviour by data alone -----------------------


def _completion(table: ComponentTable) -> GameState:
    """Seat 0 completes strip OOOPY in slot 2 with two orange from display 0, window 2 being
    the first furnished window (DONE-01 to DONE-06); windows 5 and 7 already hold pieces."""
    state = bare(2, "A", components=table)
    state = set_windows(state, 0, ["", "", "", "", "", "B", "", "GY"])
    state = set_strip(state, 0, 2, strip_for(table, "OOOPY", filled="OPY"))
    state = set_player(state, 0, glazier=1)
    state = rebalance(set_factories(state, ["OOBB"]))
    return apply(state, Take(0, colour(table, "O"), 2, keep=colour(table, "P")))


def test_window_values_are_data_fig_04() -> None:
    """The same completion scores the window values of whichever table is loaded (FIG-04,
    DONE-06): default 2 + 2 + 2 = 6; with values 1 1 1 1 3 4 2 4: 1 + 4 + 4 = 9."""
    default = default_components()
    custom = table_with({"window_values.A": [1, 1, 1, 1, 3, 4, 2, 4]})
    # The round's colour of bare() (seed 0) decides the colour bonus; count it by hand.
    state = bare(2, "A")
    bonus = sum(1 for code in "OOOPY" if colour(default, code) == state.indicator[0])
    assert _completion(default).players[0].score == 6 + bonus
    assert _completion(custom).players[0].score == 9 + bonus


def _all_break(table: ComponentTable) -> GameState:
    """Seat 0, marker on the -4 space (index 3), takes 4 pink that no reachable strip can hold:
    all 4 break (PLACE-05, TRACK-02)."""
    state = bare(2, "A", components=table)
    state = set_player(state, 0, glazier=7, marker=3, points_lost=4)  # strip 7 is YYBGO
    state = rebalance(set_factories(state, ["PPPP", "B"]))
    return apply(state, Take(0, colour(table, "P"), None))


def test_track_is_data_fig_08() -> None:
    """4 steps from -4: on the default track the marker ends on -14; on a shorter replacement
    track 0 -1 -2 -4 -5 -8 -18 the third step reaches -18 (18 points at once, back to the top)
    and the fourth ends on -1 (FIG-08, TRACK-02, TRACK-03, TRACK-04)."""
    default = _all_break(default_components()).players[0]
    assert (default.marker, default.score, default.points_lost) == (7, 0, 14)
    short = table_with({"track": [0, -1, -2, -4, -5, -8, -18]})
    custom = _all_break(short).players[0]
    assert (custom.marker, custom.score, custom.points_lost) == (1, -18, 19)


# --- pickling -----------------------------------------------------------------------------


def test_pickle_tables() -> None:
    """The shipped table pickles by reference; a custom one keeps its figures, name and
    provenance (FIG-01)."""
    table = default_components()
    assert pickle.loads(pickle.dumps(table)) is table
    custom = table_with({"window_values.B": [2, 2, 2, 2, 2, 2, 2, 2]})
    back = pickle.loads(pickle.dumps(custom))
    assert back == custom and back.digest == custom.digest and back is not custom
    assert back.name == custom.name and back.to_mapping() == custom.to_mapping()
    assert back != table


def test_pickle_states_with_both_tables() -> None:
    """States pickle to equal, equally hashed states, whatever their table (ENG-02)."""
    custom = table_with({"track": [0, -1, -2, -4, -8, -18]})
    for state in (new_game(3, "B", seed=5), new_game(2, "A", seed=9, components=custom)):
        back = pickle.loads(pickle.dumps(state))
        assert back == state and hash(back) == hash(state)
        assert back.components == state.components
        assert back.components.track == state.components.track
