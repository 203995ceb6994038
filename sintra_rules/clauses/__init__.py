"""The specifications as data: load, validate, look up and search their clauses (ENG-05).

Each game has its spec (``spec/<game>/``: Sintra's ``spec/sintra/``, Sagrada's
``spec/sagrada/``): what it is made of (``spec.toml``: the game, the areas of its clause IDs,
the editions its citations name), a set of MyST pages (``*.md``), the registry of permanent
clause IDs (``index.toml``), a glossary of the rulebooks' words (``glossary.toml``) and the
outline of the cited texts (``outline.toml``). :func:`load_spec` reads and validates a game's
spec once; :func:`get_clause` looks a clause up and :func:`search_clauses` finds clauses by
words in any edition's terms. Inside one game's spec a clause is written by its plain ID
(``PLACE-03``); across games, qualified by the game (``sagrada:PLACE-03``); a plain ID given
without a game is Sintra's (:data:`DEFAULT_GAME`), as it always was. A satellite of the engine,
imported explicitly (``from sintra_rules import clauses``); the submodules are the model
(:mod:`~sintra_rules.clauses.model`), the loader (:mod:`~sintra_rules.clauses.loader`), the
outline of the rulebook texts that labels the citations (:mod:`~sintra_rules.clauses.outline`), the
search (:mod:`~sintra_rules.clauses.search`) and the text for people
(:mod:`~sintra_rules.clauses.text`). The clause coverage of a checkout is a development tool,
``python -m tools.coverage``.

>>> get_clause("TAKE-03").title
'First centre-taker takes the starting player tile'
>>> "RESET-01" in [clause.id for clause in search_clauses("vitrier")]
True
>>> sorted(cited_ids("see PLACE-05 and RUL-02 (but not PLACE-5 or XPLACE-05)"))
['PLACE-05', 'RUL-02']
>>> get_clause("sagrada:TOOL-01").title
'Grozing Pliers'
"""

from sintra_rules.clauses.loader import (
    get_clause,
    load_spec,
    normalise_clause_id,
    read_scheme,
    schemes,
    spec_dir,
    spec_games,
    split_clause_id,
)
from sintra_rules.clauses.model import (
    DEFAULT_GAME,
    STATUSES,
    Citation,
    Clause,
    Edition,
    GlossaryTerm,
    Outline,
    Scheme,
    Section,
    Spec,
    cited_ids,
    find_ids,
)
from sintra_rules.clauses.search import search_clauses
from sintra_rules.clauses.text import render_clause

__all__ = [
    "DEFAULT_GAME",
    "STATUSES",
    "Citation",
    "Clause",
    "Edition",
    "GlossaryTerm",
    "Outline",
    "Scheme",
    "Section",
    "Spec",
    "cited_ids",
    "find_ids",
    "get_clause",
    "load_spec",
    "normalise_clause_id",
    "read_scheme",
    "render_clause",
    "schemes",
    "search_clauses",
    "spec_dir",
    "spec_games",
    "split_clause_id",
]
