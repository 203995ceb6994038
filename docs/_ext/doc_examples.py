"""Find the executable parts of a documentation page (no Sphinx needed).

A page's examples are its fenced ``pycon`` (or ``python``) blocks that hold ``>>>`` prompts,
run in order in one namespace, as a doctest. A ``{sintra-position}`` directive shows the value
of a Python expression (default ``state``) evaluated after the examples above it. Both the
Sphinx extension (which draws the pictures) and ``tests/test_docs.py`` (which runs the
examples in CI) read pages with :func:`page_items`, so they cannot disagree about what runs.
"""

from __future__ import annotations

import doctest
import re
from dataclasses import dataclass

__all__ = ["Example", "Position", "page_items", "run_until"]

_FENCE = re.compile(
    r"^(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n]*)\n(?P<body>.*?)^(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
_POSITION = re.compile(r"^\{sintra-position\}\s*(?P<expr>.*)$")
_EXAMPLE_LANGUAGES = ("pycon", "python")


@dataclass(frozen=True)
class Example:
    """A fenced block of ``>>>`` examples starting at 0-based line ``line`` of the page."""

    line: int
    source: str


@dataclass(frozen=True)
class Position:
    """A ``{sintra-position}`` directive at 0-based line ``line``: the expression it shows."""

    line: int
    expr: str


def page_items(text: str) -> list[Example | Position]:
    """The examples and pictures of a page, in page order."""
    items: list[Example | Position] = []
    for match in _FENCE.finditer(text):
        info = match.group("info").strip()
        line = text.count("\n", 0, match.start("body"))
        position = _POSITION.match(info)
        if position:
            items.append(Position(line, position.group("expr").strip() or "state"))
        elif info in _EXAMPLE_LANGUAGES and ">>>" in match.group("body"):
            items.append(Example(line, match.group("body")))
    return items


def examples(item: Example, name: str) -> list[doctest.Example]:
    """The doctest examples of a block, with line numbers counted in the page."""
    found = doctest.DocTestParser().get_examples(item.source, name)
    for example in found:
        example.lineno += item.line
    return found


def run_until(text: str, line: int, namespace: dict[str, object], name: str) -> None:
    """Execute (without checking outputs) every example of the page above 0-based ``line``,
    in ``namespace``: the state a picture at ``line`` shows."""
    for item in page_items(text):
        if item.line >= line:
            break
        if isinstance(item, Example):
            for example in examples(item, name):
                code = compile(example.source, f"{name}:{example.lineno + 1}", "exec")
                exec(code, namespace)
