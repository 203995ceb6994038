"""The checks of a Sintra position across its fields (ENG-22): the pieces conserved between
the table, the bag and the tower (COMP-01), the pending chance step (ENG-07) and the phase of
the round (ROUND-04, END-02).

:mod:`~sintra_rules.games.sintra.position.reader` runs them once every field is read.
"""

from __future__ import annotations

from collections.abc import Mapping

from sintra_rules.games.sintra.position.grammar import _Text
from sintra_rules.games.sintra.state import (
    GameState,
)


def _check_chance(
    src: _Text, state: GameState, at: int, fields: Mapping[str, tuple[int, str]]
) -> None:
    """A state waiting for a chance step is one the steps of ENG-07 can reach."""
    table = state.components
    step = state.chance
    assert step is not None
    if any(state.centre) or state.tile is not None:
        src.fail(
            "chance",
            at,
            "ENG-07",
            "while displays are filled the centre is empty and the tile lies there",
        )
    if step.kind != "fill":
        if any(map(any, state.factories)) or len(state.indicator) != table.colours:
            src.fail(
                "chance",
                at,
                "ENG-07",
                f"a {step.kind} step of setup comes before any "
                "display is filled, with the colours on indicator spaces II to VI",
            )
        if any(s is None for p in state.players for s in p.strips):
            src.fail("chance", at, "SETUP-03", "during setup every slot holds its strip")
        return
    capacity, drawn = table.factory_capacity, sum(map(sum, state.factories))
    expected = [min(capacity, max(0, drawn - i * capacity)) for i in range(len(state.factories))]
    if [sum(f) for f in state.factories] != expected or drawn == capacity * len(expected):
        src.fail(
            "factories",
            fields["factories"][0],
            "ENG-03",
            "a fill draws onto the displays in order until all are full",
        )
    if not (any(state.bag) or any(state.tower)) or not state.indicator:
        src.fail("chance", at, "END-05", "nothing is left to draw, or the game is over")


def _bag_and_tower(
    src: _Text,
    state: GameState,
    given: Mapping[str, tuple[int, ...]],
    pools: Mapping[str, tuple[int, str]],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The bag and the tower: as written, or what remains of the pieces of each colour when
    one or both are left out (COMP-01); never more pieces of a colour than the game has."""
    table = state.components
    placed = state.piece_counts()
    bag, tower = given.get("bag"), given.get("tower")
    if bag is None and tower is None:
        tower = (0,) * table.colours
    per = table.pieces_per_colour
    for c, n in enumerate(placed):
        extra = n + (bag[c] if bag is not None else 0) + (tower[c] if tower is not None else 0)
        if extra > per or (bag is not None and tower is not None and extra != per):
            name = table.colour_names[c]
            field = "bag" if bag is not None else ("tower" if "tower" in pools else "text")
            at = pools[field][0] if field in pools else 0
            src.fail(
                field,
                at,
                "COMP-01",
                f"{extra} {name} pieces are written, the game has {per} of each colour",
            )
    missing = tuple(per - n for n in placed)
    if bag is None:
        assert tower is not None
        bag = tuple(m - t for m, t in zip(missing, tower, strict=True))
    if tower is None:
        tower = tuple(m - b for m, b in zip(missing, bag, strict=True))
    return bag, tower


def _check_phase(src: _Text, state: GameState, fields: Mapping[str, tuple[int, str]]) -> None:
    """A position with no chance step pending is within a round, pieces on the displays
    (ROUND-04), or over, with nothing on them and the tile back in the centre (END-02)."""
    on_display = any(state.centre) or any(map(any, state.factories))
    if not state.indicator:
        if on_display:
            src.fail(
                "factories",
                fields["factories"][0],
                "END-02",
                "the game is over, so no piece lies on a display or in the centre",
            )
        if state.tile is not None:
            src.fail(
                "tile",
                fields["tile"][0],
                "END-02",
                "the game is over: the tile went back to the centre at the round's end",
            )
    elif not on_display:
        src.fail(
            "factories",
            fields["factories"][0],
            "ROUND-04",
            "no piece lies on a display or in the centre, so the round has ended",
        )
