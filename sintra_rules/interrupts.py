"""Ctrl-C held back while code that must not be interrupted runs, and raised between units of
work: games, searches, plies.

A :class:`KeyboardInterrupt` raised inside compiled code can kill the process. mypyc's runtime
treats an error returned by an operation it assumes cannot fail as fatal (it prints ``fatal:
out of memory`` and aborts), and a pending Ctrl-C is turned into such an error when the
compiled code calls back into Python; Ray's core can be left inconsistent the same way. So
every long piece of work runs its compiled calls inside :class:`deferred_interrupts`:

* while a block runs (in the main thread), SIGINT only notes the press;
* the press is delivered when a block ends without an exception, or at
  :func:`check_interrupt`, by calling the handler that was in place before (Python's default
  raises :class:`KeyboardInterrupt`), so a command still stops at once between two games,
  two searches or two plies, with its usual one line and exit 130;
* blocks nest, cheaply: only the outermost installs and restores the handler;
* where SIGINT is ignored (a worker process of :func:`~sintra_rules.distributed.fan_out`), or
  outside the main thread (where no signal is ever handled), a block does nothing.

Generic: the executor (:func:`sintra_rules.distributed.fan_out`) runs every work item in a
block, and progress updates (:class:`sintra_rules._progress.Progress`) are checkpoints, so
every game's long commands inherit the behaviour; a game's code that calls compiled code
itself (a search agent, a kernel's entry point) wraps that call in a block.

>>> import signal
>>> caught = []
>>> try:
...     with deferred_interrupts():
...         signal.raise_signal(signal.SIGINT)
...         caught.append(interrupt_pending())
... except KeyboardInterrupt:
...     caught.append("raised at the end of the block")
>>> caught
[True, 'raised at the end of the block']
"""

from __future__ import annotations

import signal
import threading
from types import FrameType, TracebackType
from typing import Any

__all__ = ["check_interrupt", "deferred_interrupts", "interrupt_pending"]


class _Held:
    """The state of the deferral in this process: how deeply blocks are nested, the handler
    they replaced and whether Ctrl-C was pressed meanwhile."""

    def __init__(self) -> None:
        self.depth = 0
        self.previous: Any = None
        self.pressed = False

    def note(self, signum: int, frame: FrameType | None) -> None:
        self.pressed = True


_held = _Held()


def _deliver(previous: Any) -> None:
    """Act on a held press as the handler ``previous`` would have."""
    if callable(previous):
        previous(signal.SIGINT, None)  # Python's default raises KeyboardInterrupt
    elif previous == signal.SIG_DFL:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.raise_signal(signal.SIGINT)


class deferred_interrupts:  # lower case: used as a function, ``with deferred_interrupts():``
    """A block during which Ctrl-C is only noted; a press is delivered when the block ends
    without an exception (see the module description).

    Nested blocks are cheap (a counter); only the outermost one, in the main thread and where
    SIGINT is not ignored, replaces the handler and puts it back.
    """

    __slots__ = ("_active",)

    def __init__(self) -> None:
        self._active = False

    def __enter__(self) -> deferred_interrupts:
        if _held.depth:
            _held.depth += 1
            self._active = True
        elif threading.current_thread() is threading.main_thread():
            previous = signal.getsignal(signal.SIGINT)
            if previous not in (signal.SIG_IGN, None):
                _held.previous, _held.pressed = previous, False
                signal.signal(signal.SIGINT, _held.note)
                _held.depth = 1
                self._active = True
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if not self._active:
            return
        self._active = False
        previous = _held.previous
        _held.depth -= 1  # first: a press raised from here on leaves no block open
        if _held.depth == 0:
            # The handler goes back before the press is read: Python runs a signal still
            # pending inside ``signal.signal`` itself, before the change, so a press noted up
            # to that moment is read below, and a later one goes to ``previous`` directly.
            signal.signal(signal.SIGINT, previous)
            _held.previous = None
        pressed, _held.pressed = _held.pressed, False
        if pressed and kind is None:
            _deliver(previous)


def interrupt_pending() -> bool:
    """Whether Ctrl-C was pressed inside the current block and not yet delivered."""
    return _held.depth > 0 and _held.pressed


def check_interrupt() -> None:
    """A checkpoint between two units of work: deliver a held Ctrl-C now (by default, raise
    :class:`KeyboardInterrupt`); outside a block, or with no press held, do nothing.

    Raises:
        KeyboardInterrupt: Ctrl-C was pressed inside the current block (with Python's default
            handler).
    """
    if _held.depth and _held.pressed:
        _held.pressed = False
        _deliver(_held.previous)
