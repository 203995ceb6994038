"""Mutation check of Sagrada's test suite: plant realistic single bugs, one at a time, and see
which the tests catch ("kill") and how fast.

A development tool, run from a checkout::

    python -m tools.sagrada_mutants [--only NAME ...] [--verification | --tests PATH ...]

The checkout's ``sintra_rules``, ``tests``, ``spec``, ``tools`` and ``pyproject.toml`` are
copied into a temporary directory; each mutant is one textual replacement in one engine file
of that copy (the checkout itself is never touched, and nothing is committed). With the mutant
in place the tests run (``pytest -x``: they stop at the first failure) with the copy first on
the path; a mutant is *killed* when they fail, and the time to the failure and the first
failing test are reported. The unmutated copy runs first and must pass, or the tool stops.

``--tests`` chooses the tests (default: ``tests/sagrada``, the whole Sagrada suite);
``--verification`` runs the verification layer alone (:data:`VERIFICATION`: the oracle, the
invariants, the state machine and the soak), without the engine's own rule tests and without
the golden digests, which catch any change of behaviour.

Each mutant is a bug a careful implementer could make: a neighbour ban read as "adjacent", the
first die allowed anywhere, Cork-backed Straightedge checking only orthogonal neighbours, a
waiver applied the wrong way round, Shade Variety counting the value 0, Color Diagonals counting
a die once per partner, the solo penalty swapped with the multiplayer one, the last tie-break
reversed, a solo score equal to the target winning, a card's second use costing 1, Grinding
Stone flipping to 6 - v, the second half of the snake order not reversed, the start player not
passing on, Running Pliers not skipping the second turn, Glazing Hammer allowed in the first turn
instead of the second, a die drafted for an after-drafting tool already used, Lens Cutter taking
from the highest space, Tap Wheel's second die of any colour, Lathekin moving the same die
twice, and the leftover dice lost at the end of a round.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parents[1]
ENGINE = "sintra_rules/games/sagrada"
DEFAULT_TESTS = ("tests/sagrada",)
#: The tests of the verification layer (``--verification``).
VERIFICATION = tuple(
    f"tests/sagrada/test_{name}.py" for name in ("oracle", "invariants", "stateful", "soak")
)


@attrs.frozen
class Mutant:
    """A single planted bug: ``old`` (which must occur exactly once in ``path``) becomes
    ``new``; ``clause`` is the rule it breaks."""

    name: str
    clause: str
    path: str
    old: str
    new: str


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "diagonal-neighbour-ban",
        "PLACE-06",
        f"{ENGINE}/placement.py",
        "_ORTH = tuple(sum(1 << j for j in ORTHOGONAL[i]) for i in range(SPACES))",
        "_ORTH = tuple(sum(1 << j for j in NEIGHBOURS[i]) for i in range(SPACES))",
    ),
    Mutant(
        "first-die-anywhere",
        "PLACE-01",
        f"{ENGINE}/placement.py",
        "        free &= _BORDER  # PLACE-01",
        "        free &= _ALL  # PLACE-01",
    ),
    Mutant(
        "cork-orthogonal-only",
        "TOOL-09",
        f"{ENGINE}/placement.py",
        "        free &= ~near  # TOOL-09",
        "        free &= ~(orth_colours[0] | orth_colours[1] | orth_colours[2] | orth_colours[3]"
        " | orth_colours[4])  # TOOL-09",
    ),
    Mutant(
        "value-waiver-inverted",
        "PLACE-04",
        f"{ENGINE}/placement.py",
        "    if not waive_value:\n        free &= values[value]  # PLACE-04",
        "    if waive_value:\n        free &= values[value]  # PLACE-04",
    ),
    Mutant(
        "shade-variety-counts-zero",
        "PUB-04",
        f"{ENGINE}/scoring.py",
        "least(_count(values, v) for v in range(1, 7))",
        "least(_count(values, v) for v in range(0, 7))",
    ),
    Mutant(
        "diagonals-per-partner",
        "PUB-10",
        f"{ENGINE}/scoring.py",
        "        all_of(\n"
        "            present(window[cell]),\n"
        "            any_of(*(colours[other] == colours[cell] for other in DIAGONAL[cell])),\n"
        "        )",
        "        ite(\n"
        "            present(window[cell]),\n"
        "            sum(colours[other] == colours[cell] for other in DIAGONAL[cell]),\n"
        "            0,\n"
        "        )",
    ),
    Mutant(
        "solo-penalty-swapped",
        "SOLO-06",
        f"{ENGINE}/scoring.py",
        "    empty_points = -(3 if state.is_solo else 1) * empty",
        "    empty_points = -(1 if state.is_solo else 3) * empty",
    ),
    Mutant(
        "last-tie-break-reversed",
        "WIN-04",
        f"{ENGINE}/scoring.py",
        "(seat - state.start) % n) for seat, f in enumerate(finals)",
        "(state.start - seat) % n) for seat, f in enumerate(finals)",
    ),
    Mutant(
        "solo-tie-wins",
        "RUL-18",
        f"{ENGINE}/scoring.py",
        "(0,) if scores[0] > target_score(state) else ()",
        "(0,) if scores[0] >= target_score(state) else ()",
    ),
    Mutant(
        "second-use-costs-one",
        "FAVOR-02",
        f"{ENGINE}/tools.py",
        "    return 1 if tokens == 0 else 2",
        "    return 1 if tokens <= 1 else 2",
    ),
    Mutant(
        "grinding-six-minus",
        "TOOL-10",
        f"{ENGINE}/tools.py",
        "hand=die(colour, 7 - value)",
        "hand=die(colour, max(6 - value, 1))",
    ),
    Mutant(
        "snake-not-reversed",
        "ROUND-03",
        f"{ENGINE}/state.py",
        "    return (start + 2 * players - 1 - step) % players",
        "    return (start + step) % players",
    ),
    Mutant(
        "start-player-stays",
        "ROUND-05",
        f"{ENGINE}/rules.py",
        "state.round + 1, (state.start + 1) % state.num_players, trace)",
        "state.round + 1, state.start, trace)",
    ),
    Mutant(
        "running-pliers-no-skip",
        "TOOL-08",
        f"{ENGINE}/tools.py",
        'sub="running", skips=tuple(sorted({*state.skips, state.turn})))',
        'sub="running", skips=state.skips)',
    ),
    Mutant(
        "hammer-first-turn",
        "TOOL-07",
        f"{ENGINE}/tools.py",
        '        if state.step < n:\n            out.append((clause, "Glazing Hammer',
        '        if state.step >= n:\n            out.append((clause, "Glazing Hammer',
    ),
    Mutant(
        "draft-for-a-used-tool",
        "RUL-05",
        f"{ENGINE}/tools.py",
        "    if state.tool_used:\n        return False\n    pool = _removed(state.pool, d)",
        "    pool = _removed(state.pool, d)",
    ),
    Mutant(
        "lens-highest-space",
        "TOOL-05",
        f"{ENGINE}/rules.py",
        "    space = next(r for r, dice in enumerate(state.track) if taken in dice)",
        "    space = max(r for r, dice in enumerate(state.track) if taken in dice)",
    ),
    Mutant(
        "tap-any-colour",
        "RUL-07",
        f"{ENGINE}/tools.py",
        '    colour = None if state.sub == "pick2" else first_die[0]',
        "    colour = None",
    ),
    Mutant(
        "lathekin-same-die",
        "TOOL-04",
        f"{ENGINE}/tools.py",
        "        if src != first\n        and window[src] is not None",
        "        if window[src] is not None",
    ),
    Mutant(
        "leftover-dice-lost",
        "ROUND-04",
        f"{ENGINE}/rules.py",
        "    track[index] = tuple(sorted((*track[index], *state.pool)))",
        "    track[index] = tuple(sorted(track[index]))",
    ),
)


@attrs.frozen
class Outcome:
    """One run of the tests: killed (the tests failed), seconds, the first failing test."""

    mutant: str
    killed: bool
    seconds: float
    first_failure: str


def _copy(into: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for name in ("sintra_rules", "tests", "spec", "tools"):
        shutil.copytree(ROOT / name, into / name, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", into / "pyproject.toml")


def _run(where: Path, tests: Sequence[str], name: str) -> Outcome:
    env = {**os.environ, "PYTHONPATH": str(where), "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    command.append("--ignore=tests/sagrada/test_mutants_tool.py")  # it checks the unmutated text
    started = time.perf_counter()
    done = subprocess.run(command, cwd=where, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    failed = re.search(r"^(?:FAILED|ERROR) (\S+)", done.stdout, re.MULTILINE)
    first = failed.group(1) if failed else ("" if done.returncode == 0 else done.stdout[-200:])
    return Outcome(name, done.returncode != 0, seconds, first)


def apply_mutant(root: Path, mutant: Mutant) -> str:
    """Plant ``mutant`` in the copy at ``root``; return the file's original text.

    Raises:
        ValueError: the text to replace does not occur exactly once (the engine changed).
    """
    path = root / mutant.path
    text = path.read_text("utf-8")
    if text.count(mutant.old) != 1:
        raise ValueError(
            f"{mutant.name}: the text to replace occurs {text.count(mutant.old)} times"
        )
    path.write_text(text.replace(mutant.old, mutant.new), "utf-8")
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Run the mutants; print one line per mutant and the totals. Exit 1 if one survived."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=None, help="run only these mutants")
    parser.add_argument("--tests", nargs="*", default=list(DEFAULT_TESTS), help="test paths")
    parser.add_argument(
        "--verification", action="store_true", help="only the verification layer's tests"
    )
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    args = parser.parse_args(argv)
    tests = list(VERIFICATION) if args.verification else args.tests
    mutants = [m for m in MUTANTS if args.only is None or m.name in args.only]
    if args.list:
        for m in MUTANTS:
            print(f"{m.name:28} {m.clause:9} {m.path}")
        return 0
    with tempfile.TemporaryDirectory(prefix="sagrada-mutants-") as tmp:
        root = Path(tmp)
        _copy(root)
        baseline = _run(root, tests, "(none)")
        print(f"baseline: {'FAILS' if baseline.killed else 'passes'} in {baseline.seconds:.1f} s")
        if baseline.killed:
            print(f"  the unmutated suite fails at {baseline.first_failure}: fix that first")
            return 2
        outcomes = []
        for mutant in mutants:
            original = apply_mutant(root, mutant)
            try:
                outcome = _run(root, tests, mutant.name)
            finally:
                (root / mutant.path).write_text(original, "utf-8")
            outcomes.append(outcome)
            verdict = "killed " if outcome.killed else "SURVIVED"
            print(
                f"{mutant.name:28} {mutant.clause:9} {verdict} {outcome.seconds:6.1f} s  "
                f"{outcome.first_failure}",
                flush=True,
            )
    killed = [o for o in outcomes if o.killed]
    if killed:
        mean = sum(o.seconds for o in killed) / len(killed)
        slowest = max(o.seconds for o in killed)
        print(
            f"{len(killed)} of {len(outcomes)} mutants killed; time to the first failure: "
            f"mean {mean:.1f} s, slowest {slowest:.1f} s (baseline {baseline.seconds:.1f} s)"
        )
    else:
        print(f"0 of {len(outcomes)} mutants killed")
    return 0 if len(killed) == len(outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
