"""Progress of long work on a terminal, and what an interrupted command says it had done.

A :class:`Progress` counts units of work (games, root actions, slices). While standard error is
a terminal and the user did not ask for quiet, it redraws one line there, at most every
``interval`` seconds; piped or quiet, it draws nothing. Either way it keeps the count, so that
a command stopped by Ctrl-C can say in one line how far it got (:func:`last_summary`).

The core depends on attrs alone, so this is a small helper rather than a progress library.

>>> import io
>>> out = io.StringIO()
>>> with Progress("soak", 3, "games", stream=out) as bar:
...     bar.advance()
>>> out.getvalue()  # not a terminal: nothing is drawn
''
>>> last_summary()
'soak: 1 of 3 games'
>>> with Progress("play", unit="decisions", stream=out) as bar:
...     bar.advance()
>>> last_summary()
'play: 1 decision'
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TextIO

from sintra_rules.interrupts import check_interrupt

__all__ = ["Progress", "forget_progress", "last_summary"]

_last: list[Progress] = []


class Progress:
    """A counter of done work that may draw itself on a terminal.

    Args:
        label: what is being done, e.g. ``"soak"``.
        total: how many units there are, or ``None`` when unknown.
        unit: the units' name, in the plural, e.g. ``"games"`` (for one unit, without its
            last ``s``).
        stream: where to draw (default: standard error).
        quiet: never draw, whatever the stream.
        interval: the least time between two redraws, in seconds.
    """

    def __init__(
        self,
        label: str,
        total: int | None = None,
        unit: str = "",
        *,
        stream: TextIO | None = None,
        quiet: bool = False,
        interval: float = 0.1,
    ) -> None:
        self.label = label
        self.total = total
        self.unit = unit
        self.done = 0
        self._stream = sys.stderr if stream is None else stream
        isatty = getattr(self._stream, "isatty", None)
        self.drawing = not quiet and callable(isatty) and bool(isatty())
        self._interval = interval
        self._drawn = 0.0
        self._width = 0
        self._start = time.monotonic()

    def __enter__(self) -> Progress:
        _last[:] = [self]
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def update(self, done: int, total: int | None = None) -> None:
        """Set the count of done units (and the total, when it becomes known). Also a
        checkpoint: a Ctrl-C held back by :mod:`sintra_rules.interrupts` is raised here."""
        self.done = done
        if total is not None:
            self.total = total
        self._draw()
        check_interrupt()

    def advance(self, units: int = 1) -> None:
        """Count ``units`` more done units."""
        self.update(self.done + units)

    @property
    def summary(self) -> str:
        """One line: what was done so far, e.g. ``"perft: 12 of 40 root actions"``."""
        of = "" if self.total is None else f" of {self.total:,}"
        counted = self.done if self.total is None else self.total
        unit = self.unit.removesuffix("s") if counted == 1 else self.unit
        return f"{self.label}: {self.done:,}{of}{f' {unit}' if unit else ''}"

    def close(self) -> None:
        """Erase the drawn line, if any."""
        if self.drawing and self._width:
            self._stream.write("\r" + " " * self._width + "\r")
            self._stream.flush()
            self._width = 0

    def _draw(self) -> None:
        if not self.drawing:
            return
        now = time.monotonic()
        finished = self.total is not None and self.done >= self.total
        if now - self._drawn < self._interval and not finished:
            return
        self._drawn = now
        line = self.summary
        if self.total:
            line += f" ({100 * self.done // self.total}%)"
        line += f", {now - self._start:.0f} s"
        pad = max(self._width - len(line), 0)
        # The width is known before the line is written, so that an interrupt during the
        # write still lets close() erase it.
        self._width = max(self._width, len(line))
        self._stream.write("\r" + line + " " * pad)
        self._stream.flush()


def last_summary() -> str | None:
    """The summary of the progress entered last, or ``None`` if there was none."""
    return _last[0].summary if _last else None


def forget_progress() -> None:
    """Forget the progress entered so far: :func:`last_summary` is ``None`` until the next
    :class:`Progress` is entered (each run of a command in one process starts so).

    >>> with Progress("perft", unit="first actions", stream=None, quiet=True) as bar:
    ...     bar.advance()
    >>> forget_progress()
    >>> last_summary() is None
    True
    """
    _last.clear()
