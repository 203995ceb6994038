"""Which of Sintra's files a text is, told by its content (Sintra's
:class:`~sintra_rules.game.Recognised` capability; :func:`sintra_rules.games.detect_file` asks
every game).

* a position (ENG-21): its first word, ``sintra1``;
* a state document (``"kind": "sintra-state"``) or a JSON game record (``"sintra-game"``,
  ENG-25);
* a text record (ENG-24): its tag ``[Sintra "1"]`` or a ``Position`` in Sintra's notation,
  else (the ``Sintra`` tag may be left out) the ``Side`` tag, which only Sintra's records use,
  or moves in Sintra's notation (``2G-5``, ``fill:...``);
* a golden playthrough: the generic one (``"kind": "playthrough"``, ``"game": "sintra"``) or
  Sintra's own (ENG-06: a ``record`` of kind ``sintra-game`` and its ``digests``).

>>> claim_file('[Player1 "Ann"]' + chr(10) + '[Seed "3"]' + chr(10) + chr(10) + "12. 2G-5")
FileClaim(kind='text record', sign="its moves, in Sintra's notation ('2G-5')", named=False)
>>> claim_file('{"record": {"kind": "sintra-game"}, "digests": []}').kind
'golden playthrough'
>>> claim_file("sagrada1 round:1") is None
True
"""

from __future__ import annotations

from sintra_rules._formats.files import Signs, read_head
from sintra_rules.errors import NotationError
from sintra_rules.game import FileClaim, FileFormat
from sintra_rules.games.sintra.components import default_components
from sintra_rules.games.sintra.documents import STATE_KIND
from sintra_rules.games.sintra.notation import action_from_text
from sintra_rules.games.sintra.records import GAME_KIND
from sintra_rules.games.sintra.textrecord import FORMAT

__all__ = ["FORMATS", "SIGNS", "claim_file"]


def _is_move(word: str) -> bool:
    """Whether ``word`` is a move of a text record in Sintra's notation: an action (ENG-04)
    or a refill as seen (``fill:...``, ENG-24)."""
    if word.startswith("fill:"):
        return True
    try:
        action_from_text(word, default_components())
    except NotationError:
        return False
    return True


#: How Sintra's files show that they are Sintra's.
SIGNS = Signs(
    name="sintra",
    title="Sintra",
    word="sintra",
    header="Sintra",
    version=FORMAT,
    documents={STATE_KIND: "state document", GAME_KIND: "game record"},
    tags=("Side",),
    is_move=_is_move,
    example="2G-5",
)


def _own_golden(text: str) -> FileClaim | None:
    """Sintra's own golden playthrough (ENG-06): an object with no ``kind``, holding a
    ``record`` of kind ``sintra-game`` and the ``digests``."""
    document = read_head(text).document
    if not isinstance(document, dict) or "kind" in document or "format" in document:
        return None
    record = document.get("record")
    if isinstance(record, dict) and record.get("kind") == GAME_KIND:
        return FileClaim("golden playthrough", f'its record\'s kind, "{GAME_KIND}"')
    return None


def claim_file(text: str) -> FileClaim | None:
    """Which of Sintra's files ``text`` is, or ``None`` (see the module).

    Args:
        text: a file's content, or a position typed.

    Returns:
        The claim, or ``None`` when nothing in the text is Sintra's.
    """
    return SIGNS.claim(text) or _own_golden(text)


#: Sintra's kinds of file, with how each shows itself.
FORMATS: tuple[FileFormat, ...] = tuple(
    FileFormat(f.kind, f.looks + ', or a "record" and its "digests"')
    if f.kind == "golden playthrough"
    else f
    for f in SIGNS.formats()
)
