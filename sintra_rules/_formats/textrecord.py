r"""The shared shape of a text record (private; generic: imports no game).

A text record, written by hand at a real table, is PGN-like in every game: tag pairs
``[Name "value"]`` (the game's format tag first), a blank line, then the moves as tokens with
``{comments}`` among them. The game's own ``textrecord`` module keeps its tags' meaning, its
moves and its words; these helpers read and write the parts that are the same, raising
:class:`~sintra_rules.errors.RecordError` on the line and token (``line 7, token 3``) or the
tag at fault.

>>> lines = ['[game "1"]', '[Event "Club \\"night\\""]', "", "a b {fine"]
>>> tags, found, after = read_tags(lines, header="Game", version="1", known={"game": "Game"},
...                                opening="tags first")
>>> tags, after
([('Game', '1'), ('Event', 'Club "night"')], 3)
>>> list(tokens(lines, after, re.compile(r"\{[^}]*\}?|[^\s{]+")))
[('line 4, token 1', 'a'), ('line 4, token 2', 'b'), ('line 4, token 3', '{fine')]
>>> tag_lines(tags)
['[Game "1"]', '[Event "Club \\"night\\""]', '']
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from sintra_rules.errors import RecordError, RecordWarning

__all__ = [
    "BOM",
    "MoveNumbers",
    "check_scores",
    "comments_by_move",
    "looks_like_text_record",
    "quote",
    "read_tags",
    "tag_lines",
    "tag_name",
    "tokens",
    "unquote",
]

#: A byte-order mark, allowed before a text record.
BOM = "\ufeff"
#: One tag line: ``[Name "value"]``, the value with ``\"`` and ``\\`` escapes.
TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9]*) "((?:[^"\\]|\\.)*)"\]$')
#: A move number: ``12.``.
_MOVE_NUMBER = re.compile(r"^(\d+)\.$")


def looks_like_text_record(text: str) -> bool:
    """Whether ``text`` is meant as a text record rather than a JSON document: after a
    byte-order mark and blank lines it opens with a tag (``[Name "value"]``, the name in any
    case), or it is neither a JSON object or array nor any other JSON value.

    Args:
        text: the text of a file.

    Returns:
        Whether to read it as a text record.

    >>> looks_like_text_record('[Game "1"]'), looks_like_text_record('{"kind": 1}')
    (True, False)
    """
    head = text.removeprefix(BOM).lstrip()
    if head.startswith("["):
        return bool(re.match(r'\[\s*[A-Za-z][A-Za-z0-9]*\s+"', head))
    if head.startswith("{"):
        return head[1:].lstrip()[:1] not in ('"', "}", "")
    try:
        json.loads(head)
    except ValueError:
        return True
    return False


def unquote(value: str) -> str:
    r"""A tag's value as written between its quotes, its escapes undone (``\"`` is ``"``)."""
    return re.sub(r"\\(.)", r"\1", value)


def quote(value: str) -> str:
    r"""A tag's value to write between quotes: ``\`` and ``"`` escaped."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def tag_name(name: str, known: Mapping[str, str]) -> str:
    """A tag's name as the format spells it: ``player1`` is ``Player1``, a name of ``known``
    (by its lower case) as ``known`` spells it, any other as written.

    >>> tag_name("PLAYER2", {}), tag_name("seed", {"seed": "Seed"}), tag_name("Event", {})
    ('Player2', 'Seed', 'Event')
    """
    if re.fullmatch(r"(?i:player)\d+", name):
        return "Player" + name[6:]
    return known.get(name.lower(), name)


def read_tags(
    lines: Sequence[str], *, header: str, version: str, known: Mapping[str, str], opening: str
) -> tuple[list[tuple[str, str]], dict[str, str], int]:
    """The tags at the head of a text record, up to the first blank line after them.

    The game's format tag (``header``) comes first; left out, the record is read as
    ``version``; another version is refused.

    Args:
        lines: the record's lines.
        header: the name of the game's format tag (``Sintra``, ``Sagrada``).
        version: the text record version the game reads.
        known: the tags the game names (lower case to their spelling), for :func:`tag_name`.
        opening: the error when the first line that is not blank is not a tag.

    Returns:
        The tags in order (the format tag first), the same as a dict, and the number of lines
        they take (the moves follow).

    Raises:
        RecordError: on ``line N`` (a line that is not a tag, a tag given twice, no tag) or on
            the format tag (another version).
    """
    tags: list[tuple[str, str]] = []
    number = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            if tags:
                break
            continue
        match = TAG.match(line.strip())
        if match is None:
            if not tags:
                raise RecordError(f"line {number}", opening)
            raise RecordError(f"line {number}", 'expected a tag [Name "value"] or a blank line')
        name, value = tag_name(match.group(1), known), unquote(match.group(2))
        if name in dict(tags):
            raise RecordError(f"line {number}", f"the tag {name} is given twice")
        tags.append((name, value))
    else:
        number = len(lines)  # no blank line after the tags: no moves
    if not tags:
        raise RecordError(
            "line 1", f'a text record starts with [{header} "{version}"]: the file holds no tag'
        )
    found = dict(tags)
    tags.sort(key=lambda tag: tag[0] != header)
    if header not in found:
        tags.insert(0, (header, version))
        found[header] = version
    if found[header] != version:
        raise RecordError(header, f"unknown text record format {found[header]!r} (reads {version})")
    return tags, found, number


def tokens(lines: Sequence[str], after: int, token: re.Pattern[str]) -> Iterator[tuple[str, str]]:
    """The tokens of the moves (the lines after the first ``after``), each with where it
    starts (``line 9, token 3``); a comment may span lines.

    Args:
        lines: the record's lines.
        after: the number of lines the tags take.
        token: the game's token pattern.

    Yields:
        ``(where, token)`` pairs.
    """
    body = "\n".join(lines[after:])
    line, start, count = after + 1, 0, 0
    for match in token.finditer(body):
        newlines = body.count("\n", start, match.start())
        if newlines:
            line, count = line + newlines, 0
        count += 1
        start = match.start()
        yield f"line {line}, token {count}", match.group(0)


def check_scores(
    found: Mapping[str, str], is_over: bool, scores: Callable[[], Iterable[int]]
) -> None:
    """Check the ``Scores`` tag, when given, against the end of the replay.

    Args:
        found: the record's tags.
        is_over: whether the replayed game is over.
        scores: its final scores by seat (called only when it is over).

    Raises:
        RecordError: on ``Scores``: the game is not over, or it ends with other scores.
    """
    if "Scores" not in found:
        return
    if not is_over:
        raise RecordError("Scores", "the game is not over: final scores come at its end")
    given = " ".join(str(s) for s in scores())
    if found["Scores"] != given:
        raise RecordError("Scores", f"the replay ends with the scores {given}, not the ones given")


class MoveNumbers:
    """The move numbers of a text record's moves, the same in every game: ``12.`` before an
    action is its number in the game, counted from 1 (as ``sintra replay`` numbers them). They
    are optional; one that is not the action's, or that no action follows (it comes before
    another number, before the chance outcomes as seen, or at the end), is ignored with a
    :class:`~sintra_rules.errors.RecordWarning` naming where it is.

    Args:
        action: what the game calls an action, with its article (``an action``).
        chance: what its chance outcomes as seen are (``a refill``).

    >>> import warnings
    >>> numbers = MoveNumbers("an action", "a refill")
    >>> numbers.read("line 3, token 1", "2B-5"), numbers.read("line 3, token 1", "5.")
    (False, True)
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     numbers.action(4)
    >>> print(caught[0].message)
    line 3, token 1: move number 5. where action 4 comes (the number is ignored)
    """

    def __init__(self, action: str, chance: str) -> None:
        self._article, self._noun = action.split(" ", 1)
        self._chance = chance
        self._pending: tuple[str, int] | None = None

    def _warn(self, reason: str) -> None:
        assert self._pending is not None
        where, number = self._pending
        self._pending = None
        warnings.warn(RecordWarning(where, f"move number {number}. {reason}"), stacklevel=4)

    def read(self, where: str, token: str) -> bool:
        """Whether ``token`` (at ``where``) is a move number: then it waits for its action.

        Args:
            where: where the token starts (``line 9, token 3``).
            token: a token of the moves.

        Returns:
            Whether it is a move number (not a move).
        """
        match = _MOVE_NUMBER.match(token)
        if match is None:
            return False
        if self._pending is not None:
            self._warn(f"comes before another move number, not {self._article} {self._noun}")
        self._pending = (where, int(match.group(1)))
        return True

    def action(self, number: int) -> None:
        """An action comes, the ``number``-th of the game: check the number before it."""
        if self._pending is not None and self._pending[1] != number:
            self._warn(f"where {self._noun} {number} comes (the number is ignored)")
        self._pending = None

    def chance(self) -> None:
        """Chance outcomes as seen come: a number before them is misplaced."""
        if self._pending is not None:
            self._warn(f"comes before {self._chance}, not {self._article} {self._noun}")

    def end(self) -> None:
        """The moves end: a number still waiting has no action."""
        if self._pending is not None:
            self._warn(f"ends the moves: no {self._noun} follows it (the number is ignored)")


def tag_lines(tags: Iterable[tuple[str, str]]) -> list[str]:
    """The tag lines of a text record to write, and the blank line after them."""
    lines = [f'[{name} "{quote(value)}"]' for name, value in tags]
    lines.append("")
    return lines


def comments_by_move(comments: Iterable[tuple[int, str]]) -> dict[int, list[str]]:
    """A record's comments by the index of the move they follow (-1: before the first)."""
    found: dict[int, list[str]] = {}
    for index, comment in comments:
        found.setdefault(index, []).append(comment)
    return found
