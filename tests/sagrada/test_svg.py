"""The SVG picture of a position: every die with its pips and its colour's code, the pattern's
spaces, the pool, the hand, the round track, the tools with their tokens, the scores and the
last move (ENG-12 positions drawn; the Drawn capability)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from sintra_rules.game import Drawn
from sintra_rules.games.sagrada import GAME, Place, apply, position_from_text, state_to_svg

#: Round 3; player 1's Sun Catcher window (.B2.Y / .4.R. / ..5Y. / G3..P) holds B4 on r1c2
#: and Y6 on its yellow space r1c5; player 2's Batllo holds Y6 on r1c1. Tool 1 holds 1 token,
#: tool 12 holds 3; a blue 5 is in hand.
POSITION = (
    "sagrada1 round:3 start:2 turn:1.2 tools:1=1,6,12=3 publics:4,10,2 pool:G1G6P4 "
    "track:R2Y3/G1P5 hand:B5 done:draft "
    "p1:SunCatcher,favor=2,private=R:.B4..Y6/...../...../..... "
    "p2:Batllo,cards=8.3,favor=2:Y6..../...../...../....."
)


def _dice(root: ET.Element) -> list[ET.Element]:
    return [node for node in root.iter() if node.get("class") == "die"]


def test_every_die_shows_pips_and_its_colour_code() -> None:
    """Each die is drawn once, where it lies, with as many pips as its value and its colour's
    code as a capital letter."""
    root = ET.fromstring(state_to_svg(position_from_text(POSITION)))
    dice = _dice(root)
    where = sorted((d.get("data-zone"), d.get("data-colour"), d.get("data-value")) for d in dice)
    assert where == [
        ("hand", "B", "5"),
        ("pool", "G", "1"),
        ("pool", "G", "6"),
        ("pool", "P", "4"),
        ("track", "G", "1"),
        ("track", "P", "5"),
        ("track", "R", "2"),
        ("track", "Y", "3"),
        ("window", "B", "4"),
        ("window", "Y", "6"),
        ("window", "Y", "6"),
    ]
    for die in dice:
        pips = [n for n in die.iter() if n.get("class") == "pip"]
        assert len(pips) == int(die.get("data-value", "0"))
        labels = [n.text for n in die.iter() if n.get("class") == "label"]
        assert labels == [die.get("data-colour")]
    rounds = sorted(
        (d.get("data-round"), d.get("data-colour")) for d in dice if d.get("data-round")
    )
    assert rounds == [("1", "R"), ("1", "Y"), ("2", "G"), ("2", "P")]
    window = {(d.get("data-player"), d.get("data-space")) for d in dice if d.get("data-space")}
    assert window == {("1", "r1c2"), ("1", "r1c5"), ("2", "r1c1")}


def test_the_pattern_spaces_show_colour_letters_and_value_pips() -> None:
    """An empty colour space shows its code in lower case; a value space its pips."""
    root = ET.fromstring(state_to_svg(position_from_text(POSITION)))
    spaces = {
        (n.get("data-player"), n.get("data-space")): n
        for n in root.iter()
        if n.get("class") == "space"
    }
    assert len(spaces) == 40
    red = spaces[("1", "r2c4")]  # Sun Catcher's red space, empty
    assert red.get("data-code") == "R"
    assert [n.text for n in red.iter() if n.get("class") == "label"] == ["r"]
    four = spaces[("1", "r2c2")]  # the value 4
    assert four.get("data-code") == "4"
    assert len([n for n in four.iter() if n.get("class") == "pip"]) == 4
    assert spaces[("1", "r1c1")].get("data-code") == "."


def test_tools_scores_and_the_last_move() -> None:
    """The tools with their favor tokens, each player's score as it stands, the last move in
    words with its notation, the winner at the end."""
    state = position_from_text(POSITION)
    root = ET.fromstring(state_to_svg(state))
    tools = {
        n.get("data-tool"): n.get("data-tokens") for n in root.iter() if n.get("class") == "tool"
    }
    assert tools == {"1": "1", "6": "0", "12": "3"}
    tokens = [n for n in root.iter() if n.get("class") == "token"]
    assert len(tokens) == 4
    scores = {n.get("data-player") for n in root.iter() if n.get("class") == "score"}
    assert scores == {"1", "2"}
    after = apply(state, Place(7), sample=False)
    text = state_to_svg(after, last=Place(7), before=state, names=["Ann", "Bob"])
    root = ET.fromstring(text)
    last = " ".join(n.text or "" for n in root.iter() if n.get("class") == "last-move")
    assert last == "Last move: Ann: place B5 at row 2, column 3 [place r2c3]"
    assert root.get("width") == "720"
    assert ET.fromstring(state_to_svg(state, width=360)).get("width") == "360"


def test_the_result_and_the_capability() -> None:
    """At the end the result is written; GAME.to_svg (Drawn) and _repr_svg_ draw the same."""
    over = position_from_text(
        "sagrada1 round:over start:1 turn:1.2 tools:2,7,11 publics:1,9,10 pool:- track:- "
        "p1:LuzCelestial,private=R:G1B2R3P5./P6Y4G2../...../..... "
        "p2:Batllo,private=Y:...../...../...../....."
    )
    root = ET.fromstring(state_to_svg(over))
    result = [n.text for n in root.iter() if n.get("class") == "result"]
    assert result == ["Final scores: Player 1 -1, Player 2 -15 · Player 1 wins"]
    assert isinstance(GAME, Drawn)
    assert GAME.to_svg(over) == over._repr_svg_() == state_to_svg(over)
