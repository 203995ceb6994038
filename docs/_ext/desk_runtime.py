"""The Python side of the dispute desk: one call per question, answered as JSON.

A position is read in the one-line notation (:mod:`sintra_rules.games.sintra.position`) or as a
state document (JSON). The same file runs in two places: in the browser, inside Pyodide (``desk.js``
writes it into Pyodide's file system and calls :func:`answer`), and at docs build time, where
the Sphinx extension ``sintra_desk`` uses :func:`position_text` to put the ready-made disputes
into the page. It only calls the engine's public API: the explanation is
``str(explain(state, action))``, the text ``sintra explain STATE_FILE ACTION`` prints, and the
action is read with the engine's notation in the position's component table, as the command
does.
"""

from __future__ import annotations

import json
import shlex
from typing import Any

from sintra_rules import (
    GameState,
    SintraError,
    action_from_text,
    action_to_text,
    explain,
    legal_actions,
    position_from_text,
    position_to_text,
    state_from_json,
)
from sintra_rules.games.sintra.svg import state_to_svg

__all__ = ["answer", "position_text", "read_position"]


def read_position(text: str) -> GameState:
    """The position ``text`` holds: a one-line position (``sintra1 ...``, ENG-21) or a
    ``sintra-state`` JSON document (what ``sintra explain`` reads), told apart by the first
    character (``{`` for JSON).

    Raises:
        SintraError: the text is not a valid position (the message names the field).
    """
    stripped = text.strip()
    if stripped.startswith("{"):
        return state_from_json(stripped)
    return position_from_text(stripped)


def position_text(state: GameState) -> str:
    """``state`` as the desk shows it for editing: its one-line position (ENG-21)."""
    return position_to_text(state)


def answer(position: str, action: str) -> str:
    """Answer the desk's question about ``position`` (text) and ``action`` (notation, may be
    empty), as a JSON object.

    Keys: ``position`` (the one-line position of what was read, ``null`` if nothing was);
    ``command`` (the same question on the command line: ``sintra explain 'POSITION' ACTION``,
    ``null`` without a position and an action);
    ``error`` (``null``, or ``{"field": "position" | "action", "message": ...}``: the
    one-line message ``sintra explain`` prints for bad input); ``svg`` (the position's
    picture); ``to_move`` (the seat to act, from 1); ``is_over`` and ``chance`` (the pending
    chance step's kind), ``null`` when no position was read; ``legal_actions`` (their notation,
    in the engine's canonical order); ``explanation`` (the text of ``sintra explain``, or
    ``null`` when no action was given); ``is_legal``; ``clauses`` (the clause IDs of the
    explanation, in order); ``after_svg`` (the picture after a legal action, else ``null``).
    """
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
        state = read_position(position)
    except SintraError as error:
        result["error"] = {"field": "position", "message": str(error)}
        return json.dumps(result)
    result["position"] = position_to_text(state)
    result["svg"] = state_to_svg(state)
    result["to_move"] = None if state.is_over else state.turn + 1
    result["is_over"] = state.is_over
    result["chance"] = None if state.chance is None else state.chance.kind
    result["legal_actions"] = [action_to_text(a, state.components) for a in legal_actions(state)]
    if not action.strip():
        return json.dumps(result)
    try:
        parsed = action_from_text(action.strip(), state.components, num_players=len(state.players))
    except SintraError as error:
        result["error"] = {"field": "action", "message": str(error)}
        return json.dumps(result)
    line = shlex.quote(result["position"])
    result["command"] = f"sintra explain {line} {shlex.quote(action.strip())}"
    report = explain(state, parsed)
    result["explanation"] = str(report)
    result["is_legal"] = report.legal
    result["clauses"] = list(report.clauses)
    if report.after is not None:
        result["after_svg"] = state_to_svg(report.after)
    return json.dumps(result)
