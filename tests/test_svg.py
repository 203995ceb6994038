"""The SVG picture of a position shows exactly what the state holds.

Every state of the golden playthroughs (``tests/golden/``: 2, 3 and 4 players, sides A and B,
with track wraps, refills of the bag from the tower and partial factory fills) is rendered; the SVG
must parse, and the pieces drawn, counted per zone and colour, must match the state's fields
(factories, centre, round indicator, strips, windows), the bag and tower counts must match, and
the glazier, the broken glass marker and the starting player tile must be where the state puts
them. Together the drawn pieces and the supply counts account for all 100 pieces (COMP-01).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from sintra_rules import GameState, components_from_mapping, new_game, record_from_json, replay
from sintra_rules.games.sintra.svg import FILLS, state_to_svg
from sintra_rules.games.sintra.verify.positions import bare, rebalance, set_strip
from sintra_rules.games.sintra.verify.positions import strip as make_strip

NS = "{http://www.w3.org/2000/svg}"


GOLDEN = sorted(
    p
    for p in (Path(__file__).resolve().parent / "golden").glob("*.json")
    if not p.name.startswith("sagrada-")
)


def golden_states(path: Path) -> tuple[GameState, ...]:
    """Every state of a golden playthrough, replayed from its record."""
    document = json.loads(path.read_text("utf-8"))
    return replay(record_from_json(json.dumps(document["record"])))


def drawn(root: ET.Element, cls: str) -> list[ET.Element]:
    """Every element of class ``cls``."""
    return [node for node in root.iter() if node.get("class") == cls]


def expected_pieces(state: GameState) -> Counter[tuple[str, ...]]:
    """The pieces the picture must show, keyed like :func:`counted_pieces`, from the state."""
    codes = state.components.colour_codes
    out: Counter[tuple[str, ...]] = Counter()
    for index, display in enumerate(state.factories):
        for colour, n in enumerate(display):
            out[(f"factory-{index}", codes[colour])] += n
    for colour, n in enumerate(state.centre):
        out[("centre", codes[colour])] += n
    for colour in state.indicator:
        out[("indicator", codes[colour])] += 1
    for seat, player in enumerate(state.players):
        for slot, strip in enumerate(player.strips):
            if strip is not None:
                for colour in range(len(codes)):
                    n = strip.filled[colour] + strip.jokers[colour]
                    out[("strip", str(seat), str(slot), codes[colour])] += n
        for slot, window in enumerate(player.windows):
            for frame, piece in zip(("top", "bottom"), window, strict=True):
                if piece is not None:
                    out[("window", str(seat), str(slot), frame, codes[piece])] += 1
    return +out


def counted_pieces(root: ET.Element) -> Counter[tuple[str, ...]]:
    """The pieces drawn, per zone (and seat, slot, frame) and colour."""
    out: Counter[tuple[str, ...]] = Counter()
    for node in drawn(root, "piece"):
        zone, colour = node.get("data-zone", ""), node.get("data-colour", "")
        if zone == "strip":
            key: tuple[str, ...] = (zone, node.get("data-player", ""), node.get("data-slot", ""))
        elif zone == "window":
            key = (
                zone,
                node.get("data-player", ""),
                node.get("data-slot", ""),
                node.get("data-frame", ""),
            )
        else:
            key = (zone,)
        out[(*key, colour)] += 1
    return out


def check_picture(state: GameState) -> None:
    """Render ``state`` and compare everything countable in the picture with the state."""
    root = ET.fromstring(state_to_svg(state))
    assert root.tag == f"{NS}svg"
    assert counted_pieces(root) == expected_pieces(state)
    codes = state.components.colour_codes
    per_colour = state.components.pieces_per_colour
    supply = {
        (node.get("data-zone"), node.get("data-colour")): int(node.get("data-count", "-1"))
        for node in drawn(root, "supply")
    }
    for colour, code in enumerate(codes):
        assert supply[("bag", code)] == state.bag[colour]
        assert supply[("tower", code)] == state.tower[colour]
        # COMP-01: the picture accounts for every piece of the colour.
        on_board = sum(1 for node in drawn(root, "piece") if node.get("data-colour") == code)
        assert on_board + supply[("bag", code)] + supply[("tower", code)] == per_colour
    glaziers = {(n.get("data-player"), n.get("data-slot")) for n in drawn(root, "glazier")}
    assert glaziers == {(str(s), str(p.glazier)) for s, p in enumerate(state.players)}
    markers = {(n.get("data-player"), n.get("data-track")) for n in drawn(root, "marker")}
    assert markers == {(str(s), str(p.marker)) for s, p in enumerate(state.players)}
    tiles = [n.get("data-zone") for n in drawn(root, "tile")]
    assert tiles == ["centre" if state.tile is None else f"player-{state.tile}"]
    removed = sum(strip is None for p in state.players for strip in p.strips)
    assert len(drawn(root, "empty-slot")) == removed
    check_spaces_under_pieces(state, root)


def centre(node: ET.Element) -> tuple[float, float]:
    """The centre of a ``rect``."""
    x, y = float(node.get("x", "nan")), float(node.get("y", "nan"))
    w, h = float(node.get("width", "nan")), float(node.get("height", "nan"))
    return round(x + w / 2, 3), round(y + h / 2, 3)


def check_spaces_under_pieces(state: GameState, root: ET.Element) -> None:
    """Every piece on a strip lies on a space of its own colour or on a joker space, and each
    strip shows as many pieces on joker spaces as the state says (PLACE-01, PLACE-06)."""
    codes = {centre(n): n.get("data-code") for n in drawn(root, "space") if n.get("data-code")}
    on_jokers: Counter[tuple[str, str]] = Counter()
    for node in drawn(root, "piece"):
        if node.get("data-zone") != "strip":
            continue
        under = codes[centre(node)]
        assert under in (node.get("data-colour"), "J")
        if under == "J":
            on_jokers[(node.get("data-player", ""), node.get("data-slot", ""))] += 1
    expected: Counter[tuple[str, str]] = Counter()
    for seat, player in enumerate(state.players):
        for slot, held in enumerate(player.strips):
            jokers: int = 0 if held is None else sum(held.jokers)
            if jokers:
                expected[(str(seat), str(slot))] = jokers
    assert on_jokers == expected


def test_golden_playthroughs_cover_every_configuration() -> None:
    """The pictured games include 2, 3 and 4 players, both board sides (COMP-02, SETUP-02) and
    completed windows, whose strips have left the game (DONE-05)."""
    finals = [golden_states(path)[-1] for path in GOLDEN]
    assert {len(state.players) for state in finals} == {2, 3, 4}
    assert {state.side for state in finals} == {"A", "B"}
    assert any(bottom is not None for s in finals for p in s.players for _top, bottom in p.windows)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_every_state_of_a_golden_game_is_pictured_faithfully(path: Path) -> None:
    """Each state of a golden playthrough renders to parseable SVG showing what it holds
    (COMP-01, ROUND-05, DONE-04, DONE-05, TRACK-01, TAKE-03, END-05)."""
    states = golden_states(path)
    for state in states:
        check_picture(state)
    assert states[-1].is_over


def test_pieces_on_joker_spaces_are_pictured() -> None:
    """PLACE-06: pieces on joker spaces are drawn on the joker spaces, the others on their
    colour's spaces; the golden games never use a joker space, so this position does."""
    table = bare(3, "B").components
    state = set_strip(bare(3, "B"), 1, 7, make_strip(table, 7, 1, filled="B", jokers="OY"))
    state = set_strip(state, 2, 4, make_strip(table, 7, 1, jokers="P"))
    state = rebalance(state)
    check_picture(state)
    root = ET.fromstring(state_to_svg(state))
    assert len([n for n in drawn(root, "space") if n.get("data-code") == "J"]) == 4


def test_width_scales_the_picture() -> None:
    """``width`` sets the width and scales the height, keeping the drawing (viewBox)."""
    state = new_game(2, seed=3)
    natural = ET.fromstring(state_to_svg(state))
    half = ET.fromstring(state_to_svg(state, width=340))
    assert natural.get("viewBox") == half.get("viewBox")
    _, _, w, h = (float(v) for v in natural.get("viewBox", "").split())
    assert natural.get("width") == str(round(w))
    assert half.get("width") == "340"
    assert half.get("height") == str(round(h * 340 / w))


def test_pieces_use_the_table_colours() -> None:
    """Each piece is filled with its colour code's fill (FIG-01)."""
    root = ET.fromstring(state_to_svg(new_game(4, seed=2)))
    pieces = drawn(root, "piece")
    assert pieces
    for node in pieces:
        assert node.get("fill") == FILLS[node.get("data-colour", "")]


def test_a_table_with_other_colour_codes_renders() -> None:
    """A user's table whose colour codes the palette does not know still renders, with a
    distinct fill per colour (FIG-01, FIG-09)."""
    data = new_game(2).components.to_mapping()
    rename = str.maketrans("BG", "RK")
    data["colours"]["value"][0]["code"] = "R"
    data["colours"]["value"][1]["code"] = "K"
    data["strips"]["value"] = [
        [s.translate(rename) for s in pair] for pair in data["strips"]["value"]
    ]
    table = components_from_mapping(data)
    state = new_game(2, seed=4, components=table)
    check_picture(state)
    root = ET.fromstring(state_to_svg(state))
    fills = {n.get("data-colour"): n.get("fill") for n in drawn(root, "piece")}
    assert {"R", "K"} <= set(fills)
    assert len(set(fills.values())) == len(fills)


def test_jupyter_repr_is_the_picture() -> None:
    """``GameState._repr_svg_`` is :func:`state_to_svg` of the state."""
    state = new_game(3, side="B", seed=9)
    assert state._repr_svg_() == state_to_svg(state)
