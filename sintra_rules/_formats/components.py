"""What every game's component table file shares (private; generic: imports no game).

A game's table (``games/<name>/data/components.toml``) is a TOML or JSON file with a ``format``,
a ``name`` and one entry per figure: ``{value, status, source, clause}``, the figure and where
it comes from (:class:`Provenance`). The game's ``components`` module checks its own figures and
says what a source and a clause must look like; these helpers read the file, its header and a
figure's entry, raising :class:`~sintra_rules.errors.ComponentTableError` on the field at fault.

>>> figure({"value": 3, "status": "confirmed", "source": "box", "clause": "FIG-01"}, "dice",
...        source=lambda value, path: str(value), clause=lambda value, path: str(value))
(3, Provenance(status='confirmed', source='box', clause='FIG-01'))
>>> figure({"value": 3, "status": "guessed"}, "dice", source=repr, clause=repr)
Traceback (most recent call last):
...
sintra_rules.errors.ComponentTableError: component table: dice.status: must be 'confirmed' or \
'provisional', got 'guessed'
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

from sintra_rules.errors import ComponentTableError

__all__ = ["Provenance", "figure", "read_table_file", "table_name"]


@attrs.frozen
class Provenance:
    """Where a figure of a component table comes from: ``status`` (``confirmed`` or
    ``provisional``), ``source`` (where it is printed or found) and the spec ``clause``
    describing it."""

    status: Literal["confirmed", "provisional"]
    source: str
    clause: str


def read_table_file(path: str | os.PathLike[str]) -> Any:
    """The decoded contents of a table file: ``.json`` files as JSON, others as TOML.

    Args:
        path: the file.

    Returns:
        The decoded data (not yet checked).

    Raises:
        ComponentTableError: on ``$``, the file cannot be read or decoded.
    """
    try:
        with open(path, "rb") as handle:
            blob = handle.read()
    except OSError as exc:
        raise ComponentTableError("$", f"cannot read {os.fspath(path)!r}: {exc.strerror}") from None
    try:
        if os.fspath(path).endswith(".json"):
            return json.loads(blob)
        return tomllib.loads(blob.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise ComponentTableError("$", f"not valid TOML/JSON: {exc}") from None


def table_name(data: object, version: int) -> str:
    """The ``name`` of a decoded table, once it is a mapping of the ``format`` the game reads.

    Args:
        data: the decoded table.
        version: the table format the game reads.

    Returns:
        The table's name.

    Raises:
        ComponentTableError: on ``$``, ``format`` or ``name``.
    """
    if not isinstance(data, Mapping):
        raise ComponentTableError("$", "the table must be a mapping")
    if data.get("format") != version:
        raise ComponentTableError(
            "format", f"unknown table format {data.get('format')!r} (expected {version})"
        )
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ComponentTableError("name", "must be a non-empty string")
    return name


def figure(
    entry: object,
    key: str,
    *,
    source: Callable[[object, str], str],
    clause: Callable[[object, str], str],
) -> tuple[Any, Provenance]:
    """A figure's value and provenance from its entry ``{value, status, source, clause}``.

    Args:
        entry: the decoded entry.
        key: the figure's name (its path in the table).
        source: the game's check of the source (value, path), returning it.
        clause: the game's check of the clause (value, path), returning it.

    Returns:
        The (unchecked) value and its :class:`Provenance`.

    Raises:
        ComponentTableError: on ``key`` or one of its fields.
    """
    if not isinstance(entry, Mapping):
        raise ComponentTableError(
            key, "missing or not a table with value, status, source and clause"
        )
    unknown = set(entry) - {"value", "status", "source", "clause"}
    if unknown:
        raise ComponentTableError(key, f"unknown keys {sorted(unknown)}")
    if "value" not in entry:
        raise ComponentTableError(f"{key}.value", "missing")
    status = entry.get("status")
    if status not in ("confirmed", "provisional"):
        raise ComponentTableError(
            f"{key}.status", f"must be 'confirmed' or 'provisional', got {status!r}"
        )
    checked_source = source(entry.get("source"), f"{key}.source")
    checked_clause = clause(entry.get("clause"), f"{key}.clause")
    return entry["value"], Provenance(status=status, source=checked_source, clause=checked_clause)
