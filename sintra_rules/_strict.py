"""Strict reading of decoded data: JSON decoding, typed field readers, value descriptions and
JSON paths (private; the one home of these helpers for every loader of the package).

A :class:`Reader` raises the loader's own error (``RecordError``, ``ComponentTableError``,
``SpecError``: any class built as ``error(path, reason)``), so each loader keeps its documented
exception while the checks and their wording are written once.

>>> from sintra_rules import RecordError
>>> read = Reader(RecordError)
>>> read.integer(True, "players[0].score")
Traceback (most recent call last):
...
sintra_rules.errors.RecordError: players[0].score: expected a whole number, got true
>>> json_path("players[1]", "strips"), json_path("$", "a b")
('players[1].strips', '[the string "a b"]')
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any, NoReturn

import attrs

__all__ = ["Reader", "compact", "describe", "describe_document", "json_path"]

#: Integers beyond this size are described without their digits.
_LARGE = 10**15


def describe(value: object) -> str:
    """A short description of a decoded value for messages (safe for any nesting or size).

    >>> describe(None), describe(2), describe(1.5), describe("x" * 40), describe([1])
    ('null', '2', 'the fraction 1.5', 'the string "xxxxxxxxxxxxxxxxxxxxxxxxx..."', 'an array')
    """
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, int):
        return str(value) if -_LARGE < value < _LARGE else "a very large number"
    if isinstance(value, float):
        return f"the fraction {value!r}"
    if isinstance(value, str):
        text = json.dumps(value)
        short = text if len(text) <= 30 else text[:26] + '..."'
        return f"the string {short}"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a Python {type(value).__name__}"


def describe_document(value: object) -> str:
    """What a whole decoded JSON document is, for messages that say what was found instead of
    the document expected (an object is named by its first keys).

    >>> describe_document({"name": "x", "counts": {}}), describe_document(3)
    ('a JSON object with the keys "name", "counts"', 'a JSON number')
    """
    if isinstance(value, dict):
        if not value:
            return "an empty JSON object"
        keys = [json.dumps(key)[:30] for key in list(value)[:8]]
        more = ", ..." if len(value) > len(keys) else ""
        return f"a JSON object with the keys {', '.join(keys)}{more}"
    if isinstance(value, list):
        return "a JSON array"
    if isinstance(value, str):
        return "a JSON string"
    if value is None or isinstance(value, bool):
        return f"the JSON value {json.dumps(value)}"
    return "a JSON number"


def compact(value: object) -> str:
    """A decoded value written compactly for people: ``code name`` pairs, ``key: value``
    entries, ``a / b`` pairs and space-separated lists (the component figures in the docs).

    >>> compact([{"code": "B", "name": "blue"}]), compact({"2": 5})
    ('B blue', '2: 5')
    >>> compact([[1, 2], [3, 4]]), compact([0, -1])
    ('1 / 2; 3 / 4', '0 -1')
    """
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return ", ".join(f"{v.get('code')} {v.get('name')}" for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    if isinstance(value, list) and value and isinstance(value[0], list):
        return "; ".join(" / ".join(map(str, pair)) for pair in value)
    if isinstance(value, list):
        return " ".join(map(str, value))
    return str(value)


def json_path(path: str, key: object) -> str:
    """The JSON path of ``key`` inside the object at ``path`` (``$`` is the whole document)."""
    if isinstance(key, str) and key.isidentifier() and key.isascii() and len(key) <= 30:
        name = key
    else:
        name = f"[{describe(key)}]"
    if path == "$":
        return name
    return f"{path}{name}" if name.startswith("[") else f"{path}.{name}"


@attrs.frozen
class Reader:
    """Typed readers of decoded values that raise ``error(path, reason)`` on a bad value."""

    error: type[Exception]

    def fail(self, path: str, reason: str) -> NoReturn:
        """Raise the reader's error for ``path``."""
        raise self.error(path, reason)

    def loads(self, text: object) -> Any:
        """Decode JSON text strictly: no NaN/Infinity, no duplicate keys, bounded nesting; any
        failure is the reader's error on ``$``."""
        if not isinstance(text, str):
            self.fail("$", f"expected JSON text (a str), got {describe(text)}")

        def constant(name: str) -> NoReturn:
            self.fail("$", f"{name} is not a JSON number")

        def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
            out: dict[str, Any] = {}
            for key, value in items:
                if key in out:
                    self.fail("$", f"duplicate key {describe(key)}")
                out[key] = value
            return out

        try:
            return json.loads(text, parse_constant=constant, object_pairs_hook=pairs)
        except self.error:
            raise
        except RecursionError:
            self.fail("$", "not a valid document: nested too deeply")
        except ValueError as error:  # JSONDecodeError, or an integer too long to convert
            self.fail("$", f"not valid JSON (truncated or malformed): {error}{_path_hint(text)}")

    def fields(self, value: object, path: str, keys: tuple[str, ...]) -> dict[str, Any]:
        """``value`` as an object holding exactly the fields ``keys``."""
        if not isinstance(value, dict):
            self.fail(path, f"expected an object, got {describe(value)}")
        for key in keys:
            if key not in value:
                self.fail(json_path(path, key), "missing")
        for key in value:
            if key not in keys:
                self.fail(json_path(path, key), f"unknown field (expected only {', '.join(keys)})")
        return value

    def mapping(self, value: object, path: str, what: str) -> Mapping[str, Any]:
        """``value`` as a mapping (an object or a TOML table); ``what`` names it in messages."""
        if not isinstance(value, Mapping):
            self.fail(path, f"expected {what}, got {describe(value)}")
        return value

    def integer(
        self, value: object, path: str, low: int | None = None, high: int | None = None
    ) -> int:
        """``value`` as a whole number (never a bool) within ``low..high`` when given."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, f"expected a whole number, got {describe(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = f"{'' if low is None else low}..{'' if high is None else high}"
            self.fail(path, f"{describe(value)} is out of range {bounds}")
        return value

    def integers(self, value: object, path: str) -> tuple[int, ...]:
        """``value`` as an array of whole numbers."""
        return tuple(
            self.integer(item, f"{path}[{i}]") for i, item in enumerate(self.array(value, path))
        )

    def string(self, value: object, path: str) -> str:
        """``value`` as a string."""
        if not isinstance(value, str):
            self.fail(path, f"expected a string, got {describe(value)}")
        return value

    def array(self, value: object, path: str, length: int | None = None) -> list[Any]:
        """``value`` as an array, of exactly ``length`` entries when given."""
        if not isinstance(value, list):
            self.fail(path, f"expected an array, got {describe(value)}")
        if length is not None and len(value) != length:
            self.fail(path, f"expected {length} entries, got {len(value)}")
        return value


def _path_hint(text: str) -> str:
    """A hint when JSON text looks like a file name instead (``state_from_json("x.json")``):
    the loaders take the document's text."""
    name = text.strip()
    if not name or "\n" in name or name[0] in '{["' or len(name) > 4096:
        return ""
    if name.lower().endswith(".json") or os.path.exists(name):
        return (
            f"; {name!r} looks like a file name: pass the document's text, e.g. "
            f"Path({name!r}).read_text()"
        )
    return ""
