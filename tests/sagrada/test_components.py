"""Sagrada's component table: the shipped figures and the loader's checks (COMP-01 to COMP-08,
ROUND-01, ROUND-02)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from sintra_rules import ComponentTableError, UnknownPlayerCount
from sintra_rules.games.sagrada import default_components, load_components
from sintra_rules.games.sagrada.components import components_from_mapping

TABLE = default_components()


def data() -> dict[str, Any]:
    return copy.deepcopy(TABLE.to_mapping())


def refused(mapping: dict[str, Any]) -> ComponentTableError:
    with pytest.raises(ComponentTableError) as info:
        components_from_mapping(mapping)
    return info.value


def test_comp_01_dice() -> None:
    """COMP-01: 90 dice, 18 of each of red, yellow, green, blue and purple."""
    assert TABLE.colour_codes == ("R", "Y", "G", "B", "P")
    assert TABLE.colour_names == ("red", "yellow", "green", "blue", "purple")
    assert TABLE.dice_per_colour * TABLE.colours == 90


def test_comp_01_refuses_other_dice_counts() -> None:
    """COMP-01: 18 dice per colour is enforced, naming the field."""
    bad = data()
    bad["dice_per_colour"]["value"] = 17
    assert refused(bad).field == "dice_per_colour"


def test_comp_02_player_counts_and_round_02_pools() -> None:
    """COMP-02, ROUND-02: 1 to 4 players; pools of 4 (solo), 5, 7 and 9 dice (2n + 1)."""
    assert TABLE.player_counts == (1, 2, 3, 4)
    assert [TABLE.pool_size(n) for n in (1, 2, 3, 4)] == [4, 5, 7, 9]
    with pytest.raises(UnknownPlayerCount):
        TABLE.pool_size(5)


def test_comp_03_patterns() -> None:
    """COMP-03: 24 patterns on 12 cards, 4 rows of 5; Sun Catcher as printed (components.md)."""
    assert len(TABLE.patterns) == 24 and TABLE.cards == 12
    sun_catcher = next(p for p in TABLE.patterns if p.name == "Sun Catcher")
    assert sun_catcher.card == 2 and sun_catcher.favor == 3
    assert sun_catcher.grid == (".B2.Y", ".4.R.", "..5Y.", "G3..P")
    # r1c2 is blue (colour 3), r1c3 the value 2, r1c1 blank
    assert sun_catcher.colours[:3] == (-1, 3, -1) and sun_catcher.values[:3] == (0, 0, 2)
    faces = TABLE.card_faces[1]
    assert {TABLE.patterns[f].name for f in faces} == {"Shadow Thief", "Sun Catcher"}


def test_comp_03_favor_distribution_and_faces() -> None:
    """COMP-03: 4 patterns of difficulty 3, 4 of 4, 12 of 5, 4 of 6; two difficulties a card."""
    favors = [p.favor for p in TABLE.patterns]
    assert [favors.count(f) for f in (3, 4, 5, 6)] == [4, 4, 12, 4]
    for a, b in TABLE.card_faces:
        assert TABLE.patterns[a].favor != TABLE.patterns[b].favor


def test_comp_08_no_pattern_has_equal_orthogonal_restrictions() -> None:
    """COMP-08 (checked independently of the loader): no two orthogonally adjacent spaces of
    any pattern require the same colour or value."""
    for pattern in TABLE.patterns:
        cells = "".join(pattern.grid)
        for i, code in enumerate(cells):
            if code == ".":
                continue
            right = i % 5 < 4 and cells[i + 1] == code
            below = i + 5 < 20 and cells[i + 5] == code
            assert not right and not below, pattern.name


def test_comp_03_loader_refuses_inconsistent_patterns() -> None:
    """COMP-03, COMP-08: the loader names the field of each broken consistency fact."""
    bad = data()
    bad["patterns"]["value"][0]["grid"][0] = "11PY4"  # two adjacent 1s
    assert refused(bad).field == "patterns[0].grid[0]"
    bad = data()
    bad["patterns"]["value"][1]["favor"] = 6  # both faces of card 1 at 6
    assert refused(bad).field == "patterns[1].favor"
    bad = data()
    bad["patterns"]["value"][3]["favor"] = 4  # Sun Catcher 3 -> 4: 3 patterns of 3, 5 of 4
    error = refused(bad)
    assert error.field == "patterns" and "4 / 4 / 12 / 4" in error.reason
    bad = data()
    bad["patterns"]["value"][2]["card"] = 1  # card 1 would have 3 faces
    assert refused(bad).field == "patterns"
    bad = data()
    bad["patterns"]["value"][0]["grid"][0] = "1PYX4"
    assert refused(bad).field == "patterns[0].grid[0]"


def test_comp_04_public_objectives() -> None:
    """COMP-04: the 10 public objectives with their printed points."""
    assert [(p.number, p.points) for p in TABLE.publics] == [
        (1, 2), (2, 2), (3, 2), (4, 5), (5, 5), (6, 4), (7, 6), (8, 5), (9, 4), (10, 1),
    ]  # fmt: skip
    assert TABLE.publics[5].name == "Column Shade Variety"
    bad = data()
    bad["public_objectives"]["value"][5]["points"] = 5  # FILIPPO's error
    assert refused(bad).field == "public_objectives[5].points"


def test_comp_05_private_objectives() -> None:
    """COMP-05: 5 private objectives, one per colour."""
    assert [p.colour for p in TABLE.privates] == [0, 1, 2, 3, 4]
    bad = data()
    bad["private_objectives"]["value"][1]["colour"] = "R"
    assert refused(bad).field == "private_objectives"


def test_comp_06_tools() -> None:
    """COMP-06: the 12 tool cards with their colours P B R Y G repeating."""
    assert [t.name for t in TABLE.tools][:3] == [
        "Grozing Pliers",
        "Eglomise Brush",
        "Copper Foil Burnisher",
    ]
    assert "".join(TABLE.colour_codes[t.colour] for t in TABLE.tools) == "PBRYGPBRYGPB"
    bad = data()
    bad["tools"]["value"][7]["colour"] = "B"
    assert refused(bad).field == "tools[7].colour"


def test_round_01_ten_rounds_enforced() -> None:
    """ROUND-01: 10 rounds."""
    assert TABLE.rounds == 10
    bad = data()
    bad["rounds"]["value"] = 9
    assert refused(bad).field == "rounds"


def test_provenance_and_sources() -> None:
    """Every figure is confirmed and cites defined source tags; an undefined tag is refused."""
    assert {p.status for p in TABLE.provenance.values()} == {"confirmed"}
    assert "RULESPAL" in TABLE.sources
    bad = data()
    bad["tools"]["source"] = "[NOWHERE]"
    assert refused(bad).field == "tools.source"
    bad = data()
    bad["colours"]["clause"] = "colours"
    assert refused(bad).field == "colours.clause"


def test_load_components_reads_toml_and_json(tmp_path: Path) -> None:
    """load_components reads the shipped TOML and a JSON copy to equal tables; a broken file
    is a ComponentTableError on $."""
    shipped = (
        Path(__file__).resolve().parents[2] / "sintra_rules/games/sagrada/data/components.toml"
    )
    assert load_components(shipped) == TABLE
    path = tmp_path / "table.json"
    path.write_text(json.dumps(TABLE.to_mapping()), "utf-8")
    assert load_components(path) == TABLE
    (tmp_path / "bad.toml").write_text("format = ", "utf-8")
    with pytest.raises(ComponentTableError) as info:
        load_components(tmp_path / "bad.toml")
    assert info.value.field == "$"
