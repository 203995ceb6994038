// The dispute desk: runs the sintra_rules engine in the browser with Pyodide.
// Everything is loaded from this site (_static/desk/): the Pyodide runtime, the wheels of attrs
// and sintra_rules (manifest.json), the desk's Python side (desk_runtime.py) and the clause
// links (clauses.json). Nothing comes from a CDN.
"use strict";
(function () {
  const script = document.currentScript;
  const base = new URL(".", script.src); // .../_static/desk/
  const root = new URL("../../", base); // the site's root
  const desk = document.getElementById("sintra-desk");
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("desk-data").textContent);
  const game = data.game || "sintra"; // one desk per game: its name in the registry
  let runtime = null;
  let links = {};

  function status(text) {
    $("desk-status").textContent = text;
  }

  function showError(error) {
    const box = $("desk-error");
    if (error) {
      box.textContent = (error.field === "action" ? "Action: " : "Position: ") + error.message;
      box.hidden = false;
    } else {
      box.textContent = "";
      box.hidden = true;
    }
  }

  // Text with every clause ID that has an anchor on the site turned into a link.
  function linked(parent, text) {
    parent.replaceChildren();
    const pattern = /\b[A-Z]+-\d{2}\b/g;
    let last = 0;
    for (const match of text.matchAll(pattern)) {
      const href = links[match[0]];
      if (!href) continue;
      parent.append(text.slice(last, match.index));
      const a = document.createElement("a");
      a.href = new URL(href, root).href;
      a.textContent = match[0];
      a.className = "desk-clause";
      parent.append(a);
      last = match.index + match[0].length;
    }
    parent.append(text.slice(last));
  }

  // What the page shows for an answer: only the parts the answer has (a position that cannot
  // be read has no picture and no legal actions; a question without a readable action, no
  // explanation), so no box is left empty and nothing is said about a game there is none of.
  function show(result) {
    showError(result.error);
    $("desk-position-box").hidden = result.position === null;
    $("desk-answer").hidden = !result.explanation;
    $("desk-picture").innerHTML = result.svg || "";
    const legal = $("desk-legal");
    legal.replaceChildren();
    for (const notation of result.legal_actions) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "desk-action";
      button.textContent = notation;
      button.addEventListener("click", () => {
        $("desk-action").value = notation;
        run();
      });
      legal.append(button);
    }
    const count = result.legal_actions.length;
    let title = `Legal actions of player ${result.to_move}: ${count}`;
    if (result.is_over) title = "Legal actions: none (the game is over)";
    else if (result.chance) {
      title = `Legal actions: none (the position waits for a chance step: ${result.chance})`;
    }
    $("desk-legal-title").textContent = title;
    legal.hidden = count === 0;
    const explanation = $("desk-explanation");
    explanation.dataset.legal = result.is_legal === null ? "" : String(result.is_legal);
    explanation.dataset.clauses = result.clauses.join(" ");
    linked(explanation, result.explanation || "");
    // Sintra's question is a shell command; another game's, the Python lines printing it.
    const prompt = game === "sintra" ? "$ " : "";
    $("desk-command").textContent = result.command ? `${prompt}${result.command}` : "";
    const after = $("desk-after-box");
    after.hidden = !result.after_svg;
    $("desk-after").innerHTML = result.after_svg || "";
  }

  // A question as a link: desk.html#position=...&action=... (shared with another person).
  // Returns "asked" (the link's question is in the form), "incomplete" (the link names an action
  // but no position: the page says so) or "" (no question in the address).
  function fromLink() {
    const fields = new URLSearchParams(location.hash.slice(1));
    if (!fields.has("position")) {
      if (!fields.has("action")) return "";
      $("desk-action").value = fields.get("action");
      showError({
        field: "position",
        message:
          "the link holds an action (#action=) but no position: it needs " +
          "#position=...&action=... . Paste the position above and press Explain.",
      });
      return "incomplete";
    }
    $("desk-position").value = fields.get("position");
    $("desk-action").value = fields.get("action") || "";
    return "asked";
  }

  function toLink() {
    const fields = new URLSearchParams();
    fields.set("position", $("desk-position").value.trim());
    fields.set("action", $("desk-action").value.trim());
    history.replaceState(null, "", `#${fields.toString()}`);
  }

  function run() {
    if (!runtime) return;
    const started = performance.now();
    const answer = runtime.answer($("desk-position").value, $("desk-action").value, game);
    toLink();
    show(JSON.parse(answer));
    desk.dataset.answerMs = String(Math.round(performance.now() - started));
    desk.dataset.answers = String(Number(desk.dataset.answers || "0") + 1);
  }

  function open(number) {
    const dispute = data.disputes[number];
    $("desk-position").value = dispute.position;
    $("desk-action").value = dispute.action;
    run();
    $("desk-explanation").scrollIntoView({ block: "nearest" });
  }

  function loadScript(url) {
    return new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.src = url;
      tag.onload = resolve;
      tag.onerror = () => reject(new Error(`cannot load ${url}`));
      document.head.append(tag);
    });
  }

  async function fetchOk(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`cannot load ${url}: ${response.status}`);
    return response;
  }

  async function start() {
    const started = performance.now();
    status("Loading the engine (Python in the browser)…");
    const manifest = await (await fetchOk(new URL("manifest.json", base))).json();
    if (manifest.error) {
      desk.dataset.state = "unavailable";
      status(`The desk is not packaged in this build of the site: ${manifest.error}`);
      return;
    }
    const clauses = game === "sintra" ? "clauses.json" : `clauses-${game}.json`;
    links = await (await fetchOk(new URL(clauses, base))).json();
    await loadScript(new URL("pyodide/pyodide.js", base).href);
    const pyodide = await globalThis.loadPyodide({
      indexURL: new URL("pyodide/", base).href,
    });
    await pyodide.loadPackage(
      manifest.wheels.map((name) => new URL(`wheels/${name}`, base).href),
      { messageCallback: () => {} },
    );
    const glue = await (await fetchOk(new URL("desk_runtime.py", base))).text();
    pyodide.FS.mkdirTree("/home/pyodide/desk");
    pyodide.FS.writeFile("/home/pyodide/desk/desk_runtime.py", glue);
    pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/desk')");
    runtime = pyodide.pyimport("desk_runtime");
    const seconds = (performance.now() - started) / 1000;
    desk.dataset.readyMs = String(Math.round(performance.now() - started));
    for (const button of document.querySelectorAll(".desk-open, #desk-explain")) {
      button.disabled = false;
    }
    desk.dataset.state = "ready";
    status(
      `Ready: sintra_rules runs in your browser (Pyodide ${manifest.pyodide}, ` +
        `loaded in ${seconds.toFixed(1)} s). Open a dispute, or paste a position and type an action.`,
    );
    const link = fromLink();
    if (link === "asked") run();
    else if (link === "" && !$("desk-position").value) open(0);
  }

  for (const button of document.querySelectorAll(".desk-open")) {
    button.addEventListener("click", () => open(Number(button.dataset.dispute)));
  }
  $("desk-explain").addEventListener("click", run);
  $("desk-action").addEventListener("keydown", (event) => {
    if (event.key === "Enter") run();
  });
  start().catch((error) => {
    desk.dataset.state = "failed";
    status(`The engine could not be loaded: ${error.message}`);
    console.error(error);
  });
})();
