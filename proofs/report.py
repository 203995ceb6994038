"""The proof report: as text for the console, and as the documentation page ``docs/proofs.md``.

The page holds no timing and no solver version, so that it depends only on what the proofs
establish: a test regenerates it and compares it with the committed file. The console report
starts with the version of Z3 that ran the checks (:func:`solver_line`).
"""

from __future__ import annotations

from collections.abc import Sequence

import z3

from proofs.figures import RANGES, admissible_tracks
from proofs.harness import RLIMIT, SEED, TIMEOUT_MS, Check, ProofResult
from proofs.played import in_a_game, section
from proofs.registry import TOPICS
from sintra_rules.games.sintra.components import default_components

__all__ = ["ANCHOR", "markdown", "solver_line", "text"]

#: Prefix of the page's MyST targets, to keep them apart from other pages' labels.
ANCHOR = "proofs-"

#: The topics of this page: Sintra's (Sagrada's have their own page, :mod:`proofs.sagrada.report`).
_TOPICS = tuple(topic for topic in TOPICS if topic.game == "sintra")


def _verdict(result: ProofResult) -> str:
    return "PROVED" if result.holds else "FAILED"


def _check_line(check: Check) -> str:
    mark = "ok" if check.ok else "FAILED"
    return f"{check.kind:8} {mark:6} {check.answer:20} {check.seconds:7.2f} s  {check.text}"


def solver_line() -> str:
    """The solver that runs the checks: the Z3 version and the pinned settings."""
    return (
        f"Z3 {z3.get_full_version()} (random seed {SEED}, rlimit {RLIMIT}, "
        f"time limit {TIMEOUT_MS // 1000} s per check)"
    )


def text(results: Sequence[ProofResult], verbose: bool = True) -> str:
    """The console report: the solver, per proof its clauses, checks, bound and time, then a
    summary."""
    out: list[str] = [solver_line(), ""]
    for r in results:
        out.append(f"[{_verdict(r)}] {r.name}  ({r.seconds:.2f} s)")
        out.append(f"  {r.title}: {', '.join(r.clauses)}")
        out.append(f"  bound: {r.bound}")
        for check in r.checks:
            if verbose or not check.ok:
                out.append("  " + _check_line(check))
                out.extend(f"{'':40}{line}" for line in check.lines)
        out.append("")
    failed = [r.name for r in results if not r.holds]
    seconds = sum(r.seconds for r in results)
    checks = sum(len(r.checks) for r in results)
    out.append(
        f"{len(results) - len(failed)} of {len(results)} proofs hold ({checks} checks) "
        f"in {seconds:.1f} s"
    )
    if failed:
        out.append("FAILED: " + ", ".join(failed))
    return "\n".join(out)


def _summary(results: Sequence[ProofResult]) -> list[str]:
    rows = [
        "| Quantity | Variant | Shipped table | In a game | Every admissible table | Clauses |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    by_name = {(r.key, r.variant, r.scope): r for r in results}
    for topic in _TOPICS:
        for variant, _args in topic.variants:
            shipped = by_name.get((topic.key, variant, "shipped"))
            every = by_name.get((topic.key, variant, "admissible"))
            if shipped is None and every is None:
                continue
            cells = [
                f"[{topic.title}](#{ANCHOR}{topic.key})",
                variant or "-",
                _cell(shipped),
                "-" if shipped is None else in_a_game(shipped.name, shipped.values),
                _cell(every),
                ", ".join(topic.clauses),
            ]
            rows.append("| " + " | ".join(cells) + " |")
    return rows


def _cell(result: ProofResult | None) -> str:
    if result is None:
        return "-"
    return result.bound if result.holds else f"**FAILED**: {result.bound}"


def _ranges() -> list[str]:
    r = RANGES
    table = default_components()
    tracks = admissible_tracks()
    return [
        "| Figure | Shipped table | Every admissible table |",
        "| --- | --- | --- |",
        f"| Window values, side A (FIG-04) | {' '.join(map(str, table.window_values_a))} | "
        f"{r.windows} values in {r.window_values.start}..{r.window_values.stop - 1} |",
        f"| Window values, side B (FIG-05) | {' '.join(map(str, table.window_values_b))} | "
        f"{r.windows} values in {r.window_values.start}..{r.window_values.stop - 1} |",
        f"| Broken glass track (FIG-08) | {' '.join(map(str, table.track))} | strictly "
        f"decreasing, starting {', '.join(map(str, r.track_head))}, holding "
        f"{', '.join(map(str, r.track_values))}, ending {r.track_bottom}: "
        f"{r.track_lengths.start} to {r.track_lengths.stop - 1} spaces ({len(tracks)} tracks) |",
        f"| Strips (FIG-09) | {' / '.join(a + ' ' + b for a, b in table.strips)} | "
        f"{r.windows} strips of two faces of {r.spaces} spaces, each a colour or a joker; "
        f"exactly one face with {r.jokers} jokers |",
        f"| Ornaments (FIG-06) | "
        f"{', '.join('-'.join(str(w + 1) for w in pair) for pair in table.ornaments)} | "
        f"{r.ornaments} pairs of windows, each window in one pair |",
        f"| Fixed (FIG-01 to FIG-03, FIG-07, FIG-10) | {r.colours} colours of "
        f"{r.pieces_per_colour}; displays "
        f"{', '.join(f'{n} for {p}' for p, n in r.factories)} players, {r.capacity} pieces "
        f"each; ornament points {', '.join(map(str, r.ornament_points))}; {r.rounds} rounds "
        f"| the same |",
    ]


_INTRO = """\
# Proofs of the scoring bounds

This page is generated from the proofs in `proofs/` by `python -m proofs --markdown
docs/proofs.md`; a test checks that it is up to date. Every claim below is checked by Z3: the
premises together with the claim's negation must be unsatisfiable (`unsat`), so a false claim
fails with a counterexample, and `unknown` counts as a failure; a test makes every claim false
in turn and checks that its premises are satisfiable and that its failure prints their model.
Every claim has a non-vacuity partner: a witness that satisfies the premises and attains the
bound. Witnesses are made canonical (their key values minimised in order), so the page does
not depend on the solver's search. Solvers run with random seed {seed}, resource limit
`rlimit` {rlimit} and a time limit of {timeout} s per check.

Each proof is stated twice: with the exact figures of the shipped component table
(`{name}`) and for every table the component table validator admits. The models read the
figures from the same table as the engine (`sintra_rules.components.default_components()`),
and `tests/test_proof_crosscheck.py` attacks every bound with the engine itself (brute force
and hypothesis searches); the proofs check their models against the engine's functions (see
below).

Run the proofs with `python -m proofs` (each proof, its clauses, its checks, its bound and its
time; `--jobs 2` uses two processes) or through pytest (`tests/test_proofs.py`). The command
exits with 0 when every proof holds, 1 when one fails, 2 for bad arguments or an output page
that cannot be written (checked before the first proof runs), and 130 when Ctrl-C interrupts
it (one line says how many proofs had finished; a check cut short is not a failure).

## The models are the engine's scoring

The proofs reason about models (Z3 terms in `proofs/models/`), but every proof about scores
also proves, within the same run, that each model it rests on *is* the engine's own scoring
function on the whole domain the proof reasons about: the first checks of a proof, named
after the engine's function (`the engine's colour_bonus is the model's, ...`). The engine's
scoring rules (`games/sintra/scoring.py`, and Sagrada's) are written with the few operations of
`sintra_rules/terms.py` (`ite`, `all_of`, `least`, `most`, `pick`, `present`, `or_else`, ...):
on plain numbers they are the Python they name, so the engine computes as before; on Z3 terms
they build terms. `proofs/symbolic.py` runs the engine's very functions on symbolic arguments
(any pieces of each colour, any filling of the windows, any marker position and number of
steps, every admissible track and every pairing of the windows by ornaments) and follows every
path the code takes (a branch on a symbolic value is answered both ways when both are
feasible); `proofs/tie.py` claims, path by path, that what the function returns equals the
model (`proofs/models/engine.py`: the colour bonus, the window points, the marker's move and
the points lost, the leftover points, both side bonuses and how final scoring adds them). So a
bound is a fact about `sintra_rules`, not about a copy of its rules.

This approach was chosen over the others because it checks the whole domain, not samples, and
needs no argument that a rule depends on few factors: the same source runs in the game and in
the proof. Its limits are checked too: a rule that tests a value with `is` or `isinstance`,
indexes with a computed value, or builds a set could take another path on a symbolic value, so
the tie fails and names the construct. Each tie is made once per process (several proofs rest
on it) and again whenever a function of the engine's scoring modules changes.
`tests/test_proof_ties.py` plants bugs in the source of the scoring functions of both games (the
rounding of leftover pieces, side B's colour, a window counted twice, the bottom of the track,
a removed strip counted, Sagrada's points of a set, a line with a repeat, a die counted twice,
a row ending with a 1, ...) and checks that `python -m proofs` fails on each, naming the
engine's function and printing a counterexample with what the engine gives there. The rules
of play (conservation, termination, the largest take) are proved about their models only.

## What the game model leaves out

The bounds on a final score come from a model of one player's game that keeps only what the
score reads: which frame spaces are filled and in which order, in which round, from which face,
with which kept piece; the pieces left on the strips; the points lost via the track. It leaves
out the supply of pieces, the number of turns and the other players, so it allows more than a
real game: the bounds hold for every game (they are sound), and the witnesses show that the
model reaches them, not that a real game does.

The extreme final scores are also played as whole games from the start, every chance outcome
supplied (`tests/golden/extremes/`, built by `python -m tools.extremes` and replayed through
`sintra replay` by `tests/test_extremes.py`). The summary's column *In a game* says which
bounds of the shipped table a game reaches (*tight*, or *reached in* a game played for another
bound, measured by the engine) and by how much the most extreme game known falls short of
one it does not reach (*loose*, its section says why); `-`: no game is recorded, the bound is
attained by its witness in the model only. The highest scores are tight: the model's witness
completes four faces in round I, which a round's pieces do not allow, but the game completes
them in round II, of the same colour. The lowest are not: see their section.

## Admissible tables

"""


def markdown(results: Sequence[ProofResult]) -> str:
    """The documentation page: admissible ranges, a summary table, then every proof with its
    clauses, checks and witnesses (no timings)."""
    out = [
        _INTRO.format(
            seed=SEED,
            rlimit=RLIMIT,
            timeout=TIMEOUT_MS // 1000,
            name=default_components().name,
        ).rstrip("\n"),
        "",
        *_ranges(),
        "",
        "## Summary",
        "",
        *_summary(results),
        "",
    ]
    for topic in _TOPICS:
        mine = [r for r in results if r.key == topic.key]
        if not mine:
            continue
        out += [f"({ANCHOR}{topic.key})=", f"## {topic.title}", "", topic.statement, ""]
        out += [f"Clauses: {', '.join(topic.clauses)}.", ""]
        for r in mine:
            where = "shipped table" if r.scope == "shipped" else "every admissible table"
            label = f"{where}, {r.variant}" if r.variant else where
            out += [f"### {topic.title}: {label}", "", f"**{_verdict(r)}**: {r.bound}", ""]
            out += section(r.name, r.values)
            for check in r.checks:
                mark = "" if check.ok else " **FAILED**"
                out.append(f"- {check.kind} ({check.answer}){mark}: {check.text}")
                if check.lines:
                    out += ["", "  ```text", *(f"  {line}" for line in check.lines), "  ```", ""]
            out.append("")
    page = "\n".join(out).rstrip("\n") + "\n"
    while "\n\n\n" in page:
        page = page.replace("\n\n\n", "\n\n")
    return page
