"""Sphinx extension of the sintra_rules docs: links from the docs to the code and the tests.

The repository URL is configured in one place, ``sintra_code_url`` in ``docs/conf.py``: a
template with ``{path}`` (relative to the repository root) and ``{line}``, for example
``https://example.org/sintra_rules/blob/main/{path}#L{line}``. When it is empty (the default)
the site carries its own copy of the code: every Python, TOML, Markdown and text file of
``sintra_rules/``, ``tests/``, ``proofs/`` and ``tools/`` as a highlighted page under ``_code/``
with one anchor per line
(``_code/sintra_rules/games/sintra/rules.py.html#L-12``), so that the links work offline too.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("sintra_rules", "tests", "proofs", "tools")
#: The kinds of file that get a page (code and the data files the traceability cites).
SUFFIXES = frozenset({".py", ".toml", ".md", ".txt"})
_TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="{root}_static/favicon.svg">
<style>{css}
body {{ font-family: sans-serif; margin: 1em; }}
.highlight pre {{ font-size: 0.85em; overflow-x: auto; }}
.highlight .linenos {{ color: #888; padding-right: 1em; user-select: none; }}
:target {{ background: #fff3b0; }}
</style></head><body>
<p><a href="{root}index.html">sintra_rules documentation</a> ·
<a href="{root}traceability.html">traceability</a> · <code>{title}</code></p>
{body}
</body></html>
"""


def code_url(config: Config, docname: str, path: str, line: int) -> str:
    """The URL of line ``line`` of the repository file ``path``, from page ``docname``."""
    template: str = config.sintra_code_url
    if template:
        return template.format(path=path, line=line)
    return f"{'../' * docname.count('/')}_code/{path}.html#L-{line}"


def write_code_pages(app: Sphinx, exception: Exception | None) -> None:
    """After an HTML build without a repository URL: the highlighted code pages."""
    if exception is not None or app.builder.format != "html" or app.config.sintra_code_url:
        return
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import TextLexer, get_lexer_for_filename
    from pygments.util import ClassNotFound

    formatter = HtmlFormatter(linenos="inline", lineanchors="L", anchorlinenos=True)
    css: str = formatter.get_style_defs(".highlight")  # type: ignore[no-untyped-call]
    out = Path(app.outdir) / "_code"
    for folder in FOLDERS:
        for source in sorted((ROOT / folder).rglob("*")):
            if source.suffix not in SUFFIXES or "__pycache__" in source.parts:
                continue
            try:
                lexer = get_lexer_for_filename(source.name)
            except ClassNotFound:
                lexer = TextLexer()
            path = source.relative_to(ROOT).as_posix()
            target = out / f"{path}.html"
            page = _TEMPLATE.format(
                title=html.escape(path),
                root="../" * (path.count("/") + 1),
                css=css,
                body=highlight(source.read_text("utf-8"), lexer, formatter),
            )
            if target.exists() and target.read_text("utf-8") == page:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(page, "utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register ``sintra_code_url`` and the code pages."""
    app.add_config_value("sintra_code_url", "", "html", str)
    app.connect("build-finished", write_code_pages)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
