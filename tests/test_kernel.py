"""The kernel against the reference engine (ENG-50), interpreted and compiled.

Every test runs twice: on the kernel's Python source (``interpreted``) and on its mypyc build
(``compiled``), which the ``compiled`` fixture builds once per source version into
``build/kernel/`` (about a minute the first time; mypy, which brings mypyc, is a development
dependency, so the build is expected to work wherever the tests run). Expected values come from
the reference engine (:mod:`sintra_rules.games.sintra.rules`, :mod:`sintra_rules.rng`) and from the
stored golden playthroughs and perft counts, never from the kernel.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from sintra_rules import (
    ConfigurationError,
    Side,
    _kernels,
    action_from_text,
    apply_traced,
    determinize,
    new_game,
    state_digest,
    without_generator,
)
from sintra_rules.agents import playout, random_action
from sintra_rules.games import make
from sintra_rules.games.sintra import kernel
from sintra_rules.games.sintra.bounds import BOUNDS
from sintra_rules.games.sintra.encoding import action_to_id, legal_ids
from sintra_rules.games.sintra.verify.soak import Policy, game_plan, play_checked
from sintra_rules.rng import below, next_u64, seed_state
from sintra_rules.verify.bench import random_game
from sintra_rules.verify.perft import position_after

ROOT = Path(__file__).resolve().parents[1]
CONFIGS = [(players, side) for players in (2, 3, 4) for side in ("A", "B")]
RARE = {"END-04", "END-05", "TRACK-03", "RESET-01"}


def _build_compiled() -> Path:
    """Sintra's compiled kernel of this checkout, built into ``build/kernel/`` if needed."""
    return _kernels.build_cached(ROOT, Path("sintra_rules/games/sintra/kernel/core.py"))


@pytest.fixture(scope="session", params=["interpreted", "compiled"])
def core(request: pytest.FixtureRequest) -> ModuleType:
    """The kernel module: the Python source, or its mypyc build (built here if needed)."""
    if request.param == "compiled":
        _build_compiled()
        module = kernel.load_core("compiled")
        assert kernel.is_compiled(module), module
        return module
    module = kernel.load_core("interpreted")
    assert not kernel.is_compiled(module)
    return module


def tables(core: ModuleType) -> Any:
    return kernel.tables_for(None, core)


# --------------------------------------------------------------------------- the generator


@pytest.mark.parametrize("seed", [0, 1, 7, 2**32 - 1, 2**32, 2**63 + 12345, 2**64 - 1])
def test_generator_is_splitmix64(core: ModuleType, seed: int) -> None:
    """ENG-02 through ENG-50: the kernel's 32-bit-halves SplitMix64 gives the reference's
    64-bit outputs and rejection-sampled draws, bit for bit."""
    state = seed_state(seed)
    rng = core.Rng(state >> 32, state & 0xFFFFFFFF)
    for _ in range(50):
        state, value = next_u64(state)
        hi, lo = rng.next_u64()
        assert (hi << 32) | lo == value
        assert (rng.hi << 32) | rng.lo == state
    for n in (1, 2, 3, 5, 7, 74, 100, 184, 1000, 2**31 - 1):
        state, want = below(state, n)
        assert rng.below(n) == want
        assert (rng.hi << 32) | rng.lo == state


# --------------------------------------------------------------------------- setup, conversion


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize("seed", [0, 5, 2**40 + 3, 2**64 - 1])
def test_new_game_equals_reference(core: ModuleType, players: int, side: Side, seed: int) -> None:
    """ENG-50: a game dealt by the kernel from a seed is the reference's new game (SETUP-01 to
    SETUP-10), generator included; converting a position to the kernel and back changes
    nothing."""
    want = new_game(players, side=side, seed=seed)
    k = core.deal(tables(core), players, side == "B", seed >> 32, seed & 0xFFFFFFFF)
    assert kernel.from_kernel(k) == want
    assert kernel.from_kernel(kernel.to_kernel(want, core)) == want


def test_positions_the_kernel_refuses(core: ModuleType) -> None:
    """ENG-50: no pending chance step (ENG-07), and a generator is needed (ENG-08)."""
    with pytest.raises(ConfigurationError, match="ENG-07"):
        kernel.to_kernel(new_game(2, seed=1, sample=False), core)
    with pytest.raises(ConfigurationError, match="ENG-08"):
        kernel.to_kernel(without_generator(new_game(2, seed=1)), core)


# --------------------------------------------------------------------------- every ply


@pytest.mark.parametrize(("players", "side"), CONFIGS)
@pytest.mark.parametrize(("seed", "policy"), [(1, "uniform"), (2, "uniform"), (3, "placing")])
def test_every_ply_of_random_games(
    core: ModuleType, players: int, side: Side, seed: int, policy: Policy
) -> None:
    """ENG-50, ENG-40, ENG-05, ENG-30: at every ply of random games (uniform, and the soak's
    ``placing`` play, whose bag and tower run low), the kernel's legal ids are the reference's;
    the action's events, asked for, are the reference's (``apply_traced``); and after the
    action (refills drawn from the generator, END-03, and final scoring, FINAL-01, included)
    the position converted back equals the reference's in every field; the game ends with the
    same scores."""
    state = new_game(players, side=side, seed=seed)
    k = kernel.to_kernel(state, core)
    rng = seed_state(seed * 1000 + players)
    plies = 0
    while not state.is_over:
        ids = legal_ids(state)
        assert tuple(core.legal_ids(k)) == ids, f"ply {plies}"
        rng, action = random_action(state, rng, policy)
        state, events = apply_traced(state, action)
        assert kernel.step_traced(k, action_to_id(action), core) == events, f"ply {plies}"
        assert k.log == [] and not k.trace
        assert kernel.from_kernel(k) == state, f"ply {plies}"
        plies += 1
    assert k.is_over()
    assert list(core.legal_ids(k)) == []
    assert list(k.score) == [p.score for p in state.players]


def test_events_of_rare_steps(core: ModuleType) -> None:
    """ENG-40, ENG-50: the kernel reports the rare steps as the reference does: the tower
    poured into the bag (END-04), a refill short of pieces (END-05), a wrap of the broken glass
    track (TRACK-03) and a reset (RESET-01); found in the soak's ``placing`` games, every ply
    compared with ``apply_traced``."""
    seen: set[str] = set()
    for seed in range(6):
        state = new_game(4, side="AB"[seed % 2], seed=seed)  # type: ignore[arg-type]
        k = kernel.to_kernel(state, core)
        for ply in playout(state, seed, "placing"):
            _, events = apply_traced(ply.before, ply.action)
            assert kernel.step_traced(k, action_to_id(ply.action), core) == events
            for event in events:
                seen.update(c for c in event.clauses if c in RARE)
    assert seen == RARE


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_play_the_reference_games(core: ModuleType, players: int) -> None:
    """ENG-50: the kernel's own playout loop plays exactly the games of the reference
    benchmark's ``random_game`` (same deals, same choices): the same number of plies."""
    want = sum(random_game(players, {"side": "A" if g % 2 == 0 else "B"}, 40 + g) for g in range(4))
    assert kernel.random_games(players, 4, first_seed=40, module=core) == want


def test_copy_is_independent(core: ModuleType) -> None:
    """ENG-50: a copied kernel state is unchanged by steps on the original."""
    k = kernel.to_kernel(new_game(3, seed=9), core)
    before = kernel.from_kernel(k)
    twin = k.copy()
    core.random_playout(k, core.Rng(0, 1))
    assert kernel.from_kernel(twin) == before


# --------------------------------------------------------------------------- golden, perft


GOLDEN = sorted(
    p for p in (ROOT / "tests" / "golden").glob("*.json") if not p.name.startswith("sagrada-")
)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_playthroughs_through_the_kernel(core: ModuleType, path: Path) -> None:
    """ENG-50: every golden playthrough replayed in the kernel gives, after set-up and after
    every action, the position whose digest the golden file stores, and its final scores."""
    doc = json.loads(path.read_text("utf-8"))
    record = doc["record"]
    seed = record["seed"]
    k = core.deal(
        tables(core), record["players"], record["side"] == "B", seed >> 32, seed & 0xFFFFFFFF
    )
    digests = doc["digests"]
    assert state_digest(kernel.from_kernel(k)) == digests[0]
    for ply, text in enumerate(record["actions"], 1):
        action_id = action_to_id(action_from_text(text))
        assert action_id in core.legal_ids(k), f"ply {ply}: {text}"
        core.step(k, action_id)
        assert state_digest(kernel.from_kernel(k)) == digests[ply], f"ply {ply}: {text}"
    assert k.is_over()
    assert list(k.score) == record["result"]["scores"]


PERFT = sorted(
    p
    for p in (ROOT / "tests" / "data" / "perft").glob("*.json")
    if not p.name.startswith("sagrada-")
)


@pytest.mark.parametrize("path", PERFT, ids=[p.stem for p in PERFT])
def test_perft_counts_through_the_kernel(core: ModuleType, path: Path) -> None:
    """ENG-50: the kernel counts the stored perft numbers (depths 1 to 3); the interpreted
    kernel skips depth-3 counts above 200,000 leaves (the compiled one counts them all)."""
    doc = json.loads(path.read_text("utf-8"))
    state = position_after(doc["players"], {"side": doc["side"]}, doc["seed"], doc["plies"])
    assert state_digest(state) == doc["digest"]
    k = kernel.to_kernel(state, core)
    for depth, count in sorted(doc["counts"].items()):
        if count > 200_000 and not kernel.is_compiled(core):
            continue
        assert core.perft(k, int(depth)) == count, f"depth {depth}"
    assert kernel.from_kernel(k) == state


# --------------------------------------------------------------------------- choosing the build


def _mode(env_value: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SINTRA_KERNEL": env_value}
    code = "import sintra_rules.games.sintra.kernel as k; print(k.COMPILED, k.core.__name__)"
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )


def test_environment_variable_chooses_the_build(core: ModuleType) -> None:
    """ENG-50: ``SINTRA_KERNEL`` forces the interpreted or the compiled kernel at import
    (once a compiled build exists: the ``core`` fixture's compiled run makes sure of it)."""
    _build_compiled()
    interpreted = _mode("interpreted")
    assert interpreted.returncode == 0, interpreted.stderr
    assert interpreted.stdout.split() == [
        "False",
        "sintra_rules.games.sintra.kernel._core_interpreted",
    ]
    compiled = _mode("compiled")
    assert compiled.returncode == 0, compiled.stderr
    assert compiled.stdout.split() == ["True", "sintra_rules.games.sintra.kernel.core"]
    wrong = _mode("fast")
    assert wrong.returncode != 0
    assert "SINTRA_KERNEL must be auto, compiled or interpreted" in wrong.stderr


# --------------------------------------------------------------------------- the wheel


def _wheel(tmp_path: Path, **env: str) -> tuple[Path, list[str]]:
    """A wheel of the checkout built with ``env`` added (no build isolation: the test
    environment's hatchling, mypy and setuptools): its path and file names."""
    out = tmp_path / "wheel"
    build = ["wheel", "-q", "--no-build-isolation", "--no-deps", "-w", str(out), str(ROOT)]
    subprocess.run(
        [sys.executable, "-m", "pip", *build],
        check=True,
        capture_output=True,
        env={**os.environ, **env},
    )
    (wheel,) = out.glob("sintra_rules-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return wheel, archive.namelist()


def test_wheel_holds_the_compiled_kernel(tmp_path: Path) -> None:
    """ENG-50, sagrada:ENG-18: a wheel built where mypyc and a C compiler are available is
    tagged for the platform and holds every game's compiled core beside its source (Sintra's
    kernel, Sagrada's core); installed, it imports the compiled cores and they play the
    reference's games."""
    wheel, names = _wheel(tmp_path)
    assert not wheel.name.endswith("-py3-none-any.whl"), wheel.name
    for game in ("sintra", "sagrada"):
        kernel_files = [n for n in names if n.startswith(f"sintra_rules/games/{game}/kernel/core")]
        assert f"sintra_rules/games/{game}/kernel/core.py" in kernel_files
        assert any(n.endswith((".so", ".pyd")) for n in kernel_files), kernel_files
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    prefix = str(target)
    code = (
        "import sintra_rules.games.sintra.kernel as k; "
        "import sintra_rules.games.sagrada.kernel as s; "
        f"print(k.COMPILED, k.core.__file__.startswith({prefix!r}), "
        "k.random_games(2, 3, first_seed=40), "
        f"s.COMPILED, s.core.__file__.startswith({prefix!r}), s.random_games(2, 3, 40))"
    )
    env = {**os.environ, "SINTRA_KERNEL": "compiled", "PYTHONPATH": str(target)}
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    want = sum(random_game(2, {"side": "A" if g % 2 == 0 else "B"}, 40 + g) for g in range(3))
    sagrada = sum(random_game(2, {}, 40 + g, game=make("sagrada")) for g in range(3))
    assert done.stdout.split() == ["True", "True", str(want), "True", "True", str(sagrada)]


@pytest.mark.parametrize(
    "env", [{"SINTRA_NO_MYPYC": "1"}, {"CC": "false"}], ids=["SINTRA_NO_MYPYC", "no-compiler"]
)
def test_wheel_without_compiling_is_pure_python(tmp_path: Path, env: dict[str, str]) -> None:
    """ENG-50, sagrada:ENG-18: with ``SINTRA_NO_MYPYC=1``, or when the C compiler fails, the
    wheel still builds, pure Python, with each game's core as source only (which then runs
    interpreted)."""
    wheel, names = _wheel(tmp_path, **env)
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    for game in ("sintra", "sagrada"):
        kernel_files = [n for n in names if n.startswith(f"sintra_rules/games/{game}/kernel/core")]
        assert kernel_files == [f"sintra_rules/games/{game}/kernel/core.py"]


# --------------------------------------------------------------------------- search


def test_mcts_visits_every_legal_id_and_never_the_real_draws(core: ModuleType) -> None:
    """ENG-50, ENG-09: the kernel's search spreads exactly its simulations over the legal ids
    (ENG-30) of the position; its result does not depend on the position's real generator;
    compiled and interpreted searches agree visit for visit."""
    state = position_after(2, {"side": "A"}, seed=3, plies=30)
    visits = kernel.mcts_visits(state, 300, seed=5, module=core)
    assert tuple(visits) == legal_ids(state)
    assert sum(visits.values()) == 300
    assert kernel.mcts_visits(determinize(state, 99), 300, seed=5, module=core) == visits
    assert kernel.mcts_visits(without_generator(state), 300, seed=5, module=core) == visits
    interpreted = kernel.load_core("interpreted")
    assert kernel.mcts_visits(state, 300, seed=5, module=interpreted) == visits


# --------------------------------------------------------------------------- the soak's kernel


@pytest.mark.parametrize("index", range(12))
def test_soak_game_plays_the_reference_soak_game(core: ModuleType, index: int) -> None:
    """ENG-50: ``core.soak_game`` (both builds) plays the soak's game ``index`` (both policies,
    every configuration) with no failure, ending in the reference game's position after as
    many plies, with the same wraps (TRACK-03), tower pours (END-04) and short refills
    (END-05) as the reference soak counts with its oracle."""
    plan = game_plan(index, 6)
    rng = seed_state(plan.seed)
    k = core.deal(tables(core), plan.num_players, plan.side == "B", rng >> 32, rng & 0xFFFFFFFF)
    bounds = [
        BOUNDS[(q, plan.num_players)].every_table for q in ("turns per round", "turns per game")
    ]
    got = core.soak_game(
        k, core.Rng(rng >> 32, rng & 0xFFFFFFFF), plan.policy == "placing", *bounds
    )
    want = play_checked(plan)
    assert want.failures == ()
    assert got[:4] == (want.plies, want.wraps, want.refills, want.partial_fills)
    assert got[5] == ""
    state = new_game(plan.num_players, side=plan.side, seed=plan.seed)
    for ply in playout(state, plan.seed, plan.policy):
        state = ply.after
    assert kernel.from_kernel(k) == state and not k.trace and k.log == []


def test_check_position_finds_broken_positions(core: ModuleType) -> None:
    """The soak's kernel checks (both builds) pass a sound position and name the invariant
    that a broken one breaks (COMP-01, TRACK-01, TRACK-04, DONE-04, FIG-03, ENG-01, END-02),
    and ``soak_game`` stops at the set-up with that failure."""
    sound = kernel.to_kernel(position_after(3, {"side": "B"}, seed=4, plies=20), core)
    assert core.check_position(sound) == ""

    def broken(change: Any) -> str:
        k = sound.copy()
        change(k)
        found: str = core.check_position(k)
        return found

    assert broken(lambda k: k.bag.__setitem__(0, k.bag[0] + 1)).startswith("pieces_conserved")
    assert broken(lambda k: k.marker.__setitem__(1, 8)).startswith("track_position")
    assert broken(lambda k: k.lost.__setitem__(1, k.lost[1] + 1)).startswith("track_position")

    def from_bag(k: Any) -> int:  # a piece out of the bag, to go elsewhere: 20 each
        colour = next(c for c in range(5) if k.bag[c])
        k.bag[colour] -= 1
        return colour

    slot = next(s for s in range(8) if sound.win_top[s] < 0)  # seat 0, an empty window
    assert broken(lambda k: k.win_bottom.__setitem__(slot, from_bag(k))).startswith("windows_shape")

    def overfill(k: Any) -> None:  # five more pieces on the first display (of 4)
        for _ in range(5):
            k.factories[from_bag(k)] += 1

    assert broken(overfill).startswith("factory_capacity")
    done = kernel.to_kernel(position_after(2, {"side": "A"}, seed=1, plies=400), core)
    assert done.is_over() and core.check_position(done) == ""
    k = sound.copy()
    k.bag[0] += 1
    assert core.soak_game(k, core.Rng(0, 1), False, 72, 432)[0] == 0
    assert core.soak_game(k, core.Rng(0, 1), False, 72, 432)[5].startswith("pieces_conserved")


# --------------------------------------------------------------------------- benchmark


def test_deep_size_counts_each_object_once() -> None:
    """Bytes per state: every object reached once, shared small ints and tables left out."""
    from sintra_rules import Strip
    from sintra_rules.games.sintra.kernel.bench import deep_size

    counts = (1, 0, 0, 0, 0)
    strip = Strip(0, 0, counts, counts)
    assert deep_size(strip) == sys.getsizeof(strip) + sys.getsizeof(counts)
    big = 2**40
    assert deep_size((big, big, None, True)) == sys.getsizeof((big, big, None, True)) + (
        sys.getsizeof(big)
    )
    k = kernel.to_kernel(new_game(2, seed=1), kernel.load_core("interpreted"))
    lists = [k.bag, k.tower, k.factories, k.centre, k.indicator, k.strip_id, k.face, k.filled]
    lists += [k.jokers, k.win_top, k.win_bottom, k.glazier, k.score, k.marker, k.lost]
    assert all(-5 <= n <= 256 for values in lists for n in values)  # cached: left out
    assert k.log == []
    halves = sum(sys.getsizeof(n) for n in (k.rng.hi, k.rng.lo) if n > 256)
    want = sys.getsizeof(k) + sum(map(sys.getsizeof, lists)) + sys.getsizeof(k.rng) + halves
    want += sys.getsizeof(k.log)
    assert deep_size(k) == want


def test_bench_json_reports_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    """``sintra bench --json`` prints one object holding the reference, kernel-from-Python,
    playout-loop and search rates, their interleaved median ratios with ranges (among them
    ``compiled_playout_vs_chess``) and bytes per state with the method. Figures are not
    asserted, only their presence and that each median lies within its range."""
    from sintra_rules.cli import main

    assert main(["bench", "--json", "--seconds", "0.05"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in (
        "reference_plies_per_second",
        "kernel_from_python_plies_per_second",
        "kernel_playout_plies_per_second",
        "reference_mcts_simulations_per_second",
        "kernel_mcts_simulations_per_second",
        "reference_state_bytes",
        "kernel_state_bytes",
    ):
        assert figures[key] > 0, key
    assert "getsizeof" in figures["state_bytes_method"]
    ratios = ["kernel_playout_vs_reference", "kernel_from_python_vs_reference"]
    ratios += ["kernel_mcts_vs_reference", "kernel_from_python_vs_chess"]
    ratios.append(
        "compiled_playout_vs_chess" if kernel.COMPILED else "interpreted_playout_vs_chess"
    )
    for key in ratios:
        low, high = figures[f"{key}_range"]
        assert low <= figures[key] <= high, key
    assert "compiled_playout_vs_chess" in figures


def test_kernel_ab_compares_two_builds(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m tools.kernel_ab BEFORE AFTER`` plays each compiled build in its own
    processes, interleaved, and prints both rates and the median ratio with its range."""
    from tools import kernel_ab

    folder = str(_build_compiled().parents[4])
    assert kernel_ab.main([folder, folder, "--rounds", "2", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    pattern = (
        r"before [\d,]+ plies/s, after [\d,]+ plies/s: after / before [\d.]+ \(median of 2 "
        r"rounds of 0.05 s CPU, range [\d.]+-[\d.]+\)\n"
    )
    assert re.fullmatch(pattern, out), out
