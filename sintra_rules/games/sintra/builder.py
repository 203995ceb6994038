"""A position set up in a few readable lines, in the words of the one-line notation (ENG-21,
ENG-22): :func:`build_position` spells the notation from keyword arguments and reads it with
:func:`~sintra_rules.games.sintra.position.position_from_text`, so a built position is checked
exactly as a typed one.

>>> build_position(factories=["BBG"]).factories[0]
(2, 1, 0, 0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sintra_rules.errors import PositionError
from sintra_rules.games.sintra.components import JOKER_CODE, ComponentTable, Side, table_or_default
from sintra_rules.games.sintra.position import position_from_text
from sintra_rules.games.sintra.position.grammar import _CENTRE, _GLAZIER, _NONE, _SLOTS, TAG
from sintra_rules.games.sintra.position.writer import _strip_text
from sintra_rules.games.sintra.state import GameState, Strip

__all__ = ["build_position"]


def _bare_slots(table: ComponentTable) -> str:
    """Strip s in slot s, the side without joker spaces up, the glazier above slot 1."""
    empty = (0,) * table.colours
    slots = [
        _strip_text(table, Strip(strip_id, int(JOKER_CODE in sides[0]), empty, empty))
        for strip_id, sides in enumerate(table.strips)
    ]
    return _GLAZIER + _SLOTS.join(slots)


def build_position(
    num_players: int = 2,
    *,
    side: Side = "A",
    indicator: str | None = None,
    turn: int = 1,
    starter: int | None = None,
    tile: int | str = _CENTRE,
    factories: str | Sequence[str] = (),
    centre: str = "",
    bag: str | None = None,
    tower: str | None = None,
    boards: Mapping[int, str] | None = None,
    scores: Mapping[int, int] | None = None,
    tracks: Mapping[int, int] | None = None,
    lost: Mapping[int, int] | None = None,
    components: ComponentTable | None = None,
) -> GameState:
    """Set up a position in a few readable lines, in the words of the notation (ENG-21).

    Everything not given is as at the start of a game: round I, player 1 to act and starting
    the round, the tile in the centre, empty displays and centre, and every player's board
    with strip N in slot N, the side without joker spaces up, the glazier above slot 1,
    no windows, score 0 and the marker on the top space. Players are numbered from 1.

    Args:
        num_players: the number of players.
        side: the board side.
        indicator: the pieces on the round indicator, the current round's first (default: a
        round I indicator, the colours in table order).
        turn: the player to act.
        starter: the player who started the round (default: ``turn``).
        tile: ``"C"`` (the centre) or the player holding the starting player tile.
        factories: the displays' pieces, display 1 first (missing ones are empty), as a list
        or as the notation's ``BGOO/-/...``.
        centre: the centre's pieces (``""`` for none).
        bag: the bag's pieces (default: derived, see the module docstring).
        tower: the tower's pieces (default: derived, or empty when ``bag`` is not given).
        boards: per player, the slots as in the notation (``"bbbgo/@ggopy/..."``).
        scores: per player, the score.
        tracks: per player, the value of the track space the marker stands on.
        lost: per player, the points lost via the track when not just that space's magnitude.
        components: the component table (default: the shipped one).

    Returns:
        The position, exactly as :func:`position_from_text` reads the text these arguments
        spell (so it is validated the same way).

    Raises:
        PositionError: the arguments describe an impossible position; the error names the
        field (and the position's text, in ``text``).

    >>> state = build_position(
    ...     indicator="YOPB",
    ...     factories=["BGOO"],
    ...     boards={1: "bbbgo/bbgop/ooopy/@pppyb/yyybg/PPYYg/oopyb=O/yybgo=B"},
    ... )
    >>> state.round, state.factories[0], state.players[0].glazier
    (3, (1, 1, 2, 0, 0), 3)
    >>> build_position(tracks={2: -18}, factories=["B"])
    Traceback (most recent call last):
    ...
    sintra_rules.errors.PositionError: bad position: player 2 track, character 171: the \
marker stands on one of the spaces 0 -1 -2 -4 -6 -8 -11 -14, got -18 (TRACK-03)
    """
    table = table_or_default(components)
    boards, scores = boards or {}, scores or {}
    tracks, lost = tracks or {}, lost or {}
    for name, given in (("boards", boards), ("scores", scores), ("tracks", tracks), ("lost", lost)):
        for seat in given:
            if not isinstance(seat, int) or not 1 <= seat <= num_players:
                raise PositionError(
                    "", name, 0, "ENG-01", f"players are numbered 1 to {num_players}, got {seat!r}"
                )
    if indicator is None:
        indicator = table.colour_codes[0] + "".join(table.colour_codes)
    count = (
        table.factories_for(num_players) if num_players in table.player_counts else len(factories)
    )
    if isinstance(factories, str):
        display_text = factories
    else:
        listed = [f or _NONE for f in factories]
        display_text = _SLOTS.join(listed + [_NONE] * (count - len(listed)))
    parts = [
        TAG,
        f"side:{side}",
        f"indicator:{indicator or _NONE}",
        f"turn:{turn}",
        f"starter:{turn if starter is None else starter}",
        f"tile:{tile}",
        f"factories:{display_text}",
        f"centre:{centre or _NONE}",
    ]
    if bag is not None:
        parts.append(f"bag:{bag or _NONE}")
    if tower is not None:
        parts.append(f"tower:{tower or _NONE}")
    for seat in range(1, num_players + 1):
        markers = f"score={scores.get(seat, 0)},track={tracks.get(seat, 0)}"
        if seat in lost:
            markers += f",lost={lost[seat]}"
        parts.append(f"p{seat}:{markers}:{boards.get(seat, _bare_slots(table))}")
    return position_from_text(" ".join(parts), table)
