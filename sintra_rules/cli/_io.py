"""The command's files: reading an input (a path or ``-``), naming it in errors and warnings,
and writing an output safely (checked before the work, written beside and moved into place).

Every error here is a :class:`UsageError`: one line, exit code 2.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import warnings
from collections.abc import Callable, Iterator
from typing import TextIO

from sintra_rules.distributed import Ray, capped_workers
from sintra_rules.errors import RecordWarning, SintraError

__all__ = [
    "UsageError",
    "check_output",
    "from_file",
    "output",
    "partial_path",
    "read_text",
    "show_warnings",
    "workers",
]


class UsageError(Exception):
    """Arguments that parse but do not make sense together (exit code 2)."""


def read_text(path: str) -> str:
    """The text of ``path`` (``-``: standard input), without a byte-order mark; an unreadable
    or empty file is a :class:`UsageError`."""
    name = "standard input" if path == "-" else repr(path)
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else str(error)
        raise UsageError(f"cannot read {name}: {reason}") from None
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise UsageError(f"{name} is empty" if text == "" else f"{name} holds only blank lines")
    return text


@contextlib.contextmanager
def from_file(path: str) -> Iterator[None]:
    """Errors of what is read from ``path`` name the file: ``game.json: $: not valid JSON``;
    so do its warnings (:class:`~sintra_rules.errors.RecordWarning`)."""
    name = "standard input" if path == "-" else path
    caught: list[warnings.WarningMessage] = []
    try:
        with warnings.catch_warnings(record=True) as recorded:
            warnings.simplefilter("always")
            caught = recorded
            yield
    except SintraError as error:
        raise UsageError(f"{name}: {error}") from None
    finally:  # the warnings come first, before an error found further on
        for found in caught:
            message = found.message
            if isinstance(message, RecordWarning):
                message = RecordWarning(f"{name}: {message.field}", message.reason)
            warnings.warn_explicit(message, found.category, found.filename, found.lineno)


def show_warnings(command: str) -> Callable[..., None]:
    """A :func:`warnings.showwarning` that prints the package's warnings as one line each,
    ``sintra replay: warning: game.txt: line 9, token 3: ...``, others as Python does."""
    python = warnings.showwarning

    def show(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        if isinstance(message, SintraError):
            print(f"sintra {command}: warning: {message}", file=sys.stderr)
        else:
            python(message, category, filename, lineno, file, line)

    return show


def check_output(path: str, option: str) -> None:
    """Refuse, before any work starts, an output ``path`` that cannot be written: no name, its
    folder is missing or not writable (the output is written beside the path first), or the
    path is a folder."""
    if not path:
        raise UsageError(f"{option}: give a file name")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise UsageError(f"{option} {path!r}: is a folder, not a file")
    if not os.path.isdir(folder):
        raise UsageError(f"{option} {path!r}: no folder {folder!r}")
    if _is_special(path):  # a device or a pipe is written in place
        if not os.access(path, os.W_OK):
            raise UsageError(f"{option} {path!r}: not writable")
        return
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise UsageError(f"{option} {path!r}: not writable")


def partial_path(path: str) -> str:
    """Where an interrupted run to an existing ``path`` keeps what it wrote: ``PATH.partial``,
    one per output (:func:`output`).

    >>> partial_path("games.jsonl")
    'games.jsonl.partial'
    """
    return f"{path}.partial"


def _is_special(path: str) -> bool:
    """Whether ``path`` exists and is not a regular file (``/dev/null``, a named pipe)."""
    return os.path.exists(path) and not os.path.isfile(path)


def _new_file_mode(existing: str) -> int:
    """The permissions of an output file: those of the file it replaces, else the usual ones
    (``0o666`` less the umask)."""
    with contextlib.suppress(OSError):
        return os.stat(existing).st_mode & 0o7777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


@contextlib.contextmanager
def output(path: str, *, keep_on_interrupt: bool = False) -> Iterator[TextIO]:
    """A text stream for the output file ``path`` (checked by :func:`check_output`).

    The text goes to a new file beside ``path`` (``PATH.XXXX.partial``), moved into place once
    the block ends, so an existing file is never destroyed before its replacement is complete.
    A device or a pipe (``/dev/null``) is written in place. A write that fails (a full disk) is
    a :class:`UsageError`, and the partial file is removed.

    With ``keep_on_interrupt``, for an output written in whole pieces (self-play games), Ctrl-C
    keeps what was written: moved into place when ``path`` did not exist, else to
    ``PATH.partial`` (:func:`partial_path`; ``path`` untouched), one such file per output: the
    next interrupted run to the same ``path`` replaces it. The :class:`KeyboardInterrupt` then
    says where it is.
    """
    if _is_special(path):
        try:
            with open(path, "w", encoding="utf-8", newline="\n") as handle:
                yield handle
        except BrokenPipeError:
            raise
        except OSError as error:
            raise UsageError(f"cannot write {path!r}: {error.strerror}") from None
        return
    existed = os.path.exists(path)
    folder, name = os.path.split(os.path.abspath(path))
    try:
        descriptor, partial = tempfile.mkstemp(prefix=f"{name}.", suffix=".partial", dir=folder)
    except OSError as error:
        raise UsageError(f"cannot write beside {path!r}: {error.strerror}") from None
    kept = False
    try:
        try:
            os.chmod(partial, _new_file_mode(path))
            with open(descriptor, "w", encoding="utf-8", newline="\n") as handle:
                yield handle
        except KeyboardInterrupt:
            if not keep_on_interrupt or os.path.getsize(partial) == 0:
                raise
            if not existed:
                os.replace(partial, path)
                raise KeyboardInterrupt(f"what was written is in {path}") from None
            beside = partial_path(path)
            earlier = ", replacing an earlier run's" if os.path.lexists(beside) else ""
            try:
                os.replace(partial, beside)
            except OSError:  # PATH.partial cannot be replaced (a folder): keep this one
                kept, beside, earlier = True, partial, ""
            raise KeyboardInterrupt(
                f"{path} untouched, what was written is in {beside}{earlier}"
            ) from None
        os.replace(partial, path)
    except BrokenPipeError:
        raise
    except OSError as error:
        raise UsageError(f"cannot write {path!r}: {error.strerror}") from None
    finally:
        if not kept:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(partial)


def workers(args: argparse.Namespace, items: int, ray: Ray | None) -> int | None:
    """``--workers``, lowered to the work there is and to the cores, saying so in one line on
    standard error (:func:`~sintra_rules.distributed.capped_workers`)."""
    workers, note = capped_workers(args.workers, items, ray)
    if note is not None:
        print(f"sintra {args.command}: {note}", file=sys.stderr)
    return workers
