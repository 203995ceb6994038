"""Find the executable parts of a documentation page (no Sphinx needed).

A page's examples are its fenced ``pycon`` (or ``python``) blocks that hold ``>>>`` prompts,
run in order in one namespace, as a doctest, and its ``console`` blocks of ``sintra`` commands:
a line ``$ sintra ARGS`` is the command (run in-process as :func:`sintra_rules.cli.main`, its
standard error shown with its output, as a terminal does; ``; echo $?`` after it prints the
exit code), the lines up to the next ``$`` its expected output (``...`` stands for any
text). A ``{sintra-position}`` directive shows the value of a Python expression (default
``state``) evaluated after the examples above it. Both the
Sphinx extension (which draws the pictures) and ``tests/test_docs.py`` (which runs the
examples in CI) read pages with :func:`page_items`, so they cannot disagree about what runs.
"""

from __future__ import annotations

import contextlib
import doctest
import re
import shlex
import sys
from dataclasses import dataclass

__all__ = ["Example", "Position", "page_items", "run_until", "sintra_shell"]

_FENCE = re.compile(
    r"^(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n]*)\n(?P<body>.*?)^(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
_POSITION = re.compile(r"^\{sintra-position\}\s*(?P<expr>.*)$")
_EXAMPLE_LANGUAGES = ("pycon", "python")
_SHELL_LANGUAGES = ("console", "shell-session")
_COMMAND = re.compile(r"^\$ sintra(?P<args>(?: .*)?)$")
_EXIT_CODE = "; echo $?"


def sintra_shell(command: str) -> None:
    """Run ``sintra ARGS`` (``command`` is ``ARGS``, shell-quoted, optionally followed by
    ``; echo $?``) in-process, its standard error on standard output."""
    from sintra_rules.cli import main

    show_code = command.endswith(_EXIT_CODE)
    args = shlex.split(command.removesuffix(_EXIT_CODE))
    with contextlib.redirect_stderr(sys.stdout):
        code = main(args)
    if show_code:
        print(code)


def _shell_doctest(body: str) -> str | None:
    """A ``console`` block of ``$ sintra`` commands as doctest source (same line count), or
    ``None`` when the block holds no such command."""
    lines = body.split("\n")
    if not any(_COMMAND.match(line) for line in lines):
        return None
    out = []
    for index, line in enumerate(lines):
        command = _COMMAND.match(line)
        if command:
            args = command.group("args").strip()
            out.append(f">>> __import__('doc_examples').sintra_shell({args!r})")
        elif not line.strip():
            # A blank line inside a command's output (more output follows) is printed blank.
            following = next((rest for rest in lines[index + 1 :] if rest.strip()), None)
            inside = following is not None and not _COMMAND.match(following)
            out.append("<BLANKLINE>" if inside else line)
        else:
            out.append(line)
    return "\n".join(out)


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
        elif info in _SHELL_LANGUAGES:
            source = _shell_doctest(match.group("body"))
            if source is not None:
                items.append(Example(line, source))
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
