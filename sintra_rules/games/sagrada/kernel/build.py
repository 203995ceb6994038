"""``python -m sintra_rules.games.sagrada.kernel.build``: compile Sagrada's core of a source
checkout with mypyc into ``build/kernel/<key>/``, where :mod:`sintra_rules.games.sagrada.kernel`
finds it (ENG-18; :func:`sintra_rules._kernels.build_main`).

An installed wheel needs none of this: the wheel's build compiled the core when it could. The
key names the core's source, the Python ABI and the mypy version, so a changed source is never
served by an old build.
"""

from __future__ import annotations

import sys

from sintra_rules import _kernels
from sintra_rules.games.sagrada import kernel

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Build (once per source version) and print the compiled module's path.

    Args:
        argv: unused (no options); ``None`` reads nothing.

    Returns:
        0 when the compiled core exists afterwards, 2 when this is no source checkout.
    """
    return _kernels.build_main(kernel.__file__, "sintra_rules.games.sagrada.kernel.build")


if __name__ == "__main__":
    sys.exit(main())
