"""Terminal probing for the command line: how wide to fold the output, whether to colour it.

Private: the ``sintra`` command (:mod:`sintra_rules.cli`) is its only user.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping
from typing import TextIO

from sintra_rules.errors import InvalidArgument

__all__ = ["COLOUR_CHOICES", "MAX_WIDTH", "output_width", "use_colour"]

#: The widest line ``play`` and ``replay`` print, and their width when not on a terminal.
MAX_WIDTH = 100
_MIN_WIDTH = 40
#: The values of ``--color``.
COLOUR_CHOICES = ("auto", "always", "never")


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
