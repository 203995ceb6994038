"""``python -m sintra_rules.games.sintra.kernel.build``: compile the kernel of a source checkout
with mypyc into ``build/kernel/<key>/``, where :mod:`sintra_rules.games.sintra.kernel` finds it
(ENG-50).

An installed wheel needs none of this: the wheel's build compiled the kernel when it could.
The key names the kernel source, the Python ABI and the mypy version, so a changed source is
never served by an old build.
"""

from __future__ import annotations

import sys
from pathlib import Path

from sintra_rules.games.sintra.kernel import _build

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Build (once per source version) and print the compiled module's path.

    Args:
        argv: unused (no options); ``None`` reads nothing.

    Returns:
        0 when the compiled kernel exists afterwards, 2 when this is no source checkout.
    """
    root = Path(__file__).resolve().parents[4]
    if not (root / "pyproject.toml").is_file():
        print(
            "sintra_rules.games.sintra.kernel.build: not a source checkout (no pyproject.toml)",
            file=sys.stderr,
        )
        return 2
    print(_build.build_cached(root))
    return 0


if __name__ == "__main__":
    sys.exit(main())
