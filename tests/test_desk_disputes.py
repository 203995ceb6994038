"""The dispute desk's ready-made disputes, without a browser.

Each dispute on the desk page (``docs/_ext/sintra_desk.py``, computed when the site is built) is
a one-line position and an action. Here every one of them is answered by the desk's own Python
side (``docs/_ext/desk_runtime.py``, the file Pyodide runs in the page) and by ``sintra explain
'POSITION' ACTION``; the explanations must be equal, the legality must be what the ruling
decides, and the explanation must show the clause the dispute is about, firing or broken.
Every ruling that a position and an action can show has a dispute.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from sintra_rules.clauses import load_spec
from sintra_rules.cli import main

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
sintra_desk = pytest.importorskip("sintra_desk")  # needs Sphinx: the dev extra
desk_runtime = pytest.importorskip("desk_runtime")

#: Rulings no ready dispute can show, and why.
NOT_SHOWN = {
    # The refill after the round's last action is drawn as chance steps (ENG-07) after it: a
    # one-line position holds no seed, so the explanation stops at the pending draw.
    "RUL-12": "the bag running empty is a later chance step",
    "RUL-13": "the bag and tower running empty is a later chance step",
    # The explanation shows scores, not the winner.
    "RUL-16": "the tie-break decides the winner, which explain does not show",
}
#: Per ruling, whether its dispute's action is legal, as the ruling decides (read from
#: spec/sintra/08-rulings.md, not from the engine).
LEGAL = {
    "RUL-01": True,  # a second take from the centre in the round
    "RUL-02": False,  # all break while a joker space can take the colour
    "RUL-03": False,  # the tutorial's all-break while a strip can take orange
    "RUL-04": False,  # placing on the empty slot under the glazier
    "RUL-05": False,  # reset with no strip to the left
    "RUL-06": True,  # nothing reachable: all pieces break
    "RUL-07": True,  # both pieces on joker spaces although the blue space is free
    "RUL-08": True,
    "RUL-10": True,
    "RUL-11": True,
    "RUL-14": True,
    "RUL-15": True,
    "RUL-17": False,  # one pink on a joker space, the other broken on purpose
    "RUL-19": True,
}


def _disputes() -> list[dict[str, Any]]:
    return list(sintra_desk.disputes())


DISPUTES = _disputes()


def _explain(position: str, action: str) -> tuple[int, str]:
    """``sintra explain 'POSITION' ACTION``: exit status and standard output."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["explain", position, action])
    return status, out.getvalue()


@pytest.mark.parametrize("dispute", DISPUTES, ids=lambda d: d["title"])
def test_each_dispute_is_explained_as_the_command_line_does(dispute: dict[str, Any]) -> None:
    answer = json.loads(desk_runtime.answer(dispute["position"], dispute["action"]))
    assert answer["error"] is None, answer["error"]
    assert answer["position"] == dispute["position"]
    status, out = _explain(dispute["position"], dispute["action"])
    assert answer["explanation"] == out.rstrip("\n")
    assert status == (0 if answer["is_legal"] else 1)
    shown = set(re.findall(r"\b[A-Z]+-\d\d\b", answer["explanation"]))
    assert shown & set(dispute["about"]), (dispute["about"], answer["explanation"])
    ruling = next((c for c in dispute["about"] if c.startswith("RUL-")), None)
    if ruling in LEGAL:
        assert answer["is_legal"] is LEGAL[ruling], ruling


def test_every_ruling_a_position_shows_has_a_dispute() -> None:
    rulings = {c.id for c in load_spec().clauses if c.kind == "ruling" and c.status == "active"}
    covered = {c for dispute in DISPUTES for c in dispute["about"] if c.startswith("RUL-")}
    assert covered.isdisjoint(NOT_SHOWN)
    assert rulings - set(NOT_SHOWN) <= covered, sorted(rulings - set(NOT_SHOWN) - covered)
    assert set(LEGAL) <= covered


# Sagrada's desk (docs/sagrada/desk.md): the same checks through the game protocol.

sagrada_desk = pytest.importorskip("sagrada_desk")

#: Sagrada's rulings no ready dispute can show, and why.
SAGRADA_NOT_SHOWN = {
    # A position whose window breaks a restriction is refused when it is read: an error, not
    # an explanation (the browser test types one).
    "RUL-16": "a position breaking a restriction is refused when read",
    # The explanation shows scores, not the winner.
    "RUL-17": "the last tie-break decides the winner, which explain does not show",
    # A solo score exactly equal to the target needs a whole game arranged for it.
    "RUL-18": "a solo score equal to the target: no position at hand",
    # The first start player is a chance step, not a decision.
    "RUL-19": "the start player is drawn by a chance step",
    # Only Flux Brush's re-roll leaves a die with no legal space (RUL-20): a chance outcome.
    "RUL-02": "a re-rolled die with no legal space comes from a chance step",
}
#: Per ruling, whether its dispute's decision is legal, as the ruling decides (read from
#: spec/sagrada/07-rulings.md, not from the engine).
SAGRADA_LEGAL = {
    "RUL-01": False,  # Eglomise Brush: the purple die next to a purple die
    "RUL-03": False,  # Cork-backed Straightedge on an empty window: an inner space
    "RUL-04": False,  # the only die moved to an inner space
    "RUL-05": False,  # a die with no legal space and no after-drafting tool
    "RUL-06": False,  # Running Pliers before the turn's draft
    "RUL-07": False,  # Tap Wheel with an empty round track
    "RUL-08": True,  # drafting after paying for a tool with a die
    "RUL-09": False,  # a moving tool with nothing to move
    "RUL-10": True,  # choosing one's pattern at setup
    "RUL-11": True,  # the solo game's last decision
    "RUL-12": True,  # returning Flux Remover's die although it could be placed
    "RUL-13": False,  # Glazing Hammer in the first turn
    "RUL-14": False,  # ending the turn with a die in hand
    "RUL-15": False,  # a tool between drafting and placing
    "RUL-20": False,  # Grozing Pliers +1 to a die with no legal space
}
#: The placement questions asked most, and each tool card's limits: (clause, legal).
SAGRADA_QUESTIONS = {
    "Diagonally next to a die of the same value": ("PLACE-07", True),
    "Orthogonally next to a die of the same value": ("PLACE-07", False),
    "The first die on an inner space": ("PLACE-01", False),
    "The first die on the border": ("PLACE-01", True),
    "Grozing Pliers: no wrap from 1 to 6": ("TOOL-01", False),
    "Lathekin: the same die twice": ("TOOL-04", False),
    "Lens Cutter in round 1": ("TOOL-05", False),
    "Flux Brush before the draft": ("TOOL-06", False),
    "Cork-backed Straightedge next to a die": ("TOOL-09", False),
    "Grinding Stone before the draft": ("TOOL-10", False),
    "Flux Remover's die with no legal space": ("PLACE-04", False),
    "Copper Foil Burnisher keeps the space's colour": ("PLACE-03", False),
    "Tap Wheel: a die of another colour": ("TOOL-12", False),
}
SAGRADA_DISPUTES = list(sagrada_desk.disputes())


def _python(command: str) -> str:
    """Run the Python lines the desk shows for a Sagrada question; what they print."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(command, {"__name__": "desk_command"})
    return out.getvalue()


@pytest.mark.parametrize("dispute", SAGRADA_DISPUTES, ids=lambda d: d["title"])
def test_each_sagrada_dispute_is_explained_as_the_library_does(dispute: dict[str, Any]) -> None:
    answer = json.loads(desk_runtime.answer(dispute["position"], dispute["action"], "sagrada"))
    assert answer["error"] is None, answer["error"]
    assert answer["position"] == dispute["position"]
    assert answer["position"].startswith("sagrada1 ")
    assert answer["explanation"] == _python(answer["command"]).rstrip("\n")
    shown = set(re.findall(r"\b[A-Z]+-\d\d\b", answer["explanation"]))
    assert shown & set(dispute["about"]), (dispute["about"], answer["explanation"])
    ruling = next((c for c in dispute["about"] if c.startswith("RUL-")), None)
    if ruling in SAGRADA_LEGAL:
        assert answer["is_legal"] is SAGRADA_LEGAL[ruling], ruling
    if dispute["title"] in SAGRADA_QUESTIONS:
        clause, legal = SAGRADA_QUESTIONS[dispute["title"]]
        assert clause in shown and answer["is_legal"] is legal, dispute["title"]
    assert answer["svg"].startswith("<svg") and answer["legal_actions"]


def test_every_sagrada_ruling_a_position_shows_has_a_dispute() -> None:
    index = (ROOT / "spec" / "sagrada" / "07-rulings.md").read_text("utf-8")
    rulings = set(re.findall(r"^### (RUL-\d\d) ", index, flags=re.MULTILINE))
    assert len(rulings) == 20
    covered = {c for d in SAGRADA_DISPUTES for c in d["about"] if c.startswith("RUL-")}
    assert covered.isdisjoint(SAGRADA_NOT_SHOWN)
    assert rulings - set(SAGRADA_NOT_SHOWN) == covered
    assert set(SAGRADA_LEGAL) == covered
    titles = {d["title"] for d in SAGRADA_DISPUTES}
    assert set(SAGRADA_QUESTIONS) <= titles


def test_sagrada_desk_reports_bad_input_in_the_engines_words() -> None:
    line = SAGRADA_DISPUTES[0]["position"]
    answer = json.loads(desk_runtime.answer(line, "place r5c1", "sagrada"))
    assert answer["error"]["field"] == "action"
    assert answer["error"]["message"].startswith("bad action notation 'place r5c1'")
    assert answer["legal_actions"] and answer["explanation"] is None
    broken = line.replace("round:2", "round:12")
    answer = json.loads(desk_runtime.answer(broken, "end", "sagrada"))
    assert answer["error"]["field"] == "position" and answer["position"] is None
    # RUL-16: a window breaking a restriction (two purple dice side by side) is refused.
    twins = line.replace(":.B3.../", ":P3P4.../")
    answer = json.loads(desk_runtime.answer(twins, "end", "sagrada"))
    assert answer["error"]["field"] == "position" and "PLACE-06" in answer["error"]["message"]
