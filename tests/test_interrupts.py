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
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
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
    command = [sys.executable, "-m", "sintra_rules", *args]
    code, shown = _press_command(command, env, started, delay, stdout=stdout)
    return code, _last_line(shown)


def _press_command(
    command: list[str],
    env: dict[str, str],
    started: str,
    delay: float,
    *,
    stdout: bool = False,
    wait: float = 120,
) -> tuple[int, str]:
    """:func:`_press` for any ``command``, waiting at most ``wait`` seconds for it to end after
    the press; return the exit code and everything the terminal showed."""
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        command,
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
        assert started in shown, f"{command}: nothing under way within 120 s: {shown!r}"
        time.sleep(delay)
        assert proc.poll() is None, f"{command}: ended before it could be interrupted"
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{command}: still running {wait} s after Ctrl-C")
        shown += _read_until(master, lambda text: False, 1)
        deadline = time.monotonic() + 10
        while _group_members(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _group_members(proc.pid) == [], f"{command}: processes left behind"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        os.close(master)
    return proc.returncode, shown.replace("\r\n", "\n")


def _last_line(shown: str) -> str:
    """The last line a terminal shows after ``shown`` (after the last carriage return: a
    progress line is erased by one)."""
    return shown.rsplit("\r", 1)[-1].strip().rsplit("\n", 1)[-1]


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


# --- python -m proofs (issue 30) ---------------------------------------------------------------
#
# Z3 used to take SIGINT for itself while a check ran and only cancel that check: the run went
# on and reported the check as failed (``unknown``), exit 1; a press between checks could be
# lost in a Z3 finaliser or become a ``ctypes.ArgumentError``; ``--jobs 2`` died with a
# traceback from concurrent.futures.

#: A process running one claim that takes Z3 far longer than a test may (12 pigeons in 11
#: holes), as :meth:`proofs.registry.Proof.run` runs a proof; on the pipe whose descriptor is
#: its first argument it writes ``checking``, then what became of the claim.
_CLAIM = """
import os, sys
import z3
from proofs.harness import Prover, interruptible_checks
from sintra_rules.interrupts import deferred_interrupts
out = os.fdopen(int(sys.argv[1]), "w", buffering=1)
pigeons = [[z3.Bool(f"p{i}_{j}") for j in range(11)] for i in range(12)]
premises = [z3.Or(*holes) for holes in pigeons]
premises += [
    z3.Or(z3.Not(pigeons[i][j]), z3.Not(pigeons[k][j]))
    for j in range(11) for i in range(12) for k in range(i + 1, 12)
]
prover = Prover()
try:
    with deferred_interrupts(), interruptible_checks():
        out.write("checking\\n")
        if sys.argv[2] == "witness":
            prover.witness("12 pigeons in 11 holes", premises, True)
        else:
            prover.claim("no 12 pigeons in 11 holes", premises, False, engine=sys.argv[2])
    out.write(f"ended: {[check.answer for check in prover.checks]}\\n")
except KeyboardInterrupt:
    out.write(f"interrupted: {len(prover.checks)} checks recorded\\n")
"""


class _Lines:
    """The lines a child process writes on a pipe, read with a time limit."""

    def __init__(self, read: int) -> None:
        self.read = read
        self.received = b""

    def next(self, timeout: float) -> str:
        """The next line, or ``nothing within ... s`` (also when the pipe closes)."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.received:
            wait = max(deadline - time.monotonic(), 0)
            ready, _, _ = select.select([self.read], [], [], wait)
            more = os.read(self.read, 4096) if ready else b""
            if not more:
                return f"nothing within {timeout} s"
            self.received += more
        line, self.received = self.received.split(b"\n", 1)
        return line.decode()


@contextlib.contextmanager
def _child(script: str, *args: str) -> Iterator[tuple[subprocess.Popen[bytes], _Lines]]:
    """Run ``script`` in a child process whose first argument is a pipe to write lines on."""
    read, write = os.pipe()
    proc = subprocess.Popen(
        [sys.executable, "-c", script, str(write), *args],
        pass_fds=(write,),
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    os.close(write)
    try:
        yield proc, _Lines(read)
    finally:
        proc.kill()
        proc.wait()
        os.close(read)


@pytest.mark.parametrize("engine", ["smt", "pb", "witness"])
def test_ctrl_c_stops_a_long_check_and_records_nothing(engine: str) -> None:
    """Ctrl-C during a check that would run for minutes (a claim on each solver, a witness on
    the optimiser): the check stops at once and raises KeyboardInterrupt; no check is recorded
    (the canceled check is not a failure)."""
    with _child(_CLAIM, engine) as (proc, lines):
        assert lines.next(60) == "checking"
        time.sleep(0.5)  # Z3 is inside the check
        proc.send_signal(signal.SIGINT)
        assert lines.next(30) == "interrupted: 0 checks recorded"
        assert proc.wait(timeout=30) == 0


#: A process running a proof that spends most of its time in Z3's Python code (building
#: terms, and finalisers freeing them), again and again: it writes ``ready`` as the proof
#: starts, then what became of it.
_PROOF = """
import contextlib, io, os, sys
from proofs.registry import PROOFS
proof = next(p for p in PROOFS if p.key == "sagrada-public-max")
out = os.fdopen(int(sys.argv[1]), "w", buffering=1)
while True:
    stderr = io.StringIO()
    try:
        with contextlib.redirect_stderr(stderr):
            out.write("ready\\n")
            proof.run()
        report = "ended"
    except KeyboardInterrupt:
        report = "interrupted"
    except Exception as error:
        report = f"{type(error).__name__}: {error}"
    if "Exception ignored" in stderr.getvalue():
        report += " (a press raised in a finaliser, and ignored)"
    out.write(report + "\\n")
"""


def test_every_press_during_a_proof_is_delivered() -> None:
    """Ctrl-C pressed 20 times at random moments of a proof's first second: each stops it.
    Raised inside Z3's Python code, a press was ignored in a finaliser or became a
    ``ctypes.ArgumentError`` (12 presses of 40 when the proof did not hold it back); a proof
    holds it back and raises it between checks."""
    import random

    chance = random.Random(30)
    answers: list[str] = []
    with _child(_PROOF) as (proc, lines):
        for _ in range(20):
            assert lines.next(60) == "ready"
            time.sleep(chance.random())
            proc.send_signal(signal.SIGINT)
            answers.append(lines.next(60))
            if answers[-1] != "interrupted":
                break
    assert answers == ["interrupted"] * 20, f"{len(answers) - 1} delivered, then {answers[-1]}"


def _proofs_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def _press_proofs(args: list[str], delay: float) -> tuple[int, str]:
    """Ctrl-C ``delay`` seconds after ``python -m proofs ARGS`` starts its first proof, both
    outputs on a terminal; the exit code and what the terminal showed. A run that goes on
    after the press fails the test within 30 s."""
    command = [sys.executable, "-m", "proofs", *args]
    return _press_command(command, _proofs_env(), "proofs: 0 of", delay, stdout=True, wait=30)


def _assert_interrupted(code: int, shown: str, total: int) -> None:
    """Exit 130, one line saying how many proofs had finished, no traceback, nothing failed."""
    assert code == 130, shown
    assert re.fullmatch(
        rf"python -m proofs: interrupted \(proofs: \d+ of {total} done\)", _last_line(shown)
    ), shown
    for word in ("Traceback", "Exception ignored", "Error", "FAILED"):
        assert word not in shown, shown


def test_ctrl_c_during_the_proofs_in_one_process_exits_130() -> None:
    """Ctrl-C at four moments of ``python -m proofs --only sagrada-highest-score`` (checks
    that run for seconds, and the building of the models between them): 130 each time."""
    for delay in (0.1, 0.9, 2.3, 4.1):
        code, shown = _press_proofs(["--only", "sagrada-highest-score"], delay)
        _assert_interrupted(code, shown, 2)


def test_ctrl_c_during_a_selection_of_the_proofs_exits_130() -> None:
    """Ctrl-C during ``--only sagrada`` (short checks, mostly model building): 130."""
    for delay in (0.4, 1.7):
        code, shown = _press_proofs(["--only", "sagrada"], delay)
        _assert_interrupted(code, shown, 27)


def test_ctrl_c_during_the_proofs_with_jobs_exits_130() -> None:
    """Ctrl-C during ``--jobs 2``: 130, the one line, no worker left behind (checked by
    :func:`_press_command`), no traceback of a worker."""
    for delay in (0.3, 2.5):
        code, shown = _press_proofs(["--only", "sagrada", "--jobs", "2"], delay)
        _assert_interrupted(code, shown, 27)
