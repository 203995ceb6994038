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

import pytest

from tests.test_kernel import _load_build
from tests.test_newcomer import _group_members, _read_until

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="process groups read on /proc"
)


@pytest.fixture(scope="module")
def compiled_env() -> dict[str, str]:
    """The environment of a command that must run the compiled kernel."""
    _load_build().build_cached(ROOT)
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
