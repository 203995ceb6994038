"""Fan-out: a pure task mapped over numbered work items, its results yielded in item order, in
this process, in local worker processes or on a Ray cluster (ENG-51).

:func:`fan_out` is the one executor of the package: ``sintra soak``, ``sintra arena`` and
``sintra selfplay`` hand it their games. Every item carries everything its task needs (its
seed included), so the results do not depend on where, in which order or how often a task
ran: the same items give the same results on every backend.

* **In process** (``workers=1``, no Ray): the items one after the other.
* **Local processes** (``workers=K > 1``): a pool of ``K`` processes started with ``spawn``;
  the workers ignore Ctrl-C, which reaches the whole process group: only this process stops,
  closing the pool.
* **Ray** (``ray=Ray(address)``, the optional extra ``pip install 'sintra-rules[ray]'``): with
  ``address=None`` a local Ray is started in this process (``workers`` CPUs, default every
  core) and shut down at the end; ``"auto"``, ``"ray://HOST:PORT"`` or ``"HOST:PORT"``
  connect to a running cluster, whose size decides the parallelism. When Ray is already
  initialised in this process, that connection is used and left open. Items travel in chunks
  of consecutive items, one Ray task per chunk; a worker process that dies while running a
  chunk is retried by Ray (:data:`MAX_RETRIES` times) and its chunk's results are kept once,
  by item number, so nothing is lost or counted twice. A task that raises an exception is not
  retried.

On every backend, an exception raised by the task becomes a
:class:`~sintra_rules.errors.FanOutError` naming the item (the task's exception is its
``__cause__``), and the items after it are not waited for.

The task must be a function importable by name (defined at the top level of a module) and its
items and results picklable.

>>> list(fan_out(abs, [-3, 1, -2]))
[3, 1, 2]
>>> list(fan_out(abs, ["x"]))
Traceback (most recent call last):
...
sintra_rules.errors.FanOutError: item 0: TypeError: bad operand type for abs(): 'str'
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib
import logging
import multiprocessing
import os
import re
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import attrs

from sintra_rules._options import whole_number
from sintra_rules._words import plural
from sintra_rules.errors import FanOutError, InvalidArgument, MissingExtra
from sintra_rules.interrupts import check_interrupt, deferred_interrupts

__all__ = [
    "MAX_RETRIES",
    "PER_CORE",
    "Ray",
    "add_fan_out_options",
    "capped_workers",
    "fan_out",
    "parse_ray_address",
    "ray_from_args",
]

_T = TypeVar("_T")
_R = TypeVar("_R")

#: How many times Ray runs a chunk again after the worker process running it died.
MAX_RETRIES = 3

_ADDRESS = re.compile(r"(auto|ray://[^\s:/]+:\d{1,5}|[^\s:/]+:\d{1,5})")


def parse_ray_address(text: str | None) -> str | None:
    """Check a Ray address: ``None`` or ``""`` (start a local Ray), ``"auto"`` (the cluster
    this machine belongs to), ``"ray://HOST:PORT"`` (Ray Client) or ``"HOST:PORT"`` (a head
    node's GCS).

    Args:
        text: the address as given.

    Returns:
        The address, or ``None`` for a local Ray.

    Raises:
        InvalidArgument: anything else.

    >>> parse_ray_address("ray://head:10001"), parse_ray_address("")
    ('ray://head:10001', None)
    >>> parse_ray_address("greedy")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sintra_rules.errors.InvalidArgument: ray address: expected auto, ... got 'greedy'
    """
    if text is None or text == "":
        return None
    if not isinstance(text, str) or not _ADDRESS.fullmatch(text):
        raise InvalidArgument(
            "ray address", f"expected auto, ray://HOST:PORT or HOST:PORT, got {text!r}"
        )
    return text


@attrs.frozen
class Ray:
    """Run on Ray: ``address=None`` starts a local Ray in this process; otherwise the address
    of a running cluster (checked by :func:`parse_ray_address`)."""

    address: str | None = attrs.field(default=None, converter=parse_ray_address)


def _run_chunk(task: Callable[[_T], _R], first: int, items: Sequence[_T]) -> list[_R]:
    """Run ``task`` over ``items`` (item numbers from ``first``), each item in a
    :class:`~sintra_rules.interrupts.deferred_interrupts` block, so that a Ctrl-C pressed while
    compiled code runs is raised between items; an exception becomes a :class:`FanOutError`
    naming its item."""
    results = []
    for offset, item in enumerate(items):
        try:
            with deferred_interrupts():  # Ctrl-C reaches the task between items only
                results.append(task(item))
        except Exception as error:
            raise FanOutError(
                f"item {first + offset}", f"{type(error).__name__}: {error}"
            ) from error
    return results


def _run_one(task: Callable[[_T], _R], numbered: tuple[int, _T]) -> _R:
    index, item = numbered
    return _run_chunk(task, index, (item,))[0]


def fan_out(
    task: Callable[[_T], _R],
    items: Sequence[_T],
    *,
    workers: int | None = 1,
    ray: Ray | None = None,
    chunk: int | None = None,
) -> Iterator[_R]:
    """Yield ``task(item)`` for every item, in item order (see the module description).

    Args:
        task: a pure function importable by name.
        items: the work items (picklable).

        workers: without Ray, processes to run in (``None`` or 1: this process); with a local
            Ray, the CPUs it is given (``None``: every core); ignored by a running cluster.

        ray: run on Ray (see :class:`Ray`).

        chunk: items per task sent to a worker (default: a few chunks per worker, at most 64
            items each).

    Yields:
        The results, in the order of ``items``.

    Raises:
        InvalidArgument: ``workers`` or ``chunk`` below 1.
        MissingExtra: Ray is asked for and not installed.

        FanOutError: a task raised an exception, a worker died more than :data:`MAX_RETRIES`
            times, or the cluster cannot be reached.
    """
    for name, value in (("workers", workers), ("chunk", chunk)):
        if value is not None and (type(value) is not int or value < 1):
            raise InvalidArgument(name, f"must be a whole number >= 1, got {value!r}")
    if ray is not None:
        module = _import_ray()
        return _on_ray(module, task, items, ray, workers, chunk)
    if workers is None or workers == 1 or len(items) <= 1:
        return (_run_one(task, numbered) for numbered in enumerate(items))
    return _in_processes(task, items, workers, chunk)


def _chunk_size(items: int, parallel: int, chunk: int | None) -> int:
    if chunk is not None:
        return chunk
    return max(1, min(64, items // (4 * max(parallel, 1))))


def _in_processes(
    task: Callable[[_T], _R], items: Sequence[_T], workers: int, chunk: int | None
) -> Iterator[_R]:
    # Workers ignore SIGINT: a Ctrl-C reaches the whole process group, and only the parent
    # should stop (leaving the pool, which terminates the workers, without their tracebacks).
    # The workers are started with SIGINT ignored, which a new Python process keeps, so that
    # not even one still importing can be interrupted.
    context = multiprocessing.get_context("spawn")
    with _interrupts_ignored():
        pool = context.Pool(workers)
    with pool:
        yield from pool.imap(
            functools.partial(_run_one, task),
            enumerate(items),
            chunksize=_chunk_size(len(items), workers, chunk),
        )


@contextlib.contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """Ignore SIGINT in this process while the block runs (from the main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


#: Seconds ``ray.wait`` waits at most before a pending Ctrl-C is looked at.
_POLL = 0.2


def _import_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError as error:
        raise MissingExtra("ray", f"Ray is not installed ({error})") from None


def _on_ray(
    ray: Any,
    task: Callable[[_T], _R],
    items: Sequence[_T],
    where: Ray,
    workers: int | None,
    chunk: int | None,
) -> Iterator[_R]:
    # A KeyboardInterrupt raised inside Ray's compiled core (in ``ray.init``, ``ray.wait`` or
    # ``ray.get``) can leave its task manager inconsistent, which then aborts the process: Ray
    # is only ever interrupted between its calls.
    with deferred_interrupts():
        started = False
        if not ray.is_initialized():
            # Ray's warnings (token authentication enabled by default on a new local Ray) would
            # come before the command's own output on every run; its errors still show.
            options: dict[str, Any] = {
                "include_dashboard": False,
                "logging_level": logging.ERROR,
            }
            if where.address is None:
                options["num_cpus"] = workers or os.cpu_count() or 1
            try:
                ray.init(address=where.address, **options)
            except (ConnectionError, RuntimeError, ValueError) as error:
                place = "a local Ray" if where.address is None else f"Ray at {where.address!r}"
                hint = ""
                if where.address not in (None, "auto") and "RAY_AUTH_MODE" not in os.environ:
                    hint = " (a cluster with token authentication needs RAY_AUTH_MODE=token)"
                raise FanOutError(place, f"cannot start or reach it: {error}{hint}") from None
            started = True
        try:
            check_interrupt()
            parallel = int(ray.cluster_resources().get("CPU", 1))
            yield from _ray_results(
                ray, task, items, _chunk_size(len(items), parallel, chunk), parallel
            )
        finally:
            if started:
                ray.shutdown()


def _ray_results(
    ray: Any,
    task: Callable[[_T], _R],
    items: Sequence[_T],
    size: int,
    parallel: int,
) -> Iterator[_R]:
    """Submit chunks of ``size`` items, at most ``2 * parallel`` ahead of the first chunk not
    yet yielded; yield each chunk's results once, in order. A Ctrl-C held back by the caller's
    :class:`~sintra_rules.interrupts.deferred_interrupts` block is raised between Ray's calls,
    at most :data:`_POLL` seconds after it was pressed."""
    remote = ray.remote(max_retries=MAX_RETRIES, retry_exceptions=False)(_run_chunk)
    starts = range(0, len(items), size)
    window = 2 * max(parallel, 1)
    pending: dict[Any, int] = {}  # object ref -> chunk number
    finished: dict[int, list[_R]] = {}
    submitted = yielded = 0
    try:
        while yielded < len(starts):
            while submitted < len(starts) and submitted - yielded < window:
                first = starts[submitted]
                ref = remote.remote(task, first, list(items[first : first + size]))
                pending[ref] = submitted
                submitted += 1
            check_interrupt()
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=_POLL)
            for ref in ready:
                number = pending.pop(ref)
                finished[number] = _ray_get(ray, ref, starts[number], size, len(items))
            check_interrupt()
            while yielded in finished:
                yield from finished.pop(yielded)
                yielded += 1
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)


def _ray_get(ray: Any, ref: Any, first: int, size: int, total: int) -> list[Any]:
    try:
        result: list[Any] = ray.get(ref)
    except ray.exceptions.RayTaskError as error:
        cause = getattr(error, "cause", None)
        if isinstance(cause, FanOutError):
            raise cause from cause.__cause__
        raise FanOutError(f"items {first}-{min(first + size, total) - 1}", str(error)) from None
    except ray.exceptions.RayError as error:
        last = min(first + size, total) - 1
        raise FanOutError(
            f"items {first}-{last}",
            f"{type(error).__name__} after {MAX_RETRIES} retries: {str(error).splitlines()[0]}",
        ) from None
    return result


#: The most worker processes per core :func:`capped_workers` allows.
PER_CORE = 2


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def capped_workers(
    workers: int | None, items: int, ray: Ray | None = None, cores: int | None = None
) -> tuple[int | None, str | None]:
    """The worker count to use for ``items`` work items when ``workers`` were asked for: at most
    one per item and at most :data:`PER_CORE` per core (more processes than that only share the
    same cores). A running Ray cluster (``ray`` with an address) decides its own parallelism,
    so ``workers`` is left alone then.

    Args:
        workers: the count asked for (``None``: the default).
        items: how many work items there are.
        ray: the Ray backend, if any.
        cores: the cores of this machine (default: those this process may run on).

    Returns:
        The count, and one line saying why it was lowered (``None`` when it was not).

    >>> capped_workers(8, 3, cores=16)
    (3, '--workers 8 lowered to 3: one per game')
    >>> capped_workers(64, 1000, cores=2)
    (4, '--workers 64 lowered to 4: at most 2 per core on 2 cores')
    >>> capped_workers(2, 1000, cores=2), capped_workers(None, 5, cores=2)
    ((2, None), (None, None))
    """
    if workers is None or items == 0 or (ray is not None and ray.address is not None):
        return workers, None
    cores = _cores() if cores is None else cores
    by_cores = PER_CORE * max(cores, 1)
    if workers > by_cores and by_cores <= items:
        return by_cores, (
            f"--workers {workers} lowered to {by_cores}: at most {PER_CORE} per core on "
            f"{plural(cores, 'core')}"
        )
    if workers > items:
        return items, f"--workers {workers} lowered to {items}: one per game"
    return workers, None


def add_fan_out_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--workers K`` and ``--ray [ADDRESS]`` to a command that fans out its work.

    Args:
        parser: the command's parser.
    """
    parser.add_argument(
        "--workers",
        type=whole_number(1),
        default=None,
        metavar="K",
        help="processes to play in (default 1), lowered to one per game and to "
        f"{PER_CORE} per core; with --ray, the CPUs of the local Ray (default every core)",
    )
    parser.add_argument(
        "--ray",
        nargs="?",
        const="",
        default=None,
        metavar="ADDRESS",
        help="play on Ray (pip install 'sintra-rules[ray]'): without ADDRESS a local Ray "
        "started for this run; auto, ray://HOST:PORT or HOST:PORT a running cluster",
    )


def ray_from_args(args: argparse.Namespace) -> Ray | None:
    """The :class:`Ray` asked for by ``--ray`` (``None`` without it).

    Args:
        args: parsed arguments with a ``ray`` attribute.

    Returns:
        The Ray backend, or ``None``.

    Raises:
        InvalidArgument: a malformed address.
        MissingExtra: Ray is not installed (so that a command fails before any work).
    """
    text: str | None = args.ray
    if text is None:
        return None
    ray = Ray(text)
    _import_ray()
    return ray
