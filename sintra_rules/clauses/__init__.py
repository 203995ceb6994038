"""The specification as data: load, validate, look up and search its clauses (ENG-05).

The spec is a set of MyST pages (``spec/sintra/*.md``), the registry of permanent clause IDs
(``spec/sintra/index.toml``) and a glossary of the rulebooks' words (``spec/sintra/glossary.toml``).
:func:`load_spec` reads and validates all of it once; :func:`get_clause` looks a clause up and
:func:`search_clauses` finds clauses by words in any edition's terms. A satellite of the engine,
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
"""

from sintra_rules.clauses.loader import get_clause, load_spec, normalise_clause_id, spec_dir
from sintra_rules.clauses.model import (
    AREAS,
    CLAUSE_ID_RE,
    EDITIONS,
    STATUSES,
    Citation,
    Clause,
    GlossaryTerm,
    Outline,
    Section,
    Spec,
    cited_ids,
)
from sintra_rules.clauses.search import search_clauses
from sintra_rules.clauses.text import render_clause

__all__ = [
    "AREAS",
    "CLAUSE_ID_RE",
    "EDITIONS",
    "STATUSES",
    "Citation",
    "Clause",
    "GlossaryTerm",
    "Outline",
    "Section",
    "Spec",
    "cited_ids",
    "get_clause",
    "load_spec",
    "normalise_clause_id",
    "render_clause",
    "search_clauses",
    "spec_dir",
]
