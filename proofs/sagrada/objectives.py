"""The most each public objective can score: on any window, and on each of the 24 patterns.

**Scope.** *Any window*: any dice on the 20 spaces (empty spaces allowed) with no two
orthogonal neighbours of the same colour or value (sagrada:PLACE-06, sagrada:PLACE-07). Every window
a game can end with is one: no tool waives the bans (sagrada:RUL-01), and the supply never limits a
window (at most 10 dice of a colour fit, since two dice of a colour are never orthogonal neighbours,
and there are 18). *On a pattern*: such a window whose dice also obey the pattern's colour and
value restrictions (sagrada:PLACE-03, sagrada:PLACE-04); every window of a game in which no die was
moved by Eglomise Brush or Copper Foil Burnisher (the only tools that waive them, sagrada:TOOL-02,
sagrada:TOOL-03) is one. With those tools a window can break restrictions and reach the bound of any
window.

**Witnesses.** Each bound is attained by a stored window (:mod:`proofs.sagrada.witnesses`),
checked in plain Python (bans, restrictions, points, and that its dice can be placed in some
order, sagrada:PLACE-01 and sagrada:PLACE-02) and by the Z3 model. The bound a claim states is the
witness's score, so a witness that is not the best fails the claim.
"""

from __future__ import annotations

from proofs.bounds import bound
from proofs.figures import Scope
from proofs.harness import Bound, Describe, Evaluate, Prover
from proofs.sagrada.engine import public_tie
from proofs.sagrada.figures import PATTERNS, PUBLICS, Pattern
from proofs.sagrada.window import (
    Score,
    Window,
    WindowModel,
    ban_breaks,
    buildable,
    parse,
    public_points,
    render,
    restriction_breaks,
    show_window,
)
from proofs.sagrada.witnesses import PUBLIC_BEST

__all__ = ["check_window", "public_best", "show_score"]

#: The variants: one per public objective card.
CARDS = tuple((card.name, (card.number,)) for card in PUBLICS)


def check_window(
    p: Prover, text: str, window: Window, pattern: Pattern | None, points: int
) -> bool:
    """Record a plain-Python check of a witness window: no ban broken, the pattern's
    restrictions obeyed (if any), buildable in some order, worth ``points``."""
    breaks = restriction_breaks(pattern, window) if pattern else ()
    ok = not ban_breaks(window) and not breaks and buildable(window)
    lines = [*render(window), f"points {points}"]
    return p.fact(text, ok, lines).ok


def show_score(model: WindowModel, score: Score) -> Describe:
    """Renders a model: the window, then the score."""

    def extra(evaluate: Evaluate) -> list[str]:
        return [f"points {score.value(evaluate)}"]

    return show_window(model, extra)


@bound(
    "sagrada-public-max",
    "Sagrada: the most a public objective scores",
    (
        "The points of each public objective card on any window that obeys the neighbour "
        "bans, and on any window that also obeys one of the 24 patterns, are at most the "
        "bound stated; a witness window reaches each bound. Each claim is proved by Z3 "
        "(the window scoring more is unsatisfiable)."
    ),
    (
        "sagrada:PUB-01",
        "sagrada:PUB-02",
        "sagrada:PUB-03",
        "sagrada:PUB-04",
        "sagrada:PUB-05",
        "sagrada:PUB-06",
        "sagrada:PUB-07",
        "sagrada:PUB-08",
        "sagrada:PUB-09",
        "sagrada:PUB-10",
        "sagrada:PUB-11",
        "sagrada:PLACE-03",
        "sagrada:PLACE-04",
        "sagrada:PLACE-06",
        "sagrada:PLACE-07",
    ),
    variants=CARDS,
    game="sagrada",
    scopes=("shipped",),
)
def public_best(p: Prover, scope: Scope, number: int) -> Bound:
    """The most public objective ``number`` scores, on any window and on each pattern."""
    public_tie(p, number)
    del scope
    values: dict[str, int] = {}
    for pattern in (None, *PATTERNS):
        where = "any window" if pattern is None else pattern.name
        window = parse(PUBLIC_BEST[number][0 if pattern is None else pattern.number])
        most = public_points(number, window)
        values[where] = most
        model = WindowModel()
        if pattern is not None:
            model.obey(pattern)
        score = model.public(number)
        show = show_score(model, score)
        p.claim(f"{where}: at most {most}", model.premises, score.at_most(most), show, "pb")
        check_window(p, f"{where}: a window worth {most}", window, pattern, most)
        p.witness(
            f"{where}: the model scores that window {most}",
            [*model.premises, *model.fix(window)],
            score.at_least(most),
            show,
            keys=[],
        )
    free = values["any window"]
    on = [values[pattern.name] for pattern in PATTERNS]
    text = (
        f"{free} on any window and on every pattern"
        if min(on) == max(on) == free
        else f"{free} on any window; {min(on)} to {max(on)} on the patterns"
    )
    return Bound(text, values)
