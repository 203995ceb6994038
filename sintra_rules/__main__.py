"""``python -m sintra_rules``: the ``sintra`` command line (see :mod:`sintra_rules.cli`)."""

import sys

from sintra_rules.cli import main

if __name__ == "__main__":
    sys.exit(main())
