"""``python -m proofs``: run the proofs and print each one, its clauses, result, bound and time.

Options: ``--markdown PATH`` also writes the documentation page of Sintra's proofs,
``--sagrada-markdown PATH`` the page of Sagrada's (each page needs all of its game's proofs);
``--only TEXT`` runs the proofs whose name contains ``TEXT``; ``--quiet`` prints only failed
checks; ``--jobs N`` runs the proofs in ``N`` processes. The output paths are checked before
the first proof runs. On a terminal, standard error shows how many proofs have finished.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Sequence

from sintra_rules._options import whole_number
from sintra_rules._progress import Progress, forget_progress, last_summary
from sintra_rules.cli._io import UsageError, check_output, output
from sintra_rules.interrupts import deferred_interrupts

#: The command's name in its messages.
PROG = "python -m proofs"

#: The end of ``--help``: what each exit code means.
EXIT_CODES = """\
exit codes:
  0    every proof holds
  1    a proof failed (its failed checks are printed, with their counterexamples)
  2    bad input: bad arguments, an output path that cannot be written (one line on
       standard error names the path)
  130  interrupted (Ctrl-C): one line on standard error says how many proofs had finished;
       a check cut short by Ctrl-C is never reported as a failure"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=__doc__,
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--markdown", metavar="PATH", help="write the documentation page")
    parser.add_argument(
        "--sagrada-markdown", metavar="PATH", help="write the page of Sagrada's proofs"
    )
    parser.add_argument("--only", metavar="TEXT", help="run the proofs whose name has TEXT")
    parser.add_argument("--quiet", action="store_true", help="print only failed checks")
    parser.add_argument(
        "--jobs", type=whole_number(1), default=1, metavar="N", help="processes to run in"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the proofs; return the exit code (see :data:`EXIT_CODES`).

    Args:
        argv: the arguments (default: the process arguments).

    Returns:
        0 when every proof holds, 1 when one fails, 2 for an output path that cannot be
        written, 130 when interrupted by Ctrl-C (bad arguments exit 2 through argparse).
    """
    parser = _parser()
    args = parser.parse_args(argv)
    forget_progress()  # an interrupted run says how far it got, not how far an earlier one did
    try:
        return _run(parser, args)
    except UsageError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        done = last_summary()
        print(f"{PROG}: interrupted" + (f" ({done} done)" if done else ""), file=sys.stderr)
        return 130


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    # The proofs are imported here, not at the top: the import takes a while, and a Ctrl-C
    # meanwhile gets the one line too.
    from proofs.registry import PROOFS, each_result
    from proofs.report import markdown, text
    from proofs.sagrada.report import markdown as sagrada_markdown

    chosen = [p for p in PROOFS if args.only is None or args.only in p.name]
    if not chosen:
        parser.error(f"no proof name contains {args.only!r}")
    pages = (
        ("--markdown", args.markdown, "sintra", markdown),
        ("--sagrada-markdown", args.sagrada_markdown, "sagrada", sagrada_markdown),
    )
    for option, page, game, _ in pages:
        if page is None:
            continue
        if any(p.topic.game == game and p not in chosen for p in PROOFS):
            parser.error(f"{option} needs every {game} proof: drop --only or widen it")
        check_output(page, option)
    start = time.perf_counter()
    results = []
    # In this process, Ctrl-C is held back and raised between checks (see proofs.harness) and
    # between proofs (the progress updates); with workers, this process only waits for them.
    held = deferred_interrupts() if args.jobs == 1 else contextlib.nullcontext()
    with Progress("proofs", len(chosen), quiet=args.quiet) as progress, held:
        progress.update(0)
        for result in each_result(chosen, jobs=args.jobs):
            results.append(result)
            progress.advance()
    print(text(results, verbose=not args.quiet))
    print(f"wall time {time.perf_counter() - start:.1f} s ({args.jobs} process(es))")
    for _, page, _, write in pages:
        if page is not None:
            with output(page) as handle:
                handle.write(write(results))
    return 0 if all(r.holds for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
