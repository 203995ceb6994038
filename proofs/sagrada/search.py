"""Find the witness windows of Sagrada's proofs and store them in ``witnesses.json``.

``python -m proofs.sagrada.search [public] [multi] [solo] [--patterns 1,2,...]`` searches the
chosen parts (default: all) and rewrites their entries of the file, keeping the others. Each
search asks Z3 for a window scoring more than the best found so far, until there is none; then,
among the windows with that score, for one with the most dice (a full window can be placed
in some order, so it is a window a game can end with), preferring none on a broken space.

This is how the witnesses were found, not part of a proof: the proofs check the stored
windows and prove that nothing scores more. Ctrl-C stops a search at once (as it stops the
proofs, :func:`proofs.harness.run_check`), with one line and exit code 130; the parts done
are saved.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence

import z3

from proofs.harness import Evaluate, interruptible_checks, pb_solver, run_check
from proofs.sagrada.figures import COLOURS, PATTERNS, PUBLICS, Pattern
from proofs.sagrada.final import FinalModel, final_model
from proofs.sagrada.window import Score, Window, WindowModel, buildable, render
from proofs.sagrada.witnesses import PATH
from sintra_rules.interrupts import deferred_interrupts

__all__ = ["best", "main"]


def _evaluator(model: z3.ModelRef) -> Evaluate:
    def evaluate(term: object) -> int:
        if not isinstance(term, z3.ExprRef):
            return int(str(term))
        value = model.eval(term, model_completion=True)
        return 1 if z3.is_true(value) else 0 if z3.is_false(value) else int(value.as_long())

    return evaluate


def best(
    premises: Sequence[z3.BoolRef], score: Score, then: Sequence[Score] = ()
) -> tuple[int, Evaluate]:
    """The highest ``score`` under ``premises``, then the highest of each of ``then`` in
    turn (each keeping the ones before at their best); returns the score and the model."""
    s = pb_solver()
    s.add(*premises)
    found: Evaluate | None = None
    kept: list[z3.BoolRef] = []
    top = 0
    for objective in (score, *then):
        value = -(10**6) if found is None else objective.value(found)
        while True:
            s.push()
            s.add(*kept, objective.at_least(value + 1))
            answer = run_check(s)
            if answer == z3.sat:
                found = _evaluator(s.model())
                value = objective.value(found)
            s.pop()
            if answer != z3.sat:
                if answer != z3.unsat:
                    raise RuntimeError(f"the solver answered {answer}")
                break
        kept.append(objective.at_least(value))
        if objective is score:
            top = value
    assert found is not None
    return top, found


def _text(window: Window) -> str:
    return " / ".join(render(window))


def public_windows(number: int, pattern: Pattern | None) -> str:
    """A window scoring the most of public card ``number`` (on ``pattern``), with the most
    dice."""
    model = WindowModel()
    if pattern is not None:
        model.obey(pattern)
    _top, found = best(model.premises, model.public(number), [model.dice()])
    window = model.decode(found)
    if not buildable(window):
        raise RuntimeError(f"card {number}, {pattern}: the best window found is not buildable")
    return _text(window)


def final_witness(pattern: Pattern, solo: bool) -> dict[str, object]:
    """The best final score's witness on ``pattern``: cards, colour and window."""
    model: FinalModel = final_model(pattern, solo)
    unbroken = Score(tuple((b, -1) for b in model.broken.values()))
    _top, found = best(model.premises, model.score, [model.window.dice(), unbroken])
    window = model.window.decode(found)
    if not buildable(window):
        raise RuntimeError(f"{pattern.name}: the best window found is not buildable")
    return {
        "cards": [n for n, c in enumerate(model.cards, 1) if found(c)],
        "colour": next(COLOURS[k] for k, c in enumerate(model.colours) if found(c)),
        "window": _text(window),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Search the chosen parts and rewrite their entries of ``witnesses.json``."""
    parser = argparse.ArgumentParser(prog="python -m proofs.sagrada.search", description=__doc__)
    parser.add_argument("parts", nargs="*", choices=["public", "multi", "solo"])
    parser.add_argument("--patterns", help="pattern numbers, comma-separated (default: all)")
    args = parser.parse_args(argv)
    parts = args.parts or ["public", "multi", "solo"]
    chosen = [int(n) for n in args.patterns.split(",")] if args.patterns else None
    patterns = [p for p in PATTERNS if chosen is None or p.number in chosen]
    data = json.loads(PATH.read_text(encoding="utf-8")) if PATH.exists() else {}

    def save() -> None:
        PATH.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")

    try:
        with deferred_interrupts(), interruptible_checks():
            if "public" in parts:
                table = data.setdefault("public_best", {})
                for card in PUBLICS:
                    entry = table.setdefault(str(card.number), {})
                    if chosen is None:
                        entry["0"] = public_windows(card.number, None)
                    for pattern in patterns:
                        entry[str(pattern.number)] = public_windows(card.number, pattern)
                    print(f"public {card.number} done", flush=True)
                    save()
            for part, solo in (("multi", False), ("solo", True)):
                if part not in parts:
                    continue
                table = data.setdefault(f"{part}_best", {})
                for pattern in patterns:
                    start = time.perf_counter()
                    table[str(pattern.number)] = final_witness(pattern, solo)
                    seconds = time.perf_counter() - start
                    print(
                        f"{part} {pattern.number} {pattern.name}: {table[str(pattern.number)]} "
                        f"({seconds:.1f} s)",
                        flush=True,
                    )
                    save()
    except KeyboardInterrupt:
        print(f"{parser.prog}: interrupted (the parts done are saved)", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
