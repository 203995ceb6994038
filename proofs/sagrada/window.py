"""The window, twice: as plain data scored by plain Python, and as a Z3 model.

**Plain data.** A window is a tuple of 20 spaces, row-major, each a die ``(colour, value)``
or ``None``. The functions below score it from the rulebook's formulas (sagrada:PUB-01 to
sagrada:PUB-10, sagrada:SCORE-02, sagrada:SCORE-04) and check it (the neighbour bans
sagrada:PLACE-06 and sagrada:PLACE-07, a pattern's restrictions sagrada:PLACE-03 and
sagrada:PLACE-04, and the order of placement sagrada:PLACE-01 and sagrada:PLACE-02). They check the
proofs' witnesses; they are the model's scorer, written apart from the engine's
(``tests/test_sagrada_proof_crosscheck.py`` scores the witnesses with the engine).

>>> w = parse("R1 Y3 G1 -- B6 / G4 P2 Y5 R3 P4 / B6 R5 G2 Y6 B1 / Y2 B4 R6 P5 G3")
>>> [public_points(n, w) for n in (1, 5, 6, 7, 8, 10)], private_points(0, w)
([6, 5, 16, 6, 10, 7], 15)
>>> ban_breaks(w), buildable(w)
((), True)

**The Z3 model** (:class:`WindowModel`). Each space has a Boolean per colour and per value,
exactly one of each when the space holds a die and none when it is empty; the neighbour bans
are clauses. A score is a :class:`Score`, a weighted sum of Boolean terms plus a constant:
each public card is modelled by Boolean terms that may be true only when what they reward is
there (a set term ``j`` only when the window holds ``j`` dice of every kind the set needs, a
row term only when the row is complete without a repeat, a die's diagonal term only when a
diagonal neighbour has its colour). So a model's score never exceeds the window's real score,
and setting each term to whether its condition holds reaches it: the largest model score of a
window is its real score, and a bound on the model's score is a bound on the real one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeAlias

import attrs
import z3

from proofs.harness import Evaluate
from proofs.sagrada.figures import (
    BORDER,
    COLOURS,
    COLUMNS,
    DIAGONAL,
    NEIGHBOURS,
    ORTHOGONAL,
    PUBLICS,
    ROWS,
    SPACES,
    VALUES,
    Pattern,
)

__all__ = [
    "Die",
    "Score",
    "Window",
    "WindowModel",
    "ban_breaks",
    "buildable",
    "parse",
    "private_points",
    "public_count",
    "public_points",
    "render",
    "restriction_breaks",
]

#: A die: colour index (sagrada:COMP-01) and value.
Die: TypeAlias = tuple[int, int]
#: A window: 20 spaces, row-major, each a die or ``None``.
Window: TypeAlias = tuple[Die | None, ...]

_LINES_ROWS = tuple(tuple(r * COLUMNS + c for c in range(COLUMNS)) for r in range(ROWS))
_LINES_COLUMNS = tuple(tuple(r * COLUMNS + c for r in range(ROWS)) for c in range(COLUMNS))


# --- plain data ---------------------------------------------------------------------------------


def parse(text: str) -> Window:
    """A window from text: rows split by ``/``, spaces by blanks, a die as colour code and
    value (``R6``), an empty space as ``--``.

    >>> parse("R6 -- -- -- -- / -- -- -- -- -- / -- -- -- -- -- / -- -- -- -- B1")[::19]
    ((0, 6), (3, 1))
    """
    cells = [c for row in text.split("/") for c in row.split()]
    if len(cells) != SPACES:
        raise ValueError(f"a window has {SPACES} spaces, not {len(cells)}: {text!r}")
    return tuple(None if c == "--" else (COLOURS.index(c[0]), int(c[1:])) for c in cells)


def render(window: Window) -> tuple[str, ...]:
    """The window as 4 lines of text, the form :func:`parse` reads (rows joined by ``/``)."""
    return tuple(
        " ".join(
            "--" if (d := window[r * COLUMNS + c]) is None else f"{COLOURS[d[0]]}{d[1]}"
            for c in range(COLUMNS)
        )
        for r in range(ROWS)
    )


def ban_breaks(window: Window) -> tuple[tuple[int, int], ...]:
    """The orthogonal neighbours with the same colour (sagrada:PLACE-06) or value
    (sagrada:PLACE-07)."""
    out = []
    for a, b in ORTHOGONAL:
        da, db = window[a], window[b]
        if da is not None and db is not None and (da[0] == db[0] or da[1] == db[1]):
            out.append((a, b))
    return tuple(out)


def restriction_breaks(pattern: Pattern, window: Window) -> tuple[int, ...]:
    """The spaces whose die breaks the pattern's colour (sagrada:PLACE-03) or value
    (sagrada:PLACE-04) restriction."""
    out = []
    for space, die in enumerate(window):
        code = pattern.restriction(space)
        if die is None or code == ".":
            continue
        if (code in COLOURS and COLOURS.index(code) != die[0]) or (
            code.isdigit() and int(code) != die[1]
        ):
            out.append(space)
    return tuple(out)


def buildable(window: Window) -> bool:
    """Whether the dice can be placed one by one (sagrada:PLACE-01, sagrada:PLACE-02).

    Each die goes on a border space while the window is empty (sagrada:PLACE-01) and next to a die
    otherwise (sagrada:PLACE-02): so the window is empty, or its dice are connected through
    orthogonal and diagonal neighbours and one lies on the border. The restrictions and the bans
    hold of every die as placed when they hold of the whole window, since a die never moves without
    a tool.

    Args:
        window: the window.

    Returns:
        Whether some order of placement builds it.
    """
    dice = {s for s, d in enumerate(window) if d is not None}
    if not dice:
        return True
    start = next((s for s in BORDER if s in dice), None)
    if start is None:
        return False
    seen, todo = {start}, [start]
    while todo:
        for n in NEIGHBOURS[todo.pop()]:
            if n in dice and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == dice


def _count(window: Window, index: int, kind: int) -> int:
    return sum(1 for d in window if d is not None and d[index] == kind)


def _complete_lines(window: Window, lines: Sequence[Sequence[int]], index: int) -> int:
    count = 0
    for line in lines:
        dice = [window[s] for s in line]
        if all(d is not None for d in dice) and len({d[index] for d in dice if d}) == len(line):
            count += 1
    return count


def public_count(number: int, window: Window) -> int:
    """What public objective ``number`` (1 to 10) counts in the window: sets, complete lines
    without a repeat, or dice with a diagonal neighbour of their colour (sagrada:PUB-01 to
    sagrada:PUB-10)."""
    if number in (1, 2, 3):
        low = 2 * number - 1
        return min(_count(window, 1, low), _count(window, 1, low + 1))
    if number == 4:
        return min(_count(window, 1, v) for v in VALUES)
    if number in (5, 6):
        return _complete_lines(window, _LINES_ROWS if number == 5 else _LINES_COLUMNS, 1)
    if number in (7, 8):
        return _complete_lines(window, _LINES_ROWS if number == 7 else _LINES_COLUMNS, 0)
    if number == 9:
        return min(_count(window, 0, k) for k in range(len(COLOURS)))
    if number == 10:
        return sum(
            1
            for s, d in enumerate(window)
            if d is not None
            and any((e := window[n]) is not None and e[0] == d[0] for n in DIAGONAL[s])
        )
    raise ValueError(f"no public objective {number}")


def public_points(number: int, window: Window) -> int:
    """The points public objective ``number`` gives the window (sagrada:PUB-11: its count times the
    card's points)."""
    return public_count(number, window) * PUBLICS[number - 1].points


def private_points(colour: int, window: Window) -> int:
    """The sum of the values of the dice of ``colour`` (sagrada:SCORE-02)."""
    return sum(d[1] for d in window if d is not None and d[0] == colour)


# --- the Z3 model -------------------------------------------------------------------------------


@attrs.frozen
class Score:
    """``constant + sum(weight * term)`` over Boolean terms, for pseudo-Boolean constraints."""

    terms: tuple[tuple[z3.BoolRef, int], ...] = ()
    constant: int = 0

    def __add__(self, other: Score) -> Score:
        return Score(self.terms + other.terms, self.constant + other.constant)

    def plus(self, constant: int) -> Score:
        """The score with ``constant`` added."""
        return Score(self.terms, self.constant + constant)

    def at_most(self, bound: int) -> z3.BoolRef:
        """``score <= bound``."""
        return z3.PbLe(list(self._positive()), bound - self._shift())

    def at_least(self, bound: int) -> z3.BoolRef:
        """``score >= bound``."""
        return z3.PbGe(list(self._positive()), bound - self._shift())

    def exactly(self, bound: int) -> z3.BoolRef:
        """``score == bound``."""
        return z3.PbEq(list(self._positive()), bound - self._shift())

    def value(self, evaluate: Evaluate) -> int:
        """The score in a model."""
        return self.constant + sum(w * evaluate(t) for t, w in self.terms)

    def _positive(self) -> Iterable[tuple[z3.BoolRef, int]]:
        """The terms with positive weights: ``-w * t`` is ``w * (not t) - w``."""
        for t, w in self.terms:
            if w > 0:
                yield t, w
            elif w < 0:
                yield z3.Not(t), -w

    def _shift(self) -> int:
        return self.constant + sum(w for _t, w in self.terms if w < 0)


def _one_hot(items: Sequence[z3.BoolRef], on: z3.BoolRef) -> z3.BoolRef:
    """Exactly one of ``items`` when ``on``, none otherwise."""
    return z3.PbEq([(x, 1) for x in items] + [(on, -1)], 0)


class WindowModel:
    """A window as Z3 Booleans: ``colour[s][k]``, ``value[s][v - 1]`` and ``filled[s]`` per
    space ``s``. ``premises`` holds what every window obeys: one colour and one value per die,
    none on an empty space, and the neighbour bans (sagrada:PLACE-06, sagrada:PLACE-07).

    ``ctx`` is the Z3 context of its Booleans (default: Z3's main one). A proof whose claims
    are sensitive to what else the process built gives each claim a context of its own: Z3's
    search follows the order in which terms were created, so a claim made after others in the
    same context can take far longer than alone."""

    def __init__(self, name: str = "w", ctx: z3.Context | None = None) -> None:
        self.name = name
        self.ctx = ctx
        #: Each Boolean term of a score with the condition it stands for: setting every term
        #: to its condition gives a window its largest score (``tests`` and
        #: :mod:`proofs.sagrada.engine` check that this is the engine's score).
        self.definitions: list[tuple[z3.BoolRef, z3.BoolRef]] = []
        self.colour = [[z3.Bool(f"{name}_{s}_{c}", ctx) for c in COLOURS] for s in range(SPACES)]
        self.value = [[z3.Bool(f"{name}_{s}_{v}", ctx) for v in VALUES] for s in range(SPACES)]
        self.filled = [z3.Bool(f"{name}_{s}_die", ctx) for s in range(SPACES)]
        self.premises: list[z3.BoolRef] = []
        self._fresh = 0
        for s in range(SPACES):
            self.premises.append(_one_hot(self.colour[s], self.filled[s]))
            self.premises.append(_one_hot(self.value[s], self.filled[s]))
        for a, b in ORTHOGONAL:
            for kinds in (self.colour, self.value):
                for x, y in zip(kinds[a], kinds[b], strict=True):
                    self.premises.append(z3.Or(z3.Not(x), z3.Not(y)))
        #: How many of ``premises`` every window obeys (the rest hold the score terms).
        self.base = len(self.premises)

    def fresh(self, label: str) -> z3.BoolRef:
        """A new Boolean of the model, named after ``label``."""
        return self._bool(label)

    def _bool(self, label: str) -> z3.BoolRef:
        self._fresh += 1
        return z3.Bool(f"{self.name}_{label}_{self._fresh}", self.ctx)

    # --- restrictions -------------------------------------------------------------------------

    def _meets(self, pattern: Pattern, space: int) -> z3.BoolRef:
        code = pattern.restriction(space)
        if code in COLOURS:
            return self.colour[space][COLOURS.index(code)]
        return self.value[space][int(code) - 1]

    def obey(self, pattern: Pattern) -> None:
        """Every die obeys the pattern's restrictions (sagrada:PLACE-03, sagrada:PLACE-04)."""
        for s in pattern.restricted:
            self.premises.append(z3.Implies(self.filled[s], self._meets(pattern, s)))

    def waivable(self, pattern: Pattern) -> dict[int, z3.BoolRef]:
        """Every die obeys the pattern's restrictions except on the spaces whose returned
        Boolean is true, which hold a die that breaks it."""
        broken = {}
        for s in pattern.restricted:
            b = self._bool(f"breaks{s}")
            broken[s] = b
            meets = self._meets(pattern, s)
            self.premises.append(z3.Implies(z3.And(self.filled[s], z3.Not(b)), meets))
            self.premises.append(z3.Implies(b, z3.And(self.filled[s], z3.Not(meets))))
        return broken

    def fix(self, window: Window) -> list[z3.BoolRef]:
        """The model holds exactly ``window``."""
        out: list[z3.BoolRef] = []
        for s, die in enumerate(window):
            out.append(self.filled[s] if die else z3.Not(self.filled[s]))
            if die is not None:
                out += [self.colour[s][die[0]], self.value[s][die[1] - 1]]
        return out

    def decode(self, evaluate: Evaluate) -> Window:
        """The window of a model."""
        out: list[Die | None] = []
        for s in range(SPACES):
            if not evaluate(self.filled[s]):
                out.append(None)
                continue
            colour = next(k for k, x in enumerate(self.colour[s]) if evaluate(x))
            value = next(v for v, x in zip(VALUES, self.value[s], strict=True) if evaluate(x))
            out.append((colour, value))
        return tuple(out)

    # --- scores -------------------------------------------------------------------------------

    def dice(self, weight: int = 1) -> Score:
        """``weight`` per die."""
        return Score(tuple((f, weight) for f in self.filled))

    def private(self, colour: int | Sequence[z3.BoolRef]) -> Score:
        """sagrada:SCORE-02: the values of the dice of ``colour``; or, given one Boolean per colour
        (exactly one true), of the colour whose Boolean holds."""
        terms = []
        for s in range(SPACES):
            for v in VALUES:
                t = self._bool(f"private{s}v{v}")
                self.premises.append(z3.Implies(t, self.value[s][v - 1]))
                if isinstance(colour, int):
                    self.premises.append(z3.Implies(t, self.colour[s][colour]))
                    kind = self.colour[s][colour]
                else:
                    for k, chosen in enumerate(colour):
                        self.premises.append(z3.Implies(z3.And(t, chosen), self.colour[s][k]))
                    kind = z3.Or(*(z3.And(c, self.colour[s][k]) for k, c in enumerate(colour)))
                self.definitions.append((t, z3.And(self.value[s][v - 1], kind)))
                terms.append((t, v))
        return Score(tuple(terms))

    def public(self, number: int, gate: z3.BoolRef | None = None) -> Score:
        """The points of public objective ``number`` (sagrada:PUB-01 to sagrada:PUB-11), or 0 unless
        ``gate`` holds."""
        points = PUBLICS[number - 1].points
        terms: list[z3.BoolRef]
        if number in (1, 2, 3, 4, 9):
            terms = self._sets(number)
        elif number in (5, 6, 7, 8):
            terms = self._lines(number)
        else:
            terms = self._diagonals()
        if gate is not None:
            self.premises += [z3.Implies(t, gate) for t in terms]
        return Score(tuple((t, points) for t in terms))

    def _sets(self, number: int) -> list[z3.BoolRef]:
        if number == 9:
            groups = [[self.colour[s][k] for s in range(SPACES)] for k in range(len(COLOURS))]
        elif number == 4:
            groups = [[self.value[s][v - 1] for s in range(SPACES)] for v in VALUES]
        else:
            low = 2 * number - 2
            groups = [[self.value[s][v] for s in range(SPACES)] for v in (low, low + 1)]
        terms = [self._bool(f"set{number}_{j}") for j in range(1, SPACES // len(groups) + 1)]
        for j, t in enumerate(terms, 1):
            self.premises += [z3.Implies(t, z3.AtLeast(*g, j)) for g in groups]
            if j > 1:
                self.premises.append(z3.Implies(t, terms[j - 2]))
            self.definitions.append((t, z3.And(*(z3.AtLeast(*g, j) for g in groups))))
        return terms

    def _lines(self, number: int) -> list[z3.BoolRef]:
        lines = _LINES_ROWS if number in (5, 7) else _LINES_COLUMNS
        kinds = self.value if number in (5, 6) else self.colour
        terms = []
        for i, line in enumerate(lines):
            t = self._bool(f"line{number}_{i}")
            terms.append(t)
            self.premises += [z3.Implies(t, self.filled[s]) for s in line]
            apart = []
            for a in line:
                for b in line:
                    if a < b:
                        for x, y in zip(kinds[a], kinds[b], strict=True):
                            self.premises.append(z3.Or(z3.Not(t), z3.Not(x), z3.Not(y)))
                            apart.append(z3.Or(z3.Not(x), z3.Not(y)))
            self.definitions.append((t, z3.And(*(self.filled[s] for s in line), *apart)))
        return terms

    def _diagonals(self) -> list[z3.BoolRef]:
        terms = []
        for s in range(SPACES):
            t = self._bool(f"diagonal{s}")
            terms.append(t)
            shared = []
            for k in range(len(COLOURS)):
                a = self._bool(f"diagonal{s}c{k}")
                shared.append(a)
                self.premises.append(z3.Implies(a, self.colour[s][k]))
                near = z3.Or(*(self.colour[n][k] for n in DIAGONAL[s]))
                self.premises.append(z3.Implies(a, near))
                self.definitions.append((a, z3.And(self.colour[s][k], near)))
            self.premises.append(z3.Implies(t, z3.Or(*shared)))
            self.definitions.append((t, z3.Or(*shared)))
        return terms


def show_window(
    model: WindowModel, extra: Callable[[Evaluate], Iterable[str]] | None = None
) -> Callable[[Evaluate], list[str]]:
    """Renders a model: the window's 4 rows, then ``extra`` lines."""

    def show(evaluate: Evaluate) -> list[str]:
        lines = list(render(model.decode(evaluate)))
        if extra is not None:
            lines += list(extra(evaluate))
        return lines

    return show


def scores(window: Window) -> Mapping[int, int]:
    """Every public objective's points for the window, by card number."""
    return {card.number: public_points(card.number, window) for card in PUBLICS}
