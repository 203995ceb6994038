"""Sagrada's ready-made disputes for its dispute desk (``docs/sagrada/desk.md``).

Each dispute is a one-line position (``sagrada1 ...``, ENG-12) and a decision (ENG-14): one for
each ruling of ``spec/sagrada/07-rulings.md`` that a position and a decision can show, and for
the placement questions players ask most: dice diagonally next to a twin, the first die, and
each tool card's limits. The positions are set up with
:func:`~sintra_rules.games.sagrada.build_position` in the words of the notation, and walked to
a tool's step by the engine's own decisions; the page shows each as the engine writes it.
"""

from __future__ import annotations

from typing import Any

from sintra_rules.games import make

#: The pattern cards used (COMP-03)::
#:
#:     Sun Catcher   .B2.Y / .4.R. / ..5Y. / G3..P
#:     Lux Astram    .1GP4 / 6P25G / 1G53P / .....
#:     Luz Celestial ..R5. / P4.G3 / 6..B. / .Y2..
SUN_LUX = ("Sun Catcher", "Lux Astram")

#: "Can my yellow 3 go next to that blue 3?" (the dice dispute of tests/sagrada/test_explain.py)
DICE = (
    "sagrada1 round:2 start:2 turn:1.1 tools:2,7,11 publics:3,6,9 pool:G5P1Y5R6 track:B2 "
    "hand:Y3 done:draft p1:LuzCelestial,private=G:.B3.../...../...../..... "
    "p2:Batllo:...../...../...../....."
)
#: "Does Eglomise let me ignore the purple next door?" The purple 6 of r1c1 is lifted by
#: Eglomise Brush; a purple 1 lies on r3c2.
EGLOMISE = (
    "sagrada1 round:2 start:2 turn:1.1 tools:2=1,7,11 publics:3,6,9 pool:G5P1Y5R6 track:B2 "
    "done:tool tool:2 step:drop lifted:r1c1 "
    "p1:LuzCelestial,favor=2,private=G:P6B3.../.Y4.../.P1.../..... "
    "p2:Batllo:...../...../...../....."
)

#: Setup (RUL-10): the cards are dealt, player 1 chooses among patterns 13, 14, 19 and 20.
SETUP = (
    "sagrada1 round:setup start:1 turn:1 tools:1,5,4 publics:3,1,10 pool:- track:- "
    "p1:-,cards=10.7,private=B p2:-,cards=8.11,private=Y"
)
#: The last decision of a solo game (RUL-11): two private objectives, blue and yellow.
SOLO_END = (
    "sagrada1 round:10 start:1 turn:1.2 tools:7=B3,11=P3,3=R2 publics:1,7 pool:Y6G3 "
    "track:G1G5G5/Y6P5P6/Y4P3/G4B3/R3P4/G2B3B3/R6P5/R6B6/Y1Y5P3 difficulty:3 done:draft "
    "p1:WaterOfLife,cards=10.7,private=BY:B4.P5../R5.B4.G5/B4.G2B5R6/G5.Y4G3P5"
)


def disputes() -> list[dict[str, Any]]:
    """The ready-made disputes: ``title``, ``about`` (clause IDs, the ruling or the question's
    clause first), ``position`` (the one-line position) and ``action`` (the decision)."""
    game: Any = make("sagrada")
    from sintra_rules.games.sagrada import build_position

    out: list[dict[str, Any]] = []

    def walk(state: Any, *decisions: str) -> Any:
        for text in decisions:
            state = game.apply(state, game.action_from_text(state, text))
        return state

    def add(title: str, about: list[str], state: Any, action: str) -> None:
        if isinstance(state, str):  # written by hand: as the engine writes it
            state = game.position_from_text(state)
        position = game.position_to_text(state)
        out.append({"title": title, "about": about, "position": position, "action": action})

    # -- placement ---------------------------------------------------------------------------
    add("Diagonally next to a die of the same value", ["PLACE-07", "PLACE-02"], DICE, "place r2c3")
    add(
        "Orthogonally next to a die of the same value", ["PLACE-07", "PLACE-03"], DICE, "place r1c3"
    )
    first = build_position(SUN_LUX, pool="G5R3", hand="R3")
    add("The first die on an inner space", ["PLACE-01"], first, "place r2c2")
    add("The first die on the border", ["PLACE-01"], first, "place r2c5")
    lone = build_position(SUN_LUX, windows={1: {"r4c1": "G3"}}, hand="R4")
    add("A die touching no other die", ["PLACE-02"], lone, "place r2c4")
    # -- rulings -----------------------------------------------------------------------------
    add(
        "Eglomise Brush waives only the space's colour",
        ["RUL-01", "PLACE-06"],
        EGLOMISE,
        "place r4c2",
    )
    grozing = walk(build_position(SUN_LUX, windows={1: {"r1c1": "G6"}}, hand="G5"), "tool 1")
    add("Grozing Pliers to a value with no legal space", ["RUL-20", "TOOL-01"], grozing, "+1")
    cork = walk(build_position(SUN_LUX, tools="9,2,3", hand="B5"), "tool 9")
    add("Cork-backed Straightedge on an empty window", ["RUL-03", "PLACE-01"], cork, "place r3c3")
    only = walk(build_position(SUN_LUX, windows={1: {"r4c1": "G4"}}), "tool 2", "pick r4c1")
    add("Moving the only die of a window", ["RUL-04", "PLACE-01"], only, "place r2c2")
    unplaceable = build_position(SUN_LUX, windows={1: {"r1c1": "G6"}}, tools="2,3,4", pool="G2R3")
    add("Drafting a die that has no legal space", ["RUL-05", "PLACE-10"], unplaceable, "draft G2")
    pliers = build_position(SUN_LUX, tools="8,2,3", pool="R3B5G1Y2")
    add("Running Pliers before the turn's draft", ["RUL-06", "TOOL-08"], pliers, "tool 8")
    wheel = build_position(SUN_LUX, windows={1: {"r4c1": "G4", "r4c2": "Y2"}}, tools="12,2,3")
    add("Tap Wheel with an empty round track", ["RUL-07", "TOOL-12"], wheel, "tool 12")
    solo = build_position(
        ("Lux Astram",),
        windows={1: {"r4c1": "G4"}},
        pool="P2P5B1R3",
        publics="1,2",
        privates={1: "RG"},
    )
    paid = walk(solo, "tool 2 pay B1", "pick r4c1", "place r4c3")
    add("Solo: paying for a tool does not use the draft", ["RUL-08", "TURN-03"], paid, "draft R3")
    empty = build_position(SUN_LUX, tools="2,3,4", round=2, track="G1")
    add("A moving tool with nothing to move", ["RUL-09", "TOOL-02"], empty, "tool 2")
    hammer = build_position(SUN_LUX, tools="7,2,3", pool="R3B5B6")
    add("Glazing Hammer in the first turn", ["RUL-13", "TOOL-07"], hammer, "tool 7")
    add("Ending the turn holding a drafted die", ["RUL-14", "TURN-02"], DICE, "end")
    held = build_position(SUN_LUX, windows={1: {"r4c1": "G4"}}, tools="2,3,4", hand="R3")
    add("A tool between drafting and placing", ["RUL-15", "TOOL-02"], held, "tool 2")
    drawn = walk(
        build_position(SUN_LUX, windows={1: {"r1c1": "G6"}}, tools="11,2,3", hand="G5"), "tool 11"
    )
    green = game.apply_chance(drawn, 2)  # a green die is drawn
    four = game.apply(green, game.action_from_text(green, "value 4"))
    add("Flux Remover: returning a die that could be placed", ["RUL-12", "TOOL-11"], four, "return")
    add("Choosing the patterns at setup", ["RUL-10", "SETUP-03"], SETUP, "pattern 13")
    add(
        "Solo: the better private objective counts",
        ["RUL-11", "SCORE-02", "SOLO-07"],
        SOLO_END,
        "end",
    )
    # -- each tool's limits ------------------------------------------------------------------
    low = walk(build_position(SUN_LUX, hand="R1"), "tool 1")
    add("Grozing Pliers: no wrap from 1 to 6", ["TOOL-01"], low, "-1")
    two = build_position(SUN_LUX, windows={1: {"r4c1": "G4", "r4c2": "Y2"}}, tools="4,2,3")
    add(
        "Lathekin: the same die twice",
        ["TOOL-04"],
        walk(two, "tool 4", "pick r4c1", "place r4c3"),
        "pick r4c3",
    )
    add(
        "Lens Cutter in round 1",
        ["TOOL-05"],
        build_position(SUN_LUX, tools="5,2,3", hand="B3"),
        "tool 5",
    )
    before = build_position(SUN_LUX, tools="6,10,3", pool="R3")
    add("Flux Brush before the draft", ["TOOL-06", "RUL-15"], before, "tool 6")
    add("Grinding Stone before the draft", ["TOOL-10", "RUL-15"], before, "tool 10")
    cork_next = walk(
        build_position(SUN_LUX, windows={1: {"r4c1": "G4"}}, tools="9,2,3", hand="B5"), "tool 9"
    )
    add("Cork-backed Straightedge next to a die", ["TOOL-09"], cork_next, "place r4c2")
    five = game.apply(green, game.action_from_text(green, "value 5"))
    add("Flux Remover's die with no legal space", ["TOOL-11", "PLACE-04"], five, "place r2c2")
    foil = walk(
        build_position(
            ("Lux Astram", "Sun Catcher"), windows={1: {"r4c1": "G4", "r4c2": "Y2"}}, tools="3,2,4"
        ),
        "tool 3",
        "pick r4c2",
    )
    add(
        "Copper Foil Burnisher keeps the space's colour",
        ["TOOL-03", "PLACE-03"],
        foil,
        "place r3c2",
    )
    tap = build_position(
        SUN_LUX,
        windows={1: {"r4c1": "G4", "r4c2": "Y2", "r4c3": "G5"}},
        tools="12,2,3",
        round=2,
        track="G1",
        pool="R3",
    )
    add(
        "Tap Wheel: a die of another colour",
        ["TOOL-12", "RUL-07"],
        walk(tap, "tool 12"),
        "pick r4c2",
    )
    poor = build_position(SUN_LUX, tools="1=1,2=1,3", hand="R3", favor={1: 1})
    add("Two favor tokens for a used tool", ["FAVOR-03", "FAVOR-02"], poor, "tool 1")
    again = build_position(SUN_LUX, windows={1: {"r4c1": "G4"}}, tools="2,3,4", pool="R3")
    add(
        "A second tool in one turn",
        ["FAVOR-01"],
        walk(again, "tool 2", "pick r4c1", "place r4c3"),
        "tool 3",
    )
    return out
