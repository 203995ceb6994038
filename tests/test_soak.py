"""The soak on the kernel (ENG-50): every game played on the kernel with its own checks, every
K-th also on the reference engine with the kernel cross-checked ply by ply.

Expected figures come from the reference soak (``check_every=1``, every game on the reference
engine and its independent invariants), never from the kernel alone. The broken kernels are the
interpreted kernel with one function replaced (monkeypatched), so that the soak's checks are
shown to catch a kernel that goes wrong.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from types import ModuleType

import attrs
import pytest

from sintra_rules import InvalidArgument
from sintra_rules.cli import main
from sintra_rules.games.sintra import kernel
from sintra_rules.games.sintra.verify.soak import (
    CHECK_EVERY,
    GamePlan,
    game_plan,
    play_checked,
    run_soak,
)


def test_kernel_games_see_what_the_reference_games_see() -> None:
    """ENG-50: a soak on the kernel (every 7th game also on the reference) plays the games of
    the reference soak and counts the same plies, track wraps (TRACK-03), tower pours (END-04)
    and partial refills (END-05)."""
    fast = run_soak(24, seed=5)
    full = run_soak(24, seed=5, check_every=1)
    assert fast.failures == full.failures == ()
    assert (fast.checked, fast.check_every, full.checked) == (4, CHECK_EVERY, 24)
    figures = ("plies", "wraps", "refills", "partial_fills")
    assert [getattr(fast, f) for f in figures] == [getattr(full, f) for f in figures]
    assert full.refills > 0 and full.partial_fills > 0 and full.wraps > 0


def test_the_default_sample_checks_every_combination() -> None:
    """Every 7th game (7 is prime to the 6 configurations x 2 policies) reaches each
    configuration and policy on the reference engine within 84 games."""
    plans = [game_plan(i, 0, CHECK_EVERY) for i in range(12 * CHECK_EVERY)]
    checked = {(p.num_players, p.side, p.policy) for p in plans if p.reference}
    assert len(checked) == 12
    assert sum(p.reference for p in plans) == 12


@pytest.fixture
def interpreted(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The interpreted kernel, made the one the soak uses (its functions may then be
    replaced by the test)."""
    module = kernel.load_core("interpreted")
    monkeypatch.setattr(kernel, "core", module)
    return module


def test_a_kernel_scoring_wrongly_is_caught_by_the_cross_check(
    interpreted: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ENG-50: a kernel whose final scoring gives a point too many passes its own checks (they
    do not score), and the cross-check of game 0 catches it at the last ply, naming the
    diverging event (FINAL-01) and the game's reproducer."""
    right = interpreted.final_parts

    def one_too_many(k: object, p: int) -> tuple[int, int, int]:
        leftovers, track, bonus = right(k, p)
        return leftovers, track, bonus + 1

    monkeypatch.setattr(interpreted, "final_parts", one_too_many)
    report = run_soak(7, seed=1)
    assert report.kernel == "interpreted"
    (failure,) = report.failures
    assert failure.plan == game_plan(0, 1, CHECK_EVERY)
    assert failure.ply == play_checked(GamePlan(2, "A", 1 << 32, "uniform", False)).plies
    assert "the kernel (interpreted) diverges from the reference engine: event" in str(failure)
    assert "FinalScored" in failure.message
    assert "reproduce: play_checked(GamePlan(2, 'A', 4294967296, 'uniform'))" in str(failure)


def test_a_kernel_losing_pieces_is_caught_in_every_game(
    interpreted: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ENG-50, COMP-01: a kernel that drops the first piece a take sends to the centre fails
    its own piece count in the games played on the kernel alone, and the cross-check in the
    reference games."""
    right = interpreted._take_display

    def dropping(k: object, p: int, src: int, colour: int) -> int:
        count: int = right(k, p, src, colour)
        centre: list[int] = k.centre  # type: ignore[attr-defined]
        for c, n in enumerate(centre):
            if n:
                centre[c] -= 1
                break
        return count

    monkeypatch.setattr(interpreted, "_take_display", dropping)
    report = run_soak(8, seed=2)
    assert len(report.failures) == 8
    for failure in report.failures:
        if failure.plan.reference:
            assert "diverges from the reference engine" in failure.message
        else:
            assert failure.message.startswith("kernel (interpreted): pieces_conserved")
            assert failure.action.startswith("action id ")


def test_a_component_table_reaches_kernel_and_reference(tmp_path: Path) -> None:
    """FIG-01, FIG-08, ENG-50: with a component table file (a shorter broken glass track), the
    soak plays kernel and reference games on its figures (the cross-check holds) and names the
    file in its reproducers; the track wraps more often than with the shipped table."""
    text = (
        resources.files("sintra_rules.games.sintra")
        .joinpath("data/components.toml")
        .read_text("utf-8")
    )
    short = text.replace(
        "value = [0, -1, -2, -4, -6, -8, -11, -14, -18]", "value = [0, -1, -2, -4, -8, -18]"
    )
    assert short != text
    path = tmp_path / "mine.toml"
    path.write_text(short, encoding="utf-8")
    mine = run_soak(12, seed=4, check_every=3, components=str(path))
    assert mine.failures == ()
    shipped = run_soak(12, seed=4, check_every=3)
    assert mine.wraps > shipped.wraps
    assert f"components={str(path)!r}" in game_plan(0, 4, 3, str(path)).reproducer()


def test_cli_soak_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``sintra soak``: ``--check-every K`` and ``--reference`` choose the reference games,
    ``--components FILE`` the table; a bad file is one clean line and exit 2."""
    assert main(["soak", "--games", "3", "--seed", "1", "--quiet", "--check-every", "2"]) == 0
    assert capsys.readouterr().out == run_soak(3, 1, check_every=2).summary() + "\n"
    assert main(["soak", "--games", "2", "--quiet", "--reference"]) == 0
    assert "every game also on the reference engine" in capsys.readouterr().out
    path = tmp_path / "table.toml"
    path.write_text(
        resources.files("sintra_rules.games.sintra")
        .joinpath("data/components.toml")
        .read_text("utf-8"),
        encoding="utf-8",
    )
    assert main(["soak", "--games", "2", "--quiet", "--components", str(path)]) == 0
    assert capsys.readouterr().out == run_soak(2, 0, components=str(path)).summary() + "\n"
    assert main(["soak", "--games", "2", "--components", str(tmp_path / "none.toml")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "none.toml" in err


def test_kernel_only_game_reports_its_counts() -> None:
    """A game played on the kernel alone counts its plies and rare events as the same game on
    the reference engine does."""
    for index in range(12):
        plan = game_plan(index, 9)
        alone = play_checked(attrs.evolve(plan, reference=False))
        both = play_checked(plan)
        assert both.failures == alone.failures == ()
        assert (alone.plies, alone.wraps, alone.refills, alone.partial_fills) == (
            both.plies,
            both.wraps,
            both.refills,
            both.partial_fills,
        )


def test_check_every_below_one_is_refused() -> None:
    """``check_every`` names the field and the bound."""
    with pytest.raises(InvalidArgument, match="check_every"):
        run_soak(1, check_every=0)
