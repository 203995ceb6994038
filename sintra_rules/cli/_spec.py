"""``sintra rule``: a clause of the spec by its ID, or the clauses some words find."""

from __future__ import annotations

import argparse

from sintra_rules.cli._io import UsageError

__all__ = ["rule"]


def rule(args: argparse.Namespace) -> int:
    """``sintra rule ID`` or ``sintra rule --search WORDS`` (exit 1: no clause found)."""
    from sintra_rules import clauses

    if (args.id is None) == (args.search is None):
        raise UsageError("give either a clause ID (sintra rule PLACE-05) or --search WORDS")
    if args.id is not None:
        print(clauses.get_clause(args.id, args.rule_game).render())
        return 0
    found = clauses.search_clauses(" ".join(args.search), args.rule_game)
    if not found:
        print(f"No clause matches {' '.join(args.search)!r}.")
        return 1
    for clause in found:
        print(f"{clause.shown} — {clause.title}")
    return 0
