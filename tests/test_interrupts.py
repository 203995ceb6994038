"""Ctrl-C is safe everywhere, the compiled kernel included (issue 25, point 1).

A :class:`KeyboardInterrupt` raised inside mypyc-compiled code aborts the process (mypyc's
runtime prints ``fatal: out of memory`` and calls ``abort``: exit -6 here, 134 in a shell).
:mod:`sintra_rules.interrupts` holds the press back while such code runs and raises it between
games, searches or plies. These tests drive the real ``sintra`` command on the **compiled**
kernel (``SINTRA_KERNEL=compiled``, which fails at import when there is no compiled build; the
module fixture builds it, as ``tests/test_kernel.py`` does) with standard error on a terminal,
press Ctrl-C at varied moments after the work is under way, and expect exit 130 and the one
line every time.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.test_kernel import _build_compiled
from tests.test_newcomer import _group_members, _read_until

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="process groups read on /proc"
)


@pytest.fixture(scope="module")
def compiled_env() -> dict[str, str]:
    """The environment of a command that must run the compiled kernel."""
    _build_compiled()
    return {**os.environ, "SINTRA_KERNEL": "compiled", "PYTHONPATH": str(ROOT)}


def _press(
    args: list[str], env: dict[str, str], started: str, delay: float, *, stdout: bool = False
) -> tuple[int, str]:
    """Start ``sintra ARGS`` in a process group of its own with standard error (and, with
    ``stdout``, standard output) on a terminal, wait until the terminal shows ``started`` (the
    work is under way) and ``delay`` seconds more, press Ctrl-C (SIGINT to the group, as a
    terminal does); return the exit code and the last line the terminal showed."""
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "sintra_rules", *args],
        stdout=slave if stdout else subprocess.DEVNULL,
        stderr=slave,
        text=True,
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    try:
        shown = _read_until(master, lambda text: started in text, 120)
        assert started in shown, f"{args}: nothing under way within 120 s: {shown!r}"
        time.sleep(delay)
        assert proc.poll() is None, f"{args}: ended before it could be interrupted"
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=120)
        shown += _read_until(master, lambda text: False, 1)
        deadline = time.monotonic() + 10
        while _group_members(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _group_members(proc.pid) == [], f"{args}: processes left behind"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        os.close(master)
    last = shown.replace("\r\n", "\n").rsplit("\r", 1)[-1].strip().rsplit("\n", 1)[-1]
    return proc.returncode, last


#: Seconds waited after the work is under way: spread over a few games.
DELAYS = [0.013 * k for k in range(10)]


def test_ctrl_c_during_compiled_selfplay_exits_130_every_time(
    compiled_env: dict[str, str], tmp_path: Path
) -> None:
    """Ctrl-C at ten moments of ``selfplay`` (searches in the compiled kernel): 130 each
    time, with the one line saying how many games were written."""
    runs = []
    for delay in DELAYS:
        out = tmp_path / "run.jsonl"
        args = ["selfplay", "--games", "5000", "--simulations", "64", "--out", str(out)]
        runs.append(_press(args, compiled_env, "selfplay: 1 of", delay))
    codes = [code for code, _ in runs]
    assert codes == [130] * len(DELAYS), f"exit codes {codes}: {runs}"
    for _, last in runs:
        assert re.fullmatch(
            r"sintra selfplay: interrupted \(selfplay: [\d,]+ of 5,000 games done; [^()]+\)", last
        ), last


def test_ctrl_c_during_compiled_soak_exits_130_every_time(compiled_env: dict[str, str]) -> None:
    """Ctrl-C at ten moments of ``soak`` (games in the compiled kernel): 130 each time."""
    runs = []
    for delay in DELAYS:
        args = ["soak", "--games", "100000", "--check-every", "1000"]
        runs.append(_press(args, compiled_env, "soak: 1", delay))
    codes = [code for code, _ in runs]
    assert codes == [130] * len(DELAYS), f"exit codes {codes}: {runs}"
    for _, last in runs:
        assert re.fullmatch(
            r"sintra soak: interrupted \(soak: [\d,]+ of 100,000 games done\)", last
        ), last


def test_ctrl_c_during_the_compiled_bench_exits_130(compiled_env: dict[str, str]) -> None:
    """Ctrl-C at three moments of ``bench``'s kernel figures (compiled playouts and searches,
    after the reference figures end with the state size target): 130 each time, one line."""
    runs = []
    for delay in (0.3, 1.1, 2.0):
        args = ["bench", "--seconds", "0.4"]
        runs.append(_press(args, compiled_env, "< 4096 bytes", delay, stdout=True))
    codes = [code for code, _ in runs]
    assert codes == [130] * 3, f"exit codes {codes}: {runs}"
    for _, last in runs:
        assert re.fullmatch(r"sintra bench: interrupted \(bench: [\d,]+ of \d+ rounds done\)", last)


def test_ctrl_c_during_selfplay_with_workers_exits_130(
    compiled_env: dict[str, str], tmp_path: Path
) -> None:
    """Ctrl-C during ``selfplay --workers 2``: 130, the one line, no worker left behind."""
    args = ["selfplay", "--games", "5000", "--simulations", "64", "--out", str(tmp_path / "w")]
    code, last = _press([*args, "--workers", "2"], compiled_env, "selfplay: 1 of", 0.05)
    assert (code, last) == (130, last)
    assert re.fullmatch(
        r"sintra selfplay: interrupted \(selfplay: [\d,]+ of 5,000 games done; [^()]+\)", last
    )


def test_ctrl_c_during_an_arena_exits_130(compiled_env: dict[str, str]) -> None:
    """Ctrl-C during ``arena`` (agents deciding in this process): 130, the one line."""
    args = ["arena", "greedy", "mcts:sims=20", "--games", "1000"]
    code, last = _press(args, compiled_env, "arena: 1 of", 0.05)
    assert code == 130
    assert re.fullmatch(r"sintra arena: interrupted \(arena: [\d,]+ of 1,000 games done\)", last)


def test_a_press_pending_while_the_handler_goes_back_is_delivered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A press still pending when a block ends is delivered, not lost.

    CPython runs a pending signal's handler inside ``signal.signal`` itself, before the change
    (``signal_signal_impl``: "Check for pending signals before changing signal handler"), so
    a press that arrived while compiled code ran (which does not run handlers) may be noted
    only while the block puts the handler back. Here ``signal.signal`` does the same with a
    press made pending in the block.
    """
    import signal as stdlib_signal

    from sintra_rules.interrupts import deferred_interrupts

    real = stdlib_signal.signal
    pending: list[int] = []

    def signal_running_pending_handlers(signum: int, handler: Any) -> Any:
        current = stdlib_signal.getsignal(signum)
        while pending and callable(current):
            current(pending.pop(), None)
        return real(signum, handler)

    monkeypatch.setattr(stdlib_signal, "signal", signal_running_pending_handlers)
    with pytest.raises(KeyboardInterrupt), deferred_interrupts():
        pending.append(stdlib_signal.SIGINT)
    assert pending == []
    assert stdlib_signal.getsignal(stdlib_signal.SIGINT) is stdlib_signal.default_int_handler


#: A process running short blocks, one after another: on the pipe whose descriptor is its first
#: argument it writes ``ready``, then one line for every KeyboardInterrupt it catches:
#: ``inside`` when the interrupt was raised in a block's body (which must never happen),
#: ``outside`` otherwise. Each line is written inside the ``try``: the next press, sent once
#: the line is read, may arrive as soon as the line is written.
_BLOCKS = """
import os, sys, traceback
from sintra_rules.interrupts import deferred_interrupts
out = os.fdopen(int(sys.argv[1]), "w", buffering=1)
report = "ready"
while True:
    try:
        out.write(report + "\\n")
        while True:
            with deferred_interrupts():
                total = sum(range(2000))  # BODY
    except KeyboardInterrupt as interrupt:
        lines = [frame.line for frame in traceback.extract_tb(interrupt.__traceback__)]
        report = "inside" if any("# BODY" in (line or "") for line in lines) else "outside"
"""


def test_every_press_at_any_moment_of_short_blocks_is_delivered_between_blocks() -> None:
    """Ctrl-C pressed 1,000 times at random moments of a loop of short blocks (so many presses
    fall while a block is entered or left): each is delivered once, none inside a block."""
    import random
    import select

    read, write = os.pipe()
    proc = subprocess.Popen(
        [sys.executable, "-c", _BLOCKS, str(write)],
        pass_fds=(write,),
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    os.close(write)
    answers: list[str] = []
    buffered = b""

    def answer(timeout: float) -> str | None:
        nonlocal buffered
        deadline = time.monotonic() + timeout
        while b"\n" not in buffered:
            ready, _, _ = select.select([read], [], [], max(deadline - time.monotonic(), 0))
            if not ready:
                return None
            more = os.read(read, 4096)
            if not more:  # the process ended
                return None
            buffered += more
        line, buffered = buffered.split(b"\n", 1)
        return line.decode()

    chance = random.Random(25)
    try:
        assert answer(60) == "ready"
        for _ in range(1000):
            time.sleep(chance.random() * 0.001)
            proc.send_signal(signal.SIGINT)
            answers.append(answer(20) or "lost")
            if answers[-1] == "lost":
                break
    finally:
        proc.kill()
        proc.wait()
        os.close(read)
    assert answers.count("outside") == 1000, {
        kind: answers.count(kind) for kind in ("outside", "inside", "lost")
    }
