"""Finding a game's clauses by words in any edition's terms (ENG-05)."""

from __future__ import annotations

import bisect
import functools
import re
import unicodedata

from sintra_rules.clauses.loader import load_spec
from sintra_rules.clauses.model import Clause, Spec

__all__ = ["search_clauses"]


_TOKEN_RE = re.compile(r"[^\W_]+(?:-\d+)?")
_STOP_WORDS = frozenset(
    {
        *("a", "an", "and", "as", "at", "by", "for", "in", "is", "it", "of", "on", "or", "the"),
        *("to", "with", "al", "con", "del", "el", "en", "la", "las", "los", "por", "que", "un"),
        *("una", "y", "de", "een", "het", "je", "op", "te", "van", "au", "aux", "des", "du"),
        *("et", "le", "les", "une"),
    }
)


def search_clauses(words: str, game: str | None = None) -> tuple[Clause, ...]:
    """Clauses of a game's spec (``game``, default Sintra's) matching any of ``words``, best
    first.

    A query word matches a word of a clause's ID, title, statement or sources, or a word of a
    glossary term that lists the clause (so the Spanish, Dutch and French rulebook words find
    the clauses too); case and accents are ignored, and a word of four letters or more also
    matches longer words it begins. Ranking: a clause whose title is the query comes first,
    then those whose title contains it as a phrase, then the rest; within each group, clauses
    matching more query words come first, then those matching them in weightier fields (the
    weights of the fields matched added up: ID 16, title 8, glossary 4, statement 2, sources
    1), then index order. Common short words (``the``, ``de``, ``le``, ...) are ignored unless
    the query has nothing else.

    >>> [clause.id for clause in search_clauses("zet je glaszetter terug")][:3]
    ['TURN-01', 'RESET-01', 'RESET-02']
    >>> search_clauses("Vidriéro") == search_clauses("vidriero")
    True
    >>> search_clauses("")
    ()
    >>> [clause.qualified for clause in search_clauses("Spent favor tokens", "sagrada")][:1]
    ['sagrada:FAVOR-04']
    """
    phrase = f" {' '.join(_tokens(words))} "
    query = list(dict.fromkeys(_tokens(words)))
    meaningful = [word for word in query if word not in _STOP_WORDS]
    query = meaningful or query
    if not query:
        return ()
    spec = load_spec(game)
    ranked: list[tuple[int, int, int, int, Clause]] = []
    for position, (clause, title, fields) in enumerate(_search_index(spec)):
        matched = weight = 0
        for word in query:
            found = sum(w for w, tokens in fields if _matches(word, tokens))
            if found:
                matched += 1
                weight += found
        if matched:
            rank = 0 if phrase == title else 1 if phrase in title else 2
            ranked.append((rank, -matched, -weight, position, clause))
    ranked.sort(key=lambda item: item[:4])
    return tuple(item[4] for item in ranked)


def _fold(text: str) -> str:
    """Lower case without accents (``Vidriéro`` → ``vidriero``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _tokens(text: str) -> list[str]:
    return _TOKEN_RE.findall(_fold(text))


def _matches(word: str, tokens: tuple[str, ...]) -> bool:
    """Whether ``word`` is one of the sorted ``tokens`` or, with four letters or more, begins
    one of them (the tokens it begins follow it directly in sorted order)."""
    index = bisect.bisect_left(tokens, word)
    if index == len(tokens):
        return False
    return tokens[index] == word or (len(word) >= 4 and tokens[index].startswith(word))


def _sorted_tokens(text: str) -> tuple[str, ...]:
    return tuple(sorted(set(_tokens(text))))


_Fields = tuple[tuple[int, tuple[str, ...]], ...]


@functools.lru_cache(maxsize=8)
def _search_index(spec: Spec) -> tuple[tuple[Clause, str, _Fields], ...]:
    """Per clause: its title's words as a phrase (`` word word ``) and its words by field with
    the field's weight (ID 16, title 8, glossary 4, statement 2, sources 1)."""
    glossary: dict[str, list[str]] = {}
    for term in spec.glossary:
        for clause_id in term.clauses:
            glossary.setdefault(clause_id, []).extend(term.words)
    out = []
    for clause in spec.clauses:
        fields = (
            (16, _sorted_tokens(clause.id)),
            (8, _sorted_tokens(clause.title)),
            (4, _sorted_tokens(" ".join(glossary.get(clause.id, ())))),
            (2, _sorted_tokens(clause.text)),
            (1, _sorted_tokens(" ".join(c.label for c in clause.sources))),
        )
        out.append((clause, f" {' '.join(_tokens(clause.title))} ", fields))
    return tuple(out)
