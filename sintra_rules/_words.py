"""Small words of every game's messages: a count with its noun in the right number, and an
input quoted in a message without echoing all of it.

Private: the library's own messages use it (the command line, the reports, both games' words),
so that ``1 player``, ``1 game`` and ``1 favor token`` read right everywhere, and an error that
quotes a 100,000-character input stays one line of a few hundred characters (a file path is
quoted whole).

>>> plural(1, "player"), plural(3, "game"), plural(-1, "point"), plural(2, "ply", "plies")
('1 player', '3 games', '-1 point', '2 plies')
>>> plural(1_500, "game", grouped=True)
'1,500 games'
>>> print(shortened(f"bad action {'draft ' + 'R' * 100_000!r}: no colour R", most=30))
bad action 'draft RRRRRRRRRRRRRRR...RRRRR' (100,006 characters): no colour R
>>> quoted("draft " + "R" * 100_000, most=60)
"'draft RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR...RRRRRRRRRR' (100,006 characters)"
>>> len(quoted("R" * 100_000))
223
"""

from __future__ import annotations

import ast
import re

__all__ = ["QUOTED_MOST", "ordinal", "plural", "quoted", "shortened"]

#: The most characters of an input a message quotes whole; a longer one is shown by its start
#: and end, with its length.
QUOTED_MOST = 200


def plural(count: int, word: str, words: str | None = None, *, grouped: bool = False) -> str:
    """``count`` and ``word``, the noun in the plural (``words``, default ``word + "s"``)
    unless the count is 1 or -1.

    Args:
        count: how many.
        word: the noun for one.
        words: the noun for several (``plies``, ``dice``), default ``word`` with an ``s``.
        grouped: write the count with thousands separators (``1,500``).

    Returns:
        The count and its noun.
    """
    number = f"{count:,}" if grouped else str(count)
    return f"{number} {word if abs(count) == 1 else words or word + 's'}"


def ordinal(number: int) -> str:
    """``number`` as an ordinal in English figures: ``1st``, ``2nd``, ``3rd``, ``7th``,
    ``11th`` to ``13th``, ``21st``.

    Args:
        number: a whole number, 0 or more.

    Returns:
        The ordinal.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 7, 11, 12, 13, 21, 22, 101, 111)]
    ['1st', '2nd', '3rd', '4th', '7th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th']
    """
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


#: A quotation as ``repr`` writes it, in single or double quotes, its opening quote not
#: after a letter (an apostrophe of the words around it) and its closing one not before one.
_QUOTATION = re.compile(r"""(?<!\w)(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")(?!\w)""")


def shortened(message: str, most: int = QUOTED_MOST) -> str:
    """``message`` with every input it quotes (as ``repr`` does) longer than ``most``
    characters cut as :func:`quoted` cuts it, and any other run of more than ``most``
    characters without a space (an input named unquoted) cut the same way: the one place where
    every error line of the library and of the ``sintra`` command is kept short
    (:class:`~sintra_rules.errors.SintraError`, the command's error lines).

    Args:
        message: the message.
        most: the most characters of a quotation kept whole.

    Returns:
        The message, its long quotations cut.
    """
    if len(message) <= 2 * most:
        return message

    def cut(match: re.Match[str]) -> str:
        text = match.group(0)
        if len(text) <= most + 2:
            return text
        try:
            value = ast.literal_eval(text)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return text
        return quoted(value, most) if isinstance(value, str) else text

    def cut_word(match: re.Match[str]) -> str:
        text = match.group(0)
        head, tail = text[: most - most // 6 - 3], text[-(most // 6) :]
        return f"{head}...{tail} ({len(text):,} characters)"

    return re.sub(rf"\S{{{most + 1},}}", cut_word, _QUOTATION.sub(cut, message))


def quoted(text: str, most: int = QUOTED_MOST) -> str:
    """``text`` quoted as Python writes it (``repr``), whole when it is at most ``most``
    characters long, else its start and its end around ``...``, with its length: what a
    message that quotes an input shows of it.

    Args:
        text: the input.
        most: the most characters quoted whole.

    Returns:
        The quotation.
    """
    if len(text) <= most:
        return repr(text)
    head, tail = text[: most - most // 6 - 3], text[-(most // 6) :]
    return f"{repr(head)[:-1]}...{repr(tail)[1:]} ({len(text):,} characters)"
