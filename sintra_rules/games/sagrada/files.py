"""Which of Sagrada's files a text is, told by its content (Sagrada's
:class:`~sintra_rules.game.Recognised` capability; :func:`sintra_rules.games.detect_file` asks
every game).

* a position (ENG-12): its first word, ``sagrada1``;
* a state document (``"kind": "sagrada-state"``) or a JSON game record (``"sagrada-game"``,
  ENG-16);
* a text record (ENG-17): its tag ``[Sagrada "1"]`` or a ``Position`` in Sagrada's notation,
  else (the ``Sagrada`` tag may be left out) the ``Tools`` tag, which only Sagrada's records
  use, or moves in Sagrada's notation (``draft G6``, ``pool:G1G6``);
* a golden playthrough (``"kind": "playthrough"``, ``"game": "sagrada"``).

>>> claim_file('[Position "sagrada1 round:1 ..."]')
FileClaim(kind='text record', sign="its Position tag, 'sagrada1 ...'", named=True)
>>> claim_file('[Seed "4"]' + chr(10) + '[Players "1"]' + chr(10) + chr(10) + "pattern 3")
FileClaim(kind='text record', sign="its moves, in Sagrada's notation ('pattern')", named=False)
>>> claim_file('{"kind": "sintra-state"}') is None
True
"""

from __future__ import annotations

from sintra_rules._formats.files import Signs
from sintra_rules.game import FileClaim, FileFormat
from sintra_rules.games.sagrada.documents import KIND as STATE_KIND
from sintra_rules.games.sagrada.notation import KEYWORDS
from sintra_rules.games.sagrada.records import KIND as GAME_KIND
from sintra_rules.games.sagrada.textrecord import DICE_KINDS, FORMAT

__all__ = ["FORMATS", "SIGNS", "claim_file"]


def _is_move(word: str) -> bool:
    """Whether ``word`` starts a move of a text record in Sagrada's notation: a decision's
    keyword (ENG-14) or dice as seen at the table (``pool:G1G6``, ENG-17)."""
    kind, colon, _ = word.partition(":")
    return word in KEYWORDS or (bool(colon) and kind in DICE_KINDS)


#: How Sagrada's files show that they are Sagrada's.
SIGNS = Signs(
    name="sagrada",
    title="Sagrada",
    word="sagrada",
    header="Sagrada",
    version=FORMAT,
    documents={STATE_KIND: "state document", GAME_KIND: "game record"},
    tags=("Tools",),
    is_move=_is_move,
    example="draft G6",
)
#: Sagrada's kinds of file, with how each shows itself.
FORMATS: tuple[FileFormat, ...] = SIGNS.formats()


def claim_file(text: str) -> FileClaim | None:
    """Which of Sagrada's files ``text`` is, or ``None`` (see the module).

    Args:
        text: a file's content, or a position typed.

    Returns:
        The claim, or ``None`` when nothing in the text is Sagrada's.
    """
    return SIGNS.claim(text)
