"""Playthroughs: seeded games whose every state is pinned by its digest, for any game (ENG-02,
ENG-06).

A playthrough (as OpenSpiel's playthrough files) is one whole seeded game: the game, its
behaviour version, players, options and seed, every action in the game's own notation
(:meth:`~sintra_rules.game.Written.action_to_text`) and the
:meth:`~sintra_rules.game.Written.state_digest` of every state it passes through, the set-up's
first (``len(actions) + 1`` digests). Any change of a game's behaviour shows as the first state
whose digest differs (:func:`first_mismatch`), so another implementation of the game can check
itself by replaying the same files, in any language. Every action is applied with the game's own
generator deciding the chance steps that follow (``apply`` with ``sample=True``), so a state is
the one after an action and every chance step it led to.

The file is a JSON object::

    {"format": 1, "kind": "playthrough", "game": "toy", "behaviour_version": 1,
     "players": 2, "options": {}, "seed": 3, "actions": ["bank", "stop", ...],
     "digests": ["9f0c...", ...]}

Sintra keeps its own form, a game record with the digests (``tests/golden``,
:mod:`sintra_rules.games.sintra.verify.golden`), checked by the same :func:`first_mismatch`.

>>> played = record_playthrough(2, {"side": "B"}, seed=5, plies=6)
>>> played.game, len(played.actions), len(played.digests)
('sintra', 6, 7)
>>> playthrough_from_json(playthrough_to_json(played)) == played
True
>>> playthrough_mismatch(played) is None
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from sintra_rules._strict import Reader, describe
from sintra_rules._words import plural
from sintra_rules.errors import FormatVersionError, InvalidArgument, RecordError
from sintra_rules.game import Game, Written
from sintra_rules.games import make
from sintra_rules.verify._plays import random_plies

__all__ = [
    "FORMAT",
    "KIND",
    "DigestMismatch",
    "Playthrough",
    "first_mismatch",
    "playthrough_from_json",
    "playthrough_mismatch",
    "playthrough_states",
    "playthrough_to_json",
    "record_playthrough",
]

#: The version of the playthrough file format.
FORMAT = 1
#: The ``kind`` of a playthrough file.
KIND = "playthrough"
_FIELDS = (
    "format",
    "kind",
    "game",
    "behaviour_version",
    "players",
    "options",
    "seed",
    "actions",
    "digests",
)
_DIGEST = re.compile(r"[0-9a-f]{64}")
_read = Reader(RecordError)


def _options(value: Mapping[str, str] | Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(dict(value).items()))


def _texts(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class DigestMismatch:
    """The first state of a playthrough whose digest differs: its ``ply`` (0 is the set-up), the
    notation of the ``action`` that led to it (``None`` for the set-up), the digest the file
    holds (``expected``) and the engine's (``actual``)."""

    ply: int
    action: str | None
    expected: str
    actual: str

    def describe(self) -> str:
        """The mismatch in words, as the command line reports it.

        >>> print(DigestMismatch(0, None, "ab", "cd").describe().splitlines()[0][:50])
        digest mismatch at ply 0 (the set-up): the engine'
        >>> DigestMismatch(3, "2:5R", "ab", "cd").describe().splitlines()[1:]
        ['  golden digest: ab', '  engine digest: cd']
        """
        after = "the set-up" if self.action is None else f"after action {self.action}"
        return (
            f"digest mismatch at ply {self.ply} ({after}): the engine's state differs from "
            f"digests[{self.ply}] of the golden file\n"
            f"  golden digest: {self.expected}\n  engine digest: {self.actual}"
        )


@attrs.frozen
class Playthrough:
    """One seeded game with the digest of every state (see the module's description)."""

    game: str
    behaviour_version: int
    num_players: int
    options: tuple[tuple[str, str], ...] = attrs.field(converter=_options)
    seed: int
    actions: tuple[str, ...] = attrs.field(converter=_texts)
    digests: tuple[str, ...] = attrs.field(converter=_texts)


def first_mismatch(
    game: Written[Any, Any],
    states: Sequence[Any],
    actions: Sequence[Any],
    digests: Sequence[str],
) -> DigestMismatch | None:
    """The first of ``states`` whose :meth:`~sintra_rules.game.Written.state_digest` is not its
    entry of ``digests``, or ``None`` when all match.

    Args:
        game: the states' game.
        states: every state of a game, the set-up's first.
        actions: the actions between them (``actions[i]`` leads from ``states[i]``).
        digests: the expected digest of each state.

    Returns:
        The first difference, its action in the game's notation.

    Raises:
        InvalidArgument: not one digest per state, or not one action fewer than states.
    """
    if len(states) != len(digests) or len(actions) != len(states) - 1:
        raise InvalidArgument(
            "states",
            f"{plural(len(states), 'state')}, {plural(len(actions), 'action')} and "
            f"{plural(len(digests), 'digest')}: a "
            "playthrough has one digest per state and one action fewer",
        )
    for ply, (state, expected) in enumerate(zip(states, digests, strict=True)):
        actual = game.state_digest(state)
        if actual != expected:
            text = None if ply == 0 else game.action_to_text(states[ply - 1], actions[ply - 1])
            return DigestMismatch(ply, text, expected, actual)
    return None


def record_playthrough(
    num_players: int,
    options: Mapping[str, str] | None = None,
    seed: int = 0,
    *,
    game: Game[Any, Any] | None = None,
    actions: Sequence[Any] | None = None,
    plies: int | None = None,
) -> Playthrough:
    """A playthrough of the game started with ``num_players``, ``options`` and ``seed``:
    ``actions`` played in turn, or (without them) the seeded uniformly random game of the same
    seed (its draws as :func:`sintra_rules.verify.perft.position_after` makes them).

    Args:
        num_players: the number of seats.
        options: the game's options (default: all at their defaults).
        seed: the seed of the game (and of the random draws).
        game: the game (default: Sintra).
        actions: the actions to play (default: random ones).
        plies: stop after this many actions (``None``: play to the end).

    Returns:
        The playthrough.

    Raises:
        ConfigurationError: a player count or an option the game does not take.
        IllegalAction: one of ``actions`` is not legal where it is played.
    """
    rules = make("sintra") if game is None else game
    given = rules.info.resolve_options(options)
    defaults = rules.info.resolve_options()
    chosen = {name: value for name, value in given.items() if value != defaults[name]}
    state = rules.start(num_players, seed=seed, options=chosen)
    states = [state]
    texts: list[str] = []
    if actions is None:
        for before, action, after in random_plies(rules, state, seed, plies=plies):
            texts.append(rules.action_to_text(before, action))
            states.append(after)
    else:
        for action in actions[:plies]:
            texts.append(rules.action_to_text(state, action))
            state = rules.apply(state, action)
            states.append(state)
    return Playthrough(
        rules.info.name,
        rules.info.behaviour_version,
        num_players,
        chosen,
        seed,
        texts,
        [rules.state_digest(s) for s in states],
    )


def playthrough_states(
    playthrough: Playthrough, *, game: Game[Any, Any] | None = None
) -> tuple[Any, ...]:
    """Replay a playthrough: every state, the set-up's first.

    Args:
        playthrough: the playthrough.
        game: its game (default: the registered game it names).

    Returns:
        ``len(actions) + 1`` states.

    Raises:
        FormatVersionError: the playthrough was made with another behaviour version of the game.
        InvalidArgument: ``game`` is not the playthrough's game.
        NotationError: an action's text does not read in its state.
        IllegalAction: an action is not legal where it is played.
    """
    rules = make(playthrough.game) if game is None else game
    if rules.info.name != playthrough.game:
        raise InvalidArgument(
            "game", f"a playthrough of {playthrough.game!r} given {rules.info.name!r}"
        )
    if playthrough.behaviour_version != rules.info.behaviour_version:
        raise FormatVersionError(
            "behaviour_version",
            f"the playthrough was made with behaviour version {playthrough.behaviour_version} "
            f"of {rules.info.title}, the engine has {rules.info.behaviour_version}",
        )
    state = rules.start(
        playthrough.num_players, seed=playthrough.seed, options=dict(playthrough.options)
    )
    states = [state]
    for text in playthrough.actions:
        state = rules.apply(state, rules.action_from_text(state, text))
        states.append(state)
    return tuple(states)


def playthrough_mismatch(
    playthrough: Playthrough, *, game: Game[Any, Any] | None = None
) -> DigestMismatch | None:
    """The first state of a replayed playthrough whose digest differs from the one it holds, or
    ``None`` when all match (ENG-02, ENG-06).

    Args:
        playthrough: the playthrough.
        game: its game (default: the registered game it names).

    Returns:
        The first difference, or ``None``.

    Raises:
        FormatVersionError, InvalidArgument, NotationError, IllegalAction: as
        :func:`playthrough_states`.
    """
    rules = make(playthrough.game) if game is None else game
    states = playthrough_states(playthrough, game=rules)
    actions = [
        rules.action_from_text(s, t) for s, t in zip(states, playthrough.actions, strict=False)
    ]
    return first_mismatch(rules, states, actions, playthrough.digests)


def playthrough_to_json(playthrough: Playthrough) -> str:
    """The playthrough as its JSON file (see the module's description), one action and one
    digest a line.

    Args:
        playthrough: the playthrough.

    Returns:
        The JSON text.
    """
    head = {
        "format": FORMAT,
        "kind": KIND,
        "game": playthrough.game,
        "behaviour_version": playthrough.behaviour_version,
        "players": playthrough.num_players,
        "options": dict(playthrough.options),
        "seed": playthrough.seed,
    }
    lines = [f"  {json.dumps(key)}: {json.dumps(value)}," for key, value in head.items()]
    for key in ("actions", "digests"):
        items = ",\n".join(f"    {json.dumps(item)}" for item in getattr(playthrough, key))
        lines.append(f"  {json.dumps(key)}: [\n{items}\n  ]," if items else f'  "{key}": [],')
    lines[-1] = lines[-1].rstrip(",")
    return "{\n" + "\n".join(lines) + "\n}\n"


def playthrough_from_json(text: str) -> Playthrough:
    """Read a playthrough file strictly.

    Args:
        text: the JSON text.

    Returns:
        The playthrough.

    Raises:
        RecordError: malformed JSON, a missing or unknown field or a bad value, naming the
        field; FormatVersionError (a RecordError) for another ``format`` or ``kind``.

    >>> playthrough_from_json('{"format": 1}')
    Traceback (most recent call last):
    ...
    sintra_rules.errors.RecordError: kind: missing
    """
    doc = _read.loads(text)
    if not isinstance(doc, dict):
        _read.fail("$", f"expected a playthrough (a JSON object), got {describe(doc)}")
    for key in _FIELDS:
        if key not in doc:
            _read.fail(key, "missing")
    fields = _read.fields(doc, "$", _FIELDS)
    if fields["format"] != FORMAT or fields["kind"] != KIND:
        raise FormatVersionError(
            "format",
            f"expected format {FORMAT} of kind {KIND!r}, got {describe(fields['format'])} of "
            f"{describe(fields['kind'])}",
        )
    options = _read.mapping(fields["options"], "options", "an object of option values")
    for name, value in options.items():
        _read.string(value, f"options.{name}")
    actions = [
        _read.string(item, f"actions[{i}]")
        for i, item in enumerate(_read.array(fields["actions"], "actions"))
    ]
    digests = _read.array(fields["digests"], "digests", len(actions) + 1)
    for i, digest in enumerate(digests):
        if not (isinstance(digest, str) and _DIGEST.fullmatch(digest)):
            _read.fail(
                f"digests[{i}]", f"expected 64 lower-case hex digits, got {describe(digest)}"
            )
    return Playthrough(
        _read.string(fields["game"], "game"),
        _read.integer(fields["behaviour_version"], "behaviour_version", 0),
        _read.integer(fields["players"], "players", 1),
        options,
        _read.integer(fields["seed"], "seed", 0),
        actions,
        digests,
    )
