"""The Python side of the dispute desk: one call per question, answered as JSON.

One desk per game: the game is named by the registry (:func:`sintra_rules.games.make`,
``"sintra"`` by default) and the desk only uses the game protocol (:mod:`sintra_rules.game`):
the position text through the ``Positions`` capability (one line, e.g. ``sintra1 ...`` or
``sagrada1 ...``) or a state document (JSON, ``Written.deserialize``), the explanation through
``Explained`` (``str(game.explain(state, action))``, the text ``sintra explain`` prints for
Sintra), the picture through ``Drawn``, the notation through ``Written``.

The same file runs in two places: in the browser, inside Pyodide (``desk.js`` writes it into
Pyodide's file system and calls :func:`answer`), and at docs build time, where the Sphinx
extension ``sintra_desk`` uses :func:`position_text` to put the ready-made disputes into the
page.
"""

from __future__ import annotations

import json
import shlex
from typing import Any

from sintra_rules import SintraError
from sintra_rules.game import Drawn, Explained, Positions
from sintra_rules.games import make

__all__ = ["answer", "command_for", "position_text", "read_position"]


def _game(name: str) -> Any:
    """The registered game ``name``, which the desk needs to read, explain and draw."""
    game = make(name)
    for capability in (Positions, Explained, Drawn):
        if not isinstance(game, capability):
            raise TypeError(f"the desk needs {capability.__name__} of game {name!r}")
    return game


def read_position(text: str, game: str = "sintra") -> Any:
    """The position ``text`` holds: a one-line position or a JSON state document (what
    ``sintra explain`` reads), told apart by the first character (``{`` for JSON).

    Raises:
        SintraError: the text is not a valid position (the message names the field).
    """
    rules = _game(game)
    stripped = text.strip()
    if stripped.startswith("{"):
        return rules.deserialize(stripped)
    return rules.position_from_text(stripped)


def position_text(state: Any, game: str = "sintra") -> str:
    """``state`` as the desk shows it for editing: its one-line position."""
    return str(_game(game).position_to_text(state))


def command_for(position: str, action: str, game: str = "sintra") -> str:
    """The same question outside the browser: ``sintra explain 'POSITION' ACTION`` for Sintra;
    for another game, the Python lines that print the same explanation."""
    if game == "sintra":
        return f"sintra explain {shlex.quote(position)} {shlex.quote(action)}"
    return (
        "from sintra_rules.games import make\n"
        f"game = make({game!r})\n"
        f"state = game.position_from_text({position!r})\n"
        f"print(game.explain(state, game.action_from_text(state, {action!r})))"
    )


def answer(position: str, action: str, game: str = "sintra") -> str:
    """Answer the desk's question about ``position`` (text) and ``action`` (notation, may be
    empty) in ``game``, as a JSON object.

    Keys: ``position`` (the one-line position of what was read, ``null`` if nothing was);
    ``command`` (the same question outside the browser, :func:`command_for`, ``null`` without a
    position and an action); ``error`` (``null``, or ``{"field": "position" | "action",
    "message": ...}``: the engine's one-line message); ``svg`` (the position's picture);
    ``to_move`` (the seat to act, from 1); ``is_over`` and ``chance`` (the pending chance
    step's kind), ``null`` when no position was read; ``legal_actions`` (their notation, in the
    engine's canonical order); ``explanation`` (the text of ``game.explain``, or ``null`` when
    no action was given); ``is_legal``; ``clauses`` (the clause IDs of the explanation, in
    order); ``after_svg`` (the picture after a legal action, else ``null``).
    """
    rules = _game(game)
    result: dict[str, Any] = {
        "position": None,
        "command": None,
        "error": None,
        "svg": None,
        "to_move": None,
        "is_over": None,
        "chance": None,
        "legal_actions": [],
        "explanation": None,
        "is_legal": None,
        "clauses": [],
        "after_svg": None,
    }
    try:
        state = read_position(position, game)
    except SintraError as error:
        result["error"] = {"field": "position", "message": str(error)}
        return json.dumps(result)
    result["position"] = rules.position_to_text(state)
    result["svg"] = rules.to_svg(state)
    result["to_move"] = None if state.is_over else state.turn + 1
    result["is_over"] = state.is_over
    chance = state.chance
    result["chance"] = None if chance is None else str(getattr(chance, "kind", chance))
    result["legal_actions"] = [rules.action_to_text(state, a) for a in rules.legal_actions(state)]
    if not action.strip():
        return json.dumps(result)
    try:
        parsed = rules.action_from_text(state, action.strip())
    except SintraError as error:
        result["error"] = {"field": "action", "message": str(error)}
        return json.dumps(result)
    result["command"] = command_for(result["position"], action.strip(), game)
    report = rules.explain(state, parsed)
    result["explanation"] = str(report)
    result["is_legal"] = report.legal
    result["clauses"] = list(report.clauses)
    if report.after is not None:
        result["after_svg"] = rules.to_svg(report.after)
    return json.dumps(result)
