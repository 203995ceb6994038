"""Sphinx configuration of the sintra_rules documentation.

Build (warnings are errors, nitpicky): ``python -m sphinx -W -n -b html docs docs/_build/html``.
No page is fetched from the network: there is no intersphinx mapping, so references to the
standard library (and attrs, docutils, sphinx) and to private names are rendered as plain text by
the ``missing-reference`` handler of the ``sintra_docs`` extension (``docs/_ext/sintra_docs.py``)
instead of being resolved; no ``nitpick_ignore`` list is used, so any other unresolved reference
fails the nitpicky build.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "_ext"))
# The kernel's API pages document its Python source (sintra_rules/games/sintra/kernel/core.py), not
# a compiled build that may lie in build/kernel/.
os.environ["SINTRA_KERNEL"] = "interpreted"

from sintra_rules import __version__  # noqa: E402

project = "sintra_rules"
author = "sintra_rules developers"
copyright = "2026, sintra_rules developers"
release = __version__
version = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sintra_docs",
    "sintra_desk",
    "sintra_links",
    "sintra_code",
    "sagrada_docs",
    "extremes_docs",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", ".gitignore"]
nitpicky = True

# MyST: one anchor per heading down to level 3 (the clause headings are ###), plus the
# explicit "(ID)=" target of every clause.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]
# The spec pages put every clause under a level-3 heading ("### ID — Title") whether or not the
# page has level-2 sections; that is the spec's convention, not a mistake.
suppress_warnings = ["myst.header"]

# autodoc: signatures with types, members in source order; undocumented members too, so that
# the fields of the attrs classes are listed with their types.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}

# No intersphinx (CI has no network): references to the standard library and to attrs are
# rendered as plain text by the sintra_docs extension instead of failing the nitpicky build.

html_theme = "furo"
html_title = f"sintra_rules {release}"
html_static_path = ["_static"]
html_css_files = ["sintra.css"]
html_favicon = "_static/favicon.svg"

# Traceability links to the code and the tests: a URL template with {path} and {line} (for
# example a repository browser's ".../blob/main/{path}#L{line}"). Empty: the site carries its
# own highlighted copy of the code under _code/, one anchor per line (works offline).
sintra_code_url = ""

# The site search ranks a spec clause found by its ID ("TAKE-03") first.
html_search_scorer = str(DOCS / "_static" / "search_scorer.js")
