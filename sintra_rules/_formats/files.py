r"""Telling a game's files by their content (private; generic: imports no game).

A game describes how its files show whose they are as :class:`Signs` (the first word of its
positions, its JSON documents' kinds, its text records' game tag, the tags only it uses and its
moves' notation); :meth:`Signs.claim` reads the head of a text (:func:`read_head`) and says
which of the game's files it is (a :class:`~sintra_rules.game.FileClaim`), and
:meth:`Signs.formats` lists the game's kinds of file for a message. The game's own module
(``games/<game>/files.py``) holds its signs; this module knows no game's formats.

>>> signs = Signs(name="coin", title="Coin", word="coin", header="Coin", version="1",
...               documents={"coin-state": "state document"}, tags=("Side",),
...               is_move=lambda word: word in ("heads", "tails"), example="heads")
>>> signs.claim("coin1 heads")
FileClaim(kind='position', sign="its first word, 'coin1'", named=True)
>>> signs.claim('{"format": 1, "kind": "coin-state"}').kind
'state document'
>>> signs.claim('[Event "Fair"]' + chr(10) + chr(10) + "1. heads tails")
FileClaim(kind='text record', sign="its moves, in Coin's notation ('heads')", named=False)
>>> signs.claim("[Event ") is None
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from sintra_rules._formats.textrecord import BOM, looks_like_text_record
from sintra_rules._strict import Reader, describe_document
from sintra_rules.errors import RecordError
from sintra_rules.game import FileClaim, FileFormat

__all__ = ["Head", "Signs", "found_text", "read_head"]

#: A tag line of a text record's head, read as leniently as a text record's reader does (the
#: name in any case, spaces around it).
_TAG = re.compile(r'^\s*\[\s*([A-Za-z][A-Za-z0-9]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
#: The ``kind`` of a JSON document that does not decode (the first one written).
_KIND = re.compile(r'"kind"\s*:\s*"([^"\\]{1,100})"')
#: A move number (``12.``), a comment, and any other word of a text record's moves.
_NUMBER = re.compile(r"\d+\.")
_WORD = re.compile(r"\{[^}]*\}?|[^\s{]+")
#: How many words of the moves are looked at.
_WORDS = 8
#: The generic golden playthrough (:mod:`sintra_rules.verify.golden`) names its game apart.
_PLAYTHROUGH = "playthrough"


@attrs.frozen
class Head:
    """What the head of a text shows: its first word (a position's names its game), the JSON
    object it is (``document``; ``kind``, its ``kind``, read even from a document that does not
    decode), or, for a text record, its tags (by name in lower case) and the first words of
    its moves (comments and move numbers left out)."""

    word: str
    json: bool
    document: Any = None
    kind: str | None = None
    tags: Mapping[str, str] = attrs.field(factory=dict)
    moves: tuple[str, ...] = ()


def read_head(text: str) -> Head:
    """The head of ``text`` (a file's content or a position typed), after a byte-order mark.

    Args:
        text: the text.

    Returns:
        What its head shows.

    >>> read_head('[sintra "1"]' + chr(10) + chr(10) + "{hello} 1. 2G-5 R").moves
    ('2G-5', 'R')
    >>> read_head('{"kind": "x", ').kind
    'x'
    """
    body = text.removeprefix(BOM).strip()
    word = body.split(None, 1)[0] if body else ""
    if not looks_like_text_record(body):
        try:
            document = json.loads(body)
        except (ValueError, RecursionError):
            match = _KIND.search(body[:2000])
            return Head(word, True, None, match.group(1) if match else None)
        kind = document.get("kind") if isinstance(document, dict) else None
        return Head(word, True, document, kind if isinstance(kind, str) else None)
    lines = body.splitlines()
    tags: dict[str, str] = {}
    after = 0  # the lines of the tags (and the blank lines before them)
    while after < len(lines):
        match = _TAG.match(lines[after])
        if match is None and (tags or lines[after].strip()):
            break
        if match is not None:
            tags.setdefault(match.group(1).lower(), match.group(2))
        after += 1
    moves: list[str] = []
    for found in _WORD.finditer("\n".join(lines[after:])):
        token = found.group(0)
        if token.startswith("{") or _NUMBER.fullmatch(token):
            continue
        moves.append(token)
        if len(moves) == _WORDS:
            break
    return Head(word, False, tags=tags, moves=tuple(moves))


def found_text(text: str) -> str:
    """What a text is, in words, for a message saying that no game's file is it.

    >>> found_text("[1, 2]"), found_text(""), found_text("hello")
    ('a JSON array', 'an empty text', "a text starting 'hello'")
    >>> found_text('{"format": 1,')[:58]
    'not valid JSON (truncated or malformed): Expecting propert'
    """
    head = read_head(text)
    if head.json:
        if head.document is None:
            try:
                Reader(RecordError).loads(text.removeprefix(BOM))
            except RecordError as error:
                return error.reason
            return "a JSON document that does not decode"  # pragma: no cover
        if head.kind is not None:
            return f"a JSON document of kind {json.dumps(head.kind)}"
        return describe_document(head.document)
    if not head.word:
        return "an empty text"
    if head.tags:
        return "a text record whose tags and moves are no game's"
    return f"a text starting {head.word[:30]!r}"


@attrs.frozen
class Signs:
    """How a game's files show whose they are.

    Args:
        name: the game's registry name (a golden playthrough's ``game``).
        title: its short name, for messages (``Sintra``).
        word: what its positions' first word starts with (``sintra``; the notation's version
            follows).
        header: its text records' game tag (``Sintra``).
        version: the text record format version the game writes.
        documents: its JSON documents' kinds, each with the kind of file it is
            (``{"sintra-state": "state document"}``).
        tags: tags only its text records use (``Side``).
        is_move: whether a word of a text record's moves is in its notation.
        example: a move in its notation, for messages.
    """

    name: str
    title: str
    word: str
    header: str
    version: str
    documents: Mapping[str, str]
    tags: tuple[str, ...]
    is_move: Callable[[str], bool]
    example: str

    def is_position_word(self, word: str) -> bool:
        """Whether ``word`` is the first word of one of the game's positions (any version:
        the reader then says which it reads)."""
        version = word[len(self.word) :]
        return word.startswith(self.word) and version.isascii() and version.isdigit()

    def claim(self, text: str) -> FileClaim | None:
        """Which of the game's files ``text`` is, told by its head (:func:`read_head`), or
        ``None``.

        Args:
            text: the text.

        Returns:
            The claim: named when the text names the game (its position's first word, its
            documents' kind, its text records' game tag or a ``Position`` in its notation),
            else from the form alone (a tag only the game uses, moves in its notation).
        """
        head = read_head(text)
        if self.is_position_word(head.word):
            return FileClaim("position", f"its first word, {head.word[:30]!r}")
        if head.json:
            if head.kind is not None and head.kind in self.documents:
                return FileClaim(self.documents[head.kind], f"its kind, {json.dumps(head.kind)}")
            document = head.document
            if (
                head.kind == _PLAYTHROUGH
                and isinstance(document, dict)
                and document.get("game") == self.name
            ):
                return FileClaim(
                    "golden playthrough", f'its kind, "{_PLAYTHROUGH}", and game "{self.name}"'
                )
            return None
        for name, value in head.tags.items():
            if name == self.header.lower():
                return FileClaim("text record", f'its tag [{self.header} "{value[:10]}"]')
        position = head.tags.get("position", "").split(None, 1)
        if position and self.is_position_word(position[0]):
            return FileClaim("text record", f"its Position tag, '{position[0][:30]} ...'")
        for tag in self.tags:
            if tag.lower() in head.tags:
                return FileClaim("text record", f"its tag {tag}, which only it uses", named=False)
        for move in head.moves:
            if self.is_move(move):
                return FileClaim(
                    "text record", f"its moves, in {self.title}'s notation ({move!r})", named=False
                )
        return None

    def formats(self) -> tuple[FileFormat, ...]:
        """The game's kinds of file, each with how its content shows it.

        >>> Signs("coin", "Coin", "coin", "Coin", "1", {"coin-game": "game record"}, (),
        ...       str.isalpha, "heads").formats()[1]
        FileFormat(kind='game record', looks='"kind": "coin-game"')
        """
        found = [FileFormat("position", f"'{self.word}1 ...'")]
        found += [
            FileFormat(kind, f'"kind": {json.dumps(name)}') for name, kind in self.documents.items()
        ]
        tags = f'[{self.header} "{self.version}"] or [Position "{self.word}1 ..."] tags'
        found.append(FileFormat("text record", f"{tags}, or moves such as {self.example!r}"))
        found.append(
            FileFormat("golden playthrough", f'"kind": "{_PLAYTHROUGH}", "game": "{self.name}"')
        )
        return tuple(found)
