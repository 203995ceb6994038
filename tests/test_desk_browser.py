"""The dispute desk in a real browser: Debian's Chromium, headless, driven by Playwright.

The site is built with Sphinx (``-W -n``) into a temporary folder and served on 127.0.0.1 only;
the test loads ``desk.html``, waits until Pyodide has loaded the engine, enters positions and
actions, and compares what the page shows with ``sintra explain`` run as a separate process on
the same input; it opens every ready-made dispute and compares it with ``sintra explain`` on its
position and action. It fails on any console error or page error, on any failed or non-local request
(the built site must work offline), and on a desk that is not packaged.

Needs the ``browser`` extra (Playwright's Python package, used with the system's Chromium: no
browser is downloaded) and ``/usr/bin/chromium``. Without them the test is skipped with the
reason, except under CI (``CI=true``), where it is required and fails instead.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib
import io
import json
import os
import shlex
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from sintra_rules import (
    SintraError,
    action_to_text,
    legal_actions,
    new_game,
    position_from_text,
    position_to_text,
    state_to_json,
)
from sintra_rules.cli import main

#: The site build (and, on a fresh clone, the Pyodide download) happens in the first test that
#: asks for it, which can take minutes on a slow machine: beyond the suite's 300 s per test.
pytestmark = pytest.mark.timeout(1200)

fcntl: ModuleType | None
try:
    fcntl = importlib.import_module("fcntl")  # POSIX: one site build shared by xdist workers
except ImportError:  # pragma: no cover - Windows: each worker builds its own
    fcntl = None

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: Chromium as root in a container, with no network but loopback (see the machine notes).
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: How long the desk may take to load the engine before the test gives up (not a speed target:
#: the measured time is printed).
READY_TIMEOUT_MS = 180_000


def _unavailable(reason: str) -> None:
    """Skip locally; fail under CI, where the browser test is required."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser test required under CI=true: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs site built with ``sphinx -W -n`` (with the desk packaged), once per test run:
    under pytest-xdist the workers share one build (the folder of this run, under a lock)."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # this run's folder, above each worker's own
    out = shared / "sintra-site"
    with open(shared / "sintra-site.lock", "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "_static" / "desk" / "manifest.json").exists():
            command = [sys.executable, "-m", "sphinx", "-W", "-n", "-q", "-b", "html"]
            done = subprocess.run(
                [*command, str(ROOT / "docs"), str(out)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=False,
            )
            assert done.returncode == 0, done.stderr[-3000:]
    manifest = json.loads((out / "_static" / "desk" / "manifest.json").read_text("utf-8"))
    assert "error" not in manifest, manifest
    return out


@pytest.fixture
def server(site: Path) -> Iterator[str]:
    """An HTTP server on 127.0.0.1 serving the built site; yields its base URL."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(site))
    )
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


class Desk:
    """The desk page in a browser, with everything the browser reported."""

    def __init__(self, page: Any, base: str) -> None:
        self.page = page
        self.base = base
        self.problems: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on("requestfailed", self._failed)
        page.on("request", self._request)
        page.on("response", self._response)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.problems.append(f"console error: {message.text}")

    def _failed(self, request: Any) -> None:
        # A request cut short by the test going to another page is no fault of the site.
        if "ERR_ABORTED" not in (request.failure or ""):
            self.problems.append(f"failed: {request.url} ({request.failure})")

    def _request(self, request: Any) -> None:
        if not request.url.startswith((self.base, "data:", "blob:")):
            self.problems.append(f"request outside the site: {request.url}")

    def _response(self, response: Any) -> None:
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def ask(self, position: str, action: str) -> dict[str, str]:
        """Enter ``position`` and ``action``, press Explain; what the page shows."""
        answers = self.page.get_attribute("#sintra-desk", "data-answers") or "0"
        self.page.fill("#desk-position", position)
        self.page.fill("#desk-action", action)
        self.page.click("#desk-explain")
        self.page.wait_for_function(
            f"document.getElementById('sintra-desk').dataset.answers !== '{answers}'"
        )
        return self.shown()

    def shown(self) -> dict[str, str]:
        explanation = self.page.locator("#desk-explanation")
        return {
            "explanation": explanation.text_content() or "",
            "legal": explanation.get_attribute("data-legal") or "",
            "clauses": explanation.get_attribute("data-clauses") or "",
            "error": ""
            if self.page.is_hidden("#desk-error")
            else self.page.text_content("#desk-error") or "",
        }


@pytest.fixture
def desk(server: str) -> Iterator[Desk]:
    """The desk page, loaded and ready (the engine is running in Pyodide)."""
    yield from _open_desk(server, "desk.html")


@pytest.fixture
def sagrada_desk(server: str) -> Iterator[Desk]:
    """Sagrada's desk page, loaded and ready."""
    yield from _open_desk(server, "sagrada/desk.html")


def _open_desk(server: str, page_name: str) -> Iterator[Desk]:
    """The desk page ``page_name`` of the site at ``server``, loaded and ready."""
    if not Path(CHROMIUM).exists():
        _unavailable("Chromium is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright is not installed (pip install -e '.[browser]')")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page()
            view = Desk(page, server)
            started = time.monotonic()
            page.goto(server + page_name)
            page.wait_for_selector(
                "#sintra-desk:not([data-state=loading])", timeout=READY_TIMEOUT_MS
            )
            state = page.get_attribute("#sintra-desk", "data-state")
            assert state == "ready", (state, page.text_content("#desk-status"), view.problems)
            print(
                f"\ndesk ready: {page.get_attribute('#sintra-desk', 'data-ready-ms')} ms in the "
                f"page, {time.monotonic() - started:.1f} s from navigation"
            )
            yield view
        finally:
            browser.close()


def _cli_line(line: str, action: str) -> subprocess.CompletedProcess[str]:
    """``sintra explain 'LINE' ACTION``: the one-line position as the argument itself."""
    return subprocess.run(
        [sys.executable, "-m", "sintra_rules", "explain", line, action],
        capture_output=True,
        text=True,
        check=False,
    )


def _cli(tmp_path: Path, position: str, action: str) -> subprocess.CompletedProcess[str]:
    """``sintra explain`` on ``position`` (saved to a file) and ``action``, in a new process."""
    path = tmp_path / "position.json"
    path.write_text(position, "utf-8")
    return subprocess.run(
        [sys.executable, "-m", "sintra_rules", "explain", str(path), action],
        capture_output=True,
        text=True,
        check=False,
    )


def _legal_action_explained_as_the_command_line_does(desk: Desk, tmp_path: Path) -> None:
    state = new_game(3, side="B", seed=11)
    position = state_to_json(state)
    action = action_to_text(legal_actions(state)[5], state.components)
    shown = desk.ask(position, action)
    cli = _cli(tmp_path, position, action)
    assert cli.returncode == 0
    assert shown["explanation"] == cli.stdout.rstrip("\n")
    assert shown["legal"] == "true" and shown["error"] == ""
    listed = desk.page.locator("#desk-legal button").all_text_contents()
    assert listed == [action_to_text(a, state.components) for a in legal_actions(state)]
    assert desk.page.locator("#desk-picture svg").count() == 1
    assert desk.page.locator("#desk-after svg").count() == 1
    assert desk.problems == []


def _illegal_action_lists_every_broken_clause(desk: Desk, tmp_path: Path) -> None:
    # The dispute tutorial's position: Amanda's glazier is above slot 4 (docs/tutorials).
    desk.page.click("button.desk-open[data-dispute='1']")
    desk.page.wait_for_function(
        "document.getElementById('desk-action').value === '1G-1=G'"
        " && document.getElementById('desk-explanation').dataset.legal === 'false'"
    )
    line = desk.page.input_value("#desk-position")
    assert line.startswith("sintra1 ")
    position = state_to_json(position_from_text(line))
    shown = desk.shown()
    # As the tutorial says: left of the glazier (PLACE-02), and the strip is not completed.
    assert shown["clauses"] == "PLACE-02 DONE-01"
    assert shown["legal"] == "false"
    cli = _cli(tmp_path, position, "1G-1=G")
    assert cli.returncode == 1
    assert shown["explanation"] == cli.stdout.rstrip("\n")
    assert "Illegal: it breaks 2 rules." in shown["explanation"]
    assert desk.problems == []


def _one_line_position_explained_as_the_command_line_does(desk: Desk, tmp_path: Path) -> None:
    state = new_game(4, side="A", seed=3)
    line = position_to_text(state)
    action = action_to_text(legal_actions(state)[-2], state.components)
    shown = desk.ask(line, action)
    cli = _cli(tmp_path, state_to_json(position_from_text(line)), action)
    assert cli.returncode == 0
    assert shown["explanation"] == cli.stdout.rstrip("\n")
    typed = _cli_line(line, action)  # the position typed on the command line, as the desk shows
    assert typed.returncode == 0 and typed.stdout == cli.stdout
    command = desk.page.text_content("#desk-command") or ""
    assert shlex.split(command.removeprefix("$ ")) == ["sintra", "explain", line, action]
    assert desk.problems == []


def _clause_ids_link_to_their_anchor(desk: Desk, site: Path) -> None:
    desk.ask(position_to_text(new_game(2, seed=7)), "R")  # RESET-02, as explain's docstring
    links = desk.page.locator("#desk-explanation a.desk-clause")
    assert links.all_text_contents() == ["RESET-02"]
    href = links.first.get_attribute("href") or ""
    assert href.startswith(desk.base + "spec/") and href.endswith("#reset-02")
    page = site / href[len(desk.base) :].split("#")[0]
    assert 'id="reset-02"' in page.read_text("utf-8")


def _bad_input_shows_the_command_lines_message(desk: Desk, tmp_path: Path) -> None:
    position = state_to_json(new_game(2, seed=7))
    shown = desk.ask(position, "9Q-1")
    cli = _cli(tmp_path, position, "9Q-1")
    assert cli.returncode == 2
    message = cli.stderr.strip().removeprefix("sintra explain: error: ")
    assert shown["error"] == f"Action: {message}"
    shown = desk.ask('{"format": 1}', "R")
    assert shown["error"].startswith("Position: ")
    line = position_to_text(new_game(2, seed=7))
    broken = line.replace("side:A", "side:Q")
    shown = desk.ask(broken, "R")
    with pytest.raises(SintraError) as raised:
        position_from_text(broken)
    assert shown["error"] == f"Position: {raised.value}"
    assert desk.problems == []


#: In the page: the desk's boxes that are shown but empty (no text and no picture).
_EMPTY_BOXES = """() => {
  const out = [];
  for (const el of document.querySelectorAll(
      "#sintra-desk pre, #sintra-desk .desk-picture, #sintra-desk .desk-legal, #sintra-desk h3")) {
    if (el.offsetParent === null) continue;  // not shown
    if (!(el.textContent || "").trim() && !el.querySelector("svg")) out.push(el.id || el.tagName);
  }
  return out;
}"""


def _a_bad_position_leaves_no_empty_box(desk: Desk) -> None:
    """Issue 25: a position that cannot be read showed "Legal actions: none (the game is
    over)" and left the explanation, the command and the picture as empty boxes. Now only the
    message is shown; a bad action keeps the position's picture and legal actions."""
    line = position_to_text(new_game(2, seed=7))
    shown = desk.ask(line.replace("side:A", "side:Q"), "R")
    assert shown["error"].startswith("Position: bad position: side")
    assert "game is over" not in (desk.page.text_content("#sintra-desk") or "")
    assert desk.page.is_hidden("#desk-legal-title") and desk.page.is_hidden("#desk-picture")
    assert desk.page.is_hidden("#desk-explanation") and desk.page.is_hidden("#desk-command")
    assert desk.page.evaluate(_EMPTY_BOXES) == []
    shown = desk.ask(line, "9Q-1")
    assert shown["error"].startswith("Action: bad action notation '9Q-1'")
    assert desk.page.is_visible("#desk-picture svg") and desk.page.is_hidden("#desk-explanation")
    assert (desk.page.text_content("#desk-legal-title") or "").startswith(
        "Legal actions of player 1: "
    )
    assert desk.page.evaluate(_EMPTY_BOXES) == []
    assert desk.problems == []


def _the_landing_pages_commands_wrap(desk: Desk) -> None:
    """Issue 25: the landing page's second command (the test command, one long line) ran off
    sideways; both commands now wrap at the page's width, at a desktop's and a phone's."""
    page = desk.page
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 800})
        page.goto(desk.base + "index.html")
        widths = page.evaluate(
            "() => [...document.querySelectorAll('section#the-two-commands pre')]"
            ".map(pre => [pre.scrollWidth, pre.clientWidth, pre.textContent.length])"
        )
        assert len(widths) == 2, widths
        assert widths[1][2] > 300  # the test command, one long line
        for scroll, client, _ in widths:
            assert scroll <= client, (width, widths)
    page.set_viewport_size({"width": 1280, "height": 800})


def _provisional_notice_and_disputes_are_shown(desk: Desk) -> None:
    notice = desk.page.text_content(".desk-notice") or ""
    assert "Provisional figures" in notice and "provisional" in notice
    assert desk.page.locator("button.desk-open").count() >= 5
    # The desk opens on the first dispute, its position in the one-line notation.
    assert desk.page.input_value("#desk-position").startswith("sintra1 side:A ")


def _every_ready_dispute_as_the_command_line(desk: Desk) -> None:
    """Each ready-made dispute, opened by its button, shows what ``sintra explain 'POSITION'
    ACTION`` prints for its position and action (the command run in this process)."""
    data = json.loads(desk.page.text_content("#desk-data") or "{}")
    disputes = data["disputes"]
    assert len(disputes) == desk.page.locator("button.desk-open").count() >= 15
    for number, dispute in enumerate(disputes):
        answers = desk.page.get_attribute("#sintra-desk", "data-answers") or "0"
        desk.page.click(f"button.desk-open[data-dispute='{number}']")
        desk.page.wait_for_function(
            f"document.getElementById('sintra-desk').dataset.answers !== '{answers}'"
        )
        assert desk.page.input_value("#desk-position") == dispute["position"]
        assert desk.page.input_value("#desk-action") == dispute["action"]
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            status = main(["explain", dispute["position"], dispute["action"]])
        shown = desk.shown()
        assert shown["explanation"] == out.getvalue().rstrip("\n"), dispute["title"]
        assert shown["legal"] == ("true" if status == 0 else "false"), dispute["title"]
        assert shown["error"] == ""
    assert desk.problems == []


def _a_link_reopens_the_question(desk: Desk, tmp_path: Path) -> None:
    """The address after a question holds it; opening that address asks it again."""
    state = new_game(2, side="B", seed=5)
    line = position_to_text(state)
    action = action_to_text(legal_actions(state)[3], state.components)
    first = desk.ask(line, action)
    link = desk.page.url
    assert "#position=" in link
    desk.page.goto("about:blank")
    started = time.monotonic()
    desk.page.goto(link)
    desk.page.wait_for_selector("#sintra-desk[data-state=ready]", timeout=READY_TIMEOUT_MS)
    print(
        f"desk ready again (the browser's cache warm): "
        f"{desk.page.get_attribute('#sintra-desk', 'data-ready-ms')} ms in the page, "
        f"{time.monotonic() - started:.1f} s from navigation"
    )
    desk.page.wait_for_function("document.getElementById('sintra-desk').dataset.answers === '1'")
    assert desk.page.input_value("#desk-position") == line
    assert desk.page.input_value("#desk-action") == action
    assert desk.shown() == first
    cli = _cli(tmp_path, state_to_json(state), action)
    assert first["explanation"] == cli.stdout.rstrip("\n")


#: In the page: the elements of the article that stick out at its right (by more than a
#: heading's anchor mark) with no ancestor scrolling them sideways: content cut off on a phone.
_CUT_OFF = """() => {
  const article = document.querySelector("article");
  const right = article.getBoundingClientRect().right;
  const out = [];
  for (const el of article.querySelectorAll("*")) {
    if (el.getBoundingClientRect().right <= right + 12) continue;
    let up = el.parentElement, scrolled = false;
    while (up && up !== article) {
      if (["auto", "scroll"].includes(getComputedStyle(up).overflowX)) scrolled = true;
      up = up.parentElement;
    }
    if (!scrolled && !["auto", "scroll"].includes(getComputedStyle(el).overflowX)) {
      out.push(el.tagName + " " + (el.textContent || "").trim().slice(0, 40));
    }
  }
  return out;
}"""


def _nothing_is_cut_off_on_a_phone(desk: Desk) -> None:
    """At a phone's width (390 px), wide content (position pictures, outputs, tables) fits or
    scrolls inside its block on the pages with the widest content."""
    page = desk.page
    page.set_viewport_size({"width": 390, "height": 800})
    for name in ("tutorials/dispute.html", "traceability.html", "spec/03-turn.html"):
        page.goto(desk.base + name)
        assert page.evaluate(_CUT_OFF) == [], name
    page.set_viewport_size({"width": 1280, "height": 800})


def _site_search_finds_clauses_and_glossary(desk: Desk) -> None:
    """The site search (run last: it leaves the desk page) puts the clause first for its ID
    and the glossary first for a French word."""
    page = desk.page
    finished = "document.getElementById('search-results').innerText.includes('Search finished')"
    page.goto(desk.base + "search.html?q=TAKE-03")
    page.wait_for_function(finished, timeout=60_000)  # every result's summary is fetched
    first = page.locator("#search-results ul.search li a").first.get_attribute("href") or ""
    assert first.endswith("spec/03-turn.html#take-03"), first
    page.goto(desk.base + "search.html?q=vitrier")
    page.wait_for_function(finished, timeout=60_000)
    hrefs = page.locator("#search-results ul.search li a").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"
    )
    assert hrefs[0].split("?")[0].split("#")[0].endswith("glossary.html"), hrefs


def test_dispute_desk_in_chromium(desk: Desk, site: Path, tmp_path: Path) -> None:
    """One test (one site build, one browser start, also under xdist): every check in turn."""
    _provisional_notice_and_disputes_are_shown(desk)
    _legal_action_explained_as_the_command_line_does(desk, tmp_path)
    _illegal_action_lists_every_broken_clause(desk, tmp_path)
    _every_ready_dispute_as_the_command_line(desk)
    _one_line_position_explained_as_the_command_line_does(desk, tmp_path)
    _clause_ids_link_to_their_anchor(desk, site)
    _bad_input_shows_the_command_lines_message(desk, tmp_path)
    _a_bad_position_leaves_no_empty_box(desk)
    _a_link_reopens_the_question(desk, tmp_path)
    _nothing_is_cut_off_on_a_phone(desk)
    _the_landing_pages_commands_wrap(desk)
    _site_search_finds_clauses_and_glossary(desk)
    assert desk.problems == []


# The built site itself (no browser needed): links, indexes, glossary, citations, code links.


def _page(site: Path, name: str) -> str:
    return (site / name).read_text("utf-8")


def test_every_clause_has_an_anchor_and_an_index_entry(site: Path) -> None:
    from sintra_rules.clauses import load_spec

    index = _page(site, "clauses.html")
    for clause in load_spec().clauses:
        anchor = clause.id.lower()
        target = f"spec/{clause.page.removesuffix('.md')}.html"
        assert f'href="{target}#{anchor}"' in index, clause.id
        assert f'id="{anchor}"' in _page(site, target), clause.id


def test_clause_ids_are_links_in_tutorials_api_and_rulings(site: Path) -> None:
    # The dispute tutorial names RUL-01 in its prose; the API page's docstrings cite clauses.
    assert 'href="../spec/08-rulings.html#rul-01"' in _page(site, "tutorials/dispute.html")
    assert 'class="sintra-clause reference internal" href="../spec/03-turn.html#' in _page(
        site, "api/engine.html"
    )
    # RUL-02's text cites PLACE-05 (the must-place rule): a link on the rulings page.
    rulings = _page(site, "spec/08-rulings.html")
    assert 'href="03-turn.html#place-05"' in rulings
    # The output of `sintra rule PLACE-05` in the tutorial's shell session lists RUL-02: a link.
    tutorial = _page(site, "tutorials/dispute.html")
    session = tutorial[tutorial.index('<pre class="sintra-console') :]
    session = session[: session.index("</pre>")]
    assert "<strong>$ sintra rule PLACE-05</strong>" in session
    assert 'href="../spec/08-rulings.html#rul-02"' in session


def test_each_clause_lists_the_rulings_that_refine_it(site: Path) -> None:
    # As `sintra rule PLACE-05` lists them: RUL-02, RUL-04 and RUL-07 refine PLACE-05.
    turn = _page(site, "spec/03-turn.html")
    section = turn[turn.index('id="place-05"') :]
    section = section[: section.index("</section>")]
    refined = section[section.index("Refined by the rulings") :]
    for ruling in ("rul-02", "rul-04", "rul-07"):
        assert f'href="08-rulings.html#{ruling}"' in refined


def test_citations_name_edition_and_printed_label_first(site: Path) -> None:
    turn = _page(site, "spec/03-turn.html")
    # The label is the printed section of the hand-written outline (spec/outline.toml).
    label = "EN, A) Advance a pattern, Step 1, Attention"
    assert f'{label} <span class="sintra-line-index">(000:88)</span>' in turn


def test_glossary_is_a_page_the_search_finds(site: Path) -> None:
    glossary = _page(site, "glossary.html")
    for word in ("vitrier", "glaszetter", "vidriero"):
        assert word in glossary
    index = _page(site, "searchindex.js")
    data = json.loads(index[index.index("(") + 1 : index.rindex(")")])
    docs: list[int] = []
    for kind in ("terms", "titleterms"):  # words of the page's text and of its headings
        found = data[kind].get("vitrier", [])
        docs += [found] if isinstance(found, int) else found
    assert data["docnames"].index("glossary") in docs


def test_traceability_links_reach_the_cited_line(site: Path) -> None:
    import re

    page = _page(site, "traceability.html")
    links = re.findall(r'href="(_code/[^"#]+)#(L-\d+)"', page)
    assert len(links) > 100
    for path, anchor in links[:: max(1, len(links) // 50)]:
        assert f'id="{anchor}"' in _page(site, path), (path, anchor)


# Sagrada's desk (docs/sagrada/desk.md): one desk per game, the same page machinery.


def _sagrada_explain(position: str, action: str) -> str:
    """What the library prints for the question: ``print(game.explain(state, action))``."""
    from sintra_rules.games import make

    game: Any = make("sagrada")
    state = game.position_from_text(position)
    return str(game.explain(state, game.action_from_text(state, action)))


#: In the page: the size in CSS pixels at which the position picture's tool cards and scores
#: are drawn (their font size in the SVG times the picture's scale on screen).
_PICTURE_TEXT = """() => {
  const svg = document.querySelector("#desk-picture svg");
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const size = (el) => parseFloat(el.getAttribute("font-size")) * scale;
  return {
    tools: [...svg.querySelectorAll("g.tool text")].map(size),
    scores: [...svg.querySelectorAll("text.score")].map(size),
  };
}"""


def _sagrada_desk_on_a_phone(desk: Desk) -> None:
    """Issue 30: at a phone's width (390 px) the explanation box was wider than the phone (its
    lines ran off sideways) and the picture's tool cards and scores were drawn about 5 px
    high. Now the explanation wraps in its box, and the labels are drawn at least 9 px high
    (the picture scrolls sideways instead)."""
    page = desk.page
    page.set_viewport_size({"width": 390, "height": 800})
    page.click("button.desk-open[data-dispute='0']")
    page.wait_for_function("document.getElementById('desk-explanation').dataset.legal !== ''")
    shown = desk.shown()
    assert max(len(line) for line in shown["explanation"].splitlines()) > 60
    scroll, client = page.evaluate(
        "() => { const e = document.getElementById('desk-explanation');"
        " return [e.scrollWidth, e.clientWidth]; }"
    )
    assert client <= 390 and scroll <= client, (scroll, client)
    sizes = page.evaluate(_PICTURE_TEXT)
    assert len(sizes["tools"]) == 3 and len(sizes["scores"]) == 2, sizes
    assert min(sizes["tools"] + sizes["scores"]) >= 9, sizes
    assert page.evaluate(_CUT_OFF) == [], "sagrada/desk.html"
    page.set_viewport_size({"width": 1280, "height": 800})
    assert max(page.evaluate(_PICTURE_TEXT)["tools"]) >= 9


def _a_link_with_only_an_action_says_what_is_missing(desk: Desk) -> None:
    """Issue 30: a desk link with ``#action=`` and no position was silently ignored (the desk
    opened its first dispute instead). Now it keeps the action and says the position is
    missing."""
    page = desk.page
    page.goto("about:blank")
    page.goto(desk.base + "sagrada/desk.html#action=place%20r2c3")
    page.wait_for_selector("#sintra-desk[data-state=ready]", timeout=READY_TIMEOUT_MS)
    assert page.input_value("#desk-action") == "place r2c3"
    assert page.input_value("#desk-position") == ""
    error = desk.shown()["error"]
    assert error.startswith("Position: the link holds an action") and "#position=" in error
    assert page.get_attribute("#sintra-desk", "data-answers") is None  # nothing was asked


def test_sagrada_desk_in_chromium(sagrada_desk: Desk) -> None:
    """Every ready dispute of Sagrada's desk, opened by its button, shows the library's
    explanation, and the Python lines under it print the same; the legal decisions listed are
    the engine's; bad input shows the engine's message; the pages are readable at a phone's
    width (390 px), the desk's explanation and picture too; a link with only an action says
    what is missing; no console error, no request outside the site."""
    from sintra_rules.games import make

    desk, page = sagrada_desk, sagrada_desk.page
    game: Any = make("sagrada")
    data = json.loads(page.text_content("#desk-data") or "{}")
    assert data["game"] == "sagrada"
    disputes = data["disputes"]
    assert len(disputes) == page.locator("button.desk-open").count() >= 30
    assert page.input_value("#desk-position").startswith("sagrada1 ")
    for number, dispute in enumerate(disputes):
        answers = page.get_attribute("#sintra-desk", "data-answers") or "0"
        page.click(f"button.desk-open[data-dispute='{number}']")
        page.wait_for_function(
            f"document.getElementById('sintra-desk').dataset.answers !== '{answers}'"
        )
        assert page.input_value("#desk-position") == dispute["position"]
        assert page.input_value("#desk-action") == dispute["action"]
        shown = desk.shown()
        expected = _sagrada_explain(dispute["position"], dispute["action"])
        assert shown["explanation"] == expected, dispute["title"]
        assert shown["error"] == ""
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(page.text_content("#desk-command") or "", {"__name__": "desk_command"})
        assert out.getvalue().rstrip("\n") == expected, dispute["title"]
        state = game.position_from_text(dispute["position"])
        listed = page.locator("#desk-legal button").all_text_contents()
        assert listed == [game.action_to_text(state, a) for a in game.legal_actions(state)]
        assert page.locator("#desk-picture svg").count() == 1
    # bad input: the engine's one-line messages
    line = disputes[0]["position"]
    shown = desk.ask(line, "place r5c1")
    assert shown["error"].startswith("Action: bad action notation 'place r5c1'")
    shown = desk.ask(line.replace(":.B3.../", ":P3P4.../"), "end")  # RUL-16: PLACE-06
    assert shown["error"].startswith("Position: bad position") and "PLACE-06" in shown["error"]
    assert page.evaluate(_EMPTY_BOXES) == []
    # readable on a phone
    page.set_viewport_size({"width": 390, "height": 800})
    desk.ask(line, "place r2c3")
    assert page.evaluate(_CUT_OFF) == [], "sagrada/desk.html"
    for name in ("sagrada/index.html", "sagrada/components.html"):
        page.goto(desk.base + name)
        assert page.evaluate(_CUT_OFF) == [], name
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(desk.base + "sagrada/desk.html")
    page.wait_for_selector("#sintra-desk[data-state=ready]", timeout=READY_TIMEOUT_MS)
    _sagrada_desk_on_a_phone(desk)
    _a_link_with_only_an_action_says_what_is_missing(desk)
    assert desk.problems == []
