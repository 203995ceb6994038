"""Sphinx extension of the dispute desk (``docs/desk.md``).

* ``{sintra-desk}``: the desk's form, the notice on provisional figures and the ready-made
  disputes (the positions of the dispute tutorial, ``docs/tutorials/dispute.md``, built by
  running its examples, and one for each ruling a position shows), computed at build time.
* After an HTML build, :func:`package_desk` runs ``tools/build_desk.py`` (the Pyodide runtime
  and the wheels of ``attrs`` and ``sintra_rules`` under ``_static/desk/``), copies
  ``desk_runtime.py`` beside them and writes ``clauses.json``: every clause ID with the URL of
  its anchor, for the links of the explanation.

Nothing is fetched by the page at run time from anywhere but the site itself.
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from doc_examples import run_until
from docutils import nodes
from docutils.parsers.rst import directives
from sintra_docs import _pages_using
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
logger = logging.getLogger(__name__)

#: The ready-made disputes from the dispute tutorial: title, the name of the position in the
#: tutorial's examples, the action, and the clauses it is about.
TUTORIAL_DISPUTES = (
    ("The rulebook's example: completing a strip", "position", "1G-6=Y", ("DONE-02", "DONE-06")),
    ("Left of the glazier, keeping a piece", "position", "1G-1=G", ("PLACE-02", "DONE-01")),
    ("May all the pieces break?", "position", "1O-x", ("PLACE-05", "RUL-03")),
    ("A trip round the broken glass track", "wrap", "CP-5", ("RUL-10", "TRACK-03")),
)


def _ref(target: str, docname: str, text: str, reftype: str = "ref") -> addnodes.pending_xref:
    ref = addnodes.pending_xref(
        "",
        refdomain="std",
        reftype=reftype,
        reftarget=target,
        refexplicit=True,
        refwarn=True,
        refdoc=docname,
    )
    ref += nodes.inline(text=text)
    return ref


def _tutorial_namespace() -> dict[str, Any]:
    """The names the dispute tutorial's examples define (run in a scratch directory)."""
    page = ROOT / "docs" / "tutorials" / "dispute.md"
    text = page.read_text("utf-8")
    namespace: dict[str, Any] = {"__name__": "docs.desk"}
    here = os.getcwd()
    try:
        with tempfile.TemporaryDirectory() as scratch, contextlib.redirect_stdout(io.StringIO()):
            os.chdir(scratch)
            run_until(text, text.count("\n") + 1, namespace, str(page))
    finally:
        os.chdir(here)
    return namespace


def disputes() -> list[dict[str, Any]]:
    """The ready-made disputes: ``title``, ``about`` (clause IDs), ``position`` (the text the
    desk reads) and ``action`` (notation)."""
    from desk_runtime import position_text

    from sintra_rules import (
        CENTRE,
        action_from_text,
        action_to_text,
        apply,
        legal_actions,
        new_game,
    )

    names = _tutorial_namespace()
    found = [
        {
            "title": title,
            "about": list(about),
            "position": position_text(names[name]),
            "action": act,
        }
        for title, name, act, about in TUTORIAL_DISPUTES
    ]
    # RUL-01: after Amanda's take, player 2 takes from the centre (with the tile), then Amanda
    # takes from the centre again in the same round: legal, and no tile, no step.
    position = names["position"]
    state = apply(position, action_from_text("1G-6=Y", position.components))
    for _ in range(2):
        before = state
        take = next(a for a in legal_actions(state) if getattr(a, "source", None) == CENTRE)
        state = apply(state, take)
    found.append(
        {
            "title": "Taking from the centre a second time in a round",
            "about": ["RUL-01", "TAKE-02", "TAKE-03"],
            "position": position_text(before),
            "action": action_to_text(take, before.components),
        }
    )
    found.append(
        {
            "title": "Resetting from the leftmost strip",
            "about": ["RESET-02"],
            "position": position_text(new_game(2, seed=7)),
            "action": "R",
        }
    )
    return found + _ruling_disputes()


def _ruling_disputes() -> list[dict[str, Any]]:
    """A ready dispute for each ruling of ``spec/sintra/08-rulings.md`` that a position and an
    action show and that the disputes above do not: the positions of the rulings' own tests
    (``tests/test_rulings.py``), built with :mod:`sintra_rules.games.sintra.verify.positions`. The
    first clause of ``about`` is the ruling; the explanation shows it, or the clause it decides,
    firing or broken."""
    from desk_runtime import position_text

    from sintra_rules import CENTRE, Reset, Take, action_to_text, default_components
    from sintra_rules.games.sintra.verify.positions import (
        BLUE,
        ORANGE,
        PINK,
        final_turn,
        position,
        rebalance,
        set_indicator,
        set_player,
        set_strip,
        set_windows,
        strip,
    )

    table = default_components()
    out: list[dict[str, Any]] = []

    def add(title: str, about: list[str], state: Any, action: Any) -> None:
        text = action if isinstance(action, str) else action_to_text(action, state.components)
        out.append(
            {"title": title, "about": about, "position": position_text(state), "action": text}
        )

    # Slot 8 shows the joker side (J J B G O), the glazier above it; 2 pink taken.
    jokers = position(2, "A", ["PP", "G"])
    jokers = rebalance(set_player(set_strip(jokers, 0, 7, strip(table, 7, 1)), 0, glazier=7))
    add("A joker space counts for the must-place rule", ["RUL-02", "PLACE-05"], jokers, "1P-x")
    add("Breaking a piece on purpose", ["RUL-17", "PLACE-07"], jokers, Take(0, PINK, 7, 1))
    # The example of RUL-07: slot 1 holds B B B G O with G and O filled, slot 8 the empty
    # joker side, windows 2 to 7 complete (so slots 2 to 7 are empty).
    choice = position(2, "A", ["BB", "P", "Y", "GGGG"], centre="GGOO", tile=None)
    choice = set_windows(choice, 0, ["", "GO", "YB", "PY", "OB", "PG", "YO"])
    choice = set_strip(choice, 0, 0, strip(table, 0, 0, filled="GO"))
    choice = set_strip(choice, 0, 7, strip(table, 7, 1))
    choice = rebalance(set_player(choice, 0, glazier=7))
    add("Colour spaces or joker spaces", ["RUL-07", "PLACE-06"], choice, Take(0, BLUE, 7, 2))
    # Window 4 complete: slot 4 is empty and the glazier stands above it.
    empty = set_windows(position(2, "A", ["OO", "PP", "G"]), 0, ["", "", "", "OB"])
    empty = rebalance(set_player(empty, 0, glazier=3))
    add("Placing with the glazier above an empty slot", ["RUL-04"], empty, Take(0, ORANGE, 3))
    # Window 1 complete, the glazier above the empty slot 1: no strip to its left.
    first = rebalance(set_windows(position(2, "A", ["OO"]), 0, ["OB"]))
    add("Resetting with no strip to the left", ["RUL-05", "RESET-01"], first, Reset())
    # Window 8 complete, the glazier above the empty slot 8: nothing to its right.
    last = set_windows(position(2, "A", ["OO", "G"]), 0, ["", "", "", "", "", "", "", "OB"])
    last = rebalance(set_player(last, 0, glazier=7))
    add("No strip to the glazier's right", ["RUL-06", "RUL-03"], last, Take(0, ORANGE, None))
    # The last pieces of the round, and the tile still in the centre. (RUL-12 and RUL-13, a bag
    # running empty during the refill, are not shown: a one-line position carries no seed, so
    # the refill is a pending chance step, ENG-07, drawn after the action.)
    nobody = position(2, "A", ["OO"])
    add("Nobody took the starting player tile", ["RUL-11", "END-03"], nobody, Take(0, ORANGE, 2))
    # Marker on -11, score 5: the first take from the centre, 12 pink, all breaking.
    wraps = position(2, "A", ["B"], centre="P" * 12, tile=None)
    wraps = rebalance(set_player(wraps, 0, glazier=7, marker=6, score=5, points_lost=11))
    add(
        "Two trips round the track in one turn",
        ["RUL-08", "RUL-09", "TRACK-03"],
        wraps,
        Take(CENTRE, PINK, None),
    )
    # The glazier leaves O O O P Y (4 of 5 filled) in slot 3; 1 orange completes slot 7.
    checked = position(2, "A", ["O", "G"])
    checked = set_strip(checked, 0, 2, strip(table, 2, 0, filled="OOPY"))
    checked = set_strip(checked, 0, 6, strip(table, 6, 0, filled="OPYB"))
    checked = rebalance(set_indicator(set_player(checked, 0, glazier=2), "GBGOPY"))
    add(
        "Only the strip under the glazier is checked",
        ["RUL-19", "RUL-18", "DONE-01"],
        checked,
        Take(0, ORANGE, 6, keep=PINK),
    )
    # The game's last piece; 2 + 2 + 2 pieces on three strips and the last one on a fourth.
    leftovers = final_turn(position(2, "A"), "P", indicator="Y")
    for slot, pieces in enumerate(("BB", "GG", "OO")):
        leftovers = set_strip(leftovers, 0, slot, strip(table, slot, 0, filled=pieces))
    leftovers = rebalance(leftovers)
    add(
        "Leftover pieces over all strips; no refill after round 6",
        ["RUL-15", "RUL-20", "FINAL-02"],
        leftovers,
        Take(0, PINK, 3),
    )
    # Side B, the game's last piece: windows B B and G G complete, tops G and Y.
    side_b = final_turn(position(2, "B"), "B", indicator="Y")
    side_b = rebalance(set_player(set_windows(side_b, 0, ["BB", "GG", "G", "Y"]), 0, glazier=4))
    add("Side B: the colour that scores most", ["RUL-14", "FINAL-05"], side_b, Take(0, BLUE, 4))
    return out


def _notice(docname: str) -> nodes.Node:
    """The notice on provisional figures: which figures of the shipped table are provisional."""
    from sintra_rules import default_components

    table = default_components()
    provisional = [name for name, prov in table.provenance.items() if prov.status == "provisional"]
    box = nodes.admonition(classes=["warning", "desk-notice"])
    box += nodes.title(text="Provisional figures")
    para = nodes.paragraph()
    if provisional:
        para += nodes.Text(
            f"{len(provisional)} of the printed figures the engine uses are provisional, not yet "
            "checked against a physical copy of the game: "
        )
        for index, name in enumerate(provisional):
            para += nodes.literal(text=name)
            para += nodes.Text(", " if index < len(provisional) - 1 else ". ")
        para += nodes.Text(
            "Scores and explanations that depend on them may change when the real figures are "
            "loaded; see "
        )
        para += _ref("provenance", docname, "where each figure comes from", reftype="doc")
        para += nodes.Text(".")
    else:
        para += nodes.Text("Every figure of the shipped component table is confirmed.")
    box += para
    return box


_FORM = """\
<div id="sintra-desk" class="sintra-desk" data-state="loading" data-static="{static}"
data-game="{game}">
<p class="desk-status" id="desk-status" role="status">The desk needs JavaScript and loads the
engine (about 13 MB, once) when the page opens.</p>
<div class="desk-inputs">
<label for="desk-position">{position_label}</label>
<textarea id="desk-position" rows="4" spellcheck="false" autocomplete="off"></textarea>
<label for="desk-action">{action_label}</label>
<div class="desk-row"><input id="desk-action" type="text" spellcheck="false"
autocomplete="off" size="16"> <button type="button" id="desk-explain" disabled>Explain</button>
</div>
</div>
<p class="desk-error" id="desk-error" role="alert" hidden></p>
<div class="desk-answer" id="desk-answer" hidden>
<h3>Explanation</h3>
<pre class="desk-explanation" id="desk-explanation"></pre>
<p class="desk-command-title">{command_title}</p>
<pre class="desk-command" id="desk-command"></pre>
</div>
<div class="desk-position-box" id="desk-position-box" hidden>
<h3>The position</h3>
<div class="desk-picture" id="desk-picture"></div>
<details class="desk-after-box" id="desk-after-box" hidden><summary>After the action</summary>
<div class="desk-picture" id="desk-after"></div></details>
<h3 id="desk-legal-title">Legal actions</h3>
<div class="desk-legal" id="desk-legal"></div>
</div>
</div>
<script type="application/json" id="desk-data">{data}</script>
<script src="{static}desk.js"></script>
"""


#: Per game: the labels of the form's fields and of the command, the files the disputes come
#: from (the clause IDs of the dispute list link to the clauses: a game's clause anchors are
#: labelled ``game:id`` outside Sintra, ``docs/_ext/sintra_links.py``).
DESKS: dict[str, dict[str, Any]] = {
    "sintra": {
        "position_label": "Position (one line, <code>sintra1 side:A ...</code>, or a "
        "<code>sintra-state</code> JSON document)",
        "action_label": "Action (notation, e.g. <code>1G-6=Y</code>, <code>CP-5</code>, "
        "<code>R</code>)",
        "command_title": "The same on the command line:",
        "sources": (ROOT / "docs" / "tutorials" / "dispute.md",),
    },
    "sagrada": {
        "position_label": "Position (one line, <code>sagrada1 round:2 ...</code>, or a "
        "state document, JSON)",
        "action_label": "Decision (notation, e.g. <code>place r2c3</code>, <code>draft B5</code>,"
        " <code>tool 8</code>, <code>end</code>)",
        "command_title": "The same in Python:",
        "sources": (HERE / "sagrada_desk.py",),
    },
}


def game_disputes(game: str) -> list[dict[str, Any]]:
    """The ready-made disputes of ``game``'s desk."""
    if game == "sintra":
        return disputes()
    if game == "sagrada":
        import sagrada_desk

        return sagrada_desk.disputes()
    raise ValueError(f"no dispute desk for the game {game!r}")


def _clause(clause: str, docname: str, game: str) -> nodes.Node:
    """A clause ID in the dispute list: a link to its anchor on the game's spec pages (labelled
    ``game:id`` outside Sintra)."""
    label = clause.lower() if game == "sintra" else f"{game}:{clause}".lower()
    return _ref(label, docname, clause)


class DeskDirective(SphinxDirective):
    """The interactive dispute desk of a game (option ``:game:``, default ``sintra``)."""

    has_content = False
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {"game": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        docname = self.env.docname
        game = self.options.get("game", "sintra")
        if game not in DESKS:
            raise self.error(f"sintra-desk: no desk for the game {game!r}")
        try:
            found = game_disputes(game)
        except Exception as error:  # any failure of the disputes' code is a build error
            raise self.error(f"sintra-desk: {type(error).__name__}: {error}") from None
        for path in (*DESKS[game]["sources"], HERE / "desk_runtime.py"):
            self.env.note_dependency(str(path))
        static = "../" * docname.count("/") + "_static/desk/"
        items = nodes.enumerated_list(classes=["desk-disputes"])
        for number, dispute in enumerate(found):
            item = nodes.list_item()
            para = nodes.paragraph()
            button = (
                f'<button type="button" class="desk-open" data-dispute="{number}" disabled>'
                "Open</button> "
            )
            para += nodes.raw("", button, format="html")
            para += nodes.strong(text=dispute["title"])
            para += nodes.Text(f" ({dispute['action']}; ")
            for index, clause in enumerate(dispute["about"]):
                para += _clause(clause, docname, game)
                para += nodes.Text(", " if index < len(dispute["about"]) - 1 else ")")
            item += para
            items += item
        data = json.dumps({"game": game, "disputes": found}).replace("</", "<\\/")
        labels = {k: v for k, v in DESKS[game].items() if k != "sources"}
        form = _FORM.format(static=html.escape(static), data=data, game=game, **labels)
        heading = nodes.rubric(text="Ready-made disputes")
        notice = [_notice(docname)] if game == "sintra" else []
        return [*notice, heading, items, nodes.raw("", form, format="html")]


def package_desk(app: Sphinx, exception: Exception | None) -> None:
    """After an HTML build: the desk's runtime, its Python side and the clause links."""
    if exception is not None or app.builder.format != "html":
        return
    from sintra_rules import SpecError
    from sintra_rules.clauses import load_spec

    out = Path(app.outdir) / "_static" / "desk"
    out.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(HERE / "desk_runtime.py", out / "desk_runtime.py")
    labels = app.env.get_domain("std").labels  # type: ignore[attr-defined]
    for game in DESKS:
        links = {}
        try:
            clauses = load_spec(ROOT / "spec" / game).clauses
        except SpecError:  # a spec this version of the loader cannot read: no links
            clauses = ()
        for clause in clauses:
            label = clause.id.lower() if game == "sintra" else f"{game}:{clause.id}".lower()
            if label in labels:
                docname, anchor, _ = labels[label]
                links[clause.id] = f"{app.builder.get_target_uri(docname)}#{anchor}"
        name = "clauses.json" if game == "sintra" else f"clauses-{game}.json"
        (out / name).write_text(json.dumps(links, indent=0) + "\n", "utf-8")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_desk  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(ROOT / "tools"))
    try:
        build_desk.build(Path(app.outdir))
    except build_desk.DeskError as error:
        (out / "manifest.json").write_text(json.dumps({"error": str(error)}) + "\n", "utf-8")
        message = f"sintra-desk: the desk's runtime is not packaged: {error}"
        if os.environ.get("CI") == "true":
            logger.warning(message)
        else:
            logger.info(message)


def outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """Re-read the desk page on every build: its disputes come from the engine's code."""
    return _pages_using(env, ("sintra-desk",))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive and the packaging step."""
    app.add_directive("sintra-desk", DeskDirective)
    app.connect("build-finished", package_desk)
    app.connect("env-get-outdated", outdated)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
