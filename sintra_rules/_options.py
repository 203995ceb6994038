"""Argument types of the ``sintra`` command line: numbers within their bounds.

Private: the command line (:mod:`sintra_rules.cli`, :mod:`sintra_rules.arena`,
:mod:`sintra_rules.distributed`) is its only user. A number out of bounds is refused by
argparse before any work starts, with the bound in the message (exit 2).

>>> whole_number(1, MAX_GAMES)("12")
12
>>> whole_number(1, MAX_GAMES)("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be >= 1, got 0
>>> seconds("inf")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be a number of seconds in (0, 3600], got inf
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

__all__ = ["MAX_DEPTH", "MAX_GAMES", "MAX_SECONDS", "seconds", "whole_number"]

#: The most games one run plays (``soak``, ``arena``, ``selfplay`` ``--games``); a longer
#: campaign is several runs with other seeds.
MAX_GAMES = 1_000_000
#: The deepest ``perft --depth``: each ply multiplies the count, and the time, by the legal
#: actions (Sintra's opening position takes minutes at depth 5).
MAX_DEPTH = 10
#: The most CPU seconds per workload (``bench --seconds``).
MAX_SECONDS = 3600.0


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number ``>= low`` (and ``<= high``).

    Args:
        low: the least value.
        high: the greatest value, or ``None`` for none.

    Returns:
        The parser of one argument.
    """

    def parse(text: str) -> int:
        value = int(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be >= {low}, got {value}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be <= {high:,}, got {value:,}")
        return value

    parse.__name__ = "whole number"
    return parse


def seconds(text: str) -> float:
    """An argparse type: a number of seconds above 0 and at most :data:`MAX_SECONDS`.

    Args:
        text: the argument.

    Returns:
        The seconds.

    Raises:
        ArgumentTypeError: not a finite number in that range.
    """
    value = float(text)
    if not (math.isfinite(value) and 0 < value <= MAX_SECONDS):
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds in (0, {MAX_SECONDS:.0f}], got {text}"
        )
    return value


seconds.__name__ = "number of seconds"
