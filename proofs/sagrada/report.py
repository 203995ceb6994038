"""The page ``docs/sagrada/proofs.md``: Sagrada's proved bounds, per pattern, with witnesses.

Like ``docs/proofs.md`` it holds no timing and no solver version, so that it depends only on
what the proofs establish; a test regenerates it and compares it with the committed file.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from proofs.harness import RLIMIT, SEED, TIMEOUT_MS, ProofResult
from proofs.played import in_a_game, section
from proofs.registry import TOPICS
from proofs.sagrada.figures import PATTERNS, PUBLICS, Pattern, space_name
from proofs.sagrada.final import final_score, least_spent
from proofs.sagrada.highest import best_found
from proofs.sagrada.window import parse, public_points, render, restriction_breaks
from proofs.sagrada.witnesses import PUBLIC_BEST

__all__ = ["ANCHOR", "markdown"]

#: The qualifier of a Sagrada clause ID in the proofs' code (``sagrada:PUB-01``, so that the
#: clause scanner counts it for Sagrada, :func:`sintra_rules.clauses.find_ids`); the page, in
#: Sagrada's section, writes the plain ID.
_QUALIFIER = re.compile(r"\bsagrada:(?=[A-Z]+-\d\d\b)")

#: Prefix of the page's MyST targets.
ANCHOR = "sagrada-proofs-"

_INTRO = """\
# Proofs of Sagrada's bounds

This page is generated from the proofs in `proofs/sagrada/` by `python -m proofs
--sagrada-markdown docs/sagrada/proofs.md`; a test checks that it is up to date. The proofs
run with the other proofs of the project (`python -m proofs`, and pytest), and
[the proofs of Sintra's bounds](../proofs.md) explain the method: every claim is checked by Z3 as
the premises together with the claim's negation being unsatisfiable (`unknown` counts as a
failure), and every bound is attained by a witness. Here every witness window is stored
(`proofs/sagrada/witnesses.json`, found by `python -m proofs.sagrada.search`) and checked twice:
in plain Python (the window obeys the bans and can be built, its score is recomputed from the
rulebook's formulas) and by the Z3 model; the bound each claim states is the witness's own
score, so a witness that is not the best makes its claim fail. The proofs read the patterns
and the cards from the engine's component table. `tests/test_sagrada_proof_crosscheck.py`
scores the witnesses with the engine, and checks the lowest scores, the target scores and the
decisions against it. Solvers run with
random seed {seed}, resource limit `rlimit` {rlimit} and a time limit of {timeout} s per check;
the window claims use Z3's pseudo-Boolean solver.

## The model of a window

A window is modelled by one Boolean per space and colour and per space and value, exactly one of
each for a die and none for an empty space, and the neighbour bans (sagrada:PLACE-06,
sagrada:PLACE-07) as clauses; every window a game can end with is one, since no tool waives the
bans (sagrada:RUL-01). Each public card is scored by Boolean terms that may hold only when what
the card rewards is there, so the model's largest score for a window is its real score. Bounds
"on a pattern" are for windows that also obey its restrictions (sagrada:PLACE-03,
sagrada:PLACE-04), unless a proof says how it allows them to be broken. A window the proofs hold
up as a witness is also *buildable*: its dice can be placed one by one, the first on the border
and each next to one already placed (sagrada:PLACE-01, sagrada:PLACE-02), which holds exactly
when the window is empty or its dice are connected through orthogonal and diagonal neighbours
with one on the border; every full window is.

## The models are the engine's scoring

Every proof about scores also proves, in the same run, that the models it rests on are the
engine's own functions (`games/sagrada/scoring.py`) on every window, the method of
[Sintra's proofs](../proofs.md): the rules are written with `sintra_rules/terms.py`, and
`proofs/sagrada/engine.py` runs the engine's functions on the model's Booleans. For every
window (any dice on the 20 spaces, empty spaces allowed, the neighbour bans kept) every choice
of the model's terms that its premises allow scores at most what the engine's
`public_points` (each card, its rule times its points) and `private_points` (each colour) give,
and setting each term to the condition it stands for is allowed and scores exactly that, so the
model's largest score of a window is the engine's score; `final_score` adds the parts as the
models do, for every choice of 3 public cards (solo 2), of the private cards and of the favor
tokens, with 2 to 4 players and solo; `target_score` sums the round track's dice. A bug planted
in any of these functions (a die counted twice for Color Diagonals, a line with a repeat, a row
that counts when it ends with a 1, the wrong set, a private die's value, the solo penalty, the
target) makes `python -m proofs` fail, naming the function, with a counterexample window
(`tests/test_proof_ties.py`).
"""


def _verdict(result: ProofResult) -> str:
    return "PROVED" if result.holds else "FAILED"


def _value(results: dict[str, ProofResult], name: str, key: str) -> str:
    r = results.get(name)
    if r is None:
        return "-"
    return str(r.values.get(key, "-")) if r.holds else "**FAILED**"


def _played(results: dict[str, ProofResult], name: str) -> str:
    """The summary's *In a game* cell of proof ``name`` (:func:`proofs.played.in_a_game`)."""
    r = results.get(name)
    return "-" if r is None else in_a_game(name, r.values)


def _picture(pattern: Pattern | None) -> list[str]:
    """The witness windows of the public objectives on ``pattern`` (or any window), as text:
    the pattern's grid, then each card's window under its number and proved points, five to a
    row."""
    key = 0 if pattern is None else pattern.number
    boxes: list[tuple[str, tuple[str, ...]]] = []
    if pattern is not None:
        grid = tuple("  ".join(row) for row in pattern.grid)
        boxes.append(("pattern", grid))
    for card in PUBLICS:
        window = parse(PUBLIC_BEST[card.number][key])
        points = public_points(card.number, window)
        rows = tuple(row.replace("--", "..") for row in render(window))
        boxes.append((f"{card.number}: {points}", rows))
    width = max(len(line) for _label, rows in boxes for line in rows)
    out: list[str] = []
    for start in range(0, len(boxes), 6 if pattern is not None else 5):
        chunk = boxes[start : start + (6 if pattern is not None else 5)]
        out.append("   ".join(label.ljust(width) for label, _rows in chunk).rstrip())
        for r in range(len(chunk[0][1])):
            out.append("   ".join(rows[r].ljust(width) for _label, rows in chunk).rstrip())
        out.append("")
    return ["```text", *out[:-1], "```", ""]


def _highest() -> list[str]:
    """The games reaching the highest final scores: each pattern's grid beside the window, its
    cards, private colour, tokens left and score (the proof checks each one)."""
    out: list[str] = []
    for solo in (False, True):
        pattern, best = best_found(solo)
        window = parse(best.window)
        grid = ["  ".join(row) for row in pattern.grid]
        rows = [row.replace("--", "..") for row in render(window)]
        width = max(len(line) for line in grid)
        cards = ", ".join(f"{PUBLICS[n - 1].name} ({n})" for n in best.cards)
        spent = least_spent(pattern, window)
        left = "" if solo else f"; {pattern.favor - spent} favor tokens left"
        broken = ", ".join(space_name(s) for s in restriction_breaks(pattern, window))
        out += [
            f"{'The solo game' if solo else 'A game of 2 to 4 players'}: "
            f"{final_score(pattern, best, solo)} on {pattern.name} (difficulty {pattern.favor}), "
            f"public cards {cards}, private colour {best.colour}{left}; moved against the "
            f"pattern by a tool: {broken or 'none'}.",
            "",
            "```text",
            f"{'pattern'.ljust(width)}   window",
            *(f"{g.ljust(width)}   {w}" for g, w in zip(grid, rows, strict=True)),
            "```",
            "",
        ]
    return out


def _per_pattern(results: dict[str, ProofResult]) -> list[str]:
    heads = [str(card.number) for card in PUBLICS]
    out = [
        "| Pattern | Difficulty | " + " | ".join(heads) + " |",
        "| --- | --- | " + " | ".join("---" for _ in heads) + " |",
    ]
    rows: list[tuple[str, str, Pattern | None]] = [("Any window", "", None)]
    rows += [(f"{p.number}. {p.name}", str(p.favor), p) for p in PATTERNS]
    for label, favor, pattern in rows:
        where = "any window" if pattern is None else pattern.name
        cells = [label, favor]
        for card in PUBLICS:
            cells.append(_value(results, f"sagrada-public-max[shipped, {card.name}]", where))
        out.append("| " + " | ".join(cells) + " |")
    return out


def _headline(results: dict[str, ProofResult]) -> list[str]:
    out = ["| Quantity | Bound | In a game | Proof |", "| --- | --- | --- | --- |"]
    for card in PUBLICS:
        name = f"sagrada-public-max[shipped, {card.name}]"
        out.append(
            f"| {card.name} (PUB-{card.number:02d}), any window | "
            f"{_value(results, name, 'any window')} | {_played(results, name)} | `{name}` |"
        )
    for name, label, key in (
        (
            "sagrada-lowest-score[shipped, 2 to 4 players]",
            "Lowest final score, 2 to 4 players",
            "low",
        ),
        ("sagrada-lowest-score[shipped, solo game]", "Lowest solo score", "low"),
        (
            "sagrada-highest-score[shipped, 2 to 4 players]",
            "Highest final score, 2 to 4 players",
            "high",
        ),
        ("sagrada-highest-score[shipped, solo game]", "Highest solo score", "high"),
    ):
        out.append(
            f"| {label} | {_value(results, name, key)} | {_played(results, name)} | `{name}` |"
        )
    for t in range(1, 6):
        name = f"sagrada-target[shipped, {t} tool{'s' if t > 1 else ''}]"
        out.append(
            f"| Solo target score, {t} tool{'s' if t > 1 else ''} | "
            f"{_value(results, name, 'low')} to {_value(results, name, 'high')} | "
            f"{_played(results, name)} | `{name}` |"
        )
    for label in (
        *(f"solo game, {t} tool{'s' if t > 1 else ''}" for t in range(1, 6)),
        "2 players",
        "3 players",
        "4 players",
    ):
        name = f"sagrada-decisions[shipped, {label}]"
        out.append(
            f"| Decisions per game, {label} | {_value(results, name, 'high')} | "
            f"{_played(results, name)} | `{name}` |"
        )
    return out


def markdown(results: Sequence[ProofResult]) -> str:
    """The page: the model, the headline bounds, the per-pattern table with its witnesses,
    then every proof with its checks (no timings)."""
    mine = {r.name: r for r in results if r.key.startswith("sagrada-")}
    out = [
        _INTRO.format(seed=SEED, rlimit=RLIMIT, timeout=TIMEOUT_MS // 1000).rstrip("\n"),
        "",
        "## Summary",
        "",
        *_headline(mine),
        "",
        "## The highest final scores",
        "",
        "No game scores more than these two (the proof, "
        f"{{ref}}`sagrada-highest-score <{ANCHOR}sagrada-highest-score>`, shows that only "
        "these public cards can, and only with a window of a forced shape, then rules that "
        "shape out on every pattern), and these windows reach them; the engine scores both "
        "the same (`tests/test_sagrada_proof_crosscheck.py`). Both are also played as whole "
        "games from the start, every die drawn and rolled as the plan needs, the moves of "
        "Copper Foil Burnisher included, and replayed by `tests/test_extremes.py`: see "
        "the proof's section below. The summary's column *In a game* says which bounds a "
        "recorded game reaches (`tests/golden/extremes/`, built by `python -m tools.extremes`); "
        "`-`: no game is recorded, the bound is attained by its witness in the model only.",
        "",
        *_highest(),
        "## The most each public objective scores, per pattern",
        "",
        "On one window: any window that obeys the neighbour bans, and a window on each of the "
        "24 patterns that also obeys its restrictions (the columns are the card numbers, "
        "sagrada:PUB-01 to sagrada:PUB-10: 1 Light Shades, 2 Medium Shades, 3 Deep Shades, "
        "4 Shade Variety, 5 Row Shade Variety, 6 Column Shade Variety, 7 Row Color Variety, "
        "8 Column Color Variety, 9 Color Variety, 10 Color Diagonals). Eglomise Brush and "
        "Copper Foil Burnisher can move a die onto a space against its restriction "
        "(sagrada:TOOL-02, sagrada:TOOL-03), so a window on a pattern can also reach the "
        "bound of any window, at a cost in favor tokens; the figures on a pattern are for "
        "the windows that obey it.",
        "",
        *_per_pattern(mine),
        "",
        "## The witness windows",
        "",
        "For any window, then for each pattern beside its grid (`.` a blank space, a colour "
        "or a value its restriction): one window per card reaching the card's most, under "
        "the card's number and its points (`..` an empty space, a die as its colour and "
        "value). The proofs check each one: the bans, the restrictions, that its dice can "
        "be placed in some order, its points by the rulebook's formulas and by the Z3 "
        "model; the engine scores each one the same "
        "(`tests/test_sagrada_proof_crosscheck.py`).",
        "",
        "### Any window",
        "",
        *_picture(None),
    ]
    for pattern in PATTERNS:
        out += [f"### {pattern.number}. {pattern.name} (difficulty {pattern.favor})", ""]
        out += _picture(pattern)
    for topic in TOPICS:
        if topic.game != "sagrada":
            continue
        proved = [r for r in mine.values() if r.key == topic.key]
        if not proved:
            continue
        out += [f"({ANCHOR}{topic.key})=", f"## {topic.title}", "", topic.statement, ""]
        out += [f"Clauses: {', '.join(topic.clauses)}.", ""]
        for r in proved:
            out += [f"### {topic.title}: {r.variant}", "", f"**{_verdict(r)}**: {r.bound}", ""]
            out += section(r.name, r.values)
            for check in r.checks:
                mark = "" if check.ok else " **FAILED**"
                out.append(f"- {check.kind} ({check.answer}){mark}: {check.text}")
            out.append("")
    page = _QUALIFIER.sub("", "\n".join(out)).rstrip("\n") + "\n"
    while "\n\n\n" in page:
        page = page.replace("\n\n\n", "\n\n")
    return page
