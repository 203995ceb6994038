"""Sagrada's soak on the compiled core (ENG-18): every game played on the core with its own
checks, every K-th also on the reference engine with the 17 invariants and the core
cross-checked ply by ply; ``sintra soak --game sagrada`` and ``sintra bench --game sagrada``.

Expected figures come from the generic soak on the reference engine (every game there, with the
invariants against the independent oracle), never from the core alone. The broken cores are the
interpreted core with one function replaced (monkeypatched), so that the soak's checks are shown
to catch a core that goes wrong.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from sintra_rules import InvalidArgument
from sintra_rules.cli import main
from sintra_rules.games.sagrada import GAME, kernel
from sintra_rules.games.sagrada.verify.soak import (
    CHECK_EVERY,
    GamePlan,
    game_plan,
    play_checked,
    run_soak,
)
from sintra_rules.verify import soak as generic
from tests.sagrada.test_kernel import ROOT, build_compiled
from tests.test_interrupts import DELAYS, _press
from tests.test_kernel import _build_compiled


def test_core_games_see_what_the_reference_games_see() -> None:
    """ENG-18: a soak on the core (every 7th game also on the reference) plays the games of the
    generic soak on the reference engine: the same decisions and the same counts of tools used,
    dice moved, dice returned, turns skipped and solo games won and lost; with every game
    cross-checked the same again."""
    fast = run_soak(32, seed=5)
    full = run_soak(32, seed=5, check_every=1)
    reference = generic.run_soak(32, seed=5, game=GAME)
    assert fast.failures == full.failures == ()
    assert reference.failures == ()
    assert (fast.checked, fast.check_every, full.checked) == (5, CHECK_EVERY, 32)
    assert fast.plies == full.plies == reference.plies
    assert dict(fast.counts) == dict(full.counts) == dict(reference.counts)
    assert sum(v for k, v in fast.counts if k.startswith("tool ")) > 100
    assert fast.invariants == GAME.invariants and len(fast.invariants) == 17


def test_the_default_sample_checks_every_combination() -> None:
    """Every 7th game (7 is prime to the 8 configurations x 2 policies) reaches each
    configuration and policy on the reference engine within 112 games."""
    plans = [game_plan(i, 0, CHECK_EVERY) for i in range(16 * CHECK_EVERY)]
    checked = {(p.num_players, p.options, p.policy) for p in plans if p.reference}
    assert len(checked) == 16
    assert sum(p.reference for p in plans) == 16


def test_plans_are_the_generic_soaks() -> None:
    """Game ``i`` of the core's soak is game ``i`` of the generic soak of Sagrada."""
    for index in range(20):
        mine, theirs = game_plan(index, 3), generic.soak_plan(index, 3, game=GAME)
        assert (mine.num_players, mine.options, mine.seed, mine.policy) == (
            theirs.num_players,
            theirs.options,
            theirs.seed,
            theirs.policy,
        )


def test_soak_refuses_bad_arguments() -> None:
    """Counts, seeds, workers and the sampling period out of range are refused at once."""
    for name, kwargs in (
        ("games", {"games": -1}),
        ("seed", {"games": 1, "seed": -1}),
        ("workers", {"games": 1, "workers": 0}),
        ("check_every", {"games": 1, "check_every": 0}),
    ):
        with pytest.raises(InvalidArgument, match=name):
            run_soak(**kwargs)  # type: ignore[arg-type]


@pytest.fixture
def interpreted(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The interpreted core, made the one the soak uses (its functions may then be replaced by
    the test)."""
    module = kernel.load_core("interpreted")
    monkeypatch.setattr(kernel, "core", module)
    return module


def test_a_core_scoring_wrongly_is_caught_by_the_cross_check(
    interpreted: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ENG-18, ENG-13, SCORE-02: a core whose private objectives score a point too many passes
    its own checks (they do not score) and plays every decision as the engine does; the
    cross-check of each reference game catches it at the end, naming the game's reproducer."""
    right = interpreted._private

    def one_too_many(k: object, p: int, card: int) -> int:
        found: int = right(k, p, card)
        return found + 1

    monkeypatch.setattr(interpreted, "_private", one_too_many)
    report = run_soak(15, seed=1)
    assert report.kernel == "interpreted"
    plans = [game_plan(i, 1, CHECK_EVERY) for i in range(15)]
    assert [failure.plan for failure in report.failures] == [p for p in plans if p.reference]
    for failure in report.failures:
        assert failure.message == (
            "the core (interpreted) diverges from the reference engine: the result differs"
        )
        assert failure.ply == play_checked(_core_only(failure.plan)).plies
        assert "reproduce: play_checked(GamePlan(" in str(failure)


def _core_only(plan: GamePlan) -> GamePlan:
    return GamePlan(plan.num_players, plan.options, plan.seed, plan.policy, False)


def test_a_core_losing_dice_is_caught_in_every_game(
    interpreted: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ENG-18, COMP-01: a core whose draft drops a die of the pool more than the one drafted
    fails its own dice count in the games played on the core alone, and the cross-check in the
    reference games, at the first draft."""
    right = interpreted._draft

    def dropping(k: object, d: int) -> None:
        right(k, d)
        pool: list[int] = k.pool  # type: ignore[attr-defined]
        if pool:
            pool.pop()

    monkeypatch.setattr(interpreted, "_draft", dropping)
    report = run_soak(8, seed=2)
    assert len(report.failures) == 8
    for failure in report.failures:
        if failure.plan.reference:
            assert "the core (interpreted) diverges from the reference engine" in failure.message
        else:
            assert failure.message.startswith("core (interpreted): dice_conserved")
            assert re.fullmatch(r"action id (2[4-9]|[3-4]\d|5[0-3])", failure.action)


def test_a_core_offering_a_wrong_tool_is_caught(
    interpreted: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ENG-18, RUL-20: a core that offers Grinding Stone whatever the flipped die's spaces
    (the rule before ruling D1) diverges from the engine's legal ids in the reference games."""
    right = interpreted._treats

    def lenient(k: object, number: int, d: int) -> bool:
        return True if number == 10 else bool(right(k, number, d))

    monkeypatch.setattr(interpreted, "_treats", lenient)
    report = run_soak(48, seed=4, check_every=1)
    assert report.failures
    assert all("legal ids" in f.message for f in report.failures)


# --------------------------------------------------------------------------- the command


def test_soak_command_runs_on_the_core(capsys: pytest.CaptureFixture[str]) -> None:
    """``sintra soak --game sagrada``: the report names the core that played and the games
    cross-checked on the reference engine."""
    assert main(["soak", "--game", "sagrada", "--games", "9", "--quiet"]) == 0
    out = capsys.readouterr().out
    name = "compiled" if kernel.COMPILED else "interpreted"
    assert out.startswith("soak: 9 games of Sagrada (seed 0; 1, 2, 3, 4 players x tools 1 to 5")
    assert f"every game on the core ({name})" in out
    assert "2 games (every 7th from game 0) also on the reference engine" in out
    assert "failures: 0" in out


def test_bench_json_reports_the_core_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """``sintra bench --game sagrada --json``: the core's ratio to python-chess (2 players, with
    its range), the same at every player count, the ratio to the reference engine and the bytes
    per state, beside the generic figures; figures are printed, not asserted."""
    assert main(["bench", "--game", "sagrada", "--seconds", "0.2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "sagrada"
    key = "compiled_playout_vs_chess" if kernel.COMPILED else "interpreted_playout_vs_chess"
    assert report[key] > 0
    low, high = report[f"{key}_range"]
    assert low <= report[key] <= high
    by_players = report["core_playout_vs_chess_by_players"]
    assert sorted(by_players) == ["1", "2", "3", "4"]
    assert by_players["2"][0] == report[key]
    assert report["core_playout_vs_reference"] > 0
    assert report["core_state_bytes"] > 0 and report["reference_state_bytes"] > 0
    assert set(report["core_plies_per_second"]) == {"1", "2", "3", "4"}
    assert report["core"] == ("compiled" if kernel.COMPILED else "interpreted")


# --------------------------------------------------------------------------- Ctrl-C


@pytest.fixture(scope="module")
def compiled_env() -> dict[str, str]:
    """The environment of a command that must run the compiled cores (both built here if
    needed)."""
    _build_compiled()
    build_compiled()
    return {**os.environ, "SINTRA_KERNEL": "compiled", "PYTHONPATH": str(ROOT)}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="process groups read on /proc")
def test_ctrl_c_during_the_compiled_soak_exits_130(compiled_env: dict[str, str]) -> None:
    """Ctrl-C at five moments of ``soak --game sagrada`` (games in the compiled core): 130 each
    time, with one line."""
    runs = []
    for delay in DELAYS[::2]:
        args = ["soak", "--game", "sagrada", "--games", "100000", "--check-every", "1000"]
        runs.append(_press(args, compiled_env, "soak: 1", delay))
    codes = [code for code, _ in runs]
    assert codes == [130] * len(runs), f"exit codes {codes}: {runs}"
    for _, last in runs:
        assert re.fullmatch(
            r"sintra soak: interrupted \(soak: [\d,]+ of 100,000 games done\)", last
        ), last


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="process groups read on /proc")
def test_ctrl_c_during_the_compiled_bench_exits_130(compiled_env: dict[str, str]) -> None:
    """Ctrl-C at three moments of ``bench --game sagrada``'s core figures (compiled playouts,
    after the reference figures end with the state size target): 130 each time, one line."""
    runs = []
    for delay in (0.3, 1.1, 2.0):
        args = ["bench", "--game", "sagrada", "--seconds", "0.4"]
        runs.append(_press(args, compiled_env, "< 4096 bytes", delay, stdout=True))
    codes = [code for code, _ in runs]
    assert codes == [130] * 3, f"exit codes {codes}: {runs}"
    for _, last in runs:
        assert re.fullmatch(r"sintra bench: interrupted \(bench: [\d,]+ of \d+ rounds done\)", last)


def test_budgets_out_of_range_are_refused_in_one_line() -> None:
    """The soak's and the benchmark's budgets out of range: one line, exit 2, before any
    game."""
    for args, message in (
        (["soak", "--game", "sagrada", "--games", "3", "--check-every", "0"], "--check-every"),
        (["soak", "--game", "sagrada", "--games", "-1"], "--games"),
        (["bench", "--game", "sagrada", "--seconds", "0"], "--seconds"),
        (["bench", "--game", "sagrada", "--seconds", "4000"], "--seconds"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "sintra_rules", *args],
            capture_output=True,
            text=True,
            check=False,
            cwd=ROOT,
        )
        assert done.returncode == 2, (args, done.stderr)
        assert done.stdout == ""
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and message in lines[0], done.stderr
