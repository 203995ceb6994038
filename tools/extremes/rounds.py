"""One round of Sintra realized for a plan (:mod:`tools.extremes.sintra`): the displays' pieces
and the other player's turns that let one player, the *planner*, take exactly the pieces its
plan asks for, turn after turn, and nothing else.

The planner's plan for a round is a list of turns: a reset, or a take of ``count`` pieces of
one colour. A take takes every piece of its colour from its source (TAKE-01, TAKE-02), so the
source must hold exactly that many: a display filled for it (the rest of that display goes to
the centre), or the centre when it holds exactly that many. The other player starts the round
(it holds the tile: it takes from the centre first every round, TAKE-03, so the planner never
takes the tile's step) and on each turn resets when it may (RESET-01, RESET-02) or takes:

* ``open``: a display holding one piece for it and three for the centre: pieces the
  planner's next takes from the centre need, and a *junk* colour to make up the rest;
* ``mono``: a display of 4 pieces of one colour, all for it;
* ``centre``: every piece of one colour in the centre (the first such take takes the tile).

:func:`realize` searches these choices depth first, with the planner's takes from a display or
from the centre, until the plan is done exactly when the round's last piece is taken (the
round ends then, ROUND-04) or when the other player's next take clears what is left. The
colours of the other player's own pieces are left open (:data:`WILD`): they are chosen with the
bag's contents and the other player's strips when the round is played.

A plan of four turns (2 blue, 1 green, a reset, 3 orange) with the other player unable to
reset at first: it opens a display of 3 purple pieces (and its own), the planner takes its 2
blue pieces from a display whose purple pieces join the centre, and so on; the other player
clears the centre last (9 purple pieces), which ends the round:

>>> path = realize([(0, 2), (1, 1), None, (2, 3)], may_reset=False, junk=range(5))
>>> for step in path:
...     print(*step)
other open (0, 0, 0, 3, 0)
planner open 0 2 (0, 0, 0, 2, 0)
other R
planner open 1 1 (3, 0, 0, 0, 0)
other centre 0 3
planner R
other open (0, 0, 0, 3, 0)
planner open 2 3 (0, 0, 0, 1, 0)
other centre 3 9
>>> displays(path)[:2]
[('open', [3, 3, 3, -1]), ('planner', [0, 0, 3, 3])]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["WILD", "Display", "Step", "displays", "realize"]

#: A piece whose colour is chosen when the round is played (the other player's own).
WILD = -1
#: A turn of the plan: ``(colour, count)`` to take, or ``None`` to reset.
Need = tuple[int, int] | None
#: A turn of the realized round: ``(who, kind, detail...)`` (module docstring).
Step = tuple[Any, ...]
#: A display's pieces (colours, :data:`WILD` for the other player's) and who opens it.
Display = tuple[str, list[int]]

_COLOURS = 5
_CAPACITY = 4
_DISPLAYS = 5


def _fillers(
    plan: Sequence[Need], at: int, centre: tuple[int, ...], size: int, avoid: int, junk: list[int]
) -> list[tuple[int, ...]]:
    """The pieces a display may send to the centre (``size`` of them, per colour): what some
    of the next takes from the centre lack (each whole, several colours), made up with one
    junk colour none of those takes needs; never colour ``avoid``."""
    needs: list[tuple[int, int]] = []
    for need in plan[at:]:
        if need is None:
            continue
        colour, count = need
        if any(colour == c for c, _ in needs):
            break  # the second take of a colour needs the first one gone first
        lack = count - centre[colour]
        if lack < 0:
            break
        needs.append((colour, lack))
        if len(needs) == 4:
            break
    wanted = {c for c, _ in needs}
    found: list[tuple[int, ...]] = []
    for mask in range(1 << len(needs)):
        chosen = [needs[i] for i in range(len(needs)) if mask >> i & 1]
        used = sum(n for _, n in chosen)
        base = [0] * _COLOURS
        for colour, n in chosen:
            base[colour] += n
        if used > size or (avoid >= 0 and base[avoid]):
            continue
        if used == size:
            found.append(tuple(base))
            continue
        for colour in junk:
            if colour != avoid and colour not in wanted:
                padded = list(base)
                padded[colour] += size - used
                found.append(tuple(padded))
    return list(dict.fromkeys(found))


#: Where a round stands: turn number, the plan's next turn, the centre's pieces per colour,
#: the displays not opened yet, whether the tile is taken, whether the other player may reset.
_At = tuple[int, int, tuple[int, ...], int, bool, bool]


class _Round:
    """The depth-first search of :func:`realize`, remembering the positions that fail."""

    def __init__(self, plan: Sequence[Need], junk: list[int]) -> None:
        self.plan = plan
        self.junk = junk
        self.dead: set[_At] = set()

    def search(self, at: _At) -> list[Step] | None:
        """The turns from ``at`` to the end of the round, or ``None``."""
        if at in self.dead:
            return None
        found = self.other(at) if at[0] % 2 == 0 else self.planner(at)
        if found is None:
            self.dead.add(at)
        return found

    def other(self, at: _At) -> list[Step] | None:
        """The other player's turn: when the plan is done it clears what is left in one take,
        else it resets, takes a colour from the centre or opens a display."""
        turn, next_, centre, shut, tile, can = at
        if next_ == len(self.plan):
            colours = [c for c in range(_COLOURS) if centre[c]]
            if shut == 0 and not colours:
                return []
            if shut == 0 and len(colours) == 1:
                return [("other", "centre", colours[0], centre[colours[0]])]
            if shut == 1 and not colours:
                return [("other", "mono")]
            return None
        options: list[tuple[Step, _At]] = []
        if can:
            options.append((("other", "R"), (turn + 1, next_, centre, shut, tile, False)))
        for colour in range(_COLOURS):
            if centre[colour]:
                rest = tuple(0 if c == colour else n for c, n in enumerate(centre))
                step = ("other", "centre", colour, centre[colour])
                options.append((step, (turn + 1, next_, rest, shut, True, True)))
        if shut:
            for filler in _fillers(self.plan, next_, centre, _CAPACITY - 1, -1, self.junk):
                after = tuple(a + b for a, b in zip(centre, filler, strict=True))
                options.append(
                    (("other", "open", filler), (turn + 1, next_, after, shut - 1, tile, True))
                )
            options.append((("other", "mono"), (turn + 1, next_, centre, shut - 1, tile, True)))
        for step, later in options:
            if _CAPACITY * later[3] + sum(later[2]) == 0:
                continue  # the round would end before the plan is done
            rest_path = self.search(later)
            if rest_path is not None:
                return [step, *rest_path]
        return None

    def planner(self, at: _At) -> list[Step] | None:
        """The planner's turn: its plan's next turn, a take from the centre when it holds
        exactly the pieces, else from a display opened for it."""
        turn, next_, centre, shut, tile, can = at
        if next_ == len(self.plan):
            return None  # the round goes on with nothing planned
        need = self.plan[next_]
        if need is None:
            rest_path = self.search((turn + 1, next_ + 1, centre, shut, tile, can))
            return None if rest_path is None else [("planner", "R"), *rest_path]
        colour, count = need
        last = next_ + 1 == len(self.plan)
        if tile and centre[colour] == count:
            after = tuple(0 if c == colour else n for c, n in enumerate(centre))
            if last or sum(after) + _CAPACITY * shut:
                rest_path = self.search((turn + 1, next_ + 1, after, shut, tile, can))
                if rest_path is not None:
                    return [("planner", "centre", colour, count), *rest_path]
        if shut and count <= _CAPACITY:
            for filler in _fillers(
                self.plan, next_ + 1, centre, _CAPACITY - count, colour, self.junk
            ):
                after = tuple(a + b for a, b in zip(centre, filler, strict=True))
                if not last and sum(after) + _CAPACITY * (shut - 1) == 0:
                    continue
                rest_path = self.search((turn + 1, next_ + 1, after, shut - 1, tile, can))
                if rest_path is not None:
                    return [("planner", "open", colour, count, filler), *rest_path]
        return None


def realize(plan: Sequence[Need], *, may_reset: bool, junk: Iterable[int]) -> list[Step] | None:
    """The other player's turns and the sources of the planner's takes that carry out
    ``plan`` in one round, or ``None`` (module docstring).

    Args:
        plan: the planner's turns.
        may_reset: whether the other player may reset on its first turn (its last turn was a
            take that moved its glazier).
        junk: the colours that may make up a display, in order of preference.

    Returns:
        The round's turns, the other player's first: ``("other", "R")``, ``("other",
        "centre", colour, count)``, ``("other", "open", filler)``, ``("other", "mono")``,
        ``("planner", "R")``, ``("planner", "centre", colour, count)``, ``("planner",
        "open", colour, count, filler)`` (``filler``: the pieces sent to the centre, per
        colour).
    """
    return _Round(plan, list(junk)).search((0, 0, (0,) * _COLOURS, _DISPLAYS, False, may_reset))


def displays(path: Sequence[Step]) -> list[Display]:
    """The round's displays in the order they are opened: who opens each (``"open"`` and
    ``"mono"`` the other player, ``"planner"``) and its pieces, :data:`WILD` for the other
    player's own.

    Raises:
        ValueError: the path does not open every display.
    """
    found: list[Display] = []
    for step in path:
        if step[:2] == ("other", "open"):
            found.append(("open", [c for c in range(_COLOURS) for _ in range(step[2][c])] + [WILD]))
        elif step[:2] == ("other", "mono"):
            found.append(("mono", [WILD] * _CAPACITY))
        elif step[:2] == ("planner", "open"):
            _who, _kind, colour, count, filler = step
            rest = [c for c in range(_COLOURS) for _ in range(filler[c])]
            found.append(("planner", [colour] * count + rest))
    if len(found) != _DISPLAYS:
        raise ValueError(f"the round opens {len(found)} displays, not {_DISPLAYS}")
    return found
