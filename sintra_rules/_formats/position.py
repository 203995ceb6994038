"""The lexical layer of a one-line position that every game's notation shares (generic).

A one-line position is fields separated by single spaces, printable, with no space before the
first field or after the last. :class:`LineText` carries the text being read and raises the
:class:`~sintra_rules.errors.PositionError` that names the field, the 1-based character and
the clause; :func:`line_words` checks the line's form and splits it into words with their
places. Each game's reader tells them the clause of its own notation and its tag, and reads
the fields itself.

>>> line_words(LineText("g1 a b"), "ENG-1", "g1")
[(0, 'g1'), (3, 'a'), (5, 'b')]
>>> line_words(LineText("g1  a"), "ENG-1", "g1")
Traceback (most recent call last):
...
sintra_rules.errors.PositionError: bad position: text, character 3: fields are separated by \
single spaces, with none before the first or after the last (ENG-1)
"""

from __future__ import annotations

from typing import NoReturn

from sintra_rules.errors import PositionError

__all__ = ["LineText", "line_words", "show"]


class LineText:
    """The text being read; every failure names the field, the character and the clause."""

    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, field: str, at: int, clause: str, reason: str) -> NoReturn:
        """Refuse the text.

        Args:
            field: the field being read.
            at: the 0-based place in the text (reported 1-based).
            clause: the clause the text breaks.
            reason: why, in words.

        Raises:
            PositionError: always, naming the field, the character and the clause.
        """
        raise PositionError(self.text, field, at + 1, clause, reason)


def show(text: str, limit: int = 24) -> str:
    """``text`` quoted for a message, cut after ``limit`` characters.

    >>> show("abc"), show("x" * 30, 4)
    ("'abc'", "'xxxx...'")
    """
    return repr(text if len(text) <= limit else text[:limit] + "...")


def line_words(src: LineText, clause: str, tag: str) -> list[tuple[int, str]]:
    """The words of the line with their 0-based places, after the checks of the line's form:
    printable, not empty, single spaces between fields and none around them.

    Args:
        src: the text being read.
        clause: the game's clause on its one-line notation, named by every failure.
        tag: the notation's tag (its first word), for the message on an empty text.

    Returns:
        Each word with the place of its first character.

    Raises:
        PositionError: the line's form is wrong (field ``text``).
    """
    text = src.text
    for index, char in enumerate(text):
        if char != " " and not char.isprintable():
            src.fail("text", index, clause, f"{char!r}: a position is one line of text")
    if not text.strip():
        src.fail("text", 0, clause, f"empty: a position starts with {tag!r}")
    if text != text.strip(" ") or "  " in text:
        spot = (
            text.index("  ")
            if "  " in text and text == text.strip(" ")
            else (0 if text.startswith(" ") else len(text) - 1)
        )
        src.fail(
            "text",
            spot,
            clause,
            "fields are separated by single spaces, with none before the first or after the last",
        )
    words: list[tuple[int, str]] = []
    pos = 0
    for word in text.split(" "):
        words.append((pos, word))
        pos += len(word) + 1
    return words
