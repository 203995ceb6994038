"""Reading Sintra's one-line position notation (ENG-21, ENG-22): the line split into its
fields, each field read in the order of the line, then the checks across fields
(:mod:`~sintra_rules.games.sintra.position.checks`); nothing is built halfway.
"""

from __future__ import annotations

import attrs

from sintra_rules._formats.position import line_words
from sintra_rules.errors import PositionError
from sintra_rules.games.sintra.components import (
    ComponentTable,
    Side,
    table_or_default,
)
from sintra_rules.games.sintra.position.checks import _bag_and_tower, _check_chance, _check_phase
from sintra_rules.games.sintra.position.grammar import (
    _CENTRE,
    _HEAD,
    _NONE,
    _POOLS,
    _SLOTS,
    TAG,
    _chance,
    _colour,
    _pieces,
    _player,
    _seat,
    _show,
    _Text,
)
from sintra_rules.games.sintra.state import (
    GameState,
)

__all__ = ["position_from_text"]


def position_from_text(text: str, components: ComponentTable | None = None) -> GameState:
    """Read a position written in the one-line notation (ENG-21, ENG-22) with the colour codes,
    strips and figures of ``components`` (default: the shipped table).

    The state has no generator (ENG-23, ENG-09): the draws to come are not part of the
    position, and two spellings of one position give equal states. Continue it with supplied
    chance outcomes (:func:`sintra_rules.games.sintra.chance.apply_chance`) or give it a generator
    of your choice (:func:`sintra_rules.games.sintra.chance.determinize`).

    Args:
        text: the position, one line (see the module docstring).
        components: the component table the position is played with.

    Returns:
        The position as a :class:`~sintra_rules.games.sintra.state.GameState`.

    Raises:
        PositionError: the text is malformed or describes an impossible position; the error
        names the field, the 1-based character position and the clause.

    >>> position_from_text("sintra2 side:A")
    Traceback (most recent call last):
    ...
    sintra_rules.errors.PositionError: bad position: version, character 1: unknown notation \
version 'sintra2' (this library reads 'sintra1') (ENG-21)
    """
    if not isinstance(text, str):
        raise PositionError(
            repr(text), "text", 0, "ENG-21", f"expected a string, not {type(text).__name__}"
        )
    table = table_or_default(components)
    src = _Text(text)
    words = line_words(src, "ENG-21", TAG)
    first = words[0][1]
    if first != TAG:
        if first.startswith("sintra"):
            src.fail(
                "version",
                0,
                "ENG-21",
                f"unknown notation version {_show(first)} (this library reads {TAG!r})",
            )
        src.fail("version", 0, "ENG-21", f"a position starts with {TAG!r}, found {_show(first)}")
    fields: dict[str, tuple[int, str]] = {}
    rest = words[1:]
    # A field missing from the head is reported once the fields before it have been read, so
    # that the first problem in the line is the one reported (``sintra1 side:Q hello``: the
    # side, then the missing indicator).
    missing: tuple[str, int, str] | None = None
    for label in _HEAD:
        if not rest:
            missing = (label, len(text), f"the text ends before '{label}:'")
            break
        at, word = rest[0]
        if not word.startswith(label + ":"):
            missing = (label, at, f"expected '{label}:' here, found {_show(word)}")
            break
        rest.pop(0)
        fields[label] = (at + len(label) + 1, word[len(label) + 1 :])

    def head(label: str) -> tuple[int, str]:
        """The head field ``label``, or the failure of the first head field missing."""
        if label not in fields:
            assert missing is not None
            src.fail(missing[0], missing[1], "ENG-21", missing[2])
        return fields[label]

    pools: dict[str, tuple[int, str]] = {}
    for label in _POOLS:
        if rest and rest[0][1].startswith(label + ":"):
            at, word = rest.pop(0)
            pools[label] = (at + len(label) + 1, word[len(label) + 1 :])
    chance_field: tuple[int, str] | None = None
    if rest and rest[0][1].startswith("chance:"):
        at, word = rest.pop(0)
        chance_field = (at + len("chance:"), word[len("chance:") :])
    # The players are counted up to the first word that is not the next player's: a fault
    # there is reported once every field before it has been read, so that the first problem
    # in the line is the one reported.
    players: list[tuple[int, str]] = []
    stray: tuple[str, int, str] | None = None
    for at, word in rest:
        label = f"p{len(players) + 1}:"
        if not word.startswith(label):
            expected = f"'{label}'" if players else "'bag:', 'tower:', 'chance:' or 'p1:'"
            stray = (
                f"player {len(players) + 1}",
                at,
                f"expected {expected} here, found {_show(word)}",
            )
            break
        players.append((at + len(label), word[len(label) :]))

    def read_stray() -> None:
        if stray is not None:
            src.fail(stray[0], stray[1], "ENG-21", stray[2])

    at, value = head("side")
    if value not in ("A", "B"):
        src.fail("side", at, "SETUP-02", f"the board side is 'A' or 'B', got {_show(value)}")
    side: Side = "A" if value == "A" else "B"

    at, value = head("indicator")
    indicator: tuple[int, ...] = ()
    if value != _NONE:
        if not value:
            src.fail("indicator", at, "ROUND-05", f"write {_NONE!r} once the game is over")
        indicator = tuple(_colour(src, "indicator", at + i, c, table) for i, c in enumerate(value))
    if len(indicator) > table.rounds:
        src.fail(
            "indicator",
            at,
            "ROUND-01",
            f"the round indicator holds at most {table.rounds} pieces, got {len(indicator)}",
        )
    later = indicator[1:] if len(indicator) == table.rounds else indicator
    if len(set(later)) != len(later):
        src.fail(
            "indicator",
            at,
            "SETUP-08",
            "rounds II to VI have one piece of each colour: a colour is there twice",
        )

    for label in _HEAD:  # the players come after every head field
        head(label)
    count = len(players)
    if count not in table.player_counts:
        read_stray()  # the count is wrong because a player's field is
        counts = table.player_counts
        src.fail(
            "players",
            len(text) if not players else players[0][0] - 3,
            "COMP-02",
            f"the game is for {min(counts)} to {max(counts)} players, got {count}",
        )
    turn = _seat(src, "turn", *fields["turn"], count, "ENG-01")
    starter = _seat(src, "starter", *fields["starter"], count, "ENG-01")
    at, value = fields["tile"]
    tile = None if value == _CENTRE else _seat(src, "tile", at, value, count, "TAKE-03")

    at, value = fields["factories"]
    displays = value.split(_SLOTS)
    wanted = table.factories_for(count)
    if len(displays) != wanted:
        src.fail(
            "factories",
            at,
            "SETUP-01",
            f"{count} players play with {wanted} factory displays separated by '/', "
            f"got {len(displays)}",
        )
    factories: list[tuple[int, ...]] = []
    for index, display in enumerate(displays):
        where = f"factory display {index + 1}"
        pieces = _pieces(src, where, at, display, table)
        if sum(pieces) > table.factory_capacity:
            src.fail(
                where,
                at,
                "SETUP-09",
                f"{sum(pieces)} pieces on a display that holds {table.factory_capacity}",
            )
        factories.append(pieces)
        at += len(display) + 1
    centre = _pieces(src, "centre", *fields["centre"], table)
    given = {label: _pieces(src, label, at, value, table) for label, (at, value) in pools.items()}

    seats = tuple(_player(src, seat, at, value, table) for seat, (at, value) in enumerate(players))
    read_stray()
    state = GameState(
        components=table,
        side=side,
        players=seats,
        turn=turn,
        starter=starter,
        tile=tile,
        bag=(0,) * table.colours,
        tower=(0,) * table.colours,
        factories=tuple(factories),
        centre=centre,
        indicator=indicator,
        rng=None,
    )
    bag, tower = _bag_and_tower(src, state, given, pools)
    state = attrs.evolve(state, bag=bag, tower=tower)
    chance = None
    if chance_field is not None:
        chance = _chance(src, *chance_field, count, table)
        state = attrs.evolve(state, chance=chance)
        _check_chance(src, state, chance_field[0], fields)
        return state
    _check_phase(src, state, fields)
    return state
