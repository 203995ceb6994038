"""The fan-out (ENG-51): results in item order on every backend, the same results in this
process, in local processes and on a local Ray with two workers; a worker killed mid-run is
retried with nothing lost or counted twice; a task's exception is reported, not retried; Ray
missing or a bad address is one clean line.

The Ray tests share one local Ray (two CPUs) started once for this module; they run in one
pytest-xdist group (``--dist loadgroup`` in the pytest options), so that a run never starts
two Ray clusters at once on a small machine.
"""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
import ray as ray_module

from sintra_rules import InvalidArgument
from sintra_rules.arena import run_arena
from sintra_rules.cli import main
from sintra_rules.distributed import MAX_RETRIES, Ray, fan_out, parse_ray_address
from sintra_rules.errors import FanOutError, MissingExtra
from sintra_rules.games.sintra.verify.soak import game_plan, play_checked, run_soak
from tests.test_newcomer import _interrupt

pytestmark = pytest.mark.xdist_group("ray")


# --- tasks (top-level functions: the workers import them by name) ----------------------------


def square(n: int) -> int:
    return n * n


def fail_on_three(n: int) -> int:
    if n == 3:
        raise ZeroDivisionError("three")
    return n


def count_then_fail(item: tuple[int, str]) -> int:
    """Write one line per attempt to the file ``item[1]``, then fail on item 2."""
    index, log = item
    with open(log, "a", encoding="utf-8") as handle:
        handle.write(f"{index}\n")
    if index == 2:
        raise ValueError("a real failure")
    return index


def die_once(item: tuple[int, str, str]) -> tuple[int, object]:
    """Play soak game ``index``; the first attempt at game 5 kills its own worker process (no
    exception, no cleanup: as a machine that dies would), marked by the file ``marker``. Every
    attempt is logged with its process id in the file ``log``."""
    index, marker, log = item
    with open(log, "a", encoding="utf-8") as handle:
        handle.write(f"{index} {os.getpid()}\n")
    if index == 5 and not os.path.exists(marker):
        Path(marker).write_text(str(os.getpid()), "utf-8")
        os._exit(1)
    return index, play_checked(game_plan(index, seed=3))


# --- every backend ---------------------------------------------------------------------------


@pytest.mark.parametrize("workers", [1, 2])
def test_results_come_in_item_order(workers: int) -> None:
    assert list(fan_out(square, range(40), workers=workers, chunk=3)) == [n * n for n in range(40)]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_task_exception_names_its_item(workers: int) -> None:
    with pytest.raises(FanOutError, match=r"^item 3: ZeroDivisionError: three$") as caught:
        list(fan_out(fail_on_three, range(6), workers=workers))
    if workers == 1:  # the task's own exception, in this process
        assert isinstance(caught.value.__cause__, ZeroDivisionError)


def test_bad_arguments() -> None:
    with pytest.raises(InvalidArgument, match="workers: must be a whole number >= 1, got 0"):
        fan_out(square, [1], workers=0)
    with pytest.raises(InvalidArgument, match="chunk"):
        fan_out(square, [1], chunk=0)
    for good in ("auto", "ray://head:10001", "10.0.0.5:6379", None, ""):
        assert parse_ray_address(good) == (good or None)
    for bad in ("greedy", "ray://head", "http://head:1", "host:port", "a b:1"):
        with pytest.raises(InvalidArgument, match="ray address"):
            Ray(bad)


def test_ray_missing_is_a_clean_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without Ray installed, asking for it names the extra to install; the command line says
    so in one line, exit 2, before any game is played."""
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(MissingExtra, match=r"pip install 'sintra-rules\[ray\]'"):
        fan_out(square, [1, 2], ray=Ray())
    for argv in (
        ["soak", "--games", "2", "--ray"],
        ["arena", "greedy", "random", "--games", "2", "--ray"],
    ):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert err.count("\n") == 1
        assert err.startswith(f"sintra {argv[0]}: error: Ray is not installed")
        assert err.endswith("pip install 'sintra-rules[ray]'\n")


def test_a_bad_address_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["soak", "--games", "2", "--ray", "nowhere"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "sintra soak: error: ray address: expected auto, ray://HOST:PORT or HOST:PORT, "
        "got 'nowhere'\n"
    )


# --- on a local Ray with two workers ---------------------------------------------------------


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="process groups read on /proc")
def test_ctrl_c_during_a_soak_on_ray_stops_cleanly() -> None:
    """Ctrl-C during ``soak --ray --workers 2``: exit 130, one line saying how far it got, no
    traceback, and no process of the local Ray left behind. (Before the module's shared Ray is
    started, so that two clusters never run at once.)"""
    code, out, err, alive = _interrupt(
        ["soak", "--games", "100000", "--ray", "--workers", "2"], started="soak: "
    )
    assert code == 130
    assert out == ""
    assert re.fullmatch(r"sintra soak: interrupted \(soak: [\d,]+ of 100,000 games done\)\n", err)
    assert alive == []


def test_soak_on_a_local_ray_prints_only_its_report() -> None:
    """``sintra soak --ray`` starts its own Ray: standard error stays empty (no Ray warning
    before the report) and the report is the one of a run in this process. (Before the
    module's shared Ray is started, so that two clusters never run at once.)"""
    command = [sys.executable, "-m", "sintra_rules", "soak", "--games", "6", "--quiet"]
    local = subprocess.run(command, capture_output=True, text=True, timeout=240, check=False)
    on_ray = subprocess.run(
        [*command, "--ray", "--workers", "2"],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert (local.returncode, local.stderr) == (0, "")
    assert (on_ray.returncode, on_ray.stderr) == (0, "")
    assert on_ray.stdout == local.stdout


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One local Ray with two CPUs for the tests below; fan_out uses it and leaves it open."""
    ray_module.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    try:
        yield
    finally:
        ray_module.shutdown()


def test_ray_gives_the_local_results(local_ray: None) -> None:
    assert list(fan_out(square, range(50), ray=Ray(), chunk=4)) == [n * n for n in range(50)]
    assert run_soak(14, seed=5, ray=Ray()) == run_soak(14, seed=5)
    specs = ["greedy", "random", "random"]
    local, on_ray = run_arena(specs, games=6, seed=2), run_arena(specs, games=6, seed=2, ray=Ray())
    untimed = [attrs.evolve(row, seconds_per_move=0.0) for row in local.rows]  # times aside
    assert untimed == [attrs.evolve(row, seconds_per_move=0.0) for row in on_ray.rows]
    assert attrs.evolve(local, rows=()) == attrs.evolve(on_ray, rows=())
    assert ray_module.is_initialized()  # a Ray started by the caller is left to the caller


def test_the_soak_command_prints_the_same_report_on_ray(
    local_ray: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["soak", "--games", "12", "--seed", "4", "--quiet"]) == 0
    local = capsys.readouterr().out
    assert main(["soak", "--games", "12", "--seed", "4", "--quiet", "--ray"]) == 0
    assert capsys.readouterr().out == local


def test_a_killed_worker_is_retried_nothing_lost_or_counted_twice(
    local_ray: None, tmp_path: Path
) -> None:
    """Game 5's first attempt kills its worker process mid-run. Ray runs that chunk again in a
    new worker; the run's results equal the local run's, every game exactly once, in order."""
    marker, log = str(tmp_path / "died"), str(tmp_path / "attempts")
    items = [(index, marker, log) for index in range(12)]
    results = list(fan_out(die_once, items, ray=Ray(), chunk=2))
    assert [index for index, _ in results] == list(range(12))
    assert [result for _, result in results] == [
        play_checked(game_plan(i, seed=3)) for i in range(12)
    ]
    dead = Path(marker).read_text("utf-8")  # the worker that died
    attempts = [line.split() for line in Path(log).read_text("utf-8").splitlines()]
    fives = [pid for index, pid in attempts if index == "5"]
    assert len(fives) == 2 and fives[0] == dead and fives[1] != dead  # retried elsewhere
    assert sorted(int(index) for index, _ in attempts) == sorted([*range(12), 4, 5])
    assert MAX_RETRIES >= 1


def test_a_task_exception_is_not_retried_on_ray(local_ray: None, tmp_path: Path) -> None:
    log = str(tmp_path / "attempts")
    with pytest.raises(FanOutError, match=r"^item 2: ValueError: a real failure$"):
        list(fan_out(count_then_fail, [(i, log) for i in range(4)], ray=Ray(), chunk=1))
    lines = Path(log).read_text("utf-8").splitlines()
    assert lines.count("2") == 1  # tried once: an exception is a result, not a crash


def test_selfplay_writes_the_same_bytes_on_ray(local_ray: None, tmp_path: Path) -> None:
    """ENG-52 on Ray: the file written on Ray is byte for byte the local one."""
    files = {name: tmp_path / f"{name}.jsonl" for name in ("local", "ray")}
    common = ["selfplay", "--games", "3", "--simulations", "5", "--seed", "7", "--quiet"]
    assert main([*common, "--out", str(files["local"])]) == 0
    assert main([*common, "--out", str(files["ray"]), "--ray"]) == 0
    assert files["ray"].read_bytes() == files["local"].read_bytes()
    assert files["local"].read_bytes().count(b"\n") > 3 * 40  # three whole games
