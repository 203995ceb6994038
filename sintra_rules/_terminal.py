"""Terminal probing for the command line: how wide to fold the output, whether to colour it.

Private: the ``sintra`` command (:mod:`sintra_rules.cli`) is its only user.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Mapping
from typing import TextIO

from sintra_rules.errors import InvalidArgument

__all__ = [
    "COLOUR_CHOICES",
    "MAX_WIDTH",
    "output_width",
    "use_colour",
    "visible_width",
    "wrap_text",
]

#: The widest line ``play`` and ``replay`` print, and their width when not on a terminal.
MAX_WIDTH = 100
_MIN_WIDTH = 40
#: The values of ``--color``.
COLOUR_CHOICES = ("auto", "always", "never")
_ANSI_CODE = re.compile(r"\x1b\[[0-9;]*m")
_PIECES = re.compile(r"( +)")


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):  # no isatty, or a closed stream
        return False


def output_width(stream: TextIO | None = None) -> int:
    """The width ``play`` and ``replay`` fold their lines to: when ``stream`` (default
    ``sys.stdout``) is a terminal, its width (:func:`shutil.get_terminal_size`) capped at
    :data:`MAX_WIDTH` (and at least 40); otherwise :data:`MAX_WIDTH`.

    >>> import io
    >>> output_width(io.StringIO())
    100
    """
    if not _is_terminal(sys.stdout if stream is None else stream):
        return MAX_WIDTH
    columns = shutil.get_terminal_size((MAX_WIDTH, 24)).columns
    return max(_MIN_WIDTH, min(MAX_WIDTH, columns))


def use_colour(
    choice: str = "auto", stream: TextIO | None = None, environ: Mapping[str, str] | None = None
) -> bool:
    """Whether to colour the pieces: ``"always"``, ``"never"``, or for ``"auto"`` when
    ``stream`` (default ``sys.stdout``) is a terminal and ``NO_COLOR`` is unset or empty in
    ``environ`` (default ``os.environ``), as https://no-color.org asks.

    Raises :class:`~sintra_rules.errors.InvalidArgument` for any other ``choice``.

    >>> import io
    >>> use_colour("auto", io.StringIO()), use_colour("always", io.StringIO())
    (False, True)
    """
    if choice not in COLOUR_CHOICES:
        raise InvalidArgument(
            "choice", f"colour choice must be one of {', '.join(COLOUR_CHOICES)}: {choice!r}"
        )
    if choice != "auto":
        return choice == "always"
    environ = os.environ if environ is None else environ
    return _is_terminal(sys.stdout if stream is None else stream) and not environ.get("NO_COLOR")


def visible_width(text: str) -> int:
    r"""The number of characters ``text`` takes on a terminal: its length without ANSI colour
    codes.

    >>> visible_width("\x1b[34mB\x1b[0m b")
    3
    """
    return len(_ANSI_CODE.sub("", text))


def wrap_text(text: str, width: int, indent: str | None = None) -> str:
    """``text`` with every line wider than ``width`` (:func:`visible_width`, so ANSI colour
    codes take no room) folded at spaces, the continuation lines indented by ``indent``
    (default: the line's own leading spaces and four more, a hanging indent).

    Spaces inside a line (the columns of a table) are kept; a line is only ever broken at a
    run of spaces, which is dropped, so a single word wider than ``width`` stays whole. Lines
    that fit, and colour codes, are left exactly as they are.

    >>> print(wrap_text("  3G-7  Player 2 takes 2 green; 1 breaks -> 0 points, track -1", 30))
      3G-7  Player 2 takes 2
          green; 1 breaks -> 0
          points, track -1
    >>> print(wrap_text("Key: @ glazier; b empty space", 20, indent="     "))
    Key: @ glazier; b
         empty space
    """
    return "\n".join(
        folded for line in text.split("\n") for folded in _wrap_line(line, width, indent)
    )


def _wrap_line(line: str, width: int, indent: str | None) -> list[str]:
    if visible_width(line) <= width:
        return [line]
    body = line.lstrip(" ")
    lead = line[: len(line) - len(body)]
    hang = lead + "    " if indent is None else indent
    pieces = _PIECES.split(body)  # word, spaces, word, spaces, ..., word
    lines: list[str] = []
    current, size = lead + pieces[0], len(lead) + visible_width(pieces[0])
    for gap, word in zip(pieces[1::2], pieces[2::2], strict=True):
        wide = visible_width(word)
        if size + len(gap) + wide > width and word:
            lines.append(current)
            current, size = hang + word, len(hang) + wide
        else:
            current, size = current + gap + word, size + len(gap) + wide
    lines.append(current)
    return lines
