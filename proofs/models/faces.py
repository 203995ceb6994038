"""One completed face: its pieces per colour, its colour bonus and the window points.

Model (DONE-01 to DONE-06, PLACE-06, FIG-09): a completed face holds one piece on each of its
spaces; a colour space holds its own colour and a joker space any colour (the *joker fill*).
The colour bonus is the number of pieces of the round's colour (DONE-02). The kept piece goes to
the target window (DONE-04, DONE-05), which then scores its value plus the value of every window
to its right that holds a piece (DONE-06). The face completed first in a slot is the face that
was up at setup, which is never the joker face (SETUP-04, DONE-04).

>>> completed((3, 1, 1, 0, 0), (0, 0, 0, 0, 0))
(3, 1, 1, 0, 0)
>>> window_points((4, 3, 2, 3, 1, 2, 1, 2), [False] * 5 + [True] * 3, 5)
5
"""

from __future__ import annotations

from collections.abc import Sequence

from proofs.figures import Face, Figures, codes
from proofs.harness import Evaluate, Term, all_of, ite, select, total
from sintra_rules.games.sintra.components import default_components

__all__ = ["best_bonus", "completed", "face_text", "pick_face", "window_points"]


def completed(counts: Sequence[Term], fill: Sequence[Term]) -> tuple[Term, ...]:
    """Pieces per colour on a completed face: its colour spaces plus the joker fill."""
    return tuple(n + y for n, y in zip(counts, fill, strict=True))


def window_points(values: Sequence[Term], occupied: Sequence[Term], target: Term) -> Term:
    """Points for furnishing window ``target`` (DONE-06): its value plus the value of every
    window to its right that holds a piece (``occupied`` already counts the new piece)."""
    right = total(ite(all_of(w > target, occupied[w]), values[w], 0) for w in range(len(values)))
    return select(values, target) + right


def pick_face(fig: Figures, index: Term) -> Face:
    """Face ``index`` (``2 * strip + face``) of the strip set, for a number or a Z3 term."""
    flat = [face for strip in fig.faces for face in strip]
    counts = tuple(select([f.counts[c] for f in flat], index) for c in range(fig.colours))
    return Face(counts, select([f.jokers for f in flat], index))


def face_text(fig: Figures, value: Evaluate, index: Term, fill: Sequence[Term] = ()) -> str:
    """A face as text (``BBBGO``, ``JJBGO``), with its joker fill when given."""
    letters = codes()
    i = value(index)
    if fig.scope == "shipped":
        text = default_components().strips[i // 2][i % 2]
        where = f"strip {i // 2 + 1} face {i % 2 + 1} {text}"
    else:
        face = fig.faces[i // 2][i % 2]
        text = "".join(letters[c] * value(face.counts[c]) for c in range(fig.colours))
        where = f"strip {i // 2 + 1} face {i % 2 + 1} {text + 'J' * value(face.jokers)}"
    filled = "".join(letters[c] * value(n) for c, n in enumerate(fill))
    return where + (f" (jokers hold {filled})" if filled else "")


def best_bonus(fig: Figures) -> int:
    """The largest colour bonus of one face: its most frequent colour plus its jokers (a number
    for the shipped table; for every admissible table, the 5 spaces of a face)."""
    if fig.scope == "admissible":
        return fig.spaces
    return int(max(max(f.counts) + f.jokers for strip in fig.faces for f in strip))
