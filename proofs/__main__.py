"""``python -m proofs``: run the proofs and print each one, its clauses, result, bound and time.

Options: ``--markdown PATH`` also writes the documentation page of Sintra's proofs,
``--sagrada-markdown PATH`` the page of Sagrada's (each page needs all of its game's proofs);
``--only TEXT`` runs the proofs whose name contains ``TEXT``; ``--quiet`` prints only failed
checks; ``--jobs N`` runs the proofs in ``N`` processes. The exit status is 1 when a proof fails.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from proofs.registry import PROOFS, run_all
from proofs.report import markdown, text
from proofs.sagrada.report import markdown as sagrada_markdown


def main(argv: Sequence[str] | None = None) -> int:
    """Run the proofs; return the exit status (0: every proof holds)."""
    parser = argparse.ArgumentParser(prog="python -m proofs", description=__doc__)
    parser.add_argument("--markdown", metavar="PATH", help="write the documentation page")
    parser.add_argument(
        "--sagrada-markdown", metavar="PATH", help="write the page of Sagrada's proofs"
    )
    parser.add_argument("--only", metavar="TEXT", help="run the proofs whose name has TEXT")
    parser.add_argument("--quiet", action="store_true", help="print only failed checks")
    parser.add_argument("--jobs", type=int, default=1, help="processes to run the proofs in")
    args = parser.parse_args(argv)
    chosen = [p for p in PROOFS if args.only is None or args.only in p.name]
    if not chosen:
        parser.error(f"no proof name contains {args.only!r}")
    for option, page, game in (
        ("--markdown", args.markdown, "sintra"),
        ("--sagrada-markdown", args.sagrada_markdown, "sagrada"),
    ):
        if page and any(p.topic.game == game and p not in chosen for p in PROOFS):
            parser.error(f"{option} needs every {game} proof: drop --only or widen it")
    start = time.perf_counter()
    results = run_all(chosen, jobs=args.jobs)
    print(text(results, verbose=not args.quiet))
    print(f"wall time {time.perf_counter() - start:.1f} s ({args.jobs} process(es))")
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as handle:
            handle.write(markdown(results))
    if args.sagrada_markdown:
        with open(args.sagrada_markdown, "w", encoding="utf-8") as handle:
            handle.write(sagrada_markdown(results))
    return 0 if all(r.holds for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
