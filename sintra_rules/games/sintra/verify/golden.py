"""Sintra's golden playthroughs: seeded games whose every state is pinned by its digest (ENG-02,
ENG-06).

A golden playthrough is Sintra's form of the generic playthrough of
:mod:`sintra_rules.verify.golden` (whose :func:`~sintra_rules.verify.golden.first_mismatch`
checks it): a JSON object with a game record under ``"record"`` (a ``sintra-game``
document, :mod:`sintra_rules.games.sintra.records`) and the :func:`~sintra_rules.state_digest` of
every state it passes through under ``"digests"``, the set-up's first: the files of
``tests/golden``. Any change of the engine's behaviour shows as the first state whose digest differs
(:func:`golden_mismatch`), so another implementation of the game can check itself against the
reference by replaying the same files. ``sintra replay`` reads them, and game records, with
:func:`read_record_or_golden`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

import attrs

from sintra_rules._strict import Reader, describe, describe_document, json_path
from sintra_rules.errors import InvalidArgument, RecordError
from sintra_rules.games.sintra.components import ComponentTable
from sintra_rules.games.sintra.documents import STATE_KIND, _table
from sintra_rules.games.sintra.game import GAME, SintraGame
from sintra_rules.games.sintra.records import GameRecord, record_from_json, replay
from sintra_rules.games.sintra.state import GameState
from sintra_rules.verify.golden import DigestMismatch, first_mismatch

__all__ = [
    "GoldenPlaythrough",
    "golden_from_json",
    "golden_mismatch",
    "read_record_or_golden",
]

_DIGEST = re.compile(r"[0-9a-f]{64}")
#: Descriptive fields a golden playthrough may hold besides ``record`` and ``digests``.
_GOLDEN_INFO = ("name", "behaviour_version", "play", "events")
_read = Reader(RecordError)
_fail = _read.fail


@attrs.frozen
class GoldenPlaythrough:
    """A golden playthrough (ENG-06): a game record and the :func:`~sintra_rules.state_digest`
    of every state it passes through, the set-up's first, so that any change of the engine's
    behaviour shows as the first state whose digest differs (the files of ``tests/golden``)."""

    record: GameRecord
    digests: tuple[str, ...] = attrs.field(converter=tuple)


def golden_from_json(text: str, components: ComponentTable | None = None) -> GoldenPlaythrough:
    """Load a golden playthrough: a JSON object with the game record under ``"record"`` (a
    ``sintra-game`` document, checked as :func:`record_from_json` does) and one digest per state
    under ``"digests"`` (64 lower-case hex digits each, ``len(actions) + 1`` of them); it may also
    hold the descriptive fields ``name``, ``behaviour_version``, ``play`` and ``events``.

    Raises :class:`RecordError` naming the field (a field of the record as ``record.<field>``).

    >>> golden_from_json('{"digests": []}')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sintra_rules.errors.RecordError: record: missing (a golden playthrough holds a game record ...)
    """
    doc = _read.loads(text)
    if not isinstance(doc, dict):
        _fail("$", f"expected a golden playthrough (a JSON object), got {describe(doc)}")
    for key in ("record", "digests"):
        if key not in doc:
            _fail(
                key,
                'missing (a golden playthrough holds a game record under "record" and the '
                'digest of every state under "digests")',
            )
    for key in doc:
        if key not in ("record", "digests", *_GOLDEN_INFO):
            _fail(json_path("$", key), "unknown field of a golden playthrough")
    if not isinstance(doc["record"], dict):
        _fail("record", f"expected a game record (a JSON object), got {describe(doc['record'])}")
    try:
        record = record_from_json(json.dumps(doc["record"]), components)
    except RecordError as error:
        field = "record" if error.field == "$" else f"record.{error.field}"
        raise type(error)(field, error.reason) from None
    digests = _read.array(doc["digests"], "digests")
    for index, digest in enumerate(digests):
        if not (isinstance(digest, str) and _DIGEST.fullmatch(digest)):
            _fail(f"digests[{index}]", f"expected 64 lower-case hex digits, got {describe(digest)}")
    if len(digests) != len(record.actions) + 1:
        _fail(
            "digests",
            f"{len(digests)} digests for {len(record.actions)} actions: a golden playthrough "
            f"has one per state, the set-up's first ({len(record.actions) + 1})",
        )
    return GoldenPlaythrough(record, digests)


def golden_mismatch(
    golden: GoldenPlaythrough,
    states: Sequence[GameState] | None = None,
    components: ComponentTable | None = None,
) -> DigestMismatch | None:
    """The first state of ``golden`` whose :func:`~sintra_rules.state_digest` differs from the
    one it holds, or ``None`` when all match (ENG-02, ENG-06). ``states`` are those of
    :func:`replay` of its record, computed when not given.

    >>> from sintra_rules import new_game, record_game, state_digest
    >>> golden = GoldenPlaythrough(record_game(2, "A", 7, []), ["0" * 64])
    >>> golden_mismatch(golden).actual == state_digest(new_game(2, "A", 7))
    True
    """
    table = _table(components)
    states = replay(golden.record, table) if states is None else states
    if len(states) != len(golden.digests):
        raise InvalidArgument("states", f"{len(states)} states for {len(golden.digests)} digests")
    game = GAME if table is GAME.components else SintraGame(table)
    return first_mismatch(game, states, golden.record.actions, golden.digests)


def read_record_or_golden(
    text: str, components: ComponentTable | None = None
) -> tuple[GameRecord, GoldenPlaythrough | None]:
    """The game record in ``text`` and, for a golden playthrough (:func:`golden_from_json`),
    the playthrough itself (ENG-04), played with ``components`` (default: the shipped table).

    Raises :class:`~sintra_rules.RecordError` for anything else, naming what was found (a state
    document, another JSON value) or, for a malformed record or playthrough, the field at fault.

    >>> read_record_or_golden("[1]")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sintra_rules.errors.RecordError: $: expected a game record (...), found a JSON array
    """
    try:
        doc = _read.loads(text)
    except RecordError:
        doc = None  # malformed: the record loader says precisely what is wrong
    expected = (
        'a game record ("format": 1, "kind": "sintra-game") or a golden playthrough '
        '("record" and "digests")'
    )
    if isinstance(doc, dict) and "format" not in doc and "kind" not in doc:
        if "record" not in doc and "digests" not in doc:
            _fail("$", f"expected {expected}, found {describe_document(doc)}")
        golden = golden_from_json(text, components)
        return golden.record, golden
    if doc is not None and not isinstance(doc, dict):
        _fail("$", f"expected {expected}, found {describe_document(doc)}")
    if isinstance(doc, dict) and doc.get("kind") == STATE_KIND:
        _fail(
            "kind",
            f"expected {expected}, found a state document ({STATE_KIND!r}, one "
            "position; sintra explain and sintra show read those)",
        )
    return record_from_json(text, components), None
