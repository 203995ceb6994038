r"""The shared shape of a JSON game record (private; generic: imports no game).

Every game's record document holds its ``moves`` as one list in the order they came: a decision
in the game's notation, ``{"chance": [outcomes]}`` (the chance outcomes that came next) or
``{"comment": "text"}``; and every record holds the players' names, free tags and comments. The
game's own records module (``games/<name>/records.py``) keeps its document's fields, its words
and its clause IDs, and passes them to these helpers, which raise through the game's
:class:`~sintra_rules._strict.Reader` so that each error names the JSON path (or the record's
field) and says why.

>>> from sintra_rules._strict import Reader
>>> from sintra_rules.errors import RecordError
>>> one_line(Reader(RecordError), "a\nb", "names[0]", "a name", "ENG-0")
Traceback (most recent call last):
...
sintra_rules.errors.RecordError: names[0]: a name is one line: no line breaks (ENG-0)
>>> relocated("actions[2].x", {"actions[2]": "moves[5]"})
'moves[5].x'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from sintra_rules._strict import Reader, describe
from sintra_rules.errors import NotationError
from sintra_rules.game import GameLog, Result

__all__ = [
    "CommentLike",
    "DrawsLike",
    "anchored_comments",
    "check_extras",
    "check_tag",
    "fold_moves",
    "index_draws",
    "moves_to_json",
    "names_and_free_tags",
    "one_line",
    "player_names",
    "read_moves",
    "relocated",
    "replayed_log",
]

#: A free tag's name: a letter followed by letters and digits.
TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9]*")
#: The tags a record keeps as the players' names (``Player1``, ...), not as free tags.
PLAYER_TAG = re.compile(r"Player[0-9]+")

_A = TypeVar("_A")
_T = TypeVar("_T")
_D = TypeVar("_D", bound="DrawsLike")
_C = TypeVar("_C", bound="CommentLike")


class DrawsLike(Protocol):
    """A game's ``Draws``: the chance outcomes that came after ``ply`` decisions."""

    @property
    def ply(self) -> int:
        """The number of decisions before the outcomes."""

    @property
    def outcomes(self) -> tuple[int, ...]:
        """The outcomes, in order."""


class CommentLike(Protocol):
    """A game's ``Comment``: a text after ``ply`` decisions (after that ply's draws when
    ``after_draws``)."""

    @property
    def ply(self) -> int:
        """The number of decisions before the comment."""

    @property
    def text(self) -> str:
        """The comment."""

    @property
    def after_draws(self) -> bool:
        """Whether the comment follows the chance outcomes of its ply."""


def player_names(names: Sequence[str | None], num_players: int) -> tuple[str, ...]:
    """The players' names by seat, ``Player N`` for an unnamed one.

    Args:
        names: a record's names (one per seat, ``None`` for an unnamed one), or none at all.
        num_players: the number of seats.

    Returns:
        One name per seat.

    >>> player_names(("Ana", None), 2), player_names((), 1)
    (('Ana', 'Player 2'), ('Player 1',))
    """
    given = names or (None,) * num_players
    return tuple(f"Player {seat + 1}" if name is None else name for seat, name in enumerate(given))


def fold_moves(
    value: _T,
    actions: Sequence[_A],
    draws: Iterable[_D],
    comments: Iterable[CommentLike],
    *,
    action: Callable[[_T, _A], _T],
    comment: Callable[[_T, str], _T],
    chance: Callable[[_T, int, _D], _T],
) -> _T:
    """``value`` carried through a record's moves in the order they came: after each decision
    (and before the first), its comments, then its chance outcomes and the comments that follow
    them.

    Args:
        value: the value to start from.
        actions: the decisions.
        draws: the chance outcomes by the ply they follow.
        comments: the comments.
        action: the value after a decision.
        comment: the value after a comment.
        chance: the value after the draws of index ``i`` (value, i, draws).

    Returns:
        The value after every move.
    """
    drawn = {d.ply: (index, d) for index, d in enumerate(draws)}
    notes: dict[tuple[int, bool], list[str]] = {}
    for note in comments:
        notes.setdefault((note.ply, note.after_draws), []).append(note.text)
    for ply in range(len(actions) + 1):
        if ply:
            value = action(value, actions[ply - 1])
        for text in notes.get((ply, False), []):
            value = comment(value, text)
        if ply in drawn:
            value = chance(value, *drawn[ply])
            for text in notes.get((ply, True), []):
                value = comment(value, text)
    return value


def moves_to_json(
    actions: Sequence[str], draws: Iterable[DrawsLike], comments: Iterable[CommentLike]
) -> list[Any]:
    """The ``moves`` of a record document, in the order they came (:func:`fold_moves`).

    Args:
        actions: the decisions, already in the game's notation.
        draws: the chance outcomes by the ply they follow.
        comments: the comments.

    Returns:
        The list to write.

    >>> class D:
    ...     ply, outcomes = 1, (3, 4)
    >>> class C:
    ...     ply, text, after_draws = 1, "late", True
    >>> moves_to_json(["a", "b"], [D()], [C()])
    ['a', {'chance': [3, 4]}, {'comment': 'late'}, 'b']
    """
    moves: list[Any] = []
    return fold_moves(
        moves,
        actions,
        draws,
        comments,
        action=lambda done, text: _add(done, text),
        comment=lambda done, text: _add(done, {"comment": text}),
        chance=lambda done, index, run: _add(done, {"chance": list(run.outcomes)}),
    )


def _add(done: list[Any], item: object) -> list[Any]:
    done.append(item)
    return done


def names_and_free_tags(
    tags: Sequence[tuple[str, str]], num_players: int, reserved: Iterable[str]
) -> tuple[tuple[str | None, ...], tuple[tuple[str, str], ...]]:
    """A text record's tags as a game record holds them: the players' names by seat (from
    ``PlayerN``; none at all when no seat is named) and the free tags (not ``reserved``, not a
    name).

    Args:
        tags: the text record's tags, in order.
        num_players: the number of seats.
        reserved: the tags the record holds in fields of their own.

    Returns:
        The names and the free tags.

    >>> names_and_free_tags([("Sintra", "1"), ("Player2", "Bo"), ("Event", "x")], 2, ["Sintra"])
    ((None, 'Bo'), (('Event', 'x'),))
    """
    found = dict(tags)
    names: tuple[str | None, ...] = ()
    if any(f"Player{seat + 1}" in found for seat in range(num_players)):
        names = tuple(found.get(f"Player{seat + 1}") for seat in range(num_players))
    kept = set(reserved)
    free = tuple(
        (name, value)
        for name, value in tags
        if name not in kept and not re.fullmatch(r"Player\d+", name)
    )
    return names, free


def anchored_comments(
    comments: Iterable[tuple[int, str]],
    anchors: Sequence[tuple[int, bool]],
    make: Callable[[int, str, bool], _C],
) -> list[_C]:
    """A text record's comments (the index of the move they follow, -1 before the first) as a
    game record's: each at the ply of its move, after its draws when the move was chance.

    Args:
        comments: (move index, text) pairs.
        anchors: for each move of the text record, (ply, whether it is chance).
        make: the game's ``Comment`` (ply, text, after_draws).

    Returns:
        The comments.
    """
    found = []
    for index, text in comments:
        ply, after = (0, False) if index < 0 else anchors[index]
        found.append(make(ply, text, after))
    return found


def one_line(read: Reader, value: object, path: str, what: str, clause: str) -> str:
    """``value`` as a string with no line break.

    Args:
        read: the game's reader (its error class).
        value: the decoded value.
        path: where it is, for the error.
        what: what it is (``a name``, ``a tag``, ``a comment``), for the error.
        clause: the clause of the record format, for the error.

    Returns:
        The text.

    Raises:
        RecordError: (the reader's error) not a string, or a string with a line break.
    """
    text = read.string(value, path)
    if "\n" in text or "\r" in text:
        read.fail(path, f"{what} is one line: no line breaks ({clause})")
    return text


def check_tag(
    read: Reader,
    name: object,
    value: object,
    path: str,
    *,
    reserved: Iterable[str],
    name_clause: str,
    line_clause: str,
) -> None:
    """Check one free tag: a name of letters and digits that the record does not hold in a
    field of its own (``reserved``, ``PlayerN``), and a value on one line.

    Args:
        read: the game's reader (its error class).
        name: the tag's name.
        value: its value.
        path: where it is, for the error.
        reserved: the tag names the text record gives a meaning of its own.
        name_clause: the clause of tag names (the text record's).
        line_clause: the clause of the record format (one line).

    Raises:
        RecordError: (the reader's error) naming ``path`` and why.
    """
    if not isinstance(name, str) or not TAG_NAME.fullmatch(name):
        read.fail(path, f"a tag name is a letter followed by letters and digits ({name_clause})")
    if name in reserved or PLAYER_TAG.fullmatch(name):
        read.fail(path, f"{name} is not a free tag: the record holds it in its own field")
    one_line(read, value, path, "a tag", line_clause)


def read_moves(
    read: Reader,
    items: list[Any],
    *,
    action: Callable[[str], _A],
    comment_text: Callable[[object, str], str],
    draws: Callable[[int, tuple[int, ...]], _D],
    comment: Callable[[int, str, bool], _C],
    move: str,
    no_outcomes: str,
    locate_entries: bool = False,
) -> tuple[list[_A], list[_D], list[_C], dict[str, str]]:
    """The decisions, draws and comments of a document's ``moves``, and where each came from.

    Args:
        read: the game's reader (its error class).
        items: the decoded ``moves``.
        action: the game's notation reader (raises :class:`~sintra_rules.NotationError`).
        comment_text: the game's check of a comment's text (value, path).
        draws: the game's ``Draws`` (ply, outcomes).
        comment: the game's ``Comment`` (ply, text, after_draws).
        move: what a move is, for the error on anything else.
        no_outcomes: the error on an empty ``chance`` list.
        locate_entries: also map ``draws[i]`` itself to its entry (not only its outcomes).

    Returns:
        The decisions, the draws, the comments, and a map from each of the record's fields
        (``actions[i]``, ``draws[i].outcomes``) to its JSON path in the document (for
        :func:`relocated`).

    Raises:
        RecordError: (the reader's error) a malformed move, on ``moves[i]``; an action that
            does not read, with its ply (1 for the first).
    """
    actions: list[_A] = []
    drawn: list[_D] = []
    comments: list[_C] = []
    where: dict[str, str] = {}
    last = ""
    for index, item in enumerate(items):
        path = f"moves[{index}]"
        if isinstance(item, dict) and "comment" in item:
            obj = read.fields(item, path, ("comment",))
            text = comment_text(obj["comment"], f"{path}.comment")
            comments.append(comment(len(actions), text, last == "chance"))
            continue
        if isinstance(item, dict) and "chance" not in item:
            read.fail(path, move)
        if isinstance(item, dict):
            obj = read.fields(item, path, ("chance",))
            if last == "chance" or (drawn and drawn[-1].ply == len(actions)):
                read.fail(path, "the chance outcomes after a move are written in one entry")
            outcomes = read.integers(obj["chance"], f"{path}.chance")
            if not outcomes:
                read.fail(f"{path}.chance", no_outcomes)
            where[f"draws[{len(drawn)}].outcomes"] = f"{path}.chance"
            if locate_entries:
                where[f"draws[{len(drawn)}]"] = path
            drawn.append(draws(len(actions), outcomes))
            last = "chance"
            continue
        if not isinstance(item, str):
            read.fail(path, f"{move}, got {describe(item)}")
        try:
            parsed = action(item)
        except NotationError as error:
            read.fail(path, f"ply {len(actions) + 1}: {error.reason}")
        where[f"actions[{len(actions)}]"] = path
        actions.append(parsed)
        last = "action"
    return actions, drawn, comments, where


def relocated(field: str, where: Mapping[str, str]) -> str:
    """A record's field (as a replay's error names it) as its path in the document it was read
    from (``where``, from :func:`read_moves`); a field not in ``where`` is left as it is."""
    for ours, theirs in where.items():
        if field == ours or field.startswith((f"{ours}[", f"{ours}.")):
            return theirs + field[len(ours) :]
    return field


def check_extras(
    read: Reader,
    *,
    num_players: int,
    num_actions: int,
    names: Sequence[str | None],
    tags: Sequence[tuple[str, str]],
    draws: Iterable[object],
    comments: Sequence[object],
    name: Callable[[object, str], object],
    tag: Callable[[object, object, str], None],
    comment_text: Callable[[object, str], object],
    draws_type: type[DrawsLike],
    comment_type: type[CommentLike],
) -> None:
    """Check the names, tags and comments of a record built by hand, on the record's fields.

    Args:
        read: the game's reader (its error class).
        num_players: the record's number of seats.
        num_actions: the record's number of decisions.
        names: its names.
        tags: its free tags, (name, value) pairs.
        draws: its draws (of ``draws_type``; others are checked by the replay).
        comments: its comments (of ``comment_type``).
        name: the game's check of a name (value, path).
        tag: the game's check of a tag (name, value, path).
        comment_text: the game's check of a comment's text (value, path).
        draws_type: the game's ``Draws`` class.
        comment_type: the game's ``Comment`` class.

    Raises:
        RecordError: (the reader's error) naming the field and why.
    """
    if names and len(names) != num_players:
        read.fail("names", f"expected one name per player ({num_players}) or none")
    for seat, given in enumerate(names):
        if given is not None:
            name(given, f"names[{seat}]")
    for index, pair in enumerate(tags):
        if not (isinstance(pair, tuple) and len(pair) == 2):
            read.fail(f"tags[{index}]", f"expected a (name, value) pair, got {describe(pair)}")
        tag(pair[0], pair[1], f"tags[{index}]")
    if len({key for key, _ in tags}) != len(tags):
        read.fail("tags", "a tag is given twice")
    draw_plies = {d.ply for d in draws if isinstance(d, draws_type)}
    for index, note in enumerate(comments):
        path = f"comments[{index}]"
        if not isinstance(note, comment_type):
            read.fail(path, f"expected a Comment, got {describe(note)}")
        comment_text(note.text, f"{path}.text")
        if type(note.ply) is not int or not 0 <= note.ply <= num_actions:
            read.fail(f"{path}.ply", f"a ply from 0 to {num_actions}")
        if note.after_draws and note.ply not in draw_plies:
            read.fail(path, f"no chance outcomes follow ply {note.ply} for it to come after")
    plies = [(n.ply, n.after_draws) for n in comments if isinstance(n, comment_type)]
    if plies != sorted(plies):
        read.fail("comments", "comments come in the order of the moves they follow")


def index_draws(
    read: Reader, draws: Iterable[object], num_actions: int, draws_type: type[_D]
) -> dict[int, tuple[int, _D]]:
    """A record's draws by the ply they follow, each with its index, checked: of the game's
    ``Draws`` class, a ply from 0 to ``num_actions``, one entry per ply in order.

    Args:
        read: the game's reader (its error class).
        draws: the record's draws.
        num_actions: the record's number of decisions.
        draws_type: the game's ``Draws`` class.

    Returns:
        ``{ply: (index, draws)}``.

    Raises:
        RecordError: (the reader's error) on ``draws[i]`` or ``draws[i].ply``.
    """
    found: dict[int, tuple[int, _D]] = {}
    for index, item in enumerate(draws):
        if not isinstance(item, draws_type):
            read.fail(f"draws[{index}]", f"expected Draws, got {describe(item)}")
        if type(item.ply) is not int or not 0 <= item.ply <= num_actions:
            read.fail(f"draws[{index}].ply", f"a ply from 0 to {num_actions}")
        if found and item.ply <= max(found):
            read.fail(f"draws[{index}].ply", "one entry per ply, in the order of the plies")
        found[item.ply] = (index, item)
    return found


def replayed_log(
    record: Any,
    states: Sequence[Any],
    *,
    options: Sequence[tuple[str, str]],
    result: Callable[[Any], Result],
    kind: str,
) -> GameLog:
    """A game's record, replayed, as the protocol's :class:`~sintra_rules.game.GameLog`.

    Args:
        record: the game's record: its ``start`` (``None``: a seeded game), ``actions``,
            ``draws`` (:class:`DrawsLike`), ``seed``, ``names``, ``tags`` and ``comments``
            (:class:`CommentLike`).
        states: the states the replay went through, ``states[0]`` before the first action.
        options: the options that start the seeded game, as (name, value) pairs.
        result: the result of a finished game's final state.
        kind: what was read (``"game record"``, ``"text record"``).

    Returns:
        The log: the outcomes of each ply (none where the record has no draws), the result
        when the game is over, and the record itself, so that writing it back loses nothing.
    """
    draws = {d.ply: d.outcomes for d in record.draws}
    final = states[-1]
    return GameLog(
        start=states[0] if record.start is None else record.start,
        states=states,
        actions=record.actions,
        outcomes=[draws.get(ply, ()) for ply in range(len(record.actions) + 1)],
        seed=record.seed,
        options=options,
        names=record.names,
        tags=record.tags,
        comments=[(c.ply, c.text) for c in record.comments],
        result=result(final) if final.is_over else None,
        kind=kind,
        record=record,
    )
